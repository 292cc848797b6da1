"""The perfect-information solver against brute force on endgames, and its contract."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand.solver import _Search, can_make, solve

RULES = {
    "classic": th.Rules.classic(),
    "standard": th.Rules.standard(),
    "agreements": th.Rules.standard().with_agreements(
        th.variants.ace_marriage,
        th.variants.dont_allow_opponent_trumps,
        th.variants.trumps_in_first_move,
        th.variants.should_play_with_trumps,
    ),
}


def brute_force(state: th.State) -> int:
    """The declarer's final deal points with best play, by trying every line."""
    declarer = state.declarer
    assert declarer is not None
    values = []
    for action in th.legal_actions(state):
        after = th.apply(state, action)
        if after.phase is th.Phase.PLAYING and after.deal_number == state.deal_number:
            values.append(brute_force(after))
        else:
            values.append(after.sheet[-1].points[declarer])
    return max(values) if state.to_move == declarer else min(values)


def endgame(rules: th.Rules, seed: int, tricks: int) -> th.State:
    """A random deal played at random until ``tricks`` tricks are complete, and a little more."""
    rng = random.Random(seed)
    state = th.new_game(rules)
    while not (state.phase is th.Phase.PLAYING and len(state.tricks) >= tricks):
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        if state.phase is th.Phase.DEALING and state.sheet:
            state = th.new_game(rules)
    for _ in range(rng.randrange(3)):
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    return state


@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32))
def test_solve_matches_brute_force_on_endgames(rules: str, seed: int) -> None:
    state = endgame(RULES[rules], seed, 5)
    declarer = state.declarer
    assert declarer is not None
    value = brute_force(state)
    solution = solve(state)
    assert solution.value == value
    optimal = set()
    for action in th.legal_actions(state):
        after = th.apply(state, action)
        if after.phase is th.Phase.PLAYING and after.deal_number == state.deal_number:
            line = brute_force(after)
        else:
            line = after.sheet[-1].points[declarer]
        if line == value:
            optimal.add(action)
    assert set(solution.best) == optimal
    assert can_make(state, value) and not can_make(state, value + 1)


def test_solve_from_the_first_lead_bounds_the_contract() -> None:
    state = endgame(th.Rules.classic(), 11, 0)
    solution = solve(state)
    declarer = state.declarer
    assert declarer is not None
    assert 0 <= solution.value <= 120 + 280
    assert solution.best and all(a in th.legal_actions(state) for a in solution.best)
    assert can_make(state, solution.value) and not can_make(state, solution.value + 1)
    # Playing an optimal action keeps the value.
    after = th.apply(state, solution.best[0])
    assert solve(after).value == solution.value


def test_the_solver_needs_the_play() -> None:
    with pytest.raises(th.IllegalActionError, match="the solver works on the play"):
        solve(th.new_game())


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_can_make_agrees_with_the_full_solve_from_the_first_lead(seed: int) -> None:
    """The null-window search and its cut-offs (the target already reached, the points left
    too few) answer exactly at the solved value, from a whole deal."""
    state = endgame(th.Rules.standard(), seed, 0)
    value = solve(state).value
    assert can_make(state, value) and not can_make(state, value + 1)
    assert can_make(state, value - 40) and not can_make(state, value + 40)


@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32))
def test_equivalent_card_pruning_changes_no_value(rules: str, seed: int) -> None:
    """The last seat of a trick tries one card of each run of equivalent cards; searching
    every card instead gives the same value and the same optimal actions, deeper in the deal
    than brute force reaches."""
    state = endgame(RULES[rules], seed, 3)
    pruned = solve(state)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Search, "_equivalents", lambda self, seat, allowed: allowed)
        full = solve(state)
    assert pruned.value == full.value
    assert set(pruned.best) == set(full.best)


def test_equivalent_cards_never_stand_in_for_a_held_marriage() -> None:
    """A seat holding a marriage with a lower card beside it keeps the marriage by playing the
    lower card: the king and queen are kept out of the run of equivalent cards. (Found by
    searching random endgames: treating them as one run lost 93 points here.)"""
    state = endgame(th.Rules.classic(), 1017, 2)
    assert solve(state).value == unpruned_value(state)


def unpruned_value(state: th.State) -> int:
    """The solved value with no pruning of equivalent cards at all."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Search, "_equivalents", lambda self, seat, allowed: allowed)
        return solve(state).value
