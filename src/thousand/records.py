"""Game records: a whole game as text a player can read, and back.

:func:`dump` writes a state's game as a record: a header with the rules, the first dealer and
the starting scores, then each deal under its own heading: the cards dealt, every action of the
players with the seat that took it, a score line when the deal is over, and at the end a result
line and the score sheet. :func:`load` replays a record to the state it describes, checking
every line on the way: a record that does not describe a legal game raises a
:class:`RecordError` naming the line and the reason.

At a table of four the rules carry the table (``rules-data`` holds its ``table`` section), the
scores are four, a whole deal's hands are the active seats' from the opener (R-FOUR-2, named in
a comment), and the score line says which seat sat out (R-FOUR-1).

>>> import thousand as th
>>> from thousand import records
>>> state = th.new_game(th.Rules.classic(), dealer=2, scores=(0, 880, 500))
>>> print(records.dump(state), end="")
# A game of Thousand (thousand.records).
format: thousand record 1
rules: classic rules
rules-data: {}
dealer: 2
scores: 0 880 500
<BLANKLINE>
[deal 1, dealer 2]
<BLANKLINE>
result: in progress: deal 1, dealing (0 actions)
>>> records.load(records.dump(state)) == state
True
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any, Final

from .actions import Action, Deal, DealCard, parse_action
from .cards import Card
from .dicts import match_from_dict, match_to_dict
from .engine import apply, new_game
from .errors import ThousandError, shown
from .rules import Rules
from .sheet import DealRecord, format_sheet
from .state import Match, Phase, State

__all__ = ["FORMAT", "RecordError", "dump", "load", "read"]

#: The first header line's value: the format and its version.
FORMAT: Final = "thousand record 1"
_PRESETS: Final = {
    "classic": Rules.classic,
    "classic rules": Rules.classic,
    "standard": Rules.standard,
    "standard rules": Rules.standard,
}
_REQUIRED: Final = ("format", "rules", "dealer", "scores")
_OPTIONAL: Final = ("rules-data", "start")
_HEADER_LINE: Final = re.compile(r"([a-z][a-z-]*)\s*:\s*(.*)")
# Numbers are ASCII digits, and short: a record never needs more.
_DEAL_HEADING: Final = re.compile(r"\[\s*deal\s+([0-9]{1,6})\s*,\s*dealer\s+([0-9]{1,6})\s*\]")
_SEAT: Final = re.compile(r"([0-9]{1,6})\s*:\s*(.*)")
_COUNTS: Final = {3: "three", 4: "four"}


class RecordError(ThousandError):
    """A record is malformed, or does not describe a legal game. ``line`` is the number of the
    line at fault (from 1; the line after the last for a record that stops too early) and
    ``reason`` what is wrong with it."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


# -- writing ----------------------------------------------------------------------------------


def dump(state: State) -> str:
    """The record of ``state``'s game, from the start of its history to ``state``.

    The start is that of :func:`~thousand.new_game`; a state whose history starts later (one
    of :func:`~thousand.sample_state`) gets a ``start:`` header line with the deals before.
    """
    start = state._start()
    lines = _header(start)
    now = _start_state(start)
    line: list[str] = []
    dealt: list[Card] = []

    def flush(comment: str = "") -> None:
        if dealt:
            line.append("deal " + " ".join(str(c) for c in dealt))
            dealt.clear()
        if line:
            lines.append("; ".join(line) + (f"  # {comment}" if comment else ""))
            line.clear()

    key: object = None
    if _at_deal_start(now):
        lines.extend(("", _heading(now)))
    for action in state.history:
        before = now
        now = apply(before, action)
        if isinstance(action, DealCard):
            if key != "chance":
                flush()
            dealt.append(action.card)
            key = "chance"
        else:
            new_key: object = before.phase
            if before.phase is Phase.PLAYING:
                new_key = ("trick", before.tricks_played)
            if new_key != key or isinstance(action, Deal):
                flush()
            line.append(str(action) if before.is_chance else f"{before.to_move}: {action}")
            key = new_key
        if before.is_chance and not now.is_chance:
            whole = _as_deal(dealt, before) if isinstance(action, DealCard) else None
            seats = _hands_of(before)
            flush("" if whole is not None else seats)
            key = None
            if whole is not None:
                lines.append(f"#   = {whole}" + (f"  ({seats})" if seats else ""))
        finished = len(now.sheet) > len(before.sheet)
        if before.phase is Phase.PLAYING and (finished or now.tricks_played > before.tricks_played):
            winner = (now.sheet[-1] if finished else now).tricks[-1][0]
            flush(f"trick {before.tricks_played + 1}: seat {winner}")
            key = None
        if finished:
            flush()
            lines.append(_score_line(now.sheet[-1]))
            key = None
        if _at_deal_start(now) and not now.is_terminal:
            flush()
            lines.extend(("", _heading(now)))
            key = None
    flush()
    lines.extend(("", _result_line(now)))
    if now.sheet:
        lines.append("#")
        lines.extend(f"# {row}".rstrip() for row in format_sheet(now.sheet, now).splitlines())
    return "\n".join(lines) + "\n"


