"""The end of a deal: deal scores, bolts, the barrel, resets, the end of the game.

The order is fixed by R-SCORE-4 and A27: deal scores (with golden and hidden doubling, then
the 4 Nines Bonus), bolts, the barrel (climbs, third deals, Throw off, Several Players, Zero
after 3 Barrels), the 555 resets, the end of the game, and the golden round's bookkeeping.
Every step reads the barrel as it stood when the deal began (R-BARREL-6).
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Final

from ._checks import ACE_MARRIAGE, ACES
from .actions import Distribute
from .cards import Rank, Suit, card_points, marriage_total
from .seating import Seating
from .sheet import Event, EventKind
from .state import (
    NO_AUCTION,
    Match,
    PerSeat,
    Phase,
    SheetRows,
    State,
    TrickLog,
    chained_through,
    start_of_deal,
)

if TYPE_CHECKING:
    from .actions import Action
    from .rules import Rules

__all__ = ["finish_deal", "golden_after", "half_up_to_5", "round_to_5", "sitter_score"]

Barrel = list[int | None]
NINES: Final = sum(1 << (6 * s + Rank.NINE) for s in Suit)
#: A25: the 4 Nines Bonus (never the penalty amount, A3).
FOUR_NINES_BONUS: Final = 120
#: The deals of a golden round at a table of three; at four, four (R-FOUR-6).
GOLDEN_DEALS: Final = 3
_GAME_OVER: Final = Phase.GAME_OVER  # globals: reading an Enum member costs ~75 ns
_DEALING: Final = Phase.DEALING


def round_to_5(points: int) -> int:
    """R-SCORE-3: to the nearest multiple of 5, remainders 1-2 down and 3-4 up (17 → 15, 18 → 20).

    >>> [round_to_5(p) for p in (15, 16, 17, 18, 19)]
    [15, 15, 15, 20, 20]
    """
    return (points + 2) // 5 * 5


def half_up_to_5(amount: int) -> int:
    """R-DIST-1: half of ``amount``, to the nearest multiple of 5 with halves up (105 → 55).

    >>> [half_up_to_5(b) for b in (100, 105, 110, 115)]
    [50, 55, 55, 60]
    """
    return (amount + 5) // 10 * 5


class _Deal:
    """The facts of a finished deal that every scoring step reads. A plain slotted class: built
    at every deal's end, where an attrs class's keyword ``__init__`` costs ~1 µs more."""

    __slots__ = (
        "bid",
        "cards",
        "contract",
        "declarer",
        "distributed",
        "events",
        "golden",
        "hidden",
        "match",
        "points",
        "rules",
        "seating",
        "talon",
        "tricks",
    )

    def __init__(
        self,
        match: Match,
        declarer: int,
        bid: int,
        contract: int,
        points: PerSeat,
        cards: PerSeat,
        talon: int,
        tricks: TrickLog,
        distributed: bool,
        hidden: bool,
    ) -> None:
        self.rules: Rules = match.rules
        self.match = match
        self.seating: Seating = match.seating
        self.declarer = declarer
        self.bid = bid
        self.contract = contract
        self.points = points
        self.cards = cards
        #: The talon as dealt (the sitter's score reads it, R-FOUR-3).
        self.talon = talon
        self.tricks = tricks
        self.distributed = distributed
        self.golden = match.golden is not None
        self.hidden = hidden
        self.events: list[Event] = []

    def played(self) -> PerSeat:
        """Each seat's eight cards after the gives: the cards it played."""
        played = [0] * self.seating.players
        tricks = self.tricks  # a TrickLog: the winner, then the three cards of each trick
        for i in range(1, len(tricks), 4):
            for seat, card in tricks[i : i + 3]:
                played[seat] |= card.mask
        return tuple(played)

    def on_barrel(self, seat: int) -> bool:
        return self.match.barrel[seat] is not None

    def mark(self, kind: EventKind, seat: int, amount: int = 0) -> None:
        self.events.append(Event(kind, seat, amount))


