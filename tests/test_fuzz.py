"""Fuzzing the parsers: every reader of outside data answers bad input with its documented error.

Texts of cards, actions and deals, rules dicts, action dicts, state dicts and game records, both
random and made by mutating valid ones, are fed to their readers. Each either reads a value
that survives its own round trip, or raises a ``ValueError`` (the library's own subclass where
it documents one) whose message gives the reason; no ``KeyError``, ``TypeError``,
``AttributeError`` or ``IndexError`` ever leaks out.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import thousand as th
from thousand import encoding, records
from thousand.actions import action_from_dict
from thousand.records import RecordError

from .test_properties import PRESETS, agreements

#: Ints too long to print (str() refuses them) and just beyond the library's limits.
HUGE_INTS = st.sampled_from([10**15 + 1, -(10**15) - 5, 1_000_005]) | st.sampled_from([1, -1]).map(
    lambda sign: sign * 10**5000
)  # built when drawn: Hypothesis cannot repr the strategy
#: JSON-like data: what ``json.loads`` can give, and a few Python values besides.
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-1000, 1000)
    | HUGE_INTS
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.sampled_from(["TH", "9S", "sum", "bid", "play", "deal", "classic", "bolt", 0, 1, 2]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=12,
)
#: Anything that is not text.
NOT_TEXT = st.one_of(
    st.none(), st.integers(), st.binary(max_size=4), st.lists(st.text(), max_size=2)
)

WORDS = [
    "deal", "bid", "pass", "give", "contract", "play", "marriage", "distribute", "redeal",
    "hidden", "look", "unhide", "/", "TH", "10♥", "9s", "AX", "K", "1", "0", "2", "3", "-5",
    "+5", "105", "１２０", "1_000", "99999999999999999999999", "", ";", ":", "#", "[", "]",
    "9" * 5000,
]  # fmt: skip
#: Letters that case mapping turns into ASCII ones: 'ſ' and 'ı' upper-case to S and I, the
#: Kelvin sign lower-cases to k.
LOOK_ALIKES = st.sampled_from(["Aſ", "ſ", "10ſ", "hıdden", "loo\u212a", "play Aſ", "give Tſ 1"])
#: The only characters beyond ASCII that a text form may hold: the suit symbols (and spaces).
SYMBOLS = set("♠♣♦♥♤♧♢♡")


def readable(text: str) -> bool:
    """Whether ``text`` holds only ASCII, suit symbols and white space: no look-alike letter
    ('ſ', 'ı', the Kelvin sign) that case mapping would turn into an ASCII one."""
    return all(c.isascii() or c in SYMBOLS or c.isspace() for c in text)


WORDY = st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=8).map(" ".join)
TEXTS = st.one_of(st.text(max_size=40), WORDY, LOOK_ALIKES)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested dicts and lists."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(paths(value, (*prefix, i)))
    return out


def mutate(data: Any, draw: st.DataObject) -> Any:
    """``data`` with one change: a value replaced, a key or an entry removed, or a key added."""
    data = copy.deepcopy(data)
    path = draw.draw(st.sampled_from(paths(data)[1:] or [()]), label="path")
    kind = draw.draw(st.sampled_from(["replace", "remove", "add"]), label="kind")
    if not path:
        return draw.draw(JSON) if kind == "replace" else data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if kind == "replace":
        parent[last] = draw.draw(JSON, label="value")
    elif kind == "remove":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw.draw(st.text(max_size=8), label="key")] = draw.draw(JSON, label="value")
    else:
        parent.insert(last, draw.draw(JSON, label="value"))
    return data


# -- texts -------------------------------------------------------------------------------------


@given(TEXTS | NOT_TEXT)
@example("Aſ")
def test_card_texts_read_or_raise_value_error(text: Any) -> None:
    for cls in (th.Card, th.Suit, th.Rank):
        try:
            value = cls.parse(text)
        except ValueError as exc:
            assert str(exc).startswith(f"not a {cls.__name__.lower()}: ")
        else:
            assert readable(text)
            assert (
                cls.parse(value.letter if isinstance(value, th.Suit | th.Rank) else str(value))
                is value
            )
    try:
        cards = th.cards(text)
    except ValueError as exc:
        assert str(exc).startswith("not a card")
    else:
        assert readable(text)
        assert th.cards(" ".join(map(str, cards))) == cards


@given(TEXTS | NOT_TEXT)
@example("loo\u212a")
@example("bid " + "9" * 5000)
def test_action_texts_read_or_raise_value_error(text: Any) -> None:
    try:
        action = th.parse_action(text)
    except ValueError as exc:
        assert str(exc).startswith("not an action: ")
        assert len(str(exc)) < 400  # a huge text or number is shown cut short
    else:
        assert readable(text)
        assert th.parse_action(str(action)) == action


@given(
    st.lists(st.sampled_from(th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))))
    | st.lists(st.sampled_from(WORDS), max_size=30),
    st.lists(st.integers(0, 30), max_size=4),
)
def test_deal_texts_read_or_raise_value_error(cards: list[Any], cuts: list[int]) -> None:
    words = [str(c) for c in cards]
    for cut in sorted(cuts, reverse=True):
        words.insert(min(cut, len(words)), "/")
    text = " ".join(words)
    for read in (th.Deal.parse, th.parse_action):
        try:
            deal = read(text)
        except ValueError as exc:
            assert str(exc).startswith(("not a deal: ", "not an action: ", "a deal is", "not a "))
        else:
            assert isinstance(deal, th.Deal | th.DealCard) or read is th.parse_action
            assert th.parse_action(str(deal)) == deal


def test_deal_parse_takes_text_only() -> None:
    for bad in (None, 3, [["9S"]]):
        try:
            th.Deal.parse(bad)  # type: ignore[arg-type]
        except ValueError as exc:
            assert str(exc).startswith("not a deal")
        else:
            raise AssertionError(f"Deal.parse read {bad!r}")


# -- dicts -------------------------------------------------------------------------------------


def check_rules(data: Any) -> None:
    try:
        rules = th.Rules.from_dict(data)
    except th.RulesError as exc:
        assert str(exc)
    else:
        assert th.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@given(JSON)
def test_random_rules_dicts_read_or_raise_rules_error(data: Any) -> None:
    check_rules(data)
    check_rules({"scoring": data})
    check_rules({"bidding": {"limit": data}, "barrel": {"deals": data}})


@given(st.sampled_from(sorted(PRESETS)), agreements(), st.data())
def test_mutated_rules_dicts_read_or_raise_rules_error(
    preset: str, chosen: tuple[th.variants.Agreement, ...], draw: st.DataObject
) -> None:
    check_rules(mutate(PRESETS[preset].with_agreements(*chosen).to_dict(), draw))


ACTIONS = [
    th.DealCard(th.Card.parse("9S")),
    th.Deal.parse("9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"),
    th.Bid(105),
    th.Pass(),
    th.Give(th.Card.parse("TH"), 1),
    th.Contract(120),
    th.Play(th.Card.parse("KH"), marriage=True),
    th.Distribute(),
    th.Unhide(130),
]


def check_action(data: Any) -> None:
    try:
        action = action_from_dict(data)
    except th.ThousandError as exc:
        assert str(exc)
    else:
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


@given(JSON, st.sampled_from(ACTIONS), st.data())
def test_action_dicts_read_or_raise_thousand_error(
    data: Any, action: th.Action, draw: st.DataObject
) -> None:
    check_action(data)
    check_action(mutate(action.to_dict(), draw))


def short_game(rules: th.Rules, rng: random.Random, steps: int) -> th.State:
    rules = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=3))
    state = th.new_game(rules, dealer=rng.randrange(rules.table.players))
    for _ in range(steps):
        if state.is_terminal:
            break
        state = th.apply(state, rng.choice(th.legal_actions(state)))
    if rng.random() < 0.5 and not state.is_terminal:  # a state that starts mid-game
        seat = rng.randrange(rules.table.players)
        state = th.sample_state(th.information_state(state, seat), rng)
    return state


@given(
    st.sampled_from(sorted(PRESETS)),
    agreements(),
    st.integers(0, 2**32).map(random.Random),
    st.integers(0, 120),
    st.data(),
    st.sampled_from([3, 4]),
)
def test_mutated_state_dicts_read_or_raise_thousand_error(
    preset: str,
    chosen: tuple[th.variants.Agreement, ...],
    rng: random.Random,
    steps: int,
    draw: st.DataObject,
    players: th.rules.Players,
) -> None:
    # At either table: a table of four's starts are checked as strictly (R-FOUR-1..8).
    rules = attrs.evolve(PRESETS[preset], table=th.TableRules(players=players))
    state = short_game(rules.with_agreements(*chosen), rng, steps)
    data = mutate(state.to_dict(), draw)
    try:
        again = th.State.from_dict(data)
    except th.ThousandError as exc:
        assert str(exc)
    else:
        assert th.State.from_dict(json.loads(json.dumps(again.to_dict()))) == again


@given(JSON)
def test_random_state_dicts_raise_thousand_error(data: Any) -> None:
    try:
        th.State.from_dict(data)
    except th.ThousandError as exc:
        assert str(exc)
    else:  # only a dict with the three keys can be a state; JSON() hardly makes one
        assume(False)


# -- records -----------------------------------------------------------------------------------

CHARACTERS = st.sampled_from(list("0123456789;:#[]/ \n-+,.{}\"'abcdeghlprstuwxyzACDHJKQST♥"))


def items(text: str) -> list[tuple[int | None, th.Action]]:
    """The actions a record's lines hold, with their seats, read the way ``load`` reads them."""
    out: list[tuple[int | None, th.Action]] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith(("[", "score:", "result:")) or re.match(r"[a-z-]+:", line):
            continue
        for item in line.split(";"):
            seat = None
            found = re.fullmatch(r"(\d+)\s*:\s*(.*)", item.strip())
            if found:
                seat, item = int(found.group(1)), found.group(2)
            words = item.split()
            if words[0].lower() == "deal" and "/" not in item and len(words) > 1:
                out.extend((seat, th.DealCard(th.Card.parse(w))) for w in words[1:])
            else:
                out.append((seat, th.parse_action(item)))
    return out


