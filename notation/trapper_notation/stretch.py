"""A stretch of move text, kept as its text until its items are asked for.

The grammar's ``MOVES`` token is a stretch of turn numbers, players,
actions, notes and comments; its ``COMMENTS`` token a run of comments
before any word or note. The reader checks either and keeps its text and
where it began (`Stretch`); a record makes the items (`TurnNumber`,
`Mover`, `Move`, `Notes`, `Comment`) of its stretches only when its
``items`` are asked for, and the replay reads the words and notes straight
from the text. So a record read from a file holds about as many bytes as
its text, whatever its length and however many comments and notes it has
(a ``Move`` object with its line and column costs some sixty bytes, a
move's text about five).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources

from trapper_core import Square, Tile, TrapperError, interned

from .items import (
    TURN_DIGITS,
    Item,
    Notes,
    Reveal,
    Shuffle,
    read_comment,
    read_move,
    read_mover,
    read_turn,
)

__all__ = [
    "TURN_DIGITS",
    "BadNote",
    "BadWord",
    "Stretch",
    "item_pattern",
    "read_note",
    "terminal",
    "unescape",
    "unquote",
    "word_pattern",
]

#: Text that may hold a turn number of more digits (a quick test before the
#: words are read one by one).
_LONG_DIGITS = re.compile(f"[0-9]{{{TURN_DIGITS + 1},}}")


class BadWord(Exception):
    """A word of the right shape whose content is wrong (a turn number of too many digits)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


def terminal(name: str) -> str:
    """The pattern of a regular-expression terminal of ``trapper.lark``."""
    grammar = resources.files("trapper_notation").joinpath("trapper.lark").read_text("utf-8")
    match = re.search(rf"^{name}: /(.*)/$", grammar, re.MULTILINE)
    if match is None:  # pragma: no cover - the grammar defines them all
        raise LookupError(name)
    return match[1]


@interned
def word_pattern() -> re.Pattern[str]:
    """The words of a MOVES token, in the order of preference the grammar gives."""
    return re.compile(
        r"[ \t\f\r\n]*(?:(?P<TURN>{})|(?P<PLAYER>{})|(?P<ACTION>{}))".format(
            *(terminal(n) for n in ("TURN", "PLAYER", "ACTION"))
        )
    )


@interned
def item_pattern() -> re.Pattern[str]:
    """The words, comments and notes of a stretch that has comments or notes,
    in the order of preference the grammar gives: a word, a ``{ }`` comment,
    a ``;`` one, a note."""
    names = ("TURN", "PLAYER", "ACTION", "BRACE_COMMENT", "LINE_COMMENT", "NOTE")
    return re.compile(
        r"[ \t\f\r\n]*(?:(?P<TURN>{})|(?P<PLAYER>{})|(?P<ACTION>{})"
        r"|(?P<BRACE_COMMENT>{})|(?P<LINE_COMMENT>{})|(?P<NOTE>{}))".format(
            *(terminal(n) for n in names)
        )
    )


class BadNote(Exception):
    """A note of the right shape that names a tile that is no tile, ``offset``
    characters into the note's text."""

    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message


#: The entries of a note: the cards of a shuffle, or a square and a tile.
_NOTE_ENTRY = re.compile(r"shuffle[ \t\f\r\n]*([BEGP]+)|([a-h][1-8]=C?[A-Z][0-9][nesw])")
#: Notes read before, by their text (``(shuffle BEGP)``, ``(d2=B2e)``): the same
#: note read again is the same object.
_NOTES: dict[str, Notes] = {}


def read_note(text: str) -> Notes:
    """The note ``text``, a NOTE of the grammar (``(shuffle BEGP)``,
    ``(d2=B2e a3=CB1n)``), made without the items' checks: the same short
    note read again is the same object. Raises `BadNote` at an entry whose
    tile is no tile (the grammar's shape allows ``Z9n``)."""
    notes = _NOTES.get(text)
    if notes is not None:
        return notes
    entries: list[Shuffle | Reveal] = []
    for match in _NOTE_ENTRY.finditer(text):
        cards = match[1]
        if cards is not None:
            entries.append(Shuffle(cards))
            continue
        square, code = match[2].split("=")
        try:
            entries.append(Reveal(Square.parse(square), Tile.from_code(code)))
        except (TrapperError, ValueError) as exc:
            raise BadNote(match.start(2), str(exc)) from None
    notes = Notes(tuple(entries))
    if len(text) <= 200:  # short notes, the tiles revealed above all, are shared
        if len(_NOTES) >= 4096:
            _NOTES.clear()
        _NOTES[text] = notes
    return notes


