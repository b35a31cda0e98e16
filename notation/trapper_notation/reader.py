"""Reading notation text into records, with one LALR parser built once."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs
from lark import Lark, Token, Transformer
from lark.common import LexerConf
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer, LexerState
from lark.utils import TextSlice

from trapper_core import Square, Tile, TrapperError, interned

from .errors import NotationSyntaxError
from .items import Comment, Item, Move, Mover, Notes, Reveal, Shuffle, TurnNumber
from .records import Record

__all__ = ["load", "loads", "parser"]


class _BadToken(Exception):
    """A token of the right shape whose content is wrong (``d2=Q9n``)."""

    def __init__(self, token: Token, message: str) -> None:
        super().__init__(message)
        self.token = token
        self.message = message


_TAG = re.compile(r'\[[ \t]*(?P<name>[A-Za-z][A-Za-z0-9_]*)[ \t]+(?P<value>".*")[ \t]*\]')


def _unquote(text: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", text[1:-1])


class _ToRecords(Transformer[Token, list[Record]]):
    """Builds records while the parser runs: no tree is ever made."""

    def start(self, children: list[Record | Comment]) -> list[Record]:
        preface = tuple(c for c in children if isinstance(c, Comment))
        games = [c for c in children if isinstance(c, Record)]
        return [
            Record(game.tags, game.items, number=i, preface=preface if i == 1 else ())
            for i, game in enumerate(games, start=1)
        ]

    def game(self, children: list[Any]) -> Record:
        tags = children[0]
        items = children[1] if len(children) > 1 else []
        return Record(tags, items)

    def tags(self, children: list[Any]) -> list[tuple[str, str]]:
        if len(children) == 1:
            return [children[0]]
        children[0].append(children[1])
        return children[0]  # type: ignore[no-any-return]

    def items(self, children: list[Any]) -> list[Item]:
        if len(children) == 1:
            return [children[0]]
        children[0].append(children[1])
        return children[0]  # type: ignore[no-any-return]

    def tag(self, children: list[Token]) -> tuple[str, str]:
        match = _TAG.fullmatch(children[0])
        assert match is not None  # the lexer matched the same pattern
        return (match["name"], _unquote(match["value"]))

    def item(self, children: list[Item]) -> Item:  # pragma: no cover - aliases name every item
        return children[0]

    def turn(self, children: list[Token]) -> TurnNumber:
        (token,) = children
        return TurnNumber(int(token[:-1]), line=token.line or 0)

    def player(self, children: list[Token]) -> Mover:
        (token,) = children
        name = str(token)[:-1]
        if name.startswith('"'):
            name = _unquote(name)
        return Mover(name, line=token.line or 0)

    def action(self, children: list[Token]) -> Move:
        (token,) = children
        return Move(str(token), line=token.line or 0, column=token.column or 0)

    def comment(self, children: list[Token]) -> Comment:
        return Comment(str(children[0])[1:-1])

    def line_comment(self, children: list[Token]) -> Comment:
        return Comment(str(children[0])[1:], to_end_of_line=True)

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
            raise _BadToken(token, str(exc)) from None


# Where each terminal may stand. The lexer below works like lark's contextual
# lexer, with two contexts instead of one per parser state, and one regular
# expression per context that also skips the white space before a token: half
# the work of lark's own lexers on long move texts.
_CONTEXTS = {
    "top": ("TAG", "TURN", "PLAYER", "ACTION", "BRACE_COMMENT", "LINE_COMMENT", "LPAR"),
    "note": ("SHUFFLE", "CARDS", "REVEAL", "RPAR"),
}
_NEXT_CONTEXT = {"LPAR": "note", "RPAR": "top"}


class _Lexer(Lexer):
    """Tokens for the LALR parser, from the grammar's own terminal patterns."""

    __future_interface__ = 2  # lex(lexer_state, parser_state), text as a TextSlice

    def __init__(self, conf: LexerConf) -> None:
        patterns = {t.name: t.pattern.to_regexp() for t in conf.terminals}
        space = patterns["WS"]
        self.regexps = {
            context: re.compile(
                f"(?:{space})?(?:" + "|".join(f"(?P<{n}>{patterns[n]})" for n in names) + ")"
            )
            for context, names in _CONTEXTS.items()
        }
        self.space = re.compile(f"(?:{space})?")

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        source = lexer_state.text
        text: str = source.text if isinstance(source, TextSlice) else source
        position = source.start if isinstance(source, TextSlice) else 0
        end = source.end if isinstance(source, TextSlice) else len(text)
        context = "top"
        line, line_start = 1 + text.count("\n", 0, position), text.rfind("\n", 0, position) + 1
        while position < end:
            match = self.regexps[context].match(text, position, end)
            if match is None:
                blank = self.space.match(text, position, end)
                position = blank.end() if blank else position
                if position >= end:
                    return
                line = 1 + text.count("\n", 0, position)
                column = position - (text.rfind("\n", 0, position) + 1) + 1
                raise UnexpectedCharacters(  # type: ignore[no-untyped-call]
                    text,
                    position,
                    line,
                    column,
                    allowed=set(_CONTEXTS[context]),
                    state=parser_state,
                )
            kind = match.lastgroup
            assert kind is not None
            start = match.start(kind)
            newlines = text.count("\n", position, start)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", position, start) + 1
            token = Token(kind, match.group(kind), start, line, start - line_start + 1)
            position = match.end()
            context = _NEXT_CONTEXT.get(kind, context)
            yield token


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


