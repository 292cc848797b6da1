"""Agreement tests: the golden round (Golden Round, Reset to Zero, Allow Increase, Bolt Doubling)
and its bookkeeping over several deals (A10, A11, A12, A13, A14).

A golden deal has no auction: the dealer's left neighbour (the opener) declares at 120, takes the
talon and plays; every seat's deal score is doubled (A12). The deals, by roles
(``agreement_deals.py``): SWEEP (opener 120 card points, others 0), LOSE (opener 0, second 107
-> 105, third 13 -> 15), DUO (opener 135 with the ♥ marriage, second 225, third 0) and FLOP
(opener 0, second 135, third 225). Under the standard rules the opener of LOSE and FLOP and the
third of DUO take no card points: a bolt each.
"""

from __future__ import annotations

import random

import attrs

import thousand as th

from .agreement_deals import (
    DUO,
    FLOP,
    LOSE_S,
    STANDARD,
    SWEEP_S,
    Script,
    auction_deal,
    classic,
    events,
    golden_deal,
    standard,
)
from .scenario import illegal, legal, run

V = th.variants
K = th.EventKind
GOLDEN = standard(V.golden_round)


def contracts(low: int, high: int) -> set[str]:
    return {f"contract {v}" for v in range(low, high + 1, 5)}


def golden_game(
    rules: th.Rules, scripts: list[Script], scores: tuple[int, int, int] = (0, 0, 0)
) -> th.State:
    """From dealer 0, one golden deal per script (each at 120)."""
    state = th.new_game(rules, dealer=0, scores=scores)
    for script in scripts:
        state = golden_deal(state, script)
    return state


# ---------------------------------------------------------------------------------------------
# Golden Round (A10, A11, A12)
# ---------------------------------------------------------------------------------------------


def test_agreement_golden_round_the_game_opens_without_an_auction() -> None:
    # Without: deal 1 opens with the auction.
    state = th.apply(th.new_game(STANDARD), DUO.deal(0))
    assert state.phase is th.Phase.BIDDING and state.to_move == 1

    # With: the opener (seat 1) is declarer at 120 and holds the talon at once.
    state = th.apply(th.new_game(GOLDEN), DUO.deal(0))
    assert state.is_golden_deal
    assert state.phase is th.Phase.GIVING
    assert (state.to_move, state.declarer, state.high_bid) == (1, 1, 120)
    assert state.taken_talon == frozenset(th.cards("TC JH 9D"))
    assert len(state.hands[1]) == 10
    # The contract decision offers only 120 (A10), though seat 1 holds the ♥ marriage.
    state = run(state, DUO.gives(0))
    assert legal(state) == {"contract 120"}
    illegal(state, "contract 125", "contract 125 is above the limit 120")
    # In an ordinary deal the same hand could raise up to 400.
    ordinary = run(th.apply(th.new_game(STANDARD), DUO.deal(0)), "bid 120; pass; pass")
    assert legal(run(ordinary, DUO.gives(0))) == contracts(120, 400)


def test_agreement_golden_round_every_deal_score_is_doubled() -> None:
    # DUO at 120, dealer 0 (seat 1 opener): 135 >= 120 made.
    record = auction_deal(th.new_game(STANDARD), DUO, 120).sheet[-1]
    assert record.changes == (0, 120, 225)

    state = golden_game(GOLDEN, [DUO])
    record = state.sheet[-1]
    assert record.golden and record.made is True
    assert record.changes == (0, 240, 450)
    assert record.bolts == (1, 0, 0)


def test_a11_every_golden_deal_is_played_after_a_made_one() -> None:
    # DUO made in deal 1; deals 2 and 3 are golden all the same, one per seat ("each player has
    # to play a round within the Golden Round"); after the third the round is over.
    state = golden_game(GOLDEN, [DUO])
    assert (state.deal_number, state.dealer) == (2, 1)
    assert (state.is_golden_deal, state.golden_index, state.golden_made) == (True, 1, True)
    state = th.apply(state, LOSE_S.deal(1))
    assert state.phase is th.Phase.GIVING and (state.declarer, state.high_bid) == (2, 120)
    state = golden_game(GOLDEN, [DUO, LOSE_S, LOSE_S])
    assert [r.golden for r in state.sheet] == [True, True, True]
    assert [r.made for r in state.sheet] == [True, False, False]
    assert [r.declarer for r in state.sheet] == [1, 2, 0]
    # Deal 4 (dealer 0) is an ordinary deal with an auction.
    assert (state.deal_number, state.is_golden_deal, state.golden_index) == (4, False, None)
    assert not state.golden_made
    state = th.apply(state, DUO.deal(0))
    assert not state.is_golden_deal
    assert state.phase is th.Phase.BIDDING and state.to_move == 1


