"""Placement in a display (R16–R18, D6): where a taken tile goes.

Everything here is a pure function of immutable values, so bots can try a
placement without touching a game.
[`placement_choices`][trapper_base.placement.placement_choices] and
[`place`][trapper_base.placement.place] are the base game's answers to the
core's ``trapper_placement_choices`` and ``trapper_place`` hooks.
"""

from __future__ import annotations

from itertools import combinations, product

from trapper_core import (
    AmbiguousActionError,
    Display,
    IllegalActionError,
    Kind,
    Row,
    Species,
    Tile,
    hookimpl,
    interned,
)

from .actions import Gather, IntoCanoe, Placement

__all__ = ["place", "placement_choices"]

# The kinds as module globals. On Python 3.11 the enum classes' metaclass
# defines __getattr__, which sends every attribute lookup on an enum class
# down a slow path: ``Kind.ANIMAL`` costs about 70 ns, a global 5. Placement
# asks for tiles' kinds in every decision of a game (8,000 instructions
# fewer a decision of a random base playout, of 115,400; 3,300 an apply +
# undo, of 57,000).
_ANIMAL, _CANOE, _HERB, _MUSHROOM = Kind.ANIMAL, Kind.CANOE, Kind.HERB, Kind.MUSHROOM


def _candidate_rows(display: Display, tile: Tile) -> list[int]:
    """The indices of the open rows the tile may join (R16, R18)."""
    # Plain loops rather than comprehensions over enumerate(): a
    # comprehension is a function made and called each time (with a cell
    # for the species), which costs twice the loops at two open rows (4,500
    # against 2,400 instructions); every placement of a tile but a canoe asks.
    rows = []
    i = 0
    kind = tile.kind
    if kind is _ANIMAL:
        species = tile.species
        for row in display.open:
            if row.canoe.species is species:
                rows.append(i)
            i += 1
    elif kind is _HERB:
        for row in display.open:
            if row.herb is None:
                rows.append(i)
            i += 1
    else:
        for row in display.open:
            if row.mushroom is None:
                rows.append(i)
            i += 1
    return rows


def _gather_options(
    display: Display, canoe: Tile
) -> tuple[list[int | None], list[int | None], list[tuple[int, ...]]]:
    herb_values: set[int] = set()
    mushroom_values: set[int] = set()
    animals: list[int] = []
    species = canoe.species
    for t in display.separate:
        kind = t.kind
        if kind is _ANIMAL:
            if t.species is species:
                animals.append(t.value)
        elif kind is _HERB:
            herb_values.add(t.value)
        elif kind is _MUSHROOM:
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
    return trapper_placement_choices(display, tile)


def place(
    display: Display, tile: Tile, placement: Placement | None = None
) -> tuple[Display, Row | None]:
    """Places a newly taken ``tile`` in ``display`` (R16–R18).

    Returns the new display and the row that the tile filled, if any. The full
    row is *not* in the returned display: valuing it (R19) is up to the caller,
    which knows the payout and the token supply. Raises
    [`AmbiguousActionError`][trapper_core.AmbiguousActionError] when the placement is a choice
    (D6) and ``placement`` does not make it, and
    [`IllegalActionError`][trapper_core.IllegalActionError] when ``placement`` does not fit,
    or names a place where there is no choice (D6: ``placement_choices``
    answers ``(None,)``, and the tile goes where it must with ``None``).
    """
    return trapper_place(display, tile, placement)


# The hook implementations hold the rules themselves (the public functions
# above call them): listing asks for placement choices at every target of
# every position, and a layer of calls there costs a tenth of listing.


def forced_kinds(display: Display) -> tuple[bool, bool]:
    """Whether every tile but a canoe, and whether every canoe, is placed in
    ``display`` without a choice (D6): a tile joins one of the open rows, so
    fewer than two leave no choice; a canoe gathers from the separate
    tiles, so fewer than two leave none. `trapper_placement_choices`
    answers ``(None,)`` for such tiles."""
    return len(display.open) < 2, len(display.separate) < 2


