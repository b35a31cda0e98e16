"""The tactical variant (R40–R45, D9–D11, D16) as a trapper_core plugin.

Every tile is auctioned. The player whose turn it is holds the start-player
stone: they name a trapper colour for the whole turn and open auctions for
the right to take a tile with that trapper, until they pass and draw four
cards. Everything else — tiles, movement, placement, payouts, tokens, the end
— is the base game's, so this plugin states only the turn: the auction's
actions (:mod:`.actions`), its rules (:mod:`.turn`), its text (:mod:`.text`)
and how the greedy bot bids (:mod:`.strategy`).
"""

from __future__ import annotations

from trapper_core import VariantSpec, hookimpl

from . import strategy, text, turn
from .actions import Auction, Bid, Open, TacticalTurn, Take

__all__ = ["PLUGINS", "Auction", "Bid", "Open", "TacticalTurn", "Take", "trapper_variants"]

PLUGINS = (turn, text, strategy)
"""The tactical variant's rule plugins, stacked on the base game's."""


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="tactical",
            plugins=PLUGINS,
            extends="base",
            title="Trapper, tactical variant",
            description="Every tile is auctioned (R40–R45, D9–D11).",
            aliases=("auction",),
        )
    ]
