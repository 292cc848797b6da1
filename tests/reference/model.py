"""Reference model of Thousand (Тысяча): a plain, mutable, brute-force test oracle.

Written only from ``/work/shared/design/rulings.md`` (ruling ids are cited in the comments), for
the presets "classic" and "standard", with the agreements of its sections "The agreements of
agreements.en.txt" and "Agreement details" (A1..A27) on top (``agreements=`` keyword of
:class:`RefGame`; keys in :data:`SWITCH_AGREEMENTS` and :data:`VALUED_AGREEMENTS`). Clarity over
speed.

Actions are texts:

* ``deal XX`` (chance, R-DEAL-1), ``bid N``, ``pass`` (R-BID-*),
* ``give XX S`` (R-TALON-2), ``distribute`` (standard only, R-DIST-1), ``contract N`` (R-TALON-3),
* ``play XX`` and ``play XX marriage`` (R-PLAY-*, R-MARRIAGE-*; ``play AX marriage`` is the ace
  marriage, A21),
* ``redeal`` (A7, A9), ``hidden`` / ``look`` (Hidden Round), ``unhide N`` (A15).

Cards are texts: rank ``9 J Q K T A`` followed by suit ``S C D H`` (``TH`` is the ten of hearts).

A table of four (``players=4``) follows ``/work/shared/design/four-players.md`` (R-FOUR-1..8,
F1..F5) on top of the above: seats 0..3, the dealer sits out each deal ("sits on the talon"): no
cards, no decision; the deal is played by the three active seats clockwise from the dealer's left.
Everything per seat (scores, barrel, bolts, distributions, hands, points, the records' rows) has
one entry per seat, the sitter's hand is always empty, and no legal action names the sitter (a
give to it is refused with the reason). The sitter's deal score is ``sitter_scores=``
``"talon_points"`` (default), ``"aces_and_marriage"`` (``ace_value=`` per ace, default 40, plus
the talon's marriage) or ``"nothing"`` (R-FOUR-3). Choices where the rulings are silent are
marked "Reading (four)" in the comments.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import NotRequired, TypedDict

# ---------------------------------------------------------------------------------------------
# Cards (R-CARD-1, R-CARD-2)
# ---------------------------------------------------------------------------------------------

SUITS: tuple[str, ...] = ("S", "C", "D", "H")
# R-CARD-1: ranks from low to high: 9, J, Q, K, 10 (T), A.
RANKS_LOW_TO_HIGH: tuple[str, ...] = ("9", "J", "Q", "K", "T", "A")
RANK_STRENGTH: dict[str, int] = {rank: i for i, rank in enumerate(RANKS_LOW_TO_HIGH)}
# R-CARD-1: card points; 120 in the pack.
CARD_POINTS: dict[str, int] = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
# R-CARD-2: marriage values.
MARRIAGE_VALUE: dict[str, int] = {"S": 40, "C": 60, "D": 80, "H": 100}
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS_LOW_TO_HIGH)
SEATS: tuple[int, int, int] = (0, 1, 2)  # a table of three (R-TABLE-1)
PLAYER_COUNTS: tuple[int, int] = (3, 4)  # option `players` (four-players.md)
ACTIVE_PER_DEAL = 3  # R-FOUR-1: three seats play each deal, whatever the table size
# R-FOUR-3: the sitter's deal score, option `sitter_scores` (default "talon_points").
SITTER_SCORES: tuple[str, ...] = ("talon_points", "aces_and_marriage", "nothing")
DEFAULT_ACE_VALUE = 40  # R-FOUR-3: "a fixed value for each ace in the talon (option, 40)"

MIN_OPENING_BID = 100  # R-BID-1
BID_STEP = 5  # R-BID-2
MAX_HAND_TOTAL = 400  # R-BID-3 standard: 120 + 280, the largest total a hand can reach
NO_MARRIAGE_LIMIT = 120  # R-BID-3
TRICKS_PER_DEAL = 8  # R-PLAY-1
CARDS_TO_SEATS = 21  # R-DEAL-1: 7 cards to each seat, then 3 to the talon


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def card_points(card: str) -> int:
    return CARD_POINTS[rank_of(card)]


def held_marriages(hand: set[str] | frozenset[str]) -> list[str]:
    """Suits of which the hand holds both the king and the queen (R-CARD-2)."""
    return [suit for suit in SUITS if "K" + suit in hand and "Q" + suit in hand]


def round_to_5(points: int) -> int:
    """R-SCORE-3: nearest multiple of 5; remainder 1 or 2 rounds down, 3 or 4 rounds up.

    ``points`` is never negative here (deal points). Python's ``round()`` is not used.
    """
    remainder = points % 5
    if remainder <= 2:
        return points - remainder
    return points + (5 - remainder)


def half_rounded_half_up_to_5(amount: int) -> int:
    """R-DIST-1: half of ``amount`` rounded half up to a multiple of 5 (105 -> 52.5 -> 55).

    ``amount / 2`` rounded to the nearest multiple of 5 with halves going up is
    ``floor(amount / 2 / 5 + 1/2) * 5 == floor((amount + 5) / 10) * 5``, computed in integers.
    """
    return (amount + 5) // 10 * 5


def round_down_to_5(value: int) -> int:
    """R-BARREL-3 standard: the barrel win sum "rounded down to 5" (floor)."""
    return value - value % 5


# ---------------------------------------------------------------------------------------------
# Rules: the two presets, and the agreements of agreements.en.txt on top of them
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    # R-BID-3: "sum" (classic) or "any" (standard).
    limit: str
    # R-PLAY-2: must trump when unable to follow suit (classic on, standard off).
    must_trump: bool
    # R-MARRIAGE-1: "optional" (classic) or "automatic" (standard).
    marriage_declaration: str
    # R-BARREL-2: may a seat reach the target from below the threshold in one deal?
    barrel_jump_allowed: bool
    # R-BARREL-3: "classic" or "standard" reading of a deal played on the barrel.
    barrel_mode: str
    # R-BOLT-1/2: bolts on (standard) or off (classic).
    bolts: bool
    # R-DIST-1: distribution allowed (standard) or not (classic).
    distribution: bool
    threshold: int = 880  # R-BARREL-1; "900 Points for Barrel": 900
    target: int = 1000  # R-BARREL-1, R-END-1; "More than 1000 to Win": 1005 (A4)
    penalty: int = 120  # R-BARREL-4, R-BOLT-2; "Penalty Amount" (A3)
    barrel_deals: int = 3  # R-BARREL-4
    bolts_per_penalty: int = 3  # R-BOLT-2
    max_deals: int = 200  # R-END-2
    # --- Agreements (all off in both presets). ---
    throw_off_barrel: bool = False  # A16
    forbid_several_on_barrel: bool = False  # A16 ("Several Players on Barrel")
    round_own_points: bool = False  # A24
    no_jumping: bool = False  # A5
    skip_declaring: int | None = None  # A2, A6
    reset_555: bool = False  # R-SCORE-4, A27
    reset_minus_555: bool = False
    bolts_in_a_row: bool = False  # A17 ("3 Zero Wins in a Row")
    zero_after_3_barrels: bool = False  # A18
    avoid_own_bolt: bool = False  # R-BOLT-1
    reshuffle_on_talon_score: int | None = None  # A7 (talon-based)
    reshuffle_on_card_score: int | None = None  # A7 (hand-based)
    four_nines_after_deal: bool = False  # A7 (hand-based)
    two_nines_in_talon: bool = False  # A7 (talon-based)
    four_nines_on_hands: bool = False  # A7 (in play)
    on_100_only: bool = False  # A8
    sixty_points_per_player: bool = False  # A19
    dont_subtract_order: bool = False
    subtract_on_third: bool = False  # A1: only with dont_subtract_order
    distributions_limit: int | None = None  # A19: 3 per seat per game
    distribute_on_barrel: bool = False  # A20
    distribute_in_golden_round: bool = False
    golden_round: bool = False  # A10..A13
    golden_reset_to_zero: bool = False  # A11
    golden_allow_increase: bool = False  # A10
    golden_bolt_doubling: bool = False
    hidden_round: bool = False  # A14, A15
    hidden_disabled_on_barrel: bool = False
    hidden_allow_distribute: bool = False  # A14
    hidden_allow_unhide: bool = False  # A15
    hidden_no_declaring_when_unhidden: bool = False  # A15
    hidden_no_more_than_240: bool = False  # A14
    hidden_bolt_doubling: bool = False  # A14
    trumps_in_first_move: bool = False  # R-MARRIAGE-1 without the first-trick restriction
    declaring_without_marriage: bool = False  # A22
    ace_marriage: bool = False  # A21
    dont_allow_opponent_trumps: bool = False  # A23
    four_nines_bonus: bool = False  # A25
    # Observation-only agreements (A26). The model has no observations, so these are accepted and
    # recorded but change nothing it computes.
    dont_expose_on_100: bool = False
    quiet_drop: bool = False
    hidden_hide_talon: bool = False
    # --- A table of four (four-players.md). ---
    players: int = 3  # 3 (both presets) or 4 (R-FOUR-1)
    sitter_scores: str = "talon_points"  # R-FOUR-3; only used at a table of four
    ace_value: int = DEFAULT_ACE_VALUE  # R-FOUR-3 "aces_and_marriage": value per talon ace


PRESETS: dict[str, Rules] = {
    "classic": Rules(
        limit="sum",
        must_trump=True,
        marriage_declaration="optional",
        barrel_jump_allowed=True,
        barrel_mode="classic",
        bolts=False,
        distribution=False,
    ),
    "standard": Rules(
        limit="any",
        must_trump=False,
        marriage_declaration="automatic",
        barrel_jump_allowed=False,
        barrel_mode="standard",
        bolts=True,
        distribution=True,
    ),
}

# The agreement keys (fixed: the comparison harness uses them). Switches take a bool; valued
# agreements take an int (None or False: off).
SWITCH_AGREEMENTS: frozenset[str] = frozenset(
    {
        "throw_off_barrel",
        "several_players_on_barrel",
        "dont_expose_on_100",
        "quiet_drop",
        "round_own_points",
        "more_than_1000_to_win",
        "no_jumping",
        "barrel_900",
        "score_reset_555",
        "score_reset_minus_555",
        "zero_wins_in_a_row",
        "zero_wins_in_a_game",
        "zero_after_3_barrels",
        "avoid_own_bolt",
        "four_nines_after_deal",
        "two_nines_in_talon",
        "four_nines_on_hands",
        "on_100_only",
        "sixty_points_per_player",
        "dont_subtract_order",
        "subtract_on_third",
        "distributions_limit",
        "distribute_on_barrel",
        "distribute_in_golden_round",
        "golden_round",
        "golden_reset_to_zero",
        "golden_allow_increase",
        "golden_bolt_doubling",
        "hidden_round",
        "hidden_hide_talon",
        "hidden_disabled_on_barrel",
        "hidden_allow_distribute",
        "hidden_allow_unhide",
        "hidden_no_declaring_when_unhidden",
        "hidden_no_more_than_240",
        "hidden_bolt_doubling",
        "trumps_in_first_move",
        "declaring_without_marriage",
        "ace_marriage",
        "dont_allow_opponent_trumps",
        "should_play_with_trumps",
        "four_nines_bonus",
    }
)
VALUED_AGREEMENTS: frozenset[str] = frozenset(
    {"skip_declaring", "penalty_amount", "reshuffle_on_talon_score", "reshuffle_on_card_score"}
)
DISTRIBUTIONS_LIMIT = 3  # A19: "Distributions Limit" is 3 per seat per game
GOLDEN_CONTRACT = 120  # A10, A3 (never replaced by the penalty amount)
GOLDEN_ROUND_DEALS = 3  # A10, A11: one deal per seat, all played (R-FOUR-6: four at four)
HIDDEN_CONTRACT = 120  # Hidden Round, A3
UNHIDE_MIN = 125  # A15: a bid above 120
FOUR_NINES_BONUS = 120  # A25, A3 (never replaced by the penalty amount)
ACE_MARRIAGE_VALUE = 200  # A21


def table_rules(
    rules: Rules,
    players: int = 3,
    sitter_scores: str = "talon_points",
    ace_value: int = DEFAULT_ACE_VALUE,
) -> Rules:
    """``rules`` at a table of ``players`` (3 or 4) with the sitter's score option (R-FOUR-3).

    Reading (four): at a table of three there is no sitter, so ``sitter_scores`` and
    ``ace_value`` are accepted and change nothing (as A1 treats an agreement that refines
    something the rules lack). Raises ValueError/TypeError naming the bad value.
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be the int 3 or 4, not {players!r}")
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 3 or 4, not {players!r}")
    if sitter_scores not in SITTER_SCORES:
        raise ValueError(
            f"unknown sitter_scores {sitter_scores!r}; expected one of {list(SITTER_SCORES)}"
        )
    if isinstance(ace_value, bool) or not isinstance(ace_value, int):
        raise TypeError(f"ace_value must be an int, not {ace_value!r}")
    if ace_value < 0:
        # Reading (four): a value per ace is a score, never a cost; R-FOUR-3 names no bound, so
        # multiples of 5 are not required.
        raise ValueError(f"ace_value must not be negative, not {ace_value}")
    return replace(rules, players=players, sitter_scores=sitter_scores, ace_value=ace_value)