def _tiles_read(text: str, start: int, end: int) -> bool:
    """Whether every tile the note ``text[start:end]`` reveals is a tile
    (checked without making the note, or a copy of a long one: a note of
    many entries is checked as it is read, and made only when it is asked
    for)."""
    if text.find("=", start, end) < 0:
        return True  # reshuffles only
    short = end - start <= 200
    if short:
        note = text[start:end]
        if note in _CHECKED:  # the tiles of a table record's notes, read again
            return True
    for match in _NOTE_ENTRY.finditer(text, start, end):
        pair = match[2]
        if pair is None or pair[3:] in _TILE_CODES:
            continue
        try:
            Tile.from_code(pair[3:])
        except (TrapperError, ValueError):
            return False
        _TILE_CODES.add(pair[3:])
    if short:
        if len(_CHECKED) >= 4096:
            _CHECKED.clear()
        _CHECKED.add(note)
    return True


#: The tile codes read so far that are tiles (there are some hundreds).
_TILE_CODES: set[str] = set()
#: Short notes whose tiles have been checked, by their text.
_CHECKED: set[str] = set()


#: The notes of a stretch without comments or quoted names, found by their
#: parentheses (`Stretch.plain_words`, `Stretch.check`).
_NOTES_APART = re.compile(r"(\([^)]*\))")
#: The signs an action may hold and a player's name may not.
_ACTION_SIGNS = re.compile(r"[/<>+=]")


def unquote(text: str) -> str:
    """A player's name as written, ``"Ann Lee"`` with its quotes, or ``Ann``."""
    if text[0] != '"':
        return text
    return unescape(text[1:-1])


def unescape(text: str) -> str:
    """The text inside the quotes of a tag's value or a player's name, its
    escapes ``\\"`` and ``\\\\`` read. Such text holds no line break, which
    stands in for an escaped backslash while the escaped quotes are read:
    three replacements in C, each a copy of the text at most (a substitution
    by a pattern kept a piece for each escape, twelve times the text)."""
    if "\\" not in text:
        return text
    return text.replace("\\\\", "\n").replace('\\"', '"').replace("\n", "\\")


