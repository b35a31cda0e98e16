"""Mistakes a newcomer makes writing a variant plugin from the docs: each is
a clear `PluginError` (or, for an entry point, a `PluginWarning` and an
entry in `Registry.failed`) naming the variant, the plugin or kind, and the
hook or method, instead of a variant that vanishes, a kind never listed or
an error met deep inside the engine."""

from __future__ import annotations

import re
import sys
import types
import warnings
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_base import Turn
from trapper_core import Colour, GameState, IllegalActionError, Registry, VariantSpec, hookimpl
from trapper_core.conformance import check_variant
from trapper_core.invariants import InvariantError, check_action

from .helpers import install_plugins


@attrs.frozen
class Gift(tc.Action):
    """Give one card of a colour to the bank instead of hunting."""

    colour: Colour


class GiftKind(tc.ActionKind[Gift]):
    name = "gift"
    action_type = Gift
    choices = ("colour",)

    def unavailable(self, state: GameState) -> str | None:
        turn = state.turn
        assert isinstance(turn, Turn)
        return "G1: give instead of hunting" if turn.trapper is not None else None

    def colour_options(self, state: GameState) -> Any:
        assert state.to_move is not None
        return [c for c in Colour if state.hands[state.to_move][c]]

    def apply(self, state: GameState, action: Gift) -> None:
        assert state.to_move is not None
        tb.pay(state, state.to_move, action.colour, 1)
        tb.advance(state)

    def text(self, state: GameState, action: Gift) -> str:
        return f"gift-{action.colour.letter}"

    def parse(self, state: GameState, text: str) -> Gift | None:
        if not text.startswith("gift-"):
            return None
        return Gift(Colour.from_letter(text.removeprefix("gift-")))


def registry_of(*plugins: object, kinds: tuple[object, ...] = (), **spec: Any) -> Registry:
    """A registry of the installed variants and one more, ``v``."""
    spec.setdefault("extends", "base")

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [VariantSpec("v", plugins, kinds=kinds, **spec)]  # type: ignore[arg-type]

    return Registry([Register()])


def game_of(*plugins: object, kinds: tuple[object, ...] = ()) -> tc.Game:
    return tc.new_game("v", 2, seed=1, registry=registry_of(*plugins, kinds=kinds))


# --- 1. an entry point that names no plugin ----------------------------------


def test_an_entry_point_naming_a_hook_function_is_left_out_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = types.ModuleType("trapper_salmonrun")

    @hookimpl
    def trapper_variants() -> list[VariantSpec]:
        return [VariantSpec("salmonrun", (), extends="base")]

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    install_plugins(monkeypatch, salmonrun="trapper_salmonrun:trapper_variants")
    with pytest.warns(tc.PluginWarning, match="'salmonrun' is left out") as caught:
        registry = Registry()
    why = registry.failed["salmonrun"]
    assert "trapper_salmonrun:trapper_variants" in why
    assert "implements no hook" in why
    assert "the module, trapper_salmonrun," in why
    assert "an instance of the plugin class" in why
    assert why in str(caught[0].message)
    assert "salmonrun" not in registry.names()
    with pytest.raises(tc.UnknownVariantError, match="left out: salmonrun"):
        registry.spec("salmonrun")


def test_an_entry_point_naming_a_module_is_still_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("trapper_salmonrun")

    @hookimpl
    def trapper_variants() -> list[VariantSpec]:
        return [VariantSpec("salmonrun", (), extends="base")]

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    install_plugins(monkeypatch, salmonrun=module)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = Registry()
    assert registry.failed == {}
    assert "salmonrun" in registry.names()


# --- 2. options that are no collection of values -----------------------------


class Forgetful(GiftKind):
    def colour_options(self, state: GameState) -> Any:
        [c for c in Colour if state.hands[state.to_move or 0][c]]  # no return


class Counting(GiftKind):
    def colour_options(self, state: GameState) -> Any:
        return 4  # a count, not the colours


class NoneLeft(GiftKind):
    """Answers a count that is falsy: as empty as no options to ``not``."""

    def colour_options(self, state: GameState) -> Any:
        return 0


class Refusing(GiftKind):
    def colour_options(self, state: GameState) -> Any:
        return False  # "no colours", said as a truth value


def _says_which(error: tc.PluginError, kind: type) -> None:
    text = str(error)
    assert "variant 'v'" in text
    assert "the 'gift' kind" in text
    assert kind.__qualname__ in text
    assert "colour_options(state)" in text