def mutate_text(text: str, draw: st.DataObject) -> str:
    lines = text.splitlines(keepends=True)
    kind = draw.draw(
        st.sampled_from(["delete", "duplicate", "swap", "character", "insert", "truncate"])
    )
    i = draw.draw(st.integers(0, len(lines) - 1))
    j = draw.draw(st.integers(0, len(lines) - 1))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(j, lines[i])
    elif kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "insert":
        lines.insert(i, draw.draw(TEXTS) + "\n")
    joined = "".join(lines)
    if kind == "character":
        k = draw.draw(st.integers(0, len(joined) - 1))
        joined = joined[:k] + draw.draw(CHARACTERS) + joined[k + 1 :]
    elif kind == "truncate":
        joined = joined[: draw.draw(st.integers(0, len(joined)))]
    return joined


@given(
    st.sampled_from(sorted(PRESETS)),
    agreements(),
    st.integers(0, 2**32).map(random.Random),
    st.integers(0, 200),
    st.data(),
)
def test_mutated_records_load_their_own_game_or_raise_record_error(
    preset: str,
    chosen: tuple[th.variants.Agreement, ...],
    rng: random.Random,
    steps: int,
    draw: st.DataObject,
) -> None:
    """A record changed in one place either still describes a legal game, and then ``load``
    gives exactly the game it describes, or it raises a RecordError naming a line."""
    state = short_game(PRESETS[preset].with_agreements(*chosen), rng, steps)
    text = mutate_text(records.dump(state), draw)
    try:
        loaded = records.load(text)
    except RecordError as exc:
        assert str(exc).startswith(f"line {exc.line}: ") and exc.reason
        assert 0 < exc.line <= len(text.splitlines()) + 1
    else:
        assert [action for _, action in items(text)] == list(loaded.history)
        assert records.load(records.dump(loaded)) == loaded


