"""Agreement tests: the penalty charges (Skip Declaring, Score Reset on 555 / on -555, 3 Zero Wins
in a Row / in a Game, Zero after 3 Barrels, Avoid own Bolt, Penalty Amount).

Each test plays exact deals with and without the agreement and shows the difference (A1, A2, A3,
A6, A16, A17, A18 of ``rulings.md``). Deals (``scenario.py``, ``agreement_deals.py``):

* SWEEP (any dealer): the opener bids 100 and takes all 120 card points; the others take none.
* LOSE (any dealer): the opener bids 100 and takes no card points; the second seat in auction
  order takes 107 (-> 105), the third 13 (-> 15).
* MAIN (dealer 0): seat 1 declarer at 110 with 113 points; seat 0 187 (-> 185); seat 2 0.
* BIG (dealer 0): seat 1 declarer at 100 with 0 points; seat 0 takes 225, seat 2 135.
* DUO (any dealer): the opener takes 135 points, the second 225, the third 0.
"""

from __future__ import annotations

import pytest

import thousand as th

from .agreement_deals import (
    CLASSIC,
    DUO,
    LOSE_S,
    STANDARD,
    auction_deal,
    classic,
    events,
    hidden_deal,
    kinds,
    standard,
)
from .scenario import LOSE, MAIN, SWEEP, bids, big, illegal, legal, lose, main, run, start, sweep

V = th.variants
K = th.EventKind


# ---------------------------------------------------------------------------------------------
# Skip Declaring (A2, A6)
# ---------------------------------------------------------------------------------------------


def test_agreement_skip_declaring_a_seat_below_the_value_may_only_pass() -> None:
    # MAIN (dealer 0): seat 1 opens with 100, seat 2 passes; seat 0 (♦ marriage: standard limit
    # 400) is to call. Its score -125 is below -120: skipped.
    without = start(STANDARD, MAIN, "bid 100; pass", scores=(-125, 0, 0))
    assert legal(without) == {"pass"} | bids(105, 400)

    rules = standard(V.skip_declaring(-120))
    state = start(rules, MAIN, "bid 100; pass", scores=(-125, 0, 0))
    assert legal(state) == {"pass"}
    illegal(state, "bid 105", "score -125 is below -120", "(Skip Declaring, A6)")

    # "Less than V" is strict (A2): at exactly -120 the seat bids as usual.
    state = start(rules, MAIN, "bid 100; pass", scores=(-120, 0, 0))
    assert legal(state) == {"pass"} | bids(105, 400)


def test_agreement_skip_declaring_a_skipped_opener_opens_at_100_and_then_only_passes() -> None:
    rules = standard(V.skip_declaring(-120))
    # MAIN: seat 1 is the opener (limit 400) with -125.
    assert legal(start(STANDARD, MAIN, scores=(0, -125, 0))) == bids(100, 400)
    state = start(rules, MAIN, scores=(0, -125, 0))
    assert legal(state) == {"bid 100"}  # the compulsory opening 100 (A6)
    illegal(state, "bid 105", "(Skip Declaring, A6)")
    # Seat 2 overbids with 105, seat 0 passes: the opener may now only pass.
    state = start(rules, MAIN, "bid 100; bid 105; pass", scores=(0, -125, 0))
    assert state.to_move == 1
    assert legal(state) == {"pass"}
    without = start(STANDARD, MAIN, "bid 100; bid 105; pass", scores=(0, -125, 0))
    assert legal(without) == {"pass"} | bids(110, 400)


def test_agreement_skip_declaring_a_skipped_seat_may_still_call_a_redeal() -> None:
    # LOSE (dealer 0): the opener (seat 1) was dealt JS 9S JC 9C JD 9D JH: 8 card points < 9.
    rules = standard(V.skip_declaring(-120), V.reshuffle_on_card_score(9))
    state = start(rules, LOSE.deal(0), scores=(0, -125, 0))
    assert legal(state) == {"bid 100", "redeal"}


# ---------------------------------------------------------------------------------------------
# Score Reset on 555 / on -555
# ---------------------------------------------------------------------------------------------


