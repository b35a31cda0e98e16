"""Reading notation text into records, one game at a time.

The text is cut into games line by line (`_Games`): a line that
begins with ``[`` after move text begins the next game. Each game's text is
then parsed by the LALR parser of ``trapper.lark``, built once, with its
transformer: records are built while the parser runs and no tree is made.
So reading is linear in the text, its memory is bounded by the largest game
when it streams (`read_game`, `games`, `scan`), and a game
with a syntax error costs the same as one without.
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
import re
import sys
import unicodedata
import weakref
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import accumulate, repeat
from operator import itemgetter
from types import SimpleNamespace
from typing import IO, Any, AnyStr, NamedTuple, cast

import attrs
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from trapper_core import MAX_COUNT, Square, Tile, TrapperError, interned
from trapper_core.errors import shown

from .errors import NotationError, NotationSyntaxError, check_errors, no_gc
from .items import SURROGATE as _SURROGATE
from .items import Item, Notes, Reveal, Shuffle
from .records import Record, _placed
from .stretch import BadWord, Stretch, unescape

__all__ = [
    "MAX_GAME_SIZE",
    "ScannedGame",
    "games",
    "load",
    "loads",
    "parser",
    "read_game",
    "scan",
]

MAX_GAME_SIZE = 64 * 2**20
"""The most characters one game's text may have by default (tags, moves
and comments, up to the next game): 64 Mi. A longer game is a
`NotationSyntaxError`, and a line longer than it ends the reading; every
reader takes ``max_game_size`` to change it."""

#: An open stream the readers take: text, or bytes in UTF-8. ``IO[bytes]``
#: alone would leave out the binary streams of ``gzip``, ``bz2`` and
#: ``lzma`` (``io.BufferedIOBase``, not ``typing.BinaryIO``), which they read,
#: and streams of one's own made on ``io.RawIOBase`` (a pipe's or a
#: socket's) or ``io.TextIOBase``.
Stream = IO[str] | IO[bytes] | io.BufferedIOBase | io.RawIOBase | io.TextIOBase
Source = str | os.PathLike[str] | Stream


class _BadToken(Exception):
    """A token of the right shape whose content is wrong (``d2=Q9n``)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


class _LexError(Exception):
    """Text that no terminal matches where it stands."""

    def __init__(self, position: int, line: int, column: int, after: str | None) -> None:
        super().__init__(position)
        self.position = position
        self.line = line
        self.column = column
        self.after = after  # the token type before it, None in move text


#: One tag of a TAG token, its name and its value inside the quotes.
_ONE_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\["\\])*+)"[ \t]*\]')
#: A tag, as `_ONE_TAG`, or a comment: what a TAG token holds, one after
#: another (a comment may hold what looks like a tag, which is none).
_TAG_OR_COMMENT = re.compile(_ONE_TAG.pattern + r"|\{[^}]*+\}|;[^\n]*+")
#: A tag of a TAG token with the white space and comments before it (group
#: 1), its name and value as `_ONE_TAG`'s.
_TAG_AFTER = re.compile(r"((?:[ \t\f\r\n]++|\{[^}]*+\}|;[^\n]*+)*+)" + _ONE_TAG.pattern)
#: A tag of a TAG token (no group) or a comment (group 1): ``findall``
#: gives each comment, and an empty string a tag.
_COMMENT_OR_TAG = re.compile(
    r'\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]+"(?:[^"\\\n]|\\["\\])*+"[ \t]*\]|(\{[^}]*+\}|;[^\n]*+)'
)
_BEFORE = itemgetter(0)
_NAME_AND_VALUE = itemgetter(1, 2)
_SPACES = re.compile(r"[ \t]*")
_BLANKS = re.compile(r"[ \t\f]*")  # the white space that may stand before a game
#: Short tags read before (``[Site "?"]``, ``[Variant "base"]``), by their
#: name and value as written: every game that has one shares its pair of
#: strings.
_PAIRS: dict[tuple[str, str], tuple[str, str]] = {}


class _ToRecords(Transformer[Token, list[Record]]):
    """Builds records while the parser runs: no tree is ever made."""

    def start(self, children: list[Record | Stretch]) -> list[Record]:
        preface = tuple(c for c in children if type(c) is Stretch)
        games = [c for c in children if isinstance(c, Record)]
        if preface and games:
            games[0] = attrs.evolve(games[0], preface=preface)
        return games

    def game(self, children: list[Any]) -> Record:
        tags, lines, header = children[0]
        items = children[1] if len(children) > 1 and type(children[1]) is list else []
        if type(children[-1]) is _End:  # "*", and the comments after it
            items += children[-1].comments
        if header:
            items[:0] = header
        # A note's place is found in its stretch's text, where the replay reads it.
        return Record(tags, items, line=lines[0], tag_lines=lines)

    def tags(
        self, children: list[Any]
    ) -> tuple[list[tuple[str, str]], Sequence[int], list[Item | Stretch]]:
        if len(children) == 1:
            return children[0]  # type: ignore[no-any-return]
        found, lines, header = children[0]
        if isinstance(children[1], Stretch):
            header.append(children[1])
        else:
            more, more_lines, comments = children[1]
            found += more
            lines = _joined(lines, more_lines)
            header += comments
        return found, lines, header

    def items(self, children: list[Any]) -> list[Item]:
        if len(children) == 1:
            first = children[0]
            return first if isinstance(first, list) else [first]
        found: list[Item] = children[0]
        new = children[1]
        if isinstance(new, list):
            found.extend(new)
        else:
            found.append(new)
        return found

    def end(self, children: list[Token]) -> _End:
        return _End([_stretch(t) for t in children if t.type == "COMMENTS"])

    def tag(
        self, children: list[Token]
    ) -> tuple[list[tuple[str, str]], Sequence[int], list[Item | Stretch]]:
        """The tags of a TAG token (one or more), the line of each (a
        ``range`` while they are evenly spaced, as tags one a line are), and
        the comments between them: one stretch, or none.

        Each step a tag or a comment is taken in C (patterns' ``findall``,
        ``map``, ``accumulate``), however the tags and comments stand: a
        loop over them here would make a line of tags and comments in turn
        cost 3.2 times real records a character, and 2.7 times one a line."""
        token = children[0]
        line = token.line or 1
        found = _TAG_AFTER.findall(token)  # (what stands before it, name, value)
        keys = list(map(_NAME_AND_VALUE, found))
        known = list(map(_PAIRS.get, keys))
        if None in known:  # a tag not read before
            tags = [pair or _pair(key) for pair, key in zip(known, keys, strict=True)]
        else:
            tags = cast(list[tuple[str, str]], known)
        header: list[Item | Stretch] = []
        if "{" in token or ";" in token:  # perhaps comments between the tags
            comments = list(filter(None, _COMMENT_OR_TAG.findall(token)))
            if comments:
                # The comments alone, one a line (a comment carries no place).
                header.append(Stretch("\n".join(comments), line, token.column or 1))
        if "\n" not in token:
            if len(tags) == 1:
                return tags, range(line, line + 1), header
            return tags, [line] * len(tags), header
        lines = list(accumulate(map(str.count, map(_BEFORE, found), repeat("\n")), initial=line))
        del lines[0]
        step = lines[1] - lines[0] if len(lines) > 1 else 1
        if step > 0 and lines == list(range(lines[0], lines[-1] + 1, step)):
            return tags, range(lines[0], lines[-1] + 1, step), header
        return tags, lines, header

    def moves(self, children: list[Token]) -> Stretch:
        (token,) = children
        return _stretch(token)

    # Comments (before the first tags, between tags, before the first move)
    # are kept as stretches too, made into items when they are asked for.
    lead = comments = tag_comment = moves

    def notes(self, children: list[Shuffle | Reveal]) -> Notes:
        return Notes(tuple(children))

    def shuffle(self, children: list[Token]) -> Shuffle:
        return Shuffle(str(children[1]))

    def reveal(self, children: list[Token]) -> Reveal:
        (token,) = children
        square, code = str(token).split("=")
        try:
            return Reveal(Square.parse(square), Tile.from_code(code))
        except (TrapperError, ValueError) as exc:
            raise _BadToken(token.line or 1, token.column or 1, str(exc)) from None


class _End(NamedTuple):
    """A game's "*" (its end, without moves), with the comments after it."""

    comments: list[Stretch]


def _joined(before: Sequence[int], after: Sequence[int]) -> Sequence[int]:
    """The lines of a game's tags so far, ``before``, and of the next tags,
    ``after``: one range while they are all evenly spaced (a game's tags,
    one a line, are, and then hold no int a tag: a flood of tags held six
    times its text in ints alone), else a list that the next tags extend."""
    if type(before) is range and type(after) is range and before and after:
        step = after[0] - before[-1]
        if step > 0 and all(len(r) == 1 or r.step == step for r in (before, after)):
            return range(before[0], after[-1] + 1, step)
    joined = before if isinstance(before, list) else list(before)
    joined.extend(after)
    return joined


def _pair(key: tuple[str, str]) -> tuple[str, str]:
    """The name and value of a tag (``key``: its name and its value as
    written), kept for the next game with the same short tag."""
    pair = (key[0], unescape(key[1]))
    if len(key[0]) + len(key[1]) <= 32:  # a long tag is not kept after its game
        if len(_PAIRS) >= 4096:
            _PAIRS.clear()
        _PAIRS[key] = pair
    return pair


def _stretch(token: Token) -> Stretch:
    """The stretch of a MOVES or COMMENTS token (the lexer has checked it: `_check`)."""
    return Stretch(str(token), token.line or 1, token.column or 1)


# Where each terminal may stand. The lexer below works like lark's contextual
# lexer, with two contexts instead of one per parser state, and one regular
# expression per context that also skips the white space before a token.
_CONTEXTS = {
    "top": ("TAG", "MOVES", "COMMENTS", "LPAR", "END"),
    "note": ("SHUFFLE", "CARDS", "REVEAL", "RPAR"),
}
_NEXT_CONTEXT = {"LPAR": "note", "RPAR": "top"}
#: What may stand in move text, as error messages name it.
_TOP_WORDS = ("TAG", "MOVES", "BRACE_COMMENT", "LINE_COMMENT", "LPAR", "END")


class _Lexer(Lexer):
    """Tokens for the LALR parser, from the grammar's own terminal patterns.

    Lark's documented interface for a custom lexer: ``__init__(lexer_conf)``
    and ``lex(text)``. Comments between two tags are marked as tag comments
    (``TAG_COMMENTS``), which is what lets the grammar keep them in their game.
    """

    def __init__(self, conf: Any) -> None:
        patterns = {t.name: t.pattern.to_regexp() for t in conf.terminals}
        space = patterns["WS"]
        # The white space before a token is possessive (``?+``): no terminal
        # begins with white space, and a greedy run gave back one character at
        # a time to try every terminal again where none matched (the end of
        # a text): 0.1 µs a character of a flood of blank lines.
        self.regexps = {
            context: re.compile(
                f"(?:{space})?+(?:" + "|".join(f"(?P<{n}>{patterns[n]})" for n in names) + ")"
            )
            for context, names in _CONTEXTS.items()
        }
        self.space = re.compile(f"(?:{space})?")

    def lex(self, text: str) -> Iterator[Token]:  # type: ignore[override]
        position, end = 0, len(text)
        context = "top"
        line, line_start = 1, 0
        last: str | None = None
        held: Token | None = None  # comments after a tag, until we know what follows
        regexps = self.regexps
        while position < end:
            match = regexps[context].match(text, position)
            if match is None:
                blank = self.space.match(text, position)
                position = blank.end() if blank else position
                if position >= end:
                    break
                line += text.count("\n", line_start, position)
                line_start = text.rfind("\n", 0, position) + 1
                if held is not None:
                    yield held
                raise _LexError(position, line, position - line_start + 1, last)
            kind = match.lastgroup
            assert kind is not None
            start = match.start(kind)
            if text.count("\n", position, start):
                line += text.count("\n", position, start)
                line_start = text.rfind("\n", position, start) + 1
            token = Token(kind, match.group(kind), start, line, start - line_start + 1)
            position = match.end()
            if kind in _SPANNING:
                # Tokens that may span lines: the next token's line counts on.
                inside = text.count("\n", start, position)
                if inside:
                    line += inside
                    line_start = text.rfind("\n", start, position) + 1
            context = _NEXT_CONTEXT.get(kind, context)
            if kind == "COMMENTS" and last == "TAG":
                held = token
                continue
            if held is not None:
                if kind == "TAG":
                    held = Token("TAG_COMMENTS", str(held), held.start_pos, held.line, held.column)
                yield held
                held = None
            last = kind
            yield token
            if kind == "MOVES":
                _check(token)
        if held is not None:
            yield held


def _check(token: Token) -> None:
    """Raises `_BadToken` for a token of the right shape whose content is
    wrong: a turn number of too many digits, a tile that is no tile. The
    lexer asks this once the parser has taken the token and before it reads
    the next, so that errors are reported in the order of the text (the
    parser's own error at a token, then what is wrong inside it, then what
    comes after)."""
    try:
        # The token is a str: checked as it is, not copied.
        Stretch(token, token.line or 1, token.column or 1).check()
    except BadWord as exc:
        raise _BadToken(exc.line, exc.column, exc.message) from None


#: Tokens that may hold a line break.
_SPANNING = frozenset(("MOVES", "TAG", "COMMENTS"))


@interned
def parser() -> Lark:
    """The notation's LALR parser, built once from the package's grammar."""
    return Lark.open_from_package(
        "trapper_notation",
        "trapper.lark",
        parser="lalr",
        lexer=_Lexer,
        transformer=_ToRecords(),
        maybe_placeholders=False,
    )


_WORDS = {
    "TAG": 'a tag like [Variant "base"]',
    "MOVES": "a move like 12. Ann: Gd3 or pass",
    "BRACE_COMMENT": "a comment { … }",
    "LINE_COMMENT": "a comment from ; to the end of the line",
    "LPAR": "'('",
    "RPAR": "')'",
    "END": "'*' (a game without moves)",
    "SHUFFLE": "'shuffle'",
    "CARDS": "cards like BEGP",
    "REVEAL": "a tile like d2=B2e",
    "$END": "the end of the text",
}
_TAG_WORDS = 'a tag is written [Name "value"]'
#: What may stand between a tag's parts (the grammar's ``[ \t]``).
_TAG_BLANKS = " \t"


def _tag_fault(text: str, start: int) -> tuple[int, str]:
    """Where a tag that begins with the ``[`` at ``start`` of ``text`` first
    leaves the grammar's ``TAG``, as an offset from ``start``, and what is
    wrong there, in words (``_TAG_WORDS`` after them); no words for a
    whole tag."""
    at = start + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end

    def blanks(at: int) -> int:
        while at < end and text[at] in _TAG_BLANKS:
            at += 1
        return at

    def found(at: int) -> str:
        return "the end of the line" if at >= end else _character(text[at])

    at = blanks(at)
    if at >= end or not ("a" <= text[at].lower() <= "z"):
        return at - start, f"a tag's name begins with a letter, not {found(at)}"
    while at < end and (text[at].isascii() and (text[at].isalnum() or text[at] == "_")):
        at += 1
    if at < end and text[at] not in _TAG_BLANKS and text[at] != '"':
        return at - start, f"a tag's name is letters, digits and '_', not {found(at)}"
    name_end, at = at, blanks(at)
    if at >= end or text[at] != '"':
        return at - start, f"a tag's value is quoted after its name, not {found(at)}"
    if at == name_end:
        return at - start, "a blank stands between a tag's name and its value"
    at += 1
    while at < end and text[at] != '"':
        if text[at] == "\\":
            if at + 1 >= end or text[at + 1] not in '"\\':
                return at - start, (
                    "in a tag's value a backslash escapes only '\"' and itself "
                    "(a backslash is written '\\\\')"
                )
            at += 1
        at += 1
    if at >= end:
        return at - start, "a tag's value is closed with '\"' on its line"
    at = blanks(at + 1)
    if at >= end or text[at] != "]":
        return at - start, f"a tag is closed with ']' after its value, not {found(at)}"
    return 0, ""  # a whole tag: its place is what is wrong


def _tag_error(text: str, start: int, column: int) -> tuple[int, str]:
    """The column and the message of a broken tag at ``start`` of ``text``,
    whose ``[`` stands at ``column``."""
    offset, what = _tag_fault(text, start)
    return column + offset, f"{what}: {_TAG_WORDS}" if what else _TAG_WORDS


