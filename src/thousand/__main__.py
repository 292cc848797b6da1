"""Command line: ``python -m thousand demo`` plays a whole game between computer players and
prints its score sheet.

    python -m thousand demo [--seed N] [--rules classic|standard] [--with AGREEMENT[=VALUE]]...
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from .engine import apply, legal_actions, new_game
from .errors import RulesError
from .players import cautious_choice
from .rules import Rules
from .scoresheet import LEGEND, format_sheet
from .state import State
from .variants import AGREEMENTS, Agreement, by_key

__all__ = ["main", "parse_agreement", "play_demo_game"]


def play_demo_game(seed: int, rules: Rules | None = None, *, players: str = "cautious") -> State:
    """Play one whole game, chance included, from ``seed``."""
    rng = random.Random(seed)
    state = new_game(rules, dealer=rng.randrange(3))
    while not state.is_terminal:
        actions = legal_actions(state)
        if state.is_chance or players == "random":
            action = rng.choice(actions)
        else:
            action = cautious_choice(state, actions, rng)
        state = apply(state, action)
    return state


def parse_agreement(text: str) -> Agreement:
    """``no_jumping`` or ``penalty_amount=150``: an agreement of :mod:`thousand.variants`."""
    key, _, value = text.partition("=")
    try:
        return by_key(key.strip().replace("-", "_"), int(value) if value else None)
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
        choices=("cautious", "random"),
        default="cautious",
        help="cautious bidders (default) or uniformly random legal play",
    )
    args = parser.parse_args(argv)
    base = Rules.standard() if args.rules == "standard" else Rules.classic()
    try:
        rules = base.with_agreements(*args.agreements)
    except RulesError as exc:
        parser.error(str(exc))
    state = play_demo_game(args.seed, rules, players=args.players)
    print(f"Thousand: {rules}; seed {args.seed}, {args.players} players\n")
    print(format_sheet(state.sheet, state))
    print()
    print(LEGEND)
    return 0


if __name__ == "__main__":
    sys.exit(main())
