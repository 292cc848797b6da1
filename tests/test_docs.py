"""The ruling ids: one registry (``thousand.rulings``) holding every id of the specification
(``rulings.md`` and ``four-players.md``), an anchor for each in the documentation, and a test
citing each. And the documentation as a new user meets it: its extra installs what the build
imports, no page shows a broken table, and every page's examples run as pasted.

A test *cites* an id in its name (``test_r_bid_3_...`` for R-BID-3, ``test_a5_...`` for A5,
``test_r_four_1_...`` for R-FOUR-1, ``test_f1_...`` for F1, ``test_agreement_no_jumping_...`` for
AG-NO-JUMPING), or by writing the id itself in a docstring or a comment of a test module
(``R-BID-3``, ``A5``, ``F1``, ``AG-NO-JUMPING``).
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import importlib.util
import io
import re
import sys
import textwrap
import tokenize
import tomllib
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import thousand as th
from thousand import rulings

from .extras import extra

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"
#: The specification, beside the checkout (see ``../shared/README.md``): the rulings of the
#: game and, extending them, those of a table of four.
SPEC = ROOT.parent / "shared" / "design" / "rulings.md"
SPEC_FOUR = ROOT.parent / "shared" / "design" / "four-players.md"
SPECS = (SPEC, SPEC_FOUR)
#: The registry's section for the ids of ``four-players.md``.
FOUR = "A table of four"

ANCHOR = re.compile(r"^\.\. _([A-Za-z0-9_.-]+):\s*$", re.MULTILINE)


def doc_anchors() -> dict[str, list[str]]:
    """Every anchor (``.. _name:``) defined in the documentation's pages, with its pages."""
    found: dict[str, list[str]] = {}
    for path in sorted(DOCS.rglob("*.rst")):
        if "_build" in path.parts:
            continue
        for anchor in ANCHOR.findall(path.read_text(encoding="utf-8")):
            found.setdefault(anchor.lower(), []).append(str(path.relative_to(DOCS)))
    return found


def modules_of_tests() -> list[Path]:
    """The test modules, this one left out: it names every id without citing any."""
    return [p for p in sorted(TESTS.rglob("test_*.py")) if p.name != Path(__file__).name]


@cache
def citations() -> tuple[frozenset[str], str]:
    """The names of the test functions and the text of every docstring and comment of the test
    modules."""
    names: set[str] = set()
    texts: list[str] = []
    for path in modules_of_tests():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if not isinstance(
                node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
            ):
                continue
            if not isinstance(node, ast.Module) and node.name.lower().startswith("test"):
                names.add(node.name.lower())
            docstring = ast.get_docstring(node)
            if docstring:
                texts.append(docstring)
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                texts.append(token.string)
    return frozenset(names), "\n".join(texts)


def name_forms(ruling: rulings.Ruling) -> list[str]:
    """How a test name spells the id: ``r_bid_3``, ``a5``, ``r_four_1``, ``f1``,
    ``agreement_no_jumping``."""
    slug = ruling.id.lower().replace("-", "_")
    if ruling.kind == "agreement":
        key = slug.removeprefix("ag_")
        return [f"agreement_{key}", f"ag_{key}"]
    return [slug]


def is_cited(ruling: rulings.Ruling) -> bool:
    names, text = citations()
    if re.search(rf"(?<![\w-]){re.escape(ruling.id)}(?![\w-])", text):
        return True
    forms = [re.compile(rf"(?:^|_){form}(?:_|$)") for form in name_forms(ruling)]
    return any(form.search(name) for form in forms for name in names)


def test_the_registry_has_each_id_once_with_a_title() -> None:
    ids = [ruling.id for ruling in rulings.RULINGS]
    assert len(ids) == len(set(ids))
    for ruling in rulings.RULINGS:
        assert re.fullmatch(r"R-[A-Z]+-\d+|A(?:[1-9]|1\d|2[0-7])|AG-[A-Z0-9-]+|F[1-5]", ruling.id)
        assert ruling.title and ruling.section
        assert rulings.by_id(ruling.id) is ruling
    details = [r.id for r in rulings.RULINGS if r.kind == "detail"]
    assert details == [f"A{n}" for n in range(1, 28)] + [f"F{n}" for n in range(1, 6)]
    four = [r.id for r in rulings.RULINGS if r.section == FOUR]
    assert four == [f"R-FOUR-{n}" for n in range(1, 9)] + [f"F{n}" for n in range(1, 6)]
    with pytest.raises(KeyError):
        rulings.by_id("R-BID-99")


