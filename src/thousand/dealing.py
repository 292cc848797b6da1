"""Dealing: the chance node at the start of every deal (R-DEAL-1, R-TABLE-1).

The k-th card dealt (k = 0..23) goes to seat ``(dealer + 1 + k) % 3`` for k < 21, else to the
talon. A whole :class:`~thousand.Deal` may be applied instead, at the first chance node.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ._reasons import out_of_phase
from ._tables import by_suit_pattern, select
from .actions import DEAL_CARD, Action, Deal, DealCard
from .auction import open_deal
from .cards import FULL_PACK, mask_of
from .errors import IllegalActionError
from .state import NO_AUCTION, Phase, State, start_of_deal, with_seat

__all__ = ["apply_deal", "apply_deal_card", "chance_outcomes", "legal_deal_cards"]

_DEAL_TABLES: Final = by_suit_pattern(DEAL_CARD)


def _dealt(state: State) -> int:
    h = state._hands
    return h[0] | h[1] | h[2] | state._talon


def legal_deal_cards(state: State) -> tuple[Action, ...]:
    """The cards not dealt yet, as :class:`~thousand.DealCard` actions in card order."""
    return select(_DEAL_TABLES, FULL_PACK ^ _dealt(state))


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Each undealt card with its probability: all equally likely."""
    outcomes = legal_deal_cards(state)
    p = Fraction(1, len(outcomes))
    return tuple((a, p) for a in outcomes)


def apply_deal_card(state: State, action: DealCard) -> State:
    """Deal one card to the next place in dealing order."""
    if state._phase is not Phase.DEALING:
        when = "cards are dealt only at a chance node"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    bit = action.card.mask
    dealt = _dealt(state)
    if dealt & bit:
        raise IllegalActionError(action, state._phase, f"{action.card} has already been dealt")
    k = dealt.bit_count()
    h = state._hands
    talon = state._talon
    if k < 21:
        seat = (state._match.dealer + 1 + k) % 3
        hands = with_seat(h, seat, h[seat] | bit)
    else:
        hands = h
        talon |= bit
    history = (state._history, action)
    if k == 23:
        return open_deal(state, hands, talon, history)
    return start_of_deal(
        state._match,
        Phase.DEALING,
        None,
        hands,
        talon,
        NO_AUCTION,
        history,
    )


def apply_deal(state: State, action: Deal) -> State:
    """Deal the whole hands and talon of ``action`` at once."""
    if state._phase is not Phase.DEALING or _dealt(state):
        when = "a whole deal is legal only at the first chance node of a deal"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    hands = (mask_of(action.hands[0]), mask_of(action.hands[1]), mask_of(action.hands[2]))
    return open_deal(state, hands, mask_of(action.talon), (state._history, action))
