"""A player's display and the placement rules (R16–R18, D6).

Everything here is a pure function of immutable values, so bots can try a
placement without touching a game.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import TypeAlias

import attrs

from .errors import AmbiguousActionError, IllegalActionError
from .model import Kind, Species, Tile, Token

__all__ = [
    "Display",
    "Gather",
    "IntoCanoe",
    "Placement",
    "Row",
    "ValuedCanoe",
    "place",
    "placement_choices",
]


@attrs.frozen
class Row:
    """A canoe in a display with the tiles laid at it.

    An open row is not full yet; a row with nothing at it still takes tiles,
    but counts as a separate tile at the end (R16, R33).
    """

    canoe: Tile
    animals: tuple[Tile, ...] = ()
    herb: Tile | None = None
    mushroom: Tile | None = None

    @property
    def species(self) -> Species:
        """The species the canoe carries."""
        return self.canoe.species  # type: ignore[return-value]

    @property
    def capacity(self) -> int:
        """How many animals fill the canoe."""
        return self.canoe.value

    @property
    def is_full(self) -> bool:
        """Whether the canoe holds its full number of animals (R19)."""
        return len(self.animals) == self.canoe.value

    @property
    def is_empty(self) -> bool:
        """Whether nothing lies at the canoe."""
        return not self.animals and self.herb is None and self.mushroom is None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The canoe and every tile at it."""
        extra = tuple(t for t in (self.herb, self.mushroom) if t is not None)
        return (self.canoe, *self.animals, *extra)

    @property
    def plain_value(self) -> int:
        """The sum of the values at the canoe; the canoe itself counts nothing."""
        total = sum(t.value for t in self.animals)
        if self.herb is not None:
            total += self.herb.value
        if self.mushroom is not None:
            total += self.mushroom.value
        return total

    def __str__(self) -> str:
        return self.canoe.face + "[" + " ".join(t.face for t in self.tiles[1:]) + "]"


@attrs.frozen
class ValuedCanoe:
    """A full canoe that has been valued (R19) and set aside."""

    row: Row
    payout: int

    @property
    def species(self) -> Species:
        """The species of the canoe; it matters for the species exchange (R21)."""
        return self.row.species


@attrs.frozen
class Display:
    """What lies in front of a player: rows, valued canoes, separate tiles,
    money and bonus tokens.

    ``money`` is what the bank has paid out so far (R19); the end valuation
    (R32–R34) is added by ``Game.scores()`` once the game is over.
    """

    open: tuple[Row, ...] = ()
    valued: tuple[ValuedCanoe, ...] = ()
    separate: tuple[Tile, ...] = ()
    money: int = 0
    tokens: tuple[Token, ...] = ()

    def tiles(self) -> tuple[Tile, ...]:
        """Every tile in the display: rows, valued canoes and separate tiles."""
        out: list[Tile] = []
        for row in self.open:
            out.extend(row.tiles)
        for valued in self.valued:
            out.extend(valued.row.tiles)
        out.extend(self.separate)
        return tuple(out)

    def valued_species(self) -> frozenset[Species]:
        """The species of the valued canoes, for the species exchange (R21)."""
        return frozenset(v.species for v in self.valued)


@attrs.frozen(cache_hash=True)
class IntoCanoe:
    """D6: the taken animal, herb or mushroom goes to this open canoe.

    Written ``>CB2``: into the bear canoe for two.
    """

    species: Species
    capacity: int

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

    herb: int | None = None
    mushroom: int | None = None
    animals: tuple[int, ...] = ()

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


def _candidate_rows(display: Display, tile: Tile) -> list[int]:
    """The indices of the open rows the tile may join (R16, R18)."""
    kind = tile.kind
    if kind is Kind.ANIMAL:
        return [i for i, r in enumerate(display.open) if r.canoe.species is tile.species]
    if kind is Kind.HERB:
        return [i for i, r in enumerate(display.open) if r.herb is None]
    return [i for i, r in enumerate(display.open) if r.mushroom is None]


def _gather_options(
    display: Display, canoe: Tile
) -> tuple[list[int | None], list[int | None], list[tuple[int, ...]]]:
    herb_values: set[int] = set()
    mushroom_values: set[int] = set()
    animals: list[int] = []
    species = canoe.species
    for t in display.separate:
        kind = t.kind
        if kind is Kind.ANIMAL:
            if t.species is species:
                animals.append(t.value)
        elif kind is Kind.HERB:
            herb_values.add(t.value)
        elif kind is Kind.MUSHROOM:
            mushroom_values.add(t.value)
    herbs: list[int | None] = [*sorted(herb_values)]
    mushrooms: list[int | None] = [*sorted(mushroom_values)]
    animals.sort()
    if len(animals) <= canoe.value:
        animal_options = [tuple(animals)]
    else:
        animal_options = sorted(set(combinations(animals, canoe.value)))
    return herbs or [None], mushrooms or [None], animal_options


_FORCED: tuple[None] = (None,)


def placement_choices(display: Display, tile: Tile) -> tuple[Placement | None, ...]:
    """Returns the distinct ways ``tile`` can be placed in ``display`` (D6).

    ``(None,)`` means the placement is forced; otherwise every choice is
    listed and the player must name one.
    """
    kind = tile.kind
    if kind is Kind.CANOE:
        if len(display.separate) < 2:  # a choice needs two tiles to choose from
            return _FORCED
        herbs, mushrooms, animal_options = _gather_options(display, tile)
        if len(herbs) == len(mushrooms) == len(animal_options) == 1:
            return _FORCED
        return tuple(Gather(h, m, a) for h, m, a in product(herbs, mushrooms, animal_options))
    if len(display.open) < 2:  # a choice needs two open canoes
        return _FORCED
    rows = _candidate_rows(display, tile)
    if len(rows) <= 1:
        return _FORCED
    return tuple(IntoCanoe(display.open[i].species, display.open[i].capacity) for i in rows)