def finish_deal(
    state: State,
    action: Action,
    contract: int,
    *,
    tricks: TrickLog = (),
    points: PerSeat | None = None,
    marriages: tuple[tuple[int, Suit | None], ...] = (),
) -> State:
    """Score the deal that ``action`` ended (the last card, or a distribution) and return the
    next deal's first chance node, or the end of the game."""
    match = state._match
    seating = match.seating
    players = seating.players
    rules = match.rules
    auction, declarer, _, _ = state._bidding
    assert declarer is not None
    if points is None:
        points = seating.zeros
    # Card points: the deal points less the seat's marriages (R-MARRIAGE-1, A21), which is
    # cheaper than summing the cards of the tricks again.
    cards = points  # (the same tuple when no marriage was declared: one fewer to keep)
    if marriages:
        less = list(points)
        for seat, suit in marriages:
            less[seat] -= ACE_MARRIAGE if suit is None else suit.marriage_value
        cards = tuple(less)
    deal = _Deal(
        match,
        declarer,
        auction[0],
        contract,
        points,
        cards,
        state._exposed,
        tricks,
        type(action) is Distribute,
        bool(auction[4]),
    )
    before = match.scores
    made, delta = _deal_scores(deal)
    bolts = match.bolts
    # A bolt is a deal whose tricks hold no card points (R-BOLT-1); without one the counts
    # stay, except that a row breaks (A17): nothing to do in the common case.
    if rules.bolts.enabled and (
        0 in cards or deal.distributed or (rules.bolts.count == "row" and bolts != seating.zeros)
    ):
        bolts = _bolts(deal, delta)
    scores = list(map(add, before, delta))
    # The barrel and the falls are copied only where a step may change them.
    after_barrel, after_falls = match.barrel, match.falls
    if rules.barrel.enabled:
        # nobody on the barrel nor climbing on it: the common case, with nothing to do
        if after_barrel != seating.nobody or max(scores) >= rules.barrel.threshold:
            barrel, falls = list(after_barrel), list(after_falls)
            _barrel(deal, made, scores, barrel, falls)
            after_barrel, after_falls = tuple(barrel), tuple(falls)
    elif seating.sitter is not None and scores[seating.sitter] >= rules.scoring.target:
        # R-FOUR-4: nobody reaches the target by sitting; without a barrel to climb on, the
        # sitter is held where the barrel would hold it.
        scores[seating.sitter] = rules.barrel.threshold
    if 555 in scores or -555 in scores:
        _resets(deal, scores)

    # The end of the game (R-END-1, R-END-2; R-FOUR-7: over every seat).
    target = rules.scoring.target
    top = max(scores)
    reached = [s for s in range(players) if scores[s] >= target] if top >= target else []
    over = bool(reached) or match.deal_number >= rules.scoring.max_deals
    winner: int | None = None
    if declarer in reached:
        winner = declarer
    elif over:
        leaders = [s for s in range(players) if scores[s] == top]
        winner = leaders[0] if len(leaders) == 1 else None

    golden, golden_made = match.golden, match.golden_made
    if golden is not None:
        barrel = list(after_barrel)
        golden, golden_made, bolts = _golden_round(deal, made, over, scores, barrel, bolts)
        after_barrel = tuple(barrel)
    distributions = match.distributions
    if deal.distributed:
        distributions = _add(distributions, declarer, 1)
    after_scores = tuple(scores)
    # The sheet's row: DealRecord's fields in order, made into a record when the sheet is read
    # (state._record: the changes come from the scores before, which the last row holds too).
    row = (
        match.deal_number,
        match.dealer,
        declarer,
        deal.bid,
        contract,
        made,
        points,
        deal.cards,
        marriages,
        before,
        after_scores,
        after_barrel,
        bolts,
        tuple(deal.events) if deal.events else (),
        tricks,
        deal.golden,
        deal.hidden,
        seating.sitter,
    )
    dealer = match.dealer if over else (match.dealer + 1) % players  # R-TABLE-1: to the left
    after = Match(
        rules,
        dealer,
        match.deal_number if over else match.deal_number + 1,
        after_scores,
        after_barrel,
        bolts,
        SheetRows(match._rows, row),  # (the sheet, once read, is _rows too)
        winner,
        golden,
        distributions,
        after_falls,
        golden_made,
        chained_through(state, action),
        match.checks,
    )
    # The next deal starts with no state before it: the history so far is the new match's.
    phase = _GAME_OVER if over else _DEALING
    return start_of_deal(after, phase, None, seating.zeros, 0, NO_AUCTION, None, None)


