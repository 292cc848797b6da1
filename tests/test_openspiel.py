"""The OpenSpiel game ``python_thousand`` (``thousand.adapters.openspiel``): OpenSpiel's own
random simulation test, parameters, returns, observations, resampling and serialization; at a
table of three and at a table of four (``players=4``), where the sitter never moves."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import thousand as th
from thousand.cards import mask_of

from .extras import extra

pyspiel = extra("pyspiel")
adapter = extra("thousand.adapters.openspiel")
tensors = extra("thousand.tensors")

from thousand import encoding


def play(game: Any, seed: int, stop: int | None = None) -> Any:
    """A random legal path through ``game``, at most ``stop`` actions long."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("table", ["", ",players=4"], ids=["three", "four"])
@pytest.mark.parametrize("preset", ["classic", "standard"])
def test_openspiel_random_simulation_of_single_deals(preset: str, table: str) -> None:
    # at a table of three, and of four (R-FOUR-1)
    game = pyspiel.load_game(f"python_thousand(rules={preset},single_deal=true{table})")
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "params",
    [
        "max_deals=4",  # R-END-2: a whole game, ended by the deal cap after 4 deals at the latest
        "max_deals=5,players=4,dealer=3",  # R-FOUR-1: at a table of four
    ],
    ids=["three", "four"],
)
@pytest.mark.parametrize("preset", ["classic", "standard"])
def test_openspiel_random_simulation_of_whole_games(preset: str, params: str) -> None:
    game = pyspiel.load_game(f"python_thousand(rules={preset},{params})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("preset", ["classic", "standard"])
def test_openspiel_random_simulation_of_a_whole_game_to_its_end(preset: str) -> None:
    # R-END-1, R-END-2: no deal cap of the adapter's own; random play ends at 1000 or at the
    # rules' 200 deals.
    game = pyspiel.load_game(f"python_thousand(rules={preset})")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "table",
    [{"max_deals": 4}, {"max_deals": 6, "players": 4}],  # at three, and at four (R-FOUR-1)
    ids=["three", "four"],
)
def test_openspiel_random_simulation_with_agreements(table: dict[str, int]) -> None:
    game = pyspiel.load_game(
        "python_thousand",
        {
            "rules": "standard",
            "agreements": "hidden_round,hidden_allow_unhide,quiet_drop,golden_round,"
            "reshuffle_on_card_score=40,ace_marriage",
            **table,
        },
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# -- a table of four (R-FOUR-1) ----------------------------------------------------------------


def test_r_four_1_the_parameter_players_makes_a_table_of_four() -> None:
    game = pyspiel.load_game("python_thousand(players=4,dealer=3,rules=standard)")
    state = game.new_initial_state()
    assert state.state.rules == th.Rules.standard(players=4)
    assert state.state.dealer == 3 and state.state.sitter == 3
    assert game.num_players() == 4
    assert game.num_distinct_actions() == encoding.NUM_DISTINCT_ACTIONS_FOUR == 435
    assert game.max_chance_outcomes() == 24
    assert game.observation_tensor_shape() == [tensors.OBSERVATION_SHAPE_FOUR[0] + 1]
    assert game.information_state_tensor_shape() == [tensors.INFORMATION_STATE_SHAPE_FOUR[0] + 1]
    assert pyspiel.load_game(str(game)).num_players() == 4
    assert game.get_type().min_num_players == 3 and game.get_type().max_num_players == 4
    three = pyspiel.load_game("python_thousand(players=3)")
    assert three.num_players() == 3 and three.num_distinct_actions() == 411
    # the sitter's score (at most 2 x (3 aces + a marriage)) fits in the bounds
    aces = pyspiel.load_game("python_thousand(players=4,single_deal=true)")
    assert aces.max_utility() >= 2 * (3 * 40 + 100)


@given(st.integers(0, 2**32))
@settings(max_examples=10)
def test_r_four_1_the_sitter_never_moves_and_gets_its_deal_score(seed: int) -> None:
    game = pyspiel.load_game("python_thousand(rules=standard,single_deal=true,players=4)")
    rng = random.Random(seed)
    state = game.new_initial_state()
    sitter = state.state.sitter
    assert sitter == 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        assert state.current_player() in state.state.active_seats
        assert state.current_player() != sitter
        legal = state.legal_actions()
        assert legal and all(0 <= a < 435 for a in legal)
        state.apply_action(rng.choice(legal))
    record = state.state.sheet[0]
    assert record.sitter == sitter
    assert state.returns() == [float(c) for c in record.changes] and len(state.returns()) == 4
    # R-FOUR-3: the talon's card points, the last three cards of the last dealing
    dealt = [a.card for a in state.state.history if isinstance(a, th.DealCard)]
    talon = mask_of(dealt[-3:])
    assert state.returns()[sitter] == float(th.scoring.sitter_score(state.state.rules, talon))
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@given(st.integers(0, 2**32), st.integers(1, 80))
@settings(max_examples=10)
def test_r_four_8_observer_tensors_and_strings_at_four_are_the_libraries(
    seed: int, stop: int
) -> None:
    game = pyspiel.load_game("python_thousand(rules=standard,players=4,dealer=1)")
    state = play(game, seed, stop)
    for seat in range(4):
        check_observer_views(state, seat)
    assert str(state).count("\nseat ") == 4


@given(st.integers(0, 2**32), st.integers(1, 140), st.integers(0, 3))
@settings(max_examples=10)
def test_r_four_8_resampled_states_at_four_keep_the_information_state(
    seed: int, stop: int, seat: int
) -> None:
    resampled = resampled_game("rules=standard,max_deals=3,players=4", seed, stop, seat)
    if resampled is not None:
        state, other = resampled
        assert other.observation_tensor(seat) == state.observation_tensor(seat)


@given(st.integers(0, 2**32), st.integers(1, 300))
@settings(max_examples=5)
def test_r_four_1_serialization_at_four_round_trips(seed: int, stop: int) -> None:
    game = pyspiel.load_game("python_thousand(rules=standard,max_deals=3,players=4)")
    round_trip(game, play(game, seed, stop))


def test_r_four_1_an_id_of_four_is_refused_at_three() -> None:
    state = pyspiel.load_game("python_thousand(single_deal=true)").new_initial_state()
    for card in range(24):
        state.apply_action(card)
    with pytest.raises(ValueError, match="ids run from 0 to 410"):
        state.apply_action(411)


def test_parameters_choose_the_rules() -> None:
    game = pyspiel.load_game(
        "python_thousand(rules=standard,agreements=no_jumping+penalty_amount:150,dealer=2)"
    )
    state = game.new_initial_state()
    expected = th.Rules.standard().with_agreements(
        th.variants.no_jumping, th.variants.penalty_amount(150)
    )
    assert state.state.rules == expected
    assert state.state.dealer == 2
    assert game.num_players() == 3
    assert game.num_distinct_actions() == encoding.NUM_DISTINCT_ACTIONS
    assert game.max_chance_outcomes() == 24
    # the library's tensors and one entry more: the redeals made in the deal
    assert game.observation_tensor_shape() == [tensors.OBSERVATION_SHAPE[0] + 1]
    assert game.information_state_tensor_shape() == [tensors.INFORMATION_STATE_SHAPE[0] + 1]
    assert pyspiel.load_game("python_thousand").new_initial_state().state.rules == th.Rules()


def test_agreements_take_commas_in_a_parameter_dict() -> None:
    game = pyspiel.load_game("python_thousand", {"agreements": "no_jumping,penalty_amount=150"})
    assert game.new_initial_state().state.rules.scoring.penalty == 150
    # the game string carries them in a form that loads back
    assert "agreements=no_jumping+penalty_amount:150" in str(game)
    assert pyspiel.load_game(str(game)).new_initial_state().state.rules.bidding.jumps is False
    assert adapter.parse_agreements("") == ()


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"rules": "modern"}, "rules must be 'classic' or 'standard'"),
        ({"agreements": "no_such_thing"}, "unknown agreement 'no_such_thing'"),
        ({"agreements": "penalty_amount=lots"}, "the value 'lots' is not a whole number"),
        ({"max_deals": -1}, "max_deals must be 0"),
    ],
)
def test_bad_parameters_are_named(params: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        adapter.rules_of(params)


def test_the_chance_nodes_deal_card_by_card() -> None:
    state = pyspiel.load_game("python_thousand").new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(24))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(th.Card.parse("AH").index)
    assert len(state.chance_outcomes()) == 23
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal 9S"
    assert state.state.hands[1] == frozenset(th.cards("AH"))  # R-DEAL-1: left of dealer 0


