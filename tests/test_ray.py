"""Simulations on a Ray cluster (issue 13, target 6), against one local Ray
instance of two CPUs for the whole module. Skipped without the ``ray`` extra."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import BrokenExecutor, wait
from pathlib import Path
from typing import Any

import pytest

import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main
from trapper_core.simulation import results

from .helpers import as_at_a_terminal

ray: Any = pytest.importorskip("ray")

from trapper_core.ray import RayExecutor  # noqa: E402  (after the skip)


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


def test_issue13_ray_gives_what_one_process_gives() -> None:
    options: dict[str, Any] = {"bots": ["greedy", "random"], "seed": 12, "record": notation.dumps}
    inline = list(results("tactical", 3, 8, **options))
    with RayExecutor() as cluster:
        assert cluster.workers == 2
        assert list(results("tactical", 3, 8, executor=cluster, batch=3, **options)) == inline
        assert list(results("tactical", 3, 8, executor=cluster, batch=1, ahead=2, **options)) == (
            inline
        )
        summary = tc.simulate("tactical", 3, 8, executor=cluster, bots=["greedy", "random"])
    assert summary == tc.simulate("tactical", 3, 8, bots=["greedy", "random"])
    # The executor used the instance it found, and left it running.
    assert ray.is_initialized()


def test_issue13_trapper_simulate_ray_prints_and_writes_the_same(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    command = ["simulate", "--games", "12", "--players", "2", "--seed", "3"]
    assert main([*command, "--workers", "1", "--out", str(tmp_path / "one.trn")]) == 0
    one = capsys.readouterr()
    assert main([*command, "--ray", "--out", str(tmp_path / "ray.trn")]) == 0
    on_ray = capsys.readouterr()
    assert on_ray.out == one.out
    assert "12/12" in on_ray.err
    assert (tmp_path / "ray.trn").read_bytes() == (tmp_path / "one.trn").read_bytes()


def test_issue13_ray_runs_any_function_that_pickles() -> None:
    with RayExecutor() as cluster:
        assert cluster.submit(divmod, 7, 2).result() == (3, 1)
        assert cluster.submit(tc.make_bot, "random", seed=4).result().name == "random"


def test_issue13_a_task_that_fails_on_ray_fails_the_simulation() -> None:
    with RayExecutor() as cluster:
        future = cluster.submit(tc.new_game, "chess", 2)
        with pytest.raises(tc.UnknownVariantError):
            future.result()


def test_issue13_a_shut_executor_takes_no_task() -> None:
    cluster = RayExecutor()
    cluster.shutdown()
    with pytest.raises(RuntimeError, match="after shutdown"):
        cluster.submit(tc.new_game, "base", 2)


@pytest.mark.parametrize("address", ["foo", "http://x", "host:", ":6379", "host:70000", 5])
def test_issue13_an_address_ray_does_not_take_is_refused_before_ray_sees_it(
    address: object,
) -> None:
    with pytest.raises(tc.SetupError, match="address takes a cluster's address"):
        RayExecutor(address)  # type: ignore[arg-type]


def test_issue13_options_ray_would_ignore_are_refused() -> None:
    """Ray is initialised (the module's instance): a second start's options
    would be ignored without a word."""
    for options in ({"num_cpus": 3}, {"address": "auto"}, {"namespace": "x"}):
        with pytest.raises(tc.SetupError, match="already initialised in this process"):
            RayExecutor(**options)


def test_issue13_an_address_where_no_cluster_answers_is_one_line(tmp_path: Path) -> None:
    """Ray itself waits for ever at an address where nothing answers; a
    ``ray://`` address without Ray Client installed fails on Ray's refusal."""
    with socket.socket() as sock:  # a port that nothing listens on, once closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    run = _trapper("simulate", "--games", "2", "--ray", f"127.0.0.1:{port}", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == (
        f"trapper: error: RayExecutor: no Ray cluster answers at '127.0.0.1:{port}': "
        "Connection refused\n"
    )


