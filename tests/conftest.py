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


def pytest_configure(config: pytest.Config) -> None:
    slow = config.getoption("--slow") or os.environ.get("TRAPPER_SLOW") == "1"
    config.trapper_slow = slow  # type: ignore[attr-defined]
    settings.load_profile("slow" if slow else "default")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.trapper_slow:  # type: ignore[attr-defined]
        return
    skip = pytest.mark.skip(reason="long run: use --slow or TRAPPER_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
