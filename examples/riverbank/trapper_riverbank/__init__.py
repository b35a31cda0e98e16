"""Riverbank: a Trapper variant in which trappers wade only along the banks.

Water blocks a tile from its own edge, as in the base game, and from the edge
opposite it too: a tile can be entered only across one of its two dry side
edges. In return the market pays three times a full canoe's sum instead of two.
Everything else is the base game.
"""

from __future__ import annotations

from trapper_core import Direction, Row, Tile, VariantSpec, hookimpl

__all__ = ["RiverbankRules", "trapper_variants"]


class RiverbankRules:
    """What Riverbank changes in the base game: two hooks."""

    @hookimpl
    def trapper_can_enter(self, tile: Tile, side: Direction) -> bool:
        # The base game blocks only the water edge (R13); the far bank blocks too.
        return side is not tile.water and side is not tile.water.opposite

    @hookimpl
    def trapper_canoe_payout(self, row: Row) -> int:
        return 3 * row.plain_value  # the base game pays double (R19)


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="riverbank",
            plugins=(RiverbankRules(),),
            extends="base",
            title="Riverbank",
            description="Tiles are entered only across their dry side edges; canoes pay triple.",
        )
    ]
