"""Matches between bots: whole games, seeded and reproducible, and tournaments.

The cards of a game come from a stream of whole deals drawn from the seed, apart from the
play, so that the same seed gives the same deals whatever the bots do. Playing the same seed
once in each seating (the duplicate format) cancels the luck of the cards.

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
from .errors import IllegalActionError
from .observation import observe
from .rules import Rules
from .sheet import DealRecord
from .state import State

__all__ = [
    "BOTS",
    "HEADER",
    "Standing",
    "deal_stream",
    "duplicate_deals",
    "play_deal",
    "play_game",
    "tournament",
]

#: The built-in bots by name, each made from a seed.
BOTS: dict[str, Callable[[int], Bot]] = {
    "heuristic": lambda seed: HeuristicBot(random.Random(seed)),
    "random": lambda seed: RandomBot(random.Random(seed)),
    "solver": lambda seed: SolverBot(random.Random(seed), samples=6, time_budget=0.5),
}


def deal_stream(seed: int) -> Iterator[Deal]:
    """Whole deals, uniformly shuffled, from ``seed``."""
    rng = random.Random(seed)
    while True:
        pack = list(PACK)
        rng.shuffle(pack)
        yield Deal((pack[0:7], pack[7:14], pack[14:21]), pack[21:24])


def play_game(
    bots: Sequence[Bot],
    rules: Rules | None = None,
    *,
    seed: int = 0,
    dealer: int = 0,
    scores: tuple[int, int, int] = (0, 0, 0),
) -> State:
    """A whole game: seat ``i`` is played by ``bots[i]``, the deals come from
    :func:`deal_stream` of ``seed``. A bot that answers with an illegal action raises
    :class:`~thousand.IllegalActionError`."""
    if len(bots) != 3:
        raise ValueError(f"a game needs three bots, not {len(bots)}")
    deals = deal_stream(seed)
    state = new_game(rules, dealer=dealer, scores=scores)
    while not state.is_terminal:
        state = apply(state, next(deals)) if state.is_chance else _act(bots, state)
    return state


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
) -> DealRecord:
    """One deal of ``deal``'s cards between the bots; its score-sheet row. A redeal called by a
    bot deals the same cards again."""
    if len(bots) != 3:
        raise ValueError(f"a deal needs three bots, not {len(bots)}")
    state = new_game(rules, dealer=dealer, scores=scores)
    while not state.sheet:
        state = apply(state, deal) if state.is_chance else _act(bots, state)
    return state.sheet[0]


def duplicate_deals(
    names: Sequence[str], deals: int, *, seed: int = 1, rules: Rules | None = None
) -> dict[str, list[float]]:
    """Each of ``deals`` deals played once in every seating of the named bots (duplicate
    format): for each bot, its mean score change per deal, deal by deal, so that the luck of
    the cards cancels out when two bots are compared deal by deal."""
    seats = [names[i % len(names)] for i in range(3)]
    seatings = sorted(set(itertools.permutations(seats)))
    unique = list(dict.fromkeys(names))
    out: dict[str, list[float]] = {n: [] for n in unique}
    stream = deal_stream(seed)
    for number in range(deals):
        deal = next(stream)
        totals = dict.fromkeys(unique, 0)
        counts = dict.fromkeys(unique, 0)
        for order in seatings:
            bots = [BOTS[name](seed * 7919 + number * 3 + i) for i, name in enumerate(order)]
            record = play_deal(bots, deal, rules, dealer=number % 3)
            for seat, name in enumerate(order):
                totals[name] += record.changes[seat]
                counts[name] += 1
        for name in unique:
            out[name].append(totals[name] / counts[name])
    return out


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
        return (
            f"{self.name:<10} {self.games:6d} {self.wins:6d} {rate:7.1%} "
            f"{self.mean_change:+9.1f} ± {self.margin:5.1f} {self.made:7d} {self.failed:7d}"
        )


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
    known = {**BOTS, **(makers or {})}
    for name in names:
        if name not in known:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(known))})")
    seats = [names[i % len(names)] for i in range(3)]
    seatings = sorted(set(itertools.permutations(seats)))
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
        mean = statistics.fmean(values) if values else 0.0
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        margin = 1.96 * sd / math.sqrt(len(values)) if values else 0.0
        out.append(
            Standing(
                name, played[name], wins[name], len(values), mean, margin, made[name], failed[name]
            )
        )
    return out
