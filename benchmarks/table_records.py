"""What planning the deal of table records costs: nodes and CPU time.

A table record names no cards, no setup, no seed and no reshuffle (what a
person at the table writes down); replaying one plans a deal of the cards
that fits every move (``trapper_notation.deal``). This plays seeded bot
games, writes each as a table record, replays it and reports how many nodes
the deal's search solved and the CPU time of the replay::

    python benchmarks/table_records.py                  # the 900 records below
    python benchmarks/table_records.py --seeds 1000-1099 --shapes 4-greedy

The default set is the tactical variant's hardest: seeds 0-99, 1000-1099
and 2000-2099, each as four players between greedy bots, three players
between greedy bots and four players between random bots (bids, which only
the tactical variant has, are what make a deal hard to find).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import trapper_core as tc
from trapper_core import notation
from trapper_notation import deal, replay

SHAPES = ("4-greedy", "3-greedy", "4-random")


def seeds(text: str) -> list[int]:
    """The seeds of ``text``: ranges and single seeds, comma-separated (``0-99,120``)."""
    out: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def measure(job: tuple[str, int, str]) -> tuple[str, bool, int, float]:
    """Plays the game, replays its table record: (name, replayed to the same
    moves and scores, nodes the deal's search solved, CPU seconds)."""
    variant, seed, shape = job
    players, bots = shape.split("-")
    game = tc.new_game(variant, int(players), seed=seed)
    game = tc.play(game, [tc.make_bot(bots, seed + i) for i in range(int(players))])
    text = notation.Record.table_record(game).text
    with counted_deals() as deals:
        start = time.process_time()
        try:
            again = notation.loads(text)[0].replay()
            same = again.history == game.history and again.scores() == game.scores()
        except tc.TrapperError:
            same = False
        seconds = time.process_time() - start
    return f"{variant} {shape} {seed}", same, sum(d.nodes for d in deals), seconds


@contextlib.contextmanager
def counted_deals() -> Iterator[list[deal.Deal]]:
    """The deals the replays within planned, in a list (the replay's own
    call of ``infer_deal`` counted, and put back after)."""
    deals: list[deal.Deal] = []

    def infer(*args: object, **kwargs: object) -> deal.Deal:
        deals.append(deal.infer_deal(*args, **kwargs))  # type: ignore[arg-type]
        return deals[-1]

    vars(replay)["infer_deal"] = infer
    try:
        yield deals
    finally:
        vars(replay)["infer_deal"] = deal.infer_deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="tactical")
    parser.add_argument("--seeds", default="0-99,1000-1099,2000-2099")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="players-bots, comma-separated")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    jobs = [
        (args.variant, seed, shape)
        for seed in seeds(args.seeds)
        for shape in args.shapes.split(",")
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(measure, jobs, chunksize=4))
    nodes = sorted(n for _, _, n, _ in results)
    failed = [name for name, same, _, _ in results if not same]
    print(f"{len(results)} table records of {args.variant} bot games, {args.workers} workers")
    print(f"replayed to the same moves and scores: {len(results) - len(failed)}")
    if failed:
        print("not replayed: " + ", ".join(failed))
    print(
        f"nodes: {sum(nodes):,} in all, median {nodes[len(nodes) // 2]}, "
        f"99th percentile {nodes[len(nodes) * 99 // 100]}, most {nodes[-1]:,}; "
        f"over 1,000: {sum(n > 1000 for n in nodes)}"
    )
    seconds = [s for *_, s in results]
    print(
        f"CPU seconds replaying: {sum(seconds):.1f} in all, most {max(seconds):.2f}; "
        f"over one second: {sum(s > 1 for s in seconds)}"
    )
    print("the most nodes:")
    for name, _, count, spent in sorted(results, key=lambda r: -r[2])[:5]:
        print(f"  {name:24} {count:6,} nodes  {spent:5.2f} s")


if __name__ == "__main__":
    main()
