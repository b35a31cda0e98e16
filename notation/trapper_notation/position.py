"""The one-line position string: any moment of a game, like chess's FEN.

    <board> <trappers> <to move> <turn> <hands> <draw> <discard> <out>
    <displays> <supply> <returned> <retired> <turns> <shuffles>

From the whole game
([`Position.from_game`][trapper_notation.Position.from_game]) it holds
everything the state holds but the history; from one player's view
([`Position.from_view`][trapper_notation.Position.from_view]) it holds exactly
what that player may know.

- ``board``: as in the setup string, with ``~`` before a face-down tile
  (``~B3n``); in a view a face-down tile is ``?``;
- ``trappers``: four squares, blue, beige, green, purple;
- ``to move``: the seat letter (``A`` is the first seat), or ``-`` once the
  game is over;
- ``turn``: the variant's turn record, written ``Name:{field=value,…}``; a
  field marked as a seat (``attrs.field(metadata={"seat": True})``) is
  written as seat letters;
- ``hands``: per player, separated by ``/``, the counts of blue, beige, green,
  purple cards ``2,1,0,3``; in a view another player's hand is ``#6``, its size;
- ``draw``: the draw pile's colours, top first (``-`` if empty); in a view ``#40``;
- ``discard``: counts by colour; ``out``: the cards that left the game with
  retiring players, by colour (in a view ``#6``, their number);
- ``displays``: per player, separated by ``/``:
  ``money:tokens:open rows:valued canoes:separate tiles``, rows written
  ``CB3w[B4nB1nH1n]`` (a canoe's code with its water edge, then its
  tiles), valued canoes ``CB3w[…]=26``, tokens ``c26.s4``, ``-`` for an
  empty part;
- ``supply``: the canoe and species tokens left, ``16.18.20|1.2.3``;
- ``returned``: the canoes given back by exchanges, ``,`` between them,
  with the seat that gave each, ``A:CM3n[…]=18``, or ``-``;
- ``retired``: a ``0``/``1`` per player; ``turns`` and ``shuffles``: counts.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from trapper_core import (
    COLOURS,
    SQUARES,
    Colour,
    Display,
    Game,
    Hand,
    PlayerView,
    Registry,
    Row,
    SetupError,
    Square,
    Tile,
    Token,
    TokenKind,
    TokenSupply,
    ValuedCanoe,
    game_at,
    new_game,
)
from trapper_core.errors import shown
from trapper_core.model import FACE_DOWN, FaceDown
from trapper_core.plugins import registry_or_default
from trapper_core.view import misshapen

from .errors import NotationError
from .setup_string import SEAT_LETTERS, _cut, board_text, parse_board, parse_seat, seat_text

__all__ = ["FACE_DOWN_TILE", "Position"]

_TILE = r"C[KLMBWS][1-9][nesw]|[KLMBWSHF][1-9][nesw]"
_SQUARE = re.compile(rf"~(?:{_TILE})|{_TILE}|\?|[1-8]")
_TILES = re.compile(_TILE)
_ROW = re.compile(rf"({_TILE})\[((?:{_TILE})*)\](?:=(-?[0-9]+))?")


@attrs.frozen
class FaceDownTile:
    """A face-down tile that the whole-game position knows."""

    tile: Tile


FACE_DOWN_TILE = FaceDownTile
"""Marks a face-down tile in a whole-game position's board."""


