"""What one step costs: ``legal_actions`` and ``apply`` apart, by the kind of step.

Collects the states and the uniformly random actions of ``--deals`` random first deals of a
game (chance included, as ``playout.py`` plays them), groups them by the phase of the state
(a play also by the number of cards already on the table, and the deal's last card, which
scores it, apart), then times ``legal_actions`` over each group and ``apply`` of its action,
the best of ``--repeat`` passes. The table gives ns per call, how many such steps a deal has,
and µs per deal: what to make cheaper first. The figures leave out the driver's own cost
(the random choice, the loop), which ``playout.py`` includes.

A group timed alone runs with warm caches: the steps that come once a deal (the auction, the
gives, the contract, the last card) cost about twice as much in a real playout, where the
plays in between have pushed their code and data out. ``--order sequence`` replays the
steps in playout order instead, clocking each call (less the clock's own cost), and adds the
whole replay's time per deal without the per-call clocks.

    python benchmarks/steps.py [--rules classic] [--deals N] [--repeat R] [--seed S]
                               [--order grouped|sequence]
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


Step = tuple[th.State, th.Action]


def record(rules: th.Rules, deals: int, seed: int) -> list[Step]:
    """The steps of ``deals`` random first deals, in the order they were played."""
    rng = random.Random(seed)
    steps: list[Step] = []
    for _ in range(deals):
        state = th.new_game(rules)
        while state.deal_number == 1 and not state.is_terminal:
            action = rng.choice(th.legal_actions(state))
            steps.append((state, action))
            state = th.apply(state, action)
    return steps


def collect(rules: th.Rules, deals: int, seed: int) -> dict[str, list[Step]]:
    """The steps of ``deals`` random first deals, grouped by :func:`kind`."""
    groups: defaultdict[str, list[Step]] = defaultdict(list)
    for state, action in record(rules, deals, seed):
        groups[kind(state)].append((state, action))
    return groups


def best(steps: list[Step], repeat: int) -> tuple[float, float]:
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


def in_sequence(steps: list[Step], repeat: int) -> tuple[dict[str, tuple[float, float]], float]:
    """Per kind, the ns per call of ``legal_actions`` and of ``apply`` in playout order (the
    best pass's total for each, less the clock's cost); and the best whole replay, in ns."""
    legal, apply, clock = th.legal_actions, th.apply, time.perf_counter_ns
    kinds = [kind(state) for state, _ in steps]
    counts = {name: kinds.count(name) for name in dict.fromkeys(kinds)}
    tick = min(-clock() + clock() for _ in range(10_000))  # the clock's own cost
    found: dict[str, tuple[float, float]] = {}
    whole = float("inf")
    for _ in range(repeat):
        sums = {name: [0, 0] for name in counts}
        for (state, action), name in zip(steps, kinds, strict=True):
            t0 = clock()
            legal(state)
            t1 = clock()
            apply(state, action)
            t2 = clock()
            pair = sums[name]
            pair[0] += t1 - t0 - tick
            pair[1] += t2 - t1 - tick
        for name, (legal_ns, apply_ns) in sums.items():
            old = found.get(name, (float("inf"), float("inf")))
            found[name] = (
                min(old[0], legal_ns / counts[name]),
                min(old[1], apply_ns / counts[name]),
            )
        start = clock()
        for state, action in steps:
            legal(state)
            apply(state, action)
        whole = min(whole, clock() - start)
    return found, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="classic", choices=("classic", "standard"))
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--order", default="grouped", choices=("grouped", "sequence"))
    args = parser.parse_args()
    rules = getattr(th.Rules, args.rules)()
    groups = collect(rules, args.deals, args.seed)
    if args.order == "sequence":
        timed, whole = in_sequence(record(rules, args.deals, args.seed), args.repeat)
    else:
        timed = {name: best(steps, args.repeat) for name, steps in groups.items()}
    passes = f"best of {args.repeat} passes over {args.deals} deals"
    print(f"{args.rules}: ns per call, {args.order}, {passes}")
    print(f"{'step':22}{'per deal':>9}{'legal':>9}{'apply':>9}{'µs/deal':>9}")
    total = 0.0
    for name, steps in groups.items():
        per_deal = len(steps) / args.deals
        legal_ns, apply_ns = timed[name]
        micros = per_deal * (legal_ns + apply_ns) / 1000
        total += micros
        print(f"{name:22}{per_deal:9.1f}{legal_ns:9.0f}{apply_ns:9.0f}{micros:9.1f}")
    print(f"{'total':22}{'':27}{total:9.1f}")
    if args.order == "sequence":
        print(f"{'whole replay, no clocks':22}{'':27}{whole / args.deals / 1000:9.1f}")


if __name__ == "__main__":
    main()