@pytest.mark.parametrize("kind", [Forgetful, Counting, NoneLeft, Refusing])
def test_options_that_are_no_collection_are_a_plugin_error_when_listed(kind: type) -> None:
    game = game_of(kinds=(kind(),))
    with pytest.raises(tc.PluginError) as caught:
        game.legal_actions()
    _says_which(caught.value, kind)
    with pytest.raises(tc.PluginError) as caught:
        game.view(0).legal_actions  # noqa: B018
    _says_which(caught.value, kind)


@pytest.mark.parametrize("kind", [Forgetful, Counting, NoneLeft, Refusing])
def test_options_that_are_no_collection_are_a_plugin_error_when_an_action_is_checked(
    kind: type,
) -> None:
    game = game_of(kinds=(kind(),))
    # Nothing listed: the kind judges the action alone, as in a replay.
    with pytest.raises(tc.PluginError) as caught:
        game.apply(Gift(Colour.BLUE))
    _says_which(caught.value, kind)
    with pytest.raises(tc.PluginError) as caught:
        game.rules.kinds[0].problem(game.state, Gift(Colour.BLUE))
    _says_which(caught.value, kind)
    assert game.history == ()


@pytest.mark.parametrize("kind", [Forgetful, Counting, NoneLeft, Refusing])
def test_options_that_are_no_collection_are_reported_by_the_conformance_kit(kind: type) -> None:
    report = check_variant("v", games=1, registry=registry_of(kinds=(kind(),)))
    assert not report.ok
    (problem,) = report.problems
    assert problem.error.startswith("PluginError: variant 'v': the 'gift' kind")
    assert "colour_options(state)" in problem.error


def test_options_that_are_empty_sequences_are_listed_as_nothing() -> None:
    class Nothing(GiftKind):
        def colour_options(self, state: GameState) -> Any:
            return ()

    game = game_of(kinds=(Nothing(),))
    assert not any(isinstance(a, Gift) for a in game.legal_actions())
    # the value as its text (a colour's name), not its repr
    with pytest.raises(IllegalActionError, match="gift: its colour, blue, is not open now"):
        game.apply(Gift(Colour.BLUE))


class Sometimes(GiftKind):
    """Forgets its ``return`` on one path only: for every seat but the first."""

    def colour_options(self, state: GameState) -> Any:  # noqa: RET503
        if state.to_move == 0:
            return [c for c in Colour if state.hands[0][c]]
        [c for c in Colour if state.hands[state.to_move or 0][c]]  # no return


def test_options_answering_none_on_one_path_are_reported_by_the_conformance_kit() -> None:
    report = check_variant("v", games=1, registry=registry_of(kinds=(Sometimes(),)))
    assert not report.ok
    (problem,) = report.problems
    assert problem.error.startswith("PluginError: variant 'v': the 'gift' kind")
    assert "colour_options(state) returned None" in problem.error


def test_the_listing_finds_none_in_any_position() -> None:
    game = game_of(kinds=(Sometimes(),))
    assert any(isinstance(a, Gift) for a in game.legal_actions())  # seat 0: options given
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Gift)))
    assert game.to_move == 1
    with pytest.raises(
        tc.PluginError, match=r"variant 'v'.*colour_options\(state\) returned None"
    ):
        game.legal_actions()


# --- 3. a hook method without self -------------------------------------------


def test_a_hook_method_without_self_is_refused_when_the_variant_is_made() -> None:
    class Payout:
        @hookimpl
        def trapper_canoe_payout(row):  # type: ignore[no-untyped-def]
            return 3

    registry = registry_of(Payout())
    with pytest.raises(tc.PluginError) as caught:
        registry.rules("v")
    text = str(caught.value)
    assert "variant 'v'" in text
    assert "Payout" in text
    assert "trapper_canoe_payout" in text
    assert "'row'" in text
    assert "self" in text


def test_a_hook_method_taking_nothing_is_refused_when_the_variant_is_made() -> None:
    class Sizes:
        @hookimpl
        def trapper_hand_size():  # type: ignore[no-untyped-def,misc]
            return 6

    with pytest.raises(tc.PluginError, match=r"variant 'v'.*trapper_hand_size.*self"):
        registry_of(Sizes()).rules("v")


