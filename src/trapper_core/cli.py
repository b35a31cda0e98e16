"""The ``trapper`` command line.

``play`` a game between bots (or against them), ``simulate`` many, ``show``
a position from a notation file, ``replay`` files to check every game, and
list the ``variants``. Errors a person can make end in one line on stderr
(``trapper: error: …``) and exit status 2. ``replay`` reports on stdout, a
line per game (its scores, or its first error and where it is; a syntax
error with the line and a caret under the place) and per file that holds
no game, and exits 1 when any is
wrong; a file it cannot read is an error on stderr (exit status 2), and the
other files are still checked. With stderr closed, errors go nowhere, and
the exit status still tells.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import importlib
import io
import json
import os
import shutil
import signal
import stat
import string
import sys
import textwrap
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import BrokenExecutor
from typing import IO, TYPE_CHECKING, Any, TextIO

from . import __version__
from .actions import Action
from .bots import BOTS, Bot
from .errors import (
    ActionSyntaxError,
    PluginWarning,
    SetupError,
    TrapperError,
    counted,
    player_counts,
    shown,
)
from .game import Game, new_game
from .model import SQUARES, Tile
from .plugins import _without_registry_advice, default_registry

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from _typeshed import SupportsWrite

    from .simulation import BotMaker, BotTally, Summary, _Simulation

__all__ = ["main", "seat_letter", "transcript"]

SEATS = string.ascii_uppercase
"""Seats as a person reads and types them: A is the first seat, Z the 26th
(the notation's seat letters, and the default player names)."""


def _colour_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--colour auto|always|never`` (and ``--color``, unlisted: the help
    names each option once), for ``what`` the command draws."""
    choices = ("auto", "always", "never")
    parser.add_argument(
        "--colour",
        choices=choices,  # None, not given, is auto: play tells given from not
        help=f"{what}: always, never, or auto (default): on a terminal, unless NO_COLOR is "
        "set and not empty, or TERM is dumb",
    )
    parser.add_argument("--color", dest="colour", choices=choices, help=argparse.SUPPRESS)


def seat_letter(seat: int) -> str:
    """Returns the letter of ``seat`` (0 is ``A``)."""
    return SEATS[seat] if 0 <= seat < len(SEATS) else f"P{seat + 1}"


def _seat(text: str, players: int, option: str, names: Sequence[str] = ()) -> int:
    """Reads a seat typed by a person: a letter (``B`` or ``b``), or one of
    the players' ``names`` given on the command line."""
    letters = SEATS[:players]
    letter = letters.index(text.upper()) if len(text) == 1 and text.upper() in letters else None
    if text in names:
        named = list(names).index(text)
        if letter is not None and letter != named:  # --names B,A --human A
            raise SetupError(
                f"{option} {text!r} is the name of seat {letters[named]} and the letter of "
                f"seat {letters[letter]}: name the players otherwise"
            )
        return named
    if letter is not None:
        return letter
    or_name = f" or a name of --names ({', '.join(names)})" if names else ""
    raise SetupError(
        f"{option} takes a seat letter from A to {letters[-1]} (seats are letters, as in "
        f"the notation){or_name}, not {text!r}"
    )


def _players(args: argparse.Namespace) -> int | list[str]:
    """The players of ``trapper play``: ``--names`` (checked against
    ``--players`` when both are given), else the count (by default
    `_default_players`)."""
    if args.names is None:
        return _default_players(args.variant) if args.players is None else args.players
    names = [name.strip() for name in args.names.split(",")]
    if not any(names):  # not one player with no name
        raise SetupError(
            "--names takes the players' names separated by commas (Ann,Bob,Cy), "
            f"not {shown(args.names)}"
        )
    if args.players is not None and args.players != len(names):
        raise SetupError(
            f"--names names {counted(len(names), 'player')}, but --players says {args.players}"
        )
    return names


def _default_players(variant: str) -> int:
    """The default of ``--players``: 4, or the count nearest to it that the
    variant is played by (a variant of two players: 2)."""
    spec = default_registry().spec(variant)
    return max(spec.min_players, min(4, spec.max_players))


def transcript(game: Game) -> list[tuple[int, list[str]]]:
    """Returns the game's decisions grouped as ``(seat, action texts)``: a new
    group whenever a turn begins or another player decides."""
    replay = game.root()
    groups: list[tuple[int, list[str]]] = []
    last_turn = -1
    for action, shuffles in zip(game.history, game.outcomes(), strict=True):
        seat = replay.to_move
        assert seat is not None
        if not groups or groups[-1][0] != seat or replay.state.turns != last_turn:
            groups.append((seat, []))
        last_turn = replay.state.turns
        groups[-1][1].append(replay.action_text(action))
        replay.apply(action, shuffles=shuffles)  # as the game had them, seeded or not
    return groups


def _parsed(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line read as argparse reads it, but an argument no
    command knows (``play --sed 3``) is told with the usage of the command
    it was given to, not the top-level usage."""
    parser = _parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if not any(word in parser.commands for word in words):
        # No command given: an option argparse does not know (--vers, which
        # does not abbreviate --version) is told as such, not as a missing command.
        known = ("-h", "--help", "--version")
        strange = [w for w in words if w.startswith("-") and w not in known]
        if strange:
            parser.error(f"unrecognized arguments: {' '.join(strange)}")
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # Given after the command's name, an unknown argument is the command's.
        before = (
            unknown[0] in words[: words.index(args.command)] if args.command in words else False
        )
        (parser if before else parser.commands[args.command]).error(
            f"unrecognized arguments: {' '.join(unknown)}"
        )
    return args


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but what it prints (help, version, usage) fails
    aloud: argparse drops an OSError of the write, so ``--help > /dev/full``
    would say nothing and exit 0."""

    commands: Mapping[str, argparse.ArgumentParser]  # the top-level parser's, by name

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # An option is its whole name: --see is not --seed. A script that
        # abbreviates would break the day another option shares the prefix.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        target = file if file is not None else sys.stderr
        if message and target is not None:  # no standard error (`2>&-`): said nowhere
            target.write(message)


def _parser() -> _Parser:
    parser = _Parser(
        prog="trapper", description="Play, simulate, show and check games of Trapper."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a game between bots, or against them",
        description="Play a game between bots, or take a seat yourself with --human, "
        "then print the game in notation and the scores.",
    )
    _game_options(play, players="; as many as --names names, when given")
    play.add_argument(
        "--names",
        metavar="NAMES",
        help="the players' names in seat order, comma-separated (Ann,Bob,Cy): as many as "
        "there are players, which they set when --players is not given (default: A, B, C, D)",
    )
    play.add_argument(
        "--human",
        metavar="SEAT",
        help="play seat SEAT yourself: a letter, A is the first seat, or a name of --names",
    )
    _colour_options(play, "draw your screens with --human in colour")
    play.add_argument(
        "--out",
        metavar="FILE",
        help="also write the game in notation to FILE (checked before the first move; "
        "written whole when the game ends, also when it is left unfinished: q, the end of "
        "the input, Ctrl-C, SIGTERM, SIGHUP; until then FILE keeps what it held)",
    )
    play.add_argument(
        "--append",
        action="store_true",
        help="add the game to the end of the --out file instead of replacing it",
    )
    play.add_argument(
        "--table",
        action="store_true",
        help="write the table record: what a player at the table could have written "
        "(no setup, seed or cards; each tile named as it turns up)",
    )
    play.add_argument(
        "--position",
        metavar="TEXT",
        help="begin at this position string (as Position.from_game writes it; the notation "
        "guide) instead of a new game's setup, as a FEN sets up a chess board; the record "
        "has it in a Position tag, and --players is its count of seats unless given",
    )

    simulate = commands.add_parser(
        "simulate",
        help="play many games between bots and sum them up",
        description="Play many seeded games between bots (seats rotate between games) and "
        "print wins and mean scores per bot and per place in the order of play, the games "
        "shared and the games' lengths.",
    )
    _game_options(
        simulate,
        seed="seed of the run's game 0 (default: 0; game n, from 0, has seed + n)",
    )
    simulate.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
    simulate.add_argument(
        "--first",
        type=int,
        default=0,
        metavar="N",
        help="begin at game N of the run (seed + N, its seats rotated by N): a run stopped "
        "after N games goes on with --first N, --games less N and --append (default: 0)",
    )
    simulate.add_argument("--out", metavar="FILE", help="write every game in notation to FILE")
    simulate.add_argument(
        "--append",
        action="store_true",
        help="add the games to the end of the --out file instead of replacing it",
    )
    simulate.add_argument(
        "--json",
        action="store_true",
        help="print the summary as one JSON object (Summary.to_dict, and max_actions) "
        "instead of the tables",
    )
    simulate.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes playing games at once (default: every core; never more than the "
        "games, nor than the cores, with a note); the results are the same for every N",
    )
    simulate.add_argument(
        "--batch",
        type=int,
        metavar="N",
        help="games a worker plays per task (default: up to 25; a cluster runs larger "
        "batches, say 200, with less overhead)",
    )
    simulate.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play the games on a Ray cluster at ADDRESS ('auto': the one this machine "
        "belongs to, HOST:6379, or ray://HOST:10001 with ray[client]; --workers is then "
        "refused: the cluster has its own CPUs), or on a new local Ray instance of --workers "
        "CPUs when no address is given (extra 'ray')",
    )

    show = commands.add_parser(
        "show",
        help="show a position from a notation file",
        description="Replay a game from a notation file and show the position after a "
        "turn: the board, the hands where the record knows them, displays, money, tokens.",
    )
    show.add_argument("file", metavar="FILE", help="a notation file (- for the standard input)")
    show.add_argument(
        "--game", type=int, default=1, help="which game in the file (from 1; default: 1)"
    )
    show.add_argument(
        "--turn",
        type=int,
        help="show the position after this turn (0: the start; default: the end)",
    )
    _colour_options(show, "draw in colour")

    replay = commands.add_parser(
        "replay",
        help="check every game in notation files",
        description="Read notation files, replay every game with every rule checked, and "
        "print each game's final scores or its first error. Exits 1 if any game fails or "
        "a file holds no game, 2 if a file cannot be read (an error on stderr; the other "
        "files are still checked).",
    )
    replay.add_argument(
        "files", nargs="+", metavar="FILE", help="notation files (- for the standard input)"
    )

    commands.add_parser(
        "variants",
        help="list the installed variants",
        description="List the installed variants, each with its aliases, title and "
        "description; a variant that cannot be played says why, and so does an installed "
        "plugin that could not be loaded.",
    )
    parser.commands = commands.choices
    return parser


def _game_options(
    parser: argparse.ArgumentParser,
    seed: str = "seed of the game's chance (default: one at random)",
    players: str = "",
) -> None:
    """The options of a game; ``players`` ends the help of ``--players``."""
    parser.add_argument("--variant", default="base", help="variant name (default: base)")
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="players (default: 4, or the count nearest to 4 that the variant is played by"
        + players
        + ")",
    )
    parser.add_argument("--seed", type=int, default=None, help=seed)
    parser.add_argument(
        "--bots",
        default=None,
        help="bots by seat, comma-separated, at most one a seat, repeated to fill the seats "
        f"({', '.join(BOTS)}, or module:Class for a bot of your own; default: greedy,random)",
    )
    parser.add_argument(
        "--max-actions",
        type=int,
        metavar="N",
        help="leave a game unfinished after N decisions (the rules need not end a game "
        "in which the players pass for ever; default: no limit)",
    )


#: Whether this process is the ``trapper`` command itself (`console`) rather
#: than a program that calls `main`: see `_ending_signals`.
_COMMAND = False


def console() -> int:
    """The ``trapper`` command and ``python -m trapper_core``: `main`, in a
    process that is the command's own, so that once a signal has stopped
    it, it ignores the stop signals until it has exited."""
    global _COMMAND
    _COMMAND = True
    return main()


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Runs the command line; returns the exit status.

    ``stdin`` is where a human seat's answers are read (default: the
    terminal) and ``stdout`` where everything but errors is written.
    """
    if stdout is None:
        _occupy_closed_descriptors()
        _tolerant_encodings()
        if sys.stdout is None:  # closed by the shell (`>&-`): Python has no stream for it
            sys.stdout = _ClosedOutput()
    redirect = (
        contextlib.redirect_stdout(stdout) if stdout is not None else contextlib.nullcontext()
    )
    with redirect, _plugin_warnings():
        try:
            args = _parsed(argv)
        except SystemExit as exc:  # argparse's way out, kept: --help, --version, a usage error
            if exc.code == 0:  # what --help or --version printed must reach the reader
                try:
                    sys.stdout.flush()
                except OSError as error:
                    raise SystemExit(_unwritten(error)) from None
            raise
        except OSError as exc:  # from _Parser: the help or the version could not be written
            raise SystemExit(_unwritten(exc)) from None
        args.stdin = stdin
        return _run(args)


class _ClosedOutput(io.TextIOBase):
    """The standard output when the shell closed it (``>&-``): writing to it
    is an error, as it is for other tools (``cat: standard output: Bad file
    descriptor``), not a silence with status 0."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "the standard output is closed")

    def isatty(self) -> bool:
        return False


