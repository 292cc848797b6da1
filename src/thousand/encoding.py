"""Integer actions: a fixed bijection between the players' actions and the ints
``0 .. NUM_DISTINCT_ACTIONS - 1``.

Every decision a seat can take under any rules has one id, the same at every table; the layout
is in :data:`BLOCKS` (and in the documentation's table). The chance actions, the cards dealt
one at a time, have their own table: ``DealCard(card)`` is ``card.index``, from 0 to 23.

>>> from thousand import Bid, Card, Play, encoding
>>> encoding.action_id(Bid(100)), encoding.action_from_id(0)
(0, Bid(value=100))
>>> encoding.action_from_id(encoding.action_id(Play(Card.parse("KH"), True)))
Play(card=Card.parse('KH'), marriage=True)
>>> encoding.NUM_DISTINCT_ACTIONS, encoding.NUM_CHANCE_OUTCOMES
(411, 24)

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
from .errors import shown
from .observation import Observation
from .state import State

__all__ = [
    "BLOCKS",
    "NUM_CHANCE_OUTCOMES",
    "NUM_DISTINCT_ACTIONS",
    "action_from_id",
    "action_id",
    "chance_from_id",
    "chance_id",
    "legal_action_mask",
]

#: The lowest unhide: a bid above 120 (A15).
MIN_UNHIDE: Final = 125
_VALUES: Final = tuple(range(MIN_BID, TOP_BID + 5, 5))
_UNHIDE_VALUES: Final = tuple(range(MIN_UNHIDE, TOP_BID + 5, 5))
#: The cards whose lead may declare a marriage: each queen and king (R-MARRIAGE-1) and each
#: ace (Ace Marriage, A21), in card order.
MARRIAGE_CARDS: Final = tuple(c for c in PACK if c.rank in (Rank.QUEEN, Rank.KING, Rank.ACE))


def _blocks() -> tuple[tuple[str, str, tuple[Action, ...]], ...]:
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
#: The layout of the ids: ``(name, start, stop, what)`` for each block of actions, in order;
#: ids ``start`` to ``stop - 1`` are that block's actions.
BLOCKS: Final[tuple[tuple[str, int, int, str], ...]] = _LAYOUT[0]
_ACTIONS: Final[tuple[Action, ...]] = _LAYOUT[1]
_IDS: Final[dict[Action, int]] = _LAYOUT[2]

#: The number of player action ids.
NUM_DISTINCT_ACTIONS: Final[int] = len(_ACTIONS)
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


def action_id(action: Action) -> int:
    """The id of a player's action; ``ValueError`` for a chance action or an action no rules
    allow (a bid that is not a multiple of 5, a marriage declared with a nine)."""
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


def action_from_id(i: int) -> Action:
    """The player's action with id ``i``; ``ValueError`` when ``i`` is not an int in range."""
    return _ACTIONS[_check_id(i, NUM_DISTINCT_ACTIONS, "an action")]


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
    """For each id, whether that action is legal now: in a :class:`~thousand.State`, for the
    seat to move; in an :class:`~thousand.Observation`, for the observing seat (all False when
    it is not its turn). All False at a chance node and at the end of the game."""
    if isinstance(state_or_observation, State):
        actions = () if state_or_observation.is_chance else legal_actions(state_or_observation)
    elif isinstance(state_or_observation, Observation):
        actions = state_or_observation.legal_actions
    else:
        raise ValueError(
            "legal_action_mask takes a State or an Observation, not "
            f"{type(state_or_observation).__name__}"
        )
    mask = [False] * NUM_DISTINCT_ACTIONS
    ids = _IDS
    for action in actions:
        mask[ids[action]] = True
    return tuple(mask)
