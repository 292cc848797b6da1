"""The command line: ``thousand`` (the console script) or ``python -m thousand``.

    thousand demo [--seed N] [--rules classic|standard] [--with AGREEMENT[=VALUE]]...
                  [--seats 3|4] [--players heuristic|random|solver]
    thousand tournament [--bots BOT,BOT,BOT] [--games N | --deals N] [--seed N]
                        [--rules classic|standard] [--with AGREEMENT[=VALUE]]... [--seats 3|4]
                        [--jobs N] [--out FILE.json] [--records DIR]
    thousand play [--bots BOT[,BOT]] [--seat N] [--seed N] [--rules classic|standard]
                  [--with AGREEMENT[=VALUE]]... [--seats 3|4] [--record FILE | --no-record]
    thousand replay RECORD [--review] [--all]
    thousand --version

``demo`` plays a whole game between computer players and prints its score sheet as it goes, a
row per deal; ``tournament`` plays many games between bots in every seating and prints their
standings; with ``--deals`` it plays single deals in the duplicate format instead and compares
the bots on the same cards. ``play`` seats you at the table against two bots, or three with
``--seats 4`` (:mod:`thousand.console`); ``replay`` shows a recorded game, every hand open, and
with ``--review`` the solver's verdict on every card (:mod:`thousand.replay`). A bot is a built-in
one (:data:`thousand.arena.BOTS`) or your own, ``package.module:factory``. A tournament runs
on ``--jobs`` worker processes (all the cores by default) with the same result as on one.
``--seats 4`` plays at a table of four, where the dealer sits out each deal (R-FOUR-1).
``thousand`` alone prints its help and exits with 0; a wrong option prints the usage of its
command and exits with 2. The documentation's page *The command line* tells the rest.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import math
import os
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO, cast

import attrs

from . import __version__, records, variants
from .arena import BOTS, duplicate_match, format_standings, play_game, tournament
from .bots import Bot
from .errors import RulesError, ThousandError, shown
from .rules import Rules
from .sheet import LEGEND, DealRecord, format_sheet
from .state import State
from .variants import AGREEMENTS, Agreement
from .variants import parse_agreement as _agreement

__all__ = ["expected_deals", "main", "parse_agreement", "play_demo_game"]


def play_demo_game(
    seed: int,
    rules: Rules | None = None,
    *,
    players: str = "solver",
    on_deal: Callable[[DealRecord], None] | None = None,
) -> State:
    """Play one whole game between bots of one kind, one a seat of the rules' table (three,
    or four at a table of four), from ``seed``; the first dealer is ``seed`` mod the seats."""
    seats = rules.table.players if isinstance(rules, Rules) else 3
    bots = [BOTS[players](seed * seats + seat) for seat in range(seats)]
    return play_game(bots, rules, seed=seed, dealer=seed % seats, on_deal=on_deal)


def expected_deals(record: DealRecord, rules: Rules | None = None) -> int:
    """A rough estimate of how many deals the game of ``record`` will last, from the scores
    after it: the leading score's pace so far, taken to the target (R-END-1), pulled toward a
    pace of 30 deals a game while few deals are played; at least one more than played, at
    most the rules' limit (R-END-2)."""
    scoring = (rules or Rules.classic()).scoring
    played, lead = record.deal_number, max(record.scores)
    prior = 4  # deals' worth of weight given to the usual pace
    pace = (max(lead, 0) + prior * scoring.target / 30) / (played + prior)
    left = max(1, math.ceil((scoring.target - lead) / pace))
    return min(played + left, scoring.max_deals)


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes}:{seconds:02d}"


