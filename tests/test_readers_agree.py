"""Every reader cuts a file into the same games, ``scan`` finds every game
where ``read_game`` reads it, and bad arguments meet clear errors."""

from __future__ import annotations

import copy
import functools
import io
import itertools
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import trapper_core as tc
from trapper_core import notation
from trapper_core.notation import NotationSyntaxError
from trapper_notation import reader
from trapper_notation.replay import _Places, parts
from trapper_notation.stretch import Stretch


def _games() -> list[tc.Game]:
    return [
        tc.play(tc.new_game("base", 2, seed=s), [tc.GreedyBot(0), tc.GreedyBot(1)], max_actions=6)
        for s in (1, 2, 3)
    ]


def _by_read_game(stream: io.IOBase) -> list[notation.Record]:
    found = []
    while (record := notation.read_game(stream)) is not None:  # type: ignore[arg-type]
        found.append(record)
    return found


def _said(records: list[notation.Record]) -> list[tuple[object, ...]]:
    return [(r.number, r.line, tuple(r.tags.keys()), r.moves) for r in records]


@pytest.mark.parametrize(
    "text",
    [
        '[A "1"]\npass\n[B "2"]\npass [C "3"]\n[D "4"]\n',
        '[A "1"]\n5\n[B "2"]\n3[C "3"]\n[D "4"]\n',
        '[A "1"]\n\npass\n[B "2"]\n\npass [C "3"]\n[D "4"]\n[E "5"]\n\npass\n',
        '[A "1"] pass [B "2"] pass\n[C "3"]\npass\n',
    ],
)
def test_issue10_every_reader_cuts_a_file_into_the_same_games(text: str) -> None:
    """A game whose last line ends in a tag: parsed with the games after it
    (as ``loads`` parses small games together) its tags ran on into the next
    game's, parsed alone (as ``read_game`` reads) they did not."""
    alone = _said(_by_read_game(io.StringIO(text)))
    assert _said(notation.loads(text)) == alone
    assert _said(list(notation.games(io.BytesIO(text.encode())))) == alone
    assert _said(notation.load(io.StringIO(text))) == alone


@pytest.mark.parametrize(
    "moves",
    [
        '1. A: pass [Event "x"] )',  # a tag, then what no game reads
        '1. A: pass [Event "x"]',
        '1. A: pass [Event "x"] 1. B: pass [Event "y"] )',
        '1. A: pass [Event "x"] ) [Event "y"] 2. B: pass',
    ],
)
def test_issue10_scan_numbers_the_games_as_the_readers_do(moves: str) -> None:
    """A line of moves that holds a tag: ``scan`` counted a game from it even
    when the game does not read (the readers count such a game, broken, as
    one), and numbered every game after it one more than ``read_game``
    given its offset, and the errors, did."""
    text = f'[Seat1 "A"]\n[Seat2 "B"]\n\n{moves}\n\n[Seat1 "C"]\n[Seat2 "D"]\n\n1. C: pass\n'
    errors: list[Exception] = []
    records = notation.loads(text, errors=errors)
    told = {(r.number, r.line) for r in records}
    broken = {error.game for error in errors}  # type: ignore[attr-defined]
    index = list(notation.scan(io.BytesIO(text.encode())))
    assert {found.number for found in index} == {n for n, _ in told} | broken
    assert told <= {(found.number, found.line) for found in index}
    stream = io.BytesIO(text.encode())
    for found in index:
        stream.seek(found.offset)
        again = notation.read_game(stream, number=found.number, line=found.line, errors=[])
        if found.number not in broken:
            assert again is not None
            assert (again.number, again.line) == (found.number, found.line)


def _second_game_error(stream: io.BytesIO, lenient: bool, **where: int) -> tuple[object, ...]:
    """The error of the next game ``read_game`` reads, strict or lenient."""
    errors: list[Exception] = []
    try:
        found = notation.read_game(stream, errors=errors if lenient else None, **where)
    except notation.NotationSyntaxError as raised:
        errors.append(raised)
    else:
        assert found is None
    (told,) = errors
    assert isinstance(told, notation.NotationSyntaxError)
    return (told.game, told.line, told.column, str(told))


@pytest.mark.parametrize("lenient", [False, True])
def test_issue10_read_game_after_a_seek_tells_bytes_that_are_not_utf8_at_the_files_line(
    lenient: bool,
) -> None:
    """``line=`` counted the lines of syntax errors and of games too long, not
    those of bytes that are not UTF-8 (told at line 3 of game 2, which is
    line 7 of the file)."""
    data = b'[A "1"]\n\n1. A: pass\n\n[B "2"]\n\n1. A: p\x80ss\n'
    whole = io.BytesIO(data)
    assert notation.read_game(whole) is not None
    said = _second_game_error(whole, lenient)
    assert said[:3] == (2, 7, 8)
    seeked = io.BytesIO(data)
    seeked.seek(data.index(b"[B"))  # (scan stops at bytes that are not UTF-8)
    assert _second_game_error(seeked, lenient, number=2, line=5) == said


def _read_whole(data: bytes, cap: int) -> tuple[list[object], str | None]:
    """What a lenient read of ``data`` finds (records and errors, with where
    they stand), and its last error, the one that ended the reading if any."""
    errors: list[Exception] = []
    records = notation.load(io.BytesIO(data), errors=errors, max_game_size=cap)
    found: list[object] = [(r.number, r.line, _placed([r])) for r in records]
    found += [(e.game, e.line, e.column, str(e)) for e in errors]  # type: ignore[attr-defined]
    return sorted(found, key=str), str(errors[-1]) if errors else None


def _read_by_index(data: bytes, cap: int) -> tuple[list[object], str | None]:
    """The same found through ``scan``'s index: each game read by ``read_game``
    from its offset, told its number and line; and the error ``scan`` raises."""
    found: list[object] = []
    index: list[notation.ScannedGame] = []
    raised = None
    try:
        for game in notation.scan(io.BytesIO(data), max_game_size=cap):
            index.append(game)
    except notation.NotationSyntaxError as error:
        raised = str(error)
    for game in index:
        stream = io.BytesIO(data)
        stream.seek(game.offset)
        errors: list[Exception] = []
        record = notation.read_game(
            stream, errors=errors, max_game_size=cap, number=game.number, line=game.line
        )
        if record is not None and record.number == game.number:  # (else its game was broken)
            found.append((record.number, record.line, _placed([record])))
        found += [(e.game, e.line, e.column, str(e)) for e in errors[:1]]  # type: ignore[attr-defined]
    return sorted(found, key=str), raised


