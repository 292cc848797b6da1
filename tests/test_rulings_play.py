"""Ruling tests: the play and marriages (R-PLAY-1 … R-PLAY-4, R-MARRIAGE-1, R-MARRIAGE-2).

The deals (MAIN, TRUMP, ...) and their hand-worked tricks are in ``scenario.py``.
"""

from __future__ import annotations

import pytest

import thousand as th

from .scenario import (
    MAIN,
    MAIN_AUCTION,
    MAIN_PLAY,
    SWEEP,
    TRUMP,
    TRUMP_AUCTION,
    illegal,
    legal,
    plays,
    run,
    start,
    steps,
    sweep,
    tricks,
)

CLASSIC = th.Rules.classic()
STANDARD = th.Rules.standard()
PRESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(STANDARD, id="standard")]
H, D, S = th.Suit.HEARTS, th.Suit.DIAMONDS, th.Suit.SPADES


def main_play(rules: th.Rules, played: str = "") -> th.State:
    """MAIN at contract 110 after the plays ``played`` (see scenario.py)."""
    return run(start(rules, MAIN, [*steps(MAIN_AUCTION), "contract 110"]), tricks(played))


def trump_play(rules: th.Rules, played: str = "") -> th.State:
    """TRUMP at contract 100 after the plays ``played`` (see scenario.py)."""
    return run(start(rules, TRUMP, [*steps(TRUMP_AUCTION), "contract 100"]), tricks(played))


# ---------------------------------------------------------------------------------------------
# R-PLAY-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_1_declarer_leads_and_each_trick_winner_leads_the_next(rules: th.Rules) -> None:
    state = main_play(rules)
    assert state.phase is th.Phase.PLAYING
    assert state.to_move == 1  # the declarer
    assert [len(h) for h in state.hands] == [8, 8, 8]
    leaders = []
    for trick in MAIN_PLAY.split("/")[:-1]:
        state = run(state, tricks(trick))
        leaders.append(state.to_move)
    # Worked in scenario.py: seat 1 wins trick 1, seat 0 wins tricks 2 to 7.
    assert leaders == [1, 0, 0, 0, 0, 0, 0]


def test_r_play_1_declarer_leads_even_when_it_is_not_the_opener() -> None:
    state = start(CLASSIC, MAIN, "bid 100; bid 105; pass; pass; give 9S 0; give 9D 1; contract 105")
    assert state.declarer == 2
    assert state.to_move == 2


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_1_eight_tricks_make_a_deal(rules: th.Rules) -> None:
    state = main_play(rules)
    plays_left = tricks(MAIN_PLAY)
    assert len(plays_left) == 24
    state = run(state, plays_left[:-1])
    assert state.phase is th.Phase.PLAYING and state.deal_number == 1
    assert [len(h) for h in state.hands] == [0, 0, 1]  # seat 2 still holds AC for trick 8
    state = run(state, plays_left[-1:])
    assert state.phase is th.Phase.DEALING
    assert state.deal_number == 2 and len(state.sheet) == 1


def test_r_play_1_a_seat_out_of_turn_cannot_play() -> None:
    state = main_play(CLASSIC)
    illegal(state, "play AD", "does not hold AD")  # seat 1 is to lead, not seat 0


# ---------------------------------------------------------------------------------------------
# R-PLAY-2
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_2_follow_suit_if_you_can(rules: th.Rules) -> None:
    state = trump_play(rules, "AS AH")
    # Seat 0 holds TS KS QS JS 9S KC QC JC: it must play a spade.
    assert state.to_move == 0
    assert legal(state) == plays("TS KS QS JS 9S")
    illegal(state, "play KC", "seat 0 must follow suit ♠")


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_2_no_obligation_to_beat_the_cards_played(rules: th.Rules) -> None:
    # Trick 2 of MAIN: KH led as a marriage (♥ trump); seat 2 has no heart, seat 0 holds
    # AH TH JH and may play the jack under the king.
    state = main_play(rules, "AS JS 9H / KH* 9D")
    assert legal(state) == plays("AH TH JH")
    state = run(state, "play JH")
    assert state.to_move == 1  # the king wins
    assert state.points == (0, 13 + 100 + 4 + 0 + 2, 0)


