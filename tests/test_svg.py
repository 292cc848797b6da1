"""The SVG pictures (thousand.svg): every picture is parsed as XML, and what it draws is read
back from it: the cards and their order, the seats' labels, the trick's winner, the score
chart's lines on its axes, the escaping of text. And the documentation's extension that draws
the pictures at build time (docs/_ext/dealpic.py), in a small Sphinx project of its own."""

from __future__ import annotations

import contextlib
import io
import random
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import attrs
import pytest

import thousand as th
from thousand import svg

from .reference.test_model_four import BASE_CALLS, BASE_GIVES
from .test_four import base_hands, four
from .test_view import AUCTION, END, END_ACTIONS, END_TRICKS, WALKTHROUGH, play, run, walkthrough

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
PACK = th.cards(" ".join(r + s for s in "SCDH" for r in "9JQKTA"))


def parse(document: str) -> ET.Element:
    """The picture's root, after the checks every picture must pass: an SVG document with a
    viewBox that matches its size, a title and a desc first, no style block and no id."""
    assert document.startswith("<svg ") and document.endswith("</svg>\n")
    root = ET.fromstring(document)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert box[:2] == [0, 0] and box[2:] == [
        float(root.get("width", 0)),
        float(root.get("height", 0)),
    ]
    assert [child.tag for child in root[:2]] == [SVG + "title", SVG + "desc"]
    assert root[0].text and root[1].text
    assert not list(root.iter(SVG + "style"))
    assert all("id" not in element.attrib for element in root.iter())
    return root


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if g.get("class") == "card"]


def labels(root: ET.Element) -> list[str]:
    """The cards as drawn, in order: the rank and the suit symbol in each card's corner."""
    out = []
    for group in card_groups(root):
        texts = {t.get("class"): t.text for t in group.iter(SVG + "text")}
        out.append(f"{texts['rank']}{texts['suit']}")
    return out


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


# -- Cards and hands ---------------------------------------------------------------------------


def test_a_hand_draws_its_cards_in_suit_order_each_with_rank_and_suit() -> None:
    root = parse(svg.hand("KH QH TS 9S AC 9D", label="seat 0"))
    assert labels(root) == ["9♠", "10♠", "A♣", "9♦", "Q♥", "K♥"]
    assert [g.get("data-card") for g in card_groups(root)] == ["9S", "TS", "AC", "9D", "QH", "KH"]
    assert [g.find(SVG + "title").text for g in card_groups(root)] == labels(root)  # type: ignore[union-attr]
    assert texts(root)[0] == "seat 0"
    assert root[0].text == "A hand: ♠ 9 10  ♣ A  ♦ 9  ♥ Q K"


def test_red_suits_are_drawn_red_and_black_suits_black() -> None:
    root = parse(svg.hand(PACK))
    assert len(card_groups(root)) == 24
    for group in card_groups(root):
        colours = {t.get("fill") for t in group.iter(SVG + "text")}
        red = group.get("data-card", "")[-1] in "DH"
        assert colours == ({"#c62828"} if red else {"#1b1b1b"})
        rect = group.find(SVG + "rect")
        assert rect is not None and rect.get("rx") == "5"


def test_a_fanned_hand_shows_only_its_top_cards_large_pip() -> None:
    root = parse(svg.deal(WALKTHROUGH))
    pips = [len(list(g.iter(SVG + "text"))) for g in card_groups(root)]
    # Seven cards a hand, the last one with its large pip; the talon lies side by side.
    assert pips == [2] * 6 + [3] + [2] * 6 + [3] + [2] * 6 + [3] + [3] * 3


def test_text_is_escaped() -> None:
    label = 'seat 0 <b>&amp; "co"'
    document = svg.hand("KH", label=label, title="a <title> & more")
    assert "&lt;b&gt;&amp;amp;" in document
    root = parse(document)
    assert texts(root)[0] == label
    assert root[0].text == "a <title> & more"


def test_characters_xml_does_not_allow_are_replaced_so_the_picture_still_parses() -> None:
    root = parse(svg.hand("KH", label="seat\x00 0\x1b"))
    assert texts(root)[0] == "seat\ufffd 0\ufffd"


def test_a_label_or_a_title_must_be_text() -> None:
    with pytest.raises(TypeError, match="label must be a str or None, not 3"):
        svg.hand("KH", label=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="title must be a str or None, not b'x'"):
        svg.deal(WALKTHROUGH, title=b"x")  # type: ignore[arg-type]


