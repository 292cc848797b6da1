"""A person against the bots in a terminal (issue #12, item 1): :mod:`thousand.console`.

The scripted person here reads the console's own state to pick a legal move; the test of the
real program through a pseudo-terminal is at the end.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import thousand as th
from thousand import records
from thousand.console import Console, Style, bots_for, moves, seat_view

PLAIN = Style(colour=False, symbols=False)


def scripted(
    console_of: Callable[[], Console], moves: list[str] | None = None
) -> Callable[[str], str]:
    """A person who types ``moves`` first, then always the first legal move."""
    queue = list(moves or [])

    def read(prompt: str) -> str:
        assert prompt == "your move> "
        if queue:
            return queue.pop(0)
        return str(th.legal_actions(console_of().state)[0])

    return read


def run_console(
    seed: int, moves: list[str] | None = None, **options: object
) -> tuple[Console, str]:
    out = io.StringIO()
    holder: list[Console] = []
    console = Console(
        bots_for("heuristic", seed, 0),
        seed=seed,
        read=scripted(lambda: holder[0], moves),
        write=out,
        style=PLAIN,
        **options,  # type: ignore[arg-type]
    )
    holder.append(console)
    assert console.run() == 0
    return console, out.getvalue()


def test_a_person_plays_a_whole_game_and_hears_every_bot_move_in_order() -> None:
    console, out = run_console(5)
    final = console.state
    assert final.is_terminal
    assert told_moves(out) == bot_moves(th.new_game(dealer=5 % 3), final.history)
    for record in final.sheet:
        assert f"-- deal {record.deal_number}: " in out
    assert f"Seat {final.winner} wins" in out or "Drawn after" in out


def bot_moves(state: th.State, history: tuple[th.Action, ...]) -> list[str]:
    """The moves of the bots (every seat but 0) in ``history`` played from ``state``, as the
    console tells them: all but the gives, whose cards it may not tell."""
    expected = []
    for action in history:
        seat = state.to_move
        if seat is not None and seat != 0 and not isinstance(action, th.Give):
            expected.append(f"seat {seat}: {action}")
        state = th.apply(state, action)
    return expected


def told_moves(out: str) -> list[str]:
    """The lines of ``out`` that tell a bot's move other than a give."""
    return [line for line in out.splitlines() if re.match(r"seat \d: (?!gives)", line)]


def test_the_view_shows_what_the_seat_knows_and_nothing_more() -> None:
    """Every view a person is shown is drawn from its observation alone: the other hands and
    the talon lying face down never appear in it."""
    shown: list[tuple[th.State, str]] = []
    out = io.StringIO()
    holder: list[Console] = []

    def read(prompt: str) -> str:
        console = holder[0]
        shown.append((console.state, out.getvalue()))
        out.seek(0)
        out.truncate()
        return str(th.legal_actions(console.state)[0])

    console = Console(bots_for("heuristic", 8, 0), seed=8, read=read, write=out, style=PLAIN)
    holder.append(console)
    console.run()
    assert len(shown) > 20
    for state, text in shown:
        view = text[text.rindex("deal ") :] if "\ndeal " in text else text
        obs = th.observe(state, 0)
        assert view.rstrip().endswith(seat_view(obs, console.names, PLAIN))
        hand_line = seat_view(obs, console.names, PLAIN).splitlines()[-1]
        for other in (1, 2):
            for card in state.hands[other]:
                assert str(card) not in hand_line
        if state.talon:  # face down: no card of it anywhere in the view
            block = seat_view(obs, console.names, PLAIN)
            assert not any(re.search(rf"\b{card}\b", block) for card in state.talon)


def test_a_give_to_the_other_opponent_is_announced_without_its_card() -> None:
    _, out = run_console(2)
    gives = [
        re.fullmatch(r"seat \d: gives (.+) to (you|seat \d)", line) for line in out.splitlines()
    ]
    to_others = [m.group(1) for m in gives if m and m.group(2) != "you"]
    to_me = [m.group(1) for m in gives if m and m.group(2) == "you"]
    assert to_others and set(to_others) == {"a card"}
    assert to_me and all(th.Card.parse(card) for card in to_me)