def test_r_play_2_classic_must_trump_when_void_in_the_suit_led() -> None:
    # TRUMP: ♥ is trump after trick 2; seat 1 leads AC, seat 2 has no club but TH and JH.
    state = trump_play(CLASSIC, "AS AH 9S / KH* 9H JS / AC")
    assert state.to_move == 2
    assert legal(state) == plays("TH JH")
    illegal(state, "play AD", "seat 2 cannot follow suit ♣ and must play a trump ♥")
    state = run(state, "play JH")
    assert legal(state) == plays("KC QC JC")  # seat 0 still follows suit


def test_r_play_2_standard_any_card_when_void_in_the_suit_led() -> None:
    state = trump_play(STANDARD, "AS AH 9S / KH* 9H JS / AC")
    assert legal(state) == plays("TH JH AD TD JD 9D")
    state = run(state, "play AD; play KC")
    assert state.to_move == 1  # AC wins: the diamond is neither led nor trump
    assert state.points[1] == 22 + 100 + 6 + 11 + 11 + 4


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_2_void_with_no_trump_in_hand_plays_any_card(rules: th.Rules) -> None:
    # MAIN trick 2: ♥ trump, seat 2 holds no heart at all.
    state = main_play(rules, "AS JS 9H / KH*")
    assert state.to_move == 2
    assert legal(state) == plays("AC TC KC 9S JD 9D 9C")


# ---------------------------------------------------------------------------------------------
# R-PLAY-3
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_3_highest_card_of_the_suit_led_wins_without_trump(rules: th.Rules) -> None:
    # TRUMP trick 1: AS led, AH discarded, 9S: the ace of the suit led wins, 11+11+0.
    state = trump_play(rules, "AS AH 9S")
    assert state.to_move == 1
    assert state.points == (0, 22, 0)
    assert state.trick == ()


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_3_a_trump_beats_the_suit_led(rules: th.Rules) -> None:
    # TRUMP trick 4: ♦ trump; AC led, JD trumps it, KC follows: seat 2 wins 11+2+4.
    state = trump_play(rules, "AS AH 9S / KH* 9H JS / KD* 9D JC / AC JD KC")
    assert state.to_move == 2
    assert state.points == (0, 214, 17)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_3_the_highest_trump_wins(rules: th.Rules) -> None:
    # MAIN trick 2: KH (trump, led), 9D, AH: the higher trump wins, 4+0+11 to seat 0.
    state = main_play(rules, "AS JS 9H / KH* 9D AH")
    assert state.to_move == 0
    assert state.points == (15, 113, 0)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_3_suit_led_wins_when_no_trump_is_played(rules: th.Rules) -> None:
    # MAIN trick 4: ♦ is trump but none is played: TH beats QH, the club is discarded.
    state = main_play(rules, "AS JS 9H / KH* 9D AH / KD* JC JD / TH QH 9C")
    assert state.trump is D
    assert state.to_move == 0
    assert state.points == (15 + 80 + 8 + 13, 113, 0)


# ---------------------------------------------------------------------------------------------
# R-PLAY-4
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_play_4_no_trump_at_the_start_of_a_deal(rules: th.Rules) -> None:
    state = main_play(rules)
    assert state.trump is None
    # Even after a deal in which ♦ ended as trump, the next deal starts without one.
    state = run(state, tricks(MAIN_PLAY))
    assert state.sheet[-1].marriages == ((1, H), (0, D))
    state = th.apply(state, SWEEP.deal(state.dealer))
    state = run(state, "bid 100; pass; pass; give AH 0; give TH 1; contract 100")
    assert state.phase is th.Phase.PLAYING and state.trump is None


