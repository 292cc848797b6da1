"""Agreement tests: distribution (60 Points per Player, Don't Subtract Order, Subtract on Third,
Distributions Limit, Distribute on Barrel, Distribute When the Golden Round is played).

R-DIST-1 (standard): after taking the talon, before giving, the declarer may distribute; it loses
the winning bid and gets a bolt; each opponent gets half the bid, rounded half up to 5
(100 -> 50, 105 -> 52.5 -> 55). The cards of a distributed deal do not matter: every deal here is
SWEEP (``scenario.py``) with the auction chosen so that the wanted seat declares.
"""

from __future__ import annotations

import pytest

import thousand as th

from .agreement_deals import STANDARD, events, gives, standard
from .scenario import SWEEP, illegal, legal, run, start, steps

V = th.variants
K = th.EventKind

#: Per dealer, an auction that seat 0 wins: at 105, 105 and 100.
SEAT_0_DECLARES = {
    0: "bid 100; pass; bid 105; pass",  # 1 bids 100, 2 passes, 0 bids 105, 1 passes
    1: "bid 100; bid 105; pass; pass",  # 2 bids 100, 0 bids 105, 1 and 2 pass
    2: "bid 100; pass; pass",  # 0 opens at 100, 1 and 2 pass
}


def seat_0_declares(state: th.State) -> th.State:
    """Deal SWEEP and let seat 0 win the auction: it holds the talon at its first give."""
    state = th.apply(state, SWEEP.deal(state.dealer))
    state = run(state, steps(SEAT_0_DECLARES[state.dealer]))
    assert state.declarer == 0 and state.phase is th.Phase.GIVING
    return state


def seat_0_distributes(rules: th.Rules, deals: int) -> list[th.DealRecord]:
    """From dealer 0, ``deals`` deals in which seat 0 declares and distributes (at 105, 105,
    100, 105, ...)."""
    state = th.new_game(rules, dealer=0)
    for _ in range(deals):
        state = run(seat_0_declares(state), "distribute")
    return list(state.sheet)


def distributed(
    rules: th.Rules, bid: int = 100, *, scores: tuple[int, int, int] = (0, 0, 0)
) -> th.DealRecord:
    """SWEEP, dealer 0: seat 1 opens with ``bid``, wins and distributes."""
    state = start(rules, SWEEP.deal(0), f"bid {bid}; pass; pass; distribute", scores=scores)
    return state.sheet[-1]


# ---------------------------------------------------------------------------------------------
# 60 Points per Player (A19)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "half"), [(100, 50), (105, 55)])
def test_agreement_sixty_points_per_player_instead_of_half_the_bid(bid: int, half: int) -> None:
    record = distributed(STANDARD, bid)
    assert record.made is None
    assert record.changes == (half, -bid, half)
    assert record.bolts == (0, 1, 0)
    assert events(record) == {(K.DISTRIBUTION, 1, -bid), (K.BOLT, 1, 0)}

    record = distributed(standard(V.sixty_points_per_player), bid)
    assert record.changes == (60, -bid, 60)
    assert record.bolts == (0, 1, 0)


# ---------------------------------------------------------------------------------------------
# Don't Subtract Order
# ---------------------------------------------------------------------------------------------


def test_agreement_dont_subtract_order_distribution_costs_the_declarer_nothing() -> None:
    assert distributed(STANDARD).changes == (50, -100, 50)
    record = distributed(standard(V.dont_subtract_order))
    assert record.changes == (50, 0, 50)
    assert record.scores == (50, 0, 50)
    # Reading: only the contract is not subtracted ("Don't subtract the contract from the player
    # who is distributing"); the declarer's bolt of R-DIST-1 stays.
    assert record.bolts == (0, 1, 0)


# ---------------------------------------------------------------------------------------------
# Subtract on Third (A19, A1)
# ---------------------------------------------------------------------------------------------


def test_agreement_subtract_on_third_the_third_distribution_costs_the_bid() -> None:
    # Seat 0 distributes in deals 1, 2 and 3 (at 105, 105, 100): the others get 55, 55, 50.
    # Seat 0 gets a bolt each time: its third costs 120 in deal 3 (R-BOLT-2).
    rules = standard(V.dont_subtract_order, V.subtract_on_third)
    sheet = seat_0_distributes(rules, 3)
    assert [r.changes for r in sheet] == [(0, 55, 55), (0, 55, 55), (-220, 50, 50)]
    assert sheet[-1].scores == (-220, 160, 160)
    assert events(sheet[-1]) == {
        (K.DISTRIBUTION, 0, -100),
        (K.BOLT, 0, 0),
        (K.BOLT_PENALTY, 0, -120),
    }

    # Don't Subtract Order alone: the third costs only the bolt penalty.
    sheet = seat_0_distributes(standard(V.dont_subtract_order), 3)
    assert [r.changes for r in sheet] == [(0, 55, 55), (0, 55, 55), (-120, 50, 50)]


def test_agreement_subtract_on_third_without_dont_subtract_order_changes_nothing() -> None:
    # A1: every distribution costs the bid anyway.
    expected = [(-105, 55, 55), (-105, 55, 55), (-220, 50, 50)]
    assert [r.changes for r in seat_0_distributes(STANDARD, 3)] == expected
    sheet = seat_0_distributes(standard(V.subtract_on_third), 3)
    assert [r.changes for r in sheet] == expected
    assert sheet == seat_0_distributes(STANDARD, 3)


