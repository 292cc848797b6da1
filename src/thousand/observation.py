"""What a seat may know: its observation and its information state (A26).

:func:`information_state` is everything one seat has seen since the current deal's cards were
dealt, in order (perfect recall: a redeal deals every card afresh, so what came before it can
tell nothing about the new cards), with the public facts of the game at the deal's start.
:func:`observe` is that knowledge summed up as the table looks to the seat now. Neither holds
anything the seat may not know: the other hands, the talon before it is shown, a card given to
the other opponent, or its own hand while it plays a hidden game blind.

>>> import thousand as th
>>> state = th.apply(th.new_game(), th.Deal.parse(
...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
>>> seen = th.observe(state, 2)
>>> [str(c) for c in sorted(seen.hand)], seen.hand_sizes, seen.legal_actions
(['QD', 'KD', 'TD', 'AD', '9H', 'JH', 'QH'], (7, 7, 7), ())
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

import attrs

from .actions import Action, Bid, Deal, DealCard, Give, Hidden, Look, Pass, Unhide
from .cards import Card, Suit, cards_of
from .engine import apply, legal_actions
from .errors import check_seat
from .rules import Rules
from .seating import Seating
from .sheet import DealRecord
from .state import (
    NO_AUCTION,
    PerSeat,
    Phase,
    State,
    TrickCards,
    Tricks,
    actions_back,
    offers_hidden_game,
    start_of_deal,
)

__all__ = [
    "Acted",
    "Dealt",
    "Given",
    "HandSeen",
    "InfoState",
    "Observation",
    "Sight",
    "TalonTaken",
    "information_state",
    "observe",
]

_CALLS = (Bid, Pass, Hidden, Look, Unhide)


@attrs.frozen
class Dealt:
    """A card was dealt to ``seat`` (None: to the talon); ``card`` is None when unseen."""

    seat: int | None
    card: Card | None

    def __str__(self) -> str:
        where = "the talon" if self.seat is None else f"seat {self.seat}"
        return f"dealt {self.card or '??'} to {where}"


@attrs.frozen
class Acted:
    """``seat`` took a public action: a call, the contract, a card played, a redeal."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.action}"


@attrs.frozen
class HandSeen:
    """The seat saw its own hand: the hidden-game opener, once it looks, is unhidden, or takes
    the talon (A26)."""

    cards: frozenset[Card]

    def __str__(self) -> str:
        return "saw its hand " + " ".join(str(c) for c in sorted(self.cards))


@attrs.frozen
class TalonTaken:
    """The declarer took the talon; ``cards`` is None when it was not shown to this seat."""

    declarer: int
    cards: frozenset[Card] | None

    def __str__(self) -> str:
        shown = "unseen" if self.cards is None else " ".join(str(c) for c in sorted(self.cards))
        return f"seat {self.declarer} took the talon: {shown}"


@attrs.frozen
class Given:
    """The declarer gave a card to ``to``; ``card`` is None when this seat may not see it."""

    to: int
    card: Card | None

    def __str__(self) -> str:
        return f"a card {self.card or '??'} was given to seat {self.to}"


Sight: TypeAlias = Dealt | Acted | HandSeen | TalonTaken | Given


@attrs.frozen
class InfoState:
    """One seat's information state: the public facts of the game when the current deal began,
    and everything the seat has seen since, in order."""

    seat: int
    rules: Rules
    deal_number: int
    dealer: int
    scores: PerSeat
    barrel: tuple[int | None, ...]
    bolts: PerSeat
    distributions: PerSeat
    #: The deal's place in the golden round (0, 1, 2; 3 at four), or None outside it (A10, A11).
    golden: int | None
    #: Falls from the barrel without a win per seat (A18).
    falls: PerSeat
    sheet: tuple[DealRecord, ...]
    sights: tuple[Sight, ...]
    #: Whether an earlier deal of this golden round was made (A11).
    golden_made: bool = False

    def __str__(self) -> str:
        head = (
            f"seat {self.seat}, deal {self.deal_number} (dealer {self.dealer}), "
            f"scores {self.scores}"
        )
        return "\n".join([head, *(f"  {sight}" for sight in self.sights)])


