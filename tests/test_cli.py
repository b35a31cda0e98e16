"""The ``trapper`` command line and ``python -m trapper_core``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from trapper_core.cli import main


def test_play_prints_turns_scores_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "2026", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert '[Seed "2026"]' in out
    assert "  1. A: " in out
    assert "Winner: " in out
    assert out.count("payouts") == 3


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "--seed", "5", "--bots", "random"])
    first = capsys.readouterr().out
    main(["play", "--seed", "5", "--bots", "random"])
    assert capsys.readouterr().out == first


def test_variants_lists_the_installed_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("base")
    assert "children" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--variant", "go"], "no variant is called 'go'"),
        (["play", "--players", "7"], "R9"),
        (["play", "--bots", "clever"], "no bot is called 'clever'"),
    ],
)
def test_user_mistakes_give_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--seed", "soon"])
    assert exc.value.code == 2


def test_python_dash_m_runs_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trapper_core", "play", "--seed", "1", "--players", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Winner:" in result.stdout
