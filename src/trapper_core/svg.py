"""Pictures of positions as SVG.

[`position`][trapper_core.svg.position] draws the board: every tile with its
kind and value, the water edges where the variant's rules let water block
(its ``trapper_can_enter`` answer, so none in the children's variant),
face-down tiles, empty squares, the four trappers, the squares the last
action touched and the tiles the turn's trapper can take (a field of the
turn record marked [`TRAPPER`][trapper_core.svg.TRAPPER]); under it whose
turn it is and the turn in progress (a tactical auction: its colour, bid,
leader and bidders); below it each player's money, cards and display, and in
a finished game the final scores and the winners. Given a
[`PlayerView`][trapper_core.PlayerView], or a game and a ``seat``, it draws
only what that player may see. ``Game`` and ``PlayerView`` show these
pictures in Jupyter through ``_repr_svg_``.

Like ``chess.svg.board``, the picture takes its ``size`` (a square's side in
pixels), the ``seat`` whose view is drawn, whether to mark the ``last_action``
and whether to write the ``coordinates``. At the default size no text is
smaller than [`MIN_FONT`][trapper_core.svg.MIN_FONT] pixels.
"""

from __future__ import annotations

import re
import unicodedata
from html import escape
from typing import TYPE_CHECKING

import attrs

from .errors import SetupError, as_flag, as_real
from .errors import shown as _shown
from .model import COLOURS, FACE_DOWN, SQUARES, Colour, Direction, Hand, Kind, Species, Tile
from .terminal import trapper_squares as _trapper_squares
from .terminal import water_blocks as _water_blocks
from .view import PlayerView, misshapen

if TYPE_CHECKING:
    from .display import Display
    from .game import Game
    from .state import Valuation

__all__ = ["MAX_SIZE", "MIN_FONT", "TRAPPER", "TRAPPER_FILL", "position"]

MIN_FONT = 9.0
"""The smallest font size (pixels) of any text at the default ``size``."""

MAX_SIZE = 10_000
"""The largest ``size`` (a square's side in pixels) that `position` draws."""

TRAPPER_FILL = {
    Colour.BLUE: "#2f6db5",
    Colour.BEIGE: "#d9c39a",
    Colour.GREEN: "#37813d",  # white reads on it at 4.8 to 1 (WCAG 2.1 asks 4.5)
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
_PAPER = "#fff"
#: The stroke of the squares the last action touched: 3:1 against the
#: board at least, as WCAG 2.1 asks of a graphic that carries meaning.
_LAST = "#8a6a00"


def _luminance(colour: str) -> float:
    """The relative luminance of ``#rgb`` or ``#rrggbb`` (WCAG 2.1)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours (WCAG 2.1: 1 to 21)."""
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _ink(fill: str) -> str:
    """The text colour that reads best on ``fill``: dark ink or white (a
    name in white on a lynx, wolf or salmon tile, or a letter on the beige
    trapper, stood at 1.7 to 2.9 to 1)."""
    return _INK if _contrast(_INK, fill) >= _contrast(_PAPER, fill) else _PAPER


def _tile_fill(tile: Tile) -> str:
    if tile.kind is Kind.CANOE:
        return "#f7f0dc"
    if tile.kind is Kind.ANIMAL:
        return _SPECIES_FILL[tile.species]  # type: ignore[index]
    return _KIND_FILL[tile.kind]


def _name(tile: Tile) -> str:
    """What the tile is, in words: ``bear``, ``bear canoe``, ``herb``."""
    if tile.kind is Kind.CANOE:
        return f"{tile.species} canoe"
    if tile.kind is Kind.ANIMAL:
        return str(tile.species)
    return str(tile.kind)


def _text(x: float, y: float, font: float, text: str, **attributes: str) -> str:
    extra = "".join(f' {k.strip("_").replace("_", "-")}="{v}"' for k, v in attributes.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}"{extra}>{escape(text)}</text>'


def _tile(
    x: float, y: float, size: float, tile: Tile, font: float, water: bool, where: str = ""
) -> str:
    """A tile: on the board its name above its value; in a display (small) its
    face (``CB2``). The water edge only where water blocks. ``where`` is the
    square's name, for the title a screen reader reads out."""
    pad = size * 0.06
    inner = size - 2 * pad
    ink = _ink(_tile_fill(tile))
    on = f" on {where}" if where else ""
    square = f' data-square="{where}"' if where else ""
    parts = [
        f'<g class="tile"{square}><title>{escape(_name(tile))} {tile.value}{on}</title>',
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{inner:.1f}" height="{inner:.1f}" '
        f'rx="{size * 0.08:.1f}" fill="{_tile_fill(tile)}" stroke="{_INK}" stroke-width="1"/>',
    ]
    centre = x + size / 2
    if size >= 45:
        name = _name(tile)
        small = max(font, size * 0.17)
        fit = ""
        if len(name) * small * 0.55 > inner * 0.92:  # squeeze long names, keep the height
            fit = f' textLength="{inner * 0.9:.1f}" lengthAdjust="spacingAndGlyphs"'
        parts.append(
            f'<text x="{centre:.1f}" y="{y + size * 0.42:.1f}" font-size="{small:.1f}" '
            f'text-anchor="middle" fill="{ink}"{fit}>{escape(name)}</text>'
        )
        parts.append(
            _text(
                centre,
                y + size * 0.78,
                size * 0.32,
                str(tile.value),
                font_weight="bold",
                text_anchor="middle",
                fill=ink,
            )
        )
    else:
        parts.append(
            _text(
                centre,
                y + size * 0.62,
                max(font, size * 0.3),
                tile.face,
                font_weight="bold",
                text_anchor="middle",
                fill=ink,
            )
        )
    if water:
        parts.append(_water(x + pad, y + pad, inner, tile.water))
    parts.append("</g>")
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
        f'fill="{_WATER}" stroke="{_INK}" stroke-width="1">'
        f"<title>water to the {edge}</title></rect>"
    )


