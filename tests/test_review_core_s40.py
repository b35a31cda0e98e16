"""Review s40: hostile calls of the core's public API (outside the notation)
that escaped with an undocumented error or left something half-changed."""

from __future__ import annotations

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
    bot: Any, fields: dict[str, object]
) -> None:
    # The error for a view without a decision named the seats by indexing
    # the players with them: an IndexError for a view built by hand.
    view = attrs.evolve(_view(), **fields)
    with pytest.raises(tc.SetupError, match="a bot chooses from a view of a game") as err:
        bot.choose(view)
    _refused(err.value)


def test_bots_refuse_legal_actions_that_are_no_tuple_with_a_setup_error() -> None:
    game = tc.new_game("base", 2, seed=3)
    view = attrs.evolve(game.view(0), legal_actions=iter(game.legal_actions()))
    for bot in (tc.RandomBot(1), tc.GreedyBot(1), tc.ISMCTSBot(1, iterations=2)):
        with pytest.raises(tc.SetupError, match="legal_actions are a tuple"):
            bot.choose(view)
