"""Fixed-size encodings for learning and search frameworks: spelled actions
and view tensors.

Frameworks such as OpenSpiel and PettingZoo want a fixed set of action ids
and a fixed-shape observation. Trapper's decisions have no fixed number:
a step names a trapper, a square, a payment and, where several places fit,
where the tile goes; a tactical take names a square and the cards of
every colour that pay the bid. So an action is *spelled*: the player to move
chooses its text (``Game.action_text``) one character at a time among the
characters that continue some legal action's text. Characters that are the
only continuation are filled in, and an action is played the moment its text
is complete and no longer legal text begins with it (where one does, the id
`DONE` ends the text). Every legal action of every variant, with every
placement and payment choice, is thus a short sequence of ids from a fixed
alphabet of `NUM_ACTIONS`. A `Speller` keeps the letters chosen
so far.

`encode_view` turns a `trapper_core.PlayerView` (and the
letters spelled so far) into a flat list of numbers of a size that depends
only on the number of players (`view_size`). The layout is documented
in ``docs/ai-adapters.md``. This module needs no third-party package; the
adapters (``trapper_core.openspiel``, ``trapper_core.pettingzoo``) wrap its
lists in arrays.
"""

from __future__ import annotations

import enum
import itertools
import math
import string
from fractions import Fraction
from typing import SupportsIndex

import attrs

from .actions import Action
from .errors import ActionFieldError, IllegalActionError, SetupError, as_whole, shown
from .game import MAX_ACTION_TEXT, Game
from .model import COLOURS, DIRECTIONS, FACE_DOWN, SPECIES, Kind, Tile
from .view import PlayerView, misshapen

__all__ = [
    "ALPHABET",
    "DONE",
    "NUM_ACTIONS",
    "SPELLED_RUNS",
    "SPELLED_SIZE",
    "Speller",
    "action_id",
    "encode_view",
    "hand_features",
    "id_text",
    "returns",
    "spelled_features",
    "view_size",
    "zero_sum_shares",
]

ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "/<>+=-"
"""The characters an action's text is made of (``trapper_core.ACTION_TEXT``);
character ``ALPHABET[i]`` has the action id ``i + 1``."""

DONE = 0
"""The action id that ends a text which is complete but which a longer legal
text continues (``Ge6`` beside ``Ge6/BB``)."""

NUM_ACTIONS = len(ALPHABET) + 1
"""How many action ids there are: `DONE` and one per character."""

SPELLED_RUNS = 32
"""How many runs of the characters spelled so far the view tensor holds
(a run: one character, repeated as often as it comes in a row, as a
payment of many cards of one colour does). Every text of the built-in
variants has 23 at most; a variant's text of more runs is cut, and two
texts alike in their first runs then give the same numbers."""

SPELLED_SIZE = SPELLED_RUNS * (NUM_ACTIONS + 1)
"""How many numbers the spelled part of the view tensor has: per run, its
character one-hot and its length ÷ `MAX_ACTION_TEXT`."""


def action_id(char: str) -> int:
    """Returns the action id of one character of an action's text."""
    try:
        index = ALPHABET.find(char) if len(char) == 1 else -1
    except TypeError:  # no string at all
        index = -1
    if index < 0:
        raise ActionFieldError(
            f"{shown(char)} is not a character of an action's text ({ALPHABET})"
        )
    return index + 1


def id_text(action: SupportsIndex) -> str:
    """Returns what an action id spells: its character, or ``"DONE"``."""
    what = f"an action id is a whole number from 0 to {NUM_ACTIONS - 1}"
    number = as_whole(action, IllegalActionError, what, low=0)  # a NumPy integer too
    if number >= NUM_ACTIONS:
        raise IllegalActionError(f"{what}, not {shown(action)}")
    return "DONE" if number == DONE else ALPHABET[number - 1]


