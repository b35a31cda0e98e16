"""The Trapper game notation: read, write and replay records of games.

Examples:
    >>> import trapper_core as tc
    >>> from trapper_core import notation
    >>> game = tc.play(tc.new_game("base", 2, seed=1), [tc.RandomBot(1), tc.RandomBot(2)])
    >>> text = notation.dumps(game)
    >>> notation.loads(text)[0].replay() == game
    True

The grammar is ``trapper.lark`` in this package; ``docs/notation.md`` is the
specification.
"""

from __future__ import annotations

from .errors import NotationError, NotationSyntaxError, RecordError
from .items import Comment, Item, Move, Mover, Notes, Reveal, Shuffle, TurnNumber
from .position import FaceDownTile, Position
from .reader import MAX_GAME_SIZE, ScannedGame, games, load, loads, parser, read_game, scan
from .records import Record, Tags, dump, dumps
from .setup_string import UNKNOWN, SetupSpec, Unknown
from .writer import format_record

__all__ = [
    "MAX_GAME_SIZE",
    "UNKNOWN",
    "Comment",
    "FaceDownTile",
    "Item",
    "Move",
    "Mover",
    "NotationError",
    "NotationSyntaxError",
    "Notes",
    "Position",
    "Record",
    "RecordError",
    "Reveal",
    "ScannedGame",
    "SetupSpec",
    "Shuffle",
    "Tags",
    "TurnNumber",
    "Unknown",
    "dump",
    "dumps",
    "format_record",
    "games",
    "load",
    "loads",
    "parser",
    "read_game",
    "scan",
]