def _face_down(x: float, y: float, size: float, where: str) -> str:
    pad = size * 0.06
    return (
        f'<rect class="face-down" data-square="{where}" x="{x + pad:.1f}" y="{y + pad:.1f}" '
        f'width="{size - 2 * pad:.1f}" height="{size - 2 * pad:.1f}" rx="{size * 0.08:.1f}" '
        f'fill="{_FACE_DOWN}"><title>face down on {where}</title></rect>'
    )


def _trapper(x: float, y: float, size: float, colour: Colour, where: str) -> str:
    return (
        f'<g class="trapper" data-square="{where}" data-colour="{colour}">'
        f'<circle cx="{x + size / 2:.1f}" cy="{y + size / 2:.1f}" r="{size * 0.3:.1f}" '
        f'fill="{TRAPPER_FILL[colour]}" stroke="{_INK}" stroke-width="2">'
        f"<title>{colour} trapper on {where}</title></circle>"
        f'<text x="{x + size / 2:.1f}" y="{y + size * 0.6:.1f}" font-size="{size * 0.3:.1f}" '
        f'text-anchor="middle" fill="{_ink(TRAPPER_FILL[colour])}" font-weight="bold">'
        f"{colour.letter}</text></g>"
    )


def _last(x: float, y: float, size: float, where: str) -> str:
    return (
        f'<rect class="last-action" data-square="{where}" x="{x + 1:.1f}" y="{y + 1:.1f}" '
        f'width="{size - 2:.1f}" '
        f'height="{size - 2:.1f}" fill="#f2d64b" fill-opacity="0.45" stroke="{_LAST}" '
        'stroke-width="2"><title>touched by the last action</title></rect>'
    )


