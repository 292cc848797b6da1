"""Agreement tests: the restrictions (Throw off Barrel, Several Players on Barrel, Don't Expose on
100, Quiet Drop, Round Own Points, More than 1000 to Win, No Jumping, 900 Points for Barrel).

Each test plays one exact deal with and without the agreement and shows the difference it makes
(A4, A5, A16, A24, A26 of ``rulings.md``). The deals and their hand-worked points are in
``scenario.py`` and ``agreement_deals.py``:

* MAIN (dealer 0): seat 1 declarer at 110 with 113 points (made); seat 0 takes 187 (-> 185);
  seat 2 takes nothing (a bolt under the standard rules unless it is on the barrel).
* SWEEP (any dealer): the opener bids 100 and takes all 120 card points.
"""

from __future__ import annotations

import pytest

import thousand as th

from .agreement_deals import (
    CLASSIC,
    ROUND,
    STANDARD,
    SWEEP_S,
    auction_deal,
    classic,
    events,
    golden_deal,
    standard,
    trace,
)
from .scenario import MAIN, MAIN_AUCTION, bids, illegal, legal, main, start, steps, sweep

V = th.variants
K = th.EventKind


def contracts(low: int, high: int) -> set[str]:
    return {f"contract {v}" for v in range(low, high + 1, 5)}


# ---------------------------------------------------------------------------------------------
# Throw off Barrel (A16)
# ---------------------------------------------------------------------------------------------


def test_agreement_throw_off_barrel_the_seat_already_on_comes_off_with_the_penalty() -> None:
    # MAIN: seat 0 goes from 700 by 185 to 885 and climbs on at 880 (R-BARREL-1); seat 2 sat on
    # the barrel from the start and takes nothing: it uses a barrel deal and gets no bolt.
    record = main(STANDARD, scores=(700, 0, 880)).sheet[-1]
    assert record.scores == (880, 110, 880)
    assert record.changes == (180, 110, 0)
    assert record.barrel == (0, None, 1)
    assert record.bolts == (0, 0, 0)
    assert events(record) == {(K.CLIMBED_ON_BARREL, 0, 0), (K.BARREL_DEAL_USED, 2, 0)}

    # Throw off Barrel: seat 0 climbing on throws seat 2 off with the penalty: 880 - 120 = 760.
    record = main(standard(V.throw_off_barrel), scores=(700, 0, 880)).sheet[-1]
    assert record.scores == (880, 110, 760)
    assert record.changes == (180, 110, -120)
    assert record.barrel == (0, None, None)
    assert events(record) == {
        (K.CLIMBED_ON_BARREL, 0, 0),
        (K.BARREL_DEAL_USED, 2, 0),
        (K.THROWN_OFF_BARREL, 2, -120),
    }


def test_agreement_throw_off_barrel_seats_climbing_together_do_not_throw_each_other_off() -> None:
    # MAIN: seat 0 700 + 185 = 885 and seat 1 780 + 110 = 890 both climb on at 880 (A16).
    for rules in (STANDARD, standard(V.throw_off_barrel)):
        record = main(rules, scores=(700, 780, 0)).sheet[-1]
        assert record.scores == (880, 880, 0)
        assert record.barrel == (0, 0, None)
        assert not {e.kind for e in record.events} & {K.THROWN_OFF_BARREL, K.SHARED_BARREL}


# ---------------------------------------------------------------------------------------------
# Several Players on Barrel (A16)
# ---------------------------------------------------------------------------------------------


def test_agreement_several_players_on_barrel_a_climber_beside_another_comes_off() -> None:
    # Seat 2 is on the barrel, seat 0 climbs on beside it (MAIN from 700). The standard rules let
    # both sit there (R-BARREL-5); with the agreement the climber comes off with the penalty
    # (880 - 120 = 760) and the seat already there stays, using a barrel deal.
    record = main(STANDARD, scores=(700, 0, 880)).sheet[-1]
    assert record.barrel == (0, None, 1)
    assert record.scores == (880, 110, 880)

    record = main(standard(V.several_players_on_barrel), scores=(700, 0, 880)).sheet[-1]
    assert record.scores == (760, 110, 880)
    assert record.changes == (60, 110, 0)
    assert record.barrel == (None, None, 1)
    assert events(record) == {
        (K.CLIMBED_ON_BARREL, 0, 0),
        (K.SHARED_BARREL, 0, -120),
        (K.BARREL_DEAL_USED, 2, 0),
    }


