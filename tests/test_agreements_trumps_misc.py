"""Agreement tests: the trumps (Trumps in First Move, Declaring without Marriage, Ace Marriage,
Don't Allow Opponent Trumps, Should Play with Trumps), the 4 Nines Bonus, agreements that refine
what the rules lack (A1), and the order of the end-of-deal effects (A27).

Deals (``scenario.py``, ``agreement_deals.py``; dealer 0 unless said otherwise):

* TRUMP: seat 1 declares at 100; after the gives it holds AS KH QH KD QD AC TC 9C, seat 2
  AH TH JH 9H AD TD JD 9D, seat 0 TS KS QS JS 9S KC QC JC. TRUMP_PLAY: seat 1 declares ♥ in
  trick 2 and ♦ in trick 3; 214 points for seat 1, 86 for seat 2, 0 for seat 0.
* ACES: the opener (seat 1) holds the four aces and no K+Q marriage; 113 card points.
* LOSE: the opener takes no card points and holds four nines after the gives.
* GIVEN_NINES: the second seat (seat 2) receives its fourth nine; the opener takes 120.
"""

from __future__ import annotations

import pytest

import thousand as th

from . import (
    test_agreements_distribution,
    test_agreements_golden,
    test_agreements_hidden,
    test_agreements_penalties,
    test_agreements_reshuffle,
    test_agreements_restrictions,
)
from .agreement_deals import (
    ACES,
    CLASSIC,
    DUO,
    GIVEN_NINES,
    LOSE_S,
    STANDARD,
    auction_deal,
    classic,
    events,
    golden_deal,
    hidden_deal,
    kinds,
    standard,
    trace,
)
from .scenario import (
    LOSE,
    MAIN,
    MARRIAGE_ONLY,
    MARRIAGE_ONLY_AUCTION,
    MARRIAGE_ONLY_PLAY,
    TRUMP,
    TRUMP_AUCTION,
    TRUMP_PLAY,
    bids,
    deal,
    illegal,
    legal,
    lose,
    main,
    plays,
    run,
    start,
    steps,
    sweep,
    tricks,
)

V = th.variants
K = th.EventKind
H, D = th.Suit.HEARTS, th.Suit.DIAMONDS


def contracts(low: int, high: int) -> set[str]:
    return {f"contract {v}" for v in range(low, high + 1, 5)}


def trump_at(rules: th.Rules, contract: int, played: str = "") -> th.State:
    """TRUMP at ``contract`` after the plays ``played``."""
    return start(rules, TRUMP, [*steps(TRUMP_AUCTION), f"contract {contract}", *tricks(played)])


# ---------------------------------------------------------------------------------------------
# Trumps in First Move (R-MARRIAGE-1)
# ---------------------------------------------------------------------------------------------


def test_agreement_trumps_in_first_move_a_marriage_on_the_first_lead() -> None:
    state = trump_at(STANDARD, 100)
    assert legal(state) == plays("AS KH QH KD QD AC TC 9C")
    illegal(state, "play KH marriage", "no marriage may be declared on the first lead")

    # Standard (automatic declaration): leading a marriage card declares it, on trick 1 too.
    state = trump_at(standard(V.trumps_in_first_move), 100)
    assert legal(state) == plays("AS AC TC 9C", marriage="KH QH KD QD")
    illegal(state, "play KH", "declares its marriage automatically")
    # Classic (optional declaration): both forms.
    state = trump_at(classic(V.trumps_in_first_move), 100)
    assert legal(state) == plays("AS KH QH KD QD AC TC 9C", marriage="KH QH KD QD")

    # The marriage counts at once and its suit rules the first trick.
    state = run(trump_at(standard(V.trumps_in_first_move), 100), "play KH marriage")
    assert state.trump is H
    assert state.points == (0, 100, 0)
    assert state.marriages == ((1, H),)
    assert legal(state) == plays("AH TH JH 9H")


# ---------------------------------------------------------------------------------------------
# Declaring without Marriage (A22)
# ---------------------------------------------------------------------------------------------