def test_an_illegal_move_is_answered_with_the_librarys_reason_and_asked_again() -> None:
    console, out = run_console(5, ["play AS", "bid 999", "bogus words", "quit"])
    assert re.search(r"illegal action 'play AS' in phase auction: .*cards are played only", out)
    assert "illegal action 'bid 999' in phase auction: bid 999 is not a multiple of 5" in out
    assert "not an action: 'bogus words'" in out
    assert not console.state.is_terminal  # quit before any move of the person


def test_undo_goes_back_to_the_persons_previous_decision() -> None:
    decisions: list[th.State] = []
    holder: list[Console] = []
    out = io.StringIO()

    def read(prompt: str) -> str:
        state = holder[0].state
        decisions.append(state)
        if len(decisions) == 3:
            return "undo"
        if len(decisions) == 5:
            return "quit"
        return str(th.legal_actions(state)[0])

    console = Console(bots_for("heuristic", 5, 0), seed=5, read=read, write=out, style=PLAIN)
    holder.append(console)
    console.run()
    # The third read undoes the second move: the fourth decision is the second one again.
    assert decisions[3] == decisions[1] and decisions[2] != decisions[1]
    assert "undone: back to your previous decision" in out.getvalue()


def test_undo_with_nothing_to_undo_says_so() -> None:
    _, out = run_console(5, ["undo", "quit"])
    assert "nothing to undo: you have made no move yet" in out


def test_undo_into_an_earlier_deal_deals_the_same_cards_again() -> None:
    """The deals come from the seed row by row, so taking back the last move of a deal and
    playing on brings the same next deal."""
    holder: list[Console] = []
    second_deals: list[th.Action] = []
    undone = [False]

    def read(prompt: str) -> str:
        state = holder[0].state
        if len(state.sheet) == 1:
            second_deals.append(state.history[-_actions_in_deal(state)])
            if not undone[0]:
                undone[0] = True
                return "undo"
            return "quit"
        return str(th.legal_actions(state)[0])

    console = Console(bots_for("heuristic", 3, 0), seed=3, read=read, write=io.StringIO())
    holder.append(console)
    console.run()
    assert undone[0] and len(second_deals) == 2
    assert isinstance(second_deals[0], th.Deal) and second_deals[0] == second_deals[1]


def _actions_in_deal(state: th.State) -> int:
    """How many actions of the history belong to the current deal (from its Deal on)."""
    history = state.history
    for back in range(1, len(history) + 1):
        if isinstance(history[-back], th.Deal):
            return back
    raise AssertionError("no deal in the history")


def test_hint_names_the_solver_bots_move_and_it_is_legal() -> None:
    console, out = run_console(5, ["hint", "quit"])
    match = re.search(r"the solver bot would: (.+)", out)
    assert match is not None
    hinted = th.parse_action(match.group(1))
    assert hinted in th.legal_actions(console.state)


def test_legal_lists_the_moves_and_sheet_the_score_sheet() -> None:
    console, out = run_console(5, ["legal", "sheet", "quit"])
    listed = re.search(r"legal: (.+)", out)
    assert listed is not None
    assert listed.group(1).split(", ") == [str(a) for a in th.legal_actions(console.state)]
    assert "no deal is over yet" in out


def test_a_card_alone_plays_it_and_symbols_are_read_too() -> None:
    console, _ = run_console(5, ["quit"])
    assert console._parse("Q♥") == th.Play(th.Card.parse("QH"))
    assert console._parse("play 10♥ marriage") == th.Play(th.Card.parse("TH"), True)


def test_quit_saves_a_record_that_loads_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    console, out = run_console(5, record=path)
    assert f"record saved to {path}" in out
    assert records.load(path.read_text(encoding="utf-8")) == console.state


def test_style_colours_red_suits_and_falls_back_to_letters() -> None:
    heart = th.Card.parse("QH")
    spade = th.Card.parse("TS")
    rich = Style(colour=True, symbols=True)
    assert rich.card(heart) == "\x1b[31mQ♥\x1b[0m" and rich.card(spade) == "10♠"
    assert PLAIN.card(heart) == "QH"
    hand = frozenset(th.Card.parse(c) for c in ("AH", "9S", "QH", "KS"))
    assert PLAIN.hand(hand) == "9S KS   QH AH"

    class Ascii(io.StringIO):
        encoding = "ascii"

    assert not Style.for_stream(Ascii()).symbols
    assert not Style.for_stream(io.StringIO()).colour  # not a terminal
    assert Style.for_stream(io.StringIO(), "always").colour


