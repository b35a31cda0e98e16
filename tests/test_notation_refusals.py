"""Hostile input to the notation's readers, writers and strings: documented
errors only, with their place."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import trapper_core as tc
from trapper_core import TrapperError, notation
from trapper_notation import (
    NotationError,
    NotationSyntaxError,
    Position,
    Record,
    RecordError,
    SetupSpec,
)


@pytest.fixture(scope="module")
def game() -> tc.Game:
    return tc.play(tc.new_game("base", 2, seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])


@pytest.fixture(scope="module")
def two(game: tc.Game) -> bytes:
    return notation.dumps([game, game]).encode()


def test_scan_refuses_a_tag_line_of_bytes_that_are_not_utf8_and_keeps_no_game_half_read(
    two: bytes,
) -> None:
    at = two.index(b"[Site", 100) + 7
    data = two[:at] + b"\xff" + two[at:]
    found = notation.scan(io.BytesIO(data))
    assert next(found).number == 1
    with pytest.raises(NotationSyntaxError) as caught:
        next(found)
    with pytest.raises(NotationSyntaxError) as loaded:
        notation.load(io.BytesIO(data))
    assert (caught.value.line, caught.value.column) == (loaded.value.line, loaded.value.column)


def test_scan_refuses_bytes_that_are_not_utf8_in_the_first_games_tags(two: bytes) -> None:
    lines = two.split(b"\n")
    lines[3] = lines[3][:3] + b"\xff" + lines[3][3:]
    with pytest.raises(NotationSyntaxError) as caught:
        list(notation.scan(io.BytesIO(b"\n".join(lines))))
    assert (caught.value.line, caught.value.column) == (4, 4)


def test_scan_refuses_bytes_that_are_not_utf8_on_the_next_games_first_line(two: bytes) -> None:
    at = two.index(b"[Event", 100) + 3
    found = notation.scan(io.BytesIO(two[:at] + b"\xff" + two[at:]))
    assert next(found).number == 1
    with pytest.raises(NotationSyntaxError):
        next(found)


def test_a_syntax_errors_context_shows_control_characters_escaped_the_caret_in_place() -> None:
    text = '[Event "?"]\n\n1. A: pass \x1b]0;PWNED\x07\x1b[31mRED ]\n'
    with pytest.raises(NotationSyntaxError) as caught:
        notation.loads(text)
    message = str(caught.value)
    assert "\x1b" not in message
    assert "\x07" not in message
    assert "\\x1b" in caught.value.context
    line, caret = caught.value.context.split("\n")
    error = NotationSyntaxError("x", line=1, column=3, context="a\x1bbc\n  ^")
    assert error.context == "a\\x1bbc\n     ^"
    assert caret.index("^") < len(line)


def test_a_syntax_errors_context_shows_bidirectional_controls_escaped() -> None:
    # A right-to-left override would show the line reversed from there on
    # (the caret then points at another character than the one read); line
    # and paragraph separators would break it.
    text = '[Event "?"]\n\n1. A: pass \u202eRED\u2066x\u2028 ]\n'
    with pytest.raises(NotationSyntaxError) as caught:
        notation.loads(text)
    context = caught.value.context
    assert not {"\u202e", "\u2066", "\u2028"} & set(str(caught.value))
    assert "\\u202eRED\\u2066x\\u2028" in context
    error = NotationSyntaxError("x", line=1, column=3, context="a\u202ebc\n  ^")
    assert error.context == "a\\u202ebc\n       ^"


@pytest.mark.parametrize(
    "path",
    ["/nonexistent/x.trn", "/tmp", "/tmp/a\x00b", "x" * 100000, Path("/nonexistent/x")],
)
@pytest.mark.parametrize("reader", [notation.load, lambda p: list(notation.scan(p))])
def test_readers_refuse_a_path_they_cannot_open_with_a_short_notation_error(
    reader: object, path: object
) -> None:
    with pytest.raises(NotationError, match="cannot open") as caught:
        reader(path)  # type: ignore[operator]
    assert len(str(caught.value)) < 200


def test_load_of_a_records_text_says_to_use_loads(two: bytes) -> None:
    with pytest.raises(NotationError, match="loads") as caught:
        notation.load(two.decode())
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("name", ["games.trn", "records/2026/a", "C:\\games\\cup.txt"])
def test_loads_of_a_files_name_says_to_use_load(name: str) -> None:
    hint = [
        f"loads reads the notation's text; {name!r} looks like a file's name: "
        "notation.load(path) reads a file"
    ]
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(name)
    assert caught.value.__notes__ == hint
    errors: list[Exception] = []
    assert notation.loads(name, errors=errors) == []
    assert [e.__notes__ for e in errors] == [hint]


@pytest.mark.parametrize("text", ["hello", "1. A: x )", '[A "b"]\n1. A: x )'])
def test_loads_of_broken_text_that_is_no_files_name_adds_no_hint(text: str) -> None:
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(text)
    assert not hasattr(caught.value, "__notes__")


def test_loads_of_a_path_or_bytes_says_what_to_do_instead(two: bytes) -> None:
    with pytest.raises(NotationError, match=r"not a path \(games.trn\): notation.load\(path\)"):
        notation.loads(Path("games.trn"))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="not bytes: decode it from UTF-8"):
        notation.loads(two)  # type: ignore[arg-type]


def test_readers_refuse_a_closed_stream(two: bytes) -> None:
    stream = io.StringIO(two.decode())
    stream.close()
    for read in (notation.load, notation.read_game, lambda s: list(notation.scan(s))):
        with pytest.raises(NotationError, match="closed"):
            read(stream)


class _ListRead:
    def read(self, n: int = -1) -> list[str]:
        return ["x"]

    def readline(self, n: int = -1) -> list[str]:
        return ["x"]


class _IntRead(io.RawIOBase):
    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> int:
        return 12345


@pytest.mark.parametrize("make", [_ListRead, _IntRead])
def test_readers_refuse_a_stream_whose_read_gives_no_text(make: type) -> None:
    with pytest.raises(NotationError, match="read gave"):
        notation.load(make())
    with pytest.raises(NotationError, match="read gave"):
        notation.read_game(make())


class _Lines(io.TextIOBase):
    """A text stream whose reads give ``lines`` in turn, whatever they are."""

    def __init__(self, lines: list[Any]) -> None:
        self.lines = lines

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:  # for scan, which asks where lines begin
        return True

    def tell(self) -> int:
        return 0

    def readline(self, size: int | None = -1) -> Any:
        return self.lines.pop(0) if self.lines else ""


def _readers() -> list[Any]:
    return [
        notation.load,
        lambda s: list(notation.games(s)),
        notation.read_game,
        lambda s: list(notation.scan(s)),
    ]


@pytest.mark.parametrize("odd", [b'[Seat2 "B"]\n', None, 5, ["x"]])
@pytest.mark.parametrize("at", [0, 1, 4])
def test_issue10_readers_refuse_any_read_that_gives_no_text(odd: object, at: int) -> None:
    """Every read is checked, not the first alone: a later one giving bytes,
    None or a number raised a TypeError deep in the reader (scan took a
    first None as the end)."""
    lines: list[Any] = notation.dumps(tc.new_game("base", 2, seed=1)).splitlines(True)
    lines[at] = odd
    for read in _readers():
        stream = _Lines(list(lines))
        with pytest.raises(NotationError, match=f"the stream's read gave {type(odd).__name__}"):
            read(stream)


def test_issue10_readers_take_a_binary_stream_that_reads_bytearrays() -> None:
    class Bytearrays(io.BytesIO):
        def readline(self, size: int | None = -1) -> bytes:
            return bytearray(super().readline(size))  # type: ignore[return-value]

        def read1(self, size: int | None = -1) -> bytes:
            return bytearray(super().read1(size))  # type: ignore[return-value]

        def read(self, size: int | None = -1) -> bytes:
            return bytearray(super().read(size))  # type: ignore[return-value]

    games = [tc.new_game("base", 2, seed=s) for s in (1, 2)]
    text = notation.dumps(games).encode()
    records = notation.load(io.BytesIO(text))
    assert notation.load(Bytearrays(text)) == records
    assert list(notation.games(Bytearrays(text))) == records
    assert notation.read_game(Bytearrays(text)) == records[0]
    assert list(notation.scan(Bytearrays(text))) == list(notation.scan(io.BytesIO(text)))


def test_readers_refuse_a_text_stream_over_bytes_that_are_not_utf8(two: bytes) -> None:
    for read in (notation.load, lambda s: list(notation.scan(s))):
        stream = io.TextIOWrapper(io.BytesIO(b"\xff" + two), encoding="utf-8")
        with pytest.raises(NotationError, match="not utf-8"):
            read(stream)


def test_a_huge_max_game_size_is_taken_by_every_reader(two: bytes) -> None:
    huge = 10**5000
    assert len(notation.loads(two.decode(), max_game_size=huge)) == 2
    assert len(list(notation.scan(io.BytesIO(two), max_game_size=huge))) == 2
    assert notation.read_game(io.StringIO(two.decode()), max_game_size=huge) is not None


def test_scan_refuses_a_stream_that_tells_no_number(two: bytes) -> None:
    class BadTell(io.StringIO):
        def tell(self) -> int:
            return "x"  # type: ignore[return-value]

    with pytest.raises(NotationError, match="tell"):
        list(notation.scan(BadTell(two.decode())))


def test_a_tag_value_with_a_lone_surrogate_is_refused(game: tc.Game) -> None:
    with pytest.raises(tc.TrapperError, match="surrogate"):
        Record.from_game(game, Event="\ud800")


def test_dump_writes_utf8_to_a_binary_stream(game: tc.Game) -> None:
    out = io.BytesIO()
    notation.dump(Record.from_game(game, Event="Café"), out)
    assert notation.load(io.BytesIO(out.getvalue()))[0].tags["Event"] == "Café"


def test_dump_refuses_a_text_file_whose_encoding_cannot_write_the_games(game: tc.Game) -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    with pytest.raises(NotationError, match="encoding"):
        notation.dump(Record.from_game(game, Event="Café"), out)
    out.flush()
    assert raw.getvalue() == b""


@pytest.mark.parametrize(
    ("tags", "number"),
    [
        (None, 1),
        ([("Event",)], 1),
        ([("Event", 5)], 1),
        ("Event", 1),
        ([("Event", "x")], "1"),
        ([("Event", "x")], -1),
        ([("Event", "x")], 0),
        ([("Event", "x")], True),
    ],
)
def test_a_record_refuses_tags_that_are_not_pairs_of_str_and_a_number_below_1(
    tags: object, number: object
) -> None:
    with pytest.raises(NotationError):
        Record(tags, number=number)  # type: ignore[arg-type]


def test_a_record_still_takes_pairs_as_lists() -> None:
    assert Record([["Event", "x"]], number=3).tags["Event"] == "x"  # type: ignore[list-item]


def test_setup_string_errors_are_short_and_from_setup_refuses_no_setup() -> None:
    with pytest.raises(TrapperError) as caught:
        SetupSpec.parse("? - " + "1" * 5000 + " ? ?")
    assert len(str(caught.value)) < 300
    with pytest.raises(TrapperError, match="Setup"):
        SetupSpec.from_setup(None)  # type: ignore[arg-type]


def test_position_string_errors_name_the_field_and_what_it_should_be() -> None:
    game = tc.new_game("base", 2, seed=2)
    fields = str(Position.from_game(game)).split(" ")
    for index in range(len(fields)):
        for bad in ("9" * 5000, "-"):
            parts = list(fields)
            parts[index] = bad
            try:
                Position.parse(" ".join(parts))
            except NotationError as exc:
                message = str(exc)
                assert len(message) < 300, message
                assert "unpack" not in message
                assert "invalid literal" not in message
                assert f"field {index + 1}" in message or "position string:" in message
    with pytest.raises(NotationError, match=r"field 13 \(turns\): a whole number"):
        Position.parse(" ".join([*fields[:12], "-", fields[13]]))


@pytest.mark.parametrize("value", ["1-0", "57 x", "٣ 4", "1_0 2", "9" * 5000])
def test_a_result_tag_of_no_money_is_a_record_error_at_its_line(value: str) -> None:
    """``Record.result`` reads whole numbers of ASCII digits only: anything
    else (what ``int`` takes too, "٣" or "1_0", or a number longer than
    Python converts) is a `RecordError` naming the tag's line, and the
    replay reports the same."""
    game = tc.play(tc.new_game("base", 2, seed=3), [tc.RandomBot(1), tc.RandomBot(2)])
    text = notation.dumps(game)
    result = f'[Result "{" ".join(map(str, game.scores()))}"]'
    line = text[: text.index(result)].count("\n") + 1
    (record,) = notation.loads(text.replace(result, f'[Result "{value}"]'))
    message = rf"^game 1, line {line}: the Result tag is each player's money"
    with pytest.raises(RecordError, match=message):
        _ = record.result
    errors: list[Exception] = []
    assert record.replay(errors=errors) == game
    assert len(errors) == 1
    assert isinstance(errors[0], RecordError)
    assert re.match(message, str(errors[0]))


def test_a_result_tag_of_money_reads_as_numbers() -> None:
    text = '[Variant "base"]\n[Seat1 "A"]\n[Seat2 "B"]\n[Result " 57  -3 "]\n\n1. A: pass\n'
    assert notation.loads(text)[0].result == (57, -3)


def test_a_note_that_contradicts_the_record_is_placed_by_its_line_and_column() -> None:
    """Notes are shared between records and have no line of their own: an
    error about one named the line of the text just before it ('a note on
    line 14 or later'); the record keeps where each of its notes stands."""
    game = tc.play(tc.new_game("base", 2, seed=1), [tc.RandomBot(1), tc.RandomBot(2)])
    lines = notation.dumps(notation.Record.table_record(game)).split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith("3.") and "=" in line)
    found = re.search(r"\(([a-h][1-8])=(\w+)", lines[at])
    assert found is not None
    square, tile = found.groups()
    column = len(lines[at]) + 2
    lines[at] += f" ({square}={'B1n' if tile != 'B1n' else 'B2n'})"
    (record,) = notation.loads("\n".join(lines))
    with pytest.raises(
        RecordError, match=rf"^game 1, the note at line {at + 1}, column {column}: {square}"
    ):
        record.replay()
    first = next(k for k, line in enumerate(lines) if line.startswith("1."))
    lines[first] = "(shuffle BBGG) " + lines[first]
    (record,) = notation.loads("\n".join(lines))
    with pytest.raises(
        RecordError, match=rf"^game 1, the note at line {first + 1}, column 1: a reshuffle noted"
    ):
        record.replay()


