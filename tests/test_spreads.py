"""The spreads that sample_state draws once rejection fails: only those whose hands allow the
bids seen, each as likely as the next. Checked against every spread listed by brute force."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import thousand as th
from thousand import _spreads, determinize
from thousand.auction import bid_limit
from thousand.cards import PACK, marriage_total

GROUPS = 5
RULES = {
    "classic": th.Rules.classic(),
    "ace marriage": th.Rules.classic().with_agreements(th.variants.ace_marriage),
    "standard": th.Rules.standard(),
    "standard, ace marriage": th.Rules.standard().with_agreements(th.variants.ace_marriage),
    "without marriage": th.Rules.classic().with_agreements(th.variants.declaring_without_marriage),
}


def meets(rules: th.Rules, places: list[int], need: _spreads.Need) -> bool:
    """The need as the engine's own bid limit reads it, on the cards of its groups."""
    cards = sum(places[g] for g in range(GROUPS) if need.groups >> g & 1) & ~need.gone
    return bid_limit(rules, cards) >= need.value and (
        not need.marriage or marriage_total(cards) > 0
    )


def every_spread(
    rules: th.Rules,
    unknown: list[th.Card],
    masks: list[int],
    capacity: tuple[int, ...],
    known: dict[th.Card, int],
    needs: list[_spreads.Need],
) -> list[tuple[int, ...]]:
    """Every spread that fits the masks and capacities and meets the needs, by brute force.
    A receiver's cards (a receiver seat and a budget entry above the groups' bits) go outside
    that seat no more often than the budget entry allows."""
    out = []
    choices = [[g for g in range(GROUPS) if m >> g & 1] for m in masks]
    for spread in itertools.product(*choices):
        if any(spread.count(g) != capacity[g] for g in range(GROUPS)):
            continue
        away = Counter(
            m >> _spreads.BUDGET_SHIFT
            for m, g in zip(masks, spread, strict=True)
            if m >> _spreads.RECEIVER_SHIFT and g != (m >> _spreads.RECEIVER_SHIFT & 15) - 1
        )
        if any(n > capacity[entry] for entry, n in away.items()):
            continue
        places = [0] * GROUPS
        for card, g in [*zip(unknown, spread, strict=True), *known.items()]:
            places[g] |= card.mask
        if all(meets(rules, places, need) for need in needs):
            out.append(spread)
    return out


Problem = tuple[
    th.Rules, list[th.Card], list[int], tuple[int, ...], dict[th.Card, int], list[_spreads.Need]
]


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """Up to seven unseen cards with random masks and capacities, some seen cards, and up to
    three needs: random groups, bids and cards gone (most kings and queens, where they count)."""
    rules = RULES[draw(st.sampled_from(sorted(RULES)))]
    deciding = [c for c in PACK if c.rank in (th.Rank.KING, th.Rank.QUEEN, th.Rank.ACE)]
    others = [c for c in PACK if c not in deciding]
    cards = draw(st.permutations(deciding))[:8] + draw(st.permutations(others))[:4]
    cards = draw(st.permutations(cards))
    size = draw(st.integers(1, 7))
    unknown = cards[:size]
    seen = cards[size : size + draw(st.integers(0, 5))]
    known = {c: draw(st.integers(0, GROUPS - 1)) for c in seen}
    masks = [draw(st.integers(1, 2**GROUPS - 1)) for _ in unknown]
    groups = [draw(st.integers(0, GROUPS - 1)) for _ in unknown]
    capacity = tuple(groups.count(g) for g in range(GROUPS))
    need = st.builds(
        _spreads.Need,
        st.integers(1, 2**GROUPS - 1),
        st.sampled_from([0, 0, draw(st.integers(0, 2**24 - 1))]),
        st.sampled_from([100, 120, 125, 140, 160, 180, 200, 240, 300, 320, 340, 400]),
        st.booleans(),
    )
    return rules, unknown, masks, capacity, known, draw(st.lists(need, max_size=3))


@st.composite
def problems_with_receivers(draw: st.DrawFn) -> Problem:
    """A problem whose cards may be a receiver's: up to two seats, each with a budget of 0 or
    1 cards dealt elsewhere, and some cards each tagged with one of them."""
    rules, unknown, masks, capacity, known, needs = draw(problems())
    seats = draw(st.lists(st.integers(0, 3), unique=True, max_size=2))
    budgets = tuple(draw(st.integers(0, 1)) for _ in seats)
    tagged = []
    for mask in masks:
        k = draw(st.integers(-1, len(seats) - 1))
        if k >= 0:
            mask |= (seats[k] + 1) << _spreads.RECEIVER_SHIFT
            mask |= (GROUPS + k) << _spreads.BUDGET_SHIFT
        tagged.append(mask)
    return rules, unknown, tagged, (*capacity, *budgets), known, needs


