"""The score sheet: one record per finished deal, the way players keep it on paper."""

from __future__ import annotations

import enum

import attrs

__all__ = ["DealRecord", "Event", "EventKind"]

Triple = tuple[int, int, int]


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


@attrs.frozen
class Event:
    """One mark on the score sheet: ``kind`` happened to ``seat`` (``amount``: its points, if
    any, such as a penalty of -120)."""

    kind: EventKind
    seat: int
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

    deal_number: int
    dealer: int
    declarer: int
    bid: int
    contract: int
    made: bool | None
    points: Triple
    card_points: Triple
    marriages: tuple[tuple[int, int], ...]
    changes: Triple
    scores: Triple
    barrel: tuple[int | None, int | None, int | None]
    bolts: Triple
    events: tuple[Event, ...] = ()
