"""Issue 12: the AI adapters are extras; the core needs none of them."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_issue12_the_core_install_is_attrs_pluggy_lark() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {re.split(r"[<>=!~ \[]", d)[0] for d in project["dependencies"]}
    assert names == {"attrs", "pluggy", "lark"}
    extras = project["optional-dependencies"]
    assert any(d.startswith("open-spiel") for d in extras["openspiel"])
    assert any(d.startswith("pettingzoo") for d in extras["pettingzoo"])


def test_issue12_importing_the_core_imports_no_framework() -> None:
    code = (
        "import sys, trapper_core, trapper_core.encoding; "
        "print(sorted({'numpy', 'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("trapper_core.openspiel", "pyspiel", "openspiel"),
        ("trapper_core.pettingzoo", "pettingzoo", "pettingzoo"),
    ],
)
def test_issue12_an_adapter_without_its_extra_names_the_extra(
    module: str, missing: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=rf"pip install 'trapper-core\[{extra}\]'"):
        importlib.import_module(module)
