"""What one step costs: ``legal_actions`` and ``apply`` apart, by the kind of step.

Collects the states and the uniformly random actions of ``--deals`` random first deals of a
game (chance included, as ``playout.py`` plays them), groups them by the phase of the state
(a play also by the number of cards already on the table, and the deal's last card, which
scores it, apart), then times ``legal_actions`` over each group and ``apply`` of its action,
the best of ``--repeat`` passes. The table gives ns per call, how many such steps a deal has,
and µs per deal: what to make cheaper first. The figures leave out the driver's own cost
(the random choice, the loop), which ``playout.py`` includes.

    python benchmarks/steps.py [--rules classic] [--deals N] [--repeat R] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

import thousand as th

LAST = "last card"


def kind(state: th.State) -> str:
    """The group of a step: its phase, and for a play the cards already on the table."""
    if state.phase is not th.Phase.PLAYING:
        return str(state.phase)
    if state.tricks_played == 7 and len(state.trick) == 2:
        return LAST
    return f"play, {len(state.trick)} on the table"


def collect(rules: th.Rules, deals: int, seed: int) -> dict[str, list[tuple[th.State, th.Action]]]:
    """The steps of ``deals`` random first deals, grouped by :func:`kind`."""
    rng = random.Random(seed)
    groups: defaultdict[str, list[tuple[th.State, th.Action]]] = defaultdict(list)
    for _ in range(deals):
        state = th.new_game(rules)
        while state.deal_number == 1 and not state.is_terminal:
            action = rng.choice(th.legal_actions(state))
            groups[kind(state)].append((state, action))
            state = th.apply(state, action)
    return groups


def best(steps: list[tuple[th.State, th.Action]], repeat: int) -> tuple[float, float]:
    """The best ns per call of ``legal_actions`` and of ``apply`` over ``steps``."""
    legal, apply, clock = th.legal_actions, th.apply, time.perf_counter
    legal_ns = apply_ns = float("inf")
    for _ in range(repeat):
        start = clock()
        for state, _action in steps:
            legal(state)
        middle = clock()
        for state, action in steps:
            apply(state, action)
        end = clock()
        legal_ns = min(legal_ns, (middle - start) / len(steps) * 1e9)
        apply_ns = min(apply_ns, (end - middle) / len(steps) * 1e9)
    return legal_ns, apply_ns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="classic", choices=("classic", "standard"))
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    groups = collect(getattr(th.Rules, args.rules)(), args.deals, args.seed)
    print(f"{args.rules}: ns per call, best of {args.repeat} passes over {args.deals} deals")
    print(f"{'step':22}{'per deal':>9}{'legal':>9}{'apply':>9}{'µs/deal':>9}")
    total = 0.0
    for name, steps in groups.items():
        per_deal = len(steps) / args.deals
        legal_ns, apply_ns = best(steps, args.repeat)
        micros = per_deal * (legal_ns + apply_ns) / 1000
        total += micros
        print(f"{name:22}{per_deal:9.1f}{legal_ns:9.0f}{apply_ns:9.0f}{micros:9.1f}")
    print(f"{'total':22}{'':27}{total:9.1f}")


if __name__ == "__main__":
    main()
