"""A game against the bots in a terminal: ``python -m thousand play``.

At each of its decisions the person sees what its seat may know and nothing more (the
:class:`~thousand.Observation`), and types a move in the library's text form (``bid 120``,
``pass``, ``give QS 2``, ``contract 140``, ``play KH``, ``play QH marriage``) or a command
(``legal``, ``hint``, ``sheet``, ``undo``, ``quit``, ``help``). A card may be written as
``QH`` or ``Q♥`` (``10♥`` for the ten), and a card alone stands for playing it. The game's
record (:mod:`thousand.records`) is written when the game ends and on ``quit``.

The deals come from the seed, one for each row of the sheet (and for each redeal of it), so
that ``undo`` back into an earlier deal brings the same cards again.

At a table of four (``Rules.classic(players=4)``) the person plays against three bots, and the
dealer of each deal sits it out (R-FOUR-1): when that is the person's seat, the console says
so, plays the deal between the bots without asking anything, shows what the sitter may see
(R-FOUR-8) as the play starts, and tells the sitter's score (R-FOUR-3) at the end.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from . import records
from .actions import Action, Bid, Contract, Deal, Give, Play, Unhide, parse_action
from .arena import BOTS, deal_stream
from .bots import Bot, SolverBot
from .cards import Card, Suit
from .engine import apply, legal_actions, new_game
from .errors import IllegalActionError
from .observation import Observation, observe
from .rules import Rules
from .sheet import LEGEND, format_sheet
from .state import Phase, State

__all__ = ["COMMANDS", "Console", "Style"]

#: The commands besides moves, with what each does.
COMMANDS: dict[str, str] = {
    "legal": "list the moves you may make",
    "hint": "what the solver bot would do in your place",
    "sheet": "the score sheet so far",
    "undo": "take back your last move (and the bots' answers to it)",
    "quit": "save the record and stop",
    "help": "this list",
}


class Style:
    """How cards and emphasis are written: with suit symbols and colour on a terminal that
    has them, in plain letters elsewhere (``NO_COLOR``, ``TERM=dumb``, a pipe, an encoding
    without ``♠``)."""

    def __init__(self, *, colour: bool, symbols: bool) -> None:
        self.colour = colour
        self.symbols = symbols

    @classmethod
    def for_stream(cls, stream: TextIO, choice: str = "auto") -> Style:
        """The style for ``stream``: ``choice`` is ``auto``, ``always`` or ``never`` (colour)."""
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♠♣♦♥".encode(encoding)
            symbols = True
        except (UnicodeEncodeError, LookupError):
            symbols = False
        tty = hasattr(stream, "isatty") and stream.isatty()
        auto = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        colour = choice == "always" or (choice == "auto" and auto)
        return cls(colour=colour, symbols=symbols)

    def card(self, card: Card) -> str:
        text = card.unicode if self.symbols else str(card)
        return self._red(text) if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else text

    def suit(self, suit: Suit) -> str:
        text = suit.symbol if self.symbols else suit.letter
        return self._red(text) if suit in (Suit.DIAMONDS, Suit.HEARTS) else text

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text

    def _red(self, text: str) -> str:
        return f"\x1b[31m{text}\x1b[0m" if self.colour else text

    def hand(self, cards: frozenset[Card]) -> str:
        """A hand by suit, ``9♠ Q♠   10♥``, each suit low to high."""
        groups = []
        for suit in Suit:
            held = sorted(c for c in cards if c.suit is suit)
            if held:
                groups.append(" ".join(self.card(c) for c in held))
        return "   ".join(groups) or "-"

    def action(self, action: Action) -> str:
        """An action's text form with its card drawn in this style."""
        text = str(action)
        card = getattr(action, "card", None)
        return text.replace(str(card), self.card(card), 1) if isinstance(card, Card) else text


def _sitter(obs: Observation) -> int | None:
    """The seat that sits out the observed deal: its dealer at a table of four (R-FOUR-1)."""
    return obs.dealer if len(obs.scores) == 4 else None


