"""The rules in force at a table, as a tree of frozen sections.

Every option named in the rulings has a field here. ``Rules()`` is the classic game
(``classic.en.txt``); ``Rules.standard()`` is the base text of the fuller rulebook with every
agreement off. Sections are built with ``attrs.evolve`` or their constructors; invalid values
raise :class:`~thousand.RulesError` naming the field and the reason. Every number is at most
:data:`NUMBER_LIMIT` (a million), so that any rules accepted print and read back. Validation
happens only when rules are built, never while a game is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from .errors import RulesError, shown

if TYPE_CHECKING:
    from .variants import Agreement

__all__ = [
    "NUMBER_LIMIT",
    "SCORE_LIMIT",
    "BarrelRules",
    "BiddingRules",
    "BoltRules",
    "DistributionRules",
    "GoldenRoundRules",
    "HiddenRoundRules",
    "PlayRules",
    "Players",
    "RedealRules",
    "Rules",
    "ScoringRules",
    "SitterScores",
    "TableRules",
    "TalonRules",
]

_MISSING: Final = object()
#: The largest magnitude of any number in the rules (and of a bid's or a contract's value): far
#: above any table's, and small enough that every accepted ``Rules`` prints, makes its dict and
#: reads back.
NUMBER_LIMIT: Final = 1_000_000
#: The largest magnitude of a score (:func:`~thousand.new_game`, states and records read back):
#: far beyond what any rules can reach in their ``max_deals`` deals.
SCORE_LIMIT: Final = 10**15
#: The scores allowed, in words for error messages.
SCORE_SPAN: Final = "from -10**15 to 10**15"
_TOO_LARGE: Final = f"must be at most {NUMBER_LIMIT} (the limit of every number in the rules)"
BidLimit = Literal["sum", "any"]
MarriageDeclaration = Literal["optional", "automatic"]
BarrelReading = Literal["classic", "standard"]
BoltCount = Literal["game", "row"]
#: The seats at a table (four-players.md).
Players = Literal[3, 4]
#: R-FOUR-3: what the seat that sits out a deal scores.
SitterScores = Literal["talon_points", "aces_and_marriage", "nothing"]


def _check(
    kind: type | tuple[type, ...],
    *,
    low: int | None = None,
    choices: tuple[str, ...] = (),
    step: int = 5,
) -> Any:
    """An attrs validator that raises RulesError with the field's name and the reason."""

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        where = f"{type(instance).__name__}.{attribute.name}"
        if kind is bool and not isinstance(value, bool):
            raise RulesError(f"{where} must be True or False, not {shown(value)}")
        if kind is not bool and (isinstance(value, bool) or not isinstance(value, kind)):
            raise RulesError(f"{where} has the wrong type: {shown(value)}")
        _too_large(where, value)
        if choices and value not in choices:
            raise RulesError(
                f"{where} must be one of {', '.join(map(repr, choices))}, not {shown(value)}"
            )
        if low is not None and isinstance(value, int) and value < low:
            raise RulesError(f"{where} must be at least {low}, not {shown(value)}")
        if isinstance(value, int) and not isinstance(value, bool) and value % step:
            raise RulesError(f"{where} must be a multiple of {step}, not {shown(value)}")

    return validate


_BOOL = _check(bool)


def _too_large(where: str, value: object) -> None:
    if isinstance(value, int) and value > NUMBER_LIMIT:
        raise RulesError(f"{where} {_TOO_LARGE}, not {shown(value)}")


def _whole_at_least(low: int, *, optional: bool = False) -> Any:
    """An attrs validator: a whole number from ``low`` up to the limit (or None if
    ``optional``), with the field's name in the RulesError."""

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if optional and value is None:
            return
        where = f"{type(instance).__name__}.{attribute.name}"
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            either = "None or " if optional else ""
            raise RulesError(
                f"{where} must be {either}a whole number of at least {low}, not {shown(value)}"
            )
        _too_large(where, value)

    return validate


def _opt_int(low: int = 0, step: int = 5) -> Any:
    inner = _check(int, low=low, step=step)

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return validate