@settings(max_examples=500)
@given(problem=problems())
def test_the_count_of_spreads_that_meet_the_needs_is_exact(problem: Problem) -> None:
    """R-BID-3, A21, A22: the count by suits equals the brute-force count, with or without
    four aces counting, whatever the groups, the cards gone and the bids."""
    limited = _spreads.LimitedSpread(*problem)
    assert limited.size() == len(every_spread(*problem))


@settings(max_examples=500)
@given(problem=problems_with_receivers(), seed=st.integers(0, 2**32))
def test_r_talon_2_spreads_keep_each_receiver_to_its_one_give(problem: Problem, seed: int) -> None:
    """R-TALON-2: with cards tagged as a receiver's, the count by suits, the plain count and
    the draws agree with the brute force that lets each receiver have at most its budget of
    cards dealt elsewhere."""
    rules, unknown, masks, capacity, known, _ = problem
    spreads = every_spread(*problem)
    limited = _spreads.LimitedSpread(*problem)
    assert limited.size() == len(spreads)
    plain = every_spread(rules, unknown, masks, capacity, known, [])
    assert _spreads.count(masks, capacity, {}) == len(plain)
    rng = random.Random(seed)
    drawn = _spreads.spread(masks, capacity, rng, {})
    assert (drawn is None) == (not plain) and (drawn is None or tuple(drawn) in plain)
    drawn = limited.draw(rng)
    assert (drawn is None) == (not spreads) and (drawn is None or tuple(drawn) in spreads)


@settings(max_examples=200)
@given(problem=problems(), seed=st.integers(0, 2**32))
def test_a_drawn_spread_fits_and_meets_every_need(problem: Problem, seed: int) -> None:
    limited = _spreads.LimitedSpread(*problem)
    spread = limited.draw(random.Random(seed))
    spreads = every_spread(*problem)
    if spreads:
        assert spread is not None and tuple(spread) in spreads
    else:
        assert spread is None


def chi_square_critical(df: int) -> float:
    """The 0.1% critical value of chi-square (Wilson and Hilferty's approximation)."""
    z = 3.09
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_spreads_that_meet_the_needs_are_drawn_uniformly() -> None:
    """Six kings and queens and two nines over a bidder's hand of two, another hand of two
    and the talon of four; the bidder bid 160, which needs a marriage of 40 or more in its
    hand, and the talon with the other hand must allow 200. Chi-square over the 45 spreads
    (of 420) that meet both, 0.1%."""
    rules = th.Rules.classic()
    unknown = list(th.cards("KS QS KC QC KH QH 9S 9H"))
    masks = [0b10011] * len(unknown)
    capacity = (2, 2, 0, 0, 4)
    needs = [_spreads.Need(0b1, 0, 160, False), _spreads.Need(0b10010, 0, 200, False)]
    problem: Problem = (rules, unknown, masks, capacity, {}, needs)
    spreads = every_spread(*problem)
    limited = _spreads.LimitedSpread(*problem)
    assert limited.size() == len(spreads) == 45
    rng = random.Random(12)
    draws = 80 * len(spreads)
    counts = Counter(tuple(limited.draw(rng) or ()) for _ in range(draws))
    assert set(counts) <= set(spreads)
    expected = draws / len(spreads)
    chi2 = sum((counts[s] - expected) ** 2 / expected for s in spreads)
    assert chi2 < chi_square_critical(len(spreads) - 1), chi2


def test_sample_state_draws_alike_by_rejection_and_by_limited_spreads() -> None:
    """Seat 0 bid 100 and fixed 180, so its hand holds marriages worth 60 or more. The worlds
    drawn for seat 1 by rejection alone and by limited spreads from the first draw hold the
    same kings and queens in seat 0's hand as often (chi-square of homogeneity, 0.1%)."""
    deal = th.Deal.parse(
        "QC KC QD KD TD 9H JH / 9S JS 9C JC 9D JD QH / AS TS KS QS AC TC AD / KH TH AH"
    )
    state = th.apply(th.new_game(th.Rules.classic(), dealer=2), deal)
    for action in ("bid 100", "pass", "pass", "give 9H 1", "give JH 2", "contract 180"):
        state = th.apply(state, th.parse_action(action))
    seen = th.observe(state, 1)
    faces = frozenset(c for c in PACK if c.rank in (th.Rank.KING, th.Rank.QUEEN))
    samples: list[Counter[frozenset[th.Card]]] = []
    for plain in (determinize.MAX_TRIES, 0):
        rng = random.Random(plain)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(determinize, "PLAIN_TRIES", plain)
            worlds = [th.sample_state(seen, rng) for _ in range(400)]
        assert all(th.observe(w, 1) == seen for w in worlds)
        samples.append(Counter(frozenset(w.hands[0]) & faces for w in worlds))
    kinds = sorted(set(samples[0]) | set(samples[1]), key=sorted)
    assert len(kinds) > 3
    chi2 = 0.0
    for kind in kinds:
        both = samples[0][kind] + samples[1][kind]
        chi2 += sum((s[kind] - both / 2) ** 2 / (both / 2) for s in samples)
    assert chi2 < chi_square_critical(len(kinds) - 1), (chi2, samples)
