"""The engine, step by step, against the independent reference model of the rulings.

``tests/reference/model.py`` was written from ``rulings.md`` alone, without the engine. Here
both play the same random games: at every step the legal-action sets must be equal, and after
every deal the scores, barrel, bolts, deal points and the winner.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th

from .players import cautious_choice
from .reference.model import RefGame
from .reference.model import perft as reference_perft
from .test_properties import agreements

PRESETS = {"classic": th.Rules.classic(), "standard": th.Rules.standard()}
SCORES = st.sampled_from([0, 100, 455, 700, 790, 855, 860, 875, 880, -120])


def ref_agreements(agreements: tuple[th.variants.Agreement, ...]) -> dict[str, object]:
    """The reference model's spelling of the agreements: a key with True or the value."""
    return {a.key: True if a.value is None else a.value for a in agreements}


def compare(state: th.State, ref: RefGame) -> None:
    assert state.scores == ref.scores
    assert state.barrel == ref.barrel
    assert state.bolts == ref.bolts
    assert state.deal_number == ref.deal_number
    assert state.dealer == ref.dealer
    assert state.is_terminal == ref.is_over
    assert state.winner == ref.winner
    assert state.to_move == ref.to_move
    assert (state.players, state.sitter, state.active_seats) == (
        ref.players,
        ref.sitter,
        ref.active_seats,
    )
    # A11: the place in the golden round, between deals too (where it matters most).
    assert (state.is_golden_deal, state.golden_index, state.golden_made) == (
        ref.golden,
        ref.golden_index,
        ref.golden_made,
    )
    if state.phase in (th.Phase.DEALING, th.Phase.GAME_OVER):
        return  # between deals the model still shows the last deal's table
    assert state.points == ref.points
    assert state.declarer == ref.declarer
    if state.contract is not None:  # the model reports the winning bid before it is fixed
        assert state.contract == ref.contract
    assert (None if state.trump is None else state.trump.letter) == ref.trump
    assert tuple(frozenset(map(str, h)) for h in state.hands) == ref.hands


#: The game a comparison plays: preset, dealer, starting scores, seed, careful bidding.
GAME = {
    "preset": st.sampled_from(sorted(PRESETS)),
    "dealer": st.integers(0, 2),
    "scores": st.tuples(SCORES, SCORES, SCORES),
    "seed": st.integers(0, 2**32),
    "careful": st.booleans(),
}


@given(**GAME)
def test_engine_matches_reference_model(
    preset: str, dealer: int, scores: tuple[int, int, int], seed: int, careful: bool
) -> None:
    play_both(preset, (), dealer, scores, seed, careful)


@given(chosen=agreements(), **GAME)
def test_engine_matches_reference_model_under_agreements(
    preset: str,
    chosen: tuple[th.variants.Agreement, ...],
    dealer: int,
    scores: tuple[int, int, int],
    seed: int,
    careful: bool,
) -> None:
    play_both(preset, without_limits(chosen), dealer, scores, seed, careful, fit=True)


