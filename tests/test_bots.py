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


def counted_draws(monkeypatch: pytest.MonkeyPatch) -> list[th.State]:
    """The states the solver bot draws from now on, in order: ``determinize.sample_state``
    patched to record each state it returns."""
    draws: list[th.State] = []
    sample_state = determinize.sample_state

    def counted(info: th.Observation, rng: random.Random) -> th.State:
        draws.append(sample_state(info, rng))
        return draws[-1]

    monkeypatch.setattr(determinize, "sample_state", counted)
    return draws


def test_solver_bot_makes_every_draw_however_slow_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No time budget by default: a clock that jumps ten seconds a call stops no draw."""
    clock = iter(range(0, 10**6, 10))
    draws = counted_draws(monkeypatch)
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
    sample_state = determinize.sample_state
    draws = counted_draws(monkeypatch)
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


# -- a table of four (four-players.md) --------------------------------------------------------
# The dealer sits out each deal (R-FOUR-1): it is never to move, so no bot is ever asked to act
# for it; each bot decides from its own seat's observation, and the solver bot from states drawn
# from it.

RULES_FOUR = {
    "classic": th.Rules.classic(players=4),
    "standard": th.Rules.standard(players=4),
    "classic with agreements": th.Rules.classic(players=4).with_agreements(
        th.variants.quiet_drop,
        th.variants.golden_round,
        th.variants.ace_marriage,
        th.variants.three_zero_wins_in_a_row,
        th.variants.throw_off_barrel,
    ),
    "standard with agreements": th.Rules.standard(players=4).with_agreements(
        th.variants.hidden_round,
        th.variants.hidden_allow_unhide,
        th.variants.hidden_hide_talon,
        by_key("reshuffle_on_card_score", 20),
        th.variants.dont_allow_opponent_trumps,
        th.variants.trumps_in_first_move,
        th.variants.several_players_on_barrel,
    ),
}

#: Decisions allowed in one game at a table of four: far more than a game of 200 deals needs.
DECISIONS = 200 * 2000


def play_four(
    rules: th.Rules,
    seats: list[th.bots.Bot],
    seed: int,
    dealer: int,
    scores: tuple[int, int, int, int] | None = None,
) -> th.State:
    """A whole game at a table of four: at each decision the bot of the seat to move acts on
    its own observation, and what it plays must be legal; chance steps (the cards dealt) are
    drawn from ``seed``."""
    rng = random.Random(seed)
    state = th.new_game(rules, dealer=dealer, scores=scores)
    assert state.players == 4
    sat_out: set[int] = set()
    for _ in range(DECISIONS):
        if state.phase is th.Phase.GAME_OVER:
            assert sat_out == {0, 1, 2, 3} or len(state.sheet) < 4
            return state
        seat = state.to_move
        if seat is None:
            state = th.apply(state, rng.choice(th.legal_actions(state)))
            continue
        sitter = state.sitter
        assert sitter is not None and seat != sitter and seat in state.active_seats
        sat_out.add(sitter)
        observation = th.observe(state, seat)
        assert observation.seat == seat == observation.to_move
        assert observation.hand is None or observation.hand  # None when playing blind (A13)
        action = seats[seat].act(observation)
        assert action in observation.legal_actions
        state = th.apply(state, action, seat=seat)
    raise AssertionError(f"no end after {DECISIONS} decisions")


@pytest.mark.parametrize("rules", sorted(RULES_FOUR))
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_r_four_1_random_and_heuristic_bots_play_whole_games_at_a_table_of_four(
    kind: str, rules: str
) -> None:
    for seed in range(3):
        make = RandomBot if kind == "random" else HeuristicBot
        seats: list[th.bots.Bot] = [make(random.Random(10 * seed + i)) for i in range(4)]
        end = play_four(RULES_FOUR[rules], seats, seed, dealer=seed)
        assert end.phase is th.Phase.GAME_OVER and len(end.scores) == 4
        # Every deal was dealt by its sitter, the deal passing to the left (R-FOUR-1).
        assert [record.sitter for record in end.sheet] == [record.dealer for record in end.sheet]


@pytest.mark.parametrize("rules", sorted(RULES_FOUR))
def test_r_four_1_solver_bots_play_whole_games_at_a_table_of_four(rules: str) -> None:
    """Four solver bots (two draws a decision) finish a game that starts near its end, and
    one beside three heuristic bots finishes another: every call and play is legal."""
    end = play_four(
        RULES_FOUR[rules],
        [SolverBot(random.Random(i), samples=2) for i in range(4)],
        seed=1,
        dealer=2,
        scores=(800, 760, 820, 780),
    )
    assert end.phase is th.Phase.GAME_OVER and end.winner is not None
    mixed: list[th.bots.Bot] = [HeuristicBot(random.Random(i)) for i in range(4)]
    mixed[1] = SolverBot(random.Random(5), samples=2)
    end = play_four(RULES_FOUR[rules], mixed, seed=2, dealer=1, scores=(700, 650, 720, 680))
    assert end.phase is th.Phase.GAME_OVER


def after_opening_at_four(deal: str) -> th.State:
    """The deal of :func:`after_opening` at a table of four, dealer 1: seat 1 sits out, seats
    2, 3 and 0 hold the hands of seats 1, 2 and 0 (R-FOUR-2); seat 2 has opened with 100, seat
    3 to call."""
    hands = th.Deal.parse(deal).hands
    talon = th.Deal.parse(deal).talon
    state = th.new_game(th.Rules.classic(players=4), dealer=1)
    state = th.apply(state, th.Deal((hands[1], hands[2], hands[0]), talon))
    return th.apply(state, th.Bid(100))


def test_r_four_1_solver_bot_bids_at_four_from_the_hands_it_cannot_see() -> None:
    strong, weak = after_opening_at_four(STRONG), after_opening_at_four(WEAK)
    assert strong.to_move == 3 and strong.sitter == 1
    bot = SolverBot(random.Random(1), time_budget=math.inf)
    assert bot.act(th.observe(strong, 3)) == th.Bid(105)
    assert bot.act(th.observe(weak, 3)) == th.Pass()


def test_r_four_1_the_sitter_is_never_a_player_in_the_solver_bots_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The states the bot draws at four keep the sitter's hand empty and its seat out of every
    trick, and the bot's play is one of the legal cards."""
    state = th.apply(after_opening_at_four(STRONG), th.Bid(105))
    for text in ("pass", "pass", "give KH 0", "give TC 2", "contract 140", "play AS"):
        state = th.apply(state, th.parse_action(text))
    draws = counted_draws(monkeypatch)
    seen = th.observe(state, 0)  # seat 0: the declarer's right-hand opponent, to follow
    assert seen.to_move == 0 and len(seen.legal_actions) == 2  # 9S or JS
    chosen = SolverBot(random.Random(3), samples=4).act(seen)
    assert chosen in seen.legal_actions and draws
    for draw in draws:
        assert draw.sitter == 1 and draw.hands[1] == frozenset()
        assert draw.hands[0] == state.hands[0] and draw.trick == state.trick
        assert all(seat != 1 for seat, _ in draw.trick)
