"""The errors of the notation: syntax errors while reading, record errors while replaying."""

from __future__ import annotations

import gc
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple, TypeVar

from trapper_core import TrapperError


class NotationError(TrapperError, ValueError):
    """Base class of the notation's errors."""


class NotationSyntaxError(NotationError):
    """Text that is not in the notation.

    ``line`` and ``column`` count from 1; ``context`` is the offending line
    with a caret under the place; ``expected`` says in plain words what
    should have come there; ``game`` is the number of the game it broke, as
    [`Record.number`][trapper_notation.Record.number] counts them (a line
    longer than ``max_game_size``, which ends the reading, breaks the game
    it stands in), or ``None`` (an error of [`scan`][trapper_notation.scan],
    which reads no game whole); ``turn`` is always ``None``, there for a
    program that reads the place of a replay's errors and of these alike.
    Control characters of the text (but a tab) are shown escaped in the
    context (``\\x1b``), and so are the characters that reorder or break a
    line as a terminal shows it (bidirectional controls such as
    ``\\u202e``, line and paragraph separators), the caret still under its
    place.

    The message, ``str(error)``, is ``line L, column C: expected`` and the
    context on the next line; ``args`` is ``(expected,)``, as Python's own
    ``SyntaxError`` keeps its message without the place. Given other
    ``args`` (a program that puts the file's name in front), the error
    says those. It pickles and copies with every field.
    """

    # A lenient read keeps an error a broken game, and a file of broken games
    # of a line or two each is nothing but errors: the fields are slots (no
    # dict an error), ``expected`` is one string for every error that says
    # the same (interned), and the message is made from the fields when it
    # is asked for rather than kept. An error takes about 330 bytes, 20
    # times the text of a broken game (`test_issue10_item15_*`), where a dict,
    # its own ``expected`` and a kept message would make it 1,500, 80 times.
    __slots__ = ("column", "context", "expected", "game", "line", "turn")

    def __init__(self, expected: str, *, line: int, column: int, context: str) -> None:
        if _CONTROL.search(context) is not None:
            context = _printable(context)
        if "\t" in context:
            context = _tabbed(context)
        expected = sys.intern(expected)
        super().__init__(expected)  # ``args``, as SyntaxError's: the message without its place
        self.expected = expected
        self.line = line
        self.column = column
        self.context = context
        self.game: int | None = None
        self.turn: int | None = None  # as a replay's errors have: never known while reading

    def __str__(self) -> str:
        args = self.args
        if len(args) == 1 and args[0] is self.expected:  # as made: the message from the fields
            return f"line {self.line}, column {self.column}: {self.expected}\n{self.context}"
        return super().__str__()  # ``args`` given another message (the CLI names the file)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        # The default reduction calls the class with ``args`` alone, which
        # lacks the place: pickling, copy and deepcopy go through here.
        fields = (self.line, self.column, self.context, self.game, self.turn)
        return _rebuilt, (type(self), self.args, self.expected, fields), self.__dict__ or None


def _rebuilt(
    cls: type[NotationSyntaxError],
    args: tuple[object, ...],
    expected: str,
    fields: tuple[int, int, str, int | None, int | None],
) -> NotationSyntaxError:
    """A pickled `NotationSyntaxError` made again, its ``args`` as they were."""
    line, column, context, game, turn = fields
    error = cls(expected, line=line, column=column, context=context)
    error.game, error.turn = game, turn
    if args != (expected,):
        error.args = args
    return error


#: The characters not shown as they are: C0 controls but tab and newline,
#: DEL, C1; the bidirectional marks, embeddings, overrides and isolates
#: (a record's text could otherwise show a line other than the one read);
#: the line and paragraph separators.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _printable(context: str) -> str:
    """``context`` (a line, and perhaps a caret under it) with its control
    characters escaped, the caret moved to stay under the same character."""
    text, newline, caret = context.partition("\n")
    if newline and caret.strip() == "^" and "\n" not in caret:
        column = len(caret) - 1  # characters before the caret
        before = _CONTROL.sub(_escaped, text[:column])
        caret = " " * len(before) + "^"
        return before + _CONTROL.sub(_escaped, text[column:]) + newline + caret
    return _CONTROL.sub(_escaped, text) + newline + _CONTROL.sub(_escaped, caret)


def _tabbed(context: str) -> str:
    """``context`` with the caret under the line padded by the line's own
    tabs where the line has them, so that a terminal puts it under the
    character it points at (a tab there is as wide as the one above)."""
    text, newline, caret = context.partition("\n")
    if not newline or caret.strip() != "^" or "\n" in caret:
        return context
    before = text[: len(caret) - 1]
    return text + newline + "".join("\t" if c == "\t" else " " for c in before) + "^"


class RecordError(NotationError):
    """A record whose facts contradict each other or the game (not a rule of
    play: those raise [`IllegalActionError`][trapper_core.IllegalActionError]).

    Raised by a replay, it says where in the record, in its message and as
    attributes: ``game``, the record's number (as
    [`Record.number`][trapper_notation.Record.number] counts games);
    ``line`` and ``column``, the place in the file of the tag, note or move
    it is about (from 1); ``turn``, the turn of the move (0: the start,
    before the first move, a setup the record cannot have). Each is ``None``
    where the message names no such place (a record made in code has no
    lines; a tag's error has a line but no column). The replay's
    ``IllegalActionError`` and ``ActionSyntaxError`` carry the same four
    attributes. Raised while making or writing a record, all four are
    ``None``.
    """

    game: int | None = None
    line: int | None = None
    column: int | None = None
    turn: int | None = None

    def __init__(self, message: str, *, at: Place | None = None) -> None:
        if at is None:
            super().__init__(message)
        else:
            super().__init__(f"{at}: {message}")
            locate(self, at)


class Place(NamedTuple):
    """Where in a record an error of its replay is: the four attributes the
    error gets (see [`RecordError`][trapper_notation.RecordError]), and how
    its message says it (``told``: ``game 2, turn 14, 'Gd3', line 29,
    column 7``)."""

    told: str
    game: int | None
    line: int | None = None
    column: int | None = None
    turn: int | None = None

    def __str__(self) -> str:
        return self.told


_Error = TypeVar("_Error", bound=Exception)

#: The attributes a replay's error gets from its `Place`.
_PLACE_FIELDS = ("game", "line", "column", "turn")


def locate(error: _Error, at: Place) -> _Error:
    """Gives ``error`` the attributes of ``at`` (the engine's own errors,
    ``IllegalActionError`` and ``ActionSyntaxError``, have no such fields
    of their own: the replay adds them) and returns it."""
    for name in _PLACE_FIELDS:
        setattr(error, name, getattr(at, name))
    return error


@contextmanager
def no_gc() -> Iterator[None]:
    """The garbage collector paused: reading and replaying make many small
    objects and no cycles to collect (it runs again afterwards as before).

    Only in a process of one thread: the collector is the whole process's,
    so a pause would stop it for every thread, and threads pausing it and
    starting it again in turn could leave it off for good (one that found it
    paused by another would not start it again). With other threads
    running, it is left as it is."""
    if threading.active_count() > 1 or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def check_errors(errors: object) -> None:
    """A reader's or a replay's ``errors``: ``None`` (strict) or a list."""
    if errors is not None and not isinstance(errors, list):
        raise NotationError(f"errors is a list the errors are put in, not {type(errors).__name__}")
