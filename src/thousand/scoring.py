"""The end of a deal: deal scores, bolts, the barrel and the end of the game.

The order is fixed by R-SCORE-4: deal scores, then bolts, then the barrel, then the end of the
game. Every step reads the barrel as it stood when the deal began (R-BARREL-6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Distribute
from .cards import Suit, card_points
from .sheet import DealRecord, Event, EventKind
from .state import Match, Phase, State, Tricks, start_of_deal, won_masks

if TYPE_CHECKING:
    from .actions import Action
    from .rules import Rules

__all__ = ["finish_deal", "half_up_to_5", "round_to_5"]

Triple = tuple[int, int, int]


def round_to_5(points: int) -> int:
    """R-SCORE-3: to the nearest multiple of 5, remainders 1-2 down and 3-4 up (17 → 15, 18 → 20).

    >>> [round_to_5(p) for p in (15, 16, 17, 18, 19)]
    [15, 15, 15, 20, 20]
    """
    rest = points % 5
    return points - rest if rest < 3 else points + 5 - rest


def half_up_to_5(amount: int) -> int:
    """R-DIST-1: half of ``amount``, to the nearest multiple of 5 with halves up (105 → 55).

    >>> [half_up_to_5(b) for b in (100, 105, 110, 115)]
    [50, 55, 55, 60]
    """
    return (amount + 5) // 10 * 5


def finish_deal(
    state: State,
    action: Action,
    contract: int,
    *,
    tricks: Tricks = (),
    points: Triple = (0, 0, 0),
    marriages: tuple[tuple[int, Suit], ...] = (),
) -> State:
    """Score the deal that ``action`` ended (the last card, or a distribution) and return the
    next deal's first chance node, or the end of the game."""
    match = state._match
    rules = match.rules
    declarer = state._declarer
    assert declarer is not None
    distributed = isinstance(action, Distribute)
    bid = state._auction[0]
    won = won_masks(tricks)
    cards = (card_points(won[0]), card_points(won[1]), card_points(won[2]))
    before = match.scores
    on_barrel = match.barrel
    events: list[Event] = []

    made, delta = _deal_scores(rules, declarer, bid, contract, points, distributed, events)
    bolts = _bolts(rules, match, declarer, cards, distributed, delta, events)
    scores = [before[s] + delta[s] for s in range(3)]
    barrel = list(on_barrel)
    if rules.barrel.enabled:
        _barrel(rules, on_barrel, declarer, contract, made, points, before, scores, barrel, events)

    # The end of the game (R-END-1, R-END-2).
    target = rules.scoring.target
    final = (scores[0], scores[1], scores[2])
    reached = [s for s in range(3) if final[s] >= target]
    over = bool(reached) or match.deal_number >= rules.scoring.max_deals
    winner: int | None = None
    if reached and declarer in reached:
        winner = declarer
    elif over:
        top = max(final)
        leaders = [s for s in range(3) if final[s] == top]
        winner = leaders[0] if len(leaders) == 1 else None

    record = DealRecord(
        deal_number=match.deal_number,
        dealer=match.dealer,
        declarer=declarer,
        bid=bid,
        contract=contract,
        made=made,
        points=points,
        card_points=cards,
        marriages=marriages,
        changes=(final[0] - before[0], final[1] - before[1], final[2] - before[2]),
        scores=final,
        barrel=(barrel[0], barrel[1], barrel[2]),
        bolts=bolts,
        events=tuple(events),
        tricks=tricks,
    )
    history = (state._history, action)
    sheet = (*match.sheet, record)
    if over:
        after = Match(
            rules,
            match.dealer,
            match.deal_number,
            final,
            record.barrel,
            record.bolts,
            sheet,
            winner,
        )
        return start_of_deal(
            after,
            Phase.GAME_OVER,
            None,
            (0, 0, 0),
            0,
            (0, -1, 0),
            history,
        )
    # R-TABLE-1: the deal passes to the left.
    after = Match(
        rules,
        (match.dealer + 1) % 3,
        match.deal_number + 1,
        final,
        record.barrel,
        record.bolts,
        sheet,
        None,
    )
    return start_of_deal(
        after,
        Phase.DEALING,
        None,
        (0, 0, 0),
        0,
        (0, -1, 0),
        history,
    )


