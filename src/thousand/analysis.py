"""Reviewing a game: the solver's verdict on every card played.

:func:`review` replays a game and, for every card played in every deal, asks the
perfect-information solver (:mod:`thousand.solver`) what the play cost its side against best
play from there: the umpire's view, every hand known. The answer is a :class:`GameReview` of
:class:`DealReview` values, each holding its :class:`PlayReview` values in the order the cards
were played, with the trick they belong to, so that a program can print a deal's review trick
by trick.

The verdict is the solver's own objective, in the declarer's deal points (R-SCORE-1: card
points of the tricks it takes plus the marriages it declares). The declarer plays to take as
many as it can; the two defenders play together to leave it as few as they can. The *value* of
a position is the declarer's deal points at the end of the deal when both sides play best from
there (the points it already has included), what :func:`~thousand.solve` gives. A play's
*loss* is

* for the declarer, the value before the play minus the value after it: the deal points it
  gave up;
* for a defender, the value after the play minus the value before it: the deal points it handed
  to the declarer.

An optimal play loses 0, and no play loses less. Over a whole deal the losses add up: the
declarer ends with the value at the first lead, less its own losses, plus those of the
defenders.

The verdict does not weigh what the score sheet does beyond the declarer's points. Defenders
score their own points (R-SCORE-3), but a defender who gives points to its partner rather than
keeping them loses nothing here, since the declarer gets no more. A loss that leaves the
declarer on the same side of its contract changes no score of the declarer's (R-SCORE-2).

At a table of four the review is the same over the deal's three active seats. The sitter plays
no card (R-FOUR-1): it has no plays, its losses are 0, and :attr:`DealReview.sitter` names it.
Per-seat tuples have one entry per seat of the table.

>>> import thousand as th
>>> from thousand.analysis import review
>>> state = th.apply(th.new_game(), th.Deal.parse(
...     "QS 9S QC 9C QD TH QH / AS TS JS AC TC AD TD / KS KC JC KD JD KH JH / AH 9H 9D"))
>>> for text in ("bid 100", "pass", "pass", "give 9H 2", "give 9D 0", "contract 120",
...              "play JS", "play KS", "play 9S"):
...     state = th.apply(state, th.parse_action(text))
>>> [(str(p.card), p.loss) for p in review(state).deals[0].plays]
[('JS', 9), ('KS', 0), ('9S', 3)]
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from . import records
from .actions import Play
from .cards import Card
from .engine import apply
from .errors import ThousandError, shown
from .solver import Solver
from .state import NO_AUCTION, Phase, State, start_of_deal

__all__ = ["DealReview", "GameReview", "PlayReview", "review"]

#: One int per seat of the table: three, or four at a table of four.
PerSeat = tuple[int, ...]


@attrs.frozen
class PlayReview:
    """The solver's verdict on one card played.

    ``loss`` is what the play cost its side against best play from there, in the declarer's
    deal points (see :mod:`thousand.analysis`): 0 for an optimal play. ``best`` holds every
    optimal play of the position, in the solver's order (highest suit and rank first); the play
    made is among them exactly when ``loss`` is 0. ``value_before`` and ``value_after`` are the
    solver's values of the positions before and after the play: the declarer's deal points at
    the end of the deal with best play on both sides from there.
    """

    #: The deal's number, from 1.
    deal_number: int
    #: The trick the card was played to, from 1 to 8.
    trick: int
    #: The seat that played it.
    seat: int
    #: The card played.
    card: Card
    #: Whether the play declared a marriage (R-MARRIAGE-1).
    marriage: bool
    #: The deal points the play cost its side; 0 for an optimal play.
    loss: int
    #: Every optimal play of the position.
    best: tuple[Play, ...]
    #: The declarer's deal points with best play from the position before the play.
    value_before: int
    #: The same from the position after it.
    value_after: int

    @property
    def action(self) -> Play:
        """The play as an action: ``Play(card, marriage)``."""
        return Play(self.card, self.marriage)

    @property
    def optimal(self) -> bool:
        """True when the play lost nothing."""
        return self.loss == 0

    def __str__(self) -> str:
        head = f"deal {self.deal_number}, trick {self.trick}: seat {self.seat} {self.action}"
        if self.optimal:
            return f"{head}: best play"
        return f"{head}: loses {self.loss} (best: {_cards(self.best)})"


@attrs.frozen
class DealReview:
    """The review of one deal's play: every card played, in order, and each seat's losses.

    ``value_start`` is the solver's value at the first lead (what the declarer could be sure of
    with best play on both sides) and ``value_end`` the value after the last card reviewed: for
    a finished deal, the declarer's deal points as scored. ``value_end`` is ``value_start``
    less the declarer's losses plus the defenders'.
    """

    #: The deal's number, from 1.
    deal_number: int
    #: The declarer.
    declarer: int
    #: The contract it played.
    contract: int
    #: Every card played, in order.
    plays: tuple[PlayReview, ...]
    #: Each seat's losses added up over the deal, one entry per seat of the table (the
    #: sitter's, at a table of four, is 0: it plays no card).
    losses_per_seat: PerSeat
    #: The declarer's deal points with best play from the first lead.
    value_start: int
    #: The declarer's deal points with best play from after the last card reviewed.
    value_end: int
    #: The seat that sat the deal out at a table of four (R-FOUR-1); None at a table of three.
    sitter: int | None = None

    @property
    def finished(self) -> bool:
        """True when all 24 cards of the deal were played."""
        return len(self.plays) == 24

    @property
    def tricks(self) -> tuple[tuple[PlayReview, ...], ...]:
        """The plays trick by trick: the plays of trick 1, then of trick 2, and so on (the last
        one incomplete while the deal is being played)."""
        out: list[list[PlayReview]] = []
        for play in self.plays:
            if len(out) < play.trick:
                out.append([])
            out[-1].append(play)
        return tuple(tuple(trick) for trick in out)

    def __str__(self) -> str:
        played = "the cards played" if self.finished else f"best play after {len(self.plays)} cards"
        sitting = "" if self.sitter is None else f", seat {self.sitter} sitting out"
        lines = [
            f"deal {self.deal_number}: seat {self.declarer} declarer at {self.contract}{sitting}; "
            f"best play from the first lead gives it {self.value_start}, {played} "
            f"{self.value_end}",
            "trick  seat  card         loss  best",
        ]
        for play in self.plays:
            card = f"{play.card}{' marriage' if play.marriage else ''}"
            best = "" if play.optimal else _cards(play.best)
            lines.append(f"{play.trick:>5}  {play.seat:>4}  {card:<11}  {play.loss:>4}  {best}")
        losses = [
            f"seat {seat}: {value}"
            for seat, value in enumerate(self.losses_per_seat)
            if seat != self.sitter
        ]
        lines.append("losses: " + ", ".join(losses))
        return "\n".join(line.rstrip() for line in lines)


@attrs.frozen
class GameReview:
    """The review of a game: one :class:`DealReview` for each deal that reached the play, in
    order (a distributed or redealt deal has none)."""

    #: The deals reviewed.
    deals: tuple[DealReview, ...]
    #: The seats at the table: 3, or 4 (R-FOUR-1).
    players: int = 3

    @property
    def plays(self) -> tuple[PlayReview, ...]:
        """Every card played in the game, in order."""
        return tuple(play for deal in self.deals for play in deal.plays)

    @property
    def losses_per_seat(self) -> PerSeat:
        """Each seat's losses added up over the game, one entry per seat of the table."""
        totals = [0] * self.players
        for deal in self.deals:
            for seat, loss in enumerate(deal.losses_per_seat):
                totals[seat] += loss
        return tuple(totals)

    def deal(self, number: int) -> DealReview:
        """The review of deal ``number``; ``KeyError`` when that deal was not reviewed."""
        for deal in self.deals:
            if deal.deal_number == number:
                return deal
        raise KeyError(f"deal {number} was not reviewed: {_numbers(self.deals)}")

    def __str__(self) -> str:
        head = "".join(f"  loss {seat}" for seat in range(self.players))
        lines = [f"deal  declarer  contract  best  played{head}"]
        for deal in self.deals:
            losses = "".join(f"  {loss:>6}" for loss in deal.losses_per_seat)
            lines.append(
                f"{deal.deal_number:>4}  {deal.declarer:>8}  {deal.contract:>8}  "
                f"{deal.value_start:>4}  {deal.value_end:>6}{losses}"
            )
        totals = "".join(f"  {loss:>6}" for loss in self.losses_per_seat)
        lines.append(f"{'total':<38}{totals}")
        return "\n".join(lines)


