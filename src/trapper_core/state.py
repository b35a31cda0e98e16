"""The state of a game in progress, and the mechanics that change it.

:class:`GameState` is what rule hooks receive. Its fields hold immutable
values only (ints, tuples, frozen attrs objects); a mechanic replaces a field,
it never changes a value in place. That makes a snapshot a tuple of
references: ``Game.copy()`` and ``Game.undo()`` cost a few microseconds
whatever the size of the game.
"""

from __future__ import annotations

import functools
import random
from operator import attrgetter
from typing import TYPE_CHECKING

import attrs

from .display import Display, Placement, Row, ValuedCanoe, place
from .errors import IllegalActionError
from .model import (
    COLOURS,
    FACE_DOWN,
    SQUARES,
    Colour,
    Direction,
    FaceDown,
    Species,
    Tile,
    Token,
    TokenKind,
)

if TYPE_CHECKING:
    from .plugins import Rules
    from .setups import Setup

__all__ = ["NEIGHBOURS", "GameState", "TokenSupply", "Valuation"]


def _neighbours(index: int) -> tuple[tuple[int, Direction], ...]:
    """The orthogonal neighbours of a square, each with the side of the
    neighbour's tile that faces back to ``index``."""
    file, rank = index & 7, index >> 3
    out = []
    # In ascending order of index, so that lists built from them need no sort.
    if rank > 0:
        out.append((index - 8, Direction.NORTH))  # the tile to the south
    if file > 0:
        out.append((index - 1, Direction.EAST))  # to the west
    if file < 7:
        out.append((index + 1, Direction.WEST))  # to the east
    if rank < 7:
        out.append((index + 8, Direction.SOUTH))  # to the north
    return tuple(out)


NEIGHBOURS: tuple[tuple[tuple[int, Direction], ...], ...] = tuple(
    _neighbours(i) for i in range(64)
)
"""For every square index, its neighbours as ``(index, side)`` in ascending
order of index: ``side`` is the edge of the neighbour's tile that faces the
square."""


@attrs.frozen
class TokenSupply:
    """The bonus tokens still to be had (R4), numbers in ascending order."""

    canoe: tuple[int, ...] = ()
    species: tuple[int, ...] = ()


@attrs.frozen
class Valuation:
    """A player's end valuation (R32–R34)."""

    open_canoes: int = 0
    """R32: the plain sums at the open canoes that hold a tile."""
    separate: int = 0
    """R33: what the separate tiles (and empty canoes) cost, as a negative number."""
    canoe_bonus: int = 0
    """R34: the ranking money for the most-valuable-canoe tokens held."""
    species_bonus: int = 0
    """R34: the ranking money for the most-animal-species tokens held."""

    @property
    def total(self) -> int:
        """The sum of the four parts."""
        return self.open_canoes + self.separate + self.canoe_bonus + self.species_bonus


_FIELDS = (
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
    "targets",
)


@functools.lru_cache(maxsize=4096)
def _squares_of(mask: int) -> tuple[int, ...]:
    """The squares whose bits are set in ``mask``, ascending (cached: every
    isolated trapper of a position asks for the same face-up squares)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


snapshot = attrgetter(*_FIELDS)
"""Returns a state's fields as a tuple (``GameState.snapshot`` without the call)."""


