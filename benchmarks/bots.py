"""SolverBot: how long its decisions take, and how it scores against the SolverBot of 0.1.

Decision times: ``--deals`` deals (classic rules) between three ``SolverBot()`` with their
defaults and no time budget, each decision timed; the table gives the median, the 90th
percentile and the slowest of each kind of decision (a play, a call in the auction with a
choice to make, the contract), over every decision and over those with more than one legal
action.

Strength: ``--strength`` duplicate deals (``thousand.arena.duplicate_match``) between
``SolverBot()`` and :class:`HeadSolverBot`, a frozen copy of the SolverBot of version 0.1 (8
draws per decision, confidence 0.6, caution 20, a full solve of every draw in the play),
and the mean difference per deal with its 95% interval. ``--jobs`` splits the deals over
processes, each with its own seed; the differences of all their deals are pooled.

    python benchmarks/bots.py [--deals N] [--strength N] [--jobs J] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Self

import attrs

import thousand as th
from thousand.arena import deal_stream, duplicate_match, play_deal
from thousand.bots import Bot, HeuristicBot, SolverBot, cheapest_give
from thousand.determinize import sample_state
from thousand.solver import can_make, solve

KINDS = ("play", "auction", "contract")


@attrs.define
class HeadSolverBot:
    """The SolverBot of version 0.1, frozen for comparison: ``samples`` draws per decision; in
    the play, the action optimal in the most draws (each draw fully solved); in the auction, the
    lowest bid when it can make it plus ``caution`` in at least ``confidence`` of the draws; as
    declarer, the contract that scores best over the draws. Elsewhere its heuristic decides."""

    rng: random.Random | None = None
    samples: int = 8
    confidence: float = 0.6
    caution: int = 20
    heuristic: HeuristicBot = attrs.field()

    @heuristic.default
    def _heuristic(self) -> HeuristicBot:
        return HeuristicBot(self.rng)

    def seated(self, rng: random.Random) -> Self:
        if self.rng is not None and self.heuristic.rng is not None:
            return self
        own = rng if self.rng is None else self.rng
        return attrs.evolve(self, rng=own, heuristic=self.heuristic.seated(own))

    def act(self, observation: th.Observation) -> th.Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[-1], th.Redeal) and self.heuristic.wants_redeal(observation):
            return legal[-1]
        if observation.phase is th.Phase.PLAYING:
            return self._play(observation)
        if observation.phase is th.Phase.BIDDING and th.Pass() in legal:
            return self._bid(observation)
        if observation.phase is th.Phase.CONTRACT:
            return self._contract(observation)
        return self.heuristic.act(observation)

    def _draws(self, observation: th.Observation) -> Iterator[th.State]:
        assert self.rng is not None
        for _ in range(max(1, self.samples)):
            yield sample_state(observation, self.rng)

    def _play(self, observation: th.Observation) -> th.Action:
        legal = observation.legal_actions
        votes = dict.fromkeys(legal, 0.0)
        for draw in self._draws(observation):
            best = solve(draw).best
            for action in best:
                votes[action] += 1 / len(best)
        return max(legal, key=lambda a: votes[a])

    def _bid(self, observation: th.Observation) -> th.Action:
        bids = [a for a in observation.legal_actions if isinstance(a, th.Bid)]
        if not bids:
            return th.Pass()
        bid = min(bids, key=lambda a: a.value)
        made = tried = 0
        for draw in self._draws(observation):
            lead = _lead_as_declarer(draw, observation.seat, bid)
            if lead is not None:
                tried += 1
                made += can_make(lead, bid.value + self.caution)
        return bid if tried and made >= self.confidence * tried else th.Pass()

    def _contract(self, observation: th.Observation) -> th.Action:
        contracts = sorted(
            (a for a in observation.legal_actions if isinstance(a, th.Contract)),
            key=lambda a: a.value,
        )
        totals = [0] * len(contracts)
        for draw in self._draws(observation):
            lead = th.apply(draw, contracts[0])
            if lead.phase is not th.Phase.PLAYING:
                continue
            made = _highest_made(lead, [c.value + self.caution for c in contracts])
            for i, contract in enumerate(contracts):
                totals[i] += contract.value if i <= made else -contract.value
        best = max(range(len(contracts)), key=lambda i: (totals[i], -i))
        return contracts[best]


def _highest_made(state: th.State, values: Sequence[int]) -> int:
    low, high = -1, len(values) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if can_make(state, values[middle]):
            low = middle
        else:
            high = middle - 1
    return low


def _lead_as_declarer(state: th.State, seat: int, bid: th.Bid) -> th.State | None:
    state = th.apply(state, bid)
    while state.phase is not th.Phase.PLAYING:
        mover = state.to_move
        if mover is None:
            return None
        legal = th.legal_actions(state)
        if mover != seat:
            if th.Pass() not in legal:
                return None
            action: th.Action = th.Pass()
        elif state.phase is th.Phase.GIVING:
            action = cheapest_give(state.hands[seat], legal)
        elif state.phase is th.Phase.CONTRACT:
            action = min((a for a in legal if isinstance(a, th.Contract)), key=lambda a: a.value)
        else:
            return None
        state = th.apply(state, action)
    return state if state.declarer == seat else None


@attrs.define
class Timed:
    """A bot whose decisions are timed, by kind, into ``times`` (kind, choice, seconds)."""

    bot: Bot
    times: list[tuple[str, bool, float]]

    def seated(self, rng: random.Random) -> Timed:
        seated = getattr(self.bot, "seated", None)
        return self if seated is None else attrs.evolve(self, bot=seated(rng))

    def act(self, observation: th.Observation) -> th.Action:
        start = time.perf_counter()
        action = self.bot.act(observation)
        elapsed = time.perf_counter() - start
        phase = observation.phase
        kind = {
            th.Phase.PLAYING: "play",
            th.Phase.BIDDING: "auction",
            th.Phase.CONTRACT: "contract",
        }.get(phase, "other")
        self.times.append((kind, len(observation.legal_actions) > 1, elapsed))
        return action


def decision_times(deals: int, seed: int) -> list[tuple[str, bool, float]]:
    """Every decision of three default SolverBots over ``deals`` deals from ``seed``."""
    times: list[tuple[str, bool, float]] = []
    stream = deal_stream(seed)
    for number in range(deals):
        bots = [
            Timed(SolverBot(random.Random(seed * 1000 + number * 3 + i)), times) for i in range(3)
        ]
        play_deal(
            bots, next(stream), th.Rules.classic(), dealer=number % 3, seed=f"{seed}/{number}"
        )
    return times


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_table(times: list[tuple[str, bool, float]]) -> list[str]:
    rows = [f"{'decision':<10} {'which':<8} {'count':>6} {'median':>9} {'p90':>9} {'slowest':>9}"]
    for kind in KINDS:
        for which, chosen in (("all", None), ("choice", True)):
            values = [t for k, c, t in times if k == kind and (chosen is None or c)]
            if not values:
                continue
            rows.append(
                f"{kind:<10} {which:<8} {len(values):6d} "
                f"{statistics.median(values) * 1000:7.1f}ms {_quantile(values, 0.9) * 1000:7.1f}ms "
                f"{max(values) * 1000:7.1f}ms"
            )
    return rows


def _strength(args: tuple[int, int]) -> list[float]:
    """The per-deal differences, SolverBot() minus HeadSolverBot, over ``deals`` from ``seed``."""
    deals, seed = args
    makers: dict[str, Callable[[int], Bot]] = {
        "solver": lambda s: SolverBot(random.Random(s)),
        "head": lambda s: HeadSolverBot(random.Random(s)),
    }
    match = duplicate_match(["solver", "head"], deals, seed=seed, makers=makers)
    return [a - b for a, b in zip(match.changes["solver"], match.changes["head"], strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20, help="deals to time (default 20)")
    parser.add_argument("--strength", type=int, default=0, help="duplicate deals (e.g. 300)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the duplicate deals")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.deals:
        start = time.perf_counter()
        times = decision_times(args.deals, args.seed)
        print(
            f"SolverBot() decisions over {args.deals} deals ({time.perf_counter() - start:.0f} s):"
        )
        print("\n".join(time_table(times)))
    if args.strength:
        jobs = max(1, args.jobs)
        shares = [args.strength // jobs + (i < args.strength % jobs) for i in range(jobs)]
        start = time.perf_counter()
        with ProcessPoolExecutor(jobs) as pool:
            parts = pool.map(_strength, [(n, args.seed + i) for i, n in enumerate(shares) if n])
            differences = [d for part in parts for d in part]
        mean = statistics.fmean(differences)
        margin = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
        print(
            f"SolverBot() - HeadSolverBot: {mean:+.1f} ± {margin:.1f} points per deal "
            f"(95% interval {mean - margin:+.1f} to {mean + margin:+.1f}), "
            f"{len(differences)} duplicate deals ({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()
