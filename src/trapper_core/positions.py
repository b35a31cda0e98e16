"""Games that begin at a position given field by field, as python-chess
sets up a board from a FEN: [`game_at`][trapper_core.game_at].

A game is otherwise its setup and its history, every action checked. A
position given whole has no history that leads to it, so it is checked as
a position: every tile of the variant's set and every card of its deck
accounted for once, the bonus tokens, who is to move, and every check the
variant names (``trapper_invariants``), the checks a played game passes
after every action. What it does not check is whether some game could
reach it, as a FEN may show a position no game of chess reaches.
"""

from __future__ import annotations

import types
import typing
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import index
from typing import TypeVar

import attrs

from .display import Display, Row, ValuedCanoe
from .errors import SetupError, TrapperError, as_tuple, as_whole, shown
from .game import Game, _player_names, _seed, is_over
from .invariants import InvariantError, check_invariants
from .model import (
    COLOURS,
    MAX_COUNT,
    SQUARES,
    Colour,
    Hand,
    Kind,
    Square,
    Tile,
    Token,
    TokenKind,
)
from .plugins import Registry, bad_answer, registry_or_default
from .state import TokenSupply, supply_problem
from .tiles import faces_of

__all__ = ["MAX_SHUFFLES", "game_at"]

MAX_SHUFFLES = 100_000
"""The most reshuffles of the discard pile a position given to
[`game_at`][trapper_core.game_at] may count (a game of thousands of turns
has a few hundred)."""

_T = TypeVar("_T")