def test_bad_cards_are_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="the hand holds a card twice: KH KH"):
        svg.hand("KH KH")
    with pytest.raises(TypeError, match="the hand must be cards or their text, not 'KH' in"):
        svg.hand([th.Card.parse("QH"), "KH"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="not a card"):
        svg.hand("KX")


# -- A trick -----------------------------------------------------------------------------------


def test_a_trick_of_a_state_draws_the_table_with_the_seats_and_trump() -> None:
    state = walkthrough("give 9D 0; give 9S 2; contract 200; play AS; play 9S; play JS")
    state = run(state, "play KC marriage; play QS")
    root = parse(svg.trick(state))
    assert labels(root) == ["K♣", "Q♠"]
    assert texts(root) == ["trick 2, trump ♣", "K", "♣", "♣", "seat 1", "Q", "♠", "♠", "seat 2"]
    assert root[0].text == "Trick 2, trump ♣"


def test_between_tricks_the_trick_is_the_last_one_with_its_winner_outlined() -> None:
    state = walkthrough("give 9D 0; give 9S 2; contract 200; play AS; play 9S; play JS")
    root = parse(svg.trick(state))
    assert labels(root) == ["A♠", "9♠", "J♠"]
    assert texts(root)[0] == "trick 1, won by seat 1, trump none"
    widths = [g.find(SVG + "rect").get("stroke-width") for g in card_groups(root)]  # type: ignore[union-attr]
    assert widths == ["3", "1", "1"]  # seat 1's ace, led first


def test_a_trick_of_cards_or_pairs() -> None:
    pairs = ((2, th.Card.parse("9H")), (0, th.Card.parse("TH")))
    root = parse(svg.trick(pairs, trump=th.Suit.HEARTS, winner=0))
    assert labels(root) == ["9♥", "10♥"]
    assert [t for t in texts(root) if t.startswith("seat")] == ["seat 2", "seat 0"]
    assert texts(root)[0] == "trick, trump ♥"
    root = parse(svg.trick("AS 9S"))
    assert labels(root) == ["A♠", "9♠"] and not [t for t in texts(root) if t.startswith("seat")]
    with pytest.raises(ValueError, match="at most three cards, not 4"):
        svg.trick("AS 9S JS QS")
    with pytest.raises(ValueError, match="winner must be a seat 0, 1 or 2 or None, not 3"):
        svg.trick("AS", winner=3)
    with pytest.raises(TypeError, match=re.escape("a trick is a State, cards, or (seat, card)")):
        svg.trick([(3, th.Card.parse("AS"))])


# -- A deal ------------------------------------------------------------------------------------


def test_a_deal_holds_its_24_cards_hand_by_hand_then_the_talon() -> None:
    root = parse(svg.deal(WALKTHROUGH))
    groups = card_groups(root)
    assert len(groups) == 24
    expected = [*sorted(WALKTHROUGH.hands[0]), *sorted(WALKTHROUGH.hands[1])]
    expected += [*sorted(WALKTHROUGH.hands[2]), *sorted(WALKTHROUGH.talon)]
    assert [g.get("data-card") for g in groups] == [str(c) for c in expected]
    assert sorted(labels(root)) == sorted(c.unicode for c in PACK)
    assert [t for t in texts(root) if t.startswith(("seat", "talon"))] == [
        "seat 0",
        "seat 1",
        "seat 2",
        "talon",
    ]
    assert root[1].text == str(WALKTHROUGH)
    assert svg.deal_svg(WALKTHROUGH) == svg.deal(WALKTHROUGH)


def test_a_deal_lays_seat_0_at_the_bottom_seat_1_top_left_seat_2_top_right() -> None:
    root = parse(svg.deal(WALKTHROUGH))
    where = {}
    for group in card_groups(root):
        found = re.fullmatch(r"translate\(([\d.]+),([\d.]+)\)", group.get("transform", ""))
        assert found is not None
        where[group.get("data-card")] = (float(found.group(1)), float(found.group(2)))
    seat0 = [where[str(c)] for c in WALKTHROUGH.hands[0]]
    seat1 = [where[str(c)] for c in WALKTHROUGH.hands[1]]
    seat2 = [where[str(c)] for c in WALKTHROUGH.hands[2]]
    assert min(y for _, y in seat0) > max(y for _, y in seat1 + seat2)
    assert max(x for x, _ in seat1) < min(x for x, _ in seat2)
    # Within a hand a card lies to the right of the one before it, more so at a new suit.
    xs = [where[str(c)][0] for c in sorted(WALKTHROUGH.hands[0])]
    assert [b - a for a, b in pairwise(xs)] == [24, 32, 24, 24, 32, 32]


def test_a_deal_of_a_state_shows_the_hands_now_the_trick_and_the_seat_to_move() -> None:
    state = walkthrough("give 9D 0; give 9S 2; contract 200; play AS; play 9S; play JS")
    state = run(state, "play KC marriage; play QS")
    root = parse(svg.deal(state))
    drawn = [g.get("data-card") for g in card_groups(root)]
    hands = [str(c) for hand in state.hands for c in sorted(hand)]
    talon = [str(c) for c in sorted(state.taken_talon)]
    assert drawn == hands + talon + ["KC", "QS"]
    faded = [g.get("data-card") for g in card_groups(root) if g.get("opacity") == "0.55"]
    assert faded == talon
    words = texts(root)
    assert words[0] == "deal 1 · play · seat 0 to move · contract 200"
    assert "▶ seat 0 · dealer" in words and "seat 1 · declarer" in words
    assert "73 points in this deal · score 0" in words
    assert "trick 2 · trump ♣" in words
    assert root[0].text == "The table: deal 1 · play · seat 0 to move · contract 200"
    assert svg.state_svg(state) == svg.deal(state)


def test_a_deal_of_a_chance_node_and_of_a_finished_game() -> None:
    state = th.new_game()
    for card in th.cards("9S JS QS KS"):
        state = th.apply(state, th.DealCard(card))
    root = parse(svg.deal(state))
    # Seat 0 deals: seat 1 gets the first card and the fourth, seat 2 the second (R-DEAL-1).
    assert [g.get("data-card") for g in card_groups(root)] == ["QS", "9S", "KS", "JS"]
    assert texts(root)[0] == "deal 1 · dealing · chance to move"
    over = th.apply(th.new_game(th.Rules.classic(), scores=(0, 880, 800)), END)
    over = play(run(over, END_ACTIONS), END_TRICKS)
    root = parse(svg.deal(over))
    assert card_groups(root) == []
    assert texts(root)[0] == "game over: seat 1 wins with 1000"
    assert "score 1025" in texts(root) and texts(root).count("no cards") == 3


def test_deal_refuses_what_is_neither_a_state_nor_a_deal() -> None:
    with pytest.raises(
        TypeError, match=re.escape("deal() takes a thousand.State or a thousand.Deal")
    ):
        svg.deal("9S JS")  # type: ignore[arg-type]


# -- An observation ----------------------------------------------------------------------------


def test_an_observation_shows_its_own_hand_face_up_and_the_rest_face_down() -> None:
    state = th.apply(th.new_game(th.Rules.classic(), dealer=0), WALKTHROUGH)
    root = parse(svg.observation_svg(th.observe(state, 2)))
    assert [g.get("data-card") for g in card_groups(root)] == [
        str(c) for c in sorted(WALKTHROUGH.hands[2])
    ]
    backs = [g for g in root.iter(SVG + "g") if g.get("class") == "back"]
    assert len(backs) == 7 + 7 + 3  # the other two hands and the talon
    assert "▶ seat 1" in texts(root) and "seat 2 (this seat)" in texts(root)
    assert "KH" not in svg.observation_svg(th.observe(state, 2))  # not even in the text


def test_an_observation_after_the_talon_is_shown_and_under_quiet_drop() -> None:
    rules = th.Rules.classic().with_agreements(th.variants.quiet_drop)
    state = run(th.apply(th.new_game(rules, dealer=0), WALKTHROUGH), AUCTION + "; give 9D 0")
    root = parse(svg.observation_svg(th.observe(state, 2)))
    faded = [g.get("data-card") for g in card_groups(root) if g.get("opacity") == "0.55"]
    assert faded == ["9S", "KC", "JH"]  # the taken talon, shown to all
    # Seat 2 may not know how many cards seat 0 and the declarer hold now (A26).
    assert th.observe(state, 2).hand_sizes == (None, None, 7)
    assert texts(root).count("cards unseen") == 2


def test_an_observation_of_a_talon_not_shown_draws_it_face_down() -> None:
    # Don't Expose on 100: at a winning bid of 100 only the declarer sees the talon (A26).
    rules = th.Rules.classic().with_agreements(th.variants.dont_expose_on_100)
    state = run(th.apply(th.new_game(rules, dealer=0), WALKTHROUGH), "bid 100; pass; pass")
    opponent = parse(svg.observation_svg(th.observe(state, 0)))
    assert "talon, taken by seat 1, not shown" in texts(opponent)
    assert len([g for g in opponent.iter(SVG + "g") if g.get("class") == "back"]) == 10 + 7 + 3
    declarer = parse(svg.observation_svg(th.observe(state, 1)))
    faded = [g.get("data-card") for g in card_groups(declarer) if g.get("opacity") == "0.55"]
    assert faded == ["9S", "KC", "JH"] and "talon, taken by seat 1" in texts(declarer)


def test_an_observation_of_the_blind_opener_shows_its_own_hand_face_down() -> None:
    rules = th.Rules.classic().with_agreements(th.variants.hidden_round)
    state = th.apply(th.new_game(rules), WALKTHROUGH)
    root = parse(svg.observation_svg(th.observe(state, 1)))
    assert card_groups(root) == []
    assert len([g for g in root.iter(SVG + "g") if g.get("class") == "back"]) == 24


# -- The score chart ---------------------------------------------------------------------------


def axis(root: ET.Element, anchor: str) -> dict[int, float]:
    """The tick labels of an axis, value to position: the y axis' labels are anchored at their
    end, the x axis' in their middle."""
    ticks = {}
    for text in root.iter(SVG + "text"):
        if text.get("text-anchor") == anchor and re.fullmatch(r"-?\d+", text.text or ""):
            at = float(text.get("y" if anchor == "end" else "x", 0))
            ticks[int(text.text or 0)] = at - 4 if anchor == "end" else at
    return ticks


def on_axis(ticks: dict[int, float], value: float) -> float:
    """Where ``value`` lies on an axis, by the two outermost ticks."""
    low, high = min(ticks), max(ticks)
    return ticks[low] + (ticks[high] - ticks[low]) * (value - low) / (high - low)


def test_the_score_chart_draws_each_seats_totals_on_the_axes_with_the_barrel_band() -> None:
    from thousand.__main__ import play_demo_game

    game = play_demo_game(1, players="heuristic")
    root = parse(svg.score_chart(game))
    ys, xs = axis(root, "end"), axis(root, "middle")
    assert min(ys) <= min(min(r.scores) for r in game.sheet) and max(ys) >= 1000
    assert min(xs) == 0 and max(xs) <= len(game.sheet)
    lines = list(root.iter(SVG + "polyline"))
    assert [line.get("data-seat") for line in lines] == ["0", "1", "2"]
    for seat, line in enumerate(lines):
        points = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
        scores = [0] + [record.scores[seat] for record in game.sheet]
        assert len(points) == len(scores) == len(game.sheet) + 1
        for number, ((x, y), score) in enumerate(zip(points, scores, strict=True)):
            assert x == pytest.approx(on_axis(xs, number), abs=0.01)
            assert y == pytest.approx(on_axis(ys, score), abs=0.01)
    band = [r for r in root.iter(SVG + "rect") if r.get("class") == "barrel"]
    assert len(band) == 1
    top, height = float(band[0].get("y", 0)), float(band[0].get("height", 0))
    assert top == pytest.approx(on_axis(ys, 1000), abs=0.01)
    assert top + height == pytest.approx(on_axis(ys, 880), abs=0.01)
    target = [line for line in root.iter(SVG + "line") if line.get("class") == "target"]
    assert [float(t.get("y1", 0)) for t in target] == [pytest.approx(on_axis(ys, 1000), abs=0.01)]
    legend = [t for t in texts(root) if re.match(r"seat \d: ", t)]
    assert legend == [
        f"seat {s}: {game.scores[s]}" + (" (wins)" if s == game.winner else "") for s in range(3)
    ]
    assert "deal" in texts(root) and "score" in texts(root)


def test_the_score_chart_starts_from_the_starting_scores_and_follows_the_rules() -> None:
    over = th.apply(th.new_game(th.Rules.classic(), scores=(0, 880, 800)), END)
    over = play(run(over, END_ACTIONS), END_TRICKS)
    root = parse(svg.score_chart(over, title="the end"))
    ys = axis(root, "end")
    seat2 = next(p for p in root.iter(SVG + "polyline") if p.get("data-seat") == "2")
    heights = [float(p.split(",")[1]) for p in seat2.get("points", "").split()]
    assert heights == [
        pytest.approx(on_axis(ys, 800), abs=0.01),
        pytest.approx(on_axis(ys, 1025), abs=0.01),
    ]
    assert root[0].text == "the end" and root[1].text == (
        "seat 0: 0 0; seat 1: 880 1000; seat 2: 800 1025"
    )
    # Without the barrel there is no band; a 1005 target moves the target line.
    rules = th.Rules.classic()
    rules = attrs.evolve(
        rules,
        barrel=attrs.evolve(rules.barrel, enabled=False),
        scoring=attrs.evolve(rules.scoring, target=1005),
    )
    root = parse(svg.score_chart(th.new_game(rules)))
    assert not [r for r in root.iter(SVG + "rect") if r.get("class") == "barrel"]
    assert "target 1005" in texts(root)
    assert [len(p.get("points", "").split()) for p in root.iter(SVG + "polyline")] == [1, 1, 1]
    with pytest.raises(TypeError, match=re.escape("score_chart() takes a thousand.State")):
        svg.score_chart(over.sheet)  # type: ignore[arg-type]


# -- The documentation's extension -------------------------------------------------------------

PAGE = """\
Pictures
========

.. deal-picture:: JS KS 9C AC JC JD TH / AS QC TC 9D QH KH AH / QS TS QD KD TD AD 9H / 9S KC JH
   :caption: The walkthrough's deal <as dealt>.

.. deal-picture:: JS KS 9C AC JC JD TH / AS QC TC 9D QH KH AH / QS TS QD KD TD AD 9H / 9S KC JH
   :actions: bid 100; pass; pass

.. score-chart::
   :seed: 1
   :players: heuristic
"""


def build(tmp_path: Path, page: str) -> tuple[int, str, Path]:
    """Build a one-page Sphinx project with the extension: its exit code, warnings, output."""
    from sphinx.cmd.build import build_main

    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['dealpic']\n"
    )
    (source / "index.rst").write_text(page, encoding="utf-8")
    out = tmp_path / "html"
    warnings = io.StringIO()
    with contextlib.redirect_stderr(warnings), contextlib.redirect_stdout(io.StringIO()):
        code = build_main(["-W", "-q", "-b", "html", str(source), str(out)])
    return code, warnings.getvalue(), out


