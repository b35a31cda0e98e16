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
