"""Agreement tests: the hidden round (Hidden Round, Hide Talon, Disabled on Barrel, Allow
Distribute, Allow Unhide, No Declaring When Unhidden, No More than 240, Bolt Doubling) (A6, A12,
A14, A15).

The opener's first decision is ``hidden`` or ``look``; a hidden game makes it declarer at 120
without an auction, and only the declarer's result is doubled (A12). Deals (by roles,
``agreement_deals.py``; dealer 0 throughout, so the opener is seat 1, the second seat 2, the
third seat 0): SWEEP (opener 120 card points), LOSE (opener 0, second 107 -> 105, third 13 -> 15),
DUO (opener 135 with the ♥ marriage, second 225, third 0). MAIN (``scenario.py``): seat 1 takes
113 points as declarer, seat 0 187 (-> 185), seat 2 0; seats 1 (♠, ♥) and 0 (♦) hold marriages,
seat 2 none.
"""

from __future__ import annotations

import thousand as th

from .agreement_deals import (
    ACES,
    DUO,
    LOSE_S,
    STANDARD,
    SWEEP_S,
    gives,
    hidden_deal,
    standard,
    trace,
)
from .scenario import MAIN, MAIN_PLAY, Layout, bids, illegal, legal, run, start, tricks

V = th.variants
K = th.EventKind
HIDDEN = standard(V.hidden_round)
UNHIDE = standard(V.hidden_round, V.hidden_allow_unhide)
SWEEP_TEN = "AS TS JS 9S AC TC AD TD AH TH"  # SWEEP's opener after taking the talon


def unhides(low: int, high: int) -> set[str]:
    return {f"unhide {v}" for v in range(low, high + 1, 5)}


def contracts(low: int, high: int) -> set[str]:
    return {f"contract {v}" for v in range(low, high + 1, 5)}


# ---------------------------------------------------------------------------------------------
# Hidden Round (A12, A14, A15)
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_round_the_opener_chooses_hidden_or_look() -> None:
    state = start(STANDARD, SWEEP_S.deal(0))
    assert state.phase is th.Phase.BIDDING
    assert legal(state) == bids(100, 120)

    state = start(HIDDEN, SWEEP_S.deal(0))
    assert state.phase is th.Phase.HIDDEN_CHOICE and state.to_move == 1
    assert legal(state) == {"hidden", "look"}
    illegal(state, "bid 100", "only in the auction")

    looked = run(state, "look")
    assert looked.phase is th.Phase.BIDDING and looked.to_move == 1
    assert legal(looked) == bids(100, 120)
    assert not looked.is_hidden_game

    hidden = run(state, "hidden")
    assert hidden.is_hidden_game
    assert hidden.phase is th.Phase.GIVING
    assert (hidden.declarer, hidden.high_bid) == (1, 120)
    assert legal(hidden) == gives(SWEEP_TEN, 2, 0)  # no distribution in a hidden game
    illegal(hidden, "distribute", "no distribution in a hidden game (A14)")


def test_agreement_hidden_round_only_the_declarers_result_is_doubled() -> None:
    # SWEEP: the hidden declarer makes 120: +240 (the auction game at 120 gives +120).
    record = hidden_deal(th.new_game(HIDDEN), SWEEP_S).sheet[-1]
    assert record.hidden and record.made is True
    assert record.contract == 120
    assert record.changes == (0, 240, 0)
    assert record.bolts == (1, 0, 1)
    # LOSE: the hidden declarer fails: -240; the opponents' 105 and 15 are not doubled (A12).
    record = hidden_deal(th.new_game(HIDDEN), LOSE_S).sheet[-1]
    assert record.made is False
    assert record.changes == (15, -240, 105)