@pytest.mark.parametrize(
    ("data", "cap"),
    [
        # A game's first tag line longer than the cap: indexed at offset 0, another game's.
        (b'[A "1"]\n\n1. A: pass\n\n[A "12345678"]\n', 10),
        (b'x\n[A "' + b"1" * 20 + b'"]\n', 25),
        (b'x\r[A "' + b"1" * 20 + b'"]\r', 25),  # not indexed at all with lone "\r"s
        # A tag part-way along a line of a game past the cap: scan counted its games.
        (b'[A "1"]\n1. A: pass [B "2"]\n1. A: pass\n[C "3"]\n', 30),
        # An indented tag line: indexed at its "[", the columns read there shifted.
        (b' [A "1"] 1. A: pass Zz\n', 1000),
        (b'\xef\xbb\xbf\t[A "1"] 1. A: pass (d2=B2e) Zz\n', 1000),
        # U+0085 is white space to str.strip, not to the grammar or the cutter.
        (b'\xc2\x85 [Event "x\r\n(d2=\r\n[Setup "?"]\r\n30. A: Ba1 Bb1 Bf2 end', 59),
        # Bytes that are not UTF-8: scan told another column, context or error.
        (b"ab\xc3\r\n", 1000),
        (b"\xef\xbb\xbfab\xc3\n", 1000),
        (b'[B "2"]\n' + b"x" * 12 + b"\x80" + b"x" * 30 + b"\n", 21),
        # A line past the cap: scan told the line, the readers the game's first.
        (b'[A "1"]\n\n1. A: pass\n\n[B "3"]\n' + b"x" * 47 + b"\n", 25),
    ],
)
def test_issue10_scan_and_read_game_at_its_offsets_agree_with_a_whole_read(
    data: bytes, cap: int
) -> None:
    """Each game ``scan`` finds, read from its offset, is the game (or the
    error) a whole read finds, at the same lines and columns; the error that
    stops ``scan`` (bytes that are not UTF-8, a line past the cap) is the
    one the whole read ends with."""
    found, last = _read_whole(data, cap)
    by_index, raised = _read_by_index(data, cap)
    if raised is not None:
        assert raised == last
    if raised is None or "not UTF-8" not in raised:  # (scan indexes no game of such bytes)
        assert by_index == found


def _placed(records: list[notation.Record]) -> list[object]:
    """Where each record's items and notes stand in the file (a note's
    place as the replay finds it in its stretch of move text)."""
    return [
        (
            [
                (item.line, item.column)
                for item in r.items
                if isinstance(item, notation.TurnNumber | notation.Mover | notation.Move)
            ],
            _note_places(r),
        )
        for r in records
    ]


def _note_places(record: notation.Record) -> list[int]:
    found = list(record._note_places)
    for part in parts(record):
        if type(part) is Stretch:
            places = _Places(part)
            for kind, _word, start in part.pieces():
                if kind == "NOTE":
                    found += places.at(start)
    return found


@pytest.mark.parametrize("before", [" ", "\t ", "{x} ", "{a}{b}  "])
def test_issue10_items_have_the_same_columns_in_games_parsed_together_or_alone(
    before: str,
) -> None:
    """A game whose tags begin part-way along their line, after white space or
    comments, parsed together with the game before it (as ``loads`` and
    ``load`` parse small games): the text before its tags stood twice in the
    joined text, and its items' columns were as many too far right."""
    text = (
        '[A "1"]\n\n1. A: pass\n\n[B "2"]\n\n1. A: pass\n\n'
        f'{before}[C "3"][D "4"] 1. A: pass (d2=B2e)\n'
    )
    alone = _by_read_game(io.StringIO(text))
    assert _placed(notation.loads(text)) == _placed(alone)
    assert _placed(notation.load(io.BytesIO(text.encode()))) == _placed(alone)
    column = len(before) + len('[C "3"][D "4"] ') + 1
    assert _placed(alone)[2] == ([(9, column), (9, column + 3), (9, column + 6)], [9, column + 11])


@pytest.mark.parametrize(
    ("text", "cap"),
    [
        # A first line as long as the cap once the byte order mark is off: the
        # text stream cut it after the cap and read its line end as a line.
        ("\ufeff (shuffle BEG\n[", 13),
        # A second mark is a character: loads took it off too, from the lines
        # before a line too long.
        ('\ufeff\ufeff\n\n[d2=B2e) [Event "x"{', 19),
    ],
)
def test_issue10_readers_agree_on_a_byte_order_mark_at_the_size_cap(text: str, cap: int) -> None:
    said = []
    sources: list[str | io.StringIO | io.BytesIO] = [
        text,
        io.StringIO(text),
        io.BytesIO(text.encode()),
    ]
    for source in sources:
        errors: list[Exception] = []
        if isinstance(source, str):
            records = notation.loads(source, errors=errors, max_game_size=cap)
        else:
            records = notation.load(source, errors=errors, max_game_size=cap)
        said.append((_said(records), [str(e) for e in errors]))
    assert said[0] == said[1] == said[2]


def test_issue10_real_games_cut_alike_when_a_tag_line_starts_on_a_move_line() -> None:
    lines = notation.dumps(_games()).split("\n")
    second = [i for i, line in enumerate(lines) if line.startswith("[Event")][2]
    lines[second - 2] += " " + lines.pop(second)  # game 3's first tag after game 2's moves
    text = "\n".join(lines)
    alone = _said(_by_read_game(io.StringIO(text)))
    assert _said(notation.loads(text)) == alone
    assert [r.tag("Seed") for r in notation.loads(text)] == ["1", "2", None, "3"]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_issue10_scan_offsets_lead_read_game_to_each_game_whatever_the_line_ends(end: str) -> None:
    data = notation.dumps(_games()).replace("\n", end).encode()
    found = list(notation.scan(io.BytesIO(data)))
    assert [f.tags["Seed"] for f in found] == ["1", "2", "3"]
    for game in found:
        stream = io.BytesIO(data)
        stream.seek(game.offset)
        record = notation.read_game(stream)
        assert record is not None
        assert record.tags["Seed"] == game.tags["Seed"]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n", "\r\r", "\r\r\n", "\r\n\r"])
def test_issue10_scan_offsets_in_a_text_file_lead_read_game_to_each_games_first_line(
    end: str, tmp_path: Any
) -> None:
    """A text file opened with ``newline=""`` (its positions opaque; a lone
    "\r" ends a line): a blank line of a lone "\r" before a game gave the
    game the blank line's offset, and ``read_game`` there counted one line
    too many (an error in the game was told a line late)."""
    text = notation.dumps(_games()).replace("\n\n", end + end).replace("\n", end)
    text = text[: -len(end)] + " ]" + end  # the last game broken at its last line
    path = tmp_path / "games.trn"
    path.write_bytes(text.encode())
    errors: list[Exception] = []
    records = notation.load(path, errors=errors)
    told: list[object] = [(r.number, r.line, r.moves) for r in records]
    told.append((errors[0].game, errors[0].line))  # type: ignore[attr-defined]
    for binary in (False, True):
        with open(path, "rb") if binary else open(path, encoding="utf-8", newline="") as stream:
            found = list(notation.scan(stream))
            read: list[object] = []
            for game in found:
                stream.seek(game.offset)
                try:
                    record = notation.read_game(stream, number=game.number, line=game.line)
                except notation.NotationSyntaxError as error:
                    read.append((error.game, error.line))
                else:
                    assert record is not None
                    read.append((record.number, record.line, record.moves))
        assert read == told


