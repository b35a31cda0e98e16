"""The layering of the packages, beyond what lint-imports checks: the core
implements no rule, and variants use only each other's public names."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("trapper_core", "trapper_base", "trapper_children", "trapper_tactical")
RULE_ID = re.compile(r"\b[RD][0-9]{1,2}\b")


def test_the_core_implements_no_rule() -> None:
    # Rule ids may stand in the hook specifications' docstrings, which say
    # which rules a hook answers; anywhere else in the core they would mean
    # a rule implemented there.
    found = []
    for path in sorted((ROOT / "src" / "trapper_core").glob("*.py")):
        if path.name == "hookspecs.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if RULE_ID.search(line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


#: The core's modules that sit above the notation: they may import it.
_ABOVE_THE_NOTATION = {"cli", "conformance", "notation", "openspiel", "pettingzoo", "__main__"}


def test_the_import_contracts_name_every_module_of_the_core() -> None:
    """A contract listing modules one by one misses a module added later
    (the adapters once stood outside the one that forbids plugins): the
    plugins are forbidden to the whole core, the notation to every module
    below its re-export."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    plugins = {"trapper_base", "trapper_children", "trapper_tactical"}
    assert any(
        c["type"] == "forbidden"
        and c["source_modules"] == ["trapper_core"]
        and set(c["forbidden_modules"]) >= plugins
        for c in contracts
    )
    (notation,) = (
        c
        for c in contracts
        if c["type"] == "forbidden"
        and c["forbidden_modules"] == ["trapper_notation"]
        and c["source_modules"][0].startswith("trapper_core.")
    )
    below = {
        f"trapper_core.{p.stem}"
        for p in (ROOT / "src" / "trapper_core").glob("*.py")
        if p.stem not in _ABOVE_THE_NOTATION and p.stem != "__init__"
    }
    assert set(notation["source_modules"]) == below, (
        "the contract that forbids the notation lists every module of the core below it "
        "(pyproject.toml); a module above it is named in _ABOVE_THE_NOTATION here"
    )


def test_the_core_layers_name_every_module_of_the_core() -> None:
    """import-linter's layers contract holds only the modules it names: a
    module of the core left out of it could import anything. Every module
    but the package's own ``__init__`` and ``__main__`` has its layer."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = (
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c["type"] == "layers" and c.get("containers") == ["trapper_core"]
    )
    named = {module.strip() for layer in layers["layers"] for module in layer.split("|")}
    modules = {
        p.stem
        for p in (ROOT / "src" / "trapper_core").glob("*.py")
        if p.stem not in ("__init__", "__main__")
    }
    assert modules - named == set(), (
        "these modules of the core have no layer in pyproject.toml's contract "
        "'The core's own layers'"
    )
    assert named - modules == set(), "the core's layers contract names modules that do not exist"


def _sources() -> list[Path]:
    paths = sorted((ROOT / "plugins").rglob("*.py"))
    paths += sorted(p for p in (ROOT / "examples").rglob("*.py"))
    return paths


_DOCUMENTED = "".join(
    (ROOT / "docs" / name).read_text(encoding="utf-8") for name in ("api.md", "ai-adapters.md")
)


def _owner(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    return parts[2] if parts[0] == "examples" else parts[1]


def _check_module_imported(module: str, where: str) -> None:
    """A module of another package that a plugin may import: the package
    itself, or a module of the core that the API reference documents."""
    top = module.split(".")[0]
    assert not any(part.startswith("_") for part in module.split(".")), where
    if top != "trapper_core":
        assert module == top, f"{where}: import from {top} itself, not {module}"
    elif module != top:
        # The core's modules a plugin may import from are those the API
        # reference documents as modules (trapper_core.errors is not one).
        assert f"::: {module}\n" in _DOCUMENTED, (
            f"{where}: {module} is not a documented module of trapper_core"
        )


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_plugins_import_only_public_names_of_other_packages(path: Path) -> None:
    """``from package import name`` and ``import package as alias`` alike:
    the names a plugin takes from another package are in its ``__all__``,
    whether imported or reached as ``alias.name``."""
    owner = _owner(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: dict[str, str] = {}  # a name bound by `import` to another package's module
    modules: set[str] = set()  # the modules imported so (`import trapper_core.sampling`)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top == owner or top not in PACKAGES:
                    continue
                _check_module_imported(alias.name, f"{path.name}:{node.lineno}")
                bound[alias.asname or top] = alias.name if alias.asname else top
                modules.add(alias.name)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        # The object the name is taken from, as a dotted path of a bound name.
        parts = []
        inner: ast.expr = node.value
        while isinstance(inner, ast.Attribute):
            parts.append(inner.attr)
            inner = inner.value
        if not isinstance(inner, ast.Name) or inner.id not in bound:
            continue
        module = ".".join([bound[inner.id], *reversed(parts)])
        if f"{module}.{node.attr}" in modules or (parts and module not in modules):
            continue  # a module imported itself, or a name of a name
        where = f"{path.name}:{node.lineno}"
        public = getattr(importlib.import_module(module), "__all__", None)
        assert not node.attr.startswith("_"), f"{where}: {module}.{node.attr} is private"
        if public is not None:
            assert node.attr in public, f"{where}: {node.attr} is not in {module}.__all__"
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            continue
        top = node.module.split(".")[0]
        if top == owner or top not in PACKAGES:
            continue
        where = f"{path.name}:{node.lineno}"
        _check_module_imported(node.module, where)
        public = getattr(importlib.import_module(node.module), "__all__", None)
        for alias in node.names:
            assert not alias.name.startswith("_"), f"{where}: {alias.name} is private"
            if public is not None:
                assert alias.name in public, (
                    f"{where}: {alias.name} is not in {node.module}.__all__"
                )


def test_action_texts_are_what_the_grammar_reads() -> None:
    from trapper_core import ACTION_TEXT
    from trapper_notation.reader import parser
    from trapper_notation.stretch import terminal

    grammar = terminal("ACTION")
    assert grammar.replace("\\/", "/") == ACTION_TEXT.pattern
    # The MOVES token is turn numbers, players, actions, notes and comments
    # one after another, beginning with a word or a note; COMMENTS is
    # comments one after another.
    word = "(?:{}|{}|{})".format(*(terminal(n) for n in ("TURN", "PLAYER", "ACTION")))
    comment = "(?:{}|{})".format(*(terminal(n) for n in ("BRACE_COMMENT", "LINE_COMMENT")))
    note = terminal("NOTE")
    space = "[ \\t\\f\\r\\n]*+"

    def pattern(name: str) -> str:
        found = parser().get_terminal(name).pattern.to_regexp()
        for char, escape in (("\n", "\\n"), ("\t", "\\t"), ("\f", "\\f"), ("\r", "\\r")):
            found = found.replace(char, escape)  # lark reads the escapes of its patterns
        return found

    assert pattern("MOVES") == (
        f"(?:{word[3:-1]}|{note})(?:{space}(?:{word[3:-1]}|{comment[3:-1]}|{note}))*+"
    )
    assert pattern("COMMENTS") == f"{comment}(?:{space}{comment})*+"
