"""The example variants in examples/: each installs, plays, simulates and
passes the conformance kit.

The packages are "installed" without pip: a module-scoped fixture writes the
``.dist-info`` metadata pip would write (``METADATA`` and
``entry_points.txt``, taken from each example's ``pyproject.toml``) into a
temporary directory and puts it and the examples' directories on
``sys.path``, so a fresh :class:`~trapper_core.Registry` finds them through
the real ``trapper_core.plugins`` entry points. The command-line runs get the
same directories through ``PYTHONPATH``.

The examples' modules are imported inside the tests, once the fixture has put
them on the path.
"""

from __future__ import annotations

import ast
import importlib.metadata
import os
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import (
    Colour,
    Display,
    IllegalActionError,
    Kind,
    Row,
    Square,
    Tile,
    Token,
    TokenKind,
    notation,
    plugins,
)
from trapper_core.conformance import assert_variant_conforms
from trapper_core.invariants import check_action, check_invariants

from .helpers import make_setup, play, texts

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = ("smallboard", "opencanoes", "charity", "rounds")
"""The example variants, each in ``examples/<name>/trapper_<name>``."""


def test_every_example_package_is_checked_here_and_typed() -> None:
    """A new example under examples/ is played by the conformance kit only
    once it is named in NAMES (riverbank has a test file of its own,
    test_example_plugin.py), and type-checked only once pyproject.toml's
    mypy_path names its folder."""
    packages = {p.parent.name for p in EXAMPLES.glob("*/pyproject.toml")}
    assert packages == {*NAMES, "riverbank"}, (
        "name a new example in NAMES (tests/test_examples.py)"
    )
    mypy_path = tomllib.loads((EXAMPLES.parent / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"
    ]["mypy"]["mypy_path"]
    assert {f"examples/{name}" for name in packages} <= set(mypy_path), (
        "name a new example's folder in pyproject.toml's [tool.mypy] mypy_path"
    )


def _project(name: str) -> dict[str, object]:
    project: dict[str, object] = tomllib.loads(
        (EXAMPLES / name / "pyproject.toml").read_text(encoding="utf-8")
    )["project"]
    return project


def _entry_points(name: str) -> dict[str, str]:
    groups = _project(name)["entry-points"]
    assert isinstance(groups, dict)
    points: dict[str, str] = groups[tc.ENTRY_POINT_GROUP]
    return points


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the ``.dist-info`` of every example, as pip writes it."""
    site = tmp_path_factory.mktemp("site-packages")
    for name in NAMES:
        project = _project(name)
        dist_name, version = str(project["name"]), str(project["version"])
        dist = site / f"{dist_name.replace('-', '_')}-{version}.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: {version}\n", encoding="utf-8"
        )
        lines = [f"[{tc.ENTRY_POINT_GROUP}]"]
        lines += [f"{key} = {value}" for key, value in _entry_points(name).items()]
        (dist / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return site


def _paths(site: Path) -> list[str]:
    return [str(site), *(str(EXAMPLES / name) for name in NAMES)]


@pytest.fixture(scope="module")
def registry(site: Path) -> Iterator[tc.Registry]:
    """A fresh registry, loaded while the examples are installed. The
    default registry made meanwhile (a command run here loads it) is left
    here too: kept, it would offer the examples to every later test."""
    with pytest.MonkeyPatch.context() as patch:
        for path in reversed(_paths(site)):
            patch.syspath_prepend(path)
        patch.setattr(plugins, "_default", None)
        yield tc.Registry()


# ----------------------------------------------------------------------
# Every example: installed, well made, simulated, conforming
# ----------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_example_installs_through_its_entry_point(registry: tc.Registry, name: str) -> None:
    assert name in registry.names()
    dist = importlib.metadata.distribution(f"trapper-{name}")
    (point,) = dist.entry_points.select(group=tc.ENTRY_POINT_GROUP)
    assert (point.name, point.value) == (name, f"trapper_{name}")
    plugin = dict(registry.plugin_manager.list_name_plugin())[name]  # loaded by that entry point
    assert isinstance(plugin, ModuleType)
    assert plugin.__name__ == f"trapper_{name}"
    spec = registry.spec(name)
    assert spec.extends == "base"


@pytest.mark.parametrize("name", NAMES)
def test_example_is_a_package_of_its_own(name: str) -> None:
    text = (EXAMPLES / name / "pyproject.toml").read_text(encoding="utf-8")
    config = tomllib.loads(text)
    assert config["build-system"]["build-backend"] == "hatchling.build"
    project = config["project"]
    assert project["name"] == f"trapper-{name}"
    assert project["requires-python"] == ">=3.11"
    # The core's minor version pinned, as docs/plugins.md advises while it is 0.x.
    core = tomllib.loads((EXAMPLES.parent / "pyproject.toml").read_text(encoding="utf-8"))
    major, minor, *_ = (int(part) for part in core["project"]["version"].split("."))
    assert project["dependencies"] == [f"trapper-core>={major}.{minor},<{major}.{minor + 1}"]
    assert _entry_points(name) == {name: f"trapper_{name}"}
    package = EXAMPLES / name / f"trapper_{name}"
    assert (package / "py.typed").read_bytes() == b""
    module = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    docstring = ast.get_docstring(module)
    assert docstring is not None
    assert "house variant" in docstring
    assert "not a rule of the published game" in docstring


@pytest.mark.parametrize("name", NAMES)
def test_example_imports_only_public_names(name: str) -> None:
    """Third-party code uses ``trapper_core.__all__`` and ``trapper_base.__all__``
    only: no submodule, no private name."""
    public = {"trapper_core": set(tc.__all__), "trapper_base": set(tb.__all__)}
    source = (EXAMPLES / name / f"trapper_{name}" / "__init__.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    aliases: dict[str, str] = {}
    used: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module is not None
            root = node.module.split(".")[0]
            if root in public:
                assert node.module == root, f"{name} imports the submodule {node.module}"
                used += [(root, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.split(".")[0]
                if root in public:
                    assert alias.name == root, f"{name} imports the submodule {alias.name}"
                    aliases[alias.asname or root] = root
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            imported = aliases.get(node.value.id)
            if imported is not None:
                used.append((imported, node.attr))
    assert used
    for module, attribute in used:
        assert not attribute.startswith("_"), f"{name} uses {module}.{attribute}"
        assert attribute in public[module], f"{name} uses {module}.{attribute}, not public"


@pytest.mark.parametrize("name", NAMES)
def test_example_passes_the_conformance_kit(registry: tc.Registry, name: str) -> None:
    report = assert_variant_conforms(name, games=6, registry=registry)
    assert report.actions > 0


@pytest.mark.parametrize("name", NAMES)
def test_example_simulates_from_the_command_line(
    registry: tc.Registry, site: Path, tmp_path: Path, name: str
) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*_paths(site), *filter(None, [env.get("PYTHONPATH")])])
    out = tmp_path / f"{name}.trn"
    command = [
        sys.executable,
        "-m",
        "trapper_core",
        "simulate",
        "--variant",
        name,
        "--games",
        "4",
        "--players",
        "2",
        "--seed",
        "1",
        "--out",
        str(out),
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"4 games of {name}, 2 players, seeds 1–4" in done.stdout
    assert "wins/seat" in done.stdout
    assert "mean length" in done.stdout
    # The games it wrote read back and replay in this process too.
    records = notation.loads(out.read_text(encoding="utf-8"))
    assert len(records) == 4
    for record in records:
        assert record.variant == name
        assert record.replay(registry=registry).is_over


# ----------------------------------------------------------------------
# smallboard
# ----------------------------------------------------------------------


def test_smallboard_lays_32_tiles_on_a1_to_f6(registry: tc.Registry) -> None:
    game = tc.new_game("smallboard", 2, seed=5, registry=registry)
    on_board = [tc.SQUARES[i] for i, t in enumerate(game.board) if t is not None]
    assert len(on_board) == 32
    assert all(s.file < 6 and s.rank < 6 for s in on_board)
    assert game.trappers == {
        Colour.BLUE: Square.parse("c4"),
        Colour.BEIGE: Square.parse("d4"),
        Colour.GREEN: Square.parse("c3"),
        Colour.PURPLE: Square.parse("d3"),
    }
    assert len(game.setup.box) == 4
    assert len(game.setup.deck) == 36
    assert Counter(game.setup.deck) == dict.fromkeys(Colour, 9)
    assert [hand.total for hand in game.hands] == [6, 6]
    assert game.state.supply == tc.TokenSupply(tuple(range(16, 29, 2)), (1, 2, 3, 4))
    # R7 still turns up the tiles next to the trappers: eight on the small board too.
    assert bin(game.state.face_up).count("1") == 8


def test_smallboard_tiles_are_four_species_with_water_round_the_compass(
    registry: tc.Registry,
) -> None:
    tiles = registry.rules("smallboard").tile_set().tiles
    assert len(tiles) == 36
    kinds = Counter(t.kind for t in tiles)
    assert kinds == {Kind.ANIMAL: 16, Kind.CANOE: 12, Kind.HERB: 4, Kind.MUSHROOM: 4}
    species = Counter(t.species for t in tiles if t.kind is Kind.ANIMAL)
    assert species == dict.fromkeys(
        [tc.Species.MINK, tc.Species.LYNX, tc.Species.MOOSE, tc.Species.BEAR], 4
    )
    assert Counter(t.water for t in tiles) == dict.fromkeys(tc.DIRECTIONS, 9)
    for s in species:  # each species' animals face every direction once
        assert {t.water for t in tiles if t.kind is Kind.ANIMAL and t.species is s} == set(
            tc.DIRECTIONS
        )


def test_smallboard_pictures_draw_its_six_files_and_ranks(registry: tc.Registry) -> None:
    import xml.etree.ElementTree as ET

    from trapper_core import svg
    from trapper_core.terminal import render

    game = tc.new_game("smallboard", 2, seed=5, registry=registry)
    text = render(game)
    assert text.splitlines()[0].split() == list("abcdef")
    assert [line.split()[0] for line in text.splitlines()[1:7]] == ["6", "5", "4", "3", "2", "1"]
    root = ET.fromstring(svg.position(game.view(0), displays=False, size=50))
    # The first rect is the sheet under the picture; the board's is the next.
    sheet, board = root.findall("{http://www.w3.org/2000/svg}rect")[:2]
    assert (sheet.get("x"), sheet.get("fill")) == (None, "#fff")
    assert (board.get("width"), board.get("height")) == ("300", "300")


def test_smallboard_is_for_two_players_only(registry: tc.Registry) -> None:
    for players in (1, 3, 4):
        with pytest.raises(tc.SetupError, match="played by 2 players"):
            tc.new_game("smallboard", players, seed=1, registry=registry)


def test_smallboard_plays_whole_games_with_bots(registry: tc.Registry) -> None:
    for seed in range(3):
        game = tc.new_game("smallboard", 2, seed=seed, registry=registry)
        bots: list[tc.Bot] = [tc.GreedyBot(seed, registry=registry), tc.RandomBot(seed)]
        tc.play(game, bots)
        assert game.is_over
        assert game.winners()
        taken = [t for d in game.displays for t in d.tiles()]
        assert all(t.species in (None, *tc.SPECIES[:4]) for t in taken)


def test_smallboard_records_name_the_small_board(registry: tc.Registry) -> None:
    game = tc.new_game("smallboard", 2, seed=2, registry=registry)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=10)
    text = notation.dumps(game)
    assert '[Setup "8/8/' in text  # ranks 8 and 7 hold nothing
    assert " c4d4c3d3 " in text
    (record,) = notation.loads(text)
    assert record.replay(registry=registry) == game


# ----------------------------------------------------------------------
# opencanoes
# ----------------------------------------------------------------------


def _mink_position(variant: str, registry: tc.Registry) -> tc.Game:
    """Player 0 has an open mink canoe (3) with mink 1 and herb 1, and herbs 2
    and 3 lying separate; the blue trapper on d5 can take a mink canoe (2) on
    d6, and then mink 2 on d7."""
    setup = make_setup({"d6": "CK2n", "d7": "K2n"}, hands=["BBBBGP", "GGGGPP"])
    game = tc.new_game(variant, 2, seed=1, setup=setup, registry=registry)
    row = Row(Tile.from_code("CK3n"), (Tile.from_code("K1n"),), herb=Tile.from_code("H1n"))
    separate = (Tile.from_code("H2n"), Tile.from_code("H3n"))
    game.state.displays = (Display(open=(row,), separate=separate), Display())
    return game


def test_opencanoes_second_canoe_of_an_open_species_lies_separate(
    registry: tc.Registry,
) -> None:
    base = _mink_position("base", registry)
    assert [t for t in texts(base) if t.startswith("Bd6")] == ["Bd6<H2", "Bd6<H3"]  # D6
    game = _mink_position("opencanoes", registry)
    assert [t for t in texts(game) if t.startswith("Bd6")] == ["Bd6"]  # O1: forced
    before = game.displays[0]
    play(game, "Bd6")
    after = game.displays[0]
    assert after.open == before.open  # no second mink canoe opens
    assert [t.face for t in after.separate] == ["H2", "H3", "CK2"]  # and it gathers nothing


def test_opencanoes_refuses_a_placement_for_a_set_aside_canoe(registry: tc.Registry) -> None:
    game = _mink_position("opencanoes", registry)
    with pytest.raises(IllegalActionError, match="O1: a mink canoe is open already") as err:
        game.parse_action("Bd6<H2")
    assert err.value.rule == "O1"
    step = tb.Step(Colour.BLUE, Square.parse("d6"), Colour.BLUE, tb.Gather(herb=2))
    assert not game.is_legal(step)
    with pytest.raises(IllegalActionError, match="O1"):
        game.apply(step)


def test_opencanoes_leaves_other_placements_to_the_base_game(registry: tc.Registry) -> None:
    game = _mink_position("opencanoes", registry)
    play(game, "Bd6", "Bd7")  # mink 2 joins the one open mink canoe (R16)
    (row,) = game.displays[0].open
    assert [t.face for t in row.animals] == ["K1", "K2"]
    rules = registry.rules("opencanoes")
    canoe = Tile.from_code("CL2n")  # a lynx canoe: no lynx canoe is open, so it arrives (R17)
    display, full = rules.place(game.displays[0], canoe, tb.Gather(herb=3))
    assert full is None
    assert [r.canoe.face for r in display.open] == ["CK3", "CL2"]
    assert [t.face for t in display.separate] == ["H2", "CK2"]


def test_opencanoes_checks_one_open_canoe_per_species(registry: tc.Registry) -> None:
    game = _mink_position("opencanoes", registry)
    play(game, "Bd6")
    checks = dict(game.rules.invariants)
    assert checks["displays"] is not dict(registry.rules("base").invariants)["displays"]
    assert list(checks["displays"](game.state)) == []  # a set-aside canoe is no problem
    two = Row(Tile.from_code("CK1n"), herb=Tile.from_code("H4n"))  # no herb fits it
    game.state.displays = (_with_open_row(game.displays[0], two), Display())
    assert list(checks["displays"](game.state)) == [
        "O1: player 0 has two open canoes of one species"
    ]


def _with_open_row(display: Display, row: Row) -> Display:
    """``display`` with one more open row."""
    return Display((*display.open, row), display.valued, display.separate, display.money)


def test_opencanoes_plays_whole_games_with_bots(registry: tc.Registry) -> None:
    set_aside = 0
    for seed in range(4):
        game = tc.new_game("opencanoes", 2 + seed % 3, seed=seed, registry=registry)
        bots: list[tc.Bot] = [
            tc.GreedyBot(seed + i, registry=registry) if seed % 2 else tc.RandomBot(seed + i)
            for i in range(len(game.players))
        ]
        tc.play(game, bots)
        assert game.is_over
        check_invariants(game)
        for display in game.displays:
            species = [row.species for row in display.open]
            assert len(species) == len(set(species))
            set_aside += sum(t.kind is Kind.CANOE for t in display.separate)
    assert set_aside > 0  # the games met O1


# ----------------------------------------------------------------------
# charity
# ----------------------------------------------------------------------


def _charity(registry: tc.Registry) -> tc.Game:
    setup = make_setup({"d6": "B1n", "d7": "K1n"}, hands=["BBBBBE", "GGGGPP"])
    return tc.new_game("charity", 2, seed=1, setup=setup, registry=registry)


def test_charity_module_is_under_45_lines() -> None:
    """The shortest whole variant of the examples, title and description included."""
    source = EXAMPLES / "charity" / "trapper_charity" / "__init__.py"
    assert len(source.read_text(encoding="utf-8").splitlines()) < 45


def test_charity_gift_is_listed_at_turn_start_and_not_mid_hunt(registry: tc.Registry) -> None:
    game = _charity(registry)
    assert texts(game)[:2] == ["give/B", "give/E"]  # one per colour held
    assert [k.name for k in game.rules.kinds][:2] == ["give", "step"]
    play(game, "Bd6")
    assert not [t for t in texts(game) if t.startswith("give")]


def test_charity_donation_ends_the_turn(registry: tc.Registry) -> None:
    from trapper_charity import Give

    game = _charity(registry)
    pile = game.state.draw_pile
    play(game, "give/E")
    assert game.history == (Give(Colour.BEIGE),)
    assert game.displays[0].money == 1
    assert game.hands[0] == tc.Hand(blue=5)  # no card drawn
    assert game.state.draw_pile == pile
    assert game.state.discard == (0, 1, 0, 0)  # the card went to the bank's pile
    assert game.to_move == 1
    assert game.state.turns == 2
    check_invariants(game)  # money beyond the payouts is no problem in charity
    check_action(game)
    play(game, "pass")  # the base game's actions still work
    play(game, "give/B", "give/G")
    assert [d.money for d in game.displays] == [2, 1]


def test_charity_illegal_donations_cite_its_rule(registry: tc.Registry) -> None:
    from trapper_charity import Give

    game = _charity(registry)
    with pytest.raises(IllegalActionError, match="C1") as err:
        game.apply(Give(Colour.GREEN))  # no green card in hand
    assert err.value.rule == "C1"
    assert err.value.action == Give(Colour.GREEN)
    play(game, "Bd6")
    with pytest.raises(IllegalActionError, match="C1") as err:
        game.parse_action("give/B")  # the hunt has begun
    assert err.value.rule == "C1"
    assert game.displays[0].money == 0


def test_charity_gift_text_round_trips(registry: tc.Registry) -> None:
    from trapper_charity import Give

    game = _charity(registry)
    for colour in (Colour.BLUE, Colour.BEIGE):
        text = game.action_text(Give(colour))
        assert text == f"give/{colour.letter}"
        assert tc.ACTION_TEXT.fullmatch(text)
        assert game.parse_action(text) == Give(colour)
    for bad in ("give/Q", "give/", "give/BB", "give/b"):  # one text an action
        with pytest.raises(tc.ActionSyntaxError):
            game.parse_action(bad)


def test_charity_plays_whole_games_with_bots(registry: tc.Registry) -> None:
    from trapper_charity import Give

    gifts = 0
    for seed in range(3):
        game = tc.new_game("charity", 2 + seed, seed=seed, registry=registry)
        bots: list[tc.Bot] = [tc.RandomBot(seed * 10 + i) for i in range(len(game.players) - 1)]
        bots.append(tc.GreedyBot(seed, registry=registry))
        tc.play(game, bots)
        assert game.is_over
        gifts += sum(isinstance(action, Give) for action in game.history)
    assert gifts > 0


# ----------------------------------------------------------------------
# rounds
# ----------------------------------------------------------------------


def test_rounds_games_end_at_the_round_limit(registry: tc.Registry) -> None:
    from trapper_rounds import ROUNDS

    for seed in range(2):
        game = tc.new_game("rounds", 2, seed=seed, registry=registry)
        tc.play(game, [tc.GreedyBot(seed + i, registry=registry) for i in range(2)])
        assert game.is_over
        assert game.state.turns == ROUNDS * 2 + 1  # every one of the 16 turns was played
        assert game.state.tiles_left > 0
        # The same moves in the base game: it goes on.
        base = tc.new_game("base", 2, seed=seed, setup=game.setup, registry=registry)
        for action in game.history:
            base.apply(action)
        assert not base.is_over


def _short_rounds(rounds: int) -> tc.Registry:
    """The installed variants and ``rounds-<n>``: the rounds variant with another limit."""
    from trapper_rounds import RoundsRules

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec(f"rounds-{rounds}", (RoundsRules(rounds),), extends="base")]

    return tc.Registry([Register()])


def test_rounds_limit_is_a_number_of_turns(registry: tc.Registry) -> None:
    short = _short_rounds(2)
    game = tc.new_game("rounds-2", 2, seed=3, registry=short)
    play(game, "pass", "pass", "pass")
    assert not game.is_over
    play(game, "pass")  # the second round is complete
    assert game.is_over
    assert game.state.turns == 5


def test_rounds_turns_a_retired_player_skips_go_to_the_others(registry: tc.Registry) -> None:
    game = tc.new_game("rounds-2", 3, seed=3, registry=_short_rounds(2))
    play(game, "pass", "retire", "pass")  # turns 1–3; seat 1 is out
    play(game, "pass")  # turn 4
    assert game.to_move == 2  # turn 5 is seat 2's, where seat 1's would have been
    play(game, "pass")
    assert (game.to_move, game.state.turns) == (0, 6)
    assert not game.is_over
    play(game, "pass")  # the sixth turn: 2 × 3 have been played
    assert game.is_over


def test_rounds_winner_is_most_money_then_most_tokens(registry: tc.Registry) -> None:
    game = tc.new_game("rounds", 3, seed=1, registry=registry)
    canoe, species = Token(TokenKind.CANOE, 16), Token(TokenKind.SPECIES, 1)
    game.state.displays = (
        Display(tokens=(canoe,)),
        Display(),
        Display(tokens=(Token(TokenKind.CANOE, 18), species)),
    )
    winners = game.rules.winners
    assert winners(game.state, (30, 20, 10)) == (0,)  # money first (R35)
    assert winners(game.state, (20, 20, 20)) == (2,)  # then the most tokens
    assert winners(game.state, (20, 20, 5)) == (0,)
    game.state.displays = (Display(tokens=(canoe,)), Display(tokens=(species,)), Display())
    assert winners(game.state, (20, 20, 5)) == (0, 1)  # still tied: they share
    assert registry.rules("base").winners(game.state, (20, 20, 20)) == (0, 1, 2)


def test_rounds_plays_whole_games_with_bots(registry: tc.Registry) -> None:
    for players in (3, 4):
        game = tc.new_game("rounds", players, seed=players, registry=registry)
        tc.play(game, [tc.RandomBot(players * 10 + i) for i in range(players)])
        assert game.is_over
        assert game.state.turns <= 8 * players + 1
        scores = game.scores()
        assert all(scores[w] == max(scores) for w in game.winners())