def _unwritten(exc: OSError) -> int:
    """The status of a command whose standard output could not be written:
    141 when its reader left, quietly; 2 and the error else (a full disk)."""
    _silence_stdout()
    if isinstance(exc, BrokenPipeError):
        return 141
    _stderr(f"trapper: error: {exc.strerror or exc}")
    return 2


@contextlib.contextmanager
def _plugin_warnings() -> Iterator[None]:
    """An installed plugin left out (`PluginWarning`) is said in one line,
    ``trapper: warning: …``, not as Python shows a warning (its file, its
    line and the source)."""
    with warnings.catch_warnings():
        shown_before = warnings.showwarning

        def show(
            message: Warning | str,
            category: type[Warning],
            filename: str,
            lineno: int,
            file: TextIO | None = None,
            line: str | None = None,
        ) -> None:
            if issubclass(category, PluginWarning):
                with contextlib.suppress(OSError, ValueError):
                    print(f"trapper: warning: {message}", file=sys.stderr)
            else:
                shown_before(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        yield


def _occupy_closed_descriptors() -> None:
    """A standard stream closed by the shell (``2>&-``) is opened on the null
    device: otherwise the next file opened (``--out``) would take its number,
    and a worker process would write its errors into that file."""
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != descriptor:
                os.dup2(null, descriptor)
                os.close(null)


def _tolerant_encodings() -> None:
    """The standard streams survive an encoding without the characters the
    command writes (``PYTHONIOENCODING=ascii``, a Latin-1 terminal): what
    cannot be written is escaped (``\\u2013`` for an en dash), what cannot
    be read is replaced, rather than ending the command with a
    ``UnicodeError``."""
    streams = ((sys.stdout, "backslashreplace"), (sys.stderr, "backslashreplace"))
    for stream, errors in (*streams, (sys.stdin, "replace")):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=errors)


def _run(args: argparse.Namespace) -> int:
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _play,
        "simulate": _simulate,
        "show": _show,
        "replay": lambda a: _replay(a.files, a.stdin),
        "variants": lambda a: _variants(),
    }
    try:
        return commands[args.command](args)
    except TrapperError as exc:
        # A notation syntax error keeps its context: the line, a caret under the place.
        message = str(exc) if getattr(exc, "context", "") else str(exc).splitlines()[0]
        message = _without_registry_advice(message)  # no registry= to pass here
        # Where it happened, when a note says (simulate: the game and the bot).
        _stderr(f"trapper: error: {message}" + "".join(f" ({n})" for n in _notes(exc)))
        return 2
    except BrokenPipeError:
        # The reader of the output left (`trapper play | head`): stop quietly,
        # as other command-line tools do.
        _silence_stdout()
        return 141  # 128 + SIGPIPE, what a shell reports for such a tool
    except OSError as exc:
        # A file's error names the file; another (Ray's ConnectionError when
        # no cluster runs) has only its message, which says what to do.
        if exc.filename is None and exc.strerror:  # the standard output's: a full disk
            message = exc.strerror
        elif exc.filename is None or exc.strerror is None:
            message = str(exc) or type(exc).__name__
        else:
            name = str(exc.filename)
            # A name with a line break or another control character is
            # quoted: the error stays one line.
            message = f"{name if name.isprintable() else repr(name)}: {exc.strerror}"
        _stderr(f"trapper: error: {message}")
        return 2
    except KeyboardInterrupt as exc:
        if not isinstance(exc, _Told):
            _stderr("")  # the terminal's ^C ends its line
        return 130


def _bot_kinds(text: str | None) -> list[str | BotMaker]:
    """The bots ``--bots`` names: built-in names, or ``module:attribute``
    for a bot of the user's own (a class, or any callable of a seed that
    makes a bot, with a ``name``)."""
    if text is None:
        return ["greedy", "random"]
    specs = [k.strip() for k in text.split(",")]
    if not any(specs):
        raise SetupError(
            f"--bots takes bot names separated by commas ({', '.join(BOTS)}), not {shown(text)}"
        )
    if not all(specs):  # a bot left out by a stray comma would shift every seat after it
        raise SetupError(
            f"--bots names a bot between every two commas: {shown(text)} leaves "
            f"place {specs.index('') + 1} empty"
        )
    kinds: list[str | BotMaker] = []
    for spec in specs:
        if ":" in spec:
            kinds.append(_bot_maker(spec))
        elif spec in BOTS:
            kinds.append(spec)
        else:
            raise SetupError(
                f"no bot is called {shown(spec)}; choose from {', '.join(BOTS)}, or name a bot "
                "of your own as module:Class"
            )
    from .simulation import _bot_kinds as checked

    checked(kinds, "--bots")  # a callable with a name, no two bots under one name
    return kinds