@given(st.integers(0, 2**32))
@settings(max_examples=10)
def test_a_single_deal_returns_its_score_changes(seed: int) -> None:
    game = pyspiel.load_game("python_thousand(rules=standard,single_deal=true)")
    state = play(game, seed)
    assert state.is_terminal()
    record = state.state.sheet[0]
    assert state.returns() == [float(c) for c in record.changes]
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@given(st.integers(0, 2**32))
@settings(max_examples=5)
def test_a_whole_game_returns_the_final_scores(seed: int) -> None:
    game = pyspiel.load_game("python_thousand(max_deals=3)")
    state = play(game, seed)
    assert state.state.is_terminal and len(state.state.sheet) <= 3
    assert state.returns() == [float(s) for s in state.state.scores]
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    assert len(state.history()) <= game.max_game_length()


def test_the_utility_bounds_hold_the_worst_and_best_deals() -> None:
    game = pyspiel.load_game("python_thousand(single_deal=true)")
    # a hidden or golden contract at the top bid, doubled (A12), is within the bounds
    assert game.min_utility() <= -2 * 600 and game.max_utility() >= 2 * 600
    whole = pyspiel.load_game("python_thousand")
    assert whole.max_utility() >= 1000 and whole.min_utility() <= -200 * 1200


def test_redeals_stop_at_the_cap() -> None:
    # every hand of fewer than 120 card points may call a redeal (A7): nearly every hand
    game = pyspiel.load_game(
        "python_thousand", {"agreements": "reshuffle_on_card_score=120", "max_redeals": 2}
    )
    redeal = encoding.action_id(th.Redeal())
    state = game.new_initial_state()
    rng = random.Random(3)
    called = 0
    while len(state.state.sheet) == 0:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        if redeal in legal:
            called += 1
            state.apply_action(redeal)
        else:
            state.apply_action(rng.choice(legal))
    assert called == 2


