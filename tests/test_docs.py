"""The documentation: its code runs and its tables match the engine."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import attrs
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
    # A page whose examples need an optional extra says so: <!-- needs: numpy pyspiel -->
    for needs in re.findall(r"<!-- needs: ([\w ]+) -->", page.read_text()):
        for module in needs.split():
            pytest.importorskip(module)
    namespace: dict[str, object] = {"__name__": "docs_example"}  # shared by a page's blocks
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), namespace)


def test_D1_table_in_the_docs_is_the_engines() -> None:
    text = (ROOT / "docs" / "rules.md").read_text()
    table = text[text.index("| Mink |") : text.index("Tile sets are data")]
    documented = re.findall(r"`([A-Z]+\d[nesw])`", table)
    assert documented == [t.code for t in tb.standard_tile_set().tiles]


def test_every_decision_in_the_docs_is_cited_by_a_test() -> None:
    """The engine's own decisions (D12 on, in docs/rules.md) are numbered
    without a gap, and each is named by a test (``test_D21_…``)."""
    decisions = set(re.findall(r"\*\*(D\d+) ", (ROOT / "docs" / "rules.md").read_text()))
    last = max(int(d[1:]) for d in decisions)
    assert decisions == {f"D{n}" for n in range(12, last + 1)}, (
        "docs/rules.md numbers its decisions from D12 on without a gap"
    )
    tests = "".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py"))
    for decision in sorted(decisions):
        assert f"test_{decision}_" in tests, f"no test is named test_{decision}_…"


def test_the_front_pages_count_every_rule_and_decision() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text()
    last = max(int(n) for n in re.findall(r"\*\*D(\d+) ", rules))
    for page in (ROOT / "README.md", ROOT / "docs" / "index.md", ROOT / "CONTRIBUTING.md"):
        text = page.read_text()
        assert "R1–R45" in text, f"{page.name} does not say R1–R45"
        assert f"D1–D{last}" in text, f"{page.name} does not say D1–D{last}"
    assert f"D12–D{last} are the engine's own decisions" in rules


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.*?)\n```", readme)
    assert len(commands) == 2
    assert commands[1] in (ROOT / ".ci" / "run").read_text()


# ----------------------------------------------------------------------
# The rule map: every rule id, and only names that exist
# ----------------------------------------------------------------------

RULES_SPEC = ROOT.parent / "shared" / "rules" / "RULES.md"
"""The project's rules specification, beside the checkout (absent in CI)."""


def rule_map() -> dict[str, list[str]]:
    """The table of docs/plugins.md's last section: each id and the dotted
    names it lists."""
    text = (ROOT / "docs" / "plugins.md").read_text()
    section = text[text.index("## Where each rule is implemented") :]
    rows = re.findall(r"^\| ([RD]\d+) \| [^|]+ \| (.+) \|$", section, flags=re.MULTILINE)
    table: dict[str, list[str]] = {}
    for rule, names in rows:
        assert rule not in table, f"{rule} has two rows"
        table[rule] = re.findall(r"`([\w.]+)`", names)
    return table


def resolve(dotted: str) -> object:
    """Imports the longest module prefix of ``dotted`` and looks up the rest."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            obj = _member(obj, name)
        return obj
    raise ModuleNotFoundError(dotted)


def _member(obj: object, name: str) -> object:
    """``getattr``, and an attrs class's field (which, with a default and no
    slots, is no class attribute)."""
    try:
        return getattr(obj, name)
    except AttributeError:
        if isinstance(obj, type) and attrs.has(obj):
            return attrs.fields_dict(obj)[name]
        raise


def specified_ids() -> set[str]:
    """The ids RULES.md defines (R1 …, D1 …) and the decisions docs/rules.md adds."""
    ids = set(re.findall(r"\*\*(D\d+)[ *]", (ROOT / "docs" / "rules.md").read_text()))
    if RULES_SPEC.exists():
        ids |= set(re.findall(r"\*\*([RD]\d+)[ *]", RULES_SPEC.read_text()))
    return ids


def test_rule_map_names_every_rule() -> None:
    mapped = set(rule_map())
    missing = specified_ids() - mapped
    assert not missing, (
        f"no row in the rule map for {sorted(missing)} (docs/plugins.md, "
        "'Where each rule is implemented')"
    )
    assert {f"D{n}" for n in range(12, 17)} <= mapped  # the engine's own decisions


def test_rule_map_names_every_rule_of_the_specification() -> None:
    if not RULES_SPEC.exists():
        pytest.skip(f"{RULES_SPEC} is not beside the checkout")
    spec = set(re.findall(r"\*\*([RD]\d+)[ *]", RULES_SPEC.read_text()))
    assert {"R1", "R21", "R30", "R37", "R40", "R45", "D1", "D11"} <= spec  # the parse works
    mapped = set(rule_map())
    assert spec <= mapped
    assert mapped <= specified_ids(), "the rule map names an id no rule has"


def test_rule_map_names_only_what_exists() -> None:
    table = rule_map()
    assert len(table) >= 50
    for rule, names in table.items():
        assert names, f"{rule} names no implementation"
        for dotted in names:
            assert dotted.startswith("trapper_"), dotted
            try:
                resolve(dotted)
            except (ImportError, AttributeError) as exc:
                raise AssertionError(f"{rule}: {dotted} does not exist ({exc})") from None


def _documented_modules() -> list[str]:
    import pkgutil

    import trapper_children
    import trapper_notation
    import trapper_tactical

    names = []
    for package in (tc, tb, trapper_children, trapper_tactical, trapper_notation):
        names.append(package.__name__)
        names += [
            f"{package.__name__}.{m.name}"
            for m in pkgutil.iter_modules(package.__path__)
            if m.name != "__main__"  # running it is the command line
        ]
    return sorted(names)


@pytest.mark.parametrize("module", _documented_modules())
def test_every_docstring_example_runs(module: str) -> None:
    """The ``Examples:`` of every docstring are doctests, and they hold."""
    import doctest

    try:
        loaded = importlib.import_module(module)
    except ImportError as exc:  # an adapter whose extra is not installed
        pytest.skip(str(exc))
    result = doctest.testmod(loaded, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{module}: {result.failed} of {result.attempted} examples fail"


@pytest.mark.parametrize(
    "page",
    [ROOT / "docs" / name for name in ("index.md", "playing.md", "simulating.md")]
    + [ROOT / "README.md"],
    ids=lambda p: p.name,
)
@pytest.mark.usefixtures("riverbank_installed")
def test_the_pages_for_players_run_with_the_user_install(
    page: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The install these pages document (``pip install -e .``) has no
    pytest: their examples must not need it."""
    monkeypatch.setitem(sys.modules, "pytest", None)  # `import pytest` fails
    namespace: dict[str, object] = {"__name__": "docs_example"}
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), namespace)


