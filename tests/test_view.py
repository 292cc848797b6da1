"""The umpire's table view (thousand.view.table): every hand, the talon, the trick, trump,
points, scores, the phase and the seat to move, as exact text."""

from __future__ import annotations

import re

import pytest

import thousand as th
from thousand.view import card_text, hand_text, table

from .reference.test_model_four import BASE_CALLS, BASE_GIVES
from .test_four import base_deal, base_hands, four

#: The deal of the rulebook's walkthrough: seat 0 deals, seat 1 opens.
WALKTHROUGH = th.Deal.parse(
    "JS KS 9C AC JC JD TH / AS QC TC 9D QH KH AH / QS TS QD KD TD AD 9H / 9S KC JH"
)
AUCTION = "bid 100; bid 110; bid 120; bid 130; bid 140; pass; bid 150; pass"
#: The deal of the rulebook's end of the game: seat 1 declares and makes 120.
END = th.Deal.parse("KS QS JS 9S JC JD 9H / AH TH KH QH AS TS 9C / AD TD KD QD AC KC QC / TC JH 9D")
END_ACTIONS = "bid 100; pass; pass; give TC 2; give JH 0; contract 120"
END_TRICKS = (
    "AS TC 9S / KH* TD 9H / 9D AD JD / KD* JC 9C / KC* JS QH / AC JH TS / QC KS TH / QD QS AH"
)


def run(state: th.State, actions: str) -> th.State:
    for text in actions.split(";"):
        if text.strip():
            state = th.apply(state, th.parse_action(text))
    return state


def play(state: th.State, cards: str) -> th.State:
    """Play cards in turn; a star declares the marriage of the card led."""
    for token in cards.replace("/", " ").split():
        card = th.Card.parse(token.rstrip("*"))
        state = th.apply(state, th.Play(card, marriage=token.endswith("*")))
    return state


def walkthrough(actions: str = "") -> th.State:
    state = th.apply(th.new_game(th.Rules.classic(), dealer=0), WALKTHROUGH)
    return run(state, AUCTION + ";" + actions)


def test_hand_text_groups_by_suit_in_pack_order_each_suit_from_the_nine_up() -> None:
    assert hand_text(th.cards("TH 9S AC KS 9H QD")) == "♠ 9 K  ♣ A  ♦ Q  ♥ 9 10"
    assert hand_text([]) == "-"
    assert card_text(th.Card.parse("TH")) == "10♥"


def test_the_table_after_the_auction_shows_the_taken_talon_and_the_open_contract() -> None:
    assert table(walkthrough()) == "\n".join(
        [
            "deal 1 (dealer 0), giving: seat 1 to move",
            "    seat        hand                             points  tricks  score",
            "    0 dealer    ♠ J K  ♣ 9 J A  ♦ J  ♥ 10             0       0      0",
            "  > 1 declarer  ♠ 9 A  ♣ Q K 10  ♦ 9  ♥ J Q K A       0       0      0",
            "    2           ♠ Q 10  ♦ Q K 10 A  ♥ 9               0       0      0",
            "  talon taken by seat 1, shown to all: ♠ 9  ♣ K  ♥ J",
            "  calls: 1:bid 100, 2:bid 110, 0:bid 120, 1:bid 130, 2:bid 140, 0:pass, 1:bid 150, "
            "2:pass",
            "  declarer 1, bid 150, contract not fixed yet",
        ]
    )