@given(st.integers(0, 2**32), st.integers(1, 80))
@settings(max_examples=15)
def test_observer_tensors_and_strings_are_the_libraries(seed: int, stop: int) -> None:
    game = pyspiel.load_game("python_thousand(rules=standard)")
    state = play(game, seed, stop)
    for seat in range(3):
        check_observer_views(state, seat)
        head = f"seat {seat}, deal {state.state.deal_number} (dealer {state.state.dealer})"
        assert state.information_state_string(seat).startswith(head)


def check_observer_views(state: Any, seat: int) -> None:
    """The seat's tensors are the library's with the redeals made as one entry more, and its
    observation string the library's with the redeals."""
    observed = th.observe(state.state, seat)
    info = th.information_state(state.state, seat)
    assert state.observation_tensor(seat) == [*tensors.observation_tensor(observed), 0.0]
    assert state.information_state_tensor(seat) == [
        *tensors.information_state_tensor(info),
        0.0,
    ]
    assert state.observation_string(seat) == f"{observed}\nredeals: 0 of 5"


@given(st.integers(0, 2**32), st.integers(1, 140), st.integers(0, 2))
@settings(max_examples=15)
def test_resampled_states_keep_the_information_state(seed: int, stop: int, seat: int) -> None:
    resampled = resampled_game("rules=standard,max_deals=3", seed, stop, seat)
    if resampled is not None:
        state, other = resampled
        assert other.observation_string(seat) == state.observation_string(seat)
        if state.current_player() == seat:
            assert other.legal_actions() == state.legal_actions()


