"""The state machine: ``new_game``, ``legal_actions``, ``chance_outcomes`` and ``apply``."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from ._reasons import now
from .actions import (
    Action,
    Bid,
    Contract,
    Deal,
    DealCard,
    Distribute,
    Give,
    Hidden,
    Look,
    Pass,
    Play,
    Redeal,
    Unhide,
)
from .auction import (
    apply_bid,
    apply_hidden,
    apply_look,
    apply_pass,
    apply_unhide,
    legal_calls,
    legal_hidden_choice,
    legal_unhides,
    open_deal,
)
from .dealing import UNDEALT_HIGH, UNDEALT_LOW, apply_deal, legal_deal_cards, refuse_deal_card
from .dealing import chance_outcomes as _chance
from .errors import IllegalActionError, check_seat, shown
from .play import (
    FOLLOW,
    LEADS,
    PARTNERS,
    PLAYED,
    SUIT_OF,
    check_follow,
    lead_marriage,
    legal_plays,
    refuse_play,
)
from .redeals import apply_redeal
from .rules import SCORE_LIMIT, SCORE_SPAN, Rules
from .scoring import finish_deal
from .seating import AT_FOUR, TO_TALON
from .starts import opening_barrel
from .state import (
    NO_AUCTION,
    Building,
    Match,
    Phase,
    State,
    start_of_deal,
    with_seat,
)
from .talon import apply_contract, apply_distribute, apply_give, legal_contracts, legal_gives

__all__ = ["apply", "chance_outcomes", "legal_actions", "new_game", "perft"]


def new_game(
    rules: Rules | None = None, *, dealer: int = 0, scores: tuple[int, ...] | None = None
) -> State:
    """The first chance node of a game (R-TABLE-1).

    ``scores`` gives one starting score per seat (three, or four at a table of four,
    R-FOUR-1); without it every seat starts at 0. A starting score equal to the barrel
    threshold puts that seat on the barrel with no deal used; any other score from the
    threshold up raises ``ValueError``. ``dealer`` is a seat of the table (the int 0, 1 or 2,
    or 3 at four) and each score an int within ±10**15 (:data:`~thousand.rules.SCORE_LIMIT`);
    anything else raises ``ValueError`` too.

    >>> state = new_game()
    >>> state.phase, state.dealer, state.is_chance
    (Phase.DEALING, 0, True)
    >>> four = new_game(Rules.classic(players=4), dealer=2)
    >>> four.scores, four.sitter, four.active_seats
    ((0, 0, 0, 0), 2, (3, 0, 1))
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {shown(rules)}")
    players = rules.table.players
    check_seat(dealer, "dealer", players=players)
    if scores is None:
        scores = (0,) * players
    if not isinstance(scores, tuple) or len(scores) != players:
        count = "three" if players == 3 else "four"
        raise ValueError(f"scores must be a tuple of {count} ints, not {shown(scores)}")
    for seat, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, int):
            raise ValueError(f"seat {seat}'s score must be an int, not {shown(score)}")
        if not -SCORE_LIMIT <= score <= SCORE_LIMIT:
            raise ValueError(f"seat {seat}'s score must be an int {SCORE_SPAN}, not {shown(score)}")
    barrel = opening_barrel(rules, scores, error=ValueError)
    golden = 0 if rules.golden_round.enabled else None  # A10: the game opens with it
    zeros = (0,) * players
    match = Match(rules, dealer, 1, scores, barrel, zeros, (), None, golden)
    return start_of_deal(match, Phase.DEALING, None, zeros, 0, NO_AUCTION, None, None)


# Globals: reading an Enum member costs ~75 ns.
_GAME_OVER: Final = Phase.GAME_OVER
_PLAYING: Final = Phase.PLAYING
_DEALING: Final = Phase.DEALING


def _none(state: State) -> tuple[Action, ...]:
    return ()


# Keyed by the phase's value: hashing an Enum member runs Python code, a str's hash is cached.
_LEGAL: Final[dict[str, Callable[[State], tuple[Action, ...]]]] = {
    Phase.DEALING.value: legal_deal_cards,
    Phase.HIDDEN_CHOICE.value: legal_hidden_choice,
    Phase.UNHIDING.value: legal_unhides,
    Phase.BIDDING.value: legal_calls,
    Phase.GIVING.value: legal_gives,
    Phase.CONTRACT.value: legal_contracts,
    Phase.PLAYING.value: legal_plays,
    Phase.GAME_OVER.value: _none,
}

