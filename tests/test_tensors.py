"""Tensors (``thousand.tensors``): fixed shapes and layouts, finite values, equal inputs giving
equal tensors, different inputs seen in play giving different ones, and the layout tables of
``docs/encoding.rst``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th

from .extras import extra

np = extra("numpy")
tensors = extra("thousand.tensors")

from .test_encoding import PACK, PRESETS, docs_table, tables, walk

OBS = {name: (start, stop) for name, start, stop, _ in tensors.OBSERVATION_LAYOUT}
INFO = {name: (start, stop) for name, start, stop, _ in tensors.INFORMATION_STATE_LAYOUT}
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
    ):
        at = 0
        for name, start, stop, what in layout:
            assert start == at and stop > start and name and what
            at = stop
        assert shape == (at,)
        assert len({name for name, *_ in layout}) == len(layout)


def test_the_docs_tables_of_the_layouts_match_the_code() -> None:
    for marker, layout in (
        (".. _encoding-observation-layout:", tensors.OBSERVATION_LAYOUT),
        (".. _encoding-information-state-layout:", tensors.INFORMATION_STATE_LAYOUT),
    ):
        assert docs_table("encoding.rst", marker) == [(n, a, b) for n, a, b, _ in layout]


def test_the_docs_list_the_rules_features_in_order() -> None:
    from .test_encoding import DOCS

    text = DOCS.read_text(encoding="utf-8")
    body = text[text.index(".. _encoding-rules-features:") :]
    listed = []
    for line in body.splitlines():
        parts = line.split(maxsplit=1)
        if len(parts) == 2 and parts[0].isdigit() and parts[1].startswith("``"):
            listed.append(parts[1].strip("`"))
    assert listed == [name for name, _ in tensors.RULES_FEATURES]
    assert INFO["rules"][1] - INFO["rules"][0] == len(tensors.RULES_FEATURES)


@given(tables(), st.integers(0, 2**32))
def test_tensors_have_a_fixed_shape_and_finite_values(rules: th.Rules, seed: int) -> None:
    for state in walk(rules, seed, steps=200):
        for seat in range(3):
            x = tensors.observation_tensor(th.observe(state, seat))
            y = tensors.information_state_tensor(th.information_state(state, seat))
            assert x.shape == tensors.OBSERVATION_SHAPE and x.dtype == np.float32
            assert y.shape == tensors.INFORMATION_STATE_SHAPE and y.dtype == np.float32
            assert np.isfinite(x).all() and np.isfinite(y).all()
            assert np.abs(x).max() <= 10 and np.abs(y).max() <= 10


@given(tables(), st.integers(0, 2**32))
def test_different_inputs_seen_in_play_give_different_tensors(rules: th.Rules, seed: int) -> None:
    for kind, view, tensor in (
        ("observation", th.observe, tensors.observation_tensor),
        ("information state", th.information_state, tensors.information_state_tensor),
    ):
        seen: dict[bytes, object] = {}
        for state in walk(rules, seed, steps=150):
            for seat in range(3):
                value = view(state, seat)
                key = tensor(value).tobytes()
                assert seen.get(key, value) == value, f"two {kind}s share a tensor"
                seen[key] = value


@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.integers(0, 2**32))
def test_equal_views_give_equal_tensors(preset: str, seed: int, draw: int) -> None:
    # a world drawn for a seat looks the same to it: the same observation and information
    # state, so the same tensors, whatever the other hands hold
    states = walk(PRESETS[preset], seed, steps=80)
    state = random.Random(draw).choice([s for s in states if not s.is_terminal])
    seat = draw % 3
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


@given(tables(), st.integers(0, 2**32))
def test_the_hand_blocks_hold_the_seats_hand(rules: th.Rules, seed: int) -> None:
    for state in walk(rules, seed, steps=150):
        for seat in range(3):
            seen = th.observe(state, seat)
            x = tensors.observation_tensor(seen)
            y = tensors.information_state_tensor(th.information_state(state, seat))
            hand = {str(c) for c in seen.hand or ()}
            assert cards_in(block(x, OBS, "hand")) == hand
            assert cards_in(block(y, INFO, "hand")) == hand
            assert block(x, OBS, "blind") == [float(seen.hand is None)]


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