_EXAMPLES: dict[str, list[str]] = {
    'a tag is written [Name "value"]': [
        "[Event]",
        '[Event "x"',
        '[ "x"]',
        '[Event "x" "y"]',
        "[Event x]",
    ],
    'a game begins with tags like [Variant "base"] before its moves': [
        "1. A: pass",
        "A: pass",
        "pass",
    ],
    # Each note example twice: right after the tags, and after a move (the
    # parser's stack differs, and lark matches examples by parser state).
    "a note ( … ) holds 'shuffle' and the new draw pile, or tiles like d2=B2e": [
        '[A "b"] ()',
        '[A "b"] (shuffle)',
        '[A "b"] (pass)',
        '[A "b"] pass ()',
        '[A "b"] pass (shuffle)',
        '[A "b"] pass (pass)',
    ],
    "a note ( … ) is closed with ')'": [
        '[A "b"] (shuffle BEGP',
        '[A "b"] (d2=B2e',
        '[A "b"] pass (shuffle BEGP',
        '[A "b"] pass (d2=B2e',
        '[A "b"] (shuffle BEGP pass',
        '[A "b"] pass (d2=B2e pass',
    ],
}

_WORDS = {
    "TAG": 'a tag like [Variant "base"]',
    "TURN": "a turn number like 12.",
    "PLAYER": "a player like Ann:",
    "ACTION": "an action like Gd3 or pass",
    "BRACE_COMMENT": "a comment { … }",
    "LINE_COMMENT": "a comment after ;",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "SHUFFLE": "'shuffle'",
    "CARDS": "cards like BEGP",
    "REVEAL": "a tile like d2=B2e",
    "$END": "the end of the text",
}


def _expected(names: Iterable[str]) -> str:
    words = sorted({_WORDS.get(name, name) for name in names})
    if not words:
        return "nothing more"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _caret(text: str, line: int, column: int) -> str:
    lines = text.splitlines() or [""]
    shown = lines[line - 1] if 0 < line <= len(lines) else ""
    if len(shown) > 120:  # a huge line: show the neighbourhood only
        start = max(0, column - 60)
        shown, column = shown[start : start + 120], column - start
    return shown + "\n" + " " * max(column - 1, 0) + "^"


def _syntax_error(text: str, exc: UnexpectedInput, offset: int = 0) -> NotationSyntaxError:
    label = None
    if getattr(exc, "state", None) is not None:
        label = exc.match_examples(parser().parse, _EXAMPLES, use_accepts=True)
    line, column = exc.line, exc.column
    if line is None or line < 1 or column is None:  # at the end of the text
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    if label is None:
        if isinstance(exc, UnexpectedCharacters):
            position = exc.pos_in_stream or 0
            found = text[position : position + 1]
            what = repr(found) if found.strip() else "the end of the line"
            label = f"unexpected {what}: expected {_expected(exc.allowed or ())}"
        elif isinstance(exc, UnexpectedToken):
            label = (
                f"unexpected {str(exc.token)!r}: expected {_expected(exc.accepts or exc.expected)}"
            )
        else:
            label = f"the text ends too soon: expected {_expected(getattr(exc, 'expected', ()))}"
    return NotationSyntaxError(
        label, line=line + offset, column=column, context=_caret(text, line, column)
    )


def _parse(text: str, offset: int = 0) -> list[Record]:
    try:
        result: list[Record] = parser().parse(text)  # type: ignore[assignment]
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc, offset) from None
    except _BadToken as exc:
        line, column = exc.token.line or 1, exc.token.column or 1
        raise NotationSyntaxError(
            exc.message, line=line + offset, column=column, context=_caret(text, line, column)
        ) from None
    return result


_GAME_START = re.compile(r"^\[", re.MULTILINE)


def loads(text: str, *, errors: list[Exception] | None = None) -> list[Record]:
    """Reads every game in ``text``.

    Strict by default: the first syntax error raises
    [`NotationSyntaxError`][trapper_notation.NotationSyntaxError]. With an
    ``errors`` list, a game with a syntax error is left out, the error
    appended, and reading goes on with the next game (the next line that starts
    with ``[`` after a move).
    """
    if not isinstance(text, str):
        raise TypeError(f"loads reads a str, not {type(text).__name__}")
    try:
        return _parse(text)
    except NotationSyntaxError:
        if errors is None:
            raise
    records: list[Record] = []
    for start, chunk in _chunks(text):
        line_offset = text.count("\n", 0, start)
        try:
            games = _parse(chunk, line_offset)
        except NotationSyntaxError as exc:
            errors.append(exc)
            continue
        records.extend(games)
    return [attrs.evolve(r, number=i) for i, r in enumerate(records, start=1)]


def _chunks(text: str) -> list[tuple[int, str]]:
    """Splits ``text`` where a tag line follows a line that is not a tag."""
    starts = [0]
    lines = text.splitlines(keepends=True)
    position = 0
    previous_was_tag = True
    for line in lines:
        is_tag = line.lstrip().startswith("[")
        if is_tag and not previous_was_tag and position:
            starts.append(position)
        if line.strip():
            previous_was_tag = is_tag
        position += len(line)
    bounds = [*starts, len(text)]
    return [(bounds[i], text[bounds[i] : bounds[i + 1]]) for i in range(len(starts))]


def load(
    file: IO[str] | IO[bytes] | str | os.PathLike[str],
    *,
    errors: list[Exception] | None = None,
) -> list[Record]:
    """Reads every game in a file: an open file (text, or bytes in UTF-8) or
    a path (``notation.load("games.trn")``)."""
    if isinstance(file, str | os.PathLike):
        with open(file, "rb") as opened:
            return load(opened, errors=errors)
    data = file.read()
    if isinstance(data, bytes):
        return loads(_decode(data), errors=errors)
    return loads(data, errors=errors)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise NotationSyntaxError(
            f"the text is not UTF-8 (byte {exc.start})", line=line, column=column, context=""
        ) from None