def test_a_hook_method_with_self_and_a_static_hook_are_taken() -> None:
    class Payouts:
        @hookimpl
        def trapper_canoe_payout(self, row: object) -> int | None:
            return None

        @staticmethod  # above the mark: pluggy 1.3 (the floor) sees no mark on a staticmethod
        @hookimpl
        def trapper_hand_size(players: int) -> int:
            return 6

    registry_of(Payouts()).rules("v")


# --- 4. a choice without its options ------------------------------------------


def test_a_choice_without_an_options_method_is_a_plugin_error() -> None:
    class Optionless(tc.ActionKind[Gift]):
        name = "gift"
        action_type = Gift
        choices = ("colour",)

        def apply(self, state: GameState, action: Gift) -> None: ...

        def text(self, state: GameState, action: Gift) -> str:
            return "gift"

        def parse(self, state: GameState, text: str) -> Gift | None:
            return None

    with pytest.raises(
        tc.PluginError, match=r"Optionless has the choice 'colour' but no method colour_options"
    ):
        Optionless()


# --- 5. an apply that raises ---------------------------------------------------


class Scribble(GiftKind):
    """Changes a display in place: attrs refuses, as displays are frozen."""

    def apply(self, state: GameState, action: Gift) -> None:
        state.displays[0].money = 5  # type: ignore[misc]


def test_an_apply_raising_a_foreign_error_gets_a_note_naming_variant_and_kind() -> None:
    game = game_of(kinds=(Scribble(),))
    before = game.copy()
    action = next(a for a in game.legal_actions() if isinstance(a, Gift))
    with pytest.raises(attrs.exceptions.FrozenInstanceError) as caught:
        game.apply(action)
    notes = caught.value.__notes__
    assert len(notes) == 1
    assert "variant 'v'" in notes[0]
    assert "the 'gift' kind" in notes[0]
    assert "Scribble" in notes[0]
    assert "apply" in notes[0]
    assert game == before


def test_an_apply_raising_a_trapper_error_gets_no_note() -> None:
    class Refusing(GiftKind):
        def apply(self, state: GameState, action: Gift) -> None:
            raise IllegalActionError("G2: no gifts today")

    game = game_of(kinds=(Refusing(),))
    action = next(a for a in game.legal_actions() if isinstance(a, Gift))
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert not getattr(caught.value, "__notes__", None)


def test_a_hook_raising_after_the_apply_gets_no_note_naming_the_kind() -> None:
    class Broken:
        armed = False

        @hookimpl
        def trapper_is_over(self, state: GameState) -> bool | None:
            if self.armed:
                raise KeyError("oops")
            return None

    broken = Broken()
    game = game_of(broken)
    broken.armed = True
    with pytest.raises(KeyError) as caught:
        game.apply(game.legal_actions()[0])
    assert not any("kind" in note for note in getattr(caught.value, "__notes__", ()))


# --- 6. action_text given a text ---------------------------------------------


def test_action_text_given_a_str_points_to_parse_action() -> None:
    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(tc.ActionSyntaxError) as caught:
        game.action_text("pass")  # type: ignore[arg-type]
    text = str(caught.value)
    assert "action_text takes an action, not a str" in text
    assert "parse_action" in text
    assert "apply_text" in text
    assert "writes" not in text


# --- 7. extends a misspelt variant --------------------------------------------


def test_extending_a_misspelt_variant_lists_the_others_installed() -> None:
    registry = registry_of(extends="bsae")
    with pytest.raises(tc.UnknownVariantError) as caught:
        registry.rules("v")
    text = str(caught.value)
    assert "variant 'v' extends 'bsae'" in text
    installed = text.split("installed: ", 1)[1]
    assert "base" in installed
    assert "v" not in installed.replace("(did you mean", "").split(", ")


# --- 8. a hand size that is no count -------------------------------------------


def test_a_bad_hand_size_names_the_variant() -> None:
    class Sizes:
        @hookimpl
        def trapper_hand_size(self, players: int) -> object:
            return "7"

    with pytest.raises(
        tc.PluginError, match=r"^variant 'v': trapper_hand_size\(2\) returned '7', not a count"
    ):
        game_of(Sizes())


# --- 9. a kind without a name ----------------------------------------------------