def test_agreement_golden_round_after_three_unmade_deals_it_starts_again() -> None:
    # LOSE in three golden deals; the deal passes left, so the openers are seats 1, 2, 0. Each
    # fails: -240; the second +210, the third +30 (A12).
    state = golden_game(GOLDEN, [LOSE_S, LOSE_S, LOSE_S])
    sheet = state.sheet
    assert [r.dealer for r in sheet] == [0, 1, 2]
    assert [r.declarer for r in sheet] == [1, 2, 0]
    assert all(r.golden and r.made is False and r.contract == 120 for r in sheet)
    assert [r.changes for r in sheet] == [(30, -240, 210), (210, 30, -240), (-240, 210, 30)]
    assert state.scores == (0, 0, 0)
    assert state.bolts == (1, 1, 1)
    # Deal 4 opens the golden round again: seat 1 declares at 120 at once.
    assert (state.deal_number, state.dealer) == (4, 0)
    state = th.apply(state, LOSE_S.deal(0))
    assert state.is_golden_deal and state.phase is th.Phase.GIVING and state.declarer == 1


def test_a11_golden_round_bookkeeping_an_unmade_then_a_made_deal() -> None:
    # Deal 1 LOSE (seat 1 fails), deal 2 SWEEP (seat 2 makes 120: +240, seats 0 and 1 bolts):
    # the round goes on to deal 3 (dealer 2, seat 0 golden declarer), which seat 0 fails; then
    # the round is over, since deal 2 was made.
    state = golden_game(GOLDEN, [LOSE_S, SWEEP_S])
    assert [r.golden for r in state.sheet] == [True, True]
    assert [r.made for r in state.sheet] == [False, True]
    assert state.sheet[-1].changes == (0, 0, 240)
    assert state.scores == (30, -240, 450)
    assert state.bolts == (1, 2, 0)
    assert (state.golden_index, state.golden_made) == (2, True)
    after_third = golden_deal(state, LOSE_S)
    assert after_third.sheet[-1].golden and after_third.sheet[-1].made is False
    assert after_third.sheet[-1].declarer == 0
    assert (after_third.golden_index, after_third.golden_made) == (None, False)
    state = th.apply(after_third, SWEEP_S.deal(0))
    assert not state.is_golden_deal
    assert state.phase is th.Phase.BIDDING and state.to_move == 1


def test_a11_a_deal_made_only_in_the_third_golden_deal_ends_the_round() -> None:
    state = golden_game(GOLDEN, [LOSE_S, LOSE_S])
    assert (state.golden_index, state.golden_made) == (2, False)
    state = golden_deal(state, SWEEP_S)
    assert [r.made for r in state.sheet] == [False, False, True]
    assert (state.deal_number, state.is_golden_deal) == (4, False)


def test_a11_the_place_in_the_golden_round_is_seen_by_every_seat_and_kept_in_dicts() -> None:
    # Deal 3 of a round whose deal 1 was made: every seat observes index 2 and "made".
    state = golden_game(GOLDEN, [SWEEP_S, LOSE_S])
    state = th.apply(state, LOSE_S.deal(state.dealer))
    for seat in range(3):
        seen = th.observe(state, seat)
        assert (seen.is_golden_deal, seen.golden_index, seen.golden_made) == (True, 2, True)
        info = th.information_state(state, seat)
        assert (info.golden, info.golden_made) == (2, True)
        sampled = th.sample_state(info, random.Random(seat))
        assert (sampled.golden_index, sampled.golden_made) == (2, True)
        assert (th.sample_state(seen, random.Random(seat)).golden_made) is True
    start = sampled.to_dict()["start"]
    assert (start["golden"], start["golden_made"]) == (2, True)
    assert th.State.from_dict(sampled.to_dict()) == sampled


def test_agreement_golden_round_deals_count_toward_the_deal_cap() -> None:
    # A10: with a cap of 2 deals the game ends after two golden deals (LOSE, LOSE): scores
    # (30 + 210, -240 + 30, 210 - 240) = (240, -210, -30): seat 0 wins.
    rules = attrs.evolve(GOLDEN, scoring=attrs.evolve(GOLDEN.scoring, max_deals=2))
    state = golden_game(rules, [LOSE_S, LOSE_S])
    assert state.is_terminal
    assert state.scores == (240, -210, -30)
    assert state.winner == 0


