"""``Game.to_dict`` / ``Game.from_dict``: stored games that must be refused,
and refused clearly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import trapper_core as tc


def _reshuffled_by_hand() -> tc.Game:
    """A game whose first reshuffle fell otherwise than its seed would
    have it (as a replayed table record's does)."""
    game = tc.new_game("base", 2, seed=3)
    rng = random.Random(1)
    while True:
        action = rng.choice(game.legal_actions())
        trial = game.copy()
        trial.apply(action)
        if len(trial.state.shuffled) > len(game.state.shuffled):
            pile = list(reversed(trial.state.shuffled[-1]))
            game.apply(action, shuffles=[pile])
            return game
        game.apply(action)


def test_from_dict_refuses_a_key_the_format_does_not_have() -> None:
    """A misspelt "shuffles" was taken as no shuffles at all: the game was
    replayed by its seed, and came back another game without a word."""
    game = _reshuffled_by_hand()
    data = json.loads(json.dumps(game.to_dict()))
    assert tc.Game.from_dict(data) == game
    misspelt = {("shufles" if k == "shuffles" else k): v for k, v in data.items()}
    with pytest.raises(tc.GameFormatError, match="game: no key 'shufles' in version 1"):
        tc.Game.from_dict(misspelt)
    setup: dict[str, Any] = {**data["setup"], "start": 1}
    with pytest.raises(tc.GameFormatError, match="setup: no key 'start' in version 1"):
        tc.Game.from_dict({**data, "setup": setup})
    without = {k: v for k, v in data.items() if k != "shuffles"}
    assert tc.Game.from_dict(without) != game  # the seed's shuffles: documented


@pytest.mark.parametrize("length", [65, 1_000_000])
def test_a_stored_pile_longer_than_any_deck_is_shown_in_part(length: int) -> None:
    """A stored reshuffle of a million cards was refused with a message a
    megabyte long, every card's letter in it."""
    game = _reshuffled_by_hand()
    data = game.to_dict()
    (index, _pile), *rest = data["shuffles"]
    data["shuffles"] = [[index, "B" * length], *rest]
    with pytest.raises(tc.GameFormatError) as caught:
        tc.Game.from_dict(data)
    message = str(caught.value)
    assert f"{'B' * 64}… ({length:,} cards)" in message
    assert len(message) < 400


def test_from_dict_makes_a_game_without_undo_when_asked() -> None:
    """The data hold the game, not how it is kept: a game without undo came
    back from its dict with undo, equal to it all the same."""
    game = tc.play(tc.new_game("base", 2, seed=3, undo=False), [tc.RandomBot(0), tc.RandomBot(1)])
    assert not game.keeps_undo
    assert tc.Game.from_dict(game.to_dict()).keeps_undo
    again = tc.Game.from_dict(game.to_dict(), undo=False)
    assert not again.keeps_undo
    assert again == game
    with pytest.raises(tc.SetupError, match="undo is True or False, not 'no'"):
        tc.Game.from_dict(game.to_dict(), undo="no")  # type: ignore[arg-type]


def test_from_dict_refuses_a_shuffle_at_the_index_past_the_last_action() -> None:
    """``0 <= index < actions``: the first index past the history fell
    through to an IndexError."""
    game = tc.play(
        tc.new_game("base", 2, seed=1), [tc.RandomBot(1), tc.RandomBot(2)], max_actions=5
    )
    data = game.to_dict()
    data["shuffles"] = [[len(data["history"]), "B"]]
    with pytest.raises(tc.GameFormatError, match=r"game\.shuffles\[0\]"):
        tc.Game.from_dict(data)