@pytest.mark.parametrize("binary", [True, False])
def test_issue10_scan_finds_several_games_on_one_line(binary: bool) -> None:
    text = "\ufeff" + notation.dumps(_games()).replace("\n", " ") + "\n"
    source: io.IOBase = io.BytesIO(text.encode()) if binary else io.StringIO(text)
    found = list(notation.scan(source))  # type: ignore[arg-type]
    assert [(f.number, f.line, f.tags["Seed"]) for f in found] == [
        (1, 1, "1"),
        (2, 1, "2"),
        (3, 1, "3"),
    ]
    assert [sorted(f.tags) for f in found] == [sorted(r.tags.keys()) for r in notation.loads(text)]
    for game in found:
        source.seek(game.offset)
        record = notation.read_game(source)  # type: ignore[arg-type]
        assert record is not None
        assert record.tags["Seed"] == game.tags["Seed"]


def test_issue10_scan_refuses_bytes_that_are_not_utf8_as_load_does() -> None:
    data = b'[Event "caf\xe9"]\n[Seed "1"]\n\n1. A: pass\n'
    with pytest.raises(notation.NotationSyntaxError) as loaded:
        notation.load(io.BytesIO(data))
    with pytest.raises(notation.NotationSyntaxError) as scanned:
        list(notation.scan(io.BytesIO(data)))
    assert (scanned.value.line, scanned.value.column) == (loaded.value.line, loaded.value.column)


def test_issue10_scan_says_it_needs_a_stream_that_can_tell_where_it_stands() -> None:
    class Pipe(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def seekable(self) -> bool:
            return False

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            return 0

    with pytest.raises(notation.NotationError, match="scan needs a stream that can tell"):
        list(notation.scan(io.BufferedReader(Pipe())))  # type: ignore[type-var]


#: The notation package, as a caller without type checks sees it.
_any: Any = notation

_BAD_CALLS: list[tuple[Callable[[], object], str]] = [
    (lambda: _any.load(None), "not NoneType"),
    (lambda: _any.read_game(None), "not NoneType"),
    (lambda: list(_any.scan(b"[A]")), "BytesIO"),
    (lambda: list(_any.games(5)), "not int"),
    (lambda: _any.loads(b"[A]"), "reads a str"),
    (lambda: _any.loads("", errors=()), "errors is a list"),
    (lambda: _any.loads("", max_game_size="x"), "whole number"),
    (lambda: _any.loads("", max_game_size=0), "at least 1"),
    (lambda: _any.read_game(io.StringIO(""), errors={}), "errors is a list"),
    (lambda: _any.dump([], None), "an open text file"),
    (lambda: _any.loads('[A "b"]\n')[0].replay(errors=()), "errors is a list"),
]


@pytest.mark.parametrize(("call", "words"), _BAD_CALLS)
def test_issue10_the_readers_say_what_is_wrong_with_their_arguments(
    call: Callable[[], object], words: str
) -> None:
    with pytest.raises(notation.NotationError, match=words):
        call()


@pytest.mark.parametrize(
    ("tag", "value", "line", "words"),
    [
        ("Variant", "basic", 2, "no variant is called 'basic'"),
        ("Setup", "? d5e5d4e4 A ? ? ?", 5, "Setup tag: a setup string has 5 fields"),
    ],
)
def test_issue10_a_bad_variant_or_setup_tag_is_reported_at_its_line(
    tag: str, value: str, line: int, words: str
) -> None:
    lines = ['[Event "x"]', '[Variant "base"]', '[Seat1 "A"]', '[Seat2 "B"]', '[Setup "?"]']
    lines[line - 1] = f'[{tag} "{value}"]'
    record = notation.loads("\n".join(lines) + "\n\n1. A: pass\n")[0]
    with pytest.raises(notation.RecordError, match=f"^game 1, line {line}: {words}"):
        record.replay()


@pytest.mark.parametrize("code", [0xD800, 0xDC80, 0xDFFF])
def test_issue10_a_str_with_a_lone_surrogate_reads_as_its_bytes_do(code: int) -> None:
    """A str that holds a lone surrogate is no Unicode text: read leniently,
    from a str or a text stream, it gives the error its bytes give
    (``surrogatepass``), at the same line and column (hypothesis's find)."""
    lines = notation.dumps(_games()[:2]).split("\n")
    lines[2] = lines[2].replace('"', '"' + chr(code), 1)  # in the first game's Date tag
    text = "\n".join(lines)
    data = text.encode("utf-8", "surrogatepass")
    from_bytes: list[Exception] = []
    expected = _said(notation.load(io.BytesIO(data), errors=from_bytes))
    assert [r.tags["Seed"] for r in notation.load(io.BytesIO(data), errors=[])] == ["2"]
    readers: list[Callable[[list[Exception]], list[notation.Record]]] = [
        lambda errors: notation.loads(text, errors=errors),
        lambda errors: notation.load(io.StringIO(text), errors=errors),
    ]
    for read in readers:
        errors: list[Exception] = []
        assert _said(read(errors)) == expected
        assert [str(e) for e in errors] == [str(e) for e in from_bytes]
    with pytest.raises(notation.NotationSyntaxError, match="not UTF-8") as error:
        notation.loads(text)
    assert (error.value.line, error.value.column) == (3, 8)


#: Lines for the blank-line loops: blank ones of every kind, ones that only
#: look blank, tags, moves, broken lines, line ends of every kind.
_BLANKISH_LINES = [
    "\n",
    "\n\n\n",
    "   \n",
    "\t \f\n",
    "\v\n",
    " \r\n",
    "\r",
    "\r\n",
    "  x\n",
    ' [A "b"]\n',
    '[A "b"]\n',
    '[Seed "3"]\n',
    "1. A: pass\n",
    "{ c }\n",
    "{ open\n",
    "} x\n",
    "[x\n",
    "caf\xe9\n",
    "  ",
    # Lines of tags alone are read in a run after a line of tags alone
    # (`_TAGS_ALONE`); these are not, or end such a run.
    '[A "b"] ;c\n',
    '[A "b"] [B "c"]\n',
    '[A "}"]\n',
    '[A "{"]\n',
    '[A "b"] {c}\n',
    '[A "b"] 1. A: pass [B "c"]\n',
    '\ufeff[A "b"]\n',
    "\x1c\n",
    "; c\n",
    # A broken tag line right after a line that is not blank begins no game
    # either (`_Follow.joins`); these are such lines, or the lines around them.
    "[\n",
    " \t[x\n",
    "\v[x\n",
    '[A "b\n',
    'x [A "b"]\n',
    '[ A "b"] x\n',
    ";[x\n",
    "\ufeff[x\n",
    "\ufeff\n",
    "\f\n",
    "\ufeff\ufeff[x\n",
    "\ufefb[\n",
    ';}[C "d"]\n',
    # A line of tags and comments closed on it, after a line of tags read
    # outside a comment, begins no game either; whether one is open before a
    # line is known from a line after which none is, whatever came before.
    '[A "b"] {c} [B "d"]\n',
    '[A "b"] {c} {d} ;e {\n',
    '[A "}"] {c}\n',
    '[A "{"] {c}\n',
    '{c} [A "b"]\n',
    '[A "b"] {c\n',
    'x {c} [A "b"]\n',
    '} [A "b"] {c}\n',
    '[A "b"] }\n',
    '[A "b"] {c}}\n',
    '\ufeff[A "b"] {c}\n',
    "[x {c}\n",
    '\t[A "b"]\t{c}\t\n',
    '\f[A "b"] {c}\n',
    # A "\r" ends a line wherever it stands: in a comment or a tag's value too.
    '[A "b"] ;c\r[B "d"]\n',
    '[A "b"] {c\r}\n',
    '[A "b\r"]\n',
]


def _every_way(text: str, path: str) -> list[object]:
    """What every streaming reader makes of ``text``: games, records and
    errors, where ``read_game`` leaves the stream, and ``scan``'s index."""
    data = text.encode("utf-8")
    with open(path, "wb") as file:
        file.write(data)
    found: list[object] = []
    for make in (
        lambda: io.StringIO(text),
        lambda: io.BytesIO(data),
        lambda: open(path, encoding="utf-8"),  # noqa: SIM115 (closed below)
        lambda: open(path, "rb"),  # noqa: SIM115 (closed below)
    ):
        with make() as stream:
            errors: list[Exception] = []
            read = []
            while (record := notation.read_game(stream, errors=errors)) is not None:
                read.append((_said([record]), stream.tell()))
            found.append((read, [str(e) for e in errors]))
        with make() as stream:
            errors = []
            games = _said(list(notation.games(stream, errors=errors)))
            found.append((games, [str(e) for e in errors]))
        with make() as stream:
            try:
                found.append(list(notation.scan(stream, max_game_size=40)))
            except notation.NotationError as error:
                found.append(str(error))
    return found


@settings(max_examples=max(60, getattr(settings.default, "max_examples", 0)), deadline=None)
@given(st.lists(st.sampled_from(_BLANKISH_LINES), max_size=24))
# A game past max_game_size (40) whose lines came as one run of several:
# the run was dropped whole, where line by line its lines that fit were kept.
@example([' [A "b"]\n', "{ c }\n", '[Seed "3"]\n', "\n", "} x\n", "1. A: pass\n"])
def test_issue10_item15_lines_read_in_a_loop_of_their_own_read_as_one_by_one(
    lines: list[str],
) -> None:
    """Text streams and ``scan`` read runs of whole lines in a loop of their
    own (floods of short lines cost 3 to 30 times what moves cost, line by
    line): the same games, errors, stream positions and offsets as line by
    line, from a str, bytes and files of either kind, with runs longer than
    a batch passed on in pieces."""
    text = "".join(lines)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.trn")
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(reader, "_BATCH", 5)
            fast = _every_way(text, path)
            patch.setattr(reader, "_plain", lambda line, ahead, follow: False)
            patch.setattr(reader._Offsets, "_plain", lambda self, raw: False)
            slow = _every_way(text, path)
    assert fast == slow


#: The lines above that are whole lines, each ended by one "\n".
_WHOLE_LINES = [line for line in _BLANKISH_LINES if line.count("\n") == 1 > line.count("\r")]


@settings(max_examples=max(60, getattr(settings.default, "max_examples", 0)), deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(_BLANKISH_LINES), st.integers(1, 8)),
        max_size=10,
    ).map(lambda runs: [line for line, times in runs for line in [line] * times]),
    st.sampled_from([5, 64, 1 << 16]),
    st.sampled_from([3, 16, 512]),
    st.sampled_from([1, 4]),
)
# A run of lines read a block at a time in a text file, then one by one past
# `_TOLD`: where the next line begins is found by reading them again.
@example(['[A "}"]\n'] * 6 + ["{ open\n"] * 6 + ['[A "}"]\n'] * 11, 1 << 16, 3, 1)
# A line of tags with a "\r" in its comment after lines of tags: two lines.
@example(
    ['[A "b"]\n'] * 6 + ['[A "b"] ;c\r[B "d"]\n', "1. A: pass\n", '[C "e"]\n'], 1 << 16, 512, 4
)
def test_issue10_item15_runs_of_lines_read_a_block_at_a_time_read_as_one_by_one(
    lines: list[str], batch: int, block: int, first: int
) -> None:
    """``scan`` reads runs of lines that need no offset a block at a time
    (`_Offsets._block_of_lines`), and ``games`` and ``read_game`` runs of
    whole lines of a text stream (`_text_block`), in blocks that grow while
    the run goes on: the same games, errors, stream positions and offsets
    as line by line, with blocks and batches of every size, from a str,
    bytes and files of either kind."""
    text = "".join(lines)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.trn")
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(reader, "_BATCH", batch)
            patch.setattr(reader, "_FIRST_BLOCK", block)
            patch.setattr(reader, "_FIRST_TEXT_BLOCK", block)
            patch.setattr(reader, "_PLAIN_FIRST", first)
            patch.setattr(reader, "_TEXT_FIRST", first)
            fast = _every_way(text, path)
            patch.setattr(reader, "_plain", lambda line, ahead, follow: False)
            patch.setattr(reader._Offsets, "_plain", lambda self, raw: False)
            slow = _every_way(text, path)
    assert fast == slow


