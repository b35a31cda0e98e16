"""The components of the base game: tiles (R1, D1), cards (R3), tokens (R4), the deal (R8)."""

from __future__ import annotations

from trapper_core import COLOURS, Colour, TileSet, TokenSupply, hookimpl, standard_tile_set

CARDS_PER_COLOUR = 16
HAND_SIZE = 6
CANOE_TOKENS = tuple(range(16, 37, 2))
SPECIES_TOKENS = tuple(range(1, 7))


@hookimpl
def trapper_tile_set() -> TileSet:
    return standard_tile_set()


@hookimpl
def trapper_deck() -> tuple[Colour, ...]:
    return tuple(colour for colour in COLOURS for _ in range(CARDS_PER_COLOUR))


@hookimpl
def trapper_hand_size(players: int) -> int:
    return HAND_SIZE


@hookimpl
def trapper_token_supply() -> TokenSupply:
    return TokenSupply(canoe=CANOE_TOKENS, species=SPECIES_TOKENS)
