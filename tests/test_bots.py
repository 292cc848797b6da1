"""The solver bot's auction and contract, decided by drawing the cards it cannot see (with no
time budget, so that the draws do not depend on the machine's speed)."""

from __future__ import annotations

import math
import random

import thousand as th
from thousand.bots import SolverBot, cheapest_give

# Seat 2 holds the spade marriage, three aces and two tens; the talon is the heart ace, ten
# and king. In the weak deal seat 2 holds the nines and jacks instead.
STRONG = "9S JS 9C JC QC KC 9D / JD QD KD TD 9H JH QH / AS TS KS QS AC TC AD / KH TH AH"
WEAK = "AS TS KS QS AC TC AD / JD QD KD TD 9H JH QH / 9S JS 9C JC QC KC 9D / KH TH AH"


def after_opening(deal: str) -> th.State:
    """Seat 1 has opened with the obligatory 100; seat 2 to call."""
    state = th.apply(th.new_game(th.Rules.classic(), dealer=0), th.Deal.parse(deal))
    return th.apply(state, th.Bid(100))


def test_solver_bot_raises_with_a_hand_that_makes_the_next_bid_in_its_draws() -> None:
    state = after_opening(STRONG)
    assert SolverBot(random.Random(1), time_budget=math.inf).act(th.observe(state, 2)) == th.Bid(
        105
    )


def test_solver_bot_passes_with_a_hand_that_cannot_make_the_next_bid() -> None:
    state = after_opening(WEAK)
    assert SolverBot(random.Random(1), time_budget=math.inf).act(th.observe(state, 2)) == th.Pass()


def test_solver_bot_fixes_a_contract_it_can_make_above_its_bid() -> None:
    state = th.apply(after_opening(STRONG), th.Bid(105))
    while state.phase is th.Phase.BIDDING:
        state = th.apply(state, th.Pass())
    bot = SolverBot(random.Random(2), time_budget=math.inf)
    while state.phase is th.Phase.GIVING:
        observation = th.observe(state, 2)
        action = bot.act(observation)
        # The gives are the heuristic's: the cheapest cards outside the spade marriage.
        assert action == cheapest_give(state.hands[2], observation.legal_actions)
        state = th.apply(state, action)
    contract = bot.act(th.observe(state, 2))
    assert isinstance(contract, th.Contract) and contract.value > 105
    # With every card shown the declarer makes it, with the bot's caution to spare.
    assert th.can_make(th.apply(state, contract), contract.value + bot.caution)