def _display_line(
    x: float,
    y: float,
    size: float,
    font: float,
    name: str,
    display: Display,
    cards: int,
    to_move: bool,
    width: float,
    hand: Hand | None = None,
    retired: bool = False,
) -> tuple[str, int, float]:
    """A player's line and display, ``width`` wide at most: the markup, how
    many rows of tiles it takes, and the height its line took beyond one
    line of text (a long line is wrapped: a late game's line, with the
    viewer's cards by colour and the tokens, ran off the picture). The
    cards are given by colour when ``hand``: the viewer's own."""
    small = size * 0.55
    tokens = ", tokens " + ", ".join(str(t) for t in display.tokens) if display.tokens else ""
    line = _money_and_cards(name, display, cards, hand, retired) + tokens
    if to_move:
        line = "▶ " + line + " (to move)"
    weight = "bold" if to_move else "normal"
    line_font = max(font, size * 0.22)
    step = line_font * 1.3
    wrapped = _wrap([line], line_font, width)
    parts = [f'<g class="player{" to-move" if to_move else ""}">']
    for number, text in enumerate(wrapped):
        top = y + size * 0.25 + number * step
        parts.append(_text(x, top, line_font, text, fill=_INK, font_weight=weight))
    y += (extra := (len(wrapped) - 1) * step)
    groups: list[tuple[str, tuple[Tile, ...]]] = []
    groups += [("open", row.tiles) for row in display.open]
    groups += [("valued", valued.row.tiles) for valued in display.valued]
    if display.separate:
        groups.append(("separate", display.separate))
    # The groups flow in rows as wide as the picture: a group that does not
    # fit where the row has got to begins the next row, and one longer than
    # a row goes on in the next (a late game's displays ran off the picture).
    end = x + max(width, small)
    cursor, row = x, 0
    for label, tiles in groups:
        if cursor > x and cursor + min(len(tiles) * small, end - x) > end:
            cursor, row = x, row + 1
        top = y + row * _ROW * size
        parts.append(_text(cursor, top + size * 0.5, max(font, size * 0.16), label, fill="#555"))
        for tile in tiles:
            if cursor > x and cursor + small > end:
                cursor, row = x, row + 1
                top = y + row * _ROW * size
            parts.append(_tile(cursor, top + size * 0.56, small, tile, font, water=False))
            cursor += small
        cursor += small * 0.4
    parts.append("</g>")
    return "".join(parts), row + 1, extra


def _money_and_cards(
    name: str, display: Display, cards: int, hand: Hand | None = None, retired: bool = False
) -> str:
    """``A: 12 money, 6 cards``: a player's line, and what the picture's
    description says of the player; the viewer's own cards by colour
    (``6 cards (2 blue, 2 beige, 1 green, 1 purple)``), when ``hand``;
    ``, retired`` after a player who has retired."""
    line = f"{name}: {display.money} money, {cards} card{'s' if cards != 1 else ''}"
    if hand is not None and cards:
        line += " (" + ", ".join(f"{hand[c]} {c}" for c in COLOURS) + ")"
    return line + (", retired" if retired else "")


#: The height of a row of display tiles after the first, in squares: a
#: label and a tile of 0.55 squares.
_ROW = 0.85


TRAPPER = "trapper"
"""The ``attrs`` field metadata key that marks the field of a turn record
holding the trapper colour the turn plays with (the base game's hunting
trapper, a tactical turn's auction colour): the picture outlines the tiles
that trapper can take."""


def _turn_trapper(turn: object) -> Colour | None:
    """The trapper colour the variant's turn record marks, if any."""
    kind = type(turn)
    if not attrs.has(kind):
        return None
    for field in attrs.fields(kind):
        value = getattr(turn, field.name)
        if field.metadata.get(TRAPPER) and isinstance(value, Colour):
            return value
    return None


def _target(x: float, y: float, size: float, colour: Colour, where: str) -> str:
    # The trapper's colour in dashes over a dark line a pixel wider: the
    # beige dashes alone stood at 1.5 to 1 against the board.
    width = max(2.0, size * 0.06)
    box = f'x="{x + 2:.1f}" y="{y + 2:.1f}" width="{size - 4:.1f}" height="{size - 4:.1f}"'
    return (
        f'<g class="target" data-square="{where}">'
        f"<title>the {colour} trapper can take this tile</title>"
        f'<rect {box} fill="none" stroke="{_INK}" stroke-width="{width + 2:.1f}"/>'
        f'<rect {box} fill="none" stroke="{TRAPPER_FILL[colour]}" '
        f'stroke-width="{width:.1f}" stroke-dasharray="{size * 0.12:.1f}"/></g>'
    )


