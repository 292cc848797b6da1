"""OpenSpiel: Thousand as the Python game ``python_thousand``, registered on import.

>>> import pyspiel
>>> import thousand.adapters.openspiel
>>> game = pyspiel.load_game("python_thousand(rules=standard,single_deal=true)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 411, 24)
>>> four = pyspiel.load_game("python_thousand(players=4)")
>>> four.num_players(), four.num_distinct_actions()
(4, 435)

Parameters: ``rules`` (``"classic"`` or ``"standard"``), ``agreements`` (keys of
:mod:`thousand.variants` separated by ``,``, ``+`` or ``;``, a value after ``=`` or ``:``; in a
game string, where ``,`` and ``=`` are taken, write ``agreements=no_jumping+penalty_amount:150``),
``single_deal`` (the game ends when the first deal is scored), ``dealer`` (the first dealer),
``players`` (3, or 4: the dealer sits out each deal and never moves, R-FOUR-1),
``max_deals`` (0: the rules' own cap of R-END-2; otherwise the game ends after that many deals,
as R-END-2 says for 200) and ``max_redeals`` (the redeals allowed in one deal; after that
:class:`~thousand.Redeal` is not offered, so that the game has a length bound). As the legal
actions then depend on the redeals made in the deal, every observation and information state
ends with that count: the tensors with one more entry (the redeals made over
``max_redeals``, or 1 when none are allowed), the strings with a line
``redeals: N of M``. An action the engine or the cap refuses raises
:class:`~thousand.IllegalActionError` and changes nothing.

Actions are the ids of :mod:`thousand.encoding` (at four, those of three and the gives to seat
3); chance outcomes are the cards dealt one at a time (R-DEAL-1), ``card.index``. Returns are
the deal's score changes (``single_deal``) or the final scores (a whole game starts at 0), one
per seat, the sitter's included at four. Needs ``pip install 'thousand[openspiel]'``
(in a checkout of the source, ``pip install -e '.[openspiel]'``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import attrs

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        f"thousand.adapters.openspiel needs OpenSpiel and NumPy ({error}), the extra "
        "'openspiel': in a checkout of the source, pip install -e '.[openspiel]'; from PyPI "
        "(once published), pip install 'thousand[openspiel]'"
    ) from error

from .. import encoding, tensors
from ..actions import TOP_BID, Action, Redeal
from ..determinize import sample_state
from ..engine import apply, chance_outcomes, legal_actions, new_game
from ..errors import IllegalActionError, check_int, check_seat, shown
from ..observation import InfoState, Observation, information_state, observe
from ..rules import NUMBER_LIMIT, Rules
from ..state import State
from ..variants import Agreement, parse_agreement

__all__ = [
    "GAME_TYPE",
    "MAX_ACTIONS_PER_DEAL",
    "ThousandGame",
    "ThousandObserver",
    "ThousandState",
    "game_info",
    "parse_agreements",
    "rules_of",
]

#: The parameters and their defaults.
PARAMETERS: Final[dict[str, Any]] = {
    "rules": "classic",
    "agreements": "",
    "single_deal": False,
    "dealer": 0,
    "max_deals": 0,
    "max_redeals": 5,
    "players": 3,
}

#: Actions in one dealing of the cards, redeal included: 24 cards, at most 101 bids (they rise),
#: 3 passes, the hidden-game choice and a redeal, 2 gives, the contract or a distribution, 24
#: plays and a redeal in play.
MAX_ACTIONS_PER_DEAL: Final = 24 + 101 + 3 + 1 + 1 + 2 + 1 + 24 + 1

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_thousand",
    long_name="Python Thousand (Тысяча)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def parse_agreements(text: str) -> tuple[Agreement, ...]:
    """``"no_jumping,penalty_amount=150"``: agreements of :mod:`thousand.variants` by key,
    separated by ``,``, ``+`` or ``;``, a value after ``=`` or ``:``. Each is read as the
    command line's ``--with`` reads it (:func:`thousand.variants.parse_agreement`)."""
    _check_text(text)
    words = (w.strip() for w in text.replace("+", ",").replace(";", ",").split(","))
    return tuple(parse_agreement(word.replace(":", "=")) for word in words if word)


