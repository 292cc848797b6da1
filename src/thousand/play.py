"""The eight tricks, marriages and trumps (``R-PLAY-*``, ``R-MARRIAGE-*``)."""

from __future__ import annotations

from typing import Final

from ._checks import ACE_MARRIAGE, ACES
from ._reasons import out_of_phase
from ._tables import by_half_pattern
from .actions import PLAY, PLAY_MARRIAGE, REDEAL, Action, Play
from .cards import PACK, Card, Rank, Suit
from .errors import IllegalActionError
from .redeals import may_redeal_on_four_nines
from .scoring import finish_deal
from .state import PLAY_CHARS, Phase, State, extended, make_state, with_seat

__all__ = ["apply_play", "legal_plays", "trick_winner", "trump_owner"]

#: The Play actions of each 12-bit pattern of the low and the high half of the pack.
_LOW, _HIGH = by_half_pattern(PLAY)
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)
_PLAYING: Final = Phase.PLAYING  # a global: reading an Enum member costs ~75 ns
_new = object.__new__
#: Per card index: the mask of its suit.
_SUIT_OF: Final = tuple(_SUIT_MASKS[c.suit] for c in PACK)
#: Per card index: the cards its lead declares a marriage with, when all are held: the K and
#: Q of its suit for a king or queen, the four aces for an ace (A21), none for the rest.
_PARTNERS: Final = tuple(
    _QK << 6 * c.suit if c.rank in (Rank.QUEEN, Rank.KING) else ACES if c.rank is Rank.ACE else 0
    for c in PACK
)
#: Per seat and card index: the shared ``(seat, card)`` entry of a trick.
_PLAYED: Final = tuple(tuple((seat, card) for card in PACK) for seat in range(4))
#: Per 12-bit pattern of a half of the pack: the K and Q of each of its two suits held together.
_PAIRS: Final = tuple(
    (_QK if p & _QK == _QK else 0) | (_QK << 6 if p >> 6 & _QK == _QK else 0) for p in range(4096)
)


def _may_declare(state: State) -> bool:
    """R-MARRIAGE-1: marriages are declared when leading to any trick but the first."""
    return bool(state._tricks) or state._match.rules.play.trumps_in_first_move


def _declarable(state: State, hand: int) -> int:
    """The cards whose lead may declare a marriage: the K and Q of each marriage held, and the
    aces when all four are held under Ace Marriage (R-MARRIAGE-1, A21)."""
    cards = _PAIRS[hand & 4095] | _PAIRS[hand >> 12] << 12
    if hand & ACES == ACES and state._match.rules.play.ace_marriage:
        cards |= ACES
    return cards


def trump_owner(state: State) -> int | None:
    """The seat that declared the trump in force, or None without a trump."""
    for seat, suit in reversed(state._marriages):
        if suit is not None:
            return seat
    return None


def _allowed(state: State, seat: int, hand: int) -> int:
    """The cards a follower may play (R-PLAY-2, A23); :func:`_why_restricted` says why."""
    lead = state._trick[0][1].suit
    follow = hand & _SUIT_MASKS[lead]
    if follow:
        return follow
    trump = state._trump
    if trump is None:
        return hand
    trumps = hand & _SUIT_MASKS[trump]
    rules = state._match.rules.play
    if not rules.opponent_trumps and seat != trump_owner(state):
        return hand ^ trumps or hand
    if trumps and rules.must_trump:
        return trumps
    return hand


def _why_restricted(state: State) -> str:
    """Why a follower's card is not among :func:`_allowed`'s (R-PLAY-2, A23)."""
    lead = state._trick[0][1].suit
    seat = state._to_move
    assert seat is not None
    if state._hands[seat] & _SUIT_MASKS[lead]:
        return f"must follow suit {lead.symbol}"
    trump = state._trump
    assert trump is not None  # without a trump any card may follow
    if not state._match.rules.play.opponent_trumps and seat != trump_owner(state):
        return (
            f"cannot follow suit {lead.symbol} and may not trump: {trump.symbol} is "
            "another seat's trump (Don't Allow Opponent Trumps, A23)"
        )
    return f"cannot follow suit {lead.symbol} and must play a trump {trump.symbol}"


