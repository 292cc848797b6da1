"""What an :class:`~thousand.IllegalActionError` says about where the deal stands.

Built only when an action is refused, so the legal path never pays for it.
"""

from __future__ import annotations

from .actions import Hidden, Look, Redeal
from .state import Phase, State, actions_back, skipped

__all__ = ["hidden_choice", "now", "out_of_phase"]


def _dealing(state: State) -> str:
    dealt = 24 - state._exposed.bit_count()  # while dealing: the cards not dealt yet
    number = state._match.deal_number
    if dealt:
        return f"the cards of deal {number} are being dealt: {dealt} of 24 so far"
    if isinstance(next(actions_back(state), None), Redeal):
        return f"a redeal was called: deal {number} is dealt again, no card yet"
    return f"no card of deal {number} is dealt yet"


def _talon_taken(state: State) -> str:
    declarer, high, hidden = state._declarer, state._auction[0], state._auction[4]
    if state._match.golden is not None:
        return f"seat {declarer} took the talon at {high} in a golden deal, with no auction (A10),"
    if hidden:
        return f"seat {declarer} took the talon for its hidden game at {high} (A15)"
    return f"the auction is over: seat {declarer} took the talon at {high}"


def now(state: State) -> str:
    """Where the deal stands: its phase and what has already happened in it."""
    phase = state._phase
    seat = state._to_move
    if phase is Phase.DEALING:
        return _dealing(state)
    if phase is Phase.HIDDEN_CHOICE:
        return f"the opener (seat {seat}) first chooses a hidden game or looks at its cards (A15)"
    if phase is Phase.UNHIDING:
        opener = state._auction[1]
        return f"seat {opener} declared a hidden game: seat {seat} may unhide it or pass (A15)"
    if phase is Phase.BIDDING:
        high, bidder = state._auction[0], state._auction[1]
        if not high:
            return f"the auction is on and seat {seat} opens it"
        return f"the auction is on: high bid {high} by seat {bidder}, seat {seat} to call"
    if phase is Phase.GIVING:
        gives = state._gives
        done = f"has given one card, to seat {gives[0][1]}" if gives else "has given no card yet"
        return f"{_talon_taken(state)} and {done}"
    if phase is Phase.CONTRACT:
        return f"seat {state._declarer} has given both cards and fixes the contract"
    if phase is Phase.PLAYING:
        return (
            f"both cards are given and the contract is already fixed at {state._contract}: "
            f"the play is on (trick {state.tricks_played + 1} of 8)"
        )
    winner = state._match.winner
    return "the game is over: " + ("it ended in a draw" if winner is None else f"seat {winner} won")


def out_of_phase(state: State, when: str) -> str:
    """Where the deal stands, then ``when`` the action is made."""
    return f"{now(state)}; {when}"


def hidden_choice(state: State) -> str:
    """Why the opener's hidden-game choice (:class:`~thousand.Hidden`, :class:`~thousand.Look`)
    is not legal now."""
    match = state._match
    rules = match.rules
    if not rules.hidden_round.enabled:
        return "Hidden Round is not in the rules in force (A15)"
    when = "this call is made only in the hidden game choice"
    calls = state._auction[5]
    if calls and isinstance(calls[0][1], Hidden | Look):
        opener, choice = calls[0]
        done = "declared a hidden game" if isinstance(choice, Hidden) else "looked at its cards"
        return f"{when}, and the opener (seat {opener}) has already {done}"
    if state._phase is Phase.DEALING:
        return out_of_phase(state, when)
    opener = (match.dealer + 1) % 3
    if match.golden is not None:  # the order of offers_hidden_game's conditions
        why = "a golden deal has no hidden game (A10)"
    elif skipped(match, opener):
        below = rules.bidding.skip_below
        why = f"the opener (seat {opener}) scores below {below} (Skip Declaring, A6)"
    else:
        why = "a seat is on the barrel (Disabled on Barrel, A15)"
    return f"{when}, and this deal offers none: {why}"
