"""The items of a record's move text: turn numbers, movers, moves, notes of
chance outcomes and revealed tiles, and comments. Items compare equal when
they say the same; where in a file they stood (``line``, ``column``) does not
count.

An item holds only what the writer can write so that the reader reads it
back as the same item: anything else raises `RecordError` when the item is
made, naming the field and the value (``Move("pa ss")`` would read back as
two moves, ``TurnNumber(-1)`` not at all)."""

from __future__ import annotations

import re
from typing import Any, TypeAlias

import attrs

from trapper_core import ACTION_TEXT, Square, Tile
from trapper_core.errors import as_tuple, shown
from trapper_core.game import MAX_ACTION_TEXT

from .errors import RecordError

__all__ = [
    "SURROGATE",
    "TURN_DIGITS",
    "Comment",
    "Item",
    "Move",
    "Mover",
    "Notes",
    "Reveal",
    "Shuffle",
    "TurnNumber",
    "check_one_line",
]

#: The most digits of a turn number (a game of that many turns would not fit
#: in any file); the reader refuses more.
TURN_DIGITS = 18

#: A lone surrogate: a str that holds one is no Unicode text (it cannot be
#: written as UTF-8, and the reader refuses it as it does bytes that are not).
SURROGATE = re.compile("[\ud800-\udfff]")

#: The cards of a reshuffle as the grammar's CARDS terminal reads them.
_CARDS = re.compile("[BEGP]+")


def _turn(item: object, attribute: object, value: Any) -> None:
    # A bool is an int, and would be written "True.".
    if type(value) is not int or not 0 <= value < 10**TURN_DIGITS:
        raise RecordError(
            f"a TurnNumber's number is a whole number from 0, of at most {TURN_DIGITS} digits, "
            f"not {shown(value)}"
        )


def _name(item: object, attribute: object, value: Any) -> None:
    # Written plain (Ann:) or quoted ("Ann Lee":): any text of one line. The
    # reader reads a lone "\r" as a line end.
    if not isinstance(value, str):
        raise RecordError(f"a Mover's name is a str, not {shown(value)}")
    check_one_line(value, "a Mover's name")


def check_one_line(value: str, what: str) -> None:
    """Raises `RecordError` (naming ``what``) unless ``value`` can be
    written as one line of text and read back: no line end (the reader
    reads a lone "\r" as one) and no lone surrogate (no UTF-8 text)."""
    if "\n" in value or "\r" in value:
        raise RecordError(f"{what} is one line, not {shown(value)}")
    if SURROGATE.search(value) is not None:
        raise RecordError(f"{what} is Unicode text, with no lone surrogate: {shown(value)}")


def _action(item: object, attribute: object, value: Any) -> None:
    # One word that the grammar reads as an action: no space, and no "." or
    # ":" (a turn number, a player), "{", ";" or "(" (a comment, a note).
    if not isinstance(value, str) or ACTION_TEXT.fullmatch(value) is None:
        raise RecordError(
            "a Move's text is one action: a letter or digit, then letters, digits and "
            f"/ < > + = - (trapper_core.ACTION_TEXT), not {shown(value)}"
        )
    if len(value) > MAX_ACTION_TEXT:  # which Game.parse_action would refuse at the replay
        raise RecordError(
            f"a Move's text is one action, of at most {MAX_ACTION_TEXT} characters, not "
            f"{len(value)}: {shown(value)}"
        )


def _cards(item: object, attribute: object, value: Any) -> None:
    if not isinstance(value, str) or _CARDS.fullmatch(value) is None:
        raise RecordError(
            "a Shuffle's cards are the new draw pile, top first, as the letters B, E, G "
            f"and P (at least one), not {shown(value)}"
        )


def _square(item: object, attribute: object, value: Any) -> None:
    if not isinstance(value, Square):
        raise RecordError(
            f"a Reveal's square is a Square (Square.parse('d6')), not {shown(value)}"
        )


def _tile(item: object, attribute: object, value: Any) -> None:
    if not isinstance(value, Tile):
        raise RecordError(f"a Reveal's tile is a Tile (Tile.from_code('B2n')), not {shown(value)}")


def _entries(value: Any) -> tuple[Shuffle | Reveal, ...]:
    if isinstance(value, str | bytes):
        raise RecordError(f"a Notes' entries are Shuffle and Reveal objects, not {shown(value)}")
    entries = as_tuple(
        value, RecordError, "a Notes' entries are a sequence of Shuffle and Reveal objects"
    )
    for entry in entries:
        if not isinstance(entry, Shuffle | Reveal):
            raise RecordError(
                f"a Notes' entries are Shuffle and Reveal objects, not {shown(entry)}"
            )
    if not entries:
        raise RecordError("a Notes holds at least one entry: the reader reads no '()'")
    return entries


