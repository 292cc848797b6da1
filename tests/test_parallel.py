"""Tournaments, duplicate matches and batches of games spread over an executor's workers give
the same result as played in one process, whatever the executor, the number of workers and
the order in which they finish."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

import attrs
import pytest

import thousand as th
from thousand.__main__ import main
from thousand.arena import deal_stream, duplicate_match, play_game, play_games, tournament
from thousand.bots import Bot, HeuristicBot, RandomBot, SolverBot
from thousand.variants import by_key

from .extras import extra

_R = TypeVar("_R")


def short(deals: int) -> th.Rules:
    """Classic rules cut after ``deals`` deals, every hand allowed a redeal."""
    rules = th.Rules.classic().with_agreements(by_key("reshuffle_on_card_score", 121))
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=deals))


def cheap_solver(seed: int) -> Bot:
    """A solver bot quick enough for a test (a module-level function: it pickles)."""
    return SolverBot(random.Random(seed), samples=2)


def unseeded_solver(seed: int) -> Bot:
    """A solver bot without a generator: the arena seats it with one from the game's seed."""
    return SolverBot(samples=2)


MAKERS: dict[str, Callable[[int], Bot]] = {"solver": cheap_solver, "unseeded": unseeded_solver}


class Cheat:
    """Bids what no one may."""

    def act(self, observation: th.Observation) -> th.Action:
        return th.Bid(395)


class Reversed(Executor):
    """Plays its tasks in this process, last submitted first, once ``expected`` have come:
    finishing in the opposite order must not change a result."""

    def __init__(self, expected: int) -> None:
        self.expected = expected
        self.waiting: list[tuple[Future[Any], Callable[[], Any]]] = []
        self.order: list[int] = []

    def submit(self, fn: Callable[..., _R], /, *args: Any, **kwargs: Any) -> Future[_R]:
        future: Future[_R] = Future()
        self.waiting.append((future, lambda: fn(*args, **kwargs)))
        if len(self.waiting) == self.expected:
            for index, (waiting, call) in reversed(list(enumerate(self.waiting))):
                self.order.append(index)
                waiting.set_result(call())
        return future


class Measuring(Executor):
    """Plays its tasks in this process at once, keeping the pickled size of each call sent
    and each result returned."""

    def __init__(self) -> None:
        self.sent: list[int] = []
        self.returned: list[int] = []

    def submit(self, fn: Callable[..., _R], /, *args: Any, **kwargs: Any) -> Future[_R]:
        self.sent.append(len(pickle.dumps((fn, args, kwargs))))
        future: Future[_R] = Future()
        future.set_result(fn(*args, **kwargs))
        self.returned.append(len(pickle.dumps(future.result())))
        return future


@pytest.fixture(scope="module")
def processes() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.fixture(scope="module")
def threads() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(3) as pool:
        yield pool


def test_a_tournament_is_the_same_on_any_executor(
    processes: ProcessPoolExecutor, threads: ThreadPoolExecutor
) -> None:
    serial = tournament(["heuristic", "random"], 12, seed=5)
    for executor in (processes, threads, Reversed(12)):
        assert tournament(["heuristic", "random"], 12, seed=5, executor=executor) == serial
    # The solver bots too, with or without their own generators.
    names = ["solver", "unseeded", "heuristic"]
    serial = tournament(names, 3, seed=2, rules=short(1), makers=MAKERS)
    assert tournament(names, 3, seed=2, rules=short(1), makers=MAKERS, executor=processes) == (
        serial
    )


def test_a_duplicate_match_is_the_same_on_any_executor(
    processes: ProcessPoolExecutor, threads: ThreadPoolExecutor
) -> None:
    serial = duplicate_match(["heuristic", "random"], 10, seed=3)
    reverse = Reversed(10)
    for executor in (processes, threads, reverse):
        assert duplicate_match(["heuristic", "random"], 10, seed=3, executor=executor) == serial
    assert reverse.order == list(range(9, -1, -1))
    serial = duplicate_match(["solver", "random"], 2, seed=8, rules=short(1), makers=MAKERS)
    assert serial == duplicate_match(
        ["solver", "random"], 2, seed=8, rules=short(1), makers=MAKERS, executor=processes
    )


