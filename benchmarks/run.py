"""trapper_core side by side with python-chess, in interleaved rounds.

    pip install -e '.[bench]'
    python benchmarks/run.py                  # every figure, 15 rounds (a few minutes)
    python benchmarks/run.py --quick          # 5 rounds of smaller slices (rough)
    python benchmarks/run.py --instructions   # instruction counts under valgrind

Every side-by-side figure is measured by ``benchmarks/rounds.py``: each round
runs a slice of our work and a slice of python-chess's, in an order that
rotates from round to round, timed in CPU time of this process; the figure
is the min / median / max of the per-round ratios (our rate over theirs), so
a burst of load from another process spoils a round's ratio rather than one
side's time. The figures:

1. random playout decisions per second against python-chess plies per
   second, per variant, 4 players (``legal_actions()``, a seeded pick,
   ``apply()``; ``list(board.legal_moves)``, a pick, ``board.push()``), and
   the same per turn for the base game;
2. the same loop through ``view()`` and ``RandomBot`` (what ``play`` and
   ``simulate`` run);
3. ``apply`` + ``undo`` of every legal action of mid-game positions against
   ``push`` + ``pop`` of every legal move;
4. ``copy()`` of mid-game positions against ``Board.copy(stack=False)``;
5. notation read and replay against ``chess.pgn.read_game`` and replay;
6. memory per decision of finished games held in a list against a
   ``Board`` per ply, by tracemalloc (a size, not a rate: no rounds);
7. ``trapper_core.simulate`` on N worker processes against one process (the
   wall clock: the work is in other processes; print the load beside it).

``--instructions`` counts instructions with valgrind (cachegrind, when
installed, ``PYTHONHASHSEED=0``) for the random playout of each variant and
for python-chess's (``benchmarks/engine.py``), and for the notation's read
and replay against python-chess's ``read_game`` (``benchmarks/notation.py``),
in child processes, warmed up and with the garbage collector off: the count
of a run that only starts the games (or only warms up) is subtracted, so what
is left is the work measured. Instruction counts do not move with the
machine's load; judge a change on a busy machine by them.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks import cachegrind, engine
from benchmarks import notation as notation_bench
from benchmarks.rounds import Spread, Work, rounds
from trapper_core.simulation import Batch, batches, play_batch

try:
    import chess

    HAS_CHESS = True
except ImportError:  # the benchmark extra is not installed
    HAS_CHESS = False

#: Two slices of work: ours, then python-chess's (or one process's).
Sides = tuple[Work, Work]


# The work slices. Each ``sides_*`` returns (ours, theirs), slices sized to
# take a few tenths of a second. The engine's figures come from
# benchmarks/engine.py and the notation's from benchmarks/notation.py, which
# also run alone.


def sides_playout(variant: str = "base", scale: int = 1) -> Sides:
    """Random playout decisions (4 players) against python-chess plies."""
    return engine.sides_playout(variant, 30 * scale)


def sides_playout_turns(variant: str = "base", scale: int = 1) -> Sides:
    """Random playout turns (4 players) against python-chess plies."""
    return engine.sides_playout(variant, 30 * scale, count="turns")


def sides_view_loop(variant: str = "base", scale: int = 1) -> Sides:
    """The bots' loop: ``view()`` and ``RandomBot.choose`` for every decision."""
    return engine.sides_view_bot(variant, 30 * scale)


def sides_apply_undo(scale: int = 1) -> Sides:
    """``apply`` + ``undo`` of every legal action against ``push`` + ``pop``."""
    return engine.sides_apply_undo(20 * scale)


def sides_copy(scale: int = 1) -> Sides:
    """``copy()`` of a mid-game position against ``Board.copy(stack=False)``."""
    return engine.sides_copy(n=20_000 * scale)


def sides_notation(scale: int = 1) -> Sides:
    """Notation read + replay (moves) against ``chess.pgn.read_game`` + replay (plies)."""
    return notation_bench.sides(30 * scale)


