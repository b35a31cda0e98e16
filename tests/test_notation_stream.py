"""Reading games one at a time (issue 10): read_game, games, scan, load of a
path or a stream, the cap on one game's size."""

from __future__ import annotations

import gc
import gzip
import io
import os
import random
import re
import threading
import warnings
import weakref
from pathlib import Path
from typing import Any

import pytest

import trapper_core as tc
from trapper_core import cli, notation
from trapper_core.notation import NotationError, NotationSyntaxError


def games_text(count: int) -> tuple[str, list[tc.Game]]:
    played = [
        tc.play(tc.new_game("base", 2, seed=s), [tc.GreedyBot(s), tc.GreedyBot(s + 1)])
        for s in range(count)
    ]
    return notation.dumps(played), played


def test_issue10_read_game_reads_text_and_binary_streams_one_game_at_a_time() -> None:
    text, played = games_text(3)
    for stream in (io.StringIO(text), io.BytesIO(text.encode("utf-8"))):
        found = []
        while (record := notation.read_game(stream)) is not None:
            found.append(record)
        assert [r.replay() for r in found] == played
        assert [r.number for r in found] == [1, 2, 3]
        assert notation.read_game(stream) is None


def test_issue10_read_game_after_a_broken_game_reads_on() -> None:
    text, played = games_text(3)
    second = text.index("[Event", 10)
    broken = text[:second] + text[second:].replace("1. A: ", "1. A: ] ", 1)
    stream = io.StringIO(broken)
    assert notation.read_game(stream) == notation.loads(text)[0]
    with pytest.raises(NotationSyntaxError, match="unexpected ']'"):
        notation.read_game(stream)
    third = notation.read_game(stream)
    assert third is not None
    assert third.number == 3
    assert third.replay() == played[2]
    errors: list[Exception] = []
    assert [r.number for r in notation.games(io.StringIO(broken), errors=errors)] == [1, 3]
    assert len(errors) == 1


