"""Ruling tests: deal scoring, bolts and distribution (R-SCORE-1 … R-SCORE-4, R-BOLT-1,
R-BOLT-2, R-DIST-1).

The deals and their hand-worked points are in ``scenario.py``; the expected score changes are
worked out here from the rulings.
"""

from __future__ import annotations

import pytest

import thousand as th

from .scenario import (
    LOSE_PLAY_B,
    MAIN,
    MARRIAGE_ONLY,
    MARRIAGE_ONLY_AUCTION,
    MARRIAGE_ONLY_PLAY,
    double,
    illegal,
    legal,
    lose,
    main,
    run,
    start,
    steps,
    sweep,
    tricks,
    trump,
)

CLASSIC = th.Rules.classic()
STANDARD = th.Rules.standard()
PRESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(STANDARD, id="standard")]
H, D, C = th.Suit.HEARTS, th.Suit.DIAMONDS, th.Suit.CLUBS
K = th.EventKind


def kinds(record: th.DealRecord) -> set[tuple[th.EventKind, int]]:
    """The sheet events of a record as (kind, seat) pairs."""
    return {(e.kind, e.seat) for e in record.events}


def marriage_only(state: th.State) -> th.State:
    """Play MARRIAGE_ONLY (standard rules, dealer 0) from the chance node of a deal."""
    assert state.dealer == 0
    state = th.apply(state, MARRIAGE_ONLY)
    return run(state, [*steps(MARRIAGE_ONLY_AUCTION), *tricks(MARRIAGE_ONLY_PLAY)])


# ---------------------------------------------------------------------------------------------
# R-SCORE-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_score_1_deal_points_are_card_points_plus_declared_marriages(rules: th.Rules) -> None:
    record = main(rules).sheet[-1]
    assert record.card_points == (107, 13, 0)
    assert record.points == (107 + 80, 13 + 100, 0)  # seat 1's undeclared ♠ marriage: nothing
    assert record.marriages == ((1, H), (0, D))
    record = trump(rules, 100).sheet[-1]
    assert record.card_points == (0, 34, 86)
    assert record.points == (0, 34 + 100 + 80, 86)
    record = double(rules, 130).sheet[-1]
    assert record.card_points == (0, 35, 85)
    assert record.points == (0, 35 + 100, 85 + 80 + 60)
    assert record.marriages == ((1, H), (2, D), (2, C))


@pytest.mark.parametrize("rules", PRESETS)
def test_r_score_1_held_marriages_that_are_not_declared_score_nothing(rules: th.Rules) -> None:
    # SWEEP: the second seat holds ♣, ♦ and ♥ marriages but never leads.
    record = sweep(th.new_game(rules)).sheet[-1]
    assert record.points == record.card_points == (0, 120, 0)
    assert record.marriages == ()


# ---------------------------------------------------------------------------------------------
# R-SCORE-2
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    ("contract", "made", "change"), [(110, True, 110), (115, False, -115), (260, False, -260)]
)
def test_r_score_2_declarer_scores_plus_or_minus_the_contract(
    rules: th.Rules, contract: int, made: bool, change: int
) -> None:
    # MAIN: the declarer (seat 1) has 113 deal points at bid 110.
    state = main(rules, contract)
    record = state.sheet[-1]
    assert (record.declarer, record.bid, record.contract, record.made) == (1, 110, contract, made)
    assert record.changes == (185, change, 0)
    assert state.scores == (185, change, 0)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_score_2_short_by_one_point_loses_the_contract(rules: th.Rules) -> None:
    # TRUMP: seat 1 takes 214; 210 is made, 215 is lost.
    assert trump(rules, 210).sheet[-1].changes == (0, 210, 85)
    record = trump(rules, 215).sheet[-1]
    assert record.made is False
    assert record.changes == (0, -215, 85)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_score_2_exactly_the_contract_is_made(rules: th.Rules) -> None:
    record = double(rules, 135).sheet[-1]  # DOUBLE: seat 1 takes exactly 135
    assert record.made is True
    assert record.changes == (0, 135, 225)