def seat_view(obs: Observation, names: Sequence[str], style: Style) -> str:
    """What a seat sees at its decision, for a person: the scores, the auction, the declarer
    and the talon when shown, the gives, trump and points, the trick and the hand. At a table
    of four the dealer is marked as sitting out, and left out of the points and the cards;
    the sitter's own view says that it sits out."""

    def who(seat: int) -> str:
        return names[seat]

    sitter = _sitter(obs)
    seats = range(len(obs.scores))
    lines = [
        style.bold(
            f"deal {obs.deal_number}, dealer {who(obs.dealer)}"
            + ("" if sitter is None else " (sits out)")
            + f", {obs.phase.value}"
            + (f", trick {len(obs.tricks) + 1} of 8" if obs.phase is Phase.PLAYING else "")
        ),
        "  scores   " + "   ".join(f"{who(s)} {obs.scores[s]}" for s in seats),
    ]
    marks = [
        f"{who(s)} on the barrel ({used} deals used)"
        for s, used in enumerate(obs.barrel)
        if used is not None
    ]
    marks += [f"{who(s)} {n} bolt{'s' * (n > 1)}" for s, n in enumerate(obs.bolts) if n]
    if obs.golden_index is not None:
        marks.append(f"golden deal {obs.golden_index + 1} of {len(obs.scores)}")
    if obs.is_hidden_game:
        marks.append("a hidden game")
    if marks:
        lines.append("  note     " + ", ".join(marks))
    if obs.calls:
        lines.append("  auction  " + ", ".join(f"{who(s)} {a}" for s, a in obs.calls))
    if obs.declarer is not None:
        talon = "not shown" if obs.talon is None else style.hand(obs.talon)
        contract = "" if obs.contract is None else f", contract {obs.contract}"
        lines.append(f"  declarer {who(obs.declarer)}, bid {obs.high_bid}{contract}; talon {talon}")
    if obs.gives:
        shown = [f"{'?' if c is None else style.card(c)} to {who(to)}" for c, to in obs.gives]
        lines.append("  gives    " + ", ".join(shown))
    if obs.phase is Phase.PLAYING:
        trump = "none" if obs.trump is None else style.suit(obs.trump)
        points = "   ".join(f"{who(s)} {obs.points[s]}" for s in seats if s != sitter)
        lines.append(f"  trump    {trump}   points: {points}")
        if obs.tricks:
            winner, cards = obs.tricks[-1]
            last = " ".join(style.card(c) for _, c in cards)
            lines.append(f"  last     {last} to {who(winner)}")
        table = "  ".join(f"{who(s)} {style.card(c)}" for s, c in obs.trick) or "-"
        lines.append(f"  table    {table}")
    sizes = "   ".join(
        f"{who(s)} {'?' if n is None else n}"
        for s, n in enumerate(obs.hand_sizes)
        if s not in (obs.seat, sitter)
    )
    lines.append(f"  cards    {sizes}" + (f"   talon {obs.talon_size}" if obs.talon_size else ""))
    if obs.seat == sitter:
        hand = "none: you sit out this deal"
    elif obs.hand is None:
        hand = "not looked at (a hidden game)"
    else:
        hand = style.hand(obs.hand)
    lines.append(style.bold("  hand     ") + hand)
    if obs.legal_actions:
        lines.append("  moves    " + moves(obs.legal_actions, names, style))
    return "\n".join(lines)


def moves(legal: Sequence[Action], names: Sequence[str], style: Style) -> str:
    """The legal moves in short: runs of bids as ``bid 105-220``, the cards that may be played
    or given, the rest by name."""
    words: list[str] = []
    values: dict[str, list[int]] = {}
    cards: dict[str, list[str]] = {}
    for action in legal:
        if isinstance(action, Bid | Unhide | Contract):
            kind = str(action).split()[0]
            if kind not in values:
                values[kind] = []
                words.append(kind)
            values[kind].append(action.value)
        elif isinstance(action, Play | Give):
            kind = "play" if isinstance(action, Play) else f"give to {names[action.to]}"
            if kind not in cards:
                cards[kind] = []
                words.append(kind)
            marriage = " marriage" if isinstance(action, Play) and action.marriage else ""
            cards[kind].append(style.card(action.card) + marriage)
        else:
            words.append(str(action))
    out = []
    for word in words:
        if word in values:
            low, high = min(values[word]), max(values[word])
            out.append(f"{word} {low}" if low == high else f"{word} {low}-{high}")
        elif word in cards:
            out.append(f"{word}: {', '.join(cards[word])}")
        else:
            out.append(word)
    return "; ".join(out)


class _Deals:
    """The cards of each row of the sheet and of each of its redeals, drawn once from the
    seed and kept, so that the same row is dealt the same after an ``undo``."""

    def __init__(self, seed: int) -> None:
        self._stream: Iterator[Deal] = deal_stream(seed)
        self._dealt: dict[tuple[int, int], Deal] = {}

    def __call__(self, row: int, redeal: int) -> Deal:
        key = (row, redeal)
        if key not in self._dealt:
            self._dealt[key] = next(self._stream)
        return self._dealt[key]


