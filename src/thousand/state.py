"""The state of a game: an immutable value, read through properties.

Inside, card sets are int bitmasks and game-level facts that change only between deals sit in
one shared :class:`Match` value, so that a move builds one small object and copies nothing
else. ``history`` is read on demand: a state refers to the state before it and the action
applied there, back to the first state of its deal; the deals before sit in the match's
``earlier`` chain, down to the :class:`Match` the history starts from (the start of a game, or
of a deal for a state made by :func:`~thousand.sample_state`), so that :meth:`State.to_dict`
can write it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from operator import sub
from typing import TYPE_CHECKING, Any, Final

from ._checks import RuleChecks, rule_checks
from .actions import Action
from .cards import FULL_PACK, Card, Suit, card_points, cards_of
from .errors import RulesError, ThousandError, shown
from .rules import Rules
from .seating import SEATINGS, Seating
from .sheet import DealRecord

__all__ = [
    "NO_AUCTION",
    "Auction",
    "Bidding",
    "Building",
    "Marriages",
    "Match",
    "PerSeat",
    "Phase",
    "SheetRows",
    "State",
    "Won",
    "actions_back",
    "after_call",
    "chain_of",
    "chained_through",
    "deal_so_far",
    "make_state",
    "nested_tricks",
    "offers_hidden_game",
    "skipped",
    "start_of_deal",
    "with_seat",
    "won_masks",
]

#: One int per seat of the table: three, or four at a table of four.
PerSeat = tuple[int, ...]
#: The history before a deal: the root :class:`Match` the history starts from, or a pair
#: ``(before, actions)`` of the chain before a deal and that deal's actions.
History = Any
#: The auction: (high bid, high bidder, seats that passed, seats that made a call, hidden game,
#: the calls so far as (seat, action)), the seat sets as bit masks; hidden is 1 while a hidden
#: game is declared (A15).
Auction = tuple[int, int, int, int, int, tuple[tuple[int, "Action"], ...]]
NO_AUCTION: Final[Auction] = (0, -1, 0, 0, 0, ())
#: Cards on the table: ``(seat, card)`` in play order.
TrickCards = tuple[tuple[int, Card], ...]
#: The complete tricks of a deal: ``(winner, cards)`` in order.
Tricks = tuple[tuple[int, TrickCards], ...]
#: The complete tricks of a deal as a state holds them: flat, four entries a trick (the winner,
#: then the three ``(seat, card)`` in play order). A trick so adds one tuple, not three, and a
#: deal's sheet row keeps one tuple for the garbage collector to visit, not seventeen.
TrickLog = tuple[Any, ...]
#: The marriages declared in a deal: ``(seat, suit)``, suit None for the ace marriage.
Marriages = tuple[tuple[int, Suit | None], ...]
#: A state's auction, declarer, contract and gives (the talon's part of a deal).
Bidding = tuple[Auction, int | None, int | None, tuple[tuple[Card, int], ...]]
#: A state's trump, complete tricks, deal points and marriages (the play's part of a deal).
Won = tuple[Suit | None, TrickLog, PerSeat, Marriages]


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


#: A match's game facts, as its ``__init__`` takes them.
_MatchKey = tuple[
    Rules,
    int,
    int,
    PerSeat,
    tuple[int | None, ...],
    PerSeat,
    tuple[DealRecord, ...],
    int | None,
    int | None,
    PerSeat,
    PerSeat,
    bool,
]


class SheetRows:
    """The rows of a score sheet: the rows ``before`` and one more ``row`` (see ``Match``)."""

    __slots__ = ("before", "row")

    def __init__(
        self, before: tuple[DealRecord | tuple[Any, ...], ...] | SheetRows, row: tuple[Any, ...]
    ) -> None:
        self.before = before
        self.row = row


class Match:
    """What carries over from deal to deal: rules, dealer, scores, barrel, bolts, sheet, and the
    counts some agreements need. Per-seat values have one entry per seat of the table (three or
    four). A value: it compares and hashes by its game facts (not by ``seating``, ``earlier``
    or ``checks``, which follow from them or record how it was reached).

    The engine builds one at every deal's end, so it is a plain slotted class, not an attrs
    class: a frozen attrs ``__init__`` sets each field with a call of its own. Nothing assigns
    to a match once it is built (but for the cache of its sheet).
    """

    __slots__ = (
        "_rows",
        "_sheet",
        "barrel",
        "bolts",
        "checks",
        "deal_number",
        "dealer",
        "distributions",
        "earlier",
        "falls",
        "golden",
        "golden_made",
        "rules",
        "scores",
        "seating",
        "winner",
    )

    rules: Rules
    dealer: int
    deal_number: int
    scores: PerSeat
    barrel: tuple[int | None, ...]
    bolts: PerSeat
    winner: int | None
    #: Golden round (A10, A11): the index (0, 1, 2, and 3 at four) of the current deal in the
    #: golden round; None outside it. After the end of the game: that of the last deal.
    golden: int | None
    #: Distributions per seat over the game (A19).
    distributions: PerSeat
    #: Falls from the barrel without a win per seat over the game (A18).
    falls: PerSeat
    #: Golden round (A11): whether an earlier deal of this golden round was made.
    golden_made: bool
    #: Who plays the current deal (R-FOUR-1): follows from the rules and the dealer.
    seating: Seating
    #: The history before this deal, as a chain (see :data:`History`); None when this match is
    #: the root: a history starts here.
    earlier: History
    #: What the rules decide for the auction and the talon (passed on from deal to deal).
    checks: RuleChecks
    #: The sheet's rows: :class:`DealRecord` values, or for the deals the engine scored the
    #: tuple of a record's fields (the end of a deal makes no record), made into a record when
    #: the sheet is first read; after a deal the engine scored, a :class:`SheetRows` link to
    #: the rows before it (a deal's end so costs the same however long the sheet).
    _rows: tuple[DealRecord | tuple[Any, ...], ...] | SheetRows
    _sheet: tuple[DealRecord, ...] | None

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deal_number: int,
        scores: PerSeat,
        barrel: tuple[int | None, ...],
        bolts: PerSeat,
        sheet: tuple[DealRecord | tuple[Any, ...], ...] | SheetRows,
        winner: int | None,
        golden: int | None = None,
        distributions: PerSeat | None = None,
        falls: PerSeat | None = None,
        golden_made: bool = False,
        earlier: History = None,
        checks: RuleChecks | None = None,
    ) -> None:
        seating = SEATINGS[rules.table.players][dealer]
        self.rules = rules
        self.dealer = dealer
        self.deal_number = deal_number
        self.scores = scores
        self.barrel = barrel
        self.bolts = bolts
        self._rows = sheet
        self._sheet = None
        self.winner = winner
        self.golden = golden
        self.distributions = seating.zeros if distributions is None else distributions
        self.falls = seating.zeros if falls is None else falls
        self.golden_made = golden_made
        self.seating = seating
        self.earlier = earlier
        self.checks = rule_checks(rules) if checks is None else checks

    @property
    def sheet(self) -> tuple[DealRecord, ...]:
        """The score sheet: one record per finished deal."""
        sheet = self._sheet
        if sheet is None:
            rows = self._rows
            last: list[DealRecord | tuple[Any, ...]] = []
            while type(rows) is SheetRows:
                last.append(rows.row)
                rows = rows.before
            assert type(rows) is tuple
            sheet = tuple(
                r if isinstance(r, DealRecord) else _record(r) for r in (*rows, *reversed(last))
            )
            self._sheet = self._rows = sheet  # a cache: the records are the rows' values
        return sheet

    def rooted(self, earlier: History = None) -> Match:
        """This match with another history before it: by default none (the root of one)."""
        return Match(*self._key(), earlier=earlier)

    def _key(self) -> _MatchKey:
        return (
            self.rules,
            self.dealer,
            self.deal_number,
            self.scores,
            self.barrel,
            self.bolts,
            self.sheet,
            self.winner,
            self.golden,
            self.distributions,
            self.falls,
            self.golden_made,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not Match:
            return NotImplemented
        assert isinstance(other, Match)
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # The chain flattened to one link: pickling nested pairs deal by deal could recurse
        # past the limit in a long game.
        earlier = self.earlier
        if earlier is not None:
            earlier = (_root(earlier), tuple(_chain_actions(earlier)))
        return (_match, (self._key(), earlier))

    def __repr__(self) -> str:
        pairs = zip(_MATCH_FIELDS, self._key(), strict=True)
        fields = ", ".join(f"{name}={value!r}" for name, value in pairs)
        return f"Match({fields})"


_MATCH_FIELDS: Final = (
    "rules",
    "dealer",
    "deal_number",
    "scores",
    "barrel",
    "bolts",
    "sheet",
    "winner",
    "golden",
    "distributions",
    "falls",
    "golden_made",
)


def _record(row: tuple[Any, ...]) -> DealRecord:
    """A sheet row as the engine keeps it made a record: DealRecord's fields in order, but
    the scores before the deal in place of the changes, and the tricks as a :data:`TrickLog`."""
    fields = list(row)
    fields[9] = tuple(map(sub, row[10], row[9]))
    fields[14] = nested_tricks(row[14])
    return DealRecord(*fields)


def _match(key: _MatchKey, earlier: History) -> Match:
    return Match(*key, earlier=earlier)


# -- the history --------------------------------------------------------------------------------
#
# A state holds the state before it and the action that led from there (``_prev``, ``_action``)
# back to the first state of its deal, whose ``_prev`` is None; the deals before sit in its
# match's ``earlier``: a chain of ``(before, actions)`` pairs, one per deal, down to the root
# Match the history starts from. A move so costs two references, and a random playout frees a
# deal's states together when the deal ends (finish_deal folds them into one tuple), so nothing
# piles up for the garbage collector across deals.


def _root(chain: History) -> Match:
    """The match a chain starts from."""
    while type(chain) is tuple:
        chain = chain[0]
    assert isinstance(chain, Match)
    return chain


def _chain_actions(chain: History) -> list[Action]:
    """The actions of a chain, in order."""
    links = []
    while type(chain) is tuple:
        chain, actions = chain
        links.append(actions)
    out: list[Action] = []
    for actions in reversed(links):
        out += actions
    return out


def chain_of(match: Match) -> History:
    """The history before ``match``'s deal: its ``earlier`` chain, or the match as the root."""
    earlier = match.earlier
    return match if earlier is None else earlier


