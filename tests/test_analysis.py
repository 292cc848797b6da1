"""thousand.analysis.review: the solver's verdict on every card played.

The scenario deals below are worked out by hand (no marriage but the one named, and every
declarer card but one a sure winner), so that the losses the review reports are checked against
numbers that do not come from the solver. Other tests check the review against independent
solves of each position (R-SCORE-1: the solver's value is the declarer's deal points).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import thousand as th
from thousand import records
from thousand.__main__ import play_demo_game
from thousand.analysis import DealReview, GameReview, PlayReview, review

from .scenario import Layout, run, start, tricks

# ---------------------------------------------------------------------------------------------
# DRAW (dealer 0, classic): seat 1 bids 100 alone, takes AH 9H 9D, gives 9H to seat 2 and 9D to
# seat 0, and plays 120. After the gives:
#   seat 0  QS 9S QC 9C QD 9D TH QH
#   seat 1  AS TS JS AC TC AD TD AH   (the ace and ten of every suit but hearts; no marriage)
#   seat 2  KS KC JC KD JD KH JH 9H   (no seat holds a king and a queen of one suit)
# No marriage can be declared, so there is never a trump. Leading the aces and tens first, then
# JS once the king of spades has fallen, seat 1 takes all eight tricks: 120, the most there is.
# Leading JS at once is the blunder: seat 2 wins it with its only spade, KS, and seat 0 adds QS:
# the defenders keep JS 2 + KS 4 + QS 3 = 9 and seat 1, taking every other trick (its other
# cards are all winners, AH included, and seat 2 must lead into them), ends with 111: JS lost 9.
# Seat 0 playing 9S instead of QS hands the declarer the queen's 3 (it falls later): 114.
# ---------------------------------------------------------------------------------------------
DRAW = th.Deal.parse(
    "QS 9S QC 9C QD TH QH / AS TS JS AC TC AD TD / KS KC JC KD JD KH JH / AH 9H 9D"
)
DRAW_AUCTION = "bid 100; pass; pass; give 9H 2; give 9D 0; contract 120"
DRAW_BEST = "AS KS QS / TS JH 9S / JS 9H TH / AH KH QH / AC KC QC / TC JC 9C / AD KD QD / TD JD 9D"
DRAW_BLUNDER = (
    "JS KS 9S / JH QH AH / AS 9H QS / TS KH TH / AC JC 9C / TC KC QC / AD JD 9D / TD KD QD"
)

# ---------------------------------------------------------------------------------------------
# WED (dealer 0, classic): seat 1 bids 100 alone, takes AD 9D 9S, gives 9D to seat 2 and 9S to
# seat 0, and plays 200. After the gives:
#   seat 0  JH 9H QS 9S QC 9C TD QD
#   seat 1  AH KH QH AS TS AC TC AD   (the heart marriage, worth 100)
#   seat 2  TH KS JS KC JC KD JD 9D   (the ten of hearts alone)
# AH draws TH at trick 1; from trick 2 seat 1 may declare hearts and takes every trick: 220.
# Leading KH at trick 2 without declaring keeps every trick but gives up the marriage: 120, a
# loss of 100. Any other lead of trick 2 keeps the marriage for later.
# ---------------------------------------------------------------------------------------------
WED = th.Deal.parse("JH 9H QS QC 9C TD QD / AH KH QH AS TS AC TC / TH KS JS KC JC KD JD / AD 9D 9S")
WED_AUCTION = "bid 100; pass; pass; give 9D 2; give 9S 0; contract 200"
WED_PLAIN = "AH TH 9H / KH KS JH / QH JS QS / AS KC 9S / TS JC QC / AC KD 9C / TC JD TD / AD 9D QD"
WED_DECLARED = (
    "AH TH 9H / KH* KS JH / QH JS QS / AS KC 9S / TS JC QC / AC KD 9C / TC JD TD / AD 9D QD"
)


def plays(text: str) -> tuple[th.Play, ...]:
    """``"KH* QS"`` → the plays, ``*`` declaring the marriage."""
    return tuple(th.Play(th.Card.parse(t.rstrip("*")), t.endswith("*")) for t in text.split())


def draw(line: str) -> th.State:
    """DRAW up to the contract, then the cards of ``line``."""
    return start(th.Rules.classic(), DRAW, [*DRAW_AUCTION.split("; "), *tricks(line)])


def wed(line: str) -> th.State:
    """WED up to the contract, then the cards of ``line``."""
    return start(th.Rules.classic(), WED, [*WED_AUCTION.split("; "), *tricks(line)])


def test_a_declarer_leading_into_a_king_loses_the_trick_it_gives_away() -> None:
    state = draw(DRAW_BLUNDER)
    (deal,) = review(state).deals
    first, second, third = deal.plays[:3]
    assert first == PlayReview(
        deal_number=1,
        trick=1,
        seat=1,
        card=th.Card.parse("JS"),
        marriage=False,
        loss=9,
        best=plays("AH AD TD AC TC AS TS"),
        value_before=120,
        value_after=111,
    )
    assert (second.seat, str(second.card), second.loss) == (2, "KS", 0)
    assert second.best == plays("KS")  # its only spade
    # The defender who lets the queen of spades fall later hands the declarer 3 points.
    assert (third.seat, str(third.card), third.loss) == (0, "9S", 3)
    assert third.best == plays("QS")
    assert (third.value_before, third.value_after) == (111, 114)
    assert [p.loss for p in deal.plays[3:]] == [0] * 21
    assert deal.losses_per_seat == (3, 9, 0)
    assert (deal.declarer, deal.contract, deal.value_start, deal.value_end) == (1, 120, 120, 114)
    assert state.sheet[-1].points[1] == 114 and state.sheet[-1].made is False


def test_an_optimal_line_reviews_as_all_zeros() -> None:
    (deal,) = review(draw(DRAW_BEST)).deals
    assert len(deal.plays) == 24 and deal.finished
    assert [p.loss for p in deal.plays] == [0] * 24
    assert all(p.value_before == p.value_after == 120 for p in deal.plays)
    assert all(p.optimal and p.action in p.best for p in deal.plays)
    assert deal.losses_per_seat == (0, 0, 0)
    assert (deal.value_start, deal.value_end) == (120, 120)


def test_a_marriage_led_without_declaring_it_loses_its_value() -> None:
    (deal,) = review(wed(WED_PLAIN)).deals
    lead = deal.plays[3]
    assert (lead.trick, lead.seat, str(lead.card), lead.marriage) == (2, 1, "KH", False)
    assert lead.loss == 100
    assert lead.best == plays("KH* QH* AD AC TC AS TS")
    assert (lead.value_before, lead.value_after) == (220, 120)
    assert deal.losses_per_seat == (0, 100, 0)
    assert (deal.value_start, deal.value_end) == (220, 120)

    (deal,) = review(wed(WED_DECLARED)).deals
    lead = deal.plays[3]
    assert (str(lead.card), lead.marriage, lead.loss) == ("KH", True, 0)
    assert lead.action == th.Play(th.Card.parse("KH"), marriage=True)
    assert [p.loss for p in deal.plays] == [0] * 24
    assert (deal.value_start, deal.value_end) == (220, 220)


def first_deals(game: th.State, count: int) -> th.State:
    """``game`` replayed to the end of its deal ``count``."""
    state = th.new_game(game.rules, dealer=_first_dealer(game))
    for action in game.history:
        state = th.apply(state, action)
        if len(state.sheet) == count:
            return state
    raise AssertionError(f"the game has fewer than {count} deals")


def _first_dealer(game: th.State) -> int:
    """The dealer of the game's first deal."""
    return game.sheet[0].dealer


