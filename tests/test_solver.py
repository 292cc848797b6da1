"""The perfect-information solver against brute force on endgames, against the solver of
version 0.1 (tests/old_solver.py) on whole deals, and its contract."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand.rules import Players
from thousand.solver import Solver, _Search, can_make, solve

from . import old_solver


def rule_sets(players: Players) -> dict[str, th.Rules]:
    """The rules the solver is checked under, at a table of ``players``."""
    return {
        "classic": th.Rules.classic(players=players),
        "standard": th.Rules.standard(players=players),
        "agreements": th.Rules.standard(players=players).with_agreements(
            th.variants.ace_marriage,
            th.variants.dont_allow_opponent_trumps,
            th.variants.trumps_in_first_move,
            th.variants.should_play_with_trumps,
        ),
    }


RULES = rule_sets(3)
#: At a table of four (four-players.md): the same rules, the dealer sitting out (R-FOUR-1).
RULES_FOUR = rule_sets(4)
TABLES = {3: RULES, 4: RULES_FOUR}


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
    """A random deal played at random until ``tricks`` tricks are complete, and a little more;
    dealt by seat 0 at a table of three, at a table of four by each seat (and so with each
    sitter) as likely."""
    rng = random.Random(seed)
    dealer = seed % 4 if rules.table.players == 4 else 0
    state = th.new_game(rules, dealer=dealer)
    while not (state.phase is th.Phase.PLAYING and len(state.tricks) >= tricks):
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        if state.phase is th.Phase.DEALING and state.sheet:
            state = th.new_game(rules, dealer=dealer)
    for _ in range(rng.randrange(3)):
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    return state


@pytest.mark.parametrize("players", [3, 4])
@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32))
def test_solve_matches_brute_force_on_endgames(players: int, rules: str, seed: int) -> None:
    state = endgame(TABLES[players][rules], seed, 5)
    if players == 4:  # the sitter never moves (R-FOUR-1)
        assert state.players == 4 and state.to_move != state.sitter
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


@pytest.mark.parametrize("players", [3, 4])
@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32))
def test_equivalent_card_pruning_changes_no_value(players: int, rules: str, seed: int) -> None:
    """The last seat of a trick, and the second seat of a trick neither follower can take, try
    one card of each run of equivalent cards; searching every card instead gives the same
    value and the same optimal actions, deeper in the deal than brute force reaches."""
    state = endgame(TABLES[players][rules], seed, 3)
    pruned = solve(state)
    with unpruned():
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
    with unpruned():
        return solve(state).value


@contextlib.contextmanager
def unpruned() -> Iterator[None]:
    """The solver without its pruning of equivalent cards: every legal card is searched."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            _Search, "equivalents", lambda self, hand, allowed, good, c0, c1: (good, allowed ^ good)
        )
        patch.setattr(_Search, "dead", lambda self, seat, allowed, ours, c0: allowed)
        yield


def whole_deal(rules: th.Rules, seed: int, dealer: int = 0) -> list[th.State]:
    """Every position of the play of one random deal, from its first lead to its last card."""
    rng = random.Random(seed)
    state = th.new_game(rules, dealer=dealer)
    while state.phase is not th.Phase.PLAYING:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        if state.phase is th.Phase.DEALING and state.sheet:
            state = th.new_game(rules, dealer=dealer)
    positions = []
    number = state.deal_number
    while state.phase is th.Phase.PLAYING and state.deal_number == number:
        positions.append(state)
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    return positions


@pytest.mark.parametrize("rules", sorted(RULES))
@pytest.mark.parametrize("seed", [1, 2])
def test_solve_agrees_with_the_solver_of_0_1_at_every_position_of_a_deal(
    rules: str, seed: int
) -> None:
    """The same value and the same optimal actions, in the same order, as the solver before
    it was sped up, at the first lead, within tricks and in the endgame; can_make says yes at
    the value and no above it."""
    for state in whole_deal(RULES[rules], seed):
        agrees_with_the_solver_of_0_1(state, state)


def agrees_with_the_solver_of_0_1(state: th.State, twin: th.State) -> None:
    """``state`` has the value and the optimal actions, in the same order, that the solver of
    0.1 finds for ``twin`` (the same deal); can_make says yes at the value and no above it."""
    new, old = solve(state), old_solver.solve(twin)
    assert (new.value, new.best) == (old.value, old.best), state.trick
    assert can_make(state, new.value) and not can_make(state, new.value + 1)


