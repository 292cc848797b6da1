"""Watching a recorded game (issue #12, item 2): :mod:`thousand.replay`."""

from __future__ import annotations

import io
import re

import thousand as th
from thousand.__main__ import play_demo_game
from thousand.analysis import review
from thousand.replay import Replay
from thousand.view import table


def test_the_replay_shows_every_deal_trick_by_trick_with_every_hand() -> None:
    state = play_demo_game(2, players="heuristic")
    out = io.StringIO()
    assert Replay(state, out=out).run() == 0
    text = out.getvalue()
    for record in state.sheet:
        assert f"== deal {record.deal_number}, dealer {record.dealer} ==" in text
        deal = text.split(f"== deal {record.deal_number}, dealer {record.dealer} ==")[1]
        played = [
            line for line in deal.split("\n== ")[0].splitlines() if re.match(r"  trick \d", line)
        ]
        assert [int(line.split()[4]) for line in played] == [w for w, _ in record.tricks]
    # Each deal's table is the umpire's: every hand open.
    first = th.apply(th.new_game(dealer=state.sheet[0].dealer), state.history[0])
    assert table(first) in text
    assert text.rstrip().endswith(th.format_sheet(state.sheet, state).rstrip())


def test_the_review_marks_each_card_with_its_cost_and_sums_each_deal() -> None:
    state = play_demo_game(3, players="heuristic")
    reviewed = review(state)
    out = io.StringIO()
    Replay(state, with_review=True, out=out).run()
    text = out.getvalue()
    plays = re.findall(r"  seat (\d) plays (\S+)(?: declaring its marriage)?   \((.+?)\)", text)
    assert len(plays) == len(reviewed.plays)
    for (seat, card, verdict), play in zip(plays, reviewed.plays, strict=True):
        assert (int(seat), th.Card.parse(card)) == (play.seat, play.card)
        assert verdict == (
            "best"
            if play.optimal
            else f"costs {play.loss}; best "
            + " ".join(p.card.unicode + (" marriage" if p.marriage else "") for p in play.best)
        )
    for deal in reviewed.deals:
        losses = ", ".join(f"seat {s} {deal.losses_per_seat[s]}" for s in range(3))
        assert f"deal points lost against best play: {losses}" in text


def test_the_replay_stops_after_each_trick_and_deal_on_request() -> None:
    state = play_demo_game(2, players="heuristic")
    prompts: list[str] = []
    answers = iter(["", "", "d", "", "c"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "q")

    Replay(state, out=io.StringIO(), ask=ask).run()
    # Three tricks, the last answered "d": on to the end of deal 1, its prompt, then the first
    # trick of deal 2, answered "c": on to the end, with no more prompts.
    kinds = [p.split(",")[0] for p in prompts]
    assert kinds == ["[Enter] next trick"] * 3 + ["[Enter] next deal", "[Enter] next trick"]
    stopped = io.StringIO()
    Replay(state, out=stopped, ask=lambda prompt: "q").run()
    assert "trick 1 to seat" in stopped.getvalue() and "trick 2 to seat" not in stopped.getvalue()


def test_r_four_1_a_game_at_four_replays_with_its_sitter_named_in_each_deal() -> None:
    """A record of a game at a table of four (R-FOUR-1): each deal's header names its dealer
    as sitting out, its table shows that seat with no hand, the tricks are the three active
    seats', and the review sums up the losses of the seats that played."""
    from thousand import records

    game = play_demo_game(2, th.Rules.classic(players=4), players="heuristic")
    state = records.load(records.dump(game))
    assert state == game and state.players == 4
    out = io.StringIO()
    assert Replay(state, out=out).run() == 0
    text = out.getvalue()
    assert text.startswith("A game of Thousand: classic rules at a table of four, dealer 2.")
    for record in state.sheet:
        header = f"== deal {record.deal_number}, dealer {record.dealer} (sits out) =="
        assert header in text
        deal = text.split(header)[1].split("\n== ")[0]
        assert f"    {record.dealer} dealer sits out" in deal
        played = [line for line in deal.splitlines() if re.match(r"  trick \d", line)]
        assert [int(line.split()[4]) for line in played] == [w for w, _ in record.tricks]
        assert not re.search(rf"  seat {record.dealer} plays", deal)
    assert text.rstrip().endswith(th.format_sheet(state.sheet, state).rstrip())
    # The review of its first deals: no loss line for the sitter.
    short = th.new_game(game.rules, dealer=game.sheet[0].dealer)
    for action in game.history:
        if len(short.sheet) == 2:
            break
        short = th.apply(short, action)
    reviewed = io.StringIO()
    Replay(short, with_review=True, out=reviewed).run()
    lines = re.findall(r"deal points lost against best play: (.+)", reviewed.getvalue())
    played_deals = [r for r in short.sheet if r.made is not None or r.tricks]
    assert len(lines) == len(played_deals) > 0
    for line, record in zip(lines, played_deals, strict=True):
        seats = [int(part.split()[1]) for part in line.split(", ")]
        assert seats == [s for s in range(4) if s != record.sitter]