@pytest.mark.parametrize("name", [None, "", "   ", 5])
def test_a_kind_whose_name_is_no_text_is_refused_when_the_variant_is_made(name: object) -> None:
    class Nameless(GiftKind):
        pass

    Nameless.name = name  # type: ignore[assignment]
    with pytest.raises(tc.PluginError, match=r"variant 'v'.*Nameless.*name"):
        registry_of(kinds=(Nameless(),)).rules("v")


def test_a_kind_without_a_name_is_refused_when_the_variant_is_made() -> None:
    class Nameless(tc.ActionKind[Gift]):
        action_type = Gift

        def apply(self, state: GameState, action: Gift) -> None: ...

        def text(self, state: GameState, action: Gift) -> str:
            return "gift"

        def parse(self, state: GameState, text: str) -> Gift | None:
            return None

    with pytest.raises(tc.PluginError, match=r"variant 'v'.*Nameless.*name"):
        registry_of(kinds=(Nameless(),)).rules("v")


@attrs.frozen
class _Peek(tc.Action):
    square: tc.Square = attrs.field(validator=tc.exactly(tc.Square))


class _PeekKind(tc.ActionKind[_Peek]):
    """Instead of hunting, turn up a face-down tile next to a face-up one
    (a house rule of the tests); ``clears`` says whether its apply turns the
    tile up through ``GameState.turn_up`` or by setting ``face_up`` itself."""

    name, action_type, choices = "peek", _Peek, ("square",)

    def __init__(self, clears: bool) -> None:
        super().__init__()
        self.clears = clears

    def square_options(self, state: GameState) -> list[tc.Square]:
        if tb.turn_of(state).trapper is not None:
            return []
        up, board = state.face_up, state.board
        return [
            tc.SQUARES[s]
            for s in range(64)
            if board[s] is not None
            and not up >> s & 1
            and any(board[n] is not None and up >> n & 1 for n, _ in tc.NEIGHBOURS[s])
        ]

    def apply(self, state: GameState, action: _Peek) -> None:
        if self.clears:
            state.turn_up(action.square.index)
        else:  # the cached step targets are left as they were
            state.face_up |= 1 << action.square.index
        tb.advance(state)

    def text(self, state: GameState, action: _Peek) -> str:
        return f"peek-{action.square.name}"

    def parse(self, state: GameState, text: str) -> _Peek | None:
        return _Peek(tc.Square.parse(text[5:])) if text.startswith("peek-") else None


@pytest.mark.parametrize("clears", [True, False])
def test_review_s55_a_rule_that_turns_a_tile_up_without_clearing_the_step_targets_is_told(
    clears: bool,
) -> None:
    """A kind that turned a tile up by setting ``face_up`` left the cached
    step targets of an isolated trapper (who may take any face-up tile,
    R14) without the new tile: the game listed two steps fewer than the same
    position rebuilt, and the conformance kit saw nothing. ``turn_up``
    clears the cache; the kit's check of a position lists its actions again
    from an empty cache and tells a stale one."""
    peeking = VariantSpec("peeking", (), "base", kinds=[_PeekKind(clears)])
    registry = Registry([types.SimpleNamespace(trapper_variants=hookimpl(lambda: [peeking]))])
    game = tc.new_game("peeking", 2, seed=3, registry=registry)
    game.apply_text("Bc5/EE")
    game.apply_text("end")
    game.legal_actions()  # the step targets cached
    game.apply_text("peek-b4")  # beige is isolated: b4 is a new target
    rebuilt = tc.Game.from_dict(game.to_dict(), registry=registry)
    if clears:
        assert game.legal_actions() == rebuilt.legal_actions()
        check_action(game)
    else:
        assert len(game.legal_actions()) < len(rebuilt.legal_actions())
        with pytest.raises(InvariantError, match="step targets cached in the state are stale"):
            check_action(game)


@pytest.mark.parametrize("answer", ["turn counter started", None, True, False, 3])
def test_review_s55_a_check_that_returns_no_iterable_of_problems_is_named(answer: object) -> None:
    """A named check returning a description alone was read a character at
    a time ("mine: t"), and one returning None or a bool raised a TypeError
    naming neither the check nor the variant."""
    from trapper_core.invariants import check_invariants

    check: Any = lambda state: answer  # noqa: E731 - a check of the wrong kind, on purpose
    checked = VariantSpec("checked", (), "base", invariants={"mine": check})
    registry = Registry([types.SimpleNamespace(trapper_variants=hookimpl(lambda: [checked]))])
    game = tc.new_game("checked", 2, seed=1, registry=registry)
    with pytest.raises(tc.PluginError, match=r"variant 'checked': the check 'mine' returned"):
        check_invariants(game)


