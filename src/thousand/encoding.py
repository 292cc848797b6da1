"""Integer actions: a fixed bijection between the players' actions and the ints
``0 .. NUM_DISTINCT_ACTIONS - 1`` (at a table of four ``0 .. NUM_DISTINCT_ACTIONS_FOUR - 1``).

Every decision a seat can take under any rules has one id, the same at every table; the layout
is in :data:`BLOCKS` (and in the documentation's table). The ids are shared between the two
table sizes: a table of four has the actions of a table of three, with the same ids, and the
gives to seat 3 after them (:data:`BLOCKS_FOUR`, R-FOUR-1). The chance actions, the cards dealt
one at a time, have their own table: ``DealCard(card)`` is ``card.index``, from 0 to 23.

>>> from thousand import Bid, Card, Play, encoding
>>> encoding.action_id(Bid(100)), encoding.action_from_id(0)
(0, Bid(value=100))
>>> encoding.action_from_id(encoding.action_id(Play(Card.parse("KH"), True)))
Play(card=Card.parse('KH'), marriage=True)
>>> encoding.NUM_DISTINCT_ACTIONS, encoding.NUM_DISTINCT_ACTIONS_FOUR, encoding.NUM_CHANCE_OUTCOMES
(411, 435, 24)
>>> encoding.action_from_id(411, players=4)
Give(card=Card.parse('9S'), to=3)

This module needs nothing beyond the engine (no numpy).
"""

from __future__ import annotations

import operator
from typing import Final

from .actions import (
    MIN_BID,
    TOP_BID,
    Action,
    Bid,
    Contract,
    Deal,
    DealCard,
    Distribute,
    Give,
    Hidden,
    Look,
    Pass,
    Play,
    Redeal,
    Unhide,
)
from .cards import PACK, Card, Rank
from .engine import legal_actions
from .errors import check_int, shown
from .observation import Observation
from .state import State

__all__ = [
    "BLOCKS",
    "BLOCKS_FOUR",
    "NUM_CHANCE_OUTCOMES",
    "NUM_DISTINCT_ACTIONS",
    "NUM_DISTINCT_ACTIONS_FOUR",
    "action_from_id",
    "action_id",
    "chance_from_id",
    "chance_id",
    "check_players",
    "legal_action_mask",
    "num_distinct_actions",
]

#: The lowest unhide: a bid above 120 (A15).
MIN_UNHIDE: Final = 125
_VALUES: Final = tuple(range(MIN_BID, TOP_BID + 5, 5))
_UNHIDE_VALUES: Final = tuple(range(MIN_UNHIDE, TOP_BID + 5, 5))
#: The cards whose lead may declare a marriage: each queen and king (R-MARRIAGE-1) and each
#: ace (Ace Marriage, A21), in card order.
MARRIAGE_CARDS: Final = tuple(c for c in PACK if c.rank in (Rank.QUEEN, Rank.KING, Rank.ACE))


def _blocks() -> tuple[tuple[str, str, tuple[Action, ...]], ...]:
    """The blocks of both tables: those of a table of three, then the one a table of four
    adds after them, so that the ids of a table of three are the same at four."""
    return (
        ("bid", "Bid(v), v = 100, 105, ..., 600", tuple(Bid(v) for v in _VALUES)),
        ("pass", "Pass()", (Pass(),)),
        ("hidden", "Hidden()", (Hidden(),)),
        ("look", "Look()", (Look(),)),
        ("unhide", "Unhide(v), v = 125, 130, ..., 600", tuple(Unhide(v) for v in _UNHIDE_VALUES)),
        ("redeal", "Redeal()", (Redeal(),)),
        (
            "give",
            "Give(card, to): 24 * to + card.index",
            tuple(Give(c, to) for to in range(3) for c in PACK),
        ),
        ("distribute", "Distribute()", (Distribute(),)),
        ("contract", "Contract(v), v = 100, 105, ..., 600", tuple(Contract(v) for v in _VALUES)),
        ("play", "Play(card), by card.index", tuple(Play(c) for c in PACK)),
        (
            "play marriage",
            "Play(card, marriage=True), card a Q, K or A, in card order",
            tuple(Play(c, True) for c in MARRIAGE_CARDS),
        ),
        # R-FOUR-1: a table of four has a seat 3; gives to it come after every other action.
        (
            "give to seat 3",
            "Give(card, 3), by card.index, at a table of four only",
            tuple(Give(c, 3) for c in PACK),
        ),
    )


def _layout() -> tuple[
    tuple[tuple[str, int, int, str], ...], tuple[Action, ...], dict[Action, int]
]:
    blocks = []
    actions: list[Action] = []
    for name, what, members in _blocks():
        blocks.append((name, len(actions), len(actions) + len(members), what))
        actions.extend(members)
    return tuple(blocks), tuple(actions), {a: i for i, a in enumerate(actions)}


_LAYOUT: Final = _layout()
#: The layout of the ids at a table of four: ``(name, start, stop, what)`` for each block of
#: actions, in order; ids ``start`` to ``stop - 1`` are that block's actions. The last block,
#: the gives to seat 3, exists only at four.
BLOCKS_FOUR: Final[tuple[tuple[str, int, int, str], ...]] = _LAYOUT[0]
#: The layout of the ids at a table of three: every block of :data:`BLOCKS_FOUR` but the last.
BLOCKS: Final[tuple[tuple[str, int, int, str], ...]] = BLOCKS_FOUR[:-1]
_ACTIONS: Final[tuple[Action, ...]] = _LAYOUT[1]
_IDS: Final[dict[Action, int]] = _LAYOUT[2]