def test_agreement_several_players_on_barrel_two_climbing_together_both_come_off() -> None:
    # MAIN from (700, 780, 0): seats 0 and 1 both climb on (885 and 890 -> 880); seat 2 takes
    # nothing and gets a bolt.
    record = main(STANDARD, scores=(700, 780, 0)).sheet[-1]
    assert record.scores == (880, 880, 0)
    assert record.barrel == (0, 0, None)

    record = main(standard(V.several_players_on_barrel), scores=(700, 780, 0)).sheet[-1]
    assert record.scores == (760, 760, 0)
    assert record.changes == (60, -20, 0)
    assert record.barrel == (None, None, None)
    assert record.bolts == (0, 0, 1)
    assert events(record) == {
        (K.CLIMBED_ON_BARREL, 0, 0),
        (K.CLIMBED_ON_BARREL, 1, 0),
        (K.SHARED_BARREL, 0, -120),
        (K.SHARED_BARREL, 1, -120),
        (K.BOLT, 2, 0),
    }


def test_agreement_several_players_on_barrel_with_throw_off_the_throw_off_acts_first() -> None:
    # A16: seat 0 climbing throws seat 2 off first (760); then seat 0 is alone on the barrel and
    # stays there.
    rules = standard(V.several_players_on_barrel, V.throw_off_barrel)
    record = main(rules, scores=(700, 0, 880)).sheet[-1]
    assert record.scores == (880, 110, 760)
    assert record.barrel == (0, None, None)
    assert K.SHARED_BARREL not in {e.kind for e in record.events}
    assert (K.THROWN_OFF_BARREL, 2, -120) in events(record)


# ---------------------------------------------------------------------------------------------
# Don't Expose on 100 and Quiet Drop (A26): what a seat sees. The state is the full information
# of the game, so these agreements change no legal action and no score: the same deal is played
# move for move, and the talon and gives are recorded all the same.
# ---------------------------------------------------------------------------------------------

SWEEP_AT_100: list[str | th.Deal] = [
    SWEEP_S.deal(0),
    *steps("bid 100; pass; pass"),
    *SWEEP_S.gives(0),
    "contract 120",
    *SWEEP_S.tricks(),
]


@pytest.mark.parametrize("base", [CLASSIC, STANDARD], ids=["classic", "standard"])
def test_agreement_dont_expose_on_100_changes_no_play_and_no_score(base: th.Rules) -> None:
    rules = base.with_agreements(V.dont_expose_on_100)
    assert base.talon.expose_on_100 and not rules.talon.expose_on_100
    seen_without, without = trace(base, SWEEP_AT_100)
    seen_with, with_ = trace(rules, SWEEP_AT_100)
    assert seen_with == seen_without
    assert with_.sheet == without.sheet
    # SWEEP at 120 (the bid was 100): seat 1 +120, seats 0 and 2 take nothing.
    assert with_.sheet[-1].changes == (0, 120, 0)
    assert with_.sheet[-1].bid == 100
    # The taken talon stays part of the (full-information) state.
    taken = start(rules, SWEEP_S.deal(0), "bid 100; pass; pass").taken_talon
    assert taken == frozenset(th.cards("TD AH TH"))


@pytest.mark.parametrize("base", [CLASSIC, STANDARD], ids=["classic", "standard"])
def test_agreement_quiet_drop_changes_no_play_and_no_score(base: th.Rules) -> None:
    rules = base.with_agreements(V.quiet_drop)
    assert not base.talon.quiet_drop and rules.talon.quiet_drop
    seen_without, without = trace(base, SWEEP_AT_100)
    seen_with, with_ = trace(rules, SWEEP_AT_100)
    assert seen_with == seen_without
    assert with_.sheet == without.sheet
    assert with_.sheet[-1].changes == (0, 120, 0)
    state = start(rules, SWEEP_S.deal(0), ["bid 100", "pass", "pass", *SWEEP_S.gives(0)])
    assert state.gives == ((th.Card.parse("AH"), 2), (th.Card.parse("TH"), 0))


