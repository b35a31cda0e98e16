"""The one-line setup string: the starting position, any part of it unknown.

    <board> <trappers> <start> <deck> <box>

- ``board``: ranks 8 down to 1, separated by ``/``; in each rank, from file a
  to h, a tile code (``B3n``, ``CB2e``, ``H4s``, ``F1w``), ``?`` for a tile
  nobody knows, or a digit for that many empty squares (the trappers' squares
  are empty, and so are the squares off a variant's smaller board);
- ``trappers``: the squares of the blue, beige, green and purple trappers, or
  ``-`` for where the variant's board puts them at the start (``d5e5d4e4``
  in the base game, D3);
- ``start``: the seat letter of the start player (``A`` is the first seat, as
  in the moves and the ``Seat1`` tag), ``?`` if unknown; a digit from ``1``
  (how records before 0.3 wrote it) is read too;
- ``deck``: the variant's cards (64 in the base game) from the top down
  (``B`` blue, ``E`` beige, ``G`` green, ``P`` purple, ``?`` unknown), or a
  single ``?``;
- ``box``: the tiles set aside unseen, ``-`` for none, ``?`` if unknown.

The whole string may be ``?``: nothing is known but the variant's starting
trapper squares and which squares hold a tile.
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from trapper_core import Board, Colour, Setup, SetupError, Square, Tile, TrapperError
from trapper_core.errors import shown

__all__ = ["UNKNOWN", "SetupSpec", "Unknown"]


class Unknown(enum.Enum):
    """The type of `UNKNOWN`."""

    UNKNOWN = "?"

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = Unknown.UNKNOWN
"""A part of a setup that the record does not know."""

_SQUARE_TOKEN = re.compile(r"C[KLMBWS][1-9][nesw]|[KLMBWSHF][1-9][nesw]|\?|[1-8]")
_TRAPPERS = re.compile(r"(?:[a-h][1-8]){4}")
_TILE_CODE = re.compile(r"C[KLMBWS][1-9][nesw]|[KLMBWSHF][1-9][nesw]")


@attrs.frozen
class SetupSpec:
    """A starting position as a record knows it."""

    board: tuple[Tile | Unknown | None, ...]
    """Square by square from a1: the tile, `UNKNOWN`, or ``None`` (empty)."""
    trappers: tuple[Square, ...] | None = None
    """The trappers' squares, or ``None`` for the variant's start squares
    (written ``-``)."""
    start_player: int | None = 0
    """The start player's seat counted from 0, or ``None`` if unknown."""
    deck: tuple[Colour | None, ...] | None = None
    """The cards from the top (``None`` per unknown card), or ``None`` if all unknown."""
    box: tuple[Tile, ...] | None = None
    """The tiles set aside unseen, or ``None`` if unknown."""

    @classmethod
    def unknown(cls) -> SetupSpec:
        """Nothing known: a tile of unknown face on every square of the
        variant's board but the trappers' start squares (a replay fits it to
        the variant's board), the trappers on their start squares."""
        return cls((UNKNOWN,) * 64, None, None, None, None)

    @classmethod
    def from_setup(cls, setup: Setup) -> SetupSpec:
        """The spec of a fully known setup."""
        if not isinstance(setup, Setup):
            raise SetupError(f"from_setup takes a Setup, not {type(setup).__name__}")
        return cls(setup.board, setup.trappers, setup.start_player, setup.deck, setup.box)

    @property
    def is_complete(self) -> bool:
        """Whether every part is known."""
        return (
            Unknown not in set(map(type, self.board))  # no square is UNKNOWN (a C loop)
            and self.start_player is not None
            and self.deck is not None
            and None not in self.deck
            and self.box is not None
        )

    def to_setup(self, layout: Board | None = None) -> Setup:
        """The [`Setup`][trapper_core.Setup], for a complete spec; ``layout``
        (the variant's board) gives the trappers' squares when the spec
        leaves them to the variant."""
        if not self.is_complete:
            raise SetupError("the setup is not fully known")
        trappers = self.trappers or (layout.trappers if layout is not None else None)
        if trappers is None:
            raise SetupError("the setup leaves the trappers' squares to the variant; name it")
        assert self.deck is not None
        assert self.box is not None
        assert self.start_player is not None
        board = [t if isinstance(t, Tile) else None for t in self.board]
        deck = [c for c in self.deck if c is not None]
        return Setup(board, deck, trappers, self.box, self.start_player)

    @classmethod
    def parse(cls, text: str) -> SetupSpec:
        """Reads a setup string; raises [`SetupError`][trapper_core.SetupError]
        (a `ValueError`) saying what is wrong."""
        if not isinstance(text, str):
            raise SetupError(f"a setup string is a str, not {type(text).__name__}")
        if text.strip() == "?":
            return cls.unknown()
        fields = text.split()
        if len(fields) != 5:
            raise SetupError(
                f"a setup string has 5 fields (board trappers start deck box), not {len(fields)}"
            )
        board_text, trappers_text, start_text, deck_text, box_text = fields
        try:
            return cls(
                _parse_board(board_text),
                _parse_trappers(trappers_text),
                None if start_text == "?" else _parse_start(start_text),
                _parse_deck(deck_text),
                _parse_box(box_text),
            )
        except TrapperError:
            raise
        except ValueError as exc:  # the parts' own words: the field, the rank
            raise SetupError(_cut(str(exc))) from None

    def __str__(self) -> str:
        board = board_text(self.board, lambda s: s.code if isinstance(s, Tile) else "?")
        trappers = "-" if self.trappers is None else "".join(s.name for s in self.trappers)
        start = "?" if self.start_player is None else seat_text(self.start_player)
        if self.deck is None:
            deck = "?"
        else:
            deck = "".join("?" if c is None else c.letter for c in self.deck)
        box = "?" if self.box is None else "".join(t.code for t in self.box) or "-"
        return f"{board} {trappers} {start} {deck} {box}"


