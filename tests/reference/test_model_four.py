"""The reference model at a table of four (four-players.md), on hand-worked deals.

Every expected value below was worked out by hand from ``four-players.md`` and ``rulings.md``;
the comments show the arithmetic. Seats 0..3; with dealer ``d`` the sitter is ``d`` and the
active seats are ``d+1, d+2, d+3`` (mod 4), the first of them the opener.
"""

from __future__ import annotations

import random

import pytest

from .model import CARD_POINTS, DECK, MARRIAGE_VALUE, RANK_STRENGTH, RefGame, round_to_5
from .test_model import SAMPLE_PLAY

FOUR = 4


def deal_seat(dealer: int, k: int) -> int | None:
    """R-FOUR-2 by hand: the k-th card (k < 21) goes to the active seat k mod 3 counted from the
    opener, i.e. seat ``(dealer + 1 + k % 3) % 4``; cards 21..23 go to the talon (None)."""
    return (dealer + 1 + k % 3) % FOUR if k < 21 else None


def deal_hands(game: RefGame, hands: dict[int, list[str]], talon: list[str]) -> None:
    """Deal the given 7-card hands and talon card by card in the R-FOUR-2 order."""
    queues = {seat: list(cards) for seat, cards in hands.items()}
    for k in range(24):
        seat = deal_seat(game.dealer, k)
        game.apply("deal " + (talon[k - 21] if seat is None else queues[seat].pop(0)))


def deal_pack(game: RefGame, talon: tuple[str, str, str] = ("KH", "TH", "AH")) -> None:
    """Deal the pack in order with ``talon`` held back for the last three cards (a fixed deal
    whose hands do not matter to the test)."""
    rest = [card for card in DECK if card not in talon]
    for card in [*rest, *talon]:
        game.apply("deal " + card)


def run(game: RefGame, actions: list[str]) -> None:
    for action in actions:
        game.apply(action)


def four(preset: str, scores: tuple[int, ...] = (0, 0, 0, 0), **options: object) -> RefGame:
    """A four-player game, dealer 0 (seat 0 sits out the first deal); ``agreements=``,
    ``sitter_scores=`` and ``ace_value=`` may be given."""
    agreements = options.pop("agreements", None)
    assert agreements is None or isinstance(agreements, dict)
    sitter_scores = options.pop("sitter_scores", "talon_points")
    ace_value = options.pop("ace_value", 40)
    assert isinstance(sitter_scores, str) and isinstance(ace_value, int) and not options
    return RefGame(
        preset,
        dealer=0,
        scores=scores,
        agreements=agreements,
        players=4,
        sitter_scores=sitter_scores,
        ace_value=ace_value,
    )


# --- The base deal (dealer 0: seat 0 sits out; active 1, 2, 3; seat 1 opens). ------------------
#   seat 1: heart marriage; seat 2: spade and club marriages; seat 3: diamond marriage.
#   Talon AH JH 9H: 11 + 2 + 0 = 13 card points -> 15 (R-SCORE-3); one ace, no marriage.
BASE_HANDS: dict[int, list[str]] = {
    1: ["AS", "TS", "KH", "QH", "AC", "9C", "9D"],
    2: ["KS", "QS", "JS", "9S", "KC", "QC", "JC"],
    3: ["AD", "TD", "KD", "QD", "JD", "TC", "TH"],
}
BASE_TALON = ["AH", "JH", "9H"]
# Seat 1 wins the auction at 120 (the turn after seat 3 goes to seat 1, skipping the sitter).
BASE_CALLS = ["bid 100", "bid 105", "pass", "bid 120", "pass"]
BASE_GIVES = ["give 9C 2", "give 9D 3"]
# The eight tricks, worked by hand (each trick in the order the seats play):
#   T1 s1 AS, s2 JS, s3 9D                         -> s1 13
#   T2 s1 KH marriage (+100, trump H), s2 JC, s3 TH -> s3 16
#   T3 s3 KD marriage (+80, trump D), s1 9H, s2 9C  -> s3 4   (s3 -> s1: the sitter is skipped)
#   T4 s3 TC, s1 AC, s2 QC                         -> s1 24
#   T5 s1 AH, s2 KS, s3 JD (trumps)                -> s3 17
#   T6 s3 AD, s1 JH, s2 KC                         -> s3 17
#   T7 s3 TD, s1 QH, s2 QS                         -> s3 16
#   T8 s3 QD, s1 TS, s2 9S                         -> s3 13
# Seat 1: 37 card points + 100 = 137; seat 3: 83 + 80 = 163 (-> 165); seat 2: 0 (a bolt).
BASE_PLAY = SAMPLE_PLAY  # the same 24 cards as the three-player model's sample deal


def base_deal(game: RefGame, contract: int = 135) -> None:
    """The base deal, auction to play: seat 1 declarer at ``contract`` (137 deal points)."""
    deal_hands(game, BASE_HANDS, BASE_TALON)
    run(game, [*BASE_CALLS, *BASE_GIVES, f"contract {contract}", *BASE_PLAY])


