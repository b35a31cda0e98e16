"""Records: the games of a notation file as data.

A [`Record`][trapper_notation.Record] is a game's tags and the items of its move text, in order
(`.items`): turn numbers, the player who decides, the text of each
action, notes of chance outcomes and revealed tiles, and comments. Records
compare equal when they say the same; where in a file they stood does not
count. A record writes itself (`.writer`) and replays itself
(`.replay`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import IO, SupportsIndex, overload

import attrs

from trapper_core import Game, Registry

from . import writer
from .items import Comment, Item, Move
from .replay import replay
from .setup_string import SetupSpec

__all__ = ["Record", "Tags", "dump", "dumps"]


class Tags(tuple[tuple[str, str], ...]):
    """A record's tags as ``(name, value)`` pairs in file order, read by name
    like PGN headers in python-chess: ``tags["Event"]``, ``tags.get("Round")``,
    ``"Seed" in tags``. A repeated tag reads as its first value; iterating
    gives the pairs, as they are written."""

    __slots__ = ()

    @overload
    def __getitem__(self, key: str) -> str: ...
    @overload
    def __getitem__(self, key: SupportsIndex) -> tuple[str, str]: ...
    @overload
    def __getitem__(self, key: slice) -> tuple[tuple[str, str], ...]: ...
    def __getitem__(self, key: str | SupportsIndex | slice) -> object:
        if isinstance(key, str):
            for name, value in self:
                if name == key:
                    return value
            raise KeyError(f"the record has no tag {key!r}")
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            return any(name == key for name, _ in self)
        return super().__contains__(key)

    def get(self, key: str, default: str | None = None) -> str | None:
        """Returns the value of the tag ``key``, or ``default``."""
        for name, value in self:
            if name == key:
                return value
        return default

    def keys(self) -> list[str]:
        """The tag names, in file order."""
        return [name for name, _ in self]


def _tags(value: Sequence[tuple[str, str]]) -> Tags:
    return Tags((str(k), str(v)) for k, v in value)


def _items(value: Sequence[Item]) -> tuple[Item, ...]:
    return tuple(value)


def _lines(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _comments(value: Sequence[Comment]) -> tuple[Comment, ...]:
    return tuple(value)


@attrs.frozen
class Record:
    """One game of a notation file."""

    tags: Tags = attrs.field(converter=_tags)
    """The tags, in file order; ``tags["Event"]`` reads one by name."""
    items: tuple[Item, ...] = attrs.field(default=(), converter=_items)
    number: int = attrs.field(default=1, eq=False)
    """The game's number in its file, from 1."""
    preface: tuple[Comment, ...] = attrs.field(default=(), converter=_comments)
    """Comments before the tags (only the first game of a file has them)."""
    line: int = attrs.field(default=0, eq=False)
    """The line of the game's first tag in its file (0: not read from a file)."""
    tag_lines: tuple[int, ...] = attrs.field(default=(), converter=_lines, eq=False, repr=False)
    """The line of each tag, in the order of ``tags`` (empty: not read from a file)."""

    def tag_line(self, name: str) -> int | None:
        """The line of the tag ``name`` in the record's file, if it was read from one."""
        for index, (key, _) in enumerate(self.tags):
            if key == name:
                return self.tag_lines[index] if index < len(self.tag_lines) else None
        return None

    def tag(self, name: str, default: str | None = None) -> str | None:
        """Returns the value of the tag ``name`` (the first, if repeated)."""
        for key, value in self.tags:
            if key == name:
                return value
        return default

    @property
    def variant(self) -> str:
        """The ``Variant`` tag; ``base`` when there is none."""
        return self.tag("Variant") or "base"

    @property
    def players(self) -> tuple[str, ...]:
        """The names of the ``Seat1``, ``Seat2``, … tags, in seat order."""
        tags: dict[str, str] = {}  # one pass over the tags, then a look-up per seat
        for key, value in self.tags:
            tags.setdefault(key, value)
        names: list[str] = []
        while (name := tags.get(f"Seat{len(names) + 1}")) is not None:
            names.append(name)
        return tuple(names)

    @property
    def setup(self) -> SetupSpec:
        """The ``Setup`` tag read; an unknown setup when there is none."""
        text = self.tag("Setup")
        return SetupSpec.unknown() if text is None else SetupSpec.parse(text)

    @property
    def result(self) -> tuple[int, ...] | None:
        """The final money in the ``Result`` tag, or ``None`` (``*`` or no tag)."""
        text = self.tag("Result")
        if text is None or text.strip() == "*":
            return None
        return tuple(int(part) for part in text.split())

    @property
    def moves(self) -> tuple[str, ...]:
        """The text of every action, in order."""
        return tuple(item.text for item in self.items if isinstance(item, Move))

    @property
    def text(self) -> str:
        """The record in canonical notation."""
        return writer.format_record(self)

    @classmethod
    def from_game(cls, game: Game, **tags: str) -> Record:
        """The complete record of ``game``: every tag, the full setup, every
        action and reshuffle. ``tags`` add or replace tags (``Event="Club"``)."""
        tag_values, items = writer.record_parts(game, tags)
        return cls(tag_values, items)

    def replay(
        self, *, errors: list[Exception] | None = None, registry: Registry | None = None
    ) -> Game:
        """Replays the record, checking every move, and returns the game.

        Strict by default: the first problem raises
        [`IllegalActionError`][trapper_core.IllegalActionError] (a move against
        the rules) or [`RecordError`][trapper_notation.RecordError] (facts that
        contradict each other), naming the game, the turn and the move. With an
        ``errors`` list the replay is lenient: it appends the problem there and
        returns the game as far as it was legal.
        """
        return replay(self, errors=errors, registry=registry)


def dumps(games: Game | Record | Iterable[Game | Record]) -> str:
    """Returns canonical notation text for a game, a record, or several of them."""
    if isinstance(games, (Game, Record)):
        games = [games]
    texts = []
    for game in games:
        record = game if isinstance(game, Record) else Record.from_game(game)
        texts.append(writer.format_record(record))
    return "\n".join(texts)


def dump(games: Game | Record | Iterable[Game | Record], file: IO[str]) -> None:
    """Writes [`dumps`][trapper_notation.dumps] of ``games`` to an open text file."""
    file.write(dumps(games))
