"""Bad input meets a clear error and leaves everything as it was; games copy,
deep-copy and pickle."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import notation

from .helpers import make_setup, play, with_stale_actions


def test_a_seed_of_more_than_64_bits_is_refused_before_anything_is_made() -> None:
    with pytest.raises(tc.SetupError, match="below 2\\*\\*64, not one of 14285 bits"):
        tc.new_game("base", 2, seed=10**4300)
    assert tc.new_game("base", 2, seed=tc.game.MAX_SEED - 1).seed == 2**64 - 1
    with pytest.raises(tc.SetupError, match="below 2\\*\\*64, not one of 65 bits"):
        tc.new_game("base", 2, seed=2**64)  # the first seed past the last


def test_a_player_count_is_checked_before_names_are_made() -> None:
    with pytest.raises(tc.SetupError, match="2 to 4 players, not 1000000000"):
        tc.new_game("base", 10**9)


@pytest.mark.parametrize("name", ["Ann\nLee", "\t", "", "Bob\x00", 7])
def test_player_names_are_one_line_of_printable_text(name: object) -> None:
    with pytest.raises(tc.SetupError, match="printable text"):
        tc.new_game("base", [name, "Cleo"])  # type: ignore[list-item]


def test_a_setup_box_holds_tiles() -> None:
    deck = list(make_setup({}).deck)
    with pytest.raises(tc.SetupError, match="the box holds Tile objects, not 'B3n'"):
        tc.Setup([None] * 64, deck, tb.DEFAULT_TRAPPERS, box=("B3n",) * 4)  # type: ignore[arg-type]


@pytest.mark.parametrize("parse", [notation.Position.parse, notation.SetupSpec.parse])
def test_parsing_a_string_that_is_none_is_a_value_error(parse: object) -> None:
    with pytest.raises(ValueError, match="is a str, not NoneType"):
        parse(None)  # type: ignore[operator]


def _before_a_reshuffle() -> tc.Game:
    """Seat 0 passes into a reshuffle of a discard pile of BBEEGG (R8)."""
    game = tc.new_game(
        "base", 2, setup=make_setup({"d6": "B1n", "d7": "K1n"}, hands=["BBBBBB", "EEEEEE"])
    )
    state = game.state
    state.drawn = len(state.pile)  # the draw pile is used up
    state.discard = (2, 2, 2, 0)
    return game


@pytest.mark.parametrize(
    ("piles", "message"),
    [
        ([[0, 0, 1, 1, 2, 2, -1]], "colour indices 0-3"),
        ([[7, 7]], "colour indices 0-3"),
        ([[0, 0, 1, 1, 2, 4]], "colour indices 0-3"),  # one past the last colour
        ([[4]], "colour indices 0-3"),
        (["BBEEGG"], "a sequence of colours"),
        ([[0, 0, 1, 1, 2, 3]], "R8: the shuffled pile BBEEGP is not the discard pile"),
        ([[0, 0, 1, 1, 2]], "R8: the shuffled pile BBEEG is not the discard pile"),
        ([], "R8: the discard pile is shuffled here, but no order is given for this shuffle"),
    ],
)
def test_R8_shuffle_outcomes_given_to_apply_are_the_discard_pile_or_refused(
    piles: list[object], message: str
) -> None:
    game = _before_a_reshuffle()
    before = game.copy()
    with pytest.raises(tc.IllegalActionError, match=message):
        game.apply(tb.PASS, shuffles=piles)  # type: ignore[arg-type]
    assert game == before
    game.apply(tb.PASS, shuffles=[[2, 0, 1, 2, 0, 1]])
    assert game.hands[0] == tc.Hand(blue=6 + 1, beige=0, green=1)


def test_copy_copy_and_deepcopy_make_independent_games() -> None:
    game = play(tc.new_game("base", 2, seed=3), "pass")
    for twin in (copy.copy(game), copy.deepcopy(game)):
        assert twin == game
        assert twin is not game
        twin.apply(twin.legal_actions()[0])
        assert twin != game
        assert len(game.history) == 1


def test_a_game_pickles_and_unpickles_to_an_equal_game() -> None:
    game = tc.play(tc.new_game("tactical", 3, seed=4), [tc.RandomBot(i) for i in range(3)])
    again = pickle.loads(pickle.dumps(game))
    assert again == game
    assert again.outcomes() == game.outcomes()
    half = tc.new_game("base", 2, seed=5)
    tc.play(half, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=20)
    assert pickle.loads(pickle.dumps(half)) == half


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_action_text_of_an_action_that_is_not_legal_now_is_an_illegal_action_error(
    variant: str,
) -> None:
    game, stale = with_stale_actions(variant)
    before = game.history
    for action in stale:
        with pytest.raises(tc.IllegalActionError, match="not legal now"):
            game.action_text(action)
    assert game.history == before


def test_a_game_of_a_variant_given_to_a_registry_says_why_it_does_not_unpickle() -> None:
    """A pickled game names its variant, and unpickling looks the name up
    among the installed variants; one given to a Registry in code is not
    there. The error said only "no variant is called 'quiet'; installed:
    base, children, tactical", for a game that had just been played."""

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("quiet", plugins=(), extends="base")]

    registry = tc.Registry([Register()])
    game = tc.new_game("quiet", 2, seed=3, registry=registry)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=12)
    at = notation.Position.from_game(game).to_game("quiet", registry=registry)
    why = (
        r"no variant is called 'quiet'.*: a pickled game finds its variant by name among the "
        r"installed variants .*, so a game of a variant given to a Registry in code unpickles "
        r"only where that variant is installed"
    )
    with pytest.raises(tc.UnknownVariantError, match=why + r".*Game.from_dict\(data, registry="):
        pickle.loads(pickle.dumps(game))
    with pytest.raises(tc.UnknownVariantError, match=why):  # a game begun at a position
        pickle.loads(pickle.dumps(at))
    assert tc.Game.from_dict(game.to_dict(), registry=registry) == game  # what the error advises
    with pytest.raises(tc.UnknownVariantError) as info:  # pickle.loads takes no registry=
        pickle.loads(pickle.dumps(game))
    assert "found by passing registry=" not in str(info.value)


