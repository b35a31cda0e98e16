"""The public API: errors, texts, copies, undo, views, serialization."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_base import Step
from trapper_core import FACE_DOWN, Colour, Square, Tile, notation
from trapper_core.invariants import check_view

from .helpers import game_with, play


def test_available_variants_from_a_fresh_interpreter() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import trapper_core as tc; print(tc.available_variants())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = eval(out)
    assert {"base", "children"} <= set(names)


def test_new_game_rejects_bad_arguments() -> None:
    with pytest.raises(tc.UnknownVariantError, match="no variant is called 'chess'; installed"):
        tc.new_game("chess")
    # A misspelt name, or alias, is named with the variant it is closest to.
    for typo, meant in (("bsae", "base"), ("Tactcal", "tactical"), ("kid", "children")):
        with pytest.raises(
            tc.UnknownVariantError, match=f"'{typo}' \\(did you mean '{meant}'\\?\\)"
        ):
            tc.new_game(typo)
    with pytest.raises(tc.SetupError, match="seed"):
        tc.new_game(seed=-1)
    with pytest.raises(tc.SetupError, match="seed"):
        tc.new_game(seed="7")  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="players"):
        tc.new_game(players="four")
    with pytest.raises(tc.SetupError, match="setup must be a Setup"):
        tc.new_game(setup={"board": []})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="new_game"):
        tc.Game()


def test_seed_none_picks_a_seed_that_reproduces_the_game() -> None:
    game = tc.new_game(seed=None)
    assert tc.new_game(seed=game.seed).setup == game.setup


@pytest.mark.parametrize("length", [0, 1, 2, 3, 31, 60, 64, 128, 129, 300])
def test_the_setups_shuffle_draws_as_random_shuffle_does(length: int) -> None:
    """A seed gives the same game: the written-out shuffle new_game uses
    orders the items as ``Random.shuffle`` does and leaves the generator
    in the same state."""
    from trapper_core.setups import shuffle

    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(length)), list(range(length))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.getstate() == theirs.getstate()


def test_a_seeded_setup_is_the_one_setup_shuffled_lays_out() -> None:
    for variant in tc.available_variants():
        for seed in range(20):
            game = tc.new_game(variant, 4, seed=seed)
            tiles = game.rules.tile_set().tiles
            laid = tc.Setup.shuffled(
                random.Random(seed), tiles, game.rules.deck(), game.rules.board()
            )
            assert game.setup == laid
            assert game.setup.tiles() == laid.tiles()


def test_a_generator_that_shuffles_its_own_way_lays_out_its_own_setup() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
            x.reverse()

    rules = tc.new_game("base", 2, seed=1).rules
    tiles = rules.tile_set().tiles
    setup = tc.Setup.shuffled(Reversing(1), tiles, rules.deck(), rules.board())
    assert setup.deck == tuple(reversed(rules.deck()))
    assert (
        setup.tiles()
        != tc.Setup.shuffled(random.Random(1), tiles, rules.deck(), rules.board()).tiles()
    )


def test_a_variant_whose_deck_is_not_colours_is_refused_when_a_game_starts() -> None:
    from trapper_core import Registry, VariantSpec, hookimpl

    class IntDeck:
        @hookimpl
        def trapper_deck(self) -> tuple[int, ...]:
            return tuple(c for c in range(4) for _ in range(15))

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [VariantSpec("ints", (IntDeck(),), extends="base")]

    # A broken plugin, named as every hook's wrong answer is (it was a
    # SetupError naming neither the variant nor the hook).
    with pytest.raises(
        tc.PluginError,
        match=r"variant 'ints': trapper_deck returned \(0, 0, .*, not a tuple of Colour "
        r"values \(0 is none\)",
    ):
        tc.new_game("ints", 2, seed=1, registry=Registry([Register()]))


def test_a_setup_check_takes_a_zero_count_for_none() -> None:
    game = tc.new_game("base", 2, seed=3)
    faces = game.rules.tile_set().faces()
    faces["ZZ"] = 0
    game.setup.check(faces, game.rules.deck(), 2, game.rules.board())


def test_variant_names_are_case_insensitive_with_aliases() -> None:
    assert tc.new_game("BASE", 2, seed=1).variant == "base"
    assert tc.new_game("standard", 2, seed=1).variant == "base"


def test_parse_action_reports_syntax_with_examples() -> None:
    game = game_with({"d6": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    with pytest.raises(tc.ActionSyntaxError, match=r"'fly' is not an action .* 'Bd6'"):
        game.parse_action("fly")
    for bad in ("", "   ", "Bz9", "Xd6", "bd6", "Bd6/", "Bd6>CX2", "x", "xQ"):
        with pytest.raises(tc.ActionSyntaxError):
            game.parse_action(bad)
    with pytest.raises(tc.ActionSyntaxError, match="string"):
        game.parse_action(42)  # type: ignore[arg-type]
    assert game.parse_action("  Bd6 ") == Step(Colour.BLUE, Square.parse("d6"), Colour.BLUE)
    assert game.parse_action("Bd6/B") == game.parse_action("Bd6")


def test_illegal_errors_are_value_errors_with_a_rule() -> None:
    game = game_with({"d6": "B3s", "c5": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    with pytest.raises(ValueError, match="R13") as err:
        game.apply(Step(Colour.BLUE, Square.parse("d6"), Colour.BLUE))
    assert isinstance(err.value, tc.IllegalActionError)
    assert err.value.rule == "R13"
    assert err.value.action == Step(Colour.BLUE, Square.parse("d6"), Colour.BLUE)


def test_apply_rejects_what_is_not_an_action_and_changes_nothing() -> None:
    game = tc.new_game("base", 3, seed=9)
    before = game.copy()
    for junk in ("pass", None, 3, [1], {"a": 1}, object()):
        with pytest.raises(tc.IllegalActionError):
            game.apply(junk)  # type: ignore[arg-type]
    assert game == before


def test_steps_validate_their_fields() -> None:
    with pytest.raises(TypeError):
        Step(2, Square.parse("d6"), Colour.BLUE)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="square index"):
        Square(64)


def test_action_text_of_a_foreign_action() -> None:
    class Dance(tc.Action):
        pass

    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(tc.ActionSyntaxError, match="writes"):
        game.action_text(Dance())
    with pytest.raises(tc.IllegalActionError, match="has no action like"):
        game.apply(Dance())


def test_copy_is_independent_and_equal() -> None:
    game = tc.new_game("base", 4, seed=3)
    copy = game.copy()
    assert copy == game
    copy.apply(copy.legal_actions()[0])
    assert copy != game
    assert len(game.history) == 0


def test_undo_restores_exactly_and_reports_the_action() -> None:
    game = tc.new_game("base", 4, seed=3)
    tc.play(game, [tc.RandomBot(i) for i in range(4)], max_actions=30)
    before = game.copy()
    action = game.legal_actions()[0]
    game.apply(action)
    assert game.undo() == action
    assert game == before
    while game.history:
        game.undo()
    assert game == game.root()
    with pytest.raises(tc.UndoError, match="no action"):
        game.undo()


def test_dict_round_trip_is_exact_and_json() -> None:
    game = tc.play(tc.new_game("base", 3, seed=5), [tc.GreedyBot(i) for i in range(3)])
    data = game.to_dict()
    again = tc.Game.from_dict(json.loads(json.dumps(data)))
    assert again == game
    assert again.scores() == game.scores()
    assert data["format"] == "trapper-core/game"
    assert data["version"] == 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("history"), "game.history is missing"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(format="pgn"), "format"),
        (lambda d: d.update(seed="x"), "game.seed: expected int"),
        (lambda d: d["setup"]["board"].__setitem__(0, "Z9n"), r"setup.board\[0\]"),
        (lambda d: d["setup"].update(deck="BEGP"), "deck differs"),
        (lambda d: d["history"].append("Qz9"), r"history\[\d+\] 'Qz9'"),
        (lambda d: d["history"].insert(0, "end"), r"history\[0\] 'end': R11"),
        (lambda d: d.update(variant="nope"), "no variant"),
    ],
)
def test_from_dict_errors_say_where(edit: object, message: str) -> None:
    game = tc.play(tc.new_game("base", 2, seed=8), [tc.RandomBot(1), tc.RandomBot(2)])
    data = json.loads(json.dumps(game.to_dict()))
    edit(data)  # type: ignore[operator]
    with pytest.raises(tc.GameFormatError, match=message):
        tc.Game.from_dict(data)


def test_from_dict_rejects_non_mappings() -> None:
    with pytest.raises(tc.GameFormatError, match="mapping"):
        tc.Game.from_dict([])  # type: ignore[arg-type]


def test_view_hides_face_down_tiles_and_other_hands() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    view = game.view(1)
    assert view.tile_at(Square.parse("d6")) == Tile.from_code("B1n")
    assert view.tile_at(Square.parse("d7")) is FACE_DOWN
    assert view.tile_at(Square.parse("a1")) is None
    assert view.hand == tc.Hand(beige=6)
    assert view.hand_sizes == (6, 6)
    assert view.legal_actions == ()
    assert game.view(0).legal_actions == game.legal_actions()
    assert not hasattr(view, "draw_pile")
    check_view(game, view)
    with pytest.raises(tc.SetupError, match="seat 2"):
        game.view(2)


def test_retired_hands_stay_secret_in_views() -> None:
    game = game_with({"d6": "B1n"}, players=3, hands=["BBBBBB", "EEEEEE", "GGGGGG"])
    play(game, "retire")
    assert game.view(1).out_of_game == 6


def test_reprs_paste_back() -> None:
    tile = Tile.from_code("CB2e")
    assert eval(repr(tile), {"Tile": Tile}) == tile
    square = Square.parse("g7")
    assert eval(repr(square), {"Square": Square}) == square
    hand = tc.Hand(blue=1, purple=2)
    assert eval(repr(hand), {"Hand": tc.Hand}) == hand
    assert "A to move" in repr(tc.new_game("base", 2, seed=1))


def test_tile_codes_reject_nonsense() -> None:
    for bad in ("", "B", "B3", "B3x", "CB0n", "CQ1n", "Z1n", "H0n", "B10n"):
        with pytest.raises(tc.SetupError):
            Tile.from_code(bad)


def test_legal_actions_are_the_single_source_of_truth() -> None:
    game = tc.new_game("base", 4, seed=12)
    legal = set(game.legal_actions())
    for colour in Colour:
        for square in tc.SQUARES:
            for payment in Colour:
                step = Step(colour, square, payment)
                assert game.is_legal(step) == (step in legal)
                if step not in legal:
                    with pytest.raises(tc.IllegalActionError):
                        game.apply(step)


def test_face_down_is_written_as_its_constant_is_named() -> None:
    assert str(tc.FACE_DOWN) == repr(tc.FACE_DOWN) == f"{tc.FACE_DOWN}" == "FACE_DOWN"


def _replayed_to_its_end(seed: int = 5) -> tuple[tc.Game, tuple[tc.Action, ...]]:
    """A 2-player base game played to its end, its last action applied
    with nothing listed since (as a replay applies every action), and the
    actions that were legal before it."""
    game = tc.new_game("base", 2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = game.root()
    for action in game.history[:-1]:
        again.apply(action)
    before = again.legal_actions()
    again.apply(game.history[-1])
    assert again.is_over
    return again, before


def test_R31_a_finished_game_answers_that_nothing_is_legal_with_nothing_listed() -> None:
    """With nothing listed since the last action (a replay's way), the
    variant's kinds are not asked about a finished game, whose turn has
    nobody to move: is_legal said a TypeError from inside the rules."""
    game, before = _replayed_to_its_end()
    assert [game.is_legal(action) for action in before] == [False] * len(before)
    for action in before:
        with pytest.raises(tc.IllegalActionError, match="the game is over"):
            game.apply(action)
    assert game == _replayed_to_its_end()[0]


def test_copy_keeps_an_undo_list_of_its_own() -> None:
    game = tc.new_game("base", 2, seed=1)
    for text in ("Bc5", "end", "pass"):
        game.apply_text(text)
    last = game.history[-1]
    copy = game.copy()
    copy.undo()
    copy.undo()
    assert len(copy.history) == 1
    assert game.undo() == last  # its own snapshot, not one the copy took
    assert len(game.history) == 2
    assert game == game.at(2)


def test_games_at_one_position_by_other_moves_differ() -> None:
    """Equal states reached by other histories are other games (``==`` of
    games compares the history; ``position_key`` is the position's)."""
    a = tc.new_game("base", 2, seed=1)
    a.apply_text("Bc5")
    a.apply_text("Bb5/GG")
    b = tc.new_game("base", 2, seed=1)
    b.apply_text("Bc5/GG")
    b.apply_text("Bb5")
    assert a.state == b.state
    assert a.history != b.history
    assert a != b
    assert a.position_key() == b.position_key()


def test_states_of_other_seeds_or_boxes_differ() -> None:
    """A state's seed makes the reshuffles to come and its box is part of
    the setup: states alike but for either are not equal."""
    a = tc.new_game("base", 2, seed=1)
    assert a.state != tc.new_game("base", 2, seed=2, setup=a.setup).state
    box = list(a.setup.box)
    box[0] = Tile.from_face(box[0].face, tc.Direction((box[0].water + 1) % 4))
    other = tc.new_game("base", 2, seed=1, setup=attrs.evolve(a.setup, box=tuple(box)))
    assert a.state != other.state


@pytest.mark.parametrize(
    ("package", "modules"),
    [
        (
            "trapper_base",
            "actions checks components mechanics movement placement sampling"
            " scoring strategy text turn",
        ),
        ("trapper_tactical", "actions strategy text turn"),
    ],
)
def test_review_s56_every_documented_module_name_is_in_the_packages_all(
    package: str, modules: str
) -> None:
    """docs/api.md says every name it shows of these modules is in the
    package's ``__all__``; ``targets_kept``, ``revealed_problems``,
    ``token_problems``, ``trapper_sampler`` and the tactical
    ``turn_problems`` were shown but were not."""
    top = importlib.import_module(package)
    for module in modules.split():
        names = importlib.import_module(f"{package}.{module}").__all__
        missing = [name for name in names if name not in top.__all__]
        assert not missing, f"{package}.{module}: {missing} not in {package}.__all__"
        for name in names:
            assert getattr(top, name) is getattr(
                importlib.import_module(f"{package}.{module}"), name
            )


# A key for a search's transposition table.


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_review_s56_position_key_is_the_positions_whatever_led_there(variant: str) -> None:
    """A search keyed its table by ``state.snapshot()``, which holds the count
    of turns, every reshuffled pile and the cards drawn, or by the view,
    which holds the history: no two paths ever met. ``position_key`` is what
    decides the game from here: the same position made again from its
    position string (no history, no reshuffles' piles) has the key, and the
    same actions from two positions of one key keep them one."""
    rng = random.Random(variant)
    game = tc.new_game(variant, 3, seed=5)
    keys: dict[tuple[object, ...], tuple[tc.Action, ...]] = {}
    while not game.is_over:
        key = game.position_key()
        hash(key)
        assert keys.setdefault(key, game.legal_actions()) == game.legal_actions()
        made = notation.Position.from_game(game).to_game(variant, seed=game.seed)
        assert made.position_key() == key
        if len(game.history) % 20 == 0:  # the same moves from both: one key all along
            twin, ahead = made, game.copy()
            for _ in range(15):
                if ahead.is_over:
                    break
                action = rng.choice(ahead.legal_actions())
                ahead.apply(action)
                twin.apply(action)
                assert twin.position_key() == ahead.position_key()
        game.apply(rng.choice(game.legal_actions()))
    assert game.position_key() != tc.new_game(variant, 3, seed=5).position_key()


def test_review_s56_D20_a_round_that_changed_nothing_keeps_the_key() -> None:
    """Two passes with no card to draw change nothing but the count of
    turns: one key, for the game and for each view, while the snapshot
    differs."""
    game = tc.new_game("base", 2, seed=1)
    while game.state.draw_pile or any(game.state.discard):
        game.apply(tb.PASS)
    before, views = game.position_key(), [game.view(s).position_key() for s in (0, 1)]
    snapshot = game.state.snapshot()
    game.apply(tb.PASS)
    game.apply(tb.PASS)
    assert game.state.snapshot() != snapshot
    assert game.position_key() == before
    assert [game.view(s).position_key() for s in (0, 1)] == views
    other = tc.new_game("base", 2, seed=2)
    assert other.position_key() != tc.new_game("base", 2, seed=1).position_key()


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_a_text_from_a_seat_not_to_move_is_refused_before_it_is_read(variant: str) -> None:
    """A server parsed a player's text before checking who sent it, and the
    error told that player about the mover's hand (``the hand holds 0``,
    ``more than the hand can pay (5)``): ``seat=`` refuses it first."""
    game = tc.new_game(variant, ["Ann", "Bob"], seed=1)
    before = game.to_dict()
    for text in ("qq", "Bc5/EE", "B9", "pass"):
        for call in (game.parse_action, game.apply_text):
            with pytest.raises(tc.IllegalActionError) as info:
                call(text, seat=1)
            assert str(info.value) == (
                "it is the turn of seat 0 ('Ann'), not of seat 1 ('Bob'): "
                "nothing seat 1 sends is read now"
            )
            assert info.value.rule is None
    assert game.to_dict() == before
    assert game.parse_action("pass", seat=0) == game.parse_action("pass")
    with pytest.raises(tc.SetupError, match="there is no seat 2 among 2 players"):
        game.parse_action("pass", seat=2)
    game.apply_text("pass", seat=0)
    assert len(game.history) == 1


def test_a_finished_game_reads_nothing_from_any_seat() -> None:
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.RandomBot(0), tc.RandomBot(1)])
    with pytest.raises(tc.IllegalActionError, match="the game is over: no seat is to move"):
        game.parse_action("pass", seat=0)