@attrs.frozen
class Position:
    """A moment of a game as the position string writes it."""

    board: tuple[Tile | FaceDownTile | FaceDown | None, ...]
    """Per square from a1: a face-up [`Tile`][trapper_core.Tile], a `FaceDownTile`,
    ``FACE_DOWN`` (a view's unknown tile) or ``None``."""
    trappers: tuple[Square, ...]
    to_move: int | None
    turn: str
    hands: tuple[Hand | int, ...]
    draw_pile: tuple[Colour, ...] | int
    discard: Hand
    out: Hand | int
    displays: tuple[Display, ...]
    supply: TokenSupply
    returned: tuple[tuple[int, ValuedCanoe], ...]
    retired: tuple[bool, ...]
    turns: int
    shuffles: int

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of ``game`` with everything the state knows."""
        if not isinstance(game, Game):
            raise NotationError(
                f"Position.from_game takes a Game (Position.from_view takes a view), "
                f"not {shown(game)}"
            )
        state = game.state
        mask = state.face_up
        board = tuple(
            None if t is None else t if mask >> i & 1 else FaceDownTile(t)
            for i, t in enumerate(state.board)
        )
        return cls(
            board,
            tuple(SQUARES[s] for s in state.trappers),
            state.to_move,
            _turn_text(state.turn),
            tuple(Hand(*h) for h in state.hands),
            tuple(COLOURS[c] for c in state.draw_pile),
            Hand(*state.discard),
            Hand(*state.out),
            state.displays,
            state.supply,
            state.returned,
            state.retired,
            state.turns,
            state.shuffles,
        )

    @classmethod
    def from_view(cls, view: PlayerView) -> Position:
        """The position as the player of ``view`` knows it."""
        if not isinstance(view, PlayerView):
            raise NotationError(f"Position.from_view takes a PlayerView, not {shown(view)}")
        problem = misshapen(view)  # a view made by hand may hold anything
        if problem is not None:
            raise NotationError(f"Position.from_view: a view of no game: {problem}")
        hands: tuple[Hand | int, ...] = tuple(
            view.hand if seat == view.player else size for seat, size in enumerate(view.hand_sizes)
        )
        return cls(
            view.board,
            view.trappers,
            view.to_move,
            _turn_text(view.turn),
            hands,
            view.draw_pile_size,
            view.discard,
            view.out_of_game,
            view.displays,
            view.supply,
            view.returned,
            view.retired,
            view.turns,
            view.shuffles,
        )

    def to_game(
        self,
        variant: str | None = None,
        players: int | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        registry: Registry | None = None,
        undo: bool = True,
    ) -> Game:
        """Returns a game of ``variant`` (the base game when left out: a
        position string, like a FEN, does not say its variant) that begins
        at this position, as python-chess sets up a board from a FEN
        ([`game_at`][trapper_core.game_at]): no history, ``from_setup``
        ``False``; its record begins with this position, in a ``Position``
        tag.

        ``players`` is a count or the names in seat order (as many seats as
        the position has hands; letters if left out). ``seed`` gives the
        reshuffles to come: with the seed of the game the position was
        taken from, the game goes on exactly as that one would.

        Only a whole game's position ([`from_game`][trapper_notation.Position.from_game])
        makes a game; a view's hides what a game must know. A position that
        does not hold together, whose count of hands the variant is not
        played by, or whose turn record is not the variant's, raises
        [`NotationError`][trapper_notation.NotationError] (a `ValueError`)
        saying what is wrong (and, with no ``variant`` given, that it was
        read as the base game's); arguments that
        [`new_game`][trapper_core.new_game] would refuse raise as it does.

        Examples:
            >>> import trapper_core as tc
            >>> game = tc.new_game("base", 2, seed=3)
            >>> game.apply(game.legal_actions()[0])
            >>> text = str(Position.from_game(game))
            >>> again = Position.parse(text).to_game("base", seed=3)
            >>> str(Position.from_game(again)) == text
            True
        """
        self._check()
        hidden = self._hidden()
        if hidden:
            raise NotationError(
                f"a view's position hides {hidden}: only a whole game's position "
                "(Position.from_game) makes a game"
            )
        if variant is not None:
            return self._to_game(variant, players, seed, registry, undo)
        try:
            return self._to_game("base", players, seed, registry, undo)
        except NotationError as exc:
            # Another variant's position may well fail the base game's checks.
            raise NotationError(
                f"{exc} (read as a position of the base game: to_game(variant) reads "
                "another variant's)"
            ) from None

    def _to_game(
        self,
        variant: str,
        players: int | Sequence[str] | None,
        seed: int | None,
        registry: Registry | None,
        undo: bool,
    ) -> Game:
        count = len(self.hands)
        # A count of hands the variant is not played by is the position's
        # fault, whatever players says (an unknown variant or a bad
        # registry raises as new_game raises).
        spec = registry_or_default(registry).rules(variant).spec
        if not spec.min_players <= count <= spec.max_players:
            raise NotationError(
                f"the position has {count} hand{'' if count == 1 else 's'} (one a player), "
                f"but {variant!r} is played by "
                f"{spec.min_players} to {spec.max_players} players"
            )
        if players is None:
            players = count
        # The arguments checked as new_game checks them (a SetupError): the
        # errors below are the position's.
        fresh = new_game(variant, players, seed=seed, registry=registry, undo=undo)
        seats = len(fresh.players)
        if seats != count:
            raise NotationError(
                f"the position has {count} players' hands, but players gives {seats} seats"
            )
        turn = _read_turn(self.turn, type(fresh.turn), seats)
        written = _turn_text(turn)
        if written != self.turn:  # read only as str(position) writes it, as every field
            given, canonical = _where_they_differ(self.turn, written)
            raise NotationError(
                "position string, field 4 (turn): " + _cut(f"{given} is written {canonical}")
            )
        try:
            return game_at(
                variant,
                players,
                # no FACE_DOWN: not a view's
                board=tuple(t.tile if isinstance(t, FaceDownTile) else t for t in self.board),  # type: ignore[misc]
                face_down=[
                    SQUARES[i] for i, t in enumerate(self.board) if isinstance(t, FaceDownTile)
                ],
                trappers=self.trappers,
                hands=self.hands,  # type: ignore[arg-type]  # no counts: not a view's
                draw_pile=self.draw_pile,  # type: ignore[arg-type]  # no count: not a view's
                discard=self.discard,
                out=self.out,  # type: ignore[arg-type]  # no count: not a view's
                displays=self.displays,
                supply=self.supply,
                returned=self.returned,
                to_move=self.to_move,
                turn=turn,
                retired=self.retired,
                turns=self.turns,
                shuffles=self.shuffles,
                seed=fresh.seed,
                registry=registry,
                undo=undo,
            )
        except SetupError as exc:
            raise NotationError(f"position string: {exc}") from None

    def _misshapen(self) -> str:
        """What makes this position no position at all, by the types and
        counts of its fields (one made by hand, with ``attrs.evolve``), or
        ''. `from_game`, `from_view` and `parse` make none such."""
        seats = self.hands
        if type(seats) is not tuple or not seats:
            return f"its hands should be a Hand (or a count) per player, not {shown(seats)}"
        count = len(seats)

        def is_count(value: object) -> bool:
            return type(value) is int and value >= 0

        def of(values: object, *types: type) -> bool:
            return type(values) is tuple and all(isinstance(v, types) for v in values)

        pile, board = self.draw_pile, self.board
        problems = [
            (
                "board",
                type(board) is tuple
                and len(board) == 64
                and all(
                    t is None or t is FACE_DOWN or isinstance(t, Tile | FaceDownTile)
                    for t in board
                ),
                "64 squares, each a tile, FaceDownTile, FACE_DOWN or None",
            ),
            ("trappers", of(self.trappers, Square), "a tuple of Squares"),
            (
                "to_move",
                self.to_move is None or (type(self.to_move) is int and 0 <= self.to_move < count),
                f"a seat from 0 to {count - 1} or None",
            ),
            ("turn", type(self.turn) is str, "the turn record's text, a str"),
            (
                "hands",
                all(isinstance(h, Hand) or is_count(h) for h in seats),
                "a Hand (or a count) per player",
            ),
            ("draw_pile", is_count(pile) or of(pile, Colour), "a tuple of Colours, or a count"),
            ("discard", isinstance(self.discard, Hand), "a Hand"),
            ("out", isinstance(self.out, Hand) or is_count(self.out), "a Hand, or a count"),
            (
                "displays",
                of(self.displays, Display) and len(self.displays) == count,
                "a Display per player",
            ),
            ("supply", isinstance(self.supply, TokenSupply), "a TokenSupply"),
            (
                "returned",
                type(self.returned) is tuple
                and all(
                    type(r) is tuple
                    and len(r) == 2
                    and type(r[0]) is int
                    and 0 <= r[0] < count
                    and isinstance(r[1], ValuedCanoe)
                    for r in self.returned
                ),
                "(seat, ValuedCanoe) pairs",
            ),
            (
                "retired",
                of(self.retired, bool) and len(self.retired) == count,
                "a bool per player",
            ),
            ("turns", is_count(self.turns), "a count"),
            ("shuffles", is_count(self.shuffles), "a count"),
        ]
        for name, good, should in problems:
            if not good:
                return f"its {name} should be {should}, not {shown(getattr(self, name))}"
        return ""

    def _check(self) -> None:
        problem = self._misshapen()
        if problem:
            raise NotationError(
                f"a Position made otherwise than by from_game, from_view or parse: {problem}"
            )

    def _hidden(self) -> str:
        """What of a whole game's position this one hides (a view's), or ''."""
        if any(t is FACE_DOWN for t in self.board):
            return "the face-down tiles"
        if any(isinstance(h, int) for h in self.hands):
            return "other players' hands"
        if isinstance(self.draw_pile, int):
            return "the draw pile"
        if isinstance(self.out, int):
            return "the cards out of the game"
        return ""

    def __str__(self) -> str:
        self._check()
        fields = [
            _board_text(self.board),
            "".join(s.name for s in self.trappers),
            "-" if self.to_move is None else seat_text(self.to_move),
            self.turn,
            "/".join(_hand_text(h) for h in self.hands),
            _draw_text(self.draw_pile),
            _counts(self.discard),
            f"#{self.out}" if isinstance(self.out, int) else _counts(self.out),
            "/".join(_display_text(d) for d in self.displays),
            _supply_text(self.supply),
            ",".join(f"{seat_text(p)}:{_valued_text(v)}" for p, v in self.returned) or "-",
            "".join("1" if r else "0" for r in self.retired),
            str(self.turns),
            str(self.shuffles),
        ]
        return " ".join(fields)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Reads a position string, as ``str(position)`` writes it; raises
        [`NotationError`][trapper_notation.NotationError] (a `ValueError`)
        saying what is wrong for anything else (odd white space, a number
        with a sign or leading zeros, a field that reads back otherwise)."""
        if not isinstance(text, str):
            raise NotationError(f"a position string is a str, not {type(text).__name__}")
        fields = text.split()
        if len(fields) != 14:
            raise NotationError(f"a position string has 14 fields, not {len(fields)}")
        space = _ODD_SPACE.search(text)
        if space is not None:
            raise NotationError(
                "a position string is one line of 14 fields separated by single spaces, "
                f"not {_space_name(space.group())} at column {space.start() + 1}"
            )
        parts = []
        for (name, should, read), field in zip(_FIELDS, fields, strict=True):
            try:
                parts.append(read(field))
            except (ValueError, IndexError, TypeError) as exc:
                reason = str(exc)
                if type(exc) is not ValueError or reason.startswith(_PYTHON_WORDS):
                    reason = f"{should}, not {shown(field)}"  # Python's words say too little
                raise NotationError(
                    f"position string, field {len(parts) + 1} ({name}): {_cut(reason)}"
                ) from None
        try:
            position = cls(*parts)
        except (ValueError, IndexError, TypeError) as exc:
            raise NotationError(f"position string: {_cut(str(exc))}") from None
        position._check_players()
        # Every field as the position string writes it: what reads back
        # otherwise (two digits for a run of empty squares, a lower-case
        # colour) is refused, so that a string read is the string written.
        written_fields = str(position).split(" ")
        for index, (field, written) in enumerate(zip(fields, written_fields, strict=True)):
            if field != written and not (index == 2 and field.isdigit()):  # seats before 0.3
                name = _FIELDS[index][0]
                given, canonical = _where_they_differ(field, written)
                raise NotationError(
                    f"position string, field {index + 1} ({name}): "
                    + _cut(f"{given} is written {canonical}")
                )
        return position

    def _check_players(self) -> None:
        """The fields of one entry a player agree with the hands on how many
        players there are, and the seats the string names are theirs."""
        players = len(self.hands)
        for name, count in (("displays", len(self.displays)), ("retired", len(self.retired))):
            if count != players:
                raise NotationError(
                    f"position string: {players} hands but {count} entries in {name} "
                    "(one a player in each)"
                )
        seats = [("the player to move", self.to_move)]
        seats += [("a returned canoe's seat", seat) for seat, _ in self.returned]
        for what, seat in seats:
            if seat is not None and seat >= players:
                raise NotationError(
                    f"position string: {what}, {seat_text(seat)}, is not one of the "
                    f"{players} players"
                )


