"""The PettingZoo environment (``thousand.adapters.pettingzoo``): PettingZoo's own conformance
tests for both presets, and what the environment promises: the masks are the engine's legal
actions, the observations are the tensors of ``observe``, the rewards are the score sheet's
changes, and a seed fixes the whole trajectory; at a table of three and at a table of four,
where the agent of the seat that sits out is never selected (R-FOUR-1).

Without the ``pettingzoo`` extra these tests are skipped, unless ``THOUSAND_REQUIRE_EXTRAS=1``
(set by ``.ci/run``): then a missing extra fails the run instead of hiding it.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest

from .extras import extra

for _module in ("numpy", "gymnasium", "pettingzoo"):
    extra(_module)

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

import thousand as th
from thousand import encoding, tensors
from thousand.adapters import pettingzoo as tpz
from thousand.bots import HeuristicBot

Env = AECEnv[str, tpz.ObsDict, tpz.ActionId]

PRESETS = {"classic": th.Rules.classic(), "standard": th.Rules.standard()}
FOUR = {"classic": th.Rules.classic(players=4), "standard": th.Rules.standard(players=4)}


def seat(agent: str) -> int:
    return tpz.AGENTS_FOUR.index(agent)  # the agents of three are its first three


def game(env: Env) -> th.State:
    """The game inside the wrapped environment."""
    raw = env.unwrapped
    assert isinstance(raw, tpz.raw_env)
    return raw.game_state


def last(env: Env) -> tuple[tpz.ObsDict, float, bool, bool]:
    """``env.last()`` of the selected agent, its observation checked."""
    observation, reward, terminated, truncated, _ = env.last()
    assert observation is not None
    return observation, reward, terminated, truncated


def api(env: Env) -> None:
    api_test(env, num_cycles=1000, verbose_progress=False)  # type: ignore[no-untyped-call]


def random_id(mask: np.ndarray, rng: random.Random) -> int:
    return rng.choice([int(i) for i in np.flatnonzero(mask)])


def run(env: Env, rng: random.Random, check: Callable[[Env, str], None] | None = None) -> None:
    """Play ``env`` to its end with random legal actions, calling ``check`` before each."""
    for agent in env.agent_iter():
        if check is not None:
            check(env, agent)
        observation, _, terminated, truncated = last(env)
        env.step(None if terminated or truncated else random_id(observation["action_mask"], rng))


# -- PettingZoo's own tests ------------------------------------------------------------------

# api_test warns about any dict observation of an environment that is not one of PettingZoo's
# own (it checks the name): the observation is a dict, as in PettingZoo's classic games.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pettingzoo_api_test(preset: str) -> None:
    api(tpz.env(PRESETS[preset]))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pettingzoo_api_test_of_one_deal_episodes(preset: str) -> None:
    """Several episodes end (termination) inside the test's cycles."""
    api(tpz.env(PRESETS[preset], episode="deal"))


