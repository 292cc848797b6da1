"""The auction (``R-BID-*``), with the hidden game and its unhiding (Hidden Round, A15).

The opener (the dealer's left neighbour) must open with at least 100; then each seat in turn,
skipping those that passed, bids higher (a multiple of 5) or passes. When two have passed the
high bidder is the declarer and takes the talon (R-TALON-1). In a golden deal there is no
auction at all (A10).
"""

from __future__ import annotations

from typing import Final

from ._checks import ACES, ANY_LIMIT, CARD_POINTS_IN_PACK, limit_of
from ._reasons import hidden_choice, out_of_phase
from .actions import (
    BIDS,
    HIDDEN,
    LOOK,
    MIN_BID,
    PASS,
    REDEAL,
    UNHIDES,
    Action,
    Bid,
    Hidden,
    Look,
    Pass,
    Unhide,
)
from .cards import HIGH_MARRIAGES, LOW_MARRIAGES, marriage_total
from .errors import IllegalActionError
from .redeals import may_redeal_by_hand
from .rules import Rules
from .state import (
    NO_AUCTION,
    Auction,
    PerSeat,
    Phase,
    State,
    after_call,
    make_state,
    offers_hidden_game,
    skipped,
    start_of_deal,
    with_seat,
)

__all__ = [
    "apply_bid",
    "apply_hidden",
    "apply_look",
    "apply_pass",
    "apply_unhide",
    "bid_limit",
    "legal_calls",
    "legal_hidden_choice",
    "legal_unhides",
    "open_deal",
    "take_talon",
]

#: The contract of golden and hidden games (A10, A15).
FIXED_GAME: Final = 120
#: Per bid step: a pass, then every bid from that step up (the calls after a bid, cut short).
_PASS_THEN: Final[tuple[tuple[Action, ...], ...]] = tuple(
    (PASS, *BIDS[first:]) for first in range(len(BIDS) + 2)
)


def bid_limit(rules: Rules, hand: int) -> int:
    """The highest bid (or contract) a hand allows under R-BID-3, A21 and A22."""
    return limit_of(rules, marriage_total(hand), hand & ACES == ACES)


def _limit_reason(rules: Rules, limit: int) -> str:
    if rules.bidding.without_marriage or (rules.bidding.limit == "any" and limit == ANY_LIMIT):
        return f"the limit {limit}"
    if limit == CARD_POINTS_IN_PACK:
        return f"the limit {limit}: no marriage in hand"
    return f"the limit {limit}: 120 plus the marriages in hand"


def _skipped(state: State, seat: int) -> bool:
    """Skip Declaring (A2, A6) for ``seat`` in this deal."""
    return skipped(state._match, seat)


def _range(state: State, seat: int, high: int) -> tuple[int, int]:
    """The lowest and highest legal bid for ``seat`` over the high bid (low > top: none)."""
    checks = state._match.checks
    hand = state._hands[seat]
    low = high + 5 if high else MIN_BID
    # RuleChecks.limit(hand), inlined: the auction's one lookup of the hand's limit
    top = checks.limits[
        LOW_MARRIAGES[hand & 4095] + HIGH_MARRIAGES[hand >> 12] + (hand & ACES == ACES)
    ]
    if not checks.jumps and top > low:
        top = low  # A5: only the next step
    if checks.skip_below is not None and _skipped(state, seat):
        top = min(top, MIN_BID if not high else 0)  # A6: only the compulsory opening 100
    return low, top


def legal_calls(state: State) -> tuple[Action, ...]:
    """Pass (except for the opener's first call), every legal bid lowest first, then a redeal
    where an agreement allows one."""
    seat = state._to_move
    assert seat is not None
    high = state._bidding[0][0]  # the auction's high bid
    low, top = _range(state, seat, high)
    first = (low - MIN_BID) // 5
    count = (top - low) // 5 + 1 if low <= top else 0
    calls: tuple[Action, ...] = (
        _PASS_THEN[first][: count + 1] if high else BIDS[first : first + count]
    )
    if state._match.checks.hand_redeal and may_redeal_by_hand(state, seat):
        return (*calls, REDEAL)
    return calls


# Globals: reading an Enum member costs ~75 ns on Python 3.11, a global ~10 ns.
_BIDDING: Final = Phase.BIDDING
_UNHIDING: Final = Phase.UNHIDING
_HIDDEN_CHOICE: Final = Phase.HIDDEN_CHOICE
_GIVING: Final = Phase.GIVING


