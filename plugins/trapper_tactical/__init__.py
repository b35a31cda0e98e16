"""The tactical variant (R40–R45, D9–D11, D16, D19) as a trapper_core plugin.

Every tile is auctioned. The player whose turn it is holds the start-player
stone: they name a trapper colour for the whole turn and open auctions for
the right to take a tile with that trapper, until they pass and draw four
cards. Everything else — tiles, movement, placement, payouts, tokens, the end
— is the base game's, so this plugin states only the turn: the auction's
actions (`.actions`), their kinds (`.turn`), their text
(`.text`) and how the greedy bot bids (`.strategy`).
"""

from __future__ import annotations

from trapper_core import VariantSpec, hookimpl

from . import strategy, turn
from .actions import Auction, Bid, Open, TacticalTurn, Take, units
from .strategy import best_take
from .text import BID, OPEN, TAKE, cards_text
from .turn import (
    HAND_SIZE,
    STONE_DRAW,
    BidKind,
    OpenKind,
    TacticalExchangeKind,
    TacticalPassKind,
    TacticalRetireKind,
    TakeKind,
    payable,
    payments,
    turn_problems,
)

__all__ = [
    "BID",
    "HAND_SIZE",
    "OPEN",
    "PLUGINS",
    "STONE_DRAW",
    "TAKE",
    "Auction",
    "Bid",
    "BidKind",
    "Open",
    "OpenKind",
    "TacticalExchangeKind",
    "TacticalPassKind",
    "TacticalRetireKind",
    "TacticalTurn",
    "Take",
    "TakeKind",
    "best_take",
    "cards_text",
    "payable",
    "payments",
    "trapper_variants",
    "turn_problems",
    "units",
]

PLUGINS = (turn, strategy)
"""The tactical variant's rule plugins, stacked on the base game's."""


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    title, about = (
        "Trapper, tactical variant",
        "Every tile is auctioned (R40–R45, D9–D11, D16, D19).",
    )
    return [VariantSpec("tactical", PLUGINS, "base", title, about, aliases=("auction",))]