def test_pettingzoo_api_test_of_truncated_games() -> None:
    api(tpz.env(max_deals=1, dealer=None))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pettingzoo_seed_test(preset: str) -> None:
    seed_test(lambda: tpz.env(PRESETS[preset]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("preset", sorted(FOUR))
def test_r_four_1_pettingzoo_api_test_at_four(preset: str) -> None:
    api(tpz.env(FOUR[preset]))
    api(tpz.env(FOUR[preset], episode="deal", dealer=3))
    api(tpz.env(FOUR[preset], max_deals=1, dealer=None))


@pytest.mark.parametrize("preset", sorted(FOUR))
def test_r_four_1_pettingzoo_seed_test_at_four(preset: str) -> None:
    seed_test(lambda: tpz.env(FOUR[preset]), num_cycles=1000)  # type: ignore[no-untyped-call]


# -- What the environment promises -----------------------------------------------------------


def check_against_engine(env: Env, agent: str) -> None:
    """The observation of every agent is the tensor of its seat's ``observe``; the mask of the
    agent to move holds exactly the engine's legal actions, the others' masks are empty. At a
    table of four the agent of the sitter is never the one to move (R-FOUR-1)."""
    state = game(env)
    players = state.players
    shape = tensors.OBSERVATION_SHAPE if players == 3 else tensors.OBSERVATION_SHAPE_FOUR
    if not env.terminations[agent] and not env.truncations[agent]:
        assert not state.is_chance
        assert state.to_move is not None
        assert agent == tpz.AGENTS_FOUR[state.to_move]
        assert state.to_move != state.sitter
    for other in env.agents:
        obs = env.observe(other)
        assert obs is not None
        seen = th.observe(state, seat(other))
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].shape == shape
        assert np.array_equal(obs["observation"], tensors.observation_tensor(seen))
        assert obs["action_mask"].dtype == np.int8
        assert obs["action_mask"].shape == (encoding.num_distinct_actions(players),)
        ids = {int(i) for i in np.flatnonzero(obs["action_mask"])}
        if other == agent and not env.terminations[agent] and not env.truncations[agent]:
            assert ids == {encoding.action_id(a) for a in th.legal_actions(state)}
            assert ids
        else:
            assert not ids
        assert env.observation_space(other).contains(obs)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_observations_and_masks_are_the_engines(preset: str) -> None:
    env = tpz.env(PRESETS[preset], max_deals=3)
    env.reset(seed=11)
    run(env, random.Random(11), check_against_engine)


@pytest.mark.parametrize("preset", sorted(FOUR))
def test_r_four_8_observations_and_masks_at_four_are_the_engines(preset: str) -> None:
    rules = FOUR[preset].with_agreements(th.variants.quiet_drop)
    env = tpz.env(rules, max_deals=5, dealer=None)
    env.reset(seed=11)
    selected: set[str] = set()

    def check(env: Env, agent: str) -> None:
        check_against_engine(env, agent)
        if not env.terminations[agent] and not env.truncations[agent]:
            selected.add(agent)

    run(env, random.Random(11), check)
    assert selected == set(tpz.AGENTS_FOUR)  # each seat plays the deals it does not deal


def test_r_four_3_a_game_at_four_rewards_the_score_sheets_changes() -> None:
    """Random play at four; the sitter's rewards are its deal scores (R-FOUR-3)."""
    start = (0, 100, 200, 300)
    env = tpz.env(FOUR["classic"], scores=start, max_deals=8)
    env.reset(seed=3)
    totals = play_rewards(env, random_chooser(3))
    state = game(env)
    assert len(state.sheet) == 8
    changes = [sum(record.changes[s] for record in state.sheet) for s in range(4)]
    assert [totals[a] for a in tpz.AGENTS_FOUR] == changes
    assert changes == [state.scores[s] - start[s] for s in range(4)]
    sat = [record.changes[record.sitter] for record in state.sheet if record.sitter is not None]
    assert len(sat) == 8 and any(sat)


def test_r_four_3_the_sitter_of_a_one_deal_episode_gets_its_score_at_the_end() -> None:
    """The sitter's agent never acts in a one-deal episode: its deal score comes with its
    termination."""
    env = tpz.env(FOUR["standard"], episode="deal", dealer=2, scores=(100, 200, 300, 400))
    env.reset(seed=8)
    rng = random.Random(8)
    sitter_steps = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated = last(env)
        totals[agent] += reward
        if agent == "player_2":
            sitter_steps.append(terminated)
        env.step(None if terminated or truncated else random_id(observation["action_mask"], rng))
    record = game(env).sheet[0]
    assert record.sitter == 2 and sitter_steps == [True]
    assert tuple(totals[a] for a in tpz.AGENTS_FOUR) == record.changes


def test_r_four_1_the_first_agent_at_four_is_the_seat_after_the_dealer() -> None:
    dealers = set()
    for dealer in range(4):
        env = tpz.raw_env(FOUR["standard"], dealer=dealer)
        env.reset(seed=0)
        assert env.agent_selection == tpz.AGENTS_FOUR[(dealer + 1) % 4]
        assert env.game_state.sitter == dealer
    env = tpz.raw_env(FOUR["classic"], dealer=None)
    for seed in range(16):
        env.reset(seed=seed)
        dealers.add(env.game_state.dealer)
    assert dealers == {0, 1, 2, 3}


def test_r_four_1_the_spaces_at_four() -> None:
    env = tpz.env(FOUR["classic"])
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert env.unwrapped.scores == (0, 0, 0, 0)  # type: ignore[attr-defined]
    for agent in tpz.AGENTS_FOUR:
        assert env.action_space(agent) == gymnasium.spaces.Discrete(435)
        space = env.observation_space(agent)
        assert isinstance(space, gymnasium.spaces.Dict)
        assert space["observation"].shape == tensors.OBSERVATION_SHAPE_FOUR
        assert space["action_mask"].shape == (encoding.NUM_DISTINCT_ACTIONS_FOUR,)
    raw = tpz.raw_env(FOUR["classic"])
    raw.reset(seed=1)
    with pytest.raises(ValueError) as caught:
        raw.observe("player_4")
    assert str(caught.value) == (
        "unknown agent 'player_4' (the agents are 'player_0', 'player_1', 'player_2' and "
        "'player_3')"
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dealer": 4}, "dealer must be None or a seat 0, 1, 2 or 3 at a table of four, not 4"),
        ({"scores": (0, 0, 0)}, "scores"),
    ],
)
def test_r_four_1_bad_options_at_four(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tpz.raw_env(FOUR["classic"], **options)  # type: ignore[arg-type]


Chooser = Callable[[Env, str, tpz.ObsDict], int]


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda env, agent, observation: random_id(observation["action_mask"], rng)


def heuristic_chooser(seed: int) -> Chooser:
    """HeuristicBots, each deciding from its seat's ``observe``."""
    bots = [HeuristicBot(random.Random(seed + s)) for s in range(3)]

    def choose(env: Env, agent: str, observation: tpz.ObsDict) -> int:
        seen = th.observe(game(env), seat(agent))
        return encoding.action_id(bots[seat(agent)].act(seen))

    return choose


def play_rewards(env: Env, choose: Chooser) -> dict[str, float]:
    """Play to the end; the rewards each agent received in total."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated = last(env)
        totals[agent] += reward
        env.step(None if terminated or truncated else choose(env, agent, observation))
    return totals


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize(
    ("players", "start"),
    [
        (random_chooser, (0, 0, 0)),
        (heuristic_chooser, (0, 0, 0)),
        (heuristic_chooser, (700, 650, 600)),
    ],
)
def test_a_whole_game_rewards_the_score_sheets_changes(
    preset: str, players: Callable[[int], Chooser], start: tuple[int, int, int]
) -> None:
    """Random play goes on to the rules' last deal; HeuristicBots reach the target."""
    env = tpz.env(PRESETS[preset], scores=start)
    env.reset(seed=3)
    totals = play_rewards(env, players(3))
    state = game(env)
    assert state.is_terminal
    if players is heuristic_chooser:
        assert max(state.scores) >= 1000
    else:
        assert len(state.sheet) == PRESETS[preset].scoring.max_deals
    changes = [sum(record.changes[s] for record in state.sheet) for s in range(3)]
    assert [totals[a] for a in tpz.AGENTS] == changes
    assert changes == [state.scores[s] - start[s] for s in range(3)]


def test_the_reward_comes_when_the_deal_is_written() -> None:
    env = tpz.raw_env(max_deals=2)
    env.reset(seed=5)
    rng = random.Random(5)
    written = 0
    while env.agents and not env.truncations[env.agent_selection]:
        env.step(random_id(env.observe(env.agent_selection)["action_mask"], rng))
        sheet = env.game_state.sheet
        if len(sheet) > written:
            written = len(sheet)
            assert tuple(env.rewards[a] for a in tpz.AGENTS) == sheet[-1].changes
        else:
            assert set(env.rewards.values()) == {0.0}
    assert written == 2


def test_one_deal_episode_terminates_with_its_score() -> None:
    env = tpz.env(th.Rules.standard(), episode="deal", dealer=2, scores=(100, 200, 300))
    env.reset(seed=8)
    totals = play_rewards(env, random_chooser(8))
    state = game(env)
    assert len(state.sheet) == 1
    record = state.sheet[0]
    assert record.dealer == 2
    assert tuple(totals[a] for a in tpz.AGENTS) == record.changes
    assert state.scores == tuple(
        s + c for s, c in zip((100, 200, 300), record.changes, strict=True)
    )


def test_max_deals_truncates_the_game() -> None:
    env = tpz.env(max_deals=2)
    env.reset(seed=1)
    ends: list[tuple[bool, bool]] = []
    for _ in env.agent_iter():
        observation, _, terminated, truncated = last(env)
        if terminated or truncated:
            ends.append((terminated, truncated))
            env.step(None)
        else:
            env.step(random_id(observation["action_mask"], random.Random(len(ends))))
    assert ends == [(False, True)] * 3
    state = game(env)
    assert len(state.sheet) == 2
    assert not state.is_terminal


def trajectory(seed: int, **options: object) -> tuple[th.Action, ...]:
    env = tpz.env(max_deals=2, **options)  # type: ignore[arg-type]
    env.reset(seed=seed)
    run(env, random.Random(0))
    return game(env).history


def test_the_same_seed_gives_the_same_trajectory() -> None:
    assert trajectory(21) == trajectory(21)
    assert trajectory(21, dealer=None) == trajectory(21, dealer=None)
    assert trajectory(21)[0] != trajectory(22)[0]  # another deal


def test_reset_without_a_seed_goes_on_with_the_generator() -> None:
    env = tpz.raw_env()
    env.reset(seed=4)
    first = env.game_state.history
    env.reset()
    second = env.game_state.history
    assert first != second
    env.reset(seed=4)
    assert env.game_state.history == first
    assert env.np_random_seed == 4


def test_a_random_dealer_is_drawn_from_the_seed() -> None:
    dealers = set()
    env = tpz.raw_env(dealer=None)
    for seed in range(12):
        env.reset(seed=seed)
        dealers.add(env.game_state.dealer)
    assert dealers == {0, 1, 2}


def test_the_first_agent_is_the_seat_after_the_dealer() -> None:
    for dealer in range(3):
        env = tpz.raw_env(dealer=dealer)
        env.reset(seed=0)
        assert env.agent_selection == tpz.AGENTS[(dealer + 1) % 3]
        assert env.game_state.dealer == dealer
        assert env.game_state.deal_number == 1


def test_an_illegal_action_ends_the_wrapped_episode(caplog: pytest.LogCaptureFixture) -> None:
    env = tpz.env(illegal_reward=-500.0)
    env.reset(seed=0)
    mover = env.agent_selection
    observation, *_ = last(env)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    env.step(illegal)
    assert "Illegal move made" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards == {a: (-500.0 if a == mover else 0.0) for a in tpz.AGENTS}


def test_the_raw_environment_raises_on_an_illegal_action() -> None:
    env = tpz.raw_env()
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    history = env.game_state.history
    with pytest.raises(th.IllegalActionError, match="illegal action"):
        env.step(illegal)
    with pytest.raises(ValueError, match="out of range"):
        env.step(encoding.NUM_DISTINCT_ACTIONS)
    assert env.game_state.history == history  # nothing happened
    env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy ints are accepted
    assert len(env.game_state.history) == len(history) + 1


def test_an_action_outside_the_space_fails_the_wrapped_environment() -> None:
    env = tpz.env()
    env.reset(seed=0)
    with pytest.raises(AssertionError):
        env.step(-1)


def test_render() -> None:
    env = tpz.env(render_mode="ansi", episode="deal")
    env.reset(seed=2)
    text = env.render()
    mover = game(env).to_move
    assert mover is not None
    assert text == str(th.observe(game(env), mover))
    run(env, random.Random(2))
    assert env.render() == f"after deal 1: scores {game(env).scores}"
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert tpz.raw_env().render() is None


def test_render_the_end_of_a_game() -> None:
    env = tpz.raw_env(scores=(850, 0, 0), render_mode="ansi")
    env.reset(seed=0)
    run(env, random.Random(0))
    assert env.game_state.is_terminal
    text = env.render()
    assert text is not None
    assert text.startswith("game over after deal ")


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = tpz.raw_env(render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    mover = env.game_state.to_move
    assert mover is not None
    assert capsys.readouterr().out == str(th.observe(env.game_state, mover)) + "\n"


def test_spaces_and_metadata() -> None:
    env = tpz.env()
    assert env.metadata["name"] == "thousand_v0"
    assert str(env.unwrapped) == "thousand_v0"
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.unwrapped.scores == (0, 0, 0)  # type: ignore[attr-defined]
    for agent in tpz.AGENTS:
        assert env.action_space(agent) == gymnasium.spaces.Discrete(encoding.NUM_DISTINCT_ACTIONS)
        space = env.observation_space(agent)
        assert isinstance(space, gymnasium.spaces.Dict)
        assert space["observation"].shape == tensors.OBSERVATION_SHAPE
        assert space["action_mask"].shape == (encoding.NUM_DISTINCT_ACTIONS,)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"episode": "hand"}, "episode"),
        ({"max_deals": 0}, "max_deals"),
        ({"max_deals": 2, "episode": "deal"}, "max_deals"),
        ({"dealer": 3}, "dealer"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"scores": (1000, 0, 0)}, "target"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tpz.raw_env(**options)  # type: ignore[arg-type]


