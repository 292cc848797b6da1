"""The speed-up of a solver tournament on worker processes: the same duplicate match (and,
with ``--games``, whole games) played in this process and on a pool of 2 (``--jobs``) worker
processes, timed, checked to give the same result, and printed as a table with the load of
the other processes during each run (the cores they kept busy, from ``/proc/stat``).

    python benchmarks/parallel.py [--deals N] [--games N] [--jobs N] [--repeat N] [--seed S]

The speed-up needs a quiet machine: any other busy process takes a core from the pool.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

import attrs

import thousand as th
from thousand.arena import duplicate_match, tournament


def busy() -> float:
    """Seconds of CPU time the whole machine has spent busy since it started (Linux), or NaN."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except OSError:
        return math.nan
    idle = fields[3] + fields[4]  # idle and waiting for I/O
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def own() -> float:
    """Seconds of CPU time this process and its finished children have used."""
    used = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        used += usage.ru_utime + usage.ru_stime
    return used


def timed(play: Callable[[Executor | None], object], jobs: int) -> tuple[float, float, object]:
    """The time ``play`` takes on ``jobs`` processes (1: in this one, without a pool), the
    pool's start included; the cores that other processes kept busy meanwhile; and what
    ``play`` returns."""
    start, machine, mine = time.perf_counter(), busy(), own()
    if jobs == 1:
        result = play(None)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            result = play(pool)
    seconds = time.perf_counter() - start
    others = (busy() - machine - (own() - mine)) / seconds
    return seconds, max(others, 0.0), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=24, help="duplicate deals (default 24)")
    parser.add_argument(
        "--games", type=int, default=0, help="whole games as well (default 0: none)"
    )
    parser.add_argument(
        "--deals-a-game", type=int, default=4, help="deals a whole game is cut to (default 4)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, median (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = ["solver", "heuristic"]
    rules = th.Rules.classic()
    cut = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=args.deals_a_game))
    workloads: list[tuple[str, int, Callable[[Executor | None], object]]] = []
    if args.deals:
        workloads.append(
            (
                f"duplicate match, {args.deals} deals",
                args.deals,
                lambda pool: duplicate_match(names, args.deals, seed=args.seed, executor=pool),
            )
        )
    if args.games:
        workloads.append(
            (
                f"tournament, {args.games} games of {args.deals_a_game} deals",
                args.games,
                lambda pool: tournament(
                    names, args.games, seed=args.seed, rules=cut, executor=pool
                ),
            )
        )
    print(f"solver vs heuristic; {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f} (1 min)")
    print(
        f"{'workload':40} {'jobs':>4} {'seconds':>8} {'per task':>9} {'speed-up':>9} "
        f"{'others':>7}  same"
    )
    for name, tasks, play in workloads:
        times: dict[int, list[float]] = {1: [], args.jobs: []}
        others: dict[int, list[float]] = {1: [], args.jobs: []}
        results: dict[int, object] = {}
        for _ in range(args.repeat):
            for jobs in times:  # interleaved: a change in the machine's load hits both
                seconds, load, results[jobs] = timed(play, jobs)
                times[jobs].append(seconds)
                others[jobs].append(load)
        base = statistics.median(times[1])
        for jobs, values in times.items():
            seconds = statistics.median(values)
            same = "yes" if results[jobs] == results[1] else "NO"
            print(
                f"{name:40} {jobs:4d} {seconds:8.1f} {seconds / tasks:8.2f}s "
                f"{base / seconds:8.2f}x {max(others[jobs]):7.2f}  {same}"
            )
    print("others: the most cores that other processes kept busy during a run (0 is quiet)")


if __name__ == "__main__":
    main()