AGREEMENTS = th.Rules.standard().with_agreements(
    th.variants.ace_marriage,
    th.variants.dont_allow_opponent_trumps,
    th.variants.trumps_in_first_move,
)


@pytest.mark.parametrize(
    ("rules", "seed"), [(th.Rules.classic(), 1), (th.Rules.standard(), 2), (AGREEMENTS, 3)]
)
def test_the_loss_is_the_value_before_the_play_less_the_value_after(
    rules: th.Rules, seed: int
) -> None:
    game = first_deals(play_demo_game(seed, rules, players="heuristic"), 4)
    count = 0
    for _, action, play, before in fresh_solves(game, review(game), rules, _first_dealer(game)):
        assert (play.loss == 0) == (action in before.best)
        count += 1
    assert count == sum(24 for record in game.sheet if record.made is not None)


def fresh_solves(
    game: th.State, reviewed: GameReview, rules: th.Rules, dealer: int
) -> Iterator[tuple[th.State, th.Action, PlayReview, th.Solution]]:
    """Each play of ``game`` (under ``rules``, first dealt by ``dealer``) and its review in
    ``reviewed``, the review checked against the positions before and after the play solved
    afresh (each position's own solve, not the review's): the seat, the card and the trick, the
    loss (the value before less the value after, for the declarer; the other way round for a
    defender), the best actions and both values; and the review has no play more. Yields the
    position before each play, the play, its review and the solve of that position."""
    plays = iter(reviewed.plays)
    state = th.new_game(rules, dealer=dealer)
    for action in game.history:
        after = th.apply(state, action)
        if state.phase is th.Phase.PLAYING:
            play = next(plays)
            before = th.solve(state)
            if after.phase is th.Phase.PLAYING:
                value = th.solve(after).value
            else:  # the deal is over: the declarer's deal points as scored
                record = after.sheet[-1]
                value = record.points[record.declarer]
            sign = 1 if state.to_move == state.declarer else -1
            assert (play.seat, play.action, play.trick) == (
                state.to_move,
                action,
                state.tricks_played + 1,
            )
            assert play.loss == sign * (before.value - value) >= 0
            assert play.best == before.best
            assert (play.value_before, play.value_after) == (before.value, value)
            yield state, action, play, before
        state = after
    assert next(plays, None) is None


