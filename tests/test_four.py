"""A table of four (four-players.md): the engine, ruling by ruling, on exact deals.

With dealer ``d`` the sitter is ``d`` and the active seats are ``d+1, d+2, d+3`` (mod 4), the
first of them the opener. The deal used most is the reference model's base deal
(``tests/reference/test_model_four.py``), whose numbers were worked out by hand there: seat 1
declares 135 and makes 137; seat 3 takes 163 (165 on the sheet), seat 2 nothing; the talon
AH JH 9H is worth 13 card points, 15 for the sitter.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import thousand as th
from thousand.cards import mask_of

from .reference.test_model_four import BASE_CALLS, BASE_GIVES, BASE_HANDS, BASE_PLAY, BASE_TALON

FOUR = th.TableRules(players=4)


def four(
    preset: str = "classic",
    scores: tuple[int, ...] = (0, 0, 0, 0),
    *agreements: th.variants.Agreement,
    dealer: int = 0,
    table: th.TableRules = FOUR,
) -> th.State:
    """A new game at a table of four."""
    rules = th.Rules.classic() if preset == "classic" else th.Rules.standard()
    rules = attrs.evolve(rules, table=table).with_agreements(*agreements)
    return th.new_game(rules, dealer=dealer, scores=scores)


def base_hands(state: th.State) -> th.State:
    """Deal the base deal's hands (seats 1, 2, 3 with dealer 0) as one Deal (R-FOUR-2)."""
    hands = tuple(th.cards(" ".join(BASE_HANDS[seat])) for seat in state.active_seats)
    return th.apply(state, th.Deal(hands, th.cards(" ".join(BASE_TALON))))


def run(state: th.State, texts: list[str]) -> th.State:
    for text in texts:
        state = th.apply(state, th.parse_action(text))
    return state


def base_deal(state: th.State, contract: int = 135) -> th.State:
    return run(base_hands(state), [*BASE_CALLS, *BASE_GIVES, f"contract {contract}", *BASE_PLAY])


def distribute(state: th.State, talon: str = "KH TH AH") -> th.State:
    """A standard deal given up after the talon: the opener bids 100, the others pass."""
    held = th.cards(talon)
    rest = [card for card in th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))]
    for card in [c for c in rest if c not in held] + sorted(held):
        state = th.apply(state, th.DealCard(card))
    if not state.is_golden_deal:
        state = run(state, ["bid 100", "pass", "pass"])
    return th.apply(state, th.Distribute())


# -- the rules -------------------------------------------------------------------------------


def test_r_four_1_the_presets_at_a_table_of_four() -> None:
    for preset in (th.Rules.classic, th.Rules.standard):
        rules = preset(players=4)
        assert rules.table == th.TableRules(players=4) and rules != preset()
        assert str(rules) == f"{preset.__name__} rules at a table of four"
        assert th.Rules.from_dict(rules.to_dict()) == rules
        assert eval(repr(rules), vars(th)) == rules
    assert th.Rules().table.players == 3 and str(th.Rules()) == "classic rules"
    odd = attrs.evolve(th.Rules(), table=th.TableRules(4, "aces_and_marriage", 50))
    assert str(odd) == (
        "classic rules at a table of four with: table.sitter_scores='aces_and_marriage', "
        "table.ace_value=50"
    )
    mixed = th.Rules.standard(players=4).with_agreements(th.variants.golden_round)
    assert mixed.table.players == 4 and str(mixed).endswith("four with: Golden Round")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: th.TableRules(players=5), "TableRules.players must be 3 or 4, not 5"),  # type: ignore[arg-type]
        (lambda: th.TableRules(players=True), "TableRules.players must be 3 or 4, not True"),  # type: ignore[arg-type]
        (lambda: th.TableRules(sitter_scores="talon"), "TableRules.sitter_scores must be one of"),  # type: ignore[arg-type]
        (lambda: th.TableRules(ace_value=-5), "TableRules.ace_value must be at least 0"),
        (lambda: th.Rules.classic(players=2), "TableRules.players must be 3 or 4, not 2"),  # type: ignore[arg-type]
    ],
)
def test_r_four_1_bad_table_options_are_refused(make: object, message: str) -> None:
    with pytest.raises(th.RulesError, match=message):
        make()  # type: ignore[operator]


