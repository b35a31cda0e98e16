"""The base game's actions (R10–R13, R21) and the placements a step names (D6).

A turn is played one decision at a time: every action is a single step, an
exchange, or the end of the turn. Variants that build on the base game reuse
these; a variant with other decisions (the tactical auction, for instance)
defines its own [`Action`][trapper_core.Action] subclasses.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from trapper_core import Action, ActionFieldError, Colour, Species, Square, exactly, shown

__all__ = [
    "END_TURN",
    "PASS",
    "RETIRE",
    "EndTurn",
    "Exchange",
    "Gather",
    "IntoCanoe",
    "Pass",
    "Placement",
    "Retire",
    "Step",
]


@attrs.frozen(cache_hash=True)
class IntoCanoe:
    """D6: the taken animal, herb or mushroom goes to this open canoe.

    Written ``>CB2``: into the bear canoe for two.
    """

    species: Species = attrs.field(validator=exactly(Species))
    capacity: int = attrs.field(validator=exactly(int))

    @property
    def text(self) -> str:
        """The placement as written after a step."""
        return f">C{self.species.letter}{self.capacity}"


@attrs.frozen(cache_hash=True)
class Gather:
    """D6: the taken canoe gathers these separate tiles (R17).

    ``herb`` and ``mushroom`` are the values of the herb and mushroom it takes
    (``None`` for none); ``animals`` the values of the animals it takes, in
    ascending order. Written ``<H3+F2+B3+B4`` for a bear canoe.
    """

    herb: int | None = attrs.field(default=None, validator=exactly(int, optional=True))
    mushroom: int | None = attrs.field(default=None, validator=exactly(int, optional=True))
    animals: tuple[int, ...] = attrs.field(
        default=(),
        validator=attrs.validators.deep_iterable(exactly(int), exactly(tuple)),
    )

    def text(self, species: Species) -> str:
        """The placement as written after a step taking a canoe of ``species``."""
        parts = []
        if self.herb is not None:
            parts.append(f"H{self.herb}")
        if self.mushroom is not None:
            parts.append(f"F{self.mushroom}")
        parts.extend(f"{species.letter}{v}" for v in self.animals)
        return "<" + "+".join(parts)


Placement: TypeAlias = IntoCanoe | Gather
"""Where a taken tile goes when the player must choose (D6)."""


@attrs.frozen
class Pass(Action):
    """R10: draw two cards instead of hunting; the turn ends. Written ``pass``."""


@attrs.frozen
class EndTurn(Action):
    """R11: end a hunt after one or more steps and draw two cards. Written ``end``."""


@attrs.frozen
class Retire(Action):
    """R12, R30: set the hand aside and leave the game. Written ``retire``."""


@attrs.frozen(cache_hash=True)
class Step(Action):
    """R13: pay for ``trapper``, take the tile on ``square``, move the trapper there.

    ``payment`` is the colour of the cards paid: one card when it is the
    trapper's colour, two cards otherwise. ``placement`` is given only when
    the taken tile can be placed in more than one way (D6).

    Written ``Ge6`` (green trapper to e6, one green card), ``Ge6/BB`` (paid
    with two blue cards), with a placement after it: ``Ge6>CB2``,
    ``Ge6<H3+B4``.
    """

    trapper: Colour = attrs.field(validator=exactly(Colour))
    square: Square = attrs.field(validator=exactly(Square))
    payment: Colour = attrs.field(validator=exactly(Colour))
    placement: Placement | None = attrs.field(
        default=None,
        validator=exactly(IntoCanoe, Gather, optional=True),
    )

    @property
    def cards(self) -> int:
        """How many cards the step costs: 1 of the trapper's colour, else 2."""
        return 1 if self.payment is self.trapper else 2


def _species_tuple(species: Iterable[Species]) -> tuple[Species, ...]:
    try:
        given = tuple(species)
    except TypeError:  # not iterable
        given = ()
    if not given or not all(type(s) is Species for s in given):
        raise ActionFieldError(f"Exchange: species is one or more Species, not {shown(species)}")
    distinct = set(given)
    if len(distinct) != len(given):  # R21: k canoes of k different species
        raise ActionFieldError(
            f"Exchange: an exchange names each species once, not {shown(species)}"
        )
    return tuple(sorted(distinct))


@attrs.frozen(cache_hash=True)
class Exchange(Action):
    """R21: return one valued canoe of each of these species for a species token.

    Written ``x`` followed by the species letters: ``xBKM``. Each species is
    named once (a repeated one is an `ActionFieldError`); their order does
    not count. When a player has
    several valued canoes of one species, the one valued first goes back (D12).
    """

    species: tuple[Species, ...] = attrs.field(converter=_species_tuple)


PASS = Pass()
"""The one [`Pass`][trapper_base.actions.Pass] (actions are values; this one is shared)."""
END_TURN = EndTurn()
"""The one [`EndTurn`][trapper_base.actions.EndTurn]."""
RETIRE = Retire()
"""The one [`Retire`][trapper_base.actions.Retire]."""