def test_issue13_ray_without_an_address_starts_its_own_instance_of_workers_cpus(
    tmp_path: Path,
) -> None:
    """Another instance runs on the machine (the module's): ``--ray`` joined
    it, and ``--workers`` made Ray fail; the note that caps --workers at the
    cores is for process pools, not Ray."""
    argv = ["simulate", "--games", "6", "--players", "2", "--seed", "5"]
    run = _trapper(*argv, "--ray", "--workers", "3", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "note: --workers" not in run.stderr
    assert run.stdout == _trapper(*argv, "--workers", "1", cwd=tmp_path).stdout


def test_issue13_a_task_raises_what_it_raised_with_its_traceback() -> None:
    """Not Ray's RayTaskError: the task's own exception, its notes, and the
    task's traceback as text in its cause, as a process pool gives it."""

    class Failing(tc.RandomBot):  # local: Ray sends it by value
        name = "failing"

        def choose(self, view: tc.PlayerView) -> tc.Action:
            raise RuntimeError("a bug in the bot")

    with RayExecutor() as cluster, pytest.raises(RuntimeError) as info:
        list(results("base", 2, 4, bots=[Failing, "random"], executor=cluster, batch=2))
    error = info.value
    assert type(error) is RuntimeError
    assert str(error) == "a bug in the bot"
    assert re.fullmatch(
        r"in simulate\(\): game [01] \(from 0; seed [01]\), a decision of seat [01] "
        r"\([AB]; bot failing\)",
        error.__notes__[0],
    )
    remote = error.__cause__.tb  # type: ignore[union-attr]
    assert "in _play_one" in remote
    assert "in choose" in remote
    assert "\x1b[" not in remote  # no terminal colours


def test_issue13_a_task_whose_worker_dies_breaks_the_executor() -> None:
    with RayExecutor() as cluster:
        future = cluster.submit(os._exit, 3)
        with pytest.raises(BrokenExecutor, match=r"^Ray could not run a task: "):
            future.result(timeout=120)
        assert cluster.submit(divmod, 7, 2).result() == (3, 1)  # the others go on


def test_issue13_cancelling_a_future_cancels_its_task() -> None:
    """A future of Ray's own only stopped waiting: closing a simulation's
    results early left every batch in its window to run. (Ray stops a task
    not yet started for sure; one running, at its best.)"""
    with RayExecutor() as cluster:
        running = [cluster.submit(time.sleep, 20) for _ in range(2)]  # the two CPUs
        time.sleep(2)
        queued = cluster.submit(time.sleep, 20)  # waits for a CPU
        futures = [*running, queued]
        assert all(f.cancel() for f in futures)
        assert all(f.cancel() for f in futures)  # again: still cancelled, as a stdlib future
        # Done for those who wait, as a pool's cancelled futures are.
        assert wait(futures, timeout=30).not_done == set()
        assert all(future.cancelled() for future in futures)
        with pytest.raises(ray.exceptions.TaskCancelledError):
            ray.get(queued._ref, timeout=60)  # type: ignore[attr-defined]


def test_issue13_a_task_cancelled_through_ray_cancels_its_future() -> None:
    with RayExecutor() as cluster:
        futures = [cluster.submit(time.sleep, 20) for _ in range(3)]
        ray.cancel(futures[2]._ref)  # type: ignore[attr-defined]  # one waiting for a CPU
        assert wait([futures[2]], timeout=60).done == {futures[2]}
        assert futures[2].cancelled()
        for future in futures[:2]:
            future.cancel()


def test_issue13_sigterm_stops_a_ray_run_as_it_stops_a_pool(tmp_path: Path) -> None:
    """ray.init put its own handler in place of SIGTERM's: the run ended
    with status 15, no note, and Ray's stack dump."""
    out = tmp_path / "k.trn"
    argv = ["simulate", "--games", "2000", "--players", "2", "--ray", "--workers", "2"]
    child = subprocess.Popen(
        [sys.executable, "-m", "trapper_core", *argv, "--out", str(out)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_at_a_terminal(),
    )
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.2)
        child.send_signal(signal.SIGTERM)
        stdout, stderr = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 143, stderr
    assert stdout == ""  # no summary
    assert re.search(
        rf"trapper: note: ended by SIGTERM: {re.escape(str(out))} is incomplete", stderr
    )
    assert notation.loads(out.read_text())  # whole games


def _trapper(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trapper_core", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )
