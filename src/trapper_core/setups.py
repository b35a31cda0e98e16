"""Starting positions.

A [`Setup`][trapper_core.Setup] is everything chance decides before the first turn: the tile
on every square, the tiles set aside unseen, the order of the cards and where
the trappers stand. ``new_game`` makes one from a seed (laid out on the
variant's [`Board`][trapper_core.Board]) or takes one given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from .board import Board
from .errors import SetupError, shown
from .model import COLOURS, SQUARES, Colour, Square, Tile

__all__ = ["Setup"]


def _board(squares: Iterable[Tile | None]) -> tuple[Tile | None, ...]:
    return tuple(squares)


def _deck(cards: Iterable[Colour]) -> tuple[Colour, ...]:
    return tuple(cards)


def _squares(squares: Iterable[Square]) -> tuple[Square, ...]:
    return tuple(squares)


def _tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    out = tuple(tiles)
    for tile in out:
        if not isinstance(tile, Tile):
            raise SetupError(f"the box holds Tile objects, not {shown(tile)}")
    return out


def _check_board(instance: Setup, attribute: object, board: tuple[Tile | None, ...]) -> None:
    if len(board) != 64:
        raise SetupError(f"a setup names 64 squares (a1 … h8), not {len(board)}")
    for i, tile in enumerate(board):
        if tile is not None and not isinstance(tile, Tile):
            raise SetupError(f"square {SQUARES[i]} holds {shown(tile)}, which is not a Tile")


def _check_trappers(instance: Setup, attribute: object, trappers: tuple[Square, ...]) -> None:
    if len(trappers) != 4 or not all(isinstance(s, Square) for s in trappers):
        raise SetupError("a setup places four trappers: blue, beige, green, purple squares")
    if len(set(trappers)) != 4:
        raise SetupError("two trappers cannot stand on one square")


def _check_deck(instance: Setup, attribute: object, deck: tuple[Colour, ...]) -> None:
    if not all(isinstance(c, Colour) for c in deck):
        raise SetupError("the deck is a sequence of Colour values")


@attrs.frozen
class Setup:
    """A starting position.

    ``board[i]`` is the tile on ``SQUARES[i]`` (``None`` where a trapper
    stands or the square is empty); ``box`` the tiles set aside unseen;
    ``deck`` the cards from the top of the pile down; ``trappers`` the squares
    of the blue, beige, green and purple trappers; ``start_player`` the seat
    that begins. How the cards are dealt is the variant's (``trapper_start``).
    """

    board: tuple[Tile | None, ...] = attrs.field(converter=_board, validator=_check_board)
    deck: tuple[Colour, ...] = attrs.field(converter=_deck, validator=_check_deck)
    trappers: tuple[Square, ...] = attrs.field(converter=_squares, validator=_check_trappers)
    box: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles)
    start_player: int = 0

    def __attrs_post_init__(self) -> None:
        for colour, square in zip(COLOURS, self.trappers, strict=True):
            if self.board[square.index] is not None:
                raise SetupError(
                    f"the {colour} trapper stands on {square}, so that square holds no tile"
                )
        start = self.start_player
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise SetupError(f"the start player is a seat number, not {shown(self.start_player)}")

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        tiles: Sequence[Tile],
        deck: Sequence[Colour],
        board: Board,
        *,
        start_player: int = 0,
    ) -> Setup:
        """Returns a setup laid out by ``rng`` on ``board``.

        The tiles are shuffled onto the board's squares, one each, in the
        order of the squares; those on the trappers' start squares go to the
        box unseen. Then the cards are shuffled.
        """
        squares = board.indices()
        if len(tiles) != len(squares):
            raise SetupError(
                f"the board has {len(squares)} squares, but the tile set has {len(tiles)} tiles"
            )
        order = list(tiles)
        rng.shuffle(order)
        cards = list(deck)
        rng.shuffle(cards)
        grid: list[Tile | None] = [None] * 64
        for square, tile in zip(squares, order, strict=True):
            grid[square] = tile
        box = tuple(grid[s.index] for s in board.trappers)
        for s in board.trappers:
            grid[s.index] = None
        return cls(grid, cards, board.trappers, box, start_player)  # type: ignore[arg-type]

    def tiles(self) -> list[Tile]:
        """Every tile of the setup: on the board and in the box."""
        return [t for t in self.board if t is not None] + list(self.box)

    def check(
        self, tile_faces: Counter[str], deck: Sequence[Colour], players: int, board: Board
    ) -> None:
        """Raises [`SetupError`][trapper_core.SetupError] unless the setup fits a variant's board,
        tiles and deck and the number of players."""
        off = [
            SQUARES[i].name
            for i, t in enumerate(self.board)
            if t is not None and SQUARES[i] not in board
        ]
        off += [s.name for s in self.trappers if s not in board]
        if off:
            raise SetupError(f"the setup uses squares off the variant's board: {' '.join(off)}")
        faces = Counter(t.face for t in self.tiles())
        if faces != tile_faces:
            missing = tile_faces - faces
            extra = faces - tile_faces
            detail = []
            if missing:
                detail.append("missing " + " ".join(sorted(missing.elements())))
            if extra:
                detail.append("not in the tile set " + " ".join(sorted(extra.elements())))
            raise SetupError("the setup's tiles differ from the variant's: " + "; ".join(detail))
        if Counter(self.deck) != Counter(deck):
            raise SetupError("the setup's deck differs from the variant's cards")
        if self.start_player >= players:
            raise SetupError(
                f"start player {self.start_player} does not exist among {players} players"
            )
