"""Reading and replaying notation, side by side with python-chess and PGN.

    python benchmarks/notation.py [--games 300]

Writes a file of engine games (random and greedy bots, every variant, 2–4
players), then times reading it and replaying every move with every rule
checked. In the same run python-chess plays random games of its own, writes
them as PGN and times ``chess.pgn.read_game`` over the file, which parses and
replays (legality-checks) every move too. Prints moves per second for both
and the ratio.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
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


def trapper_replay(text: str) -> int:
    moves = 0
    for record in notation.loads(text):
        game = record.replay()
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


def best_of(runs: int, work: object, text: str) -> tuple[float, int]:
    best = float("inf")
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        count = work(text)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    text, moves = trapper_file(args.games)
    seconds, replayed = best_of(args.runs, trapper_replay, text)
    assert replayed == moves
    ours = replayed / seconds
    print(f"trapper_core: {args.games} games, {moves} moves, {len(text) / 1e6:.2f} MB")
    print(f"  read and replay: {seconds:.3f} s, {ours:,.0f} moves/s")
    try:
        pgn = chess_file(args.games, moves)
    except ImportError:
        print("python-chess is not installed (pip install -e '.[bench]'): no comparison")
        return 0
    seconds, plies = best_of(args.runs, chess_replay, pgn)
    theirs = plies / seconds
    print(f"python-chess: {plies} plies, {len(pgn) / 1e6:.2f} MB of PGN")
    print(f"  read_game: {seconds:.3f} s, {theirs:,.0f} plies/s")
    print(f"ratio (trapper moves/s to chess plies/s): {ours / theirs:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
