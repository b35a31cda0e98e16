"""What must hold in every position of the base game (``trapper_invariants``).

Each check is named, so that a variant that changes a rule replaces (or
drops, with ``None``) the check of that name:

- ``displays``: open rows hold only what fits them and are not full (R16,
  R18), and no separate tile fits an open row (the forced placement, R16);
- ``payouts``: every valued canoe is full and paid what the variant pays for
  it (R19);
- ``money``: each player's money is the sum of their payouts (R19: the base
  game pays for nothing else);
- ``retired``: a retired player holds no cards (R30);
- ``revealed``: every tile next to a trapper lies face up (R7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from trapper_core import COLOURS, NEIGHBOURS, SQUARES, Display, GameState, Kind, hookimpl

__all__ = [
    "display_problems",
    "money_problems",
    "payout_problems",
    "problems_of_display",
    "retired_problems",
    "revealed_problems",
]


def display_problems(state: GameState) -> Iterator[str]:
    """R16, R18: rows within capacity, forced placements made."""
    for player, display in enumerate(state.displays):
        yield from problems_of_display(player, display)


def problems_of_display(player: int, display: Display) -> Iterator[str]:
    """R16, R18: what is wrong with ``player``'s ``display``."""
    species_open = set()
    herb_room = mushroom_room = False
    for row in display.open:
        if row.canoe.kind is not Kind.CANOE or len(row.animals) >= row.capacity:
            yield f"R18: player {player}'s open row {row} is full or no canoe"
        if any(t.kind is not Kind.ANIMAL or t.species is not row.species for t in row.animals):
            yield f"R16: player {player}'s row {row} holds a wrong animal"
        if (row.herb and row.herb.kind is not Kind.HERB) or (
            row.mushroom and row.mushroom.kind is not Kind.MUSHROOM
        ):
            yield f"R18: player {player}'s row {row} is badly made"
        species_open.add(row.species)
        herb_room |= row.herb is None
        mushroom_room |= row.mushroom is None
    for tile in display.separate:
        fits = (
            tile.kind is Kind.CANOE
            or (tile.kind is Kind.ANIMAL and tile.species in species_open)
            or (tile.kind is Kind.HERB and herb_room)
            or (tile.kind is Kind.MUSHROOM and mushroom_room)
        )
        if fits:
            yield f"R16: player {player}'s separate {tile.name} fits an open canoe"


def payout_problems(state: GameState) -> Iterator[str]:
    """R19: full valued canoes, paid as the variant pays: those in the
    displays and those returned to the box."""
    valued_canoes = [
        (player, valued, "")
        for player, display in enumerate(state.displays)
        for valued in display.valued
    ]
    valued_canoes += [(player, valued, "returned ") for player, valued in state.returned]
    for player, valued, returned in valued_canoes:
        if not valued.row.is_full:
            yield f"R19: player {player} has a {returned}valued canoe that is not full"
        paid = state.rules.canoe_payout(valued.row)
        if valued.payout != paid:
            yield (
                f"R19: player {player}'s {returned}canoe {valued.row} paid {valued.payout}, "
                f"not {paid}"
            )


def revealed_problems(state: GameState) -> Iterator[str]:
    """R7: every tile orthogonally next to a trapper lies face up (a position
    with one face down would show its holder's views a step that depends on
    the tile's hidden water)."""
    board, face_up = state.board, state.face_up
    for colour, square in enumerate(state.trappers):
        for near, _ in NEIGHBOURS[square]:
            if board[near] is not None and not face_up >> near & 1:
                yield (
                    f"R7: the tile on {SQUARES[near]}, next to the {COLOURS[colour].name.lower()} "
                    "trapper, lies face down"
                )


def money_problems(state: GameState) -> Iterator[str]:
    """R19: each player's money is what their canoes paid, returned ones too."""
    for player, display in enumerate(state.displays):
        paid = sum(v.payout for v in display.valued)
        paid += sum(v.payout for p, v in state.returned if p == player)
        if display.money != paid:
            yield f"R19: player {player} has {display.money} but was paid {paid}"


def retired_problems(state: GameState) -> Iterator[str]:
    """R30: the cards of a retired player left the game."""
    for player, retired in enumerate(state.retired):
        if retired and any(state.hands[player]):
            yield f"R30: retired player {player} still holds cards"


@hookimpl
def trapper_invariants() -> Mapping[str, Callable[[GameState], Iterator[str]]]:
    return {
        "displays": display_problems,
        "payouts": payout_problems,
        "money": money_problems,
        "retired": retired_problems,
        "revealed": revealed_problems,
    }
