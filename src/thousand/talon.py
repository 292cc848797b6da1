"""After the auction: the two gives, distribution and the contract (``R-TALON-*``, R-DIST-1).

The declarer holds ten cards. It gives one card face down to each opponent, in either order;
under the standard rules it may instead give the deal up (distribute) before the first give.
With eight cards each, it fixes the contract: from the winning bid up to the limit of its hand.
"""

from __future__ import annotations

from typing import Final

from ._reasons import out_of_phase
from ._tables import by_suit_pattern, select
from .actions import (
    CONTRACTS,
    DISTRIBUTE,
    GIVE,
    MIN_BID,
    REDEAL,
    Action,
    Contract,
    Distribute,
    Give,
)
from .auction import FIXED_GAME
from .errors import IllegalActionError
from .redeals import may_redeal_by_talon
from .scoring import finish_deal
from .state import Phase, State, make_state

_GIVE_TABLES: Final = tuple(by_suit_pattern(GIVE[to]) for to in range(4))
_GIVING: Final = Phase.GIVING  # globals: reading an Enum member costs ~75 ns
_CONTRACT: Final = Phase.CONTRACT
_PLAYING: Final = Phase.PLAYING

__all__ = [
    "apply_contract",
    "apply_distribute",
    "apply_give",
    "contract_range",
    "legal_contracts",
    "legal_gives",
]


def _receivers(state: State) -> tuple[int, ...]:
    """The opponents still owed a card, in seat order from the declarer's left (the active
    seats only, R-FOUR-1)."""
    _, declarer, _, gives = state._bidding
    assert declarer is not None
    left, right = state._match.seating.opponents[declarer]
    if not gives:
        return (left, right)
    return (right,) if gives[0][1] == left else (left,)


def may_distribute(state: State) -> bool:
    """R-DIST-1: before the first give, a declarer not on the barrel may distribute; A19, A20
    and the golden and hidden options widen or narrow that."""
    _, declarer, _, gives = state._bidding
    if gives:
        return False
    assert declarer is not None
    match = state._match
    dist = match.rules.distribution
    return (
        dist.enabled
        and (match.barrel[declarer] is None or dist.on_barrel)
        and (match.golden is None or dist.in_golden_round)
        and (not state._bidding[0][4] or match.rules.hidden_round.allow_distribute)
        and (dist.limit is None or match.distributions[declarer] < dist.limit)
    )


def legal_gives(state: State) -> tuple[Action, ...]:
    """Each card of the declarer's hand to each opponent still owed one; then distribution."""
    declarer = state._bidding[1]
    assert declarer is not None
    hand = state._hands[declarer]
    gives: tuple[Action, ...] = ()
    for to in _receivers(state):
        gives += select(_GIVE_TABLES[to], hand)
    checks = state._match.checks  # most rules allow neither: skip the detailed checks
    if checks.distribution and may_distribute(state):
        gives = (*gives, DISTRIBUTE)
    if checks.talon_redeal and may_redeal_by_talon(state):
        return (*gives, REDEAL)
    return gives


def apply_give(state: State, action: Give) -> State:
    """Move ``action.card`` from the declarer's hand to ``action.to`` (R-TALON-2); after the
    second give the declarer fixes the contract."""
    if state._phase is not _GIVING:
        when = "cards are given after taking the talon, before the contract is fixed"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    auction, declarer, _, gives = state._bidding
    assert declarer is not None
    card = action.card
    to = action.to
    bit = card.mask
    h = state._hands
    left, right = state._match.seating.opponents[declarer]
    if not h[declarer] & bit or (to != left and to != right) or (gives and gives[0][1] == to):
        raise IllegalActionError(action, state._phase, _why_not_give(state, action))
    hands = list(h)
    hands[declarer] ^= bit
    hands[to] |= bit
    s = state
    return make_state(
        s._match,
        _CONTRACT if gives else _GIVING,
        declarer,
        tuple(hands),
        0,
        auction,
        declarer,
        None,
        s._exposed,
        (*gives, (card, to)),
        None,
        (),
        (),
        s._won[2],  # no points yet: the deal's zeros
        (),
        s,
        action,
    )


