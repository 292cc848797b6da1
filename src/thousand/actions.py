"""Actions: the chance events and the players' decisions, with their text forms.

Every action is a frozen, hashable value with a stable text form: ``str(action)`` gives it and
:func:`parse_action` reads it back. Its dict form (``action.to_dict()``, read back by
:func:`action_from_dict` or the class's ``from_dict``) is ready for JSON, and its ``repr`` is
Python that evaluates back to it.

>>> parse_action("play KH marriage")
Play(card=Card.parse('KH'), marriage=True)
>>> str(Give(Card.parse("TH"), 1))
'give TH 1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final, Self, TypeAlias

import attrs

from .cards import PACK, Card, mask_of
from .errors import ThousandError, check_int, shown
from .rules import NUMBER_LIMIT

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
    "action_from_dict",
    "parse_action",
]


def _to_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise TypeError(f"expected a Card or its text, not {shown(value)}")


def _whole(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A bid's or a contract's value: an int within NUMBER_LIMIT, so that it prints (a value
    the rules do not allow is still made, and ``apply`` refuses it with the reason)."""
    if type(value) is int and -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        return  # the common case, before any message is built
    where = f"{type(instance).__name__}.{attribute.name}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{where} must be an int, not {shown(value)}")
    if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        raise ValueError(
            f"{where} must be a whole number from {-NUMBER_LIMIT} to {NUMBER_LIMIT}, "
            f"not {shown(value)}"
        )


def _seat(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    # A seat of either table (0..3): the engine refuses a seat the table does not have.
    if not (type(value) is int and 0 <= value <= 3):  # the name only when it is needed
        where = f"{type(instance).__name__}.{attribute.name}"
        check_int(value, f"{where} must be a seat 0, 1, 2 or 3", 0, 3)


class _ActionValue:
    """What every action shares: the dict form."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"type": ...}`` and the fields, cards as text.

        >>> Play(Card.parse("KH"), marriage=True).to_dict()
        {'type': 'play', 'card': 'KH', 'marriage': True}
        """
        out: dict[str, Any] = {"type": _TYPE_NAMES[type(self)]}
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            out[field.name] = _plain(getattr(self, field.name))
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The action of :meth:`to_dict`'s dict; a dict of another type of action raises
        :class:`~thousand.ThousandError` (a ``ValueError``), as any bad key or value does.

        >>> Bid.from_dict({"type": "bid", "value": 105})
        Bid(value=105)
        """
        action = action_from_dict(data)
        if not isinstance(action, cls):
            raise ThousandError(
                f"not a {cls.__name__}: {shown(data)} is the dict of a {type(action).__name__}"
            )
        return action


def _plain(value: object) -> object:
    """A field's value in JSON terms: cards as text, card sets as sorted lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, frozenset):
        return [str(c) for c in sorted(value)]
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@attrs.frozen(repr=True)
class DealCard(_ActionValue):
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


@attrs.frozen(repr=False)
class Deal(_ActionValue):
    """Chance: a whole deal at once, legal at the first chance node of a deal (R-DEAL-1).

    ``hands`` are the 7-card hands of seats 0, 1 and 2; at a table of four, of the three active
    seats from the opener (the dealer sits out, R-FOUR-2: with dealer 0, seats 1, 2 and 3);
    ``talon`` the 3 cards left. Applying it is equivalent to the 24 :class:`DealCard` actions
    that deal the same cards.

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
        if not isinstance(text, str):
            raise ValueError(
                f"not a deal: {shown(text)} (expected text such as '9S JS ... / KH TH AH')"
            )
        body = text.strip()
        if _lower(body[:4]) == "deal" and body[4:5] in ("", " ", "\t"):
            body = body[4:]
        parts = [p.split() for p in body.split("/")]
        if len(parts) != 4:
            raise ValueError(f"not a deal: {shown(text)} (four groups of cards separated by '/')")
        return cls((parts[0], parts[1], parts[2]), parts[3])

    def __str__(self) -> str:
        groups = [*self.hands, self.talon]
        return "deal " + " / ".join(" ".join(str(c) for c in sorted(g)) for g in groups)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)[5:]!r})"

    def _repr_svg_(self) -> str:
        """The deal as a picture in Jupyter: :func:`thousand.svg.deal_svg`."""
        from .svg import deal_svg

        return deal_svg(self)


@attrs.frozen
class Bid(_ActionValue):
    """A bid in the auction (R-BID-2, R-BID-3)."""

    value: int = attrs.field(validator=_whole)

    def __str__(self) -> str:
        return f"bid {self.value}"


@attrs.frozen
class Pass(_ActionValue):
    """A pass in the auction: the seat is out of it (R-BID-2)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Give(_ActionValue):
    """The declarer gives ``card`` face down to the opponent ``to`` (R-TALON-2)."""

    card: Card = attrs.field(converter=_to_card)
    to: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"give {self.card} {self.to}"


@attrs.frozen
class Contract(_ActionValue):
    """The declarer fixes the contract, at least the winning bid (R-TALON-3)."""

    value: int = attrs.field(validator=_whole)

    def __str__(self) -> str:
        return f"contract {self.value}"


@attrs.frozen
class Play(_ActionValue):
    """Play a card; ``marriage=True`` declares the marriage of the K or Q led (R-MARRIAGE-1)."""

    card: Card = attrs.field(converter=_to_card)
    marriage: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))

    def __str__(self) -> str:
        return f"play {self.card} marriage" if self.marriage else f"play {self.card}"


