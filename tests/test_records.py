"""The regression corpus: long records of every variant, written by the engine
before the Variant API 1.0 redesign. They must replay to the same moves and
scores, and write back to the same text, for as long as the rules stand."""

from __future__ import annotations

from pathlib import Path

import pytest

from trapper_core import notation

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