def test_agreement_declaring_without_marriage_bids_and_contracts_up_to_400() -> None:
    # LOSE (standard): the opener holds no marriage: limit 120.
    state = start(STANDARD, LOSE.deal(0))
    assert legal(state) == bids(100, 120)
    illegal(state, "bid 125", "bid 125 is above the limit 120: no marriage in hand (R-BID-3)")
    rules = standard(V.declaring_without_marriage)
    assert legal(start(rules, LOSE.deal(0))) == bids(100, 400)
    # The contract too (A22): the opener's eight cards hold no marriage.
    to_contract = "bid 100; pass; pass; give AS 2; give AD 0"
    assert legal(start(STANDARD, LOSE.deal(0), to_contract)) == contracts(100, 120)
    assert legal(start(rules, LOSE.deal(0), to_contract)) == contracts(100, 400)


def test_agreement_declaring_without_marriage_classic_limit_is_at_least_400() -> None:
    # MAIN (classic): seat 1 holds ♠ and ♥: 120 + 40 + 100 = 260; seat 2 holds none: 120.
    assert legal(start(CLASSIC, MAIN)) == bids(100, 260)
    assert legal(start(CLASSIC, MAIN, "bid 100")) == {"pass"} | bids(105, 120)
    rules = classic(V.declaring_without_marriage)
    assert legal(start(rules, MAIN)) == bids(100, 400)
    assert legal(start(rules, MAIN, "bid 100")) == {"pass"} | bids(105, 400)


# ---------------------------------------------------------------------------------------------
# Ace Marriage (A21)
# ---------------------------------------------------------------------------------------------

ACES_TO_PLAY = "bid 100; pass; pass; give 9C 2; give 9H 0"


def test_agreement_ace_marriage_four_aces_raise_the_bid_limit() -> None:
    # The opener holds four aces and no K+Q marriage.
    assert legal(start(STANDARD, ACES.deal(0))) == bids(100, 120)
    assert legal(start(standard(V.ace_marriage), ACES.deal(0))) == bids(100, 400)
    assert legal(start(CLASSIC, ACES.deal(0))) == bids(100, 120)
    assert legal(start(classic(V.ace_marriage), ACES.deal(0))) == bids(100, 320)
    # And the contract limit (the eight cards still hold the four aces).
    assert legal(start(STANDARD, ACES.deal(0), ACES_TO_PLAY)) == contracts(100, 120)
    assert legal(start(standard(V.ace_marriage), ACES.deal(0), ACES_TO_PLAY)) == contracts(100, 400)


def test_agreement_ace_marriage_declared_by_leading_an_ace_after_the_first_trick() -> None:
    rules = standard(V.ace_marriage)
    state = start(rules, ACES.deal(0), [*steps(ACES_TO_PLAY), "contract 300"])
    # Not on the first lead (R-MARRIAGE-1).
    assert legal(state) == plays("AS AC AD AH TS 9S TH JH")
    illegal(state, "play AH marriage", "no marriage may be declared on the first lead")
    state = run(state, tricks("TS 9C JS"))  # seat 1 wins trick 1: 12 card points
    # Standard (automatic): leading an ace declares the ace marriage.
    assert legal(state) == plays("9S TH JH", marriage="AS AC AD AH")
    illegal(state, "play AH", "declares its marriage automatically")
    state = run(state, "play AH marriage")
    assert state.trump is None  # the trump does not change
    assert state.points == (0, 212, 0)  # 12 + 200 at once
    assert state.marriages == ((1, None),)
    # Classic (optional): plain or declared.
    state = start(classic(V.ace_marriage), ACES.deal(0), [*steps(ACES_TO_PLAY), "contract 300"])
    state = run(state, tricks("TS 9C JS"))
    assert legal(state) == plays("AS AC AD AH 9S TH JH", marriage="AS AC AD AH")
    # Without the agreement an ace declares nothing.
    state = start(STANDARD, ACES.deal(0), [*steps(ACES_TO_PLAY), "contract 100", "play TS"])
    state = run(state, "play 9C; play JS")
    assert legal(state) == plays("AS AC AD AH 9S TH JH")
    illegal(state, "play AH marriage", "AH is not a king or queen")