def _add(values: PerSeat, seat: int, amount: int) -> PerSeat:
    return tuple(value + amount if s == seat else value for s, value in enumerate(values))


def sitter_score(rules: Rules, talon: int) -> int:
    """R-FOUR-3: the sitter's deal score from the talon as dealt, before doubling: its card
    points rounded like an opponent's (R-SCORE-3), or a value per ace and the value of its
    marriage (not rounded), or nothing.

    >>> import attrs
    >>> from thousand import Card, Rules
    >>> from thousand.cards import mask_of
    >>> from thousand.rules import TableRules
    >>> talon = mask_of(Card.parse(text) for text in ("KH", "QH", "AH"))
    >>> sitter_score(Rules.classic(players=4), talon)  # 4 + 3 + 11 = 18, rounded to 20
    20
    >>> rules = attrs.evolve(Rules(), table=TableRules(4, "aces_and_marriage"))
    >>> sitter_score(rules, talon)  # one ace (40) and the heart marriage (100)
    140
    """
    option = rules.table.sitter_scores
    if option == "talon_points":
        return round_to_5(card_points(talon))
    if option == "aces_and_marriage":
        return (talon & ACES).bit_count() * rules.table.ace_value + marriage_total(talon)
    return 0


def _deal_scores(deal: _Deal) -> tuple[bool | None, list[int]]:
    """Whether the contract was made (None: distributed), and each seat's deal score with
    doubling and the 4 Nines Bonus (R-SCORE-1..3, R-DIST-1, A12, A14, A19, A24, A25)."""
    rules, declarer = deal.rules, deal.declarer
    delta = [0] * deal.seating.players
    opponents = deal.seating.opponents[declarer]
    made: bool | None
    if deal.distributed:
        made = None
        dist = rules.distribution
        share = dist.per_opponent if dist.per_opponent is not None else half_up_to_5(deal.bid)
        nth = deal.match.distributions[declarer] + 1
        pays = dist.subtract or (dist.subtract_on_third and nth % 3 == 0)
        delta[declarer] = -deal.bid if pays else 0
        for o in opponents:
            delta[o] = share
    else:
        own = deal.points[declarer]
        if rules.scoring.round_own_points:
            own = round_to_5(own)  # A24: for the contract check only
        made = own >= deal.contract
        delta[declarer] = deal.contract if made else -deal.contract
        for o in opponents:
            delta[o] = round_to_5(deal.points[o])
    sitter = deal.seating.sitter
    if sitter is not None:  # R-FOUR-3: a deal score of step 1, also when distributed
        delta[sitter] = sitter_score(rules, deal.talon)
    if deal.golden:  # A12: a golden deal doubles every seat's deal score
        delta = [2 * d for d in delta]
    elif deal.hidden:  # A12, A14: a hidden game doubles the declarer's alone
        delta[declarer] *= 2
        if rules.hidden_round.no_more_than_240:
            delta[declarer] = max(-240, min(240, delta[declarer]))
    if deal.distributed:
        # A20: a declarer on the barrel keeps its score, whatever the distribution would cost
        cost = 0 if deal.on_barrel(declarer) else delta[declarer]
        deal.mark(EventKind.DISTRIBUTION, declarer, cost)
    elif rules.scoring.four_nines_bonus:  # A25: after the check, never doubled
        played = deal.played()
        for seat in range(deal.seating.players):  # F1: never the sitter, it played nothing
            if played[seat] & NINES == NINES and not deal.on_barrel(seat):
                delta[seat] += FOUR_NINES_BONUS
                deal.mark(EventKind.FOUR_NINES_BONUS, seat, FOUR_NINES_BONUS)
    return made, delta


