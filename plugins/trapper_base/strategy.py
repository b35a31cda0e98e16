"""What the greedy bot thinks base-game actions are worth (``trapper_action_worth``).

A step is worth the change in [`potential`][trapper_base.strategy.potential],
plus any payout, less the bot's ``card_value`` per card paid; the bot keeps
hunting while a step is worth more than nothing, exchanges canoes for a species
token of 2 or more, passes to fill its hand up to its ``hand_limit``, and
retires once its hand is full (or no card is left to draw) and nothing helps.
The functions are public so that variants can build their estimates on them.
"""

from __future__ import annotations

from trapper_core import (
    SPECIES,
    Action,
    Display,
    GreedyBot,
    PlayerView,
    Species,
    Tile,
    TileSet,
    hookimpl,
    interned,
)

from .actions import EndTurn, Exchange, Pass, Retire, Step
from .mechanics import canoe_payout, canoe_token
from .placement import _ANIMAL, _CANOE  # module globals: see there why

__all__ = [
    "CANOE_TOKEN_BONUS",
    "can_draw",
    "canoes_left",
    "exchange_worth",
    "pass_worth",
    "potential",
    "retire_worth",
    "take_worth",
]

CANOE_TOKEN_BONUS = 3.0
"""What the bot adds for a payout that earns a canoe token (R20)."""

_POTENTIAL = "trapper_base.potential"  # memo key: hope, canoes left, own display and its potential


def potential(view: PlayerView, display: Display, bot: GreedyBot) -> float:
    """A rough worth of ``display`` beyond its money, for greedy play.

    ``hope`` is the share of the tiles in play (60 in the base game) still on the board: early on a
    separate animal, herb or mushroom and an empty canoe are promises (a
    later tile may complete them), near the end they are what the end
    valuation makes them, costs (R33). An open canoe is worth its plain sum
    (R32), and more the fuller it is, since full it pays double (R19).
    """
    memo = bot.memo(view)
    seen = memo.get(_POTENTIAL)
    if seen is None:
        in_play = len(view.layout) - len(view.layout.trappers)
        hope = sum(t is not None for t in view.board) / in_play
        own = view.display
        free = _canoes_left(view, bot)
        seen = memo[_POTENTIAL] = (hope, free, own, _potential(own, hope, free))
    hope, free, own, worth = seen
    return worth if display is own else _potential(display, hope, free)


def _potential(display: Display, hope: float, free: dict[Species | None, int]) -> float:
    fear = 1.0 - hope
    worth = 0.0
    for row in display.open:
        if row.is_empty:
            worth += row.capacity * (hope - fear)
        else:
            worth += row.plain_value * (1 + hope * len(row.animals) / row.capacity)
    for tile in display.separate:
        if tile.kind is _ANIMAL and not free[tile.species]:
            worth -= tile.value
        else:
            worth += tile.value * (0.6 * hope - fear)
    return worth


def canoes_left(view: PlayerView, bot: GreedyBot) -> dict[Species | None, int]:
    """How many canoes of each species no display holds (they may yet be
    taken), counted from the variant's tile set."""
    memo = bot.memo(view)
    seen = memo.get(_POTENTIAL)
    # A copy of the memo's count (callers may change theirs); a new count is theirs already.
    return dict(seen[1]) if seen is not None else _canoes_left(view, bot)


def _canoes_left(view: PlayerView, bot: GreedyBot) -> dict[Species | None, int]:
    left = dict(_canoes_in(bot.rules(view.variant).tile_set()))  # the cached count stays as made
    for display in view.displays:
        for row in display.open:
            left[row.species] -= 1
        for valued in display.valued:
            left[valued.species] -= 1
        left.update({t.species: left[t.species] - 1 for t in display.separate if t.kind is _CANOE})
    for _player, valued in view.returned:
        left[valued.species] -= 1
    return left


@interned
def _canoes_in(tile_set: TileSet) -> dict[Species | None, int]:
    counts: dict[Species | None, int] = dict.fromkeys(SPECIES, 0)
    for tile in tile_set.tiles:
        if tile.kind is _CANOE:
            counts[tile.species] += 1
    return counts


def take_worth(
    view: PlayerView, tile: Tile, placement: object, cards: int, bot: GreedyBot
) -> float:
    """Returns what taking ``tile`` into the viewer's display is worth, for ``cards`` cards."""
    display = view.display
    rules = bot.rules(view.variant)
    after, full = rules.place(display, tile, placement)
    worth = potential(view, after, bot) - potential(view, display, bot) - bot.card_value * cards
    if full is not None:
        payout = canoe_payout(rules, full)
        token = canoe_token(rules, payout, view.supply.canoe)
        worth += payout + (CANOE_TOKEN_BONUS if token else 0.0)
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
        if not isinstance(tile, Tile):
            # A variant's step onto a tile not yet seen: only its price is known.
            return -bot.card_value * action.cards
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