def test_agreement_ace_marriage_scores_200_deal_points() -> None:
    # With: contract 300, 113 card points + 200 = 313: made. Seat 0 takes 7 (-> 5), seat 2 none.
    state = auction_deal(th.new_game(standard(V.ace_marriage)), ACES, 300)
    record = state.sheet[-1]
    assert record.card_points == (7, 113, 0)  # the 200 are no card points (A21)
    assert record.points == (7, 313, 0)
    assert record.marriages == ((1, None),)
    assert record.made is True
    assert record.changes == (5, 300, 0)
    assert record.bolts == (0, 0, 1)
    # Without: 300 is above the limit 120; at 100 the same cards make 113.
    state = start(STANDARD, ACES.deal(0), ACES_TO_PLAY)
    illegal(state, "contract 300", "contract 300 is above the limit 120")
    state = auction_deal(th.new_game(STANDARD), ACES, 100, marriages=False)
    record = state.sheet[-1]
    assert record.points == (7, 113, 0)
    assert record.marriages == ()
    assert record.changes == (5, 100, 0)


# ---------------------------------------------------------------------------------------------
# Don't Allow Opponent Trumps (A23)
# ---------------------------------------------------------------------------------------------

BEFORE_T4 = "AS AH 9S / KH* 9H JS / KD* 9D JC / AC"
#: TRUMP under the agreement (worked by hand; leader first in each trick):
#:   T1-T3 as TRUMP_PLAY: seat 1 22 + 6 + 6 card points, ♥ 100 and ♦ 80 declared (♦ trump)
#:   T4 1 AC, 2 TH (may not trump JD), 0 KC   -> 1: 11+10+4  = 25
#:   T5 1 TC, 2 JH (its only non-trump), 0 QC -> 1: 10+2+3   = 15
#:   T6 1 9C, 2 AD (only trumps left), 0 TS   -> 2: 0+11+10  = 21 (AD counts as a trump)
#:   T7 2 TD, 0 KS, 1 QD                      -> 2: 10+4+3   = 17
#:   T8 2 JD, 0 QS, 1 QH                      -> 2: 2+3+3    = 8
#: Seat 1: 74 card points + 180 = 254; seat 2: 46; seat 0: 0.
NO_OPPONENT_TRUMPS_PLAY = (
    "AS AH 9S / KH* 9H JS / KD* 9D JC / AC TH KC / TC JH QC / 9C AD TS / TD KS QD / JD QS QH"
)


def test_agreement_dont_allow_opponent_trumps_a_follower_may_not_trump() -> None:
    # Trick 4: seat 1 (which declared ♦) leads AC; seat 2 has no club.
    assert legal(trump_at(STANDARD, 220, BEFORE_T4)) == plays("TH JH AD TD JD")
    rules = standard(V.dont_allow_opponent_trumps)
    state = trump_at(rules, 220, BEFORE_T4)
    assert legal(state) == plays("TH JH")
    illegal(state, "play JD", "may not trump", "(Don't Allow Opponent Trumps, A23)")
    # Holding only trumps, it plays one, and that card wins as a trump (trick 6).
    state = trump_at(rules, 220, "AS AH 9S / KH* 9H JS / KD* 9D JC / AC TH KC / TC JH QC / 9C")
    assert legal(state) == plays("AD TD JD")
    state = run(state, "play AD; play TS")
    assert state.last_trick is not None and state.last_trick[0] == 2
    # Leads are free, and following a trump lead with trumps stays legal (trick 7).
    assert legal(state) == plays("TD JD")
    assert legal(run(state, "play TD; play KS")) == plays("QD")


def test_agreement_dont_allow_opponent_trumps_changes_the_score() -> None:
    # TRUMP at 220. Standard (TRUMP_PLAY): seat 1 214 < 220 fails; seat 2 86 -> 85.
    record = trump_at(STANDARD, 220, TRUMP_PLAY).sheet[-1]
    assert record.points == (0, 214, 86)
    assert record.changes == (0, -220, 85)
    # With the agreement: seat 1 254 makes it; seat 2 46 -> 45.
    rules = standard(V.dont_allow_opponent_trumps)
    record = trump_at(rules, 220, NO_OPPONENT_TRUMPS_PLAY).sheet[-1]
    assert record.points == (0, 254, 46)
    assert record.made is True
    assert record.changes == (0, 220, 45)
    assert record.bolts == (1, 0, 0)