def test_agreement_score_reset_555_exactly_555_becomes_0() -> None:
    # MAIN: seat 1 makes 110: 445 + 110 = 555.
    record = main(STANDARD, scores=(0, 445, 0)).sheet[-1]
    assert record.scores == (185, 555, 0)

    record = main(standard(V.score_reset_555), scores=(0, 445, 0)).sheet[-1]
    assert record.scores == (185, 0, 0)
    assert record.changes == (185, -445, 0)
    assert (K.SCORE_RESET, 1, 0) in events(record)

    # Only exactly 555: 450 + 110 = 560 stays.
    record = main(standard(V.score_reset_555), scores=(0, 450, 0)).sheet[-1]
    assert record.scores == (185, 560, 0)
    assert K.SCORE_RESET not in {e.kind for e in record.events}
    # -555 is not reset by this agreement, nor 555 by the other one.
    record = main(standard(V.score_reset_minus_555), scores=(0, 445, 0)).sheet[-1]
    assert record.scores == (185, 555, 0)


def test_agreement_score_reset_minus_555_exactly_minus_555_becomes_0() -> None:
    # BIG (standard): seat 1 fails 100 with no card points (a bolt): -455 - 100 = -555.
    record = big(STANDARD, scores=(0, -455, 0)).sheet[-1]
    assert record.scores == (225, -555, 135)
    assert record.bolts == (0, 1, 0)

    record = big(standard(V.score_reset_minus_555), scores=(0, -455, 0)).sheet[-1]
    assert record.scores == (225, 0, 135)
    assert record.changes == (225, 455, 135)
    assert (K.SCORE_RESET, 1, 0) in events(record)
    # The 555 agreement does not reset -555.
    record = big(standard(V.score_reset_555), scores=(0, -455, 0)).sheet[-1]
    assert record.scores == (225, -555, 135)


# ---------------------------------------------------------------------------------------------
# 3 Zero Wins in a Row / in a Game (R-BOLT-2, A17, A1)
# ---------------------------------------------------------------------------------------------


def start_deal(state: th.State, actions: str) -> th.State:
    """Deal SWEEP for the current dealer, then ``actions``."""
    return run(th.apply(state, SWEEP.deal(state.dealer)), actions)


def four_sweeps(rules: th.Rules) -> list[th.DealRecord]:
    """SWEEP at 120 in four deals from dealer 0: the openers are seats 1, 2, 0, 1, and the
    other two seats get a bolt in each deal."""
    state = th.new_game(rules, dealer=0)
    for _ in range(4):
        state = sweep(state, 120)
    return list(state.sheet)


def test_agreement_zero_wins_in_a_row_only_three_bolts_in_a_row_cost_the_penalty() -> None:
    # Bolts by deal: seat 0 in deals 1, 2, 4; seat 1 in 2, 3; seat 2 in 1, 3, 4.
    # Counted over the game (standard): seats 0 and 2 reach their third bolt in deal 4: -120
    # each, counts back to 0; seat 1 holds 2.
    sheet = four_sweeps(STANDARD)
    assert [r.bolts for r in sheet] == [(1, 0, 1), (2, 1, 1), (2, 2, 2), (0, 2, 0)]
    assert sheet[-1].changes == (-120, 120, -120)
    assert sheet[-1].scores == (0, 240, 0)

    # In a row: a deal without a bolt restarts the count (A17): no seat has three in a row.
    sheet = four_sweeps(standard(V.zero_wins_in_a_row))
    assert [r.bolts for r in sheet] == [(1, 0, 1), (2, 1, 0), (0, 2, 1), (1, 0, 2)]
    assert sheet[-1].changes == (0, 120, 0)
    assert sheet[-1].scores == (120, 240, 120)
    assert K.BOLT_PENALTY not in {e.kind for r in sheet for e in r.events}


def test_agreement_zero_wins_in_a_row_three_in_a_row_cost_the_penalty() -> None:
    # SWEEP (opener 1), SWEEP (opener 2), then LOSE at 100 with seat 0 opening: seat 0 has a
    # bolt in each of the three deals (the declarer too, R-BOLT-1): -100 - 120 = -220.
    for rules, bolts in ((STANDARD, (0, 1, 1)), (standard(V.zero_wins_in_a_row), (0, 0, 0))):
        state = sweep(sweep(th.new_game(rules, dealer=0), 120), 120)
        state = lose(state, 100)
        record = state.sheet[-1]
        assert record.changes == (-220, 105, 15)
        assert record.scores == (-220, 225, 135)
        assert (K.BOLT_PENALTY, 0, -120) in events(record)
        assert record.bolts == bolts


def test_agreement_zero_wins_in_a_row_a_distribution_restarts_the_opponents_count() -> None:
    # A17: deal 1 SWEEP (opener 1): seats 0 and 2 get a bolt. Deal 2 (dealer 1): seat 2 opens
    # SWEEP at 100 and distributes: its own bolt; the opponents (seats 0, 1) get none.
    def game(rules: th.Rules) -> th.State:
        state = sweep(th.new_game(rules, dealer=0), 120)
        return start_deal(state, "bid 100; pass; pass; distribute")

    assert game(STANDARD).bolts == (1, 0, 2)
    assert game(standard(V.zero_wins_in_a_row)).bolts == (0, 0, 2)


