"""Matches between bots: whole games, seeded and reproducible, and tournaments.

The cards of a game come from a stream of whole deals drawn from the seed, apart from the
play, so that the same seed gives the same deals whatever the bots do. A redeal deals fresh
cards, drawn from the seed, the deal's place in the stream and the number of redeals before
it, never from the seating. A bot made without a random generator gets one drawn from the seed
and its seat (its ``seated`` method; see :mod:`thousand.bots`), so the same seed and bots give
the same game. Playing the same seed once in each seating (the duplicate format) cancels the
luck of the cards.

The games of a tournament and the deals of a duplicate match are independent: given an
``executor`` (any :class:`concurrent.futures.Executor`: a process pool, or a Dask cluster's
``Client.get_executor()``) they are played across its workers, and the result is the same as
in this process, whatever the number of workers or the order in which they finish. Each game
is sent as its seed, the makers of its bots and the rules; see :doc:`/scale`.

>>> from thousand.arena import play_game
>>> from thousand.bots import HeuristicBot, RandomBot
>>> state = play_game([HeuristicBot(), RandomBot(), RandomBot()], seed=3)
>>> state.is_terminal, len(state.sheet) == state.deal_number
(True, True)
"""

from __future__ import annotations

import copy
import itertools
import math
import pickle
import random
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

import attrs

from .actions import Deal
from .bots import Bot, HeuristicBot, RandomBot, SolverBot
from .cards import PACK
from .engine import apply, legal_actions, new_game
from .errors import IllegalActionError, ThousandError, shown
from .observation import observe
from .rules import Rules
from .sheet import DealRecord
from .state import State

__all__ = [
    "BOTS",
    "DEAL_HEADER",
    "HEADER",
    "REDEAL_LIMIT",
    "DealStanding",
    "Difference",
    "DuplicateMatch",
    "Standing",
    "deal_stream",
    "duplicate_deals",
    "duplicate_match",
    "play_deal",
    "play_game",
    "play_games",
    "tournament",
]


def _heuristic(seed: int) -> Bot:
    return HeuristicBot(random.Random(seed))


def _random(seed: int) -> Bot:
    return RandomBot(random.Random(seed))


def _solver(seed: int) -> Bot:
    return SolverBot(random.Random(seed), samples=6)


#: The built-in bots by name, each made from a seed. Module-level functions, not lambdas: a
#: worker process is sent them by name.
BOTS: dict[str, Callable[[int], Bot]] = {
    "heuristic": _heuristic,
    "random": _random,
    "solver": _solver,
}

#: Redeals in a row after which a deal stops with a :class:`~thousand.ThousandError`: the
#: rules set no limit (A9), and bots that call a redeal whatever their cards never end a deal.
REDEAL_LIMIT = 1000


def _shuffled(rng: random.Random) -> Deal:
    pack = list(PACK)
    rng.shuffle(pack)
    return Deal((pack[0:7], pack[7:14], pack[14:21]), pack[21:24])


def deal_stream(seed: int) -> Iterator[Deal]:
    """Whole deals, uniformly shuffled, from ``seed``."""
    rng = random.Random(seed)
    while True:
        yield _shuffled(rng)


def _redealt(key: str, redeals: int) -> Deal:
    """The fresh cards of a deal's ``redeals``-th redeal, from the deal's ``key`` alone. A
    string seed is hashed with SHA-512, whatever ``PYTHONHASHSEED`` is."""
    return _shuffled(random.Random(f"thousand redeal {key} {redeals}"))


def _seated(bots: Sequence[Bot], key: str) -> list[Bot]:
    """The bots for one game or deal: each that has a ``seated`` method is given a generator
    drawn from ``key`` and its seat."""
    out: list[Bot] = []
    for seat, bot in enumerate(bots):
        seated = getattr(bot, "seated", None)
        out.append(bot if seated is None else seated(random.Random(f"thousand bot {key} {seat}")))
    return out


