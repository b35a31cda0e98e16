"""Issue 12, section 2: the ISMCTS table's benchmark (benchmarks/bots.py)
resumes a run from its file and tabulates one budget at a time (its figures
are benchmarks, never timed here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks import bots


def test_issue12_bots_benchmark_resumes_from_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    options = ["--iterations", "2", "--rollout", "1", "--variants", "children", "--out", str(out)]
    assert bots.main(["--games", "1", *options]) == 0
    first = out.read_text(encoding="utf-8").splitlines()
    assert len(first) == 1
    assert bots.main(["--games", "2", *options]) == 0  # plays seed 1 only
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == first[0]
    assert [json.loads(line)["seed"] for line in lines] == [0, 1]
    assert {json.loads(line)["budget"] for line in lines} == {2}
    capsys.readouterr()
    assert bots.main(["--table", str(out)]) == 0
    assert "| children | 2 |" in capsys.readouterr().out


def test_issue12_bots_benchmark_does_not_mix_budgets(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    for budget in ("1", "2"):
        options = ["--iterations", budget, "--rollout", "1", "--variants", "children"]
        bots.main(["--games", "1", *options, "--out", str(out)])
    with pytest.raises(ValueError, match="different budgets"):
        bots.summarize(out)


def test_issue12_bots_benchmark_counts_a_game_played_twice_once(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    options = ["--iterations", "1", "--rollout", "1", "--variants", "children"]
    bots.main(["--games", "1", *options, "--out", str(out)])
    line = out.read_text(encoding="utf-8")
    out.write_text(line + line, encoding="utf-8")  # two runs that both played seed 0
    assert len(bots.read(out)) == 1
    assert "| children | 1 |" in bots.summarize(out)