_APPLY: Final[dict[type, Callable[[State, Any], State]]] = {
    DealCard: refuse_deal_card,
    Deal: apply_deal,
    Bid: apply_bid,
    Pass: apply_pass,
    Give: apply_give,
    Contract: apply_contract,
    Play: refuse_play,
    Distribute: apply_distribute,
    Redeal: apply_redeal,
    Hidden: apply_hidden,
    Look: apply_look,
    Unhide: apply_unhide,
}


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a fixed order; at a chance node the :class:`DealCard` outcomes
    (a whole :class:`Deal` is also accepted there, but not listed); empty only at the end.
    """
    phase = state._phase
    if phase is _PLAYING:  # 24 of a deal's ~55 steps: straight there, not through the table
        trick = state._trick
        if trick and state._won[1]:  # a follower after the first trick (no redeal then, A7)
            suit, shift, plays_of = FOLLOW[trick[0][1].index]
            allowed = state._hands[state._to_move] & suit  # type: ignore[index]
            if allowed:  # legal_plays() inlined for the common case: it follows suit
                return plays_of[allowed >> shift]
        return legal_plays(state)
    if phase is _DEALING:  # 24 more: legal_deal_cards() inlined, no call at all
        left = state._exposed  # the cards not dealt yet (see dealing._left)
        return UNDEALT_LOW[left & 4095] + UNDEALT_HIGH[left >> 12]
    return _LEGAL[phase._value_](state)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance node, each outcome with its probability; elsewhere empty."""
    if state._phase is not Phase.DEALING:
        return ()
    return _chance(state)


def apply(state: State, action: Action, seat: int | None = None) -> State:
    """The state after ``action``; ``state`` itself never changes.

    ``seat``, when given, is the seat that sends the action (a server that takes moves from
    players passes it): an action of a seat that is not to move is refused, also at a chance
    node, where no seat is.

    Raises :class:`IllegalActionError` (a ``ValueError``) naming the action, the phase and the
    reason when the action is not legal, also for an action of the seat that sits out the deal
    at a table of four (R-FOUR-1); a ``seat`` the table does not have raises ``ValueError``.

    >>> state = apply(new_game(), Deal.parse(
    ...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
    >>> try:
    ...     apply(state, Bid(100), seat=2)
    ... except IllegalActionError as error:
    ...     print(error.reason)
    it is not seat 2's turn: the auction is on and seat 1 opens it
    """
    if seat is not None:
        _check_sender(state, action, seat)
    kind = type(action)
    new: Building
    # The play's and the dealing's steps are 48 of a deal's ~55: they are worked out here, not
    # in a handler of their own (a Python call costs as much as a third of such a step). Their
    # refusals and rarer turns are play.py's and dealing.py's.
    if kind is Play and state._phase is _PLAYING:
        play: Play = action  # type: ignore[assignment]  # (a cast() would cost a call)
        seat = state._to_move
        assert seat is not None
        card = play.card
        bit = card.mask
        hands = state._hands
        hand = hands[seat]
        trick = state._trick
        if not hand & bit:
            raise IllegalActionError(action, _PLAYING, f"seat {seat} does not hold {card}")
        if trick:
            suit = SUIT_OF[trick[0][1].index]
            # A card of the suit led is always allowed; another only when the seat has none
            # of it, and then within the trump rules (R-PLAY-2, A23).
            if not bit & suit and (hand & suit or state._won[0] is not None):  # (trump)
                check_follow(state, play, seat, hand)
            if play.marriage:
                reason = "a marriage is declared only by leading (R-MARRIAGE-1)"
                raise IllegalActionError(action, _PLAYING, reason)
        else:
            partners = PARTNERS[card.index]
            # A plain lead from a held marriage is wrong only where marriages declare themselves.
            if play.marriage or (
                partners and hand & partners == partners and state._match.checks.automatic_marriages
            ):
                declared = lead_marriage(state, play, seat, hand)
                if declared is not None:
                    return declared
        new = Building()
        hand ^= bit
        if len(hands) != 3:  # at four: the generic tables (a table of three is spelled out)
            new._hands = with_seat(hands, seat, hand)
        elif seat == 0:
            new._hands = (hand, hands[1], hands[2])
        elif seat == 1:
            new._hands = (hands[0], hand, hands[2])
        else:
            new._hands = (hands[0], hands[1], hand)
        if len(trick) < 2:
            new._trick = (trick[0], PLAYED[seat][card.index]) if trick else LEADS[seat][card.index]
            new._to_move = state._match.seating.left[seat]
            new._won = state._won
        else:
            first, second = trick
            winner, lead = first
            follow = second[1]
            trump, tricks, points, marriages = state._won
            # trick_winner(), inlined for three cards (R-PLAY-3)
            best = lead
            if follow.suit is lead.suit:
                if follow.index > lead.index:
                    winner, best = second
            elif follow.suit is trump:
                winner, best = second
            if card.suit is best.suit:
                if card.index > best.index:
                    winner = seat
            elif card.suit is trump:
                winner = seat
            gained = lead.points + follow.points + card.points
            tricks += (winner, first, second, PLAYED[seat][card.index])  # (a TrickLog)
            if len(points) != 3:
                points = with_seat(points, winner, points[winner] + gained)
            elif winner == 0:
                points = (points[0] + gained, points[1], points[2])
            elif winner == 1:
                points = (points[0], points[1] + gained, points[2])
            else:
                points = (points[0], points[1], points[2] + gained)
            if len(tricks) == 32:  # the eighth trick
                return finish_deal(
                    state,
                    action,
                    state._bidding[2] or 0,  # the contract
                    tricks=tricks,
                    points=points,
                    marriages=marriages,
                )
            new._trick = ()
            new._to_move = winner
            new._won = (trump, tricks, points, marriages)
        new._talon = 0
        new._exposed = state._exposed
    elif kind is DealCard and state._phase is _DEALING:
        card = action.card  # type: ignore[union-attr]  # a DealCard
        bit = card.mask
        left = state._exposed  # the cards not dealt yet (see dealing._left)
        if not left & bit:
            raise IllegalActionError(action, _DEALING, f"{card} has already been dealt")
        # R-DEAL-1, R-FOUR-2: the seat whose turn it is in the dealing order, or the talon
        to = state._match.seating.deal_to[left.bit_count()]
        hands = state._hands
        new = Building()
        new._talon = state._talon  # (set again below for a card to the talon: 3 of 24)
        if to == 0:  # (a table of three, spelled out; see Seating.deal_to)
            new._hands = (hands[0] | bit, hands[1], hands[2])
        elif to == 1:
            new._hands = (hands[0], hands[1] | bit, hands[2])
        elif to == 2:
            new._hands = (hands[0], hands[1], hands[2] | bit)
        elif to != TO_TALON:
            seat = to - AT_FOUR
            new._hands = with_seat(hands, seat, hands[seat] | bit)
        else:  # the talon's three
            if left == bit:  # the last card
                return open_deal(state, hands, state._talon | bit, action)
            new._hands = hands
            new._talon = state._talon | bit
        new._to_move = None
        new._exposed = left ^ bit
        new._trick = ()
        new._won = state._won  # nothing yet: the start's
    else:
        try:
            handler = _APPLY[kind]
        except KeyError:
            raise IllegalActionError(action, state._phase, _not_an_action(action)) from None
        if state._phase is _GAME_OVER:
            raise IllegalActionError(action, state._phase, now(state))
        return handler(state, action)
    # What a card played or dealt leaves as it was, and the new state's history (as in
    # state.after_call, written out here to save a call).
    new._match = state._match
    new._phase = state._phase
    new._bidding = state._bidding
    new._prev = state
    new._action = action
    new.deal_number = state.deal_number
    new.is_terminal = False
    new.__class__ = State  # type: ignore[assignment]  # from here on read-only (state.Building)
    return new  # type: ignore[return-value]  # a State now


