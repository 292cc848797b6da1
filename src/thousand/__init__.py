"""thousand: the rules of Thousand (Тысяча), the three-player Russian card game, as an immutable
state machine.

>>> import random
>>> import thousand as th
>>> state = th.new_game(th.Rules.classic(), dealer=0)
>>> rng = random.Random(7)
>>> while not state.is_terminal:
...     state = th.apply(state, rng.choice(th.legal_actions(state)))
>>> state.winner in (0, 1, 2, None)
True
"""

from __future__ import annotations

from . import analysis, arena, records, rulings, variants
from .actions import (
    Action,
    Bid,
    Contract,
    Deal,
    DealCard,
    Distribute,
    Give,
    Hidden,
    Look,
    Pass,
    Play,
    Redeal,
    Unhide,
    action_from_dict,
    parse_action,
)
from .bots import Bot, HeuristicBot, RandomBot, SolverBot
from .cards import Card, Rank, Suit, cards
from .determinize import sample_state
from .engine import apply, chance_outcomes, legal_actions, new_game, perft
from .errors import IllegalActionError, RulesError, ThousandError
from .observation import InfoState, Observation, information_state, observe
from .play import trick_winner
from .rules import (
    BarrelRules,
    BiddingRules,
    BoltRules,
    DistributionRules,
    GoldenRoundRules,
    HiddenRoundRules,
    PlayRules,
    RedealRules,
    Rules,
    ScoringRules,
    TableRules,
    TalonRules,
)
from .sheet import DealRecord, Event, EventKind, format_sheet
from .solver import Solution, can_make, solve
from .state import Phase, State

__version__ = "0.1.0.dev0"

__all__ = [
    "Action",
    "BarrelRules",
    "Bid",
    "BiddingRules",
    "BoltRules",
    "Bot",
    "Card",
    "Contract",
    "Deal",
    "DealCard",
    "DealRecord",
    "Distribute",
    "DistributionRules",
    "Event",
    "EventKind",
    "Give",
    "GoldenRoundRules",
    "HeuristicBot",
    "Hidden",
    "HiddenRoundRules",
    "IllegalActionError",
    "InfoState",
    "Look",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "PlayRules",
    "RandomBot",
    "Rank",
    "Redeal",
    "RedealRules",
    "Rules",
    "RulesError",
    "ScoringRules",
    "Solution",
    "SolverBot",
    "State",
    "Suit",
    "TableRules",
    "TalonRules",
    "ThousandError",
    "Unhide",
    "__version__",
    "action_from_dict",
    "analysis",
    "apply",
    "arena",
    "can_make",
    "cards",
    "chance_outcomes",
    "format_sheet",
    "information_state",
    "legal_actions",
    "new_game",
    "observe",
    "parse_action",
    "perft",
    "records",
    "rulings",
    "sample_state",
    "solve",
    "trick_winner",
    "variants",
]
