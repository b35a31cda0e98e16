"""Starting positions.

A [`Setup`][trapper_core.Setup] is everything chance decides before the first turn: the tile
on every square, the tiles set aside unseen, the order of the cards and where
the trappers stand. ``new_game`` makes one from a seed (laid out on the
variant's [`Board`][trapper_core.Board]) or takes one given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

import attrs

from .board import Board
from .errors import SetupError, as_tuple, as_whole, shown
from .model import COLOURS, MAX_COUNT, SQUARES, Colour, Square, Tile

__all__ = ["Setup"]


def _sequence(value: Iterable[Any], what: str) -> tuple[Any, ...]:
    return as_tuple(value, SetupError, what)


def _board(squares: Iterable[Tile | None]) -> tuple[Tile | None, ...]:
    return _sequence(squares, "a setup's board is a sequence of 64 squares' tiles (or None)")


def _deck(cards: Iterable[Colour]) -> tuple[Colour, ...]:
    return _sequence(cards, "a setup's deck is a sequence of Colour values")


def _colours(cards: Iterable[Colour], where: str) -> tuple[Colour, ...]:
    """``cards`` as a tuple of `Colour` values, else a `SetupError` naming ``where``."""
    deck = _sequence(cards, f"{where}: the deck is a sequence of Colour values")
    if not set(map(type, deck)) <= _COLOUR_TYPE:  # a C loop: a deck is checked per replay
        bad = next(card for card in deck if not isinstance(card, Colour))
        raise SetupError(f"{where}: the deck is Colour values, not {shown(bad)}")
    return deck


def _check_start(start: object, where: str = "") -> int:
    """A start player is a seat number: a whole number from 0, of at most 18
    digits; returned as a plain ``int`` (an ``int`` subclass compared and
    kept by its own methods could say anything)."""
    if not isinstance(start, bool) and isinstance(start, int):
        start = int.__index__(start)
        if 0 <= start <= MAX_COUNT:
            return start
    raise SetupError(
        f"{where}the start player is a seat number from 0, of at most 18 digits, "
        f"not {shown(start)}"
    )


_FACE = attrgetter("face")


def _squares(squares: Iterable[Square]) -> tuple[Square, ...]:
    return _sequence(squares, "a setup's trappers are a sequence of four Square values")


def _tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    out = _sequence(tiles, "a setup's box is a sequence of Tile objects")
    if set(map(type, out)) <= _TILE_TYPE:  # a C loop: a setup is checked per replay
        return out
    for tile in out:
        if not isinstance(tile, Tile):
            raise SetupError(f"the box holds Tile objects, not {shown(tile)}")
    return out


def _check_board(instance: Setup, attribute: object, board: tuple[Tile | None, ...]) -> None:
    if len(board) != 64:
        raise SetupError(f"a setup names 64 squares (a1 … h8), not {len(board)}")
    if set(map(type, board)) <= _SQUARE_TYPES:  # a C loop: a setup is checked per replay
        return
    for i, tile in enumerate(board):
        if tile is not None and not isinstance(tile, Tile):
            raise SetupError(f"square {SQUARES[i]} holds {shown(tile)}, which is not a Tile")


def _check_trappers(instance: Setup, attribute: object, trappers: tuple[Square, ...]) -> None:
    if len(trappers) != 4 or not all(isinstance(s, Square) for s in trappers):
        raise SetupError("a setup places four trappers: blue, beige, green, purple squares")
    if len(set(trappers)) != 4:
        raise SetupError("two trappers cannot stand on one square")


def _check_deck(instance: Setup, attribute: object, deck: tuple[Colour, ...]) -> None:
    if set(map(type, deck)) <= _COLOUR_TYPE:  # a C loop: a setup is checked per replay
        return
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
    start_player: int = attrs.field(default=0, converter=_check_start)

    def __attrs_post_init__(self) -> None:
        for colour, square in zip(COLOURS, self.trappers, strict=True):
            if self.board[square.index] is not None:
                raise SetupError(
                    f"the {colour} trapper stands on {square}, so that square holds no tile"
                )

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
        box unseen. Then the cards are shuffled. Raises
        [`SetupError`][trapper_core.SetupError], before ``rng`` is used, for
        an ``rng`` that is no `random.Random`, tiles that are no `Tile`
        objects, a deck that is no `Colour` values, tiles that do not fill
        the board, or a ``start_player`` that is no seat number.
        """
        if not isinstance(rng, random.Random):
            raise SetupError(f"Setup.shuffled takes a random.Random, not {shown(rng)}")
        _check_layout(board)
        start_player = _check_start(start_player, "Setup.shuffled: ")
        tiles = _sequence(tiles, "Setup.shuffled: the tiles are a sequence of Tile objects")
        for tile in tiles:
            if not isinstance(tile, Tile):
                raise SetupError(f"Setup.shuffled: the tiles are Tile objects, not {shown(tile)}")
        deck = _colours(deck, "Setup.shuffled")
        grid, cards, box = _lay_out(rng, tiles, deck, board)  # checks the count before shuffling
        return cls(grid, cards, board.trappers, box, start_player)

    @classmethod
    def _of_variant(
        cls, rng: random.Random, tiles: tuple[Tile, ...], deck: tuple[Colour, ...], board: Board
    ) -> Setup:
        """`shuffled` from a variant's own tiles, deck and board, which need
        no checks: ``new_game`` lays out every seeded game this way (the
        checks and converters would be a fifth of starting a game)."""
        grid, cards, box = _lay_out(rng, tiles, deck, board)
        # The variant's tile set and board check themselves when made; its
        # deck is a plain tuple from a hook, checked here (a C loop).
        if not set(map(type, cards)) <= _COLOUR_TYPE:
            raise SetupError("the deck is a sequence of Colour values")
        setup = _new(cls)
        _set(setup, "board", tuple(grid))
        _set(setup, "deck", tuple(cards))
        _set(setup, "trappers", board.trappers)
        _set(setup, "box", box)
        _set(setup, "start_player", 0)
        return setup

    def tiles(self) -> list[Tile]:
        """Every tile of the setup: on the board and in the box."""
        return [t for t in self.board if t is not None] + list(self.box)

    def check(
        self, tile_faces: Mapping[str, int], deck: Sequence[Colour], players: int, board: Board
    ) -> None:
        """Raises [`SetupError`][trapper_core.SetupError] unless the setup fits a variant's board,
        tiles and deck and the number of players (``tile_faces``: how many
        tiles of each face the variant has, as ``tiles.faces_of`` counts
        them)."""
        _check_layout(board)
        if not isinstance(tile_faces, Mapping):
            raise SetupError(
                f"Setup.check: tile_faces counts the tiles by face, not {shown(tile_faces)}"
            )
        if not isinstance(tile_faces, Counter):  # compared by dict.__eq__, subtracted below
            tile_faces = Counter(dict(tile_faces))
            for face, count in tile_faces.items():
                if type(count) is not int or count < 0:
                    raise SetupError(
                        f"Setup.check: tile_faces counts the tiles by face, and {shown(face)} "
                        f"has {shown(count)}"
                    )
        deck = _colours(deck, "Setup.check")
        players = as_whole(players, SetupError, "Setup.check: players is a count")
        mask = board.mask
        off = [
            SQUARES[i].name
            for i, t in enumerate(self.board)
            if t is not None and not mask >> i & 1
        ]
        off += [s.name for s in self.trappers if s not in board]
        if off:
            raise SetupError(f"the setup uses squares off the variant's board: {' '.join(off)}")
        # Counted in C and compared as dicts first (Counter's own ==, a Python
        # loop that also takes a zero count for none, only when they differ):
        # a record's replay checks its setup.
        faces = Counter(map(_FACE, self.tiles()))
        if not dict.__eq__(faces, tile_faces) and faces != tile_faces:
            missing = tile_faces - faces
            extra = faces - tile_faces
            detail = []
            if missing:
                detail.append("missing " + " ".join(sorted(missing.elements())))
            if extra:
                detail.append("not in the tile set " + " ".join(sorted(extra.elements())))
            raise SetupError("the setup's tiles differ from the variant's: " + "; ".join(detail))
        if not dict.__eq__(Counter(self.deck), Counter(deck)):
            raise SetupError("the setup's deck differs from the variant's cards")
        if self.start_player >= players:
            raise SetupError(
                f"start player {shown(self.start_player)} does not exist among {players} players"
            )


