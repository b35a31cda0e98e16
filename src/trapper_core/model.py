"""Value types: colours, species, directions, squares, tiles, tokens and hands.

All of them are immutable. The enum members are single objects, compared by
identity; squares are values, compared with ``==`` (``SQUARES[i]``,
``Square.parse`` and ``Square.at`` give the shared square of its index, a
square made with ``Square(i)`` is a new one equal to it), and the engine
keeps them as indices.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs

from .errors import ActionFieldError, SetupError, shown
from .interning import interned

__all__ = [
    "COLOURS",
    "DIRECTIONS",
    "FACE_DOWN",
    "MAX_COUNT",
    "NEIGHBOURS",
    "SPECIES",
    "SQUARES",
    "Colour",
    "Direction",
    "FaceDown",
    "Hand",
    "Kind",
    "Species",
    "Square",
    "Tile",
    "Token",
    "TokenKind",
]


class Colour(enum.IntEnum):
    """A trapper colour. Cards and pawns come in these four colours.

    The value doubles as the colour's index in a hand or in ``Game.trappers``.
    """

    BLUE = 0
    BEIGE = 1
    GREEN = 2
    PURPLE = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in action text: ``B``, ``E``, ``G`` or ``P``."""
        return _COLOUR_LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """Returns the colour written as ``letter`` (case-insensitive)."""
        colour = _COLOUR_BY_LETTER.get(letter.upper()) if isinstance(letter, str) else None
        if colour is None:
            raise ActionFieldError(
                f"{shown(letter)} is not a colour letter (B blue, E beige, G green, P purple)"
            )
        return colour

    def __str__(self) -> str:
        return _COLOUR_NAMES[self]  # not self.name, a property of enum's that is slow to look up


_COLOUR_LETTERS = ("B", "E", "G", "P")
_COLOUR_NAMES = ("blue", "beige", "green", "purple")
_COLOUR_BY_LETTER = {letter: Colour(i) for i, letter in enumerate(_COLOUR_LETTERS)}
COLOURS: tuple[Colour, ...] = tuple(Colour)


class Species(enum.IntEnum):
    """An animal species."""

    MINK = 0
    LYNX = 1
    MOOSE = 2
    BEAR = 3
    WOLF = 4
    SALMON = 5

    @property
    def letter(self) -> str:
        """The one-letter code used in tile codes: ``K L M B W S``."""
        return _SPECIES_LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Species:
        """Returns the species written as ``letter`` (case-insensitive)."""
        species = _SPECIES_BY_LETTER.get(letter.upper()) if isinstance(letter, str) else None
        if species is None:
            raise ActionFieldError(
                f"{shown(letter)} is not a species letter "
                "(K mink, L lynx, M moose, B bear, W wolf, S salmon)"
            )
        return species

    def __str__(self) -> str:
        return self.name.lower()


_SPECIES_LETTERS = ("K", "L", "M", "B", "W", "S")
_SPECIES_BY_LETTER = {letter: Species(i) for i, letter in enumerate(_SPECIES_LETTERS)}
SPECIES: tuple[Species, ...] = tuple(Species)


class Direction(enum.IntEnum):
    """A compass direction; a tile's water edge faces one of them."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way."""
        return Direction((self + 2) % 4)

    @property
    def letter(self) -> str:
        """The lower-case letter used in tile codes: ``n``, ``e``, ``s`` or ``w``."""
        return "nesw"[self]

    @classmethod
    def from_letter(cls, letter: str) -> Direction:
        """Returns the direction written as ``letter`` (case-insensitive)."""
        index = "nesw".find(letter.lower()) if isinstance(letter, str) and len(letter) == 1 else -1
        if index < 0:
            raise ActionFieldError(f"{shown(letter)} is not a direction letter (n, e, s, w)")
        return Direction(index)

    def __str__(self) -> str:
        return self.name.lower()


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)


class Kind(enum.Enum):
    """The four kinds of loot tile."""

    ANIMAL = "animal"
    CANOE = "canoe"
    HERB = "herb"
    MUSHROOM = "mushroom"

    def __str__(self) -> str:
        return self.value


