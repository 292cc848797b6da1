"""Solver speed from the first lead: 50 random deals, classic rules.

Each deal is bid and given by the heuristic bots, then solved from the declarer's first lead:
a full solve (value and every optimal action) and ``can_make(state, contract)``. Prints the
median, the 90th percentile and the slowest time of each.

    python benchmarks/solver.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import thousand as th
from thousand.arena import deal_stream
from thousand.bots import HeuristicBot
from thousand.solver import can_make, solve


def first_leads(deals: int, seed: int) -> list[th.State]:
    """Positions at the first lead of ``deals`` random deals."""
    out: list[th.State] = []
    stream = deal_stream(seed)
    bots = [HeuristicBot(random.Random(seed + i)) for i in range(3)]
    while len(out) < deals:
        state = th.apply(th.new_game(dealer=len(out) % 3), next(stream))
        while state.phase is not th.Phase.PLAYING:
            seat = state.to_move
            assert seat is not None
            state = th.apply(state, bots[seat].act(th.observe(state, seat)))
        out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    full, null = [], []
    for state in first_leads(args.deals, args.seed):
        start = time.perf_counter()
        solve(state)
        full.append(time.perf_counter() - start)
        assert state.contract is not None
        start = time.perf_counter()
        can_make(state, state.contract)
        null.append(time.perf_counter() - start)
    for name, times in (("solve", full), ("can_make(contract)", null)):
        p90 = sorted(times)[int(0.9 * len(times))]
        print(
            f"{name:20} median {statistics.median(times) * 1000:8.1f} ms   "
            f"p90 {p90 * 1000:8.1f} ms   "
            f"slowest {max(times) * 1000:8.1f} ms   ({len(times)} deals)"
        )


if __name__ == "__main__":
    main()
