"""Simulations on one core or many (issue 13, target 5): ``trapper_core.simulate``
and ``trapper simulate --workers``. The results do not depend on what ran the
games, on the batches or on the window of batches in flight."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from concurrent.futures.process import BrokenProcessPool
from itertools import accumulate
from pathlib import Path
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main
from trapper_core.simulation import Batch, GameResult, play_batch, results, seat_names, simulate

ROOT = Path(__file__).resolve().parent.parent


def _all(executor: Executor | None = None, **options: Any) -> list[GameResult]:
    """Nine games of three players, with their records."""
    return list(
        results(
            "base",
            3,
            9,
            bots=["random", "greedy"],
            seed=40,
            record=notation.dumps,
            executor=executor,
            **options,
        )
    )


def test_issue13_a_game_is_fixed_by_its_number() -> None:
    # Game n: seed + n, the bots rotated by n, seat s's bot seeded (seed + n) * 10 + s.
    got = _all()
    assert [r.number for r in got] == list(range(9))
    for result in (got[0], got[4]):
        seed = 40 + result.number
        kinds = [("random", "greedy")[(s + result.number) % 2] for s in range(3)]
        game = tc.play(
            tc.new_game("base", seat_names(kinds), seed=seed),
            [tc.make_bot(k, seed * 10 + s) for s, k in enumerate(kinds)],
        )
        assert game.players == ("random-1", "greedy", "random-2")  # named after their bots
        assert result.seed == seed
        assert result.bots == tuple(kinds)
        assert result.scores == game.scores()
        assert result.winners == game.winners()
        assert result.actions == len(game.history)
        assert result.turns == game.state.turns
        assert result.record == notation.dumps(game)


def test_issue13_batches_and_windows_change_nothing() -> None:
    inline = _all()
    assert _all(batch=1) == inline
    assert _all(batch=4) == inline
    with ThreadPoolExecutor(3) as pool:
        assert _all(pool, batch=1, ahead=1) == inline
        assert _all(pool, batch=2, ahead=2) == inline
        assert _all(pool) == inline


def test_issue13_a_process_pool_gives_the_same_results() -> None:
    inline = tc.simulate("children", 2, 12, bots=["greedy", "random"], seed=3)
    with ProcessPoolExecutor(2) as pool:
        pooled = tc.simulate(
            "children", 2, 12, bots=["greedy", "random"], seed=3, executor=pool, batch=2
        )
        records = _all(pool, batch=2)
    assert pooled == inline
    assert records == _all()
    assert inline.games == 12
    assert sum(t.seats for t in inline.bots.values()) == 24
    assert sum(t.wins for t in inline.bots.values()) == pytest.approx(12)


def test_issue13_the_summary_adds_up_the_games() -> None:
    seen: list[GameResult] = []
    summary = tc.simulate("base", 2, 5, bots=["random"], seed=1, on_game=seen.append)
    assert [r.number for r in seen] == [0, 1, 2, 3, 4]
    assert all(r.record is None for r in seen)
    (tally,) = summary.bots.values()
    assert tally.seats == 10
    assert tally.money == sum(sum(r.scores) for r in seen)
    assert tally.wins == pytest.approx(5)
    assert summary.actions == sum(r.actions for r in seen)
    assert summary.mean_turns == sum(r.turns for r in seen) / 5


def test_issue13_a_batch_pickles_small_and_plays_alone() -> None:
    import pickle

    batch = Batch("base", 2, ("greedy",), 7, 3, 2, notation.dumps)
    assert len(pickle.dumps(batch)) < 300
    played = play_batch(pickle.loads(pickle.dumps(batch)))
    assert [r.number for r in played] == [3, 4]
    assert [r.seed for r in played] == [10, 11]
    assert pickle.loads(pickle.dumps(played)) == played


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bots": ["random", "clever"]}, "no bot is called 'clever'"),
        ({"bots": "random"}, "a list of bot names"),
        ({"bots": []}, "at least one bot name"),
        ({"games": 0}, "games takes a number of at least 1, not 0"),
        ({"batch": 0}, "batch takes a number of at least 1, not 0"),
        ({"ahead": -1}, "ahead takes a number of at least 1, not -1"),
        ({"max_actions": 0}, "max_actions takes a number of at least 1, not 0"),
        ({"max_actions": True}, "max_actions takes a number of at least 1, not True"),
        ({"variant": "chess"}, "chess"),
        ({"players": 9}, "9"),
    ],
)
def test_issue13_bad_simulations_are_refused(options: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"variant": "base", "players": 2, "games": 2, **options}
    with pytest.raises(tc.TrapperError, match=message):
        tc.simulate(**arguments)  # type: ignore[arg-type]


def test_issue13_workers_give_what_one_process_gives(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    printed = []
    for workers in ("1", "2"):
        out = tmp_path / f"{workers}.trn"
        command = ["simulate", "--games", "10", "--players", "3", "--seed", "8"]
        assert main([*command, "--workers", workers, "--out", str(out)]) == 0
        printed.append(capsys.readouterr())
    assert printed[0].out == printed[1].out
    assert "10 games of base, 3 players, seeds 8–17" in printed[1].out
    assert "10/10" in printed[1].err
    assert (tmp_path / "1.trn").read_bytes() == (tmp_path / "2.trn").read_bytes()
    records = notation.loads((tmp_path / "2.trn").read_text())
    assert [r.tag("Seed") for r in records] == [str(s) for s in range(8, 18)]


@pytest.mark.parametrize("option", ["--workers", "--batch"])
def test_issue13_bad_workers_and_batches_are_refused(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    assert main(["simulate", "--games", "2", option, "0"]) == 2
    assert f"{option} takes a number of at least 1, not 0" in capsys.readouterr().err


def test_issue13_the_batch_size_changes_nothing_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    printed = []
    for batch in ("1", "7"):
        assert main(["simulate", "--games", "9", "--players", "2", "--batch", batch]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1]


def test_issue13_ray_without_the_extra_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    monkeypatch.delitem(sys.modules, "trapper_core.ray", raising=False)
    assert main(["simulate", "--games", "2", "--ray"]) == 2
    assert "pip install 'trapper-core[ray]'" in capsys.readouterr().err
    with pytest.raises(ImportError, match=r"the 'ray' extra"):
        import trapper_core.ray  # noqa: F401


def test_simulate_on_a_ray_cluster_refuses_workers_by_the_command_lines_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A cluster's CPUs are its own: --workers with a cluster's address is
    refused in the command line's words, before Ray is asked (installed or not)."""
    assert main(["simulate", "--games", "2", "--ray", "auto", "--workers", "2"]) == 2
    assert capsys.readouterr().err == (
        "trapper: error: --workers is the CPUs of a local Ray instance; the cluster at "
        "'auto' has its own: give --ray without an address, or leave out --workers\n"
    )


