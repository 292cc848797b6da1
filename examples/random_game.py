"""Play a whole game of Thousand between three random players and print the result.

Every decision, and every card dealt, is drawn at random from the legal actions, with a seeded
random generator: the same seed always plays the same game.

    python examples/random_game.py
    python examples/random_game.py --seed 3 --rules standard
"""

from __future__ import annotations

import argparse
import random

import thousand as th

PRESETS = {"classic": th.Rules.classic, "standard": th.Rules.standard}


def play_random_game(rules: th.Rules, seed: int, dealer: int = 0) -> th.State:
    """Play one game to its end, choosing uniformly among the legal actions."""
    rng = random.Random(seed)
    state = th.new_game(rules, dealer=dealer)
    while not state.is_terminal:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    return state


def summary(state: th.State) -> str:
    """A few lines about a finished game."""
    sheet = state.sheet
    made = sum(1 for row in sheet if row.made)
    failed = sum(1 for row in sheet if row.made is False)
    distributed = sum(1 for row in sheet if row.made is None)
    events = sum(len(row.events) for row in sheet)
    winner = "a draw" if state.winner is None else f"seat {state.winner}"
    lines = [
        f"deals played:  {len(sheet)}",
        f"contracts:     {made} made, {failed} failed, {distributed} distributed",
        f"sheet events:  {events} (barrel, bolts, ...)",
        f"final scores:  {', '.join(f'seat {s}: {score}' for s, score in enumerate(state.scores))}",
        f"winner:        {winner}",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--dealer", type=int, choices=(0, 1, 2), default=0)
    args = parser.parse_args()
    rules = PRESETS[args.rules]()
    state = play_random_game(rules, args.seed, args.dealer)
    print(f"A random game of Thousand ({args.rules} rules, seed {args.seed})")
    print(summary(state))


if __name__ == "__main__":
    main()
