"""Command line.

    python -m thousand demo [--seed N] [--rules classic|standard] [--with AGREEMENT[=VALUE]]...
    python -m thousand tournament --bots heuristic,random --games 200 [--seed N] [--jobs N]
    python -m thousand tournament --bots solver,heuristic --deals 300 [--seed N] [--jobs N]

``demo`` plays a whole game between computer players and prints its score sheet as it goes, a
row per deal; ``tournament`` plays many games between bots in every seating and prints their
standings; with ``--deals`` it plays single deals in the duplicate format instead and compares
the bots on the same cards. A tournament runs on ``--jobs`` worker processes (all the cores by
default) with the same result as on one.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TextIO

from .arena import BOTS, DEAL_HEADER, HEADER, duplicate_match, play_game, tournament
from .errors import RulesError
from .rules import Rules
from .scoresheet import LEGEND, format_sheet
from .sheet import DealRecord
from .state import State
from .variants import AGREEMENTS, Agreement
from .variants import parse_agreement as _agreement

__all__ = ["expected_deals", "main", "parse_agreement", "play_demo_game"]


def play_demo_game(
    seed: int,
    rules: Rules | None = None,
    *,
    players: str = "solver",
    on_deal: Callable[[DealRecord], None] | None = None,
) -> State:
    """Play one whole game between three bots of one kind, from ``seed``."""
    bots = [BOTS[players](seed * 3 + seat) for seat in range(3)]
    return play_game(bots, rules, seed=seed, dealer=seed % 3, on_deal=on_deal)


def expected_deals(record: DealRecord, rules: Rules | None = None) -> int:
    """A rough estimate of how many deals the game of ``record`` will last, from the scores
    after it: the leading score's pace so far, taken to the target (R-END-1), pulled toward a
    pace of 30 deals a game while few deals are played; at least one more than played, at
    most the rules' limit (R-END-2)."""
    scoring = (rules or Rules.classic()).scoring
    played, lead = record.deal_number, max(record.scores)
    prior = 4  # deals' worth of weight given to the usual pace
    pace = (max(lead, 0) + prior * scoring.target / 30) / (played + prior)
    left = max(1, math.ceil((scoring.target - lead) / pace))
    return min(played + left, scoring.max_deals)


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes}:{seconds:02d}"


