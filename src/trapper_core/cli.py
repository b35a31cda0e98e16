"""The ``trapper`` command line.

``play`` a game between bots (or against them), ``simulate`` many, ``show``
a position from a notation file, ``replay`` files to check every game, and
list the ``variants``. Errors a person can make end in one line on stderr and
exit status 2; ``replay`` exits 1 when a game in the files is wrong.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO

from .actions import Action
from .bots import BOTS, Bot, make_bot
from .errors import SetupError, TrapperError
from .game import Game, new_game
from .plugins import default_registry

__all__ = ["main", "transcript"]


def transcript(game: Game) -> list[tuple[int, list[str]]]:
    """Returns the game's decisions grouped as ``(seat, action texts)``: a new
    group whenever a turn begins or another player decides."""
    replay = game.root()
    groups: list[tuple[int, list[str]]] = []
    last_turn = -1
    for action in game.history:
        seat = replay.to_move
        assert seat is not None
        if not groups or groups[-1][0] != seat or replay.state.turns != last_turn:
            groups.append((seat, []))
        last_turn = replay.state.turns
        groups[-1][1].append(replay.action_text(action))
        replay.apply(action)
    return groups


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trapper", description="Play, simulate, show and check games of Trapper."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a game between bots, or against them",
        description="Play a game between bots, or take a seat yourself with --human, "
        "then print the game in notation and the scores.",
    )
    _game_options(play)
    play.add_argument(
        "--human", type=int, metavar="SEAT", help="play seat SEAT yourself (seats count from 0)"
    )
    play.add_argument("--out", metavar="FILE", help="also write the game in notation to FILE")

    simulate = commands.add_parser(
        "simulate",
        help="play many games between bots and sum them up",
        description="Play many seeded games between bots (seats rotate between games) and "
        "print wins, mean scores and game lengths per bot.",
    )
    _game_options(simulate)
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument("--out", metavar="FILE", help="write every game in notation to FILE")
    simulate.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes playing games at once (default: every core); the results are the "
        "same for every N",
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
        "belongs to), or on a local Ray instance of --workers CPUs when no address is given "
        "(extra 'ray')",
    )

    show = commands.add_parser(
        "show",
        help="show a position from a notation file",
        description="Replay a game from a notation file and show the position after a "
        "turn: the board, the hands where the record knows them, displays, money, tokens.",
    )
    show.add_argument("file", metavar="FILE")
    show.add_argument("--game", type=int, default=1, help="which game in the file (from 1)")
    show.add_argument("--turn", type=int, help="show the position after this turn (default: end)")
    show.add_argument("--colour", choices=("auto", "always", "never"), default="auto")

    replay = commands.add_parser(
        "replay",
        help="check every game in notation files",
        description="Read notation files, replay every game with every rule checked, and "
        "print each game's final money or its first error. Exits 1 if any game fails.",
    )
    replay.add_argument("files", nargs="+", metavar="FILE", help="notation files")

    commands.add_parser("variants", help="list the installed variants")
    return parser


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="base", help="variant name (default: base)")
    parser.add_argument("--players", type=int, default=4, metavar="N", help="players (default: 4)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game's chance")
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help=f"bots by seat, comma-separated, repeated to fill the seats ({', '.join(BOTS)})",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _play,
        "simulate": _simulate,
        "show": _show,
        "replay": lambda a: _replay(a.files),
        "variants": lambda a: _variants(),
    }
    try:
        return commands[args.command](args)
    except TrapperError as exc:
        print(f"trapper: error: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"trapper: error: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``trapper play | head``)
        sys.stderr.close()
        return 0


def _bot_kinds(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    for kind in kinds:
        if kind not in BOTS:
            raise SetupError(f"no bot is called {kind!r}; choose from {', '.join(BOTS)}")
    return kinds or ["random"]


def _play(args: argparse.Namespace) -> int:
    game = new_game(args.variant, args.players, seed=args.seed)
    kinds = _bot_kinds(args.bots)
    human = args.human
    if human is not None and not 0 <= human < args.players:
        raise SetupError(f"--human takes a seat from 0 to {args.players - 1}, not {human}")
    seats: list[Bot | None] = [
        None if seat == human else make_bot(kinds[seat % len(kinds)], game.seed + 1 + seat)
        for seat in range(args.players)
    ]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        bot = seats[seat]
        if bot is None:
            action = _ask(game, seat, sys.stdin, sys.stdout)
            if action is None:
                break
        else:
            action = bot.choose(game.view(seat))
        game.apply(action)
    from . import notation

    labels = {f"Seat{seat + 1}": name for seat, name in enumerate(game.players)}
    record = notation.Record.from_game(game, **labels)
    print(record.text, end="")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(record.text)
    _print_scores(game, [("you" if b is None else getattr(b, "name", "bot")) for b in seats])
    return 0


def _print_scores(game: Game, kinds: list[str]) -> None:
    print()
    valuation = game.valuation()
    for seat, name in enumerate(game.players):
        line = f"{name} ({kinds[seat]}): {game.scores()[seat]}"
        if valuation is not None:
            line += f"  (payouts {game.displays[seat].money}, {valuation[seat]})"
        print(line)
    if game.is_over:
        print("Winner: " + ", ".join(game.players[s] for s in game.winners()))
    else:
        print("The game was left unfinished.")


def _ask(game: Game, seat: int, stdin: IO[str], stdout: IO[str]) -> Action | None:
    """Asks the person at ``seat`` for an action; ``None`` when they quit."""
    from .terminal import render

    colour = stdout.isatty() and os.environ.get("NO_COLOR") is None
    view = game.view(seat)
    print("\n" + render(view, colour=colour), file=stdout)
    legal = view.legal_actions
    texts = [game.action_text(a) for a in legal]
    _list(texts, stdout, limit=40)
    while True:
        print(
            f"{game.players[seat]}, your action (text or number, ? lists all, q quits): ",
            end="",
            file=stdout,
            flush=True,
        )
        answer = stdin.readline()
        if not answer or answer.strip() in ("q", "quit"):
            return None
        answer = answer.strip()
        if answer == "?":
            _list(texts, stdout, limit=None)
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            return game.parse_action(answer)
        except TrapperError as exc:
            print(f"  {exc}", file=stdout)


def _list(texts: list[str], stdout: IO[str], limit: int | None) -> None:
    shown = texts if limit is None else texts[:limit]
    width = max((len(t) for t in shown), default=0) + 7
    per_line = max(1, 78 // width)
    for start in range(0, len(shown), per_line):
        cells = [
            f"{i + 1:>3}. {t:<{width - 5}}"
            for i, t in enumerate(shown)
            if start <= i < start + per_line
        ]
        print("".join(cells).rstrip(), file=stdout)
    if len(shown) < len(texts):
        print(f"     … and {len(texts) - len(shown)} more (? lists them all)", file=stdout)


def _simulate(args: argparse.Namespace) -> int:
    import contextlib
    from concurrent.futures import Executor, ProcessPoolExecutor

    from . import notation
    from .simulation import GameResult, cores, simulate

    if args.games < 1:
        raise SetupError(f"--games takes a number of at least 1, not {args.games}")
    for option in ("workers", "batch"):
        value = getattr(args, option)
        if value is not None and value < 1:
            raise SetupError(f"--{option} takes a number of at least 1, not {value}")
    kinds = _bot_kinds(args.bots)
    first_seed = args.seed if args.seed is not None else 0
    workers = args.workers or cores()
    with contextlib.ExitStack() as stack:
        executor: Executor | None = None
        if args.ray is not None:
            try:
                from .ray import RayExecutor
            except ImportError as exc:
                raise SetupError(str(exc)) from None
            executor = stack.enter_context(RayExecutor(args.ray or None, num_cpus=args.workers))
        elif workers > 1:
            pool = executor = ProcessPoolExecutor(workers)
            # On an error or Ctrl-C, stop at once: drop the batches not started
            # rather than wait for them.
            stack.push(lambda kind, *_: pool.shutdown(wait=kind is None, cancel_futures=True))
        out = stack.enter_context(open(args.out, "w", encoding="utf-8")) if args.out else None

        def on_game(result: GameResult) -> None:
            if out is not None:
                assert result.record is not None
                out.write(("\n" if result.number else "") + result.record)
            _progress(result.number + 1, args.games)

        summary = simulate(
            args.variant,
            args.players,
            args.games,
            bots=kinds,
            seed=first_seed,
            executor=executor,
            batch=args.batch,
            record=notation.dumps if out is not None else None,
            on_game=on_game,
        )
    print(
        f"{args.games} games of {args.variant}, {args.players} players, seeds "
        f"{first_seed}–{first_seed + args.games - 1}"
    )
    print(f"{'bot':10} {'seats':>6} {'wins':>8} {'win rate':>9} {'mean score':>11}")
    for kind in sorted(summary.bots):
        tally = summary.bots[kind]
        print(
            f"{kind:10} {tally.seats:6} {tally.wins:8.1f} {tally.win_rate:9.1%} "
            f"{tally.mean_score:11.1f}"
        )
    print(f"mean length: {summary.mean_actions:.1f} actions, {summary.mean_turns:.1f} turns")
    return 0


def _progress(done: int, total: int) -> None:
    if not sys.stderr.isatty() and done != total and done % max(1, total // 10):
        return
    width = 30
    filled = width * done // total
    end = "\n" if done == total else ""
    print(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}",
        end=end,
        file=sys.stderr,
        flush=True,
    )


def _show(args: argparse.Namespace) -> int:
    from . import notation
    from .terminal import render

    with open(args.file, "rb") as file:
        records = notation.load(file)
    if not 1 <= args.game <= len(records):
        raise SetupError(f"{args.file} holds {len(records)} games; there is no game {args.game}")
    record = records[args.game - 1]
    game = record.replay()
    if args.turn is not None:
        if args.turn < 0:
            raise SetupError(f"--turn takes a turn number from 0, not {args.turn}")
        game = _after_turn(game, args.turn)
    colour = args.colour == "always" or (
        args.colour == "auto" and sys.stdout.isatty() and os.environ.get("NO_COLOR") is None
    )
    state = game.state
    if game.is_over:
        where = "the end"
    else:
        assert game.to_move is not None
        where = f"turn {state.turns}, {game.players[game.to_move]} to move"
    print(f"{args.file}, game {args.game} ({record.variant}): {where}")
    # Hands are shown only where the record knows them: a complete setup.
    print(render(game, colour=colour, hands=record.setup.is_complete))
    return 0


def _after_turn(game: Game, turn: int) -> Game:
    """The position when turn ``turn`` is over (turn 0: the start)."""
    replay = game.root()
    for action in game.history:
        if replay.state.turns > turn:
            break
        replay.apply(action)
    return replay


def _replay(files: Sequence[str]) -> int:
    from . import notation

    failed = 0
    for name in files:
        try:
            with open(name, "rb") as file:
                syntax: list[Exception] = []
                records = notation.load(file, errors=syntax)
        except OSError as exc:
            print(f"{name}: cannot read: {exc.strerror}", file=sys.stderr)
            failed += 1
            continue
        except TrapperError as exc:
            print(f"{name}: {str(exc).splitlines()[0]}")
            failed += 1
            continue
        for error in syntax:
            failed += 1
            print(f"{name}: {str(error).splitlines()[0]}")
        for record in records:
            try:
                game = record.replay()
            except TrapperError as exc:
                failed += 1
                print(f"{name}: {exc}")
                continue
            scores = zip(game.players, game.scores(), strict=True)
            players = ", ".join(f"{player} {money}" for player, money in scores)
            state = "final" if game.is_over else "unfinished, so far"
            print(f"{name}: game {record.number}: {state}: {players}")
    return 1 if failed else 0


def _variants() -> int:
    registry = default_registry()
    for name in registry.names():
        spec = registry.spec(name)
        aliases = f" (also: {', '.join(spec.aliases)})" if spec.aliases else ""
        print(f"{name}{aliases}: {spec.description}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
