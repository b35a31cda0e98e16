"""How the ISMCTS bot fares against the greedy bot.

Four-player games, two ISMCTS seats and two greedy seats, alternating
(ISMCTS in seats 0 and 2 in even games, 1 and 3 in odd games), with a fixed
iteration budget per decision. Prints, per variant, the share of games an
ISMCTS seat wins (a shared win counts), each side's mean score, the seconds
per game and the ISMCTS iterations per second (process CPU time).

    python benchmarks/bots.py --games 200 --iterations 100 --variants base,children,tactical

Every game is seeded (game ``i`` of a run uses seed ``seed + i``), so a run
is repeatable. ``--jobs N`` plays the games in N processes (each game's
seconds are the CPU time of the process that played it). ``--out`` appends
one JSON line per game as it ends, and a run given the same file plays only
the games it lacks, so an interrupted run is finished by running it again,
and slices of seeds (``--seed``, ``--games``) run apart go into one file;
``--table FILE`` prints the table of such a file.

    python benchmarks/bots.py --games 200 --iterations 100 --jobs 2 --out bots.jsonl
    python benchmarks/bots.py --table bots.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs

import trapper_core as tc


@attrs.frozen
class Result:
    """One game of the table."""

    variant: str
    seed: int
    ismcts_seats: list[int]
    ismcts_won: bool
    greedy_won: bool
    ismcts_score: float
    greedy_score: float
    seconds: float
    iterations: int
    actions: int
    budget: int = 0
    """Iterations per decision (0 in files written before it was recorded)."""
    rollout: int = 0
    """Greedy decisions per rollout (0 likewise)."""


def play_one(variant: str, seed: int, iterations: int, rollout: int) -> Result:
    """Plays one game and returns what the table needs of it."""
    game = tc.new_game(variant, 4, seed=seed)
    search = set(range(seed % 2, 4, 2))
    bots: list[tc.Bot] = []
    ismcts: list[tc.ISMCTSBot] = []
    for seat in range(4):
        if seat in search:
            bot = tc.ISMCTSBot(seed * 10 + seat, iterations=iterations, rollout=rollout)
            ismcts.append(bot)
            bots.append(bot)
        else:
            bots.append(tc.GreedyBot(seed * 10 + seat))
    start = time.process_time()
    tc.play(game, bots)
    seconds = time.process_time() - start
    winners = game.winners()
    scores = game.scores()
    return Result(
        variant=variant,
        seed=seed,
        ismcts_seats=sorted(search),
        ismcts_won=any(w in search for w in winners),
        greedy_won=any(w not in search for w in winners),
        ismcts_score=sum(scores[s] for s in search) / 2,
        greedy_score=sum(scores[s] for s in range(4) if s not in search) / 2,
        seconds=seconds,
        iterations=sum(b.searched for b in ismcts),
        actions=len(game.history),
        budget=iterations,
        rollout=rollout,
    )


def _play(task: tuple[str, int, int, int]) -> Result:
    return play_one(*task)


def play_all(tasks: list[tuple[str, int, int, int]], jobs: int) -> Iterator[Result]:
    """Plays the games of ``tasks`` (variant, seed, iterations, rollout), in
    ``jobs`` processes when more than one, yielding each game as it ends."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_play, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs, maxtasksperchild=20) as pool:
        yield from pool.imap_unordered(_play, tasks)


def table(rows: list[Result]) -> str:
    """The summary table of ``rows`` (one per game), per variant."""
    lines = [
        "| variant | games | ISMCTS seats win | greedy seats win | mean score ISMCTS / greedy "
        "| s per game | iterations per s |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for variant in dict.fromkeys(r.variant for r in rows):
        mine = [r for r in rows if r.variant == variant]
        budgets = {(r.budget, r.rollout) for r in mine}
        if len(budgets) > 1:
            raise ValueError(
                f"the {variant} games were played with different budgets "
                f"(iterations, rollout): {sorted(budgets)}; tabulate them apart"
            )
        n = len(mine)
        won = sum(r.ismcts_won for r in mine)
        lost = sum(r.greedy_won for r in mine)
        mean_i = sum(r.ismcts_score for r in mine) / n
        mean_g = sum(r.greedy_score for r in mine) / n
        seconds = sum(r.seconds for r in mine)
        iterations = sum(r.iterations for r in mine)
        lines.append(
            f"| {variant} | {n} | {won / n:.0%} | {lost / n:.0%} | {mean_i:.1f} / {mean_g:.1f} "
            f"| {seconds / n:.1f} | {iterations / seconds:.0f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per variant")
    parser.add_argument(
        "--iterations", type=int, default=100, help="per decision (100, as ISMCTSBot)"
    )
    parser.add_argument("--rollout", type=int, default=6, help="greedy decisions per rollout")
    parser.add_argument("--variants", default="base,children,tactical")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes that play games")
    parser.add_argument("--out", type=Path, help="append one JSON line per game here")
    parser.add_argument("--table", type=Path, help="only print the table of a run's --out file")
    args = parser.parse_args(argv)
    if args.table is not None:
        print(summarize(args.table))
        return 0
    if args.jobs < 1:
        parser.error(f"--jobs is a number of processes, at least 1, not {args.jobs}")
    variants = args.variants.split(",")
    done: list[Result] = []
    if args.out is not None and args.out.exists():
        done = [
            r
            for r in read(args.out)
            if r.variant in variants
            and r.budget == args.iterations
            and r.rollout == args.rollout
            and args.seed <= r.seed < args.seed + args.games
        ]
    have = {(r.variant, r.seed) for r in done}
    tasks = [  # seed by seed, the variants in turn: a run cut short has some of each
        (variant, args.seed + i, args.iterations, args.rollout)
        for i in range(args.games)
        for variant in variants
        if (variant, args.seed + i) not in have
    ]
    if done:
        print(f"{len(done)} games already in {args.out}, {len(tasks)} to play", file=sys.stderr)
    rows = list(done)
    total = len(done) + len(tasks)
    for row in play_all(tasks, args.jobs):
        rows.append(row)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(attrs.asdict(row)) + "\n")
        print(
            f"{row.variant} seed {row.seed} ({len(rows)}/{total}): "
            f"ISMCTS {'won' if row.ismcts_won else 'lost'} ({row.seconds:.1f} s)",
            file=sys.stderr,
            flush=True,
        )
    rows.sort(key=lambda r: (variants.index(r.variant), r.seed))
    print(table(rows))
    return 0


def read(path: Path) -> list[Result]:
    """The games a run (or several) appended to ``path``; a game that two runs
    both played (same variant, seed and budget) counts once."""
    lines = path.read_text(encoding="utf-8").splitlines()
    games: dict[tuple[str, int, int, int], Result] = {}
    for line in lines:
        if line.strip():
            row = Result(**json.loads(line))
            games.setdefault((row.variant, row.seed, row.budget, row.rollout), row)
    return list(games.values())


def summarize(path: Path) -> str:
    """The table of the games a run (or several) appended to ``path``."""
    return table(read(path))


if __name__ == "__main__":
    raise SystemExit(main())
