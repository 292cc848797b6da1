"""Invariants of the game on random legal paths of whole games (Hypothesis).

Each example plays one whole game from random starting scores, choosing uniformly among the
legal actions with a Hypothesis-controlled random generator, and checks the invariants after
every step.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
from hypothesis import event, given
from hypothesis import strategies as st

import thousand as th
from thousand.__main__ import cautious_choice
from thousand.auction import bid_limit
from thousand.cards import FULL_PACK, mask_of

PACK = th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))
PRESETS = {"classic": th.Rules.classic(), "standard": th.Rules.standard()}
EVERY_ACTION: tuple[th.Action, ...] = (
    *(th.DealCard(c) for c in PACK),
    th.Pass(),
    th.Distribute(),
    *(th.Bid(v) for v in range(95, 410, 5)),
    th.Bid(103),
    *(th.Contract(v) for v in range(95, 410, 5)),
    *(th.Give(c, to) for c in PACK for to in range(3)),
    *(th.Play(c, m) for c in PACK for m in (False, True)),
)


def _start_scores(rules: th.Rules) -> st.SearchStrategy[tuple[int, int, int]]:
    below = st.integers(-40, (rules.barrel.threshold - 5) // 5).map(lambda n: n * 5)
    near = st.sampled_from([rules.barrel.threshold, rules.barrel.threshold - 5, 700, 860, 0])
    one = st.one_of(below, near)
    return st.tuples(one, one, one)


@st.composite
def games(
    draw: st.DrawFn, caps: tuple[int, ...] = (3, 10)
) -> tuple[th.Rules, int, tuple[int, int, int], random.Random, bool]:
    """Rules, dealer, starting scores, a random generator, and whether the players bid with
    care (games that end at the target) or uniformly at random (games that often hit the cap)."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    max_deals = draw(st.sampled_from(caps))
    rules = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=max_deals))
    scores = draw(_start_scores(rules))
    return (
        rules,
        draw(st.integers(0, 2)),
        scores,
        random.Random(draw(st.integers(0, 2**32))),
        draw(st.booleans()),
    )


def _masks(state: th.State) -> list[int]:
    parts = [mask_of(h) for h in state.hands]
    parts.append(mask_of(state.talon))
    parts.append(mask_of(c for _, c in state.trick))
    parts.extend(mask_of(w) for w in state.tricks_won)
    return parts


def check_cards(state: th.State) -> None:
    """The 24 cards are each in exactly one place: hands, talon, table or won tricks."""
    parts = _masks(state)
    union = 0
    for p in parts:
        assert union & p == 0, "a card is in two places"
        union |= p
    if state.phase is th.Phase.DEALING:
        assert union.bit_count() == len(state.history) - _dealt_before(state)
    elif state.phase is th.Phase.GAME_OVER:
        assert union == 0
    else:
        assert union == FULL_PACK


def _dealt_before(state: th.State) -> int:
    # The history index of this deal's first card: the cards dealt so far follow it.
    history = state.history
    k = len(history)
    while k and isinstance(history[k - 1], th.DealCard):
        k -= 1
    return k


def check_hand_sizes(state: th.State) -> None:
    """Hand sizes follow the phase: 7/7/7 + 3, 10/7/7, 8/8/8, shrinking by trick."""
    sizes = [len(h) for h in state.hands]
    phase = state.phase
    if phase is th.Phase.BIDDING:
        assert sizes == [7, 7, 7] and len(state.talon) == 3
    elif phase is th.Phase.GIVING:
        d = state.declarer
        assert d is not None and not state.talon
        received = {to for _, to in state.gives}
        assert sizes[d] == 10 - len(state.gives)
        for s in ((d + 1) % 3, (d + 2) % 3):
            assert sizes[s] == 7 + (s in received)
    elif phase is th.Phase.CONTRACT:
        assert sizes == [8, 8, 8]
    elif phase is th.Phase.PLAYING:
        played = {seat for seat, _ in state.trick}
        for s in range(3):
            assert sizes[s] == 8 - state.tricks_played - (s in played)