def test_solve_agrees_with_the_solver_of_0_1_where_the_declarer_holds_a_whole_suit() -> None:
    """The declarer holds all six hearts and a second marriage, the opponents discard on its
    hearts: the searches lean on the points the leader can cash, the dead tricks and the bounds
    of the root's moves. (The slowest of the solver benchmark's first leads.)"""
    deal = th.Deal.parse(
        "9C 9D AS JS KS QS TC / 9H AH JH KH QH TH KD / 9S AC AD JC JD KC QC / TD QD TS"
    )
    state = th.apply(th.new_game(th.Rules.classic(), dealer=0), deal)
    for action in ("bid 100", "pass", "pass", "give TS 2", "give TD 0", "contract 130"):
        state = th.apply(state, th.parse_action(action))
    assert state.hands[1] == frozenset(th.cards("9H AH JH KH QH TH KD QD"))
    new, old = solve(state), old_solver.solve(state)
    assert (new.value, new.best) == (old.value, old.best)
    assert (new.value, [str(a) for a in new.best]) == (
        259,
        ["play AH", "play TH", "play JH", "play 9H"],
    )


@pytest.mark.parametrize("seed", [3, 4])
def test_a_solver_answers_every_question_about_its_position_alike(seed: int) -> None:
    """One Solver asked can_make for several targets, then value and solve, then can_make
    again, answers as fresh searches do: the table its searches share changes no answer."""
    for state in whole_deal(th.Rules.standard(), seed)[:6]:
        value = solve(state).value
        solver = Solver(state)
        targets = [value + 30, value - 1, value + 1, value, value - 40, value + 2]
        assert [solver.can_make(t) for t in targets] == [t <= value for t in targets]
        assert solver.value() == value
        assert solver.solve() == solve(state)
        assert [solver.can_make(t) for t in targets] == [t <= value for t in targets]


@pytest.mark.parametrize(
    ("players", "seed", "dealer"), [(3, 5, 0), (4, 6, 2)], ids=["three", "four"]
)
@pytest.mark.parametrize("rules", sorted(RULES))
def test_solvers_that_share_a_table_along_a_deal_answer_as_fresh_ones(
    rules: str, players: int, seed: int, dealer: int
) -> None:
    """Solver.at: every position of a deal, solved in order (and then backwards) with the
    table the earlier ones filled, has the value and the optimal actions of a fresh solve; at
    a table of four too (R-FOUR-1)."""
    positions = whole_deal(TABLES[players][rules], seed, dealer)
    fresh = [solve(state) for state in positions]
    solver = Solver(positions[0])
    for order in (positions, positions[::-1]):
        shared = []
        for state in order:
            solver = solver.at(state)
            shared.append(solver.solve())
        assert shared == (fresh if order is positions else fresh[::-1])


def test_a_solver_shares_its_table_only_with_the_same_declarer_and_rules() -> None:
    classic = whole_deal(RULES["classic"], 1)
    declarer = classic[0].declarer

    def first_lead(rules: str, same: bool) -> th.State:
        return next(
            state
            for seed in range(2, 60)
            for state in whole_deal(RULES[rules], seed)[:1]
            if (state.declarer == declarer) is same
        )

    solver = Solver(classic[0])
    with pytest.raises(ValueError, match=r"declarer seat \d cannot share its table with a"):
        solver.at(first_lead("classic", same=False))
    with pytest.raises(ValueError, match="under other rules"):
        solver.at(first_lead("standard", same=True))
    assert solver.at(classic[3]).solve() == solve(classic[3])


@pytest.mark.parametrize("players", [3, 4])
@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32), tricks=st.integers(0, 6))
def test_the_bounds_known_before_a_search_hold_the_value(
    players: int, rules: str, seed: int, tricks: int
) -> None:
    """The points the leader can cash (its sure winners, then the marriages it can declare
    with them, the cheapest cards of the others to follow) and the highest trumps bound the
    points to come, at the start of a trick, on either side of the solved value."""
    rng = random.Random(seed)
    state = endgame(TABLES[players][rules], seed, tricks)
    while state.trick and state.phase is th.Phase.PLAYING:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    if state.phase is not th.Phase.PLAYING:
        return
    declarer = state.declarer
    assert declarer is not None
    to_come = solve(state).value - state.points[declarer]
    search = _Search(state)
    if players == 4:  # the solver searches the three active seats (R-FOUR-1)
        assert search.seats == tuple(sorted(state.active_seats))
        assert search.hands == [state._hands[seat] for seat in search.seats]
    bounds = search.sure(search.to_move, search.trump, search.most())
    low, high, _ = bounds if bounds is not None else (0, search.most(), -1)
    assert low <= to_come <= high <= search.most()


# -- a table of four (four-players.md) --------------------------------------------------------
# The dealer sits out (R-FOUR-1): the solver searches the three active seats, the sitter holds no
# cards and never moves. Its answers are checked against brute force on endgames, the pruning
# and the bounds (the tests above, at four too), against the solver of 0.1 on the same hands
# dealt at a table of three, and on a hand-worked deal.


