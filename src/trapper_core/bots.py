"""Bots that play from a :class:`~trapper_core.PlayerView` only.

A bot is any object with ``choose(view) -> Action``. Both bots here own a
seeded ``random.Random``, so a game between seeded bots is the same game on
every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import Action
from .display import Display
from .errors import SetupError
from .game import Game
from .model import SPECIES, Kind, Species
from .plugins import Registry, default_registry
from .view import PlayerView

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "canoes_left", "make_bot", "play", "potential"]


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
    """A rough worth of ``display`` beyond its money, for greedy play.

    ``hope`` is the share of the 60 tiles still on the board: early on a
    separate animal, herb or mushroom and an empty canoe are promises (a
    later tile may complete them), near the end they are what the end
    valuation makes them, costs (R33). An open canoe is worth its plain sum
    (R32), and more the fuller it is, since full it pays double (R19).
    """
    hope = sum(t is not None for t in view.board) / 60
    fear = 1.0 - hope
    free = canoes_left(view)
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


def canoes_left(view: PlayerView) -> dict[Species | None, int]:
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
    """Plays the legal action its variant judges worth most, one decision at a time.

    What an action is worth is variant knowledge, so the bot asks the
    variant's ``trapper_action_worth`` hook; ties are broken at random. The
    base game's answer: a step is worth the change in :func:`potential`, plus
    any payout, less ``card_value`` per card paid; the bot keeps hunting
    while a step is worth more than nothing, exchanges canoes for a species
    token of 2 or more, passes to fill its hand up to ``hand_limit`` cards,
    and retires once its hand is full (or no card is left to draw) and
    nothing helps. ``registry`` is where the variant is looked up (the
    installed variants by default).
    """

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        *,
        card_value: float = 0.7,
        hand_limit: int = 10,
        registry: Registry | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.card_value = card_value
        self.hand_limit = hand_limit
        self.registry = registry

    def choose(self, view: PlayerView) -> Action:
        """Returns the action of highest worth (ties broken at random)."""
        legal = _legal(view)
        best: list[Action] = []
        best_worth = float("-inf")
        for action in legal:
            worth = self.worth(view, action)
            if worth > best_worth:
                best, best_worth = [action], worth
            elif worth == best_worth:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def worth(self, view: PlayerView, action: Action) -> float:
        """Returns the variant's estimate of what ``action`` is worth now."""
        rules = (self.registry or default_registry()).rules(view.variant)
        worth = rules.action_worth(view, action, self)
        return -1.0 if worth is None else worth


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
