"""The command line (issue #12, item 4): ``thousand`` and ``python -m thousand``.

Most tests run :func:`thousand.__main__.main` in this process with ``--jobs 1`` and capture
what it prints; a few run the real program, the console script and ``python -m``, in a
subprocess. The bots are the quick ones (``random``, ``heuristic``) over a few games.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import thousand as th
from thousand import records
from thousand.__main__ import main
from thousand.arena import (
    BOTS,
    DEAL_HEADER,
    HEADER,
    DuplicateMatch,
    duplicate_match,
    format_standings,
    tournament,
)
from thousand.variants import by_key, parse_agreement

ROOT = Path(__file__).resolve().parent.parent
QUICK = ["--bots", "heuristic,random", "--jobs", "1"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The exit status of ``main(argv)`` (argparse's exit included) and what it printed."""
    try:
        code = main(argv)
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def script() -> Path:
    """The console script installed beside this Python (``pip install -e .`` makes it)."""
    path = Path(sys.executable).with_name("thousand")
    assert path.exists(), f"no console script at {path}: install the project (pip install -e .)"
    return path


# -- the program itself -----------------------------------------------------------------------


def test_version_names_the_program_and_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"], capsys) == (0, f"thousand {th.__version__}\n", "")


def test_no_command_prints_the_help_and_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([], capsys)
    assert (code, err) == (0, "")
    assert out.startswith("usage: thousand [-h] [--version] COMMAND ...\n")
    assert "  demo " in out and "  tournament\n" in out
    assert out.rstrip().endswith("Run 'thousand COMMAND --help' for a command's options.")


def test_the_console_script_is_declared_in_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"thousand": "thousand.__main__:main"}


def test_the_real_programs_name_themselves_in_their_usage() -> None:
    """The console script says ``thousand``, ``python -m thousand`` says that."""
    bare = subprocess.run([script()], capture_output=True, text=True, timeout=60)
    assert (bare.returncode, bare.stderr) == (0, "")
    assert bare.stdout.startswith("usage: thousand [-h] [--version] COMMAND ...\n")
    version = subprocess.run([script(), "--version"], capture_output=True, text=True, timeout=60)
    assert (version.returncode, version.stdout) == (0, f"thousand {th.__version__}\n")
    module = [sys.executable, "-m", "thousand"]
    bare = subprocess.run(module, capture_output=True, text=True, timeout=60)
    assert bare.returncode == 0
    assert bare.stdout.startswith("usage: python -m thousand [-h] [--version] COMMAND ...\n")
    wrong = subprocess.run(
        [*module, "demo", "--with", "penalty_amount=abc"], capture_output=True, text=True
    )
    assert (wrong.returncode, wrong.stdout) == (2, "")
    assert wrong.stderr.startswith("usage: python -m thousand demo [-h]")
    assert "python -m thousand demo: error: argument --with: " in wrong.stderr


# -- a command's error prints that command's usage ----------------------------------------------


@pytest.mark.parametrize(
    ("argv", "command", "message"),
    [
        (
            ["demo", "--with", "zero_wins_in_a_row", "--with", "zero_wins_in_a_game"],
            "demo",
            "'3 Zero Wins in a Row' and '3 Zero Wins in a Game' conflict: both set bolts.count",
        ),
        (
            ["demo", "--with", "no_such_thing"],
            "demo",
            "argument --with: unknown agreement 'no_such_thing'",
        ),
        (["demo", "--players", "oracle"], "demo", "argument --players: invalid choice: 'oracle'"),
        (
            ["tournament", "--with", "zero_wins_in_a_row", "--with", "zero_wins_in_a_game"],
            "tournament",
            "'3 Zero Wins in a Row' and '3 Zero Wins in a Game' conflict",
        ),
        (["tournament", "--jobs", "0"], "tournament", "--jobs must be at least 1, not 0"),
        (["tournament", "--games", "0"], "tournament", "--games must be at least 1, not 0"),
        (["tournament", "--deals", "-2"], "tournament", "--deals must be at least 1, not -2"),
        (
            ["tournament", "--bots", "random,random,random,heuristic"],
            "tournament",
            "--bots takes one to three bots, not 4: 'random,random,random,heuristic'",
        ),
    ],
)
def test_a_commands_error_prints_that_commands_usage(
    argv: list[str], command: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"usage: thousand {command} [-h]")
    assert f"thousand {command}: error: {message}" in err
    assert "usage: thousand [-h] [--version]" not in err