def _touched(game: Game) -> set[int]:
    """The squares the last action changed: tiles taken, trappers moved (not
    the tiles turned up as a consequence)."""
    if not game.history:
        return set()
    if game.keeps_undo:
        before = game.copy()
        before.undo()
    else:  # a game without undo information: its history replayed but the last action
        before = game.at(-1)
    old, new = before.state, game.state
    squares = {i for i in range(64) if old.board[i] != new.board[i]}
    squares |= {a for a, b in zip(old.trappers, new.trappers, strict=True) if a != b}
    squares |= {b for a, b in zip(old.trappers, new.trappers, strict=True) if a != b}
    return squares


def position(
    source: Game | PlayerView,
    *,
    displays: bool = True,
    size: float = 60,
    seat: int | None = None,
    last_action: bool = True,
    coordinates: bool = True,
) -> str:
    """Returns an SVG picture of the position of ``source``.

    A game is drawn as it is; a player's view only as that player sees it
    (face-down tiles stay face down); a game with ``seat`` as that seat's
    view. ``displays`` adds each player's money, cards and display below the
    board; ``size`` is a square's side in pixels; ``last_action`` marks the
    squares the last action touched (drawn from a game, with or without a
    ``seat``; a game without undo information, ``undo=False``, is replayed
    to the action before to find them, in time proportional to its length:
    give ``last_action=False`` to draw many positions of such a game);
    ``coordinates`` writes the files and ranks. Each tile on the board,
    face-down tile, trapper, outline of a tile the hunting trapper can
    take and mark of the last action names its square in a ``data-square``
    attribute (``e6``), and a trapper its colour in ``data-colour``: a page
    that shows the picture finds the square a click falls on from the
    element clicked. A ``size`` that
    is no number from 1 to `MAX_SIZE`, a flag that is not ``True`` or
    ``False``, a ``source`` that is neither a game nor a view, or a view
    with a ``seat`` other than its own, raises `trapper_core.SetupError`.
    """
    from .game import Game

    for flag, value in (
        ("displays", displays),
        ("last_action", last_action),
        ("coordinates", coordinates),
    ):
        as_flag(value, SetupError, f"position()'s {flag}")
    wanted = f"size is a square's side in pixels, from 1 to {MAX_SIZE}"
    side = size if type(size) in (int, float) else as_real(size, SetupError, wanted)
    if not 1 <= side <= MAX_SIZE:
        raise SetupError(f"{wanted}, not {_shown(size)}")
    size = side
    if not isinstance(source, Game | PlayerView):
        raise SetupError(f"position() draws a Game or a PlayerView, not {_shown(source)}")
    if isinstance(source, PlayerView) and (problem := misshapen(source)) is not None:
        raise SetupError(f"position() draws a view of a game, and {problem}")
    if isinstance(source, PlayerView) and seat is not None and seat != source.player:
        # A view shows one seat's knowledge: it cannot be drawn as another's.
        raise SetupError(
            f"position() draws seat {source.player}'s view as that seat sees it; "
            f"seat={_shown(seat)} asks for another seat's view, which a game gives"
        )
    touched: set[int] = set()
    if not isinstance(source, PlayerView):
        if last_action:
            touched = _touched(source)
        if seat is not None:
            source = source.view(seat)
    water = _water_blocks(source)
    # Text never shrinks below MIN_FONT at the default size; it scales with ``size``.
    font = MIN_FONT * size / 60
    if isinstance(source, PlayerView):
        board = source.board
        trappers = [s.index for s in source.trappers]
        players = source.players
        shown = source.displays
        layout = source.layout
        cards = list(source.hand_sizes)
        viewer: int | None = source.player
        own_hand: Hand | None = source.hand
        retired = source.retired
        to_move, turn = source.to_move, source.turn
        valuation = source.valuation
        winners: tuple[int, ...] | None = source.winners if valuation is not None else None
        hunting = _turn_trapper(turn)
        targets = set(source.targets[hunting]) if hunting is not None else set()
    else:
        state = source.state
        board = state.seen_board()
        trappers = list(state.trappers)
        players = source.players
        shown = state.displays
        layout = state.board_squares
        cards = [sum(h) for h in state.hands]
        viewer, own_hand = None, None
        retired = state.retired
        to_move, turn = state.to_move, state.turn
        valuation = state.valuation
        winners = source.winners() if valuation is not None else None
        hunting = _turn_trapper(turn)
        targets = set(state.step_targets(hunting)) if hunting is not None else set()
    files, ranks = layout.files, layout.ranks  # the variant's board, from a1
    margin = size * 0.4
    width = margin + files * size + margin / 2
    board_height = margin / 2 + ranks * size + margin
    line = size * 1.3
    status_font = max(font, size * 0.22)
    status_class, said = _status_lines(players, to_move, turn, valuation, shown, winners)
    status_lines = _wrap(said, status_font, width - margin * 1.5)
    status_step = status_font * 1.4
    status = status_step * len(status_lines) + size * 0.2
    drawn: list[str] = []  # each player's display, laid out before the height is known
    rows = 0  # rows of display tiles below the first of each player
    wrapped = 0.0  # the height of the players' lines beyond one line of text each
    if displays:
        y = board_height + status
        for number, (name, display) in enumerate(zip(players, shown, strict=True)):
            markup, used, extra = _display_line(
                margin,
                y,
                size,
                font,
                name,
                display,
                cards[number],
                number == to_move,
                width - margin * 1.5,
                own_hand if number == viewer else None,
                retired[number],
            )
            drawn.append(markup)
            rows += used - 1
            wrapped += extra
            y += line + (used - 1) * _ROW * size + extra
    height = board_height + status
    if displays:
        height += len(players) * line + rows * _ROW * size + wrapped + size * 0.3
    # What a screen reader says of the picture (its title and description),
    # and a sheet of its own under it: on a dark page the text below the
    # board, dark ink on nothing, could not be read.
    where = _trapper_squares(trappers)
    whose = "" if viewer is None else f", {players[viewer]}'s view"
    sizes = []  # what the displays below the board say, when they are drawn
    if displays:
        sizes.append(
            "; ".join(
                _money_and_cards(name, display, count, own_hand if seat == viewer else None, gone)
                for seat, (name, display, count, gone) in enumerate(
                    zip(players, shown, cards, retired, strict=True)
                )
            )
            + "."
        )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif" role="img">',
        f"<title>{escape(f'Trapper, {source.variant}{whose}: {said[0]}')}</title>",
        f"<desc>{escape(' '.join([*map(_sentence, said[1:]), f'Trappers: {where}.', *sizes]))}"
        "</desc>",
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="{_PAPER}"/>',
        f'<rect x="{margin:.1f}" y="{margin / 2:.1f}" width="{files * size}" '
        f'height="{ranks * size}" fill="{_BOARD}" stroke="{_INK}"/>',
    ]
    top = ranks - 1
    for index, square in enumerate(board):
        x = margin + (index & 7) * size
        y = margin / 2 + (top - (index >> 3)) * size
        if index in touched:
            parts.append(_last(x, y, size, SQUARES[index].name))
        if isinstance(square, Tile):
            parts.append(_tile(x, y, size, square, font, water(square), SQUARES[index].name))
        elif square is FACE_DOWN:
            parts.append(_face_down(x, y, size, SQUARES[index].name))
        if index in targets and hunting is not None:
            parts.append(_target(x, y, size, hunting, SQUARES[index].name))
    for colour, index in zip(COLOURS, trappers, strict=True):
        x = margin + (index & 7) * size
        y = margin / 2 + (top - (index >> 3)) * size
        parts.append(_trapper(x, y, size, colour, SQUARES[index].name))
    if coordinates:
        label = max(font, size * 0.22)
        for file in range(files):
            parts.append(
                _text(
                    margin + file * size + size / 2,
                    margin / 2 + ranks * size + margin * 0.7,
                    label,
                    "abcdefgh"[file],
                    text_anchor="middle",
                    fill=_INK,
                    class_="coordinate",
                )
            )
        for rank in range(ranks):
            parts.append(
                _text(
                    margin / 2,
                    margin / 2 + (top - rank) * size + size * 0.58,
                    label,
                    str(rank + 1),
                    text_anchor="middle",
                    fill=_INK,
                    class_="coordinate",
                )
            )
    parts.append(
        _status(margin, board_height, status_step, status_font, status_class, status_lines)
    )
    parts += drawn
    parts.append("</svg>")
    return "\n".join(parts)


