"""What reading costs (issue 10, item 15): the memory ``loads`` holds and
needs against the size of its input, one game at a time when streaming, and
records that keep their move text as text until their items are asked for."""

from __future__ import annotations

import gc
import io
import itertools
import os
import pickle
import re
import tempfile
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapper_core as tc
from trapper_core import notation
from trapper_core.notation import Comment, Move, Mover, Notes, Record, Reveal, Shuffle, TurnNumber
from trapper_notation import reader

SEATS = '[Seat1 "A"]\n[Seat2 "B"]\n[Setup "?"]\n'


def engine_games(count: int) -> str:
    variants = tc.available_variants()
    played = [
        tc.play(
            tc.new_game(variants[s % len(variants)], 2 + s % 3, seed=s),
            [tc.RandomBot(s * 10 + i) for i in range(2 + s % 3)],
        )
        for s in range(count)
    ]
    return notation.dumps(played)


def peak_and_kept(read: Callable[[], Any]) -> tuple[int, int]:
    """The most memory ``read`` used at once, and what it still holds after."""
    read()  # once before: the parser and the tables are made
    gc.collect()
    tracemalloc.start()
    try:
        kept = read()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del kept
    return peak, held


def test_issue10_item15_loads_needs_at_most_five_times_its_input() -> None:
    text = engine_games(60)
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 5 * len(text), f"records {held / len(text):.2f} times the input"


def test_issue10_item15_one_long_move_line_needs_at_most_five_times_its_input() -> None:
    text = SEATS + "\n1. A: " + "pass end " * 40_000 + "\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert len(record.moves) == 80_000


@pytest.mark.parametrize("value", ["x" * 400_000, '\\"' * 200_000], ids=["long", "escapes"])
def test_issue10_item15_one_long_tag_value_needs_at_most_five_times_its_input(
    value: str,
) -> None:
    text = f'[Event "{value}"]\n' + SEATS + "\n1. A: pass\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 1.5 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert record.tags["Event"] == value.replace('\\"', '"')


def test_issue10_item15_games_holds_one_game_at_a_time() -> None:
    """Streaming: memory is bounded by the largest game (and the 64 KiB of
    small games parsed together), not by the file: a file of 1,600 games is
    read in a small part of its size (loads needs about 3 times its size)."""
    data = ("\n" + engine_games(8)) * 200
    stream = io.BytesIO(data.encode("utf-8"))

    def read() -> int:
        stream.seek(0)
        return sum(1 for _ in notation.games(stream))

    peak, _ = peak_and_kept(read)
    assert read() == 1600
    assert peak <= len(data) / 2.5, f"peak {peak / len(data):.2f} times the file"


def test_issue10_moves_are_made_from_their_text_with_their_places_in_the_file() -> None:
    text = SEATS + "\n1. A: pass\n\n" + SEATS + '\n1. A: pass (shuffle BE)\n  2. "B b": Gd3 end\n'
    first, second = notation.loads(text)
    stream = io.StringIO(text)
    assert notation.read_game(stream) == first
    streamed = notation.read_game(stream)
    assert streamed == second
    for record in (second, streamed):
        assert record is not None
        moves = [(i.text, i.line, i.column) for i in record.items if isinstance(i, Move)]
        # The lines of the file, not of the game's text: game 2 begins on line 7.
        assert moves == [("pass", 11, 7), ("Gd3", 12, 13), ("end", 12, 17)]
        movers = [(i.name, i.line) for i in record.items if isinstance(i, Mover)]
        assert movers == [("A", 11), ("B b", 12)]
        assert record.tag_lines == (7, 8, 9)


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ('[A "b"]\n[B "c"]\n[C "d"]\n', (1, 2, 3)),
        ('[A "b"] [B "c"]\n[C "d"]\n', (1, 1, 2)),  # two tags on a line
        ('[A "b"]\n\n[B "c"]\n\n[C "d"]\n', (1, 3, 5)),  # evenly spaced by blank lines
        ('[A "b"]\n\n[B "c"]\n\n[C "d"]\n[D "e"]\n', (1, 3, 5, 6)),
        ('[A "b"]\n{c}\n[B "c"]\n[C "d"]\n', (1, 3, 4)),  # a comment between tag lines
        ('\n\n[A "b"] [B "c"] [C "d"]\n', (3, 3, 3)),
        ('\n[B "c"]\n', (2,)),
    ],
)
def test_issue10_item15_every_tag_has_its_line_in_the_file(
    text: str, lines: tuple[int, ...]
) -> None:
    """Evenly spaced tag lines are kept as a range (a flood of tags then
    holds no int a tag); the record gives them as a tuple all the same,
    in a game after others too."""
    first = '[Z "z"]\n1. A: pass\n\n'
    for before, shift in (("", 0), (first, 3)):
        (*_, record) = notation.loads(before + text)
        assert record.tag_lines == tuple(n + shift for n in lines)
        assert record.tag_line("B") == (lines[1] + shift if len(lines) > 1 else lines[0] + shift)
        assert record.line == lines[0] + shift