def _check_text(agreements: object) -> None:
    if not isinstance(agreements, str):
        example = "no_jumping+penalty_amount:150"
        raise ValueError(f"agreements must be text such as {example!r}, not {shown(agreements)}")


#: OpenSpiel keeps a game's length bound in a C++ int.
_MAX_GAME_LENGTH: Final = 2**31 - 1


def _count(params: dict[str, Any], name: str, head: str) -> int:
    """The int parameter ``name``, from 0 to NUMBER_LIMIT; ``head`` says so in its error."""
    # Not True, 1.5 or a NumPy int, which int() would take.
    return check_int(params[name], head, 0, NUMBER_LIMIT)


def _checked(params: dict[str, Any]) -> dict[str, Any]:
    """Every parameter, the defaults filled in, each checked: ``load_game`` checks the types
    against the specification, a game made directly with a dict does not."""
    for name in params:
        if name not in PARAMETERS:
            raise ValueError(
                f"unknown parameter {shown(name)} (the parameters are {', '.join(PARAMETERS)})"
            )
    full = {**PARAMETERS, **params}
    preset = full["rules"]
    if type(preset) is not str or preset not in ("classic", "standard"):
        raise ValueError(f"rules must be 'classic' or 'standard', not {shown(preset)}")
    _check_text(full["agreements"])
    single = full["single_deal"]
    if type(single) is not bool:
        kind = type(single).__name__
        raise ValueError(f"single_deal must be True or False, not {shown(single)} of type {kind}")
    players = encoding.check_players(full["players"])
    check_seat(full["dealer"], "dealer", players=players)
    _count(
        full,
        "max_deals",
        f"max_deals must be 0 (the rules' own cap) or a number of deals up to {NUMBER_LIMIT}",
    )
    _count(full, "max_redeals", f"max_redeals must be a whole number from 0 to {NUMBER_LIMIT}")
    return full


def rules_of(params: dict[str, Any]) -> Rules:
    """The rules of the game parameters ``rules``, ``agreements``, ``max_deals`` and
    ``players``."""
    return _rules(_checked(params))


def _rules(full: dict[str, Any]) -> Rules:
    """The rules of checked parameters."""
    preset = Rules.standard if full["rules"] == "standard" else Rules.classic
    base = preset(players=full["players"])
    rules = base.with_agreements(*parse_agreements(full["agreements"]))
    max_deals: int = full["max_deals"]
    if max_deals:
        rules = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=max_deals))
    return rules


def _deal_bounds(rules: Rules) -> tuple[int, int]:
    """The most a seat's score can rise and fall in one deal: a doubled top contract or doubled
    points (A12), the 4 Nines Bonus, a doubled distribution amount; four penalties (bolts,
    barrel, Throw off, Several Players), a reset to 0 from the target. At a table of four the
    sitter's doubled score (R-FOUR-3), at most three aces and a marriage, when it is more."""
    per_opponent = rules.distribution.per_opponent or 0
    gain = 2 * TOP_BID + 120 + 2 * per_opponent
    if rules.table.players == 4:
        gain = max(gain, 2 * (3 * rules.table.ace_value + 100))
    loss = 2 * TOP_BID + 4 * rules.scoring.penalty + rules.scoring.target
    return gain, loss