def _bot_maker(spec: str) -> BotMaker:
    """The bot maker ``spec`` names as ``module:attribute`` (the attribute
    may be dotted). The module is looked for on ``sys.path``, with the
    working directory first, as ``python -m`` would look for it; then the
    working directory goes to the end of ``sys.path``, where a worker
    process started afresh still finds the module, but where a file left
    in the folder (a ``lark.py``) never stands in for a module that the
    command imports later."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise SetupError(
            f"--bots: {shown(spec)} names a bot of your own as module:Class, with both parts"
        )
    here = os.getcwd()
    added = here not in sys.path and "" not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as exc:
        raise SetupError(
            f"--bots: cannot import {module_name!r} for the bot {spec!r} ({exc}); a bot's "
            "module must be installed, on PYTHONPATH, or in the working directory"
        ) from None
    except (Exception, SystemExit) as exc:  # the module's own code failed, or exited (a script)
        told = "SystemExit" if isinstance(exc, SystemExit) and exc.code is None else _raised(exc)
        raise SetupError(
            f"--bots: importing {module_name!r} for the bot {spec!r} raised {told}"
        ) from None
    finally:
        if added:
            sys.path.remove(here)
            sys.path.append(here)
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise SetupError(f"--bots: {module_name!r} has no {attribute!r}") from None
    if not callable(found):  # a callable's name and answers: simulation's _bot_kinds
        raise SetupError(
            f"--bots: {spec} is {shown(found, 40)}, not a bot of your own (a class, or any "
            "callable of a seed that makes a bot, with a name)"
        )
    return found  # type: ignore[return-value]  # its name and answers: simulation's _bot_kinds


def _play(args: argparse.Namespace) -> int:
    from .simulation import _made

    _max_actions(args)
    if args.position is not None:
        game = _at_position(args)
    else:
        game = new_game(args.variant, _players(args), seed=args.seed)
    players = len(game.players)
    kinds = _bot_kinds(args.bots)
    names = game.players if args.names is not None else ()
    human = None if args.human is None else _seat(args.human, players, "--human", names)
    if args.colour is not None and human is None:
        raise SetupError(
            "--colour draws the screens of --human: give --human SEAT too (without it, play "
            "prints the record alone, in no colour)"
        )
    bot_seats = [seat for seat in range(players) if seat != human]
    if args.bots is not None and len(kinds) > len(bot_seats):
        raise SetupError(
            f"--bots names {len(kinds)} bots for {counted(len(bot_seats), 'bot seat')}"
        )
    seats: list[Bot | None] = [None] * players
    try:
        for number, seat in enumerate(bot_seats):
            seats[seat] = _made(kinds[number % len(kinds)], game.seed + 1 + seat, "--bots")
    except Exception as exc:
        if (status := _maker_failed(exc)) is None:
            raise
        return status
    _append_needs_out(args)
    if args.out is not None:
        # Before the first move, so that a bad path costs no game.
        _check_out(args.out, "play", args.append)
    stdin = args.stdin if args.stdin is not None else sys.stdin
    if human is not None and stdin is None:  # closed (`<&-`)
        raise SetupError("--human reads your answers from the standard input, which is closed")
    status = 0
    ending = ""
    left = False  # the reader of the output left (`trapper play | head`)
    failed: _BotFailed | None = None
    unshown: OSError | None = None
    try:
        with _ending_signals() as stop, contextlib.suppress(_Quit):
            _play_out(
                game,
                seats,
                stdin,
                stop,
                show=human is not None,
                out=args.out,
                max_actions=args.max_actions,
                colour=args.colour or "auto",
            )
            if not game.is_over:  # the game went on for --max-actions decisions
                ending = f"left unfinished after {counted(args.max_actions, 'action')}"
    except KeyboardInterrupt:  # Ctrl-C: the game so far is kept all the same
        status, ending = 130, "interrupted"
    except _Signalled as exc:  # SIGTERM, SIGHUP: likewise
        status, ending = 128 + exc.signum, f"ended by {signal.Signals(exc.signum).name}"
    except _BotFailed as exc:  # likewise, then the bot's error
        failed, ending = exc, "stopped: a bot failed"
    except BrokenPipeError:
        left = True
    except OSError as exc:  # the screen could not be written (closed): the record is kept
        unshown = exc
    from . import notation

    labels = {f"Seat{seat + 1}": name for seat, name in enumerate(game.players)}
    write = notation.Record.table_record if args.table else notation.Record.from_game
    record = write(game, **labels)
    failure: OSError | TrapperError | None = None
    if args.out is not None:  # before the output, whose reader may have left
        try:
            # Whole or not at all: a failed write leaves the file as it was.
            notation.dump(record, args.out, append=args.append)
        except (
            OSError,
            TrapperError,
        ) as exc:  # the record is printed all the same, then the error
            failure = exc
    if unshown is not None:
        raise unshown
    try:
        if left:
            raise BrokenPipeError
        # The ending and the scores are comments of the notation: what is
        # printed is a record that `trapper replay -` reads as it is.
        shown_as = [("you" if b is None else getattr(b, "name", "bot")) for b in seats]
        _print_notation(
            (f"\n; ({ending})\n" if ending else "") + record.text + _scores_text(game, shown_as)
        )
    except OSError:
        if failure is not None:
            raise failure from None
        if status > 130:  # after SIGHUP the terminal may be gone: the record is saved
            _silence_stdout()
            return status
        raise
    if failure is not None:
        raise failure
    if failed is not None:
        return _bot_failed(failed)
    return status


def _at_position(args: argparse.Namespace) -> Game:
    """The game of ``play --position``: its variant's, at the position,
    with ``--names`` or ``--players`` (by default, the position's seats)."""
    from . import notation

    if args.table:
        raise SetupError(
            "--table writes what a player at the table saw, and a game that begins at a "
            "position has no table record (its cards are not seen): leave out --table or "
            "--position"
        )
    try:
        position = notation.Position.parse(args.position)
    except notation.NotationError as exc:
        raise SetupError(f"--position: {exc}") from None
    given = args.names is not None or args.players is not None
    players = _players(args) if given else len(position.hands)
    try:
        return position.to_game(args.variant, players, seed=args.seed)
    except notation.NotationError as exc:
        # A position string does not say its variant (another's fails as --variant's).
        raise SetupError(
            f"--position: {exc} (read as a position of {args.variant!r}: --variant names "
            "the position's variant)"
        ) from None


def _bot_failed(failed: _BotFailed) -> int:
    """After the record so far, the bot's failure on the standard error:
    an exception of the bot's own code with its traceback, which points
    into that code, then one line saying which bot; status 1."""
    if not isinstance(failed.error, TrapperError):
        error = failed.error
        # From the bot's own frame on, as simulate tells it: the command
        # line's frame above it is no part of the bot's error.
        frames = traceback.extract_tb(error.__traceback__)
        while frames and frames[0].filename == __file__:
            del frames[0]
        _traceback(error, frames)
    _stderr(f"trapper: error: {failed.told}")
    return 1


def _maker_failed(error: Exception) -> int | None:
    """An exception that the code of a bot maker of the user's own raised as
    it made a bot (in `simulation._made`) is told as a bot's failure: the
    maker's own frames, then a line naming it and the seed; returns status
    1. Any other error: ``None``."""
    from . import simulation

    if isinstance(error, TrapperError):  # the maker made no bot: a mistake, told as such
        return None
    made = error.__traceback__
    while made is not None and made.tb_frame.f_code is not simulation._made.__code__:
        made = made.tb_next
    if made is None or made.tb_next is None:
        return None
    kind, seed = made.tb_frame.f_locals["kind"], made.tb_frame.f_locals["seed"]
    _traceback(error, traceback.extract_tb(made.tb_next))
    _stderr(
        f"trapper: error: --bots: the bot maker {simulation._name(kind)!r} raised "
        f"{_raised(error)}, making a bot with the seed {seed}"
    )
    return 1


def _traceback(error: BaseException, frames: list[traceback.FrameSummary]) -> None:
    """Writes the traceback of ``error`` through ``frames`` (a bot's own) to
    the standard error, if there is one."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(
            "".join(
                [
                    "Traceback (most recent call last):\n",
                    *traceback.format_list(frames),
                    *traceback.format_exception_only(error),
                ]
            )
        )


def _check_out(name: str, command: str, append: bool) -> None:
    """Checks that the file ``name`` can be written (``append``: added to),
    leaving it as it is: a file of that name is replaced only when the game
    is over or left (one that does not exist yet is made and removed again,
    to try)."""
    _out_named(name, command)
    if _is_stdout_file(name):
        # `--out /dev/stdout > f.trn`: written apart from the output (play
        # renames a new file over it, simulate opens it again at its start),
        # the file would lose what it held or what was printed into it.
        raise SetupError(
            f"--out names the file that the standard output goes to ({name}): "
            + (
                "play prints the record there in any case"
                if command == "play"
                else "the games written apart from the summary would overwrite each other; "
                "give --out a file of its own"
            )
        )
    try:
        os.stat(name)
    except FileNotFoundError:
        pass  # made below, to try
    except OSError as exc:  # a loop of symbolic links, which exists as a link: said now
        raise type(exc)(exc.errno, exc.strerror, name) from None
    target = os.path.realpath(name)
    if os.path.isdir(target):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), name)
    if os.path.exists(target):
        if not os.access(target, os.W_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
        if not os.path.isfile(target):
            return  # a device or a pipe is written in place
        if append and _gzipped(target):  # as notation.dump refuses it, but before the game
            raise SetupError(
                f"cannot append to {shown(name)}: it begins as a gzip file does, and games "
                "written after it would be no part of what it unpacks to"
            )
    directory = os.path.dirname(target)
    if os.path.exists(directory) and not os.path.isdir(directory):  # a file's name/x.trn
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), name)
    if not os.path.isdir(directory):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), name)
    if not os.access(directory, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
    if not os.path.lexists(name):
        # Made and removed at once: what the checks above cannot tell (a
        # name too long, a file system that takes no new file, such as /sys
        # or one mounted read-only) was found only when the game was over.
        with _writing(name):
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.unlink(name)


def _gzipped(name: str) -> bool:
    """Whether the regular file ``name`` begins as a gzip file does."""
    try:
        with open(name, "rb") as file:
            return file.read(2) == b"\x1f\x8b"
    except OSError:  # what writing to it would say, it says then
        return False


def _append_needs_out(args: argparse.Namespace) -> None:
    if args.append and args.out is None:
        raise SetupError("--append adds to the file of --out: give --out FILE too")


def _named(name: str, what: str) -> None:
    """Refuses an empty file name (``--out ""``), which named no file: it was
    ignored, or its error read ``: No such file or directory``."""
    if not name:
        raise SetupError(f"{what}, not an empty file name")


def _out_named(name: str, command: str) -> None:
    """Refuses what names no file to write for ``--out``: an empty name, and
    ``-``, which ``show`` and ``replay`` read as the standard input and
    which would otherwise be a file called ``-``."""
    _named(name, "--out takes a file name")
    if name == "-":
        raise SetupError(
            "--out takes a file name, not -: "
            + (
                "play prints the record on the standard output in any case"
                if command == "play"
                else "the standard output is /dev/stdout"
            )
        )


def _names_stdout(name: str) -> bool:
    """Whether the file ``name`` is what the standard output writes to
    (``/dev/stdout``; a pipe, a terminal or a file named by its path)."""
    return _stdout_mode(name) is not None


def _is_stdout_file(name: str) -> bool:
    """Whether ``name`` is the regular file that the standard output is
    redirected to (a pipe or a terminal is written in place, as it comes)."""
    mode = _stdout_mode(name)
    return mode is not None and stat.S_ISREG(mode)


def _stdout_mode(name: str) -> int | None:
    """The mode of the file ``name`` when it is what the standard output
    writes to, else ``None``."""
    try:
        out, std = os.stat(name), os.fstat(1)
    except (OSError, ValueError):
        return None
    return std.st_mode if (out.st_dev, out.st_ino) == (std.st_dev, std.st_ino) else None


class _Signalled(BaseException):
    """SIGTERM or SIGHUP ended the game. A BaseException, as Ctrl-C's
    KeyboardInterrupt is: raised by the handler wherever the program is, an
    Exception would go by unseen in a bot's own ``except Exception`` (and
    the run would play on to its end, exit status 0)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Stop:
    """A SIGTERM or SIGHUP met during a game: the game ends between two
    decisions (a bot's move is never cut in half), or at once while a person
    is asked (or while games are simulated, SIGINT too). The signal is kept
    (``signum``): what its handler raised can be lost on the way, in code
    that swallows what it meets (Python's hooks at a fork, a compile), and
    the command then acts on the signal kept at its next check."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.asking = False
        self.signums: Sequence[int] = ()  # those whose handler is this one's

    def take_back(self) -> None:
        """Makes this the handler of its signals again: ``ray.init`` puts
        Ray's own in place of SIGTERM's, which ends the process with status
        15 and no note of what --out holds."""
        for signum in self.signums:
            signal.signal(signum, self.handle)

    def check(self) -> None:
        if self.signum is not None:
            raise self.raised()

    def raised(self) -> BaseException:
        """What the signal kept raises: Ctrl-C's KeyboardInterrupt, or
        `_Signalled`."""
        assert self.signum is not None
        if self.signum == signal.SIGINT:
            return KeyboardInterrupt()
        return _Signalled(self.signum)

    def handle(self, signum: int, frame: object) -> None:
        if self.signum is not None:
            # A second signal (a hangup comes twice, from the kernel and the
            # shell) while the first stops the games: an exception of its
            # own would cut the stop short, and the workers would play
            # their batches out.
            return
        self.signum = signum
        if self.asking:
            raise self.raised()

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """While a person is asked: a signal ends the wait at once. Python
        runs a signal's handler when the call waiting for input is
        interrupted, and a signal that comes just before the wait begins
        interrupts nothing: the game would wait for a keypress (once in
        twenty SIGTERMs sent as the prompt is drawn). A timer interrupts
        the wait five times a second, so a signal met is acted on within
        0.2 s."""
        self.asking = True
        timer = (
            hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN, None)
        )
        if timer:
            previous = signal.signal(signal.SIGALRM, _tick)
            signal.setitimer(signal.ITIMER_REAL, 0.2, 0.2)
        try:
            self.check()
            yield
        finally:
            self.asking = False
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)


def _tick(signum: int, frame: object) -> None:
    """SIGALRM's handler while a person is asked (`_Stop.waiting`): the
    interruption itself is what it is for."""


@contextlib.contextmanager
def _ending_signals(*, interrupt: bool = False) -> Iterator[_Stop]:
    """SIGTERM and SIGHUP end the game as Ctrl-C does: the game so far is
    kept. With ``interrupt``, Ctrl-C's SIGINT is handled too (raising
    KeyboardInterrupt, as Python does), so that it is kept as they are.
    Signal handlers are set only in the main thread (``main`` may be
    called from another), and not for a signal the command was started
    ignoring: a job a shell runs in the background (``trapper simulate
    &``) ignores Ctrl-C, one run by ``nohup`` a hangup, and Python leaves
    them so."""
    stop = _Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    signums = [signal.SIGINT] if interrupt else []
    signums.append(signal.SIGTERM)
    if hasattr(signal, "SIGHUP"):  # not on Windows
        signums.append(signal.SIGHUP)
    signums = [signum for signum in signums if signal.getsignal(signum) != signal.SIG_IGN]
    previous = {signum: signal.signal(signum, stop.handle) for signum in signums}
    stop.signums = signums
    try:
        yield stop
    finally:
        # The command stopped by a signal (Ctrl-C's KeyboardInterrupt
        # included) ignores the stop signals from here to its exit, while it
        # saves and prints the record and says its note: another (Ctrl-C
        # pressed again, a hangup that comes twice) would cut that short, or
        # end the process by the signal as Python exits, which its parent
        # sees as a death by SIGINT (-2) rather than the status the command
        # gives (130). A program that calls main gets its own handlers back.
        stopped = stop.signum is not None or isinstance(sys.exc_info()[1], KeyboardInterrupt)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if _COMMAND and stopped:
            for signum in _HELD:
                signal.signal(signum, signal.SIG_IGN)


def _silence_stdout() -> None:
    """The standard output goes nowhere from now on: Python flushes it again
    at exit, which would fail again (its reader left, its terminal hung up)."""
    real = sys.__stdout__
    if real is not None and sys.stdout is real:
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), real.fileno())


@contextlib.contextmanager
def _writing(name: str) -> Iterator[None]:
    """Names the file ``name`` in an OSError of writing it: a failed write (a
    full disk) names no file, and the error would say ``None: No space left
    on device``."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            exc.filename = name
        raise