#: OWNER (dealer 0): seat 1 declares ♠ and keeps trumps while void in hearts.
#:   seat 0  KC QC JC KD QD JH 9H    seat 1  KS QS AC TC AD TD 9D    seat 2  AS TS JS AH TH KH QH
#:   talon   9S 9C JD
#: Seat 1 bids 100 alone (classic limit 160), takes the talon, gives 9C to seat 2 and JD to
#: seat 0:  seat 1 KS QS 9S AC TC AD TD 9D; seat 2 AS TS JS AH TH KH QH 9C;
#:          seat 0 KC QC JC KD QD JD JH 9H.
#:   T1 1 AC, 2 9C, 0 JC        -> 1
#:   T2 1 KS marriage (♠ trump), 2 AS, 0 9H -> 2 (the ace of the suit led)
#:   T3 2 AH, 0 JH, 1 ?         (seat 1, the trump's owner, has no heart)
#:   T3 ... 1 9S                -> 1 (trump)
#:   T4 1 AD, 2 ?               (seat 2, not the owner, has no diamond but holds TS JS)
OWNER = deal("KC QC JC KD QD JH 9H", "KS QS AC TC AD TD 9D", "AS TS JS AH TH KH QH", "9S 9C JD")
OWNER_TO_PLAY = "bid 100; pass; pass; give 9C 2; give JD 0; contract 100"


def test_agreement_dont_allow_opponent_trumps_the_owner_must_still_trump() -> None:
    # Classic (must trump), trick 3: seat 1 owns the ♠ trump: it must trump, agreement or not.
    t3 = [*steps(OWNER_TO_PLAY), *tricks("AC 9C JC / KS* AS 9H / AH JH")]
    assert legal(start(CLASSIC, OWNER, t3)) == plays("QS 9S")
    rules = classic(V.dont_allow_opponent_trumps)
    assert legal(start(rules, OWNER, t3)) == plays("QS 9S")
    # Trick 4: seat 2 (not the owner) has no diamond: classic makes it trump, the agreement
    # forbids it.
    t4 = [*t3, *tricks("9S / AD")]
    assert legal(start(CLASSIC, OWNER, t4)) == plays("TS JS")
    assert legal(start(rules, OWNER, t4)) == plays("TH KH QH")
    # Without must-trump the owner may discard (standard + agreement).
    state = start(standard(V.dont_allow_opponent_trumps), OWNER, t3)
    assert legal(state) == plays("QS 9S TC AD TD 9D")


# ---------------------------------------------------------------------------------------------
# Should Play with Trumps (R-PLAY-2)
# ---------------------------------------------------------------------------------------------


def test_agreement_should_play_with_trumps_a_void_follower_must_trump() -> None:
    # Trick 4 of TRUMP: seat 2 has no club, ♦ is trump.
    assert legal(trump_at(STANDARD, 100, BEFORE_T4)) == plays("TH JH AD TD JD")
    rules = standard(V.should_play_with_trumps)
    assert rules.play.must_trump
    state = trump_at(rules, 100, BEFORE_T4)
    assert legal(state) == plays("AD TD JD")
    illegal(state, "play TH", "must play a trump ♦")
    # Without a trump in force there is nothing to trump with (trick 1: seat 2 has no spade).
    assert legal(trump_at(rules, 100, "AS")) == plays("AH TH JH 9H AD TD JD 9D")


# ---------------------------------------------------------------------------------------------
# 4 Nines Bonus (A25)
# ---------------------------------------------------------------------------------------------


def test_agreement_four_nines_bonus_the_declarer_after_the_contract_check() -> None:
    # LOSE: seat 1 fails 100 with four nines: -100 + 120 = +20; the contract stays failed.
    record = lose(th.new_game(STANDARD), 100).sheet[-1]
    assert record.changes == (15, -100, 105)
    record = lose(th.new_game(standard(V.four_nines_bonus)), 100).sheet[-1]
    assert record.made is False
    assert record.changes == (15, 20, 105)
    assert events(record) == {(K.FOUR_NINES_BONUS, 1, 120), (K.BOLT, 1, 0)}
    assert record.bolts == (0, 1, 0)


def test_agreement_four_nines_bonus_an_opponent_judged_after_the_gives() -> None:
    # GIVEN_NINES: seat 2 was dealt three nines and received the fourth; seat 1 makes 120.
    record = auction_deal(th.new_game(STANDARD), GIVEN_NINES, 120).sheet[-1]
    assert record.changes == (0, 120, 0)
    record = auction_deal(th.new_game(standard(V.four_nines_bonus)), GIVEN_NINES, 120).sheet[-1]
    assert record.changes == (0, 120, 120)
    assert record.bolts == (1, 0, 1)  # the bonus is no card points


