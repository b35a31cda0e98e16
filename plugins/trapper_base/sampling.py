"""How the base game samples what a player cannot see (``trapper_sampler``).

The base game's hidden parts are the core's: face-down tiles, the tiles in
the box, the hands, the draw pile and the order of every reshuffle. The
engine's `trapper_core.Sampler` draws them all, so the base game
answers with it; variants built on the base game (the tactical variant's
hidden hands and bids among them) inherit this answer.
"""

from __future__ import annotations

from trapper_core import PlayerView, Rules, Sampler, hookimpl

__all__ = ["trapper_sampler"]


@hookimpl
def trapper_sampler(view: PlayerView, rules: Rules) -> Sampler:
    return Sampler(view, rules)
