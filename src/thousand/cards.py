"""The 24-card pack: suits, ranks, cards, points and marriages (R-CARD-1, R-CARD-2).

A card is one of 24 singletons with an ``index`` from 0 to 23 (``suit * 6 + rank``), so that
a set of cards can be kept as an int bitmask: bit ``index`` is set when the card is in the set.
Within a suit a higher index is a higher card, which makes trick comparison a plain ``>``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final

from .errors import shown

__all__ = [
    "FULL_PACK",
    "HIGH_MARRIAGES",
    "LOW_MARRIAGES",
    "Card",
    "Rank",
    "Suit",
    "card_points",
    "cards",
    "cards_of",
    "marriage_total",
    "mask_of",
]


class Suit(enum.IntEnum):
    """The four suits, ordered by the value of their marriage (R-CARD-2)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """The one-letter text form: ``S C D H``."""
        return "SCDH"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♣ ♦ ♥``."""
        return "♠♣♦♥"[self]

    @property
    def marriage_value(self) -> int:
        """Points for declaring this suit's marriage: ♠ 40, ♣ 60, ♦ 80, ♥ 100 (R-CARD-2)."""
        return _MARRIAGE_VALUES[self]

    @property
    def mask(self) -> int:
        """The bitmask of the six cards of this suit."""
        return 0b111111 << (6 * self)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``S C D H`` (any case) or ``♠ ♣ ♦ ♥``."""
        found = _SUIT_BY_TEXT.get(_key(text.strip())) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"not a suit: {shown(text)} (expected one of S C D H or ♠ ♣ ♦ ♥)")
        return found


class Rank(enum.IntEnum):
    """The six ranks from low to high: 9, J, Q, K, 10, A (R-CARD-1)."""

    NINE = 0
    JACK = 1
    QUEEN = 2
    KING = 3
    TEN = 4
    ACE = 5

    @property
    def letter(self) -> str:
        """The one-character text form: ``9 J Q K T A``."""
        return "9JQKTA"[self]

    @property
    def points(self) -> int:
        """Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0 (R-CARD-1)."""
        return _RANK_POINTS[self]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``9 J Q K T A`` (``10`` for the ten; any case)."""
        found = _RANK_BY_TEXT.get(_key(text.strip())) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"not a rank: {shown(text)} (expected one of 9 J Q K T A, or 10)")
        return found


_MARRIAGE_VALUES: Final = (40, 60, 80, 100)
_RANK_POINTS: Final = (0, 2, 3, 4, 10, 11)
_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♤": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
}
_RANK_BY_TEXT: Final = {**{r.letter: r for r in Rank}, "10": Rank.TEN}


def _key(text: str) -> str:
    """``text`` upper-cased only if it is ASCII: ``upper`` maps a few other letters onto ASCII
    ones ('ſ' to 'S', 'ı' to 'I'), which must not read as a suit or a rank."""
    return text.upper() if text.isascii() else text