def test_agreement_four_nines_bonus_not_on_the_barrel_not_distributed_not_doubled() -> None:
    rules = standard(V.four_nines_bonus)
    # Seat 1 on the barrel fails LOSE: nothing subtracted, no bonus.
    record = lose(th.new_game(rules, scores=(0, 880, 0)), 100).sheet[-1]
    assert record.changes == (15, 0, 105)
    assert K.FOUR_NINES_BONUS not in {e.kind for e in record.events}
    # Distributed: no cards played, no bonus.
    record = start(rules, LOSE.deal(0), "bid 100; pass; pass; distribute").sheet[-1]
    assert record.changes == (50, -100, 50)
    # A hidden game: the declarer's -2 x 120, then +120 undoubled (A12).
    rules = standard(V.four_nines_bonus, V.hidden_round)
    record = hidden_deal(th.new_game(rules), LOSE_S).sheet[-1]
    assert record.changes == (15, -120, 105)


# ---------------------------------------------------------------------------------------------
# A1: an agreement that refines what the rules in force lack changes nothing
# ---------------------------------------------------------------------------------------------

#: Two deals: LOSE at 100 (dealer 0: seat 1 fails with no card points; seat 2 105, seat 0 15),
#: then DUO at 135 (dealer 1: seat 2 makes 135; seat 0 225; seat 1 0).
TWO_DEALS: list[str | th.Deal] = [
    LOSE_S.deal(0),
    *steps("bid 100; pass; pass"),
    *LOSE_S.gives(0),
    "contract 100",
    *LOSE_S.tricks(),
    DUO.deal(1),
    *steps("bid 100; pass; pass"),
    *DUO.gives(1),
    "contract 135",
    *DUO.tricks(),
]

REFINEMENTS = [
    pytest.param(
        CLASSIC,
        (V.zero_wins_in_a_row, V.avoid_own_bolt, V.golden_bolt_doubling, V.hidden_bolt_doubling),
        id="bolt agreements on classic",
    ),
    pytest.param(
        CLASSIC,
        (
            V.sixty_points_per_player,
            V.dont_subtract_order,
            V.subtract_on_third,
            V.distributions_limit(),
            V.distribute_on_barrel,
            V.distribute_in_golden_round,
        ),
        id="distribution agreements on classic",
    ),
    pytest.param(
        STANDARD,
        (V.golden_reset_to_zero, V.golden_allow_increase, V.golden_bolt_doubling),
        id="golden options without the golden round",
    ),
    pytest.param(
        STANDARD,
        (
            V.hidden_hide_talon,
            V.hidden_disabled_on_barrel,
            V.hidden_allow_distribute,
            V.hidden_allow_unhide,
            V.hidden_no_declaring_when_unhidden,
            V.hidden_no_more_than_240,
            V.hidden_bolt_doubling,
        ),
        id="hidden options without the hidden round",
    ),
    pytest.param(STANDARD, (V.subtract_on_third,), id="subtract on third alone"),
    pytest.param(STANDARD, (V.on_100_only,), id="on 100 only without talon redeals"),
]


@pytest.mark.parametrize(("base", "agreements"), REFINEMENTS)
def test_a1_agreements_that_refine_what_the_rules_lack_change_nothing(
    base: th.Rules, agreements: tuple[th.variants.Agreement, ...]
) -> None:
    rules = base.with_agreements(*agreements)  # accepted, no RulesError
    assert rules != base
    seen_without, without = trace(base, TWO_DEALS)
    seen_with, with_ = trace(rules, TWO_DEALS)
    assert seen_with == seen_without
    assert with_.sheet == without.sheet
    assert [r.changes for r in with_.sheet] == [(15, -100, 105), (225, 0, 135)]
    expected_bolts = (0, 0, 0) if base == CLASSIC else (0, 2, 0)
    assert with_.bolts == expected_bolts
    # No variant action of these agreements appears anywhere (classic has no distribution).
    variant = {"redeal", "hidden", "look"} | ({"distribute"} if base == CLASSIC else set())
    assert all(not variant & seen for seen in seen_with)