def _where_they_differ(given: str, written: str, around: int = 12) -> tuple[str, str]:
    """The parts of two texts around where they first differ, shown (an
    ellipsis for what is left out)."""
    if max(len(given), len(written)) <= 4 * around:  # short enough to show whole
        return shown(given), shown(written)
    start = 0
    while start < min(len(given), len(written)) and given[start] == written[start]:
        start += 1
    begin = max(0, start - around)

    def part(text: str) -> str:
        end = min(len(text), start + around)
        before = "…" if begin else ""
        after = "…" if end < len(text) else ""
        return before + shown(text[begin:end]) + after

    return part(given), part(written)


def _whole(text: str) -> int:
    if _COUNT.fullmatch(text) is None:
        raise TypeError(text)  # told as the field's own words
    return int(text)


#: A count as the position string writes it: ASCII digits, no sign, no
#: leading zero, at most 18 digits (far beyond any count of a game).
_COUNT = re.compile(r"0|[1-9][0-9]{0,17}")
#: Money and a canoe's value may be below zero (D2).
_SIGNED = re.compile(r"0|-?[1-9][0-9]{0,17}")


def _number(text: str, what: str, *, signed: bool = False) -> int:
    """``text`` as a whole number (see `_COUNT`), or a ValueError naming ``what``."""
    if (_SIGNED if signed else _COUNT).fullmatch(text) is None:
        sign = "'+'" if signed else "sign"
        raise ValueError(
            f"{what} is a whole number of at most 18 digits, with no {sign} or leading zero, "
            f"not {shown(text)}"
        )
    return int(text)


