"""sample_state tests a drawn world quickly before replaying it (the calls and the contract
within their hands' limits, the cards given and played held by their seats). The tests change
no draw: with them or without, a generator gives the same states, only sooner."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand import determinize

from .test_properties import PRESETS, agreements


def positions(rules: th.Rules, seed: int) -> list[th.State]:
    """The positions of one random deal from the end of its auction to its last card."""
    rng = random.Random(seed)
    state = th.new_game(rules)
    out = []
    while not state.sheet and not state.is_terminal:
        if state.declarer is not None and not state.is_chance:
            out.append(state)
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    return out


def draws(seen: th.Observation, seed: int, quick: bool) -> list[th.State]:
    """Five states drawn for ``seen`` from ``seed``, with or without the quick tests."""
    rng = random.Random(seed)
    with pytest.MonkeyPatch.context() as patch:
        if not quick:
            patch.setattr(determinize, "_Check", lambda info, known: None)
        return [th.sample_state(seen, rng) for _ in range(5)]


@given(
    preset=st.sampled_from(sorted(PRESETS)),
    chosen=agreements(),
    seed=st.integers(0, 2**32),
)
def test_the_quick_tests_change_no_draw(
    preset: str, chosen: tuple[th.variants.Agreement, ...], seed: int
) -> None:
    """At every fourth position of a random deal, for every seat: the same states, whatever
    the agreements (Quiet Drop and hidden games included)."""
    rules = PRESETS[preset].with_agreements(*chosen)
    for state in positions(rules, seed)[::4]:
        for seat in range(3):
            seen = th.observe(state, seat)
            quick = draws(seen, seed, quick=True)
            assert quick == draws(seen, seed, quick=False)
            assert all(th.observe(d, seat) == seen for d in quick)


def test_the_quick_tests_spare_replays_where_the_contract_says_much() -> None:
    """Seat 0 bid 100 and fixed 180: its hand holds marriages worth 60 or more, which few
    spreads of the cards give it. Nearly every replay left is of a world that is drawn."""
    deal = th.Deal.parse(
        "QC KC QD KD TD 9H JH / 9S JS 9C JC 9D JD QH / AS TS KS QS AC TC AD / KH TH AH"
    )
    state = th.apply(th.new_game(th.Rules.classic(), dealer=2), deal)
    for action in ("bid 100", "pass", "pass", "give 9H 1", "give JH 2", "contract 180"):
        state = th.apply(state, th.parse_action(action))
    calls = 0
    play_back = determinize._play_back

    def counted(*args: object) -> th.State | None:
        nonlocal calls
        calls += 1
        return play_back(*args)  # type: ignore[arg-type]

    seen = th.observe(state, 1)
    rng = random.Random(5)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(determinize, "_play_back", counted)
        for _ in range(20):
            draw = th.sample_state(seen, rng)
            assert th.observe(draw, 1) == seen
            hand = draw.hands[0]
            held = [
                s for s in th.Suit if {th.Card(s, th.Rank.KING), th.Card(s, th.Rank.QUEEN)} <= hand
            ]
            assert sum(s.marriage_value for s in held) >= 60
    assert calls < 30


@pytest.mark.xfail(
    raises=ValueError,
    strict=True,
    reason=(
        "known bug (found by CI's Hypothesis run of test_equal_views_give_equal_tensors on "
        "2026-12-04): rejection sampling finds no world where few exist. At four seats the "
        "sitter has seen a contract of 225, which needs two marriages in the declarer's "
        "hand; 19,998 of 20,000 spreads fail the quick tests and sample_state wrongly says "
        "that no state is consistent"
    ),
)
def test_a_sitter_who_saw_a_high_contract_gets_a_world() -> None:
    rules = th.Rules.classic(players=4)
    rng = random.Random(777519518)
    state = th.new_game(rules, dealer=777519518 % 4)
    states = [state]
    while len(states) < 80:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        states.append(state)
    state = random.Random(242).choice(states)
    assert state.sitter == 2 and state.contract == 225
    info = th.information_state(state, 2)
    world = th.sample_state(info, random.Random(242))
    assert th.information_state(world, 2) == info