def test_r_four_1_new_game_takes_four_scores_and_four_dealers() -> None:
    state = th.new_game(th.Rules.classic(players=4), dealer=3, scores=(5, 10, 15, 20))
    assert state.scores == (5, 10, 15, 20) and state.barrel == (None,) * 4
    assert state.players == 4 and state.sitter == 3 and state.active_seats == (0, 1, 2)
    with pytest.raises(ValueError, match="scores must be a tuple of four ints"):
        th.new_game(th.Rules.classic(players=4), scores=(0, 0, 0))
    with pytest.raises(ValueError, match="dealer must be a seat 0, 1, 2 or 3 at a table of four"):
        th.new_game(th.Rules.classic(players=4), dealer=4)
    with pytest.raises(ValueError, match=r"^dealer must be a seat 0, 1 or 2, not 3$"):
        th.new_game(dealer=3)
    three = th.new_game()
    assert (three.players, three.sitter, three.active_seats) == (3, None, (1, 2, 0))


# -- R-FOUR-1 --------------------------------------------------------------------------------


def test_r_four_1_the_sitter_gets_no_cards_and_the_turn_skips_it() -> None:
    state = base_hands(four())
    assert state.hands[0] == frozenset() and [len(h) for h in state.hands] == [0, 7, 7, 7]
    movers = []
    for text in BASE_CALLS:
        movers.append(state.to_move)
        state = th.apply(state, th.parse_action(text))
    assert movers == [1, 2, 3, 1, 2]  # after seat 3 comes seat 1, not the sitter
    state = run(state, [*BASE_GIVES, "contract 135"])
    movers = []
    for text in BASE_PLAY[:9]:
        movers.append(state.to_move)
        state = th.apply(state, th.parse_action(text))
    assert movers == [1, 2, 3, 1, 2, 3, 3, 1, 2]
    assert state.hands[0] == frozenset()


def test_r_four_1_the_sitter_rotates_with_the_deal() -> None:
    state = four("standard")
    sitters = []
    for _ in range(4):
        sitters.append(state.sitter)
        assert state.active_seats == tuple((state.dealer + i) % 4 for i in (1, 2, 3))
        state = distribute(state)
    assert sitters == [0, 1, 2, 3] and [r.sitter for r in state.sheet] == [0, 1, 2, 3]
    # The talon KH TH AH is worth 25 to the sitter; the opener gives up 100, each active
    # opponent gets 50 (R-DIST-1).
    assert [r.changes for r in state.sheet] == [
        (25, -100, 50, 50),
        (50, 25, -100, 50),
        (50, 50, 25, -100),
        (-100, 50, 50, 25),
    ]
    assert state.bolts == (1, 1, 1, 1) and state.dealer == 0 and state.deal_number == 5


def test_r_four_1_a_give_to_the_sitter_is_refused_with_the_reason() -> None:
    state = run(base_hands(four()), BASE_CALLS)
    hand = th.cards(" ".join(BASE_HANDS[1] + BASE_TALON))
    assert set(th.legal_actions(state)) == {th.Give(c, to) for c in hand for to in (2, 3)}
    with pytest.raises(th.IllegalActionError) as caught:
        th.apply(state, th.parse_action("give 9C 0"))
    assert caught.value.reason == (
        "seat 0 sits out this deal: cards go to the declarer's opponents (R-FOUR-1)"
    )
    state = th.apply(state, th.parse_action("give 9C 2"))
    assert set(th.legal_actions(state)) == {th.Give(c, 3) for c in hand if str(c) != "9C"}


def test_r_four_1_an_action_sent_by_the_sitter_is_refused() -> None:
    state = base_hands(four())
    with pytest.raises(th.IllegalActionError) as caught:
        th.apply(state, th.Bid(100), seat=0)
    assert caught.value.reason == (
        "seat 0 sits out this deal (R-FOUR-1): it makes no call and no play"
    )
    assert th.apply(state, th.Bid(100), seat=1).high_bid == 100
    with pytest.raises(ValueError, match="seat must be 0, 1, 2 or 3 at a table of four"):
        th.apply(state, th.Bid(100), seat=4)