def test_review_s55_a_trapper_variants_that_returns_nothing_is_told() -> None:
    """A trapper_variants whose return was left out registered nothing, and
    the variant was later "not installed": pluggy passes over an answer of
    None."""

    class Forgot:
        @hookimpl
        def trapper_variants(self) -> None:
            [VariantSpec("forgot", (), "base")]  # the return left out

    with pytest.raises(tc.PluginError, match=r"returned None, not a list of VariantSpec objects"):
        Registry([Forgot()])


@pytest.mark.parametrize("answer", ["lots", float("nan"), True, 1e400])
def test_review_s55_the_conformance_kit_asks_trapper_position_worth(answer: object) -> None:
    """Neither bot of the kit asks trapper_position_worth (ISMCTSBot does):
    one answering "lots" passed the kit with no problem."""

    class Worth:
        @hookimpl
        def trapper_position_worth(self, view: tc.PlayerView, bot: tc.GreedyBot) -> object:
            return answer

    valued = VariantSpec("valued", (Worth(),), "base")
    registry = Registry([types.SimpleNamespace(trapper_variants=hookimpl(lambda: [valued]))])
    report = check_variant("valued", games=1, samples=0, registry=registry)
    assert not report.ok
    assert "trapper_position_worth answered" in report.problems[0].error


def test_review_s55_a_sound_position_worth_passes_the_conformance_kit() -> None:
    class Worth:
        @hookimpl
        def trapper_position_worth(self, view: tc.PlayerView, bot: tc.GreedyBot) -> float:
            return float(view.displays[view.player].money)

    valued = VariantSpec("valued", (Worth(),), "base")
    registry = Registry([types.SimpleNamespace(trapper_variants=hookimpl(lambda: [valued]))])
    assert check_variant("valued", games=1, samples=0, registry=registry).ok


@attrs.define  # mutable: the mistake
class _NotedTurn:
    trapper: Colour | None = None
    exchanged: bool = False
    notes: list[str] = attrs.field(factory=list)


@attrs.frozen
class _Note(tc.Action):
    pass


class _NoteKind(tc.ActionKind[_Note]):
    """Notes a word in the turn record, in place, and passes the turn on."""

    name, action_type = "note", _Note

    def apply(self, state: GameState, action: _Note) -> None:
        state.turn.notes.append("seen")  # type: ignore[attr-defined]
        tb.advance(state)

    def text(self, state: GameState, action: _Note) -> str:
        return "note"

    def parse(self, state: GameState, text: str) -> _Note | None:
        return _Note() if text == "note" else None


def test_review_s55_a_turn_record_changed_in_place_is_told_by_the_kit() -> None:
    """A kind that changed the turn record in place changed every copy that
    shares it, the original too: the kit's check that an action applied to
    a copy leaves the original as it was could not see it."""

    class Noted:
        @hookimpl
        def trapper_new_turn(self, state: GameState) -> _NotedTurn:
            return _NotedTurn()

    noted = VariantSpec("noted", (Noted(),), "base", kinds=[_NoteKind()])
    registry = Registry([types.SimpleNamespace(trapper_variants=hookimpl(lambda: [noted]))])
    game = tc.new_game("noted", 2, seed=1, registry=registry)
    assert any(isinstance(action, _Note) for action in game.legal_actions())
    with pytest.raises(InvariantError, match="changed the turn record in place"):
        check_action(game)


def test_review_s55_a_hook_marked_by_another_projects_marker_is_told_so() -> None:
    """A hook marked with ``pluggy.HookimplMarker("trapper")`` was told to
    "mark the function itself @hookimpl": it is marked, by another project."""
    import pluggy

    other = pluggy.HookimplMarker("trapper")

    class Marked:
        @other
        def trapper_variants(self) -> list[VariantSpec]:
            return []

    with pytest.raises(
        tc.PluginError,
        match=re.escape(
            "trapper_variants is marked as a hook of the project 'trapper', not of "
            "'trapper_core': mark it with trapper_core.hookimpl"
        ),
    ):
        Registry([Marked()])


