"""A flat Monte Carlo bot: each legal action, tried in worlds drawn from the
bot's view and played on a few decisions by greedy bots, is worth the mean
lead it gives the bot over the best other player, as if the game ended there.
"""

from __future__ import annotations

import random

import trapper_core as tc


def lead(game: tc.Game, seat: int) -> float:
    """What ``seat`` leads the best other player by, as if ``game`` ended now:
    the money so far plus the end valuation of the position."""
    valuation = game.valuation() or game.rules.final_valuation(game.state)
    totals = [d.money + v.total for d, v in zip(game.displays, valuation, strict=True)]
    if game.is_over:  # the money is the score, the valuation already in it
        totals = list(game.scores())
    if len(totals) == 1:
        return totals[0]
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


class FlatMonteCarlo:
    """Tries every legal action in ``worlds`` sampled worlds, each followed by
    ``depth`` decisions of greedy play, and plays the best on average.
    ``registry`` is where a variant given to a `Registry` in code is found
    (the installed variants by default), as the built-in bots take it."""

    name = "flat-mc"

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = 6,
        depth: int = 8,
        registry: tc.Registry | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.depth = depth
        self.registry = registry
        self.greedy = tc.GreedyBot(self.rng.getrandbits(32), registry=registry)
        self.sampler: tc.Sampler | None = None  # the last decision's

    def choose(self, view: tc.PlayerView) -> tc.Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        # The variant's own sampler (a variant that deals otherwise has one):
        # it replays the history once, for every world.
        sampler = view.sampler(registry=self.registry)
        if self.sampler is not None:
            # Its first world starts from the colouring of the cards that the
            # last decision's sampler found, with a few payments to mend
            # rather than a whole game's (does nothing if it is another game's).
            sampler.warm(self.sampler)
        self.sampler = sampler
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.worlds):
            world = sampler.position(self.rng)  # the hidden parts drawn anew
            for action in legal:
                game = world.copy()
                game.apply(action)
                for _ in range(self.depth):
                    seat = game.to_move
                    if seat is None:  # the game is over
                        break
                    game.apply(self.greedy.choose(game.view(seat)))
                totals[action] += lead(game, view.player)
        best = max(totals.values())
        return self.rng.choice([a for a, total in totals.items() if total == best])