class Console:
    """One person at ``seat`` against ``bots`` (one for each other seat, in seat order: two,
    or three at a table of four).

    ``read`` and ``write`` are the input and the output (by default the terminal's); the
    record goes to ``record`` (None: nowhere) when the game ends or on ``quit``.
    """

    def __init__(
        self,
        bots: Sequence[tuple[str, Bot]],
        *,
        seat: int = 0,
        rules: Rules | None = None,
        seed: int = 1,
        record: Path | None = None,
        read: Callable[[str], str] = input,
        write: TextIO | None = None,
        style: Style | None = None,
        hint: Bot | None = None,
    ) -> None:
        players = rules.table.players if isinstance(rules, Rules) else 3
        if len(bots) != players - 1:
            if players == 3:
                raise ValueError(f"a person plays against two bots, not {len(bots)}")
            raise ValueError(
                f"a person at a table of four plays against three bots, not {len(bots)}"
            )
        if isinstance(seat, bool) or seat not in range(players):
            seats = "0, 1 or 2" if players == 3 else "0, 1, 2 or 3"
            raise ValueError(f"seat must be {seats}, not {seat!r}")
        self.out = sys.stdout if write is None else write
        self.style = Style.for_stream(self.out) if style is None else style
        self.read = read
        self.seat = seat
        others = iter(bots)
        self.bots: list[Bot | None] = []
        self.names: list[str] = []
        self.kinds: list[str] = []
        for s in range(players):
            if s == seat:
                self.bots.append(None)
                self.names.append("you")
            else:
                name, bot = next(others)
                self.bots.append(bot)
                self.names.append(f"seat {s}")
                self.kinds.append(name)
        self.hint = SolverBot(random.Random(f"thousand hint {seed}")) if hint is None else hint
        self.record = record
        self.deals = _Deals(seed)
        self.state = new_game(rules, dealer=seed % players)
        self.redeals = 0
        #: The person's earlier decisions: the state before each move, and the redeal count.
        self.undo: list[tuple[State, int]] = []

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        """Play to the end of the game (or ``quit``); the exit status, 0."""
        others = [n for s, n in enumerate(self.names) if s != self.seat]
        bots = ", ".join(f"{n} is a {k} bot" for n, k in zip(others, self.kinds, strict=True))
        self.say(f"You are seat {self.seat}; {bots}. Type a move, or 'help'.")
        if self.state.players == 4:
            self.say(
                "At a table of four the dealer sits out each deal (R-FOUR-1): it is dealt no "
                "cards and scores what the talon is worth to it (R-FOUR-3)."
            )
        while not self.state.is_terminal:
            if self.state.is_chance:
                self._deal()
            elif self.state.to_move == self.seat:
                if not self._decide():
                    self._save()
                    return 0
            else:
                self._bot()
        self.say()
        self.say(format_sheet(self.state.sheet, self.state))
        self._save()
        return 0

    def _deal(self) -> None:
        row = len(self.state.sheet)
        state = apply(self.state, self.deals(row, self.redeals))
        again = f" (redeal {self.redeals})" if self.redeals else ""
        deals = f"{self.names[state.dealer]} deals"
        if state.sitter is not None:
            deals = "you deal and sit out" if state.sitter == self.seat else f"{deals} and sits out"
        self.say()
        self.say(f"== deal {state.deal_number}{again}: {deals} ==")
        if state.sitter == self.seat:
            self.say(
                f"you sit out this deal: no cards, no calls; {_sitter_gets(state, self.seat)}. "
                "The bots play it."
            )
        self.state = state

    def _bot(self) -> None:
        seat = self.state.to_move
        assert seat is not None
        bot = self.bots[seat]
        assert bot is not None
        action = bot.act(observe(self.state, seat))
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a legal action and tell what happened: the move, a finished trick, a deal's
        row of the sheet, a redeal."""
        before = self.state
        state = apply(before, action)
        self.state = state
        if isinstance(action, Give):
            self._given(before, state)
        else:
            self.say(f"{self.names[seat]}: {self.style.action(action)}")
        sitting = before.sitter == self.seat
        if sitting and state.phase is Phase.PLAYING and before.phase is not Phase.PLAYING:
            # What the person sees of the deal from the side, as its play starts (R-FOUR-8).
            self.say()
            self.say(seat_view(observe(state, self.seat), self.names, self.style))
        if len(state.sheet) > len(before.sheet):
            self.redeals = 0
            record = state.sheet[-1]
            result = (
                "distributed"
                if record.made is None
                else ("made" if record.made else "failed") + f" {record.contract}"
            )
            self.say(f"-- deal {record.deal_number}: {self.names[record.declarer]} {result}")
            if record.sitter is not None and record.sitter == self.seat:
                change = record.changes[self.seat]
                self.say(f"   you sat out this deal: {change:+d} on your score (R-FOUR-3)")
            if not state.is_terminal:
                self.say(format_sheet(state.sheet))
        elif state.is_chance:
            self.redeals += 1
            self.say("-- the cards are dealt again")
        elif len(state.tricks) > len(before.tricks):
            winner, cards = state.tricks[-1]
            shown = " ".join(self.style.card(c) for _, c in cards)
            self.say(f"   trick {len(state.tricks)}: {shown} to {self.names[winner]}")

    def _given(self, before: State, after: State) -> None:
        """A give, as far as the person may see it: the card only when it is theirs or the
        gives are shown, nothing under Quiet Drop when it goes to the other seat (A26)."""
        seen = observe(before, self.seat).gives
        for card, to in observe(after, self.seat).gives[len(seen) :]:
            what = "a card" if card is None else self.style.card(card)
            declarer = after.declarer
            assert declarer is not None
            self.say(f"{self.names[declarer]}: gives {what} to {self.names[to]}")

    def _decide(self) -> bool:
        """The person's decision: commands until a legal move; False on ``quit``."""
        self.say()
        self.say(seat_view(observe(self.state, self.seat), self.names, self.style))
        while True:
            try:
                text = self.read("your move> ").strip()
            except EOFError:
                return False
            word = text.lower()
            if not text:
                continue
            if word in ("quit", "exit"):
                return False
            if word == "help":
                self._help()
            elif word == "legal":
                moves = ", ".join(self.style.action(a) for a in legal_actions(self.state))
                self.say(f"legal: {moves}")
            elif word == "hint":
                action = self.hint.act(observe(self.state, self.seat))
                self.say(f"the solver bot would: {self.style.action(action)}")
            elif word == "sheet":
                sheet = self.state.sheet
                self.say(format_sheet(sheet) + "\n" + LEGEND if sheet else "no deal is over yet")
            elif word == "undo":
                if self._undo():
                    return True
            else:
                move = self._parse(text)
                if move is None:
                    continue
                before = (self.state, self.redeals)
                try:
                    self._apply(self.seat, move)
                except IllegalActionError as error:
                    self.say(str(error))
                    continue
                self.undo.append(before)
                return True

    def _parse(self, text: str) -> Action | None:
        """A move typed as the library writes it; a card alone plays it."""
        try:
            return parse_action(text)
        except ValueError as error:
            try:
                return Play(Card.parse(text))
            except ValueError:
                pass
            self.say(f"{error}; type 'legal' for your moves or 'help' for the commands")
            return None

    def _undo(self) -> bool:
        if not self.undo:
            self.say("nothing to undo: you have made no move yet")
            return False
        self.state, self.redeals = self.undo.pop()
        self.say("undone: back to your previous decision")
        return True

    def _help(self) -> None:
        self.say("Moves: bid N, pass, give CARD SEAT, contract N, play CARD, play CARD marriage")
        self.say("(and distribute, redeal, hidden, look, unhide N where the rules allow them).")
        self.say("A card is QH or Q♥ (10♥ or TH for a ten); a card alone plays it.")
        for name, text in COMMANDS.items():
            self.say(f"  {name:6} {text}")

    def _save(self) -> None:
        if self.record is None:
            return
        self.record.write_text(records.dump(self.state), encoding="utf-8")
        self.say(f"record saved to {self.record}")


