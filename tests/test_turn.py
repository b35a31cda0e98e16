"""The turn of the base game: R10–R15, D5, R30, R31, D8, D13."""

from __future__ import annotations

import re

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import Colour, Square

from .helpers import game_with, no_card_to_draw, play, texts

# Default trappers: blue d5, beige e5, green d4, purple e4 (D3).


def test_R10_pass_draws_two_and_ends_the_turn() -> None:
    game = game_with({"d6": "B1n"}, hands=["BBBBBB", "EEEEEE"], draw="GP")
    play(game, "pass")
    assert game.hands[0] == tc.Hand(blue=6, green=1, purple=1)
    assert game.to_move == 1


def test_R11_a_hunt_uses_one_trapper_for_the_whole_turn() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n", "d3": "K1n"}, hands=["BBBGGG", "EEEEEE"])
    play(game, "Bd6")
    assert game.to_move == 0
    assert {a.trapper for a in game.legal_actions() if isinstance(a, tb.Step)} == {Colour.BLUE}
    with pytest.raises(tc.IllegalActionError, match="R11: this turn hunts with the blue") as err:
        play(game, "Gd3")
    assert err.value.rule == "R11"
    play(game, "Bd7")
    assert "end" in texts(game)
    assert "pass" not in texts(game)
    assert "retire" not in texts(game)


def test_R11_an_action_applied_unlisted_is_held_to_the_hunt_s_trapper() -> None:
    """A replay applies each action without listing the legal ones first
    (the action's kind judges it alone): it too refuses another trapper in
    the middle of a hunt."""
    game = game_with({"d6": "B1n", "d7": "B2n", "d3": "K1n"}, hands=["BBBGGG", "EEEEEE"])
    play(game, "Bd6")  # nothing listed since
    green = tb.Step(Colour.GREEN, Square.parse("d3"), Colour.GREEN)
    assert not game.is_legal(green)
    with pytest.raises(tc.IllegalActionError, match="R11: this turn hunts with the blue") as err:
        game.apply(green)
    assert err.value.rule == "R11"
    assert game.trappers[Colour.GREEN] == Square.parse("d4")


def test_R11_ending_a_hunt_draws_two_however_many_steps() -> None:
    game = game_with(
        {"d6": "B1n", "d7": "B2n", "e6": "K1n"}, hands=["BBBBBB", "EEEEEE"], draw="GG"
    )
    play(game, "Bd6", "Bd7", "end")
    assert game.hands[0] == tc.Hand(blue=4, green=2)
    assert game.to_move == 1


def test_R11_end_needs_a_step_and_pass_is_for_the_start_of_a_turn() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    with pytest.raises(tc.IllegalActionError, match="R11: no step"):
        play(game, "end")
    play(game, "Bd6")
    with pytest.raises(tc.IllegalActionError, match="R11: the hunt"):
        play(game, "pass")


def test_R12_retire_at_the_start_of_a_turn() -> None:
    game = game_with({"d6": "B1n"}, players=3, hands=["BBBBBB", "EEEEEE", "GGGGGG"])
    assert "retire" in texts(game)
    play(game, "retire")
    assert game.retired == (True, False, False)
    assert game.to_move == 1


def test_R13_one_card_of_the_colour_or_two_of_one_other_colour() -> None:
    game = game_with({"d6": "B1n"}, hands=["BEEGGP", "EEEEEE"])
    steps = [t for t in texts(game) if t.startswith("Bd6")]
    assert steps == ["Bd6", "Bd6/EE", "Bd6/GG"]
    with pytest.raises(tc.IllegalActionError, match=r"R13: .*takes two cards.*holds 1") as err:
        play(game, "Bd6/PP")
    assert err.value.rule == "R13"
    with pytest.raises(tc.ActionSyntaxError, match="two cards of one other colour"):
        play(game, "Bd6/E")


@pytest.mark.parametrize(("text", "example"), [("Bd6/BB", "/EE"), ("Ed6/EE", "/BB")])
def test_R13_two_cards_of_the_trappers_own_colour_are_refused_with_an_example_of_another(
    text: str, example: str
) -> None:
    """The example of a payment in two cards is never the one refused (the
    Czech rulebook's "any two cards of one colour" invites /BB for blue)."""
    game = game_with({"d6": "B1n"}, hands=["BEEGGP", "EEEEEE"])
    with pytest.raises(tc.ActionSyntaxError) as err:
        play(game, text)
    said = str(err.value)
    assert "own colour are no payment (R13)" in said
    assert said.endswith(f"two cards of one other colour (like {example})")
    assert game.history == ()


def test_R13_payments_may_differ_from_step_to_step() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n", "d8": "B3n"}, hands=["BEEGGP", "EEEEEE"])
    play(game, "Bd6/EE", "Bd7/GG", "Bd8")
    assert game.hands[0] == tc.Hand(purple=1)
    assert game.state.discard == (1, 2, 2, 0)


