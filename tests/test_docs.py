"""The documentation: its code runs and its tables match the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trapper_base as tb
import trapper_core as tc

ROOT = Path(__file__).resolve().parent.parent
PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


def python_blocks(path: Path) -> list[str]:
    """The page's Python examples, with included files (``--8<-- "path"``) in place."""
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.DOTALL)
    return [
        re.sub(r'--8<-- "([^"]+)"', lambda m: (ROOT / m.group(1)).read_text(), block)
        for block in blocks
    ]


@pytest.fixture
def riverbank_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs' examples as a reader would run them: in the repository, with
    the example variant installed."""
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "riverbank"))
    import trapper_riverbank

    monkeypatch.setattr(tc.plugins, "_default", tc.Registry([trapper_riverbank]))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
@pytest.mark.usefixtures("riverbank_installed")
def test_every_python_example_runs(page: Path) -> None:
    namespace: dict[str, object] = {"__name__": "docs_example"}  # shared by a page's blocks
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), namespace)


def test_D1_table_in_the_docs_is_the_engines() -> None:
    text = (ROOT / "docs" / "rules.md").read_text()
    table = text[text.index("| Mink |") : text.index("Tile sets are data")]
    documented = re.findall(r"`([A-Z]+\d[nesw])`", table)
    assert documented == [t.code for t in tb.standard_tile_set().tiles]


def test_every_decision_in_the_docs_is_cited_by_a_test() -> None:
    decisions = set(re.findall(r"\*\*(D\d+) ", (ROOT / "docs" / "rules.md").read_text()))
    assert decisions == {"D12", "D13", "D14", "D15", "D16"}
    tests = "".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py"))
    for decision in decisions:
        assert f"test_{decision}_" in tests, decision


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.*?)\n```", readme)
    assert len(commands) == 2
    assert commands[1] in (ROOT / ".ci" / "run").read_text()
