"""Computer players that decide from what their seat may know.

A bot is anything with ``act(observation) -> Action``: it sees an :class:`Observation`, never
the state, so it cannot cheat. :class:`RandomBot` picks a legal action at random;
:class:`HeuristicBot` bids from an estimate of its hand, gives away cheap cards and plays
with a few simple card-play rules.

At a table of four the bots play as at three: the sitter is never to move, so no bot is asked to
act for it, and the states the solver bot draws keep its hand empty (R-FOUR-1).

A bot that draws lots takes a ``random.Random``. Made without one, it gets one from the game
when :mod:`thousand.arena` seats it (:meth:`RandomBot.seated`): a generator drawn from the
game's seed and the bot's seat, so that a seed gives the same game. Used outside the arena, such
a bot draws from one generator of this module, seeded by the operating system.

>>> import random
>>> import thousand as th
>>> from thousand.bots import HeuristicBot
>>> bot = HeuristicBot(random.Random(1))
>>> state = th.apply(th.new_game(), th.Deal.parse(
...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
>>> bot.act(th.observe(state, state.to_move))  # seat 1 must open: clubs marriage, 43 points
Bid(value=100)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from typing import Protocol, Self, TypeVar, runtime_checkable

import attrs

from .actions import (
    Action,
    Bid,
    Contract,
    Distribute,
    Give,
    Look,
    Pass,
    Play,
    Redeal,
    Unhide,
)
from .cards import Card, Rank, Suit
from .engine import apply, legal_actions
from .observation import Observation
from .play import trick_winner
from .state import Phase, State

__all__ = [
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SolverBot",
    "best_marriage_lead",
    "cheapest",
    "cheapest_give",
    "hand_value",
]


@runtime_checkable
class Bot(Protocol):
    """A player: it chooses one of ``observation.legal_actions``.

    A bot may also have ``seated(rng) -> Bot``: the arena calls it at the start of each game
    (or single deal) with a generator drawn from the seed and the seat, and plays with the bot
    it returns. The built-in bots return themselves when made with a generator."""

    def act(self, observation: Observation) -> Action:
        """The action to take; called only when the bot's seat is to move."""
        ...


#: The generator of the bots made without one and used outside the arena.
_UNSEEDED = random.Random()


_B = TypeVar("_B", "RandomBot", "HeuristicBot")


def _seated(bot: _B, rng: random.Random) -> _B:
    """The bot for one game: itself when it has a generator, else a copy that draws from
    ``rng``."""
    return bot if bot.rng is not None else attrs.evolve(bot, rng=rng)


def _rng(bot: RandomBot | HeuristicBot | SolverBot) -> random.Random:
    """The bot's generator, or the shared unseeded one when it was made without one."""
    return _UNSEEDED if bot.rng is None else bot.rng


