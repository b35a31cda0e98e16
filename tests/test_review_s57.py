"""What the seventh round of fresh reviews found (December 2026), pinned.

Each test below names what a reviewer, or a point left open by an earlier
round, found, and fails on the code before the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trapper_core.cli import main

_TWO_PASSES = '[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Setup "?"]\n\n1. Ann: pass 2. Bob: pass\n'


def test_review_s57_show_names_the_game_of_a_syntax_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``show --game 2`` of a file whose second game cannot be read said the
    line and column but not the game, which ``replay`` says."""
    path = tmp_path / "two games.trn"
    path.write_text(_TWO_PASSES + "\n" + _TWO_PASSES.replace("2. Bob", ") 2. Bob"))
    assert main(["show", str(path), "--game", "2"]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith(f"trapper: error: {path}: game 2, line 11, column 14: unexpected ')'")
    assert main(["replay", str(path)]) == 1
    assert f"{path}: game 2, line 11, column 14: unexpected ')'" in capsys.readouterr().out
