"""Records: the games of a notation file as data.

A [`Record`][trapper_notation.Record] is a game's tags and the items of its move text, in order
(`.items`): turn numbers, the player who decides, the text of each
action, notes of chance outcomes and revealed tiles, and comments. Records
compare equal when they say the same; where in a file they stood does not
count. A record writes itself (`.writer`) and replays itself
(`.replay`).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
import tempfile
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any, cast

import attrs

from trapper_core import Game, Registry
from trapper_core.errors import as_tuple, as_whole, shown, type_name

from . import writer
from .errors import NotationError, Place, RecordError
from .items import Comment, Item, Move, Mover, Notes, TurnNumber
from .position import Position
from .replay import replay
from .setup_string import SetupSpec
from .stretch import Stretch
from .tags import Tags

__all__ = ["Record", "Tags", "dump", "dumps"]

#: A player's money in the ``Result`` tag: a whole number, its digits ASCII.
_MONEY = re.compile(r"[+-]?[0-9]{1,18}")


def _tags(value: Sequence[tuple[str, str]] | Mapping[str, str]) -> Tags:
    return value if type(value) is Tags else Tags(value)


def _number(record: object, attribute: object, value: object) -> None:
    if type(value) is not int or value < 1:
        raise RecordError(f"a record's number is a whole number from 1, not {shown(value)}")


_ITEM_TYPES = (TurnNumber, Mover, Move, Notes, Comment, Stretch)
_PART_TYPES = frozenset(_ITEM_TYPES)
_COMMENT_TYPES = frozenset((Comment, Stretch))


def _parts(value: Any, kinds: frozenset[type], what: str) -> tuple[Any, ...]:
    """``value`` as a tuple, each of whose parts is of one of ``kinds`` (or a
    subclass); raises `RecordError` saying which part is not."""
    parts = as_tuple(value, RecordError, f"a record's {what} are a sequence")
    if not kinds.issuperset(map(type, parts)):  # in C; a subclass is looked at again
        allowed = tuple(kinds)
        for part in parts:
            if not isinstance(part, allowed):
                names = ", ".join(sorted(k.__name__ for k in kinds if k is not Stretch))
                raise RecordError(f"a record's {what} are {names} objects, not {shown(part)}")
    return parts


def _items(value: Sequence[Item | Stretch]) -> tuple[Item | Stretch, ...]:
    return _parts(value, _PART_TYPES, "items")


def _expanded(parts: tuple[Item | Stretch, ...]) -> tuple[Item, ...]:
    """The items of a record's parts: stretches of move text made into items."""
    if not any(type(part) is Stretch for part in parts):
        return parts  # type: ignore[return-value]
    found: list[Item] = []
    for part in parts:
        if type(part) is Stretch:
            found += part.items()
        else:
            found.append(part)  # type: ignore[arg-type]
    return tuple(found)


def _lines(value: Iterable[int]) -> range | tuple[int, ...]:
    # The reader's range of evenly spaced lines is kept as it is: it holds
    # no int a tag.
    if type(value) is range and (not value or min(value[0], value[-1]) >= 0):
        return value
    lines = as_tuple(value, RecordError, "a record's tag_lines are a sequence of line numbers")
    return _numbers(lines, "tag_lines are line numbers")


def _places(value: Sequence[int]) -> Sequence[int]:
    # The reader's array of 64-bit numbers, checked in C (a record of many
    # notes has two a note), and copied (in C too): a record built from a
    # caller's array does not change when the caller's does.
    if type(value) is array and value.typecode == "q" and not (value and min(value) < 0):
        places: Sequence[int] = value[:]
    else:
        what = "a record's note_places are a sequence of numbers"
        places = _numbers(as_tuple(value, RecordError, what), "note_places are numbers")
    if len(places) % 2:
        raise RecordError(
            f"a record's note_places are a line and a column a note, not {len(places)} numbers"
        )
    return places


def _numbers(numbers: tuple[object, ...], what: str) -> tuple[int, ...]:
    """``numbers`` as ints: whole numbers from 0 (a NumPy integer too)."""
    if all(type(n) is int and n >= 0 for n in numbers):
        return numbers  # type: ignore[return-value]  # every one an int, as checked
    return tuple(
        as_whole(n, RecordError, f"a record's {what}, whole numbers from 0 (0: not known)", low=0)
        for n in numbers
    )


