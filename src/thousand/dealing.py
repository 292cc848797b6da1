"""Dealing: the chance node at the start of every deal (R-DEAL-1, R-TABLE-1).

The k-th card dealt (k = 0..23) goes to seat ``(dealer + 1 + k) % 3`` for k < 21, else to the
talon; at a table of four, to the active seat k mod 3 counted from the opener, the dealer getting
none (R-FOUR-2). A whole :class:`~thousand.Deal` may be applied instead, at the first chance
node: by seat at a table of three, the active seats' hands from the opener at four.
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
from .state import DEAL_CARD_CHARS, NO_AUCTION, Phase, State, extended, with_seat

__all__ = [
    "UNDEALT_HIGH",
    "UNDEALT_LOW",
    "apply_deal",
    "apply_deal_card",
    "chance_outcomes",
    "legal_deal_cards",
]

#: The DealCard actions of each 12-bit pattern of the low and the high half of the pack.
UNDEALT_LOW, UNDEALT_HIGH = by_half_pattern(DEAL_CARD)
_DEALING: Final = Phase.DEALING  # a global: reading an Enum member costs ~75 ns
_new = object.__new__


def _dealt(state: State) -> int:
    # While the cards are dealt, the field of the taken talon holds the cards dealt so far:
    # one read instead of the union of every hand and the talon, at either table.
    return state._exposed


def legal_deal_cards(state: State) -> tuple[Action, ...]:
    """The cards not dealt yet, as :class:`~thousand.DealCard` actions in card order
    (:func:`~thousand.legal_actions` does the same inline: one call fewer at 24 of a deal's
    ~55 steps)."""
    left = FULL_PACK ^ state._exposed  # the cards dealt so far: see _dealt
    return UNDEALT_LOW[left & 4095] + UNDEALT_HIGH[left >> 12]


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
    card = action.card
    bit = card.mask
    h = state._hands
    talon = state._talon
    dealt = state._exposed  # see _dealt
    if dealt & bit:
        raise IllegalActionError(action, state._phase, f"{action.card} has already been dealt")
    k = dealt.bit_count()
    new = _new(State)  # built in place: see apply_play
    if k < 21:
        seat = state._match.seating.card_seat[k]
        if len(h) != 3:
            new._hands = with_seat(h, seat, h[seat] | bit)
        elif seat == 0:
            new._hands = (h[0] | bit, h[1], h[2])
        elif seat == 1:
            new._hands = (h[0], h[1] | bit, h[2])
        else:
            new._hands = (h[0], h[1], h[2] | bit)
        new._talon = talon
    else:
        if k == 23:
            return open_deal(state, h, talon | bit, extended(state, action))
        new._hands = h
        new._talon = talon | bit
    new._match = state._match
    new._phase = _DEALING
    new._to_move = None
    new._auction = NO_AUCTION
    new._declarer = None
    new._contract = None
    new._exposed = dealt | bit
    new._gives = ()
    new._trump = None
    new._trick = ()
    new._tricks = ()
    new._points = state._points  # none yet: the start's zeros
    new._marriages = ()
    history = state._history  # see extended(): one character more, without a lookup
    if history.__class__ is str:
        new._history = history + DEAL_CARD_CHARS[card.index]
    else:
        new._history = (history, action)
    return new


def apply_deal(state: State, action: Deal) -> State:
    """Deal the whole hands and talon of ``action`` at once."""
    if state._phase is not _DEALING or _dealt(state):
        when = "a whole deal is legal only at the first chance node of a deal"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    seating = state._match.seating
    hands: tuple[int, ...]
    if seating.sitter is None:
        hands = (mask_of(action.hands[0]), mask_of(action.hands[1]), mask_of(action.hands[2]))
    else:  # R-FOUR-2: the active seats' hands, from the opener; the sitter's stays empty
        four = list(seating.zeros)
        for seat, hand in zip(seating.active, action.hands, strict=True):
            four[seat] = mask_of(hand)
        hands = tuple(four)
    return open_deal(state, hands, mask_of(action.talon), extended(state, action))