@pytest.fixture(scope="module")
def demo() -> tuple[th.State, GameReview]:
    """The heuristic bots' demo game of seed 1 (31 deals), and its review."""
    game = play_demo_game(1, players="heuristic")
    return game, review(game)


def test_a_whole_game_reviews_every_deal_and_the_losses_add_up(
    demo: tuple[th.State, GameReview],
) -> None:
    game, reviewed = demo
    for deal, _ in reviewed_deals(game, reviewed):
        assert deal.losses_per_seat == tuple(
            sum(p.loss for p in deal.plays if p.seat == seat) for seat in range(3)
        )
        assert all(p.trick == n for n, t in enumerate(deal.tricks, 1) for p in t)
        assert deal.plays[-1].loss == 0  # the last card is forced
    assert len(reviewed.plays) == 24 * len(reviewed.deals)
    assert reviewed.deal(3) is reviewed.deals[2]


def reviewed_deals(
    game: th.State, reviewed: GameReview
) -> Iterator[tuple[DealReview, th.DealRecord]]:
    """The review of each deal of ``game`` played through, with its row of the score sheet,
    checked against that row: the declarer, the contract and the deal points, the value at
    the start less the declarer's own losses plus those the defenders handed it, eight tricks
    of three cards; and the losses of the game, seat by seat, add up those of the deals."""
    assert [d.deal_number for d in reviewed.deals] == [
        r.deal_number for r in game.sheet if r.made is not None
    ]
    for deal in reviewed.deals:
        record = game.sheet[deal.deal_number - 1]
        assert (deal.declarer, deal.contract) == (record.declarer, record.contract)
        assert deal.value_end == record.points[record.declarer]
        own = deal.losses_per_seat[deal.declarer]
        handed = sum(deal.losses_per_seat) - own
        assert deal.value_end == deal.value_start - own + handed
        assert [len(t) for t in deal.tricks] == [3] * 8
        yield deal, record
    assert reviewed.losses_per_seat == tuple(
        sum(d.losses_per_seat[seat] for d in reviewed.deals) for seat in range(game.players)
    )


def test_a_record_a_dict_and_a_file_review_as_the_state(
    demo: tuple[th.State, GameReview], tmp_path: Path
) -> None:
    game, reviewed = demo
    short = first_deals(game, 2)
    expected = review(short)
    assert expected.deals == reviewed.deals[:2]
    text = records.dump(short)
    assert review(text) == expected
    assert review(short.to_dict()) == expected
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    assert review(path) == expected


def test_a_deal_under_way_is_reviewed_up_to_the_last_card() -> None:
    state = draw("JS KS 9S / JH")
    (deal,) = review(state).deals
    assert [(p.trick, str(p.card), p.loss) for p in deal.plays] == [
        (1, "JS", 9),
        (1, "KS", 0),
        (1, "9S", 3),
        (2, "JH", 0),
    ]
    assert not deal.finished
    assert [len(t) for t in deal.tricks] == [3, 1]
    assert (deal.value_start, deal.value_end) == (120, 114)

    (deal,) = review(draw("")).deals  # the contract is fixed, no card played yet
    assert (deal.plays, deal.value_start, deal.value_end) == ((), 120, 120)


def test_deals_that_never_reach_the_play_have_no_review() -> None:
    assert review(th.new_game()).deals == ()
    assert review(start(th.Rules.classic(), DRAW, "bid 100; pass")).deals == ()
    # A distributed deal (R-DIST-1) plays no card; the next deal's play is reviewed.
    state = start(th.Rules.standard(), DRAW, "bid 100; pass; pass; distribute")
    assert review(state).deals == ()
    # Deal 2, dealer 1: DRAW again, seated so that seat 2 holds the declarer's hand.
    again = Layout(
        "AS TS JS AC TC AD TD", "KS KC JC KD JD KH JH", "QS 9S QC 9C QD TH QH", "AH 9H 9D"
    )
    state = run(th.apply(state, again.deal(1)), "bid 100; pass; pass; give 9H 0; give 9D 1")
    state = run(state, "contract 120")
    (deal,) = review(state).deals
    assert (deal.deal_number, deal.declarer, deal.plays, deal.value_start) == (2, 2, (), 120)