class _Status:
    """What the game is at, on the standard error: on a terminal one line under the score
    sheet, redrawn in place; elsewhere a line for each report."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.live = self.stream.isatty()
        self.start = time.monotonic()

    def clear(self) -> None:
        """Before something else is printed on the terminal."""
        if self.live:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def show(self, text: str, last: bool = False) -> None:
        if self.live:
            text = f"\r{text}\x1b[K" + ("\n" if last else "")
        else:
            text += "\n"
        self.stream.write(text)
        self.stream.flush()


def _progress_bar(unit: str) -> Callable[[int, int], None]:
    """A progress bar of finished games or deals with the time left, at the pace so far: on a
    terminal redrawn at each one, elsewhere a line at each tenth of the total."""
    status = _Status()
    tenths = [-1]

    def progress(done: int, total: int) -> None:
        elapsed = status.elapsed()
        left = elapsed / done * (total - done)
        text = f"{done}/{total} {unit}, {_clock(elapsed)} elapsed, ~{_clock(left)} left"
        if status.live:
            filled = 30 * done // total
            status.show(f"[{'#' * filled}{'.' * (30 - filled)}] {text}", last=done == total)
        elif 10 * done // total > tenths[0]:
            tenths[0] = 10 * done // total
            status.show(text)

    return progress


def _valued(key: str) -> Agreement | None:
    """The agreement of ``key`` with its typical value, when it is one that takes a value."""
    typical = next((a for a in AGREEMENTS if a.key == key), None)
    # A valued agreement is a function of its value in thousand.variants; the others are values.
    return typical if typical is not None and callable(getattr(variants, key, None)) else None


def _example(agreement: Agreement) -> int:
    """A typical value of a valued agreement, to show how it is written."""
    if agreement.value is not None:
        return agreement.value
    value = agreement.changes[0][1]  # Distributions Limit at the rulebook's 3 has no value
    return int(value)


def parse_agreement(text: str) -> Agreement:
    """``no_jumping`` or ``penalty_amount=150``: an agreement of :mod:`thousand.variants`, read
    by :func:`thousand.variants.parse_agreement`. A wrong value is refused with what the
    agreement wants: a whole number such as its typical one, and what the number means."""
    try:
        return _agreement(text)
    except ValueError as exc:
        message = str(exc)
        key, equals, _ = text.partition("=")
        wanted = _valued(key.strip().replace("-", "_"))
        if wanted is not None:
            if equals:
                message += f"; give one such as {wanted.key}={_example(wanted)}"
            message += f". {wanted.name}: {wanted.description}"
        raise argparse.ArgumentTypeError(message) from None


def _agreement_list() -> str:
    """The agreements' keys, the valued ones with their value: ``penalty_amount=N``."""
    keys = []
    for agreement in AGREEMENTS:
        valued = _valued(agreement.key)
        if valued is None:
            keys.append(agreement.key)
        else:
            keys.append(agreement.key + ("=N" if valued.value is not None else "[=N]"))
    return "agreements: " + ", ".join(keys)


def _bot_maker(spec: str) -> Callable[[int], Bot]:
    """The maker of the bot ``spec`` names: a built-in one (:data:`~thousand.arena.BOTS`), or
    ``package.module:factory``, a function or class called with a seed (an int) that returns a
    bot. The current directory is searched first, as ``python -m`` does. Raises ValueError."""
    if spec in BOTS:
        return BOTS[spec]
    module_name, colon, attribute = spec.partition(":")
    module_name, attribute = module_name.strip(), attribute.strip()
    if not colon:
        raise ValueError(
            f"unknown bot: give one of {', '.join(sorted(BOTS))}, or your own as "
            "package.module:factory"
        )
    if not module_name or not attribute:
        raise ValueError("not package.module:factory (a module, a colon, a name)")
    here = os.getcwd()
    if "" not in sys.path and here not in sys.path:
        sys.path.insert(0, here)  # the console script's path holds its own folder, not this one
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module_name + ".").startswith(exc.name + "."):
            raise ValueError(
                f"there is no module {exc.name!r} (looked for in the current directory and on "
                "the Python path)"
            ) from None
        raise ValueError(f"importing {module_name!r} failed: {exc}") from None
    except Exception as exc:  # the module's own code failed
        raise ValueError(f"importing {module_name!r} failed: {type(exc).__name__}: {exc}") from None
    try:
        maker = functools.reduce(getattr, attribute.split("."), module)
    except AttributeError:
        raise ValueError(f"module {module_name!r} has no {attribute!r}") from None
    factory = "a function or class called with a seed (an int) that returns a bot"
    if not callable(maker):
        raise ValueError(
            f"{attribute} is {shown(maker)} of type {type(maker).__name__}, not a bot factory: "
            + factory
        )
    try:
        bot = maker(0)
    except Exception as exc:
        raise ValueError(
            f"{attribute}(0) raised {type(exc).__name__}: {exc}; a bot factory is {factory}"
        ) from None
    if not isinstance(bot, Bot):
        raise ValueError(
            f"{attribute}(0) returned {shown(bot)}, not a bot (an object with an "
            "act(observation) method)"
        )
    return cast("Callable[[int], Bot]", maker)