class Speller:
    """The decision in progress of the player to move: the legal actions by
    their text and the characters chosen so far.

    Examples:
        >>> import trapper_core as tc
        >>> game = tc.new_game("base", players=2, seed=1)
        >>> speller = Speller(game)
        >>> " ".join(id_text(i) for i in speller.legal_ids())
        'B E G P p r'
        >>> speller.choose(action_id("p")) == game.parse_action("pass")
        True
    """

    __slots__ = ("prefix", "texts")

    texts: dict[str, Action]
    prefix: str

    def __init__(self, game: Game, prefix: str = "") -> None:
        try:
            self.texts = {game.action_text(a): a for a in game.legal_actions()}
        except (AttributeError, TypeError):
            if not isinstance(game, Game):
                raise SetupError(
                    f"a Speller spells the actions of a Game, not {shown(game)}"
                ) from None
            raise
        self.prefix = ""
        if prefix != "":
            if not isinstance(prefix, str):
                raise ActionFieldError(f"a Speller's prefix is text, not {shown(prefix)}")
            if not any(t.startswith(prefix) for t in self.texts):
                raise IllegalActionError(f"no legal action's text begins with {shown(prefix)}")
            self.prefix = prefix

    def __deepcopy__(self, memo: dict[int, object]) -> Speller:
        # The texts are never changed once listed: copies share them.
        return Speller.of(self.texts, self.prefix, share=True)

    @classmethod
    def of(cls, texts: dict[str, Action], prefix: str, *, share: bool = False) -> Speller:
        """Returns a speller over ``texts`` at ``prefix`` (no check)."""
        speller = object.__new__(cls)
        speller.texts = texts if share else dict(texts)
        speller.prefix = prefix
        return speller

    def _next(self, prefix: str) -> set[str]:
        cut = len(prefix)
        return {t[cut] for t in self.texts if len(t) > cut and t.startswith(prefix)}

    def legal_ids(self) -> list[int]:
        """Returns the ids that may be chosen now, ascending."""
        ids = sorted(action_id(c) for c in self._next(self.prefix))
        if self.prefix and self.prefix in self.texts:
            ids.insert(0, DONE)
        return ids

    def choose(self, action: SupportsIndex) -> Action | None:
        """Spells ``action`` (an id from `legal_ids`) and fills in the
        characters that follow of necessity. Returns the engine's action once
        its text is complete, else ``None``. An id that is not legal raises
        `trapper_core.IllegalActionError` and changes nothing, as does an
        id that is no whole number (an ``int`` or a NumPy integer)."""
        action = as_whole(action, IllegalActionError, "an action id is a whole number")
        if action not in self.legal_ids():
            spelt = id_text(action) if 0 <= action < NUM_ACTIONS else "no character"
            raise IllegalActionError(
                f"action id {shown(action)} ({spelt}) does not continue a legal action after "
                f"{shown(self.prefix)}; legal ids are {self.legal_ids()}"
            )
        if action == DONE:
            return self.texts[self.prefix]
        prefix = self.prefix + ALPHABET[action - 1]
        while True:
            following = self._next(prefix)
            if prefix in self.texts:
                if not following:
                    self.prefix = prefix
                    return self.texts[prefix]
                break
            if len(following) != 1:
                break
            prefix += following.pop()
        self.prefix = prefix
        return None

    def spell(self, action: Action) -> list[int]:
        """Returns the ids that spell ``action`` from the current prefix
        (without the characters filled in), leaving the speller unchanged."""
        text = next((t for t, a in self.texts.items() if a == action), None)
        if text is None or not text.startswith(self.prefix):
            raise IllegalActionError(f"{shown(action)} is not legal after {shown(self.prefix)}")
        probe = Speller.of(self.texts, self.prefix)
        ids = []
        while True:
            choice = DONE if probe.prefix == text else action_id(text[len(probe.prefix)])
            ids.append(choice)
            if probe.choose(choice) is not None:
                return ids


# ----------------------------------------------------------------------
# The view as numbers
# ----------------------------------------------------------------------

_SQUARE = 3 + 4 + 4 + 6 + 1 + 4  # empty/face down/face up, trapper, kind, species, value, water
_KINDS = (Kind.ANIMAL, Kind.CANOE, Kind.HERB, Kind.MUSHROOM)
_ANIMAL = Kind.ANIMAL  # a global: an enum member found on its class costs ten times as much
_SEAT = 9 + 18
_GLOBAL = 11
_TURN = 16


def view_size(players: SupportsIndex) -> int:
    """Returns the length of `encode_view`'s list for ``players`` seats."""
    # a NumPy integer too
    players = as_whole(players, SetupError, "players is a count of 1 or more", low=1)
    return 64 * _SQUARE + 4 * 64 + 4 + players * _SEAT + _GLOBAL + _TURN + SPELLED_SIZE