_BEGIN_WORDS = 'a game begins with tags like [Variant "base"] before its moves'
_NOTE_WORDS = "a note ( … ) holds 'shuffle' and the new draw pile, or tiles like d2=B2e"
_CLOSE_WORDS = "a note ( … ) is closed with ')'"
_MORE_WORDS = "a note ( … ) holds more tiles like d2=B2e, or is closed with ')'"
_PILE_WORDS = "'shuffle' is followed by the new draw pile's colours, like BEGP"
_REVEAL = re.compile(r"[a-h][1-8]=")
_END_WORDS = "'*' ends the game's moves: only comments may follow it, then the next game's tags"


#: Tokens that stand for more than one thing an error message names.
_SEVERAL = {
    "COMMENTS": ("BRACE_COMMENT", "LINE_COMMENT"),
    "TAG_COMMENTS": ("BRACE_COMMENT", "LINE_COMMENT"),
}


def _expected(names: Iterable[str]) -> str:
    words = sorted({_WORDS.get(n, n) for name in names for n in _SEVERAL.get(name, (name,))})
    if not words:
        return "nothing more"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _caret(text: str, line: int, column: int) -> str:
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return "\n^"
    stop = text.find("\n", start)
    shown = text[start : stop if stop >= 0 else len(text)]
    if len(shown) > 120:  # a huge line: show the neighbourhood only
        begin = max(0, column - 60)
        shown, column = shown[begin : begin + 120], column - begin
    return shown + "\n" + " " * max(column - 1, 0) + "^"


