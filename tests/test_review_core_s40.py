"""Review s40: hostile calls of the core's public API (outside the notation)
that escaped with an undocumented error or left something half-changed."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

import trapper_core as tc


def _refused(error: BaseException) -> None:
    assert isinstance(error, tc.TrapperError)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("name", [[], ["random"], {}, {"random"}, bytearray(b"random")])
def test_make_bot_refuses_a_name_that_is_no_text_with_a_setup_error(name: object) -> None:
    with pytest.raises(tc.SetupError, match="no bot is called") as err:
        tc.make_bot(name)  # type: ignore[arg-type]
    _refused(err.value)


def test_make_bot_cuts_a_long_name_in_its_message() -> None:
    with pytest.raises(tc.SetupError) as err:
        tc.make_bot("x" * 100_000)
    assert len(str(err.value)) < 200


def _view() -> tc.PlayerView:
    game = tc.new_game("base", 2, seed=3)
    return game.view(1)  # seat 0 is to move: no decision for seat 1


@pytest.mark.parametrize(
    "bot",
    [tc.RandomBot(1), tc.GreedyBot(1), tc.ISMCTSBot(1, iterations=2)],
    ids=["random", "greedy", "ismcts"],
)
@pytest.mark.parametrize(
    "fields",
    [{"to_move": 7}, {"player": 9}, {"to_move": -5}, {"legal_actions": iter(())}],
    ids=["to_move 7", "player 9", "to_move -5", "an iterator of legal actions"],
)
def test_bots_refuse_a_view_built_by_hand_that_fits_no_game_with_a_setup_error(
    bot: Any, fields: dict[str, Any]
) -> None:
    # The error for a view without a decision named the seats by indexing
    # the players with them: an IndexError for a view built by hand.
    view = attrs.evolve(_view(), **fields)
    with pytest.raises(tc.SetupError, match="a bot chooses from a view of a game") as err:
        bot.choose(view)
    _refused(err.value)


@pytest.mark.parametrize(
    "fields", [{"taken": None}, {"displays": None}, {"start_trappers": 3}], ids=str
)
def test_the_search_bot_refuses_a_view_with_a_decision_that_fits_no_game(
    fields: dict[str, Any],
) -> None:
    # With a decision to make, a view built by hand failed inside the search
    # (a TypeError from begins_at_position for taken=None).
    view = attrs.evolve(tc.new_game("base", 3, seed=1).view(0), **fields)
    with pytest.raises(tc.SetupError, match="a bot chooses from a view of a game, and its "):
        tc.ISMCTSBot(1, iterations=3).choose(view)


def test_bots_refuse_legal_actions_that_are_no_tuple_with_a_setup_error() -> None:
    game = tc.new_game("base", 2, seed=3)
    view = attrs.evolve(game.view(0), legal_actions=iter(game.legal_actions()))  # type: ignore[arg-type]
    for bot in (tc.RandomBot(1), tc.GreedyBot(1), tc.ISMCTSBot(1, iterations=2)):
        with pytest.raises(tc.SetupError, match="legal_actions are a tuple"):
            bot.choose(view)


def _sampled() -> tuple[tc.Sampler, tc.World, tc.Game]:
    game = tc.new_game("base", 2, seed=3)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=10)
    sampler = tc.Sampler(game.view(0), game.rules)
    return sampler, sampler.world(random.Random(1)), game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": 2**80}, "a seed is a whole number below 2\\*\\*64"),
        ({"seed": -4}, "a seed is a whole number of 0 or more"),
        ({"seed": "x"}, "a seed is a whole number"),
        ({"seed": 1.5}, "a seed is a whole number"),
        ({"seed": None}, "a world's seed is a whole number"),
        ({"setup": "x"}, "a world's setup is a Setup, not 'x'"),
        ({"shuffles": 5}, "a world's shuffles are a tuple of one entry per action"),
        ({"shuffles": ()}, "a world's shuffles are a tuple of one entry per action"),
        ({"start": "x"}, "a world's start is None or a Game"),
    ],
    ids=[
        "huge seed",
        "negative seed",
        "text seed",
        "float seed",
        "no seed",
        "setup",
        "junk shuffles",
        "too few shuffles",
        "start",
    ],
)
def test_sampler_game_refuses_a_world_no_game_of_the_variant_starts_from(
    change: dict[str, Any], message: str
) -> None:
    # A World built by hand met a TypeError or AttributeError inside, or a
    # bare "zip() argument 2 is shorter"; one of a seed new_game refuses
    # made a game that neither pickles nor stores (from_dict refuses it).
    sampler, world, _game = _sampled()
    with pytest.raises(tc.SamplingError, match=message) as err:
        sampler.game(attrs.evolve(world, **change))
    _refused(err.value)


def test_sampler_game_refuses_a_world_whose_setup_has_tiles_the_variant_lacks() -> None:
    sampler, world, _game = _sampled()
    setup = world.setup
    twice = tc.Setup(setup.board, setup.deck, setup.trappers, (setup.box[0],) * 4)
    with pytest.raises(tc.SamplingError, match="the setup's tiles differ from the variant's"):
        sampler.game(attrs.evolve(world, setup=twice))


def test_a_sampled_game_pickles_and_stores() -> None:
    sampler, world, _game = _sampled()
    sampled = sampler.game(world)
    assert pickle.loads(pickle.dumps(sampled)) == sampled
    assert tc.Game.from_dict(sampled.to_dict()) == sampled


@pytest.mark.parametrize(
    ("given", "variant"), [("Base", "base"), ("kids", "children"), ("AUCTION", "tactical")]
)
def test_openspiel_loads_a_variant_by_an_alias_in_any_case_as_new_game_does(
    given: str, variant: str
) -> None:
    # new_game and the PettingZoo env take a variant's aliases in any case;
    # python_trapper refused them as "not installed".
    pyspiel = pytest.importorskip("pyspiel")
    from trapper_core.openspiel import GAME_NAME, TrapperGame

    game = pyspiel.load_game(GAME_NAME, {"variant": given, "players": 2})
    assert isinstance(game, TrapperGame)
    assert game.variant == variant
    assert tc.new_game(given, 2).variant == variant


@pytest.mark.parametrize("seed", [-5, -1, -(2**70)])
def test_pettingzoo_reset_refuses_a_negative_seed_and_keeps_its_game(seed: int) -> None:
    # random.Random takes a negative seed as its absolute value: reset(seed=-5)
    # dealt the very game of reset(seed=5). Gymnasium refuses negative seeds.
    pytest.importorskip("pettingzoo")
    from trapper_core.pettingzoo import env

    table = env("base", 2)
    table.reset(seed=5)
    table.step(table.observe(table.agent_selection)["action_mask"].nonzero()[0][0])
    before = table.game
    with pytest.raises(tc.SetupError, match="a whole number of 0 or more") as err:
        table.reset(seed=seed)
    _refused(err.value)
    assert table.game == before


@pytest.mark.parametrize(
    ("fields", "told"),
    [
        ({"board": ()}, "its board has 64 squares"),
        ({"displays": ()}, "its displays are a tuple of 2 entries"),
        ({"hand": None}, "its hand is a Hand"),
    ],
)
@pytest.mark.parametrize("bot", [tc.GreedyBot(1), tc.ISMCTSBot(1, iterations=2)])
def test_bots_name_what_is_wrong_with_a_view_whose_fields_fit_no_game(
    bot: Any, fields: dict[str, Any], told: str
) -> None:
    """A view with a decision to make but misshapen fields: the greedy bot's
    estimate raised an IndexError or AttributeError where the search bot
    named the field."""
    view = attrs.evolve(tc.new_game("base", 2, seed=3).view(0), **fields)
    said = f"a (bot chooses from|sampler samples) a view of a game, and {told}"
    with pytest.raises(tc.SetupError, match=said):
        bot.choose(view)
