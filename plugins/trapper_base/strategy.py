"""What the greedy bot thinks base-game actions are worth (``trapper_action_worth``).

One decision at a time, no search: every legal action gets a number, and the
bot plays the highest. The terms, and the rules they reason about:

- **A step** (R13) is worth what the taken tile adds to the viewer's display
  (the change in [`potential`][trapper_base.strategy.potential], placement by
  R16–R18), plus the payout of a canoe it fills (R19) and `CANOE_TOKEN_BONUS`
  when that payout earns a canoe token (R20, R34), plus what the tile would
  have been worth to the rival who could use it best
  ([`denial_worth`][trapper_base.strategy.denial_worth]: the tiles are shared
  and run out, R31), less the bot's ``card_value`` per card paid (R13).
- **Potential** (R19, R32, R33) weighs each part of a display by ``hope``,
  the share of the tiles in play still on the board: an open canoe with
  tiles is worth its plain sum (R32) and more the fuller it is, since full
  it pays double (R19); an empty canoe is a promise, worth its capacity times
  ``hope`` (a canoe gathers what comes, R16, R17), nothing once the board is
  bare; a separate tile costs its value (R33) as the board empties, at once
  if it is an animal whose species has no canoe left to take it.
- **Ending a hunt** (R11) is worth nothing: the bot keeps hunting while a
  step is worth more than nothing.
- **An exchange** (R21, R34) is worth taking for a species token of 2 or more.
- **Passing** (R10) draws the cards a hunt draws too, so it is worth less than
  any step that does no harm, and less still once the hand holds the bot's
  ``hand_limit`` cards.
- **Retiring** (R12, R30) is the last resort, once passing would bring no
  card (D4): a retired player takes no more tiles and the others take the rest.

The functions are public so that variants can build their estimates on them
(the tactical variant's bids reuse `take_worth`, `pass_worth` and
`retire_worth`; the children's variant plays by this module as it is). How
strong the bot is against simple heuristic bots, and the command that
measures it (``benchmarks/bot_strength.py``), is in the documentation's
*Bots and AI* page.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from trapper_core import (
    SPECIES,
    Action,
    Display,
    GreedyBot,
    PlayerView,
    Species,
    Tile,
    TileSet,
    TokenKind,
    hookimpl,
    interned,
)

from .actions import EndTurn, Exchange, Pass, Retire, Step
from .mechanics import canoe_payout, canoe_token
from .placement import _ANIMAL, _CANOE, _candidate_rows  # module globals: see there why
from .scoring import displays_ranking_money, highest_at_most

__all__ = [
    "CANOE_TOKEN_BONUS",
    "DENIAL",
    "can_draw",
    "canoes_left",
    "denial_worth",
    "exchange_worth",
    "pass_worth",
    "position_worth",
    "potential",
    "retire_worth",
    "take_worth",
]

CANOE_TOKEN_BONUS = 3.0
"""What the bot adds for a payout that earns a canoe token (R20): the token
is ranked at the end (R34)."""

DENIAL = 1.0
"""How much of a tile's worth to the rival who could use it best the bot
adds for taking it (R31: the tiles are shared and run out), split among the
rivals still in the game (R30): with ``k`` of them, ``DENIAL / k`` (a tile
denied to one of three rivals is a third of a lead over all of them).
Without it, the bot loses nearly every 2-player game to a bot that simply
takes the most valuable tile it can reach."""

_POTENTIAL = "trapper_base.potential"  # memo key: hope, canoes left, own display and its potential


def potential(view: PlayerView, display: Display, bot: GreedyBot) -> float:
    """A rough worth of ``display`` beyond its money, for greedy play.

    ``hope`` is the share of the tiles in play (60 in the base game) still
    on the board. An open canoe with tiles is worth its plain sum (R32), and
    more the fuller it is, since full it pays double (R19). An empty canoe is
    a promise while tiles remain (R16, R17: it gathers what comes), its
    capacity times ``hope``; it is not counted as the cost R33 makes it at
    the end, since some tile will still join it more often than not. A
    separate tile costs its value (R33) times ``1 - hope``, and all of it
    at once when it is an animal whose species has no canoe left to take
    (R17).
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
            worth += row.capacity * hope
        else:
            worth += row.plain_value * (1 + hope * len(row.animals) / row.capacity)
    for tile in display.separate:
        if tile.kind is _ANIMAL and not free[tile.species]:
            worth -= tile.value
        else:
            worth -= tile.value * fear
    return worth


def canoes_left(view: PlayerView, bot: GreedyBot) -> dict[Species | None, int]:
    """How many canoes of each species no display holds (they may yet be
    taken), counted from the variant's tile set."""
    memo = bot.memo(view)
    seen = memo.get(_POTENTIAL)
    # A copy of the memo's count (callers may change theirs); a new count is theirs already.
    return dict(seen[1]) if seen is not None else _canoes_left(view, bot)


def _canoes_left(view: PlayerView, bot: GreedyBot) -> dict[Species | None, int]:
    left = dict(_canoes_in(bot.rules(view.variant).tile_set()))
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
def _canoes_in(tile_set: TileSet) -> Mapping[Species | None, int]:
    counts: dict[Species | None, int] = dict.fromkeys(SPECIES, 0)
    for tile in tile_set.tiles:
        if tile.kind is _CANOE:
            counts[tile.species] += 1
    return MappingProxyType(counts)  # shared by every caller: read only