def _chance(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= 1:
        raise ValueError(f"{attribute.name} must be a probability from 0 to 1, not {value!r}")


@attrs.define
class RandomBot:
    """Uniformly random legal play, except for redeals: when one is legal it calls it with
    probability ``redeal_chance`` only. Under a generous Reshuffle on Card Score a redeal is
    legal at every seat's first call, beside a handful of bids for the opener, so a uniform
    choice would redeal more than half of the deals (A9 sets no limit); at 0.1, about a
    quarter."""

    rng: random.Random | None = None
    redeal_chance: float = attrs.field(default=0.1, validator=_chance)

    seated = _seated

    def act(self, observation: Observation) -> Action:
        rng = _rng(self)
        legal = observation.legal_actions
        if isinstance(legal[-1], Redeal):  # the agreements' actions come last
            if rng.random() < self.redeal_chance:
                return legal[-1]
            legal = legal[:-1]
        return rng.choice(legal)


def _marriages(hand: frozenset[Card]) -> list[Suit]:
    return [s for s in Suit if Card(s, Rank.KING) in hand and Card(s, Rank.QUEEN) in hand]


def hand_value(hand: frozenset[Card]) -> int:
    """A rough estimate of the deal points a hand can take as declarer: its aces and tens and
    a share of its other card points, plus its marriages."""
    value = 25
    for card in hand:
        if card.rank is Rank.ACE:
            value += 16
        elif card.rank is Rank.TEN:
            same = {c.rank for c in hand if c.suit is card.suit}
            value += 12 if Rank.ACE in same else 6
        else:
            value += card.points // 2
    return value + sum(s.marriage_value for s in _marriages(hand))


@attrs.define
class HeuristicBot:
    """Bids what :func:`hand_value` promises, looks rather than playing blind, calls a redeal
    when its hand is weak (:meth:`wants_redeal`), gives the deal up when it is hopeless, gives
    away its cheapest cards outside its marriages, fixes the lowest contract, and plays
    greedily: leads its best marriage or an ace, wins a trick as cheaply as it can, and
    otherwise throws its cheapest card. It draws from ``rng`` only where no rule decides."""

    rng: random.Random | None = None
    #: Points added to the hand's value before bidding: higher is bolder.
    boldness: int = 0
    #: A hand valued below this (:func:`hand_value`) calls a redeal when it may, unless its
    #: seat is the declarer: about one hand in seven.
    redeal_below: int = 45

    seated = _seated

    def wants_redeal(self, observation: Observation) -> bool:
        """Whether to call a redeal, where one is legal. It costs nothing (A9), so it is worth
        calling with a weak hand: the declarer's hand (after the talon) when its value is below
        the bid or contract, any other seat's below ``redeal_below``; never with a hand it does
        not see."""
        hand = observation.hand
        if hand is None:
            return False
        if observation.declarer == observation.seat:
            need = observation.contract or observation.high_bid or 120
            return hand_value(hand) < need
        return hand_value(hand) < self.redeal_below

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if isinstance(legal[-1], Redeal):  # the agreements' actions come last
            if self.wants_redeal(observation):
                return legal[-1]
            legal = legal[:-1]
        if observation.phase is Phase.HIDDEN_CHOICE:
            return Look()
        hand = observation.hand or frozenset()
        if observation.phase in (Phase.BIDDING, Phase.UNHIDING):
            return self._call(hand, legal)
        if observation.phase is Phase.GIVING:
            return self._give(observation, hand, legal)
        if observation.phase is Phase.CONTRACT:
            return min((a for a in legal if isinstance(a, Contract)), key=lambda a: a.value)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return _play(observation, plays)
        return _rng(self).choice(legal)

    def _call(self, hand: frozenset[Card], legal: Sequence[Action]) -> Action:
        value = hand_value(hand) + self.boldness
        calls = [a for a in legal if isinstance(a, Bid | Unhide) and a.value <= value]
        if calls:
            return min(calls, key=lambda a: a.value)
        if Pass() in legal:
            return Pass()
        return min((a for a in legal if isinstance(a, Bid)), key=lambda a: a.value)

    def _give(
        self, observation: Observation, hand: frozenset[Card], legal: Sequence[Action]
    ) -> Action:
        bid = observation.high_bid or 0
        if Distribute() in legal and hand_value(hand) + 20 < bid:
            return Distribute()
        return cheapest_give(hand, legal)


def cheapest_give(hand: frozenset[Card], legal: Sequence[Action]) -> Give:
    """The legal give of the cheapest card outside the hand's marriages."""
    keep = {c for s in _marriages(hand) for c in hand if c.suit is s}
    gives = [a for a in legal if isinstance(a, Give)]
    return min(gives, key=lambda g: (g.card in keep, g.card.points, g.card.rank))


def _play(observation: Observation, plays: Sequence[Play]) -> Play:
    trump = observation.trump
    if not observation.trick:
        marriage = best_marriage_lead(plays)
        if marriage is not None:
            return marriage
        aces = [p for p in plays if p.card.rank is Rank.ACE]
        if aces:
            return aces[0]
        return cheapest(plays)
    me = observation.seat
    winners = [p for p in plays if trick_winner((*observation.trick, (me, p.card)), trump) == me]
    partner_wins = False
    if observation.declarer is not None and me != observation.declarer:
        leader = trick_winner(observation.trick, trump)
        partner_wins = leader != observation.declarer and len(observation.trick) == 2
    if partner_wins:  # the other opponent has the trick: give it points
        return max(plays, key=lambda p: (p.card.points, -p.card.rank))
    if winners:
        return min(winners, key=lambda p: (p.card.suit == trump, p.card.rank))
    return cheapest(plays)


def best_marriage_lead(plays: Sequence[Play]) -> Play | None:
    """The lead that declares the most valuable marriage (the ace marriage counts 200)."""
    marriages = [p for p in plays if p.marriage]
    if not marriages:
        return None
    return max(
        marriages, key=lambda p: 200 if p.card.rank is Rank.ACE else p.card.suit.marriage_value
    )


def cheapest(plays: Sequence[Play]) -> Play:
    """The play that gives away the fewest points, the lowest rank among equals."""
    return min(plays, key=lambda p: (p.card.points, p.card.rank))


@attrs.define
class SolverBot:
    """Perfect-information Monte Carlo: it draws states consistent with what its seat knows
    (:func:`~thousand.sample_state`) and asks the solver about each, with ``samples`` draws
    per decision. ``time_budget`` (seconds; none by default) stops the draws early, at least
    one being made: a finite budget makes its play depend on the machine's speed, while
    without one the bot is reproducible from its ``rng``.

    - In the play it solves each draw (:func:`~thousand.solve`) and plays the action that is
      optimal in the most of them (a draw's vote shared among its optimal actions); it stops
      drawing once the draws left could not change the leader.
    - In the auction it raises to the lowest bid it may make when, in at least
      ``confidence`` of the draws, it could make that bid as declarer (:func:`~thousand.can_make`
      after taking the talon, giving its cheapest cards and leading); otherwise it passes.
    - As declarer it fixes the contract that scores best on average over the draws (in each
      draw, the highest contract it can make with ``caution`` points to spare, found by a
      binary search with one :class:`~thousand.solver.Solver`).

    Elsewhere (hidden games, redeals, the gives) it decides like a :class:`HeuristicBot`.
    """

    rng: random.Random | None = None
    samples: int = 6
    time_budget: float = math.inf
    #: The share of draws in which a bid must be makeable before the bot makes it.
    confidence: float = 0.6
    #: Points a bid must be makeable by beyond its value in a draw: a draw shows the declarer
    #: every card, so it promises more than play without seeing them makes.
    caution: int = 20
    heuristic: HeuristicBot = attrs.field()

    @heuristic.default
    def _heuristic(self) -> HeuristicBot:
        return HeuristicBot(self.rng)

    def seated(self, rng: random.Random) -> Self:
        """This bot for one game: itself when it and its heuristic have generators, else a copy
        in which those without one draw from ``rng``."""
        if self.rng is not None and self.heuristic.rng is not None:
            return self
        own = rng if self.rng is None else self.rng
        return attrs.evolve(self, rng=own, heuristic=self.heuristic.seated(own))

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[-1], Redeal) and self.heuristic.wants_redeal(observation):
            return legal[-1]  # the searches below never call one
        if observation.phase is Phase.PLAYING:
            return self._play(observation)
        if observation.phase is Phase.BIDDING and Pass() in legal:
            return self._bid(observation)
        if observation.phase is Phase.CONTRACT:
            return self._contract(observation)
        return self.heuristic.act(observation)

    def _draws(self, observation: Observation) -> Iterator[State]:
        from .determinize import sample_state

        rng = _rng(self)
        start = time.perf_counter()
        for _ in range(max(1, self.samples)):
            yield sample_state(observation, rng)
            if time.perf_counter() - start > self.time_budget:
                return

    def _play(self, observation: Observation) -> Action:
        from .solver import solve

        legal = observation.legal_actions
        votes = dict.fromkeys(legal, 0.0)
        left = max(1, self.samples)
        for draw in self._draws(observation):
            best = solve(draw).best
            for action in best:
                votes[action] += 1 / len(best)
            left -= 1
            # A draw gives an action one vote at most: once the leader cannot be caught (with
            # a margin for the rounding of the shares), the draws left would change nothing.
            first, second = sorted(votes.values(), reverse=True)[:2]
            if first - second > left + 1e-9:
                break
        return max(legal, key=lambda a: votes[a])

    def _bid(self, observation: Observation) -> Action:
        from .solver import can_make

        bids = [a for a in observation.legal_actions if isinstance(a, Bid)]
        if not bids:
            return Pass()
        bid = min(bids, key=lambda a: a.value)
        made = tried = 0
        for draw in self._draws(observation):
            lead = _lead_as_declarer(draw, observation.seat, bid)
            if lead is not None:
                tried += 1
                made += can_make(lead, bid.value + self.caution)
        return bid if tried and made >= self.confidence * tried else Pass()

    def _contract(self, observation: Observation) -> Action:
        contracts = sorted(
            (a for a in observation.legal_actions if isinstance(a, Contract)),
            key=lambda a: a.value,
        )
        # The score each contract would bring, summed over the draws.
        totals = [0] * len(contracts)
        for draw in self._draws(observation):
            lead = apply(draw, contracts[0])
            if lead.phase is not Phase.PLAYING:
                continue
            made = _highest_made(lead, [c.value + self.caution for c in contracts])
            for i, contract in enumerate(contracts):
                totals[i] += contract.value if i <= made else -contract.value
        best = max(range(len(contracts)), key=lambda i: (totals[i], -i))
        return contracts[best]


