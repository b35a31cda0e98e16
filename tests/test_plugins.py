"""The plugin system: registry, hook resolution, and a test per hook."""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.metadata
import inspect
import random
import sys
import types
import warnings
from collections.abc import Callable, Generator, Hashable, Sequence
from pathlib import Path
from typing import Any, Literal, Union

import attrs
import pytest

import trapper_base
import trapper_base as tb
import trapper_core as tc
from trapper_base import Turn
from trapper_core import (
    ActionSyntaxError,
    Colour,
    GameState,
    IllegalActionError,
    PluginWarning,
    Registry,
    TokenSupply,
    VariantSpec,
    hookimpl,
)
from trapper_core.hookspecs import RegistrySpec, RulesSpec
from trapper_core.invariants import InvariantError, check_action, check_invariants
from trapper_core.notation import Position
from trapper_core.plugins import hook_names

from .helpers import install_plugins, make_setup, parts_of, play, registry_of, texts

ROOT = Path(__file__).resolve().parent.parent


def registry_with(
    *plugins: object, name: str = "custom", extends: str | None = "base"
) -> Registry:
    """A fresh registry with the installed variants and one more."""

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [VariantSpec(name, plugins, extends=extends)]

    return Registry([Register()])


def custom_game(*plugins: object, players: int = 2, seed: int = 1, **setup: Any) -> tc.Game:
    registry = registry_with(*plugins)
    board = make_setup(**setup) if setup else None
    return tc.new_game("custom", players, seed=seed, setup=board, registry=registry)


def play_out(game: tc.Game) -> tc.Game:
    bots = [tc.RandomBot(i) for i in range(len(game.players))]
    while not game.is_over:
        check_invariants(game)
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    check_invariants(game)
    return game


# ----------------------------------------------------------------------
# Registry and entry points
# ----------------------------------------------------------------------


def test_builtin_variants_register_through_the_entry_point_group() -> None:
    entry_points = importlib.metadata.entry_points(group=tc.ENTRY_POINT_GROUP)
    assert {"base", "children"} <= {ep.name for ep in entry_points}
    names = dict(Registry().plugin_manager.list_name_plugin())
    assert names["base"] is trapper_base


def test_core_never_imports_a_plugin() -> None:
    entry_points = importlib.metadata.entry_points(group=tc.ENTRY_POINT_GROUP)
    plugins = {ep.value.split(":")[0].split(".")[0] for ep in entry_points}
    assert {"trapper_base", "trapper_children", "trapper_tactical"} <= plugins
    for path in (ROOT / "src" / "trapper_core").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            assert not {m.split(".")[0] for m in modules} & plugins, path


def test_registry_given_an_installed_plugin_or_one_twice_registers_it_once() -> None:
    """docs/variants.md passes an example's module to a Registry, whether or
    not the example is installed too."""
    import trapper_children

    installed = Registry()
    again = Registry([trapper_base, trapper_children, trapper_base])
    assert again.names() == installed.names()
    alone = Registry([trapper_base, trapper_base], entry_points=False)
    assert alone.names() == ["base"]


def test_registry_without_entry_points_is_empty() -> None:
    assert Registry(entry_points=False).names() == []


def test_registry_rejects_two_variants_of_one_name() -> None:
    with pytest.raises(tc.PluginError, match="two variants are called 'kids'"):
        registry_with(name="kids")


def test_variant_extending_an_unknown_variant() -> None:
    registry = registry_with(extends="nowhere")
    assert "base" in registry.names()  # the other variants stay playable
    registry.rules("base")
    with pytest.raises(
        tc.UnknownVariantError,
        match="variant 'custom' extends 'nowhere', but no variant is called 'nowhere'",
    ):
        registry.rules("custom")


def test_variant_that_extends_itself() -> None:
    registry = registry_with(name="loop", extends="loop")
    with pytest.raises(tc.PluginError, match=r"extends itself: 'loop' extends 'loop'$"):
        registry.rules("loop")


def test_variants_that_extend_each_other_name_the_whole_cycle() -> None:
    class Register:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [
                tc.VariantSpec("top", plugins=(), extends="one"),
                tc.VariantSpec("one", plugins=(), extends="two"),
                tc.VariantSpec("two", plugins=(), extends="one"),
            ]

    registry = tc.Registry([Register()])
    with pytest.raises(
        tc.PluginError,
        match=(
            r"variant 'top' extends a variant that extends itself: "
            r"'top' extends 'one' extends 'two' extends 'one'$"
        ),
    ):
        registry.rules("top")
    with pytest.raises(
        tc.PluginError, match=r"variant 'one' extends itself: 'one' extends 'two' extends 'one'$"
    ):
        registry.rules("one")


def test_variant_missing_hooks_is_named() -> None:
    registry = registry_with(extends=None)
    with pytest.raises(tc.PluginError, match=r"implements no .*trapper_board"):
        registry.rules("custom")


def test_plugin_with_an_unknown_hook_is_rejected() -> None:
    class Typo:
        @hookimpl
        def trapper_can_entre(self, tile: object, side: object) -> bool:
            return True

    with pytest.raises(tc.PluginError, match="trapper_can_entre"):
        registry_with(Typo()).rules("custom")


def test_new_game_on_a_fresh_registry_per_test_leaves_the_default_alone() -> None:
    registry_with(name="private")
    assert "private" not in tc.available_variants()


# ----------------------------------------------------------------------
# Resolution: firstresult order, arguments, wrappers
# ----------------------------------------------------------------------


def test_resolution_asks_the_top_of_the_stack_first_and_skips_none() -> None:
    calls: list[str] = []

    class Abstain:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int | None:
            calls.append("abstain")
            return None

    rules = registry_with(Abstain()).rules("custom")
    assert rules.hand_size(2) == 6  # base answers after the abstaining plugin
    assert calls == ["abstain"]


def test_resolution_respects_tryfirst_and_trylast() -> None:
    class Eight:
        @hookimpl(trylast=True)
        def trapper_hand_size(self, players: int) -> int:
            return 8

    class Nine:
        @hookimpl(tryfirst=True)
        def trapper_hand_size(self, players: int) -> int:
            return 9

    assert registry_with(Eight()).rules("custom").hand_size(2) == 6
    assert registry_with(Eight(), Nine()).rules("custom").hand_size(2) == 9


def test_resolution_passes_an_argument_subset() -> None:
    class OnlySide:
        @hookimpl
        def trapper_can_enter(self, side: tc.Direction) -> bool:
            return side is not tc.Direction.NORTH

    rules = registry_with(OnlySide()).rules("custom")
    tile = tc.Tile.from_code("B1s")
    assert rules.can_enter(tile, tc.Direction.SOUTH)
    assert not rules.can_enter(tile, tc.Direction.NORTH)


def test_resolution_calls_wrappers_through_pluggy() -> None:
    seen: list[int] = []

    class Spy:
        @hookimpl(wrapper=True)
        def trapper_hand_size(self, players: int) -> Generator[None, int, int]:
            result = yield
            seen.append(result)
            return result + 1

    rules = registry_with(Spy()).rules("custom")
    assert rules.hand_size(3) == 7
    assert seen == [6]


# ----------------------------------------------------------------------
# One test per hook
# ----------------------------------------------------------------------


def test_hook_trapper_variants() -> None:
    registry = registry_with(name="mine")
    assert "mine" in registry.names()
    assert registry.spec("MINE").extends == "base"


def test_hook_trapper_tile_set() -> None:
    class SouthWater:
        @hookimpl
        def trapper_tile_set(self) -> tc.TileSet:
            tiles = tb.standard_tile_set().tiles
            return tc.TileSet([attrs.evolve(t, water=tc.Direction.SOUTH) for t in tiles])

    game = custom_game(SouthWater())
    assert {t.water for t in game.board if t is not None} == {tc.Direction.SOUTH}


