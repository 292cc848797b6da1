"""After the auction: the two gives, distribution and the contract (``R-TALON-*``, R-DIST-1).

The declarer holds ten cards. It gives one card face down to each opponent, in either order;
under the standard rules it may instead give the deal up (distribute) before the first give.
With eight cards each, it fixes the contract: from the winning bid up to the limit of its hand.
"""

from __future__ import annotations

from .actions import CONTRACTS, DISTRIBUTE, GIVE, MIN_BID, Action, Contract, Distribute, Give
from .auction import bid_limit
from .cards import cards_of
from .errors import IllegalActionError
from .scoring import finish_deal
from .state import Phase, State, with_seat

__all__ = [
    "apply_contract",
    "apply_distribute",
    "apply_give",
    "contract_range",
    "legal_contracts",
    "legal_gives",
]


def _receivers(state: State) -> tuple[int, ...]:
    declarer = state._declarer
    assert declarer is not None
    given = {to for _, to in state._gives}
    return tuple(s for s in ((declarer + 1) % 3, (declarer + 2) % 3) if s not in given)


def may_distribute(state: State) -> bool:
    """R-DIST-1: before the first give, a declarer not on the barrel may distribute."""
    rules = state._match.rules
    declarer = state._declarer
    assert declarer is not None
    return (
        rules.distribution.enabled
        and not state._gives
        and (state._match.barrel[declarer] is None or rules.distribution.on_barrel)
    )


def legal_gives(state: State) -> tuple[Action, ...]:
    """Each card of the declarer's hand to each opponent still owed one; then distribution."""
    declarer = state._declarer
    assert declarer is not None
    hand = list(cards_of(state._hands[declarer]))
    gives: tuple[Action, ...] = tuple(GIVE[to][c.index] for to in _receivers(state) for c in hand)
    return (*gives, DISTRIBUTE) if may_distribute(state) else gives


def apply_give(state: State, action: Give) -> State:
    """Move ``action.card`` from the declarer's hand to ``action.to`` (R-TALON-2)."""
    if state._phase is not Phase.GIVING:
        raise IllegalActionError(
            action, state._phase, "cards are given only after taking the talon"
        )
    declarer = state._declarer
    assert declarer is not None
    bit = action.card.mask
    h = state._hands
    if not h[declarer] & bit:
        raise IllegalActionError(
            action, state._phase, f"the declarer (seat {declarer}) does not hold {action.card}"
        )
    if action.to == declarer:
        raise IllegalActionError(
            action, state._phase, "the declarer gives to its opponents, not itself"
        )
    if action.to not in _receivers(state):
        raise IllegalActionError(
            action, state._phase, f"seat {action.to} has already received its card (R-TALON-2)"
        )
    hands = with_seat(with_seat(h, declarer, h[declarer] ^ bit), action.to, h[action.to] | bit)
    gives = (*state._gives, (action.card, action.to))
    done = len(gives) == 2
    s = state
    return State(
        s._match,
        Phase.CONTRACT if done else Phase.GIVING,
        declarer,
        hands,
        0,
        s._auction,
        declarer,
        None,
        s._exposed,
        gives,
        None,
        (),
        (),
        (0, 0, 0),
        (),
        (s._history, action),
    )


def apply_distribute(state: State, action: Distribute) -> State:
    """Give the deal up: no cards are played and the deal is scored (R-DIST-1)."""
    if state._phase is not Phase.GIVING or not may_distribute(state):
        reason = "distribution is not in the rules in force"
        if state._phase is not Phase.GIVING:
            reason = "the declarer may distribute only after taking the talon, before giving cards"
        elif state._match.rules.distribution.enabled:
            reason = (
                "the declarer may distribute only before its first give"
                if state._gives
                else "a declarer on the barrel may not distribute (R-DIST-1)"
            )
        raise IllegalActionError(action, state._phase, reason)
    bid = state._auction[0]
    return finish_deal(state, action, bid)


def contract_range(state: State) -> tuple[int, int]:
    """R-TALON-3: from the winning bid to the limit of the 8-card hand, never below the bid."""
    declarer = state._declarer
    assert declarer is not None
    bid = state._auction[0]
    return bid, max(bid, bid_limit(state._match.rules, state._hands[declarer]))


def legal_contracts(state: State) -> tuple[Action, ...]:
    """Every legal contract, lowest first."""
    low, top = contract_range(state)
    return CONTRACTS[(low - MIN_BID) // 5 : (top - MIN_BID) // 5 + 1]


def apply_contract(state: State, action: Contract) -> State:
    """Fix the contract; the declarer leads to the first trick (R-PLAY-1)."""
    if state._phase is not Phase.CONTRACT:
        raise IllegalActionError(
            action, state._phase, "the contract is fixed only after both cards are given"
        )
    low, top = contract_range(state)
    value = action.value
    if value % 5:
        reason = f"contract {value} is not a multiple of 5 (R-TALON-3)"
    elif value < low:
        reason = f"the contract may not be below the winning bid {low} (R-TALON-3)"
    elif value > top:
        reason = f"contract {value} is above the limit {top} of the declarer's hand (R-TALON-3)"
    else:
        s = state
        return State(
            s._match,
            Phase.PLAYING,
            s._declarer,
            s._hands,
            0,
            s._auction,
            s._declarer,
            value,
            s._exposed,
            s._gives,
            None,
            (),
            (),
            (0, 0, 0),
            (),
            (s._history, action),
        )
    raise IllegalActionError(action, state._phase, reason)