def _line(value: object) -> int:
    if type(value) is int and value >= 0:
        return value
    what = "a record's line is a whole number from 0 (0: not read from a file)"
    return as_whole(value, RecordError, what, low=0)


def _comments(value: Sequence[Comment | Stretch]) -> tuple[Comment | Stretch, ...]:
    return _parts(value, _COMMENT_TYPES, "preface comments")


def _expanded_comments(parts: tuple[Comment | Stretch, ...]) -> tuple[Comment, ...]:
    return _expanded(parts)  # type: ignore[return-value]  # a stretch of comments


@attrs.frozen(repr=False)
class Record:
    """One game of a notation file.

    A record read from a file keeps each stretch of move text as its text,
    and makes the ``items`` from it when they are first asked for (the replay
    reads the text itself): a record costs about the size of its text.

    ``line`` and ``tag_lines`` (the line of each tag) say where a record
    read from a file stands in it, for the replay's errors, and so does its
    move text for each note; a record built in code leaves them out, and its
    errors name the game instead, or give ``note_places`` (the line and
    column of each ``Notes`` item, in turn, two numbers a note).
    """

    tags: Tags = attrs.field(converter=_tags)
    """The tags, in file order; ``tags["Event"]`` reads one by name. A
    record is made with ``(name, value)`` pairs or a dict of them, in its
    order: ``Record({"Seat1": "Ann", "Seat2": "Bob"}, items)``."""
    _parts: tuple[Item | Stretch, ...] = attrs.field(
        default=(), converter=_items, alias="items", eq=_expanded
    )
    number: int = attrs.field(default=1, eq=False, validator=_number)
    """The game's number in its file, from 1."""
    _preface: tuple[Comment | Stretch, ...] = attrs.field(
        default=(), converter=_comments, alias="preface", eq=_expanded_comments
    )
    line: int = attrs.field(default=0, eq=False, converter=_line)
    """The line of the game's first tag in its file (0: not read from a file)."""
    _tag_lines: range | tuple[int, ...] = attrs.field(
        default=(), converter=_lines, alias="tag_lines", eq=False, repr=False
    )
    _note_places: Sequence[int] = attrs.field(
        default=(), converter=_places, alias="note_places", eq=False, repr=False, hash=False
    )
    """The line and column of each ``Notes`` item, in turn, for the
    replay's errors (empty: not given; a record read from a file keeps its
    notes in its move text, which says where each stands)."""
    _made: tuple[Item, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    @property
    def items(self) -> tuple[Item, ...]:
        """The items of the move text, in order: turn numbers, players, moves,
        notes and comments."""
        made = self._made
        if made is None:
            made = _expanded(self._parts)
            object.__setattr__(self, "_made", made)  # a cache: the record says the same
        return made

    @property
    def tag_lines(self) -> tuple[int, ...]:
        """The line of each tag, in the order of ``tags`` (empty: not read from a file)."""
        return tuple(self._tag_lines)

    @property
    def preface(self) -> tuple[Comment, ...]:
        """Comments before the tags (only the first game of a file has them)."""
        return _expanded_comments(self._preface)

    def __repr__(self) -> str:
        return (
            f"Record(tags={self.tags!r}, items={self.items!r}, number={self.number!r}, "
            f"preface={self.preface!r}, line={self.line!r})"
        )

    def __str__(self) -> str:
        """The record in canonical notation, as [`text`][trapper_notation.Record.text]
        (what ``print(record)`` shows); a record that cannot be written (with
        no tags) shows as its ``repr`` instead of raising."""
        try:
            return self.text
        except RecordError:
            return repr(self)

    def tag_line(self, name: str) -> int | None:
        """The line of the tag ``name`` in the record's file, if it was read from one."""
        for index, (key, _) in enumerate(self.tags.pairs):
            if key == name:
                lines = self._tag_lines
                # 0: a tag set since (with_tags), which stands on no line of the file.
                return (lines[index] if index < len(lines) else 0) or None
        return None

    def tag(self, name: str, default: str | None = None) -> str | None:
        """Returns the value of the tag ``name`` (the first, if repeated)."""
        return self.tags.get(name, default)

    def with_tags(self, **tags: str | None) -> Record:
        """Returns a copy of the record with ``tags`` set, as python-chess
        sets a game's headers: ``record.with_tags(Event="Club night")``.

        A tag the record has takes the new value where it stands (a repeated
        one keeps its first place only), a new tag goes after the others,
        and ``None`` removes a tag. The moves, the number and the lines of
        the tags left as they were are kept (a tag set here has no line in
        the file). A tag the reader could not read back raises
        [`RecordError`][trapper_notation.RecordError], as in
        [`from_game`][trapper_notation.Record.from_game]; the record itself
        never changes. Tags the game decides (``Variant``, the seats,
        ``Result``, ``Seed``, ``Setup``) may be set too, and the replay
        reads them as it would from a file (a ``Seed`` beside shuffle notes
        is taken as it is: the notes give the shuffles).
        """
        for name, value in tags.items():
            writer.tag_text(name, "" if value is None else value)  # as the writer would refuse it
        pairs: list[tuple[str, str]] = []
        lines: list[int] = []
        known = self._tag_lines
        done: set[str] = set()
        for index, (name, value) in enumerate(self.tags.pairs):
            if name in tags:
                new = tags[name]
                if new is None or name in done:
                    continue
                done.add(name)
                pairs.append((name, new))
                lines.append(0)  # the file's line holds the old value
                continue
            pairs.append((name, value))
            lines.append(known[index] if index < len(known) else 0)
        for name, new in tags.items():
            if new is not None and name not in done:
                pairs.append((name, new))
                lines.append(0)
        return attrs.evolve(self, tags=Tags(pairs), tag_lines=tuple(lines) if known else ())

    @property
    def variant(self) -> str:
        """The ``Variant`` tag; ``base`` when there is none."""
        return self.tag("Variant") or "base"

    @property
    def players(self) -> tuple[str, ...]:
        """The names of the ``Seat1``, ``Seat2``, … tags, in seat order."""
        tags = self.tags
        names: list[str] = []
        while (name := tags.get(f"Seat{len(names) + 1}")) is not None:
            names.append(name)
        return tuple(names)

    @property
    def setup(self) -> SetupSpec:
        """The ``Setup`` tag read; an unknown setup when there is none.

        (The replay of a record with a ``Seed`` tag and no ``Setup`` tag
        begins at the setup that the seed deals, as ``new_game`` deals it;
        that of a record with a ``Position`` tag at that position.)"""
        text = self.tag("Setup")
        return SetupSpec.unknown() if text is None else SetupSpec.parse(text)

    @property
    def setup_known(self) -> bool:
        """Whether the replay begins at the game's own setup: the record has
        a complete ``Setup`` tag, or a ``Seed`` tag without a ``Setup`` tag
        (the seed deals it), or a ``Position`` tag. Then the replay's hands,
        draw pile and face-down tiles are the game's; a table record's
        replay (``False``) deals them to fit its moves, and a program that
        shows the replay shows them as such, or not at all (as ``trapper
        show`` does, which gives a table record's hands as counts). A
        ``Seed`` tag that is no seed (a whole number below 2**64) deals no
        setup: ``False``; a ``Setup`` tag that is no setup string raises as
        `setup` does."""
        if self.tag("Position") is not None:
            return True
        text = self.tag("Setup")
        if text is None:
            seed = (self.tag("Seed") or "").strip()
            return seed.isascii() and seed.isdigit() and int(seed) < 2**64
        return self.setup.is_complete

    @property
    def position(self) -> Position | None:
        """The ``Position`` tag read: the position the game begins at, for a
        game that does not begin at a setup (as PGN's ``FEN`` tag), or
        ``None`` when there is no such tag.

        Raises [`RecordError`][trapper_notation.RecordError] naming the
        tag's line when the tag is no position string."""
        text = self.tag("Position")
        if text is None:
            return None
        try:
            return Position.parse(text)
        except NotationError as exc:
            line = self.tag_line("Position")
            told = f"game {self.number}" + (f", line {line}" if line else "")
            raise RecordError(
                f"Position tag: {exc}", at=Place(told, self.number, line or None)
            ) from None

    @property
    def result(self) -> tuple[int, ...] | None:
        """The final money in the ``Result`` tag, or ``None`` (``*`` or no tag).

        Raises [`RecordError`][trapper_notation.RecordError] when the tag
        says anything else (``"1-0"``), naming the tag's line."""
        text = self.tag("Result")
        if text is None or text.strip() == "*":
            return None
        parts = text.split()
        # Whole numbers of a sane length: int() also takes "٣" and "1_0", and
        # a 5,000-digit one is Python's own ValueError.
        if parts and all(_MONEY.fullmatch(part) for part in parts):
            return tuple(int(part) for part in parts)
        line = self.tag_line("Result")
        told = f"game {self.number}" + (f", line {line}" if line else "")
        raise RecordError(
            f'the Result tag is each player\'s money, like "57 33", or *, not {shown(text, 40)}',
            at=Place(told, self.number, line or None),
        )

    @property
    def moves(self) -> tuple[str, ...]:
        """The text of every action, in order: one a `Move` item, so that
        ``moves[i]`` (and the i-th `Move` of ``items``) is the action
        ``replay().history[i]``, played on ``replay().at(i)``."""
        found: list[str] = []
        for part in self._parts if self._made is None else self._made:
            if type(part) is Stretch:
                found += [word for kind, word in part.words() if kind == 2]
            elif isinstance(part, Move):
                found.append(part.text)
        return tuple(found)

    @property
    def text(self) -> str:
        """The record in canonical notation."""
        return writer.format_record(self)

    @classmethod
    def from_game(cls, game: Game, **tags: str) -> Record:
        """The complete record of ``game``: every tag, the full setup (or,
        for a game that begins at a position, the ``Position`` tag), every
        action and reshuffle. ``tags`` add or replace tags (``Event="Club"``);
        a tag the reader could not read back (a name other than a letter then
        letters, digits or ``_``, a value that is not a ``str`` or has a line
        end) raises [`RecordError`][trapper_notation.RecordError], and so
        does a tag the game decides (``Variant``, the seats, ``Result``,
        ``Seed``, ``Setup``, ``Position``) given another value than the game's."""
        tag_values, items = writer.record_parts(game, tags)
        return cls(tag_values, items)

    @classmethod
    def table_record(cls, game: Game, **tags: str) -> Record:
        """The table record of ``game``: what a player at the table could
        have written. There is no ``Seed`` tag, and the setup shows no
        tile's face and no card: it is ``?``, or, for a game that did not
        begin as ``?`` stands for, the squares that hold a tile, the
        trappers' squares and the start player. Every tile face up at the
        start is named before the first move, every other one after the
        move that turned it up (or took it), and reshuffles are not noted.
        Its replay deals cards that fit every move (see the notation
        guide), so it replays to the same moves and scores, though not
        necessarily with the same cards. ``tags`` as for
        [`from_game`][trapper_notation.Record.from_game]. A game that begins
        at a position has none (a `RecordError`): its cards and face-down
        tiles are what a table record does not know."""
        tag_values, items = writer.record_parts(game, tags, table=True)
        return cls(tag_values, items)

    def replay(
        self,
        *,
        errors: list[Exception] | None = None,
        registry: Registry | None = None,
        undo: bool = True,
    ) -> Game:
        """Replays the record, checking every move, and returns the game.

        Strict by default: the first problem raises
        [`IllegalActionError`][trapper_core.IllegalActionError] (a move against
        the rules) or [`RecordError`][trapper_notation.RecordError] (facts that
        contradict each other), naming the game, the turn and the move. With an
        ``errors`` list the replay is lenient: it appends the problem there and
        returns the game as far as it was legal.

        ``undo=False`` returns a game that keeps no undo information, as
        ``new_game(..., undo=False)`` makes: for replays read for their
        scores and positions, about a tenth faster and in less memory.

        ``registry`` is where the ``Variant`` tag is looked up: the
        installed variants by default; a [`Registry`][trapper_core.Registry]
        of plugins given in code (a variant under test, say) otherwise.
        """
        return replay(self, errors=errors, registry=registry, undo=undo)


def _placed(record: Record, *, number: int | None = None, lines: int = 0) -> Record:
    """``record``, which the reader has just made and nobody else holds, given
    its number in the file and its lines counted ``lines`` further on (in
    place: a copy of each record would cost the reader a tenth of its time)."""
    if number is not None:
        object.__setattr__(record, "number", number)
    if lines:
        object.__setattr__(record, "line", record.line + lines)
        kept = record._tag_lines
        object.__setattr__(
            record,
            "_tag_lines",
            range(kept.start + lines, kept.stop + lines, kept.step)
            if type(kept) is range
            else tuple(n + lines for n in kept),
        )
        object.__setattr__(
            record,
            "_parts",
            tuple(p.moved(lines) if type(p) is Stretch else p for p in record._parts),
        )
        places = record._note_places
        if places:
            moved = array("q", places)
            for index in range(0, len(moved), 2):
                moved[index] += lines
            object.__setattr__(record, "_note_places", moved)
    return record


_NOT_WRITTEN = "dumps writes a Game, a Record or an iterable of them, not "


def dumps(games: Game | Record | Iterable[Game | Record]) -> str:
    """Returns canonical notation text for a game, a record, or several of them.

    Raises [`RecordError`][trapper_notation.RecordError] for anything else, and
    for a record that could not be written so that ``loads`` reads it back
    (a preface on a record after the first: the comments before a game's
    tags are read as the end of the game before)."""
    return _dumps(games, first=True)


def _dumps(games: Game | Record | Iterable[Game | Record], *, first: bool) -> str:
    """`dumps`, of the first games of a file or (not ``first``) of games after others."""
    if isinstance(games, (Game, Record)):
        games = [games]
    elif not isinstance(games, Iterable) or isinstance(games, str | bytes):
        raise RecordError(_NOT_WRITTEN + type_name(games))
    texts: list[str] = []
    for game in games:
        if isinstance(game, Record):
            record = game
        elif isinstance(game, Game):
            record = Record.from_game(game)
        else:
            raise RecordError(_NOT_WRITTEN + type_name(game))
        if record.preface and (texts or not first):
            raise RecordError(
                f"only a file's first game has a preface; game {len(texts) + 1} "
                + ("written" if first else "appended")
                + " has one, whose comments would be read as the end of the game before"
            )
        texts.append(writer.format_record(record))
    return "\n".join(texts)


def dump(
    games: Game | Record | Iterable[Game | Record],
    file: IO[str] | IO[bytes] | io.BufferedIOBase | str | os.PathLike[str],
    *,
    append: bool = False,
) -> None:
    """Writes [`dumps`][trapper_notation.dumps] of ``games`` to an open file:
    a text file, or a binary one (``open(path, "wb")``, ``io.BytesIO``,
    ``gzip.open(path, "wb")``), in UTF-8, as [`load`][trapper_notation.load]
    reads both; or to the file at a path (a ``str`` or ``Path``), which it
    replaces (or, with ``append=True``, adds to). A file at a path is
    replaced whole or not at all (written beside it, then renamed over it;
    in place where renaming would not replace it as it is: a device, a pipe,
    a file with other links or of another owner), and what a failed append
    wrote is cut back out. Nothing is written, and a
    file at a path is not touched, when the games cannot be (a
    [`RecordError`][trapper_notation.RecordError], or a
    [`NotationError`][trapper_notation.NotationError] for a text file whose
    encoding cannot write them); a path that cannot be written is a
    `NotationError` (``cannot write 'games.trn': …``).

    ``append=True`` is for games written after others, one call at a time
    (games as they are played): a blank line goes first (when there is a
    game to write), so that the file is what one ``dump`` of all of them
    writes. Into a file that stands at its start (``tell()`` is 0: a new
    or empty file opened to append, or a path to no file or an empty one),
    nothing goes first, as the first ``dump`` writes. ``append`` is
    ``True`` or ``False``; anything else raises
    [`NotationError`][trapper_notation.NotationError].
    """
    if isinstance(file, str | os.PathLike):
        _dump_to_path(games, file, append)
        return
    if not callable(getattr(file, "write", None)) or getattr(file, "closed", False) is True:
        what = "a closed file" if callable(getattr(file, "write", None)) else type(file).__name__
        raise NotationError(f"dump writes to an open text file (or binary, in UTF-8), not {what}")
    if type(append) is not bool:
        raise NotationError(f"dump's append is True or False, not {shown(append)}")
    if append and _at_start(file):
        append = False  # the file's first games
    text = _dumps(games, first=not append)
    if append and text:
        text = "\n" + text
    if _is_binary(file):
        file.write(text.encode("utf-8"))  # type: ignore[arg-type]
        return
    try:
        cast("IO[str]", file).write(text)  # not binary: a text file
    except UnicodeEncodeError as exc:
        raise NotationError(
            f"the file's encoding ({exc.encoding}) cannot write {shown(exc.object[exc.start])}: "
            "open it with encoding='utf-8', or in binary mode"
        ) from None


def _dump_to_path(
    games: Game | Record | Iterable[Game | Record], path: str | os.PathLike[str], append: object
) -> None:
    """`dump` to the file at ``path``: the text is made whole before the
    file is opened, so that games that cannot be written leave it as it was."""
    if type(append) is not bool:
        raise NotationError(f"dump's append is True or False, not {shown(append)}")
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except (OSError, ValueError):  # no file yet (or a name no file can have: open says why)
        at_start = True
    else:  # a pipe or a device may follow games written before, as dump to a stream judges
        at_start = not append or (stat.S_ISREG(info.st_mode) and info.st_size == 0)
    text = _dumps(games, first=at_start)
    if not at_start and text:
        text = "\n" + text
        if _gzipped(name):
            raise NotationError(
                f"cannot append to {shown(name)}: it begins as a gzip file does, and"
                " games written after it would be no part of what it unpacks to"
            )
    try:
        if not append:
            _replace(name, text.encode("utf-8"))
            return
        # Unbuffered, so that nothing is left in a buffer to be written after
        # the cut below (a buffered file's truncate flushes first, and a
        # flush that fails again would keep the cut from being made).
        with open(name, "ab", buffering=0) as file:
            start = file.tell() if file.seekable() else None  # a pipe cannot tell
            data = memoryview(text.encode("utf-8"))
            try:
                while data:
                    data = data[file.write(data) or 0 :]
            except BaseException:  # a full disk: what was written of the games is cut back
                if start is not None:
                    with contextlib.suppress(OSError):
                        os.ftruncate(file.fileno(), start)
                raise
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise NotationError(f"cannot write {shown(name)}: {reason[:80]}") from None


def _gzipped(name: str) -> bool:
    """Whether the regular file ``name`` begins as a gzip file does (a pipe
    or a device is not read: what it gives is not the file's beginning)."""
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):
            return False
        with open(name, "rb") as file:
            return file.read(2) == b"\x1f\x8b"
    except OSError:  # what writing to it would say, it says there
        return False


