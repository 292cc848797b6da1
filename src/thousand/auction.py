"""The auction (R-BID-1, R-BID-2, R-BID-3).

The opener (the dealer's left neighbour) must open with at least 100; then each seat in turn,
skipping those that passed, bids higher (a multiple of 5) or passes. When two have passed the
high bidder is the declarer and takes the talon (R-TALON-1).
"""

from __future__ import annotations

from typing import Final

from .actions import BIDS, MAX_BID, MIN_BID, PASS, Action, Bid, Pass
from .cards import marriage_total
from .errors import IllegalActionError
from .rules import Rules
from .state import Phase, State, start_of_deal, with_seat

__all__ = ["apply_bid", "apply_pass", "bid_limit", "legal_calls"]

#: Card points in the pack: the limit of a bid without a marriage (R-BID-3).
CARD_POINTS_IN_PACK: Final = 120


def bid_limit(rules: Rules, hand: int) -> int:
    """The highest bid (or contract) a hand allows under R-BID-3 and A22."""
    marriages = marriage_total(hand)
    if rules.bidding.limit == "sum":
        limit = CARD_POINTS_IN_PACK + marriages
    else:
        limit = MAX_BID if marriages else CARD_POINTS_IN_PACK
    if rules.bidding.without_marriage:
        limit = MAX_BID
    return limit


def _limit_reason(rules: Rules, limit: int) -> str:
    if rules.bidding.without_marriage or (rules.bidding.limit == "any" and limit == MAX_BID):
        return f"the limit {limit}"
    if limit == CARD_POINTS_IN_PACK:
        return f"the limit {limit}: no marriage in hand"
    return f"the limit {limit}: 120 plus the marriages in hand"


def _range(state: State) -> tuple[int, int]:
    """The lowest and highest legal bid for the seat to move (low > high: none)."""
    high = state._auction[0]
    seat = state._to_move
    assert seat is not None
    rules = state._match.rules
    low = high + 5 if high else MIN_BID
    top = bid_limit(rules, state._hands[seat])
    if not rules.bidding.jumps:
        top = min(top, low)  # A5: only the next step
    return low, top


def legal_calls(state: State) -> tuple[Action, ...]:
    """Pass (except for the opener's first call), then every legal bid, lowest first."""
    low, top = _range(state)
    bids = BIDS[(low - MIN_BID) // 5 : (top - MIN_BID) // 5 + 1] if low <= top else ()
    if state._auction[0] == 0:
        return bids
    return (PASS, *bids)


def _next(state: State, passed: int) -> int:
    seat = state._to_move
    assert seat is not None
    nxt = (seat + 1) % 3
    return (nxt + 1) % 3 if passed >> nxt & 1 else nxt


def apply_bid(state: State, action: Bid) -> State:
    """A bid: legal when it is a multiple of 5 above the high bid and within the limit."""
    if state._phase is not Phase.BIDDING:
        raise IllegalActionError(action, state._phase, "bids are made only in the auction")
    value = action.value
    high, _, passed = state._auction
    low, top = _range(state)
    if value % 5:
        raise IllegalActionError(
            action, state._phase, f"bid {value} is not a multiple of 5 (R-BID-2)"
        )
    if value < low:
        reason = (
            f"the opener must open with at least {MIN_BID} (R-BID-1)"
            if not high
            else f"bid {value} does not beat the high bid {high} (R-BID-2)"
        )
        raise IllegalActionError(action, state._phase, reason)
    if value > top:
        rules = state._match.rules
        seat = state._to_move
        assert seat is not None
        limit = bid_limit(rules, state._hands[seat])
        if value <= limit:
            reason = f"bid {value} jumps: only {low} is allowed (No Jumping, R-BID-2)"
        else:
            reason = f"bid {value} is above {_limit_reason(rules, limit)} (R-BID-3)"
        raise IllegalActionError(action, state._phase, reason)
    seat = state._to_move
    assert seat is not None
    s = state
    return start_of_deal(
        s._match,
        Phase.BIDDING,
        _next(state, passed),
        s._hands,
        s._talon,
        (value, seat, passed),
        (s._history, action),
    )


def apply_pass(state: State, action: Pass) -> State:
    """A pass: the seat is out; after the second pass the high bidder takes the talon."""
    if state._phase is not Phase.BIDDING:
        raise IllegalActionError(action, state._phase, "passes are made only in the auction")
    high, bidder, passed = state._auction
    if not high:
        raise IllegalActionError(
            action, state._phase, f"the opener must open with a bid of at least {MIN_BID} (R-BID-1)"
        )
    seat = state._to_move
    assert seat is not None
    passed |= 1 << seat
    s = state
    history = (s._history, action)
    if passed.bit_count() < 2:
        return start_of_deal(
            s._match,
            Phase.BIDDING,
            _next(state, passed),
            s._hands,
            s._talon,
            (high, bidder, passed),
            history,
        )
    # R-BID-2, R-TALON-1: the high bidder is declarer and takes the talon into hand.
    h = s._hands
    talon = s._talon
    hands = with_seat(h, bidder, h[bidder] | talon)
    return State(
        s._match,
        Phase.GIVING,
        bidder,
        hands,
        0,
        (high, bidder, passed),
        bidder,
        None,
        talon,
        (),
        None,
        (),
        (),
        (0, 0, 0),
        (),
        history,
    )