def resampled_game(params: str, seed: int, stop: int, seat: int) -> tuple[Any, Any] | None:
    """A random path of the game of ``params`` (see :func:`play`) and a state resampled from
    the seat's information state at its end, None if the game ended: the same information
    state string and tensor, the same player to move, and the earlier deals kept as they
    were."""
    state = play(pyspiel.load_game(f"python_thousand({params})"), seed, stop)
    if state.is_terminal():
        return None
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(seat, sampler)
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert other.current_player() == state.current_player()
    assert other.state.sheet == state.state.sheet
    return state, other


@given(st.integers(0, 2**32), st.integers(1, 300))
@settings(max_examples=10)
def test_serialization_round_trips(seed: int, stop: int) -> None:
    game = pyspiel.load_game("python_thousand(rules=standard,max_deals=3)")
    state = play(game, seed, stop)
    again = round_trip(game, state)
    assert str(again) == str(state)


def round_trip(game: Any, state: Any) -> Any:
    """``state`` serialized and read back, alone and with its game: the same history and
    state; the state read back."""
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.state == state.state
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    return again


def test_the_redeals_made_are_part_of_what_a_seat_knows() -> None:
    """A9 with the adapter's cap: after the one redeal allowed, ``Redeal`` is no longer offered,
    so a seat's information state and observation must tell the redealt deal from a first
    dealing of the same cards."""
    game = pyspiel.load_game(
        "python_thousand(agreements=reshuffle_on_card_score:120,max_redeals=1,single_deal=true)"
    )
    redeal = encoding.action_id(th.Redeal())
    first, again = game.new_initial_state(), game.new_initial_state()
    for card in range(24):
        first.apply_action(card)
        again.apply_action(card)
    assert redeal in again.legal_actions()
    again.apply_action(redeal)
    for card in range(24):
        again.apply_action(card)
    seat = again.current_player()
    assert seat == first.current_player()
    assert redeal in first.legal_actions() and redeal not in again.legal_actions()
    assert again.information_state_string(seat) != first.information_state_string(seat)
    assert again.information_state_string(seat).endswith("redeals: 1 of 1")
    assert again.information_state_tensor(seat)[-1] == 1.0
    assert first.information_state_tensor(seat)[-1] == 0.0
    assert again.observation_tensor(seat)[:-1] == first.observation_tensor(seat)[:-1]
    assert again.observation_string(seat) != first.observation_string(seat)


def test_clones_are_independent() -> None:
    game = pyspiel.load_game("python_thousand")
    state = play(game, 1, 30)
    clone = state.clone()
    before = clone.history()
    state.apply_action(state.legal_actions()[0])
    assert clone.history() == before and clone.state != state.state
    assert clone.legal_actions() == game.deserialize_state(clone.serialize()).legal_actions()


def _views(state: Any) -> list[Any]:
    """Everything a program can read off a state: each seat's strings and tensors, the legal
    actions, the history and the serialized form."""
    seats = [
        (
            state.observation_string(seat),
            state.observation_tensor(seat),
            state.information_state_string(seat),
            state.information_state_tensor(seat),
        )
        for seat in range(3)
    ]
    return [seats, state.legal_actions(), state.history(), state.serialize(), str(state)]


def test_a_redeal_the_engine_refuses_changes_nothing() -> None:
    """A7: no agreement allows a redeal in the auction, so the opener's redeal is refused; the
    one redeal the game allows is still there for the talon."""
    game = pyspiel.load_game(
        "python_thousand(agreements=reshuffle_on_talon_score:120,max_redeals=1,single_deal=true)"
    )
    redeal = encoding.action_id(th.Redeal())
    state = game.new_initial_state()
    for card in range(24):
        state.apply_action(card)
    before = _views(state)
    with pytest.raises(th.IllegalActionError, match="no agreement in force allows a redeal"):
        state.apply_action(redeal)
    assert _views(state) == before
    for text in ("bid 100", "pass", "pass"):
        state.apply_action(encoding.action_id(th.parse_action(text)))
    assert redeal in state.legal_actions()
    state.apply_action(redeal)
    assert state.observation_string(0).endswith("redeals: 1 of 1")


