"""Tensors: an observation or an information state as a flat ``float32`` vector of fixed size.

Both layouts are lists of named blocks (:data:`OBSERVATION_LAYOUT`,
:data:`INFORMATION_STATE_LAYOUT` at a table of three; :data:`OBSERVATION_LAYOUT_FOUR`,
:data:`INFORMATION_STATE_LAYOUT_FOUR` at a table of four), documented with their offsets on the
documentation's *Integer actions and tensors* page. Seats are counted from the observing seat:
position 0 is the seat itself, 1 its left neighbour, 2 the seat after that (R-TABLE-1), and at
a table of four 3 its right neighbour (R-FOUR-1). At four every block "per seat" or one-hot
over the seats has four entries, one per seat of the table, the seat that sits out included;
the other blocks are those of three, and a block ``table rules`` (:data:`TABLE_FEATURES`)
follows ``rules``. Card blocks have 24
entries, one per card in ``card.index`` order (♠ 9 J Q K 10 A, then ♣, ♦, ♥). Bids and
contracts are one-hot over 100, 105, ..., 600. Points and scores are divided by 1000, deal
points by 120, and every scaled number is clipped to ±10, so every entry is finite and small
(a score past ±10,000 reads as ±10).

Needs numpy: ``pip install 'thousand[numpy]'`` (in a checkout of the source,
``pip install -e '.[numpy]'``).

>>> import thousand as th
>>> from thousand import tensors
>>> state = th.new_game(th.Rules.standard())
>>> x = tensors.observation_tensor(th.observe(state, 0))
>>> x.shape == tensors.OBSERVATION_SHAPE, x.dtype.name
(True, 'float32')
>>> four = th.new_game(th.Rules.standard(players=4))
>>> tensors.observation_tensor(th.observe(four, 0)).shape == tensors.OBSERVATION_SHAPE_FOUR
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, Final

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # pragma: no cover - the test environment has numpy
    raise ImportError(
        "thousand.tensors needs numpy, the extra 'numpy': in a checkout of the source, "
        "pip install -e '.[numpy]'; from PyPI (once published), pip install 'thousand[numpy]'"
    ) from exc

from .actions import MIN_BID, TOP_BID, Bid, Contract, Distribute, Hidden, Look, Pass, Play, Unhide
from .cards import Card
from .encoding import MARRIAGE_CARDS, check_players
from .observation import Acted, Dealt, Given, HandSeen, InfoState, Observation, TalonTaken
from .rules import Rules
from .state import Phase

__all__ = [
    "INFORMATION_STATE_LAYOUT",
    "INFORMATION_STATE_LAYOUT_FOUR",
    "INFORMATION_STATE_SHAPE",
    "INFORMATION_STATE_SHAPE_FOUR",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_LAYOUT_FOUR",
    "OBSERVATION_SHAPE",
    "OBSERVATION_SHAPE_FOUR",
    "RULES_FEATURES",
    "TABLE_FEATURES",
    "information_state_layout",
    "information_state_tensor",
    "observation_layout",
    "observation_tensor",
]

Layout = tuple[tuple[str, int, int, str], ...]

_PHASES: Final = tuple(Phase)
_VALUES: Final = (TOP_BID - MIN_BID) // 5 + 1
_MARRIAGE_INDEX: Final = {card: i for i, card in enumerate(MARRIAGE_CARDS)}


def _on(path: str, value: object) -> Callable[[Rules], float]:
    section, field = path.split(".")
    return lambda rules: float(getattr(getattr(rules, section), field) == value)


def _flag(path: str) -> Callable[[Rules], float]:
    return _on(path, True)


def _set(path: str) -> Callable[[Rules], float]:
    section, field = path.split(".")
    return lambda rules: float(getattr(getattr(rules, section), field) is not None)


def _ratio(value: int, scale: float) -> float:
    """``value / scale`` clipped to ±10; clipped before dividing, as an int too large for a
    float cannot be divided."""
    limit = 10 * scale
    return max(-limit, min(limit, value)) / scale


def _scaled(path: str, scale: float) -> Callable[[Rules], float]:
    section, field = path.split(".")

    def value(rules: Rules) -> float:
        v = getattr(getattr(rules, section), field)
        return 0.0 if v is None else _ratio(v, scale)

    return value


#: The rules block: ``(what, feature)`` for each entry; numbers are scaled (and clipped to
#: ±10) so that a table's usual values lie near 0 to 1.
RULES_FEATURES: Final[tuple[tuple[str, Callable[[Rules], float]], ...]] = (
    ("bidding.limit is 'any'", _on("bidding.limit", "any")),
    ("bidding.jumps", _flag("bidding.jumps")),
    ("bidding.without_marriage", _flag("bidding.without_marriage")),
    ("bidding.skip_below is set", _set("bidding.skip_below")),
    ("bidding.skip_below / 1000", _scaled("bidding.skip_below", 1000)),
    ("talon.expose_on_100", _flag("talon.expose_on_100")),
    ("talon.quiet_drop", _flag("talon.quiet_drop")),
    ("play.must_trump", _flag("play.must_trump")),
    ("play.marriage_declaration is 'automatic'", _on("play.marriage_declaration", "automatic")),
    ("play.trumps_in_first_move", _flag("play.trumps_in_first_move")),
    ("play.ace_marriage", _flag("play.ace_marriage")),
    ("play.opponent_trumps", _flag("play.opponent_trumps")),
    ("scoring.target / 1000", _scaled("scoring.target", 1000)),
    ("scoring.penalty / 1000", _scaled("scoring.penalty", 1000)),
    ("scoring.max_deals / 200", _scaled("scoring.max_deals", 200)),
    ("scoring.round_own_points", _flag("scoring.round_own_points")),
    ("scoring.reset_on_555", _flag("scoring.reset_on_555")),
    ("scoring.reset_on_minus_555", _flag("scoring.reset_on_minus_555")),
    ("scoring.four_nines_bonus", _flag("scoring.four_nines_bonus")),
    ("barrel.enabled", _flag("barrel.enabled")),
    ("barrel.threshold / 1000", _scaled("barrel.threshold", 1000)),
    ("barrel.jump", _flag("barrel.jump")),
    ("barrel.reading is 'standard'", _on("barrel.reading", "standard")),
    ("barrel.deals / 3", _scaled("barrel.deals", 3)),
    ("barrel.throw_off", _flag("barrel.throw_off")),
    ("barrel.several", _flag("barrel.several")),
    ("barrel.zero_after_three", _flag("barrel.zero_after_three")),
    ("bolts.enabled", _flag("bolts.enabled")),
    ("bolts.count is 'row'", _on("bolts.count", "row")),
    ("bolts.declarer", _flag("bolts.declarer")),
    ("distribution.enabled", _flag("distribution.enabled")),
    ("distribution.per_opponent is set", _set("distribution.per_opponent")),
    ("distribution.per_opponent / 1000", _scaled("distribution.per_opponent", 1000)),
    ("distribution.subtract", _flag("distribution.subtract")),
    ("distribution.subtract_on_third", _flag("distribution.subtract_on_third")),
    ("distribution.limit is set", _set("distribution.limit")),
    ("distribution.limit / 3", _scaled("distribution.limit", 3)),
    ("distribution.on_barrel", _flag("distribution.on_barrel")),
    ("distribution.in_golden_round", _flag("distribution.in_golden_round")),
    ("golden_round.enabled", _flag("golden_round.enabled")),
    ("golden_round.reset_to_zero", _flag("golden_round.reset_to_zero")),
    ("golden_round.allow_increase", _flag("golden_round.allow_increase")),
    ("golden_round.bolt_doubling", _flag("golden_round.bolt_doubling")),
    ("hidden_round.enabled", _flag("hidden_round.enabled")),
    ("hidden_round.hide_talon", _flag("hidden_round.hide_talon")),
    ("hidden_round.disabled_on_barrel", _flag("hidden_round.disabled_on_barrel")),
    ("hidden_round.allow_distribute", _flag("hidden_round.allow_distribute")),
    ("hidden_round.allow_unhide", _flag("hidden_round.allow_unhide")),
    ("hidden_round.no_declaring_when_unhidden", _flag("hidden_round.no_declaring_when_unhidden")),
    ("hidden_round.no_more_than_240", _flag("hidden_round.no_more_than_240")),
    ("hidden_round.bolt_doubling", _flag("hidden_round.bolt_doubling")),
    ("redeals.talon_score_below is set", _set("redeals.talon_score_below")),
    ("redeals.talon_score_below / 120", _scaled("redeals.talon_score_below", 120)),
    ("redeals.two_nines_in_talon", _flag("redeals.two_nines_in_talon")),
    ("redeals.on_100_only", _flag("redeals.on_100_only")),
    ("redeals.card_score_below is set", _set("redeals.card_score_below")),
    ("redeals.card_score_below / 120", _scaled("redeals.card_score_below", 120)),
    ("redeals.four_nines_after_deal", _flag("redeals.four_nines_after_deal")),
    ("redeals.four_nines_on_hands", _flag("redeals.four_nines_on_hands")),
)

#: The block ``table rules`` of a table of four, after ``rules``: the options of the section
#: ``rules.table`` (R-FOUR-3). A table of three has no such block: the sitter's options change
#: nothing there, and the tensors of three are those of before the table of four.
TABLE_FEATURES: Final[tuple[tuple[str, Callable[[Rules], float]], ...]] = (
    ("table.sitter_scores is 'talon_points'", _on("table.sitter_scores", "talon_points")),
    (
        "table.sitter_scores is 'aces_and_marriage'",
        _on("table.sitter_scores", "aces_and_marriage"),
    ),
    ("table.ace_value / 120", _scaled("table.ace_value", 120)),
)


def _layout(blocks: Iterable[tuple[str, int, str]]) -> Layout:
    out = []
    start = 0
    for name, size, what in blocks:
        out.append((name, start, start + size, what))
        start += size
    return tuple(out)


_SEATS: Final = "per seat, counted from the observer"


def _public_blocks(n: int, when: str) -> list[tuple[str, int, str]]:
    """The blocks :func:`_public` writes, per seat, in both layouts; ``when`` tells when the
    scores and the barrel are taken ("" for now)."""
    return [
        ("scores", n, f"{_SEATS}: score{when} / 1000"),
        ("on barrel", n, f"{_SEATS}: 1 on the barrel{when}"),
        ("barrel deals", n, f"{_SEATS}: barrel deals used / barrel.deals"),
        ("bolts", n, f"{_SEATS}: bolts / 3"),
        ("distributions", n, f"{_SEATS}: distributions / 10"),
    ]


def _rules_blocks(n: int) -> list[tuple[str, int, str]]:
    """The last blocks of both layouts: ``rules`` and, at a table of four, ``table rules``."""
    blocks = [("rules", len(RULES_FEATURES), "the rules in force (see RULES_FEATURES)")]
    if n == 4:
        blocks.append(
            ("table rules", len(TABLE_FEATURES), "the options of rules.table (see TABLE_FEATURES)")
        )
    return blocks


def _observation_layout(n: int) -> Layout:
    """The observation layout at a table of ``n`` seats."""
    blocks: list[tuple[str, int, str]] = [
        ("phase", len(_PHASES), "one-hot: " + ", ".join(p.name.lower() for p in _PHASES)),
        ("to move", n, "one-hot, the seat to move (none at a chance node or the end)"),
        ("dealer", n, "one-hot"),
        ("hand", 24, "the seat's own cards (none while it plays a hidden game blind)"),
        ("blind", 1, "1 while the seat has not seen its own hand (A26)"),
        ("hand sizes", n, f"{_SEATS}: cards in hand / 10 (0 where not known)"),
        ("hand size unknown", n, f"{_SEATS}: 1 where Quiet Drop hides the size (A26)"),
        ("talon size", 1, "cards in the talon on the table / 3"),
        ("talon", 24, "the taken talon, when shown to the seat (A26)"),
        ("talon shown", 1, "1 when the taken talon was shown to the seat"),
        ("given cards", 24 * n, f"{_SEATS}: the card given to it, where the seat saw it"),
        ("given", n, f"{_SEATS}: 1 when the seat knows it was given a card"),
        ("high bid", _VALUES, "one-hot over 100, 105, ..., 600"),
        ("high bidder", n, "one-hot: the last seat to bid, unhide or declare a hidden game"),
        ("passed", n, f"{_SEATS}: 1 once it passed in the auction"),
        ("last bid", n, f"{_SEATS}: its last bid or unhide / 1000"),
        ("hidden game", 1, "1 in a hidden game (A15)"),
        ("golden deal", 1, "1 in a golden deal (A10)"),
        ("golden index", n, "one-hot: the deal's place in the golden round (A11)"),
        ("golden made", 1, "1 when an earlier deal of this golden round was made (A11)"),
        ("declarer", n, "one-hot"),
        ("contract", _VALUES, "one-hot over 100, 105, ..., 600"),
        ("trump", 4, "one-hot over ♠ ♣ ♦ ♥ (none: all 0)"),
        ("table", 24 * n, f"{_SEATS}: its card in the current trick"),
        ("leader", n, "one-hot: the seat that led the current trick"),
        ("last trick", 24 * n, f"{_SEATS}: its card in the last complete trick"),
        ("last trick winner", n, "one-hot"),
        ("played", 24 * n, f"{_SEATS}: every card it played in this deal"),
        ("won", 24 * n, f"{_SEATS}: the cards of the tricks it won in this deal"),
        ("marriages", 5 * n, f"{_SEATS}: ♠ ♣ ♦ ♥ and the ace marriage it declared"),
        ("tricks played", 1, "complete tricks / 8"),
        ("points", n, f"{_SEATS}: deal points / 120"),
        *_public_blocks(n, ""),
        ("deal number", 1, "deal number / scoring.max_deals"),
        ("winner", n, "one-hot, once the game is over"),
        *_rules_blocks(n),
    ]
    return _layout(blocks)


def _give_size(n: int) -> int:
    """The entries of one give in the information state: to (one-hot), card, card seen."""
    return n + 24 + 1


def _information_state_layout(n: int) -> Layout:
    """The information-state layout at a table of ``n`` seats."""
    give = _give_size(n)
    blocks: list[tuple[str, int, str]] = [
        ("dealer", n, "one-hot"),
        ("deal number", 1, "deal number / scoring.max_deals"),
        *_public_blocks(n, " at the deal's start"),
        ("falls", n, f"{_SEATS}: falls from the barrel / 3 (A18)"),
        ("golden round", 1, "1 in the golden round (A10)"),
        ("golden index", n, "one-hot: the deal's place in the golden round (A11)"),
        ("golden made", 1, "1 when an earlier deal of this golden round was made (A11)"),
        ("dealt", 1, "cards dealt / 24"),
        ("dealt to seat", 24, "the seat's dealt cards, the k-th card it saw dealt as k / 7"),
        ("bids", n * _VALUES, f"{_SEATS}: one-hot over 100, ..., 600 of each bid or unhide"),
        ("unhid", n, f"{_SEATS}: 1 when it unhid (A15)"),
        ("passed", n, f"{_SEATS}: 1 when it passed"),
        ("passed at", n, f"{_SEATS}: the high bid when it passed / 1000 (0: none yet)"),
        ("hidden", 1, "1 when the opener declared a hidden game (A15)"),
        ("look", 1, "1 when the opener looked at its cards"),
        ("hand seen", 24, "the hand the seat saw when it looked, was unhidden or took the talon"),
        ("saw hand", 1, "1 after such a sight"),
        ("talon taker", n, "one-hot: the declarer that took the talon"),
        ("talon", 24, "the talon, when shown to the seat"),
        ("talon shown", 1, "1 when the talon was shown to the seat"),
        ("distributed", 1, "1 when the declarer gave the deal up"),
        (
            "gives",
            2 * give,
            f"the gives the seat saw, in order, {give} each: to (one-hot), card, card seen",
        ),
        ("contract", _VALUES, "one-hot over 100, 105, ..., 600"),
        ("played", 24 * n, f"{_SEATS}: every card it played in this deal"),
        ("play order", 24, "per card: (n + 1) / 24 when it was the n-th card played"),
        ("marriage leads", len(MARRIAGE_CARDS), "per Q, K, A: 1 when its lead declared"),
        ("hand", 24, "the seat's cards now, as its sights show them"),
        *_rules_blocks(n),
    ]
    return _layout(blocks)


#: The observation tensor at a table of three: ``(name, start, stop, what)`` per block.
OBSERVATION_LAYOUT: Final[Layout] = _observation_layout(3)
#: The observation tensor at a table of four (R-FOUR-1): the blocks of three, those per seat
#: and one-hot over the seats with four entries, and ``table rules`` at the end.
OBSERVATION_LAYOUT_FOUR: Final[Layout] = _observation_layout(4)
#: The information-state tensor at a table of three: ``(name, start, stop, what)`` per block.
INFORMATION_STATE_LAYOUT: Final[Layout] = _information_state_layout(3)
#: The information-state tensor at a table of four, grown as :data:`OBSERVATION_LAYOUT_FOUR`.
INFORMATION_STATE_LAYOUT_FOUR: Final[Layout] = _information_state_layout(4)

#: The shape of :func:`observation_tensor` at a table of three.
OBSERVATION_SHAPE: Final[tuple[int]] = (OBSERVATION_LAYOUT[-1][2],)
#: The shape of :func:`observation_tensor` at a table of four.
OBSERVATION_SHAPE_FOUR: Final[tuple[int]] = (OBSERVATION_LAYOUT_FOUR[-1][2],)
#: The shape of :func:`information_state_tensor` at a table of three.
INFORMATION_STATE_SHAPE: Final[tuple[int]] = (INFORMATION_STATE_LAYOUT[-1][2],)
#: The shape of :func:`information_state_tensor` at a table of four.
INFORMATION_STATE_SHAPE_FOUR: Final[tuple[int]] = (INFORMATION_STATE_LAYOUT_FOUR[-1][2],)

_OBSERVATION: Final = {3: OBSERVATION_LAYOUT, 4: OBSERVATION_LAYOUT_FOUR}
_INFORMATION_STATE: Final = {3: INFORMATION_STATE_LAYOUT, 4: INFORMATION_STATE_LAYOUT_FOUR}


def observation_layout(players: int = 3) -> Layout:
    """The observation layout at a table of ``players`` (3 or 4); its shape is
    ``(layout[-1][2],)``."""
    return _OBSERVATION[check_players(players)]


def information_state_layout(players: int = 3) -> Layout:
    """The information-state layout at a table of ``players`` (3 or 4); its shape is
    ``(layout[-1][2],)``."""
    return _INFORMATION_STATE[check_players(players)]


def _starts(layout: Layout) -> dict[str, int]:
    return {name: start for name, start, _, _ in layout}


_O: Final = {n: _starts(layout) for n, layout in _OBSERVATION.items()}
_I: Final = {n: _starts(layout) for n, layout in _INFORMATION_STATE.items()}
_SHAPES: Final = {n: ((_OBSERVATION[n][-1][2],), (_INFORMATION_STATE[n][-1][2],)) for n in (3, 4)}


def _value(v: int) -> int:
    return (v - MIN_BID) // 5


@functools.lru_cache(maxsize=64)
def _rules_features(rules: Rules) -> npt.NDArray[np.float32]:
    """The blocks ``rules`` and (at four) ``table rules``, one after the other."""
    features = RULES_FEATURES + (TABLE_FEATURES if rules.table.players == 4 else ())
    return np.array([feature(rules) for _, feature in features], dtype=np.float32)


def _rules(x: npt.NDArray[np.float32], at: int, rules: Rules) -> None:
    values = _rules_features(rules)
    x[at : at + len(values)] = values


def _cards(x: npt.NDArray[np.float32], at: int, cards: Iterable[Card]) -> None:
    for card in cards:
        x[at + card.index] = 1.0


def _public(
    x: npt.NDArray[np.float32],
    at: dict[str, int],
    seat: int,
    rules: Rules,
    scores: tuple[int, ...],
    barrel: tuple[int | None, ...],
    bolts: tuple[int, ...],
    distributions: tuple[int, ...],
) -> None:
    deals = rules.barrel.deals
    n = len(scores)
    for s in range(n):
        r = (s - seat) % n
        x[at["scores"] + r] = _ratio(scores[s], 1000)
        used = barrel[s]
        if used is not None:
            x[at["on barrel"] + r] = 1.0
            x[at["barrel deals"] + r] = used / deals
        x[at["bolts"] + r] = bolts[s] / 3
        x[at["distributions"] + r] = _ratio(distributions[s], 10)


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """The observation as a ``float32`` vector of :data:`OBSERVATION_SHAPE`, laid out as in
    :data:`OBSERVATION_LAYOUT` (at a table of four :data:`OBSERVATION_SHAPE_FOUR` and
    :data:`OBSERVATION_LAYOUT_FOUR`); equal observations give equal tensors. It is a function
    of the observation alone, so it holds nothing the seat may not know (A26, R-FOUR-8)."""
    if not isinstance(observation, Observation):
        raise ValueError(
            f"observation_tensor takes an Observation, not {type(observation).__name__}"
        )
    o = observation
    seat = o.seat
    n = o.rules.table.players
    x = np.zeros(_SHAPES[n][0], dtype=np.float32)
    at = _O[n]
    x[at["phase"] + _PHASES.index(o.phase)] = 1.0
    if o.to_move is not None:
        x[at["to move"] + (o.to_move - seat) % n] = 1.0
    x[at["dealer"] + (o.dealer - seat) % n] = 1.0
    if o.hand is None:
        x[at["blind"]] = 1.0
    else:
        _cards(x, at["hand"], o.hand)
    for s, size in enumerate(o.hand_sizes):
        r = (s - seat) % n
        if size is None:
            x[at["hand size unknown"] + r] = 1.0
        else:
            x[at["hand sizes"] + r] = size / 10
    x[at["talon size"]] = o.talon_size / 3
    if o.talon is not None:
        _cards(x, at["talon"], o.talon)
        x[at["talon shown"]] = 1.0
    for card, to in o.gives:
        r = (to - seat) % n
        x[at["given"] + r] = 1.0
        if card is not None:
            x[at["given cards"] + 24 * r + card.index] = 1.0
    if o.high_bid is not None:
        x[at["high bid"] + _value(o.high_bid)] = 1.0
    bidder: int | None = None
    for s, action in o.calls:
        r = (s - seat) % n
        if isinstance(action, Bid | Unhide):
            bidder = s
            x[at["last bid"] + r] = action.value / 1000
        elif isinstance(action, Hidden):
            bidder = s
        elif isinstance(action, Pass):
            x[at["passed"] + r] = 1.0
    if bidder is not None:
        x[at["high bidder"] + (bidder - seat) % n] = 1.0
    x[at["hidden game"]] = float(o.is_hidden_game)
    x[at["golden deal"]] = float(o.is_golden_deal)
    if o.golden_index is not None:
        x[at["golden index"] + o.golden_index] = 1.0
    x[at["golden made"]] = float(o.golden_made)
    if o.declarer is not None:
        x[at["declarer"] + (o.declarer - seat) % n] = 1.0
    if o.contract is not None:
        x[at["contract"] + _value(o.contract)] = 1.0
    if o.trump is not None:
        x[at["trump"] + o.trump] = 1.0
    for i, (s, card) in enumerate(o.trick):
        r = (s - seat) % n
        x[at["table"] + 24 * r + card.index] = 1.0
        x[at["played"] + 24 * r + card.index] = 1.0
        if i == 0:
            x[at["leader"] + r] = 1.0
    for winner, cards in o.tricks:
        w = (winner - seat) % n
        for s, card in cards:
            x[at["played"] + 24 * ((s - seat) % n) + card.index] = 1.0
            x[at["won"] + 24 * w + card.index] = 1.0
    if o.tricks:
        winner, cards = o.tricks[-1]
        x[at["last trick winner"] + (winner - seat) % n] = 1.0
        for s, card in cards:
            x[at["last trick"] + 24 * ((s - seat) % n) + card.index] = 1.0
    for s, suit in o.marriages:
        x[at["marriages"] + 5 * ((s - seat) % n) + (4 if suit is None else suit)] = 1.0
    x[at["tricks played"]] = len(o.tricks) / 8
    for s in range(n):
        x[at["points"] + (s - seat) % n] = o.points[s] / 120
    _public(x, at, seat, o.rules, o.scores, o.barrel, o.bolts, o.distributions)
    x[at["deal number"]] = _ratio(o.deal_number, o.rules.scoring.max_deals)
    if o.winner is not None:
        x[at["winner"] + (o.winner - seat) % n] = 1.0
    _rules(x, at["rules"], o.rules)
    return x


def information_state_tensor(infostate: InfoState) -> npt.NDArray[np.float32]:
    """The information state as a ``float32`` vector of :data:`INFORMATION_STATE_SHAPE`, laid
    out as in :data:`INFORMATION_STATE_LAYOUT` (at a table of four
    :data:`INFORMATION_STATE_SHAPE_FOUR` and :data:`INFORMATION_STATE_LAYOUT_FOUR`): the game's
    public facts at the deal's start and
    everything the seat has seen in the deal, in a fixed-size form that keeps the order of the
    decisions (perfect recall within the deal; earlier deals count through the scores, barrel,
    bolts and counts, not the score sheet's rows)."""
    if not isinstance(infostate, InfoState):
        raise ValueError(
            f"information_state_tensor takes an InfoState, not {type(infostate).__name__}"
        )
    info = infostate
    seat = info.seat
    n = info.rules.table.players
    x = np.zeros(_SHAPES[n][1], dtype=np.float32)
    at = _I[n]
    give = _give_size(n)
    x[at["dealer"] + (info.dealer - seat) % n] = 1.0
    x[at["deal number"]] = _ratio(info.deal_number, info.rules.scoring.max_deals)
    _public(x, at, seat, info.rules, info.scores, info.barrel, info.bolts, info.distributions)
    for s in range(n):
        x[at["falls"] + (s - seat) % n] = _ratio(info.falls[s], 3)
    if info.golden is not None:
        x[at["golden round"]] = 1.0
        x[at["golden index"] + min(info.golden, n - 1)] = 1.0
    x[at["golden made"]] = float(info.golden_made)
    hand: set[Card] = set()
    dealt = mine = plays = gives = 0
    high = 0
    declarer: int | None = None
    for sight in info.sights:
        if isinstance(sight, Dealt):
            dealt += 1
            if sight.seat == seat and sight.card is not None:
                mine += 1
                x[at["dealt to seat"] + sight.card.index] = mine / 7
                hand.add(sight.card)
        elif isinstance(sight, Acted):
            action: Any = sight.action
            r = (sight.seat - seat) % n
            if isinstance(action, Bid | Unhide):
                high = action.value
                x[at["bids"] + _VALUES * r + _value(action.value)] = 1.0
                if isinstance(action, Unhide):
                    x[at["unhid"] + r] = 1.0
            elif isinstance(action, Pass):
                x[at["passed"] + r] = 1.0
                x[at["passed at"] + r] = high / 1000
            elif isinstance(action, Hidden):
                high = 120
                x[at["hidden"]] = 1.0
            elif isinstance(action, Look):
                x[at["look"]] = 1.0
            elif isinstance(action, Contract):
                x[at["contract"] + _value(action.value)] = 1.0
            elif isinstance(action, Distribute):
                x[at["distributed"]] = 1.0
            elif isinstance(action, Play):
                card = action.card
                x[at["played"] + 24 * r + card.index] = 1.0
                plays += 1
                x[at["play order"] + card.index] = plays / 24
                if action.marriage and card in _MARRIAGE_INDEX:
                    x[at["marriage leads"] + _MARRIAGE_INDEX[card]] = 1.0
                if sight.seat == seat:
                    hand.discard(card)
        elif isinstance(sight, HandSeen):
            _cards(x, at["hand seen"], sight.cards)
            x[at["saw hand"]] = 1.0
            hand |= sight.cards
        elif isinstance(sight, TalonTaken):
            declarer = sight.declarer
            x[at["talon taker"] + (declarer - seat) % n] = 1.0
            if sight.cards is not None:
                _cards(x, at["talon"], sight.cards)
                x[at["talon shown"]] = 1.0
                if declarer == seat:
                    hand |= sight.cards
        elif isinstance(sight, Given) and gives < 2:
            base = at["gives"] + give * gives
            gives += 1
            x[base + (sight.to - seat) % n] = 1.0
            if sight.card is not None:
                x[base + n + sight.card.index] = 1.0
                x[base + n + 24] = 1.0
                if sight.to == seat:
                    hand.add(sight.card)
                elif declarer == seat:
                    hand.discard(sight.card)
    x[at["dealt"]] = dealt / 24
    _cards(x, at["hand"], hand)
    _rules(x, at["rules"], info.rules)
    return x
