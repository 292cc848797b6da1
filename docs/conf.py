"""Sphinx configuration for the thousand documentation.

Build from the project root with::

    .venv/bin/python -m sphinx -W -b html docs docs/_build/html
    .venv/bin/python -m sphinx -W -b doctest docs docs/_build/doctest

The theme is furo; every other extension ships with Sphinx, but ``dealpic`` (``_ext/dealpic.py``:
the pictures of deals and of a game's scores, drawn at build time).

Besides the usual settings this file keeps the documentation's promises, and turns a broken
promise into a warning (so ``-W`` fails the build):

* every name in ``thousand.__all__`` is documented on the API page (``api.rst``);
* every id of the registry :mod:`thousand.rulings` has a stable anchor, the id in lower case
  (``.. _r-bid-3:`` for R-BID-3, ``.. _a5:`` for A5, ``.. _ag-no-jumping:`` for
  AG-NO-JUMPING), defined once in the pages;
* every ruling id cited in the engine's source is in the registry.

It adds the role ``:ruling:`R-BID-3``` (a link to the ruling's anchor, titled with the ruling's
title), links the ruling ids cited in the engine's docstrings, and four directives that make
content from the code at build time, so that it can never drift from it:
``.. agreements-table:: GROUP``, ``.. rules-options-table::``, ``.. rulings-index::`` and
``.. score-sheet:: FILE`` (a game replayed from its actions, drawn as a score sheet).
"""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))
sys.path.insert(0, str(HERE))  # kit.py, the helpers of the rulebook's examples
sys.path.insert(0, str(HERE / "_ext"))  # dealpic.py: the pictures made at build time

import sphinx.util.inspect  # noqa: E402
from docutils import nodes  # noqa: E402
from docutils.statemachine import StringList  # noqa: E402
from kit import replay_game  # noqa: E402
from sphinx import addnodes  # noqa: E402
from sphinx.util import logging  # noqa: E402
from sphinx.util.docutils import SphinxDirective  # noqa: E402

import thousand  # noqa: E402
from thousand import rulings, variants  # noqa: E402

# -- Project -----------------------------------------------------------------------------------

project = "thousand"
author = "The thousand developers"
copyright = "The thousand developers"
release = thousand.__version__
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "dealpic",
]
exclude_patterns = ["_build"]
root_doc = "index"
language = "en"
nitpicky = False

# -- autodoc -----------------------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# The engine's modules use ``from __future__ import annotations``: keep the alias names in
# signatures instead of spelling out the union of twelve action classes.
autodoc_type_aliases = {
    "Action": "thousand.Action",
    "PerSeat": "tuple[int, ...]",
}


# Sphinx (9.0) writes such an alias nested in a generic, ``tuple[Action, ...]``, as the repr of
# its placeholder, ``TypeAliasForwardRef('thousand.Action')``: give the placeholder the alias's
# name as its repr. _check_page warns if the artefact ever shows again.
def _alias_name(placeholder: Any) -> str:
    return str(placeholder.name).rpartition(".")[2]


sphinx.util.inspect.TypeAliasForwardRef.__repr__ = _alias_name  # type: ignore[method-assign]

# Docstrings for the two public names whose objects carry no docstring of their own (a union
# and a string): autodoc would otherwise show the docstrings of ``types.UnionType`` and ``str``.
_OWN_DOCSTRINGS = {
    "thousand.Action": [
        "Any action: the union of :class:`DealCard`, :class:`Deal`, :class:`Bid`, :class:`Pass`,",
        ":class:`Give`, :class:`Contract`, :class:`Play`, :class:`Distribute`, :class:`Redeal`,",
        ":class:`Hidden`, :class:`Look` and :class:`Unhide`.",
        "Use it in annotations: ``def choose(state: State) -> Action: ...``.",
    ],
    "thousand.__version__": ["The version of the installed package, as a string."],
}

# -- doctest -----------------------------------------------------------------------------------

# Sphinx's default flags include IGNORE_EXCEPTION_DETAIL, which would let an error message shown
# on these pages drift from the engine's: check the messages too.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# The engine's own docstrings (pulled in by autodoc) use the bare names, as they would inside the
# package. The pages show their own imports (``import thousand as th``, and ``from kit import *``
# for the rulebook's kit, kit.py), so that their examples run as pasted:
# tests/test_docs.py runs them without this setup.
doctest_global_setup = """
import thousand as th
from thousand import *
"""

# -- HTML --------------------------------------------------------------------------------------

html_theme = "furo"
html_title = "Thousand (Тысяча): the rulebook and the library"
html_short_title = "thousand"
html_static_path = ["_static"]
html_css_files = ["thousand.css"]
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

