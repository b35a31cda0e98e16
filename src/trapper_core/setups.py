"""Starting positions (R6–R9, D3).

A :class:`Setup` is everything chance decides before the first turn: the tile
on every square, the tiles set aside unseen, the order of the cards and where
the trappers stand. ``new_game`` makes one from a seed or takes one given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from .errors import SetupError
from .model import COLOURS, SQUARES, Colour, Square, Tile

__all__ = ["DEFAULT_TRAPPERS", "Setup"]

DEFAULT_TRAPPERS: tuple[Square, Square, Square, Square] = (
    Square.parse("d5"),  # blue
    Square.parse("e5"),  # beige
    Square.parse("d4"),  # green
    Square.parse("e4"),  # purple
)
"""D3: blue d5, beige e5, green d4, purple e4."""


def _board(squares: Iterable[Tile | None]) -> tuple[Tile | None, ...]:
    return tuple(squares)


def _deck(cards: Iterable[Colour]) -> tuple[Colour, ...]:
    return tuple(cards)


def _squares(squares: Iterable[Square]) -> tuple[Square, ...]:
    return tuple(squares)


def _tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(tiles)


def _check_board(instance: Setup, attribute: object, board: tuple[Tile | None, ...]) -> None:
    if len(board) != 64:
        raise SetupError(f"a setup names 64 squares (a1 … h8), not {len(board)}")
    for i, tile in enumerate(board):
        if tile is not None and not isinstance(tile, Tile):
            raise SetupError(f"square {SQUARES[i]} holds {tile!r}, which is not a Tile")


def _check_trappers(instance: Setup, attribute: object, trappers: tuple[Square, ...]) -> None:
    if len(trappers) != 4 or not all(isinstance(s, Square) for s in trappers):
        raise SetupError("a setup places four trappers: blue, beige, green, purple squares")
    if len(set(trappers)) != 4:
        raise SetupError("R15: two trappers never share a square")


def _check_deck(instance: Setup, attribute: object, deck: tuple[Colour, ...]) -> None:
    if not all(isinstance(c, Colour) for c in deck):
        raise SetupError("the deck is a sequence of Colour values")


@attrs.frozen
class Setup:
    """A starting position.

    ``board[i]`` is the tile on ``SQUARES[i]`` (``None`` where a trapper
    stands or the square is empty); ``box`` the tiles set aside unseen (R6);
    ``deck`` the cards from the top of the pile down; ``trappers`` the squares
    of the blue, beige, green and purple trappers (D3).

    Dealing takes ``hand size`` cards from the top for each player in seat
    order, player 0 first; the rest is the draw pile.
    """

    board: tuple[Tile | None, ...] = attrs.field(converter=_board, validator=_check_board)
    deck: tuple[Colour, ...] = attrs.field(converter=_deck, validator=_check_deck)
    trappers: tuple[Square, ...] = attrs.field(
        default=DEFAULT_TRAPPERS, converter=_squares, validator=_check_trappers
    )
    box: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles)
    start_player: int = 0

    def __attrs_post_init__(self) -> None:
        for colour, square in zip(COLOURS, self.trappers, strict=True):
            if self.board[square.index] is not None:
                raise SetupError(
                    f"R15: the {colour} trapper stands on {square}, so that square holds no tile"
                )
        if not isinstance(self.start_player, int) or self.start_player < 0:
            raise SetupError(f"the start player is a seat number, not {self.start_player!r}")

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        tiles: Sequence[Tile],
        deck: Sequence[Colour],
        *,
        trappers: tuple[Square, Square, Square, Square] = DEFAULT_TRAPPERS,
        start_player: int = 0,
    ) -> Setup:
        """Returns a setup laid out by ``rng`` (R6, R8).

        The 64 tiles are shuffled into the grid; those on the trappers'
        squares go back to the box unseen. Then the cards are shuffled.
        """
        if len(tiles) != 64:
            raise SetupError(f"the board has 64 squares, but the tile set has {len(tiles)} tiles")
        order = list(tiles)
        rng.shuffle(order)
        cards = list(deck)
        rng.shuffle(cards)
        under = {s.index for s in trappers}
        board = tuple(None if i in under else order[i] for i in range(64))
        box = tuple(order[s.index] for s in trappers)
        return cls(board, cards, trappers, box, start_player)

    def tiles(self) -> list[Tile]:
        """Every tile of the setup: on the board and in the box."""
        return [t for t in self.board if t is not None] + list(self.box)

    def check(self, tile_faces: Counter[str], deck: Sequence[Colour], players: int) -> None:
        """Raises :class:`SetupError` unless the setup fits a variant's tiles,
        deck and number of players."""
        faces = Counter(t.face for t in self.tiles())
        if faces != tile_faces:
            missing = tile_faces - faces
            extra = faces - tile_faces
            detail = []
            if missing:
                detail.append("missing " + " ".join(sorted(missing.elements())))
            if extra:
                detail.append("not in the tile set " + " ".join(sorted(extra.elements())))
            raise SetupError(
                "R1: the setup's tiles differ from the variant's: " + "; ".join(detail)
            )
        if Counter(self.deck) != Counter(deck):
            raise SetupError("R3: the setup's deck differs from the variant's cards")
        if self.start_player >= players:
            raise SetupError(
                f"R9: start player {self.start_player} does not exist among {players} players"
            )
