"""The main job: ``python -m thousand demo`` prints a whole game as a score sheet."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from typing import Any

import attrs
import pytest

import thousand as th
from thousand.__main__ import expected_deals, main, play_demo_game
from thousand.arena import BOTS
from thousand.sheet import LEGEND, format_sheet


def test_demo_prints_one_row_per_deal_and_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "4", "--players", "heuristic"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    state = play_demo_game(4, players="heuristic")
    # Progress on the standard error (not a terminal here): a line per deal, with an estimate
    # of the game's length.
    played = [
        re.match(r"deal (\d+) of ~(\d+) played, ", line) for line in captured.err.splitlines()
    ]
    counts = [(int(m.group(1)), int(m.group(2))) for m in played if m]
    assert [deal for deal, _ in counts] == list(range(1, len(state.sheet) + 1))
    assert all(deal < expected <= 200 for deal, expected in counts[:-1])
    assert captured.err.splitlines()[-1].startswith(
        f"deal {len(state.sheet)} of {len(state.sheet)}: game over"
    )
    assert state.is_terminal
    rows = [line for line in out.splitlines() if line[:5].strip().isdigit()]
    assert len(rows) == len(state.sheet) == state.deal_number
    for line, record in zip(rows, state.sheet, strict=True):
        numbers = line.replace("|", " ").split()
        assert int(numbers[0]) == record.deal_number
        assert (int(numbers[1]), int(numbers[2])) == (record.dealer, record.declarer)
        assert (int(numbers[3]), int(numbers[4])) == (record.bid, record.contract)
        for seat in range(3):
            assert f"{record.changes[seat]:+5d} {record.scores[seat]:5d}" in line
    assert state.winner is not None
    assert f"Seat {state.winner} wins with {state.scores[state.winner]}" in out
    assert out.startswith("Thousand: classic rules; seed 4, heuristic players")


def test_demo_prints_the_header_at_once_and_each_row_as_its_deal_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 3 of issue #11: the strongest bots take a while, so the sheet is printed as the
    game goes, not at its end."""
    printed: list[str] = []

    def watched(seed: int, rules: th.Rules | None = None, **options: Any) -> th.State:
        printed.append(capsys.readouterr().out)  # before the first card is dealt
        shown = options.pop("on_deal")

        def on_deal(record: th.DealRecord) -> None:
            shown(record)
            printed.append(capsys.readouterr().out)

        return play_demo_game(seed, rules, **options, on_deal=on_deal)

    monkeypatch.setattr("thousand.__main__.play_demo_game", watched)
    assert main(["demo", "--seed", "5", "--players", "heuristic"]) == 0
    rest = capsys.readouterr().out
    state = play_demo_game(5, players="heuristic")
    sheet = format_sheet(state.sheet, state).splitlines()
    title, blank, header, rule = printed[0].splitlines()
    assert title == "Thousand: classic rules; seed 5, heuristic players" and not blank
    assert [header, rule] == sheet[:2]
    assert printed[1:] == [f"{row}\n" for row in sheet[2 : 2 + len(state.sheet)]]
    assert rest.startswith("\n".join(sheet[2 + len(state.sheet) :]))


def test_the_game_length_is_estimated_from_the_scores_so_far() -> None:
    state = play_demo_game(4, players="heuristic")
    rules = th.Rules.classic()
    first = expected_deals(state.sheet[0], rules)
    assert 1 < first <= rules.scoring.max_deals
    for record in state.sheet[:-1]:
        assert record.deal_number < expected_deals(record, rules) <= rules.scoring.max_deals
    # A faster leader means a shorter game; a game cut short is no longer than its limit.
    ahead = attrs.evolve(state.sheet[0], scores=(400, 0, 0))
    assert expected_deals(ahead, rules) < expected_deals(attrs.evolve(ahead, scores=(100, 0, 0)))
    assert expected_deals(ahead, rules) == 1 + math.ceil(600 / ((400 + 4 * 1000 / 30) / 5))
    cut = attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, max_deals=3))
    assert expected_deals(attrs.evolve(ahead, deal_number=2), cut) == 3


