"""The time of ``python -m thousand demo``: until the score sheet's header is shown, for each
deal (from one row to the next), and for the whole game, the interpreter's start included.
The demo runs as a child process whose standard output is read line by line as it comes.

    python benchmarks/demo.py [--seed S] [--players solver|heuristic|random] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def run(seed: int, players: str) -> tuple[float, list[float], float]:
    """One demo: the seconds to the header, to each row, and to the end."""
    start = time.perf_counter()
    header = 0.0
    rows: list[float] = []
    command = [sys.executable, "-m", "thousand", "demo", "--seed", str(seed)]
    with subprocess.Popen(
        [*command, "--players", players],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith(" deal dlr"):
                header = time.perf_counter() - start
            elif line[:5].strip().isdigit():
                rows.append(time.perf_counter() - start)
    if child.returncode:
        raise SystemExit(f"the demo failed with exit status {child.returncode}")
    return header, rows, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="solver", help="the demo's bots (default solver)")
    parser.add_argument("--repeat", type=int, default=1, help="runs, each shown (default 1)")
    args = parser.parse_args()
    print(f"python -m thousand demo --seed {args.seed} --players {args.players}")
    print(f"load {os.getloadavg()[0]:.2f} (1 min) at the start")
    print(f"{'run':>3} {'header':>8} {'deals':>5} {'per deal':>9} {'slowest':>8} {'game':>8}")
    for number in range(1, args.repeat + 1):
        header, rows, whole = run(args.seed, args.players)
        deals = [b - a for a, b in zip([header, *rows], rows, strict=False)]
        print(
            f"{number:3d} {header:7.2f}s {len(rows):5d} {statistics.mean(deals):8.2f}s "
            f"{max(deals):7.2f}s {whole:7.1f}s"
        )
    print(f"load {os.getloadavg()[0]:.2f} (1 min) at the end")


if __name__ == "__main__":
    main()