def game_info(params: dict[str, Any]) -> Any:
    """The ``pyspiel.GameInfo`` of the parameters: utility bounds from the rules (single deal:
    one deal's change; whole game: a final score) and a length bound."""
    full = _checked(params)
    rules = _rules(full)
    gain, loss = _deal_bounds(rules)
    attempts = full["max_redeals"] + 1
    if full["single_deal"]:
        low, high, deals = -loss, gain, 1
    else:
        deals = rules.scoring.max_deals
        low, high = -loss * deals, rules.scoring.target + gain
    length = deals * attempts * MAX_ACTIONS_PER_DEAL
    if length > _MAX_GAME_LENGTH:
        raise ValueError(
            f"{deals} deals of up to {attempts} dealings each may last {length} actions, more "
            f"than OpenSpiel's limit of {_MAX_GAME_LENGTH}: lower max_deals or max_redeals"
        )
    return pyspiel.GameInfo(
        num_distinct_actions=encoding.num_distinct_actions(rules.table.players),
        max_chance_outcomes=encoding.NUM_CHANCE_OUTCOMES,
        num_players=rules.table.players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None,
        max_game_length=length,
    )


class ThousandGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_thousand``: 3 players, or 4 with ``players=4`` (the dealer of each
    deal sits out and never moves, R-FOUR-1)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        full = _checked(given)
        if "agreements" in given:  # in the form a game string can carry back
            given["agreements"] = "+".join(
                a.key if a.value is None else f"{a.key}:{a.value}"
                for a in parse_agreements(given["agreements"])
            )
        super().__init__(GAME_TYPE, game_info(full), given)
        self.rules: Rules = _rules(full)
        self.single_deal: bool = full["single_deal"]
        self.dealer: int = full["dealer"]
        self.max_redeals: int = full["max_redeals"]
        self.players: int = full["players"]

    def new_initial_state(self) -> ThousandState:
        """The first chance node: the first card of the first deal."""
        return ThousandState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ThousandObserver:
        """The observer: the information state when ``perfect_recall``, else the observation."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return ThousandObserver(iig_obs_type, params, players=self.players)


class _Shared:
    """An immutable value that OpenSpiel's clone (a deep copy) shares instead of copying."""

    __slots__ = ("value",)

    def __init__(self, value: State) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class ThousandState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_thousand``: a :class:`thousand.State` (``.state``) and the count of
    redeals in the current deal."""

    def __init__(self, game: ThousandGame) -> None:
        super().__init__(game)
        # OpenSpiel copies a state's attributes when it clones it, not the game's: keep what
        # the state needs here.
        self._single_deal: bool = game.single_deal
        self._max_redeals: int = game.max_redeals
        self._box = _Shared(new_game(game.rules, dealer=game.dealer))
        self._redeals = 0
        #: The position in the history where the current dealing of the cards began.
        self._deal_start = 0
        self._length = 0

    @property
    def state(self) -> State:
        """The :class:`thousand.State` this state wraps."""
        return self._box.value

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player; never the seat that sits
        out the deal at a table of four (R-FOUR-1)."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.state.to_move
        assert seat is not None
        return seat

    def redeals_used(self) -> float:
        """The redeals made in this deal over the redeals allowed (1 when none are)."""
        return self._redeals / self._max_redeals if self._max_redeals else 1.0

    def capped(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """``actions`` without :class:`~thousand.Redeal` once ``max_redeals`` are made."""
        if self._redeals >= self._max_redeals:
            return tuple(a for a in actions if not isinstance(a, Redeal))
        return actions

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(encoding.action_id(a) for a in self.capped(legal_actions(self.state)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not dealt yet, all equally likely (R-DEAL-1)."""
        return sorted((encoding.chance_id(a), float(p)) for a, p in chance_outcomes(self.state))

    def _apply_action(self, action: int) -> None:
        move: Action
        if self.state.is_chance:
            move = encoding.chance_from_id(action)
        else:
            move = encoding.action_from_id(action, self.state.players)
            if isinstance(move, Redeal) and self._redeals >= self._max_redeals:
                raise IllegalActionError(
                    move, self.state.phase, f"no more than {self._max_redeals} redeals in a deal"
                )
        before = self.state.deal_number
        # Nothing of this state changes before the engine accepts the action.
        self._box = _Shared(apply(self.state, move))
        self._length += 1
        if self.state.deal_number != before:
            self._redeals = 0
        elif isinstance(move, Redeal):
            self._redeals += 1
        if self.state.is_chance and not any(self.state._hands):
            self._deal_start = self._length

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(encoding.chance_from_id(action))
        return str(encoding.action_from_id(action, self.state.players))

    def is_terminal(self) -> bool:
        """The game is over, or in a single deal the deal is scored."""
        return self.state.is_terminal or (self._single_deal and bool(self.state.sheet))

    def returns(self) -> list[float]:
        """Single deal: the deal's score changes; whole game: the final scores (from 0). At four
        the sitter's entry is its own (R-FOUR-3)."""
        if not self.is_terminal():
            return [0.0] * self.state.players
        if self._single_deal:
            return [float(c) for c in self.state.sheet[0].changes]
        return [float(s) for s in self.state.scores]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ThousandState:
        """A state with the same information state for ``player_id``: the earlier deals as they
        were, the current one drawn by :func:`thousand.sample_state` with a seed from the
        sampler."""
        seed = int(float(probability_sampler()) * 2**53)
        sampled = sample_state(information_state(self.state, player_id), random.Random(seed))
        out: ThousandState = self.get_game().new_initial_state()
        for action in self.history()[: self._deal_start]:
            out.apply_action(action)
        for move in sampled.history:
            out.apply_action(
                encoding.chance_id(move) if out.is_chance_node() else encoding.action_id(move)
            )
        return out

    def observe(self, seat: int) -> Observation:
        """:func:`thousand.observe`, its legal actions those of :meth:`legal_actions`."""
        seen = observe(self.state, seat)
        legal = self.capped(seen.legal_actions)
        return seen if legal is seen.legal_actions else attrs.evolve(seen, legal_actions=legal)

    def __str__(self) -> str:
        seats = range(self.state.players)
        return "\n".join([repr(self.state), *(str(self.observe(seat)) for seat in seats)])