# -- Ruling ids --------------------------------------------------------------------------------

_CITED = re.compile(r"\b(R-[A-Z]+-\d+|A(?:[1-9]|1\d|2[0-7]))\b")
_LINKABLE = re.compile(r"\bR-([A-Z]+)-(\d+|\*)|\b(A(?:[1-9]|1\d|2[0-7]))\b")
_LITERAL = re.compile(r"(``.*?``|:[a-z:]+:`[^`]*`)")
_ANCHOR = re.compile(r"^\.\. _([A-Za-z0-9_.-]+):\s*$", re.MULTILINE)

logger = logging.getLogger("thousand-docs")


def _link_rulings(text: str) -> str:
    """Turn ``R-BID-3`` and ``A15`` into links to their anchors and ``R-BID-*`` (a whole family,
    which reST would read as the start of an emphasis) into a link to the family's first
    ruling."""

    def link(match: re.Match[str]) -> str:
        if match.group(3):
            return f":ruling:`{match.group(3)}`"
        family, number = match.group(1), match.group(2)
        target = f"r-{family.lower()}-{'1' if number == '*' else number}"
        shown = match.group(0).replace("*", r"\*")
        return f":ref:`{shown} <{target}>`"

    parts = _LITERAL.split(text)
    return "".join(p if i % 2 else _LINKABLE.sub(link, p) for i, p in enumerate(parts))


