"""Agreement tests: the reshuffles (Reshuffle on Talon Score, Reshuffle on Card Score, 4 Nines after
Deal, 2 Nines in Talon, 4 Nines on Hands, On 100 Only) and what a redeal does (A2, A7, A8, A9).

The deals are LOSE (``scenario.py``) and variants of it, and GIVEN_NINES (``agreement_deals.py``):

* LOSE: the opener is dealt JS 9S JC 9C JD 9D JH (8 card points, three nines), the second
  TS KS AC TC KC QD QH (45), the third QS QC TD KD AH TH KH (45); the talon 9H AS AD holds 22
  card points and one nine. Nobody holds a marriage. After taking the talon the opener holds
  JS 9S JC 9C JD 9D JH 9H AS AD, and after giving AS and AD its eight cards hold four nines.
* NINES4: LOSE with 9H and JH swapped between the opener and the talon: the opener is dealt
  four nines.
* TWO_NINES: LOSE with 9S and AS swapped between the opener and the talon: talon 9H 9S AD.
"""

from __future__ import annotations

import thousand as th

from .agreement_deals import (
    GIVEN_NINES,
    LOSE_S,
    STANDARD,
    gives,
    golden_deal,
    standard,
)
from .scenario import (
    LOSE,
    TRUMP,
    Layout,
    bids,
    illegal,
    legal,
    lose,
    plays,
    run,
    start,
    sweep,
)

V = th.variants
K = th.EventKind
NINES4 = Layout(LOSE.opener.replace("JH", "9H"), LOSE.second, LOSE.third, "JH AS AD")
TWO_NINES = Layout(LOSE.opener.replace("9S", "AS"), LOSE.second, LOSE.third, "9H 9S AD")
LOSE_TEN = "JS 9S JC 9C JD 9D JH 9H AS AD"  # LOSE's opener after taking the talon


def talon_taken(
    rules: th.Rules, layout: Layout = LOSE, auction: str = "bid 100; pass; pass"
) -> th.State:
    """Dealer 0: the opener (seat 1) wins the auction and holds the talon."""
    return start(rules, layout.deal(0), auction)


def assert_redealt(state: th.State, before: th.State) -> None:
    """A9: back to the first chance node of the same deal: same dealer, deal number, scores and
    counts, no sheet row."""
    assert state.phase is th.Phase.DEALING and state.is_chance
    assert state.dealer == before.dealer
    assert state.deal_number == before.deal_number
    assert state.sheet == before.sheet
    assert state.scores == before.scores
    assert state.bolts == before.bolts
    assert state.barrel == before.barrel
    assert state.distributions == before.distributions
    assert state.is_golden_deal == before.is_golden_deal
    assert state.hands == (frozenset(), frozenset(), frozenset())
    assert state.history[-1] == th.parse_action("redeal")


# ---------------------------------------------------------------------------------------------
# Reshuffle on Talon Score (A2, A7)
# ---------------------------------------------------------------------------------------------


def test_agreement_reshuffle_on_talon_score_the_declarer_may_redeal_at_its_first_give() -> None:
    state = talon_taken(STANDARD)
    assert legal(state) == gives(LOSE_TEN, 2, 0) | {"distribute"}
    illegal(state, "redeal", "no agreement in force allows a redeal after the talon is taken (A7)")

    # The talon's 22 card points are below 23: a redeal beside the gives and distribution.
    rules = standard(V.reshuffle_on_talon_score(23))
    state = talon_taken(rules)
    assert legal(state) == gives(LOSE_TEN, 2, 0) | {"distribute", "redeal"}
    # Only at the first give decision.
    after = run(state, "give AS 2")
    assert "redeal" not in legal(after)
    illegal(after, "redeal", "a talon redeal comes only at the declarer's first give decision (A7)")
    # "Less than" is strict (A2): 22 is not below 22.
    assert "redeal" not in legal(talon_taken(standard(V.reshuffle_on_talon_score(22))))

    # The redeal: the same dealer deals deal 1 again; then SWEEP is dealt and played.
    redealt = run(state, "redeal")
    assert_redealt(redealt, th.new_game(rules, dealer=0))
    state = sweep(redealt, 100)
    assert [(r.deal_number, r.dealer, r.changes) for r in state.sheet] == [(1, 0, (0, 100, 0))]
    assert (state.deal_number, state.dealer) == (2, 1)


