"""Where a trapper may go (R13, R14, D5)."""

from __future__ import annotations

from trapper_core import NEIGHBOURS, Colour, Direction, GameState, Tile, hookimpl


@hookimpl
def trapper_can_enter(tile: Tile, side: Direction) -> bool:
    # R13: a tile whose water edge faces the trapper cannot be entered.
    return tile.water is not side


@hookimpl
def trapper_step_targets(state: GameState, trapper: Colour) -> tuple[int, ...]:
    board = state.board
    can_enter = state.rules.can_enter
    adjacent = [
        square
        for square, side in NEIGHBOURS[state.trappers[trapper]]
        if (tile := board[square]) is not None and can_enter(tile, side)
    ]
    if adjacent:
        return tuple(adjacent)  # NEIGHBOURS are in ascending order
    # R14: an isolated trapper may take any face-up tile; D5: none, no step.
    return state.face_up_squares()
