"""Bots and matches: bots act on observations, games are reproducible, tournaments add up."""

from __future__ import annotations

import contextlib
import io
import math
import os
import random
import subprocess
import sys
from collections.abc import Callable

import attrs
import pytest

import thousand as th
from thousand.__main__ import main
from thousand.arena import (
    BOTS,
    deal_stream,
    duplicate_deals,
    duplicate_match,
    play_deal,
    play_game,
    play_games,
    tournament,
)
from thousand.bots import Bot, HeuristicBot, RandomBot, SolverBot, hand_value
from thousand.variants import by_key


def test_bots_follow_the_protocol_and_choose_legal_actions() -> None:
    rng = random.Random(5)
    state = th.new_game(th.Rules.standard())
    bots: list[Bot] = [HeuristicBot(random.Random(1)), RandomBot(random.Random(2)), HeuristicBot()]
    assert all(isinstance(bot, Bot) for bot in bots)
    while not state.is_terminal and len(state.sheet) < 3:
        if state.is_chance:
            state = th.apply(state, rng.choice(th.legal_actions(state)))
            continue
        seat = state.to_move
        assert seat is not None
        action = bots[seat].act(th.observe(state, seat))
        assert action in th.legal_actions(state)
        state = th.apply(state, action)
    assert len(state.sheet) == 3


def test_hand_value_counts_aces_tens_and_marriages() -> None:
    assert hand_value(frozenset(th.cards("AS TS KH QH 9C 9D JD"))) == 25 + 16 + 12 + 2 + 1 + 1 + 100
    assert hand_value(frozenset(th.cards("9S 9C 9D JD JH QS KC"))) == 25 + 1 + 1 + 1 + 2


def test_a_game_is_reproducible_from_its_seed() -> None:
    def game(seed: int) -> th.State:
        return play_game([HeuristicBot(random.Random(s)) for s in range(3)], seed=seed)

    assert game(4) == game(4)
    assert game(4).sheet != game(5).sheet
    first = next(deal_stream(4))
    assert game(4).history[0] == first


def test_a_bot_that_cheats_is_stopped() -> None:
    class Cheat:
        def act(self, observation: th.Observation) -> th.Action:
            return th.Bid(395)

    with pytest.raises(th.IllegalActionError, match="bot of seat 1 chose it"):
        play_game([Cheat(), Cheat(), Cheat()], seed=1)
    with pytest.raises(ValueError, match="three bots"):
        play_game([RandomBot()], seed=1)


def test_the_heuristic_bot_beats_two_random_bots() -> None:
    """Issue target: at least 80% of whole games against two random bots."""
    standings = tournament(["heuristic", "random", "random"], 60, seed=3)
    heuristic = standings[0]
    assert heuristic.name == "heuristic" and heuristic.games == 60
    assert heuristic.wins >= 0.8 * heuristic.games
    assert heuristic.mean_change - heuristic.margin > standings[1].mean_change + standings[1].margin


def test_tournament_standings_add_up() -> None:
    standings = tournament(["heuristic", "random"], 6, seed=2)
    assert [s.name for s in standings] == ["heuristic", "random"]
    assert [s.games for s in standings] == [6, 6]  # every bot plays every game
    assert sum(s.wins for s in standings) <= 6
    for s in standings:
        assert s.margin >= 0 and s.deals > 0
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        tournament(["oracle"], 1)
    assert set(BOTS) == {"heuristic", "random", "solver"}


def test_a_bot_in_two_seats_counts_its_games_not_its_seats() -> None:
    """Issue #12: ``heuristic,random`` seats two heuristic bots in every game. Its games, wins
    and deals are counted once per game, so a bot that wins every game has a rate of 100%, not
    50%; its change per deal is the mean of its two seats'."""
    games: dict[int, tuple[tuple[str, ...], th.State]] = {}

    def on_game(number: int, seating: tuple[str, ...], state: th.State) -> None:
        games[number] = seating, state

    heuristic, random_bot = tournament(["heuristic", "random"], 6, seed=2, on_game=on_game)
    assert sorted(games) == list(range(6))
    seats = {
        number: [s for s, n in enumerate(o) if n == "heuristic"] for number, (o, _) in games.items()
    }
    assert all(len(held) == 2 for held in seats.values())
    won = [number for number, (_, state) in games.items() if state.winner in seats[number]]
    assert (heuristic.games, heuristic.wins) == (6, len(won)) == (6, 6)
    assert (random_bot.games, random_bot.wins) == (6, 0)
    assert heuristic.rate == 1.0 and heuristic.row().split()[1:4] == ["6", "6", "100.0%"]
    changes = [
        (record.changes[a] + record.changes[b]) / 2
        for number, (_, state) in games.items()
        for a, b in [seats[number]]
        for record in state.sheet
    ]
    deals = sum(len(state.sheet) for _, state in games.values())
    assert heuristic.deals == random_bot.deals == deals == len(changes)
    assert heuristic.mean_change == pytest.approx(sum(changes) / deals)
    declared = [
        record.made
        for number, (_, state) in games.items()
        for record in state.sheet
        if record.declarer in seats[number] and record.made is not None
    ]
    assert (heuristic.made, heuristic.failed) == (declared.count(True), declared.count(False))


