"""Spreads of the unseen cards over a deal's places, counted and drawn uniformly.

A spread puts each unseen card in a group (a seat's dealt hand or the talon) allowed by its
mask, each group taking as many as its capacity. :func:`spread` draws among all of them.
:func:`~thousand.sample_state` first draws with it, and rejects the spreads where an action
would be illegal. When the bids were high, few spreads give the bidders the marriages their
bids need, and rejection can fail to find one. :class:`LimitedSpread` draws only among the
spreads where every such need is met: each bidder's dealt hand allows its bid (R-BID-3, A21,
A22), an unhider's holds a marriage (A15), and the declarer's hand with the talon allows the
contract (R-TALON-3; the two gives can only lower it). It is still uniform over those
spreads, so the rejection that follows keeps the draw uniform over the consistent worlds.
It also keeps to the gives (R-TALON-2): each opponent got one card from the declarer, so of
the cards it played at most one was dealt elsewhere (none, where the seat drawing saw that
give). Such a card's mask names its receiver, and a capacity past the groups' counts the
receiver's give (:func:`placed`).

Only the kings and queens (and the aces, where four of them count, A21) decide whether a need
is met. The count goes suit by suit over where those cards lie, and once a need is met it
stays met (a limit never falls when cards are added), which keeps the count small.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from ._checks import limit_of
from .cards import PACK, Card, Rank, Suit
from .rules import Rules

__all__ = ["LimitedSpread", "Need", "count", "spread"]


class Need(NamedTuple):
    """What a bid asks of the cards of some groups: it must be within their limit."""

    #: The groups whose cards count together, as a bitmask of group indexes.
    groups: int
    #: The cards that do not count, as a card bitmask: they are known to have left the hand.
    gone: int
    #: The bid or contract the counted cards must allow.
    value: int
    #: Whether they must hold a K+Q marriage too (an unhide, A15).
    marriage: bool


#: A need that the cards placed so far meet already.
_MET: Final = -1
#: A count of spreads and the ways one suit's cards can go towards them (LimitedSpread).
_Branches = tuple[int, list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]]
#: A need's progress is kept as one int: the marriages' value times _MARRIAGE_SCALE plus the
#: number of aces, or _MET.
_MARRIAGE_SCALE: Final = 8


#: The places a card can be dealt to: the seats 0..3 and the talon (at a table of three
#: place 3 takes no card).
TALON: Final = 4
GROUPS: Final = range(TALON + 1)
#: Above its groups a card's mask may name a receiver: a seat that got one unseen card from the
#: declarer and later played this one. Bits 8-11 hold that seat + 1, bits 12 up the capacity
#: entry (past the groups') that counts the cards the seat may yet have received.
RECEIVER_SHIFT: Final = 8
BUDGET_SHIFT: Final = 12


def placed(allowed: int, group: int, capacity: tuple[int, ...]) -> tuple[int, ...] | None:
    """The capacities left once a card of mask ``allowed`` goes to ``group``; None when it may
    not: the group is not allowed or full, or the card is a receiver's and the receiver has
    already been given its card (a card it played from another place came to it as a give)."""
    if not (allowed >> group & 1 and capacity[group]):
        return None
    left = list(capacity)
    left[group] -= 1
    receiver = allowed >> RECEIVER_SHIFT & 15
    if receiver and group != receiver - 1:
        budget = allowed >> BUDGET_SHIFT
        if not left[budget]:
            return None
        left[budget] -= 1
    return tuple(left)


def count(cards: list[int], capacity: tuple[int, ...], memo: dict[tuple[int, ...], int]) -> int:
    """The number of ways to put the cards (as masks of allowed groups, see :func:`placed`)
    into the groups, each taking at most its capacity (``sample_state``'s capacities add up to
    the cards). ``memo`` serves the suffixes of one list of cards only."""
    key = (len(cards), *capacity)
    if key in memo:
        return memo[key]
    if not cards:
        return 1
    allowed, rest = cards[0], cards[1:]
    total = 0
    for group in GROUPS:
        if allowed >> group & 1 and capacity[group]:
            if allowed >> RECEIVER_SHIFT:
                after = placed(allowed, group, capacity)
                if after is not None:
                    total += count(rest, after, memo)
                continue
            left = list(capacity)  # the common case, inline
            left[group] -= 1
            total += count(rest, tuple(left), memo)
    memo[key] = total
    return total


def spread(
    cards: list[int],
    capacity: tuple[int, ...],
    rng: random.Random,
    memo: dict[tuple[int, ...], int],
) -> list[int] | None:
    """A uniformly drawn group for each card, respecting the allowed groups and capacities."""
    if count(cards, capacity, memo) == 0:
        return None
    out = []
    left = capacity
    for i, allowed in enumerate(cards):
        rest = cards[i + 1 :]
        weights = []
        for group in GROUPS:
            after = placed(allowed, group, left)
            weights.append((group, 0 if after is None else count(rest, after, memo), after))
        pick = rng.randrange(sum(w for _, w, _ in weights))
        for group, weight, after in weights:
            if pick < weight:
                assert after is not None
                out.append(group)
                left = after
                break
            pick -= weight
    return out


def _counted(need: Need, card: int, group: int) -> bool:
    """Whether the card of index ``card``, placed in ``group`` (-1: not placed), counts
    towards ``need``."""
    return group >= 0 and bool(need.groups >> group & 1) and not need.gone >> card & 1


class LimitedSpread:
    """Uniform draws of a group for each unseen card, among the spreads that meet ``needs``.

    ``masks[i]`` is the allowed groups of ``unknown[i]`` (and its receiver, see
    :func:`placed`), ``capacity[g]`` the number of unseen cards group ``g`` takes (they add up
    to the number of unseen cards; the receivers' entries follow), ``known`` the group of
    every seen card."""

    def __init__(
        self,
        rules: Rules,
        unknown: list[Card],
        masks: list[int],
        capacity: tuple[int, ...],
        known: dict[Card, int],
        needs: list[Need],
    ) -> None:
        assert sum(capacity[: len(GROUPS)]) == len(unknown) == len(masks)
        self.rules = rules
        self.needs = needs
        self.capacity = capacity
        ranks = (
            (Rank.KING, Rank.QUEEN, Rank.ACE)
            if rules.play.ace_marriage
            else (Rank.KING, Rank.QUEEN)
        )
        where = {card: i for i, card in enumerate(unknown)}
        # Per suit: the places in ``unknown`` of its deciding cards, and each one's ranks.
        self.suits: list[tuple[Suit, list[tuple[int, Rank]]]] = []
        for suit in Suit:
            cards = [PACK[6 * suit + rank] for rank in ranks]
            self.suits.append((suit, [(where[c], c.rank) for c in cards if c in where]))
        deciding = {i for _, cards in self.suits for i, _ in cards}
        self.unknown = unknown
        self.masks = masks
        self.known = known
        self.rest = [i for i in range(len(unknown)) if i not in deciding]
        self.rest_masks = [masks[i] for i in self.rest]
        self.rest_memo: dict[tuple[int, ...], int] = {}
        self.memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], _Branches] = {}
        # Nothing placed yet: the seen cards count suit by suit, in _after.
        self.start = tuple(self._progress(j, 0) for j in range(len(needs)))

    def _progress(self, j: int, value: int) -> int:
        """Need ``j``'s progress ``value``, or _MET where it is met already."""
        need = self.needs[j]
        total, aces = divmod(value, _MARRIAGE_SCALE)
        if limit_of(self.rules, total, aces == 4) >= need.value and (total or not need.marriage):
            return _MET
        return value

    def _placements(
        self, s: int, capacity: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Where suit ``s``'s unseen deciding cards can go: each way's groups (in the order of
        its cards) and the capacities left."""
        ways: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), capacity)]
        for i, _ in self.suits[s][1]:
            grown = []
            for groups, left in ways:
                for g in GROUPS:
                    after = placed(self.masks[i], g, left)
                    if after is not None:
                        grown.append(((*groups, g), after))
            ways = grown
        return ways

    def _after(self, s: int, groups: tuple[int, ...], progress: tuple[int, ...]) -> tuple[int, ...]:
        """The needs' progress once suit ``s``'s unseen deciding cards are in ``groups``."""
        suit, cards = self.suits[s]
        place = {rank: g for (_, rank), g in zip(cards, groups, strict=True)}
        for card, g in self.known.items():
            if card.suit is suit:
                place.setdefault(card.rank, g)
        king, queen, ace = (
            (6 * suit + rank, place.get(rank, -1)) for rank in (Rank.KING, Rank.QUEEN, Rank.ACE)
        )
        out = []
        for j, value in enumerate(progress):
            if value != _MET:
                need = self.needs[j]
                if _counted(need, *king) and _counted(need, *queen):
                    value += suit.marriage_value * _MARRIAGE_SCALE
                if self.rules.play.ace_marriage and _counted(need, *ace):
                    value += 1
                value = self._progress(j, value)
            out.append(value)
        return tuple(out)

    def _ways(self, s: int, capacity: tuple[int, ...], progress: tuple[int, ...]) -> int:
        """The number of spreads of the deciding cards of suits ``s`` on and of the other
        cards into ``capacity`` that meet every need."""
        if s == len(self.suits):
            if any(p != _MET for p in progress):
                return 0
            return count(self.rest_masks, capacity, self.rest_memo)
        return self._branches(s, capacity, progress)[0]

    def _branches(self, s: int, capacity: tuple[int, ...], progress: tuple[int, ...]) -> _Branches:
        """The count of :meth:`_ways`, with the ways suit ``s``'s cards can go that lead to
        some spread: each one's count, groups, capacities and progress after it."""
        key = (s, capacity, progress)
        found = self.memo.get(key)
        if found is None:
            branches = []
            for groups, left in self._placements(s, capacity):
                after = self._after(s, groups, progress)
                weight = self._ways(s + 1, left, after)
                if weight:
                    branches.append((weight, groups, left, after))
            found = self.memo[key] = (sum(b[0] for b in branches), branches)
        return found

    def met(self) -> bool:
        """Whether it draws as :func:`spread` does: the seen cards meet every need already, and
        no card is a receiver's."""
        return all(p == _MET for p in self.start) and all(
            m >> RECEIVER_SHIFT == 0 for m in self.masks
        )

    def size(self) -> int:
        """The number of spreads that meet every need."""
        return self._ways(0, self.capacity, self.start)

    def draw(self, rng: random.Random) -> list[int] | None:
        """A group for each unseen card, uniformly among the spreads that meet the needs; None
        when there is none."""
        capacity, progress = self.capacity, self.start
        out = [0] * len(self.unknown)
        for s, (_, cards) in enumerate(self.suits):
            total, branches = self._branches(s, capacity, progress)
            if not total:
                return None
            pick = rng.randrange(total)
            for branch in branches:
                if pick < branch[0]:
                    break
                pick -= branch[0]
            _, groups, capacity, progress = branch
            for (i, _), g in zip(cards, groups, strict=True):
                out[i] = g
        rest = spread(self.rest_masks, capacity, rng, self.rest_memo)
        assert rest is not None  # the count above found a way
        for i, g in zip(self.rest, rest, strict=True):
            out[i] = g
        return out
