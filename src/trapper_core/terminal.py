"""Positions as text for the terminal, in colour when the terminal has it.

[`render`][trapper_core.terminal.render] draws a game or a player's view as
lines of text: the board, the turn in progress, each player's money, cards and
display, and once the game is over the final scores and the winners. It is
what `trapper play --human` and `trapper show` print, and what `str(game)`
returns (without colour):

```python
import trapper_core as tc
from trapper_core.terminal import render

game = tc.new_game("base", players=2, seed=1)
assert str(game) == render(game)
assert "* A: 0 money" in render(game.view(0))  # * marks the player to move
```

A variant's turn record is written out field by field
([`describe`][trapper_core.terminal.describe]); a field that holds a seat
(marked `attrs.field(metadata={"seat": True})`) is written as the player's
name, the seat letters A, B, C, … by default.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from .display import Display
from .errors import SetupError, TrapperError, as_flag, counted, shown
from .model import COLOURS, FACE_DOWN, SQUARES, Colour, Direction, Hand, Kind, Species, Tile
from .view import PlayerView, misshapen

if TYPE_CHECKING:
    from .game import Game

__all__ = ["SEAT", "describe", "legend", "render"]

SEAT = "seat"
"""The ``attrs`` field metadata key that marks a field of a turn record as a
seat (or a tuple of seats), so that it is written as the player's name."""

_TRAPPER_ANSI = {Colour.BLUE: "34", Colour.BEIGE: "33", Colour.GREEN: "32", Colour.PURPLE: "35"}
_KIND_ANSI = {Kind.ANIMAL: "1", Kind.CANOE: "36", Kind.HERB: "32", Kind.MUSHROOM: "33"}


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def _tile(tile: Tile, colour: bool, water: bool = True) -> str:
    return _paint(f"{tile.code if water else tile.face:>4}", _KIND_ANSI[tile.kind], colour)


def legend() -> str:
    """Returns what the letters and signs of [`render`][trapper_core.terminal.render]'s
    pictures stand for, a line each, made from the tiles' own names (what
    `trapper play --human` prints when asked ``legend``)."""
    north = Direction.NORTH
    animal, canoe = Tile.from_face("B3", north), Tile.from_face("CB2", north)
    herb, mushroom = Tile.from_face("H3", north), Tile.from_face("F2", north)
    species = ", ".join(f"{s.letter} {s.name.lower()}" for s in Species)
    sides = ", ".join(f"{d.letter} {d.name.lower()}" for d in Direction)
    colours = ", ".join(f"{c.letter} {c}" for c in COLOURS)
    return "\n".join(
        [
            f"tiles: {animal.face} is {animal.name}, {canoe.face} a {canoe.name}, "
            f"{herb.face} {herb.name}, {mushroom.face} {mushroom.name}",
            f"species: {species}",
            f"water edges: a tile's last letter, its side ({sides})",
            "board: ## a tile face down, . a square whose tile is taken, "
            f"[{Colour.BLUE.letter}] the {Colour.BLUE} trapper",
            f"trappers and cards: {colours}",
        ]
    )


def water_blocks(source: Game | PlayerView) -> Callable[[Tile], bool]:
    """Asks the variant's rules whether a tile's water edge blocks anything
    (``trapper_can_enter`` from the water side): the children's variant
    says no, so its pictures show no water edge."""
    if isinstance(source, PlayerView):
        from .plugins import default_registry

        try:
            can_enter = default_registry().rules(source.variant).can_enter
        except TrapperError:  # a variant of another registry: show every edge
            return lambda tile: True
    else:
        can_enter = source.rules.can_enter
    return lambda tile: not can_enter(tile, tile.water)