def distribute_deal(game: RefGame, talon: tuple[str, str, str] = ("KH", "TH", "AH")) -> None:
    """A standard deal given up after the talon: the opener bids 100, the others pass, the
    declarer distributes (R-DIST-1: -100, +50 to each active opponent)."""
    deal_pack(game, talon)
    if not game.golden:
        run(game, ["bid 100", "pass", "pass"])
    game.apply("distribute")


# --- R-FOUR-1 -----------------------------------------------------------------------------------


def test_r_four_1_the_sitter_rotates_with_the_deal() -> None:
    # Four distributed deals (talon KH TH AH: 25 for the sitter). With dealer d the sitter is d,
    # the opener d+1 is declarer (-100, a bolt), d+2 and d+3 get +50 each.
    game = four("standard")
    sitters: list[int | None] = []
    for _ in range(4):
        sitters.append(game.sitter)
        assert game.active_seats == tuple((game.dealer + i) % 4 for i in (1, 2, 3))
        distribute_deal(game)
    assert sitters == [0, 1, 2, 3]
    assert [row["sitter"] for row in game.deal_log] == [0, 1, 2, 3]
    assert [row["changes"] for row in game.deal_log] == [
        (25, -100, 50, 50),
        (50, 25, -100, 50),
        (50, 50, 25, -100),
        (-100, 50, 50, 25),
    ]
    assert game.scores == (25, 25, 25, 25)
    assert game.bolts == (1, 1, 1, 1)
    assert game.dealer == 0 and game.sitter == 0 and game.deal_number == 5


def test_r_four_1_the_sitter_gets_no_cards_and_the_turn_skips_it() -> None:
    game = four("classic")
    assert game.sitter == 0 and game.active_seats == (1, 2, 3) and game.to_move is None
    deal_hands(game, BASE_HANDS, BASE_TALON)
    assert game.hands == (
        frozenset(),
        frozenset(BASE_HANDS[1]),
        frozenset(BASE_HANDS[2]),
        frozenset(BASE_HANDS[3]),
    )
    assert game.to_move == 1  # the opener: the dealer's left neighbour
    movers: list[int | None] = []
    for call in BASE_CALLS:
        movers.append(game.to_move)
        game.apply(call)
    assert movers == [1, 2, 3, 1, 2]  # after seat 3 comes seat 1, not the sitter
    run(game, [*BASE_GIVES, "contract 135"])
    movers = []
    for action in BASE_PLAY[:9]:
        movers.append(game.to_move)
        game.apply(action)
    # T1 led by 1; T2 led by 1; T3 led by seat 3, then seat 1 (skipping seat 0), then seat 2.
    assert movers == [1, 2, 3, 1, 2, 3, 3, 1, 2]
    assert game.hands[0] == frozenset()


def test_r_four_1_a_give_to_the_sitter_is_refused() -> None:
    game = four("classic")
    deal_hands(game, BASE_HANDS, BASE_TALON)
    run(game, BASE_CALLS)
    hand = BASE_HANDS[1] + BASE_TALON
    assert game.legal() == {f"give {card} {seat}" for card in hand for seat in (2, 3)}
    with pytest.raises(ValueError, match=r"seat 0 is the dealer and sits out this deal"):
        game.apply("give 9C 0")
    game.apply("give 9C 2")
    assert game.legal() == {f"give {card} 3" for card in hand if card != "9C"}
    with pytest.raises(ValueError, match="R-FOUR-1"):
        game.apply("give AH 0")
    with pytest.raises(ValueError, match="not legal"):
        game.apply("give AH 2")  # seat 2 already has its card (R-TALON-2)


def test_r_four_1_table_options_are_checked() -> None:
    with pytest.raises(ValueError, match="players must be 3 or 4"):
        RefGame("classic", players=5)
    with pytest.raises(TypeError, match="players"):
        RefGame("classic", players=True)
    with pytest.raises(ValueError, match="sitter_scores"):
        RefGame("classic", players=4, sitter_scores="talon")
    with pytest.raises(ValueError, match="ace_value"):
        RefGame("classic", players=4, ace_value=-5)
    with pytest.raises(TypeError, match="ace_value"):
        RefGame("classic", players=4, ace_value=True)
    with pytest.raises(ValueError, match="scores must have 4 entries"):
        RefGame("classic", players=4, scores=(0, 0, 0))
    with pytest.raises(ValueError, match="dealer must be 0, 1, 2 or 3"):
        RefGame("classic", players=4, dealer=4)
    with pytest.raises(ValueError, match="dealer must be 0, 1 or 2"):
        RefGame("classic", dealer=3)
    three = RefGame("classic")
    assert three.players == 3 and three.sitter is None and three.active_seats == (1, 2, 0)
    assert three.scores == (0, 0, 0) and three.barrel == (None, None, None)
    game = RefGame("standard", players=4, dealer=3)
    assert game.players == 4 and game.seats == (0, 1, 2, 3)
    assert game.sitter == 3 and game.active_seats == (0, 1, 2)
    assert game.scores == (0, 0, 0, 0) and game.bolts == (0, 0, 0, 0)
    assert game.barrel == (None, None, None, None) and game.hands == (frozenset(),) * 4


