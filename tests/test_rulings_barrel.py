"""Ruling tests: the barrel and the end of the game (R-BARREL-1 … R-BARREL-6, R-END-1, R-END-2).

A starting score of 880 puts a seat on the barrel with no deal used (``th.new_game``). The deals
and their hand-worked points are in ``scenario.py``:

* MAIN (dealer 0): seat 1 declarer at 110 with 113 points; seat 0 takes 187 (-> 185); seat 2 0.
* TRUMP (dealer 0): seat 1 declarer with 214 points; seat 2 takes 86 (-> 85); seat 0 0.
* DOUBLE (dealer 0): seat 1 declarer with 135 points; seat 2 takes 225; seat 0 0.
* BIG (dealer 0): seat 1 declarer at 100 with 0 points; seat 2 takes 135, seat 0 takes 225.
* SWEEP / LOSE (any dealer): the opener bids 100 and takes all 120 / no card points.
"""

from __future__ import annotations

import attrs
import pytest

import thousand as th

from .scenario import big, double, illegal, lose, main, sweep, trump

CLASSIC = th.Rules.classic()
STANDARD = th.Rules.standard()
PRESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(STANDARD, id="standard")]
K = th.EventKind


def kinds(record: th.DealRecord) -> set[tuple[th.EventKind, int]]:
    """The sheet events of a record as (kind, seat) pairs."""
    return {(e.kind, e.seat) for e in record.events}


def capped(rules: th.Rules, max_deals: int) -> th.Rules:
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=max_deals))


# ---------------------------------------------------------------------------------------------
# R-BARREL-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_barrel_1_threshold_880_target_1000(rules: th.Rules) -> None:
    assert rules.barrel.threshold == 880
    assert rules.scoring.target == 1000
    assert th.new_game(rules, scores=(880, 0, 0)).barrel == (0, None, None)
    assert th.new_game(rules, scores=(875, 0, 0)).barrel == (None, None, None)
    for inside in (885, 995, 1000):
        with pytest.raises(ValueError):
            th.new_game(rules, scores=(0, inside, 0))


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    ("before", "after", "barrel"),
    [(690, 875, None), (695, 880, 0), (700, 880, 0), (810, 880, 0)],
)
def test_r_barrel_1_landing_in_the_band_climbs_on_at_the_threshold(
    rules: th.Rules, before: int, after: int, barrel: int | None
) -> None:
    # MAIN: seat 0 (an opponent) scores 185.
    state = main(rules, scores=(before, 0, 0))
    record = state.sheet[-1]
    assert state.scores[0] == after
    assert record.changes[0] == after - before
    assert state.barrel[0] == barrel
    assert ((K.CLIMBED_ON_BARREL, 0) in kinds(record)) == (barrel is not None)
    assert not state.is_terminal


@pytest.mark.parametrize("rules", PRESETS)
def test_r_barrel_1_a_declarer_climbs_on_too(rules: th.Rules) -> None:
    state = sweep(th.new_game(rules, scores=(0, 790, 0)))  # seat 1 declarer: 790 + 120 = 910
    assert state.scores == (0, 880, 0)
    assert state.barrel == (None, 0, None)


# ---------------------------------------------------------------------------------------------
# R-BARREL-2
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "after"), [(815, 1000), (860, 1045)])
def test_r_barrel_2_classic_jumping_the_barrel_reaches_the_target(before: int, after: int) -> None:
    state = main(CLASSIC, scores=(before, 0, 0))
    assert state.scores == (after, 110, 0)
    assert state.barrel == (None, None, None)
    assert (K.JUMPED_BARREL, 0) in kinds(state.sheet[-1])
    assert state.is_terminal and state.winner == 0


def test_r_barrel_2_standard_no_jump_the_seat_climbs_on_instead() -> None:
    state = main(STANDARD, scores=(815, 0, 0))
    assert state.scores == (880, 110, 0)
    assert state.barrel == (0, None, None)
    assert (K.CLIMBED_ON_BARREL, 0) in kinds(state.sheet[-1])
    assert not state.is_terminal and state.winner is None


def test_r_barrel_2_declarer_jump_classic_and_standard() -> None:
    # TRUMP at 210 (made): seat 1 from 790 reaches 1000.
    state = trump(CLASSIC, 210, scores=(0, 790, 0))
    assert state.scores == (0, 1000, 85)
    assert state.is_terminal and state.winner == 1
    state = trump(STANDARD, 210, scores=(0, 790, 0))
    assert state.scores == (0, 880, 85)
    assert state.barrel == (None, 0, None)
    assert not state.is_terminal


# ---------------------------------------------------------------------------------------------
# R-BARREL-3
# ---------------------------------------------------------------------------------------------