def test_issue13_a_stream_left_early_sends_no_more_and_cancels_the_rest() -> None:
    class Lazy(Future[Any]):
        """A task that runs only when its result is asked for: nothing
        finishes behind the test's back."""

        def __init__(self, work: Callable[[], Any]) -> None:
            super().__init__()
            self.work = work

        def result(self, timeout: float | None = None) -> Any:
            if not self.done():
                self.set_result(self.work())
            return super().result(timeout)

    submitted: list[Lazy] = []

    class Recording(Executor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            submitted.append(Lazy(lambda: fn(*args, **kwargs)))
            return submitted[-1]

    stream = results("base", 2, 40, bots=["random"], executor=Recording(), batch=1, ahead=3)
    assert next(stream).number == 0
    assert len(submitted) == 3  # the window, not the 40 batches
    assert next(stream).number == 1
    assert len(submitted) == 4
    stream.close()
    assert len(submitted) == 4
    assert [f.cancelled() for f in submitted] == [False, False, True, True]


@pytest.mark.parametrize(
    ("pool", "error", "cancelled"),
    [
        (True, BrokenProcessPool("a worker died"), False),
        (True, OSError("a disk"), True),
        (False, BrokenExecutor("one task's worker died"), True),
    ],
)
def test_simulate_leaves_a_broken_process_pools_batches_to_the_pool(
    pool: bool, error: Exception, cancelled: bool
) -> None:
    """A process pool broken by a worker that died fails every batch left,
    in its own thread; the simulation cancelled them as well, and on Python
    3.11 the pool's thread met a cancelled batch as it failed them
    (InvalidStateError) and ended without its workers. Those batches are
    the pool's to fail; after any other error, or an executor's
    BrokenExecutor for one task (Ray's, whose other tasks go on), the
    simulation cancels them."""
    submitted: list[Future[Any]] = []

    def sent() -> Future[Any]:
        """Fails the first batch, with ``error``, as the third is sent."""
        submitted.append(Future())
        if len(submitted) == 3:
            submitted[0].set_exception(error)
        return submitted[-1]

    class Breaking(Executor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            return sent()

    class BreakingPool(ProcessPoolExecutor):  # starts no process: submit is its own
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            return sent()

    executor = BreakingPool(1) if pool else Breaking()
    with pytest.raises(type(error)):
        tc.simulate("base", 2, 40, bots=["random"], executor=executor, batch=1, ahead=3)
    assert [f.cancelled() for f in submitted] == [False, cancelled, cancelled]


def test_simulate_refuses_a_seed_range_that_passes_2_64_before_playing() -> None:
    # Game n has the seed seed + n: the last of three games from 2**64 - 2 would
    # need 2**64. Nothing is played, nothing reported.
    played: list[GameResult] = []
    message = "3 games take the seeds 18446744073709551614 to 18446744073709551616"
    with pytest.raises(tc.SetupError, match=message):
        tc.simulate("base", 2, 3, bots=["random"], seed=2**64 - 2, on_game=played.append)
    assert played == []
    with pytest.raises(tc.SetupError, match="below 2\\*\\*64"):
        results("base", 2, 3, bots=["random"], seed=2**64 - 2)  # at the call, not the first game
    # The largest range that fits is played.
    summary = tc.simulate("base", 2, 2, bots=["random"], seed=2**64 - 2)
    assert summary.games == 2


def test_simulate_on_the_command_line_refuses_a_seed_range_before_writing_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "sim.trn"
    command = ["simulate", "--games", "3", "--seed", str(2**64 - 2), "--workers", "1"]
    assert main([*command, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "seeds 18446744073709551614 to 18446744073709551616" in err
    assert err.count("\n") == 1
    assert not out.exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seed": "x"}, "seed takes a whole number from 0 to 2\\*\\*64 - 1, not 'x'"),
        ({"seed": -1}, "seed takes a whole number .*, not -1"),
        ({"seed": True}, "seed takes a whole number .*, not True"),
        ({"seed": 2**300}, "seed takes a whole number .*, not a whole number of 301 bits"),
        ({"record": 1}, "record takes a function of a game to text, not 1"),
        ({"on_game": 1}, "on_game takes a function of a result, not 1"),
        ({"executor": 1}, "executor takes a concurrent.futures.Executor .*not 1"),
        ({"games": True}, "games takes a number of at least 1, not True"),
        ({"batch": True}, "batch takes a number of at least 1, not True"),
        ({"bots": 5}, "bots takes a list of bot names, not 5"),
        ({"bots": [["random"]]}, "or bots of your own .*, not \\['random'\\]"),
        ({"bots": ["x" * 1000]}, "no bot is called 'xxx.*…;"),
        ({"players": ["Ann", "Bob"]}, "players takes a number of seats"),
    ],
)
def test_simulate_refuses_bad_seeds_callbacks_executors_and_flags_before_playing(
    options: dict[str, object], message: str
) -> None:
    played: list[GameResult] = []
    arguments: dict[str, object] = {
        "variant": "base",
        "players": 2,
        "games": 2,
        "bots": ["random"],
        "on_game": played.append,
        **options,
    }
    with pytest.raises(tc.SetupError, match=message):
        tc.simulate(**arguments)  # type: ignore[arg-type]
    assert played == []


def test_simulate_with_no_seed_picks_one_as_new_game_does_and_reports_it() -> None:
    summary = tc.simulate("base", 2, 2, bots=["random"], seed=None)
    assert 0 <= summary.seed < 2**53
    assert tc.simulate("base", 2, 2, bots=["random"], seed=summary.seed) == summary
    (first, *_) = results("base", 2, 2, bots=["random"], seed=None)
    assert 0 <= first.seed < 2**53


@pytest.mark.parametrize("made", [5, None, b"[Variant]"])
def test_simulate_refuses_a_record_function_that_gives_no_text(made: object) -> None:
    # The record function runs after each game (in a worker, with an
    # executor): what it gives must be a record's text, or --out would
    # write something no reader reads; the error names the game.
    with pytest.raises(tc.SetupError, match=r"record makes the text .* for game 0 \(seed 4\)"):
        tc.simulate("base", 2, 1, bots=["random"], seed=4, record=lambda game: made)  # type: ignore[arg-type,return-value]


def test_issue13_batches_cover_every_game_once_in_order_shrinking_at_the_end() -> None:
    from trapper_core.simulation import batches

    for games, workers in [(1, 1), (7, 2), (400, 2), (1000, 8), (25, 4)]:
        plan = list(batches(games, workers))
        assert [first for first, _ in plan] == [0, *accumulate(c for _, c in plan[:-1])]
        assert sum(count for _, count in plan) == games
        counts = [count for _, count in plan]
        assert counts == sorted(counts, reverse=True)  # the small ones last
        assert max(counts) <= 25
    assert list(batches(10, 2, batch=4)) == [(0, 4), (4, 4), (8, 2)]  # a size given is kept
    assert [c for _, c in batches(400, 2)][-4:] == [1, 1, 1, 1]


class CautiousBot(tc.GreedyBot):
    """A bot of a test's own: the greedy bot under another name."""

    name = "cautious"


def test_simulate_plays_bots_of_the_callers_own_tallied_by_their_name() -> None:
    """A bot class (any callable of a seed with a name) plays as the named
    bots do, seeded the same way, in this process and in a pool."""
    inline = tc.simulate("base", 2, 6, bots=[CautiousBot, "random"], seed=4)
    assert set(inline.bots) == {"cautious", "random"}
    greedy = tc.simulate("base", 2, 6, bots=["greedy", "random"], seed=4)
    assert inline.bots["cautious"] == greedy.bots["greedy"]  # the same play, seed for seed
    with ProcessPoolExecutor(2) as pool:
        assert tc.simulate("base", 2, 6, bots=[CautiousBot, "random"], seed=4, executor=pool) == (
            inline
        )


class PassingBot:
    """A bot of a test's own that passes whenever it may (D20: a game of
    passes need not end), retiring never."""

    name = "passer"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: tc.PlayerView) -> tc.Action:
        return tb.PASS if tb.PASS in view.legal_actions else view.legal_actions[0]


def test_D20_simulate_cuts_games_at_max_actions_and_tallies_them_apart() -> None:
    # Nothing in the rules ends a game of passes (D20): a bot that passes for
    # ever makes games that never end, which max_actions cuts short.
    stalled = list(results("base", 2, 2, bots=[PassingBot, "greedy"], seed=1, max_actions=300))
    assert [(r.finished, r.actions, r.winners) for r in stalled] == [(False, 300, ())] * 2
    # A limit that some games of greedy and random bots reach and others
    # do not: the unfinished ones are kept out of the bots' tallies, the
    # finished ones tallied as ever.
    arguments: dict[str, Any] = {"bots": ["greedy", "random"], "seed": 1, "max_actions": 105}
    cut = list(results("base", 2, 8, **arguments))
    finished = [r for r in cut if r.finished]
    assert 0 < len(finished) < len(cut)
    assert all(r.actions == 105 and r.winners == () for r in cut if not r.finished)
    free = list(results("base", 2, 8, bots=["greedy", "random"], seed=1))
    assert finished == [r for r in free if r.actions <= 105]  # the same games, to the end
    summary = tc.simulate("base", 2, 8, **arguments)
    assert (summary.games, summary.unfinished) == (8, len(cut) - len(finished))
    assert summary.actions == sum(r.actions for r in cut)
    assert sum(tally.seats for tally in summary.bots.values()) == 2 * len(finished)
    assert sum(tally.wins for tally in summary.bots.values()) == pytest.approx(len(finished))
    # The same with a pool, records and all: an unfinished game's record
    # reads back as a game still going.
    with ThreadPoolExecutor(2) as pool:
        pooled = list(
            results("base", 2, 8, **arguments, executor=pool, batch=1, record=notation.dumps)
        )
    assert [attrs.evolve(r, record=None) for r in pooled] == cut
    unfinished = next(r for r in pooled if not r.finished)
    assert not notation.loads(unfinished.record or "")[0].replay().is_over
    assert tc.simulate("base", 2, 8, bots=["greedy", "random"], seed=1).unfinished == 0


def test_D20_play_and_simulate_on_the_command_line_stop_at_max_actions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = f"{__name__}:PassingBot,greedy"
    assert (
        main(["play", "--players", "2", "--seed", "1", "--bots", bots, "--max-actions", "40"]) == 0
    )
    out = capsys.readouterr().out
    assert "(left unfinished after 40 actions)" in out
    assert "The game was left unfinished." in out
    assert '[Result "*"]' in out
    argv = ["simulate", "--players", "2", "--games", "3", "--workers", "1", "--bots", bots]
    assert main([*argv, "--max-actions", "300"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"unfinished: \d games? left after 300 actions, in no tally above", out)
    assert main([*argv, "--max-actions", "0"]) == 2
    assert "--max-actions takes a number of at least 1, not 0" in capsys.readouterr().err


class FailingBot(tc.RandomBot):
    """A bot of a test's own that fails at its tenth choice."""

    name = "failing"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.chosen = 0

    def choose(self, view: tc.PlayerView) -> tc.Action:
        self.chosen += 1
        if self.chosen == 10:
            raise RuntimeError("a bug in the bot")
        return super().choose(view)


@pytest.mark.parametrize("pooled", [False, True], ids=["inline", "pool"])
def test_simulate_names_the_game_and_bot_of_a_bots_failure(pooled: bool) -> None:
    """A bot's exception came out of simulate with nothing to say which game
    (of thousands) or which seat: a note names the game, its seed and the
    bot, in this process and through a process pool."""
    with (
        ProcessPoolExecutor(2) if pooled else contextlib.nullcontext() as pool,
        pytest.raises(RuntimeError, match="a bug in the bot") as info,
    ):
        tc.simulate("base", 2, 4, bots=[FailingBot, "random"], seed=7, executor=pool)
    notes = info.value.__notes__
    assert len(notes) == 1
    assert re.fullmatch(
        r"in simulate\(\): game ([0-3]) \(from 0; seed (7|8|9|10)\), a decision of seat "
        r"([01]) \(([AB]); bot failing\)",
        notes[0],
    )


class LateFailingBot(tc.RandomBot):
    """A bot of a test's own that fails in the game of seed 12 (game 5 of
    seeds from 7)."""

    name = "late-failing"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.failing = seed is not None and seed // 10 == 12  # bot_seed(12, seat)

    def choose(self, view: tc.PlayerView) -> tc.Action:
        if self.failing:
            raise RuntimeError("a bug in the bot")
        return super().choose(view)


def test_simulate_in_one_process_keeps_every_game_finished_before_a_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In one process the games came back a batch at a time: a bot failing
    in game 5 of a batch of 25 lost the four games before it from --out."""
    out = tmp_path / "s.trn"
    bots = f"{__name__}:LateFailingBot,random"
    argv = ["simulate", "--players", "2", "--games", "20", "--seed", "7", "--workers", "1"]
    assert main([*argv, "--bots", bots, "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"trapper: note: {out} is incomplete, it holds the first 5 of the 20 games" in err
    assert [r.tag("Seed") for r in notation.loads(out.read_text())] == ["7", "8", "9", "10", "11"]


class DyingBot(tc.RandomBot):
    """A bot whose process dies (killed, out of memory) in the game of seed 60."""

    name = "dying"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.dying = seed is not None and seed // 10 == 60

    def choose(self, view: tc.PlayerView) -> tc.Action:
        if self.dying:
            os._exit(9)
        return super().choose(view)


_DYING = f"{__name__}:DyingBot,random"


def test_simulate_ends_when_a_worker_process_dies(tmp_path: Path) -> None:
    """A pool's worker killed by the system: one line and status 2, the
    file of whole games. The command waited for ever on the other worker,
    which waited to send results that no one read (a batch of records
    larger than a pipe holds)."""
    out = tmp_path / "d.trn"
    argv = ["simulate", "--games", "400", "--players", "4", "--workers", "2"]
    run = subprocess.run(
        [sys.executable, "-m", "trapper_core", *argv, "--out", str(out), "--bots", _DYING],
        cwd=Path(__file__).parent.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 2
    lines = [line for line in run.stderr.splitlines() if not line.startswith("[")]
    assert lines[-1] == (
        "trapper: error: the games stopped: BrokenProcessPool: A process in the process pool "
        "was terminated abruptly while the future was running or pending."
    )
    # The file is opened when the first game comes back: none may have.
    held = notation.loads(out.read_text()) if out.exists() else []
    if held:
        assert lines[-2] == (
            f"trapper: note: {out} is incomplete, it holds the first {len(held)} of the 400 "
            f"games; the rest are the same command with --first {len(held)} "
            f"--games {400 - len(held)} --append"
        )
    assert len(held) < 60
    assert len(lines) == 1 + bool(held)  # nothing else: no thread's traceback


def test_simulate_refuses_bots_of_ones_own_it_cannot_tally_or_send() -> None:
    class Nameless:
        def __init__(self, seed: int) -> None:
            pass

    class Local(tc.GreedyBot):
        name = "local"

    class Greedy(tc.RandomBot):
        name = "greedy"

    refusals: list[tuple[list[Any], str]] = [
        ([Nameless], "has no name: give it a `name`, a string"),
        ([42], "not 42"),
        ([Greedy, "greedy"], "two different bots are called 'greedy'"),
    ]
    for bots, message in refusals:
        with pytest.raises(tc.SetupError, match=re.escape(message)):
            tc.simulate("base", 2, 2, bots=bots)
    with (
        ProcessPoolExecutor(1) as pool,
        pytest.raises(
            tc.SetupError, match="the bot 'local' must pickle to run in the pool's other processes"
        ),
    ):
        tc.simulate("base", 2, 2, bots=[Local], executor=pool)


def test_simulate_refuses_a_bot_maker_that_takes_no_seed() -> None:
    """A bot class whose ``__init__`` takes no seed raised a bare TypeError
    from the first game's seats (and ``trapper play`` printed its
    traceback): it is a SetupError that says how a bot is made. A maker
    that takes a seed and raises TypeError itself keeps its own error."""

    class Seedless(tc.RandomBot):
        name = "seedless"

        def __init__(self) -> None:
            super().__init__(0)

    class Broken(tc.RandomBot):
        name = "broken"

        def __init__(self, seed: int | None = None) -> None:
            raise TypeError("the bot's own mistake")

    with pytest.raises(tc.SetupError) as refused:
        tc.simulate("base", 2, 2, bots=[Seedless, "random"])  # type: ignore[list-item]
    assert str(refused.value).startswith("simulate: the bot maker 'seedless' (")
    assert str(refused.value).endswith(
        ") takes no seed: a bot of your own is made with one argument, its seed "
        "(`def __init__(self, seed=None)`)"
    )
    with pytest.raises(TypeError, match="the bot's own mistake"):
        tc.simulate("base", 2, 2, bots=[Broken])


def test_simulate_refuses_a_bot_whose_name_a_process_pool_drops() -> None:
    """A ``functools.partial`` with a ``name`` pickles whole, but a process
    pool's pickler sends it without its attributes: the workers failed on a
    bare AttributeError at the first game. It is refused at the call; in
    this process (no executor) it plays."""
    import functools

    quick = functools.partial(tc.GreedyBot, hand_limit=8)
    quick.name = "greedy-8"  # type: ignore[attr-defined]
    inline = tc.simulate("base", 2, 2, bots=[quick, "random"], seed=3)  # type: ignore[list-item]
    assert set(inline.bots) == {"greedy-8", "random"}
    with (
        ProcessPoolExecutor(1) as pool,
        pytest.raises(
            tc.SetupError,
            match="the bot 'greedy-8' reaches the pool's other processes without its name",
        ),
    ):
        tc.simulate("base", 2, 2, bots=[quick, "random"], seed=3, executor=pool)  # type: ignore[list-item]


def test_a_built_in_bot_given_by_its_class_and_its_name_is_one_bot() -> None:
    """``RandomBot`` and ``"random"`` make the same bot under the same name:
    they were refused as two different bots called 'random'. They play
    and are tallied as one."""
    both = tc.simulate("base", 2, 4, bots=[tc.RandomBot, "random"], seed=9)
    named = tc.simulate("base", 2, 4, bots=["random", "random"], seed=9)
    assert both == named
    assert set(both.bots) == {"random"}


@pytest.mark.parametrize(
    ("workers", "games", "processes", "note"),
    [
        ("500", "2", 2, False),
        ("100000", "9", 3, True),
        (None, "2", 2, False),
        ("3", "9", 3, False),
    ],
)
def test_simulate_starts_no_more_processes_than_games_or_cores(
    workers: str | None,
    games: str,
    processes: int,
    note: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--workers 500 for 2 games started 500 processes (and 100000 hung):
    the pool is capped at the games and at the cores, the latter with a note."""
    import concurrent.futures

    from trapper_core import cli, simulation

    started: list[int] = []

    def counted(workers: int) -> concurrent.futures.Executor:
        started.append(workers)
        return concurrent.futures.ThreadPoolExecutor(workers)  # threads: nothing to start

    monkeypatch.setattr(cli, "_pool", counted)
    monkeypatch.setattr(simulation, "cores", lambda: 3)
    command = ["simulate", "--games", games, "--players", "2", "--bots", "random"]
    assert main([*command, *(["--workers", workers] if workers else [])]) == 0
    assert started == [processes]
    err = capsys.readouterr().err
    assert ("trapper: note: --workers" in err) is note
    if note:
        assert f"--workers {workers} is more than the cores this process may run on (3)" in err


@pytest.mark.parametrize("where", ["between games", "halfway through a game's record"])
def test_simulate_interrupted_says_how_many_games_its_out_file_holds(
    where: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C during ``simulate --out``: exit 130, a note that the file is
    incomplete and how many games it holds, and only whole games in it."""
    from trapper_core import cli

    if where == "between games":  # as the third game's progress is shown

        def progress(done: int, total: int) -> None:
            if done == 3:
                raise KeyboardInterrupt

        monkeypatch.setattr(cli, "_progress", progress)
    else:
        writes = 0
        write_all = cli._write_all

        def half_written(file: Any, data: bytes) -> int:
            nonlocal writes
            writes += 1
            if writes == 4:
                file.write(data[: len(data) // 2])
                raise KeyboardInterrupt
            return write_all(file, data)

        monkeypatch.setattr(cli, "_write_all", half_written)
    out = tmp_path / "s.trn"
    command = ["simulate", "--games", "10", "--players", "2", "--workers", "1"]
    assert main([*command, "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert f"trapper: note: interrupted: {out} is incomplete, it holds the first 3 " in err
    errors: list[Exception] = []
    assert len(notation.loads(out.read_text(), errors=errors)) == 3
    assert errors == []


def test_simulate_refuses_more_bots_than_seats_as_the_command_line_does() -> None:
    """Five bots for four seats were rotated through the games, some left
    out of each; the command line refused them. Both refuse them now."""
    with pytest.raises(tc.SetupError, match="simulate: bots names 5 bots for 4 seats"):
        tc.simulate("base", 4, 2, bots=["greedy", "random", "random", "random", "random"])
    assert tc.simulate("base", 4, 2, bots=["greedy", "random"], seed=1).games == 2


def test_simulate_refuses_a_bot_maker_that_makes_no_bot_before_playing() -> None:
    """A named maker that makes no bot failed in the first game with an
    AttributeError (in a worker, with an executor); so does a Batch of it."""

    def nobot(seed: int) -> object:
        return None

    nobot.name = "nobot"  # type: ignore[attr-defined]
    played: list[GameResult] = []
    message = r"the bot maker 'nobot' made None with the seed 40, not a bot"
    with pytest.raises(tc.SetupError, match=message):
        tc.simulate("base", 2, 2, bots=[nobot], seed=4, on_game=played.append)  # type: ignore[list-item]
    assert played == []
    batch = Batch("base", 2, (nobot,), 4, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match=message):
        play_batch(batch)


def test_simulate_refuses_an_executor_class_or_one_shut_down_before_playing() -> None:
    """The class (not a pool) failed with an AttributeError in submit, and a
    pool shut down with a bare RuntimeError."""
    with pytest.raises(tc.SetupError, match=r"not the class .*ThreadPoolExecutor\(\) as pool"):
        tc.simulate("base", 2, 2, bots=["random"], executor=ThreadPoolExecutor)  # type: ignore[arg-type]
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    refused = r"the executor takes no task \(RuntimeError: cannot schedule"
    with pytest.raises(tc.SetupError, match=refused):
        tc.simulate("base", 2, 2, bots=["random"], executor=pool)
    with pytest.raises(tc.SetupError, match=r"the executor takes no task"):
        next(results("base", 2, 2, bots=["random"], executor=pool))


def test_a_batch_refuses_more_bots_than_seats_as_simulate_does() -> None:
    with pytest.raises(tc.SetupError, match="Batch: bots names 3 bots for 2 seats"):
        Batch("base", 2, ("greedy", "random", "random"), 1, 0, 1)


class _Quiet:
    """A variant given to a Registry in code, not installed: the base game
    under another name."""

    @tc.hookimpl
    def trapper_variants(self) -> list[tc.VariantSpec]:
        return [tc.VariantSpec("quiet", plugins=(), extends="base")]


def test_simulate_plays_a_variant_of_a_registry_of_ones_own() -> None:
    """simulate() took no registry=, so a variant being written could be
    checked by the conformance kit but not simulated before it was
    installed. With the registry, the games (the built-in bots' too, which
    look the rules up) are those of the same variant installed: here, the
    base game's under another name."""
    registry = tc.Registry([_Quiet()])
    own = tc.simulate("quiet", 3, 6, bots=["greedy", "random"], registry=registry)
    assert own.variant == "quiet"
    base = tc.simulate("base", 3, 6, bots=["greedy", "random"])
    assert (own.bots, own.actions, own.turn_order) == (base.bots, base.actions, base.turn_order)
    with ThreadPoolExecutor(2) as pool:
        threads = tc.simulate(
            "quiet",
            3,
            6,
            bots=["greedy", "random"],
            registry=registry,
            executor=pool,
            batch=2,
        )
    assert threads == own
    records = [r.record for r in results("quiet", 2, 2, registry=registry, record=notation.dumps)]
    assert all(record is not None and '[Variant "quiet"]' in record for record in records)


def test_simulate_refuses_a_registry_of_ones_own_with_a_process_pool() -> None:
    """A Registry holds its plugins and does not pickle: each batch would
    fail in the pool; refused at the call, saying what works."""
    registry = tc.Registry([_Quiet()])
    with (
        ProcessPoolExecutor(1) as pool,
        pytest.raises(tc.SetupError, match=r"stays in this process.*ThreadPoolExecutor"),
    ):
        tc.simulate("quiet", 2, 2, registry=registry, executor=pool)
    with pytest.raises(tc.SetupError, match="Registry"):
        tc.simulate("base", 2, 2, registry="installed")  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="Registry"):
        Batch("base", 2, ("random",), 1, 0, 1, registry=object())  # type: ignore[arg-type]


def test_make_bot_gives_the_bots_that_ask_the_rules_a_registry() -> None:
    registry = tc.Registry([_Quiet()])
    game = tc.new_game("quiet", 2, seed=3, registry=registry)
    for name in tc.BOTS:
        bot = tc.make_bot(name, 1, registry=registry)
        assert game.is_legal(bot.choose(game.view(0)))
    with pytest.raises(tc.UnknownVariantError):
        tc.make_bot("greedy", 1).choose(game.view(0))  # the installed variants: no 'quiet'
    with pytest.raises(tc.SetupError, match="Registry"):
        tc.make_bot("random", 1, registry="quiet")  # type: ignore[arg-type]


def test_simulating_a_variant_given_to_a_registry_in_code_says_to_pass_it() -> None:
    """Without the registry, the variant is unknown, and the error says how
    simulate finds one given to a Registry in code."""
    with pytest.raises(tc.UnknownVariantError) as info:
        tc.simulate("quiet", 2, 2)
    assert "no variant is called 'quiet'" in str(info.value)
    assert "passing registry=" in str(info.value)


def test_simulated_games_name_their_players_after_their_bots() -> None:
    """The records of a simulation named the seats A, B, …: which bot sat
    where was in GameResult.bots alone. The players are the bots, numbered
    where a bot sits in more than one seat."""
    assert seat_names(["greedy", "random", "greedy", "random"]) == (
        "greedy-1",
        "random-1",
        "greedy-2",
        "random-2",
    )
    assert seat_names(["ismcts", CautiousBot, "random"]) == ("ismcts", "cautious", "random")

    class Greedy1(tc.RandomBot):
        name = "greedy-1"

    assert seat_names([Greedy1, "greedy", "greedy"]) == ("A", "B", "C")  # numbers would clash
    (result,) = results("base", 4, 1, bots=["greedy", "random"], seed=3, record=notation.dumps)
    assert result.record is not None
    record = notation.loads(result.record)[0]
    assert record.players == ("greedy-1", "random-1", "greedy-2", "random-2")
    assert "1. greedy-1: " in result.record or "1. random-1: " in result.record


@pytest.mark.parametrize("name", ["", " ", "two\nlines"], ids=repr)
def test_simulate_refuses_a_bot_whose_name_names_no_player(name: str) -> None:
    class Odd(tc.RandomBot):
        pass

    Odd.name = name
    with pytest.raises(tc.SetupError, match="bot"):
        tc.simulate("base", 2, 1, bots=[Odd, "random"])


def test_review_s55_no_two_seats_of_any_simulated_games_share_a_bot_seed() -> None:
    """Seat ``s`` of game seed ``g`` had the bot seed ``g * 10 + s``: in a
    variant of more than ten players, seat 10 of one game had the seed of
    seat 0 of the next. The first ten seats keep their seeds (every game
    simulated before plays alike)."""
    from trapper_core.simulation import bot_seed

    assert [bot_seed(7, s) for s in range(10)] == list(range(70, 80))
    seeds = [bot_seed(g, s) for g in range(40) for s in range(tc.MAX_PLAYERS)]
    assert len(set(seeds)) == len(seeds)
    top = 2**64 - 1  # the highest game seed (MAX_SEED - 1): its ten seats stay below the others
    assert bot_seed(top, 9) < bot_seed(0, 10)


def test_a_pool_broken_by_a_bot_its_workers_cannot_find_says_why(tmp_path: Path) -> None:
    """A bot class defined under ``if __name__ == "__main__":`` pickles in
    the parent but is not found by a spawned worker, which dies: the
    BrokenProcessPool says what makes a worker die, this among it."""
    script = tmp_path / "study.py"
    script.write_text(
        "import concurrent.futures, multiprocessing\n"
        "import trapper_core as tc\n"
        "if __name__ == '__main__':\n"
        "    class Local(tc.GreedyBot):\n"
        "        name = 'local'\n"
        "    context = multiprocessing.get_context('spawn')\n"
        "    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:\n"
        "        try:\n"
        "            tc.simulate('base', 2, 2, bots=[Local], executor=pool)\n"
        "        except Exception as exc:\n"
        "            print(type(exc).__name__, *getattr(exc, '__notes__', []))\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert run.stdout.startswith("BrokenProcessPool simulate: a worker process died"), run
    assert (
        "'if __name__ == \"__main__\":', or in a notebook or an interactive session, is not found"
        in run.stdout
    )


def test_summary_tallies_the_order_of_play_and_the_ties_from_the_records() -> None:
    """Whether the start player wins too often: ``Summary.turn_order`` is
    each place in the order of play, from the start player on, and
    ``Summary.ties`` the games shared; both recomputed here from the records
    (their setups' start player, their final scores), sixty children's games
    of which two are shared. (The built-in variants' start player is seat
    A: a start player elsewhere, whose order of play turns the seats, is
    the next test's.)"""
    kept: list[GameResult] = []
    summary = tc.simulate(
        "children", 3, 60, bots=["random"], seed=0, record=notation.dumps, on_game=kept.append
    )
    order = [tc.simulation.BotTally() for _ in range(3)]
    ties = 0
    for result in kept:
        assert result.record is not None
        game = notation.loads(result.record)[0].replay()
        start = game.setup.start_player
        assert result.start_player == start
        scores, winners = game.scores(), game.winners()
        ties += len(winners) > 1
        for seat in range(3):
            place = order[(seat - start) % 3]
            place.seats += 1
            place.money += scores[seat]
            place.wins += 1 / len(winners) if seat in winners else 0
    assert summary.turn_order == order
    assert summary.ties == ties == 2
    # Every seat is in one place of the order and one bot's tally.
    bots = summary.bots["random"]
    assert sum(t.seats for t in summary.turn_order) == bots.seats == 180
    assert sum(t.money for t in summary.turn_order) == bots.money
    assert sum(t.wins for t in summary.turn_order) == pytest.approx(bots.wins)


def test_summary_counts_a_shared_win_as_a_tie_and_a_fraction() -> None:
    result = GameResult(
        number=0, seed=0, bots=("a", "b", "a"), scores=(5, 5, 1), winners=(0, 1), actions=9,
        turns=3, start_player=2,
    )  # fmt: skip
    summary = tc.simulation.Summary("base", 3, 0)
    summary.add(result)
    assert summary.ties == 1
    assert summary.bots["a"] == tc.simulation.BotTally(seats=2, wins=0.5, money=6)
    assert summary.bots["b"] == tc.simulation.BotTally(seats=1, wins=0.5, money=5)
    # Seat 2 began: seat 0 is second in the order of play, seat 1 third.
    assert [(t.wins, t.money) for t in summary.turn_order] == [(0, 1), (0.5, 5), (0.5, 5)]


def test_a_run_in_two_parts_with_first_is_the_whole_run() -> None:
    """``first`` plays games from that number on, with the seeds and seats
    the whole run gives them: a run stopped after k games goes on with
    ``first=k`` (the bots rotate by the game's number, so a second run from
    game 0 with the seed moved on by k seats them otherwise, unless k is a
    multiple of the bots)."""
    whole = _all()
    head = list(results("base", 3, 4, bots=["random", "greedy"], seed=40, record=notation.dumps))
    tail = list(
        results("base", 3, 5, bots=["random", "greedy"], seed=40, record=notation.dumps, first=4)
    )
    assert [r.number for r in tail] == [4, 5, 6, 7, 8]
    assert head + tail == whole
    summary = tc.simulate("base", 3, 5, bots=["random", "greedy"], seed=40, first=4)
    assert (summary.seed, summary.first, summary.games) == (40, 4, 5)
    alone = tc.simulation.Summary("base", 3, 40, first=4)
    for result in whole[4:]:
        alone.add(result)
    assert summary == alone
    with pytest.raises(tc.SetupError, match="first takes a number of at least 0, not -1"):
        tc.simulate("base", 3, 5, first=-1)
    with pytest.raises(tc.SetupError, match=r"games 2 to 3 take the seeds \d+ to \d+ "):
        tc.simulate("base", 3, 2, seed=2**64 - 3, first=2)


def test_simulate_first_and_append_on_the_command_line_write_the_whole_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The helper's case: two players, two bots, a first part of an odd
    number of games; the second part, with --first, --append and the
    count left, makes the file of the whole run byte for byte."""
    whole, part = tmp_path / "whole.trn", tmp_path / "part.trn"
    common = ["simulate", "--players", "2", "--workers", "1", "--seed", "5"]
    assert main([*common, "--games", "5", "--out", str(whole)]) == 0
    assert main([*common, "--games", "3", "--out", str(part)]) == 0
    assert main([*common, "--games", "2", "--first", "3", "--out", str(part), "--append"]) == 0
    assert part.read_bytes() == whole.read_bytes()
    out = capsys.readouterr().out
    assert "2 games of base (games 3–4 of the run), 2 players, seeds 8–9" in out
    assert main([*common, "--games", "1", "--first", "2"]) == 0
    assert "1 game of base (game 2 of the run), 2 players, seed 7\n" in capsys.readouterr().out
    assert main([*common, "--first", "-1"]) == 2
    assert "--first takes a game's number, 0 or more, not -1" in capsys.readouterr().err


def test_simulate_table_keeps_its_columns_for_long_bot_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's name longer than the column (``ismcts-quick-search``) widened
    its row only, and the columns after it no longer lined up."""
    (tmp_path / "longnames.py").write_text(
        "import trapper_core as tc\n\n\n"
        "class Long(tc.GreedyBot):\n    name = 'a-greedy-bot-with-a-long-name'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["simulate", "--games", "2", "--players", "3", "--workers", "1"]
    assert main([*argv, "--bots", "longnames:Long,random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = [line for line in lines if line.split()[0] not in ("2", "in", "ties:", "mean")]
    assert len(table) == 1 + 2 + 3  # the header, two bots, three places
    ends = {len(line) for line in table}
    assert len(ends) == 1, table  # every row as long as the header
    assert table[1].startswith("a-greedy-bot-with-a-long-name ")


@pytest.mark.parametrize("append", [False, True])
def test_review_s56_simulate_stopped_before_its_first_game_leaves_out_as_it_was(
    append: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``simulate --out`` emptied the file as it began: Ctrl-C before the
    first game came back left an empty file and the note "it holds the first
    0 of the 200 games". The file is opened when the first game is back."""
    from trapper_core import simulation

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulation, "_summed", interrupted)
    out = tmp_path / "season.trn"
    out.write_text("what the file held\n")
    command = ["simulate", "--games", "200", "--seed", "5", "--out", str(out)]
    assert main(command + (["--append"] if append else [])) == 130
    assert out.read_text() == "what the file held\n"
    err = capsys.readouterr().err
    assert f"interrupted before the first game ended: {out} is as it was" in err


def test_review_s56_simulate_refuses_an_out_it_cannot_write_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out is opened when the first game is back, so whether it can be
    written is asked before any game is played."""
    from trapper_core import simulation

    def played(*args: object, **kwargs: object) -> object:
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulation, "_summed", played)
    assert main(["simulate", "--games", "2", "--out", str(tmp_path)]) == 2
    assert "Is a directory" in capsys.readouterr().err


def test_review_s56_simulate_refuses_an_executor_whose_submit_is_no_executors() -> None:
    class NoFuture:
        def submit(self, *args: object) -> int:
            return 1

    class Wrong:
        def submit(self) -> None:  # takes no task
            return None

    with pytest.raises(tc.SetupError, match=r"returned 1, not a concurrent\.futures\.Future"):
        tc.simulate("base", 2, 2, bots=["random"], executor=NoFuture())  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match=r"takes no task \(TypeError"):
        tc.simulate("base", 2, 2, bots=["random"], executor=Wrong())  # type: ignore[arg-type]


def test_simulated_games_rotate_the_bots_by_the_game_s_number() -> None:
    """ "its seats rotate the bots by n (so no bot keeps the start player's
    seat)": with two bots, every odd game has them the other way round."""
    seats = [r.bots for r in results("base", 2, 4, bots=["greedy", "random"], seed=5)]
    assert seats == [("greedy", "random"), ("random", "greedy")] * 2


def test_results_keeps_four_batches_a_worker_in_flight_by_default() -> None:
    class Lazy(Executor):
        """A pool of two workers that plays a batch when its result is asked."""

        _max_workers = 2
        in_flight = most = 0

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            pool = self
            pool.in_flight += 1
            pool.most = max(pool.most, pool.in_flight)

            class Later(Future[Any]):
                def result(self, timeout: float | None = None) -> Any:
                    if not self.done():
                        self.set_result(fn(*args, **kwargs))
                        pool.in_flight -= 1
                    return super().result(timeout)

            return Later()

    pool = Lazy()
    list(results("base", 2, 20, bots=["random"], seed=0, executor=pool, batch=1))
    assert pool.most == 8


def test_results_checks_its_bots_at_the_call_before_any_game() -> None:
    class NotABot:
        name = "nobot"

        def __init__(self, seed: int) -> None:
            pass

    with pytest.raises(tc.SetupError):
        results("base", 2, 3, bots=[NotABot], seed=0)  # type: ignore[list-item]


def test_results_takes_simulates_arguments_but_on_game_with_the_same_defaults() -> None:
    """Both are checked by one function that takes their parameters by name:
    the two signatures, written out in each, must not drift apart."""
    import inspect

    def kept(function: Callable[..., object]) -> list[tuple[str, object, object]]:
        return [
            (p.name, p.kind, p.default)
            for p in inspect.signature(function).parameters.values()
            if p.name != "on_game"
        ]

    assert kept(results) == kept(simulate)
    assert "on_game" in inspect.signature(simulate).parameters


def test_an_executor_that_took_batches_and_then_refuses_one_is_no_bad_argument() -> None:
    """The executor is found bad when it refuses the first batch; one that
    refuses a later one raises its own error."""

    class Breaks(ThreadPoolExecutor):
        calls = 0

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.calls += 1
            if self.calls == 3:
                raise RuntimeError("cannot schedule new futures after shutdown")
            return super().submit(fn, *args, **kwargs)

    with Breaks(1) as pool, pytest.raises(RuntimeError, match="cannot schedule"):
        simulate("base", 2, 10, bots=["random"], executor=pool, batch=1)


def test_simulate_on_the_command_line_starts_no_more_processes_than_games() -> None:
    from trapper_core.cli import _pool_size

    assert _pool_size(None, 2, 8) == 2
    assert _pool_size(None, 20, 8) == 8


# ``trapper simulate --json`` and ``Summary.to_dict``.


def test_summary_to_dict_holds_every_field_and_each_tallys_rates() -> None:
    summary = tc.simulate("base", players=3, games=4, bots=["random", "greedy"], seed=1, first=2)
    plain = summary.to_dict()
    assert json.loads(json.dumps(plain)) == plain  # plain values only
    for field in ("variant", "players", "seed", "first", "games", "unfinished", "ties"):
        assert plain[field] == getattr(summary, field)
    assert plain["first"] == 2
    assert (plain["actions"], plain["turns"]) == (summary.actions, summary.turns)
    assert (plain["mean_actions"], plain["mean_turns"]) == (
        summary.mean_actions,
        summary.mean_turns,
    )
    assert list(plain["bots"]) == ["greedy", "random"]  # by name
    tallies = [*(summary.bots[name] for name in plain["bots"]), *summary.turn_order]
    written = [*plain["bots"].values(), *plain["turn_order"]]
    assert len(plain["turn_order"]) == 3
    for tally, entry in zip(tallies, written, strict=True):
        assert entry == {
            "seats": tally.seats,
            "wins": tally.wins,
            "money": tally.money,
            "win_rate": tally.win_rate,
            "mean_score": tally.mean_score,
        }


def test_simulate_json_prints_the_summary_of_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "4", "--players", "3", "--bots", "greedy,random"]
    assert main([*argv, "--seed", "1", "--workers", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = tc.simulate("base", players=3, games=4, bots=["greedy", "random"], seed=1)
    assert printed == {**expected.to_dict(), "max_actions": None}
    assert main([*argv, "--seed", "1", "--workers", "1", "--json", "--max-actions", "50"]) == 0
    cut = json.loads(capsys.readouterr().out)
    assert cut["max_actions"] == 50
    assert cut["unfinished"] == cut["games"] == 4  # no game of 50 decisions ends
    assert cut["bots"] == {}


def test_a_summary_made_by_hand_with_numpy_numbers_writes_plain_json() -> None:
    np = pytest.importorskip("numpy")
    from trapper_core.simulation import Summary

    summary = Summary("base", players=np.int64(3), seed=np.int64(1))
    for result in tc.simulation.results("base", 3, 2, bots=["random"], seed=1):
        summary.add(result)
    plain = summary.to_dict()
    assert json.loads(json.dumps(plain)) == plain
    assert type(plain["players"]) is int


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout here")
def test_simulate_json_refuses_an_out_that_is_the_standard_output() -> None:
    """The records and the JSON would share one stream, and neither would
    read: refused before any game is played."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            str(ROOT / part) for part in ("src", "notation", "plugins", ".")
        ),
    }
    argv = ["simulate", "--games", "2", "--json", "--out", "/dev/stdout"]
    done = subprocess.run(
        [sys.executable, "-m", "trapper_core", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "--json prints the summary to the standard output" in done.stderr


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_seat_rows_add_up_to_the_summarys_tallies(variant: str) -> None:
    """A notebook's table of one row a seat: summed by bot and by place in
    the order of play, the rows are the summary's tallies."""
    from trapper_core.simulation import results

    games = list(results(variant, 3, 6, bots=["greedy", "random"], seed=3, max_actions=400))
    summary = tc.simulate(variant, 3, 6, bots=["greedy", "random"], seed=3, max_actions=400)
    rows = [row for result in games for row in result.seat_rows()]
    assert json.loads(json.dumps(rows)) == rows
    for key, tallies in (("bot", summary.bots), ("place", dict(enumerate(summary.turn_order)))):
        for name, tally in tallies.items():
            mine = [r for r in rows if r[key] == name and r["finished"]]
            assert len(mine) == tally.seats
            assert sum(r["score"] for r in mine) == tally.money
            assert sum(r["won"] for r in mine) == pytest.approx(tally.wins)
    assert {r["place"] for r in rows} == {0, 1, 2}
