"""How the ISMCTS bot fares against the greedy bot.

Four-player games, two ISMCTS seats and two greedy seats, alternating
(ISMCTS in seats 0 and 2 in even games, 1 and 3 in odd games), with a fixed
iteration budget per decision. Prints, per variant, the share of games an
ISMCTS seat wins (a shared win counts), each side's mean score, the seconds
per game and the ISMCTS iterations per second (process CPU time).

    python benchmarks/bots.py --games 200 --iterations 100 --variants base,children,tactical

Every game is seeded (game ``i`` of a run uses seed ``seed + i``), so a run
is repeatable; ``--out`` appends one JSON line per game, to resume or merge
runs made in parallel; ``--table FILE`` prints the table of such a file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
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
    )


def table(rows: list[Result]) -> str:
    """The summary table of ``rows`` (one per game), per variant."""
    lines = [
        "| variant | games | ISMCTS seats win | greedy seats win | mean score ISMCTS / greedy "
        "| s per game | iterations per s |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for variant in dict.fromkeys(r.variant for r in rows):
        mine = [r for r in rows if r.variant == variant]
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
    parser.add_argument("--iterations", type=int, default=100, help="per decision")
    parser.add_argument("--rollout", type=int, default=6, help="greedy decisions per rollout")
    parser.add_argument("--variants", default="base,children,tactical")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--out", type=Path, help="append one JSON line per game here")
    parser.add_argument("--table", type=Path, help="only print the table of a run's --out file")
    args = parser.parse_args(argv)
    if args.table is not None:
        print(summarize(args.table))
        return 0
    rows = []
    for variant in args.variants.split(","):
        for i in range(args.games):
            row = play_one(variant, args.seed + i, args.iterations, args.rollout)
            rows.append(row)
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(attrs.asdict(row)) + "\n")
            print(
                f"{variant} game {i + 1}/{args.games}: ISMCTS "
                f"{'won' if row.ismcts_won else 'lost'} ({row.seconds:.1f} s)",
                file=sys.stderr,
                flush=True,
            )
    print(table(rows))
    return 0


def summarize(path: Path) -> str:
    """The table of the games a run (or several) appended to ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return table([Result(**json.loads(line)) for line in lines if line.strip()])


if __name__ == "__main__":
    raise SystemExit(main())
