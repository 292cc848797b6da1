"""Thousand as a PettingZoo AEC environment (``pip install 'thousand[pettingzoo]'``; in a
checkout of the source, ``pip install -e '.[pettingzoo]'``).

:func:`env` makes the environment the way PettingZoo's classic games do: the bare
:class:`raw_env` wrapped in ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``.

- The agents are ``"player_0"``, ``"player_1"`` and ``"player_2"``: the seats 0, 1 and 2. The
  agent selected is always the seat to move; the order is the game's, not a fixed rotation.
  With the rules of a table of four (``Rules.classic(players=4)``) there are four agents, up to
  ``"player_3"``; the dealer of each deal sits out (R-FOUR-1), so its agent is never selected
  in that deal, but it observes the table as every agent does and is rewarded its deal score.
- An observation is ``{"observation": ..., "action_mask": ...}``: the float32 vector
  :func:`thousand.tensors.observation_tensor` of :func:`thousand.observe` for the agent's
  seat (what that seat may know, never the hidden state), and an int8 vector of
  :data:`thousand.encoding.NUM_DISTINCT_ACTIONS` entries (at four
  :data:`~thousand.encoding.NUM_DISTINCT_ACTIONS_FOUR`), 1 for each legal action of the agent
  (all 0 when it is not to move).
- An action is an int, the id :func:`thousand.encoding.action_id` of a :class:`thousand.Action`.
- The deal (the chance nodes) is played inside the environment: whole deals shuffled by the
  environment's own generator, ``np_random``, seeded by ``reset(seed=...)``.
- Rewards are score changes, given when a deal is written on the score sheet: each agent
  receives the change of its score in that deal, in points (a made contract of 120 gives
  ``120.0``), the barrel, the bolts and the penalties included. Over a whole game an agent's
  rewards add up to its final score less its starting score.
- ``episode="game"`` (the default) plays a whole game: the agents are terminated when it ends
  (a seat reaches the target, or the rules' ``scoring.max_deals`` deals were played).
  ``max_deals=N`` cuts a game episode after ``N`` deals: the agents are *truncated* there, as
  the game would go on. ``episode="deal"`` plays one deal (any redeals included) from
  ``scores`` with ``dealer``: the agents are terminated once it is scored.
- An illegal action (one whose mask entry is 0): the wrapped environment of :func:`env` ends
  the episode, as PettingZoo's ``TerminateIllegalWrapper`` does, with ``illegal_reward`` for
  the agent that took it and 0 for the others; :class:`raw_env` itself raises
  :class:`thousand.IllegalActionError`.
- ``render_mode="ansi"`` makes ``render()`` return the table as the seat to move sees it
  (:class:`thousand.Observation` as text), or the scores once nobody is to move;
  ``"human"`` prints the same.
"""

from __future__ import annotations

import contextlib
import math
import numbers
from typing import Any, Final, Literal, TypeAlias, cast

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        f"thousand.adapters.pettingzoo needs PettingZoo, Gymnasium and NumPy ({error}), the "
        "extra 'pettingzoo': in a checkout of the source, pip install -e '.[pettingzoo]'; from "
        "PyPI (once published), pip install 'thousand[pettingzoo]'"
    ) from error

from .. import encoding, tensors
from ..actions import Action, Deal
from ..cards import PACK
from ..engine import apply, legal_actions, new_game
from ..errors import IllegalActionError, check_int, check_seat, shown
from ..observation import observe
from ..rules import NUMBER_LIMIT, Rules
from ..state import State

__all__ = ["AGENTS", "AGENTS_FOUR", "ActionId", "ObsDict", "env", "raw_env"]

#: The agents of a table of three, seat by seat.
AGENTS: Final = ("player_0", "player_1", "player_2")
#: The agents of a table of four, seat by seat (R-FOUR-1).
AGENTS_FOUR: Final = (*AGENTS, "player_3")

#: An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``.
ObsDict: TypeAlias = dict[str, NDArray[Any]]
#: What ``step`` takes: an action id (a Python or a NumPy int), or None for an agent that is
#: terminated or truncated.
ActionId: TypeAlias = int | np.integer[Any] | None
Episode: TypeAlias = Literal["game", "deal"]
Scores: TypeAlias = tuple[int, ...]


