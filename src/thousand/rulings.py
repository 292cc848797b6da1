"""The registry of ruling ids: every point the rulebook settles, each with a short title.

The project's specification settles the rules point by point, and every point has an id that
the engine's docstrings, the tests and the documentation cite:

* ``R-...`` — the rulings of the classic game and the standard preset (``R-BID-3``);
* ``A1`` .. ``A27`` — the details that settle what the agreements leave open;
* ``AG-...`` — one id per agreement of :mod:`thousand.variants`, named after its
  configuration key (``AG-NO-JUMPING`` for ``variants.no_jumping``);
* ``R-FOUR-1`` .. ``R-FOUR-8`` and ``F1`` .. ``F5`` — a table of four, where the dealer sits
  out each deal: its rulings, and the details of the agreements there (section
  ``"A table of four"``).

Each id has a stable anchor in the documentation, named after the id in lower case
(``rules/auction.html#r-bid-3``). The documentation build and the test suite check that every id
here has its anchor and that the tests cite every id.

>>> from thousand.rulings import by_id
>>> ruling = by_id("R-BID-3")
>>> ruling.title, ruling.section, ruling.anchor
('How high a hand may bid', 'Bidding', 'r-bid-3')
>>> by_id("AG-NO-JUMPING").title
'Bids rise by exactly 5'
>>> by_id("F1").kind, by_id("F1").section, by_id("R-FOUR-1").anchor
('detail', 'A table of four', 'r-four-1')
"""

from __future__ import annotations

from typing import Final

import attrs

from .errors import shown

__all__ = ["RULINGS", "Ruling", "agreement_id", "by_id"]


@attrs.frozen
class Ruling:
    """One settled point: its id, a short title and the section of the rulebook it belongs to
    (for an agreement: the group of :mod:`thousand.variants` it is listed in)."""

    #: The id: ``R-BID-3``, ``A5``, ``AG-NO-JUMPING``, ``R-FOUR-1`` or ``F1``.
    id: str
    #: What the point is about, in a few words.
    title: str
    #: The section of the rulings (or the agreement's group).
    section: str

    @property
    def anchor(self) -> str:
        """The id of the documentation's anchor for this point: the id in lower case."""
        return self.id.lower()

    @property
    def kind(self) -> str:
        """``"ruling"`` (``R-...``, ``R-FOUR-...`` included), ``"detail"`` (``A1`` .. ``A27``,
        and ``F1`` .. ``F5`` at a table of four) or ``"agreement"`` (``AG-...``)."""
        if self.id.startswith("R-"):
            return "ruling"
        if self.id.startswith("AG-"):
            return "agreement"
        return "detail"

    def __str__(self) -> str:
        return f"{self.id} {self.title}"


def agreement_id(key: str) -> str:
    """The id of the agreement with configuration ``key``: ``no_jumping`` → ``AG-NO-JUMPING``.

    >>> from thousand.rulings import agreement_id
    >>> agreement_id("barrel_900")
    'AG-BARREL-900'
    """
    return "AG-" + key.upper().replace("_", "-")


def _section(section: str, *pairs: tuple[str, str]) -> tuple[Ruling, ...]:
    return tuple(Ruling(id, title, section) for id, title in pairs)


def _agreements(group: str, *pairs: tuple[str, str]) -> tuple[Ruling, ...]:
    return tuple(Ruling(agreement_id(key), title, group) for key, title in pairs)


