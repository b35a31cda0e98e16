"""What one player may know (``Game.view``).

A [`PlayerView`][trapper_core.PlayerView] is a frozen snapshot built from public facts and the
viewer's own hand. It holds no reference to the game, so no path leads from
it to a face-down tile, another player's hand or the order of the draw pile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

import attrs

from .actions import Action
from .board import Board
from .display import Display, ValuedCanoe
from .interning import interned
from .model import FACE_DOWN, SQUARES, FaceDown, Hand, Square, Tile
from .state import GameState, TokenSupply, Valuation, _squares_of, changed_squares

if TYPE_CHECKING:
    import random

    from .game import Game
    from .plugins import Registry

__all__ = ["FACE_DOWN", "FaceDown", "History", "PlayerView", "make_view"]


class History(Sequence[Action]):
    """The actions of a game up to one moment, oldest first: an immutable
    sequence that compares equal to the tuple of its actions.

    It holds the game's chain of links (each action with the link before
    it), which the game and its copies share and never change: making one
    costs the same at any length of game. The tuple of actions is built the
    first time it is needed (indexing, iterating, comparing).
    """

    __slots__ = ("_actions", "_count", "_last")

    def __init__(self, last: tuple[Any, ...] | None, count: int) -> None:
        self._last = last
        self._count = count
        self._actions: tuple[Action, ...] | None = None

    @classmethod
    def of(cls, actions: Sequence[Action]) -> History:
        """Returns the history of ``actions``, oldest first."""
        last: tuple[Any, ...] | None = None
        for action in actions:
            last = (last, action, None)
        return cls(last, len(actions))

    def _tuple(self) -> tuple[Action, ...]:
        actions = self._actions
        if actions is None:
            out = []
            link = self._last
            while link is not None:
                out.append(link[1])
                link = link[0]
            out.reverse()
            actions = self._actions = tuple(out)
        return actions

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if index == -1 and self._last is not None:  # the last action: no tuple needed
            action: Action = self._last[1]
            return action
        return self._tuple()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._last is other._last or self._tuple() == other._tuple()
        if isinstance(other, tuple):
            return self._tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"History({self._tuple()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (History.of, (self._tuple(),))


@attrs.frozen(slots=False)  # make_view fills the instance's __dict__ at once
class PlayerView:
    """One player's knowledge of a game at one moment.

    A frozen attrs class. The views that [`Game.view`][trapper_core.Game.view]
    makes leave four fields (``trappers``, ``hand``, ``discard``,
    ``history``) to be made the first time they are read, from the public
    facts they come from; a copied or pickled view holds every field."""

    variant: str
    players: tuple[str, ...]
    player: int
    """The seat of the viewer."""
    to_move: int | None
    turn: object
    """The variant's public record of the turn in progress."""
    board: tuple[Tile | FaceDown | None, ...]
    """Per square: the face-up tile, [`FACE_DOWN`][trapper_core.FACE_DOWN], or
    ``None`` if empty."""
    layout: Board
    """The variant's board: the squares in play and the trappers' start."""
    trappers: tuple[Square, Square, Square, Square]
    targets: tuple[tuple[int, ...], ...]
    """Per trapper (in colour order), the square indices whose tile it can take
    next: public, since it follows from the face-up tiles and the rules."""
    displays: tuple[Display, ...]
    hand: Hand
    """The viewer's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    draw_pile_size: int
    discard: Hand
    """The face-up discard pile, counted by colour."""
    out_of_game: int
    """How many cards left the game (with retiring players, in the base
    game); their colours stay secret."""
    supply: TokenSupply
    returned: tuple[tuple[int, ValuedCanoe], ...]
    retired: tuple[bool, ...]
    turns: int
    """How many turns have begun."""
    shuffles: int
    """How many times the discard pile has been reshuffled."""
    history: History
    """Every action played so far, oldest first: all of them happen in the
    open. A [`History`][trapper_core.History], equal to the tuple of the actions, shared with
    the game rather than copied (a view costs the same at any length of game)."""
    legal_actions: tuple[Action, ...]
    """The viewer's legal actions; empty unless the viewer is to move."""
    valuation: tuple[Valuation, ...] | None
    """The end valuation, once the game is over."""
    taken: tuple[Tile | None, ...] = ()
    """Per square, the tile taken from it, ``None`` elsewhere: public, since
    a tile is face up when it is taken."""
    start_trappers: tuple[Square, ...] = ()
    """Where the trappers stood at the start, in colour order."""
    start_player: int = 0
    """The seat that began the game."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.valuation is not None

    @property
    def display(self) -> Display:
        """The viewer's own display."""
        return self.displays[self.player]

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter."""
        from .svg import position

        return position(self)

    def sample(self, rng: random.Random, *, registry: Registry | None = None) -> Game:
        """Returns a complete game, hidden parts drawn by ``rng``, that shows
        this view to its player: see `trapper_core.sampling`.
        ``registry`` is where the variant is looked up (the installed
        variants by default)."""
        from .sampling import sample

        return sample(self, rng, registry=registry)

    def tile_at(self, square: Square) -> Tile | FaceDown | None:
        """Returns what the viewer sees on ``square``."""
        return self.board[square.index]

    def __getstate__(self) -> dict[str, Any]:
        # A pickled or copied view holds its fields, every one made.
        return {field.name: getattr(self, field.name) for field in _FIELDS}


_FIELDS = attrs.fields(PlayerView)


class _Later:
    """A field of [`PlayerView`][trapper_core.PlayerView] that ``make_view``
    leaves to be made the first time it is read, from public facts kept in
    the view's ``_later`` entry: the trappers' squares, the viewer's hand,
    the discard pile and the history. A bot that reads only the legal
    actions never pays for them (6,500 instructions a decision of the
    view() + bot loop, 4 %).

    A non-data descriptor: once made, the value sits in the instance's dict,
    which Python reads first; a view built by ``PlayerView(...)`` has every
    field there and never calls this."""

    __slots__ = ("make", "name")

    def __init__(self, name: str, make: Callable[[tuple[Any, ...]], object]) -> None:
        self.name = name
        self.make = make

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return self
        fields = view.__dict__
        value = fields[self.name] = self.make(fields["_later"])
        return value


# The facts in ``_later``: (trappers' square indices, the viewer's hand's
# counts, the discard pile's counts, the newest history link, its count).
for _later in (
    _Later("trappers", lambda later: _squares_at(later[0])),
    _Later("hand", lambda later: _hand(later[1])),
    _Later("discard", lambda later: _hand(later[2])),
    _Later("history", lambda later: History(later[3], later[4])),
):
    setattr(PlayerView, _later.name, _later)
del _later


def make_view(game: Game, player: int, legal: tuple[Action, ...]) -> PlayerView:
    """Builds ``player``'s view of ``game``."""
    state = game.state
    # A bot asks for a view at every decision: the view's fields are set as
    # one dict rather than through the frozen class's __init__, which sets
    # them one by one (this halves the cost of a view); four fields are
    # made when first read, from the facts in "_later" (``_Later``).
    board, taken = _public_board(game, state)
    targets = state.targets
    if None in targets:  # not every trapper's targets are known yet
        targets = state._all_step_targets()
    setup = game.setup
    view = _new(PlayerView)
    _set(
        view,
        "__dict__",
        {
            "variant": game._rules.variant,
            "players": game.players,
            "player": player,
            "to_move": state.to_move,
            "turn": state.turn,
            "board": board,
            "layout": state.board_squares,
            "_later": (
                state.trappers,
                state.hands[player],
                state.discard,
                game._last,
                game._count,
            ),
            "targets": targets,
            "displays": state.displays,
            # a comprehension costs half of tuple(map(sum, ...)) here
            "hand_sizes": tuple([a + b + c + d for a, b, c, d in state.hands]),
            "draw_pile_size": len(state.pile) - state.drawn,
            "out_of_game": sum(state.out),
            "supply": state.supply,
            "returned": state.returned,
            "retired": state.retired,
            "turns": state.turns,
            "shuffles": len(state.shuffled),
            "legal_actions": legal,
            "valuation": state.valuation,
            "taken": taken,
            "start_trappers": setup.trappers,
            "start_player": setup.start_player,
        },
    )
    return view