def deal_so_far(state: State) -> list[Action]:
    """The actions from the first state of the deal (after the last deal's end) to ``state``,
    in order."""
    out = []
    while state._prev is not None:
        out.append(state._action)
        state = state._prev
    out.reverse()
    return out  # type: ignore[return-value]  # every state with a _prev has its _action


def chained_through(state: State, action: Action) -> History:
    """The history of ``state`` followed by ``action``, as a chain: the ``earlier`` of the next
    deal's match."""
    deal = deal_so_far(state)
    deal.append(action)
    return (chain_of(state._match), tuple(deal))


def actions_back(state: State) -> Iterator[Action]:
    """The actions of the history of ``state``, last first, read lazily."""
    while state._prev is not None:
        yield state._action  # type: ignore[misc]  # set with _prev
        state = state._prev
    chain = chain_of(state._match)
    while type(chain) is tuple:
        chain, actions = chain
        yield from reversed(actions)


class _Fields:
    """The fields of a :class:`State`. The engine builds a state as a :class:`Building`, whose
    fields can be set, and then makes it a State, whose fields cannot (the two share these
    slots, so an object can change from one class to the other). Reading a slot is the one
    read of an attribute that Python 3.11 does without a call: the fields most read in a loop
    over a game are slots under their public names."""

    __slots__ = {
        "_action": None,
        "_bidding": None,
        "_exposed": None,
        "_hands": None,
        "_match": None,
        "_phase": None,
        "_prev": None,
        "_talon": None,
        "_to_move": None,
        "_trick": None,
        "_won": None,
        "deal_number": "The number of the current deal, from 1 (after the end: the last deal's).",
        "is_terminal": "True when the game is over.",
    }

    # A move builds one State and sets every slot of it, so the fields that change together,
    # and seldom, share a slot: the auction and the talon's (_bidding), the tricks and points
    # (_won). The engine's steps read those tuples; elsewhere State's properties name their
    # parts (each such read is a call).
    _match: Match
    _phase: Phase
    _to_move: int | None
    _hands: PerSeat
    _talon: int
    #: The talon the declarer took; while the cards are dealt, the cards not dealt yet (what
    #: legal_actions lists there, in one read, at 24 steps of a deal).
    _exposed: int
    #: (auction, declarer, contract, gives)
    _bidding: Bidding
    _trick: TrickCards
    #: (trump, tricks, points, marriages)
    _won: Won
    #: The state before the last action of this deal and that action; None at the first
    #: state of a deal (the history before it: the match's ``earlier``).
    _prev: State | None
    _action: Action | None


