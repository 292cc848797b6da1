"""Tensors (``thousand.tensors``): fixed shapes and layouts, finite values, equal inputs giving
equal tensors, different inputs seen in play giving different ones, and the layout tables of
``docs/encoding.rst``; at a table of three and at a table of four, where the seat that sits out
sees only what is public (R-FOUR-8)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th

from .extras import extra

np = extra("numpy")
tensors = extra("thousand.tensors")

from .reference.test_model_four import BASE_CALLS, BASE_GIVES
from .test_encoding import PACK, PRESETS, docs_table, presets, tables, walk
from .test_four import base_hands, run

OBS = {name: (start, stop) for name, start, stop, _ in tensors.OBSERVATION_LAYOUT}
INFO = {name: (start, stop) for name, start, stop, _ in tensors.INFORMATION_STATE_LAYOUT}
OBS4 = {name: (start, stop) for name, start, stop, _ in tensors.OBSERVATION_LAYOUT_FOUR}
INFO4 = {name: (start, stop) for name, start, stop, _ in tensors.INFORMATION_STATE_LAYOUT_FOUR}
SHAPES = {
    3: (tensors.OBSERVATION_SHAPE, tensors.INFORMATION_STATE_SHAPE),
    4: (tensors.OBSERVATION_SHAPE_FOUR, tensors.INFORMATION_STATE_SHAPE_FOUR),
}
DEAL = th.Deal.parse(
    "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
)


def block(x: object, layout: dict[str, tuple[int, int]], name: str) -> list[float]:
    start, stop = layout[name]
    return [float(v) for v in x[start:stop]]  # type: ignore[index]


def cards_in(values: list[float]) -> set[str]:
    return {str(c) for c in PACK if values[c.index]}


def test_the_layouts_tile_the_shapes() -> None:
    for layout, shape in (
        (tensors.OBSERVATION_LAYOUT, tensors.OBSERVATION_SHAPE),
        (tensors.INFORMATION_STATE_LAYOUT, tensors.INFORMATION_STATE_SHAPE),
        (tensors.OBSERVATION_LAYOUT_FOUR, tensors.OBSERVATION_SHAPE_FOUR),
        (tensors.INFORMATION_STATE_LAYOUT_FOUR, tensors.INFORMATION_STATE_SHAPE_FOUR),
    ):
        at = 0
        for name, start, stop, what in layout:
            assert start == at and stop > start and name and what
            at = stop
        assert shape == (at,)
        assert len({name for name, *_ in layout}) == len(layout)


def test_the_three_player_layouts_are_those_of_before_the_table_of_four() -> None:
    """The tensors of three did not change with the table of four: same shapes, blocks and
    rules entries (the last two as the CHANGELOG gave them)."""
    assert tensors.OBSERVATION_SHAPE == (761,) and tensors.INFORMATION_STATE_SHAPE == (768,)
    assert tensors.observation_layout() is tensors.OBSERVATION_LAYOUT
    assert tensors.information_state_layout(3) is tensors.INFORMATION_STATE_LAYOUT
    assert OBS["rules"] == (702, 761) and INFO["rules"] == (709, 768)
    assert len(tensors.RULES_FEATURES) == 59
    assert not any(name.startswith("table.") for name, _ in tensors.RULES_FEATURES)


#: The blocks of a table of four with one entry per seat (or 24 or 5 per seat).
GROWN = {
    "to move", "dealer", "hand sizes", "hand size unknown", "given cards", "given",
    "high bidder", "passed", "last bid", "golden index", "declarer", "table", "leader",
    "last trick", "last trick winner", "played", "won", "marriages", "points", "scores",
    "on barrel", "barrel deals", "bolts", "distributions", "winner", "falls", "unhid",
    "passed at", "talon taker", "bids",
}  # fmt: skip


def test_r_four_1_the_layouts_of_four_grow_the_per_seat_blocks() -> None:
    for three, four in ((OBS, OBS4), (INFO, INFO4)):
        assert list(four) == [*three, "table rules"]
        for name, (start, stop) in three.items():
            size = stop - start
            grown = four[name][1] - four[name][0]
            if name in GROWN:
                assert grown * 3 == size * 4, name
            elif name == "gives":  # two gives: to (one-hot over the seats), card, card seen
                assert (size, grown) == (2 * 28, 2 * 29)
            else:
                assert grown == size, name
        assert four["table rules"][1] - four["table rules"][0] == len(tensors.TABLE_FEATURES)
    assert tensors.observation_layout(4) is tensors.OBSERVATION_LAYOUT_FOUR
    assert tensors.information_state_layout(4) is tensors.INFORMATION_STATE_LAYOUT_FOUR
    with pytest.raises(ValueError, match="players must be 3 or 4, not 5"):
        tensors.observation_layout(5)


def test_the_docs_tables_of_the_layouts_match_the_code() -> None:
    for marker, layout in (
        (".. _encoding-observation-layout:", tensors.OBSERVATION_LAYOUT),
        (".. _encoding-information-state-layout:", tensors.INFORMATION_STATE_LAYOUT),
        (".. _encoding-observation-layout-four:", tensors.OBSERVATION_LAYOUT_FOUR),
        (".. _encoding-information-state-layout-four:", tensors.INFORMATION_STATE_LAYOUT_FOUR),
    ):
        assert docs_table("encoding.rst", marker) == [(n, a, b) for n, a, b, _ in layout]


def listed_features(marker: str) -> list[str]:
    """The features of the numbered table after ``marker`` in ``docs/encoding.rst``."""
    from .test_encoding import DOCS

    text = DOCS.read_text(encoding="utf-8")
    body = text[text.index(marker) :]
    listed = []
    rule = 0
    for line in body.splitlines():
        if line.startswith("==="):
            rule += 1
            if rule == 3:
                break
        parts = line.split(maxsplit=1)
        if len(parts) == 2 and parts[0].isdigit() and parts[1].startswith("``"):
            listed.append(parts[1].strip("`"))
    return listed


def test_the_docs_list_the_rules_features_in_order() -> None:
    listed = listed_features(".. _encoding-rules-features:")
    assert listed == [name for name, _ in tensors.RULES_FEATURES]
    assert INFO["rules"][1] - INFO["rules"][0] == len(tensors.RULES_FEATURES)
    listed = listed_features(".. _encoding-table-features:")
    assert listed == [name for name, _ in tensors.TABLE_FEATURES]


@pytest.mark.parametrize("players", [3, 4])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_tensors_have_a_fixed_shape_and_finite_values(
    players: int, data: st.DataObject, seed: int
) -> None:
    rules = data.draw(tables(players=players))
    observation_shape, information_state_shape = SHAPES[players]
    for state in walk(rules, seed, steps=200):
        for seat in range(players):
            x = tensors.observation_tensor(th.observe(state, seat))
            y = tensors.information_state_tensor(th.information_state(state, seat))
            assert x.shape == observation_shape and x.dtype == np.float32
            assert y.shape == information_state_shape and y.dtype == np.float32
            assert np.isfinite(x).all() and np.isfinite(y).all()
            assert np.abs(x).max() <= 10 and np.abs(y).max() <= 10


@pytest.mark.parametrize("players", [3, 4])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_different_inputs_seen_in_play_give_different_tensors(
    players: int, data: st.DataObject, seed: int
) -> None:
    rules = data.draw(tables(players=players))
    for kind, view, tensor in (
        ("observation", th.observe, tensors.observation_tensor),
        ("information state", th.information_state, tensors.information_state_tensor),
    ):
        seen: dict[bytes, object] = {}
        for state in walk(rules, seed, steps=150):
            for seat in range(players):
                value = view(state, seat)
                key = tensor(value).tobytes()
                assert seen.get(key, value) == value, f"two {kind}s share a tensor"
                seen[key] = value


@pytest.mark.parametrize("players", [3, 4])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**32),
    draw=st.integers(0, 2**32),
)
def test_equal_views_give_equal_tensors(players: int, preset: str, seed: int, draw: int) -> None:
    # a world drawn for a seat looks the same to it: the same observation and information
    # state, so the same tensors, whatever the other hands hold (at four the sitter too: it
    # sees nothing of any hand, R-FOUR-8)
    states = walk(presets(players)[preset], seed, steps=80)
    state = random.Random(draw).choice([s for s in states if not s.is_terminal])
    seat = draw % players
    info = th.information_state(state, seat)
    other = th.sample_state(info, random.Random(draw))
    assert th.information_state(other, seat) == info
    assert (
        tensors.information_state_tensor(th.information_state(other, seat))
        == tensors.information_state_tensor(info)
    ).all()
    assert (
        tensors.observation_tensor(th.observe(other, seat))
        == tensors.observation_tensor(th.observe(state, seat))
    ).all()
    assert (
        tensors.observation_tensor(th.observe(state, seat))
        == tensors.observation_tensor(th.observe(state, seat))
    ).all()


@pytest.mark.parametrize("players", [3, 4])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_the_hand_blocks_hold_the_seats_hand(players: int, data: st.DataObject, seed: int) -> None:
    rules = data.draw(tables(players=players))
    obs, info = (OBS, INFO) if players == 3 else (OBS4, INFO4)
    for state in walk(rules, seed, steps=150):
        for seat in range(players):
            seen = th.observe(state, seat)
            x = tensors.observation_tensor(seen)
            y = tensors.information_state_tensor(th.information_state(state, seat))
            hand = {str(c) for c in seen.hand or ()}
            assert cards_in(block(x, obs, "hand")) == hand
            assert cards_in(block(y, info, "hand")) == hand
            assert block(x, obs, "blind") == [float(seen.hand is None)]
            if seat == state.sitter:  # R-FOUR-1: dealt no cards
                assert not hand and not any(block(y, info, "dealt to seat"))


def test_seats_are_counted_from_the_observer() -> None:
    state = th.apply(th.new_game(dealer=0), DEAL)  # seat 1 opens
    state = th.apply(state, th.Bid(110))
    for seat in range(3):
        x = tensors.observation_tensor(th.observe(state, seat))
        y = tensors.information_state_tensor(th.information_state(state, seat))
        assert block(x, OBS, "to move") == [1.0 if r == (2 - seat) % 3 else 0.0 for r in range(3)]
        assert block(x, OBS, "dealer") == [1.0 if r == (0 - seat) % 3 else 0.0 for r in range(3)]
        assert block(x, OBS, "high bidder")[(1 - seat) % 3] == 1.0
        assert block(x, OBS, "high bid")[2] == 1.0  # 110 is the third value
        bids = block(y, INFO, "bids")
        assert bids[101 * ((1 - seat) % 3) + 2] == 1.0 and sum(bids) == 1.0
    seen = tensors.observation_tensor(th.observe(state, 2))
    assert cards_in(block(seen, OBS, "hand")) == {"QD", "KD", "TD", "AD", "9H", "JH", "QH"}


def test_r_four_1_seats_are_counted_from_the_observer_at_four() -> None:
    # dealer 0 sits out; seat 1 opens and bids 110, seat 2 is to move (R-FOUR-1)
    state = th.new_game(th.Rules.classic(players=4), dealer=0)
    for card in PACK:
        state = th.apply(state, th.DealCard(card))
    state = th.apply(state, th.Bid(110))
    for seat in range(4):
        x = tensors.observation_tensor(th.observe(state, seat))
        y = tensors.information_state_tensor(th.information_state(state, seat))
        assert block(x, OBS4, "to move") == [float(r == (2 - seat) % 4) for r in range(4)]
        assert block(x, OBS4, "dealer") == [float(r == (0 - seat) % 4) for r in range(4)]
        assert block(y, INFO4, "dealer") == [float(r == (0 - seat) % 4) for r in range(4)]
        assert block(x, OBS4, "high bidder") == [float(r == (1 - seat) % 4) for r in range(4)]
        bids = block(y, INFO4, "bids")
        assert bids[101 * ((1 - seat) % 4) + 2] == 1.0 and sum(bids) == 1.0
        # every seat sees the sitter's empty hand and the active seats' 7 cards
        sizes = block(x, OBS4, "hand sizes")
        assert sizes == pytest.approx([0.0 if r == (0 - seat) % 4 else 0.7 for r in range(4)])
    sitter = tensors.observation_tensor(th.observe(state, 0))
    assert not any(block(sitter, OBS4, "hand")) and block(sitter, OBS4, "blind") == [0.0]


def sitter_views(state: th.State) -> tuple[object, object]:
    sitter = state.sitter
    assert sitter is not None
    return (
        tensors.observation_tensor(th.observe(state, sitter)),
        tensors.information_state_tensor(th.information_state(state, sitter)),
    )


@pytest.mark.parametrize("quiet", [False, True])
def test_r_four_8_the_sitter_sees_the_gives_but_not_the_cards(quiet: bool) -> None:
    """R-FOUR-8: the sitter knows each give was made and to whom (under Quiet Drop, A26, not even
    that until the contract), never the card; F2: it sees the talon when the opponents do."""
    rules = th.Rules.classic(players=4)
    if quiet:
        rules = rules.with_agreements(th.variants.quiet_drop)
    state = run(base_hands(th.new_game(rules, dealer=0)), [*BASE_CALLS, *BASE_GIVES])
    x, y = sitter_views(state)
    assert not any(block(x, OBS4, "given cards")) and not any(block(x, OBS4, "hand"))
    assert not any(block(y, INFO4, "hand")) and not any(block(y, INFO4, "hand seen"))
    given = block(x, OBS4, "given")
    gives = block(y, INFO4, "gives")
    if quiet:  # the gives are not seen until the contract is fixed
        assert not any(given) and not any(gives)
        assert block(x, OBS4, "hand size unknown") == [0.0, 1.0, 1.0, 1.0]
    else:
        assert given == [0.0, 0.0, 1.0, 1.0]  # seats 2 and 3, counted from seat 0
        for k, to in enumerate((2, 3)):  # to (one-hot over 4), the card (unseen), card seen
            one = gives[29 * k : 29 * (k + 1)]
            assert one[:4] == [float(r == to) for r in range(4)] and not any(one[4:])
    # the talon was exposed to the opponents after a bid of 120, so to the sitter too (F2)
    assert cards_in(block(x, OBS4, "talon")) == {"AH", "JH", "9H"}
    assert cards_in(block(y, INFO4, "talon")) == {"AH", "JH", "9H"}
    # the declarer's view holds the cards it gave; an opponent's the card it got
    declarer = tensors.observation_tensor(th.observe(state, 1))
    given_cards = block(declarer, OBS4, "given cards")
    assert cards_in(given_cards[24:48]) == {"9C"} and cards_in(given_cards[48:72]) == {"9D"}


def test_r_four_8_the_sitter_cannot_tell_the_hands_apart() -> None:
    """Two deals that differ only in the active hands look the same to the sitter."""
    rules = th.Rules.standard(players=4)
    one = base_hands(th.new_game(rules, dealer=0))
    hands = one.hands
    swapped = th.Deal((hands[2], hands[3], hands[1]), th.cards("AH JH 9H"))
    other = th.apply(th.new_game(rules, dealer=0), swapped)
    assert other.hands != one.hands
    for a, b in zip(sitter_views(one), sitter_views(other), strict=True):
        assert (a == b).all()  # type: ignore[attr-defined]


def test_r_four_3_the_table_rules_block() -> None:
    names = [name for name, _ in tensors.TABLE_FEATURES]
    for table, expected in (
        (th.TableRules(players=4), [1.0, 0.0, 40 / 120]),
        (th.TableRules(4, "aces_and_marriage", 60), [0.0, 1.0, 0.5]),
        (th.TableRules(4, "nothing", 0), [0.0, 0.0, 0.0]),
    ):
        rules = attrs.evolve(th.Rules.standard(), table=table)
        x = tensors.observation_tensor(th.observe(th.new_game(rules), 1))
        y = tensors.information_state_tensor(th.information_state(th.new_game(rules), 1))
        assert block(x, OBS4, "table rules") == pytest.approx(expected), names
        assert block(y, INFO4, "table rules") == pytest.approx(expected)
        # the block "rules" reads as at a table of three
        three = tensors.observation_tensor(th.observe(th.new_game(th.Rules.standard()), 1))
        assert block(x, OBS4, "rules") == block(three, OBS, "rules")


def test_the_information_state_keeps_the_order_of_the_cards_dealt() -> None:
    state = th.new_game(dealer=2)  # seat 0 gets the 1st, 4th, ... card
    for card in th.cards("AH 9S 9C KH"):
        state = th.apply(state, th.DealCard(card))
    y = tensors.information_state_tensor(th.information_state(state, 0))
    dealt = block(y, INFO, "dealt to seat")
    assert dealt[th.Card.parse("AH").index] == pytest.approx(1 / 7)
    assert dealt[th.Card.parse("KH").index] == pytest.approx(2 / 7)
    assert block(y, INFO, "dealt") == [pytest.approx(4 / 24)]


def test_the_rules_block_tells_the_presets_apart() -> None:
    state = th.new_game(th.Rules.classic())
    classic = tensors.observation_tensor(th.observe(state, 0))
    standard = tensors.observation_tensor(th.observe(th.new_game(th.Rules.standard()), 0))
    assert block(classic, OBS, "rules") != block(standard, OBS, "rules")
    names = [name for name, _ in tensors.RULES_FEATURES]
    assert block(standard, OBS, "rules")[names.index("bidding.limit is 'any'")] == 1.0
    assert block(classic, OBS, "rules")[names.index("bidding.limit is 'any'")] == 0.0


def test_tensors_take_only_their_own_input() -> None:
    state = th.new_game()
    with pytest.raises(ValueError, match="takes an Observation, not InfoState"):
        tensors.observation_tensor(th.information_state(state, 0))
    with pytest.raises(ValueError, match="takes an InfoState, not Observation"):
        tensors.information_state_tensor(th.observe(state, 0))


def test_huge_scores_and_rules_stay_finite() -> None:
    """Scores and rules far beyond a real table's are clipped to ±10 before they are scaled:
    no infinity, no overflow."""
    rules = th.Rules.from_dict({"scoring": {"target": 10**6, "penalty": 10**6}})  # the limits
    state = th.apply(th.new_game(rules, scores=(-(10**12), -(10**15), 0)), DEAL)
    for seat in range(3):
        observed = tensors.observation_tensor(th.observe(state, seat))
        info = tensors.information_state_tensor(th.information_state(state, seat))
        assert np.isfinite(observed).all() and np.isfinite(info).all()
        assert np.abs(observed).max() <= 10 and np.abs(info).max() <= 10
    scores = block(tensors.observation_tensor(th.observe(state, 0)), OBS, "scores")
    assert scores == [-10.0, -10.0, 0.0]