def _tile(tile: Tile) -> list[float]:
    kind = [float(tile.kind is k) for k in _KINDS]
    species = [float(tile.species is s) for s in SPECIES]
    water = [float(tile.water is d) for d in DIRECTIONS]
    return [*kind, *species, tile.value / 5, *water]


def _numbers(value: object, out: list[float]) -> None:
    """Appends the numbers of a variant's turn record, depth first."""
    if value is None:
        out.append(0.0)
    elif isinstance(value, bool):
        out.append(float(value))
    elif isinstance(value, enum.IntEnum):
        out.append(float(value) + 1)
    elif isinstance(value, int | float):
        out.append(float(value))
    elif isinstance(value, enum.Enum):
        out.append(1.0)
    elif isinstance(value, tuple):
        for inner in value:
            _numbers(inner, out)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            _numbers(getattr(value, field.name), out)
    else:
        out.append(1.0)


def encode_view(view: PlayerView, prefix: str = "", *, hand: bool = True) -> list[float]:
    """Returns ``view`` (and the characters ``prefix`` spelled so far) as
    `view_size` numbers, mostly 0/1. Counts are divided by sizes a game
    mostly stays under, not bounds (a hand of 23 cards is 1.44), and the
    turn record's numbers are not scaled (a tactical bid is its cards):
    normalise the vector where a network needs every number within 0–1.

    Seats are taken in turn order from the viewer, so the viewer's own
    features always come first. ``hand=False`` leaves the viewer's cards
    out (zeros in their place): what the table sees from the viewer's
    seat, OpenSpiel's public observation.
    """
    if not isinstance(hand, bool):
        raise SetupError(f"encode_view()'s hand is True or False, not {shown(hand)}")
    try:
        out = _encode(view, prefix, hand)
    except (AttributeError, TypeError, IndexError, KeyError, ValueError):
        # Diagnosed once it has failed: views that games make are never
        # checked, at the price of nothing in a learner's loop.
        if not isinstance(view, PlayerView):
            raise SetupError(f"encode_view() encodes a PlayerView, not {shown(view)}") from None
        if not isinstance(prefix, str):
            raise ActionFieldError(
                f"encode_view()'s prefix is text, not {shown(prefix)}"
            ) from None
        _check_shape(view)
        raise
    size = view_size(len(view.players))
    if len(out) != size:  # a view built by hand, of another shape
        _check_shape(view)
        raise SetupError(f"encode_view() made {len(out)} numbers of this view, not {size}")
    return out


def _check_shape(view: PlayerView) -> None:
    """Raises `SetupError` naming what makes ``view`` no game's view, if anything."""
    problem = misshapen(view)
    if problem is not None:
        raise SetupError(f"encode_view() encodes a view of a game, and {problem}") from None


def _encode(view: PlayerView, prefix: str, hand: bool = True) -> list[float]:
    out: list[float] = []
    standing = {square.index: c for c, square in zip(COLOURS, view.trappers, strict=True)}
    blank = [0.0] * (_SQUARE - 7)
    for index, seen in enumerate(view.board):
        trapper = [float(standing.get(index) is c) for c in COLOURS]
        if seen is None:
            out += [1.0, 0.0, 0.0, *trapper, *blank]
        elif seen is FACE_DOWN:
            out += [0.0, 1.0, 0.0, *trapper, *blank]
        else:
            assert isinstance(seen, Tile)
            out += [0.0, 0.0, 1.0, *trapper, *_tile(seen)]
    for targets in view.targets:
        bits = [0.0] * 64
        for square in targets:
            bits[square] = 1.0
        out += bits
    out += hand_features(view) if hand else [0.0, 0.0, 0.0, 0.0]
    players = len(view.players)
    for offset in range(players):
        seat = (view.player + offset) % players
        display = view.displays[seat]
        out += [
            1.0,
            float(view.to_move == seat),
            float(view.retired[seat]),
            view.hand_sizes[seat] / 16,
            display.money / 100,
            len(display.open) / 6,
            len(display.valued) / 6,
            len(display.separate) / 10,
            sum(t.number for t in display.tokens) / 50,
        ]
        out += [sum(r.species is s for r in display.open) / 3 for s in SPECIES]
        out += [sum(v.species is s for v in display.valued) / 3 for s in SPECIES]
        out += [
            sum(t.kind is _ANIMAL and t.species is s for t in display.separate) / 6
            for s in SPECIES
        ]
    out += [
        view.draw_pile_size / 64,
        *(n / 16 for n in view.discard.counts),
        view.out_of_game / 64,
        view.turns / 100,
        view.shuffles / 10,
        len(view.supply.canoe) / 11,
        len(view.supply.species) / 6,
        float(view.is_over),
    ]
    turn: list[float] = []
    _numbers(view.turn, turn)
    out += (turn + [0.0] * _TURN)[:_TURN]
    out += spelled_features(prefix)
    return out