def _replace(name: str, data: bytes) -> None:
    """Writes ``data`` to the file ``name``, an existing file whole or not at
    all: a new file is written beside it and renamed over it (with the old
    file's permissions), so that a failure halfway (a full disk) leaves the
    old file as it was (opened to write in place, it was emptied at once).
    A symbolic link is followed (its target replaced, the link kept).

    Written in place instead, as ``open(name, "wb")`` writes: what renaming
    would not replace as it is, a device or a pipe (``/dev/stdout``), a file
    with other names linked to it or of another owner, or one in a directory
    that may not be written; and a new file, which a failure removes again
    (there was none to keep)."""
    try:
        info: os.stat_result | None = os.stat(name)
    except FileNotFoundError:
        info = None
    if info is None:
        made = True
        try:
            file = open(name, "xb")  # noqa: SIM115 (closed below)
        except FileExistsError:  # a link to no file, or a file made meanwhile
            file, made = open(name, "wb"), False  # noqa: SIM115 (closed below)
        with file:
            try:
                file.write(data)
                file.flush()
            except BaseException:
                if made:  # the file this call made, and nothing else
                    with contextlib.suppress(OSError):
                        os.unlink(name)
                raise
        return
    target = os.path.realpath(name)
    directory, base = os.path.split(target)
    if (
        not stat.S_ISREG(info.st_mode)
        or info.st_nlink > 1
        or info.st_uid != os.geteuid()
        or not os.access(directory, os.W_OK)
    ):
        with open(name, "wb") as file:
            file.write(data)
        return
    handle, temporary = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())  # the new text on the disk before its name
        os.chmod(temporary, info.st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _at_start(file: object) -> bool:
    """Whether an open file stands at its start (one that cannot tell does not)."""
    try:
        return bool(file.seekable()) and file.tell() == 0  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False


def _is_binary(file: object) -> bool:
    mode = getattr(file, "mode", "")
    if isinstance(mode, str) and "b" in mode:
        return True
    if isinstance(file, io.TextIOBase):
        return False
    return isinstance(file, io.RawIOBase | io.BufferedIOBase)