def test_r_four_1_a_give_to_seat_3_at_a_table_of_three_names_the_table() -> None:
    state = th.apply(
        th.new_game(),
        th.Deal.parse(
            "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
        ),
    )
    state = run(state, ["bid 100", "pass", "pass"])
    with pytest.raises(th.IllegalActionError) as caught:
        th.apply(state, th.Give(th.Card.parse("JC"), 3))
    assert caught.value.reason == "there is no seat 3 at a table of 3"


# -- R-FOUR-2 --------------------------------------------------------------------------------


def test_r_four_2_the_kth_card_goes_to_the_active_seat_k_mod_3_from_the_opener() -> None:
    state = four(dealer=2)  # seat 2 sits out; active 3, 0, 1
    receivers = []
    for card in th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA")):
        sizes = [len(h) for h in state.hands]
        state = th.apply(state, th.DealCard(card))
        grown = [seat for seat in range(4) if len(state.hands[seat]) > sizes[seat]]
        receivers.append(grown[0] if grown else None)
    assert receivers == [3, 0, 1] * 7 + [None, None, None]
    assert state.hands[2] == frozenset() and state.to_move == 3


def test_r_four_2_a_whole_deal_gives_the_active_hands_from_the_opener() -> None:
    hands = tuple(frozenset(th.cards(" ".join(BASE_HANDS[seat]))) for seat in (1, 2, 3))
    deal = th.Deal(hands, th.cards(" ".join(BASE_TALON)))
    whole = th.apply(four(), deal)
    by_card = four()
    for k in range(21):
        by_card = th.apply(by_card, th.DealCard(sorted(hands[k % 3])[k // 3]))
    for card in sorted(deal.talon):
        by_card = th.apply(by_card, th.DealCard(card))
    assert whole.hands == by_card.hands == (frozenset(), *hands)
    assert whole.talon == by_card.talon and whole.to_move == by_card.to_move == 1
    # With dealer 3 the same Deal goes to seats 0, 1, 2.
    assert th.apply(four(dealer=3), deal).hands == (*hands, frozenset())


def test_r_four_2_a_refusal_while_dealing_counts_the_cards_of_every_seat() -> None:
    # With dealer 2 the first card goes to seat 3 (R-FOUR-2): a refusal says it is dealt.
    state = th.apply(four(dealer=2), th.DealCard(th.Card.parse("9S")))
    assert state.hands[3] == {th.Card.parse("9S")}
    with pytest.raises(th.IllegalActionError) as refused:
        th.apply(state, th.Bid(100))
    assert refused.value.reason == (
        "the cards of deal 1 are being dealt: 1 of 24 so far; this call is made only in the auction"
    )


# -- R-FOUR-3 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "sitter"),
    [
        (FOUR, 15),  # AH JH 9H: 13 -> 15
        (th.TableRules(4, "aces_and_marriage"), 40),  # one ace, no marriage
        (th.TableRules(4, "aces_and_marriage", 50), 50),
        (th.TableRules(4, "nothing"), 0),
    ],
)
def test_r_four_3_the_sitters_score_per_option(table: th.TableRules, sitter: int) -> None:
    state = base_deal(four(table=table))
    (row,) = state.sheet
    assert (row.declarer, row.contract, row.made, row.sitter) == (1, 135, True, 0)
    assert row.points == (0, 137, 0, 163)
    assert row.changes == row.scores == (sitter, 135, 0, 165)
    assert state.dealer == 1 and state.sitter == 1 and state.active_seats == (2, 3, 0)


@pytest.mark.parametrize(
    ("talon", "option", "sitter"),
    [
        ("KS QS AD", "talon_points", 20),  # 18 -> 20
        ("KS QS AD", "aces_and_marriage", 80),  # an ace and the spade marriage
        ("AS AC AH", "talon_points", 35),  # 33 -> 35
        ("AS AC AH", "aces_and_marriage", 120),
        ("KH QH 9H", "talon_points", 5),  # 7 -> 5
        ("KH QH 9H", "aces_and_marriage", 100),
        ("9S 9C JD", "talon_points", 0),  # 2 -> 0
    ],
)
def test_r_four_3_the_sitter_scores_in_a_distributed_deal(
    talon: str, option: th.rules.SitterScores, sitter: int
) -> None:
    state = distribute(four("standard", table=th.TableRules(4, option)), talon)
    assert state.scores == (sitter, -100, 50, 50) and state.bolts == (0, 1, 0, 0)


def test_r_four_3_doubled_in_a_golden_deal_not_in_a_hidden_game() -> None:
    golden = base_hands(four("standard", (0, 0, 0, 0), th.variants.golden_round))
    assert golden.declarer == 1 and golden.phase is th.Phase.GIVING
    golden = run(golden, [*BASE_GIVES, "contract 120", *BASE_PLAY])
    assert golden.scores == (30, 240, 0, 330)  # A12: every seat's deal score doubled
    hidden = th.apply(base_hands(four("standard", (0, 0, 0, 0), th.variants.hidden_round)),
                      th.Hidden())  # fmt: skip
    hidden = run(hidden, [*BASE_GIVES, "contract 120", *BASE_PLAY])
    assert hidden.scores == (15, 240, 0, 165)  # only the declarer's doubled


# -- R-FOUR-4 --------------------------------------------------------------------------------


def test_r_four_4_a_sitter_on_the_barrel_scores_nothing_and_uses_no_barrel_deal() -> None:
    state = base_deal(four("classic", (880, 0, 0, 0)))
    assert state.scores == (880, 135, 0, 165) and state.barrel == (0, None, None, None)
    std = distribute(four("standard", (880, 0, 0, 0)))
    assert std.scores == (880, -100, 50, 50) and std.barrel == (0, None, None, None)
    std = distribute(std)  # now active (dealer 1): one barrel deal used
    assert std.scores == (880, -75, -50, 100) and std.barrel == (1, None, None, None)


def test_r_four_4_a_sitter_never_reaches_the_target_by_sitting() -> None:
    rich = th.TableRules(4, "aces_and_marriage", 130)
    state = base_deal(four("classic", (870, 0, 0, 850), table=rich))
    # 870 + 130 is held at 880 (on the barrel); seat 3 jumps the barrel (classic) and wins.
    assert state.scores == (880, 135, 0, 1015) and state.barrel == (0, None, None, None)
    assert state.is_terminal and state.winner == 3
    kinds = {(e.kind, e.seat) for e in state.sheet[-1].events}
    assert (th.EventKind.CLIMBED_ON_BARREL, 0) in kinds
    assert (th.EventKind.JUMPED_BARREL, 3) in kinds
    alone = base_deal(four("classic", (870, 0, 0, 0), table=rich))
    assert alone.scores == (880, 135, 0, 165) and not alone.is_terminal


def test_r_four_4_without_a_barrel_the_sitter_is_held_at_the_threshold() -> None:
    # The reading: nobody reaches the target by sitting, with or without a barrel.
    rules = attrs.evolve(
        th.Rules.classic(),
        table=th.TableRules(4, "aces_and_marriage", 130),
        barrel=th.BarrelRules(enabled=False),
    )
    state = base_deal(th.new_game(rules, scores=(900, 0, 0, 0)))
    assert state.scores == (880, 135, 0, 165) and not state.is_terminal


# -- R-FOUR-5 --------------------------------------------------------------------------------


def test_r_four_5_no_bolt_for_the_sitter() -> None:
    state = base_deal(four("standard"))
    assert state.scores == (15, 135, 0, 165) and state.bolts == (0, 0, 1, 0)


def test_r_four_5_a_redeal_is_dealt_by_the_same_dealer_who_sits_out_again() -> None:
    state = base_hands(four("standard", (0, 0, 0, 0), th.variants.by_key(
        "reshuffle_on_card_score", 200)))  # fmt: skip
    state = run(state, ["bid 100"])
    assert state.to_move == 2 and th.Redeal() in th.legal_actions(state)
    state = th.apply(state, th.Redeal())
    assert (state.dealer, state.sitter, state.deal_number, state.sheet) == (0, 0, 1, ())
    assert state.is_chance and state.hands == (frozenset(),) * 4


# -- R-FOUR-6 --------------------------------------------------------------------------------


def test_r_four_6_the_golden_round_has_four_deals() -> None:
    agreements = (th.variants.golden_round, th.variants.distribute_in_golden_round)
    state = base_hands(four("standard", (0, 0, 0, 0), *agreements))
    state = run(state, [*BASE_GIVES, "contract 120", *BASE_PLAY])
    assert state.scores == (30, 240, 0, 330)
    assert (state.golden_index, state.golden_made) == (1, True)
    declarers = []
    for index in (2, 3, None):
        state = distribute(state)
        declarers.append(state.sheet[-1].declarer)
        assert state.golden_index == index
    assert declarers == [2, 3, 0]  # every seat golden declarer once
    assert not state.is_golden_deal and state.deal_number == 5


# -- R-FOUR-7 --------------------------------------------------------------------------------


def test_r_four_7_the_declarer_wins_if_it_reached_the_target() -> None:
    state = base_deal(four("classic", (0, 870, 0, 850)))
    # Seat 1 jumps the barrel with 1005, seat 3 with 1015: the declarer wins all the same.
    assert state.scores == (15, 1005, 0, 1015) and state.is_terminal and state.winner == 1


def test_r_four_7_after_the_last_deal_the_highest_of_the_four() -> None:
    rules = attrs.evolve(th.Rules.classic(players=4), scoring=th.ScoringRules(max_deals=1))
    state = base_deal(th.new_game(rules, scores=(200, 0, 0, 0)))
    assert state.scores == (215, 135, 0, 165) and state.is_terminal and state.winner == 0
    tie = base_deal(th.new_game(rules, scores=(150, 0, 0, 0)))
    assert tie.scores == (165, 135, 0, 165) and tie.is_terminal and tie.winner is None


# -- R-FOUR-8 and F2 -------------------------------------------------------------------------


def test_r_four_8_the_sitter_sees_what_is_public_and_never_a_hand() -> None:
    state = run(base_hands(four()), [*BASE_CALLS, *BASE_GIVES])
    seen = th.observe(state, 0)
    assert seen.hand == frozenset() and seen.hand_sizes == (0, 8, 8, 8)
    assert seen.gives == ((None, 2), (None, 3))  # each give and to whom, not the card
    assert seen.talon == frozenset(th.cards(" ".join(BASE_TALON)))  # F2: as an opponent
    assert seen.calls == state.calls
    info = th.information_state(state, 0)
    dealt = [s for s in info.sights if isinstance(s, th.observation.Dealt)]
    assert len(dealt) == 24 and all(s.card is None for s in dealt)
    assert [s.seat for s in dealt[:3]] == [1, 2, 3]
    # Nothing in the sitter's view holds a card of a hand.
    assert not any(isinstance(s, th.observation.HandSeen) for s in info.sights)
    assert {c for c, _ in seen.gives} == {None}


def test_f2_the_sitter_sees_the_talon_exactly_when_an_opponent_does() -> None:
    for agreements in [(), (th.variants.dont_expose_on_100,)]:  # won at 120: shown to all
        state = run(base_hands(four("classic", (0, 0, 0, 0), *agreements)), BASE_CALLS)
        assert state.high_bid == 120 and state.talon_shown_to == frozenset(range(4))
        assert th.observe(state, 0).talon == th.observe(state, 2).talon == state.taken_talon
    # At a winning bid of 100 under Don't Expose on 100 neither opponent nor sitter sees it.
    state = run(base_hands(four("classic", (0, 0, 0, 0), th.variants.dont_expose_on_100)),
                ["bid 100", "pass", "pass"])  # fmt: skip
    assert state.talon_shown_to == frozenset({1})
    assert th.observe(state, 0).talon is None and th.observe(state, 3).talon is None


def test_r_four_8_under_quiet_drop_the_sitter_sees_no_give() -> None:
    state = run(base_hands(four("classic", (0, 0, 0, 0), th.variants.quiet_drop)), BASE_CALLS)
    state = run(state, BASE_GIVES[:1])
    seen = th.observe(state, 0)
    assert seen.gives == () and seen.hand_sizes == (0, None, None, None)
    assert seen.phase is th.Phase.GIVING
    # A sampled world is consistent with the sitter's view, and so is the real one.
    rng = random.Random(3)
    counts = {0: 0, 1: 0, 2: 0}
    for _ in range(200):
        world = th.sample_state(seen, rng)
        assert th.observe(world, 0) == seen
        counts[len(world.gives)] += 1
    assert counts[0] < counts[1] < counts[2]  # 1, 20 and 180 worlds
    after = run(state, [BASE_GIVES[1], "contract 135"])
    world = th.sample_state(th.information_state(after, 0), rng)
    assert len(world.gives) == 2 and world.contract == 135


# -- F1, F3, F4, F5 --------------------------------------------------------------------------


def test_f1_the_555_resets_apply_to_the_sitters_score() -> None:
    state = base_deal(four("classic", (540, 0, 0, 0), th.variants.score_reset_555))
    assert state.scores == (0, 135, 0, 165)
    assert (th.EventKind.SCORE_RESET, 0) in {(e.kind, e.seat) for e in state.sheet[-1].events}


def test_f3_throw_off_barrel_throws_off_a_sitter_already_on() -> None:
    state = base_deal(four("classic", (880, 0, 0, 870), th.variants.throw_off_barrel))
    # Seat 3 climbs on (870 + 165 would jump in classic: it reaches the target instead).
    assert state.is_terminal and state.winner == 3
    state = base_deal(four("classic", (880, 0, 0, 720), th.variants.throw_off_barrel))
    assert state.scores == (760, 135, 0, 880)  # the sitter thrown off with -120
    assert state.barrel == (None, None, None, 0)


def test_f4_disabled_on_barrel_counts_the_sitter() -> None:
    agreements = (th.variants.hidden_round, th.variants.hidden_disabled_on_barrel)
    on = base_hands(four("standard", (880, 0, 0, 0), *agreements))
    assert on.phase is th.Phase.BIDDING  # the sitter is on the barrel: no hidden game
    off = base_hands(four("standard", (0, 0, 0, 0), *agreements))
    assert off.phase is th.Phase.HIDDEN_CHOICE


def test_f5_reset_to_zero_resets_all_four_seats() -> None:
    agreements = (
        th.variants.golden_round,
        th.variants.distribute_in_golden_round,
        th.variants.golden_reset_to_zero,
    )
    state = four("standard", (0, 0, 0, 0), *agreements)
    for _ in range(4):
        state = distribute(state)  # no golden deal is made
    assert state.scores == (0, 0, 0, 0) and state.bolts == (0, 0, 0, 0)
    assert state.golden_index == 0 and state.deal_number == 5


def test_r_four_the_sitters_hand_mask_is_empty_through_a_random_game() -> None:
    rng = random.Random(11)
    state = four("standard")
    while not state.is_terminal and state.deal_number < 6:
        assert state.sitter is not None and mask_of(state.hands[state.sitter]) == 0
        state = th.apply(state, rng.choice(th.legal_actions(state)))


def test_r_four_3_a_start_from_a_dict_checks_the_sitters_score() -> None:
    # A row holds no talon: a start's sheet is checked against a talon of each worth.
    state = base_deal(four())
    world = th.sample_state(th.observe(state, 2), random.Random(1))
    data = world.to_dict()
    assert data["start"]["sheet"][0]["sitter"] == 0
    assert th.State.from_dict(data) == world
    forged = json_copy(data)
    forged["start"]["sheet"][0]["changes"][0] = 500
    forged["start"]["sheet"][0]["scores"][0] = 500
    forged["start"]["scores"][0] = 500
    with pytest.raises(th.ThousandError, match=r"\['changes'\] must be"):
        th.State.from_dict(forged)
    no_sitter = json_copy(data)
    del no_sitter["start"]["sheet"][0]["sitter"]
    with pytest.raises(th.ThousandError, match="lacks 'sitter'"):
        th.State.from_dict(no_sitter)


def json_copy(data: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(data))
    return copied
