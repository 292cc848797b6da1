"""Matches between bots: whole games, seeded and reproducible, and tournaments.

The cards of a game come from a stream of whole deals drawn from the seed, apart from the
play, so that the same seed gives the same deals whatever the bots do. A redeal deals fresh
cards, drawn from the seed, the deal's place in the stream and the number of redeals before
it, never from the seating. A bot made without a random generator gets one drawn from the seed
and its seat (its ``seated`` method; see :mod:`thousand.bots`), so the same seed and bots give
the same game. Playing the same seed once in each seating (the duplicate format) cancels the
luck of the cards.

A game has a bot for each seat of its rules' table: three, or four at a table of four
(``Rules.classic(players=4)``), where the dealer of each deal sits it out (R-FOUR-1). The deals
of the stream are the same there: a :class:`~thousand.Deal` holds the three hands of the active
seats, from the opener (R-FOUR-2), so which seat sits out belongs to the deal, not to the cards.

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
>>> import thousand as th
>>> four = play_game([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()],
...                  th.Rules.classic(players=4), seed=3)
>>> four.is_terminal, len(four.scores), four.sheet[0].sitter
(True, 4, 0)
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
from typing import Any, TypeVar, overload

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
    "format_standings",
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


_COUNTS = {3: "three", 4: "four"}


def _players(rules: Rules | None) -> int:
    """The seats of ``rules``' table (3 for None; anything but a Rules is left to
    :func:`~thousand.new_game` to refuse)."""
    return rules.table.players if isinstance(rules, Rules) else 3


def _check_bots(bots: Sequence[Bot], rules: Rules | None, what: str = "a game") -> None:
    """A bot for each seat of the table, or ValueError."""
    players = _players(rules)
    if len(bots) == players:
        return
    if players == 3:
        message = f"{what} needs three bots, not {len(bots)}"
        if len(bots) == 4:
            message += "; four play at a table of four, such as Rules.classic(players=4)"
    else:
        message = f"{what} at a table of four needs four bots, one a seat, not {len(bots)}"
    raise ValueError(message)


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
    scores: tuple[int, ...] | None = None,
    on_deal: Callable[[DealRecord], None] | None = None,
) -> State:
    """A whole game: seat ``i`` is played by ``bots[i]``, one bot a seat of ``rules``' table
    (three, or four at a table of four), from ``scores`` (zeros by default); the deals come from
    :func:`deal_stream` of ``seed`` (a redeal deals fresh cards drawn from ``seed``); ``on_deal``
    is called with each deal's score-sheet row as it ends. A bot made without a generator gets
    one drawn from ``seed`` and its seat, so that equal calls give equal games. A bot that
    answers with an illegal action raises :class:`~thousand.IllegalActionError`; a deal
    redealt :data:`REDEAL_LIMIT` times in a row, a :class:`~thousand.ThousandError`."""
    _check_bots(bots, rules)
    state = new_game(rules, dealer=dealer, scores=scores)
    key = str(seed)
    return _play(_seated(bots, key), state, deal_stream(seed), key, on_deal=on_deal)


_R = TypeVar("_R")
_S = TypeVar("_S")


@overload
def _spread(
    work: Callable[..., _R],
    tasks: Sequence[tuple[Any, ...]],
    executor: Executor | None,
    progress: Callable[[int, int], None] | None = None,
) -> list[_R]: ...


@overload
def _spread(
    work: Callable[..., _R],
    tasks: Sequence[tuple[Any, ...]],
    executor: Executor | None,
    progress: Callable[[int, int], None] | None,
    then: Callable[[int, _R], _S],
) -> list[_S]: ...


def _spread(
    work: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    executor: Executor | None,
    progress: Callable[[int, int], None] | None = None,
    then: Callable[[int, Any], Any] | None = None,
) -> list[Any]:
    """``work(*task)`` for every task, in the tasks' order, on ``executor`` (in this process
    when None); ``progress(done, total)`` is called here as each one finishes, in whatever
    order they finish, and ``then(index, result)``, when given, before it: what it returns is
    kept in place of the result. The first task to fail raises, and the rest are cancelled."""
    total = len(tasks)
    if executor is None:
        results = []
        for done, task in enumerate(tasks, 1):
            result = work(*task)
            results.append(result if then is None else then(done - 1, result))
            if progress is not None:
                progress(done, total)
        return results
    futures: dict[Future[Any], int] = {
        executor.submit(work, *task): i for i, task in enumerate(tasks)
    }
    found: dict[int, Any] = {}
    try:
        for done, future in enumerate(as_completed(futures), 1):
            index = futures[future]
            result = future.result()
            found[index] = result if then is None else then(index, result)
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
    scores: tuple[int, ...] | None,
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
    scores: tuple[int, ...] | None = None,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[State]:
    """:func:`play_game` for each of ``seeds``, their final states in the seeds' order, the
    games spread over ``executor``'s workers (by default played here, one after another).
    Each game is played by a copy of ``bots`` as given, so that no game depends on another:
    the states are the same whatever the executor. ``progress(done, total)`` is called as each
    game ends. With a process pool the bots must pickle."""
    _check_bots(bots, rules)
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


def _deal_state(
    bots: Sequence[Bot],
    deal: Deal,
    rules: Rules | None,
    dealer: int,
    scores: tuple[int, ...] | None,
    key: str,
) -> State:
    """The state once one deal of ``deal``'s cards is scored, its redeals drawn from ``key``."""
    state = new_game(rules, dealer=dealer, scores=scores)
    return _play(_seated(bots, key), state, itertools.repeat(deal), key, deals=1)


