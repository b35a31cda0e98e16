"""Regressions found reviewing 120d61b and 8ffc20e (lines of a stream read in
a loop of their own): a byte order mark, and scan of a compressed text stream."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

from trapper_core import notation

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
