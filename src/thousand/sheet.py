"""The score sheet: one record per finished deal, and its text form as players keep it on
paper, a row per deal with marks for the barrel and bolts."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .cards import Card, Suit

if TYPE_CHECKING:
    from .state import State

__all__ = ["LEGEND", "DealRecord", "Event", "EventKind", "format_sheet"]

#: One int per seat of the table (three or four).
PerSeat = tuple[int, ...]


class EventKind(enum.Enum):
    """What happened to a seat at the end of a deal, besides its score change."""

    #: The seat's score landed in the barrel band: it is held at the threshold (R-BARREL-1).
    CLIMBED_ON_BARREL = "climbed on the barrel"
    #: A deal on the barrel passed without a win (R-BARREL-3).
    BARREL_DEAL_USED = "used a barrel deal"
    #: The last barrel deal passed without a win: penalty, off the barrel (R-BARREL-4).
    BARREL_PENALTY = "fell off the barrel with a penalty"
    #: A classic declarer on the barrel failed its contract and fell off (R-BARREL-3).
    FELL_OFF_BARREL = "fell off the barrel"
    #: The seat reached the target from the barrel (R-BARREL-3).
    WON_FROM_BARREL = "won from the barrel"
    #: The seat reached the target from below the threshold in one deal (R-BARREL-2).
    JUMPED_BARREL = "jumped the barrel"
    #: The seat took no card points: a bolt (R-BOLT-1).
    BOLT = "bolt"
    #: A third bolt: the penalty (R-BOLT-2).
    BOLT_PENALTY = "bolt penalty"
    #: The declarer gave the deal up (R-DIST-1).
    DISTRIBUTION = "distribution"
    #: Four nines after the gives: +120 (4 Nines Bonus, A25).
    FOUR_NINES_BONUS = "four nines bonus"
    #: Another seat climbed on: off the barrel with the penalty (Throw off Barrel, A16).
    THROWN_OFF_BARREL = "was thrown off the barrel"
    #: Climbed on while another seat was there: off with the penalty (Several Players, A16).
    SHARED_BARREL = "came off a shared barrel"
    #: The third fall from the barrel without a win: the score becomes 0 (A18).
    ZERO_AFTER_THREE_BARRELS = "fell off the barrel a third time: score reset to 0"
    #: A score of exactly 555 or -555 became 0.
    SCORE_RESET = "score reset to 0"
    #: Nobody made a golden deal: scores, bolts and the barrel are reset (A11).
    GOLDEN_RESET = "golden round reset"

    def __repr__(self) -> str:
        return f"EventKind.{self.name}"


@attrs.frozen
class Event:
    """One mark on the score sheet: ``kind`` happened to ``seat`` (``amount``: its points, if
    any, such as a penalty of -120)."""

    #: What happened.
    kind: EventKind
    #: To whom.
    seat: int
    #: The points it cost or brought, if any.
    amount: int = 0

    def __str__(self) -> str:
        tail = f" ({self.amount:+d})" if self.amount else ""
        return f"seat {self.seat} {self.kind.value}{tail}"


@attrs.frozen
class DealRecord:
    """The score sheet's row for one finished deal.

    ``made`` is None for a distributed deal (no cards were played). ``points`` are the deal
    points (cards and marriages), ``card_points`` the card points alone; ``changes`` are the
    differences of ``scores`` (after the deal) to the scores before it; ``barrel`` and ``bolts``
    are the seats' barrel deals and bolt counts after the deal.
    """

    #: The deal's number, from 1.
    deal_number: int
    #: The seat that dealt.
    dealer: int
    #: The seat that won the auction.
    declarer: int
    #: The winning bid.
    bid: int
    #: The contract (the winning bid for a distributed deal).
    contract: int
    #: Whether the declarer made the contract; None when it distributed.
    made: bool | None
    #: Each seat's deal points: card points of its tricks plus its marriages.
    points: PerSeat
    #: Each seat's card points alone.
    card_points: PerSeat
    #: The marriages declared, as ``(seat, suit)`` in order (suit None: the ace marriage).
    marriages: tuple[tuple[int, Suit | None], ...]
    #: Each seat's score change in this deal (after bolts, barrel and penalties).
    changes: PerSeat
    #: The scores after the deal.
    scores: PerSeat
    #: Each seat's barrel deals used after the deal, None when it is not on the barrel.
    barrel: tuple[int | None, ...]
    #: Each seat's bolts toward its next penalty after the deal.
    bolts: PerSeat
    #: The marks of the deal: barrel, bolts, penalties, distribution.
    events: tuple[Event, ...] = ()
    #: The eight tricks as ``(winner, ((seat, card), ...))`` (empty when distributed).
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...]], ...] = ()
    #: A deal of the golden round (A10).
    golden: bool = False
    #: A hidden game (A15).
    hidden: bool = False
    #: At a table of four: the seat that sat out the deal, the dealer (R-FOUR-1); its score
    #: change is its talon score (R-FOUR-3). None at a table of three.
    sitter: int | None = None


# -- the text form ----------------------------------------------------------------------------

_MARKS = {
    EventKind.CLIMBED_ON_BARREL: "B",
    EventKind.BARREL_PENALTY: "P",
    EventKind.FELL_OFF_BARREL: "F",
    EventKind.WON_FROM_BARREL: "W",
    EventKind.JUMPED_BARREL: "J",
    EventKind.BOLT: "0",
    EventKind.BOLT_PENALTY: "P",
    EventKind.DISTRIBUTION: "D",
    EventKind.FOUR_NINES_BONUS: "9",
    EventKind.THROWN_OFF_BARREL: "T",
    EventKind.SHARED_BARREL: "S",
    EventKind.ZERO_AFTER_THREE_BARRELS: "Z",
    EventKind.SCORE_RESET: "R",
    EventKind.GOLDEN_RESET: "",
}

#: What the marks on the sheet mean.
LEGEND = (
    "* declarer   B climbed on the barrel   bN on the barrel, N deals used   P penalty\n"
    "F fell off the barrel   W won from the barrel   J jumped the barrel   0 bolt   D distributed\n"
    "9 four nines   T thrown off the barrel   S came off a shared barrel   Z zeroed after three\n"
    "falls   R reset on 555   ~ sat out (a table of four)   G golden deal   H hidden game"
)


def _cell(record: DealRecord, seat: int) -> str:
    marks = "*" if seat == record.declarer else ("~" if seat == record.sitter else "")
    for event in record.events:
        if event.seat == seat and event.kind is not EventKind.BARREL_DEAL_USED:
            mark = _MARKS[event.kind]
            if mark and mark not in marks:
                marks += mark
    used = record.barrel[seat]
    if used and "B" not in marks:
        marks += f"b{used}"
    return f"{record.changes[seat]:+5d} {record.scores[seat]:5d} {marks:<4}"


def _result(record: DealRecord) -> str:
    kind = "G" if record.golden else ("H" if record.hidden else " ")
    if record.made is None:
        return kind + "distrib"
    return kind + ("made" if record.made else "failed")


def format_sheet(
    records: Sequence[DealRecord], state: State | None = None, *, players: int | None = None
) -> str:
    """The score sheet as text: a header, a row per deal, and the outcome when ``state`` (the
    game the records are from) is over.

    A row gives the deal's number, dealer, declarer, bid, contract and result (``G`` and ``H``
    before it mark a golden deal and a hidden game); each seat's column its change, its total
    and its marks (:data:`LEGEND`: ``*`` is the declarer).

    There is a column per seat: three, or four at a table of four, where the dealer sits out
    each deal and its cell shows its talon score (R-FOUR-3) marked ``~``. The number of
    columns is that of the records, else of ``state``'s table, else ``players`` (3 by
    default: give 4 for the bare header of a table of four).

    >>> import thousand as th
    >>> state = th.apply(th.new_game(th.Rules.standard()), th.Deal.parse(
    ...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
    >>> for move in ("bid 100", "pass", "pass", "distribute"):
    ...     state = th.apply(state, th.parse_action(move))
    >>> print(th.format_sheet(state.sheet))
     deal dlr decl  bid contr result   |      seat 0      |      seat 1      |      seat 2
    --------------------------------------------------------------------------------------------
        1   0    1  100   100  distrib |   +50    50      |  -100  -100 *D0  |   +50    50

    At a table of four (here the standard rules, dealer 0, with the sitter scoring the talon's
    ``KH TH AH``, 25 card points):

    >>> state = th.apply(th.new_game(th.Rules.standard(players=4)), th.Deal.parse(
    ...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
    >>> for move in ("bid 100", "pass", "pass", "distribute"):
    ...     state = th.apply(state, th.parse_action(move))
    >>> head, rule, row = th.format_sheet(state.sheet).splitlines()
    >>> for column, cell in zip(head.split("|")[1:], row.split("|")[1:]):
    ...     print(f"{column.strip()}: {cell.strip()}")
    seat 0: +25    25 ~
    seat 1: -100  -100 *D0
    seat 2: +50    50
    seat 3: +50    50
    """
    if records:
        seats = len(records[0].scores)
    elif state is not None:
        seats = state.players
    else:
        seats = 3 if players is None else players
    head = " deal dlr decl  bid contr result   " + "".join(
        f"| {'seat ' + str(s):^16} " for s in range(seats)
    )
    lines = [head, "-" * len(head)]
    for r in records:
        cells = "".join(f"| {_cell(r, s)} " for s in range(seats))
        lines.append(
            f"{r.deal_number:5d} {r.dealer:3d} {r.declarer:4d} {r.bid:4d} {r.contract:5d} "
            f"{_result(r):<9}{cells}"
        )
    if state is not None and state.is_terminal:
        lines.append("-" * len(head))
        if state.winner is None:
            lines.append(f"Drawn after {len(records)} deals: {state.scores}.")
        else:
            lines.append(
                f"Seat {state.winner} wins with {state.scores[state.winner]} after "
                f"{len(records)} deals."
            )
    return "\n".join(line.rstrip() for line in lines)
