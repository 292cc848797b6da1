"""Playout speed: uniformly random complete deals, chance included.

Every step calls ``legal_actions`` and ``apply`` on a uniformly random legal action, as a bot
or a Monte Carlo search would. Prints deals per second and applied actions per second, the
median of five runs, for the classic and the standard rules.

    python benchmarks/playout.py [--deals N] [--runs R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import thousand as th


def run(rules: th.Rules, deals: int, seed: int) -> tuple[float, float]:
    """Play ``deals`` complete deals; return (deals per second, actions per second)."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for name, rules in (("classic", th.Rules.classic()), ("standard", th.Rules.standard())):
        results = [run(rules, args.deals, seed) for seed in range(args.runs)]
        deals = statistics.median(r[0] for r in results)
        actions = statistics.median(r[1] for r in results)
        print(f"{name:8}  {deals:8.0f} deals/s  {actions:9.0f} actions/s  (median of {args.runs})")


if __name__ == "__main__":
    main()