@given(TEXTS | st.lists(TEXTS, max_size=8).map("\n".join))
def test_random_texts_are_not_records(text: str) -> None:
    try:
        records.load(text)
    except RecordError as exc:
        assert str(exc).startswith(f"line {exc.line}: ")
    else:  # a valid record needs its four headers and a matching result line
        raise AssertionError(f"{text!r} loaded")


@given(NOT_TEXT)
def test_records_are_text(data: Any) -> None:
    try:
        records.load(data)
    except RecordError as exc:
        assert exc.line == 0


# -- integer ids -------------------------------------------------------------------------------

IDS = st.one_of(
    st.integers(),
    st.integers(-5, encoding.NUM_DISTINCT_ACTIONS + 5),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.none(),
    st.lists(st.integers(), max_size=2),
)


@given(IDS | st.integers(-5, encoding.NUM_DISTINCT_ACTIONS_FOUR + 5), st.sampled_from([3, 4]))
def test_ids_decode_to_their_action_or_raise_value_error(i: Any, players: int) -> None:
    try:
        action = encoding.action_from_id(i, players)
    except ValueError as exc:
        assert str(exc)  # a reason, never an empty message
    else:
        assert encoding.action_id(action) == i < encoding.num_distinct_actions(players)
    try:
        card = encoding.chance_from_id(i)
    except ValueError as exc:
        assert str(exc)
    else:
        assert encoding.chance_id(card) == i


