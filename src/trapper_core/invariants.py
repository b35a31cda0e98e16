"""Checks of what must hold in every position of every variant.

:func:`check_invariants` looks at one position; :func:`check_action` also
tries the position's actions: every text round trip, a rejected action, a
copy, an undo. The property tests and the playout benchmark run them after
every action of whole games, and a plugin author can run them on a variant.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from .actions import Action, EndTurn, Pass, Retire, Step
from .errors import IllegalActionError, TrapperError
from .game import Game
from .model import COLOURS, FACE_DOWN, SQUARES, Colour, Kind, Square, Tile, TokenKind
from .plugins import Rules
from .state import NEIGHBOURS, GameState
from .view import PlayerView

__all__ = ["InvariantError", "check_action", "check_invariants", "check_view"]


class InvariantError(TrapperError, AssertionError):
    """A position that breaks a rule no position may break."""


def _fail(game: Game, message: str) -> InvariantError:
    return InvariantError(f"after {len(game.history)} actions of {game!r}: {message}")


def check_invariants(game: Game) -> None:
    """Raises :class:`InvariantError` unless ``game``'s position is sound:
    every tile and card accounted for, canoes within capacity, forced
    placements made, tokens unique, money equal to the payouts."""
    state = game.state
    _check_tiles(game, state)
    _check_cards(game, state)
    _check_displays(game, state)
    _check_tokens(game, state)
    _check_turn(game, state)


def _check_tiles(game: Game, state: GameState) -> None:
    where: Counter[Tile] = Counter(t for t in state.board if t is not None)
    for display in state.displays:
        where.update(display.tiles())
    for _player, valued in state.returned:
        where.update(valued.row.tiles)
    where.update(state.box)
    if where != Counter(game.setup.tiles()):
        raise _fail(game, "tiles on the board, in displays and in the box differ from the setup")
    on_board = sum(t is not None for t in state.board)
    if on_board != state.tiles_left:
        raise _fail(game, f"tiles_left is {state.tiles_left}, the board holds {on_board}")
    for i in state.face_up_squares():
        if state.board[i] is None:
            raise _fail(game, f"{SQUARES[i]} is marked face up but holds no tile")
    for colour, square in zip(COLOURS, state.trappers, strict=True):
        if state.board[square] is not None:
            raise _fail(game, f"R15: the {colour} trapper stands on a tile at {SQUARES[square]}")
    if len(set(state.trappers)) != 4:
        raise _fail(game, "R15: two trappers share a square")


def _check_cards(game: Game, state: GameState) -> None:
    count = [0, 0, 0, 0]
    for hand in state.hands:
        for c in COLOURS:
            if hand[c] < 0:
                raise _fail(game, f"a hand holds {hand[c]} {c} cards")
            count[c] += hand[c]
    for card in state.draw_pile:
        count[card] += 1
    for c in COLOURS:
        count[c] += state.discard[c] + state.out[c]
    expected = Counter(game.setup.deck)
    if any(count[c] != expected[c] for c in COLOURS):
        raise _fail(game, f"cards by colour are {count}, the deck has {expected}")
    for player, retired in enumerate(state.retired):
        if retired and any(state.hands[player]):
            raise _fail(game, f"R30: retired player {player} still holds cards")


def _check_displays(game: Game, state: GameState) -> None:
    rules: Rules = game.rules
    for player, display in enumerate(state.displays):
        species_open = set()
        herb_room = mushroom_room = False
        for row in display.open:
            if row.canoe.kind is not Kind.CANOE or len(row.animals) >= row.capacity:
                raise _fail(game, f"R18: player {player}'s open row {row} is full or no canoe")
            if any(t.kind is not Kind.ANIMAL or t.species is not row.species for t in row.animals):
                raise _fail(game, f"R16: player {player}'s row {row} holds a wrong animal")
            if (row.herb and row.herb.kind is not Kind.HERB) or (
                row.mushroom and row.mushroom.kind is not Kind.MUSHROOM
            ):
                raise _fail(game, f"R18: player {player}'s row {row} is badly made")
            species_open.add(row.species)
            herb_room |= row.herb is None
            mushroom_room |= row.mushroom is None
        for tile in display.separate:
            fits = (
                tile.kind is Kind.CANOE
                or (tile.kind is Kind.ANIMAL and tile.species in species_open)
                or (tile.kind is Kind.HERB and herb_room)
                or (tile.kind is Kind.MUSHROOM and mushroom_room)
            )
            if fits:
                raise _fail(
                    game, f"R16: player {player}'s separate {tile.name} fits an open canoe"
                )
        paid = 0
        for valued in display.valued:
            if not valued.row.is_full:
                raise _fail(game, f"R19: player {player} has a valued canoe that is not full")
            if valued.payout != rules.canoe_payout(valued.row):
                raise _fail(game, f"R19: player {player}'s canoe paid {valued.payout}")
            paid += valued.payout
        paid += sum(v.payout for p, v in state.returned if p == player)
        if display.money != paid:
            raise _fail(game, f"player {player} has {display.money} but was paid {paid}")


def _check_tokens(game: Game, state: GameState) -> None:
    initial = game.rules.token_supply()
    held = [t for d in state.displays for t in d.tokens]
    if len(set(held)) != len(held):
        raise _fail(game, "R4: a bonus token is held twice")
    canoe = [t.number for t in held if t.kind is TokenKind.CANOE] + list(state.supply.canoe)
    species = [t.number for t in held if t.kind is TokenKind.SPECIES] + list(state.supply.species)
    if sorted(canoe) != sorted(initial.canoe) or sorted(species) != sorted(initial.species):
        raise _fail(game, "R4: bonus tokens held and in the supply differ from the tokens dealt")


def _check_turn(game: Game, state: GameState) -> None:
    if state.valuation is None:
        if state.to_move is None or state.retired[state.to_move]:
            raise _fail(game, "the game goes on but nobody (or a retired player) is to move")
    elif state.to_move is not None:
        raise _fail(game, "the game is over but somebody is to move")


def check_view(game: Game, view: PlayerView) -> None:
    """Raises :class:`InvariantError` if ``view`` shows what its player may not
    know, or leads to the game's hidden state."""
    state = game.state
    for i, tile in enumerate(state.board):
        seen = view.board[i]
        if tile is None:
            ok = seen is None
        elif state.face_up >> i & 1:
            ok = seen == tile
        else:
            ok = seen is FACE_DOWN
        if not ok:
            raise _fail(game, f"the view of player {view.player} shows {seen!r} on {SQUARES[i]}")
    if view.hand.counts != state.hands[view.player]:
        raise _fail(game, "a view shows the wrong hand")
    if view.player != state.to_move and view.legal_actions:
        raise _fail(game, "a view lists actions for a player who is not to move")
    for obj in _reachable(view):
        if isinstance(obj, (Game, GameState, Rules)):
            raise _fail(game, f"a view leads to {type(obj).__name__}")


