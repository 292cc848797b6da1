"""The eight tricks, marriages and trumps (``R-PLAY-*``, ``R-MARRIAGE-*``)."""

from __future__ import annotations

from typing import Final

from ._checks import ACE_MARRIAGE, ACES
from ._reasons import out_of_phase
from ._tables import by_half_pattern, by_suit_pattern
from .actions import PLAY, PLAY_MARRIAGE, REDEAL, Action, Play
from .cards import PACK, Card, Rank, Suit
from .errors import IllegalActionError
from .redeals import may_redeal_on_four_nines
from .state import Phase, State, make_state, with_seat

__all__ = [
    "FOLLOW",
    "LEADS",
    "PARTNERS",
    "PLAYED",
    "SUIT_OF",
    "check_follow",
    "lead_marriage",
    "legal_plays",
    "refuse_play",
    "trick_winner",
    "trump_owner",
]

#: The Play actions of each 12-bit pattern of the low and the high half of the pack.
_LOW, _HIGH = by_half_pattern(PLAY)
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)
_PLAYING: Final = Phase.PLAYING  # a global: reading an Enum member costs ~75 ns
#: Per card index: the mask of its suit.
SUIT_OF: Final = tuple(_SUIT_MASKS[c.suit] for c in PACK)
_BY_SUIT: Final = by_suit_pattern(PLAY)
#: Per card index of a lead: the mask of its suit, that suit's place in a hand's bits, and the
#: Play actions of each pattern of the suit (a follower's plays in one lookup).
FOLLOW: Final = tuple((_SUIT_MASKS[c.suit], 6 * c.suit, _BY_SUIT[c.suit]) for c in PACK)
#: Per card index: the cards its lead declares a marriage with, when all are held: the K and
#: Q of its suit for a king or queen, the four aces for an ace (A21), none for the rest.
PARTNERS: Final = tuple(
    _QK << 6 * c.suit if c.rank in (Rank.QUEEN, Rank.KING) else ACES if c.rank is Rank.ACE else 0
    for c in PACK
)
#: Per seat and card index: the shared ``(seat, card)`` entry of a trick, and a trick of it alone.
PLAYED: Final = tuple(tuple((seat, card) for card in PACK) for seat in range(4))
LEADS: Final = tuple(tuple((played,) for played in by_card) for by_card in PLAYED)
#: Per 12-bit pattern of a half of the pack: the K and Q of each of its two suits held together.
_PAIRS: Final = tuple(
    (_QK if p & _QK == _QK else 0) | (_QK << 6 if p >> 6 & _QK == _QK else 0) for p in range(4096)
)
#: The same for the high half, shifted into place.
_HIGH_PAIRS: Final = tuple(pairs << 12 for pairs in _PAIRS)


def _lead_half(pattern: int, base: int, optional: bool) -> tuple[Play, ...]:
    """A lead's plays from one half of the pack (``base`` 0 or 12) where its K-Q marriages may
    be declared: each marriage lead after its plain one (optional declaration) or instead of
    it (automatic); the plain table's own entry when the half holds no marriage."""
    pairs = _PAIRS[pattern]
    if not pairs:
        return (_HIGH if base else _LOW)[pattern]
    out: list[Play] = []
    for r in range(12):
        if pattern >> r & 1:
            if optional or not pairs >> r & 1:
                out.append(PLAY[base + r])
            if pairs >> r & 1:
                out.append(PLAY_MARRIAGE[base + r])
    return tuple(out)


class _MarriageLeads(dict[int, tuple[Play, ...]]):
    """Per 12-bit pattern of one half of the pack: a lead's plays when K-Q marriages may be
    declared (two lookups instead of a loop over the hand); each entry made when first read."""

    def __init__(self, base: int, optional: bool) -> None:
        super().__init__()
        self.base = base
        self.optional = optional

    def __missing__(self, pattern: int) -> tuple[Play, ...]:
        plays = self[pattern] = _lead_half(pattern, self.base, self.optional)
        return plays