def test_from_dict_cuts_a_long_history_entry_in_its_error() -> None:
    # A history entry of a million characters was repeated whole in the error.
    data = tc.new_game("base", 2, seed=1).to_dict()
    data["history"] = ["x" * 10**6]
    with pytest.raises(tc.GameFormatError, match=r"^history\[0\] 'x+…") as error:
        tc.Game.from_dict(data)
    assert len(str(error.value)) < 400
    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(tc.ActionSyntaxError) as error2:
        game.apply_text("Zz9" + " " * 10**5 + "q")
    assert len(str(error2.value)) < 400


def test_review_s56_a_game_state_copies_deeply_and_says_why_it_does_not_pickle() -> None:
    game = tc.new_game("base", 2, seed=1)
    copied = copy.deepcopy(game.state)
    assert copied == game.state
    assert copied is not game.state
    assert copy.copy(game.state) == game.state
    with pytest.raises(TypeError, match="pickle the Game it belongs to"):
        pickle.dumps(game.state)
    assert pickle.loads(pickle.dumps(game)) == game


def test_review_s57_what_does_not_pickle_says_why() -> None:
    """A used search bot, a sampler and a registry failed to pickle with
    "cannot pickle 'module' object": now each says what it holds and what
    to do instead."""
    view = tc.new_game("base", 2, seed=1).view(0)
    searcher = tc.ISMCTSBot(1, iterations=5)
    copy.deepcopy(searcher)  # before its first choice: a bot of seeds and dials
    searcher.choose(view)
    cases = [
        (searcher, "an ISMCTSBot that has chosen is not pickled"),
        (tc.Sampler(view), "a Sampler is not pickled"),
        (tc.Registry(), "a Registry is not pickled"),
    ]
    for value, told in cases:
        with pytest.raises(TypeError, match=told):
            pickle.dumps(value)
        with pytest.raises(TypeError, match=told):
            copy.deepcopy(value)
        assert copy.copy(value) is not value  # a shallow copy shares what it holds
    game = tc.new_game("base", 2, seed=1, registry=copy.copy(tc.Registry()))
    assert copy.copy(searcher).choose(game.view(0)) in game.legal_actions()
    assert isinstance(copy.copy(tc.Sampler(view)).sample(random.Random(1)), tc.Game)
