"""The score sheet as players keep it on paper: one row per deal, marks for the barrel and bolts."""

from __future__ import annotations

from collections.abc import Sequence

from .sheet import DealRecord, EventKind
from .state import State

__all__ = ["LEGEND", "format_sheet"]

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
    "falls   R reset on 555   G golden deal   H hidden game"
)


def _cell(record: DealRecord, seat: int) -> str:
    marks = "*" if seat == record.declarer else ""
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


def format_sheet(records: Sequence[DealRecord], state: State | None = None) -> str:
    """The rows of a score sheet, with a header, and the outcome when ``state`` is over.

    Each seat's column shows its change and running total, then its marks (see
    :data:`LEGEND`).
    """
    head = " deal dlr decl  bid contr result  " + "".join(
        f"| {'seat ' + str(s):^16} " for s in range(3)
    )
    lines = [head, "-" * len(head)]
    for r in records:
        cells = "".join(f"| {_cell(r, s)} " for s in range(3))
        lines.append(
            f"{r.deal_number:5d} {r.dealer:3d} {r.declarer:4d} {r.bid:4d} {r.contract:5d} "
            f"{_result(r):<8}{cells}"
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
    return "\n".join(lines)