def test_hook_trapper_deck() -> None:
    class Blue:
        @hookimpl
        def trapper_deck(self) -> tuple[Colour, ...]:
            return (Colour.BLUE,) * 40

    game = custom_game(Blue())
    assert game.hands[0] == tc.Hand(blue=6)
    assert len(game.state.draw_pile) == 28


def test_hook_trapper_hand_size() -> None:
    class Eight:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 8

    assert [h.total for h in custom_game(Eight(), players=3).hands] == [8, 8, 8]


def test_hook_trapper_token_supply() -> None:
    class Few:
        @hookimpl
        def trapper_token_supply(self) -> TokenSupply:
            return TokenSupply(canoe=(30,), species=(2,))

    game = play_out(custom_game(Few(), seed=4))
    held = [t.number for d in game.displays for t in d.tokens]
    assert set(held) <= {30, 2}


def test_hook_trapper_new_turn() -> None:
    class NoExchange:
        @hookimpl
        def trapper_new_turn(self, state: GameState) -> Turn:
            return Turn(exchanged=True)

    game = custom_game(NoExchange(), tiles={"d6": "W1n"})
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    game.state.displays = (tc.Display(valued=(tc.ValuedCanoe(row, 2),), money=2), tc.Display())
    assert not [x for x in texts(game) if x.startswith("x")]
    assert game.turn == Turn(exchanged=True)


@attrs.frozen
class OwnTurn:
    """A turn record of a variant's own with the fields the base game's kinds
    read, not a subclass of their Turn."""

    trapper: Colour | None = None
    exchanged: bool = False


class OwnTurns:
    @hookimpl
    def trapper_new_turn(self, state: GameState) -> OwnTurn:
        return OwnTurn()


def test_a_turn_record_of_a_variants_own_with_the_base_fields_plays_every_base_kind() -> None:
    """The base game's kinds read the record's fields, so a record of the
    variant's own that has them serves them all: the refusal of a second
    trapper's step and the exchange's mark raised a TypeError ("the turn in
    progress is a OwnTurn, not the base game's") where listing, checking and
    stepping took it."""
    game = custom_game(OwnTurns(), tiles={"d6": "W1n", "c4": "K1n"}, hands=["BBGGPP", "GGGGGG"])
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    game.state.displays = (tc.Display(valued=(tc.ValuedCanoe(row, 2),), money=2), tc.Display())
    play(game, "Bd6")
    assert game.turn == OwnTurn(trapper=Colour.BLUE)
    with pytest.raises(IllegalActionError, match="R11: this turn hunts with the blue trapper"):
        game.apply_text("Gc4")
    play(game, "xK")
    assert game.turn == OwnTurn(trapper=Colour.BLUE, exchanged=True)
    check_action(game)


def test_hook_trapper_can_enter() -> None:
    class NoWater:
        @hookimpl
        def trapper_can_enter(self, tile: tc.Tile, side: tc.Direction) -> bool:
            return True

    game = custom_game(NoWater(), tiles={"d6": "B3s", "c5": "B1n"})
    assert "Bd6" in texts(game)


def test_hook_trapper_step_targets() -> None:
    class NoJumps:
        @hookimpl
        def trapper_step_targets(self, state: GameState, trapper: Colour) -> tuple[int, ...]:
            targets = trapper_base.movement.trapper_step_targets(state, trapper)
            near = {n for n, _ in tc.NEIGHBOURS[state.trappers[trapper]]}
            return tuple(t for t in targets if t in near)

    game = custom_game(NoJumps(), tiles={"f5": "B1n", "a1": "K1n"})
    assert game.state.step_targets(Colour.BLUE) == ()
    assert game.state.step_targets(Colour.BEIGE) == (tc.Square.parse("f5").index,)


@attrs.frozen
class Donate(tc.Action):
    """Give one card of a colour to the bank instead of taking a turn."""

    colour: Colour


class DonateKind(tc.ActionKind[Donate]):
    """One more kind of action, added to the base game without touching it."""

    name = "donate"
    action_type = Donate
    choices = ("colour",)

    def unavailable(self, state: GameState) -> str | None:
        turn = state.turn
        assert isinstance(turn, Turn)
        if turn.trapper is not None:
            return "C1: donate instead of hunting"
        return None

    def colour_options(self, state: GameState) -> list[Colour]:
        assert state.to_move is not None
        return [c for c in Colour if state.hands[state.to_move][c]]

    def refuse_colour(self, state: GameState, action: Donate) -> IllegalActionError:
        return IllegalActionError(f"C1: no {action.colour} card to donate", rule="C1")

    def apply(self, state: GameState, action: Donate) -> None:
        assert state.to_move is not None
        tb.pay(state, state.to_move, action.colour, 1)
        tb.advance(state)

    def text(self, state: GameState, action: Donate) -> str:
        return f"donate-{action.colour.letter}"

    def parse(self, state: GameState, text: str) -> Donate | None:
        if not text.startswith("donate-"):
            return None
        try:
            return Donate(Colour.from_letter(text.removeprefix("donate-")))
        except ValueError as exc:
            raise ActionSyntaxError(f"{text!r}: {exc}") from None


@pytest.mark.parametrize("size", ["6", 6.0, -1, True])
def test_R8_a_hand_size_that_is_no_whole_number_of_cards_is_refused_naming_the_hook(
    size: object,
) -> None:
    class Sized:
        @hookimpl
        def trapper_hand_size(self, players: int) -> object:
            return size

    with pytest.raises(tc.PluginError, match=r"trapper_hand_size\(2\) returned"):
        custom_game(Sized())


def _play_until_refused(game: tc.Game) -> tc.PluginError:
    """Plays random actions until one raises `PluginError`; checks that the
    refused action left the game as it was, and returns the error."""
    rng = random.Random(0)
    while not game.is_over:
        before = game.copy()
        action = rng.choice(game.legal_actions())
        try:
            game.apply(action)
        except tc.PluginError as exc:
            assert game == before
            assert game.legal_actions() == before.legal_actions()
            return exc
    raise AssertionError("the game ended without asking the hook")


@pytest.mark.parametrize("payout", ["3", 2.5, True, None])
def test_R19_a_canoe_payout_that_is_no_whole_number_is_refused_naming_the_hook(
    payout: object,
) -> None:
    """Before, a float was paid out (money 7.5, and a record no reader
    took back), a string raised a TypeError deep in the scoring and True
    was paid as 1."""

    class Odd:
        @hookimpl
        def trapper_canoe_payout(self, row: tc.Row) -> int:
            return payout  # type: ignore[return-value]

    error = _play_until_refused(custom_game(Odd()))
    assert str(error).startswith("variant 'custom': trapper_canoe_payout(")
    assert "not a whole number of coins" in str(error)
    # None from a hook annotated never to answer None: the message says why
    # the hooks under it were not asked.
    assert ("'-> int | None'" in str(error)) == (payout is None)


def test_R20_a_canoe_token_not_in_the_supply_is_refused_naming_the_hook() -> None:
    class Minted:
        @hookimpl
        def trapper_canoe_token(self, payout: int, supply: tuple[int, ...]) -> int:
            return 99

    error = _play_until_refused(custom_game(Minted()))
    assert str(error).startswith("variant 'custom': trapper_canoe_token(")
    assert "returned 99, not 0 or the number of a token in the supply" in str(error)


@pytest.mark.parametrize("seat", [2, -2, "1", None])
def test_R9_a_next_player_that_is_no_seat_is_refused_naming_the_hook(seat: object) -> None:
    class Lost:
        @hookimpl
        def trapper_next_player(self, state: GameState, player: int) -> int:
            return seat  # type: ignore[return-value]

    error = _play_until_refused(custom_game(Lost()))
    assert str(error).startswith("variant 'custom': trapper_next_player(state, ")
    assert "not a seat from 0 to 1, or -1 when every player has retired" in str(error)