def _first_lines_of_games(lines: list[str]) -> set[int]:
    """The lines at which the cutter, given ``lines`` one by one, begins a
    game after the first."""
    chunks = list(reader._Games(iter(lines), 1 << 20, keep_broken=True))
    return {chunk.first_line for chunk in chunks[1:]}


@settings(max_examples=max(200, getattr(settings.default, "max_examples", 0)), deadline=None)
@given(
    st.lists(st.sampled_from(_WHOLE_LINES), max_size=30),
    st.booleans(),
    st.booleans(),
)
# A line that leaves a comment open after a quoted "{", which the same
# line closes when none was open before it; then a line that closes the
# comment; a line of tags after it begins a game.
@example(["1. A: pass\n", "{ open\n", '[A "b"] x "{"\n'] + ['[A "b"] {c}\n'] * 3, False, False)
# A line of tags after lines of tags alone inside a comment, after the
# line that closes it: it begins a game.
@example(["1. A: pass\n", "{ open\n"] + ['[A "b"]\n'] * 3 + ['[A "b"] {c}\n'] * 3, False, False)
# A line of tags after move text, after lines of tags read outside a comment.
@example(['[A "b"] {c}\n', '[A "b"] {c}\n', "1. A: pass\n", '[A "b"] {c}\n'], False, False)
# Lines of tags after a broken tag line inside a comment, after the line
# that closes it.
@example(
    ['[A "b"]\n', "1. A: pass\n", "{ open\n", "  x\n", "[x\n"] + ['[A "b"] {c}\n'] * 3, True, False
)
def test_issue10_item15_a_line_the_readers_pass_on_with_the_lines_around_it_begins_no_game(
    lines: list[str], binary: bool, seen_again: bool
) -> None:
    """The streaming readers read a line with a ``[`` with the lines around
    it, its offset not kept and nothing after it waited for, when
    `_Follow.joins` finds that it begins no game whatever follows: the
    cutter begins no game at such a line. (A reader's main loop tells
    `_Follow` of a line it has taken once more, ``seen_again``.)"""
    follow = reader._Follow(binary)
    joined = set()
    for number, line in enumerate(lines, 1):
        read: Any = line.encode() if binary else line
        if "[" in line and follow.joins(read):
            joined.add(number)
            if seen_again:
                follow.saw(read)
        else:
            follow.saw(read)
    assert not joined & _first_lines_of_games(lines)