def fit_scores(rules: th.Rules, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Starting scores the rules allow: a seat in the barrel band only at the threshold (880
    stands for it), at most one there under Several Players on Barrel."""
    threshold = rules.barrel.threshold
    scores = tuple(s if s < threshold or s == 880 else 0 for s in scores)
    return one_on_barrel(rules, tuple(threshold if s == 880 else s for s in scores))


def without_limits(chosen: tuple[th.variants.Agreement, ...]) -> tuple[th.variants.Agreement, ...]:
    """The agreements but a valued Distributions Limit (the model reads only its plain form)."""
    return tuple(a for a in chosen if a.key != "distributions_limit" or a.value is None)


#: Agreements of the golden round, drawn on top of it.
GOLDEN_EXTRAS = st.lists(
    st.sampled_from(
        [
            th.variants.golden_reset_to_zero,
            th.variants.golden_allow_increase,
            th.variants.golden_bolt_doubling,
            th.variants.distribute_in_golden_round,
            th.variants.zero_after_3_barrels,
        ]
    ),
    unique=True,
)


@given(extra=GOLDEN_EXTRAS, **GAME)
def test_engine_matches_reference_model_in_golden_rounds(
    preset: str,
    extra: list[th.variants.Agreement],
    dealer: int,
    scores: tuple[int, int, int],
    seed: int,
    careful: bool,
) -> None:
    # A11: every golden game goes through all three golden deals, and often a second round.
    play_in_golden_rounds(preset, extra, dealer, scores, seed, careful)


def play_in_golden_rounds(
    preset: str,
    extra: list[th.variants.Agreement],
    dealer: int,
    scores: tuple[int, ...],
    seed: int,
    careful: bool,
    table: th.rules.TableRules | None = None,
) -> None:
    """:func:`play_both` under the golden round and ``extra``, from scores below the barrel
    band or at its threshold."""
    threshold = PRESETS[preset].barrel.threshold
    scores = tuple(s if s < threshold else threshold for s in scores)
    chosen = (th.variants.golden_round, *extra)
    play_both(preset, chosen, dealer, scores, seed, careful, table)


# -- a table of four (four-players.md): the same comparison, the dealer sitting out ------------

#: The table of four with each of the sitter's scores (R-FOUR-3), the value per ace varied.
TABLES_OF_FOUR = st.one_of(
    st.just(th.rules.TableRules(players=4)),
    st.just(th.rules.TableRules(players=4, sitter_scores="nothing")),
    st.builds(
        lambda value: th.rules.TableRules(4, "aces_and_marriage", value),
        st.sampled_from([0, 5, 40, 50, 333]),
    ),
)
GAME_OF_FOUR = {
    **GAME,
    "dealer": st.integers(0, 3),
    "scores": st.tuples(SCORES, SCORES, SCORES, SCORES),
    "table": TABLES_OF_FOUR,
}


@given(st.fixed_dictionaries(GAME_OF_FOUR))
def test_r_four_engine_matches_reference_model_at_a_table_of_four(game: dict[str, Any]) -> None:
    # R-FOUR-1..8 step by step: every legal set, score, barrel, bolt and sheet row.
    play_both(chosen=(), fit=True, **game)


@given(st.fixed_dictionaries(GAME_OF_FOUR), agreements())
def test_r_four_engine_matches_reference_model_at_four_under_agreements(
    game: dict[str, Any], chosen: tuple[th.variants.Agreement, ...]
) -> None:
    # F1..F5 and every agreement among the three active seats.
    play_both(chosen=without_limits(chosen), fit=True, **game)


@given(st.fixed_dictionaries(GAME_OF_FOUR), GOLDEN_EXTRAS)
def test_r_four_6_engine_matches_reference_model_in_golden_rounds_of_four(
    game: dict[str, Any], extra: list[th.variants.Agreement]
) -> None:
    play_in_golden_rounds(extra=extra, **game)


def one_on_barrel(rules: th.Rules, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Under Several Players on Barrel no game starts with two seats on it (A16)."""
    if rules.barrel.several:
        return scores
    on = [seat for seat in range(len(scores)) if scores[seat] == rules.barrel.threshold]
    return tuple(0 if seat in on[1:] else score for seat, score in enumerate(scores))


def play_both(
    preset: str,
    chosen: tuple[th.variants.Agreement, ...],
    dealer: int,
    scores: tuple[int, ...],
    seed: int,
    careful: bool,
    table: th.rules.TableRules | None = None,
    *,
    fit: bool = False,
) -> None:
    """Play one game in the engine and the model side by side, comparing every step;
    ``table`` sets the table's size and the sitter's score (four-players.md); ``fit`` first
    makes the scores ones the rules allow (:func:`fit_scores`)."""
    rng = random.Random(seed)
    table = table or th.rules.TableRules()
    rules = attrs.evolve(PRESETS[preset], table=table).with_agreements(*chosen)
    if fit:
        scores = fit_scores(rules, scores)
    state = th.new_game(rules, dealer=dealer, scores=scores)
    ref = RefGame(
        preset,
        dealer=dealer,
        scores=scores,
        agreements=ref_agreements(chosen),
        players=table.players,
        sitter_scores=table.sitter_scores,
        ace_value=table.ace_value,
    )
    compare(state, ref)
    for _ in range(25 * 80):  # at most 25 deals
        legal = th.legal_actions(state)
        assert set(map(str, legal)) == ref.legal()
        if state.is_terminal:
            break
        if careful and not state.is_chance:
            action = cautious_choice(state, legal, rng)
        else:
            action = rng.choice(legal)
        state = th.apply(state, action)
        ref.apply(str(action))
        compare(state, ref)
        if state.sheet and len(state.sheet) == len(ref.deal_log):
            row, ref_row = state.sheet[-1], ref.deal_log[-1]
            assert (row.declarer, row.contract) == (ref_row["declarer"], ref_row["contract"])
            assert row.points == ref_row["points"]
            assert row.changes == ref_row["changes"]
            assert row.scores == ref_row["scores"]
            assert row.sitter == ref_row.get("sitter")


# Three fixed deals: the auction, gives and contract lead to the first lead; perft counts the
# play sequences of the first two tricks (six cards). The counts were found by the engine and
# by the reference model's brute force alike; the test checks both again.
PERFT_DEALS = [
    (
        "classic",
        "KH QH AH TS 9C JD QS / AS KS 9S JC QC KC TH / AC TC 9D QD KD AD JH / TD JS 9H",
        ["bid 100", "pass", "pass", "give 9C 2", "give JS 1", "contract 100"],
        12397,
    ),
    (
        "classic",
        "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH",
        ["bid 120", "bid 125", "pass", "pass", "give 9D 0", "give JD 2", "contract 140"],
        20587,
    ),
    (
        "standard",
        "AS TS KS QS AH 9D 9C / KH QH JH TH AC KC QC / AD TD KD QD JD JS 9S / 9H TC JC",
        ["bid 100", "bid 105", "bid 110", "pass", "pass", "give 9H 0", "give JC 1", "contract 120"],
        17640,
    ),
]


@pytest.mark.parametrize(("preset", "deal", "calls", "count"), PERFT_DEALS)
def test_perft_two_tricks_matches_brute_force(
    preset: str, deal: str, calls: list[str], count: int
) -> None:
    state = th.apply(th.new_game(PRESETS[preset], dealer=2), th.Deal.parse(deal))
    ref = RefGame(preset, dealer=2)
    for action in state.history:
        assert isinstance(action, th.Deal)
        for seat_cards in _dealing_order(action, dealer=2):
            ref.apply(f"deal {seat_cards}")
    for text in calls:
        state = th.apply(state, th.parse_action(text))
        ref.apply(text)
    assert state.phase is th.Phase.PLAYING
    assert th.perft(state, 6) == reference_perft(ref, 6) == count


def _dealing_order(deal: th.Deal, dealer: int) -> list[str]:
    """The 24 cards of ``deal`` in R-DEAL-1's order: seat (dealer+1+k) % 3, then the talon."""
    hands = [sorted(h) for h in deal.hands]
    order = [str(hands[(dealer + 1 + k) % 3][k // 3]) for k in range(21)]
    return order + [str(c) for c in sorted(deal.talon)]
