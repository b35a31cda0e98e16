"""The errors of the notation: syntax errors while reading, record errors while replaying."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from trapper_core import TrapperError


class NotationError(TrapperError, ValueError):
    """Base class of the notation's errors."""


class NotationSyntaxError(NotationError):
    """Text that is not in the notation.

    ``line`` and ``column`` count from 1; ``context`` is the offending line
    with a caret under the place; ``expected`` says in plain words what
    should have come there.
    """

    def __init__(self, expected: str, *, line: int, column: int, context: str) -> None:
        super().__init__(f"line {line}, column {column}: {expected}\n{context}")
        self.expected = expected
        self.line = line
        self.column = column
        self.context = context


class RecordError(NotationError):
    """A record whose facts contradict each other or the game (not a rule of
    play: those raise [`IllegalActionError`][trapper_core.IllegalActionError])."""


@contextmanager
def no_gc() -> Iterator[None]:
    """The garbage collector paused: reading and replaying make many small
    objects and no cycles to collect (it runs again afterwards as before)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def check_errors(errors: object) -> None:
    """A reader's or a replay's ``errors``: ``None`` (strict) or a list."""
    if errors is not None and not isinstance(errors, list):
        raise NotationError(f"errors is a list the errors are put in, not {type(errors).__name__}")
