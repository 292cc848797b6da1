"""The small kit that the rulebook's examples use.

Every example in the rulebook is a doctest: it deals exact cards, plays them through the engine
and shows what the engine says. These helpers keep the examples short. They use nothing but
the public API of ``thousand``. Each page that uses them imports them in its first example
(``from kit import *``), so that its examples run as pasted with ``docs`` on the path.
"""

from __future__ import annotations

from collections.abc import Iterable

import thousand as th

__all__ = [
    "LOSE",
    "SWEEP",
    "events",
    "hands",
    "lose",
    "play",
    "replay_game",
    "run",
    "show",
    "start",
    "sweep",
]

Scores = tuple[int, int, int]


def start(
    cards: str, rules: th.Rules | None = None, *, dealer: int = 0, scores: Scores = (0, 0, 0)
) -> th.State:
    """A new game whose first deal is ``cards``: the hands of seats 0, 1 and 2 and the talon,
    separated by slashes."""
    state = th.new_game(rules, dealer=dealer, scores=scores)
    return th.apply(state, th.Deal.parse(cards))


def run(state: th.State, actions: str) -> th.State:
    """Apply actions written as text and separated by semicolons: ``"bid 100; pass; pass"``."""
    for text in actions.split(";"):
        if text.strip():
            state = th.apply(state, th.parse_action(text))
    return state


def play(state: th.State, cards: str) -> th.State:
    """Play cards in turn, each by the seat to move: ``"AS 9S JS / KC* QS AC"``. A star
    declares the marriage of the card led; the slashes between tricks are for the eye."""
    for token in cards.replace("/", " ").split():
        card = th.Card.parse(token.rstrip("*"))
        state = th.apply(state, th.Play(card, marriage=token.endswith("*")))
    return state


def show(cards: Iterable[th.Card]) -> str:
    """Cards in pack order: spades, clubs, diamonds, hearts, each from the nine up."""
    return " ".join(str(card) for card in sorted(cards))


def hands(state: th.State) -> None:
    """Print each seat's hand."""
    for seat, hand in enumerate(state.hands):
        print(seat, show(hand))


def events(state: th.State) -> None:
    """Print the marks of the last finished deal: barrel, bolts, penalties."""
    for event in state.sheet[-1].events:
        print(event)


class Layout:
    """A deal given by role: the opener's hand (the dealer's left neighbour), the second
    seat's, the third seat's (the dealer's own) and the talon."""

    def __init__(self, opener: str, second: str, third: str, talon: str) -> None:
        self.opener, self.second, self.third, self.talon = opener, second, third, talon

    def deal(self, dealer: int) -> th.Deal:
        """The whole deal, seated for ``dealer``."""
        by_seat = {(dealer + 1) % 3: self.opener, (dealer + 2) % 3: self.second}
        by_seat[dealer] = self.third
        return th.Deal.parse(" / ".join([by_seat[0], by_seat[1], by_seat[2], self.talon]))


#: The opener takes every trick: all 120 card points, no marriage. It gives the ace of hearts
#: to the second seat and the ten of hearts to the third.
SWEEP = Layout("AS TS JS 9S AC TC AD", "KS KC QC KD QD KH QH", "QS JC 9C JD 9D JH 9H", "TD AH TH")
SWEEP_PLAY = "AS KS QS / TS KH JH / JS QH 9H / 9S AH TH / AC KC JC / TC QC 9C / AD KD JD / TD QD 9D"

#: The opener takes no card points at all: the second seat takes 107, the third 13. The
#: opener gives the ace of spades to the second seat and the ace of diamonds to the third.
LOSE = Layout("JS 9S JC 9C JD 9D JH", "TS KS AC TC KC QD QH", "QS QC TD KD AH TH KH", "9H AS AD")
LOSE_PLAY = "JS AS QS / TS QC 9S / KS KD JC / AC TD 9C / TC AD JD / KC KH 9D / QD AH JH / QH TH 9H"


def _deal(
    state: th.State, layout: Layout, gives: tuple[str, str], auction: str, contract: int, cards: str
) -> th.State:
    second, third = (state.dealer + 2) % 3, state.dealer
    state = run(th.apply(state, layout.deal(state.dealer)), auction)
    if state.phase is not th.Phase.GIVING:  # the deal has ended: a distribution
        return state
    state = run(state, f"give {gives[0]} {second}; give {gives[1]} {third}")
    return play(run(state, f"contract {contract}"), cards)


def sweep(state: th.State, contract: int = 100, auction: str = "bid 100; pass; pass") -> th.State:
    """Deal and play SWEEP at the chance node that starts a deal: after ``auction`` (by
    default the opener bids 100 and both others pass) the opener plays ``contract``."""
    return _deal(state, SWEEP, ("AH", "TH"), auction, contract, SWEEP_PLAY)


def lose(state: th.State, contract: int = 100, auction: str = "bid 100; pass; pass") -> th.State:
    """Deal and play LOSE at the chance node that starts a deal, like :func:`sweep`."""
    return _deal(state, LOSE, ("AS", "AD"), auction, contract, LOSE_PLAY)


def replay_game(text: str) -> th.State:
    """A game from its text: ``key: value`` lines for the ``rules`` (classic or standard), the
    table's ``players`` (3 or 4), the starting ``scores`` and the first ``dealer``, then the
    actions, one per line or several separated by semicolons. ``#`` starts a comment."""
    settings: dict[str, str] = {}
    actions: list[str] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        key, colon, value = line.partition(":")
        if colon and not actions and key in ("rules", "players", "scores", "dealer"):
            settings[key] = value.strip()
        elif line:
            actions.append(line)
    players: th.rules.Players = 4 if settings.get("players") == "4" else 3
    preset = th.Rules.standard if settings.get("rules") == "standard" else th.Rules.classic
    rules = preset(players=players)
    scores = tuple(int(score) for score in settings.get("scores", "0 " * players).split())
    state = th.new_game(rules, dealer=int(settings.get("dealer", "0")), scores=scores)
    return run(state, "; ".join(actions))