@hookimpl
def trapper_placement_choices(display: Display, tile: Tile) -> tuple[Placement | None, ...]:
    if tile.kind is _CANOE:
        if len(display.separate) < 2:  # a choice needs two tiles to choose from
            return _FORCED
        key = tile.face  # a canoe's choices depend on its species and capacity
        part = _BY_SEPARATE
    elif len(display.open) < 2:  # a choice needs two open canoes
        return _FORCED
    else:
        key = tile.face[0]  # an animal's on its species, a herb's or mushroom's on nothing
        part = _BY_OPEN
    # Listing asks about every target of every position, and a display never
    # changes: answers are kept on it (this halves the cost of listing steps).
    found = (table := _table(display, part)).get(key)
    if found is None:
        found = table[key] = answer(display, tile)
    return found


def answer_tables(
    display: Display, by_open: bool = True, by_separate: bool = True
) -> tuple[Answers, Answers]:
    """The display's two tables of placement answers, made if missing: by
    open rows (keyed by an animal's species letter, ``H`` or ``M``: a tile's
    ``face[0]``) and by separate tiles (keyed by a canoe's ``face``). A
    missing answer is `answer`'s. The step lister looks each target's answer
    up in them rather than calling `trapper_placement_choices` a target
    (2 % of a random base game's instructions). A table not asked for
    (``by_open`` or ``by_separate`` false: no tile of its kind has a
    choice) is not made on the display, and an empty one stands in for it:
    a table made empty would be held by most displays a finished game
    keeps, 9 bytes a decision."""
    return (
        _table(display, _BY_OPEN) if by_open else {},
        _table(display, _BY_SEPARATE) if by_separate else {},
    )


def _table(display: Display, part: str) -> Answers:
    """The display's table of answers ``part``, made if missing."""
    cache = display.cache
    if cache is None:
        cache = {}
        _set_cache(display, cache)
    table: Answers | None = cache.get(part)
    if table is None:
        table = cache[part] = {}
    return table


# The answers above are kept in two tables: a canoe's choices depend on the
# separate tiles alone, any other tile's on the open rows alone. A display
# made from another keeps the answers that still hold (``keep_answers``):
# valuing a canoe, paying out or exchanging leave both tables standing; an
# animal that joins a canoe without filling it leaves both (the rows'
# canoes, herbs and mushrooms stay where they were); a herb or a mushroom
# that joins one, every answer but its own kind's (a copy of the table); a
# tile laid separate, the other tiles' answers. This spares a third of the
# answers computed again in a random game (1.12 a decision, where displays
# that keep none compute 1.66), 4 % of a base playout's instructions.
# (Keeping, for an animal laid separate, the answers of the canoes of other
# species would spare 1 % more of a playout but cost `apply` + `undo`,
# which lists nothing in between, 3 %.)
_BY_OPEN = "placement choices by open rows"
Answers = dict[str, tuple[Placement | None, ...]]
_BY_SEPARATE = "placement choices by separate tiles"
_set_cache = Display.__dict__["cache"].__set__


def keep_answers(old: Display, new: Display, *, same_open: bool, same_separate: bool) -> Display:
    """Gives ``new`` the placement answers of ``old`` that still hold: those
    that depend on the open rows when ``same_open``, on the separate tiles
    when ``same_separate``. Returns ``new``."""
    return _keep_answers(old, new, same_open, same_separate)


def _keep_answers(old: Display, new: Display, same_open: bool, same_separate: bool) -> Display:
    # keep_answers without keywords, for the placements of every decision
    cache = old.cache
    if cache is not None:
        kept = {}
        if same_open and (table := cache.get(_BY_OPEN)):  # empty tables are not kept
            kept[_BY_OPEN] = table
        if same_separate and (table := cache.get(_BY_SEPARATE)):
            kept[_BY_SEPARATE] = table
        if kept:
            _set_cache(new, kept)
    return new


