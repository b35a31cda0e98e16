"""The project as a whole: the distribution (its version, what its sdist
holds) and the test run (the short run skips by the ``slow`` marker).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import trapper_core as tc

ROOT = Path(__file__).resolve().parent.parent


def test_review_s57_the_version_is_the_distributions() -> None:
    """The version stands in pyproject.toml and in ``__version__``: nothing
    checked that they agree."""
    metadata = pytest.importorskip("importlib.metadata")
    try:
        installed = metadata.version("trapper-core")
    except metadata.PackageNotFoundError:
        pytest.skip("trapper-core is not installed (the tests run from the source tree)")
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert tc.__version__ == installed == project["project"]["version"]


def test_review_s57_the_sdist_holds_what_its_tests_read() -> None:
    """The sdist held the tests but not ``.ci/run``, which a test reads, nor
    a license text for the MIT license it declares."""
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    included = project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert {".ci", "LICENSE", "tests"} <= set(included)
    assert project["project"]["license-files"] == ["LICENSE"]
    assert (Path(__file__).parent.parent / "LICENSE").read_text().startswith("MIT License")


def test_a_checkout_in_a_folder_called_slow_runs_its_tests(tmp_path: Path) -> None:
    """The short run skipped the tests whose keywords held "slow", and a
    test's keywords hold the names of the folders above it: a checkout in a
    folder called ``slow`` skipped every test (the long run's mutation
    tests then saw every mutant pass)."""
    checkout = tmp_path / "slow"
    checkout.mkdir()
    (checkout / "tests").symlink_to(ROOT / "tests")
    (checkout / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    paths = [*(ROOT / part for part in ("src", "notation", "plugins")), ROOT]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TRAPPER_"))}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "tests/test_turn.py",
            "-k",
            "R14",
        ],
        cwd=checkout,
        env={**env, "PYTHONPATH": os.pathsep.join(map(str, paths))},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert re.search(r"^\d+ passed, \d+ deselected", run.stdout.splitlines()[-1]), run.stdout
    assert "skipped" not in run.stdout.splitlines()[-1]


#: The modules of the AI extras (``openspiel``, ``pettingzoo``: NumPy comes
#: with them) whose tests skip where they are not installed, and the step of
#: ``.ci/run`` that installs them.
_AI_EXTRAS = ("numpy", "pettingzoo", "pyspiel", "gymnasium")
_AI_STEP = "== the AI extras: OpenSpiel and PettingZoo adapters"


def _needing(path: Path, modules: tuple[str, ...]) -> list[str]:
    """The tests of ``path`` that skip without one of ``modules``: the file
    (``tests/test_x.py``) when a skip at its top covers every test, else
    each test's id (``tests/test_x.py::test_y``)."""
    import ast

    def skips(node: ast.AST) -> bool:
        return any(
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "importorskip"
            and call.args
            and isinstance(call.args[0], ast.Constant)
            and call.args[0].value in modules
            for call in ast.walk(node)
        )

    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = f"tests/{path.name}"
    top = [node for node in tree.body if not isinstance(node, ast.FunctionDef | ast.ClassDef)]
    if any(skips(node) for node in top):
        return [name]
    return [
        f"{name}::{node.name}"
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and skips(node)
    ]


def test_ci_runs_every_test_that_needs_the_ai_extras_where_they_are_installed() -> None:
    """The README's test command installs no extra: a test that skips
    without NumPy or PettingZoo ran nowhere in CI unless the step that
    installs them names it (seven did not)."""
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    step = text.split(f'echo "{_AI_STEP}"', 1)[1].split('\necho "==', 1)[0]
    named = re.findall(r"tests/\w+\.py(?:::\w+)?", step)
    unrun = [
        test
        for path in sorted((ROOT / "tests").glob("test_*.py"))
        for test in _needing(path, _AI_EXTRAS)
        if not any(test == run or test.startswith(run + "::") for run in named)
    ]
    assert unrun == [], f"name these in the step {_AI_STEP!r} of .ci/run"
