"""Playout speed: uniformly random complete deals, chance included, beside OpenSpiel's C++.

Every step calls ``legal_actions`` and ``apply`` on a uniformly random legal action, as a bot
or a Monte Carlo search would; a chance node's outcome is drawn the same way. Each round plays
``--deals`` deals of Thousand and, when OpenSpiel is installed, as many random games of its
C++ ``oh_hell`` (three players, driven from Python through ``pyspiel``: ``legal_actions`` or
``chance_outcomes``, then ``apply_action``). The rounds alternate the two engines in one
process, so that the machine's load falls on both alike, and every other round the peer runs
first, so that an order effect favours neither; the table gives the medians over the rounds and
the median of the per-round ratios (Thousand's deals per second over ``oh_hell``'s games per
second), with the middle half of those ratios (their quartiles), which shows how far the host
moves them. Each preset is also played at a table of four (``--players 3,4``, the default): the
last lines give what a four-player deal costs over a three-player one, the median of the
per-round ratios of their deals per second (issue #13 asks at most +10%). A line gives the
share of Thousand's time that Python's garbage collector takes (``gc.callbacks``): a cost of
the containers each step leaves alive (a deal's states, which keep one another until the deal
ends), which a single-step timing such as ``steps.py`` does not see.

    python benchmarks/playout.py [--deals N] [--rounds R] [--rules classic,standard]
                                 [--players 3,4]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import thousand as th

Measure = Callable[[int, int], tuple[float, float]]


def thousand_deals(rules: th.Rules) -> Measure:
    """A measure of ``deals`` random complete deals under ``rules``."""

    def run(deals: int, seed: int) -> tuple[float, float]:
        rng = random.Random(seed)
        choice = rng.choice
        legal = th.legal_actions
        apply = th.apply
        actions = 0
        done = 0
        state = th.new_game(rules)
        start = time.perf_counter()
        while done < deals:
            number = state.deal_number
            while state.deal_number == number and not state.is_terminal:
                state = apply(state, choice(legal(state)))
                actions += 1
            done += 1
            if state.is_terminal:
                state = th.new_game(rules)
        elapsed = time.perf_counter() - start
        return done / elapsed, actions / elapsed

    return run


@contextlib.contextmanager
def collector_time() -> Iterator[list[float]]:
    """The seconds the garbage collector runs inside the ``with`` block, in a one-item list."""
    spent = [0.0]
    began = [0.0]

    def clock(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            spent[0] += time.perf_counter() - began[0]

    gc.callbacks.append(clock)
    try:
        yield spent
    finally:
        gc.callbacks.remove(clock)


def oh_hell_games() -> Measure | None:
    """A measure of random complete games of OpenSpiel's ``oh_hell``; None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game: Any = pyspiel.load_game("oh_hell")

    def run(games: int, seed: int) -> tuple[float, float]:
        rng = random.Random(seed)
        choice = rng.choice
        actions = 0
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = choice(state.chance_outcomes())[0]
                else:
                    action = choice(state.legal_actions())
                state.apply_action(action)
                actions += 1
        elapsed = time.perf_counter() - start
        return games / elapsed, actions / elapsed

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000, help="deals (and games) per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--rules", default="classic,standard")
    parser.add_argument("--players", default="3,4", help="table sizes: 3, 4 or 3,4")
    args = parser.parse_args()
    sizes = [int(n) for n in args.players.split(",")]
    peer = oh_hell_games()
    header = f"{'':10}{'deals/s':>10}{'actions/s':>12}"
    if peer is not None:
        header += f"{'oh_hell games/s':>17}{'actions/s':>12}{'ratio':>8}{'middle half':>14}"
    print(header)
    costs: list[str] = []
    collectors: list[str] = []
    for name in args.rules.split(","):
        ours = {n: thousand_deals(getattr(th.Rules, name)(players=n)) for n in sizes}
        mine: dict[int, list[tuple[float, float]]] = {n: [] for n in sizes}
        theirs: list[tuple[float, float]] = []
        collected = elapsed = 0.0
        for seed in range(args.rounds):
            # Every other round the peer goes first, so that neither engine always runs while
            # the machine settles after the other (the rounds' order effects cancel out).
            if peer is not None and seed % 2:
                theirs.append(peer(args.deals, seed))
            for n in sizes:
                with collector_time() as spent:
                    mine[n].append(ours[n](args.deals, seed))
                collected += spent[0]
                elapsed += args.deals / mine[n][-1][0]
            if peer is not None and not seed % 2:
                theirs.append(peer(args.deals, seed))
        for n in sizes:
            label = name if n == 3 else f"{name} (4)"
            line = (
                f"{label:10}{statistics.median(r[0] for r in mine[n]):10.0f}"
                f"{statistics.median(r[1] for r in mine[n]):12.0f}"
            )
            if theirs:
                pairs = zip(mine[n], theirs, strict=True)
                ratios = [a[0] / b[0] for a, b in pairs]
                ratio = statistics.median(ratios)
                low = high = ratio  # (one round has no quartiles)
                if len(ratios) > 1:
                    low, _, high = statistics.quantiles(ratios, n=4, method="inclusive")
                line += (
                    f"{statistics.median(r[0] for r in theirs):17.0f}"
                    f"{statistics.median(r[1] for r in theirs):12.0f}{ratio:8.2f}"
                    f"{f'{low:.2f}-{high:.2f}':>14}"
                )
            print(line)
        collectors.append(f"{name} {collected / elapsed:.1%}")
        if sizes == [3, 4]:
            pairs = zip(mine[3], mine[4], strict=True)
            extra = statistics.median(three[0] / four[0] for three, four in pairs) - 1
            costs.append(f"{name} {extra:+.1%}")
    rounds = f"{args.rounds} interleaved rounds of {args.deals}"
    print(f"(medians of {rounds}; ratio: Thousand's deals/s to oh_hell's games/s)")
    print("Thousand's time in the garbage collector: " + ", ".join(collectors))
    if costs:
        print("a four-player deal costs over a three-player one: " + ", ".join(costs))


if __name__ == "__main__":
    main()
