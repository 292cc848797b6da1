"""The state of a game: an immutable value, read through properties.

Inside, card sets are int bitmasks and game-level facts that change only between deals sit in
one shared :class:`Match` value, so that a move builds one small object and copies nothing
else. ``history`` is unrolled on demand from a chain of ``(previous, link)`` pairs, where a
link is an action or a run of them coded one character each in a ``str``; the chain's root is
the :class:`Match` the history starts from (the start of a game, or of a deal for a state made
by :func:`~thousand.sample_state`), so that :meth:`State.to_dict` can write it. A state's own
field holds, as a rule, just the run of the current deal: the chain before it sits in the deal's
:class:`Match`. A ``str`` is no container to Python's garbage collector, so a move leaves
nothing behind for it to scan (a pair per move cost ~8% of a random playout in collections).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Final

import attrs

from ._checks import RuleChecks, rule_checks
from .actions import (
    BIDS,
    CONTRACTS,
    DEAL_CARD,
    DISTRIBUTE,
    GIVE,
    HIDDEN,
    LOOK,
    PASS,
    PLAY,
    PLAY_MARRIAGE,
    REDEAL,
    UNHIDES,
    Action,
)
from .cards import Card, Suit, card_points, cards_of
from .errors import RulesError, ThousandError, shown
from .rules import Rules
from .seating import SEATINGS, Seating
from .sheet import DealRecord

__all__ = [
    "DEAL_CARD_CHARS",
    "NO_AUCTION",
    "PLAY_CHARS",
    "Auction",
    "Match",
    "PerSeat",
    "Phase",
    "State",
    "actions_back",
    "chained",
    "chained_through",
    "extended",
    "make_state",
    "offers_hidden_game",
    "skipped",
    "start_of_deal",
    "with_seat",
    "won_masks",
]

#: One int per seat of the table: three, or four at a table of four.
PerSeat = tuple[int, ...]
#: A state's history: a run (``str``) of the current deal's coded actions after its match's
#: ``earlier`` chain; or the chain itself: ``(previous, action or run)`` pairs down to the root,
#: the :class:`Match` the history starts from (None only for a state built by hand).
History = str | tuple[Any, Any] | Any | None
#: The auction: (high bid, high bidder, seats that passed, seats that made a call, hidden game,
#: the calls so far as (seat, action)), the seat sets as bit masks; hidden is 1 while a hidden
#: game is declared (A15).
Auction = tuple[int, int, int, int, int, tuple[tuple[int, "Action"], ...]]
NO_AUCTION: Final[Auction] = (0, -1, 0, 0, 0, ())
#: Cards on the table: ``(seat, card)`` in play order.
TrickCards = tuple[tuple[int, Card], ...]
#: The complete tricks of a deal: ``(winner, cards)`` in order.
Tricks = tuple[tuple[int, TrickCards], ...]


class Phase(enum.Enum):
    """The stages of a deal, and the end of the game."""

    #: Chance: the cards are being dealt (R-DEAL-1).
    DEALING = "dealing"
    #: Hidden Round: the opener chooses a hidden game or looks at its cards (A15).
    HIDDEN_CHOICE = "hidden game choice"
    #: Allow Unhide: the other seats may overbid a hidden game (A15).
    UNHIDING = "unhide"
    #: The auction (``R-BID-*``).
    BIDDING = "auction"
    #: The declarer has taken the talon and gives a card to each opponent (R-TALON-1, -2).
    GIVING = "giving"
    #: The declarer fixes the contract (R-TALON-3).
    CONTRACT = "contract"
    #: The eight tricks (``R-PLAY-*``).
    PLAYING = "play"
    #: The game is over (``R-END-*``).
    GAME_OVER = "finished game"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


# Enum members as globals for the hot path: reading ``Phase.PLAYING`` costs ~75 ns on Python
# 3.11, a global ~10 ns.
_DEALING: Final = Phase.DEALING
_GAME_OVER: Final = Phase.GAME_OVER


def _zeros(match: Match) -> PerSeat:
    return SEATINGS[match.rules.table.players][0].zeros


def _seating(match: Match) -> Seating:
    return SEATINGS[match.rules.table.players][match.dealer]


def _checks(match: Match) -> RuleChecks:
    return rule_checks(match.rules)


@attrs.frozen
class Match:
    """What carries over from deal to deal: rules, dealer, scores, barrel, bolts, sheet, and the
    counts some agreements need. Built once per deal, so validation-free attrs is cheap here.
    Per-seat values have one entry per seat of the table (three or four)."""

    rules: Rules
    dealer: int
    deal_number: int
    scores: PerSeat
    barrel: tuple[int | None, ...]
    bolts: PerSeat
    sheet: tuple[DealRecord, ...]
    winner: int | None
    #: Golden round (A10, A11): the index (0, 1, 2, and 3 at four) of the current deal in the
    #: golden round; None outside it. After the end of the game: that of the last deal.
    golden: int | None = None
    #: Distributions per seat over the game (A19).
    distributions: PerSeat = attrs.field(default=attrs.Factory(_zeros, takes_self=True))
    #: Falls from the barrel without a win per seat over the game (A18).
    falls: PerSeat = attrs.field(default=attrs.Factory(_zeros, takes_self=True))
    #: Golden round (A11): whether an earlier deal of this golden round was made.
    golden_made: bool = False
    #: Who plays the current deal (R-FOUR-1): follows from the rules and the dealer (the end
    #: of a deal passes it in, which is cheaper than working it out).
    seating: Seating = attrs.field(
        default=attrs.Factory(_seating, takes_self=True), eq=False, repr=False
    )
    #: The history before this deal, as a chain (see :data:`History`); None when this match is
    #: the root: a history starts here.
    earlier: History = attrs.field(default=None, eq=False, repr=False)
    #: What the rules decide for the auction and the talon (passed on from deal to deal).
    checks: RuleChecks = attrs.field(
        default=attrs.Factory(_checks, takes_self=True), eq=False, repr=False
    )


# -- the history --------------------------------------------------------------------------------
#
# Every action a legal move can be, but a whole Deal, has a code: its place in _CODED. A run
# holds one character per action, from U+0100 up so that every run is a two-byte str and
# adding a character never widens it.

_CODED: Final[tuple[Action, ...]] = (
    *DEAL_CARD,
    *PLAY,
    *PLAY_MARRIAGE,
    *(give for gives in GIVE for give in gives),
    *BIDS,
    *CONTRACTS,
    *UNHIDES,
    PASS,
    DISTRIBUTE,
    REDEAL,
    HIDDEN,
    LOOK,
)
_FIRST: Final = 0x100
#: The characters of a dealt card and of a card played without a marriage, by card index: the
#: two hot paths add them without a lookup.
DEAL_CARD_CHARS: Final = tuple(chr(_FIRST + i) for i in range(len(DEAL_CARD)))
PLAY_CHARS: Final = tuple(chr(_FIRST + len(DEAL_CARD) + i) for i in range(len(PLAY)))
_BY_ID: Final = {id(action): chr(_FIRST + i) for i, action in enumerate(_CODED)}
_BY_VALUE: Final[dict[Action, str]] = {action: chr(_FIRST + i) for i, action in enumerate(_CODED)}
_ACTION_OF: Final = {chr(_FIRST + i): action for i, action in enumerate(_CODED)}


def extended(state: State, action: Action) -> History:
    """The history of ``state`` followed by ``action``: one more character in the run when the
    action has a code, a new pair otherwise."""
    history = state._history
    if history.__class__ is str:
        # Our own shared actions by identity (a dict lookup of an int); others, by value.
        char = _BY_ID.get(id(action)) or _BY_VALUE.get(action)
        if char is not None:
            return history + char
        history = chained(state)
    return (history, action)


def _before_run(match: Match) -> History:
    """The chain a run of ``match``'s deal follows: its ``earlier``, or the match as the root."""
    return match if match.earlier is None else match.earlier


