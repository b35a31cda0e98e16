"""Reading records as python-chess reads PGN: ``load`` takes a path, tags read
by name (issue 11, item 12)."""

from __future__ import annotations

import io
import pickle
from collections.abc import Mapping
from pathlib import Path

import pytest

import trapper_core as tc
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
    assert isinstance(record.tags, Mapping)
    assert "Site" in record.tags
    assert "Opening" not in record.tags
    assert record.tags.get("Opening") is None
    assert record.tags.get("Round") == "1"
    assert list(record.tags)[:2] == ["Event", "Site"]
    with pytest.raises(KeyError, match="no tag 'Opening'"):
        record.tags["Opening"]
    with pytest.raises(KeyError):
        record.tags[0]  # type: ignore[index]
    # The pairs in file order, as they are written back.
    assert record.tags.pairs[0] == ("Event", "Club night")
    assert dict(record.tags)["Result"] == "4 -7"
    assert notation.loads(record.text)[0].tags == record.tags
    assert list(record.tags.values())[:2] == ["Club night", "Brno"]
    assert list(record.tags.items()) == list(record.tags.pairs)
    assert record.tags == dict(record.tags.pairs)


def test_issue10_tags_are_a_mapping_a_repeated_name_reads_as_its_first_value() -> None:
    """As scan gives a repeated tag; the pairs keep both, as written."""
    text = '[Event "a"]\n[Round "1"]\n[Event "b"]\n\n*\n'
    (record,) = notation.loads(text)
    tags = record.tags
    assert tags["Event"] == "a"
    assert tags.get("Event") == "a"
    assert list(tags) == ["Event", "Round"]
    assert len(tags) == 2
    assert dict(tags) == {"Event": "a", "Round": "1"}
    assert tags.pairs == (("Event", "a"), ("Round", "1"), ("Event", "b"))
    assert [game.tags for game in notation.scan(io.StringIO(text))] == [tags]
    assert notation.dumps(record) == text
    assert tags != notation.Tags([("Event", "a"), ("Round", "1")])  # the records differ
    assert tags == {"Event": "a", "Round": "1"}
    assert notation.Tags(tags).pairs == tags.pairs
    assert pickle.loads(pickle.dumps(tags)) == tags
    assert hash(tags) == hash(notation.Tags(tags.pairs))
    assert tags.get(1) is None  # type: ignore[arg-type]
    assert 1 not in tags  # type: ignore[comparison-overlap]


def test_with_tags_sets_adds_and_removes_tags_in_a_copy() -> None:
    """As python-chess sets headers: a tag set keeps its place (not its line,
    which holds the old value), a new one goes last, ``None`` removes one,
    the other tags keep their lines, and the record itself is unchanged."""
    (record,) = notation.load(CLUB_NIGHT)
    before = record.text
    edited = record.with_tags(Event="Club final", Site=None, Annotator="Eve")
    assert record.text == before
    assert list(edited.tags) == [*[k for k in record.tags if k != "Site"], "Annotator"]
    assert edited.tags["Event"] == "Club final"
    assert edited.tag_line("Event") is None  # its line in the file holds the old value
    assert edited.tag_line("Round") == record.tag_line("Round")
    assert edited.tag_line("Annotator") is None
    assert edited.items == record.items
    assert edited.replay() == record.replay()
    assert notation.loads(edited.text)[0].tags == edited.tags
    assert record.with_tags(Opening=None) == record
    doubled = notation.loads('[Event "a"]\n[Event "b"]\n[Variant "base"]\n\n')[0]
    assert doubled.with_tags(Event="c").tags.pairs == (("Event", "c"), ("Variant", "base"))


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"bad name": "x"}, "a tag's name is a letter then letters"),
        ({"Event": 3}, "the value of the tag Event is a str, not int"),
        ({"Event": "two\nlines"}, "the value of the tag Event is one line"),
        ({"Event": "\ud800"}, "with no lone surrogate"),
    ],
)
def test_with_tags_refuses_a_tag_the_reader_could_not_read_back(
    tags: dict[str, object], message: str
) -> None:
    (record,) = notation.load(CLUB_NIGHT)
    before = record.text
    with pytest.raises(notation.RecordError, match=message):
        record.with_tags(**tags)  # type: ignore[arg-type]
    assert record.text == before


def test_str_of_a_record_is_its_canonical_text() -> None:
    record = notation.loads('[Seat1 "Ann"]\n[Seat2 "Bob"]\n\n1.   Ann: pass {hm}\n')[0]
    assert str(record) == record.text == notation.dumps(record)
    assert str(record) == '[Seat1 "Ann"]\n[Seat2 "Bob"]\n\n1. Ann: pass {hm}\n'
    untagged = notation.Record((), ())  # no text reads it back: shown as its repr
    assert str(untagged) == repr(untagged)


def test_setup_known_tells_a_replay_whose_hidden_part_is_the_games_own() -> None:
    """A table record's replay deals hands, pile and face-down tiles that fit
    its moves, and nothing public said so: a replay browser showed them as
    the game's. ``Record.setup_known`` tells the two apart, and ``trapper
    show`` reads it."""
    import re

    import trapper_core as tc

    game = tc.play(tc.new_game("base", 2, seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)]).at(30)
    complete = notation.Record.from_game(game)
    table = notation.Record.table_record(game)
    seeded = notation.loads(re.sub(r'\[Setup ".*"\]\n', "", complete.text))[0]
    assert complete.setup_known
    assert seeded.setup_known
    assert not table.setup_known
    assert not notation.loads(re.sub(r'\[(Setup|Seed) ".*"\]\n', "", complete.text))[0].setup_known
    for seed in ("?", "-1", str(2**64), ""):  # no seed: it deals nothing
        assert not seeded.with_tags(Seed=seed).setup_known
    study = notation.Position.from_game(game).to_game("base", players=game.players, seed=9)
    at = notation.Record.from_game(study)
    assert at.tag("Position") is not None
    assert at.setup_known
    assert notation.loads(table.text)[0].replay().hands != game.hands  # dealt to fit


def test_undo_then_apply_with_the_outcome_read_first_is_an_exact_redo() -> None:
    """``apply(undo())`` makes the reshuffle anew from the game's seed: in a
    replayed table record, whose reshuffles did not come from its seed, the
    hands changed. The outcome read before the undo plays it again as it was
    (docs/playing.md, "Copies, undo, storage")."""
    import trapper_core as tc

    game = tc.play(tc.new_game("base", 2, seed=11), [tc.RandomBot(0), tc.RandomBot(1)])
    replayed = notation.loads(notation.Record.table_record(game).text)[0].replay()
    after = next(i for i, outcome in enumerate(replayed.outcomes()) if outcome) + 1
    for source in (game, replayed):
        here = source.at(after)
        hands = here.hands
        outcome = here.outcomes()[-1]
        assert outcome
        here.apply(here.undo(), shuffles=outcome)
        assert here.hands == hands
    seeded = game.at(after)
    hands = seeded.hands
    seeded.apply(seeded.undo())  # chance from the seed: the same again
    assert seeded.hands == hands


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_review_s57_a_record_read_from_text_pickles_by_every_protocol(protocol: int) -> None:
    """A record read from text holds its move text as stretches, a class of
    slots that protocols 0 and 1 could not pickle."""
    game = tc.new_game("base", 2, seed=1)
    game.apply_text("pass")
    (record,) = notation.loads(notation.dumps(game))
    assert pickle.loads(pickle.dumps(record, protocol=protocol)) == record