def play_deal(
    bots: Sequence[Bot],
    deal: Deal,
    rules: Rules | None = None,
    *,
    dealer: int = 0,
    scores: tuple[int, ...] | None = None,
    seed: int | str | None = None,
) -> DealRecord:
    """One deal of ``deal``'s cards between the bots (one a seat of the table; at a table of
    four ``dealer`` sits out and ``deal`` holds the active hands from its left,
    R-FOUR-2); its score-sheet row. A redeal called by a
    bot deals fresh cards, and a bot made without a generator gets one, both drawn from
    ``seed`` (by default from ``deal``'s cards), never from the seating: the same call gives
    the same row."""
    _check_bots(bots, rules, "a deal")
    key = str(deal) if seed is None else str(seed)
    return _deal_state(bots, deal, rules, dealer, scores, key).sheet[0]


def duplicate_deals(
    names: Sequence[str], deals: int, *, seed: int = 1, rules: Rules | None = None
) -> dict[str, list[float]]:
    """Each of ``deals`` deals played once in every seating of the named bots over the table's
    seats (duplicate format): for each bot, its mean score change per deal, deal by deal, so
    that the luck of the cards cancels out when two bots are compared deal by deal."""
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

    def row(self, width: int = 10) -> str:
        """The bot's line of the table under :data:`DEAL_HEADER`, its name ``width`` wide."""
        return f"{self.name:<{width}} {self.deals:6d} {_results(self)}"


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
    """The results of :func:`duplicate_match`; :func:`format_standings` prints them."""

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


def _seatings(names: Sequence[str], players: int = 3) -> list[tuple[str, ...]]:
    """Every distinct seating of the named bots over ``players`` seats (fewer names than seats
    fill the seats in turn: ``a, b`` at four is ``a, b, a, b``), in order. ValueError for no
    name or more names than seats."""
    if not 1 <= len(names) <= players:
        count = _COUNTS.get(players, str(players))
        given = f"{len(names)} bots for the {count} seats of the table" if names else "no bots"
        more = "; four play at a table of four, such as Rules.classic(players=4)"
        raise ValueError(
            f"{given}: give one to {count} names, which fill the seats in turn"
            + (more if players == 3 and len(names) == 4 else "")
        )
    seated = [names[i % len(names)] for i in range(players)]
    return sorted(set(itertools.permutations(seated)))


def _makers(
    names: Sequence[str], makers: Mapping[str, Callable[[int], Bot]] | None
) -> dict[str, Callable[[int], Bot]]:
    known = {**BOTS, **(makers or {})}
    for name in names:
        if name not in known:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(known))})")
    return known


#: What the standings need of a deal's score-sheet row: the changes, the declarer, made.
_Row = tuple[tuple[int, ...], int, bool | None]


def _row(record: DealRecord) -> _Row:
    return record.changes, record.declarer, record.made


def _duplicate_states(
    seatings: tuple[tuple[Callable[[int], Bot], ...], ...],
    deal: Deal,
    number: int,
    seed: int,
    rules: Rules | None,
) -> tuple[State, ...]:
    """Deal ``number`` of a duplicate match, in each seating (the makers of its bots): the
    state once it is scored. The dealer is the deal's, ``number`` mod the seats, in every
    seating: at a table of four the same seat sits out and the same seats hold the same hands
    (R-FOUR-2); the bots go round them."""
    states = []
    players = _players(rules)
    for makers in seatings:
        bots = [make(seed * 7919 + number * players + i) for i, make in enumerate(makers)]
        # The same redeals in every seating: drawn from the seed and the deal's number.
        dealer = number % players
        states.append(_deal_state(bots, deal, rules, dealer, None, f"{seed}/{number}"))
    return tuple(states)


def _duplicate_deal(
    seatings: tuple[tuple[Callable[[int], Bot], ...], ...],
    deal: Deal,
    number: int,
    seed: int,
    rules: Rules | None,
) -> tuple[_Row, ...]:
    """What the standings need of deal ``number`` in each seating: all a worker sends back."""
    states = _duplicate_states(seatings, deal, number, seed, rules)
    return tuple(_row(state.sheet[0]) for state in states)


