"""Where a replay's error is, as attributes: ``game``, ``line``, ``column``
and ``turn`` on every error a replay raises (`RecordError`, and the engine's
`IllegalActionError` and `ActionSyntaxError` it passes on), the same place
its message names."""

from __future__ import annotations

import pickle
import re

import pytest

import trapper_core as tc
from trapper_base import standard_tile_set
from trapper_core import notation
from trapper_core.notation import Record, RecordError

from .helpers import place_attributes as _attributes
from .helpers import told_place as _told


def _game(seed: int = 1) -> tc.Game:
    game = tc.new_game("base", 2, seed=seed)
    return tc.play(game, [tc.make_bot("greedy", seed), tc.make_bot("greedy", seed + 1)])


def _place_of(text: str, needle: str) -> tuple[int, int]:
    """The line and column (from 1) of the first ``needle`` in ``text``."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_illegal_move_in_a_file_has_its_game_line_column_and_turn() -> None:
    text = notation.dumps([_game(1), _game(2)])
    second = text.index("[Event", 10)
    broken = text[:second] + text[second:].replace("\n1. A: ", "\n1. A: end ", 1)
    with pytest.raises(tc.IllegalActionError) as caught:
        notation.loads(broken)[1].replay()
    line, column = _place_of(broken[second:], "end ")
    line += broken.count("\n", 0, second)
    assert _attributes(caught.value) == (2, line, column, 1)
    assert _told(caught.value) == (2, line, column, 1)
    assert caught.value.rule == "R11"  # the engine's own attributes kept


def test_action_syntax_error_in_a_file_has_its_place() -> None:
    text = notation.dumps(_game())
    broken = text.replace("\n2. B: ", "\n2. B: Zz9 ", 1)
    with pytest.raises(tc.ActionSyntaxError) as caught:
        notation.loads(broken)[0].replay()
    line, column = _place_of(broken, "Zz9")
    assert _attributes(caught.value) == (1, line, column, 2)
    assert _told(caught.value) == (1, line, column, 2)


@pytest.mark.parametrize(
    ("written", "message", "lines_on", "column"),
    [
        ("\n9. A: ", r"'9\.', line .*the record numbers this turn 9", 1, 1),  # at "9."
        ("\n3.\n   B: ", r"'B:', line .*the record says B decides", 2, 4),  # at "B:"
    ],
)
def test_wrong_turn_number_or_player_is_a_record_error_at_its_word(
    written: str, message: str, lines_on: int, column: int
) -> None:
    broken = notation.dumps(_game()).replace("\n3. A: ", written, 1)
    with pytest.raises(RecordError, match=message) as caught:
        notation.loads(broken)[0].replay()
    line, _ = _place_of(broken, written)
    assert _attributes(caught.value) == (1, line + lines_on, column, 3)
    assert _told(caught.value) == _attributes(caught.value)


def test_quoted_player_is_told_as_written() -> None:
    game = tc.play(
        tc.new_game("base", ["Ann Lee", "Bob"], seed=4),
        [tc.make_bot("random", 1), tc.make_bot("random", 2)],
    )
    broken = notation.dumps(game).replace('\n3. "Ann Lee": ', "\n3. Bob: ", 1)
    with pytest.raises(RecordError, match=r"'Bob:', line"):
        notation.loads(broken)[0].replay()
    broken = notation.dumps(game).replace("\n2. Bob: ", '\n2. "Ann Lee": ', 1)
    with pytest.raises(RecordError, match="turn 2, '\"Ann Lee\":', line"):
        notation.loads(broken)[0].replay()


def test_tag_error_has_the_tag_line_and_no_column() -> None:
    text = notation.dumps(_game())
    broken = text.replace('[Seat2 "B"]', '[Seat2 "A"]', 1)
    with pytest.raises(RecordError, match="players' names must differ") as caught:
        notation.loads(broken)[0].replay()
    line, _ = _place_of(broken, '[Seat2 "A"]')
    assert _attributes(caught.value) == (1, line, None, None)
    assert _told(caught.value) == (1, line, None, None)


@pytest.mark.parametrize("seed", ['[Seed "1"]\n', ""])
@pytest.mark.parametrize("name", ["B\x07", " ", ""])
def test_a_seat_name_no_game_takes_is_told_at_its_tag(seed: str, name: str) -> None:
    """Told at its Seat tag, with or without a Seed tag (the error of the
    game dealt from the seed was told at the Seed tag, or, without it, at
    another tag)."""
    text = f'[Event "e"]\n[Seat1 "A"]\n[Seat2 "{name}"]\n[Site "s"]\n{seed}\n1. A: pass\n'
    with pytest.raises(RecordError, match=r"Seat2 names .*: a player's name is a line") as caught:
        notation.loads(text)[0].replay()
    assert _attributes(caught.value) == (1, 3, None, None)
    assert _told(caught.value) == _attributes(caught.value)


def test_result_tag_error_has_the_tag_line() -> None:
    text = notation.dumps(_game())
    broken = re.sub(r'\[Result "[^"]*"\]', '[Result "1-0"]', text, count=1)
    record = notation.loads(broken)[0]
    with pytest.raises(RecordError, match="Result tag is each player's money") as caught:
        record.replay()
    line, _ = _place_of(broken, '[Result "1-0"]')
    assert _attributes(caught.value) == (1, line, None, None)


def test_contradicting_note_is_a_record_error_at_the_note() -> None:
    text = notation.dumps(Record.table_record(_game()))
    first = re.search(r"\((\w\d)=(\w+)", text)
    assert first is not None
    square, code = first[1], first[2]
    other = "B1n" if code != "B1n" else "B2n"
    # The same square noted again, later, as another tile.
    broken = text.replace("\n2. B: ", f"\n2. B: ({square}={other}) ", 1)
    with pytest.raises(RecordError, match=f"{square} is noted as") as caught:
        notation.loads(broken)[0].replay()
    line, column = _place_of(broken, f"({square}={other})")
    assert _attributes(caught.value) == (1, line, column, None)
    assert _told(caught.value) == (1, line, column, None)


def test_record_made_in_code_has_a_game_and_turn_but_no_line() -> None:
    record = Record.from_game(_game())
    moves = record.moves
    made = Record(
        record.tags,
        tuple(
            notation.Move("end") if item == notation.Move(moves[0]) else item
            for item in record.items
        ),
    )
    with pytest.raises(tc.IllegalActionError) as caught:
        made.replay()
    assert _attributes(caught.value) == (1, None, None, 1)
    assert "line" not in str(caught.value).split(": ", 1)[0]


def test_lenient_replay_errors_carry_their_places() -> None:
    text = notation.dumps(_game())
    broken = text.replace("\n2. B: ", "\n2. B: Zz9 ", 1)
    errors: list[Exception] = []
    notation.loads(broken)[0].replay(errors=errors)
    assert len(errors) == 1
    assert _attributes(errors[0]) == (1, *_place_of(broken, "Zz9"), 2)


def test_replay_errors_keep_their_places_through_pickle() -> None:
    text = notation.dumps(_game())
    for broken, kind in (
        (text.replace("\n3. A: ", "\n9. A: ", 1), RecordError),
        (text.replace("\n2. B: ", "\n2. B: Zz9 ", 1), tc.ActionSyntaxError),
    ):
        with pytest.raises(kind) as caught:
            notation.loads(broken)[0].replay()
        again = pickle.loads(pickle.dumps(caught.value))
        assert type(again) is kind
        assert str(again) == str(caught.value)
        assert _attributes(again) == _attributes(caught.value)


def test_record_errors_outside_a_replay_name_no_place() -> None:
    with pytest.raises(RecordError) as caught:
        Record((("Event", 3),), ())  # type: ignore[arg-type]
    assert _attributes(caught.value) == (None, None, None, None)


def _table_text(seed: int = 1) -> str:
    return notation.dumps(Record.table_record(_game(seed)))


def test_a_tag_given_twice_is_told_at_the_second() -> None:
    text = _table_text().replace('[Seat2 "B"]', '[Seat2 "B"]\n[Variant "tactical"]', 1)
    with pytest.raises(RecordError, match="the Variant tag is given twice") as caught:
        notation.loads(text)[0].replay()
    assert caught.value.line == _place_of(text, '[Variant "tactical"]')[0]


def test_a_record_without_seat_tags_is_told_at_its_first_tag() -> None:
    text = '{a comment before the game}\n\n[Event "x"]\n[Variant "base"]\n\n*\n'
    (record,) = notation.loads(text)
    with pytest.raises(RecordError, match="no Seat1, Seat2") as caught:
        record.replay()
    assert _attributes(caught.value) == (1, 3, None, None) == _told(caught.value)


def test_a_setup_the_variant_refuses_is_told_at_the_setup_tag() -> None:
    board = "/".join(["????????"] * 8)
    text = f'[Event "?"]\n[Seat1 "A"]\n[Seat2 "B"]\n[Setup "{board} - A BBB ?"]\n\n*\n'
    with pytest.raises(RecordError, match="deck differs from the variant's cards") as caught:
        notation.loads(text)[0].replay()
    assert _attributes(caught.value) == (1, 4, None, None)


def test_a_note_naming_a_tile_on_a_trappers_square_is_told_at_the_note() -> None:
    text = _table_text()
    start = tc.new_game("base", 2, seed=1).setup.trappers[0]  # blue's square, where no tile lies
    broken = text.replace("\n2. B: ", f"\n2. B: ({start}=B2n) ", 1)
    with pytest.raises(RecordError, match=f"trapper stands on {start}") as caught:
        notation.loads(broken)[0].replay()
    assert _attributes(caught.value) == (1, *_place_of(broken, f"({start}=B2n)"), None)


def test_a_tile_too_many_is_told_at_the_note_that_names_it() -> None:
    """Of the notes naming a face more often than the set has it, the last
    in the file is told (it went over), not the first square's."""
    faces = standard_tile_set().faces()
    for seed in range(1, 40):
        text = _table_text(seed)
        notes = list(re.finditer(r"(\w\d)=(C?[A-Z]\d)([nesw])", text))
        named: dict[str, int] = {}
        for note in notes:
            named[note[2]] = named.get(note[2], 0) + 1
        full = [face for face, count in named.items() if count == faces[face]]
        # A note after every note of a face the notes name in full, naming
        # another face, on a square before theirs in the board's order (which
        # the error once followed).
        for face in full:
            same = [n for n in notes if n[2] == face]
            first = min(tc.Square.parse(n[1]).index for n in same)
            later = [
                n
                for n in notes
                if n.start() > same[-1].start()
                and n[2] != face
                and tc.Square.parse(n[1]).index < first
            ]
            if later:
                break
        else:
            continue
        victim = later[-1]
        broken = text[: victim.start(2)] + face + text[victim.end(2) :]
        with pytest.raises(RecordError, match=f"more {face} tiles than the game has") as caught:
            notation.loads(broken)[0].replay()
        assert caught.value.line == broken.count("\n", 0, victim.start()) + 1
        assert _attributes(caught.value) == _told(caught.value)
        return
    pytest.fail("no record names a face in full before another note")