def review(game: State | str | os.PathLike[str] | Mapping[str, Any]) -> GameReview:
    """The solver's verdict on every card played in ``game``, deal by deal.

    ``game`` is a state (its history, from the start of the game, holds the game: every deal up
    to the state is reviewed), a game record's text (as :func:`thousand.records.dump` writes
    it), the path of a file holding one, or the dict of :meth:`State.to_dict
    <thousand.State.to_dict>`. A record or a dict is replayed first and checked on the way: a
    bad one raises its ``ValueError``.

    Each position of the play is solved once, and the positions of a deal share one table of
    what the search learns, so that a game of thirty deals takes a few seconds. The loss is
    exactly the solver's: see :mod:`thousand.analysis`.
    """
    state = _state_of(game)
    start = state._start()
    now = start_of_deal(start, Phase.DEALING, None, start.seating.zeros, 0, NO_AUCTION, None, None)
    deals: list[DealReview] = []
    # The positions of the play of the deal under way, each with the play made there.
    played: list[tuple[State, Play | None]] = []
    for action in state.history:
        after = apply(now, action)
        if now._phase is Phase.PLAYING:
            assert isinstance(action, Play)  # the play has no other actions
            played.append((now, action))
            if after._phase is not Phase.PLAYING:  # the deal is over
                record = after.sheet[-1]
                deals.append(_review_deal(played, record.points[record.declarer]))
                played = []
        now = after
    if now._phase is Phase.PLAYING:  # a deal under way: its last position is solved too
        deals.append(_review_deal([*played, (now, None)], None))
    return GameReview(tuple(deals), start.seating.players)