def chained_through(state: State, action: Action) -> History:
    """The history of ``state`` followed by ``action``, as a chain: the ``earlier`` of the next
    deal's match, whose run starts empty."""
    history = extended(state, action)
    if history.__class__ is not str:
        return history
    return (_before_run(state._match), history)


def chained(state: State) -> History:
    """The history of ``state`` as a chain, its run (if any) linked to the chain before it."""
    history = state._history
    if history.__class__ is not str:
        return history
    earlier = _before_run(state._match)
    return (earlier, history) if history else earlier


def actions_back(state: State) -> Iterator[Action]:
    """The actions of the history of ``state``, last first, read lazily."""
    node = chained(state)
    while node.__class__ is tuple:
        node, link = node
        if link.__class__ is str:
            yield from map(_ACTION_OF.__getitem__, reversed(link))
        else:
            yield link


class State:
    """A moment of a game of Thousand. Build one with :func:`~thousand.new_game`, move on with
    :func:`~thousand.apply`; a state never changes.

    Card sets are ``frozenset`` of :class:`~thousand.Card`; per-seat values are tuples with one
    entry per seat (three, or four at a table of four), seat 0 first.
    """

    __slots__ = (
        "_auction",
        "_contract",
        "_declarer",
        "_exposed",
        "_gives",
        "_hands",
        "_history",
        "_marriages",
        "_match",
        "_phase",
        "_points",
        "_talon",
        "_to_move",
        "_trick",
        "_tricks",
        "_trump",
    )

    _match: Match
    _phase: Phase
    _to_move: int | None
    _hands: PerSeat
    _talon: int
    _auction: Auction
    _declarer: int | None
    _contract: int | None
    #: The talon the declarer took; while the cards are dealt, the cards dealt so far (a read
    #: of it is cheaper than the union of the hands and the talon, at 24 steps of a deal).
    _exposed: int
    _gives: tuple[tuple[Card, int], ...]
    _trump: Suit | None
    _trick: TrickCards
    _tricks: Tricks
    _points: PerSeat
    _marriages: tuple[tuple[int, Suit | None], ...]
    _history: History

    def __new__(cls, *args: object, **kwargs: object) -> State:
        raise TypeError(
            "a State is not built by calling State: start a game with thousand.new_game and "
            "move on with thousand.apply"
        )

    # -- the game -------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._match.rules

    @property
    def phase(self) -> Phase:
        """The stage of the deal, or :attr:`Phase.GAME_OVER`."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None at a chance node and when the game is over."""
        return self._to_move

    @property
    def is_chance(self) -> bool:
        """True while the cards are being dealt."""
        return self._phase is _DEALING

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._phase is _GAME_OVER

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 1 (after the end: the last deal's)."""
        return self._match.deal_number

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._match.dealer

    @property
    def players(self) -> int:
        """The number of seats at the table: 3, or 4 with the dealer sitting out each deal."""
        return self._match.seating.players

    @property
    def sitter(self) -> int | None:
        """The seat that sits out the current deal (the dealer, at a table of four, R-FOUR-1);
        None at a table of three. Between deals and after the end: the next deal's, the last
        deal's."""
        return self._match.seating.sitter

    @property
    def active_seats(self) -> tuple[int, int, int]:
        """The three seats that play the current deal, clockwise from the dealer's left: the
        opener first (R-BID-1, R-FOUR-1)."""
        return self._match.seating.active

    @property
    def scores(self) -> PerSeat:
        """The seats' game scores."""
        return self._match.scores

    @property
    def barrel(self) -> tuple[int | None, ...]:
        """Per seat: the deals it has used on the barrel, or None when it is not on it."""
        return self._match.barrel

    @property
    def bolts(self) -> PerSeat:
        """Per seat: bolts toward its next penalty (0, 1 or 2; always 0 without bolts)."""
        return self._match.bolts

    @property
    def sheet(self) -> tuple[DealRecord, ...]:
        """The score sheet: one record per finished deal."""
        return self._match.sheet

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over; None before, and after a drawn game."""
        return self._match.winner

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since :func:`~thousand.new_game`, chance included."""
        links = []
        node = chained(self)
        while node.__class__ is tuple:
            node, link = node
            links.append(link)
        out: list[Action] = []
        action_of = _ACTION_OF.__getitem__
        for link in reversed(links):
            if link.__class__ is str:
                out += map(action_of, link)
            else:
                out.append(link)
        return tuple(out)

    def _start(self) -> Match | None:
        """The match the history starts from: the root of the history chain."""
        node = chained(self)
        while node.__class__ is tuple:
            node = node[0]
        return node if isinstance(node, Match) else None

    # -- the deal -------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """The seats' hands (the sitter's is empty)."""
        return tuple(frozenset(cards_of(hand)) for hand in self._hands)

    @property
    def talon(self) -> frozenset[Card]:
        """The talon while it lies on the table (empty once the declarer has taken it)."""
        return frozenset(cards_of(self._talon))

    @property
    def taken_talon(self) -> frozenset[Card]:
        """The three cards the declarer took from the talon (empty before)."""
        if self._phase is _DEALING:
            return frozenset()  # the field holds the cards dealt so far
        return frozenset(cards_of(self._exposed))

    @property
    def talon_shown_to(self) -> frozenset[int]:
        """The seats that have seen the taken talon (A26): the declarer always, the others
        unless Don't Expose on 100 (at a winning bid of 100) or Hide Talon (in a hidden game)."""
        if not self._exposed or self._declarer is None:
            return frozenset()
        rules = self._match.rules
        hidden = (not rules.talon.expose_on_100 and self._auction[0] == 100) or (
            self._auction[4] and rules.hidden_round.hide_talon
        )
        # F2: the sitter sees the talon exactly when an opponent does.
        return frozenset((self._declarer,)) if hidden else frozenset(range(len(self._hands)))

    @property
    def blind_seat(self) -> int | None:
        """The opener while it has not seen its own hand under Hidden Round: while the cards are
        dealt and it chooses, and after it declared a hidden game until it takes the talon or
        is unhidden (A26)."""
        phase = self._phase
        if phase is Phase.HIDDEN_CHOICE or phase is Phase.UNHIDING:
            return self._match.seating.opener
        if phase is Phase.DEALING and offers_hidden_game(self._match):
            return self._match.seating.opener
        return None

    @property
    def gives(self) -> tuple[tuple[Card, int], ...]:
        """The cards the declarer gave, as ``(card, seat)`` in the order given (R-TALON-2)."""
        return self._gives

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far (after the auction: the winning bid); None before any bid."""
        return self._auction[0] or None

    @property
    def calls(self) -> tuple[tuple[int, Action], ...]:
        """The auction's decisions in this deal as ``(seat, action)``: bids, passes, and the
        hidden game's choices and unhides."""
        return self._auction[5]

    @property
    def is_hidden_game(self) -> bool:
        """True while the deal is a hidden game (Hidden Round, A15)."""
        return bool(self._auction[4])

    @property
    def is_golden_deal(self) -> bool:
        """True when the current deal belongs to the golden round (A10)."""
        return self._match.golden is not None

    @property
    def golden_index(self) -> int | None:
        """The current deal's place in the golden round: 0, 1 or 2, and 3 at a table of four
        (A10, A11, R-FOUR-6); None outside it. After the end of the game, the last deal's."""
        return self._match.golden

    @property
    def golden_made(self) -> bool:
        """True when an earlier deal of the current golden round was made: after its last deal
        the round is over rather than played again (A11). False outside the round."""
        return self._match.golden_made

    @property
    def distributions(self) -> PerSeat:
        """Per seat: distributions over the game (A19)."""
        return self._match.distributions

    @property
    def declarer(self) -> int | None:
        """The declarer, once the auction has ended."""
        return self._declarer

    @property
    def contract(self) -> int | None:
        """The contract, once the declarer has fixed it."""
        return self._contract

    @property
    def trump(self) -> Suit | None:
        """The trump suit in force, or None (R-PLAY-4)."""
        return self._trump

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table as ``(seat, card)`` in play order."""
        return self._trick

    @property
    def tricks(self) -> Tricks:
        """The complete tricks of this deal, in order, as ``(winner, ((seat, card), ...))``."""
        return self._tricks

    @property
    def last_trick(self) -> tuple[int, TrickCards] | None:
        """The last complete trick of this deal as ``(winner, cards)``, or None."""
        return self._tricks[-1] if self._tricks else None

    @property
    def tricks_won(self) -> tuple[frozenset[Card], ...]:
        """The cards of the tricks each seat has won in this deal."""
        return tuple(frozenset(cards_of(won)) for won in won_masks(self._tricks, self.players))

    @property
    def tricks_played(self) -> int:
        """How many tricks of the deal are complete."""
        return len(self._tricks)

    @property
    def card_points(self) -> PerSeat:
        """Card points in the tricks each seat has won in this deal."""
        return tuple(card_points(won) for won in won_masks(self._tricks, self.players))

    @property
    def points(self) -> PerSeat:
        """Deal points so far: card points of complete tricks plus marriages declared."""
        return self._points

    @property
    def marriages(self) -> tuple[tuple[int, Suit | None], ...]:
        """The marriages declared in this deal, as ``(seat, suit)`` in order; the suit is None
        for the ace marriage (A21)."""
        return self._marriages

    # -- values ---------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self._match,
            self._phase,
            self._to_move,
            self._hands,
            self._talon,
            self._auction,
            self._declarer,
            self._contract,
            self._exposed,
            self._gives,
            self._trump,
            self._trick,
            self._tricks,
            self._points,
            self._marriages,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        return self._key() == other._key() and self.history == other.history

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # Flatten the history chain: pickling a long chain of nested pairs would recurse deeply;
        # the match goes without its own copy of the chain for the same reason.
        key = (attrs.evolve(self._match, earlier=None), *self._key()[1:])
        return (_rebuild, (key, self.history, self._start()))

    # -- dicts ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the rules, the start the history begins from (``new_game``'s, or
        the start of a deal for a state of :func:`~thousand.sample_state`, with the earlier
        deals' score sheet) and every action of the history, each as
        :meth:`Bid.to_dict() <thousand.Bid.to_dict>` writes it.

        :meth:`from_dict` replays it to an equal state.

        >>> import thousand as th
        >>> state = th.apply(th.new_game(), th.Deal.parse(
        ...     "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"))
        >>> data = state.to_dict()
        >>> sorted(data), data["start"]["scores"], data["history"][0]["type"]
        (['history', 'rules', 'start'], [0, 0, 0], 'deal')
        >>> th.State.from_dict(data) == state
        True
        """
        from .dicts import match_to_dict

        start = self._start()
        if start is None:
            raise ThousandError("this state was built by hand: it has no recorded start")
        return {
            "rules": start.rules.to_dict(),
            "start": match_to_dict(start),
            "history": [action.to_dict() for action in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict`: the start is checked and the history replayed.

        Raises :class:`~thousand.ThousandError` (a ``ValueError``) naming the bad key or value,
        or the first action of the history that is not legal.
        """
        from .actions import action_from_dict
        from .dicts import _keys, match_from_dict
        from .engine import apply

        _keys(data, "state", ("rules", "start", "history"), ())
        try:
            rules = Rules.from_dict(data["rules"])
        except RulesError as exc:
            raise ThousandError(f"state 'rules': {exc}") from None
        match = match_from_dict(rules, data["start"])
        state = start_of_deal(match, Phase.DEALING, None, match.seating.zeros, 0, NO_AUCTION, None)
        history = data["history"]
        if not isinstance(history, list | tuple):
            raise ThousandError(f"state 'history' must be a list of actions, not {shown(history)}")
        for i, item in enumerate(history):
            try:
                action = action_from_dict(item)
            except ValueError as exc:
                raise ThousandError(f"state 'history'[{i}]: {exc}") from None
            try:
                state = apply(state, action)
            except ValueError as exc:
                raise ThousandError(f"state 'history'[{i}]: {exc}") from None
        return state

    # -- views --------------------------------------------------------------------------

    def table(self) -> str:
        """The umpire's view as text, every hand open: :func:`thousand.view.table`.
        ``format(state, "table")`` and ``f"{state:table}"`` give the same."""
        from .view import table

        return table(self)

    def __format__(self, spec: str) -> str:
        if spec == "table":
            return self.table()
        return super().__format__(spec)

    def _repr_svg_(self) -> str:
        """The state as a picture in Jupyter: :func:`thousand.svg.state_svg`."""
        from .svg import state_svg

        return state_svg(self)

    def __repr__(self) -> str:
        where = f"deal {self.deal_number}, {self._phase.value}"
        who = "" if self._to_move is None else f", seat {self._to_move} to move"
        return f"<State {where}{who}, scores {self.scores}>"


def skipped(match: Match, seat: int) -> bool:
    """Skip Declaring (A2, A6): the seat's score before the deal is below the value."""
    below = match.rules.bidding.skip_below
    return below is not None and match.scores[seat] < below


def offers_hidden_game(match: Match) -> bool:
    """Hidden Round (A6, A10, A15): the opener chooses before looking at its cards, unless it
    is skipped, the deal is golden, or Disabled on Barrel finds a seat on the barrel."""
    hidden = match.rules.hidden_round
    return (
        hidden.enabled
        and match.golden is None
        and not skipped(match, match.seating.opener)
        # F4: every seat on the barrel counts, a sitter too
        and not (hidden.disabled_on_barrel and match.barrel != match.seating.nobody)
    )


def won_masks(tricks: Tricks, players: int = 3) -> PerSeat:
    """The bitmasks of the cards each seat of a table of ``players`` has won in ``tricks``."""
    won = [0] * players
    for winner, cards in tricks:
        for _, card in cards:
            won[winner] |= card.mask
    return tuple(won)


def start_of_deal(
    match: Match,
    phase: Phase,
    to_move: int | None,
    hands: PerSeat,
    talon: int,
    auction: Auction,
    history: History,
) -> State:
    """A state before the talon is taken: no declarer, nothing given or played yet. Without a
    history (``None``) the state is a start: ``match`` becomes the root of its history."""
    if history is None:
        # An empty run needs a match that is a root; a match with a chain of its own is put
        # at the root of a new one.
        history = "" if match.earlier is None else match
    return make_state(
        match,
        phase,
        to_move,
        hands,
        talon,
        auction,
        None,
        None,
        0,
        (),
        None,
        (),
        (),
        match.seating.zeros,
        (),
        history,
    )


_new = object.__new__


def make_state(
    match: Match,
    phase: Phase,
    to_move: int | None,
    hands: PerSeat,
    talon: int,
    auction: Auction,
    declarer: int | None,
    contract: int | None,
    exposed: int,
    gives: tuple[tuple[Card, int], ...],
    trump: Suit | None,
    trick: tuple[tuple[int, Card], ...],
    tricks: Tricks,
    points: PerSeat,
    marriages: tuple[tuple[int, Suit | None], ...],
    history: History,
) -> State:
    """A state with these fields: the engine's one way to build one. Not an ``__init__``: on
    Python 3.11 calling a class and its ``__init__`` costs ~150 ns more than this function."""
    state = _new(State)
    state._match = match
    state._phase = phase
    state._to_move = to_move
    state._hands = hands
    state._talon = talon
    state._auction = auction
    state._declarer = declarer
    state._contract = contract
    state._exposed = exposed
    state._gives = gives
    state._trump = trump
    state._trick = trick
    state._tricks = tricks
    state._points = points
    state._marriages = marriages
    state._history = history
    return state


def with_seat(values: PerSeat, seat: int, value: int) -> PerSeat:
    """``values`` with the entry of ``seat`` replaced by ``value``."""
    if len(values) == 3:  # spelled out: the common table, and the cheaper tuple
        if seat == 0:
            return (value, values[1], values[2])
        if seat == 1:
            return (values[0], value, values[2])
        return (values[0], values[1], value)
    a, b, c, d = values  # a table of four
    if seat == 0:
        return (value, b, c, d)
    if seat == 1:
        return (a, value, c, d)
    if seat == 2:
        return (a, b, value, d)
    return (a, b, c, value)


def _rebuild(
    key: tuple[Any, ...], history: tuple[Action, ...], start: Match | None = None
) -> State:
    chain: History = start if start is None else attrs.evolve(start, earlier=None)
    for action in history:
        chain = (chain, action)
    return make_state(*key, chain)  # type: ignore[call-arg]  # the 15 fields of _key()


# -- dicts ------------------------------------------------------------------------------------
#
# The dict forms of the start of a history (a Match without its rules) and of the score sheet's
# records. Reading checks every key and value and raises ThousandError naming the bad one, so
# that a replay from a checked start can only fail with an illegal action.