def test_agreement_golden_round_no_hidden_game_in_a_golden_deal() -> None:
    rules = standard(V.golden_round, V.hidden_round)
    state = th.apply(th.new_game(rules), SWEEP_S.deal(0))
    assert state.phase is th.Phase.GIVING and not state.is_hidden_game
    # After the round (three golden deals, made), the next opener chooses between a hidden game
    # and looking.
    state = golden_game(rules, [SWEEP_S, SWEEP_S, SWEEP_S])
    state = th.apply(state, SWEEP_S.deal(0))
    assert state.phase is th.Phase.HIDDEN_CHOICE
    assert legal(state) == {"hidden", "look"}


# ---------------------------------------------------------------------------------------------
# Reset to Zero (A11)
# ---------------------------------------------------------------------------------------------


def test_agreement_golden_reset_to_zero_scores_and_bolts_before_the_replay() -> None:
    # FLOP (opener 1: -240; second 2: 135 -> 270; third 0: 225 -> 450), then LOSE twice
    # (openers 2 and 0). Scores: (450, -240, 270) -> (660, -210, 30) -> (420, 0, 60); one bolt
    # for each opener.
    state = golden_game(GOLDEN, [FLOP, LOSE_S, LOSE_S])
    assert [r.changes for r in state.sheet] == [(450, -240, 270), (210, 30, -240), (-240, 210, 30)]
    assert state.scores == (420, 0, 60)
    assert state.bolts == (1, 1, 1)

    state = golden_game(standard(V.golden_round, V.golden_reset_to_zero), [FLOP, LOSE_S, LOSE_S])
    record = state.sheet[-1]
    assert record.scores == (0, 0, 0)
    assert record.changes == (-660, 210, -30)
    assert record.bolts == (0, 0, 0)
    assert K.GOLDEN_RESET in {e.kind for e in record.events}
    assert state.scores == (0, 0, 0) and state.bolts == (0, 0, 0)
    # The round is played again.
    state = th.apply(state, LOSE_S.deal(0))
    assert state.is_golden_deal


def test_agreement_golden_reset_to_zero_takes_every_seat_off_the_barrel_without_penalty() -> None:
    # Seat 2 from 500: LOSE's second (+210) -> 710, LOSE's opener (-240) -> 470, FLOP's third
    # (+450) -> 920: it climbs on at 880 in deal 3. Seats 0 and 1: (30, -240) -> (240, -210)
    # -> (0, 60).
    scripts = [LOSE_S, LOSE_S, FLOP]
    state = golden_game(GOLDEN, scripts, scores=(0, 0, 500))
    assert state.sheet[-1].scores == (0, 60, 880)
    assert state.barrel == (None, None, 0)

    rules = standard(V.golden_round, V.golden_reset_to_zero)
    state = golden_game(rules, scripts, scores=(0, 0, 500))
    record = state.sheet[-1]
    assert record.scores == (0, 0, 0)
    assert record.changes == (-240, 210, -470)
    assert record.barrel == (None, None, None)
    assert record.bolts == (0, 0, 0)
    assert {e.kind for e in record.events} == {K.CLIMBED_ON_BARREL, K.BOLT, K.GOLDEN_RESET}


def test_agreement_golden_reset_to_zero_not_when_the_game_has_ended() -> None:
    # A11, A27: classic (jumps allowed), seat 2 from 600: FLOP's second (+270) -> 870, LOSE's
    # opener (-240) -> 630, FLOP's third (+450) -> 1080: it jumps to the target in deal 3 and
    # wins. The game end comes before the golden bookkeeping: nothing is reset.
    rules = classic(V.golden_round, V.golden_reset_to_zero)
    state = golden_game(rules, [FLOP, LOSE_S, FLOP], scores=(0, 0, 600))
    assert state.is_terminal and state.winner == 2
    # Seat 0: +450 (FLOP third), +210 (LOSE second), -240 (FLOP opener) = 420.
    # Seat 1: -240 (FLOP opener), +30 (LOSE third), +270 (FLOP second) = 60.
    assert state.scores == (420, 60, 1080)
    assert K.GOLDEN_RESET not in {e.kind for e in state.sheet[-1].events}


# ---------------------------------------------------------------------------------------------
# Allow Increase (A10)
# ---------------------------------------------------------------------------------------------


def test_agreement_golden_allow_increase_the_golden_declarer_may_raise() -> None:
    rules = standard(V.golden_round, V.golden_allow_increase)
    state = run(th.apply(th.new_game(rules), DUO.deal(0)), DUO.gives(0))
    assert legal(state) == contracts(120, 400)
    # DUO at 135: 135 points make it, doubled: +270.
    state = golden_deal(th.new_game(rules), DUO, 135)
    record = state.sheet[-1]
    assert record.contract == 135 and record.made is True
    assert record.changes == (0, 270, 450)