@pytest.mark.parametrize("answer", [(0, 0), (), "ab", None])
def test_R31_a_final_valuation_that_is_no_valuation_per_player_is_refused(
    answer: object,
) -> None:
    """Before, ints raised an AttributeError from the scores."""

    class Flat:
        @hookimpl
        def trapper_final_valuation(self, state: GameState) -> tuple[tc.Valuation, ...]:
            return answer  # type: ignore[return-value]

    error = _play_until_refused(custom_game(Flat()))
    assert str(error).startswith("variant 'custom': trapper_final_valuation returned")
    assert "not a Valuation for each of the 2 players" in str(error)


def test_R8_a_deck_too_small_for_the_hands_names_the_hand_size() -> None:
    class Forty:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 40

    with pytest.raises(
        tc.SetupError,
        match=r"the deck has 64 cards, too few to deal 2 hands of 40 "
        r"\(trapper_hand_size\(2\) answers 40\)",
    ):
        custom_game(Forty())


def test_a_kind_without_the_options_of_a_choice_is_refused_by_name() -> None:
    class Forgetful(DonateKind):
        colour_options = None  # type: ignore[assignment]

    with pytest.raises(
        tc.PluginError, match=r"Forgetful has the choice 'colour' but no method colour_options"
    ):
        Forgetful()


def test_a_kind_whose_choice_is_no_field_of_its_action_is_refused_by_name() -> None:
    # The default build passes the choices as the action's fields: a choice
    # the action does not have would fail at the first listing, as a
    # TypeError of the action's __init__ naming neither the kind nor its choices.
    class Misnamed(DonateKind):
        choices = ("color",)

        def color_options(self, state: GameState) -> list[Colour]:
            return list(Colour)

    with pytest.raises(
        tc.PluginError,
        match=r"Misnamed has the choice 'color', which is no field of Donate "
        r"\(its fields: colour\)",
    ):
        Misnamed()


@attrs.frozen
class Gift(tc.Action):
    """A Donate whose field is private, read through a property."""

    _colour: Colour

    @property
    def colour(self) -> Colour:
        return self._colour


def test_a_kind_whose_choice_is_a_private_fields_init_name_is_made() -> None:
    # attrs takes the field _colour as colour= and the property reads it back:
    # the default build and the listing work, so the kind is not refused.
    class GiftKind(DonateKind):
        action_type = Gift  # type: ignore[assignment]

    kind = GiftKind()
    built: object = kind.build(Colour.BLUE)
    assert built == Gift(Colour.BLUE)


class Charity:
    """A variant with one more kind of action."""

    @hookimpl
    def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
        return [DonateKind()]


def test_hook_trapper_action_kinds() -> None:
    game = custom_game(Charity(), tiles={"d6": "B1n"}, hands=["BBBBBE", "GGGGGG"])
    assert texts(game)[:2] == ["donate-B", "donate-E"]  # the top plugin's kinds first
    assert [k.name for k in game.rules.kinds] == [
        "donate",
        "step",
        "exchange",
        "pass",
        "retire",
        "end",
    ]
    play(game, "donate-E")
    assert game.hands[0] == tc.Hand(blue=5)
    assert game.to_move == 1
    play(game, "pass")  # the base game's kinds still work
    assert game.undo() == tb.PASS
    assert game.action_text(Donate(Colour.GREEN)) == "donate-G"  # the second player's
    with pytest.raises(ActionSyntaxError, match="donate-Q"):
        game.parse_action("donate-Q")


def test_a_kind_explains_refusals_from_its_options() -> None:
    game = custom_game(Charity(), tiles={"d6": "B1n", "d7": "K1n"}, hands=["BBBBBE", "GGGGGG"])
    with pytest.raises(IllegalActionError, match="C1: no green card") as err:
        game.apply(Donate(Colour.GREEN))
    assert err.value.rule == "C1"
    assert err.value.action == Donate(Colour.GREEN)
    play(game, "Bd6")
    with pytest.raises(IllegalActionError, match="C1: donate instead of hunting"):
        game.apply(Donate(Colour.BLUE))
    check_action(game)


def test_a_kind_of_the_same_name_replaces_the_inherited_one() -> None:
    class NoRetiring(tb.RetireKind):
        def unavailable(self, state: GameState) -> str | None:
            return "H1: nobody retires here"

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [NoRetiring()]

    game = custom_game(Plugin(), tiles={"d6": "B1n"})
    assert "retire" not in texts(game)
    assert [k.name for k in game.rules.kinds].count("retire") == 1
    with pytest.raises(IllegalActionError, match="H1"):
        play(game, "retire")


def test_withdraw_takes_an_inherited_kind_away() -> None:
    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.Withdraw]:
            return [tc.Withdraw("exchange")]

    game = custom_game(Plugin(), tiles={"d6": "W1n"})
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    game.state.displays = (tc.Display(valued=(tc.ValuedCanoe(row, 2),), money=2), tc.Display())
    assert not [x for x in texts(game) if x.startswith("x")]
    with pytest.raises(IllegalActionError, match="has no action like Exchange"):
        game.apply(tb.Exchange((tc.Species.MINK,)))


@pytest.mark.parametrize("answer", [DonateKind(), tc.Withdraw("exchange"), 5])
def test_an_action_kinds_answer_that_is_no_list_is_refused_naming_the_hook(
    answer: object,
) -> None:
    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> object:
            return answer

    with pytest.raises(
        tc.PluginError,
        match=r"variant 'custom': trapper_action_kinds returned .*, not a list of "
        r"ActionKind and Withdraw objects",
    ):
        registry_with(Plugin()).rules("custom")


def test_two_kinds_of_one_action_type_are_an_error() -> None:
    class Again(tb.PassKind):
        name = "pass-again"

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [Again()]

    with pytest.raises(tc.PluginError, match="both play Pass"):
        registry_with(Plugin()).rules("custom")


def test_action_text_refuses_a_text_the_notation_cannot_read() -> None:
    class Spaced(DonateKind):
        def text(self, state: GameState, action: Donate) -> str:
            return f"donate {action.colour}"

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [Spaced()]

    game = custom_game(Plugin(), tiles={"d6": "B1n"}, hands=["BBBBBE", "GGGGGG"])
    with pytest.raises(tc.PluginError, match=r"'donate' kind .*Spaced.* wrote 'donate blue'"):
        game.action_text(Donate(Colour.BLUE))
    assert tc.ACTION_TEXT.fullmatch("Ge6/BB<H3+B4") is not None


def test_action_text_refuses_a_text_longer_than_parse_action_reads() -> None:
    """A kind's text of more than MAX_ACTION_TEXT characters was written
    to records that parse_action then refused at the replay."""

    class Long(DonateKind):
        def text(self, state: GameState, action: Donate) -> str:
            return "donate-" + action.colour.letter * 200

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [Long()]

    game = custom_game(Plugin(), tiles={"d6": "B1n"}, hands=["BBBBBE", "GGGGGG"])
    with pytest.raises(
        tc.PluginError, match=r"'donate' kind .*Long.* wrote a text of 207 characters .* most 200"
    ):
        game.action_text(Donate(Colour.BLUE))


def test_hook_trapper_board() -> None:
    small = tc.Board.rectangle(6, 6, tc.Board.centre(6, 6))

    class Small:
        @hookimpl
        def trapper_board(self) -> tc.Board:
            return small

        @hookimpl
        def trapper_tile_set(self) -> tc.TileSet:
            return tc.TileSet(tb.standard_tile_set().tiles[:36])

    game = custom_game(Small())
    assert game.layout is small
    assert {tc.SQUARES[i] for i, t in enumerate(game.board) if t is not None} <= set(small.squares)
    assert sum(t is not None for t in game.board) == 32
    assert game.trappers[Colour.BLUE] == tc.Square.parse("c4")

    class Full:
        @hookimpl
        def trapper_tile_set(self) -> tc.TileSet:
            return tb.standard_tile_set()

    with pytest.raises(tc.SetupError, match="36 squares, but the tile set has 64"):
        custom_game(Small(), Full())  # the base game's tiles on the small board: too many