def _state_of(game: object) -> State:
    """The state ``game`` stands for: itself, or a record or a dict replayed."""
    if isinstance(game, State):
        return game
    if isinstance(game, os.PathLike):
        return records.read(game)
    if isinstance(game, str):
        if "\n" not in game.strip():
            raise ThousandError(
                f"not a game record: {shown(game)} is one line, and a record has several (to "
                "review a record's file, pass its path as a pathlib.Path)"
            )
        return records.load(game)
    if isinstance(game, Mapping):
        return State.from_dict(dict(game))
    raise TypeError(
        "review() takes a State, a game record's text or path, or the dict of State.to_dict(), "
        f"not {shown(game)}"
    )


def _review_deal(played: Sequence[tuple[State, Play | None]], end: int | None) -> DealReview:
    """The review of one deal's plays: each position with the play made there, the last
    position with None when the deal is under way; ``end``, the declarer's deal points, for a
    finished deal."""
    first = played[0][0]
    declarer, contract = first._declarer, first._contract
    assert declarer is not None and contract is not None  # fixed before the play
    # One search table for every position of the deal (Solver.at): what it learns holds for all.
    solver = Solver(first)
    solutions = []
    for position, _ in played:
        solver = solver.at(position)
        solutions.append(solver.solve())
    values = [solution.value for solution in solutions]
    if end is not None:
        values.append(end)
    plays: list[PlayReview] = []
    losses = [0] * first.players
    for i, (position, action) in enumerate(played):
        if action is None:
            break
        seat = position._to_move
        assert seat is not None
        before, after = values[i], values[i + 1]
        loss = before - after if seat == declarer else after - before
        losses[seat] += loss
        best = tuple(move for move in solutions[i].best if isinstance(move, Play))
        trick = position.tricks_played + 1
        plays.append(
            PlayReview(
                position.deal_number,
                trick,
                seat,
                action.card,
                action.marriage,
                loss,
                best,
                before,
                after,
            )
        )
    return DealReview(
        first.deal_number,
        declarer,
        contract,
        tuple(plays),
        tuple(losses),
        values[0],
        values[-1],
        first.sitter,
    )


def _cards(plays: tuple[Play, ...]) -> str:
    return " ".join(f"{p.card}{' marriage' if p.marriage else ''}" for p in plays)


def _numbers(deals: tuple[DealReview, ...]) -> str:
    if not deals:
        return "no deal reached the play"
    return "the deals reviewed are " + ", ".join(str(d.deal_number) for d in deals)
