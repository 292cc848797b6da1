"""The dict forms of a game's start (:class:`~thousand.state.Match`) and of score-sheet rows,
for :meth:`State.to_dict <thousand.State.to_dict>` and :mod:`thousand.records`: plain JSON
values out, every key and value checked on the way back in, each error naming its place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .actions import TOP_BID
from .cards import Card, Suit
from .errors import ThousandError, shown
from .rules import SCORE_LIMIT, Rules
from .sheet import DealRecord, Event, EventKind
from .starts import FOLLOWING, check_start
from .state import Match, PerSeat, TrickCards

__all__ = ["match_from_dict", "match_to_dict", "record_from_dict", "record_to_dict"]


def _keys(data: object, where: str, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    """``data`` is a dict with every required key, and no key outside required and optional."""
    if not isinstance(data, dict):
        raise ThousandError(f"{where} must be a dict, not {shown(data)}")
    for key in data:
        if key not in required and key not in optional:
            raise ThousandError(f"{where} has an unknown key {shown(key)}")
    for key in required:
        if key not in data:
            raise ThousandError(f"{where} lacks the key {key!r}")


def _int(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high``; an open end is the scores' limit, so that no
    number read prints as Python's digit-limit error later."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ThousandError(f"{where} must be a whole number, not {shown(value)}")
    lo = -SCORE_LIMIT if low is None else low
    hi = SCORE_LIMIT if high is None else high
    if not lo <= value <= hi:
        start = "-10**15" if low is None else str(low)
        end = "10**15" if high is None else str(high)
        raise ThousandError(
            f"{where} must be a whole number from {start} to {end}, not {shown(value)}"
        )
    return value


def _bid(value: object, where: str) -> int:
    """A bid or contract on the sheet: a multiple of 5 from 0 to the top bid."""
    number = _int(value, where, 0, TOP_BID)
    if number % 5:
        raise ThousandError(f"{where} must be a multiple of 5, not {number}")
    return number


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ThousandError(f"{where} must be true or false, not {shown(value)}")
    return value


def _list(value: object, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ThousandError(f"{where} must be a list, not {shown(value)}")
    if length is not None and len(value) != length:
        raise ThousandError(f"{where} must have {length} entries, not {len(value)}")
    return list(value)


def _per_seat(
    value: object, where: str, low: int | None = None, high: int | None = None, *, players: int
) -> PerSeat:
    """One int per seat of a table of ``players``."""
    items = _list(value, where, players)
    return tuple(_int(x, f"{where}[{i}]", low, high) for i, x in enumerate(items))


def _barrel(value: object, where: str, *, players: int) -> tuple[int | None, ...]:
    items = _list(value, where, players)
    return tuple(None if x is None else _int(x, f"{where}[{i}]", 0) for i, x in enumerate(items))


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise ThousandError(f"{where} must be a card such as 'TH', not {shown(value)}")
    try:
        return Card.parse(value)
    except ValueError as exc:
        raise ThousandError(f"{where}: {exc}") from None


def _suit(value: object, where: str) -> Suit | None:
    if value is None:
        return None
    # ASCII only: 'ſ'.upper() is 'S'.
    if isinstance(value, str) and len(value) == 1 and value.isascii() and value.upper() in "SCDH":
        return Suit("SCDH".index(value.upper()))
    raise ThousandError(f"{where} must be a suit letter S, C, D or H (or null), not {shown(value)}")


def _marriages(value: object, where: str, *, players: int) -> tuple[tuple[int, Suit | None], ...]:
    out = []
    for i, item in enumerate(_list(value, where)):
        seat, suit = _list(item, f"{where}[{i}]", 2)
        out.append(
            (_int(seat, f"{where}[{i}][0]", 0, players - 1), _suit(suit, f"{where}[{i}][1]"))
        )
    return tuple(out)


def _event(value: object, where: str, *, players: int) -> Event:
    _keys(value, where, ("kind", "seat"), ("amount",))
    assert isinstance(value, dict)
    kind = value["kind"]
    # ASCII only: 'ı'.upper() is 'I'.
    if not isinstance(kind, str) or not kind.isascii() or kind.upper() not in EventKind.__members__:
        raise ThousandError(f"{where}['kind'] is not a kind of event: {shown(kind)}")
    return Event(
        EventKind[kind.upper()],
        _int(value["seat"], f"{where}['seat']", 0, players - 1),
        _int(value.get("amount", 0), f"{where}['amount']"),
    )


def _tricks(value: object, where: str, *, players: int) -> tuple[tuple[int, TrickCards], ...]:
    last = players - 1
    out = []
    for i, item in enumerate(_list(value, where)):
        winner, cards = _list(item, f"{where}[{i}]", 2)
        plays = []
        for j, play in enumerate(_list(cards, f"{where}[{i}][1]")):
            seat, card = _list(play, f"{where}[{i}][1][{j}]", 2)
            plays.append(
                (
                    _int(seat, f"{where}[{i}][1][{j}][0]", 0, last),
                    _card(card, f"{where}[{i}][1][{j}][1]"),
                )
            )
        out.append((_int(winner, f"{where}[{i}][0]", 0, last), tuple(plays)))
    return tuple(out)


def _opt_bool(value: object, where: str) -> bool | None:
    return None if value is None else _bool(value, where)


def _seat(value: object, where: str, *, players: int) -> int:
    return _int(value, where, 0, players - 1)


def _events(value: object, where: str, *, players: int) -> tuple[Event, ...]:
    items = _list(value, where)
    return tuple(_event(e, f"{where}[{i}]", players=players) for i, e in enumerate(items))


def _bolts(value: object, where: str, *, players: int) -> PerSeat:
    return _per_seat(value, where, 0, 2, players=players)


def _plain(read: Callable[[object, str], Any]) -> Callable[..., Any]:
    """A reader that does not depend on the table's size."""
    return lambda value, where, *, players: read(value, where)