def test_hook_trapper_start() -> None:
    class NothingShown:
        @hookimpl
        def trapper_start(self, state: GameState, setup: tc.Setup) -> bool:
            tb.deal(state, setup)  # the cards, but no tile turned up
            return True

    game = custom_game(NothingShown())
    assert game.state.face_up == 0
    assert [h.total for h in game.hands] == [6, 6]


def test_hook_trapper_next_player() -> None:
    class Counterclockwise:
        @hookimpl
        def trapper_next_player(self, state: GameState, player: int) -> int:
            return (player - 1) % state.players

    game = custom_game(Counterclockwise(), players=3)
    play(game, "pass")
    assert game.to_move == 2


def test_hook_trapper_placement_choices() -> None:
    class AlwaysSeparate:
        """Nothing ever joins a canoe; every canoe stays empty."""

        @hookimpl
        def trapper_placement_choices(self, display: tc.Display, tile: tc.Tile) -> tuple[None]:
            return (None,)

        @hookimpl
        def trapper_place(
            self, display: tc.Display, tile: tc.Tile, placement: object
        ) -> tuple[tc.Display, None]:
            return attrs.evolve(display, separate=(*display.separate, tile)), None

        @hookimpl
        def trapper_invariants(self) -> dict[str, None]:
            return {"displays": None}  # the base game's forced placement does not hold

    game = custom_game(
        AlwaysSeparate(), tiles={"d6": "CK1n", "d7": "K3n"}, hands=["BBBBBB", "EEEEEE"]
    )
    play(game, "Bd6", "Bd7")
    assert [t.face for t in game.displays[0].separate] == ["CK1", "K3"]
    check_invariants(game)


def test_hook_trapper_place() -> None:
    class FirstCanoe:
        """An animal with two open canoes goes to the first: never a choice."""

        @hookimpl
        def trapper_placement_choices(
            self, display: tc.Display, tile: tc.Tile
        ) -> tuple[object, ...] | None:
            if tile.kind is tc.Kind.ANIMAL:
                return (None,)
            return None

        @hookimpl
        def trapper_place(
            self, display: tc.Display, tile: tc.Tile, placement: object
        ) -> tuple[tc.Display, tc.Row | None] | None:
            rows = [r for r in display.open if r.species is tile.species]
            if tile.kind is not tc.Kind.ANIMAL or len(rows) < 2:
                return None
            first = rows[0]
            into = tb.IntoCanoe(first.species, first.capacity)
            return tb.place(display, tile, into)

    game = custom_game(FirstCanoe(), tiles={"d6": "B1n"})
    two = (tc.Row(tc.Tile.from_code("CB3n")), tc.Row(tc.Tile.from_code("CB2n")))
    game.state.displays = (tc.Display(open=two), tc.Display())
    assert texts(game)[0] == "Bd6"
    play(game, "Bd6")
    assert [len(r.animals) for r in game.displays[0].open] == [1, 0]


def _passes_on_two_players(function: Callable[..., int]) -> Callable[..., int | None]:
    @functools.wraps(function)
    def wrapper(self: object, players: int) -> int | None:
        return None if players == 2 else function(self, players)

    return wrapper


def test_a_hook_typed_never_to_answer_None_is_the_hook_itself() -> None:
    """An implementation whose return annotation leaves out None answers
    every call: the hook resolves to it and the base game's is never asked.
    One typed ``... | None``, or not typed at all, may pass to the base game."""

    class Sure:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 5

    class Maybe:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int | None:
            return 7 if players == 3 else None

    class Untyped:
        @hookimpl
        def trapper_hand_size(self, players):  # type: ignore[no-untyped-def]
            return None

    class Literally:  # None is one of its values
        @hookimpl
        def trapper_hand_size(self, players: int) -> Literal[7, None]:
            return 7 if players == 3 else None

    class Hashed:  # None is hashable
        @hookimpl
        def trapper_hand_size(self, players: int) -> Hashable:
            return 7 if players == 3 else None

    class AnyOrInt:
        @hookimpl
        def trapper_hand_size(self, players: int) -> Union[int, Any]:  # noqa: UP007
            return 7 if players == 3 else None

    class Wrapped:  # a wrapper may answer otherwise than the function it wraps
        @hookimpl
        @_passes_on_two_players
        def trapper_hand_size(self, players: int) -> int:
            return 7

    sure = Sure()
    assert registry_with(sure).rules("custom").hand_size == sure.trapper_hand_size
    for plugin in (Maybe(), Untyped(), Literally(), Hashed(), AnyOrInt(), Wrapped()):
        rules = registry_with(plugin).rules("custom")
        assert rules.hand_size(2) == tb.HAND_SIZE, type(plugin).__name__
        if not isinstance(plugin, Untyped):
            assert rules.hand_size(3) == 7


def test_hook_trapper_winners() -> None:
    class LeastMoney:
        @hookimpl
        def trapper_winners(self, state: GameState, scores: tuple[int, ...]) -> tuple[int, ...]:
            low = min(scores)
            return tuple(i for i, s in enumerate(scores) if s == low)

    game = play_out(custom_game(LeastMoney(), seed=3))
    scores = game.scores()
    assert game.winners() == tuple(i for i, s in enumerate(scores) if s == min(scores))


def test_hook_trapper_invariants() -> None:
    class Broke:
        @hookimpl
        def trapper_invariants(self) -> dict[str, Any]:
            return {
                "broke": lambda state: (
                    ["nobody may hold money"] if any(d.money for d in state.displays) else []
                )
            }

    game = custom_game(
        Broke(), tiles={"d6": "CK1n", "d7": "K3n", "e6": "B1n"}, hands=["BBBBBB", "EEEEEE"]
    )
    check_invariants(game)
    play(game, "Bd6", "Bd7")
    with pytest.raises(tc.InvariantError, match="broke: nobody may hold money"):
        check_invariants(game)
    names = [name for name, _ in game.rules.invariants]
    assert names == ["broke", "displays", "payouts", "money", "retired", "revealed", "tokens"]


def test_hook_trapper_canoe_payout() -> None:
    class Triple:
        @hookimpl
        def trapper_canoe_payout(self, row: tc.Row) -> int:
            return 3 * row.plain_value

    game = custom_game(
        Triple(), tiles={"d6": "CK1n", "d7": "K3n", "e6": "B1n"}, hands=["BBBBBB", "EEEEEE"]
    )
    play(game, "Bd6", "Bd7")
    assert game.displays[0].money == 9
    check_invariants(game)


def test_hook_trapper_canoe_token() -> None:
    class Always16:
        @hookimpl
        def trapper_canoe_token(self, payout: int, supply: tuple[int, ...]) -> int:
            return 16 if 16 in supply else 0

    game = custom_game(
        Always16(), tiles={"d6": "CK1n", "d7": "K3n", "e6": "B1n"}, hands=["BBBBBB", "EEEEEE"]
    )
    play(game, "Bd6", "Bd7")
    assert game.displays[0].tokens == (tc.Token(tc.TokenKind.CANOE, 16),)


def test_hook_trapper_species_token() -> None:
    class Highest:
        @hookimpl
        def trapper_species_token(self, count: int, supply: tuple[int, ...]) -> int:
            return max(supply, default=0)

    game = custom_game(Highest(), tiles={"d6": "W1n"})
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    game.state.displays = (tc.Display(valued=(tc.ValuedCanoe(row, 2),), money=2), tc.Display())
    play(game, "xK")
    assert game.displays[0].tokens == (tc.Token(tc.TokenKind.SPECIES, 6),)