@contextlib.contextmanager
def _written(name: str) -> Iterator[None]:
    """A write to the --out file ``name`` (opened once its checks passed)
    that fails is told as play's is (`notation.dump`'s words): ``cannot
    write 'games.trn': No space left on device``. A reader that left (a
    broken pipe) stays what it is: the command stops quietly."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise _CannotWrite(f"cannot write {shown(name)}: {reason}") from None


class _CannotWrite(TrapperError):
    """A write to an --out file failed."""


def _close(file: IO[Any], name: str) -> None:
    with _written(name):
        file.close()


class _Quit(Exception):
    """The person at the table left the game (``q`` or the end of the input)."""


def _play_out(
    game: Game,
    seats: list[Bot | None],
    stdin: IO[str],
    stop: _Stop,
    *,
    show: bool,
    out: str | None = None,
    max_actions: int | None = None,
    colour: str = "auto",
) -> None:
    """Plays until the game ends, or for ``max_actions`` decisions. With a
    person at the table (``show``), every decision is printed as it happens,
    as its notation line with the turn number; ``out`` is the file the
    record is saved to, if any."""
    left = max_actions
    while not game.is_over:
        if left is not None:
            if not left:
                return
            left -= 1
        stop.check()
        seat = game.to_move
        assert seat is not None
        bot = seats[seat]
        if bot is None:
            with stop.waiting():  # a signal ends the wait for an answer at once
                action = _ask(game, seat, stdin, sys.stdout, out, colour)
        else:
            view = game.view(seat)
            try:
                action = bot.choose(view)
            except (Exception, SystemExit) as exc:  # the bot's own code: the game so far is kept
                raise _BotFailed(game, seat, bot, exc) from exc
        try:
            # The line is made before the action is played (its text depends
            # on the position), and printed after it, before the screen,
            # which may fail: the decision is made.
            text = game.action_text(action) if show else ""
            line = f"  {game.state.turns}. {game.players[seat]}: {text}"
            board = game.state.board
            game.apply(action)
        except TrapperError as exc:  # a person's answer is a legal action: a bot's is not
            if bot is None:
                raise
            raise _BotFailed(game, seat, bot, exc) from exc
        if show:
            print(line + _taken(board, game.state.board))


def _taken(before: tuple[Tile | None, ...], after: tuple[Tile | None, ...]) -> str:
    """`` {takes the wolf canoe (3) from e6}``, a comment naming the tiles an
    action took off the board (everyone at the table saw them go), for the
    line that shows the action: the board drawn after it shows the square
    empty, and the text of a step names the square only."""
    taken = [
        f"{tile.name} from {SQUARES[square]}"
        for square, tile in enumerate(before)
        if tile is not None and after[square] is None
    ]
    return " {takes " + " and ".join(taken) + "}" if taken else ""


class _BotFailed(Exception):
    """A bot raised an exception while choosing (or exited: ``sys.exit``),
    or chose an action the rules refuse: the game stops there, and its
    record so far is kept."""

    def __init__(self, game: Game, seat: int, bot: Bot, error: BaseException) -> None:
        super().__init__(seat, error)
        self.error = error
        name = getattr(bot, "name", None) or type(bot).__name__
        # Seats from 0, as play() and simulate() name them.
        who = f"the bot of seat {seat} ({game.players[seat]}, {name})"
        if isinstance(error, TrapperError):
            self.told = f"{who} chose an action the rules refuse: {error}"
        else:
            self.told = f"{who} raised {type(error).__name__}: {error}"


def _scores_text(game: Game, kinds: list[str]) -> str:
    """The scores after a game's record, as comments of the notation (``;``
    to the end of the line), so that the whole output reads as a record."""
    lines = [""]
    valuation = game.valuation()
    for seat, name in enumerate(game.players):
        line = f"; {name} ({kinds[seat]}): {game.scores()[seat]}"
        if valuation is not None:
            line += f"  (money {game.displays[seat].money}, {valuation[seat]})"
        lines.append(line)
    if game.is_over:
        winners = [game.players[s] for s in game.winners()]
        lines.append(("; Winner: " if len(winners) == 1 else "; Winners: ") + ", ".join(winners))
    else:
        lines.append("; The game was left unfinished.")
    return "\n".join(lines) + "\n"


def _print_notation(text: str) -> None:
    """Prints ``text``, notation, on the standard output in UTF-8 (the
    notation's encoding) whatever the output's own: through an ASCII or a
    Latin-1 output, a player's name came out escaped (``\\u017d``), which no
    reader of notation takes, and ``trapper play > game.trn`` kept a file
    that ``trapper replay`` refused. (The stream is set to UTF-8 for the
    while, so that its line endings stay its own.)"""
    stream = sys.stdout
    reconfigure = getattr(stream, "reconfigure", None)
    encoding = str(getattr(stream, "encoding", None) or "").lower().replace("_", "-")
    if reconfigure is None or text.isascii() or encoding in ("utf-8", "utf8"):
        print(text, end="")
        return
    before = {"encoding": stream.encoding, "errors": stream.errors}
    stream.flush()
    reconfigure(encoding="utf-8", errors="strict")
    try:
        print(text, end="", flush=True)
    finally:
        reconfigure(**before)


_LIST_HELP = (
    "Type an action as the notation writes it{example},\n"
    "or #N for item N of the list; ? (or help) lists them all,\n"
    "words says them in plain English (words N: item N alone),\n"
    "board draws the position again, legend says what its letters stand for,\n"
    "q (or exit) ends the game and prints the record so far{saved}."
)


def _ask(
    game: Game, seat: int, stdin: IO[str], stdout: IO[str], out: str | None, mode: str = "auto"
) -> Action:
    """Asks the person at ``seat`` for an action; raises ``_Quit`` when they
    leave. ``out`` is the file the record is saved to, if any; ``mode`` is
    ``--colour``'s."""
    from .terminal import legend, render

    colour = _colour_wanted(mode, stdout)
    view = game.view(seat)
    print("\n" + render(view, colour=colour), file=stdout)
    legal = view.legal_actions
    texts = [game.action_text(a) for a in legal]
    numbers = [t for t in texts if t.isdigit()]
    example = f" (a number is a bid: {numbers[0]} raises to {numbers[0]})" if numbers else ""
    saved = "" if out is None else f", and saves it to {out}"
    print(_LIST_HELP.format(example=example, saved=saved), file=stdout)
    _list(texts, stdout, limit=40)
    prompt = f"{game.players[seat]}, your action: "
    while True:
        answer = _read(stdin, stdout, prompt).strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise _Quit
        if not answer:
            continue
        if answer.lower() in ("?", "help"):
            _list(texts, stdout, limit=None)
            continue
        if answer.split(maxsplit=1)[0].lower() == "words":
            _say_words(game, legal, texts, answer, stdout)
            continue
        if answer.lower() == "board":
            print("\n" + render(view, colour=colour), file=stdout)
            continue
        if answer.lower() == "legend":
            print(textwrap.indent(legend(), "  "), file=stdout)
            continue
        if answer.startswith("#"):
            number = _number(answer[1:].strip())
            if number is not None and 1 <= number <= len(legal):
                return legal[number - 1]
            problem = "is not a number" if number is None else "is out of range"
            print(
                f"  {shown(answer)} {problem}: the list has items #1 to #{len(legal)}",
                file=stdout,
            )
            continue
        try:
            return game.parse_action(answer)
        except TrapperError as exc:
            print(f"  {exc}", file=stdout)
            hint = _hint(game, answer, isinstance(exc, ActionSyntaxError), texts)
            if hint and not _said_already(str(exc), hint):
                print(f"  {hint}", file=stdout)


def _say_words(
    game: Game, legal: Sequence[Action], texts: list[str], answer: str, stdout: IO[str]
) -> None:
    """``words``: every item of the list in plain English (``Game.describe``),
    one a line after its number and text; ``words N`` (or ``words #N``):
    item N alone."""
    which = answer[len("words") :].strip()
    if which:
        number = _number(which.removeprefix("#").strip())
        if number is None or not 1 <= number <= len(legal):
            problem = "is not a number" if number is None else "is out of range"
            print(
                f"  {shown(answer)} {problem}: the list has items #1 to #{len(legal)}",
                file=stdout,
            )
            return
        items: Sequence[int] = [number - 1]
    else:
        items = range(len(legal))
    width = max((len(texts[i]) for i in items), default=0)
    # As wide as the terminal, as the list is; a longer sentence goes on
    # under itself (a line the terminal wrapped would begin at the margin).
    columns = shutil.get_terminal_size((80, 24)).columns - 2
    indent = " " * (4 + 1 + width + 2)
    for i in items:
        head = f"{'#' + str(i + 1):>4} {texts[i]:<{width}}  "
        lines = textwrap.wrap(
            game.describe(legal[i]),
            max(columns, len(indent) + 20),
            initial_indent=head,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )
        print("\n".join(lines), file=stdout)


def _colour_wanted(mode: str, stream: IO[str]) -> bool:
    """Whether ``--colour``'s ``mode`` draws in colour on ``stream``."""
    return mode == "always" or (mode == "auto" and stream.isatty() and not _no_colour())


def _no_colour() -> bool:
    """Whether the user asked for no colour: ``NO_COLOR`` set and not empty
    (no-color.org: an empty value asks nothing), or a terminal that draws
    none (a screen reader's may read the escape codes out)."""
    return bool(os.environ.get("NO_COLOR")) or _dumb_terminal()


def _dumb_terminal() -> bool:
    """``TERM=dumb``: a terminal that draws no colour and redraws nothing in
    place, as a screen reader's."""
    return os.environ.get("TERM") == "dumb"


def _number(text: str) -> int | None:
    """The whole number that ``text`` writes in the digits 0 to 9, or ``None``;
    one too long to read (``int`` takes at most 4300 digits) is past any list."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0")
    return int(digits or "0") if len(digits) < 19 else 10**18


def _read(stdin: IO[str], stdout: IO[str], prompt: str) -> str:
    """One line from the person; line editing (``readline``) at a terminal."""
    if stdin is sys.stdin and stdout is sys.stdout and stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (input() then edits lines and keeps a history)
        try:
            return input(prompt)
        except EOFError:  # Ctrl-D: the terminal shows no newline
            print(file=stdout)
            raise _Quit from None
    print(prompt, end="", file=stdout, flush=True)
    line = stdin.readline(_LONGEST_ANSWER + 1)
    if not line:
        print(file=stdout)
        raise _Quit
    if len(line) > _LONGEST_ANSWER and not line.endswith("\n"):
        print(
            f"\n  no answer is longer than {_LONGEST_ANSWER:,} characters: the input is "
            "taken as ended",
            file=stdout,
        )
        raise _Quit
    print(line.rstrip("\n"), file=stdout)  # as a terminal would echo it
    return line


_LONGEST_ANSWER = 1_000_000
"""The most characters of an answer: a line is never read whole past them
(``trapper play --human A < /dev/zero`` has no line end), and a line longer
is no person's typing: the input is taken as ended."""


def _said_already(error: str, hint: str) -> bool:
    """Whether the parse error already asks the hint's question (``did you
    mean 'Bd6'?``, as the notation's reader asks of a step in the wrong
    case): then the hint would say it twice."""
    asked = hint.partition("did you mean ")[2]
    return bool(asked) and f"did you mean {asked.partition('?')[0]}?" in error


def _cases(text: str) -> str:
    """The notation's cases, said after a hint whose text mixes them
    (``Bd6``, ``Ge6>CB2``); a word of one case (``end``, ``pass``) needs no
    such note."""
    if text.lower() == text or text.upper() == text:
        return ""
    return " (colours, cards and tiles are capitals, squares small letters)"


def _hint(game: Game, answer: str, syntax: bool, texts: list[str]) -> str | None:
    """A hint for text that was no action: the case of its letters, or a list
    position typed without its ``#``. ``texts`` are the legal actions."""
    if not syntax:
        return None
    listed = len(texts)
    same = [text for text in texts if text.lower() == answer.lower()]
    # The notation's cases: a trapper's colour a capital, the square small
    # letters, cards and tiles after it capitals (Bc5/GG, Ge6>CB2).
    step = answer[:1].upper() + answer[1:3].lower() + answer[3:].upper()
    written = None  # the first case that reads as an action not legal now
    for variant in (*same, answer[:1].upper() + answer[1:], answer.lower(), answer.upper(), step):
        if variant == answer:
            continue
        try:
            game.parse_action(variant)
        except ActionSyntaxError:
            continue
        except TrapperError:  # an action, but not one to play now: a legal one may follow
            written = written or variant
            continue
        return f"letters matter: did you mean {variant!r}?{_cases(variant)}"
    if written is not None:
        return (
            f"letters matter: it is written {written!r}{_cases(written)}, which is not a "
            "legal action now"
        )
    number = _number(answer)
    if number is not None and _reads(game, "1"):
        # A number alone is an action here (a tactical bid), never a list
        # position: '03' may be the bid 3, not item 3 of the list.
        text = answer.lstrip("0") or "0"  # not str(number): a huge number reads as 10**18
        if text != answer and len(text) <= 20 and _reads(game, text):
            return f"a number is written without leading zeros: did you mean {text!r}?"
        return None
    if number is not None and 1 <= number <= listed:
        return f"to play item {number} of the list, type #{number}"
    if number is not None:
        item = answer if len(answer) <= 20 else f"of {len(answer)} digits"
        return f"the list has items #1 to #{listed}; there is no item {item}"
    return None


def _reads(game: Game, text: str) -> bool:
    """Whether ``text`` is an action of the game's variant, legal now or not."""
    try:
        game.parse_action(text)
    except ActionSyntaxError:
        return False
    except TrapperError:
        pass
    return True


def _list(texts: list[str], stdout: IO[str], limit: int | None) -> None:
    shown = texts if limit is None else texts[:limit]
    width = max((len(t) for t in shown), default=0) + 7
    # As wide as the terminal (78 columns when it cannot tell): a wrapped
    # line splits an item, and a screen reader reads it in pieces.
    columns = shutil.get_terminal_size((80, 24)).columns - 2
    per_line = max(1, columns // width)
    for start in range(0, len(shown), per_line):
        cells = [
            f"{'#' + str(i + 1):>4} {t:<{width - 5}}"
            for i, t in enumerate(shown)
            if start <= i < start + per_line
        ]
        print("".join(cells).rstrip(), file=stdout)
    if len(shown) < len(texts):
        print(f"     … and {len(texts) - len(shown)} more (? lists them all)", file=stdout)


def _max_actions(args: argparse.Namespace) -> None:
    if args.max_actions is not None and args.max_actions < 1:
        raise SetupError(f"--max-actions takes a number of at least 1, not {args.max_actions}")


def _simulate(args: argparse.Namespace) -> int:
    from .simulation import _check, cores

    if isinstance(sys.stdout, _ClosedOutput):  # said before the games, not after them
        raise OSError(errno.EBADF, "the standard output is closed")

    _max_actions(args)
    if args.players is None:
        args.players = _default_players(args.variant)
    _append_needs_out(args)
    if args.out is not None:
        # Opened when the first game is back: a bad path costs none.
        _check_out(args.out, "simulate", args.append)
        if args.json and _names_stdout(args.out):
            raise SetupError(
                "--json prints the summary to the standard output, which --out names too: "
                "give --out a file of its own"
            )
    if args.games < 1:
        raise SetupError(f"--games takes a number of at least 1, not {args.games}")
    for option in ("workers", "batch"):
        value = getattr(args, option)
        if value is not None and value < 1:
            raise SetupError(f"--{option} takes a number of at least 1, not {value}")
    kinds = _bot_kinds(args.bots)
    # Said as play says them, before the library's checks, which name its arguments.
    spec = default_registry().spec(args.variant)
    if not spec.min_players <= args.players <= spec.max_players:
        counts = player_counts(spec.min_players, spec.max_players)
        raise SetupError(f"{spec.name!r} is played by {counts}, not {args.players}")
    if len(kinds) > args.players:  # a bot would sit out some games
        raise SetupError(f"--bots names {len(kinds)} bots for {counted(args.players, 'seat')}")
    if args.seed is not None and args.seed < 0:
        raise SetupError(f"a seed is a whole number of 0 or more, not {args.seed}")
    if args.first < 0:
        raise SetupError(f"--first takes a game's number, 0 or more, not {args.first}")
    first_seed = args.seed if args.seed is not None else 0
    # Every argument (the seeds of all the games too) is checked before a
    # worker starts or --out is written.
    from . import notation

    # Checked here once, the bot makers' first bots made once: the games are
    # played from what this returns (`_play_games`), not by `simulate`,
    # which would check it all, and make those bots, again.
    try:
        simulation = _check(
            variant=args.variant,
            players=args.players,
            games=args.games,
            bots=kinds,
            seed=first_seed,
            executor=None,
            batch=args.batch,
            ahead=None,
            record=notation.dumps if args.out is not None else None,
            max_actions=args.max_actions,
            first=args.first,
            registry=None,
        )
    except Exception as exc:
        if (status := _maker_failed(exc)) is None:
            raise
        return status
    variant = spec.name  # 'children' for --variant kids
    # Ray's CPUs are --workers itself (a local instance) or the cluster's.
    workers = 1 if args.ray is not None else _pool_size(args.workers, args.games, cores())
    played = _Played()
    stop = _Stop()
    try:
        try:
            with _ending_signals(interrupt=True) as stop:
                stop.asking = True  # SIGTERM and SIGHUP stop the games at once, as Ctrl-C does
                summary = _play_games(args, simulation, workers, played, stop)
        except Exception:
            if stop.signum is None:
                raise
            # A signal came first, and what its handler raised was lost on
            # the way (an error followed it: a worker it ended broke the
            # pool): the signal stopped the games.
            raise stop.raised() from None
    except KeyboardInterrupt:
        if sys.stderr is not None and sys.stderr.isatty():
            _stderr("")  # the progress bar and the terminal's ^C end their line
        _stopped("interrupted", args, played)
        raise _Told from None
    except _Signalled as exc:
        _stopped(f"ended by {signal.Signals(exc.signum).name}", args, played)
        return 128 + exc.signum
    except BrokenPipeError:  # the reader of --out left (`--out /dev/stdout | head`): quietly
        raise
    except Exception as exc:  # the error is told by _run (a decision's, here); what --out holds
        decision = any(note.startswith(_DECISION) for note in _notes(exc))
        if played.out:
            # After a decision's error the rest would meet it again: no command to go on.
            _note(f"{args.out} is incomplete, {_holds(args, played, go_on=not decision)}")
        if decision:
            return _decision_failed(exc)
        if isinstance(exc, BrokenExecutor):  # a worker process died (killed, out of memory)
            _stderr(f"trapper: error: the games stopped: {_raised(exc)}")
            return 2
        raise
    if args.json:
        # With the cut of --max-actions, which the summary does not hold.
        print(json.dumps({**summary.to_dict(), "max_actions": args.max_actions}, indent=2))
        return 0
    lines = _summary_lines(summary, variant, args.games, args.max_actions)
    # After the records in one stream (--out naming the standard output, a
    # pipe or a terminal), the summary is notation comments, as play's
    # scores are: what comes out reads as a record file.
    comments = args.out is not None and _names_stdout(args.out)
    for line in lines:
        print(f"; {line}" if comments else line)
    return 0


def _summary_lines(
    summary: Summary, variant: str, games: int, max_actions: int | None
) -> list[str]:
    """What ``trapper simulate`` prints of a summary: the games, a table of
    the bots and one of the places in the order of play (seats, wins, wins
    per seat, mean score), the ties and the games' mean length."""
    seed = summary.seed + summary.first
    seeds = f"seed {seed}" if games == 1 else f"seeds {seed}–{seed + games - 1}"
    which = (
        f" (game{'' if games == 1 else 's'} {summary.first}"
        f"{'' if games == 1 else f'–{summary.first + games - 1}'} of the run)"
        if summary.first
        else ""
    )
    order = [_ordinal(k + 1) for k in range(len(summary.turn_order))]
    width = max([10, *map(len, summary.bots), *map(len, order)])
    lines = [
        f"{counted(games, 'game')} of {variant}{which}, {summary.players} players, {seeds}",
        f"{'bot':{width}} {'seats':>6} {'wins':>8} {'wins/seat':>10} {'mean score':>11}",
    ]

    def row(name: str, tally: BotTally) -> str:
        return (
            f"{name:{width}} {tally.seats:6} {tally.wins:8.1f} {tally.win_rate:10.1%} "
            f"{tally.mean_score:11.1f}"
        )

    lines += [row(kind, summary.bots[kind]) for kind in sorted(summary.bots)]
    if summary.turn_order:
        lines.append(
            f"in the order of play (1st: the start player; an even share is "
            f"{1 / len(summary.turn_order):.1%} wins/seat)"
        )
        lines += [row(name, tally) for name, tally in zip(order, summary.turn_order, strict=True)]
    finished = summary.games - summary.unfinished
    lines.append(
        f"ties: {summary.ties} of {counted(finished, 'finished game')} won by more than one player"
    )
    lines.append(
        f"mean length: {summary.mean_actions:.1f} actions, {summary.mean_turns:.1f} turns"
    )
    if summary.unfinished:
        assert max_actions is not None
        lines.append(
            f"unfinished: {counted(summary.unfinished, 'game')} left after "
            f"{counted(max_actions, 'action')}, in no tally above"
        )
    return lines


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


#: How the note of an error met during a decision of simulate(), or as it
#: made a game's bots, begins.
_DECISION = "in simulate(): "


def _notes(error: BaseException) -> list[str]:
    """The notes added to ``error`` (those that are text)."""
    return [n for n in getattr(error, "__notes__", ()) if isinstance(n, str)]


def _decision_failed(error: Exception) -> int:
    """A decision of a simulation failed (a bot's wrong action, an exception
    of its own code or of the variant's): told as ``play`` tells a bot's
    failure, the traceback of the code that raised (from the decision on,
    without the engine's frames above it), then a line with the note that
    names the game, the seed, the seat and its bot; status 1."""
    if not isinstance(error, TrapperError) and sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("".join(_from_the_decision(error)))
    message = str(error) if isinstance(error, TrapperError) else _raised(error)
    note = next(n for n in _notes(error) if n.startswith(_DECISION)).removeprefix(_DECISION)
    _stderr(f"trapper: error: {message} ({note})")
    return 1


def _raised(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def _from_the_decision(error: BaseException) -> list[str]:
    """The traceback of ``error`` from the frame below the decision's
    (``simulation._play_one``), or below the making of a bot
    (``simulation._made``): the bot's code, or the variant's. An error
    from a worker process carries its traceback as text (its cause)."""
    notes = set(_notes(error))  # told in the error's line, not twice
    engine = ("_play_one", "_made")
    remote = getattr(error.__cause__, "tb", None)
    if isinstance(remote, str):  # concurrent.futures' _RemoteTraceback
        lines = remote.splitlines(keepends=True)
        engine_frames = tuple(f", in {name}" for name in engine)
        cut = max(
            (i for i, line in enumerate(lines) if line.rstrip().endswith(engine_frames)),
            default=-1,
        )
        while 0 <= cut + 1 < len(lines) and not lines[cut + 1].lstrip().startswith("File "):
            cut += 1  # the decision's own source lines
        kept = [line for line in lines[cut + 1 :] if line.strip() not in (*notes, '"""', "")]
        return ["Traceback (most recent call last):\n", *kept]
    frames = traceback.extract_tb(error.__traceback__)
    start = max((i + 1 for i, frame in enumerate(frames) if frame.name in engine), default=0)
    last = traceback.format_exception_only(error)
    return [
        "Traceback (most recent call last):\n",
        *traceback.format_list(frames[start:]),
        *(line for line in last if line.strip() not in notes),
    ]


def _stopped(how: str, args: argparse.Namespace, played: _Played) -> None:
    """Tells how a simulation stopped before its end, and what --out holds."""
    if args.out is None:
        _note(f"{how} after {played.games} of {args.games} games")
    elif not played.out:
        _note(f"{how} before the first game ended: {args.out} is as it was")
    else:
        _note(f"{how}: {args.out} is incomplete, {_holds(args, played)}")


def _holds(args: argparse.Namespace, played: _Played, *, go_on: bool = True) -> str:
    """What an incomplete --out file holds, and (``go_on``) the command that
    plays the rest of the run after it."""
    held = "what it held and " if played.held else ""
    if not played.games:
        return f"it holds {held}none of the {args.games} games"
    done = played.games
    holds = f"it holds {held}the first {done} of the {args.games} games"
    if not go_on:
        return holds
    return (
        f"{holds}; the rest are the same command with --first {args.first + done} "
        f"--games {args.games - done} --append"
    )


class _Played:
    """How far a simulation got: the games done (and written to --out), and
    the bytes of the file that hold them."""

    def __init__(self) -> None:
        self.games = 0
        self.size = 0
        self.out = False  # whether --out was opened (and emptied, without --append)
        self.held = 0  # the bytes --out held before (with --append)


class _Told(KeyboardInterrupt):
    """Ctrl-C, after the command has said what it leaves behind."""


def _play_games(
    args: argparse.Namespace,
    simulation: _Simulation,
    workers: int,
    played: _Played,
    stop: _Stop,
) -> Summary:
    """Plays the games of ``simulate`` and writes them to --out as they come
    back; a game cut short (Ctrl-C, an error) is taken back out of the file,
    so that it holds whole games only."""
    from concurrent.futures import Executor

    from .simulation import GameResult, _summed, _with_executor

    with contextlib.ExitStack() as stack:
        executor: Executor | None = None
        if args.ray is not None:
            if args.ray and args.workers is not None:
                raise SetupError(
                    f"--workers is the CPUs of a local Ray instance; the cluster at {args.ray!r} "
                    "has its own: give --ray without an address, or leave out --workers"
                )
            try:
                from .ray import RayExecutor
            except ImportError as exc:
                raise SetupError(str(exc)) from None
            executor = stack.enter_context(RayExecutor(args.ray or None, num_cpus=args.workers))
            stop.take_back()
        elif workers > 1:
            pool = executor = _pool(workers)
            # On an error or Ctrl-C, stop at once: drop the batches not started
            # rather than wait for them.
            stack.push(
                lambda kind, *_: _stop_pool(
                    pool,
                    failed=kind is not None,
                    broken=kind is not None and issubclass(kind, BrokenExecutor),
                )
            )
        files: list[io.FileIO] = []  # --out, once the first game has come back

        def opened() -> io.FileIO:
            """--out, opened when the first game comes back: stopped before,
            the file keeps what it held. Unbuffered: a game written is in the
            file, and nothing is left to write when it closes after Ctrl-C."""
            if files:
                return files[0]
            with _written(args.out):
                out = open(args.out, "ab" if args.append else "wb", buffering=0)  # noqa: SIM115
            files.append(out)
            played.out = True
            if args.append:  # what the games go after (a pipe or a device holds nothing)
                held = os.fstat(out.fileno())
                played.size = played.held = held.st_size if stat.S_ISREG(held.st_mode) else 0
            stack.callback(_close, out, args.out)  # closed by _close: a failure names it
            stack.push(lambda kind, *_: _cut(out, played.size, kind))
            return out

        def on_game(result: GameResult) -> None:
            stop.check()  # a signal whose handler's exception was lost on the way
            if args.out is not None:
                assert result.record is not None
                out = opened()
                text = ("\n" if played.games or played.held else "") + result.record
                with _written(args.out):
                    played.size += _write_all(out, text.encode("utf-8"))
            played.games += 1
            _progress(played.games, args.games)

        return _summed(_with_executor(simulation, executor), on_game)


_HELD = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals the command's pool holds back while it starts a worker
(`_pool_class`)."""


def _pool(workers: int) -> ProcessPoolExecutor:
    """The command's pool of ``workers`` processes (`_Pool`). Under the
    forkserver start method, the server is started first, as the pool
    would at its first batch but without the signals held back, which it
    kept for good, and every process it started later with them, those of
    the program that had called the command in-process too."""
    import multiprocessing

    if multiprocessing.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()
    return _pool_class()(workers, initializer=_worker_begins, initargs=(os.getpid(),))


@functools.cache
def _pool_class() -> type[ProcessPoolExecutor]:
    """`_Pool`, made when first asked: the module of ProcessPoolExecutor
    imports multiprocessing, which a command that starts no pool does
    without."""
    from concurrent.futures import ProcessPoolExecutor

    class _Pool(ProcessPoolExecutor):
        """The command's pool of processes. A batch is sent with the
        signals that stop the command held back (`_HELD`), for the sending
        starts the workers: a signal met in the middle of it would be lost in
        Python's hooks at a fork (and the run would go on to its end), or cut
        the start between a worker's fork and the pool's table of processes
        (a worker no one ends). Held back, it comes once the batch is sent.
        A forked worker (fork, forkserver) begins with them held back too,
        and a Ctrl-C met as it starts is let go (`_worker_begins`); a
        spawned one does not keep them, and one met while it imports its
        modules prints its traceback."""

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            with _held():
                return super().submit(fn, *args, **kwargs)

    return _Pool


def _worker_begins(command: int) -> None:
    """A pool's worker begins. It lets the signals that stop the command go
    (Ctrl-C's SIGINT, SIGTERM, SIGHUP), which a terminal or a service
    manager sends to every process of the group: the command, which acts
    on them, stops the pool and ends its workers (`_stop_pool`). A worker
    that died of one broke the pool as the command stopped it (a traceback
    of the pool's thread, InvalidStateError, when the two met). The ones
    held back as it started (`_pool_class`) are let go too. And it ends when
    the command's process has gone (``command`` is its process id): a
    command killed outright (``kill -9``, out of memory) left its workers
    waiting for a batch for ever, holding its output open."""
    # Caught and let go, not ignored: a program a bot starts (an engine)
    # would have inherited an ignored signal, and outlived the command.
    for signum in _HELD:
        signal.signal(signum, _let_go)
    if hasattr(signal, "pthread_sigmask"):  # held back by the pool as it started this one
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    # The parent is the command, or under forkserver the server, which
    # outlives it (its workers hold it open): the command itself is
    # watched too.
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent and _alive(command):
            time.sleep(_WATCH)
        os._exit(1)

    threading.Thread(target=watch, name="trapper-worker-watch", daemon=True).start()


_WATCH = 0.5
"""Seconds between a worker's looks at whether the command has gone."""


def _let_go(signum: int, frame: object) -> None:
    """A worker's handler of the signals that stop the command, which acts
    on them (`_worker_begins`)."""


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` is running (not ended, nor a zombie
    waiting for its parent). On Windows, where ``os.kill`` ends a process,
    always true: a worker there watches its parent alone."""
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's: a pid taken again
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            return stat_file.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):  # no /proc (not Linux): the kill said enough
        return True


def _stop_pool(pool: ProcessPoolExecutor, *, failed: bool, broken: bool) -> None:
    """Shuts ``pool`` down: waits for its processes after the last game.
    After an error or Ctrl-C, stops at once: drops the batches not started
    and kills the workers playing the others, whose games are no longer
    wanted, and returns once they have ended. Shut down without waiting, a
    worker lived on to the end of its batch (and for ever if the command's
    process ended first, as an orphan holding the command's output open)."""
    if not failed:
        pool.shutdown(wait=True)
        return
    # A second signal (a hangup comes twice, from the kernel and the shell)
    # is held back until the workers have been killed: its exception cut
    # this short, and the workers, which let the signals go, played their
    # batches out while Python waited for them at exit.
    with _held():
        _stop_failed(pool, broken)


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """Holds back the signals that stop the command (`_HELD`) in this
    thread, then lets them come (Windows has no masks: nothing is held)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # The mask is read before the signals are held, and they are held inside
    # the try: a signal's exception raised as the call that holds them
    # returns (one that came just before) left them held for good.
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop_failed(pool: ProcessPoolExecutor, broken: bool) -> None:
    """`_stop_pool` after an error or a signal."""
    # ProcessPoolExecutor has no public way to end its workers before Python
    # 3.14 (kill_workers); its table of processes and its thread, which
    # shutdown lets go of, have the same names from 3.9 to 3.14.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    # Killed, not terminated: the game in hand is not finished, and a worker
    # lets SIGTERM go (_worker_begins).
    #
    # The workers are killed before the pool is shut down, but for one
    # case. A broken pool's thread, from Python 3.12, holds the pool's lock
    # as it fails the batches and waits for the workers to end, which
    # shutdown needs: it waited for ever on a worker blocked in sending a
    # result no one reads. The case: before 3.12 that thread met a batch
    # the simulation had cancelled as it failed them (InvalidStateError) and
    # ended without its workers, so a pool that is not broken is first shut
    # down, which drops the cancelled batches, and its workers killed then.
    first = broken or sys.version_info >= (3, 12)
    if first:
        _kill(processes)
    # A broken pool's own thread fails every batch left: cancelling them too
    # raced it (InvalidStateError, in that thread, before Python 3.12).
    pool.shutdown(wait=False, cancel_futures=not broken)
    if not first:
        # The pool's thread drops the batches not started, those the
        # simulation cancelled among them, when it wakes (and clears the
        # flag); a pool that broke meanwhile has nothing left to drop.
        deadline = time.monotonic() + _STOP_WAIT
        while (
            manager is not None
            and manager.is_alive()
            and getattr(pool, "_cancel_pending_futures", False)
            and not getattr(pool, "_broken", False)
            and time.monotonic() < deadline
        ):
            time.sleep(0.001)
        _kill(processes)
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(_STOP_WAIT)
    # The pool's thread sees its workers gone, fails the batches they had,
    # and ends. (Stopped as the first batch was sent, a pool has workers
    # and no thread yet: they were left waiting for a batch, and Python
    # waited for them at exit, for ever.)
    if manager is not None:
        manager.join(_STOP_WAIT)


_STOP_WAIT = 10.0
"""Seconds `_stop_pool` waits, at most, for each step of a pool's stop."""


def _kill(processes: list[Any]) -> None:
    """Kills the pool's worker ``processes`` (multiprocessing's)."""
    for process in processes:
        with contextlib.suppress(Exception):  # one that has ended already
            process.kill()


def _write_all(file: io.FileIO, data: bytes) -> int:
    """Writes all of ``data`` (an unbuffered write may write part of it);
    returns its length."""
    view = memoryview(data)
    while view:
        view = view[file.write(view) or 0 :]
    return len(data)


def _cut(file: io.FileIO, size: int, kind: type[BaseException] | None) -> None:
    """After Ctrl-C or an error (``kind``), cuts a regular file back to
    ``size`` bytes: a game half written when it came is taken out."""
    if kind is None:
        return
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            os.ftruncate(file.fileno(), size)


def _pool_size(asked: int | None, games: int, cores: int) -> int:
    """The processes that play: those asked for (by default every core), but
    no more than the games, which leave the others idle, nor than the cores,
    past which a process only waits for another (the results are the same
    for every number: a note says so)."""
    if asked is None:
        return min(cores, games)
    size = min(asked, games)
    if size > cores:
        _note(
            f"--workers {asked} is more than the cores this process may run on ({cores}): the "
            f"games are played by {counted(cores, 'process', 'processes')} (same results)"
        )
        size = cores
    return size


def _note(text: str) -> None:
    """Tells ``text`` on the standard error, as a note: the command goes on."""
    _stderr(f"trapper: note: {text}")


def _stderr(text: str, end: str = "\n") -> None:
    """Writes ``text`` to the standard error, if there is one: closed
    (``2>&-``, Python's ``sys.stderr`` is then ``None``) or gone, what it
    would have said goes nowhere, and the exit status still tells."""
    if sys.stderr is None:
        return  # print(file=None) would write to the standard output
    with contextlib.suppress(OSError, ValueError):
        print(text, end=end, file=sys.stderr, flush=True)


def _progress(done: int, total: int) -> None:
    # On a terminal the bar is redrawn in place; elsewhere (a log) it is a
    # line every tenth of the games. A terminal that draws nothing in place
    # (TERM=dumb: a screen reader's, which read the bar out sign by sign
    # at every redraw) gets a line of words every tenth.
    if sys.stderr is None:  # closed: no progress bar
        return
    terminal = sys.stderr.isatty()
    if terminal and _dumb_terminal():
        if done == total or not done % max(1, total // 10):
            _stderr(f"{done} of {total} games played")
        return
    if not terminal and done != total and done % max(1, total // 10):
        return
    width = 30
    filled = width * done // total
    back = "\r" if terminal else ""
    _stderr(
        f"{back}[{'#' * filled}{'.' * (width - filled)}] {done}/{total}",
        end="\n" if done == total or not terminal else "",
    )


def _show(args: argparse.Namespace) -> int:
    from .terminal import render

    _named(args.file, "show takes a notation file")
    name = _label(args.file)
    broken: list[Exception] = []
    try:
        record, count = _game_of(args.file, args.game, args.stdin)
        # Leniently: a move against the rules later in the record hides
        # none of the positions before it. An error of no move (a Result tag
        # that disagrees with the play) hides none: it is noted below. One
        # at the start (turn 0: tiles face up that the record never names)
        # leaves no position that the record holds.
        game = None if record is None else record.replay(errors=broken)
        turn = getattr(broken[0], "turn", None) if broken else None
        if (
            game is not None
            and turn is not None
            and (turn == 0 or args.turn is None or args.turn >= game.state.turns)
        ):
            raise broken[0]
    except _Unreadable as exc:  # worded as replay words it
        _stderr(f"trapper: error: {name}: cannot read: {exc.error.strerror or exc.error}")
        return 2
    except TrapperError as exc:
        # Which file, and which game for a syntax error (a replay's error says
        # its game), as replay tells them.
        game_number = getattr(exc, "game", None)
        where = f"game {game_number}, "
        if game_number is None or str(exc).startswith(where):
            where = ""
        exc.args = (f"{name}: {where}{exc}", *exc.args[1:])
        raise
    if game is None:
        raise SetupError(f"{name} holds {counted(count, 'game')}; there is no game {args.game}")
    if args.turn is not None:
        # A record that begins at a position (a Position tag) holds the turns
        # from the position's on: the start (0), then the end of the
        # position's turn (which may have begun before it) and after.
        first = game.root().state.turns
        if not (args.turn == 0 or first <= args.turn <= game.state.turns):
            turns = f"turns 0 to {game.state.turns}"
            if first > 1:
                turns = (
                    f"the start (0) and turns {first} to {game.state.turns} (it begins at a "
                    f"position in turn {first})"
                )
            raise SetupError(
                f"game {args.game} of {name} has {turns}; there is no turn {args.turn}"
            )
        game = _after_turn(game, args.turn)
    colour = _colour_wanted(args.colour or "auto", sys.stdout)
    state = game.state
    if game.is_over:
        where = "the end"
    else:
        assert game.to_move is not None
        where = f"turn {state.turns}, {game.players[game.to_move]} to move"
    if args.turn is not None:  # the position asked for first, then whose turn begins there
        asked = "the start" if args.turn == 0 else f"after turn {args.turn}"
        where = f"{asked}: the end" if game.is_over else f"{asked} ({where})"
    print(f"{name}, game {args.game} ({record.variant}): {where}")
    if broken:
        _note(f"{name}: later, {broken[0]}")
    # Hands are shown only where the record knows them: a table record's
    # replay deals them to fit its moves.
    print(render(game, colour=colour, hands=record.setup_known))
    return 0


def _game_of(name: str, number: int, stdin: IO[str] | None) -> tuple[Any, int]:
    """The record of game ``number`` of the file ``name`` (``-``: ``stdin``),
    or ``None`` with the count of games when there is none. The file is read
    leniently, so that a broken game hides no other (as in ``replay``); a
    broken game ``number`` raises its syntax error."""
    from . import notation

    errors: list[Exception] = []
    found: set[int] = set()  # the numbers of the games read well (a broken one keeps its number)
    with _reading(name, stdin) as file:
        for record in notation.games(file, errors=errors):
            if record.number == number:
                return record, 0
            found.add(record.number)
    broken = [n for n in range(1, len(found) + len(errors) + 1) if n not in found]
    if number in broken:
        raise errors[broken.index(number)]
    return None, len(found) + len(errors)


def _after_turn(game: Game, turn: int) -> Game:
    """The position when turn ``turn`` is over (turn 0: the start)."""
    replay = game.root()
    # With the shuffles each action had: a record without a seed (a table
    # record) got its chance outcomes from its notes or its deal, not the seed.
    for action, shuffles in zip(game.history, game.outcomes(), strict=True):
        if replay.state.turns > turn:
            break
        replay.apply(action, shuffles=shuffles)
    return replay


def _replay(files: Sequence[str], stdin: IO[str] | None) -> int:
    from . import notation

    for file_name in files:
        _named(file_name, "replay takes notation files")

    failed = unreadable = 0
    for file_name in files:
        name = _label(file_name)
        syntax: list[Exception] = []
        told = 0  # the games and errors told of this file
        try:
            with _reading(file_name, stdin) as file:
                # One game at a time: memory is bounded by the largest game.
                for record in _records_of(notation.games(file, errors=syntax)):
                    told += len(syntax) + 1
                    failed += _syntax_errors(name, syntax)
                    failed += _replay_record(name, record)
        except _Unreadable as exc:  # not the games' fault: the command's error
            reason = exc.error.strerror or str(exc.error)
            _stderr(f"trapper: error: {name}: cannot read: {reason}")
            unreadable += 1
            continue
        except TrapperError as exc:
            _report(name, exc)
            failed += 1
            continue
        told += len(syntax)
        failed += _syntax_errors(name, syntax)
        if not told:  # empty, blank or comments only: a record lost, or the wrong file
            print(f"{name}: holds no game")
            failed += 1
    return 2 if unreadable else 1 if failed else 0


def _report(name: str, error: Exception, *, where: str = "") -> None:
    """Prints a game's error: ``where`` (the game of a syntax error, whose
    message does not say it) and its message, and the line and a caret under
    the place where it has them; never an empty line (a line of NULs, from
    ``/dev/zero``, has no text to show)."""
    text = where + _without_registry_advice(str(error))  # a record's variant not installed
    lines = [line.rstrip() for line in text.splitlines()]
    print("\n".join(f"{name}: {line}" if i == 0 else line for i, line in enumerate(lines) if line))


class _Unreadable(Exception):
    """A notation file could not be opened or read: an ``OSError`` of the
    file, told apart from one of the standard output (a reader that left)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


@contextlib.contextmanager
def _reading(name: str, stdin: IO[str] | None) -> Iterator[IO[Any]]:
    """The notation file ``name`` open for reading (see ``_open_notation``);
    failing to open it is ``_Unreadable``."""
    with contextlib.ExitStack() as stack:
        try:
            file = stack.enter_context(_open_notation(name, stdin))
        except OSError as exc:
            raise _Unreadable(exc) from exc
        yield file


@contextlib.contextmanager
def _open_notation(name: str, stdin: IO[str] | None) -> Iterator[IO[Any]]:
    """The notation file ``name`` open for reading, in binary where it can
    be; ``-`` is the standard input (``stdin`` when given), left open."""
    if name != "-":
        with open(name, "rb") as file:
            yield file
        return
    stream = stdin if stdin is not None else sys.stdin
    if stream is None:  # closed (`<&-`)
        raise OSError(errno.EBADF, "the standard input is closed", _label(name))
    yield getattr(stream, "buffer", stream)


def _label(name: str) -> str:
    """How the messages name the file ``name``: ``-`` is ``<stdin>``; a name
    with a line break or another control character is quoted, so that what
    is said of it stays one line."""
    if name == "-":
        return "<stdin>"
    return name if name.isprintable() else repr(name)


def _records_of(records: Iterator[Any]) -> Iterator[Any]:
    """The records that ``records`` reads; a failed read is ``_Unreadable``,
    and what the caller does with each record (print it) is outside the
    ``try``."""
    while True:
        try:
            record = next(records)
        except StopIteration:
            return
        except OSError as exc:
            raise _Unreadable(exc) from exc
        yield record


def _syntax_errors(name: str, errors: list[Exception]) -> int:
    """Prints the syntax errors met so far, each with the game it broke, and
    forgets them; returns how many."""
    for error in errors:
        game = getattr(error, "game", None)
        _report(name, error, where="" if game is None else f"game {game}, ")
    count = len(errors)
    errors.clear()
    return count


def _replay_record(name: str, record: Any) -> int:
    try:
        game = record.replay()
    except TrapperError as exc:
        _report(name, exc)
        return 1
    scores = zip(game.players, game.scores(), strict=True)
    players = ", ".join(f"{player} {money}" for player, money in scores)
    if game.is_over:
        winners = [game.players[seat] for seat in game.winners()]
        won = f"winner {winners[0]}" if len(winners) == 1 else "winners " + ", ".join(winners)
        print(f"{name}: game {record.number}: final: {players}; {won}")
    else:
        print(f"{name}: game {record.number}: unfinished, so far: {players}")
    return 0


def _variants() -> int:
    """Lists the installed variants, each put together as a game would put
    it, so that one that cannot be played says why here, not at its first
    game."""
    registry = default_registry()
    for name in registry.names():
        spec = registry.spec(name)
        aliases = f" (also: {', '.join(spec.aliases)})" if spec.aliases else ""
        about = " — ".join(text for text in (spec.title, spec.description) if text)
        line = f"{name}{aliases}: {about}" if about else f"{name}{aliases}"
        try:
            registry.rules(name)
        except TrapperError as exc:
            line += f" [cannot be played: {exc}]"
        print(line)
    # An installed plugin that could not be loaded adds no variant to list:
    # its entry point is named, with why, as well as in the warning.
    for entry, why in registry.failed.items():
        print(f"{entry} [installed plugin left out: {why}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
