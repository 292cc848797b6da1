"""Pictures of the game as SVG: a hand, a trick, a whole deal and a game's score chart.

Each function returns a complete SVG document as a ``str``, made with the standard library
alone: it has a ``viewBox`` (so it scales to any width), a ``<title>`` and a ``<desc>`` (for
screen readers), and only presentation attributes, no ``<style>`` block or ``id``, so that
several pictures inline on one page (a Jupyter notebook) cannot restyle each other. Cards are
rounded rectangles with the rank and the suit symbol, red for ♦ and ♥; each is a
``<g class="card" data-card="TH">`` group. Hands, tricks and deals lie on a green table, the
score chart on white, so that they read the same on a light page and a dark one. At a table
of four the pictures have a place for each of the four seats, the dealer's marked as sitting out
(R-FOUR-1), and the score chart has four lines.

>>> import thousand as th
>>> from thousand import svg
>>> picture = svg.hand(th.cards("KH QH 9S"), label="seat 0")
>>> picture.startswith("<svg"), picture.count('class="card"')
(True, 3)

:func:`state_svg`, :func:`observation_svg` and :func:`deal_svg` are the rich display of a
:class:`~thousand.State` (all hands face up), an :class:`~thousand.Observation` (the seat's
own hand face up, the others face down) and a :class:`~thousand.Deal` in Jupyter.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from itertools import pairwise
from xml.sax.saxutils import escape, quoteattr

import attrs

from .actions import Deal
from .cards import Card, Suit, cards
from .observation import Observation
from .state import Phase, State, TrickCards, Tricks
from .view import hand_text

__all__ = [
    "deal",
    "deal_svg",
    "hand",
    "observation_svg",
    "score_chart",
    "state_svg",
    "trick",
]

#: A card's size in picture units; a card of a fanned hand shows ``_STEP`` of its width.
CARD_W, CARD_H = 44, 64
_STEP = 24
_SUIT_GAP = 8
_FONT = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols, Arial, Helvetica, sans-serif"
_RED, _BLACK = "#c62828", "#1b1b1b"
_FELT, _FELT_EDGE, _INK_ON_FELT, _MOVE = "#2e6b3c", "#1f4f2b", "#f4f4ec", "#ffd54f"
#: The seats' colours in the score chart (Okabe and Ito's, safe for colour-blind readers), and
#: a dash pattern each, so that the lines differ in grey too; the fourth is seat 3's at a table
#: of four.
SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
_SEAT_DASHES = ("", "7 4", "2 3", "9 3 2 3")


# -- Writing SVG -------------------------------------------------------------------------------

#: Characters XML 1.0 does not allow, even escaped: they are drawn as U+FFFD.
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _n(value: float) -> str:
    """A coordinate, short: ``12``, ``12.5``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _open(name: str, **attributes: object) -> str:
    """The start tag of an element; attribute names with ``_`` are written with ``-``
    (``font_size``), a trailing ``_`` is dropped (``class_``), None leaves one out."""
    return _tag(name, None, **attributes)[:-2] + ">"


def _tag(name: str, text: str | None = None, **attributes: object) -> str:
    """An element, empty when ``text`` is None; attributes as for :func:`_open`."""
    parts = [name]
    for key, value in attributes.items():
        if value is None:
            continue
        shown = _n(value) if isinstance(value, float) else str(value)
        shown = _XML_UNSAFE.sub(chr(0xFFFD), shown)
        parts.append(f"{key.rstrip('_').replace('_', '-')}={quoteattr(shown)}")
    head = " ".join(parts)
    if text is None:
        return f"<{head}/>"
    return f"<{head}>{escape(_XML_UNSAFE.sub(chr(0xFFFD), text))}</{name}>"


def _check_text(value: object, name: str) -> None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{name} must be a str or None, not {value!r}")


def _inset(width: float, height: float, inset: float, **attributes: object) -> str:
    """A rounded rectangle ``inset`` within a box of ``width`` by ``height``: a card's face or
    back, or a picture's background."""
    box = {
        "x": inset,
        "y": inset,
        "width": float(width - 2 * inset),
        "height": float(height - 2 * inset),
    }
    return _tag("rect", None, **box, **attributes)


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, **attributes: object) -> str:
    """A line from (x1, y1) to (x2, y2)."""
    ends = {"x1": float(x1), "y1": float(y1), "x2": float(x2), "y2": float(y2)}
    return _tag("line", None, **ends, stroke=stroke, **attributes)