# ---------------------------------------------------------------------------------------------
# Bolt Doubling (golden) (A14)
# ---------------------------------------------------------------------------------------------


def test_agreement_golden_bolt_doubling_a_golden_bolt_counts_two() -> None:
    # Three golden SWEEPs (openers 1, 2, 0 make 120: +240; the other two take nothing), then an
    # ordinary SWEEP at 100 (dealer 0, seat 1 declares; seats 0 and 2 take nothing).
    def game(rules: th.Rules) -> th.State:
        state = golden_game(rules, [SWEEP_S, SWEEP_S, SWEEP_S])
        return auction_deal(state, SWEEP_S, 100)

    state = game(GOLDEN)
    assert [r.bolts for r in state.sheet] == [(1, 0, 1), (2, 1, 1), (2, 2, 2), (0, 2, 0)]
    assert state.sheet[-1].changes == (-120, 100, -120)

    state = game(standard(V.golden_round, V.golden_bolt_doubling))
    # Each golden bolt counts two; a count of 4 costs one penalty and keeps 1 (A14).
    assert [r.bolts for r in state.sheet[:3]] == [(2, 0, 2), (1, 2, 2), (1, 1, 1)]
    assert [r.changes for r in state.sheet[1:3]] == [(-120, 0, 240), (240, -120, -120)]
    # The ordinary deal's bolt counts one: seats 0 and 2 reach 2, no penalty.
    assert state.sheet[-1].bolts == (2, 1, 2)
    assert state.sheet[-1].changes == (0, 100, 0)


def test_agreement_golden_bolt_doubling_two_and_two_cost_one_penalty_and_keep_one() -> None:
    # LOSE in four golden deals (openers 1, 2, 0, 1): each opener's bolt counts two. In deal 4
    # seat 1 goes from 2 to 4: one penalty (-120, not doubled: A12), 1 kept (A14).
    rules = standard(V.golden_round, V.golden_bolt_doubling)
    state = golden_game(rules, [LOSE_S] * 4)
    assert [r.bolts for r in state.sheet] == [(0, 2, 0), (0, 2, 2), (2, 2, 2), (2, 1, 2)]
    record = state.sheet[-1]
    assert record.changes == (30, -360, 210)
    assert (K.BOLT_PENALTY, 1, -120) in events(record)
    # Without the agreement: bolts one each, no penalty in deal 4.
    state = golden_game(GOLDEN, [LOSE_S] * 4)
    assert state.sheet[-1].bolts == (1, 2, 1)
    assert state.sheet[-1].changes == (30, -240, 210)


# ---------------------------------------------------------------------------------------------
# A12, A13: what is doubled, and the barrel in golden deals
# ---------------------------------------------------------------------------------------------


def test_a12_golden_doubling_excludes_the_four_nines_bonus() -> None:
    # LOSE's opener holds four nines after the gives: -2 x 120 + 120 = -120 (A25: the bonus is
    # added after the doubling and is not doubled).
    state = golden_game(standard(V.golden_round, V.four_nines_bonus), [LOSE_S])
    assert state.sheet[-1].changes == (30, -120, 210)
    assert (K.FOUR_NINES_BONUS, 1, 120) in events(state.sheet[-1])


def test_a12_golden_doubling_excludes_the_barrel_result() -> None:
    # Standard, seat 1 on the barrel declares golden SWEEP: it makes 120 and takes 120 points:
    # 880 + 120 = 1000 wins with 1000, not 880 + 240.
    state = golden_game(GOLDEN, [SWEEP_S], scores=(0, 880, 0))
    assert state.scores == (0, 1000, 0)
    assert state.sheet[-1].changes == (0, 120, 0)
    assert state.is_terminal and state.winner == 1


def test_a13_a_doubled_golden_score_climbs_on_the_barrel_or_jumps_it() -> None:
    # Golden SWEEP: seat 1 from 700 + 240 = 940: standard holds it at the threshold.
    state = golden_game(GOLDEN, [SWEEP_S], scores=(0, 700, 0))
    assert state.scores == (0, 880, 0)
    assert state.barrel == (None, 0, None)
    # Classic: from 760 + 240 = 1000 it jumps the barrel and wins.
    state = golden_game(classic(V.golden_round), [SWEEP_S], scores=(0, 760, 0))
    assert state.scores == (0, 1000, 0)
    assert state.is_terminal and state.winner == 1
    # A seat on the barrel uses a deal in a golden deal: seat 2 (second, on the barrel).
    state = golden_game(GOLDEN, [SWEEP_S], scores=(0, 0, 880))
    assert state.barrel == (None, None, 1)
    assert state.scores == (0, 240, 880)