def _process_docstring(
    app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    if name in _OWN_DOCSTRINGS:
        lines[:] = list(_OWN_DOCSTRINGS[name])
        return
    in_code = False  # inside a doctest block or a literal block: leave the text alone
    literal_indent: int | None = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None:
            if stripped and indent <= literal_indent:
                literal_indent = None
            else:
                continue
        if stripped.startswith(">>>"):
            in_code = True
        elif not stripped:
            in_code = False
        if in_code:
            continue
        lines[i] = _link_rulings(line)
        if stripped.endswith("::"):
            literal_indent = indent


def ruling_anchors() -> dict[str, list[str]]:
    """Every anchor defined in the pages, with the pages that define it."""
    found: dict[str, list[str]] = {}
    for path in sorted(HERE.rglob("*.rst")):
        if "_build" in path.parts:
            continue
        for anchor in _ANCHOR.findall(path.read_text(encoding="utf-8")):
            found.setdefault(anchor.lower(), []).append(str(path.relative_to(HERE)))
    return found


def _check_promises(app: Any) -> None:
    """Warn when a public name is missing from the API page, a ruling id has no anchor (or two),
    or the engine cites an id that the registry does not know."""
    api = (HERE / "api.rst").read_text(encoding="utf-8")
    documented = set(
        re.findall(r"^\.\. (?:auto)?\w+:: (?:thousand\.)?(\w+)", api, flags=re.MULTILINE)
    )
    for name in sorted(set(thousand.__all__) - documented):
        logger.warning("thousand.%s is public (in __all__) but not documented in api.rst", name)
    anchors = ruling_anchors()
    for ruling in rulings.RULINGS:
        pages = anchors.get(ruling.anchor, [])
        if not pages:
            logger.warning("ruling %s has no anchor '.. _%s:'", ruling.id, ruling.anchor)
        elif len(pages) > 1:
            logger.warning("ruling %s is anchored more than once: %s", ruling.id, pages)
    known = {ruling.id for ruling in rulings.RULINGS}
    for path in sorted((SRC / "thousand").glob("*.py")):
        for cited in sorted(set(_CITED.findall(path.read_text(encoding="utf-8"))) - known):
            logger.warning("%s cites %s, which is not in thousand.rulings", path.name, cited)
    keys = {agreement.key for agreement in variants.AGREEMENTS}
    registered = {r.id for r in rulings.RULINGS if r.kind == "agreement"}
    for key in sorted(keys):
        if rulings.agreement_id(key) not in registered:
            logger.warning("agreement %r has no id in thousand.rulings", key)


def ruling_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:ruling:`R-BID-3```: a link to the ruling's anchor, showing the id."""
    try:
        ruling = rulings.by_id(text.strip())
    except KeyError:
        message = inliner.reporter.warning(f"unknown ruling id {text!r}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    node = addnodes.pending_xref(
        rawtext,
        nodes.inline(ruling.id, ruling.id),
        refdomain="std",
        reftype="ref",
        reftarget=ruling.anchor,
        refexplicit=True,
        refwarn=True,
    )
    return [node], []


def _title_ruling_links(app: Any, doctree: nodes.document, docname: str) -> None:
    """Give every link to a ruling the ruling's title as its tooltip, and the class ``ruling``."""
    for ref in doctree.findall(nodes.reference):
        text = ref.astext().replace("\\", "")
        try:
            ruling = rulings.by_id(text)
        except KeyError:
            continue
        ref["reftitle"] = ruling.title
        ref["classes"].append("ruling")


# -- Tables made from the code -----------------------------------------------------------------


class _GeneratedTable(SphinxDirective):
    """A table made from the code at build time, so that it can never drift from it."""

    widths: str = ""

    def rows(self) -> tuple[list[str], list[list[str]]]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        header, rows = self.rows()
        lines = [".. list-table::", "   :header-rows: 1", "   :class: generated"]
        if self.widths:
            lines.append(f"   :widths: {self.widths}")
        lines.append("")
        for row in [header, *rows]:
            lines.append(f"   * - {row[0]}")
            lines.extend(f"     - {cell}" for cell in row[1:])
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return container.children


def _literal(value: object) -> str:
    return f"``{value!r}``"


def _call(agreement: variants.Agreement) -> str:
    if agreement.key == "distributions_limit":
        return "variants.distributions_limit()"
    return f"variants.{agreement.key}" + ("(V)" if agreement.value is not None else "")


class AgreementsTable(_GeneratedTable):
    """``.. agreements-table:: GROUP``: every agreement of a group, its configuration name,
    what it does and the rules fields it sets."""

    required_arguments = 1
    final_argument_whitespace = True
    widths = "16 28 34 22"

    def rows(self) -> tuple[list[str], list[list[str]]]:
        group = self.arguments[0]
        rows = []
        for a in variants.AGREEMENTS:
            if a.group != group:
                continue
            anchor = rulings.by_id(rulings.agreement_id(a.key)).anchor
            # Spaces around "=": a narrow column wraps there, not inside the name.
            fields = ", ".join(f"``{path}`` = ``{value!r}``" for path, value in a.changes)
            rows.append([f":ref:`{a.name} <{anchor}>`", f"``{_call(a)}``", a.description, fields])
        if not rows:
            logger.warning("no agreements in group %r", group)
        return ["Agreement", "Configuration", "What it does", "Sets"], rows


class AgreementCard(SphinxDirective):
    """``.. agreement-card:: KEY``: an agreement's configuration name, the rules fields it sets
    and its id, read from the code."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        agreement = next((a for a in variants.AGREEMENTS if a.key == key), None)
        if agreement is None:
            logger.warning("no agreement %r", key, location=self.get_location())
            return []
        valued = agreement.value is not None
        sets = ", ".join(
            f"``{path} = {'V' if valued else repr(value)}``" for path, value in agreement.changes
        )
        lines = [
            f":Configuration: ``th.{_call(agreement)}``",
            f":Sets: {sets}",
            f":Id: ``{rulings.agreement_id(key)}``",
        ]
        container = nodes.container(classes=["agreement-card"])
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return [container]


class RulesOptionsTable(_GeneratedTable):
    """``.. rules-options-table::``: every rules field with its classic and standard value."""

    widths = "40 30 30"

    def rows(self) -> tuple[list[str], list[list[str]]]:
        classic, standard = thousand.Rules.classic().to_dict(), thousand.Rules.standard().to_dict()
        rows = []
        for section, fields in classic.items():
            for field, value in fields.items():
                other = standard[section][field]
                # Escaped quotes stay straight: smartquotes would print 'any' as ‘any’.
                bold = f"**{other!r}**".replace("'", "\\'")
                shown = _literal(other) if other == value else bold
                rows.append([f"``{section}.{field}``", _literal(value), shown])
        return ["Option", "classic", "standard"], rows


class RulingsIndex(_GeneratedTable):
    """``.. rulings-index:: KIND``: every id of one kind of the registry, with its title and
    section, each linked to its anchor."""

    required_arguments = 1
    widths = "20 55 25"

    def rows(self) -> tuple[list[str], list[list[str]]]:
        kind = self.arguments[0]
        rows = [
            [f":ruling:`{r.id}`", r.title, r.section] for r in rulings.RULINGS if r.kind == kind
        ]
        if not rows:
            logger.warning("no rulings of kind %r", kind)
        return ["Id", "What it settles", "Section"], rows


class ScoreSheet(_GeneratedTable):
    """``.. score-sheet:: FILE``: replay the game written in FILE (see ``kit.replay_game``)
    and draw its score sheet, one row per deal, with the marks of the barrel and the bolts."""

    required_arguments = 1

    def rows(self) -> tuple[list[str], list[list[str]]]:
        relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(relative)
        state = replay_game(Path(path).read_text(encoding="utf-8"))
        seats = range(state.players)
        self.widths = "8 11 15 " + " ".join(["22" if state.players == 3 else "17"] * len(seats))
        rows = []
        for record in state.sheet:
            result = {None: "gave up", True: "made", False: "failed"}[record.made]
            contract = f"seat {record.declarer}: {record.contract} {result}"
            cells = [_sheet_cell(record, seat) for seat in seats]
            rows.append([str(record.deal_number), f"seat {record.dealer}", contract, *cells])
        return ["Deal", "Dealer", "Declarer: contract", *(f"Seat {s}" for s in seats)], rows


#: How the score sheet writes what happened to a seat, in words.
_SHEET_WORDS = {
    thousand.EventKind.CLIMBED_ON_BARREL: "climbs on the barrel",
    thousand.EventKind.BARREL_PENALTY: "third barrel deal: {amount}",
    thousand.EventKind.FELL_OFF_BARREL: "falls off the barrel",
    thousand.EventKind.WON_FROM_BARREL: "wins from the barrel",
    thousand.EventKind.JUMPED_BARREL: "jumps the barrel",
    thousand.EventKind.BOLT_PENALTY: "third bolt: {amount}",
    thousand.EventKind.DISTRIBUTION: "gives the deal up",
    thousand.EventKind.FOUR_NINES_BONUS: "four nines: {amount}",
    thousand.EventKind.THROWN_OFF_BARREL: "thrown off the barrel: {amount}",
    thousand.EventKind.SHARED_BARREL: "may not share the barrel: {amount}",
    thousand.EventKind.ZERO_AFTER_THREE_BARRELS: "third fall: score set to 0",
    thousand.EventKind.SCORE_RESET: "score reset to 0",
    thousand.EventKind.GOLDEN_RESET: "golden round reset",
}


def _sheet_cell(record: thousand.DealRecord, seat: int) -> str:
    words = []
    kinds = {event.kind for event in record.events if event.seat == seat}
    for event in record.events:
        if event.seat != seat:
            continue
        if event.kind is thousand.EventKind.BOLT:
            if thousand.EventKind.BOLT_PENALTY not in kinds:
                words.append(f"bolt {record.bolts[seat]}")
        elif event.kind is thousand.EventKind.BARREL_DEAL_USED:
            words.append(f"barrel deal {record.barrel[seat]}")
        else:
            words.append(_SHEET_WORDS[event.kind].format(amount=f"{event.amount:+d}"))
    if seat == record.sitter:  # R-FOUR-3: it scored the talon
        words.insert(0, "sits out")
    cell = f"{record.changes[seat]:+d} → **{record.scores[seat]}**"
    return cell + (f" — *{', '.join(words)}*" if words else "")


# -- What a reader sees ------------------------------------------------------------------------

#: The class that tells furo a ``contents`` table is wanted after all.
_FURO_ESCAPE_HATCH = "this-will-duplicate-information-and-it-is-still-useful-here"
_CLASS_ATTRIBUTE = re.compile(r'\bclass="([^"]*)"')


def page_problems(body: str) -> list[str]:
    """What a written page shows a reader as broken, though the build gave no warning: furo draws
    a ``.. contents::`` table as a red "ERROR" box (it shows the page's contents itself), and
    docutils leaves its problems on the page as system messages."""
    problems = []
    for match in _CLASS_ATTRIBUTE.finditer(body):
        classes = match.group(1).split()
        if "contents" in classes and _FURO_ESCAPE_HATCH not in classes:
            problems.append(
                "a '.. contents::' table, which furo draws as a red ERROR box: remove it"
            )
        if "system-message" in classes:
            problems.append("a docutils system message is shown on the page")
    if "TypeAliasForwardRef" in body:
        problems.append("a type alias is shown as TypeAliasForwardRef(...) in a signature")
    return problems


def _check_page(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    for problem in page_problems(str(context.get("body", ""))):
        logger.warning("%s", problem, location=pagename)


def setup(app: Any) -> dict[str, Any]:
    app.add_role("ruling", ruling_role)
    app.add_directive("agreements-table", AgreementsTable)
    app.add_directive("agreement-card", AgreementCard)
    app.add_directive("rules-options-table", RulesOptionsTable)
    app.add_directive("rulings-index", RulingsIndex)
    app.add_directive("score-sheet", ScoreSheet)
    app.connect("autodoc-process-docstring", _process_docstring)
    app.connect("builder-inited", _check_promises)
    app.connect("doctree-resolved", _title_ruling_links)
    app.connect("html-page-context", _check_page)
    return {"parallel_read_safe": True}