def _play(
    bots: Sequence[Bot],
    state: State,
    deals_in: Iterator[Deal],
    key: str,
    deals: int | None = None,
    on_deal: Callable[[DealRecord], None] | None = None,
) -> State:
    """Play from ``state`` to the end of the game, or until ``deals`` rows are on the sheet.
    Each row's first cards come from ``deals_in``; its redeals' are drawn from ``key`` and the
    row's number."""
    redeals = 0
    while not state.is_terminal and len(state.sheet) != deals:
        done = len(state.sheet)
        if state.is_chance:
            cards = next(deals_in) if not redeals else _redealt(f"{key}/{done}", redeals)
            state = apply(state, cards)
            continue
        seat = state.to_move
        state = _act(bots, state)
        if len(state.sheet) > done:
            redeals = 0
            if on_deal is not None:
                on_deal(state.sheet[-1])
        elif state.is_chance:  # a redeal (A9): no row, back to dealing
            redeals += 1
            if redeals >= REDEAL_LIMIT:
                raise ThousandError(
                    f"deal {state.deal_number} was redealt {redeals} times in a row (the last "
                    f"by seat {seat}): a bot that calls a redeal whatever its cards never ends it"
                )
    return state


def play_game(
    bots: Sequence[Bot],
    rules: Rules | None = None,
    *,
    seed: int = 0,
    dealer: int = 0,
    scores: tuple[int, int, int] = (0, 0, 0),
    on_deal: Callable[[DealRecord], None] | None = None,
) -> State:
    """A whole game: seat ``i`` is played by ``bots[i]``, the deals come from
    :func:`deal_stream` of ``seed`` (a redeal deals fresh cards drawn from ``seed``); ``on_deal``
    is called with each deal's score-sheet row as it ends. A bot made without a generator gets
    one drawn from ``seed`` and its seat, so that equal calls give equal games. A bot that
    answers with an illegal action raises :class:`~thousand.IllegalActionError`; a deal
    redealt :data:`REDEAL_LIMIT` times in a row, a :class:`~thousand.ThousandError`."""
    if len(bots) != 3:
        raise ValueError(f"a game needs three bots, not {len(bots)}")
    state = new_game(rules, dealer=dealer, scores=scores)
    key = str(seed)
    return _play(_seated(bots, key), state, deal_stream(seed), key, on_deal=on_deal)


_R = TypeVar("_R")


def _spread(
    work: Callable[..., _R],
    tasks: Sequence[tuple[Any, ...]],
    executor: Executor | None,
    progress: Callable[[int, int], None] | None = None,
) -> list[_R]:
    """``work(*task)`` for every task, in the tasks' order, on ``executor`` (in this process
    when None); ``progress(done, total)`` is called here as each one finishes, in whatever
    order they finish. The first task to fail raises, and the rest are cancelled."""
    total = len(tasks)
    if executor is None:
        results = []
        for done, task in enumerate(tasks, 1):
            results.append(work(*task))
            if progress is not None:
                progress(done, total)
        return results
    futures: dict[Future[_R], int] = {
        executor.submit(work, *task): i for i, task in enumerate(tasks)
    }
    found: dict[int, _R] = {}
    try:
        for done, future in enumerate(as_completed(futures), 1):
            found[futures[future]] = future.result()
            if progress is not None:
                progress(done, total)
    finally:
        for future in futures:
            future.cancel()  # after a failure: do not play what is left
    return [found[i] for i in range(total)]