def _info_string(info: InfoState) -> str:
    head = (
        f"seat {info.seat}, deal {info.deal_number} (dealer {info.dealer}), scores {info.scores}, "
        f"barrel {info.barrel}, bolts {info.bolts}, distributions {info.distributions}, "
        f"falls {info.falls}, golden {info.golden} made {info.golden_made}"
    )
    return "\n".join([head, *(f"  {sight}" for sight in info.sights)])


class ThousandObserver:
    """OpenSpiel's Python observer: the information-state tensor and string with perfect recall,
    else the observation tensor and string (:mod:`thousand.tensors`)."""

    def __init__(
        self, iig_obs_type: Any, params: dict[str, Any] | None, *, players: int = 3
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {shown(params)}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            iig_obs_type.public_info
        ):
            raise ValueError("only a seat's own observation or information state is supported")
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            layout = tensors.information_state_layout(players)
            self._fill: Callable[[State, int], npt.NDArray[np.float32]] = _info_tensor
        else:
            layout = tensors.observation_layout(players)
            self._fill = _observation_tensor
        shape = (layout[-1][2],)
        # The library's tensor, then the redeals made in this deal (see the module's notes).
        self.tensor: npt.NDArray[np.float32] = np.zeros(shape[0] + 1, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[start:stop] for name, start, stop, _ in layout
        }
        self.dict["redeals"] = self.tensor[shape[0] :]

    def set_from(self, state: ThousandState, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) for ``player``."""
        self.tensor[:-1] = self._fill(state.state, player)
        self.tensor[-1] = state.redeals_used()

    def string_from(self, state: ThousandState, player: int) -> str:
        """The information state or the observation of ``player`` as text."""
        if self.perfect_recall:
            text = _info_string(information_state(state.state, player))
        else:
            text = str(state.observe(player))
        return f"{text}\nredeals: {state._redeals} of {state._max_redeals}"


def _info_tensor(state: State, seat: int) -> npt.NDArray[np.float32]:
    return tensors.information_state_tensor(information_state(state, seat))


def _observation_tensor(state: State, seat: int) -> npt.NDArray[np.float32]:
    return tensors.observation_tensor(observe(state, seat))


pyspiel.register_game(GAME_TYPE, ThousandGame)