# ---------------------------------------------------------------------------------------------
# Reshuffle on Card Score (A2, A7)
# ---------------------------------------------------------------------------------------------


def test_agreement_reshuffle_on_card_score_a_seat_may_redeal_at_its_first_call() -> None:
    # LOSE (dealer 0): the opener (seat 1) holds 8 card points and no marriage.
    assert legal(start(STANDARD, LOSE.deal(0))) == bids(100, 120)
    rules = standard(V.reshuffle_on_card_score(9))
    state = start(rules, LOSE.deal(0))
    assert legal(state) == bids(100, 120) | {"redeal"}
    assert legal(start(standard(V.reshuffle_on_card_score(8)), LOSE.deal(0))) == bids(100, 120)
    # Never after the seat made a call: seat 1 bid 100, seat 2 105, seat 0 passed.
    later = start(rules, LOSE.deal(0), "bid 100; bid 105; pass")
    assert later.to_move == 1
    assert legal(later) == {"pass"} | bids(110, 120)
    illegal(
        later, "redeal", "seat 1 has made a call: a redeal comes only at its first decision (A7)"
    )

    assert_redealt(run(state, "redeal"), th.new_game(rules, dealer=0))


def test_agreement_reshuffle_on_card_score_each_seat_at_its_own_first_decision() -> None:
    # The second (seat 2) and the third (seat 0) hold 45 card points each.
    rules = standard(V.reshuffle_on_card_score(46))
    state = start(rules, LOSE.deal(0), "bid 100")
    assert legal(state) == {"pass", "redeal"} | bids(105, 120)
    state = run(state, "pass")
    assert state.to_move == 0
    assert legal(state) == {"pass", "redeal"} | bids(105, 120)
    strict = standard(V.reshuffle_on_card_score(45))
    assert "redeal" not in legal(start(strict, LOSE.deal(0), "bid 100"))
    assert "redeal" not in legal(start(strict, LOSE.deal(0), "bid 100; pass"))


# ---------------------------------------------------------------------------------------------
# 4 Nines after Deal (A7)
# ---------------------------------------------------------------------------------------------


def test_agreement_four_nines_after_deal_a_seat_dealt_four_nines_may_redeal() -> None:
    rules = standard(V.four_nines_after_deal)
    assert legal(start(STANDARD, NINES4.deal(0))) == bids(100, 120)
    state = start(rules, NINES4.deal(0))
    assert legal(state) == bids(100, 120) | {"redeal"}
    assert_redealt(run(state, "redeal"), th.new_game(rules, dealer=0))
    # Not after its first call.
    assert legal(start(rules, NINES4.deal(0), "bid 100; bid 105; pass")) == {"pass"} | bids(
        110, 120
    )
    # The dealt cards count: LOSE's opener was dealt three nines (the fourth is in the talon).
    assert legal(start(rules, LOSE.deal(0))) == bids(100, 120)


def test_agreement_four_nines_after_deal_also_for_a_seat_that_is_not_the_opener() -> None:
    layout = Layout(LOSE.second, NINES4.opener, LOSE.third, NINES4.talon)
    rules = standard(V.four_nines_after_deal)
    state = start(rules, layout.deal(0), "bid 100")  # seat 2 holds the four nines
    assert legal(state) == {"pass", "redeal"} | bids(105, 120)


# ---------------------------------------------------------------------------------------------
# 2 Nines in Talon (A7)
# ---------------------------------------------------------------------------------------------


def test_agreement_two_nines_in_talon_the_declarer_may_redeal() -> None:
    rules = standard(V.two_nines_in_talon)
    ten = "JS AS JC 9C JD 9D JH 9H 9S AD"  # TWO_NINES' opener after taking the talon
    assert legal(talon_taken(STANDARD, TWO_NINES)) == gives(ten, 2, 0) | {"distribute"}
    state = talon_taken(rules, TWO_NINES)
    assert legal(state) == gives(ten, 2, 0) | {"distribute", "redeal"}
    assert_redealt(run(state, "redeal"), th.new_game(rules, dealer=0))
    # One nine (LOSE's talon 9H AS AD) is not enough; three (TRUMP's 9C 9D 9S) are.
    assert "redeal" not in legal(talon_taken(rules, LOSE))
    assert "redeal" in legal(start(rules, TRUMP, "bid 100; pass; pass"))


# ---------------------------------------------------------------------------------------------
# 4 Nines on Hands (A7)
# ---------------------------------------------------------------------------------------------

