"""The end valuation and the winner: R32–R35."""

from __future__ import annotations

import trapper_core as tc
from trapper_core import Display, Row, Tile, Token, TokenKind

from .helpers import game_with, play


def t(code: str) -> Tile:
    return Tile.from_code(code + "n")


def _valuation(*displays: Display) -> tuple[tc.Valuation, ...]:
    displays = ((*displays, Display()))[: max(2, len(displays))]
    hands = ["BBBBBB", "EEEEEE", "GGGGGG"][: len(displays)]
    game = game_with({"d6": "W1n"}, players=len(displays), hands=hands)
    game.state.displays = displays
    return game.rules.final_valuation(game.state)


def test_R32_open_canoe_scores_its_plain_sum() -> None:
    # The rulebook's example: a 2-bear canoe with mushroom 3 and no bear scores 3.
    (value,) = _valuation(Display(open=(Row(t("CB2"), (), None, t("F3")),)))[:1]
    assert value["open canoes"] == 3
    assert value["separate"] == 0
    assert value.total == 3


def test_R32_open_canoe_with_animals_and_herb() -> None:
    (value,) = _valuation(Display(open=(Row(t("CS3"), (t("S4"), t("S2")), t("H5"), None),)))[:1]
    assert value["open canoes"] == 11


def test_R33_separate_tiles_cost_their_value_a_canoe_its_capacity() -> None:
    # The rulebook's example: a separate 3-moose canoe and a separate bear 3 cost 6.
    display = Display(open=(Row(t("CM3")),), separate=(t("B3"),))
    (value,) = _valuation(display)[:1]
    assert value["separate"] == -6
    assert value.total == -6


def test_R34_bonus_ranking_pays_12_8_5_3_2_per_kind() -> None:
    def tokens(*numbers: int) -> tuple[Token, ...]:
        return tuple(Token(TokenKind.CANOE, n) for n in numbers)

    values = _valuation(
        Display(tokens=(*tokens(36, 26), Token(TokenKind.SPECIES, 2))),
        Display(tokens=(*tokens(30, 18), Token(TokenKind.SPECIES, 6))),
        Display(tokens=tokens(20, 16)),
    )
    assert [v["canoe bonus"] for v in values] == [12 + 5, 8 + 2, 3 + 0]
    assert [v["species bonus"] for v in values] == [8, 12, 0]


def test_R35_most_money_wins_and_ties_share() -> None:
    game = game_with({"d6": "B1n", "e6": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6", "end", "Ee6")
    assert game.scores() == (-1, -2)
    assert game.winners() == (0,)
    game = game_with({"d6": "B2n", "e6": "B2e"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6", "end", "Ee6")
    assert game.scores() == (-2, -2)
    assert game.winners() == (0, 1)


def test_R35_no_winner_while_the_game_goes_on() -> None:
    game = tc.new_game("base", 2, seed=1)
    assert game.winners() == ()
    assert game.valuation() is None


def test_R34_scores_add_payouts_and_the_end_valuation() -> None:
    game = game_with(
        {"d6": "CK1n", "d7": "K3n", "e6": "B1n", "d3": "CS3n"}, hands=["BBBBBB", "GGGGGG"]
    )
    play(game, "Bd6", "Bd7", "end", "Gd3", "end", "retire", "retire")
    assert game.is_over
    valuation = game.valuation()
    assert valuation is not None
    assert game.displays[0].money == 6
    assert game.scores() == (6 + valuation[0].total, valuation[1].total)
    assert valuation[1]["separate"] == -3