def test_the_docs_extension_writes_the_pictures_into_the_build(tmp_path: Path) -> None:
    code, warnings, out = build(tmp_path, PAGE)
    assert code == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    sources = re.findall(r'<img src="(_images/[\w-]+\.svg)" alt="([^"]*)"', page)
    assert [src.split("/")[1].split("-")[0] for src, _ in sources] == ["deal", "deal", "chart"]
    assert sources[0][1].startswith("The deal: seat 0 holds ♠ J K  ♣ 9 J A  ♦ J  ♥ 10;")
    assert "<figcaption" in page and "The walkthrough&#x27;s deal &lt;as dealt&gt;." in page
    first = parse((out / sources[0][0]).read_text(encoding="utf-8"))
    assert len(card_groups(first)) == 24
    assert (out / sources[0][0]).read_text(encoding="utf-8") == svg.deal(WALKTHROUGH)
    after = parse((out / sources[1][0]).read_text(encoding="utf-8"))
    assert texts(after)[0] == "deal 1 · giving · seat 1 to move · bid 100"
    chart = parse((out / sources[2][0]).read_text(encoding="utf-8"))
    assert len(list(chart.iter(SVG + "polyline"))) == 3


def test_the_docs_extension_fails_the_build_on_a_deal_the_engine_refuses(tmp_path: Path) -> None:
    bad = "Bad\n===\n\n.. deal-picture:: JS KS / AS QC / QS TS / 9S\n"
    code, warnings, _ = build(tmp_path, bad)
    assert code != 0
    assert "deal-picture: a deal is 7 cards to each seat and 3 to the talon" in warnings