def test_r_play_4_classic_no_trump_to_follow_in_the_first_trick() -> None:
    # TRUMP trick 1: seat 2 has no spade; no trump is in force, so any card is legal and its
    # AH does not win.
    state = trump_play(CLASSIC, "AS")
    assert legal(state) == plays("AH TH JH 9H AD TD JD 9D")
    state = run(state, "play AH; play 9S")
    assert state.to_move == 1


def test_r_play_4_sweep_deal_has_no_trump_in_any_trick() -> None:
    state = th.apply(th.new_game(CLASSIC), SWEEP.deal(0))
    state = run(state, "bid 100; pass; pass; give AH 2; give TH 0; contract 120")
    for play in tricks("AS KS QS / TS KH JH / JS QH 9H / 9S AH TH"):
        state = run(state, play)
        assert state.trump is None
    assert state.points == (0, 11 + 4 + 3 + 10 + 4 + 2 + 2 + 3 + 0 + 0 + 11 + 10, 0)
    assert sweep(th.new_game(CLASSIC)).sheet[-1].marriages == ()


# ---------------------------------------------------------------------------------------------
# R-MARRIAGE-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_1_no_marriage_on_the_first_lead(rules: th.Rules) -> None:
    state = main_play(rules)  # seat 1 holds KS QS KH QH
    assert legal(state) == plays("AS TS KS QS KH QH QC JC")
    illegal(state, "play KH marriage", "first lead")
    illegal(state, "play QS marriage", "first lead")


def test_r_marriage_1_classic_declaring_is_optional() -> None:
    state = trump_play(CLASSIC, "AS AH 9S")
    assert legal(state) == plays("KH QH KD QD AC TC 9C", marriage="KH QH KD QD")
    plain = run(state, "play KH")  # led without declaring: no points, no trump
    assert plain.points == (0, 22, 0)
    assert plain.trump is None
    assert plain.marriages == ()


def test_r_marriage_1_standard_declaring_is_automatic() -> None:
    state = trump_play(STANDARD, "AS AH 9S")
    assert legal(state) == plays("AC TC 9C", marriage="KH QH KD QD")
    illegal(state, "play KH", "automatically")
    illegal(state, "play QD", "automatically")


@pytest.mark.parametrize(
    ("rules", "listed"),
    [
        (CLASSIC, "9C TC AC QD QD* KD KD* QH QH* KH KH*"),  # optional: the marriage after
        (STANDARD, "9C TC AC QD* KD* QH* KH*"),  # automatic: the marriage instead
    ],
)
def test_r_marriage_1_a_lead_lists_its_cards_lowest_first(rules: th.Rules, listed: str) -> None:
    state = trump_play(rules, "AS AH 9S")
    expected = [f"play {c[:2]} marriage" if c[2:] else f"play {c}" for c in listed.split()]
    assert [str(action) for action in th.legal_actions(state)] == expected


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_1_points_and_trump_at_once(rules: th.Rules) -> None:
    state = trump_play(rules, "AS AH 9S / KH*")
    assert state.trick == ((1, th.Card.parse("KH")),)
    assert state.points == (0, 22 + 100, 0)  # before the trick is complete
    assert state.trump is H
    assert state.marriages == ((1, H),)
    # Seat 2 must follow hearts; the king, already trump, wins 4+0+2.
    assert legal(state) == plays("TH JH 9H")
    state = run(state, "play 9H; play JS")
    assert state.to_move == 1 and state.points == (0, 128, 0)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_1_the_new_trump_rules_the_trick_it_is_led_to(rules: th.Rules) -> None:
    # MAIN: ♥ is trump after trick 2; seat 0 leads KD as a marriage. From this very trick ♦ is
    # trump, so seat 1 (no diamond, but QH of the old trump) is free to play any card, and its
    # QH does not win: KD does, 4+3+2.
    state = main_play(rules, "AS JS 9H / KH* 9D AH / KD*")
    assert state.trump is D
    assert legal(state) == plays("TS KS QS QH QC JC")
    state = run(state, "play QH; play JD")
    assert state.to_move == 0
    assert state.points == (15 + 80 + 9, 113, 0)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_1_trump_holds_until_another_marriage(rules: th.Rules) -> None:
    state = main_play(rules)
    seen = []
    for play in tricks(MAIN_PLAY)[:-1]:
        state = run(state, play)
        seen.append(state.trump)
    # Trick 1 (3 plays) none; KH declared on play 4 (♥), KD on play 7 (♦) for the rest.
    assert seen == [None] * 3 + [H] * 3 + [D] * 17