def test_agreement_zero_wins_in_a_game_is_the_standard_count() -> None:
    rules = standard(V.zero_wins_in_a_game)
    assert rules == STANDARD  # the standard rules count bolts over the game already
    sheet = four_sweeps(rules)
    assert sheet[-1].bolts == (0, 2, 0)
    assert sheet[-1].changes == (-120, 120, -120)
    # Against the count in a row it makes the difference of the previous test.
    row = STANDARD.with_agreements(V.zero_wins_in_a_row)
    assert four_sweeps(row)[-1].changes == (0, 120, 0)


@pytest.mark.parametrize(
    "pair",
    [
        (V.zero_wins_in_a_row, V.zero_wins_in_a_game),
        (V.zero_wins_in_a_game, V.zero_wins_in_a_row),
        (V.three_zero_wins_in_a_row, V.three_zero_wins_in_a_game),
    ],
    ids=["row-game", "game-row", "aliases"],
)
def test_agreement_zero_wins_in_a_row_and_in_a_game_together_are_a_rules_error(
    pair: tuple[th.variants.Agreement, th.variants.Agreement],
) -> None:
    # A1: the two counts together are a RulesError naming both.
    for base in (STANDARD, CLASSIC):
        with pytest.raises(th.RulesError) as info:
            base.with_agreements(*pair)
        message = str(info.value)
        assert "3 Zero Wins in a Row" in message
        assert "3 Zero Wins in a Game" in message


# ---------------------------------------------------------------------------------------------
# Zero after 3 Barrels (A18)
# ---------------------------------------------------------------------------------------------


def test_agreement_zero_after_3_barrels_the_third_fall_sets_the_score_to_0() -> None:
    # Classic with Several Players on Barrel, all three at 760. DUO at 120 in every deal: the
    # opener makes 120 (760 -> 880) and the second seat takes 225 (760 -> 985): both climb on
    # together and both come off at once with the penalty: 880 - 120 = 760 (A16), a fall each
    # (A18). Openers/seconds by deal: 1/2, 2/0, 0/1, 1/2: falls after deal 4: seat 0 two, seats
    # 1 and 2 three.
    def game(rules: th.Rules) -> th.State:
        state = th.new_game(rules, dealer=0, scores=(760, 760, 760))
        for _ in range(4):
            state = auction_deal(state, DUO, 120)
        return state

    state = game(classic(V.several_players_on_barrel))
    assert [r.scores for r in state.sheet] == [(760, 760, 760)] * 4
    assert kinds(state.sheet[-1]) == {
        (K.CLIMBED_ON_BARREL, 1),
        (K.CLIMBED_ON_BARREL, 2),
        (K.SHARED_BARREL, 1),
        (K.SHARED_BARREL, 2),
    }

    state = game(classic(V.several_players_on_barrel, V.zero_after_3_barrels))
    assert [r.scores for r in state.sheet[:3]] == [(760, 760, 760)] * 3
    record = state.sheet[-1]
    assert record.scores == (760, 0, 0)
    assert record.changes == (0, -760, -760)
    assert (K.ZERO_AFTER_THREE_BARRELS, 1, 0) in events(record)
    assert (K.ZERO_AFTER_THREE_BARRELS, 2, 0) in events(record)
    assert (K.ZERO_AFTER_THREE_BARRELS, 0, 0) not in events(record)


def test_agreement_zero_after_3_barrels_counts_falls_from_the_third_barrel_deal() -> None:
    # Standard, seat 2 on the barrel from the start; LOSE in three deals (openers 1, 2, 0). Seat
    # 2 fails as declarer in deal 2 (standard: nothing subtracted, a deal used) and falls with
    # the penalty after its third deal: 880 - 120 = 760. One fall is not three: no reset.
    rules = standard(V.zero_after_3_barrels)
    state = th.new_game(rules, dealer=0, scores=(0, 0, 880))
    for _ in range(3):
        state = lose(state, 100)
    assert state.scores[2] == 760
    assert (K.BARREL_PENALTY, 2, -120) in events(state.sheet[-1])
    assert K.ZERO_AFTER_THREE_BARRELS not in {e.kind for e in state.sheet[-1].events}


