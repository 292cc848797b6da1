"""Games between the built-in bots always end: redeals deal fresh cards, the bots call them
only when they are worth it, and every game stays within a hard bound on decisions."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import thousand as th
from thousand.arena import (
    BOTS,
    REDEAL_LIMIT,
    deal_stream,
    duplicate_match,
    play_deal,
    play_game,
)
from thousand.bots import Bot, HeuristicBot, RandomBot, SolverBot
from thousand.variants import by_key

from .test_properties import games

#: Decisions allowed per deal of a game's cap: a deal without redeals takes at most about a
#: hundred (bids only rise), and built-in bots redeal a deal about half the time or less, so a
#: deal that needs more than this has redealt some twenty times in a row (odds below 1e-6).
PER_DEAL = 2000


@attrs.define
class Bounded:
    """A bot that fails the test once the bots sharing ``count`` made ``limit`` decisions."""

    bot: Bot
    count: list[int]
    limit: int

    def seated(self, rng: random.Random) -> Bounded:
        seated = getattr(self.bot, "seated", None)
        return self if seated is None else attrs.evolve(self, bot=seated(rng))

    def act(self, observation: th.Observation) -> th.Action:
        self.count[0] += 1
        if self.count[0] > self.limit:
            raise AssertionError(f"no end after {self.limit} decisions")
        return self.bot.act(observation)


def bounded(makers: list[Callable[[], Bot]], limit: int) -> list[Bot]:
    count = [0]
    return [Bounded(make(), count, limit) for make in makers]


def card_score(below: int) -> th.Rules:
    return th.Rules.classic().with_agreements(by_key("reshuffle_on_card_score", below))


def seeded(kind: Callable[[random.Random], Bot], seed: int) -> Callable[[], Bot]:
    return lambda: kind(random.Random(seed))


def test_heuristic_bots_finish_a_deal_under_reshuffle_on_card_score_40() -> None:
    # Seed 16's first deal: seat 2 holds 17 card points, valued 33, and calls a redeal.
    bots = bounded([seeded(HeuristicBot, s) for s in range(3)], PER_DEAL)
    record = play_deal(bots, next(deal_stream(16)), card_score(40))
    assert record.deal_number == 1 and record.declarer is not None


def test_heuristic_bots_finish_a_duplicate_match_under_reshuffle_on_card_score_40() -> None:
    count = [0]

    def make(seed: int) -> Bot:
        return Bounded(HeuristicBot(random.Random(seed)), count, PER_DEAL * 10)

    match = duplicate_match(
        ["heuristic"], 10, seed=1, rules=card_score(40), makers={"heuristic": make}
    )
    assert [s.deals for s in match.standings] == [10]
    assert count[0] > 10 * 20  # one seating, at least 20 decisions a deal


def test_heuristic_bots_finish_a_game_under_reshuffle_on_card_score_85() -> None:
    """Every hand may be redealt: the bots call it only with weak hands, and get fresh cards."""
    bots = bounded([seeded(HeuristicBot, s) for s in range(3)], PER_DEAL * 200)
    state = play_game(bots, card_score(85), seed=1)
    assert state.is_terminal and len(state.sheet) == state.deal_number
    redeals = sum(isinstance(a, th.Redeal) for a in state.history)
    assert 0 < redeals < len(state.sheet)


def test_a_game_takes_its_first_cards_of_each_deal_from_the_stream_whatever_the_redeals() -> None:
    """A redeal's fresh cards are drawn apart from :func:`deal_stream`: the stream's deal ``n``
    is deal ``n``'s first dealing, however many redeals came before."""
    bots = bounded([seeded(RandomBot, s) for s in range(3)], PER_DEAL * 200)
    state = play_game(bots, card_score(85), seed=2)
    history = state.history
    dealt = [
        (a, history[i - 1] == th.Redeal()) for i, a in enumerate(history) if isinstance(a, th.Deal)
    ]
    first = [deal for deal, redealt in dealt if not redealt]
    fresh = [deal for deal, redealt in dealt if redealt]
    assert len(first) == len(state.sheet) == 200 and len(fresh) > 20
    stream = deal_stream(2)
    assert first == [next(stream) for _ in first]
    assert not set(fresh) & set(first)


@attrs.define
class Noter:
    """Calls a redeal (if ``redeals``) while it holds the cards first dealt, else the first
    legal action; notes the first fresh hand it holds after a redeal."""

    first: th.Deal
    redeals: bool
    fresh: dict[int, frozenset[th.Card]] = attrs.Factory(dict)
    count: list[int] = attrs.Factory(lambda: [0])

    def act(self, observation: th.Observation) -> th.Action:
        self.count[0] += 1
        assert self.count[0] < 500, "the redeal dealt the same cards again"
        hand = observation.hand
        assert hand is not None
        if hand != self.first.hands[observation.seat]:
            self.fresh.setdefault(observation.seat, hand)
        elif self.redeals:
            return th.Redeal()
        return observation.legal_actions[0]


