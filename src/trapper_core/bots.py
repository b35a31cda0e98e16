"""Bots that play from a :class:`~trapper_core.PlayerView` only.

A bot is any object with ``choose(view) -> Action``. Both bots here own a
seeded ``random.Random``, so a game between seeded bots is the same game on
every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import Action, EndTurn, Exchange, Pass, Retire, Step
from .display import Display, place
from .errors import SetupError
from .game import Game
from .model import SPECIES, Kind, Species, Tile
from .view import PlayerView

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot", "play"]


class Bot(Protocol):
    """Anything that picks an action from a player's view."""

    def choose(self, view: PlayerView) -> Action:
        """Returns one of ``view.legal_actions``."""
        ...


def _legal(view: PlayerView) -> tuple[Action, ...]:
    if not view.legal_actions:
        raise ValueError(f"seat {view.player} has no decision to make in this view")
    return view.legal_actions


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """Returns a legal action chosen uniformly at random."""
        legal = _legal(view)
        return legal[self.rng.randrange(len(legal))]


def potential(view: PlayerView, display: Display) -> float:
    """A rough worth of ``display`` beyond its money, used by :class:`GreedyBot`.

    ``hope`` is the share of the 60 tiles still on the board: early on a
    separate animal, herb or mushroom and an empty canoe are promises (a
    later tile may complete them), near the end they are what the end
    valuation makes them, costs (R33). An open canoe is worth its plain sum
    (R32), and more the fuller it is, since full it pays double (R19).
    """
    hope = sum(t is not None for t in view.board) / 60
    fear = 1.0 - hope
    free = _canoes_left(view)
    worth = 0.0
    for row in display.open:
        if row.is_empty:
            worth += row.capacity * (hope - fear)
        else:
            worth += row.plain_value * (1 + hope * len(row.animals) / row.capacity)
    for tile in display.separate:
        if tile.kind is Kind.ANIMAL and not free[tile.species]:
            worth -= tile.value
        else:
            worth += tile.value * (0.6 * hope - fear)
    return worth


def _canoes_left(view: PlayerView) -> dict[Species | None, int]:
    """How many canoes of each species no display holds (they may yet be taken)."""
    left: dict[Species | None, int] = dict.fromkeys(SPECIES, 3)
    for display in view.displays:
        for row in display.open:
            left[row.species] -= 1
        for valued in display.valued:
            left[valued.species] -= 1
        left.update(
            {t.species: left[t.species] - 1 for t in display.separate if t.kind is Kind.CANOE}
        )
    for _player, valued in view.returned:
        left[valued.species] -= 1
    return left


class GreedyBot:
    """Takes the step that most improves its display, one step at a time.

    A step is worth the change in :func:`potential`, plus any payout (twice
    the canoe's plain sum, R19, with a little extra for a canoe token), less
    ``card_value`` per card paid. The bot keeps hunting while a step is worth
    more than nothing, exchanges canoes for a species token of 2 or more,
    passes to fill its hand, and retires once its hand is full (or no card is
    left to draw) and nothing helps.
    """

    name = "greedy"

    def __init__(
        self, seed: int | None = None, *, card_value: float = 0.7, hand_limit: int = 10
    ) -> None:
        self.rng = random.Random(seed)
        self.card_value = card_value
        self.hand_limit = hand_limit

    def choose(self, view: PlayerView) -> Action:
        """Returns the action of highest estimated worth (ties broken at random)."""
        legal = _legal(view)
        base = potential(view, view.display)
        best: list[Action] = []
        best_worth = float("-inf")
        for action in legal:
            worth = self.worth(view, action, base)
            if worth > best_worth:
                best, best_worth = [action], worth
            elif worth == best_worth:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def worth(self, view: PlayerView, action: Action, base: float | None = None) -> float:
        """Returns the bot's estimate of what ``action`` is worth now."""
        if base is None:
            base = potential(view, view.display)
        can_draw = view.draw_pile_size + view.discard.total > 0
        hand_full = view.hand.total >= self.hand_limit
        if isinstance(action, Step):
            tile = view.board[action.square.index]
            assert isinstance(tile, Tile)
            return self._step_worth(view, tile, action, base)
        if isinstance(action, Exchange):
            numbers = [n for n in view.supply.species if n <= len(action.species)]
            token = max(numbers, default=0)
            return 3.0 * token - 5.0
        if isinstance(action, EndTurn):
            return 0.0
        if isinstance(action, Pass):
            return 0.5 if can_draw and not hand_full else -100.0
        if isinstance(action, Retire):
            return -0.25 if hand_full or not can_draw else -100.0
        return -1.0  # an action of a variant this bot does not know

    def _step_worth(self, view: PlayerView, tile: Tile, step: Step, base: float) -> float:
        after, full = place(view.display, tile, step.placement)
        worth = potential(view, after) - base - self.card_value * step.cards
        if full is not None:
            payout = 2 * full.plain_value
            worth += payout + (3.0 if payout >= 16 else 0.0)
        return worth


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}
"""The built-in bots by name."""


def make_bot(name: str, seed: int | None = None) -> RandomBot | GreedyBot:
    """Returns a new bot of the kind called ``name`` (``"random"``, ``"greedy"``)."""
    kind = BOTS.get(name)
    if kind is None:
        raise SetupError(f"no bot is called {name!r}; choose from {', '.join(BOTS)}")
    return kind(seed)


def play(game: Game, bots: Sequence[Bot], *, max_actions: int | None = None) -> Game:
    """Lets ``bots`` (one per seat) play ``game`` to the end and returns it.

    Each bot sees only its own view. ``max_actions`` stops early (for
    analysis); by default the game is played out.
    """
    if len(bots) != len(game.players):
        raise SetupError(
            f"{len(game.players)} seats need {len(game.players)} bots, not {len(bots)}"
        )
    played = 0
    while not game.is_over and (max_actions is None or played < max_actions):
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
        played += 1
    return game