def test_a_batch_of_games_is_the_same_on_any_executor(
    processes: ProcessPoolExecutor, threads: ThreadPoolExecutor
) -> None:
    # One bot with its own generator, two that take theirs from each game's seed.
    first = HeuristicBot(random.Random(1))
    bots: list[Bot] = [first, RandomBot(), HeuristicBot()]
    serial = play_games(bots, [4, 5, 6], short(3))
    assert [len(state.sheet) for state in serial] == [3, 3, 3]
    # Each game is played by a copy of the bots as given: the same as alone.
    alone: list[Bot] = [HeuristicBot(random.Random(1)), RandomBot(), HeuristicBot()]
    assert serial[1] == play_game(alone, short(3), seed=5)
    assert play_games(bots, [6, 5, 4], short(3)) == serial[::-1]
    assert first.rng is not None and first.rng.getstate() == random.Random(1).getstate()
    for executor in (processes, threads, Reversed(3)):
        assert play_games(bots, [4, 5, 6], short(3), executor=executor) == serial
    assert play_games(bots, [], executor=processes) == []


def test_progress_counts_every_finished_game_across_the_workers(
    processes: ProcessPoolExecutor,
) -> None:
    seen: list[tuple[int, int]] = []
    tournament(
        ["heuristic", "random"], 9, seed=1, executor=processes, progress=lambda *c: seen.append(c)
    )
    assert seen == [(done, 9) for done in range(1, 10)]
    seen.clear()
    duplicate_match(
        ["heuristic"], 4, seed=1, executor=processes, progress=lambda *c: seen.append(c)
    )
    assert seen == [(done, 4) for done in range(1, 5)]


def test_a_bad_bot_in_a_worker_is_stopped_with_its_reason(
    processes: ProcessPoolExecutor,
) -> None:
    with pytest.raises(th.IllegalActionError, match="bot of seat 0 chose it") as caught:
        play_games([Cheat(), RandomBot(), RandomBot()], [1, 2], executor=processes)
    assert caught.value.action == th.Bid(395) and "bid 395" in str(caught.value)
    with pytest.raises(ValueError, match="three bots"):
        play_games([RandomBot()], [1], executor=processes)


def test_what_a_process_cannot_be_sent_is_refused_before_any_game(
    processes: ProcessPoolExecutor, threads: ThreadPoolExecutor
) -> None:
    def local(seed: int) -> Bot:
        return RandomBot(random.Random(seed))

    makers: dict[str, Callable[[int], Bot]] = {"mine": local, "lambda": lambda _: RandomBot()}
    with pytest.raises(ValueError, match=r"the maker of bot 'mine' cannot be sent to the worker"):
        tournament(["mine", "random"], 2, makers=makers, executor=processes)
    with pytest.raises(ValueError, match=r"the maker of bot 'lambda' cannot be sent"):
        duplicate_match(["lambda"], 2, makers=makers, executor=processes)
    with pytest.raises(ValueError, match="the bot of seat 2 cannot be sent"):
        play_games([RandomBot(), RandomBot(), Lambda()], [1], executor=processes)
    # Threads share this process: nothing needs to pickle.
    serial = tournament(["mine", "lambda"], 2, makers=makers)
    assert tournament(["mine", "lambda"], 2, makers=makers, executor=threads) == serial