@pytest.mark.parametrize(
    "between", [" ", "  \t", "\n", "\n   ", "", " {a comment} ", " ; (a1=B1n)\n  ", '"A": ']
)
def test_the_second_of_two_notes_in_a_stretch_is_placed_by_its_line_and_column(
    between: str,
) -> None:
    """Notes are read from the move text around them (one token): each has
    its own line and column, on the stretch's line or after a line break
    within it, read by splitting the text at white space or, with comments
    or a quoted name about, by the grammar's pattern (a comment that holds
    a note's text does not take its place)."""
    game = tc.play(tc.new_game("base", 2, seed=1), [tc.RandomBot(1), tc.RandomBot(2)])
    text = notation.dumps(notation.Record.table_record(game))
    found = re.search(r"\(([a-h][1-8])=(\w+)\)", text)
    assert found is not None
    square, tile = found.groups()
    wrong = "B1n" if tile != "B1n" else "B2n"
    text = text[: found.end()] + between + f"({square}={wrong})" + text[found.end() :]
    start = found.end() + len(between)
    line = text.count("\n", 0, start) + 1
    column = start - text.rfind("\n", 0, start)
    (record,) = notation.loads(text)
    with pytest.raises(
        RecordError, match=rf"^game 1, the note at line {line}, column {column}: {square}"
    ):
        record.replay()