# --- R-FOUR-2 -----------------------------------------------------------------------------------


def test_r_four_2_the_kth_card_goes_to_the_active_seat_k_mod_3_from_the_opener() -> None:
    game = RefGame("classic", players=4, dealer=2)  # seat 2 sits out; active 3, 0, 1
    receivers: list[int | None] = []
    for k, card in enumerate(DECK):
        sizes = [len(hand) for hand in game.hands]
        game.apply("deal " + card)
        grown = [seat for seat in range(4) if len(game.hands[seat]) > sizes[seat]]
        receivers.append(grown[0] if grown else None)
        if k < 23:
            assert len(game.legal()) == 23 - k  # every card not yet dealt
    assert receivers == [3, 0, 1] * 7 + [None, None, None]
    assert game.hands == (
        frozenset({"JS", "TS", "JC", "TC", "JD", "TD", "JH"}),
        frozenset({"QS", "AS", "QC", "AC", "QD", "AD", "QH"}),
        frozenset(),
        frozenset({"9S", "KS", "9C", "KC", "9D", "KD", "9H"}),
    )
    assert game.talon == ("KH", "TH", "AH")
    assert game.to_move == 3  # the opener


# --- R-FOUR-3 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sitter_scores", "ace_value", "sitter"),
    [
        ("talon_points", 40, 15),  # AH JH 9H: 13 -> 15
        ("aces_and_marriage", 40, 40),  # one ace, no marriage
        ("aces_and_marriage", 50, 50),
        ("nothing", 40, 0),
    ],
)
def test_r_four_3_the_sitters_score_per_option(
    sitter_scores: str, ace_value: int, sitter: int
) -> None:
    # Seat 1 made 137 >= 135: +135; seat 3: 163 -> 165; seat 2: 0.
    game = four("classic", sitter_scores=sitter_scores, ace_value=ace_value)
    base_deal(game)
    assert game.deal_log == [
        {
            "declarer": 1,
            "contract": 135,
            "points": (0, 137, 0, 163),
            "changes": (sitter, 135, 0, 165),
            "scores": (sitter, 135, 0, 165),
            "sitter": 0,
        }
    ]
    assert game.dealer == 1 and game.sitter == 1 and game.to_move is None


@pytest.mark.parametrize(
    ("talon", "sitter_scores", "ace_value", "sitter"),
    [
        (("KS", "QS", "AD"), "talon_points", 40, 20),  # 4 + 3 + 11 = 18 -> 20
        (("KS", "QS", "AD"), "aces_and_marriage", 40, 80),  # 40 + spade marriage 40
        (("KS", "QS", "AD"), "aces_and_marriage", 50, 90),
        (("AS", "AC", "AH"), "talon_points", 40, 35),  # 33 -> 35
        (("AS", "AC", "AH"), "aces_and_marriage", 40, 120),
        (("KH", "QH", "9H"), "talon_points", 40, 5),  # 7 -> 5
        (("KH", "QH", "9H"), "aces_and_marriage", 40, 100),  # heart marriage
        (("9S", "9C", "JD"), "talon_points", 40, 0),  # 2 -> 0
        (("KH", "QH", "9H"), "nothing", 40, 0),
    ],
)
def test_r_four_3_the_sitter_scores_in_a_distributed_deal(
    talon: tuple[str, str, str], sitter_scores: str, ace_value: int, sitter: int
) -> None:
    game = four("standard", sitter_scores=sitter_scores, ace_value=ace_value)
    distribute_deal(game, talon)
    assert game.scores == (sitter, -100, 50, 50)
    assert game.bolts == (0, 1, 0, 0)


def test_r_four_3_doubled_in_a_golden_deal() -> None:
    # Golden: seat 1 is declarer at 120 with no auction and makes it (137): +240; seat 3:
    # 165 * 2 = 330; the sitter: 15 * 2 = 30 (A12: every seat's deal score).
    game = four("standard", agreements={"golden_round": True})
    deal_hands(game, BASE_HANDS, BASE_TALON)
    assert game.golden and game.declarer == 1 and game.legal() >= {"give 9C 2", "give 9C 3"}
    run(game, [*BASE_GIVES, "contract 120", *BASE_PLAY])
    assert game.scores == (30, 240, 0, 330)
    assert game.bolts == (0, 0, 1, 0)
    # Distributed golden deal (talon KH TH AH: 25): declarer 2 * -120, opponents 2 * 60, the
    # sitter 2 * 25.
    dist = four("standard", agreements={"golden_round": True, "distribute_in_golden_round": True})
    distribute_deal(dist)
    assert dist.scores == (50, -240, 120, 120)


def test_r_four_3_not_doubled_in_a_hidden_game() -> None:
    # Hidden: seat 1 declarer at 120, makes it: 2 * 120; seat 3 165 and the sitter 15, undoubled.
    game = four("standard", agreements={"hidden_round": True})
    deal_hands(game, BASE_HANDS, BASE_TALON)
    assert game.to_move == 1 and game.legal() == {"hidden", "look"}
    game.apply("hidden")
    run(game, [*BASE_GIVES, "contract 120", *BASE_PLAY])
    assert game.scores == (15, 240, 0, 165)
    # Distributed hidden game (Allow Distribute, A14): -240; undoubled halves 60; sitter 25.
    dist = four("standard", agreements={"hidden_round": True, "hidden_allow_distribute": True})
    deal_pack(dist)
    run(dist, ["hidden", "distribute"])
    assert dist.scores == (25, -240, 60, 60)