def test_the_docs_extension_fails_the_build_on_an_illegal_action(tmp_path: Path) -> None:
    bad = (
        "Bad\n===\n\n"
        ".. deal-picture:: JS KS 9C AC JC JD TH / AS QC TC 9D QH KH AH / QS TS QD KD TD AD 9H"
        " / 9S KC JH\n   :actions: pass\n"
    )
    code, warnings, _ = build(tmp_path, bad)
    assert code != 0
    assert "deal-picture: illegal action 'pass'" in warnings


def test_jupyter_shows_a_state_an_observation_and_a_deal_as_pictures() -> None:
    """The rich display hooks give the same pictures as the module's functions, and parse."""
    state = walkthrough("give 9D 0; give 9S 2; contract 200; play AS; play 9S")
    deal = th.Deal.parse(
        "9S JS QS KS TS AS 9C / JC QC KC TC AC 9D JD / QD KD TD AD 9H JH QH / KH TH AH"
    )
    observation = th.observe(state, 2)
    for shown, expected in [
        (state._repr_svg_(), svg.state_svg(state)),
        (observation._repr_svg_(), svg.observation_svg(observation)),
        (deal._repr_svg_(), svg.deal_svg(deal)),
    ]:
        assert shown == expected
        assert ET.fromstring(shown).tag == "{http://www.w3.org/2000/svg}svg"