def rules_with(preset: str, agreements: Mapping[str, object] | None) -> Rules:
    """The preset's rules with the agreements applied (A1: unknown combinations are accepted).

    Raises ValueError on an unknown key, a value of the wrong type, or "3 Zero Wins in a Row"
    together with "3 Zero Wins in a Game" (A1). The table size is set by :func:`table_rules`.
    """
    rules = PRESETS[preset]
    if not agreements:
        return rules
    switches: set[str] = set()
    values: dict[str, int] = {}
    for key, value in agreements.items():
        if key in SWITCH_AGREEMENTS:
            if not isinstance(value, bool):
                raise ValueError(f"agreement {key!r} is a switch: True or False, not {value!r}")
            if value:
                switches.add(key)
        elif key in VALUED_AGREEMENTS:
            if value is None or value is False:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"agreement {key!r} takes an int value, not {value!r}")
            values[key] = value
        else:
            raise ValueError(f"unknown agreement {key!r}")
    if {"zero_wins_in_a_row", "zero_wins_in_a_game"} <= switches:
        # A1: the two bolt count modes together are an error.
        raise ValueError('"3 Zero Wins in a Row" and "3 Zero Wins in a Game" exclude each other')

    def on(key: str) -> bool:
        return key in switches

    # A1: agreements that refine something the rules lack (bolt agreements on classic,
    # distribution agreements on classic, golden/hidden options without that round, Subtract on
    # Third without Don't Subtract Order) are stored, but every use of them below is guarded by
    # the feature they refine, so they change nothing. "3 Zero Wins in a Game" is R-BOLT-2's
    # default count mode and needs no field.
    return replace(
        rules,
        must_trump=rules.must_trump or on("should_play_with_trumps"),
        threshold=900 if on("barrel_900") else rules.threshold,
        target=1005 if on("more_than_1000_to_win") else rules.target,
        penalty=values.get("penalty_amount", rules.penalty),
        throw_off_barrel=on("throw_off_barrel"),
        forbid_several_on_barrel=on("several_players_on_barrel"),
        round_own_points=on("round_own_points"),
        no_jumping=on("no_jumping"),
        skip_declaring=values.get("skip_declaring"),
        reset_555=on("score_reset_555"),
        reset_minus_555=on("score_reset_minus_555"),
        bolts_in_a_row=on("zero_wins_in_a_row"),
        zero_after_3_barrels=on("zero_after_3_barrels"),
        avoid_own_bolt=on("avoid_own_bolt"),
        reshuffle_on_talon_score=values.get("reshuffle_on_talon_score"),
        reshuffle_on_card_score=values.get("reshuffle_on_card_score"),
        four_nines_after_deal=on("four_nines_after_deal"),
        two_nines_in_talon=on("two_nines_in_talon"),
        four_nines_on_hands=on("four_nines_on_hands"),
        on_100_only=on("on_100_only"),
        sixty_points_per_player=on("sixty_points_per_player"),
        dont_subtract_order=on("dont_subtract_order"),
        subtract_on_third=on("subtract_on_third"),
        distributions_limit=DISTRIBUTIONS_LIMIT if on("distributions_limit") else None,
        distribute_on_barrel=on("distribute_on_barrel"),
        distribute_in_golden_round=on("distribute_in_golden_round"),
        golden_round=on("golden_round"),
        golden_reset_to_zero=on("golden_reset_to_zero"),
        golden_allow_increase=on("golden_allow_increase"),
        golden_bolt_doubling=on("golden_bolt_doubling"),
        hidden_round=on("hidden_round"),
        hidden_disabled_on_barrel=on("hidden_disabled_on_barrel"),
        hidden_allow_distribute=on("hidden_allow_distribute"),
        hidden_allow_unhide=on("hidden_allow_unhide"),
        hidden_no_declaring_when_unhidden=on("hidden_no_declaring_when_unhidden"),
        hidden_no_more_than_240=on("hidden_no_more_than_240"),
        hidden_bolt_doubling=on("hidden_bolt_doubling"),
        trumps_in_first_move=on("trumps_in_first_move"),
        declaring_without_marriage=on("declaring_without_marriage"),
        ace_marriage=on("ace_marriage"),
        dont_allow_opponent_trumps=on("dont_allow_opponent_trumps"),
        four_nines_bonus=on("four_nines_bonus"),
        dont_expose_on_100=on("dont_expose_on_100"),
        quiet_drop=on("quiet_drop"),
        hidden_hide_talon=on("hidden_hide_talon"),
    )