class Stretch:
    """The text of one ``MOVES`` or ``COMMENTS`` token and where it began
    (line and column from 1)."""

    __slots__ = ("column", "line", "text")

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text = text
        self.line = line
        self.column = column

    def __reduce__(self) -> tuple[type[Stretch], tuple[str, int, int]]:
        # Made again from its fields: a class of slots pickles by protocols 0
        # and 1 only so (a record read from text holds its stretches).
        return Stretch, (self.text, self.line, self.column)

    def _pattern(self) -> re.Pattern[str]:
        # Words hold no "{", ";" or "(" outside a quoted player's name:
        # without any, the stretch is words only and is read by the faster
        # pattern (a quoted name with one is read by the slower one, to the
        # same words).
        text = self.text
        if "{" in text or ";" in text or "(" in text:
            return item_pattern()
        return word_pattern()

    def check(self) -> None:
        """Raises `BadWord` for a word or note the grammar's shape allows but
        the notation does not: a turn number of more than `TURN_DIGITS`
        digits, a revealed tile that is no tile."""
        text = self.text
        if _LONG_DIGITS.search(text) is None:
            if "=" not in text or "(" not in text:
                return
            if '"' not in text and "{" not in text and ";" not in text:
                # Tiles to check, and no comment or quoted name that could
                # hold a "(": each "(" begins a note, found without the words.
                for match in _NOTES_APART.finditer(text):
                    if not _tiles_read(text, match.start(), match.end()):
                        self.items()  # raises BadWord at its line and column
                return
        # Digits that long may stand in a comment or an action, and "=" in
        # an action: the words are read without making items, and items made
        # (up to the word at fault, to say where it is) only for a turn
        # number that long or a note that does not read.
        for match in self._pattern().finditer(text):
            kind = match.lastgroup
            if kind == "TURN":
                if len(match[kind]) > TURN_DIGITS + 1:
                    self.items()  # raises BadWord at its line and column
            elif kind == "NOTE" and not _tiles_read(text, match.start(kind), match.end(kind)):
                self.items()  # raises BadWord at its line and column

    def moved(self, lines: int) -> Stretch:
        """The same stretch ``lines`` further on in its file."""
        return Stretch(self.text, self.line + lines, self.column)

    def items(self) -> list[Item]:
        """The turn numbers, players, moves, notes and comments of the
        stretch, with their lines (made without the items' checks: the words
        are the grammar's, `read_move`)."""
        found: list[Item] = []
        append = found.append
        strings: dict[str, str] = {}  # one str per distinct word: "pass" a thousand times is one
        text = self.text
        line = self.line
        line_start = -self.column + 1  # where the token's first line began
        counted = 0  # the newlines before here are counted in line
        for match in self._pattern().finditer(text):
            kind = match.lastgroup
            assert kind is not None  # the pattern's every branch is a group
            start = match.start(kind)
            newlines = text.count("\n", counted, start)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", counted, start) + 1
            counted = start
            word = match[kind]
            if kind == "ACTION":
                append(read_move(strings.setdefault(word, word), line, start - line_start + 1))
            elif kind == "TURN":
                if len(word) > TURN_DIGITS + 1:
                    raise BadWord(
                        line,
                        start - line_start + 1,
                        f"a turn number has at most {TURN_DIGITS} digits, not {len(word) - 1}",
                    )
                append(read_turn(int(word[:-1]), line, start - line_start + 1))
            elif kind == "PLAYER":
                append(read_mover(unquote(word[:-1]), line, start - line_start + 1))
            elif kind == "NOTE":
                try:
                    append(read_note(word))
                except BadNote as exc:
                    at = start + exc.offset
                    newlines = text.count("\n", start, at)
                    if newlines:
                        line += newlines
                        line_start = text.rfind("\n", start, at) + 1
                    raise BadWord(line, at - line_start + 1, exc.message) from None
            elif kind == "BRACE_COMMENT":
                append(read_comment(word[1:-1], False))
            else:
                append(read_comment(word[1:], True))
        return found

    def pieces(self) -> list[tuple[str, str, int]]:
        """The words and notes, in order, as ``(kind, text, start)``: the
        kind ``"TURN"``, ``"PLAYER"``, ``"ACTION"`` or ``"NOTE"``, the text
        as written (``"12."``, ``"Ann:"``, ``"Gd3"``, ``"(shuffle BEGP)"``),
        and where it begins in the stretch's text. Comments are left out."""
        found = []
        for match in self._pattern().finditer(self.text):
            kind = match.lastgroup
            assert kind is not None  # the pattern's every branch is a group
            if kind != "BRACE_COMMENT" and kind != "LINE_COMMENT":
                found.append((kind, match[kind], match.start(kind)))
        return found

    def plain_words(self) -> list[str] | None:
        """The words and notes, when the stretch is words written apart: the
        text split at white space, each piece one word whose last character
        tells its kind (``.`` a turn number, ``:`` a player, ``)`` a note,
        kept whole, else an action). ``None`` when not so, for `pieces` to
        read: a comment, a quoted name, a name with a dot (``J.R.:``), or
        words written together (``1.Ann:``).

        The replay reads every word of every record; split so, a record's
        words cost about half what the grammar's pattern costs.
        """
        text = self.text
        if '"' in text or "{" in text or ";" in text:
            return None
        if ("_" in text or "'" in text) and _ACTION_SIGNS.search(text) is not None:
            # An action with a sign no name has, written together with a name
            # that begins with "_" or "'" ("Gd3/BB_Ann:"), is two words that
            # end with ":": told apart by the grammar's pattern only.
            return None
        if "(" in text:
            # Each "(" begins a note and the next ")" ends it (no word holds
            # either): the text between notes is split, each note kept whole.
            pieces = _NOTES_APART.split(text)
            words = pieces[0].split()
            for index in range(1, len(pieces), 2):
                words.append(pieces[index])
                words += pieces[index + 1].split()
        else:
            words = text.split()
        # The text is a MOVES token's (the reader's): its white space is
        # [ \t\f\r\n], and a "." or ":" either ends a turn number or a name
        # or stands inside a piece that is more than one word or a name with
        # a dot. So when every "." and ":" ends a piece, each piece is one
        # word: a turn number (digits and "."), a name and ":", or an action.
        # (A note holds neither.)
        joined = " ".join(words) + " "
        if joined.count(": ") != joined.count(":") or joined.count(". ") != joined.count("."):
            return None
        return words

    def words(self) -> Iterator[tuple[int, str]]:
        """The words without their places: ``(0, "12.")`` a turn number,
        ``(1, "Ann")`` a player, ``(2, "Gd3")`` an action. Comments and
        notes are left out."""
        for match in self._pattern().finditer(self.text):
            action = match[3]
            if action is not None:
                yield 2, action
            elif match[1] is not None:
                yield 0, match[1]
            elif match[2] is not None:
                name = match[2][:-1]
                yield 1, unquote(name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stretch):
            return NotImplemented
        return self.items() == other.items()

    def __hash__(self) -> int:
        return hash(tuple(self.items()))

    def __repr__(self) -> str:
        return f"Stretch({self.text!r}, {self.line}, {self.column})"
