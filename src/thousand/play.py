"""The eight tricks, marriages and trumps (``R-PLAY-*``, ``R-MARRIAGE-*``)."""

from __future__ import annotations

from typing import Final

from ._reasons import out_of_phase
from ._tables import by_suit_pattern, select
from .actions import PLAY, PLAY_MARRIAGE, REDEAL, Action, Play
from .auction import ACE_MARRIAGE, ACES
from .cards import PACK, Card, Rank, Suit, card_points
from .errors import IllegalActionError
from .redeals import may_redeal_on_four_nines
from .scoring import finish_deal
from .state import Phase, State, with_seat

__all__ = ["apply_play", "legal_plays", "trick_winner", "trump_owner"]

_PLAY_TABLES: Final = by_suit_pattern(PLAY)
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)


def _may_declare(state: State) -> bool:
    """R-MARRIAGE-1: marriages are declared when leading to any trick but the first."""
    return bool(state._tricks) or state._match.rules.play.trumps_in_first_move


def _declarable(state: State, hand: int) -> int:
    """The cards whose lead may declare a marriage: the K and Q of each marriage held, and the
    aces when all four are held under Ace Marriage (R-MARRIAGE-1, A21)."""
    cards = 0
    for suit in range(4):
        if (hand >> (6 * suit)) & _QK == _QK:
            cards |= _QK << (6 * suit)
    if hand & ACES == ACES and state._match.rules.play.ace_marriage:
        cards |= ACES
    return cards


def trump_owner(state: State) -> int | None:
    """The seat that declared the trump in force, or None without a trump."""
    for seat, suit in reversed(state._marriages):
        if suit is not None:
            return seat
    return None


def _allowed(state: State, seat: int, hand: int) -> tuple[int, str]:
    """The cards a follower may play, and why (R-PLAY-2, A23)."""
    lead = state._trick[0][1].suit
    follow = hand & _SUIT_MASKS[lead]
    if follow:
        return follow, f"must follow suit {lead.symbol}"
    trump = state._trump
    if trump is None:
        return hand, ""
    trumps = hand & _SUIT_MASKS[trump]
    rules = state._match.rules.play
    if not rules.opponent_trumps and seat != trump_owner(state):
        if hand ^ trumps:
            return hand ^ trumps, (
                f"cannot follow suit {lead.symbol} and may not trump: {trump.symbol} is "
                "another seat's trump (Don't Allow Opponent Trumps, A23)"
            )
        return hand, ""
    if trumps and rules.must_trump:
        return trumps, f"cannot follow suit {lead.symbol} and must play a trump {trump.symbol}"
    return hand, ""


def legal_plays(state: State) -> tuple[Action, ...]:
    """The cards the seat to move may play, lowest first; a marriage lead follows its plain
    form under the optional declaration and replaces it under the automatic one; a redeal last
    where 4 Nines on Hands allows one."""
    seat = state._to_move
    assert seat is not None
    hand = state._hands[seat]
    if state._trick:
        plays: tuple[Action, ...] = select(_PLAY_TABLES, _allowed(state, seat, hand)[0])
    else:
        declarable = _declarable(state, hand) if _may_declare(state) else 0
        if not declarable:
            plays = select(_PLAY_TABLES, hand)
        else:
            optional = state._match.rules.play.marriage_declaration == "optional"
            out: list[Action] = []
            for card in PACK:
                if hand & card.mask:
                    if not declarable & card.mask or optional:
                        out.append(PLAY[card.index])
                    if declarable & card.mask:
                        out.append(PLAY_MARRIAGE[card.index])
            plays = tuple(out)
    if not state._tricks and may_redeal_on_four_nines(state, seat):
        return (*plays, REDEAL)
    return plays


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
    declarable = _declarable(state, hand) & card.mask
    if action.marriage:
        if state._trick:
            return "a marriage is declared only by leading (R-MARRIAGE-1)"
        if card.rank is Rank.ACE and state._match.rules.play.ace_marriage:
            if not declarable:
                return f"seat {seat} does not hold all four aces (Ace Marriage, A21)"
        elif card.rank not in (Rank.QUEEN, Rank.KING):
            return f"{card} is not a king or queen: it declares no marriage (R-MARRIAGE-1)"
        elif not declarable:
            partner = Card(card.suit, Rank.KING if card.rank == Rank.QUEEN else Rank.QUEEN)
            return f"seat {seat} does not hold {partner}, the marriage's other card (R-MARRIAGE-2)"
        if not _may_declare(state):
            return "no marriage may be declared on the first lead of a deal (R-MARRIAGE-1)"
        return None
    if (
        not state._trick
        and declarable
        and _may_declare(state)
        and state._match.rules.play.marriage_declaration == "automatic"
    ):
        return f"leading {card} declares its marriage automatically: play it with marriage=True"
    return None


def apply_play(state: State, action: Play) -> State:
    """Play a card; complete the trick after the third; score the deal after the eighth."""
    if state._phase is not Phase.PLAYING:
        when = "cards are played only in the play, once the contract is fixed"
        raise IllegalActionError(action, state._phase, out_of_phase(state, when))
    seat = state._to_move
    assert seat is not None
    card = action.card
    bit = card.mask
    hands = state._hands
    hand = hands[seat]
    if not hand & bit:
        raise IllegalActionError(action, state._phase, f"seat {seat} does not hold {card}")
    if state._trick:
        allowed, why = _allowed(state, seat, hand)
        if not allowed & bit:
            raise IllegalActionError(action, state._phase, f"seat {seat} {why} (R-PLAY-2)")
    if action.marriage or (card.rank >= Rank.QUEEN and card.rank != Rank.TEN):
        error = _marriage_error(state, action, seat, hand)
        if error:
            raise IllegalActionError(action, state._phase, error)
    hand ^= bit
    new_hands = with_seat(hands, seat, hand)
    points = state._points
    trump = state._trump
    marriages = state._marriages
    if action.marriage:
        if card.rank is Rank.ACE:  # A21: 200 at once; the trump does not change
            points = with_seat(points, seat, points[seat] + ACE_MARRIAGE)
            marriages = (*marriages, (seat, None))
        else:
            trump = card.suit
            points = with_seat(points, seat, points[seat] + trump.marriage_value)
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
