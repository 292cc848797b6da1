"""The perfect-information solver against brute force on endgames, and its contract."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand.solver import can_make, solve

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