def test_demo_in_a_terminal_shows_a_live_line_under_the_sheet() -> None:
    """In a pseudo-terminal: the header comes first, then each deal's row, and under the rows
    one status line (``deal 7 of ~35 played``) redrawn in place."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "thousand", "demo", "--seed", "4", "--players", "heuristic"],
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )
    child.expect(r"deal dlr decl  bid contr result")
    child.expect(r"deal 1 being played")
    child.expect(r"\r\x1b\[K *1 +1 ")  # the status line cleared, then the first row
    child.expect(r"\r\n\rdeal 1 of ~\d+ played, 0:\d\d elapsed, ~\d+:\d\d left\x1b\[K")
    child.expect(r"\r\x1b\[K *2 +2 ")
    child.expect(r"Seat \d wins with \d+ after (\d+) deals")
    deals = child.match.group(1)
    # The last status line comes under the legend, where the eye ends.
    child.expect(r"hidden game\r\n\rdeal (\d+) of (\d+): game over, 0:\d\d\x1b\[K\r\n")
    assert child.match.group(1) == child.match.group(2) == deals
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_demo_is_reproducible() -> None:
    assert play_demo_game(9, players="heuristic") == play_demo_game(9, players="heuristic")
    assert (
        play_demo_game(9, players="heuristic").history
        != play_demo_game(10, players="heuristic").history
    )


def test_demo_plays_the_solver_bots_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strongest bots are the default players (issue #5); a game between them is slow, so
    the game itself is stood in for by a heuristic one here (CI runs the real default)."""
    seen: list[str] = []

    def stand_in(seed: int, rules: th.Rules | None = None, **options: object) -> th.State:
        seen.append(str(options["players"]))
        return play_demo_game(seed, rules, players="heuristic")

    monkeypatch.setattr("thousand.__main__.play_demo_game", stand_in)
    assert main(["demo", "--seed", "3"]) == 0
    assert seen == ["solver"]


def test_sheet_marks_the_barrel_and_penalties() -> None:
    record = th.DealRecord(
        deal_number=7,
        dealer=1,
        declarer=2,
        bid=100,
        contract=120,
        made=True,
        points=(30, 10, 80),
        card_points=(30, 10, 80),
        marriages=(),
        changes=(0, -120, 120),
        scores=(880, 760, 880),
        barrel=(1, None, 0),
        bolts=(0, 0, 0),
        events=(
            th.Event(th.EventKind.BARREL_DEAL_USED, 0),
            th.Event(th.EventKind.BARREL_PENALTY, 1, -120),
            th.Event(th.EventKind.CLIMBED_ON_BARREL, 2),
        ),
    )
    row = format_sheet([record]).splitlines()[2]
    cells = [cell.split() for cell in row.split("|")]
    assert cells[0] == ["7", "1", "2", "100", "120", "made"]
    assert cells[1] == ["+0", "880", "b1"]
    assert cells[2] == ["-120", "760", "P"]
    assert cells[3] == ["+120", "880", "*B"]


def test_sheet_at_a_table_of_four_has_four_columns_and_marks_the_sitter() -> None:
    """A column per seat; the sitter's cell (the dealer, R-FOUR-1) shows its talon score
    (R-FOUR-3) marked ``~``, with its other marks after it (here it climbs on the barrel by
    sitting, R-FOUR-4)."""
    record = th.DealRecord(
        deal_number=4,
        dealer=3,
        declarer=1,
        bid=110,
        contract=120,
        made=False,
        points=(40, 60, 20, 0),
        card_points=(40, 60, 20, 0),
        marriages=(),
        changes=(40, -120, 20, 25),
        scores=(300, -50, 410, 880),
        barrel=(None, None, None, 0),
        bolts=(0, 0, 0, 0),
        events=(th.Event(th.EventKind.CLIMBED_ON_BARREL, 3),),
        sitter=3,
    )
    head, _, row = format_sheet([record]).splitlines()
    assert [cell.strip() for cell in head.split("|")[1:]] == [
        "seat 0",
        "seat 1",
        "seat 2",
        "seat 3",
    ]
    cells = [cell.split() for cell in row.split("|")]
    assert cells[0] == ["4", "3", "1", "110", "120", "failed"]
    assert cells[1:] == [["+40", "300"], ["-120", "-50", "*"], ["+20", "410"], ["+25", "880", "~B"]]
    assert "~ sat out" in LEGEND
    # The bare header: the records tell the columns, else the state, else ``players``.
    assert len(format_sheet([], players=4).splitlines()[0].split("|")) == 5
    assert format_sheet([]) == format_sheet([], players=3)
    assert len(format_sheet([], th.new_game(th.Rules.classic(players=4))).split("|")) == 5


