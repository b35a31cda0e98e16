"""Reading and replaying notation, side by side with python-chess and PGN.

    python benchmarks/notation.py [--games 300] [--rounds 15]

Writes a file of engine games (random and greedy bots, every variant, 2–4
players), then times reading it with ``notation.read_game`` and replaying
every move with every rule checked (``record.replay(undo=False)``: the games
keep no undo information). In the same run python-chess plays random
games of its own, as many plies as our file has moves, writes them as PGN and
times ``chess.pgn.read_game`` over the file, which parses and replays
(legality-checks) every move too. The two sides run in interleaved rounds
(``benchmarks/rounds.py``); it prints the min / median / max of the
per-round ratios of moves per second to plies per second.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks.rounds import Work, rounds
from trapper_core import notation


def trapper_file(games: int) -> tuple[str, int]:
    played = []
    variants = tc.available_variants()
    for i in range(games):
        variant = variants[i % len(variants)]
        kind = ("random", "greedy")[i // len(variants) % 2]
        game = tc.new_game(variant, 2 + i % 3, seed=i)
        played.append(tc.play(game, [tc.make_bot(kind, i * 10 + s) for s in range(2 + i % 3)]))
    return notation.dumps(played), sum(len(g.history) for g in played)


def trapper_replay(text: str, *, undo: bool = False) -> int:
    """Reads every game of ``text`` with ``read_game`` and replays it
    (``undo=False``: the replayed games keep no undo information, as
    python-chess's ``read_game`` returns a game tree and no board)."""
    moves = 0
    stream = io.StringIO(text)
    while (record := notation.read_game(stream)) is not None:
        game = record.replay(undo=undo)
        moves += len(game.history)
    return moves


def chess_file(games: int, target_plies: int) -> str:
    import chess
    import chess.pgn

    rng = random.Random(1)
    out = io.StringIO()
    plies = 0
    made = 0
    while made < games or plies < target_plies:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
        plies += board.ply()
        print(chess.pgn.Game.from_board(board), file=out, end="\n\n")
        made += 1
    return out.getvalue()


def chess_replay(text: str) -> int:
    import chess.pgn

    stream = io.StringIO(text)
    plies = 0
    while (game := chess.pgn.read_game(stream)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
    return plies


def sides(games: int) -> tuple[Work, Work]:
    """Our slice (read and replay ``games`` engine games) and python-chess's
    (``read_game`` over PGN of as many plies), for ``rounds``."""
    text, moves = trapper_file(games)
    pgn = chess_file(games, moves)

    def ours() -> int:
        replayed = trapper_replay(text)
        assert replayed == moves
        return replayed

    def theirs() -> int:
        return chess_replay(pgn)

    return ours, theirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess is not installed (pip install -e '.[bench]'): no comparison")
        return 1
    ours, theirs = sides(args.games)
    spread = rounds(ours, theirs, args.rounds)
    print(f"trapper_core: {args.games} games read and replayed: {spread.ours:,.0f} moves/s")
    print(f"python-chess: read_game over PGN: {spread.theirs:,.0f} plies/s")
    print(f"ratio (moves/s to plies/s), min / median / max of {args.rounds} rounds: {spread}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