def test_a_views_repr_is_short_at_any_length_of_game() -> None:
    """A view's repr was attrs' own: the board, the displays and the whole
    history (14 kB at the end of a game, 166 kB at 20,000 actions), saved
    into a notebook with every view a cell showed."""
    game = tc.new_game("base", ["Ann", "Bob"], seed=1)
    game.apply_text("pass")
    assert repr(game) == "<Game 'base', 2 players, 1 action, Bob to move>"
    assert repr(game.view(0)) == (
        "<PlayerView of Ann (seat 0), 'base', 2 players, 1 action, Bob to move>"
    )
    finished = tc.play(tc.new_game("base", 3, seed=5), [tc.GreedyBot(s) for s in range(3)])
    assert repr(finished.view(1)).endswith(f"{len(finished.history)} actions, over>")
    assert len(repr(finished.view(1))) < 100


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"player": 3}, "its player is a seat from 0 to 1, not 3"),
        ({"to_move": 5}, "its to_move is a seat from 0 to 1 or None, not 5"),
        ({"players": ()}, "its players are a tuple of names, not ()"),
    ],
)
def test_the_repr_of_a_misshapen_view_says_what_is_wrong(
    fields: dict[str, Any], problem: str
) -> None:
    """The short repr read the view's seats by name and raised IndexError
    for a view made by hand; attrs' own had printed it."""
    import attrs

    view = attrs.evolve(tc.new_game("base", 2, seed=1).view(0), **fields)
    assert repr(view).endswith(f"misshapen: {problem}>")


