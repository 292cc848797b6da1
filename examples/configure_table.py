"""Configure the rules of a table, compare them with a preset, and play a game with them.

``th.Rules`` is a frozen attrs class made of frozen sections (bidding, play, scoring, barrel,
bolts, ...). A table's own rules are made from a preset with ``attrs.evolve``, which checks
every value: an invalid combination raises ``th.RulesError`` (a ``ValueError``) naming it.

    python examples/configure_table.py
"""

from __future__ import annotations

import random

import attrs

import thousand as th

#: The seed of the game played at the end: one where somebody wins from the barrel.
SEED = 2


def differences(old: th.Rules, new: th.Rules) -> list[str]:
    """The fields that differ between two rule sets, as ``section.field: old -> new``."""
    before, after = old.to_dict(), new.to_dict()
    out: list[str] = []
    for section, fields in before.items():
        for name, value in fields.items():
            changed = after[section][name]
            if changed != value:
                out.append(f"{section}.{name}: {value!r} -> {changed!r}")
    return out


def short_game_rules() -> th.Rules:
    """The standard preset, played to 500 instead of 1000, with the barrel moved to 440."""
    standard = th.Rules.standard()
    try:
        attrs.evolve(standard, scoring=attrs.evolve(standard.scoring, target=500))
    except th.RulesError as error:
        # The barrel threshold (880) must stay below the target: move both together.
        print(f"refused: {error}")
    return attrs.evolve(
        standard,
        scoring=attrs.evolve(standard.scoring, target=500),
        barrel=attrs.evolve(standard.barrel, threshold=440),
    )


def has_marriage(hand: frozenset[th.Card]) -> bool:
    """True when the hand holds the king and queen of some suit."""
    return any(
        th.Card(suit, th.Rank.KING) in hand and th.Card(suit, th.Rank.QUEEN) in hand
        for suit in th.Suit
    )


def cautious(state: th.State, rng: random.Random) -> th.Action:
    """A simple player: bids the lowest legal bid only with a marriage in hand or when on the
    barrel (else it passes), keeps the contract at the winning bid, and plays (or gives) a
    random legal card. Chance nodes deal a random card."""
    actions = th.legal_actions(state)
    seat = state.to_move
    if state.phase is th.Phase.BIDDING and seat is not None:
        keen = has_marriage(state.hands[seat]) or state.barrel[seat] is not None
        bids = [action for action in actions if isinstance(action, th.Bid)]
        return bids[0] if keen and bids else actions[0]  # a pass, or the opener's 100
    if state.phase is th.Phase.CONTRACT:
        return actions[0]  # the lowest contract: the winning bid
    if state.phase is th.Phase.GIVING:
        gives = [action for action in actions if isinstance(action, th.Give)]
        return rng.choice(gives)  # never distribute
    return rng.choice(actions)


def play(rules: th.Rules, seed: int) -> th.State:
    """A whole game between three cautious players."""
    rng = random.Random(seed)
    state = th.new_game(rules, dealer=0)
    while not state.is_terminal:
        state = th.apply(state, cautious(state, rng))
    return state


def main() -> None:
    classic, standard = th.Rules.classic(), th.Rules.standard()
    print("Rules.standard() differs from Rules.classic() in:")
    for line in differences(classic, standard):
        print(f"  {line}")

    rules = short_game_rules()
    print("This table's rules differ from Rules.standard() in:")
    for line in differences(standard, rules):
        print(f"  {line}")
    assert th.Rules.from_dict(rules.to_dict()) == rules  # rules round-trip through JSON

    state = play(rules, seed=SEED)
    print(f"A game to {rules.scoring.target} between three cautious players:")
    print(f"  deals played: {len(state.sheet)}")
    for row in state.sheet:
        for event in row.events:
            if event.kind is not th.EventKind.BOLT:
                print(f"  deal {row.deal_number}: {event}")
    print(f"  final scores: {state.scores}")
    print(f"  winner: {'none (a draw)' if state.winner is None else f'seat {state.winner}'}")


if __name__ == "__main__":
    main()