def answer(display: Display, tile: Tile) -> tuple[Placement | None, ...]:
    """`trapper_placement_choices`' answer for ``tile``, worked out rather
    than looked up in the display's tables."""
    if tile.kind is _CANOE:
        herbs, mushrooms, animal_options = _gather_options(display, tile)
        if len(herbs) == len(mushrooms) == len(animal_options) == 1:
            return _FORCED
        return tuple(_gather(h, m, a) for h, m, a in product(herbs, mushrooms, animal_options))
    rows = _candidate_rows(display, tile)
    if len(rows) <= 1:
        return _FORCED
    # The canoes' species and capacity, without properties, in a plain loop:
    # a comprehension over the rows would make ``display`` a cell of this
    # function, and be a function made and called on every answer.
    rows_open = display.open
    placements = []
    for i in rows:
        canoe = rows_open[i].canoe
        placements.append(_into(canoe.species, canoe.value))  # type: ignore[arg-type]
    return tuple(placements)


# The placements listed are made once each: listing builds a step for every
# placement, and a step made before is found by its placement, which then
# compares by identity rather than by its attrs __eq__ (1,500 instructions a
# decision, base game).
_into = interned(IntoCanoe)
_gather = interned(Gather)


@hookimpl
def trapper_place(
    display: Display, tile: Tile, placement: Placement | None
) -> tuple[Display, Row | None]:
    if tile.kind is _CANOE:
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
        new = Display(display.open, display.valued, separate, display.money, display.tokens)
        return _keep_answers(display, new, True, False), None
    if len(rows) == 1 and placement is None:
        index = rows[0]
    else:
        index = _chosen_row(display, tile, rows, placement)
    rows_open = display.open
    row = rows_open[index]
    full = None
    if tile.kind is _ANIMAL:
        row = Row(row.canoe, (*row.animals, tile), row.herb, row.mushroom)
        if len(row.animals) == row.canoe.value:  # only an animal fills a canoe (R19)
            full = row
    elif tile.kind is _HERB:
        row = Row(row.canoe, row.animals, tile, row.mushroom)
    else:
        row = Row(row.canoe, row.animals, row.herb, tile)
    if full is not None:
        new_open = rows_open[:index] + rows_open[index + 1 :]
    else:
        new_open = (*rows_open[:index], row, *rows_open[index + 1 :])
    new = Display(new_open, display.valued, display.separate, display.money, display.tokens)
    # An animal that joins a canoe without filling it leaves every open row's
    # canoe, herb and mushroom where they were: every answer still holds. A
    # herb or a mushroom changes the answer for its own kind only.
    if full is not None:
        _keep_answers(display, new, False, True)
    elif tile.kind is _ANIMAL:
        _keep_answers(display, new, True, True)
    else:
        _keep_answers(display, new, False, True)
        _keep_open_answers_but(display, new, tile.face[0])
    return new, full


def _keep_open_answers_but(old: Display, new: Display, key: str) -> None:
    """Gives ``new`` a copy of ``old``'s answers by open rows without the one of ``key``."""
    cache = old.cache
    table = cache.get(_BY_OPEN) if cache is not None else None
    if table and len(table) > 1:
        kept = table.copy()  # a copy in C, less the one answer
        kept.pop(key, None)
        cache = new.cache
        if cache is None:
            cache = {}
            _set_cache(new, cache)
        cache[_BY_OPEN] = kept


