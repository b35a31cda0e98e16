"""The state of a game in progress.

[`GameState`][trapper_core.GameState] is what rule hooks receive. Its fields hold immutable
values only (ints, tuples, frozen attrs objects); a rule replaces a field, it
never changes a value in place. That makes a snapshot a tuple of references:
``Game.copy()`` and ``Game.undo()`` cost a few microseconds whatever the size
of the game. The state knows no rule: what changes it, and how, is the
variant's (the base game's mechanics are in ``trapper_base.mechanics``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from itertools import chain, compress, pairwise, repeat
from operator import getitem, index, is_not
from typing import TYPE_CHECKING, Any

import attrs

from .display import Display, ValuedCanoe
from .errors import IllegalActionError, PluginError, SetupError, shown
from .interning import interned
from .model import COLOURS, FACE_DOWN, Colour, FaceDown, Tile

if TYPE_CHECKING:
    from .board import Board
    from .plugins import Rules
    from .setups import Setup

__all__ = ["GameState", "TokenSupply", "Valuation"]


@attrs.frozen
class TokenSupply:
    """The bonus tokens still to be had, numbers in ascending order.

    Each number stands for one token, so none is there twice: a token
    earned is taken out by its number. A game is refused a supply that is
    not so (`SetupError` from [`game_at`][trapper_core.game_at],
    `PluginError` from a variant's ``trapper_token_supply``).
    """

    canoe: tuple[int, ...] = ()
    species: tuple[int, ...] = ()


def supply_problem(supply: TokenSupply) -> str | None:
    """What keeps ``supply`` from being a game's bonus tokens, or ``None``:
    each part must be a tuple of whole numbers, ascending, none twice."""
    for name, part in (("canoe", supply.canoe), ("species", supply.species)):
        if type(part) is not tuple or not all(type(n) is int for n in part):
            return f"its {name} tokens are a tuple of whole numbers, not {shown(part)}"
        if any(a >= b for a, b in pairwise(part)):
            return (
                f"its {name} tokens are numbers in ascending order, none twice"
                f" (one token a number), not {shown(part)}"
            )
    return None


def _parts(parts: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    if isinstance(parts, str | bytes) or not isinstance(parts, Iterable):
        raise SetupError(f"a valuation's parts are (name, money) pairs, not {shown(parts)}")
    out = []
    for part in parts:
        if not isinstance(part, tuple | list) or len(part) != 2:
            raise SetupError(f"a valuation's part is a (name, money) pair, not {shown(part)}")
        name, value = part
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"a valuation's money is a whole number, not {shown(value)}")
        out.append((str(name), int(value)))
    return tuple(out)


@attrs.frozen
class Valuation:
    """A player's end valuation: named parts, each a sum of money.

    The variant names the parts (``trapper_final_valuation``); the base game's
    are ``open canoes``, ``separate``, ``canoe bonus`` and ``species bonus``.
    Parts that are no ``(name, whole number)`` pairs raise
    [`SetupError`][trapper_core.SetupError].

    Examples:
        >>> v = Valuation((("open canoes", 7), ("separate", -3)))
        >>> v.total, v["separate"]
        (4, -3)
    """

    parts: tuple[tuple[str, int], ...] = attrs.field(converter=_parts)

    @property
    def total(self) -> int:
        """The sum of the parts."""
        return sum(value for _name, value in self.parts)

    def __getitem__(self, name: str) -> int:
        for part, value in self.parts:
            if part == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        return ", ".join(f"{name} {value}" for name, value in self.parts)


NO_TARGETS: tuple[None, None, None, None] = (None, None, None, None)
"""The step-target cache with nothing in it."""

FIELDS = (  # the order of a snapshot's values: every field but the step-target cache
    "board",
    "face_up",
    "tiles_left",
    "trappers",
    "hands",
    "pile",
    "drawn",
    "discard",
    "out",
    "displays",
    "supply",
    "returned",
    "to_move",
    "turn",
    "retired",
    "turns",
    "shuffled",
    "valuation",
)


def changed_squares(before: tuple[Tile | None, ...], after: tuple[Tile | None, ...]) -> list[int]:
    """The square indices whose entries differ between two boards, by
    identity (a C loop)."""
    return [*compress(_INDICES, map(is_not, before, after))]


@interned
def _squares_of(mask: int) -> tuple[int, ...]:
    """The squares whose bits are set in ``mask``, ascending (cached: every
    isolated trapper of a position asks for the same face-up squares)."""
    if mask.bit_count() > 6:
        # The face-up squares, a new mask at most decisions: the squares of
        # each of its eight bytes from a table, joined by C loops (a fifth
        # of the loop below at 40 bits; 1,700 fewer instructions a decision
        # of a random base playout, 2,000 of the view() + bot loop).
        return tuple(chain.from_iterable(map(getitem, _BYTE_SQUARES, mask.to_bytes(8, "little"))))
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


# Per byte of a mask (the squares 8k to 8k + 7), per value of the byte, its squares.
_BYTE_SQUARES = tuple(
    tuple(tuple(8 * k + b for b in range(8) if value >> b & 1) for value in range(256))
    for k in range(8)
)


_INDICES = range(64)


def _bad_targets(state: GameState, trapper: int, answer: object) -> PluginError:
    """The error for an answer of ``trapper_step_targets`` that is no tuple
    of square indices in ascending order (``trapper_base`` raises it too)."""
    return PluginError(
        f"variant {state.rules.variant!r}: trapper_step_targets(state, {COLOURS[trapper]}) "
        f"returned {shown(answer, 60)}, not a tuple of square indices (0-63), ascending"
    )


def _write_restore() -> Callable[[GameState, tuple[object, ...]], None]:
    # One unpacking assignment to every field, written out from FIELDS: undo
    # and copy() restore a snapshot, and a loop of setattr costs twice as much.
    namespace: dict[str, object] = {}
    targets = ", ".join(f"state.{name}" for name in FIELDS)
    exec(
        f"def restore(state, snapshot):\n    {targets} = snapshot\n"
        "    state.targets = NO_TARGETS\n",
        {"NO_TARGETS": NO_TARGETS},
        namespace,
    )
    return namespace["restore"]  # type: ignore[return-value]


def _write_snapshot() -> Callable[[GameState], tuple[object, ...]]:
    # One tuple display of every field, written out from FIELDS: every apply
    # takes a snapshot, and the interpreter's specialised slot reads cost
    # half of attrgetter's generic lookups (2,400 instructions a snapshot
    # where attrgetter takes 4,600, under cachegrind).
    namespace: dict[str, object] = {}
    sources = ", ".join(f"state.{name}" for name in FIELDS)
    exec(f"def snapshot(state):\n    return ({sources},)\n", namespace)
    return namespace["snapshot"]  # type: ignore[return-value]


snapshot = _write_snapshot()
"""Returns a state's fields as a tuple (``GameState.snapshot`` without the call)."""


class GameState:
    """Everything that can change during a game.

    Fields (all immutable values):

    - ``board``: 64 entries, one per square of the grid (``SQUARES``), the
      tile on it or ``None``.
    - ``face_up``: a bit mask of the squares whose tile is face up.
    - ``tiles_left``: how many tiles are still on the board.
    - ``trappers``: the square index of each trapper, in colour order.
    - ``hands``: per player, the count of cards of each colour.
    - ``pile``: the colours of the draw pile as it was dealt or last
      reshuffled, top first; ``drawn``: how many have been drawn from it
      ([`draw_pile`][trapper_core.GameState.draw_pile] is what is left).
      Drawing only counts: the pile is shared by every snapshot.
    - ``discard``: the count of each colour on the face-up discard pile.
    - ``out``: the count of each colour that left the game (with a player
      who retired, in the base game).
    - ``displays``: per player, a [`Display`][trapper_core.Display].
    - ``supply``: the bonus tokens still in the supply.
    - ``returned``: ``(player, canoe)`` for every valued canoe that left the
      game (returned to the box by an exchange, in the base game).
    - ``to_move``: the player who decides now, or ``None`` once the game is over.
    - ``turn``: the variant's record of the turn in progress (public).
    - ``retired``: per player, whether they have retired.
    - ``turns``: how many turns have begun (the first turn is 1).
    - ``shuffled``: the pile made by every
      [`shuffle`][trapper_core.GameState.shuffle] so far, top first:
      the chance outcomes a record must write.
    - ``valuation``: the end valuation, once the game is over.
    - ``targets``: a cache of step targets, not state and not in snapshots:
      [`remove_tile`][trapper_core.GameState.remove_tile],
      [`turn_up`][trapper_core.GameState.turn_up],
      [`set_trapper`][trapper_core.GameState.set_trapper] and
      [`restore`][trapper_core.GameState.restore] clear it (the base game's take
      keeps what still holds); a rule that changes ``board``, ``face_up`` or
      ``trappers`` itself sets it to ``(None, None, None, None)``.

    And, fixed for the game: ``rules`` (the resolved hooks), ``players``
    (the number of seats), ``seed``, ``board_squares`` (the variant's
    [`Board`][trapper_core.Board]) and ``box`` (the tiles set aside unseen).
    ``forced`` is not state: while ``Game.apply`` replays a record it holds
    the shuffles the record gives, used instead of the generator.
    """

    __slots__ = (
        "board_squares",
        "box",
        "forced",
        "players",
        "rules",
        "seed",
        "targets",
        *FIELDS,
    )

    board: tuple[Tile | None, ...]
    face_up: int
    tiles_left: int
    trappers: tuple[int, ...]
    hands: tuple[tuple[int, int, int, int], ...]
    pile: tuple[int, ...]
    drawn: int
    discard: tuple[int, int, int, int]
    out: tuple[int, int, int, int]
    displays: tuple[Display, ...]
    supply: TokenSupply
    returned: tuple[tuple[int, ValuedCanoe], ...]
    to_move: int | None
    turn: object
    retired: tuple[bool, ...]
    turns: int
    shuffled: tuple[tuple[int, ...], ...]
    valuation: tuple[Valuation, ...] | None
    targets: tuple[tuple[int, ...] | None, ...]

    def __init__(
        self, rules: Rules, players: int, seed: int, box: tuple[Tile, ...], board: Board
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.box = box
        self.board_squares = board
        self.forced: list[tuple[int, ...]] | None = None

    @classmethod
    def initial(cls, rules: Rules, setup: Setup, players: int, seed: int) -> GameState:
        """Returns the state at the start of a game: the setup's board and
        trappers, empty hands and displays, the variant's token supply; then
        the variant deals and lays out the start (``trapper_start``) and
        begins the first turn (``trapper_new_turn``)."""
        state = cls(rules, players, seed, setup.box, rules.board())
        state.board = setup.board
        state.tiles_left = sum(map(is_not, setup.board, repeat(None)))  # a C loop
        state.trappers = tuple(s.index for s in setup.trappers)
        state.face_up = 0
        state.targets = NO_TARGETS
        state.hands = ((0, 0, 0, 0),) * players
        state.pile = tuple(map(index, setup.deck))  # the colours as ints, by a C call each
        state.drawn = 0
        state.discard = (0, 0, 0, 0)
        state.out = (0, 0, 0, 0)
        state.displays = (Display(),) * players
        state.supply = rules.token_supply()
        state.returned = ()
        state.retired = (False,) * players
        state.turns = 1
        state.shuffled = ()
        state.valuation = None
        state.to_move = setup.start_player
        state.turn = None  # no turn came before: what trapper_new_turn is told below
        started = rules.start(state, setup)
        if started is not True:  # asked once a game: the deal was made, or the hook is broken
            raise PluginError(
                f"variant {rules.variant!r}: trapper_start(state, setup) returned "
                f"{shown(started, 60)}, not True (the start is made: no hook under it is asked)"
            )
        state.turn = rules.new_turn(state)
        return state

    # ------------------------------------------------------------------
    # Snapshots
    # ------------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Returns the fields as a tuple;
        [`restore`][trapper_core.GameState.restore] puts them back.

        The step-target cache is left out: it is not state, and a game keeps
        snapshots for undo (the targets they would hold are a tenth of a
        stored game's memory)."""
        fields: tuple[object, ...] = snapshot(self)
        return fields

    def restore(self, snapshot: tuple[object, ...]) -> None:
        """Puts back the fields saved by
        [`snapshot`][trapper_core.GameState.snapshot], and empties the
        step-target cache (``targets``)."""
        _restore(self, snapshot)

    def copy(self) -> GameState:
        """Returns an independent state equal to this one."""
        return _copy(self)

    def __copy__(self) -> GameState:
        return _copy(self)

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        # Every field holds immutable values, and the rules are shared by
        # every game of the variant: the copy is as deep as it needs.
        return _copy(self)

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError(
            "a GameState is not pickled alone: its rules are the variant's plugins; "
            "pickle the Game it belongs to (game.state is its state)"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.players == other.players
            and self.seed == other.seed
            and self.box == other.box
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------
    # Queries
    # ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.valuation is not None

    @property
    def seat(self) -> int:
        """The seat of the player to move, for rules (which never run once the
        game is over); ``to_move`` is the same, or ``None`` after the end."""
        seat = self.to_move
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        return seat

    def step_targets(self, trapper: Colour | int) -> tuple[int, ...]:
        """The squares whose tile ``trapper`` can take next (cached)."""
        cached = self.targets[trapper]
        if cached is None:
            cached = self.rules.step_targets(self, COLOURS[trapper])
            # Only the type is checked here: targets are computed in most
            # decisions (a check of the first and last index would cost 660
            # instructions a decision of a random base game, of 97,000). The
            # base game's listing checks the indices when it fails on one.
            if not isinstance(cached, tuple):
                raise _bad_targets(self, trapper, cached)
            targets = list(self.targets)
            targets[trapper] = cached
            self.targets = tuple(targets)
        return cached

    def _all_step_targets(self) -> tuple[tuple[int, ...], ...]:
        # Every trapper's step targets, those not cached computed and cached
        # in one go (a view shows them all: one new tuple rather than one a
        # trapper).
        step_targets = self.rules.step_targets
        found = list(self.targets)
        for trapper, cached in enumerate(found):
            if cached is None:
                answer = step_targets(self, COLOURS[trapper])
                if not isinstance(answer, tuple):
                    raise _bad_targets(self, trapper, answer)
                found[trapper] = answer
        targets: tuple[tuple[int, ...], ...] = tuple(found)  # type: ignore[arg-type]
        self.targets = targets
        return targets

    def seen_board(self) -> tuple[Tile | FaceDown | None, ...]:
        """The board as the table sees it: face-up tiles, [`FACE_DOWN`][trapper_core.FACE_DOWN]
        for the others, ``None`` for empty squares."""
        mask = self.face_up
        return tuple(
            None if tile is None else tile if mask >> i & 1 else FACE_DOWN
            for i, tile in enumerate(self.board)
        )

    def face_up_squares(self) -> tuple[int, ...]:
        """The indices of the squares holding a face-up tile, ascending."""
        return _squares_of(self.face_up)

    @property
    def draw_pile(self) -> tuple[int, ...]:
        """The colours of the face-down draw pile, top first."""
        return self.pile[self.drawn :]

    @property
    def shuffles(self) -> int:
        """How many shuffles chance has made so far
        ([`shuffle`][trapper_core.GameState.shuffle])."""
        return len(self.shuffled)

    # ------------------------------------------------------------------
    # Changing the state: rules call these, never change values in place
    # ------------------------------------------------------------------

    def set_hand(self, player: int, hand: Iterable[int]) -> None:
        """Replaces ``player``'s hand (four counts, in colour order)."""
        hands = list(self.hands)
        hands[player] = tuple(hand)  # type: ignore[assignment]
        self.hands = tuple(hands)

    def set_display(self, player: int, display: Display) -> None:
        """Replaces ``player``'s display."""
        displays = list(self.displays)
        displays[player] = display
        self.displays = tuple(displays)

    def set_trapper(self, trapper: Colour | int, square: int) -> None:
        """Moves ``trapper`` to the square index ``square``; every step
        target is recomputed."""
        trappers = list(self.trappers)
        trappers[trapper] = square
        self.trappers = tuple(trappers)
        self.targets = NO_TARGETS

    def turn_up(self, square: int) -> None:
        """Turns the tile on the square index ``square`` face up; every step
        target is recomputed (a tile turned up may be a new target)."""
        if self.board[square] is None:
            raise ValueError(f"square {square} holds no tile")
        if not self.face_up >> square & 1:
            self.face_up |= 1 << square
            self.targets = NO_TARGETS

    def remove_tile(self, square: int) -> Tile:
        """Takes the tile off the square index ``square`` and returns it; the
        square is no longer face up and every step target is recomputed."""
        tile = self.board[square]
        if tile is None:
            raise ValueError(f"square {square} holds no tile")
        board = list(self.board)
        board[square] = None
        self.board = tuple(board)
        self.face_up &= ~(1 << square)
        self.tiles_left -= 1
        self.targets = NO_TARGETS
        return tile

    def shuffle(
        self, cards: Iterable[int], *, rule: str | None = None, what: str = "the cards"
    ) -> tuple[int, ...]:
        """Returns ``cards`` (colour indices) in a new order chosen by chance,
        and records it in ``shuffled``.

        Each shuffle has its own generator, seeded from the game's seed and the
        shuffle's number: the same seed gives the same game anywhere, and a
        snapshot of the state needs no generator state. While a record is
        replayed, the record's order is used instead and must hold the same
        cards; its errors cite ``rule`` and call the cards ``what``.
        """
        cards = [int(c) for c in cards]
        if self.forced is not None:
            pile = self._forced_pile(cards, rule, what)
        else:
            random.Random(f"trapper:{self.seed}:{self.shuffles}").shuffle(cards)
            pile = tuple(cards)
        self.shuffled = (*self.shuffled, pile)
        return pile

    def _forced_pile(self, cards: list[int], rule: str | None, what: str) -> tuple[int, ...]:
        assert self.forced is not None
        where = f"{rule}: " if rule else ""
        if not self.forced:
            raise IllegalActionError(
                f"{where}{what} is shuffled here, but no order is given for this shuffle",
                rule=rule,
            )
        pile = tuple(int(c) for c in self.forced.pop(0))
        if sorted(pile) != sorted(cards):
            letters = "".join(COLOURS[c].letter for c in pile[:64])
            if len(pile) > 64:  # a long pile is shown in part
                letters += f"… ({len(pile):,} cards)"
            raise IllegalActionError(
                f"{where}the shuffled pile {letters} is not {what}",
                rule=rule,
            )
        return pile


_restore = _write_restore()
restore = _restore
"""Puts a snapshot's fields back (``GameState.restore`` without the call)."""


def _write_copy() -> Callable[[GameState], GameState]:
    # A new state from every slot of another in one unpacking assignment,
    # written out from the slots: copy() is what a search does per node, and
    # this costs a third of calling __init__ and then restore().
    namespace: dict[str, object] = {"new": object.__new__, "GameState": GameState}
    names = [name for name in GameState.__slots__ if name != "forced"]
    targets = ", ".join(f"other.{name}" for name in names)
    sources = ", ".join(f"state.{name}" for name in names)
    exec(
        "def copy(state):\n"
        "    other = new(GameState)\n"
        f"    {targets} = {sources}\n"
        "    other.forced = None\n"
        "    return other\n",
        namespace,
    )
    return namespace["copy"]  # type: ignore[return-value]


_copy = _write_copy()
