"""A bot tournament: a small bot of our own against the two players that come with the library.

Three players take part:

* ``random`` chooses any legal action, uniformly at random;
* ``cautious`` is the library's demo player, ``thousand.players.cautious_choice``;
* ``counter`` is the bot written in the documentation's tutorial (``counter_bot`` below).

Every game seats one of each, and every seed is played in all six seating orders. The cards come
from a random generator of their own, so that the same seed deals the same cards to the same
seats whoever sits there: over the six orders every player gets every hand. The result is a table
of games won and average final scores.

    python examples/tournament.py
    python examples/tournament.py --seeds 5 --rules standard
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import random
from collections.abc import Callable, Iterable, Sequence

import thousand as th
from thousand.players import cautious_choice

#: A player: given the state (its seat is ``state.to_move``) and its own random generator, an
#: action from ``th.legal_actions(state)``.
Bot = Callable[[th.State, random.Random], th.Action]


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


def choose_bid(actions: Sequence[th.Action], hand: frozenset[th.Card]) -> th.Action:
    """The lowest legal bid while it stays within the estimate; otherwise pass (the opener's
    first call has no pass: it opens at the lowest bid)."""
    bids = [action for action in actions if isinstance(action, th.Bid)]
    if bids and (th.Pass() not in actions or bids[0].value <= estimate(hand)):
        return bids[0]
    return th.Pass()


def keeps(card: th.Card, hand: frozenset[th.Card]) -> tuple[bool, bool, int]:
    """How much the bot wants to keep a card: the king and queen of a marriage and the aces
    most, the others by their points."""
    paired = card.rank in (th.Rank.KING, th.Rank.QUEEN) and card.suit in marriages(hand)
    return (paired, card.rank is th.Rank.ACE, card.points)


def choose_give(state: th.State, actions: Sequence[th.Action]) -> th.Action:
    """Give the deal up when it is hopeless; otherwise give away the least useful card."""
    seat = state.to_move
    assert seat is not None and state.high_bid is not None
    hand = state.hands[seat]
    if th.Distribute() in actions and estimate(hand) < state.high_bid - 40:
        return th.Distribute()
    gives = [action for action in actions if isinstance(action, th.Give)]
    return min(gives, key=lambda give: keeps(give.card, hand))


def winner(trick: Sequence[tuple[int, th.Card]], trump: th.Suit | None) -> th.Card:
    """The card that wins the trick so far: the highest trump, else the highest of the suit
    led (R-PLAY-3)."""
    led = trick[0][1].suit

    def strength(card: th.Card) -> tuple[int, int]:
        return (2 if card.suit is trump else 1 if card.suit is led else 0, card.rank)

    return max((card for _, card in trick), key=strength)


def choose_card(state: th.State, actions: Sequence[th.Action]) -> th.Action:
    """Lead with the best marriage, else an ace, else the lowest card. Follow by winning as
    cheaply as possible, else by throwing the lowest card."""
    plays = [action for action in actions if isinstance(action, th.Play)]
    if not state.trick:
        declaring = [play for play in plays if play.marriage and play.card.rank is not th.Rank.ACE]
        if declaring:
            return max(declaring, key=lambda play: play.card.suit.marriage_value)
        aces = [play for play in plays if play.card.rank is th.Rank.ACE]
        return aces[0] if aces else min(plays, key=lambda play: (play.card.points, play.card.rank))
    winning = [
        play for play in plays if winner([*state.trick, (-1, play.card)], state.trump) is play.card
    ]
    if winning:
        return min(winning, key=lambda play: (play.card.suit is state.trump, play.card.rank))
    return min(plays, key=lambda play: (play.card.points, play.card.rank))


def counter_bot(state: th.State, rng: random.Random) -> th.Action:
    """The tutorial's bot: it counts its aces, tens and marriages, and plays greedily."""
    actions = th.legal_actions(state)
    seat = state.to_move
    assert seat is not None
    if state.phase is th.Phase.BIDDING:
        return choose_bid(actions, state.hands[seat])
    if state.phase is th.Phase.GIVING:
        return choose_give(state, actions)
    if state.phase is th.Phase.CONTRACT:
        return actions[0]  # the winning bid: no need to promise more
    if state.phase is th.Phase.PLAYING:
        return choose_card(state, actions)
    # The decisions of the agreements (a hidden game, an unhide): play it safe.
    for safe in (th.Look(), th.Pass()):
        if safe in actions:
            return safe
    return actions[0]


# -- The players that come with the library ---------------------------------------------------


def random_bot(state: th.State, rng: random.Random) -> th.Action:
    """Any legal action, uniformly at random."""
    return rng.choice(th.legal_actions(state))


def cautious_bot(state: th.State, rng: random.Random) -> th.Action:
    """The library's demo player."""
    return cautious_choice(state, th.legal_actions(state), rng)


BOTS: dict[str, Bot] = {"random": random_bot, "cautious": cautious_bot, "counter": counter_bot}


# -- The tournament ----------------------------------------------------------------------------


def play_game(bots: Sequence[Bot], seed: int, rules: th.Rules | None = None) -> th.State:
    """One whole game, ``bots[s]`` playing seat ``s``. The cards come from their own random
    generator, each bot has its own, and all of them start from ``seed``."""
    cards = random.Random(seed)
    own = [random.Random(f"{seed}-{seat}") for seat in range(3)]
    state = th.new_game(rules, dealer=seed % 3)
    while not state.is_terminal:
        if state.is_chance:
            state = th.apply(state, cards.choice(th.legal_actions(state)))
        else:
            seat = state.to_move
            assert seat is not None
            state = th.apply(state, bots[seat](state, own[seat]))
    return state


@dataclasses.dataclass
class Record:
    """A player's results: the games it won and its final score in each game it played."""

    wins: int = 0
    scores: list[int] = dataclasses.field(default_factory=list)


def tournament(seeds: Iterable[int], rules: th.Rules | None = None) -> dict[str, Record]:
    """Every seed in every seating order, and each player's record."""
    records = {name: Record() for name in BOTS}
    for seed in seeds:
        for names in itertools.permutations(BOTS):
            state = play_game([BOTS[name] for name in names], seed, rules)
            for seat, name in enumerate(names):
                records[name].scores.append(state.scores[seat])
            if state.winner is not None:
                records[names[state.winner]].wins += 1
    return records


def table(records: dict[str, Record]) -> str:
    """The records as a table, most wins first."""
    lines = [f"{'player':<10}{'games':>6}{'won':>6}{'average score':>15}"]
    ranked = sorted(records.items(), key=lambda item: (-item[1].wins, -sum(item[1].scores)))
    for name, record in ranked:
        games = len(record.scores)
        average = sum(record.scores) // games
        lines.append(f"{name:<10}{games:>6}{record.wins:>6}{average:>15}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="A tournament between three Thousand bots.")
    parser.add_argument("--seeds", type=int, default=3, help="seeds to play (default 3)")
    parser.add_argument("--rules", choices=("classic", "standard"), default="classic")
    args = parser.parse_args()
    rules = th.Rules.standard() if args.rules == "standard" else th.Rules.classic()
    print(f"{args.seeds} seeds x 6 seating orders, {args.rules} rules")
    print(table(tournament(range(args.seeds), rules)))


if __name__ == "__main__":
    main()