def test_an_executor_that_is_none_is_refused() -> None:
    message = "executor must be None or a concurrent.futures.Executor"
    with pytest.raises(ValueError, match=f"{message} .*, not 2 of type int"):
        tournament(["random"], 2, executor=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        duplicate_match(["random"], 2, executor="processes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        play_games([RandomBot()] * 3, [1], executor=object())  # type: ignore[arg-type]


@attrs.define
class Lambda:
    """A bot holding a lambda, which pickle cannot send."""

    choose: Callable[[th.Observation], th.Action] = lambda seen: seen.legal_actions[0]

    def act(self, observation: th.Observation) -> th.Action:
        return self.choose(observation)


def test_a_game_is_sent_as_its_seed_the_rules_and_the_bots_names() -> None:
    """Not states or bots: the makers of the bots go by name, and a game comes back as what
    the standings need of its score sheet."""
    rules = th.Rules.classic()
    measuring = Measuring()
    tournament(["heuristic", "random"], 6, rules=rules, executor=measuring)
    assert len(measuring.sent) == 6
    assert max(measuring.sent) < len(pickle.dumps(rules)) + 150
    assert max(measuring.returned) < 1_000
    measuring = Measuring()
    duplicate_match(["heuristic", "random"], 4, executor=measuring)
    assert len(measuring.sent) == 4  # one task a deal, every seating in it
    assert max(measuring.sent) < len(pickle.dumps(next(deal_stream(1)))) + 150
    assert max(measuring.returned) < 100


def test_the_tournament_command_prints_the_same_table_on_one_or_two_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        argv = ["tournament", "--bots", "heuristic,random", "--games", "8", "--seed", "4"]
        assert main([*argv, "--jobs", jobs]) == 0
        captured = capsys.readouterr()
        assert "8/8 games" in captured.err and "left" in captured.err
        outputs.append(captured.out)
    assert outputs[0] == outputs[1]
    assert outputs[0].startswith("Thousand tournament: classic rules; 8 games, seed 4")
    for jobs in ("1", "2"):
        argv = ["tournament", "--bots", "heuristic,random", "--deals", "5", "--jobs", jobs]
        assert main(argv) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[2] == outputs[3]
    with pytest.raises(SystemExit):
        main(["tournament", "--jobs", "0"])
    assert "--jobs must be at least 1, not 0" in capsys.readouterr().err


def test_the_progress_bar_counts_games_and_tells_the_time_left(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Off a terminal, a plain line at each tenth of the games."""
    argv = ["tournament", "--bots", "heuristic,random", "--games", "20", "--jobs", "2"]
    assert main(argv) == 0
    lines = capsys.readouterr().err.splitlines()
    assert [line.split()[0] for line in lines] == ["1/20"] + [f"{n}/20" for n in range(2, 21, 2)]
    assert all(line.endswith(" left") and " elapsed, ~" in line for line in lines)


def test_a_tournament_on_a_dask_cluster_is_the_same_as_in_one_process() -> None:
    """Two worker processes of a local Dask cluster, through the executor its client gives."""
    distributed = extra("distributed")
    serial = tournament(["heuristic", "random"], 6, seed=7, rules=short(4))
    match = duplicate_match(["heuristic", "random"], 6, seed=7)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        executor = client.get_executor()
        assert tournament(
            ["heuristic", "random"], 6, seed=7, rules=short(4), executor=executor
        ) == (serial)
        assert match == duplicate_match(["heuristic", "random"], 6, seed=7, executor=executor)


def short_four(deals: int) -> th.Rules:
    """Classic rules at a table of four, every hand allowed a redeal, cut after ``deals``."""
    rules = th.Rules.classic(players=4).with_agreements(by_key("reshuffle_on_card_score", 121))
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=deals))


def test_a_tournament_and_a_duplicate_match_at_four_are_the_same_on_any_executor(
    processes: ProcessPoolExecutor, threads: ThreadPoolExecutor
) -> None:
    """R-FOUR-1 at a table of four: every seating of the bots over four seats, the same
    standings whatever the executor (redeals included: every hand may call one)."""
    four = th.Rules.classic(players=4)
    serial = tournament(["heuristic", "random"], 12, seed=5, rules=four)
    assert [s.games for s in serial] == [12, 12]
    for executor in (processes, threads, Reversed(12)):
        assert tournament(["heuristic", "random"], 12, seed=5, rules=four, executor=executor) == (
            serial
        )
    names = ["solver", "unseeded"]
    rules = short_four(1)
    serial = tournament(names, 6, seed=2, rules=rules, makers=MAKERS)
    assert serial == tournament(names, 6, seed=2, rules=rules, makers=MAKERS, executor=processes)
    match = duplicate_match(["heuristic", "random", "random"], 6, seed=3, rules=four)
    for executor in (processes, threads, Reversed(6)):
        assert match == duplicate_match(
            ["heuristic", "random", "random"], 6, seed=3, rules=four, executor=executor
        )
    games = play_games([HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], [1, 2], four)
    assert [state.players for state in games] == [4, 4]
    assert games == play_games(
        [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], [1, 2], four, executor=processes
    )