def _bolts(deal: _Deal, delta: list[int]) -> PerSeat:
    """R-BOLT-1, R-BOLT-2, A14, A17: the new bolt counts, where bolts are counted; penalties
    go into ``delta``."""
    rules = deal.rules
    bolts = list(deal.match.bolts)
    doubled = (deal.golden and rules.golden_round.bolt_doubling) or (
        deal.hidden and rules.hidden_round.bolt_doubling
    )
    sitter = deal.seating.sitter
    barrel = deal.match.barrel
    for seat in range(deal.seating.players):
        if seat == sitter:
            continue  # R-FOUR-5: for the sitter's bolts the deal did not happen
        if barrel[seat] is not None:  # a seat on the barrel gets no bolts
            bolt = False
        elif deal.distributed:
            bolt = seat == deal.declarer  # even with Avoid own Bolt (A19)
        else:
            bolt = deal.cards[seat] == 0 and (seat != deal.declarer or rules.bolts.declarer)
        if not bolt:
            if rules.bolts.count == "row":
                bolts[seat] = 0  # A17: a deal without a bolt breaks the row
            continue
        bolts[seat] += 2 if doubled else 1
        deal.mark(EventKind.BOLT, seat, 0)
        if bolts[seat] >= 3:  # A14: 2 + 2 costs one penalty and keeps 1
            bolts[seat] -= 3
            delta[seat] -= rules.scoring.penalty
            deal.mark(EventKind.BOLT_PENALTY, seat, -rules.scoring.penalty)
    return tuple(bolts)


def _barrel(
    deal: _Deal, made: bool | None, scores: list[int], barrel: Barrel, falls: list[int]
) -> None:
    """R-BARREL-1..6, A16, A18, A20, in place on ``scores``, ``barrel`` and ``falls`` (called
    when a seat is on the barrel or may climb on it)."""
    rules = deal.rules
    threshold, target = rules.barrel.threshold, rules.scoring.target
    seating = deal.seating
    penalty = rules.scoring.penalty
    before = deal.match.scores
    climbed: list[int] = []
    fell: list[int] = []

    def climb(seat: int) -> None:
        scores[seat] = threshold
        barrel[seat] = 0
        climbed.append(seat)
        deal.mark(EventKind.CLIMBED_ON_BARREL, seat)

    def fall(seat: int, kind: EventKind, loss: int) -> None:
        scores[seat] = before[seat] - loss
        barrel[seat] = None
        fell.append(seat)
        deal.mark(kind, seat, -loss)

    sitter = seating.sitter
    for seat in range(seating.players):
        used = deal.match.barrel[seat]
        if used is None:
            if threshold <= scores[seat] < target:
                climb(seat)
            elif scores[seat] >= target:
                if rules.barrel.jump and seat != sitter:
                    deal.mark(EventKind.JUMPED_BARREL, seat)
                else:
                    # R-BARREL-2 standard: climb on instead; R-FOUR-4: a sitter always does
                    climb(seat)
            continue
        # On the barrel when the deal began (R-BARREL-3, R-BARREL-6): no deal score counts.
        scores[seat] = before[seat]
        if seat == sitter:
            continue  # R-FOUR-4: a sitter on the barrel uses no barrel deal
        if seat == deal.declarer and made is not None:
            if rules.barrel.reading == "classic":
                if made and threshold + deal.contract >= target:
                    scores[seat] = threshold + deal.contract
                    barrel[seat] = None
                    deal.mark(EventKind.WON_FROM_BARREL, seat, deal.contract)
                    continue
                if not made:
                    fall(seat, EventKind.FELL_OFF_BARREL, deal.contract)
                    continue
            elif made and threshold + deal.points[seat] >= target:
                scores[seat] = (threshold + deal.points[seat]) // 5 * 5
                barrel[seat] = None
                deal.mark(EventKind.WON_FROM_BARREL, seat, scores[seat] - before[seat])
                continue
        used += 1
        if used >= rules.barrel.deals:
            fall(seat, EventKind.BARREL_PENALTY, penalty)
        else:
            barrel[seat] = used
            deal.mark(EventKind.BARREL_DEAL_USED, seat)

    # R-FOUR-4, F3: a sitter that climbs on, or is already on, counts like any seat here.
    if climbed and rules.barrel.throw_off:  # A16: the earlier ones come off with the penalty
        for seat in range(seating.players):
            if barrel[seat] is not None and seat not in climbed:
                fall(seat, EventKind.THROWN_OFF_BARREL, penalty)
    if not rules.barrel.several and sum(b is not None for b in barrel) > 1:
        for seat in climbed:  # A16: nobody may share the barrel
            scores[seat] = threshold - penalty
            barrel[seat] = None
            fell.append(seat)
            deal.mark(EventKind.SHARED_BARREL, seat, -penalty)
    for seat in fell:  # A18: the third fall without a win sets the score to 0
        falls[seat] += 1
        if rules.barrel.zero_after_three and falls[seat] == 3:
            scores[seat] = 0
            deal.mark(EventKind.ZERO_AFTER_THREE_BARRELS, seat)