#: White space that does not separate fields as the position string does:
#: any but a single space between two fields.
_ODD_SPACE = re.compile(r"[^\S ]|  |^ | $")


def _space_name(space: str) -> str:
    if space.strip(" "):
        return f"{shown(space)} (U+{ord(space):04X})"
    return "two spaces" if len(space) == 2 else "a space at an end"


def _count_or(text: str, other: Callable[[str], Any]) -> Any:
    return _number(text[1:], "a count after '#'") if text.startswith("#") else other(text)


#: Python's own words in an error of a field's parser: the field is then
#: said what it should be.
_PYTHON_WORDS = ("invalid literal", "not enough values", "too many values", "Exceeds the limit")

#: Each field of a position string: its name, what it should be, its reader
#: (through a lambda where the reader is defined further down).
_FIELDS: tuple[tuple[str, str, Callable[[str], Any]], ...] = (
    ("board", "8 ranks of squares separated by '/'", lambda t: _parse_board(t)),
    (
        "trappers",
        "the four trappers' squares, like d5e5d4e4",
        lambda t: _parse_trappers(t),
    ),
    (
        "player to move",
        "a seat letter from A, or '-'",
        lambda t: None if t == "-" else parse_seat(t, "the player to move"),
    ),
    ("turn", "the turn's state", lambda t: _turn_syntax(t)),
    (
        "hands",
        "each player's hand, separated by '/'",
        lambda t: tuple(_parse_hand(h) for h in t.split("/")),
    ),
    ("draw pile", "'#' and a count, or colour letters", lambda t: _count_or(t, _parse_colours)),
    ("discard pile", "counts of each colour", lambda t: Hand(*_parse_counts(t))),
    (
        "cards out",
        "'#' and a count, or counts of each colour",
        lambda t: _count_or(t, lambda u: Hand(*_parse_counts(u))),
    ),
    (
        "displays",
        "each display, separated by '/'",
        lambda t: tuple(_parse_display(d) for d in t.split("/")),
    ),
    (
        "supply",
        "the canoe tokens, '|', the species tokens left, like 16.18.20|1.2.3",
        lambda t: _parse_supply(t),
    ),
    (
        "returned",
        "the canoes returned by exchanges, like A:CM3n[…]=18, or -",
        lambda t: _parse_returned(t),
    ),
    ("retired", "a 0 or 1 for each player", lambda t: _parse_retired(t)),
    ("turns", "a whole number of turns", _whole),
    ("shuffles", "a whole number of shuffles", _whole),
)