def test_hook_trapper_is_over() -> None:
    class Short:
        @hookimpl
        def trapper_is_over(self, state: GameState) -> bool | None:
            return sum(sum(h) for h in state.hands) >= 16 or None

    game = custom_game(Short(), tiles={"d6": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "pass", "pass")
    assert game.is_over


def test_hook_trapper_final_valuation() -> None:
    class Flat:
        @hookimpl
        def trapper_final_valuation(self, state: GameState) -> tuple[tc.Valuation, ...]:
            return tuple(tc.Valuation((("open canoes", 10),)) for _ in range(state.players))

    game = play_out(custom_game(Flat(), seed=3))
    assert [v.total for v in game.valuation() or ()] == [10, 10]


def test_hook_trapper_action_worth() -> None:
    class Timid:
        @hookimpl
        def trapper_action_worth(
            self, view: tc.PlayerView, action: tc.Action, bot: tc.GreedyBot
        ) -> float | None:
            return 100.0 if isinstance(action, tb.Retire) else None

    registry = registry_with(Timid())
    game = tc.new_game("custom", 2, seed=1, registry=registry)
    bot = tc.GreedyBot(0, registry=registry)
    assert bot.choose(game.view(0)) == tb.RETIRE
    base_game = tc.new_game("base", 2, seed=1)
    assert tc.GreedyBot(0).choose(base_game.view(0)) != tb.RETIRE  # the base game's judgement


def test_hook_trapper_position_worth() -> None:
    """The search bot plays by the variant's worth of the positions it
    reaches: one that thinks a retired player's position best makes it retire."""

    class Quitter:
        @hookimpl
        def trapper_position_worth(self, view: tc.PlayerView, bot: tc.GreedyBot) -> float:
            return 100.0 if view.retired[view.player] else 0.0

    registry = registry_with(Quitter())
    game = tc.new_game("custom", 2, seed=1, registry=registry)
    bot = tc.ISMCTSBot(1, iterations=20, rollout=0, registry=registry)
    assert bot.choose(game.view(0)) == tb.RETIRE
    base_game = tc.new_game("base", 2, seed=1)
    search = tc.ISMCTSBot(1, iterations=20, rollout=0)
    assert search.choose(base_game.view(0)) != tb.RETIRE  # the base game's worth


def test_hook_trapper_sampler() -> None:
    worlds = []

    class Noting(tc.Sampler):
        def world(self, rng: random.Random, *, steps: int = 64) -> tc.World:
            world = super().world(rng, steps=steps)
            worlds.append(world)
            return world

    class Sampling:
        @hookimpl
        def trapper_sampler(self, view: tc.PlayerView, rules: tc.Rules) -> tc.Sampler:
            return Noting(view, rules)

    registry = registry_with(Sampling())
    game = tc.new_game("custom", 2, seed=1, registry=registry)
    play(game, "pass")
    sample = game.view(0).sample(random.Random(1), registry=registry)
    assert [w.setup for w in worlds] == [sample.setup]
    assert sample.view(0) == game.view(0)
    base_game = tc.new_game("base", 2, seed=1)
    assert isinstance(base_game.rules.sampler(base_game.view(0), base_game.rules), tc.Sampler)


def test_every_hook_has_a_test_of_its_own() -> None:
    here = sys.modules[__name__]
    for name in hook_names(RulesSpec) + hook_names(RegistrySpec):
        assert hasattr(here, f"test_hook_{name}"), f"no test_hook_{name}"


def test_every_hook_has_a_docstring_saying_when_it_is_called() -> None:
    for spec in (RulesSpec, RegistrySpec):
        for name in hook_names(spec):
            doc = inspect.getdoc(getattr(spec, name)) or ""
            assert "Return" in doc or "Carries" in doc, name
            opts = getattr(spec, name).trapper_core_spec
            if spec is RulesSpec:
                collecting = name in ("trapper_action_kinds", "trapper_invariants")
                assert opts["firstresult"] is not collecting, name


def test_every_hook_is_documented_in_the_plugin_guide() -> None:
    guide = (ROOT / "docs" / "plugins.md").read_text()
    for name in hook_names(RulesSpec) + hook_names(RegistrySpec):
        assert f"`{name}`" in guide, name


def test_a_third_party_variant_plays_whole_games() -> None:
    for seed in range(5):
        play_out(custom_game(Charity(), seed=seed, players=3))


class ClaimsPass(DonateKind):
    """Reads ``pass``, the base game's word, as a donation: listed first, it
    takes the base game's pass for one."""

    def parse(self, state: GameState, text: str) -> Donate | None:
        return Donate(Colour.BLUE) if text == "pass" else super().parse(state, text)


class ClaimsBlue(DonateKind):
    """Reads every text that begins with ``B``, and refuses those it does not
    write: the base game's blue steps no longer read."""

    def text(self, state: GameState, action: Donate) -> str:
        return f"B-donate-{action.colour.letter}"

    def parse(self, state: GameState, text: str) -> Donate | None:
        if not text.startswith("B"):
            return None
        if not text.startswith("B-donate-"):
            raise ActionSyntaxError(f"{text!r} is no donation")
        return Donate(Colour.from_letter(text.removeprefix("B-donate-")))


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (
            ClaimsPass(),
            r"'pass', the text the 'pass' kind writes for Pass\(\), reads back as "
            r"Donate\(colour=<Colour.BLUE: 0>\) of the 'donate' kind",
        ),
        (
            ClaimsBlue(),
            r"'Bd6', the text the 'step' kind writes for Step\(.*\), does not read back: "
            r"the 'donate' kind's parse raised ActionSyntaxError: 'Bd6' is no donation",
        ),
    ],
)
def test_check_action_names_the_kind_that_reads_another_kinds_text(
    kind: DonateKind, message: str
) -> None:
    # Kinds read a text in listing order, the variant's own first: a kind
    # that claims another kind's text is what the conformance kit reports,
    # and the report names both kinds.
    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [kind]

    game = custom_game(Plugin(), tiles={"d6": "B1n"}, hands=["BBBBBE", "GGGGGG"])
    with pytest.raises(tc.InvariantError, match=message):
        check_action(game)


def test_a_kind_listing_through_its_own_function_is_checked_against_its_options() -> None:
    class Forgetful(tb.StepKind):
        """Lists steps faster, but forgets those paid with two cards."""

        def lister(self) -> Any:
            fast = super().lister()
            return lambda state: [s for s in fast(state) if s.cards == 1]

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [Forgetful()]

    honest = custom_game(tiles={"d6": "B1n"}, hands=["GGGGBB", "EEEEEE"])
    check_action(honest)  # the base game's own fast listing agrees with its options
    game = custom_game(Plugin(), tiles={"d6": "B1n"}, hands=["GGGGBB", "EEEEEE"])
    with pytest.raises(tc.InvariantError, match="the 'step' kind lists"):
        check_action(game)


def test_R13_a_step_kind_that_overrides_one_option_is_listed_and_checked_through_it() -> None:
    """StepKind lists and checks steps by a fast path of its own; a subclass
    that overrides an option (here: a step is paid in its trapper's colour
    only) is listed and checked through its options, with nothing else
    overridden."""

    class OwnColour(tb.StepKind):
        def payment_options(self, state: GameState, trapper: Colour) -> tuple[Colour, ...]:
            held = state.hands[state.to_move][trapper]  # type: ignore[index]
            return (trapper,) if held else ()

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [OwnColour()]

    game = custom_game(Plugin(), tiles={"d6": "B1n", "e6": "B2n"}, hands=["GGBBBB", "EEEEEE"])
    steps = [a for a in game.legal_actions() if isinstance(a, tb.Step)]
    assert steps
    assert all(step.payment is step.trapper for step in steps)
    kind = game.rules.kind_of(steps[0])
    assert kind is not None
    paid_otherwise = attrs.evolve(steps[0], payment=tc.Colour.BLUE)
    if paid_otherwise.trapper is not tc.Colour.BLUE:
        assert not kind.allows(game.state, paid_otherwise)
        with pytest.raises(tc.IllegalActionError):
            game.apply(paid_otherwise)
    check_action(game)
    for seed in range(3):
        for action in play_out(custom_game(Plugin(), seed=seed, players=3)).history:
            if isinstance(action, tb.Step):
                assert action.payment is action.trapper