def game_at(
    variant: str = "base",
    players: int | Sequence[str] = 4,
    *,
    board: Sequence[Tile | None],
    trappers: Sequence[Square | str],
    hands: Sequence[Hand],
    draw_pile: Sequence[Colour],
    face_down: Iterable[Square | str] = (),
    discard: Hand | None = None,
    out: Hand | None = None,
    displays: Sequence[Display] | None = None,
    supply: TokenSupply | None = None,
    returned: Sequence[tuple[int, ValuedCanoe]] = (),
    to_move: int | None = 0,
    turn: object = None,
    retired: Sequence[bool] | None = None,
    turns: int = 1,
    shuffles: int = 0,
    seed: int | None = None,
    registry: Registry | None = None,
    undo: bool = True,
) -> Game:
    """Returns a game of ``variant`` that begins at the position given, with
    no history.

    - ``board``: 64 entries, one a square from a1 (``SQUARES``), the tile
      on it or ``None``; ``face_down``: the squares whose tile lies face
      down (every other tile is face up).
    - ``trappers``: the squares of the blue, beige, green and purple trappers.
    - ``hands``: each player's [`Hand`][trapper_core.Hand];
      ``draw_pile``: the colours of the draw pile, top first; ``discard``
      and ``out`` (cards that left the game): counted by colour, none if
      left out. Together they are the variant's deck.
    - ``displays``: each player's [`Display`][trapper_core.Display]
      (empty ones if left out); ``supply``: the bonus tokens not yet won
      (the variant's whole supply if left out); ``returned``: ``(player,
      canoe)`` for each valued canoe given back.
    - ``to_move``: the seat to decide, ``None`` once the game is over;
      ``turn``: the variant's turn record (a turn just begun if left
      out); ``retired``: per player; ``turns``: how many turns have begun;
      ``shuffles``: how many reshuffles of the discard pile there have been
      (at most 100,000, ``MAX_SHUFFLES``). Turns, money, payouts, card
      counts and a turn record's counts are at most 18 digits
      (``MAX_COUNT``, either sign for money and payouts), as the position
      string writes them.
    - ``seed``: where the game's chance comes from (the reshuffles to
      come: the same seed and ``shuffles`` give the same ones as the game
      the position was taken from); ``players``, ``registry`` and ``undo``
      as in [`new_game`][trapper_core.new_game].

    The tiles of the variant's set that are neither on the board nor in a
    display nor given back are the box, unseen. A position that does not
    hold together (a tile or a card too many, a retired player to move, a
    game over with somebody to move, a check of the variant's failing: in
    the base game, money that is not the payouts, or a bonus token that no
    payout or exchange earned) raises
    [`SetupError`][trapper_core.SetupError] saying what is wrong; so
    does a part of the wrong type (a display's money that is no ``int``, a
    turn record's field that is not of its type, a seat beyond the players).

    The game is a position to play on, like a position drawn by
    [`Sampler.position`][trapper_core.Sampler.position]: ``from_setup`` is
    ``False``, [`Game.root`][trapper_core.Game.root] returns this position,
    and copies and pickles keep it; ``to_dict`` refuses it, and its record
    in the notation begins with the position, in a ``Position`` tag.
    ``trapper_notation.Position.to_game`` makes one from a position string.

    Examples:
        >>> from trapper_core import Colour, Hand, Square, Tile
        >>> board = [None] * 64
        >>> board[Square.parse("c3").index] = Tile.from_code("B3n")
        >>> game = game_at(
        ...     "base", 2, board=board, trappers=["d4", "e4", "d5", "e5"],
        ...     hands=[Hand(blue=2), Hand(green=1)], draw_pile=[Colour.BLUE] * 14
        ...     + [Colour.BEIGE] * 16 + [Colour.GREEN] * 15 + [Colour.PURPLE] * 16,
        ...     seed=1,
        ... )
        >>> game.to_move, game.from_setup
        (0, False)
    """
    rules = registry_or_default(registry).rules(variant)
    names = _player_names(players, rules)
    count = len(names)
    chosen = _seed(seed)
    if not isinstance(undo, bool):
        raise SetupError(f"undo is True or False, not {shown(undo)}")
    tiles = _board(board)
    squares = _squares(trappers, "trappers")
    if len(squares) != 4:
        raise SetupError(
            f"game_at: trappers are four squares (blue, beige, green, purple), not {len(squares)}"
        )
    down = _squares(face_down, "face_down")
    hand_list = _per_player(hands, count, Hand, "hands", "a Hand")
    pile = as_tuple(draw_pile, SetupError, "game_at: draw_pile is a sequence of colours")
    for colour in pile:
        if not isinstance(colour, Colour):
            raise SetupError(f"game_at: draw_pile holds colours, not {shown(colour)}")
    discard_hand = _hand(discard, "discard")
    out_hand = _hand(out, "out")
    display_list = (
        (Display(),) * count
        if displays is None
        else _per_player(displays, count, Display, "displays", "a Display")
    )
    for seat_number, display in enumerate(display_list):
        _check_display(display, f"displays[{seat_number}]")
    # The game's own displays: the rules write answers into a display's
    # cache, which is no business of the caller's objects.
    display_list = tuple(
        Display(d.open, d.valued, d.separate, d.money, d.tokens) for d in display_list
    )
    token_supply = rules.token_supply() if supply is None else supply
    if not isinstance(token_supply, TokenSupply):
        raise SetupError(f"game_at: supply is a TokenSupply, not {shown(token_supply)}")
    problem = supply_problem(token_supply)
    if problem is not None:
        raise SetupError(f"game_at: supply is no game's bonus tokens: {problem}")
    given_back = _returned(returned, count)
    retired_list = (
        (False,) * count
        if retired is None
        else _per_player(retired, count, bool, "retired", "True or False")
    )
    seat: int | None = None
    if to_move is not None:
        seat = as_whole(to_move, SetupError, "game_at: to_move is a seat number or None")
        if not 0 <= seat < count:
            raise SetupError(f"game_at: to_move is a seat from 0 to {count - 1}, not {seat}")
    turn_count = as_whole(
        turns, SetupError, "game_at: turns is a whole number of at least 1", low=1
    )
    _check_size(turn_count, "turns")
    shuffle_count = as_whole(shuffles, SetupError, "game_at: shuffles is a whole number", low=0)
    if shuffle_count > MAX_SHUFFLES:
        raise SetupError(f"game_at: shuffles is at most {MAX_SHUFFLES:,}, not {shuffle_count:,}")
    if len(set(down)) != len(down):
        raise SetupError("game_at: face_down names a square twice")

    for square in down:
        if tiles[square.index] is None:
            raise SetupError(f"game_at: {square} is face down but holds no tile")
    for colour, square in zip(COLOURS, squares, strict=True):
        if tiles[square.index] is not None:
            raise SetupError(f"game_at: the {colour} trapper stands on a tile at {square}")
    if len(set(squares)) != 4:
        raise SetupError("game_at: two trappers share a square")

    # The box: the set's tiles that are nowhere to be seen, matched by face
    # (as a setup's tiles are: a physical tile may show other water edges).
    taken = _taken(display_list, given_back)
    seen = [*(t for t in tiles if t is not None), *taken]
    tile_set = rules.tile_set()
    left = Counter(faces_of(tile_set))
    left.subtract(t.face for t in seen)
    extra = sorted(face for face, n in left.items() if n < 0)
    if extra:
        raise SetupError(
            f"game_at: the position holds more tiles than the {rules.variant} set has: "
            + " ".join(extra)
        )
    box: list[Tile] = []
    for tile in tile_set.tiles:
        if left[tile.face] > 0:
            left[tile.face] -= 1
            box.append(tile)

    mask = 0
    for i, square_tile in enumerate(tiles):
        if square_tile is not None:
            mask |= 1 << i
    for square in down:
        mask &= ~(1 << square.index)
    game = Game._at(
        rules,
        names,
        chosen,
        board=tiles,
        face_up=mask,
        trappers=tuple(s.index for s in squares),
        hands=tuple(h.counts for h in hand_list),
        pile=tuple(map(index, pile)),
        discard=discard_hand.counts,
        out=out_hand.counts,
        displays=tuple(display_list),
        supply=token_supply,
        returned=given_back,
        to_move=seat,
        retired=tuple(retired_list),
        turns=turn_count,
        shuffles=shuffle_count,
        box=tuple(box),
        taken=tuple(taken),
        undo=undo,
    )
    state = game.state
    if turn is None:
        if seat is None:
            raise SetupError("game_at: a game that is over (to_move=None) gives its turn record")
        turn = state.turn  # the record of a turn just begun, which Game._at asked for
    else:
        fresh = type(game.turn)
        if not isinstance(turn, fresh):
            raise SetupError(
                f"game_at: the {rules.variant} game's turn record is a {fresh.__name__}, "
                f"not {shown(turn)}"
            )
        _check_record(turn, "turn", count)
    state.turn = turn
    _end(game, seat)
    game._as_root()  # after the end: root() gives the position, valued if over
    game._public = None
    game._displays = None
    _check(game)
    return game


