"""How long a sampler takes to find its first colouring on hard views.

A `Sampler` finds a first consistent colouring of the cards by two searches
in turn (``Sampler._first``): the complete search, restarted in a new random
order every run, and the repair, a local search. Most views are coloured by
the search's first run of ``_BUDGET`` branches; this times the rest. It
plays seeded tactical games (four players, or ``--players``) between bots
(greedy, and random), takes the view of every seat every ``--every`` actions
and at the end, keeps those whose first run fails, and times the first
colouring of each (CPU time, from ``--starts`` random starts each) under
each schedule (``--schedules``, by default all), in turn view by view with
the order rotating:

* ``luby`` — the one in ``sampling.py``: the search's runs are ``_BUDGET``
  times Luby's sequence, as many as keep its branches within ``_SHARE``
  times the repair's moves; the repair's turns double, and take its
  measures of a colouring (``_Ledger``) in turn;
* ``every`` and ``colour`` — the same with one of the repair's measures in
  every turn;
* ``doubling`` — the schedule before Luby's: one run of the search, then a
  turn of the repair, each twice as long as the time before (300, 600, …
  branches; 2,000, 4,000, … moves).

With ``--games hoarders`` the views are instead those of games between
players who mostly pass and keep their cards, players who pay two cards
for a step whenever they can and bid high, and players who play at random
(each seat one of the three, drawn by the seed; every variant, two to four
players; every seat's view at one or two random points of the game), all of
them, whether the first run fails or not: hands of thirty cards and more,
dozens of reshuffles, and hands that pay every card as soon as drawn.

With ``--effort N`` it times ``Sampler.prepare(rng, effort=N)`` instead,
what `ISMCTSBot` asks before each decision (its ``sampling_effort``): how
many colourings are found within the bound, how many given up, and when.

::

    python benchmarks/sampler_schedule.py                     # seeds 0-59
    python benchmarks/sampler_schedule.py --seeds 0-9 --starts 1 --workers 1
    python benchmarks/sampler_schedule.py --games hoarders --seeds 0-11 --starts 1 \\
        --cap 30 --schedules luby,every
    python benchmarks/sampler_schedule.py --seeds 0-19 --effort 100000
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks.table_records import seeds as parse_seeds
from trapper_core import PlayerView, sampling

KINDS = ("greedy", "random")
STYLES = ("hoard", "spend", "random")


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


def styled(game: tc.Game, rng: random.Random, style: str) -> tc.Action:
    """An action as a player of ``style`` picks it: ``hoard`` passes (or ends
    its turn) 85 times in 100 and never retires; ``spend`` takes a step paid
    with two cards 80 times in 100 where it can, else bids its highest 70
    times in 100, and never retires; ``random``, any legal action."""
    actions = game.legal_actions()
    texts = [game.action_text(a) for a in actions]
    if style == "hoard":
        passes = [a for a, t in zip(actions, texts, strict=True) if t in ("pass", "end")]
        if passes and rng.random() < 0.85:
            return rng.choice(passes)
    elif style == "spend":
        paid = [a for a, t in zip(actions, texts, strict=True) if "/" in t]
        if paid and rng.random() < 0.8:
            return rng.choice(paid)
        bids = [
            (int(t.lstrip("BEGP")), a)
            for a, t in zip(actions, texts, strict=True)
            if t.isdigit() or (t[:1] in "BEGP" and t[1:].isdigit())
        ]
        if bids and rng.random() < 0.7:
            return max(bids, key=lambda bid: bid[0])[1]
    else:
        return rng.choice(actions)
    kept = [a for a, t in zip(actions, texts, strict=True) if t != "retire"]
    return rng.choice(kept or actions)


def hoarding_views(seed: int, variant: str, players: int) -> list[PlayerView]:
    """Every seat's view at one or two random points (after 50 to 599
    actions) of a game of ``STYLES`` players, each seat's style drawn by the
    seed."""
    rng = random.Random(seed * 100 + players)
    styles = [rng.choice(STYLES) for _ in range(players)]
    game = tc.new_game(variant, players, seed=seed)
    views: list[PlayerView] = []
    for cut in sorted({rng.randrange(50, 250), rng.randrange(250, 600)}):
        while not game.is_over and len(game.history) < cut:
            seat = game.to_move
            assert seat is not None
            game.apply(styled(game, rng, styles[seat]))
        views += [game.view(seat) for seat in range(players)]
        if game.is_over:
            break
    return views


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


def one_measure(measure: str) -> Callable[[tc.Sampler, random.Random], object]:
    """The schedule of ``sampling.py`` with one of the repair's measures."""

    def schedule(sampler: tc.Sampler, rng: random.Random) -> object:
        repair = sampler._repair

        def one(
            rng: random.Random,
            moves: int,
            *,
            start: Any = (),
            deadline: float | None = None,
            **_measure: Any,
        ) -> Any:
            return repair(rng, moves, start=start, measure=measure, deadline=deadline)

        setattr(sampler, "_repair", one)  # noqa: B010 (a method replaced on the instance)
        return sampler._first(rng)

    return schedule