def test_tournament_command_prints_a_table_and_a_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--bots", "heuristic,random", "--games", "6", "--seed", "2"]) == 0
    captured = capsys.readouterr()
    assert "6/6 games" in captured.err
    lines = captured.out.splitlines()
    assert lines[0] == "Thousand tournament: classic rules; 6 games, seed 2"
    assert lines[2].split()[:3] == ["bot", "games", "wins"]
    assert [line.split()[0] for line in lines[3:]] == ["heuristic", "random"]


def test_play_deal_scores_one_deal_of_given_cards() -> None:
    deal = next(deal_stream(9))
    bots = [HeuristicBot(random.Random(s)) for s in range(3)]
    record = play_deal(bots, deal, dealer=1)
    assert record.deal_number == 1 and record.dealer == 1
    again = play_deal([HeuristicBot(random.Random(s)) for s in range(3)], deal, dealer=1)
    assert again == record
    if record.made is not None:
        assert sum(record.card_points) == 120


def test_duplicate_deals_play_every_deal_in_every_seating() -> None:
    results = duplicate_deals(["heuristic", "random"], 8, seed=4)
    assert set(results) == {"heuristic", "random"} and all(len(v) == 8 for v in results.values())
    # The heuristic bot beats random play on the same cards.
    assert sum(results["heuristic"]) > sum(results["random"])


def test_duplicate_match_compares_bots_on_the_same_cards() -> None:
    match = duplicate_match(["heuristic", "random"], 10, seed=4)
    heuristic, random_bot = match.standings
    assert (heuristic.name, heuristic.deals, random_bot.name) == ("heuristic", 10, "random")
    assert match.changes == duplicate_deals(["heuristic", "random"], 10, seed=4)
    (difference,) = match.differences
    paired = [
        a - b for a, b in zip(match.changes["heuristic"], match.changes["random"], strict=True)
    ]
    assert difference.mean == pytest.approx(sum(paired) / 10)
    assert difference.mean - difference.margin > 0  # heuristic play is better on the same cards
    assert heuristic.mean_change == pytest.approx(sum(match.changes["heuristic"]) / 10)
    # Each deal has one declarer at most, in each of the three seatings.
    declared = sum(s.made + s.failed for s in match.standings)
    assert 0 < declared <= 10 * 3
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        duplicate_match(["oracle"], 1)


def test_tournament_command_with_deals_prints_the_duplicate_comparison(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "--bots", "heuristic,random", "--deals", "4", "--seed", "2"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "4/4 deals" in captured.err
    lines = captured.out.splitlines()
    assert lines[0].startswith("Thousand duplicate deals: classic rules; 4 deals")
    assert lines[2].split()[:2] == ["bot", "deals"]
    assert [line.split()[0] for line in lines[3:5]] == ["heuristic", "random"]
    match = duplicate_match(["heuristic", "random"], 4, seed=2)
    assert lines[-1] == f"{match.differences[0]} (95%)"


def test_the_solver_bot_plays_legal_reproducible_moves() -> None:
    from thousand.bots import SolverBot

    state = th.apply(th.new_game(), next(deal_stream(12)))
    bots = [HeuristicBot(random.Random(s)) for s in range(3)]
    while state.phase is not th.Phase.PLAYING:
        seat = state.to_move
        assert seat is not None
        state = th.apply(state, bots[seat].act(th.observe(state, seat)))
    for _ in range(6):  # two tricks
        seat = state.to_move
        assert seat is not None
        seen = th.observe(state, seat)
        first = SolverBot(random.Random(5), samples=3, time_budget=math.inf).act(seen)
        assert first == SolverBot(random.Random(5), samples=3, time_budget=math.inf).act(seen)
        assert first in seen.legal_actions
        state = th.apply(state, first)
    assert len(state.tricks) == 2


#: The built-in bots made without a generator, cheap enough for a test.
UNSEEDED: dict[str, Callable[[int], Bot]] = {
    "heuristic": lambda _: HeuristicBot(),
    "random": lambda _: RandomBot(),
    "solver": lambda _: SolverBot(samples=2),
}


def short(deals: int) -> th.Rules:
    """Classic rules cut after ``deals`` deals, every hand allowed a redeal."""
    rules = th.Rules.classic().with_agreements(by_key("reshuffle_on_card_score", 121))
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=deals))


