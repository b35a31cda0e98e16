"""The board a variant plays on: which squares of the grid hold tiles, and
where the trappers start.

Squares are named on one grid, files ``a``–``h`` and ranks ``1``–``8``
([`SQUARES`][trapper_core.SQUARES]). A variant's [`Board`][trapper_core.Board] is a set of
squares of that grid, so a 6 × 6 board is ``a1``–``f6`` and every name,
picture and record keeps working. A variant answers ``trapper_board``.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .errors import SetupError, shown
from .model import Square

__all__ = ["Board"]


def _square_tuple(squares: Iterable[Square]) -> tuple[Square, ...]:
    if isinstance(squares, str | bytes) or not isinstance(squares, Iterable):
        raise SetupError(f"a board is a set of Square values, not {shown(squares)}")
    given = tuple(squares)
    if not all(isinstance(s, Square) for s in given):
        raise SetupError("a board is a set of Square values")  # before they are sorted
    return tuple(sorted(set(given)))


def _check_squares(instance: Board, attribute: object, squares: tuple[Square, ...]) -> None:
    if not all(isinstance(s, Square) for s in squares):
        raise SetupError("a board is a set of Square values")
    if not squares:
        raise SetupError("a board has at least one square")


def _trapper_tuple(squares: Iterable[Square]) -> tuple[Square, ...]:
    if isinstance(squares, str | bytes) or not isinstance(squares, Iterable):
        raise SetupError(f"a board places four trappers on Square values, not {shown(squares)}")
    return tuple(squares)


def _grid_size(value: object, what: str) -> int:
    if type(value) is not int or not 1 <= value <= 8:
        raise SetupError(
            f"a board's {what} are a number from 1 to 8 (the a1–h8 grid), not {shown(value)}"
        )
    return value


@attrs.frozen
class Board:
    """The squares in play and the trappers' start squares.

    ``squares`` are the squares that hold a tile or a trapper at the start;
    ``trappers`` the start squares of the blue, beige, green and purple
    trappers, which must be among them.

    Examples:
        >>> Board.rectangle(6, 6, Board.centre(6, 6)).files
        6
    """

    squares: tuple[Square, ...] = attrs.field(converter=_square_tuple, validator=_check_squares)
    trappers: tuple[Square, ...] = attrs.field(converter=_trapper_tuple)
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The squares as a bit mask over square indices."""
    _indices: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The squares' indices, ascending (`indices`)."""

    def __attrs_post_init__(self) -> None:
        if len(self.trappers) != 4 or not all(isinstance(s, Square) for s in self.trappers):
            raise SetupError("a board places four trappers: blue, beige, green, purple squares")
        if len(set(self.trappers)) != 4:
            raise SetupError("two trappers cannot start on one square")
        outside = [s.name for s in self.trappers if s not in self.squares]
        if outside:
            raise SetupError(f"trappers start off the board, on {' '.join(outside)}")
        mask = 0
        for square in self.squares:
            mask |= 1 << square.index
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "_indices", tuple(s.index for s in self.squares))

    @classmethod
    def rectangle(cls, files: int, ranks: int, trappers: Iterable[Square]) -> Board:
        """Returns the board of ``files`` × ``ranks`` squares from ``a1``."""
        files, ranks = _grid_size(files, "files"), _grid_size(ranks, "ranks")
        return cls((Square.at(f, r) for r in range(ranks) for f in range(files)), tuple(trappers))

    @staticmethod
    def centre(files: int, ranks: int) -> tuple[Square, Square, Square, Square]:
        """Returns the four centre squares of a ``files`` × ``ranks`` board:
        north-west, north-east, south-west, south-east."""
        files, ranks = _grid_size(files, "files"), _grid_size(ranks, "ranks")
        if files < 2 or ranks < 2:
            raise SetupError(f"a board of {files} × {ranks} squares has no four centre squares")
        west, south = (files - 1) // 2, (ranks - 1) // 2
        return (
            Square.at(west, south + 1),
            Square.at(west + 1, south + 1),
            Square.at(west, south),
            Square.at(west + 1, south),
        )

    @property
    def files(self) -> int:
        """How many files the board spans, from file ``a``."""
        return max(s.file for s in self.squares) + 1

    @property
    def ranks(self) -> int:
        """How many ranks the board spans, from rank ``1``."""
        return max(s.rank for s in self.squares) + 1

    def __contains__(self, square: object) -> bool:
        return isinstance(square, Square) and bool(self.mask >> square.index & 1)

    def __len__(self) -> int:
        return len(self.squares)

    def indices(self) -> tuple[int, ...]:
        """The square indices of the board, ascending (made once: every new
        game lays its tiles out on them)."""
        return self._indices