_TRAPPERS = re.compile(r"(?:[a-h][1-8]){4}")


def _parse_trappers(text: str) -> tuple[Square, ...]:
    if _TRAPPERS.fullmatch(text) is None:
        raise TypeError(text)  # told as the field's own words
    return tuple(Square.parse(text[i : i + 2]) for i in range(0, 8, 2))


def _turn_syntax(text: str) -> str:
    """The turn's text, once it reads as a turn record of some variant (the
    variant's own, `_read_turn`, is known only to ``to_game``)."""
    try:
        _tree, end = _turn_tree(text, 0)
    except NotationError as exc:
        # Said as the field's other errors are: the reader names the field.
        said = str(exc).removeprefix("position string, field 4 (turn) ")
        raise ValueError(f"the turn {said}") from None
    if end != len(text):
        raise ValueError(f"the turn {shown(text)}: {shown(text[end:])} is left over")
    return text


def _read_turn(text: str, kind: type, players: int) -> object:
    """The turn record of type ``kind`` that ``_turn_text`` writes as
    ``text``: read by the types of its attrs fields (a colour, a seat, a
    count, yes or no, a tuple of them, ``-`` for none, a record within)."""
    tree, end = _turn_tree(text, 0)
    if end != len(text):
        raise NotationError(
            f"position string, field 4 (turn) {shown(text)}: {shown(text[end:])} is left over"
        )
    try:
        return _turn_value(tree, kind, False, players)
    except (ValueError, TypeError) as exc:
        raise NotationError(f"position string, field 4 (turn) {shown(text)}: {exc}") from None