def _sitter_gets(state: State, seat: int) -> str:
    """What ``seat``, sitting out the deal of ``state``, will score for it, in words: the
    talon's worth (R-FOUR-3), nothing on the barrel (R-FOUR-4)."""
    table = state.rules.table
    if table.sitter_scores == "nothing":
        return "you score nothing for it (R-FOUR-3)"
    if state.barrel[seat] is not None:
        return "you are on the barrel, so you score nothing for it (R-FOUR-4)"
    if table.sitter_scores == "aces_and_marriage":
        worth = f"{table.ace_value} for each ace in the talon, and the value of a marriage in it"
    else:
        worth = "the card points of the talon"
    return f"you score {worth} (R-FOUR-3), told when the deal ends"


def bots_for(
    names: str,
    seed: int,
    seat: int,
    makers: Mapping[str, Callable[[int], Bot]] = BOTS,
    *,
    players: int = 3,
) -> list[tuple[str, Bot]]:
    """The two bots named in ``names`` (``solver,heuristic``; one name for both), or three at
    a table of four (``players=4``; one name for all), for the seats other than ``seat`` in
    seat order, each made by its entry of ``makers`` with a seed of its own."""
    parts = [n.strip() for n in names.split(",")]
    if len(parts) == 1:
        parts *= players - 1
    if len(parts) != players - 1:
        if players == 3:
            wanted = "two bots (or one for both)"
            more = "; three play at a table of four, --seats 4" if len(parts) == 3 else ""
        else:
            wanted, more = "three bots at a table of four (or one for all)", ""
        raise ValueError(f"--bots names {wanted}, not {len(parts)}: {names!r}{more}")
    others = [s for s in range(players) if s != seat]
    out = []
    for name, s in zip(parts, others, strict=True):
        if name not in makers:
            raise ValueError(f"unknown bot {name!r}: choose from {', '.join(sorted(makers))}")
        out.append((name, makers[name](seed * players + s)))
    return out