def _parser(prog: str) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser of the command line, and the parser of each command by name."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Thousand (Тысяча): play against the bots, watch them play, replay a "
        "game, run tournaments.",
        epilog=f"Run '{prog} COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"thousand {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = commands.add_parser(
        "demo",
        help="play a whole game between computer players and print its score sheet",
        description="Play a whole game between computer players of one kind (three, or four "
        "with --seats 4) and print its score sheet, a row per deal as the game goes.",
        epilog=_agreement_list(),
    )
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    _rules_options(demo)
    demo.add_argument(
        "--players",
        choices=sorted(BOTS),
        default="solver",
        help="the bots that play (default: solver, the strongest; heuristic is much faster)",
    )
    cup = commands.add_parser(
        "tournament",
        help="play many games between bots and print their standings",
        description="Play whole games (or, with --deals, single deals) between bots in every "
        "seating, and print their standings.",
        epilog=_agreement_list(),
    )
    cup.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="BOT,BOT,BOT",
        help="one to three bots (four with --seats 4), separated by commas, filling the seats "
        "in turn: "
        f"{', '.join(sorted(BOTS))}, or your own as package.module:factory (called with a "
        "seed, it returns a bot); default heuristic,random",
    )
    length = cup.add_mutually_exclusive_group()
    length.add_argument("--games", type=int, metavar="N", help="games to play (default 60)")
    length.add_argument(
        "--deals",
        type=int,
        metavar="N",
        help="play this many single deals instead, each in every seating (duplicate format), "
        "and compare the bots deal by deal",
    )
    cup.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    _rules_options(cup)
    cores = os.cpu_count() or 1
    cup.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=cores,
        metavar="N",
        help=f"worker processes (default: all the cores, {cores}); 1 plays in this process; "
        "the result is the same for any number",
    )
    cup.add_argument(
        "--out",
        metavar="FILE.json",
        help="also write the table to this file as JSON",
    )
    cup.add_argument(
        "--records",
        metavar="DIR",
        help="write the record of every game (or deal) to this folder, made if need be",
    )
    play = commands.add_parser(
        "play",
        help="play a whole game yourself against the bots",
        description="Play a whole game against two bots (three with --seats 4) in the "
        "terminal: at each of your "
        "decisions you see what your seat may know, and type a move (bid 120, pass, give QS 2, "
        "contract 140, play KH, play QH marriage) or a command (legal, hint, sheet, undo, quit, "
        "help).",
        epilog=_agreement_list(),
    )
    play.add_argument(
        "--bots",
        default="solver",
        metavar="BOT[,BOT]",
        help="the two bots (three with --seats 4), in seat order after yours (one name for "
        "all): "
        f"{', '.join(sorted(BOTS))}, or your own as package.module:factory; default solver",
    )
    play.add_argument(
        "--seat", type=int, default=0, choices=(0, 1, 2, 3), help="your seat (0; 3 at four)"
    )
    play.add_argument(
        "--seed", type=int, help="random seed of the cards and the bots (default: a new game)"
    )
    _rules_options(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="where the game's record is written at the end and on quit (default "
        "thousand-SEED.txt here)",
    )
    play.add_argument("--no-record", action="store_true", help="write no record")
    play.add_argument(
        "--colour",
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="red suits in colour: on a terminal that has it (auto), always, never",
    )
    replay = commands.add_parser(
        "replay",
        help="watch a recorded game, every hand open, trick by trick",
        description="Show a recorded game as the umpire sees it, every hand open: each deal, "
        "the auction, the gives, the tricks and the score sheet. On a terminal it stops after "
        "each trick (Enter: on, d: end of the deal, c: to the end, q: quit).",
    )
    replay.add_argument(
        "record", metavar="RECORD", help="a game record, or the JSON of State.to_dict()"
    )
    replay.add_argument(
        "--review",
        action="store_true",
        help="the solver's verdict on every card: the deal points it cost its side",
    )
    replay.add_argument("--all", action="store_true", help="do not stop: show the whole game")
    return parser, {"demo": demo, "tournament": cup, "play": play, "replay": replay}


def _rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules", choices=("classic", "standard"), default="classic", help="the preset"
    )
    parser.add_argument(
        "--with",
        dest="agreements",
        type=parse_agreement,
        action="append",
        default=[],
        metavar="AGREEMENT[=VALUE]",
        help="an agreement to play with (repeatable), such as no_jumping or penalty_amount=150",
    )
    parser.add_argument(
        "--seats",
        type=int,
        choices=(3, 4),
        default=3,
        help="the players at the table: 3 (default) or 4, where the dealer sits out each deal",
    )