def test_changes_page_knows_the_current_version() -> None:
    """The versions page lists changes since the current version under
    "Unreleased", then the current version's own heading: a version bump
    that forgets the page fails here."""
    headings = re.findall(r"^### (.+)$", (ROOT / "docs" / "changes.md").read_text(), re.M)
    assert headings[0] == "Unreleased"
    assert headings[1] == tc.__version__
    released = [tuple(map(int, h.split("."))) for h in headings[1:]]
    assert released == sorted(released, reverse=True), "newest first"


# The public names of 0.3.0 (the __all__ of each module), kept beside its records.
NAMES_OF_0_3_0 = ROOT / "tests" / "records" / "versions" / "0.3.0-names.json"


def _public_modules() -> set[str]:
    """The modules the API reference documents (a ``::: name`` of the
    module itself or of a name in it) that have an ``__all__``: the
    published API."""
    modules = set()
    for page in ("api.md", "ai-adapters.md"):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for entry in re.findall(r"^::: ([\w.]+)$", text, re.M):
            parts = entry.split(".")
            for cut in range(len(parts), 0, -1):
                name = ".".join(parts[:cut])
                try:
                    module = importlib.import_module(name)
                except ImportError:
                    continue
                if hasattr(module, "__all__"):
                    modules.add(name)
                break
    return modules


def _named(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` in code: `name`, `module.name`."""
    return re.search(rf"`(?:[\w.]+\.)?{re.escape(name)}`", text) is not None


def test_changes_page_names_every_public_name_added_since_0_3_0() -> None:
    """Every name that the ``__all__`` of a published module gained after
    0.3.0, or lost, is named in the page's "Unreleased" section, and every
    module published since is named there itself: the page cannot fall
    behind the API silently. (When a version is released, its names
    become the baseline here. A module of an extra that is not installed
    is not asked.)"""
    assert tc.__version__ == "0.3.0", "a new version: make its names the baseline"
    text = (ROOT / "docs" / "changes.md").read_text()
    unreleased = text.split("### Unreleased", 1)[1].split("\n### ", 1)[0]
    baseline = json.loads(NAMES_OF_0_3_0.read_text(encoding="utf-8"))
    modules = _public_modules()
    assert {"trapper_core", "trapper_base", "trapper_notation", "trapper_tactical"} <= modules
    missing = []
    for module in sorted(modules | set(baseline)):
        now = set(importlib.import_module(module).__all__)
        if module not in baseline:
            if not _named(module, unreleased):
                missing.append(module)
            continue
        before = set(baseline[module])
        missing += [
            f"{module}.{name}"
            for name in sorted(now ^ before)  # added, or taken away
            if not _named(name, unreleased)
        ]
    assert not missing, f"docs/changes.md's Unreleased section does not name {missing}"


def test_simulating_page_shows_what_trapper_simulate_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The table on the simulating page is the command's output, not a
    sketch of it: the same command prints it again."""
    from trapper_core.cli import main

    page = (ROOT / "docs" / "simulating.md").read_text()
    shown = page.split("What `trapper simulate` prints when the games are done:", 1)[1]
    shown = shown.split("```text\n", 1)[1].split("```", 1)[0]
    argv = ["simulate", "--games", "12", "--players", "3", "--bots", "greedy,random"]
    assert main([*argv, "--workers", "1"]) == 0
    assert capsys.readouterr().out == shown


def test_contributing_names_every_step_of_ci() -> None:
    """CONTRIBUTING.md's table of the checks has a row for each step that
    ``.ci/run`` announces (its ``echo "== …"`` lines), in the same order,
    and none that it does not run."""
    steps = re.findall(r'^echo "(== [^"]*)"', (ROOT / ".ci" / "run").read_text(), re.M)
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(== [^`]*)` \|", guide, re.M)
    assert steps
    assert rows == steps