def test_issue10_item15_a_game_of_many_tags_is_one_game_read_in_tokens_of_64_tags() -> None:
    """Tags are one token up to 64 at a time: a game of 200 tags is still
    one game, with every tag and its line, for the reader and for scan."""
    text = "".join(f'[T{i} "{i}"]\n' for i in range(200)) + "\n1. A: pass\n"
    (record,) = notation.loads(text)
    assert list(record.tags) == [f"T{i}" for i in range(200)]
    assert record.tag_lines == tuple(range(1, 201))
    assert record.tag_line("T150") == 151
    (scanned,) = notation.scan(io.StringIO(text))
    assert len(scanned.tags) == 200
    spaced = "".join(f'[T{i} "{i}"] [U{i} ""]\n\n' for i in range(100))
    (record,) = notation.loads(spaced)
    assert len(record.tags) == 200
    assert record.tag_lines == tuple(n for i in range(100) for n in (2 * i + 1, 2 * i + 1))


def test_issue10_records_read_and_built_compare_and_hash_alike() -> None:
    text = engine_games(3)
    for record in notation.loads(text):
        built = Record(record.tags, record.items, preface=record.preface)
        again = notation.loads(record.text)[0]
        assert record == built == again
        assert hash(record) == hash(built) == hash(again)
        assert record.moves == tuple(i.text for i in built.items if isinstance(i, Move))
        assert record.items is record.items  # made once
        assert pickle.loads(pickle.dumps(again)) == record
        assert isinstance(record.items[0], TurnNumber)
    assert repr(notation.loads(text)[0]).startswith("Record(tags=")


def test_issue10_scan_reads_several_tags_on_one_line() -> None:
    text = '[Event "x"] [Site "y"]\n[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass\n'
    (found,) = notation.scan(io.BytesIO(text.encode("utf-8")))
    assert found.tags == dict(notation.loads(text)[0].tags)
    assert found.tags["Event"] == "x"


def test_issue10_item15_a_flood_of_comments_is_kept_as_text() -> None:
    """Comments in move text are read with the moves around them, one parser
    step for the lot, and kept as their text until ``items`` are asked for."""
    text = SEATS + "\n1. A: pass\n" + "{c}\n; d\n" * 20_000 + "2. B: pass\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert record.moves == ("pass", "pass")
    comments = record.items[3:-3]
    assert len(comments) == 40_000
    assert comments[:2] == (Comment("c"), Comment(" d", to_end_of_line=True))


@pytest.mark.parametrize(
    "unit",
    [
        " x (a1=B1n)",  # moves and revealed tiles in turn
        " 1. A: x (shuffle B)",  # turns that reshuffle
        " (a1=B1n)",  # notes only, one after another
    ],
)
def test_issue10_item15_notes_are_kept_as_text(unit: str) -> None:
    """Notes are read with the moves around them, one parser step for the
    lot, and kept as their text: a note was a token and an object of its
    own, and moves and notes in turn needed eighteen times their text."""
    text = SEATS + "\n1. A: x" + unit * 40_000 + "\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    notes = [item for item in record.items if isinstance(item, Notes)]
    assert len(notes) == 40_000
    revealed = Notes([Reveal(tc.Square.parse("a1"), tc.Tile.from_code("B1n"))])
    assert notes[-1] == (Notes([Shuffle("B")]) if "shuffle" in unit else revealed)