def test_r_score_2_a_failed_contract_can_make_the_score_negative() -> None:
    state = lose(th.new_game(CLASSIC))  # LOSE: the declarer (seat 1) takes nothing
    assert state.sheet[-1].made is False
    assert state.scores == (15, -100, 105)


# ---------------------------------------------------------------------------------------------
# R-SCORE-3
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    ("play", "points", "changes"),
    [
        # LOSE, dealer 0: seat 1 declarer (0), seat 2 second, seat 0 third.
        ("A", (13, 0, 107), (15, -100, 105)),  # 13 -> 15 (3 up), 107 -> 105 (2 down)
        ("B", (14, 0, 106), (15, -100, 105)),  # 14 -> 15 (4 up), 106 -> 105 (1 down)
    ],
)
def test_r_score_3_opponents_round_to_the_nearest_5(
    rules: th.Rules, play: str, points: tuple[int, int, int], changes: tuple[int, int, int]
) -> None:
    state = th.new_game(rules)
    state = lose(state) if play == "A" else lose(state, play=LOSE_PLAY_B)
    record = state.sheet[-1]
    assert record.points == points
    assert record.changes == changes


@pytest.mark.parametrize("rules", PRESETS)
def test_r_score_3_rounding_in_the_other_deals(rules: th.Rules) -> None:
    assert main(rules).sheet[-1].changes[0] == 185  # 187 -> 185
    assert trump(rules, 100).sheet[-1].changes[2] == 85  # 86 -> 85
    assert double(rules, 130).sheet[-1].changes[2] == 225  # 225 stays
    assert main(rules).sheet[-1].changes[2] == 0  # 0 stays


def test_r_score_3_marriage_only_deal_rounds_both_ways() -> None:
    record = marriage_only(th.new_game(STANDARD)).sheet[-1]
    assert record.points == (131, 100, 69)
    assert record.changes == (130, 100, 70)  # 131 -> 130, 69 -> 70


@pytest.mark.parametrize("rules", PRESETS)
def test_r_score_3_the_declarers_points_are_not_rounded(rules: th.Rules) -> None:
    # 214 would round to 215 and make the contract 215; unrounded it fails.
    assert trump(rules, 215).sheet[-1].changes[1] == -215


# ---------------------------------------------------------------------------------------------
# R-SCORE-4
# ---------------------------------------------------------------------------------------------


def test_r_score_4_bolt_penalty_comes_before_the_barrel() -> None:
    # Standard, dealer 1: two sweeps leave seat 1 (at 790) with two bolts.
    state = th.new_game(STANDARD, dealer=1, scores=(0, 790, 0))
    state = sweep(sweep(state))  # declarers seat 2, then seat 0
    assert state.bolts == (1, 2, 1)
    assert state.scores == (120, 790, 120)
    # MARRIAGE_ONLY: seat 1 makes 100 with no card points: 790 + 100 = 890, then the third bolt
    # (-120) gives 770, below the barrel. (Barrel first would have held it at 880.)
    state = marriage_only(state)
    record = state.sheet[-1]
    assert record.changes == (130, -20, 70)
    assert state.scores == (250, 770, 190)
    assert state.bolts == (1, 0, 1)
    assert state.barrel == (None, None, None)
    assert kinds(record) == {(K.BOLT, 1), (K.BOLT_PENALTY, 1)}


def test_r_score_4_barrel_comes_before_the_end_of_the_game() -> None:
    # Standard: seat 0 at 815 takes 185 as an opponent: 1000, but it is held at the threshold
    # before the end of the game is judged, so the game goes on.
    state = main(STANDARD, scores=(815, 0, 0))
    assert state.scores == (880, 110, 0)
    assert state.barrel == (0, None, None)
    assert not state.is_terminal and state.winner is None


def test_r_score_4_deal_score_then_barrel_for_a_seat_on_the_barrel() -> None:
    # Classic: seat 0 on the barrel takes 187 as an opponent; the barrel keeps its score.
    state = main(CLASSIC, scores=(880, 0, 0))
    assert state.sheet[-1].changes == (0, 110, 0)
    assert state.barrel == (1, None, None)