def _public_board(
    game: Game, state: GameState
) -> tuple[tuple[Tile | FaceDown | None, ...], tuple[Tile | None, ...]]:
    """The board as the table sees it (face-up tiles, `FACE_DOWN`, ``None``
    for empty squares) and, per square, the tile of the starting board
    taken from it (``None`` elsewhere).

    Every view asks for both, and a decision changes a few squares at most:
    the game keeps its last answers, patched where the board's entries or
    the face-up bits changed. A take turns its square's face-up bit off, so
    the squares whose bits changed are the ones to look at, once one
    comparison of the boards has shown that they agree everywhere else. (Two
    tuples built square by square were about half of a view; patched
    through two helpers with every square compared, a tenth of the view()
    + bot loop's instructions; patched together, a twentieth.)"""
    board, mask = state.board, state.face_up
    start = game.setup.board
    last = game._public
    if last is not None and last[0] is start:
        last_board, last_mask, seen, taken = last[1:]
        if last_board is board and last_mask == mask:
            return seen, taken
        squares = _squares_of(last_mask ^ mask)
        patched = list(last_board)
        for i in squares:
            patched[i] = board[i]
        if tuple(patched) != board:  # a change elsewhere (see changed_squares)
            squares = (*changed_squares(last_board, board), *squares)
        if len(squares) < 16:
            new_seen = list(seen)
            new_taken = list(taken)
            for i in squares:
                tile = board[i]
                if tile is None:
                    new_seen[i] = None
                    new_taken[i] = start[i]
                else:
                    new_seen[i] = tile if mask >> i & 1 else FACE_DOWN
                    new_taken[i] = None
            seen, taken = tuple(new_seen), tuple(new_taken)
            game._public = (start, board, mask, seen, taken)
            return seen, taken
    seen = state.seen_board()
    taken = tuple(tile if now is None else None for tile, now in zip(start, board, strict=True))
    game._public = (start, board, mask, seen, taken)
    return seen, taken


@interned
def _squares_at(indices: tuple[int, ...]) -> tuple[Square, ...]:
    """The squares of the trappers' indices (made once: a view asks at every decision)."""
    return tuple(SQUARES[i] for i in indices)


@interned
def _hand(counts: tuple[int, int, int, int]) -> Hand:
    """The hand of four counts, made once (hands are values; a view holds two)."""
    return Hand(*counts)


_new = object.__new__
_set = object.__setattr__
