"""A stretch of move text, kept as its text until its items are asked for.

The grammar's ``MOVES`` token is a stretch of turn numbers, players,
actions and comments between notes; its ``COMMENTS`` token a run of
comments before any word. The reader checks either and keeps its text and
where it began (`Stretch`); a record makes the items (`TurnNumber`,
`Mover`, `Move`, `Comment`) of its stretches only when its ``items`` are
asked for, and the replay reads the words straight from the text. So a
record read from a file holds about as many bytes as its text, whatever its
length and however many comments it has (a ``Move`` object with its line
and column costs some sixty bytes, a move's text about five).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources

from trapper_core import interned

from .items import TURN_DIGITS, Item, read_comment, read_move, read_mover, read_turn

__all__ = [
    "TURN_DIGITS",
    "BadWord",
    "Stretch",
    "terminal",
    "unquote",
    "word_or_comment_pattern",
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
def word_or_comment_pattern() -> re.Pattern[str]:
    """The words and comments of a stretch that has comments, in the order
    of preference the grammar gives: a word, a ``{ }`` comment, a ``;`` one."""
    return re.compile(
        r"[ \t\f\r\n]*(?:(?P<TURN>{})|(?P<PLAYER>{})|(?P<ACTION>{})"
        r"|(?P<BRACE_COMMENT>{})|(?P<LINE_COMMENT>{}))".format(
            *(terminal(n) for n in ("TURN", "PLAYER", "ACTION", "BRACE_COMMENT", "LINE_COMMENT"))
        )
    )


_WORDS = frozenset(("TURN", "PLAYER", "ACTION"))
#: The signs an action may hold and a player's name may not.
_ACTION_SIGNS = re.compile(r"[/<>+=]")


def unquote(text: str) -> str:
    """A player's name as written, ``"Ann Lee"`` with its quotes, or ``Ann``."""
    if text[0] != '"':
        return text
    if "\\" in text:
        return re.sub(r"\\([\"\\])", r"\1", text[1:-1])
    return text[1:-1]


class Stretch:
    """The text of one ``MOVES`` or ``COMMENTS`` token and where it began
    (line and column from 1)."""

    __slots__ = ("column", "line", "text")

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text = text
        self.line = line
        self.column = column

    def _has_comments(self) -> bool:
        # Words hold no "{" or ";" outside a quoted player's name: without
        # either, the stretch is words only and is read by the faster pattern
        # (a quoted name with one is read by the slower one, to the same words).
        text = self.text
        return "{" in text or ";" in text

    def check(self) -> None:
        """Raises `BadWord` for a word the grammar's shape allows but the
        notation does not (a turn number of more than `TURN_DIGITS` digits)."""
        if _LONG_DIGITS.search(self.text) is None:
            return
        # Digits that long may stand in a comment or an action: the words are
        # read without making items, and items made (up to the word at fault,
        # to say where it is) only for a turn number that long.
        pattern = word_or_comment_pattern() if self._has_comments() else word_pattern()
        for match in pattern.finditer(self.text):
            turn = match["TURN"]
            if turn is not None and len(turn) > TURN_DIGITS + 1:
                self.items()  # raises BadWord at its line and column

    def moved(self, lines: int) -> Stretch:
        """The same stretch ``lines`` further on in its file."""
        return Stretch(self.text, self.line + lines, self.column)

    def items(self) -> list[Item]:
        """The turn numbers, players, moves and comments of the stretch, with
        their lines (made without the items' checks: the words are the
        grammar's, `read_move`)."""
        pattern = word_or_comment_pattern() if self._has_comments() else word_pattern()
        found: list[Item] = []
        append = found.append
        strings: dict[str, str] = {}  # one str per distinct word: "pass" a thousand times is one
        text = self.text
        line = self.line
        line_start = -self.column + 1  # where the token's first line began
        counted = 0  # the newlines before here are counted in line
        for match in pattern.finditer(text):
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
            elif kind == "BRACE_COMMENT":
                append(read_comment(word[1:-1], False))
            else:
                append(read_comment(word[1:], True))
        return found

    def found(self) -> list[tuple[str, str, str]]:
        """The words without their places, as ``(turn, player, action)`` with
        one of the three not empty: ``("12.", "", "")`` a turn number,
        ``("", "Ann:", "")`` a player, ``("", "", "Gd3")`` an action.
        Comments are left out."""
        if self._has_comments():  # the words only: a flood of comments makes nothing
            return [
                match.groups("")[:3]  # type: ignore[misc]
                for match in word_or_comment_pattern().finditer(self.text)
                if match.lastgroup in _WORDS
            ]
        return word_pattern().findall(self.text)

    def plain_words(self) -> list[str] | None:
        """The words, when the stretch is words written apart: the text split
        at white space, each piece one word whose last character tells its
        kind (``.`` a turn number, ``:`` a player, else an action). ``None``
        when not so, for `found` to read: a comment, a quoted name, a name
        with a dot (``J.R.:``), or words written together (``1.Ann:``).

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
        words = text.split()
        # The text is a MOVES token's (the reader's): its white space is
        # [ \t\f\r\n], and a "." or ":" either ends a turn number or a name
        # or stands inside a piece that is more than one word or a name with
        # a dot. So when every "." and ":" ends a piece, each piece is one
        # word: a turn number (digits and "."), a name and ":", or an action.
        joined = " ".join(words) + " "
        if joined.count(": ") != joined.count(":") or joined.count(". ") != joined.count("."):
            return None
        return words

    def words(self) -> Iterator[tuple[int, str]]:
        """The words without their places: ``(0, "12.")`` a turn number,
        ``(1, "Ann")`` a player, ``(2, "Gd3")`` an action. Comments are left out."""
        pattern = word_or_comment_pattern() if self._has_comments() else word_pattern()
        for match in pattern.finditer(self.text):
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