# --- R-FOUR-4 -----------------------------------------------------------------------------------


def test_r_four_4_a_sitter_on_the_barrel_scores_nothing_and_uses_no_barrel_deal() -> None:
    game = four("classic", scores=(880, 0, 0, 0))
    base_deal(game)
    assert game.scores == (880, 135, 0, 165)  # not 895
    assert game.barrel == (0, None, None, None)
    # Standard, distributed deals: sitting, seat 0 keeps 880 and 0 deals used; active next deal
    # (dealer 1: opener 2, opponents 3 and 0) it gets nothing and uses one barrel deal.
    std = four("standard", scores=(880, 0, 0, 0))
    distribute_deal(std)
    assert std.scores == (880, -100, 50, 50) and std.barrel == (0, None, None, None)
    distribute_deal(std)
    assert std.scores == (880, -75, -50, 100) and std.barrel == (1, None, None, None)
    assert std.bolts == (0, 1, 1, 0)


def test_r_four_4_a_sitter_climbs_on_at_the_threshold() -> None:
    game = four("classic", scores=(870, 0, 0, 0))
    base_deal(game)
    assert game.scores == (880, 135, 0, 165)  # 870 + 15 = 885 -> 880
    assert game.barrel == (0, None, None, None) and not game.is_over


def test_r_four_4_a_sitter_never_reaches_the_target_by_sitting() -> None:
    # Classic allows others to jump the barrel (R-BARREL-2); the sitter does not: 870 + 130 =
    # 1000 is held at 880 and it climbs on. Seat 3 jumps: 850 + 165 = 1015, and wins alone.
    game = four("classic", (870, 0, 0, 850), sitter_scores="aces_and_marriage", ace_value=130)
    base_deal(game)
    assert game.scores == (880, 135, 0, 1015)
    assert game.barrel == (0, None, None, None)
    assert game.is_over and game.winner == 3
    alone = four("classic", (870, 0, 0, 0), sitter_scores="aces_and_marriage", ace_value=130)
    base_deal(alone)
    assert alone.scores == (880, 135, 0, 165) and not alone.is_over
    # Standard: three aces at 60 = 180; 860 + 180 = 1040 -> 880.
    std = four("standard", (860, 0, 0, 0), sitter_scores="aces_and_marriage", ace_value=60)
    distribute_deal(std, ("AS", "AC", "AH"))
    assert std.scores == (880, -100, 50, 50) and std.barrel == (0, None, None, None)
    assert not std.is_over


# --- R-FOUR-5 -----------------------------------------------------------------------------------


def test_r_four_5_no_bolt_for_the_sitter() -> None:
    # The sitter took no card points, but sitting is no bolt; seat 2 (0 card points) gets one.
    game = four("standard")
    base_deal(game)
    assert game.scores == (15, 135, 0, 165) and game.bolts == (0, 0, 1, 0)


@pytest.mark.parametrize(("in_a_row", "after"), [(False, (2, 2, 2, 2)), (True, (2, 0, 2, 0))])
def test_r_four_5_three_zero_wins_in_a_row_keeps_the_sitters_count(
    in_a_row: bool, after: tuple[int, ...]
) -> None:
    # Counts 2, 2, 1, 2 before the base deal. Seat 2 bolts: 1 -> 2. In a row, seats 1 and 3
    # (no bolt) restart at 0; the sitter's count is kept (the deal did not happen for it).
    game = four("standard", agreements={"zero_wins_in_a_row": in_a_row})
    game._bolts = [2, 2, 1, 2]
    base_deal(game)
    assert game.bolts == after
    assert game.scores == (15, 135, 0, 165)  # no third bolt, no penalty


def test_r_four_5_a_redeal_is_dealt_by_the_same_dealer() -> None:
    # Reshuffle on Card Score 200: every 7-card hand holds less, so every first call may redeal.
    game = four("standard", agreements={"reshuffle_on_card_score": 200})
    deal_hands(game, BASE_HANDS, BASE_TALON)
    assert game.to_move == 1 and "redeal" in game.legal()
    game.apply("bid 100")
    assert game.to_move == 2 and "redeal" in game.legal()
    game.apply("redeal")
    assert game.dealer == 0 and game.sitter == 0 and game.deal_number == 1
    assert game.deal_log == [] and game.scores == (0, 0, 0, 0)
    assert game.to_move is None and len(game.legal()) == 24 and game.hands == (frozenset(),) * 4
    deal_hands(game, BASE_HANDS, BASE_TALON)
    assert game.to_move == 1 and game.hands[0] == frozenset()