def _rules(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Rules:
    preset = Rules.standard if args.rules == "standard" else Rules.classic
    base = preset(players=args.seats)
    try:
        return base.with_agreements(*args.agreements)
    except RulesError as exc:
        parser.error(str(exc))


def main(argv: Sequence[str] | None = None, *, prog: str = "thousand") -> int:
    """Run the command line on ``argv`` (by default the program's arguments); the exit status.
    ``prog`` is the program's name in the usage: ``python -m thousand`` under ``-m``."""
    parser, commands = _parser(prog)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    command = commands[args.command]
    run = {"demo": _demo, "tournament": _tournament, "play": _play, "replay": _replay}
    try:
        return run[args.command](command, args)
    except KeyboardInterrupt:  # Ctrl-C: stop without a traceback
        sys.stderr.write("\ninterrupted\n")
        return 130


def _demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    rules = _rules(parser, args)
    # The header at once, then a row as each deal ends: the strongest bots take a while.
    print(f"Thousand: {rules}; seed {args.seed}, {args.players} players\n")
    print(format_sheet([], players=rules.table.players), flush=True)
    status = _Status()
    status.show("deal 1 being played")

    def deal_done(record: DealRecord) -> None:
        status.clear()
        print(format_sheet([record]).splitlines()[-1], flush=True)
        played, expected = record.deal_number, expected_deals(record, rules)
        elapsed = status.elapsed()
        left = elapsed / played * (expected - played)
        status.show(
            f"deal {played} of ~{expected} played, {_clock(elapsed)} elapsed, ~{_clock(left)} left"
        )

    state = play_demo_game(args.seed, rules, players=args.players, on_deal=deal_done)
    status.clear()
    print("\n".join(format_sheet(state.sheet, state).splitlines()[2 + len(state.sheet) :]))
    print()
    print(LEGEND, flush=True)
    played = len(state.sheet)  # last, under the legend, where the eye ends
    status.show(f"deal {played} of {played}: game over, {_clock(status.elapsed())}", last=True)
    return 0


def _tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    if not 1 <= len(names) <= args.seats:
        if args.seats == 3:
            more = "; four play at a table of four, --seats 4" if len(names) == 4 else ""
            parser.error(f"--bots takes one to three bots, not {len(names)}: {args.bots!r}{more}")
        parser.error(
            f"--bots takes one to four bots at a table of four, not {len(names)}: {args.bots!r}"
        )
    makers: dict[str, Callable[[int], Bot]] = {}
    for name in dict.fromkeys(names):
        try:
            makers[name] = _bot_maker(name)
        except ValueError as exc:
            parser.error(f"--bots {name}: {exc}")
        if args.jobs > 1 and name not in BOTS:
            try:
                pickle.dumps(makers[name])
            except Exception as exc:  # pickle raises PicklingError, AttributeError, TypeError
                parser.error(
                    f"--bots {name}: it cannot be sent to the worker processes ({exc}): make it "
                    "a module-level function or class, or play with --jobs 1"
                )
    for option in ("games", "deals"):
        given = getattr(args, option)
        if given is not None and given < 1:
            parser.error(f"--{option} must be at least 1, not {given}")
    if args.games is None and args.deals is None:
        args.games = 60
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    rules = _rules(parser, args)
    out = None if args.out is None else Path(args.out)
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        parser.error(f"--out {out}: {'a folder' if out.is_dir() else 'no such folder'}")
    folder = None if args.records is None else Path(args.records)
    if folder is not None:
        if folder.exists() and not folder.is_dir():
            parser.error(f"--records {folder}: a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
    table = _Table(names, makers, rules, args, folder)
    try:
        if args.jobs == 1:
            text = table.play(None)
        else:
            with ProcessPoolExecutor(min(args.jobs, args.deals or args.games)) as pool:
                try:
                    text = table.play(pool)
                except KeyboardInterrupt:
                    # The workers would finish the games they hold first: stop them now.
                    workers = list(pool._processes.values())
                    pool.shutdown(wait=False, cancel_futures=True)
                    for process in workers:
                        process.terminate()
                    raise
    except ThousandError as exc:  # a bot that cheats, or one that redeals forever
        sys.stderr.write(f"{parser.prog}: error: {exc}\n")
        return 1
    print(text)
    if out is not None:
        out.write_text(json.dumps(table.data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        sys.stderr.write(f"the table written to {out}\n")
    if folder is not None:
        sys.stderr.write(f"{table.written} records written to {folder}\n")
    return 0


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .console import Console, Style, bots_for

    rules = _rules(parser, args)
    if args.seat >= args.seats:
        parser.error(
            f"argument --seat: invalid choice: {args.seat} (choose from 0, 1, 2; seat 3 is at a "
            "table of four, --seats 4)"
        )
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "big")
    names = [n.strip() for n in args.bots.split(",")]
    try:
        makers = {name: _bot_maker(name) for name in names if name}
        bots = bots_for(args.bots, seed, args.seat, makers, players=args.seats)
    except ValueError as exc:
        parser.error(f"--bots {args.bots}: {exc}")
    record = None if args.no_record else Path(args.record or f"thousand-{seed}.txt")
    if record is not None and (record.is_dir() or not record.parent.is_dir()):
        parser.error(f"--record {record}: {'a folder' if record.is_dir() else 'no such folder'}")
    print(f"Thousand: {rules}; seed {seed} (play this game again with --seed {seed})")
    console = Console(
        bots,
        seat=args.seat,
        rules=rules,
        seed=seed,
        record=record,
        style=Style.for_stream(sys.stdout, args.colour),
    )
    return console.run()


def _replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .replay import Replay

    try:
        state = records.read(args.record)
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"{parser.prog}: error: {args.record}: {exc}\n")
        return 1
    live = sys.stdin.isatty() and sys.stdout.isatty() and not args.all
    return Replay(state, with_review=args.review, ask=input if live else None).run()


class _Table:
    """A tournament or duplicate match of the command line: plays it, writes each record as it
    ends when asked to, and keeps the table's data for ``--out``."""

    def __init__(
        self,
        names: list[str],
        makers: dict[str, Callable[[int], Bot]],
        rules: Rules,
        args: argparse.Namespace,
        folder: Path | None,
    ) -> None:
        self.names, self.makers, self.rules, self.args = names, makers, rules, args
        self.folder = folder
        self.written = 0
        self.seatings: dict[int, int] = {}  # deals: the seatings of each deal written so far
        self.data: dict[str, Any] = {}

    def play(self, pool: Executor | None) -> str:
        """The table as printed: a title line, a blank line and the standings."""
        args, rules = self.args, self.rules
        on_game = None if self.folder is None else self.record
        if args.deals is not None:
            match = duplicate_match(
                self.names,
                args.deals,
                seed=args.seed,
                rules=rules,
                progress=_progress_bar("deals"),
                makers=self.makers,
                executor=pool,
                on_game=on_game,
            )
            self.data = self.header("deals") | {
                "deals": args.deals,
                "standings": [attrs.asdict(standing) for standing in match.standings],
                "differences": [attrs.asdict(difference) for difference in match.differences],
            }
            title = (
                f"Thousand duplicate deals: {rules}; {args.deals} deals, each in every seating, "
                f"seed {args.seed}"
            )
            return f"{title}\n\n{format_standings(match)}"
        standings = tournament(
            self.names,
            args.games,
            seed=args.seed,
            rules=rules,
            progress=_progress_bar("games"),
            makers=self.makers,
            executor=pool,
            on_game=on_game,
        )
        self.data = self.header("games") | {
            "games": args.games,
            "standings": [attrs.asdict(s) | {"rate": s.rate} for s in standings],
        }
        title = f"Thousand tournament: {self.rules}; {args.games} games, seed {args.seed}"
        return f"{title}\n\n{format_standings(standings)}"

    def header(self, kind: str) -> dict[str, Any]:
        return {
            "format": "thousand tournament 1",
            "kind": kind,
            "rules": str(self.rules),
            "rules_data": self.rules.to_dict(),
            "seed": self.args.seed,
            "bots": self.names,
        }

    def record(self, number: int, seating: tuple[str, ...], state: State) -> None:
        """Write the record of game ``number`` (of a deal, in its next seating)."""
        assert self.folder is not None
        seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(seating))
        if self.args.deals is None:
            width = max(4, len(str(self.args.games)))
            path = self.folder / f"game-{number + 1:0{width}d}.txt"
            what = f"game {number + 1} of {self.args.games}"
        else:
            width = max(4, len(str(self.args.deals)))
            self.seatings[number] = seating_number = self.seatings.get(number, 0) + 1
            path = self.folder / f"deal-{number + 1:0{width}d}-seating-{seating_number}.txt"
            what = f"deal {number + 1} of {self.args.deals}, seating {seating_number}"
        comment = f"# thousand tournament, {what}, seed {self.args.seed}: {seats}\n"
        path.write_text(comment + records.dump(state), "utf-8")
        self.written += 1


if __name__ == "__main__":
    sys.exit(main(prog="python -m thousand"))
