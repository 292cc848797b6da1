"""Integer actions (``thousand.encoding``): the bijection, the legal-action mask, the chance
table, the errors, and the layout table of ``docs/encoding.rst``."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand import encoding

from .test_properties import agreements

DOCS = Path(__file__).resolve().parent.parent / "docs" / "encoding.rst"
PACK = th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))
PRESETS = {"classic": th.Rules.classic(), "standard": th.Rules.standard()}


@st.composite
def tables(draw: st.DrawFn, max_deals: int = 3) -> th.Rules:
    """A preset with a random combination of agreements that makes sense together (A1), and a
    short game."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    rules = rules.with_agreements(*draw(agreements()))
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=max_deals))


def walk(rules: th.Rules, seed: int, steps: int = 400) -> list[th.State]:
    """The states of a random legal path of at most ``steps`` actions."""
    rng = random.Random(seed)
    state = th.new_game(rules, dealer=seed % 3)
    out = [state]
    while not state.is_terminal and len(out) < steps:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        out.append(state)
    return out


def every_action() -> list[th.Action]:
    """Every player action any rules allow, built by hand from the actions' value ranges."""
    values = range(100, 605, 5)
    return [
        *(th.Bid(v) for v in values),
        th.Pass(),
        th.Hidden(),
        th.Look(),
        *(th.Unhide(v) for v in range(125, 605, 5)),
        th.Redeal(),
        *(th.Give(c, to) for to in range(3) for c in PACK),
        th.Distribute(),
        *(th.Contract(v) for v in values),
        *(th.Play(c) for c in PACK),
        *(th.Play(c, True) for c in PACK if c.rank in (th.Rank.QUEEN, th.Rank.KING, th.Rank.ACE)),
    ]


def test_the_ids_are_a_bijection_onto_every_player_action() -> None:
    actions = every_action()
    assert encoding.NUM_DISTINCT_ACTIONS == len(actions) == 411
    assert [encoding.action_from_id(i) for i in range(encoding.NUM_DISTINCT_ACTIONS)] == actions
    assert [encoding.action_id(a) for a in actions] == list(range(len(actions)))


def test_the_blocks_tile_the_ids_in_order() -> None:
    stops = [0]
    for name, start, stop, what in encoding.BLOCKS:
        assert start == stops[-1] and stop > start and name and what
        stops.append(stop)
    assert stops[-1] == encoding.NUM_DISTINCT_ACTIONS
    block = {name: (start, stop) for name, start, stop, _ in encoding.BLOCKS}
    assert encoding.action_id(th.Bid(600)) == block["bid"][1] - 1
    assert encoding.action_id(th.Give(th.Card.parse("AH"), 2)) == block["give"][1] - 1
    assert encoding.action_id(th.Play(th.Card.parse("9S"))) == block["play"][0]


def test_ids_do_not_depend_on_the_shared_instances() -> None:
    # an action built anew has the id of the engine's shared instance
    assert encoding.action_id(th.parse_action("play KH marriage")) == encoding.action_id(
        th.Play(th.Card.parse("KH"), marriage=True)
    )
    assert encoding.action_id(th.Pass()) == encoding.action_id(th.parse_action("pass"))


@given(tables(), st.integers(0, 2**32))
def test_every_legal_action_has_an_id_and_the_mask_marks_exactly_them(
    rules: th.Rules, seed: int
) -> None:
    for state in walk(rules, seed):
        mask = encoding.legal_action_mask(state)
        assert len(mask) == encoding.NUM_DISTINCT_ACTIONS
        if state.is_chance or state.is_terminal:
            assert not any(mask)
            continue
        legal = th.legal_actions(state)
        ids = {encoding.action_id(a) for a in legal}
        assert len(ids) == len(legal)
        assert {i for i, on in enumerate(mask) if on} == ids
        assert all(encoding.action_from_id(i) in legal for i in ids)


@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32))
def test_the_mask_of_an_observation_is_the_seats_own(preset: str, seed: int) -> None:
    for state in walk(PRESETS[preset], seed, steps=120):
        for seat in range(3):
            mask = encoding.legal_action_mask(th.observe(state, seat))
            if state.to_move == seat:
                assert mask == encoding.legal_action_mask(state)
                assert any(mask)
            else:
                assert not any(mask)