@attrs.frozen
class BiddingRules:
    """The auction (``R-BID-*``)."""

    #: R-BID-3: ``"sum"`` (classic) caps a bid at 120 plus the marriages in hand; ``"any"``
    #: (standard) at 120 without a marriage and 400 with at least one.
    limit: BidLimit = attrs.field(default="sum", validator=_check(str, choices=("sum", "any")))
    #: R-BID-2: any higher multiple of 5 (True), or only the high bid + 5 ("No Jumping").
    jumps: bool = attrs.field(default=True, validator=_BOOL)
    #: "Declaring without Marriage" (A22): the limit is at least 400 without a marriage.
    without_marriage: bool = attrs.field(default=False, validator=_BOOL)
    #: "Skip Declaring" (A6): a seat whose score is below this may not bid.
    skip_below: int | None = attrs.field(default=None, validator=_opt_int(low=-100_000))


@attrs.frozen
class TalonRules:
    """Who sees the talon and the given cards (``R-TALON-*``, A26)."""

    #: "Don't Expose on 100" turns this off: at a winning bid of 100 only the declarer sees it.
    expose_on_100: bool = attrs.field(default=True, validator=_BOOL)
    #: "Quiet Drop": an opponent does not even see that the other one received a card.
    quiet_drop: bool = attrs.field(default=False, validator=_BOOL)


@attrs.frozen
class PlayRules:
    """The tricks and marriages (``R-PLAY-*``, ``R-MARRIAGE-*``)."""

    #: R-PLAY-2: a seat that cannot follow suit must trump if it can (classic; "Should Play with
    #: Trumps").
    must_trump: bool = attrs.field(default=True, validator=_BOOL)
    #: R-MARRIAGE-1: ``"optional"`` (classic) or ``"automatic"`` (standard).
    marriage_declaration: MarriageDeclaration = attrs.field(
        default="optional", validator=_check(str, choices=("optional", "automatic"))
    )
    #: "Trumps in First Move": marriages may be declared on the first lead too.
    trumps_in_first_move: bool = attrs.field(default=False, validator=_BOOL)
    #: "Ace Marriage" (A21): four aces may be declared for 200.
    ace_marriage: bool = attrs.field(default=False, validator=_BOOL)
    #: "Don't Allow Opponent Trumps" turns this off (A23).
    opponent_trumps: bool = attrs.field(default=True, validator=_BOOL)


@attrs.frozen
class ScoringRules:
    """Deal scoring and the end of the game (``R-SCORE-*``, ``R-END-*``)."""

    #: R-END-1: the score that ends the game (1000; "More than 1000 to Win": 1005).
    target: int = attrs.field(default=1000, validator=_check(int, low=5))
    #: The penalty of bolts and the barrel (A3, "Penalty Amount"). At least 5: a seat that
    #: comes off the barrel must leave the barrel band, or it would be at the threshold and so
    #: on the barrel again (R-BARREL-1).
    penalty: int = attrs.field(default=120, validator=_check(int, low=5))
    #: R-END-2: the game ends after this many deals anyway.
    max_deals: int = attrs.field(default=200, validator=_whole_at_least(1))
    #: "Round Own Points" (A24).
    round_own_points: bool = attrs.field(default=False, validator=_BOOL)
    #: "Score Reset on 555": a score of exactly 555 after a deal becomes 0.
    reset_on_555: bool = attrs.field(default=False, validator=_BOOL)
    #: "Score Reset on -555": a score of exactly -555 after a deal becomes 0.
    reset_on_minus_555: bool = attrs.field(default=False, validator=_BOOL)
    #: "4 Nines Bonus" (A25).
    four_nines_bonus: bool = attrs.field(default=False, validator=_BOOL)


