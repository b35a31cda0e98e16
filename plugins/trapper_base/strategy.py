"""What the greedy bot thinks base-game actions are worth (``trapper_action_worth``)."""

from __future__ import annotations

from trapper_core import (
    Action,
    EndTurn,
    Exchange,
    GreedyBot,
    Pass,
    PlayerView,
    Retire,
    Step,
    Tile,
    hookimpl,
)
from trapper_core.bots import potential
from trapper_core.display import Placement, place

CANOE_TOKEN_BONUS = 3.0
"""What the bot adds for a payout that earns a canoe token (R20)."""


def take_worth(
    view: PlayerView, tile: Tile, placement: Placement | None, cards: int, bot: GreedyBot
) -> float:
    """Returns what taking ``tile`` into the viewer's display is worth, for ``cards`` cards."""
    display = view.display
    after, full = place(display, tile, placement)
    worth = potential(view, after) - potential(view, display) - bot.card_value * cards
    if full is not None:
        payout = 2 * full.plain_value
        worth += payout + (CANOE_TOKEN_BONUS if payout >= 16 and view.supply.canoe else 0.0)
    return worth


def exchange_worth(view: PlayerView, action: Exchange) -> float:
    """A species token is worth having from 2 on (R21, R34)."""
    token = max((n for n in view.supply.species if n <= len(action.species)), default=0)
    return 3.0 * token - 5.0


def can_draw(view: PlayerView) -> bool:
    """Whether passing would bring any card."""
    return view.draw_pile_size + view.discard.total > 0


def pass_worth(view: PlayerView, bot: GreedyBot) -> float:
    """Passing is worth a little while the hand can still grow."""
    return 0.5 if can_draw(view) and view.hand.total < bot.hand_limit else -100.0


def retire_worth(view: PlayerView, bot: GreedyBot) -> float:
    """Retiring is the last resort, once passing brings nothing."""
    return -0.25 if view.hand.total >= bot.hand_limit or not can_draw(view) else -100.0


@hookimpl
def trapper_action_worth(view: PlayerView, action: Action, bot: GreedyBot) -> float | None:
    if isinstance(action, Step):
        tile = view.board[action.square.index]
        assert isinstance(tile, Tile)
        return take_worth(view, tile, action.placement, action.cards, bot)
    if isinstance(action, Exchange):
        return exchange_worth(view, action)
    if isinstance(action, EndTurn):
        return 0.0
    if isinstance(action, Pass):
        return pass_worth(view, bot)
    if isinstance(action, Retire):
        return retire_worth(view, bot)
    return None