def test_issue10_item15_reshuffles_of_every_text_are_kept_as_text() -> None:
    """Notes read before are shared, but a flood of notes each unlike the
    others shares nothing: they too are kept as their text."""
    cards = ("".join(p) for p in itertools.product("BEGP", repeat=8))
    text = SEATS + "\n1. A: x" + "".join(f" (shuffle {c})" for c in cards) + "\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert record.items[-1] == Notes([Shuffle("PPPPPPPP")])


def test_issue10_item15_a_preface_of_many_comments_is_kept_as_text() -> None:
    text = "{c}\n" * 50_000 + SEATS + "\n1. A: pass\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert record.preface == (Comment("c"),) * 50_000
    assert record.line == 50_001


def test_issue10_item15_a_broken_game_is_not_kept_while_it_is_read() -> None:
    """A game that cannot begin as it does is reported from its first line:
    the rest of its text is skipped as it is read, not held."""
    text = "x\n[\n" * 50_000 + "\n" + SEATS + "\n1. A: pass\n"
    errors: list[Exception] = []
    peak, _ = peak_and_kept(lambda: notation.loads(text, errors=[]))
    assert peak <= len(text), f"peak {peak / len(text):.2f} times the input"
    (record,) = notation.loads(text, errors=errors)
    assert record.number == 2
    assert record.moves == ("pass",)
    assert [(e.line, e.column) for e in errors] == [(1, 1)]  # type: ignore[attr-defined]


def test_issue10_item15_the_errors_of_a_file_of_broken_games_are_small() -> None:
    """A lenient read keeps an error a broken game: an error is its fields,
    with one ``expected`` text for all that say the same and no message
    kept (it took 80 times the text of a broken game of two lines; a bare
    ``ValueError`` of a short message takes 12 times)."""
    unit = '[A "b"]\n1. A: x )\n\n'
    text = unit * 20_000

    def errors_of() -> list[Exception]:
        errors: list[Exception] = []
        notation.loads(text, errors=errors)
        return errors

    peak, _ = peak_and_kept(errors_of)
    errors = errors_of()
    assert len(errors) == 20_000
    assert peak <= 25 * len(text), f"peak {peak / len(text):.2f} times the input"
    first, second = errors[:2]
    assert first.expected is second.expected  # type: ignore[attr-defined]
    assert str(first).startswith("line 2, column 9: unexpected ')': expected")
    assert str(second).startswith("line 5, column 9: unexpected ')': expected")