def test_syntax_errors_have_the_same_four_attributes() -> None:
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads('[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass ]\n')
    assert _attributes(caught.value) == (1, 4, 12, None)


_HEAD = '[Variant "base"]\n[Seat1 "A"]\n[Seat2 "B"]\n[Seed "1"]\n\n'


@pytest.mark.parametrize(
    "text",
    [
        _HEAD + "1. A: " + "x" * 100_000 + "\n",
        _HEAD + "1. " + "Q" * 100_000 + ": pass\n",
        _HEAD.replace('"A"', '"' + "A" * 100_000 + '"') + "1. B: pass\n",
    ],
    ids=["move", "mover", "seat"],
)
def test_issue10_a_replay_error_quotes_a_long_word_in_a_short_message(text: str) -> None:
    """A 100,000-character move came back in a 100,172-character message,
    a name in one of 200,089: the record's words are cut as the engine's
    messages cut what they quote."""
    (record,) = notation.loads(text)
    with pytest.raises(tc.TrapperError) as error:
        record.replay()
    assert len(str(error.value)) < 400
    assert "line 6, column" in str(error.value)


@pytest.mark.parametrize(
    ("moves", "word", "line", "message"),
    [
        # No turn numbers: the name is the first turn's, the second names nobody.
        ("Ann: pass\npass\n", "'pass'", 7, "the record names no player for this turn"),
        ("Ann: pass\nAnn: pass\n", "'Ann:'", 7, "the record says Ann decides"),
        ("1. Ann: pass\n2. pass\n", "'pass'", 7, "the record names no player for this turn"),
    ],
)
def test_a_turn_that_names_nobody_is_told_at_its_move(
    moves: str, word: str, line: int, message: str
) -> None:
    # Without turn numbers, the error was told at the name of the turn
    # before ('Ann:' on line 6), as if this turn had named Ann.
    text = '[Variant "base"]\n[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Seed "4"]\n\n' + moves
    with pytest.raises(RecordError, match=message) as caught:
        notation.loads(text)[0].replay()
    assert f"turn 2, {word}, line {line}, column" in str(caught.value)
    assert caught.value.line == line


