"""Ruling tests: table and deal, cards, bidding, talon and contract (R-TABLE-1 … R-TALON-3).

Every expected value is derived by hand from ``rulings.md``; the deals are worked out in
``scenario.py``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import thousand as th

from .scenario import (
    BIG,
    DOUBLE,
    DOUBLE_AUCTION,
    MAIN,
    MAIN_AUCTION,
    SWEEP,
    TRUMP,
    TRUMP_AUCTION,
    bids,
    deal,
    illegal,
    legal,
    run,
    start,
    steps,
    sweep,
    tricks,
)

CLASSIC = th.Rules.classic()
STANDARD = th.Rules.standard()
PRESETS = [pytest.param(CLASSIC, id="classic"), pytest.param(STANDARD, id="standard")]
PACK = "9S JS QS KS TS AS 9C JC QC KC TC AC 9D JD QD KD TD AD 9H JH QH KH TH AH"


def hand(text: str) -> frozenset[th.Card]:
    return frozenset(th.cards(text))


def contracts(low: int, high: int) -> set[str]:
    return {f"contract {v}" for v in range(low, high + 1, 5)}


# ---------------------------------------------------------------------------------------------
# R-TABLE-1
# ---------------------------------------------------------------------------------------------


def test_r_table_1_first_dealer_is_the_callers_choice_default_seat_0() -> None:
    assert th.new_game().dealer == 0
    assert th.new_game(STANDARD).dealer == 0
    assert [th.new_game(CLASSIC, dealer=d).dealer for d in (0, 1, 2)] == [0, 1, 2]
    with pytest.raises(ValueError):
        th.new_game(CLASSIC, dealer=3)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_table_1_deal_passes_to_the_left_after_every_deal(rules: th.Rules) -> None:
    state = th.new_game(rules, dealer=2)
    dealers = []
    for number in (1, 2, 3, 4):
        assert state.deal_number == number
        dealers.append(state.dealer)
        state = sweep(state, 100)
    assert dealers == [2, 0, 1, 2]
    assert state.dealer == 0
    assert [r.dealer for r in state.sheet] == [2, 0, 1, 2]


def test_r_table_1_seats_act_clockwise_to_the_left() -> None:
    # Dealer 1: seat 2 opens, then seat 0, then seat 1 (left neighbour of s is (s+1) % 3).
    state = start(CLASSIC, SWEEP.deal(1), dealer=1)
    order = []
    for call in ("bid 100", "bid 105", "bid 110"):
        order.append(state.to_move)
        state = run(state, call)
    assert order == [2, 0, 1]
    assert state.to_move == 2


def test_r_table_1_deal_passes_to_the_left_after_a_distribution() -> None:
    state = start(STANDARD, MAIN, "bid 100; pass; pass; distribute")
    assert state.phase is th.Phase.DEALING
    assert (state.dealer, state.deal_number) == (1, 2)


# ---------------------------------------------------------------------------------------------
# R-DEAL-1
# ---------------------------------------------------------------------------------------------


def test_r_deal_1_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    pack = th.cards(PACK)
    state = th.new_game(CLASSIC, dealer=2)
    for k, card in enumerate(pack):
        assert state.is_chance and state.to_move is None
        assert state.phase is th.Phase.DEALING
        assert legal(state) == {f"deal {c}" for c in pack[k:]}
        outcomes = th.chance_outcomes(state)
        assert {str(a) for a, _ in outcomes} == {f"deal {c}" for c in pack[k:]}
        assert all(p == Fraction(1, 24 - k) for _, p in outcomes)
        state = th.apply(state, th.DealCard(card))
    # k = 0, 3, 6, ... to seat (2+1+k) % 3 = 0; k = 1, 4, ... to seat 1; k = 2, 5, ... to seat 2.
    assert state.hands == (
        hand("9S KS 9C KC 9D KD 9H"),
        hand("JS TS JC TC JD TD JH"),
        hand("QS AS QC AC QD AD QH"),
    )
    assert state.talon == hand("KH TH AH")
    assert state.phase is th.Phase.BIDDING
    assert not state.is_chance


def test_r_deal_1_first_card_goes_to_the_dealers_left_neighbour() -> None:
    for dealer in (0, 1, 2):
        state = th.apply(th.new_game(CLASSIC, dealer=dealer), th.DealCard(th.Card.parse("AH")))
        holder = [seat for seat in (0, 1, 2) if state.hands[seat]]
        assert holder == [(dealer + 1) % 3]


def test_r_deal_1_a_whole_deal_equals_its_24_deal_cards() -> None:
    # Dealer 0: cards go to seats 1, 2, 0, 1, 2, 0, ... then three to the talon.
    seat0, seat1, seat2 = (sorted(h) for h in MAIN.hands)
    order = [c for i in range(7) for c in (seat1[i], seat2[i], seat0[i])] + sorted(MAIN.talon)
    one_by_one = th.new_game(CLASSIC)
    for card in order:
        one_by_one = th.apply(one_by_one, th.DealCard(card))
    whole = th.apply(th.new_game(CLASSIC), MAIN)
    assert whole.hands == one_by_one.hands == MAIN.hands
    assert whole.talon == one_by_one.talon == MAIN.talon
    assert whole.phase is one_by_one.phase is th.Phase.BIDDING
    assert whole.to_move == one_by_one.to_move == 1
    assert legal(whole) == legal(one_by_one)


def test_r_deal_1_a_whole_deal_is_7_7_7_3_distinct_cards_of_the_pack() -> None:
    with pytest.raises(ValueError):  # 8 cards to seat 0, 2 in the talon
        deal("AD TD KD QD AH TH JH QC", "AS TS KS QS KH QH 9C", "AC TC KC JS 9S JD 9D", "JC 9H")
    with pytest.raises(ValueError):  # AD twice, 9H missing
        deal("AD TD KD QD AH TH JH", "AS TS KS QS KH QH 9C", "AC TC KC JS 9S JD AD", "QC JC 9D")
    with pytest.raises(ValueError):  # six cards to seat 2
        th.Deal.parse("AD TD KD QD AH TH JH / AS TS KS QS KH QH 9C / AC TC KC JS 9S JD / QC JC 9H")


def test_r_deal_1_a_whole_deal_only_at_the_first_chance_node() -> None:
    started = th.apply(th.new_game(CLASSIC), th.DealCard(th.Card.parse("9S")))
    with pytest.raises(th.IllegalActionError, match="first chance node"):
        th.apply(started, MAIN)
    illegal(started, "deal 9S", "already been dealt")
    bidding = start(CLASSIC, MAIN)
    with pytest.raises(th.IllegalActionError):
        th.apply(bidding, MAIN)
    illegal(bidding, "deal 9S", "chance node")


# ---------------------------------------------------------------------------------------------
# R-CARD-1, R-CARD-2
# ---------------------------------------------------------------------------------------------

POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def test_r_card_1_ranks_high_to_low_and_their_points() -> None:
    ranks = th.Rank
    assert sorted(ranks, reverse=True) == [
        ranks.ACE,
        ranks.TEN,
        ranks.KING,
        ranks.QUEEN,
        ranks.JACK,
        ranks.NINE,
    ]
    for card in th.cards(PACK):
        assert card.points == POINTS[str(card)[0]]
    assert sum(card.points for card in th.cards(PACK)) == 120


SPADES = ["9S", "JS", "QS", "KS", "TS", "AS"]


@pytest.mark.parametrize(
    ("low", "high"), [("9S", "JS"), ("JS", "QS"), ("QS", "KS"), ("KS", "TS"), ("TS", "AS")]
)
@pytest.mark.parametrize("declarer_leads_high", [False, True])
def test_r_card_1_the_higher_rank_wins_the_trick_and_takes_the_points(
    low: str, high: str, declarer_leads_high: bool
) -> None:
    # Trick 1 (no trump): seat 1 leads a spade, seat 2 follows with a spade, seat 0 has none.
    lead, follow = (high, low) if declarer_leads_high else (low, high)
    rest = [c for c in SPADES if c not in (low, high)]
    cards = deal(
        "9C JC QC KC TC AC 9D",
        f"{lead} {rest[0]} {rest[1]} TD AD 9H JH",
        f"{follow} {rest[2]} {rest[3]} QH KH TH AH",
        "JD QD KD",
    )
    state = start(CLASSIC, cards, "bid 100; pass; pass; give JD 2; give QD 0; contract 100")
    state = run(state, [f"play {lead}", f"play {follow}", "play 9C"])
    winner = 1 if declarer_leads_high else 2
    assert state.to_move == winner
    expected = [0, 0, 0]
    expected[winner] = POINTS[low[0]] + POINTS[high[0]]
    assert state.points == tuple(expected)


def marriage_hand_deal(suit: str) -> th.Deal:
    """Seat 1 (the opener for dealer 0) holds K and Q of ``suit`` and no other marriage."""
    mine = [f"K{suit}", f"Q{suit}", "9S", "9C", "9D", "9H", "JS"]
    rest = [c for c in PACK.split() if c not in mine]
    return deal(" ".join(rest[7:14]), " ".join(mine), " ".join(rest[:7]), " ".join(rest[14:]))


@pytest.mark.parametrize(("suit", "value"), [("S", 40), ("C", 60), ("D", 80), ("H", 100)])
def test_r_card_2_marriage_values_set_the_classic_bid_limit(suit: str, value: int) -> None:
    state = start(CLASSIC, marriage_hand_deal(suit))
    assert legal(state) == bids(100, 120 + value)


@pytest.mark.parametrize(
    ("before", "lead", "value", "suit"),
    [
        ("main", "play KS marriage", 40, th.Suit.SPADES),
        ("double", "play KC marriage", 60, th.Suit.CLUBS),
        ("trump", "play QD marriage", 80, th.Suit.DIAMONDS),
        ("main", "play QH marriage", 100, th.Suit.HEARTS),
    ],
)
def test_r_card_2_declaring_a_marriage_scores_its_value(
    before: str, lead: str, value: int, suit: th.Suit
) -> None:
    if before == "main":  # after trick 1 seat 1 has 13 points and leads
        state = start(CLASSIC, MAIN, [*steps(MAIN_AUCTION), "contract 110"])
        state = run(state, tricks("AS JS 9H"))
        seat, points = 1, 13
    elif before == "trump":  # after trick 1 seat 1 has 22 points and leads
        state = start(CLASSIC, TRUMP, [*steps(TRUMP_AUCTION), "contract 100"])
        state = run(state, tricks("AS AH 9S"))
        seat, points = 1, 22
    else:  # after trick 3 seat 2 has 13 points and leads
        state = start(CLASSIC, DOUBLE, [*steps(DOUBLE_AUCTION), "contract 100"])
        state = run(state, tricks("AS TC 9S / KH* TD 9H / 9D AD JD"))
        seat, points = 2, 13
    assert state.to_move == seat and state.points[seat] == points
    state = run(state, lead)
    assert state.points[seat] == points + value
    assert state.trump is suit


# ---------------------------------------------------------------------------------------------
# R-BID-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_r_bid_1_opener_is_the_dealers_left_neighbour(rules: th.Rules, dealer: int) -> None:
    state = start(rules, MAIN, dealer=dealer)
    assert state.phase is th.Phase.BIDDING
    assert state.to_move == (dealer + 1) % 3
    assert state.high_bid is None


@pytest.mark.parametrize("rules", PRESETS)
def test_r_bid_1_opener_must_bid_at_least_100_and_may_not_pass(rules: th.Rules) -> None:
    # Dealer 0, seat 1 opens; it holds the ♠ and ♥ marriages.
    state = start(rules, MAIN)
    top = 260 if rules == CLASSIC else 400
    assert legal(state) == bids(100, top)
    assert "pass" not in legal(state)
    illegal(state, "pass", "opener", "100")
    illegal(state, "bid 95", "opener", "at least 100")
    illegal(state, "bid 0", "at least 100")


def test_r_bid_1_opener_without_marriage_still_opens_at_100() -> None:
    # SWEEP's opener holds no marriage: its only calls are 100 to 120, never a pass.
    state = start(CLASSIC, SWEEP.deal(0))
    assert legal(state) == bids(100, 120)
    state = run(state, "bid 100; pass; pass")
    assert (state.declarer, state.high_bid) == (1, 100)


# ---------------------------------------------------------------------------------------------
# R-BID-2
# ---------------------------------------------------------------------------------------------


def test_r_bid_2_calls_go_clockwise_skipping_seats_that_passed() -> None:
    state = start(CLASSIC, MAIN)
    movers = []
    for call in ("bid 100", "pass", "bid 105", "bid 110", "pass"):
        movers.append(state.to_move)
        state = run(state, call)
    # Seat 2 passed and is skipped: after seat 1's 110 the turn goes to seat 0.
    assert movers == [1, 2, 0, 1, 0]
    assert state.phase is th.Phase.GIVING
    assert (state.declarer, state.high_bid, state.to_move) == (1, 110, 1)


def test_r_bid_2_a_bid_is_a_higher_multiple_of_5() -> None:
    state = start(CLASSIC, MAIN, "bid 100")
    assert legal(state) == {"pass"} | bids(105, 120)
    illegal(state, "bid 103", "multiple of 5")
    illegal(state, "bid 100", "does not beat the high bid 100")
    illegal(state, "bid 95", "does not beat")
    state = run(state, "bid 120")  # a jump straight to the limit is fine
    assert state.high_bid == 120 and state.to_move == 0
    assert legal(state) == {"pass"} | bids(125, 200)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_bid_2_after_two_passes_the_high_bidder_is_declarer(rules: th.Rules) -> None:
    state = start(rules, MAIN, "bid 100; bid 105; pass")
    assert state.phase is th.Phase.BIDDING and state.to_move == 1
    state = run(state, "pass")
    assert state.phase is th.Phase.GIVING
    assert (state.declarer, state.high_bid, state.to_move) == (2, 105, 2)
    assert state.contract is None
    state = run(state, "give 9S 0; give 9D 1")
    top = 180 if rules == CLASSIC else 400  # seat 2 now holds the ♣ marriage
    assert legal(state) == contracts(105, top)  # the bid is the least contract


def test_r_bid_2_opener_plays_at_its_own_bid_when_both_others_pass() -> None:
    state = start(CLASSIC, MAIN, "bid 100; pass; pass")
    assert (state.declarer, state.high_bid, state.phase) == (1, 100, th.Phase.GIVING)


def test_r_bid_2_a_seat_that_passed_is_out_of_the_auction() -> None:
    state = start(CLASSIC, MAIN, "bid 100; pass; bid 105; bid 110; bid 115; bid 120")
    # Seat 2 passed at once: the calls since went 0, 1, 0, 1 and seat 0 is to call again.
    assert state.to_move == 0
    state = run(state, "bid 125")
    assert state.to_move == 1


def test_r_bid_2_classic_and_standard_allow_any_higher_multiple_of_5() -> None:
    assert CLASSIC.bidding.jumps and STANDARD.bidding.jumps
    state = start(STANDARD, MAIN, "bid 100; pass")
    assert legal(state) == {"pass"} | bids(105, 400)
    state = run(state, "bid 395")
    assert state.high_bid == 395 and state.to_move == 1


# ---------------------------------------------------------------------------------------------
# R-BID-3
# ---------------------------------------------------------------------------------------------


def test_r_bid_3_classic_limit_is_120_plus_marriages() -> None:
    # Seat 1: ♠ 40 + ♥ 100 -> 260; seat 2: none -> 120; seat 0: ♦ 80 -> 200.
    state = start(CLASSIC, MAIN)
    assert legal(state) == bids(100, 260)
    illegal(state, "bid 265", "above the limit", "260")
    state = run(state, "bid 100")
    assert legal(state) == {"pass"} | bids(105, 120)
    illegal(state, "bid 125", "above the limit", "120", "no marriage")
    state = run(state, "pass")
    assert legal(state) == {"pass"} | bids(105, 200)
    illegal(state, "bid 205", "above the limit", "200")


def test_r_bid_3_classic_limit_sums_every_marriage_in_hand() -> None:
    assert legal(start(CLASSIC, TRUMP)) == bids(100, 300)  # ♥ 100 + ♦ 80
    state = start(CLASSIC, BIG, "bid 100; pass")  # seat 0 holds ♦ 80 + ♣ 60
    assert legal(state) == {"pass"} | bids(105, 260)


def test_r_bid_3_limit_message_reads_like_the_api_contract_example() -> None:
    # api.md: ... a reason ("bid 125 is above the limit 120: no marriage in hand").
    state = start(CLASSIC, MAIN, "bid 100")
    illegal(state, "bid 125", "bid 125 is above the limit 120: no marriage in hand")


def test_r_bid_3_standard_limit_is_120_without_marriage_400_with_one() -> None:
    state = start(STANDARD, MAIN)
    assert legal(state) == bids(100, 400)
    illegal(state, "bid 405", "above the limit", "400")
    state = run(state, "bid 100")
    assert legal(state) == {"pass"} | bids(105, 120)
    illegal(state, "bid 125", "above the limit", "120", "no marriage")
    state = run(state, "pass")
    assert legal(state) == {"pass"} | bids(105, 400)  # seat 0: one marriage (♦)


@pytest.mark.parametrize("suit", ["S", "C", "D", "H"])
def test_r_bid_3_standard_any_single_marriage_lifts_the_cap_to_400(suit: str) -> None:
    assert legal(start(STANDARD, marriage_hand_deal(suit))) == bids(100, 400)


def test_r_bid_3_a_seat_with_no_legal_bid_must_pass() -> None:
    # Classic: seat 0 (limit 200) faces 205.
    state = start(CLASSIC, MAIN, "bid 100; pass; bid 200; bid 205")
    assert state.to_move == 0
    assert legal(state) == {"pass"}
    illegal(state, "bid 210", "above the limit", "200")
    # Standard: seat 2 (no marriage, limit 120) faces 120.
    state = start(STANDARD, MAIN, "bid 120")
    assert state.to_move == 2
    assert legal(state) == {"pass"}


_LIMIT_RULES = [
    th.Rules(),
    th.Rules.standard(),
    th.Rules().with_agreements(th.variants.ace_marriage),
    th.Rules.standard().with_agreements(th.variants.ace_marriage),
    th.Rules().with_agreements(th.variants.declaring_without_marriage),
    th.Rules.standard().with_agreements(
        th.variants.ace_marriage, th.variants.declaring_without_marriage
    ),
]


@pytest.mark.parametrize("rules", _LIMIT_RULES)
def test_r_bid_3_the_limit_table_matches_the_rule_for_every_marriage_and_ace_pattern(
    rules: th.Rules,
) -> None:
    # The auction reads each hand's limit from a table built once per rules (R-BID-3, A21,
    # A22): for every set of marriages, with and without the four aces, it is the rule's value.
    from thousand._checks import rule_checks
    from thousand.auction import bid_limit
    from thousand.cards import mask_of

    checks = rule_checks(rules)
    suits = "SCDH"
    for pattern in range(16):
        for aces in (False, True):
            cards = [f"{r}{s}" for i, s in enumerate(suits) if pattern >> i & 1 for r in "KQ"]
            cards += [f"A{s}" for s in suits] if aces else ["9S"]
            hand = mask_of(th.Card.parse(c) for c in cards)
            marriages = sum(v for i, v in enumerate((40, 60, 80, 100)) if pattern >> i & 1)
            if rules.bidding.limit == "sum":
                expected = 120 + marriages + (200 if aces and rules.play.ace_marriage else 0)
            else:
                expected = 400 if marriages or (aces and rules.play.ace_marriage) else 120
            if rules.bidding.without_marriage:
                expected = max(expected, 400)
            assert checks.limit(hand) == bid_limit(rules, hand) == expected, cards


def test_r_bid_3_the_limit_tables_follow_each_rules_object() -> None:
    # Built once per rules object and cached by identity: equal rules built anew, and more
    # rules than the cache holds, still read their own limits.
    from thousand._checks import rule_checks
    from thousand.cards import mask_of

    hand = mask_of(th.Card.parse(c) for c in ("KS", "QS", "AS", "AC", "AD", "AH"))
    for round_ in range(3):
        for n in range(70):
            rules = th.Rules.standard() if n % 2 else th.Rules()
            if n % 3 == 0:
                rules = rules.with_agreements(th.variants.ace_marriage)
            expected = {("sum", False): 160, ("sum", True): 360, ("any", False): 400}
            key = (rules.bidding.limit, rules.play.ace_marriage)
            assert rule_checks(rules).limit(hand) == expected.get(key, 400), (round_, n)
    # A pickle carries the rules, not the table, and reads back the same checks.
    import pickle

    rules = th.Rules().with_agreements(th.variants.ace_marriage)
    data = pickle.dumps(rule_checks(rules))
    assert len(data) < len(pickle.dumps(rules)) + 200
    assert pickle.loads(data).limits == rule_checks(rules).limits


# ---------------------------------------------------------------------------------------------
# R-TALON-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_r_talon_1_declarer_takes_the_talon_into_hand(rules: th.Rules) -> None:
    state = start(rules, MAIN, "bid 100; pass")
    assert state.talon == hand("QC JC 9H")
    state = run(state, "pass")
    assert state.declarer == 1
    assert state.hands[1] == hand("AS TS KS QS KH QH 9C QC JC 9H")
    assert state.hands[0] == hand("AD TD KD QD AH TH JH")
    assert state.hands[2] == hand("AC TC KC JS 9S JD 9D")
    assert state.talon == frozenset()  # no longer on the table ...
    assert state.taken_talon == hand("QC JC 9H")  # ... but its cards stay known to all


# ---------------------------------------------------------------------------------------------
# R-TALON-2
# ---------------------------------------------------------------------------------------------

MAIN_TEN = "AS TS KS QS KH QH 9C QC JC 9H"


def test_r_talon_2_declarer_gives_any_card_to_each_opponent() -> None:
    state = start(CLASSIC, MAIN, "bid 100; pass; pass")
    assert state.phase is th.Phase.GIVING and state.to_move == 1
    assert legal(state) == {f"give {c} {to}" for c in MAIN_TEN.split() for to in (0, 2)}
    state = run(state, "give KH 2")  # a marriage card may be given too
    assert legal(state) == {f"give {c} 0" for c in MAIN_TEN.split() if c != "KH"}
    state = run(state, "give AS 0")
    assert state.phase is th.Phase.CONTRACT
    assert state.hands == (
        hand("AD TD KD QD AH TH JH AS"),
        hand("TS KS QS QH 9C QC JC 9H"),
        hand("AC TC KC JS 9S JD 9D KH"),
    )


def test_r_talon_2_gives_in_either_order() -> None:
    state = start(CLASSIC, MAIN, "bid 100; pass; pass; give 9H 0")
    assert legal(state) == {f"give {c} 2" for c in MAIN_TEN.split() if c != "9H"}
    state = run(state, "give 9C 2")
    assert state.phase is th.Phase.CONTRACT
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert th.Card.parse("9H") in state.hands[0] and th.Card.parse("9C") in state.hands[2]


def test_r_talon_2_standard_offers_distribution_beside_the_gives() -> None:
    state = start(STANDARD, MAIN, "bid 100; pass; pass")
    gives = {f"give {c} {to}" for c in MAIN_TEN.split() for to in (0, 2)}
    assert legal(state) == gives | {"distribute"}


def test_r_talon_2_illegal_gives_say_why() -> None:
    state = start(CLASSIC, MAIN, "bid 100; pass; pass")
    illegal(state, "give AS 1", "not itself")
    illegal(state, "give AD 2", "does not hold AD")
    state = run(state, "give 9C 2")
    illegal(state, "give 9H 2", "already received")
    illegal(state, "bid 105", "auction")


# ---------------------------------------------------------------------------------------------
# R-TALON-3
# ---------------------------------------------------------------------------------------------


def test_r_talon_3_contract_from_the_bid_up_to_the_classic_limit() -> None:
    state = start(CLASSIC, MAIN, MAIN_AUCTION)  # bid 110; 8 cards hold ♠ and ♥: 260
    assert state.phase is th.Phase.CONTRACT
    assert legal(state) == contracts(110, 260)
    illegal(state, "contract 105", "below the winning bid 110")
    illegal(state, "contract 265", "above the limit", "260")
    illegal(state, "contract 112", "multiple of 5")
    state = run(state, "contract 260")
    assert state.contract == 260 and state.phase is th.Phase.PLAYING


def test_r_talon_3_limit_is_computed_on_the_eight_card_hand() -> None:
    # Bid 150 (limit 260 on 7 cards); giving QH away leaves only ♠: 160.
    state = start(CLASSIC, MAIN, "bid 150; pass; pass; give QH 2; give 9C 0")
    assert legal(state) == contracts(150, 160)
    # Seat 2 (bidding limit 120) takes QC from the talon to its KC: the ♣ marriage, 180.
    state = start(CLASSIC, MAIN, "bid 100; bid 105; pass; pass; give 9S 0; give 9D 1")
    assert state.declarer == 2
    assert legal(state) == contracts(105, 180)
    state = start(STANDARD, MAIN, "bid 100; bid 105; pass; pass; give 9S 0; give 9D 1")
    assert legal(state) == contracts(105, 400)


@pytest.mark.parametrize("rules", PRESETS)
def test_r_talon_3_never_below_the_bid_when_the_limit_fell(rules: th.Rules) -> None:
    # Bid 260; KH and QS given away: no marriage left, limit 120 < 260.
    state = start(rules, MAIN, "bid 260; pass; pass; give KH 2; give QS 0")
    assert legal(state) == {"contract 260"}
    illegal(state, "contract 265", "above the limit")
    illegal(state, "contract 120", "below the winning bid 260")


def test_r_talon_3_standard_no_marriage_caps_the_contract_at_120() -> None:
    state = start(STANDARD, SWEEP.deal(0), "bid 100; pass; pass; give AH 2; give TH 0")
    assert legal(state) == contracts(100, 120)