def check_scores(state: th.State, rules: th.Rules) -> None:
    """Scores are multiples of 5; the barrel band holds only seats on the barrel, at the
    threshold, with fewer deals used than allowed."""
    threshold, target = rules.barrel.threshold, rules.scoring.target
    for s in range(3):
        score, used = state.scores[s], state.barrel[s]
        assert score % 5 == 0
        assert 0 <= state.bolts[s] <= 2
        if used is None:
            assert not threshold <= score < target
        else:
            assert score == threshold and 0 <= used < rules.barrel.deals
        if not rules.bolts.enabled:
            assert state.bolts[s] == 0


def check_record(record: th.DealRecord, before: tuple[int, int, int]) -> None:
    """A finished deal: 120 card points were taken (unless distributed); changes add up."""
    if record.made is not None:
        assert sum(record.card_points) == 120
        marriages = [0, 0, 0]
        for seat, suit in record.marriages:
            marriages[seat] += 200 if suit is None else suit.marriage_value
        assert [record.card_points[s] + marriages[s] for s in range(3)] == list(record.points)
    else:
        assert record.card_points == (0, 0, 0)
    assert all(before[s] + record.changes[s] == record.scores[s] for s in range(3))


def check_bids(state: th.State, legal: tuple[th.Action, ...]) -> None:
    """Legal bids rise in steps of 5 above the high bid, within the seat's limit."""
    seat = state.to_move
    assert seat is not None
    limit = bid_limit(state.rules, mask_of(state.hands[seat]))
    values = [a.value for a in legal if isinstance(a, th.Bid)]
    low = (state.high_bid or 95) + 5
    if values:
        assert values == list(range(low, values[-1] + 5, 5))
        assert values[-1] <= limit
    assert (th.Pass() in legal) == (state.high_bid is not None)


def check_step(state: th.State, rng: random.Random) -> None:
    """Every legal action applies; a sample of other actions raise and change nothing."""
    legal = th.legal_actions(state)
    assert len(set(legal)) == len(legal)
    frozen = pickle.dumps(state)
    for action in legal:
        th.apply(state, action)
    for action in rng.sample(EVERY_ACTION, 12):
        if action in legal or (state.is_chance and isinstance(action, th.Deal)):
            continue
        try:
            th.apply(state, action)
        except th.IllegalActionError as error:
            assert str(action) in str(error)
        else:
            raise AssertionError(f"{action} applied but is not legal")
    assert pickle.dumps(state) == frozen


@given(games())
def test_short_games_keep_every_invariant(game: Any) -> None:
    """Games capped at a few deals: many starts, near the barrel too."""
    play_and_check(game)


@given(games(caps=(200,)))
def test_whole_games_keep_every_invariant(game: Any) -> None:
    """Whole games under the 200-deal cap of R-END-2: every game ends."""
    play_and_check(game)


def play_and_check(game: Any) -> None:
    rules, dealer, scores, rng, careful = game
    state = th.new_game(rules, dealer=dealer, scores=scores)
    start = state
    before = scores
    steps = 0
    while not state.is_terminal:
        steps += 1
        assert steps < 200 * 80, "the game does not end"
        legal = th.legal_actions(state)
        assert legal
        if state.phase is th.Phase.BIDDING:
            check_bids(state, legal)
        if steps % 17 == 0:
            check_step(state, rng)
        if careful and not state.is_chance:
            action = cautious_choice(state, legal, rng)
        else:
            action = rng.choice(legal)
        after = th.apply(state, action)
        if len(after.sheet) > len(state.sheet):
            check_record(after.sheet[-1], before)
            before = after.scores
        state = after
        check_cards(state)
        check_hand_sizes(state)
        check_scores(state, rules)
    assert th.legal_actions(state) == ()
    ended_by = "target" if max(state.scores) >= rules.scoring.target else "cap"
    event(f"{rules.scoring.max_deals}-deal cap, ended by {ended_by}")
    assert state.deal_number == len(state.sheet) <= rules.scoring.max_deals
    # Replaying the history from the same start gives an equal state.
    replayed = start
    for action in state.history:
        replayed = th.apply(replayed, action)
    assert replayed == state and hash(replayed) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
