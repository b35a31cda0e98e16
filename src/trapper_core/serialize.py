"""Games and setups as plain JSON-able data.

The format is versioned. A game is stored as its variant, players, seed,
setup and the text of every action; reading it back (``Game.from_dict``)
replays and checks every action, so a stored game can never hold an illegal
position. A key the format does not have (`GAME_KEYS`, and `SETUP_KEYS` in
the setup) is refused: a misspelt one would be read as left out. This
module knows the format; the game reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import GameFormatError, TrapperError, shown
from .model import COLOURS, Colour, Square, Tile
from .setups import Setup

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "FORMAT",
    "GAME_KEYS",
    "SETUP_KEYS",
    "VERSION",
    "check_format",
    "field",
    "game_to_dict",
    "setup_from_dict",
    "setup_to_dict",
]

FORMAT = "trapper-core/game"
VERSION = 1

#: The keys of a stored game, and of its setup, in this version: any other
#: is refused (a misspelt "shuffles" would be read as left out, and the
#: shuffles replayed by the seed: another game, without a word).
GAME_KEYS = ("format", "version", "variant", "players", "seed", "setup", "history", "shuffles")
SETUP_KEYS = ("board", "box", "trappers", "deck", "start_player")


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """Returns ``setup`` as plain data: tile codes square by square (a1 … h8)."""
    return {
        "board": [None if t is None else t.code for t in setup.board],
        "box": [t.code for t in setup.box],
        "trappers": [s.name for s in setup.trappers],
        "deck": "".join(c.letter for c in setup.deck),
        "start_player": setup.start_player,
    }


def setup_from_dict(data: Mapping[str, Any]) -> Setup:
    """Returns the setup written by `setup_to_dict`."""
    if isinstance(data, Mapping):
        _known_keys(data, SETUP_KEYS, "setup")
    board = field(data, "board", list, "setup")
    tiles = [
        None if code is None else _read(lambda c=code: Tile.from_code(c), f"setup.board[{i}]")
        for i, code in enumerate(board)
    ]
    box = [
        _read(lambda c=code: Tile.from_code(c), f"setup.box[{i}]")
        for i, code in enumerate(field(data, "box", list, "setup"))
    ]
    trappers = [
        _read(lambda n=name: Square.parse(n), f"setup.trappers[{i}]")
        for i, name in enumerate(field(data, "trappers", list, "setup"))
    ]
    deck = [
        _read(lambda c=letter: Colour.from_letter(c), f"setup.deck[{i}]")
        for i, letter in enumerate(field(data, "deck", str, "setup"))
    ]
    start = field(data, "start_player", int, "setup")
    setup: Setup = _read(lambda: Setup(tiles, deck, trappers, box, start), "setup")
    return setup


def game_to_dict(game: Game) -> dict[str, Any]:
    """Returns ``game`` as plain data (format ``trapper-core/game``, version 1)."""
    replay = game.root()
    texts = []
    shuffles: list[list[object]] = []
    for i, (action, piles) in enumerate(zip(game.history, game.outcomes(), strict=True)):
        texts.append(replay.action_text(action))
        replay.apply(action, shuffles=piles)
        shuffles.extend([i, "".join(COLOURS[c].letter for c in pile)] for pile in piles)
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "players": list(game.players),
        "seed": game.seed,
        "setup": setup_to_dict(game.setup),
        "history": texts,
        # Chance as it fell, action by action: a game replayed from a table
        # record was not shuffled by its seed. (Data without it replays by the seed.)
        "shuffles": shuffles,
    }


def shuffles_from(data: Mapping[str, Any], actions: int) -> list[list[tuple[int, ...]]] | None:
    """Returns the ``shuffles`` of stored game data, action by action, or
    ``None`` when the data has none (the seed decides)."""
    if "shuffles" not in data:
        return None
    entries = field(data, "shuffles", list, "game")
    out: list[list[tuple[int, ...]]] = [[] for _ in range(actions)]
    for i, entry in enumerate(entries):
        where = f"game.shuffles[{i}]"
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not 0 <= entry[0] < actions
            or not isinstance(entry[1], str)
        ):
            raise GameFormatError(f"{where}: expected [action index, colour letters]")
        pile = tuple(int(_read(lambda c=c: Colour.from_letter(c), where)) for c in entry[1])
        out[entry[0]].append(pile)
    return out


def field(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    """Returns ``data[key]``, which must be of type ``kind``; raises
    [`GameFormatError`][trapper_core.GameFormatError] naming ``where`` otherwise."""
    if not isinstance(data, Mapping):
        raise GameFormatError(f"{where}: expected a mapping, found {type(data).__name__}")
    if key not in data:
        raise GameFormatError(f"{where}.{key} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise GameFormatError(
            f"{where}.{key}: expected {kind.__name__}, found {type(value).__name__}"
        )
    return value


def _read(make: Any, where: str) -> Any:
    try:
        return make()
    except (TrapperError, ValueError, TypeError) as exc:
        raise GameFormatError(f"{where}: {exc}") from exc


def check_format(data: object) -> None:
    """Raises [`GameFormatError`][trapper_core.GameFormatError] unless ``data``
    is a mapping of this format and version, with no key but `GAME_KEYS`."""
    if not isinstance(data, Mapping):
        raise GameFormatError(f"a stored game is a mapping, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise GameFormatError(f"format: expected {FORMAT!r}, found {shown(data.get('format'))}")
    if type(data.get("version")) is not int or data["version"] != VERSION:  # not True, not 1.0
        raise GameFormatError(
            f"version: this engine reads version {VERSION}, found {shown(data.get('version'))}"
        )
    _known_keys(data, GAME_KEYS, "game")


def _known_keys(data: Mapping[Any, Any], keys: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in keys:
            raise GameFormatError(
                f"{where}: no key {shown(key)} in version {VERSION} (its keys: {', '.join(keys)})"
            )