GIVEN_NINES_TO_PLAY = "bid 100; pass; pass; give 9H 2; give QH 0; contract 120"


def test_agreement_four_nines_on_hands_a_seat_may_redeal_at_its_first_play() -> None:
    # GIVEN_NINES (dealer 0): seat 2 was dealt three nines and received the fourth.
    without = start(STANDARD, GIVEN_NINES.deal(0), f"{GIVEN_NINES_TO_PLAY}; play AS")
    assert legal(without) == plays("9S JS")
    rules = standard(V.four_nines_on_hands)
    state = start(rules, GIVEN_NINES.deal(0), GIVEN_NINES_TO_PLAY)
    assert legal(state) == plays("AS TS AC TC AD TD AH TH")  # the declarer holds no nine
    state = run(state, "play AS")
    assert legal(state) == plays("9S JS") | {"redeal"}
    # Only its first play decision, in the first trick.
    after = run(state, "play 9S")
    assert legal(after) == plays("KS QS")
    nxt = run(after, "play QS; play TS")
    assert legal(nxt) == plays("JS")
    illegal(nxt, "redeal", "may call a redeal only at its first play, holding four nines (A7)")

    assert_redealt(run(state, "redeal"), th.new_game(rules, dealer=0))


def test_agreement_four_nines_on_hands_the_declarer_too_but_not_before_the_play() -> None:
    # LOSE: the declarer's eight cards after the gives hold four nines; it may redeal at its lead
    # to trick 1, not while it is giving (4 Nines on Hands judges the hands after the gives).
    rules = standard(V.four_nines_on_hands)
    giving = talon_taken(rules)
    assert "redeal" not in legal(giving)
    state = run(giving, "give AS 2; give AD 0; contract 100")
    assert legal(state) == plays("JS 9S JC 9C JD 9D JH 9H") | {"redeal"}
    # In trick 2 (seat 2 leads TS, seat 0 QC) the declarer has no redeal any more.
    later = run(state, "play JS; play AS; play QS; play TS; play QC")
    assert later.to_move == 1
    assert legal(later) == plays("9S")


# ---------------------------------------------------------------------------------------------
# On 100 Only (A8)
# ---------------------------------------------------------------------------------------------


def test_agreement_on_100_only_talon_redeals_only_at_a_winning_bid_of_100() -> None:
    score = V.reshuffle_on_talon_score(23)
    for extra in ((), (V.on_100_only,)):
        rules = standard(score, *extra)
        assert "redeal" in legal(talon_taken(rules, LOSE, "bid 100; pass; pass"))
    # The opener opens with 105 and wins there.
    assert "redeal" in legal(talon_taken(standard(score), LOSE, "bid 105; pass; pass"))
    state = talon_taken(standard(score, V.on_100_only), LOSE, "bid 105; pass; pass")
    assert legal(state) == gives(LOSE_TEN, 2, 0) | {"distribute"}
    illegal(state, "redeal", "On 100 Only needs a bid of 100, A8")
    # The same for 2 Nines in Talon.
    nines = standard(V.two_nines_in_talon, V.on_100_only)
    assert "redeal" in legal(talon_taken(nines, TWO_NINES, "bid 100; pass; pass"))
    assert "redeal" not in legal(talon_taken(nines, TWO_NINES, "bid 105; pass; pass"))


def test_agreement_on_100_only_leaves_the_hand_redeals_alone() -> None:
    rules = standard(V.reshuffle_on_card_score(9), V.on_100_only)
    assert legal(start(rules, LOSE.deal(0))) == bids(100, 120) | {"redeal"}
    rules = standard(V.four_nines_on_hands, V.on_100_only)
    state = talon_taken(rules, LOSE, "bid 105; pass; pass")
    state = run(state, "give AS 2; give AD 0; contract 105")
    assert "redeal" in legal(state)


def test_agreement_on_100_only_golden_and_hidden_games_never_qualify() -> None:
    score = V.reshuffle_on_talon_score(23)
    # A golden deal (seat 1 declares at 120 without an auction, LOSE's talon).
    golden = th.apply(th.new_game(standard(score, V.golden_round)), LOSE.deal(0))
    assert legal(golden) == gives(LOSE_TEN, 2, 0) | {"redeal"}
    golden = th.apply(th.new_game(standard(score, V.golden_round, V.on_100_only)), LOSE.deal(0))
    assert legal(golden) == gives(LOSE_TEN, 2, 0)
    # A hidden game of seat 1 (at 120).
    hidden = start(standard(score, V.hidden_round), LOSE.deal(0), "hidden")
    assert legal(hidden) == gives(LOSE_TEN, 2, 0) | {"redeal"}
    hidden = start(standard(score, V.hidden_round, V.on_100_only), LOSE.deal(0), "hidden")
    assert legal(hidden) == gives(LOSE_TEN, 2, 0)