def open_deal(state: State, hands: PerSeat, talon: int, action: Action) -> State:
    """The state after the last card: the auction opens at the dealer's left (R-BID-1, among
    the active seats R-FOUR-1); or the opener's hidden-game choice (A15); or, in a golden
    deal, the talon is taken at once (A10)."""
    match = state._match
    opener = match.seating.opener
    if match.golden is not None:
        others = match.seating.mask ^ (1 << opener)
        return take_talon(state, hands, talon, (FIXED_GAME, opener, others, 0, 0, ()), action)
    phase = _HIDDEN_CHOICE if offers_hidden_game(match) else _BIDDING
    return start_of_deal(match, phase, opener, hands, talon, NO_AUCTION, state, action)


def take_talon(state: State, hands: PerSeat, talon: int, auction: Auction, action: Action) -> State:
    """R-BID-2, R-TALON-1: the high bidder is declarer and takes the talon into hand."""
    declarer = auction[1]
    return make_state(
        state._match,
        _GIVING,
        declarer,
        with_seat(hands, declarer, hands[declarer] | talon),
        0,
        auction,
        declarer,
        None,
        talon,
        (),
        None,
        (),
        (),
        state._won[2],  # no points yet: the deal's zeros
        (),
        state,
        action,
    )


def _in(state: State, action: Action, *phases: Phase) -> int:
    """The seat to move, after checking the phase."""
    if state._phase not in phases:
        raise IllegalActionError(action, state._phase, _out_of_phase(state, action, phases))
    seat = state._to_move
    assert seat is not None
    return seat


def _out_of_phase(state: State, action: Action, phases: tuple[Phase, ...]) -> str:
    if isinstance(action, Hidden | Look):
        return hidden_choice(state)
    if isinstance(action, Unhide) and not state._match.rules.hidden_round.allow_unhide:
        return "no hidden game may be unhidden under the rules in force (Allow Unhide, A15)"
    names = " or ".join(p.value for p in phases)
    return out_of_phase(state, f"this call is made only in the {names}")


def apply_bid(state: State, action: Bid) -> State:
    """A bid: legal when it is a multiple of 5 above the high bid and within the limit; it is
    the high bid, and the next seat still in the auction calls."""
    if state._phase is not _BIDDING:  # (_in(), written out: the auction's commonest call)
        raise IllegalActionError(action, state._phase, _out_of_phase(state, action, (_BIDDING,)))
    seat: int = state._to_move  # type: ignore[assignment]  # a seat in the auction
    value = action.value
    high, _, passed, called, hidden, calls = state._bidding[0]  # the auction
    low, top = _range(state, seat, high)
    if value % 5 or value < low or value > top:
        reason = _why_not_bid(state, seat, value, high, low, top)
        raise IllegalActionError(action, state._phase, reason)
    nxt = state._match.seating.auction_next[seat][passed]
    auction = (value, seat, passed, called | 1 << seat, hidden, (*calls, (seat, action)))
    return after_call(state, _BIDDING, nxt, auction, action)


def _why_not_bid(state: State, seat: int, value: int, high: int, low: int, top: int) -> str:
    if value % 5:
        return f"bid {value} is not a multiple of 5 (R-BID-2)"
    if value < low:
        if not high:
            return f"the opener must open with at least {MIN_BID} (R-BID-1)"
        return f"bid {value} does not beat the high bid {high} (R-BID-2)"
    rules = state._match.rules
    limit = bid_limit(rules, state._hands[seat])
    if _skipped(state, seat):
        may = f"it may only open with the compulsory {MIN_BID}" if not high else "it may not bid"
        return (
            f"seat {seat}'s score {state._match.scores[seat]} is below "
            f"{rules.bidding.skip_below}: {may} (Skip Declaring, A6)"
        )
    if value <= limit:
        return f"bid {value} jumps: only {low} is allowed (No Jumping, A5)"
    return f"bid {value} is above {_limit_reason(rules, limit)} (R-BID-3)"


def apply_pass(state: State, action: Pass) -> State:
    """A pass: the seat is out; after the second pass the high bidder takes the talon. A pass
    in the unhide is a pass in the auction (A15)."""
    phase = state._phase
    if phase is not _BIDDING and phase is not _UNHIDING:  # (_in(), written out)
        raise IllegalActionError(action, phase, _out_of_phase(state, action, (_BIDDING, _UNHIDING)))
    seat: int = state._to_move  # type: ignore[assignment]  # a seat in the auction
    high, bidder, passed, called, hidden, calls = state._bidding[0]  # the auction
    if not high:
        reason = f"the opener must open with a bid of at least {MIN_BID} (R-BID-1)"
        raise IllegalActionError(action, phase, reason)
    passed |= 1 << seat
    auction = (high, bidder, passed, called | 1 << seat, hidden, (*calls, (seat, action)))
    if passed.bit_count() < 2:
        nxt = state._match.seating.auction_next[seat][passed]
        return after_call(state, phase, nxt, auction, action)
    return take_talon(state, state._hands, state._talon, auction, action)