def test_the_registry_has_one_id_per_agreement() -> None:
    keys = {agreement.key for agreement in th.variants.AGREEMENTS}
    registered = {r.id for r in rulings.RULINGS if r.kind == "agreement"}
    assert registered == {rulings.agreement_id(key) for key in keys}
    for agreement in th.variants.AGREEMENTS:
        assert rulings.by_id(rulings.agreement_id(agreement.key)).section == agreement.group


def spec_ids(path: Path) -> set[str]:
    """The ids a file of the specification settles: each written in bold where it is settled
    (``**R-BID-3**``, ``**A5**``, ``**R-FOUR-1**``, ``**F1**``)."""
    return set(re.findall(r"\*\*(R-[A-Z]+-\d+|A\d+|F\d+)\*\*", path.read_text(encoding="utf-8")))


@pytest.mark.skipif(
    not all(spec.exists() for spec in SPECS), reason="the specification is not beside the checkout"
)
def test_the_registry_holds_every_id_of_the_specification() -> None:
    in_spec = set().union(*(spec_ids(spec) for spec in SPECS))
    registered = {r.id for r in rulings.RULINGS if r.kind != "agreement"}
    assert in_spec == registered
    # The table of four's ids are those of four-players.md, in a section of their own.
    assert spec_ids(SPEC_FOUR) == {r.id for r in rulings.RULINGS if r.section == FOUR}
    assert not spec_ids(SPEC) & spec_ids(SPEC_FOUR)


def test_every_id_has_exactly_one_anchor_in_the_docs() -> None:
    anchors = doc_anchors()
    missing = [r.id for r in rulings.RULINGS if r.anchor not in anchors]
    twice = {r.id: anchors[r.anchor] for r in rulings.RULINGS if len(anchors.get(r.anchor, [])) > 1}
    assert not missing, f"ids without an anchor '.. _<id in lower case>:' in docs/: {missing}"
    assert not twice, f"ids anchored more than once: {twice}"


def test_every_id_is_cited_by_a_test() -> None:
    uncited = [ruling.id for ruling in rulings.RULINGS if not is_cited(ruling)]
    assert not uncited, (
        f"{len(uncited)} ids are cited by no test name, docstring or comment in tests/: "
        + ", ".join(uncited)
    )


def test_citations_are_read_from_names_docstrings_and_comments() -> None:
    names, text = citations()
    assert "test_r_bid_3_classic_limit_is_120_plus_marriages" in names  # a test name
    assert "R-SCORE-1 … R-SCORE-4" in text  # a module docstring
    assert "# R-MARRIAGE-1" in text  # a comment
    assert "play KH marriage" not in text  # an ordinary string is no citation


# -- The documentation as a new user meets it --------------------------------------------------


def pages() -> list[Path]:
    return [p for p in sorted(DOCS.rglob("*.rst")) if "_build" not in p.parts]