#: Every id, in the order of the rulings: the rulings, then the details, then the agreements,
#: then the table of four (its rulings, then its details).
RULINGS: Final[tuple[Ruling, ...]] = (
    *_section(
        "Table and deal",
        ("R-TABLE-1", "Seats, turn order and the passing of the deal"),
        ("R-DEAL-1", "Seven cards each and three for the talon, one at a time"),
    ),
    *_section(
        "Cards",
        ("R-CARD-1", "The ranks and their card points"),
        ("R-CARD-2", "What each suit's marriage is worth"),
    ),
    *_section(
        "Bidding",
        ("R-BID-1", "The dealer's left neighbour opens at 100 or more"),
        ("R-BID-2", "Calls go clockwise: bid higher in fives, or pass for good"),
        ("R-BID-3", "How high a hand may bid"),
    ),
    *_section(
        "Talon and contract",
        ("R-TALON-1", "The declarer shows the talon and takes it"),
        ("R-TALON-2", "One card face down to each opponent"),
        ("R-TALON-3", "Fixing the contract, never below the bid"),
    ),
    *_section(
        "Play",
        ("R-PLAY-1", "Eight tricks, the declarer leading the first"),
        ("R-PLAY-2", "Following suit, and what a void seat may play"),
        ("R-PLAY-3", "Which card wins a trick"),
        ("R-PLAY-4", "Every deal starts without trumps"),
        ("R-MARRIAGE-1", "Declaring a marriage: points and a new trump at once"),
        ("R-MARRIAGE-2", "Each marriage once a deal, with both cards in hand"),
    ),
    *_section(
        "Deal scoring",
        ("R-SCORE-1", "Deal points: tricks plus declared marriages"),
        ("R-SCORE-2", "The declarer wins or loses exactly the contract"),
        ("R-SCORE-3", "The opponents score their points rounded to 5"),
        ("R-SCORE-4", "The order of things at the end of a deal"),
    ),
    *_section(
        "Barrel",
        ("R-BARREL-1", "Landing between 880 and 1000 puts a seat on the barrel"),
        ("R-BARREL-2", "Jumping over the barrel, or climbing on instead"),
        ("R-BARREL-3", "Winning, failing and waiting on the barrel"),
        ("R-BARREL-4", "Three deals on the barrel, then the penalty"),
        ("R-BARREL-5", "Several seats may share the barrel"),
        ("R-BARREL-6", "On the barrel means on it when the deal began"),
    ),
    *_section(
        "Bolts",
        ("R-BOLT-1", "A deal without card points earns a bolt"),
        ("R-BOLT-2", "Every third bolt costs the penalty"),
    ),
    *_section(
        "Distribution",
        ("R-DIST-1", "Giving the deal up after seeing the talon"),
    ),
    *_section(
        "End of the game",
        ("R-END-1", "Reaching 1000 ends the game; the declarer comes first"),
        ("R-END-2", "No game lasts more than 200 deals"),
    ),
    *_section(
        "Agreement details",
        ("A1", "Agreements that refine a missing rule change nothing"),
        ("A2", "'Less than' is strict; scores are read before the deal"),
        ("A3", "Where the Penalty Amount applies, and where it does not"),
        ("A4", "A target of 1005 moves the barrel band and the winning line"),
        ("A5", "No Jumping: exactly 100, then exactly 5 more each time"),
        ("A6", "What a seat that may not bid can still do"),
        ("A7", "When a redeal may be called"),
        ("A8", "On 100 Only restricts the talon redeals alone"),
        ("A9", "A redeal scores nothing and counts nothing"),
        ("A10", "How the golden round is dealt and played"),
        ("A11", "When the golden round ends, or starts again"),
        ("A12", "What doubling doubles"),
        ("A13", "Golden deals are ordinary deals for the barrel"),
        ("A14", "The hidden game's contract, distribution and bolts"),
        ("A15", "Overbidding a hidden game"),
        ("A16", "Throwing off and sharing the barrel, step by step"),
        ("A17", "Counting bolts in a row"),
        ("A18", "Which falls from the barrel count toward the zero"),
        ("A19", "Distribution counts, limits and amounts"),
        ("A20", "Distributing from the barrel"),
        ("A21", "The ace marriage in detail"),
        ("A22", "The bid limit without a marriage"),
        ("A23", "Who may not trump another seat's trump"),
        ("A24", "What Round Own Points rounds"),
        ("A25", "The four nines bonus in detail"),
        ("A26", "What each seat gets to see"),
        ("A27", "The full order of the end of a deal"),
    ),
    *_agreements(
        "Restrictions",
        ("throw_off_barrel", "A newcomer on the barrel throws the others off"),
        ("several_players_on_barrel", "Only one seat on the barrel at a time"),
        ("dont_expose_on_100", "A talon taken at 100 is not shown"),
        ("quiet_drop", "The gives are made unseen"),
        ("round_own_points", "The declarer's points are rounded too"),
        ("more_than_1000_to_win", "The game is won at 1005"),
        ("no_jumping", "Bids rise by exactly 5"),
        ("barrel_900", "The barrel starts at 900"),
    ),
    *_agreements(
        "Penalty charges",
        ("skip_declaring", "A seat below a score may not bid"),
        ("score_reset_555", "Exactly 555 falls back to zero"),
        ("score_reset_minus_555", "Exactly -555 comes back to zero"),
        ("zero_wins_in_a_row", "Only three bolts in a row cost the penalty"),
        ("zero_wins_in_a_game", "Any three bolts of a game cost the penalty"),
        ("zero_after_3_barrels", "A third fall from the barrel zeroes the score"),
        ("avoid_own_bolt", "The declarer gets no bolt for an empty deal"),
        ("penalty_amount", "A penalty other than 120"),
    ),
    *_agreements(
        "Reshuffle",
        ("reshuffle_on_talon_score", "A redeal when the talon is poor"),
        ("reshuffle_on_card_score", "A redeal when a hand is poor"),
        ("four_nines_after_deal", "A redeal on four nines dealt"),
        ("two_nines_in_talon", "A redeal on two nines in the talon"),
        ("four_nines_on_hands", "A redeal on four nines after the gives"),
        ("on_100_only", "Talon redeals at a bid of 100 only"),
    ),
    *_agreements(
        "Point distribution",
        ("sixty_points_per_player", "A distribution pays 60 to each opponent"),
        ("dont_subtract_order", "A distribution costs the declarer nothing"),
        ("subtract_on_third", "Every third distribution costs the contract"),
        ("distributions_limit", "At most three distributions a game"),
        ("distribute_on_barrel", "Distributing from the barrel"),
        ("distribute_in_golden_round", "Distributing in golden deals"),
    ),
    *_agreements(
        "Golden Round",
        ("golden_round", "The game opens with a golden round"),
        ("golden_reset_to_zero", "An unmade golden round resets the game"),
        ("golden_allow_increase", "Golden contracts may be raised"),
        ("golden_bolt_doubling", "A golden bolt counts twice"),
    ),
    *_agreements(
        "Hidden Round",
        ("hidden_round", "The opener may play unseen for double"),
        ("hidden_hide_talon", "A hidden game's talon is not shown"),
        ("hidden_disabled_on_barrel", "No hidden game while anyone is on the barrel"),
        ("hidden_allow_distribute", "A hidden game may be given up"),
        ("hidden_allow_unhide", "A seat with a marriage may overbid a hidden game"),
        ("hidden_no_declaring_when_unhidden", "The overbidder plays at once"),
        ("hidden_no_more_than_240", "A hidden game is worth 240 at most"),
        ("hidden_bolt_doubling", "A bolt in a hidden game counts twice"),
    ),
    *_agreements(
        "Trumps",
        ("trumps_in_first_move", "Marriages on the very first lead"),
        ("declaring_without_marriage", "High bids without a marriage"),
        ("ace_marriage", "Four aces make a marriage worth 200"),
        ("dont_allow_opponent_trumps", "Only the trump's owner may trump"),
        ("should_play_with_trumps", "A void seat must trump"),
    ),
    *_agreements(
        "Miscellaneous",
        ("four_nines_bonus", "Four nines after the gives earn 120"),
    ),
    *_section(
        "A table of four",
        ("R-FOUR-1", "The dealer sits out; the other three play the deal"),
        ("R-FOUR-2", "Dealing round the three active seats"),
        ("R-FOUR-3", "What the seat that sits out scores"),
        ("R-FOUR-4", "The sitter and the barrel: nobody wins by sitting out"),
        ("R-FOUR-5", "Bolts, redeals and hidden games: the active seats only"),
        ("R-FOUR-6", "A golden round of four deals"),
        ("R-FOUR-7", "Who wins when four seats race to the target"),
        ("R-FOUR-8", "What the seat that sits out may know"),
        ("F1", "The sitter's score is a deal score; no four nines bonus"),
        ("F2", "The sitter sees the talon when an opponent does"),
        ("F3", "Throwing off and sharing the barrel with a sitter"),
        ("F4", "Disabled on Barrel counts a sitter on the barrel"),
        ("F5", "An unmade golden round resets all four seats"),
    ),
)

_BY_ID: Final = {ruling.id: ruling for ruling in RULINGS}


def by_id(id: str) -> Ruling:
    """The ruling with this id; ``KeyError`` when there is none.

    >>> from thousand.rulings import by_id
    >>> by_id("A5").section
    'Agreement details'
    """
    try:
        return _BY_ID[id]
    except (KeyError, TypeError):  # TypeError: not even hashable
        raise KeyError(f"no ruling {shown(id)} (see thousand.rulings.RULINGS)") from None
