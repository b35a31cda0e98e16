"""Writing records and games as canonical notation text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import IO

from trapper_core import COLOURS, Game

from .records import Comment, Item, Move, Mover, Notes, Record, Reveal, Shuffle, TurnNumber
from .setup_string import SetupSpec

__all__ = ["dump", "dumps", "format_record", "record_of"]

STANDARD_TAGS = ("Event", "Site", "Date", "Round")
_SIMPLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_'.\-]*")


def _quote(value: str) -> str:
    if "\n" in value:
        raise ValueError(f"a tag value is one line: {value!r}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _name(name: str) -> str:
    return name if _SIMPLE_NAME.fullmatch(name) else _quote(name)


def _note(entry: Shuffle | Reveal) -> str:
    if isinstance(entry, Shuffle):
        return f"shuffle {entry.cards}"
    return f"{entry.square.name}={entry.tile.code}"


def _item_text(item: Item) -> str:
    if isinstance(item, TurnNumber):
        return f"{item.number}."
    if isinstance(item, Mover):
        return _name(item.name) + ":"
    if isinstance(item, Move):
        return item.text
    if isinstance(item, Notes):
        return "(" + " ".join(_note(e) for e in item.entries) + ")"
    if item.to_end_of_line:
        if "\n" in item.text:
            raise ValueError(f"a ';' comment is one line: {item.text!r}")
        return ";" + item.text
    if "}" in item.text:
        raise ValueError(f"a {{ }} comment cannot hold '}}': {item.text!r}")
    return "{" + item.text + "}"


def format_record(record: Record) -> str:
    """Returns ``record`` as canonical text: the tags, a blank line, one line
    per turn (a ``;`` comment ends its line)."""
    out = [_item_text(c) for c in record.preface]
    out += [f"[{key} {_quote(value)}]" for key, value in record.tags]
    lines: list[str] = []
    current: list[str] = []
    for item in record.items:
        if isinstance(item, TurnNumber) and current:
            lines.append(" ".join(current))
            current = []
        current.append(_item_text(item))
        if isinstance(item, Comment) and item.to_end_of_line:
            lines.append(" ".join(current))
            current = []
    if current:
        lines.append(" ".join(current))
    text = "\n".join(out) + "\n"
    if lines:
        text += "\n" + "\n".join(lines) + "\n"
    return text


def record_of(game: Game, tags: Mapping[str, str] | None = None) -> Record:
    """Returns the complete record of ``game`` (see :meth:`Record.from_game`)."""
    extra = dict(tags or {})
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
        "Setup": str(SetupSpec.from_setup(game.setup)),
    }
    values.update(extra)
    items: list[Item] = []
    replay = game.root()
    state = replay.state
    last_turn = last_seat = -1
    for action in game.history:
        seat = replay.to_move
        assert seat is not None
        if state.turns != last_turn:
            items.append(TurnNumber(state.turns))
            items.append(Mover(game.players[seat]))
        elif seat != last_seat:
            items.append(Mover(game.players[seat]))
        last_turn, last_seat = state.turns, seat
        items.append(Move(replay.action_text(action)))
        before = len(state.shuffled)
        replay.apply(action)
        piles = state.shuffled[before:]
        if piles:
            cards = ["".join(COLOURS[c].letter for c in pile) for pile in piles]
            items.append(Notes(tuple(Shuffle(c) for c in cards)))
    return Record(tuple(values.items()), items)


def dumps(games: Game | Record | Iterable[Game | Record]) -> str:
    """Returns canonical notation text for a game, a record, or several of them."""
    if isinstance(games, (Game, Record)):
        games = [games]
    texts = []
    for game in games:
        record = game if isinstance(game, Record) else record_of(game)
        texts.append(format_record(record))
    return "\n".join(texts)


def dump(games: Game | Record | Iterable[Game | Record], file: IO[str]) -> None:
    """Writes :func:`dumps` of ``games`` to an open text file."""
    file.write(dumps(games))