def render(source: Game | PlayerView, *, colour: bool = False, hands: bool = True) -> str:
    """Returns the position as lines of text: the board (tile codes with
    their water edge where the variant's water blocks a step, ``##`` face
    down, trappers as ``[B]``), then each
    player's money, tokens, cards and display.

    From a view only what that player may see is shown; from a game, hands
    are shown unless ``hands`` is false. A flag that is not ``True`` or
    ``False`` raises `trapper_core.SetupError`.
    """
    from .game import Game

    as_flag(colour, SetupError, "render()'s colour")
    as_flag(hands, SetupError, "render()'s hands")
    if not isinstance(source, Game | PlayerView):
        raise SetupError(f"render() shows a Game or a PlayerView, not {shown(source)}")
    if isinstance(source, PlayerView) and (problem := misshapen(source)) is not None:
        raise SetupError(f"render() shows a view of a game, and {problem}")
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
        retired = source.retired
        layout = source.layout
        valuation = source.valuation
        winners: tuple[int, ...] | None = source.winners if valuation is not None else None
    else:
        state = source.state
        turn = state.turn
        board = state.seen_board()
        trappers = list(state.trappers)
        players = source.players
        displays = state.displays
        held = [Hand(*h) if hands else sum(h) for h in state.hands]
        to_move = state.to_move
        retired = state.retired
        layout = state.board_squares
        valuation = state.valuation
        winners = source.winners() if valuation is not None else None
    standing = {square: c for c, square in zip(COLOURS, trappers, strict=True)}
    blocks = water_blocks(source)
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
                cells.append(_tile(square, colour, blocks(square)) + " ")
            elif square is FACE_DOWN:
                cells.append(_paint("  ## ", "2", colour))
            else:
                cells.append("   . ")
        lines.append(f"  {rank + 1}   " + "".join(cells))
    lines.append("")
    # The trappers' squares in words: read out by a screen reader, the grid
    # tells them only to one who counts its columns.
    lines.append("  trappers: " + trapper_squares(trappers))
    if to_move is not None:
        lines.append(f"  turn: {describe(turn, players)}")
    for seat, (name, display) in enumerate(zip(players, displays, strict=True)):
        marker = "*" if seat == to_move else " "
        gone = "; retired" if retired[seat] else ""
        lines.append(f"{marker} {name}: {_summary(display, held[seat])}{gone}")
        lines.extend(_display_lines(display, colour))
    if valuation is not None:
        scores = [d.money + v.total for d, v in zip(displays, valuation, strict=True)]
        lines.append("")
        lines.append(
            "  final scores: "
            + ", ".join(f"{name} {score}" for name, score in zip(players, scores, strict=True))
        )
        if winners is not None:
            lines.append("  winner: " + ", ".join(players[s] for s in winners))
    return "\n".join(lines)


def trapper_squares(trappers: list[int] | tuple[int, ...]) -> str:
    """Where the trappers stand, in words: ``blue d5, beige e5, green d4,
    purple e4`` (square indices in colour order)."""
    return ", ".join(
        f"{c.name.lower()} {SQUARES[i]}" for c, i in zip(COLOURS, trappers, strict=True)
    )


def describe(value: object, players: tuple[str, ...] = ()) -> str:
    """Returns a variant's turn record (or any of its parts) in words:
    ``trapper green, exchanged no``. Fields marked as seats
    ([`SEAT`][trapper_core.terminal.SEAT]) are written as the names in
    ``players`` (the seat letters A, B, C, … when none are given)."""
    from .game import Game

    if isinstance(value, Game | PlayerView):  # all of it, every private field too
        raise SetupError(
            f"describe() words a turn record or a part of one, not {shown(value)}: "
            "render() shows a game or a view, and describe(view.turn, view.players) "
            "its turn in words"
        )
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(describe(v, players) for v in value) or "none"
    kind = type(value)
    if attrs.has(kind):
        parts = []
        for field in attrs.fields(kind):
            inner = getattr(value, field.name)
            text = _seats(inner, players) if field.metadata.get(SEAT) else describe(inner, players)
            if attrs.has(type(inner)):
                text = f"({text})"
            parts.append(f"{field.name} {text}")
        return ", ".join(parts)
    if isinstance(value, int) and value.bit_length() > 256:
        return shown(value)  # too long to write out
    return str(value)


def _seats(value: object, players: tuple[str, ...]) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return (
            players[value]
            if value < len(players)
            else string.ascii_uppercase[value : value + 1] or "?"
        )
    if isinstance(value, tuple):
        return " ".join(_seats(v, players) for v in value) or "none"
    return describe(value, players)


def _summary(display: Display, hand: Hand | int) -> str:
    if isinstance(hand, int):
        cards = counted(hand, "card")
    else:
        # In words, each colour's letter after it: ``B2 E2`` read like
        # tiles (a bear of 2), and aloud as nothing in particular.
        colours = ", ".join(f"{hand[c]} {c} ({c.letter})" for c in COLOURS)
        cards = f"{counted(hand.total, 'card')}: {colours}"
    tokens = ", tokens " + ", ".join(str(t) for t in display.tokens) if display.tokens else ""
    return f"{display.money} money{tokens}; {cards}"


def _display_lines(display: Display, colour: bool) -> list[str]:
    out = []
    for row in display.open:
        out.append("    open     " + " ".join(_tile(t, colour) for t in row.tiles))
    for valued in display.valued:
        tiles = " ".join(_tile(t, colour) for t in valued.row.tiles)
        out.append(f"    valued   {tiles}  = {valued.payout}")
    if display.separate:
        out.append("    separate " + " ".join(_tile(t, colour) for t in display.separate))
    return out