# ---------------------------------------------------------------------------------------------
# Round Own Points (A24)
# ---------------------------------------------------------------------------------------------


def test_agreement_round_own_points_113_makes_a_contract_of_115() -> None:
    # MAIN at contract 115: seat 1 takes 113 points. Unrounded 113 < 115 fails (-115); rounded
    # (R-SCORE-3: remainder 3 rounds up) 115 >= 115 makes it (+115).
    record = main(STANDARD, 115).sheet[-1]
    assert record.points == (187, 113, 0)
    assert record.made is False
    assert record.changes == (185, -115, 0)

    record = main(standard(V.round_own_points), 115).sheet[-1]
    assert record.points == (187, 113, 0)  # the deal points themselves are not rounded
    assert record.made is True
    assert record.changes == (185, 115, 0)


def test_agreement_round_own_points_does_not_round_up_past_the_contract() -> None:
    # 113 rounds to 115, which does not reach a contract of 120.
    record = main(standard(V.round_own_points), 120).sheet[-1]
    assert record.made is False
    assert record.changes == (185, -120, 0)


def test_agreement_round_own_points_118_makes_120() -> None:
    # ROUND (dealer 0) at 120: seat 1 takes 118 (rounds to 120); seat 2 takes 2 (-> 0), seat 0
    # nothing (a bolt).
    record = auction_deal(th.new_game(STANDARD), ROUND, 120).sheet[-1]
    assert record.points == (0, 118, 2)
    assert (record.made, record.changes) == (False, (0, -120, 0))
    record = auction_deal(th.new_game(standard(V.round_own_points)), ROUND, 120).sheet[-1]
    assert (record.made, record.changes) == (True, (0, 120, 0))
    assert record.bolts == (1, 0, 0)


def test_agreement_round_own_points_on_the_barrel_the_win_uses_unrounded_points() -> None:
    # A24: seat 1 on the barrel declares ROUND at 120. Rounded, 118 makes the contract; the
    # standard barrel win needs 880 + 118 = 998 >= 1000: no win (rounded it would be 1000).
    rules = standard(V.round_own_points)
    state = auction_deal(th.new_game(rules, scores=(0, 880, 0)), ROUND, 120)
    record = state.sheet[-1]
    assert record.made is True
    assert record.scores == (0, 880, 0)
    assert record.barrel == (None, 1, None)
    assert not state.is_terminal
    assert {e.kind for e in record.events} == {K.BARREL_DEAL_USED, K.BOLT}


def test_agreement_round_own_points_a_golden_deal_is_made_with_118() -> None:
    # A24: "made" in a golden deal. Golden ROUND: unrounded 118 < 120 is not made (-240);
    # rounded it is made (+240): the round will end after its third deal (A11).
    state = golden_deal(th.new_game(standard(V.golden_round)), ROUND)
    assert state.sheet[-1].changes == (0, -240, 0)
    assert (state.golden_index, state.golden_made) == (1, False)
    state = golden_deal(th.new_game(standard(V.golden_round, V.round_own_points)), ROUND)
    assert state.sheet[-1].changes == (0, 240, 0)
    assert (state.golden_index, state.golden_made) == (1, True)


# ---------------------------------------------------------------------------------------------
# More than 1000 to Win (A4)
# ---------------------------------------------------------------------------------------------


def test_agreement_more_than_1000_to_win_1000_is_not_enough() -> None:
    # Classic MAIN: seat 0 from 815 takes 185 -> 1000. Classic: it jumped the barrel and won.
    state = main(CLASSIC, scores=(815, 0, 0))
    assert state.scores == (1000, 110, 0)
    assert state.is_terminal and state.winner == 0

    # Target 1005: 1000 lies in the barrel band [880, 1005): seat 0 climbs on at 880 (A4).
    rules = classic(V.more_than_1000_to_win)
    assert rules.scoring.target == 1005
    state = main(rules, scores=(815, 0, 0))
    assert state.scores == (880, 110, 0)
    assert state.barrel == (0, None, None)
    assert not state.is_terminal and state.winner is None
    assert {e.kind for e in state.sheet[-1].events} == {K.CLIMBED_ON_BARREL}

    # From 820 it reaches 1005 and jumps (classic) to the win.
    state = main(rules, scores=(820, 0, 0))
    assert state.scores == (1005, 110, 0)
    assert state.is_terminal and state.winner == 0


