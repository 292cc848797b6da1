"""Starts that play can reach, and only those: ``new_game``, ``State.from_dict``, the records'
``start:`` line and ``sample_state`` refuse what no game can have, with the field and the
reason, and accept every state that play reaches.

A start's score sheet is played again deal by deal (``thousand.starts``): the tests forge one
field of a real start at a time and check the refusal names it.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import thousand as th
from thousand import records
from thousand.observation import Acted, Dealt, TalonTaken

from .agreement_deals import DUO, LOSE_S, SWEEP_S, auction_deal, golden_deal, standard

V = th.variants
GOLDEN = standard(V.golden_round)


def sampled_dict(state: th.State, seat: int = 0) -> dict[str, Any]:
    """The dict of a state drawn for ``seat``: its start holds the sheet of the earlier deals."""
    data = th.sample_state(th.information_state(state, seat), random.Random(seat)).to_dict()
    assert th.State.from_dict(json.loads(json.dumps(data))).to_dict() == data
    return data


def refused(data: dict[str, Any], reason: str) -> None:
    with pytest.raises(th.ThousandError, match=re.escape(reason)):
        th.State.from_dict(data)


def golden_rounds(*scripts: Any) -> th.State:
    state = th.new_game(GOLDEN)
    for script in scripts:
        state = golden_deal(state, script)
    return state


# -- the golden round (A10, A11) ---------------------------------------------------------------


def test_a11_a_start_at_deal_1_of_a_golden_game_is_its_first_golden_deal() -> None:
    data = th.new_game(GOLDEN).to_dict()
    assert (data["start"]["golden"], data["start"]["golden_made"]) == (0, False)
    data["start"]["golden"] = None
    refused(data, "state 'start'['golden'] must be 0: a game starts so, not null")
    data["start"]["golden"] = 2
    refused(data, "state 'start'['golden'] must be 0: a game starts so, not 2")
    data["start"]["golden"] = 0
    data["start"]["golden_made"] = True
    refused(data, "state 'start'['golden_made'] must be false: a game starts so, not true")


def test_a11_the_place_in_the_golden_round_follows_from_the_sheet() -> None:
    # Deals 1-3 golden (the first made), deals 4-6 ordinary: no golden deal at deal 6.
    state = golden_rounds(SWEEP_S, LOSE_S, LOSE_S)
    for _ in range(2):
        state = auction_deal(state, SWEEP_S, 100)
    assert (state.deal_number, state.is_golden_deal) == (6, False)
    data = sampled_dict(state)
    data["start"]["golden"] = 2
    refused(data, "state 'start'['golden'] must be null: it follows from the sheet, not 2")
    data = sampled_dict(state)
    data["start"]["sheet"][3]["golden"] = True
    refused(data, "['sheet'][3]['golden'] must be False, not True: it does not follow")
    # In deal 3 of the round: an earlier deal was made.
    data = sampled_dict(golden_rounds(SWEEP_S, LOSE_S))
    assert (data["start"]["golden"], data["start"]["golden_made"]) == (2, True)
    data["start"]["golden_made"] = False
    refused(data, "state 'start'['golden_made'] must be true: it follows from the sheet")
    # An older start without the key reads as "not made".
    del data["start"]["golden_made"]
    refused(data, "state 'start'['golden_made'] must be true")


def test_a11_a_golden_row_is_declared_by_the_opener_at_120() -> None:
    data = sampled_dict(golden_rounds(LOSE_S))
    data["start"]["sheet"][0]["declarer"] = 2
    refused(data, "['sheet'][0]: a golden deal is declared by the dealer's left neighbour, seat 1")


# -- score-sheet rows --------------------------------------------------------------------------


def ordinary_game() -> th.State:
    """Deal 1: DUO at 120 (seat 1 declares with the ♥ marriage), then deal 2 at its start."""
    return auction_deal(th.new_game(th.Rules.standard()), DUO, 120)


def test_a_row_with_a_card_played_twice_is_refused() -> None:
    data = sampled_dict(ordinary_game())
    for play in data["start"]["sheet"][0]["tricks"][0][1]:
        play[1] = "AS"
    refused(data, "['sheet'][0]['tricks'][0][1][1]: AS is played twice")


def test_a_row_whose_card_points_do_not_follow_from_its_tricks_is_refused() -> None:
    data = sampled_dict(ordinary_game())
    row = data["start"]["sheet"][0]
    good = list(row["card_points"])
    row["card_points"] = [-5, good[1], good[2] + 5]
    refused(data, f"['sheet'][0]['card_points'] must be {tuple(good)}, not (-5,")


def test_a_row_with_three_heart_marriages_is_refused() -> None:
    data = sampled_dict(ordinary_game())
    row = data["start"]["sheet"][0]
    assert row["marriages"] == [[1, "H"], [2, "D"], [2, "C"]]
    row["marriages"] = [[1, "H"], [1, "H"], [1, "H"], [2, "D"], [2, "C"]]
    refused(data, "['sheet'][0]['marriages'][1]: the ♥ marriage is declared twice")
    row["marriages"] = [[1, "H"], [2, "D"]]
    refused(data, "['sheet'][0]['tricks'][4][1][0]: leading KC declares its marriage")


def test_a_row_whose_result_does_not_follow_from_the_deal_is_refused() -> None:
    data = sampled_dict(ordinary_game())
    row = data["start"]["sheet"][0]
    row["made"] = False
    refused(data, "['sheet'][0]['made'] must be True, not False: it does not follow from the deal")
    # The same forgery carried through the changes and the start's scores.
    data = sampled_dict(ordinary_game())
    row = data["start"]["sheet"][0]
    row["changes"][1] = row["scores"][1] = data["start"]["scores"][1] = 125
    refused(data, "['sheet'][0]['changes'] must be (0, 120, 225), not (0, 125, 225)")


def test_a_row_out_of_turn_or_distributed_against_the_rules_is_refused() -> None:
    data = sampled_dict(ordinary_game())
    trick = data["start"]["sheet"][0]["tricks"][1][1]
    trick[1], trick[2] = trick[2], trick[1]
    refused(data, "['sheet'][0]['tricks'][1][1][1]: seat")
    # Classic rules have no distribution (R-DIST-1): a row without tricks cannot be.
    state = auction_deal(th.new_game(th.Rules.classic()), DUO, 120)
    data = sampled_dict(state)
    row = data["start"]["sheet"][0]
    row["tricks"], row["contract"] = [], row["bid"]
    refused(data, "a deal without tricks is distributed, but distribution is not in the rules")


# -- the barrel (R-BARREL-1, A16) -------------------------------------------------------------


def test_a16_no_game_starts_with_two_seats_on_the_barrel_under_several_players() -> None:
    rules = standard(V.several_players_on_barrel)
    with pytest.raises(ValueError, match="seat 0's score and seat 2's score are both on the"):
        th.new_game(rules, scores=(880, 0, 880))
    assert th.new_game(th.Rules.standard(), scores=(880, 0, 880)).barrel == (0, None, 0)
    data = th.new_game(rules, scores=(880, 0, 0)).to_dict()
    data["start"]["scores"][2] = 880
    data["start"]["barrel"][2] = 0
    refused(data, "['barrel'][0] and state 'start'['barrel'][2] are both on the barrel")


def test_r_barrel_1_a_penalty_must_take_a_seat_out_of_the_barrel_band() -> None:
    # With a penalty of 0 a seat coming off the barrel would stay at the threshold, where
    # R-BARREL-1 puts it on the barrel: the value is refused.
    with pytest.raises(
        th.RulesError, match=re.escape("ScoringRules.penalty must be at least 5, not 0")
    ):
        th.Rules.standard().with_agreements(V.penalty_amount(0))
    assert th.Rules.standard().with_agreements(V.penalty_amount(5)).scoring.penalty == 5


def test_r_barrel_4_a_seat_off_the_barrel_with_a_small_penalty_round_trips() -> None:
    """Play until a seat comes off the barrel with a penalty of 5 (880 -> 875), then draw the
    next deal's start: its dict and record load back."""
    rules = th.Rules.standard().with_agreements(V.penalty_amount(5))
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = th.new_game(rules, scores=(880, 0, 0))
        while not state.is_terminal and checked < 3:
            fell = state.sheet and any(
                e.kind is th.EventKind.BARREL_PENALTY for e in state.sheet[-1].events
            )
            if fell and state.is_chance:
                assert 875 in state.scores
                sampled = th.sample_state(th.information_state(state, 1), rng)
                assert th.State.from_dict(json.loads(json.dumps(sampled.to_dict()))) == sampled
                assert records.load(records.dump(sampled)) == sampled
                checked += 1
                break
            state = th.apply(state, rng.choice(th.legal_actions(state)))
    assert checked == 3