def _chosen_row(display: Display, tile: Tile, rows: list[int], placement: Placement | None) -> int:
    if type(placement) is IntoCanoe:
        # The usual case, a placement the listing gave: its row found by the
        # canoes' species and capacity, without making the options (attrs
        # objects): placing a herb or a mushroom by choice costs 27,000
        # instructions so, and 53,000 (twice a plain placement) with them.
        species, capacity = placement.species, placement.capacity
        rows_open = display.open
        for i in rows:
            canoe = rows_open[i].canoe
            if canoe.species == species and canoe.value == capacity:
                if len(rows) == 1:  # as a canoe's one way to gather is refused (D6)
                    raise IllegalActionError(
                        f"D6: {tile.name} has one place to go: a placement is named only "
                        "when there is a choice (write the step without it)",
                        rule="D6",
                    )
                return i
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
    if len(options) == 1:  # no choice: its place is named by no placement (D6)
        raise IllegalActionError(
            f"R16: {tile.name} cannot go to {_placement_name(placement)}; its one place is "
            f"{_placement_name(options[0])}, where it goes with no placement named",
            rule="R16",
        )
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
    if placement is None and not display.separate:
        # Nothing to gather (a canoe in five in a random game): the canoe
        # opens an empty row (never full: a capacity is at least 1), without
        # working out the gathering's options.
        new = Display(
            (*display.open, Row(canoe)),
            display.valued,
            display.separate,
            display.money,
            display.tokens,
        )
        return _keep_answers(display, new, False, True), None
    herbs, mushrooms, animal_options = _gather_options(display, canoe)
    species = canoe.species
    assert species is not None
    if placement is None:
        if not len(herbs) == len(mushrooms) == len(animal_options) == 1:
            raise _ambiguous_gathering(display, canoe, species)
        herb, mushroom, animals = herbs[0], mushrooms[0], animal_options[0]
    elif (
        isinstance(placement, Gather)
        and placement.herb in herbs
        and placement.mushroom in mushrooms
        and placement.animals in animal_options
    ):
        if len(herbs) * len(mushrooms) * len(animal_options) == 1:
            # the one way it gathers, named where there is no choice
            raise IllegalActionError(
                f"D6: the {canoe.name} has one way to gather: a placement is named only "
                "when there is a choice (write the step without it)",
                rule="D6",
            )
        herb, mushroom, animals = placement.herb, placement.mushroom, placement.animals
    else:
        raise IllegalActionError(
            f"R17: the {canoe.name} cannot gather that way; it takes one separate herb "
            "and one separate mushroom if there are any, then separate "
            f"{canoe.species} animals up to its capacity",
            rule="R17",
        )
    separate = list(display.separate)
    herb_tile = _take_from(separate, _HERB, None, herb)
    mushroom_tile = _take_from(separate, _MUSHROOM, None, mushroom)
    animal_tiles: list[Tile] = []
    for value in animals:
        tile = _take_from(separate, _ANIMAL, species, value)
        assert tile is not None
        animal_tiles.append(tile)
    row = Row(canoe, tuple(animal_tiles), herb_tile, mushroom_tile)
    rest = tuple(separate)
    gathered = len(rest) != len(display.separate)
    if row.is_full:
        new = Display(display.open, display.valued, rest, display.money, display.tokens)
        return _keep_answers(display, new, True, not gathered), row
    new = Display((*display.open, row), display.valued, rest, display.money, display.tokens)
    return _keep_answers(display, new, False, not gathered), None


def _ambiguous_gathering(display: Display, canoe: Tile, species: Species) -> AmbiguousActionError:
    # Apart from _place_canoe: its generator over the candidates would make
    # ``species`` a cell of _place_canoe, slower at every use.
    candidates = placement_choices(display, canoe)
    return AmbiguousActionError(
        f"D6: the {canoe.name} can gather its tiles in {len(candidates)} ways; "
        "choose one of " + ", ".join(c.text(species) for c in candidates if isinstance(c, Gather)),
        rule="D6",
        candidates=candidates,
    )


def _take_from(
    separate: list[Tile], kind: Kind, species: Species | None, value: int | None
) -> Tile | None:
    if value is None:
        return None
    for i, t in enumerate(separate):
        if t.kind is kind and t.value == value and (species is None or t.species is species):
            return separate.pop(i)
    raise AssertionError("gather options are computed from the separate tiles")