def _text(x: float, y: float, text: str, **attributes: object) -> str:
    attributes.setdefault("font_family", _FONT)
    attributes.setdefault("font_size", 13)
    return _tag("text", text, x=float(x), y=float(y), **attributes)


def _document(width: float, height: float, title: str, desc: str, body: Iterable[str]) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'width="{_n(width)}" height="{_n(height)}" role="img">'
    )
    return "\n".join([head, _tag("title", title), _tag("desc", desc), *body, "</svg>"]) + "\n"


def _felt(width: float, height: float) -> str:
    return _inset(width, height, 0.5, rx=10, fill=_FELT, stroke=_FELT_EDGE)


# -- Cards -------------------------------------------------------------------------------------


def _card(
    card: Card, x: float, y: float, *, faded: bool = False, mark: bool = False, pip: bool = True
) -> str:
    """A face-up card with its top-left corner at (x, y): rank and suit in the corner (what
    shows of a fanned card), and (``pip``) a large suit symbol at the bottom right; ``mark``
    outlines it (the winning card of a trick)."""
    colour = _RED if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else _BLACK
    rank = card.unicode[:-1]
    parts = [
        _open(
            "g",
            class_="card",
            data_card=str(card),
            transform=f"translate({_n(x)},{_n(y)})",
            opacity="0.55" if faded else None,
        ),
        _tag("title", card.unicode),
        _inset(
            CARD_W,
            CARD_H,
            0.5,
            rx=5,
            fill="#ffffff",
            stroke=_MOVE if mark else "#555555",
            stroke_width=3 if mark else 1,
        ),
        # "10" drawn a little narrower, so that it fits the strip a fanned card shows.
        _text(
            3.5,
            16,
            rank,
            fill=colour,
            font_weight="bold",
            font_size=14,
            letter_spacing="-1" if len(rank) > 1 else None,
            class_="rank",
        ),
        _text(4, 31, card.suit.symbol, fill=colour, font_size=14, class_="suit"),
        _text(
            CARD_W - 4,
            CARD_H - 9,
            card.suit.symbol,
            fill=colour,
            font_size=22,
            text_anchor="end",
        )
        if pip
        else "",
        "</g>",
    ]
    return "".join(parts)


def _back(x: float, y: float) -> str:
    """A face-down card."""
    return "".join(
        [
            _open("g", class_="back", transform=f"translate({_n(x)},{_n(y)})"),
            _inset(CARD_W, CARD_H, 0.5, rx=5, fill="#27408b", stroke="#f4f4ec"),
            _inset(
                CARD_W, CARD_H, 4.5, rx=3, fill="none", stroke="#8fa6e8", stroke_dasharray="3 2"
            ),
            "</g>",
        ]
    )


def _row_width(hand: Sequence[Card], step: float, gap: float) -> float:
    """The width of a row of cards, ``step`` apart, ``gap`` more between suits."""
    if not hand:
        return 0.0
    gaps = sum(1 for a, b in pairwise(hand) if a.suit != b.suit)
    return (len(hand) - 1) * step + gaps * gap + CARD_W


def _row(
    hand: Sequence[Card], x: float, y: float, step: float, gap: float, *, faded: bool = False
) -> list[str]:
    out = []
    fanned = step < CARD_W  # only the top card's large pip shows whole: leave out the others
    for i, card in enumerate(hand):
        if i and card.suit != hand[i - 1].suit:
            x += gap
        pip = not fanned or i == len(hand) - 1
        out.append(_card(card, x, y, faded=faded, pip=pip))
        x += step
    return out


def _cards_of(value: Iterable[Card] | str, what: str) -> list[Card]:
    """Cards given as Card values or as text (``"KH QH 9S"``), checked: no card twice."""
    if isinstance(value, str):
        found = list(cards(value))
    else:
        try:
            found = list(value)
        except TypeError:
            raise TypeError(f"{what} must be cards or their text, not {value!r}") from None
        for card in found:
            if not isinstance(card, Card):
                raise TypeError(f"{what} must be cards or their text, not {card!r} in them")
    if len(set(found)) != len(found):
        raise ValueError(f"{what} holds a card twice: {' '.join(map(str, found))}")
    return found


