"""Writing records and games as canonical notation text."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from trapper_core import COLOURS, SQUARES, Game, Setup, Tile, TrapperError
from trapper_core.errors import shown, type_name

from .errors import RecordError
from .items import (
    Comment,
    Item,
    Move,
    Mover,
    Notes,
    Reveal,
    Shuffle,
    TurnNumber,
    check_one_line,
)
from .position import Position
from .setup_string import UNKNOWN, SetupSpec
from .tags import tag_pairs

__all__ = ["RecordLike", "format_record", "record_parts"]


class RecordLike(Protocol):
    """What the writer needs of a record (a [`Record`][trapper_notation.Record])."""

    @property
    def preface(self) -> Sequence[Comment]: ...
    @property
    def tags(self) -> Mapping[str, str] | Sequence[tuple[str, str]]: ...
    @property
    def items(self) -> Sequence[Item]: ...


_SIMPLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_'.\-]*")
#: A tag's name as the grammar's TAG terminal reads it (``trapper.lark``).
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def _quote(value: str) -> str:
    # A tag's value or a player's name, checked to be one line where it is
    # made (tag_text, Mover); '"' and '\\' are escaped.
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tag_text(name: object, value: object) -> str:
    """A tag line, ``[Name "value"]``; raises `RecordError` for a tag that
    the reader could not read back."""
    if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
        raise RecordError(
            "a tag's name is a letter then letters, digits or '_' (like Event or Seat1), "
            f"not {shown(name)}"
        )
    if not isinstance(value, str):
        raise RecordError(f"the value of the tag {name} is a str, not {type(value).__name__}")
    check_one_line(value, f"the value of the tag {name}")
    return f"[{name} {_quote(value)}]"


def _name(name: str) -> str:
    return name if _SIMPLE_NAME.fullmatch(name) else _quote(name)


def _note(entry: Shuffle | Reveal) -> str:
    if isinstance(entry, Shuffle):
        return f"shuffle {entry.cards}"
    return f"{entry.square.name}={entry.tile.code}"


def item_text(item: Item) -> str:
    """The text of one item as the writer writes it."""
    if isinstance(item, TurnNumber):
        return f"{item.number}."
    if isinstance(item, Mover):
        return _name(item.name) + ":"
    if isinstance(item, Move):
        return item.text
    if isinstance(item, Notes):
        return "(" + " ".join(_note(e) for e in item.entries) + ")"
    if not isinstance(item, Comment):
        raise RecordError(
            "a record's items are TurnNumber, Mover, Move, Notes and Comment objects, "
            f"not {shown(item)}"
        )
    # A Comment holds no text the reader would read otherwise (a line end
    # in a ";" comment, a "}" in a { } one): it refuses it when made.
    if item.to_end_of_line:
        return ";" + item.text
    return "{" + item.text + "}"


def format_record(record: RecordLike) -> str:
    """Returns ``record`` as canonical text: the tags, a blank line, one line
    per turn (a ``;`` comment ends its line). A record without a move ends
    its move text with ``*``: a line of tags begins the next game only after
    move text, so without it the next game's tags would read as more of its
    own."""
    if not all(hasattr(record, name) for name in ("preface", "tags", "items")):
        raise RecordError(f"format_record writes a Record, not {shown(record)}")
    if not record.tags:
        raise RecordError(
            "a record is written with its tags (Seat1, Seat2, …): the reader reads a game "
            "from its first tag, and would read none"
        )
    out = [item_text(c) for c in record.preface]
    out += [tag_text(key, value) for key, value in tag_pairs(record.tags)]
    lines: list[str] = []
    current: list[str] = []
    for item in record.items:
        if isinstance(item, TurnNumber) and current:
            lines.append(" ".join(current))
            current = []
        current.append(item_text(item))
        if isinstance(item, Comment) and item.to_end_of_line:
            lines.append(" ".join(current))
            current = []
    if current:
        lines.append(" ".join(current))
    if not any(isinstance(item, Move) for item in record.items):
        lines.append("*")
    text = "\n".join(out) + "\n"
    if lines:
        text += "\n" + "\n".join(lines) + "\n"
    return text


def record_parts(
    game: Game, tags: Mapping[str, str] | None = None, *, table: bool = False
) -> tuple[tuple[tuple[str, str], ...], list[Item]]:
    """Returns the tags and items of the complete record of ``game`` (see
    ``Record.from_game``), or with ``table`` of its table record (see
    ``Record.table_record``)."""
    if not isinstance(game, Game):
        raise RecordError(f"a record is made from a Game, not {type_name(game)}")
    if table and not game.from_setup:
        raise RecordError(
            "this game begins at a position (game_at, Position.to_game, Sampler.position): "
            "its complete record (Record.from_game) begins with a Position tag, but a table "
            "record knows only what the table saw, and a position's cards and face-down tiles "
            "are not seen"
        )
    extra = dict(tags or {})
    for name, value in extra.items():
        tag_text(name, value)  # refused now, as the writer would refuse it
    over = game.is_over
    values = {
        "Event": "?",
        "Site": "?",
        "Date": "????.??.??",
        "Round": "?",
        "Variant": game.variant,
        **{f"Seat{i + 1}": name for i, name in enumerate(game.players)},
        "Result": " ".join(str(s) for s in game.scores()) if over else "*",
        "Seed": str(game.seed),
    }
    replay = game.root()
    state = replay.state
    if game.from_setup:
        values["Setup"] = str(SetupSpec.from_setup(game.setup))
    else:  # as PGN's FEN tag: the position the history begins at, whole
        values["Position"] = str(Position.from_game(replay))
    began = state.shuffles
    if table:  # what the table knows: neither the layout nor the seed
        values["Setup"] = _seen_setup(game)
        del values["Seed"]
    items: list[Item] = []
    start = game.setup.board
    named: set[int] = set()
    if table:
        _name_tiles(items, start, named, state.face_up_squares())
    last_turn = last_seat = -1
    seeded = not table  # whether the seed made every shuffle so far
    # Chance as it fell in the game, not as its seed would make it: a game
    # replayed from a table record was shuffled to fit the record.
    for action, shuffled in zip(game.history, game.outcomes(), strict=True):
        seat = replay.to_move
        assert seat is not None
        if state.turns != last_turn:
            items.append(TurnNumber(state.turns))
            items.append(Mover(game.players[seat]))
        elif seat != last_seat:
            items.append(Mover(game.players[seat]))
        last_turn, last_seat = state.turns, seat
        items.append(Move(replay.action_text(action)))
        before, board = len(state.shuffled), state.board
        if shuffled and seeded:  # the move played on a copy by the seed alone
            trial = replay.copy()
            try:
                trial.apply(action)
            except TrapperError:
                seeded = False
            else:
                seeded = trial.state.shuffled[before:] == shuffled
        replay.apply(action, shuffles=shuffled)
        piles = state.shuffled[before:]
        if table:  # the tiles this move turned up, or took unseen (a variant may allow it)
            taken = [
                i for i, (a, b) in enumerate(zip(board, state.board, strict=True)) if a is not b
            ]
            _name_tiles(items, start, named, (*state.face_up_squares(), *taken))
        elif piles:
            cards = ["".join(COLOURS[c].letter for c in pile) for pile in piles]
            items.append(Notes(tuple(Shuffle(c) for c in cards)))
    if not table and not seeded:
        del values["Seed"]  # a Seed tag would replay another game once the notes are dropped
    elif (
        not table
        and game.seed == 0
        and state.shuffles == began
        and (not game.from_setup or not _deals(game, 0))
    ):
        # Seed 0 made none of the game's chance (the replay of a record with
        # no Seed tag and no reshuffle, which takes seed 0; a position's
        # game is dealt by its Position tag): the record replays to the same
        # game without the tag, which would say nothing.
        del values["Seed"]
    for name, value in extra.items():
        _check_decided(name, value, values, table=table)
    values.update(extra)
    return tuple(values.items()), items


def _deals(game: Game, seed: int) -> bool:
    """Whether ``seed`` deals ``game``'s setup, as ``new_game`` deals it: the
    variant's own tiles, deck and board laid out by ``random.Random(seed)``.
    The game's own rules deal, so a variant outside the default registry is
    answered too."""
    rules = game.rules
    try:
        dealt = Setup.shuffled(
            random.Random(seed), rules.tile_set().tiles, rules.deck(), rules.board()
        )
    except TrapperError:
        return True  # a variant whose own parts deal no setup: the tag is kept
    return dealt == game.setup


def _name_tiles(
    items: list[Item], start: Sequence[Tile | None], named: set[int], squares: Sequence[int]
) -> None:
    """Adds a note naming the starting tiles of ``squares`` not ``named`` yet."""
    new = sorted(set(squares) - named)
    if new:
        named.update(new)
        reveals = []
        for square in new:
            tile = start[square]
            assert tile is not None  # a square turned up or emptied held a tile at the start
            reveals.append(Reveal(SQUARES[square], tile))
        items.append(Notes(tuple(reveals)))


# Tags whose value the game decides: a record that gave them another would
# not replay, or would say what the game does not (a table record's seed).
_SEAT_TAG = re.compile(r"Seat[0-9]+")
_DECIDED = ("Variant", "Result", "Seed", "Setup", "Position")


def _check_decided(name: str, value: str, values: dict[str, str], *, table: bool) -> None:
    """Refuses a tag ``name`` that the game decides, unless ``value`` is the game's own."""
    if table and name.casefold() == "seed":
        raise RecordError("a table record has no Seed tag: the table does not know the seed")
    seat = _SEAT_TAG.fullmatch(name.capitalize())
    for decided_name in (*_DECIDED, seat and seat.group()):
        if decided_name and name != decided_name and name.casefold() == decided_name.casefold():
            if seat and decided_name not in values:  # Seat5 of two, Seat01
                raise RecordError(f"the tag {name} names a seat the game does not have")
            # the replay reads the game's tags in their case, and refuses this one
            raise RecordError(
                f"the tag {name} is written {decided_name}, and is the game's to say"
            )
    decided = name in _DECIDED or _SEAT_TAG.fullmatch(name)
    if not decided or values.get(name) == value:
        return
    if name == "Seed" and "Seed" not in values:
        raise RecordError(
            "this game's seed does not make the shuffles it had (a game replayed from a "
            "table record was shuffled to fit it): its record has no Seed tag"
        )
    if name == "Setup" and "Setup" not in values:
        raise RecordError(
            "this game begins at a position, which its record gives in a Position tag: "
            "it has no Setup tag"
        )
    if name == "Position" and "Position" not in values:
        raise RecordError(
            "this game begins at its setup, which its record gives in a Setup tag: "
            "it has no Position tag"
        )
    if name not in values:  # a seat the game does not have
        raise RecordError(f"the tag {name} names a seat the game does not have")
    raise RecordError(f"the tag {name} is the game's to say: {values[name]!r}, not {shown(value)}")


def _seen_setup(game: Game) -> str:
    """What the table sees of ``game``'s setup: the squares that hold a tile,
    the trappers' squares and the start player, no tile's face and no card;
    ``?`` where that is what ``?`` stands for (the variant's board full, the
    trappers on their start squares, D3, and the first to move starting)."""
    setup, layout = game.setup, game.layout
    held = {i for i, tile in enumerate(setup.board) if tile is not None}
    if (
        tuple(setup.trappers) == tuple(layout.trappers)
        and held == set(layout.indices()) - {s.index for s in layout.trappers}
        and (game.history or setup.start_player == 0)
    ):
        return "?"
    board = tuple(UNKNOWN if i in held else None for i in range(64))
    return str(SetupSpec(board, setup.trappers, setup.start_player, None, None))