def _as_deal(dealt: list[Card], state: State) -> Deal | None:
    """The 24 cards dealt one by one as a whole deal (R-DEAL-1's places), or None. Its hands
    are by seat at a table of three, the active seats' from the opener at four (R-FOUR-2)."""
    if len(dealt) != 24:
        return None
    hands: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
    if state.players == 3:
        for k, card in enumerate(dealt[:21]):
            hands[(state.dealer + 1 + k) % 3].append(card)
    else:
        for k, card in enumerate(dealt[:21]):
            hands[k % 3].append(card)
    return Deal(hands, dealt[21:])


def _hands_of(state: State) -> str:
    """At a table of four, whose hands a whole deal's are: the active seats', from the opener
    (R-FOUR-2); nothing at three, where they are seat 0's, 1's and 2's."""
    if state.sitter is None:
        return ""
    seats = ", ".join(map(str, state.active_seats))
    return f"the hands of seats {seats}; seat {state.sitter} sits out"


def _header(start: Match) -> list[str]:
    rules = start.rules
    lines = [
        "# A game of Thousand (thousand.records).",
        f"format: {FORMAT}",
        f"rules: {rules}",
        f"rules-data: {json.dumps(_rules_data(rules), sort_keys=True)}",
        f"dealer: {start.dealer}",
        "scores: " + " ".join(str(s) for s in start.scores),
    ]
    if not _is_new_game(start):
        lines.append(f"start: {json.dumps(match_to_dict(start), separators=(',', ':'))}")
    return lines


def _rules_data(rules: Rules) -> dict[str, dict[str, Any]]:
    """The sections and fields where ``rules`` differ from the classic rules: the defaults of
    :meth:`Rules.from_dict`."""
    classic = Rules.classic().to_dict()
    out: dict[str, dict[str, Any]] = {}
    for section, fields in rules.to_dict().items():
        for name, value in fields.items():
            if classic[section][name] != value:
                out.setdefault(section, {})[name] = value
    return out


def _is_new_game(start: Match) -> bool:
    try:
        fresh = new_game(start.rules, dealer=start.dealer, scores=start.scores)
    except ValueError:
        return False
    return fresh._match == start


def _start_state(start: Match) -> State:
    from .state import NO_AUCTION, start_of_deal

    return start_of_deal(start, Phase.DEALING, None, start.seating.zeros, 0, NO_AUCTION, None, None)


def _at_deal_start(state: State) -> bool:
    """At the first chance node of a deal: no card dealt yet."""
    return state.is_chance and not any(state.hands) and not state.talon


def _heading(state: State) -> str:
    return f"[deal {state.deal_number}, dealer {state.dealer}]"


def _score_line(record: DealRecord) -> str:
    """A deal's line in a record: the score changes, the scores after, and what happened.

    >>> import thousand as th
    >>> record = th.DealRecord(
    ...     deal_number=1, dealer=0, declarer=1, bid=100, contract=120, made=True,
    ...     points=(20, 130, 0), card_points=(20, 100, 0), marriages=((1, th.Suit.SPADES),),
    ...     changes=(20, 120, 0), scores=(20, 120, 0), barrel=(None, None, None),
    ...     bolts=(0, 0, 1), events=(th.Event(th.EventKind.BOLT, 2),))
    >>> _score_line(record)
    'score: +20 +120 +0 -> 20 120 0 (seat 1 made 120, bid 100; seat 2 bolt)'
    """
    result = {True: "made", False: "failed", None: "distributed"}[record.made]
    what = f"seat {record.declarer} {result} {record.contract}"
    if record.bid != record.contract:
        what += f", bid {record.bid}"
    if record.golden:
        what = "golden deal: " + what
    elif record.hidden:
        what = "hidden game: " + what
    sat = [] if record.sitter is None else [f"seat {record.sitter} sat out"]
    notes = "; ".join([what, *sat, *(str(e) for e in record.events)])
    changes = " ".join(f"{c:+d}" for c in record.changes)
    scores = " ".join(str(s) for s in record.scores)
    return f"score: {changes} -> {scores} ({notes})"


