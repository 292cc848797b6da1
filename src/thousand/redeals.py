"""Redeals (A7, A8, A9): when a seat may call one, and what it does.

A redeal is never forced. The same dealer deals again under the same deal number; nothing is
scored and no count changes.
"""

from __future__ import annotations

from typing import Final

from ._reasons import out_of_phase
from .actions import Redeal
from .cards import Rank, Suit, card_points
from .errors import IllegalActionError
from .state import NO_AUCTION, Phase, State, start_of_deal

__all__ = [
    "NINES",
    "apply_redeal",
    "may_redeal_by_hand",
    "may_redeal_by_talon",
    "may_redeal_on_four_nines",
]

NINES: Final = sum(1 << (6 * s + Rank.NINE) for s in Suit)


def may_redeal_by_hand(state: State, seat: int) -> bool:
    """Reshuffle on Card Score, 4 Nines after Deal: at the seat's first decision in the auction,
    never after it made a call (A7)."""
    if state._auction[3] >> seat & 1:
        return False
    redeals = state._match.rules.redeals
    hand = state._hands[seat]
    low = redeals.card_score_below is not None and card_points(hand) < redeals.card_score_below
    return low or (redeals.four_nines_after_deal and hand & NINES == NINES)


def may_redeal_by_talon(state: State) -> bool:
    """Reshuffle on Talon Score, 2 Nines in Talon: at the declarer's first give decision; with
    On 100 Only, only at a winning bid of 100, never in golden or hidden games (A7, A8)."""
    redeals = state._match.rules.redeals
    if state._gives:
        return False
    if redeals.on_100_only and (
        state._auction[0] != 100 or state._auction[4] or state._match.golden is not None
    ):
        return False
    talon = state._exposed
    low = redeals.talon_score_below is not None and card_points(talon) < redeals.talon_score_below
    return low or (redeals.two_nines_in_talon and (talon & NINES).bit_count() >= 2)


def may_redeal_on_four_nines(state: State, seat: int) -> bool:
    """4 Nines on Hands: a seat holding four nines after the gives, at its first play decision
    of the first trick (A7)."""
    return (
        state._match.rules.redeals.four_nines_on_hands
        and not state._tricks
        and all(s != seat for s, _ in state._trick)
        and state._hands[seat] & NINES == NINES
    )


def _nines(cards: int) -> str:
    count = (cards & NINES).bit_count()
    return f"{count} nine" if count == 1 else f"{count} nines"


def _held(cards: int, below: int | None, nines: bool, needed: int) -> str:
    """What ``cards`` hold of what the redeal agreements in force look for (A7)."""
    held = []
    if below is not None:
        held.append(f"{card_points(cards)} card points, not below {below}")
    if nines:
        held.append(f"{_nines(cards)}, not {('two', 'four')[needed == 4]}")
    return ", and ".join(held)


def _why_not(state: State) -> str:
    """Why a redeal is not legal now, in the words of A7."""
    rules = state._match.rules.redeals
    seat = state._to_move
    phase = state._phase
    if phase in (Phase.BIDDING, Phase.UNHIDING) and seat is not None:
        if rules.card_score_below is None and not rules.four_nines_after_deal:
            return "no agreement in force allows a redeal in the auction (A7)"
        if state._auction[3] >> seat & 1:
            return f"seat {seat} has made a call: a redeal comes only at its first decision (A7)"
        held = _held(state._hands[seat], rules.card_score_below, rules.four_nines_after_deal, 4)
        return f"seat {seat}'s hand holds {held}: not enough for a redeal (A7)"
    if phase is Phase.GIVING:
        if rules.talon_score_below is None and not rules.two_nines_in_talon:
            return "no agreement in force allows a redeal after the talon is taken (A7)"
        if state._gives:
            return "a talon redeal comes only at the declarer's first give decision (A7)"
        auction = state._auction
        if rules.on_100_only and state._match.golden is not None:
            return "a golden deal allows no talon redeal (On 100 Only, A8)"
        if rules.on_100_only and auction[4]:
            return "a hidden game allows no talon redeal (On 100 Only, A8)"
        if rules.on_100_only and auction[0] != 100:
            return (
                f"the winning bid is {auction[0]}: the talon does not allow a redeal here "
                "(On 100 Only needs a bid of 100, A8)"
            )
        held = _held(state._exposed, rules.talon_score_below, rules.two_nines_in_talon, 2)
        return f"the talon holds {held}: not enough for a redeal (A7)"
    if phase is Phase.PLAYING and seat is not None:
        if not rules.four_nines_on_hands:
            return "no agreement in force allows a redeal during the play (A7)"
        rule = f"seat {seat} may call a redeal only at its first play, holding four nines (A7)"
        if state._tricks or any(s == seat for s, _ in state._trick):
            return f"{rule}: it has played already"
        return f"{rule}: it holds {_nines(state._hands[seat])}"
    if (
        rules.card_score_below is None
        and not rules.four_nines_after_deal
        and rules.talon_score_below is None
        and not rules.two_nines_in_talon
        and not rules.four_nines_on_hands
    ):
        return "no agreement in force allows a redeal (A7)"
    when = "a redeal is called in the auction, at the first give or at the first play (A7)"
    return out_of_phase(state, when)


def apply_redeal(state: State, action: Redeal) -> State:
    """The same dealer deals again: back to the first chance node of the deal (A9)."""
    seat = state._to_move
    phase = state._phase
    if phase in (Phase.BIDDING, Phase.UNHIDING):
        allowed = seat is not None and may_redeal_by_hand(state, seat)
    elif phase is Phase.GIVING:
        allowed = may_redeal_by_talon(state)
    elif phase is Phase.PLAYING:
        allowed = seat is not None and may_redeal_on_four_nines(state, seat)
    else:
        allowed = False
    if not allowed:
        raise IllegalActionError(action, phase, _why_not(state))
    return start_of_deal(
        state._match,
        Phase.DEALING,
        None,
        state._match.seating.zeros,
        0,
        NO_AUCTION,
        state,
        action,
    )