def test_game_state_before_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        _ = tpz.raw_env().game_state


def test_a_pickled_environment_goes_on_the_same_way() -> None:
    """Vectorised runners copy environments to worker processes."""
    env = tpz.env(max_deals=2)
    env.reset(seed=9)
    copy = pickle.loads(pickle.dumps(env))
    run(env, random.Random(9))
    run(copy, random.Random(9))
    assert game(copy) == game(env)
    assert len(game(env).sheet) == 2


# -- arguments given as Python values ----------------------------------------------------------

HUGE = 10**5000  # str() refuses it (sys.get_int_max_str_digits)
MAX_DEALS = "max_deals must be None or a number of deals from 1 to 1000000"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"episode": HUGE}, "episode must be 'game' or 'deal', not <int of 5001 digits>"),
        (
            {"episode": "g" * 5000},
            "episode must be 'game' or 'deal', not 'ggggggggggggggggg...gggggggggggggggggg'",
        ),
        (
            {"episode": np.array(["game", "deal"])},
            "episode must be 'game' or 'deal', not array(['game', 'deal'], dtype='<U4')",
        ),
        ({"max_deals": -HUGE}, f"{MAX_DEALS}, not <negative int of 5001 digits>"),
        ({"max_deals": HUGE}, f"{MAX_DEALS}, not <int of 5001 digits>"),
        ({"max_deals": 0}, f"{MAX_DEALS}, not 0"),
        ({"max_deals": True}, f"{MAX_DEALS} (a Python int), not True of type bool"),
        ({"max_deals": 2.0}, f"{MAX_DEALS} (a Python int), not 2.0 of type float"),
        (
            {"max_deals": np.int64(2)},
            f"{MAX_DEALS} (a Python int), not {np.int64(2)!r} of type int64",
        ),
        (
            {"render_mode": HUGE},
            "render_mode must be None, 'ansi' or 'human', not <int of 5001 digits>",
        ),
        (
            {"render_mode": "a" * 5000},
            "render_mode must be None, 'ansi' or 'human', "
            "not 'aaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaa'",
        ),
        (
            {"illegal_reward": "-1000"},
            "illegal_reward must be a finite real number, not '-1000' of type str",
        ),
        (
            {"illegal_reward": HUGE},
            "illegal_reward must be a finite real number, not <int of 5001 digits> of type int",
        ),
        (
            {"illegal_reward": float("nan")},
            "illegal_reward must be a finite real number, not nan of type float",
        ),
        (
            {"illegal_reward": True},
            "illegal_reward must be a finite real number, not True of type bool",
        ),
    ],
    ids=lambda value: "huge" if value is HUGE or value is -HUGE else None,
)
def test_bad_arguments_are_named_shortly(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        tpz.env(**options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_the_good_arguments_are_kept() -> None:
    raw = tpz.env(max_deals=1_000_000, illegal_reward=-5).unwrapped
    assert isinstance(raw, tpz.raw_env) and raw.max_deals == 1_000_000
    for reward in (np.float32(-1.0), np.int64(-1), -0.5):
        tpz.env(illegal_reward=reward)  # type: ignore[arg-type]


def test_observe_names_an_unknown_agent() -> None:
    env = tpz.raw_env()
    env.reset(seed=1)
    with pytest.raises(ValueError) as caught:
        env.observe("player_3")
    assert str(caught.value) == (
        "unknown agent 'player_3' (the agents are 'player_0', 'player_1' and 'player_2')"
    )