def test_r_barrel_3_classic_declarer_wins_with_threshold_plus_contract() -> None:
    state = sweep(th.new_game(CLASSIC, scores=(0, 880, 0)), 120)  # 880 + 120 = 1000
    assert state.scores == (0, 1000, 0)
    assert state.sheet[-1].changes == (0, 120, 0)
    assert kinds(state.sheet[-1]) == {(K.WON_FROM_BARREL, 1)}
    assert state.is_terminal and state.winner == 1
    state = double(CLASSIC, 130, scores=(0, 880, 0))  # 880 + 130 = 1010
    assert state.scores == (0, 1010, 225)
    assert state.winner == 1


@pytest.mark.parametrize("contract", [100, 115])
def test_r_barrel_3_classic_made_contract_below_the_target_uses_a_deal(contract: int) -> None:
    # The sweep takes all 120 points, but 880 + contract < 1000.
    state = sweep(th.new_game(CLASSIC, scores=(0, 880, 0)), contract)
    assert state.scores == (0, 880, 0)
    assert state.barrel == (None, 1, None)
    assert kinds(state.sheet[-1]) == {(K.BARREL_DEAL_USED, 1)}
    assert not state.is_terminal


def test_r_barrel_3_classic_failing_declarer_loses_the_contract_and_falls_off() -> None:
    state = lose(th.new_game(CLASSIC, scores=(0, 880, 0)))  # contract 100, no points
    assert state.scores == (15, 780, 105)
    assert state.barrel == (None, None, None)
    assert kinds(state.sheet[-1]) == {(K.FELL_OFF_BARREL, 1)}


@pytest.mark.parametrize("rules", PRESETS)
def test_r_barrel_3_an_opponent_on_the_barrel_scores_nothing(rules: th.Rules) -> None:
    # MAIN: seat 0 takes 187 points (880 + 187 >= 1000), but as an opponent it just uses a deal.
    state = main(rules, scores=(880, 0, 0))
    assert state.scores == (880, 110, 0)
    assert state.barrel == (1, None, None)
    assert not state.is_terminal


def test_r_barrel_3_classic_points_beyond_the_contract_do_not_win() -> None:
    # TRUMP at 100: seat 1 takes 214, but classic looks at the contract: 880 + 100 < 1000.
    state = trump(CLASSIC, 100, scores=(0, 880, 0))
    assert state.scores == (0, 880, 85)
    assert state.barrel == (None, 1, None)
    assert not state.is_terminal


def test_r_barrel_3_standard_declarer_wins_with_threshold_plus_points() -> None:
    # SWEEP at 100: 120 points, 880 + 120 = 1000.
    state = sweep(th.new_game(STANDARD, scores=(0, 880, 0)), 100)
    assert state.scores == (0, 1000, 0)
    assert state.is_terminal and state.winner == 1
    # TRUMP at 100: 214 points, 880 + 214 = 1094, rounded down to 1090.
    state = trump(STANDARD, 100, scores=(0, 880, 0))
    assert state.scores == (0, 1090, 85)
    assert state.sheet[-1].changes == (0, 210, 85)
    assert kinds(state.sheet[-1]) >= {(K.WON_FROM_BARREL, 1)}
    assert state.winner == 1


def test_r_barrel_3_standard_made_contract_with_too_few_points_uses_a_deal() -> None:
    state = main(STANDARD, scores=(0, 880, 0))  # 113 points: 880 + 113 = 993
    assert state.scores == (185, 880, 0)
    assert state.barrel == (None, 1, None)
    assert not state.is_terminal


def test_r_barrel_3_standard_failing_declarer_loses_nothing_and_uses_a_deal() -> None:
    state = lose(th.new_game(STANDARD, scores=(0, 880, 0)))
    assert state.scores == (15, 880, 105)
    assert state.barrel == (None, 1, None)
    assert state.bolts == (0, 0, 0)  # on the barrel: no bolt either (R-BOLT-1)
    # TRUMP at 215: 214 points would pass 1000, but the contract failed: no win.
    state = trump(STANDARD, 215, scores=(0, 880, 0))
    assert state.scores == (0, 880, 85)
    assert state.barrel == (None, 1, None)
    assert not state.is_terminal


# ---------------------------------------------------------------------------------------------
# R-BARREL-4
# ---------------------------------------------------------------------------------------------


def test_r_barrel_4_third_deal_costs_120() -> None:
    # Classic, seat 0 on the barrel, dealer 1: declarers 2, 0 (makes 100: no win), 1.
    state = th.new_game(CLASSIC, dealer=1, scores=(880, 0, 0))
    state = sweep(state)
    assert (state.scores, state.barrel) == ((880, 0, 120), (1, None, None))
    state = sweep(state, 100)
    assert (state.scores, state.barrel) == ((880, 0, 120), (2, None, None))
    state = sweep(state)
    assert (state.scores, state.barrel) == ((760, 120, 120), (None, None, None))
    record = state.sheet[-1]
    assert record.changes == (-120, 120, 0)
    assert kinds(record) == {(K.BARREL_PENALTY, 0)}
    assert [e.amount for e in record.events] == [-120]