def test_seat_tags_with_a_gap_or_a_tag_read_twice_are_refused_at_the_tag() -> None:
    """A record without its Seat2 tag was replayed as one of one player
    (refused only by the player count), and one without Seat3 as a game of
    two whose first move of C was "not C's decision"; a Seat5 beyond four,
    a Seat01, or a second Seat1 or Variant naming something else, were left
    unread. Each is now a RecordError at the tag's line."""
    game = tc.play(tc.new_game("base", 4, seed=3), [tc.RandomBot(i) for i in range(4)])
    text = notation.dumps(game)
    lines = text.splitlines()

    def refused(changed: str, message: str, line: int) -> None:
        with pytest.raises(RecordError, match=re.escape(message)) as caught:
            notation.loads(changed)[0].replay()
        assert f"line {line}:" in str(caught.value)

    for gap in (2, 3):
        line = next(i for i, t in enumerate(lines) if t.startswith(f"[Seat{gap + 1} ")) + 1
        kept = "\n".join(t for t in lines if not t.startswith(f"[Seat{gap} "))
        refused(kept, f"Seat{gap + 1} follows no Seat{gap}: the Seat tags number", line - 1)
    seat4 = next(i for i, t in enumerate(lines) if t.startswith("[Seat4 ")) + 1
    refused(
        text.replace('[Seat4 "D"]', '[Seat4 "D"]\n[Seat01 "E"]'),
        "Seat01 is no seat's tag",
        seat4 + 1,
    )
    # A tag given twice is told at the second, which the replay would leave unread.
    refused(
        text.replace('[Seat4 "D"]', '[Seat4 "D"]\n[Seat1 "Z"]'),
        "the Seat1 tag is given twice, 'A' and 'Z'",
        seat4 + 1,
    )
    refused(
        text.replace('[Seat4 "D"]', '[Seat4 "D"]\n[Variant "tactical"]'),
        "the Variant tag is given twice, 'base' and 'tactical'",
        seat4 + 1,
    )
    # A tag the replay reads, repeated alike, and other tags repeated, are taken.
    again = text.replace(
        '[Seat4 "D"]', '[Seat4 "D"]\n[Seat1 "A"]\n[Variant "Base"]\n[Event "x"]\n[Event "y"]'
    )
    assert notation.loads(again)[0].replay() == game


