"""Reading records as python-chess reads PGN: ``load`` takes a path, tags read
by name (issue 11, item 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trapper_core import notation

CLUB_NIGHT = Path(__file__).parent / "records" / "club-night.trn"


def test_issue11_item12_load_takes_a_path_as_well_as_an_open_file() -> None:
    with CLUB_NIGHT.open("rb") as file:
        opened = notation.load(file)
    assert notation.load(CLUB_NIGHT) == opened
    assert notation.load(str(CLUB_NIGHT)) == opened
    with pytest.raises(notation.NotationError, match=r"cannot open .*nowhere\.trn"):
        notation.load(CLUB_NIGHT.with_name("nowhere.trn"))


def test_issue11_item12_tags_read_as_a_mapping() -> None:
    (record,) = notation.load(CLUB_NIGHT)
    assert record.tags["Event"] == "Club night"
    assert record.tags["Seat2"] == "Bob"
    # mypy's strict equality sees pairs in a tuple; the check by name is meant.
    assert "Site" in record.tags  # type: ignore[comparison-overlap]
    assert "Opening" not in record.tags  # type: ignore[comparison-overlap]
    assert record.tags.get("Opening") is None
    assert record.tags.get("Round") == "1"
    assert record.tags.keys()[:2] == ["Event", "Site"]
    with pytest.raises(KeyError, match="no tag 'Opening'"):
        record.tags["Opening"]
    # Still the pairs in file order, as they are written back.
    assert record.tags[0] == ("Event", "Club night")
    assert dict(record.tags)["Result"] == "4 -7"
    assert notation.loads(record.text)[0].tags == record.tags
