"""A perfect-information solver for the play: how many deal points the declarer can be sure of.

With every card known, the declarer plays to take as many deal points (cards and its own
marriages) as it can, and the two opponents play together to leave it as few as they can.
:func:`solve` finds that value and every optimal action; :func:`can_make` answers the question
bots ask most, whether the declarer can reach a number of points against best defence. A
:class:`Solver` answers several questions about one position and shares its work between them.

The search is alpha-beta over whole tricks: the three plays of a trick are nested loops, and a
transposition table at the start of each trick keeps bounds of the points to come and the best
lead. :func:`can_make` is one null-window search; :func:`solve` narrows the range of the value
with null-window tests of each move of the seat to move, keeping bounds for every move so that
a move is tested again only while its bounds leave it open. A line is cut short as soon as the
declarer's target is reached or the card points and marriages left could no longer reach it;
before a position is searched, the points its leader can cash (sure winners, marriages it can
declare) and the highest trumps bound its value. Leads are tried highest remaining cards
first, the second seat tries the cards that beat the lead first, the last seat the cards that
take the trick for its side. The last seat, and the second seat of a trick that neither
follower can take, try one card of each run of equivalent cards, the one that is provably best
(no two ranks score alike, so this is exact only where the trick's winner is known).

The search keeps its own bitmask copy of the position, with the rules of R-PLAY-*,
R-MARRIAGE-*, A21 and A23, and never builds states. At a table of four it plays the deal's three
active seats; the sitter holds no cards, makes no play and takes no part in the search
(R-FOUR-1), and the answers are the same as for those three hands at a table of three.
"""

from __future__ import annotations

from typing import Final

import attrs

from .actions import PLAY, PLAY_MARRIAGE, Action
from .cards import _POINTS_BY_INDEX, Rank, Suit
from .errors import IllegalActionError
from .state import Phase, State

__all__ = ["Solution", "Solver", "can_make", "solve"]

