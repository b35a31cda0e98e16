"""Positions as text for the terminal, in colour when the terminal has it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .display import Display
from .model import COLOURS, FACE_DOWN, Colour, Hand, Kind, Tile
from .view import PlayerView

if TYPE_CHECKING:
    from .game import Game

__all__ = ["render"]

_TRAPPER_ANSI = {Colour.BLUE: "34", Colour.BEIGE: "33", Colour.GREEN: "32", Colour.PURPLE: "35"}
_KIND_ANSI = {Kind.ANIMAL: "1", Kind.CANOE: "36", Kind.HERB: "32", Kind.MUSHROOM: "33"}


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def _tile(tile: Tile, colour: bool) -> str:
    return _paint(f"{tile.code:>4}", _KIND_ANSI[tile.kind], colour)


def render(source: Game | PlayerView, *, colour: bool = False, hands: bool = True) -> str:
    """Returns the position as lines of text: the board (tile codes with
    their water edge, ``##`` face down, trappers as ``[B]``), then each
    player's money, tokens, cards and display.

    From a view only what that player may see is shown; from a game, hands
    are shown unless ``hands`` is false.
    """
    if isinstance(source, PlayerView):
        turn = source.turn
        board = source.board
        trappers = [s.index for s in source.trappers]
        players = source.players
        displays = source.displays
        held: list[Hand | int] = [
            source.hand if seat == source.player else size
            for seat, size in enumerate(source.hand_sizes)
        ]
        to_move = source.to_move
        layout = source.layout
    else:
        state = source.state
        turn = state.turn
        board = state.seen_board()
        trappers = list(state.trappers)
        players = source.players
        displays = state.displays
        held = [Hand(*h) if hands else sum(h) for h in state.hands]
        to_move = state.to_move
        layout = state.board_squares
    standing = {square: c for c, square in zip(COLOURS, trappers, strict=True)}
    # The variant's board, from a1: its files and ranks.
    lines = ["      " + "".join(f"{f:^5}" for f in "abcdefgh"[: layout.files])]
    for rank in range(layout.ranks - 1, -1, -1):
        cells = []
        for file in range(layout.files):
            index = rank * 8 + file
            square = board[index]
            if index in standing:
                trapper = standing[index]
                cells.append(
                    " " + _paint(f"[{trapper.letter}]", _TRAPPER_ANSI[trapper], colour) + " "
                )
            elif isinstance(square, Tile):
                cells.append(_tile(square, colour) + " ")
            elif square is FACE_DOWN:
                cells.append(_paint("  ## ", "2", colour))
            else:
                cells.append("   . ")
        lines.append(f"  {rank + 1}   " + "".join(cells))
    lines.append("")
    if to_move is not None:
        lines.append(f"  turn: {describe(turn)}")
    for seat, (name, display) in enumerate(zip(players, displays, strict=True)):
        marker = "*" if seat == to_move else " "
        lines.append(f"{marker} {name}: {_summary(display, held[seat])}")
        lines.extend(_display_lines(display, colour))
    return "\n".join(lines)


def describe(value: object) -> str:
    """A variant's turn record (or any of its parts) in words:
    ``trapper green, exchanged no``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(describe(v) for v in value) or "none"
    kind = type(value)
    if attrs.has(kind):
        parts = []
        for field in attrs.fields(kind):
            inner = getattr(value, field.name)
            text = describe(inner)
            if attrs.has(type(inner)):
                text = f"({text})"
            parts.append(f"{field.name} {text}")
        return ", ".join(parts)
    return str(value)


def _summary(display: Display, hand: Hand | int) -> str:
    if isinstance(hand, int):
        cards = f"{hand} cards"
    else:
        cards = " ".join(f"{c.letter}{hand[c]}" for c in COLOURS) + f" ({hand.total} cards)"
    tokens = ", tokens " + ", ".join(str(t) for t in display.tokens) if display.tokens else ""
    return f"{display.money} money{tokens}; {cards}"


def _display_lines(display: Display, colour: bool) -> list[str]:
    out = []
    for row in display.open:
        out.append("    open   " + " ".join(_tile(t, colour) for t in row.tiles))
    for valued in display.valued:
        tiles = " ".join(_tile(t, colour) for t in valued.row.tiles)
        out.append(f"    valued {tiles}  = {valued.payout}")
    if display.separate:
        out.append("    apart  " + " ".join(_tile(t, colour) for t in display.separate))
    return out
