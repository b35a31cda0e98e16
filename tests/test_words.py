"""Actions in words: ``Game.describe`` and the kinds' ``describe``, a short
sentence in plain English for a button's label or a newcomer's screen."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapper_base as tb
import trapper_core as tc
import trapper_tactical as tt

from .helpers import game_with, play, with_stale_actions

VARIANTS = ("base", "children", "tactical")
MAX_ACTIONS = 600  # a random game's decisions checked, at most


def words(game: tc.Game) -> dict[str, str]:
    """Every legal action's text and its words."""
    return {game.action_text(a): game.describe(a) for a in game.legal_actions()}


# ----------------------------------------------------------------------
# The base game's kinds, in hand-checked positions
# ----------------------------------------------------------------------


def test_words_a_step_paid_in_two_cards_names_the_colour() -> None:
    game = game_with({"d6": "CB2n"})
    said = words(game)
    assert said["Bd6/EE"] == (
        "Blue trapper to d6, paying two beige cards: bear canoe (2) opens a new row"
    )
    assert said["Gd6/BB"] == (
        "Green trapper to d6, paying two blue cards: bear canoe (2) opens a new row"
    )


def test_words_a_step_paid_in_the_trapper_s_colour_is_one_card() -> None:
    game = game_with({"d6": "CB2n"})
    assert words(game)["Bd6"] == (
        "Blue trapper to d6, paying one blue card: bear canoe (2) opens a new row"
    )


def test_words_an_animal_joins_the_row_of_its_species_canoe() -> None:
    game = play(game_with({"d6": "CB2n", "d7": "B3n"}), "Bd6")
    assert words(game)["Bd7"] == (
        "Blue trapper to d7, paying one blue card: bear 3 joins the bear canoe (2)"
    )


def test_words_a_herb_joins_a_canoe_s_row() -> None:
    game = play(game_with({"d6": "CB2n", "d7": "H3n"}), "Bd6")
    assert words(game)["Bd7"] == (
        "Blue trapper to d7, paying one blue card: herb 3 joins the bear canoe (2)"
    )


def test_words_an_animal_that_fits_no_canoe_lies_separate() -> None:
    game = game_with({"d6": "B3n"})
    assert words(game)["Pd6/EE"] == (
        "Purple trapper to d6, paying two beige cards: bear 3 lies separate"
    )


def test_words_the_animal_that_fills_a_canoe_says_so() -> None:
    game = play(game_with({"d6": "CB1n", "d7": "B3n"}), "Bd6")
    assert words(game)["Bd7"] == (
        "Blue trapper to d7, paying one blue card: bear 3 fills the bear canoe (1)"
    )


def test_words_an_animal_with_two_canoes_to_join_names_the_one_chosen() -> None:
    """D6: the choice of canoe is in the words, as in the text."""
    game = play(
        game_with({"d6": "CB2n", "d7": "CB3n", "d8": "B3n"}, hands=["BBBEEG", "BEEGGP"]),
        "Bd6",
        "Bd7",
    )
    said = words(game)
    assert said["Bd8>CB2"] == (
        "Blue trapper to d8, paying one blue card: bear 3 joins the bear canoe (2)"
    )
    assert said["Bd8>CB3"] == (
        "Blue trapper to d8, paying one blue card: bear 3 joins the bear canoe (3)"
    )


def test_words_a_canoe_that_gathers_separate_tiles_names_them() -> None:
    game = play(
        game_with({"d6": "H3n", "d7": "B4n", "d8": "CB2n"}, hands=["BBBEEG", "BEEGGP"]),
        "Bd6",
        "Bd7",
    )
    assert words(game)["Bd8"] == (
        "Blue trapper to d8, paying one blue card: bear canoe (2) opens a new row with "
        "bear 4 and herb 3"
    )


def test_words_a_canoe_with_a_choice_of_animals_names_the_ones_gathered() -> None:
    """D6: a canoe for one bear, with bears 1 and 2 lying separate."""
    game = play(
        game_with({"d6": "B1n", "d7": "B2n", "d8": "CB1n"}, hands=["BBBEEG", "BEEGGP"]),
        "Bd6",
        "Bd7",
    )
    said = words(game)
    assert said["Bd8<B1"] == (
        "Blue trapper to d8, paying one blue card: bear canoe (1) is filled at once with bear 1"
    )
    assert said["Bd8<B2"] == (
        "Blue trapper to d8, paying one blue card: bear canoe (1) is filled at once with bear 2"
    )