@attrs.frozen
class Observation:
    """What one seat may know now (A26).

    ``hand`` is None while the seat plays a hidden game blind. Under Quiet Drop an opponent
    sees neither the other opponent's give nor the end of the gives: those hand sizes are None
    and ``phase`` stays :attr:`Phase.GIVING` until the contract is fixed. ``talon`` is the
    taken talon when it was shown to this seat; ``gives`` are the cards the declarer gave as
    ``(card, seat)``, the card None where this seat may not see it; ``calls`` are the auction's
    decisions in order; ``legal_actions`` are this seat's when it is to move.
    """

    seat: int
    rules: Rules
    phase: Phase
    deal_number: int
    dealer: int
    to_move: int | None
    hand: frozenset[Card] | None
    hand_sizes: tuple[int | None, ...]
    talon_size: int
    talon: frozenset[Card] | None
    gives: tuple[tuple[Card | None, int], ...]
    calls: tuple[tuple[int, Action], ...]
    high_bid: int | None
    declarer: int | None
    contract: int | None
    is_hidden_game: bool
    is_golden_deal: bool
    #: The deal's place in the golden round (0, 1, 2; 3 at four), or None outside it (A10, A11).
    golden_index: int | None
    #: Whether an earlier deal of this golden round was made: if so, the round ends after its
    #: last deal rather than starting again (A11).
    golden_made: bool
    tricks: Tricks
    trick: TrickCards
    marriages: tuple[tuple[int, Suit | None], ...]
    trump: Suit | None
    points: PerSeat
    scores: PerSeat
    barrel: tuple[int | None, ...]
    bolts: PerSeat
    distributions: PerSeat
    sheet: tuple[DealRecord, ...]
    winner: int | None
    legal_actions: tuple[Action, ...]

    def _repr_svg_(self) -> str:
        """The seat's view as a picture in Jupyter: :func:`thousand.svg.observation_svg`."""
        from .svg import observation_svg

        return observation_svg(self)

    def __str__(self) -> str:
        def show(cards: frozenset[Card] | None) -> str:
            return "unseen" if cards is None else " ".join(str(c) for c in sorted(cards)) or "-"

        lines = [
            f"seat {self.seat}: deal {self.deal_number}, {self.phase.value}, "
            + ("nobody to move" if self.to_move is None else f"seat {self.to_move} to move"),
            f"  hand: {show(self.hand)}   hand sizes {self.hand_sizes}",
            f"  scores {self.scores}   barrel {self.barrel}   bolts {self.bolts}",
        ]
        if self.golden_index is not None:
            made = "a deal of the round made" if self.golden_made else "none made before"
            deals = len(self.scores)  # R-FOUR-6: one golden deal per seat
            lines.append(f"  golden deal {self.golden_index + 1} of {deals}, {made}")
        if self.calls:
            lines.append("  calls: " + ", ".join(f"{s}:{a}" for s, a in self.calls))
        if self.declarer is not None:
            lines.append(
                f"  declarer {self.declarer}, bid {self.high_bid}, contract {self.contract}, "
                f"talon {show(self.talon)}"
            )
        if self.gives:
            lines.append("  gives: " + ", ".join(f"{c or '??'} to {to}" for c, to in self.gives))
        if self.tricks or self.trick:
            trump = "none" if self.trump is None else self.trump.symbol
            lines.append(f"  tricks {len(self.tricks)}, trump {trump}, points {self.points}")
            if self.trick:
                lines.append("  table: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        if self.legal_actions:
            lines.append("  legal: " + ", ".join(map(str, self.legal_actions)))
        return "\n".join(lines)


def _quiet(state: State, seat: int) -> bool:
    """Quiet Drop (A26): an opponent cannot tell whether the other opponent got its card until
    the contract is fixed; the sitter sees neither give (R-FOUR-8)."""
    return (
        state._match.rules.talon.quiet_drop
        and (state._phase is Phase.GIVING or state._phase is Phase.CONTRACT)
        and state._declarer is not None
        and seat != state._declarer
    )


def _hand_sizes(state: State, seat: int) -> tuple[int | None, ...]:
    """The hand sizes; under Quiet Drop, while the gives may be going on, a seat other than the
    declarer sees only its own (A26, R-FOUR-8), and the sitter's empty hand."""
    sizes = tuple(hand.bit_count() for hand in state._hands)
    if _quiet(state, seat):
        unseen = state._match.seating.active
        return tuple(None if s in unseen and s != seat else n for s, n in enumerate(sizes))
    return sizes


def _deal_actions(state: State) -> list[Action]:
    """The actions of the current deal since its first card (after any redeal), read back
    along the history chain only as far as the deal's start, so that a long game costs no
    more than a short one."""
    out: list[Action] = []
    # Outside the dealing, the deal's own decisions come after its cards.
    decisions = state._phase is not Phase.DEALING
    for action in actions_back(state):
        if isinstance(action, DealCard):
            decisions = False
        elif isinstance(action, Deal):
            if state._phase is not Phase.DEALING:
                out.append(action)
            break
        elif not decisions:
            break
        out.append(action)
    out.reverse()
    return out


def _steps(state: State) -> Iterator[tuple[State, Action, State]]:
    """Replay the current deal: (before, action, after) for each of its actions."""
    match = state._match
    now = start_of_deal(match, Phase.DEALING, None, match.seating.zeros, 0, NO_AUCTION, None, None)
    for action in _deal_actions(state):
        after = apply(now, action)
        yield now, action, after
        now = after


def _dealt_order(deal: Deal, seating: Seating) -> Iterator[tuple[int | None, Card]]:
    """The cards of a whole deal in R-DEAL-1's (R-FOUR-2's) order, each seat's cards lowest
    first."""
    hands = [sorted(h) for h in deal.hands]
    # A Deal holds the hands by seat at a table of three, from the opener at four.
    where = range(3) if seating.sitter is None else seating.active
    for k in range(21):
        seat = seating.card_seat[k]
        yield seat, hands[where.index(seat)][k // 3]
    for card in sorted(deal.talon):
        yield None, card


def _sights(state: State, seat: int) -> Iterator[Sight]:
    match = state._match
    # The hidden-game opener decides before looking at its cards (A26).
    seating = match.seating
    blind = offers_hidden_game(match) and seat == seating.opener
    for before, action, after in _steps(state):
        if isinstance(action, DealCard | Deal):
            if isinstance(action, Deal):
                dealt = list(_dealt_order(action, seating))
            else:
                k = (sum(before._hands) | before._talon).bit_count()
                dealt = [(seating.card_seat[k] if k < 21 else None, action.card)]
            for to, card in dealt:
                yield Dealt(to, card if to == seat and not blind else None)
            if after._phase is Phase.GIVING:  # a golden deal: the talon is taken at once
                yield from _talon(after, seat)
            continue
        actor = before._to_move
        if isinstance(action, Give):
            declarer = before._declarer
            if seat in (declarer, action.to):
                yield Given(action.to, action.card)
            elif not match.rules.talon.quiet_drop:
                yield Given(action.to, None)
            continue
        assert actor is not None
        yield Acted(actor, action)
        if blind and (isinstance(action, Look | Unhide) or after._phase is Phase.GIVING):
            if after._phase is Phase.GIVING and after._declarer is not None:
                yield from _talon(after, seat)
            blind = False
            yield HandSeen(frozenset(cards_of(after._hands[seat])))
            continue
        if before._phase is not Phase.GIVING and after._phase is Phase.GIVING:
            yield from _talon(after, seat)


def _talon(after: State, seat: int) -> Iterator[Sight]:
    declarer = after._declarer
    assert declarer is not None
    shown = seat in after.talon_shown_to
    yield TalonTaken(declarer, frozenset(cards_of(after._exposed)) if shown else None)


def information_state(state: State, seat: int) -> InfoState:
    """Everything ``seat`` has seen since the current deal's cards were dealt (after the last
    redeal, if any), with the game's public facts at the deal's start (perfect recall). The
    seat that sits out a deal at a table of four sees what is public (R-FOUR-8)."""
    check_seat(seat, "seat", players=state._match.seating.players)
    match = state._match
    return InfoState(
        seat=seat,
        rules=match.rules,
        deal_number=match.deal_number,
        dealer=match.dealer,
        scores=match.scores,
        barrel=match.barrel,
        bolts=match.bolts,
        distributions=match.distributions,
        golden=match.golden,
        golden_made=match.golden_made,
        falls=match.falls,
        sheet=match.sheet,
        sights=tuple(_sights(state, seat)) if state._phase is not Phase.GAME_OVER else (),
    )


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state`` now, and nothing else (A26); for the seat that sits
    out the deal, what is public and its own empty hand (R-FOUR-8)."""
    check_seat(seat, "seat", players=state._match.seating.players)
    declarer = state._declarer
    quiet = state._match.rules.talon.quiet_drop
    gives: list[tuple[Card | None, int]] = []
    for card, to in state._gives:
        if seat in (declarer, to):
            gives.append((card, to))
        elif not quiet:
            gives.append((None, to))
    talon = frozenset(cards_of(state._exposed)) if seat in state.talon_shown_to else None
    hand_visible = state.blind_seat != seat
    h = state._hands
    return Observation(
        seat=seat,
        rules=state.rules,
        # Under Quiet Drop the end of the gives is not seen: the contract decision looks like
        # the gives until the contract is fixed (A26).
        phase=Phase.GIVING if _quiet(state, seat) else state._phase,
        deal_number=state.deal_number,
        dealer=state.dealer,
        to_move=state._to_move,
        hand=frozenset(cards_of(h[seat])) if hand_visible else None,
        hand_sizes=_hand_sizes(state, seat),
        talon_size=state._talon.bit_count(),
        talon=talon,
        gives=tuple(gives),
        calls=state._auction[5],
        high_bid=state.high_bid,
        declarer=state._declarer,
        contract=state._contract,
        is_hidden_game=state.is_hidden_game,
        is_golden_deal=state.is_golden_deal,
        golden_index=state._match.golden,
        golden_made=state._match.golden_made,
        tricks=state.tricks,
        trick=state._trick,
        marriages=state._marriages,
        trump=state._trump,
        points=state._points,
        scores=state.scores,
        barrel=state.barrel,
        bolts=state.bolts,
        distributions=state.distributions,
        sheet=state.sheet,
        winner=state.winner,
        legal_actions=legal_actions(state) if state._to_move == seat else (),
    )
