"""Tests of the reference model itself, on hand-made situations with hand-computed results."""

from __future__ import annotations

import pytest

from .model import (
    DECK,
    RefGame,
    bid_limit,
    half_rounded_half_up_to_5,
    perft,
    round_to_5,
)

# A hand-made deal (dealer 0, so seat 1 opens).
#   seat 1: heart marriage (classic limit 220); seat 2: spade and club marriages (220);
#   seat 0: diamond marriage (200).
SAMPLE_HANDS: dict[int, list[str]] = {
    1: ["AS", "TS", "KH", "QH", "AC", "9C", "9D"],
    2: ["KS", "QS", "JS", "9S", "KC", "QC", "JC"],
    0: ["AD", "TD", "KD", "QD", "JD", "TC", "TH"],
}
SAMPLE_TALON = ["AH", "JH", "9H"]

# The eight tricks of the sample deal (seat 1 declarer, giving 9C to seat 2 and 9D to seat 0).
# Points, worked by hand:
#   T1 s1 AS, s2 JS, s0 9D        -> s1 13
#   T2 s1 KH marriage (+100, trump H), s2 JC, s0 TH        -> s0 16
#   T3 s0 KD marriage (+80, trump D), s1 9H, s2 9C          -> s0 4
#   T4 s0 TC, s1 AC, s2 QC        -> s1 24
#   T5 s1 AH, s2 KS, s0 JD (must trump) -> s0 17
#   T6 s0 AD, s1 JH, s2 KC        -> s0 17
#   T7 s0 TD, s1 QH, s2 QS        -> s0 16
#   T8 s0 QD, s1 TS, s2 9S        -> s0 13
# Seat 1: 37 card points + 100 = 137; seat 0: 83 + 80 = 163; seat 2: 0 (no card points: a bolt).
SAMPLE_PLAY = [
    "play AS",
    "play JS",
    "play 9D",
    "play KH marriage",
    "play JC",
    "play TH",
    "play KD marriage",
    "play 9H",
    "play 9C",
    "play TC",
    "play AC",
    "play QC",
    "play AH",
    "play KS",
    "play JD",
    "play AD",
    "play JH",
    "play KC",
    "play TD",
    "play QH",
    "play QS",
    "play QD",
    "play TS",
    "play 9S",
]


def deal_fixed(game: RefGame, hands: dict[int, list[str]], talon: list[str]) -> None:
    """Deal the given hands card by card in the R-DEAL-1 order."""
    queues = {seat: list(cards) for seat, cards in hands.items()}
    for k in range(24):
        # R-DEAL-1: cards 0..20 go round the seats from the dealer's left, 21..23 to the talon.
        card = queues[(game.dealer + 1 + k) % 3].pop(0) if k < 21 else talon[k - 21]
        game.apply("deal " + card)
    assert game.hands == tuple(frozenset(hands[seat]) for seat in (0, 1, 2))


def sample_to_contract(
    preset: str,
    scores: tuple[int, int, int] = (0, 0, 0),
    calls: tuple[str, ...] = ("bid 100", "bid 105", "pass", "bid 120", "pass"),
) -> RefGame:
    game = RefGame(preset, dealer=0, scores=scores)
    deal_fixed(game, SAMPLE_HANDS, SAMPLE_TALON)
    for call in calls:
        game.apply(call)
    last_bid = [int(call.split()[1]) for call in calls if call != "pass"][-1]
    assert game.declarer == 1 and game.contract == last_bid
    assert len(game.hands[1]) == 10  # R-TALON-1
    game.apply("give 9C 2")
    game.apply("give 9D 0")
    return game


def play_sample(game: RefGame) -> None:
    for action in SAMPLE_PLAY:
        game.apply(action)


def test_rounding_helpers() -> None:
    # R-SCORE-3: remainder 1-2 down, 3-4 up; R-DIST-1: halves up.
    assert [round_to_5(p) for p in (0, 1, 2, 3, 4, 5, 17, 18, 22, 163, 165)] == [
        0,
        0,
        0,
        5,
        5,
        5,
        15,
        20,
        20,
        165,
        165,
    ]
    assert half_rounded_half_up_to_5(105) == 55
    assert half_rounded_half_up_to_5(110) == 55
    assert half_rounded_half_up_to_5(115) == 60
    assert half_rounded_half_up_to_5(100) == 50


