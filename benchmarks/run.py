"""trapper_core side by side with python-chess, in one run on one machine.

    pip install -e '.[bench]'
    python benchmarks/run.py            # about a minute
    python benchmarks/run.py --quick    # a few seconds, rougher figures

Prints a table of figures and ratios:

1. decisions per second: the random playout loop (``legal_actions()``, a
   seeded pick, ``apply()``) over complete 4-player base games, against
   python-chess's (``list(board.legal_moves)``, a pick, ``board.push()``);
2. complete random games per second for every variant, 2 and 4 players;
3. ``copy()`` per second of a mid-game position, against ``Board.copy()``;
4. notation: read-and-replay moves per second, against ``chess.pgn.read_game``
   plies per second over PGN of random games (``benchmarks/notation.py``);
5. memory: bytes per game state in mid-game (tracemalloc), against a
   ``Board`` with as many moves played.

Every timing is the best of several runs; the machine's other load only ever
slows a run down.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks import notation as notation_bench

try:
    import chess

    HAS_CHESS = True
except ImportError:  # the benchmark extra is not installed: figures without ratios
    HAS_CHESS = False


def best(runs: int, work: Callable[[], int]) -> tuple[float, int]:
    """The shortest time of ``runs`` runs of ``work`` and what it counted."""
    fastest, count = float("inf"), 0
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        count = work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, count


def trapper_playouts(games: int, variant: str = "base", players: int = 4) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(1)
        decisions = 0
        for seed in range(games):
            game = tc.new_game(variant, players, seed=seed)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return work


def chess_playouts(games: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(1)
        plies = 0
        for _ in range(games):
            board = chess.Board()
            while not board.is_game_over():
                board.push(rng.choice(list(board.legal_moves)))
                plies += 1
        return plies

    return work


def mid_game_trapper() -> tc.Game:
    game = tc.new_game("base", 4, seed=7)
    tc.play(game, [tc.GreedyBot(i) for i in range(4)], max_actions=40)
    return game


def mid_game_chess(plies: int) -> object:
    rng = random.Random(7)
    board = chess.Board()
    while board.ply() < plies and not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


def copies(thing: object, n: int) -> Callable[[], int]:
    copy = thing.copy  # type: ignore[attr-defined]

    def work() -> int:
        for _ in range(n):
            copy()
        return n

    return work


def state_bytes(make: Callable[[], object], n: int = 200) -> float:
    """Bytes a state holds that another one does not share, by tracemalloc:
    ``n`` copies of a mid-game position, measured together."""
    original = make()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = [original.copy() for _ in range(n)]  # type: ignore[attr-defined]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del kept
    return grown / n


def whole_bytes(make: Callable[[], object], n: int = 50) -> float:
    """Bytes of a state made from scratch (nothing shared), by tracemalloc."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = [make() for _ in range(n)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del kept
    return grown / n


def row(
    what: str, ours: float, theirs: float | None, unit: str, higher_is_better: bool = True
) -> None:
    if theirs is None:
        print(f"{what:44} {ours:14,.0f} {unit:10}")
        return
    ratio = ours / theirs if higher_is_better else theirs / ours
    print(f"{what:44} {ours:14,.0f} {theirs:14,.0f} {unit:10} {ratio:6.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, fewer runs")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else 5
    games = 50 if args.quick else 300
    has_chess = HAS_CHESS
    print(
        f"python {sys.version.split()[0]}, trapper_core {tc.__version__}"
        + (f", python-chess {chess.__version__}" if has_chess else ", no python-chess")
    )
    print(f"{'':44} {'trapper_core':>14} {'python-chess':>14} {'unit':10} {'ratio':>6}")

    seconds, decisions = best(runs, trapper_playouts(games))
    ours = decisions / seconds
    theirs = None
    if has_chess:
        seconds, plies = best(runs, chess_playouts(max(games // 10, 5)))
        theirs = plies / seconds
    row("1. random playout decisions (4p base)", ours, theirs, "per s")

    for variant in tc.available_variants():
        for players in (2, 4):
            seconds, _ = best(runs, trapper_playouts(games // 2, variant, players))
            label = f"2. complete random games, {variant}, {players}p"
            row(label, games // 2 / seconds, None, "per s")

    game = mid_game_trapper()
    n = 20_000 if args.quick else 100_000
    seconds, _ = best(runs, copies(game, n))
    ours = n / seconds
    theirs = None
    if has_chess:
        board = mid_game_chess(len(game.history))
        seconds, _ = best(runs, copies(board, n))
        theirs = n / seconds
    row(f"3. copy() of a mid-game position ({len(game.history)} moves)", ours, theirs, "per s")

    text, moves = notation_bench.trapper_file(games)
    seconds, _ = best(max(runs - 2, 1), lambda: notation_bench.trapper_replay(text))
    ours = moves / seconds
    theirs = None
    if has_chess:
        pgn = notation_bench.chess_file(games, moves)
        seconds, plies = best(max(runs - 2, 1), lambda: notation_bench.chess_replay(pgn))
        theirs = plies / seconds
    row("4. notation read and replay (moves, plies)", ours, theirs, "per s")

    ours_bytes = state_bytes(mid_game_trapper)
    theirs_bytes = state_bytes(lambda: mid_game_chess(40)) if has_chess else None
    row(
        "5a. memory of a copy, mid-game (lower wins)",
        ours_bytes,
        theirs_bytes,
        "bytes",
        higher_is_better=False,
    )
    ours_bytes = whole_bytes(mid_game_trapper)
    theirs_bytes = whole_bytes(lambda: mid_game_chess(40)) if has_chess else None
    row(
        "5b. memory of a whole game, mid-game",
        ours_bytes,
        theirs_bytes,
        "bytes",
        higher_is_better=False,
    )
    print(
        "ratio: trapper_core over python-chess (for memory: python-chess over trapper_core);"
        " above 1 is better"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