def _check_sender(state: State, action: Action, seat: int) -> None:
    """Refuse an action sent by ``seat`` when it is not that seat's to make; first, as without
    a sender, anything that is not an action, and any action once the game is over."""
    if type(action) not in _APPLY:
        raise IllegalActionError(action, state._phase, _not_an_action(action))
    if state._phase is _GAME_OVER:
        raise IllegalActionError(action, state._phase, now(state))
    check_seat(seat, "seat", players=state._match.seating.players)
    if seat == state._match.seating.sitter:
        reason = f"seat {seat} sits out this deal (R-FOUR-1): it makes no call and no play"
        raise IllegalActionError(action, state._phase, reason)
    if seat != state._to_move:
        reason = f"it is not seat {seat}'s turn: {now(state)}"
        raise IllegalActionError(action, state._phase, reason)


def _not_an_action(value: object) -> str:
    if isinstance(value, str):
        return f"{shown(value)} is not an action but text: read it with thousand.parse_action"
    if isinstance(value, dict):
        return f"{shown(value)} is not an action but a dict: read it with thousand.action_from_dict"
    return f"{shown(value)} is not an action but a value of type {type(value).__name__}"


def perft(state: State, depth: int) -> int:
    """The number of distinct legal action sequences of length ``depth`` from ``state`` (a
    sequence that ends the game early counts once). Chance nodes count each card dealt.

    >>> perft(new_game(), 2)
    552
    """
    if depth <= 0 or state._phase is Phase.GAME_OVER:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, a), depth - 1) for a in actions)
