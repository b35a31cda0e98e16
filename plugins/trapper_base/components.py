"""The components of the base game and how they are laid out: the board (R6,
D3), tiles (R1, R2, D1), cards (R3), tokens (R4), the deal (R8, D14) and the
first tiles turned up (R7)."""

from __future__ import annotations

from operator import index

from trapper_core import (
    COLOURS,
    DIRECTIONS,
    SPECIES,
    Board,
    Colour,
    GameState,
    PluginError,
    Setup,
    SetupError,
    Square,
    Tile,
    TileSet,
    TokenSupply,
    hookimpl,
    interned,
)

from .mechanics import reveal_around

__all__ = [
    "ANIMAL_VALUES",
    "BOARD",
    "CANOE_TOKENS",
    "CARDS_PER_COLOUR",
    "DEFAULT_TRAPPERS",
    "HAND_SIZE",
    "SPECIES_TOKENS",
    "deal",
    "standard_faces",
    "standard_tile_set",
]

CARDS_PER_COLOUR = 16
"""R3: sixteen cards of each colour."""
HAND_SIZE = 6
"""R8: six cards per player."""
CANOE_TOKENS = tuple(range(16, 37, 2))
"""R4: the most-valuable-canoe tokens 16, 18, …, 36."""
SPECIES_TOKENS = tuple(range(1, 7))
"""R4: the most-animal-species tokens 1–6."""
ANIMAL_VALUES = (1, 2, 2, 3, 3, 4)
"""R1: the values of the six animals of every species."""

DEFAULT_TRAPPERS: tuple[Square, Square, Square, Square] = (
    Square.parse("d5"),  # blue
    Square.parse("e5"),  # beige
    Square.parse("d4"),  # green
    Square.parse("e4"),  # purple
)
"""D3: blue d5, beige e5, green d4, purple e4."""

BOARD = Board.rectangle(8, 8, DEFAULT_TRAPPERS)
"""R6: the 8 × 8 board, the trappers on the four centre squares (D3)."""


def standard_faces() -> list[str]:
    """Returns the 64 tile faces of the game in the order of the D1 table.

    Animals species by species (mink, lynx, moose, bear, wolf, salmon) with
    values 1, 2, 2, 3, 3, 4; then the canoes species by species with
    capacities 1, 2, 3; then herbs 1–5 and mushrooms 1–5.
    """
    faces = [f"{s.letter}{v}" for s in SPECIES for v in ANIMAL_VALUES]
    faces += [f"C{s.letter}{c}" for s in SPECIES for c in (1, 2, 3)]
    faces += [f"H{v}" for v in range(1, 6)]
    faces += [f"F{v}" for v in range(1, 6)]
    return faces


@interned
def standard_tile_set() -> TileSet:
    """Returns the standard 64 tiles with the water edges of the D1 table.

    The printed distribution of water edges is unknown, so the engine deals
    them out round the compass: the i-th face of
    [`standard_faces`][trapper_base.components.standard_faces] has its water to
    the north, east, south, west for i = 0, 1, 2, 3 (mod 4). Every run of
    consecutive faces is spread as evenly as four directions allow, so each
    direction gets 16 tiles, each species' animals 2/2/1/1, the 18 canoes
    5/5/4/4, the herbs and the mushrooms 2/1/1/1 (D1).
    """
    tiles = tuple(
        Tile.from_face(face, DIRECTIONS[i % 4]) for i, face in enumerate(standard_faces())
    )
    return TileSet(tiles, name="standard")


def deal(state: GameState, setup: Setup) -> None:
    """R8, D14: deals each player a hand from the top of the deck, in blocks
    of the hand size, seat 0 first; the rest is the draw pile."""
    players = state.players
    size = state.rules.hand_size(players)
    if type(size) is not int or size < 0:
        raise PluginError(
            f"variant {state.rules.variant!r}: trapper_hand_size({players}) returned "
            f"{size!r:.60}, not a count of cards (a whole number, 0 or more)"
        )
    deck = setup.deck
    if len(deck) < size * players:
        raise SetupError(
            f"R8: the deck has {len(deck)} cards, too few to deal {players} hands of "
            f"{size} (trapper_hand_size({players}) answers {size})"
        )
    hands = []
    for p in range(players):
        dealt = deck[p * size : (p + 1) * size]
        hands.append(tuple([dealt.count(c) for c in COLOURS]))
    state.hands = tuple(hands)  # type: ignore[arg-type]
    state.pile = tuple(map(index, deck[players * size :]))  # ints: index() costs half of int()
    state.drawn = 0


@hookimpl
def trapper_board() -> Board:
    return BOARD


@hookimpl
def trapper_tile_set() -> TileSet:
    return standard_tile_set()


_DECK = tuple(colour for colour in COLOURS for _ in range(CARDS_PER_COLOUR))  # R3, made once


@hookimpl
def trapper_deck() -> tuple[Colour, ...]:
    return _DECK


@hookimpl
def trapper_hand_size(players: int) -> int:
    return HAND_SIZE


@hookimpl
def trapper_token_supply() -> TokenSupply:
    return TokenSupply(canoe=CANOE_TOKENS, species=SPECIES_TOKENS)


@hookimpl
def trapper_start(state: GameState, setup: Setup) -> bool:
    for square in state.trappers:
        reveal_around(state, square)  # R7: the tiles around the trappers
    deal(state, setup)
    return True