def legal_hidden_choice(state: State) -> tuple[Action, ...]:
    """The opener's first decision under Hidden Round (A15)."""
    return (HIDDEN, LOOK)


def apply_hidden(state: State, action: Hidden) -> State:
    """The opener declares a hidden game at 120; the others may unhide it (A15)."""
    opener = _in(state, action, Phase.HIDDEN_CHOICE)
    auction = (FIXED_GAME, opener, 0, 1 << opener, 1, ((opener, action),))
    if state._match.rules.hidden_round.allow_unhide:
        return start_of_deal(
            state._match,
            Phase.UNHIDING,
            state._match.seating.left[opener],
            state._hands,
            state._talon,
            auction,
            state,
            action,
        )
    others = state._match.seating.mask ^ 1 << opener
    stands = (FIXED_GAME, opener, others, 1 << opener, 1, auction[5])  # no unhiding
    return take_talon(state, state._hands, state._talon, stands, action)


def apply_look(state: State, action: Look) -> State:
    """The opener looks at its cards; the auction opens as usual (A15)."""
    opener = _in(state, action, Phase.HIDDEN_CHOICE)
    auction = (*state._auction[:5], ((opener, action),))
    return start_of_deal(
        state._match, Phase.BIDDING, opener, state._hands, state._talon, auction, state, action
    )


def _unhide_range(state: State, seat: int) -> tuple[int, int]:
    """A15: from 125 to the limit, for a seat holding a K+Q marriage that is not skipped."""
    low = FIXED_GAME + 5
    hand = state._hands[seat]
    if not marriage_total(hand) or _skipped(state, seat):
        return low, 0
    top = bid_limit(state._match.rules, hand)
    return low, (min(top, low) if not state._match.rules.bidding.jumps else top)


def legal_unhides(state: State) -> tuple[Action, ...]:
    """Pass, or unhide with a bid from 125 to the limit (A15); a redeal where allowed."""
    seat = state._to_move
    assert seat is not None
    low, top = _unhide_range(state, seat)
    unhides = UNHIDES[(low - MIN_BID) // 5 : (top - MIN_BID) // 5 + 1] if low <= top else ()
    calls: tuple[Action, ...] = (PASS, *unhides)
    return (*calls, REDEAL) if may_redeal_by_hand(state, seat) else calls


def _why_not_unhide(state: State, seat: int, value: int) -> str:
    rules = state._match.rules
    hand = state._hands[seat]
    if not marriage_total(hand):
        return f"seat {seat} holds no marriage: it may only pass (A15)"
    if _skipped(state, seat):
        return (
            f"seat {seat}'s score {state._match.scores[seat]} is below "
            f"{rules.bidding.skip_below}: it may only pass (Skip Declaring, A6)"
        )
    low = FIXED_GAME + 5
    if value % 5:
        return f"unhide {value} is not a multiple of 5 (R-BID-2)"
    if value < low:
        return f"unhide {value} does not beat the hidden game's {FIXED_GAME}: at least {low} (A15)"
    limit = bid_limit(rules, hand)
    if value <= limit:
        return f"unhide {value} jumps: only {low} is allowed (No Jumping, A5)"
    return f"unhide {value} is above {_limit_reason(rules, limit)} (R-BID-3)"


def apply_unhide(state: State, action: Unhide) -> State:
    """Overbid the hidden game: it is cancelled and the auction goes on from the unhider, or the
    unhider is declarer at once under No Declaring When Unhidden (A15)."""
    seat = _in(state, action, Phase.UNHIDING)
    value = action.value
    low, top = _unhide_range(state, seat)
    if not low <= value <= top or value % 5:
        raise IllegalActionError(action, state._phase, _why_not_unhide(state, seat, value))
    _, _, passed, called, _, calls = state._auction
    auction = (value, seat, passed, called | 1 << seat, 0, (*calls, (seat, action)))
    if state._match.rules.hidden_round.no_declaring_when_unhidden:
        return take_talon(state, state._hands, state._talon, auction, action)
    nxt = state._match.seating.auction_next[seat][passed]
    return start_of_deal(
        state._match, Phase.BIDDING, nxt, state._hands, state._talon, auction, state, action
    )