def test_r_marriage_1_classic_must_trump_follows_the_new_trump() -> None:
    # TRUMP: after KH (♥) and then KD (♦), seat 2 without clubs must play a diamond, no more
    # a heart, when AC is led.
    state = trump_play(CLASSIC, "AS AH 9S / KH* 9H JS / KD* 9D JC / AC")
    assert state.trump is D
    assert legal(state) == plays("AD TD JD")
    illegal(state, "play TH", "must play a trump ♦")


def test_r_marriage_1_standard_old_trump_no_longer_wins() -> None:
    # The same trick under the standard rules: seat 2 throws TH (♥, no longer trump); AC wins.
    state = trump_play(STANDARD, "AS AH 9S / KH* 9H JS / KD* 9D JC / AC")
    assert legal(state) == plays("TH JH AD TD JD")
    state = run(state, "play TH; play KC")
    assert state.to_move == 1
    assert state.points == (0, 214 + 11 + 10 + 4, 0)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_1_only_the_leader_declares(rules: th.Rules) -> None:
    # MAIN trick 3: seat 1 holds KS QS but follows; it may play KS, not declare with it.
    state = main_play(rules, "AS JS 9H / KH* 9D AH / KD*")
    assert "play KS marriage" not in legal(state)
    illegal(state, "play KS marriage", "only by leading")
    state = run(state, "play KS")
    assert state.points == (15 + 80, 113, 0)
    assert state.trump is D


# ---------------------------------------------------------------------------------------------
# R-MARRIAGE-2
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_2_a_suit_is_declared_once_per_deal(rules: th.Rules) -> None:
    # TRUMP after KH was declared: QH can only be led plain.
    state = trump_play(rules, "AS AH 9S / KH* 9H JS")
    expected = (
        plays("QH KD QD AC TC 9C", marriage="KD QD")
        if rules == CLASSIC
        else plays("QH AC TC 9C", marriage="KD QD")
    )
    assert legal(state) == expected
    illegal(state, "play QH marriage", "does not hold KH")
    state = run(state, "play QH")
    assert state.points == (0, 128, 0)
    assert state.trump is H


@pytest.mark.parametrize("rules", PRESETS)
def test_r_marriage_2_both_cards_must_be_in_hand(rules: th.Rules) -> None:
    # MAIN, but seat 1 gives QH away: after trick 1 its KH is a lone king.
    state = start(rules, MAIN, "bid 110; pass; pass; give QH 2; give 9H 0; contract 110")
    state = run(state, tricks("AS JS AH"))  # seat 0 throws AH: no trump, AS wins
    assert state.to_move == 1
    marriage = "KS QS"
    expected = (
        plays("TS KS QS KH 9C QC JC", marriage=marriage)
        if rules == CLASSIC
        else plays("TS KH 9C QC JC", marriage=marriage)
    )
    assert legal(state) == expected
    illegal(state, "play KH marriage", "does not hold QH")
    state = run(state, "play KH")
    assert state.points == (0, 11 + 2 + 11, 0)
    assert state.trump is None


def test_r_marriage_2_a_marriage_card_played_earlier_cannot_be_declared() -> None:
    # Classic MAIN: seat 1 leads QH plain to trick 2 and wins it (3+0+2); its KH is now alone.
    state = main_play(CLASSIC, "AS JS 9H / QH 9D JH")
    assert state.to_move == 1 and state.trump is None
    assert state.points == (0, 13 + 5, 0)
    assert legal(state) == plays("TS KS QS KH QC JC", marriage="KS QS")
    illegal(state, "play KH marriage", "does not hold QH")