def test_a_redeal_deals_fresh_cards_the_same_in_every_seating() -> None:
    """A duplicate deal's redeal gives each seat the same fresh hand whoever sits where: its
    cards come from the seed and the deal's number, not from the seating (A9)."""
    first = next(deal_stream(5))
    made: list[Noter] = []

    def maker(redeals: bool) -> Callable[[int], Bot]:
        def make(seed: int) -> Bot:
            made.append(Noter(first, redeals))
            return made[-1]

        return make

    makers = {"redealer": maker(True), "plain": maker(False)}
    # Every hand may be redealt; three seatings, each with the first call a redeal.
    duplicate_match(["redealer", "plain"], 1, seed=5, rules=card_score(121), makers=makers)
    assert len(made) == 3 * 3
    seatings = [made[i : i + 3] for i in range(0, 9, 3)]
    fresh = [{k: v for bot in bots for k, v in bot.fresh.items()} for bots in seatings]
    assert fresh[0] == fresh[1] == fresh[2]
    assert sorted(fresh[0]) == [0, 1, 2]
    assert len(fresh[0][0] | fresh[0][1] | fresh[0][2]) == 21


@given(
    st.tuples(*[st.sampled_from(["heuristic", "random"])] * 3),
    games(caps=(3, 20, 200), with_agreements=True),
    st.sampled_from([None, 40, 85, 121]),
    st.sampled_from([None, 40, 121]),
)
def test_games_between_bots_end_under_any_agreements(
    seating: tuple[str, str, str],
    game: tuple[th.Rules, int, tuple[int, int, int], random.Random, bool],
    card_below: int | None,
    talon_below: int | None,
) -> None:
    check_game(seating, game, card_below, talon_below)


@settings(max_examples=5)
@given(
    st.tuples(*[st.sampled_from(sorted(BOTS))] * 2),
    games(caps=(1, 2), with_agreements=True),
    st.sampled_from([None, 40, 85, 121]),
    st.sampled_from([None, 40, 121]),
)
def test_games_with_a_solver_bot_end_under_any_agreements(
    others: tuple[str, str],
    game: tuple[th.Rules, int, tuple[int, int, int], random.Random, bool],
    card_below: int | None,
    talon_below: int | None,
) -> None:
    check_game(("solver", *others), game, card_below, talon_below)


def check_game(
    seating: tuple[str, ...],
    game: tuple[th.Rules, int, tuple[int, int, int], random.Random, bool],
    card_below: int | None,
    talon_below: int | None,
) -> None:
    """A whole game between the named bots, with generous redeals added to the agreements,
    ends within the bound."""
    rules, dealer, scores, rng, _ = game
    if card_below is not None:
        rules = rules.with_agreements(by_key("reshuffle_on_card_score", card_below))
    if talon_below is not None:
        rules = rules.with_agreements(by_key("reshuffle_on_talon_score", talon_below))
    seed = rng.randrange(2**32)
    makers: dict[str, Callable[[int], Bot]] = {
        **BOTS,
        "solver": lambda s: SolverBot(random.Random(s), samples=2),  # cheap
    }
    count = [0]
    bots = [
        Bounded(makers[name](seed + seat), count, PER_DEAL * rules.scoring.max_deals)
        for seat, name in enumerate(seating)
    ]
    state = play_game(bots, rules, seed=seed, dealer=dealer, scores=scores)
    assert state.is_terminal and len(state.sheet) == state.deal_number


@attrs.define
class AlwaysRedeal:
    def act(self, observation: th.Observation) -> th.Action:
        legal = observation.legal_actions
        return th.Redeal() if th.Redeal() in legal else legal[0]


def test_a_deal_redealt_without_end_stops_with_an_error() -> None:
    count = [0]
    bots = [Bounded(AlwaysRedeal(), count, 2 * REDEAL_LIMIT) for _ in range(3)]
    try:
        play_deal(bots, next(deal_stream(1)), card_score(121))
    except th.ThousandError as error:
        assert str(error) == (
            f"deal 1 was redealt {REDEAL_LIMIT} times in a row (the last by seat 1): a bot that "
            "calls a redeal whatever its cards never ends it"
        )
    else:
        raise AssertionError("no error")
    assert count[0] == REDEAL_LIMIT