_TurnTree = str | list["_TurnTree"] | tuple[str, dict[str, "_TurnTree"]]


def _turn_tree(text: str, at: int, depth: int = 0) -> tuple[_TurnTree, int]:
    """One value of a turn text from ``at``: a word, ``(a.b)`` a list, or
    ``Name:{field=value,…}`` a record; and where it ends."""
    if depth > _TURN_DEPTH:
        raise NotationError(
            f"position string, the turn: values within values more than {_TURN_DEPTH} deep"
        )
    if text.startswith("(", at):
        items: list[_TurnTree] = []
        at += 1
        if text.startswith(")", at):
            return items, at + 1
        while True:
            item, at = _turn_tree(text, at, depth + 1)
            items.append(item)
            if text.startswith(")", at):
                return items, at + 1
            if not text.startswith(".", at):
                raise NotationError(
                    f"position string, field 4 (turn) {shown(text)}: a '.' or ')' at {at + 1}"
                )
            at += 1
    match = _TURN_WORD.match(text, at)
    if match is None:
        raise NotationError(f"position string, field 4 (turn) {shown(text)}: a value at {at + 1}")
    word, at = match.group(), match.end()
    if not text.startswith(":{", at):
        return word, at
    at += 2
    fields: dict[str, _TurnTree] = {}
    while not text.startswith("}", at):
        if fields:
            if not text.startswith(",", at):
                raise NotationError(
                    f"position string, field 4 (turn) {shown(text)}: a ',' or '}}' at {at + 1}"
                )
            at += 1
        name = _TURN_WORD.match(text, at)
        if name is None or not text.startswith("=", name.end()):
            raise NotationError(
                f"position string, field 4 (turn) {shown(text)}: a field=value at {at + 1}"
            )
        if name.group() in fields:
            raise NotationError(
                f"position string, field 4 (turn) {shown(text)}: {name.group()} is given twice"
            )
        fields[name.group()], at = _turn_tree(text, name.end() + 1, depth + 1)
    return (word, fields), at + 1


_TURN_WORD = re.compile(r"[A-Za-z0-9_-]+")
_TURN_DEPTH = 16  # records within records, tuples within tuples


def _turn_value(tree: _TurnTree, hint: Any, seat: bool, players: int) -> object:
    """``tree`` as a value of the type ``hint``."""
    options = (
        typing.get_args(hint)
        if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union
        else (hint,)
    )
    if tree == "-" and type(None) in options:
        return None
    problems = []
    for option in options:
        if option is type(None):
            continue
        try:
            return _turn_one(tree, option, seat, players)
        except (ValueError, TypeError) as exc:
            problems.append(str(exc))
    raise ValueError(problems[0] if len(problems) == 1 else " or ".join(problems))


def _turn_one(tree: _TurnTree, kind: Any, seat: bool, players: int) -> object:
    origin = typing.get_origin(kind)
    if origin is tuple:
        if not isinstance(tree, list):
            raise ValueError(f"{_tree_text(tree)} is no list like (A.B)")
        item = typing.get_args(kind)[0]
        return tuple(_turn_value(t, item, seat, players) for t in tree)
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(tree, tuple) or tree[0] != kind.__name__:
            raise ValueError(f"{_tree_text(tree)} is no {kind.__name__}:{{…}}")
        name, given = tree
        hints = typing.get_type_hints(kind)
        fields = [f for f in attrs.fields(kind) if f.init]
        names = [f.name for f in fields]
        if sorted(given) != sorted(names):
            raise ValueError(
                f"a {name} has the fields {', '.join(names)}, not {', '.join(given) or 'none'}"
            )
        values = {
            f.name: _turn_value(
                given[f.name], hints[f.name], bool(f.metadata.get("seat")), players
            )
            for f in fields
        }
        return kind(**values)
    if not isinstance(tree, str):
        raise ValueError(f"{_tree_text(tree)} is no single value")
    if kind is bool:
        if tree not in ("y", "n"):
            raise ValueError(f"yes or no is y or n, not {shown(tree)}")
        return tree == "y"
    if kind is Colour:
        if len(tree) != 1:
            raise ValueError(f"{shown(tree)} is not a colour letter")
        return Colour.from_letter(tree)
    if kind is int:
        if seat:
            number = parse_seat(tree, "a seat")
            if number >= players:
                raise ValueError(f"seat {tree} is not one of the {players} players")
            return number
        if not tree.isascii() or not tree.isdigit() or len(tree) > 18:
            raise ValueError(f"{shown(tree)} is not a count")
        return int(tree)
    raise TypeError(f"a field of type {kind!r} is not read from a position string")


