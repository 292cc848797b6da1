"""The score sheet: one record per finished deal, the way players keep it on paper."""

from __future__ import annotations

import enum

import attrs

from .cards import Card, Suit

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
    points: Triple
    #: Each seat's card points alone.
    card_points: Triple
    #: The marriages declared, as ``(seat, suit)`` in order (suit None: the ace marriage).
    marriages: tuple[tuple[int, Suit | None], ...]
    #: Each seat's score change in this deal (after bolts, barrel and penalties).
    changes: Triple
    #: The scores after the deal.
    scores: Triple
    #: Each seat's barrel deals used after the deal, None when it is not on the barrel.
    barrel: tuple[int | None, int | None, int | None]
    #: Each seat's bolts toward its next penalty after the deal.
    bolts: Triple
    #: The marks of the deal: barrel, bolts, penalties, distribution.
    events: tuple[Event, ...] = ()
    #: The eight tricks as ``(winner, ((seat, card), ...))`` (empty when distributed).
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...]], ...] = ()
    #: A deal of the golden round (A10).
    golden: bool = False
    #: A hidden game (A15).
    hidden: bool = False