def test_words_an_exchange_names_the_canoes_and_the_token() -> None:
    game = play(
        game_with(
            {"d6": "CB1n", "d7": "B3n", "d8": "CK1n", "c8": "K2n"},
            hands=["BBBBEG", "BEEGGP"],
            fill=True,
        ),
        "Bd6",
        "Bd7",
        "Bd8",
        "Bc8",
    )
    said = words(game)
    assert said["xB"] == "Return the valued bear canoe for species token 1"
    assert said["xKB"] == "Return the valued mink and bear canoes for species token 2"


def test_words_pass_retire_and_end_say_what_the_turn_does() -> None:
    game = game_with({"d6": "CB2n", "d7": "B3n"}, fill=True)
    said = words(game)
    assert said["pass"] == "Pass: draw two cards and end the turn"
    assert said["retire"] == "Retire: set the hand aside and leave the game"
    play(game, "Bd6")
    assert words(game)["end"] == "End the turn and draw two cards"


def test_words_of_the_children_s_variant_are_the_base_game_s() -> None:
    tiles = {"d6": "CB2n", "d7": "B3n"}
    base = play(game_with(tiles, fill=True), "Bd6")
    children = play(game_with(tiles, fill=True, variant="children"), "Bd6")
    assert words(children) == words(base)


# ----------------------------------------------------------------------
# The tactical variant's kinds
# ----------------------------------------------------------------------


def test_words_the_stone_holder_opens_an_auction_for_a_trapper() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    said = words(game)
    assert said["E1"] == "Open an auction for the beige trapper, bidding 1"
    assert said["pass"] == "Pass: draw four cards and hand the stone on"
    assert said["retire"] == "Retire: set the hand aside and leave the game"


def test_words_a_bidder_raises_or_drops_out() -> None:
    game = play(tc.new_game("tactical", 3, seed=4), "E1")
    assert words(game) == {
        "2": "Raise the bid for the beige trapper to 2",
        "3": "Raise the bid for the beige trapper to 3",
        "4": "Raise the bid for the beige trapper to 4",
        "pass": "Pass: drop out of this auction",
    }


def test_words_the_winner_s_take_names_every_card_paid() -> None:
    game = play(tc.new_game("tactical", 3, seed=4), "E1", "pass", "pass")
    said = words(game)
    assert said["Ee6"] == "Beige trapper to e6, paying one beige card: moose 4 lies separate"
    assert said["Ee6/PP"] == "Beige trapper to e6, paying two purple cards: moose 4 lies separate"
    cards = (2, 3, 2, 0)  # a bid of 5 for beige: 3 beige, 2 blue, 2 green (R43)
    assert tb.cards_words(cards, tc.Colour.BEIGE) == "three beige, two blue and two green cards"
    assert tt.cards_text(cards, tc.Colour.BEIGE) == "EEEBBGG"


def test_words_helpers_count_and_list_as_a_sentence_does() -> None:
    assert [tb.number_words(n) for n in (0, 1, 10, 11)] == ["no", "one", "ten", "11"]
    assert tb.listed([]) == ""
    assert tb.listed(["a"]) == "a"
    assert tb.listed(["a", "b"]) == "a and b"
    assert tb.listed(["a", "b", "c"]) == "a, b and c"
    assert tb.cards_words((0, 0, 0, 0), tc.Colour.BLUE) == "no cards"


