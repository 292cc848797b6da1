"""A bot tournament: a bot of our own against the two bots that come with the library.

``Counter`` below is the bot written in the documentation's tutorial. Like every bot it is a
``thousand.Bot``: it is handed the ``Observation`` of its seat (what that seat may know, A26)
and answers with one of the legal actions. It never sees the state, so it cannot peek at the
other hands.

Three bots take part: ``counter``, the library's ``heuristic`` bot and its ``random`` bot.
``thousand.arena.play_game`` plays each game, the cards coming from a stream of whole deals
drawn from the game's seed. Every seed is played once in each of the six seatings of the three
bots (the duplicate format), so that every bot gets every hand and much of the luck of the
cards cancels out. The table is the one ``python -m thousand tournament`` prints.

    python examples/tournament.py
    python examples/tournament.py --seeds 20 --rules standard
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence

import thousand as th
from thousand.arena import BOTS, HEADER, Standing, play_game

#: Every card of the pack, in pack order.
PACK = [th.Card(suit, rank) for suit in th.Suit for rank in th.Rank]


# -- The bot of the tutorial ---------------------------------------------------------------------


def marriages(hand: Iterable[th.Card]) -> list[th.Suit]:
    """The suits whose king and queen are both in ``hand``."""
    held = set(hand)
    return [
        suit
        for suit in th.Suit
        if th.Card(suit, th.Rank.KING) in held and th.Card(suit, th.Rank.QUEEN) in held
    ]


def estimate(hand: Iterable[th.Card]) -> int:
    """A rough guess of the points a hand will make: its aces, its tens guarded by their ace,
    its marriages, and 20 for the talon and the tricks it will pick up on the way."""
    cards = set(hand)
    points = 20
    for card in cards:
        if card.rank is th.Rank.ACE:
            points += 15
        elif card.rank is th.Rank.TEN:
            points += 12 if th.Card(card.suit, th.Rank.ACE) in cards else 4
    return points + sum(suit.marriage_value for suit in marriages(cards))


def choose_bid(legal: Sequence[th.Action], hand: frozenset[th.Card]) -> th.Action:
    """The lowest bid while it stays within the estimate, else a pass. The opener's first call
    has no pass: then it opens at the lowest bid."""
    bids = [action for action in legal if isinstance(action, th.Bid)]
    if bids and (th.Pass() not in legal or bids[0].value <= estimate(hand)):
        return bids[0]
    return th.Pass() if th.Pass() in legal else legal[0]


def keeps(card: th.Card, hand: frozenset[th.Card]) -> tuple[bool, bool, int]:
    """How much the bot wants to keep a card: the king and queen of a marriage and the aces
    most, the others by their points."""
    paired = card.rank in (th.Rank.KING, th.Rank.QUEEN) and card.suit in marriages(hand)
    return (paired, card.rank is th.Rank.ACE, card.points)


def choose_give(seen: th.Observation, hand: frozenset[th.Card]) -> th.Action:
    """Give the deal up when it is hopeless; otherwise give away the least useful card."""
    legal = seen.legal_actions
    bid = seen.high_bid or 0
    if th.Distribute() in legal and estimate(hand) < bid - 40:
        return th.Distribute()
    gives = [action for action in legal if isinstance(action, th.Give)]
    return min(gives, key=lambda give: keeps(give.card, hand))


def cards_out(seen: th.Observation, hand: frozenset[th.Card]) -> set[th.Card]:
    """The cards still out: neither in the bot's hand nor played in this deal."""
    played = {card for _, trick in seen.tricks for _, card in trick}
    played |= {card for _, card in seen.trick}
    return {card for card in PACK if card not in hand and card not in played}


def is_master(card: th.Card, out: set[th.Card]) -> bool:
    """Whether no card still out beats ``card`` in its own suit."""
    return not any(other.suit is card.suit and other.rank > card.rank for other in out)


def would_win(seen: th.Observation, card: th.Card) -> bool:
    """Whether ``card``, played now, would win the trick so far (R-PLAY-3)."""
    return th.trick_winner((*seen.trick, (seen.seat, card)), seen.trump) == seen.seat


def least_wanted(plays: Iterable[th.Play], hand: frozenset[th.Card]) -> th.Play:
    """The play of the card the bot wants least, by the measure it uses for the gives."""
    return min(plays, key=lambda play: keeps(play.card, hand))