# -- A hand ------------------------------------------------------------------------------------


def hand(held: Iterable[Card] | str, *, label: str | None = None, title: str | None = None) -> str:
    """A hand as SVG: its cards side by side, sorted by suit (♠ ♣ ♦ ♥) and from the nine up,
    with a little room between suits, and ``label`` above them.

    ``held`` is cards or their text (``"KH QH 9S"``); a card twice raises ``ValueError``.
    ``title`` is the picture's title for screen readers (by default the hand as text).
    """
    _check_text(label, "label")
    _check_text(title, "title")
    found = sorted(_cards_of(held, "the hand"))
    pad, top = 12, (30 if label else 12)
    step = CARD_W + 4
    width = max(_row_width(found, step, _SUIT_GAP), 120) + 2 * pad
    height = top + CARD_H + pad
    body = [_felt(width, height)]
    if label:
        body.append(_text(pad, 21, label, fill=_INK_ON_FELT, font_weight="bold"))
    body.extend(_row(found, pad, top, step, _SUIT_GAP))
    if not found:
        body.append(_text(pad, top + 36, "no cards", fill=_INK_ON_FELT, font_style="italic"))
    text = hand_text(found)
    return _document(width, height, title or f"A hand: {text}", text, body)


# -- A trick -----------------------------------------------------------------------------------


def _trick_cards(
    value: State | Sequence[tuple[int, Card]] | Iterable[Card] | str, players: int
) -> tuple[list[tuple[int | None, Card]], Suit | None, int | None, str]:
    """The cards of a trick as (seat, card), with trump, winner and a heading."""
    if isinstance(value, State):
        trump = value.trump
        if value.trick or not value.tricks:
            heading = f"trick {len(value.tricks) + 1}" if value.phase is Phase.PLAYING else "trick"
            return list(value.trick), trump, None, heading
        winner, played = value.tricks[-1]
        return list(played), trump, winner, f"trick {len(value.tricks)}, won by seat {winner}"
    if isinstance(value, str):
        return [(None, card) for card in _cards_of(value, "the trick")], None, None, "trick"
    items = list(value)
    out: list[tuple[int | None, Card]] = []
    for item in items:
        if isinstance(item, Card):
            out.append((None, item))
        elif (
            isinstance(item, tuple)
            and len(item) == 2
            and type(item[0]) is int
            and 0 <= item[0] < players
            and isinstance(item[1], Card)
        ):
            out.append((item[0], item[1]))
        else:
            raise TypeError(
                f"a trick is a State, cards, or (seat, card) pairs with a seat "
                f"{_seats(players)}, not {item!r} in it"
            )
    _cards_of([card for _, card in out], "the trick")
    return out, None, None, "trick"


def _seats(players: int) -> str:
    """The seats of a table in words: ``0, 1 or 2``."""
    return ", ".join(map(str, range(players - 1))) + f" or {players - 1}"


