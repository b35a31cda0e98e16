"""The project as a whole: the distribution (its version, what its sdist
holds) and the test run (the short run skips by the ``slow`` marker).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import trapper_core as tc


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