# ---------------------------------------------------------------------------------------------
# R-BOLT-1
# ---------------------------------------------------------------------------------------------


def test_r_bolt_1_classic_has_no_bolts() -> None:
    assert CLASSIC.bolts.enabled is False
    state = sweep(main(CLASSIC))  # MAIN: seat 2 takes nothing; the sweep: seats 0 and 1
    assert state.bolts == (0, 0, 0)
    assert all(e.kind not in (K.BOLT, K.BOLT_PENALTY) for r in state.sheet for e in r.events)


def test_r_bolt_1_standard_opponent_without_card_points_gets_a_bolt() -> None:
    state = main(STANDARD)
    assert state.bolts == (0, 0, 1)
    assert kinds(state.sheet[-1]) == {(K.BOLT, 2)}
    state = sweep(th.new_game(STANDARD))  # both opponents (seats 2 and 0) take nothing
    assert state.bolts == (1, 0, 1)
    assert state.scores == (0, 120, 0)


def test_r_bolt_1_standard_declarer_gets_a_bolt_too() -> None:
    state = lose(th.new_game(STANDARD))
    assert state.bolts == (0, 1, 0)
    assert kinds(state.sheet[-1]) == {(K.BOLT, 1)}


def test_r_bolt_1_marriage_points_do_not_count_and_nines_are_a_bolt() -> None:
    # MARRIAGE_ONLY: seat 1 won only a trick of three nines and declared ♥ (100).
    state = marriage_only(th.new_game(STANDARD))
    record = state.sheet[-1]
    assert record.card_points == (51, 0, 69)
    assert record.made is True
    assert state.bolts == (0, 1, 0)
    assert kinds(record) == {(K.BOLT, 1)}


def test_r_bolt_1_no_bolt_on_the_barrel() -> None:
    state = main(STANDARD, scores=(0, 0, 880))  # seat 2 takes no card points
    assert state.bolts == (0, 0, 0)
    assert state.barrel == (None, None, 1)
    assert kinds(state.sheet[-1]) == {(K.BARREL_DEAL_USED, 2)}


# ---------------------------------------------------------------------------------------------
# R-BOLT-2
# ---------------------------------------------------------------------------------------------


def test_r_bolt_2_third_bolt_over_the_game_costs_120_and_restarts_the_count() -> None:
    # Standard, dealer 0: four sweeps, declarers 1, 2, 0, 1; the other two get bolts.
    state = th.new_game(STANDARD)
    seen = []
    for _ in range(4):
        state = sweep(state)
        seen.append((state.bolts, state.scores))
    assert seen == [
        ((1, 0, 1), (0, 120, 0)),
        ((2, 1, 1), (0, 120, 120)),
        ((2, 2, 2), (120, 120, 120)),  # seat 0 had no bolt in deal 3: the count is over the game
        ((0, 2, 0), (0, 240, 0)),
    ]
    record = state.sheet[-1]
    assert record.changes == (-120, 120, -120)
    assert kinds(record) == {(K.BOLT, 0), (K.BOLT_PENALTY, 0), (K.BOLT, 2), (K.BOLT_PENALTY, 2)}
    assert {e.amount for e in record.events if e.kind is K.BOLT_PENALTY} == {-120}


def test_r_bolt_2_distribution_bolts_count_toward_the_penalty() -> None:
    # Seat 1 distributes three times (R-DIST-1): -100, -105, -105, then the penalty.
    state = start(STANDARD, MAIN, "bid 100; pass; pass; distribute")
    assert state.bolts == (0, 1, 0)
    state = th.apply(state, MAIN)  # dealer 1: seat 2 opens
    state = run(state, "bid 100; pass; bid 105; pass; distribute")
    assert state.bolts == (0, 2, 0)
    state = th.apply(state, MAIN)  # dealer 2: seat 0 opens
    state = run(state, "bid 100; bid 105; pass; pass; distribute")
    assert state.sheet[-1].declarer == 1
    assert state.bolts == (0, 0, 0)
    assert state.sheet[-1].changes == (55, -105 - 120, 55)
    assert state.scores == (50 + 55 + 55, -100 - 105 - 105 - 120, 50 + 55 + 55)


