"""How long a sampler takes to find its first colouring on hard views.

A `Sampler` finds a first consistent colouring of the cards by two searches
in turn (``Sampler._first``): the complete search, restarted in a new random
order every run, and the repair, a local search. Most views are coloured by
the search's first run of ``_BUDGET`` branches; this times the rest. It
plays seeded tactical games (four players, or ``--players``) between bots
(greedy, and random), takes the view of every seat every ``--every`` actions
and at the end, keeps those whose first run fails, and times the first
colouring of each (CPU time, from ``--starts`` random starts each) under two
schedules, in turn view by view with the order rotating:

* ``luby`` — the one in ``sampling.py``: the search's runs are ``_BUDGET``
  times Luby's sequence, as many as keep its branches within ``_SHARE``
  times the repair's moves; the repair's turns double;
* ``doubling`` — the one before: one run of the search, then a turn of the
  repair, each twice as long as the time before (300, 600, … branches;
  2,000, 4,000, … moves).

::

    python benchmarks/sampler_schedule.py                     # seeds 0-59
    python benchmarks/sampler_schedule.py --seeds 0-9 --starts 1 --workers 1
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks.table_records import seeds as parse_seeds
from trapper_core import PlayerView, sampling

KINDS = ("greedy", "random")


def hard_views(seed: int, kind: str, every: int, players: int = 4) -> list[PlayerView]:
    """The views of ``kind`` bots' tactical game of ``seed`` whose first
    search run (``_BUDGET`` branches, ``random.Random(0)``) fails."""
    game = tc.new_game("tactical", players, seed=seed)
    bots = [tc.make_bot(kind, seed + i) for i in range(players)]
    views: list[PlayerView] = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
        if len(game.history) % every == 0 or game.is_over:
            views += [game.view(s) for s in range(players)]
    hard = []
    for view in views:
        sampler = tc.Sampler(view)
        ops, hand = sampler._searched()
        try:
            sampling._colour(
                sampler.piles, ops, view.player, hand, random.Random(0), sampling._BUDGET
            )
        except sampling._OutOfBudget:
            hard.append(view)
    return hard


def doubling(sampler: tc.Sampler, rng: random.Random) -> object:
    """The schedule before Luby's: a run of 300, 600, … branches and a turn
    of 2,000, 4,000, … moves in turn."""
    ops, hand = sampler._searched()
    budget, moves = 300, 2000
    while True:
        try:
            return sampling._colour(sampler.piles, ops, sampler.view.player, hand, rng, budget)
        except sampling._OutOfBudget:
            pass
        colours = sampler._repair(rng, moves)
        if colours is not None:
            return colours
        budget *= 2
        moves *= 2


def luby(sampler: tc.Sampler, rng: random.Random) -> object:
    """The schedule of ``sampling.py``."""
    return sampler._first(rng)


SCHEDULES: dict[str, Callable[[tc.Sampler, random.Random], object]] = {
    "luby": luby,
    "doubling": doubling,
}


class _Cap(Exception):
    pass


def _cap(signum: int, frame: FrameType | None) -> None:
    raise _Cap


def time_view(task: tuple[PlayerView, int, int, float]) -> dict[str, float]:
    """CPU seconds of each schedule's first colouring of one view from one
    start (``cap`` when it took longer), in an order rotated by ``turn``."""
    view, start, turn, cap = task
    signal.signal(signal.SIGPROF, _cap)
    names = list(SCHEDULES)
    names = names[turn % len(names) :] + names[: turn % len(names)]
    out = {}
    for name in names:
        sampler = tc.Sampler(view)
        sampler._index()
        began = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, cap)
        try:
            SCHEDULES[name](sampler, random.Random(start))
        except _Cap:
            pass
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        out[name] = min(cap, time.process_time() - began)
    return out


def summary(times: list[float]) -> str:
    times = sorted(times)
    n = len(times)

    def at(q: float) -> float:
        return times[min(n - 1, int(q * n))]

    return (
        f"total {sum(times):7.1f} s   median {at(0.5):5.2f}   90 % {at(0.9):5.2f}   "
        f"99 % {at(0.99):5.2f}   max {times[-1]:6.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0-59", help="game seeds, as 0-59,70")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--every", type=int, default=20, help="actions between views")
    parser.add_argument("--starts", type=int, default=2, help="random starts per view")
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds per colouring")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    games = [(seed, kind) for kind in KINDS for seed in parse_seeds(args.seeds)]
    with ProcessPoolExecutor(args.workers) as pool:
        views = [
            view
            for found in pool.map(
                hard_views,
                *zip(*games, strict=True),
                [args.every] * len(games),
                [args.players] * len(games),
            )
            for view in found
        ]
        print(f"{len(views)} views whose first run of {sampling._BUDGET} branches fails")

        def tasks() -> Iterator[tuple[PlayerView, int, int, float]]:
            for k, view in enumerate(views):
                for start in range(args.starts):
                    yield view, start, k + start, args.cap

        results = list(pool.map(time_view, tasks(), chunksize=4))
    for name in SCHEDULES:
        print(f"{name:9} {summary([r[name] for r in results])}")
    capped = {name: sum(r[name] >= args.cap for r in results) for name in SCHEDULES}
    print(f"{len(results)} colourings; at the cap of {args.cap:g} s: {capped}")


if __name__ == "__main__":
    main()