def test_issue10_item15_tags_and_comments_in_turn_are_read_in_tokens_of_64_tags() -> None:
    """A line of tags and comments in turn: the comments between a TAG
    token's tags are in the token, kept as one stretch a token (they were a
    token, a parser step and a stretch each: 18 times the text in memory)."""
    text = '[A "b"] {c} ' * 6_400 + "\n1. A: x\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 7 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 3 * len(text), f"records {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert len(record.tags.pairs) == 6_400
    parts = record._parts
    assert len(parts) == 100 + 99 + 1 + 1  # a stretch a token, the comment between tokens,
    # the comment after the last tag, the moves
    assert record.items.count(Comment("c")) == 6_400


def test_issue10_moves_after_comments_keep_their_lines_and_columns() -> None:
    text = SEATS + '\n{ one\ntwo } 1. A: Gd3 ; x\n  "B b": { y } pass\n'
    (record,) = notation.loads(text)
    moves = [item for item in record.items if isinstance(item, Move)]
    assert [(m.text, m.line, m.column) for m in moves] == [("Gd3", 6, 13), ("pass", 7, 16)]
    assert [item for item in record.items if isinstance(item, Mover)] == [Mover("A"), Mover("B b")]
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(SEATS + "\n1. A: pass { c\n} " + "9" * 19 + ". B: pass\n")
    assert (caught.value.line, caught.value.column) == (6, 3)


def test_issue10_an_error_after_a_closed_note_names_what_stands_there() -> None:
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(SEATS + "\n1. A: pass (shuffle BE). B: pass\n")
    error = caught.value
    assert (error.line, error.column) == (5, 24)
    assert "unexpected '.'" in str(error)
    # A tile that is no tile is reported before an error after its note.
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(SEATS + "\n1. A: pass (a1=Q9n). B: pass\n")
    assert (caught.value.line, caught.value.column) == (5, 13)
    assert "'Q9' is not a tile face" in str(caught.value)


def test_issue10_the_floods_benchmark_reads_every_shape() -> None:
    """``benchmarks/floods.py`` (its figures are benchmarks, never timed here)."""
    from benchmarks import floods

    found = floods.shapes(2_000)
    assert len(found) == 21
    for name, text in found.items():
        cost, peak = floods.measure(text, lenient=True, repeat=1)
        assert cost > 0, name
        assert peak >= 0, name
    ratios = floods.against_real(found["tiny games"], found["real records"], False, rounds=2)
    assert len(ratios) == 2
    assert min(ratios) > 0


def test_issue10_the_floods_benchmark_reads_every_shape_with_every_reader() -> None:
    """``floods.py --readers`` (its figures are benchmarks, never timed here):
    every reader reads every shape from a file, as many games as ``loads``."""
    from benchmarks import floods

    texts = floods.shapes(2_000)
    found = floods.readers(texts, rounds=2)
    assert list(found) == list(texts)
    for row in found.values():
        assert list(row) == list(floods.READERS)
        assert all(len(ratios) == 2 and min(ratios) > 0 for ratios in row.values())
    real = floods.real_cost(texts["real records"], rounds=1)
    assert list(real) == list(floods.READERS)
    assert min(real.values()) > 0
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.trn")
        with open(path, "w", encoding="utf-8") as file:
            file.write(texts["tiny games"])
        games = len(notation.loads(texts["tiny games"]))
        for reader in ("games b", "games t", "read_game b", "read_game t", "scan b", "scan t"):
            assert floods.read_with(reader, path)() == games, reader


def test_issue10_the_floods_benchmark_measures_the_floors_under_tiny_and_broken_games() -> None:
    """The floors that ``floods.py`` prints: Lark alone on the tiny games,
    and what one tags mapping a game and one error a broken game hold."""
    from benchmarks import floods

    texts = floods.shapes(2_000)
    found = floods.floors(texts["tiny games"], texts["broken games"], repeat=1)
    assert list(found) == [
        "Lark's lexer alone",
        "Lark's parser, no tree",
        "a tags dict a game",
        "an error a broken game",
    ]
    assert found["Lark's lexer alone"][0] > 0
    assert found["Lark's parser, no tree"][0] > 0
    for name in ("a tags dict a game", "an error a broken game"):
        held = found[name][1]
        assert held is not None
        assert held > 1, name


def test_issue10_item15_long_digits_in_comments_make_no_items_while_reading() -> None:
    """Digits too many for a turn number are looked for without making the
    stretch's items: in comments they cost nothing more."""
    text = SEATS + "\n1. A: pass " + "{12345678901234567890}\n" * 20_000 + "2. B: pass\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"


def test_issue10_item15_a_replay_reads_the_words_past_a_flood_of_comments() -> None:
    game = tc.play(tc.new_game("base", 2, seed=5), [tc.RandomBot(1), tc.RandomBot(2)])
    text = notation.dumps(game)
    end = text.index("\n", text.index("1. A:"))
    text = text[:end] + " " + "{c}\n" * 40_000 + text[end:]
    (record,) = notation.loads(text)
    peak, _ = peak_and_kept(record.replay)
    assert peak <= 2 * len(text), f"peak {peak / len(text):.2f} times the record's text"
    replayed = record.replay()
    assert replayed.history == game.history
    assert replayed.scores() == game.scores()


HEAD = '[Variant "base"]\n[Seat1 "A"]\n[Seat2 "B"]\n\n'


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        # A note before any tag is a game without tags, whatever is in the note.
        ("(d2=Z2e)\n" + HEAD + "1. A: pass\n", (1, 1), "begins with tags"),
        # A long turn number before a bad tile in a note after it.
        (HEAD + "1. A: pass\n2. 9999999999999999999. B: pass (d2=Z2e)\n", (6, 4), "digits"),
        # A long turn number before a comment and a stray sign after it.
        (HEAD + "1. A: pass\n2. 9999999999999999999. B: pass {c}\n3 . A: x\n", (6, 4), "digits"),
        # A bad tile before an error after its note.
        (HEAD + "1. A: pass (d2=Z2e) 9999999999999999999. B: x\n", (5, 13), "not a tile face"),
    ],
)
def test_issue10_the_first_error_in_the_text_is_the_one_reported(
    text: str, where: tuple[int, int], what: str
) -> None:
    """Tokens are checked inside once the parser has taken them and before
    the next is read: errors come in the order of the text."""
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(text)
    assert (caught.value.line, caught.value.column) == where
    assert what in str(caught.value)


