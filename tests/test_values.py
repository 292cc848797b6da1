"""Cards, actions and rules as values: text forms, reprs, order, errors."""

from __future__ import annotations

import json
import pickle

import pytest

import thousand as th
from thousand.actions import Action

ALL_TEXT = [r + s for s in "SCDH" for r in "9JQKTA"]


def test_r_card_1_ranks_order_and_points() -> None:
    pack = th.cards(" ".join(ALL_TEXT))
    assert len(set(pack)) == 24
    assert sum(c.points for c in pack) == 120
    hearts = [c for c in pack if c.suit is th.Suit.HEARTS]
    assert [str(c) for c in sorted(hearts, reverse=True)] == ["AH", "TH", "KH", "QH", "JH", "9H"]
    assert [c.points for c in sorted(hearts, reverse=True)] == [11, 10, 4, 3, 2, 0]


def test_r_card_2_marriage_values() -> None:
    assert [s.marriage_value for s in th.Suit] == [40, 60, 80, 100]
    assert [s.symbol for s in th.Suit] == ["♠", "♣", "♦", "♥"]


@pytest.mark.parametrize("text", ALL_TEXT)
def test_card_text_and_repr_round_trip(text: str) -> None:
    card = th.Card.parse(text)
    assert str(card) == text
    assert eval(repr(card), {"Card": th.Card}) is card
    assert th.Card(card.suit, card.rank) is card
    assert th.Card.parse(card.unicode) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_card_parse_accepts_ten_and_symbols() -> None:
    assert th.Card.parse("10♥") is th.Card.parse("th") is th.Card(th.Suit.HEARTS, th.Rank.TEN)
    assert th.cards("KH, QH 9S") == (
        th.Card(th.Suit.HEARTS, th.Rank.KING),
        th.Card(th.Suit.HEARTS, th.Rank.QUEEN),
        th.Card(th.Suit.SPADES, th.Rank.NINE),
    )


@pytest.mark.parametrize("bad", ["", "X", "1H", "KX", "KHH", "11S"])
def test_card_parse_names_the_bad_text(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        th.Card.parse(bad)


def test_cards_are_immutable_and_ordered() -> None:
    card = th.Card.parse("AS")
    with pytest.raises(AttributeError):
        card.points = 3
    assert th.Card.parse("AS") < th.Card.parse("9C")  # by suit first, then rank
    assert th.Card.parse("TS") > th.Card.parse("KS")


ACTIONS: list[Action] = [
    th.DealCard(th.Card.parse("9S")),
    th.Bid(105),
    th.Pass(),
    th.Give(th.Card.parse("TH"), 1),
    th.Contract(120),
    th.Play(th.Card.parse("KH")),
    th.Play(th.Card.parse("KH"), marriage=True),
    th.Distribute(),
    th.Deal.parse("9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_action_text_and_repr_round_trip(action: Action) -> None:
    assert th.parse_action(str(action)) == action
    assert eval(repr(action), vars(th)) == action
    assert hash(th.parse_action(str(action))) == hash(action)


def test_action_texts() -> None:
    assert [str(a) for a in ACTIONS[:8]] == [
        "deal 9S",
        "bid 105",
        "pass",
        "give TH 1",
        "contract 120",
        "play KH",
        "play KH marriage",
        "distribute",
    ]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bid", "expected"),
        ("bid x", "'x' is not a number"),
        ("play ZZ", "not a card"),
        ("give TH 5", "seat 0, 1, 2 or 3"),
        ("jump 100", "expected"),
        ("deal 9S / 9C", "four groups"),
    ],
)
def test_parse_action_explains_bad_text(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match="not an action") as info:
        th.parse_action(text)
    assert reason in str(info.value)


def test_deal_must_be_7_7_7_3_distinct_cards() -> None:
    hands = (th.cards("9S JS QS KS TS AS 9C"), th.cards("JC QC KC TC AC 9D JD"))
    with pytest.raises(ValueError, match="7 cards to each seat"):
        th.Deal((*hands, th.cards("QD KD TD AD 9H JH")), th.cards("KH TH AH QH"))
    with pytest.raises(ValueError, match="exactly once"):
        th.Deal((*hands, th.cards("QD KD TD AD 9H JH QH")), th.cards("KH TH 9S"))


def test_rules_presets() -> None:
    assert th.Rules() == th.Rules.classic()
    assert hash(th.Rules()) == hash(th.Rules.classic())
    standard = th.Rules.standard()
    assert standard != th.Rules()
    assert standard.bidding.limit == "any"
    assert standard.play.must_trump is False
    assert standard.play.marriage_declaration == "automatic"
    assert standard.barrel.jump is False and standard.barrel.reading == "standard"
    assert standard.bolts.enabled and standard.distribution.enabled
    classic = th.Rules()
    assert classic.bidding.limit == "sum" and classic.play.must_trump
    assert not classic.bolts.enabled and not classic.distribution.enabled
    assert (classic.barrel.threshold, classic.scoring.target, classic.scoring.penalty) == (
        880,
        1000,
        120,
    )


@pytest.mark.parametrize("rules", [th.Rules.classic(), th.Rules.standard()])
def test_rules_round_trip_through_json(rules: th.Rules) -> None:
    assert th.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize(
    ("build", "names"),
    [
        (lambda: th.BarrelRules(threshold=883), "BarrelRules.threshold"),
        (lambda: th.BiddingRules(limit="most"), "BiddingRules.limit"),  # type: ignore[arg-type]
        (lambda: th.PlayRules(must_trump="yes"), "PlayRules.must_trump"),  # type: ignore[arg-type]
        (lambda: th.ScoringRules(max_deals=0), "ScoringRules.max_deals"),
        (lambda: th.ScoringRules(penalty=-5), "ScoringRules.penalty"),
        (lambda: th.Rules(barrel=th.BarrelRules(threshold=1000)), "BarrelRules.threshold"),
        (lambda: th.Rules(bidding=th.PlayRules()), "Rules.bidding"),  # type: ignore[arg-type]
        (lambda: th.Rules.from_dict({"biding": {}}), "biding"),
        (lambda: th.Rules.from_dict({"bidding": {"limits": "sum"}}), "bidding.limits"),
    ],
)
def test_invalid_rules_raise_rules_error_naming_the_field(build: object, names: str) -> None:
    with pytest.raises(th.RulesError, match=names.replace(".", r"\.")):
        build()  # type: ignore[operator]


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(th.RulesError, ValueError)
    assert issubclass(th.IllegalActionError, ValueError)


def test_agreements_apply_and_conflicts_name_both() -> None:
    rules = th.Rules.standard().with_agreements(
        th.variants.penalty_amount(150), th.variants.skip_declaring(below=-120)
    )
    assert rules.scoring.penalty == 150 and rules.bidding.skip_below == -120
    assert str(rules) == "standard rules with: Skip Declaring -120, Penalty Amount 150"
    with pytest.raises(th.RulesError, match="'Penalty Amount 100' and 'Penalty Amount 150'"):
        th.Rules().with_agreements(th.variants.penalty_amount(100), th.variants.penalty_amount(150))
    with pytest.raises(th.RulesError, match="not an agreement"):
        th.Rules().with_agreements("no_jumping")  # type: ignore[arg-type]
