"""The loot tiles a game is played with.

A tile set is data: a variant returns one from ``trapper_tile_set`` and a user
may build another (for instance with the water edges printed on a physical
copy of the game). The base game's standard set is
``trapper_base.standard_tile_set()``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

import attrs

from .errors import SetupError, shown
from .interning import interned
from .model import Kind, Tile

__all__ = ["TileSet"]


def _tile_tuple(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, str | bytes) or not isinstance(tiles, Iterable):
        raise SetupError(f"a tile set holds Tile objects, not {shown(tiles)}")
    return tuple(tiles)


def _check_tiles(instance: TileSet, attribute: object, tiles: tuple[Tile, ...]) -> None:
    if not all(isinstance(t, Tile) for t in tiles):
        raise SetupError("a tile set holds Tile objects only")
    if not tiles:
        raise SetupError("a tile set holds at least one tile")
    canoes = Counter((t.species, t.value) for t in tiles if t.kind is Kind.CANOE)
    twice = [f"{species} canoe ({capacity})" for (species, capacity), n in canoes.items() if n > 1]
    if twice:
        # Canoes are told apart by species and capacity: actions and records name them so.
        raise SetupError(f"a tile set holds each canoe once; doubled: {', '.join(twice)}")


@attrs.frozen(cache_hash=True)  # bots look their variant's tile set up in caches
class TileSet:
    """The tiles a game is played with: at least one
    [`Tile`][trapper_core.Tile], each canoe once (anything else raises
    [`SetupError`][trapper_core.SetupError])."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_tile_tuple, validator=_check_tiles)
    name: str = "custom"

    @classmethod
    def from_codes(cls, codes: Iterable[str], name: str = "custom") -> TileSet:
        """Returns the tile set written as tile codes (``B3n``, ``CB2e``, …)."""
        if isinstance(codes, str | bytes) or not isinstance(codes, Iterable):
            raise SetupError(f"a tile set is written as tile codes, not {shown(codes)}")
        return cls(tuple(Tile.from_code(code) for code in codes), name=name)

    def faces(self) -> Counter[str]:
        """Counts the tiles by face, ignoring water edges."""
        return Counter(faces_of(self))

    def __len__(self) -> int:
        return len(self.tiles)


@interned
def faces_of(tile_set: TileSet) -> Counter[str]:
    """``tile_set.faces()`` made once per tile set, shared: never change it.
    (A game checks its setup against it; keyed by the set, whose hash is
    kept, rather than by its 64 tiles, whose tuple's hash is not.)"""
    return Counter(map(_FACE, tile_set.tiles))


_FACE = attrgetter("face")