def _status_lines(
    players: tuple[str, ...],
    to_move: int | None,
    turn: object,
    valuation: tuple[Valuation, ...] | None,
    displays: tuple[Display, ...],
    winners: tuple[int, ...] | None,
) -> tuple[str, list[str]]:
    """What stands under the board: who is to move and the turn in progress
    (the variant's turn record in words), or the final scores and winners."""
    from .terminal import describe

    if valuation is not None:
        totals = [d.money + v.total for d, v in zip(displays, valuation, strict=True)]
        scores = ", ".join(f"{n} {t}" for n, t in zip(players, totals, strict=True))
        lines = [f"Game over. Final scores: {scores}"]
        if winners:
            lines.append("Winner: " + ", ".join(players[s] for s in winners))
        return "result", lines
    assert to_move is not None
    return "turn", [f"{players[to_move]} to move", "Turn: " + describe(turn, players)]


def _sentence(line: str) -> str:
    """A status line as a sentence of the description a screen reader says:
    ended by a full stop (``Turn: trapper none, exchanged no.``)."""
    return line if line.endswith((".", "!", "?")) else line + "."


def _status(x: float, y: float, step: float, font: float, cls: str, lines: list[str]) -> str:
    parts = [f'<g class="{cls}">']
    for number, text in enumerate(lines):
        weight = "bold" if number == 0 else "normal"
        parts.append(
            _text(x, y + step * (number + 0.8), font, text, fill=_INK, font_weight=weight)
        )
    parts.append("</g>")
    return "".join(parts)