def trick(
    played: State | Sequence[tuple[int, Card]] | Iterable[Card] | str,
    *,
    trump: Suit | None = None,
    winner: int | None = None,
    title: str | None = None,
    players: int = 3,
) -> str:
    """A trick as SVG: its cards in play order, each with the seat that played it, and the
    trump in force.

    ``played`` is a :class:`~thousand.State` (the cards on the table; between tricks, the last
    complete trick and its winner; and the state's trump), the ``(seat, card)`` pairs of
    ``state.trick`` or of a trick of ``state.tricks``, or cards alone (or their text). ``trump``
    and ``winner`` (a seat, whose card is outlined) override what a state tells. At most three
    cards; more raises ``ValueError``. Seats are 0, 1 and 2, and 3 too with ``players=4``
    (a table of four; a state tells its own table).
    """
    _check_text(title, "title")
    if isinstance(played, State):
        players = played.players
    elif type(players) is not int or players not in (3, 4):
        raise ValueError(f"players must be 3 or 4, not {players!r}")
    found, state_trump, state_winner, heading = _trick_cards(played, players)
    if len(found) > 3:
        raise ValueError(f"a trick has at most three cards, not {len(found)}")
    trump = state_trump if trump is None else trump
    winner = state_winner if winner is None else winner
    if trump is not None and not isinstance(trump, Suit):
        raise TypeError(f"trump must be a Suit or None, not {trump!r}")
    if winner is not None and not (type(winner) is int and 0 <= winner < players):
        raise ValueError(f"winner must be a seat {_seats(players)} or None, not {winner!r}")
    heading += f", trump {'none' if trump is None else trump.symbol}"
    pad, step = 12, CARD_W + 16
    width = max(3 * step - 16 + 2 * pad, 200)
    height = 30 + CARD_H + 24 + pad
    body = [_felt(width, height), _text(pad, 21, heading, fill=_INK_ON_FELT, font_weight="bold")]
    for i, (seat, card) in enumerate(found):
        x = pad + i * step
        body.append(_card(card, x, 30, mark=seat is not None and seat == winner))
        if seat is not None:
            body.append(
                _text(
                    x + CARD_W / 2,
                    30 + CARD_H + 16,
                    f"seat {seat}",
                    fill=_INK_ON_FELT,
                    font_size=12,
                    text_anchor="middle",
                )
            )
    if not found:
        body.append(_text(pad, 66, "no cards on the table", fill=_INK_ON_FELT, font_style="italic"))
    desc = " ".join(f"{card.unicode}" if s is None else f"{s}:{card.unicode}" for s, card in found)
    default = heading[0].upper() + heading[1:]
    return _document(width, height, title or default, desc or "no cards", body)


# -- A deal ------------------------------------------------------------------------------------

