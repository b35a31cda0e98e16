"""An independent referee for Trapper's base game and children's variant.

Written from the rules specification (RULES.md: R1–R37, D1–D8) and the
project's decisions (docs/rules.md: D12–D15) only, never from the engine's rule
code. It keeps a state of its own in plain values, lists the legal actions of
a position as their notation texts (docs/notation.md, docs/playing.md) and
plays them out. The only thing it takes from outside is chance: the starting
position (layout, deal, pile order) and the order of each reshuffled discard
pile, given by a callback and checked to be the discard pile it replaces.

Names used throughout: squares are indices 0–63, ``file + 8 * rank`` (a1 is
0, h8 is 63); colours are indices into ``COLOURS`` (B, E, G, P: blue, beige,
green, purple), which is also the order of the trappers; species are the
letters of ``SPECIES``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product

COLOURS = "BEGP"
SPECIES = "KLMBWS"
FILES = "abcdefgh"

# The direction from a trapper to its neighbour: (file step, rank step).
DIRECTIONS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}

CANOE_TOKENS = tuple(range(16, 37, 2))  # R4: 16, 18, …, 36
SPECIES_TOKENS = (1, 2, 3, 4, 5, 6)  # R4
BONUS_PAYOUTS = (12, 8, 5, 3, 2)  # R34: 1st to 5th highest token of a kind
HAND_SIZE = 6  # R8
DRAW = 2  # R10, R11

ANIMAL, CANOE, HERB, MUSHROOM = "animal", "canoe", "herb", "mushroom"


def square_name(square: int) -> str:
    return f"{FILES[square % 8]}{square // 8 + 1}"


def neighbours(square: int) -> list[tuple[str, int]]:
    """The orthogonal neighbours on the 8 × 8 board, with their direction."""
    file, rank = square % 8, square // 8
    out = []
    for direction, (df, dr) in DIRECTIONS.items():
        f, r = file + df, rank + dr
        if 0 <= f < 8 and 0 <= r < 8:
            out.append((direction, f + 8 * r))
    return out


@dataclass(frozen=True)
class Tile:
    """A loot tile (R1, R2): a canoe's value is its capacity."""

    kind: str
    species: str | None
    value: int
    water: str

    @classmethod
    def from_code(cls, code: str) -> Tile:
        """Reads a tile code: ``B3n``, ``CB2e``, ``H4s``, ``F1w``."""
        face, water = code[:-1], code[-1]
        assert water in OPPOSITE, code
        if face[0] == "C":
            return cls(CANOE, face[1], int(face[2:]), water)
        if face[0] == "H":
            return cls(HERB, None, int(face[1:]), water)
        if face[0] == "F":
            return cls(MUSHROOM, None, int(face[1:]), water)
        assert face[0] in SPECIES, code
        return cls(ANIMAL, face[0], int(face[1:]), water)

    @property
    def face(self) -> str:
        """The tile without its water edge: identical faces are one tile once taken (D15)."""
        if self.kind == CANOE:
            return f"C{self.species}{self.value}"
        if self.kind == HERB:
            return f"H{self.value}"
        if self.kind == MUSHROOM:
            return f"F{self.value}"
        return f"{self.species}{self.value}"

    @property
    def code(self) -> str:
        return self.face + self.water


@dataclass
class Row:
    """A canoe in a display with what lies at it (R16–R18)."""

    canoe: Tile
    animals: list[Tile] = field(default_factory=list)
    herb: Tile | None = None
    mushroom: Tile | None = None

    @property
    def species(self) -> str:
        assert self.canoe.species is not None
        return self.canoe.species

    @property
    def full(self) -> bool:
        return len(self.animals) == self.canoe.value

    @property
    def empty(self) -> bool:
        return not self.animals and self.herb is None and self.mushroom is None

    @property
    def plain_value(self) -> int:
        """R32: the sum of what lies at the canoe; the canoe counts nothing."""
        extra = [t for t in (self.herb, self.mushroom) if t is not None]
        return sum(t.value for t in [*self.animals, *extra])

    def canonical(self) -> tuple[str, tuple[str, ...], str, str]:
        return (
            self.canoe.face,
            tuple(sorted(t.face for t in self.animals)),
            self.herb.face if self.herb else "",
            self.mushroom.face if self.mushroom else "",
        )


