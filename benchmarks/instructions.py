"""What one step costs in machine instructions: a clock-free profile of a deal (needs valgrind).

Timings on a shared machine drift by ±10% from run to run; an instruction count does not.
This script records the steps of ``--deals`` random first deals as ``steps.py`` does, groups
them by kind, and counts under ``valgrind --tool=callgrind`` the instructions of
``legal_actions`` and of ``apply`` over each group: each count runs twice (two and four passes
over the group, so the start-up and the recording cancel out) and the same loop without the
call is subtracted, so the figures are the engine's alone. The table gives instructions per
call and per deal by kind; the last line, the whole of a deal. It takes some minutes.

    python benchmarks/instructions.py [--rules classic] [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import thousand as th

sys.path.insert(0, str(Path(__file__).parent))  # steps.py: a sibling script, not a package
from steps import Step, collect

MODES = ("none", "legal", "apply")


def passes(group: list[Step], mode: str, count: int) -> None:
    """``count`` passes over ``group`` calling ``legal_actions`` or ``apply`` (or nothing)."""
    legal, apply = th.legal_actions, th.apply
    for _ in range(count):
        if mode == "legal":
            for state, _action in group:
                legal(state)
        elif mode == "apply":
            for state, action in group:
                apply(state, action)
        else:
            for _state, _action in group:
                pass


def counted(args: argparse.Namespace, kind: str, mode: str, count: int) -> int:
    """The instructions of a child run of this script that makes ``count`` passes."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--rules",
        args.rules,
        "--deals",
        str(args.deals),
        "--seed",
        str(args.seed),
        "--child",
        f"{kind}|{mode}|{count}",
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict layouts in every run
    run = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"refs:\s*([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output: {run.stderr[-500:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="classic", choices=["classic", "standard"])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = getattr(th.Rules, args.rules)()
    groups = collect(rules, args.deals, args.seed)
    if args.child:
        kind, mode, count = args.child.split("|")
        passes(groups[kind], mode, int(count))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    print(f"{args.rules}: instructions per call, {args.deals} first deals")
    print(f"{'step':22}{'per deal':>9}{'legal':>9}{'apply':>9}{'per deal':>11}")
    total = 0.0
    for kind, group in groups.items():
        per_pass = {m: counted(args, kind, m, 4) - counted(args, kind, m, 2) for m in MODES}
        calls = 2 * len(group)
        legal = (per_pass["legal"] - per_pass["none"]) / calls
        apply = (per_pass["apply"] - per_pass["none"]) / calls
        share = len(group) / args.deals
        total += share * (legal + apply)
        print(
            f"{kind:22}{share:9.2f}{legal:9.0f}{apply:9.0f}{share * (legal + apply):11.0f}",
            flush=True,
        )
    print(f"{'a deal':22}{'':27}{total:11.0f}")


if __name__ == "__main__":
    main()
