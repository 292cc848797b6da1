"""Actions: the chance events and the players' decisions, with their text forms.

Every action is a frozen, hashable value with a stable text form: ``str(action)`` gives it and
:func:`parse_action` reads it back.

>>> parse_action("play KH marriage")
Play(card=Card.parse('KH'), marriage=True)
>>> str(Give(Card.parse("TH"), 1))
'give TH 1'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, TypeAlias

import attrs

from .cards import PACK, Card, mask_of

__all__ = [
    "Action",
    "Bid",
    "Contract",
    "Deal",
    "DealCard",
    "Distribute",
    "Give",
    "Hidden",
    "Look",
    "Pass",
    "Play",
    "Redeal",
    "Unhide",
    "parse_action",
]


def _to_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise TypeError(f"expected a Card or its text, not {value!r}")


def _whole(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{type(instance).__name__}.{attribute.name} must be an int, not {value!r}")


def _seat(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _whole(instance, attribute, value)
    if not 0 <= value < 3:  # type: ignore[operator]
        raise ValueError(f"{type(instance).__name__}.{attribute.name} must be a seat 0, 1 or 2")


@attrs.frozen(repr=True)
class DealCard:
    """Chance: the next card of the deal goes to the next place in dealing order (R-DEAL-1)."""

    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"deal {self.card}"


def _to_hands(value: Iterable[Iterable[Card | str]]) -> tuple[frozenset[Card], ...]:
    return tuple(frozenset(_to_card(c) for c in hand) for hand in value)


def _to_talon(value: Iterable[Card | str]) -> frozenset[Card]:
    return frozenset(_to_card(c) for c in value)


def _check_deal(instance: Deal, attribute: attrs.Attribute[Any], value: object) -> None:
    sizes = [len(h) for h in instance.hands]
    if sizes != [7, 7, 7] or len(instance.talon) != 3:
        raise ValueError(
            f"a deal is 7 cards to each seat and 3 to the talon, not {sizes} and "
            f"{len(instance.talon)} (R-DEAL-1)"
        )
    every = mask_of(instance.talon)
    for hand in instance.hands:
        every |= mask_of(hand)
    if every.bit_count() != 24:
        raise ValueError("a deal must use each of the 24 cards exactly once (R-DEAL-1)")


@attrs.frozen
class Deal:
    """Chance: a whole deal at once, legal at the first chance node of a deal (R-DEAL-1).

    ``hands`` are the 7-card hands of seats 0, 1 and 2; ``talon`` the 3 cards left. Applying it is
    equivalent to the 24 :class:`DealCard` actions that deal the same cards.

    >>> deal = Deal.parse(
    ...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
    ... )
    >>> sorted(deal.talon)
    [Card.parse('KH'), Card.parse('TH'), Card.parse('AH')]
    """

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card]] = attrs.field(
        converter=_to_hands
    )
    talon: frozenset[Card] = attrs.field(converter=_to_talon, validator=_check_deal)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read ``"hand0 / hand1 / hand2 / talon"``, with or without a leading ``deal``."""
        body = text.strip()
        if body.startswith("deal"):
            body = body[4:]
        parts = [p.split() for p in body.split("/")]
        if len(parts) != 4:
            raise ValueError(f"a deal is four groups of cards separated by '/', not {text!r}")
        return cls((parts[0], parts[1], parts[2]), parts[3])

    def __str__(self) -> str:
        groups = [*self.hands, self.talon]
        return "deal " + " / ".join(" ".join(str(c) for c in sorted(g)) for g in groups)


@attrs.frozen
class Bid:
    """A bid in the auction (R-BID-2, R-BID-3)."""

    value: int = attrs.field(validator=_whole)

    def __str__(self) -> str:
        return f"bid {self.value}"


