"""Writing records and games as canonical notation text."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from trapper_core import COLOURS, Game

from .items import Comment, Item, Move, Mover, Notes, Reveal, Shuffle, TurnNumber
from .setup_string import SetupSpec

__all__ = ["RecordLike", "format_record", "record_parts"]


class RecordLike(Protocol):
    """What the writer needs of a record (a [`Record`][trapper_notation.Record])."""

    @property
    def preface(self) -> Sequence[Comment]: ...
    @property
    def tags(self) -> Sequence[tuple[str, str]]: ...
    @property
    def items(self) -> Sequence[Item]: ...


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


def format_record(record: RecordLike) -> str:
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


def record_parts(
    game: Game, tags: Mapping[str, str] | None = None
) -> tuple[tuple[tuple[str, str], ...], list[Item]]:
    """Returns the tags and items of the complete record of ``game`` (see
    ``Record.from_game``)."""
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
    # Chance as it fell in the game, not as its seed would make it: a game
    # replayed from a table record was shuffled to fit the record.
    for action, outcomes in zip(game.history, game.outcomes(), strict=True):
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
        replay.apply(action, shuffles=outcomes)
        piles = state.shuffled[before:]
        if piles:
            cards = ["".join(COLOURS[c].letter for c in pile) for pile in piles]
            items.append(Notes(tuple(Shuffle(c) for c in cards)))
    return tuple(values.items()), items