def env(
    rules: Rules | None = None,
    *,
    episode: Episode = "game",
    max_deals: int | None = None,
    dealer: int | None = 0,
    scores: Scores | None = None,
    illegal_reward: float = -1000.0,
    render_mode: str | None = None,
) -> AECEnv[str, ObsDict, ActionId]:
    """The environment, wrapped as PettingZoo's classic games are: an illegal action ends the
    episode with ``illegal_reward`` for the agent that took it (``TerminateIllegalWrapper``),
    an action outside the action space fails an assertion (``AssertOutOfBoundsWrapper``), and
    a call out of order (``step`` before ``reset``) is an error (``OrderEnforcingWrapper``).

    The other arguments are :class:`raw_env`'s. ``env().unwrapped`` is the :class:`raw_env`.
    """
    # Checked here: the wrapper would fail on a bad one only at the first illegal action.
    reward: object = illegal_reward
    finite = False
    if isinstance(reward, numbers.Real) and not isinstance(reward, (bool, np.bool_)):
        with contextlib.suppress(OverflowError):  # an int too large for a float
            finite = math.isfinite(reward)
    if not finite:
        kind = type(reward).__name__
        raise ValueError(
            f"illegal_reward must be a finite real number, not {shown(reward)} of type {kind}"
        )
    wrapped: AECEnv[str, ObsDict, ActionId] = raw_env(
        rules,
        episode=episode,
        max_deals=max_deals,
        dealer=dealer,
        scores=scores,
        render_mode=render_mode,
    )
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, ObsDict, ActionId]):  # PettingZoo's name for it
    """Thousand for three agents (four at a table of four), without the wrappers of :func:`env`.

    ``rules`` are the table's rules (:meth:`thousand.Rules.classic` when None); their
    ``table.players`` is the number of agents. ``episode``
    is ``"game"`` (a whole game; ``max_deals``, when given, from 1 to 1000000, truncates it
    after that many deals) or ``"deal"`` (one deal). ``dealer`` deals first (None: a seat drawn
    from ``np_random`` at each reset); ``scores`` are the scores the game starts from, one per
    seat (None: all 0; R-TABLE-1). ``render_mode`` is None, ``"ansi"`` or ``"human"``.

    An action whose mask entry is 0 raises :class:`thousand.IllegalActionError`, and an int
    outside ``range(NUM_DISTINCT_ACTIONS)`` a ``ValueError``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "name": "thousand_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        episode: Episode = "game",
        max_deals: int | None = None,
        dealer: int | None = 0,
        scores: Scores | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        rules = Rules.classic() if rules is None else rules
        if not isinstance(episode, str) or episode not in ("game", "deal"):
            raise ValueError(f"episode must be 'game' or 'deal', not {shown(episode)}")
        if max_deals is not None:
            head = f"max_deals must be None or a number of deals from 1 to {NUMBER_LIMIT}"
            check_int(max_deals, head, 1, NUMBER_LIMIT)  # not True, 2.0 or a NumPy int
        if max_deals is not None and episode == "deal":
            raise ValueError("max_deals applies to episode='game' only")
        # new_game below refuses what is not Rules
        players = rules.table.players if isinstance(rules, Rules) else 3
        check_seat(dealer, "dealer", none=True, players=players)
        if render_mode is not None and (
            not isinstance(render_mode, str) or render_mode not in self.metadata["render_modes"]
        ):
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'human', not {shown(render_mode)}"
            )
        first = new_game(rules, dealer=dealer or 0, scores=scores)  # checks rules and scores
        self.rules: Final = rules
        self.episode: Final = episode
        self.max_deals: Final = max_deals
        self.dealer: Final = dealer
        self.scores: Final = first.scores
        self.render_mode = render_mode
        #: The agents of this table, seat by seat.
        self.names: Final = AGENTS if players == 3 else AGENTS_FOUR
        names = self.names
        actions = encoding.num_distinct_actions(players)
        shape = (tensors.observation_layout(players)[-1][2],)

        self.possible_agents = list(names)
        self.agents = []
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in names}
        self.observation_spaces = {
            agent: cast(
                "spaces.Space[ObsDict]",
                spaces.Dict(
                    {
                        "observation": spaces.Box(
                            low=-np.inf,
                            high=np.inf,
                            shape=shape,
                            dtype=np.float32,
                        ),
                        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                    }
                ),
            )
            for agent in names
        }
        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self._state: State | None = None

    # -- the game --------------------------------------------------------------------------

    @property
    def game_state(self) -> State:
        """The game as it stands (the whole state, hidden cards included: for evaluation and
        debugging, not for the agents)."""
        if self._state is None:
            raise RuntimeError("the environment has not been reset yet")
        return self._state

    def _deal(self, state: State) -> State:
        """A whole deal at the chance node ``state``, shuffled by ``np_random``."""
        assert self.np_random is not None
        order = self.np_random.permutation(len(PACK))
        pack = [PACK[int(i)] for i in order]
        return apply(state, Deal((pack[0:7], pack[7:14], pack[14:21]), pack[21:24]))

    def _over(self, state: State) -> bool:
        """Whether the episode ends with a termination at ``state``."""
        return state.is_terminal or (self.episode == "deal" and bool(state.sheet))

    def _cut(self, state: State) -> bool:
        """Whether a game episode is truncated at ``state``."""
        return self.max_deals is not None and len(state.sheet) >= self.max_deals

    def _advance(self, state: State) -> State:
        """Deal at chance nodes until an agent is to move or the episode ends."""
        while state.is_chance and not self._over(state) and not self._cut(state):
            state = self._deal(state)
        return state

    # -- PettingZoo's API ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode. ``seed`` reseeds ``np_random`` (None keeps it going, and draws it
        from the operating system the first time); ``options`` are not used."""
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        names = self.names
        dealer = self.dealer
        if dealer is None:
            dealer = int(self.np_random.integers(len(names)))
        self._state = self._advance(new_game(self.rules, dealer=dealer, scores=self.scores))
        self.agents = list(names)
        self.rewards = dict.fromkeys(names, 0.0)
        self._cumulative_rewards = dict.fromkeys(names, 0.0)
        self.terminations = dict.fromkeys(names, False)
        self.truncations = dict.fromkeys(names, False)
        self.infos = {agent: {} for agent in names}
        self.agent_selection = self._agent_to_move(self._state)

    def step(self, action: ActionId) -> None:
        """The selected agent takes ``action`` (an action id); a terminated or truncated agent
        must pass None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        move = self._legal_move(state, action)
        self._cumulative_rewards[agent] = 0.0
        before = state.scores
        state = self._advance(apply(state, move))
        self._state = state
        names = self.names
        self.rewards = {
            name: float(state.scores[seat] - before[seat]) for seat, name in enumerate(names)
        }
        if self._over(state):
            self.terminations = dict.fromkeys(names, True)
        elif self._cut(state):
            self.truncations = dict.fromkeys(names, True)
        else:
            self.agent_selection = self._agent_to_move(state)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    @staticmethod
    def _legal_move(state: State, action: object) -> Action:
        """The action with id ``action``, which must be legal in ``state``."""
        move = encoding.action_from_id(action, state.players)  # type: ignore[arg-type]
        if move not in legal_actions(state):
            apply(state, move)  # raises with the engine's reason
            raise IllegalActionError(move, state.phase, "it is not among the legal actions")
        return move

    def _agent_to_move(self, state: State) -> str:
        seat = state.to_move
        assert seat is not None, "an agent is to move"
        return self.names[seat]

    def observe(self, agent: str) -> ObsDict:
        """What ``agent``'s seat may know, as the observation vector and the action mask."""
        try:
            seat = self.names.index(agent)
        except ValueError:
            *most, final = (repr(name) for name in self.names)
            names = f"{', '.join(most)} and {final}"
            raise ValueError(f"unknown agent {shown(agent)} (the agents are {names})") from None
        seen = observe(self.game_state, seat)
        return {
            "observation": np.asarray(tensors.observation_tensor(seen), dtype=np.float32),
            "action_mask": np.asarray(encoding.legal_action_mask(seen), dtype=np.int8),
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        """The table as the seat to move sees it, or the scores once nobody is to move."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: make the environment with "
                "render_mode='ansi' or 'human'"
            )
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        state = self.game_state
        seat = state.to_move
        if seat is not None and self.agents:
            return str(observe(state, seat))
        if state.is_terminal:
            won = "nobody" if state.winner is None else f"seat {state.winner}"
            return f"game over after deal {len(state.sheet)}: scores {state.scores}, {won} won"
        return f"after deal {len(state.sheet)}: scores {state.scores}"

    def close(self) -> None:
        """Nothing to release."""