def test_a_kinds_generic_listing_is_written_once_and_lists_what_its_options_allow() -> None:
    game = custom_game(tiles={"d6": "B1n"}, hands=["GGGGBB", "EEEEEE"])
    for kind in game.rules.kinds:
        generic = kind.generic_lister()
        assert kind.generic_lister() is generic  # kept: checks ask at every position
        assert generic(game.state) == kind.legal(game.state)


def test_a_kind_checking_through_its_own_function_is_checked_against_its_options() -> None:
    class Lenient(tb.StepKind):
        """Checks steps faster, but lets any square through."""

        def allows(self, state: GameState, action: tb.Step) -> bool:
            return True

    class Plugin:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [Lenient()]

    game = custom_game(Plugin(), tiles={"d6": "B1n"}, hands=["GGGGBB", "EEEEEE"])
    with pytest.raises(tc.InvariantError, match="the 'step' kind accepts the unlisted"):
        check_action(game)


# ----------------------------------------------------------------------
# Subclassing the base game's kinds
# ----------------------------------------------------------------------


class _CappedPass(tb.PassKind):
    """No pass with eight cards or more: a rule that reads the hand."""

    def unavailable(self, state: GameState) -> str | None:
        if sum(state.hands[state.seat]) >= 8:
            return "HC1: a hand of eight or more cards cannot pass"
        return super().unavailable(state)


@attrs.frozen
class _CountedTurn(Turn):
    steps: int = 0


class _ThreeSteps(tb.StepKind):
    """At most three steps a hunt, counted in a turn record of the variant's own."""

    def unavailable(self, state: GameState) -> str | None:
        if state.turn.steps >= 3:  # type: ignore[attr-defined]
            return "L1: a hunt has at most three steps"
        return super().unavailable(state)

    def apply(self, state: GameState, step: tb.Step) -> None:
        steps = state.turn.steps  # type: ignore[attr-defined]
        super().apply(state, step)
        turn = state.turn
        assert isinstance(turn, _CountedTurn)
        state.turn = attrs.evolve(turn, steps=steps + 1)


def _subclassing_registry() -> tc.Registry:
    class Kinds:
        @hookimpl
        def trapper_new_turn(self, state: GameState) -> _CountedTurn:
            return _CountedTurn()

        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [_CappedPass(), _ThreeSteps()]

    return registry_with(Kinds(), name="capped")


def test_a_subclass_rule_in_unavailable_is_asked_at_every_listing() -> None:
    """A kind that inherits available_by_turn but overrides unavailable is
    asked every time (a hand-dependent rule was answered once per turn
    record, shared between games), and StepKind's fast path asks a
    subclass's unavailable too; a turn record that extends Turn keeps its
    type and fields through steps and exchanges."""
    registry = _subclassing_registry()
    assert not _CappedPass.available_by_turn
    assert tb.PassKind.available_by_turn
    for seed in range(6):
        game = tc.new_game("capped", 2, seed=seed, registry=registry)
        rng = random.Random(seed)
        while not game.is_over:
            turn = game.state.turn
            assert type(turn) is _CountedTurn
            legal = game.legal_actions()
            texts = [game.action_text(a) for a in legal]
            seat = game.to_move
            assert seat is not None
            held = game.hands[seat].total
            assert ("pass" in texts) == (held < 8 and turn.trapper is None)
            assert turn.steps <= 3
            if turn.steps == 3:
                assert not any(type(a) is tb.Step for a in legal)
            check_action(game)  # the listing, each kind's check and the texts agree
            game.apply(legal[rng.randrange(len(legal))])
            check_invariants(game)


def test_a_hand_rule_unknown_to_the_sampler_names_trapper_sampler() -> None:
    """The sampler replays a view's history with plenty of cards in every
    hand, which a pass refused for eight cards or more does not allow: the
    error names the rule and the way out, the variant's own sampler."""
    registry = _subclassing_registry()
    game = tc.new_game("capped", 2, seed=1, registry=registry)
    game.apply_text("pass")
    with pytest.raises(tc.SamplingError) as info:
        game.view(1).sample(random.Random(1), registry=registry)
    message = str(info.value)
    assert message.startswith("history[0] Pass(): HC1: a hand of eight or more cards cannot pass")
    assert "answers trapper_sampler with a sampler of its own" in message


def test_a_withdraw_of_a_kind_no_layer_defines_is_a_plugin_error() -> None:
    """Withdraw('exchnage') withdrew nothing, silently; it names the kinds there are."""

    class Typo:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.Withdraw]:
            return [tc.Withdraw("exchnage")]

    registry = registry_with(Typo(), name="typo")
    with pytest.raises(
        tc.PluginError,
        match=r"variant 'typo': Withdraw\('exchnage'\) withdraws no kind: the variant's kinds "
        r"are end, exchange, pass, retire, step",
    ):
        tc.new_game("typo", 2, seed=1, registry=registry)


def test_an_end_hook_that_answers_none_as_the_last_one_asked_is_named() -> None:
    """trapper_is_over typed ``-> bool`` is the last implementation asked; if
    it answers None once everyone has retired, the game would neither end nor
    go on (play failed on a bare assert): apply refuses the action, naming the
    hook, and leaves the game as it was."""

    class EndAtFour:
        @hookimpl
        def trapper_is_over(self, state: GameState) -> bool:
            if any(len(d.valued) >= 4 for d in state.displays):
                return True
            return None  # type: ignore[return-value]  # meant: ask the base game

    game = tc.new_game(
        "endatfour", 2, seed=1, registry=registry_with(EndAtFour(), name="endatfour")
    )
    game.apply(tb.RETIRE)
    before = game.copy()
    with pytest.raises(tc.PluginError, match="variant 'endatfour': nobody is to move after"):
        game.apply(tb.RETIRE)
    assert game == before
    assert game.to_move == 1


def test_a_plugin_class_whose_hooks_are_instance_methods_is_refused_when_resolved() -> None:
    """A class is a plugin when its hooks are static: one whose hooks take
    ``self`` failed at the hook's first call, its argument taken for self.
    A class of static hooks, or an instance, is taken."""

    class BigHands:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 9

    class StaticHands:
        @staticmethod
        @hookimpl
        def trapper_hand_size(players: int) -> int:
            return 9

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [
                VariantSpec("by-class", plugins=(BigHands,), extends="base"),
                VariantSpec("static", plugins=(StaticHands,), extends="base"),
                VariantSpec("by-instance", plugins=(BigHands(),), extends="base"),
            ]

    registry = tc.Registry([Register()])
    with pytest.raises(
        tc.PluginError,
        match=r"variant 'by-class', plugin .*BigHands: its hook trapper_hand_size is an "
        r"instance method: register an instance, BigHands\(\), or make the hook a staticmethod",
    ):
        tc.new_game("by-class", 2, seed=1, registry=registry)
    for name in ("static", "by-instance"):
        assert [h.total for h in tc.new_game(name, 2, seed=1, registry=registry).hands] == [9, 9]


class _BlindStep(tb.StepKind):
    """A step that may take a tile face down: the player cannot choose how
    to place a tile they have not seen, so it goes where it fits first."""

    def placement_options(self, state: GameState, square: tc.Square) -> Sequence[object]:
        if not state.face_up >> square.index & 1 and state.board[square.index] is not None:
            return (None,)
        return super().placement_options(state, square)

    def apply(self, state: GameState, step: tb.Step) -> None:
        tile = state.board[step.square.index]
        if step.placement is None and tile is not None:
            choices = state.rules.placement_choices(state.displays[state.seat], tile)
            step = attrs.evolve(step, placement=choices[0])  # type: ignore[arg-type]
        super().apply(state, step)


