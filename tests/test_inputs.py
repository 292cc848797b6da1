"""Inputs at the edges: seats are plain ints, cards are built from their own enums or ints, text
is read in ASCII letters only, and numbers too large to print are refused with the library's
own message instead of Python's digit-limit error."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import thousand as th
from thousand import encoding, records
from thousand.actions import action_from_dict
from thousand.dicts import record_from_dict, record_to_dict
from thousand.errors import shown
from thousand.records import RecordError

from .extras import extra

HUGE = 10**5000  # 5001 digits: str() refuses it (sys.get_int_max_str_digits)
TEN_HEARTS = th.Card.parse("TH")
NUMBER_LIMIT = 1_000_000  # thousand.rules.NUMBER_LIMIT
SCORE_LIMIT = 10**15  # thousand.rules.SCORE_LIMIT


def label(value: object) -> str:
    """A test id: repr, or a word for an int too long for one."""
    return "huge" if isinstance(value, int) and value.bit_length() > 64 else repr(value)[:30]


# -- seats ------------------------------------------------------------------------------------

#: Values equal to a seat (1.0 == 1, True == 1...) that are not the int itself.
LOOK_ALIKE_SEATS: list[object] = [1.0, 0.0, True, False, Fraction(1), Decimal(2), complex(1), "1"]
NOT_SEATS = st.one_of(
    st.sampled_from(LOOK_ALIKE_SEATS),
    st.floats(),
    st.integers().filter(lambda i: not 0 <= i <= 3),  # 3 is a seat at a table of four
    st.text(max_size=3),
    st.none(),
    st.lists(st.integers(0, 2), max_size=2),
)


def seat_takers() -> list[tuple[str, Any]]:
    """Each public entry point that takes a seat, with the name its error gives it."""
    state = th.new_game()
    return [
        ("dealer", lambda seat: th.new_game(dealer=seat)),
        ("seat", lambda seat: th.observe(state, seat)),
        ("seat", lambda seat: th.information_state(state, seat)),
        ("Give.to", lambda seat: th.Give(TEN_HEARTS, seat)),
        ("dealer", lambda seat: th.arena.play_game([th.bots.RandomBot()] * 3, dealer=seat)),
    ]


@pytest.mark.parametrize("seat", LOOK_ALIKE_SEATS, ids=label)
def test_every_seat_taker_refuses_a_value_that_only_equals_a_seat(seat: object) -> None:
    for name, take in seat_takers():
        with pytest.raises(ValueError) as caught:
            take(seat)
        seats = "0, 1, 2 or 3" if name == "Give.to" else "0, 1 or 2"  # a give names any table's
        head = f"seat must be {seats}" if name == "seat" else f"{name} must be a seat {seats}"
        expected = f"{head} (a Python int), not {shown(seat)} of type {type(seat).__name__}"
        assert str(caught.value) == expected


@given(NOT_SEATS)
def test_no_seat_taker_accepts_anything_but_the_ints_of_seats(seat: object) -> None:
    for name, take in seat_takers()[:4]:
        with pytest.raises(ValueError, match=f"^{name} must be ") as caught:
            take(seat)
        assert shown(seat) in str(caught.value)


def test_new_game_refuses_a_numpy_dealer() -> None:
    np = extra("numpy")
    with pytest.raises(ValueError) as caught:
        th.new_game(dealer=np.int64(1))
    assert str(caught.value) == (
        "dealer must be a seat 0, 1 or 2 (a Python int), not np.int64(1) of type int64"
    )


def test_observe_and_information_state_refuse_a_numpy_seat() -> None:
    np = extra("numpy")
    state = th.new_game()
    for look in (th.observe, th.information_state):
        with pytest.raises(ValueError, match=r"^seat must be 0, 1 or 2 \(a Python int\), not np"):
            look(state, np.int64(0))


def test_a_seat_out_of_range_is_named_as_before() -> None:
    with pytest.raises(ValueError) as caught:
        th.new_game(dealer=3)
    assert str(caught.value) == "dealer must be a seat 0, 1 or 2, not 3"
    with pytest.raises(ValueError) as caught:
        th.observe(th.new_game(), HUGE)
    assert str(caught.value) == "seat must be 0, 1 or 2, not <int of 5001 digits>"


def test_a_float_seat_in_a_give_is_a_value_error() -> None:
    with pytest.raises(ValueError) as caught:
        th.Give(TEN_HEARTS, 1.0)  # type: ignore[arg-type]
    assert (
        str(caught.value)
        == "Give.to must be a seat 0, 1, 2 or 3 (a Python int), not 1.0 of type float"
    )


def test_pettingzoo_env_refuses_a_dealer_that_is_not_an_int() -> None:
    for module in ("numpy", "gymnasium", "pettingzoo"):
        extra(module)
    np = extra("numpy")
    from thousand.adapters import pettingzoo as tpz

    dealers: list[Any] = [1.0, True, np.int64(1)]
    for dealer in dealers:
        with pytest.raises(ValueError, match=r"^dealer must be None or a seat 0, 1 or 2 \(a Py"):
            tpz.env(dealer=dealer)
    assert tpz.raw_env(dealer=None).dealer is None


# -- cards ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "rank"),
    [(1.5, 2), (0, True), (True, 0), (1.0, 2), (th.Rank.NINE, th.Rank.NINE), ("0", 1), (HUGE, 0)],
    ids=label,
)
def test_card_takes_only_its_enums_or_ints(suit: Any, rank: Any) -> None:
    with pytest.raises(ValueError) as caught:
        th.Card(suit, rank)
    assert str(caught.value) == (
        f"not a card: suit {shown(suit)}, rank {shown(rank)} "
        "(a suit is a Suit or an int 0 to 3, a rank a Rank or an int 0 to 5)"
    )


def test_card_from_enums_and_ints() -> None:
    assert th.Card(3, 4) is th.Card(th.Suit.HEARTS, th.Rank.TEN) is TEN_HEARTS
    assert th.Card(th.Suit.HEARTS, 4) is th.Card(3, th.Rank.TEN) is TEN_HEARTS


def test_card_refuses_numpy_ints() -> None:
    np = extra("numpy")
    with pytest.raises(ValueError, match=r"^not a card: suit np.int64"):
        th.Card(np.int64(3), 4)


# -- look-alike letters -----------------------------------------------------------------------

# 'ſ' (long s) and 'ı' (dotless i) upper-case to S and I; 'K' (Kelvin) lower-cases to k.
LONG_S, DOTLESS_I, KELVIN = "\u017f", "\u0131", "\u212a"


@pytest.mark.parametrize(
    "read",
    [
        lambda: th.Card.parse("A" + LONG_S),
        lambda: th.Suit.parse(LONG_S),
        lambda: th.cards("AH A" + LONG_S),
        lambda: th.parse_action("play A" + LONG_S),
        lambda: th.parse_action("loo" + KELVIN),
        lambda: th.parse_action("hıdden".replace("ı", DOTLESS_I)),
        lambda: th.Deal.parse(
            "9S JS QS KS TS A" + LONG_S + " 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / "
            "KH TH AH"
        ),
    ],
)
def test_text_parsers_refuse_look_alike_letters(read: Any) -> None:
    with pytest.raises(ValueError, match=r"^not a"):
        read()


def test_card_parse_names_the_look_alike_suit() -> None:
    with pytest.raises(ValueError) as caught:
        th.Card.parse("A" + LONG_S)
    assert str(caught.value) == (
        "not a card: 'Aſ' (not a suit: 'ſ' (expected one of S C D H or ♠ ♣ ♦ ♥))"
    )


def test_card_parse_keeps_lower_case_letters_and_symbols() -> None:
    assert th.Card.parse("as") is th.Card.parse("A♠") is th.Card.parse("A♤") is th.Card(0, 5)
    assert th.Card.parse("10h") is th.Card.parse(" T♥ ") is TEN_HEARTS


def test_card_parse_refuses_space_inside_a_card() -> None:
    with pytest.raises(ValueError, match=r"^not a card: 'A S'"):
        th.Card.parse("A S")


def a_sheet_row() -> dict[str, Any]:
    """The dict of the first score-sheet row of a whole game."""
    state = th.arena.play_game([th.bots.HeuristicBot()] * 3, seed=1)
    return record_to_dict(state.sheet[0])


def test_dict_readers_refuse_look_alike_letters() -> None:
    row = a_sheet_row()
    assert record_from_dict(row) is not None
    marriage = row | {"marriages": [[0, LONG_S]]}
    with pytest.raises(th.ThousandError) as caught:
        record_from_dict(marriage)
    assert str(caught.value) == (
        "record['marriages'][0][1] must be a suit letter S, C, D or H (or null), not 'ſ'"
    )
    kind = "distribution".replace("i", DOTLESS_I)
    event = row | {"events": [{"kind": kind, "seat": 0}]}
    with pytest.raises(th.ThousandError) as caught:
        record_from_dict(event)
    assert str(caught.value) == "record['events'][0]['kind'] is not a kind of event: 'dıstrıbutıon'"


# -- huge numbers -----------------------------------------------------------------------------


def test_the_limits_are_documented_values() -> None:
    assert th.rules.NUMBER_LIMIT == NUMBER_LIMIT and th.rules.SCORE_LIMIT == SCORE_LIMIT
    assert th.rules.SCORE_SPAN == "from -10**15 to 10**15"


def test_shown_describes_an_int_too_long_to_print() -> None:
    assert shown(HUGE) == "<int of 5001 digits>"
    assert shown(-HUGE + 1) == "<negative int of 5000 digits>"
    assert shown([HUGE, 1]) == "[<int of 5001 digits>, 1]"
    assert shown(10**600) == "100000000000000000...0000000000000000000"


@pytest.mark.parametrize("cls", [th.Bid, th.Contract, th.Unhide])
@pytest.mark.parametrize("value", [HUGE, -HUGE, NUMBER_LIMIT + 1], ids=label)
def test_action_values_beyond_the_limit_are_refused_when_built(cls: Any, value: int) -> None:
    with pytest.raises(ValueError) as caught:
        cls(value)
    assert str(caught.value) == (
        f"{cls.__name__}.value must be a whole number from -1000000 to 1000000, not {shown(value)}"
    )
    assert str(cls(NUMBER_LIMIT)) == f"{str(cls(100)).split()[0]} 1000000"


def test_a_huge_bid_in_text_or_a_dict_gets_the_librarys_error() -> None:
    with pytest.raises(ValueError) as caught:
        th.parse_action("bid " + "9" * 5000)
    assert str(caught.value) == (
        "not an action: 'bid 9999999999999...999999999999999999' "
        "('99999999999999999...999999999999999999' is too large)"
    )
    with pytest.raises(th.ThousandError) as thrown:
        action_from_dict({"type": "bid", "value": HUGE})
    assert str(thrown.value) == (
        "bad 'bid' action {'type': 'bid', 'value': <int of 5001 digits>}: "
        "Bid.value must be a whole number from -1000000 to 1000000, not <int of 5001 digits>"
    )


def test_an_action_id_too_long_to_print_is_named_shortly() -> None:
    with pytest.raises(ValueError) as caught:
        encoding.action_from_id(HUGE)
    assert str(caught.value) == (
        "an action id <int of 5001 digits> is out of range: ids run from 0 to 410"
    )
    with pytest.raises(ValueError, match=r"^a chance id <negative int of 5001 digits> is out of"):
        encoding.chance_from_id(-HUGE)
    with pytest.raises(ValueError) as caught:
        encoding.action_id(HUGE)  # type: ignore[arg-type]
    assert str(caught.value) == "<int of 5001 digits> is not an action (got int)"
    with pytest.raises(ValueError, match=r"^<int of 5001 digits> is not a chance action"):
        encoding.chance_id(HUGE)  # type: ignore[arg-type]


RULES_NUMBERS = [
    (th.BiddingRules, "skip_below"),
    (th.ScoringRules, "target"),
    (th.ScoringRules, "penalty"),
    (th.ScoringRules, "max_deals"),
    (th.BarrelRules, "threshold"),
    (th.BarrelRules, "deals"),
    (th.DistributionRules, "per_opponent"),
    (th.DistributionRules, "limit"),
    (th.RedealRules, "talon_score_below"),
    (th.RedealRules, "card_score_below"),
    (th.TableRules, "ace_value"),
]


def test_every_int_field_of_the_rules_is_listed() -> None:
    sections = [str(f.type) for f in attrs.fields(th.Rules)]
    found = {
        (section.__name__, field.name)
        for section in (getattr(th, name) for name in sections)
        for field in attrs.fields(section)
        if "int" in str(field.type)
    }
    assert found == {(cls.__name__, name) for cls, name in RULES_NUMBERS}


@pytest.mark.parametrize(("cls", "name"), RULES_NUMBERS, ids=lambda x: getattr(x, "__name__", x))
@pytest.mark.parametrize("value", [HUGE, HUGE + 1, NUMBER_LIMIT + 5], ids=label)
def test_rules_numbers_beyond_the_limit_are_refused(cls: Any, name: str, value: int) -> None:
    with pytest.raises(th.RulesError) as caught:
        cls(**{name: value})
    assert str(caught.value) == (
        f"{cls.__name__}.{name} must be at most 1000000 (the limit of every number in the "
        f"rules), not {shown(value)}"
    )


def test_rules_at_the_limit_print_and_round_trip() -> None:
    rules = th.Rules(
        scoring=th.ScoringRules(target=NUMBER_LIMIT, penalty=NUMBER_LIMIT, max_deals=NUMBER_LIMIT),
        barrel=th.BarrelRules(threshold=NUMBER_LIMIT - 5, deals=NUMBER_LIMIT),
        distribution=th.DistributionRules(per_opponent=NUMBER_LIMIT, limit=NUMBER_LIMIT),
        redeals=th.RedealRules(talon_score_below=NUMBER_LIMIT, card_score_below=NUMBER_LIMIT),
    )
    assert "scoring.target=1000000" in str(rules)
    assert th.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert th.BiddingRules(skip_below=-100_000).skip_below == -100_000


def test_rules_from_dict_names_a_huge_key_shortly() -> None:
    with pytest.raises(th.RulesError) as caught:
        th.Rules.from_dict({HUGE: {}})  # type: ignore[dict-item]
    assert str(caught.value) == "unknown rules section <int of 5001 digits>"
    with pytest.raises(th.RulesError) as caught:
        th.Rules.from_dict({"scoring": {HUGE: 1}})
    assert str(caught.value) == "unknown rules field scoring.<int of 5001 digits>"
    with pytest.raises(th.RulesError) as caught:
        th.Rules.from_dict({"scoring": {"target": HUGE + 1}})
    assert str(caught.value).startswith("ScoringRules.target must be at most 1000000")


@pytest.mark.parametrize("value", [HUGE, -HUGE, NUMBER_LIMIT + 1, True, 2.5, "150"], ids=label)
def test_a_valued_agreement_takes_a_whole_number_within_the_limit(value: Any) -> None:
    for make in (th.variants.penalty_amount, th.variants.skip_declaring):
        with pytest.raises(th.RulesError) as caught:
            make(value)
        name = make(100).name
        assert str(caught.value) == (
            f"{name} takes a whole number from -1000000 to 1000000, not {shown(value)}"
        )
    with pytest.raises(th.RulesError, match=r"^Distributions Limit takes a whole number"):
        th.variants.distributions_limit(value)


def test_an_agreement_made_directly_checks_its_value() -> None:
    with pytest.raises(th.RulesError) as caught:
        th.variants.Agreement("mine", "Mine", "Misc", "Mine.", (), HUGE)
    assert str(caught.value) == (
        "Mine takes a whole number from -1000000 to 1000000, not <int of 5001 digits>"
    )


def test_apply_names_a_huge_int_given_as_an_action_shortly() -> None:
    with pytest.raises(th.IllegalActionError) as caught:
        th.apply(th.new_game(), HUGE)  # type: ignore[arg-type]
    assert str(caught.value).startswith("illegal action '<int of 5001 digits>' in phase dealing: ")
    assert caught.value.action == HUGE


def test_agreements_by_a_huge_key_are_named_shortly() -> None:
    with pytest.raises(th.RulesError) as caught:
        th.variants.by_key(HUGE)  # type: ignore[arg-type]
    assert str(caught.value) == "unknown agreement <int of 5001 digits>"
    with pytest.raises(th.RulesError, match=r"^unknown agreement \['no_jumping'\]$"):
        th.variants.by_key(["no_jumping"])  # type: ignore[arg-type]
    with pytest.raises(th.RulesError) as caught:
        th.variants.by_key("no_jumping", HUGE)
    assert str(caught.value) == "agreement 'no_jumping' takes no value"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("penalty_amount=150", None),
        ("penalty-amount = 150", None),
        ("no_jumping", None),
        ("penalty_amount=١٥٠", "the value '١٥٠' is not a whole number in ASCII digits"),
        ("penalty_amount=1_50", "the value '1_50' is not a whole number in ASCII digits"),
        ("penalty_amount=" + "9" * 5000, "value '99999999999999999...999999999999999999' is too"),
        ("penalty_amount=9999999", "Penalty Amount takes a whole number from -1000000 to"),
        ("penalty_amount=", "the value '' is not a whole number in ASCII digits"),
        ("no_jumpıng", "unknown agreement 'no_jumpıng'"),
    ],
    ids=label,
)
def test_parse_agreement_reads_ascii_keys_and_numbers(text: str, message: str | None) -> None:
    if message is None:
        assert th.variants.parse_agreement(text) in (
            th.variants.penalty_amount(150),
            th.variants.no_jumping,
        )
        return
    with pytest.raises(th.RulesError) as caught:
        th.variants.parse_agreement(text)
    assert message in str(caught.value)


def test_demo_with_refuses_digits_that_are_not_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    from thousand.__main__ import main

    with pytest.raises(SystemExit):
        main(["demo", "--players", "random", "--with", "penalty_amount=١٥٠"])
    assert "the value '١٥٠' is not a whole number in ASCII digits" in capsys.readouterr().err


@pytest.mark.parametrize("score", [HUGE, -HUGE, -SCORE_LIMIT - 1], ids=label)
def test_new_game_refuses_a_score_beyond_the_limit(score: int) -> None:
    with pytest.raises(ValueError) as caught:
        th.new_game(scores=(0, score, 0))
    assert str(caught.value) == (
        f"seat 1's score must be an int from -10**15 to 10**15, not {shown(score)}"
    )
    assert th.new_game(scores=(-SCORE_LIMIT, 0, 0)).scores == (-SCORE_LIMIT, 0, 0)


def test_new_game_names_huge_bad_arguments_shortly() -> None:
    with pytest.raises(ValueError) as caught:
        th.new_game(scores=(HUGE, 0))
    assert str(caught.value) == (
        "scores must be a tuple of three ints, not (<int of 5001 digits>, 0)"
    )
    with pytest.raises(TypeError) as wrong:
        th.new_game(HUGE)  # type: ignore[arg-type]
    assert str(wrong.value) == "rules must be a Rules, not <int of 5001 digits>"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("deal_number", HUGE, "['deal_number'] must be a whole number from 1 to 200, not <int"),
        ("scores", [-HUGE, 0, 0], "['scores'][0] must be a whole number from -10**15 to 10**15"),
        ("falls", [0, HUGE, 0], "['falls'][1] must be a whole number from 0 to 10**15, not <int"),
        (
            "dealer",
            -HUGE,
            "['dealer'] must be a whole number from 0 to 2, not <negative int of 5001",
        ),
    ],
    ids=["deal_number", "scores", "falls", "dealer"],
)
def test_state_from_dict_names_a_huge_number_and_its_field(
    key: str, value: object, message: str
) -> None:
    data = th.new_game().to_dict()
    data["start"][key] = value
    with pytest.raises(th.ThousandError) as caught:
        th.State.from_dict(data)
    assert str(caught.value).startswith("state 'start'" + message)


def test_a_score_sheet_row_with_a_huge_number_is_refused() -> None:
    row = a_sheet_row()
    row["points"][2] = HUGE
    with pytest.raises(th.ThousandError) as caught:
        record_from_dict(row)
    assert str(caught.value) == (
        "record['points'][2] must be a whole number from -10**15 to 10**15, "
        "not <int of 5001 digits>"
    )


def test_records_with_huge_numbers_name_the_field() -> None:
    text = records.dump(th.new_game())
    with pytest.raises(RecordError) as caught:
        records.load(text.replace("scores: 0 0 0", "scores: -" + "9" * 18 + " 0 0", 1))
    assert caught.value.reason == (
        "seat 0's score must be an int from -10**15 to 10**15, not -999999999999999999"
    )
    start = json.dumps(th.new_game().to_dict()["start"] | {"deal_number": 10**4000})
    with pytest.raises(RecordError) as caught:
        records.load(text.replace("scores: 0 0 0", "scores: 0 0 0\nstart: " + start, 1))
    assert caught.value.reason.startswith(
        "bad start: start['deal_number'] must be a whole number from 1 to 200, not <int of 4001"
    )


# -- records: long numbers and long text in the headers ---------------------------------------


def a_record_with(header: str) -> str:
    """The record of a new game with ``header`` line after its ``scores`` line."""
    return records.dump(th.new_game()).replace("scores: 0 0 0", "scores: 0 0 0\n" + header, 1)


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_start_with_a_number_too_long_to_read_names_the_header(sign: str) -> None:
    start = th.new_game().to_dict()["start"] | {"deal_number": 123456789}
    text = json.dumps(start).replace("123456789", sign + "9" * 5000)
    with pytest.raises(RecordError) as caught:
        records.load(a_record_with("start: " + text))
    assert (caught.value.line, caught.value.reason) == (
        7,
        "bad start: a number of 5000 digits is too long",
    )


def test_rules_data_with_a_number_too_long_to_read_names_the_header() -> None:
    text = records.dump(th.new_game()).replace(
        "rules-data: {}", 'rules-data: {"scoring": {"target": ' + "1" * 4301 + "}}", 1
    )
    with pytest.raises(RecordError) as caught:
        records.load(text)
    assert (caught.value.line, caught.value.reason) == (
        4,
        "bad rules-data: a number of 4301 digits is too long",
    )


def test_records_still_name_bad_json_as_json_does() -> None:
    with pytest.raises(RecordError) as caught:
        records.load(a_record_with("start: {"))
    assert caught.value.reason.startswith("bad start: Expecting property name enclosed in")


LONG = "7" * 5000


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("dealer: 0", "dealer: " + LONG, f"the dealer must be a seat 0, 1 or 2, not {shown(LONG)}"),
        (
            "scores: 0 0 0",
            "scores: 0 0 " + LONG,
            f"scores must be three whole numbers, not {shown('0 0 ' + LONG)}",
        ),
        (
            "format: thousand record 1",
            "format: " + LONG,
            f"format {shown(LONG)} is not 'thousand record 1'",
        ),
        ("dealer: 0", "x" * 5000 + ": 0", f"unknown header {shown('x' * 5000)}"),
        (
            "rules: classic rules",
            "rules: " + LONG,
            f"the rules-data gives 'classic rules', not {shown(LONG)}",
        ),
        (
            "rules: classic rules\nrules-data: {}",
            "rules: " + LONG,
            f"rules {shown(LONG)} need a 'rules-data' header (only 'classic' and 'standard' "
            "can go without)",
        ),
        (
            "[deal 1, dealer 0]",
            "[deal " + LONG + "]",
            f"not a deal heading: {shown('[deal ' + LONG + ']')} (expected '[deal N, dealer S]')",
        ),
    ],
    ids=["dealer", "scores", "format", "header", "rules", "rules-without-data", "heading"],
)
def test_records_show_long_bad_text_shortly(old: str, new: str, reason: str) -> None:
    text = records.dump(th.new_game())
    assert old in text
    with pytest.raises(RecordError) as caught:
        records.load(text.replace(old, new, 1))
    assert caught.value.reason == reason
    assert len(reason) < 150


# -- other messages that show a value given ---------------------------------------------------


def test_an_action_given_as_long_text_is_named_shortly() -> None:
    with pytest.raises(th.IllegalActionError) as caught:
        th.apply(th.new_game(), "x" * 5000)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"illegal action '{'x' * 97}...' in phase dealing: {shown('x' * 5000)} is not an action "
        "but text: read it with thousand.parse_action"
    )


def test_a_whole_deal_is_named_in_full() -> None:
    deal = th.Deal.parse(
        "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
    )
    state = th.apply(th.new_game(), deal)
    with pytest.raises(th.IllegalActionError) as caught:
        th.apply(state, deal)
    assert str(caught.value).startswith(f"illegal action '{deal}' in phase auction: ")


@pytest.mark.parametrize("ruling", [HUGE, "R" * 5000, ["A11"]], ids=["huge", "long", "list"])
def test_an_unknown_ruling_is_named_shortly(ruling: Any) -> None:
    with pytest.raises(KeyError) as caught:
        th.rulings.by_id(ruling)
    assert caught.value.args == (f"no ruling {shown(ruling)} (see thousand.rulings.RULINGS)",)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seat", HUGE, "seat must be 0, 1 or 2, not <int of 5001 digits>"),
        (
            "seat",
            "x" * 5000,
            f"seat must be 0, 1 or 2 (a Python int), not {shown('x' * 5000)} of type str",
        ),
        ("dealer", "0", "dealer must be a seat 0, 1 or 2 (a Python int), not '0' of type str"),
        ("dealer", 1.0, "dealer must be a seat 0, 1 or 2 (a Python int), not 1.0 of type float"),
    ],
    ids=["huge-seat", "text-seat", "text-dealer", "float-dealer"],
)
@pytest.mark.parametrize("view", ["information_state", "observe"])
def test_sample_state_names_a_hand_built_seat_or_dealer(
    field: str, value: object, message: str, view: str
) -> None:
    state = th.apply(
        th.new_game(),
        th.Deal.parse(
            "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
        ),
    )
    seen = attrs.evolve(getattr(th, view)(state, 0), **{field: value})
    with pytest.raises(ValueError) as caught:
        th.sample_state(seen, random.Random(0))
    assert str(caught.value) == message