def has_four_aces(hand: set[str] | frozenset[str]) -> bool:
    return all("A" + suit in hand for suit in SUITS)


def nines_in(cards: set[str] | frozenset[str] | list[str]) -> int:
    return sum(1 for card in cards if rank_of(card) == "9")


def bid_limit(rules: Rules, hand: set[str] | frozenset[str]) -> int:
    """R-BID-3 on the given hand (7 cards in the auction, 8 for the contract, R-TALON-3).

    A21: with Ace Marriage, four aces add 200 to the classic limit and count as a marriage for the
    standard one. A22: with Declaring without Marriage the limit is the larger of that and 400.
    """
    marriages = held_marriages(hand)
    aces = rules.ace_marriage and has_four_aces(hand)
    if rules.limit == "sum":
        limit = NO_MARRIAGE_LIMIT + sum(MARRIAGE_VALUE[suit] for suit in marriages)
        if aces:
            limit += ACE_MARRIAGE_VALUE
    else:
        # "any": 120 without a marriage, otherwise only the largest reachable total. Reading: the
        # cap stays R-BID-3's 400 even with Ace Marriage (A21 only says four aces "count as a
        # marriage" for this limit).
        limit = MAX_HAND_TOTAL if marriages or aces else NO_MARRIAGE_LIMIT
    if rules.declaring_without_marriage:
        limit = max(limit, MAX_HAND_TOTAL)
    return limit


class DealRecord(TypedDict):
    """One finished deal: a score-sheet row, one entry per seat in ``points``, ``changes`` and
    ``scores`` (three or four)."""

    declarer: int
    contract: int
    points: tuple[int, ...]
    changes: tuple[int, ...]
    scores: tuple[int, ...]
    # At a table of four only (absent at three, so three-player rows are unchanged): the seat that
    # sat out the deal (R-FOUR-1), the sheet's mark for the sitter's deal. Reading (four): the
    # sitter's ``points`` are 0 (R-SCORE-1: it won no trick, declared nothing); its R-FOUR-3
    # score shows in ``changes``.
    sitter: NotRequired[int]


# Phases of the state machine.
DEALING = "dealing"  # chance node
HIDDEN_CHOICE = "hidden_choice"  # Hidden Round: the opener's `hidden` or `look`
UNHIDE = "unhide"  # Allow Unhide: the other seats' `pass` or `unhide N` (A15)
AUCTION = "auction"
GIVING = "giving"
CONTRACT = "contract"
PLAYING = "playing"
OVER = "over"