@settings(max_examples=max(200, getattr(settings.default, "max_examples", 0)), deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(_WHOLE_LINES), st.integers(1, 6)).map(
            lambda pair: [pair[0]] * pair[1]
        ),
        max_size=12,
    ).map(lambda runs: [line for run in runs for line in run]),
    st.integers(0, 80),
    st.booleans(),
)
# Broken tag lines between lines of text; a line of tags alone after lines
# of tags with comments read outside a comment.
@example(['[A "b"]\n', "  x\n", "[x\n", "  x\n", "[x\n", "[\n", "\n", "[x\n"], 3, True)
# After them, a line of tags, and a broken tag line after a ";" comment.
@example(['[A "b"]\n', "  x\n", "[x\n", "  x\n", '[A "b"]\n'], 3, False)
@example(['[A "b"]\n', "  x\n", "[x\n", "; c\n", "[x\n"], 3, True)
@example(['[A "b"] {c}\n'] * 3 + ['[A "b"]\n', "\n", '[A "b"] {c}\n', "1. A: pass\n"], 2, False)
def test_issue10_item15_lines_scan_takes_a_block_at_a_time_are_what_it_takes_one_by_one(
    lines: list[str], at: int, binary: bool
) -> None:
    """``scan`` finds a run of lines that need no offset kept in a block of
    what follows, by a pattern that depends on the lines before
    (`_Follow.run`): every line it takes is one `_Follow` takes one by one
    (`joins` passes on a line with a ``[``), and after the block `_Follow`
    knows what it would know one by one, or less."""
    at = min(at, len(lines))

    def told(line: str) -> Any:
        return line.encode() if binary else line

    follow = reader._Follow(binary)
    for line in lines[:at]:
        if "[" not in line or not follow.joins(told(line)):
            follow.saw(told(line))
    one = copy.copy(follow)
    pattern = follow.run()
    rest = told("".join(lines[at:]))
    found = pattern.match(rest)
    assert found is not None  # (the patterns match no line at least)
    run = rest[: found.end()]
    newline = told("\n")
    for line in [piece + newline for piece in run.split(newline)[:-1]]:
        if told("[") in line:
            assert one.joins(line), line
        else:
            one.saw(line)
    if run:
        follow.took(run, newline, pattern)
    blank = told(" \t\n")
    assert follow.tags == one.tags
    assert (follow.prev if follow.prev and follow.prev.strip(blank) else None) == (
        one.prev if one.prev and one.prev.strip(blank) else None
    )
    assert follow.known <= one.known
    # (Whether a comment is open after ``tags``: nothing without them.)
    assert (follow.tags is not None and follow.closed) <= (one.tags is not None and one.closed)
    assert follow.bracketed == one.bracketed


_HEAD_LINES = [
    '[A "b"]\n',
    '[A "c"]\n',
    '[B "x\\"y\\\\"]\n',
    ' \t[C "d"]  [A "e"] ;[D "f"]\n',
    '[E "{"]\n',
    '[F "}"]\n',
    '[G ";"] ; c\n',
    "\n",
    "  \t\n",
    "\f\v\n",
    '; [H "i"]\n',
    "{ c }\n",
    '\f[I "j"]\n',
    "[x\n",
    'x [J "k"]\n',
    '[K "l"] 1. A: pass\n',
    "1. A: pass\n",
]


@settings(max_examples=max(60, getattr(settings.default, "max_examples", 0)), deadline=None)
@given(
    st.lists(st.sampled_from(_HEAD_LINES), max_size=30),
    st.sampled_from(["", '[L "m"]', "1. A: pass", "x"]),
)
def test_issue10_item15_scan_reads_a_game_of_many_tags_in_c_as_line_by_line(
    lines: list[str], last: str
) -> None:
    """`scan` reads a game's lines of tags in C when they are many (a game
    of tags one a line cost it ten times real records, a turn of a loop a
    line): the same games, lines, columns and tags, in the same order (the
    first value of a name), as the loop that reads them line by line."""
    text = "".join(lines) + last
    chunks = [
        chunk
        for chunk in reader._Games(reader._lines(text, 1000), 1000, keep_broken=True)
        if chunk.opening is not None
    ]

    def said() -> list[object]:
        found = [[(a, b, list(c.items())) for a, b, c in reader._games_of(c)] for c in chunks]
        index = [
            (g.number, g.line, g.offset, list(g.tags.items()))
            for g in notation.scan(io.BytesIO(text.encode()))
        ]
        return [found, index]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "_MANY_TAGS", 0)
        in_c = said()
        patch.setattr(reader, "_MANY_TAGS", 10**9)
        assert in_c == said()


def test_issue10_item15_scan_finds_a_line_too_long_in_a_buffer_larger_than_the_cap(
    tmp_path: Path,
) -> None:
    """`scan` finds runs of plain lines in what a buffered file holds ahead
    (``peek``), which may be more than a block: cut to a block, a run holds
    no line longer than ``max_game_size``, which ends the reading as in
    every reader (it was read as text, and the game after it indexed)."""
    path = tmp_path / "long.trn"
    path.write_bytes(b"\n\n\n\n" + b"a" * 70_000 + b'\n[A "b"]\n')
    with (
        open(path, "rb", buffering=1 << 20) as stream,
        pytest.raises(notation.NotationSyntaxError, match="longer than 65,536") as caught,
    ):
        list(notation.scan(stream, max_game_size=65_536))
    assert caught.value.line == 5


@pytest.mark.parametrize(
    ("data", "offsets"),
    [
        (b"\xef\xbb\xbf\xef\xbb\xbf[\nx\n[\n", (10, 6)),  # two marks: the second is text
        ("\ufefb[\nx\n[\n".encode(), (7, 5)),  # a character whose bytes begin as a mark's
    ],
)
def test_issue10_scan_tells_the_first_game_at_its_first_line_with_a_bracket_after_marks(
    data: bytes, offsets: tuple[int, int]
) -> None:
    """The first game of a file whose lines of text come before its first
    line with a ``[`` is told at that line; a line that begins with a
    second byte order mark (a character) or a character whose UTF-8 bytes
    begin as a mark's is no such line, and the lines after it join
    nothing on its account (offset 0 was given, the line it stood for not
    kept)."""
    binary, text = offsets
    for stream, offset in ((io.BytesIO(data), binary), (io.StringIO(data.decode()), text)):
        assert [(g.number, g.line, g.offset) for g in notation.scan(stream)] == [(1, 3, offset)]