def test_the_table_in_the_play_shows_every_hand_the_trick_trump_and_the_points() -> None:
    # Trick 1: the declarer's ace of spades; trick 2 led with the club marriage, clubs trump.
    state = walkthrough("give 9D 0; give 9S 2; contract 200; play AS; play 9S; play JS")
    state = run(state, "play KC marriage; play QS")
    assert table(state) == "\n".join(
        [
            "deal 1 (dealer 0), play: seat 0 to move",
            "    seat        hand                       points  tricks  score",
            "  > 0 dealer    ♠ K  ♣ 9 J A  ♦ 9 J  ♥ 10       0       0      0",
            "    1 declarer  ♣ Q 10  ♥ J Q K A              73       1      0",
            "    2           ♠ 10  ♦ Q K 10 A  ♥ 9           0       0      0",
            "  talon taken by seat 1, shown to all: ♠ 9  ♣ K  ♥ J",
            "  calls: 1:bid 100, 2:bid 110, 0:bid 120, 1:bid 130, 2:bid 140, 0:pass, 1:bid 150, "
            "2:pass",
            "  declarer 1, bid 150, contract 200; gives 9♦ to 0, 9♠ to 2",
            "  trump ♣, marriages 1:♣",
            "  table (trick 2): 1:K♣ 2:Q♠",
        ]
    )
    # Seat 0 takes the trick with the ace: between tricks the last one is shown.
    after = table(th.apply(state, th.parse_action("play AC"))).splitlines()
    assert after[2] == "  > 0 dealer    ♠ K  ♣ 9 J  ♦ 9 J  ♥ 10      18       1      0"
    assert after[-1] == "  last trick (2) won by 0: 1:K♣ 2:Q♠ 0:A♣"


def test_the_table_of_a_chance_node_counts_the_cards_dealt_with_barrel_and_bolts() -> None:
    # Standard rules play bolts; seat 0 starts on the barrel. Seat 2 deals: seat 0 gets the
    # first card, then seat 1, then seat 2 (R-DEAL-1).
    state = th.new_game(th.Rules.standard(), dealer=2, scores=(880, 120, -40))
    for card in th.cards("9S JS QS KS TS"):
        state = th.apply(state, th.DealCard(card))
    assert state.is_chance
    assert table(state) == "\n".join(
        [
            "deal 1 (dealer 2), dealing: 5 of 24 cards dealt, chance to move",
            "    seat        hand    points  tricks  score  barrel  bolts",
            "    0           ♠ 9 K        0       0    880     0/3      0",
            "    1           ♠ J 10       0       0    120       -      0",
            "    2 dealer    ♠ Q          0       0    -40       -      0",
        ]
    )
    assert table(th.new_game()).splitlines()[0] == (
        "deal 1 (dealer 0), dealing: 0 of 24 cards dealt, chance to move"
    )


def test_the_table_of_a_finished_game_shows_the_winner_the_scores_and_the_last_deal() -> None:
    state = th.apply(th.new_game(th.Rules.classic(), scores=(0, 880, 800)), END)
    state = play(run(state, END_ACTIONS), END_TRICKS)
    assert state.is_terminal
    assert table(state) == "\n".join(
        [
            "game over after 1 deal: seat 1 wins with 1000",
            "    seat        score",
            "    0               0",
            "    1            1000",
            "    2            1025",
            "  last deal 1: declarer 1, contract 120 made; points 0 135 225; changes +0 +120 +225",
        ]
    )


def test_the_table_of_a_drawn_game_says_so() -> None:
    deal = th.Deal.parse(
        "AD TD KD QD AC KC QC / KS QS JS 9S JC JD JH / AH TH KH QH AS TS 9D / 9C TC 9H"
    )
    tricks = (
        "9S AS TC / KH* TD 9H / 9D AD JD / KD* JC 9C / KC* JS QH / AC JH TS / QC KS TH / QD QS AH"
    )
    state = th.apply(th.new_game(th.Rules.classic(), scores=(785, 0, 875)), deal)
    state = play(run(state, "bid 100; pass; pass; give 9C 2; give TC 0; contract 100"), tricks)
    assert state.is_terminal and state.winner is None
    lines = table(state).splitlines()
    assert lines[0] == "game over after 1 deal: drawn"
    assert lines[-1] == (
        "  last deal 1: declarer 1, contract 100 failed; points 225 0 135; changes +225 -100 +135"
    )