class Card:
    """A card of the pack. ``Card(Suit.HEARTS, Rank.TEN)`` is the ten of hearts, ``TH``.

    There are exactly 24 card objects: the constructor returns the shared one, so cards compare
    by identity as fast as by value. They are ordered by suit, then rank.

    >>> card = Card.parse("TH")
    >>> card.suit, card.rank, card.points
    (Suit.HEARTS, Rank.TEN, 10)
    >>> str(card), card
    ('TH', Card.parse('TH'))
    >>> Card.parse("10♥") is card
    True
    """

    __slots__ = ("_text", "index", "mask", "points", "rank", "suit")

    suit: Suit
    rank: Rank
    index: int
    mask: int
    points: int
    _text: str

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        # Exact types: a bool, a float or another int-like would index the pack all the same.
        if (
            type(suit) in _SUIT_TYPES
            and type(rank) in _RANK_TYPES
            and 0 <= suit < 4
            and 0 <= rank < 6
        ):
            return _PACK[suit * 6 + rank]
        raise ValueError(
            f"not a card: suit {shown(suit)}, rank {shown(rank)} "
            "(a suit is a Suit or an int 0 to 3, a rank a Rank or an int 0 to 5)"
        )

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        suit, rank = Suit(index // 6), Rank(index % 6)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        object.__setattr__(card, "points", rank.points)
        object.__setattr__(card, "_text", rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank (``9 J Q K T A`` or ``10``) then suit (``S C D H`` or a symbol)."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {shown(text)} (expected text such as 'TH')")
        t = text.strip()
        suit, rank = _SUIT_BY_TEXT.get(_key(t[-1:])), _RANK_BY_TEXT.get(_key(t[:-1]))
        if suit is not None and rank is not None:
            return _PACK[suit * 6 + rank]
        try:
            Suit.parse(t[-1:])
            Rank.parse(t[:-1])
        except ValueError as exc:
            if len(t) >= 2:
                raise ValueError(f"not a card: {shown(text)} ({exc})") from None
        raise ValueError(f"not a card: {shown(text)} (expected rank then suit, such as 'TH')")

    @property
    def unicode(self) -> str:
        """The text form with the suit symbol and ``10``: ``10♥``."""
        return ("10" if self.rank == Rank.TEN else self.rank.letter) + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented


_PACK: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(24))
_SUIT_TYPES: Final = (Suit, int)
_RANK_TYPES: Final = (Rank, int)

#: Every card, in index order.
PACK: Final = _PACK
#: The bitmask of the whole pack.
FULL_PACK: Final = (1 << 24) - 1

# Per-card points by index, and the points of every 6-bit suit pattern: the hot path sums a
# hand's points four lookups at a time instead of card by card.
_POINTS_BY_INDEX: Final = tuple(c.points for c in _PACK)
_SUIT_PATTERN_POINTS: Final = tuple(
    sum(_RANK_POINTS[r] for r in range(6) if pattern >> r & 1) for pattern in range(64)
)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)
# Per 12-bit pattern of a half of the pack (spades and clubs, or diamonds and hearts): its card
# points, and the values of its marriages, so that a hand takes two lookups.
_HALF_POINTS: Final = tuple(
    _SUIT_PATTERN_POINTS[p & 63] + _SUIT_PATTERN_POINTS[p >> 6] for p in range(4096)
)
#: Per 12-bit pattern of spades and clubs: the values of its marriages (:func:`marriage_total`
#: of a hand is this at its low 12 bits plus :data:`HIGH_MARRIAGES` at its high 12).
LOW_MARRIAGES: Final = tuple(
    (p & _QK == _QK) * _MARRIAGE_VALUES[0] + (p >> 6 & _QK == _QK) * _MARRIAGE_VALUES[1]
    for p in range(4096)
)
#: Per 12-bit pattern of diamonds and hearts: the values of its marriages.
HIGH_MARRIAGES: Final = tuple(
    (p & _QK == _QK) * _MARRIAGE_VALUES[2] + (p >> 6 & _QK == _QK) * _MARRIAGE_VALUES[3]
    for p in range(4096)
)


def cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``cards("KH QH 9S")``.

    >>> cards("KH QH 9S")
    (Card.parse('KH'), Card.parse('QH'), Card.parse('9S'))
    """
    if not isinstance(text, str):
        raise ValueError(f"not a card text: {shown(text)} (expected text such as 'KH QH 9S')")
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())


def mask_of(items: Iterable[Card]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for card in items:
        mask |= card.mask
    return mask


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, lowest index first."""
    while mask:
        low = mask & -mask
        yield _PACK[low.bit_length() - 1]
        mask ^= low


def card_points(mask: int) -> int:
    """The card points of the cards in a bitmask."""
    return _HALF_POINTS[mask & 4095] + _HALF_POINTS[mask >> 12]


def marriage_total(mask: int) -> int:
    """The sum of the values of all marriages (K and Q of a suit) in a bitmask (R-CARD-2)."""
    return LOW_MARRIAGES[mask & 4095] + HIGH_MARRIAGES[mask >> 12]