@attrs.frozen
class BarrelRules:
    """The barrel (``R-BARREL-*``)."""

    #: The barrel is played (classic and standard both play it).
    enabled: bool = attrs.field(default=True, validator=_BOOL)
    #: R-BARREL-1: 880 ("900 Points for Barrel": 900).
    threshold: int = attrs.field(default=880, validator=_check(int, low=0))
    #: R-BARREL-2: may a seat reach the target from below the threshold in one deal?
    jump: bool = attrs.field(default=True, validator=_BOOL)
    #: R-BARREL-3: how a seat on the barrel wins or fails.
    reading: BarrelReading = attrs.field(
        default="classic", validator=_check(str, choices=("classic", "standard"))
    )
    #: R-BARREL-4: deals a seat may spend on the barrel.
    deals: int = attrs.field(default=3, validator=_whole_at_least(1))
    #: "Throw off Barrel" (A16).
    throw_off: bool = attrs.field(default=False, validator=_BOOL)
    #: R-BARREL-5; "Several Players on Barrel" sets it to False (A16).
    several: bool = attrs.field(default=True, validator=_BOOL)
    #: "Zero after 3 Barrels" (A18).
    zero_after_three: bool = attrs.field(default=False, validator=_BOOL)


@attrs.frozen
class BoltRules:
    """Bolts (``R-BOLT-*``)."""

    #: A seat that takes no card points in a deal gets a bolt (standard; off in classic).
    enabled: bool = attrs.field(default=False, validator=_BOOL)
    #: R-BOLT-2: count over the game, or only in a row ("3 Zero Wins in a Row", A17).
    count: BoltCount = attrs.field(default="game", validator=_check(str, choices=("game", "row")))
    #: R-BOLT-1: the declarer gets bolts too ("Avoid own Bolt" turns this off).
    declarer: bool = attrs.field(default=True, validator=_BOOL)


@attrs.frozen
class DistributionRules:
    """Giving up after the talon (R-DIST-1, A19, A20)."""

    #: The declarer may distribute before its first give (standard; off in classic).
    enabled: bool = attrs.field(default=False, validator=_BOOL)
    #: "60 Points per Player": a fixed amount per opponent instead of half the contract.
    per_opponent: int | None = attrs.field(default=None, validator=_opt_int())
    #: "Don't Subtract Order" turns this off.
    subtract: bool = attrs.field(default=True, validator=_BOOL)
    #: "Subtract on Third": with ``subtract`` off, every third distribution costs the contract.
    subtract_on_third: bool = attrs.field(default=False, validator=_BOOL)
    #: "Distributions Limit": at most this many per seat per game.
    limit: int | None = attrs.field(default=None, validator=_whole_at_least(0, optional=True))
    #: "Distribute on Barrel" (A20).
    on_barrel: bool = attrs.field(default=False, validator=_BOOL)
    #: "Distribute When the Golden Round is played".
    in_golden_round: bool = attrs.field(default=False, validator=_BOOL)


@attrs.frozen
class GoldenRoundRules:
    """The golden round (A10, A11)."""

    #: "Golden Round": the game opens with three deals without an auction, scores doubled,
    #: played again while none of the three is made (A11).
    enabled: bool = attrs.field(default=False, validator=_BOOL)
    #: "Reset to Zero": scores and bolts go back to 0 before a golden round is replayed.
    reset_to_zero: bool = attrs.field(default=False, validator=_BOOL)
    #: "Allow Increase": the golden declarer may raise the contract above 120.
    allow_increase: bool = attrs.field(default=False, validator=_BOOL)
    #: "Bolt Doubling": a bolt in a golden deal counts as two.
    bolt_doubling: bool = attrs.field(default=False, validator=_BOOL)


@attrs.frozen
class HiddenRoundRules:
    """The hidden game (A14, A15)."""

    #: "Hidden Round": the opener may declare a game at 120 without looking at its cards.
    enabled: bool = attrs.field(default=False, validator=_BOOL)
    #: "Hide Talon": in a hidden game the talon is shown to no one else.
    hide_talon: bool = attrs.field(default=False, validator=_BOOL)
    #: "Disabled on Barrel": no hidden game while any seat is on the barrel.
    disabled_on_barrel: bool = attrs.field(default=False, validator=_BOOL)
    #: "Allow Distribute": distribution is legal in a hidden game.
    allow_distribute: bool = attrs.field(default=False, validator=_BOOL)
    #: "Allow Unhide": a seat holding a marriage may overbid the hidden game.
    allow_unhide: bool = attrs.field(default=False, validator=_BOOL)
    #: "No Declaring When Unhidden": the unhider becomes declarer at once.
    no_declaring_when_unhidden: bool = attrs.field(default=False, validator=_BOOL)
    #: "No More than 240": the doubled result is capped at 240 either way.
    no_more_than_240: bool = attrs.field(default=False, validator=_BOOL)
    #: "Bolt Doubling": a bolt in a hidden deal counts as two.
    bolt_doubling: bool = attrs.field(default=False, validator=_BOOL)