#: The number of player action ids at a table of three.
NUM_DISTINCT_ACTIONS: Final[int] = BLOCKS[-1][2]
#: The number of player action ids at a table of four: those of three and the 24 gives to
#: seat 3.
NUM_DISTINCT_ACTIONS_FOUR: Final[int] = len(_ACTIONS)
_SIZES: Final = {3: NUM_DISTINCT_ACTIONS, 4: NUM_DISTINCT_ACTIONS_FOUR}
#: The number of chance outcome ids: one per card dealt (R-DEAL-1).
NUM_CHANCE_OUTCOMES: Final[int] = len(PACK)

_PLAYER_TYPES: Final = (Bid, Pass, Give, Contract, Play, Distribute, Redeal, Hidden, Look, Unhide)


def _why_not(action: object) -> str:
    if isinstance(action, DealCard | Deal):
        return (
            f"{action!r} is a chance action, not a player action "
            "(DealCard has chance_id; a whole Deal has no id)"
        )
    if not isinstance(action, _PLAYER_TYPES):
        return f"{shown(action)} is not an action (got {type(action).__name__})"
    if isinstance(action, Bid | Contract | Unhide):
        low = MIN_UNHIDE if isinstance(action, Unhide) else MIN_BID
        return (
            f"{action!r} is not an encodable action: the value must be a multiple of 5 "
            f"from {low} to {TOP_BID}"
        )
    if isinstance(action, Play):
        return (
            f"{action!r} is not an encodable action: only a Q, K or A lead declares a marriage "
            "(R-MARRIAGE-1, A21)"
        )
    return f"{action!r} is not an encodable action"  # pragma: no cover - every other one has an id


def check_players(players: object) -> int:
    """``players`` when it is a table size, the plain int 3 or 4; else ``ValueError``."""
    return check_int(players, "players must be 3 or 4", 3, 4)


def num_distinct_actions(players: int = 3) -> int:
    """The number of player action ids at a table of ``players``: 411 at three, 435 at four.

    >>> from thousand.encoding import num_distinct_actions
    >>> num_distinct_actions(4) - num_distinct_actions(3)  # the gives to seat 3
    24
    """
    return _SIZES[check_players(players)]


def action_id(action: Action) -> int:
    """The id of a player's action, the same at both tables (a give to seat 3 has an id from
    411 on, used only at a table of four); ``ValueError`` for a chance action or an action no
    rules allow (a bid that is not a multiple of 5, a marriage declared with a nine)."""
    try:
        return _IDS[action]
    except (KeyError, TypeError):
        raise ValueError(_why_not(action)) from None


def _check_id(i: object, size: int, what: str) -> int:
    if not isinstance(i, bool):
        try:
            n = operator.index(i)  # type: ignore[arg-type]  # an int or a numpy integer
        except TypeError:  # a float, a text, an array of numbers...
            pass
        else:
            if 0 <= n < size:
                return n
            raise ValueError(f"{what} id {shown(n)} is out of range: ids run from 0 to {size - 1}")
    raise ValueError(f"{what} id must be an int, not {shown(i)}")


def action_from_id(i: int, players: int = 3) -> Action:
    """The player's action with id ``i`` at a table of ``players``; ``ValueError`` when ``i``
    is not an int in that table's range (``0 .. num_distinct_actions(players) - 1``)."""
    return _ACTIONS[_check_id(i, num_distinct_actions(players), "an action")]


def chance_id(action: Action) -> int:
    """The id of a card dealt: ``DealCard(card)`` is ``card.index`` (R-DEAL-1)."""
    if isinstance(action, DealCard):
        return action.card.index
    raise ValueError(
        f"{shown(action)} is not a chance action with an id: only DealCard is (a whole Deal has "
        "none)"
    )


def chance_from_id(i: int) -> DealCard:
    """The card dealt with id ``i``: ``DealCard`` of the card with that index."""
    card: Card = PACK[_check_id(i, NUM_CHANCE_OUTCOMES, "a chance")]
    return DealCard(card)


def legal_action_mask(state_or_observation: State | Observation) -> tuple[bool, ...]:
    """For each id of the table (:func:`num_distinct_actions` entries: 411 at three, 435 at
    four), whether that action is legal now: in a :class:`~thousand.State`, for the seat to
    move; in an :class:`~thousand.Observation`, for the observing seat (all False when it is
    not its turn, and always for the seat that sits out the deal, R-FOUR-1). All False at a
    chance node and at the end of the game."""
    if isinstance(state_or_observation, State):
        actions = () if state_or_observation.is_chance else legal_actions(state_or_observation)
    elif isinstance(state_or_observation, Observation):
        actions = state_or_observation.legal_actions
    else:
        raise ValueError(
            "legal_action_mask takes a State or an Observation, not "
            f"{type(state_or_observation).__name__}"
        )
    mask = [False] * _SIZES[state_or_observation.rules.table.players]
    ids = _IDS
    for action in actions:
        mask[ids[action]] = True
    return tuple(mask)