def test_the_text_forms_are_tables_of_the_losses() -> None:
    reviewed = review(draw(DRAW_BLUNDER))
    deal = reviewed.deals[0]
    assert str(deal.plays[0]) == (
        "deal 1, trick 1: seat 1 play JS: loses 9 (best: AH AD TD AC TC AS TS)"
    )
    assert str(deal.plays[1]) == "deal 1, trick 1: seat 2 play KS: best play"
    lines = str(deal).splitlines()
    assert lines[:5] == [
        "deal 1: seat 1 declarer at 120; best play from the first lead gives it 120, the cards "
        "played 114",
        "trick  seat  card         loss  best",
        "    1     1  JS              9  AH AD TD AC TC AS TS",
        "    1     2  KS              0",
        "    1     0  9S              3  QS",
    ]
    assert lines[-1] == "losses: seat 0: 3, seat 1: 9, seat 2: 0"
    assert len(lines) == 2 + 24 + 1
    assert str(reviewed) == (
        "deal  declarer  contract  best  played  loss 0  loss 1  loss 2\n"
        "   1         1       120   120     114       3       9       0\n"
        "total                                        3       9       0"
    )
    wedding = str(review(wed(WED_PLAIN)).deals[0]).splitlines()
    assert wedding[5] == "    2     1  KH            100  KH marriage QH marriage AD AC TC AS TS"
    assert (
        str(review(draw("JS KS")).deals[0]).splitlines()[0].endswith("best play after 2 cards 111")
    )


def test_bad_inputs_are_named() -> None:
    with pytest.raises(TypeError, match="not 42"):
        review(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"one line.*pathlib\.Path"):
        review("game.txt")
    with pytest.raises(records.RecordError, match="line 1: format 'thousand record 9'"):
        review("format: thousand record 9\nrules: classic\ndealer: 0\nscores: 0 0 0\n")
    with pytest.raises(th.ThousandError, match="history"):
        review({"rules": {}, "start": {}})
    with pytest.raises(KeyError, match="deal 2 was not reviewed: the deals reviewed are 1"):
        review(draw(DRAW_BEST)).deal(2)
    with pytest.raises(KeyError, match="no deal reached the play"):
        review(th.new_game()).deal(1)


def test_the_values_are_frozen() -> None:
    deal = review(draw("JS")).deals[0]
    assert isinstance(deal, DealReview)
    with pytest.raises(AttributeError):
        deal.contract = 100  # type: ignore[misc]
    with pytest.raises(AttributeError):
        deal.plays[0].loss = 0  # type: ignore[misc]


def test_a_drawn_state_reviews_its_own_deal() -> None:
    # sample_state's history starts at the current deal's first card: that deal is reviewed,
    # with the hands drawn.
    state = draw("JS KS 9S / JH QH")
    drawn = th.sample_state(th.observe(state, 0), random.Random(5))
    (deal,) = review(drawn).deals
    assert [(p.seat, str(p.card)) for p in deal.plays] == [
        (1, "JS"),
        (2, "KS"),
        (0, "9S"),
        (2, "JH"),
        (0, "QH"),
    ]
    data = drawn.to_dict()
    data["history"] = data["history"][:-5]  # back to the first lead
    assert deal.value_start == th.solve(th.State.from_dict(data)).value
    assert deal.value_end == th.solve(drawn).value


# -- a table of four (four-players.md) --------------------------------------------------------
# DRAW at a table of four, dealer 1: seat 1 sits out (R-FOUR-1) and seats 2, 3 and 0 hold the
# hands of seats 1, 2 and 0 of the three-player deal (R-FOUR-2), seat 2 declaring. The play is
# the same, seat for seat, so the losses are those worked out above: JS loses 9, 9S 3.
DRAW_FOUR = th.Deal(
    (DRAW.hands[1], DRAW.hands[2], DRAW.hands[0]),
    DRAW.talon,
)
DRAW_FOUR_AUCTION = "bid 100; pass; pass; give 9H 3; give 9D 0; contract 120"


def draw_four(line: str) -> th.State:
    """DRAW at a table of four up to the contract, then the cards of ``line``."""
    state = th.apply(th.new_game(th.Rules.classic(players=4), dealer=1), DRAW_FOUR)
    return run(state, [*DRAW_FOUR_AUCTION.split("; "), *tricks(line)])


