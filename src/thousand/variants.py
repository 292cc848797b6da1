"""Every agreement of the fuller rulebook as a named value that applies to any :class:`Rules`.

An agreement is a small set of rules fields and the values it gives them. Apply one with
:meth:`Agreement.apply` or several at once with :meth:`Rules.with_agreements`; valued
agreements are made by calling their function (``penalty_amount(150)``).

>>> from thousand import Rules, variants
>>> rules = Rules.standard().with_agreements(variants.no_jumping, variants.penalty_amount(150))
>>> rules.bidding.jumps, rules.scoring.penalty
(False, 150)
>>> print(rules)
standard rules with: No Jumping, Penalty Amount 150

Two agreements that set the same field to different values make no sense together:

>>> row, game = variants.zero_wins_in_a_row, variants.zero_wins_in_a_game
>>> Rules.standard().with_agreements(row, game)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
thousand.errors.RulesError: '3 Zero Wins in a Row' and '3 Zero Wins in a Game' conflict: ...
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

import attrs

from .errors import RulesError, shown
from .rules import NUMBER_LIMIT

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "AGREEMENTS",
    "Agreement",
    "ace_marriage",
    "avoid_own_bolt",
    "barrel_900",
    "by_key",
    "declaring_without_marriage",
    "distribute_in_golden_round",
    "distribute_on_barrel",
    "distributions_limit",
    "dont_allow_opponent_trumps",
    "dont_expose_on_100",
    "dont_subtract_order",
    "four_nines_after_deal",
    "four_nines_bonus",
    "four_nines_on_hands",
    "golden_allow_increase",
    "golden_bolt_doubling",
    "golden_reset_to_zero",
    "golden_round",
    "hidden_allow_distribute",
    "hidden_allow_unhide",
    "hidden_bolt_doubling",
    "hidden_disabled_on_barrel",
    "hidden_hide_talon",
    "hidden_no_declaring_when_unhidden",
    "hidden_no_more_than_240",
    "hidden_round",
    "more_than_1000_to_win",
    "no_jumping",
    "on_100_only",
    "parse_agreement",
    "penalty_amount",
    "quiet_drop",
    "reshuffle_on_card_score",
    "reshuffle_on_talon_score",
    "round_own_points",
    "score_reset_555",
    "score_reset_minus_555",
    "several_players_on_barrel",
    "should_play_with_trumps",
    "sixty_points_per_player",
    "skip_declaring",
    "subtract_on_third",
    "three_zero_wins_in_a_game",
    "three_zero_wins_in_a_row",
    "throw_off_barrel",
    "trumps_in_first_move",
    "two_nines_in_talon",
    "zero_after_3_barrels",
    "zero_wins_in_a_game",
    "zero_wins_in_a_row",
]


def _check_value(instance: Agreement, attribute: attrs.Attribute[Any], value: object) -> None:
    """Refused when made, not only when applied: the title shows the value."""
    if value is not None and (type(value) is not int or not -NUMBER_LIMIT <= value <= NUMBER_LIMIT):
        span = f"from {-NUMBER_LIMIT} to {NUMBER_LIMIT}"
        raise RulesError(f"{instance.name} takes a whole number {span}, not {shown(value)}")


@attrs.frozen
class Agreement:
    """One agreement: its rulebook name, its configuration key, its group, what it does, and
    the rules fields it sets as ``("section.field", value)`` pairs."""

    key: str
    name: str
    group: str
    description: str
    changes: tuple[tuple[str, Any], ...]
    value: int | None = attrs.field(default=None, validator=_check_value)

    @property
    def title(self) -> str:
        """The name, with the value of a valued agreement: ``Penalty Amount 150``."""
        return self.name if self.value is None else f"{self.name} {self.value}"

    def apply(self, rules: Rules) -> Rules:
        """These rules with this agreement in force."""
        return rules.with_agreements(self)

    def __str__(self) -> str:
        return self.title


def _agreement(
    key: str, name: str, group: str, description: str, value: int | None = None, **changes: Any
) -> Agreement:
    pairs = tuple((path.replace("__", "."), v) for path, v in changes.items())
    return Agreement(key, name, group, description, pairs, value)


def apply_agreements(rules: Rules, agreements: tuple[Agreement, ...]) -> Rules:
    """``rules`` with every agreement applied; a field set two ways is a RulesError naming both."""
    owners: dict[str, tuple[Agreement, Any]] = {}
    for agreement in agreements:
        if not isinstance(agreement, Agreement):
            raise RulesError(f"not an agreement: {shown(agreement)} (see thousand.variants)")
        for path, value in agreement.changes:
            seen = owners.get(path)
            if seen is not None and seen[1] != value:
                raise RulesError(
                    f"{seen[0].title!r} and {agreement.title!r} conflict: both set {path}"
                )
            owners[path] = (agreement, value)
    sections: dict[str, dict[str, Any]] = {}
    for path, (_, value) in owners.items():
        section, field = path.split(".")
        sections.setdefault(section, {})[field] = value
    return attrs.evolve(
        rules,
        **{name: attrs.evolve(getattr(rules, name), **fields) for name, fields in sections.items()},
    )


RESTRICTIONS = "Restrictions"
PENALTIES = "Penalty charges"
RESHUFFLE = "Reshuffle"
DISTRIBUTION = "Point distribution"
GOLDEN = "Golden Round"
HIDDEN = "Hidden Round"
TRUMPS = "Trumps"
MISC = "Miscellaneous"

# -- Restrictions --------------------------------------------------------------------------
throw_off_barrel = _agreement(
    "throw_off_barrel",
    "Throw off Barrel",
    RESTRICTIONS,
    "When a seat climbs on the barrel, every seat already on it comes off with the penalty (A16).",
    barrel__throw_off=True,
)
several_players_on_barrel = _agreement(
    "several_players_on_barrel",
    "Several Players on Barrel",
    RESTRICTIONS,
    "Nobody may share the barrel: seats that climb on while another is there come off with the "
    "penalty (A16).",
    barrel__several=False,
)
dont_expose_on_100 = _agreement(
    "dont_expose_on_100",
    "Don't Expose on 100",
    RESTRICTIONS,
    "At a winning bid of 100 the talon is shown to the declarer only (A26).",
    talon__expose_on_100=False,
)
quiet_drop = _agreement(
    "quiet_drop",
    "Quiet Drop",
    RESTRICTIONS,
    "An opponent does not even see that the other opponent received a card (A26).",
    talon__quiet_drop=True,
)
round_own_points = _agreement(
    "round_own_points",
    "Round Own Points",
    RESTRICTIONS,
    "The declarer's points are rounded to 5 before the contract check (A24).",
    scoring__round_own_points=True,
)
more_than_1000_to_win = _agreement(
    "more_than_1000_to_win",
    "More than 1000 to Win",
    RESTRICTIONS,
    "The target is 1005 (A4).",
    scoring__target=1005,
)
no_jumping = _agreement(
    "no_jumping",
    "No Jumping",
    RESTRICTIONS,
    "Every bid is exactly 5 above the high bid; the opener opens at exactly 100 (A5).",
    bidding__jumps=False,
)
barrel_900 = _agreement(
    "barrel_900",
    "900 Points for Barrel",
    RESTRICTIONS,
    "The barrel's threshold is 900.",
    barrel__threshold=900,
)


# -- Penalty charges -----------------------------------------------------------------------
def skip_declaring(below: int) -> Agreement:
    """Skip Declaring: a seat whose score is below ``below`` may not bid (A2, A6)."""
    return _agreement(
        "skip_declaring",
        "Skip Declaring",
        PENALTIES,
        "A seat whose score before the deal is below the value may not bid, except the opener's "
        "compulsory 100 (A6).",
        value=below,
        bidding__skip_below=below,
    )


score_reset_555 = _agreement(
    "score_reset_555",
    "Score Reset on 555",
    PENALTIES,
    "A score of exactly 555 after a deal becomes 0.",
    scoring__reset_on_555=True,
)
score_reset_minus_555 = _agreement(
    "score_reset_minus_555",
    "Score Reset on -555",
    PENALTIES,
    "A score of exactly -555 after a deal becomes 0.",
    scoring__reset_on_minus_555=True,
)
zero_wins_in_a_row = _agreement(
    "zero_wins_in_a_row",
    "3 Zero Wins in a Row",
    PENALTIES,
    "Only three bolts in a row cost the penalty (A17).",
    bolts__count="row",
)
zero_wins_in_a_game = _agreement(
    "zero_wins_in_a_game",
    "3 Zero Wins in a Game",
    PENALTIES,
    "Every third bolt of the game costs the penalty (the standard count).",
    bolts__count="game",
)
three_zero_wins_in_a_row = zero_wins_in_a_row
three_zero_wins_in_a_game = zero_wins_in_a_game
zero_after_3_barrels = _agreement(
    "zero_after_3_barrels",
    "Zero after 3 Barrels",
    PENALTIES,
    "The third fall from the barrel without a win sets the score to 0 (A18).",
    barrel__zero_after_three=True,
)
avoid_own_bolt = _agreement(
    "avoid_own_bolt",
    "Avoid own Bolt",
    PENALTIES,
    "The declarer gets no bolt for taking no card points (R-BOLT-1).",
    bolts__declarer=False,
)


def penalty_amount(points: int) -> Agreement:
    """Penalty Amount: ``points`` replace 120 in every penalty (A3)."""
    return _agreement(
        "penalty_amount",
        "Penalty Amount",
        PENALTIES,
        "The value replaces 120 in the bolt, barrel, Throw off and Several Players penalties (A3).",
        value=points,
        scoring__penalty=points,
    )


# -- Reshuffle -----------------------------------------------------------------------------
def reshuffle_on_talon_score(below: int) -> Agreement:
    """Reshuffle on Talon Score: the declarer may call a redeal when the talon holds fewer than
    ``below`` card points (A7)."""
    return _agreement(
        "reshuffle_on_talon_score",
        "Reshuffle on Talon Score",
        RESHUFFLE,
        "The declarer may call a redeal at its first give decision when the talon holds fewer "
        "card points than the value (A7).",
        value=below,
        redeals__talon_score_below=below,
    )


def reshuffle_on_card_score(below: int) -> Agreement:
    """Reshuffle on Card Score: a seat whose 7 cards hold fewer than ``below`` card points may
    call a redeal (A7)."""
    return _agreement(
        "reshuffle_on_card_score",
        "Reshuffle on Card Score",
        RESHUFFLE,
        "A seat whose dealt cards hold fewer card points than the value may call a redeal at its "
        "first decision in the auction (A7).",
        value=below,
        redeals__card_score_below=below,
    )


four_nines_after_deal = _agreement(
    "four_nines_after_deal",
    "4 Nines after Deal",
    RESHUFFLE,
    "A seat dealt four nines may call a redeal at its first decision in the auction (A7).",
    redeals__four_nines_after_deal=True,
)
two_nines_in_talon = _agreement(
    "two_nines_in_talon",
    "2 Nines in Talon",
    RESHUFFLE,
    "The declarer may call a redeal when the talon holds two nines or more (A7).",
    redeals__two_nines_in_talon=True,
)
four_nines_on_hands = _agreement(
    "four_nines_on_hands",
    "4 Nines on Hands",
    RESHUFFLE,
    "A seat holding four nines after the gives may call a redeal at its first play (A7).",
    redeals__four_nines_on_hands=True,
)
on_100_only = _agreement(
    "on_100_only",
    "On 100 Only",
    RESHUFFLE,
    "The talon redeals only at a winning bid of 100, never in golden or hidden games (A8).",
    redeals__on_100_only=True,
)

# -- Point distribution --------------------------------------------------------------------
sixty_points_per_player = _agreement(
    "sixty_points_per_player",
    "60 Points per Player",
    DISTRIBUTION,
    "A distribution gives each opponent 60 instead of half the contract (A19).",
    distribution__per_opponent=60,
)
dont_subtract_order = _agreement(
    "dont_subtract_order",
    "Don't Subtract Order",
    DISTRIBUTION,
    "A distribution costs the declarer nothing.",
    distribution__subtract=False,
)
subtract_on_third = _agreement(
    "subtract_on_third",
    "Subtract on Third",
    DISTRIBUTION,
    "With Don't Subtract Order, every third distribution of a seat costs the contract (A19).",
    distribution__subtract_on_third=True,
)


def distributions_limit(limit: int = 3) -> Agreement:
    """Distributions Limit: at most ``limit`` distributions per seat per game (A19)."""
    return _agreement(
        "distributions_limit",
        "Distributions Limit",
        DISTRIBUTION,
        "Each seat may distribute at most three times per game (A19).",
        value=None if limit == 3 else limit,
        distribution__limit=limit,
    )


distribute_on_barrel = _agreement(
    "distribute_on_barrel",
    "Distribute on Barrel",
    DISTRIBUTION,
    "A declarer on the barrel may distribute; the deal is one of its barrel deals (A20).",
    distribution__on_barrel=True,
)
distribute_in_golden_round = _agreement(
    "distribute_in_golden_round",
    "Distribute When the Golden Round is played",
    DISTRIBUTION,
    "Distribution is legal in golden deals (A19).",
    distribution__in_golden_round=True,
)

# -- Golden Round --------------------------------------------------------------------------
golden_round = _agreement(
    "golden_round",
    "Golden Round",
    GOLDEN,
    "The game opens with three deals without an auction, one per seat, the dealer's left "
    "neighbour declarer at 120, every deal score doubled; the three are played again if none "
    "was made (A10, A11).",
    golden_round__enabled=True,
)
golden_reset_to_zero = _agreement(
    "golden_reset_to_zero",
    "Reset to Zero",
    GOLDEN,
    "When nobody made a golden deal, scores, bolts and the barrel are reset before the round is "
    "played again (A11).",
    golden_round__reset_to_zero=True,
)
golden_allow_increase = _agreement(
    "golden_allow_increase",
    "Allow Increase",
    GOLDEN,
    "The golden declarer may raise the contract above 120 (A10).",
    golden_round__allow_increase=True,
)
golden_bolt_doubling = _agreement(
    "golden_bolt_doubling",
    "Bolt Doubling (golden)",
    GOLDEN,
    "A bolt in a golden deal counts as two (A14).",
    golden_round__bolt_doubling=True,
)

# -- Hidden Round --------------------------------------------------------------------------
hidden_round = _agreement(
    "hidden_round",
    "Hidden Round",
    HIDDEN,
    "The opener may declare a game at 120 before looking at its cards; the declarer's result is "
    "doubled (A14, A15).",
    hidden_round__enabled=True,
)
hidden_hide_talon = _agreement(
    "hidden_hide_talon",
    "Hide Talon",
    HIDDEN,
    "In a hidden game the talon is shown to no one else (A26).",
    hidden_round__hide_talon=True,
)
hidden_disabled_on_barrel = _agreement(
    "hidden_disabled_on_barrel",
    "Disabled on Barrel",
    HIDDEN,
    "No hidden game while any seat is on the barrel.",
    hidden_round__disabled_on_barrel=True,
)
hidden_allow_distribute = _agreement(
    "hidden_allow_distribute",
    "Allow Distribute",
    HIDDEN,
    "Distribution is legal in a hidden game; it costs twice 120 (A14).",
    hidden_round__allow_distribute=True,
)
hidden_allow_unhide = _agreement(
    "hidden_allow_unhide",
    "Allow Unhide",
    HIDDEN,
    "A seat holding a marriage may overbid the hidden game from 125 (A15).",
    hidden_round__allow_unhide=True,
)
hidden_no_declaring_when_unhidden = _agreement(
    "hidden_no_declaring_when_unhidden",
    "No Declaring When Unhidden",
    HIDDEN,
    "The seat that unhides becomes declarer at its bid at once (A15).",
    hidden_round__no_declaring_when_unhidden=True,
)
hidden_no_more_than_240 = _agreement(
    "hidden_no_more_than_240",
    "No More than 240",
    HIDDEN,
    "The hidden game's contract stays 120 and its result is at most 240 either way (A14).",
    hidden_round__no_more_than_240=True,
)
hidden_bolt_doubling = _agreement(
    "hidden_bolt_doubling",
    "Bolt Doubling (hidden)",
    HIDDEN,
    "A bolt in a hidden game counts as two (A14).",
    hidden_round__bolt_doubling=True,
)

# -- Trumps --------------------------------------------------------------------------------
trumps_in_first_move = _agreement(
    "trumps_in_first_move",
    "Trumps in First Move",
    TRUMPS,
    "Marriages may be declared on the first lead of a deal too.",
    play__trumps_in_first_move=True,
)
declaring_without_marriage = _agreement(
    "declaring_without_marriage",
    "Declaring without Marriage",
    TRUMPS,
    "Bids and contracts up to 400 need no marriage (A22).",
    bidding__without_marriage=True,
)
ace_marriage = _agreement(
    "ace_marriage",
    "Ace Marriage",
    TRUMPS,
    "Four aces may be declared by leading one: +200, trumps unchanged (A21).",
    play__ace_marriage=True,
)
dont_allow_opponent_trumps = _agreement(
    "dont_allow_opponent_trumps",
    "Don't Allow Opponent Trumps",
    TRUMPS,
    "Only the seat that declared the trump in force may trump a suit it cannot follow (A23).",
    play__opponent_trumps=False,
)
should_play_with_trumps = _agreement(
    "should_play_with_trumps",
    "Should Play with Trumps",
    TRUMPS,
    "A seat that cannot follow suit must trump if it can (R-PLAY-2).",
    play__must_trump=True,
)

# -- Miscellaneous -------------------------------------------------------------------------
four_nines_bonus = _agreement(
    "four_nines_bonus",
    "4 Nines Bonus",
    MISC,
    "A seat holding four nines after the gives gets 120 at the end of the deal (A25).",
    scoring__four_nines_bonus=True,
)

_VALUED = {
    "skip_declaring": skip_declaring,
    "penalty_amount": penalty_amount,
    "reshuffle_on_talon_score": reshuffle_on_talon_score,
    "reshuffle_on_card_score": reshuffle_on_card_score,
    "distributions_limit": distributions_limit,
}

#: Every agreement, the valued ones with a typical value, in the rulebook's order.
AGREEMENTS: tuple[Agreement, ...] = (
    throw_off_barrel,
    several_players_on_barrel,
    dont_expose_on_100,
    quiet_drop,
    round_own_points,
    more_than_1000_to_win,
    no_jumping,
    barrel_900,
    skip_declaring(0),
    score_reset_555,
    score_reset_minus_555,
    zero_wins_in_a_row,
    zero_wins_in_a_game,
    zero_after_3_barrels,
    avoid_own_bolt,
    penalty_amount(120),
    reshuffle_on_talon_score(10),
    reshuffle_on_card_score(20),
    four_nines_after_deal,
    two_nines_in_talon,
    four_nines_on_hands,
    on_100_only,
    sixty_points_per_player,
    dont_subtract_order,
    subtract_on_third,
    distributions_limit(),
    distribute_on_barrel,
    distribute_in_golden_round,
    golden_round,
    golden_reset_to_zero,
    golden_allow_increase,
    golden_bolt_doubling,
    hidden_round,
    hidden_hide_talon,
    hidden_disabled_on_barrel,
    hidden_allow_distribute,
    hidden_allow_unhide,
    hidden_no_declaring_when_unhidden,
    hidden_no_more_than_240,
    hidden_bolt_doubling,
    trumps_in_first_move,
    declaring_without_marriage,
    ace_marriage,
    dont_allow_opponent_trumps,
    should_play_with_trumps,
    four_nines_bonus,
)


def by_key(key: str, value: int | None = None) -> Agreement:
    """The agreement with configuration ``key`` (a valued one with ``value``, or its typical
    value when None).

    >>> from thousand.variants import by_key
    >>> by_key("penalty_amount", 150).title
    'Penalty Amount 150'
    """
    if not isinstance(key, str):  # not even hashable, perhaps
        raise RulesError(f"unknown agreement {shown(key)}")
    if key in _VALUED:
        if value is None:
            return next(a for a in AGREEMENTS if a.key == key)
        return _VALUED[key](value)
    for agreement in AGREEMENTS:
        if agreement.key == key:
            if value is not None:
                raise RulesError(f"agreement {shown(key)} takes no value")
            return agreement
    raise RulesError(f"unknown agreement {shown(key)}")


# ASCII digits only: int() reads '١٥٠' and '1_50' too.
_VALUE: Final = re.compile(r"[+-]?[0-9]+")


def parse_agreement(text: str) -> Agreement:
    """The agreement of ``no_jumping`` or ``penalty_amount=150`` (``-`` may stand for ``_``), as
    the command line's ``--with`` takes it. An agreement with a value needs it written out
    (its typical value is not guessed), except Distributions Limit, whose bare name is the
    rulebook's limit of three.

    >>> from thousand.variants import parse_agreement
    >>> parse_agreement("penalty-amount=150").title
    'Penalty Amount 150'
    >>> parse_agreement("penalty_amount")
    Traceback (most recent call last):
      ...
    thousand.errors.RulesError: agreement 'penalty_amount' needs a value, such as penalty_amount=120
    """
    if not isinstance(text, str):
        raise RulesError(f"an agreement must be text such as 'no_jumping', not {shown(text)}")
    key, equals, value = text.partition("=")
    key, value = key.strip().replace("-", "_"), value.strip()
    if not equals:
        agreement = by_key(key)
        if agreement.value is not None:  # a valued agreement, given by its typical value
            raise RulesError(
                f"agreement {shown(key)} needs a value, such as {key}={agreement.value}"
            )
        return agreement
    if not _VALUE.fullmatch(value):
        raise RulesError(
            f"agreement {shown(key)}: the value {shown(value)} is not a whole number in ASCII "
            "digits"
        )
    if len(value.lstrip("+-").lstrip("0")) > len(str(NUMBER_LIMIT)):  # before int() refuses it
        raise RulesError(f"agreement {shown(key)}: the value {shown(value)} is too large")
    return by_key(key, int(value))