@attrs.frozen
class RedealRules:
    """When a seat may call a redeal (A7, A8, A9)."""

    #: "Reshuffle on Talon Score": the declarer may call a redeal when the talon holds fewer
    #: card points than this.
    talon_score_below: int | None = attrs.field(default=None, validator=_opt_int(step=1))
    #: "2 Nines in Talon": the declarer may call a redeal when the talon holds two nines.
    two_nines_in_talon: bool = attrs.field(default=False, validator=_BOOL)
    #: "On 100 Only": the two talon redeals only at a winning bid of 100.
    on_100_only: bool = attrs.field(default=False, validator=_BOOL)
    #: "Reshuffle on Card Score": a seat whose 7 cards hold fewer card points than this may
    #: call a redeal instead of its first call.
    card_score_below: int | None = attrs.field(default=None, validator=_opt_int(step=1))
    #: "4 Nines after Deal": a seat dealt four nines may call a redeal.
    four_nines_after_deal: bool = attrs.field(default=False, validator=_BOOL)
    #: "4 Nines on Hands": a seat holding four nines after the gives may call a redeal.
    four_nines_on_hands: bool = attrs.field(default=False, validator=_BOOL)


def _players(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value not in (3, 4):
        raise RulesError(f"TableRules.players must be 3 or 4, not {shown(value)}")


@attrs.frozen
class TableRules:
    """The size of the table (``four-players.md``): three seats, or four with the dealer
    sitting out each deal (R-FOUR-1), and what the sitter scores (R-FOUR-3). At a table of
    three the sitter's options change nothing."""

    #: 3 (both presets) or 4: at four the dealer sits out each deal (R-FOUR-1).
    players: Players = attrs.field(default=3, validator=_players)
    #: R-FOUR-3: ``"talon_points"`` (the talon's card points, rounded like an opponent's),
    #: ``"aces_and_marriage"`` (:attr:`ace_value` per ace in the talon plus its marriage) or
    #: ``"nothing"``.
    sitter_scores: SitterScores = attrs.field(
        default="talon_points",
        validator=_check(str, choices=("talon_points", "aces_and_marriage", "nothing")),
    )
    #: R-FOUR-3: the value of each ace in the talon under ``"aces_and_marriage"``.
    ace_value: int = attrs.field(default=40, validator=_check(int, low=0, step=1))


def _section(cls: type) -> Any:
    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, cls):
            raise RulesError(f"Rules.{attribute.name} must be a {cls.__name__}, not {shown(value)}")

    return attrs.field(factory=cls, validator=validate)