def test_r_four_1_a_deal_at_four_reviews_as_at_three_and_the_sitter_loses_nothing() -> None:
    state = draw_four(DRAW_BLUNDER)
    assert state.sheet[-1].sitter == 1 and state.sheet[-1].points[2] == 114
    reviewed = review(state)
    (deal,) = reviewed.deals
    three = review(draw(DRAW_BLUNDER)).deals[0]
    seat = {1: 2, 2: 3, 0: 0}  # the three-player seats at the table of four
    assert [(seat[p.seat], p.card, p.loss, p.best) for p in three.plays] == [
        (p.seat, p.card, p.loss, p.best) for p in deal.plays
    ]
    assert (deal.declarer, deal.sitter, deal.value_start, deal.value_end) == (2, 1, 120, 114)
    assert deal.losses_per_seat == (3, 0, 9, 0)
    assert reviewed.players == 4 and reviewed.losses_per_seat == (3, 0, 9, 0)
    assert all(p.seat != 1 for p in deal.plays)
    assert three.sitter is None and review(draw(DRAW_BLUNDER)).players == 3


def test_r_four_1_the_text_forms_at_four_name_the_sitter_and_a_fourth_column() -> None:
    reviewed = review(draw_four(DRAW_BLUNDER))
    lines = str(reviewed.deals[0]).splitlines()
    assert lines[:5] == [
        "deal 1: seat 2 declarer at 120, seat 1 sitting out; best play from the first lead "
        "gives it 120, the cards played 114",
        "trick  seat  card         loss  best",
        "    1     2  JS              9  AH AD TD AC TC AS TS",
        "    1     3  KS              0",
        "    1     0  9S              3  QS",
    ]
    assert lines[-1] == "losses: seat 0: 3, seat 2: 9, seat 3: 0"
    assert str(reviewed) == (
        "deal  declarer  contract  best  played  loss 0  loss 1  loss 2  loss 3\n"
        "   1         2       120   120     114       3       0       9       0\n"
        "total                                        3       0       9       0"
    )
    empty = review(th.new_game(th.Rules.classic(players=4)))
    assert empty.deals == () and empty.losses_per_seat == (0, 0, 0, 0)
    assert str(empty).splitlines()[0].endswith("loss 2  loss 3")


def heuristic_game_four(rules: th.Rules, seed: int, deals: int) -> th.State:
    """The heuristic bots at a table of four, each on its own seat's observation, for
    ``deals`` deals (or to the end of the game); the cards dealt drawn from ``seed``."""
    rng = random.Random(seed)
    seats = [th.bots.HeuristicBot(random.Random(seed + i)) for i in range(4)]
    state = th.new_game(rules, dealer=seed % 4)
    while len(state.sheet) < deals and state.phase is not th.Phase.GAME_OVER:
        seat = state.to_move
        if seat is None:
            state = th.apply(state, rng.choice(th.legal_actions(state)))
        else:
            state = th.apply(state, seats[seat].act(th.observe(state, seat)))
    return state


FOUR_AGREEMENTS = th.Rules.standard(players=4).with_agreements(
    th.variants.ace_marriage,
    th.variants.dont_allow_opponent_trumps,
    th.variants.trumps_in_first_move,
    th.variants.golden_round,
)


@pytest.mark.parametrize(
    ("rules", "seed"),
    [(th.Rules.classic(players=4), 1), (th.Rules.standard(players=4), 2), (FOUR_AGREEMENTS, 3)],
)
def test_r_four_1_a_game_at_four_reviews_every_play_as_fresh_solves_do(
    rules: th.Rules, seed: int
) -> None:
    """Every play of a four-player game: its loss is the value before it less the value after
    (each position solved afresh), the sitter plays none, and the losses add up deal by deal."""
    game = heuristic_game_four(rules, seed, 5)
    reviewed = review(game)
    assert reviewed.players == 4 and reviewed.deals
    for state, _, play, _ in fresh_solves(game, reviewed, rules, seed % 4):
        assert play.seat == state.to_move != state.sitter
    for deal, record in reviewed_deals(game, reviewed):
        assert deal.sitter == record.sitter
        assert deal.sitter is not None and deal.losses_per_seat[deal.sitter] == 0


def test_r_four_1_a_record_and_a_dict_of_a_game_at_four_review_as_the_state() -> None:
    game = heuristic_game_four(th.Rules.classic(players=4), 4, 3)
    expected = review(game)
    assert expected.players == 4 and expected.deals
    assert review(records.dump(game)) == expected
    assert review(game.to_dict()) == expected