def test_bots_without_a_generator_take_theirs_from_the_game_seed() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(), RandomBot()]
    first = play_game(bots, seed=1)
    assert play_game([HeuristicBot(), RandomBot(), RandomBot()], seed=1).history == first.history
    assert play_game(bots, seed=1) == first  # the bots given are left without a generator
    assert bots == [HeuristicBot(), RandomBot(), RandomBot()]
    assert play_game(bots, seed=2).history != first.history


def test_games_and_deals_of_every_built_in_bot_are_the_same_from_the_same_seed() -> None:
    def game() -> th.State:
        return play_game(
            [UNSEEDED[n](0) for n in ("solver", "random", "heuristic")], short(2), seed=3
        )

    assert game().history == game().history
    deal = next(deal_stream(7))

    def one_deal() -> th.DealRecord:
        return play_deal(
            [UNSEEDED[n](0) for n in ("random", "solver", "heuristic")], deal, short(1)
        )

    assert one_deal() == one_deal()
    assert play_deal([RandomBot(), RandomBot(), RandomBot()], deal, short(1), seed=1) == play_deal(
        [RandomBot(), RandomBot(), RandomBot()], deal, short(1), seed=1
    )


def test_duplicate_deals_of_bots_without_a_generator_are_the_same_every_time() -> None:
    def match() -> dict[str, list[float]]:
        return duplicate_match(
            ["random", "solver"], 2, seed=6, rules=short(1), makers=UNSEEDED
        ).changes

    assert match() == match()
    names = ["heuristic", "random"]
    assert duplicate_match(names, 6, seed=6, rules=short(1), makers=UNSEEDED) == duplicate_match(
        names, 6, seed=6, rules=short(1), makers=UNSEEDED
    )


DETERMINISM_SCRIPT = """
import attrs
import thousand as th
from thousand.arena import duplicate_match, play_game
from thousand.bots import HeuristicBot, RandomBot, SolverBot
from thousand.variants import by_key

rules = th.Rules.classic().with_agreements(by_key("reshuffle_on_card_score", 121))
rules = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=2))
game = play_game([SolverBot(samples=2), RandomBot(), HeuristicBot()], rules, seed=5)
print(" ".join(str(action) for action in game.history))
makers = {"random": lambda _: RandomBot(), "heuristic": lambda _: HeuristicBot()}
print(duplicate_match(["random", "heuristic"], 4, seed=5, rules=rules, makers=makers).changes)
"""


def test_a_seed_gives_the_same_game_in_a_fresh_process_whatever_the_hash_seed() -> None:
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", DETERMINISM_SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        outputs.append(done.stdout)
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(DETERMINISM_SCRIPT, {})
    assert outputs[0] == outputs[1] == here.getvalue()
    assert outputs[0].startswith("deal ") and outputs[0].count("\n") == 2


# -- a table of four (issue #13) ----------------------------------------------------------------

FOUR = th.Rules.classic(players=4)


def test_r_four_1_a_game_at_a_table_of_four_has_a_bot_for_each_of_its_four_seats() -> None:
    """R-FOUR-1: four bots, the dealer of each deal sitting it out; the deals come from the
    same stream as at three, each Deal holding the active seats' hands from the opener."""

    def game(seed: int) -> th.State:
        return play_game(
            [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], FOUR, seed=seed
        )

    state = game(4)
    assert state.is_terminal and state.players == 4 and len(state.scores) == 4
    assert state == game(4) and state.history != game(5).history
    assert state.history[0] == next(deal_stream(4))
    for number, record in enumerate(state.sheet):
        assert record.dealer == record.sitter == number % 4  # the deal passes to the left
        assert record.declarer != record.sitter
    with pytest.raises(ValueError, match="a game at a table of four needs four bots, one a seat"):
        play_game([RandomBot()] * 3, FOUR, seed=1)
    with pytest.raises(ValueError, match=r"three bots, not 4; four play at a table of four"):
        play_game([RandomBot()] * 4, seed=1)
    with pytest.raises(ValueError, match="four bots"):
        play_games([RandomBot()] * 3, [1], FOUR)
    started = play_game([RandomBot()] * 4, FOUR, seed=2, dealer=3, scores=(100, 0, 50, 0))
    first = started.sheet[0]
    assert first.dealer == first.sitter == 3
    assert first.scores == tuple(a + b for a, b in zip((100, 0, 50, 0), first.changes, strict=True))


def test_r_four_2_one_deal_of_four_bots_deals_the_active_seats_from_the_opener() -> None:
    deal = next(deal_stream(9))
    bots: list[Bot] = [HeuristicBot(random.Random(s)) for s in range(4)]
    record = play_deal(bots, deal, FOUR, dealer=2)
    assert record.sitter == record.dealer == 2 and record.declarer in (3, 0, 1)
    again = play_deal([HeuristicBot(random.Random(s)) for s in range(4)], deal, FOUR, dealer=2)
    assert again == record
    state = th.apply(th.new_game(FOUR, dealer=2), deal)
    assert [state.hands[seat] for seat in (3, 0, 1)] == [frozenset(h) for h in deal.hands]
    with pytest.raises(ValueError, match="a deal at a table of four needs four bots"):
        play_deal(bots[:3], deal, FOUR)


