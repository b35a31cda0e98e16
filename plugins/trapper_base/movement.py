"""Where a trapper may go (R13, R14, D5)."""

from __future__ import annotations

from trapper_core import (
    NEIGHBOURS,
    Colour,
    Direction,
    GameState,
    PluginError,
    Tile,
    hookimpl,
    shown,
)

__all__ = ["targets_kept"]

# For every square index, its neighbours' indices with the edge facing back.
_SIDES: tuple[dict[int, Direction], ...] = tuple(dict(n) for n in NEIGHBOURS)


@hookimpl
def trapper_can_enter(tile: Tile, side: Direction) -> bool:
    # R13: a tile whose water edge faces the trapper cannot be entered.
    return tile.water is not side


@hookimpl
def trapper_step_targets(state: GameState, trapper: Colour) -> tuple[int, ...]:
    board = state.board
    can_enter = state.rules.can_enter
    # R13 asked without a call a neighbour when it is this module's own rule:
    # step targets are computed in most decisions (with targets_kept below,
    # 104,600 instructions a decision of a random base game where a call a
    # neighbour takes 105,400). Plain loops, not comprehensions: a
    # comprehension is a function made and called each time, here with
    # cells for the board and the tile (3,300 instructions a call where
    # comprehensions take 5,500).
    adjacent = []
    if can_enter is trapper_can_enter:
        for square, side in NEIGHBOURS[state.trappers[trapper]]:
            tile = board[square]
            if tile is not None and tile.water is not side:
                adjacent.append(square)
    else:
        for square, side in NEIGHBOURS[state.trappers[trapper]]:
            tile = board[square]
            if tile is not None:
                enters = can_enter(tile, side)
                if enters is True or (enters is not False and _enters(state, tile, side, enters)):
                    adjacent.append(square)
    if adjacent:
        return tuple(adjacent)  # NEIGHBOURS are in ascending order
    # R14: an isolated trapper may take any face-up tile; D5: none, no step.
    return state.face_up_squares()


def targets_kept(
    state: GameState, targets: tuple[tuple[int, ...] | None, ...], mover: int, square: int
) -> tuple[tuple[int, ...] | None, ...]:
    """The cached step targets of ``targets`` that still hold after ``mover``
    took the tile on ``square`` (``state`` is after the take); the others
    are ``None``, to be computed again.

    With the base game's step targets, a trapper that could step next to it
    keeps its targets unless the taken square was next to it: the tiles
    around it did not change. An isolated trapper's targets are the face-up
    tiles, which a take changes. (Listing and views ask for every trapper's
    targets: keeping them spares most of computing them again after a step,
    3 % of a playout's instructions and 8 % of a view + bot loop's.)
    """
    rules = state.rules
    if rules.step_targets is not trapper_step_targets:
        return (None, None, None, None)
    board = state.board
    can_enter = rules.can_enter
    trappers = state.trappers
    kept: list[tuple[int, ...] | None] = [None, None, None, None]
    for trapper, cached in enumerate(targets):
        if not cached or trapper == mover:
            continue
        sides = _SIDES[trappers[trapper]]
        if square in sides:
            continue
        # Next to the trapper and enterable: targets of a trapper that is not isolated.
        first = cached[0]
        side = sides.get(first)
        if side is None:
            continue
        tile: Tile = board[first]  # type: ignore[assignment]
        if can_enter is trapper_can_enter:
            if tile.water is not side:
                kept[trapper] = cached
            continue
        enters = can_enter(tile, side)
        if enters is True or (enters is not False and _enters(state, tile, side, enters)):
            kept[trapper] = cached
    return tuple(kept)


def _enters(state: GameState, tile: Tile, side: Direction, answer: object) -> bool:
    """A variant's ``trapper_can_enter`` answer that is neither ``True`` nor
    ``False``: one equal to either (numpy's ``bool_``, 1, 0) is taken as
    that, anything else is a `PluginError` naming it (``"no"`` would have
    let the trapper in)."""
    for value in (True, False):
        try:
            if answer == value:
                return value
        except Exception:  # an answer whose == raises is neither
            break
    raise PluginError(
        f"variant {state.rules.variant!r}: trapper_can_enter({tile.code}, {side.name.lower()}) "
        f"returned {shown(answer, 60)}, not True or False"
    )