def sides_simulate(workers: int, scale: int = 1) -> tuple[Work, Work, Callable[[], None]]:
    """``simulate`` on ``workers`` processes against one process; and a closer."""
    pool = ProcessPoolExecutor(workers)
    # 400 games (about half a second on one core) a slice: with 40, the pool's
    # handing out and collecting of batches was a tenth of a pooled slice.
    games = 400 * scale
    seeds = iter(range(0, 10**9, games))

    def pooled() -> int:
        tc.simulate("base", 4, games, bots=["random"], seed=next(seeds), executor=pool)
        return games

    def alone() -> int:
        tc.simulate("base", 4, games, bots=["random"], seed=next(seeds))
        return games

    pooled()  # the workers start and import the engine outside the rounds
    return pooled, alone, lambda: pool.shutdown()


def _timed_batch(batch: Batch) -> tuple[int, float]:
    start = time.process_time()
    play_batch(batch)
    return os.getpid(), time.process_time() - start


def worker_balance(workers: int, games: int) -> tuple[float, float, float]:
    """CPU seconds of a simulation's batches on ``workers`` processes: all of
    them, the busiest worker's, and the parent's. All of them over the
    busiest worker's is the speed-up that a machine with a free core per
    worker would give; unlike the wall clock, it does not depend on the
    other load."""
    plan = [
        Batch("base", 4, ("random",), 7, first, count)
        for first, count in batches(games, workers)  # as simulate cuts them
    ]
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(_timed_batch, plan[:workers]))  # start the workers
        parent = time.process_time()
        per_worker: dict[int, float] = {}
        for pid, seconds in pool.map(_timed_batch, plan):
            per_worker[pid] = per_worker.get(pid, 0.0) + seconds
        parent = time.process_time() - parent
    return sum(per_worker.values()), max(per_worker.values()), parent


@attrs.frozen
class Figure:
    label: str
    sides: Callable[[int], Sides]


def _playout_figure(variant: str) -> Figure:
    return Figure(
        f"1. random playout, {variant} 4p (decisions / plies)",
        lambda scale: sides_playout(variant, scale),
    )


FIGURES = [
    *(_playout_figure(variant) for variant in ("base", "children", "tactical")),
    Figure(
        "1. random playout, base 4p, per turn (turns / plies)",
        lambda scale: sides_playout_turns("base", scale),
    ),
    Figure(
        "2. view() + RandomBot loop, base 4p (decisions / plies)",
        lambda scale: sides_view_loop("base", scale),
    ),
    Figure("3. apply + undo vs push + pop", sides_apply_undo),
    Figure("4. copy() vs Board.copy(stack=False)", sides_copy),
    Figure("5. notation read + replay (moves / plies)", sides_notation),
]