def hand_features(view: PlayerView) -> list[float]:
    """The viewer's cards of each colour, a sixteenth each: the hand's part
    of `encode_view`."""
    return [n / 16 for n in view.hand.counts]


def spelled_features(prefix: str) -> list[float]:
    """The characters of an action spelled so far, in runs of one
    character: per run a block of ``NUM_ACTIONS`` + 1 numbers, the
    character one-hot and the run's length ÷ `MAX_ACTION_TEXT`
    (`SPELLED_RUNS` runs at most): the last part of `encode_view`.

    Runs, not characters: a tactical take that pays a high bid spells a
    long row of one colour's letter, and a tensor of the first 32
    characters gave two decisions of one such take the same numbers."""
    block = NUM_ACTIONS + 1
    spelled = [0.0] * SPELLED_SIZE
    runs = itertools.groupby(prefix)
    # runs past the last block are cut: not strict
    for start, (char, run) in zip(range(0, SPELLED_SIZE, block), runs, strict=False):
        spelled[start + action_id(char)] = 1.0
        spelled[start + NUM_ACTIONS] = sum(1 for _ in run) / MAX_ACTION_TEXT
    return spelled


def returns(game: Game) -> list[float]:
    """Returns each seat's reward for a finished game: the winners share 1,
    and every seat pays ``1 / players``, so the rewards sum to 0. Before the
    end every seat's reward is 0."""
    if not isinstance(game, Game):
        raise SetupError(f"returns() scores a Game, not {shown(game)}")
    players = len(game.players)
    if not game.is_over:
        return [0.0] * players
    return zero_sum_shares(players, game.winners())


def zero_sum_shares(players: int, winners: tuple[int, ...]) -> list[float]:
    """The rewards of `returns`: ``1 / len(winners) - 1 / players`` for a
    winner, ``-1 / players`` for the others, summing to exactly 0.0 and
    each within ``-1 / players`` and ``1 - 1 / players`` (the OpenSpiel
    game's `min_utility` and `max_utility`).

    OpenSpiel's API test asks that a zero-sum game's returns add up to 0.0
    exactly, and ``sum()`` adds floats otherwise from Python 3.12 on
    (compensated): as the nearest floats, or as rounded differences (2/3 -
    1/3 - 1/3 came to 1.1e-16 with 3 players), they do not always. So every
    reward is a multiple of 2**-40, the nearest to its fraction within those
    bounds, and the few units the rounding leaves over go to seats whose
    fraction is off that grid, from the last seat on (then to the others):
    every partial sum is exact, and so the total is 0.0 however it is added.
    Each reward is within 1e-10 of its fraction (a unit of 2**-40 a player
    at most), and the halves and quarters of two and four players are exact
    (0.75 and -0.25)."""
    share, each = Fraction(1, len(winners)), Fraction(1, players)
    exact = [(share if seat in winners else 0) - each for seat in range(players)]
    # The bounds as OpenSpiel is told them: floats, on the grid.
    low = math.ceil(Fraction(-1 / players) * _UNIT)
    high = math.floor(Fraction(1 - 1 / players) * _UNIT)
    units = [min(max(round(value * _UNIT), low), high) for value in exact]
    left = -sum(units)
    if left:
        step = 1 if left > 0 else -1
        order = sorted(
            range(players - 1, -1, -1), key=lambda s: (exact[s] * _UNIT).denominator == 1
        )
        while left:
            for seat in order:
                if left and low <= units[seat] + step <= high:
                    units[seat] += step
                    left -= step
    return [unit / _UNIT for unit in units]


_UNIT = 2**40
"""The grid of `zero_sum_shares`: fine enough for every reward to be within
1e-10 of its fraction, coarse enough for every sum of 26 rewards to be a
float exactly."""