def test_r_four_5_unhiding_concerns_the_active_seats() -> None:
    agreements = {"hidden_round": True, "hidden_allow_unhide": True}
    game = four("standard", agreements=agreements)
    deal_hands(game, BASE_HANDS, BASE_TALON)
    game.apply("hidden")
    movers: list[int | None] = []
    for _ in range(2):
        movers.append(game.to_move)
        assert "pass" in game.legal() and "unhide 125" in game.legal()
        game.apply("pass")
    assert movers == [2, 3]  # then the hidden game stands: seat 1 takes the talon
    assert game.declarer == 1 and game.hidden and len(game.hands[1]) == 10


# --- R-FOUR-6 -----------------------------------------------------------------------------------

GOLDEN_DISTRIBUTE = {"golden_round": True, "distribute_in_golden_round": True}


def test_r_four_6_the_golden_round_has_four_deals() -> None:
    game = four("standard", agreements=GOLDEN_DISTRIBUTE)
    # Deal 1 (sitter 0): seat 1 golden declarer, made: (30, 240, 0, 330), seat 2 a bolt.
    deal_hands(game, BASE_HANDS, BASE_TALON)
    run(game, [*BASE_GIVES, "contract 120", *BASE_PLAY])
    assert game.scores == (30, 240, 0, 330)
    assert (game.golden_index, game.golden_made) == (1, True)
    # Deals 2..4: the opener distributes at 120: -240, opponents +120, the sitter 2 * 25.
    declarers: list[int] = []
    for index in (2, 3, None):
        distribute_deal(game)
        declarers.append(game.deal_log[-1]["declarer"])
        assert game.golden_index == index
    assert declarers == [2, 3, 0]  # with deal 1: every seat golden declarer once
    # (150, 290, -240, 450) -> (270, 410, -190, 210) -> (30, 530, -70, 260)
    assert game.scores == (30, 530, -70, 260)
    assert game.bolts == (1, 0, 2, 1)
    assert not game.golden and not game.golden_made and game.deal_number == 5
    deal_pack(game)
    assert game.phase == "auction" and game.to_move == 1  # a normal deal follows


@pytest.mark.parametrize("reset", [False, True])
def test_r_four_6_replayed_after_four_unmade_deals(reset: bool) -> None:
    # Aces and Marriage at 100 per ace; talons 9S 9C 9D (0) in deals 1..3 and AS AC AH
    # (3 * 100 * 2 = 600) in deal 4. Every deal distributed (never made).
    #   deal 1, sitter 0: (0, -240, 120, 520)   deal 2, sitter 1: (120, -240, -120, 640)
    #   deal 3, sitter 2: (240, -120, -120, 400)
    #   deal 4, sitter 3: (0, 0, 0, 400 + 600 = 1000 -> 880, on the barrel: R-FOUR-4)
    agreements = {**GOLDEN_DISTRIBUTE, "golden_reset_to_zero": reset}
    game = four(
        "standard",
        (0, 0, 0, 400),
        agreements=agreements,
        sitter_scores="aces_and_marriage",
        ace_value=100,
    )
    for talon in [("9S", "9C", "9D")] * 3:
        distribute_deal(game, talon)
    assert game.scores == (240, -120, -120, 400) and game.golden_index == 3
    distribute_deal(game, ("AS", "AC", "AH"))
    assert not game.is_over  # nobody reached the target
    assert (game.golden, game.golden_index, game.golden_made) == (True, 0, False)
    assert game.deal_number == 5 and game.dealer == 0
    if reset:
        # F5: all four seats: scores, bolts and barrel.
        assert game.scores == (0, 0, 0, 0)
        assert game.bolts == (0, 0, 0, 0)
        assert game.barrel == (None, None, None, None)
    else:
        assert game.scores == (0, 0, 0, 880)
        assert game.bolts == (1, 1, 1, 1)
        assert game.barrel == (None, None, None, 0)


# --- R-FOUR-7 -----------------------------------------------------------------------------------

# A deal where both opponents reach the target (classic allows jumping the barrel).
#   seat 1 (declarer at 100): 9S JS 9C JC 9D JD 9H + talon JH QC QS; gives QC to 2, QS to 3.
#   T1 s1 JS, s2 AS, s3 QS -> s2 16       T2 s2 KH marriage (+100), s3 KC, s1 9H -> s2 8
#   T3 s2 QC, s3 AC, s1 9C -> s3 14       T4 s3 KD marriage (+80), s1 9D, s2 KS -> s3 8
#   T5 s3 AD, s1 JD, s2 TS -> s3 23       T6 s3 TC, s1 JC, s2 QH -> s3 15
#   T7 s3 QD, s1 JH, s2 TH -> s3 15       T8 s3 TD, s1 9S, s2 AH -> s3 21
# Seat 2: 24 + 100 = 124 -> 125; seat 3: 96 + 80 = 176 -> 175; seat 1: 0 < 100: -100.
# The sitter: JH QC QS = 8 -> 10.
TIE_HANDS: dict[int, list[str]] = {
    1: ["9S", "JS", "9C", "JC", "9D", "JD", "9H"],
    2: ["QH", "KH", "TH", "AH", "AS", "TS", "KS"],
    3: ["QD", "KD", "TD", "AD", "KC", "TC", "AC"],
}
TIE_TALON = ["JH", "QC", "QS"]
TIE_ACTIONS = [
    "bid 100",
    "pass",
    "pass",
    "give QC 2",
    "give QS 3",
    "contract 100",
    *("play JS", "play AS", "play QS"),
    *("play KH marriage", "play KC", "play 9H"),
    *("play QC", "play AC", "play 9C"),
    *("play KD marriage", "play 9D", "play KS"),
    *("play AD", "play JD", "play TS"),
    *("play TC", "play JC", "play QH"),
    *("play QD", "play JH", "play TH"),
    *("play TD", "play 9S", "play AH"),
]


