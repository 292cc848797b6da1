"""Sphinx configuration for the thousand documentation.

Build from the project root with::

    .venv/bin/python -m sphinx -W -b html docs docs/_build/html
    .venv/bin/python -m sphinx -W -b doctest docs docs/_build/doctest

Only extensions that ship with Sphinx are used, with the built-in ``alabaster`` theme.

Besides the usual settings this file keeps two promises of the documentation, and turns a
broken promise into a warning (so ``-W`` fails the build):

* every name in ``thousand.__all__`` is documented on the API page (``api.rst``);
* every ruling id of the rulebook sections of ``rulings.md`` and every ruling id cited in the
  engine's source has a stable anchor on the rules page (``.. _r-bid-3:`` for R-BID-3).

It also links the ruling ids cited in the engine's docstrings (``(R-BID-3)``) to those anchors.
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

from docutils import nodes  # noqa: E402
from docutils.statemachine import StringList  # noqa: E402
from sphinx.util import logging  # noqa: E402
from sphinx.util.docutils import SphinxDirective  # noqa: E402

import thousand  # noqa: E402

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
]
exclude_patterns = ["_build"]
root_doc = "index"
language = "en"
nitpicky = False

# -- autodoc -----------------------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# The engine's modules use ``from __future__ import annotations``: keep the alias names in
# signatures instead of spelling out the union of eight action classes.
autodoc_type_aliases = {
    "Action": "thousand.Action",
    "Triple": "tuple[int, int, int]",
}

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

# The engine's own docstrings (pulled in by autodoc on the API page) use the bare names, as they
# would inside the package; the narrative pages use ``th.``.
doctest_global_setup = f"""
import runpy
from pathlib import Path
import thousand as th
from thousand import *
EXAMPLES = Path({str(ROOT / "examples")!r})
"""

# -- HTML --------------------------------------------------------------------------------------

html_theme = "alabaster"
html_title = f"thousand {release}"
html_theme_options = {
    "description": "The card game Thousand (Тысяча) as an immutable state machine.",
    "fixed_sidebar": True,
}

# -- Ruling ids --------------------------------------------------------------------------------

#: The rulings of the sections "Table and deal" .. "End of the game" of rulings.md: the rules
#: page gives each a stable anchor named after the id in lower case.
RULING_IDS = (
    *("R-TABLE-1", "R-DEAL-1", "R-CARD-1", "R-CARD-2"),
    *("R-BID-1", "R-BID-2", "R-BID-3", "R-TALON-1", "R-TALON-2", "R-TALON-3"),
    *("R-PLAY-1", "R-PLAY-2", "R-PLAY-3", "R-PLAY-4", "R-MARRIAGE-1", "R-MARRIAGE-2"),
    *("R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-SCORE-4"),
    *("R-BARREL-1", "R-BARREL-2", "R-BARREL-3", "R-BARREL-4", "R-BARREL-5", "R-BARREL-6"),
    *("R-BOLT-1", "R-BOLT-2", "R-DIST-1", "R-END-1", "R-END-2"),
)

_RULING = re.compile(r"\bR-([A-Z]+)-(\d+|\*)")
_LITERAL = re.compile(r"(``.*?``|:[a-z:]+:`[^`]*`)")

logger = logging.getLogger("thousand-docs")


def _link_rulings(text: str) -> str:
    """Turn ``R-BID-3`` into a link to its anchor and ``R-BID-*`` (a whole family, which reST
    would read as the start of an emphasis) into a link to the family's first ruling."""

    def link(match: re.Match[str]) -> str:
        family, number = match.group(1), match.group(2)
        target = f"r-{family.lower()}-{'1' if number == '*' else number}"
        shown = match.group(0).replace("*", r"\*")
        return f":ref:`{shown} <{target}>`"

    parts = _LITERAL.split(text)
    return "".join(p if i % 2 else _RULING.sub(link, p) for i, p in enumerate(parts))


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


def _check_promises(app: Any) -> None:
    """Warn when a public name is missing from the API page or a ruling from the rules page."""
    api = (HERE / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. (?:auto)?\w+:: (\w+)", api, flags=re.MULTILINE))
    for name in sorted(set(thousand.__all__) - documented):
        logger.warning("thousand.%s is public (in __all__) but not documented in api.rst", name)
    rules = (HERE / "rules.rst").read_text(encoding="utf-8")
    anchors = set(re.findall(r"^\.\. _(r-[a-z]+-\d+):", rules, flags=re.MULTILINE))
    cited = set()
    for path in sorted((SRC / "thousand").glob("*.py")):
        cited |= set(re.findall(r"\bR-[A-Z]+-\d+\b", path.read_text(encoding="utf-8")))
    for ruling in sorted(set(RULING_IDS) | cited):
        if ruling.lower() not in anchors:
            logger.warning("ruling %s has no anchor '.. _%s:' in rules.rst", ruling, ruling.lower())


class _GeneratedTable(SphinxDirective):
    """A table made from the code at build time, so that it can never drift from it."""

    def rows(self) -> tuple[list[str], list[list[str]]]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        header, rows = self.rows()
        lines = [".. list-table::", "   :header-rows: 1", ""]
        for row in [header, *rows]:
            lines.append(f"   * - {row[0]}")
            lines.extend(f"     - {cell}" for cell in row[1:])
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return container.children


def _literal(value: object) -> str:
    return f"``{value!r}``"


class AgreementsTable(_GeneratedTable):
    """``.. agreements-table:: GROUP``: every agreement of a group, its configuration name,
    what it does and the rules fields it sets."""

    required_arguments = 1
    final_argument_whitespace = True

    def rows(self) -> tuple[list[str], list[list[str]]]:
        from thousand import variants

        group = self.arguments[0]
        rows = []
        for a in variants.AGREEMENTS:
            if a.group != group:
                continue
            call = f"variants.{a.key}" + ("(V)" if a.value is not None else "")
            if a.key == "distributions_limit":
                call = "variants.distributions_limit()"
            fields = ", ".join(f"``{path}={value!r}``" for path, value in a.changes)
            rows.append([f"**{a.name}**", f"``{call}``", a.description, fields])
        if not rows:
            logger.warning("no agreements in group %r", group)
        return ["Agreement", "Configuration", "What it does", "Sets"], rows


class RulesOptionsTable(_GeneratedTable):
    """``.. rules-options-table::``: every rules field with its classic and standard value."""

    def rows(self) -> tuple[list[str], list[list[str]]]:
        classic, standard = thousand.Rules.classic().to_dict(), thousand.Rules.standard().to_dict()
        rows = []
        for section, fields in classic.items():
            for field, value in fields.items():
                other = standard[section][field]
                mark = "" if other == value else " *"
                rows.append([f"``{section}.{field}``", _literal(value), _literal(other) + mark])
        return ["Option", "classic", "standard"], rows


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("agreements-table", AgreementsTable)
    app.add_directive("rules-options-table", RulesOptionsTable)
    app.connect("autodoc-process-docstring", _process_docstring)
    app.connect("builder-inited", _check_promises)
    return {"parallel_read_safe": True}
