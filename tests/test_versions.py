"""What stays readable from one version to the next (docs/changes.md):
records and stored game data written by earlier versions of trapper_core,
kept in ``tests/records/versions`` as those versions wrote them (greedy and
random bots, every variant, two to four players), read by this one to the
same games and the same scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trapper_core as tc
from trapper_core import notation

VERSIONS = Path(__file__).parent / "records" / "versions"
WRITTEN_BY = ["0.1.0", "0.2.0", "0.3.0"]


@pytest.mark.parametrize("version", WRITTEN_BY)
def test_records_written_by_an_earlier_version_replay_to_their_results(version: str) -> None:
    records = notation.load(VERSIONS / f"{version}.trn")
    assert len(records) == 18
    variants = set()
    for record in records:
        game = record.replay()
        assert game.is_over
        # The Result tag that version wrote: each seat's score.
        assert tuple(map(int, record.tags["Result"].split())) == game.scores()
        variants.add(game.variant)
        # And the seed alone (no Setup tag, no shuffle notes) deals the same game.
        seeded = tc.new_game(game.variant, game.players, seed=game.seed)
        assert seeded.setup == game.setup
    assert variants == {"base", "children", "tactical"}


@pytest.mark.parametrize("version", WRITTEN_BY)
def test_stored_games_of_an_earlier_version_read_as_the_same_games(version: str) -> None:
    """``Game.to_dict()`` of format ``trapper-core/game`` version 1, as each
    version wrote it (0.3.0 added the ``shuffles`` key; data without it
    replays its shuffles by the seed), is the game its record is."""
    stored = json.loads((VERSIONS / f"{version}.json").read_text(encoding="utf-8"))
    records = notation.load(VERSIONS / f"{version}.trn")
    assert len(stored) == len(records)
    for (key, data), record in zip(stored, records, strict=True):
        assert (data["format"], data["version"]) == ("trapper-core/game", 1)
        game = tc.Game.from_dict(data)
        assert game == record.replay(), key
        assert game.variant == key.split("/")[0]
        assert tc.Game.from_dict(game.to_dict()) == game