@pytest.mark.parametrize(
    "flood",
    [
        ";{\n" * 50_000,
        "{\n" + "[\n" * 50_000 + "}\n",
    ],
    ids=["line comments holding a brace", "lines inside one comment"],
)
def test_issue10_item15_comment_lines_are_cut_in_runs(flood: str) -> None:
    """A ``;`` comment holding a ``{``, and the lines inside a ``{ }``
    comment, are taken by the cutter many lines at a time, not one by one."""
    text = SEATS + "\n1. A: pass\n" + flood + "2. B: pass\n"
    peak, held = peak_and_kept(lambda: notation.loads(text))
    assert peak <= 5 * len(text), f"peak {peak / len(text):.2f} times the input"
    assert held <= 2 * len(text), f"the record {held / len(text):.2f} times the input"
    (record,) = notation.loads(text)
    assert record.moves == ("pass", "pass")


# Lines of every kind the cutter tells apart, to build texts from.
CUTTER_LINES = [
    '[A "b"]\n',
    ' \t[Seat1 "A"] [Seat2 "B"]\n',
    '[A "{"] {c} ;x "{\n',
    '[A "b"] {\n',
    '[A "b"] "c"\n',
    '\f[A "b"]\n',
    "[x\n",
    "[\n",
    "\n",
    "  {c}  \n",
    " \t\n",
    "\n\n\n",
    "; c {\n",
    "{ open\n",
    "} 2. B: pass\n",
    "1. A: pass end\n",
    "1. A: pass (d2=B2e)\n",
    'x "\n',
    '  [x "y"\n',
    '[A "b"] ; {\n',
]


@settings(max_examples=max(100, getattr(settings.default, "max_examples", 0)))
@given(st.lists(st.sampled_from(CUTTER_LINES), max_size=30))
def test_issue10_item15_runs_of_lines_are_cut_as_one_by_one(lines: list[str]) -> None:
    """Lines of tags and blank lines after a line of tags (``_TAG_RUN``),
    move text and broken tag lines (``_BROKEN_RUN``), plain lines
    (``_PLAIN_RUN``) and blank lines of white space (``_BLANK_RUN``), taken
    in one step,
    are cut into the same games as line by line: the same records, numbers,
    lines and errors, read whole and streamed."""
    text = "".join(lines)

    def read(source: str | io.StringIO) -> tuple[list[Any], list[str]]:
        errors: list[Exception] = []
        if isinstance(source, str):
            found = notation.loads(source, errors=errors)
        else:
            found = notation.load(source, errors=errors)
        return [(r, r.number, r.line, r.tag_lines) for r in found], [str(e) for e in errors]

    fast = read(text), read(io.StringIO(text))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "_TAG_RUN", re.compile("(?!)"))
        patch.setattr(reader, "_BROKEN_RUN", re.compile("(?!)"))
        patch.setattr(reader, "_BLANK_RUN", re.compile("(?!)"))
        patch.setattr(reader, "_PLAIN_RUN", re.compile("(?!)"))
        slow = read(text), read(io.StringIO(text))
    assert fast == slow


