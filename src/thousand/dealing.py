"""Dealing: the chance node at the start of every deal (R-DEAL-1, R-TABLE-1).

The k-th card dealt (k = 0..23) goes to seat ``(dealer + 1 + k) % 3`` for k < 21, else to the
talon. A whole :class:`~thousand.Deal` may be applied instead, at the first chance node.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ._reasons import out_of_phase
from ._tables import by_half_pattern
from .actions import DEAL_CARD, Action, Deal, DealCard
from .auction import open_deal
from .cards import FULL_PACK, mask_of
from .errors import IllegalActionError
from .state import NO_AUCTION, Phase, State

__all__ = ["apply_deal", "apply_deal_card", "chance_outcomes", "legal_deal_cards"]

#: The DealCard actions of each 12-bit pattern of the low and the high half of the pack.
_LOW, _HIGH = by_half_pattern(DEAL_CARD)
_DEALING: Final = Phase.DEALING  # a global: reading an Enum member costs ~75 ns
_NO_POINTS: Final = (0, 0, 0)
_new = object.__new__
#: Per dealer, the seat that gets the k-th card dealt (k < 21).
_SEAT_OF_CARD: Final = tuple(tuple((d + 1 + k) % 3 for k in range(21)) for d in range(3))


def _dealt(state: State) -> int:
    h = state._hands
    return h[0] | h[1] | h[2] | state._talon


def legal_deal_cards(state: State) -> tuple[Action, ...]:
    """The cards not dealt yet, as :class:`~thousand.DealCard` actions in card order."""
    h = state._hands
    left = FULL_PACK ^ (h[0] | h[1] | h[2] | state._talon)
    return _LOW[left & 4095] + _HIGH[left >> 12]  # at 24 of a deal's ~55 steps


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Each undealt card with its probability: all equally likely."""
    outcomes = legal_deal_cards(state)
    p = Fraction(1, len(outcomes))
    return tuple((a, p) for a in outcomes)


def apply_deal_card(state: State, action: DealCard) -> State:
    """Deal one card not dealt yet to the next place in dealing order."""
    if state._phase is not _DEALING:
        when = "cards are dealt only at a chance node"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    bit = action.card.mask
    h = state._hands
    talon = state._talon
    dealt = h[0] | h[1] | h[2] | talon
    if dealt & bit:
        raise IllegalActionError(action, state._phase, f"{action.card} has already been dealt")
    k = dealt.bit_count()
    new = _new(State)  # built in place: see apply_play
    if k < 21:
        seat = _SEAT_OF_CARD[state._match.dealer][k]
        if seat == 0:
            new._hands = (h[0] | bit, h[1], h[2])
        elif seat == 1:
            new._hands = (h[0], h[1] | bit, h[2])
        else:
            new._hands = (h[0], h[1], h[2] | bit)
        new._talon = talon
    else:
        if k == 23:
            return open_deal(state, h, talon | bit, (state._history, action))
        new._hands = h
        new._talon = talon | bit
    new._match = state._match
    new._phase = _DEALING
    new._to_move = None
    new._auction = NO_AUCTION
    new._declarer = None
    new._contract = None
    new._exposed = 0
    new._gives = ()
    new._trump = None
    new._trick = ()
    new._tricks = ()
    new._points = _NO_POINTS
    new._marriages = ()
    new._history = (state._history, action)
    return new


def apply_deal(state: State, action: Deal) -> State:
    """Deal the whole hands and talon of ``action`` at once."""
    if state._phase is not _DEALING or _dealt(state):
        when = "a whole deal is legal only at the first chance node of a deal"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    hands = (mask_of(action.hands[0]), mask_of(action.hands[1]), mask_of(action.hands[2]))
    return open_deal(state, hands, mask_of(action.talon), (state._history, action))
