"""The base game of Trapper (R1–R35), as a trapper_core plugin.

Registered through the ``trapper_core.plugins`` entry point like any
third-party variant. Its hooks live in six modules, one job each:
:mod:`.components` (tiles, cards, tokens), :mod:`.movement` (where a trapper
may go), :mod:`.turn` (the actions of a turn), :mod:`.text` (how actions are
written), :mod:`.scoring` (payouts, tokens, the end) and :mod:`.strategy`
(what the greedy bot makes of an action). A variant that
extends ``base`` overrides any of them.
"""

from __future__ import annotations

from trapper_core import VariantSpec, hookimpl

from . import components, movement, scoring, strategy, text, turn
from .turn import Turn

__all__ = ["PLUGINS", "Turn", "trapper_variants"]

PLUGINS = (components, movement, turn, text, scoring, strategy)
"""The rule plugins of the base game, bottom of the stack first."""


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="base",
            plugins=PLUGINS,
            title="Trapper",
            description="The game as the rulebook describes it (R1–R35).",
            aliases=("standard",),
        )
    ]