def _why_not_give(state: State, action: Give) -> str:
    declarer = state._declarer
    if not state._hands[declarer] & action.card.mask:  # type: ignore[index]
        return f"the declarer (seat {declarer}) does not hold {action.card}"
    if action.to == declarer:
        return "the declarer gives to its opponents, not itself"
    seating = state._match.seating
    if action.to >= seating.players:
        return f"there is no seat {action.to} at a table of {seating.players}"
    if action.to == seating.sitter:
        return (
            f"seat {action.to} sits out this deal: cards go to the declarer's opponents (R-FOUR-1)"
        )
    return f"seat {action.to} has already received its card (R-TALON-2)"


def _why_not_distribute(state: State) -> str:
    match = state._match
    rules = match.rules
    dist = rules.distribution
    declarer = state._declarer
    if not dist.enabled:
        return "distribution is not in the rules in force"
    if state._phase is not Phase.GIVING or declarer is None:
        when = "the declarer may distribute only after taking the talon, before giving cards"
        return out_of_phase(state, when)
    if state._gives:
        return "the declarer may distribute only before its first give (R-DIST-1)"
    if match.barrel[declarer] is not None and not dist.on_barrel:
        return "a declarer on the barrel may not distribute (R-DIST-1)"
    if match.golden is not None and not dist.in_golden_round:
        return "no distribution in a golden deal (A19)"
    if state._auction[4] and not rules.hidden_round.allow_distribute:
        return "no distribution in a hidden game (A14)"
    return f"seat {declarer} has used its {dist.limit} distributions (Distributions Limit, A19)"


def apply_distribute(state: State, action: Distribute) -> State:
    """Give the deal up: no cards are played and the deal is scored (R-DIST-1)."""
    if state._phase is not Phase.GIVING or not may_distribute(state):
        raise IllegalActionError(action, state._phase, _why_not_distribute(state))
    return finish_deal(state, action, state._auction[0])


def _fixed_at_120(state: State) -> bool:
    """A10, A14: a golden contract stays 120 without Allow Increase, a hidden one under No More
    than 240."""
    rules = state._match.rules
    return (state._match.golden is not None and not rules.golden_round.allow_increase) or bool(
        state._auction[4] and rules.hidden_round.no_more_than_240
    )


def contract_range(state: State) -> tuple[int, int]:
    """R-TALON-3: from the winning bid to the limit of the 8-card hand, never below the bid."""
    auction, declarer, _, _ = state._bidding
    assert declarer is not None
    bid = auction[0]
    if (state._match.golden is not None or auction[4]) and _fixed_at_120(state):
        return bid, FIXED_GAME
    return bid, max(bid, state._match.checks.limit(state._hands[declarer]))


def legal_contracts(state: State) -> tuple[Action, ...]:
    """Every legal contract, lowest first."""
    low, top = contract_range(state)
    return CONTRACTS[(low - MIN_BID) // 5 : (top - MIN_BID) // 5 + 1]


def apply_contract(state: State, action: Contract) -> State:
    """Fix the contract; the declarer leads to the first trick (R-PLAY-1)."""
    if state._phase is not _CONTRACT:
        when = "the contract is fixed once, after both cards are given and before the play"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    low, top = contract_range(state)
    value = action.value
    if value % 5 or value < low or value > top:
        raise IllegalActionError(action, state._phase, _why_not_contract(state, value, low, top))
    auction, declarer, _, gives = state._bidding
    s = state
    return make_state(
        s._match,
        _PLAYING,
        declarer,
        s._hands,
        0,
        auction,
        declarer,
        value,
        s._exposed,
        gives,
        None,
        (),
        (),
        s._won[2],  # no points yet: the deal's zeros
        (),
        s,
        action,
    )


def _why_not_contract(state: State, value: int, low: int, top: int) -> str:
    if value % 5:
        return f"contract {value} is not a multiple of 5 (R-TALON-3)"
    if value < low:
        return f"the contract may not be below the winning bid {low} (R-TALON-3)"
    if _fixed_at_120(state):
        return (
            f"contract {value} is above the limit {top}: the contract of a golden deal or "
            f"a hidden game stays at {FIXED_GAME} here (A10, A14)"
        )
    return f"contract {value} is above the limit {top} of the declarer's hand (R-TALON-3)"
