"""A simple player that reads the whole state, hands included: the tests use it to drive
games toward their interesting corners (the barrel, bolts, redeals) quickly.

It is no model of fair play: the bots of :mod:`thousand.bots` decide from observations. It
lives with the tests, not in the package: no user needs a player that sees every hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from thousand.actions import (
    Action,
    Bid,
    Contract,
    Distribute,
    Give,
    Hidden,
    Look,
    Pass,
    Play,
    Redeal,
    Unhide,
)
from thousand.bots import best_marriage_lead, cheapest
from thousand.cards import Card, Rank
from thousand.play import trick_winner
from thousand.state import Phase, State

__all__ = ["cautious_choice", "hand_estimate"]


def hand_estimate(hand: frozenset[Card]) -> int:
    """A rough guess of the points a hand can make: its card points and a half, plus its
    marriages."""
    estimate = 30 + sum(c.points for c in hand) * 3 // 2
    for suit in {c.suit for c in hand}:
        if {c.rank for c in hand if c.suit == suit} >= {Rank.KING, Rank.QUEEN}:
            estimate += suit.marriage_value
    return estimate


def cautious_choice(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Bid only what the hand promises, call a redeal half the time it may, give the deal up when
    it is hopeless, fix the lowest contract, give away low cards, and play greedily."""
    seat = state.to_move
    assert seat is not None
    if Redeal() in actions and rng.random() < 0.5:
        return Redeal()
    if state.phase is Phase.HIDDEN_CHOICE:
        return Hidden() if rng.random() < 0.15 else Look()
    hand = state.hands[seat]
    if state.phase in (Phase.BIDDING, Phase.UNHIDING):
        estimate = hand_estimate(hand)
        calls = [a for a in actions if isinstance(a, Bid | Unhide) and a.value <= estimate]
        if Pass() in actions and not calls:
            return Pass()
        return calls[0] if calls else actions[0]
    if state.phase is Phase.GIVING:
        bid = state.high_bid or 0
        if Distribute() in actions and hand_estimate(hand) < bid - 30:
            return Distribute()
        gives = [a for a in actions if isinstance(a, Give)]
        return min(gives, key=lambda g: (g.card.points, g.card.rank))
    contracts = [a for a in actions if isinstance(a, Contract)]
    if contracts:
        return contracts[0]
    plays = [a for a in actions if isinstance(a, Play)]
    if plays:
        return _card_play(state, plays)
    return rng.choice(actions)


def _card_play(state: State, plays: Sequence[Play]) -> Play:
    """Lead high (declaring the best marriage one can), win a trick as cheaply as possible,
    otherwise throw the lowest card."""
    if not state.trick:
        marriage = best_marriage_lead(plays)
        if marriage is not None:
            return marriage
        return max(plays, key=lambda p: (p.card.rank, p.card.points))
    winners = [p for p in plays if trick_winner((*state.trick, (-1, p.card)), state.trump) == -1]
    if winners:
        return min(winners, key=lambda p: (p.card.suit == state.trump, p.card.rank))
    return cheapest(plays)
