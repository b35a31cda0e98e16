"""Seeded bot games of every variant, with every invariant checked after every action.

The checks: the core's and the variant's invariants, every legal action's
text and its near misses (``check_action``), the view of the seat to move
after every action, of another seat in turn every fourth action and of
every seat at the end, the dict form at the end, and the same seed playing
the same game again.

    python benchmarks/playouts.py                 # 1,000 random + 1,000 greedy games per variant
    python benchmarks/playouts.py --games 100 --no-check   # raw speed

Players cycle through 2, 3 and 4; game ``i`` of a run uses seed ``i``, and the
bots of seat ``s`` seed ``i * 10 + s``, so every run plays the same games.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from trapper_core.invariants import check_action, check_invariants, check_view


@attrs.frozen
class Report:
    variant: str
    bot: str
    games: int
    finished: int
    actions: int
    seconds: float
    mean_winning_score: float

    def line(self) -> str:
        return (
            f"{self.variant:10} {self.bot:7} {self.finished:5}/{self.games:<5} finished  "
            f"{self.actions / max(self.games, 1):7.1f} actions/game  "
            f"{self.seconds:7.1f} s  {self.games / self.seconds:8.1f} games/s  "
            f"winner scores {self.mean_winning_score:5.1f} on average"
        )


def run(
    variant: str,
    bot: str,
    *,
    games: int,
    check: bool,
    max_actions: int = 5_000,
    workers: int = 1,
) -> Report:
    """Plays ``games`` seeded games and returns what happened.

    ``workers`` > 1 plays them in that many processes (the long test run uses
    every core); every game depends on its seeds only, so the report is the
    same whatever the number of workers, but for ``seconds``."""
    start = time.perf_counter()
    numbers = range(games)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            play = functools.partial(_play, variant, bot, check, max_actions)
            results = list(pool.map(play, numbers, chunksize=max(1, games // (workers * 8))))
    else:
        results = [_play(variant, bot, check, max_actions, i) for i in numbers]
    finished = sum(1 for over, _, _ in results if over)
    actions = sum(count for _, count, _ in results)
    winning = sum(best for _, _, best in results)
    return Report(
        variant, bot, games, finished, actions, time.perf_counter() - start, winning / games
    )


def _play(variant: str, bot: str, check: bool, max_actions: int, i: int) -> tuple[bool, int, int]:
    """Plays game ``i`` of a run: whether it finished, its actions, its best score."""
    players = 2 + i % 3
    game = tc.new_game(variant, players, seed=i)
    bots = [tc.make_bot(bot, i * 10 + s) for s in range(players)]
    for count in range(max_actions):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if check:
            check_invariants(game)
            check_action(game)
            check_view(game, view)
            # What the seats not to move see, too: one of them every fourth
            # action, in turn (every seat's view every action doubled the
            # slow suite's time).
            if count % 4 == 0:
                check_view(game, game.view((seat + 1 + count // 4 % (players - 1)) % players))
        game.apply(bots[seat].choose(view))
    if check:
        check_invariants(game)
        for other in range(players):
            check_view(game, game.view(other))
        assert tc.Game.from_dict(game.to_dict()) == game
        # The same seed plays the same game again.
        again = tc.play(
            tc.new_game(variant, players, seed=i),
            [tc.make_bot(bot, i * 10 + s) for s in range(players)],
            max_actions=len(game.history),
        )
        assert again.history == game.history, f"seed {i}: another game from the same seed"
    best = max(game.scores()) if game.is_over else 0
    return game.is_over, len(game.history), best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--variants", default=",".join(tc.available_variants()))
    parser.add_argument("--bots", default="random,greedy")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes to play in (default 1; 0: every core)"
    )
    args = parser.parse_args(argv)
    ok = True
    for variant in args.variants.split(","):
        for bot in args.bots.split(","):
            workers = args.workers or os.cpu_count() or 1
            report = run(variant, bot, games=args.games, check=not args.no_check, workers=workers)
            print(report.line(), flush=True)
            ok &= report.finished == report.games
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