def _kept_duplicate_deal(
    seatings: tuple[tuple[Callable[[int], Bot], ...], ...],
    deal: Deal,
    number: int,
    seed: int,
    rules: Rules | None,
) -> tuple[tuple[_Row, ...], tuple[State, ...]]:
    """:func:`_duplicate_deal` and the states themselves, for ``on_game``."""
    states = _duplicate_states(seatings, deal, number, seed, rules)
    return tuple(_row(state.sheet[0]) for state in states), states


def duplicate_match(
    names: Sequence[str],
    deals: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    makers: Mapping[str, Callable[[int], Bot]] | None = None,
    executor: Executor | None = None,
    on_game: Callable[[int, tuple[str, ...], State], None] | None = None,
) -> DuplicateMatch:
    """Single deals between the named bots in the duplicate format: each of ``deals`` deals
    from ``seed`` is played once in every seating of the bots over the table's seats (one to
    three names, or four at a table of four; fewer than the seats fill them in turn), from
    scores of zero, so that every bot holds every hand. Deal ``n`` is dealt by seat ``n`` mod
    the seats in each of its seatings; at a table of four that seat sits out, so every bot also
    sits out the deal in some seatings, and its change per deal is the mean over all of them,
    the sitter's talon score (R-FOUR-3) included. Names are looked up in ``makers``, then in
    :data:`BOTS`.

    The deals are spread over ``executor``'s workers (by default played here), each sent as
    its cards, its number, the seed, the rules and the makers of the bots (which must pickle
    for a process pool); the result is the same whatever the executor. ``progress(done,
    total)`` is called as each deal ends. ``on_game(number, seating, state)``, when given, is
    called here with each deal in each of its seatings, in the seatings' order, as the deal
    ends: its number (from 0), the names of its bots seat by seat and the state once it is
    scored (for :func:`thousand.records.dump`); the workers then send the states back too."""
    known = _makers(names, makers)
    seatings = _seatings(names, _players(rules))
    unique = list(dict.fromkeys(names))
    _check_executor(executor, {f"the maker of bot {name!r}": known[name] for name in unique})
    by_seat = tuple(tuple(known[name] for name in order) for order in seatings)
    tasks = [
        (by_seat, deal, number, seed, rules)
        for number, deal in zip(range(deals), deal_stream(seed), strict=False)
    ]
    if on_game is None:
        results = _spread(_duplicate_deal, tasks, executor, progress)
    else:
        shown_to = on_game

        def kept(number: int, result: tuple[tuple[_Row, ...], tuple[State, ...]]) -> Any:
            rows, states = result
            for order, state in zip(seatings, states, strict=True):
                shown_to(number, order, state)
            return rows

        results = _spread(_kept_duplicate_deal, tasks, executor, progress, kept)
    changes: dict[str, list[float]] = {n: [] for n in unique}
    made = dict.fromkeys(unique, 0)
    failed = dict.fromkeys(unique, 0)
    for rows in results:
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
    """One bot's results in a tournament. A bot that fills two seats of a game counts that
    game once: ``games`` are the games it played, ``wins`` those won by one of its seats,
    ``deals`` the deals of its games (at a table of four, the deals it sat out too, each with
    its talon score, R-FOUR-3)."""

    name: str
    games: int
    wins: int
    deals: int
    #: Mean score change per deal (of one of its seats: in a game where it holds two, the mean
    #: of the two) and the half-width of its 95% confidence interval.
    mean_change: float
    margin: float
    #: The contracts it made and failed as declarer (deals given up count in neither).
    made: int
    failed: int

    @property
    def rate(self) -> float:
        """The share of its games that it won (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def row(self, width: int = 10) -> str:
        """The bot's line of the table under :data:`HEADER`, its name ``width`` wide."""
        games, wins, rate = self.games, self.wins, self.rate
        return f"{self.name:<{width}} {games:6d} {wins:6d} {rate:7.1%} {_results(self)}"


#: The header of :meth:`Standing.row`'s table.
HEADER = "bot         games   wins    rate  change/deal (95%)    made  failed"