class GameState:
    """Everything that can change during a game.

    Fields (all immutable values):

    - ``board``: 64 entries, the tile on each square or ``None``.
    - ``face_up``: a bit mask of the squares whose tile is face up (R7).
    - ``tiles_left``: how many tiles are still on the board.
    - ``trappers``: the square index of each trapper, in colour order.
    - ``hands``: per player, the count of cards of each colour.
    - ``pile``: the colours of the draw pile as it was dealt or last
      reshuffled, top first; ``drawn``: how many have been drawn from it
      (:attr:`draw_pile` is what is left). Drawing only counts: the pile is
      shared by every snapshot.
    - ``discard``: the count of each colour on the face-up discard pile.
    - ``out``: the count of each colour that left the game with a retiring
      player (R30).
    - ``displays``: per player, a :class:`~trapper_core.Display`.
    - ``supply``: the bonus tokens still in the supply.
    - ``returned``: ``(player, canoe)`` for every valued canoe returned to the
      box by an exchange (R21).
    - ``to_move``: the player who decides now, or ``None`` once the game is over.
    - ``turn``: the variant's record of the turn in progress (public).
    - ``retired``: per player, whether they have retired.
    - ``turns``: how many turns have begun (the first turn is 1).
    - ``shuffled``: the draw pile made by every reshuffle of the discard pile
      so far (R8), top first: the chance outcomes a record must write.
    - ``valuation``: the end valuation, once the game is over.
    - ``targets``: a cache of step targets, cleared whenever a tile is taken.

    And, fixed for the game: ``rules`` (the resolved hooks), ``players``
    (the number of seats), ``seed`` and ``box`` (the tiles set aside unseen).
    ``forced`` is not state: while ``Game.apply`` replays a record it holds
    the reshuffles the record gives, used instead of the generator.
    """

    __slots__ = ("box", "forced", "players", "rules", "seed", *_FIELDS)

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

    def __init__(self, rules: Rules, players: int, seed: int, box: tuple[Tile, ...]) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.box = box
        self.forced: list[tuple[int, ...]] | None = None

    @classmethod
    def initial(cls, rules: Rules, setup: Setup, players: int, seed: int) -> GameState:
        """Returns the state at the start of a game (R6–R9)."""
        state = cls(rules, players, seed, setup.box)
        state.board = setup.board
        state.tiles_left = sum(t is not None for t in setup.board)
        state.trappers = tuple(s.index for s in setup.trappers)
        state.face_up = 0
        state.targets = (None, None, None, None)
        for square in state.trappers:
            state._reveal_around(square)
        size = rules.hand_size(players)
        deck = setup.deck
        hands = []
        for p in range(players):
            dealt = deck[p * size : (p + 1) * size]
            hands.append(tuple(dealt.count(c) for c in COLOURS))
        state.hands = tuple(hands)  # type: ignore[arg-type]
        state.pile = tuple(int(c) for c in deck[players * size :])
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
        state.turn = rules.new_turn(state)
        return state

    # ------------------------------------------------------------------
    # Snapshots
    # ------------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Returns the fields as a tuple; :meth:`restore` puts them back."""
        fields: tuple[object, ...] = snapshot(self)
        return fields

    def restore(self, snapshot: tuple[object, ...]) -> None:
        """Puts back the fields saved by :meth:`snapshot`."""
        for name, value in zip(_FIELDS, snapshot, strict=True):
            setattr(self, name, value)

    def copy(self) -> GameState:
        """Returns an independent state equal to this one."""
        other = GameState(self.rules, self.players, self.seed, self.box)
        other.restore(self.snapshot())
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.players == other.players
            and self.seed == other.seed
            and self.box == other.box
            # The last field is the step-target cache, which is not state.
            and self.snapshot()[:-1] == other.snapshot()[:-1]
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------
    # Queries
    # ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.valuation is not None

    def step_targets(self, trapper: Colour | int) -> tuple[int, ...]:
        """The squares whose tile ``trapper`` can take next (cached)."""
        cached = self.targets[trapper]
        if cached is None:
            cached = self.rules.step_targets(self, COLOURS[trapper])
            targets = list(self.targets)
            targets[trapper] = cached
            self.targets = tuple(targets)
        return cached

    def seen_board(self) -> tuple[Tile | FaceDown | None, ...]:
        """The board as the table sees it: face-up tiles, :data:`FACE_DOWN`
        for the others, ``None`` for empty squares."""
        mask = self.face_up
        return tuple(
            None if tile is None else tile if mask >> i & 1 else FACE_DOWN
            for i, tile in enumerate(self.board)
        )

    def face_up_squares(self) -> tuple[int, ...]:
        """The indices of the squares holding a face-up tile, ascending."""
        return _squares_of(self.face_up)

    def next_seat(self, player: int) -> int | None:
        """The next player after ``player`` clockwise who has not retired, or
        ``None`` when every player has retired (R9, R30)."""
        n = self.players
        for k in range(1, n + 1):
            seat = (player + k) % n
            if not self.retired[seat]:
                return seat
        return None

    # ------------------------------------------------------------------
    # Mechanics
    # ------------------------------------------------------------------

    def _reveal_around(self, square: int) -> None:
        board = self.board
        mask = self.face_up
        for neighbour, _side in NEIGHBOURS[square]:
            if board[neighbour] is not None:
                mask |= 1 << neighbour
        self.face_up = mask

    def take(self, trapper: Colour | int, square: int) -> Tile:
        """Takes the tile on ``square``, moves ``trapper`` there and reveals its
        new neighbours (R13, R7). Returns the tile."""
        tile = self.board[square]
        if tile is None:
            raise ValueError(f"{SQUARES[square]} holds no tile")
        board = list(self.board)
        board[square] = None
        self.board = tuple(board)
        self.face_up &= ~(1 << square)
        self.tiles_left -= 1
        trappers = list(self.trappers)
        trappers[trapper] = square
        self.trappers = tuple(trappers)
        self._reveal_around(square)
        self.targets = (None, None, None, None)
        return tile

    def pay(self, player: int, colour: Colour | int, count: int) -> None:
        """Moves ``count`` cards of ``colour`` from the hand to the discard pile."""
        hand = list(self.hands[player])
        if hand[colour] < count:
            raise ValueError(f"player {player} holds {hand[colour]} {Colour(colour)}, not {count}")
        hand[colour] -= count
        discard = list(self.discard)
        discard[colour] += count
        self._set_hand(player, hand)
        self.discard = tuple(discard)  # type: ignore[assignment]

    def _set_hand(self, player: int, hand: list[int]) -> None:
        hands = list(self.hands)
        hands[player] = tuple(hand)  # type: ignore[assignment]
        self.hands = tuple(hands)

    def draw(self, player: int, count: int) -> int:
        """Draws ``count`` cards for ``player`` (R8). When the draw pile runs out
        the discard pile is shuffled into a new one; when both are empty the
        draw is cut short (D4). Returns how many cards were drawn."""
        hand = list(self.hands[player])
        got = 0
        while got < count:
            if self.drawn == len(self.pile):
                if not any(self.discard):
                    break
                self._reshuffle()
            hand[self.pile[self.drawn]] += 1
            self.drawn += 1
            got += 1
        self._set_hand(player, hand)
        return got

    @property
    def draw_pile(self) -> tuple[int, ...]:
        """The colours of the face-down draw pile, top first."""
        return self.pile[self.drawn :]

    @property
    def shuffles(self) -> int:
        """How many times the discard pile has been reshuffled."""
        return len(self.shuffled)

    def _reshuffle(self) -> None:
        if self.forced is not None:
            pile = self._forced_pile()
        else:
            cards = [int(c) for c in COLOURS for _ in range(self.discard[c])]
            # Each reshuffle has its own generator, seeded from the game's seed
            # and the reshuffle's number: the same seed gives the same game
            # anywhere, and a snapshot of the state needs no generator state.
            random.Random(f"trapper:{self.seed}:{self.shuffles}").shuffle(cards)
            pile = tuple(cards)
        self.pile = pile
        self.drawn = 0
        self.discard = (0, 0, 0, 0)
        self.shuffled = (*self.shuffled, pile)

    def _forced_pile(self) -> tuple[int, ...]:
        assert self.forced is not None
        if not self.forced:
            raise IllegalActionError(
                "R8: the discard pile is reshuffled here, but the record gives no new order",
                rule="R8",
            )
        pile = tuple(int(c) for c in self.forced.pop(0))
        if tuple(pile.count(c) for c in COLOURS) != self.discard:
            raise IllegalActionError(
                f"R8: the reshuffled pile {''.join(COLOURS[c].letter for c in pile)} is not "
                "the discard pile's cards",
                rule="R8",
            )
        return pile

    def place(self, player: int, tile: Tile, placement: Placement | None) -> Row | None:
        """Places ``tile`` in the player's display (R16–R18) and values a canoe
        it fills (R19, R20). Returns the valued row, if any."""
        display, full = place(self.displays[player], tile, placement)
        if full is not None:
            display = self._value(display, full)
        self._set_display(player, display)
        return full

    def _value(self, display: Display, row: Row) -> Display:
        payout = self.rules.canoe_payout(row)
        tokens = display.tokens
        number = self.rules.canoe_token(payout, self.supply.canoe)
        if number:
            tokens = (*tokens, Token(TokenKind.CANOE, number))
            remaining = tuple(n for n in self.supply.canoe if n != number)
            self.supply = TokenSupply(remaining, self.supply.species)
        return Display(
            display.open,
            (*display.valued, ValuedCanoe(row, payout)),
            display.separate,
            display.money + payout,
            tokens,
        )

    def _set_display(self, player: int, display: Display) -> None:
        displays = list(self.displays)
        displays[player] = display
        self.displays = tuple(displays)

    def exchange(self, player: int, species: tuple[Species, ...]) -> Token:
        """Returns one valued canoe of each of ``species`` to the box — the one
        valued first (D12) — and takes the species token they earn (R21)."""
        number = self.rules.species_token(len(species), self.supply.species)
        if not number:
            raise ValueError(f"D7: no species token at or below {len(species)} is left")
        display = self.displays[player]
        valued = list(display.valued)
        returned = list(self.returned)
        for s in species:
            index = next(i for i, v in enumerate(valued) if v.species is s)
            returned.append((player, valued.pop(index)))
        token = Token(TokenKind.SPECIES, number)
        self.returned = tuple(returned)
        self.supply = TokenSupply(
            self.supply.canoe, tuple(n for n in self.supply.species if n != number)
        )
        self._set_display(
            player,
            Display(
                display.open,
                tuple(valued),
                display.separate,
                display.money,
                (*display.tokens, token),
            ),
        )
        return token

    def retire(self, player: int) -> None:
        """Retires ``player``: their cards leave the game (R30)."""
        hand = self.hands[player]
        self.out = tuple(o + h for o, h in zip(self.out, hand, strict=True))  # type: ignore[assignment]
        self._set_hand(player, [0, 0, 0, 0])
        retired = list(self.retired)
        retired[player] = True
        self.retired = tuple(retired)

    def advance(self) -> None:
        """Passes play to the next player who has not retired and starts their
        turn; sets ``to_move`` to ``None`` when nobody is left."""
        current = self.to_move
        if current is None:
            return
        self.to_move = self.next_seat(current)
        if self.to_move is not None:
            self.turns += 1
            self.turn = self.rules.new_turn(self)
