"""The reasons of :class:`thousand.IllegalActionError`: every action type refused in every phase
says why in true words, the phase it is and what has already happened, with the ruling behind it
where there is one.

The states are built from scenario.py's MAIN deal (dealer 0): seat 0 AD TD KD QD AH TH JH,
seat 1 AS TS KS QS KH QH 9C, seat 2 AC TC KC JS 9S JD 9D, talon QC JC 9H. The opener is seat 1;
in the auction "bid 100; pass; bid 105; bid 110; pass" it wins at 110, takes the talon and gives
9C to seat 2 and 9H to seat 0. The expected texts are written out here, never read from the
engine.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from functools import cache

import attrs
import pytest

import thousand as th
from thousand import variants as V

from .scenario import MAIN, MAIN_PLAY, run, sweep, tricks

CLASSIC = th.Rules.classic()
STANDARD = th.Rules.standard()
#: Every action type has a phase of its own under these rules: the hidden game with its
#: unhiding (A15), distribution (R-DIST-1) and the four-nines redeal in the play (A7).
FULL = STANDARD.with_agreements(V.hidden_round, V.hidden_allow_unhide, V.four_nines_on_hands)
GOLDEN = FULL.with_agreements(V.golden_round)

AUCTION = "bid 100; pass; bid 105; bid 110; pass"
GIVES = "give 9C 2; give 9H 0"


def dealt(
    rules: th.Rules, actions: str = "", *, scores: tuple[int, int, int] = (0, 0, 0)
) -> th.State:
    """The MAIN deal dealt under ``rules``, then ``actions``."""
    state = th.apply(th.new_game(rules, scores=scores), MAIN)
    return run(state, actions)


def _over(scores: tuple[int, int, int], max_deals: int = 200) -> th.State:
    rules = attrs.evolve(CLASSIC, scoring=attrs.evolve(CLASSIC.scoring, max_deals=max_deals))
    return sweep(th.new_game(rules, scores=scores), contract=120)


#: The representative states: each phase, and the golden and hidden ways into the giving.
BUILDERS: dict[str, Callable[[], th.State]] = {
    "dealing": lambda: th.new_game(FULL),
    "dealing, one card": lambda: th.apply(th.new_game(FULL), th.DealCard(th.Card.parse("9S"))),
    "dealing, deal 2": lambda: run(
        dealt(FULL, f"look; {AUCTION}; {GIVES}; contract 110"), tricks(MAIN_PLAY)
    ),
    "dealing again": lambda: dealt(
        FULL.with_agreements(V.reshuffle_on_card_score(120)), "look; redeal"
    ),
    "hidden game choice": lambda: dealt(FULL),
    "unhide": lambda: dealt(FULL, "hidden"),
    "auction, opening": lambda: dealt(FULL, "look"),
    "auction, later": lambda: dealt(FULL, "look; bid 100; pass"),
    "giving": lambda: dealt(FULL, f"look; {AUCTION}"),
    "giving, one card": lambda: dealt(FULL, f"look; {AUCTION}; give 9C 2"),
    "giving, golden": lambda: dealt(GOLDEN),
    "giving, hidden": lambda: dealt(FULL, "hidden; pass; pass"),
    "contract": lambda: dealt(FULL, f"look; {AUCTION}; {GIVES}"),
    "play": lambda: dealt(FULL, f"look; {AUCTION}; {GIVES}; contract 110"),
    "play, following": lambda: dealt(FULL, f"look; {AUCTION}; {GIVES}; contract 110; play AS"),
    "finished game": lambda: _over((0, 880, 0)),
    "drawn game": lambda: _over((120, 0, 0), max_deals=1),
}


@cache
def state_of(name: str) -> th.State:
    return BUILDERS[name]()


#: Where the deal stands, as each state's refusals say it.
NOW = {
    "dealing": "no card of deal 1 is dealt yet",
    "dealing, one card": "the cards of deal 1 are being dealt: 1 of 24 so far",
    "dealing, deal 2": "no card of deal 2 is dealt yet",
    "dealing again": "a redeal was called: deal 1 is dealt again, no card yet",
    "hidden game choice": "the opener (seat 1) first chooses a hidden game or looks at its cards "
    "(A15)",
    "unhide": "seat 1 declared a hidden game: seat 2 may unhide it or pass (A15)",
    "auction, opening": "the auction is on and seat 1 opens it",
    "auction, later": "the auction is on: high bid 100 by seat 1, seat 0 to call",
    "giving": "the auction is over: seat 1 took the talon at 110 and has given no card yet",
    "giving, one card": "the auction is over: seat 1 took the talon at 110 and has given one "
    "card, to seat 2",
    "giving, golden": "seat 1 took the talon at 120 in a golden deal, with no auction (A10), and "
    "has given no card yet",
    "giving, hidden": "seat 1 took the talon for its hidden game at 120 (A15) and has given no "
    "card yet",
    "contract": "seat 1 has given both cards and fixes the contract",
    "play": "both cards are given and the contract is already fixed at 110: the play is on "
    "(trick 1 of 8)",
    "play, following": "both cards are given and the contract is already fixed at 110: the play "
    "is on (trick 1 of 8)",
}

#: When each action is made: the second half of a refusal out of its phase.
WHEN = {
    "deal 9S": "cards are dealt only at a chance node",
    "whole deal": "a whole deal is legal only at the first chance node of a deal",
    "bid 100": "this call is made only in the auction",
    "pass": "this call is made only in the auction or unhide",
    "give 9C 2": "cards are given after taking the talon, before the contract is fixed",
    "contract 120": "the contract is fixed once, after both cards are given and before the play",
    "play AS": "cards are played only in the play, once the contract is fixed",
    "distribute": "the declarer may distribute only after taking the talon, before giving cards",
    "redeal": "a redeal is called in the auction, at the first give or at the first play (A7)",
    "unhide 125": "this call is made only in the unhide",
    "hidden": "this call is made only in the hidden game choice",
    "look": "this call is made only in the hidden game choice",
}

HIDDEN_ALREADY = "this call is made only in the hidden game choice, and the opener (seat 1) has "
LOOKED = HIDDEN_ALREADY + "already looked at its cards"
DECLARED = HIDDEN_ALREADY + "already declared a hidden game"

#: The refusals that are not "when; now": the action's own phase and the phases where a rule
#: says more. None: the action is legal there.
SPECIAL: dict[tuple[str, str], str | None] = {
    ("dealing", "deal 9S"): None,
    ("dealing", "whole deal"): None,
    ("dealing, one card", "deal 9S"): "9S has already been dealt",
    ("dealing, deal 2", "deal 9S"): None,
    ("dealing, deal 2", "whole deal"): None,
    ("dealing again", "deal 9S"): None,
    ("dealing again", "whole deal"): None,
    ("hidden game choice", "hidden"): None,
    ("hidden game choice", "look"): None,
    ("unhide", "pass"): None,
    ("unhide", "unhide 125"): "seat 2 holds no marriage: it may only pass (A15)",
    ("unhide", "redeal"): "no agreement in force allows a redeal in the auction (A7)",
    ("unhide", "hidden"): DECLARED,
    ("unhide", "look"): DECLARED,
    ("auction, opening", "bid 100"): None,
    ("auction, opening", "pass"): "the opener must open with a bid of at least 100 (R-BID-1)",
    ("auction, opening", "redeal"): "no agreement in force allows a redeal in the auction (A7)",
    ("auction, opening", "hidden"): LOOKED,
    ("auction, opening", "look"): LOOKED,
    ("auction, later", "bid 100"): "bid 100 does not beat the high bid 100 (R-BID-2)",
    ("auction, later", "pass"): None,
    ("auction, later", "redeal"): "no agreement in force allows a redeal in the auction (A7)",
    ("auction, later", "hidden"): LOOKED,
    ("auction, later", "look"): LOOKED,
    ("giving", "give 9C 2"): None,
    ("giving", "distribute"): None,
    ("giving", "redeal"): "no agreement in force allows a redeal after the talon is taken (A7)",
    ("giving", "hidden"): LOOKED,
    ("giving", "look"): LOOKED,
    ("giving, one card", "give 9C 2"): "the declarer (seat 1) does not hold 9C",
    ("giving, one card", "distribute"): "the declarer may distribute only before its first give "
    "(R-DIST-1)",
    ("giving, one card", "redeal"): "no agreement in force allows a redeal after the talon is "
    "taken (A7)",
    ("giving, one card", "hidden"): LOOKED,
    ("giving, one card", "look"): LOOKED,
    ("giving, golden", "give 9C 2"): None,
    ("giving, golden", "distribute"): "no distribution in a golden deal (A19)",
    ("giving, golden", "redeal"): "no agreement in force allows a redeal after the talon is "
    "taken (A7)",
    ("giving, golden", "hidden"): "this call is made only in the hidden game choice, and this "
    "deal offers none: a golden deal has no hidden game (A10)",
    ("giving, golden", "look"): "this call is made only in the hidden game choice, and this "
    "deal offers none: a golden deal has no hidden game (A10)",
    ("giving, hidden", "give 9C 2"): None,
    ("giving, hidden", "distribute"): "no distribution in a hidden game (A14)",
    ("giving, hidden", "redeal"): "no agreement in force allows a redeal after the talon is "
    "taken (A7)",
    ("giving, hidden", "hidden"): DECLARED,
    ("giving, hidden", "look"): DECLARED,
    ("contract", "contract 120"): None,
    ("contract", "hidden"): LOOKED,
    ("contract", "look"): LOOKED,
    ("play", "play AS"): None,
    ("play", "redeal"): "seat 1 may call a redeal only at its first play, holding four nines "
    "(A7): it holds 0 nines",
    ("play", "hidden"): LOOKED,
    ("play", "look"): LOOKED,
    ("play, following", "play AS"): "seat 2 does not hold AS",
    ("play, following", "redeal"): "seat 2 may call a redeal only at its first play, holding "
    "four nines (A7): it holds 3 nines",
    ("play, following", "hidden"): LOOKED,
    ("play, following", "look"): LOOKED,
}


def action_of(text: str) -> th.Action:
    return MAIN if text == "whole deal" else th.parse_action(text)


def refusal(state: th.State, action: th.Action) -> th.IllegalActionError:
    """The error of applying ``action``; the state is unchanged."""
    before = pickle.dumps(state)
    with pytest.raises(th.IllegalActionError) as info:
        th.apply(state, action)
    assert pickle.dumps(state) == before
    return info.value


@pytest.mark.parametrize("name", list(NOW))
@pytest.mark.parametrize("text", list(WHEN))
def test_every_action_type_in_every_phase_says_why_it_is_refused(name: str, text: str) -> None:
    state, action = state_of(name), action_of(text)
    expected = SPECIAL.get((name, text), f"{NOW[name]}; {WHEN[text]}")
    if expected is None:
        th.apply(state, action)  # legal here
        return
    error = refusal(state, action)
    assert error.reason == expected
    assert error.action == action and error.phase is state.phase
    assert str(error) == f"illegal action '{action}' in phase {state.phase.value}: {expected}"


def test_the_states_are_in_the_phases_they_are_named_for() -> None:
    phases = {name: state_of(name).phase.value for name in BUILDERS}
    assert phases == {
        "dealing": "dealing",
        "dealing, one card": "dealing",
        "dealing, deal 2": "dealing",
        "dealing again": "dealing",
        "hidden game choice": "hidden game choice",
        "unhide": "unhide",
        "auction, opening": "auction",
        "auction, later": "auction",
        "giving": "giving",
        "giving, one card": "giving",
        "giving, golden": "giving",
        "giving, hidden": "giving",
        "contract": "contract",
        "play": "play",
        "play, following": "play",
        "finished game": "finished game",
        "drawn game": "finished game",
    }


@pytest.mark.parametrize("text", list(WHEN))
def test_r_end_1_every_action_after_the_end_says_how_the_game_ended(text: str) -> None:
    assert refusal(state_of("finished game"), action_of(text)).reason == (
        "the game is over: seat 1 won"
    )
    # R-END-2: after the last deal a tie for the highest score is a draw.
    assert refusal(state_of("drawn game"), action_of(text)).reason == (
        "the game is over: it ended in a draw"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("distribute", "distribution is not in the rules in force"),
        ("hidden", "Hidden Round is not in the rules in force (A15)"),
        ("look", "Hidden Round is not in the rules in force (A15)"),
        (
            "unhide 125",
            "no hidden game may be unhidden under the rules in force (Allow Unhide, A15)",
        ),
        ("redeal", "no agreement in force allows a redeal in the auction (A7)"),
    ],
)
def test_an_action_the_rules_in_force_lack_says_so_in_any_phase(text: str, reason: str) -> None:
    for state in (dealt(CLASSIC), dealt(CLASSIC, AUCTION)):
        if text == "redeal" and state.phase is th.Phase.GIVING:
            reason = "no agreement in force allows a redeal after the talon is taken (A7)"
        assert refusal(state, action_of(text)).reason == reason
    if text == "redeal":
        assert refusal(th.new_game(CLASSIC), action_of(text)).reason == (
            "no agreement in force allows a redeal (A7)"
        )


@pytest.mark.parametrize(
    ("actions", "text", "reason"),
    [
        ("", "bid 103", "bid 103 is not a multiple of 5 (R-BID-2)"),
        ("", "bid 95", "the opener must open with at least 100 (R-BID-1)"),
        ("", "bid 265", "bid 265 is above the limit 260: 120 plus the marriages in hand (R-BID-3)"),
        ("bid 100", "bid 125", "bid 125 is above the limit 120: no marriage in hand (R-BID-3)"),
        (
            "bid 100; pass",
            "bid 205",
            "bid 205 is above the limit 200: 120 plus the marriages in hand (R-BID-3)",
        ),
        (AUCTION, "give AD 2", "the declarer (seat 1) does not hold AD"),
        (AUCTION, "give 9C 1", "the declarer gives to its opponents, not itself"),
        (f"{AUCTION}; give 9C 2", "give QC 2", "seat 2 has already received its card (R-TALON-2)"),
        (f"{AUCTION}; {GIVES}", "contract 112", "contract 112 is not a multiple of 5 (R-TALON-3)"),
        (
            f"{AUCTION}; {GIVES}",
            "contract 105",
            "the contract may not be below the winning bid 110 (R-TALON-3)",
        ),
        (
            f"{AUCTION}; {GIVES}",
            "contract 265",
            "contract 265 is above the limit 260 of the declarer's hand (R-TALON-3)",
        ),
        (f"{AUCTION}; {GIVES}; contract 110", "play AD", "seat 1 does not hold AD"),
        (
            f"{AUCTION}; {GIVES}; contract 110",
            "play KH marriage",
            "no marriage may be declared on the first lead of a deal (R-MARRIAGE-1)",
        ),
        (
            f"{AUCTION}; {GIVES}; contract 110; play AS",
            "play AC",
            "seat 2 must follow suit ♠ (R-PLAY-2)",
        ),
        (
            f"{AUCTION}; {GIVES}; contract 110; play AS",
            "play JS marriage",
            "a marriage is declared only by leading (R-MARRIAGE-1)",
        ),
        (
            f"{AUCTION}; {GIVES}; contract 110; play AS; play JS; play 9H",
            "play TS marriage",
            "TS is not a king or queen: it declares no marriage (R-MARRIAGE-1)",
        ),
        (
            f"{AUCTION}; {GIVES}; contract 110; play AS; play JS; play 9H",
            "play QC marriage",
            "seat 1 does not hold KC, the marriage's other card (R-MARRIAGE-2)",
        ),
    ],
)
def test_r_bid_r_talon_r_play_refusals_in_their_phase_name_the_ruling(
    actions: str, text: str, reason: str
) -> None:
    assert refusal(dealt(CLASSIC, actions), action_of(text)).reason == reason


def test_r_marriage_1_an_automatic_marriage_lead_says_how_to_play_it() -> None:
    state = dealt(STANDARD, f"{AUCTION}; {GIVES}; contract 110; play AS; play JS; play 9H")
    assert refusal(state, action_of("play KH")).reason == (
        "leading KH declares its marriage automatically: play it with marriage=True"
    )


def test_a5_a_jump_is_refused_in_the_auction_and_the_unhide() -> None:
    assert refusal(dealt(CLASSIC.with_agreements(V.no_jumping)), action_of("bid 105")).reason == (
        "bid 105 jumps: only 100 is allowed (No Jumping, A5)"
    )
    state = dealt(FULL.with_agreements(V.no_jumping), "hidden; pass")
    assert refusal(state, action_of("unhide 130")).reason == (
        "unhide 130 jumps: only 125 is allowed (No Jumping, A5)"
    )


def test_a6_a_skipped_opener_may_only_open_with_100_and_then_only_pass() -> None:
    rules = CLASSIC.with_agreements(V.skip_declaring(-120))
    state = dealt(rules, scores=(0, -125, 0))
    assert refusal(state, action_of("bid 105")).reason == (
        "seat 1's score -125 is below -120: it may only open with the compulsory 100 "
        "(Skip Declaring, A6)"
    )
    later = run(state, "bid 100; pass; bid 105")
    assert refusal(later, action_of("bid 110")).reason == (
        "seat 1's score -125 is below -120: it may not bid (Skip Declaring, A6)"
    )
    unhide = dealt(
        FULL.with_agreements(V.skip_declaring(-120)), "hidden; pass", scores=(-125, 0, 0)
    )
    assert refusal(unhide, action_of("unhide 125")).reason == (
        "seat 0's score -125 is below -120: it may only pass (Skip Declaring, A6)"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("unhide 122", "unhide 122 is not a multiple of 5 (R-BID-2)"),
        ("unhide 120", "unhide 120 does not beat the hidden game's 120: at least 125 (A15)"),
        ("unhide 405", "unhide 405 is above the limit 400 (R-BID-3)"),
    ],
)
def test_a15_an_unhide_refusal_names_its_rule(text: str, reason: str) -> None:
    # Seat 2 passed; seat 0 holds the ♦ marriage: it may unhide from 125 to 400.
    assert refusal(dealt(FULL, "hidden; pass"), action_of(text)).reason == reason


def test_a15_the_hidden_game_choice_is_not_offered_when_the_opener_is_skipped() -> None:
    rules = FULL.with_agreements(V.skip_declaring(-120))
    state = dealt(rules, scores=(0, -125, 0))
    assert state.phase is th.Phase.BIDDING
    assert refusal(state, action_of("hidden")).reason == (
        "this call is made only in the hidden game choice, and this deal offers none: the opener "
        "(seat 1) scores below -120 (Skip Declaring, A6)"
    )
    barrel = dealt(FULL.with_agreements(V.hidden_disabled_on_barrel), scores=(880, 0, 0))
    assert refusal(barrel, action_of("look")).reason == (
        "this call is made only in the hidden game choice, and this deal offers none: a seat is "
        "on the barrel (Disabled on Barrel, A15)"
    )


@pytest.mark.parametrize(
    ("agreements", "actions", "reason"),
    [
        (
            (V.reshuffle_on_card_score(30),),
            "",
            "seat 1's hand holds 35 card points, not below 30: not enough for a redeal (A7)",
        ),
        (
            (V.four_nines_after_deal,),
            "",
            "seat 1's hand holds 1 nine, not four: not enough for a redeal (A7)",
        ),
        (
            (V.reshuffle_on_card_score(30), V.four_nines_after_deal),
            "",
            "seat 1's hand holds 35 card points, not below 30, and 1 nine, not four: not enough "
            "for a redeal (A7)",
        ),
        (
            (V.reshuffle_on_card_score(120),),
            "bid 100; bid 105; bid 110",
            "seat 1 has made a call: a redeal comes only at its first decision (A7)",
        ),
        (
            (V.reshuffle_on_talon_score(5),),
            AUCTION,
            "the talon holds 5 card points, not below 5: not enough for a redeal (A7)",
        ),
        (
            (V.two_nines_in_talon,),
            AUCTION,
            "the talon holds 1 nine, not two: not enough for a redeal (A7)",
        ),
        (
            (V.reshuffle_on_talon_score(10),),
            f"{AUCTION}; give 9C 2",
            "a talon redeal comes only at the declarer's first give decision (A7)",
        ),
        (
            (V.four_nines_on_hands,),
            f"{AUCTION}; {GIVES}; contract 110; play AS; play JS; play 9H",
            "seat 1 may call a redeal only at its first play, holding four nines (A7): it has "
            "played already",
        ),
        (
            (),
            f"{AUCTION}; {GIVES}; contract 110",
            "no agreement in force allows a redeal during the play (A7)",
        ),
    ],
)
def test_a7_a_refused_redeal_names_the_condition_not_met(
    agreements: tuple[V.Agreement, ...], actions: str, reason: str
) -> None:
    state = dealt(STANDARD.with_agreements(*agreements), actions)
    assert refusal(state, th.Redeal()).reason == reason


def test_a8_on_100_only_says_which_talon_redeal_it_forbids() -> None:
    on_100 = (V.reshuffle_on_talon_score(10), V.on_100_only)
    assert refusal(dealt(STANDARD.with_agreements(*on_100), AUCTION), th.Redeal()).reason == (
        "the winning bid is 110: the talon does not allow a redeal here (On 100 Only needs a bid "
        "of 100, A8)"
    )
    golden = dealt(GOLDEN.with_agreements(*on_100))
    assert refusal(golden, th.Redeal()).reason == (
        "a golden deal allows no talon redeal (On 100 Only, A8)"
    )
    hidden = dealt(FULL.with_agreements(*on_100), "hidden; pass; pass")
    assert refusal(hidden, th.Redeal()).reason == (
        "a hidden game allows no talon redeal (On 100 Only, A8)"
    )
    # At a winning bid of 100 the talon itself decides: 5 card points are not below 5.
    rules = STANDARD.with_agreements(V.reshuffle_on_talon_score(5), V.on_100_only)
    assert refusal(dealt(rules, "bid 100; pass; pass"), th.Redeal()).reason == (
        "the talon holds 5 card points, not below 5: not enough for a redeal (A7)"
    )


def test_a10_a14_a_golden_contract_stays_at_120() -> None:
    state = dealt(GOLDEN, GIVES)
    assert refusal(state, th.Contract(125)).reason == (
        "contract 125 is above the limit 120: the contract of a golden deal or a hidden game "
        "stays at 120 here (A10, A14)"
    )


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("bid 100", "'bid 100' is not an action but text: read it with thousand.parse_action"),
        (
            {"type": "bid", "value": 100},
            "{'type': 'bid', 'value': 100} is not an action but a dict: read it with "
            "thousand.action_from_dict",
        ),
        (100, "100 is not an action but a value of type int"),
    ],
)
def test_a_value_that_is_not_an_action_says_how_to_make_one(value: object, reason: str) -> None:
    error = refusal(dealt(CLASSIC), value)  # type: ignore[arg-type]
    assert error.reason == reason


def test_apply_with_the_senders_seat_refuses_a_seat_not_to_move() -> None:
    """A server passes the seat a move came from: ``apply(state, action, seat=n)``."""
    dealing = th.new_game()
    auction = th.apply(dealing, MAIN)  # seat 1 opens
    bid = th.Bid(100)
    assert th.apply(auction, bid, seat=1) == th.apply(auction, bid)
    for seat in (0, 2):
        with pytest.raises(th.IllegalActionError) as caught:
            th.apply(auction, bid, seat=seat)
        assert caught.value.reason == (
            f"it is not seat {seat}'s turn: the auction is on and seat 1 opens it"
        )
    with pytest.raises(th.IllegalActionError, match="it is not seat 0's turn: "):
        th.apply(dealing, MAIN, seat=0)  # nobody moves at a chance node
    for bad in (3, -1, True, 1.0, "1"):
        with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
            th.apply(auction, bid, seat=bad)  # type: ignore[arg-type]
    assert auction.history == (MAIN,)  # nothing changed