@dataclass
class Display:
    """R16: open canoes, valued canoes (with their payouts, in the order
    valued), separate tiles, money and tokens (``("canoe" | "species", n)``)."""

    open: list[Row] = field(default_factory=list)
    valued: list[tuple[Row, int]] = field(default_factory=list)
    separate: list[Tile] = field(default_factory=list)
    money: int = 0
    tokens: list[tuple[str, int]] = field(default_factory=list)


# ---------------------------------------------------------------------------
# Actions, each with its notation text.


@dataclass(frozen=True)
class IntoCanoe:
    """D6: the taken animal, herb or mushroom goes to this open canoe."""

    species: str
    capacity: int

    def text(self) -> str:
        return f">C{self.species}{self.capacity}"


@dataclass(frozen=True)
class Gather:
    """D6, D15: the taken canoe gathers this herb, mushroom and these animals."""

    herb: int | None
    mushroom: int | None
    animals: tuple[int, ...]

    def text(self, species: str) -> str:
        parts = [] if self.herb is None else [f"H{self.herb}"]
        parts += [] if self.mushroom is None else [f"F{self.mushroom}"]
        parts += [f"{species}{v}" for v in self.animals]
        return "<" + "+".join(parts)


@dataclass(frozen=True)
class Step:
    """R13: pay for trapper ``trapper`` with ``payment``, take ``square``."""

    trapper: int
    square: int
    payment: int
    placement: IntoCanoe | Gather | None


@dataclass(frozen=True)
class Exchange:
    """R21: valued canoes of these species (in SPECIES order) for a token."""

    species: tuple[str, ...]


@dataclass(frozen=True)
class Simple:
    """``pass`` (R10), ``end`` (R11) or ``retire`` (R12)."""

    name: str


Action = Step | Exchange | Simple

Shuffler = Callable[[tuple[int, int, int, int]], Sequence[int]]
"""Given the discard pile's counts by colour, the new draw pile, top first."""


class RefereeError(AssertionError):
    """The referee was asked something the rules do not allow."""


# ---------------------------------------------------------------------------
# The state and the rules.