def test_bots_for_names_two_bots_or_one_for_both() -> None:
    assert [name for name, _ in bots_for("solver,heuristic", 1, 1)] == ["solver", "heuristic"]
    assert [name for name, _ in bots_for("random", 1, 2)] == ["random", "random"]
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        bots_for("clever", 1, 0)
    with pytest.raises(ValueError, match="names two bots"):
        bots_for("random,random,random", 1, 0)
    with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
        Console(bots_for("random", 1, 0), seat=3)


def test_the_moves_line_sums_up_the_legal_moves() -> None:
    names = ["you", "seat 1", "seat 2"]
    bids: list[th.Action] = [th.Pass(), *(th.Bid(v) for v in range(105, 125, 5))]
    assert moves(bids, names, PLAIN) == "pass; bid 105-120"
    cards = [th.Play(th.Card.parse(c)) for c in ("9S", "QH")] + [th.Play(th.Card.parse("QH"), True)]
    assert moves(cards, names, PLAIN) == "play: 9S, QH, QH marriage"
    gives = [th.Give(th.Card.parse(c), to) for to in (1, 2) for c in ("9S", "AH")]
    assert moves(gives, names, PLAIN) == "give to seat 1: 9S, AH; give to seat 2: 9S, AH"
    assert moves([th.Contract(120)], names, PLAIN) == "contract 120"


def test_the_real_program_plays_a_deal_through_a_pseudo_terminal(tmp_path: Path) -> None:
    """``python -m thousand play`` driven as a person would: an illegal move is explained and
    asked again, a move is taken back, a whole deal is played, and ``quit`` saves a record
    that loads."""
    record = tmp_path / "game.txt"
    child = spawn(
        *("play", "--seed", "7", "--bots", "heuristic"),
        *("--record", str(record), "--colour", "never"),
    )
    child.expect(r"You are seat 0; seat 1 is a heuristic bot, seat 2 is a heuristic bot")
    child.expect("your move> ")
    child.sendline("play AS")
    child.expect(r"illegal action 'play AS' in phase auction: .*cards are played only in the play")
    child.expect("your move> ")
    child.sendline(first_legal(child))
    child.expect(r"you: ")
    child.expect("your move> ")
    child.sendline("undo")
    child.expect("undone: back to your previous decision")
    child.expect("your move> ")
    # a deal takes fewer than 30 moves: at most 3 calls, 2 gives, a contract, 8 cards
    made = moves_to_the_end_of_deal(child, 1)
    assert 8 <= made < 30  # the eight cards of the play, and the deal ended
    child.expect("your move> ")  # the first decision of deal 2
    state = quit_and_load(child, record)
    assert len(state.sheet) == 1 and state.deal_number == 2 and not state.is_terminal


def spawn(*args: str, timeout: int = 60) -> Any:
    """``python -m thousand`` with ``args`` in a pseudo-terminal of 40 lines of 120."""
    pexpect = pytest.importorskip("pexpect")
    return pexpect.spawn(
        sys.executable,
        ["-m", "thousand", *args],
        encoding="utf-8",
        timeout=timeout,
        dimensions=(40, 120),
    )


def first_legal(child: Any) -> str:
    """The first legal move, as the program lists it when asked; at the prompt again."""
    child.sendline("legal")
    child.expect(r"legal: ([^\r\n]*)\r\n")
    move = child.match.group(1).split(", ")[0]
    child.expect("your move> ")
    return str(move)


def moves_to_the_end_of_deal(child: Any, number: int) -> int:
    """How many first legal moves the person made until deal ``number`` ended (30 at most)."""
    made = 0
    while made < 30:
        child.sendline(first_legal(child))
        made += 1
        if child.expect([rf"-- deal {number}: [^\r\n]+\r\n", "your move> "]) == 0:
            break
    return made


