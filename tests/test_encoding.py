"""Integer actions (``thousand.encoding``): the bijection, the legal-action mask, the chance
table, the errors, and the layout table of ``docs/encoding.rst``; at a table of three and at a
table of four (R-FOUR-1), whose ids are those of three and the gives to seat 3."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand import encoding

from .test_properties import TABLES_OF_FOUR, agreements

DOCS = Path(__file__).resolve().parent.parent / "docs" / "encoding.rst"
PACK = th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))
PRESETS = {"classic": th.Rules.classic(), "standard": th.Rules.standard()}


@st.composite
def tables(draw: st.DrawFn, max_deals: int = 3, players: int = 3) -> th.Rules:
    """A preset with a random combination of agreements that makes sense together (A1), and a
    short game; at a table of ``players``, at four with each of the sitter's scores."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if players == 4:
        rules = attrs.evolve(rules, table=draw(TABLES_OF_FOUR))
    rules = rules.with_agreements(*draw(agreements()))
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=max_deals))


PRESETS_FOUR = {"classic": th.Rules.classic(players=4), "standard": th.Rules.standard(players=4)}


def presets(players: int) -> dict[str, th.Rules]:
    """The two presets at a table of ``players``."""
    return PRESETS_FOUR if players == 4 else PRESETS


def walk(rules: th.Rules, seed: int, steps: int = 400) -> list[th.State]:
    """The states of a random legal path of at most ``steps`` actions."""
    rng = random.Random(seed)
    state = th.new_game(rules, dealer=seed % rules.table.players)
    out = [state]
    while not state.is_terminal and len(out) < steps:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        out.append(state)
    return out


def every_action(players: int = 3) -> list[th.Action]:
    """Every player action any rules allow at a table of ``players``, built by hand from the
    actions' value ranges; at four the gives to seat 3 come last."""
    values = range(100, 605, 5)
    four = [th.Give(c, 3) for c in PACK] if players == 4 else []
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
        *four,
    ]


def test_the_ids_are_a_bijection_onto_every_player_action() -> None:
    actions = every_action()
    assert encoding.NUM_DISTINCT_ACTIONS == len(actions) == 411
    assert [encoding.action_from_id(i) for i in range(encoding.NUM_DISTINCT_ACTIONS)] == actions
    assert [encoding.action_id(a) for a in actions] == list(range(len(actions)))


def test_r_four_1_the_ids_of_four_are_those_of_three_and_the_gives_to_seat_3() -> None:
    actions = every_action(4)
    assert encoding.NUM_DISTINCT_ACTIONS_FOUR == len(actions) == 435
    assert encoding.num_distinct_actions(3) == 411 and encoding.num_distinct_actions(4) == 435
    assert [encoding.action_from_id(i, players=4) for i in range(435)] == actions
    assert [encoding.action_id(a) for a in actions] == list(range(435))
    # the same action has the same id at both tables
    assert actions[:411] == every_action(3)
    assert encoding.action_id(th.Give(th.Card.parse("9S"), 3)) == 411
    assert encoding.action_from_id(434, 4) == th.Give(th.Card.parse("AH"), 3)
    with pytest.raises(
        ValueError, match=re.escape("id 411 is out of range: ids run from 0 to 410")
    ):
        encoding.action_from_id(411)
    with pytest.raises(
        ValueError, match=re.escape("id 435 is out of range: ids run from 0 to 434")
    ):
        encoding.action_from_id(435, players=4)


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        (2, "players must be 3 or 4, not 2"),
        (5, "players must be 3 or 4, not 5"),
        (True, "players must be 3 or 4 (a Python int), not True of type bool"),
        (4.0, "players must be 3 or 4 (a Python int), not 4.0 of type float"),
    ],
)
def test_a_table_size_is_3_or_4(players: object, reason: str) -> None:
    with pytest.raises(ValueError) as caught:
        encoding.num_distinct_actions(players)  # type: ignore[arg-type]
    assert str(caught.value) == reason
    with pytest.raises(ValueError) as caught:
        encoding.action_from_id(0, players)  # type: ignore[arg-type]
    assert str(caught.value) == reason


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
    # at four: the same blocks, then the gives to seat 3
    assert encoding.BLOCKS_FOUR[:-1] == encoding.BLOCKS
    name, start, stop, _ = encoding.BLOCKS_FOUR[-1]
    assert (name, start, stop) == ("give to seat 3", 411, encoding.NUM_DISTINCT_ACTIONS_FOUR)


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
    for _, legal, ids in masked_walk(rules, seed):
        assert len(ids) == len(legal)