class Referee:
    """One game of the base game (``water`` and ``bonuses`` on) or of the
    children's variant (both off: R36, R37).

    A variant with another turn subclasses it (``tactical.TacticalReferee``)
    and keeps the board, the cards, the displays and the end from here."""

    VARIANTS: tuple[str, ...] = ("base", "children")
    HAND_SIZE = HAND_SIZE  # R8

    def __init__(
        self,
        *,
        variant: str,
        board: Sequence[str | None],
        trappers: Sequence[int],
        hands: Sequence[Sequence[int]],
        pile: Sequence[int],
        shuffler: Shuffler,
        start_player: int = 0,
    ) -> None:
        assert variant in self.VARIANTS, variant
        self.variant = variant
        self.water = variant != "children"  # R37
        self.bonuses = variant != "children"  # R36
        players = len(hands)
        assert 2 <= players <= 4  # R9
        assert len(board) == 64
        assert len(trappers) == 4
        self.board: list[Tile | None] = [None if c is None else Tile.from_code(c) for c in board]
        self.trappers = list(trappers)
        for square in self.trappers:  # R6, R15: trappers stand on empty squares
            assert self.board[square] is None
        self.face_up: set[int] = set()
        for square in self.trappers:
            self._reveal(square)  # R7
        self.hands = [list(h) for h in hands]
        assert all(sum(h) == self.HAND_SIZE for h in self.hands), hands  # R8, R40
        self.pile = list(pile)
        self.discard = [0, 0, 0, 0]
        self.out = [0, 0, 0, 0]
        self.shuffler = shuffler
        self.shuffles: list[tuple[int, ...]] = []
        self.displays = [Display() for _ in range(players)]
        self.canoe_supply = list(CANOE_TOKENS) if self.bonuses else []
        self.species_supply = list(SPECIES_TOKENS) if self.bonuses else []
        self.returned: list[tuple[int, Row]] = []
        self.retired = [False] * players
        self.to_move: int | None = start_player
        self.turns = 1
        self.hunter: int | None = None  # the trapper chosen for this turn (R11)
        self.exchanged = False  # R21: once per turn
        self.valuation: list[dict[str, int]] | None = None
        self.events: Counter[str] = Counter()  # what the game went through, for coverage
        self._start_turn_record(start_player)
        self._check_end()  # D8: a setup may leave no tile to take

    def _start_turn_record(self, start_player: int) -> None:
        """Sets up the variant's own record of the first turn (the base
        game's, ``hunter`` and ``exchanged``, is set above)."""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.to_move is None

    def turn_record(self) -> tuple[object, ...]:
        """The turn in progress, as the engine's turn record holds it."""
        return (self.hunter, self.exchanged)

    # -- the board --------------------------------------------------------

    def _reveal(self, square: int) -> None:
        """R7: the tiles next to a trapper on ``square`` turn face up."""
        for _direction, n in neighbours(square):
            if self.board[n] is not None:
                self.face_up.add(n)

    def enterable(self, trapper: int) -> list[int]:
        """R13: the face-up neighbours whose water does not face the trapper."""
        out = []
        for direction, n in neighbours(self.trappers[trapper]):
            tile = self.board[n]
            if tile is None or n not in self.face_up:
                continue
            # A tile north of the trapper with water on its south edge is blocked.
            if self.water and tile.water == OPPOSITE[direction]:
                continue
            out.append(n)
        return out

    def targets(self, trapper: int) -> list[int]:
        """R13, R14, D5: the squares the trapper may take a tile from."""
        near = self.enterable(trapper)
        if near:
            return sorted(near)
        # Isolated: any face-up tile (water does not matter); none: stuck (D5).
        return sorted(self.face_up)

    def tiles_left(self) -> int:
        return sum(t is not None for t in self.board)

    # -- legal actions ----------------------------------------------------

    def payments(self, trapper: int) -> list[int]:
        """R13: one card of the trapper's colour or two of one other colour."""
        hand = self.hands[self._mover()]
        return [c for c in range(4) if hand[c] >= (1 if c == trapper else 2)]

    def placements(self, player: int, tile: Tile) -> list[IntoCanoe | Gather | None]:
        """D6: every distinct way to place ``tile``; ``[None]`` if there is one."""
        display = self.displays[player]
        if tile.kind == CANOE:
            herbs = sorted({t.value for t in display.separate if t.kind == HERB})
            mushrooms = sorted({t.value for t in display.separate if t.kind == MUSHROOM})
            animals = sorted(
                t.value for t in display.separate if t.kind == ANIMAL and t.species == tile.species
            )
            if len(animals) <= tile.value:
                animal_choices = [tuple(animals)]
            else:  # D15: a choice of values, equal values one choice
                animal_choices = sorted(set(combinations(animals, tile.value)))
            herb_choices: list[int | None] = [*herbs] or [None]
            mushroom_choices: list[int | None] = [*mushrooms] or [None]
            gathers = [
                Gather(h, m, a)
                for h, m, a in product(herb_choices, mushroom_choices, animal_choices)
            ]
            return [None] if len(gathers) == 1 else [*gathers]
        rows = self._fitting_rows(display, tile)
        if len(rows) <= 1:
            return [None]
        return [IntoCanoe(r.species, r.canoe.value) for r in rows]

    @staticmethod
    def _fitting_rows(display: Display, tile: Tile) -> list[Row]:
        """R16, R18: the open canoes a taken animal, herb or mushroom fits."""
        if tile.kind == ANIMAL:
            return [r for r in display.open if r.species == tile.species]
        if tile.kind == HERB:
            return [r for r in display.open if r.herb is None]
        assert tile.kind == MUSHROOM
        return [r for r in display.open if r.mushroom is None]

    def exchanges(self) -> list[Exchange]:
        """R21, D7, D12: sets of species of the mover's valued canoes."""
        if not self.bonuses or self.exchanged:
            return []
        held = sorted(
            {row.species for row, _ in self.displays[self._mover()].valued}, key=SPECIES.index
        )
        out: list[Exchange] = []
        for k in range(1, len(held) + 1):
            if not any(token <= k for token in self.species_supply):
                continue  # D7
            out.extend(Exchange(tuple(c)) for c in combinations(held, k))
        return out

    def legal_actions(self) -> Mapping[str, object]:
        """Every legal action of the position, by its notation text."""
        return self._actions()

    def near_misses(self) -> list[str]:
        """Texts of illegal actions for the engine to refuse (none here; the
        tactical referee lists some)."""
        return []

    def _actions(self) -> dict[str, Action]:
        """The base game's turn (R10–R13, R21): pass, retire, steps, end, exchanges."""
        if self.over:
            return {}
        player = self._mover()
        actions: list[Action] = []
        if self.hunter is None:
            actions += [Simple("pass"), Simple("retire")]  # R10, R12: start of a turn
            hunters = range(4)
        else:
            actions.append(Simple("end"))  # R11
            hunters = range(self.hunter, self.hunter + 1)
        for trapper in hunters:
            for square in self.targets(trapper):
                tile = self.board[square]
                assert tile is not None
                for payment in self.payments(trapper):
                    for placement in self.placements(player, tile):
                        actions.append(Step(trapper, square, payment, placement))
        actions += self.exchanges()
        texts = {self.text(a): a for a in actions}
        assert len(texts) == len(actions), "two actions with one text"
        return texts

    def text(self, action: Action) -> str:
        """The action's notation text (docs/notation.md, docs/playing.md)."""
        if isinstance(action, Simple):
            return action.name
        if isinstance(action, Exchange):
            return "x" + "".join(action.species)
        out = COLOURS[action.trapper] + square_name(action.square)
        if action.payment != action.trapper:
            out += "/" + COLOURS[action.payment] * 2
        return out + self.placement_text(action.square, action.placement)

    def placement_text(self, square: int, placement: object) -> str:
        """The text of a take's placement (D6): none when it is forced."""
        if isinstance(placement, IntoCanoe):
            return placement.text()
        if isinstance(placement, Gather):
            tile = self.board[square]
            assert tile is not None
            assert tile.species is not None
            return placement.text(tile.species)
        return ""

    # -- playing ----------------------------------------------------------

    def _mover(self) -> int:
        if self.to_move is None:
            raise RefereeError("the game is over")
        return self.to_move

    def apply(self, text: str) -> None:
        """Plays the legal action written ``text``."""
        action = self._actions().get(text)
        if action is None:
            raise RefereeError(f"{text!r} is not legal")
        player = self._mover()
        if isinstance(action, Simple) and action.name in ("pass", "end"):
            self._draw(player, DRAW)  # R10, R11
            self._next_turn()
        elif isinstance(action, Simple):  # retire: R12, R30
            for c in range(4):
                self.out[c] += self.hands[player][c]
            self.hands[player] = [0, 0, 0, 0]
            self.retired[player] = True
            self._next_turn()
        elif isinstance(action, Exchange):
            self._exchange(player, action)
        else:
            self._step(player, action)
        self._check_end()
        self._check_invariants()

    def _check_invariants(self) -> None:
        """The referee's own sanity: R16's invariant and every card accounted for."""
        for display in self.displays:
            for tile in display.separate:
                if tile.kind != CANOE and self._fitting_rows(display, tile):
                    raise RefereeError(f"separate {tile.face} fits an open canoe (R16)")
        cards = sum(map(sum, self.hands)) + len(self.pile) + sum(self.discard) + sum(self.out)
        if cards != 64:  # R3
            raise RefereeError(f"{cards} cards in the game, not 64")

    def _step(self, player: int, step: Step) -> None:
        """R13: pay, take, move, reveal, place."""
        cards = 1 if step.payment == step.trapper else 2
        self._pay(player, step.payment, cards)
        self.hunter = step.trapper  # R11: one trapper for the whole turn
        self._take(player, step.trapper, step.square, step.placement)

    def _pay(self, player: int, colour: int, cards: int) -> None:
        """Cards from the player's hand to the discard pile (R8)."""
        if self.hands[player][colour] < cards:
            raise RefereeError(f"player {player} pays {cards} of colour {colour} without them")
        self.hands[player][colour] -= cards
        self.discard[colour] += cards

    def _take(
        self, player: int, trapper: int, square: int, placement: IntoCanoe | Gather | None
    ) -> None:
        """R13, R14: take the tile, move the trapper onto its square, reveal,
        place the tile in the player's display (R16–R19)."""
        if square not in self.targets(trapper):
            raise RefereeError(f"trapper {trapper} cannot take {square_name(square)}")
        tile = self.board[square]
        assert tile is not None
        if square not in self.enterable(trapper):
            self.events["R14 jump"] += 1
        if placement is not None:
            self.events[f"D6 choice {type(placement).__name__}"] += 1
        self.board[square] = None  # R15: the square stays empty
        self.face_up.discard(square)
        self.trappers[trapper] = square
        self._reveal(square)  # R7
        self._place(player, tile, placement)

    def _place(self, player: int, tile: Tile, placement: IntoCanoe | Gather | None) -> None:
        """R16–R19: the forced placement of a taken tile."""
        display = self.displays[player]
        if tile.kind == CANOE:
            row = Row(tile)
            if placement is None:
                (only,) = self.placements(player, tile)
                assert only is None
                herbs = sorted(t.value for t in display.separate if t.kind == HERB)
                mushrooms = sorted(t.value for t in display.separate if t.kind == MUSHROOM)
                animals = sorted(
                    t.value
                    for t in display.separate
                    if t.kind == ANIMAL and t.species == tile.species
                )
                placement = Gather(
                    herbs[0] if herbs else None,
                    mushrooms[0] if mushrooms else None,
                    tuple(animals[: tile.value]),
                )
            assert isinstance(placement, Gather)
            # R17: first a herb and a mushroom, then animals of its species.
            if placement.herb is not None:
                row.herb = self._take_separate(display, HERB, None, placement.herb)
            if placement.mushroom is not None:
                row.mushroom = self._take_separate(display, MUSHROOM, None, placement.mushroom)
            for value in placement.animals:
                row.animals.append(self._take_separate(display, ANIMAL, tile.species, value))
            display.open.append(row)
            if row.full:
                self._value(player, row)  # R17, R19
            return
        rows = self._fitting_rows(display, tile)
        if not rows:
            display.separate.append(tile)
            return
        if len(rows) == 1:
            assert placement is None
            (row,) = rows
        else:
            assert isinstance(placement, IntoCanoe)
            (row,) = [
                r
                for r in rows
                if (r.species, r.canoe.value) == (placement.species, placement.capacity)
            ]
        if tile.kind == ANIMAL:
            row.animals.append(tile)
            if row.full:
                self._value(player, row)  # R19
        elif tile.kind == HERB:
            row.herb = tile
        else:
            row.mushroom = tile

    @staticmethod
    def _take_separate(display: Display, kind: str, species: str | None, value: int) -> Tile:
        for i, t in enumerate(display.separate):
            if (t.kind, t.species, t.value) == (kind, species, value):
                return display.separate.pop(i)
        raise RefereeError(f"no separate {kind} {species} {value}")

    def _value(self, player: int, row: Row) -> None:
        """R19, R20: a full canoe pays twice its sum and may take a canoe token."""
        display = self.displays[player]
        display.open.remove(row)
        payout = 2 * row.plain_value
        display.money += payout
        display.valued.append((row, payout))
        if self.bonuses and payout >= 16:
            token = self._take_token(self.canoe_supply, payout)
            if token is not None:
                display.tokens.append(("canoe", token))
                self.events["R20 canoe token"] += 1
            if payout > max(CANOE_TOKENS):
                self.events["R20 payout above 36"] += 1
            if token != payout:
                self.events["R20 no token or a lower one"] += 1

    @staticmethod
    def _take_token(supply: list[int], number: int) -> int | None:
        """R20, R21: the token of that number, or the next lower one left."""
        fitting = [t for t in supply if t <= number]
        if not fitting:
            return None
        token = max(fitting)
        supply.remove(token)
        return token

    def _exchange(self, player: int, exchange: Exchange) -> None:
        """R21, D12: the canoe valued first of each species goes back to the box."""
        display = self.displays[player]
        for species in exchange.species:
            i = next(i for i, (row, _) in enumerate(display.valued) if row.species == species)
            row, _payout = display.valued.pop(i)
            self.returned.append((player, row))
        token = self._take_token(self.species_supply, len(exchange.species))
        assert token is not None, "D7: no species token at or below the number of species"
        self.events["R21 exchange"] += 1
        if token < len(exchange.species):
            self.events["R21 lower token"] += 1
        display.tokens.append(("species", token))
        self.exchanged = True

    def _draw(self, player: int, count: int) -> None:
        """R8, D4: draw, reshuffling the discard pile into an empty draw pile."""
        for _ in range(count):
            if not self.pile:
                if not any(self.discard):
                    self.events["D4 short draw"] += 1
                    return  # D4: the draw is cut short
                counts = (self.discard[0], self.discard[1], self.discard[2], self.discard[3])
                new = list(self.shuffler(counts))
                if sorted(new) != sorted(c for c in range(4) for _ in range(counts[c])):
                    raise RefereeError(f"the new pile {new} is not the discard pile {counts}")
                self.shuffles.append(tuple(new))
                self.events["R8 reshuffle"] += 1
                self.pile = new
                self.discard = [0, 0, 0, 0]
            self.hands[player][self.pile.pop(0)] += 1

    def _next_turn(self) -> None:
        """R9, R30: the next player clockwise who has not retired."""
        player = self._mover()
        self.hunter = None
        self.exchanged = False
        for offset in range(1, self.players + 1):
            seat = (player + offset) % self.players
            if not self.retired[seat]:
                self.to_move = seat
                self.turns += 1
                return
        self.events["R31 end: all retired"] += 1
        self._end()  # R31: everybody has retired

    def can_take(self) -> bool:
        """D8: whether some trapper can still take a tile (cards aside)."""
        return any(self.targets(t) for t in range(4))

    def _check_end(self) -> None:
        """R31, D8, D13: the last tile taken, or no tile takeable, ends at once."""
        if self.over:
            return
        if self.tiles_left() == 0:
            self.events["R31 end: last tile"] += 1
            self._end()
        elif not self.can_take():
            self.events["D8 end: no tile takeable"] += 1
            self._end()

    def _end(self) -> None:
        """R32–R34: the end valuation."""
        self.to_move = None
        self.hunter = None
        valuation = []
        for seat, display in enumerate(self.displays):
            open_sum = sum(r.plain_value for r in display.open if not r.empty)  # R32
            cost = sum(t.value for t in display.separate)  # R33
            cost += sum(r.canoe.value for r in display.open if r.empty)  # R16: an empty canoe
            valuation.append(
                {
                    "open canoes": open_sum,
                    "separate": -cost,
                    "canoe bonus": self._bonus("canoe", seat),
                    "species bonus": self._bonus("species", seat),
                }
            )
        self.valuation = valuation

    def _bonus(self, kind: str, seat: int) -> int:
        """R34: 12, 8, 5, 3, 2 for the 1st to 5th highest token of the kind."""
        held = sorted(
            (
                (number, holder)
                for holder, d in enumerate(self.displays)
                for k, number in d.tokens
                if k == kind
            ),
            reverse=True,
        )
        return sum(
            pay for (_n, holder), pay in zip(held, BONUS_PAYOUTS, strict=False) if holder == seat
        )

    def scores(self) -> list[int]:
        """R5, D2: money, plus the end valuation once the game is over."""
        money = [d.money for d in self.displays]
        if self.valuation is None:
            return money
        return [m + sum(v.values()) for m, v in zip(money, self.valuation, strict=True)]

    def winners(self) -> list[int]:
        """R35: most money wins; ties share."""
        if not self.over:
            return []
        scores = self.scores()
        best = max(scores)
        if scores.count(best) > 1:
            self.events["R35 shared win"] += 1
        return [seat for seat, s in enumerate(scores) if s == best]