def _tree_text(tree: _TurnTree) -> str:
    if isinstance(tree, str):
        return shown(tree)
    if isinstance(tree, list):
        return "a list"
    name = tree[0]
    return f"{'an' if name[:1].lower() in {'a', 'e', 'i', 'o', 'u'} else 'a'} {name} record"


def _parse_retired(text: str) -> tuple[bool, ...]:
    if text.strip("01"):
        raise TypeError(text)  # told as the field's own words
    return tuple(c == "1" for c in text)


def _turn_text(turn: object) -> str:
    return _value_text(turn).replace(" ", "")


def _value_text(value: object, seat: bool = False) -> str:
    if seat and isinstance(value, int) and not isinstance(value, bool):
        return seat_text(value) if 0 <= value < len(SEAT_LETTERS) else str(value)
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "y" if value else "n"
    if isinstance(value, Colour):
        return value.letter
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "(" + ".".join(_value_text(v, seat) for v in value) + ")"
    kind = type(value)
    if attrs.has(kind):
        inner = ",".join(
            f"{f.name}={_value_text(getattr(value, f.name), bool(f.metadata.get('seat')))}"
            for f in attrs.fields(kind)
        )
        return f"{kind.__name__}:{{{inner}}}"
    return repr(value).replace(" ", "")


def _square_token(square: Any) -> str:
    if isinstance(square, Tile):
        return square.code
    if isinstance(square, FaceDownTile):
        return "~" + square.tile.code
    return "?"


def _read_square(token: str) -> Any:
    if token == "?":
        return FACE_DOWN
    if token.startswith("~"):
        return FaceDownTile(Tile.from_code(token[1:]))
    return Tile.from_code(token)


def _board_text(board: tuple[Any, ...]) -> str:
    return board_text(board, _square_token)


def _parse_board(text: str) -> tuple[Any, ...]:
    return tuple(
        parse_board(
            text, _SQUARE, _read_square, "a tile code, ~ and a code, ? or a digit from 1 to 8"
        )
    )


def _counts(hand: Hand) -> str:
    return ",".join(str(n) for n in hand.counts)


def _parse_counts(text: str) -> tuple[int, int, int, int]:
    parts = [_number(n, "a count of cards") for n in text.split(",")]
    if len(parts) != 4:
        raise ValueError(f"{text!r} is not four counts")
    return (parts[0], parts[1], parts[2], parts[3])


def _hand_text(hand: Hand | int) -> str:
    return f"#{hand}" if isinstance(hand, int) else _counts(hand)


def _parse_hand(text: str) -> Hand | int:
    if text.startswith("#"):
        return _number(text[1:], "a hand's size after '#'")
    return Hand(*_parse_counts(text))


def _draw_text(draw: tuple[Colour, ...] | int) -> str:
    if isinstance(draw, int):
        return f"#{draw}"
    return "".join(c.letter for c in draw) or "-"


def _parse_colours(text: str) -> tuple[Colour, ...]:
    if text == "-":
        return ()
    bad = set(text) - set(_COLOURS_BY_LETTER)
    if bad:
        raise ValueError(
            f"the draw pile is written with B, E, G and P, not {shown(''.join(sorted(bad)))}"
        )
    return tuple(map(_COLOURS_BY_LETTER.__getitem__, text))


_COLOURS_BY_LETTER = {c.letter: c for c in Colour}


def _row_text(row: Row) -> str:
    return row.canoe.code + "[" + "".join(t.code for t in row.tiles[1:]) + "]"


