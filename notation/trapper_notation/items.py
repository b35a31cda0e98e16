"""The items of a record's move text: turn numbers, movers, moves, notes of
chance outcomes and revealed tiles, and comments. Items compare equal when
they say the same; where in a file they stood (``line``) does not count."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from trapper_core import Square, Tile

__all__ = ["Comment", "Item", "Move", "Mover", "Notes", "Reveal", "Shuffle", "TurnNumber"]


@attrs.frozen
class TurnNumber:
    """``12.``: a new turn begins."""

    number: int
    line: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Mover:
    """``Ann:``: the player who makes the decisions that follow."""

    name: str
    line: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Move:
    """The text of one action, read by ``Game.parse_action``."""

    text: str
    line: int = attrs.field(default=0, eq=False, repr=False)
    column: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Shuffle:
    """``shuffle EGBP…``: the discard pile became this draw pile, top first (R8)."""

    cards: str


@attrs.frozen
class Reveal:
    """``d2=B2e``: the tile on (or taken from) a square."""

    square: Square
    tile: Tile


@attrs.frozen
class Notes:
    """``( … )``: chance outcomes and tiles, after the move they belong to."""

    entries: tuple[Shuffle | Reveal, ...]
    line: int = attrs.field(default=0, eq=False, repr=False)


@attrs.frozen
class Comment:
    """``{ … }`` or ``; …`` to the end of the line; ``text`` is what stands inside."""

    text: str
    to_end_of_line: bool = False


Item: TypeAlias = TurnNumber | Mover | Move | Notes | Comment
