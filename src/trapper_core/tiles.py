"""The loot tiles of a game (R1) and their water edges (R2, D1).

A tile set is data: a variant returns one from ``trapper_tile_set`` and a user
may build another (for instance with the water edges printed on a physical
copy of the game).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

import attrs

from .errors import SetupError
from .model import DIRECTIONS, SPECIES, Kind, Tile

__all__ = ["ANIMAL_VALUES", "TileSet", "standard_faces", "standard_tile_set"]

ANIMAL_VALUES = (1, 2, 2, 3, 3, 4)
"""The values of the six animals of every species (R1)."""


def standard_faces() -> list[str]:
    """Returns the 64 tile faces of the game in the order of the D1 table.

    Animals species by species (mink, lynx, moose, bear, wolf, salmon) with
    values 1, 2, 2, 3, 3, 4; then the canoes species by species with
    capacities 1, 2, 3; then herbs 1–5 and mushrooms 1–5.
    """
    faces = [f"{s.letter}{v}" for s in SPECIES for v in ANIMAL_VALUES]
    faces += [f"C{s.letter}{c}" for s in SPECIES for c in (1, 2, 3)]
    faces += [f"H{v}" for v in range(1, 6)]
    faces += [f"F{v}" for v in range(1, 6)]
    return faces


@functools.cache
def standard_tile_set() -> TileSet:
    """Returns the standard 64 tiles with the water edges of the D1 table.

    The printed distribution of water edges is unknown, so the engine deals
    them out round the compass: the i-th face of :func:`standard_faces` has
    its water to the north, east, south, west for i = 0, 1, 2, 3 (mod 4).
    Every run of consecutive faces is spread as evenly as four directions
    allow, so each direction gets 16 tiles, each species' animals 2/2/1/1,
    the 18 canoes 5/5/4/4, the herbs and the mushrooms 2/1/1/1 (D1).
    """
    tiles = tuple(
        Tile.from_face(face, DIRECTIONS[i % 4]) for i, face in enumerate(standard_faces())
    )
    return TileSet(tiles, name="standard")


def _tile_tuple(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(tiles)


@functools.lru_cache(maxsize=64)
def _faces(tiles: tuple[Tile, ...]) -> Counter[str]:
    return Counter(t.face for t in tiles)


def _check_tiles(instance: TileSet, attribute: object, tiles: tuple[Tile, ...]) -> None:
    if not all(isinstance(t, Tile) for t in tiles):
        raise SetupError("a tile set holds Tile objects only")
    if len(tiles) < 5:
        raise SetupError(f"a tile set needs at least 5 tiles, not {len(tiles)}")
    canoes = Counter((t.species, t.value) for t in tiles if t.kind is Kind.CANOE)
    twice = [f"{species} canoe ({capacity})" for (species, capacity), n in canoes.items() if n > 1]
    if twice:
        # Open canoes are told apart by species and capacity (D6 choices name them).
        raise SetupError(f"a tile set holds each canoe once; doubled: {', '.join(twice)}")


@attrs.frozen
class TileSet:
    """The tiles a game is played with."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_tile_tuple, validator=_check_tiles)
    name: str = "custom"

    @classmethod
    def from_codes(cls, codes: Iterable[str], name: str = "custom") -> TileSet:
        """Returns the tile set written as tile codes (``B3n``, ``CB2e``, …)."""
        return cls(tuple(Tile.from_code(code) for code in codes), name=name)

    def faces(self) -> Counter[str]:
        """Counts the tiles by face, ignoring water edges."""
        return Counter(_faces(self.tiles))

    def __len__(self) -> int:
        return len(self.tiles)
