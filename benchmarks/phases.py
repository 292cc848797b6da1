"""Where a random deal's time goes: µs per deal in each phase, optionally beside another tree.

Plays random complete deals as ``playout.py`` does and adds up, by the phase of the state
before each step, the time of ``legal_actions`` + ``choice`` + ``apply`` (the last card of a
deal, which scores it, apart). With ``--against DIR`` (the ``src`` folder of another checkout,
such as ``git worktree add /tmp/old HEAD~3`` then ``/tmp/old/src``) that tree's engine is
loaded beside this one under another name, and the two alternate run by run, so that the
machine's load falls on both alike.

    python benchmarks/phases.py [--rules classic] [--deals N] [--runs R] [--against DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from types import ModuleType
from typing import Any

import thousand

LAST = "last card (scoring)"
ORDER = ("dealing", "hidden game choice", "unhide", "auction", "giving", "contract", "play", LAST)


def load_tree(src: str) -> ModuleType:
    """The package ``thousand`` of another source tree, as a module of another name (its
    imports are relative, so it loads beside this one)."""
    path = Path(src) / "thousand" / "__init__.py"
    if not path.is_file():
        raise SystemExit(f"--against: no thousand package in {src!r} (give its src folder)")
    spec = importlib.util.spec_from_file_location(
        "thousand_against", path, submodule_search_locations=[str(path.parent)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["thousand_against"] = module
    spec.loader.exec_module(module)
    return module


def profile(th: Any, preset: str, deals: int, seed: int) -> dict[str, float]:
    """µs per deal in each phase over ``deals`` random deals."""
    rules = getattr(th.Rules, preset)()
    rng = random.Random(seed)
    choice = rng.choice
    legal, apply = th.legal_actions, th.apply
    playing = th.Phase.PLAYING
    clock = time.perf_counter
    spent: defaultdict[str, float] = defaultdict(float)
    state = th.new_game(rules)
    done = 0
    while done < deals:
        phase = state.phase
        start = clock()
        after = apply(state, choice(legal(state)))
        spent[LAST if phase is playing and after.phase is not playing else phase.value] += (
            clock() - start
        )
        if after.is_terminal or after.deal_number != state.deal_number:
            done += 1
        state = th.new_game(rules) if after.is_terminal else after
    return {name: total / deals * 1e6 for name, total in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="classic", choices=("classic", "standard"))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", metavar="DIR", help="the src folder of another tree")
    args = parser.parse_args()
    trees: dict[str, Any] = {"this tree": thousand}
    if args.against:
        trees = {"against": load_tree(args.against), **trees}
    runs: dict[str, defaultdict[str, list[float]]] = {name: defaultdict(list) for name in trees}
    for seed in range(args.runs):
        for name, th in trees.items():
            for phase, micros in profile(th, args.rules, args.deals, seed).items():
                runs[name][phase].append(micros)
    phases = [p for p in ORDER if any(p in r for r in runs.values())]
    print(f"{args.rules}: µs per deal, legal_actions + choice + apply, median of {args.runs}")
    print(f"{'phase':22}" + "".join(f"{name:>12}" for name in trees))
    totals = dict.fromkeys(trees, 0.0)
    for phase in phases:
        line = f"{phase:22}"
        for name in trees:
            micros = statistics.median(runs[name][phase]) if runs[name][phase] else 0.0
            totals[name] += micros
            line += f"{micros:12.1f}"
        print(line)
    print(f"{'total':22}" + "".join(f"{totals[name]:12.1f}" for name in trees))


if __name__ == "__main__":
    main()