@given(IDS | TEXTS)
def test_non_actions_have_no_id(value: Any) -> None:
    try:
        encoding.action_id(value)
    except ValueError as exc:
        assert str(exc)
    else:
        raise AssertionError(f"{value!r} got an id")
    try:
        encoding.legal_action_mask(value)
    except ValueError as exc:
        assert str(exc)
    else:
        raise AssertionError(f"{value!r} got a mask")


# -- edge cases found by review ----------------------------------------------------------------

DEAL_LINE = "deal 9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("scores: 0 0 0", "scores: " + "9" * 5000 + " 0 0", 6),
        ("[deal 1, dealer 0]", "[deal " + "9" * 5000 + ", dealer 0]", 8),
        ("result:", f"{DEAL_LINE}\n{'9' * 5000}: bid 100\nresult:", 9),
        ("result:", f"{DEAL_LINE}\n١: bid 100\nresult:", 9),  # an Arabic-Indic one
        ("scores: 0 0 0", "scores: 0 0 0\nstart: " + "[" * 100_000 + "]" * 100_000, 7),
    ],
)
def test_huge_numbers_odd_digits_and_deep_json_in_records_raise_record_error(
    old: str, new: str, line: int
) -> None:
    text = records.dump(th.new_game()).replace(old, new, 1)
    with pytest.raises(RecordError) as caught:
        records.load(text)
    assert caught.value.line >= line - 1


def test_deeply_nested_values_are_named_shortly() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    for parse in (action_from_dict, th.Rules.from_dict, th.State.from_dict):
        with pytest.raises(ValueError):  # not a RecursionError from showing the value
            parse(deep)
    with pytest.raises(ValueError, match=r"\[\[\[\["):
        th.State.from_dict({**th.new_game().to_dict(), "history": [deep]})
    with pytest.raises(ValueError, match=r"\[\[\[\["):
        th.Rules.from_dict({"bidding": deep})
    with pytest.raises(ValueError, match=r"\[\[\[\["):
        th.Rules.from_dict({"bidding": {"limit": deep}})
