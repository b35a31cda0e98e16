"""Issue 13: the engine's benchmark sides count work and measure memory
(benchmarks/engine.py; its figures are benchmarks, never timed here)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

pytest.importorskip("chess")

from benchmarks import engine
from benchmarks import notation as notation_bench


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


@pytest.mark.parametrize("figure", ["bot", "apply-undo", "floor"])
def test_issue13_instruction_subjects_count_their_work(
    figure: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The programs that --instructions --figure runs under valgrind: the
    # measured run counts its decisions (or pairs), the start-only run none.
    try:
        engine._figure_only("base", 1, figure, play=True)
        played = int(capsys.readouterr().out.split()[0])
        engine._figure_only("base", 1, figure, play=False)
        started = int(capsys.readouterr().out.split()[0])
    finally:
        gc.enable()  # the subjects count with the collector off
    assert played > 0
    assert started == 0


@pytest.mark.parametrize("side", ["trapper", "chess"])
def test_issue10_notation_instruction_subjects_count_their_work(
    side: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The program that benchmarks/notation.py --instructions runs under
    # valgrind: the counted pass prints its moves (plies), the warm-up alone 0.
    text, moves = notation_bench.trapper_file(3)
    if side == "chess":
        text = notation_bench.chess_file(3, moves)
    path = tmp_path / "games.txt"
    path.write_text(text, encoding="utf-8")
    try:
        notation_bench._subject(side, str(path), True)
        counted = int(capsys.readouterr().out.split()[0])
        notation_bench._subject(side, str(path), False)
        warmed = int(capsys.readouterr().out.split()[0])
    finally:
        gc.enable()
    assert counted == (moves if side == "trapper" else notation_bench.chess_replay(text))
    assert counted > 0
    assert warmed == 0


def test_the_floor_stand_in_leaves_each_position_as_it_was() -> None:
    """The floor's apply + undo change what a step changes and put it all
    back: each position is the same game after every pair."""
    stepped = 0
    for game in engine._mid_games(6, 40):
        before = game.copy()
        floor = engine._Floor(game)
        steps = [a for a in game.legal_actions() if hasattr(a, "square")]
        stepped += len(steps)
        for step in steps:
            floor.apply(step)
            assert game.state.board != before.state.board
            floor.undo()
            assert game == before
    assert stepped
