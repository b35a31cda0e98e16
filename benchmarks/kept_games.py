"""What keeping finished games alive costs the play that follows.

Plays random 4-player base games in blocks of 1,000 and prints the CPU time
a decision of each block: with every game dropped when it ends (``drop``),
kept in a list (``keep``), kept and frozen out of the cycle collector's
sight after each block (``freeze``: ``gc.freeze()``), or kept without undo
information (``noundo``)::

    python benchmarks/kept_games.py            # every way, six blocks each
    python benchmarks/kept_games.py keep --blocks 8

Python's collector of reference cycles walks every container object alive,
and does so more often as more are made: a list of thousands of finished
games makes every later collection longer (docs/playing.md).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc

WAYS = ("drop", "keep", "freeze", "noundo")


def run(way: str, blocks: int) -> list[float]:
    """Microseconds a decision of each block of 1,000 games played ``way``."""
    kept: list[tc.Game] = []
    costs = []
    for block in range(blocks):
        start, decisions = time.process_time(), 0
        for seed in range(block * 1000, (block + 1) * 1000):
            game = tc.new_game("base", 4, seed=seed, undo=way != "noundo")
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
                decisions += 1
            if way != "drop":
                kept.append(game)
        if way == "freeze":
            gc.freeze()
        costs.append((time.process_time() - start) / decisions * 1e6)
    if way == "freeze":
        gc.unfreeze()
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ways", nargs="*", metavar="WAY", help=f"one of {', '.join(WAYS)}")
    parser.add_argument("--blocks", type=int, default=6)
    args = parser.parse_args()
    for way in args.ways:
        if way not in WAYS:
            parser.error(f"a way is one of {', '.join(WAYS)}, not {way!r}")
    for way in args.ways or WAYS:
        costs = run(way, args.blocks)
        shown = " ".join(f"{c:5.1f}" for c in costs)
        print(f"{way:7} µs a decision, block by block: {shown}", flush=True)
        gc.collect()


if __name__ == "__main__":
    main()