def _end(game: Game, seat: int | None) -> None:
    """Ends ``game`` when it is over at its position; raises `SetupError`
    when ``seat`` (``to_move``) says otherwise."""
    state = game.state
    if seat is None:
        if not _over_for_everyone(game):
            raise SetupError(
                "game_at: to_move is None, for a game that is over, but the game "
                f"{game.variant} is not over at this position"
            )
        game._finish()
    elif is_over(game.rules, state):
        raise SetupError(
            f"game_at: the {game.variant} game is over at this position, so nobody is to "
            f"move: to_move is None, not {seat}"
        )


def _over_for_everyone(game: Game) -> bool:
    """Whether the game of a position with nobody to move is over by its
    rules. ``trapper_is_over`` answers true once nobody is to move (how play
    ends when everyone has retired), so the question is put with somebody
    to move: the next seat after seat 0 by ``trapper_next_player``, or none
    when every player has retired by it."""
    state = game.state
    rules = game.rules
    seat = rules.next_player(state, 0)
    if type(seat) is not int or not -1 <= seat < state.players:
        raise bad_answer(
            game.variant,
            "trapper_next_player(state, 0)",
            seat,
            f"a seat from 0 to {state.players - 1}, or -1 when every player has retired",
        )
    if seat < 0:
        return True
    state.to_move = seat
    try:
        return is_over(rules, state)
    finally:
        state.to_move = None


def _check(game: Game) -> None:
    """Raises `SetupError` unless ``game``'s position holds together and
    its rules can list what may be done."""
    try:
        check_invariants(game)
    except InvariantError as exc:
        # Without the check's "after 0 actions of <Game …>:": the position is the news.
        raise SetupError(f"game_at: {str(exc).split('>: ', 1)[-1]}") from None
    try:
        legal = game.legal_actions()
    except TrapperError as exc:
        raise SetupError(
            f"game_at: the {game.variant} rules cannot go on from here: {exc}"
        ) from None
    if not legal and not game.is_over:
        raise SetupError(
            f"game_at: the {game.variant} rules offer seat {game.to_move} nothing to do at "
            "this position (does the turn record fit it?)"
        )