def _lay_out(
    rng: random.Random, tiles: Sequence[Tile], deck: Sequence[Colour], board: Board
) -> tuple[list[Tile | None], list[Colour], tuple[Tile, ...]]:
    """The grid, the cards and the box of `Setup.shuffled`."""
    squares = board.indices()
    if len(tiles) != len(squares):
        raise SetupError(
            f"the board has {len(squares)} squares, but the tile set has {len(tiles)} tiles"
        )
    # A plain generator shuffles by the written-out shuffle (the same
    # draws); a subclass may shuffle its own way, and is asked to.
    mix = shuffle if type(rng) is random.Random else type(rng).shuffle
    order = list(tiles)
    mix(rng, order)
    cards = list(deck)
    mix(rng, cards)
    grid: list[Tile | None] = [None] * 64
    for square, tile in zip(squares, order, strict=True):
        grid[square] = tile
    box: tuple[Tile, ...] = tuple([grid[s.index] for s in board.trappers])  # type: ignore[misc]
    for s in board.trappers:
        grid[s.index] = None
    return grid, cards, box


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffles ``items`` in place exactly as ``rng.shuffle(items)`` does
    (Python's algorithm written out, drawing the same bits in the same
    order): ``Random.shuffle`` makes two Python calls an item, and a new
    game shuffles 124 (this halves the cost of the two shuffles).
    ``tests/test_api.py`` checks that the two agree."""
    getrandbits = rng.getrandbits
    for n, k in _DRAWS[len(items)] if len(items) < len(_DRAWS) else _draws(len(items)):
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        i = n - 1
        items[i], items[r] = items[r], items[i]


def _draws(length: int) -> tuple[tuple[int, int], ...]:
    """For each swap of a shuffle of ``length`` items, the number of places
    to choose from and the bits drawn for it (``Random._randbelow``)."""
    return tuple((n, n.bit_length()) for n in range(length, 1, -1))


_DRAWS = tuple(_draws(length) for length in range(129))
_new = object.__new__
_set = object.__setattr__
_COLOUR_TYPE = {Colour}
_TILE_TYPE = {Tile}
_SQUARE_TYPES = {Tile, type(None)}


def _check_layout(board: object) -> None:
    if not isinstance(board, Board):
        raise SetupError(
            f"a setup is laid out on a Board (a variant's trapper_board), not {shown(board)}"
        )
