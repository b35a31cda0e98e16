"""The tests can fail: each change below breaks a rule or a documented
behaviour, and the tests named beside it catch it (long run only).

Each mutant is one small edit of the source (a comparison flipped, a check
dropped, a bound moved by one), applied to a copy of ``src/``,
``plugins/`` and ``notation/`` under a temporary folder; the named test
files run against the copy in a process of their own and must fail. The
list holds the mutants that hunts of hand mutation found alive once (the
rule or the promise was pinned by no test, or only by a test about
something else), and a sample of the ones that the first tests killed, so
that a test made weaker later, or a check that stops being asked, shows
here. When the code a mutant edits is rewritten, the mutant's text is not
found and its test fails saying so: edit the mutant with the code.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
BASE = "plugins/trapper_base/"
TACTICAL = "plugins/trapper_tactical/"
CORE = "src/trapper_core/"
NOTATION = "notation/trapper_notation/"


@attrs.frozen
class Mutant:
    """``old`` replaced once by ``new`` in ``path`` breaks ``pins`` (a rule
    id or a promise); ``tests`` are the test files (or test ids) that
    catch it."""

    pins: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTANTS = [
    # The base game's rules.
    Mutant(
        "R13 water blocks a step",
        BASE + "movement.py",
        "if tile is not None and tile.water is not side:",
        "if tile is not None:",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R13 trapper_can_enter's own answer",
        BASE + "movement.py",
        "    return tile.water is not side",
        "    return True",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R14 an isolated trapper jumps",
        BASE + "movement.py",
        "    return state.face_up_squares()",
        "    return ()",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R7, R14 reveal_around forgets cached targets",
        BASE + "mechanics.py",
        "        state.face_up = mask\n        state.targets = (None, None, None, None)",
        "        state.face_up = mask",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R7 a take turns up the new neighbours",
        BASE + "mechanics.py",
        "    mask = state.face_up & ~(1 << square)\n"
        "    for neighbour, _side in NEIGHBOURS[square]:  # R7\n"
        "        if board[neighbour] is not None:\n"
        "            mask |= 1 << neighbour\n",
        "    mask = state.face_up & ~(1 << square)\n",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R8 the discard pile is reshuffled",
        BASE + "mechanics.py",
        "            if not any(state.discard):\n"
        "                break\n"
        "            _reshuffle(state)",
        "            break",
        ("tests/test_components.py",),
    ),
    Mutant(
        "D4 draw says how many cards it drew",
        BASE + "mechanics.py",
        "    state.hands = tuple(hands)\n    return got",
        "    state.hands = tuple(hands)\n    return count",
        ("tests/test_components.py",),
    ),
    Mutant(
        "D2 the bank pays",
        BASE + "mechanics.py",
        "display.money + money, display.tokens",
        "display.money - money, display.tokens",
        ("tests/test_display.py",),
    ),
    Mutant(
        "R11 an unlisted step keeps the hunt's trapper",
        BASE + "turn.py",
        "        if fixed is not None and trapper is not fixed:\n            return False",
        "        if False:\n            return False",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R13 two cards of another colour",
        BASE + "turn.py",
        "        pay(state, player, payment, 1 if payment is step.trapper else 2)",
        "        pay(state, player, payment, 1)",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R10 a pass draws two",
        BASE + "turn.py",
        "DRAW = 2\n",
        "DRAW = 3\n",
        ("tests/test_turn.py",),
    ),
    Mutant(
        "R21, D7 exchange_options with one valued canoe",
        BASE + "turn.py",
        "    valued = state.displays[player].valued\n    if not valued:\n        return []",
        "    valued = state.displays[player].valued\n    if len(valued) < 2:\n        return []",
        ("tests/test_display.py",),
    ),
    Mutant(
        "R16 one herb a canoe",
        BASE + "placement.py",
        "            if row.herb is None:\n                rows.append(i)",
        "            if True:\n                rows.append(i)",
        ("tests/test_display.py",),
    ),
    Mutant(
        "R17 a canoe gathers up to its capacity",
        BASE + "placement.py",
        "        animal_options = sorted(set(combinations(animals, canoe.value)))",
        "        animal_options = sorted(set(combinations(animals, canoe.value - 1)))",
        ("tests/test_display.py",),
    ),
    Mutant(
        "R20 a canoe token of the payout or the next lower",
        BASE + "scoring.py",
        "    return highest_at_most(payout, supply)\n",
        "    return payout if payout in supply else 0\n",
        ("tests/test_display.py",),
    ),
    Mutant(
        "R34 every winner of a tie",
        BASE + "scoring.py",
        "    return tuple(i for i, s in enumerate(scores) if s == best)",
        "    return (scores.index(best),)",
        ("tests/test_scoring.py",),
    ),
    # The tactical variant's rules.
    Mutant(
        "R42 a raise beats the bid",
        TACTICAL + "turn.py",
        "        if action.bid <= auction.bid:",
        "        if action.bid < auction.bid:",
        ("tests/test_tactical.py",),
    ),
    Mutant(
        "R43 other colours pay in pairs",
        TACTICAL + "actions.py",
        "            if cards[other] % 2:\n                return None\n",
        "",
        ("tests/test_tactical.py",),
    ),
    Mutant(
        "R41 a bid is at least 1",
        TACTICAL + "actions.py",
        "    if type(value) is not int or value < 1:",
        "    if type(value) is not int or value < 0:",
        ("tests/test_bad_arguments.py",),
    ),
    Mutant(
        "R43 card counts are 0 or more",
        TACTICAL + "actions.py",
        "all(type(n) is int and n >= 0 for n in cards)",
        "all(type(n) is int for n in cards)",
        ("tests/test_bad_arguments.py",),
    ),
    # The children's variant's rules.
    Mutant(
        "R37 water blocks nothing",
        "plugins/trapper_children/__init__.py",
        "        return True  # R37",
        "        return tile.water is not side  # R37",
        ("tests/test_children.py",),
    ),
    # The core's promises.
    Mutant(
        "R31 a finished game's is_legal, nothing listed",
        CORE + "game.py",
        "            if self._state.valuation is not None:\n"
        "                return False\n"
        "            kind = self._rules.kind_of(action)",
        "            kind = self._rules.kind_of(action)",
        ("tests/test_api.py",),
    ),
    Mutant(
        "R31 a finished game's apply, nothing listed",
        CORE + "game.py",
        "            if state.valuation is not None or kind is None or",
        "            if kind is None or",
        ("tests/test_api.py",),
    ),
    Mutant(
        "apply: shuffles are colour indices 0-3",
        CORE + "game.py",
        "        if not all(0 <= c < 4 for c in colours):",
        "        if not all(0 <= c <= 4 for c in colours):",
        ("tests/test_robustness.py",),
    ),
    Mutant(
        "copy: an undo list of its own",
        CORE + "game.py",
        "        other._undo = None if recent is None else recent.copy()",
        "        other._undo = recent",
        ("tests/test_api.py",),
    ),
    Mutant(
        "==: games compare their histories",
        CORE + "game.py",
        "            and self.history == other.history\n",
        "",
        ("tests/test_api.py",),
    ),
    Mutant(
        "a seed is below 2**64",
        CORE + "game.py",
        "    if number >= MAX_SEED:",
        "    if number > MAX_SEED:",
        ("tests/test_robustness.py",),
    ),
    Mutant(
        "undo: a snapshot restored exactly",
        CORE + "game.py",
        "        self._count = count + 1\n        self._legal = None\n",
        "        self._count = count + 1\n",
        ("tests/test_api.py",),
    ),
    Mutant(
        "set_trapper forgets cached targets",
        CORE + "state.py",
        "        self.trappers = tuple(trappers)\n        self.targets = NO_TARGETS\n",
        "        self.trappers = tuple(trappers)\n",
        ("tests/test_plugin_mistakes.py",),
    ),
    Mutant(
        "remove_tile leaves the square face down",
        CORE + "state.py",
        "        self.face_up &= ~(1 << square)\n",
        "",
        ("tests/test_plugin_mistakes.py",),
    ),
    Mutant(
        "==: states compare their seeds",
        CORE + "state.py",
        "            and self.seed == other.seed\n",
        "",
        ("tests/test_api.py",),
    ),
    Mutant(
        "a view's board follows a tile turned up alone",
        CORE + "view.py",
        "        and last[2] == state.face_up\n",
        "",
        ("tests/test_check_view.py",),
    ),
    Mutant(
        "History is oldest first",
        CORE + "view.py",
        "        if index.__class__ is int and index == -1 and self._last is not None:",
        "        if index.__class__ is int and index in (-1, 0) and self._last is not None:",
        ("tests/test_history.py",),
    ),
    Mutant(
        "game_at: at most MAX_SHUFFLES shuffles",
        CORE + "positions.py",
        "    if shuffle_count > MAX_SHUFFLES:",
        "    if shuffle_count > MAX_SHUFFLES + 1:",
        ("tests/test_positions.py",),
    ),
    Mutant(
        "encode_view: seats from the viewer on",
        CORE + "encoding.py",
        "        seat = (view.player + offset) % players",
        "        seat = offset",
        ("tests/test_encoding.py",),
    ),
    # The notation's promises.
    Mutant(
        "setup strings: stray characters after known codes",
        NOTATION + "setup_string.py",
        '            if len(rank) != 8 or "".join(tokens) != rank_text:',
        "            if len(rank) != 8:",
        ("tests/test_notation.py",),
    ),
    Mutant(
        "setup strings: seats 1 to 4 of old records only",
        NOTATION + "setup_string.py",
        '        if text in "1234":',
        '        if text in "12345":',
        ("tests/test_notation.py",),
    ),
    Mutant(
        "setup strings: four trapper squares",
        NOTATION + "setup_string.py",
        "    if not _TRAPPERS.fullmatch(text):",
        "    if not _TRAPPERS.match(text):",
        ("tests/test_notation.py",),
    ),
    Mutant(
        "a turn number lower than the turn",
        NOTATION + "replay.py",
        "        if turn is not None and turn != game.state.turns:",
        "        if turn is not None and turn > game.state.turns:",
        (
            "tests/test_notation.py::test_a_turn_number_lower_than_the_turn_is_refused_where_it_stands",
        ),
    ),
    Mutant(
        "scan: a bad byte on the last line",
        NOTATION + "reader.py",
        "bad.line <= chunks.number",
        "bad.line < chunks.number",
        (
            "tests/test_readers_agree.py::test_scan_stops_at_bytes_that_are_not_utf8_on_the_last_line_as_load_does",
        ),
    ),
    Mutant(
        "simulate: the bots rotate by the game's number",
        CORE + "simulation.py",
        "batch.bots[(s + number) %",
        "batch.bots[(s) %",
        ("tests/test_simulate.py::test_simulated_games_rotate_the_bots_by_the_game_s_number",),
    ),
    Mutant(
        "check_invariants: two trappers on a square",
        CORE + "invariants.py",
        "    if len(set(state.trappers)) != 4:",
        "    if False:",
        ("tests/test_plugins.py::test_check_invariants_tells_a_broken_state",),
    ),
    Mutant(
        "a Result tag of no scores",
        NOTATION + "records.py",
        "        if parts and all(_MONEY.fullmatch(part) for part in parts):",
        "        if all(_MONEY.fullmatch(part) for part in parts):",
        ("tests/test_notation.py",),
    ),
]


def _environment(copy: Path) -> dict[str, str]:
    """The copy's folders first on the path; no long run, no xdist worker
    and no options of the outer run."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TRAPPER_"))}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(copy / "src"), str(copy / "notation"), str(copy / "plugins"), str(ROOT)]
    )
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _copied(into: Path) -> None:
    for folder in ("src", "plugins", "notation"):
        shutil.copytree(ROOT / folder, into / folder, ignore=shutil.ignore_patterns("__pycache__"))


