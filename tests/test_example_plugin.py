"""The example variant in examples/riverbank, and the conformance kit."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import hookimpl
from trapper_core.conformance import assert_variant_conforms, check_variant

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "riverbank"


@pytest.fixture(scope="module")
def registry() -> tc.Registry:
    """The installed variants and Riverbank, registered as its entry point would."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        module = importlib.import_module("trapper_riverbank")
    finally:
        sys.path.remove(str(EXAMPLE))
    return tc.Registry([module])


def test_riverbank_is_a_variant_of_its_own(registry: tc.Registry) -> None:
    assert "riverbank" in registry.names()
    game = tc.new_game("riverbank", 2, seed=1, registry=registry)
    assert game.variant == "riverbank"
    tile = tc.Tile.from_code("B3n")
    rules = registry.rules("riverbank")
    assert not rules.can_enter(tile, tc.Direction.NORTH)
    assert not rules.can_enter(tile, tc.Direction.SOUTH)  # the far bank
    assert rules.can_enter(tile, tc.Direction.EAST)
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K3n"),))
    assert rules.canoe_payout(row) == 9


def test_riverbank_plays_whole_games_with_bots(registry: tc.Registry) -> None:
    for seed in range(3):
        game = tc.new_game("riverbank", 3, seed=seed, registry=registry)
        tc.play(game, [tc.GreedyBot(seed + i, registry=registry) for i in range(3)])
        assert game.is_over


def test_riverbank_passes_the_conformance_kit(registry: tc.Registry) -> None:
    report = assert_variant_conforms("riverbank", games=6, registry=registry)
    assert report.ok
    assert report.actions > 0


@pytest.mark.parametrize(("variant", "games"), [("base", 6), ("children", 6), ("tactical", 3)])
def test_builtin_variants_pass_the_conformance_kit(variant: str, games: int) -> None:
    report = check_variant(variant, games=games)
    assert report.ok, str(report)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_builtin_variants_pass_a_long_conformance_run(variant: str) -> None:
    assert_variant_conforms(variant, games=100)


def test_the_conformance_kit_reports_what_breaks() -> None:
    class Stingy:
        @tc.hookimpl
        def trapper_canoe_payout(self, row: tc.Row) -> int:
            return -1 if row.capacity == 1 else 2 * row.plain_value

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("stingy", (Stingy(),), extends="base")]

    class LiarKind(tb.PassKind):
        """Lists a pass even during a hunt, though its own check refuses it."""

        def legal(self, state: tc.GameState) -> list[tb.Pass]:
            return [tb.PASS]

    class Liar:
        @tc.hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [LiarKind()]

    class RegisterLiar:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("liar", (Liar(),), extends="base")]

    registry = tc.Registry([Register(), RegisterLiar()])
    stingy = check_variant("stingy", games=4, registry=registry)  # consistent, but nonsense
    assert not stingy.ok  # issue 11, item 11: a negative payout is caught
    assert "the bank never pays a negative amount" in str(stingy)
    report = check_variant("liar", games=3, registry=registry)
    assert not report.ok
    assert len(report.problems) == 3
    assert "the kind of the legal Pass() refuses it" in str(report)
    with pytest.raises(AssertionError, match="variant 'liar': 3 games"):
        assert_variant_conforms("liar", games=3, registry=registry)


def test_review_s57_assert_variant_conforms_takes_check_variants_arguments() -> None:
    """``assert_variant_conforms(variant, **options: object)`` let a type
    checker pass a misspelt option, which failed at run time."""
    import inspect

    from trapper_core.conformance import assert_variant_conforms, check_variant

    asserting = inspect.signature(assert_variant_conforms).parameters
    checking = inspect.signature(check_variant).parameters
    assert list(asserting.values()) == list(checking.values())


def test_check_variant_plays_the_last_seed_a_game_takes() -> None:
    """Game i has the seed ``seed + i``, below 2**64: one game from the
    last seed is a whole run."""
    report = check_variant("base", games=1, players=[2], seed=2**64 - 1, samples=0)
    assert report.ok
    with pytest.raises(tc.SetupError):
        check_variant("base", games=2, players=[2], seed=2**64 - 1, samples=0)


def test_check_variant_tells_a_variant_whose_seeds_do_not_make_its_games() -> None:
    """A bot's worth judged by an unseeded random number: the same seeds
    played another game."""

    class Moody:
        @hookimpl(tryfirst=True)
        def trapper_action_worth(self, view: object, action: object, bot: object) -> float:
            return random.random()

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("moody", (Moody(),), extends="base")]

    report = check_variant(
        "moody",
        games=1,
        players=[2],
        bots=["greedy"],
        samples=0,
        registry=tc.Registry([Register()]),
    )
    assert not report.ok
    assert any("the same seeds played a different game" in str(p) for p in report.problems)


def test_check_variant_tells_views_that_show_another_player_s_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = tc.Game.view

    def leaky(self: tc.Game, seat: int) -> tc.PlayerView:
        view = real(self, seat)
        if self.to_move is not None and seat != self.to_move:
            view = attrs.evolve(view, hand=real(self, self.to_move).hand)
        return view

    monkeypatch.setattr(tc.Game, "view", leaky)
    report = check_variant("base", games=1, players=[2], samples=0)
    assert not report.ok
    assert any("a view shows the wrong hand" in str(p) for p in report.problems)