def test_a_redeal_past_the_cap_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game(
        "python_thousand(agreements=reshuffle_on_card_score:120,max_redeals=1,single_deal=true)"
    )
    redeal = encoding.action_id(th.Redeal())
    state = game.new_initial_state()
    for _ in range(2):
        for card in range(24):
            state.apply_action(card)
        if redeal in state.legal_actions():
            state.apply_action(redeal)
    before = _views(state)
    with pytest.raises(th.IllegalActionError, match="no more than 1 redeals in a deal"):
        state.apply_action(redeal)
    assert _views(state) == before


def test_the_legal_line_of_the_observation_string_leaves_out_redeals_past_the_cap() -> None:
    game = pyspiel.load_game(
        "python_thousand(agreements=reshuffle_on_card_score:120,max_redeals=1,single_deal=true)"
    )
    redeal = encoding.action_id(th.Redeal())
    state = game.new_initial_state()
    for card in range(24):
        state.apply_action(card)
    assert "redeal" in state.observation_string(state.current_player())
    state.apply_action(redeal)
    for card in range(24):
        state.apply_action(card)
    seat = state.current_player()
    assert th.Redeal() in th.legal_actions(state.state)  # the engine would allow another
    legal = [encoding.action_from_id(a) for a in state.legal_actions()]
    engine_order = [a for a in th.legal_actions(state.state) if a in legal]
    line = "  legal: " + ", ".join(map(str, engine_order))
    assert line in state.observation_string(seat).splitlines()
    assert [s for s in str(state).splitlines() if s.startswith("  legal: ")] == [line]


# -- parameters given as Python values ---------------------------------------------------------

HUGE = 10**5000  # str() refuses it (sys.get_int_max_str_digits)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "١٥٠",
            "agreement 'penalty_amount': the value '١٥٠' is not a whole number in ASCII digits",
        ),
        (
            "1_50",
            "agreement 'penalty_amount': the value '1_50' is not a whole number in ASCII digits",
        ),
        (
            "9" * 5000,
            "agreement 'penalty_amount': the value '99999999999999999...999999999999999999' "
            "is too large",
        ),
    ],
    ids=["arabic-indic", "underscore", "huge"],
)
def test_agreements_take_values_as_the_command_line_does(value: str, message: str) -> None:
    with pytest.raises(th.RulesError) as caught:
        adapter.parse_agreements(f"no_jumping+penalty_amount:{value}")
    assert str(caught.value) == message
    with pytest.raises(th.RulesError):
        th.variants.parse_agreement(f"penalty_amount={value}")
    with pytest.raises(th.RulesError) as again:
        adapter.ThousandGame({"agreements": f"penalty_amount={value}"})
    assert str(again.value) == message


def test_agreements_read_like_the_command_line() -> None:
    assert adapter.parse_agreements("penalty-amount:150;no_jumping, ") == (
        th.variants.parse_agreement("penalty-amount=150"),
        th.variants.no_jumping,
    )


def test_an_agreement_value_without_its_key_is_refused() -> None:
    with pytest.raises(th.RulesError) as caught:
        adapter.parse_agreements("no_jumping+:150")
    assert str(caught.value) == "unknown agreement ''"