def test_r_barrel_4_the_climbing_deal_is_not_counted() -> None:
    state = main(CLASSIC, scores=(700, 0, 0))  # deal 1: seat 0 climbs on (185)
    assert (state.scores, state.barrel) == ((880, 110, 0), (0, None, None))
    state = sweep(state)  # deal 2: declarer seat 2
    assert state.barrel == (1, None, None)
    state = sweep(state, 100)  # deal 3: declarer seat 0, 880 + 100 < 1000
    assert state.barrel == (2, None, None)
    state = sweep(state)  # deal 4: declarer seat 1
    assert (state.scores, state.barrel) == ((760, 230, 120), (None, None, None))


def test_r_barrel_4_standard_third_deal_costs_120() -> None:
    # Standard, dealer 1: declarers 2 (sweep), 0 (LOSE: fails, nothing subtracted), 1 (sweep).
    state = th.new_game(STANDARD, dealer=1, scores=(880, 0, 0))
    state = sweep(state)
    assert (state.scores, state.barrel) == ((880, 0, 120), (1, None, None))
    state = lose(state)
    assert (state.scores, state.barrel) == ((880, 105, 135), (2, None, None))
    state = sweep(state)
    assert (state.scores, state.barrel) == ((760, 225, 135), (None, None, None))
    assert (K.BARREL_PENALTY, 0) in kinds(state.sheet[-1])


def test_r_barrel_4_standard_failing_declarer_in_its_third_deal_takes_only_the_penalty() -> None:
    # Dealer 0: declarers 1, 2, then seat 0 itself fails (LOSE) in its third barrel deal:
    # nothing is subtracted for the contract (R-BARREL-3), the third deal costs 120.
    state = th.new_game(STANDARD, dealer=0, scores=(880, 0, 0))
    state = sweep(sweep(state))
    assert (state.scores, state.barrel) == ((880, 120, 120), (2, None, None))
    state = lose(state)
    assert state.scores == (760, 120 + 105, 120 + 15)
    assert state.barrel == (None, None, None)
    assert kinds(state.sheet[-1]) == {(K.BARREL_PENALTY, 0)}


# ---------------------------------------------------------------------------------------------
# R-BARREL-5
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_barrel_5_several_seats_on_the_barrel_at_once(rules: th.Rules) -> None:
    state = th.new_game(rules, dealer=1, scores=(880, 880, 0))
    assert state.barrel == (0, 0, None)
    state = sweep(state)  # declarer seat 2
    assert state.scores == (880, 880, 120)
    assert state.barrel == (1, 1, None)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_barrel_5_two_seats_climb_on_in_one_deal(rules: th.Rules) -> None:
    state = main(rules, scores=(700, 780, 0))  # 700 + 185 = 885, 780 + 110 = 890
    assert state.scores == (880, 880, 0)
    assert state.barrel == (0, 0, None)
    assert kinds(state.sheet[-1]) >= {(K.CLIMBED_ON_BARREL, 0), (K.CLIMBED_ON_BARREL, 1)}


# ---------------------------------------------------------------------------------------------
# R-BARREL-6
# ---------------------------------------------------------------------------------------------


def test_r_barrel_6_classic_failing_declarer_in_its_third_deal_has_no_extra_penalty() -> None:
    # Dealer 0: declarers 1, 2, then seat 0 itself in its third barrel deal (LOSE, 100).
    state = th.new_game(CLASSIC, dealer=0, scores=(880, 0, 0))
    state = sweep(sweep(state))
    assert state.barrel == (2, None, None)
    state = lose(state)
    assert state.scores == (780, 120 + 105, 120 + 15)  # 880 - 100, not 880 - 100 - 120
    assert state.barrel == (None, None, None)
    assert kinds(state.sheet[-1]) == {(K.FELL_OFF_BARREL, 0)}


def test_r_barrel_6_on_the_barrel_means_when_the_deal_began() -> None:
    # Standard: seat 0 falls off with the penalty in deal 3 but still gets no bolt in it, while
    # seat 2 (not on the barrel) does.
    state = th.new_game(STANDARD, dealer=1, scores=(880, 0, 0))
    state = sweep(lose(sweep(state)))
    assert state.barrel == (None, None, None)
    assert state.bolts == (0, 1, 1)
    assert kinds(state.sheet[-1]) == {(K.BARREL_PENALTY, 0), (K.BOLT, 2)}
    # A seat that climbs on in a deal has used none of its deals yet.
    assert main(CLASSIC, scores=(700, 0, 0)).barrel == (0, None, None)