def test_games_and_deals_together_are_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["tournament", *QUICK, "--games", "3", "--deals", "3"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("usage: thousand tournament [-h]")
    assert err.endswith(
        "thousand tournament: error: argument --deals: not allowed with argument --games\n"
    )


# -- agreements and their values ----------------------------------------------------------------

PENALTY = (
    "Penalty Amount: The value replaces 120 in the bolt, barrel, Throw off and Several Players "
    "penalties (A3)."
)


@pytest.mark.parametrize("command", ["demo", "tournament"])
@pytest.mark.parametrize(
    ("given", "message"),
    [
        (
            "penalty_amount=abc",
            "agreement 'penalty_amount': the value 'abc' is not a whole number in ASCII digits; "
            f"give one such as penalty_amount=120. {PENALTY}",
        ),
        (
            "penalty_amount",
            f"agreement 'penalty_amount' needs a value, such as penalty_amount=120. {PENALTY}",
        ),
        (
            "skip-declaring",
            "agreement 'skip_declaring' needs a value, such as skip_declaring=0. Skip Declaring: "
            "A seat whose score before the deal is below the value may not bid",
        ),
        (
            "distributions_limit=x",
            "the value 'x' is not a whole number in ASCII digits; give one such as "
            "distributions_limit=3. Distributions Limit: Each seat may distribute",
        ),
        ("no_jumping=3", "agreement 'no_jumping' takes no value"),
    ],
)
def test_with_says_what_value_an_agreement_wants(
    command: str, given: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run([command, "--with", given], capsys)
    assert code == 2
    assert f"thousand {command}: error: argument --with: " in err
    assert message in err
    if given == "no_jumping=3":
        assert err.endswith("takes no value\n")  # no value to want


def test_an_agreement_with_a_value_needs_it_written_out() -> None:
    with pytest.raises(th.RulesError) as caught:
        parse_agreement("reshuffle_on_card_score")
    assert str(caught.value) == (
        "agreement 'reshuffle_on_card_score' needs a value, such as reshuffle_on_card_score=20"
    )
    # The one valued agreement whose bare name is a rulebook setting: at most 3 distributions.
    assert parse_agreement("distributions_limit") == by_key("distributions_limit")
    assert parse_agreement("distributions-limit=5").title == "Distributions Limit 5"
    assert parse_agreement("no_jumping") is th.variants.no_jumping


def test_the_help_lists_the_agreements_with_their_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["tournament", "--help"], capsys)
    assert code == 0
    assert out.startswith("usage: thousand tournament [-h] [--bots BOT,BOT,BOT]")
    listed = " ".join(out[out.index("agreements: ") :].split())
    assert "no_jumping, barrel_900, skip_declaring=N," in listed
    assert "penalty_amount=N, reshuffle_on_talon_score=N, reshuffle_on_card_score=N," in listed
    assert "distributions_limit[=N]," in listed


def test_tournament_takes_rules_and_agreements(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--bots", "random,heuristic", "--jobs", "1", "--games", "3"]
    code, out, _ = run([*argv, "--rules", "standard", "--with", "penalty-amount=150"], capsys)
    assert code == 0
    rules = th.Rules.standard().with_agreements(th.variants.penalty_amount(150))
    standings = tournament(["random", "heuristic"], 3, seed=1, rules=rules)
    assert out == (
        "Thousand tournament: standard rules with: Penalty Amount 150; 3 games, seed 1\n\n"
        f"{format_standings(standings)}\n"
    )
    # The agreement changed the games: the same seed without it gives another table.
    assert standings != tournament(["random", "heuristic"], 3, seed=1, rules=th.Rules.standard())


# -- the standings ------------------------------------------------------------------------------


def test_a_bot_in_two_seats_has_its_games_counted_not_its_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``heuristic,random`` seats two heuristic bots in every game: it plays 3 games, not 6
    seats, and winning all of them is a rate of 100%, not 50%."""
    code, out, _ = run(["tournament", *QUICK, "--games", "3"], capsys)
    assert code == 0
    rows = {line.split()[0]: line.split()[1:4] for line in out.splitlines()[3:]}
    assert rows == {"heuristic": ["3", "3", "100.0%"], "random": ["3", "0", "0.0%"]}


def test_format_standings_prints_a_tournaments_table() -> None:
    standings = tournament(["heuristic", "random"], 3, seed=1)
    assert format_standings(standings) == "\n".join(
        [HEADER, standings[0].row(), standings[1].row()]
    )
    assert (
        format_standings(standings).splitlines()[1].startswith("heuristic       3      3  100.0%")
    )
    assert format_standings([]) == HEADER


def test_format_standings_prints_a_duplicate_match_with_its_differences() -> None:
    match = duplicate_match(["heuristic", "random"], 3, seed=2)
    heuristic, random_bot = match.standings
    (difference,) = match.differences
    assert format_standings(match) == "\n".join(
        [DEAL_HEADER, heuristic.row(), random_bot.row(), "", f"{difference} (95%)"]
    )
    alone = DuplicateMatch(match.standings[:1], (), {})
    assert format_standings(alone) == f"{DEAL_HEADER}\n{heuristic.row()}"


def test_format_standings_widens_the_names_column_for_a_long_name() -> None:
    makers = {"a_long_bot_name": BOTS["heuristic"]}
    standings = tournament(["a_long_bot_name", "random"], 3, seed=1, makers=makers)
    header, first, second = format_standings(standings).splitlines()
    assert header == "bot" + " " * 12 + HEADER[10:]  # 15 wide, not 10
    assert first.startswith("a_long_bot_name      3      3")
    assert second.startswith("random               3      0")
    assert first.index("%") == second.index("%") == header.index("rate") + 3


@pytest.mark.parametrize(
    "wrong", ["heuristic", [th.arena.DealStanding("x", 1, 0.0, 0.0, 0, 0)], 3, None]
)
def test_format_standings_refuses_what_is_no_result(wrong: object) -> None:
    with pytest.raises(TypeError, match=r"^(format_standings takes|a standing of tournament)"):
        format_standings(wrong)  # type: ignore[arg-type]


# -- your own bots ------------------------------------------------------------------------------

BOT_MODULE = """
import random

import thousand as th
from thousand.bots import HeuristicBot

SEEDS = []


def make(seed):
    SEEDS.append(seed)
    return HeuristicBot(random.Random(seed))


class Cheat:
    def __init__(self, seed):
        self.seed = seed

    def act(self, observation):
        return th.Bid(395)


class NoSeed:
    def act(self, observation):
        return observation.legal_actions[0]


def nothing(seed):
    return 5


def broken(seed):
    raise RuntimeError("out of cards")


by_lambda = lambda seed: HeuristicBot(random.Random(seed))
NOT_CALLABLE = 7
"""


@pytest.fixture
def bot_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module of bots, ``cli_bots_*``, in the current directory, as a user's would be; the
    Python path and the modules are put back afterwards."""
    name = f"cli_bots_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(BOT_MODULE), encoding="utf-8")
    (tmp_path / f"{name}_bad.py").write_text("import no_such_module_here\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    yield name
    for module in (name, f"{name}_bad"):
        sys.modules.pop(module, None)


def test_your_own_bot_plays_a_tournament(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"{bot_module}:make"
    code, out, _ = run(
        ["tournament", "--bots", f"{spec},random", "--games", "3", "-j", "1"], capsys
    )
    assert code == 0
    # The same games as a tournament of the heuristic bot under that name.
    standings = tournament([spec, "random"], 3, seed=1, makers={spec: BOTS["heuristic"]})
    assert (
        out
        == f"Thousand tournament: classic rules; 3 games, seed 1\n\n{format_standings(standings)}\n"
    )
    seeds = sys.modules[bot_module].SEEDS
    assert seeds[0] == 0 and len(seeds) == 1 + 3 * 2  # checked once, then two seats a game
    assert all(type(seed) is int for seed in seeds)


def test_your_own_bot_plays_duplicate_deals(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"{bot_module}:make"
    code, out, _ = run(
        ["tournament", "--bots", f"random,{spec}", "--deals", "2", "-j", "1"], capsys
    )
    assert code == 0
    match = duplicate_match(["random", spec], 2, seed=1, makers={spec: BOTS["heuristic"]})
    assert out.endswith(f"\n\n{format_standings(match)}\n")


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("heur", "--bots heur: unknown bot: give one of heuristic, random, solver, or your own "),
        ("{m}:", "--bots {m}:: not package.module:factory (a module, a colon, a name)"),
        (":make", "--bots :make: not package.module:factory"),
        ("no_such_module_here:make", "there is no module 'no_such_module_here' (looked for in"),
        ("{m}.deeper:make", "there is no module '{m}.deeper'"),
        ("{m}_bad:make", "importing '{m}_bad' failed: No module named 'no_such_module_here'"),
        ("{m}:Missing", "--bots {m}:Missing: module '{m}' has no 'Missing'"),
        ("{m}:NOT_CALLABLE", "NOT_CALLABLE is 7 of type int, not a bot factory: a function or"),
        ("{m}:NoSeed", "NoSeed(0) raised TypeError: NoSeed() takes no arguments; a bot factory"),
        ("{m}:broken", "broken(0) raised RuntimeError: out of cards; a bot factory is a "),
        ("{m}:nothing", "nothing(0) returned 5, not a bot (an object with an act(observation)"),
    ],
)
def test_a_bot_that_cannot_be_made_is_refused_clearly(
    bot: str, message: str, bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bot, message = bot.format(m=bot_module), message.format(m=bot_module)
    code, out, err = run(
        ["tournament", "--bots", f"{bot},random", "--games", "1", "-j", "1"], capsys
    )
    assert (code, out) == (2, "")
    assert err.startswith("usage: thousand tournament")
    assert message in err


def test_a_bot_that_cannot_go_to_the_workers_is_refused_before_any_game(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"{bot_module}:by_lambda"
    code, _, err = run(["tournament", "--bots", f"{spec},random", "--jobs", "2"], capsys)
    assert code == 2
    assert f"--bots {spec}: it cannot be sent to the worker processes (" in err
    assert err.endswith("make it a module-level function or class, or play with --jobs 1\n")
    code, out, _ = run(
        ["tournament", "--bots", f"{spec},random", "--games", "1", "-j", "1"], capsys
    )
    assert code == 0 and out.startswith("Thousand tournament:")


def test_a_bot_that_cheats_stops_the_tournament_with_the_reason(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        ["tournament", "--bots", f"{bot_module}:Cheat,random", "--games", "1", "-j", "1"], capsys
    )
    assert (code, out) == (1, "")
    assert re.fullmatch(
        r"thousand tournament: error: illegal action 'bid 395' in phase auction: bot of seat \d "
        r"chose it: bid 395 is above the limit \d+: [^\n]+ \(R-BID-3\)\n",
        err,
    )


def test_the_console_script_finds_your_bot_in_the_current_directory(bot_module: str) -> None:
    """The console script's path holds its own folder, not the current one: the command line
    looks there first, and its worker processes too."""
    argv = [str(script()), "tournament", "--bots", f"{bot_module}:make,random", "--games", "3"]
    done = subprocess.run([*argv, "--jobs", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    spec = f"{bot_module}:make"
    standings = tournament([spec, "random"], 3, seed=1, makers={spec: BOTS["heuristic"]})
    assert done.stdout.endswith(f"\n\n{format_standings(standings)}\n")


# -- what a tournament writes -------------------------------------------------------------------


def test_out_writes_the_tournaments_table_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.json"
    argv = ["tournament", *QUICK, "--games", "3", "--seed", "4", "--with", "no_jumping"]
    code, out, err = run([*argv, "--out", str(path)], capsys)
    assert code == 0
    assert f"the table written to {path}\n" in err
    rules = th.Rules.classic().with_agreements(th.variants.no_jumping)
    standings = tournament(["heuristic", "random"], 3, seed=4, rules=rules)
    assert out.endswith(f"{format_standings(standings)}\n")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {
        "format": "thousand tournament 1",
        "kind": "games",
        "rules": "classic rules with: No Jumping",
        "rules_data": rules.to_dict(),
        "seed": 4,
        "bots": ["heuristic", "random"],
        "games": 3,
        "standings": [attrs.asdict(s) | {"rate": s.wins / s.games} for s in standings],
    }
    assert list(data["standings"][0]) == [
        "name",
        "games",
        "wins",
        "deals",
        "mean_change",
        "margin",
        "made",
        "failed",
        "rate",
    ]
    assert th.Rules.from_dict(data["rules_data"]) == rules


def test_out_writes_a_duplicate_match_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deals.json"
    code, _, _ = run(["tournament", *QUICK, "--deals", "3", "--out", str(path)], capsys)
    assert code == 0
    match = duplicate_match(["heuristic", "random"], 3, seed=1)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert {k: v for k, v in data.items() if k != "rules_data"} == {
        "format": "thousand tournament 1",
        "kind": "deals",
        "rules": "classic rules",
        "seed": 1,
        "bots": ["heuristic", "random"],
        "deals": 3,
        "standings": [attrs.asdict(s) for s in match.standings],
        "differences": [
            {"first": "heuristic", "second": "random", "mean": d.mean, "margin": d.margin}
            for d in match.differences
        ],
    }


def test_records_writes_every_games_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "new" / "records"
    code, _, err = run(["tournament", *QUICK, "--games", "3", "--records", str(folder)], capsys)
    assert code == 0
    assert f"3 records written to {folder}\n" in err
    played: dict[int, tuple[tuple[str, ...], th.State]] = {}
    tournament(
        ["heuristic", "random"],
        3,
        on_game=lambda n, seating, state: played.update({n: (seating, state)}),
    )
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-0001.txt", "game-0002.txt", "game-0003.txt"]
    for number, path in enumerate(files):
        text = path.read_text(encoding="utf-8")
        seating, state = played[number]
        seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(seating))
        assert text.splitlines()[0] == (
            f"# thousand tournament, game {number + 1} of 3, seed 1: {seats}"
        )
        assert text.endswith(records.dump(state))
        loaded = records.load(text)
        assert loaded.is_terminal and loaded.history == state.history


def test_records_writes_every_deal_of_a_duplicate_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = run(["tournament", *QUICK, "--deals", "2", "--records", str(tmp_path)], capsys)
    assert code == 0
    played: list[tuple[int, tuple[str, ...], th.State]] = []
    duplicate_match(["heuristic", "random"], 2, on_game=lambda *game: played.append(game))
    names = [f"deal-000{n}-seating-{s}.txt" for n in (1, 2) for s in (1, 2, 3)]
    assert sorted(p.name for p in tmp_path.iterdir()) == names
    assert [(number, seating) for number, seating, _ in played] == [
        (n, seating)
        for n in (0, 1)
        for seating in [
            ("heuristic", "heuristic", "random"),
            ("heuristic", "random", "heuristic"),
            ("random", "heuristic", "heuristic"),
        ]
    ]
    for name, (_, _, state) in zip(names, played, strict=True):
        loaded = records.load((tmp_path / name).read_text(encoding="utf-8"))
        assert loaded.history == state.history and len(loaded.sheet) == 1


def test_out_and_records_need_a_place_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere" / "t.json"
    code, _, err = run(["tournament", *QUICK, "--out", str(missing)], capsys)
    assert code == 2 and f"thousand tournament: error: --out {missing}: no such folder" in err
    code, _, err = run(["tournament", *QUICK, "--out", str(tmp_path)], capsys)
    assert code == 2 and f"--out {tmp_path}: a folder" in err
    (tmp_path / "file").write_text("", encoding="utf-8")
    code, _, err = run(["tournament", *QUICK, "--records", str(tmp_path / "file")], capsys)
    assert code == 2 and f"--records {tmp_path / 'file'}: a file, not a folder" in err


# -- a table of four (issue #13) ----------------------------------------------------------------


def test_r_four_1_tournament_seats_four_bots_with_seats_4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seats 4``: the names fill four seats in turn, every seating of them is played, the
    title names the table, and each record names its four seats."""
    path = tmp_path / "table.json"
    argv = ["tournament", *QUICK, "--games", "6", "--seats", "4", "--out", str(path)]
    code, out, _ = run([*argv, "--records", str(tmp_path)], capsys)
    assert code == 0
    four = th.Rules.classic(players=4)
    played: dict[int, tuple[tuple[str, ...], th.State]] = {}
    standings = tournament(
        ["heuristic", "random"],
        6,
        seed=1,
        rules=four,
        on_game=lambda n, seating, state: played.update({n: (seating, state)}),
    )
    assert out == (
        "Thousand tournament: classic rules at a table of four; 6 games, seed 1\n\n"
        f"{format_standings(standings)}\n"
    )
    assert [s.games for s in standings] == [6, 6]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert th.Rules.from_dict(data["rules_data"]) == four
    assert data["rules"] == "classic rules at a table of four"
    for number in range(6):
        seating, state = played[number]
        text = (tmp_path / f"game-000{number + 1}.txt").read_text(encoding="utf-8")
        seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(seating))
        assert text.splitlines()[0].endswith(f"seed 1: {seats}") and "seat 3 " in seats
        assert records.load(text).history == state.history
    # Without --seats the same command is the game of three, as before.
    code, out, _ = run(["tournament", *QUICK, "--games", "6"], capsys)
    assert out.startswith("Thousand tournament: classic rules; 6 games, seed 1\n")
    assert out.endswith(f"{format_standings(tournament(['heuristic', 'random'], 6))}\n")


def test_tournament_with_deals_at_four_plays_each_deal_in_every_seating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "--bots", "heuristic,random,heuristic,random", "--jobs", "2"]
    code, out, _ = run([*argv, "--deals", "2", "--seats", "4", "--records", str(tmp_path)], capsys)
    assert code == 0
    names = ["heuristic", "random", "heuristic", "random"]
    match = duplicate_match(names, 2, seed=1, rules=th.Rules.classic(players=4))
    assert out == (
        "Thousand duplicate deals: classic rules at a table of four; 2 deals, each in every "
        f"seating, seed 1\n\n{format_standings(match)}\n"
    )
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [f"deal-000{n}-seating-{s}.txt" for n in (1, 2) for s in range(1, 7)]
    for name in files:
        state = records.load((tmp_path / name).read_text(encoding="utf-8"))
        assert state.players == 4 and len(state.sheet) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["tournament", "--seats", "4", "--bots", "a,b,c,d,e"],
            "--bots takes one to four bots at a table of four, not 5: 'a,b,c,d,e'",
        ),
        (
            ["tournament", "--bots", "random,random,random,heuristic"],
            "--bots takes one to three bots, not 4: 'random,random,random,heuristic'; four play "
            "at a table of four, --seats 4",
        ),
        (["demo", "--seats", "5"], "argument --seats: invalid choice: 5 (choose from 3, 4)"),
        (["tournament", "--seats", "2"], "argument --seats: invalid choice: 2"),
        (["play", "--seats", "two"], "argument --seats: invalid int value: 'two'"),
        (
            ["play", "--seat", "3"],
            "argument --seat: invalid choice: 3 (choose from 0, 1, 2; seat 3 is at a table of "
            "four, --seats 4)",
        ),
        (
            ["play", "--seats", "4", "--bots", "random,random"],
            "names three bots at a table of four (or one for all), not 2",
        ),
    ],
)
def test_seats_is_checked_with_the_commands_usage(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"usage: thousand {argv[0]} [-h]")
    assert message in err, err


def test_the_help_of_each_command_names_seats(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("demo", "tournament", "play"):
        code, out, _ = run([command, "--help"], capsys)
        assert code == 0 and "[--seats {3,4}]" in out
        assert "where the dealer sits out each deal" in " ".join(out.split())