def test_the_table_view_is_a_method_and_a_format_of_the_state() -> None:
    from thousand.view import table

    state = walkthrough("give 9D 0; give 9S 2; contract 200; play AS; play 9S")
    assert state.table() == format(state, "table") == f"{state:table}" == table(state)
    assert format(state) == str(state)
    with pytest.raises(TypeError):
        format(state, "wide")


# -- A table of four ---------------------------------------------------------------------------


def places(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Each seat's label (its first word pair, ``seat N``) and where it is drawn."""
    out = {}
    for text in root.iter(SVG + "text"):
        found = re.fullmatch(r"(?:▶ )?(seat \d)( .*)?", text.text or "")
        if found and text.get("font-weight") == "bold":
            out[found.group(1)] = (float(text.get("x", 0)), float(text.get("y", 0)))
    return out


def test_a_deal_at_four_lays_the_seats_round_the_table_and_the_sitter_sits_out() -> None:
    """Seat 0 at the bottom, then clockwise: seat 1 on the left, seat 2 at the top, seat 3 on
    the right (R-FOUR-1). The dealer sits out: its place has its label and score, no cards."""
    state = base_hands(four())
    root = parse(svg.deal(state))
    where = places(root)
    assert where["seat 2"][1] < where["seat 1"][1] == where["seat 3"][1] < where["seat 0"][1]
    assert where["seat 1"][0] < where["seat 3"][0]
    words = texts(root)
    assert "seat 0 · dealer · sits out" in words and "▶ seat 1" in words
    assert words.count("dealt no cards: sits on the talon") == 1 and "no cards" not in words
    drawn = [g.get("data-card") for g in card_groups(root)]
    hands = [str(c) for seat in (1, 2, 3) for c in sorted(state.hands[seat])]
    assert drawn == hands + [str(c) for c in sorted(state.talon)]
    assert root[1].text is not None and "; seat 0: sits out; seat 1: ♠ 10 A" in root[1].text
    # The sitter's place shows its score only, also while the others play.
    playing = run(state, ";".join([*BASE_CALLS, *BASE_GIVES, "contract 135", "play AS"]))
    words = texts(parse(svg.deal(playing)))
    assert "score 0" in words and "0 points in this deal · score 0" in words
    assert "trick 1 · trump none" in words and "seat 1 · declarer" in words


def test_a_deal_at_four_with_another_dealer_puts_the_sitter_in_its_own_place() -> None:
    state = four(dealer=2)
    for deal_card in th.legal_actions(state)[:24]:
        state = th.apply(state, deal_card)
    root = parse(svg.deal(state))
    assert texts(root).count("dealt no cards: sits on the talon") == 1
    assert "seat 2 · dealer · sits out" in texts(root)
    assert places(root)["seat 2"][1] == min(y for _, y in places(root).values())  # the top
    assert len(card_groups(root)) == 24


def test_an_observation_at_four_from_an_active_seat_and_from_the_sitter() -> None:
    state = base_hands(four())
    mine = parse(svg.observation_svg(th.observe(state, 2)))
    assert [g.get("data-card") for g in card_groups(mine)] == [
        str(c) for c in sorted(state.hands[2])
    ]
    backs = [g for g in mine.iter(SVG + "g") if g.get("class") == "back"]
    assert len(backs) == 7 + 7 + 3  # seats 1 and 3, and the talon; the sitter holds none
    where = places(mine)
    assert where["seat 2"][1] == max(y for _, y in where.values())  # its own place, the bottom
    assert where["seat 3"][0] < where["seat 1"][0]  # its left neighbour on the left
    assert "seat 0 · dealer · sits out" in texts(mine)
    # The sitter sees no hand (R-FOUR-8): its own place says it sits out; the three hands
    # lie face down.
    sitter = parse(svg.observation_svg(th.observe(state, 0)))
    assert card_groups(sitter) == []
    assert len([g for g in sitter.iter(SVG + "g") if g.get("class") == "back"]) == 24
    assert "seat 0 (this seat) · dealer · sits out" in texts(sitter)
    assert texts(sitter).count("dealt no cards: sits on the talon") == 1


def test_the_sitters_view_under_quiet_drop_leaves_the_hands_unseen() -> None:
    state = base_hands(four("classic", (0, 0, 0, 0), th.variants.quiet_drop))
    state = run(state, ";".join([*BASE_CALLS, "give 9C 2"]))
    root = parse(svg.observation_svg(th.observe(state, 0)))
    assert th.observe(state, 0).hand_sizes == (0, None, None, None)
    assert texts(root).count("cards unseen") == 3
    assert texts(root).count("dealt no cards: sits on the talon") == 1


def test_a_trick_at_four_names_seat_3() -> None:
    state = run(base_hands(four()), ";".join([*BASE_CALLS, *BASE_GIVES, "contract 135"]))
    state = run(state, "play AS; play JS; play 9D")
    root = parse(svg.trick(state))
    assert [t for t in texts(root) if t.startswith("seat")] == ["seat 1", "seat 2", "seat 3"]
    assert texts(root)[0] == "trick 1, won by seat 1, trump none"
    pairs = state.tricks[0][1]
    root = parse(svg.trick(((3, pairs[2][1]),), winner=3, players=4))
    assert [t for t in texts(root) if t.startswith("seat")] == ["seat 3"]
    with pytest.raises(ValueError, match=re.escape("winner must be a seat 0, 1, 2 or 3 or None")):
        svg.trick(pairs, winner=4, players=4)
    with pytest.raises(TypeError, match=re.escape("with a seat 0, 1, 2 or 3, not (4,")):
        svg.trick([(4, th.Card.parse("AS"))], players=4)
    with pytest.raises(ValueError, match="players must be 3 or 4, not 5"):
        svg.trick("AS", players=5)


def test_the_score_chart_at_four_draws_four_lines_and_rings_the_deals_sat_out() -> None:
    """One line per seat; after each deal the sitter's point is a hollow ring in its colour
    (R-FOUR-1), on its score, which moved by its talon score (R-FOUR-3)."""
    game = four("standard")
    rng = random.Random(5)
    while len(game.sheet) < 9:
        game = th.apply(game, rng.choice(th.legal_actions(game)))
    root = parse(svg.score_chart(game))
    ys, xs = axis(root, "end"), axis(root, "middle")
    lines = list(root.iter(SVG + "polyline"))
    assert [line.get("data-seat") for line in lines] == ["0", "1", "2", "3"]
    assert len({line.get("stroke") for line in lines}) == 4
    assert len({line.get("stroke-dasharray") for line in lines}) == 4
    rings = [c for c in root.iter(SVG + "circle") if c.get("class") == "sat-out"]
    assert len(rings) == 9 + 1  # one a deal, and the legend's
    for number, record in enumerate(game.sheet, 1):
        assert record.sitter == record.dealer
        sitter = record.sitter
        assert sitter is not None
        at = (on_axis(xs, number), on_axis(ys, record.scores[sitter]))
        assert any(
            float(c.get("cx", 0)) == pytest.approx(at[0], abs=0.01)
            and float(c.get("cy", 0)) == pytest.approx(at[1], abs=0.01)
            and c.get("stroke") == svg.SEAT_COLOURS[sitter]
            for c in rings
        )
    legend = [t for t in texts(root) if re.match(r"seat \d: ", t)]
    assert legend == [f"seat {s}: {game.scores[s]}" for s in range(4)]
    assert "sat out the deal" in texts(root)
    assert root[1].text is not None and root[1].text.count("; seat ") == 3