# ---------------------------------------------------------------------------------------------
# Avoid own Bolt (R-BOLT-1)
# ---------------------------------------------------------------------------------------------


def test_agreement_avoid_own_bolt_the_declarer_gets_no_bolt() -> None:
    # LOSE (dealer 0): seat 1 declares at 100 and takes no card points: -100 and a bolt.
    record = lose(th.new_game(STANDARD, dealer=0), 100).sheet[-1]
    assert record.changes == (15, -100, 105)
    assert record.bolts == (0, 1, 0)
    assert events(record) == {(K.BOLT, 1, 0)}

    record = lose(th.new_game(standard(V.avoid_own_bolt), dealer=0), 100).sheet[-1]
    assert record.changes == (15, -100, 105)
    assert record.bolts == (0, 0, 0)
    assert events(record) == set()


def test_agreement_avoid_own_bolt_opponents_still_get_theirs() -> None:
    # SWEEP (dealer 0): seats 0 and 2 take nothing: bolts with or without the agreement.
    record = sweep(th.new_game(standard(V.avoid_own_bolt), dealer=0), 100).sheet[-1]
    assert record.bolts == (1, 0, 1)


# ---------------------------------------------------------------------------------------------
# Penalty Amount (A3)
# ---------------------------------------------------------------------------------------------


def test_agreement_penalty_amount_replaces_120_in_the_bolt_penalty() -> None:
    # Four sweeps: seats 0 and 2 reach their third bolt in deal 4 (see above): -150 each.
    sheet = four_sweeps(standard(V.penalty_amount(150)))
    assert sheet[-1].changes == (-150, 120, -150)
    assert sheet[-1].scores == (-30, 240, -30)
    assert (K.BOLT_PENALTY, 0, -150) in events(sheet[-1])


def test_agreement_penalty_amount_replaces_120_in_the_third_barrel_deal() -> None:
    # Standard, seat 2 on the barrel from the start, dealer 0:
    #   deal 1 SWEEP at 100 (opener 1): seat 1 +100, seat 0 a bolt, seat 2 uses a barrel deal;
    #   deal 2 LOSE at 100 (opener 2): seat 2 fails on the barrel (nothing subtracted, a deal
    #     used); seat 0 (second) +105, seat 1 (third) +15;
    #   deal 3 SWEEP at 100 (opener 0): seat 0 +100, seat 1 a bolt, seat 2's third deal: it
    #     falls with the penalty.
    def game(rules: th.Rules) -> th.State:
        state = sweep(th.new_game(rules, dealer=0, scores=(0, 0, 880)), 100)
        return sweep(lose(state, 100), 100)

    state = game(STANDARD)
    assert state.scores == (205, 115, 760)
    state = game(standard(V.penalty_amount(150)))
    assert state.scores == (205, 115, 730)
    assert state.barrel == (None, None, None)
    assert (K.BARREL_PENALTY, 2, -150) in events(state.sheet[-1])
    assert state.bolts == (1, 1, 0)


def test_agreement_penalty_amount_replaces_120_in_throw_off_and_several_players() -> None:
    # MAIN from (700, 0, 880): seat 0 climbs on while seat 2 is on the barrel (A16).
    rules = standard(V.penalty_amount(150), V.throw_off_barrel)
    assert main(rules, scores=(700, 0, 880)).scores == (880, 110, 730)
    rules = standard(V.penalty_amount(150), V.several_players_on_barrel)
    assert main(rules, scores=(700, 0, 880)).scores == (730, 110, 880)


def test_agreement_penalty_amount_not_in_the_bonus_the_bid_limit_or_the_hidden_game() -> None:
    # A3: the 4 Nines Bonus stays 120: LOSE's opener (four nines after the gives) fails 100 and
    # gets +120: +20.
    rules = standard(V.penalty_amount(150), V.four_nines_bonus)
    record = lose(th.new_game(rules, dealer=0), 100).sheet[-1]
    assert record.changes == (15, 20, 105)
    # The bid limit without a marriage stays 120 (LOSE's opener holds none).
    assert legal(start(standard(V.penalty_amount(150)), LOSE.deal(0))) == bids(100, 120)
    # The hidden game stays a game at 120: LOSE as seat 1's hidden game costs 2 x 120.
    rules = standard(V.penalty_amount(150), V.hidden_round)
    state = start(rules, LOSE.deal(0), "hidden")
    assert state.high_bid == 120 and state.is_hidden_game
    record = hidden_deal(th.new_game(rules, dealer=0), LOSE_S).sheet[-1]
    assert record.contract == 120
    assert record.changes == (15, -240, 105)
