"""Bots that play from a [`PlayerView`][trapper_core.PlayerView] only.

A bot is any object with ``choose(view) -> Action``. Both bots here own a
seeded ``random.Random``, so a game between seeded bots is the same game on
every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import Action
from .errors import SetupError
from .game import Game
from .plugins import Registry, Rules, default_registry
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


class GreedyBot:
    """Plays the legal action its variant judges worth most, one decision at a time.

    What an action is worth is variant knowledge, so the bot asks the
    variant's ``trapper_action_worth`` hook; ties are broken at random.
    ``card_value`` (what a card in hand is worth) and ``hand_limit`` (how
    many cards are enough) are the two dials the variants' estimates read;
    the base game's estimate is described in ``trapper_base.strategy``.
    ``registry`` is where the variant is looked up (the installed variants by
    default).
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

    def rules(self, variant: str) -> Rules:
        """Returns the resolved rules of ``variant`` from the bot's registry."""
        return (self.registry or default_registry()).rules(variant)

    def worth(self, view: PlayerView, action: Action) -> float:
        """Returns the variant's estimate of what ``action`` is worth now."""
        worth = self.rules(view.variant).action_worth(view, action, self)
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
