"""The state machine: ``new_game``, ``legal_actions``, ``chance_outcomes`` and ``apply``."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from .actions import Action, Bid, Contract, Deal, DealCard, Distribute, Give, Pass, Play
from .auction import apply_bid, apply_pass, legal_calls
from .dealing import apply_deal, apply_deal_card, legal_deal_cards
from .dealing import chance_outcomes as _chance
from .errors import IllegalActionError, RulesError
from .play import apply_play, legal_plays
from .rules import Rules
from .state import Match, Phase, State, start_of_deal
from .talon import apply_contract, apply_distribute, apply_give, legal_contracts, legal_gives

__all__ = ["apply", "chance_outcomes", "legal_actions", "new_game", "perft"]


def _unsupported(rules: Rules) -> list[str]:
    """Options that this version of the engine cannot play yet."""
    defaults = Rules.standard()
    out = []
    checks = [
        ("bidding.skip_below", rules.bidding.skip_below, None),
        ("play.ace_marriage", rules.play.ace_marriage, False),
        ("play.opponent_trumps", rules.play.opponent_trumps, True),
        ("scoring.reset_on_555", rules.scoring.reset_on_555, False),
        ("scoring.reset_on_minus_555", rules.scoring.reset_on_minus_555, False),
        ("scoring.four_nines_bonus", rules.scoring.four_nines_bonus, False),
        ("barrel.throw_off", rules.barrel.throw_off, False),
        ("barrel.several", rules.barrel.several, True),
        ("barrel.zero_after_three", rules.barrel.zero_after_three, False),
        ("distribution.limit", rules.distribution.limit, None),
        ("golden_round.enabled", rules.golden_round.enabled, False),
        ("hidden_round.enabled", rules.hidden_round.enabled, False),
        ("redeals", rules.redeals, defaults.redeals),
    ]
    for name, value, default in checks:
        if value != default:
            out.append(name)
    dist = rules.distribution
    if dist.enabled and not dist.subtract and dist.subtract_on_third:
        out.append("distribution.subtract_on_third")
    return out


def new_game(
    rules: Rules | None = None, *, dealer: int = 0, scores: tuple[int, int, int] = (0, 0, 0)
) -> State:
    """The first chance node of a game (R-TABLE-1).

    A starting score equal to the barrel threshold puts that seat on the barrel with no deal
    used; any other score from the threshold up raises ``ValueError``.

    >>> state = new_game()
    >>> state.phase, state.dealer, state.is_chance
    (Phase.DEALING, 0, True)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {rules!r}")
    missing = _unsupported(rules)
    if missing:
        raise RulesError(f"not implemented in this version of thousand: {', '.join(missing)}")
    if isinstance(dealer, bool) or dealer not in (0, 1, 2):
        raise ValueError(f"dealer must be a seat 0, 1 or 2, not {dealer!r}")
    if not isinstance(scores, tuple) or len(scores) != 3:
        raise ValueError(f"scores must be a tuple of three ints, not {scores!r}")
    threshold, target = rules.barrel.threshold, rules.scoring.target
    barrel: list[int | None] = [None, None, None]
    for seat, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, int):
            raise ValueError(f"seat {seat}'s score must be an int, not {score!r}")
        if score >= target:
            raise ValueError(f"seat {seat}'s score {score} has already reached the target {target}")
        if rules.barrel.enabled and score == threshold:
            barrel[seat] = 0
        elif rules.barrel.enabled and score > threshold:
            raise ValueError(
                f"seat {seat}'s score {score} lies inside the barrel band [{threshold}, {target}): "
                f"only exactly {threshold} (on the barrel) may start a game there"
            )
    match = Match(rules, dealer, 1, scores, (barrel[0], barrel[1], barrel[2]), (0, 0, 0), (), None)
    return start_of_deal(
        match,
        Phase.DEALING,
        None,
        (0, 0, 0),
        0,
        (0, -1, 0),
        None,
    )


def _none(state: State) -> tuple[Action, ...]:
    return ()


_LEGAL: Final[dict[Phase, Callable[[State], tuple[Action, ...]]]] = {
    Phase.DEALING: legal_deal_cards,
    Phase.BIDDING: legal_calls,
    Phase.GIVING: legal_gives,
    Phase.CONTRACT: legal_contracts,
    Phase.PLAYING: legal_plays,
    Phase.GAME_OVER: _none,
}

_APPLY: Final[dict[type, Callable[[State, Any], State]]] = {
    DealCard: apply_deal_card,
    Deal: apply_deal,
    Bid: apply_bid,
    Pass: apply_pass,
    Give: apply_give,
    Contract: apply_contract,
    Play: apply_play,
    Distribute: apply_distribute,
}


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a fixed order; at a chance node the :class:`DealCard` outcomes
    (a whole :class:`Deal` is also accepted there, but not listed); empty only at the end.
    """
    return _LEGAL[state._phase](state)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance node, each outcome with its probability; elsewhere empty."""
    if state._phase is not Phase.DEALING:
        return ()
    return _chance(state)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself never changes.

    Raises :class:`IllegalActionError` (a ``ValueError``) naming the action, the phase and the
    reason when the action is not legal.
    """
    handler = _APPLY.get(type(action))
    if handler is None:
        raise IllegalActionError(action, state._phase, f"{action!r} is not an action")
    if state._phase is Phase.GAME_OVER:
        raise IllegalActionError(action, state._phase, "the game is over")
    return handler(state, action)


def perft(state: State, depth: int) -> int:
    """The number of distinct legal action sequences of length ``depth`` from ``state`` (a
    sequence that ends the game early counts once). Chance nodes count each card dealt.

    >>> perft(new_game(), 2)
    552
    """
    if depth <= 0 or state._phase is Phase.GAME_OVER:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, a), depth - 1) for a in actions)
