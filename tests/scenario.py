"""Scenario helpers for the ruling tests: exact deals, played action by action.

A scenario starts a game with :func:`start` (the arguments of ``th.new_game``, a whole
``th.Deal`` and a list of action texts) and goes on with :func:`run`. Action texts are those of
``th.parse_action``: ``"bid 100"``, ``"pass"``, ``"give 9C 2"``, ``"contract 110"``,
``"play KH"``, ``"play KH marriage"``. :func:`steps` splits ``"bid 100; pass; pass"``, and
:func:`tricks` writes the play as ``"AS JS 9H / KH* 9D AH"`` (``*`` declares the marriage; the
slashes between tricks are only for the eye).

The named deals below are worked out by hand, trick by trick, in their docstrings; the tests take
their expected values from those comments and from the rulings, never from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import thousand as th

__all__ = [
    "Layout",
    "bids",
    "deal",
    "illegal",
    "legal",
    "plays",
    "run",
    "start",
    "steps",
    "tricks",
]

Scores = tuple[int, int, int]


def deal(hand0: str, hand1: str, hand2: str, talon: str) -> th.Deal:
    """A whole deal from the card texts of seats 0, 1, 2 and the talon."""
    return th.Deal((th.cards(hand0), th.cards(hand1), th.cards(hand2)), th.cards(talon))


def steps(text: str) -> list[str]:
    """``"bid 100; pass; pass"`` → ``["bid 100", "pass", "pass"]``."""
    return [part.strip() for part in text.split(";") if part.strip()]


def tricks(text: str) -> list[str]:
    """``"AS JS 9H / KH* 9D AH"`` → ``["play AS", "play JS", "play 9H", "play KH marriage",
    ...]``: one card per play in play order; ``*`` declares the marriage; ``/`` is ignored."""
    out = []
    for token in text.replace("/", " ").split():
        out.append(f"play {token[:-1]} marriage" if token.endswith("*") else f"play {token}")
    return out


def run(state: th.State, actions: str | Iterable[str]) -> th.State:
    """Apply the actions (texts, or one ``;``-separated text) one by one."""
    for text in steps(actions) if isinstance(actions, str) else actions:
        state = th.apply(state, th.parse_action(text))
    return state


def start(
    rules: th.Rules,
    cards: th.Deal,
    actions: str | Iterable[str] = (),
    *,
    dealer: int = 0,
    scores: Scores = (0, 0, 0),
) -> th.State:
    """``th.new_game(rules, dealer=..., scores=...)``, then the deal, then ``actions``."""
    state = th.new_game(rules, dealer=dealer, scores=scores)
    return run(th.apply(state, cards), actions)


def legal(state: th.State) -> set[str]:
    """The legal actions as a set of texts."""
    return set(map(str, th.legal_actions(state)))


def illegal(state: th.State, action: str, *reasons: str) -> str:
    """Assert that ``action`` raises ``th.IllegalActionError`` at ``state`` with a message that
    names the action and contains every one of ``reasons``; return the message."""
    with pytest.raises(th.IllegalActionError) as info:
        th.apply(state, th.parse_action(action))
    message = str(info.value)
    assert action in message, message
    for reason in reasons:
        assert reason in message, message
    return message


def bids(low: int, high: int) -> set[str]:
    """``{"bid low", "bid low+5", ..., "bid high"}``."""
    return {f"bid {v}" for v in range(low, high + 1, 5)}


def plays(cards: str, marriage: str = "") -> set[str]:
    """``{"play XX", ...}`` for ``cards``, plus ``"play XX marriage"`` for ``marriage``."""
    return {f"play {c}" for c in cards.split()} | {f"play {c} marriage" for c in marriage.split()}


class Layout:
    """A deal given by roles rather than seats: the hands of the opener (the dealer's left
    neighbour, who becomes the declarer in these scenarios), the second and the third seat in
    auction order, and the talon. :meth:`deal` seats them for a dealer."""

    def __init__(self, opener: str, second: str, third: str, talon: str) -> None:
        self.opener, self.second, self.third, self.talon = opener, second, third, talon

    def deal(self, dealer: int) -> th.Deal:
        hands = ["", "", ""]
        hands[(dealer + 1) % 3] = self.opener
        hands[(dealer + 2) % 3] = self.second
        hands[dealer] = self.third
        return deal(hands[0], hands[1], hands[2], self.talon)


# ---------------------------------------------------------------------------------------------
# SWEEP: the opener bids 100 alone and takes all eight tricks (120 card points, no marriage).
#
#   opener  AS TS JS 9S AC TC AD     + talon TD AH TH; gives AH to the second seat, TH to the
#   second  KS KC QC KD QD KH QH       third. After the gives:
#   third   QS JC 9C JD 9D JH 9H       opener AS TS JS 9S AC TC AD TD (no marriage: limit 120)
#                                      second KS KC QC KD QD KH QH AH; third QS JC 9C JD 9D JH 9H TH
# Play (opener, second, third in each trick; no trump is ever declared, the opener leads all):
#   AS KS QS / TS KH JH / JS QH 9H / 9S AH TH / AC KC JC / TC QC 9C / AD KD JD / TD QD 9D
# Every lead is the highest card of its suit left: the opener wins every trick, 120 card points;
# the other two take no card points (bolts under the standard rules).
# ---------------------------------------------------------------------------------------------
SWEEP = Layout("AS TS JS 9S AC TC AD", "KS KC QC KD QD KH QH", "QS JC 9C JD 9D JH 9H", "TD AH TH")
SWEEP_PLAY = "AS KS QS / TS KH JH / JS QH 9H / 9S AH TH / AC KC JC / TC QC 9C / AD KD JD / TD QD 9D"


def sweep(state: th.State, contract: int = 120) -> th.State:
    """Play the SWEEP deal from a chance node at the start of a deal, with ``contract``."""
    dealer = state.dealer
    second, third = (dealer + 2) % 3, dealer
    state = th.apply(state, SWEEP.deal(dealer))
    state = run(state, f"bid 100; pass; pass; give AH {second}; give TH {third}")
    return run(state, [f"contract {contract}", *tricks(SWEEP_PLAY)])


# ---------------------------------------------------------------------------------------------
# LOSE: the opener bids 100 alone and takes no card points at all.
#
#   opener  JS 9S JC 9C JD 9D JH     + talon 9H AS AD; gives AS to the second seat, AD to the
#   second  TS KS AC TC KC QD QH       third. No seat holds a marriage. After the gives:
#   third   QS QC TD KD AH TH KH       opener JS 9S JC 9C JD 9D JH 9H
#                                      second AS TS KS AC TC KC QD QH; third QS QC AD TD KD AH TH KH
# Play (the trick's leader first, then clockwise):
#   T1 opener JS, second AS, third QS      -> second 2+11+3   = 16
#   T2 second TS, third QC, opener 9S      -> second 10+3+0   = 13
#   T3 second KS, third KD, opener JC      -> second 4+4+2    = 10
#   T4 second AC, third TD, opener 9C      -> second 11+10+0  = 21
#   T5 second TC, third AD, opener JD      -> second 10+11+2  = 23
#   T6 second KC, third KH, opener 9D      -> second 4+4+0    = 8
#   T7 second QD, third AH, opener JH      -> second 3+11+2   = 16   (variant B: TH, 15)
#   T8 second QH, third TH, opener 9H      -> third  3+10+0   = 13   (variant B: AH, 14)
# Opener 0; second 107 (variant B 106); third 13 (variant B 14).
# ---------------------------------------------------------------------------------------------
LOSE = Layout("JS 9S JC 9C JD 9D JH", "TS KS AC TC KC QD QH", "QS QC TD KD AH TH KH", "9H AS AD")
LOSE_PLAY = "JS AS QS / TS QC 9S / KS KD JC / AC TD 9C / TC AD JD / KC KH 9D / QD AH JH / QH TH 9H"
LOSE_PLAY_B = (
    "JS AS QS / TS QC 9S / KS KD JC / AC TD 9C / TC AD JD / KC KH 9D / QD TH JH / QH AH 9H"
)


def lose(state: th.State, contract: int = 100, play: str = LOSE_PLAY) -> th.State:
    """Play the LOSE deal from a chance node at the start of a deal, with ``contract``."""
    dealer = state.dealer
    second, third = (dealer + 2) % 3, dealer
    state = th.apply(state, LOSE.deal(dealer))
    state = run(state, f"bid 100; pass; pass; give AS {second}; give AD {third}")
    return run(state, [f"contract {contract}", *tricks(play)])


# ---------------------------------------------------------------------------------------------
# MAIN (dealer 0): two marriages declared, seat 1 declarer.
#
#   seat 0  AD TD KD QD AH TH JH    (♦ marriage: classic limit 200)
#   seat 1  AS TS KS QS KH QH 9C    (♠ and ♥ marriages: classic limit 260)
#   seat 2  AC TC KC JS 9S JD 9D    (no marriage: limit 120)
#   talon   QC JC 9H
# MAIN_AUCTION: 1 bid 100, 2 pass, 0 bid 105, 1 bid 110, 0 pass: seat 1 declarer at 110; it takes
# the talon and gives 9C to seat 2 and 9H to seat 0. After the gives:
#   seat 0  AD TD KD QD AH TH JH 9H;  seat 1  AS TS KS QS KH QH QC JC
#   seat 2  AC TC KC JS 9S JD 9D 9C
# MAIN_PLAY (leader first):
#   T1 1 AS, 2 JS, 0 9H                 -> 1: 11+2+0  = 13
#   T2 1 KH marriage (+100, ♥ trump), 2 9D, 0 AH
#                                       -> 0: 4+0+11  = 15
#   T3 0 KD marriage (+80, ♦ trump), 1 JC, 2 JD
#                                       -> 0: 4+2+2   = 8
#   T4 0 TH, 1 QH, 2 9C                 -> 0: 10+3+0  = 13
#   T5 0 JH, 1 QC, 2 9S                 -> 0: 2+3+0   = 5
#   T6 0 AD, 1 TS, 2 KC                 -> 0: 11+10+4 = 25
#   T7 0 TD, 1 QS, 2 TC                 -> 0: 10+3+10 = 23
#   T8 0 QD, 1 KS, 2 AC                 -> 0: 3+4+11  = 18
# Seat 0: 107 card points + 80 = 187; seat 1: 13 + 100 = 113; seat 2: 0.
# ---------------------------------------------------------------------------------------------
MAIN = deal("AD TD KD QD AH TH JH", "AS TS KS QS KH QH 9C", "AC TC KC JS 9S JD 9D", "QC JC 9H")
MAIN_AUCTION = "bid 100; pass; bid 105; bid 110; pass; give 9C 2; give 9H 0"
MAIN_PLAY = (
    "AS JS 9H / KH* 9D AH / KD* JC JD / TH QH 9C / JH QC 9S / AD TS KC / TD QS TC / QD KS AC"
)


def main(rules: th.Rules, contract: int = 110, *, scores: Scores = (0, 0, 0)) -> th.State:
    """The MAIN deal played to its end (dealer 0)."""
    state = start(rules, MAIN, MAIN_AUCTION, scores=scores)
    return run(state, [f"contract {contract}", *tricks(MAIN_PLAY)])


# ---------------------------------------------------------------------------------------------
# TRUMP (dealer 0): seat 1 declares ♥ and then ♦.
#
#   seat 0  TS KS QS JS KC QC JC    seat 1  AS KH QH KD QD AC TC    seat 2  AH TH JH 9H AD TD JD
#   talon   9C 9D 9S
# TRUMP_AUCTION: 1 bid 100, 2 pass, 0 pass; seat 1 gives 9D to seat 2 and 9S to seat 0:
#   seat 0  TS KS QS JS 9S KC QC JC   (void in ♥ and ♦)
#   seat 1  AS KH QH KD QD AC TC 9C   (♥ and ♦ marriages: classic limit 300)
#   seat 2  AH TH JH 9H AD TD JD 9D   (void in ♠ and ♣)
# TRUMP_PLAY (leader first):
#   T1 1 AS, 2 AH, 0 9S                 -> 1: 11+11+0 = 22   (no trump: the ♥ ace does not win)
#   T2 1 KH marriage (+100), 2 9H, 0 JS -> 1: 4+0+2   = 6
#   T3 1 KD marriage (+80), 2 9D, 0 JC  -> 1: 4+0+2   = 6
#   T4 1 AC, 2 JD (trump), 0 KC         -> 2: 11+2+4  = 17
#   T5 2 AD, 0 TS, 1 QD                 -> 2: 11+10+3 = 24
#   T6 2 TD, 0 QC, 1 9C                 -> 2: 10+3+0  = 13
#   T7 2 TH, 0 KS, 1 QH                 -> 2: 10+4+3  = 17
#   T8 2 JH, 0 QS, 1 TC                 -> 2: 2+3+10  = 15
# Seat 1: 34 card points + 180 = 214; seat 2: 86; seat 0: 0. Every play is legal in both presets.
# ---------------------------------------------------------------------------------------------
TRUMP = deal("TS KS QS JS KC QC JC", "AS KH QH KD QD AC TC", "AH TH JH 9H AD TD JD", "9C 9D 9S")
TRUMP_AUCTION = "bid 100; pass; pass; give 9D 2; give 9S 0"
TRUMP_PLAY = (
    "AS AH 9S / KH* 9H JS / KD* 9D JC / AC JD KC / AD TS QD / TD QC 9C / TH KS QH / JH QS TC"
)


def trump(rules: th.Rules, contract: int, *, scores: Scores = (0, 0, 0)) -> th.State:
    """The TRUMP deal played to its end (dealer 0)."""
    state = start(rules, TRUMP, TRUMP_AUCTION, scores=scores)
    return run(state, [f"contract {contract}", *tricks(TRUMP_PLAY)])


# ---------------------------------------------------------------------------------------------
# Two big scorers. One layout of eight-card hands (after the gives), by role:
#   X  AH TH KH QH AS TS 9C 9D   (♥ marriage)
#   Y  AD TD KD QD AC TC KC QC   (♦ and ♣ marriages)
#   Z  KS QS JS 9S JC JD JH 9H   (♠ marriage; never leads after trick 1)
# X wins tricks 1-2 and declares ♥; Y wins trick 3 and declares ♦ and then ♣ and takes the rest.
# Seat order is always X, Y, Z clockwise. The eight tricks (leader first):
#   T1 X AS, Y TC, Z 9S  -> X 21       (DOUBLE; in BIG Z leads 9S, then X AS, Y TC: also X 21)
#   T2 X KH*, Y TD, Z 9H -> X 14
#   T3 X 9D, Y AD, Z JD  -> Y 13
#   T4 Y KD*, Z JC, X 9C -> Y 6
#   T5 Y KC*, Z JS, X QH -> Y 9
#   T6 Y AC, Z JH, X TS  -> Y 23
#   T7 Y QC, Z KS, X TH  -> Y 17
#   T8 Y QD, Z QS, X AH  -> Y 17       (♣ trump, none played: the ♦ led wins)
# X: 35 card points + 100 = 135; Y: 85 + 80 + 60 = 225; Z: 0.
#
# DOUBLE (dealer 0): X is seat 1 and declarer, Y seat 2, Z seat 0. X was dealt
# AH TH KH QH AS TS 9C, the talon is TC JH 9D, X gives TC to Y and JH to Z.
# BIG (dealer 0): Z is seat 1 and declarer (and fails), X seat 2, Y seat 0. Z was dealt
# KS QS JS 9S JC JD JH, the talon is 9C TC 9H, Z gives 9C to X and TC to Y.
# ---------------------------------------------------------------------------------------------
DOUBLE = deal("KS QS JS 9S JC JD 9H", "AH TH KH QH AS TS 9C", "AD TD KD QD AC KC QC", "TC JH 9D")
DOUBLE_AUCTION = "bid 100; pass; pass; give TC 2; give JH 0"
DOUBLE_PLAY = (
    "AS TC 9S / KH* TD 9H / 9D AD JD / KD* JC 9C / KC* JS QH / AC JH TS / QC KS TH / QD QS AH"
)
BIG = deal("AD TD KD QD AC KC QC", "KS QS JS 9S JC JD JH", "AH TH KH QH AS TS 9D", "9C TC 9H")
BIG_AUCTION = "bid 100; pass; pass; give 9C 2; give TC 0; contract 100"
BIG_PLAY = (
    "9S AS TC / KH* TD 9H / 9D AD JD / KD* JC 9C / KC* JS QH / AC JH TS / QC KS TH / QD QS AH"
)


def double(rules: th.Rules, contract: int, *, scores: Scores = (0, 0, 0)) -> th.State:
    """The DOUBLE deal played to its end (dealer 0, seat 1 declarer with 135 points)."""
    state = start(rules, DOUBLE, DOUBLE_AUCTION, scores=scores)
    return run(state, [f"contract {contract}", *tricks(DOUBLE_PLAY)])


def big(rules: th.Rules, *, scores: Scores = (0, 0, 0)) -> th.State:
    """The BIG deal played to its end (dealer 0, seat 1 declarer at 100 with 0 points)."""
    return start(rules, BIG, [*steps(BIG_AUCTION), *tricks(BIG_PLAY)], scores=scores)


# ---------------------------------------------------------------------------------------------
# MARRIAGE_ONLY (standard rules; dealer 0): seat 1 declares ♥ but takes no card points.
#
#   seat 0  TH 9H AD TD KD QD JD    seat 1  AS TS KS QS JS KH QH    seat 2  AH JH AC TC KC QC JC
#   talon   9S 9C 9D
# Seat 1 bids 100 alone, gives 9C to seat 2 and 9D to seat 0, contract 100. After the gives seat 1
# holds all six spades and KH QH; seats 0 and 2 hold no spade.
#   T1 1 9S, 2 9C, 0 9D                 -> 1: a trick of nines, 0 points
#   T2 1 KH marriage (+100), 2 AH, 0 9H -> 2: 4+11+0  = 15
#   T3 2 AC, 0 JD, 1 AS                 -> 2: 11+2+11 = 24
#   T4 2 TC, 0 TD, 1 TS                 -> 2: 10+10+10 = 30
#   T5 2 JH, 0 TH, 1 QH                 -> 0: 2+10+3  = 15
#   T6 0 AD, 1 KS, 2 JC                 -> 0: 11+4+2  = 17
#   T7 0 KD marriage (+80), 1 QS, 2 QC  -> 0: 4+3+3   = 10
#   T8 0 QD, 1 JS, 2 KC                 -> 0: 3+2+4   = 9
# Seat 1: 0 card points + 100 = 100; seat 2: 69; seat 0: 51 + 80 = 131. Needs the standard rules
# (no must-trump: seat 1 discards spades on ♣ leads while holding the trump QH).
# ---------------------------------------------------------------------------------------------
MARRIAGE_ONLY = deal(
    "TH 9H AD TD KD QD JD", "AS TS KS QS JS KH QH", "AH JH AC TC KC QC JC", "9S 9C 9D"
)
MARRIAGE_ONLY_AUCTION = "bid 100; pass; pass; give 9C 2; give 9D 0; contract 100"
MARRIAGE_ONLY_PLAY = (
    "9S 9C 9D / KH* AH 9H / AC JD AS / TC TD TS / JH TH QH / AD KS JC / KD* QS QC / QD JS KC"
)
