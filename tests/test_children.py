"""The children's variant: R36, R37."""

from __future__ import annotations

import pytest

import trapper_core as tc
from trapper_core import Colour, Square

from .helpers import game_with, play, texts


def test_R36_children_play_without_bonus_tokens() -> None:
    game = game_with(
        {"d6": "CB3n", "d7": "F5n", "d8": "H1n", "c8": "B4n", "b8": "B1n", "a8": "B2n"},
        variant="children",
        hands=["BBBBBB", "EEEEEE"],
    )
    assert game.state.supply == tc.TokenSupply()
    play(game, "Bd6", "Bd7", "Bd8", "Bc8", "Bb8", "Ba8")
    assert game.displays[0].money == 26
    assert game.displays[0].tokens == ()  # R20 does not apply
    valuation = game.valuation()
    assert valuation is not None
    assert valuation[0]["canoe bonus"] == valuation[0]["species bonus"] == 0  # nor R34


def test_R36_no_species_exchange_in_the_childrens_game() -> None:
    game = game_with({"d6": "W1n", "e6": "W2n"}, variant="children", hands=["BBBBBB", "EEEEEE"])
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    game.state.displays = (tc.Display(valued=(tc.ValuedCanoe(row, 2),), money=2), tc.Display())
    assert not [x for x in texts(game) if x.startswith("x")]  # R21 does not apply
    # Asked for, one is refused for want of species tokens, not of a canoe:
    # there are none in the game, not none left.
    for text in ("xK", "xB"):
        with pytest.raises(
            tc.IllegalActionError, match=r"^D7: variant 'children' has no species tokens"
        ):
            game.parse_action(text)


def test_R37_no_water_any_neighbouring_tile_can_be_entered() -> None:
    # Green on d4: d3 has water on its north edge, facing the trapper.
    tiles = {"d3": "B3n", "c4": "B1n"}
    game = game_with(tiles, variant="children", hands=["GGGGGG", "EEEEEE"])
    assert {"Gd3", "Gc4"} <= set(texts(game))
    base = game_with(tiles, hands=["GGGGGG", "EEEEEE"])
    assert "Gc4" in texts(base)
    assert "Gd3" not in texts(base)


def test_R37_isolation_means_no_neighbouring_tile() -> None:
    tiles = {"d6": "B3s", "c5": "B1e", "f5": "B2n"}
    game = game_with(tiles, variant="children", hands=["BBBBBB", "EEEEEE"])
    assert Square.parse("f5").index not in game.state.step_targets(Colour.BLUE)
    base = game_with(tiles, hands=["BBBBBB", "EEEEEE"])
    assert Square.parse("f5").index in base.state.step_targets(Colour.BLUE)


def test_R37_children_is_listed_and_has_an_alias() -> None:
    assert "children" in tc.available_variants()
    assert tc.new_game("kids", 2, seed=1).variant == "children"
