"""The ``trapper`` command line.

``trapper play`` lets bots play a seeded game and prints it move by move with
the scores; ``trapper variants`` lists the installed variants.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .bots import BOTS, make_bot, play
from .errors import TrapperError
from .game import Game, new_game
from .plugins import default_registry

__all__ = ["main", "transcript"]


def transcript(game: Game) -> list[tuple[int, list[str]]]:
    """Returns the game's turns: each player's seat and the text of their actions."""
    replay = game.root()
    turns: list[tuple[int, list[str]]] = []
    for action in game.history:
        seat = replay.to_move
        assert seat is not None
        if not turns or turns[-1][0] != seat or _turn_ended(turns[-1][1]):
            turns.append((seat, []))
        turns[-1][1].append(replay.action_text(action))
        replay.apply(action)
    return turns


def _turn_ended(texts: list[str]) -> bool:
    return bool(texts) and texts[-1] in ("pass", "end", "retire")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trapper", description="Play and check games of Trapper."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play_cmd = commands.add_parser(
        "play",
        help="let bots play a seeded game and print it",
        description=("Let bots play a game and print every turn and the final scores."),
    )
    play_cmd.add_argument("--variant", default="base", help="variant name (default: base)")
    play_cmd.add_argument(
        "--players", type=int, default=4, metavar="N", help="number of players (default: 4)"
    )
    play_cmd.add_argument("--seed", type=int, default=None, help="seed of the game")
    play_cmd.add_argument(
        "--bots",
        default="greedy,random",
        help=f"bots by seat, comma-separated, repeated to fill the seats ({', '.join(BOTS)})",
    )
    replay_cmd = commands.add_parser(
        "replay",
        help="check every game in notation files",
        description=(
            "Read notation files, replay every game with every rule checked, and print "
            "each game's final money or its first error. Exits 1 if any game fails."
        ),
    )
    replay_cmd.add_argument("files", nargs="+", metavar="FILE", help="notation files")
    commands.add_parser("variants", help="list the installed variants")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "variants":
            return _variants()
        if args.command == "replay":
            return _replay(args.files)
        return _play(args)
    except TrapperError as exc:
        print(f"trapper: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``trapper play | head``)
        sys.stderr.close()
        return 0


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
        for error in syntax:
            failed += 1
            print(f"{name}: {str(error).splitlines()[0]}")
        for record in records:
            label = f"{name}: game {record.number}"
            try:
                game = record.replay()
            except TrapperError as exc:
                failed += 1
                print(f"{name}: {exc}")
                continue
            players = ", ".join(
                f"{player} {money}"
                for player, money in zip(game.players, game.scores(), strict=True)
            )
            state = "final" if game.is_over else "unfinished, so far"
            print(f"{label}: {state}: {players}")
    return 1 if failed else 0


def _variants() -> int:
    registry = default_registry()
    for name in registry.names():
        spec = registry.spec(name)
        aliases = f" (also: {', '.join(spec.aliases)})" if spec.aliases else ""
        print(f"{name}{aliases}: {spec.description}")
    return 0


def _play(args: argparse.Namespace) -> int:
    game = new_game(args.variant, args.players, seed=args.seed)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()] or ["random"]
    bots = [make_bot(kinds[i % len(kinds)], game.seed + 1 + i) for i in range(args.players)]
    play(game, bots)
    names = [f"{name} ({kinds[i % len(kinds)]})" for i, name in enumerate(game.players)]
    print(f'[Variant "{game.variant}"]')
    print(f'[Seed "{game.seed}"]')
    print(f'[Players "{", ".join(names)}"]')
    print()
    for number, (seat, texts) in enumerate(transcript(game), start=1):
        print(f"{number:3}. {game.players[seat]}: {' '.join(texts)}")
    print()
    valuation = game.valuation()
    assert valuation is not None
    for seat, name in enumerate(game.players):
        v = valuation[seat]
        print(
            f"{name}: {game.scores()[seat]:4}  (payouts {game.displays[seat].money}, "
            f"open canoes {v.open_canoes}, separate {v.separate}, "
            f"canoe bonus {v.canoe_bonus}, species bonus {v.species_bonus})"
        )
    print("Winner: " + ", ".join(game.players[s] for s in game.winners()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
