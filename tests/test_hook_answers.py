"""A variant's hook answering with what the engine cannot use is a
`PluginError` naming the variant, the hook and the answer, where the hook is
asked: not a bare AttributeError, IndexError or TypeError in the rules that
read the answer later, nor an answer taken as it is."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Any

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import VariantSpec, hookimpl
from trapper_core import notation as N

from .helpers import registry_of


def _registry(hook: str, answer: Callable[..., Any]) -> tc.Registry:
    """The installed variants and 'v', the base game with ``hook`` answered by ``answer``."""
    plugin = type("Broken", (), {hook: hookimpl(answer)})()

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [VariantSpec("v", (plugin,), extends="base")]

    return tc.Registry([Register()])


def _refused(hook: str, answer: Callable[..., Any]) -> tc.PluginError:
    """Starts and plays a game of the variant whose ``hook`` answers
    ``answer``; returns the `PluginError` met on the way (and asks for the
    winners and the record, in case the game ends)."""
    registry = _registry(hook, answer)
    try:
        game = tc.new_game("v", 2, seed=1, registry=registry)
        tc.play(game, [tc.RandomBot(0), tc.RandomBot(1)])
        game.winners()
        N.loads(N.dumps(game))[0].replay(registry=registry)
    except tc.PluginError as error:
        return error
    raise AssertionError(f"{hook}: its answer was taken")


@pytest.mark.parametrize(
    ("hook", "answer", "shown", "wanted"),
    [
        ("trapper_board", lambda self: 5, "5", "not a Board"),
        ("trapper_tile_set", lambda self: [1, 2], "[1, 2]", "not a TileSet"),
        ("trapper_token_supply", lambda self: "x", "'x'", "not a TokenSupply"),
        ("trapper_deck", lambda self: 5, "5", "not a tuple of Colour values"),
        (
            "trapper_deck",
            lambda self: ["B"] * 64,
            "['B', 'B'",
            "not a tuple of Colour values ('B' is none)",
        ),
    ],
    ids=["board", "tile_set", "token_supply", "deck", "deck of letters"],
)
def test_hook_trapper_board_tile_set_and_token_supply_answers_are_checked(
    hook: str, answer: Callable[..., Any], shown: str, wanted: str
) -> None:
    error = _refused(hook, answer)
    assert str(error).startswith(f"variant 'v': {hook} returned {shown}, ")
    assert wanted in str(error)


@pytest.mark.parametrize("targets", [(999,), (-1,), "ab", [20], (1, "x")], ids=repr)
def test_hook_trapper_step_targets_answer_is_checked(targets: object) -> None:
    """An index off the board (or -1, which would be read as square 63), a
    text, a list, an index that is no number: each refused when asked.
    (An empty tuple is no target at all: the trapper cannot step.)"""
    error = _refused("trapper_step_targets", lambda self, state, trapper: targets)
    assert str(error).startswith(
        f"variant 'v': trapper_step_targets(state, blue) returned {targets!r}, not a tuple "
        "of square indices (0-63), ascending"
    )


def test_hook_trapper_placement_choices_answer_is_checked() -> None:
    error = _refused("trapper_placement_choices", lambda self, display, tile: 5)
    assert str(error).startswith("variant 'v': trapper_placement_choices(display, ")
    assert str(error).endswith("returned 5, not a tuple of placements")


@pytest.mark.parametrize("placed", [5, (5, None), (tc.Display(), 5)], ids=repr)
def test_hook_trapper_place_answer_is_checked(placed: object) -> None:
    error = _refused("trapper_place", lambda self, display, tile, placement: placed)
    assert str(error).startswith("variant 'v': trapper_place(display, ")
    assert "not a (Display, Row or None) pair" in str(error)


def test_hook_trapper_new_turn_answer_is_checked_by_the_base_kinds_that_read_it() -> None:
    error = _refused("trapper_new_turn", lambda self, state: object())
    assert str(error).startswith("variant 'v': the turn record <object object at ")
    assert "trapper_new_turn" in str(error)


@pytest.mark.parametrize("winners", ["A", (99,), (), (1, 0), (0, 0), (True,)], ids=repr)
def test_hook_trapper_winners_answer_is_checked(winners: object) -> None:
    """Before, 'A' was taken as ('A',) and (99,) as it was."""
    error = _refused("trapper_winners", lambda self, state, scores: winners)
    assert str(error).startswith("variant 'v': trapper_winners(state, (")
    assert "not a tuple of the winners' seats (0 to 1), ascending" in str(error)


def test_hook_trapper_winners_may_answer_a_list() -> None:
    registry = _registry("trapper_winners", lambda self, state, scores: [0, 1])
    game = tc.play(
        tc.new_game("v", 2, seed=1, registry=registry), [tc.RandomBot(0), tc.RandomBot(1)]
    )
    assert game.winners() == (0, 1)


@pytest.mark.parametrize("over", ["yes", 2.5, (False,)], ids=repr)
def test_hook_trapper_is_over_answer_is_checked(over: object) -> None:
    """Before, 'yes' ended the game after the first action. (An answer
    equal to True, as numpy's ``True_`` or 1, is True.)"""
    error = _refused("trapper_is_over", lambda self, state: over)
    assert str(error).startswith(f"variant 'v': trapper_is_over returned {over!r}, ")
    assert "not True or False" in str(error)


def test_a_refused_is_over_answer_leaves_the_game_as_it_was() -> None:
    answer: list[object] = [False]
    registry = _registry("trapper_is_over", lambda self, state: answer[0])
    game = tc.new_game("v", 2, seed=1, registry=registry)
    before = game.to_dict()
    answer[0] = "yes"
    with pytest.raises(tc.PluginError, match="trapper_is_over returned 'yes'"):
        game.apply(game.legal_actions()[0])
    answer[0] = False  # to_dict starts the game again, asking the hook
    assert game.to_dict() == before


@pytest.mark.parametrize("payout", [10**18, -(10**18), 10**30])
def test_hook_trapper_canoe_payout_answer_over_18_digits_is_refused(payout: int) -> None:
    """Before, 10**30 was paid out, and the record written had a Result
    that no reader took back."""
    error = _refused("trapper_canoe_payout", lambda self, row: payout)
    assert str(error).startswith("variant 'v': trapper_canoe_payout(")
    assert "not a whole number of coins of at most 18 digits" in str(error)


class _Seats(tuple):  # type: ignore[type-arg]
    """A tuple of a variant's own type: a tuple all the same."""


class _NumpyLikeTrue:
    """An answer equal to True that is not True (numpy's ``True_``)."""

    def __bool__(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return other is True or other == 1

    __hash__ = object.__hash__


class _Turns(enum.IntEnum):
    A = 0
    B = 1


@pytest.mark.parametrize(
    ("hook", "answer"),
    [
        (
            "trapper_step_targets",
            lambda self, state, trapper: _Seats(tb.movement.trapper_step_targets(state, trapper)),
        ),
        (
            "trapper_placement_choices",
            lambda self, display, tile: _Seats(tb.placement_choices(display, tile)),
        ),
        (
            "trapper_winners",
            lambda self, state, scores: _Seats(
                i for i, s in enumerate(scores) if s == max(scores)
            ),
        ),
        (
            "trapper_winners",
            lambda self, state, scores: [
                _Turns(i) for i, s in enumerate(scores) if s == max(scores)
            ],
        ),
        (
            "trapper_is_over",
            lambda self, state: _NumpyLikeTrue() if tb.scoring.trapper_is_over(state) else False,
        ),
    ],
    ids=[
        "targets-tuple-subclass",
        "choices-tuple-subclass",
        "winners-tuple-subclass",
        "winners-list-of-intenum",
        "is_over-equal-to-true",
    ],
)
def test_hook_answers_of_a_tuple_subclass_or_equal_to_true_are_taken(
    hook: str, answer: Callable[..., Any]
) -> None:
    """The checks ask for what the engine needs, not for one class: a
    tuple subclass is a tuple, seats may be any whole numbers, and an end
    answer equal to True (numpy's ``True_``) is True (a review found them
    refused)."""
    registry = _registry(hook, answer)
    for seed in range(3):
        game = tc.new_game("v", 2, seed=seed, registry=registry)
        tc.play(game, [tc.RandomBot(seed), tc.RandomBot(seed + 1)])
        assert game.is_over
        winners = game.winners()
        assert type(winners) is tuple
        assert all(type(seat) is int for seat in winners)


@pytest.mark.parametrize("answer", [5, "yes", False], ids=repr)
def test_hook_trapper_start_answer_is_checked(answer: object) -> None:
    """The start answers True once the deal is made; 5 was taken as it."""

    def start(self: object, state: object, setup: object) -> object:
        tb.components.trapper_start(state, setup)  # type: ignore[arg-type]
        return answer

    with pytest.raises(
        tc.PluginError, match=rf"trapper_start\(state, setup\) returned {answer!r}"
    ):
        tc.new_game("v", 2, seed=1, registry=_registry("trapper_start", start))


@pytest.mark.parametrize("answer", ["no", 2, (False,)], ids=repr)
def test_hook_trapper_can_enter_answer_is_checked(answer: object) -> None:
    """R13 asks the variant whether a trapper may enter a tile from a side;
    before, 'no' (a true text) let every trapper in."""
    error = _refused("trapper_can_enter", lambda self, tile, side: answer)
    assert re.match(
        r"variant 'v': trapper_can_enter\(C?[A-Z][0-9][nesw], (north|east|south|west)\) "
        rf"returned {re.escape(repr(answer))}, not True or False",
        str(error),
    )


@pytest.mark.parametrize("answer", [1, 0], ids=repr)
def test_hook_trapper_can_enter_answers_equal_to_a_bool_are_taken(answer: int) -> None:
    registry = _registry("trapper_can_enter", lambda self, tile, side: answer)
    game = tc.new_game("v", 2, seed=1, registry=registry)
    tc.play(game, [tc.RandomBot(0), tc.RandomBot(1)])
    assert game.is_over


def _with_kind(kind: tc.ActionKind[Any]) -> tc.Game:
    class Kinds:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [kind]

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [VariantSpec("v", (Kinds(),), extends="base")]

    return tc.new_game("v", 2, seed=1, registry=tc.Registry([Register()]))


def test_kind_unavailable_answer_is_checked() -> None:
    """``True`` for a reason failed inside the engine with a TypeError
    (a rule id looked for in it) when the kind's action was tried."""

    class NoRetiring(tb.RetireKind):
        def unavailable(self, state: tc.GameState) -> str | None:
            return True  # type: ignore[return-value]

    game = _with_kind(NoRetiring())
    assert "retire" not in [game.action_text(a) for a in game.legal_actions()]
    before = game.to_dict()
    with pytest.raises(tc.PluginError) as caught:
        game.apply(tb.Retire())
    assert str(caught.value) == (
        f"variant 'v': the 'retire' kind ({NoRetiring.__module__}.{NoRetiring.__qualname__}): "
        "unavailable(state) returned True, not a reason (str) or None"
    )
    assert game.to_dict() == before


def test_kind_refuse_choice_answer_is_checked() -> None:
    """A ``refuse_<choice>`` that answered a text failed inside the engine
    with an AttributeError when an action of the kind was refused."""

    class Terse(tb.ExchangeKind):
        def refuse_species(self, state: tc.GameState, action: tb.Exchange) -> Any:
            return "no"

    game = _with_kind(Terse())
    before = game.to_dict()
    with pytest.raises(tc.PluginError) as caught:
        game.apply(tb.Exchange((tc.Species.MINK,)))
    assert str(caught.value) == (
        f"variant 'v': the 'exchange' kind ({Terse.__module__}.{Terse.__qualname__}): "
        "refuse_species(state, action) returned 'no', not an IllegalActionError"
    )
    assert game.to_dict() == before


def test_R13_a_variant_step_target_face_down_is_refused_not_listed() -> None:
    """A target whose tile is face down would be listed a step for each
    placement of the tile (D6), telling what it is (seen with every tile
    of the board a target): the base game's step takes face-up tiles."""

    def every_tile(self: object, state: tc.GameState, trapper: tc.Colour) -> tuple[int, ...]:
        return tuple(i for i, tile in enumerate(state.board) if tile is not None)

    registry = _registry("trapper_step_targets", every_tile)
    game = tc.new_game("v", 2, seed=1, registry=registry)
    before = game.to_dict()
    down = next(i for i in range(64) if game.state.board[i] and not game.state.face_up >> i & 1)
    wanted = f"variant 'v': the tile on {tc.SQUARES[down]} is face down, and a target of a step"
    with pytest.raises(
        tc.PluginError, match=r"is face down, and a target of a step \(trapper_step"
    ):
        game.legal_actions()
    step = tb.Step(tc.Colour.BLUE, tc.SQUARES[down], tc.Colour.BLUE)
    with pytest.raises(tc.PluginError, match=re.escape(wanted)):
        game.apply(step)
    assert game.to_dict() == before


@pytest.mark.parametrize(
    ("supply", "wrong"),
    [
        (tc.TokenSupply(canoe=(16, 16, 16), species=(1, 6)), "(16, 16, 16)"),
        (tc.TokenSupply(canoe=(20, 16), species=(1, 6)), "(20, 16)"),
        (tc.TokenSupply(canoe=(16, 20), species=(2, 2)), "(2, 2)"),
    ],
)
def test_review_s56_a_variants_token_supply_is_ascending_one_token_a_number(
    supply: tc.TokenSupply, wrong: str
) -> None:
    """A take or an exchange takes the earned token out by its number: a
    supply holding a number twice lost every copy to one token (the kit saw
    it only at the end, "tokens held and in the supply differ"), and one out
    of order was handed to the hooks that are told it is ascending. Such a
    supply is refused where the variant gives it."""

    class Supply:
        @hookimpl
        def trapper_token_supply(self) -> tc.TokenSupply:
            return supply

    registry = registry_of("odd tokens", Supply())
    with pytest.raises(tc.PluginError, match="ascending order, none twice") as err:
        tc.new_game("odd tokens", 2, seed=1, registry=registry)
    assert "trapper_token_supply" in str(err.value)
    assert wrong in str(err.value)