def _run(tests: tuple[str, ...], copy: Path) -> subprocess.CompletedProcess[str]:
    """The tests against the code in ``copy``, which says where it was
    imported from first."""
    check = (
        "import trapper_core, trapper_base, trapper_notation; "
        "print(trapper_core.__file__, trapper_base.__file__, trapper_notation.__file__)"
    )
    where = subprocess.run(
        [sys.executable, "-c", check],
        cwd=ROOT,
        env=_environment(copy),
        capture_output=True,
        text=True,
        check=True,
    )
    assert all(Path(p).is_relative_to(copy) for p in where.stdout.split()), where.stdout
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
        cwd=ROOT,
        env=_environment(copy),
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.pins for m in MUTANTS])
def test_the_tests_catch_a_mutant(mutant: Mutant, tmp_path: Path) -> None:
    _copied(tmp_path)
    path = tmp_path / mutant.path
    text = path.read_text(encoding="utf-8")
    assert text.count(mutant.old) == 1, f"{mutant.path} no longer holds the mutant's text once"
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
    run = _run(mutant.tests, tmp_path)
    # 1: tests failed. 0 would be the mutant unseen; 2 and more, a run that
    # could not collect or was interrupted, which shows nothing.
    assert run.returncode == 1, run.stdout[-3000:] + run.stderr[-2000:]


@pytest.mark.slow
def test_the_same_tests_pass_on_the_copy_unchanged(tmp_path: Path) -> None:
    """The control: the copy itself, run the same way, passes every test
    file the mutants name (so their failures are the mutants')."""
    _copied(tmp_path)
    files = tuple(sorted({test for mutant in MUTANTS for test in mutant.tests}))
    run = _run(files, tmp_path)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_every_mutant_s_text_is_in_the_source_once() -> None:
    """Checked in the short run too: a mutant whose code was rewritten is
    found at once, not only in the long run."""
    for mutant in MUTANTS:
        text = (ROOT / mutant.path).read_text(encoding="utf-8")
        assert text.count(mutant.old) == 1, (mutant.pins, mutant.path)
        assert mutant.new != mutant.old
