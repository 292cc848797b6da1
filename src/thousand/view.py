"""The umpire's view of a game: every hand, the talon, the trick, trump, points and scores.

:func:`table` shows a :class:`~thousand.State` as text, all cards face up, as an umpire standing
over the table sees it; ``str(observe(state, seat))`` shows one seat's view instead, and holds
nothing that seat may not know. Hands are sorted by suit (♠ ♣ ♦ ♥), each suit from the nine up
(:func:`hand_text`); single cards read ``10♥``, ``K♣``. The seat to move is marked ``>``. At a
table of four the dealer's row says it sits out, with no hand (R-FOUR-1).

>>> import thousand as th
>>> from thousand.view import table
>>> state = th.apply(th.new_game(), th.Deal.parse(
...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
>>> print(table(th.apply(state, th.Bid(100))))
deal 1 (dealer 0), auction: seat 2 to move
    seat        hand                 points  tricks  score
    0 dealer    ♠ 9 J Q K 10 A  ♣ 9       0       0      0
    1           ♣ J Q K 10 A  ♦ 9 J       0       0      0
  > 2           ♦ Q K 10 A  ♥ 9 J Q       0       0      0
  talon (face down): ♥ K 10 A
  calls: 1:bid 100
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action
from .cards import Card, Suit
from .sheet import DealRecord
from .state import Phase, State

__all__ = ["card_text", "hand_text", "table"]


def card_text(card: Card) -> str:
    """One card with its suit symbol: ``10♥``, ``K♣``."""
    return card.unicode


def hand_text(cards: Iterable[Card]) -> str:
    """Cards grouped by suit in pack order (♠ ♣ ♦ ♥), each suit from the nine up:
    ``♠ J K  ♣ 9 A  ♥ 10``; ``-`` for no cards."""
    by_suit: dict[Suit, list[Card]] = {}
    for card in sorted(cards):
        by_suit.setdefault(card.suit, []).append(card)
    groups = (
        suit.symbol + " " + " ".join(card.unicode[:-1] for card in held)
        for suit, held in by_suit.items()
    )
    return "  ".join(groups) or "-"


def _plays(cards: Iterable[tuple[int, Card]]) -> str:
    """Cards on the table as ``seat:card``, the seat's view's form with suit symbols."""
    return " ".join(f"{seat}:{card.unicode}" for seat, card in cards)


def _call(seat: int, action: Action) -> str:
    return f"{seat}:{action}"


def _role(state: State, seat: int) -> str:
    roles = []
    if seat == state.dealer:
        roles.append("dealer")
    if seat == state.sitter:
        roles.append("sits out")  # R-FOUR-1: dealt no cards, makes no decision
    if seat == state.declarer:
        roles.append("declarer")
    if seat == state.blind_seat:
        roles.append("blind")
    return " ".join(roles)


def _header(state: State) -> str:
    head = f"deal {state.deal_number} (dealer {state.dealer}), {state.phase.value}"
    extras = []
    if state.golden_index is not None:
        extras.append(f"golden deal {state.golden_index + 1} of {state.players}")
    if state.is_hidden_game:
        extras.append("hidden game")
    if state.is_chance:
        dealt = sum(len(hand) for hand in state.hands) + len(state.talon)
        extras.append(f"{dealt} of 24 cards dealt, chance to move")
    else:
        extras.append(f"seat {state.to_move} to move")
    return head + (" (" + ", ".join(extras[:-1]) + ")" if extras[:-1] else "") + ": " + extras[-1]


def _seat_rows(state: State, hands: bool) -> list[str]:
    """One row per seat: its role, hand, deal points, tricks won and game score, with the
    barrel and the bolts where they are played."""
    rules = state.rules
    seats = range(state.players)
    sitter = None if state.phase is Phase.GAME_OVER else state.sitter
    won = [0] * state.players
    for winner, _ in state.tricks:
        won[winner] += 1
    cells = [hand_text(hand) for hand in state.hands] if hands else []
    if sitter is not None and hands:
        cells[sitter] = ""  # it holds no hand: not drawn as an empty one
    width = max([len("hand"), *map(len, cells)])
    over = state.phase is Phase.GAME_OVER
    roles = ["" if over else _role(state, seat) for seat in seats]
    role_width = max([8, *map(len, roles)])
    head = f"{'    seat':<{6 + role_width}}"
    if hands:
        head += f"  {'hand':<{width}}  points  tricks"
    head += "  score"
    barrel = rules.barrel.enabled and any(used is not None for used in state.barrel)
    if barrel:
        head += "  barrel"
    if rules.bolts.enabled:
        head += "  bolts"
    rows = [head]
    for seat in seats:
        mark = ">" if seat == state.to_move else " "
        row = f"  {mark} {seat} {roles[seat]:<{role_width}}"
        if hands and seat == sitter:
            row += f"  {'':<{width}}  {'':6}  {'':6}"
        elif hands:
            row += f"  {cells[seat]:<{width}}  {state.points[seat]:6d}  {won[seat]:6d}"
        row += f"  {state.scores[seat]:5d}"
        if barrel:
            used = state.barrel[seat]
            row += f"  {'-' if used is None else f'{used}/{rules.barrel.deals}':>6}"
        if rules.bolts.enabled:
            row += f"  {state.bolts[seat]:5d}"
        rows.append(row.rstrip())
    return rows


def _talon(state: State) -> str | None:
    if state.talon:
        return "  talon (face down): " + hand_text(state.talon)
    if not state.taken_talon or state.declarer is None:
        return None
    shown = sorted(state.talon_shown_to)
    to = "all" if len(shown) == state.players else "the declarer only"
    return f"  talon taken by seat {state.declarer}, shown to {to}: " + hand_text(state.taken_talon)


def _record(record: DealRecord) -> str:
    """A row of the score sheet in words."""
    result = {None: "distributed", True: "made", False: "failed"}[record.made]
    changes = " ".join(f"{change:+d}" for change in record.changes)
    points = " ".join(map(str, record.points))
    sat = "" if record.sitter is None else f"; seat {record.sitter} sat out"
    return (
        f"deal {record.deal_number}: declarer {record.declarer}, contract {record.contract} "
        f"{result}; points {points}; changes {changes}{sat}"
    )


def _game_over(state: State) -> str:
    played = len(state.sheet)
    head = f"game over after {played} deal{'s' * (played != 1)}: "
    if state.winner is None:
        head += "drawn"
    else:
        head += f"seat {state.winner} wins with {state.scores[state.winner]}"
    lines = [head, *_seat_rows(state, hands=False)]
    if state.sheet:
        lines.append("  last " + _record(state.sheet[-1]))
    return "\n".join(lines)


def table(state: State) -> str:
    """The umpire's view of ``state`` as text: the deal and the phase with the seat to move,
    then a row per seat (its role, its hand sorted by suit, its deal points, tricks won and
    game score, and its barrel deals and bolts where those are played), the talon, the
    auction's calls, the contract and the gives, trump and the marriages declared, and the
    cards on the table (or the last trick, between tricks). A finished game shows the winner,
    the final scores and the last row of the score sheet.

    At a table of four there are four rows; the dealer's reads ``dealer sits out`` and shows
    no hand, deal points or tricks, only its score: it is dealt no cards and plays no part in
    the deal (R-FOUR-1). A golden round counts four deals (R-FOUR-6).

    Raises ``TypeError`` for anything but a :class:`~thousand.State`.
    """
    if not isinstance(state, State):
        raise TypeError(f"table() takes a thousand.State, not {type(state).__name__}")
    if state.phase is Phase.GAME_OVER:
        return _game_over(state)
    lines = [_header(state), *_seat_rows(state, hands=True)]
    talon = _talon(state)
    if talon is not None:
        lines.append(talon)
    if state.calls:
        lines.append("  calls: " + ", ".join(_call(seat, action) for seat, action in state.calls))
    if state.declarer is not None:
        contract = "not fixed yet" if state.contract is None else str(state.contract)
        line = f"  declarer {state.declarer}, bid {state.high_bid}, contract {contract}"
        if state.gives:
            line += "; gives " + ", ".join(f"{card.unicode} to {to}" for card, to in state.gives)
        lines.append(line)
    if state.phase is Phase.PLAYING:
        trump = "none" if state.trump is None else state.trump.symbol
        line = f"  trump {trump}"
        if state.marriages:
            line += ", marriages " + ", ".join(
                f"{seat}:{'aces' if suit is None else suit.symbol}"
                for seat, suit in state.marriages
            )
        lines.append(line)
        number = len(state.tricks) + 1
        if state.trick:
            lines.append(f"  table (trick {number}): {_plays(state.trick)}")
        elif state.tricks:
            winner, cards = state.tricks[-1]
            lines.append(f"  last trick ({number - 1}) won by {winner}: {_plays(cards)}")
    return "\n".join(lines)