def at_three(four: th.State, dealer: int) -> th.State:
    """The deal of ``four`` (a game whose history is that one deal) dealt and played at a table
    of three with ``dealer``: the active seats, from the opener, sit at the three seats from
    that dealer's left, so that each holds the same cards and plays them in the same order
    (R-FOUR-1, R-FOUR-2)."""
    rules = attrs.evolve(four.rules, table=th.TableRules(players=3))
    seat = {active: (dealer + 1 + i) % 3 for i, active in enumerate(four.active_seats)}
    state = th.new_game(rules, dealer=dealer)
    for action in four.history:
        if isinstance(action, th.Give):
            action = th.Give(action.card, seat[action.to])
        state = th.apply(state, action)
    assert four.declarer is not None and four.to_move is not None
    assert state.declarer == seat[four.declarer] and state.to_move == seat[four.to_move]
    return state


@pytest.mark.parametrize("rules", sorted(RULES_FOUR))
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r_four_1_solve_at_four_agrees_with_the_solver_of_0_1_on_the_same_hands_at_three(
    rules: str, dealer: int
) -> None:
    """At every position of a deal at a table of four (whichever seat sits out), the value and
    the optimal actions, in the same order, are those the solver of 0.1 finds for the three
    active hands dealt at a table of three; can_make says yes at the value and no above it."""
    for state in whole_deal(RULES_FOUR[rules], dealer, dealer):
        agrees_with_the_solver_of_0_1(state, at_three(state, dealer % 3))


# DRAW of tests/test_analysis.py at a table of four, dealer 1: seat 1 sits out, seat 2 opens
# with the declarer's hand, seat 3 holds the kings and jacks, seat 0 the queens and nines (the
# seats 1, 2 and 0 of the three-player deal). No marriage can be declared: leading the aces and
# tens first, then JS once KS has fallen, seat 2 takes all eight tricks, 120; leading JS at once
# lets seat 3 take it with KS and seat 0 add QS: 9 points lost, 111.
DRAW_FOUR = th.Deal(
    (
        th.cards("AS TS JS AC TC AD TD"),
        th.cards("KS KC JC KD JD KH JH"),
        th.cards("QS 9S QC 9C QD TH QH"),
    ),
    th.cards("AH 9H 9D"),
)


def draw_four(*texts: str) -> th.State:
    state = th.apply(th.new_game(th.Rules.classic(players=4), dealer=1), DRAW_FOUR)
    calls = ["bid 100", "pass", "pass", "give 9H 3", "give 9D 0", "contract 120", *texts]
    for text in calls:
        state = th.apply(state, th.parse_action(text))
    return state


def test_r_four_1_the_solver_on_a_hand_worked_deal_at_four() -> None:
    state = draw_four()
    assert (state.sitter, state.declarer, state.to_move) == (1, 2, 2)
    assert state.hands[1] == frozenset()
    solution = solve(state)
    assert solution.value == 120
    assert [str(a) for a in solution.best] == [
        "play AH", "play AD", "play TD", "play AC", "play TC", "play AS", "play TS"
    ]  # fmt: skip
    assert can_make(state, 120) and not can_make(state, 121)
    # JS led at once: seat 3 must follow, and KS is its only spade.
    after = draw_four("play JS")
    assert solve(after) == th.Solution(111, (th.Play(th.Card.parse("KS")),))
    assert solve(draw_four("play JS", "play KS")).best == (th.Play(th.Card.parse("QS")),)
    assert solve(draw_four("play JS", "play KS", "play 9S")).value == 114


def test_r_four_1_a_solver_shares_its_table_only_with_a_deal_of_the_same_active_seats() -> None:
    """The same declarer with another seat sitting out plays another game of positions."""
    dealer_1 = draw_four()  # seats 2, 3, 0 play, seat 2 declares
    # Dealer 0: seats 1, 2, 3 play; seat 2 (the second to call) declares with the same hand.
    state = th.apply(
        th.new_game(th.Rules.classic(players=4), dealer=0),
        th.Deal((DRAW_FOUR.hands[2], DRAW_FOUR.hands[0], DRAW_FOUR.hands[1]), DRAW_FOUR.talon),
    )
    for text in ("bid 100", "bid 105", "pass", "pass", "give 9H 3", "give 9D 1", "contract 120"):
        state = th.apply(state, th.parse_action(text))
    assert state.declarer == dealer_1.declarer == 2
    with pytest.raises(ValueError, match=r"played by seats 0, 2 and 3 cannot share its table with"):
        Solver(dealer_1).at(state)
    with pytest.raises(ValueError, match=r"declarer seat 2 cannot share its table with a"):
        Solver(dealer_1).at(endgame(RULES_FOUR["classic"], 5, 0))
    assert Solver(state).at(state).solve() == solve(state)