def test_the_state_s_setters_keep_the_targets_and_face_up_squares_true() -> None:
    """What ``GameState``'s setters promise a variant's rules: moving a
    trapper (``set_trapper``) and taking a tile off (``remove_tile``) leave
    no stale step target and no face-up empty square; each answer is the
    one a state with nothing cached works out."""

    def fresh(state: GameState, colour: Colour) -> tuple[int, ...]:
        cold = state.copy()
        cold.targets = (None, None, None, None)
        return cold.step_targets(colour)

    game = tc.new_game("base", 2, seed=1)
    start = game.state.trappers[Colour.BLUE]
    game.apply_text("Bc5")
    state = game.state.copy()
    state.step_targets(Colour.BLUE)  # cached where blue stands now
    state.set_trapper(Colour.BLUE, start)
    assert state.step_targets(Colour.BLUE) == fresh(state, Colour.BLUE)

    state = tc.new_game("base", 2, seed=1).state.copy()
    square = next(i for i, tile in enumerate(state.board) if tile and not state.face_up >> i & 1)
    state.turn_up(square)
    for colour in tc.COLOURS:
        state.step_targets(colour)
    state.remove_tile(square)
    assert state.board[square] is None
    assert not state.face_up >> square & 1
    assert square not in state.face_up_squares()
    for colour in tc.COLOURS:
        assert state.step_targets(colour) == fresh(state, colour)


# A plugin's rule hooks that no variant plays are warned of.


def _tenfold(names_itself: bool) -> types.ModuleType:
    """A module as a plugin author writes one after the charity example: a
    rule hook at module level beside ``trapper_variants``."""
    module = types.ModuleType("trapper_tenfold")

    @tc.hookimpl
    def trapper_canoe_payout(row: tc.Row) -> int:
        return 10 * row.plain_value

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return [tc.VariantSpec("tenfold", (module,) if names_itself else (), "base")]

    module.trapper_canoe_payout = trapper_canoe_payout  # type: ignore[attr-defined]
    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    return module


_ROW = tc.Row(tc.Tile.from_code("CB1n"), (tc.Tile.from_code("B4s"),))


def test_a_rule_hook_no_variant_plays_is_warned_of() -> None:
    """The variant played the base game's payout (8, not 40) and the
    conformance kit passed it: the module's own hook was never asked."""
    with pytest.warns(
        tc.PluginWarning,
        match=r"plugin 'trapper_tenfold' implements trapper_canoe_payout, which no variant "
        r"plays: a variant's rules are the hooks of the plugins its VariantSpec names "
        r"\(a module names itself as sys.modules\[__name__\]\)",
    ):
        registry = tc.Registry([_tenfold(names_itself=False)])
    assert registry.rules("tenfold").canoe_payout(_ROW) == 8


def test_a_module_that_names_itself_plays_its_rule_hooks_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = tc.Registry([_tenfold(names_itself=True)])
        tc.Registry()  # the built-in variants re-export hooks of the plugins they name
    assert registry.rules("tenfold").canoe_payout(_ROW) == 40


class _Forgot:
    """A plugin object that registers a variant and carries a rule method,
    but names no plugin in its VariantSpec."""

    @tc.hookimpl
    def trapper_variants(self) -> list[tc.VariantSpec]:
        return [tc.VariantSpec("forgot", (), "base")]

    @tc.hookimpl
    def trapper_hand_size(self, players: int) -> int:
        return 9


def test_a_plugin_objects_unplayed_hooks_are_told_by_its_class_name() -> None:
    """pluggy names an object plugin by a number: the warning said
    "plugin '140594319321616'"."""
    with pytest.warns(
        tc.PluginWarning,
        match=r"plugin 'tests.test_plugin_mistakes._Forgot' implements trapper_hand_size",
    ):
        registry = tc.Registry([_Forgot()])
    assert registry.rules("forgot").hand_size(2) == 6  # the base game's: told, not played


def test_a_plugin_attribute_that_is_no_hook_does_not_break_the_check_of_unplayed_hooks() -> None:
    """The check reads every ``trapper_…`` attribute of the plugins the
    variants name: an unhashable value is no hook, and the registry is made
    as before (it raised TypeError: unhashable type)."""

    class Odd:
        trapper_settings: dict[str, int] = {"cards": 6}  # noqa: RUF012

        @tc.hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 5

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("odd", (Odd(),), "base")]

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = tc.Registry([Register()])
    assert registry.rules("odd").hand_size(2) == 5