def _resets(deal: _Deal, scores: list[int]) -> None:
    """Score Reset on 555 and on -555: exactly that score after a deal becomes 0 (called when
    a score is one of them)."""
    rules = deal.rules.scoring
    for seat in range(deal.seating.players):  # F1: the sitter's score too
        if (scores[seat] == 555 and rules.reset_on_555) or (
            scores[seat] == -555 and rules.reset_on_minus_555
        ):
            scores[seat] = 0
            deal.mark(EventKind.SCORE_RESET, seat)


def golden_after(
    index: int | None, made_before: bool, made: bool | None, deals: int = GOLDEN_DEALS
) -> tuple[int | None, bool]:
    """A11: the golden round's place after a deal: the next deal's index in the round (None:
    the round is over) and whether a deal of the round has been made. All ``deals`` deals are
    played (three, or four at a table of four, R-FOUR-6); after the last the round is over if
    one of them was made, else it starts again.

    >>> golden_after(0, False, True), golden_after(2, True, False), golden_after(2, False, False)
    ((1, True), (None, False), (0, False))
    >>> golden_after(2, False, False, deals=4)
    (3, False)
    """
    if index is None:
        return None, False
    made_any = made_before or made is True
    if index + 1 < deals:
        return index + 1, made_any
    return (None, False) if made_any else (0, False)


def _golden_round(
    deal: _Deal, made: bool | None, over: bool, scores: list[int], barrel: Barrel, bolts: PerSeat
) -> tuple[int | None, bool, PerSeat]:
    """A11 after a deal (:func:`golden_after`); when the round starts again, Reset to Zero
    first clears scores, bolts and the barrel (no penalty). Returns the next deal's index in
    the round, whether a deal of it has been made, and the bolts. At the end of the game
    nothing moves on: the values stay the last deal's."""
    index, made_before = deal.match.golden, deal.match.golden_made
    if index is None or over:
        return index, made_before, bolts
    seating = deal.seating
    after, made_any = golden_after(index, made_before, made, seating.players)
    if after == 0 and deal.rules.golden_round.reset_to_zero:  # F5: every seat of the table
        scores[:] = seating.zeros
        barrel[:] = seating.nobody
        deal.mark(EventKind.GOLDEN_RESET, deal.declarer)
        bolts = seating.zeros
    return after, made_any, bolts