SCHEDULES: dict[str, Callable[[tc.Sampler, random.Random], object]] = {
    "luby": luby,
    **{measure: one_measure(measure) for measure in sampling._MEASURES},
    "doubling": doubling,
}


class _Cap(Exception):
    pass


def _cap(signum: int, frame: FrameType | None) -> None:
    raise _Cap


def time_view(task: tuple[PlayerView, int, int, float, tuple[str, ...]]) -> dict[str, float]:
    """CPU seconds of each of ``names``' first colouring of one view from one
    start (``cap`` when it took longer), in an order rotated by ``turn``."""
    view, start, turn, cap, names = task
    signal.signal(signal.SIGPROF, _cap)
    order = names[turn % len(names) :] + names[: turn % len(names)]
    out = {}
    for name in order:
        sampler = tc.Sampler(view)
        sampler._index()
        began = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, cap)
        try:
            SCHEDULES[name](sampler, random.Random(start))
            out[name] = min(cap, time.process_time() - began)
        except _Cap:
            # the profiling timer also counts the system's time for the
            # process: the process time may fall just short of the cap
            out[name] = cap
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    return out


def prepare_view(task: tuple[PlayerView, int, int]) -> tuple[float, bool]:
    """CPU seconds of ``Sampler.prepare`` of one view from one start with
    a bound of ``effort`` steps, and whether it found a colouring."""
    view, start, effort = task
    sampler = tc.Sampler(view)
    began = time.process_time()
    found = sampler.prepare(random.Random(start), effort=effort)
    return time.process_time() - began, found


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
    parser.add_argument("--games", default="bots", choices=("bots", "hoarders"))
    parser.add_argument("--seeds", default="0-59", help="game seeds, as 0-59,70")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--every", type=int, default=20, help="actions between views")
    parser.add_argument("--starts", type=int, default=2, help="random starts per view")
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds per colouring")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--schedules", default=",".join(SCHEDULES), help=f"of {', '.join(SCHEDULES)}"
    )
    parser.add_argument(
        "--effort", type=int, help="time Sampler.prepare with this bound instead of schedules"
    )
    args = parser.parse_args(argv)
    names = tuple(args.schedules.split(","))
    unknown = [name for name in names if name not in SCHEDULES]
    if unknown:
        parser.error(f"no schedule {', '.join(unknown)}; there are {', '.join(SCHEDULES)}")
    with ProcessPoolExecutor(args.workers) as pool:
        if args.games == "bots":
            games = [(seed, kind) for kind in KINDS for seed in parse_seeds(args.seeds)]
            found = pool.map(
                hard_views,
                *zip(*games, strict=True),
                [args.every] * len(games),
                [args.players] * len(games),
            )
        else:
            played = [
                (seed, variant, players)
                for seed in parse_seeds(args.seeds)
                for variant in tc.available_variants()
                for players in (2, 3, 4)
            ]
            found = pool.map(hoarding_views, *zip(*played, strict=True))
        views = [view for some in found for view in some]
        if args.games == "bots":
            print(f"{len(views)} views whose first run of {sampling._BUDGET} branches fails")
        else:
            print(f"{len(views)} views of games of hoarders, spenders and random players")

        if args.effort is not None:
            starts = range(args.starts)
            bounded = [(view, start, args.effort) for view in views for start in starts]
            prepared = list(pool.map(prepare_view, bounded, chunksize=4))
            given_up = sorted(seconds for seconds, found in prepared if not found)
            print(f"prepare, effort {args.effort:,}: {summary([p[0] for p in prepared])}")
            print(
                f"{len(prepared)} colourings; found {len(prepared) - len(given_up)}, "
                f"given up {len(given_up)}"
                + (f", after {', '.join(f'{t:.1f}' for t in given_up)} s" if given_up else "")
            )
            return

        def tasks() -> Iterator[tuple[PlayerView, int, int, float, tuple[str, ...]]]:
            for k, view in enumerate(views):
                for start in range(args.starts):
                    yield view, start, k + start, args.cap, names

        results = list(pool.map(time_view, tasks(), chunksize=4))
    for name in names:
        print(f"{name:9} {summary([r[name] for r in results])}")
    capped = {name: sum(r[name] >= args.cap for r in results) for name in names}
    print(f"{len(results)} colourings; at the cap of {args.cap:g} s: {capped}")


if __name__ == "__main__":
    main()