@attrs.frozen
class Pass:
    """A pass in the auction: the seat is out of it (R-BID-2)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Give:
    """The declarer gives ``card`` face down to the opponent ``to`` (R-TALON-2)."""

    card: Card = attrs.field(converter=_to_card)
    to: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"give {self.card} {self.to}"


@attrs.frozen
class Contract:
    """The declarer fixes the contract, at least the winning bid (R-TALON-3)."""

    value: int = attrs.field(validator=_whole)

    def __str__(self) -> str:
        return f"contract {self.value}"


@attrs.frozen
class Play:
    """Play a card; ``marriage=True`` declares the marriage of the K or Q led (R-MARRIAGE-1)."""

    card: Card = attrs.field(converter=_to_card)
    marriage: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))

    def __str__(self) -> str:
        return f"play {self.card} marriage" if self.marriage else f"play {self.card}"


@attrs.frozen
class Redeal:
    """Call a redeal, where an agreement allows it (A7): the same dealer deals again and nothing
    is scored (A9)."""

    def __str__(self) -> str:
        return "redeal"


@attrs.frozen
class Hidden:
    """The opener declares a hidden game before looking at its cards (Hidden Round, A15)."""

    def __str__(self) -> str:
        return "hidden"


@attrs.frozen
class Look:
    """The opener looks at its cards instead of declaring a hidden game (Hidden Round)."""

    def __str__(self) -> str:
        return "look"


@attrs.frozen
class Unhide:
    """Overbid a hidden game with a bid above 120, holding a marriage (Allow Unhide, A15)."""

    value: int = attrs.field(validator=_whole)

    def __str__(self) -> str:
        return f"unhide {self.value}"


@attrs.frozen
class Distribute:
    """The declarer gives the deal up after taking the talon (R-DIST-1)."""

    def __str__(self) -> str:
        return "distribute"


Action: TypeAlias = (
    DealCard
    | Deal
    | Bid
    | Pass
    | Give
    | Contract
    | Play
    | Distribute
    | Redeal
    | Hidden
    | Look
    | Unhide
)

# Shared instances for the hot path: legal_actions hands these out instead of building new ones.
DEAL_CARD: Final = tuple(DealCard(c) for c in PACK)
PLAY: Final = tuple(Play(c) for c in PACK)
PLAY_MARRIAGE: Final = tuple(Play(c, True) for c in PACK)
GIVE: Final = tuple(tuple(Give(c, to) for c in PACK) for to in range(3))
MIN_BID: Final = 100
#: The highest bid any rules allow: 120 + all four marriages (280) + the ace marriage (200).
TOP_BID: Final = 600
BIDS: Final = tuple(Bid(v) for v in range(MIN_BID, TOP_BID + 5, 5))
CONTRACTS: Final = tuple(Contract(v) for v in range(MIN_BID, TOP_BID + 5, 5))
UNHIDES: Final = tuple(Unhide(v) for v in range(MIN_BID, TOP_BID + 5, 5))
PASS: Final = Pass()
DISTRIBUTE: Final = Distribute()
REDEAL: Final = Redeal()
HIDDEN: Final = Hidden()
LOOK: Final = Look()


def _number(word: str, text: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ValueError(f"not an action: {text!r} ({word!r} is not a number)") from None


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    >>> parse_action("bid 120")
    Bid(value=120)
    """
    if not isinstance(text, str):
        raise ValueError(f"not an action: {text!r} (expected text such as 'bid 105')")
    words = text.split()
    head, args = (words[0].lower(), words[1:]) if words else ("", [])
    try:
        if head == "deal" and "/" in text:
            return Deal.parse(text)
        if head == "deal" and len(args) == 1:
            return DealCard(Card.parse(args[0]))
        if head == "bid" and len(args) == 1:
            return Bid(_number(args[0], text))
        if head == "pass" and not args:
            return PASS
        if head == "give" and len(args) == 2:
            return Give(Card.parse(args[0]), _number(args[1], text))
        if head == "contract" and len(args) == 1:
            return Contract(_number(args[0], text))
        if head == "play" and len(args) == 1:
            return Play(Card.parse(args[0]))
        if head == "play" and len(args) == 2 and args[1].lower() == "marriage":
            return Play(Card.parse(args[0]), True)
        if head == "distribute" and not args:
            return DISTRIBUTE
        if head == "redeal" and not args:
            return REDEAL
        if head == "hidden" and not args:
            return HIDDEN
        if head == "look" and not args:
            return LOOK
        if head == "unhide" and len(args) == 1:
            return Unhide(_number(args[0], text))
    except (TypeError, ValueError) as exc:
        if str(exc).startswith("not an action"):
            raise
        raise ValueError(f"not an action: {text!r} ({exc})") from None
    raise ValueError(
        f"not an action: {text!r} (expected 'deal XX', 'bid N', 'pass', 'give XX SEAT', "
        "'contract N', 'play XX', 'play XX marriage', 'distribute', 'redeal', 'hidden', 'look' "
        "or 'unhide N')"
    )