#: By declaration (optional, automatic): the low and the high half's marriage leads.
_MARRIAGE_LEADS: Final = tuple(
    (_MarriageLeads(0, optional), _MarriageLeads(12, optional)) for optional in (True, False)
)


def _may_declare(state: State) -> bool:
    """R-MARRIAGE-1: marriages are declared when leading to any trick but the first."""
    return bool(state._tricks) or state._match.checks.first_lead_marriages


def _declarable(state: State, hand: int) -> int:
    """The cards whose lead may declare a marriage: the K and Q of each marriage held, and the
    aces when all four are held under Ace Marriage (R-MARRIAGE-1, A21)."""
    cards = _PAIRS[hand & 4095] | _HIGH_PAIRS[hand >> 12]
    if hand & ACES == ACES and state._match.checks.ace_marriage:
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
    trump = state._won[0]
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
    trump, tricks, _, _ = state._won
    if trick:
        suit, shift, plays_of = FOLLOW[trick[0][1].index]
        allowed = hand & suit
        if allowed:  # following suit: the common case, one suit's table
            plays = plays_of[allowed >> shift]
        else:
            allowed = hand if trump is None else _allowed(state, seat, hand)
            plays = _LOW[allowed & 4095] + _HIGH[allowed >> 12]
    else:
        checks = state._match.checks
        low, high = hand & 4095, hand >> 12
        declarable = 0
        if tricks or checks.first_lead_marriages:  # _may_declare() and _declarable(), inlined
            declarable = _PAIRS[low] | _HIGH_PAIRS[high]
            if checks.ace_marriage and hand & ACES == ACES:
                declarable |= ACES
        if not declarable:
            plays = _LOW[low] + _HIGH[high]
        elif not declarable & ACES:  # K-Q marriages alone: two lookups
            lows, highs = _MARRIAGE_LEADS[checks.automatic_marriages]
            plays = lows[low] + highs[high]
        else:  # the ace marriage too (A21)
            optional = not checks.automatic_marriages
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
        not tricks
        and state._match.checks.four_nines_on_hands
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


def refuse_play(state: State, action: Play) -> State:
    """A card played outside the play: refused (a card in the play is
    :func:`~thousand.apply`'s own step: 24 of a deal's ~55, so it is worked out there)."""
    when = "cards are played only in the play, once the contract is fixed"
    raise IllegalActionError(action, state._phase, out_of_phase(state, when))


def check_follow(state: State, action: Play, seat: int, hand: int) -> None:
    """Refuse a follower's card of another suit than the one led when the rules of R-PLAY-2
    and A23 do not allow it (a card of the suit led always is)."""
    trump = state._won[0]
    if hand & SUIT_OF[state._trick[0][1].index] or (
        trump is not None and not _allowed(state, seat, hand) & action.card.mask
    ):
        reason = f"seat {seat} {_why_restricted(state)} (R-PLAY-2)"
        raise IllegalActionError(action, state._phase, reason)


def lead_marriage(state: State, action: Play, seat: int, hand: int) -> State | None:
    """A lead that declares a marriage, or a plain lead of a card of a held marriage: the state
    after a declaration (R-MARRIAGE-1, R-MARRIAGE-2, A21), None for a plain lead that is
    legal; refused when wrong."""
    error = _marriage_error(state, action, seat, hand)
    if error:
        raise IllegalActionError(action, state._phase, error)
    return _declare(state, action, seat) if action.marriage else None


def _declare(state: State, action: Play, seat: int) -> State:
    """Lead a card that declares a marriage: its points at once, and its suit as trump; the
    ace marriage's 200 leaves the trump as it is (R-MARRIAGE-1, R-MARRIAGE-2, A21)."""
    card = action.card
    auction, declarer, contract, gives = state._bidding
    trump, tricks, points, marriages = state._won
    if card.rank is Rank.ACE:
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
        auction,
        declarer,
        contract,
        s._exposed,
        gives,
        trump,
        (PLAYED[seat][card.index],),
        tricks,
        with_seat(points, seat, points[seat] + gained),
        (*marriages, marriage),
        s,
        action,
    )