def test_bid_limits_in_the_auction() -> None:
    # R-BID-1, R-BID-3 on the 7-card hands.
    game = RefGame("classic", dealer=0)
    deal_fixed(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert game.to_move == 1
    assert game.legal() == {f"bid {v}" for v in range(100, 221, 5)}  # 120 + 100, no pass
    game.apply("bid 215")
    assert game.legal() == {"pass", "bid 220"}  # seat 2: 120 + 40 + 60
    game.apply("bid 220")
    assert game.legal() == {"pass"}  # seat 0: 120 + 80 < 225: must pass
    with pytest.raises(ValueError):
        game.apply("bid 225")
    standard = RefGame("standard", dealer=0)
    deal_fixed(standard, SAMPLE_HANDS, SAMPLE_TALON)
    assert max(int(a.split()[1]) for a in standard.legal()) == 400
    assert bid_limit(standard._rules, frozenset(["AS", "TS", "AC", "KH"])) == 120


def test_perft_at_the_auction() -> None:
    game = RefGame("classic", dealer=0)
    deal_fixed(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert perft(game, 1) == 25
    # For each opening bid b (100..220), seat 2 passes or bids b+5..220: sum of 25 - i + ... .
    assert perft(game, 2) == sum(1 + (220 - b) // 5 for b in range(100, 221, 5)) == 325
    assert perft(RefGame("standard"), 2) == 24 * 23


def test_contract_limit_on_the_eight_card_hand() -> None:
    # R-TALON-3: the limit is recomputed after the gives, never below the winning bid.
    for preset in ("classic", "standard"):
        game = RefGame(preset, dealer=0)
        deal_fixed(game, SAMPLE_HANDS, SAMPLE_TALON)
        for call in ["bid 200", "pass", "pass"]:
            game.apply(call)
        first = game.legal()
        assert len(first) == 20 + (preset == "standard")  # 10 cards x 2 (+ distribute)
        game.apply("give KH 2")
        assert game.legal() == {f"give {c} 0" for c in game.hands[1]}
        game.apply("give 9D 0")
        assert game.legal() == {"contract 200"}
    kept = RefGame("classic", dealer=0)
    deal_fixed(kept, SAMPLE_HANDS, SAMPLE_TALON)
    for call in ["bid 100", "pass", "pass"]:
        kept.apply(call)
    kept.apply("give 9C 2")
    kept.apply("give 9D 0")
    assert kept.legal() == {f"contract {v}" for v in range(100, 221, 5)}


def test_marriages_and_must_trump_classic() -> None:
    game = sample_to_contract("classic")
    game.apply("contract 135")
    # R-MARRIAGE-1: no declaration on the first lead.
    assert "play KH" in game.legal() and "play KH marriage" not in game.legal()
    for action in SAMPLE_PLAY[:6]:
        game.apply(action)
    assert game.trump == "H"
    assert game.points == (16, 113, 0)
    # Seat 0 leads: classic declaration is optional, both forms are legal.
    assert {"play KD", "play KD marriage", "play QD", "play QD marriage"} <= game.legal()
    plain = game.copy()
    plain.apply("play KD")
    # Hearts still trump: seat 1 (no diamond) must trump (R-PLAY-2).
    assert plain.legal() == {"play QH", "play AH", "play JH", "play 9H"}
    game.apply("play KD marriage")
    # The new trump (diamonds) is in force in this very trick: seat 1 has none, any card goes.
    assert game.trump == "D"
    assert game.legal() == {"play " + c for c in game.hands[1]}
    assert len(game.legal()) == 6
    for action in SAMPLE_PLAY[7:14]:
        game.apply(action)
    # T5: seat 0 cannot follow hearts, must play a trump (diamond).
    assert game.legal() == {"play AD", "play TD", "play QD", "play JD"}


def test_standard_automatic_declaration() -> None:
    game = sample_to_contract("standard")
    game.apply("contract 135")
    assert "play KH" in game.legal()  # first lead: no declaration possible
    for action in SAMPLE_PLAY[:6]:
        game.apply(action)
    legal = game.legal()
    assert "play KD marriage" in legal and "play KD" not in legal and "play QD" not in legal
    assert "play AD" in legal


def test_classic_full_deal_scoring() -> None:
    game = sample_to_contract("classic")
    game.apply("contract 135")
    play_sample(game)
    # Seat 1 took 137 >= 135: +135; seat 0: 163 -> 165; seat 2: 0. No bolts in classic.
    assert game.deal_log == [
        {
            "declarer": 1,
            "contract": 135,
            "points": (163, 137, 0),
            "changes": (165, 135, 0),
            "scores": (165, 135, 0),
        }
    ]
    assert game.scores == (165, 135, 0)
    assert game.bolts == (0, 0, 0)
    assert game.deal_number == 2 and game.dealer == 1 and game.to_move is None
    assert game.hands == (frozenset(), frozenset(), frozenset()) and game.points == (0, 0, 0)
    assert len(game.legal()) == 24


def test_classic_failed_contract() -> None:
    game = sample_to_contract("classic")
    game.apply("contract 140")
    play_sample(game)
    assert game.scores == (165, -140, 0)


def test_standard_full_deal_scoring_with_bolt() -> None:
    game = sample_to_contract("standard")
    game.apply("contract 135")
    play_sample(game)
    assert game.scores == (165, 135, 0)
    assert game.bolts == (0, 0, 1)  # R-BOLT-1: seat 2 took no card points


def test_classic_barrel_win_and_declarer_precedence() -> None:
    # Seat 1 on the barrel makes 135 (880 + 135 >= 1000) and wins with 1015; seat 0 jumps from
    # 850 to 1015 (allowed in classic), but the declarer wins (R-END-1).
    game = sample_to_contract("classic", scores=(850, 880, 0))
    game.apply("contract 135")
    play_sample(game)
    assert game.scores == (1015, 1015, 0)
    assert game.is_over and game.winner == 1 and game.legal() == set()
    assert game.barrel == (None, None, None)


def test_classic_barrel_small_contract_and_failure() -> None:
    exact = sample_to_contract("classic", scores=(0, 880, 0))
    exact.apply("contract 120")
    play_sample(exact)
    assert exact.scores == (165, 1000, 0) and exact.winner == 1
    # R-BARREL-3 classic: a made contract below 120 does not win; the score stays, a deal is used.
    small = sample_to_contract("classic", scores=(0, 880, 0), calls=("bid 100", "pass", "pass"))
    small.apply("contract 100")
    play_sample(small)
    assert small.scores == (165, 880, 0) and small.barrel == (None, 1, None)
    failed = sample_to_contract("classic", scores=(0, 880, 0))
    failed.apply("contract 140")
    play_sample(failed)
    # R-BARREL-3 classic: the contract is subtracted and the seat falls off at once.
    assert failed.scores == (165, 740, 0) and failed.barrel == (None, None, None)
    assert not failed.is_over


def test_standard_barrel_win_uses_points() -> None:
    game = sample_to_contract("standard", scores=(850, 880, 0))
    game.apply("contract 120")
    play_sample(game)
    # R-BARREL-3 standard: 880 + 137 = 1017 -> 1015. Seat 0: 850 + 165 = 1015 is a jump, not
    # allowed: held at 880 on the barrel (R-BARREL-2).
    assert game.scores == (880, 1015, 0)
    assert game.barrel == (0, None, None)
    assert game.winner == 1
    failed = sample_to_contract("standard", scores=(0, 880, 0))
    failed.apply("contract 140")
    play_sample(failed)
    # Standard: a failed contract on the barrel costs nothing; one deal is used.
    assert failed.scores == (165, 880, 0) and failed.barrel == (None, 1, None)
    assert failed.bolts == (0, 0, 1)


def auction_and_distribute(game: RefGame, calls: list[str]) -> None:
    for _ in range(24):
        game.apply("deal " + next(c for c in DECK if "deal " + c in game.legal()))
    for call in calls:
        game.apply(call)
    game.apply("distribute")


def barrel_of(game: RefGame) -> tuple[int | None, ...]:
    """The barrel markers (a call, so that mypy does not narrow the property between asserts)."""
    return game.barrel


def test_standard_distributions_barrel_and_bolts() -> None:
    game = RefGame("standard", dealer=0, scores=(0, 880, 0))
    assert barrel_of(game) == (None, 0, None)
    # Deal 1: seat 1 (on the barrel) opens 100, seat 2 takes it at 105 and distributes.
    auction_and_distribute(game, ["bid 100", "bid 105", "pass", "pass"])
    assert game.scores == (55, 880, -105)
    assert barrel_of(game) == (None, 1, None) and game.bolts == (0, 0, 1)
    # Deal 2: dealer 1, seat 2 opens and distributes at 100.
    auction_and_distribute(game, ["bid 100", "pass", "pass"])
    assert game.scores == (105, 880, -205)
    assert barrel_of(game) == (None, 2, None) and game.bolts == (0, 0, 2)
    # Deal 3: dealer 2, seat 0 opens and distributes; seat 1's third barrel deal: 880 -> 760.
    auction_and_distribute(game, ["bid 100", "pass", "pass"])
    assert game.scores == (5, 760, -155)
    assert barrel_of(game) == (None, None, None) and game.bolts == (1, 0, 2)
    # Deal 4: seat 2's third bolt: -105 - 120.
    auction_and_distribute(game, ["bid 100", "bid 105", "pass", "pass"])
    assert game.scores == (60, 815, -380)
    assert game.bolts == (1, 0, 0)
    assert [r["changes"] for r in game.deal_log] == [
        (55, 0, -105),
        (50, 0, -100),
        (-100, -120, 50),
        (55, 55, -225),
    ]


def test_distribution_not_on_barrel_and_climbing() -> None:
    game = RefGame("standard", dealer=2, scores=(880, 850, 0))
    # Seat 0 (on the barrel) opens and wins the auction: no distribution (R-DIST-1).
    for _ in range(24):
        game.apply("deal " + next(c for c in DECK if "deal " + c in game.legal()))
    for call in ["bid 100", "pass", "pass"]:
        game.apply(call)
    assert "distribute" not in game.legal()
    other = RefGame("standard", dealer=0, scores=(0, 850, 870))
    auction_and_distribute(other, ["bid 100", "pass", "pass"])
    # Seat 2: 870 + 50 = 920 -> climbs on at 880 with no deal used (R-BARREL-1).
    assert other.scores == (50, 750, 880) and other.barrel == (None, None, 0)


def test_starting_scores_and_illegal_actions() -> None:
    with pytest.raises(ValueError):
        RefGame("classic", scores=(0, 885, 0))
    with pytest.raises(ValueError):
        RefGame("classic", scores=(1000, 0, 0))
    game = RefGame("classic")
    before = game.copy()
    with pytest.raises(ValueError):
        game.apply("bid 100")
    assert game.legal() == before.legal() and game.hands == before.hands


def test_two_hundred_deal_cap() -> None:
    game = RefGame("standard", dealer=0)
    game._deal_number = 200
    auction_and_distribute(game, ["bid 100", "pass", "pass"])
    # Seat 1 -100, seats 0 and 2 +50 each: a tie for highest is a draw (R-END-2).
    assert game.is_over and game.winner is None and game.scores == (50, -100, 50)


# ---------------------------------------------------------------------------------------------
# Agreements (rulings.md, "The agreements of agreements.en.txt" and A1..A27)
# ---------------------------------------------------------------------------------------------

# NINES: seat 1 holds the four aces-and-tens, seat 2 the four nines, seat 0 three marriages.
#   With dealer 0 seat 1 opens; it bids 100, takes TH QH KH, gives QH to seat 2 and KH to seat 0
#   and wins all eight tricks by leading A then T of each suit (NINES_PLAY_1): points (0, 120, 0);
#   seat 2 still holds the four nines after the gives.
NINES_HANDS: dict[int, list[str]] = {
    1: ["AS", "TS", "AC", "TC", "AD", "TD", "AH"],
    2: ["9S", "9C", "9D", "9H", "JS", "JC", "JD"],
    0: ["QS", "KS", "QC", "KC", "QD", "KD", "JH"],
}
NINES_TALON = ["TH", "QH", "KH"]
NINES_PLAY_1 = [
    f"play {card}"
    for trick in (
        ("AS", "9S", "QS"),
        ("TS", "JS", "KS"),
        ("AC", "9C", "QC"),
        ("TC", "JC", "KC"),
        ("AD", "9D", "QD"),
        ("TD", "JD", "KD"),
        ("AH", "9H", "JH"),
        ("TH", "QH", "KH"),
    )
    for card in trick
]
# With dealer 1 seat 2 (the nines) opens and is declarer at 100; it gives TH to seat 1 and KH to
# seat 0 and leads 9S; seat 1 wins with AS and then every trick: points (0, 120, 0) again, the
# declarer (seat 2) took no card points and still holds four nines.
NINES_PLAY_2 = ["play 9S", "play QS", "play AS", *NINES_PLAY_1[3:]]

# ROUND: seat 1 declarer at 100 gives 9H to seat 2 and QH to seat 0, wins seven tricks and loses
# the last (JH, TH, KH = 16) to seat 2: points (0, 104, 16).
ROUND_HANDS: dict[int, list[str]] = {
    1: ["AS", "TS", "AC", "TC", "AD", "TD", "AH"],
    2: ["9S", "JS", "9C", "JC", "9D", "JD", "TH"],
    0: ["QS", "KS", "QC", "KC", "QD", "KD", "KH"],
}
ROUND_TALON = ["JH", "9H", "QH"]
ROUND_PLAY = [
    f"play {card}"
    for trick in (
        ("AS", "9S", "QS"),
        ("TS", "JS", "KS"),
        ("AC", "9C", "QC"),
        ("TC", "JC", "KC"),
        ("AD", "9D", "QD"),
        ("TD", "JD", "KD"),
        ("AH", "9H", "QH"),
        ("JH", "TH", "KH"),
    )
    for card in trick
]

# ACES: seat 1 holds the four aces (and three nines), seat 2 the tens, seat 0 four marriages but
# the heart one (QH is in the talon).
ACES_HANDS: dict[int, list[str]] = {
    1: ["AS", "AC", "AD", "AH", "9S", "9C", "9D"],
    2: ["TS", "TC", "TD", "TH", "JS", "JC", "JD"],
    0: ["KS", "QS", "KC", "QC", "KD", "QD", "KH"],
}
ACES_TALON = ["QH", "9H", "JH"]

# TRUMPS: seat 1 holds the heart marriage and spades, seat 2 hearts and clubs but no spade.
TRUMPS_HANDS: dict[int, list[str]] = {
    1: ["KH", "QH", "AS", "TS", "KS", "QS", "JS"],
    2: ["AH", "TH", "9H", "AC", "TC", "KC", "QC"],
    0: ["9S", "JC", "9C", "AD", "TD", "KD", "QD"],
}
TRUMPS_TALON = ["JD", "9D", "JH"]

# TWO_NINES: the talon holds two nines (9D, 9H) and 4 card points.
TWO_NINES_HANDS: dict[int, list[str]] = {
    1: ["AS", "TS", "AC", "TC", "AD", "TD", "AH"],
    2: ["9S", "JS", "9C", "JC", "JD", "TH", "QH"],
    0: ["QS", "KS", "QC", "KC", "QD", "KD", "JH"],
}
TWO_NINES_TALON = ["9D", "9H", "KH"]


def deal_cards(game: RefGame, hands: dict[int, list[str]], talon: list[str]) -> None:
    """Deal the given cards in the R-DEAL-1 order (no check of the hands afterwards: a golden
    declarer has already taken the talon)."""
    queues = {seat: list(cards) for seat, cards in hands.items()}
    for k in range(24):
        card = queues[(game.dealer + 1 + k) % 3].pop(0) if k < 21 else talon[k - 21]
        game.apply("deal " + card)


def new(
    preset: str,
    agreements: dict[str, object],
    scores: tuple[int, int, int] = (0, 0, 0),
    dealer: int = 0,
) -> RefGame:
    return RefGame(preset, dealer=dealer, scores=scores, agreements=agreements)


def run(game: RefGame, actions: list[str]) -> None:
    for action in actions:
        game.apply(action)


def deal_random(game: RefGame) -> None:
    """Deal the 24 cards in pack order (a fixed, arbitrary deal)."""
    for _ in range(24):
        game.apply("deal " + next(c for c in DECK if "deal " + c in game.legal()))


def phase_of(game: RefGame) -> str:
    return game._phase


def test_agreement_validation() -> None:
    with pytest.raises(ValueError):
        RefGame("standard", agreements={"zero_wins_in_a_row": True, "zero_wins_in_a_game": True})
    with pytest.raises(ValueError):
        # A1: an error even where bolts are off.
        RefGame("classic", agreements={"zero_wins_in_a_row": True, "zero_wins_in_a_game": True})
    with pytest.raises(ValueError):
        RefGame("standard", agreements={"no_such_agreement": True})
    with pytest.raises(ValueError):
        RefGame("standard", agreements={"skip_declaring": True})
    with pytest.raises(ValueError):
        RefGame("standard", agreements={"no_jumping": 1})
    # Starting scores are checked against the agreed threshold and target (A4).
    with pytest.raises(ValueError):
        RefGame("classic", scores=(905, 0, 0), agreements={"barrel_900": True})
    assert RefGame("classic", scores=(900, 0, 0), agreements={"barrel_900": True}).barrel == (
        0,
        None,
        None,
    )
    with pytest.raises(ValueError):
        RefGame("classic", scores=(1000, 0, 0), agreements={"more_than_1000_to_win": True})
    # Switched off or valued None: nothing.
    game = RefGame("standard", agreements={"golden_round": False, "skip_declaring": None})
    assert not game.golden and game.rules == RefGame("standard").rules


def test_refinements_of_missing_features_change_nothing_a1() -> None:
    # Bolt and distribution agreements on classic; Subtract on Third without Don't Subtract
    # Order; golden and hidden options without their round.
    refinements: dict[str, object] = {
        "avoid_own_bolt": True,
        "zero_wins_in_a_row": True,
        "golden_bolt_doubling": True,
        "dont_subtract_order": True,
        "sixty_points_per_player": True,
        "distribute_on_barrel": True,
        "distributions_limit": True,
        "distribute_in_golden_round": True,
        "golden_reset_to_zero": True,
        "golden_allow_increase": True,
        "hidden_allow_distribute": True,
        "hidden_allow_unhide": True,
        "hidden_no_more_than_240": True,
        "hidden_bolt_doubling": True,
    }
    game = new("classic", refinements)
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    run(game, ["bid 100", "bid 105", "pass", "bid 120", "pass"])
    assert "distribute" not in game.legal()
    run(game, ["give 9C 2", "give 9D 0", "contract 140"])
    play_sample(game)
    assert game.scores == (165, -140, 0) and game.bolts == (0, 0, 0)
    # Subtract on Third alone (standard): every distribution costs the contract as usual.
    std = new("standard", {"subtract_on_third": True})
    auction_and_distribute(std, ["bid 100", "pass", "pass"])
    assert std.scores == (50, -100, 50) and std.distributions == (0, 1, 0)


def test_no_jumping_a5() -> None:
    game = new("classic", {"no_jumping": True})
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert game.legal() == {"bid 100"}  # the opener's first bid is exactly 100
    game.apply("bid 100")
    assert game.legal() == {"pass", "bid 105"}
    run(game, ["pass", "pass", "give 9C 2", "give 9D 0"])
    # The contract may still be raised by any multiple of 5 (R-TALON-3 limit 120 + 100).
    assert game.legal() == {f"contract {v}" for v in range(100, 221, 5)}


def test_skip_declaring_a2_a6() -> None:
    # V = 50 on scores before the deal (0, 0, 50): seat 1 (opener, 0 < 50) may only open at 100,
    # seat 2 (50, not below 50) bids freely, seat 0 may only pass.
    game = new("classic", {"skip_declaring": 50}, scores=(0, 0, 50))
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert game.legal() == {"bid 100"}
    game.apply("bid 100")
    assert game.legal() == {"pass"} | {f"bid {v}" for v in range(105, 221, 5)}
    game.apply("bid 110")
    assert game.legal() == {"pass"}
    game.apply("pass")
    assert game.legal() == {"pass"}  # the skipped opener may only pass later
    # A skipped opener may still call a redeal (A6) and has no hidden game.
    other = new(
        "classic",
        {"skip_declaring": 50, "reshuffle_on_card_score": 40, "hidden_round": True},
        scores=(0, 0, 50),
    )
    deal_cards(other, SAMPLE_HANDS, SAMPLE_TALON)
    assert phase_of(other) == "auction"
    assert other.legal() == {"bid 100", "redeal"}  # seat 1 holds 39 card points


def test_declaring_without_marriage_a22() -> None:
    game = new("classic", {"declaring_without_marriage": True})
    deal_cards(game, NINES_HANDS, NINES_TALON)
    assert game.legal() == {f"bid {v}" for v in range(100, 401, 5)}
    run(game, ["bid 100", "pass", "pass", "give QH 2", "give KH 0"])
    assert game.legal() == {f"contract {v}" for v in range(100, 401, 5)}
    # The larger of the R-BID-3 limit and 400: four aces (+200) and the heart marriage (+100).
    aces = new("classic", {"declaring_without_marriage": True, "ace_marriage": True})
    assert bid_limit(aces.rules, frozenset(["AS", "AC", "AD", "AH", "KH", "QH", "9S"])) == 420


def test_ace_marriage_limits_and_leads_a21() -> None:
    classic = new("classic", {"ace_marriage": True})
    deal_cards(classic, ACES_HANDS, ACES_TALON)
    assert classic.legal() == {f"bid {v}" for v in range(100, 321, 5)}  # 120 + 200
    standard = new("standard", {"ace_marriage": True})
    assert bid_limit(standard.rules, frozenset(ACES_HANDS[1])) == 400  # counts as a marriage
    assert bid_limit(RefGame("standard").rules, frozenset(ACES_HANDS[1])) == 120
    # Not on the first lead (R-MARRIAGE-1) ...
    run(classic, ["bid 100", "pass", "pass", "give 9H 2", "give JH 0", "contract 100"])
    assert not any(a.endswith("marriage") for a in classic.legal())
    # ... but with Trumps in First Move: classic optional, both forms.
    first = new("classic", {"ace_marriage": True, "trumps_in_first_move": True})
    deal_cards(first, ACES_HANDS, ACES_TALON)
    run(first, ["bid 100", "pass", "pass", "give 9H 2", "give JH 0", "contract 100"])
    assert first.legal() == {
        "play AS",
        "play AS marriage",
        "play AC",
        "play AC marriage",
        "play AD",
        "play AD marriage",
        "play AH",
        "play AH marriage",
        "play 9S",
        "play 9C",
        "play 9D",
        "play QH",
    }
    first.apply("play AH marriage")
    assert first.points == (0, 200, 0) and first.trump is None  # trumps do not change
    run(first, ["play TH", "play KH"])  # seat 2 follows with TH, seat 0 with KH: 25 to seat 1
    assert first.points == (0, 225, 0)
    # Three aces left: no more ace marriage.
    assert not any(a.endswith("marriage") for a in first.legal())
    # Standard (automatic): leading an ace while holding all four always declares it.
    auto = new("standard", {"ace_marriage": True, "trumps_in_first_move": True})
    deal_cards(auto, ACES_HANDS, ACES_TALON)
    run(auto, ["bid 100", "pass", "pass", "give 9H 2", "give JH 0", "contract 100"])
    legal = auto.legal()
    assert "play AS marriage" in legal and "play AS" not in legal and "play 9S" in legal


def test_ace_marriage_does_not_allow_unhide_a15() -> None:
    game = new(
        "classic",
        {"ace_marriage": True, "hidden_round": True, "hidden_allow_unhide": True},
        dealer=2,
    )
    # Dealer 2: seat 0 opens; seat 1 (four aces, no K+Q) can only pass; seat 2 neither.
    deal_cards(game, ACES_HANDS, ACES_TALON)
    game.apply("hidden")
    assert game.to_move == 1 and game.legal() == {"pass"}


def test_trumps_in_first_move() -> None:
    game = new("classic", {"trumps_in_first_move": True})
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    run(game, ["bid 100", "pass", "pass", "give 9C 2", "give 9D 0", "contract 100"])
    assert {"play KH marriage", "play QH marriage", "play KH"} <= game.legal()
    game.apply("play QH marriage")
    assert game.trump == "H" and game.points == (0, 100, 0)


def test_dont_allow_opponent_trumps_a23() -> None:
    def to_second_trick(agreements: dict[str, object]) -> RefGame:
        game = new("classic", {"trumps_in_first_move": True, **agreements})
        deal_cards(game, TRUMPS_HANDS, TRUMPS_TALON)
        run(game, ["bid 100", "pass", "pass", "give 9D 2", "give JD 0", "contract 100"])
        # T1: seat 1 declares hearts; seat 2 follows with a trump (legal: trumps were led).
        assert game.legal() >= {"play KH marriage"}
        game.apply("play KH marriage")
        assert game.legal() == {"play AH", "play TH", "play 9H"}
        run(game, ["play 9H", "play 9C"])  # seat 1 wins with KH: 100 + 4
        assert game.points == (0, 104, 0)
        game.apply("play AS")
        return game

    # Classic must-trump: seat 2 (no spade) must trump ...
    assert to_second_trick({}).legal() == {"play AH", "play TH"}
    # ... but it did not declare hearts: with the agreement it must play another suit.
    game = to_second_trick({"dont_allow_opponent_trumps": True})
    assert game.legal() == {"play AC", "play TC", "play KC", "play QC", "play 9D"}
    # The trump's owner must still trump under must-trump (sample deal, trick 5: seat 0
    # declared diamonds and cannot follow hearts).
    sample = new("classic", {"dont_allow_opponent_trumps": True})
    deal_cards(sample, SAMPLE_HANDS, SAMPLE_TALON)
    run(sample, ["bid 100", "pass", "pass", "give 9C 2", "give 9D 0", "contract 100"])
    run(sample, SAMPLE_PLAY[:14])
    assert sample.legal() == {"play AD", "play TD", "play QD", "play JD"}


def test_should_play_with_trumps_on_standard() -> None:
    for agreed in (False, True):
        game = new("standard", {"should_play_with_trumps": agreed, "trumps_in_first_move": True})
        deal_cards(game, TRUMPS_HANDS, TRUMPS_TALON)
        run(game, ["bid 100", "pass", "pass", "give 9D 2", "give JD 0", "contract 100"])
        run(game, ["play KH marriage", "play 9H", "play 9C", "play AS"])
        # Seat 2 has no spade: with the agreement it must trump, otherwise any card.
        trumps = {"play AH", "play TH"}
        assert game.legal() == (trumps if agreed else {"play " + c for c in game.hands[2]})
        assert len(game.hands[2]) == 7


def test_round_own_points_a24() -> None:
    for agreed, change in ((False, -105), (True, 105)):
        game = new("classic", {"round_own_points": agreed})
        deal_cards(game, ROUND_HANDS, ROUND_TALON)
        run(game, ["bid 100", "pass", "pass", "give 9H 2", "give QH 0", "contract 105"])
        run(game, ROUND_PLAY)
        # 104 rounds to 105 for the contract check only; seat 2: 16 -> 15.
        assert game.deal_log[-1]["points"] == (0, 104, 16)
        assert game.scores == (0, change, 15)
    # On the standard barrel (threshold 900): made by the rounded 105, but the win sum uses the
    # unrounded points: 900 + 104 = 1004 -> 1000 (not 1005).
    barrel = new("standard", {"round_own_points": True, "barrel_900": True}, scores=(0, 900, 0))
    deal_cards(barrel, ROUND_HANDS, ROUND_TALON)
    run(barrel, ["bid 100", "pass", "pass", "give 9H 2", "give QH 0", "contract 105"])
    run(barrel, ROUND_PLAY)
    assert barrel.scores == (0, 1000, 15) and barrel.is_over and barrel.winner == 1
    assert barrel.bolts == (1, 0, 0)


def test_more_than_1000_to_win_a4() -> None:
    for agreed in (False, True):
        game = new("classic", {"more_than_1000_to_win": agreed}, scores=(0, 880, 0))
        deal_cards(game, NINES_HANDS, NINES_TALON)
        run(game, ["bid 100", "pass", "pass", "give QH 2", "give KH 0", "contract 120"])
        run(game, NINES_PLAY_1)
        if agreed:
            # 880 + 120 = 1000 < 1005: no win; a barrel deal is used.
            assert game.scores == (0, 880, 0) and barrel_of(game) == (None, 1, None)
            assert not game.is_over
        else:
            assert game.scores == (0, 1000, 0) and game.winner == 1


def test_four_nines_bonus_a25() -> None:
    game = new("standard", {"four_nines_bonus": True})
    deal_cards(game, NINES_HANDS, NINES_TALON)
    run(game, ["bid 100", "pass", "pass", "give QH 2", "give KH 0", "contract 120"])
    run(game, NINES_PLAY_1)
    # Seat 2 gets +120 (not a bolt's remedy: it still gets a bolt), seat 0 a bolt.
    assert game.scores == (0, 120, 120) and game.bolts == (1, 0, 1)
    assert game.deal_log[-1]["changes"] == (0, 120, 120)
    # The declarer holding four nines: the bonus comes after the contract check (-100 + 120),
    # and does not make the contract. Avoid own Bolt spares the declarer's bolt.
    declarer = new("standard", {"four_nines_bonus": True, "avoid_own_bolt": True}, dealer=1)
    deal_cards(declarer, NINES_HANDS, NINES_TALON)
    run(declarer, ["bid 100", "pass", "pass", "give TH 1", "give KH 0", "contract 100"])
    run(declarer, NINES_PLAY_2)
    assert declarer.deal_log[-1]["points"] == (0, 120, 0)
    assert declarer.scores == (0, 120, 20) and declarer.bolts == (1, 0, 0)
    # Not for a seat on the barrel; none in a distributed deal.
    barrel = new("standard", {"four_nines_bonus": True}, scores=(0, 0, 880))
    deal_cards(barrel, NINES_HANDS, NINES_TALON)
    run(barrel, ["bid 100", "pass", "pass", "give QH 2", "give KH 0", "contract 120"])
    run(barrel, NINES_PLAY_1)
    assert barrel.scores == (0, 120, 880) and barrel_of(barrel) == (None, None, 1)
    dist = new("standard", {"four_nines_bonus": True}, dealer=1)
    deal_cards(dist, NINES_HANDS, NINES_TALON)
    run(dist, ["bid 100", "pass", "pass", "distribute"])
    assert dist.scores == (50, 50, -100)


def test_score_resets_555() -> None:
    game = new("classic", {"score_reset_555": True, "score_reset_minus_555": True}, (390, -415, 0))
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    run(game, ["bid 100", "bid 105", "pass", "bid 120", "pass", "give 9C 2", "give 9D 0"])
    run(game, ["contract 140"])
    play_sample(game)
    # 390 + 165 = 555 -> 0; -415 - 140 = -555 -> 0; the record shows the reset.
    assert game.scores == (0, 0, 0)
    assert game.deal_log[-1]["changes"] == (-390, 415, 0)
    only_plus = new("classic", {"score_reset_555": True}, scores=(390, -415, 0))
    deal_cards(only_plus, SAMPLE_HANDS, SAMPLE_TALON)
    run(only_plus, ["bid 100", "bid 105", "pass", "bid 120", "pass", "give 9C 2", "give 9D 0"])
    run(only_plus, ["contract 140"])
    play_sample(only_plus)
    assert only_plus.scores == (0, -555, 0)


def test_redeal_hand_based_a7_a9() -> None:
    # Card points of the dealt hands: seat 1 39, seat 2 18, seat 0 50.
    game = new("classic", {"reshuffle_on_card_score": 40}, scores=(5, 10, 15))
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert "redeal" in game.legal()  # seat 1: 39 < 40
    game.apply("bid 100")
    assert "redeal" in game.legal()  # seat 2: 18 < 40
    game.apply("bid 105")
    assert "redeal" not in game.legal()  # seat 0: 50
    game.apply("pass")
    assert "redeal" not in game.legal()  # seat 1 has made a call
    strict = new("classic", {"reshuffle_on_card_score": 39})
    deal_cards(strict, SAMPLE_HANDS, SAMPLE_TALON)
    assert "redeal" not in strict.legal()  # A2: "less than" is strict
    # A9: the redeal keeps dealer, deal number and scores; the next state is a chance node.
    again = new("classic", {"reshuffle_on_card_score": 40}, scores=(5, 10, 15))
    deal_cards(again, SAMPLE_HANDS, SAMPLE_TALON)
    again.apply("redeal")
    assert again.dealer == 0 and again.deal_number == 1 and again.scores == (5, 10, 15)
    assert again.to_move is None and len(again.legal()) == 24 and again.deal_log == []
    assert again.hands == (frozenset(), frozenset(), frozenset())
    deal_cards(again, SAMPLE_HANDS, SAMPLE_TALON)
    assert again.to_move == 1
    # 4 Nines after Deal: seat 2's first decision.
    nines = new("classic", {"four_nines_after_deal": True})
    deal_cards(nines, NINES_HANDS, NINES_TALON)
    assert "redeal" not in nines.legal()
    nines.apply("bid 100")
    assert nines.legal() == {"pass", "redeal"} | {f"bid {v}" for v in range(105, 121, 5)}


def test_redeal_talon_based_a7_a8() -> None:
    # The sample talon (AH JH 9H) holds 13 points and one nine.
    game = new("standard", {"reshuffle_on_talon_score": 14})
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    run(game, ["bid 100", "pass", "pass"])
    assert {"redeal", "distribute"} <= game.legal()
    game.apply("give 9C 2")
    assert "redeal" not in game.legal()
    game = new("standard", {"reshuffle_on_talon_score": 13})
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    run(game, ["bid 100", "pass", "pass"])
    assert "redeal" not in game.legal()
    # On 100 Only: only when the winning bid is 100.
    for bid, allowed in ((100, True), (105, False)):
        only = new("standard", {"two_nines_in_talon": True, "on_100_only": True})
        deal_cards(only, TWO_NINES_HANDS, TWO_NINES_TALON)
        run(only, [f"bid {bid}", "pass", "pass"])
        assert ("redeal" in only.legal()) == allowed
        only.apply("give KH 2")
        assert "redeal" not in only.legal()
    # A golden deal never qualifies under On 100 Only, but does without it.
    for on_100, allowed in ((True, False), (False, True)):
        golden = new(
            "classic", {"golden_round": True, "two_nines_in_talon": True, "on_100_only": on_100}
        )
        deal_cards(golden, TWO_NINES_HANDS, TWO_NINES_TALON)
        assert ("redeal" in golden.legal()) == allowed
    # A redeal in a golden deal changes no golden count.
    golden = new("classic", {"golden_round": True, "two_nines_in_talon": True})
    deal_cards(golden, TWO_NINES_HANDS, TWO_NINES_TALON)
    golden.apply("redeal")
    assert golden.golden and golden.deal_number == 1 and golden.dealer == 0
    deal_cards(golden, TWO_NINES_HANDS, TWO_NINES_TALON)
    assert golden.declarer == 1 and golden.contract == 120


def test_redeal_four_nines_on_hands_a7() -> None:
    game = new("classic", {"four_nines_on_hands": True})
    deal_cards(game, NINES_HANDS, NINES_TALON)
    run(game, ["bid 100", "pass", "pass", "give QH 2", "give KH 0", "contract 100"])
    assert "redeal" not in game.legal()  # seat 1 leads
    game.apply("play AS")
    assert game.legal() == {"play 9S", "play JS", "redeal"}  # seat 2 holds four nines
    game.apply("play 9S")
    assert "redeal" not in game.legal()
    game.apply("play QS")
    game.apply("play TS")
    assert game.legal() == {"play JS"}  # trick 2: too late
    # A redeal in play scores nothing.
    late = new("classic", {"four_nines_on_hands": True})
    deal_cards(late, NINES_HANDS, NINES_TALON)
    run(late, ["bid 100", "pass", "pass", "give QH 2", "give KH 0", "contract 100", "play AS"])
    late.apply("redeal")
    assert late.deal_number == 1 and late.dealer == 0 and late.deal_log == []
    assert late.declarer is None and late.to_move is None


def test_distribution_agreements_a19() -> None:
    # Seat 1 distributes three times (100, 105, 105) with Don't Subtract Order + Subtract on
    # Third: only the third costs the contract; each gives a bolt, the third bolt costs 120.
    agreements: dict[str, object] = {
        "dont_subtract_order": True,
        "subtract_on_third": True,
        "distributions_limit": True,
        "avoid_own_bolt": True,
    }
    game = new("standard", agreements)
    auction_and_distribute(game, ["bid 100", "pass", "pass"])  # dealer 0: seat 1 opens
    assert game.scores == (50, 0, 50) and game.bolts == (0, 1, 0)
    auction_and_distribute(game, ["bid 100", "pass", "bid 105", "pass"])  # seats 2, 0, 1, 2
    assert game.scores == (105, 0, 105) and game.bolts == (0, 2, 0)
    auction_and_distribute(game, ["bid 100", "bid 105", "pass", "pass"])  # seats 0, 1, 2, 0
    assert game.scores == (160, -225, 160) and game.bolts == (0, 0, 0)
    assert game.distributions == (0, 3, 0)
    assert [r["changes"] for r in game.deal_log] == [(50, 0, 50), (55, 0, 55), (55, -225, 55)]
    # The Distributions Limit makes a fourth illegal.
    deal_random(game)
    run(game, ["bid 100", "pass", "pass"])
    assert game.declarer == 1 and "distribute" not in game.legal()
    # 60 Points per Player.
    sixty = new("standard", {"sixty_points_per_player": True})
    auction_and_distribute(sixty, ["bid 100", "bid 105", "pass", "pass"])
    assert sixty.scores == (60, 60, -105)


def test_distribute_on_barrel_a20() -> None:
    game = new("standard", {"distribute_on_barrel": True}, scores=(0, 880, 0))
    auction_and_distribute(game, ["bid 100", "pass", "pass"])
    # The declarer keeps its score, gets no bolt and uses a barrel deal.
    assert game.scores == (50, 880, 50) and barrel_of(game) == (None, 1, None)
    assert game.bolts == (0, 0, 0) and game.distributions == (0, 1, 0)


def test_throw_off_and_several_players_a16_a18() -> None:
    def deal(agreements: dict[str, object], scores: tuple[int, int, int]) -> RefGame:
        game = new("standard", agreements, scores=scores)
        auction_and_distribute(game, ["bid 100", "pass", "pass"])  # seat 1 distributes at 100
        return game

    # Seat 0 climbs (830 + 50); seat 2 was on the barrel.
    plain = deal({}, (830, 0, 880))
    assert plain.scores == (880, -100, 880) and barrel_of(plain) == (0, None, 1)
    thrown = deal({"throw_off_barrel": True}, (830, 0, 880))
    assert thrown.scores == (880, -100, 760) and barrel_of(thrown) == (0, None, None)
    several = deal({"several_players_on_barrel": True}, (830, 0, 880))
    assert several.scores == (760, -100, 880) and barrel_of(several) == (None, None, 1)
    both = deal({"throw_off_barrel": True, "several_players_on_barrel": True}, (830, 0, 880))
    assert both.scores == (880, -100, 760) and barrel_of(both) == (0, None, None)
    # Two seats climbing together: they do not throw each other off; under Several Players both
    # come off. Penalty Amount applies.
    together = deal({"throw_off_barrel": True}, (830, 0, 830))
    assert barrel_of(together) == (0, None, 0)
    off = deal({"several_players_on_barrel": True, "penalty_amount": 100}, (830, 0, 830))
    assert off.scores == (780, -100, 780) and barrel_of(off) == (None, None, None)
    # Zero after 3 Barrels: seats 0 and 2 climb together and come off three times; seat 1 bids
    # 240 without a marriage (Declaring without Marriage) to give them 120 each.
    zero = new(
        "standard",
        {
            "several_players_on_barrel": True,
            "zero_after_3_barrels": True,
            "declaring_without_marriage": True,
        },
        scores=(830, 0, 830),
    )
    auction_and_distribute(zero, ["bid 100", "pass", "pass"])
    assert zero.scores == (760, -100, 760)
    auction_and_distribute(zero, ["bid 100", "pass", "bid 240", "pass"])  # seats 2, 0, 1, 2
    assert zero.scores == (760, -340, 760)
    auction_and_distribute(zero, ["bid 100", "bid 240", "pass", "pass"])  # seats 0, 1, 2, 0
    # Third fall: 760 -> 0; seat 1: -240 and its third bolt -120.
    assert zero.scores == (0, -700, 0) and barrel_of(zero) == (None, None, None)


def test_barrel_900_and_penalty_amount() -> None:
    game = new("standard", {"barrel_900": True, "penalty_amount": 50}, scores=(850, 0, 900))
    auction_and_distribute(game, ["bid 100", "pass", "pass"])
    # Seat 0: 900 climbs; seat 2 uses a deal.
    assert game.scores == (900, -100, 900) and barrel_of(game) == (0, None, 1)
    auction_and_distribute(game, ["bid 100", "pass", "bid 105", "pass"])  # seats 2, 0, 1, 2
    assert game.scores == (900, -205, 900) and barrel_of(game) == (1, None, 2)
    auction_and_distribute(game, ["bid 100", "bid 105", "pass", "pass"])  # seats 0, 1, 2, 0
    # Seat 2's third barrel deal: 900 - 50; seat 1: -105 and its third bolt: -50.
    assert game.scores == (900, -360, 850) and barrel_of(game) == (2, None, None)
    assert game.bolts == (0, 0, 0)


def test_zero_wins_in_a_row_a17() -> None:
    game = new("standard", {"zero_wins_in_a_row": True})
    auction_and_distribute(game, ["bid 100", "pass", "pass"])  # seat 1: a bolt
    assert game.bolts == (0, 1, 0)
    auction_and_distribute(game, ["bid 100", "pass", "pass"])  # seat 2 distributes
    assert game.bolts == (0, 0, 1)  # seat 1's count restarted
    in_game = new("standard", {"zero_wins_in_a_game": True})
    auction_and_distribute(in_game, ["bid 100", "pass", "pass"])
    auction_and_distribute(in_game, ["bid 100", "pass", "pass"])
    assert in_game.bolts == (0, 1, 1)


def test_golden_round_made_a10_a12() -> None:
    game = new("classic", {"golden_round": True, "golden_allow_increase": True})
    assert game.golden
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    # No auction: seat 1 is declarer at 120 and has taken the talon.
    assert game.declarer == 1 and game.contract == 120 and game.to_move == 1
    assert len(game.hands[1]) == 10
    run(game, ["give 9C 2", "give 9D 0"])
    assert game.legal() == {f"contract {v}" for v in range(120, 221, 5)}  # Allow Increase
    game.apply("contract 135")
    play_sample(game)
    # Every seat's deal score is doubled: 2 * 135, 2 * 165. A11: the round goes on.
    assert game.scores == (330, 270, 0) and game.golden and game.golden_index == 1
    assert game.deal_log[-1]["contract"] == 135
    # The next deal is golden too: seat 2 is declarer at 120, no auction.
    deal_random(game)
    assert game.declarer == 2 and game.contract == 120 and phase_of(game) == "giving"
    # Without Allow Increase only 120.
    fixed = new("classic", {"golden_round": True})
    deal_cards(fixed, SAMPLE_HANDS, SAMPLE_TALON)
    run(fixed, ["give 9C 2", "give 9D 0"])
    assert fixed.legal() == {"contract 120"}


def test_golden_four_nines_bolts_a12_a25() -> None:
    game = new(
        "standard",
        {"golden_round": True, "four_nines_bonus": True, "golden_bolt_doubling": True},
        scores=(0, 0, 880),
    )
    deal_cards(game, NINES_HANDS, NINES_TALON)
    run(game, ["give QH 2", "give KH 0", "contract 120"])
    run(game, NINES_PLAY_1)
    # Seat 1 +240; seat 0 a doubled bolt; seat 2 is on the barrel: no bonus, no bolt, a deal used.
    assert game.scores == (0, 240, 880) and game.bolts == (2, 0, 0)
    assert barrel_of(game) == (None, None, 1) and game.golden_index == 1 and game.golden_made
    off_barrel = new("standard", {"golden_round": True, "four_nines_bonus": True})
    deal_cards(off_barrel, NINES_HANDS, NINES_TALON)
    run(off_barrel, ["give QH 2", "give KH 0", "contract 120"])
    run(off_barrel, NINES_PLAY_1)
    assert off_barrel.scores == (0, 240, 120)  # the bonus is never doubled


def test_golden_round_unmade_and_reset_a11() -> None:
    agreements: dict[str, object] = {
        "golden_round": True,
        "distribute_in_golden_round": True,
        "golden_bolt_doubling": True,
    }
    for reset in (False, True):
        game = new("standard", {**agreements, "golden_reset_to_zero": reset}, scores=(100, 0, 0))
        auction_and_distribute(game, [])  # seat 1: -240, the others 2 * 60
        assert game.scores == (220, -240, 120) and game.bolts == (0, 2, 0) and game.golden
        auction_and_distribute(game, [])  # seat 2
        assert game.scores == (340, -120, -120) and game.bolts == (0, 2, 2)
        auction_and_distribute(game, [])  # seat 0: the third unmade deal
        assert game.golden and game.deal_number == 4 and game.distributions == (1, 1, 1)
        if reset:
            assert game.scores == (0, 0, 0) and game.bolts == (0, 0, 0)
            assert game.deal_log[-1]["changes"] == (-340, 120, 120)
        else:
            assert game.scores == (100, 0, 0) and game.bolts == (2, 2, 2)
            assert game.deal_log[-1]["changes"] == (-240, 120, 120)
        # The golden round starts again: seat 1 (dealer 0's left) is declarer at 120.
        deal_random(game)
        assert game.declarer == 1 and game.contract == 120


def rotated(hands: dict[int, list[str]], shift: int) -> dict[int, list[str]]:
    """Each seat's cards moved ``shift`` seats to the left: a deal written for dealer 0 (seat 1
    the golden declarer) becomes the same deal for dealer ``shift``."""
    return {(seat + shift) % 3: cards for seat, cards in hands.items()}


def play_golden(game: RefGame, made: bool) -> None:
    """One whole golden deal (A10): the dealer's left neighbour is declarer at 120.

    ``made``: the NINES deal (the declarer takes all 120 card points: made, +240; no opponent
    takes a card point). Otherwise the ROUND deal (the declarer takes 104 < 120: -240; the next
    seat takes 16 -> 15, doubled 30; the dealer takes nothing)."""
    shift = game.dealer
    hands, talon, first, second = (
        (NINES_HANDS, NINES_TALON, "QH", "KH") if made else (ROUND_HANDS, ROUND_TALON, "9H", "QH")
    )
    deal_cards(game, rotated(hands, shift), talon)
    declarer = (shift + 1) % 3
    assert game.golden and phase_of(game) == "giving"  # no auction
    assert game.declarer == declarer and game.contract == 120
    run(game, [f"give {first} {(shift + 2) % 3}", f"give {second} {shift}", "contract 120"])
    run(game, NINES_PLAY_1 if made else ROUND_PLAY)


def golden_view(game: RefGame) -> tuple[bool, int | None, bool]:
    return game.golden, game.golden_index, game.golden_made


def test_a11_first_golden_deal_made_the_other_two_are_still_golden() -> None:
    game = new("classic", {"golden_round": True})
    assert golden_view(game) == (True, 0, False)
    play_golden(game, made=True)  # seat 1: +240
    assert game.scores == (0, 240, 0) and golden_view(game) == (True, 1, True)
    play_golden(game, made=False)  # seat 2: -240, seat 0: +30
    assert game.scores == (30, 240, -240) and golden_view(game) == (True, 2, True)
    play_golden(game, made=False)  # seat 0: -240, seat 1: +30
    assert game.scores == (-210, 270, -240)
    # One of the three was made: the round is over, the fourth deal has an auction.
    assert golden_view(game) == (False, None, False)
    assert game.deal_number == 4 and game.dealer == 0
    assert [row["changes"] for row in game.deal_log] == [
        (0, 240, 0),
        (30, 0, -240),
        (-240, 30, 0),
    ]
    deal_random(game)
    assert phase_of(game) == "auction" and game.declarer is None and game.to_move == 1


@pytest.mark.parametrize("made_at", [1, 2])
def test_a11_a_later_made_golden_deal_ends_the_round_after_the_third(made_at: int) -> None:
    game = new("classic", {"golden_round": True})
    for index in range(3):
        assert golden_view(game) == (True, index, index > made_at)
        play_golden(game, made=index == made_at)
    assert golden_view(game) == (False, None, False) and game.deal_number == 4
    deal_random(game)
    assert phase_of(game) == "auction"


@pytest.mark.parametrize("reset", [False, True])
def test_a11_no_golden_deal_made_the_round_starts_again(reset: bool) -> None:
    agreements: dict[str, object] = {"golden_round": True, "golden_reset_to_zero": reset}
    game = new("standard", agreements, scores=(0, 0, 850))
    play_golden(game, made=False)  # seat 1: -240; seat 2: 850 + 30 climbs; seat 0: a bolt
    assert game.scores == (0, -240, 880) and barrel_of(game) == (None, None, 0)
    assert game.bolts == (1, 0, 0) and golden_view(game) == (True, 1, False)
    play_golden(game, made=False)  # seat 2 fails on the barrel: nothing subtracted, a deal used
    assert game.scores == (30, -240, 880) and barrel_of(game) == (None, None, 1)
    assert game.bolts == (1, 1, 0) and golden_view(game) == (True, 2, False)
    play_golden(game, made=False)  # seat 0: -240; seat 1: +30; seat 2 uses its second deal
    # None of the three was made: the round starts again with deal 4, dealer 0 (seat 1 first).
    assert golden_view(game) == (True, 0, False)
    assert game.deal_number == 4 and game.dealer == 0
    if reset:
        # Reset to Zero: every score and bolt count to 0, every seat off the barrel, no penalty.
        assert game.scores == (0, 0, 0) and game.bolts == (0, 0, 0)
        assert barrel_of(game) == (None, None, None)
        assert game.deal_log[-1]["changes"] == (-30, 240, -880)
    else:
        assert game.scores == (-210, -210, 880) and game.bolts == (1, 1, 0)
        assert barrel_of(game) == (None, None, 2)
        assert game.deal_log[-1]["changes"] == (-240, 30, 0)
    # The fourth deal is golden again; made, the new round still plays all three.
    play_golden(game, made=True)
    assert golden_view(game) == (True, 1, True)


def test_a11_a9_redeal_in_a_golden_deal_keeps_its_index_and_made() -> None:
    game = new("classic", {"golden_round": True, "two_nines_in_talon": True})
    play_golden(game, made=True)
    # Deal 2: seat 2 is declarer and the talon holds two nines.
    deal_cards(game, rotated(TWO_NINES_HANDS, 1), TWO_NINES_TALON)
    assert game.declarer == 2 and "redeal" in game.legal()
    game.apply("redeal")
    assert golden_view(game) == (True, 1, True) and game.deal_number == 2 and game.dealer == 1
    play_golden(game, made=False)
    assert golden_view(game) == (True, 2, True) and game.deal_number == 3


def test_a11_game_ends_in_the_golden_round_no_further_deal() -> None:
    game = new("classic", {"golden_round": True}, scores=(0, 0, 880))
    play_golden(game, made=True)  # seat 1: +240; seat 2 on the barrel uses a deal
    assert game.scores == (0, 240, 880) and barrel_of(game) == (None, None, 1)
    assert golden_view(game) == (True, 1, True)
    # The second golden deal: seat 2, on the barrel, makes 120: 880 + 120 reaches 1000 (A13,
    # R-BARREL-3 classic, never doubled).
    play_golden(game, made=True)
    assert game.scores == (0, 240, 1000) and game.is_over and game.winner == 2
    assert game.legal() == set() and game.to_move is None and game.deal_number == 2
    assert len(game.deal_log) == 2
    # A27: the bookkeeping is skipped once the game is over: the finished deal's values stay.
    assert golden_view(game) == (True, 1, True)


def test_a11_two_hundred_deal_cap_in_the_golden_round_no_reset() -> None:
    game = new("standard", {"golden_round": True, "golden_reset_to_zero": True})
    game._deal_number = 198  # A10: golden deals count toward the cap
    for _ in range(3):
        play_golden(game, made=False)
    # Deal 200 ends the game (R-END-2) before the bookkeeping (A27): no Reset to Zero, no restart.
    assert game.is_over and game.winner is None and game.deal_number == 200
    assert game.scores == (-210, -210, -210) and game.bolts == (1, 1, 1)
    assert golden_view(game) == (True, 2, False) and game.legal() == set()


def test_hidden_round_choice_and_doubling_a14() -> None:
    game = new("classic", {"hidden_round": True})
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert game.legal() == {"hidden", "look"} and game.to_move == 1
    looked = game.copy()
    looked.apply("look")
    assert looked.legal() == {f"bid {v}" for v in range(100, 221, 5)} and not looked.hidden
    game.apply("hidden")
    assert game.hidden and game.declarer == 1 and game.contract == 120
    assert len(game.hands[1]) == 10
    run(game, ["give 9C 2", "give 9D 0"])
    assert game.legal() == {f"contract {v}" for v in range(120, 221, 5)}
    game.apply("contract 135")
    play_sample(game)
    # Only the declarer's result is doubled.
    assert game.scores == (165, 270, 0)
    failed = new("classic", {"hidden_round": True, "hidden_no_more_than_240": True})
    deal_cards(failed, NINES_HANDS, NINES_TALON)
    run(failed, ["hidden", "give QH 2", "give KH 0"])
    assert failed.legal() == {"contract 120"}
    failed.apply("contract 120")
    run(failed, NINES_PLAY_1)
    assert failed.scores == (0, 240, 0)
    # On the barrel the R-BARREL-3 result is not doubled (classic failure: -140, off).
    barrel = new("classic", {"hidden_round": True}, scores=(0, 880, 0))
    deal_cards(barrel, SAMPLE_HANDS, SAMPLE_TALON)
    run(barrel, ["hidden", "give 9C 2", "give 9D 0", "contract 140"])
    play_sample(barrel)
    assert barrel.scores == (165, 740, 0) and barrel_of(barrel) == (None, None, None)


def test_hidden_round_availability() -> None:
    # Disabled on Barrel: seat 2 on the barrel, no hidden choice.
    game = new("classic", {"hidden_round": True, "hidden_disabled_on_barrel": True}, (0, 0, 880))
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert phase_of(game) == "auction" and "hidden" not in game.legal()
    # Without that switch the hidden game is offered with seats on the barrel.
    game = new("classic", {"hidden_round": True}, (0, 0, 880))
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    assert game.legal() == {"hidden", "look"}
    # No hidden game in golden deals.
    golden = new("classic", {"hidden_round": True, "golden_round": True})
    deal_cards(golden, SAMPLE_HANDS, SAMPLE_TALON)
    assert phase_of(golden) == "giving" and not golden.hidden


def test_hidden_distribution_and_bolts_a14() -> None:
    agreements: dict[str, object] = {"hidden_round": True, "hidden_bolt_doubling": True}
    game = new("standard", agreements)
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    game.apply("hidden")
    assert "distribute" not in game.legal()  # needs Allow Distribute
    game = new("standard", {**agreements, "hidden_allow_distribute": True})
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    run(game, ["hidden", "distribute"])
    # 2 x 120 for the declarer, undoubled halves (60) for the opponents; a doubled bolt.
    assert game.scores == (60, -240, 60) and game.bolts == (0, 2, 0)
    assert game.deal_log[-1]["contract"] == 120 and not game.hidden  # the next deal
    free = new(
        "standard",
        {"hidden_round": True, "hidden_allow_distribute": True, "dont_subtract_order": True},
    )
    deal_cards(free, SAMPLE_HANDS, SAMPLE_TALON)
    run(free, ["hidden", "distribute"])
    assert free.scores == (60, 0, 60) and free.bolts == (0, 1, 0)
    # Hidden bolt doubling for an opponent too (reading), and 2 + 2 -> 1 with one penalty.
    played = new("standard", agreements, scores=(0, 0, 0))
    played._bolts = [2, 0, 0]
    deal_cards(played, NINES_HANDS, NINES_TALON)
    run(played, ["hidden", "give QH 2", "give KH 0", "contract 120"])
    run(played, NINES_PLAY_1)
    assert played.scores == (-120, 240, 0) and played.bolts == (1, 0, 2)


def test_unhide_a15() -> None:
    agreements: dict[str, object] = {"hidden_round": True, "hidden_allow_unhide": True}
    game = new("classic", agreements)
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    game.apply("hidden")
    assert game.hidden and game.declarer is None and game.to_move == 2
    # Seat 2 (spade and club marriages: limit 220).
    assert game.legal() == {"pass"} | {f"unhide {v}" for v in range(125, 221, 5)}
    both_pass = game.copy()
    both_pass.apply("pass")
    assert both_pass.to_move == 0
    assert both_pass.legal() == {"pass"} | {f"unhide {v}" for v in range(125, 201, 5)}
    both_pass.apply("pass")
    assert both_pass.hidden and both_pass.declarer == 1 and both_pass.contract == 120
    game.apply("unhide 130")
    # The hidden game is cancelled; the auction continues with seat 0, the opener still in it.
    assert not game.hidden and game.to_move == 0
    assert game.legal() == {"pass"} | {f"bid {v}" for v in range(135, 201, 5)}
    game.apply("pass")
    assert game.to_move == 1 and game.legal() == {"pass"} | {f"bid {v}" for v in range(135, 221, 5)}
    game.apply("pass")
    assert game.declarer == 2 and game.contract == 130 and not game.hidden
    # Seat 2 passes, seat 0 unhides: the opener (seat 1) is next; its pass ends the auction.
    second = new("classic", agreements)
    deal_cards(second, SAMPLE_HANDS, SAMPLE_TALON)
    run(second, ["hidden", "pass", "unhide 125"])
    assert second.to_move == 1
    second.apply("pass")
    assert second.declarer == 0 and second.contract == 125
    # No Declaring When Unhidden; No Jumping (exactly 125).
    at_once = new(
        "classic", {**agreements, "hidden_no_declaring_when_unhidden": True, "no_jumping": True}
    )
    deal_cards(at_once, SAMPLE_HANDS, SAMPLE_TALON)
    at_once.apply("hidden")
    assert at_once.legal() == {"pass", "unhide 125"}
    at_once.apply("unhide 125")
    assert at_once.declarer == 2 and at_once.contract == 125 and phase_of(at_once) == "giving"
    # Without a marriage only pass; a hand-based redeal beside it (reading: its first decision in
    # the auction).
    nines = new("classic", {**agreements, "four_nines_after_deal": True})
    deal_cards(nines, NINES_HANDS, NINES_TALON)
    nines.apply("hidden")
    assert nines.legal() == {"pass", "redeal"}
    nines.apply("pass")
    assert nines.legal() == {"pass"} | {f"unhide {v}" for v in range(125, 301, 5)}
    # A skipped seat may not unhide; a skipped opener has no hidden game.
    game = new("classic", {**agreements, "skip_declaring": 10}, scores=(0, 10, 10))
    deal_cards(game, SAMPLE_HANDS, SAMPLE_TALON)
    game.apply("hidden")
    assert game.legal() == {"pass"} | {f"unhide {v}" for v in range(125, 221, 5)}
    game.apply("pass")
    assert game.legal() == {"pass"}  # seat 0: 0 < 10
    skipped = new("classic", {**agreements, "skip_declaring": 10})
    deal_cards(skipped, SAMPLE_HANDS, SAMPLE_TALON)
    assert phase_of(skipped) == "auction" and skipped.legal() == {"bid 100"}
