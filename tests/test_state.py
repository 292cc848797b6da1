"""The state machine's contract: new_game, chance, apply, immutability, equality, history."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Literal

import pytest

import thousand as th

DEAL = th.Deal.parse(
    "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
)


def dealing_order(deal: th.Deal, dealer: int) -> list[th.DealCard]:
    """R-DEAL-1: card k goes to seat (dealer + 1 + k) % 3 for k < 21, then to the talon."""
    hands = [sorted(h) for h in deal.hands]
    cards = [hands[(dealer + 1 + k) % 3][k // 3] for k in range(21)] + sorted(deal.talon)
    return [th.DealCard(c) for c in cards]


def test_new_game_is_the_first_chance_node() -> None:
    state = th.new_game()
    assert state.rules == th.Rules.classic()
    assert (state.phase, state.deal_number, state.dealer, state.to_move) == (
        th.Phase.DEALING,
        1,
        0,
        None,
    )
    assert state.is_chance and not state.is_terminal
    assert state.scores == (0, 0, 0) and state.barrel == (None, None, None)
    assert state.bolts == (0, 0, 0) and state.sheet == () and state.history == ()
    assert state.hands == (frozenset(), frozenset(), frozenset()) and state.talon == frozenset()
    assert state.high_bid is None and state.declarer is None and state.contract is None
    assert state.trump is None and state.trick == () and state.points == (0, 0, 0)
    assert state.winner is None


def test_chance_outcomes_are_uniform_over_undealt_cards() -> None:
    state = th.new_game()
    outcomes = th.chance_outcomes(state)
    assert len(outcomes) == 24 and sum(p for _, p in outcomes) == 1
    assert {p for _, p in outcomes} == {Fraction(1, 24)}
    state = th.apply(state, th.DealCard(th.Card.parse("AH")))
    outcomes = th.chance_outcomes(state)
    assert [a for a, _ in outcomes] == list(th.legal_actions(state))
    assert th.DealCard(th.Card.parse("AH")) not in dict(outcomes)
    assert {p for _, p in outcomes} == {Fraction(1, 23)}
    assert th.chance_outcomes(th.apply(th.new_game(), DEAL)) == ()


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_whole_deal_equals_its_24_cards(dealer: int) -> None:
    by_cards = th.new_game(dealer=dealer)
    for action in dealing_order(DEAL, dealer):
        by_cards = th.apply(by_cards, action)
    whole = th.apply(th.new_game(dealer=dealer), DEAL)
    assert by_cards.hands == whole.hands == DEAL.hands
    assert by_cards.talon == whole.talon == DEAL.talon
    assert by_cards.to_move == whole.to_move == (dealer + 1) % 3
    assert by_cards.phase is whole.phase is th.Phase.BIDDING
    assert whole.history == (DEAL,)


def test_whole_deal_only_at_the_first_chance_node() -> None:
    state = th.apply(th.new_game(), th.DealCard(th.Card.parse("9S")))
    with pytest.raises(th.IllegalActionError, match="first chance node") as info:
        th.apply(state, DEAL)
    assert info.value.action == DEAL
    assert info.value.phase is th.Phase.DEALING


def test_a_dealt_card_cannot_be_dealt_again() -> None:
    state = th.apply(th.new_game(), th.DealCard(th.Card.parse("9S")))
    with pytest.raises(th.IllegalActionError, match="9S has already been dealt"):
        th.apply(state, th.DealCard(th.Card.parse("9S")))


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ((885, 0, 0), "inside the barrel band"),
        ((1000, 0, 0), "already reached the target"),
        ((0, 2.5, 0), "must be an int"),
        ((0, 0), "three ints"),
    ],
)
def test_new_game_rejects_impossible_scores(scores: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        th.new_game(scores=scores)


def test_new_game_at_the_threshold_is_on_the_barrel() -> None:
    state = th.new_game(scores=(880, 0, 100))
    assert state.barrel == (0, None, None)
    with pytest.raises(ValueError, match="dealer"):
        th.new_game(dealer=3)


def test_states_never_change_and_compare_by_value() -> None:
    state = th.apply(th.new_game(), DEAL)
    snapshot = pickle.dumps(state)
    after = th.apply(state, th.Bid(100))
    assert pickle.dumps(state) == snapshot
    assert after != state
    again = th.apply(th.apply(th.new_game(), DEAL), th.Bid(100))
    assert again == after and hash(again) == hash(after)
    assert {after: 1}[again] == 1
    with pytest.raises(AttributeError):
        state.scores = (1, 2, 3)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.anything = 1  # type: ignore[attr-defined]
    # The fields read most often are slots, read-only all the same; so are the private ones.
    for name, value in [("is_terminal", True), ("deal_number", 2), ("_hands", (0, 0, 0))]:
        with pytest.raises(AttributeError, match="a State never changes"):
            setattr(state, name, value)
        with pytest.raises(AttributeError, match="a State never changes"):
            delattr(state, name)
    assert pickle.dumps(state) == snapshot and type(state) is th.State


def test_states_with_other_histories_differ() -> None:
    # The same table reached by the whole deal and card by card: equal but for history.
    whole = th.apply(th.new_game(), DEAL)
    by_cards = th.new_game()
    for action in dealing_order(DEAL, 0):
        by_cards = th.apply(by_cards, action)
    assert whole != by_cards


def test_illegal_actions_leave_the_state_as_it_was() -> None:
    state = th.apply(th.new_game(), DEAL)
    snapshot = pickle.dumps(state)
    for action in (th.Pass(), th.Bid(95), th.Play(th.Card.parse("9S")), th.Contract(100)):
        with pytest.raises(th.IllegalActionError) as info:
            th.apply(state, action)
        assert str(action) in str(info.value) and "auction" in str(info.value)
    assert pickle.dumps(state) == snapshot


def test_not_an_action_is_refused() -> None:
    with pytest.raises(th.IllegalActionError, match="is not an action"):
        th.apply(th.new_game(), "bid 100")  # type: ignore[arg-type]


def test_a_finished_game_takes_no_action() -> None:
    rng = random.Random(3)
    state = th.new_game()
    while not state.is_terminal:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    assert th.legal_actions(state) == () and th.chance_outcomes(state) == ()
    assert state.to_move is None and state.phase is th.Phase.GAME_OVER
    with pytest.raises(th.IllegalActionError, match="the game is over"):
        th.apply(state, th.DealCard(th.Card.parse("9S")))
    # The history replays to an equal state, and pickling keeps it.
    replayed = th.new_game()
    for action in state.history:
        replayed = th.apply(replayed, action)
    assert replayed == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert repr(state).startswith("<State deal ")


def test_legal_actions_are_deterministic_and_distinct() -> None:
    state = th.apply(th.new_game(), DEAL)
    first = th.legal_actions(state)
    assert first == th.legal_actions(state) and len(set(first)) == len(first)
    assert first[0] == th.Bid(100)  # the opener may not pass (R-BID-1)


def test_talon_shown_to_everyone_in_the_classic_game() -> None:
    state = th.apply(th.new_game(), DEAL)
    assert state.talon_shown_to == frozenset()
    for text in ("bid 100", "pass", "pass"):
        state = th.apply(state, th.parse_action(text))
    assert state.declarer == 1 and state.taken_talon == DEAL.talon
    assert state.talon_shown_to == {0, 1, 2}


def test_a26_dont_expose_on_100_shows_the_talon_to_the_declarer_only() -> None:
    rules = th.Rules().with_agreements(th.variants.dont_expose_on_100)
    state = th.apply(th.new_game(rules), DEAL)
    at_100 = state
    for text in ("bid 100", "pass", "pass"):
        at_100 = th.apply(at_100, th.parse_action(text))
    assert at_100.talon_shown_to == {1}
    at_105 = state
    for text in ("bid 100", "bid 105", "pass", "pass"):
        at_105 = th.apply(at_105, th.parse_action(text))
    assert at_105.declarer == 2 and at_105.talon_shown_to == {0, 1, 2}


def test_a26_the_hidden_opener_is_blind_until_it_takes_the_talon() -> None:
    rules = th.Rules().with_agreements(
        th.variants.hidden_round, th.variants.hidden_allow_unhide, th.variants.hidden_hide_talon
    )
    state = th.apply(th.new_game(rules), DEAL)
    assert state.phase is th.Phase.HIDDEN_CHOICE and state.blind_seat == 1
    assert set(map(str, th.legal_actions(state))) == {"hidden", "look"}
    state = th.apply(state, th.Hidden())
    assert state.phase is th.Phase.UNHIDING and state.blind_seat == 1 and state.to_move == 2
    state = th.apply(state, th.Pass())
    state = th.apply(state, th.Pass())
    assert state.phase is th.Phase.GIVING and state.declarer == 1 and state.blind_seat is None
    assert state.is_hidden_game and state.talon_shown_to == {1}


def _random_game(
    rules: th.Rules, seed: int, whole_deal_at: int = 0
) -> tuple[list[th.State], list[th.Action]]:
    """Every state of a random game and the actions applied; the deal numbered
    ``whole_deal_at`` is dealt at once."""
    rng = random.Random(seed)
    state = th.new_game(rules)
    states = [state]
    actions: list[th.Action] = []
    while not state.is_terminal:
        undealt = state.is_chance and not any(state.hands) and not state.talon
        if undealt and state.deal_number == whole_deal_at:
            action: th.Action = DEAL
        else:
            action = rng.choice(th.legal_actions(state))
        state = th.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.mark.parametrize("whole_deal_at", [0, 1, 3])
def test_history_records_every_action_in_order(whole_deal_at: int) -> None:
    # The history is kept compactly (a run of coded actions per deal, a pair for a whole Deal):
    # whatever the form, it reads back as the actions applied, and it replays.
    rules = th.Rules.standard()
    states, applied = _random_game(rules, 7, whole_deal_at)
    assert states[-1].history == tuple(applied)
    assert (DEAL in applied) == bool(whole_deal_at)
    for n, state in list(enumerate(states))[:: max(1, len(states) // 40)]:
        assert state.history == tuple(applied[:n])
        replayed = th.new_game(rules)
        for action in state.history:
            replayed = th.apply(replayed, action)
        assert replayed == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert th.State.from_dict(state.to_dict()) == state


def test_history_holds_actions_equal_to_those_applied_by_value() -> None:
    # Actions built by hand are recorded as the equal shared ones; a state reached with them
    # equals the one reached with the shared actions legal_actions returns.
    by_hand = th.apply(th.apply(th.new_game(), DEAL), th.Bid(100))
    dealt = th.apply(th.new_game(), DEAL)
    shared = th.apply(dealt, th.legal_actions(dealt)[0])
    assert by_hand == shared
    assert by_hand.history == (DEAL, th.Bid(100))
    assert [type(a) for a in by_hand.history] == [th.Deal, th.Bid]


def test_a_finished_deal_leaves_no_state_behind() -> None:
    # A state keeps the states of its deal before it (that is its history); when the deal
    # ends they are folded into one tuple of actions, so that a long game keeps no state per
    # move alive (a chain over the whole game cost ~8% of a random playout in collections).
    import gc

    rng = random.Random(3)
    state = th.new_game()
    for _ in range(30):  # into the auction, past the first collections of the import
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    gc.collect()
    before = len(gc.get_objects())
    deals = state.deal_number
    while state.deal_number < deals + 5 and not state.is_terminal:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    assert state.deal_number == deals + 5 and state.is_chance
    gc.collect()
    # Five deals' ends add five matches, their tuples of actions and a few other tuples.
    assert len(gc.get_objects()) - before < 100
    assert state._prev is None  # the first state of a deal holds no state before it
    chain = state._match.earlier
    while type(chain) is tuple:
        chain, actions = chain
        assert all(not isinstance(action, th.State) for action in actions)
    assert len(state.history) >= 250


def test_the_sheet_reads_the_same_during_the_game_and_at_its_end() -> None:
    # A deal's end links its row to the rows before it; reading the sheet makes them one
    # tuple, on which later deals link again. Read at every deal or once, it is the same.
    def game(read_each_deal: bool) -> tuple[th.State, list[tuple[th.DealRecord, ...]]]:
        rng = random.Random(5)
        state, seen = th.new_game(), []
        while not state.is_terminal:
            number = state.deal_number
            state = th.apply(state, rng.choice(th.legal_actions(state)))
            if read_each_deal and state.deal_number != number:
                seen.append(state.sheet)
        return state, seen

    read, seen = game(True)
    unread, _ = game(False)
    assert len(read.sheet) == len(seen) + 1 >= 3  # the last deal ends the game
    assert [len(sheet) for sheet in seen] == list(range(1, len(seen) + 1))
    assert all(sheet == read.sheet[: len(sheet)] for sheet in seen)
    assert unread.sheet == read.sheet and unread == read
    assert [record.deal_number for record in unread.sheet] == list(range(1, len(unread.sheet) + 1))
    assert pickle.loads(pickle.dumps(unread)) == read


@pytest.mark.parametrize("players", [3, 4])
def test_the_tricks_read_the_same_during_the_deal_and_on_the_sheet(players: Literal[3, 4]) -> None:
    # A state keeps its tricks flat (four entries a trick); every public view of them is the
    # nested (winner, cards) form, the same trick by trick as on the finished deal's record.
    rng = random.Random(11)
    state = th.new_game(th.Rules.standard(players=players))
    seen: list[tuple[int, tuple[tuple[int, th.Card], ...]]] = []
    while state.deal_number == 1:
        before = state
        state = th.apply(state, rng.choice(th.legal_actions(state)))
        if state.deal_number == 1 and state.tricks_played > before.tricks_played:
            winner, cards = state.last_trick or (None, ())
            assert state.tricks == (*before.tricks, (winner, cards))
            assert len(cards) == 3 and winner in {seat for seat, _ in cards}
            assert sum(c.points for _, c in cards) == sum(state.card_points) - sum(
                before.card_points
            )
            assert frozenset(c for _, c in cards) <= state.tricks_won[winner]
            seen.append((winner, cards))
    record = state.sheet[-1]
    assert len(record.tricks) == 8 and record.tricks[: len(seen)] == tuple(seen)
    assert len(seen) == 7  # the eighth trick ends the deal: the state after it is the next's
    # Each row's changes: its scores less the scores before it (which the row before holds).
    while state.deal_number < 4:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    starts = [(0,) * players] + [row.scores for row in state.sheet[:-1]]
    for start, row in zip(starts, state.sheet, strict=True):
        assert row.changes == tuple(b - a for a, b in zip(start, row.scores, strict=True))