def _line_and_column(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def _previous_word(text: str, position: int) -> str:
    """The word before ``position`` (white space skipped)."""
    end = position
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "()":
        start -= 1
    return text[start:end] or text[end - 1 : end]


def _in_note(text: str, position: int) -> str:
    """What an error inside a note found, and which words fit there, from
    what stands before it."""
    before = _previous_word(text, position)
    if before == "(":
        words = _NOTE_WORDS
    elif before == "shuffle":
        words = _PILE_WORDS
    elif _REVEAL.match(before):
        words = _MORE_WORDS
    else:
        words = _CLOSE_WORDS
    if position >= len(text.rstrip()):
        return f"the game's text ends inside a note: {words}"
    return f"unexpected {_found_word(text, position)}: {words}"


def _found_word(text: str, position: int) -> str:
    """What stands at ``position`` in a note, for its error: the word, up to
    white space or a parenthesis, or the character that cannot begin one."""
    found = _NOTE_WORD.match(text, position)
    word = found.group() if found is not None else ""
    return repr(word[:40]) if len(word) > 1 else _character(text[position])


_NOTE_WORD = re.compile(r"[^\s()]*")


def _lex_error(text: str, exc: _LexError, line_offset: int) -> NotationSyntaxError:
    found = text[exc.position]
    column = exc.column
    if exc.after in _CONTEXTS["note"] or exc.after == "LPAR":
        label = _in_note(text, exc.position)
    elif found == "[":
        column, label = _tag_error(text, exc.position, exc.column)
    elif found == "{" and "}" not in text[exc.position :]:
        label = "a comment opened with '{' is never closed with '}'"
    else:
        allowed = _TOP_WORDS
        label = f"unexpected {_character(found)}: expected {_expected(allowed)}"
    return NotationSyntaxError(
        label,
        line=exc.line + line_offset,
        column=column,
        context=_caret(text, exc.line, column),
    )


def _character(found: str) -> str:
    """A character the lexer cannot read, named: white space other than a
    blank or a line end (a no-break space, a vertical tab) by its code point
    and name, as its repr may not show what it is."""
    if found in "\n\r":
        return "the end of the line"
    if found.isspace() or not found.isprintable():
        name = unicodedata.name(found, "")
        return f"{found!r} (U+{ord(found):04X}{' ' + name if name else ''})"
    return repr(found)


def _parse_error(text: str, exc: UnexpectedInput, line_offset: int) -> NotationSyntaxError:
    token = exc.token if isinstance(exc, UnexpectedToken) else None
    kind = token.type if token is not None else "$END"
    if kind == "$END" or token is None:
        position = len(text.rstrip())
        line, column = _line_and_column(text, position)
    else:
        position = token.start_pos or 0
        line, column = token.line or 1, token.column or 1
    expected = set(getattr(exc, "expected", ()) or ())
    if "TAG" in expected and kind != "$END" and _after_end(text, position):
        label = _END_WORDS
    elif "TAG" in expected and not expected & {"MOVES", "LPAR"} and kind in ("MOVES", "LPAR"):
        label = _BEGIN_WORDS
    elif expected & set(_CONTEXTS["note"]):
        label = _in_note(text, position)
    elif kind == "$END":
        label = f"the text ends too soon: expected {_expected(expected)}"
    else:
        label = f"unexpected {str(token)[:40]!r}: expected {_expected(expected)}"
    return NotationSyntaxError(
        label, line=line + line_offset, column=column, context=_caret(text, line, column)
    )


def _after_end(text: str, position: int) -> bool:
    """Whether the last token before ``position`` (comments aside) is a
    game's ``*``. (Asked of an error only: the text before it is read again.)"""
    last = None
    try:
        for token in parser().lex(text[:position]):
            if token.type not in ("COMMENTS", "TAG_COMMENTS"):
                last = token.type
    except Exception:  # the text before an error reads well; if not, no guess
        return False
    return last == "END"


def _parse(text: str, line_offset: int = 0) -> list[Record]:
    """The records of ``text`` (one game's text, or several), lines counted
    from ``line_offset`` + 1."""
    try:
        records: list[Record] = parser().parse(text)  # type: ignore[assignment]
    except _LexError as exc:
        raise _lex_error(text, exc, line_offset) from None
    except UnexpectedInput as exc:
        raise _parse_error(text, exc, line_offset) from None
    except _BadToken as exc:
        raise NotationSyntaxError(
            exc.message,
            line=exc.line + line_offset,
            column=exc.column,
            context=_caret(text, exc.line, exc.column),
        ) from None
    if line_offset:
        records = [_placed(r, lines=line_offset) for r in records]
    return records


# ----------------------------------------------------------------------
# Lines and games
# ----------------------------------------------------------------------

#: A line of tags: tags, ``{ }`` comments among and after them, the last
#: perhaps a ``;`` comment or a ``{`` comment that runs on to the next lines.
#: (Without the comments among the tags in this pattern, a comment between
#: two tags of a line would make it a broken tag line, and a tag line after
#: a comment line would then begin another game.) Its repetitions are possessive:
#: nothing after one could match what it gives back, and without them the
#: regular expression engine would keep a trail of every tag and comment of
#: a long line to give back, 90 times the line in memory.
_TAG_LINE = re.compile(
    r'[ \t]*+(?:\[[ \t]*+[A-Za-z][A-Za-z0-9_]*+[ \t]++"(?:[^"\\\n]|\\["\\])*+"[ \t]*+\][ \t]*+'
    r"(?:\{[^}\n]*+\}[ \t]*+)*+)++(?:;.*|\{[^}\n]*)?\n?"
)
#: White space and comments closed on the line: what stands before a
#: line's first token (`_classify`). (Possessive, as `_TAG_LINE`.)
_LEADING = re.compile(r"[ \t\f\v]*+(?:\{[^}\n]*+\}[ \t\f\v]*+)*+")
_OPEN_COMMENT = re.compile(r'(?:[^{;"]++|"(?:[^"\\\n]|\\["\\])*+"|"|\{[^}]*+\})*+(\{)?')
_NOT_UTF8 = re.compile("[\udc80-\udcff]")
_BLANK, _TAGS, _BAD_TAG, _TEXT = range(4)


#: How much of a line longer than max_game_size the cutter (`_Games`) is
#: given: enough to tell whether the line begins a game.
_HEAD = 100


def _too_long(line: int, limit: int, text: str = "") -> NotationSyntaxError:
    """The error for a game longer than ``limit``, told at its first line
    (``line``), or for a line longer than it; ``text`` begins with that
    line, shown in the context (its start, with undecodable bytes as
    U+FFFD) unless it is blank."""
    first = _NOT_UTF8.sub("\ufffd", text[: text.find("\n") if "\n" in text else len(text)])
    return NotationSyntaxError(
        f"a game is longer than {limit:,} characters (max_game_size)",
        line=line,
        column=1,
        context=_caret(first.rstrip("\r"), 1, 1) if first.strip() else "",
    )


def _shown(
    error: NotationSyntaxError | None, opening: _Opening | None, limit: int
) -> NotationSyntaxError | None:
    """A game's error, a game too long told at its first line with that line
    in its context when it is the game's opening line, however the game's
    lines came (one at a time or many, kept or dropped)."""
    if (
        error is not None
        and not error.context
        and error.expected.startswith("a game is longer than")
        and opening is not None
        and opening[1] == error.line
    ):
        return _too_long(error.line, limit, opening[2])
    return error


def _text_of(line: str | _BadLine) -> str:
    return line if isinstance(line, str) else line.text


def _long_line(text: str, limit: int) -> int:
    """The offset in ``text`` of the first line longer than ``limit``
    characters (its line break not counted), or -1. Linear: each window of
    ``limit + 1`` characters either holds a line break, and every line up to
    its last one is short enough, or is the start of a line too long."""
    end = len(text)
    start = 0
    while end - start > limit:
        last = text.rfind("\n", start, start + limit + 1)
        if last < 0:
            return start
        start = last + 1
    return -1


def _lines_of_text(text: str, limit: int) -> Iterator[str | _BadLine]:
    """The text as one block of lines (line endings made ``\n``); a text with
    lone surrogates (no Unicode text) line by line, each such line a
    `_BadLine` (`_unicode`). A line longer than ``limit`` ends the lines as
    in a stream (`_each_line_of_stream`): the lines before it, its start,
    then the error."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _lines_of_plain_text(_unmarked(text, True), limit)


#: A byte order mark, U+FEFF. One at the start of a line is no character of
#: that line: files saved with one and joined (``cat a.trn b.trn``) read as
#: the files do, each game at the lines and columns it has in its file. Every
#: reader takes it off as it reads the line, before the line is measured
#: against the cap or cut into games; a second one, or one elsewhere in a
#: line, is a character of the text.
_MARK = "\ufeff"


def _unmarked(text: str, begins: bool) -> str:
    """``text``, lines whose ends are ``\n``, with the byte order mark at
    the start of each line taken off; at its start too if ``begins`` (it
    begins a line). Linear, and nearly free where there is none: ``in``
    answers at once in a text of no character past U+00FF."""
    if _MARK not in text:
        return text
    if begins and text.startswith(_MARK):
        text = text[1:]
    return text.replace("\n" + _MARK, "\n")


def _lines_of_plain_text(text: str, limit: int) -> Iterator[str | _BadLine]:
    """`_lines_of_text` of a text whose lines' byte order marks are taken
    off and whose line ends are ``\n`` (a mark left is a character of the
    text, not taken off again here: the lines before a line too long, read
    again by this function, would lose it)."""
    long = _long_line(text, limit) if len(text) > limit else -1
    if long >= 0:
        yield from _lines_of_plain_text(text[:long], limit)
        number = text.count("\n", 0, long) + 1
        yield _unicode(text[long : long + min(_HEAD, limit + 1)], number)
        raise _too_long(number, limit, text[long : long + _HEAD])
    if _SURROGATE.search(text) is None:
        if text:
            yield text
        return
    start = number = 0
    while start < len(text):
        stop = text.find("\n", start) + 1 or len(text)
        number += 1
        yield _unicode(text[start:stop], number)
        start = stop


def _unicode(line: str, number: int) -> str | _BadLine:
    """``line``, or a `_BadLine` if it holds a lone surrogate: what the same
    characters read from bytes (``surrogatepass``) would give, so that a str
    and its bytes read alike."""
    if _SURROGATE.search(line) is None:
        return line
    raw = line.encode("utf-8", "surrogatepass").decode("utf-8", "surrogateescape")
    return _checked(raw, number)


def _lines_of_stream(
    stream: IO[str], limit: int, *, ahead: bool = True
) -> Iterator[str | _BadLine]:
    """The lines of a text stream, read one at a time, in runs (`_runs`)."""
    return _runs(_each_line_of_stream(stream, limit, ahead=ahead), ahead=ahead)


def _plain(line: str, ahead: bool, follow: _Follow) -> bool:
    """Whether a line read is whole and has no ``\r`` to split it, and,
    unless the reader may read ahead, no ``[`` or begins no game whatever
    comes after it (`_Follow.joins`, which takes it as read): such lines
    are read in a loop of their own."""
    return (
        line[-1:] == "\n" and "\r" not in line and (ahead or "[" not in line or follow.joins(line))
    )


def _each_line_of_stream(
    stream: IO[str], limit: int, *, ahead: bool = True
) -> Iterator[str | _BadLine]:
    number = 0
    # The start of a line whose end is not read yet: ``readline`` ends a
    # line at "\n" only, so a lone "\r" (a line end too) may leave the line
    # after it cut at the size asked for. It is carried to the next read,
    # and a line is too long by its own length, as in a str.
    carry = ""
    # Whether the line whose start is read next has had its byte order mark
    # taken off already: a mark read alone, after a "\r" or at the end of a
    # read, leaves nothing to carry (a second mark is a character).
    marked = False
    pending: str | None = None  # a line read by the loop of whole lines, not taken by it
    # What the lines read so far tell of the next: without ``ahead``, a line
    # with a "[" that begins no game is read with the lines around it (read
    # alone, a file of tags one a line would cost `read_game` a turn of this
    # loop a line, 3.8 times real records; broken tag lines between lines of
    # text 5.3).
    follow = _Follow(False)
    # A text file on disk, or a ``StringIO``, is read a block at a time in
    # runs of whole lines (`_text_block`): a readline and a turn of the loop
    # below a line would cost floods of short lines twice what real records
    # cost.
    on_disk = _on_disk(stream)
    blocks = limit >= _BATCH and (on_disk or isinstance(stream, io.StringIO))
    # (Without ``ahead``, a block of a text file is read again: see `_TEXT_FIRST`.)
    first = _TEXT_FIRST if on_disk and not ahead else _PLAIN_FIRST
    first_block = _FIRST_TEXT_BLOCK if on_disk else _FIRST_BLOCK
    block = first_block
    while True:
        asked = limit + 1 - len(carry)
        if pending is not None:
            read, pending = pending, None
        else:
            try:
                read = stream.readline(asked)
            except UnicodeDecodeError as exc:
                raise _not_text(exc, number) from None
            if type(read) is not str:
                read = _as_read(read, str)
        if _MARK in read and read[0] == _MARK and not carry and not marked:
            # A read from the start of a line: its byte order mark is no
            # character of the line, nor of the size read. (``in`` first: it
            # answers at once in a line of no character past U+00FF.)
            read = read[1:]
            asked -= 1
        marked = False
        if not carry and _plain(read, ahead, follow):
            # Whole lines with no "\r", read in a loop of their own and
            # passed on as one piece (up to `_BATCH` characters of them): a
            # line costs a readline, not a turn of this loop (with a turn a
            # line, floods of short lines would cost 3 to 10 times what the
            # same bytes of moves cost).
            # Without ``ahead``, a line with a "[" may begin the next game: it
            # ends the piece, and nothing after it is read yet.
            lines = [read]  # whole lines; or runs of them (`_text_block`)
            size = len(read)
            more = 0  # the lines in ``lines`` past one an item (runs')
            streak = 1  # lines read one by one in a row (``first`` before a block)
            if not ahead and "[" not in read:  # (else `_plain` took it)
                follow.saw(read)
            while size < _BATCH:
                if blocks and streak >= first:
                    # Without ``ahead``, the lines `_Follow` takes one by one.
                    pattern = None if ahead else follow.run()
                    got = _text_block(stream, block, limit, pattern)
                    if got is None:
                        blocks = False  # one line at a time from then on
                        continue
                    run, after, ends = got
                    if run:
                        lines.append(run)
                        size += len(run)
                        more += run.count("\n") - 1
                        if pattern is not None:
                            follow.took(run, "\n", pattern)
                    block = first_block if ends else min(2 * block, _BATCH)
                    if ends or not run:
                        streak = 0  # the line after the run: read one by one
                    if after is None:
                        continue
                    read = after
                else:
                    streak += 1
                    try:
                        # (The size of a whole line, not ``asked``: that of a
                        # line is one less when a byte order mark came before it.)
                        read = stream.readline(limit + 1)
                    except UnicodeDecodeError as exc:
                        raise _not_text(exc, number + len(lines) + more) from None
                    if type(read) is not str:
                        read = _as_read(read, str)
                if read[-1:] != "\n" or "\r" in read:
                    pending = read
                    break
                lines.append(read)
                size += len(read)
                if ahead:
                    continue
                if "[" not in read:
                    if follow.tags is None:
                        # `_Follow.saw` written out: a call a line would cost
                        # floods of blank lines a fifth of their time here.
                        follow.prev = read
                    else:
                        follow.saw(read)
                elif not follow.joins(read):
                    follow.saw(read)
                    break  # a line that may begin a game: the last of the piece
            # (The first line's mark is off already; the others' come off here.)
            whole = "".join(lines)
            if _MARK in whole:
                whole = _unmarked(whole, False)
            if _SURROGATE.search(whole) is None:
                number += len(lines) + more
                yield whole
            else:
                for index, line in enumerate(_EACH_LINE.findall("".join(lines))):
                    number += 1
                    yield _unicode(_unmarked(line, index > 0), number)
            continue
        if not read and not carry:
            return
        line, carry = carry + read, ""
        if "\r" not in line:
            pieces = [line]
            if ahead:
                pass  # (`follow` is asked nothing)
            elif line[-1:] != "\n":
                follow.lost()
            else:
                follow.saw(line)
        else:
            pieces = [piece for piece, _at in _split_at(line, _LINE_ENDS)]
            follow.lost()
            if _MARK in line:  # each piece after the first begins a line
                pieces[1:] = [piece.removeprefix(_MARK) for piece in pieces[1:]]
        last = pieces[-1]
        cut = len(read) >= asked and not line.endswith("\n")  # the read stopped at its size
        cr_last = cut and last.endswith("\r")  # a "\r\n" may be cut between the two
        if cut and not cr_last and len(last) <= limit:
            carry = pieces.pop()  # its end comes with the next read
            marked = not carry  # (only a mark taken off leaves a piece empty)
        too_long = cut and not cr_last and not carry and len(last) > limit
        if too_long:
            # A line too long: its start comes as a line of its own (no line
            # break), from which the reader tells whether it begins the next
            # game (the game before it is then whole); then reading ends.
            pieces[-1] = last[:_HEAD]
        for piece in pieces:
            if not piece:  # a byte order mark alone at the end of the text: no line
                continue
            number += 1
            if "\r" in piece:
                piece = piece.replace("\r\n", "\n").replace("\r", "\n")
            yield _unicode(piece, number)
        if too_long:
            raise _too_long(number, limit, pieces[-1])
        if not read:
            return
        if cr_last:
            # The line ended at its "\r"; a "\n" right after it is part of
            # that line end, anything else begins the next line.
            try:
                carry = stream.readline(1)
            except UnicodeDecodeError as exc:
                raise _not_text(exc, number) from None
            if type(carry) is not str:
                carry = _as_read(carry, str)
            if carry == "\n":
                carry = ""
            elif carry == _MARK:  # the next line's byte order mark
                carry, marked = "", True


def _text_block(
    stream: IO[str], size: int, limit: int, pattern: re.Pattern[str] | None
) -> tuple[str, str | None, bool] | None:
    """Whole lines read from a text file or a ``StringIO`` in one read of
    ``size`` characters: the lines ``pattern`` finds first, the stream then
    where they end, or, without one, every whole line, and the line after
    them as ``readline(limit + 1)`` reads it ("" at the end of the text).
    And whether the run ends in the block (a whole line after it is there).
    None, the stream where it was, when bytes in them do not decode (told at
    their line, one by one) or a line ends in a ``\r`` (the readers split
    such lines one by one)."""
    at = stream.tell()
    try:
        read = stream.read(size)
        if pattern is not None:
            end, ends = _run_end(pattern, read)
            if end < len(read):
                # (A text file's positions are opaque: the run is read again.)
                stream.seek(at)
                read = stream.read(end)
            return read, None, ends
        cut = read.rfind("\n") + 1
        if "\r" not in read:
            after = read[cut:]
            after += stream.readline(limit + 1 - len(after))
            if "\r" not in after:
                return read[:cut], after, False
    except UnicodeDecodeError:
        pass
    stream.seek(at)
    return None


def _run_end(pattern: re.Pattern[AnyStr], ahead: AnyStr) -> tuple[int, bool]:
    """Where the run of whole lines ``pattern`` finds at the start of
    ``ahead`` ends, and whether a whole line after it is there. The run
    stops before a line with a ``\r`` (which the readers split into lines,
    one by one), which a pattern may take in a comment or a tag's value."""
    end: int = pattern.match(ahead).end()  # type: ignore[union-attr]
    newline, cr = ("\n", "\r") if isinstance(ahead, str) else (b"\n", b"\r")
    split = ahead.find(cr, 0, end)
    if split >= 0:
        return ahead.rfind(newline, 0, split) + 1, True
    return end, ahead.find(newline, end) >= 0


def _on_disk(stream: IO[Any]) -> bool:
    """Whether ``stream`` is a text file over a file on disk: going back
    (``seek``) costs about a microsecond, where over a compressed stream it
    decompresses again from its start."""
    buffer = getattr(stream, "buffer", None)
    return isinstance(buffer, io.BufferedReader | io.BufferedRandom) and isinstance(
        getattr(buffer, "raw", None), io.FileIO
    )


def _runs(lines: Iterator[str | _BadLine], *, ahead: bool = True) -> Iterator[str | _BadLine]:
    """``lines``, plain lines, lines of tags and broken tag lines one after
    another (see `_Games`) joined into one block, every other line alone:
    the cutter takes a run of such lines in one step. An error of ``lines``
    comes after the lines before it.

    Without ``ahead``, only plain lines with no ``[`` are joined: a line
    that may begin a game comes alone, as soon as it is read, so that the
    reader reads no further than the first line of the next game
    (`read_game`: a pipe is not waited on for lines past it), and the text
    kept of a game longer than the limit is the same whole lines (`scan`).
    (A piece of several lines, those `_Follow` finds begin no game, comes
    alone too: it has a ``[``.)"""
    run: list[str] = []  # lines read and not yet passed on
    size = 0
    plain = _PLAIN_RUN.fullmatch
    tags = _TAG_RUN.fullmatch if ahead else _NEVER.fullmatch
    broken = _BROKEN_RUN.fullmatch if ahead else _NEVER.fullmatch
    try:
        for line in lines:
            if isinstance(line, _BadLine):  # alone, as it came
                if run:
                    yield "".join(run)
                    run, size = [], 0
                yield line
                continue
            # Lines of moves (a letter or digit first, no "{", '"' or "[") are
            # plain without asking the regular expression. Without ``ahead``,
            # a line with a "[" comes alone: one that looks plain, the "["
            # after a ";" (``;}[A "b"]``), closes a comment open before it
            # and may begin a game, and joined it was read past.
            if (
                line[:1].isalnum()
                and line.isascii()
                and "{" not in line
                and '"' not in line
                and "[" not in line
                and line.endswith("\n")
            ) or (
                (ahead or "[" not in line)
                and (plain(line) or tags(line) or broken(line)) is not None
            ):
                run.append(line)
                size += len(line)
                if size >= _BATCH:
                    yield "".join(run)
                    run, size = [], 0
                continue
            if run:
                yield "".join(run)
                run, size = [], 0
            yield line
    except NotationSyntaxError:
        if run:
            yield "".join(run)
        raise
    if run:
        yield "".join(run)


def _not_text(exc: UnicodeDecodeError, number: int) -> NotationError:
    """The error of a text stream whose bytes do not decode (where, in its
    lines, its decoder does not tell: after line ``number``). Its decoder
    read ahead of the lines given, so what it read went with the error, as
    with an error of the stream's own: marked ``lost``, `read_game` cannot
    read on after it."""
    error = _not_text_error(exc, number)
    error.lost = True  # type: ignore[attr-defined]
    return error


def _not_text_error(exc: UnicodeDecodeError, number: int) -> NotationError:
    byte = exc.object[exc.start : exc.start + 1].hex()
    where = f"past line {number:,}" if number else "near its start"
    if not number and bytes(exc.object[:2]) == b"\x1f\x8b":
        return NotationError(
            f"the stream is not {exc.encoding} text (a byte 0x{byte}, {where}): it begins as "
            "a gzip file does; decompress it first (gzip.open(path, 'rt', encoding='utf-8'))"
        )
    return NotationError(
        f"the stream is not {exc.encoding} text (a byte 0x{byte}, {where}): "
        "open the file in binary mode ('rb') to be told its line and column, and to read on"
    )


def _as_read(read: Any, kind: type) -> Any:
    """What a stream's ``read`` or ``readline`` gave, checked to be ``kind``
    (str, or bytes: a bytearray is read as bytes). Every read is checked
    (``if type(read) is not kind``, a test that costs next to nothing), not
    the first alone: a stream whose later reads give another type raised a
    TypeError deep in the reader."""
    if isinstance(read, kind):
        return read
    if kind is bytes and isinstance(read, bytearray):
        return bytes(read)
    raise NotationError(
        f"the stream's read gave {type(read).__name__}, not {kind.__name__}: "
        "give an open text or binary file"
    )


#: Matches nothing: the runs of lines `_runs` does not join.
_NEVER = re.compile("(?!)")


def _lines_of_bytes(stream: IO[bytes], limit: int) -> Iterator[str | _BadLine]:
    """Blocks of whole lines (a line that is not UTF-8 alone, as a `_BadLine`)."""
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    parts: list[str] = []  # the line begun so far, in pieces (no quadratic joins)
    size = 0
    begins = True  # whether the next text decoded begins a line (its mark not yet off)
    number = 0
    held_cr = False  # a "\r" at the end of a block: "\r\n" may be split between blocks
    # ``read1`` where the stream has it: what has come so far, up to a block,
    # so that a game read from a pipe is read as soon as the next one begins
    # (``read`` waits for a whole block, or the end of the stream). Looked
    # up for each block, not kept: a bound method holds the stream, which
    # ``read_game``'s state may read through a weak proxy (`_held`).
    read = "read1" if _can(stream, "read1") else "read"
    while True:
        block = getattr(stream, read)(1 << 16)
        if type(block) is not bytes:
            block = _as_read(block, bytes)
        text = decoder.decode(block, final=not block)
        if held_cr:
            text = "\r" + text
        held_cr = bool(block) and text.endswith("\r")
        if held_cr:
            text = text[:-1]
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text:
            # The byte order marks at the lines' starts off (`_MARK`); the
            # next block begins a line if this one ends one (a held "\r"
            # comes back as the next block's first line end), asked before
            # the marks come off: a block that ends with a line's mark ends
            # no line, and a second mark at the next block's start stays.
            ends_line = text.endswith("\n")
            text = _unmarked(text, begins)
            begins = ends_line
        last = text.rfind("\n")
        if last < 0:
            parts.append(text)
            size += len(text)
        else:
            parts.append(text[: last + 1])
            whole = "".join(parts)
            # A line too long within the block (one read across blocks is
            # found below): the lines before it, then as below.
            long = _long_line(whole, limit) if len(whole) > limit else -1
            if long >= 0:
                parts, whole = [whole[long:]], whole[:long]
            if _NOT_UTF8.search(whole) is None:  # the usual case: the lines as one block
                number += whole.count("\n")
                if whole:
                    yield whole
            else:
                start = 0
                while (stop := whole.find("\n", start) + 1) > 0:
                    number += 1
                    yield _checked(whole[start:stop], number)
                    start = stop
            if long < 0:
                parts = [text[last + 1 :]]
            size = len(parts[0])
        if size > limit:
            # A line too long: its start first, as in `_each_line_of_stream`
            # (no more than it reads of the line: no line break).
            most = min(_HEAD, limit + 1)
            head = ""
            for part in parts:
                head += part[: most - len(head)]
                if len(head) == most:
                    break
            yield _checked(head, number + 1)
            raise _too_long(number + 1, limit, head)
        if not block:
            rest = "".join(parts)
            if rest:
                yield _checked(rest, number + 1)
            return


@attrs.frozen
class _BadLine:
    """A line that is not UTF-8: its text as far as it goes, and the error."""

    text: str
    error: NotationSyntaxError


#: The first bytes of a gzip file (RFC 1952) as a line read with
#: ``surrogateescape`` begins: a compressed record told as such.
_GZIP = "\x1f\udc8b"


def _checked(line: str, number: int) -> str | _BadLine:
    bad = _NOT_UTF8.search(line)
    if bad is None:
        return line
    byte = ord(bad.group()) - 0xDC00
    hint = ""
    if number == 1 and line.startswith(_GZIP):
        hint = (
            ": it begins as a gzip file does; decompress it first "
            "(gzip.open(path), or zcat FILE | trapper replay -)"
        )
    text = _NOT_UTF8.sub("\ufffd", line)
    column = bad.start() + 1
    # The line as far as the byte (shown as U+FFFD) and a caret under it: as
    # far as every reader has read it, whatever its blocks (a line longer
    # than the cap on a game's size is read in part, and in parts that
    # differ between a text stream and a binary one).
    error = NotationSyntaxError(
        f"the text is not UTF-8 (a byte {byte:#04x}){hint}",
        line=number,
        column=column,
        context=_caret(text[:column], 1, column),
    )
    return _BadLine(text, error)


_Opening = tuple[int, int, str, int]

#: How much of an opening line of tags a chunk keeps past its first token.
_KEPT = 240


def _kept_of(line: str, kind: int, head: int) -> str:
    """What an opening keeps of its line: a line of tags only to ``_KEPT``
    characters past its first token, which is more than any message shows
    (the first 120 characters) and, as it is never broken, all that is asked
    of it. A chunk keeps its opening until it is read: kept whole, a line
    of one tag of 400,000 characters would be one copy more at the peak of
    its read (5.0 times the text, where it is 4.0)."""
    if kind != _TAGS or len(line) <= head + _KEPT:
        return line
    return line[: head + _KEPT]


@attrs.define
class _Chunk:
    """The text of one game (or of a stretch that parses as several)."""

    text: str
    first_line: int  # of its first line, from 1
    error: NotationSyntaxError | None = None
    opening: _Opening | None = None
    """Its first line that is not blank or a comment: kind, number, text
    (a long line of tags in part: `_kept_of`), and where in the text its
    first token stands (`_classify`)."""
    lead: str = ""
    """What stands before its first tag on its first line (comments, white
    space), which the chunk before it holds: its own text has as many blanks
    there, so that the tags keep their columns when it is parsed alone, and
    `_Numbering._together` leaves them out after that chunk."""


class _Games:
    """Cuts lines into the texts of games, one game at a time.

    A line of tags begins the next game when the line before it (blank lines
    and comments aside) is move text; a line that begins with ``[`` but is
    no tag line, or follows a broken one, begins the next game when a blank
    line separates it from the move text or broken line before it. Lines
    inside a ``{ }`` comment never begin a game.

    The lines come in blocks of one or more. A run of plain lines
    (`_PLAIN_RUN`) can begin no game and opens no comment, nor can lines of
    tags and blank lines after a line of tags (`_TAG_RUN`), nor move text and
    broken tag lines with no blank line among or before them
    (`_BROKEN_RUN`), and lines inside
    an open ``{ }`` comment are blank: each is taken in one step, its
    facts found by regular expressions, so that a flood of short lines costs
    about what the same bytes of moves cost. Other lines are read one by one.
    """

    def __init__(
        self,
        lines: Iterator[str | _BadLine],
        limit: int,
        *,
        keep_broken: bool = False,
        read: int = 0,
    ) -> None:
        self.lines = _lines_after(lines, read) if read else lines
        self.limit = limit
        # Whether to keep the text of a game that cannot begin as it does (a
        # broken first tag, moves before any tag): the reader only reports
        # it, from its first line, so its text is dropped as it is read
        # (a flood of broken lines then needs no memory); `scan` keeps it.
        self.keep_broken = keep_broken
        self.number = read  # lines read (``read``: before the first of ``lines``)
        self.block = ""  # the block of lines being read, and where in it
        self.at = 0
        # The first line of the next game, read already: the line, its error
        # (not UTF-8), its kind, whether a { comment is open at its end and
        # where its first token stands (`_classify`).
        self.pending: tuple[str, NotationSyntaxError | None, int, bool, int] | None = None
        # The error that ended the lines (a line too long), once the game it
        # ended is cut: `scan` raises it after that game's tags.
        self.stopped: NotationSyntaxError | None = None
        # What stood before the tags on the pending line (`_Chunk.lead`).
        self.lead = ""

    def __iter__(self) -> Iterator[_Chunk]:
        return self

    def __next__(self) -> _Chunk:
        parts: list[str] = []
        size = 0
        previous = _BLANK  # the last line that was not blank
        blank_since = False
        in_comment = False
        first_line = self.number + (0 if self.pending is not None else 1)
        lead, self.lead = self.lead, ""
        error: NotationSyntaxError | None = None
        opening: _Opening | None = None
        lines, limit = self.lines, self.limit
        plain_run = _PLAIN_RUN.match
        tag_run = _TAG_RUN.match
        broken_run = _BROKEN_RUN.match
        drop = False  # the game cannot begin as it does: its text is not kept
        while True:
            if self.pending is not None:
                line, bad, kind, in_comment, head = self.pending
                self.pending = None
            else:
                block, at = self.block, self.at
                if at >= len(block):
                    try:
                        read = next(lines)
                    except StopIteration:
                        break
                    except NotationSyntaxError as exc:  # too long a line: reading ends
                        if not parts:
                            self.number = exc.line
                            raise
                        error = error or exc
                        self.stopped = exc
                        break
                    if isinstance(read, str) and read:
                        self.block, self.at = read, 0
                        continue  # the new block, from its start
                    # A line that is not UTF-8 (or an empty one) comes alone.
                    self.block, self.at = "", 0
                    line, bad = (read, None) if isinstance(read, str) else (read.text, read.error)
                elif in_comment and (stop := block.rfind("\n", at, _close_of(block, at)) + 1) > at:
                    # Lines inside an open { } comment, before the one that
                    # closes it: blank lines, taken in one step.
                    self.number += block.count("\n", at, stop)
                    self.at = stop
                    blank_since = True
                    size, error = _take(
                        parts, block, at, stop, size, error, drop, limit, first_line
                    )
                    continue
                elif (
                    not in_comment
                    and not block.startswith("[", at)
                    and (run := plain_run(block, at)) is not None
                ):
                    stop = run.end()
                    count = block.count("\n", at, stop)
                    # Blank lines after the run's last line of move text, if
                    # any; its first line of move text, when the game's
                    # opening or whether it has one is still to be found.
                    last = block.rfind("\n", at, stop - 1) + 1 or at  # its last line
                    blank_since = _BLANK_LINE.fullmatch(block, last, stop) is not None
                    first = None
                    if opening is None or blank_since:
                        # (Blank lines of white space skipped in one step first.)
                        blank = _BLANK_RUN.match(block, at, stop)
                        found = _TEXT_LINE.search(block, blank.end() if blank else at, stop)
                        first = None if found is None else found.start()
                    if first is not None or not blank_since:
                        previous = _TEXT
                        if opening is None:
                            assert first is not None
                            line = block[first : block.find("\n", first) + 1]
                            opening = (
                                _TEXT,
                                self.number + 1 + block.count("\n", at, first),
                                line,
                                _classify(line, False)[2],
                            )
                            drop = self._drops(opening)
                    self.number += count
                    self.at = stop
                    size, error = _take(
                        parts, block, at, stop, size, error, drop, limit, first_line
                    )
                    continue
                elif not in_comment and not blank_since and (run := broken_run(block, at)):
                    # Move text and broken tag lines, no blank line among
                    # them or before them: none begins a game (a broken tag
                    # line does after a blank line only) or opens a comment.
                    stop = run.end()
                    last = block.rfind("\n", at, stop - 1) + 1 or at  # its last line
                    if opening is None:
                        line = block[at : block.find("\n", at) + 1]
                        kind = _TEXT if line[0].isalnum() else _BAD_TAG
                        opening = (kind, self.number + 1, line, _classify(line, False)[2])
                        drop = self._drops(opening)
                    previous = _TEXT if block[last].isalnum() else _BAD_TAG
                    self.number += block.count("\n", at, stop)
                    self.at = stop
                    size, error = _take(
                        parts, block, at, stop, size, error, drop, limit, first_line
                    )
                    continue
                elif previous == _TAGS and not in_comment and (run := tag_run(block, at)):
                    # Tag lines and blank lines after a line of tags: none
                    # begins a game (only move text or a broken tag line
                    # before it lets a line do that) or opens a comment.
                    stop = run.end()
                    self.number += block.count("\n", at, stop)
                    self.at = stop
                    last = block.rfind("\n", at, stop - 1) + 1 or at  # its last line
                    blank_since = _BLANK_LINE.fullmatch(block, last, stop) is not None
                    size, error = _take(
                        parts, block, at, stop, size, error, drop, limit, first_line
                    )
                    continue
                else:
                    stop = block.find("\n", at) + 1 or len(block)
                    line, bad = block[at:stop], None
                    self.at = stop
                self.number += 1
                was_in_comment = in_comment
                kind, in_comment, head = _classify(line, in_comment)
                # Of a line that closes a comment, only tags after it begin a game.
                if (kind == _TAGS or not was_in_comment) and _begins_game(
                    parts, kind, blank_since, previous
                ):
                    if head:
                        # Comments before the tags on their line (or the end
                        # of one): the game's before, as the parser reads
                        # them; the tags keep their columns, the comments'
                        # place blank.
                        size, error = _take(
                            parts, line, 0, head, size, error, drop, limit, first_line
                        )
                        self.lead = line[:head]
                        line = " " * head + line[head:]
                    self.pending = (line, bad, kind, in_comment, head)
                    break
            error = error or bad
            if kind == _BLANK:
                blank_since = True
            else:
                if opening is None:
                    opening = (kind, self.number, _kept_of(line, kind, head), head)
                    drop = self._drops(opening)
                previous, blank_since = kind, False
            size, error = _take(parts, line, 0, len(line), size, error, drop, limit, first_line)
        if not parts:
            raise StopIteration
        return _Chunk("".join(parts), first_line, _shown(error, opening, limit), opening, lead)

    def _drops(self, opening: _Opening) -> bool:
        """Whether the text of a game that opens so is dropped (see ``keep_broken``)."""
        return not self.keep_broken and _broken_opening(opening)


def _lines_after(lines: Iterator[str | _BadLine], read: int) -> Iterator[str | _BadLine]:
    """``lines`` read from line ``read + 1`` of a file on (`read_game` after
    a seek, told where it stands): the errors their reader makes, which
    counts lines from 1, told at the lines of the whole file, as the cutter
    and the parser tell theirs."""
    try:
        for line in lines:
            if type(line) is _BadLine:
                line = _BadLine(line.text, _moved(line.error, read))
            yield line
    except NotationSyntaxError as exc:
        raise _moved(exc, read) from None


def _moved(error: NotationSyntaxError, lines: int) -> NotationSyntaxError:
    """``error`` told ``lines`` lines further on."""
    return NotationSyntaxError(
        error.expected, line=error.line + lines, column=error.column, context=error.context
    )


def _take(
    parts: list[str],
    block: str,
    start: int,
    stop: int,
    size: int,
    error: NotationSyntaxError | None,
    drop: bool,
    limit: int,
    first_line: int,
) -> tuple[int, NotationSyntaxError | None]:
    """Adds ``block[start:stop]``, lines of the game being cut, to its
    ``parts`` (unless the game is skipped: too long, or dropped; then the
    lines are not copied), and returns its size so far and its error. Of
    lines that take the game past ``limit``, those that fit are kept, as
    when they come one by one (`scan` indexes a game from its lines that fit)."""
    size += stop - start
    if error is None:
        if size <= limit:
            if not drop:
                parts.append(block[start:stop])
                return size, error
        else:
            if not drop:
                fit = block.rfind("\n", start, limit - size + stop) + 1
                if fit > start:
                    parts.append(block[start:fit])
            error = _too_long(first_line, limit)  # its line shown by the cutter (`_shown`)
    if not parts:
        parts.append("")  # the game is skipped to its end
    return size, error


def _close_of(block: str, at: int) -> int:
    """Where the first ``}`` from ``at`` stands, or the end of the block."""
    close = block.find("}", at)
    return len(block) if close < 0 else close


def _begins_game(parts: list[str], kind: int, blank_since: bool, previous: int) -> bool:
    """Whether a line of ``kind`` begins the next game (see `_Games`)."""
    return (
        bool(parts)
        and kind in (_TAGS, _BAD_TAG)
        and (blank_since or (kind == _TAGS and previous == _TEXT))
        and previous in (_TEXT, _BAD_TAG)
    )


#: A blank line: white space and ``{ }`` comments, perhaps a ``;`` comment.
_BLANK_BODY = r"[ \t\f\v]*+(?:\{[^}\n]*+\}[ \t\f\v]*+)*+(?:;[^\n]*+)?"
_BLANK_LINE = re.compile(_BLANK_BODY + r"\n?")
#: The first line of a run that is not blank (searched from a line's start).
_TEXT_LINE = re.compile(r"(?m)^(?!" + _BLANK_BODY + r"$)")
#: Blank lines of white space only, one or more, each ended by its line
#: break (the last one may be followed by spaces, which it does not take).
_BLANK_RUN = re.compile(r"[ \t\f\v\n]*\n")
#: Plain lines, one or more, each ended by its line break: none begins with
#: ``[`` (after white space and comments closed on the line), and before a
#: ``;`` (which comments out the rest of its line) none holds a ``"`` and
#: every ``{`` is closed on its line. Such a line is blank or move text, and
#: opens no comment.
_PLAIN_RUN = re.compile(
    # Blank lines of white space first, many in one step (a nanosecond a
    # line, where the general line below costs a tenth of a microsecond).
    r"(?:[ \t\f\v\n]*\n"
    r"|(?![ \t\f\v]*(?:\{[^}\n]*+\}[ \t\f\v]*)*+\[)"
    r'(?:[^\n{";]++|\{[^}\n]*+\})*+(?:;[^\n]*+)?\n)++'
)


def _a_tag(excluded: str = "") -> str:
    """The pattern of one tag, ``[Name "value"]``, as the grammar's TAG
    reads it, with no character of ``excluded`` in its value."""
    return r'\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]+"(?:[^"\\\n' + excluded + r']|\\["\\])*+"[ \t]*\]'


#: One tag, as the grammar's TAG reads it.
_A_TAG = _a_tag()
#: Lines of move text (a letter or a digit first) and broken tag lines (a
#: ``[`` first, after spaces and tabs, and no tag line), one or more, each
#: ended by its line break and holding no ``{``: such lines are no blank
#: lines and open no comment.
_BROKEN_RUN = re.compile(
    r"(?:[A-Za-z0-9][^\n{]*+\n"
    r"|(?![ \t]*(?:" + _A_TAG + r"[ \t]*)++(?:;[^\n]*+)?\n)[ \t]*\[[^\n{]*+\n)++"
)
#: Lines of tags and blank lines, one or more, each ended by its line
#: break. A line of tags is one `_classify` calls so: tags, then comments
#: closed on the line, perhaps a ``;`` comment; such a line and a blank one
#: open no comment. (No capturing group: CPython 3.11's possessive
#: repetition can get a group's span wrong, a SystemError.)
_TAG_RUN = re.compile(
    r"(?:[ \t]*(?:" + _A_TAG + r"[ \t]*(?:\{[^}\n]*+\}[ \t]*)*+)++(?:;[^\n]*+)?\n"
    r"|" + _BLANK_BODY + r"\n)++"
)


#: A whole line of tags alone (perhaps a ``;`` comment after them): with
#: no brace anywhere in it, not even quoted, one of the lines with a ``[``
#: that the streaming line readers pass on with the lines around it, after
#: another (`_Follow`). A line of tags that holds a brace is passed on so
#: only after one known to be read outside a comment (`_TAG_LINE_CLOSED`):
#: a ``}`` in a tag's value closes a comment that was open, and the next
#: line of tags may begin a game.
_TAGS_ALONE_PATTERN = r"[ \t]*+(?:" + _A_TAG + r"[ \t]*+)++(?:;[^\n{}]*+)?\n"
_TAGS_ALONE = re.compile(_TAGS_ALONE_PATTERN)
_TAGS_ALONE_BYTES = re.compile(_TAGS_ALONE_PATTERN.encode())
#: A whole line of tags, comments closed on it after them (perhaps a ``;``
#: comment last): read outside a comment, a line the cutter reads as a line
#: of tags (`_TAG_LINE`), and after which no comment is open. `_Follow`
#: passes such a line on after another.
_TAG_LINE_CLOSED = re.compile(
    r"[ \t]*+(?:" + _A_TAG + r"[ \t]*+(?:\{[^}\n]*+\}[ \t]*+)*+)++(?:;[^\n]*+)?\n"
)
_TAG_LINE_CLOSED_BYTES = re.compile(_TAG_LINE_CLOSED.pattern.encode())
_LEADING_BYTES = re.compile(_LEADING.pattern.encode())
_OPEN_COMMENT_BYTES = re.compile(_OPEN_COMMENT.pattern.encode())

# Runs of lines that `_Follow` takes one by one (`saw`, `joins`), found in C
# a block at a time (`_Follow.run`) by `scan` (`_Offsets._block_of_lines`) and
# `read_game` (`_text_block`): taken one by one, a file of games of one tag,
# or of broken tag lines between lines of text, would cost a turn of a
# Python loop a line (2 and 3.2 times real records in `scan`).
#: Lines of tags alone with no brace (`_TAGS_ALONE`, `_Follow.joins`) and
#: blank lines, after a line of tags alone.
_TAGS_RUN_PATTERN = r"(?:[ \t]*+\n|[ \t]*+(?:" + _a_tag("{}") + r"[ \t]*+)++(?:;[^\n{}]*+)?\n)*+"
#: The same, lines of tags with comments closed on them too, after a line
#: of tags read outside a comment (`_TAG_LINE_CLOSED`).
_KNOWN_TAGS_RUN_PATTERN = r"(?:[ \t]*+\n|" + _TAG_LINE_CLOSED.pattern + r")*+"
#: A broken tag line with no brace: its first word a ``[`` that begins no tag.
_BROKEN_LINE = r"[ \t]*+(?!" + _A_TAG + r")\[[^\n\r{}]*+\n"
#: Lines with no ``[``, a broken tag line right after one that is not blank
#: and holds no brace (one whose first word is no ``;`` or mark), or after
#: another broken one; and, the line before them such a line too, broken tag
#: lines first.
_BROKEN_RUN_PATTERN = (
    # (The mark itself, not its escape: a pattern of bytes has its UTF-8 bytes.)
    r"(?:[ \t\f\v]*+[^ \t\f\v\n\r;{}\["
    + _MARK
    + r"][^\n\r{}\[]*+\n(?:"
    + _BROKEN_LINE
    + r")*+|[^\n\r\[]*+\n)*+"
)
_BROKEN_AFTER_PATTERN = r"(?:" + _BROKEN_LINE + r")*+" + _BROKEN_RUN_PATTERN
#: Whole lines with no ``[`` and no ``\r``, one or more.
_PLAIN_LINES_PATTERN = r"(?:[^\n\r\[]*+\n)*+"


class _RunPatterns(NamedTuple):
    """The patterns of runs above, of a text or of bytes (`_Follow.run`)."""

    tags: re.Pattern[Any]
    known_tags: re.Pattern[Any]
    broken: re.Pattern[Any]
    broken_after: re.Pattern[Any]
    plain: re.Pattern[Any]


_RUN_PATTERNS = {
    binary: _RunPatterns(
        *(
            re.compile(pattern.encode() if binary else pattern)
            for pattern in (
                _TAGS_RUN_PATTERN,
                _KNOWN_TAGS_RUN_PATTERN,
                _BROKEN_RUN_PATTERN,
                _BROKEN_AFTER_PATTERN,
                _PLAIN_LINES_PATTERN,
            )
        )
    )
    for binary in (False, True)
}
_ONE_TAG_BYTES = re.compile(_ONE_TAG.pattern.encode())

#: Bytes sought in a line of a binary stream, as numbers: ``b"[" in line``
#: asks for the buffer of ``b"["`` and costs ten times ``0x5B in line``
#: (150 and 15 nanoseconds), and is asked once a line.
_OPEN, _CR, _BRACE, _CLOSING = b"[\r{}"


class _Follow:
    """What the streaming line readers know of the lines read so far, to
    tell a line with a ``[`` that begins no game, whatever comes after it
    (`joins`): they read such a line with the lines around it, in a loop
    of their own, as a line without a ``[``, and `scan` keeps no offset for
    it. Two kinds of line, neither it nor the line before it with a brace
    anywhere (with none in them the two lines are both inside a ``{ }``
    comment or both outside one, and inside one no line begins a game):

    - a line of tags alone (`_TAGS_ALONE`) after one, blank lines (spaces
      and tabs alone) between: neither the cutter (`_begins_game`) nor the
      parser begins a game at a tag after a tag;
    - a line whose first word is a ``[`` that begins no tag, right after a
      line that is not blank (a broken tag line begins a game after a blank
      line only), which the lexer cannot read (so that `scan` finds no game
      in its text by its tokens either), once a line that begins with a
      ``[`` has been read (`scan` tells the first game at the first such
      line when lines of text come before it, broken or not).

    A line with a brace is taken in one case: a line of tags, its comments
    closed on it (`_TAG_LINE_CLOSED`), after a line of tags known to be read
    outside a comment, blank lines between (`known`). Whether a comment is
    open before a line is known only through the line before it: a line
    with a ``[`` and a brace, after which none is open whether one was open
    before it or not (``[A "b"] {c}``: its ``}`` closes a comment open
    before it, and its own), makes the next line known to be read outside
    one; a line of tags then is a line of tags, and the next one after it
    begins no game (read a line at a time, a file of a tag and a comment a
    line would cost `scan` 4 to 5 times real records).

    Where a line may be read as the readers read it or not (the byte order
    mark that begins a line is no character of it, and the readers take it
    off before or after the line comes here), the answer that joins fewer
    lines is taken: a line that begins with a mark begins with no ``[`` and
    is no blank line before a broken tag line. Lines read as they come are
    not matched: a line is matched when a line with a ``[`` asks (matching
    every line would make games of one tag and one move cost a tenth more)."""

    __slots__ = (
        "_braces",
        "_bracket",
        "_lead",
        "_leading",
        "_one_tag",
        "_open",
        "_open_comment",
        "_runs",
        "_spaces",
        "_stops",
        "_tag_line",
        "_tags_alone",
        "blanks",
        "bracketed",
        "broke",
        "checked",
        "closed",
        "known",
        "prev",
        "tags",
    )

    def __init__(self, binary: bool) -> None:
        self.prev: Any = None  # the line read last, if whole with no "\r"
        self.tags: Any = None  # the last line read that is not blank, if it has a "["
        self.checked = False  # whether ``tags`` is known to be a line of tags alone
        self.bracketed = False  # whether a line that begins with a "[" was read
        # Whether no ``{ }`` comment is known to be open after ``tags``; and
        # whether ``tags`` is known to be a line of tags read outside one
        # (then none is open after it either). Blank lines after ``tags``
        # hold no brace: both hold up to the next line.
        self.closed = False
        self.known = False
        # Whether a broken tag line was passed on (`joins`) since the last
        # line with a "[" that was not one: lines after it are sought in a
        # block (`run`) with broken tag lines among them.
        self.broke = False
        self._open: Any  # a "[", sought in a line
        self._bracket: Any  # a "[", compared with a line's first character
        self._braces: Any  # "{" and "}", sought in a line
        self.blanks: Any  # what a blank line holds (spaces, tabs)
        self._spaces: Any  # what the cutter skips before a line's first word
        self._lead: Any  # what may stand before a tag on its line
        self._stops: Any  # what a blank line has first, after its spaces
        self._tags_alone: Callable[[Any], Any]
        self._one_tag: Callable[[Any, int], Any]
        self._tag_line: Callable[[Any], Any]  # (`_TAG_LINE_CLOSED`)
        self._leading: Callable[[Any, int], Any]  # (`_LEADING` and `_OPEN_COMMENT`: `_left_open`)
        self._open_comment: Callable[[Any, int], Any]
        self._runs = _RUN_PATTERNS[binary]
        if binary:
            # (Bytes sought in a line as numbers: `_OPEN`.)
            self._open, self._bracket, self._braces = _OPEN, b"[", (_BRACE, _CLOSING)
            self.blanks, self._spaces, self._lead = b" \t\n", b" \t\f\v", b" \t"
            # (The first byte of a byte order mark: any character of U+F000
            # to U+FFFF, taken for one.)
            self._stops = (b"", b"\n", b";", _BOM_BYTES[:1])
            self._tags_alone = _TAGS_ALONE_BYTES.fullmatch
            self._one_tag = _ONE_TAG_BYTES.match
            self._tag_line = _TAG_LINE_CLOSED_BYTES.fullmatch
            self._leading = _LEADING_BYTES.match
            self._open_comment = _OPEN_COMMENT_BYTES.match
        else:
            self._open, self._bracket, self._braces = "[", "[", ("{", "}")
            self.blanks, self._spaces, self._lead = " \t\n", " \t\f\v", " \t"
            self._stops = ("", "\n", ";", _MARK)
            self._tags_alone = _TAGS_ALONE.fullmatch
            self._one_tag = _ONE_TAG.match
            self._tag_line = _TAG_LINE_CLOSED.fullmatch
            self._leading = _LEADING.match
            self._open_comment = _OPEN_COMMENT.match

    def saw(self, line: Any) -> None:
        """A whole line with no ``\r`` was read (and not taken by `joins`)."""
        if self._open in line:
            # A comment open or not before the line: as after ``tags``, the
            # lines between blank.
            before = self.tags is not None and self.closed
            brace, closing = self._braces
            if brace in line or closing in line:
                self.closed = not self._left_open(line, False) and (
                    before or not self._left_open(line, True)
                )
            else:
                self.closed = before
            self.known = before and self._tag_line(line) is not None
            # (A line `joins` took, told again by `_Offsets`' main loop, is ``tags``.)
            if self.broke and line is not self.tags and not self._broken(line):
                self.broke = False
            self.tags, self.checked = line, False
            if not self.bracketed:
                self.bracketed = line.lstrip(self._spaces)[:1] == self._bracket
        elif self.tags is not None and line.strip(self.blanks):
            self.tags, self.known = None, False
        self.prev = line

    def lost(self) -> None:
        """A line was read cut short, or with a ``\r`` in it: the lines
        after it join nothing before them."""
        self.prev = self.tags = None
        self.closed = self.known = False

    def _left_open(self, line: Any, inside: bool) -> bool:
        """Whether a ``{ }`` comment is open at the end of a whole ``line``,
        read with one open before it (``inside``) or not, as the cutter
        reads it (`_classify`)."""
        start = 0
        if inside:
            start = line.find(self._braces[1]) + 1
            if not start:
                return True
        head = self._leading(line, start).end()
        return self._open_comment(line, head).group(1) is not None

    def _broken(self, line: Any) -> bool:
        """Whether ``line``'s first word is a ``[`` that begins no tag."""
        first = len(line) - len(line.lstrip(self._lead))
        return line[first : first + 1] == self._bracket and self._one_tag(line, first) is None

    def run(self) -> re.Pattern[Any]:
        """A pattern of the whole lines from here on that `saw` would take
        and `joins` would pass on, one by one (`_RUN_PATTERNS`): lines with
        no ``[``, and lines with one that begin no game."""
        tags, runs = self.tags, self._runs
        if tags is not None:
            if self.known:
                return runs.known_tags
            brace, closing = self._braces
            if self.checked or (
                brace not in tags and closing not in tags and self._tags_alone(tags)
            ):
                return runs.tags
        if not self.broke:
            return runs.plain
        return runs.broken_after if self._before_broken(self.prev) else runs.broken

    def _before_broken(self, prev: Any) -> bool:
        """Whether a broken tag line after ``prev``, the line before it, is
        read with it (none of the two holding a brace): ``prev`` is a line
        that is not blank, with no brace (`joins`)."""
        brace, closing = self._braces
        return not (
            prev is None
            or brace in prev
            or closing in prev
            or prev.lstrip(self._spaces)[:1] in self._stops
        )

    def took(self, run: Any, newline: Any, pattern: re.Pattern[Any]) -> None:
        """Whole lines were read in one step, found by ``pattern`` from
        `run`: all of them lines that `saw` or `joins` would have taken one
        by one."""
        # The run's last line is the line before the next (a blank one:
        # none, to the same end as `saw`).
        last = run[run.rfind(newline, 0, len(run) - 1) + 1 :]
        blanks = self.blanks
        # The run's last line that is not blank: ``tags`` if it holds a "[".
        if last.strip(blanks):
            self.prev = line = last
        else:
            self.prev = None
            end = len(run.rstrip(blanks))
            if not end:
                return  # blank lines alone: as they were
            line = run[run.rfind(newline, 0, end) + 1 : run.find(newline, end - 1) + 1]
        if self._open in line:
            # (A line of tags after lines of tags read outside a comment
            # is one too; of a broken tag line, nothing is kept.)
            if pattern is not self._runs.known_tags:
                self.closed = self.known = False
            self.tags, self.checked = line, False
        else:
            self.tags, self.known = None, False

    def joins(self, line: Any) -> bool:
        """Whether ``line`` (whole, no ``\r``, a ``[`` in it) begins no
        game, whatever comes after it; if so, it is taken as read (`saw`
        is not asked of it). The cheap questions first: a game's first tag
        line, after moves, is matched against nothing."""
        brace, closing = self._braces
        if brace in line or closing in line:
            # A line of tags, its comments closed on it, after one read
            # outside a comment: no comment is open before it either.
            if not self.known or self._tag_line(line) is None:
                return False
            self.tags, self.checked, self.prev, self.bracketed = line, False, line, True
            return True
        tags = self.tags
        if tags is not None and self._tags_alone(line) is not None:
            if not (
                self.known
                or self.checked
                or (brace not in tags and closing not in tags and self._tags_alone(tags))
            ):
                return False
            self.tags, self.checked, self.prev, self.bracketed = line, True, line, True
            self.known = self.closed  # (read outside a comment if none was open before it)
            return True
        # (A line of tags alone is no broken tag line: `_one_tag` below.)
        prev = self.prev
        if prev is None or not self.bracketed:
            return False
        first = len(line) - len(line.lstrip(self._lead))
        if (
            line[first : first + 1] != self._bracket
            or self._one_tag(line, first) is not None
            # (`_before_broken` written out: a line in two of a flood of
            # broken tag lines comes here.)
            or brace in prev
            or closing in prev
            or prev.lstrip(self._spaces)[:1] in self._stops
        ):
            return False
        self.closed = tags is not None and self.closed  # (no brace in the line)
        self.tags, self.prev, self.checked, self.known, self.broke = line, line, False, False, True
        return True


def _classify(line: str, in_comment: bool) -> tuple[int, bool, int]:
    """What the line is (blank, tags, a broken tag line, text), whether a
    ``{`` comment is still open at its end, and where its first token
    stands: after the end of a comment open before it, white space and
    comments. A line of comments is blank, one that opens a ``{`` comment
    running on over the next lines too; a line of tags may begin with
    comments, as the parser reads them."""
    start = 0
    if in_comment:
        close = line.find("}")
        if close < 0:
            return _BLANK, True, len(line)
        start = close + 1
    match = _LEADING.match(line, start)
    head = start if match is None else match.end()
    rest = line[head:]
    kind: int
    first = rest[:1]
    if first.isalnum() and first.isascii():  # a move, a turn number, a player
        kind = _TEXT
    elif first == "[":
        kind = _TAGS if _TAG_LINE.fullmatch(rest) else _BAD_TAG
    elif first in ("", "\n", ";", "{"):  # a "{" not closed on the line runs on
        kind = _BLANK
    else:
        kind = _TEXT
    # Without a "{" no comment opens (a quoted "{" opens none either).
    return kind, "{" in rest and _opens_comment(rest), head


def _opens_comment(line: str) -> bool:
    """Whether a ``{`` comment opened on the line is still open at its end:
    the line read from its start, a quoted name or value whole, a closed
    comment whole, up to a ``{`` that no ``}`` closes (it is), a ``;`` (the
    rest is a comment, and none is open) or the end (none is). One match in
    C: a loop over the line's quotes and braces would make a flood of
    comments cost a quarter of the reading."""
    return _OPEN_COMMENT.match(line).group(1) is not None  # type: ignore[union-attr]


def _lines(
    source: str | IO[str] | IO[bytes], limit: int, *, ahead: bool = True
) -> Iterator[str | _BadLine]:
    if isinstance(source, str):
        return _lines_of_text(source, limit)
    if _is_binary(source):
        return _lines_of_bytes(source, limit)  # type: ignore[arg-type]
    return _lines_of_stream(source, limit, ahead=ahead)  # type: ignore[arg-type]


def _is_binary(stream: IO[Any]) -> bool:
    mode = getattr(stream, "mode", "")
    if isinstance(mode, str) and "b" in mode:
        return True
    if isinstance(stream, io.TextIOBase):
        return False
    return isinstance(stream, (io.BufferedIOBase, io.RawIOBase))


class _Numbering:
    """Parses games' texts into records numbered by their place in the file;
    a broken game keeps its number."""

    def __init__(self, number: int = 1) -> None:
        self.number = number  # of the next game

    def parse(self, chunk: _Chunk, errors: list[Exception] | None) -> list[Record]:
        error = chunk.error or _opening_error(chunk)
        if error is None:
            try:
                with no_gc():
                    found = _parse(chunk.text, chunk.first_line - 1)
            except NotationSyntaxError as exc:
                error = exc
        if error is not None:
            self._fail(error, errors)
            return []
        return self._numbered(found)

    def _fail(self, error: NotationSyntaxError, errors: list[Exception] | None) -> None:
        """A broken game: it keeps its number (told in the error's ``game``);
        strict reading raises."""
        error.game = self.number
        self.number += 1
        if errors is None:
            raise error
        # Without its traceback and the parser's exception it was made from:
        # a list of errors keeps neither the reader's frames nor the parser's state.
        error.__context__ = None
        errors.append(error.with_traceback(None))

    def _numbered(self, found: list[Record]) -> list[Record]:
        for record in found:
            _placed(record, number=self.number)
            self.number += 1
        return found

    def parse_batch(self, batch: list[_Chunk], errors: list[Exception] | None) -> Iterator[Record]:
        """The records of consecutive games' texts, parsed together in
        windows that double while they read well; where a window fails, the
        game at fault is parsed alone and the games before it together
        again, so that each game reads as if alone."""
        start, width = 0, 1
        while start < len(batch):
            window = batch[start : start + width]
            try:
                found = self._together(window)
            except NotationSyntaxError as exc:
                at = max(0, sum(1 for c in window if c.first_line <= exc.line) - 1)
                if at:
                    try:  # the games before the fault, unless it began in them
                        yield from self._numbered(self._together(window[:at]))
                    except NotationSyntaxError:  # a note left open: one by one
                        for chunk in window[:at]:
                            yield from self.parse(chunk, errors)
                fault = window[at]
                opening = fault.opening[1] if fault.opening else fault.first_line
                if len(window) == 1 or exc.line > opening:
                    # Its own error, found past its first line: as if alone.
                    self._fail(exc, errors)
                else:  # found at its first line: perhaps a note left open before it
                    yield from self.parse(fault, errors)
                start, width = start + at + 1, max(1, width // 2)
                continue
            if len(window) > 1 and not _aligned(window, found):
                # A game's last line ended in tags that ran on into the next
                # game's: each game as if alone, as read_game reads them.
                for chunk in window:
                    yield from self.parse(chunk, errors)
                start, width = start + len(window), 1
                continue
            yield from self._numbered(found)
            start, width = start + len(window), width * 2

    def _together(self, batch: list[_Chunk]) -> list[Record]:
        """The records of games' texts parsed as one text (raises as ``_parse``).
        A game whose tags begin part-way along a line follows the text before
        them, which the game before it holds, not the blanks in its own
        (following the blanks, its tags' columns would be shifted by as
        many)."""
        texts = [batch[0].text]
        for before, chunk in itertools.pairwise(batch):
            lead = chunk.lead
            if lead and before.text.endswith(lead):
                texts.append(chunk.text[len(lead) :])
            else:
                texts.append(chunk.text)
        with no_gc():
            return _parse("".join(texts), batch[0].first_line - 1)


def _aligned(window: list[_Chunk], found: list[Record]) -> bool:
    """Whether the records of games' texts parsed together begin where the
    games do: a game that opens with a line of tags begins a record there.
    (Not so when a game's last line ends in a tag: parsed together, its
    tags and the next game's are one game's.)"""
    starts = {record.line for record in found}
    return all(
        chunk.opening is None or chunk.opening[0] != _TAGS or chunk.opening[1] in starts
        for chunk in window
    )


_TAG_START = re.compile(
    r'[ \t]*+\[[ \t]*+[A-Za-z][A-Za-z0-9_]*+[ \t]++"(?:[^"\\\n]|\\["\\])*+"[ \t]*+\]'
)


def _opening_error(chunk: _Chunk) -> NotationSyntaxError | None:
    """Returns, without parsing, the error the parser would raise for a game
    that cannot begin as it does: a broken first tag, or move text before any
    tag. (Broken stretches are then as cheap to read as any text.)"""
    if chunk.opening is None:
        return None
    kind, number, line, head = chunk.opening
    column = head + 1
    if not _broken_opening(chunk.opening):
        return None
    if kind == _BAD_TAG:
        column, label = _tag_error(line, head, column)
    else:
        label = _BEGIN_WORDS
    return NotationSyntaxError(
        label,
        line=number,
        column=column,
        context=line.rstrip("\n")[:120] + "\n" + " " * (column - 1) + "^",
    )


def _broken_opening(opening: _Opening) -> bool:
    """Whether a game whose first line (not blank) opens so cannot begin so."""
    kind, _number, line, head = opening
    if kind == _BAD_TAG:
        return not _TAG_START.match(line, head)
    if kind == _TEXT:
        first = line[head : head + 1]
        return first.isascii() and first.isalnum()
    return False


#: How many lines of a run `scan` reads from a text file asking where each
#: begins, before it stops asking (see `_Offsets._whole_lines`).
_TOLD = 8

#: Small games are parsed together, up to this many characters at a time:
#: one parse call costs more than a short game's text.
_BATCH = 1 << 16


def _records(chunks: Iterable[_Chunk], errors: list[Exception] | None) -> Iterator[Record]:
    numbering = _Numbering()
    batch: list[_Chunk] = []
    size = 0
    for chunk in chunks:
        if chunk.error is None and _opening_error(chunk) is None:
            batch.append(chunk)
            size += len(chunk.text)
            if size < _BATCH:
                continue
        yield from numbering.parse_batch(batch, errors)
        batch, size = [], 0
        if chunk.error is not None or _opening_error(chunk) is not None:
            yield from numbering.parse(chunk, errors)
    yield from numbering.parse_batch(batch, errors)


# ----------------------------------------------------------------------
# The readers
# ----------------------------------------------------------------------


def loads(
    text: str, *, errors: list[Exception] | None = None, max_game_size: int = MAX_GAME_SIZE
) -> list[Record]:
    """Reads every game in ``text``.

    Strict by default: the first syntax error raises
    [`NotationSyntaxError`][trapper_notation.NotationSyntaxError]. With an
    ``errors`` list, a game with a syntax error is left out, the error
    appended, and reading goes on with the next game. A game longer than
    ``max_game_size`` characters is a syntax error.
    """
    if not isinstance(text, str):
        if isinstance(text, os.PathLike):
            raise NotationError(
                f"loads reads the notation's text, not a path ({text}): "
                "notation.load(path) reads a file"
            )
        if isinstance(text, bytes | bytearray):
            raise NotationError(
                f"loads reads a str, not {type(text).__name__}: decode it from UTF-8, "
                "or give notation.load the binary stream"
            )
        raise NotationError(f"loads reads a str, not {type(text).__name__}")
    max_game_size = _check_options(errors, max_game_size)
    before = 0 if errors is None else len(errors)
    try:
        found = list(_records(_Games(_lines_of_text(text, max_game_size), max_game_size), errors))
    except NotationSyntaxError as exc:
        _perhaps_a_path(text, exc)
        raise
    if errors is not None and not found and len(errors) > before:
        _perhaps_a_path(text, errors[before])
    return found


#: A file's suffix, at the end of a text given to `loads` instead of a file's.
_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,5}\Z")


def _perhaps_a_path(text: str, error: Exception) -> None:
    """Tells a reader of ``error`` that ``loads`` reads notation text, not a
    file, when ``text`` looks like a file's name: one line, no tag or
    comment in it, with a folder's separator or a suffix."""
    name = text.strip()
    if (
        len(name) <= 4096
        and "\n" not in name
        and not any(sign in name for sign in "[]{}")
        and ("/" in name or "\\" in name or _SUFFIX.search(name))
    ):
        error.add_note(
            f"loads reads the notation's text; {name!r} looks like a file's name: "
            "notation.load(path) reads a file"
        )


def games(
    source: Source, *, errors: list[Exception] | None = None, max_game_size: int = MAX_GAME_SIZE
) -> Iterator[Record]:
    """Yields the games of ``source`` one at a time, holding one game's text
    in memory: ``source`` is a path (a str or a ``Path``) or an open text or
    binary (UTF-8) stream. Errors as in [`loads`][trapper_notation.loads]."""
    max_game_size = _check_options(errors, max_game_size)
    with _opened(source) as stream:
        yield from _records(_Games(_lines(stream, max_game_size), max_game_size), errors)


def load(
    source: Source, *, errors: list[Exception] | None = None, max_game_size: int = MAX_GAME_SIZE
) -> list[Record]:
    """Reads every game in a file: a path (``notation.load("games.trn")``) or
    an open file (text, or bytes in UTF-8; a byte order mark at the start
    of a line is skipped).
    Errors as in [`loads`][trapper_notation.loads]."""
    return list(games(source, errors=errors, max_game_size=max_game_size))


@contextmanager
def _opened(source: Source, *, lines: bool = False) -> Iterator[IO[str] | IO[bytes]]:
    if isinstance(source, str | os.PathLike):
        try:
            file = open(source, "rb")  # noqa: SIM115 (closed below)
        except (OSError, ValueError) as exc:
            raise _cannot_open(source, exc) from None
        with file:
            try:
                yield file
            except OSError as exc:  # a file that opens but cannot be read (EIO)
                reason = exc.strerror or str(exc)
                raise NotationError(
                    f"cannot read {shown(os.fspath(source))}: {reason[:80]}"
                ) from None
    else:
        _check_stream(source, lines=lines)
        yield _as_io(source)


def _as_io(stream: Stream) -> IO[str] | IO[bytes]:
    """``stream`` as the readers type it: a ``BufferedIOBase`` (gzip's)
    reads as any ``IO[bytes]`` does."""
    return cast("IO[str] | IO[bytes]", stream)


def _cannot_open(source: str | os.PathLike[str], exc: Exception) -> NotationError:
    path = os.fspath(source)
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    hint = ""
    if isinstance(path, str) and ("\n" in path or path.lstrip().startswith(("[", "{", ";"))):
        hint = "; to read a record's text, use loads(text)"
    return NotationError(f"cannot open {shown(path)}: {reason[:80]}{hint}")


def _check_stream(
    stream: object,
    what: str = "a path or an open text or binary stream",
    *,
    lines: bool = False,
    methods: bool = True,
) -> None:
    """Refuses what is no stream the readers can read; and, unless not
    ``methods``, one without the methods it is read by (`_check_methods`)."""
    if getattr(stream, "closed", False) is True:
        raise NotationError(f"the stream is closed: {what} is read")
    if isinstance(stream, (bytes, bytearray)):
        raise NotationError("read bytes with load(io.BytesIO(data)) or decode them first")
    if not (_can(stream, "read") or _can(stream, "readline")):
        hint = "; open the file first" if isinstance(stream, str | os.PathLike) else ""
        raise NotationError(f"{what} is read, not {type(stream).__name__}{hint}")
    if methods:
        _check_methods(stream, what, lines=lines)


def _check_methods(stream: object, what: str, *, lines: bool = False) -> None:
    """Refuses a stream without the methods it is read by: a binary stream
    (of a mode with ``b``, or an ``io.BufferedIOBase`` or ``io.RawIOBase``)
    is read by ``read``, and by ``readline`` too when ``lines`` (`scan`); any
    other, a text stream, by ``readline``."""
    name = type(stream).__name__
    if not _is_binary(stream):  # type: ignore[arg-type]
        if not _can(stream, "readline"):
            raise NotationError(
                f"{what} is read: a text stream by its readline(), which a {name} lacks; "
                "a binary one (of mode 'rb', or an io.BufferedIOBase or io.RawIOBase) "
                "by its read()"
            )
        return
    for method in ("read", "readline") if lines else ("read",):
        if not _can(stream, method):
            raise NotationError(
                f"{what} is read: a binary stream by its {method}(), which a {name} lacks"
            )


# The methods of io's base classes that only raise UnsupportedOperation: a
# stream of one's own made on them that does not write its own lacks them.
_UNSUPPORTED = frozenset(
    {io.TextIOBase.read, io.TextIOBase.readline, io.BufferedIOBase.read, io.BufferedIOBase.read1}
)


def _can(stream: object, method: str) -> bool:
    """Whether ``stream`` has ``method``, one that does more than raise."""
    return callable(getattr(stream, method, None)) and (
        getattr(type(stream), method, None) not in _UNSUPPORTED
    )


def _check_options(errors: object, max_game_size: object) -> int:
    """The readers' options: a list for errors (or None), a whole number of
    characters; returns the limit the readers use (a size beyond any text
    read is capped to what a stream's ``readline`` takes)."""
    check_errors(errors)
    if type(max_game_size) is not int:
        raise NotationError(
            f"max_game_size is a whole number of characters, not {type(max_game_size).__name__}"
        )
    if max_game_size < 1:
        raise NotationError(f"max_game_size is at least 1 character, not {shown(max_game_size)}")
    return min(max_game_size, _LARGEST_LIMIT)


#: The largest limit of a game's size used: ``readline(limit + 1)`` must take it.
_LARGEST_LIMIT = sys.maxsize - 1


@attrs.define(eq=False)
class _StreamState:
    chunks: _Games
    numbering: _Numbering = attrs.Factory(_Numbering)
    limit: int = MAX_GAME_SIZE  # the max_game_size the reading began with
    waiting: list[Record] = attrs.Factory(list)
    # A game's text whose parse an exception of no text stopped (Ctrl-C, a
    # MemoryError): parsed again by the next call, so that no game is lost.
    pending: _Chunk | None = None
    # What the stream raised while its lines were read (an OSError, gzip's
    # EOFError for a file cut short, Ctrl-C): the lines read so far went with
    # the reading, which cannot go on from where the stream stands (part-way
    # through a game). The next calls say so, until a seek moves the stream.
    failed: str | None = None
    # The error of a text stream whose bytes did not decode: its decoder read
    # a block ahead, so no seek within that block reads on; told again.
    undecodable: str | None = None
    position: int | None = None
    # Whether reading ended with an error of the stream's text (a line longer
    # than max_game_size, a text stream whose bytes do not decode, a read
    # that gives no text): the stream stands part-way along a line, and the
    # next call returns None rather than read on from there, as for a stream
    # read whole (one read ahead in blocks).
    ended: bool = False


#: Where ``read_game`` stands in a stream is kept in the stream's own
#: ``__dict__`` (every stream of ``io``, ``gzip``, ``bz2``, ``lzma`` and
#: ``tempfile`` has one) under this name: the state holds the stream (its
#: lines are read from it), and the two then make a cycle that the garbage
#: collector frees when the caller drops the stream. Kept in a table keyed
#: by the stream, even weakly, the state kept its key alive: a stream read
#: part-way stayed in memory (a file, open) for the life of the process.
_STATE = "_trapper_notation_read_game"


def read_game(
    stream: Stream,
    *,
    errors: list[Exception] | None = None,
    max_game_size: int = MAX_GAME_SIZE,
    number: int = 1,
    line: int = 1,
) -> Record | None:
    """Reads the next game of an open stream, or returns ``None`` at its end.

    Like python-chess's ``read_game``: call it again for the next game. It
    holds one game in memory (it reads the first line of the next game too,
    and keeps it for the next call on the same stream; a stream moved by
    ``seek`` in between is read afresh from where it stands). Errors as
    in [`loads`][trapper_notation.loads]: strict, the next call reads on
    after the broken game; with an ``errors`` list a broken game is skipped.
    A line longer than ``max_game_size`` ends the reading: the calls after
    its error return ``None`` until a ``seek`` moves the stream. A call that
    reads on keeps the ``max_game_size`` of the call that began reading (its
    lines were read ahead under it): another raises `NotationError`.

    What the stream itself raises (an ``OSError``, gzip's ``EOFError`` for a
    file cut short, ``KeyboardInterrupt``) passes as it is. Raised while a
    game was parsed, that game is read again by the next call; raised while
    lines were read, a seekable stream is moved back to where the reading
    began if it began in that call (the next call begins it again), and
    otherwise what the reading held went with it: the next calls raise
    `NotationError` saying so (rather than give the rest of a game as a
    game, or ``None``) until a ``seek`` moves the stream.

    Game numbers and lines count from where the reading began afresh (the
    first call on a stream, or the first after a ``seek``), as game
    ``number`` and line ``line`` (1 and 1 by default): after seeking to a
    [`ScannedGame`][trapper_notation.ScannedGame]'s ``offset``, pass its
    ``number`` and ``line`` and the record and its errors name the game's
    place in the whole file (``line`` at most ``MAX_COUNT``). A call that
    reads on counts on, whatever they are.
    """
    # its methods are checked where its reading begins (below), not at every game
    _check_stream(stream, "an open text or binary stream", methods=False)
    max_game_size = _check_options(errors, max_game_size)
    for name, value in (("number", number), ("line", line)):
        if type(value) is not int or value < 1:
            raise NotationError(f"{name} is a whole number from 1, not {shown(value)}")
    if line > MAX_COUNT:
        # Eighteen digits, as every count of the engine: a record's lines
        # and the places of its notes fit 64-bit numbers.
        raise NotationError(f"line is at most {MAX_COUNT:,}, not {shown(line)}")
    opened = _as_io(stream)
    state = _state_of(opened)
    position = _tell(opened)
    fresh = state is None or (state.position is not None and state.position != position)
    if state is None or fresh:
        _check_methods(stream, "an open text or binary stream")
        # No read-ahead past the next game's first line (see `_runs`).
        lines = _lines(_held(opened), max_game_size, ahead=False)
        games = _Games(lines, max_game_size, read=line - 1)
        state = _StreamState(games, _Numbering(number), max_game_size)
        _keep_state(opened, state)
    elif max_game_size != state.limit:
        # The lines read ahead were cut by the first call's bound.
        raise NotationError(
            f"this stream is being read with max_game_size={state.limit:,}, given by the call "
            f"that began reading it, not {max_game_size:,}: seek to read it afresh with another"
        )
    while not state.waiting:
        if state.ended:
            return None
        chunk = state.pending
        if chunk is None:
            if state.undecodable is not None:
                raise NotationError(f"an earlier read of this stream stopped: {state.undecodable}")
            if state.failed is not None:
                raise NotationError(
                    f"an earlier read of this stream stopped part-way through a game "
                    f"({state.failed}), and what it had read went with it: seek to a game's "
                    "start (a ScannedGame's offset) to read on"
                )
            try:
                chunk = next(state.chunks, None)
            except TrapperError as exc:
                if getattr(exc, "lost", False):  # a text stream's decoder that read on
                    state.undecodable = str(exc)
                else:
                    state.ended = True
                state.position = _tell(opened)
                raise
            except BaseException as exc:  # the stream's own error, or Ctrl-C
                if fresh and position is not None and _rewound(opened, position):
                    _keep_state(opened, None)  # the next call begins this one again
                else:
                    state.failed = _what_failed(exc)
                    state.position = _tell(opened)
                raise
            if chunk is None:
                _keep_state(opened, None)
                return None
            state.pending = chunk
        try:
            state.waiting = state.numbering.parse(chunk, errors)
            state.pending = None
        except TrapperError:  # the game's own error (strict): told once, read on after it
            state.pending = None
            raise
        finally:
            state.position = _tell(opened)
            state.ended = state.chunks.stopped is not None
    return state.waiting.pop(0)


def _rewound(stream: IO[Any], position: int) -> bool:
    """Whether ``stream`` could be moved back to ``position``."""
    try:
        stream.seek(position)
    except Exception:  # the stream broke, or cannot go back after all
        return False
    return True


def _what_failed(exc: BaseException) -> str:
    """What a stream raised, for a later error: its type and its message."""
    try:
        text = str(exc)
    except Exception:  # an exception of the caller's whose __str__ raises
        text = ""
    return f"{type(exc).__name__}: {shown(text, 80)}" if text else type(exc).__name__


#: The states of streams without a ``__dict__`` (a class of the caller's
#: own with ``__slots__``), kept by weak reference where the stream has one
#: (the state reads it through a weak proxy, `_held`, so that the entry goes
#: with the stream) and by ``id`` where it has none (kept until read to the
#: end: nothing tells when such a stream is dropped).
_READING: weakref.WeakKeyDictionary[Any, _StreamState] = weakref.WeakKeyDictionary()
_READING_STRONG: dict[int, tuple[Any, _StreamState]] = {}


def _held(stream: IO[Any]) -> IO[Any]:
    """What ``read_game``'s state reads ``stream`` through: the stream, or,
    for one kept in `_READING`, a weak proxy to it (the state is the weak
    table's value: holding its key, it would keep the stream for the life
    of the process)."""
    if _own_dict(stream) is not None:
        return stream
    try:
        return cast("IO[Any]", weakref.proxy(stream))
    except TypeError:  # no weak references: kept by id in _READING_STRONG
        return stream


def _state_of(stream: Any) -> _StreamState | None:
    kept = _own_dict(stream)
    if kept is not None:
        state = kept.get(_STATE)
        return state if isinstance(state, _StreamState) else None
    try:
        return _READING.get(stream)
    except TypeError:  # a stream that cannot be weakly referenced
        pair = _READING_STRONG.get(id(stream))
        return pair[1] if pair is not None and pair[0] is stream else None


def _keep_state(stream: Any, state: _StreamState | None) -> None:
    """Keeps (or, with ``None``, forgets) where ``read_game`` stands in ``stream``."""
    kept = _own_dict(stream)
    if kept is not None:
        if state is None:
            kept.pop(_STATE, None)
        else:
            kept[_STATE] = state
        return
    try:
        if state is None:
            _READING.pop(stream, None)
        else:
            _READING[stream] = state
    except TypeError:
        if state is None:
            _READING_STRONG.pop(id(stream), None)
        else:
            _READING_STRONG[id(stream)] = (stream, state)


def _own_dict(stream: Any) -> dict[str, Any] | None:
    """The stream's own ``__dict__``, read past any ``__getattr__`` of its
    class (a wrapper that hands attributes on to what it wraps), or ``None``."""
    try:
        kept = object.__getattribute__(stream, "__dict__")
    except (AttributeError, TypeError):
        return None
    return kept if type(kept) is dict else None


def _tell(stream: IO[Any]) -> int | None:
    try:
        return stream.tell() if stream.seekable() else None
    except (OSError, ValueError, AttributeError):
        return None


@attrs.frozen
class ScannedGame:
    """A game found by [`scan`][trapper_notation.scan]: its place and its tags, no moves read."""

    number: int
    """The game's number in the file, from 1."""
    line: int
    """The line of its first tag."""
    offset: int
    """Where its text begins: the stream's position (``tell``; bytes into a
    file read by path), for ``seek`` and [`read_game`][trapper_notation.read_game]."""
    tags: dict[str, str]
    """Its tags (the first of a repeated name)."""


def scan(source: Source, *, max_game_size: int = MAX_GAME_SIZE) -> Iterator[ScannedGame]:
    """Yields the number, line, offset and tags of every game in ``source``
    without reading its moves: an index of a big collection. Syntax errors in
    move text are not seen; a broken tag line is skipped; a game longer than
    ``max_game_size`` characters is indexed from its lines that fit. Bytes
    that are not UTF-8, and a line longer than ``max_game_size``, raise
    `NotationSyntaxError` (after the games before), as in
    [`load`][trapper_notation.load].

    ``source`` is a path or an open stream that can ``tell`` where it stands
    (a file, not a pipe). Each offset is where ``read_game`` reads that game
    from; a game that begins part-way along a line (several games on one
    line) has its own offset in a binary stream or a ``StringIO``, and the
    offset of its line in other text streams, whose positions are opaque
    (white space alone before a game's first tag: its line's offset in any
    stream, so that its columns read from there are the file's). A text
    longer than ``max_game_size`` is one game, as the readers count it,
    whatever games its lines that fit would read as.
    """
    max_game_size = _check_options(None, max_game_size)
    with _opened(source, lines=True) as stream:
        try:
            seekable = stream.seekable()
            where = stream.tell() if seekable else None
        except (AttributeError, OSError, ValueError):
            seekable, where = False, None
        if not seekable or type(where) is not int:
            raise NotationError(
                "scan needs a stream that can tell where it stands (a file, not a pipe): "
                "read a pipe with games() or read_game()"
            )
        offsets = _Offsets(stream)
        chunks = _Games(offsets.lines(max_game_size), max_game_size, keep_broken=True)
        number = 0
        for chunk in chunks:
            # Bytes that are not UTF-8 in the game's lines (the last line
            # read is the next game's first when it is pending): no game of
            # them is told, half read.
            bad = offsets.bad
            if bad is not None and bad.line <= chunks.number - (chunks.pending is not None):
                raise bad
            if chunk.opening is not None:  # else comments alone, after no game: no game
                for line, column, tags in _games_of(chunk):
                    number += 1
                    yield ScannedGame(number, line, offsets.start_of(line, column), tags)
            if chunks.stopped is not None:  # a line longer than max_game_size ends reading
                # Told as the readers tell it: the game's first error (its
                # text past the cap, from its first line, when that came first).
                raise chunk.error or chunks.stopped
            offsets.forget(chunks.number)


#: The white space the cutter reads before a line's first token (`_LEADING`):
#: not ``str.strip``'s, which takes U+0085 and U+3000 too.
_WHITE = " \t\f\v"


#: Whole lines before a game's first line of tags, as `_games_of` reads
#: them: no ``{`` in them (a comment may hide a tag line's start), and no
#: ``[`` first after white space.
_BEFORE_TAGS = re.compile(r"(?:(?![ \t\f\v]*+\[)[^\n{]*+\n)*+")
#: Whole lines of tags alone (lines `_TAG_LINE` matches) and blank lines
#: (white space, perhaps a ``;`` comment) after the first line of tags, none
#: with a ``{`` anywhere, as `_games_of` reads them.
_TAG_LINES = re.compile(
    r'(?:[ \t]*+(?:\[[ \t]*+[A-Za-z][A-Za-z0-9_]*+[ \t]++"(?:[^"\\\n{]|\\["\\])*+"[ \t]*+\]'
    r"[ \t]*+)++(?:;[^\n{]*+)?\n"
    r"|[ \t\f\v]*+(?:;[^\n{]*+)?\n)*+"
)


#: How many characters of tags `_games_of` reads in C (fewer: line by line).
_MANY_TAGS = 1024


def _first_of_each(found: list[tuple[str, str]]) -> dict[str, str]:
    """The tags of ``found`` (`_TAG_OR_COMMENT`'s ``findall``: a comment
    has no name), each name's first value, in the order names first come."""
    pairs = [pair for pair in found if pair[0]]
    tags = dict(pairs)  # (names in the order they first come, their last values)
    if len(tags) < len(pairs):  # a name twice: its first value
        first = dict(reversed(pairs))
        tags = {name: first[name] for name in tags}
    return {name: unescape(value) for name, value in tags.items()}


def _games_of(chunk: _Chunk) -> list[tuple[int, int, dict[str, str]]]:
    """The line, column and tags of each game in ``chunk``'s text: one,
    read from its tag lines, unless a tag stands after its first line of
    moves or a ``{`` comment before it (which may hold what looks like a
    tag, or hide a tag line's start); then its games are told apart by its
    tokens (a tag after move text begins a game), as the parser tells them
    apart."""
    whole = chunk.text
    tags: dict[str, str] = {}
    first = 0
    first_at = 0  # where the first tag's line begins
    # The lines before the first tag, then its lines of tags and blank
    # lines, found in C (`_BEFORE_TAGS`, `_TAG_LINES`: read by the loop
    # below, a game of many tags one a line would cost `scan` a turn of it a
    # line, 10 times real records); the loop reads on from the line they stop
    # at, as it would have. (Tags of fewer characters than `_MANY_TAGS` are
    # read by the loop: read in C, the tags of a game of one tag and one move
    # would cost a fifth more, in dicts and lists made to be dropped.)
    position = before = 0  # (``before``: the lines before ``position``)
    if len(whole) > _MANY_TAGS:
        position = _BEFORE_TAGS.match(whole).end()  # type: ignore[union-attr]
        before = whole.count("\n", 0, position)
        head = _TAG_LINES.match(whole, position).end()  # type: ignore[union-attr]
        if head - position > _MANY_TAGS:
            first, first_at = before + 1, position
            tags = _first_of_each(_TAG_OR_COMMENT.findall(whole, position, head))
            before += whole.count("\n", position, head)
            position = head
    moves_at = -1
    for index, text in enumerate(_each_line(whole, position), before):
        if "{" in text:
            moves_at = position
            break
        if text.lstrip(_WHITE).startswith("["):
            # The tags the line begins with: not what a ";" comment after them holds.
            at = _SPACES.match(text).end()  # type: ignore[union-attr]
            while (match := _ONE_TAG.match(text, at)) is not None:
                tags.setdefault(match[1], unescape(match[2]))
                at = _SPACES.match(text, match.end()).end()  # type: ignore[union-attr]
            if not first:
                first, first_at = index + 1, position
            if not _TAG_LINE.fullmatch(text):  # more than tags: perhaps moves
                moves_at = position
                break
        elif tags and text.strip(_WHITE) and not text.lstrip(_WHITE).startswith(("{", ";")):
            moves_at = position
            break
        position += len(text) + 1
    column = 1
    if first:  # of the first tag (after white space, or comments the cutter blanked)
        end = whole.find("\n", first_at)
        text = whole[first_at : end if end >= 0 else len(whole)]
        column += len(text) - len(text.lstrip(_WHITE))
    one = [(chunk.first_line + max(first, 1) - 1, column, tags)]
    if moves_at < 0 or whole.find("[", moves_at) < 0 or chunk.error is not None:
        # (A text longer than the cap is one broken game to the readers,
        # whatever games its lines that fit would read as.)
        return one
    try:
        with no_gc():
            tokens = list(_scan_lexer().lex(whole))
    except (UnexpectedInput, _LexError, _BadToken, BadWord):
        return one  # move text that does not read: one game, as before
    found: list[tuple[int, int, dict[str, str]]] = []
    previous = ""
    for token in tokens:
        kind = token.type
        if kind == "TAG":
            if previous != "TAG":  # the first tag, or a tag after move text
                assert token.line is not None
                assert token.column is not None
                found.append((chunk.first_line + token.line - 1, token.column, {}))
            for match in _TAG_OR_COMMENT.finditer(token.value):
                if match[1] is not None:  # not a comment between tags
                    found[-1][2].setdefault(match[1], unescape(match[2]))
            previous = "TAG"
        elif kind not in ("COMMENTS", "TAG_COMMENTS") or previous != "TAG":
            previous = kind if found else ""
    if len(found) > 1:
        # Games of one chunk are told apart only when it parses: the
        # readers count a chunk that does not as one broken game, and the
        # numbers must name the same games.
        try:
            with no_gc():
                _parse(whole)
        except NotationSyntaxError:
            return one
    return found or one


@interned
def _scan_lexer() -> _Lexer:
    """The parser's lexer, made once for `_games_of`: ``Lark.lex`` makes a
    lexer of its own at every call (0.1 ms: with it, a flood of short broken
    games would cost `scan` 23 µs a byte), and one of other tokens than the
    parser's."""
    return _Lexer(SimpleNamespace(terminals=parser().terminals))


def _each_line(text: str, start: int = 0) -> Iterator[str]:
    """The lines of ``text`` from ``start`` on (cut at ``\n`` only, as the
    reader counts them), one at a time: no list of a game's lines is made."""
    end = len(text)
    while start < end:
        stop = text.find("\n", start)
        if stop < 0:
            yield text[start:]
            return
        yield text[start:stop]
        start = stop + 1


class _Offsets:
    """Lines of a source with the offset where each begins (kept for lines
    that hold a ``[``: where a game may begin)."""

    def __init__(self, stream: IO[str] | IO[bytes]) -> None:
        self.stream = stream
        self.starts: dict[int, int] = {}
        self.texts: dict[int, str] = {}
        # Of a line kept that began with a byte order mark: the mark's size
        # (bytes, or 1 in a StringIO), which its text has not.
        self.marks: dict[int, int] = {}
        # Offsets within a line are counted in bytes in a binary stream, in
        # characters in a StringIO; a text file's positions are opaque.
        self.within = isinstance(stream, io.StringIO) or not isinstance(stream, io.TextIOBase)
        self.binary = not isinstance(stream, io.TextIOBase)
        # Whether going back (``seek``) is cheap: a text file over a file
        # on disk. A text stream over gzip's, bz2's or lzma's goes back by
        # decompressing again from the start: its position is asked before
        # every line of a run instead (see `_whole_lines`).
        self.rereads = _on_disk(stream)
        self.bad: NotationSyntaxError | None = None  # the first line that is not UTF-8
        # Of a line of several games: how far it is measured (a column) and its bytes up to there.
        self.measured: dict[int, tuple[int, int]] = {}
        # What the lines read so far tell of the next: a line with a "[" that
        # begins no game is read with the lines around it, its offset not kept.
        self.follow = _Follow(self.binary)
        # Whether runs of plain lines can be found a block at a time
        # (`_block_of_lines`): in a buffered file's buffer (``peek``), or read
        # from a ``BytesIO`` or ``StringIO`` and gone back (a seek costs
        # nothing there), or from a text file on disk and gone back to read
        # the run again (two microseconds a block; in a compressed stream a
        # seek decompresses again from its start).
        self.peeks = isinstance(stream, io.BufferedReader | io.BufferedRandom)
        self.blocks = self.peeks or self.rereads or isinstance(stream, io.BytesIO | io.StringIO)
        # Characters read ahead for the next run (`_block_of_lines`), at first
        # and after a run that ended in them.
        self.first_block = _FIRST_BLOCK if self.peeks or self.within else _FIRST_TEXT_BLOCK
        self.block = self.first_block

    def lines(self, limit: int) -> Iterator[str | _BadLine]:
        """The lines, in runs of plain lines (`_runs`), their offsets kept
        as they are read."""
        return _runs(self._each_line(limit), ahead=False)

    def _each_line(self, limit: int) -> Iterator[str | _BadLine]:
        stream = self.stream
        number = 0
        # The start of a line whose end is not read yet, and its offset:
        # ``readline`` ends a line at "\n" only, so a line longer than a read
        # (or a lone "\r" line end) may leave the line after it cut.
        carry: Any = b"" if self.binary else ""
        newline: Any = b"\n" if self.binary else "\n"
        cr: Any = b"\r" if self.binary else "\r"
        mark: Any = _BOM_BYTES if self.binary else _MARK  # a byte order mark
        carry_at = 0
        kind = bytes if self.binary else str
        streak = False  # whether the line before was whole and plain (`_plain`)
        while True:
            at = stream.tell()
            try:
                raw = stream.readline(limit + 1)
            except UnicodeDecodeError as exc:
                raise _not_text(exc, number) from None
            if type(raw) is not kind:
                raw = _as_read(raw, kind)
            if carry == cr and not raw.startswith(newline) and not self.within:
                # The "\r" read to see whether a "\n" followed the line
                # before is a blank line of its own, in a text file whose
                # positions are opaque (a line's pieces share its offset):
                # told at its own offset, so that the line read after it has
                # the offset where it begins (told with that line, the "\r"
                # would give it the blank line's offset, and read_game would
                # begin there, one line early).
                yield from self._pieces([(carry, 0)], number, carry_at)
                number += 1
                carry = carry[:0]
            if number and not carry and raw[-1:] == newline and self._plain(raw):
                # The second such line in a row begins a run, read in a loop of
                # its own (a run of one line, as between the tags of tiny
                # games, would cost a fifth more that way than the usual one).
                if streak:
                    raw, at, number = yield from self._whole_lines(raw, at, number, limit)
                    streak = False  # the line after the run is none of them
                else:
                    streak = True
            else:
                streak = False
            if not raw and not carry:
                return
            begun = bool(carry)  # the line was begun in an earlier read
            line, line_at = (carry + raw, carry_at) if begun else (raw, at)
            carry = carry[:0]
            pieces: list[tuple[bytes, int]] | list[tuple[str, int]]
            if isinstance(line, bytes):
                pieces = _split_cr_bytes(line)
            elif "\r" in line and self.within:
                pieces = _split_cr_text(line)
            else:  # a text file's lone "\r": its pieces at the offset of the line
                pieces = [(piece, 0) for piece in _split_cr(line)]
            if len(pieces) > 1 or line[-1:] != newline:
                self.follow.lost()
            else:
                self.follow.saw(line)
            last, last_at = pieces[-1]
            cut = bool(raw) and not raw.endswith(newline)
            # A byte order mark before a line is no character of it (``line``
            # begins a line: what is carried is the start of one).
            if (
                begun
                and _characters(pieces[0][0].rstrip(cr + newline))
                - (1 if line.startswith(mark) else 0)
                > limit
            ):
                # (Bytes: a line of fewer characters than the cap may be
                # more bytes than a read, and be found too long only here.)
                head = self._head(pieces[0][0], number + 1, line_at, limit)
                yield head
                raise _too_long(number + 1, limit, _text_of(head))
            if cut and raw.endswith(cr):
                # The line ended at its "\r" (a text file opened with
                # newline="" ends lines there; other streams may have cut the
                # read there): a "\n" right after it is part of that line
                # end, anything else begins the next line.
                carry_at = stream.tell()
                try:
                    carry = stream.readline(1)
                except UnicodeDecodeError as exc:
                    raise _not_text(exc, number) from None
                if type(carry) is not kind:
                    carry = _as_read(carry, kind)
                if carry == newline:
                    if last.endswith(cr):  # else its "\r" was made a "\n" already
                        pieces[-1] = (last + carry, last_at)
                    carry = carry[:0]
            elif cut:
                # The last piece's end comes with the next read, unless it is
                # too long already: then its start comes as a line of its own
                # (no line break), as the other readers give it, and reading ends.
                pieces.pop()
                if _characters(last) - (1 if last.startswith(mark) else 0) > limit:
                    yield from self._pieces(pieces, number, line_at)
                    number += len(pieces)
                    head = self._head(last, number + 1, line_at + last_at, limit)
                    yield head
                    raise _too_long(number + 1, limit, _text_of(head))
                carry, carry_at = last, line_at + last_at
            yield from self._pieces(pieces, number, line_at)
            number += len(pieces)
            if not raw:
                return

    def _plain(self, raw: Any) -> bool:
        """Whether a whole line read needs no offset kept (no ``[``, or a
        line with one that begins no game, `_Follow.joins`) and has no
        ``\r`` to split it."""
        if self.binary:  # (a byte sought as a number: ``b"[" in`` costs ten times more)
            if _CR in raw:
                return False
            if _OPEN not in raw:
                return True
        else:
            if "\r" in raw:
                return False
            if "[" not in raw:
                return True
        return self.follow.joins(raw)

    def _whole_lines(
        self, raw: Any, at: int, number: int, limit: int
    ) -> Generator[str | _BadLine, None, tuple[Any, int, int]]:
        """Whole lines from ``raw`` (read from offset ``at``, after line
        ``number``) on that need no offset kept (`_plain`), read in a loop
        of their own and passed on in pieces of up to `_BATCH` characters: a
        line costs a readline, not a turn of `_each_line` with its ``tell``
        (with a turn a line, floods of short lines would cost 4 to 30 times
        what the same bytes of moves cost). Returns the next line read, where
        it begins, and the number of the last line passed on.

        Where the next line begins is counted in a binary stream or a
        ``StringIO``. Other text streams' positions are opaque, and asking
        one (``tell``) or going back to it (``seek``) costs two microseconds:
        the position is asked before each of a run's first `_TOLD` lines,
        and after a longer run the lines read one by one are read again from
        its start, or from the end of its last block, to ask it at their end
        (in a file on disk: a compressed text stream would decompress again
        from its start to go back, so it is asked before every line)."""
        stream = self.stream
        within = self.within
        # (The bytes sought in a line, as numbers in a binary stream: `_OPEN`.)
        newline, bracket, cr = (b"\n", _OPEN, _CR) if self.binary else ("\n", "[", "\r")
        follow = self.follow
        if bracket not in raw:  # (else `_plain` took it)
            follow.saw(raw)
        kind = bytes if self.binary else str
        lines = [raw]  # whole lines; or runs of them (`_block_of_lines`)
        size = len(raw)
        count = 1  # the lines in ``lines``
        # Lines read one by one in a row (`_PLAIN_FIRST` or more: the lines
        # after them are read a block at a time while they need no offset).
        plain = 1
        # (A block is `_BATCH` characters at most: it holds no line longer than the cap.)
        blocks = limit >= _BATCH
        next_at: int | None = None
        # Of a text file: where a line read here begins, and how many lines
        # were read one by one from there (``raw`` the first), to go back
        # there and read them again (`_TOLD`).
        known, since = at, 1
        while True:
            if size >= _BATCH:
                yield from self._batch(lines, number)
                number += count
                at = at + size if within else stream.tell()
                lines, size, count = [], 0, 0
                known, since = at, 0
            if plain >= _PLAIN_FIRST and blocks and self.blocks:
                pattern = follow.run()
                run, ends = self._block_of_lines(pattern)
                if ends or not run:
                    # The line after the run is in the block, and none of
                    # them (or the block holds none): one by one again.
                    plain = 0
                if run:
                    lines.append(run)
                    size += len(run)
                    count += run.count(newline)
                    follow.took(run, newline, pattern)
                    if not within:
                        known, since = stream.tell(), 0
                    continue
            told = not within and (count < _TOLD or not self.rereads)
            next_at = stream.tell() if told else None
            try:
                raw = stream.readline(limit + 1)
            except UnicodeDecodeError as exc:
                raise _not_text(exc, number + count) from None
            if type(raw) is not kind:
                raw = _as_read(raw, kind)
            if raw == newline:
                # A blank line: no broken tag line after it joins (`_Follow.saw`
                # keeps it, to the same end).
                follow.prev = None
                plain += 1
            else:
                if raw[-1:] != newline or cr in raw:
                    break
                if bracket not in raw:
                    if follow.tags is None:
                        follow.prev = (
                            raw  # (`_Follow.saw` written out, as in `_each_line_of_stream`)
                        )
                    else:
                        follow.saw(raw)
                    plain += 1
                elif not follow.joins(raw):
                    break  # a line that may begin a game: its offset is kept
                else:
                    plain += 1
            lines.append(raw)
            size += len(raw)
            count += 1
            since += 1
        if lines:
            yield from self._batch(lines, number)
            number += count
        if within:
            at += size
        elif next_at is not None:
            at = next_at
        else:
            # Read again, a text stream's decoder may meet bytes that do not
            # decode sooner than it did (its blocks begin elsewhere).
            try:
                stream.seek(known)
                for _ in range(since):
                    stream.readline(limit + 1)
                at = stream.tell()
                raw = stream.readline(limit + 1)
            except UnicodeDecodeError as exc:
                raise _not_text(exc, number) from None
            if type(raw) is not kind:
                raw = _as_read(raw, kind)
        return raw, at, number

    def _block_of_lines(self, pattern: re.Pattern[Any]) -> tuple[Any, bool]:
        """Whole lines where the stream stands that need no offset kept
        (``pattern``, `_Follow.run`), found in C in a block of what follows
        (`blocks`: a peek at a buffered file's buffer, a read of a
        ``BytesIO`` or ``StringIO`` and a seek back, or a read of a text
        file and a read of the run again), and read; empty if the next line
        is none. And whether the run ends in the block: a whole
        line after it is there. Floods of short plain lines cost a readline
        and a turn of a loop a line (comments one a line: 2 to 3.6 times
        real records in `scan`)."""
        stream: Any = self.stream
        size = self.block
        if self.peeks:
            # (A peek gives what the buffer holds, which may be more than a
            # block: cut to one, it holds no line longer than the cap.)
            ahead = stream.peek(size)[:size]
            end, ends = self._run_in(ahead, pattern)
            return (stream.read(end) if end else b""), ends
        at = stream.tell()
        try:
            ahead = stream.read(size)
            end, ends = self._run_in(ahead, pattern)
            if end == len(ahead):
                return ahead, ends
            if self.within:
                stream.seek(at + end)
                return ahead[:end], ends
            # A text file's positions are opaque: the run is read again.
            stream.seek(at)
            return stream.read(end), ends
        except UnicodeDecodeError:
            # Bytes that do not decode ahead (a text file's decoder reads a
            # chunk at a time): the lines are read one by one, and the error
            # told at its line, as it would be.
            stream.seek(at)
            self.blocks = False
            return "", True  # (a text stream: bytes raise no such error)

    def _run_in(self, ahead: Any, pattern: re.Pattern[Any]) -> tuple[int, bool]:
        """Where the run of lines ``pattern`` finds at the start of
        ``ahead`` ends, and whether a whole line after it is there (`_run_end`);
        sets the size of the next block."""
        end, ends = _run_end(pattern, ahead)
        # The block grows while the run goes on past it and is small again
        # where the run ends inside it: a run of two lines before a game's
        # tags (games of a few lines) reads a few hundred characters ahead,
        # not a whole `_BATCH` (twice the time of a StringIO's scan so).
        self.block = self.first_block if ends else min(2 * self.block, _BATCH)
        return end, ends

    def _batch(self, lines: list[Any], number: int) -> Iterator[str | _BadLine]:
        """Lines after line ``number`` that need no offset (whole lines, or
        runs of them), as one piece; one by one (`_pieces`) when they are
        not all UTF-8 text."""
        if self.binary:
            whole = b"".join(lines).decode("utf-8", "surrogateescape")
            bad = _NOT_UTF8.search(whole) is not None
        else:
            whole = "".join(lines)
            bad = _SURROGATE.search(whole) is not None
        if bad:
            each = _EACH_LINE_BYTES if self.binary else _EACH_LINE
            pieces = [(line, 0) for run in lines for line in each.findall(run)]
            yield from self._pieces(pieces, number, 0)
        else:
            yield _unmarked(whole, True) if _MARK in whole else whole  # (each begins a line)

    def _head(self, line: str | bytes, number: int, offset: int, limit: int) -> str | _BadLine:
        """The start of line ``number``, a line too long that begins at
        ``offset``, as a line of its own (no line break), as the other
        readers give it before the error: as many characters (so that a tag
        that fits in them reads as one, with no line end after it); its offset
        kept as any line's (without it, a game it begins would be indexed at
        the offset of none, 0), and bytes in it that are not UTF-8 told
        first, as the other readers tell them."""
        most = min(_HEAD, limit + 1)
        # (As many characters after a byte order mark, which is none of them.)
        mark = 0
        if isinstance(line, bytes):
            # Not final: a character the read cut in two is left out, not
            # taken for bytes that are not UTF-8.
            text = codecs.getincrementaldecoder("utf-8")("surrogateescape").decode(
                line[: most * 4 + len(_BOM_BYTES)]
            )
            if text.startswith(_MARK):
                text, mark = text[1:], len(_BOM_BYTES)
            head = _checked(text[:most], number)
        else:
            if line.startswith(_MARK):
                line, mark = line[1:], 1
            head = _unicode(line[:most], number)
        if isinstance(head, _BadLine):
            self.bad = self.bad or head.error
            self._keep(number, offset, head.text, mark)
        else:
            self._keep(number, offset, head, mark)
        return head

    def _pieces(
        self, pieces: list[tuple[bytes, int]] | list[tuple[str, int]], number: int, at: int
    ) -> Iterator[str | _BadLine]:
        """The lines ``pieces`` (each with where it begins in the line read
        from offset ``at``), numbered from ``number + 1``, their offsets kept."""
        for piece, within in pieces:
            number += 1
            # The byte order mark and the line end are off before the text is
            # checked, as the other readers check it: an error's column and
            # context count neither.
            text = piece.decode("utf-8", "surrogateescape") if isinstance(piece, bytes) else piece
            mark = 0  # (each piece begins a line: its mark is no character of it)
            if _MARK in text and text[0] == _MARK:
                text = text[1:]
                mark = len(_BOM_BYTES) if self.binary else 1
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            checked = (
                _checked(text, number) if isinstance(piece, bytes) else _unicode(text, number)
            )
            if isinstance(checked, _BadLine):
                # Told by `scan` once the game is cut, as `load` tells it.
                self.bad = self.bad or checked.error
                self._keep(number, at + within, checked.text, mark)
                yield checked
                continue
            self._keep(number, at + within, checked, mark)
            yield checked

    def _keep(self, number: int, offset: int, line: str, mark: int) -> None:
        """Keeps where line ``number`` begins (``offset``, before its byte
        order mark of ``mark`` bytes, or characters in a ``StringIO``, if it
        has one) and its text, if a game may begin in it."""
        if number == 1 or "[" in line:
            self.starts[number] = offset
            self.texts[number] = line
            if mark:
                self.marks[number] = mark

    def forget(self, before: int) -> None:
        """Lines before ``before`` are not asked for again."""
        for number in [n for n in self.starts if n < before]:
            del self.starts[number]
            self.texts.pop(number, None)
            self.measured.pop(number, None)
            self.marks.pop(number, None)

    def start_of(self, line: int, column: int = 1) -> int:
        """Where the text that begins at ``line`` and ``column`` stands."""
        start = self.starts.get(line, 0)
        if column == 1 or not self.within:
            return start
        # (Matched, not cut and stripped: a cut is the line's length for
        # every game on it, a line of a million games a quadratic time.)
        text = self.texts.get(line, "")
        before = min(column - 1, len(text))
        blank = _BLANKS.match(text, 0, before)
        if blank is not None and blank.end() == before:
            # White space alone before it (the grammar's: a "\v" before a
            # game's tags is the game before's, which the readers cut off):
            # the game begins with its line, and read there its columns are
            # the file's.
            return start
        start += self.marks.get(line, 0)  # the game's text begins after the mark
        if not self.binary:  # a StringIO: positions count characters
            return start + column - 1
        # Bytes: the games on one line are asked for from left to right, so
        # each is measured from the one before (a line of a million games
        # costs the line's length, not its length for every game).
        done, size = self.measured.get(line, (1, 0))
        if done > column:
            done, size = 1, 0
        size += len(text[done - 1 : column - 1].encode("utf-8"))
        self.measured[line] = (column, size)
        return start + size


#: Plain lines read one by one in a row before `_Offsets._whole_lines` asks
#: for the next in blocks: a block read where only a move line or two
#: follow before the next game costs more than it saves (with two, games of
#: two to four lines would cost `scan` of a StringIO a tenth to a quarter
#: more).
_PLAIN_FIRST = 4

#: How many characters `_Offsets._block_of_lines` reads ahead at first, and
#: again after a run that ended in them; twice as many after one that did not.
_FIRST_BLOCK = 512

#: As `_FIRST_BLOCK`, in a text file: after a ``seek`` back, its next read
#: decodes a whole chunk of the file again (8,192 bytes; a block costs some
#: seven microseconds, a ``readline`` a third of one), so a block pays only
#: for many lines. Real records cost `scan` of a text file 6 % more than
#: line by line with blocks of 512 characters first, 4 % with 8,192 and 1 to
#: 3 % with 2,048 (floods of short lines: as much less with any).
_FIRST_TEXT_BLOCK = 2048

#: As `_PLAIN_FIRST`, for `read_game` of a text file, which reads a block's
#: run again (`_text_block`): a block there costs as much as twenty lines
#: read one by one, and the runs of real records are shorter than this (a
#: game's tags and moves: 41 lines a game). Real records cost `read_game`
#: 2.6 % more instructions than with no blocks at all with 32 lines first,
#: 1.2 % with 64, and 5 % more time with 4.
_TEXT_FIRST = 64

#: Each line of whole lines.
_EACH_LINE = re.compile(r"[^\n]*+\n|[^\n]++")
_EACH_LINE_BYTES = re.compile(_EACH_LINE.pattern.encode())


def _characters(text: str | bytes) -> int:
    """How many characters ``text`` holds, bytes counted as UTF-8 (a
    continuation byte is no character of its own)."""
    if isinstance(text, str):
        return len(text)
    return len(text) - len(text.translate(None, _NOT_CONTINUATION))


_NOT_CONTINUATION = bytes(b for b in range(256) if not 0x80 <= b < 0xC0)
_BOM_BYTES = "\ufeff".encode()


def _split_cr_bytes(raw: bytes) -> list[tuple[bytes, int]]:
    """The lines of ``raw`` (a line read to its ``\n``) and where each begins
    in it: a lone ``\r`` ends a line too."""
    if _CR not in raw:  # (a number: `_OPEN`)
        return [(raw, 0)]
    return _split_at(raw, _LINE_ENDS_BYTES)


def _split_cr_text(raw: str) -> list[tuple[str, int]]:
    """As `_split_cr_bytes`, for a line of a ``StringIO``."""
    return _split_at(raw, _LINE_ENDS)


_LINE_ENDS = re.compile(r"\r\n?|\n")
_LINE_ENDS_BYTES = re.compile(rb"\r\n?|\n")


def _split_at(raw: AnyStr, ends: re.Pattern[AnyStr]) -> list[tuple[AnyStr, int]]:
    out = []
    start = 0
    for match in ends.finditer(raw):
        out.append((raw[start : match.end()], start))
        start = match.end()
    if start < len(raw):
        out.append((raw[start:], start))
    return out


def _split_cr(line: str) -> list[str]:
    if "\r" not in line:
        return [line]
    pieces = line.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = [p + "\n" for p in pieces[:-1]]
    if pieces[-1]:
        out.append(pieces[-1])
    return out