def test_the_table_marks_the_blind_opener_and_the_hidden_game() -> None:
    rules = th.Rules.classic().with_agreements(th.variants.hidden_round)
    state = th.apply(th.new_game(rules), WALKTHROUGH)
    lines = table(state).splitlines()
    assert lines[0] == "deal 1 (dealer 0), hidden game choice: seat 1 to move"
    assert lines[3] == "  > 1 blind     ♠ A  ♣ Q 10  ♦ 9  ♥ Q K A       0       0      0"
    assert lines[5] == "  talon (face down): ♠ 9  ♣ K  ♥ J"
    hidden = table(th.apply(state, th.Hidden())).splitlines()
    assert hidden[0] == "deal 1 (dealer 0), giving (hidden game): seat 1 to move"
    assert hidden[-2:] == ["  calls: 1:hidden", "  declarer 1, bid 120, contract not fixed yet"]


def test_the_table_refuses_what_is_not_a_state() -> None:
    with pytest.raises(TypeError, match=re.escape("table() takes a thousand.State, not Deal")):
        table(WALKTHROUGH)  # type: ignore[arg-type]


# -- a table of four ---------------------------------------------------------------------------


def test_the_table_of_four_marks_the_sitter_and_draws_no_hand_for_it() -> None:
    """Four rows; the dealer sits out (R-FOUR-1): its row says so and shows no hand, deal
    points or tricks, only its score. The talon is shown to all four (F2)."""
    state = base_hands(four())
    assert table(state) == "\n".join(
        [
            "deal 1 (dealer 0), auction: seat 1 to move",
            "    seat               hand                       points  tricks  score",
            "    0 dealer sits out                                                 0",
            "  > 1                  ♠ 10 A  ♣ 9 A  ♦ 9  ♥ Q K       0       0      0",
            "    2                  ♠ 9 J Q K  ♣ J Q K              0       0      0",
            "    3                  ♣ 10  ♦ J Q K 10 A  ♥ 10        0       0      0",
            "  talon (face down): ♥ 9 J A",
        ]
    )
    state = run(state, ";".join([*BASE_CALLS, *BASE_GIVES, "contract 135", "play AS", "play JS"]))
    lines = table(state).splitlines()
    assert lines[2] == "    0 dealer sits out                                                  0"
    assert lines[6:] == [
        "  talon taken by seat 1, shown to all: ♥ 9 J A",
        "  calls: 1:bid 100, 2:bid 105, 3:pass, 1:bid 120, 2:pass",
        "  declarer 1, bid 120, contract 135; gives 9♣ to 2, 9♦ to 3",
        "  trump none",
        "  table (trick 1): 1:A♠ 2:J♠",
    ]
    assert state.table() == table(state)


def test_the_table_of_four_at_a_chance_node_and_at_the_end() -> None:
    state = four("standard", (0, 0, 880, -40), dealer=3)
    for card in th.cards("9S JS QS KS"):
        state = th.apply(state, th.DealCard(card))
    assert table(state) == "\n".join(
        [
            "deal 1 (dealer 3), dealing: 4 of 24 cards dealt, chance to move",
            "    seat               hand   points  tricks  score  barrel  bolts",
            "    0                  ♠ 9 K       0       0      0       -      0",
            "    1                  ♠ J         0       0      0       -      0",
            "    2                  ♠ Q         0       0    880     0/3      0",
            "    3 dealer sits out                           -40       -      0",
        ]
    )
    over = base_deal(four("classic", (0, 880, 0, 0)))
    assert table(over) == "\n".join(
        [
            "game over after 1 deal: seat 1 wins with 1015",
            "    seat        score",
            "    0              15",
            "    1            1015",
            "    2               0",
            "    3             165",
            "  last deal 1: declarer 1, contract 135 made; points 0 137 0 163; changes +15 +135 +0 "
            "+165; seat 0 sat out",
        ]
    )


def test_the_table_of_four_counts_four_golden_deals() -> None:
    state = base_hands(four("standard", (0, 0, 0, 0), th.variants.golden_round))
    assert table(state).splitlines()[0] == (
        "deal 1 (dealer 0), giving (golden deal 1 of 4): seat 1 to move"
    )