def legal_plays(state: State) -> tuple[Action, ...]:
    """The cards the seat to move may play, lowest first; a marriage lead follows its plain
    form under the optional declaration and replaces it under the automatic one; a redeal last
    where 4 Nines on Hands allows one."""
    seat = state._to_move
    assert seat is not None
    hand = state._hands[seat]
    trick = state._trick
    if trick:
        allowed = hand & _SUIT_OF[trick[0][1].index]  # following suit: the common case
        if not allowed:
            allowed = hand if state._trump is None else _allowed(state, seat, hand)
        plays = _LOW[allowed & 4095] + _HIGH[allowed >> 12]
    else:
        declarable = _declarable(state, hand) if _may_declare(state) else 0
        if not declarable:
            plays = _LOW[hand & 4095] + _HIGH[hand >> 12]
        else:
            optional = state._match.rules.play.marriage_declaration == "optional"
            out: list[Play] = []
            rest = hand
            while rest:  # the held cards, lowest first
                bit = rest & -rest
                rest ^= bit
                index = bit.bit_length() - 1
                if optional or not declarable & bit:
                    out.append(PLAY[index])
                if declarable & bit:
                    out.append(PLAY_MARRIAGE[index])
            plays = tuple(out)
    if (
        not state._tricks
        and state._match.rules.redeals.four_nines_on_hands
        and may_redeal_on_four_nines(state, seat)
    ):
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
    """Play a card; complete the trick after the third; score the deal after the eighth.

    The checks (R-PLAY-2, R-MARRIAGE-*, A21, A23) look at bitmasks first; the reasons are
    worked out only for an illegal card. The new state is built in place, field by field: at
    24 of a deal's ~55 steps, a call of :func:`make_state` costs ~65 ns more."""
    if state._phase is not _PLAYING:
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
    trick = state._trick
    if trick:
        allowed = hand & _SUIT_OF[trick[0][1].index]
        if not allowed:
            allowed = hand if state._trump is None else _allowed(state, seat, hand)
        if not allowed & bit:
            reason = f"seat {seat} {_why_restricted(state)} (R-PLAY-2)"
            raise IllegalActionError(action, state._phase, reason)
        if action.marriage:
            reason = "a marriage is declared only by leading (R-MARRIAGE-1)"
            raise IllegalActionError(action, state._phase, reason)
    else:
        partners = _PARTNERS[card.index]
        # A plain lead from a held marriage is wrong only where marriages declare themselves.
        if action.marriage or (
            partners and hand & partners == partners and state._match.checks.automatic_marriages
        ):
            error = _marriage_error(state, action, seat, hand)
            if error:
                raise IllegalActionError(action, state._phase, error)
        if action.marriage:
            return _declare(state, action, seat)

    new = _new(State)
    hand ^= bit
    three = len(hands) == 3  # a table of three, spelled out; at four the seating's tables
    if not three:
        new._hands = with_seat(hands, seat, hand)
    elif seat == 0:
        new._hands = (hand, hands[1], hands[2])
    elif seat == 1:
        new._hands = (hands[0], hand, hands[2])
    else:
        new._hands = (hands[0], hands[1], hand)
    if len(trick) < 2:
        new._trick = (*trick, _PLAYED[seat][card.index])
        new._to_move = (seat + 1 if seat < 2 else 0) if three else state._match.seating.left[seat]
        new._tricks = state._tricks
        new._points = state._points
    else:
        first, second = trick
        trick = (first, second, _PLAYED[seat][card.index])
        trump = state._trump
        # trick_winner(), inlined for three cards (R-PLAY-3)
        winner, best = first
        if second[1].suit is best.suit:
            if second[1].index > best.index:
                winner, best = second
        elif second[1].suit is trump:
            winner, best = second
        if card.suit is best.suit:
            if card.index > best.index:
                winner = seat
        elif card.suit is trump:
            winner = seat
        gained = first[1].points + second[1].points + card.points
        tricks = (*state._tricks, (winner, trick))
        points = state._points
        if not three:
            points = with_seat(points, winner, points[winner] + gained)
        elif winner == 0:
            points = (points[0] + gained, points[1], points[2])
        elif winner == 1:
            points = (points[0], points[1] + gained, points[2])
        else:
            points = (points[0], points[1], points[2] + gained)
        if len(tricks) == 8:
            contract = state._contract or 0
            return finish_deal(
                state, action, contract, tricks=tricks, points=points, marriages=state._marriages
            )
        new._trick = ()
        new._to_move = winner
        new._tricks = tricks
        new._points = points
    new._match = state._match
    new._phase = _PLAYING
    new._talon = 0
    new._auction = state._auction
    new._declarer = state._declarer
    new._contract = state._contract
    new._exposed = state._exposed
    new._gives = state._gives
    new._trump = state._trump
    new._marriages = state._marriages
    history = state._history  # see extended(): one character more, without a lookup
    if history.__class__ is str:
        new._history = history + PLAY_CHARS[card.index]
    else:
        new._history = (history, action)
    return new


def _declare(state: State, action: Play, seat: int) -> State:
    """Lead a card that declares a marriage: its points at once, and its suit as trump; the
    ace marriage's 200 leaves the trump as it is (R-MARRIAGE-1, R-MARRIAGE-2, A21)."""
    card = action.card
    points = state._points
    if card.rank is Rank.ACE:
        trump = state._trump
        gained = ACE_MARRIAGE
        marriage: tuple[int, Suit | None] = (seat, None)
    else:
        trump = card.suit
        gained = trump.marriage_value
        marriage = (seat, trump)
    hands = state._hands
    s = state
    return make_state(
        s._match,
        _PLAYING,
        s._match.seating.left[seat],
        with_seat(hands, seat, hands[seat] ^ card.mask),
        0,
        s._auction,
        s._declarer,
        s._contract,
        s._exposed,
        s._gives,
        trump,
        (_PLAYED[seat][card.index],),
        s._tricks,
        with_seat(points, seat, points[seat] + gained),
        (*s._marriages, marriage),
        extended(s, action),
    )