def quit_and_load(child: Any, record: Path) -> th.State:
    """``quit``: the record saved, the program ended well; the state the record loads to."""
    pexpect = pytest.importorskip("pexpect")
    child.sendline("quit")
    child.expect(f"record saved to {record}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return records.load(record.read_text(encoding="utf-8"))


def test_the_real_replay_steps_trick_by_trick_through_a_pseudo_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    from thousand.__main__ import play_demo_game

    game = play_demo_game(2, players="heuristic")
    path = tmp_path / "game.txt"
    path.write_text(records.dump(game), encoding="utf-8")
    child = spawn("replay", str(path), "--review", timeout=120)
    child.expect(r"== deal 1, dealer \d ==")
    child.expect(r"  trick 1 to seat \d")
    child.expect(r"\[Enter\] next trick, d: end of deal, c: to the end, q: quit> ")
    child.sendline("")
    child.expect(r"  trick 2 to seat \d")
    child.expect(r"next trick")
    child.sendline("d")
    child.expect(r"deal points lost against best play: seat 0 \d+, seat 1 \d+, seat 2 \d+")
    child.expect(r"\[Enter\] next deal")
    child.sendline("c")
    child.expect(rf"after {len(game.sheet)} deals\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_play_and_replay_refuse_a_bad_command_line_with_their_own_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from thousand.__main__ import main

    for argv, reason in [
        (["play", "--bots", "clever"], "--bots clever: "),
        (["play", "--bots", "random,random,random"], "names two bots (or one for both), not 3"),
        (["play", "--seat", "3"], "argument --seat: invalid choice: 3"),
        (["play", "--record", str(tmp_path)], f"--record {tmp_path}: a folder"),
        (["play", "--with", "penalty_amount"], "'penalty_amount' needs a value"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: thousand play ") and reason in err, err
    bad = tmp_path / "bad.txt"
    bad.write_text("not a record\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"thousand replay: error: {bad}: line 1: ")
    assert main(["replay", str(tmp_path / "missing.txt")]) == 1
    assert "No such file" in capsys.readouterr().err


def test_replay_all_prints_the_whole_game_without_stopping(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from thousand.__main__ import main, play_demo_game

    game = play_demo_game(6, players="heuristic")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    assert main(["replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n== deal ") == len(game.sheet) + sum(
        isinstance(a, th.Redeal) for a in game.history
    )
    assert out.rstrip().endswith(th.format_sheet(game.sheet, game).rstrip())


# -- a table of four (issue #13) ----------------------------------------------------------------

FOUR = th.Rules.classic(players=4)


def run_four(seed: int, seat: int = 0, **options: object) -> tuple[Console, str, list[th.State]]:
    """A whole game at a table of four, the person playing the first legal move; the states
    at which the person was asked."""
    out = io.StringIO()
    holder: list[Console] = []
    asked: list[th.State] = []

    def read(prompt: str) -> str:
        state = holder[0].state
        asked.append(state)
        return str(th.legal_actions(state)[0])

    console = Console(
        bots_for("heuristic", seed, seat, players=4),
        seat=seat,
        rules=FOUR,
        seed=seed,
        read=read,
        write=out,
        style=PLAIN,
        **options,  # type: ignore[arg-type]
    )
    holder.append(console)
    assert console.run() == 0
    return console, out.getvalue(), asked


def test_r_four_1_a_person_at_four_sits_out_each_deal_it_deals_without_being_asked() -> None:
    """R-FOUR-1: the dealer sits out. The person is asked only in the deals it does not deal;
    in those it deals the console says it sits out, the bots play the deal through, and its
    score for it is told (R-FOUR-3)."""
    console, out, asked = run_four(4)  # 4 % 4: the person deals first
    final = console.state
    assert final.is_terminal and final.players == 4
    assert asked and all(state.sitter != 0 and state.to_move == 0 for state in asked)
    assert out.splitlines()[0] == (
        "You are seat 0; seat 1 is a heuristic bot, seat 2 is a heuristic bot, seat 3 is a "
        "heuristic bot. Type a move, or 'help'."
    )
    assert "At a table of four the dealer sits out each deal (R-FOUR-1)" in out
    deals = out.split("\n== deal ")[1:]
    rows = {record.deal_number: record for record in final.sheet}
    sat = [record for record in final.sheet if record.sitter == 0]
    assert sat and sat[0].deal_number == 1
    for text in deals:
        number = int(text.split(":")[0].split()[0])
        record = rows[number]
        if record.sitter == 0:
            assert text.startswith(f"{number}: you deal and sit out ==\n")
            assert "you sit out this deal: no cards, no calls; you score the card points of " in (
                text
            )
            assert f"you sat out this deal: {record.changes[0]:+d} on your score (R-FOUR-3)" in text
            assert "your move" not in text
        else:
            assert text.startswith(f"{number}: seat {record.dealer} deals and sits out ==\n")
            assert "you sat out" not in text
    # Every bot move is told, in the deals the person sits out too.
    assert told_moves(out) == bot_moves(th.new_game(FOUR, dealer=0), final.history)
    assert out.rstrip().endswith(th.format_sheet(final.sheet, final).rstrip())


def test_r_four_8_the_sitter_sees_the_deal_from_the_side_and_nothing_more() -> None:
    """R-FOUR-8: as the play of a deal it sits out starts, the person is shown the sitter's
    view (no hand, the gives without their cards, the talon when it is shown); at its
    decisions the sitter is marked and left out of the points and the cards."""
    console, out, asked = run_four(4, record=None)
    views = [
        block
        for block in out.split("\n\n")
        if block.startswith("deal ") and "hand     none: you sit out this deal" in block
    ]
    sitting = [r for r in console.state.sheet if r.sitter == 0 and r.made is not None]
    assert len(views) == len(sitting) > 0
    for block in views:
        assert "(sits out), play, trick 1 of 8" in block.splitlines()[0]
        assert "  moves" not in block
        gives = re.search(r"  gives    (.+)", block)
        assert gives is not None and set(re.findall(r"(\S+) to", gives.group(1))) == {"?"}
    # The views at the person's decisions: drawn from its observation alone.
    state = asked[0]
    view = seat_view(th.observe(state, 0), console.names, PLAIN)
    dealer = console.names[state.dealer]
    assert view.splitlines()[0].startswith(f"deal {state.deal_number}, dealer {dealer} (sits out)")
    cards_line = next(line for line in view.splitlines() if line.startswith("  cards"))
    assert dealer not in cards_line
    assert len(view.splitlines()[1].split("   ")[1:]) == 4  # the scores of the four seats


def test_bots_for_and_the_console_at_four() -> None:
    assert [name for name, _ in bots_for("random", 1, 3, players=4)] == ["random"] * 3
    named = bots_for("solver,heuristic,random", 1, 1, players=4)
    assert [name for name, _ in named] == ["solver", "heuristic", "random"]
    with pytest.raises(ValueError, match=r"names three bots at a table of four \(or one for all\)"):
        bots_for("random,random", 1, 0, players=4)
    with pytest.raises(ValueError, match="at a table of four plays against three bots, not 2"):
        Console(bots_for("random", 1, 0), rules=FOUR)
    with pytest.raises(ValueError, match="seat must be 0, 1, 2 or 3, not 4"):
        Console(bots_for("random", 1, 0, players=4), seat=4, rules=FOUR)
    with pytest.raises(ValueError, match="a person plays against two bots, not 3"):
        Console(bots_for("random", 1, 0, players=4))
    console = Console(bots_for("random", 1, 3, players=4), seat=3, rules=FOUR, seed=6)
    assert console.names == ["seat 0", "seat 1", "seat 2", "you"]
    assert console.state.dealer == 6 % 4 and console.state.players == 4


def test_r_four_1_the_real_program_at_four_sits_the_person_out_through_a_pseudo_terminal(
    tmp_path: Path,
) -> None:
    """``python -m thousand play --seats 4``: with seed 8 the person (seat 0) deals first and
    sits deal 1 out, told so and not asked anything; then it plays deal 2."""
    record = tmp_path / "four.txt"
    child = spawn(
        *("play", "--seats", "4", "--seed", "8", "--bots", "heuristic"),
        *("--record", str(record), "--colour", "never"),
    )
    child.expect(r"Thousand: classic rules at a table of four; seed 8")
    child.expect(r"You are seat 0; seat 1 is a heuristic bot, seat 2 is a heuristic bot, seat 3")
    child.expect(r"== deal 1: you deal and sit out ==")
    child.expect(r"you sit out this deal: no cards, no calls; you score the card points of the")
    # The bots play deal 1 through: its end comes before any question.
    assert child.expect([r"-- deal 1: [^\r\n]+\r\n", "your move> "]) == 0
    child.expect(r"you sat out this deal: [+-]\d+ on your score \(R-FOUR-3\)")
    child.expect(r"== deal 2: seat 1 deals and sits out ==")
    child.expect(r"deal 2, dealer seat 1 \(sits out\), auction")
    child.expect("your move> ")
    made = moves_to_the_end_of_deal(child, 2)
    assert 8 <= made < 30
    child.expect("your move> ")  # deal 3, dealt by seat 2
    state = quit_and_load(child, record)
    assert state.players == 4 and [r.sitter for r in state.sheet] == [0, 1]