def test_a_tournament_at_four_plays_every_seating_and_counts_games_not_seats() -> None:
    """Two names fill four seats as a, b, a, b: six seatings, each bot in two seats of every
    game; a game counts once for each bot, its wins once, its deals' changes the mean of its
    two seats (the deals it sat out included)."""
    games: dict[int, tuple[tuple[str, ...], th.State]] = {}

    def on_game(number: int, seating: tuple[str, ...], state: th.State) -> None:
        games[number] = seating, state

    heuristic, random_bot = tournament(
        ["heuristic", "random"], 12, seed=2, rules=FOUR, on_game=on_game
    )
    seatings = [games[n][0] for n in range(12)]
    assert len(set(seatings)) == 6 and seatings[:6] == seatings[6:]
    assert all(sorted(s) == ["heuristic"] * 2 + ["random"] * 2 for s in seatings)
    assert all(state.players == 4 and state.is_terminal for _, state in games.values())
    # Each seed once in every seating: the cards of games 0..5 are the same.
    assert len({state.history[0] for _, state in list(games.values())[:6]}) == 1
    seats = {
        n: [s for s, name in enumerate(o) if name == "heuristic"] for n, (o, _) in games.items()
    }
    won = [n for n, (_, state) in games.items() if state.winner in seats[n]]
    assert (heuristic.games, heuristic.wins) == (12, len(won))
    assert random_bot.games == 12 and heuristic.wins + random_bot.wins <= 12
    changes = [
        (record.changes[a] + record.changes[b]) / 2
        for n, (_, state) in games.items()
        for a, b in [seats[n]]
        for record in state.sheet
    ]
    assert heuristic.deals == len(changes) == sum(len(s.sheet) for _, s in games.values())
    assert heuristic.mean_change == pytest.approx(sum(changes) / len(changes))
    # Four different bots: 24 seatings, every bot in every seat.
    names = ["heuristic", "random", "h2", "r2"]
    makers = {"h2": BOTS["heuristic"], "r2": BOTS["random"]}
    seen: list[tuple[str, ...]] = []
    standings = tournament(
        names, 24, seed=3, rules=short4(1), makers=makers, on_game=lambda n, o, s: seen.append(o)
    )
    assert len(set(seen)) == 24 and [s.games for s in standings] == [24] * 4
    with pytest.raises(
        ValueError, match="5 bots for the four seats of the table: give one to four"
    ):
        tournament([*names, "random"], 1, rules=FOUR, makers=makers)
    with pytest.raises(ValueError, match=r"4 bots for the three seats.*at a table of four"):
        tournament(names, 1, makers=makers)


def short4(deals: int) -> th.Rules:
    """Classic rules at a table of four cut after ``deals`` deals."""
    return attrs.evolve(FOUR, scoring=attrs.evolve(FOUR.scoring, max_deals=deals))


def test_r_four_2_duplicate_deals_at_four_give_every_seating_the_same_cards_and_sitter() -> None:
    """Deal ``n`` is dealt by seat ``n % 4`` in each of its seatings: the same seat sits out
    and the same seats hold the same hands, and the bots go round them, each sitting out in
    some seatings."""
    played: list[tuple[int, tuple[str, ...], th.State]] = []
    names = ["heuristic", "random", "solver"]
    makers = {"solver": BOTS["heuristic"]}  # quick: a third name, not a third kind of play
    match = duplicate_match(
        names, 3, seed=4, rules=FOUR, makers=makers, on_game=lambda *g: played.append(g)
    )
    assert len(played) == 3 * 12  # a, b, c, a over four seats: 12 seatings a deal
    for number, deal in zip(range(3), deal_stream(4), strict=False):
        states = [state for n, _, state in played if n == number]
        seatings = [seating for n, seating, _ in played if n == number]
        assert len(set(seatings)) == 12
        assert all(state.history[0] == deal for state in states)
        assert {state.sheet[0].sitter for state in states} == {number % 4}
        sitting = {seating[number % 4] for seating in seatings}
        assert sitting == set(names)
    for name in names:
        totals = [
            sum(
                state.sheet[0].changes[seat] / seating.count(name)
                for n, seating, state in played
                if n == number
                for seat, held in enumerate(seating)
                if held == name
            )
            / sum(1 for n, seating, _ in played if n == number)
            for number in range(3)
        ]
        assert match.changes[name] == pytest.approx(totals)
    assert [s.deals for s in match.standings] == [3, 3, 3] and len(match.differences) == 3
