"""Invariants of the game on random legal paths of whole games (Hypothesis).

Each example plays one whole game from random starting scores, choosing uniformly among the
legal actions with a Hypothesis-controlled random generator, and checks the invariants after
every step, at a table of three and at a table of four (four-players.md).
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
from hypothesis import event, given, settings
from hypothesis import strategies as st

import thousand as th
from thousand.auction import bid_limit
from thousand.cards import FULL_PACK, mask_of
from thousand.scoring import sitter_score

from .players import cautious_choice

PACK = th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))
PRESETS = {"classic": th.Rules.classic(), "standard": th.Rules.standard()}
EVERY_ACTION: tuple[th.Action, ...] = (
    *(th.DealCard(c) for c in PACK),
    th.Pass(),
    th.Distribute(),
    th.Redeal(),
    th.Hidden(),
    th.Look(),
    *(th.Unhide(v) for v in range(120, 200, 5)),
    *(th.Bid(v) for v in range(95, 410, 5)),
    th.Bid(103),
    *(th.Contract(v) for v in range(95, 410, 5)),
    *(th.Give(c, to) for c in PACK for to in range(4)),
    *(th.Play(c, m) for c in PACK for m in (False, True)),
)


def _start_scores(rules: th.Rules) -> st.SearchStrategy[tuple[int, ...]]:
    below = st.integers(-40, (rules.barrel.threshold - 5) // 5).map(lambda n: n * 5)
    near = st.sampled_from([rules.barrel.threshold, rules.barrel.threshold - 5, 700, 860, 0])
    one = st.one_of(below, near)
    return st.tuples(*[one] * rules.table.players)


#: A table of four with each of the sitter's scores (R-FOUR-3).
TABLES_OF_FOUR = st.one_of(
    st.just(th.rules.TableRules(players=4)),
    st.builds(
        lambda option, value: th.rules.TableRules(4, option, value),
        st.sampled_from(["talon_points", "aces_and_marriage", "nothing"]),
        st.sampled_from([0, 15, 40, 100]),
    ),
)


VALUED = {
    "skip_declaring": st.sampled_from([-200, 0, 100]),
    "penalty_amount": st.sampled_from([5, 50, 120, 200]),
    "reshuffle_on_talon_score": st.sampled_from([5, 10, 20]),
    "reshuffle_on_card_score": st.sampled_from([10, 20, 30]),
    "distributions_limit": st.sampled_from([1, 3]),
}


@st.composite
def agreements(draw: st.DrawFn) -> tuple[th.variants.Agreement, ...]:
    """A random combination of agreements that makes sense together (A1)."""
    chosen = draw(st.sets(st.sampled_from(th.variants.AGREEMENTS), max_size=16))
    keys = {a.key for a in chosen}
    out = []
    for agreement in sorted(chosen, key=lambda a: a.key):
        if agreement.key == "zero_wins_in_a_game" and "zero_wins_in_a_row" in keys:
            continue
        if agreement.key in VALUED:
            agreement = th.variants.by_key(agreement.key, draw(VALUED[agreement.key]))
        out.append(agreement)
    return tuple(out)


@st.composite
def games(
    draw: st.DrawFn,
    caps: tuple[int, ...] = (3, 10),
    with_agreements: bool = False,
    players: int = 3,
) -> tuple[th.Rules, int, tuple[int, ...], random.Random, bool]:
    """Rules, dealer, starting scores, a random generator, and whether the players bid with
    care (games that end at the target) or uniformly at random (games that often hit the cap);
    at a table of ``players``."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if players == 4:
        rules = attrs.evolve(rules, table=draw(TABLES_OF_FOUR))
    if with_agreements:
        rules = rules.with_agreements(*draw(agreements()))
    max_deals = draw(st.sampled_from(caps))
    rules = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=max_deals))
    scores = draw(_start_scores(rules))
    if not rules.barrel.several:  # A16: no game starts with two seats on the barrel
        on = [seat for seat in range(players) if scores[seat] == rules.barrel.threshold]
        scores = tuple(0 if seat in on[1:] else score for seat, score in enumerate(scores))
    return (
        rules,
        draw(st.integers(0, players - 1)),
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
    """Hand sizes follow the phase: 7/7/7 + 3, 10/7/7, 8/8/8, shrinking by trick; the sitter's
    hand is always empty (R-FOUR-1)."""
    every = [len(h) for h in state.hands]
    assert len(every) == state.players
    if state.sitter is not None:
        assert every[state.sitter] == 0
    active = state.active_seats
    sizes = [every[s] for s in active]
    phase = state.phase
    if phase in (th.Phase.BIDDING, th.Phase.HIDDEN_CHOICE, th.Phase.UNHIDING):
        assert sizes == [7, 7, 7] and len(state.talon) == 3
    elif phase is th.Phase.GIVING:
        d = state.declarer
        assert d is not None and not state.talon
        received = {to for _, to in state.gives}
        assert every[d] == 10 - len(state.gives)
        for s in active:
            if s != d:
                assert every[s] == 7 + (s in received)
    elif phase is th.Phase.CONTRACT:
        assert sizes == [8, 8, 8]
    elif phase is th.Phase.PLAYING:
        played = {seat for seat, _ in state.trick}
        for s in active:
            assert every[s] == 8 - state.tricks_played - (s in played)


def check_scores(state: th.State, rules: th.Rules) -> None:
    """Scores are multiples of 5; the barrel band holds only seats on the barrel, at the
    threshold, with fewer deals used than allowed."""
    threshold, target = rules.barrel.threshold, rules.scoring.target
    for s in range(state.players):
        score, used = state.scores[s], state.barrel[s]
        assert score % 5 == 0
        assert 0 <= state.bolts[s] <= 2
        if used is None:
            assert not threshold <= score < target
        else:
            assert score == threshold and 0 <= used < rules.barrel.deals
        if not rules.bolts.enabled:
            assert state.bolts[s] == 0


def check_record(record: th.DealRecord, before: tuple[int, ...], rules: th.Rules) -> None:
    """A finished deal: 120 card points were taken (unless distributed); changes add up; the
    sitter took no points and scored what its option gives (R-FOUR-1, R-FOUR-3)."""
    n = len(before)
    if record.made is not None:
        assert sum(record.card_points) == 120
        marriages = [0] * n
        for seat, suit in record.marriages:
            marriages[seat] += 200 if suit is None else suit.marriage_value
        assert [record.card_points[s] + marriages[s] for s in range(n)] == list(record.points)
    else:
        assert record.card_points == (0,) * n
    assert all(before[s] + record.changes[s] == record.scores[s] for s in range(n))
    assert record.sitter == (record.dealer if n == 4 else None)
    sitter = record.sitter
    if sitter is not None:
        assert record.points[sitter] == 0
        assert all(seat != sitter for _, cards in record.tricks for seat, _ in cards)
        touched = {e.seat for e in record.events if e.kind is not th.EventKind.GOLDEN_RESET}
        reset = any(e.kind is th.EventKind.GOLDEN_RESET for e in record.events)
        if sitter not in touched and not reset and record.barrel[sitter] is None:
            talon = _talon_as_dealt(record, rules)
            expected = sitter_score(rules, talon) * (2 if record.golden else 1)
            assert record.changes[sitter] == expected
        if record.barrel[sitter] is not None and sitter not in touched:
            assert record.changes[sitter] == 0  # R-FOUR-4: on the barrel it scores nothing


def _talon_as_dealt(record: th.DealRecord, rules: th.Rules) -> int:
    """The talon of a finished deal, as the declarer took it (every card of a played deal is
    in its tricks, so the sheet cannot tell: it is read from the game instead)."""
    return _TALONS[record.deal_number]


#: The talon of each deal of the game being checked, by deal number (set by play_and_check).
_TALONS: dict[int, int] = {}


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


@given(games(caps=(3, 10, 40), with_agreements=True))
def test_games_with_random_agreements_keep_every_invariant(game: Any) -> None:
    """Random combinations of agreements on either preset: the same invariants, and those of
    the agreements (bolts, distributions, golden and hidden deals, resets)."""
    play_and_check(game)


@given(games(players=4))
def test_r_four_short_games_at_four_keep_every_invariant(game: Any) -> None:
    """A table of four (R-FOUR-1..8): the 24 cards among three hands and the talon, the
    sitter's hand empty, its score per its option, and every invariant of three."""
    play_and_check(game)


@settings(max_examples=max(5, settings().max_examples // 4))  # each a 200-deal game
@given(games(caps=(200,), players=4))
def test_r_four_whole_games_at_four_keep_every_invariant(game: Any) -> None:
    """Whole four-player games under the cap (R-FOUR-7): every game ends. Fewer examples
    than at three: the short games and the agreements' games at four cover the rest."""
    play_and_check(game)


@given(games(caps=(3, 10, 40), with_agreements=True, players=4))
def test_r_four_games_at_four_with_random_agreements_keep_every_invariant(game: Any) -> None:
    """Random agreements at a table of four (F1..F5)."""
    play_and_check(game)


def play_and_check(game: Any) -> None:
    rules, dealer, scores, rng, careful = game
    _TALONS.clear()
    state = th.new_game(rules, dealer=dealer, scores=scores)
    start = state
    before = scores
    steps = 0
    while not state.is_terminal:
        steps += 1
        assert steps < 200 * 250, "the game does not end"
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
        # A finished State (the engine builds a mutable twin first), whose slots say what the
        # phase and the sheet say.
        assert type(after) is th.State
        assert after.is_terminal == (after.phase is th.Phase.GAME_OVER)
        assert after.deal_number == len(after.sheet) + (not after.is_terminal)
        if after.phase is th.Phase.GIVING and state.phase is not th.Phase.GIVING:
            _TALONS[after.deal_number] = mask_of(after.taken_talon)
        if len(after.sheet) > len(state.sheet):
            check_record(after.sheet[-1], before, rules)
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
    if len(state.sheet) <= 12:  # a long game's replay is checked above; its dict is slow
        assert th.State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    check_game(state)


def check_game(state: th.State) -> None:
    """Invariants of the whole sheet under the agreements in force."""
    rules = state.rules
    sheet = state.sheet
    n = state.players
    for seat in range(n):
        given_up = sum(1 for r in sheet if r.made is None and r.declarer == seat)
        assert state.distributions[seat] == given_up
        if rules.distribution.limit is not None:
            assert given_up <= rules.distribution.limit
    golden = [r.golden for r in sheet]
    if not rules.golden_round.enabled:
        assert not any(golden)
    else:  # A10, A11: three golden deals open the game (four at four, R-FOUR-6), again
        # while none of them is made
        in_round, made, played = True, False, 0
        for record in sheet:
            assert record.golden == in_round
            if in_round:
                made |= record.made is True
                played += 1
                if played == n:
                    in_round, made, played = not made, False, 0
    for record in sheet:
        opener = (record.dealer + 1) % n  # R-FOUR-1: the dealer sits out, its left opens
        if record.hidden:  # A15: the hidden declarer is the opener, at 120 or more
            assert record.declarer == opener and record.bid == 120
            assert rules.hidden_round.enabled and not record.golden
        if record.golden:  # A10: the dealer's left neighbour at 120, no auction
            assert record.declarer == opener and record.bid == 120
        for seat in range(n):
            if rules.scoring.reset_on_555:
                assert record.scores[seat] != 555
            if rules.scoring.reset_on_minus_555:
                assert record.scores[seat] != -555
        kinds = {(e.kind, e.seat) for e in record.events}
        d = record.declarer
        plain = not any(seat == d for _, seat in kinds) and record.barrel[d] is None
        if record.made is not None and plain and record.scores[d] < rules.barrel.threshold:
            # A12: golden deals double every deal score, hidden games the declarer's
            factor = 2 if record.golden or record.hidden else 1
            expected = factor * (record.contract if record.made else -record.contract)
            if record.hidden and rules.hidden_round.no_more_than_240:
                expected = max(-240, min(240, expected))
            assert record.changes[d] == expected