# -- sample_state ------------------------------------------------------------------------------


def mid_deal() -> th.State:
    state = th.apply(th.new_game(th.Rules.standard()), DUO.deal(0))
    return state


def forged(info: th.InfoState, sights: list[Any]) -> th.InfoState:
    import attrs

    return attrs.evolve(info, sights=tuple(sights))


def test_sample_state_refuses_sights_that_cannot_be_a_seats() -> None:
    state = th.apply(mid_deal(), th.Bid(100))
    info = th.information_state(state, 0)
    sights = list(info.sights)
    rng = random.Random(1)
    doubled = forged(info, [*sights[:24], *sights[:24], *sights[24:]])
    with pytest.raises(ValueError, match="sight 24: a card is dealt after the deal's 24 cards"):
        th.sample_state(doubled, rng)
    # Dealer 0 deals to seats 1, 2, 0, 1, ...: seat 0's first card is the deal's third.
    card = th.information_state(state, 0).sights[2]
    assert isinstance(card, Dealt) and card.card is not None
    wrong = [*sights]
    wrong[1], wrong[2] = Dealt(0, card.card), Dealt(0, None)
    with pytest.raises(ValueError, match="sight 1: card 2 of the deal goes elsewhere"):
        th.sample_state(forged(info, wrong), rng)
    twice = [*sights]
    twice[5] = Dealt(0, card.card)
    with pytest.raises(ValueError, match=f"sight 5: {card.card} is dealt twice"):
        th.sample_state(forged(info, twice), rng)
    seen_elsewhere = [*sights]
    seen_elsewhere[1] = Dealt(2, card.card)
    with pytest.raises(ValueError, match="sight 1: seat 0 cannot see that card"):
        th.sample_state(forged(info, seen_elsewhere), rng)
    early = [*sights[:3], Acted(1, th.Bid(100)), *sights[3:]]
    with pytest.raises(ValueError, match="sight 3: nothing happens before the 24 cards"):
        th.sample_state(forged(info, early), rng)