def _wrap(lines: list[str], font: float, width: float) -> list[str]:
    """Lines broken to fit ``width``: after a comma where one fits (``tokens
    canoe 22`` is not cut in two), else at a space. A glyph is measured at
    0.55 of the font size (sans-serif), a wide one (Chinese, Japanese,
    Korean; ``▶``) at the whole size."""
    room = max(width / font, 11.0)  # in font sizes; 20 narrow glyphs at the least
    out: list[str] = []
    for text in lines:
        out.extend(_broken(text, room) or [""])
    return out


def _broken(text: str, room: float) -> list[str]:
    """``text`` in lines at most ``room`` font sizes wide, the lines after
    the first indented: broken after its commas, and a part wider than a
    line at its spaces too (a word wider than that stays whole)."""
    indent = "    "
    pieces = [
        piece
        for part in re.split(r"(?<=,) ", text)
        for piece in _packed(part.split(" "), room - _glyphs(indent))
    ]
    return _packed(pieces, room, indent)


def _packed(words: list[str], room: float, indent: str = "") -> list[str]:
    """``words`` joined by spaces into lines at most ``room`` font sizes
    wide, as many on a line as fit; ``indent`` begins every line but the
    first."""
    lines: list[str] = []
    line = ""
    for word in words:
        joined = f"{line} {word}" if line else word
        if line and _glyphs(joined) > room:
            lines.append(line)
            joined = indent + word
        line = joined
    return [*lines, line] if line else lines


def _glyphs(text: str) -> float:
    """The width of ``text`` in font sizes."""
    return sum(1.0 if _wide(c) else 0.55 for c in text)


def _wide(character: str) -> bool:
    """Whether ``character`` is drawn a whole font size wide: East Asian
    wide, or of ambiguous width beyond Latin, Greek and Cyrillic (``▶``)."""
    width = unicodedata.east_asian_width(character)
    return width in "WF" or (width == "A" and ord(character) >= 0x2000)
