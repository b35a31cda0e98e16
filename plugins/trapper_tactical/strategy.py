"""How the greedy bot bids: a tile is worth what it adds to the display, a unit
of a bid costs at least one card."""

from __future__ import annotations

from trapper_base import Pass, Retire, pass_worth, retire_worth, take_worth
from trapper_core import COLOURS, Action, Colour, GreedyBot, PlayerView, Tile, hookimpl

from .actions import Bid, Open, TacticalTurn, Take

__all__ = ["best_take"]

_BEST_TAKE = "trapper_tactical.best_take"  # memo key, with the colour


def best_take(view: PlayerView, colour: Colour, bot: GreedyBot) -> float:
    """What the best tile the ``colour`` trapper can reach is worth to the viewer,
    before paying for it."""
    return bot.remembered(view, (_BEST_TAKE, colour), _best_take, view, colour, bot)


def _best_take(view: PlayerView, colour: Colour, bot: GreedyBot) -> float:
    best = float("-inf")
    for square in view.targets[colour]:
        tile = view.board[square]
        if not isinstance(tile, Tile):  # no tile seen there (a view made by hand): nothing to gain
            continue
        for placement in bot.rules(view.variant).placement_choices(view.display, tile):
            best = max(best, take_worth(view, tile, placement, 0, bot))
    return best


@hookimpl
def trapper_action_worth(view: PlayerView, action: Action, bot: GreedyBot) -> float | None:
    turn = view.turn
    if not isinstance(turn, TacticalTurn):
        return None
    if isinstance(action, Open):
        return best_take(view, action.colour, bot) - bot.card_value * action.bid
    if isinstance(action, Bid):
        assert turn.auction is not None
        return best_take(view, turn.auction.colour, bot) - bot.card_value * action.bid
    if isinstance(action, Take):
        tile = view.board[action.square.index]
        cards = sum(action.cards[c] for c in COLOURS)
        if not isinstance(tile, Tile):  # as the base game's step: only its price is known
            return -bot.card_value * cards
        return take_worth(view, tile, action.placement, cards, bot)
    if isinstance(action, Pass):
        return 0.0 if turn.auction is not None else pass_worth(view, bot)
    if isinstance(action, Retire):
        return retire_worth(view, bot)
    return None
