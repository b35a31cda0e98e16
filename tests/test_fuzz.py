"""The project's own fuzz suite (issue 10): valid inputs, then broken.

Hypothesis builds records of real games and breaks them (cuts, one-character
mutations, inserted bytes, huge numbers, odd Unicode, repeated stretches);
the same for ``Game.from_dict`` data, ``Setup``, position and setup strings,
``Game.apply``'s shuffles and the command line. The property everywhere:
only the documented exceptions escape, a syntax error says where (line and
column within the text), and nothing passed in is changed. A modest number
of examples by default (60 a test), ten times as many under ``pytest --slow``.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapper_core as tc
from trapper_core import cli, notation
from trapper_core.notation import NotationSyntaxError, RecordError

from .helpers import check_replay_place

#: Examples per fuzz test: 60 by default, 600 under --slow.
EXAMPLES = 60 if getattr(settings.default, "max_examples", 12) < 100 else 600
REPLAY_ERRORS = (tc.IllegalActionError, tc.ActionSyntaxError, RecordError)
VARIANTS = ("base", "children", "tactical")

ODD = [
    "\x00",
    "\ufeff",
    "\u2028",
    "\r",
    "\r\n",
    "²",
    "١",
    "\t",
    "\x0c",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    '"',
    "\\",
    ";",
    ":",
    ".",
    "=",
    "/",
    "<",
    ">",
    "+",
    "9" * 5000,
    "é",
    "🦫",
    "shuffle",
    "pass",
    "end",
    "\n",
    "\n\n",
    '[Seat5 "E"]',
    '[Seed "²"]',
    '[Setup "?"]',
    "{ a comment }",
    "{ two\nlines }",
    "; to the end\n",
    '\n{ [Seat1 "Z"] }\n',
    "(shuffle BEGP)",
    "(d2=B2e)",
    "(a1=Q9n)",
    '"A{": ',
]


@functools.cache
def record_text(variant: str, players: int, seed: int) -> str:
    game = tc.new_game(variant, players, seed=seed)
    bots = [tc.make_bot(("random", "greedy")[seed % 2], seed + i) for i in range(players)]
    return notation.dumps(tc.play(game, bots))


@st.composite
def records(draw: st.DrawFn) -> str:
    return record_text(
        draw(st.sampled_from(VARIANTS)), draw(st.integers(2, 4)), draw(st.integers(0, 7))
    )


@st.composite
def broken(draw: st.DrawFn) -> str:
    """A record's text, broken one way or a few."""
    text = draw(records())
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["cut", "replace", "insert", "repeat", "drop"]))
        at = draw(st.integers(0, len(text)))
        if how == "cut":
            text = text[:at]
        elif how == "replace":
            text = text[:at] + draw(st.characters()) + text[at + 1 :]
        elif how == "insert":
            piece = draw(st.one_of(st.sampled_from(ODD), st.text(max_size=6)))
            text = text[:at] + piece + text[at:]
        elif how == "repeat":
            text = text[:at] + text[at : at + draw(st.integers(1, 80))] * 2 + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
    return text


def check_syntax_error(error: Exception, text: str) -> None:
    assert isinstance(error, NotationSyntaxError)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    assert 1 <= error.line <= lines
    assert error.column >= 1


def replay_all(records: list[notation.Record]) -> None:
    for record in records:
        before = record.text
        errors: list[Exception] = []
        try:
            record.replay()
        except REPLAY_ERRORS as exc:
            check_replay_place(exc, record.number)
        try:
            record.replay(errors=errors)  # lenient: errors after the start are listed
        except RecordError as exc:
            assert not errors  # only a record that cannot start raises
            check_replay_place(exc, record.number)
        assert all(isinstance(e, REPLAY_ERRORS) for e in errors)
        for error in errors:
            check_replay_place(error, record.number)
        assert record.text == before  # the record is not changed


@settings(max_examples=EXAMPLES)
@given(broken())
def test_fuzz_broken_records_meet_only_documented_errors(text: str) -> None:
    try:
        found = notation.loads(text)
    except NotationSyntaxError as exc:
        check_syntax_error(exc, text)
        return
    replay_all(found)


@settings(max_examples=EXAMPLES)
@given(broken())
def test_fuzz_lenient_reading_never_raises_and_reads_the_same_as_streaming(text: str) -> None:
    errors: list[Exception] = []
    found = notation.loads(text, errors=errors)
    for error in errors:
        check_syntax_error(error, text)
    streamed: list[Exception] = []
    stream = io.StringIO(text)
    again = []
    while (record := notation.read_game(stream, errors=streamed)) is not None:
        again.append(record)
    assert again == found
    assert [r.number for r in again] == [r.number for r in found]
    assert [str(e) for e in streamed] == [str(e) for e in errors]
    # A binary stream is read in blocks of lines, not line by line: the same.
    binary: list[Exception] = []
    assert notation.load(io.BytesIO(text.encode("utf-8", "surrogatepass")), errors=binary) == found
    assert [str(e) for e in binary] == [str(e) for e in errors]