@pytest.mark.parametrize(
    ("start", "scores", "winner"),
    [
        ((0, 0, 875, 825), (10, -100, 1000, 1000), None),  # a tie for highest: a draw
        ((0, 0, 875, 830), (10, -100, 1000, 1005), 3),  # the highest of those that reached
        ((0, 0, 875, 820), (10, -100, 1000, 880), 2),  # seat 3 at 995 climbs on instead
    ],
)
def test_r_four_7_the_highest_of_those_that_reached_the_target(
    start: tuple[int, ...], scores: tuple[int, ...], winner: int | None
) -> None:
    game = four("classic", start)
    deal_hands(game, TIE_HANDS, TIE_TALON)
    run(game, TIE_ACTIONS)
    assert game.deal_log[-1]["points"] == (0, 0, 124, 176)
    assert game.scores == scores
    assert game.is_over and game.winner == winner and game.to_move is None


def test_r_four_7_the_declarer_wins_if_it_reached_the_target() -> None:
    # Seat 1: 870 + 135 = 1005 (a classic jump); seat 3: 850 + 165 = 1015 is higher.
    game = four("classic", (0, 870, 0, 850))
    base_deal(game)
    assert game.scores == (15, 1005, 0, 1015)
    assert game.is_over and game.winner == 1
    assert game.legal() == set()


@pytest.mark.parametrize(
    ("start", "scores", "winner"),
    [
        ((150, 30, 180, 15), (165, 165, 180, 180), None),  # seats 2 and 3 tie: a draw
        ((400, 0, 0, 0), (415, 135, 0, 165), 0),  # the sitter is one of the four
    ],
)
def test_r_four_7_after_the_200th_deal_the_highest_of_the_four(
    start: tuple[int, ...], scores: tuple[int, ...], winner: int | None
) -> None:
    game = four("classic", start)
    game._deal_number = 200
    base_deal(game)
    assert game.scores == scores
    assert game.is_over and game.winner == winner


# --- R-FOUR-8 -----------------------------------------------------------------------------------


def test_r_four_8_the_sitter_holds_no_hand_and_its_row_shows_the_talons_worth() -> None:
    # The model has no observations; what it shows of the sitter: never a hand, and once the
    # deal is scored its change is the talon's worth (AH JH 9H: 15).
    game = four("classic")
    deal_hands(game, BASE_HANDS, BASE_TALON)
    actions = [*BASE_CALLS, *BASE_GIVES, "contract 135", *BASE_PLAY]
    for action in actions:
        assert game.hands[0] == frozenset() and game.to_move != 0
        game.apply(action)
    assert game.deal_log[-1]["changes"][0] == 15


# --- F1..F5 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("agreement", "start", "sitter"),
    [
        ("score_reset_555", 540, 0),
        ("score_reset_minus_555", -570, 0),
        ("score_reset_555", 545, 560),
    ],
)
def test_f1_the_555_resets_apply_to_the_sitters_score(
    agreement: str, start: int, sitter: int
) -> None:
    # 540 + 15 = 555 -> 0; -570 + 15 = -555 -> 0; 545 + 15 = 560 stays.
    game = four("classic", (start, 0, 0, 0), agreements={agreement: True})
    base_deal(game)
    assert game.scores == (sitter, 135, 0, 165)


def test_f1_the_four_nines_bonus_goes_to_an_active_seat_never_to_the_sitter() -> None:
    # The R-FOUR-7 deal: seat 1 keeps 9S 9C 9D 9H after giving QC and QS; it fails (-100) and
    # then gets +120 (A25: after the contract check). The sitter gets its 10 and no bonus.
    game = four("classic", agreements={"four_nines_bonus": True})
    deal_hands(game, TIE_HANDS, TIE_TALON)
    run(game, TIE_ACTIONS)
    assert game.scores == (10, 20, 125, 175)


@pytest.mark.parametrize("zero_after", [False, True])
def test_f3_throw_off_barrel_throws_off_a_sitter_already_on(zero_after: bool) -> None:
    # Seat 3: 750 + 165 = 915 -> climbs on at 880; the sitter, on since before, is thrown off.
    agreements = {"throw_off_barrel": True, "zero_after_3_barrels": zero_after}
    game = four("classic", (880, 0, 0, 750), agreements=agreements)
    base_deal(game)
    assert game.scores == (760, 135, 0, 880)
    assert game.barrel == (None, None, None, 0)
    assert game.falls == ((1, 0, 0, 0) if zero_after else (0, 0, 0, 0))