# ---------------------------------------------------------------------------------------------
# A9: what a redeal does
# ---------------------------------------------------------------------------------------------


def test_a9_a_redeal_keeps_dealer_and_deal_number_and_changes_no_count() -> None:
    rules = standard(V.reshuffle_on_talon_score(23), V.zero_wins_in_a_row)
    # Deal 1 (dealer 0), SWEEP at 100: seat 1 +100, seat 0 a bolt, seat 2 (on the barrel from
    # the start) uses a barrel deal.
    state = sweep(th.new_game(rules, dealer=0, scores=(0, 0, 880)), 100)
    assert state.sheet[-1].scores == (0, 100, 880)
    assert (state.bolts, state.barrel) == ((1, 0, 0), (None, None, 1))

    # Deal 2 (dealer 1): LOSE; seat 2 opens and wins at 100; the talon holds 22 < 23. On the
    # barrel it may not distribute, but it may call a redeal, and again in the new deal: there is
    # no limit on redeals.
    before = state
    for _ in range(2):
        state = run(th.apply(state, LOSE.deal(1)), "bid 100; pass; pass")
        assert legal(state) == gives(LOSE_TEN, 0, 1) | {"redeal"}
        state = run(state, "redeal")
        assert_redealt(state, before)
    assert (state.deal_number, state.dealer, len(state.sheet)) == (2, 1, 1)
    assert state.bolts == (1, 0, 0)  # the redeals did not break seat 0's row (A17)

    # Deal 2 is played: LOSE at 100. Seat 2 fails on the barrel (standard: nothing subtracted,
    # its second barrel deal); seat 0 (second) 105, seat 1 (third) 15; no bolts.
    state = lose(state, 100)
    record = state.sheet[-1]
    assert [r.deal_number for r in state.sheet] == [1, 2]
    assert (record.dealer, record.declarer) == (1, 2)
    assert record.scores == (105, 115, 880)
    assert record.barrel == (None, None, 2)
    assert record.bolts == (0, 0, 0)


def test_a9_a_redeal_in_a_golden_deal_is_no_golden_deal() -> None:
    # Golden round with Reset to Zero; LOSE's talon (22 < 23) allows a redeal. Deal 1 LOSE
    # (unmade); deal 2 is redealt once, then LOSE (unmade); deal 3 LOSE (unmade): the reset comes
    # after deal 3, the third unmade golden deal, not after deal 2 (A9, A11).
    rules = standard(V.golden_round, V.golden_reset_to_zero, V.reshuffle_on_talon_score(23))
    state = golden_deal(th.new_game(rules, dealer=0), LOSE_S)
    before = state
    state = th.apply(state, LOSE.deal(1))
    assert state.is_golden_deal and "redeal" in legal(state)
    state = run(state, "redeal")
    assert_redealt(state, before)
    state = golden_deal(state, LOSE_S)
    assert state.sheet[-1].scores == (240, -210, -30)
    assert state.bolts == (0, 1, 1)
    assert K.GOLDEN_RESET not in {e.kind for e in state.sheet[-1].events}
    state = golden_deal(state, LOSE_S)
    assert K.GOLDEN_RESET in {e.kind for e in state.sheet[-1].events}
    assert state.bolts == (0, 0, 0)
    assert [r.deal_number for r in state.sheet] == [1, 2, 3]


def test_agreement_reshuffle_on_card_score_under_the_hidden_round_after_looking() -> None:
    # Reading of A7 with the Hidden Round: the opener's choice between a hidden game and looking
    # is taken before it sees its cards, so no hand redeal is offered there; after "look" its
    # first call in the auction may be a redeal.
    rules = standard(V.hidden_round, V.reshuffle_on_card_score(9))
    state = start(rules, LOSE.deal(0))
    assert legal(state) == {"hidden", "look"}
    assert legal(run(state, "look")) == bids(100, 120) | {"redeal"}