def test_r_barrel_6_a_seat_that_wins_is_not_on_the_barrel() -> None:
    state = sweep(th.new_game(CLASSIC, scores=(0, 880, 0)))
    assert state.winner == 1
    assert state.barrel == (None, None, None)
    assert state.sheet[-1].barrel == (None, None, None)


# ---------------------------------------------------------------------------------------------
# R-END-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_end_1_the_game_goes_on_below_the_target(rules: th.Rules) -> None:
    state = main(rules, scores=(500, 500, 500))
    assert state.scores == (685, 610, 500)
    assert not state.is_terminal and state.phase is th.Phase.DEALING
    assert state.winner is None


@pytest.mark.parametrize("rules", PRESETS)
def test_r_end_1_declarer_reaching_the_target_wins(rules: th.Rules) -> None:
    state = sweep(th.new_game(rules, scores=(0, 880, 0)), 120)
    assert state.is_terminal and state.phase is th.Phase.GAME_OVER
    assert state.winner == 1
    assert state.to_move is None
    assert th.legal_actions(state) == ()
    illegal(state, "bid 100", "over")


def test_r_end_1_an_opponent_alone_at_the_target_wins() -> None:
    state = main(CLASSIC, scores=(815, 0, 0))
    assert state.scores == (1000, 110, 0)
    assert state.winner == 0


@pytest.mark.parametrize("rules", PRESETS)
def test_r_end_1_declarer_wins_even_with_the_lower_score(rules: th.Rules) -> None:
    # DOUBLE at 130, seat 1 on the barrel: classic 880 + 130 = 1010, standard 880 + 135 = 1015.
    # Seat 2 takes 225 from 800: classic jumps to 1025 (higher); standard holds it at 880.
    state = double(rules, 130, scores=(0, 880, 800))
    assert state.scores == ((0, 1010, 1025) if rules == CLASSIC else (0, 1015, 880))
    assert state.is_terminal and state.winner == 1


@pytest.mark.parametrize(
    ("scores", "after", "winner"),
    [
        ((870, 0, 870), (1095, -100, 1005), 0),
        ((775, 0, 870), (1000, -100, 1005), 2),
        ((780, 0, 870), (1005, -100, 1005), None),  # level: a draw
    ],
)
def test_r_end_1_otherwise_the_higher_score_wins_and_a_tie_draws(
    scores: tuple[int, int, int], after: tuple[int, int, int], winner: int | None
) -> None:
    # Classic BIG: the declarer (seat 1) fails at 100; seat 0 takes 225, seat 2 135; both jump.
    state = big(CLASSIC, scores=scores)
    assert state.scores == after
    assert state.is_terminal
    assert state.winner == winner


# ---------------------------------------------------------------------------------------------
# R-END-2
# ---------------------------------------------------------------------------------------------


def test_r_end_2_default_cap_is_200_deals() -> None:
    assert th.Rules().scoring.max_deals == 200
    assert CLASSIC.scoring.max_deals == 200
    assert STANDARD.scoring.max_deals == 200


@pytest.mark.parametrize("rules", PRESETS)
def test_r_end_2_after_the_last_deal_the_highest_score_wins(rules: th.Rules) -> None:
    state = th.new_game(capped(rules, 3))
    state = sweep(sweep(state, 120), 110)  # declarers 1 and 2
    assert not state.is_terminal and state.deal_number == 3
    state = sweep(state, 115)  # declarer 0
    assert state.is_terminal
    assert state.deal_number == 3 and len(state.sheet) == 3
    assert state.scores == (115, 120, 110)  # standard: two bolts each, no penalty yet
    assert state.winner == 1


@pytest.mark.parametrize("rules", PRESETS)
def test_r_end_2_a_tie_for_highest_is_a_draw(rules: th.Rules) -> None:
    state = sweep(sweep(th.new_game(capped(rules, 2))))  # declarers 1 and 2, 120 each
    assert state.scores == (0, 120, 120)
    assert state.is_terminal and state.winner is None


def test_r_end_2_target_reached_in_the_last_deal_is_decided_by_r_end_1() -> None:
    # One deal only: DOUBLE, seat 1 wins from the barrel with 1010 although seat 2 has 1025.
    state = double(capped(CLASSIC, 1), 130, scores=(0, 880, 800))
    assert state.scores == (0, 1010, 1025)
    assert state.winner == 1


def test_r_end_2_one_deal_game_without_target_goes_to_the_highest() -> None:
    state = main(capped(CLASSIC, 1))
    assert state.scores == (185, 110, 0)
    assert state.is_terminal and state.winner == 0