def test_issue10_scan_gives_offsets_that_read_game_starts_from(tmp_path: Path) -> None:
    text, played = games_text(3)
    path = tmp_path / "games.trn"
    path.write_text("; a preface\n" + text, encoding="utf-8")
    index = list(notation.scan(path))
    assert [g.number for g in index] == [1, 2, 3]
    assert all(g.tags["Variant"] == "base" for g in index)
    assert index[0].line == 2
    with path.open("rb") as file:
        file.seek(index[2].offset)
        record = notation.read_game(file)
    assert record is not None
    assert record.replay() == played[2]
    by_text = list(notation.scan(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [g.line for g in by_text] == [g.line for g in index]


def test_issue10_load_takes_a_path_or_a_stream_and_tags_read_by_name(tmp_path: Path) -> None:
    text, _ = games_text(2)
    path = tmp_path / "games.trn"
    path.write_bytes(text.encode("utf-8"))
    from_path = notation.load(path)
    with path.open(encoding="utf-8") as file:
        from_text = notation.load(file)
    assert from_path == from_text == notation.loads(text)
    assert notation.load(str(path)) == from_path  # a str is a path, as in open()
    tags = from_path[0].tags
    assert tags["Variant"] == "base"
    assert tags["Seat2"] == "B"


def test_issue10_a_game_over_the_size_cap_is_skipped_in_lenient_reading() -> None:
    _, played = games_text(3)
    parts = [notation.dumps(game) for game in played]
    parts[1] = parts[1].replace("\n\n1.", "\n\n" + ("{" + "x" * 48 + "}\n") * 100 + "1.", 1)
    huge = "\n".join(parts)
    errors: list[Exception] = []
    found = notation.loads(huge, errors=errors, max_game_size=4000)
    assert [e.expected for e in errors] == [  # type: ignore[attr-defined]
        "a game is longer than 4,000 characters (max_game_size)"
    ]
    assert [r.number for r in found] == [1, 3]
    assert [r.replay() for r in found] == [played[0], played[2]]


@pytest.mark.parametrize("source", ["str", "text stream", "binary stream"])
def test_issue10_a_line_over_the_size_cap_ends_the_reading_from_any_source(source: str) -> None:
    """A line longer than the cap is not read through (``trapper replay
    /dev/zero`` would never end): the games before it are read, its game is
    the error, and reading stops there, whatever the text comes from."""
    _, played = games_text(3)
    parts = [notation.dumps(game) for game in played]
    parts[1] = parts[1].replace("\n\n1.", "\n\n{" + "x" * 5000 + "}\n1.", 1)
    huge = "\n".join(parts)
    errors: list[Exception] = []
    if source == "str":
        found = notation.loads(huge, errors=errors, max_game_size=4000)
    else:
        stream = io.StringIO(huge) if source == "text stream" else io.BytesIO(huge.encode())
        found = notation.load(stream, errors=errors, max_game_size=4000)
    assert [e.expected for e in errors] == [  # type: ignore[attr-defined]
        "a game is longer than 4,000 characters (max_game_size)"
    ]
    assert [r.number for r in found] == [1]
    assert found[0].replay() == played[0]


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("lenient", [False, True])
def test_issue10_read_game_after_a_line_over_the_size_cap_reads_no_more(
    binary: bool, lenient: bool
) -> None:
    """Reading ends at a line longer than the cap, for the calls after the
    error too: a text stream, which stands part-way along that line, was read
    afresh from there by the next call but one (a new error, numbered game
    1, line 1), where a binary one, read ahead in blocks, was at its end.
    A seek reads afresh from where it leads."""
    _, played = games_text(2)
    parts = [notation.dumps(game) for game in played]
    text = parts[0] + "\n" + '[Event "' + "x" * 5000 + '"]\n' + parts[1]
    stream = io.BytesIO(text.encode()) if binary else io.StringIO(text)
    errors: list[Exception] = []
    said: list[object] = []
    for _ in range(5):
        try:
            record = notation.read_game(
                stream, errors=errors if lenient else None, max_game_size=4000
            )
        except NotationSyntaxError as error:
            said.append(error.expected)
        else:
            said.append(None if record is None else record.number)
    too_long = "a game is longer than 4,000 characters (max_game_size)"
    if lenient:
        assert said == [1, None, None, None, None]
        assert [e.expected for e in errors] == [too_long]  # type: ignore[attr-defined]
    else:
        assert said == [1, too_long, None, None, None]
    stream.seek(0)
    again = notation.read_game(stream, max_game_size=4000)
    assert again is not None
    assert again.replay() == played[0]


def test_issue10_the_command_line_replays_a_big_file_game_by_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = games_text(4)
    path = tmp_path / "games.trn"
    path.write_text(text + "\n[x\n\n" + text, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 11  # 8 games, and the error with its line and caret
    assert f"{path}: game 5:" not in " ".join(out)  # the broken one: no scores,
    assert out[4].startswith(f"{path}: game 5, line ")  # its error, where the tag breaks off
    assert "column 3: a tag's value is quoted after its name, not the end of the line" in out[4]
    assert out[5:7] == ["[x", "  ^"]
    assert out[7].startswith(f"{path}: game 6: final")


class _Lines:
    """A stream of its own: readline only, no weak references, no tell."""

    __slots__ = ("lines",)

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines(keepends=True)

    def readline(self, limit: int = -1) -> str:
        return self.lines.pop(0) if self.lines else ""


def test_issue10_read_game_reads_a_stream_of_its_own() -> None:
    text, played = games_text(2)
    stream = _Lines(text)
    first = notation.read_game(stream)  # type: ignore[arg-type]
    second = notation.read_game(stream)  # type: ignore[arg-type]
    assert first is not None
    assert second is not None
    assert [first.replay(), second.replay()] == played
    assert notation.read_game(stream) is None  # type: ignore[arg-type]


def test_issue10_read_game_keeps_no_stream_the_caller_dropped(tmp_path: Path) -> None:
    """Where ``read_game`` stands in a stream goes with the stream: a stream
    read part-way (the first game of a file of two, as python-chess users
    read) is freed when the caller drops it, and a file's descriptor with
    it; it was kept, open, for the life of the process."""
    text, _ = games_text(2)
    path = tmp_path / "two.trn"
    path.write_text(text, encoding="utf-8")
    refs: list[weakref.ref[Any]] = []
    for make in (lambda: io.StringIO(text), lambda: io.BytesIO(text.encode())):
        for _ in range(3):
            stream = make()
            assert notation.read_game(stream) is not None
            refs.append(weakref.ref(stream))
            del stream
    with warnings.catch_warnings():
        # the files are closed as they are freed, which warns
        warnings.simplefilter("ignore", ResourceWarning)
        for mode in ("r", "rb"):
            handle = open(path, mode)  # noqa: SIM115 (dropped unclosed, as a careless caller does)
            assert notation.read_game(handle) is not None
            refs.append(weakref.ref(handle))
            del handle
        gc.collect()
    assert [ref() for ref in refs] == [None] * 8


class _WeakLines(_Lines):
    """A stream of its own with ``__slots__`` that can be weakly referenced."""

    __slots__ = ("__weakref__",)


class _WeakBytes:
    """A binary stream of its own with ``__slots__`` and weak references."""

    __slots__ = ("__weakref__", "data")
    mode = "rb"

    def __init__(self, text: str) -> None:
        self.data = io.BytesIO(text.encode())

    def read(self, size: int = -1) -> bytes:
        return self.data.read(size)

    def readline(self, size: int = -1) -> bytes:
        return self.data.readline(size)


@pytest.mark.parametrize("kind", [_WeakLines, _WeakBytes])
def test_issue10_read_game_keeps_no_slotted_stream_the_caller_dropped(kind: Any) -> None:
    """A stream with no ``__dict__`` but weak references (a class of the
    caller's own with ``__slots__``): where ``read_game`` stands is kept in
    a table keyed weakly by the stream, and read through a weak proxy, so a
    stream read part-way is freed when the caller drops it (the state held
    the stream, and so kept its own key alive); one still held reads on."""
    text, played = games_text(3)
    kept = kind(text)
    first = notation.read_game(kept)
    dropped = kind(text)
    assert notation.read_game(dropped) is not None
    ref = weakref.ref(dropped)
    del dropped
    gc.collect()
    assert ref() is None
    rest = [notation.read_game(kept) for _ in range(3)]
    assert first is not None
    assert rest[2] is None
    assert [first.replay(), *(r.replay() for r in rest[:2] if r is not None)] == played


def test_read_game_reads_no_further_than_the_first_line_of_the_next_game() -> None:
    """From a text stream (a pipe, stdin), read_game returns a game once the
    first line of the next one is read, and reads no further: the lines of
    tags and moves after it are not waited for (the runs of lines the reader
    joins for speed stop there)."""
    text = '[Seat1 "A"]\n[Setup "?"]\n\n1. A: pass\n\n[Seat1 "B"]\n[Setup "?"]\n\n1. B: pass\n'
    stream = io.StringIO(text)
    record = notation.read_game(stream)
    assert record is not None
    assert record.players == ("A",)
    assert stream.tell() == text.index('[Setup "?"]', text.index('"B"'))
    follows = ["[x\n", '1. "A b": pass\n']
    for line in follows:  # a broken tag line, move text with a quote
        text = '[Seat1 "A"]\n\n1. A: pass\n\n[Seat1 "B"]\n' + line * 3
        stream = io.StringIO(text)
        assert notation.read_game(stream, errors=[]) is not None
        assert stream.tell() == text.index(line)


@pytest.mark.parametrize("binary", [True, False])
def test_read_game_on_a_pipe_returns_a_game_once_the_next_begins(binary: bool) -> None:
    """A pipe (``trapper replay -`` reads stdin's bytes): a game comes as
    soon as the first line of the next one has come, while the writer still
    holds the pipe open. A binary stream was read in blocks of 64 KiB, so
    its games came only at the end of the stream. (The writer waits for the
    reader, up to a minute: the test fails rather than hangs.)"""
    text = '[Seat1 "A"]\n[Setup "?"]\n\n1. A: pass\n\n[Seat1 "B"]\n'
    reading, writing = os.pipe()
    got_first = threading.Event()

    def write() -> None:
        with os.fdopen(writing, "wb") as pipe:
            pipe.write(text.encode())
            pipe.flush()
            got_first.wait(60)
            pipe.write(b'[Setup "?"]\n\n1. B: pass\n')

    writer = threading.Thread(target=write)
    writer.start()
    try:
        with os.fdopen(reading, "rb" if binary else "r") as stream:
            first = notation.read_game(stream)
            came_before_the_end = writer.is_alive()
            got_first.set()
            second = notation.read_game(stream)
    finally:
        got_first.set()
        writer.join()
    assert first is not None
    assert first.players == ("A",)
    assert came_before_the_end
    assert second is not None
    assert second.players == ("B",)


@pytest.mark.parametrize(
    ("text", "limit", "found"),
    [
        # tag lines after a line of tags: those that fit are read
        ('[A "b"]\n[C "d"]\n[E "f"]\n\n1. A: pass\n', 20, [(1, {"A": "b", "C": "d"})]),
        # broken tag lines: a text past the cap is one broken game to the
        # readers, whatever games its lines that fit read as: one game
        ('[A "b"] x\n[C "d"] x\n[E "f"] x\n', 25, [(1, {"A": "b"})]),
    ],
)
def test_scan_of_a_game_over_the_size_cap_reads_the_lines_that_fit(
    text: str, limit: int, found: list[tuple[int, dict[str, str]]]
) -> None:
    """A game longer than max_game_size is indexed from its whole lines that
    fit, whichever stream it is read from (as line by line)."""
    for stream in (io.StringIO(text), io.BytesIO(text.encode("utf-8"))):
        scanned = notation.scan(stream, max_game_size=limit)
        assert [(g.line, g.tags) for g in scanned] == found


def test_a_lone_cr_before_a_line_near_the_cap_reads_alike_from_a_text_stream() -> None:
    """A text stream is read a line at a time up to "\\n", and a lone "\\r"
    ends a line too: a line after a "\\r" was cut at the size asked for and
    taken as too long, or a "\\r\\n" cut between its two characters made an
    empty line, so that errors had other lines than in a str and in bytes
    (found by the fuzz suite: a game too long reported at line 11, not 2).
    Small texts of every shape, read all three ways, agree."""
    rng = random.Random(5)
    pieces = ["a", "1. A: pass", "\r", "\n", "\r\n", '[Event "x"]', "[", "{c}", " "]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        cap = rng.randint(1, 30)
        errors: list[Exception] = []
        found = notation.loads(text, errors=errors, max_game_size=cap)
        for stream in (io.StringIO(text), io.BytesIO(text.encode())):
            streamed: list[Exception] = []
            assert notation.load(stream, errors=streamed, max_game_size=cap) == found
            assert [str(e) for e in streamed] == [str(e) for e in errors], (text, cap)


def _every_reader(text: str) -> list[list[tuple[object, ...]]]:
    """What ``loads``, ``read_game`` (of a str and of bytes) and ``scan`` find
    in ``text``: each game's number, line, tags (and, but for ``scan``, items
    and preface)."""

    def said(records: list[notation.Record]) -> list[tuple[object, ...]]:
        return [(r.number, r.line, dict(r.tags), r.items, r.preface) for r in records]

    def one_by_one(stream: io.StringIO | io.BytesIO) -> list[notation.Record]:
        found = []
        while (record := notation.read_game(stream)) is not None:
            found.append(record)
        return found

    whole = notation.loads(text)
    data = io.BytesIO(text.encode())
    found = list(notation.scan(data))
    assert [(g.number, g.line, g.tags) for g in found] == [
        (r.number, r.line, dict(r.tags)) for r in whole
    ]
    for game in found:  # each offset leads read_game to its game
        data.seek(game.offset)
        record = notation.read_game(data)
        assert record is not None
        assert dict(record.tags) == game.tags
    return [
        said(whole),
        said(one_by_one(io.StringIO(text))),
        said(one_by_one(io.BytesIO(text.encode()))),
    ]


_GAME_A = '[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass\n'
_GAME_C = '[Seat1 "C"]\n[Seat2 "D"]\n\n1. C: pass\n'


@pytest.mark.parametrize(
    ("text", "comments"),
    [
        # A preface over lines: the first game's, not a game of its own.
        ("{ a\npreface }\n" + _GAME_A + _GAME_C, [[], []]),
        ('{ a\n[Seat1 "Q"]\npreface }\n' + _GAME_A, [[]]),
        # A comment over lines between two tags: its game's.
        ('[Seat1 "A"]\n{ between\ntags }\n[Seat2 "B"]\n\n1. A: pass\n' + _GAME_C, [[0], []]),
        ('[Seat1 "A"] { between\n[Seat2 "Z"]\n}\n[Seat2 "B"]\n\n1. A: pass\n', [[0]]),
        # A comment before the tags on their line: the game's before.
        (_GAME_A + "{ before } " + _GAME_C, [[3], []]),
        (_GAME_A + "{ before\nover lines } " + _GAME_C, [[3], []]),
        (_GAME_A + "{ before }\n" + _GAME_C, [[3], []]),
        (_GAME_A + '{ before\n[Seat1 "Z"]\n}\n' + _GAME_C, [[3], []]),
    ],
)
def test_comments_before_and_between_tags_and_over_lines_are_read_alike_by_every_reader(
    text: str, comments: list[list[int]]
) -> None:
    whole, by_str, by_bytes = _every_reader(text)
    assert whole == by_str == by_bytes
    records = notation.loads(text)
    assert [r.tags["Seat1"] for r in records] == ["A", "C"][: len(comments)]
    assert [
        [i for i, item in enumerate(r.items) if isinstance(item, notation.Comment)]
        for r in records
    ] == comments
    assert [r.number for r in records] == [1, 2][: len(comments)]  # no game of comments alone


def test_a_preface_over_lines_is_kept_and_written_back() -> None:
    text = "{ a preface\nover two lines }\n" + _GAME_A
    (record,) = notation.loads(text)
    assert record.preface == (notation.Comment(" a preface\nover two lines "),)
    assert record.line == 3
    assert notation.dumps(record) == text
    assert list(notation.scan(io.StringIO("{ only\na comment }\n"))) == []


class _Zeros(io.RawIOBase):
    """A stream of NUL bytes with no end, that tells where it stands (/dev/zero)."""

    def __init__(self) -> None:
        self.at = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.at

    def readinto(self, buffer: Any) -> int:
        buffer[:] = bytes(len(buffer))
        self.at += len(buffer)
        return len(buffer)


@pytest.mark.parametrize(
    ("make", "told"),
    [
        (lambda: io.BufferedReader(_Zeros()), [{}]),
        (lambda: io.BytesIO(b"\0" * 100_000), [{}]),
        (lambda: io.StringIO("x" * 100_000), [{}]),
        (lambda: io.BytesIO(b'[Event "a"]\n\n1. A: pass\n\n' + b"y" * 100_000), [{"Event": "a"}]),
    ],
)
def test_issue10_scan_stops_at_a_line_longer_than_max_game_size(
    make: Any, told: list[dict[str, str]]
) -> None:
    """A line longer than the cap ends the reading, in ``scan`` as in the
    other readers: it read such a line in pieces of the cap, each taken for
    a line, so that an endless one (``/dev/zero``) never ended. The game the
    line is in is told first (from its lines that fit: none are tags here but
    the last case's), as a game over the cap is."""
    found: list[dict[str, str]] = []

    def scan() -> None:
        found.extend(game.tags for game in notation.scan(make(), max_game_size=1000))

    with pytest.raises(NotationSyntaxError, match=r"longer than 1,000 characters"):
        scan()
    assert found == told


def test_issue10_scan_counts_a_line_longer_in_bytes_than_a_read_as_one_line() -> None:
    """A line of fewer characters than the cap but more bytes (``é`` is two)
    is read by ``scan`` in more than one piece: it counted each piece as a
    line, so that the games after it were told at wrong lines."""
    long_tag = f'[Event "{"é" * 600}"]\n'
    text = "".join(
        f'{long_tag}[Seat1 "A"]\n[Seat2 "B"]\n[Round "{n}"]\n\n1. A: pass\n\n' for n in range(3)
    )
    data = text.encode("utf-8")
    lines = [i + 1 for i, line in enumerate(text.split("\n")) if line.startswith("[Event")]
    for stream in (io.BytesIO(data), io.StringIO(text)):
        found = list(notation.scan(stream, max_game_size=1000))
        assert [g.line for g in found] == lines
        assert [g.tags["Round"] for g in found] == ["0", "1", "2"]
    for game in notation.scan(io.BytesIO(data), max_game_size=1000):
        stream = io.BytesIO(data)
        stream.seek(game.offset)
        record = notation.read_game(stream)
        assert record is not None
        assert record.tags["Round"] == game.tags["Round"]


def test_issue10_scan_offsets_of_many_games_on_one_line() -> None:
    """Games on one line each have their offset in bytes; ``scan`` measured
    the line up to each game anew (a line of 32,000 games took 11 s), and
    now measures it once, from game to game."""
    games = [f'[Seat1 "é{n}"][Seat2 "b"] pass ' for n in range(2000)]
    data = "".join(games).encode("utf-8")
    found = list(notation.scan(io.BytesIO(data)))
    assert len(found) == len(games)
    offsets = [0]
    for game in games[:-1]:
        offsets.append(offsets[-1] + len(game.encode("utf-8")))
    assert [g.offset for g in found] == offsets


def test_issue10_scan_agrees_with_loads_on_small_texts_of_every_shape() -> None:
    """``scan`` reads line by line from the stream, in reads of the cap:
    lines cut between reads, lone "\\r" line ends and characters of two
    bytes must count as ``loads`` counts them. Where ``loads`` reads every
    game, ``scan`` tells each at the same line, from bytes and from a
    ``StringIO``; where a line is too long for the cap, both raise."""
    rng = random.Random(7)
    pieces = ['[Event "é"]', '[Round "2"]', "1. A: pass", "\r", "\n", "\r\n", "éé", " ", "\n\n"]
    for _ in range(2000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        cap = rng.randint(4, 40)
        if max(map(len, re.split("\r\n|\r|\n", text.lstrip("\ufeff")))) > cap:
            for stream in (io.BytesIO(text.encode()), io.StringIO(text)):
                with pytest.raises(NotationSyntaxError, match="longer than"):
                    list(notation.scan(stream, max_game_size=cap))
            continue
        errors: list[Exception] = []
        records = notation.loads(text, errors=errors, max_game_size=cap)
        if errors:
            continue
        for stream in (io.BytesIO(text.encode()), io.StringIO(text)):
            found = list(notation.scan(stream, max_game_size=cap))
            assert [g.line for g in found] == [r.line for r in records], (text, cap)
            assert [g.tags for g in found] == [dict(r.tags) for r in records], (text, cap)


def test_issue10_scan_raises_at_a_long_line_before_any_game() -> None:
    """A long comment line before the first tags ended the reading with no
    error: the chunk of comments alone was skipped before its error was
    asked for (found by a review)."""
    text = "; " + "x" * 50 + '\n[Event "b"]\n\n1. A: pass\n'
    for stream in (io.BytesIO(text.encode()), io.StringIO(text)):
        with pytest.raises(NotationSyntaxError, match="longer than 30 characters"):
            list(notation.scan(stream, max_game_size=30))


@pytest.mark.parametrize("newline", [None, "", "\n"])
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_issue10_scan_reads_text_files_whatever_their_newline_mode(
    tmp_path: Path, newline: str | None, end: str
) -> None:
    """A text file opened with ``newline=""`` ends a line at a lone "\\r"
    too: ``scan`` took such a line for one cut at the size of a read, and a
    line of exactly ``max_game_size`` for one too long (found by a review).
    A byte order mark is no character of the first line."""
    line = '[Event "a"] pass'  # 16 characters: the cap
    text = "\ufeff" + line + end + end + '[Event "b"]' + end + end + "1. A: pass" + end
    path = tmp_path / "games.trn"
    path.write_bytes(text.encode())
    with open(path, encoding="utf-8", newline=newline) as file:
        found = [(g.line, g.tags) for g in notation.scan(file, max_game_size=len(line) + 2)]
    from_bytes = [
        (g.line, g.tags)
        for g in notation.scan(io.BytesIO(text.encode()), max_game_size=len(line) + 2)
    ]
    assert found == from_bytes == [(1, {"Event": "a"}), (3, {"Event": "b"})]
    with open(path, encoding="utf-8", newline=newline) as file:
        tight = [g.tags for g in notation.scan(file, max_game_size=len(line))]
    assert tight == [
        g.tags for g in notation.scan(io.BytesIO(text.encode()), max_game_size=len(line))
    ]


@pytest.mark.parametrize(
    "text",
    [
        '[Event "a"][Site "b"] ; old [Round "2"]\n\n1. A: pass\n',
        '[Event "a"] ; old [Round "2"]\n\n1. A: pass\n',
        '  [Event "a"]\t[Site "b"]  ; [Round "2"]\n\n1. A: pass\n',
    ],
)
def test_scan_tells_the_tags_a_line_begins_with_not_those_in_its_comment(text: str) -> None:
    """A ``;`` comment after the tags of a line is a comment: ``scan`` read
    the tags out of it too (found by a review)."""
    scanned = [g.tags for g in notation.scan(io.BytesIO(text.encode()))]
    assert scanned == [dict(r.tags) for r in notation.loads(text)]
    assert "Round" not in scanned[0]


def test_read_game_after_a_seek_counts_from_the_scanned_game() -> None:
    """Seeking to a game `scan` found and passing its number and line, the
    record and its errors name the game's place in the whole file."""
    text = (
        '{c}\n\n[A "b"]\n1. A: x\n\n{before}\n[A "c"]\n1. A: y ]\n\n[A "d"]\n1. A: z\n\n[A "e"]\n'
    )
    stream = io.BytesIO(text.encode())
    found = list(notation.scan(stream))
    assert [(f.number, f.line) for f in found] == [(1, 3), (2, 7), (3, 10), (4, 13)]
    stream.seek(found[2].offset)
    record = notation.read_game(stream, number=found[2].number, line=found[2].line)
    assert record is not None
    assert (record.number, record.line) == (3, 10)
    # Reading on counts on: the next game is 4, whatever the call says.
    after = notation.read_game(stream, number=1, line=1)
    assert after is not None
    assert (after.number, after.line) == (4, 13)
    stream.seek(found[1].offset)
    with pytest.raises(NotationSyntaxError) as caught:
        notation.read_game(stream, number=found[1].number, line=found[1].line)
    assert (caught.value.game, caught.value.line, caught.value.column) == (2, 8, 9)
    stream.seek(found[1].offset)  # by default, from 1
    with pytest.raises(NotationSyntaxError) as caught:
        notation.read_game(stream)
    assert (caught.value.game, caught.value.line) == (1, 2)


@pytest.mark.parametrize("value", [0, -1, True, 1.0, "3", None])
def test_read_game_refuses_a_number_or_line_that_is_no_whole_number_from_1(
    value: object,
) -> None:
    stream = io.StringIO('[A "b"]\n')
    for name in ("number", "line"):
        with pytest.raises(NotationError, match=f"{name} is a whole number from 1"):
            notation.read_game(stream, **{name: value})  # type: ignore[arg-type]
    assert stream.tell() == 0  # nothing read


def test_read_game_refuses_a_line_too_large_to_count_from() -> None:
    game = tc.play(tc.new_game("base", 2, seed=11), [tc.RandomBot(0), tc.RandomBot(1)])
    text = notation.dumps(game)
    assert "(shuffle" in text  # the notes' places are counted from `line` too
    with pytest.raises(NotationError, match="line is at most 999,999,999,999,999,999"):
        notation.read_game(io.StringIO(text), line=10**30)
    stream = io.StringIO(text)
    with pytest.raises(NotationError):
        notation.read_game(stream, line=10**18)
    assert stream.tell() == 0  # refused before anything was read
    record = notation.read_game(io.StringIO(text), line=tc.MAX_COUNT)
    assert record is not None
    assert record.line == tc.MAX_COUNT
    assert record.replay() == game


class _Breaking(io.StringIO):
    """A text stream whose read number ``at`` (readline or read, from 1) raises."""

    def __init__(self, text: str, at: int, error: BaseException) -> None:
        super().__init__(text)
        self.at, self.error, self.reads = at, error, 0

    def _tick(self) -> None:
        self.reads += 1
        if self.reads == self.at:
            raise self.error

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        self._tick()
        return super().readline(size)

    def read(self, size: int | None = -1, /) -> str:
        self._tick()
        return super().read(size)


def _reads(stream: Any, calls: int) -> list[object]:
    """What ``calls`` calls of read_game give: a record's number and tags,
    ``None``, or the type of what was raised."""
    found: list[object] = []
    for _ in range(calls):
        try:
            record = notation.read_game(stream)
        except BaseException as exc:  # the stream's own errors are what is looked at
            found.append(type(exc))
        else:
            found.append(None if record is None else (record.number, dict(record.tags)))
    return found


def test_review_s55_read_game_after_the_stream_raised_never_gives_part_of_a_game() -> None:
    """A stream that raised while read_game read its lines (Ctrl-C, gzip's
    EOFError for a file cut short) left the reading's kept state dead: the
    next call returned None as at the end, and the one after read on from
    where the stream stood, giving the rest of the game as game 1, its first
    tags gone. Now a reading begun in that call begins again (the stream is
    moved back), and one begun before says it cannot go on."""
    text, _ = games_text(2)
    whole = _reads(io.StringIO(text), 3)
    first, second = whole[0], whole[1]
    for at in range(1, 40):
        stream = _Breaking(text, at, KeyboardInterrupt())
        found = _reads(stream, 4)
        if KeyboardInterrupt not in found:
            assert found == [*whole, None]
            continue
        broke = found.index(KeyboardInterrupt)
        assert found[:broke] == whole[:broke]
        if broke == 0:  # the reading began in that call: begun again
            assert found[1:] == whole
        elif found[broke - 1] is None:  # after the end, a new reading: begun again
            assert notation.read_game(stream) is None
        else:  # the next game's first line went with the reading
            assert found[broke + 1 :] == [NotationError] * (3 - broke)
            with pytest.raises(NotationError, match="stopped part-way through a game"):
                notation.read_game(stream)
            stream.seek(0)  # a seek begins the reading afresh
            assert _reads(stream, 3) == [first, second, None]


def test_review_s55_read_game_tells_what_the_stream_raised_in_its_later_errors() -> None:
    text, _ = games_text(2)
    stream = _Breaking(text, 0, EOFError("Compressed file ended early"))
    assert notation.read_game(stream) is not None
    stream.at = stream.reads + 1
    with pytest.raises(EOFError):
        notation.read_game(stream)
    with pytest.raises(NotationError, match=r"\(EOFError: 'Compressed file ended early'\)"):
        notation.read_game(stream)


def test_review_s55_read_game_reads_a_game_again_whose_parse_was_interrupted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while a game read whole was parsed lost that game: the next
    call gave the game after it."""
    from trapper_notation import reader

    text, _ = games_text(3)
    whole = _reads(io.StringIO(text), 4)
    parse, calls = reader._parse, []

    def interrupted(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return parse(*args)

    monkeypatch.setattr(reader, "_parse", interrupted)
    assert _reads(io.StringIO(text), 5) == [whole[0], KeyboardInterrupt, *whole[1:]]


def test_review_s55_read_game_refuses_another_size_cap_for_a_stream_it_reads_on() -> None:
    """A call that read on kept the first call's max_game_size without a
    word: a smaller cap given later was not applied."""
    text, _ = games_text(2)
    stream = io.StringIO(text)
    notation.read_game(stream, max_game_size=100_000)
    assert notation.read_game(stream, max_game_size=100_000) is not None
    with pytest.raises(NotationError, match="max_game_size=100,000, given by the call"):
        notation.read_game(stream, max_game_size=10)
    stream.seek(0)  # read afresh: the new cap holds
    with pytest.raises(NotationSyntaxError, match="longer than 10"):
        notation.read_game(stream, max_game_size=10)


_TWO_PASSES = '[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Setup "?"]\n\n1. Ann: pass 2. Bob: pass\n'


class _ReadOnly:
    """A text stream of one's own with ``read`` and no ``readline``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def read(self, size: int = -1) -> str:
        out = self.text if size < 0 else self.text[:size]
        self.text = self.text[len(out) :]
        return out


@pytest.mark.parametrize(
    "reader",
    [notation.load, notation.read_game, lambda s: list(notation.games(s))],
    ids=["load", "read_game", "games"],
)
def test_review_s57_a_text_stream_without_readline_is_refused(reader: Any) -> None:
    """A stream with ``read`` and no ``readline`` passed the check of the
    argument and then failed with an ``AttributeError`` (or, made on
    ``io.TextIOBase``, whose ``readline`` only raises, an
    ``UnsupportedOperation``): a text stream is read by its ``readline``."""
    stream = _ReadOnly(_TWO_PASSES)
    with pytest.raises(notation.NotationError, match=r"a text stream by its readline\(\)"):
        reader(stream)
    assert stream.text == _TWO_PASSES  # nothing read

    class OnTextIOBase(io.TextIOBase):
        def read(self, size: int | None = -1) -> str:
            return stream.read(-1 if size is None else size)

    with pytest.raises(notation.NotationError, match=r"a text stream by its readline\(\)"):
        reader(OnTextIOBase())
    assert stream.text == _TWO_PASSES


def test_review_s57_a_text_stream_not_utf8_stops_read_game_until_a_seek(tmp_path: Path) -> None:
    """A text stream whose bytes do not decode stopped ``read_game`` with a
    ``NotationError``, and the next call returned ``None``, as at the end of
    the file: what its decoder had read ahead went with the error, as with
    an error of the stream's own, and the next calls now say so."""
    game = '[Event "%d"]\n[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass\n\n'
    data = (
        "".join(game % i for i in range(1, 400)).encode()
        + b'[Event "caf\xe9"]\n1. x\n\n'
        + "".join(game % i for i in range(401, 800)).encode()
    )
    path = tmp_path / "latin.trn"
    path.write_bytes(data)
    with path.open(encoding="utf-8") as stream:
        got: list[notation.Record] = []

        def read_on() -> None:
            while (record := notation.read_game(stream, errors=[])) is not None:
                got.append(record)

        with pytest.raises(notation.NotationError, match="the stream is not utf-8 text"):
            read_on()
        assert 0 < len(got) < 399
        # told again, with its advice: a seek back meets the same bytes
        with pytest.raises(
            notation.NotationError,
            match=r"an earlier read of this stream stopped: the stream is not utf-8 text .*"
            r"open the file in binary mode",
        ):
            notation.read_game(stream, errors=[])
        stream.seek(0)
        first = notation.read_game(stream)
        assert first is not None
        assert first.tag("Event") == "1"
    # read in binary, the game of the byte is told and the reading goes on
    errors: list[Exception] = []
    records = notation.load(path, errors=errors)
    assert len(records) == 798
    (error,) = errors
    assert isinstance(error, notation.NotationSyntaxError)
    assert (error.game, error.line) == (400, 2395)


@pytest.mark.parametrize("read", ["loads", "games"])
def test_max_game_size_is_a_whole_number_and_not_a_bool(read: str) -> None:
    text = '[Event "x"]\n*\n'

    def reading() -> object:
        if read == "loads":
            return notation.loads(text, max_game_size=True)
        return list(notation.games(io.StringIO(text), max_game_size=True))

    with pytest.raises(NotationError, match="max_game_size is a whole number of characters"):
        reading()


def test_scan_of_a_text_file_gives_a_game_begun_mid_line_its_line_s_offset(
    tmp_path: Path,
) -> None:
    """In a text stream, whose positions are opaque, a game that begins
    inside a line has the offset of its line."""
    path = tmp_path / "games.trn"
    path.write_text('[Event "a"]\n\n1. A: pass [Event "b"]\n[Seat1 "B"]\n\n*\n', encoding="utf-8")
    with open(path, encoding="utf-8") as stream:
        found = [(game.number, game.line, game.offset) for game in notation.scan(stream)]
    with open(path, encoding="utf-8") as stream:
        stream.readline()
        stream.readline()
        third = stream.tell()
    assert found[1] == (2, 3, third)


# Lines of a stream read in a loop of their own: a byte order mark, and scan
# of a compressed text stream.


_LIMIT = 40


def _said(
    read: object,
) -> tuple[list[tuple[int, int, dict[str, str]]], list[tuple[str, int | None]]]:
    errors: list[Exception] = []
    records = notation.load(read, errors=errors, max_game_size=_LIMIT)  # type: ignore[arg-type]
    return (
        [(r.number, r.line, dict(r.tags)) for r in records],
        [(str(e), getattr(e, "line", None)) for e in errors],
    )


@pytest.mark.parametrize("length", [_LIMIT, _LIMIT + 5])
def test_a_text_stream_with_a_byte_order_mark_reads_its_later_lines_as_one_without(
    length: int,
) -> None:
    """The loop of whole lines read each line with the size asked for line
    1, less the byte order mark's character: a later line of max_game_size
    characters came as two lines (the games after it a line late), and a
    line longer than max_game_size was not found too long (reading went
    on: 'a line longer than it ends the reading')."""
    text = '; c\n[A "1"]\n\n1. A: pass\n\n' + "x" * length + '\n\n[B "2"]\n\n1. A: pass\n'
    expected = _said(io.StringIO(text))
    assert _said(io.StringIO("\ufeff" + text)) == expected
    assert _said(io.BytesIO(("\ufeff" + text).encode())) == expected


class _Counting(io.BytesIO):
    """A compressed file that counts the bytes read from it."""

    read_bytes = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.read_bytes += len(data)
        return data

    def readinto(self, buffer: object) -> int:
        count = super().readinto(buffer)  # type: ignore[arg-type]
        self.read_bytes += count
        return count


def test_scan_of_a_compressed_text_stream_reads_the_compressed_file_once() -> None:
    """scan of a text stream seeks back to the start of each run of more
    than eight lines with no [ to ask where the next line begins; a gzip,
    bz2 or lzma stream goes back by decompressing again from its start, so
    scan of gzip.open(path, 'rt') cost the file's size for every game of
    eight lines of moves or more (quadratic: 1.3 s -> 3.0 s for 1.4 MB of
    bot games, 3000 times the compressed bytes read here)."""
    text = ("1. A: pass\n" * 8 + '[Event "x"]\n') * 300
    source = _Counting(gzip.compress(text.encode()))
    with io.TextIOWrapper(gzip.GzipFile(fileobj=source), encoding="utf-8") as stream:
        assert sum(1 for _ in notation.scan(stream)) == 301
    assert source.read_bytes <= 2 * len(source.getvalue())


def test_scan_of_a_text_file_that_does_not_decode_after_a_long_run_is_a_notation_error(
    tmp_path: Path,
) -> None:
    """scan reads a run of more than eight lines of a text file again to ask
    where the next line begins; its decoder, reading blocks that begin
    elsewhere, may meet bytes that do not decode sooner: that raised a bare
    UnicodeDecodeError, not the NotationError of every other place."""
    text = '[A "1"]\n\n' + "1. A: pass\n" * 20 + '[B "2"]\n\n' + "x" * 3835 + "\n"
    text += "1. A: pass\n" * 2
    path = tmp_path / "games.trn"
    path.write_bytes(text.encode("utf-16") + "\ud800\n".encode("utf-16-le", "surrogatepass"))
    with open(path, encoding="utf-16") as stream, pytest.raises(notation.NotationError):
        list(notation.scan(stream))