def test_demo_names_the_rules_and_agreements(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["demo", "--seed", "3", "--players", "heuristic", "--rules", "standard"]
    argv += ["--with", "golden_round"]
    assert main([*argv, "--with", "penalty_amount=150"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Thousand: standard rules with: Penalty Amount 150, Golden Round;")
    rows = [line for line in out.splitlines() if line[:5].strip().isdigit()]
    assert rows[0].split()[5] in ("Gmade", "Gfailed", "Gdistrib")  # golden deals come first


def test_demo_refuses_unknown_or_conflicting_agreements(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--with", "no_such_thing"])
    assert "unknown agreement 'no_such_thing'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["demo", "--with", "zero_wins_in_a_row", "--with", "zero_wins_in_a_game"])
    assert "conflict" in capsys.readouterr().err


def test_module_runs_from_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "thousand", "demo", "--seed", "2", "--players", "random"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "random players" in done.stdout
    assert done.stdout.count("\n") > 5


@pytest.mark.parametrize("below", [40, 85])
def test_demo_of_heuristic_bots_ends_under_reshuffle_on_card_score(
    below: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every weak hand may be redealt: the game still ends, within a bound on decisions."""
    decisions = [0]

    @attrs.define
    class Bounded:
        bot: th.Bot

        def act(self, observation: th.Observation) -> th.Action:
            decisions[0] += 1
            assert decisions[0] < 200 * 2000, "the demo does not end"
            return self.bot.act(observation)

    make = BOTS["heuristic"]
    monkeypatch.setitem(BOTS, "heuristic", lambda seed: Bounded(make(seed)))
    argv = ["demo", "--players", "heuristic", "--with", f"reshuffle_on_card_score={below}"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Thousand: classic rules with: Reshuffle on Card Score {below}; seed 1")
    assert re.search(r"^Seat \d wins with \d+", out, re.MULTILINE)


def test_r_four_3_demo_at_four_prints_a_sheet_with_four_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``demo --seats 4``: four bots, the first dealer ``seed % 4``, a column per seat, the
    sitter's cell marked ``~`` with its talon score (R-FOUR-3)."""
    assert main(["demo", "--seed", "6", "--players", "heuristic", "--seats", "4"]) == 0
    out = capsys.readouterr().out
    four = th.Rules.classic(players=4)
    state = play_demo_game(6, four, players="heuristic")
    assert state.players == 4 and state.is_terminal and state.sheet[0].dealer == 6 % 4
    assert out.startswith("Thousand: classic rules at a table of four; seed 6, heuristic players\n")
    sheet = format_sheet(state.sheet, state)
    assert f"\n{sheet}\n" in out
    header = sheet.splitlines()[0]
    assert [cell.strip() for cell in header.split("|")[1:]] == [f"seat {s}" for s in range(4)]
    rows = [line for line in out.splitlines() if line[:5].strip().isdigit()]
    assert len(rows) == len(state.sheet)
    for line, record in zip(rows, state.sheet, strict=True):
        cells = line.split("|")[1:]
        assert len(cells) == 4 and record.sitter == record.dealer
        assert "~" in cells[record.dealer]
        assert all("~" not in cell for seat, cell in enumerate(cells) if seat != record.dealer)
    # Without --seats 4: three bots, the first dealer seed % 3, as before.
    three = play_demo_game(6, players="heuristic")
    assert three.players == 3 and three.sheet[0].dealer == 6 % 3 and three.sheet[0].sitter is None