def test_agreement_hidden_round_the_contract_may_be_raised() -> None:
    # A14: DUO's opener holds the ♥ marriage after the gives: 120 to 400. At 135 (made with
    # 135): 2 x 135 = +270; the second's 225 undoubled.
    state = run(start(HIDDEN, DUO.deal(0), "hidden"), DUO.gives(0))
    assert legal(state) == contracts(120, 400)
    record = hidden_deal(th.new_game(HIDDEN), DUO, 135).sheet[-1]
    assert record.changes == (0, 270, 225)


def test_agreement_hidden_round_not_for_a_skipped_opener() -> None:
    # A6: Skip Declaring forbids the hidden game: seat 1 (-125 < -120) opens at 100 only.
    rules = standard(V.hidden_round, V.skip_declaring(-120))
    state = start(rules, SWEEP_S.deal(0), scores=(0, -125, 0))
    assert state.phase is th.Phase.BIDDING
    assert legal(state) == {"bid 100"}
    assert start(rules, SWEEP_S.deal(0), scores=(0, -120, 0)).phase is th.Phase.HIDDEN_CHOICE


# ---------------------------------------------------------------------------------------------
# Hide Talon (A26): what the others see; the full-information state plays the same.
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_hide_talon_changes_no_play_and_no_score() -> None:
    actions: list[str | th.Deal] = [
        SWEEP_S.deal(0),
        "hidden",
        *SWEEP_S.gives(0),
        "contract 120",
        *SWEEP_S.tricks(),
    ]
    rules = standard(V.hidden_round, V.hidden_hide_talon)
    assert rules.hidden_round.hide_talon and not HIDDEN.hidden_round.hide_talon
    seen_without, without = trace(HIDDEN, actions)
    seen_with, with_ = trace(rules, actions)
    assert seen_with == seen_without
    assert with_.sheet == without.sheet
    assert with_.sheet[-1].changes == (0, 240, 0)


# ---------------------------------------------------------------------------------------------
# Disabled on Barrel
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_disabled_on_barrel_no_hidden_game_while_a_seat_is_on_it() -> None:
    rules = standard(V.hidden_round, V.hidden_disabled_on_barrel)
    # Seat 2 is on the barrel: without the agreement the opener may still play hidden.
    assert start(HIDDEN, SWEEP_S.deal(0), scores=(0, 0, 880)).phase is th.Phase.HIDDEN_CHOICE
    state = start(rules, SWEEP_S.deal(0), scores=(0, 0, 880))
    assert state.phase is th.Phase.BIDDING
    assert legal(state) == bids(100, 120)
    illegal(state, "hidden", "only in the hidden game choice")
    # Nobody on the barrel: the choice is offered.
    assert start(rules, SWEEP_S.deal(0)).phase is th.Phase.HIDDEN_CHOICE


# ---------------------------------------------------------------------------------------------
# Allow Distribute (A14)
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_allow_distribute_costs_twice_120() -> None:
    rules = standard(V.hidden_round, V.hidden_allow_distribute)
    state = start(rules, SWEEP_S.deal(0), "hidden")
    assert legal(state) == gives(SWEEP_TEN, 2, 0) | {"distribute"}
    state = run(state, "distribute")
    assert state.distributions == (0, 1, 0)  # hidden ones count too (A19)
    record = state.sheet[-1]
    # The declarer: -2 x 120; the opponents: half of 120 each, undoubled (A14).
    assert record.hidden and record.made is None
    assert record.changes == (60, -240, 60)
    assert record.bolts == (0, 1, 0)
    # With Don't Subtract Order it costs nothing.
    rules = standard(V.hidden_round, V.hidden_allow_distribute, V.dont_subtract_order)
    record = start(rules, SWEEP_S.deal(0), "hidden; distribute").sheet[-1]
    assert record.changes == (60, 0, 60)