# ---------------------------------------------------------------------------------------------
# A27: the order of the end-of-deal effects
# ---------------------------------------------------------------------------------------------


def test_a27_bolts_come_before_the_barrel() -> None:
    # Standard, seat 1 from 680. Deals 1-3: SWEEP at 100 (openers 1, 2, 0): seat 1 +100 -> 780;
    # every seat ends with two bolts. Deal 4 (dealer 0): MARRIAGE_ONLY, seat 1 makes 100 with
    # the ♥ marriage alone (no card points: its third bolt). 780 + 100 - 120 = 760: the penalty
    # is charged before the barrel is looked at, so seat 1 does not climb on.
    state = th.new_game(STANDARD, dealer=0, scores=(0, 680, 0))
    for _ in range(3):
        state = sweep(state, 100)
    assert state.scores == (100, 780, 100) and state.bolts == (2, 2, 2)
    state = run(
        th.apply(state, MARRIAGE_ONLY), [*steps(MARRIAGE_ONLY_AUCTION), *tricks(MARRIAGE_ONLY_PLAY)]
    )
    record = state.sheet[-1]
    assert record.made is True
    assert record.changes == (130, -20, 70)
    assert record.scores == (230, 760, 170)
    assert record.barrel == (None, None, None)
    assert kinds(record) == {(K.BOLT, 1), (K.BOLT_PENALTY, 1)}


def test_a27_bolts_come_before_the_555_reset() -> None:
    # Standard + Score Reset on 555, seat 0 from 575. SWEEP at 120, 120, 100 (openers 1, 2, 0):
    # seat 0 has bolts in deals 1 and 2 and +100 in deal 3 (675). Deal 4 (opener 1): its third
    # bolt: 675 - 120 = 555, which then becomes 0.
    state = th.new_game(standard(V.score_reset_555), dealer=0, scores=(575, 0, 0))
    for contract in (120, 120, 100, 120):
        state = sweep(state, contract)
    record = state.sheet[-1]
    assert [r.scores[0] for r in state.sheet] == [575, 575, 675, 0]
    assert record.changes == (-675, 120, -120)
    assert events(record) >= {
        (K.BOLT_PENALTY, 0, -120),
        (K.SCORE_RESET, 0, 0),
        (K.BOLT_PENALTY, 2, -120),
    }


def test_a27_the_barrel_comes_before_the_555_reset() -> None:
    # MAIN from (700, 0, 880) with Throw off Barrel and a penalty of 325: seat 0 climbs on and
    # throws seat 2 off: 880 - 325 = 555, which then becomes 0.
    rules = standard(V.throw_off_barrel, V.penalty_amount(325))
    assert main(rules, scores=(700, 0, 880)).scores == (880, 110, 555)
    rules = standard(V.throw_off_barrel, V.penalty_amount(325), V.score_reset_555)
    state = main(rules, scores=(700, 0, 880))
    assert state.scores == (880, 110, 0)
    assert state.sheet[-1].changes == (180, 110, -880)
    assert {(K.THROWN_OFF_BARREL, 2, -325), (K.SCORE_RESET, 2, 0)} <= events(state.sheet[-1])


def test_a27_doubling_comes_before_the_four_nines_bonus() -> None:
    # Golden LOSE: seat 1's -120 doubled to -240, then +120: -120 (not 2 x (-100 + 120)).
    state = th.new_game(standard(V.golden_round, V.four_nines_bonus), dealer=0)
    record = golden_deal(state, LOSE_S).sheet[-1]
    assert record.changes == (30, -120, 210)


# ---------------------------------------------------------------------------------------------
# Every agreement has its scenario test
# ---------------------------------------------------------------------------------------------


def test_every_agreement_has_a_scenario_test() -> None:
    modules = [
        test_agreements_restrictions,
        test_agreements_penalties,
        test_agreements_reshuffle,
        test_agreements_distribution,
        test_agreements_golden,
        test_agreements_hidden,
    ]
    names = [n for m in modules for n in dir(m)] + list(globals())
    tests = [n for n in names if n.startswith("test_agreement_")]
    missing = [
        a.key
        for a in V.AGREEMENTS
        if not any(n.startswith(f"test_agreement_{a.key}_") for n in tests)
    ]
    assert len(V.AGREEMENTS) == 46
    assert missing == []