@pytest.fixture(scope="module")
def conf() -> ModuleType:
    """``docs/conf.py`` as a module (it puts ``src`` and ``docs`` on ``sys.path``: undone)."""
    saved = list(sys.path)
    spec = importlib.util.spec_from_file_location("thousand_docs_conf", DOCS / "conf.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module


def extra_requirements(extra: str) -> set[str]:
    """The distributions an extra of ``pyproject.toml`` installs, the project's own extras that
    it names (``thousand[numpy]``) included."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found: set[str] = set()
    for requirement in project["optional-dependencies"][extra]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement)
        assert name is not None, requirement
        own = re.fullmatch(rf"{project['name']}\[([\w,]+)\]", requirement)
        if own:
            for named in own.group(1).split(","):
                found |= extra_requirements(named)
        else:
            found.add(name.group(0).lower().replace("_", "-"))
    return found


def test_the_docs_extra_installs_every_extra_the_reference_imports() -> None:
    documented = set()
    for path in pages():
        text = path.read_text(encoding="utf-8")
        documented |= set(re.findall(r"^\.\. automodule:: (thousand[\w.]*)$", text, re.MULTILINE))
    needed = {}
    for module in sorted(documented):
        source = (ROOT / "src" / Path(*module.split("."))).with_suffix(".py")
        for named in re.findall(r"pip install 'thousand\[(\w+)\]'", source.read_text()):
            needed[module] = named
    assert set(needed) == {
        "thousand.tensors",
        "thousand.adapters.openspiel",
        "thousand.adapters.pettingzoo",
    }
    docs = extra_requirements("docs")
    missing = {m: sorted(extra_requirements(e) - docs) for m, e in needed.items()}
    assert not any(missing.values()), f"the docs extra lacks what autodoc imports: {missing}"
    assert {"sphinx", "furo"} <= docs


def test_no_page_has_a_contents_table() -> None:
    found = [
        f"{path.relative_to(DOCS)}:{number}"
        for path in pages()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"\s*\.\. contents::", line)
    ]
    assert not found, (
        "furo shows each page's contents itself and draws a '.. contents::' table as a red "
        f"ERROR box: remove it from {found}"
    )


def test_the_build_warns_of_a_page_that_furo_draws_as_an_error(conf: ModuleType) -> None:
    contents = '<nav class="contents local" id="on-this-page"><p class="topic-title">On'
    assert conf.page_problems(contents) == [
        "a '.. contents::' table, which furo draws as a red ERROR box: remove it"
    ]
    hatch = '<nav class="contents this-will-duplicate-information-and-it-is-still-useful-here">'
    assert conf.page_problems(hatch) == []
    assert conf.page_problems('<div class="system-message"><p class="system-message-title">') == [
        "a docutils system message is shown on the page"
    ]
    assert conf.page_problems('<p class="table-of-contents">the contents</p>') == []


DIRECTIVE = re.compile(r"^( *)\.\. (doctest|testcode|testoutput)::")


def examples_of(path: Path) -> list[tuple[str, int, str]]:
    """The code a reader sees on a page, in order, as ``(kind, line, text)``: the bodies of the
    ``doctest``, ``testcode`` and ``testoutput`` directives, and bare ``>>>`` paragraphs."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[tuple[str, int, str]] = []
    i = 0
    while i < len(lines):
        match = DIRECTIVE.match(lines[i])
        if match is None:
            if lines[i].lstrip().startswith(">>>"):
                start = i
                while i < len(lines) and lines[i].strip():
                    i += 1
                found.append(("doctest", start + 1, textwrap.dedent("\n".join(lines[start:i]))))
            i += 1
            continue
        indent, kind, start = len(match.group(1)), match.group(2), i + 1
        i += 1
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" " * (indent + 1))):
            i += 1
        body = [line for line in lines[start:i] if not re.match(r"\s+:[\w-]+:", line)]
        found.append((kind, start, textwrap.dedent("\n".join(body)).strip("\n") + "\n"))
    return found


def run_as_pasted(path: Path, flags: int) -> str:
    """Run a page's examples one after another in one fresh namespace, as a reader pasting them
    into Python would, without the build's hidden ``doctest_global_setup``; the report of every
    example that failed."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=flags)
    name = str(path.relative_to(DOCS))
    printed: tuple[int, str] | None = None  # the line of the last testcode, and what it printed
    for kind, line, text in examples_of(path):
        if kind == "doctest":
            test = doctest.DocTestParser().get_doctest(text, namespace, name, name, line)
            test.globs = namespace  # a copy otherwise: the page's examples share one namespace
            runner.run(test, out=report.write, clear_globs=False)
        elif kind == "testcode":
            out = io.StringIO()
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(text, f"{name}:{line}", "exec"), namespace)
            except Exception as error:
                report.write(f"{name}:{line}: the testcode raised {error!r}\n")
            printed = (line, out.getvalue())
        else:
            assert printed is not None, f"{name}:{line}: a testoutput without its testcode"
            if not doctest.OutputChecker().check_output(text, printed[1], flags):
                report.write(f"{name}:{printed[0]}: printed {printed[1]!r}, not {text!r}\n")
    return report.getvalue()


PAGES_WITH_EXAMPLES = [p for p in pages() if examples_of(p)]

#: What a page's examples import that an extra installs, and the module that tells.
EXTRA_MODULES = {
    "thousand.adapters.openspiel": "pyspiel",
    "thousand.adapters.pettingzoo": "pettingzoo",
    "thousand import tensors": "numpy",
    "import numpy": "numpy",
}


@pytest.mark.parametrize(
    "path", PAGES_WITH_EXAMPLES, ids=[str(p.relative_to(DOCS)) for p in PAGES_WITH_EXAMPLES]
)
def test_every_example_of_a_page_runs_as_pasted(
    path: Path, conf: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A reader runs Python from the repository's root, the rulebook's kit (docs/kit.py) on the
    # path, as the rulebook's introduction says.
    code = "".join(text for _, _, text in examples_of(path))
    for imported, module in EXTRA_MODULES.items():
        if imported in code:
            extra(module)
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(DOCS))
    report = run_as_pasted(path, conf.doctest_default_flags)
    assert not report, report