def test_issue10_read_game_reads_no_further_than_the_next_games_first_line_after_a_comment(
    tmp_path: Path,
) -> None:
    """A line that closes a comment open before it and then has tags, after
    a ``;`` (``;}[C "d"]``), looks like a plain line to the run of lines that
    does not read ahead, but may begin the next game: it comes alone, and
    `read_game` of a text stream stops after it (it read the line after it
    too)."""
    for data, stop in (
        (b'[A "b"]\n1. A: pass {\n[x\n[x\n;}[C "d"]\n1. A: pass\n', 37),
        (b'[A "b"]\n1. A: pass {\n[x\n;}[C "d"]\n1. A: pass\n', 34),
    ):
        path = tmp_path / "games.trn"
        path.write_bytes(data)
        for stream in (io.StringIO(data.decode()), open(path, encoding="utf-8")):  # noqa: SIM115
            with stream:
                first = notation.read_game(stream)
                assert first is not None
                assert first.moves == ("pass",)
                assert stream.tell() == stop
                second = notation.read_game(stream)
                assert second is not None
                assert dict(second.tags) == {"C": "d"}


def test_issue10_scan_indexes_a_game_after_a_vertical_tab_at_its_first_tag() -> None:
    """A "\\v" before a game's tags is no white space to the grammar: the
    readers give it to the game before, so the game read from its line's
    start broke on it, where a whole read finds it whole."""
    data = b'[A "1"]\n\n1. A: pass\n\n\x0b [B "2"]\n1. A: pass\n'
    errors: list[Exception] = []
    (whole,) = notation.load(io.BytesIO(data), errors=errors)
    assert [e.game for e in errors] == [1]  # type: ignore[attr-defined]
    for stream in (io.BytesIO(data), io.StringIO(data.decode())):
        found = list(notation.scan(stream))[1]
        stream.seek(found.offset)
        record = notation.read_game(stream, number=found.number, line=found.line)
        assert record == whole
        assert record is not None
        assert (record.number, record.line, record.moves) == (2, 5, ("pass",))


def _where(record: notation.Record, games: int = 0, lines: int = 0) -> tuple[object, ...]:
    """A record's number, its lines and columns (its first tag's, its
    moves' and its notes'), tags and moves, told ``games`` games and
    ``lines`` lines further on."""
    notes = list(record._note_places)
    notes[0::2] = [line + lines for line in notes[0::2]]
    items = [
        (item.line + lines, item.column)
        for item in record.items
        if isinstance(item, notation.TurnNumber | notation.Mover | notation.Move)
    ]
    return (
        record.number + games,
        record.line + lines,
        dict(record.tags),
        record.moves,
        items,
        notes,
    )


def _streams(text: str, path: Path) -> dict[str, Callable[[], Any]]:
    """Every kind of stream the readers take, each opening ``text`` (kept at ``path``)."""
    path.write_bytes(text.encode())
    return {
        "StringIO": lambda: io.StringIO(text),
        "BytesIO": lambda: io.BytesIO(text.encode()),
        "text file": lambda: open(path, encoding="utf-8"),
        "text file, newline=''": lambda: open(path, encoding="utf-8", newline=""),
        "binary file": lambda: open(path, "rb"),
    }


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_bom_at_line_start_reads_as_white_space_in_every_reader(end: str, tmp_path: Path) -> None:
    """Two files saved with a byte order mark, joined (``cat a.trn b.trn``):
    the second mark stands at the start of the line where the second file's
    first game begins. Strict reading stopped there ("unexpected '\\ufeff'")
    and lenient reading left that game out. Every reader reads the games of
    both, each as in its own file (the same columns), the lines and games of
    the first file counted before; ``scan`` finds each where ``read_game``
    reads it, the second file's first game at its mark's first byte, as the
    first file's at 0."""
    played = _games()
    first = "\ufeff" + notation.dumps(played[:2]).replace("\n", end)
    second = "\ufeff" + notation.dumps(played[2:]).replace("\n", end)
    text = first + second
    lines = len(re.findall("\r\n|\r|\n", first))
    expected = [_where(r) for r in notation.loads(first)]
    expected += [_where(r, 2, lines) for r in notation.loads(second)]
    assert [e[2]["Seed"] for e in expected] == ["1", "2", "3"]  # type: ignore[index]
    path = tmp_path / "all.trn"
    streams = _streams(text, path)
    found: dict[str, list[notation.Record]] = {
        "loads": notation.loads(text),
        "load(path)": notation.load(path),
        "games(path)": list(notation.games(path)),
    }
    for name, make in streams.items():
        with make() as stream:
            found[f"load({name})"] = notation.load(stream)
        with make() as stream:
            found[f"games({name})"] = list(notation.games(stream))
        with make() as stream:
            found[f"read_game({name})"] = _by_read_game(stream)
    for name, records in found.items():
        assert [_where(r) for r in records] == expected, name
    for name, make in streams.items():
        with make() as stream:
            index = list(notation.scan(stream))
            assert [(g.number, g.line, g.tags) for g in index] == [e[:3] for e in expected], name
            if name in ("BytesIO", "binary file"):
                assert index[2].offset == len(first.encode()), name
            elif name == "StringIO":
                assert index[2].offset == len(first), name
            for game in index:
                stream.seek(game.offset)
                record = notation.read_game(stream, number=game.number, line=game.line)
                assert record is not None
                assert _where(record) == expected[game.number - 1], name


def _read_each(
    stream: Any, errors: list[Exception] | None, cap: int = notation.MAX_GAME_SIZE
) -> list[notation.Record]:
    """The records ``read_game`` reads from ``stream``, one call after another."""
    found = []
    while (record := notation.read_game(stream, errors=errors, max_game_size=cap)) is not None:
        found.append(record)
    return found


def _first_error(read: Callable[[list[Exception] | None], object]) -> tuple[object, ...]:
    """The error a reader tells, strict (raised) and lenient (listed) alike."""
    with pytest.raises(notation.NotationSyntaxError) as raised:
        read(None)
    errors: list[Exception] = []
    read(errors)
    assert [str(e) for e in errors] == [str(raised.value)]
    error = raised.value
    return (error.game, error.line, error.column, error.context, str(error))


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        # The mark at the line's start is no column: the "]" is the 12th.
        ("\ufeff1. A: pass ]", 12, "unexpected ']'"),
        # One inside the line is a character, as before.
        ("\ufeff1. A: pass \ufeff", 12, "unexpected '\\ufeff' (U+FEFF"),
        # So is a second one at the line's start, as a second at the file's.
        ("\ufeff\ufeff1. A: pass", 1, "unexpected '\\ufeff' (U+FEFF"),
    ],
)
def test_bom_at_line_start_is_no_column_and_a_bom_elsewhere_stays_an_error(
    line: str, column: int, words: str, tmp_path: Path
) -> None:
    """Every reader tells the same error, at the column the line has
    without the byte order mark at its start (as a file's first line has),
    the line shown without it."""
    text = '[A "1"]\n\n1. A: pass\n\n\ufeff[B "2"]\n\n' + line + "\n"
    readers: list[Callable[[list[Exception] | None], object]] = [
        lambda errors: notation.loads(text, errors=errors)
    ]
    for make in _streams(text, tmp_path / "games.trn").values():
        for read in (lambda s, e: notation.load(s, errors=e), _read_each):

            def run(errors: list[Exception] | None, make: Any = make, read: Any = read) -> object:
                with make() as stream:
                    return read(stream, errors)

            readers.append(run)
    told = [_first_error(read) for read in readers]
    assert all(t == told[0] for t in told)
    game, at, place, context, message = told[0]
    assert (game, at, place) == (2, 7, column)
    assert context == line[1:] + "\n" + " " * (column - 1) + "^"
    assert words in str(message)