@settings(max_examples=EXAMPLES)
@given(broken(), st.integers(1, 600))
def test_fuzz_a_cap_on_the_size_of_a_game_reads_alike_from_text_and_from_streams(
    text: str, cap: int
) -> None:
    """With ``max_game_size`` below some games and lines: a game too long is
    an error, and a line too long ends the reading, in a str, a text stream
    (read line by line) and a binary one (in blocks) alike."""
    errors: list[Exception] = []
    found = notation.loads(text, errors=errors, max_game_size=cap)
    for error in errors:
        check_syntax_error(error, text)
    for stream in (io.StringIO(text), io.BytesIO(text.encode("utf-8", "surrogatepass"))):
        streamed: list[Exception] = []
        again = notation.load(stream, errors=streamed, max_game_size=cap)
        assert again == found
        assert [r.number for r in again] == [r.number for r in found]
        assert [str(e) for e in streamed] == [str(e) for e in errors]


@settings(max_examples=EXAMPLES)
@given(broken(), st.sampled_from(["utf-8", "utf-16", "latin-1"]))
def test_fuzz_broken_bytes_meet_only_documented_errors(text: str, encoding: str) -> None:
    data = text.encode(encoding, "replace")
    errors: list[Exception] = []
    notation.load(io.BytesIO(data), errors=errors)
    for error in errors:
        assert isinstance(error, NotationSyntaxError)
        assert error.line >= 1
        assert error.column >= 1


@settings(max_examples=EXAMPLES)
@given(st.binary(max_size=400))
def test_fuzz_random_bytes_meet_only_documented_errors(data: bytes) -> None:
    errors: list[Exception] = []
    notation.load(io.BytesIO(data), errors=errors)
    assert all(isinstance(e, NotationSyntaxError) for e in errors)


@functools.cache
def game_data(variant: str, seed: int) -> str:
    game = tc.new_game(variant, 3, seed=seed)
    tc.play(game, [tc.RandomBot(seed + i) for i in range(3)], max_actions=40)
    return json.dumps(game.to_dict())


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(["<huge>", -1, 2**64, 2**63])
    | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:6]):
            found += _paths(value, (*prefix, index))
    return found


@settings(max_examples=EXAMPLES)
@given(st.sampled_from(VARIANTS), st.integers(0, 3), st.data())
def test_fuzz_from_dict_meets_only_game_format_errors(
    variant: str, seed: int, data: st.DataObject
) -> None:
    value = json.loads(game_data(variant, seed))
    path = data.draw(st.sampled_from(_paths(value)[1:]))
    new = data.draw(JSON_VALUES)
    if new == "<huge>":
        new = 10**5000  # made here: hypothesis cannot print a number this long
    target = value
    for key in path[:-1]:
        target = target[key]
    if data.draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = new
    before = copy.deepcopy(value)
    with contextlib.suppress(tc.GameFormatError):
        tc.Game.from_dict(value)
    assert value == before or value != value  # unchanged (NaN is never equal to itself)


@settings(max_examples=EXAMPLES)
@given(
    st.lists(
        st.one_of(st.none(), st.sampled_from(["B3n", "CB2e", "W1s"]), st.integers()), max_size=70
    ),
    st.lists(st.one_of(st.sampled_from(list(tc.COLOURS)), st.integers(-1, 5)), max_size=70),
    st.lists(st.integers(-2, 70), max_size=6),
    st.one_of(st.integers(-1, 5), st.booleans(), st.none()),
)
def test_fuzz_setups_meet_only_setup_errors(
    board: list[Any], deck: list[Any], trappers: list[int], start: Any
) -> None:
    tiles = [tc.Tile.from_code(x) if isinstance(x, str) else x for x in board]
    try:
        setup = tc.Setup(tiles, deck, tuple(trappers), start_player=start)  # type: ignore[arg-type]
        tc.new_game("base", 2, setup=setup)
    except tc.SetupError:
        pass


@settings(max_examples=EXAMPLES)
@given(broken())
def test_fuzz_position_and_setup_strings_meet_only_value_errors(text: str) -> None:
    for line in text.splitlines()[:12]:
        for parse in (notation.Position.parse, notation.SetupSpec.parse):
            with contextlib.suppress(ValueError):
                parse(line.strip('[]"Setup '))


@settings(max_examples=EXAMPLES)
@given(
    st.integers(0, 40),
    st.one_of(
        st.none(),
        st.lists(st.lists(st.integers(-2, 6), max_size=70), max_size=3),
        st.lists(st.text(max_size=5), max_size=2),
    ),
)
def test_fuzz_apply_with_any_shuffles_refuses_or_plays(seed: int, shuffles: Any) -> None:
    game = tc.new_game("base", 2, seed=seed)
    tc.play(game, [tc.RandomBot(seed), tc.RandomBot(seed + 1)], max_actions=seed * 3)
    if game.is_over:
        return
    before = game.copy()
    action = game.legal_actions()[0]
    try:
        game.apply(action, shuffles=shuffles)
    except tc.IllegalActionError:
        assert game == before


@settings(max_examples=max(EXAMPLES // 10, 6))
@given(text=broken())
def test_fuzz_the_command_line_replays_broken_files_without_a_traceback(
    text: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "games.trn"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert cli.main(["replay", str(path)]) in (0, 1)
