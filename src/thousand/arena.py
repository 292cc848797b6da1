"""Matches between bots: whole games, seeded and reproducible, and tournaments.

The cards of a game come from a stream of whole deals drawn from the seed, apart from the
play, so that the same seed gives the same deals whatever the bots do. A redeal deals fresh
cards, drawn from the seed, the deal's place in the stream and the number of redeals before
it, never from the seating. A bot made without a random generator gets one drawn from the seed
and its seat (its ``seated`` method; see :mod:`thousand.bots`), so the same seed and bots give
the same game. Playing the same seed once in each seating (the duplicate format) cancels the
luck of the cards.

>>> from thousand.arena import play_game
>>> from thousand.bots import HeuristicBot, RandomBot
>>> state = play_game([HeuristicBot(), RandomBot(), RandomBot()], seed=3)
>>> state.is_terminal, len(state.sheet) == state.deal_number
(True, True)
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

from .actions import Deal
from .bots import Bot, HeuristicBot, RandomBot, SolverBot
from .cards import PACK
from .engine import apply, legal_actions, new_game
from .errors import IllegalActionError, ThousandError
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
    "tournament",
]

#: The built-in bots by name, each made from a seed.
BOTS: dict[str, Callable[[int], Bot]] = {
    "heuristic": lambda seed: HeuristicBot(random.Random(seed)),
    "random": lambda seed: RandomBot(random.Random(seed)),
    "solver": lambda seed: SolverBot(random.Random(seed), samples=6),
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


def duplicate_match(
    names: Sequence[str],
    deals: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    makers: Mapping[str, Callable[[int], Bot]] | None = None,
) -> DuplicateMatch:
    """Single deals between the named bots in the duplicate format: each of ``deals`` deals
    from ``seed`` is played once in every seating, from scores of zero, so that every bot
    holds every hand. Names are looked up in ``makers``, then in :data:`BOTS`."""
    known = _makers(names, makers)
    seatings = _seatings(names)
    unique = list(dict.fromkeys(names))
    changes: dict[str, list[float]] = {n: [] for n in unique}
    made = dict.fromkeys(unique, 0)
    failed = dict.fromkeys(unique, 0)
    stream = deal_stream(seed)
    for number in range(deals):
        deal = next(stream)
        totals = dict.fromkeys(unique, 0)
        counts = dict.fromkeys(unique, 0)
        for order in seatings:
            bots = [known[name](seed * 7919 + number * 3 + i) for i, name in enumerate(order)]
            # The same redeals in every seating: drawn from the seed and the deal's number.
            record = play_deal(bots, deal, rules, dealer=number % 3, seed=f"{seed}/{number}")
            for seat, name in enumerate(order):
                totals[name] += record.changes[seat]
                counts[name] += 1
                if record.declarer == seat and record.made is not None:
                    made[name] += record.made
                    failed[name] += not record.made
        for name in unique:
            changes[name].append(totals[name] / counts[name])
        if progress is not None:
            progress(number + 1, deals)
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


def tournament(
    names: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    makers: Mapping[str, Callable[[int], Bot]] | None = None,
) -> list[Standing]:
    """Play ``games`` whole games between the named bots (three names, or fewer to fill the
    seats in turn), each seed in every seating of the bots (duplicate format). Names are
    looked up in ``makers`` (your own bots: a name and a function from a seed to a bot), then
    in :data:`BOTS`."""
    known = _makers(names, makers)
    seatings = _seatings(names)
    names = list(dict.fromkeys(names))
    changes: dict[str, list[int]] = {n: [] for n in names}
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    made = dict.fromkeys(names, 0)
    failed = dict.fromkeys(names, 0)
    for game in range(games):
        order = seatings[game % len(seatings)]
        game_seed = seed * 100_003 + game // len(seatings)
        bots = [known[name](game_seed * 3 + i) for i, name in enumerate(order)]
        state = play_game(bots, rules, seed=game_seed, dealer=0)
        for seat, name in enumerate(order):
            played[name] += 1
            wins[name] += state.winner == seat
            for record in state.sheet:
                changes[name].append(record.changes[seat])
                if record.declarer == seat and record.made is not None:
                    made[name] += record.made
                    failed[name] += not record.made
        if progress is not None:
            progress(game + 1, games)
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