def format_standings(result: Sequence[Standing] | DuplicateMatch) -> str:
    """The table of a :func:`tournament`'s standings, or of a :func:`duplicate_match` with its
    differences under it, as ``python -m thousand tournament`` prints it (no final newline).
    The names' column is as wide as the longest name, 10 at least.

    >>> from thousand.arena import format_standings, tournament
    >>> print(format_standings(tournament(["heuristic", "random"], 3, seed=2)))
    bot         games   wins    rate  change/deal (95%)    made  failed
    heuristic       3      3  100.0%     +44.4 ±  10.0      17       4
    random          3      0    0.0%     -84.8 ±  22.5       1      38
    """
    if isinstance(result, DuplicateMatch):
        width = _width(result.standings)
        lines = [_header(DEAL_HEADER, width), *(s.row(width) for s in result.standings)]
        if result.differences:
            lines.append("")
        lines.extend(f"{difference} (95%)" for difference in result.differences)
        return "\n".join(lines)
    if isinstance(result, str | bytes) or not isinstance(result, Sequence):
        raise TypeError(
            "format_standings takes the standings of tournament() or the DuplicateMatch of "
            f"duplicate_match(), not {shown(result)}"
        )
    for standing in result:
        if not isinstance(standing, Standing):
            raise TypeError(f"a standing of tournament() is a Standing, not {shown(standing)}")
    width = _width(result)
    return "\n".join([_header(HEADER, width), *(standing.row(width) for standing in result)])


def _width(standings: Sequence[Standing | DealStanding]) -> int:
    return max([10, *(len(standing.name) for standing in standings)])


def _header(header: str, width: int) -> str:
    """A table's header over a names' column ``width`` wide, not 10."""
    return f"{'bot':<{width}}{header[10:]}"


def _game_state(
    makers: tuple[Callable[[int], Bot], ...], game_seed: int, rules: Rules | None
) -> State:
    bots = [make(game_seed * len(makers) + seat) for seat, make in enumerate(makers)]
    return play_game(bots, rules, seed=game_seed, dealer=0)


def _tournament_game(
    makers: tuple[Callable[[int], Bot], ...], game_seed: int, rules: Rules | None
) -> tuple[int | None, tuple[_Row, ...]]:
    """A game of a tournament: its winner and what the standings need of its sheet, all a
    worker sends back."""
    state = _game_state(makers, game_seed, rules)
    return state.winner, tuple(_row(record) for record in state.sheet)


def _kept_game(
    makers: tuple[Callable[[int], Bot], ...], game_seed: int, rules: Rules | None
) -> tuple[tuple[int | None, tuple[_Row, ...]], State]:
    """:func:`_tournament_game` and the final state itself, for ``on_game``."""
    state = _game_state(makers, game_seed, rules)
    return (state.winner, tuple(_row(record) for record in state.sheet)), state


def tournament(
    names: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    makers: Mapping[str, Callable[[int], Bot]] | None = None,
    executor: Executor | None = None,
    on_game: Callable[[int, tuple[str, ...], State], None] | None = None,
) -> list[Standing]:
    """Play ``games`` whole games between the named bots (a name a seat of the table: three,
    or four at a table of four; or fewer to fill the seats in turn), each seed in every
    seating of the bots (duplicate format). Names are
    looked up in ``makers`` (your own bots: a name and a function from a seed to a bot), then
    in :data:`BOTS`. :func:`format_standings` prints the standings as a table.

    The games are spread over ``executor``'s workers (by default played here), each sent as
    its seed, the rules and the makers of its bots (which must pickle for a process pool);
    the standings are the same whatever the executor. ``progress(done, total)`` is called as
    each game ends. ``on_game(number, seating, state)``, when given, is called here as each
    game ends (in the order they end): its number (from 0), the names of its bots seat by
    seat and its final state (for :func:`thousand.records.dump`); the workers then send the
    states back too."""
    known = _makers(names, makers)
    seatings = _seatings(names, _players(rules))
    names = list(dict.fromkeys(names))
    _check_executor(executor, {f"the maker of bot {name!r}": known[name] for name in names})
    orders = [seatings[game % len(seatings)] for game in range(games)]
    tasks = [
        (tuple(known[name] for name in order), seed * 100_003 + game // len(seatings), rules)
        for game, order in enumerate(orders)
    ]
    if on_game is None:
        results = _spread(_tournament_game, tasks, executor, progress)
    else:
        shown_to = on_game

        def kept(game: int, result: tuple[tuple[int | None, tuple[_Row, ...]], State]) -> Any:
            shown_to(game, orders[game], result[1])
            return result[0]

        results = _spread(_kept_game, tasks, executor, progress, kept)
    changes: dict[str, list[float]] = {n: [] for n in names}
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    made = dict.fromkeys(names, 0)
    failed = dict.fromkeys(names, 0)
    for order, (winner, rows) in zip(orders, results, strict=True):
        # A bot in two seats plays the game once: one game, one win at most, and per deal
        # the mean change of its seats.
        for name in dict.fromkeys(order):
            seats = [seat for seat, held in enumerate(order) if held == name]
            played[name] += 1
            wins[name] += winner in seats
            for row_changes, declarer, was_made in rows:
                changes[name].append(statistics.fmean(row_changes[seat] for seat in seats))
                if declarer in seats and was_made is not None:
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