def board_text(board: Sequence[object], token: Callable[[Any], str]) -> str:
    """Writes a board rank by rank from rank 8, ``/`` between ranks, a digit
    for each run of empty squares and ``token(square)`` for the others."""
    ranks = []
    for rank in range(7, -1, -1):
        out, empty = [], 0
        for square in board[rank * 8 : rank * 8 + 8]:
            if square is None:
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            out.append(token(square))
        if empty:
            out.append(str(empty))
        ranks.append("".join(out))
    return "/".join(ranks)


def parse_board(
    text: str, pattern: re.Pattern[str], read: Callable[[str], Any], what: str
) -> list[Any]:
    """Reads a board written by `board_text`: ``pattern`` matches one
    square's token or a digit, ``read`` turns a token into the square, and
    ``what`` says in error messages what a square may be."""
    ranks = text.split("/")
    if len(ranks) != 8:
        raise ValueError(f"the board has 8 ranks separated by '/', not {len(ranks)}")
    board: list[Any] = [None] * 64
    for r, rank_text in enumerate(ranks):
        rank, file, position = 7 - r, 0, 0
        while position < len(rank_text):
            match = pattern.match(rank_text, position)
            if match is None:
                raise ValueError(f"rank {rank + 1}: {shown(rank_text[position:])} is not {what}")
            token, position = match.group(), match.end()
            if token.isdigit():
                file += int(token)
                continue
            if file < 8:
                board[rank * 8 + file] = read(token)
            file += 1
        if file != 8:
            raise ValueError(f"rank {rank + 1} describes {file} squares, not 8")
    return board


#: Tiles by their codes, as setups name them (made when first read).
_SQUARES_READ: dict[str, Tile | Unknown] = {"?": UNKNOWN}
_EMPTY = {str(n): (None,) * n for n in range(1, 9)}


def _square_of(token: str) -> Tile | Unknown:
    square = _SQUARES_READ.get(token)
    if square is None:
        square = _SQUARES_READ[token] = Tile.from_code(token)
    return square


def _parse_board(text: str) -> tuple[Tile | Unknown | None, ...]:
    # The usual board, eight ranks of well-formed tokens, in one pass per
    # rank; anything else by parse_board, which says what is wrong.
    ranks = text.split("/")
    if len(ranks) == 8:
        board: list[Tile | Unknown | None] = []
        findall = _SQUARE_TOKEN.findall
        for rank_text in reversed(ranks):
            tokens = findall(rank_text)
            rank: list[Tile | Unknown | None] = []
            for token in tokens:
                empty = _EMPTY.get(token)
                if empty is not None:
                    rank += empty
                elif (square := _SQUARES_READ.get(token)) is not None:
                    rank.append(square)
                else:
                    break  # a code not read before: parse_board reads it
            if len(rank) != 8 or "".join(tokens) != rank_text:
                break
            board += rank
        else:
            return tuple(board)
    return tuple(
        parse_board(text, _SQUARE_TOKEN, _square_of, "a tile code, '?' or a digit from 1 to 8")
    )


def _parse_trappers(text: str) -> tuple[Square, ...] | None:
    if text == "-":
        return None
    if not _TRAPPERS.fullmatch(text):
        raise ValueError(f"{shown(text)} is not four trapper squares like d5e5d4e4")
    return tuple(Square.parse(text[i : i + 2]) for i in range(0, 8, 2))


#: A seat as records write it: ``A`` is the first seat (``Seat1``), ``Z``
#: the 26th, the most a variant may seat (``trapper_core.MAX_PLAYERS``).
SEAT_LETTERS = string.ascii_uppercase


def seat_text(seat: int) -> str:
    """Returns the letter of ``seat`` (0 is ``A``), as the setup and position
    strings write a seat."""
    return SEAT_LETTERS[seat]


def parse_seat(text: str, what: str = "a seat") -> int:
    """Reads a seat letter (``A`` to ``Z``) back to its seat, from 0; a digit
    ``1`` to ``4`` (records before 0.3 counted seats from 1, and had four at
    most) is read too."""
    if len(text) == 1:
        if text in SEAT_LETTERS:
            return SEAT_LETTERS.index(text)
        if text in "1234":
            return int(text) - 1
    raise ValueError(f"{what} is a seat letter from A to Z, not {shown(text)}")


def _parse_start(text: str) -> int:
    return parse_seat(text, "the start player")


def _parse_deck(text: str) -> tuple[Colour | None, ...] | None:
    if text == "?":
        return None
    bad = set(text) - set("BEGP?")
    if bad:
        raise ValueError(
            f"the deck is written with B, E, G, P and ?, not {shown(''.join(sorted(bad)))}"
        )
    return tuple(map(_CARDS.__getitem__, text))


_CARDS: dict[str, Colour | None] = {"?": None, **{c.letter: c for c in Colour}}


def _parse_box(text: str) -> tuple[Tile, ...] | None:
    if text == "?":
        return None
    if text == "-":
        return ()
    codes = _TILE_CODE.findall(text)
    if "".join(codes) != text:
        raise ValueError(f"the box {shown(text)} is not a run of tile codes")
    return tuple(map(_square_of, codes))  # type: ignore[arg-type]


def _cut(message: str, limit: int = 200) -> str:
    """An error message of a part, cut to ``limit`` characters."""
    return message if len(message) <= limit else message[: limit - 1] + "…"