def test_a_variant_that_steps_onto_unseen_tiles_plays_with_the_greedy_bot() -> None:
    """A variant whose trappers may take a neighbour face down (nothing is
    turned up at the start), with a step kind of its own that places such a
    tile where it fits first: the greedy bot prices such a step by its cards
    (it failed on a bare assert) and the variant passes the conformance kit."""
    from trapper_core import NEIGHBOURS
    from trapper_core.conformance import check_variant

    class Blind:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [_BlindStep()]

        @hookimpl
        def trapper_start(self, state: GameState, setup: tc.Setup) -> bool:
            tb.deal(state, setup)  # no tile turned up
            return True

        @hookimpl
        def trapper_step_targets(self, state: GameState, trapper: tc.Colour) -> tuple[int, ...]:
            board = state.board
            near = [s for s, _ in NEIGHBOURS[state.trappers[trapper]] if board[s] is not None]
            return tuple(near) or state.face_up_squares()

        @hookimpl
        def trapper_invariants(self) -> dict[str, None]:
            return {"revealed": None}  # no R7: tiles next to a trapper may lie face down

    registry = registry_with(Blind(), name="blind")
    game = tc.new_game("blind", 3, seed=2, registry=registry)
    assert not game.state.face_up
    tc.play(game, [tc.GreedyBot(s, registry=registry) for s in range(3)])
    assert game.is_over
    assert check_variant("blind", games=3, registry=registry).ok


def test_R13_the_base_step_lists_no_placement_of_a_face_down_tile() -> None:
    """The same variant with the base game's step listed a step for each
    way to place the face-down tile (two for a herb between two canoes,
    none more for a canoe with nothing to gather): the actions told what the
    tile was. Listing and checking such a step are refused instead."""
    from trapper_core import NEIGHBOURS

    class Blind:
        @hookimpl
        def trapper_start(self, state: GameState, setup: tc.Setup) -> bool:
            tb.deal(state, setup)
            return True

        @hookimpl
        def trapper_step_targets(self, state: GameState, trapper: tc.Colour) -> tuple[int, ...]:
            board = state.board
            return tuple(s for s, _ in NEIGHBOURS[state.trappers[trapper]] if board[s] is not None)

        @hookimpl
        def trapper_invariants(self) -> dict[str, None]:
            return {"revealed": None}

    registry = registry_with(Blind(), name="blind")
    game = tc.new_game("blind", 3, seed=2, registry=registry)
    before = game.to_dict()
    with pytest.raises(tc.PluginError, match=r"the tile on \w\d is face down, and a target"):
        game.legal_actions()
    target = game.state.step_targets(tc.Colour.BLUE)[0]
    with pytest.raises(tc.PluginError, match=r"step takes a face-up tile \(R13, R14\)"):
        game.apply(tb.Step(tc.Colour.BLUE, tc.SQUARES[target], tc.Colour.BLUE))
    assert game.to_dict() == before


def test_a_function_named_like_a_hook_without_hookimpl_is_refused() -> None:
    """pluggy registers marked functions only: a ``trapper_…`` function
    without ``@hookimpl`` was left out without a word, and the variant
    played by the base game's hand size. It is refused, naming it, in an
    instance, a class and a module alike; a marked hook beside it is taken."""

    class Unmarked:
        def trapper_hand_size(self, players: int) -> int:
            return 9

    class UnmarkedStatic:
        @staticmethod
        def trapper_hand_size(players: int) -> int:
            return 9

    module = types.ModuleType("unmarked_variant")
    module.trapper_hand_size = lambda players: 9  # type: ignore[attr-defined]

    for plugin, name in ((Unmarked(), "Unmarked"), (UnmarkedStatic, "UnmarkedStatic")):
        registry = registry_with(plugin)
        with pytest.raises(
            tc.PluginError,
            match=rf"variant 'custom', plugin .*{name}: trapper_hand_size has a hook's name "
            r"but pluggy does not take it as a hook",
        ):
            tc.new_game("custom", 2, registry=registry)
    with pytest.raises(
        tc.PluginError, match=r"plugin unmarked_variant: trapper_hand_size has a hook"
    ):
        tc.new_game("custom", 2, registry=registry_with(module))
    with pytest.raises(
        tc.PluginError, match=r"plugin unmarked_variant: trapper_hand_size has a hook"
    ):
        tc.Registry([module])

    class Marked:
        @hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 9

        def trapper_helper(self) -> int:  # no hook's name: the plugin's own
            return 1

        @classmethod
        @hookimpl
        def trapper_token_supply(cls) -> tc.TokenSupply:  # a classmethod, marked
            return tc.TokenSupply((30,), (1,))

    game = tc.new_game("custom", 2, seed=3, registry=registry_with(Marked()))
    assert [sum(hand.counts) for hand in game.hands] == [9, 9]
    assert game.state.supply == tc.TokenSupply((30,), (1,))


def test_a_module_registering_a_variant_may_name_itself_among_its_plugins() -> None:
    """docs/plugins.md promises it; the variant's own plugin manager did not
    know trapper_variants, and the variant failed when first played."""
    import types

    module = types.ModuleType("trapper_self_named")

    @hookimpl
    def trapper_variants() -> list[VariantSpec]:
        return [VariantSpec("selfnamed", plugins=(module,), extends="base")]

    @hookimpl
    def trapper_hand_size(players: int) -> int:
        return 3

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    module.trapper_hand_size = trapper_hand_size  # type: ignore[attr-defined]
    registry = Registry([module])
    assert registry.rules("selfnamed").hand_size(2) == 3


def _static_hand_size(size: int) -> type:
    class Rules:  # two different classes of one name
        @staticmethod
        @hookimpl
        def trapper_hand_size(players: int) -> int:
            return size

    return Rules


def test_one_plugin_given_twice_in_a_variant_is_a_clear_plugin_error() -> None:
    """pluggy said ``Plugin name already registered: 140479096578192=<…>``
    and dumped every plugin of the variant."""

    class Twice:
        pass

    plugin = Twice()
    with pytest.raises(tc.PluginError) as caught:
        registry_with(plugin, plugin).rules("custom")
    assert str(caught.value) == (
        f"variant 'custom', plugin tests.test_plugins.{Twice.__qualname__}: given twice "
        "among the plugins of the variant and of those it extends; a plugin is stacked once"
    )
    with pytest.raises(tc.PluginError, match=r"plugin trapper_base\.movement: given twice"):
        registry_with(trapper_base.movement).rules("custom")


def test_two_different_plugins_of_one_name_are_both_registered() -> None:
    """pluggy names a class by its __name__: a second class called Rules was
    refused as 'already registered'."""
    first, second = _static_hand_size(3), _static_hand_size(4)
    assert registry_with(first, second).rules("custom").hand_size(2) == 4
    # Given to the registry itself, their rule hooks are no variant's: told.
    with pytest.warns(PluginWarning, match="implements trapper_hand_size, which no variant plays"):
        registry = Registry([first, second], entry_points=False)
    assert registry.plugin_manager.is_registered(second)