@attrs.frozen
class Redeal(_ActionValue):
    """Call a redeal, where an agreement allows it (A7): the same dealer deals again and nothing
    is scored (A9)."""

    def __str__(self) -> str:
        return "redeal"


@attrs.frozen
class Hidden(_ActionValue):
    """The opener declares a hidden game before looking at its cards (Hidden Round, A15)."""

    def __str__(self) -> str:
        return "hidden"


@attrs.frozen
class Look(_ActionValue):
    """The opener looks at its cards instead of declaring a hidden game (Hidden Round)."""

    def __str__(self) -> str:
        return "look"


@attrs.frozen
class Unhide(_ActionValue):
    """Overbid a hidden game with a bid above 120, holding a marriage (Allow Unhide, A15)."""

    value: int = attrs.field(validator=_whole)

    def __str__(self) -> str:
        return f"unhide {self.value}"


@attrs.frozen
class Distribute(_ActionValue):
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
GIVE: Final = tuple(tuple(Give(c, to) for c in PACK) for to in range(4))
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


_NUMBER: Final = re.compile(r"[+-]?[0-9]+")
#: A number with more digits is beyond NUMBER_LIMIT: refused before int(), which fails on
#: thousands of them.
_DIGITS: Final = len(str(NUMBER_LIMIT))
_TYPE_NAMES: Final[dict[type, str]] = {
    DealCard: "deal_card",
    Deal: "deal",
    Bid: "bid",
    Pass: "pass",
    Give: "give",
    Contract: "contract",
    Play: "play",
    Distribute: "distribute",
    Redeal: "redeal",
    Hidden: "hidden",
    Look: "look",
    Unhide: "unhide",
}
_BY_TYPE_NAME: Final[dict[str, type]] = {name: cls for cls, name in _TYPE_NAMES.items()}


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action of a dict made by ``action.to_dict()``.

    Raises :class:`~thousand.ThousandError` (a ``ValueError``) naming the bad key or value.

    >>> action_from_dict({"type": "give", "card": "TH", "to": 1})
    Give(card=Card.parse('TH'), to=1)
    """
    if not isinstance(data, dict):
        raise ThousandError(f"an action's dict must be a dict, not {shown(data)}")
    kind = data.get("type")
    cls = _BY_TYPE_NAME.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(_BY_TYPE_NAME)
        raise ThousandError(f"an action's 'type' must be one of {known}, not {shown(kind)}")
    fields = attrs.fields_dict(cls)
    for key in data:
        if key != "type" and key not in fields:
            raise ThousandError(f"a {kind!r} action has no key {shown(key)}")
    values = {}
    for name, field in fields.items():
        if name in data:
            values[name] = data[name]
        elif field.default is attrs.NOTHING:
            raise ThousandError(f"a {kind!r} action lacks the key {name!r}")
    try:
        action: Action = cls(**values)
    except (TypeError, ValueError) as exc:
        raise ThousandError(f"bad {kind!r} action {shown(data)}: {exc}") from None
    return action


def _number(word: str, text: str) -> int:
    if not _NUMBER.fullmatch(word):
        raise ValueError(f"not an action: {shown(text)} ({shown(word)} is not a number)")
    if len(word.lstrip("+-").lstrip("0")) > _DIGITS:
        raise ValueError(f"not an action: {shown(text)} ({shown(word)} is too large)")
    return int(word)


def _lower(word: str) -> str:
    """``word`` lower-cased only if it is ASCII: ``lower`` maps the Kelvin sign 'K' to 'k', which
    must not read as the k of ``look``."""
    return word.lower() if word.isascii() else word


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    >>> parse_action("bid 120")
    Bid(value=120)
    """
    if not isinstance(text, str):
        raise ValueError(f"not an action: {shown(text)} (expected text such as 'bid 105')")
    words = text.split()
    head, args = (_lower(words[0]), words[1:]) if words else ("", [])
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
        if head == "play" and len(args) == 2 and _lower(args[1]) == "marriage":
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
        raise ValueError(f"not an action: {shown(text)} ({exc})") from None
    raise ValueError(
        f"not an action: {shown(text)} (expected 'deal XX', 'bid N', 'pass', 'give XX SEAT', "
        "'contract N', 'play XX', 'play XX marriage', 'distribute', 'redeal', 'hidden', 'look' "
        "or 'unhide N')"
    )
