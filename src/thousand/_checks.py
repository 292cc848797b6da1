"""The rules' answers to what the once-a-deal steps ask, worked out once per rules.

The auction, the gives and the contract come once or a few times a deal; in a playout the
plays in between push their code and data out of the caches, so each read of the rules tree
there costs more than it does in a tight loop. :class:`RuleChecks` holds what they need in one
object that every match of a game shares: the bid limit of each hand as a table, and whether
the rules allow a redeal or a distribution at all, or make a marriage lead declare it (when not,
the detailed checks are skipped).
"""

from __future__ import annotations

from typing import Final

from .cards import Rank, Suit, marriage_total
from .rules import Rules

__all__ = [
    "ACES",
    "ACE_MARRIAGE",
    "ANY_LIMIT",
    "CARD_POINTS_IN_PACK",
    "RuleChecks",
    "limit_of",
    "rule_checks",
]

#: Card points in the pack: the limit of a bid without a marriage (R-BID-3).
CARD_POINTS_IN_PACK: Final = 120
#: The standard limit with a marriage, and the floor of Declaring without Marriage (A22).
ANY_LIMIT: Final = 400
#: The ace marriage's value (A21) and the contract of golden and hidden games (A10, A15).
ACE_MARRIAGE: Final = 200
ACES: Final = sum(1 << (6 * s + Rank.ACE) for s in Suit)
#: The highest sum of K+Q marriages in one hand: all four (R-CARD-2).
_ALL_MARRIAGES: Final = sum(s.marriage_value for s in Suit)


def limit_of(rules: Rules, marriages: int, aces: bool) -> int:
    """The highest bid (or contract) of a hand with K+Q marriages worth ``marriages`` and, if
    ``aces``, all four aces, under R-BID-3, A21 and A22."""
    aces = aces and rules.play.ace_marriage
    if rules.bidding.limit == "sum":
        limit = CARD_POINTS_IN_PACK + marriages + (ACE_MARRIAGE if aces else 0)
    else:
        limit = ANY_LIMIT if marriages or aces else CARD_POINTS_IN_PACK
    if rules.bidding.without_marriage:
        limit = max(limit, ANY_LIMIT)
    return limit


class RuleChecks:
    """What the rules in force decide for the auction and the talon (see the module)."""

    __slots__ = (
        "ace_marriage",
        "automatic_marriages",
        "distribution",
        "first_lead_marriages",
        "four_nines_on_hands",
        "hand_redeal",
        "jumps",
        "limits",
        "rules",
        "skip_below",
        "talon_redeal",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        #: The bid limit (R-BID-3, A21, A22) at ``marriage_total(hand) + (all four aces)``.
        self.limits: tuple[int, ...] = tuple(
            limit_of(rules, i >> 1 << 1, bool(i & 1)) for i in range(_ALL_MARRIAGES + 2)
        )
        self.jumps = rules.bidding.jumps
        self.skip_below = rules.bidding.skip_below
        redeals = rules.redeals
        #: Some agreement allows a redeal on a hand (A7), on the taken talon (A7, A8).
        self.hand_redeal = redeals.card_score_below is not None or redeals.four_nines_after_deal
        self.talon_redeal = redeals.talon_score_below is not None or redeals.two_nines_in_talon
        self.distribution = rules.distribution.enabled
        #: A lead of a held marriage's K or Q must declare it (R-MARRIAGE-1 as the standard
        #: rules play it): only then is a plain lead of one checked further.
        self.automatic_marriages = rules.play.marriage_declaration == "automatic"
        #: Marriages may be declared on the first lead of a deal too (R-MARRIAGE-1's option).
        self.first_lead_marriages = rules.play.trumps_in_first_move
        #: Ace Marriage (A21), and 4 Nines on Hands (A7): what a lead's legal actions ask.
        self.ace_marriage = rules.play.ace_marriage
        self.four_nines_on_hands = rules.redeals.four_nines_on_hands

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as its rules (which the match pickles anyway), not its tables.
        return (rule_checks, (self.rules,))

    def limit(self, hand: int) -> int:
        """The bid limit of ``hand``: :func:`limit_of` read from the table."""
        return self.limits[marriage_total(hand) + (hand & ACES == ACES)]


# Rules are values, but hashing one walks its whole tree: the cache goes by identity and keeps
# the rules alive with their checks, so that an id is never reused while it is cached.
_CACHE: dict[int, tuple[Rules, RuleChecks]] = {}
_CACHE_SIZE: Final = 64


def rule_checks(rules: Rules) -> RuleChecks:
    """The checks of ``rules``, built once for each rules object (of the last 64 seen)."""
    hit = _CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    checks = RuleChecks(rules)
    _CACHE[id(rules)] = (rules, checks)
    return checks
