"""Issue 13: the engine's benchmark sides count work and measure memory
(benchmarks/engine.py; its figures are benchmarks, never timed here)."""

from __future__ import annotations

import pytest

pytest.importorskip("chess")

from benchmarks import engine


@pytest.mark.parametrize(
    "sides",
    [
        lambda: engine.sides_playout("children", games=1),
        lambda: engine.sides_view_bot("tactical", games=1),
        lambda: engine.sides_apply_undo(positions=2, decisions=10),
        lambda: engine.sides_copy(decisions=10, n=5),
    ],
)
def test_issue13_each_side_counts_its_work(sides: object) -> None:
    ours, theirs = sides()  # type: ignore[operator]
    assert ours() > 0
    assert theirs() > 0


def test_issue13_games_without_undo_hold_less_memory() -> None:
    with_undo = engine.bytes_per_decision("base", games=3)
    without = engine.bytes_per_decision("base", games=3, undo=False)
    assert 0 < without < with_undo


@pytest.mark.parametrize("figure", ["bot", "apply-undo"])
def test_issue13_instruction_subjects_count_their_work(
    figure: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The programs that --instructions --figure runs under valgrind: the
    # measured run counts its decisions (or pairs), the start-only run none.
    engine._figure_only("base", 1, figure, play=True)
    played = int(capsys.readouterr().out.split()[0])
    engine._figure_only("base", 1, figure, play=False)
    started = int(capsys.readouterr().out.split()[0])
    assert played > 0
    assert started == 0