_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_QK: Final = (1 << Rank.QUEEN) | (1 << Rank.KING)
_ACE: Final = int(Rank.ACE)
_ACES: Final = sum(1 << (6 * s + Rank.ACE) for s in Suit)
#: Bit 0 of each suit's six bits.
_SUIT_BASES: Final = 0x41041
_MARRIAGE: Final = (40, 60, 80, 100)
_ACE_MARRIAGE: Final = 200
_INF: Final = 10_000
_NEXT: Final = (1, 2, 0)
#: The seats of the search's positions at a table of three: the seats themselves.
_SEATS: Final = (0, 1, 2)
_POINTS: Final = _POINTS_BY_INDEX
_SUIT_OF: Final = tuple(i // 6 for i in range(24))
_BASE_OF: Final = tuple(i - i % 6 for i in range(24))
#: A lead: a card index, plus this when it declares a marriage.
_DECLARES: Final = 32
#: The marriage a card belongs to: its value for a queen or king, else 0.
_MARRIAGE_OF: Final = tuple(_MARRIAGE[c // 6] if _QK >> c % 6 & 1 else 0 for c in range(24))

#: A table entry: (lower bound, upper bound, best lead or -1) of the points to come.
_Entry = tuple[int, int, int]


@attrs.frozen
class Solution:
    """The declarer's deal points with best play on both sides, and every optimal action of
    the seat to move."""

    value: int
    best: tuple[Action, ...]


class _Search:
    """The position as mutable bitmasks, changed and restored move by move, and the table of
    what is known of the positions at the start of a trick.

    Values are the declarer's points still to come. A search within (alpha, beta) returns the
    exact value when it lies inside, else a bound beyond the window on that side."""

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
        to_move = state._to_move
        assert declarer is not None and to_move is not None  # the play always has a declarer
        hands = state._hands
        if len(hands) == 3:  # every seat plays: positions are seats
            self.seats: tuple[int, ...] = _SEATS
            self.declarer = declarer
            self.hands = list(hands)
            self.trick = [(seat, card.index) for seat, card in state._trick]
            self.owner = -1
            for seat, suit in state._marriages:
                if suit is not None:
                    self.owner = seat
            self.to_move = to_move
        else:
            # A table of four (R-FOUR-1): the sitter holds no cards and never moves. The
            # search plays the three active seats as positions 0, 1, 2, in seat order, which
            # is their clockwise order (the left of position i is position i + 1 mod 3).
            seats = self.seats = tuple(sorted(state.active_seats))
            place = dict(zip(seats, range(3), strict=True))
            self.declarer = place[declarer]
            self.hands = [hands[seat] for seat in seats]
            self.trick = [(place[seat], card.index) for seat, card in state._trick]
            self.owner = -1
            for seat, suit in state._marriages:
                if suit is not None:
                    self.owner = place[seat]
            self.to_move = place[to_move]
        self.trump = -1 if state._trump is None else int(state._trump)
        self.done = state.tricks_played
        self.table: dict[int, _Entry] = {}

    # -- the rules ---------------------------------------------------------------------------

    def leads(self, seat: int) -> list[int]:
        """The leads of ``seat`` (card indices, plus :data:`_DECLARES` for those that declare),
        the highest remaining card of each suit first, then the others, higher ranks first. A
        marriage's king or queen (or an ace, all four held under Ace Marriage) declares, and
        may be led plainly too when declaring is optional."""
        hands = self.hands
        hand = hands[seat]
        declarable = 0
        if self.done > 0 or self.first_move:
            declarable = (hand >> 2 & hand >> 3 & _SUIT_BASES) * _QK
            if self.ace_marriage and hand & _ACES == _ACES:
                declarable |= _ACES
        left = hands[0] | hands[1] | hands[2]
        t = _TOP6
        tops = hand & (
            t[left & 63] | t[left >> 6 & 63] << 6 | t[left >> 12 & 63] << 12 | t[left >> 18] << 18
        )
        key = hand | tops << 24 | declarable << 48 | self.optional << 72
        found = _LEADS.get(key)
        if found is None:
            order = [*_by_rank(tops), *_by_rank(hand ^ tops)]
            out: list[int] = []
            for card in order:
                if declarable >> card & 1:
                    out.append(card | _DECLARES)
                    if self.optional:
                        out.append(card)
                else:
                    out.append(card)
            if len(_LEADS) >= _LEADS_KEPT:  # a long run meets endless hands: start afresh
                _LEADS.clear()
            found = _LEADS[key] = tuple(out)
        return list(found)

    def allowed(self, seat: int, lead: int) -> int:
        """The mask of the cards ``seat`` may play to a trick led in suit ``lead``."""
        hand = self.hands[seat]
        return hand & _SUIT_MASKS[lead] or self.void(seat, hand)

    def void(self, seat: int, hand: int) -> int:
        """The cards ``seat``, holding ``hand`` and void in the suit led, may play (R-PLAY-2,
        A21, A23)."""
        trump = self.trump
        if trump >= 0:
            trumps = hand & _SUIT_MASKS[trump]
            if not self.opponent_trumps and seat != self.owner:
                if hand ^ trumps:
                    return hand ^ trumps
            elif trumps and self.must_trump:
                return trumps
        return hand

    def equivalents(self, hand: int, allowed: int, good: int, c0: int, c1: int) -> tuple[int, int]:
        """The cards of ``allowed`` the last seat of a trick, holding ``hand``, needs to try,
        split into those of ``good`` (its side takes the trick) and the others.

        Cards of one suit in one hand are equivalent when no card still to be played by
        another seat, and none on the table, ranks between them: they win or lose the same
        tricks now and later. Swapping two of them only moves the difference of their points
        between this trick and a later one, so the side that takes this trick does best to put
        the higher card on it, the other side the lower (a marriage held, or the four aces
        under Ace Marriage, are kept out: playing either card gives up the declaration).
        """
        hands = self.hands
        others = ((hands[0] | hands[1] | hands[2]) ^ hand) | (1 << c0) | (1 << c1)
        all_aces = self.ace_marriage and hand & _ACES == _ACES
        base = _BASE_OF[allowed.bit_length() - 1]
        if not allowed & ((1 << base) - 1):  # one suit, as when following suit
            cards = allowed >> base
            apart = _QK if hand >> base & _QK == _QK else 0
            if all_aces:
                apart |= 1 << _ACE
            between = others >> base & 63
            memo = cards | between << 6 | apart << 12 | (good >> base & 63) << 18
            found = _KEEP.get(memo)
            if found is None:
                found = _KEEP[memo] = _keep(cards, between, apart, good >> base & 63)
            keep = found << base
            return good & keep, keep & ~good
        keep = _kept(hand, allowed, others, all_aces, good)
        return good & keep, keep & ~good

    def dead(self, seat: int, allowed: int, ours: bool, c0: int) -> int:
        """The cards of ``allowed`` the second seat of a trick that neither follower can take
        needs to try: of each run of equivalent cards (see :meth:`equivalents`), the highest
        when the trick is its side's (``ours``), else the lowest."""
        hands = self.hands
        hand = hands[seat]
        others = ((hands[0] | hands[1] | hands[2]) ^ hand) | (1 << c0)
        all_aces = self.ace_marriage and hand & _ACES == _ACES
        return _kept(hand, allowed, others, all_aces, allowed if ours else 0)

    def key(self, seat: int) -> int:
        """The table's key of the position at the start of a trick led by ``seat``: the hands
        fix how many tricks were played, and the marriage's owner matters only when opponents
        may not trump (A23)."""
        h0, h1, h2 = self.hands
        owner = 0 if self.opponent_trumps else self.owner + 1
        return h0 | h1 << 24 | h2 << 48 | seat << 72 | (self.trump + 1) << 74 | owner << 77

    def most(self) -> int:
        """Every card point in the hands and every marriage the declarer still holds: no line
        gives the declarer more points to come from the start of a trick."""
        hands = self.hands
        left = hands[0] | hands[1] | hands[2]
        d = hands[self.declarer]
        most: int = (
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
        return most

    def sure(self, seat: int, trump: int, most: int) -> _Entry | None:
        """Bounds of the points to come from the start of a trick led by ``seat``, ``most``
        at most, or None when they say nothing.

        The leader's side can be sure of the tricks the leader can cash while keeping the lead:
        first its cards above every other seat's of their suit (of the trump, or of a suit no
        other seat holding trumps runs out of by then; a marriage's king and queen are kept,
        and the aces of a held Ace Marriage), then the marriages whose king and queen are both
        above every other seat's card of their suit, declared. The other seats play a card to
        each of those tricks, at least their cheapest ones. A declarer on lead then declares
        its best marriage left. And while no marriage can change the trump, the points of the
        highest trumps go to the side that holds them (:func:`_sure_points`)."""
        hands = self.hands
        h0, h1, h2 = hands
        hand = hands[seat]
        o1 = hands[_NEXT[seat]]
        o2 = hands[_NEXT[_NEXT[seat]]]
        marriages = hand >> 2 & hand >> 3 & _SUIT_BASES
        mine = hand & ~(marriages * _QK)
        all_aces = self.ace_marriage and hand & _ACES == _ACES
        if all_aces:
            mine &= ~_ACES
        theirs = o1 | o2
        c = _CASH
        if trump < 0 or not theirs & _SUIT_MASKS[trump]:  # no seat can ruff
            k0 = mine & 63 | (theirs & 63) << 6
            k1 = mine >> 6 & 63 | (theirs >> 6 & 63) << 6
            k2 = mine >> 12 & 63 | (theirs >> 12 & 63) << 6
            k3 = mine >> 18 | (theirs >> 18) << 6
            cashed = c[k0][6] + c[k1][6] + c[k2][6] + c[k3][6]
            rounds = _CASHED[k0][6] + _CASHED[k1][6] + _CASHED[k2][6] + _CASHED[k3][6]
        else:
            ruff1 = o1 & _SUIT_MASKS[trump]
            ruff2 = o2 & _SUIT_MASKS[trump]
            cashed = rounds = 0
            for base in (0, 6, 12, 18):
                cards = mine >> base & 63
                if cards:
                    if base == 6 * trump:
                        most_rounds = 6
                    elif ruff1:
                        most_rounds = _COUNT6[o1 >> base & 63]
                        if ruff2 and _COUNT6[o2 >> base & 63] < most_rounds:
                            most_rounds = _COUNT6[o2 >> base & 63]
                    else:
                        most_rounds = _COUNT6[o2 >> base & 63]
                    k = cards | (theirs >> base & 63) << 6
                    cashed += c[k][most_rounds]
                    rounds += _CASHED[k][most_rounds]
        declarer = seat == self.declarer
        left = 0  # the declarer's best marriage left to declare after the cashing
        if (marriages or all_aces) and (self.done > 0 or self.first_move):
            for suit in range(4):
                if marriages >> (6 * suit) & 1:
                    if theirs >> (6 * suit) & 63 < _QK & -_QK:  # only nines and jacks out
                        cashed += 7 + (_MARRIAGE[suit] if declarer else 0)
                        rounds += 2
                    elif _MARRIAGE[suit] > left:
                        left = _MARRIAGE[suit]
            if all_aces:
                left = _ACE_MARRIAGE
        if rounds:
            cashed += _cheapest(o1, rounds) + _cheapest(o2, rounds)
        low, high = 0, most
        if declarer:
            low = cashed + left
        else:
            high = most - cashed
        if trump >= 0 and not (
            (h0 >> 2 & h0 >> 3 | h1 >> 2 & h1 >> 3 | h2 >> 2 & h2 >> 3) & _SUIT_BASES
        ):
            base = 6 * trump
            ours, others = _SURE[(h0 | h1 | h2) >> base & 63][hands[self.declarer] >> base & 63]
            if ours > low:
                low = ours
            if most - others < high:
                high = most - others
        if low == 0 and high == most:
            return None
        return low, max(low, high), -1

    # -- the search --------------------------------------------------------------------------

    def probe(self, seat: int, alpha: int, beta: int) -> int:
        """The points to come from the start of a trick led by ``seat``."""
        if beta <= 0:  # no points can be taken away: the declarer has its target already
            return 0
        if not self.hands[seat]:
            return 0
        # Fail low at once when even every card left and every marriage the declarer holds
        # cannot lift it above alpha.
        most = self.most()
        if most <= alpha:
            return most
        key = self.key(seat)
        entry = self.table.get(key)
        if entry is None:
            entry = self.sure(seat, self.trump, most)
            if entry is not None:
                self.table[key] = entry
        if entry is not None:
            low, high, _ = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
        return self.search(seat, alpha, beta, most, key, entry)

    def root(self, alpha: int, beta: int, move: int = -1) -> int:
        """The points to come from the position, or after ``move`` (a lead as in
        :meth:`leads`, or a card index within a trick) of the seat to move."""
        trick = self.trick
        if not trick:
            if move < 0:
                return self.probe(self.to_move, alpha, beta)
            if beta <= 0:
                return 0
            most = self.most()
            if most <= alpha:
                return most
            return self.search(self.to_move, alpha, beta, most, 0, None, (move, -1, -1))
        # Within a trick: the cards on the table go back to their hands, to be played again
        # first, so that the trick is searched whole.
        hands = self.hands
        saved = hands.copy()
        for seat, card in trick:
            hands[seat] |= 1 << card
        fixed = [card for _, card in trick] + [move, -1]  # the plays of the trick
        try:
            if beta <= 0:
                return 0
            most = self.most()
            if most <= alpha:
                return most
            return self.search(
                trick[0][0], alpha, beta, most, 0, None, (fixed[0], fixed[1], fixed[2])
            )
        finally:
            self.hands = saved

    def moves(self) -> list[int]:
        """Every legal move of the seat to move: leads as in :meth:`leads`, or card indices
        within a trick."""
        if not self.trick:
            return self.leads(self.to_move)
        return _by_rank(self.allowed(self.to_move, self.trick[0][1] // 6))

    def search(
        self,
        seat: int,
        alpha: int,
        beta: int,
        most: int,
        key: int,
        entry: _Entry | None,
        fixed: tuple[int, int, int] | None = None,
    ) -> int:
        """The points to come from the start of a trick led by ``seat``, once the quick
        answers failed: ``most`` is :meth:`most`, ``key`` :meth:`key` and ``entry`` what the
        table holds for the position (or its :meth:`sure` bounds). With ``fixed``, the plays
        of the trick that are not -1 are made, whatever is best, and the table keeps nothing.

        After each complete trick, the next position is answered from its bounds or the
        table where they suffice, and searched only where they do not."""
        if entry is not None:
            low, high, first = entry
        else:
            low, high, first = 0, most, -1
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        start_alpha, start_beta = alpha, beta
        hands = self.hands
        table = self.table
        declarer = self.declarer
        ace_marriage = self.ace_marriage
        owner_matters = not self.opponent_trumps
        fixed1 = fixed2 = -1
        if fixed is not None:
            leads = [fixed[0]] if fixed[0] >= 0 else self.leads(seat)
            fixed1, fixed2 = fixed[1], fixed[2]
        else:
            leads = self.leads(seat)
            if first >= 0:  # the lead that was best here before goes first
                leads.remove(first)
                leads.insert(0, first)
        s1 = _NEXT[seat]
        s2 = _NEXT[s1]
        shift2 = 24 * s2
        sure = self.sure
        search = self.search
        max0 = seat == declarer
        max1 = s1 == declarer
        max2 = s2 == declarer
        hand0 = hands[seat]
        rest = hand0 & (hand0 - 1)
        last = not rest  # the eighth trick: nothing comes after
        penult = not last and not rest & (rest - 1)  # the seventh: the eighth is forced
        best0 = -_INF if max0 else _INF
        best_lead = -1
        a0, b0 = alpha, beta
        self.done += 1
        for lead in leads:
            card0 = lead & 31
            hands[seat] = hand0 ^ (1 << card0)
            g0 = 0
            if lead & _DECLARES:
                old_trump, old_owner = self.trump, self.owner
                if card0 % 6 == _ACE:
                    g0 = _ACE_MARRIAGE if max0 else 0
                else:
                    self.trump, self.owner = card0 // 6, seat
                    g0 = _MARRIAGE[card0 // 6] if max0 else 0
            trump = self.trump
            tail = (trump + 1) << 74 | (self.owner + 1 if owner_matters else 0) << 77
            tails = (tail, tail | 1 << 72, tail | 2 << 72)  # by the trick's winner
            suit0 = _SUIT_OF[card0]
            p0 = _POINTS[card0]
            m0 = most - p0
            if max0:
                if _MARRIAGE_OF[card0] and hand0 >> (card0 - card0 % 6) & _QK == _QK:
                    m0 -= _MARRIAGE_OF[card0]
                if ace_marriage and card0 % 6 == _ACE and hand0 & _ACES == _ACES:
                    m0 -= _ACE_MARRIAGE
            # The second seat: the cards that beat the lead first, lowest first, unless the
            # leader is its partner.
            a1, b1 = a0, b0
            best1 = -_INF if max1 else _INF
            hand1 = hands[s1]
            allowed = hand1 & _SUIT_MASKS[suit0] or self.void(s1, hand1)
            if fixed1 >= 0:
                cards1: list[int] | tuple[int, ...] = (fixed1,)
            elif allowed & (allowed - 1):
                beats = _BEATS[card0][trump + 1]
                if (
                    not allowed & beats
                    and not (hands[s2] & _SUIT_MASKS[suit0] or self.void(s2, hands[s2])) & beats
                ):
                    # Neither follower can take the trick: the leader's side has it, and
                    # the second seat's equivalent cards can be pruned like the last seat's.
                    allowed = self.dead(s1, allowed, max0 == max1, card0)
                    cards1 = _low_first(allowed)
                elif max0 == max1:
                    cards1 = _low_first(allowed)
                else:
                    beats &= allowed
                    cards1 = _low_first(beats) + _low_first(allowed ^ beats)
            else:
                cards1 = (allowed.bit_length() - 1,)
            for card1 in cards1:
                hands[s1] = hand1 ^ (1 << card1)
                suit1 = _SUIT_OF[card1]
                if suit1 == suit0:
                    top, top_seat = (card1, s1) if card1 > card0 else (card0, seat)
                elif suit1 == trump:
                    top, top_seat = card1, s1
                else:
                    top, top_seat = card0, seat
                p01 = p0 + _POINTS[card1]
                m1 = m0 - _POINTS[card1]
                if max1:
                    if _MARRIAGE_OF[card1] and hand1 >> (card1 - card1 % 6) & _QK == _QK:
                        m1 -= _MARRIAGE_OF[card1]
                    if ace_marriage and card1 % 6 == _ACE and hand1 & _ACES == _ACES:
                        m1 -= _ACE_MARRIAGE
                # The third seat: the cards that take the trick for its side first, highest
                # first, then the others, lowest first.
                a2, b2 = a1, b1
                best2 = -_INF if max2 else _INF
                hand2 = hands[s2]
                # The key of the next trick's start, but for the last card and the winner.
                before = hands[0] | hands[1] << 24 | hands[2] << 48
                allowed = hand2 & _SUIT_MASKS[suit0] or self.void(s2, hand2)
                beats = _BEATS[top][trump + 1]
                if fixed2 >= 0:
                    cards2: list[int] | tuple[int, ...] = (fixed2,)
                elif allowed & (allowed - 1):
                    good = allowed if (top_seat == declarer) == max2 else allowed & beats
                    good, bad = self.equivalents(hand2, allowed, good, card0, card1)
                    cards2 = _high_first(good) + _low_first(bad)
                else:
                    cards2 = (allowed.bit_length() - 1,)
                for card2 in cards2:
                    winner = s2 if beats >> card2 & 1 else top_seat
                    gain = g0 + (p01 + _POINTS[card2] if winner == declarer else 0)
                    if last or b2 - gain <= 0:
                        value = gain
                    elif penult:  # the eighth trick is forced: count it
                        hands[s2] = hand2 ^ (1 << card2)
                        n1 = _NEXT[winner]
                        n2 = _NEXT[n1]
                        c0 = hands[winner].bit_length() - 1
                        c1 = hands[n1].bit_length() - 1
                        c2 = hands[n2].bit_length() - 1
                        hands[s2] = hand2
                        if _BEATS[c0][trump + 1] >> c1 & 1:
                            w = n2 if _BEATS[c1][trump + 1] >> c2 & 1 else n1
                        else:
                            w = n2 if _BEATS[c0][trump + 1] >> c2 & 1 else winner
                        value = gain
                        if w == declarer:
                            value += _POINTS[c0] + _POINTS[c1] + _POINTS[c2]
                    else:
                        m2 = m1 - _POINTS[card2]
                        if max2:
                            if _MARRIAGE_OF[card2] and hand2 >> (card2 - card2 % 6) & _QK == _QK:
                                m2 -= _MARRIAGE_OF[card2]
                            if ace_marriage and card2 % 6 == _ACE and hand2 & _ACES == _ACES:
                                m2 -= _ACE_MARRIAGE
                        a = a2 - gain
                        if m2 <= a:
                            value = gain + m2
                        else:
                            b = b2 - gain
                            k = before ^ 1 << (card2 + shift2) | tails[winner]
                            e = table.get(k)
                            if e is None:
                                hands[s2] = hand2 ^ (1 << card2)
                                e = sure(winner, trump, m2)
                                if e is None:
                                    value = gain + search(winner, a, b, m2, k, None)
                                else:
                                    table[k] = e
                                    if e[0] >= b or e[0] == e[1]:
                                        value = gain + e[0]
                                    elif e[1] <= a:
                                        value = gain + e[1]
                                    else:
                                        value = gain + search(winner, a, b, m2, k, e)
                                hands[s2] = hand2
                            elif e[0] >= b or e[0] == e[1]:
                                value = gain + e[0]
                            elif e[1] <= a:
                                value = gain + e[1]
                            else:
                                hands[s2] = hand2 ^ (1 << card2)
                                value = gain + search(winner, a, b, m2, k, e)
                                hands[s2] = hand2
                    if max2:
                        if value > best2:
                            best2 = value
                            if value > a2:
                                a2 = value
                                if a2 >= b2:
                                    break
                    elif value < best2:
                        best2 = value
                        if value < b2:
                            b2 = value
                            if a2 >= b2:
                                break
                if max1:
                    if best2 > best1:
                        best1 = best2
                        if best2 > a1:
                            a1 = best2
                            if a1 >= b1:
                                break
                elif best2 < best1:
                    best1 = best2
                    if best2 < b1:
                        b1 = best2
                        if a1 >= b1:
                            break
            hands[s1] = hand1
            if lead & _DECLARES:
                self.trump, self.owner = old_trump, old_owner
            if max0:
                if best1 > best0:
                    best0, best_lead = best1, lead
                    if best1 > a0:
                        a0 = best1
                        if a0 >= b0:
                            break
            elif best1 < best0:
                best0, best_lead = best1, lead
                if best1 < b0:
                    b0 = best1
                    if a0 >= b0:
                        break
        hands[seat] = hand0
        self.done -= 1
        if fixed is not None:
            return best0
        if best0 <= start_alpha:
            if best0 < high:
                high = best0
        elif best0 >= start_beta:
            if best0 > low:
                low = best0
        else:
            low = high = best0
        table[key] = (low, high, best_lead if best_lead >= 0 else first)
        return best0


# The cards the last seat of a trick keeps of one suit, by (its ranks, the ranks others still
# hold or have on the table, the ranks it must keep apart, the ranks that win for its side).
_KEEP: dict[int, int] = {}


def _kept(hand: int, allowed: int, others: int, all_aces: bool, good: int) -> int:
    """The cards of ``allowed``, suit by suit, that :meth:`_Search.equivalents` keeps: one of
    each run of equivalent cards, the highest of ``good``'s and the lowest of the others."""
    keep = 0
    for base in (0, 6, 12, 18):
        cards = allowed >> base & 63
        if cards:
            apart = _QK if hand >> base & _QK == _QK else 0
            if all_aces:
                apart |= 1 << _ACE
            between = others >> base & 63
            memo = cards | between << 6 | apart << 12 | (good >> base & 63) << 18
            found = _KEEP.get(memo)
            if found is None:
                found = _KEEP[memo] = _keep(cards, between, apart, good >> base & 63)
            keep |= found << base
    return keep


def _keep(cards: int, between: int, apart: int, good: int) -> int:
    """Of the 6-bit pattern ``cards``, one rank of each run of equivalent ranks (a run is not
    split by a rank of ``between``; a rank of ``apart`` stands alone): the highest of a run in
    ``good``, else the lowest."""
    keep = cards & apart
    run: list[int] = []
    for rank in range(7):
        if rank < 6 and cards >> rank & 1:
            if not apart >> rank & 1:
                run.append(rank)
        elif run and (rank == 6 or between >> rank & 1):
            keep |= 1 << (run[-1] if good >> run[0] & 1 else run[0])
            run = []
    return keep


def _sure_points(trumps: int, held: int) -> tuple[int, int]:
    """The points of the run of highest ``trumps`` (a 6-bit pattern) that the declarer holds
    (``held``), and of the run that the opponents hold: the highest trump takes every trick it
    is played to, so while no marriage can change the trump, these go to that side."""
    ours = theirs = 0
    mine = None
    for rank in range(5, -1, -1):
        if trumps >> rank & 1:
            here = bool(held >> rank & 1)
            if mine is None:
                mine = here
            elif mine != here:
                break
            if here:
                ours += _POINTS_BY_INDEX[rank]
            else:
                theirs += _POINTS_BY_INDEX[rank]
    return ours, theirs


# By the trump pattern left and the declarer's: the points of the highest trumps of each side.
_SURE: Final = tuple(tuple(_sure_points(t, t & d) for d in range(64)) for t in range(64))

# The number of cards in each 6-bit pattern.
_COUNT6: Final = tuple(p.bit_count() for p in range(64))


def _cash(mine: int, theirs: int) -> tuple[int, ...]:
    """For 0 to 6 rounds: the points of the highest that many cards of the 6-bit pattern
    ``mine`` above every rank of ``theirs``."""
    row = [0]
    for rank in range(5, theirs.bit_length() - 1, -1):
        if mine >> rank & 1:
            row.append(row[-1] + _POINTS_BY_INDEX[rank])
    return (*row, *[row[-1]] * (7 - len(row)))


# By (the leader's pattern, the others' pattern << 6) and the rounds: see _cash; and how many
# cards that is.
_CASH: Final = tuple(_cash(k & 63, k >> 6) for k in range(4096))
_UP_TO: Final = tuple(tuple(min(r, n) for r in range(7)) for n in range(7))
_CASHED: Final = tuple(
    _UP_TO[_COUNT6[(k & 63) & ~((1 << (k >> 6).bit_length()) - 1)]] for k in range(4096)
)
# The cards of each rank, of every suit, from the ace down to the jack.
_RANK_MASKS: Final = tuple(
    (sum(1 << (6 * s + r) for s in range(4)), _POINTS_BY_INDEX[r]) for r in range(1, 6)
)


def _cheapest(hand: int, count: int) -> int:
    """The points of the ``count`` cheapest cards of ``hand``: its nines, then its jacks..."""
    count -= (hand & _NINES).bit_count()
    total = 0
    for mask, points in _RANK_MASKS:
        if count <= 0:
            break
        held = (hand & mask).bit_count()
        total += points * (held if held < count else count)
        count -= held
    return total


_NINES: Final = sum(1 << (6 * s) for s in range(4))

# The card points of each 6-bit suit pattern, and the marriage each pattern holds in each suit.
_POINTS6: Final = tuple(sum(_POINTS_BY_INDEX[r] for r in range(6) if p >> r & 1) for p in range(64))
_MARRIAGE6: Final = tuple(
    tuple(_MARRIAGE[s] if p & _QK == _QK else 0 for p in range(64)) for s in range(4)
)
# The highest rank of each 6-bit pattern, as a pattern.
_TOP6: Final = tuple(1 << (p.bit_length() - 1) if p else 0 for p in range(64))

# The card indices of each 6-bit suit pattern of each suit, highest first, and lowest first.
_HIGH_FIRST: Final = tuple(
    tuple(tuple(6 * s + r for r in range(5, -1, -1) if p >> r & 1) for p in range(64))
    for s in range(4)
)
_LOW_FIRST: Final = tuple(tuple(p[::-1] for p in suit) for suit in _HIGH_FIRST)

# The cards that beat a card on top of the trick, by that card and the trump plus one.
_BEATS: Final = tuple(
    tuple(
        (_SUIT_MASKS[c // 6] & ~((2 << c) - 1))
        | (_SUIT_MASKS[t - 1] if t and t - 1 != c // 6 else 0)
        for t in range(5)
    )
    for c in range(24)
)

# The leads of a hand, by (hand, its highest cards of their suits, its declarable cards,
# optional declaration), as in _Search.leads.
_LEADS: dict[int, tuple[int, ...]] = {}
_LEADS_KEPT: Final = 100_000


def _high_first(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, highest suit and rank first."""
    t = _HIGH_FIRST
    return t[3][mask >> 18 & 63] + t[2][mask >> 12 & 63] + t[1][mask >> 6 & 63] + t[0][mask & 63]


def _low_first(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, lowest suit and rank first."""
    t = _LOW_FIRST
    return t[0][mask & 63] + t[1][mask >> 6 & 63] + t[2][mask >> 12 & 63] + t[3][mask >> 18 & 63]


def _by_rank(mask: int) -> list[int]:
    """The card indices of a mask, highest rank first, then highest suit."""
    return sorted(_high_first(mask), key=lambda c: (c % 6, c // 6), reverse=True)


def _seats(seats: tuple[int, ...]) -> str:
    return f"{seats[0]}, {seats[1]} and {seats[2]}"


def _action(move: int) -> Action:
    card = move & 31
    return PLAY_MARRIAGE[card] if move & _DECLARES else PLAY[card]


class Solver:
    """Questions about one position of the play (every card known), answered by one search
    that keeps what it learns: asking :meth:`can_make` of several targets, then
    :meth:`value` or :meth:`solve`, costs little more than the hardest question alone. The
    position is copied when the solver is made; ``state`` is never changed."""

    def __init__(self, state: State) -> None:
        self._search = _Search(state)
        self._play = state.rules.play
        declarer = state._declarer
        assert declarer is not None
        self._declarer = declarer
        self._base = state._points[declarer]
        self._value: int | None = None
        # The moves of the seat to move, and the bounds of the points to come after each.
        self._moves = self._search.moves()
        self._bounds: list[list[int]] = []

    def at(self, state: State) -> Solver:
        """A solver of another position of the same play (a later one of the deal, or the
        same cards after another line) that starts from what this one has learned: the table
        holds bounds on the points to come from the start of a trick, which are true of that
        position whatever came before. Reviewing every card of a deal this way costs about
        half as much as a new solver for each.

        ``state`` must have this position's declarer, active seats (at a table of four, where
        the sitter changes from deal to deal, R-FOUR-1) and rules of play; else ``ValueError``.
        """
        other = Solver(state)
        mine, theirs = self._search, other._search
        if other._declarer != self._declarer:
            raise ValueError(
                f"a solver for declarer seat {self._declarer} cannot share its table with a "
                f"position of declarer seat {other._declarer}"
            )
        if theirs.seats != mine.seats:
            raise ValueError(
                f"a solver for a deal played by seats {_seats(mine.seats)} cannot share its "
                f"table with a position of a deal played by seats {_seats(theirs.seats)}"
            )
        if state.rules.play != self._play:
            raise ValueError("a solver cannot share its table with a position under other rules")
        theirs.table = mine.table
        return other

    def can_make(self, points: int) -> bool:
        """Can the declarer reach ``points`` deal points against best defence?"""
        needed = points - self._base
        if needed <= 0:
            return True
        if self._value is not None:
            return needed <= self._value
        return self._search.root(needed - 1, needed) >= needed

    def value(self) -> int:
        """The most deal points the declarer can be sure of."""
        return self._base + self._bound_moves()

    def solve(self) -> Solution:
        """:meth:`value` and every optimal action of the seat to move."""
        value = self._bound_moves()
        search = self._search
        maximize = search.to_move == search.declarer
        best = []
        for move, (low, high) in zip(self._moves, self._bounds, strict=True):
            # A move is optimal when its value reaches the best one: known from its bounds,
            # or a null-window test.
            if maximize:
                optimal = low >= value or (
                    high >= value and search.root(value - 1, value, move) >= value
                )
            else:
                optimal = high <= value or (
                    low <= value and search.root(value, value + 1, move) <= value
                )
            if optimal:
                best.append(move)
        # In the order of version 0.1: highest suit and rank first, a declaration before the
        # plain lead of the same card.
        best.sort(key=lambda move: (-(move & 31), not move & _DECLARES))
        return Solution(self._base + value, tuple(_action(move) for move in best))

    def _bound_moves(self) -> int:
        """The points to come, found by narrowing their range with null-window tests of the
        moves of the seat to move; each move keeps the bounds its tests gave it, so that
        :meth:`solve` tests again only the moves they leave open."""
        if self._value is not None:
            return self._value
        search = self._search
        moves = self._moves
        maximize = search.to_move == search.declarer
        most = search.most() + sum(_POINTS[card] for _, card in search.trick)
        bounds = self._bounds = [[0, most] for _ in moves]
        low, high = 0, most
        order = range(len(moves))
        while low < high:
            # Is the value at least the target? Halfway, until the range is narrow: then
            # its top, as the tests that fail there are the cheap ones.
            target = high if high - low <= 10 else (low + high + 1) // 2
            if maximize:  # one move reaching the target is enough
                for i in sorted(order, key=lambda i: -bounds[i][0]):
                    if bounds[i][1] >= target:
                        found = search.root(target - 1, target, moves[i])
                        if found >= target:
                            bounds[i][0] = max(bounds[i][0], found)
                            break
                        bounds[i][1] = min(bounds[i][1], found)
                low = max(b[0] for b in bounds)
                high = max(b[1] for b in bounds)
            else:  # every move must reach it
                for i in sorted(order, key=lambda i: bounds[i][1]):
                    if bounds[i][0] < target:
                        found = search.root(target - 1, target, moves[i])
                        if found < target:
                            bounds[i][1] = min(bounds[i][1], found)
                            break
                        bounds[i][0] = max(bounds[i][0], found)
                low = min(b[0] for b in bounds)
                high = min(b[1] for b in bounds)
        self._value = low
        return low


def solve(state: State) -> Solution:
    """The most deal points the declarer can be sure of from ``state`` (in the play, all cards
    known) against both opponents, and every optimal action of the seat to move."""
    return Solver(state).solve()


def can_make(state: State, points: int) -> bool:
    """Can the declarer reach ``points`` deal points against best defence from ``state``?"""
    return Solver(state).can_make(points)
