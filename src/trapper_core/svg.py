"""Pictures of positions as SVG.

``svg.position(game)`` draws the board: every tile with its kind, value and
water edge, face-down tiles, empty squares and the four trappers, and below it
each player's display. Given a [`PlayerView`][trapper_core.PlayerView] it draws only
what that player may see. ``Game`` and ``PlayerView`` show these pictures in
Jupyter through ``_repr_svg_``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .model import COLOURS, FACE_DOWN, Colour, Direction, Kind, Species, Tile
from .view import PlayerView

if TYPE_CHECKING:
    from .display import Display
    from .game import Game

__all__ = ["TRAPPER_FILL", "position"]

TRAPPER_FILL = {
    Colour.BLUE: "#2f6db5",
    Colour.BEIGE: "#d9c39a",
    Colour.GREEN: "#3f8f45",
    Colour.PURPLE: "#7d4b9e",
}
"""The fill of each trapper pawn."""

_SPECIES_FILL = {
    Species.MINK: "#8a6d5a",
    Species.LYNX: "#c9a46b",
    Species.MOOSE: "#7b5b3a",
    Species.BEAR: "#5d4631",
    Species.WOLF: "#8f98a1",
    Species.SALMON: "#e8907e",
}
_KIND_FILL = {Kind.HERB: "#9cc77a", Kind.MUSHROOM: "#e6d3a8"}
_WATER = "#3a8fd9"
_FACE_DOWN = "#4a4f45"
_BOARD = "#f3efe4"
_INK = "#222"


def _tile_fill(tile: Tile) -> str:
    if tile.kind is Kind.CANOE:
        return "#f7f0dc"
    if tile.kind is Kind.ANIMAL:
        return _SPECIES_FILL[tile.species]  # type: ignore[index]
    return _KIND_FILL[tile.kind]


def _label(tile: Tile) -> tuple[str, str]:
    """The two lines written on a tile: what it is and its number."""
    if tile.kind is Kind.CANOE:
        return f"{tile.species} canoe", str(tile.value)
    if tile.kind is Kind.ANIMAL:
        return str(tile.species), str(tile.value)
    return str(tile.kind), str(tile.value)


def _tile(x: float, y: float, size: float, tile: Tile) -> str:
    pad = size * 0.06
    inner = size - 2 * pad
    text_fill = _INK if tile.kind is not Kind.ANIMAL else "#fff"
    top, bottom = _label(tile)
    big = size * 0.28
    small = size * min(0.17, 1.15 / max(len(top), 1))
    parts = [
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{inner:.1f}" height="{inner:.1f}" '
        f'rx="{size * 0.08:.1f}" fill="{_tile_fill(tile)}" stroke="{_INK}" stroke-width="1"/>',
        f'<text x="{x + size / 2:.1f}" y="{y + size * 0.45:.1f}" font-size="{small:.1f}" '
        f'text-anchor="middle" fill="{text_fill}">{escape(top)}</text>',
        f'<text x="{x + size / 2:.1f}" y="{y + size * 0.75:.1f}" font-size="{big:.1f}" '
        f'font-weight="bold" text-anchor="middle" fill="{text_fill}">{escape(bottom)}</text>',
    ]
    parts.append(_water(x + pad, y + pad, inner, tile.water))
    return "".join(parts)


def _water(x: float, y: float, size: float, edge: Direction) -> str:
    width = size * 0.14
    if edge is Direction.NORTH:
        box = (x, y, size, width)
    elif edge is Direction.SOUTH:
        box = (x, y + size - width, size, width)
    elif edge is Direction.WEST:
        box = (x, y, width, size)
    else:
        box = (x + size - width, y, width, size)
    bx, by, bw, bh = box
    return (
        f'<rect x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{bh:.1f}" '
        f'fill="{_WATER}"><title>water to the {edge}</title></rect>'
    )


def _face_down(x: float, y: float, size: float) -> str:
    pad = size * 0.06
    return (
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{size - 2 * pad:.1f}" '
        f'height="{size - 2 * pad:.1f}" rx="{size * 0.08:.1f}" fill="{_FACE_DOWN}">'
        "<title>face down</title></rect>"
    )


def _trapper(x: float, y: float, size: float, colour: Colour) -> str:
    return (
        f'<circle cx="{x + size / 2:.1f}" cy="{y + size / 2:.1f}" r="{size * 0.3:.1f}" '
        f'fill="{TRAPPER_FILL[colour]}" stroke="{_INK}" stroke-width="2">'
        f"<title>{colour} trapper</title></circle>"
        f'<text x="{x + size / 2:.1f}" y="{y + size * 0.6:.1f}" font-size="{size * 0.3:.1f}" '
        f'text-anchor="middle" fill="#fff" font-weight="bold">{colour.letter}</text>'
    )


def _display_line(x: float, y: float, size: float, name: str, display: Display) -> str:
    small = size * 0.55
    tokens = ", tokens " + ", ".join(str(t) for t in display.tokens) if display.tokens else ""
    parts = [
        f'<text x="{x:.1f}" y="{y + size * 0.25:.1f}" font-size="{size * 0.22:.1f}" '
        f'fill="{_INK}">{escape(name)}: {display.money} money{escape(tokens)}</text>'
    ]
    groups: list[tuple[str, tuple[Tile, ...]]] = []
    groups += [("open", row.tiles) for row in display.open]
    groups += [("valued", valued.row.tiles) for valued in display.valued]
    if display.separate:
        groups.append(("separate", display.separate))
    cursor = x
    for label, tiles in groups:
        parts.append(
            f'<text x="{cursor:.1f}" y="{y + size * 0.5:.1f}" font-size="{size * 0.16:.1f}" '
            f'fill="#666">{label}</text>'
        )
        for tile in tiles:
            parts.append(_tile(cursor, y + size * 0.56, small, tile))
            cursor += small
        cursor += small * 0.4
    return "".join(parts)


def position(source: Game | PlayerView, *, displays: bool = True, size: int = 60) -> str:
    """Returns an SVG picture of the position of ``source``.

    A game is drawn as it is; a player's view only as that player sees it
    (face-down tiles stay face down). ``displays`` adds each player's
    display below the board; ``size`` is a square's side in pixels.
    """
    if isinstance(source, PlayerView):
        board = source.board
        trappers = [s.index for s in source.trappers]
        players = source.players
        shown = source.displays
        layout = source.layout
    else:
        state = source.state
        board = state.seen_board()
        trappers = list(state.trappers)
        players = source.players
        shown = state.displays
        layout = state.board_squares
    files, ranks = layout.files, layout.ranks  # the variant's board, from a1
    margin = size * 0.4
    width = margin + files * size + margin / 2
    board_height = margin / 2 + ranks * size + margin
    line = size * 1.3
    height = board_height + (len(players) * line + size * 0.3 if displays else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">',
        f'<rect x="{margin:.1f}" y="{margin / 2:.1f}" width="{files * size}" '
        f'height="{ranks * size}" fill="{_BOARD}" stroke="{_INK}"/>',
    ]
    top = ranks - 1
    for index, square in enumerate(board):
        x = margin + (index & 7) * size
        y = margin / 2 + (top - (index >> 3)) * size
        if isinstance(square, Tile):
            parts.append(_tile(x, y, size, square))
        elif square is FACE_DOWN:
            parts.append(_face_down(x, y, size))
    for colour, index in zip(COLOURS, trappers, strict=True):
        x = margin + (index & 7) * size
        y = margin / 2 + (top - (index >> 3)) * size
        parts.append(_trapper(x, y, size, colour))
    for file in range(files):
        parts.append(
            f'<text x="{margin + file * size + size / 2:.1f}" '
            f'y="{margin / 2 + ranks * size + margin * 0.7:.1f}" font-size="{size * 0.22:.1f}" '
            f'text-anchor="middle" fill="{_INK}">{"abcdefgh"[file]}</text>'
        )
    for rank in range(ranks):
        parts.append(
            f'<text x="{margin / 2:.1f}" y="{margin / 2 + (top - rank) * size + size * 0.58:.1f}" '
            f'font-size="{size * 0.22:.1f}" text-anchor="middle" fill="{_INK}">{rank + 1}</text>'
        )
    if displays:
        y = board_height
        for name, display in zip(players, shown, strict=True):
            parts.append(_display_line(margin, y, size, name, display))
            y += line
    parts.append("</svg>")
    return "\n".join(parts)
