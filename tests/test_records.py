"""The regression corpus: long records of every variant, written by the engine
before the Variant API 1.0 redesign. They must replay to the same moves and
scores, and write back to the same text, for as long as the rules stand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trapper_core import notation
from trapper_core.notation import Move, Mover, Record, RecordError, TurnNumber

CORPUS = Path(__file__).parent / "records" / "corpus"


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.trn")), ids=lambda p: p.stem)
def test_corpus_records_replay_identically(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    records = notation.loads(text)
    assert len(records) == 4
    games = [record.replay() for record in records]
    for record, game in zip(records, games, strict=True):
        assert game.is_over
        assert dict(record.tags)["Result"] == " ".join(str(s) for s in game.scores())
        assert game.variant == path.stem
    assert notation.dumps(games) == text


@pytest.mark.parametrize(
    ("items", "said"),
    [
        ([Mover("b"), Move("pass")], "game 1, turn 1, 'pass': the record says b decides"),
        ([TurnNumber(7), Move("pass")], "game 1, turn 1, 'pass': the record numbers this turn 7"),
    ],
)
def test_replay_errors_of_a_record_made_in_code_name_the_game_not_line_0(
    items: list[Any], said: str
) -> None:
    """A record built in code has no lines: its errors said "line 0,
    column 0"; they name the game and the turn, as the docs say."""
    record = Record(tags=[("Seat1", "a"), ("Seat2", "b"), ("Seed", "1")], items=items)
    with pytest.raises(RecordError) as caught:
        record.replay()
    assert str(caught.value).startswith(said)
    assert "line 0" not in str(caught.value)