def _check_square_index(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < 64:  # not True for b1
        raise ActionFieldError(f"a square index runs from 0 (a1) to 63 (h8), not {shown(value)}")


@attrs.frozen(order=True, repr=False)
class Square:
    """A square of the grid on which boards are laid out.

    Files a–h run west to east, ranks 1–8 south to north; ``a1`` is the
    south-west corner. ``index`` is ``rank * 8 + file`` counted from zero.
    A variant's board is a set of these squares ([`Board`][trapper_core.Board]).

    Examples:
        >>> Square.parse("c4").index
        26
        >>> SQUARES[26].name
        'c4'
    """

    index: int = attrs.field(validator=_check_square_index)

    @classmethod
    def parse(cls, name: str) -> Square:
        """Returns the square named like ``"c4"``."""
        if (
            not isinstance(name, str)
            or len(name) != 2
            or name[0] not in "abcdefgh"
            or name[1] not in "12345678"
        ):
            raise ActionFieldError(f"{shown(name)} is not a square name (a1 … h8)")
        return SQUARES[(ord(name[1]) - 49) * 8 + ord(name[0]) - 97]

    @classmethod
    def at(cls, file: int, rank: int) -> Square:
        """Returns the square on ``file`` (0 = a) and ``rank`` (0 = rank 1)."""
        if type(file) is not int or type(rank) is not int:
            raise ActionFieldError(
                f"a square's file and rank are whole numbers, not {shown(file)} and {shown(rank)}"
            )
        if not (0 <= file < 8 and 0 <= rank < 8):
            raise ActionFieldError(f"file {shown(file)} and rank {shown(rank)} are off the board")
        return SQUARES[rank * 8 + file]

    @property
    def file(self) -> int:
        """The file, 0 (a) to 7 (h)."""
        return self.index & 7

    @property
    def rank(self) -> int:
        """The rank, 0 (rank 1) to 7 (rank 8)."""
        return self.index >> 3

    @property
    def name(self) -> str:
        """The square's name, like ``"c4"``."""
        return _SQUARE_NAMES[self.index]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Square.parse({self.name!r})"


_SQUARE_NAMES = tuple(f"{'abcdefgh'[i & 7]}{(i >> 3) + 1}" for i in range(64))
SQUARES: tuple[Square, ...] = tuple(Square(i) for i in range(64))


def square_or_name(value: object, taker: str) -> Square:
    """``value``, a `Square` or a square's name (``"c5"``), as a `Square`;
    anything else raises `ActionFieldError` naming ``taker``, the call."""
    if value.__class__ is Square:
        return value
    if isinstance(value, str):
        return Square.parse(value)  # a name that is none: ActionFieldError
    raise ActionFieldError(f"{taker} takes a Square or a square's name, not {shown(value)}")


def _neighbours(index: int) -> tuple[tuple[int, Direction], ...]:
    file, rank = index & 7, index >> 3
    out = []
    # In ascending order of index, so that lists built from them need no sort.
    if rank > 0:
        out.append((index - 8, Direction.NORTH))  # the square to the south
    if file > 0:
        out.append((index - 1, Direction.EAST))  # to the west
    if file < 7:
        out.append((index + 1, Direction.WEST))  # to the east
    if rank < 7:
        out.append((index + 8, Direction.SOUTH))  # to the north
    return tuple(out)


NEIGHBOURS: tuple[tuple[tuple[int, Direction], ...], ...] = tuple(
    _neighbours(i) for i in range(64)
)
"""For every square index, its orthogonal neighbours as ``(index, side)`` in
ascending order of index: ``side`` is the edge of the neighbour that faces
back to the square."""


def _check_tile(tile: Tile) -> None:
    kind, species, value = tile.kind, tile.species, tile.value
    if not isinstance(kind, Kind):
        raise SetupError(f"a tile's kind is a Kind (Kind.ANIMAL, …), not {shown(kind)}")
    if kind in (Kind.ANIMAL, Kind.CANOE):
        if not isinstance(species, Species):
            raise SetupError(f"an {kind} tile needs a species, not {shown(species)}")
    elif species is not None:
        raise SetupError(f"a {kind} tile has no species, but {species} was given")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
        # One digit: tile codes write the value (or a canoe's capacity) as one.
        raise SetupError(f"a tile's value is a whole number from 1 to 9, not {shown(value)}")
    if not isinstance(tile.water, Direction):
        raise SetupError(f"a tile's water edge is a Direction, not {tile.water!r}")


def _face_of(kind: Kind, species: Species | None, value: int) -> str:
    if kind is Kind.ANIMAL:
        return f"{species.letter}{value}"  # type: ignore[union-attr]
    if kind is Kind.CANOE:
        return f"C{species.letter}{value}"  # type: ignore[union-attr]
    return f"{'H' if kind is Kind.HERB else 'F'}{value}"


@attrs.frozen(repr=False, cache_hash=True)
class Tile:
    """A loot tile with its water edge.

    Build tiles with the named constructors or from their code: ``B3n`` is a
    bear valued 3 with water on its north edge, ``CB2e`` a bear canoe for two
    bears, ``H4s`` herb 4, ``F1w`` mushroom 1. Two tiles with the same code are
    interchangeable.

    Examples:
        >>> Tile.from_code("CB2e").capacity
        2
    """

    kind: Kind
    species: Species | None
    value: int
    """An animal's or herb's or mushroom's value; a canoe's capacity."""
    water: Direction
    """The edge the water runs along once the tile is revealed and aligned."""
    face: str = attrs.field(init=False, eq=False, repr=False, hash=False, order=False)
    """The code of the tile's face without its water edge (``B3``, ``CB2``):
    written once, since placement, setups and notation ask for it often."""

    def __attrs_post_init__(self) -> None:
        _check_tile(self)
        # The face is asked for often (placement, setups, notation): write it once.
        object.__setattr__(self, "face", _face_of(self.kind, self.species, self.value))

    @classmethod
    def animal(cls, species: Species, value: int, water: Direction) -> Tile:
        """Returns an animal tile."""
        return cls(Kind.ANIMAL, species, value, water)

    @classmethod
    def canoe(cls, species: Species, capacity: int, water: Direction) -> Tile:
        """Returns a canoe for ``capacity`` animals of ``species``."""
        return cls(Kind.CANOE, species, capacity, water)

    @classmethod
    def herb(cls, value: int, water: Direction) -> Tile:
        """Returns a herb tile."""
        return cls(Kind.HERB, None, value, water)

    @classmethod
    def mushroom(cls, value: int, water: Direction) -> Tile:
        """Returns a mushroom tile."""
        return cls(Kind.MUSHROOM, None, value, water)

    @classmethod
    def from_code(cls, code: str) -> Tile:
        """Returns the tile written as ``code`` (``B3n``, ``CB2e``, ``H4s``, ``F1w``)."""
        if not isinstance(code, str):
            raise SetupError(f"{shown(code)} is not a tile code (like B3n, CB2e, H4s, F1w)")
        return _tile_of_code(code)

    @classmethod
    def _read_code(cls, code: str) -> Tile:
        if not isinstance(code, str) or len(code) < 2:
            raise SetupError(f"{shown(code)} is not a tile code (like B3n, CB2e, H4s, F1w)")
        face, water_letter = code[:-1], code[-1]
        try:
            water = Direction.from_letter(water_letter)
        except ValueError:
            raise SetupError(
                f"tile code {shown(code)} must end in its water edge (n, e, s or w)"
            ) from None
        return cls.from_face(face, water)

    @classmethod
    def from_face(cls, face: str, water: Direction) -> Tile:
        """Returns the tile whose face is written as ``face`` (``B3``, ``CB2``, …)."""
        try:
            if isinstance(face, str) and len(face) == 3 and face[0] == "C":
                return cls.canoe(Species.from_letter(face[1]), _digit(face[2]), water)
            if isinstance(face, str) and len(face) == 2:
                if face[0] == "H":
                    return cls.herb(_digit(face[1]), water)
                if face[0] == "F":
                    return cls.mushroom(_digit(face[1]), water)
                return cls.animal(Species.from_letter(face[0]), _digit(face[1]), water)
        except ValueError:
            pass
        raise SetupError(
            f"{shown(face)} is not a tile face: an animal like B3, a canoe like CB2, "
            "a herb like H4 or a mushroom like F1"
        )

    @property
    def code(self) -> str:
        """The tile's code: its face and its water edge (``B3n``)."""
        return self.face + self.water.letter

    @property
    def capacity(self) -> int:
        """For a canoe, how many animals it carries; 0 for other tiles."""
        return self.value if self.kind is Kind.CANOE else 0

    @property
    def name(self) -> str:
        """A readable name: ``"bear 3"``, ``"bear canoe (2)"``, ``"herb 4"``."""
        if self.kind is Kind.CANOE:
            return f"{self.species} canoe ({self.value})"
        if self.kind is Kind.ANIMAL:
            return f"{self.species} {self.value}"
        return f"{self.kind} {self.value}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile.from_code({self.code!r})"


#: The value of one ASCII digit (``int`` reads any Unicode digit, ``"٣"`` as 3,
#: where every other reader of the notation takes ASCII digits alone);
#: ``ValueError`` for any other character.
_digit = "0123456789".index


@interned
def _tile_of_code(code: str) -> Tile:
    """Tiles are values: one object per code will do."""
    return Tile._read_code(code)


class FaceDown(enum.Enum):
    """The type of [`FACE_DOWN`][trapper_core.FACE_DOWN]."""

    FACE_DOWN = "face down"

    def __repr__(self) -> str:
        return "FACE_DOWN"

    __str__ = __repr__  # as the constant is named, not FaceDown.FACE_DOWN


FACE_DOWN = FaceDown.FACE_DOWN
"""Stands for a tile that is face down, in views and pictures."""


class TokenKind(enum.Enum):
    """The two kinds of bonus token."""

    SPECIES = "species"
    """Most animal species: taken by an exchange of valued canoes."""
    CANOE = "canoe"
    """Most valuable canoe: taken with a high payout."""

    def __str__(self) -> str:
        return self.value


def _token_kind(token: object, attribute: attrs.Attribute[TokenKind], value: object) -> None:
    if value.__class__ is not TokenKind:
        raise SetupError(
            f"a token's kind is TokenKind.SPECIES or TokenKind.CANOE, not {shown(value)}"
        )


def _token_number(token: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise SetupError(
            f"a token's number is a whole number from 0 to {MAX_COUNT:,}, not {shown(value)}"
        )


@attrs.frozen(order=True)
class Token:
    """A bonus token: its kind and its number. A kind that is no
    [`TokenKind`][trapper_core.TokenKind], or a number that is no whole
    number from 0 (a bool or a float neither), is a `SetupError`: a
    token sorts with the others of a display by its kind's value."""

    kind: TokenKind = attrs.field(order=lambda kind: kind.value, validator=_token_kind)
    number: int = attrs.field(validator=_token_number)

    def __str__(self) -> str:
        return f"{self.kind} {self.number}"


MAX_COUNT = 10**18 - 1
"""The largest count or sum a position may hold: a hand's cards of a
colour, and (in [`game_at`][trapper_core.game_at]) the turns, money and
payouts (either sign), a turn record's counts. Eighteen digits, as the
position string writes its numbers: far beyond any game's, and small
enough for every message to show."""


def _card_count(hand: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value < 0:
        hint = (
            " (Hand.from_counts takes the four counts as one tuple)"
            if isinstance(value, tuple | list)
            else ""
        )
        raise SetupError(
            f"a hand's {attribute.name} cards are a count from 0, not {shown(value)}{hint}"
        )
    if value > MAX_COUNT:
        raise SetupError(
            f"a hand's {attribute.name} cards are at most {MAX_COUNT:,}, not {shown(value)}"
        )


@attrs.frozen
class Hand:
    """The trapper cards a player holds, counted by colour.

    A trapper card has nothing but its colour, so a hand is four counts:
    whole numbers from 0 (anything else raises
    [`SetupError`][trapper_core.SetupError]).

    Examples:
        >>> Hand(blue=2, green=1)[Colour.BLUE]
        2
    """

    blue: int = attrs.field(default=0, validator=_card_count)
    beige: int = attrs.field(default=0, validator=_card_count)
    green: int = attrs.field(default=0, validator=_card_count)
    purple: int = attrs.field(default=0, validator=_card_count)

    FIELDS: ClassVar[tuple[str, ...]] = ("blue", "beige", "green", "purple")

    @classmethod
    def from_counts(cls, counts: tuple[int, int, int, int]) -> Hand:
        """Returns the hand with ``counts[c]`` cards of colour ``c``."""
        if isinstance(counts, str | bytes) or not isinstance(counts, Sequence) or len(counts) != 4:
            raise SetupError(f"a hand is four counts, one a colour, not {shown(counts)}")
        return cls(*counts)

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """The counts in colour order (blue, beige, green, purple)."""
        return (self.blue, self.beige, self.green, self.purple)

    @property
    def total(self) -> int:
        """How many cards the hand holds."""
        return self.blue + self.beige + self.green + self.purple

    def __getitem__(self, colour: Colour) -> int:
        return self.counts[colour]

    def __iter__(self) -> Iterator[int]:
        """The counts in colour order, so that ``sum(hand)`` and
        ``tuple(hand)`` type-check as they run."""
        return iter(self.counts)
