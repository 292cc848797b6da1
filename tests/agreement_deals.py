"""Deals and helpers for the agreement tests (``test_agreements_*.py``).

Every deal here is given by roles (a :class:`~tests.scenario.Layout`: the opener, the second and
the third seat in auction order, and the talon), with the two cards the opener gives away when it
is the declarer and its eight tricks, so that it can be played under any dealer, in an auction, a
golden deal or a hidden game. The tricks are worked out by hand below; the tests take their
expected values from these comments and from ``rulings.md``, never from the engine.

SWEEP and LOSE are the deals of ``scenario.py`` (opener 120 / 0 card points there).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import thousand as th

from .scenario import (
    BIG_PLAY,
    DOUBLE_PLAY,
    LOSE,
    LOSE_PLAY,
    SWEEP,
    SWEEP_PLAY,
    Layout,
    legal,
    run,
    steps,
    tricks,
)

__all__ = [
    "ACES",
    "CLASSIC",
    "DUO",
    "FLOP",
    "GIVEN_NINES",
    "LOSE_S",
    "ROUND",
    "STANDARD",
    "SWEEP_S",
    "Script",
    "auction_deal",
    "classic",
    "events",
    "gives",
    "golden_deal",
    "hidden_deal",
    "kinds",
    "standard",
    "trace",
]

CLASSIC = th.Rules.classic()
STANDARD = th.Rules.standard()
Scores = tuple[int, int, int]


def standard(*agreements: th.variants.Agreement) -> th.Rules:
    """The standard preset with ``agreements`` in force."""
    return STANDARD.with_agreements(*agreements)


def classic(*agreements: th.variants.Agreement) -> th.Rules:
    """The classic preset with ``agreements`` in force."""
    return CLASSIC.with_agreements(*agreements)


def kinds(record: th.DealRecord) -> set[tuple[th.EventKind, int]]:
    """The sheet events of a record as ``(kind, seat)`` pairs."""
    return {(e.kind, e.seat) for e in record.events}


def events(record: th.DealRecord) -> set[tuple[th.EventKind, int, int]]:
    """The sheet events of a record as ``(kind, seat, amount)`` triples."""
    return {(e.kind, e.seat, e.amount) for e in record.events}


def gives(cards: str, *to: int) -> set[str]:
    """``{"give XX seat", ...}`` for every card of ``cards`` and every seat of ``to``."""
    return {f"give {c} {seat}" for c in cards.split() for seat in to}


@dataclass(frozen=True)
class Script:
    """A deal by roles, what the opener gives when it declares, and the eight tricks.

    ``to_second`` goes to the second seat in auction order (the dealer's right neighbour),
    ``to_third`` to the third (the dealer).
    """

    layout: Layout
    to_second: str
    to_third: str
    play: str

    def deal(self, dealer: int) -> th.Deal:
        return self.layout.deal(dealer)

    def gives(self, dealer: int) -> list[str]:
        return [f"give {self.to_second} {(dealer + 2) % 3}", f"give {self.to_third} {dealer}"]

    def tricks(self, *, marriages: bool = True) -> list[str]:
        """The plays; without ``marriages`` every ``*`` is dropped (nothing is declared)."""
        return tricks(self.play if marriages else self.play.replace("*", ""))


# SWEEP (scenario.py): the opener takes all eight tricks, 120 card points; the others 0.
SWEEP_S = Script(SWEEP, "AH", "TH", SWEEP_PLAY)

# LOSE (scenario.py): the opener 0 card points, the second 107 (-> 105), the third 13 (-> 15).
# The opener's eight cards after the gives are JS 9S JC 9C JD 9D JH 9H: four nines.
LOSE_S = Script(LOSE, "AS", "AD", LOSE_PLAY)

# ---------------------------------------------------------------------------------------------
# DUO: scenario.py's DOUBLE by roles. X (opener) AH TH KH QH AS TS 9C, Y (second)
# AD TD KD QD AC KC QC, Z (third) KS QS JS 9S JC JD 9H, talon TC JH 9D; X gives TC to Y and JH
# to Z. Worked in scenario.py: X 35 card points + ♥ 100 = 135; Y 85 + ♦ 80 + ♣ 60 = 225; Z 0.
# X holds the ♥ marriage after the gives: its standard limit is 400, its classic limit 220.
# Every play is legal under classic (must trump) and standard rules.
# ---------------------------------------------------------------------------------------------
DUO = Script(
    Layout("AH TH KH QH AS TS 9C", "AD TD KD QD AC KC QC", "KS QS JS 9S JC JD 9H", "TC JH 9D"),
    "TC",
    "JH",
    DOUBLE_PLAY,
)

# ---------------------------------------------------------------------------------------------
# FLOP: scenario.py's BIG by roles. Z (opener) KS QS JS 9S JC JD JH, X (second)
# AH TH KH QH AS TS 9D, Y (third) AD TD KD QD AC KC QC, talon 9C TC 9H; Z gives 9C to X and TC
# to Y. Worked in scenario.py: Z 0 points; X 135; Y 225.
# ---------------------------------------------------------------------------------------------
FLOP = Script(
    Layout("KS QS JS 9S JC JD JH", "AH TH KH QH AS TS 9D", "AD TD KD QD AC KC QC", "9C TC 9H"),
    "9C",
    "TC",
    BIG_PLAY,
)

# ---------------------------------------------------------------------------------------------
# GIVEN_NINES: the second seat is dealt three nines and receives the fourth.
#
#   opener  AS TS AC TC AD TD 9H    (no marriage: standard limit 120)
#   second  9S 9C 9D JS JC JD JH
#   third   KS QS KC QC KD QD KH
#   talon   AH TH QH
# The opener bids 100 alone, takes AH TH QH and gives 9H to the second, QH to the third:
#   opener  AS TS AC TC AD TD AH TH
#   second  9S 9C 9D 9H JS JC JD JH   (four nines after the gives, three when dealt)
#   third   KS QS KC QC KD QD KH QH
# The opener leads every ace and then the ten of the suit; each is the highest card of its suit
# still out, and no trump is ever declared (the third never leads):
#   AS 9S QS / TS JS KS / AC 9C QC / TC JC KC / AD 9D QD / TD JD KD / AH 9H QH / TH JH KH
# Opener 120 card points; second 0; third 0.
# ---------------------------------------------------------------------------------------------
GIVEN_NINES = Script(
    Layout("AS TS AC TC AD TD 9H", "9S 9C 9D JS JC JD JH", "KS QS KC QC KD QD KH", "AH TH QH"),
    "9H",
    "QH",
    "AS 9S QS / TS JS KS / AC 9C QC / TC JC KC / AD 9D QD / TD JD KD / AH 9H QH / TH JH KH",
)

# ---------------------------------------------------------------------------------------------
# ACES: the opener holds all four aces and no K+Q marriage.
#
#   opener  AS AC AD AH TS 9S 9C    (no marriage: limit 120; with Ace Marriage: standard 400,
#                                    classic 120 + 200 = 320)
#   second  TC KD QD JD TD KH QH    (♦ and ♥ marriages)
#   third   KS QS JS KC QC JC 9D    (♠ and ♣ marriages)
#   talon   TH JH 9H
# The opener bids 100 alone, takes TH JH 9H, gives 9C to the second and 9H to the third:
#   opener  AS AC AD AH TS 9S TH JH   (still no K+Q marriage)
#   second  TC KD QD JD TD KH QH 9C;  third KS QS JS KC QC JC 9D 9H
# Play (opener, second, third in every trick; the opener wins the first seven, so nobody else
# leads and no trump is ever declared):
#   T1 TS, 9C, JS        -> opener 10+0+2   = 12  (first lead: nothing may be declared)
#   T2 AH*, QH, 9H       -> opener 11+3+0   = 14  (* = the ace marriage, +200, A21)
#   T3 AS, TC, QS        -> opener 11+10+3  = 24
#   T4 AC, JD, JC        -> opener 11+2+2   = 15
#   T5 AD, TD, 9D        -> opener 11+10+0  = 21
#   T6 TH, KH, KC        -> opener 10+4+4   = 18  (the ten beats the king)
#   T7 JH, KD, QC        -> opener 2+4+3    = 9
#   T8 9S, QD, KS        -> third  0+3+4    = 7
# Opener 113 card points (+200 with the ace marriage = 313); second 0; third 7.
# ---------------------------------------------------------------------------------------------
ACES = Script(
    Layout("AS AC AD AH TS 9S 9C", "TC KD QD JD TD KH QH", "KS QS JS KC QC JC 9D", "TH JH 9H"),
    "9C",
    "9H",
    "TS 9C JS / AH* QH 9H / AS TC QS / AC JD JC / AD TD 9D / TH KH KC / JH KD QC / 9S QD KS",
)

# ---------------------------------------------------------------------------------------------
# ROUND: the opener takes 118 card points (everything but a last trick worth 2).
#
#   opener  AS TS KS AC TC AD 9H    (no marriage: standard limit 120)
#   second  QS JS 9S QC KD QD AH
#   third   KC JC JD 9D TH KH QH
#   talon   TD JH 9C
# The opener bids 100 alone, takes TD JH 9C, gives JH to the second and 9C to the third:
#   opener  AS TS KS AC TC AD TD 9H
#   second  QS JS 9S QC KD QD AH JH;  third KC JC 9C JD 9D TH KH QH
# Play (opener, second, third in every trick; no trump is ever declared):
#   T1 AS, QS, TH   -> opener 11+3+10 = 24     T5 TC, AH, JC   -> opener 10+11+2 = 23
#   T2 TS, JS, KH   -> opener 10+2+4  = 16     T6 AD, KD, JD   -> opener 11+4+2  = 17
#   T3 KS, 9S, QH   -> opener 4+0+3   = 7      T7 TD, QD, 9D   -> opener 10+3+0  = 13
#   T4 AC, QC, KC   -> opener 11+3+4  = 18     T8 9H, JH, 9C   -> second 0+2+0   = 2
# Opener 118 card points (rounds to 120); second 2 (rounds to 0); third 0.
# ---------------------------------------------------------------------------------------------
ROUND = Script(
    Layout("AS TS KS AC TC AD 9H", "QS JS 9S QC KD QD AH", "KC JC JD 9D TH KH QH", "TD JH 9C"),
    "JH",
    "9C",
    "AS QS TH / TS JS KH / KS 9S QH / AC QC KC / TC AH JC / AD KD JD / TD QD 9D / 9H JH 9C",
)


def auction_deal(
    state: th.State,
    script: Script,
    contract: int,
    auction: str = "bid 100; pass; pass",
    *,
    marriages: bool = True,
) -> th.State:
    """Play ``script`` from the chance node of a deal: the auction (the opener must win it), the
    gives, ``contract`` and the eight tricks."""
    dealer = state.dealer
    state = th.apply(state, script.deal(dealer))
    actions = [*steps(auction), *script.gives(dealer), f"contract {contract}"]
    return run(state, [*actions, *script.tricks(marriages=marriages)])


def golden_deal(state: th.State, script: Script, contract: int = 120) -> th.State:
    """Play ``script`` as a golden deal: no auction, the opener declares at 120 (A10)."""
    dealer = state.dealer
    state = th.apply(state, script.deal(dealer))
    assert state.is_golden_deal and state.phase is th.Phase.GIVING
    return run(state, [*script.gives(dealer), f"contract {contract}", *script.tricks()])


def hidden_deal(
    state: th.State, script: Script, contract: int = 120, before_talon: str = ""
) -> th.State:
    """Play ``script`` as a hidden game of the opener: ``hidden``, then ``before_talon`` (the
    unhide decisions, if any), the gives, ``contract`` and the tricks (A15)."""
    dealer = state.dealer
    state = th.apply(state, script.deal(dealer))
    state = run(state, ["hidden", *steps(before_talon)])
    assert state.is_hidden_game and state.phase is th.Phase.GIVING
    return run(state, [*script.gives(dealer), f"contract {contract}", *script.tricks()])


def trace(
    rules: th.Rules,
    actions: Iterable[str | th.Deal],
    *,
    dealer: int = 0,
    scores: Scores = (0, 0, 0),
) -> tuple[list[set[str]], th.State]:
    """Play ``actions`` from a new game; return the legal action sets met on the way (chance
    nodes included) and the final state."""
    state = th.new_game(rules, dealer=dealer, scores=scores)
    seen = []
    for action in actions:
        seen.append(legal(state))
        state = th.apply(state, th.parse_action(action) if isinstance(action, str) else action)
    return seen, state
