"""Simulations on a Ray cluster (issue 13, target 6), against one local Ray
instance of two CPUs for the whole module. Skipped without the ``ray`` extra."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main
from trapper_core.simulation import results

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