#: How many ids a mask has at a table of three and at a table of four.
MASK_SIZES = {3: encoding.NUM_DISTINCT_ACTIONS, 4: encoding.NUM_DISTINCT_ACTIONS_FOUR}


def masked_walk(
    rules: th.Rules, seed: int
) -> Iterator[tuple[th.State, tuple[th.Action, ...], set[int]]]:
    """The states of :func:`walk`, each one's mask checked: an entry per id of the table, none
    marked at a chance node or the end, and else exactly the ids of the legal actions marked,
    each id read back to a legal action. Yields each state with a seat to move, its legal
    actions and their ids."""
    players = rules.table.players
    for state in walk(rules, seed):
        mask = encoding.legal_action_mask(state)
        assert len(mask) == MASK_SIZES[players]
        if state.is_chance or state.is_terminal:
            assert not any(mask)
            continue
        legal = th.legal_actions(state)
        ids = {encoding.action_id(a) for a in legal}
        assert {i for i, on in enumerate(mask) if on} == ids
        assert all(encoding.action_from_id(i, players=players) in legal for i in ids)
        yield state, legal, ids


@given(tables(players=4), st.integers(0, 2**32))
def test_r_four_1_every_legal_action_at_four_has_an_id_and_the_mask_marks_exactly_them(
    rules: th.Rules, seed: int
) -> None:
    for state, legal, _ in masked_walk(rules, seed):
        assert state.to_move != state.sitter
        # a give to the sitter is never legal (R-FOUR-1)
        sitter = state.sitter
        assert sitter is not None
        assert not any(isinstance(a, th.Give) and a.to == sitter for a in legal)


@pytest.mark.parametrize("players", [3, 4])
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32))
def test_the_mask_of_an_observation_is_the_seats_own(players: int, preset: str, seed: int) -> None:
    for state in walk(presets(players)[preset], seed, steps=120):
        for seat in range(players):
            mask = encoding.legal_action_mask(th.observe(state, seat))
            assert len(mask) == encoding.num_distinct_actions(players)
            if state.to_move == seat:
                assert mask == encoding.legal_action_mask(state)
                assert any(mask)
            else:
                assert not any(mask)  # the sitter's mask is always empty (R-FOUR-1)


def test_r_four_1_a_give_to_seat_3_has_its_id_in_the_mask() -> None:
    # dealer 1 sits out: the declarer (seat 2, the opener) gives to seats 3 and 0
    rules = th.Rules.classic(players=4)
    state = th.new_game(rules, dealer=1)
    for card in PACK:
        state = th.apply(state, th.DealCard(card))
    for text in ("bid 100", "pass", "pass"):
        state = th.apply(state, th.parse_action(text))
    assert state.phase is th.Phase.GIVING and state.to_move == 2
    ids = [i for i, on in enumerate(encoding.legal_action_mask(state)) if on]
    to = {encoding.action_from_id(i, 4).to for i in ids}  # type: ignore[union-attr]
    assert to == {3, 0}
    assert [i for i in ids if i >= 411] == sorted(411 + c.index for c in state.hands[2])


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
    # one table: the blocks of three, and the one a table of four adds
    rows = docs_table("encoding.rst", ".. _encoding-action-ids:")
    assert rows == [(name, start, stop) for name, start, stop, _ in encoding.BLOCKS_FOUR]


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
