"""Small board: a two-player Trapper house variant on a 6 × 6 board.

This is a house variant, not a rule of the published game. It is the base
game shrunk to a shorter game for two players; only the components differ:

- The board is the 36 squares a1–f6; the blue, beige, green and purple
  trappers start on the centre squares c4, d4, c3 and d3 (R6, D3 scaled
  down), so 32 tiles are in play.
- The 36 tiles are four species instead of six (mink, lynx, moose, bear),
  each with four animals valued 1, 2, 3 and 4 (16 animals) and canoes of
  capacity 1, 2 and 3 (12 canoes), then herbs 1–4 and mushrooms 1–4 (8).
  The water edges are dealt round the compass as in the base game's D1
  table: the i-th tile of that list has its water to the north, east, south
  or west for i = 0, 1, 2, 3 (mod 4), so every species' animals, the herbs
  and the mushrooms face each direction once, and the canoes three times.
- The deck keeps the base game's one card per tile: 9 cards of each colour
  (36) instead of 16 (R3). Hands stay at six cards (R8), so a hunt can be as
  long as in the base game; two hands leave 24 cards to draw.
- The species tokens are 1–4, one per species that can be exchanged (R4,
  R21); 5 and 6 could never be earned. The canoe tokens keep R20's threshold
  of 16 but stop at 28 (seven tokens instead of eleven): the smaller tiles
  pay at most 34 for a canoe (bears 4, 3 and 2 with herb 4 and mushroom 4),
  and fewer canoes are valued in a two-player game on a smaller board.

Movement, placement, payouts, the end and the winner are the base game's.
"""

from __future__ import annotations

import functools

from trapper_core import (
    COLOURS,
    DIRECTIONS,
    Board,
    Colour,
    Species,
    Tile,
    TileSet,
    TokenSupply,
    VariantSpec,
    hookimpl,
)

__all__ = [
    "BOARD",
    "CANOE_TOKENS",
    "CARDS_PER_COLOUR",
    "SPECIES_IN_PLAY",
    "SPECIES_TOKENS",
    "SmallBoardRules",
    "small_faces",
    "small_tile_set",
    "trapper_variants",
]

BOARD = Board.rectangle(6, 6, Board.centre(6, 6))
"""The 6 × 6 board a1–f6, the trappers on c4, d4, c3 and d3."""
SPECIES_IN_PLAY = (Species.MINK, Species.LYNX, Species.MOOSE, Species.BEAR)
"""The four species of the small set."""
CARDS_PER_COLOUR = 9
"""Nine cards of each colour: 36 cards for 36 tiles."""
CANOE_TOKENS = tuple(range(16, 29, 2))
"""The most-valuable-canoe tokens 16, 18, …, 28."""
SPECIES_TOKENS = (1, 2, 3, 4)
"""The most-animal-species tokens 1–4."""


def small_faces() -> list[str]:
    """Returns the 36 tile faces in the order the water edges are dealt:
    animals species by species with values 1–4, the canoes species by
    species with capacities 1–3, then herbs 1–4 and mushrooms 1–4."""
    faces = [f"{s.letter}{v}" for s in SPECIES_IN_PLAY for v in (1, 2, 3, 4)]
    faces += [f"C{s.letter}{c}" for s in SPECIES_IN_PLAY for c in (1, 2, 3)]
    faces += [f"H{v}" for v in (1, 2, 3, 4)]
    faces += [f"F{v}" for v in (1, 2, 3, 4)]
    return faces


@functools.cache
def small_tile_set() -> TileSet:
    """Returns the 36 tiles, water edges dealt round the compass (as D1)."""
    tiles = (Tile.from_face(face, DIRECTIONS[i % 4]) for i, face in enumerate(small_faces()))
    return TileSet(tuple(tiles), name="small")


class SmallBoardRules:
    """What the small board changes in the base game: its components."""

    @hookimpl
    def trapper_board(self) -> Board:
        return BOARD

    @hookimpl
    def trapper_tile_set(self) -> TileSet:
        return small_tile_set()

    @hookimpl
    def trapper_deck(self) -> tuple[Colour, ...]:
        return tuple(colour for colour in COLOURS for _ in range(CARDS_PER_COLOUR))

    @hookimpl
    def trapper_token_supply(self) -> TokenSupply:
        return TokenSupply(canoe=CANOE_TOKENS, species=SPECIES_TOKENS)


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="smallboard",
            plugins=(SmallBoardRules(),),
            extends="base",
            title="Small board (house variant)",
            description="Two players, a 6 × 6 board and 36 tiles of four species.",
            min_players=2,
            max_players=2,
        )
    ]