# ---------------------------------------------------------------------------------------------
# Allow Unhide (A15)
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_allow_unhide_each_other_seat_decides_in_turn() -> None:
    # MAIN: seat 1 plays hidden. Without Allow Unhide the talon is taken at once.
    assert start(HIDDEN, MAIN, "hidden").phase is th.Phase.GIVING

    state = start(UNHIDE, MAIN, "hidden")
    assert state.phase is th.Phase.UNHIDING and state.is_hidden_game
    assert state.to_move == 2
    assert legal(state) == {"pass"}  # seat 2 holds no marriage
    illegal(state, "unhide 125", "seat 2 holds no marriage: it may only pass (A15)")
    state = run(state, "pass")
    assert state.to_move == 0
    assert legal(state) == {"pass"} | unhides(125, 400)  # seat 0 holds the ♦ marriage


def test_agreement_hidden_allow_unhide_both_pass_and_the_hidden_game_stands() -> None:
    state = start(UNHIDE, MAIN, "hidden; pass; pass")
    assert state.phase is th.Phase.GIVING and state.is_hidden_game
    assert (state.declarer, state.high_bid) == (1, 120)
    # Played out (MAIN's gives, contract 120): 113 < 120 fails: -240.
    state = run(state, ["give 9C 2", "give 9H 0", "contract 120", *tricks(MAIN_PLAY)])
    record = state.sheet[-1]
    assert record.hidden and record.made is False
    assert record.changes == (185, -240, 0)


def test_agreement_hidden_allow_unhide_an_unhide_cancels_the_hidden_game() -> None:
    # Seat 2 passes, seat 0 unhides at 130: the auction continues clockwise from seat 0, the
    # opener (seat 1) still in it; seat 2's pass was a pass in the auction.
    state = start(UNHIDE, MAIN, "hidden; pass; unhide 130")
    assert state.phase is th.Phase.BIDDING and not state.is_hidden_game
    assert (state.to_move, state.high_bid) == (1, 130)
    assert legal(state) == {"pass"} | bids(135, 400)
    state = run(state, "bid 135")
    assert state.to_move == 0  # seat 2 is out
    state = run(state, "pass")
    assert state.phase is th.Phase.GIVING and state.declarer == 1
    # MAIN at 135, no longer hidden: 113 < 135 fails: -135, not doubled.
    state = run(state, ["give 9C 2", "give 9H 0", "contract 135", *tricks(MAIN_PLAY)])
    record = state.sheet[-1]
    assert not record.hidden
    assert (record.bid, record.contract) == (135, 135)
    assert record.changes == (185, -135, 0)


def test_agreement_hidden_allow_unhide_by_the_first_seat_then_the_auction_goes_on() -> None:
    # DUO: seat 2 (♦ and ♣ marriages) unhides at 125; seat 0 (♠ marriage) has not decided yet
    # and now calls in the auction; then the opener.
    state = start(UNHIDE, DUO.deal(0), "hidden")
    assert legal(state) == {"pass"} | unhides(125, 400)
    state = run(state, "unhide 125")
    assert (state.phase, state.to_move) == (th.Phase.BIDDING, 0)
    assert legal(state) == {"pass"} | bids(130, 400)
    state = run(state, "pass")
    assert state.to_move == 1
    assert legal(state) == {"pass"} | bids(130, 400)
    state = run(state, "pass")
    assert (state.declarer, state.high_bid) == (2, 125)


def test_agreement_hidden_allow_unhide_limits() -> None:
    # No Jumping: an unhide is exactly 125 (A5).
    state = start(standard(V.hidden_round, V.hidden_allow_unhide, V.no_jumping), MAIN)
    assert legal(run(state, "hidden; pass")) == {"pass", "unhide 125"}
    # A skipped seat may only pass (A6).
    rules = standard(V.hidden_round, V.hidden_allow_unhide, V.skip_declaring(-120))
    state = start(rules, MAIN, "hidden; pass", scores=(-125, 0, 0))
    assert legal(state) == {"pass"}
    illegal(state, "unhide 125", "(Skip Declaring, A6)")
    # Four aces are no marriage for an unhide (A15): the seat holding them may only pass.
    aces = ACES.layout
    aces_second = Layout(aces.third, aces.opener, aces.second, aces.talon)
    rules = standard(V.hidden_round, V.hidden_allow_unhide, V.ace_marriage)
    state = start(rules, aces_second.deal(0), "hidden")
    assert state.to_move == 2
    assert legal(state) == {"pass"}


