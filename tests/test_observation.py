"""What a seat may know (A26): observations and information states leak nothing.

The central property: two games that differ only in cards a seat has never seen look the same
to that seat. The second game is made by permuting the cards the seat has not seen and
replaying the same actions; a permutation that makes some action illegal (a bid above the new
limit, a card that now follows suit) would change what everybody saw, so it is skipped.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import thousand as th
from thousand.cards import mask_of

from .test_properties import PRESETS, agreements

PACK = th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))
DEAL = th.Deal.parse(
    "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
)


def play(rules: th.Rules, *texts: str, dealer: int = 0) -> th.State:
    state = th.apply(th.new_game(rules, dealer=dealer), DEAL)
    for text in texts:
        state = th.apply(state, th.parse_action(text))
    return state


def test_a26_in_the_auction_a_seat_sees_its_own_hand_and_the_calls() -> None:
    state = play(th.Rules(), "bid 100", "bid 105")
    seen = th.observe(state, 0)
    assert seen.hand == DEAL.hands[0] and seen.talon is None and seen.talon_size == 3
    assert [(s, str(a)) for s, a in seen.calls] == [(1, "bid 100"), (2, "bid 105")]
    assert seen.to_move == 0 and seen.legal_actions == th.legal_actions(state)
    assert th.observe(state, 1).legal_actions == ()
    info = th.information_state(state, 0)
    dealt = [s for s in info.sights if isinstance(s, th.observation.Dealt)]
    assert len(dealt) == 24
    assert {s.card for s in dealt if s.card is not None} == DEAL.hands[0]
    assert all(s.card is None for s in dealt if s.seat != 0)


def test_a26_the_talon_is_shown_to_all_and_each_opponent_sees_its_own_card() -> None:
    state = play(th.Rules(), "bid 100", "pass", "pass", "give 9D 0", "give JD 2")
    for seat in range(3):
        assert th.observe(state, seat).talon == DEAL.talon
    assert th.observe(state, 1).gives == ((th.Card.parse("9D"), 0), (th.Card.parse("JD"), 2))
    assert th.observe(state, 0).gives == ((th.Card.parse("9D"), 0), (None, 2))
    assert th.observe(state, 2).gives == ((None, 0), (th.Card.parse("JD"), 2))


def test_a26_quiet_drop_hides_even_that_the_other_opponent_got_a_card() -> None:
    rules = th.Rules().with_agreements(th.variants.quiet_drop)
    state = play(rules, "bid 100", "pass", "pass", "give 9D 0", "give JD 2")
    assert th.observe(state, 0).gives == ((th.Card.parse("9D"), 0),)
    assert th.observe(state, 2).gives == ((th.Card.parse("JD"), 2),)
    assert len(th.observe(state, 1).gives) == 2


def test_a26_quiet_drop_worlds_may_hold_the_give_a_seat_did_not_see() -> None:
    """After the declarer's first give, the seat that got it cannot tell whether the other
    opponent has got its card too (A26, Quiet Drop): the worlds drawn for it hold that give
    or not, so some are one give ahead of the real state, and each looks to it as the real
    state does."""
    rules = th.Rules().with_agreements(th.variants.quiet_drop)
    state = play(rules, "bid 100", "pass", "pass", "give 9D 0")
    seen = th.observe(state, 0)
    rng = random.Random(5)
    worlds = [th.sample_state(th.information_state(state, 0), rng) for _ in range(40)]
    assert all(th.observe(world, 0) == seen for world in worlds)
    assert {len(world.gives) for world in worlds} == {1, 2}
    assert {world.phase for world in worlds} == {th.Phase.GIVING, th.Phase.CONTRACT}
    assert all(state.gives[0] in world.gives for world in worlds)  # before it or after


def test_a26_dont_expose_on_100_shows_the_talon_to_the_declarer_alone() -> None:
    rules = th.Rules().with_agreements(th.variants.dont_expose_on_100)
    state = play(rules, "bid 100", "pass", "pass")
    assert th.observe(state, 1).talon == DEAL.talon
    assert th.observe(state, 0).talon is None and th.observe(state, 2).talon is None


def test_a26_the_hidden_opener_plays_blind_until_it_takes_the_talon() -> None:
    rules = th.Rules().with_agreements(th.variants.hidden_round, th.variants.hidden_allow_unhide)
    state = play(rules)
    assert th.observe(state, 1).hand is None
    assert th.observe(state, 2).hand == DEAL.hands[2]
    info = th.information_state(state, 1)
    assert all(s.card is None for s in info.sights if isinstance(s, th.observation.Dealt))
    state = play(rules, "hidden", "pass")
    assert th.observe(state, 1).hand is None
    state = play(rules, "hidden", "pass", "pass")
    seen = th.observe(state, 1)
    assert seen.hand == DEAL.hands[1] | DEAL.talon and seen.declarer == 1
    looked = play(rules, "look")
    assert th.observe(looked, 1).hand == DEAL.hands[1]
    assert isinstance(th.information_state(looked, 1).sights[-1], th.observation.HandSeen)


def test_observation_and_information_state_have_text_forms() -> None:
    state = play(th.Rules(), "bid 100", "pass", "pass", "give 9D 0", "give JD 2", "contract 100")
    text = str(th.observe(state, 0))
    assert text.startswith("seat 0: deal 1, play, seat 1 to move")
    assert "gives: 9D to 0, ?? to 2" in text
    info = str(th.information_state(state, 2))
    assert "dealt ?? to the talon" in info and "a card ?? was given to seat 0" in info


def _unseen(state: th.State, seat: int) -> list[th.Card]:
    """The cards ``seat`` has never seen in the current deal."""
    seen = th.observe(state, seat)
    known = set(seen.hand or ()) | set(seen.talon or ())
    known |= {card for card, _ in seen.gives if card is not None}
    known |= {card for _, cards in seen.tricks for _, card in cards}
    known |= {card for _, card in seen.trick}
    return [
        c for c in th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA")) if c not in known
    ]


def _replay(start: th.State, state: th.State, swap: dict[th.Card, th.Card]) -> th.State | None:
    """The game of ``state`` with the cards of ``swap`` exchanged everywhere, or None when
    that makes an action illegal."""

    def moved(action: th.Action) -> th.Action:
        if isinstance(action, th.DealCard):
            return th.DealCard(swap.get(action.card, action.card))
        if isinstance(action, th.Give):
            return th.Give(swap.get(action.card, action.card), action.to)
        return action

    other = start
    try:
        for action in state.history:
            other = th.apply(other, moved(action))
    except th.IllegalActionError:
        return None
    return other


@given(
    preset=st.sampled_from(sorted(PRESETS)),
    chosen=agreements(),
    seed=st.integers(0, 2**32),
    steps=st.integers(24, 70),
    seat=st.integers(0, 2),
)
def test_a26_unseen_cards_change_nothing_a_seat_observes(
    preset: str, chosen: tuple[th.variants.Agreement, ...], seed: int, steps: int, seat: int
) -> None:
    rng = random.Random(seed)
    start = th.new_game(PRESETS[preset].with_agreements(*chosen), dealer=rng.randrange(3))
    state = start
    for _ in range(steps):
        if state.is_terminal or (state.sheet and state.phase is th.Phase.DEALING):
            break
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    unseen = _unseen(state, seat)
    for _ in range(5):
        shuffled = unseen[:]
        rng.shuffle(shuffled)
        other = _replay(start, state, dict(zip(unseen, shuffled, strict=True)))
        if other is None:
            continue
        assert th.observe(other, seat) == th.observe(state, seat)
        assert th.information_state(other, seat) == th.information_state(state, seat)
        event("a different game looks the same" if other != state else "the same game")
        if shuffled != unseen and state.phase is not th.Phase.DEALING:
            assert other != state


def test_observe_rejects_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
        th.observe(th.new_game(), 3)
    assert mask_of(DEAL.talon).bit_count() == 3


@given(
    preset=st.sampled_from(sorted(PRESETS)),
    chosen=agreements(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 250),
    seat=st.integers(0, 2),
)
def test_sample_state_is_consistent_with_what_the_seat_knows(
    preset: str, chosen: tuple[th.variants.Agreement, ...], seed: int, steps: int, seat: int
) -> None:
    rng = random.Random(seed)
    state = th.new_game(PRESETS[preset].with_agreements(*chosen), dealer=rng.randrange(3))
    for _ in range(steps):
        if state.is_terminal:
            break
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    info = th.information_state(state, seat)
    seen = th.observe(state, seat)
    for _ in range(3):
        sampled = th.sample_state(info, rng)
        assert th.information_state(sampled, seat) == info
        assert th.observe(sampled, seat) == seen
        # From the observation alone: the same view (the dealing order may differ).
        assert th.observe(th.sample_state(seen, rng), seat) == seen


def test_sample_state_draws_the_unseen_cards_uniformly() -> None:
    """At the opening of the auction seat 0 has seen only its 7 cards: each of the other 17 is
    in the talon with probability 3/17. A chi-square test on 3,400 draws (16 degrees of
    freedom; 39.25 is the 0.1% critical value)."""
    state = th.apply(th.new_game(), DEAL)
    info = th.information_state(state, 0)
    rng = random.Random(2026)
    unseen = [c for c in PACK if c not in DEAL.hands[0]]
    counts = dict.fromkeys(unseen, 0)
    draws = 3400
    for _ in range(draws):
        sampled = th.sample_state(info, rng)
        assert sampled.hands[0] == DEAL.hands[0]
        for card in sampled.talon:
            counts[card] += 1
    expected = draws * 3 / 17
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 39.25, counts


def test_sample_state_respects_what_play_revealed() -> None:
    """Seat 0 did not follow hearts: in every state drawn for seat 2 it holds no heart, and
    the hearts seat 2 cannot see are all with seat 1 (R-PLAY-2)."""
    state = play(th.Rules(), "bid 100", "pass", "pass", "give 9D 0", "give JD 2", "contract 100")
    for text in ("play AH", "play 9H", "play 9C"):
        state = th.apply(state, th.parse_action(text))
    info = th.information_state(state, 2)
    rng = random.Random(7)
    for _ in range(200):
        sampled = th.sample_state(info, rng)
        assert th.observe(sampled, 2) == th.observe(state, 2)
        assert not any(c.suit is th.Suit.HEARTS for c in sampled.hands[0])
        assert {c for c in sampled.hands[1] if c.suit is th.Suit.HEARTS} == set(th.cards("KH TH"))


def test_sample_state_takes_an_information_state_or_an_observation() -> None:
    with pytest.raises(TypeError, match="InfoState or an Observation"):
        th.sample_state(th.new_game(), random.Random(1))  # type: ignore[arg-type]
    rng = random.Random(1)
    state = th.new_game()
    while not state.is_terminal:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    with pytest.raises(ValueError, match="the game is over"):
        th.sample_state(th.observe(state, 0), rng)


def test_sample_state_is_uniform_against_exact_enumeration() -> None:
    """Six tricks into a deal, seat 0 cannot place four cards: two in each other hand. Every
    consistent world (a deal and the card seat 2 received) is equally likely, so a split of
    the four cards is drawn in proportion to its number of worlds, counted here by trying
    every received card and replaying the deal (here three splits weigh 1, 1 and 8: a talon
    card in seat 2's hand must be the card it received). Chi-square over 2,400 draws, 0.1%."""
    rng = random.Random(4)
    state = play(th.Rules(), "bid 100", "pass", "pass", "give 9D 0", "give JD 2", "contract 100")
    while len(state.tricks) < 6:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    unseen = sorted(state.hands[1] | state.hands[2])
    played = [{c for _, cs in state.tricks for s, c in cs if s == seat} for seat in range(3)]

    def worlds(split: frozenset[th.Card]) -> int:
        final1 = split | played[1]
        final2 = (frozenset(unseen) - split) | played[2]
        count = 0
        for received in final2:
            try:
                hands = (
                    DEAL.hands[0],
                    (final1 | {th.Card.parse("9D"), received}) - DEAL.talon,
                    final2 - {received},
                )
                world = th.apply(th.new_game(), th.Deal(hands, DEAL.talon))
                for action in state.history[1:]:
                    if isinstance(action, th.Give) and action.to == 2:
                        action = th.Give(received, 2)
                    world = th.apply(world, action)
            except ValueError:  # not a deal, or some action would be illegal
                continue
            count += 1
        return count

    weights = {frozenset(p): worlds(frozenset(p)) for p in itertools.combinations(unseen, 2)}
    weights = {split: w for split, w in weights.items() if w}
    assert len(weights) > 1 and frozenset(state.hands[1]) in weights
    info = th.information_state(state, 0)
    counts = dict.fromkeys(weights, 0)
    draws = 2400
    for _ in range(draws):
        counts[frozenset(th.sample_state(info, rng).hands[1])] += 1  # KeyError: no such world
    total = sum(weights.values())
    chi2 = sum(
        (counts[s] - draws * w / total) ** 2 / (draws * w / total) for s, w in weights.items()
    )
    critical = {2: 10.83, 3: 13.82, 4: 16.27, 5: 18.47, 6: 20.52}[len(weights)]
    assert chi2 < critical, (counts, weights)