def _board(board: object) -> tuple[Tile | None, ...]:
    if isinstance(board, str | bytes):
        raise SetupError(f"game_at: board is 64 squares' tiles, not {shown(board)}")
    tiles = as_tuple(board, SetupError, "game_at: board is 64 squares' tiles")
    if len(tiles) != len(SQUARES):
        raise SetupError(f"game_at: board is 64 squares' tiles, not {len(tiles)}")
    for square, tile in zip(SQUARES, tiles, strict=True):
        if tile is not None and not isinstance(tile, Tile):
            raise SetupError(f"game_at: board at {square} holds a Tile or None, not {shown(tile)}")
    return tiles


def _squares(values: object, what: str) -> tuple[Square, ...]:
    if isinstance(values, str | bytes):
        raise SetupError(f"game_at: {what} is a sequence of squares, not {shown(values)}")
    out = []
    for value in as_tuple(values, SetupError, f"game_at: {what} is a sequence of squares"):
        if isinstance(value, Square):
            out.append(value)
        elif isinstance(value, str):
            try:
                out.append(Square.parse(value))
            except ValueError as exc:
                raise SetupError(f"game_at: {what}: {exc}") from None
        else:
            raise SetupError(f"game_at: {what} holds squares, not {shown(value)}")
    return tuple(out)


def _per_player(
    values: object, count: int, kind: type[_T], what: str, should: str
) -> tuple[_T, ...]:
    if isinstance(values, str | bytes):
        raise SetupError(f"game_at: {what} is one entry a player, not {shown(values)}")
    entries = as_tuple(values, SetupError, f"game_at: {what} is one entry a player")
    if len(entries) != count:
        raise SetupError(f"game_at: {what} has one entry a player ({count}), not {len(entries)}")
    for seat, entry in enumerate(entries):
        if not isinstance(entry, kind):
            raise SetupError(f"game_at: {what}[{seat}] is {should}, not {shown(entry)}")
    return entries


def _hand(value: object, what: str) -> Hand:
    if value is None:
        return Hand()
    if not isinstance(value, Hand):
        raise SetupError(
            f"game_at: {what} is a Hand (cards counted by colour), not {shown(value)}"
        )
    return value


def _returned(values: object, count: int) -> tuple[tuple[int, ValuedCanoe], ...]:
    out = []
    entries = as_tuple(values, SetupError, "game_at: returned is a sequence of (player, canoe)")
    for k, entry in enumerate(entries):
        if (
            not isinstance(entry, tuple)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not 0 <= entry[0] < count
            or not isinstance(entry[1], ValuedCanoe)
        ):
            raise SetupError(
                "game_at: returned holds (seat, ValuedCanoe) pairs, a seat from 0 to "
                f"{count - 1}, not {shown(entry)}"
            )
        _check_valued(entry[1], f"returned[{k}]")
        out.append((entry[0], entry[1]))
    return tuple(out)


def _taken(displays: Sequence[Display], returned: Sequence[tuple[int, ValuedCanoe]]) -> list[Tile]:
    """The tiles in displays and given back: the game's setup holds them in
    its box, so that the checks count them as the position's."""
    out: list[Tile] = []
    for display in displays:
        out.extend(display.tiles())
    for _player, valued in returned:
        out.extend(valued.row.tiles)
    return out


def _check_display(display: Display, where: str) -> None:
    """Raises `SetupError` unless ``display``'s parts are of their types
    (the variant's checks then judge their values)."""
    if type(display.money) is not int:
        raise SetupError(f"game_at: {where}.money is a whole number, not {shown(display.money)}")
    _check_size(display.money, f"{where}.money")
    for name, kind in (
        ("open", Row),
        ("valued", ValuedCanoe),
        ("separate", Tile),
        ("tokens", Token),
    ):
        part = getattr(display, name)
        if type(part) is not tuple:
            raise SetupError(f"game_at: {where}.{name} is a tuple, not {shown(part)}")
        for k, item in enumerate(part):
            if not isinstance(item, kind):
                raise SetupError(
                    f"game_at: {where}.{name}[{k}] is a {kind.__name__}, not {shown(item)}"
                )
            if isinstance(item, Row):
                _check_row(item, f"{where}.{name}[{k}]")
            elif isinstance(item, ValuedCanoe):
                _check_valued(item, f"{where}.{name}[{k}]")
            elif isinstance(item, Token) and (
                not isinstance(item.kind, TokenKind) or type(item.number) is not int
            ):
                raise SetupError(f"game_at: {where}.{name}[{k}] is no token: {shown(item)}")
            elif isinstance(item, Token):
                _check_size(item.number, f"{where}.{name}[{k}].number")