def test_f3_several_players_on_barrel_keeps_a_sitter_already_on() -> None:
    # The climber (seat 3) comes off with the penalty; the sitter stays, no deal used.
    game = four("classic", (880, 0, 0, 750), agreements={"several_players_on_barrel": True})
    base_deal(game)
    assert game.scores == (880, 135, 0, 760)
    assert game.barrel == (0, None, None, None)


def test_f3_a_sitter_that_climbs_on_is_any_climber() -> None:
    # Sitter 870 + 15 -> 880 climbs on; seat 2 on the barrel (classic opponent: one deal used).
    thrown = four("classic", (870, 0, 880, 0), agreements={"throw_off_barrel": True})
    base_deal(thrown)
    assert thrown.scores == (880, 135, 760, 165)  # seat 2 thrown off
    assert thrown.barrel == (0, None, None, None)
    several = four("classic", (870, 0, 880, 0), agreements={"several_players_on_barrel": True})
    base_deal(several)
    assert several.scores == (760, 135, 880, 165)  # the climbing sitter comes off
    assert several.barrel == (None, None, 1, None)


@pytest.mark.parametrize(("scores", "phase"), [((880, 0, 0, 0), "auction"), ((0,) * 4, "hidden")])
def test_f4_hidden_round_disabled_on_barrel_counts_the_sitter(
    scores: tuple[int, ...], phase: str
) -> None:
    agreements = {"hidden_round": True, "hidden_disabled_on_barrel": True}
    game = four("standard", scores, agreements=agreements)
    deal_hands(game, BASE_HANDS, BASE_TALON)
    assert game.to_move == 1
    if phase == "auction":
        assert game.phase == "auction" and "bid 100" in game.legal()
    else:
        assert game.legal() == {"hidden", "look"}


def test_f5_reset_to_zero_resets_all_four_seats() -> None:
    # Four unmade golden deals (each distributed; talon KH TH AH: 2 * 25 for the sitter):
    #   (50, -240, 120, 120) -> (170, -190, -120, 240) -> (290, -70, -70, 0) -> (50, 50, 50, 50)
    # then the round starts again and every seat's score and bolts go to 0.
    for reset, scores, bolts in [(False, (50,) * 4, (1,) * 4), (True, (0,) * 4, (0,) * 4)]:
        game = four("standard", agreements={**GOLDEN_DISTRIBUTE, "golden_reset_to_zero": reset})
        for _ in range(4):
            distribute_deal(game)
        assert game.scores == scores and game.bolts == bolts
        assert game.golden_index == 0 and game.deal_number == 5


# --- Random whole games ------------------------------------------------------------------------

MIXES: list[dict[str, object]] = [
    {},
    {"golden_round": True, "distribute_in_golden_round": True, "golden_bolt_doubling": True},
    {"golden_round": True, "golden_reset_to_zero": True, "zero_after_3_barrels": True},
    {"hidden_round": True, "hidden_allow_unhide": True, "hidden_allow_distribute": True},
    {"hidden_round": True, "hidden_disabled_on_barrel": True, "throw_off_barrel": True},
    {"several_players_on_barrel": True, "score_reset_555": True, "four_nines_bonus": True},
    {"zero_wins_in_a_row": True, "reshuffle_on_card_score": 40, "four_nines_on_hands": True},
    {"two_nines_in_talon": True, "sixty_points_per_player": True, "no_jumping": True},
]
SITTER_OPTIONS = ["talon_points", "aces_and_marriage", "nothing"]


def expected_sitter_score(game: RefGame, talon: tuple[str, ...]) -> int:
    """R-FOUR-3 by hand, before doubling."""
    option = game.rules.sitter_scores
    if option == "talon_points":
        return round_to_5(sum(CARD_POINTS[card[0]] for card in talon))
    if option == "aces_and_marriage":
        aces = sum(1 for card in talon if card[0] == "A")
        marriage = sum(v for s, v in MARRIAGE_VALUE.items() if {"K" + s, "Q" + s} <= set(talon))
        return aces * game.rules.ace_value + marriage
    return 0


def strength(action: str) -> tuple[bool, int]:
    """How strong a ``play`` action is: a marriage first, then the rank (R-CARD-1)."""
    return action.endswith("marriage"), RANK_STRENGTH[action[5]]


def choose(game: RefGame, legal: list[str], rng: random.Random) -> str:
    """A random action, biased so that declarers make contracts and games end sooner: mostly a
    pass in the auction, the lowest contract, the declarer's strongest and the opponents'
    weakest card."""
    if "pass" in legal and rng.random() < 0.6:
        return "pass"
    contracts = [a for a in legal if a.startswith("contract")]
    if contracts:
        return min(contracts, key=lambda a: int(a.split()[1]))
    plays = [a for a in legal if a.startswith("play")]
    if plays and rng.random() < 0.7:
        return (max if game.to_move == game.declarer else min)(plays, key=strength)
    return rng.choice(legal)


