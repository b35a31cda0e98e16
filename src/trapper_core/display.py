"""What lies in front of a player: rows of tiles at canoes, valued canoes,
separate tiles, money and bonus tokens.

These are values; how a taken tile is placed is the variant's
(``trapper_placement_choices`` and ``trapper_place``).
"""

from __future__ import annotations

from typing import Any

import attrs

from .model import Species, Tile, Token

__all__ = ["Display", "Row", "ValuedCanoe"]


# Rows and displays are made in most decisions of a game (a placed tile
# makes a new row and a new display). attrs' __init__ of a frozen class sets
# each field through object.__setattr__; the __init__ below calls each slot's
# own setter instead, which spares a fifth of making one (Display: 7,200
# instructions where attrs' __init__ takes 8,900, under cachegrind). The
# classes stay frozen.


@attrs.frozen(init=False)
class Row:
    """A canoe in a display with the tiles laid at it.

    An open row is not full yet; a row with nothing at it is
    [`is_empty`][trapper_core.Row.is_empty].

    Rows, valued canoes and displays are made as given, unchecked (a game
    makes new ones in most of its decisions);
    [`game_at`][trapper_core.game_at] checks every part of the displays it
    is given and names what is wrong.
    """

    canoe: Tile
    animals: tuple[Tile, ...] = ()
    herb: Tile | None = None
    mushroom: Tile | None = None

    def __init__(
        self,
        canoe: Tile,
        animals: tuple[Tile, ...] = (),
        herb: Tile | None = None,
        mushroom: Tile | None = None,
    ) -> None:
        _row_canoe(self, canoe)
        _row_animals(self, animals)
        _row_herb(self, herb)
        _row_mushroom(self, mushroom)

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
        """Whether the canoe holds as many animals as its capacity."""
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
    """A full canoe that has been valued and set aside, with what it paid."""

    row: Row
    payout: int

    @property
    def species(self) -> Species:
        """The species of the canoe."""
        return self.row.species


@attrs.frozen
class Display:
    """What lies in front of a player: rows, valued canoes, separate tiles,
    money and bonus tokens.

    ``money`` is what the bank has paid out so far; the end valuation is
    added by ``Game.scores()`` once the game is over. Made as given,
    unchecked, like [`Row`][trapper_core.Row].
    """

    open: tuple[Row, ...] = ()
    valued: tuple[ValuedCanoe, ...] = ()
    separate: tuple[Tile, ...] = ()
    money: int = 0
    tokens: tuple[Token, ...] = ()
    cache: dict[object, Any] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    """Scratch space for rules that compute answers from this display alone
    (the base game keeps placement choices here); ``None`` until a rule
    uses it, never part of the display's value. A view's displays are
    copies without it: which answers it holds depends on what the player to
    move could afford to ask, and the game writes into it."""

    def __init__(
        self,
        open: tuple[Row, ...] = (),
        valued: tuple[ValuedCanoe, ...] = (),
        separate: tuple[Tile, ...] = (),
        money: int = 0,
        tokens: tuple[Token, ...] = (),
    ) -> None:
        _display_open(self, open)
        _display_valued(self, valued)
        _display_separate(self, separate)
        _display_money(self, money)
        _display_tokens(self, tokens)
        _display_cache(self, None)

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
        """The species of the valued canoes."""
        return frozenset(v.species for v in self.valued)


# The slots' setters, for the __init__ methods above.
_row_canoe, _row_animals, _row_herb, _row_mushroom = (
    Row.__dict__[name].__set__ for name in ("canoe", "animals", "herb", "mushroom")
)
_display_open, _display_valued, _display_separate, _display_money, _display_tokens = (
    Display.__dict__[name].__set__ for name in ("open", "valued", "separate", "money", "tokens")
)
_display_cache = Display.__dict__["cache"].__set__