def test_issue10_item15_a_games_text_for_the_cap_holds_the_blank_lines_after_it() -> None:
    """``max_game_size`` counts a game's text up to the next game: the
    blank line after its moves is its own (a line end is one character,
    ``\\r\\n`` too); the last game of a file has none."""
    game = '[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass\n'
    size = len(game)
    assert len(notation.loads(game, max_game_size=size)) == 1
    for text in (game + "\n" + game, game + "\r\n" + game):
        with pytest.raises(notation.NotationSyntaxError, match=f"longer than {size} characters"):
            notation.loads(text, max_game_size=size)
        assert len(notation.loads(text, max_game_size=size + 1)) == 2


@pytest.mark.parametrize("pattern", ["_TAG_LINE", "_LEADING"])
def test_issue10_item15_a_long_line_of_tags_and_comments_is_classified_in_little_memory(
    pattern: str,
) -> None:
    """The reader asks what a line is (tags, a comment that runs on, moves)
    with regular expressions whose repetitions gave back: the engine kept a
    trail of every tag and comment of the line, and a line of 32,000 tags
    and comments needed 90 times its size while it was read."""
    line = '[A "b"] {c} ' * 32_000 + "\n"
    if pattern == "_LEADING":
        line = "{c} " * 96_000 + line
    match = getattr(reader, pattern).fullmatch if pattern == "_TAG_LINE" else reader._LEADING.match
    peak, _ = peak_and_kept(lambda: match(line))
    assert peak <= len(line), f"peak {peak / len(line):.2f} times the line"


@pytest.mark.parametrize(
    ("shape", "text"),
    [
        ("an unclosed tag value", '[A "' + "x" * 400_000 + "\n" + SEATS + "\n1. A: x\n"),
        ("a note of 40,000 tiles", SEATS + "\n1. A: x (" + "a1=B1n " * 40_000 + ")\n"),
    ],
)
def test_issue10_item15_one_long_word_needs_at_most_five_times_its_input(
    shape: str, text: str
) -> None:
    """A tag line that never closes its value was tried by a pattern that
    kept a trail of every character (126 times the line); a note of many
    tiles was made to check it (15 times)."""
    peak, _ = peak_and_kept(lambda: notation.loads(text, errors=[]))
    assert peak <= 5 * len(text), f"{shape}: peak {peak / len(text):.2f} times the input"


@given(st.text(st.characters(exclude_characters="\n\r", exclude_categories=["Cs"])))
def test_issue10_a_tag_value_and_a_quoted_name_read_back_as_written(value: str) -> None:
    """``unescape`` reads the writer's escapes back: ``\\"`` and ``\\\\``
    (in one line of text, as the writer writes a value: no line end)."""
    from trapper_notation.stretch import unescape, unquote

    written = value.replace("\\", "\\\\").replace('"', '\\"')
    assert unescape(written) == value
    assert unquote(f'"{written}"') == value
    if value:
        (record,) = notation.loads(f'[Event "{written}"]\n' + SEATS + "\n1. A: pass\n")
        assert record.tags["Event"] == value


def test_review_s55_floods_measures_the_shapes_asked_for_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``floods.py --only SHAPE`` measures that shape against real records,
    and names the shapes when asked for one it does not have."""
    from benchmarks import floods

    assert (
        floods.main(["--readers", "--only", "tiny games", "--size", "2000", "--repeat", "1"]) == 0
    )
    rows = [line.split("  ")[0] for line in capsys.readouterr().out.splitlines()]
    assert "tiny games" in rows
    assert "real records" in rows
    assert "broken games" not in rows
    with pytest.raises(SystemExit):
        floods.main(["--only", "tiny gams"])
    assert "no shape is called 'tiny gams'; the shapes: real records, tiny games" in (
        capsys.readouterr().err
    )
