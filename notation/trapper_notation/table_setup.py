"""A starting position that fits what a record knows of it.

A table record's ``Setup`` tag is ``?`` or leaves parts unknown (see
``docs/notation.md``, "table records"). `fit_setup` fills in what is
unknown without contradicting what is known: every tile the setup or a note
names stands on its square, the other tiles of the variant's set take the
squares nobody saw and then the box; the start player is the first player to
move; the unknown cards take the colours the known ones leave, in turn. That
deck is only provisional: `.deal` chooses the colours of the unknown
cards so that every payment of the record can be made.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import attrgetter

from trapper_core import COLOURS, SQUARES, Colour, Setup, SetupError, Square, Tile
from trapper_core.plugins import Rules

from .errors import Place, RecordError
from .setup_string import UNKNOWN, SetupSpec

__all__ = ["fit_setup", "named_squares"]


def named_squares(
    spec: SetupSpec,
    reveals: Mapping[int, Tile],
    where: Place,
    note_at: Mapping[int, Place] | None = None,
) -> set[int]:
    """The squares whose tile the record names, in its setup or in a note;
    raises [`RecordError`][trapper_notation.RecordError] where the notes
    contradict the setup: at the note (``note_at``, by square) if known."""
    board = spec.board
    for index, tile in reveals.items():
        on_board = board[index]
        at = (note_at or {}).get(index, where)
        if on_board is None:
            raise RecordError(
                f"a tile is noted on {SQUARES[index]}, which the setup leaves empty", at=at
            )
        if isinstance(on_board, Tile) and on_board != tile:
            raise RecordError(
                f"{SQUARES[index]} holds {on_board.code} in the setup, "
                f"but a note says {tile.code}",
                at=at,
            )
    return {i for i, t in enumerate(board) if isinstance(t, Tile)} | set(reveals)


def fit_setup(
    spec: SetupSpec,
    rules: Rules,
    reveals: Mapping[int, Tile],
    *,
    players: Sequence[str],
    first_mover: str | None,
    where: Place,
    tag_where: Place | None = None,
    note_at: Mapping[int, Place] | None = None,
) -> Setup:
    """A setup that agrees with ``spec`` and the tiles ``reveals`` names
    (square index → tile), with a provisional deck. Errors of the setup
    alone are told at ``tag_where`` (the Setup tag's line), those of the
    setup and the notes together at the note (``note_at``, by square) or
    ``where``."""
    at_tag = tag_where or where
    note_at = note_at or {}
    layout = rules.board()
    trappers = spec.trappers or layout.trappers
    for colour, stands in zip(COLOURS, trappers, strict=False):
        if stands.index in reveals:
            raise RecordError(
                f"the {colour} trapper stands on {stands}, so that square holds no tile, "
                f"but a note names {reveals[stands.index].code} there",
                at=note_at.get(stands.index, where),
            )
    if spec.is_complete:
        fitted = _complete_setup(spec, rules, reveals, trappers)
        if fitted is not None:
            return fitted
    # Unknown squares are the variant's board less the trappers' squares.
    free = set(layout.indices()) - {s.index for s in trappers}
    board = [
        reveals.get(i, None if t is UNKNOWN and i not in free else t)
        for i, t in enumerate(spec.board)
    ]
    tiles = rules.tile_set().tiles
    left = Counter(t.face for t in tiles)
    known = [t for t in board if isinstance(t, Tile)]
    known += spec.box or ()
    for tile in known:
        if left[tile.face] <= 0:
            at = _last_note(tile.face, board, note_at) or at_tag
            raise RecordError(_too_many(tile.face, board, spec.box, tiles), at=at)
        left[tile.face] -= 1
    spare = [t for t in tiles if _take(left, t.face)]
    filled: list[Tile | None] = []
    for square in board:
        if square is UNKNOWN:
            if not spare:
                raise RecordError("the setup holds more tiles than the game", at=at_tag)
            filled.append(spare.pop(0))
        else:
            filled.append(square if isinstance(square, Tile) else None)
    if spec.box is not None and spare:
        raise RecordError(f"{len(spare)} tiles are neither on the board nor in the box", at=at_tag)
    box = list(spec.box) if spec.box is not None else spare
    start = spec.start_player
    if start is None:
        start = players.index(first_mover) if first_mover in players else 0
    deck = provisional_deck(rules.deck(), spec.deck, at_tag)
    try:
        return Setup(filled, deck, trappers, box, start)  # new_game checks the rest
    except SetupError as exc:
        raise RecordError(str(exc), at=at_tag) from None


def _last_note(face: str, board: Sequence[object], note_at: Mapping[int, Place]) -> Place | None:
    """The last note in the file that names a ``face`` tile: the one that
    named a tile too many (``None`` when the notes name none, and the Setup
    tag alone names too many)."""
    noted = [
        place
        for index, place in note_at.items()
        if isinstance(tile := board[index], Tile) and tile.face == face
    ]
    return max(noted, key=lambda place: (place.line or 0, place.column or 0), default=None)


def _too_many(
    face: str, board: Sequence[object], box: Sequence[Tile] | None, tiles: Sequence[Tile]
) -> str:
    """What names more ``face`` tiles than the set has: the squares (of the
    setup and the notes) and the box."""
    places = [
        SQUARES[i].name for i, t in enumerate(board) if isinstance(t, Tile) and t.face == face
    ]
    boxed = sum(1 for t in box or () if t.face == face)
    if boxed:
        places.append(f"{boxed} in the box")
    has = sum(1 for t in tiles if t.face == face)
    return f"the record names more {face} tiles than the game has ({has}): " + ", ".join(places)


def _complete_setup(
    spec: SetupSpec, rules: Rules, reveals: Mapping[int, Tile], trappers: Sequence[Square]
) -> Setup | None:
    """The setup of a complete spec whose tiles are exactly the variant's set
    and agree with the notes, or ``None`` for `fit_setup` to say what is wrong."""
    assert spec.box is not None
    assert spec.deck is not None
    assert spec.start_player is not None
    board = [t if type(t) is Tile else None for t in spec.board]
    if any(board[i] != tile for i, tile in reveals.items()):
        return None
    named = Counter(map(_FACE, filter(None, board)))
    named.update(map(_FACE, spec.box))
    if not dict.__eq__(named, rules.tile_set().faces()):  # positive counts: as dicts, in C
        return None
    try:
        return Setup(board, list(spec.deck), trappers, list(spec.box), spec.start_player)  # type: ignore[arg-type]
    except SetupError:
        return None


_FACE = attrgetter("face")


def provisional_deck(
    cards: Sequence[Colour], known: Sequence[Colour | None] | None, where: Place
) -> list[Colour]:
    """The deck with the known cards where the record puts them and the
    colours left over on the unknown ones."""
    if known is not None and None not in known:
        return [c for c in known if c is not None]
    if known is not None and len(known) != len(cards):
        raise RecordError(f"the deck has {len(known)} cards, not {len(cards)}", at=where)
    left = Counter(cards)
    for colour in known or ():
        if colour is not None:
            if left[colour] <= 0:
                raise RecordError(f"the deck names too many {colour} cards", at=where)
            left[colour] -= 1
    pool = [c for c in COLOURS for _ in range(left[c])]
    return [c if c is not None else pool.pop() for c in (known or [None] * len(cards))]


def _take(left: Counter[str], face: str) -> bool:
    if left[face] > 0:
        left[face] -= 1
        return True
    return False