_DEAL_W = 640
#: The top of the cards of each place at the table: the bottom (the seat the picture is drawn
#: for), its left neighbour (the next to play) at the top left, the other at the top right;
#: and of the middle row, the talon and the trick.
_ROWS = {"bottom": 284, "left": 62, "right": 62}
_MIDDLE = 174
#: At a table of four: the bottom, its left neighbour on the left, the seat across at the top
#: and the fourth on the right, clockwise round the table (R-FOUR-1); the talon and the trick
#: lie in a row between the left and right places and the bottom.
_ROWS_4 = {"bottom": 396, "left": 174, "top": 62, "right": 174}
_MIDDLE_4 = 286
_PLACES = {3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
#: What the sitter's place shows instead of a hand.
_SITS_OUT = "dealt no cards: sits on the talon"


@attrs.frozen
class _Seat:
    """A hand on the table: a label above it (``moving``: drawn as the seat to move), a detail
    line below, and its cards, or a count of face-down cards, or None when even that is
    unknown."""

    label: str
    detail: str
    held: list[Card] | int | None
    moving: bool = False
    #: The seat sits out the deal (a table of four, R-FOUR-1): it holds no hand at all.
    sits_out: bool = False


def _place_x(place: str, width: float) -> float:
    if place == "left":
        return 16
    if place == "right":
        return _DEAL_W / 2 + 8
    return (_DEAL_W - width) / 2


def _table_picture(
    title: str,
    desc: str,
    heading: str,
    seats: Sequence[_Seat],
    talon: tuple[str, list[Card] | int, bool] | None,
    trick: tuple[TrickCards, str, int | None],
    bottom: int,
) -> str:
    """The table: a heading, the hands (one place per seat: three, or four) with seat
    ``bottom`` at the bottom, the talon (label, cards or a count of face-down cards, faded) and
    the trick (its cards, heading and winner, whose card is outlined)."""
    played, trick_heading, winner = trick
    players = len(seats)
    rows, middle = (_ROWS, _MIDDLE) if players == 3 else (_ROWS_4, _MIDDLE_4)
    height = rows["bottom"] + CARD_H + 30
    body = [_felt(_DEAL_W, height), _text(16, 26, heading, fill=_INK_ON_FELT, font_size=14)]
    places = {(bottom + k) % players: place for k, place in enumerate(_PLACES[players])}
    for seat in range(players):
        it = seats[seat]
        place = places[seat]
        y = rows[place]
        if isinstance(it.held, list):
            width = _row_width(it.held, _STEP, _SUIT_GAP)
        else:
            width = (it.held - 1) * _STEP + CARD_W if it.held else 0.0
        x = _place_x(place, max(width, 200))
        colour = _MOVE if it.moving else _INK_ON_FELT
        mark = "▶ " if it.moving else ""
        body.append(_text(x, y - 8, mark + it.label, fill=colour, font_weight="bold"))
        if isinstance(it.held, list):
            body.extend(_row(it.held, x, y, _STEP, _SUIT_GAP))
        else:
            body.extend(_back(x + i * _STEP, y) for i in range(it.held or 0))
        if it.sits_out:
            body.append(_text(x, y + 36, _SITS_OUT, fill=_INK_ON_FELT, font_style="italic"))
        elif not it.held:
            empty = "cards unseen" if it.held is None else "no cards"
            body.append(_text(x, y + 36, empty, fill=_INK_ON_FELT, font_style="italic"))
        if it.detail:
            body.append(_text(x, y + CARD_H + 15, it.detail, fill=_INK_ON_FELT, font_size=11))
    if talon is not None:
        label, held, faded = talon
        body.append(_text(16, middle - 8, label, fill=_INK_ON_FELT))
        if isinstance(held, list):
            body.extend(_row(held, 16, middle, CARD_W + 4, 0, faded=faded))
        else:
            body.extend(_back(16 + i * (CARD_W + 4), middle) for i in range(held))
    if trick_heading:
        x0 = _DEAL_W / 2 + 8
        body.append(_text(x0, middle - 8, trick_heading, fill=_INK_ON_FELT))
        for i, (seat, card) in enumerate(played):
            x = x0 + i * (CARD_W + 14)
            body.append(_card(card, x, middle, mark=seat == winner))
            body.append(
                _text(
                    x + CARD_W / 2,
                    middle + CARD_H + 14,
                    f"seat {seat}",
                    fill=_INK_ON_FELT,
                    font_size=11,
                    text_anchor="middle",
                )
            )
    return _document(_DEAL_W, height, title, desc, body)


def _heading(state: State) -> str:
    if state.is_terminal:
        if state.winner is None:
            played = len(state.sheet)
            return f"game over after {played} deal{'s' * (played != 1)}: drawn"
        return f"game over: seat {state.winner} wins with {state.scores[state.winner]}"
    parts = [f"deal {state.deal_number}", state.phase.value]
    parts.append("chance to move" if state.is_chance else f"seat {state.to_move} to move")
    if state.contract is not None:
        parts.append(f"contract {state.contract}")
    elif state.high_bid is not None:
        parts.append(f"bid {state.high_bid}")
    return " · ".join(parts)


def _roles(seat: int, dealer: int, declarer: int | None, sitter: int | None = None) -> list[str]:
    pairs = (("dealer", dealer), ("declarer", declarer), ("sits out", sitter))
    return [word for word, who in pairs if who == seat]


def _detail(phase: Phase, points: int, score: int, sits_out: bool = False) -> str:
    if phase is Phase.PLAYING and not sits_out:
        return f"{points} points in this deal · score {score}"
    return f"score {score}"


def _sitter(phase: Phase, dealer: int, players: int) -> int | None:
    """The seat that sits out the deal on the picture: the dealer at a table of four
    (R-FOUR-1), nobody at three or once the game is over."""
    return dealer if players == 4 and phase is not Phase.GAME_OVER else None


def _trick_of(
    phase: Phase, trick_cards: TrickCards, tricks: Tricks, trump: Suit | None
) -> tuple[TrickCards, str, int | None]:
    """The cards to show in the middle (between tricks, the last one), their heading and the
    seat that won them."""
    if phase is not Phase.PLAYING:
        return (), "", None
    suit = "none" if trump is None else trump.symbol
    if trick_cards or not tricks:
        return trick_cards, f"trick {len(tricks) + 1} · trump {suit}", None
    winner, last = tricks[-1]
    return last, f"trick {len(tricks)} won by seat {winner} · trump {suit}", winner


def deal(picture_of: State | Deal, *, title: str | None = None) -> str:
    """A whole deal as SVG, like a bridge diagram: the three hands, all face up (seat 0 at the
    bottom, seat 1, the next to play, at the top left, seat 2 at the top right), and the talon.

    For a :class:`~thousand.State` it shows the hands as they are now, the talon (faded once the
    declarer has taken it), the trick on the table (between tricks: the last one, and who won
    it) and trump, and a heading with the deal, the phase, the seat to move and the bid or
    contract; each hand tells the seat's role, deal points and game score. ``title`` is the
    picture's title for screen readers.

    A state at a table of four has four places, clockwise: seat 0 at the bottom, seat 1 on the
    left, seat 2 at the top, seat 3 on the right, with the talon and the trick between them and
    the bottom. The dealer sits out (R-FOUR-1): its place shows its label (``sits out``) and
    score, and no hand. A :class:`~thousand.Deal` alone is always drawn as three hands, seats
    0, 1 and 2; at a table of four its hands are the active seats', from the opener
    (R-FOUR-2): draw the state it deals to see them in their places.
    """
    _check_text(title, "title")
    if isinstance(picture_of, Deal):
        hands = [sorted(h) for h in picture_of.hands]
        seats = [_Seat(f"seat {seat}", "", hands[seat]) for seat in range(3)]
        talon = ("talon", sorted(picture_of.talon), False)
        desc = str(picture_of)
        return _table_picture(
            title or f"A {desc}", desc, "as dealt", seats, talon, ((), "", None), 0
        )
    if not isinstance(picture_of, State):
        raise TypeError(f"deal() takes a thousand.State or a thousand.Deal, not {picture_of!r}")
    state = picture_of
    dealer = -1 if state.is_terminal else state.dealer
    sitter = _sitter(state.phase, state.dealer, state.players)
    seats = [
        _Seat(
            " · ".join([f"seat {seat}", *_roles(seat, dealer, state.declarer, sitter)]),
            _detail(state.phase, state.points[seat], state.scores[seat], seat == sitter),
            sorted(state.hands[seat]),
            seat == state.to_move,
            seat == sitter,
        )
        for seat in range(state.players)
    ]
    shown: tuple[str, list[Card] | int, bool] | None = None
    if state.talon:
        shown = ("talon", sorted(state.talon), False)
    elif state.taken_talon and state.declarer is not None:
        shown = (f"talon, taken by seat {state.declarer}", sorted(state.taken_talon), True)
    played, trick_heading, winner = _trick_of(state.phase, state.trick, state.tricks, state.trump)
    heading = _heading(state)
    desc = "; ".join(
        [heading]
        + [
            f"seat {seat}: " + ("sits out" if seat == sitter else hand_text(state.hands[seat]))
            for seat in range(state.players)
        ]
        + ([f"talon: {hand_text(state.talon)}"] if state.talon else [])
    )
    return _table_picture(
        title or f"The table: {heading}",
        desc,
        heading,
        seats,
        shown,
        (played, trick_heading, winner),
        0,
    )


def state_svg(state: State) -> str:
    """The rich display of a :class:`~thousand.State`: :func:`deal` of it."""
    return deal(state)


def deal_svg(dealt: Deal) -> str:
    """The rich display of a :class:`~thousand.Deal`: :func:`deal` of it."""
    return deal(dealt)


_AFTER_THE_TALON = (Phase.GIVING, Phase.CONTRACT, Phase.PLAYING)


def observation_svg(obs: Observation) -> str:
    """The rich display of an :class:`~thousand.Observation`: the table as the seat sees it,
    from its own place at the bottom. Its hand is face up (face down while it plays a hidden
    game blind); the other hands are face down, or "unseen" when the seat may not even know
    how many cards they hold (Quiet Drop); the talon is face down until it is shown. At a
    table of four the places go round as in :func:`deal`, and the sitter's, its own too when
    the seat sits out, holds no hand (R-FOUR-1, R-FOUR-8)."""
    if not isinstance(obs, Observation):
        raise TypeError(f"observation_svg() takes a thousand.Observation, not {obs!r}")
    seats = []
    players = len(obs.scores)
    sitter = _sitter(obs.phase, obs.dealer, players)
    for seat in range(players):
        held: list[Card] | int | None = obs.hand_sizes[seat]
        if seat == obs.seat and obs.hand is not None:
            held = sorted(obs.hand)
        label = [f"seat {seat}" + (" (this seat)" if seat == obs.seat else "")]
        dealer = -1 if obs.phase is Phase.GAME_OVER else obs.dealer
        seats.append(
            _Seat(
                " · ".join(label + _roles(seat, dealer, obs.declarer, sitter)),
                _detail(obs.phase, obs.points[seat], obs.scores[seat], seat == sitter),
                [] if seat == sitter else held,
                seat == obs.to_move,
                seat == sitter,
            )
        )
    talon: tuple[str, list[Card] | int, bool] | None = None
    if obs.talon_size:
        talon = ("talon", obs.talon_size, False)
    elif obs.talon is not None and obs.declarer is not None:
        talon = (f"talon, taken by seat {obs.declarer}", sorted(obs.talon), True)
    elif obs.declarer is not None and obs.phase in _AFTER_THE_TALON:
        talon = (f"talon, taken by seat {obs.declarer}, not shown", 3, False)
    played, trick_heading, winner = _trick_of(obs.phase, obs.trick, obs.tricks, obs.trump)
    who = "nobody" if obs.to_move is None else f"seat {obs.to_move}"
    heading = f"deal {obs.deal_number} · {obs.phase.value} · {who} to move"
    hand_desc = "unseen" if obs.hand is None else hand_text(obs.hand)
    return _table_picture(
        f"What seat {obs.seat} sees: {heading}",
        f"{heading}; seat {obs.seat}'s hand: {hand_desc}",
        heading,
        seats,
        talon,
        (played, trick_heading, winner),
        obs.seat,
    )


# -- The score chart ---------------------------------------------------------------------------


def _nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 25, 50, ... that cuts ``span`` into at most ``most``."""
    scale = 1
    while True:
        for base in (1, 2, 5, 10, 20, 25, 50):
            step = base * scale
            if span / step <= most:
                return step
        scale *= 100


def _sat_out(x: float, y: float, colour: str) -> str:
    """The mark of a score after a deal its seat sat out: a hollow ring."""
    return _tag(
        "circle",
        cx=x,
        cy=y,
        r=3.4,
        fill="#ffffff",
        stroke=colour,
        stroke_width=1.6,
        class_="sat-out",
    )


def score_chart(state: State, *, title: str | None = None) -> str:
    """The game's totals deal by deal as an SVG line chart, from ``state.sheet``: the
    start (deal 0) and the scores after each deal, one line per seat, with the barrel band
    (from the barrel threshold up to the target) shaded and the target marked, an axis of deal
    numbers and one of scores, and a legend with each seat's latest score.

    Each seat's line is a ``<polyline data-seat="N">``; its points are the scores laid on the
    axes (x grows with the deal number, y falls as the score rises). At a table of four there
    are four lines, and (up to 40 deals, where the points are marked) the score after a deal
    the seat sat out is a hollow ring, ``<circle class="sat-out">`` (R-FOUR-1, R-FOUR-3).
    """
    if not isinstance(state, State):
        raise TypeError(f"score_chart() takes a thousand.State, not {state!r}")
    _check_text(title, "title")
    rules = state.rules
    sheet = state.sheet
    if sheet:
        first = sheet[0]
        start = tuple(s - c for s, c in zip(first.scores, first.changes, strict=True))
    else:
        start = state.scores
    series = [start, *(record.scores for record in sheet)]
    deals = len(series) - 1
    target, threshold = rules.scoring.target, rules.barrel.threshold
    band = rules.barrel.enabled and threshold < target
    every = [score for scores in series for score in scores]
    step_y = _nice_step(max(max(every), target) - min(min(every), 0), 8)
    low = math.floor(min(min(every), 0) / step_y) * step_y
    high = math.ceil(max(max(every), target) / step_y) * step_y
    if high == low:
        high = low + step_y

    width, height = 760, 400
    left, right, top, bottom = 64, width - 200, 44, height - 48

    def x_of(number: int) -> float:
        return left + (right - left) * number / max(deals, 1)

    def y_of(score: int) -> float:
        return bottom - (bottom - top) * (score - low) / (high - low)

    body = [
        _inset(width, height, 0.5, rx=8, fill="#ffffff", stroke="#cccccc"),
        _text(
            16, 26, title or "Scores deal by deal", fill="#222222", font_size=15, font_weight="bold"
        ),
    ]
    if band:
        y_top, y_low = y_of(target), y_of(threshold)
        body.append(
            _tag(
                "rect",
                x=float(left),
                y=y_top,
                width=float(right - left),
                height=y_low - y_top,
                fill="#f2c14e",
                fill_opacity="0.3",
                class_="barrel",
            )
        )
        body.append(
            _text(left + 6, y_low - 6, f"barrel {threshold}–{target}", fill="#7a5a00", font_size=11)
        )
    for value in range(low, high + 1, step_y):
        y = y_of(value)
        body.append(_line(left, y, right, y, "#e4e4e4"))
        body.append(
            _text(left - 8, y + 4, str(value), fill="#444444", font_size=11, text_anchor="end")
        )
    step_x = _nice_step(max(deals, 1), 12)
    for number in range(0, deals + 1, step_x):
        x = x_of(number)
        body.append(_line(x, bottom, x, bottom + 5, "#444444"))
        body.append(
            _text(x, bottom + 18, str(number), fill="#444444", font_size=11, text_anchor="middle")
        )
    body.append(_line(left, top, left, bottom, "#444444"))
    body.append(_line(left, bottom, right, bottom, "#444444"))
    body.append(
        _text(
            (left + right) / 2,
            height - 10,
            "deal",
            fill="#444444",
            font_size=12,
            text_anchor="middle",
        )
    )
    body.append(
        _text(
            16,
            (top + bottom) / 2,
            "score",
            fill="#444444",
            font_size=12,
            text_anchor="middle",
            transform=f"rotate(-90 16 {_n((top + bottom) / 2)})",
        )
    )
    y_target = y_of(target)
    body.append(
        _line(
            left,
            y_target,
            right,
            y_target,
            "#7a5a00",
            stroke_width=1.5,
            stroke_dasharray="6 3",
            class_="target",
        )
    )
    body.append(_text(left + 6, y_target - 5, f"target {target}", fill="#7a5a00", font_size=11))
    players = state.players
    for seat in range(players):
        points = " ".join(f"{_n(x_of(n))},{_n(y_of(s[seat]))}" for n, s in enumerate(series))
        body.append(
            _tag(
                "polyline",
                points=points,
                fill="none",
                stroke=SEAT_COLOURS[seat],
                stroke_width=2.2,
                stroke_dasharray=_SEAT_DASHES[seat] or None,
                stroke_linejoin="round",
                data_seat=seat,
            )
        )
        if deals <= 40:
            body.extend(
                _tag("circle", cx=x_of(n), cy=y_of(s[seat]), r=2.6, fill=SEAT_COLOURS[seat])
                if n == 0 or sheet[n - 1].sitter != seat
                else _sat_out(x_of(n), y_of(s[seat]), SEAT_COLOURS[seat])
                for n, s in enumerate(series)
            )
    legend_x = right + 22
    for seat in range(players):
        y = top + 14 + seat * 24
        body.append(
            _line(
                legend_x,
                y - 4,
                legend_x + 26,
                y - 4,
                SEAT_COLOURS[seat],
                stroke_width=2.2,
                stroke_dasharray=_SEAT_DASHES[seat] or None,
            )
        )
        wins = " (wins)" if state.winner == seat else ""
        body.append(
            _text(
                legend_x + 34,
                y,
                f"seat {seat}: {state.scores[seat]}{wins}",
                fill="#222222",
                font_size=12,
            )
        )
    if band:
        y = top + 14 + players * 24
        body.append(
            _tag(
                "rect",
                x=float(legend_x),
                y=float(y - 12),
                width=26.0,
                height=12.0,
                fill="#f2c14e",
                fill_opacity="0.3",
            )
        )
        body.append(_text(legend_x + 34, y, "the barrel", fill="#222222", font_size=12))
    if players == 4 and 0 < deals <= 40:
        y = top + 14 + (players + band) * 24
        body.append(_sat_out(legend_x + 13, y - 4, "#222222"))
        body.append(_text(legend_x + 34, y, "sat out the deal", fill="#222222", font_size=12))
    desc = "; ".join(
        f"seat {seat}: " + " ".join(str(scores[seat]) for scores in series)
        for seat in range(players)
    )
    return _document(width, height, title or f"Scores deal by deal over {deals} deals", desc, body)