def test_two_entry_points_naming_one_module_register_it_once_silently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second was left out with a PluginWarning ('Plugin already
    registered under a different name') and a dump of every plugin."""
    install_plugins(monkeypatch, again="trapper_children")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = Registry()
    assert registry.failed == {}
    assert registry.names() == Registry().names()


def test_hookimpl_has_its_own_docstring_for_the_api_page() -> None:
    """docs/api.md showed pluggy's generic HookimplMarker text for
    trapper_core.hookimpl: it now has an attribute docstring of its own."""
    source = (ROOT / "src" / "trapper_core" / "hookspecs.py").read_text(encoding="utf-8")
    body = ast.parse(source).body
    (at,) = [
        i
        for i, node in enumerate(body)
        if isinstance(node, ast.Assign)
        and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["hookimpl"]
    ]
    doc = body[at + 1]
    assert isinstance(doc, ast.Expr)
    assert isinstance(doc.value, ast.Constant)
    text = doc.value.value
    assert isinstance(text, str)
    for says in ("tryfirst=True", "trylast=True", "wrapper=True", "never answers ``None``"):
        assert says in text


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_check_action_of_a_finished_game_checks_that_it_refuses_everything(
    variant: str,
) -> None:
    """A finished game has nothing listed and refuses every action: the
    check says so rather than asking the kinds about a position with no
    player to move, and leaves the game as it was."""
    game = tc.play(tc.new_game(variant, 3, seed=4), [tc.GreedyBot(s) for s in range(3)])
    assert game.is_over
    before = game.copy()
    check_action(game)
    assert game == before


def test_check_action_checks_undo_on_a_copy_of_a_game_without_undo() -> None:
    """A game made with ``undo=False`` keeps no snapshot to take back: the
    undo part of the check runs on a copy that keeps undo, and the game is
    left as it was, its history unchanged."""
    game = tc.new_game("base", 3, seed=4, undo=False)
    tc.play(game, [tc.RandomBot(s) for s in range(3)], max_actions=20)
    before = game.copy()
    check_action(game)
    assert game == before
    assert len(game.history) == 20
    assert not game.keeps_undo


def test_review_s56_R9_next_seat_asks_the_variants_turn_order() -> None:
    """``tb.next_seat`` called the base game's clockwise rule directly, so in
    a variant that plays the other way round it named a seat the game does
    not move to."""

    class Anticlockwise:
        @hookimpl
        def trapper_next_player(self, state: tc.GameState, player: int) -> int:
            return (player - 1) % state.players

    registry = registry_of("anticlockwise", Anticlockwise())
    game = tc.new_game("anticlockwise", 3, seed=1, registry=registry)
    assert tb.next_seat(game.state, 0) == 2
    game.apply(tb.PASS)
    assert game.to_move == 2
    base = tc.new_game("base", 3, seed=1)
    assert tb.next_seat(base.state, 0) == 1


# What ``trapper_new_turn`` is told.


def _told_variant() -> tuple[tc.Registry, list[object]]:
    """A variant whose ``trapper_new_turn`` notes the ``state.turn`` it is
    told of and answers the base game's record."""
    told: list[object] = []

    class Rules:
        @hookimpl
        def trapper_new_turn(self, state: tc.GameState) -> object:
            told.append(state.turn)
            return None  # the base game's record

    class Variants:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("told", plugins=(Rules(),), extends="base")]

    return tc.Registry([Variants()]), told


def test_review_s57_new_turn_is_told_of_no_turn_before_the_first() -> None:
    """``state.turn`` was not set when the first turn's record was asked
    for, so a variant reading it (to carry something from turn to turn, as
    docs/plugins.md says a turn record does) met an ``AttributeError``."""
    registry, told = _told_variant()
    game = tc.new_game("told", 2, seed=1, registry=registry)
    assert told == [None]
    game.apply_text("pass")
    assert told == [None, tb.Turn()]  # then the record of the turn that ends


def test_review_s57_a_game_made_at_a_position_tells_new_turn_of_no_turn_before() -> None:
    """``game_at`` and a position string's ``to_game`` asked for the new
    turn's record with ``state.turn`` holding a record left from a start
    made and thrown away, which matches neither the position's seat nor its
    turns; ``game_at`` asked twice. A view's sampled world asked once a
    world, for a record it then replaced with the view's."""
    registry, told = _told_variant()
    game = tc.new_game("told", 2, seed=1, registry=registry)
    for _ in range(3):
        game.apply_text("pass")
    told.clear()
    made = tc.game_at("told", 2, registry=registry, **parts_of(game, turn=None))
    assert told
    assert all(t is None for t in told)
    assert made.turn == tb.Turn()
    told.clear()
    position = Position.parse(str(Position.from_game(game)))
    position.to_game("told", players=2, seed=1, registry=registry)
    assert told
    assert all(t is None for t in told)
    # a sampled world of a game made at a position: its record is the
    # view's, and each action since is played again (the start it is made
    # from is told None, the pass since the record it ends)
    made.apply_text("pass")
    told.clear()
    world = made.view(0).sample(random.Random(1), registry=registry)
    assert world.turn == made.turn
    assert told
    assert told == [None, tb.Turn()] * (len(told) // 2)


# The checks a plugin author relies on tell a broken state, engine or kind.


@pytest.mark.parametrize(
    ("break_it", "said"),
    [
        (
            lambda s: setattr(s, "trappers", (*s.trappers[:3], s.trappers[0])),
            "two trappers share a square",
        ),
        (
            lambda s: setattr(
                s,
                "board_squares",
                tc.Board(
                    [q for q in s.board_squares.squares if q.index != _a_tile(s)],
                    s.board_squares.trappers,
                ),
            ),
            "tiles lie off the board",
        ),
    ],
    ids=["two trappers on a square", "a tile off the board"],
)
def test_check_invariants_tells_a_broken_state(
    break_it: Callable[[tc.GameState], None], said: str
) -> None:
    game = tc.new_game("base", 2, seed=1)
    break_it(game.state)
    with pytest.raises(InvariantError, match=said):
        check_invariants(game)


def _a_tile(state: tc.GameState) -> int:
    return next(i for i, tile in enumerate(state.board) if tile is not None)


def test_check_action_tells_an_engine_that_takes_an_action_of_a_finished_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trapper_core.invariants import check_action

    game = tc.play(tc.new_game("base", 2, seed=1), [tc.GreedyBot(1), tc.GreedyBot(2)])
    real = tc.Game.apply

    def quiet(self: tc.Game, action: tc.Action, **kwargs: Any) -> None:
        if self.is_over:  # takes the action without a word
            return
        real(self, action, **kwargs)

    monkeypatch.setattr(tc.Game, "apply", quiet)
    with pytest.raises(InvariantError, match="the game is over, but apply took"):
        check_action(game)


def test_check_action_tells_an_undo_that_restores_the_game_but_names_another_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trapper_core.invariants import check_action

    game = tc.new_game("base", 2, seed=1)
    real = tc.Game.undo

    def wrong(self: tc.Game) -> tc.Action:
        real(self)
        return tb.PASS

    monkeypatch.setattr(tc.Game, "undo", wrong)
    assert game.legal_actions()[0] != tb.PASS  # else the check would not tell
    with pytest.raises(InvariantError, match=r"undo after .* did not restore the game"):
        check_action(game)


@attrs.frozen
class _Pay(tc.Action):
    amount: int


class _PayKind(tc.ActionKind[_Pay]):
    """Amounts 1 and 2 listed, 0 allowed too: the kit tries each listed
    whole number's neighbours."""

    name, action_type, choices = "pay", _Pay, ("amount",)

    def unavailable(self, state: tc.GameState) -> str | None:
        return "P1: pay instead of hunting" if tb.turn_of(state).trapper is not None else None

    def amount_options(self, state: tc.GameState) -> list[int]:
        return [1, 2]

    def allows(self, state: tc.GameState, action: _Pay) -> bool:
        return action.amount in (0, 1, 2) and self.unavailable(state) is None

    def apply(self, state: tc.GameState, action: _Pay) -> None:
        tb.advance(state)

    def text(self, state: tc.GameState, action: _Pay) -> str:
        return f"pay-{action.amount}"

    def parse(self, state: tc.GameState, text: str) -> _Pay | None:
        return _Pay(int(text.removeprefix("pay-"))) if text.startswith("pay-") else None


def test_check_action_tells_a_kind_that_allows_the_number_below_its_least_option() -> None:
    from trapper_core.invariants import check_action

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("paying", (), kinds=[_PayKind()], extends="base")]

    game = tc.new_game("paying", 2, seed=1, registry=tc.Registry([Register()]))
    with pytest.raises(InvariantError, match="accepts the unlisted"):
        check_action(game)