def _reachable(root: object) -> Iterator[object]:
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, (tuple, list, frozenset, set)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif attrs.has(type(obj)):
            stack.extend(getattr(obj, f.name) for f in attrs.fields(type(obj)))
        elif hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())


def check_action(game: Game) -> None:
    """Checks the current position's actions: each text reads back as the
    same action, and a rejected action, a copy and an undo leave the game
    exactly as it was. Leaves ``game`` unchanged."""
    legal = game.legal_actions()
    check = game.rules.check_action
    for action in legal:
        text = game.action_text(action)
        if game.parse_action(text) != action:
            raise _fail(game, f"{text!r} reads back as another action than {action!r}")
        if check(game.state, action) is False:
            raise _fail(game, f"trapper_check_action refuses the legal {action!r}")
    for action in _near_misses(game, legal):
        if check(game.state, action) is True:
            raise _fail(game, f"trapper_check_action accepts the illegal {action!r}")
    if not legal:
        return
    before = game.copy()
    illegal = _an_illegal_step(game)
    if illegal is not None:
        try:
            game.apply(illegal)
        except IllegalActionError:
            pass
        else:
            raise _fail(game, f"{illegal!r} is not listed as legal, but apply took it")
        if game != before:
            raise _fail(game, "a rejected action changed the game")
    copy = game.copy()
    copy.apply(legal[-1])
    if game != before:
        raise _fail(game, "applying an action to a copy changed the original")
    game.apply(legal[0])
    undone = game.undo()
    if undone != legal[0] or game != before:
        raise _fail(game, f"undo after {legal[0]!r} did not restore the game")


_PLAIN_STEPS: dict[tuple[int, int, int], Step] = {}


def _plain_step(trapper: Colour, square: int, payment: Colour) -> Step:
    key = (trapper, square, payment)
    step = _PLAIN_STEPS.get(key)
    if step is None:
        step = _PLAIN_STEPS[key] = Step(trapper, SQUARES[square], payment)
    return step


def _near_misses(game: Game, legal: tuple[Action, ...]) -> list[Action]:
    """Actions that are not legal but look like legal ones: the same kind with
    one field changed, and every plain step of every trapper onto a square
    next to a trapper or holding a face-up tile."""
    state = game.state
    listed = set(legal)
    squares = set(state.face_up_squares()) | set(state.trappers)
    for trapper_square in state.trappers:
        squares.update(n for n, _ in NEIGHBOURS[trapper_square])
    out: list[Action] = [
        step
        for colour in COLOURS
        for square in sorted(squares)
        for payment in COLOURS
        if (step := _plain_step(colour, square, payment)) not in listed
    ]
    for action in legal:
        if attrs.has(type(action)):
            for field in attrs.fields(type(action)):
                value = getattr(action, field.name)
                for other in _neighbours_of(value):
                    try:
                        changed = attrs.evolve(action, **{field.name: other})
                    except (TypeError, ValueError):
                        continue
                    if changed not in listed:
                        out.append(changed)
    for kind in (Pass, EndTurn, Retire):
        if kind() not in listed:
            out.append(kind())
    return out


def _neighbours_of(value: object) -> list[object]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Colour):
        return [c for c in COLOURS if c is not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    if isinstance(value, Square):
        return [SQUARES[(value.index + d) % 64] for d in (1, 8, 9)]
    if value is None:
        return []
    return [None]


def _an_illegal_step(game: Game) -> Action | None:
    legal = set(game.legal_actions())
    for colour in COLOURS:
        for square in SQUARES:
            step = Step(colour, square, colour)
            if step not in legal:
                return step
    return None