def test_agreements_must_be_text() -> None:
    with pytest.raises(ValueError) as caught:
        adapter.parse_agreements(150)
    assert str(caught.value) == (
        "agreements must be text such as 'no_jumping+penalty_amount:150', not 150"
    )


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"dealer": 1.5}, "dealer must be a seat 0, 1 or 2 (a Python int), not 1.5 of type float"),
        ({"dealer": True}, "dealer must be a seat 0, 1 or 2 (a Python int), not True of type bool"),
        ({"dealer": "1"}, "dealer must be a seat 0, 1 or 2 (a Python int), not '1' of type str"),
        ({"dealer": 3}, "dealer must be a seat 0, 1 or 2, not 3"),
        (
            {"max_redeals": 2.5},
            "max_redeals must be a whole number from 0 to 1000000 (a Python int), "
            "not 2.5 of type float",
        ),
        ({"max_redeals": -1}, "max_redeals must be a whole number from 0 to 1000000, not -1"),
        (
            {"max_deals": True},
            "max_deals must be 0 (the rules' own cap) or a number of deals up to 1000000 "
            "(a Python int), not True of type bool",
        ),
        (
            {"max_deals": -1},
            "max_deals must be 0 (the rules' own cap) or a number of deals up to 1000000, not -1",
        ),
        (
            {"players": 4, "dealer": 4},
            "dealer must be a seat 0, 1, 2 or 3 at a table of four, not 4",
        ),
        ({"players": 5}, "players must be 3 or 4, not 5"),
        ({"players": True}, "players must be 3 or 4 (a Python int), not True of type bool"),
        ({"players": "4"}, "players must be 3 or 4 (a Python int), not '4' of type str"),
        ({"single_deal": 1}, "single_deal must be True or False, not 1 of type int"),
        ({"single_deal": "yes"}, "single_deal must be True or False, not 'yes' of type str"),
        ({"rules": 5}, "rules must be 'classic' or 'standard', not 5"),
        (
            {"agreements": 5},
            "agreements must be text such as 'no_jumping+penalty_amount:150', not 5",
        ),
        (
            {"dealr": 1},
            "unknown parameter 'dealr' (the parameters are rules, agreements, single_deal, "
            "dealer, max_deals, max_redeals, players)",
        ),
    ],
    ids=lambda value: str(value)[:40],
)
def test_a_game_made_directly_checks_its_parameters(params: dict[str, Any], message: str) -> None:
    # load_game checks the types against the specification; a game made directly must too
    with pytest.raises(ValueError) as caught:
        adapter.ThousandGame(params)
    assert str(caught.value) == message


def test_the_rules_and_game_info_of_parameters_check_them() -> None:
    with pytest.raises(ValueError, match=r"^max_deals must be 0 .* not 1\.5 of type float$"):
        adapter.rules_of({"max_deals": 1.5})
    with pytest.raises(ValueError, match=r"^max_redeals must be .* not 1\.5 of type float$"):
        adapter.game_info({"max_redeals": 1.5})


def test_a_numpy_dealer_is_refused() -> None:
    np = extra("numpy")
    with pytest.raises(ValueError) as caught:
        adapter.ThousandGame({"dealer": np.int64(1)})
    assert str(caught.value).startswith("dealer must be a seat 0, 1 or 2 (a Python int), not ")
    assert str(caught.value).endswith(" of type int64")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"rules": HUGE}, "rules must be 'classic' or 'standard', not <int of 5001 digits>"),
        (
            {"rules": "x" * 5000},
            "rules must be 'classic' or 'standard', not 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'",
        ),
        ({"dealer": -HUGE}, "dealer must be a seat 0, 1 or 2, not <negative int of 5001 digits>"),
        (
            {"max_redeals": -HUGE},
            "max_redeals must be a whole number from 0 to 1000000, "
            "not <negative int of 5001 digits>",
        ),
        (
            {"max_deals": HUGE},
            "max_deals must be 0 (the rules' own cap) or a number of deals up to 1000000, "
            "not <int of 5001 digits>",
        ),
    ],
    ids=["rules", "long-rules", "dealer", "max_redeals", "max_deals"],
)
def test_huge_parameters_are_named_shortly(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        adapter.ThousandGame(params)
    assert str(caught.value) == message


def test_a_game_longer_than_openspiel_takes_is_refused() -> None:
    with pytest.raises(ValueError) as caught:
        adapter.ThousandGame({"max_deals": 1_000_000, "max_redeals": 100})
    assert str(caught.value) == (
        "1000000 deals of up to 101 dealings each may last 15958000000 actions, more than "
        "OpenSpiel's limit of 2147483647: lower max_deals or max_redeals"
    )
    # the longest game that fits is still made
    assert pyspiel.load_game("python_thousand(max_deals=1000000)").max_game_length() == 948000000


def test_observer_parameters_are_named_shortly() -> None:
    game = pyspiel.load_game("python_thousand")
    with pytest.raises(ValueError) as caught:
        game.make_py_observer(None, {"x": HUGE})
    assert str(caught.value) == (
        "observation parameters are not supported: {'x': <int of 5001 digits>}"
    )