_NO_START = '[Seat1 "Ann"]\n[Seat2 "Bob"]\n\n1. Ann: pass 2. Bob: pass\n'


def test_review_s56_R7_an_error_at_the_start_is_of_turn_0() -> None:
    errors: list[Exception] = []
    notation.loads(_NO_START)[0].replay(errors=errors)
    (error,) = errors
    assert isinstance(error, notation.RecordError)
    assert (error.game, error.turn) == (1, 0)
    # a move's error keeps its turn, and one of no move (the Result tag) none
    broken = notation.loads(_NO_START.replace("\n\n", '\n[Result "1 2"]\n\n'))[0]
    errors.clear()
    broken.replay(errors=errors)
    assert [getattr(e, "turn", "?") for e in errors] == [0]


def test_review_s56_a_decision_that_names_nobody_mid_turn_is_told_at_its_move() -> None:
    """In ``1. Ann: B1 2`` the name is right for ``B1``; ``2`` is Bob's bid
    and names nobody. The error stood at ``Ann:`` (column 4), blaming the
    name that was right, not the bid that lacked its own."""
    game = tc.new_game("tactical", ["Ann", "Bob", "Cy"], seed=4)
    head = notation.dumps(game).split("\n\n")[0]
    with pytest.raises(notation.RecordError) as err:
        notation.loads(head + "\n\n1. Ann: B1 2\n")[0].replay()
    assert (err.value.column, err.value.turn) == (12, 1)
    assert "'2'" in str(err.value)
    assert "names no player for this decision, and the last one named, Ann" in str(err.value)
    # a wrong name of its own is still told at the name
    with pytest.raises(notation.RecordError, match=r"'Ann:'.*says Ann decides") as err:
        notation.loads(head + "\n\n1. Ann: B1 Ann: 2\n")[0].replay()
    assert err.value.column == 12


def test_a_record_made_in_code_names_no_line_for_a_tag_given_twice() -> None:
    record = Record([("Variant", "base"), ("Seat1", "A"), ("Seat2", "B"), ("Seat1", "C")], [])
    with pytest.raises(RecordError, match="the Seat1 tag is given twice") as caught:
        record.replay()
    assert caught.value.line is None
    assert "line" not in str(caught.value)