def _comment(item: Any, attribute: object, value: object) -> None:
    # Checked with to_end_of_line, the last field: what the text may hold
    # depends on the kind of comment. The reader reads a lone "\r" as a line
    # end, "\n".
    if type(value) is not bool:
        raise RecordError(f"a Comment's to_end_of_line is True or False, not {shown(value)}")
    text = item.text
    if not isinstance(text, str):
        raise RecordError(f"a Comment's text is a str, not {shown(text)}")
    if value and ("\n" in text or "\r" in text):
        raise RecordError(f"a ';' comment is one line: {shown(text)}")
    if not value and "}" in text:
        raise RecordError(f"a {{ }} comment cannot hold '}}': {shown(text)}")
    if "\r" in text:
        raise RecordError(
            f"a comment's line ends are '\\n' (the reader reads '\\r' as one): {shown(text)}"
        )
    if "\n\ufeff" in text:
        raise RecordError(
            "a comment's line cannot begin with U+FEFF (the reader reads a byte order "
            f"mark at the start of a line as none): {shown(text)}"
        )
    if SURROGATE.search(text) is not None:
        raise RecordError(
            f"a Comment's text is Unicode text, with no lone surrogate: {shown(text)}"
        )


@attrs.frozen
class TurnNumber:
    """``12.``: a new turn begins."""

    number: int = attrs.field(validator=_turn)
    line: int = attrs.field(default=0, eq=False, repr=False)
    column: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Mover:
    """``Ann:``: the player who makes the decisions that follow."""

    name: str = attrs.field(validator=_name)
    line: int = attrs.field(default=0, eq=False, repr=False)
    column: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Move:
    """The text of one action, read by ``Game.parse_action``."""

    text: str = attrs.field(validator=_action)
    line: int = attrs.field(default=0, eq=False, repr=False)
    column: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Shuffle:
    """``shuffle EGBP…``: the discard pile became this draw pile, top first (R8)."""

    cards: str = attrs.field(validator=_cards)


@attrs.frozen
class Reveal:
    """``d2=B2e``: the tile on (or taken from) a square."""

    square: Square = attrs.field(validator=_square)
    tile: Tile = attrs.field(validator=_tile)


@attrs.frozen
class Notes:
    """``( … )``: chance outcomes and tiles, after the move they belong to;
    ``entries`` is a sequence (kept as a tuple) of at least one."""

    entries: tuple[Shuffle | Reveal, ...] = attrs.field(converter=_entries)
    line: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Comment:
    """``{ … }`` or ``; …`` to the end of the line; ``text`` is what stands inside."""

    text: str
    to_end_of_line: bool = attrs.field(default=False, validator=_comment)


Item: TypeAlias = TurnNumber | Mover | Move | Notes | Comment


# The reader's own items, made without the checks above: the grammar has read
# each word already (an action is an ACTION word, a turn number has at most
# TURN_DIGITS digits, a name is one line of UTF-8 text, a comment is what its
# terminal holds), and the reader's text has its line ends made "\n". The
# checks would cost `record.items`, which makes a record's items from its
# text, half again its time (some 1.8 µs a move before, 3 µs with them).
_new = object.__new__
_set = object.__setattr__


def read_turn(number: int, line: int, column: int) -> TurnNumber:
    """``TurnNumber(number, line, column)``, of a TURN word the reader has read."""
    item = _new(TurnNumber)
    _set(item, "number", number)
    _set(item, "line", line)
    _set(item, "column", column)
    return item


def read_mover(name: str, line: int, column: int) -> Mover:
    """``Mover(name, line, column)``, of a PLAYER word the reader has read."""
    item = _new(Mover)
    _set(item, "name", name)
    _set(item, "line", line)
    _set(item, "column", column)
    return item


def read_move(text: str, line: int, column: int) -> Move:
    """``Move(text, line, column)``, of an ACTION word the reader has read."""
    item = _new(Move)
    _set(item, "text", text)
    _set(item, "line", line)
    _set(item, "column", column)
    return item


def read_comment(text: str, to_end_of_line: bool) -> Comment:
    """``Comment(text, to_end_of_line)``, of a comment the reader has read."""
    item = _new(Comment)
    _set(item, "text", text)
    _set(item, "to_end_of_line", to_end_of_line)
    return item