def test_R13_water_facing_the_trapper_blocks_the_tile() -> None:
    game = game_with({"d6": "B3s", "c5": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    assert "Bd6" not in texts(game)
    with pytest.raises(tc.IllegalActionError) as err:
        play(game, "Bd6")
    assert str(err.value) == "R13: d6 is blocked by water on its south edge"
    assert err.value.rule == "R13"


def test_R13_water_on_other_edges_does_not_block() -> None:
    for water in "new":
        game = game_with({"d6": f"B3{water}"}, hands=["BBBBBB", "EEEEEE"])
        assert "Bd6" in texts(game)


def test_R13_the_base_game_s_trapper_can_enter_answers_by_the_water_edge() -> None:
    """The hook's answer itself, which the step targets ask without a call
    and pictures ask to draw water (a variant calls it to build on it): a
    tile is entered from every side but its water edge."""
    can_enter = tc.new_game("base", 2, seed=0).rules.can_enter
    for water in tc.Direction:
        tile = tc.Tile.from_face("B3", water)
        for side in tc.Direction:
            assert can_enter(tile, side) is (side is not water)


def test_R13_the_trapper_moves_onto_the_vacated_square() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6")
    assert game.trappers[Colour.BLUE] == Square.parse("d6")
    assert game.board[Square.parse("d6").index] is None
    assert game.displays[0].separate == (tc.Tile.from_code("B1n"),)


def test_R13_only_face_up_neighbouring_tiles() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    with pytest.raises(tc.IllegalActionError, match="R13: the tile on d7 is face down"):
        play(game, "Bd7")


def test_R14_isolated_trapper_jumps_to_any_face_up_tile() -> None:
    # Blue on d5 has no neighbouring tile; f5 (water towards beige) and e6 are face up.
    game = game_with({"f5": "B1w", "e6": "B2n", "a1": "K1n"}, hands=["BBBBBB", "EEEEEE"])
    assert game.state.step_targets(Colour.BLUE) == (
        Square.parse("f5").index,
        Square.parse("e6").index,
    )
    play(game, "Bf5")  # water does not matter for the jump
    assert game.trappers[Colour.BLUE] == Square.parse("f5")


def test_R7_R14_a_tile_turned_up_by_reveal_around_is_a_jump_target_at_once() -> None:
    """``tb.reveal_around`` (public for variants' starts) forgets the step
    targets worked out before it: the isolated blue trapper may jump to a
    tile it turns up."""
    game = game_with({"f5": "B1w", "e6": "B2n", "a1": "K1n"}, hands=["BBBBBB", "EEEEEE"])
    state = game.state
    a1 = Square.parse("a1").index
    assert state.step_targets(Colour.BLUE) == (Square.parse("f5").index, Square.parse("e6").index)
    tb.reveal_around(state, Square.parse("a2").index)  # a1 is a2's neighbour
    assert game.is_face_up(Square.parse("a1"))
    assert a1 in state.step_targets(Colour.BLUE)
    assert "Ba1" in texts(game)


def test_R14_a_trapper_with_an_enterable_neighbour_does_not_jump() -> None:
    game = game_with({"d6": "B1n", "f5": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    with pytest.raises(tc.IllegalActionError, match="R14: f5 is not next to the blue"):
        play(game, "Bf5")


def test_R14_water_blocked_neighbours_isolate_a_trapper() -> None:
    game = game_with({"d6": "B1s", "c5": "B2e", "f5": "B3n"}, hands=["BBBBBB", "EEEEEE"])
    assert {t for t in texts(game) if t.startswith("B") and "/" not in t} == {"Bc5", "Bd6", "Bf5"}


def test_D5_isolated_trapper_with_no_face_up_tile_cannot_step() -> None:
    game = game_with({"a1": "K1n", "h8": "K2n"}, hands=["BBBBBB", "EEEEEE"])
    assert game.state.step_targets(Colour.BLUE) == ()
    assert game.is_over  # D8: and so no trapper can take a tile at all


def test_R15_a_trapper_never_enters_another_trappers_square() -> None:
    game = game_with({"d6": "B1n", "d7": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    with pytest.raises(tc.IllegalActionError, match="R15: the beige trapper stands on e5"):
        play(game, "Be5")
    play(game, "Bd6")
    with pytest.raises(tc.IllegalActionError, match="R15: d5 is empty"):
        play(game, "Bd5")


def test_R30_retired_player_keeps_display_and_takes_no_more_turns() -> None:
    game = game_with(
        {"d6": "B1n", "d7": "B2n", "e6": "K1n"},
        players=3,
        hands=["BBBBBB", "EEEEEE", "GGGGGG"],
    )
    play(game, "Bd6", "end", "retire")
    assert game.state.hands[1] == (0, 0, 0, 0)
    assert game.state.out == (0, 6, 0, 0)
    assert game.to_move == 2
    play(game, "pass")
    assert game.to_move == 0
    play(game, "pass")
    assert game.to_move == 2
    assert game.displays[0].separate == (tc.Tile.from_code("B1n"),)


def test_R31_game_ends_when_everybody_has_retired() -> None:
    game = game_with({"d6": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "retire")
    assert not game.is_over
    play(game, "retire")
    assert game.is_over
    assert game.to_move is None
    assert game.legal_actions() == ()


def test_R31_last_tile_ends_the_turn_without_drawing() -> None:
    game = game_with({"d6": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6")
    assert game.is_over
    assert game.hands[0].total == 5
    with pytest.raises(tc.IllegalActionError, match="the game is over"):
        play(game, "end")


def test_D8_game_ends_when_no_trapper_can_take_a_tile() -> None:
    # After Bd6 the only tiles left (a1, h8) are face down and far from every trapper.
    game = game_with({"d6": "B1n", "a1": "K1n", "h8": "K2n"}, hands=["BBBBBB", "EEEEEE"])
    assert not game.is_over
    play(game, "Bd6")
    assert game.is_over


def test_D13_the_D8_end_takes_effect_at_once_mid_turn() -> None:
    game = game_with({"d6": "B1n", "a1": "K1n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6")
    assert game.is_over
    assert game.hands[0].total == 5  # no drawing, no end of turn to play
    assert game.to_move is None


def test_undo_after_end_of_game_reopens_it() -> None:
    game = game_with({"d6": "B1n", "e6": "B2n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6", "end", "Ee6")
    assert game.is_over
    last = game.history[-1]
    assert game.undo() == last
    assert not game.is_over
    assert game.to_move == 1
    assert game.valuation() is None


def test_R13_a_payment_error_says_what_the_hand_lacks() -> None:
    game = game_with({"d6": "B1n"}, hands=["BEEGGP", "EEEEEE"])
    with pytest.raises(tc.IllegalActionError) as err:
        play(game, "Bd6/PP")
    assert err.value.shortfall == {Colour.PURPLE: 1}


def test_R21_a_subclass_of_the_exchange_kind_builds_its_own_exchanges() -> None:
    """The exchanges made once are the base kind's: a kind that builds its
    own gets its own, whatever shape its options take."""

    class Loud(tb.Exchange):
        pass

    class LoudKind(tb.turn.ExchangeKind):
        def build(self, *values: object) -> tb.Exchange:
            return Loud(values[0])  # type: ignore[arg-type]

    sets = ((tc.Species.BEAR,), (tc.Species.MINK, tc.Species.BEAR))
    state = tc.new_game("base", 2, seed=1).state
    for options in (sets, list(sets)):
        built = list(LoudKind().build_all(state, (), options))
        assert [type(e) for e in built] == [Loud, Loud]
        assert [e.species for e in built] == list(sets)
    plain = tb.turn.ExchangeKind().build_all(state, (), sets)
    assert [type(e) for e in plain] == [tb.Exchange, tb.Exchange]


def test_D6_a_placement_names_a_species_not_a_number() -> None:
    """``IntoCanoe(3, 1)`` would pass for the bear canoe (an IntEnum equals
    its int) and then fail to be written: it is refused when made."""
    with pytest.raises(tc.ActionFieldError, match="IntoCanoe: species is Species, not int"):
        tb.IntoCanoe(3, 1)  # type: ignore[arg-type]
    with pytest.raises(tc.ActionFieldError, match="Gather: animals is tuple, not list"):
        tb.Gather(None, None, [1, 2])  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # as attrs' own validators raise
        tb.IntoCanoe(tc.Species.BEAR, True)


def test_D6_a_placement_named_where_there_is_no_choice_is_told_as_such() -> None:
    """A bear whose only open canoe is the bear canoe goes there: naming
    that canoe is refused under D6 (a placement is named only for a
    choice), a canoe it does not fit under R16."""
    tiles = {"d6": "CB1n", "d7": "B2n", "d8": "B4n", "a1": "K1n"}
    game = game_with(tiles, hands=("BBBBBB", "EEEEEE"))
    play(game, "Bd6")
    with pytest.raises(tc.IllegalActionError) as e:
        play(game, "Bd7>CB1")
    assert e.value.rule == "D6"
    assert "bear 2 has one place to go: a placement is named only when there is a choice" in str(
        e.value
    )
    # Its one place is told, not as a placement to write (which D6 refuses).
    with pytest.raises(
        tc.IllegalActionError,
        match=re.escape(
            "R16: bear 2 cannot go to the mink canoe (1); its one place is the bear canoe (1), "
            "where it goes with no placement named"
        ),
    ):
        play(game, "Bd7>CK1")
    play(game, "Bd7")  # without a placement


def test_D20_a_game_of_passes_with_no_card_to_draw_goes_on() -> None:
    """Nothing ends a game whose players only pass once no card is left to
    draw (D20): rounds of passes change nothing but the turn count, and the
    game is not over."""
    game = no_card_to_draw(2, 30)
    hands, displays, turns = game.hands, game.displays, game.state.turns
    board = game.state.board
    for _ in range(20):
        game.apply_text("pass")
        assert not game.is_over
    assert (game.hands, game.displays, game.state.board) == (hands, displays, board)
    assert game.state.turns == turns + 20