def _result_line(state: State) -> str:
    """The last line of a record: the winner, a draw, or where a game in progress stands and
    how many actions it has seen (so that a record cut short does not go unnoticed)."""
    if state.is_terminal:
        deals = len(state.sheet)
        if state.winner is None:
            scores = " ".join(str(s) for s in state.scores)
            return f"result: drawn after {deals} deals, scores {scores}"
        return (
            f"result: seat {state.winner} wins with {state.scores[state.winner]} after "
            f"{deals} deals"
        )
    actions = len(state.history)
    return f"result: in progress: {_where(state)} ({actions} action{'s' * (actions != 1)})"


# -- reading ----------------------------------------------------------------------------------


def load(text: str) -> State:
    """The state a record describes, replayed from its start.

    Every line is checked: the header, each deal heading, each action (legal, and by the seat
    it names), each score line and the result line against the replay. Raises
    :class:`RecordError` (a ``ValueError``) naming the line and the reason.
    """
    if not isinstance(text, str):
        raise RecordError(0, f"a record is text, not {type(text).__name__}")
    lines = list(_lines(text))
    headers: dict[str, tuple[int, str]] = {}
    body = 0
    for number, line in lines:
        match = _HEADER_LINE.fullmatch(line)
        if match is None or match.group(1) in ("score", "result"):
            break
        key, value = match.groups()
        if key not in _REQUIRED and key not in _OPTIONAL:
            raise RecordError(number, f"unknown header {shown(key)}")
        if key in headers:
            raise RecordError(
                number, f"a second {key!r} header (the first is on line {headers[key][0]})"
            )
        headers[key] = (number, value.strip())
        body += 1
    where = lines[body][0] if body < len(lines) else _end(text)
    return _Replay(_start_from(headers, where), text).run(lines[body:])


