"""The children's variant (R36, R37) as a trapper_core plugin.

It extends the base game and states only what differs: water never blocks a
trapper (R37), and there are no bonus tokens (R36). With an empty token
supply the base game's own rules give no token for a payout (R20), allow no
species exchange (R21, D7) and pay no bonus ranking (R34).
"""

from __future__ import annotations

from trapper_core import Direction, Tile, TokenSupply, VariantSpec, hookimpl

__all__ = ["ChildrenRules", "trapper_variants"]


class ChildrenRules:
    """What the children's variant changes in the base game."""

    @hookimpl
    def trapper_can_enter(self, tile: Tile, side: Direction) -> bool:
        return True  # R37: no water; isolation means no neighbouring tile at all

    @hookimpl
    def trapper_token_supply(self) -> TokenSupply:
        return TokenSupply()  # R36: no bonus tokens of either kind


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="children",
            plugins=(ChildrenRules(),),
            extends="base",
            title="Trapper for younger children",
            description="No water and no bonus tokens (R36, R37).",
            aliases=("kids",),
        )
    ]