# ----------------------------------------------------------------------
# Every decision of random games
# ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS)
@given(seed=st.integers(0, 2**32))
def test_words_of_distinct_legal_actions_are_distinct_printable_lines(
    variant: str, players: int, seed: int
) -> None:
    """At every decision of a random game (retiring left to the last), each
    legal action's words are one printable line, not empty, and no two
    legal actions share words: the words identify the action, as its text
    does. (A few games a variant and count of players; many more under
    ``--slow``.)"""
    game = tc.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        legal = game.legal_actions()
        said = [game.describe(a) for a in legal]
        for line in said:
            assert line.strip(), line
            assert line.isprintable(), line
        assert len(set(said)) == len(said), sorted(said)
        keep = [a for a in legal if not isinstance(a, tb.Retire)] or list(legal)
        game.apply(rng.choice(keep))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_world_sampled_from_the_mover_s_view_names_its_actions_as_the_game_does(
    variant: str, players: int
) -> None:
    """The built-in variants' texts and words read nothing the player to move
    cannot see: a world sampled from that player's view gives every legal
    action the text and the words the real game gives it, which is how a
    bot that holds a view alone names its candidates (docs/bots.md). The
    first 180 decisions: later views of random tactical games take the
    sampler seconds (docs/bots.md, "It does not wait long for a world")."""
    game = tc.new_game(variant, players, seed=players)
    rng = random.Random(players)
    for number in range(180):
        if game.is_over:
            break
        if number % 9 == 0:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            world = view.sample(random.Random(number))
            for action in view.legal_actions:
                assert world.action_text(action) == game.action_text(action)
                assert world.describe(action) == game.describe(action)
        legal = game.legal_actions()
        keep = [a for a in legal if not isinstance(a, tb.Retire)] or list(legal)
        game.apply(rng.choice(keep))


# ----------------------------------------------------------------------
# Game.describe's contract: action_text's
# ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_describe_refuses_what_action_text_refuses_and_changes_nothing(variant: str) -> None:
    game, stale = with_stale_actions(variant)
    before, key = game.history, game.position_key()
    for action in stale:
        with pytest.raises(tc.IllegalActionError) as text_error:
            game.action_text(action)
        with pytest.raises(tc.IllegalActionError, match="not legal now") as words_error:
            game.describe(action)
        assert str(words_error.value) == str(text_error.value).replace("no text", "no words")
        assert words_error.value.action == action
    for action in game.legal_actions():
        game.describe(action)
    assert game.history == before
    assert game.position_key() == key


def test_describe_of_a_text_or_a_stranger_is_an_action_syntax_error() -> None:
    game = tc.new_game("base", 2, seed=1)

    @attrs.frozen
    class Stranger(tc.Action):
        pass

    with pytest.raises(tc.ActionSyntaxError, match=r"describe takes an action, not a str"):
        game.describe("pass")  # type: ignore[arg-type]
    with pytest.raises(tc.ActionSyntaxError, match="no kind of action of 'base'"):
        game.describe(Stranger())
    with pytest.raises(tc.ActionSyntaxError, match="no kind of action of 'tactical'"):
        tc.new_game("tactical", 2, seed=1).describe(tb.END_TURN)


# ----------------------------------------------------------------------
# A variant's own kinds
# ----------------------------------------------------------------------


@attrs.frozen
class Wave(tc.Action):
    """A house rule's action: wave at the table, and the turn passes."""


class WaveKind(tc.ActionKind[Wave]):
    name, action_type = "wave", Wave

    def apply(self, state: tc.GameState, action: Wave) -> None:
        tb.advance(state)

    def text(self, state: tc.GameState, action: Wave) -> str:
        return "wave"

    def parse(self, state: tc.GameState, text: str) -> Wave | None:
        return Wave() if text == "wave" else None


class MumblingKind(WaveKind):
    """Words that are no line."""

    def __init__(self, words: object) -> None:
        super().__init__()
        self.words = words

    def describe(self, state: tc.GameState, action: Wave) -> str:
        return self.words  # type: ignore[return-value]


def _house(kind: tc.ActionKind[Wave]) -> tc.Game:
    class Variants:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("house", plugins=(), extends="base", kinds=[kind])]

    return tc.new_game("house", 2, seed=1, registry=tc.Registry([Variants()]))


def test_words_of_a_kind_that_gives_none_are_its_text() -> None:
    """A third-party kind written before ``describe`` is described by its
    text; the base game's kinds in the same variant keep their words."""
    game = _house(WaveKind())
    assert game.describe(Wave()) == "wave"
    assert game.describe(tb.PASS) == "Pass: draw two cards and end the turn"


@pytest.mark.parametrize("said", ["Wave\nat the table", "", "  ", "Wave\t", None, b"Wave"])
def test_words_that_are_no_printable_line_are_a_plugin_error_naming_the_kind(
    said: object,
) -> None:
    game = _house(MumblingKind(said))
    with pytest.raises(tc.PluginError, match=r"the 'wave' kind \(.*MumblingKind\)"):
        game.describe(Wave())
    assert game.history == ()