def place(
    display: Display, tile: Tile, placement: Placement | None = None
) -> tuple[Display, Row | None]:
    """Places a newly taken ``tile`` in ``display`` (R16–R18).

    Returns the new display and the row that the tile filled, if any. The full
    row is *not* in the returned display: valuing it (R19) is up to the caller,
    which knows the payout and the token supply. Raises
    :class:`~trapper_core.AmbiguousActionError` when the placement is a choice
    (D6) and ``placement`` does not make it, and
    :class:`~trapper_core.IllegalActionError` when ``placement`` does not fit.
    """
    if tile.kind is Kind.CANOE:
        return _place_canoe(display, tile, placement)
    rows = _candidate_rows(display, tile)
    if not rows:
        if placement is not None:
            raise IllegalActionError(
                f"R16: {tile.name} fits no open canoe and lies separate; "
                "there is no placement to choose",
                rule="R16",
            )
        separate = (*display.separate, tile)
        return Display(display.open, display.valued, separate, display.money, display.tokens), None
    if len(rows) == 1 and placement is None:
        index = rows[0]
    else:
        index = _chosen_row(display, tile, rows, placement)
    row = display.open[index]
    if tile.kind is Kind.ANIMAL:
        row = Row(row.canoe, (*row.animals, tile), row.herb, row.mushroom)
    elif tile.kind is Kind.HERB:
        row = Row(row.canoe, row.animals, tile, row.mushroom)
    else:
        row = Row(row.canoe, row.animals, row.herb, tile)
    if row.is_full:
        new_open = display.open[:index] + display.open[index + 1 :]
    else:
        new_open = (*display.open[:index], row, *display.open[index + 1 :])
    display = Display(new_open, display.valued, display.separate, display.money, display.tokens)
    return display, row if row.is_full else None


def _chosen_row(display: Display, tile: Tile, rows: list[int], placement: Placement | None) -> int:
    options = [IntoCanoe(display.open[i].species, display.open[i].capacity) for i in rows]
    if placement is None:
        raise AmbiguousActionError(
            f"D6: {tile.name} fits {len(rows)} open canoes; choose one of "
            + ", ".join(o.text for o in options),
            rule="D6",
            candidates=tuple(options),
        )
    if placement in options:
        return rows[options.index(placement)]
    raise IllegalActionError(
        f"R16: {tile.name} cannot go to {_placement_name(placement)}; it fits "
        + ", ".join(o.text for o in options),
        rule="R16",
    )


def _placement_name(placement: Placement) -> str:
    if isinstance(placement, IntoCanoe):
        return f"the {placement.species} canoe ({placement.capacity})"
    return "a gathering canoe"


def _place_canoe(
    display: Display, canoe: Tile, placement: Placement | None
) -> tuple[Display, Row | None]:
    herbs, mushrooms, animal_options = _gather_options(display, canoe)
    species = canoe.species
    assert species is not None
    if placement is None:
        if not len(herbs) == len(mushrooms) == len(animal_options) == 1:
            candidates = placement_choices(display, canoe)
            raise AmbiguousActionError(
                f"D6: the {canoe.name} can gather its tiles in {len(candidates)} ways; "
                "choose one of "
                + ", ".join(c.text(species) for c in candidates if isinstance(c, Gather)),
                rule="D6",
                candidates=candidates,
            )
        herb, mushroom, animals = herbs[0], mushrooms[0], animal_options[0]
    elif (
        isinstance(placement, Gather)
        and placement.herb in herbs
        and placement.mushroom in mushrooms
        and placement.animals in animal_options
        and len(herbs) * len(mushrooms) * len(animal_options) > 1
    ):
        herb, mushroom, animals = placement.herb, placement.mushroom, placement.animals
    else:
        raise IllegalActionError(
            f"R17: the {canoe.name} cannot gather that way; it takes one separate herb "
            "and one separate mushroom if there are any, then separate "
            f"{canoe.species} animals up to its capacity",
            rule="R17",
        )
    separate = list(display.separate)
    herb_tile = _take_from(separate, Kind.HERB, None, herb)
    mushroom_tile = _take_from(separate, Kind.MUSHROOM, None, mushroom)
    animal_tiles: list[Tile] = []
    for value in animals:
        tile = _take_from(separate, Kind.ANIMAL, species, value)
        assert tile is not None
        animal_tiles.append(tile)
    row = Row(canoe, tuple(animal_tiles), herb_tile, mushroom_tile)
    rest = tuple(separate)
    if row.is_full:
        return Display(display.open, display.valued, rest, display.money, display.tokens), row
    new_open = (*display.open, row)
    return Display(new_open, display.valued, rest, display.money, display.tokens), None


def _take_from(
    separate: list[Tile], kind: Kind, species: Species | None, value: int | None
) -> Tile | None:
    if value is None:
        return None
    for i, t in enumerate(separate):
        if t.kind is kind and t.value == value and (species is None or t.species is species):
            return separate.pop(i)
    raise AssertionError("gather options are computed from the separate tiles")