def test_r_bolt_2_classic_never_penalises() -> None:
    state = th.new_game(CLASSIC)
    for _ in range(4):
        state = sweep(state)
    assert state.scores == (120, 240, 120)
    assert state.bolts == (0, 0, 0)


# ---------------------------------------------------------------------------------------------
# R-DIST-1
# ---------------------------------------------------------------------------------------------


def test_r_dist_1_classic_has_no_distribution() -> None:
    state = start(CLASSIC, MAIN, "bid 100; pass; pass")
    assert "distribute" not in legal(state)
    illegal(state, "distribute", "not in the rules")


def test_r_dist_1_standard_declarer_loses_the_bid_opponents_get_half() -> None:
    # Seat 0 wins at 105 and distributes: -105; 105 / 2 = 52.5 -> 55 to seats 1 and 2.
    state = start(STANDARD, MAIN, "bid 100; pass; bid 105; pass")
    assert state.declarer == 0
    assert "distribute" in legal(state)
    state = run(state, "distribute")
    record = state.sheet[-1]
    assert (record.declarer, record.bid, record.contract, record.made) == (0, 105, 105, None)
    assert record.changes == (-105, 55, 55)
    assert state.scores == (-105, 55, 55)
    assert state.bolts == (1, 0, 0)  # the opponents get no bolt though they took nothing
    assert (K.BOLT, 0) in kinds(record)
    assert (K.BOLT, 1) not in kinds(record) and (K.BOLT, 2) not in kinds(record)
    assert state.phase is th.Phase.DEALING and state.deal_number == 2
    assert isinstance(state.history[-1], th.Distribute)  # no card was played


@pytest.mark.parametrize(
    ("bid", "half"), [(100, 50), (105, 55), (110, 55), (115, 60), (120, 60), (255, 130)]
)
def test_r_dist_1_half_the_bid_rounded_half_up(bid: int, half: int) -> None:
    state = start(STANDARD, MAIN, f"bid {bid}; pass; pass; distribute")
    assert state.sheet[-1].changes == (half, -bid, half)


def test_r_dist_1_only_before_the_first_give() -> None:
    state = start(STANDARD, MAIN, "bid 100; pass; pass; give 9C 2")
    assert "distribute" not in legal(state)
    illegal(state, "distribute", "before its first give")


def test_r_dist_1_not_for_a_declarer_on_the_barrel() -> None:
    state = start(STANDARD, MAIN, "bid 100; pass; pass", scores=(0, 880, 0))
    assert "distribute" not in legal(state)
    assert len(legal(state)) == 20  # the gives alone
    illegal(state, "distribute", "barrel")


def test_r_dist_1_opponent_on_the_barrel_gets_nothing_and_uses_a_deal() -> None:
    state = start(STANDARD, MAIN, "bid 100; pass; pass; distribute", scores=(880, 0, 0))
    assert state.sheet[-1].changes == (0, -100, 50)
    assert state.scores == (880, -100, 50)
    assert state.barrel == (1, None, None)


def test_r_dist_1_opponent_below_the_barrel_climbs_on_with_its_half() -> None:
    state = start(STANDARD, MAIN, "bid 100; pass; pass; distribute", scores=(830, 0, 0))
    assert state.scores == (880, -100, 50)
    assert state.barrel == (0, None, None)
    # Half of 250 = 125 takes seat 2 from 875 to 1000: standard holds it at the threshold.
    state = start(STANDARD, MAIN, "bid 250; pass; pass; distribute", scores=(0, 0, 875))
    assert state.scores == (125, -250, 880)
    assert state.barrel == (None, None, 0)
    assert not state.is_terminal and state.winner is None
