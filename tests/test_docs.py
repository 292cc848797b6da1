"""The ruling ids: one registry (``thousand.rulings``), an anchor for each in the documentation,
and a test citing each.

A test *cites* an id in its name (``test_r_bid_3_...`` for R-BID-3, ``test_a5_...`` for A5,
``test_agreement_no_jumping_...`` for AG-NO-JUMPING), or by writing the id itself in a docstring
or a comment of a test module (``R-BID-3``, ``A5``, ``AG-NO-JUMPING``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest

import thousand as th
from thousand import rulings

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"
#: The specification, beside the checkout (see ``../shared/README.md``).
SPEC = ROOT.parent / "shared" / "design" / "rulings.md"

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
    """How a test name spells the id: ``r_bid_3``, ``a5``, ``agreement_no_jumping``."""
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
        assert re.fullmatch(r"R-[A-Z]+-\d+|A(?:[1-9]|1\d|2[0-7])|AG-[A-Z0-9-]+", ruling.id)
        assert ruling.title and ruling.section
        assert rulings.by_id(ruling.id) is ruling
    assert [r.id for r in rulings.RULINGS if r.kind == "detail"] == [f"A{n}" for n in range(1, 28)]
    with pytest.raises(KeyError):
        rulings.by_id("R-BID-99")


def test_the_registry_has_one_id_per_agreement() -> None:
    keys = {agreement.key for agreement in th.variants.AGREEMENTS}
    registered = {r.id for r in rulings.RULINGS if r.kind == "agreement"}
    assert registered == {rulings.agreement_id(key) for key in keys}
    for agreement in th.variants.AGREEMENTS:
        assert rulings.by_id(rulings.agreement_id(agreement.key)).section == agreement.group


@pytest.mark.skipif(not SPEC.exists(), reason="the specification is not beside the checkout")
def test_the_registry_holds_every_id_of_the_specification() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    in_spec = set(re.findall(r"\*\*(R-[A-Z]+-\d+|A\d+)\*\*", spec))
    registered = {r.id for r in rulings.RULINGS if r.kind != "agreement"}
    assert in_spec == registered


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