def _highest_made(state: State, values: Sequence[int]) -> int:
    """The index of the highest of the increasing ``values`` the declarer can make from
    ``state`` (a binary search with one :class:`~thousand.solver.Solver`, whose searches
    share their work), or -1 for none."""
    from .solver import Solver

    solver = Solver(state)
    low, high = -1, len(values) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if solver.can_make(values[middle]):
            low = middle
        else:
            high = middle - 1
    return low


def _lead_as_declarer(state: State, seat: int, bid: Bid) -> State | None:
    """``state`` after ``seat`` makes ``bid``, the others pass, and ``seat`` takes the talon,
    gives its cheapest cards and fixes the bid as contract: the first lead of the play. None
    when the deal would go otherwise."""
    state = apply(state, bid)
    while state.phase is not Phase.PLAYING:
        mover = state.to_move
        if mover is None:  # the deal ended or is dealt again
            return None
        legal = legal_actions(state)
        if mover != seat:
            if Pass() not in legal:
                return None
            action: Action = Pass()
        elif state.phase is Phase.GIVING:
            action = cheapest_give(state.hands[seat], legal)
        elif state.phase is Phase.CONTRACT:
            action = min((a for a in legal if isinstance(a, Contract)), key=lambda a: a.value)
        else:
            return None
        state = apply(state, action)
    return state if state.declarer == seat else None
