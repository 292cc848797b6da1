"""The solver of version 0.1, frozen as it was before the search was sped up (``git show
cb45181:src/thousand/solver.py``): the reference that tests/test_solver.py checks the solver
against on whole deals. Only its imports changed. Do not edit.

A perfect-information solver for the play: how many deal points the declarer can be sure of.

With every card known, the declarer plays to take as many deal points (cards and its own
marriages) as it can, and the two opponents play together to leave it as few as they can.
:func:`solve` finds that value and every optimal action; :func:`can_make` answers the question
bots ask most, whether the declarer can reach a number of points against best defence, with a
null-window search. Both use alpha-beta over the cards with a transposition table at the
start of each trick, searching the highest cards first, and cut a line short as soon as the
declarer's target is reached or the card points and marriages left could no longer reach it.
The last seat of a trick tries one card of each run of equivalent cards, the one that is
provably best (no two ranks score alike, so earlier seats cannot prune this way exactly).

The search keeps its own bitmask copy of the position, with the rules of R-PLAY-*,
R-MARRIAGE-*, A21 and A23, and never builds states.
"""

from __future__ import annotations

from typing import Final

import attrs

from thousand.actions import PLAY, PLAY_MARRIAGE, Action
from thousand.cards import _POINTS_BY_INDEX, Rank, Suit
from thousand.errors import IllegalActionError
from thousand.state import Phase, State

__all__ = ["Solution", "can_make", "solve"]

_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)
_ACES: Final = sum(1 << (6 * s + Rank.ACE) for s in Suit)
_MARRIAGE: Final = (40, 60, 80, 100)
_ACE_MARRIAGE: Final = 200
_INF: Final = 10_000


@attrs.frozen
class Solution:
    """The declarer's deal points with best play on both sides, and every optimal action of
    the seat to move."""

    value: int
    best: tuple[Action, ...]