def _check_valued(valued: object, where: str) -> None:
    if not isinstance(valued, ValuedCanoe) or type(valued.payout) is not int:
        raise SetupError(
            f"game_at: {where} is a ValuedCanoe with a whole payout, not {shown(valued)}"
        )
    _check_size(valued.payout, f"{where}.payout")
    _check_row(valued.row, f"{where}.row")


def _check_size(number: int, where: str) -> None:
    """Raises `SetupError` unless the whole number ``number`` has at most
    18 digits (`MAX_COUNT`), either sign."""
    if not -MAX_COUNT <= number <= MAX_COUNT:
        raise SetupError(
            f"game_at: {where} is a whole number of at most 18 digits, not {shown(number)}"
        )


def _check_row(row: object, where: str) -> None:
    if (
        not isinstance(row, Row)
        or not isinstance(row.canoe, Tile)
        or type(row.animals) is not tuple
        or not all(isinstance(t, Tile) for t in row.animals)
        or not (row.herb is None or isinstance(row.herb, Tile))
        or not (row.mushroom is None or isinstance(row.mushroom, Tile))
    ):
        raise SetupError(f"game_at: {where} is a Row of tiles, not {shown(row)}")
    # Each place of a row holds its kind of tile (the rules read them so).
    places = (
        ("canoe", (row.canoe,), Kind.CANOE),
        ("animals", row.animals, Kind.ANIMAL),
        ("herb", (row.herb,), Kind.HERB),
        ("mushroom", (row.mushroom,), Kind.MUSHROOM),
    )
    for name, tiles, kind in places:
        for tile in tiles:
            if tile is not None and tile.kind is not kind:
                raise SetupError(f"game_at: {where}.{name}: {tile.code} is no {kind.value} tile")


def _check_record(record: object, where: str, players: int) -> None:
    """Raises `SetupError` unless every field of the attrs record
    ``record`` holds a value of the field's type: a seat (a field marked
    ``seat``) one of the ``players``, a count a whole number of 0 or more."""
    kind = type(record)
    if not attrs.has(kind):
        return
    hints = typing.get_type_hints(kind)
    for field in attrs.fields(kind):
        value = getattr(record, field.name)
        problem = _mistyped(
            value, hints.get(field.name), bool(field.metadata.get("seat")), players
        )
        if problem:
            raise SetupError(f"game_at: {where}.{field.name} is {problem}, not {shown(value)}")
        if attrs.has(type(value)):
            _check_record(value, f"{where}.{field.name}", players)


def _mistyped(value: object, hint: object, seat: bool, players: int) -> str:
    """What ``value`` should be, if it is no value of ``hint``; ``""`` if it is."""
    options = (
        typing.get_args(hint)
        if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union
        else (hint,)
    )
    problems = []
    for option in options:
        if option is type(None):
            if value is None:
                return ""
            problems.append("None")
            continue
        if typing.get_origin(option) is tuple:
            (item, *_rest) = typing.get_args(option) or (object,)
            if type(value) is tuple:
                inner = [_mistyped(v, item, seat, players) for v in value]
                if not any(inner):
                    return ""
            problems.append(
                "a tuple, each " + (_mistyped(object(), item, seat, players) or "a value")
            )
            continue
        if option is int:
            if type(value) is int and (0 <= value < players if seat else 0 <= value <= MAX_COUNT):
                return ""
            problems.append(
                f"a seat from 0 to {players - 1}"
                if seat
                else "a whole number of 0 or more, of at most 18 digits"
            )
            continue
        if isinstance(option, type):
            if isinstance(value, option):
                return ""
            name = option.__name__
            problems.append(("an " if name[0] in "AEIOU" else "a ") + name)
            continue
        return ""  # a type this check cannot judge: the variant's own checks do
    return " or ".join(problems)
