from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "slow", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help="run the long tests and many more property examples (also TRAPPER_SLOW=1)",
    )


def _slow(config: pytest.Config) -> bool:
    return bool(config.getoption("--slow")) or os.environ.get("TRAPPER_SLOW") == "1"


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The whole suite, and the long run, spread their tests over every core
    (pytest-xdist's ``-n auto``, idle workers taking tests from busy ones);
    tests named on the command line (a file, a test, a folder) run in one
    process, where starting the workers would cost more than they save.
    ``-n`` given decides (``-n 0``: one process), and without pytest-xdist
    or under ``--pdb`` every run is one process. Runs before xdist's own
    hook, which turns ``auto`` into the number of cores."""
    if "PYTEST_XDIST_WORKER" in os.environ:
        return  # a worker's arguments are the run's: it runs its tests itself
    if not config.pluginmanager.hasplugin("xdist") or config.getoption("usepdb", False):
        return
    if config.option.numprocesses is not None or config.option.dist != "no":
        return
    whole = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    if _slow(config) or whole:
        config.option.numprocesses = "auto"
        config.option.dist = "worksteal"


def pytest_configure(config: pytest.Config) -> None:
    slow = _slow(config)
    config.trapper_slow = slow  # type: ignore[attr-defined]
    settings.load_profile("slow" if slow else "default")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.trapper_slow:  # type: ignore[attr-defined]
        return
    skip = pytest.mark.skip(reason="long run: use --slow or TRAPPER_SLOW=1")
    for item in items:
        # The marker, not the keyword: a test's keywords hold the names of
        # the folders above it too, and a checkout in a folder called "slow"
        # skipped every test.
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