def _valued_text(valued: ValuedCanoe) -> str:
    return f"{_row_text(valued.row)}={valued.payout}"


def _parse_row(canoe: str, inside: str) -> Row:
    tiles = [Tile.from_code(c) for c in _TILES.findall(inside)]
    animals = tuple(t for t in tiles if t.species is not None and not t.face.startswith("C"))
    herbs = [t for t in tiles if t.face.startswith("H")]
    mushrooms = [t for t in tiles if t.face.startswith("F")]
    if (
        len(herbs) > 1
        or len(mushrooms) > 1
        or len(animals) + len(herbs) + len(mushrooms) != len(tiles)
    ):
        # What a Row cannot hold would be dropped without a word.
        raise ValueError(
            f"a canoe holds animals, a herb and a mushroom at most, not {canoe}[{inside}]"
        )
    return Row(
        Tile.from_code(canoe),
        animals,
        herbs[0] if herbs else None,
        mushrooms[0] if mushrooms else None,
    )


def _rows(text: str, valued: bool) -> list[tuple[Row, int]]:
    """Open rows (``valued`` false: no value written) or valued canoes (a
    value after each, ``=26``)."""
    if text == "-":
        return []
    out = []
    position = 0
    while position < len(text):
        match = _ROW.match(text, position)
        if match is None:
            raise ValueError(f"cannot read the canoes {shown(text[position:])}")
        if (match.group(3) is None) == valued:
            raise ValueError(
                f"a valued canoe is written with its value, like CB3w[B4n]=26, "
                f"an open row without, not {shown(match.group())}"
                if valued
                else f"an open row is written without a value, not {shown(match.group())}"
            )
        payout = 0 if match.group(3) is None else _number(match.group(3), "a value", signed=True)
        out.append((_parse_row(match.group(1), match.group(2)), payout))
        position = match.end()
    return out


def _token_text(token: Token) -> str:
    return ("c" if token.kind is TokenKind.CANOE else "s") + str(token.number)


def _display_text(display: Display) -> str:
    tokens = ".".join(_token_text(t) for t in display.tokens) or "-"
    rows = "".join(_row_text(r) for r in display.open) or "-"
    valued = "".join(_valued_text(v) for v in display.valued) or "-"
    separate = "".join(t.code for t in display.separate) or "-"
    return f"{display.money}:{tokens}:{rows}:{valued}:{separate}"


def _parse_display(text: str) -> Display:
    money, tokens, rows, valued, separate = text.split(":")
    token_list = [] if tokens == "-" else tokens.split(".")
    codes = [] if separate == "-" else _TILES.findall(separate)
    if "".join(codes) != ("" if separate == "-" else separate):
        raise ValueError(f"the separate tiles {shown(separate)} are not a run of tile codes")
    return Display(
        tuple(row for row, _ in _rows(rows, valued=False)),
        tuple(ValuedCanoe(row, payout) for row, payout in _rows(valued, valued=True)),
        tuple(Tile.from_code(c) for c in codes),
        _number(money, "money", signed=True),
        tuple(_parse_token(t) for t in token_list),
    )


def _parse_token(text: str) -> Token:
    if text[:1] not in ("c", "s") or _COUNT.fullmatch(text[1:]) is None:
        raise ValueError(f"a token is c (canoe) or s (species) and its number, not {shown(text)}")
    return Token(TokenKind.CANOE if text[0] == "c" else TokenKind.SPECIES, int(text[1:]))


def _supply_text(supply: TokenSupply) -> str:
    canoe = ".".join(map(str, supply.canoe)) or "-"
    species = ".".join(map(str, supply.species)) or "-"
    return f"{canoe}|{species}"


def _parse_supply(text: str) -> TokenSupply:
    canoe, species = text.split("|")

    def numbers(part: str) -> tuple[int, ...]:
        return () if part == "-" else tuple(_number(n, "a token") for n in part.split("."))

    return TokenSupply(numbers(canoe), numbers(species))


def _parse_returned(text: str) -> tuple[tuple[int, ValuedCanoe], ...]:
    if text == "-":
        return ()
    out = []
    for part in text.split(","):
        seat, rest = part.split(":", 1)
        ((row, payout),) = _rows(rest, valued=True)
        out.append((parse_seat(seat, "a returned canoe's seat"), ValuedCanoe(row, payout)))
    return tuple(out)
