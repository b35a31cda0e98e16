"""Open canoes: a Trapper house variant with one open canoe per species.

This is a house variant, not a rule of the published game. It changes one
thing in the base game, where a taken tile goes (R16, R17), with two house
rules:

- **O1 One open canoe per species.** A player keeps at most one open canoe
  of each species. A newly taken canoe of a species the player already has
  an open canoe of does not arrive: it gathers nothing (R17 does not apply)
  and lies separate. Its placement is forced; naming one is illegal.
- **O2 A set-aside canoe stays separate.** A canoe that O1 laid separate
  stays separate for the rest of the game, also once the open canoe of its
  species is full and valued, and costs its capacity at the end (R33).

Everything else is the base game's, which answers every other placement.
Since no display holds two open canoes of one species, an animal never has a
choice of canoe (D6); herbs and mushrooms still may. The base game's named
check ``displays`` says that no separate tile fits an open canoe, which a
set-aside canoe would break, so this variant replaces it with the same check
of everything but the separate canoes, plus O1 itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import attrs

import trapper_base as tb
from trapper_core import (
    Display,
    GameState,
    IllegalActionError,
    Kind,
    Row,
    Tile,
    VariantSpec,
    hookimpl,
)

__all__ = ["OpenCanoesRules", "display_problems", "set_aside", "trapper_variants"]


def set_aside(display: Display, tile: Tile) -> bool:
    """O1: whether the taken ``tile`` is a canoe of a species ``display``
    already has an open canoe of, and so lies separate."""
    return tile.kind is Kind.CANOE and any(row.species is tile.species for row in display.open)


def display_problems(state: GameState) -> Iterator[str]:
    """R16, R18 as the base game checks them, the canoes O1 set aside left
    out; and O1: no display holds two open canoes of one species."""
    for player, display in enumerate(state.displays):
        kept = tuple(t for t in display.separate if t.kind is not Kind.CANOE)
        yield from tb.problems_of_display(player, attrs.evolve(display, separate=kept))
        species = [row.species for row in display.open]
        if len(set(species)) != len(species):
            yield f"O1: player {player} has two open canoes of one species"


class OpenCanoesRules:
    """What open canoes changes in the base game. Each placement hook answers
    for a canoe O1 sets aside and returns ``None`` otherwise, so that the base
    game answers as usual."""

    @hookimpl
    def trapper_placement_choices(self, display: Display, tile: Tile) -> tuple[None] | None:
        return (None,) if set_aside(display, tile) else None  # O1: forced

    @hookimpl
    def trapper_place(
        self, display: Display, tile: Tile, placement: object
    ) -> tuple[Display, Row | None] | None:
        if not set_aside(display, tile):
            return None
        if placement is not None:
            raise IllegalActionError(
                f"O1: a {tile.species} canoe is open already, so the {tile.name} lies "
                "separate and gathers nothing; there is no placement to choose",
                rule="O1",
            )
        return attrs.evolve(display, separate=(*display.separate, tile)), None

    @hookimpl
    def trapper_invariants(self) -> Mapping[str, Callable[[GameState], Iterator[str]]]:
        return {"displays": display_problems}


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="opencanoes",
            plugins=(OpenCanoesRules(),),
            extends="base",
            title="Open canoes (house variant)",
            description="One open canoe per species; another canoe of it lies separate (O1, O2).",
        )
    ]