def check_deal_end(game: RefGame, start: dict[str, object], marriages: int) -> None:
    """Invariants of one finished deal (``start``: what the test saw while the deal ran)."""
    row = game.deal_log[-1]
    sitter = start["sitter"]
    assert isinstance(sitter, int) and row["sitter"] == sitter
    assert row["points"][sitter] == 0
    if not start["distributed"]:
        assert sum(row["points"]) - marriages == 120  # every card point of the pack, once
    before = start["scores"]
    assert isinstance(before, tuple)
    rules = game.rules
    change = row["changes"][sitter]
    reset_all = game.golden_index == 0 and rules.golden_reset_to_zero and row["scores"] == (0,) * 4
    if reset_all:
        return
    if start["sitter_on_barrel"]:
        # R-FOUR-4: nothing scored, no barrel deal used (F3: unless thrown off).
        if not rules.throw_off_barrel:
            assert change == 0 and game.barrel[sitter] == start["sitter_barrel"]
        return
    talon = start["talon"]
    assert isinstance(talon, tuple)
    expected = expected_sitter_score(game, talon) * (2 if start["golden"] else 1)
    new = before[sitter] + expected
    if new >= rules.threshold:
        # R-FOUR-4: set to the threshold and on (Several Players may take it off at once).
        if not rules.forbid_several_on_barrel:
            assert row["scores"][sitter] == rules.threshold and game.barrel[sitter] == 0
        return
    if (rules.reset_555 and new == 555) or (rules.reset_minus_555 and new == -555):
        assert row["scores"][sitter] == 0
        return
    assert change == expected  # F1: no bonus, no bolt penalty for the sitter
    assert game.bolts[sitter] == start["sitter_bolts"]  # R-FOUR-5


def play_random_game(game: RefGame, rng: random.Random) -> int:
    """Play ``game`` to its end with random actions, checking the invariants; the deals played."""
    start: dict[str, object] = {}
    marriages = 0
    deals = 0
    for _ in range(300 * 60):
        if game.is_over:
            return deals
        sitter = game.sitter
        assert sitter is not None and game.hands[sitter] == frozenset()
        assert game.to_move != sitter
        legal = sorted(game.legal())
        for action in legal:
            parts = action.split()
            if parts[0] == "give":
                assert int(parts[2]) in game.active_seats and int(parts[2]) != game.declarer
        if game.phase == "dealing" and len(legal) == 24:
            start = {
                "sitter": sitter,
                "scores": game.scores,
                "sitter_on_barrel": game.barrel[sitter] is not None,
                "sitter_barrel": game.barrel[sitter],
                "sitter_bolts": game.bolts[sitter],
                "golden": game.golden,
                "distributed": False,
            }
            marriages = 0
        action = choose(game, legal, rng)
        if action.endswith("marriage"):
            marriages += 200 if action[5] == "A" else MARRIAGE_VALUE[action[6]]
        start["distributed"] = action == "distribute"
        rows = len(game.deal_log)
        game.apply(action)
        if game.phase != "dealing" and "talon" not in start:
            start["talon"] = game.talon
            # R-FOUR-2: 7 cards to each active seat, 3 to the talon, 24 distinct.
            if game.declarer is None:
                active = [game.hands[seat] for seat in game.active_seats]
                assert [len(hand) for hand in active] == [7, 7, 7]
                assert frozenset().union(*active, game.talon) == frozenset(DECK)
        if game.phase == "contract":
            hands = [game.hands[seat] for seat in game.active_seats]
            assert [len(hand) for hand in hands] == [8, 8, 8]  # R-TALON-2
            assert frozenset().union(*hands) == frozenset(DECK)
        if len(game.deal_log) > rows:
            deals += 1
            check_deal_end(game, start, marriages)
            start = {}
        elif action == "redeal":
            start = {}
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("preset", ["classic", "standard"])
@pytest.mark.parametrize("mix", range(len(MIXES)))
def test_random_four_player_games_keep_the_invariants(preset: str, mix: int) -> None:
    rng = random.Random(1000 * mix + len(preset))
    agreements = MIXES[mix]
    option = SITTER_OPTIONS[mix % 3]
    threshold = 900 if agreements.get("barrel_900") else 880
    scores = tuple(rng.choice([0, 300, 600, 700, 860, threshold]) for _ in range(4))
    if agreements.get("several_players_on_barrel"):
        scores = tuple(0 if s == threshold else s for s in scores)
    game = RefGame(
        preset,
        dealer=rng.randrange(4),
        scores=scores,
        agreements=agreements,
        players=4,
        sitter_scores=option,
        ace_value=rng.choice([40, 50]),
    )
    deals = play_random_game(game, rng)
    assert game.is_over and deals == len(game.deal_log) >= 1
    assert len(game.deal_log) <= 200
    # R-FOUR-7 by hand: the declarer if it reached the target, else the single highest of those
    # that reached it, else (the 200th deal) the single highest of the four.
    scores = game.scores
    reached = [seat for seat in range(4) if scores[seat] >= game.rules.target]
    if reached:
        declarer = game.deal_log[-1]["declarer"]
        pool = [declarer] if declarer in reached else reached
    else:
        assert len(game.deal_log) == 200
        pool = [0, 1, 2, 3]
    best = [seat for seat in pool if scores[seat] == max(scores[s] for s in pool)]
    assert game.winner == (best[0] if len(best) == 1 else None)
