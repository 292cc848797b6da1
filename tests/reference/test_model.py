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


def barrel_of(game: RefGame) -> tuple[int | None, int | None, int | None]:
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
