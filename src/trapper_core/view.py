"""What one player may know (``Game.view``).

A :class:`PlayerView` is a frozen snapshot built from public facts and the
viewer's own hand. It holds no reference to the game, so no path leads from
it to a face-down tile, another player's hand or the order of the draw pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .actions import Action
from .board import Board
from .display import Display, ValuedCanoe
from .model import COLOURS, FACE_DOWN, SQUARES, FaceDown, Hand, Square, Tile
from .state import TokenSupply, Valuation

if TYPE_CHECKING:
    import random

    from .game import Game
    from .plugins import Registry

__all__ = ["FACE_DOWN", "FaceDown", "PlayerView", "make_view"]


@attrs.frozen
class PlayerView:
    """One player's knowledge of a game at one moment."""

    variant: str
    players: tuple[str, ...]
    player: int
    """The seat of the viewer."""
    to_move: int | None
    turn: object
    """The variant's public record of the turn in progress."""
    board: tuple[Tile | FaceDown | None, ...]
    """Per square: the face-up tile, :data:`FACE_DOWN`, or ``None`` if empty."""
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
    history: tuple[Action, ...]
    """Every action played so far: all of them happen in the open."""
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
        this view to its player: see :mod:`trapper_core.sampling`.
        ``registry`` is where the variant is looked up (the installed
        variants by default)."""
        from .sampling import sample

        return sample(self, rng, registry=registry)

    def tile_at(self, square: Square) -> Tile | FaceDown | None:
        """Returns what the viewer sees on ``square``."""
        return self.board[square.index]


def make_view(game: Game, player: int, legal: tuple[Action, ...]) -> PlayerView:
    """Builds ``player``'s view of ``game``."""
    state = game.state
    board = state.seen_board()
    trappers = tuple(SQUARES[s] for s in state.trappers)
    return PlayerView(
        variant=game.variant,
        players=game.players,
        player=player,
        to_move=state.to_move,
        turn=state.turn,
        board=board,
        layout=state.board_squares,
        trappers=trappers,  # type: ignore[arg-type]
        targets=tuple(state.step_targets(c) for c in COLOURS),
        displays=state.displays,
        hand=Hand(*state.hands[player]),
        hand_sizes=tuple(sum(h) for h in state.hands),
        draw_pile_size=len(state.pile) - state.drawn,
        discard=Hand(*state.discard),
        out_of_game=sum(state.out),
        supply=state.supply,
        returned=state.returned,
        retired=state.retired,
        turns=state.turns,
        shuffles=state.shuffles,
        history=game.history,
        legal_actions=legal,
        valuation=state.valuation,
        taken=tuple(tile if board[i] is None else None for i, tile in enumerate(game.setup.board)),
        start_trappers=game.setup.trappers,
        start_player=game.setup.start_player,
    )