def take_worth(
    view: PlayerView, tile: Tile, placement: object, cards: int, bot: GreedyBot
) -> float:
    """Returns what taking ``tile`` into the viewer's display is worth, for
    ``cards`` cards: its potential, payout and token (R16–R20), what it
    denies the rivals (`denial_worth`), less the cards (R13). All but the
    cards is the same for every way of paying: worked out once per tile,
    placement and view."""
    memo = bot.memo(view)
    key = (_TAKE, tile, placement)
    worth: float | None = memo.get(key)
    if worth is None:
        display = view.display
        rules = bot.rules(view.variant)
        after, full = rules.place(display, tile, placement)
        worth = potential(view, after, bot) - potential(view, display, bot)
        if full is not None:
            payout = canoe_payout(rules, full)
            token = canoe_token(rules, payout, view.supply.canoe)
            worth += payout + (CANOE_TOKEN_BONUS if token else 0.0)
        worth = memo[key] = worth + denial_worth(view, tile, bot)
    return worth - bot.card_value * cards


_TAKE = "trapper_base.take"  # memo key, with the tile and the placement


_DENIAL = "trapper_base.denial"  # memo key, with the tile
_RIVALS = "trapper_base.rivals"  # memo key: the rivals' displays and their potentials


def denial_worth(view: PlayerView, tile: Tile, bot: GreedyBot) -> float:
    """What taking ``tile`` denies the rivals still in the game (R30, R31):
    `DENIAL`, split among them, times what the tile would add to the display
    of the rival who could use it best (its potential and payout, R16–R19,
    as `take_worth` counts them, and nothing when it would harm them all).
    The same for every way of paying for the tile: worked out once per tile
    and view."""
    return bot.remembered(view, (_DENIAL, tile), _denial, view, tile, bot)


def _denial(view: PlayerView, tile: Tile, bot: GreedyBot) -> float:
    memo = bot.memo(view)
    rivals: list[tuple[Display, float]] | None = memo.get(_RIVALS)
    if rivals is None:
        me, retired = view.player, view.retired
        rivals = memo[_RIVALS] = [
            (d, potential(view, d, bot))
            for seat, d in enumerate(view.displays)
            if seat != me and not retired[seat]
        ]
    if not rivals:
        return 0.0
    rules = bot.rules(view.variant)
    hope = memo[_POTENTIAL][0]  # set by the rivals' potentials
    kind = tile.kind
    best = 0.0
    for display, before in rivals:
        if kind is _CANOE:
            if not display.separate:  # an empty canoe, gathering nothing (R17)
                best = max(best, tile.value * hope)
                continue
        elif not _candidate_rows(display, tile):
            continue  # it would lie separate there (R16): a cost, no gain
        for placement in rules.placement_choices(display, tile):
            after, full = rules.place(display, tile, placement)
            gain = potential(view, after, bot) - before
            if full is not None:
                gain += canoe_payout(rules, full)
            best = max(best, gain)
    return DENIAL * best / len(rivals)


def exchange_worth(view: PlayerView, action: Exchange, bot: GreedyBot | None = None) -> float:
    """A species token is worth having from 2 on (R21, R34). The token is
    the one the variant's ``trapper_species_token`` gives (``bot``'s rules),
    or without ``bot`` the base game's (the highest at or below the count
    of species)."""
    count, supply = len(action.species), view.supply.species
    if bot is None:
        token = highest_at_most(count, supply)
    else:
        token = bot.rules(view.variant).species_token(count, supply)
    return 3.0 * token - 5.0


def can_draw(view: PlayerView) -> bool:
    """Whether passing would bring any card."""
    return view.draw_pile_size + view.discard.total > 0


def pass_worth(view: PlayerView, bot: GreedyBot) -> float:
    """Passing draws the cards that a hunt draws too (R10, R11): it is worth
    less than a step that does no harm, and less still once the hand holds
    ``hand_limit`` cards; nothing when it would bring no card (D4)."""
    if not can_draw(view):
        return -100.0
    return -0.5 if view.hand.total < bot.hand_limit else -1.5


def retire_worth(view: PlayerView, bot: GreedyBot) -> float:
    """Retiring is the last resort, once passing would bring no card (D4):
    a retired player takes no more tiles (R30), and the others take the rest."""
    return -0.25 if not can_draw(view) else -100.0


def position_worth(view: PlayerView, bot: GreedyBot) -> float:
    """What the position of ``view`` is worth to its player, for a search
    that compares seats (``trapper_position_worth``): the money paid out so
    far, the bonus tokens' money as they rank now (R34), the
    [`potential`][trapper_base.strategy.potential] of the display, and the
    bot's ``card_value`` for each card in hand (cards are what steps are
    paid with, R13).

    The search bot scores the positions its rollouts reach by it. Scored by
    the end valuation as if the game ended there instead, an empty canoe
    costs its capacity (R33) and the cards spent cost nothing: the search
    shunned canoes and spent freely, and the greedy bot, which weighs both,
    beat it (the measurements are in the documentation's *Bots and AI*
    page).
    """
    display = view.display
    seat = view.player
    bonus = sum(displays_ranking_money(view.displays, kind)[seat] for kind in TokenKind)
    return display.money + bonus + potential(view, display, bot) + bot.card_value * view.hand.total


@hookimpl
def trapper_position_worth(view: PlayerView, bot: GreedyBot) -> float:
    return position_worth(view, bot)


@hookimpl
def trapper_action_worth(view: PlayerView, action: Action, bot: GreedyBot) -> float | None:
    if isinstance(action, Step):
        tile = view.board[action.square.index]
        if not isinstance(tile, Tile):
            # A variant's step onto a tile not yet seen: only its price is known.
            return -bot.card_value * action.cards
        return take_worth(view, tile, action.placement, action.cards, bot)
    if isinstance(action, Exchange):
        return exchange_worth(view, action, bot)
    if isinstance(action, EndTurn):
        return 0.0
    if isinstance(action, Pass):
        return pass_worth(view, bot)
    if isinstance(action, Retire):
        return retire_worth(view, bot)
    return None