class Building(_Fields):
    """A state while the engine builds it: set its fields, then set its ``__class__`` to
    :class:`State` (a class call and a class switch cost less than ``object.__new__(State)``,
    and State's fields are read-only)."""

    __slots__ = ()

    deal_number: int
    is_terminal: bool


class State(_Fields):
    """A moment of a game of Thousand. Build one with :func:`~thousand.new_game`, move on with
    :func:`~thousand.apply`; a state never changes.

    Card sets are ``frozenset`` of :class:`~thousand.Card`; per-seat values are tuples with one
    entry per seat (three, or four at a table of four), seat 0 first.
    """

    __slots__ = ()

    if TYPE_CHECKING:  # read-only slots (see _Fields): to a type checker, properties

        @property
        def deal_number(self) -> int: ...

        @property
        def is_terminal(self) -> bool: ...

    @property
    def _auction(self) -> Auction:
        return self._bidding[0]

    @property
    def _declarer(self) -> int | None:
        return self._bidding[1]

    @property
    def _contract(self) -> int | None:
        return self._bidding[2]

    @property
    def _gives(self) -> tuple[tuple[Card, int], ...]:
        return self._bidding[3]

    @property
    def _trump(self) -> Suit | None:
        return self._won[0]

    @property
    def _tricks(self) -> TrickLog:
        return self._won[1]

    @property
    def _points(self) -> PerSeat:
        return self._won[2]

    @property
    def _marriages(self) -> Marriages:
        return self._won[3]

    if not TYPE_CHECKING:  # (a type checker would take any name as settable)

        def __setattr__(self, name: str, value: object) -> None:
            raise AttributeError(f"a State never changes: {name!r} cannot be set")

        def __delattr__(self, name: str) -> None:
            raise AttributeError(f"a State never changes: {name!r} cannot be deleted")

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
        return (*_chain_actions(chain_of(self._match)), *deal_so_far(self))

    def _start(self) -> Match:
        """The match the history starts from: the root of the history chain."""
        return _root(chain_of(self._match))

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
        return nested_tricks(self._won[1])

    @property
    def last_trick(self) -> tuple[int, TrickCards] | None:
        """The last complete trick of this deal as ``(winner, cards)``, or None."""
        log = self._won[1]
        return (log[-4], log[-3:]) if log else None

    @property
    def tricks_won(self) -> tuple[frozenset[Card], ...]:
        """The cards of the tricks each seat has won in this deal."""
        return tuple(frozenset(cards_of(won)) for won in won_masks(self._tricks, self.players))

    @property
    def tricks_played(self) -> int:
        """How many tricks of the deal are complete."""
        return len(self._won[1]) // 4

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
        # make_state()'s fields in its order (_rebuild passes them back to it)
        auction, declarer, contract, gives = self._bidding
        trump, tricks, points, marriages = self._won
        return (
            self._match,
            self._phase,
            self._to_move,
            self._hands,
            self._talon,
            auction,
            declarer,
            contract,
            self._exposed,
            gives,
            trump,
            self._trick,
            tricks,
            points,
            marriages,
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
        # The history as one flat tuple, not the states before this one.
        key = (self._match.rooted(), *self._key()[1:])
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
        state = start_of_deal(
            match, Phase.DEALING, None, match.seating.zeros, 0, NO_AUCTION, None, None
        )
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


def won_masks(tricks: TrickLog, players: int = 3) -> PerSeat:
    """The bitmasks of the cards each seat of a table of ``players`` has won in ``tricks``."""
    won = [0] * players
    for i in range(0, len(tricks), 4):
        won[tricks[i]] |= tricks[i + 1][1].mask | tricks[i + 2][1].mask | tricks[i + 3][1].mask
    return tuple(won)


def nested_tricks(log: TrickLog) -> Tricks:
    """The tricks of a :data:`TrickLog` as ``(winner, cards)`` pairs (the public form).

    >>> from thousand import Card
    >>> nine, ten, ace = (Card.parse(text) for text in ("9S", "TS", "AS"))
    >>> nested_tricks((2, (0, nine), (1, ten), (2, ace)))
    ((2, ((0, Card.parse('9S')), (1, Card.parse('TS')), (2, Card.parse('AS')))),)
    """
    return tuple((log[i], log[i + 1 : i + 4]) for i in range(0, len(log), 4))


def start_of_deal(
    match: Match,
    phase: Phase,
    to_move: int | None,
    hands: PerSeat,
    talon: int,
    auction: Auction,
    prev: State | None,
    action: Action | None,
) -> State:
    """A state before the talon is taken: no declarer, nothing given or played yet; reached
    from ``prev`` by ``action``, or without them (None) the first state of a deal, whose history
    is the match's. In the dealing phase no card is dealt yet."""
    exposed = FULL_PACK if phase is _DEALING else 0  # while dealing: the cards not dealt yet
    zeros = match.seating.zeros
    return make_state(
        match, phase, to_move, hands, talon, auction, None, None, exposed, (), None, (), (), zeros,
        (), prev, action,
    )  # fmt: skip


def after_call(state: State, phase: Phase, to_move: int, auction: Auction, action: Action) -> State:
    """The auction after a call that leaves it open: ``to_move`` calls next; the hands, the talon
    and all of the play stay as at ``state`` (shared, not built again as by :func:`make_state`).

    ``engine.apply`` ends a card played or dealt with the same stores, written out there: a
    call would add some 5-10% to such a step."""
    new = Building()
    new._match = state._match
    new._phase = phase
    new._to_move = to_move
    new._hands = state._hands
    new._talon = state._talon
    new._bidding = (auction, None, None, ())
    new._exposed = state._exposed
    new._trick = state._trick
    new._won = state._won
    new._prev = state
    new._action = action
    new.deal_number = state.deal_number
    new.is_terminal = False
    new.__class__ = State  # type: ignore[assignment]  # from here on read-only
    return new  # type: ignore[return-value]  # a State now


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
    tricks: TrickLog,
    points: PerSeat,
    marriages: tuple[tuple[int, Suit | None], ...],
    prev: State | None,
    action: Action | None,
) -> State:
    """A state with these fields, built field by field (see :class:`Building`): no
    ``__init__``, whose call would cost as much again."""
    state = Building()
    state._match = match
    state._phase = phase
    state._to_move = to_move
    state._hands = hands
    state._talon = talon
    state._bidding = (auction, declarer, contract, gives)
    state._exposed = exposed
    state._trick = trick
    state._won = (trump, tricks, points, marriages)
    state._prev = prev
    state._action = action
    state.deal_number = match.deal_number
    state.is_terminal = phase is _GAME_OVER
    state.__class__ = State  # type: ignore[assignment]  # from here on read-only
    return state  # type: ignore[return-value]  # a State now


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


def _rebuild(key: tuple[Any, ...], history: tuple[Action, ...], start: Match) -> State:
    match = key[0]
    if history:
        match = match.rooted((start, history))
    return make_state(match, *key[1:], None, None)  # type: ignore[call-arg]  # _key()'s fields


# -- dicts ------------------------------------------------------------------------------------
#
# The dict forms of the start of a history (a Match without its rules) and of the score sheet's
# records. Reading checks every key and value and raises ThousandError naming the bad one, so
# that a replay from a checked start can only fail with an illegal action.
