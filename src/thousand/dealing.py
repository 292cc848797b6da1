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
from .state import Phase, State

__all__ = [
    "UNDEALT_HIGH",
    "UNDEALT_LOW",
    "apply_deal",
    "chance_outcomes",
    "legal_deal_cards",
    "refuse_deal_card",
]

#: The DealCard actions of each 12-bit pattern of the low and the high half of the pack.
UNDEALT_LOW, UNDEALT_HIGH = by_half_pattern(DEAL_CARD)
_DEALING: Final = Phase.DEALING  # a global: reading an Enum member costs ~75 ns


def _left(state: State) -> int:
    # While the cards are dealt, the field of the taken talon holds the cards not dealt yet:
    # legal_actions reads them in one load, at either table.
    return state._exposed


def legal_deal_cards(state: State) -> tuple[Action, ...]:
    """The cards not dealt yet, as :class:`~thousand.DealCard` actions in card order
    (:func:`~thousand.legal_actions` does the same inline: one call fewer at 24 of a deal's
    ~55 steps)."""
    left = state._exposed  # the cards not dealt yet: see _left
    return UNDEALT_LOW[left & 4095] + UNDEALT_HIGH[left >> 12]


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Each undealt card with its probability: all equally likely."""
    outcomes = legal_deal_cards(state)
    p = Fraction(1, len(outcomes))
    return tuple((a, p) for a in outcomes)


def refuse_deal_card(state: State, action: DealCard) -> State:
    """A card dealt outside the dealing: refused (a card dealt at a chance node is
    :func:`~thousand.apply`'s own step: 24 of a deal's ~55, so it is worked out there)."""
    when = "cards are dealt only at a chance node"
    raise IllegalActionError(action, state._phase, out_of_phase(state, when))


def apply_deal(state: State, action: Deal) -> State:
    """Deal the whole hands and talon of ``action`` at once."""
    if state._phase is not _DEALING or _left(state) != FULL_PACK:
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
    return open_deal(state, hands, mask_of(action.talon), action)