@attrs.frozen
class Rules:
    """The rules in force: ``Rules() == Rules.classic()``.

    >>> Rules() == Rules.classic()
    True
    >>> Rules.standard().bidding.limit
    'any'
    >>> import attrs
    >>> attrs.evolve(Rules(), scoring=ScoringRules(target=1005)).scoring.target
    1005
    """

    bidding: BiddingRules = _section(BiddingRules)
    talon: TalonRules = _section(TalonRules)
    play: PlayRules = _section(PlayRules)
    scoring: ScoringRules = _section(ScoringRules)
    barrel: BarrelRules = _section(BarrelRules)
    bolts: BoltRules = _section(BoltRules)
    distribution: DistributionRules = _section(DistributionRules)
    golden_round: GoldenRoundRules = _section(GoldenRoundRules)
    hidden_round: HiddenRoundRules = _section(HiddenRoundRules)
    redeals: RedealRules = _section(RedealRules)
    table: TableRules = _section(TableRules)

    def __attrs_post_init__(self) -> None:
        if self.barrel.threshold >= self.scoring.target:
            raise RulesError(
                f"BarrelRules.threshold ({self.barrel.threshold}) must be below "
                f"ScoringRules.target ({self.scoring.target})"
            )

    @classmethod
    def classic(cls, *, players: Players = 3) -> Rules:
        """The classic rules of ``classic.en.txt``: the default. ``players=4`` plays them at a
        table of four, the dealer sitting out each deal (R-FOUR-1).

        >>> Rules.classic(players=4).table.players
        4
        """
        return cls(table=TableRules(players=players))

    @classmethod
    def standard(cls, *, players: Players = 3) -> Rules:
        """The base text of the fuller rulebook with every agreement off; ``players=4`` as in
        :meth:`classic`."""
        return cls(
            table=TableRules(players=players),
            bidding=BiddingRules(limit="any"),
            play=PlayRules(must_trump=False, marriage_declaration="automatic"),
            barrel=BarrelRules(jump=False, reading="standard"),
            bolts=BoltRules(enabled=True),
            distribution=DistributionRules(enabled=True),
        )

    def with_agreements(self, *agreements: Agreement) -> Rules:
        """These rules with the agreements of :mod:`thousand.variants` in force.

        A field set to two different values by two of them is a :class:`RulesError` naming
        both; an agreement that refines something these rules lack changes nothing (A1).
        """
        from .variants import apply_agreements

        return apply_agreements(self, agreements)

    def differences(self, other: Rules) -> tuple[tuple[str, Any], ...]:
        """The ``("section.field", value)`` pairs where these rules differ from ``other``."""
        out = []
        mine, theirs = self.to_dict(), other.to_dict()
        for section, fields in mine.items():
            for field, value in fields.items():
                if theirs[section][field] != value:
                    out.append((f"{section}.{field}", value))
        return tuple(out)

    def describe(self) -> str:
        """The nearer preset and what differs from it, by agreement where one matches.

        >>> Rules.standard().describe()
        'standard rules'
        >>> Rules.classic(players=4).describe()
        'classic rules at a table of four'
        """
        from .variants import AGREEMENTS, by_key

        players = self.table.players  # compared with the presets at the same table
        presets = (
            ("classic", Rules.classic(players=players)),
            ("standard", Rules.standard(players=players)),
        )
        name, base = min(presets, key=lambda p: len(self.differences(p[1])))
        left = dict(self.differences(base))
        titles = []
        for agreement in AGREEMENTS:
            if agreement.value is not None or agreement.key == "distributions_limit":
                path = agreement.changes[0][0]
                if path in left:
                    value = left[path]
                    if value is not None:
                        titles.append(by_key(agreement.key, value).title)
                        del left[path]
                continue
            if agreement.changes and all(left.get(p, _MISSING) == v for p, v in agreement.changes):
                titles.append(agreement.title)
                for path, _ in agreement.changes:
                    del left[path]
        titles.extend(f"{path}={shown(value)}" for path, value in left.items())
        table = " at a table of four" if players == 4 else ""
        return f"{name} rules{table}" + (f" with: {', '.join(titles)}" if titles else "")

    def __str__(self) -> str:
        return self.describe()

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """A JSON-ready dict of every section and field."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`; missing sections and fields take the classic
        defaults, unknown names raise :class:`~thousand.RulesError`."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a dict of sections, not {type(data).__name__}")
        sections: dict[str, Any] = {}
        fields = attrs.fields_dict(cls)
        for name, values in data.items():
            if name not in fields:
                raise RulesError(f"unknown rules section {shown(name)}")
            section_cls = fields[name].default.factory  # type: ignore[union-attr]
            if not isinstance(values, dict):
                raise RulesError(f"rules section {name!r} must be a dict, not {shown(values)}")
            known = attrs.fields_dict(section_cls)
            for key in values:
                if key not in known:
                    plain = isinstance(key, str) and len(key) <= 40
                    raise RulesError(f"unknown rules field {name}.{key if plain else shown(key)}")
            sections[name] = section_cls(**values)
        return cls(**sections)