def _seeded_game_with_a_reshuffle() -> tuple[str, int, int]:
    """A complete record with a reshuffle note, and the note's line and column."""
    for seed in range(1, 60):
        game = tc.play(tc.new_game("base", 2, seed=seed), [tc.RandomBot(0), tc.RandomBot(1)])
        text = notation.dumps(game)
        start = text.find("(shuffle ")
        if start >= 0:
            return text, text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
    raise AssertionError("no game with a reshuffle")


def test_a_reshuffle_note_the_seed_does_not_make_is_refused_at_the_note() -> None:
    """A reshuffle noted in another order than the Seed tag's was taken, and
    the game went on with it: the record said two things, and the notes
    dropped it replayed another game."""
    text, line, column = _seeded_game_with_a_reshuffle()
    cards = re.search(r"\(shuffle (\w+)\)", text)
    assert cards is not None
    pile = cards.group(1)
    other = next(
        pile[i + 1] + pile[i] + pile[i + 2 :] for i in range(len(pile)) if pile[i] != pile[i + 1]
    )
    wrong = text.replace(pile, other, 1)
    with pytest.raises(
        RecordError,
        match=rf"^game 1, the note at line {line}, column {column}: the reshuffle noted is not "
        r"the one the Seed tag makes \(line \d+\)$",
    ):
        notation.loads(wrong)[0].replay()
    # Without the Seed tag the note is the only word on the reshuffle: taken.
    unseeded = re.sub(r'\[Seed ".*"\]\n', "", wrong)
    assert notation.loads(unseeded)[0].replay().state.shuffles >= 1