def _deal_scores(
    rules: Rules,
    declarer: int,
    bid: int,
    contract: int,
    points: Triple,
    distributed: bool,
    events: list[Event],
) -> tuple[bool | None, list[int]]:
    """Whether the contract was made (None: distributed), and each seat's deal score
    (R-SCORE-1..3, R-DIST-1, A24)."""
    delta = [0, 0, 0]
    opponents = ((declarer + 1) % 3, (declarer + 2) % 3)
    if distributed:
        dist = rules.distribution
        share = dist.per_opponent if dist.per_opponent is not None else half_up_to_5(bid)
        delta[declarer] = -bid if dist.subtract else 0
        for o in opponents:
            delta[o] = share
        events.append(Event(EventKind.DISTRIBUTION, declarer, delta[declarer]))
        return None, delta
    own = points[declarer]
    if rules.scoring.round_own_points:
        own = round_to_5(own)
    made = own >= contract
    delta[declarer] = contract if made else -contract
    for o in opponents:
        delta[o] = round_to_5(points[o])
    return made, delta


def _bolts(
    rules: Rules,
    match: Match,
    declarer: int,
    cards: Triple,
    distributed: bool,
    delta: list[int],
    events: list[Event],
) -> Triple:
    """R-BOLT-1, R-BOLT-2 (A17): the new bolt counts; penalties go into ``delta``."""
    bolts = list(match.bolts)
    if not rules.bolts.enabled:
        return match.bolts
    for seat in range(3):
        if match.barrel[seat] is not None:  # a seat on the barrel gets no bolts
            bolt = False
        elif distributed:
            bolt = seat == declarer
        else:
            bolt = cards[seat] == 0 and (seat != declarer or rules.bolts.declarer)
        if not bolt:
            if rules.bolts.count == "row":
                bolts[seat] = 0
            continue
        bolts[seat] += 1
        events.append(Event(EventKind.BOLT, seat))
        if bolts[seat] >= 3:
            bolts[seat] = 0
            delta[seat] -= rules.scoring.penalty
            events.append(Event(EventKind.BOLT_PENALTY, seat, -rules.scoring.penalty))
    return (bolts[0], bolts[1], bolts[2])


def _barrel(
    r: Rules,
    on_barrel: tuple[int | None, int | None, int | None],
    declarer: int,
    contract: int,
    made: bool | None,
    points: Triple,
    before: Triple,
    scores: list[int],
    barrel: list[int | None],
    events: list[Event],
) -> None:
    """R-BARREL-1..6, in place on ``scores`` and ``barrel``."""
    threshold, target = r.barrel.threshold, r.scoring.target
    penalty = r.scoring.penalty
    for seat in range(3):
        used = on_barrel[seat]
        if used is None:
            score = scores[seat]
            if threshold <= score < target:
                scores[seat] = threshold
                barrel[seat] = 0
                events.append(Event(EventKind.CLIMBED_ON_BARREL, seat))
            elif score >= target:
                if r.barrel.jump:
                    events.append(Event(EventKind.JUMPED_BARREL, seat))
                else:
                    scores[seat] = threshold  # R-BARREL-2 standard: climb on instead
                    barrel[seat] = 0
                    events.append(Event(EventKind.CLIMBED_ON_BARREL, seat))
            continue
        # On the barrel when the deal began (R-BARREL-3, R-BARREL-6).
        scores[seat] = before[seat]
        if seat == declarer and made is not None:
            if r.barrel.reading == "classic":
                if made and threshold + contract >= target:
                    scores[seat] = threshold + contract
                    barrel[seat] = None
                    events.append(Event(EventKind.WON_FROM_BARREL, seat, contract))
                    continue
                if not made:
                    scores[seat] = before[seat] - contract
                    barrel[seat] = None
                    events.append(Event(EventKind.FELL_OFF_BARREL, seat, -contract))
                    continue
            elif made and threshold + points[seat] >= target:
                scores[seat] = (threshold + points[seat]) // 5 * 5
                barrel[seat] = None
                events.append(Event(EventKind.WON_FROM_BARREL, seat, scores[seat] - before[seat]))
                continue
        used += 1
        if used >= r.barrel.deals:
            scores[seat] = before[seat] - penalty
            barrel[seat] = None
            events.append(Event(EventKind.BARREL_PENALTY, seat, -penalty))
        else:
            barrel[seat] = used
            events.append(Event(EventKind.BARREL_DEAL_USED, seat))