def test_agreement_more_than_1000_to_win_a_barrel_win_needs_1005() -> None:
    # Classic, seat 1 on the barrel declares SWEEP at 120: 880 + 120 = 1000. Target 1000: it
    # wins. Target 1005 (A4): not a win; its score stays and it uses a barrel deal.
    state = sweep(th.new_game(CLASSIC, scores=(0, 880, 0)), 120)
    assert state.scores == (0, 1000, 0)
    assert state.winner == 1

    state = sweep(th.new_game(classic(V.more_than_1000_to_win), scores=(0, 880, 0)), 120)
    assert state.scores == (0, 880, 0)
    assert state.barrel == (None, 1, None)
    assert not state.is_terminal
    assert {e.kind for e in state.sheet[-1].events} == {K.BARREL_DEAL_USED}


# ---------------------------------------------------------------------------------------------
# No Jumping (A5)
# ---------------------------------------------------------------------------------------------


def test_agreement_no_jumping_only_the_next_step_is_a_legal_bid() -> None:
    # MAIN (standard, dealer 0): seat 1 opens holding marriages (limit 400); seat 2 holds none
    # (limit 120).
    state = start(STANDARD, MAIN)
    assert legal(state) == bids(100, 400)
    assert legal(th.apply(state, th.parse_action("bid 100"))) == {"pass"} | bids(105, 120)

    rules = standard(V.no_jumping)
    state = start(rules, MAIN)
    assert legal(state) == {"bid 100"}  # the opener's first bid is exactly 100
    illegal(state, "bid 105", "jumps: only 100 is allowed (No Jumping, A5)")
    state = th.apply(state, th.parse_action("bid 100"))
    assert legal(state) == {"pass", "bid 105"}
    illegal(state, "bid 110", "jumps: only 105 is allowed (No Jumping, A5)")


def test_agreement_no_jumping_the_contract_may_still_be_raised_freely() -> None:
    # MAIN_AUCTION is played in steps of 5 (100, 105, 110); seat 1's eight cards hold the ♠ and
    # ♥ marriages, so its contract may be anything from 110 to 400 (A5).
    for rules in (STANDARD, standard(V.no_jumping)):
        state = start(rules, MAIN, MAIN_AUCTION)
        assert legal(state) == contracts(110, 400)


# ---------------------------------------------------------------------------------------------
# 900 Points for Barrel
# ---------------------------------------------------------------------------------------------


def test_agreement_barrel_900_885_is_below_the_barrel() -> None:
    # MAIN: seat 0 from 700 takes 185 -> 885: on the barrel at 880 in the standard rules; below
    # the threshold 900 with the agreement.
    state = main(STANDARD, scores=(700, 0, 0))
    assert state.scores == (880, 110, 0)
    assert state.barrel == (0, None, None)

    rules = standard(V.barrel_900)
    assert rules.barrel.threshold == 900
    state = main(rules, scores=(700, 0, 0))
    assert state.scores == (885, 110, 0)
    assert state.barrel == (None, None, None)
    assert state.sheet[-1].changes == (185, 110, 0)

    # From 715: 900 lands on the new threshold and climbs on.
    state = main(rules, scores=(715, 0, 0))
    assert state.scores == (900, 110, 0)
    assert state.barrel == (0, None, None)


def test_agreement_barrel_900_the_starting_barrel_score_is_900() -> None:
    rules = standard(V.barrel_900)
    assert th.new_game(rules, scores=(900, 0, 0)).barrel == (0, None, None)
    assert th.new_game(rules, scores=(880, 0, 0)).barrel == (None, None, None)
    with pytest.raises(ValueError):
        th.new_game(STANDARD, scores=(900, 0, 0))
