"""What the sixth round of fresh reviews found (December 2026), pinned.

A maintainer reading the source for claims the code does not keep, a
search-bot author, a command-line user and an auditor of the variants
looked at the project without our tests; each test below names what one of
them found and fails on the code before the fix.
"""

from __future__ import annotations

import importlib
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
import trapper_tactical as tt
from trapper_core import hookimpl

from .helpers import parts_of


def registry_of(name: str, *plugins: object, extends: str = "base") -> tc.Registry:
    """A registry of the built-in variants and ``name``, made of ``plugins``
    stacked on ``extends``."""

    class Variants:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec(name, plugins=plugins, extends=extends)]

    return tc.Registry([Variants()])


# ---------------------------------------------------------------------------
# R4, R20, R21: one token a number
# ---------------------------------------------------------------------------


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


def test_review_s56_game_at_refuses_a_supply_of_a_number_twice() -> None:
    game = tc.new_game("base", 2, seed=3)
    for supply in (tc.TokenSupply((16, 16), (1,)), tc.TokenSupply((18, 16), (1,))):
        with pytest.raises(tc.SetupError, match="ascending order, none twice"):
            tc.game_at("base", 2, **parts_of(game, supply=supply))
    # the game's own supply is taken, as before
    assert tc.game_at("base", 2, **parts_of(game)).state.supply == game.state.supply


# ---------------------------------------------------------------------------
# R9: the variant's turn order
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# What the API pages call public
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Values checked when made
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["animal", None, 1])
def test_review_s56_a_tile_of_no_kind_is_refused(kind: Any) -> None:
    """``Tile("animal", None, 3, …)`` was made and shown as ``F3n``."""
    with pytest.raises(tc.SetupError, match="a tile's kind is a Kind"):
        tc.Tile(kind, None, 3, tc.Direction.NORTH)


def test_review_s56_a_hand_given_its_counts_as_one_tuple_says_how() -> None:
    with pytest.raises(tc.SetupError, match=r"Hand\.from_counts takes the four counts"):
        tc.Hand((1, 2, 3, 4))  # type: ignore[arg-type]
    assert tc.Hand.from_counts((1, 2, 3, 4)) == tc.Hand(1, 2, 3, 4)


# ---------------------------------------------------------------------------
# The base game's bots ask the variant's rules
# ---------------------------------------------------------------------------


def test_review_s56_R21_the_greedy_worth_of_an_exchange_asks_the_variants_token() -> None:
    """``exchange_worth`` took the highest token at or below the count
    itself, so a variant's ``trapper_species_token`` was not what its bots
    weighed."""

    class AlwaysSix:
        @hookimpl
        def trapper_species_token(self, count: int, supply: tuple[int, ...]) -> int:
            return 6 if 6 in supply else 0

    registry = registry_of("six", AlwaysSix())
    game = tc.new_game("six", 2, seed=1, registry=registry)
    view = game.view(0)
    two = tb.Exchange((tc.SPECIES[0], tc.SPECIES[1]))
    bot = tc.GreedyBot(0, registry=registry)
    assert tb.exchange_worth(view, two, bot) == 3.0 * 6 - 5.0
    assert bot.worth(view, two) == 3.0 * 6 - 5.0
    # without a bot, and for the base game's bot, the base game's token
    assert tb.exchange_worth(view, two) == 3.0 * 2 - 5.0
    base = tc.new_game("base", 2, seed=1)
    assert tc.GreedyBot(0).worth(base.view(0), two) == 3.0 * 2 - 5.0


# ---------------------------------------------------------------------------
# D11: the rule a broken tactical turn is told by
# ---------------------------------------------------------------------------


def test_review_s56_D11_a_stone_with_a_retired_player_is_told_by_D11() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    state = game.state
    assert isinstance(state.turn, tt.TacticalTurn)
    hands = list(game.hands)
    out = tc.Hand(*(a + b for a, b in zip(state.out, hands[1].counts, strict=True)))
    hands[1] = tc.Hand()
    parts = parts_of(
        game,
        retired=[False, True, False],
        hands=hands,
        out=out,
        turn=attrs.evolve(state.turn, stone=1),
        to_move=0,
    )
    with pytest.raises(tc.SetupError, match="D11: the stone is with seat 1, who has retired"):
        tc.game_at("tactical", 3, **parts)