class RefGame:
    """One game of Thousand, mutated in place by :meth:`apply`."""

    def __init__(
        self,
        preset: str = "classic",
        dealer: int = 0,
        scores: tuple[int, ...] | None = None,
        agreements: Mapping[str, object] | None = None,
        players: int = 3,
        sitter_scores: str = "talon_points",
        ace_value: int = DEFAULT_ACE_VALUE,
    ) -> None:
        """A new game. ``players`` is 3 or 4 (four-players.md); ``scores`` has one starting
        score per seat (default all 0); ``sitter_scores`` and ``ace_value`` are R-FOUR-3's
        options for the sitter's deal score (they change nothing at a table of three)."""
        if preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}; expected one of {sorted(PRESETS)}")
        rules = table_rules(rules_with(preset, agreements), players, sitter_scores, ace_value)
        n = rules.players
        seats = tuple(range(n))
        if dealer not in seats:
            names = ", ".join(map(str, seats[:-1])) + f" or {seats[-1]}"
            raise ValueError(f"dealer must be {names} at a table of {n}, not {dealer!r}")
        if scores is None:
            scores = (0,) * n
        if len(scores) != n:
            raise ValueError(f"scores must have {n} entries (one per seat), not {len(scores)}")
        barrel: list[int | None] = [None] * n
        for seat in seats:
            score = scores[seat]
            if score == rules.threshold:
                barrel[seat] = 0  # on the barrel with no deal used
            elif score >= rules.threshold:
                raise ValueError(
                    f"starting score {score} of seat {seat} is in [{rules.threshold}, "
                    f"{rules.target}) or at or above the target {rules.target}"
                )
        self._preset = preset
        self._rules = rules
        self._n = n  # seats at the table (R-TABLE-1, R-FOUR-1)
        self._seats = seats
        self._dealer = dealer
        self._deal_number = 1
        self._scores: list[int] = list(scores)
        self._barrel: list[int | None] = barrel
        self._bolts: list[int] = [0] * n
        self._distributions: list[int] = [0] * n  # A19: per seat over the game
        self._falls: list[int] = [0] * n  # A18: falls off the barrel without winning
        # A10: the golden round opens a game. A11: the index of the current golden deal within
        # the round (None outside it), and whether a deal of this round was made.
        self._golden_index: int | None = 0 if rules.golden_round else None
        self._golden_made = False
        self._over = False
        self._winner: int | None = None
        self._deal_log: list[DealRecord] = []
        # Per-deal state; set by _start_deal.
        self._phase = DEALING
        self._hands: list[set[str]] = [set() for _ in seats]  # the sitter's stays empty
        self._talon: list[str] = []  # as dealt (R-FOUR-3 scores it so)
        self._dealt: list[str] = []
        self._passed: list[bool] = [False] * n
        self._called: list[bool] = [False] * n  # made a decision in the auction (A7)
        self._high_bid: int | None = None
        self._high_bidder: int | None = None
        self._bidder: int = 0
        self._hidden = False  # the current deal is a hidden game
        self._declarer: int | None = None
        self._contract: int | None = None
        self._received: list[int] = []  # opponents that have been given a card (R-TALON-2)
        self._four_nines: list[bool] = [False] * n  # after the gives (A25)
        self._trump: str | None = None
        self._trump_owner: int | None = None  # the seat that declared the trump in force (A23)
        self._leader: int = 0
        self._trick: list[tuple[int, str]] = []
        self._tricks_done = 0
        self._points: list[int] = [0] * n
        self._trick_card_points: list[int] = [0] * n  # card points of tricks won (R-BOLT-1)
        self._start_deal()

    # -----------------------------------------------------------------------------------------
    # Read-only view
    # -----------------------------------------------------------------------------------------

    @property
    def preset(self) -> str:
        return self._preset

    @property
    def players(self) -> int:
        """Seats at the table: 3 or 4."""
        return self._n

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat of the table, 0..players-1 (R-TABLE-1, R-FOUR-1)."""
        return self._seats

    @property
    def sitter(self) -> int | None:
        """R-FOUR-1: the dealer of the current (between deals: the next; at game over: the last)
        deal, who sits out; None at a table of three."""
        return self._dealer if self._n == 4 else None

    @property
    def active_seats(self) -> tuple[int, int, int]:
        """The three seats that play the current (or next) deal, clockwise from the dealer's
        left (R-FOUR-1); at a table of three all seats, the opener first."""
        first = self._opener()
        second = self._next_active(first)
        return (first, second, self._next_active(second))

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal_number(self) -> int:
        return self._deal_number

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def scores(self) -> tuple[int, ...]:
        """One score per seat."""
        return tuple(self._scores)

    @property
    def barrel(self) -> tuple[int | None, ...]:
        """Per seat: barrel deals used (0..2) while on the barrel, None when off."""
        return tuple(self._barrel)

    @property
    def bolts(self) -> tuple[int, ...]:
        """Per seat: bolts toward the next penalty (R-BOLT-2)."""
        return tuple(self._bolts)

    @property
    def distributions(self) -> tuple[int, ...]:
        """Distributions per seat over the game (A19)."""
        return tuple(self._distributions)

    @property
    def falls(self) -> tuple[int, ...]:
        """Per seat: falls off the barrel without winning over the game (A18)."""
        return tuple(self._falls)

    @property
    def golden(self) -> bool:
        """The current (or, between deals, the next) deal is a golden deal (A10)."""
        return self._golden_index is not None

    @property
    def golden_index(self) -> int | None:
        """Index (0, 1, 2; at four also 3, R-FOUR-6) of the current (or next) golden deal within
        its round; None outside the golden round (A11). At game over, the finished deal's index
        (A27)."""
        return self._golden_index

    @property
    def golden_made(self) -> bool:
        """A deal of the current golden round before the current one was made (A11); False
        outside the golden round."""
        return self._golden_made

    @property
    def hidden(self) -> bool:
        """The current deal is a hidden game (declared and not cancelled by an unhide)."""
        return self._hidden

    @property
    def points(self) -> tuple[int, ...]:
        """Per seat: the deal points so far (R-SCORE-1); the sitter's stay 0."""
        return tuple(self._points)

    @property
    def phase(self) -> str:
        """The phase of the state machine (one of the phase texts of this module)."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat to act; None at a chance node or game over. Never the sitter (R-FOUR-1)."""
        if self._phase in (AUCTION, UNHIDE, HIDDEN_CHOICE):
            return self._bidder
        if self._phase in (GIVING, CONTRACT):
            return self._declarer
        if self._phase == PLAYING:
            return self._player_in_trick()
        return None  # chance node or game over

    @property
    def declarer(self) -> int | None:
        return self._declarer

    @property
    def contract(self) -> int | None:
        return self._contract

    @property
    def trump(self) -> str | None:
        return self._trump

    @property
    def hands(self) -> tuple[frozenset[str], ...]:
        """One hand per seat; the sitter's is always empty (R-FOUR-1)."""
        return tuple(frozenset(hand) for hand in self._hands)

    @property
    def talon(self) -> tuple[str, ...]:
        return tuple(self._talon)

    @property
    def deal_log(self) -> list[DealRecord]:
        """One record per finished deal (copies: the game cannot be changed through them)."""
        return [record.copy() for record in self._deal_log]

    def copy(self) -> RefGame:
        return _copy.deepcopy(self)

    # -----------------------------------------------------------------------------------------
    # Helpers of the agreements
    # -----------------------------------------------------------------------------------------

    def _opener(self) -> int:
        # R-BID-1; R-FOUR-1: the dealer's left neighbour is active (the dealer is the sitter).
        return (self._dealer + 1) % self._n

    def _next_active(self, seat: int) -> int:
        """The next seat clockwise, skipping the sitter (R-TABLE-1; R-FOUR-1)."""
        nxt = (seat + 1) % self._n
        if nxt == self.sitter:
            nxt = (nxt + 1) % self._n
        return nxt

    def _player_in_trick(self) -> int:
        """The seat to play to the current trick: clockwise from the leader among the active
        seats (R-PLAY-1; R-FOUR-1)."""
        seat = self._leader
        for _ in self._trick:
            seat = self._next_active(seat)
        return seat

    def _sitter_score(self) -> int:
        """R-FOUR-3: the sitter's deal score, before any doubling, from the talon as dealt."""
        rules = self._rules
        talon = self._talon
        if rules.sitter_scores == "talon_points":
            # Rounded like an opponent's points (R-SCORE-3).
            return round_to_5(sum(card_points(card) for card in talon))
        if rules.sitter_scores == "aces_and_marriage":
            aces = sum(1 for card in talon if rank_of(card) == "A")
            # Three cards hold at most one K+Q marriage (R-CARD-2 values). Reading (four): the
            # sum is not rounded (R-FOUR-3 rounds only "talon_points").
            marriage = sum(MARRIAGE_VALUE[suit] for suit in held_marriages(set(talon)))
            return aces * rules.ace_value + marriage
        return 0  # "nothing"

    def _skipped(self, seat: int) -> bool:
        """Skip Declaring: the seat's score before the deal is below V (A2: strict)."""
        value = self._rules.skip_declaring
        return value is not None and self._scores[seat] < value

    def _anyone_on_barrel(self) -> bool:
        return any(marker is not None for marker in self._barrel)

    def _hidden_available(self) -> bool:
        """May the opener declare a hidden game this deal (Hidden Round, A6, A10)?"""
        rules = self._rules
        if not rules.hidden_round or self.golden:
            return False
        if rules.hidden_disabled_on_barrel and self._anyone_on_barrel():
            return False
        return not self._skipped(self._opener())

    def _hand_redeal_allowed(self, seat: int) -> bool:
        """A7 hand-based redeal (Card Score, 4 Nines after Deal): only at the seat's first
        decision in the auction, judged on its dealt 7 cards."""
        if self._called[seat]:
            return False
        rules = self._rules
        hand = self._hands[seat]
        value = rules.reshuffle_on_card_score
        if value is not None and sum(card_points(card) for card in hand) < value:
            return True
        return rules.four_nines_after_deal and nines_in(hand) == 4

    def _talon_redeal_allowed(self) -> bool:
        """A7/A8 talon-based redeal (Talon Score, 2 Nines in Talon): at the declarer's first give
        decision."""
        rules = self._rules
        if self._received:
            return False
        if rules.on_100_only and (self._high_bid != 100 or self.golden or self._hidden):
            return False
        value = rules.reshuffle_on_talon_score
        if value is not None and sum(card_points(card) for card in self._talon) < value:
            return True
        return rules.two_nines_in_talon and nines_in(self._talon) >= 2

    def _distribution_allowed(self) -> bool:
        rules = self._rules
        declarer = self._declarer
        assert declarer is not None
        if not rules.distribution or self._received:
            return False  # R-DIST-1: only at the first give decision
        if self._barrel[declarer] is not None and not rules.distribute_on_barrel:
            return False  # R-DIST-1, A20
        if self.golden and not rules.distribute_in_golden_round:
            return False
        if self._hidden and not rules.hidden_allow_distribute:
            return False  # A14
        limit = rules.distributions_limit
        return limit is None or self._distributions[declarer] < limit  # A19

    # -----------------------------------------------------------------------------------------
    # Legal actions
    # -----------------------------------------------------------------------------------------

    def legal(self) -> set[str]:
        """The legal actions (texts) of the current state; none names the sitter (R-FOUR-1)."""
        if self._phase == OVER:
            return set()
        if self._phase == DEALING:
            # R-DEAL-1: every card not yet dealt, all equally likely.
            return {"deal " + card for card in DECK if card not in self._dealt}
        if self._phase == HIDDEN_CHOICE:
            return {"hidden", "look"}  # taken before seeing the cards: nothing else
        if self._phase == UNHIDE:
            return self._legal_unhides()
        if self._phase == AUCTION:
            return self._legal_calls()
        if self._phase == GIVING:
            return self._legal_gives()
        if self._phase == CONTRACT:
            return self._legal_contracts()
        return self._legal_plays()

    def legal_actions(self) -> set[str]:
        """The same as :meth:`legal`."""
        return self.legal()

    def _legal_calls(self) -> set[str]:
        seat = self._bidder
        rules = self._rules
        limit = bid_limit(rules, self._hands[seat])  # R-BID-3 on the 7-card hand
        skipped = self._skipped(seat)
        if self._high_bid is None:
            # R-BID-1: the opener's first call is a bid of at least 100; no pass. A5: exactly 100
            # with No Jumping; A6: exactly 100 for a skipped opener.
            calls: set[str] = set()
            lowest = MIN_OPENING_BID
            highest = MIN_OPENING_BID if rules.no_jumping or skipped else limit
        else:
            # R-BID-2: a higher multiple of 5 (jumps allowed), or a pass. A5: exactly high + 5.
            # A6: a skipped seat may only pass.
            calls = {"pass"}
            lowest = self._high_bid + BID_STEP
            highest = lowest if rules.no_jumping else limit
            highest = min(highest, limit)
            if skipped:
                highest = lowest - BID_STEP
        calls |= {f"bid {value}" for value in range(lowest, highest + 1, BID_STEP)}
        if self._hand_redeal_allowed(seat):
            calls.add("redeal")  # A7: beside its calls, at its first decision
        return calls

    def _legal_unhides(self) -> set[str]:
        seat = self._bidder
        rules = self._rules
        actions = {"pass"}
        hand = self._hands[seat]
        # A15: a K+Q marriage is needed (four aces do not count, nor does Declaring without
        # Marriage), and the seat must not be skipped (A6).
        if held_marriages(hand) and not self._skipped(seat):
            limit = bid_limit(rules, hand)
            highest = UNHIDE_MIN if rules.no_jumping else limit  # A5: exactly 125
            highest = min(highest, limit)
            actions |= {f"unhide {value}" for value in range(UNHIDE_MIN, highest + 1, BID_STEP)}
        # Reading: the unhide decision is the seat's first decision in the auction (A15: "a pass
        # there is a pass in the auction"), so a hand-based redeal is offered beside it (A7).
        if self._hand_redeal_allowed(seat):
            actions.add("redeal")
        return actions

    def _legal_gives(self) -> set[str]:
        declarer = self._declarer
        assert declarer is not None
        # R-TALON-2: any card of the hand to each opponent not yet given one, in either order.
        # R-FOUR-1: the opponents are the other active seats; never the sitter.
        opponents = [
            seat for seat in self.active_seats if seat != declarer and seat not in self._received
        ]
        actions = {f"give {card} {seat}" for card in self._hands[declarer] for seat in opponents}
        if self._distribution_allowed():
            actions.add("distribute")
        if self._talon_redeal_allowed():
            actions.add("redeal")  # A7: beside distribution
        return actions

    def _legal_contracts(self) -> set[str]:
        declarer = self._declarer
        rules = self._rules
        assert declarer is not None and self._high_bid is not None
        bid = self._high_bid
        if self.golden and not rules.golden_allow_increase:
            return {f"contract {bid}"}  # A10: only 120
        if self._hidden and rules.hidden_no_more_than_240:
            return {f"contract {bid}"}  # A14: the contract cannot be raised above 120
        # R-TALON-3: from the winning bid up to the R-BID-3 limit on the 8-card hand, never below
        # the bid (A22 included in bid_limit). A5: any multiple of 5 even with No Jumping.
        limit = max(bid, bid_limit(rules, self._hands[declarer]))
        return {f"contract {value}" for value in range(bid, limit + 1, BID_STEP)}

    def _legal_plays(self) -> set[str]:
        seat = self._player_in_trick()
        hand = self._hands[seat]
        rules = self._rules
        if not self._trick:
            actions = self._legal_leads(seat)
        else:
            led_suit = suit_of(self._trick[0][1])
            # R-PLAY-2: follow suit if you can.
            same_suit = {card for card in hand if suit_of(card) == led_suit}
            trumps = {card for card in hand if suit_of(card) == self._trump}
            if same_suit:
                allowed = same_suit
            elif (
                rules.dont_allow_opponent_trumps
                and self._trump is not None
                and seat != self._trump_owner
            ):
                # A23: a follower that cannot follow suit and did not declare the trump in force
                # plays a card of another suit if it has one (otherwise only trumps are left).
                allowed = (hand - trumps) or set(hand)
            elif rules.must_trump and self._trump is not None and trumps:
                # R-PLAY-2 must_trump (classic; "Should Play with Trumps"); the trump in force
                # includes one declared on this trick's lead (R-MARRIAGE-1).
                allowed = trumps
            else:
                allowed = set(hand)
            actions = {"play " + card for card in allowed}
        # A7: 4 Nines on Hands, at the seat's first play decision of trick 1 (its hand is still the
        # 8-card hand it held after the gives).
        if rules.four_nines_on_hands and self._tricks_done == 0 and nines_in(hand) == 4:
            actions.add("redeal")
        return actions

    def _legal_leads(self, seat: int) -> set[str]:
        hand = self._hands[seat]
        rules = self._rules
        # R-MARRIAGE-1: only when leading to a trick other than the first, unless Trumps in First
        # Move.
        may_declare = self._tricks_done > 0 or rules.trumps_in_first_move
        marriages = held_marriages(hand) if may_declare else []
        # A21: holding all four aces, leading an ace declares the ace marriage (same conditions).
        aces = may_declare and rules.ace_marriage and has_four_aces(hand)
        actions: set[str] = set()
        for card in hand:
            declarable = (rank_of(card) in ("K", "Q") and suit_of(card) in marriages) or (
                aces and rank_of(card) == "A"
            )
            if not declarable:
                actions.add("play " + card)
            elif rules.marriage_declaration == "optional":
                # classic: declaring is optional, both forms are legal.
                actions.add("play " + card)
                actions.add("play " + card + " marriage")
            else:
                # standard: leading a card of a held marriage always declares it.
                actions.add("play " + card + " marriage")
        return actions

    # -----------------------------------------------------------------------------------------
    # Applying actions
    # -----------------------------------------------------------------------------------------

    def apply(self, text: str) -> None:
        """Apply the action ``text``; ValueError with the reason if it is not legal."""
        legal = self.legal()
        if text not in legal:
            raise ValueError(self._why_illegal(text, legal))
        if text == "redeal":
            self._redeal()
        elif self._phase == DEALING:
            self._apply_deal(text.split()[1])
        elif self._phase == HIDDEN_CHOICE:
            self._apply_hidden_choice(text)
        elif self._phase == UNHIDE:
            self._apply_unhide(text)
        elif self._phase == AUCTION:
            self._apply_call(text)
        elif self._phase == GIVING:
            self._apply_give(text)
        elif self._phase == CONTRACT:
            self._contract = int(text.split()[1])
            self._phase = PLAYING
            assert self._declarer is not None
            self._leader = self._declarer  # R-PLAY-1: the declarer leads to the first trick
        else:
            self._apply_play(text)

    def _why_illegal(self, text: str, legal: set[str]) -> str:
        if self._phase == OVER:
            return f"{text!r} is not legal: the game is over"
        parts = text.split()
        if len(parts) == 3 and parts[0] == "give" and parts[2] == str(self.sitter):
            return (
                f"{text!r} is not legal: seat {parts[2]} is the dealer and sits out this deal "
                "(R-FOUR-1); a card is given to an active opponent only (R-TALON-2)"
            )
        mover = "chance" if self.to_move is None else f"seat {self.to_move}"
        examples = ", ".join(sorted(legal)[:6])
        return (
            f"{text!r} is not legal in phase {self._phase} ({mover} to act); "
            f"{len(legal)} legal actions, e.g. {examples}"
        )

    def _redeal(self) -> None:
        """A9: same dealer and deal number; nothing scored, no row, no count changed. The next
        state is the first chance node of the re-dealt deal."""
        self._start_deal()

    def _apply_deal(self, card: str) -> None:
        # R-DEAL-1: the k-th card goes to seat (dealer+1+k) % 3 for k < 21, else to the talon.
        # R-FOUR-2: at four, to the active seat k mod 3 counted from the opener (the same rule
        # at three, where the active seats are all three from the dealer's left).
        k = len(self._dealt)
        self._dealt.append(card)
        if k < CARDS_TO_SEATS:
            self._hands[self.active_seats[k % ACTIVE_PER_DEAL]].add(card)
        else:
            self._talon.append(card)
        if len(self._dealt) < len(DECK):
            return
        opener = self._opener()
        self._bidder = opener
        if self.golden:
            # A10: no auction; the dealer's left neighbour is declarer at 120.
            self._take_talon(opener, GOLDEN_CONTRACT)
        elif self._hidden_available():
            self._phase = HIDDEN_CHOICE
        else:
            self._phase = AUCTION  # R-BID-1: the opener is the dealer's left neighbour

    def _take_talon(self, declarer: int, bid: int) -> None:
        """The declarer is fixed at ``bid``; R-TALON-1: it takes the talon into hand."""
        self._declarer = declarer
        self._high_bid = bid
        self._high_bidder = declarer
        self._contract = bid  # the winning bid until the contract is fixed (R-DIST-1)
        self._hands[declarer] |= set(self._talon)
        self._phase = GIVING

    def _next_in_auction(self, seat: int) -> int:
        # R-BID-2: clockwise, skipping seats that have passed (and the sitter, R-FOUR-1).
        nxt = self._next_active(seat)
        while self._passed[nxt]:
            nxt = self._next_active(nxt)
        return nxt

    def _apply_hidden_choice(self, text: str) -> None:
        opener = self._opener()
        if text == "look":
            self._phase = AUCTION  # the auction opens as usual
            return
        # `hidden`: the opener is declarer at 120 unless unhidden (A15). Reading: declaring the
        # hidden game is the opener's call, so no hand-based redeal is offered to it later in an
        # auction that follows an unhide (A7 "never after it made a call").
        self._hidden = True
        self._called[opener] = True
        self._high_bid = HIDDEN_CONTRACT
        self._high_bidder = opener
        if self._rules.hidden_allow_unhide:
            self._phase = UNHIDE
            self._bidder = self._next_active(opener)  # R-FOUR-5: the active seats only
        else:
            self._take_talon(opener, HIDDEN_CONTRACT)

    def _apply_unhide(self, text: str) -> None:
        seat = self._bidder
        opener = self._opener()
        self._called[seat] = True
        if text == "pass":
            self._passed[seat] = True  # A15: a pass there is a pass in the auction
            nxt = self._next_active(seat)
            if nxt == opener:
                self._take_talon(opener, HIDDEN_CONTRACT)  # both passed: the hidden game stands
            else:
                self._bidder = nxt
            return
        # `unhide N`: the hidden game is cancelled.
        bid = int(text.split()[1])
        self._hidden = False
        self._high_bid = bid
        self._high_bidder = seat
        if self._rules.hidden_no_declaring_when_unhidden:
            self._take_talon(seat, bid)  # the unhider is declarer at once
            return
        # The auction continues clockwise from the unhider, the opener still in it.
        self._phase = AUCTION
        self._bidder = self._next_in_auction(seat)

    def _apply_call(self, text: str) -> None:
        seat = self._bidder
        self._called[seat] = True
        if text == "pass":
            self._passed[seat] = True  # R-BID-2: out of the auction
        else:
            self._high_bid = int(text.split()[1])
            self._high_bidder = seat
        if sum(self._passed) == 2:
            # R-BID-2: the remaining seat (the high bidder) is declarer, the high bid the contract.
            assert self._high_bidder is not None and self._high_bid is not None
            self._take_talon(self._high_bidder, self._high_bid)
            return
        self._bidder = self._next_in_auction(seat)

    def _apply_give(self, text: str) -> None:
        declarer = self._declarer
        assert declarer is not None
        if text == "distribute":
            self._finish_deal(distributed=True)  # R-DIST-1
            return
        _, card, seat_text = text.split()
        seat = int(seat_text)
        self._hands[declarer].remove(card)
        self._hands[seat].add(card)
        self._received.append(seat)
        if len(self._received) == 2:
            # A25: four nines are judged on the 8-card hands after both gives.
            # R-FOUR-5, F1: the sitter holds no cards, so it never has them.
            self._four_nines = [nines_in(self._hands[s]) == 4 for s in self._seats]
            self._phase = CONTRACT  # R-TALON-3

    def _apply_play(self, text: str) -> None:
        parts = text.split()
        card = parts[1]
        seat = self._player_in_trick()
        if len(parts) == 3:
            if rank_of(card) == "A":
                # A21: the ace marriage: +200 deal points at once; the trump does not change.
                self._points[seat] += ACE_MARRIAGE_VALUE
            else:
                # R-MARRIAGE-1: the value counts at once; the suit is trump from this trick on.
                suit = suit_of(card)
                self._points[seat] += MARRIAGE_VALUE[suit]
                self._trump = suit
                self._trump_owner = seat
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < ACTIVE_PER_DEAL:
            return
        winner = self._trick_winner()
        won = sum(card_points(played) for _, played in self._trick)
        self._points[winner] += won
        self._trick_card_points[winner] += won
        self._tricks_done += 1
        self._trick = []
        self._leader = winner  # R-PLAY-1: the trick's winner leads to the next
        if self._tricks_done == TRICKS_PER_DEAL:
            self._finish_deal(distributed=False)

    def _trick_winner(self) -> int:
        # R-PLAY-3: the highest trump; without a trump, the highest card of the suit led. A23: a
        # trump played by a seat holding only trumps counts as a trump.
        trumps = [(seat, card) for seat, card in self._trick if suit_of(card) == self._trump]
        if trumps:
            candidates = trumps
        else:
            led_suit = suit_of(self._trick[0][1])
            candidates = [(seat, card) for seat, card in self._trick if suit_of(card) == led_suit]
        best_seat, _ = max(candidates, key=lambda pair: RANK_STRENGTH[rank_of(pair[1])])
        return best_seat

    # -----------------------------------------------------------------------------------------
    # End of a deal, in the order of A27: deal scores (doubling, then the 4 Nines Bonus) -> bolts
    # -> barrel (climbs, third deals, Throw off, Several Players, Zero after 3 Barrels) ->
    # 555 / -555 -> game end -> golden-round bookkeeping.
    # -----------------------------------------------------------------------------------------

    def _finish_deal(self, distributed: bool) -> None:
        rules = self._rules
        declarer = self._declarer
        # The contract; for a distribution it is the winning bid (R-DIST-1).
        contract = self._contract
        assert declarer is not None and contract is not None
        before = list(self._scores)
        scores = list(self._scores)
        points = self._points
        golden = self.golden
        hidden = self._hidden
        seats = self._seats
        sitter = self.sitter  # None at a table of three
        # R-BARREL-6: "on the barrel" means on the barrel when the deal began. Nothing changes the
        # barrel during a deal, so the current markers are the ones of the start of the deal.
        on_barrel = [self._barrel[seat] is not None for seat in seats]
        # R-SCORE-2: made when the deal points reach the contract; A24: Round Own Points rounds
        # the declarer's points for this check only.
        check = round_to_5(points[declarer]) if rules.round_own_points else points[declarer]
        made = not distributed and check >= contract
        # A12: a golden deal doubles every seat's deal score, a hidden game the declarer's only.
        declarer_factor = 2 if golden or hidden else 1
        opponent_factor = 2 if golden else 1

        # 1. Deal scores (R-SCORE-2, R-SCORE-3, R-DIST-1, A12, A14, A19, A20). A seat on the
        #    barrel is scored by R-BARREL-3 in step 3 instead.
        if distributed:
            self._distributions[declarer] += 1  # A19: every distribution counts, barrel included
        for seat in seats:
            if on_barrel[seat]:
                # A20: a declarer on the barrel keeps its score. R-FOUR-4: a sitter on the barrel
                # scores nothing.
                continue
            if seat == sitter:
                # R-FOUR-3: a deal score of step 1 like an opponent's, also in a distributed
                # deal; doubled in a golden deal (every seat's is, A12), not in a hidden game.
                # F1: it never gets the 4 Nines Bonus (it holds no cards; see below).
                scores[seat] += self._sitter_score() * opponent_factor
            elif seat == declarer:
                if distributed:
                    # R-DIST-1: the declarer loses the contract; Don't Subtract Order: nothing;
                    # with Subtract on Third too, the 3rd, 6th, ... distribution costs it (A19).
                    # Reading: that charge is doubled in golden and hidden deals like any other
                    # distribution amount (A12, A14).
                    charged = not rules.dont_subtract_order or (
                        rules.subtract_on_third and self._distributions[seat] % 3 == 0
                    )
                    if charged:
                        scores[seat] -= contract * declarer_factor
                else:
                    scores[seat] += (contract if made else -contract) * declarer_factor
            elif distributed:
                # R-DIST-1: half the contract rounded half up; 60 Points per Player: 60. Doubled
                # in golden deals (A12, A19), not in hidden ones (A14).
                share = 60 if rules.sixty_points_per_player else half_rounded_half_up_to_5(contract)
                scores[seat] += share * opponent_factor
            else:
                # R-SCORE-3; A12: the rounded points are doubled (not the points, then rounded).
                scores[seat] += round_to_5(points[seat]) * opponent_factor
        if rules.four_nines_bonus and not distributed:
            # A25: +120 after the contract check, never doubled, not for a seat on the barrel.
            for seat in seats:
                if self._four_nines[seat] and not on_barrel[seat]:
                    scores[seat] += FOUR_NINES_BONUS

        # 2. Bolts (R-BOLT-1, R-BOLT-2, A14, A17, A19); never for a seat on the barrel.
        if rules.bolts:
            # Reading: Hidden Round's Bolt Doubling doubles a bolt of any seat in a hidden game
            # (not only the declarer's), like the golden one in a golden deal; both use A14's
            # arithmetic (a count reaching 3 or 4 costs one penalty and keeps the rest).
            doubled = (golden and rules.golden_bolt_doubling) or (
                hidden and rules.hidden_bolt_doubling
            )
            weight = 2 if doubled else 1
            for seat in seats:
                if seat == sitter:
                    # R-FOUR-5: no bolt, and under 3 Zero Wins in a Row its count is not reset:
                    # for its bolts the deal did not happen.
                    continue
                if on_barrel[seat]:
                    bolt = False
                elif distributed:
                    # R-DIST-1: the declarer gets a bolt, the opponents none. A19: Avoid own Bolt
                    # does not remove it; reading: nor does Don't Subtract Order (it only spares
                    # the contract).
                    bolt = seat == declarer
                else:
                    bolt = self._trick_card_points[seat] == 0
                    if seat == declarer and rules.avoid_own_bolt:
                        bolt = False
                if bolt:
                    self._bolts[seat] += weight
                    if self._bolts[seat] >= rules.bolts_per_penalty:
                        scores[seat] -= rules.penalty
                        self._bolts[seat] -= rules.bolts_per_penalty
                elif rules.bolts_in_a_row:
                    self._bolts[seat] = 0  # A17: restarts after every scored deal without one

        # 3. Barrel (R-BARREL-1..6, A4, A13, A16, A18, A20).
        climbed: list[int] = []
        fell: list[int] = []
        for seat in seats:
            if on_barrel[seat]:
                if seat == sitter:
                    continue  # R-FOUR-4: a sitter on the barrel uses no barrel deal
                if self._barrel_deal(seat, scores, declarer, contract, made, distributed):
                    fell.append(seat)
            elif scores[seat] >= rules.target:
                if seat == sitter or not rules.barrel_jump_allowed:
                    # R-BARREL-2 standard: no jumping; held at the threshold, climbs on.
                    # R-FOUR-4: nobody reaches the target by sitting, in either preset.
                    scores[seat] = rules.threshold
                    self._barrel[seat] = 0
                    climbed.append(seat)
                # R-BARREL-2 classic: the seat has reached the target.
            elif scores[seat] >= rules.threshold:
                # R-BARREL-1: set to the threshold, on the barrel with 0 deals used (R-BARREL-4:
                # this deal does not count).
                scores[seat] = rules.threshold
                self._barrel[seat] = 0
                climbed.append(seat)
        # R-FOUR-4: a sitter that climbs on is a climber like any other here. F3: a sitter already
        # on is thrown off by Throw off Barrel and stays under Several Players on Barrel.
        if rules.throw_off_barrel and climbed:
            # A16: every seat already on (on at the start and still on) comes off with the
            # penalty; seats climbing in this deal do not throw each other off.
            for seat in seats:
                if self._barrel[seat] is not None and seat not in climbed:
                    scores[seat] -= rules.penalty
                    self._barrel[seat] = None
                    fell.append(seat)
        on_now = sum(1 for marker in self._barrel if marker is not None)
        if rules.forbid_several_on_barrel and on_now > 1:
            # A16: if more than one seat is then on the barrel, every seat that climbed on in this
            # deal comes off with the penalty (a seat already there stays).
            for seat in climbed:
                scores[seat] -= rules.penalty
                self._barrel[seat] = None
                fell.append(seat)
        if rules.zero_after_3_barrels:
            # A18: at exactly the third fall without winning in a game the score becomes 0.
            for seat in fell:
                self._falls[seat] += 1
                if self._falls[seat] == 3:
                    scores[seat] = 0

        # 4. Score resets (R-SCORE-4; F1: the sitter's too).
        for seat in seats:
            if (rules.reset_555 and scores[seat] == 555) or (
                rules.reset_minus_555 and scores[seat] == -555
            ):
                scores[seat] = 0

        # 5. Game end (R-END-1, R-END-2; R-FOUR-7: over every seat of the table).
        reached = [seat for seat in seats if scores[seat] >= rules.target]
        if reached:
            self._over = True
            if declarer in reached:
                self._winner = declarer
            else:
                self._winner = _unique_best(reached, scores)
        elif self._deal_number >= rules.max_deals:
            self._over = True
            self._winner = _unique_best(list(seats), scores)

        # 6. Golden-round bookkeeping (A11), last and only if the game goes on (A27; "unless the
        #    game has ended"): a finished game keeps the finished deal's index and made flag.
        #    All three deals are played whatever the earlier ones gave; after the third, one
        #    made deal ends the round, none starts it again. Reading: Reset to Zero is an
        #    end-of-deal effect (A27), so the deal's record shows it in its changes and scores.
        # R-FOUR-6: at four the round has four deals (one per seat). Reading (four): a replayed
        # round goes on passing the deal left (A10), so after four deals it starts again with the
        # first round's dealer, and every seat is golden declarer once more.
        index = self._golden_index
        if index is not None and not self._over:
            self._golden_made = self._golden_made or made
            if index + 1 < self._n:
                self._golden_index = index + 1
            elif self._golden_made:
                self._golden_index = None  # the round is over: normal deals follow
                self._golden_made = False
            else:
                self._golden_index = 0  # the round starts again
                if rules.golden_reset_to_zero:
                    # Without penalty. Reading: only scores, bolt counts and barrel markers are
                    # reset; distribution counts and the falls of A18 are kept. F5: all four
                    # seats at a table of four.
                    scores = [0] * self._n
                    self._bolts = [0] * self._n
                    self._barrel = [None] * self._n

        self._scores = scores
        record = DealRecord(
            declarer=declarer,
            contract=contract,
            points=tuple(points),
            changes=tuple(after - was for after, was in zip(scores, before, strict=True)),
            scores=tuple(scores),
        )
        if sitter is not None:
            record["sitter"] = sitter
        self._deal_log.append(record)
        if self._over:
            # The finished deal's hands, points, declarer, contract and trump stay visible.
            self._phase = OVER
            return
        # R-TABLE-1: the deal passes to the left; R-FOUR-1: over all four seats.
        self._dealer = (self._dealer + 1) % self._n
        self._deal_number += 1
        self._start_deal()

    def _barrel_deal(
        self,
        seat: int,
        scores: list[int],
        declarer: int,
        contract: int,
        made: bool,
        distributed: bool,
    ) -> bool:
        """R-BARREL-3/4/6 for a seat that was on the barrel when the deal began.

        Never doubled (A12). Returns whether the seat came off without winning (A18).
        """
        rules = self._rules
        if seat == declarer and not distributed:
            if rules.barrel_mode == "classic":
                if made and rules.threshold + contract >= rules.target:
                    # Wins: the score becomes threshold + contract; off the barrel (R-BARREL-6).
                    scores[seat] = rules.threshold + contract
                    self._barrel[seat] = None
                    return False
                if not made:
                    # Fails: the contract is subtracted and it falls off at once, with no further
                    # penalty even in its third deal (R-BARREL-6).
                    scores[seat] -= contract
                    self._barrel[seat] = None
                    return True
            else:
                # A24: "made" may use rounded points; the sum uses the unrounded points.
                total = rules.threshold + self._points[seat]
                if made and total >= rules.target:
                    # Wins: the score becomes that sum rounded down to 5.
                    scores[seat] = round_down_to_5(total)
                    self._barrel[seat] = None
                    return False
                # Standard: failing subtracts nothing; one deal is used (below).
        # Every other case: the score does not change and one deal is used (R-BARREL-3); an
        # opponent on the barrel in a distribution likewise (R-DIST-1), and a distributing
        # declarer on the barrel (A20).
        used = self._barrel[seat]
        assert used is not None
        used += 1
        if used == rules.barrel_deals:
            # R-BARREL-4: the third deal ended without a win: the penalty, and off the barrel.
            scores[seat] -= rules.penalty
            self._barrel[seat] = None
            return True
        self._barrel[seat] = used
        return False

    def _start_deal(self) -> None:
        """A fresh chance node: nothing dealt, no auction, no trump (R-PLAY-4)."""
        n = self._n
        self._phase = DEALING
        self._hands = [set() for _ in self._seats]
        self._talon = []
        self._dealt = []
        self._passed = [False] * n
        self._called = [False] * n
        self._high_bid = None
        self._high_bidder = None
        self._bidder = self._opener()
        self._hidden = False
        self._declarer = None
        self._contract = None
        self._received = []
        self._four_nines = [False] * n
        self._trump = None
        self._trump_owner = None
        self._leader = 0
        self._trick = []
        self._tricks_done = 0
        self._points = [0] * n
        self._trick_card_points = [0] * n


def _unique_best(seats: list[int], scores: list[int]) -> int | None:
    """The seat with the highest score among ``seats``; None (a draw) on a tie for highest."""
    best = max(scores[seat] for seat in seats)
    leaders = [seat for seat in seats if scores[seat] == best]
    return leaders[0] if len(leaders) == 1 else None


def perft(game: RefGame, depth: int) -> int:
    """Number of legal action sequences of length ``depth`` from ``game`` (chance included).

    Brute force. A sequence that reaches the end of the game before ``depth`` actions is not
    counted (it has no continuation of the required length).
    """
    if depth == 0:
        return 1
    total = 0
    for action in game.legal():
        child = game.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total
