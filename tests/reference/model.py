"""Reference model of Thousand (Тысяча): a plain, mutable, brute-force test oracle.

Written only from ``/work/shared/design/rulings.md`` (ruling ids are cited in the comments), for
the presets "classic" and "standard" with no agreements. Clarity over speed.

Actions are texts:

* ``deal XX`` (chance, R-DEAL-1), ``bid N``, ``pass`` (R-BID-*),
* ``give XX S`` (R-TALON-2), ``distribute`` (standard only, R-DIST-1), ``contract N`` (R-TALON-3),
* ``play XX`` and ``play XX marriage`` (R-PLAY-*, R-MARRIAGE-*).

Cards are texts: rank ``9 J Q K T A`` followed by suit ``S C D H`` (``TH`` is the ten of hearts).
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass
from typing import TypedDict

# ---------------------------------------------------------------------------------------------
# Cards (R-CARD-1, R-CARD-2)
# ---------------------------------------------------------------------------------------------

SUITS: tuple[str, ...] = ("S", "C", "D", "H")
# R-CARD-1: ranks from low to high: 9, J, Q, K, 10 (T), A.
RANKS_LOW_TO_HIGH: tuple[str, ...] = ("9", "J", "Q", "K", "T", "A")
RANK_STRENGTH: dict[str, int] = {rank: i for i, rank in enumerate(RANKS_LOW_TO_HIGH)}
# R-CARD-1: card points; 120 in the pack.
CARD_POINTS: dict[str, int] = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
# R-CARD-2: marriage values.
MARRIAGE_VALUE: dict[str, int] = {"S": 40, "C": 60, "D": 80, "H": 100}
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS_LOW_TO_HIGH)
SEATS: tuple[int, int, int] = (0, 1, 2)

MIN_OPENING_BID = 100  # R-BID-1
BID_STEP = 5  # R-BID-2
MAX_HAND_TOTAL = 400  # R-BID-3 standard: 120 + 280, the largest total a hand can reach
NO_MARRIAGE_LIMIT = 120  # R-BID-3
TRICKS_PER_DEAL = 8  # R-PLAY-1
CARDS_TO_SEATS = 21  # R-DEAL-1: 7 cards to each seat, then 3 to the talon


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def card_points(card: str) -> int:
    return CARD_POINTS[rank_of(card)]


def held_marriages(hand: set[str] | frozenset[str]) -> list[str]:
    """Suits of which the hand holds both the king and the queen (R-CARD-2)."""
    return [suit for suit in SUITS if "K" + suit in hand and "Q" + suit in hand]


def round_to_5(points: int) -> int:
    """R-SCORE-3: nearest multiple of 5; remainder 1 or 2 rounds down, 3 or 4 rounds up.

    ``points`` is never negative here (deal points). Python's ``round()`` is not used.
    """
    remainder = points % 5
    if remainder <= 2:
        return points - remainder
    return points + (5 - remainder)


def half_rounded_half_up_to_5(amount: int) -> int:
    """R-DIST-1: half of ``amount`` rounded half up to a multiple of 5 (105 -> 52.5 -> 55).

    ``amount / 2`` rounded to the nearest multiple of 5 with halves going up is
    ``floor(amount / 2 / 5 + 1/2) * 5 == floor((amount + 5) / 10) * 5``, computed in integers.
    """
    return (amount + 5) // 10 * 5


def round_down_to_5(value: int) -> int:
    """R-BARREL-3 standard: the barrel win sum "rounded down to 5" (floor)."""
    return value - value % 5


# ---------------------------------------------------------------------------------------------
# Rules of the two presets
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    # R-BID-3: "sum" (classic) or "any" (standard).
    limit: str
    # R-PLAY-2: must trump when unable to follow suit (classic on, standard off).
    must_trump: bool
    # R-MARRIAGE-1: "optional" (classic) or "automatic" (standard).
    marriage_declaration: str
    # R-BARREL-2: may a seat reach the target from below the threshold in one deal?
    barrel_jump_allowed: bool
    # R-BARREL-3: "classic" or "standard" reading of a deal played on the barrel.
    barrel_mode: str
    # R-BOLT-1/2: bolts on (standard) or off (classic).
    bolts: bool
    # R-DIST-1: distribution allowed (standard) or not (classic).
    distribution: bool
    threshold: int = 880  # R-BARREL-1
    target: int = 1000  # R-BARREL-1, R-END-1
    penalty: int = 120  # R-BARREL-4, R-BOLT-2
    barrel_deals: int = 3  # R-BARREL-4
    bolts_per_penalty: int = 3  # R-BOLT-2
    max_deals: int = 200  # R-END-2


PRESETS: dict[str, Rules] = {
    "classic": Rules(
        limit="sum",
        must_trump=True,
        marriage_declaration="optional",
        barrel_jump_allowed=True,
        barrel_mode="classic",
        bolts=False,
        distribution=False,
    ),
    "standard": Rules(
        limit="any",
        must_trump=False,
        marriage_declaration="automatic",
        barrel_jump_allowed=False,
        barrel_mode="standard",
        bolts=True,
        distribution=True,
    ),
}


def bid_limit(rules: Rules, hand: set[str] | frozenset[str]) -> int:
    """R-BID-3 on the given hand (7 cards in the auction, 8 for the contract, R-TALON-3)."""
    marriages = held_marriages(hand)
    if rules.limit == "sum":
        return NO_MARRIAGE_LIMIT + sum(MARRIAGE_VALUE[suit] for suit in marriages)
    # "any": 120 without a marriage, otherwise only the largest reachable total.
    return MAX_HAND_TOTAL if marriages else NO_MARRIAGE_LIMIT


class DealRecord(TypedDict):
    declarer: int
    contract: int
    points: tuple[int, int, int]
    changes: tuple[int, int, int]
    scores: tuple[int, int, int]


def _triple(values: list[int]) -> tuple[int, int, int]:
    return (values[0], values[1], values[2])


# Phases of the state machine.
DEALING = "dealing"  # chance node
AUCTION = "auction"
GIVING = "giving"
CONTRACT = "contract"
PLAYING = "playing"
OVER = "over"


class RefGame:
    """One game of Thousand, mutated in place by :meth:`apply`."""

    def __init__(
        self,
        preset: str = "classic",
        dealer: int = 0,
        scores: tuple[int, int, int] = (0, 0, 0),
    ) -> None:
        if preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}; expected one of {sorted(PRESETS)}")
        if dealer not in SEATS:
            raise ValueError(f"dealer must be 0, 1 or 2, not {dealer!r}")
        if len(scores) != 3:
            raise ValueError("scores must have three entries")
        rules = PRESETS[preset]
        barrel: list[int | None] = [None, None, None]
        for seat in SEATS:
            score = scores[seat]
            if score == rules.threshold:
                barrel[seat] = 0  # on the barrel with no deal used
            elif score >= rules.threshold:
                raise ValueError(
                    f"starting score {score} of seat {seat} is in [{rules.threshold}, "
                    f"{rules.target}) or at or above the target {rules.target}"
                )
        self._preset = preset
        self._rules = rules
        self._dealer = dealer
        self._deal_number = 1
        self._scores: list[int] = list(scores)
        self._barrel: list[int | None] = barrel
        self._bolts: list[int] = [0, 0, 0]
        self._over = False
        self._winner: int | None = None
        self._deal_log: list[DealRecord] = []
        # Per-deal state; set by _start_deal.
        self._phase = DEALING
        self._hands: list[set[str]] = [set(), set(), set()]
        self._talon: list[str] = []
        self._dealt: list[str] = []
        self._passed: list[bool] = [False, False, False]
        self._high_bid: int | None = None
        self._high_bidder: int | None = None
        self._bidder: int = 0
        self._declarer: int | None = None
        self._contract: int | None = None
        self._received: list[int] = []  # opponents that have been given a card (R-TALON-2)
        self._trump: str | None = None
        self._leader: int = 0
        self._trick: list[tuple[int, str]] = []
        self._tricks_done = 0
        self._points: list[int] = [0, 0, 0]
        self._trick_card_points: list[int] = [0, 0, 0]  # card points of tricks won (R-BOLT-1)
        self._start_deal()

    # -----------------------------------------------------------------------------------------
    # Read-only view
    # -----------------------------------------------------------------------------------------

    @property
    def preset(self) -> str:
        return self._preset

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal_number(self) -> int:
        return self._deal_number

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def scores(self) -> tuple[int, int, int]:
        return _triple(self._scores)

    @property
    def barrel(self) -> tuple[int | None, int | None, int | None]:
        return (self._barrel[0], self._barrel[1], self._barrel[2])

    @property
    def bolts(self) -> tuple[int, int, int]:
        return _triple(self._bolts)

    @property
    def points(self) -> tuple[int, int, int]:
        return _triple(self._points)

    @property
    def to_move(self) -> int | None:
        if self._phase == AUCTION:
            return self._bidder
        if self._phase in (GIVING, CONTRACT):
            return self._declarer
        if self._phase == PLAYING:
            return (self._leader + len(self._trick)) % 3
        return None  # chance node or game over

    @property
    def declarer(self) -> int | None:
        return self._declarer

    @property
    def contract(self) -> int | None:
        return self._contract

    @property
    def trump(self) -> str | None:
        return self._trump

    @property
    def hands(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        return (frozenset(self._hands[0]), frozenset(self._hands[1]), frozenset(self._hands[2]))

    @property
    def deal_log(self) -> list[DealRecord]:
        """One record per finished deal (copies: the game cannot be changed through them)."""
        return [record.copy() for record in self._deal_log]

    def copy(self) -> RefGame:
        return _copy.deepcopy(self)

    # -----------------------------------------------------------------------------------------
    # Legal actions
    # -----------------------------------------------------------------------------------------

    def legal(self) -> set[str]:
        if self._phase == OVER:
            return set()
        if self._phase == DEALING:
            # R-DEAL-1: every card not yet dealt, all equally likely.
            return {"deal " + card for card in DECK if card not in self._dealt}
        if self._phase == AUCTION:
            return self._legal_calls()
        if self._phase == GIVING:
            return self._legal_gives()
        if self._phase == CONTRACT:
            return self._legal_contracts()
        return self._legal_plays()

    def _legal_calls(self) -> set[str]:
        seat = self._bidder
        limit = bid_limit(self._rules, self._hands[seat])  # R-BID-3 on the 7-card hand
        if self._high_bid is None:
            # R-BID-1: the opener's first call is a bid of at least 100; no pass.
            lowest = MIN_OPENING_BID
            calls: set[str] = set()
        else:
            # R-BID-2: a higher multiple of 5 (jumps allowed), or a pass.
            lowest = self._high_bid + BID_STEP
            calls = {"pass"}
        calls |= {f"bid {value}" for value in range(lowest, limit + 1, BID_STEP)}
        return calls

    def _legal_gives(self) -> set[str]:
        declarer = self._declarer
        assert declarer is not None
        # R-TALON-2: any card of the hand to each opponent not yet given one, in either order.
        opponents = [seat for seat in SEATS if seat != declarer and seat not in self._received]
        actions = {f"give {card} {seat}" for card in self._hands[declarer] for seat in opponents}
        # R-DIST-1 (standard): at the first give decision, by a declarer not on the barrel.
        if self._rules.distribution and not self._received and self._barrel[declarer] is None:
            actions.add("distribute")
        return actions

    def _legal_contracts(self) -> set[str]:
        declarer = self._declarer
        assert declarer is not None and self._high_bid is not None
        bid = self._high_bid
        # R-TALON-3: from the winning bid up to the R-BID-3 limit on the 8-card hand, never below
        # the bid.
        limit = max(bid, bid_limit(self._rules, self._hands[declarer]))
        return {f"contract {value}" for value in range(bid, limit + 1, BID_STEP)}

    def _legal_plays(self) -> set[str]:
        seat = (self._leader + len(self._trick)) % 3
        hand = self._hands[seat]
        if not self._trick:
            return self._legal_leads(seat)
        led_suit = suit_of(self._trick[0][1])
        # R-PLAY-2: follow suit if you can.
        same_suit = {card for card in hand if suit_of(card) == led_suit}
        if same_suit:
            allowed = same_suit
        else:
            # R-PLAY-2 must_trump (classic): a trump if a trump suit is in force and you hold one.
            # The trump in force already includes one declared on this trick's lead (R-MARRIAGE-1).
            trumps = {card for card in hand if suit_of(card) == self._trump}
            if self._rules.must_trump and self._trump is not None and trumps:
                allowed = trumps
            else:
                allowed = set(hand)
        return {"play " + card for card in allowed}

    def _legal_leads(self, seat: int) -> set[str]:
        hand = self._hands[seat]
        # R-MARRIAGE-1: only when leading to a trick other than the first.
        may_declare = self._tricks_done > 0
        marriages = held_marriages(hand) if may_declare else []
        actions: set[str] = set()
        for card in hand:
            declarable = rank_of(card) in ("K", "Q") and suit_of(card) in marriages
            if not declarable:
                actions.add("play " + card)
            elif self._rules.marriage_declaration == "optional":
                # classic: declaring is optional, both forms are legal.
                actions.add("play " + card)
                actions.add("play " + card + " marriage")
            else:
                # standard: leading a card of a held marriage always declares it.
                actions.add("play " + card + " marriage")
        return actions

    # -----------------------------------------------------------------------------------------
    # Applying actions
    # -----------------------------------------------------------------------------------------

    def apply(self, text: str) -> None:
        legal = self.legal()
        if text not in legal:
            raise ValueError(self._why_illegal(text, legal))
        if self._phase == DEALING:
            self._apply_deal(text.split()[1])
        elif self._phase == AUCTION:
            self._apply_call(text)
        elif self._phase == GIVING:
            self._apply_give(text)
        elif self._phase == CONTRACT:
            self._contract = int(text.split()[1])
            self._phase = PLAYING
            assert self._declarer is not None
            self._leader = self._declarer  # R-PLAY-1: the declarer leads to the first trick
        else:
            self._apply_play(text)

    def _why_illegal(self, text: str, legal: set[str]) -> str:
        if self._phase == OVER:
            return f"{text!r} is not legal: the game is over"
        mover = "chance" if self.to_move is None else f"seat {self.to_move}"
        examples = ", ".join(sorted(legal)[:6])
        return (
            f"{text!r} is not legal in phase {self._phase} ({mover} to act); "
            f"{len(legal)} legal actions, e.g. {examples}"
        )

    def _apply_deal(self, card: str) -> None:
        # R-DEAL-1: the k-th card goes to seat (dealer+1+k) % 3 for k < 21, else to the talon.
        k = len(self._dealt)
        self._dealt.append(card)
        if k < CARDS_TO_SEATS:
            self._hands[(self._dealer + 1 + k) % 3].add(card)
        else:
            self._talon.append(card)
        if len(self._dealt) == len(DECK):
            # R-BID-1: the opener is the dealer's left neighbour.
            self._phase = AUCTION
            self._bidder = (self._dealer + 1) % 3

    def _apply_call(self, text: str) -> None:
        seat = self._bidder
        if text == "pass":
            self._passed[seat] = True  # R-BID-2: out of the auction
        else:
            self._high_bid = int(text.split()[1])
            self._high_bidder = seat
        if sum(self._passed) == 2:
            # R-BID-2: the remaining seat (the high bidder) is declarer, the high bid the contract.
            assert self._high_bidder is not None and self._high_bid is not None
            declarer = self._high_bidder
            self._declarer = declarer
            self._contract = self._high_bid
            # R-TALON-1: the declarer takes the talon into hand (10 cards).
            self._hands[declarer] |= set(self._talon)
            self._phase = GIVING
            return
        # R-BID-2: clockwise, skipping seats that have passed.
        nxt = (seat + 1) % 3
        while self._passed[nxt]:
            nxt = (nxt + 1) % 3
        self._bidder = nxt

    def _apply_give(self, text: str) -> None:
        declarer = self._declarer
        assert declarer is not None
        if text == "distribute":
            self._finish_deal(distributed=True)  # R-DIST-1
            return
        _, card, seat_text = text.split()
        seat = int(seat_text)
        self._hands[declarer].remove(card)
        self._hands[seat].add(card)
        self._received.append(seat)
        if len(self._received) == 2:
            self._phase = CONTRACT  # R-TALON-3

    def _apply_play(self, text: str) -> None:
        parts = text.split()
        card = parts[1]
        seat = (self._leader + len(self._trick)) % 3
        if len(parts) == 3:
            # R-MARRIAGE-1: the value counts at once; the suit is trump from this trick on.
            suit = suit_of(card)
            self._points[seat] += MARRIAGE_VALUE[suit]
            self._trump = suit
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < 3:
            return
        winner = self._trick_winner()
        won = sum(card_points(played) for _, played in self._trick)
        self._points[winner] += won
        self._trick_card_points[winner] += won
        self._tricks_done += 1
        self._trick = []
        self._leader = winner  # R-PLAY-1: the trick's winner leads to the next
        if self._tricks_done == TRICKS_PER_DEAL:
            self._finish_deal(distributed=False)

    def _trick_winner(self) -> int:
        # R-PLAY-3: the highest trump; without a trump, the highest card of the suit led.
        trumps = [(seat, card) for seat, card in self._trick if suit_of(card) == self._trump]
        if trumps:
            candidates = trumps
        else:
            led_suit = suit_of(self._trick[0][1])
            candidates = [(seat, card) for seat, card in self._trick if suit_of(card) == led_suit]
        best_seat, _ = max(candidates, key=lambda pair: RANK_STRENGTH[rank_of(pair[1])])
        return best_seat

    # -----------------------------------------------------------------------------------------
    # End of a deal (R-SCORE-*, R-BOLT-*, R-BARREL-*, R-DIST-1, R-END-*)
    # -----------------------------------------------------------------------------------------

    def _finish_deal(self, distributed: bool) -> None:
        rules = self._rules
        declarer = self._declarer
        # The contract; for a distribution it is the winning bid (R-DIST-1).
        contract = self._contract
        assert declarer is not None and contract is not None
        before = list(self._scores)
        scores = list(self._scores)
        points = self._points
        # R-BARREL-6: "on the barrel" means on the barrel when the deal began. Nothing changes the
        # barrel during a deal, so the current markers are the ones of the start of the deal.
        on_barrel = [self._barrel[seat] is not None for seat in SEATS]
        # R-SCORE-2: made when the (unrounded) deal points reach the contract.
        made = not distributed and points[declarer] >= contract

        # 1. Deal scores (R-SCORE-2, R-SCORE-3, R-DIST-1). A seat on the barrel is scored by
        #    R-BARREL-3 in step 3 instead.
        for seat in SEATS:
            if on_barrel[seat]:
                continue
            if seat == declarer:
                scores[seat] += contract if made else -contract
            elif distributed:
                scores[seat] += half_rounded_half_up_to_5(contract)
            else:
                scores[seat] += round_to_5(points[seat])

        # 2. Bolts (R-BOLT-1, R-BOLT-2), standard only; never for a seat on the barrel.
        if rules.bolts:
            for seat in SEATS:
                if on_barrel[seat]:
                    continue
                # R-DIST-1: in a distribution the declarer gets a bolt, the opponents none.
                # R-BOLT-1: otherwise a seat whose tricks hold no card points (marriages do not
                # count), the declarer included.
                bolt = seat == declarer if distributed else self._trick_card_points[seat] == 0
                if bolt:
                    self._bolts[seat] += 1
                    if self._bolts[seat] == rules.bolts_per_penalty:
                        scores[seat] -= rules.penalty
                        self._bolts[seat] = 0

        # 3. Barrel (R-BARREL-1..6).
        for seat in SEATS:
            if on_barrel[seat]:
                self._barrel_deal(seat, scores, declarer, contract, made, distributed)
            elif scores[seat] >= rules.target:
                if not rules.barrel_jump_allowed:
                    # R-BARREL-2 standard: no jumping; held at the threshold, climbs on.
                    scores[seat] = rules.threshold
                    self._barrel[seat] = 0
                # R-BARREL-2 classic: the seat has reached the target.
            elif scores[seat] >= rules.threshold:
                # R-BARREL-1: set to the threshold, on the barrel with 0 deals used (R-BARREL-4:
                # this deal does not count).
                scores[seat] = rules.threshold
                self._barrel[seat] = 0

        # 4. No score resets in either preset (R-SCORE-4: only with the 555 agreements).

        self._scores = scores
        self._deal_log.append(
            DealRecord(
                declarer=declarer,
                contract=contract,
                points=_triple(points),
                changes=(
                    scores[0] - before[0],
                    scores[1] - before[1],
                    scores[2] - before[2],
                ),
                scores=_triple(scores),
            )
        )

        # 5. Game end (R-END-1, R-END-2).
        reached = [seat for seat in SEATS if scores[seat] >= rules.target]
        if reached:
            self._over = True
            if declarer in reached:
                self._winner = declarer
            else:
                self._winner = _unique_best(reached, scores)
        elif self._deal_number >= rules.max_deals:
            self._over = True
            self._winner = _unique_best(list(SEATS), scores)
        if self._over:
            # The finished deal's hands, points, declarer, contract and trump stay visible.
            self._phase = OVER
            return
        # R-TABLE-1: the deal passes to the left.
        self._dealer = (self._dealer + 1) % 3
        self._deal_number += 1
        self._start_deal()

    def _barrel_deal(
        self,
        seat: int,
        scores: list[int],
        declarer: int,
        contract: int,
        made: bool,
        distributed: bool,
    ) -> None:
        """R-BARREL-3/4/6 for a seat that was on the barrel when the deal began."""
        rules = self._rules
        if seat == declarer and not distributed:
            if rules.barrel_mode == "classic":
                if made and rules.threshold + contract >= rules.target:
                    # Wins: the score becomes threshold + contract; off the barrel (R-BARREL-6).
                    scores[seat] = rules.threshold + contract
                    self._barrel[seat] = None
                    return
                if not made:
                    # Fails: the contract is subtracted and it falls off at once, with no further
                    # penalty even in its third deal (R-BARREL-6).
                    scores[seat] -= contract
                    self._barrel[seat] = None
                    return
            else:
                total = rules.threshold + self._points[seat]
                if made and total >= rules.target:
                    # Wins: the score becomes that sum rounded down to 5.
                    scores[seat] = round_down_to_5(total)
                    self._barrel[seat] = None
                    return
                # Standard: failing subtracts nothing; one deal is used (below).
        # Every other case: the score does not change and one deal is used (R-BARREL-3); an
        # opponent on the barrel in a distribution likewise (R-DIST-1).
        used = self._barrel[seat]
        assert used is not None
        used += 1
        if used == rules.barrel_deals:
            # R-BARREL-4: the third deal ended without a win: the penalty, and off the barrel.
            scores[seat] -= rules.penalty
            self._barrel[seat] = None
        else:
            self._barrel[seat] = used

    def _start_deal(self) -> None:
        """A fresh chance node: nothing dealt, no auction, no trump (R-PLAY-4)."""
        self._phase = DEALING
        self._hands = [set(), set(), set()]
        self._talon = []
        self._dealt = []
        self._passed = [False, False, False]
        self._high_bid = None
        self._high_bidder = None
        self._bidder = (self._dealer + 1) % 3
        self._declarer = None
        self._contract = None
        self._received = []
        self._trump = None
        self._leader = 0
        self._trick = []
        self._tricks_done = 0
        self._points = [0, 0, 0]
        self._trick_card_points = [0, 0, 0]


def _unique_best(seats: list[int], scores: list[int]) -> int | None:
    """The seat with the highest score among ``seats``; None (a draw) on a tie for highest."""
    best = max(scores[seat] for seat in seats)
    leaders = [seat for seat in seats if scores[seat] == best]
    return leaders[0] if len(leaders) == 1 else None


def perft(game: RefGame, depth: int) -> int:
    """Number of legal action sequences of length ``depth`` from ``game`` (chance included).

    Brute force. A sequence that reaches the end of the game before ``depth`` actions is not
    counted (it has no continuation of the required length).
    """
    if depth == 0:
        return 1
    total = 0
    for action in game.legal():
        child = game.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total