def _check_executor(executor: Executor | None, what: Mapping[str, object]) -> None:
    """Refuse, before any game starts, an executor that is none, and what a process pool
    cannot send to its workers: they are sent by ``pickle``, which sends a function by its
    name (a lambda or a local function has none). Threads need no pickling; Dask pickles with
    cloudpickle, which sends lambdas."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(
            "executor must be None or a concurrent.futures.Executor (such as "
            f"ProcessPoolExecutor(2)), not {shown(executor)} of type {type(executor).__name__}"
        )
    if not isinstance(executor, ProcessPoolExecutor):
        return
    for name, value in what.items():
        try:
            pickle.dumps(value)
        except Exception as error:  # pickle raises PicklingError, AttributeError, TypeError...
            raise ValueError(
                f"{name} cannot be sent to the worker processes ({error}): make it a "
                "module-level function or class, or use a ThreadPoolExecutor"
            ) from None


def _copied_game(
    bots: Sequence[Bot],
    rules: Rules | None,
    seed: int,
    dealer: int,
    scores: tuple[int, int, int],
) -> State:
    """One game of :func:`play_games`, played by copies of the bots: a bot's generator starts
    every game where it stood, whichever games a worker played before."""
    return play_game(copy.deepcopy(list(bots)), rules, seed=seed, dealer=dealer, scores=scores)


def play_games(
    bots: Sequence[Bot],
    seeds: Iterable[int],
    rules: Rules | None = None,
    *,
    dealer: int = 0,
    scores: tuple[int, int, int] = (0, 0, 0),
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[State]:
    """:func:`play_game` for each of ``seeds``, their final states in the seeds' order, the
    games spread over ``executor``'s workers (by default played here, one after another).
    Each game is played by a copy of ``bots`` as given, so that no game depends on another:
    the states are the same whatever the executor. ``progress(done, total)`` is called as each
    game ends. With a process pool the bots must pickle."""
    if len(bots) != 3:
        raise ValueError(f"a game needs three bots, not {len(bots)}")
    _check_executor(executor, {f"the bot of seat {seat}": bot for seat, bot in enumerate(bots)})
    tasks = [(tuple(bots), rules, seed, dealer, scores) for seed in seeds]
    return _spread(_copied_game, tasks, executor, progress)


def _act(bots: Sequence[Bot], state: State) -> State:
    seat = state.to_move
    assert seat is not None
    action = bots[seat].act(observe(state, seat))
    try:
        if action not in legal_actions(state):
            apply(state, action)  # raises with the engine's reason
            raise IllegalActionError(action, state.phase, "it is not among the legal actions")
        return apply(state, action)
    except IllegalActionError as error:
        reason = f"bot of seat {seat} chose it: {error.reason}"
        raise IllegalActionError(action, state.phase, reason) from None


def play_deal(
    bots: Sequence[Bot],
    deal: Deal,
    rules: Rules | None = None,
    *,
    dealer: int = 0,
    scores: tuple[int, int, int] = (0, 0, 0),
    seed: int | str | None = None,
) -> DealRecord:
    """One deal of ``deal``'s cards between the bots; its score-sheet row. A redeal called by a
    bot deals fresh cards, and a bot made without a generator gets one, both drawn from
    ``seed`` (by default from ``deal``'s cards), never from the seating: the same call gives
    the same row."""
    if len(bots) != 3:
        raise ValueError(f"a deal needs three bots, not {len(bots)}")
    key = str(deal) if seed is None else str(seed)
    state = new_game(rules, dealer=dealer, scores=scores)
    return _play(_seated(bots, key), state, itertools.repeat(deal), key, deals=1).sheet[0]


def duplicate_deals(
    names: Sequence[str], deals: int, *, seed: int = 1, rules: Rules | None = None
) -> dict[str, list[float]]:
    """Each of ``deals`` deals played once in every seating of the named bots (duplicate
    format): for each bot, its mean score change per deal, deal by deal, so that the luck of
    the cards cancels out when two bots are compared deal by deal."""
    return duplicate_match(names, deals, seed=seed, rules=rules).changes


@attrs.frozen
class DealStanding:
    """One bot's results over the deals of a duplicate match."""

    name: str
    deals: int
    #: Mean score change per deal (over its seatings) and the half-width of its 95% interval.
    mean_change: float
    margin: float
    made: int
    failed: int

    def row(self) -> str:
        return f"{self.name:<10} {self.deals:6d} {_results(self)}"


#: The header of :meth:`DealStanding.row`'s table.
DEAL_HEADER = "bot         deals  change/deal (95%)    made  failed"


@attrs.frozen
class Difference:
    """How much more one bot scored than another per deal, on the same cards, with the
    half-width of the 95% confidence interval: ``first`` is ahead when ``mean - margin > 0``."""

    first: str
    second: str
    mean: float
    margin: float

    def __str__(self) -> str:
        return f"{self.first} − {self.second}: {self.mean:+.1f} ± {self.margin:.1f} per deal"


@attrs.frozen
class DuplicateMatch:
    """The results of :func:`duplicate_match`."""

    standings: tuple[DealStanding, ...]
    #: Every pair of bots, in the order of their names.
    differences: tuple[Difference, ...]
    #: For each bot, its mean score change deal by deal (over the seatings it had).
    changes: dict[str, list[float]]


def _results(standing: DealStanding | Standing) -> str:
    """The columns a table row ends with: change per deal and contracts."""
    return (
        f"{standing.mean_change:+9.1f} ± {standing.margin:5.1f} "
        f"{standing.made:7d} {standing.failed:7d}"
    )


def _mean_margin(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not values:
        return 0.0, 0.0
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return statistics.fmean(values), 1.96 * sd / math.sqrt(len(values))


def _seatings(names: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct seating of the named bots (fewer than three names fill the seats in
    turn)."""
    return sorted(set(itertools.permutations([names[i % len(names)] for i in range(3)])))


def _makers(
    names: Sequence[str], makers: Mapping[str, Callable[[int], Bot]] | None
) -> dict[str, Callable[[int], Bot]]:
    known = {**BOTS, **(makers or {})}
    for name in names:
        if name not in known:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(known))})")
    return known


#: What the standings need of a deal's score-sheet row: the changes, the declarer, made.
_Row = tuple[tuple[int, int, int], int, bool | None]


def _row(record: DealRecord) -> _Row:
    return record.changes, record.declarer, record.made


def _duplicate_deal(
    seatings: tuple[tuple[Callable[[int], Bot], ...], ...],
    deal: Deal,
    number: int,
    seed: int,
    rules: Rules | None,
) -> tuple[_Row, ...]:
    """Deal ``number`` of a duplicate match, in each seating (the makers of its bots)."""
    rows = []
    for makers in seatings:
        bots = [make(seed * 7919 + number * 3 + i) for i, make in enumerate(makers)]
        # The same redeals in every seating: drawn from the seed and the deal's number.
        record = play_deal(bots, deal, rules, dealer=number % 3, seed=f"{seed}/{number}")
        rows.append(_row(record))
    return tuple(rows)


def duplicate_match(
    names: Sequence[str],
    deals: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    makers: Mapping[str, Callable[[int], Bot]] | None = None,
    executor: Executor | None = None,
) -> DuplicateMatch:
    """Single deals between the named bots in the duplicate format: each of ``deals`` deals
    from ``seed`` is played once in every seating, from scores of zero, so that every bot
    holds every hand. Names are looked up in ``makers``, then in :data:`BOTS`.

    The deals are spread over ``executor``'s workers (by default played here), each sent as
    its cards, its number, the seed, the rules and the makers of the bots (which must pickle
    for a process pool); the result is the same whatever the executor. ``progress(done,
    total)`` is called as each deal ends."""
    known = _makers(names, makers)
    seatings = _seatings(names)
    unique = list(dict.fromkeys(names))
    _check_executor(executor, {f"the maker of bot {name!r}": known[name] for name in unique})
    by_seat = tuple(tuple(known[name] for name in order) for order in seatings)
    tasks = [
        (by_seat, deal, number, seed, rules)
        for number, deal in zip(range(deals), deal_stream(seed), strict=False)
    ]
    changes: dict[str, list[float]] = {n: [] for n in unique}
    made = dict.fromkeys(unique, 0)
    failed = dict.fromkeys(unique, 0)
    for rows in _spread(_duplicate_deal, tasks, executor, progress):
        totals = dict.fromkeys(unique, 0)
        counts = dict.fromkeys(unique, 0)
        for order, (row_changes, declarer, was_made) in zip(seatings, rows, strict=True):
            for seat, name in enumerate(order):
                totals[name] += row_changes[seat]
                counts[name] += 1
                if declarer == seat and was_made is not None:
                    made[name] += was_made
                    failed[name] += not was_made
        for name in unique:
            changes[name].append(totals[name] / counts[name])
    standings = tuple(
        DealStanding(name, deals, *_mean_margin(changes[name]), made[name], failed[name])
        for name in unique
    )
    differences = tuple(
        Difference(
            a, b, *_mean_margin([x - y for x, y in zip(changes[a], changes[b], strict=True)])
        )
        for a, b in itertools.combinations(unique, 2)
    )
    return DuplicateMatch(standings, differences, changes)


@attrs.frozen
class Standing:
    """One bot's results in a tournament."""

    name: str
    games: int
    wins: int
    deals: int
    #: Mean score change per deal and the half-width of its 95% confidence interval.
    mean_change: float
    margin: float
    made: int
    failed: int

    def row(self) -> str:
        rate = self.wins / self.games if self.games else 0.0
        return f"{self.name:<10} {self.games:6d} {self.wins:6d} {rate:7.1%} {_results(self)}"


#: The header of :meth:`Standing.row`'s table.
HEADER = "bot         games   wins    rate  change/deal (95%)    made  failed"


def _tournament_game(
    makers: tuple[Callable[[int], Bot], ...], game_seed: int, rules: Rules | None
) -> tuple[int | None, tuple[_Row, ...]]:
    """A game of a tournament: its winner and what the standings need of its sheet."""
    bots = [make(game_seed * 3 + seat) for seat, make in enumerate(makers)]
    state = play_game(bots, rules, seed=game_seed, dealer=0)
    return state.winner, tuple(_row(record) for record in state.sheet)


def tournament(
    names: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    makers: Mapping[str, Callable[[int], Bot]] | None = None,
    executor: Executor | None = None,
) -> list[Standing]:
    """Play ``games`` whole games between the named bots (three names, or fewer to fill the
    seats in turn), each seed in every seating of the bots (duplicate format). Names are
    looked up in ``makers`` (your own bots: a name and a function from a seed to a bot), then
    in :data:`BOTS`.

    The games are spread over ``executor``'s workers (by default played here), each sent as
    its seed, the rules and the makers of its bots (which must pickle for a process pool);
    the standings are the same whatever the executor. ``progress(done, total)`` is called as
    each game ends."""
    known = _makers(names, makers)
    seatings = _seatings(names)
    names = list(dict.fromkeys(names))
    _check_executor(executor, {f"the maker of bot {name!r}": known[name] for name in names})
    orders = [seatings[game % len(seatings)] for game in range(games)]
    tasks = [
        (tuple(known[name] for name in order), seed * 100_003 + game // len(seatings), rules)
        for game, order in enumerate(orders)
    ]
    changes: dict[str, list[int]] = {n: [] for n in names}
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    made = dict.fromkeys(names, 0)
    failed = dict.fromkeys(names, 0)
    results = _spread(_tournament_game, tasks, executor, progress)
    for order, (winner, rows) in zip(orders, results, strict=True):
        for seat, name in enumerate(order):
            played[name] += 1
            wins[name] += winner == seat
            for row_changes, declarer, was_made in rows:
                changes[name].append(row_changes[seat])
                if declarer == seat and was_made is not None:
                    made[name] += was_made
                    failed[name] += not was_made
    out = []
    for name in names:
        values = changes[name]
        mean, margin = _mean_margin(values)
        out.append(
            Standing(
                name, played[name], wins[name], len(values), mean, margin, made[name], failed[name]
            )
        )
    return out