def choose_card(seen: th.Observation, hand: frozenset[th.Card]) -> th.Action:
    """Lead the best marriage, else the most valuable card nobody can beat in its suit, else
    the card it wants least. Follow by winning as cheaply as possible, else by throwing the
    card it wants least."""
    plays = [action for action in seen.legal_actions if isinstance(action, th.Play)]
    if not seen.trick:
        declaring = [play for play in plays if play.marriage and play.card.rank is not th.Rank.ACE]
        if declaring:
            return max(declaring, key=lambda play: play.card.suit.marriage_value)
        out = cards_out(seen, hand)
        masters = [play for play in plays if is_master(play.card, out)]
        if masters:
            return max(masters, key=lambda play: (play.card.points, play.card.rank))
        return least_wanted(plays, hand)
    winning = [play for play in plays if would_win(seen, play.card)]
    if winning:
        return min(winning, key=lambda play: (play.card.suit is seen.trump, play.card.rank))
    return least_wanted(plays, hand)


class Counter:
    """The tutorial's bot: it counts its sure points before it bids, and the cards still out
    when it leads. It decides from its seat's observation alone."""

    def act(self, observation: th.Observation) -> th.Action:
        legal = observation.legal_actions
        hand = observation.hand
        if hand is None:  # the opener of a hidden round, before looking (A26): look
            return th.Look() if th.Look() in legal else legal[0]
        if observation.phase is th.Phase.BIDDING:
            return choose_bid(legal, hand)
        if observation.phase is th.Phase.GIVING:
            return choose_give(observation, hand)
        if observation.phase is th.Phase.CONTRACT:
            return legal[0]  # the winning bid: no need to promise more
        if observation.phase is th.Phase.PLAYING:
            return choose_card(observation, hand)
        # Overbidding a hidden game (Allow Unhide): never.
        return th.Pass() if th.Pass() in legal else legal[0]


# -- The tournament ----------------------------------------------------------------------------

#: The bots of the tournament by name, each made from a seed like those of ``thousand.arena``.
ENTRANTS: dict[str, Callable[[int], th.Bot]] = {
    "counter": lambda seed: Counter(),
    "heuristic": BOTS["heuristic"],
    "random": BOTS["random"],
}


def standing(name: str, games: list[th.State], seats: list[int]) -> Standing:
    """One bot's results: its wins, its score change per deal with a 95% confidence interval,
    and the contracts it made and failed as declarer."""
    changes: list[int] = []
    wins = made = failed = 0
    for state, seat in zip(games, seats, strict=True):
        wins += state.winner == seat
        for record in state.sheet:
            changes.append(record.changes[seat])
            if record.declarer == seat and record.made is not None:
                made += record.made
                failed += not record.made
    mean = statistics.fmean(changes)
    margin = 1.96 * statistics.stdev(changes) / math.sqrt(len(changes))
    return Standing(name, len(games), wins, len(changes), mean, margin, made, failed)


def tournament(
    seeds: Iterable[int],
    rules: th.Rules | None = None,
    entrants: Mapping[str, Callable[[int], th.Bot]] = ENTRANTS,
) -> list[Standing]:
    """Every seed in every seating of the three ``entrants``, and each one's standing."""
    names = list(entrants)
    games: dict[str, list[th.State]] = {name: [] for name in names}
    seats: dict[str, list[int]] = {name: [] for name in names}
    for seed in seeds:
        for seating in itertools.permutations(names):
            bots = [entrants[name](seed * 3 + seat) for seat, name in enumerate(seating)]
            state = play_game(bots, rules, seed=seed)
            for seat, name in enumerate(seating):
                games[name].append(state)
                seats[name].append(seat)
    return [standing(name, games[name], seats[name]) for name in names]


def table(standings: Iterable[Standing]) -> str:
    """The standings as the table of ``python -m thousand tournament``."""
    return "\n".join([HEADER, *(standing.row() for standing in standings)])


def main() -> None:
    parser = argparse.ArgumentParser(description="A tournament between three Thousand bots.")
    parser.add_argument("--seeds", type=int, default=5, help="seeds to play (default 5)")
    parser.add_argument("--rules", choices=("classic", "standard"), default="classic")
    args = parser.parse_args()
    rules = th.Rules.standard() if args.rules == "standard" else th.Rules.classic()
    print(f"{args.seeds} seeds x 6 seatings = {6 * args.seeds} games, {rules}\n")
    print(table(tournament(range(args.seeds), rules)))


if __name__ == "__main__":
    main()