@pytest.mark.parametrize(
    ("fields", "asked", "problem"),
    [
        ({"player": 5}, "display", "its player is a seat from 0 to 1, not 5"),
        ({"board": (None,) * 3}, "tile_at()", "its board has 64 squares, not (None, None, None)"),
    ],
)
def test_a_misshapen_view_s_display_and_tile_at_say_what_is_wrong(
    fields: dict[str, Any], asked: str, problem: str
) -> None:
    """A view made by hand with a seat or a board of no game raised a bare
    IndexError from ``view.display`` or ``view.tile_at``; they say what is
    wrong, as its repr does."""
    import attrs

    view = attrs.evolve(tc.new_game("base", 2, seed=1).view(0), **fields)
    with pytest.raises(tc.SetupError) as refused:
        view.tile_at("d8") if asked == "tile_at()" else view.display
    assert str(refused.value) == f"{asked} of a view of no game: {problem}"


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_a_view_s_scores_are_the_game_s_at_every_decision_and_at_the_end(variant: str) -> None:
    """The scores are public (the payouts and the end valuation are on the
    table): every player's view gives what ``Game.scores`` gives, before the
    end and after it."""
    game = tc.new_game(variant, 3, seed=11)
    rng = random.Random(11)
    while True:
        for seat in range(3):
            assert game.view(seat).scores() == game.scores()
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert any(game.scores())


def test_every_name_of_a_module_api_md_shows_by_name_is_shown() -> None:
    """docs/api.md shows some modules name by name (``::: trapper_core.svg.
    position``): every name of such a module's ``__all__`` is shown, there
    or at the top of its package (``svg.MAX_SIZE``, ``sampling.sample`` and
    ``invariants.check_view`` were public but nowhere in the reference)."""
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"^::: ([\w.]+)", text, flags=re.MULTILINE))
    packages = ("trapper_core", "trapper_notation", "trapper_base", "trapper_tactical")
    modules = {
        name.rpartition(".")[0]
        for name in shown
        if name.count(".") == 2 and name.split(".")[0] in packages
    }
    assert "trapper_core.svg" in modules
    for module_name in sorted(modules):
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # an extra's module (trapper_core.ray) without the extra
            continue
        top = module_name.partition(".")[0]
        missing = [
            name
            for name in module.__all__
            if f"{module_name}.{name}" not in shown and f"{top}.{name}" not in shown
        ]
        assert not missing, f"{module_name}: {missing} are not in docs/api.md"