class _Search:
    """One search: the position as mutable bitmasks, changed and restored move by move."""

    def __init__(self, state: State) -> None:
        if state.phase is not Phase.PLAYING:
            raise IllegalActionError(
                "solve", state.phase, "the solver works on the play, with every card known"
            )
        rules = state.rules.play
        self.must_trump = rules.must_trump
        self.optional = rules.marriage_declaration == "optional"
        self.first_move = rules.trumps_in_first_move
        self.ace_marriage = rules.ace_marriage
        self.opponent_trumps = rules.opponent_trumps
        declarer = state._declarer
        assert declarer is not None  # the play always has a declarer
        self.declarer = declarer
        self.hands = list(state._hands)
        self.trick = [(seat, card.index) for seat, card in state._trick]
        self.trump = -1 if state._trump is None else int(state._trump)
        self.owner = -1
        for seat, suit in state._marriages:
            if suit is not None:
                self.owner = seat
        self.done = state.tricks_played
        self.to_move = state._to_move
        # At the start of a trick: (lower bound, upper bound, best move) of the points to come.
        self.table: dict[tuple[int, ...], tuple[int, int, tuple[int, bool] | None]] = {}

    def moves(self, seat: int, prune: bool = True) -> list[tuple[int, bool]]:
        """The legal plays of ``seat`` as (card index, declares), highest cards first; with
        ``prune``, the last card of a trick leaves out equivalent cards that cannot do better
        (:meth:`_equivalents`)."""
        hand = self.hands[seat]
        if self.trick:
            lead = self.trick[0][1] // 6
            allowed = hand & _SUIT_MASKS[lead]
            if not allowed:
                allowed = hand
                if self.trump >= 0:
                    trumps = hand & _SUIT_MASKS[self.trump]
                    if not self.opponent_trumps and seat != self.owner:
                        if hand ^ trumps:
                            allowed = hand ^ trumps
                    elif trumps and self.must_trump:
                        allowed = trumps
            if prune and len(self.trick) == 2 and allowed & (allowed - 1):
                allowed = self._equivalents(seat, allowed)
            return [(i, False) for i in _indices(allowed)]
        out: list[tuple[int, bool]] = []
        may_declare = self.done > 0 or self.first_move
        declarable = 0
        if may_declare:
            for suit in range(4):
                if (hand >> (6 * suit)) & _QK == _QK:
                    declarable |= _QK << (6 * suit)
            if self.ace_marriage and hand & _ACES == _ACES:
                declarable |= _ACES
        for i in _indices(hand):
            if declarable >> i & 1:
                out.append((i, True))
                if self.optional:
                    out.append((i, False))
            else:
                out.append((i, False))
        return out

    def _equivalents(self, seat: int, allowed: int) -> int:
        """``allowed`` less the cards the last seat of a trick need not try.

        Cards of one suit in one hand are equivalent when no card still to be played by
        another seat, and none on the table, ranks between them: they win or lose the same
        tricks now and later. Swapping two of them only moves the difference of their points
        between this trick and a later one, so the side that takes this trick does best to put
        the higher card on it, the other side the lower (a marriage held, or the four aces
        under Ace Marriage, are kept out: playing either card gives up the declaration).
        """
        (s0, c0), (s1, c1) = self.trick
        hand = self.hands[seat]
        others = ((self.hands[0] | self.hands[1] | self.hands[2]) ^ hand) | (1 << c0) | (1 << c1)
        all_aces = self.ace_marriage and hand & _ACES == _ACES
        side = seat == self.declarer
        keep = 0
        for suit in range(4):
            base = 6 * suit
            cards = allowed >> base & 63
            if not cards:
                continue
            held = _QK if hand >> base & _QK == _QK else 0
            if all_aces:
                held |= 1 << Rank.ACE
            for high, low in _groups(cards, others >> base & 63, held):
                if high != low:
                    wins = _winner3(s0, c0, s1, c1, seat, base + high, self.trump) == self.declarer
                    if wins != side:
                        high = low
                keep |= 1 << (base + high)
        return keep

    def search(self, seat: int, alpha: int, beta: int) -> int:
        """The declarer's points still to come, with ``seat`` to move and best play, within
        (alpha, beta)."""
        if beta <= 0:  # no points can be taken away: the declarer has its target already
            return 0
        key: tuple[int, ...] | None = None
        first: tuple[int, bool] | None = None
        if not self.trick:
            if self.done == 8:
                return 0
            h0, h1, h2 = self.hands
            # Fail low at once when even every card left and every marriage the declarer
            # holds cannot lift it above alpha.
            left = h0 | h1 | h2
            d = self.hands[self.declarer]
            most = (
                _POINTS6[left & 63]
                + _POINTS6[left >> 6 & 63]
                + _POINTS6[left >> 12 & 63]
                + _POINTS6[left >> 18]
                + _MARRIAGE6[0][d & 63]
                + _MARRIAGE6[1][d >> 6 & 63]
                + _MARRIAGE6[2][d >> 12 & 63]
                + _MARRIAGE6[3][d >> 18]
            )
            if self.ace_marriage and d & _ACES == _ACES:
                most += _ACE_MARRIAGE
            if most <= alpha:
                return most
            key = (h0, h1, h2, seat, self.trump, self.owner, self.done > 0)
            entry = self.table.get(key)
            if entry is not None:
                low, high, first = entry
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        moves = self.moves(seat)
        if first is not None:  # the move that was best here before goes first
            moves.remove(first)
            moves.insert(0, first)
        start_alpha, start_beta = alpha, beta
        maximize = seat == self.declarer
        best = -_INF if maximize else _INF
        best_move = None
        for move in moves:
            value = self.play(seat, move[0], move[1], alpha, beta)
            if maximize:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None:
            low, high, _ = self.table.get(key, (-_INF, _INF, None))
            if best <= start_alpha:
                high = min(high, best)
            elif best >= start_beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high, best_move)
        return best

    def play(self, seat: int, card: int, declares: bool, alpha: int, beta: int) -> int:
        """Play ``card`` and search on; the position is restored afterwards."""
        hands = self.hands
        bit = 1 << card
        hands[seat] ^= bit
        gain = 0
        if declares:
            old_trump, old_owner = self.trump, self.owner
            if card % 6 == Rank.ACE:
                gain = _ACE_MARRIAGE if seat == self.declarer else 0
            else:
                self.trump, self.owner = card // 6, seat
                gain = _MARRIAGE[card // 6] if seat == self.declarer else 0
        trick = self.trick
        if len(trick) == 2:
            (s0, c0), (s1, c1) = trick
            winner = _winner3(s0, c0, s1, c1, seat, card, self.trump)
            if winner == self.declarer:
                points = _POINTS_BY_INDEX
                gain += points[c0] + points[c1] + points[card]
            self.trick = []
            self.done += 1
            value = gain + self.search(winner, alpha - gain, beta - gain)
            self.done -= 1
            self.trick = trick
        else:
            trick.append((seat, card))
            value = gain + self.search((seat + 1) % 3, alpha - gain, beta - gain)
            trick.pop()
        if declares:
            self.trump, self.owner = old_trump, old_owner
        hands[seat] ^= bit
        return value


def _winner3(s0: int, c0: int, s1: int, c1: int, s2: int, c2: int, trump: int) -> int:
    """R-PLAY-3 for a complete trick of three (seat, card index) plays."""
    best_seat, best = s0, c0
    if c1 // 6 == best // 6:
        if c1 > best:
            best_seat, best = s1, c1
    elif c1 // 6 == trump:
        best_seat, best = s1, c1
    if c2 // 6 == best // 6:
        if c2 > best:
            best_seat = s2
    elif c2 // 6 == trump:
        best_seat = s2
    return best_seat


# The equivalent groups of a hand's suit, by (its ranks, the ranks others still hold or have
# on the table, the ranks it must keep apart), as (highest, lowest) rank pairs.
_GROUPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _groups(cards: int, between: int, apart: int) -> tuple[tuple[int, int], ...]:
    """The groups of equivalent ranks among the 6-bit pattern ``cards``: runs not split by a
    rank of ``between``; a rank of ``apart`` stands alone."""
    key = cards | between << 6 | apart << 12
    found = _GROUPS.get(key)
    if found is None:
        out: list[tuple[int, int]] = []
        run: list[int] = []
        for rank in range(6):
            if cards >> rank & 1:
                if apart >> rank & 1:
                    out.append((rank, rank))
                else:
                    run.append(rank)
            elif between >> rank & 1 and run:
                out.append((run[-1], run[0]))
                run = []
        if run:
            out.append((run[-1], run[0]))
        found = _GROUPS[key] = tuple(out)
    return found


# The card points of each 6-bit suit pattern, and the marriage each pattern holds in each suit.
_POINTS6: Final = tuple(sum(_POINTS_BY_INDEX[r] for r in range(6) if p >> r & 1) for p in range(64))
_MARRIAGE6: Final = tuple(
    tuple(_MARRIAGE[s] if p & _QK == _QK else 0 for p in range(64)) for s in range(4)
)

# The card indices of each 6-bit suit pattern of each suit, highest first.
_HIGH_FIRST: Final = tuple(
    tuple(tuple(6 * s + r for r in range(5, -1, -1) if p >> r & 1) for p in range(64))
    for s in range(4)
)


def _indices(mask: int) -> list[int]:
    """The card indices of a mask, highest suit and rank first: strong cards are tried first."""
    t = _HIGH_FIRST
    return [
        *t[3][mask >> 18 & 63],
        *t[2][mask >> 12 & 63],
        *t[1][mask >> 6 & 63],
        *t[0][mask & 63],
    ]


def _action(card: int, declares: bool) -> Action:
    return PLAY_MARRIAGE[card] if declares else PLAY[card]


def solve(state: State) -> Solution:
    """The most deal points the declarer can be sure of from ``state`` (in the play, all cards
    known) against both opponents, and every optimal action of the seat to move."""
    search = _Search(state)
    declarer = state._declarer
    assert declarer is not None
    base = state._points[declarer]
    seat = search.to_move
    assert seat is not None
    value = search.search(seat, -_INF, _INF)
    best = []
    for card, declares in search.moves(seat, prune=False):
        # A move is optimal when its value reaches the best one: a null-window test.
        if seat == declarer:
            optimal = search.play(seat, card, declares, value - 1, value) >= value
        else:
            optimal = search.play(seat, card, declares, value, value + 1) <= value
        if optimal:
            best.append(_action(card, declares))
    return Solution(base + value, tuple(best))


def can_make(state: State, points: int) -> bool:
    """Can the declarer reach ``points`` deal points against best defence from ``state``?"""
    search = _Search(state)
    declarer = state._declarer
    assert declarer is not None
    needed = points - state._points[declarer]
    if needed <= 0:
        return True
    seat = search.to_move
    assert seat is not None
    return search.search(seat, needed - 1, needed) >= needed