def test_the_chance_table_is_the_card_index() -> None:
    assert encoding.NUM_CHANCE_OUTCOMES == 24
    for card in PACK:
        assert encoding.chance_id(th.DealCard(card)) == card.index
        assert encoding.chance_from_id(card.index) == th.DealCard(card)
    state = th.new_game()
    ids = sorted(encoding.chance_id(a) for a, _ in th.chance_outcomes(state))
    assert ids == list(range(24))


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (th.Bid(103), "multiple of 5 from 100 to 600"),
        (th.Bid(605), "multiple of 5 from 100 to 600"),
        (th.Contract(95), "multiple of 5 from 100 to 600"),
        (th.Unhide(120), "multiple of 5 from 125 to 600"),
        (th.Play(th.Card.parse("9S"), True), "only a Q, K or A lead declares a marriage"),
        (th.DealCard(th.Card.parse("9S")), "is a chance action"),
        ("bid 100", "is not an action (got str)"),
        (100, "is not an action (got int)"),
    ],
)
def test_action_id_names_what_is_wrong(action: object, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        encoding.action_id(action)  # type: ignore[arg-type]


def test_a_whole_deal_has_no_id() -> None:
    deal = th.Deal.parse(
        "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
    )
    with pytest.raises(ValueError, match="chance action"):
        encoding.action_id(deal)
    with pytest.raises(ValueError, match="a whole Deal has none"):
        encoding.chance_id(deal)
    with pytest.raises(ValueError, match="only DealCard"):
        encoding.chance_id(th.Pass())


@pytest.mark.parametrize(
    ("i", "reason"),
    [
        (411, "id 411 is out of range: ids run from 0 to 410"),
        (-1, "id -1 is out of range"),
        (True, "must be an int, not True"),
        (1.0, "must be an int, not 1.0"),
        ("3", "must be an int, not '3'"),
    ],
)
def test_action_from_id_names_what_is_wrong(i: object, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        encoding.action_from_id(i)  # type: ignore[arg-type]


def test_numpy_numbers_are_ids_and_arrays_are_not() -> None:
    np = pytest.importorskip("numpy")
    assert encoding.action_from_id(np.int64(4)) == th.Bid(120)
    for bad in (np.array([5]), np.float32(4.0)):
        with pytest.raises(ValueError, match="must be an int"):
            encoding.action_from_id(bad)
        with pytest.raises(ValueError, match="must be an int"):
            encoding.chance_from_id(bad)


def test_chance_from_id_checks_its_range() -> None:
    with pytest.raises(ValueError, match=re.escape("chance id 24 is out of range")):
        encoding.chance_from_id(24)


def test_the_mask_takes_only_a_state_or_an_observation() -> None:
    with pytest.raises(ValueError, match="takes a State or an Observation, not InfoState"):
        encoding.legal_action_mask(th.information_state(th.new_game(), 0))  # type: ignore[arg-type]


def docs_table(page: str, marker: str) -> list[tuple[str, int, int]]:
    """The rows ``name  start  stop`` of the simple table after ``marker`` in a docs page."""
    text = DOCS.read_text(encoding="utf-8")
    body = text[text.index(marker) :]
    rows = []
    rule = 0
    for line in body.splitlines():
        if line.startswith("==="):
            rule += 1
            if rule == 3:
                break
            continue
        if rule == 2 and line.strip():
            m = re.match(r"``([^`]+)``\s+(\d+)\s+(\d+)", line)
            assert m, f"unreadable row in {page}: {line!r}"
            rows.append((m.group(1), int(m.group(2)), int(m.group(3))))
    return rows


def test_the_docs_table_of_action_ids_matches_the_code() -> None:
    rows = docs_table("encoding.rst", ".. _encoding-action-ids:")
    assert rows == [(name, start, stop) for name, start, stop, _ in encoding.BLOCKS]


def test_encoding_works_without_numpy() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import thousand, thousand.encoding as e\n"
        "print(e.NUM_DISTINCT_ACTIONS)\n"
        "try:\n"
        "    import thousand.tensors\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "411"
    assert "pip install 'thousand[numpy]'" in out[1]