# ---------------------------------------------------------------------------------------------
# Distributions Limit (A19)
# ---------------------------------------------------------------------------------------------

# Seat 0 after taking SWEEP's talon (TD AH TH) as the dealer (the third seat).
SEAT_0_TEN = "QS JC 9C JD 9D JH 9H TD AH TH"


def test_agreement_distributions_limit_a_fourth_distribution_is_illegal() -> None:
    def fourth(rules: th.Rules) -> th.State:
        state = th.new_game(rules, dealer=0)
        for _ in range(3):
            state = run(seat_0_declares(state), "distribute")
        assert state.distributions == (3, 0, 0)
        return seat_0_declares(state)  # deal 4, dealer 0: seat 0 declares at 105

    assert legal(fourth(STANDARD)) == gives(SEAT_0_TEN, 1, 2) | {"distribute"}
    state = fourth(standard(V.distributions_limit()))
    assert legal(state) == gives(SEAT_0_TEN, 1, 2)
    illegal(state, "distribute", "seat 0 has used its 3 distributions (Distributions Limit, A19)")


def test_agreement_distributions_limit_with_a_value_of_2() -> None:
    state = th.new_game(standard(V.distributions_limit(2)), dealer=0)
    for _ in range(2):
        state = run(seat_0_declares(state), "distribute")
    state = seat_0_declares(state)  # deal 3, dealer 2: seat 0 opens at 100
    assert legal(state) == gives("AS TS JS 9S AC TC AD TD AH TH", 1, 2)
    illegal(state, "distribute", "seat 0 has used its 2 distributions")


# ---------------------------------------------------------------------------------------------
# Distribute on Barrel (A20)
# ---------------------------------------------------------------------------------------------


def test_agreement_distribute_on_barrel_the_declarer_keeps_its_score_and_uses_a_deal() -> None:
    # Seat 1 (on the barrel from the start) opens SWEEP at 100 and wins.
    ten = "AS TS JS 9S AC TC AD TD AH TH"
    state = start(STANDARD, SWEEP.deal(0), "bid 100; pass; pass", scores=(0, 880, 0))
    assert legal(state) == gives(ten, 2, 0)
    illegal(state, "distribute", "a declarer on the barrel may not distribute (R-DIST-1)")

    rules = standard(V.distribute_on_barrel)
    state = start(rules, SWEEP.deal(0), "bid 100; pass; pass", scores=(0, 880, 0))
    assert legal(state) == gives(ten, 2, 0) | {"distribute"}
    state = run(state, "distribute")
    record = state.sheet[-1]
    assert record.made is None
    assert record.scores == (50, 880, 50)
    assert record.changes == (50, 0, 50)
    assert record.barrel == (None, 1, None)
    assert record.bolts == (0, 0, 0)  # no bolt on the barrel
    assert state.distributions == (0, 1, 0)  # it counts toward the limit and the third
    assert {K.DISTRIBUTION, K.BARREL_DEAL_USED} <= {e.kind for e in record.events}
    assert K.BOLT not in {e.kind for e in record.events}


def test_agreement_distribute_on_barrel_the_sheet_shows_no_cost() -> None:
    rules = standard(V.distribute_on_barrel)
    state = start(rules, SWEEP.deal(0), "bid 100; pass; pass; distribute", scores=(0, 880, 0))
    record = state.sheet[-1]
    assert record.changes == (50, 0, 50)
    # A20: the declarer keeps its score: the distribution cost it nothing.
    assert events(record) == {(K.DISTRIBUTION, 1, 0), (K.BARREL_DEAL_USED, 1, 0)}


# ---------------------------------------------------------------------------------------------
# Distribute When the Golden Round is played (A11, A12, A19)
# ---------------------------------------------------------------------------------------------


def test_agreement_distribute_in_golden_round_distribution_in_a_golden_deal() -> None:
    ten = "AS TS JS 9S AC TC AD TD AH TH"  # SWEEP's opener (seat 1) after the talon
    state = th.apply(th.new_game(standard(V.golden_round)), SWEEP.deal(0))
    assert legal(state) == gives(ten, 2, 0)
    illegal(state, "distribute", "no distribution in a golden deal (A19)")

    for extra in ((), (V.sixty_points_per_player,)):
        rules = standard(V.golden_round, V.distribute_in_golden_round, *extra)
        state = th.apply(th.new_game(rules), SWEEP.deal(0))
        assert legal(state) == gives(ten, 2, 0) | {"distribute"}
        state = run(state, "distribute")
        record = state.sheet[-1]
        # Doubled (A12): the declarer -2 x 120; each opponent 2 x 60 (half of 120, or 60).
        assert record.golden and record.made is None
        assert record.changes == (120, -240, 120)
        assert record.bolts == (0, 1, 0)
        assert state.distributions == (0, 1, 0)  # golden ones count too (A19)
        # A distribution is not made (A11): the next deal is golden too.
        state = th.apply(state, SWEEP.deal(1))
        assert state.is_golden_deal and state.phase is th.Phase.GIVING and state.declarer == 2


# ---------------------------------------------------------------------------------------------
# A19: Avoid own Bolt does not remove a distribution's bolt
# ---------------------------------------------------------------------------------------------


def test_agreement_avoid_own_bolt_keeps_the_distribution_bolt() -> None:
    record = distributed(standard(V.avoid_own_bolt))
    assert record.changes == (50, -100, 50)
    assert record.bolts == (0, 1, 0)