def test_a_tile_note_that_contradicts_the_setup_is_refused_at_the_note() -> None:
    """'a1 holds K3w in the setup, but a note says …' named the game and no line."""
    text, _line, _column = _seeded_game_with_a_reshuffle()
    lines = text.split("\n")
    first = next(k for k, line in enumerate(lines) if line.startswith("1."))
    setup = notation.loads(text)[0].setup
    square = next(i for i, t in enumerate(setup.board) if isinstance(t, tc.Tile))
    tile = setup.board[square]
    other = next(t for t in setup.board if isinstance(t, tc.Tile) and t != tile)
    column = len(lines[first]) + 2
    lines[first] += f" ({tc.SQUARES[square].name}={other.code})"
    for changed in ("\n".join(lines), re.sub(r'\[Setup ".*"\]\n', "", "\n".join(lines))):
        at = next(k for k, line in enumerate(changed.split("\n")) if line.startswith("1.")) + 1
        with pytest.raises(
            RecordError, match=rf"^game 1, the note at line {at}, column {column}: .* in the setup"
        ):
            notation.loads(changed)[0].replay()


# ----------------------------------------------------------------------
# Items: what the writer could not write so that the reader reads it back
# ----------------------------------------------------------------------
_D6 = tc.Square.parse("d6")
_B2N = tc.Tile.from_code("B2n")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: notation.Move("pa ss"), r"a Move's text is one action: .* not 'pa ss'$"),
        (lambda: notation.Move(""), r"a Move's text is one action: .* not ''$"),
        (lambda: notation.Move("{"), r"a Move's text is one action: .* not '\{'$"),
        (lambda: notation.Move("x;"), r"a Move's text is one action: .* not 'x;'$"),
        (lambda: notation.Move("1."), r"a Move's text is one action: .* not '1\.'$"),
        (lambda: notation.Move("Ann:"), r"a Move's text is one action: .* not 'Ann:'$"),
        (lambda: notation.Move("é"), r"a Move's text is one action: .* not 'é'$"),
        (lambda: notation.Move("pass\n"), r"a Move's text is one action: .* not 'pass\\n'$"),
        (lambda: notation.Move("x" * 201), r"one action, of at most 200 characters, not 201: "),
        (
            lambda: notation.TurnNumber(-1),
            r"a TurnNumber's number is a whole number from 0, .* not -1$",
        ),
        (
            lambda: notation.TurnNumber(10**30),
            r"a TurnNumber's number .* of at most 18 digits, not 10{30}$",
        ),
        (lambda: notation.TurnNumber(10**18), r"at most 18 digits, not 10{18}$"),
        (lambda: notation.TurnNumber(True), r"a TurnNumber's number .* not True$"),
        (lambda: notation.Notes(()), r"a Notes holds at least one entry"),
        (lambda: notation.Shuffle(""), r"a Shuffle's cards are .* B, E, G and P .* not ''$"),
        (lambda: notation.Shuffle("B E"), r"a Shuffle's cards are .* not 'B E'$"),
        (lambda: notation.Shuffle("BX"), r"a Shuffle's cards are .* not 'BX'$"),
        (lambda: notation.Mover("A\nB"), r"a Mover's name is one line, not 'A\\nB'$"),
        (lambda: notation.Mover("A\ud800"), r"a Mover's name is Unicode text, with no lone"),
        (lambda: notation.Comment("a}b"), r"a \{ \} comment cannot hold '\}': 'a\}b'$"),
        (lambda: notation.Comment("a\nb", True), r"a ';' comment is one line: 'a\\nb'$"),
        (lambda: notation.Comment("a\rb"), r"a comment's line ends are '\\n' .*: 'a\\rb'$"),
        # Read back without the mark: one at a line's start is none (a
        # byte order mark of a file joined to another).
        (
            lambda: notation.Comment("a\n\ufeffb"),
            r"a comment's line cannot begin with U\+FEFF .*: 'a\\n\\ufeffb'$",
        ),
        (lambda: notation.Comment("\ud800"), r"a Comment's text is Unicode text, with no lone"),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_an_item_refuses_what_loads_would_not_read_back_as_that_item_when_it_is_made(
    make: Any, message: str
) -> None:
    """dumps wrote these, and loads read them back as other items (Move('pa
    ss') as two moves, Move('1.') as a turn number, Move('x;') as a move and
    a comment swallowing the rest of the line) or not at all."""
    with pytest.raises(RecordError, match=message):
        make()


