"""Command line: ``python -m thousand demo [--seed N]`` plays a whole game between computer
players and prints its score sheet."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from .actions import Action, Bid, Contract, Give, Pass, Play
from .engine import apply, legal_actions, new_game
from .play import trick_winner
from .rules import Rules
from .scoresheet import LEGEND, format_sheet
from .state import State

__all__ = ["main", "play_demo_game"]


def cautious_choice(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """A simple computer player: bids only what its hand's card points and marriages promise,
    fixes the lowest contract, and otherwise picks a legal action at random."""
    seat = state.to_move
    if seat is not None and isinstance(actions[-1], Bid):
        hand = state.hands[seat]
        estimate = 30 + sum(c.points for c in hand) * 3 // 2
        estimate += sum(
            s.marriage_value
            for s in {c.suit for c in hand}
            if {c.rank.letter for c in hand if c.suit == s} >= {"K", "Q"}
        )
        bids = [a for a in actions if isinstance(a, Bid) and a.value <= estimate]
        if Pass() in actions and not bids:
            return Pass()
        return bids[0] if bids else actions[0]
    contracts = [a for a in actions if isinstance(a, Contract)]
    if contracts:
        return contracts[0]
    plays = [a for a in actions if isinstance(a, Play)]
    if plays:
        return _card_play(state, plays)
    gives = [a for a in actions if isinstance(a, Give)]
    if gives:  # give away the lowest cards
        return min(gives, key=lambda g: (g.card.points, g.card.rank))
    return rng.choice(actions)


def _card_play(state: State, plays: Sequence[Play]) -> Play:
    """Lead high (declaring a marriage when one can), win a trick as cheaply as possible,
    otherwise throw the lowest card."""
    if not state.trick:
        marriages = [p for p in plays if p.marriage]
        if marriages:
            return max(marriages, key=lambda p: p.card.suit.marriage_value)
        return max(plays, key=lambda p: (p.card.rank, p.card.points))
    winners = [p for p in plays if trick_winner((*state.trick, (-1, p.card)), state.trump) == -1]
    if winners:
        return min(winners, key=lambda p: (p.card.suit == state.trump, p.card.rank))
    return min(plays, key=lambda p: (p.card.points, p.card.rank))


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m thousand", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play a whole game between computer players")
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.add_argument(
        "--players",
        choices=("cautious", "random"),
        default="cautious",
        help="cautious bidders (default) or uniformly random legal play",
    )
    args = parser.parse_args(argv)
    state = play_demo_game(args.seed, players=args.players)
    print(f"Thousand: classic rules, seed {args.seed}, {args.players} players\n")
    print(format_sheet(state.sheet, state))
    print()
    print(LEGEND)
    return 0


if __name__ == "__main__":
    sys.exit(main())
