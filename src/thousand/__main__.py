"""Command line.

    python -m thousand demo [--seed N] [--rules classic|standard] [--with AGREEMENT[=VALUE]]...
    python -m thousand tournament --bots heuristic,random --games 200 [--seed N] [...]
    python -m thousand tournament --bots solver,heuristic --deals 300 [--seed N] [...]

``demo`` plays a whole game between computer players and prints its score sheet;
``tournament`` plays many games between bots in every seating and prints their standings; with
``--deals`` it plays single deals in the duplicate format instead and compares the bots on the
same cards.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from .arena import BOTS, DEAL_HEADER, HEADER, duplicate_match, play_game, tournament
from .errors import RulesError
from .rules import Rules
from .scoresheet import LEGEND, format_sheet
from .sheet import DealRecord
from .state import State
from .variants import AGREEMENTS, Agreement
from .variants import parse_agreement as _agreement

__all__ = ["main", "parse_agreement", "play_demo_game"]


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


def _deal_done(record: DealRecord) -> None:
    """Progress on the standard error while a slow game is played."""
    sys.stderr.write(f"\rdeal {record.deal_number} played, scores {record.scores} ")
    sys.stderr.flush()


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
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return _tournament(parser, args)
    base = Rules.standard() if args.rules == "standard" else Rules.classic()
    try:
        rules = base.with_agreements(*args.agreements)
    except RulesError as exc:
        parser.error(str(exc))
    state = play_demo_game(args.seed, rules, players=args.players, on_deal=_deal_done)
    sys.stderr.write("\n")
    print(f"Thousand: {rules}; seed {args.seed}, {args.players} players\n")
    print(format_sheet(state.sheet, state))
    print()
    print(LEGEND)
    return 0


def _tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in BOTS]
    if not 1 <= len(names) <= 3 or unknown:
        parser.error(f"--bots takes one to three of: {', '.join(sorted(BOTS))}")
    if args.games < 1 or (args.deals is not None and args.deals < 1):
        parser.error("--games and --deals must be at least 1")
    rules = Rules.standard() if args.rules == "standard" else Rules.classic()
    unit = "games" if args.deals is None else "deals"

    def progress(done: int, total: int) -> None:
        filled = 30 * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {unit}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    if args.deals is not None:
        match = duplicate_match(names, args.deals, seed=args.seed, rules=rules, progress=progress)
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
    standings = tournament(names, args.games, seed=args.seed, rules=rules, progress=progress)
    print(f"Thousand tournament: {rules}; {args.games} games, seed {args.seed}\n")
    print(HEADER)
    for standing in standings:
        print(standing.row())
    return 0


if __name__ == "__main__":
    sys.exit(main())