_RECORD_FIELDS: Final[dict[str, Callable[..., Any]]] = {
    "deal_number": _plain(lambda v, w: _int(v, w, 1)),
    "dealer": _seat,
    "declarer": _seat,
    "bid": _plain(_bid),
    "contract": _plain(_bid),
    "made": _plain(_opt_bool),
    "points": _per_seat,
    "card_points": _per_seat,
    "marriages": _marriages,
    "changes": _per_seat,
    "scores": _per_seat,
    "barrel": _barrel,
    "bolts": _bolts,
    "events": _events,
    "tricks": _tricks,
    "golden": _plain(_bool),
    "hidden": _plain(_bool),
}


def record_to_dict(record: DealRecord) -> dict[str, Any]:
    """A JSON-ready dict of a score sheet's row: cards as text, suits as letters, events as
    ``{"kind": "bolt", "seat": 1, "amount": 0}``."""
    return {
        "deal_number": record.deal_number,
        "dealer": record.dealer,
        "declarer": record.declarer,
        "bid": record.bid,
        "contract": record.contract,
        "made": record.made,
        "points": list(record.points),
        "card_points": list(record.card_points),
        "marriages": [[seat, None if s is None else s.letter] for seat, s in record.marriages],
        "changes": list(record.changes),
        "scores": list(record.scores),
        "barrel": list(record.barrel),
        "bolts": list(record.bolts),
        "events": [
            {"kind": e.kind.name.lower(), "seat": e.seat, "amount": e.amount} for e in record.events
        ],
        "tricks": [
            [winner, [[seat, str(card)] for seat, card in cards]] for winner, cards in record.tricks
        ],
        "golden": record.golden,
        "hidden": record.hidden,
        # At a table of four only: the seat that sat out (R-FOUR-1).
        **({} if record.sitter is None else {"sitter": record.sitter}),
    }


def record_from_dict(data: object, where: str = "record", players: int = 3) -> DealRecord:
    """A score sheet's row from :func:`record_to_dict` at a table of ``players``, every key
    and value checked; at a table of four it names the seat that sat out (R-FOUR-1)."""
    _keys(data, where, tuple(_RECORD_FIELDS), ("sitter",) if players == 4 else ())
    assert isinstance(data, dict)
    values = {
        name: read(data[name], f"{where}[{name!r}]", players=players)
        for name, read in _RECORD_FIELDS.items()
    }
    sitter = None
    if players == 4:
        if "sitter" not in data:
            raise ThousandError(f"{where} lacks 'sitter': at a table of four a row names it")
        sitter = _int(data["sitter"], f"{where}['sitter']", 0, 3)
        if sitter != values["dealer"]:
            raise ThousandError(
                f"{where}['sitter'] must be {values['dealer']}: the dealer sits out (R-FOUR-1)"
            )
    return DealRecord(**values, sitter=sitter)


#: Keys a start may lack: older records were written without them (their default then).
_MATCH_OPTIONAL: Final = ("golden_made",)
_MATCH_KEYS: Final = (*(k for k in FOLLOWING if k not in _MATCH_OPTIONAL), "sheet")


def match_to_dict(match: Match) -> dict[str, Any]:
    """A JSON-ready dict of the start of a history, without its rules."""
    return {
        "dealer": match.dealer,
        "deal_number": match.deal_number,
        "scores": list(match.scores),
        "barrel": list(match.barrel),
        "bolts": list(match.bolts),
        "golden": match.golden,
        "golden_made": match.golden_made,
        "distributions": list(match.distributions),
        "falls": list(match.falls),
        "sheet": [record_to_dict(r) for r in match.sheet],
    }


def match_from_dict(rules: Rules, data: object, where: str = "state 'start'") -> Match:
    """The start of a history from :func:`match_to_dict`, checked against ``rules`` and
    itself: the values a game in progress can have at the start of a deal."""
    _keys(data, where, _MATCH_KEYS, _MATCH_OPTIONAL)
    assert isinstance(data, dict)

    def at(key: str) -> str:
        return f"{where}[{key!r}]"

    n = rules.table.players
    dealer = _int(data["dealer"], at("dealer"), 0, n - 1)
    deal_number = _int(data["deal_number"], at("deal_number"), 1, rules.scoring.max_deals)
    scores = _per_seat(data["scores"], at("scores"), players=n)
    barrel = _barrel(data["barrel"], at("barrel"), players=n)
    bolts = _bolts(data["bolts"], at("bolts"), players=n)
    golden = data["golden"]
    if golden is not None:
        if not rules.golden_round.enabled:
            raise ThousandError(f"{at('golden')} must be null: the golden round is not played")
        golden = _int(golden, at("golden"), 0, n - 1)
    limit = rules.distribution.limit
    distributions = _per_seat(data["distributions"], at("distributions"), 0, limit, players=n)
    falls = _per_seat(data["falls"], at("falls"), 0, players=n)
    sheet = tuple(
        record_from_dict(r, f"{at('sheet')}[{i}]", n)
        for i, r in enumerate(_list(data["sheet"], at("sheet")))
    )
    golden_made = _bool(data.get("golden_made", False), at("golden_made"))
    match = Match(
        rules,
        dealer,
        deal_number,
        scores,
        barrel,
        bolts,
        sheet,
        None,
        golden,
        distributions,
        falls,
        golden_made,
    )
    check_start(match, where)
    return match