@pytest.mark.parametrize("binary", [True, False])
def test_scan_offsets_of_games_on_a_line_after_a_bom_lead_read_game_to_each(binary: bool) -> None:
    """Games on one line that begins with a byte order mark (a second file,
    joined to the first): the first game is found at the line's start, its
    mark's first byte, and each game after it where its first tag stands,
    the mark counted (3 bytes, 1 character of a ``StringIO``)."""
    first = "\ufeff" + notation.dumps(_games()[:1])
    line = notation.dumps(_games()[1:]).replace("\n", " ")
    text = first + "\ufeff" + line + "\n"
    source: io.IOBase = io.BytesIO(text.encode()) if binary else io.StringIO(text)
    found = list(notation.scan(source))  # type: ignore[arg-type]
    lines = first.count("\n")
    assert [(f.number, f.line, f.tags["Seed"]) for f in found] == [
        (1, 1, "1"),
        (2, lines + 1, "2"),
        (3, lines + 1, "3"),
    ]

    def size(part: str) -> int:
        return len(part.encode()) if binary else len(part)

    third = line.index("[Event", 1)
    assert [f.offset for f in found[1:]] == [
        size(first),
        size(first) + size("\ufeff") + size(line[:third]),
    ]
    for game in found:
        source.seek(game.offset)
        record = notation.read_game(source, number=game.number, line=game.line)  # type: ignore[arg-type]
        assert record is not None
        assert (record.number, record.line, record.tags["Seed"]) == (
            game.number,
            game.line,
            game.tags["Seed"],
        )


#: Lines' texts, none beginning with a byte order mark: tags, moves,
#: comments over lines, broken lines, a mark inside a line, lines as long
#: as the caps below.
_BODIES = [
    "",
    "pass",
    '[A "1"]',
    '[B "é2"] [C "3"]',
    "1. A: pass",
    " pass (d2=B2e)",
    "{ a comment",
    "over lines }",
    "[x",
    "; c",
    "*",
    "pass \ufeff",
    "x" * 13,
    "x" * 40,
]


def _without_marks(text: str) -> str:
    """``text`` with the byte order mark at the start of each line taken off."""
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)?", text)
    return "".join(line.removeprefix("\ufeff") for line in lines)


def _everything_read(text: str, cap: int) -> list[object]:
    """What every reader makes of ``text`` with the cap ``cap``: records,
    errors, and ``scan``'s index with what ``read_game`` reads at each offset
    (or, if ``scan`` stops at a line too long, the line and message of its
    error: what it indexed of the games before is read as far as the bytes
    read show it, which a mark before shifts)."""
    data = text.encode()
    found: list[object] = []
    makers: list[Callable[[], Any]] = [lambda: io.StringIO(text), lambda: io.BytesIO(data)]
    readers: list[Callable[[list[Exception]], list[notation.Record]]] = [
        lambda errors: notation.loads(text, errors=errors, max_game_size=cap)
    ]
    for make in makers:
        readers.append(functools.partial(_load_made, make, cap))
        readers.append(functools.partial(_read_each_made, make, cap))
    for read in readers:
        errors: list[Exception] = []
        records = read(errors)
        found.append(([_where(r) for r in records], [str(e) for e in errors]))
    for make in makers:
        stream = make()
        index: list[notation.ScannedGame] = []
        try:
            index.extend(notation.scan(stream, max_game_size=cap))
        except notation.NotationSyntaxError as error:
            found.append(str(error).split("\n")[0])
            continue
        for game in index:
            stream.seek(game.offset)
            errors = []
            record = notation.read_game(
                stream, errors=errors, max_game_size=cap, number=game.number, line=game.line
            )
            read_there = _where(record) if record is not None else None
            found.append((game.number, game.line, game.tags, read_there, [str(e) for e in errors]))
    return found


def _load_made(
    make: Callable[[], Any], cap: int, errors: list[Exception]
) -> list[notation.Record]:
    return notation.load(make(), errors=errors, max_game_size=cap)


def _read_each_made(
    make: Callable[[], Any], cap: int, errors: list[Exception]
) -> list[notation.Record]:
    return _read_each(make(), errors, cap)


@settings(max_examples=max(100, getattr(settings.default, "max_examples", 0)), deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.sampled_from(_BODIES), st.sampled_from(["\n", "\r\n", "\r"])),
        max_size=16,
    ),
    st.booleans(),
    st.sampled_from([4, 13, 40, notation.MAX_GAME_SIZE]),
)
@example([(True, '[A "1"]', "\n"), (False, "", "\n"), (True, '[B "2"]', "\n")], True, 40)
@example([(False, "x", "\r"), (True, "", "\r\n"), (True, "[x", "\r")], True, 4)
# A line as long as the cap, read to its "\r": the mark after it read alone.
@example([(False, "x" * 13, "\r"), (True, '[A "1"]', "\n"), (False, "pass", "\n")], True, 13)
def test_a_bom_at_the_start_of_any_line_reads_as_if_it_were_not_there(
    lines: list[tuple[bool, str, str]], ended: bool, cap: int
) -> None:
    """Every reader (a str, text and binary streams, ``read_game``, and
    ``scan`` with ``read_game`` at its offsets) makes of a text with byte
    order marks at the starts of its lines what it makes of the text
    without them: the same games, lines, columns and errors, the cap
    counting no mark (a mark read alone, after a "\r" or at the end of a
    read, included)."""
    # (Not a mark alone between a "\r" and a "\n": without it they are one line end.)
    assume(
        not any(
            before == "\r" and line == (True, "", "\n")
            for (_, _, before), line in itertools.pairwise(lines)
        )
    )
    text = "".join(("\ufeff" if marked else "") + body + end for marked, body, end in lines)
    if lines and not ended:  # the last line without its line end
        text = text[: -len(lines[-1][2])]
    assert _everything_read(text, cap) == _everything_read(_without_marks(text), cap)


