"""The bots' decisions: the solver bot's auction and contract, decided by drawing the cards it
cannot see (with no time budget, so that the draws do not depend on the machine's speed), and
when each bot calls a redeal."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pytest

import thousand as th
from thousand import bots, determinize
from thousand.bots import HeuristicBot, RandomBot, SolverBot, cheapest_give
from thousand.variants import by_key

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


# Seat 1 (the opener, dealer 0) holds nines and jacks; seat 2 three aces and two marriages.
WEAK_OPENER = "QC KC QD KD TD 9H JH / 9S JS 9C JC 9D JD QH / AS TS KS QS AC TC AD / KH TH AH"
STRONG_OPENER = "QC KC QD KD TD 9H JH / AS TS KS QS AC TC AD / 9S JS 9C JC 9D JD QH / KH TH AH"


def generous(*keys: str) -> th.Rules:
    """Every hand, or every talon, may be redealt."""
    values = {"reshuffle_on_card_score": 121, "reshuffle_on_talon_score": 121}
    return th.Rules.classic().with_agreements(*(by_key(k, values.get(k)) for k in keys))


def auction(deal: str, *calls: th.Action, rules: th.Rules | None = None) -> th.State:
    state = th.apply(th.new_game(rules or generous("reshuffle_on_card_score")), th.Deal.parse(deal))
    for call in calls:
        state = th.apply(state, call)
    return state


def test_heuristic_bot_calls_a_redeal_only_with_a_weak_hand() -> None:
    weak = auction(WEAK_OPENER)
    assert th.Redeal() in th.legal_actions(weak)
    assert HeuristicBot(random.Random(1)).act(th.observe(weak, 1)) == th.Redeal()
    strong = auction(WEAK_OPENER, th.Bid(100))  # seat 2's first call, a redeal legal
    assert th.Redeal() in th.legal_actions(strong)
    assert HeuristicBot(random.Random(1)).act(th.observe(strong, 2)) == th.Bid(105)


def test_heuristic_declarer_redeals_a_talon_only_when_its_hand_is_below_the_bid() -> None:
    rules = generous("reshuffle_on_talon_score")
    calls = (th.Bid(100), th.Pass(), th.Pass())
    bot = HeuristicBot(random.Random(1))
    # Seat 1 takes the talon at 100: its ten cards are valued 170, then 31 (hand_value).
    strong = auction(STRONG_OPENER, *calls, rules=rules)
    assert th.Redeal() in th.legal_actions(strong)
    assert isinstance(bot.act(th.observe(strong, 1)), th.Give)
    poor = "KD TD AD QH KH TH AH / 9S JS 9C JC 9D JD 9H / KS TS AS QC KC TC AC / JH QD QS"
    weak = auction(poor, *calls, rules=rules)
    assert bot.act(th.observe(weak, 1)) == th.Redeal()


def test_random_bot_calls_a_legal_redeal_with_its_redeal_chance_only() -> None:
    state = auction(WEAK_OPENER)  # seat 1 must open: 100 or a redeal
    seen = th.observe(state, 1)
    assert seen.legal_actions == (
        th.Bid(100),
        th.Bid(105),
        th.Bid(110),
        th.Bid(115),
        th.Bid(120),
        th.Redeal(),
    )
    bot = RandomBot(random.Random(3))
    redeals = sum(bot.act(seen) == th.Redeal() for _ in range(2000))
    assert 150 < redeals < 250  # a tenth
    assert all(
        RandomBot(random.Random(3), redeal_chance=0).act(seen) != th.Redeal() for _ in range(50)
    )
    assert RandomBot(random.Random(3), redeal_chance=1).act(seen) == th.Redeal()
    with pytest.raises(
        ValueError, match=r"^redeal_chance must be a probability from 0 to 1, not 1.5$"
    ):
        RandomBot(redeal_chance=1.5)


def test_solver_bot_calls_a_redeal_like_its_heuristic() -> None:
    weak = auction(STRONG_OPENER, th.Bid(100))  # seat 2 holds the nines and jacks
    assert SolverBot(random.Random(1), samples=2).act(th.observe(weak, 2)) == th.Redeal()
    strong = auction(WEAK_OPENER, th.Bid(100))
    assert SolverBot(random.Random(1), samples=2).act(th.observe(strong, 2)) != th.Redeal()


def test_solver_bot_makes_every_draw_however_slow_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No time budget by default: a clock that jumps ten seconds a call stops no draw."""
    draws: list[th.State] = []
    sample_state = determinize.sample_state

    def counted(info: th.Observation, rng: random.Random) -> th.State:
        draws.append(sample_state(info, rng))
        return draws[-1]

    clock = iter(range(0, 10**6, 10))
    monkeypatch.setattr(determinize, "sample_state", counted)
    monkeypatch.setattr(bots, "time", SimpleNamespace(perf_counter=lambda: float(next(clock))))
    bot = SolverBot(random.Random(1))
    bot.act(th.observe(after_opening(STRONG), 2))
    assert len(draws) == bot.samples == 6
    assert bot.time_budget == math.inf


def test_solver_bot_stops_drawing_once_no_draw_left_could_change_its_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After six of its eight draws one card leads the vote by more than two: the bot plays
    it without the last two draws, the card that all eight draws from the same generator
    vote for."""
    state = th.apply(after_opening(STRONG), th.Bid(105))
    for text in ("pass", "pass", "give KH 0", "give TC 1", "contract 140"):
        state = th.apply(state, th.parse_action(text))
    for text in ("play AH", "play KH", "play JH", "play KS", "play 9S"):
        state = th.apply(state, th.parse_action(text))
    seen = th.observe(state, 1)
    draws: list[th.State] = []
    sample_state = determinize.sample_state

    def counted(info: th.Observation, rng: random.Random) -> th.State:
        draws.append(sample_state(info, rng))
        return draws[-1]

    monkeypatch.setattr(determinize, "sample_state", counted)
    chosen = SolverBot(random.Random(7), samples=8).act(seen)
    assert len(draws) == 6
    rng = random.Random(7)
    votes = dict.fromkeys(seen.legal_actions, 0.0)
    for _ in range(8):
        best = th.solve(sample_state(seen, rng)).best
        for action in best:
            votes[action] += 1 / len(best)
    assert chosen == max(seen.legal_actions, key=lambda a: votes[a])


def test_the_contract_search_agrees_with_separate_searches() -> None:
    """The bot's binary search for the highest contract it can make, on one Solver whose
    searches share their table, finds what a search of separate can_make calls finds."""
    rng = random.Random(3)
    for _ in range(4):
        state = th.new_game(th.Rules.classic())
        while state.phase is not th.Phase.PLAYING:
            state = th.apply(state, rng.choice(th.legal_actions(state)))
            if state.phase is th.Phase.DEALING and state.sheet:
                state = th.new_game(th.Rules.classic())
        values = list(range(100, 305, 5))
        low, high = -1, len(values) - 1
        while low < high:
            middle = (low + high + 1) // 2
            low, high = (middle, high) if th.can_make(state, values[middle]) else (low, middle - 1)
        assert bots._highest_made(state, values) == low
        assert low == -1 or th.solve(state).value >= values[low]