def read(path: str | os.PathLike[str]) -> State:
    """The state of the game in the file at ``path``: a record (:func:`dump`'s text), or the
    JSON of :meth:`State.to_dict <thousand.State.to_dict>`. Either is replayed and checked on
    the way: a file that is neither, or that describes no legal game, raises a ``ValueError``
    (:class:`RecordError` for a record) saying what is wrong; ``OSError`` when it cannot be
    read.
    """
    with open(path, encoding="utf-8") as file:
        text = file.read()
    if not text.lstrip().startswith("{"):
        return load(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ThousandError(f"not a record, and not valid JSON either: {exc}") from None
    return State.from_dict(data)  # an object: the text starts with "{"


def _end(text: str) -> int:
    return len(text.splitlines()) + 1


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """The numbered lines without comments, blank ones left out."""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, line


def _start_from(headers: dict[str, tuple[int, str]], where: int) -> State:
    for key in _REQUIRED:
        if key not in headers:
            raise RecordError(where, f"the header {key!r} is missing")
    number, value = headers["format"]
    if value != FORMAT:
        raise RecordError(number, f"format {shown(value)} is not {FORMAT!r}")
    rules = _rules_from(headers)
    players = rules.table.players
    seats = [str(seat) for seat in range(players)]
    number, value = headers["dealer"]
    if value not in seats:
        named = ", ".join(seats[:-1]) + " or " + seats[-1]
        raise RecordError(number, f"the dealer must be a seat {named}, not {shown(value)}")
    dealer = int(value)
    number, value = headers["scores"]
    words = value.split()
    if len(words) != players or not all(re.fullmatch(r"-?[0-9]{1,18}", w) for w in words):
        count = _COUNTS[players]
        raise RecordError(number, f"scores must be {count} whole numbers, not {shown(value)}")
    scores = tuple(int(word) for word in words)
    if "start" not in headers:
        try:
            return new_game(rules, dealer=dealer, scores=scores)
        except ValueError as exc:
            raise RecordError(number, str(exc)) from None
    number, value = headers["start"]
    data = _json(number, "start", value)
    try:
        match = match_from_dict(rules, data, "start")
    except (ValueError, RecursionError) as exc:
        raise RecordError(number, f"bad start: {exc}") from None
    if (match.dealer, match.scores) != (dealer, scores):
        raise RecordError(number, "the start's dealer and scores differ from the headers")
    return _start_state(match)


def _rules_from(headers: dict[str, tuple[int, str]]) -> Rules:
    number, named = headers["rules"]
    if "rules-data" not in headers:
        preset = _PRESETS.get(named)
        if preset is None:
            raise RecordError(
                number,
                f"rules {shown(named)} need a 'rules-data' header (only 'classic' and "
                "'standard' can go without)",
            )
        return preset()
    data_line, data = headers["rules-data"]
    fields = _json(data_line, "rules-data", data)
    try:
        rules = Rules.from_dict(fields)
    except (ValueError, RecursionError) as exc:
        raise RecordError(data_line, f"bad rules-data: {exc}") from None
    preset = _PRESETS.get(named)
    if " ".join(named.split()) != str(rules) and (preset is None or preset() != rules):
        raise RecordError(number, f"the rules-data gives {str(rules)!r}, not {shown(named)}")
    return rules


class _TooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


def _read_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # more digits than sys.get_int_max_str_digits() allows
        raise _TooLong(len(text.lstrip("-"))) from None


def _json(line: int, header: str, text: str) -> Any:
    """The JSON value of a header; a number too long for ``int`` is named as such, not with
    Python's own words about its digit limit."""
    try:
        return json.loads(text, parse_int=_read_int)
    except _TooLong as exc:
        raise RecordError(
            line, f"bad {header}: a number of {exc.digits} digits is too long"
        ) from None
    except (ValueError, RecursionError) as exc:  # json.JSONDecodeError is a ValueError too
        raise RecordError(line, f"bad {header}: {exc}") from None


class _Replay:
    """Reads the body of a record: deal headings, actions, score and result lines."""

    def __init__(self, state: State, text: str) -> None:
        self.state = state
        self.end = _end(text)
        self.headed = False  # a heading was read for the deal about to be dealt
        self.score_due: DealRecord | None = None
        self.result = False

    def run(self, lines: list[tuple[int, str]]) -> State:
        for number, line in lines:
            if self.result:
                raise RecordError(number, "text after the result line")
            if line.startswith("["):
                self.heading(number, line)
            elif line.startswith("score:") or line.startswith("result:"):
                self.check(number, line)
            else:
                for item in line.split(";"):
                    self.item(number, item.strip())
        if self.score_due is not None:
            raise RecordError(
                self.end, f"the score line of deal {self.score_due.deal_number} is missing"
            )
        if not self.result:
            raise RecordError(self.end, "the record ends without its result line")
        return self.state

    def heading(self, number: int, line: str) -> None:
        match = _DEAL_HEADING.fullmatch(line)
        if match is None:
            raise RecordError(
                number, f"not a deal heading: {shown(line)} (expected '[deal N, dealer S]')"
            )
        self.due(number)
        state = self.state
        if not _at_deal_start(state) or state.is_terminal or self.headed:
            raise RecordError(number, f"a deal heading, but the game is at {_where(state)}")
        expected = _heading(state)
        if (int(match.group(1)), int(match.group(2))) != (state.deal_number, state.dealer):
            raise RecordError(number, f"the heading should be {expected!r}")
        self.headed = True

    def check(self, number: int, line: str) -> None:
        if line.startswith("score:"):
            record = self.score_due
            if record is None:
                raise RecordError(number, f"a score line, but the game is at {_where(self.state)}")
            expected = _score_line(record)
            self.score_due = None
        else:
            self.due(number)
            expected = _result_line(self.state)
            self.result = True
        if line.split() != expected.split():
            kind = expected.partition(":")[0]
            raise RecordError(number, f"the {kind} line disagrees: the replay gives {expected!r}")

    def due(self, number: int) -> None:
        if self.score_due is not None:
            raise RecordError(
                number, f"the score line of deal {self.score_due.deal_number} should come here"
            )

    def item(self, number: int, text: str) -> None:
        if not text:
            raise RecordError(number, "an empty action (two ';' in a row, or one at an end)")
        seat: int | None = None
        match = _SEAT.fullmatch(text)
        if match is not None:
            seat, text = int(match.group(1)), match.group(2)
        words = text.split()
        if words and words[0].lower() == "deal" and "/" not in text and len(words) > 1:
            actions: list[Action] = []
            for word in words[1:]:
                try:
                    actions.append(DealCard(Card.parse(word)))
                except ValueError as exc:
                    raise RecordError(number, str(exc)) from None
        else:
            try:
                actions = [parse_action(text)]
            except ValueError as exc:
                raise RecordError(number, str(exc)) from None
        for action in actions:
            self.apply(number, seat, action)

    def apply(self, number: int, seat: int | None, action: Action) -> None:
        self.due(number)
        state = self.state
        if self.result:
            raise RecordError(number, "text after the result line")
        if _at_deal_start(state) and not state.is_terminal and not self.headed:
            raise RecordError(number, f"the heading {_heading(state)!r} should come first")
        if seat is not None and seat != state.to_move:
            who = "nobody (chance)" if state.to_move is None else f"seat {state.to_move}"
            raise RecordError(number, f"'{action}' is marked seat {seat}, but {who} is to move")
        try:
            after = apply(state, action)
        except ValueError as exc:
            raise RecordError(number, str(exc)) from None
        if len(after.sheet) > len(state.sheet):
            self.score_due = after.sheet[-1]
        self.headed = False
        self.state = after


def _where(state: State) -> str:
    text = f"deal {state.deal_number}, {state.phase.value}"
    return text + (f", seat {state.to_move} to move" if state.to_move is not None else "")