@pytest.mark.parametrize(
    "text",
    [
        # A line as long as the cap read to its "\r": the mark after it read alone.
        "x" * 13 + '\r\ufeff\ufeff[A "1"]\n\n\ufeff[B "2"]\r\npass\n',
        # A read of the cap's size that ends with a mark after a "\r".
        "x" * 12 + '\r\ufeff\ufeff[A "1"]\n\n\ufeff[B "2"]\r\npass\n',
    ],
)
def test_a_bom_read_alone_at_a_line_start_leaves_a_second_one_a_character(text: str) -> None:
    """A text stream reads lines in reads of the cap's size: a byte order
    mark read alone is the line's, and the mark after it a character (the
    tag line after it no game's first), as a str reads them; the marks of
    the lines after it are no characters again."""
    found = _everything_read(text, 13)
    assert all(entry == found[0] for entry in found[1:5])
    records = notation.loads(text, errors=[], max_game_size=13)
    assert [dict(r.tags) for r in records] == [{"B": "2"}]


def test_a_bom_at_line_start_comes_off_a_str_with_a_lone_surrogate_as_off_its_bytes() -> None:
    """A str that holds a lone surrogate is read line by line (each line
    checked, as its bytes are): the marks at its lines' starts come off
    there too (one a line: the second on line 1 is a character), and the
    game with the surrogate is told at the column its bytes give."""
    text = (
        '\ufeff\ufeff\n[A "1"]\n\n1. A: pass\n\n\ufeff[B "2"]\n\n\ufeff1. A: pass\n'
        '\ufeff{\ud800}\n\n\ufeff[C "3"]\n\n\ufeff1. A: pass\n'
    )
    from_bytes: list[Exception] = []
    data = text.encode("utf-8", "surrogatepass")
    expected = [_where(r) for r in notation.load(io.BytesIO(data), errors=from_bytes)]
    told = [(e.game, e.line, e.column) for e in from_bytes]  # type: ignore[attr-defined]
    assert told == [(1, 1, 1), (3, 9, 2)]
    assert [r[2] for r in expected] == [{"A": "1"}, {"C": "3"}]
    readers: list[Callable[[list[Exception]], list[notation.Record]]] = [
        lambda errors: notation.loads(text, errors=errors),
        lambda errors: notation.load(io.StringIO(text), errors=errors),
        lambda errors: _read_each(io.StringIO(text), errors),
    ]
    for read in readers:
        errors: list[Exception] = []
        assert [_where(r) for r in read(errors)] == expected
        assert [str(e) for e in errors] == [str(e) for e in from_bytes]


@pytest.mark.parametrize("lines", ["x\n[\n", '[A "b"]\n\n', ";c\n"])
def test_issue10_item15_scan_of_a_text_file_that_does_not_decode_past_a_block_tells_so(
    tmp_path: Path, lines: str
) -> None:
    """``scan`` reads a text file's runs of short lines a block at a time,
    and its decoder a chunk at a time: bytes that do not decode past a run
    are a `NotationError` after the games before, as line by line, that
    tells a line they come after (a text stream's decoder does not tell
    where they are: a binary file is told their line and column)."""
    head = '[A "1"]\n1. A: pass\n[B "2"]\n' + lines * 3000
    path = tmp_path / "games.trn"
    path.write_bytes(head.encode() + b"caf\xe9\n" + lines.encode())

    def scanned() -> tuple[list[notation.ScannedGame], int]:
        found: list[notation.ScannedGame] = []
        with (
            open(path, encoding="utf-8") as stream,
            pytest.raises(notation.NotationError) as error,
        ):
            found.extend(notation.scan(stream))
        told = re.search(r"not utf-8 text \(a byte 0xe9, past line ([\d,]+)\)", str(error.value))
        assert told is not None, str(error.value)
        return found, int(told[1].replace(",", ""))

    fast = scanned()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader._Offsets, "_plain", lambda self, raw: False)
        slow = scanned()
    assert [game.tags for game in fast[0]] == [game.tags for game in slow[0]] == [{"A": "1"}]
    assert fast[0] == slow[0]
    assert 3 <= fast[1] <= head.count("\n")


class _Arriving(io.RawIOBase):
    """A pipe or a socket: each read gives what has arrived, ``size`` bytes."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.at, self.size = data, 0, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = min(len(buffer), self.size, len(self.data) - self.at)
        buffer[:count] = self.data[self.at : self.at + count]
        self.at += count
        return count


@pytest.mark.parametrize("size", range(1, 24))
def test_review_s57_a_second_mark_stays_a_character_however_a_stream_arrives(size: int) -> None:
    """A binary stream read in pieces took a line's second byte order mark
    off too when a piece ended right after the first (a line's mark off,
    the piece was taken to end a line), so a record every other reader
    refuses was read whole."""
    text = '[A "b"]\n1. x\n\ufeff\ufeff[B "c"]\n1. y\n'
    whole: list[Exception] = []
    assert notation.loads(text, errors=whole) == []
    arrived: list[Exception] = []
    assert notation.load(_Arriving(text.encode(), size), errors=arrived) == []
    assert [str(e) for e in arrived] == [str(e) for e in whole]


def test_scan_stops_at_bytes_that_are_not_utf8_on_the_last_line_as_load_does() -> None:
    data = b'[Event "a"]\n\n1. A: pass \xff\n'
    for read in (notation.load, lambda s: list(notation.scan(s))):
        with pytest.raises(NotationSyntaxError, match=r"line 3, column 12: .*not UTF-8"):
            read(io.BytesIO(data))
    unended = b'[Event "x"]\n\n1. A: pass \xff'  # the last line without its line end
    with pytest.raises(NotationSyntaxError, match=r"^line 3, column 12: "):
        notation.load(io.BytesIO(unended))


def test_scan_gives_a_tag_named_twice_its_first_value_among_many_tags() -> None:
    """ "A name written twice reads as its first value (as scan gives it)",
    however long the game's tags run."""
    tags = "".join(f'[T{i} "{"x" * 20}"]\n' for i in range(60))
    text = '[Event "a"]\n' + tags + '[Event "b"]\n\n*\n'
    assert [game.tags["Event"] for game in notation.scan(io.StringIO(text))] == ["a"]
    assert [r.tags["Event"] for r in notation.loads(text)] == ["a"]


def test_a_binary_stream_reads_a_line_end_split_across_its_blocks_as_one() -> None:
    """A ``\\r\\n`` whose ``\\r`` ends a block of 64 KiB is one line end: the
    error is on the line a str reader names."""
    head = '[Event "x"]\n\n'
    text = head + "{" + "x" * (65535 - len(head) - 2) + "}" + "\r\n" + "1. A: pass ]\n"
    assert text.encode()[65535 - 1 : 65535 + 1] == b"}\r"
    said = []
    readers: list[Callable[[], object]] = [
        lambda: notation.loads(text),
        lambda: notation.load(io.BytesIO(text.encode())),
    ]
    for read in readers:
        with pytest.raises(NotationSyntaxError) as caught:
            read()
        said.append((caught.value.line, caught.value.column))
    assert said == [(4, 12), (4, 12)]