@pytest.mark.parametrize(
    ("kind", "args", "message"),
    [
        (notation.Move, (None,), r"a Move's text is one action: .* not None$"),
        (notation.Move, (b"pass",), r"a Move's text is one action: .* not b'pass'$"),
        (notation.TurnNumber, (1.0,), r"a TurnNumber's number is .* not 1\.0$"),
        (notation.TurnNumber, ("1",), r"a TurnNumber's number is .* not '1'$"),
        (notation.Mover, (5,), r"^a Mover's name is a str, not 5$"),
        (notation.Comment, (None,), r"^a Comment's text is a str, not None$"),
        (notation.Comment, ("x", 1), r"^a Comment's to_end_of_line is True or False, not 1$"),
        (notation.Notes, (None,), r"^a Notes' entries are a sequence of .*, not None$"),
        (notation.Notes, (("x",),), r"^a Notes' entries are Shuffle and Reveal objects, not 'x'$"),
        (notation.Notes, ("x",), r"^a Notes' entries are Shuffle and Reveal objects, not 'x'$"),
        (notation.Notes, ((_B2N,),), r"^a Notes' entries are .*, not Tile"),
        (notation.Reveal, ("d6", _B2N), r"^a Reveal's square is a Square .*, not 'd6'$"),
        (notation.Reveal, (_D6, "B2n"), r"^a Reveal's tile is a Tile .*, not 'B2n'$"),
        (notation.Shuffle, (None,), r"^a Shuffle's cards are .* not None$"),
        (notation.Shuffle, (["B"],), r"^a Shuffle's cards are .* not \['B'\]$"),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else None,
)
def test_an_item_refuses_a_field_of_the_wrong_type_naming_the_field_and_the_value(
    kind: Any, args: tuple[object, ...], message: str
) -> None:
    """Made so, these reached dumps or record.replay() as a bare TypeError or
    AttributeError ('str' object has no attribute 'square')."""
    with pytest.raises(RecordError, match=message) as caught:
        kind(*args)
    assert isinstance(caught.value, TrapperError | ValueError)


def test_dumps_refuses_a_record_without_tags_which_loads_would_not_read_as_a_game() -> None:
    record = Record([], [notation.Move("pass")])
    with pytest.raises(
        RecordError, match=r"^a record is written with its tags \(Seat1, Seat2, …\)"
    ):
        notation.dumps(record)
    with pytest.raises(RecordError, match="written with its tags"):
        notation.dumps([Record([("Seat1", "A")]), record])
    out = io.StringIO()
    with pytest.raises(RecordError, match="written with its tags"):
        notation.dump([Record([("Seat1", "A")]), record], out)
    assert out.getvalue() == ""  # nothing half written


def test_items_at_the_edges_of_what_the_reader_reads_are_written_and_read_back() -> None:
    items: list[notation.Item] = [
        notation.TurnNumber(0),
        notation.Mover(""),
        notation.Move("Ge6/BB<H3+B4"),
        notation.Notes([notation.Shuffle("BEGP"), notation.Reveal(_D6, _B2N)]),  # a list is taken
        notation.TurnNumber(10**18 - 1),
        notation.Mover('Ann "the" \\ Lee\t\x85\u2028'),
        notation.Move("9"),
        notation.Comment(" a {\n comment "),
        notation.Comment(" to the end; of { the line ", True),
        notation.Move("pass"),
    ]
    assert items[3] == notation.Notes((notation.Shuffle("BEGP"), notation.Reveal(_D6, _B2N)))
    record = Record([("Seat1", "A"), ("Seat2", "B")], items)
    (back,) = notation.loads(notation.dumps(record))
    assert back == record
    assert back.items == tuple(items)


def _remade(item: object) -> object:
    """``item`` made again through its class, with the checks the reader skips."""
    if isinstance(item, notation.Notes):
        return notation.Notes(tuple(attrs.evolve(e) for e in item.entries), item.line)
    return attrs.evolve(item)  # type: ignore[misc]


def test_every_item_the_reader_and_the_writer_make_passes_the_items_checks(
    game: tc.Game,
) -> None:
    """The reader makes its items without the checks (its grammar has read
    them); the writer makes them from played games. Both still pass them."""
    files = [
        notation.load(path)
        for path in sorted(Path(__file__).parent.joinpath("records").glob("*.trn"))
    ]
    for variant in tc.available_variants():
        played = tc.play(tc.new_game(variant, 3, seed=5), [tc.RandomBot(s) for s in range(3)])
        files.append([Record.from_game(played), Record.table_record(played)])
    files.append([Record.from_game(game), Record.table_record(game)])
    for records in files:
        for record in records:
            for item in (*record.preface, *record.items):
                assert _remade(item) == item
        assert notation.loads(notation.dumps(records)) == records


@pytest.mark.skipif(
    not os.path.exists("/proc/self/mem"), reason="needs /proc/self/mem, a file no read of succeeds"
)
def test_readers_say_a_path_that_opens_but_cannot_be_read() -> None:
    """Only a failure to open a path was a `NotationError`: one to read it
    (EIO) came out as a bare OSError."""
    for read in _readers():
        if read is notation.read_game:  # reads streams only
            continue
        with pytest.raises(NotationError, match="cannot read '/proc/self/mem': Input/output"):
            read("/proc/self/mem")


def test_a_stretch_made_in_code_with_a_note_that_is_no_note_is_refused_at_the_note() -> None:
    """The reader checks every tile its notes reveal; a stretch of move text
    made in code is checked when it is replayed, and refused at the note."""
    from trapper_notation.stretch import Stretch

    stretch = Stretch("1. A: pass (a1=Z9n)", 7, 3)
    record = notation.Record({"Variant": "base", "Seat1": "A", "Seat2": "B"}, [stretch])
    with pytest.raises(
        RecordError, match=r"^game 1, the note at line 7, column 14: '\(a1=Z9n\)' is no note: "
    ):
        record.replay()


@pytest.mark.parametrize(
    ("tag", "column", "said"),
    [
        ('[Event "C:\\games"]', 11, "a backslash escapes only '\"' and itself"),
        ('[Event "x]', 11, "a tag's value is closed with '\"' on its line"),
        ('[Time-Control "x"]', 6, "a tag's name is letters, digits and '_', not '-'"),
        ('[Event "x"', 11, "a tag is closed with ']' after its value, not the end of the line"),
        ('[1Event "x"]', 2, "a tag's name begins with a letter, not '1'"),
        ('[Event"x"]', 7, "a blank stands between a tag's name and its value"),
        ("[Event x]", 8, "a tag's value is quoted after its name, not 'x'"),
        ('[Event "x"] [Site "y"', 22, "a tag is closed with ']' after its value"),
    ],
)
@pytest.mark.parametrize("first", [True, False])
def test_review_s55_a_broken_tag_is_told_where_it_breaks_off_and_why(
    tag: str, column: int, said: str, first: bool
) -> None:
    """Every broken tag was told at its '[' with the same words, "a tag is
    written [Name "value"]": a backslash in a value, a name with a hyphen,
    a quote or a bracket left out."""
    text = notation.dumps(tc.new_game("base", ["Ann", "Bob"], seed=1))
    old = '[Event "?"]' if first else '[Site "?"]'
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(text.replace(old, tag))
    error = caught.value
    assert (error.line, error.column) == (1 if first else 2, column)
    assert said in error.expected
    assert error.expected.endswith(': a tag is written [Name "value"]')
    assert error.context.splitlines()[1] == " " * (column - 1) + "^"


@pytest.mark.parametrize(
    ("tag", "read"),
    [
        ('[variant "tactical"]', "Variant"),
        ('[seat2 "Bob"]', "Seat2"),
        ('[SEAT2 "Bob"]', "Seat2"),
        ('[result "9 0"]', "Result"),
        ('[seed "1"]', "Seed"),
        ('[SETUP "x"]', "Setup"),
    ],
)
def test_review_s55_a_read_tag_in_another_case_is_refused_where_it_stands(
    tag: str, read: str
) -> None:
    """``[variant "tactical"]`` replayed as the base game (the tag unread)
    and failed at its first bid; ``[result "9 0"]`` went unchecked."""
    text = notation.dumps(tc.new_game("base", ["Ann", "Bob"], seed=1))
    old = {"Variant": '[Variant "base"]', "Seat2": '[Seat2 "Bob"]', "Result": '[Result "*"]'}
    if read in old:
        text = text.replace(old[read], tag)
    else:  # a tag of its own line after the Event tag
        text = text.replace('[Event "?"]', f'[Event "?"]\n{tag}')
    line = text.splitlines().index(tag) + 1
    record = notation.loads(text)[0]
    with pytest.raises(
        notation.RecordError, match=f"line {line}: the replay reads the tag {read}, not"
    ):
        record.replay()


def test_review_s56_a_byte_that_is_not_utf8_is_shown_with_a_caret(tmp_path: Path) -> None:
    """Every syntax error shows its line with a caret under the column but
    this one, whose line stood alone (the bytes shown as '?'). It shows the
    line as far as the byte, which every reader has read whatever its
    blocks (``test_fuzz_a_cap_on_the_size_of_a_game_reads_alike_…``)."""
    path = tmp_path / "latin-1.trn"
    path.write_bytes('[Event "Café"]\n[Seat1 "A"]\n[Seat2 "B"]\n\n*\n'.encode("latin-1"))
    with pytest.raises(notation.NotationSyntaxError) as err:
        notation.load(path)
    assert (err.value.line, err.value.column) == (1, 12)
    assert err.value.context == '[Event "Caf\ufffd\n' + " " * 11 + "^"


def test_review_s56_the_caret_under_a_line_of_tabs_is_padded_with_its_tabs() -> None:
    """Padded with spaces only, the caret stood far left of the character on
    a terminal, which widens each tab to the next stop."""
    text = '[Seat1 "A"]\n[Seat2 "B"]\n\n1.\tA:\tBc5\t]]\n'
    with pytest.raises(notation.NotationSyntaxError) as err:
        notation.loads(text)
    assert err.value.column == 11
    line, caret = err.value.context.split("\n")
    assert line == "1.\tA:\tBc5\t]]"
    assert caret == "  \t  \t   \t^"
    assert line[len(caret) - 1] == "]"


@pytest.mark.parametrize("tag", ["seat1", "SEAT2", "VARIANT", "seed", "sEtUp", "result"])
def test_review_s57_a_tag_the_game_decides_is_refused_in_another_case(tag: str) -> None:
    """``Record.from_game`` and ``table_record`` took a tag the game decides
    written in another case (``seat1``), and wrote a record their own
    replay refuses ("the replay reads the tag Seat1, not seat1")."""
    game = tc.play(tc.new_game("base", ["Ann", "Bob"], seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])
    for make in (notation.Record.from_game, notation.Record.table_record):
        with pytest.raises(notation.RecordError, match=f"the tag {tag} is written|no Seed tag"):
            make(game, **{tag: "Zed"})
    assert notation.Record.from_game(game, event="x").replay() == game  # a tag it does not read
    for seat in ("seat5", "SEAT01"):  # no seat of the game's, in any case
        with pytest.raises(notation.RecordError, match=f"the tag {seat} names a seat the game"):
            notation.Record.from_game(game, **{seat: "Zed"})


@pytest.mark.parametrize(
    ("note", "column", "told"),
    [
        ("(shuffle BBX)", 23, "unexpected 'X': a note ( … ) is closed with ')'"),
        ("(a1=B1n, b2=B1n)", 19, "unexpected ',': a note ( … ) holds more tiles like d2=B2e"),
        ("(a1=B1n b2=X9z)", 20, "unexpected 'b2=X9z': a note ( … ) holds more tiles"),
        ("(shuffle)", 20, "unexpected ')': 'shuffle' is followed by the new draw pile's colours"),
        ("(a1=B1n", 19, "the game's text ends inside a note: a note ( … ) holds more"),
    ],
)
def test_review_s57_a_notes_syntax_error_says_what_it_found(
    note: str, column: int, told: str
) -> None:
    """A broken note was told "a note ( … ) is closed with ')'" whatever
    was wrong in it: now what was found, and what may come there."""
    with pytest.raises(notation.NotationSyntaxError) as refused:
        notation.loads('[Seat1 "A"]\n1. A: pass ' + note)
    assert (refused.value.line, refused.value.column) == (2, column)
    assert refused.value.expected.startswith(told)