def test_sample_state_never_returns_a_state_that_does_not_match() -> None:
    state = th.apply(mid_deal(), th.Bid(100))
    info = th.information_state(state, 0)
    rng = random.Random(2)
    # The bid made by the wrong seat: every world refuses it at once.
    sights = [*info.sights[:-1], Acted(2, th.Bid(100))]
    with pytest.raises(ValueError, match="seat 2 acts \\(bid 100\\) where seat 1 is to move"):
        th.sample_state(forged(info, sights), rng)
    # A talon of cards the seat was dealt itself: no world shows it.
    talon = th.apply(th.apply(state, th.Pass()), th.Pass())
    info = th.information_state(talon, 1)
    own = [s.card for s in info.sights if isinstance(s, Dealt) and s.card is not None]
    wrong = [
        TalonTaken(1, frozenset(sorted(own)[:3])) if isinstance(s, TalonTaken) else s
        for s in info.sights
    ]
    with pytest.raises(ValueError, match="no state is consistent"):
        th.sample_state(forged(info, wrong), rng)


def test_sample_state_refuses_a_finished_games_information_state() -> None:
    rng = random.Random(3)
    state = th.new_game()
    while not state.is_terminal:
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    with pytest.raises(ValueError, match="the game is over: there is no deal to sample"):
        th.sample_state(th.information_state(state, 1), rng)


def test_sample_state_refuses_a_hand_built_information_state_with_odd_facts() -> None:
    import attrs

    info = th.information_state(th.apply(mid_deal(), th.Bid(100)), 0)
    rng = random.Random(4)
    odd: list[tuple[dict[str, Any], str]] = [
        ({"deal_number": "1"}, "deal_number must be a whole number from 1 to 200, not '1'"),
        ({"deal_number": 10**5000}, "not <int of 5001 digits>"),
        ({"scores": (10**5000, 0, 0)}, "scores must be three whole numbers"),
        ({"bolts": (0, 0)}, "bolts must be three whole numbers"),
        ({"golden": 3}, "the information state's place in the golden round is not one"),
    ]
    for change, reason in odd:
        with pytest.raises(ValueError, match=re.escape(reason)):
            th.sample_state(attrs.evolve(info, **change), rng)
