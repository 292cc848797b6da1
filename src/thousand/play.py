"""The eight tricks, marriages and trumps (``R-PLAY-*``, ``R-MARRIAGE-*``)."""

from __future__ import annotations

from typing import Final

from ._tables import by_suit_pattern, select
from .actions import PLAY, PLAY_MARRIAGE, Action, Play
from .cards import PACK, Card, Rank, Suit, card_points
from .errors import IllegalActionError
from .scoring import finish_deal
from .state import Phase, State, with_seat

__all__ = ["apply_play", "legal_plays", "trick_winner"]

_PLAY_TABLES: Final = by_suit_pattern(PLAY)
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)


def _may_declare(state: State) -> bool:
    """R-MARRIAGE-1: marriages are declared when leading to any trick but the first."""
    return bool(state._tricks) or (state._match.rules.play.trumps_in_first_move)


def _marriage_suits(hand: int) -> int:
    """A 4-bit mask of the suits whose K and Q are both in ``hand``."""
    return sum(1 << s for s in range(4) if (hand >> (6 * s)) & _QK == _QK)


def _allowed(state: State, hand: int) -> tuple[int, str]:
    """The cards a follower may play, and why (R-PLAY-2)."""
    lead = state._trick[0][1].suit
    follow = hand & _SUIT_MASKS[lead]
    if follow:
        return follow, f"must follow suit {lead.symbol}"
    trump = state._trump
    if trump is not None and state._match.rules.play.must_trump:
        trumps = hand & _SUIT_MASKS[trump]
        if trumps:
            return trumps, f"cannot follow suit {lead.symbol} and must play a trump {trump.symbol}"
    return hand, ""


def legal_plays(state: State) -> tuple[Action, ...]:
    """The cards the seat to move may play, lowest first; a marriage lead follows its plain
    form under the optional declaration and replaces it under the automatic one."""
    seat = state._to_move
    assert seat is not None
    hand = state._hands[seat]
    if state._trick:
        return select(_PLAY_TABLES, _allowed(state, hand)[0])
    suits = _marriage_suits(hand) if _may_declare(state) else 0
    if not suits:
        return select(_PLAY_TABLES, hand)
    optional = state._match.rules.play.marriage_declaration == "optional"
    out: list[Action] = []
    for card in PACK:
        if hand & card.mask:
            if suits >> card.suit & 1 and card.rank in (Rank.QUEEN, Rank.KING):
                if optional:
                    out.append(PLAY[card.index])
                out.append(PLAY_MARRIAGE[card.index])
            else:
                out.append(PLAY[card.index])
    return tuple(out)


def trick_winner(trick: tuple[tuple[int, Card], ...], trump: Suit | None) -> int:
    """R-PLAY-3: the highest trump wins; without one, the highest card of the suit led."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit is best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit is trump:
            best_seat, best = seat, card
    return best_seat


def _marriage_error(state: State, action: Play, seat: int, hand: int) -> str | None:
    """Why ``action`` may not declare (or must declare) a marriage, or None when it is fine."""
    card = action.card
    is_marriage_card = (
        card.rank in (Rank.QUEEN, Rank.KING) and _marriage_suits(hand) >> card.suit & 1
    )
    if action.marriage:
        if state._trick:
            return "a marriage is declared only by leading (R-MARRIAGE-1)"
        if card.rank not in (Rank.QUEEN, Rank.KING):
            return f"{card} is not a king or queen: it declares no marriage (R-MARRIAGE-1)"
        if not is_marriage_card:
            partner = Card(card.suit, Rank.KING if card.rank == Rank.QUEEN else Rank.QUEEN)
            return f"seat {seat} does not hold {partner}, the marriage's other card (R-MARRIAGE-2)"
        if not _may_declare(state):
            return "no marriage may be declared on the first lead of a deal (R-MARRIAGE-1)"
        return None
    if (
        not state._trick
        and is_marriage_card
        and _may_declare(state)
        and state._match.rules.play.marriage_declaration == "automatic"
    ):
        return f"leading {card} declares its marriage automatically: play it with marriage=True"
    return None


def apply_play(state: State, action: Play) -> State:
    """Play a card; complete the trick after the third; score the deal after the eighth."""
    if state._phase is not Phase.PLAYING:
        raise IllegalActionError(action, state._phase, "cards are played only in the play")
    seat = state._to_move
    assert seat is not None
    card = action.card
    bit = card.mask
    hands = state._hands
    hand = hands[seat]
    if not hand & bit:
        raise IllegalActionError(action, state._phase, f"seat {seat} does not hold {card}")
    if state._trick:
        allowed, why = _allowed(state, hand)
        if not allowed & bit:
            raise IllegalActionError(action, state._phase, f"seat {seat} {why} (R-PLAY-2)")
    if action.marriage or card.rank in (Rank.QUEEN, Rank.KING):
        error = _marriage_error(state, action, seat, hand)
        if error:
            raise IllegalActionError(action, state._phase, error)
    hand ^= bit
    new_hands = with_seat(hands, seat, hand)
    points = state._points
    trump = state._trump
    marriages = state._marriages
    if action.marriage:
        trump = card.suit
        value = trump.marriage_value
        points = with_seat(points, seat, points[seat] + value)
        marriages = (*marriages, (seat, trump))
    trick = (*state._trick, (seat, card))
    tricks = state._tricks
    to_move = (seat + 1) % 3
    if len(trick) == 3:
        to_move = trick_winner(trick, trump)
        taken = trick[0][1].mask | trick[1][1].mask | bit
        gained = card_points(taken)
        tricks = (*tricks, (to_move, trick))
        points = with_seat(points, to_move, points[to_move] + gained)
        trick = ()
        if len(tricks) == 8:
            return finish_deal(
                state,
                action,
                state._contract or 0,
                tricks=tricks,
                points=points,
                marriages=marriages,
            )
    s = state
    return State(
        s._match,
        Phase.PLAYING,
        to_move,
        new_hands,
        0,
        s._auction,
        s._declarer,
        s._contract,
        s._exposed,
        s._gives,
        trump,
        trick,
        tricks,
        points,
        marriages,
        (s._history, action),
    )