def memory_per_decision(games: int) -> tuple[float, float | None]:
    """Bytes a finished game holds per decision (random 4-player base games
    kept in a list), and a python-chess ``Board`` per ply after a random game."""
    ours = _held(
        lambda: [
            tc.play(tc.new_game("base", 4, seed=s), [tc.RandomBot(s * 10 + i) for i in range(4)])
            for s in range(games)
        ],
        lambda kept: sum(len(g.history) for g in kept),
    )
    if not HAS_CHESS:
        return ours, None
    rng = random.Random(3)

    def boards() -> list[chess.Board]:
        out = []
        for _ in range(max(1, games // 5)):
            board = chess.Board()
            while not board.is_game_over():
                board.push(rng.choice(list(board.legal_moves)))
            out.append(board)
        return out

    return ours, _held(boards, lambda kept: sum(b.ply() for b in kept))


def _held(make: Callable[[], list[Any]], units: Callable[[list[Any]], int]) -> float:
    """Bytes per unit that the objects ``make`` returns hold: the memory
    traced while they are kept, less what is left once they are dropped.
    What making them left in caches the process shares (interned actions,
    the tables of answers kept on the setup's displays) stays when they are
    dropped, so it is not counted: it does not grow with the games kept,
    and how much of it a run has already filled depends on what ran before
    (the games of the other figures)."""
    gc.collect()
    tracemalloc.start()
    try:
        kept = make()
        count = units(kept)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        del kept
        gc.collect()
        held -= tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return held / count


def _row(label: str, spread: Spread, unit: str = "per s") -> None:
    print(f"{label:58} {spread.ours:12,.0f} {spread.theirs:12,.0f} {unit:6} {spread!s:>20}")


def timings(count: int, scale: int, workers: int, only: set[str] | None = None) -> None:
    def wanted(number: str) -> bool:
        return only is None or number in only

    print(f"{'figure':58} {'ours':>12} {'theirs':>12} {'unit':6} {'min / median / max':>20}")
    if HAS_CHESS:
        for figure in FIGURES:
            if wanted(figure.label.split(".")[0]):
                ours, theirs = figure.sides(scale)
                _row(figure.label, rounds(ours, theirs, count))
    else:
        print("python-chess is not installed (pip install -e '.[bench]'): figures 1-6 need it")
    if HAS_CHESS and wanted("6"):
        ours_bytes, theirs_bytes = memory_per_decision(20 * scale)
        assert theirs_bytes is not None
        print(
            f"{'6. memory of a finished game, per decision / per ply':58} {ours_bytes:12,.0f} "
            f"{theirs_bytes:12,.0f} {'bytes':6} {theirs_bytes / ours_bytes:>20.2f}"
        )
    if wanted("7"):
        simulations(count, scale, workers)
    print(
        "ratio: ours over theirs per round (memory: theirs over ours); above 1 is better."
        " Rates are per CPU second of this process (7: per wall-clock second)."
    )


def simulations(count: int, scale: int, workers: int) -> None:
    pooled, alone, close = sides_simulate(workers, scale)
    try:
        load = os.getloadavg()[0]
        spread = rounds(pooled, alone, count, clock=time.perf_counter)
        _row(f"7. simulate, {workers} workers vs 1 (games, wall clock)", spread)
        print(f"   load average before: {load:.2f}, after: {os.getloadavg()[0]:.2f}")
    finally:
        close()
    total, busiest, parent = worker_balance(workers, 200 * scale)
    print(
        f"   CPU of all batches {total:.2f} s, of the busiest worker {busiest:.2f} s, of the "
        f"parent {parent:.2f} s: {total / busiest:.2f}x on {workers} free cores"
    )


# Instruction counts: the engine's and the notation's counters.


def instructions(games: int) -> int:
    """Instructions per decision of each variant's random playout and per ply
    of python-chess's (``benchmarks/engine.py --instructions --chess``), and
    per move of the notation's read and replay (``benchmarks/notation.py
    --instructions``): the same subject programs, warmed up and counted
    with the collector off."""
    if not cachegrind.available():
        print("valgrind is not installed: no instruction counts (apt-get install valgrind)")
        return 1
    print(f"instructions, cachegrind, PYTHONHASHSEED=0, {games} games a variant")
    counts: dict[str, float] = {}
    for variant in tc.available_variants():
        per_decision, per_turn = engine.instructions_per_decision(variant, games)
        counts[variant] = per_decision
        print(f"{variant:10} {per_decision:12,.0f} per decision {per_turn:12,.0f} per turn")
    if HAS_CHESS:
        counts["chess"], _ = engine.instructions_per_decision("chess", max(1, games // 5))
        print(f"{'chess':10} {counts['chess']:12,.0f} per ply")
        for variant in tc.available_variants():
            print(f"chess / {variant}: {counts['chess'] / counts[variant]:.2f}x as many")
        moves = notation_bench.instructions_per_move(max(games, 30))
        print(f"notation read + replay {moves['trapper']:12,.0f} per move")
        print(f"python-chess read_game {moves['chess']:12,.0f} per ply")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 rounds of smaller slices")
    parser.add_argument("--rounds", type=int, help="rounds per figure (default 15)")
    parser.add_argument(
        "--workers", type=int, default=2, help="workers of the simulate figure (default 2)"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under valgrind"
    )
    parser.add_argument("--games", type=int, default=10, help="games per instruction count")
    parser.add_argument("--only", metavar="N,N", help="only these figures (numbers 1-7)")
    args = parser.parse_args(argv)
    print(
        f"python {sys.version.split()[0]}, trapper_core {tc.__version__}"
        + (f", python-chess {chess.__version__}" if HAS_CHESS else ", no python-chess")
        + f", {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}"
    )
    if args.instructions:
        if args.only:
            parser.error(
                "--only picks timed figures; --instructions counts the playouts and the "
                "notation (one figure's count: benchmarks/engine.py --instructions --figure "
                "apply-undo, or bot, or floor)"
            )
        return instructions(args.games)
    count = args.rounds or (5 if args.quick else 15)
    only = set(args.only.split(",")) if args.only else None
    timings(count, 1 if args.quick else 2, args.workers, only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