# ---------------------------------------------------------------------------------------------
# No Declaring When Unhidden (A15)
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_no_declaring_when_unhidden_the_unhider_declares_at_once() -> None:
    state = start(UNHIDE, MAIN, "hidden; pass; unhide 130")
    assert state.phase is th.Phase.BIDDING and state.to_move == 1

    rules = standard(V.hidden_round, V.hidden_allow_unhide, V.hidden_no_declaring_when_unhidden)
    state = start(rules, MAIN, "hidden; pass; unhide 130")
    assert state.phase is th.Phase.GIVING
    assert (state.declarer, state.high_bid) == (0, 130)
    assert not state.is_hidden_game
    ten = "AD TD KD QD AH TH JH QC JC 9H"  # seat 0 with MAIN's talon
    assert legal(state) == gives(ten, 1, 2) | {"distribute"}


# ---------------------------------------------------------------------------------------------
# No More than 240 (A14)
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_no_more_than_240_the_contract_stays_120() -> None:
    rules = standard(V.hidden_round, V.hidden_no_more_than_240)
    state = run(start(rules, DUO.deal(0), "hidden"), DUO.gives(0))
    assert legal(state) == {"contract 120"}
    illegal(state, "contract 135", "contract 135 is above the limit 120")
    record = hidden_deal(th.new_game(rules), DUO, 120).sheet[-1]
    assert record.changes == (0, 240, 225)
    record = hidden_deal(th.new_game(rules), LOSE_S, 120).sheet[-1]
    assert record.changes == (15, -240, 105)


# ---------------------------------------------------------------------------------------------
# Bolt Doubling (hidden) (A14)
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_bolt_doubling_a_hidden_bolt_counts_two() -> None:
    rules = standard(V.hidden_round, V.hidden_bolt_doubling)
    # LOSE: the hidden declarer takes no card points.
    assert hidden_deal(th.new_game(HIDDEN), LOSE_S).sheet[-1].bolts == (0, 1, 0)
    assert hidden_deal(th.new_game(rules), LOSE_S).sheet[-1].bolts == (0, 2, 0)
    # SWEEP: the opponents take none.
    assert hidden_deal(th.new_game(HIDDEN), SWEEP_S).sheet[-1].bolts == (1, 0, 1)
    assert hidden_deal(th.new_game(rules), SWEEP_S).sheet[-1].bolts == (2, 0, 2)
    # An ordinary deal (the opener looks) counts one.
    state = th.apply(th.new_game(rules), SWEEP_S.deal(0))
    state = run(state, ["look", "bid 100", "pass", "pass", *SWEEP_S.gives(0), "contract 100"])
    state = run(state, SWEEP_S.tricks())
    assert state.sheet[-1].bolts == (1, 0, 1)


# ---------------------------------------------------------------------------------------------
# A12: the barrel result of a hidden declarer is not doubled
# ---------------------------------------------------------------------------------------------


def test_agreement_hidden_round_the_barrel_result_is_not_doubled() -> None:
    # Standard, seat 1 on the barrel plays SWEEP hidden: made with 120 points: 880 + 120 = 1000
    # wins with 1000 (R-BARREL-3), not 880 + 240.
    state = hidden_deal(th.new_game(HIDDEN, scores=(0, 880, 0)), SWEEP_S)
    assert state.scores == (0, 1000, 0)
    assert state.sheet[-1].changes == (0, 120, 0)
    assert state.is_terminal and state.winner == 1
    # Failing on the barrel (LOSE) costs nothing (standard) rather than 2 x 120.
    state = hidden_deal(th.new_game(HIDDEN, scores=(0, 880, 0)), LOSE_S)
    assert state.sheet[-1].changes == (15, 0, 105)
    assert state.barrel == (None, 1, None)