class _Status:
    """What the game is at, on the standard error: on a terminal one line under the score
    sheet, redrawn in place; elsewhere a line for each report."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.live = self.stream.isatty()
        self.start = time.monotonic()

    def clear(self) -> None:
        """Before something else is printed on the terminal."""
        if self.live:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def show(self, text: str, last: bool = False) -> None:
        if self.live:
            text = f"\r{text}\x1b[K" + ("\n" if last else "")
        else:
            text += "\n"
        self.stream.write(text)
        self.stream.flush()


def _progress_bar(unit: str) -> Callable[[int, int], None]:
    """A progress bar of finished games or deals with the time left, at the pace so far: on a
    terminal redrawn at each one, elsewhere a line at each tenth of the total."""
    status = _Status()
    tenths = [-1]

    def progress(done: int, total: int) -> None:
        elapsed = status.elapsed()
        left = elapsed / done * (total - done)
        text = f"{done}/{total} {unit}, {_clock(elapsed)} elapsed, ~{_clock(left)} left"
        if status.live:
            filled = 30 * done // total
            status.show(f"[{'#' * filled}{'.' * (30 - filled)}] {text}", last=done == total)
        elif 10 * done // total > tenths[0]:
            tenths[0] = 10 * done // total
            status.show(text)

    return progress


def parse_agreement(text: str) -> Agreement:
    """``no_jumping`` or ``penalty_amount=150``: an agreement of :mod:`thousand.variants`."""
    try:
        return _agreement(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m thousand",
        description="Thousand (Тысяча): play a whole game between computer players.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser(
        "demo",
        help="play a whole game between computer players and print its score sheet",
        epilog="agreements: " + ", ".join(a.key for a in AGREEMENTS),
    )
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.add_argument(
        "--rules", choices=("classic", "standard"), default="classic", help="the preset"
    )
    demo.add_argument(
        "--with",
        dest="agreements",
        type=parse_agreement,
        action="append",
        default=[],
        metavar="AGREEMENT[=VALUE]",
        help="an agreement to play with (repeatable), such as no_jumping or penalty_amount=150",
    )
    demo.add_argument(
        "--players",
        choices=sorted(BOTS),
        default="solver",
        help="the bots that play (default: solver, the strongest; heuristic is much faster)",
    )
    cup = commands.add_parser(
        "tournament", help="play many games between bots and print their standings"
    )
    cup.add_argument(
        "--bots",
        default="heuristic,random",
        help=f"comma-separated bot names, one to three of: {', '.join(sorted(BOTS))}",
    )
    cup.add_argument("--games", type=int, default=60, help="games to play (default 60)")
    cup.add_argument(
        "--deals",
        type=int,
        help="play this many single deals instead, each in every seating (duplicate format), "
        "and compare the bots deal by deal",
    )
    cup.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    cup.add_argument(
        "--rules", choices=("classic", "standard"), default="classic", help="the preset"
    )
    cores = os.cpu_count() or 1
    cup.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=cores,
        help=f"worker processes (default: all the cores, {cores}); 1 plays in this process; "
        "the result is the same for any number",
    )
    args = parser.parse_args(argv)
    try:
        return (_tournament if args.command == "tournament" else _demo)(parser, args)
    except KeyboardInterrupt:  # Ctrl-C: stop without a traceback
        sys.stderr.write("\ninterrupted\n")
        return 130


def _demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    base = Rules.standard() if args.rules == "standard" else Rules.classic()
    try:
        rules = base.with_agreements(*args.agreements)
    except RulesError as exc:
        parser.error(str(exc))
    # The header at once, then a row as each deal ends: the strongest bots take a while.
    print(f"Thousand: {rules}; seed {args.seed}, {args.players} players\n")
    print(format_sheet([]), flush=True)
    status = _Status()
    status.show("deal 1 being played")

    def deal_done(record: DealRecord) -> None:
        status.clear()
        print(format_sheet([record]).splitlines()[-1], flush=True)
        played, expected = record.deal_number, expected_deals(record, rules)
        elapsed = status.elapsed()
        left = elapsed / played * (expected - played)
        status.show(
            f"deal {played} of ~{expected} played, {_clock(elapsed)} elapsed, ~{_clock(left)} left"
        )

    state = play_demo_game(args.seed, rules, players=args.players, on_deal=deal_done)
    status.clear()
    print("\n".join(format_sheet(state.sheet, state).splitlines()[2 + len(state.sheet) :]))
    print()
    print(LEGEND, flush=True)
    played = len(state.sheet)  # last, under the legend, where the eye ends
    status.show(f"deal {played} of {played}: game over, {_clock(status.elapsed())}", last=True)
    return 0


def _tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in BOTS]
    if not 1 <= len(names) <= 3 or unknown:
        parser.error(f"--bots takes one to three of: {', '.join(sorted(BOTS))}")
    if args.games < 1 or (args.deals is not None and args.deals < 1):
        parser.error("--games and --deals must be at least 1")
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs == 1:
        return _standings(names, args, None)
    with ProcessPoolExecutor(min(args.jobs, args.deals or args.games)) as pool:
        try:
            return _standings(names, args, pool)
        except KeyboardInterrupt:
            # The workers would finish the games they hold first: stop them now.
            workers = list(pool._processes.values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                process.terminate()
            raise


def _standings(names: list[str], args: argparse.Namespace, pool: Executor | None) -> int:
    rules = Rules.standard() if args.rules == "standard" else Rules.classic()
    progress = _progress_bar("games" if args.deals is None else "deals")
    if args.deals is not None:
        match = duplicate_match(
            names, args.deals, seed=args.seed, rules=rules, progress=progress, executor=pool
        )
        print(
            f"Thousand duplicate deals: {rules}; {args.deals} deals, each in every seating, "
            f"seed {args.seed}\n"
        )
        print(DEAL_HEADER)
        for row in match.standings:
            print(row.row())
        if match.differences:
            print()
        for difference in match.differences:
            print(f"{difference} (95%)")
        return 0
    standings = tournament(
        names, args.games, seed=args.seed, rules=rules, progress=progress, executor=pool
    )
    print(f"Thousand tournament: {rules}; {args.games} games, seed {args.seed}\n")
    print(HEADER)
    for standing in standings:
        print(standing.row())
    return 0


if __name__ == "__main__":
    sys.exit(main())
