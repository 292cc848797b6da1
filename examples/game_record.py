"""Write a whole game as a record a player can read, load it back, and catch a forged line.

``thousand.records.dump`` writes the rules, every deal's cards, every action and the score
sheet as text; ``thousand.records.load`` replays it, checking every line against the rules.

    python examples/game_record.py [--seed N] [--lines K]
"""

from __future__ import annotations

import argparse
import random

import thousand as th
from thousand.arena import play_game
from thousand.bots import HeuristicBot


def play(seed: int) -> th.State:
    """A whole game between three heuristic bots."""
    bots = [HeuristicBot(random.Random(seed * 3 + seat)) for seat in range(3)]
    return play_game(bots, th.Rules.standard(), seed=seed)


def forge(record: str) -> str:
    """The record with the first deal's declarer credited 10 points more on its score line."""
    lines = record.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("score: "))
    changes = lines[number].removeprefix("score: ").split()
    seat = next(i for i, change in enumerate(changes[:3]) if change != "+0")
    changes[seat] = f"{int(changes[seat]) + 10:+d}"
    lines[number] = "score: " + " ".join(changes)
    return "\n".join(lines) + "\n"


def main(seed: int = 1, shown: int = 12) -> None:
    game = play(seed)
    record = th.records.dump(game)
    print("\n".join(record.splitlines()[:shown]))
    print(f"... {len(record.splitlines())} lines in all")
    print("loads back to the same game:", th.records.load(record) == game)
    try:
        th.records.load(forge(record))
    except th.records.RecordError as error:
        print("a forged score line is caught:", error)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=12)
    args = parser.parse_args()
    main(args.seed, args.lines)
