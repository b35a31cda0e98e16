"""The public face of the engine: [`Game`][trapper_core.Game] and
[`new_game`][trapper_core.new_game]."""

from __future__ import annotations

import difflib
import operator
import random
import secrets
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, SupportsIndex

from . import serialize
from .actions import Action
from .board import Board
from .display import Display, ValuedCanoe
from .errors import (
    ActionFieldError,
    ActionSyntaxError,
    GameFormatError,
    IllegalActionError,
    PluginError,
    SetupError,
    TrapperError,
    UndoError,
    UnknownVariantError,
    as_whole,
    counted,
    plain_line,
    player_counts,
    shown,
)
from .kinds import ACTION_TEXT, ActionKind
from .model import COLOURS, SQUARES, Colour, Hand, Square, Tile, square_or_name
from .plugins import (
    Registry,
    Rules,
    _without_registry_advice,
    bad_answer,
    default_registry,
    registry_or_default,
)
from .setups import Setup
from .state import FIELDS as _FIELDS
from .state import NO_TARGETS, GameState, TokenSupply, Valuation
from .state import restore as _restore
from .state import snapshot as _snapshot
from .tiles import faces_of
from .view import History, PlayerView, make_view, unread_copy

__all__ = ["MAX_SEED", "Game", "new_game"]

MAX_SEED = 2**64
"""Seeds are whole numbers from 0 up to, not including, this."""

_SHUFFLED = _FIELDS.index("shuffled")  # where a snapshot holds the shuffles so far
_NEW_TURN: Any = object()  # Game._at's turn when the caller gives none: a turn just begun

MAX_ACTION_TEXT = 200
"""The longest text [`Game.parse_action`][trapper_core.Game.parse_action] reads
(the built-in variants' longest actions, a step that gathers a canoe, take
some two dozen characters): a longer one is an `ActionSyntaxError` at once."""

RECENT = 10
"""How many of the last actions undo takes back from a snapshot each."""
CHECKPOINT = 16
"""Every how many actions a game keeps a snapshot for deeper undos.

The checkpoints are most of what a finished game holds: one in 16 rather than
one in 10 holds 515 rather than 596 bytes a decision (base, 4 players), and
undoing a whole game costs 19 rather than 15 µs an action (a deeper undo
replays up to 15 actions)."""


def new_game(
    variant: str = "base",
    players: int | Sequence[str] = 4,
    seed: int | None = None,
    setup: Setup | None = None,
    *,
    registry: Registry | None = None,
    undo: bool = True,
) -> Game:
    """Starts a game of ``variant``.

    ``players`` is a count (2–4 in the built-in variants) or the players'
    names in seat order. The game's chance comes from ``seed``: the same seed
    gives the same game on every machine; ``None`` picks a seed at random
    (below 2**53, exact as a JSON number anywhere), which ``Game.seed``
    then reports. ``setup`` fixes the starting position
    instead (the seed still drives reshuffles of the discard pile).

    ``undo=False`` keeps no undo information:
    [`Game.undo`][trapper_core.Game.undo] then raises
    [`UndoError`][trapper_core.UndoError], and the game holds its history and
    position only. For games that will not be taken back (bots' playouts,
    replays, stored games): it applies a little faster and a finished game
    takes a fraction of the memory (``docs/internals/benchmarks.md``).

    Examples:
        >>> game = new_game("base", players=["Ann", "Bob"], seed=7)
        >>> game.players, game.to_move
        (('Ann', 'Bob'), 0)
    """
    rules = registry_or_default(registry).rules(variant)
    names = _player_names(players, rules)
    seed = _seed(seed)
    if not isinstance(undo, bool):  # "no" and "False" are true
        raise SetupError(f"undo is True or False, not {shown(undo)}")
    tile_set = rules.tile_set()
    deck = rules.deck()
    board = rules.board()
    if setup is None:
        # Laid out from the variant's own tiles, deck and board (checked there).
        setup = Setup._of_variant(random.Random(seed), tile_set.tiles, deck, board)
    elif not isinstance(setup, Setup):
        raise SetupError(f"setup must be a Setup, not {type(setup).__name__}")
    else:
        if type(setup) is not Setup:
            # A subclass's own __init__ or check may skip Setup's: its
            # fields are made into a Setup, which checks them all.
            setup = Setup(setup.board, setup.deck, setup.trappers, setup.box, setup.start_player)
        Setup.check(setup, faces_of(tile_set), deck, len(names), board)
    return Game._start(rules, names, seed, setup, undo=undo)


def is_over(rules: Rules, state: GameState) -> bool:
    """Whether the game of ``state`` has ended, as ``rules`` say
    (``trapper_is_over``); raises `PluginError` for a true answer that is
    not True (``"yes"``). A false one is taken as False, as ``Game.apply``
    takes it: checking it there would cost every action, and a game that
    then has nobody to move is refused by name (``Game._nobody_to_move``)."""
    over = rules.is_over(state)
    if over:
        if over is not True and not _true(over):
            raise _not_bool(rules, over)
        return True
    return False


def _true(answer: object) -> bool:
    """Whether a true answer that is not ``True`` equals it (numpy's
    ``True_``, 1) rather than merely being true (``"yes"``)."""
    try:
        return bool(answer == True)  # noqa: E712 - equality, not identity, is the question
    except Exception:  # an answer whose == raises is no True
        return False


def _not_bool(rules: Rules, over: object) -> PluginError:
    return bad_answer(rules.variant, "trapper_is_over", over, "True or False")


def _seed(seed: object) -> int:
    """``seed`` checked, or a seed picked at random for ``None``: below
    2**53, so that a JSON reader that reads numbers as doubles (JavaScript's)
    keeps it exact in `Game.to_dict`'s data."""
    if seed is None:
        return secrets.randbits(53)
    number = as_whole(seed, SetupError, "a seed is a whole number of 0 or more")
    if number >= MAX_SEED:
        raise SetupError(
            f"a seed is a whole number below 2**64, not one of {number.bit_length()} bits"
        )
    if number < 0:
        raise SetupError(f"a seed is a whole number of 0 or more, not {shown(seed)}")
    return number


def default_names(count: int) -> tuple[str, ...]:
    """The names of ``count`` players given by number: A, B, C, … (the seat
    letters; a variant seats at most `MAX_PLAYERS`, 26)."""
    return tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i] if i < 26 else f"P{i + 1}" for i in range(count))


def _player_names(players: int | Sequence[str], rules: Rules) -> tuple[str, ...]:
    low, high = rules.spec.min_players, rules.spec.max_players
    names: tuple[object, ...] | None = None
    if isinstance(players, Sequence) and not isinstance(players, str):
        count = len(players)
        if low <= count <= high:
            # The names counted as they are taken: a sequence's len() may say otherwise.
            names = tuple(players)
            count = len(names)
    else:  # any whole number (a NumPy integer too), not a bool
        count = as_whole(players, SetupError, "players is a count or a list of names")
    if not low <= count <= high:  # before any name is made of a count
        raise SetupError(
            f"{rules.variant!r} is played by {player_counts(low, high)}, not {shown(count)}"
        )
    if names is None:
        return default_names(count)
    lines = []
    for name in names:
        # Records write a name on one line, quoted where it must be.
        line = plain_line(name)
        if line is None:
            raise SetupError(f"a player's name is a line of printable text, not {shown(name)}")
        lines.append(line)
    if len(set(lines)) != len(lines):
        raise SetupError(f"player names must differ: {lines}")
    return tuple(lines)


def _piles(shuffles: Sequence[Sequence[SupportsIndex]], action: Action) -> list[tuple[int, ...]]:
    """The outcomes given to ``Game.apply``, checked to be colour indices."""
    if isinstance(shuffles, str | bytes) or not isinstance(shuffles, Iterable):
        raise IllegalActionError(
            "shuffles is a list of shuffles' outcomes (a list of colours each), "
            f"not {shown(shuffles)}",
            action=action,
        )
    piles = []
    for pile in shuffles:
        if isinstance(pile, str | bytes) or not isinstance(pile, Sequence):
            raise IllegalActionError(
                f"a shuffle's outcome is a sequence of colours, not {shown(pile)}"
            )
        given = tuple(pile)  # read once: a sequence may say otherwise the next time
        # The values as ints (an int subclass's own, by __index__), checked as they are kept.
        colours = tuple(
            operator.index(c) if isinstance(c, int) and not isinstance(c, bool) else _index(c)
            for c in given
        )
        if not all(0 <= c < 4 for c in colours):
            raise IllegalActionError(
                "a shuffle's outcome holds colour indices 0-3 (blue, beige, green, purple), "
                f"not {shown(list(given))}",
                action=action,
            )
        piles.append(colours)
    return piles


def _index(value: object) -> int:
    """A colour given as a whole number that is no ``int`` (a NumPy integer)
    as an ``int``; -1 (no colour) for anything else, a bool too."""
    if isinstance(value, bool):
        return -1
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return -1


def _unshuffled(game: Game, action: Action, snapshot: tuple[object, ...]) -> str:
    """The error of shuffles given to ``Game.apply`` that ``action`` left
    unused (in the state's ``forced``): how many it made (the state's since
    ``snapshot``), how many were given. Puts the state back as it was before
    the action, to name the action by its text there."""
    state = game._state
    made = len(state.shuffled) - len(snapshot[_SHUFFLED])  # type: ignore[arg-type]
    given = made + len(state.forced or ())
    _restore(state, snapshot)
    try:
        text = game.action_text(action)
    except TrapperError:  # a kind that writes no good text: named by its repr
        text = repr(action)
    if not made:
        return f"{text} shuffles no cards, but a shuffled order is given"
    times = "once" if made == 1 else f"{made} times"
    return f"{text} shuffles the cards {times}, but {given} shuffled orders are given"


class Game:
    """A game of Trapper in progress: the position, its history, its rules.

    A game is mutable and has identity: [`apply`][trapper_core.Game.apply] and
    [`undo`][trapper_core.Game.undo] change it,
    [`copy`][trapper_core.Game.copy] makes an independent one. Every decision
    is one action (a turn is played one step at a time: "One decision at a
    time" in the guide to playing games). The game
    sees everything; [`view`][trapper_core.Game.view] gives what one player may
    know.
    """

    __slots__ = (
        "_checkpoints",
        "_count",
        "_displays",
        "_last",
        "_legal",
        "_legal_by_value",
        "_origin",
        "_origin_views",
        "_public",
        "_rules",
        "_state",
        "_undo",
        "players",
        "seed",
        "setup",
    )

    _rules: Rules
    _state: GameState
    # The history is a chain of immutable links, one per action, newest
    # first: ``(earlier link, action, shuffles)``: ``shuffles`` is how many
    # shuffles the state had made before the action (what outcomes() needs).
    # Games, copies and views share links: copy() and view() cost the same
    # whatever the length of the game. A link holds only what every player
    # sees, so that no path leads from a view's history to a hidden fact.
    #
    # Undo restores the snapshots in ``_undo``, the last RECENT actions',
    # with the legal actions listed there, if they were (a bounded deque,
    # copied with the game: a search that applies and undoes each action in
    # turn then finds each by identity rather than checking its legality;
    # apply + undo of every legal action runs at 0.33-0.37 times the speed
    # of python-chess's push + pop, where checking each again gives 0.25).
    # Deeper, undo restores the checkpoint before and replays the actions
    # since: ``_checkpoints`` is a chain of its own, newest first,
    # ``(earlier checkpoint, count, snapshot)``, a snapshot of the state
    # before the action of index ``count`` for every CHECKPOINT-th action. A
    # finished game then keeps a snapshot per CHECKPOINT decisions rather
    # than one per decision: 523 bytes per decision where one per decision
    # takes 1,420 (base, 4 players; with the step-target cache left out of
    # snapshots). ``_undo`` is None in a game without undo
    # (new_game(undo=False)), which keeps no checkpoints either.
    _last: tuple[Any, Action, int] | None
    _checkpoints: tuple[Any, int, tuple[object, ...]] | None
    _count: int
    _undo: deque[tuple[tuple[object, ...], tuple[Action, ...] | None]] | None
    _legal: tuple[Action, ...] | None
    # The legal actions by value, for parse_action: (the tuple of
    # legal_actions() they are made from, a dict of each action to itself).
    _legal_by_value: tuple[tuple[Action, ...], dict[Action, Action]] | None
    # The views' last answer of the board as the table sees it and of the
    # tiles taken: (setup board, board, face-up bits, seen board, taken)
    # (``view._public_board``); None until a view is made.
    _public: tuple[Any, ...] | None
    # The views' displays: (the state's displays, their facts for views,
    # without their scratch caches), kept from the last view
    # (``view._public_displays``).
    _displays: tuple[tuple[Display, ...], tuple[Any, ...]] | None
    # Where the history begins when that is not the setup's start: the state
    # of a position drawn by Sampler.position (a snapshot, and the box, which
    # snapshots leave out: a game's box never changes), None otherwise.
    # root(), copies and pickles start from it; such a game has no stored
    # form (to_dict), and its record gives the position (a Position tag).
    _origin: tuple[tuple[object, ...], tuple[Tile, ...]] | None
    # Each player's view of the origin, as views show it (``view.origin``):
    # made once a player's view is, shared by copies (the origin is theirs too).
    _origin_views: dict[int, PlayerView] | None

    players: tuple[str, ...]
    """The players' names in seat order."""
    seed: int
    """The seed the game's chance comes from."""
    setup: Setup
    """The starting position."""

    def __init__(self) -> None:
        raise TypeError("start a game with trapper_core.new_game(...)")

    @classmethod
    def _start(
        cls, rules: Rules, players: tuple[str, ...], seed: int, setup: Setup, *, undo: bool = True
    ) -> Game:
        game = object.__new__(cls)
        game._rules = rules
        game.players = players
        game.seed = seed
        game.setup = setup
        game._state = GameState.initial(rules, setup, len(players), seed)
        game._last = None
        game._checkpoints = None
        game._count = 0
        game._undo = deque(maxlen=RECENT) if undo else None
        game._legal = None
        game._legal_by_value = None
        game._public = None
        game._displays = None
        game._origin = None
        game._origin_views = None
        if is_over(rules, game._state):
            game._finish()
        return game

    @classmethod
    def _at(
        cls,
        rules: Rules,
        players: tuple[str, ...],
        seed: int,
        *,
        board: tuple[Tile | None, ...],
        face_up: int,
        trappers: tuple[int, ...],
        hands: tuple[tuple[int, int, int, int], ...],
        pile: tuple[int, ...],
        discard: tuple[int, int, int, int],
        out: tuple[int, int, int, int],
        displays: tuple[Display, ...],
        supply: TokenSupply,
        returned: tuple[tuple[int, ValuedCanoe], ...],
        to_move: int | None,
        retired: tuple[bool, ...],
        turns: int,
        shuffles: int,
        box: tuple[Tile, ...],
        taken: tuple[Tile, ...],
        undo: bool = True,
        start_board: tuple[Tile | None, ...] | None = None,
        start_squares: tuple[int, ...] | None = None,
        start_player: int | None = None,
        turn: object = _NEW_TURN,
    ) -> Game:
        """A game whose state is the position given, part by part, unchecked,
        with ``turn`` for its turn record, or when that is not given and
        somebody is to move, the record of a turn just begun (asked of a
        state whose turn is ``None``: no turn came before in this game):
        what `game_at` builds once it has checked the parts, and the sampler
        from a view's origin. The caller sets the record of a position with
        nobody to move, ends the game if it is over there and makes the
        position the game's root (``_as_root``).

        The game's setup holds every tile the position holds (on the board,
        ``start_board`` when given, else ``board``; in the box, ``box`` and
        ``taken``), and the variant's deck: what the checks count the
        position's tiles and cards against, and what views count the tiles
        taken from; its trappers stand on ``start_squares`` when given. It is
        no start of this game (``from_setup`` is False)."""
        setup = Setup(
            board if start_board is None else start_board,
            rules.deck(),
            [SQUARES[i] for i in (trappers if start_squares is None else start_squares)],
            (*box, *taken),
            (to_move or 0) if start_player is None else start_player,
        )
        game = cls._start(rules, players, seed, setup, undo=undo)
        state = game._state
        state.board = board
        state.face_up = face_up
        state.tiles_left = len([t for t in board if t is not None])
        state.trappers = trappers
        state.hands = hands
        state.pile = pile
        state.drawn = 0
        state.discard = discard
        state.out = out
        state.displays = displays
        state.supply = supply
        state.returned = returned
        state.to_move = to_move
        state.retired = retired
        state.turns = turns
        state.shuffled = ((),) * shuffles
        state.valuation = None
        state.targets = NO_TARGETS
        state.box = box
        if turn is not _NEW_TURN:
            state.turn = turn
        elif to_move is not None:
            state.turn = None  # no turn came before, as at a game's start
            state.turn = rules.new_turn(state)
        # else (nobody to move) the start's record stands, of the variant's
        # type, until the caller sets the position's own
        return game

    # ------------------------------------------------------------------
    # Who, what, where
    # ------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The name of the variant being played."""
        return self._rules.variant

    @property
    def rules(self) -> Rules:
        """The variant's resolved rule hooks."""
        return self._rules

    @property
    def state(self) -> GameState:
        """The full state, for plugins and checks. Treat it as read-only."""
        return self._state

    @property
    def to_move(self) -> int | None:
        """The seat of the player who decides now; ``None`` once the game is over."""
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.valuation is not None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, oldest first.

        Each read makes the tuple anew, in time proportional to the length
        of the game: keep it rather than read it again in a loop. The last
        action alone is [`peek`][trapper_core.Game.peek], and a view's
        ``history`` is shared with the game, made in the same time at any
        length."""
        return tuple(History(self._last, self._count))

    def peek(self) -> Action:
        """Returns the last action played, without taking it back (as
        python-chess's ``Board.peek``), in the same time at any length of
        game. Raises [`UndoError`][trapper_core.UndoError] (an
        ``IndexError``) when no action has been played."""
        last = self._last
        if last is None:
            raise UndoError("no action has been played: there is no last action")
        return last[1]

    @property
    def from_setup(self) -> bool:
        """Whether the history begins at the setup's starting position, so
        that the game has a stored form (``to_dict``) and its record a
        ``Setup`` tag: ``False`` for a game that begins at a position, made by
        [`game_at`][trapper_core.game_at] or drawn by
        [`Sampler.position`][trapper_core.Sampler.position], which copies and
        pickles keep all the same, and whose record gives the position (a
        ``Position`` tag, as PGN's ``FEN``)."""
        return self._origin is None

    @property
    def keeps_undo(self) -> bool:
        """Whether [`undo`][trapper_core.Game.undo] can take actions back
        (``new_game(undo=...)``)."""
        return self._undo is not None

    @property
    def turn(self) -> object:
        """The variant's record of the turn in progress (for the base game a
        ``Turn``: the trapper hunted with, whether the exchange was made)."""
        return self._state.turn

    @property
    def layout(self) -> Board:
        """The variant's board: the squares in play and the trappers' start."""
        return self._state.board_squares

    @property
    def board(self) -> tuple[Tile | None, ...]:
        """The tile on every square (face up or not), ``None`` where empty."""
        return self._state.board

    def is_face_up(self, square: Square | str) -> bool:
        """Whether the tile on ``square`` (a `Square` or its name, ``"c5"``) is face up."""
        if square.__class__ is not Square:
            square = square_or_name(square, "is_face_up()")
        return bool(self._state.face_up >> square.index & 1)

    @property
    def trappers(self) -> dict[Colour, Square]:
        """Where each trapper stands."""
        return {c: SQUARES[s] for c, s in zip(COLOURS, self._state.trappers, strict=True)}

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every player's hand."""
        return tuple(Hand(*h) for h in self._state.hands)

    @property
    def displays(self) -> tuple[Display, ...]:
        """Every player's display."""
        return self._state.displays

    @property
    def retired(self) -> tuple[bool, ...]:
        """Which players have retired."""
        return self._state.retired

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Returns every distinct legal action of the player to move.

        Empty once the game is over. This is the single source of truth:
        [`apply`][trapper_core.Game.apply] accepts exactly these actions.
        """
        legal = self._legal
        if legal is None:
            if self._state.valuation is not None:
                legal = ()
            else:
                legal = tuple(self._rules.legal_actions(self._state))
            self._legal = legal
        return legal

    def is_legal(self, action: object) -> bool:
        """Returns whether ``action`` is legal now."""
        legal = self._legal
        if legal is None:
            # Nothing listed yet (a replay): ask the variant about this action only.
            if self._state.valuation is not None:
                return False
            kind = self._rules.kind_of(action)
            return kind is not None and kind.allows(self._state, action)
        # An action taken from legal_actions() is found by identity, which is
        # far cheaper than hashing or comparing; an equal action built
        # elsewhere is then looked for by equality.
        for candidate in legal:
            if candidate is action:
                return True
        return self._listed(legal, action) is not None

    def _listed(self, legal: tuple[Action, ...], action: object) -> Action | None:
        """Returns the listed action equal to ``action``, or ``None``.

        Only an action of a kind's own class is looked for (not a subclass,
        whose ``__eq__`` could be anything), and the listed one is what the
        game keeps: an equal object with odd field values (``True`` for 1)
        never reaches the history from here. (Unlisted, an action is judged
        by its kind and kept as given: its fields are checked when it is
        made, with [`exactly`][trapper_core.exactly] in the built-in
        variants.)
        """
        if type(action) not in self._rules.kind_types:
            return None
        try:
            return legal[legal.index(action)]
        except ValueError:
            return None

    def apply(
        self, action: Action, *, shuffles: Sequence[Sequence[SupportsIndex]] | None = None
    ) -> None:
        """Plays ``action`` for the player to move.

        Raises [`IllegalActionError`][trapper_core.IllegalActionError] (naming
        the rule broken) when the action is not legal; the game is then
        unchanged.

        ``shuffles``, when given, are the outcomes (colours as indices 0–3,
        any whole number: an ``int``, a ``Colour``, a NumPy integer; top
        first) of the shuffles this action causes, in order, used instead
        of the seeded generator: this is how a record's chance outcomes are
        replayed. A shuffle the list lacks, one too many, or one that is not
        the cards shuffled is an error.
        """
        # The caller's shuffles are read first, whole: reading them runs the
        # caller's code, which must not find the game part-way through this.
        piles = None if shuffles is None else _piles(shuffles, action)
        legal = self._legal
        state = self._state
        if legal is not None:
            # The usual case: an action picked from legal_actions(), found by
            # identity, which is far cheaper than hashing or comparing; an
            # equal action built elsewhere is then looked for by equality.
            for candidate in legal:
                if candidate is action:
                    break
            else:
                listed = self._listed(legal, action)
                if listed is None:
                    raise self._explain(action)
                action = listed
            kind = self._rules.kind_types[type(action)]  # a listed action's kind
        else:
            # Nothing listed (a replay's every move): the action's kind judges it alone.
            kind = self._rules.kind_types.get(type(action))  # type: ignore[assignment]
            if state.valuation is not None or kind is None or not kind.allows(state, action):
                raise self._explain(action)
        snapshot: tuple[object, ...] = _snapshot(state)
        if piles is not None:  # a record's move, with the shuffles it gives (none, usually)
            state.forced = piles
        try:
            kind.apply(state, action)
            if state.forced:  # _unshuffled puts the state back to name the action
                raise IllegalActionError(_unshuffled(self, action, snapshot), action=action)
            over = self._rules.is_over(state)  # is_over()'s check inline: every action asks
            if over:
                if over is not True and not _true(over):  # "yes": a true answer only
                    raise _not_bool(self._rules, over)
                self._finish()
            elif state.to_move is None:
                raise self._nobody_to_move(action)
        except BaseException as exc:
            _restore(state, snapshot)
            if _foreign(exc) and _raised_by_apply(exc, kind):
                exc.add_note(
                    f"in Game.apply: raised by the apply of the {kind.name!r} kind "
                    f"({type(kind).__module__}.{type(kind).__qualname__}) of variant "
                    f"{self.variant!r}, playing {shown(action, 80)}; the game is left as it was"
                )
            raise
        finally:
            state.forced = None
        # Bookkeeping (the undo's snapshot, the history's link) after the
        # action is known to have been played whole.
        count = self._count
        recent = self._undo
        if recent is not None:
            if count % CHECKPOINT == 0:
                self._checkpoints = (self._checkpoints, count, snapshot)
            recent.append((snapshot, legal))
        self._last = (self._last, action, len(snapshot[_SHUFFLED]))  # type: ignore[arg-type]
        self._count = count + 1
        self._legal = None

    def undo(self) -> Action:
        """Takes back the last action and returns it.

        Applying the action returned plays it again with the same chance
        when the game's chance comes from its seed; a game whose reshuffles
        did not (a replayed table record) gives the action's outcomes, read
        first: ``outcome = game.outcomes()[-1]``, then
        ``game.apply(game.undo(), shuffles=outcome)``.

        Raises [`UndoError`][trapper_core.UndoError] when there is no action to take back, or
        when the game keeps no undo information (``new_game(undo=False)``).
        The last `RECENT` actions come back from a snapshot each;
        deeper ones from the snapshot kept every `CHECKPOINT` actions
        and a replay of the actions since, with the shuffles they had."""
        last = self._last
        if last is None:
            raise UndoError("there is no action to take back")
        recent = self._undo
        if recent is None:
            raise UndoError("this game keeps no undo information (new_game(..., undo=False))")
        if recent:
            snapshot, legal = recent.pop()
            _restore(self._state, snapshot)  # GameState.restore without its call
        else:
            # A replay from a checkpoint: interrupted (Ctrl-C) or failed
            # part-way, it leaves the game as it was, not in between.
            state = self._state
            before = _snapshot(state)
            try:
                self._replay_to(last)
            except BaseException:
                _restore(state, before)
                recent.clear()
                raise
            legal = None
        self._last = last[0]
        count = self._count = self._count - 1
        # The undone action's checkpoint goes with it. (A game with undo
        # keeps one before its first action, so there is a newest one.)
        checkpoints = self._checkpoints
        if checkpoints[1] == count:  # type: ignore[index]
            self._checkpoints = checkpoints[0]  # type: ignore[index]
        self._legal = legal
        return last[1]

    def _replay_to(self, last: tuple[Any, ...]) -> None:
        """Puts the state as it was before ``last``'s action (the newest),
        which is older than the recent snapshots: restores the checkpoint at
        or before it and plays the actions since again, with the shuffles
        they had, keeping their snapshots for the next undos."""
        target = self._count - 1  # the index of last's action
        checkpoint = self._checkpoints
        assert checkpoint is not None  # the first action's is always kept
        while checkpoint[1] > target:
            checkpoint = checkpoint[0]
        links = []  # the links of the actions to play again, newest first
        link = last
        for _ in range(target - checkpoint[1]):
            link = link[0]
            links.append(link)
        links.reverse()  # from the checkpoint's on
        state = self._state
        piles = state.shuffled[link[2] : last[2]]
        state.restore(checkpoint[2])
        recent = self._undo
        assert recent is not None
        kinds = self._rules.kind_types
        state.forced = list(piles)
        try:
            for link in links:
                recent.append((_snapshot(state), None))
                kinds[type(link[1])].apply(state, link[1])
        finally:
            state.forced = None

    def _nobody_to_move(self, action: Action) -> PluginError:
        over = self._rules.is_over(self._state)
        return PluginError(
            f"variant {self.variant!r}: nobody is to move after {shown(action, 80)}, but "
            f"trapper_is_over answers {over!r}: the game neither ends nor goes on (a hook "
            "annotated -> bool is the last one asked, and must answer True or False)"
        )

    def _finish(self) -> None:
        state = self._state
        answer = self._rules.final_valuation(state)
        valuation = (
            tuple(answer) if isinstance(answer, Iterable) and not isinstance(answer, str) else None
        )
        if (
            valuation is None
            or len(valuation) != state.players
            or not all(isinstance(v, Valuation) for v in valuation)
        ):
            raise PluginError(
                f"variant {self.variant!r}: trapper_final_valuation returned "
                f"{shown(answer, 80)}, not a Valuation for each of the {state.players} players"
            )
        state.valuation = valuation
        state.to_move = None

    def _explain(self, action: object) -> IllegalActionError:
        if self._state.valuation is not None:
            return IllegalActionError("the game is over", action=action)
        if not isinstance(action, Action):
            # A bot picks from its view's legal_actions; a text is read first.
            hint = (
                "a text is read with Game.parse_action or played with Game.apply_text (a bot "
                "returns one of its view's legal_actions)"
                if isinstance(action, str)
                else "pick one of Game.legal_actions() (a bot: of its view's legal_actions)"
            )
            return IllegalActionError(
                f"{shown(action, 120)} is not an action; {hint}", action=action
            )
        kind = self._rules.kind_of(action)
        if kind is None:
            return IllegalActionError(
                f"the {self.variant} game has no action like {shown(action, 200)}", action=action
            )
        error = kind.problem(self._state, action)
        if error is None:  # legal by its kind, but not listed: the kind disagrees with itself
            return IllegalActionError(
                f"{shown(action, 200)} is not a legal action now", action=action
            )
        return error

    def parse_action(self, text: str, *, seat: SupportsIndex | None = None) -> Action:
        """Returns the legal action written as ``text`` (``"Ge6"``, ``"pass"``).

        Raises [`ActionSyntaxError`][trapper_core.ActionSyntaxError] for text
        that is no action of the variant and
        [`IllegalActionError`][trapper_core.IllegalActionError] (or its
        subclass [`AmbiguousActionError`][trapper_core.AmbiguousActionError])
        for an action that is not legal now.

        ``seat`` is the seat the text comes from, when it comes from a
        player (a server's request): a seat that is not to move is refused
        with an `IllegalActionError` before the text is read, since the
        errors and hints about a text describe the hand of the player to
        move, which no other player may learn (a seat the game does not
        have is a `SetupError`, as `view` refuses it).
        """
        if seat is not None:
            self._from_seat(seat)
        action = self._read(text)
        if self._legal is None:
            if not self.is_legal(action):
                raise self._explain(action)
            return action
        actions = self._legal
        by_value = self._legal_by_value
        if by_value is None or by_value[0] is not actions:
            by_value = self._legal_by_value = (actions, dict(zip(actions, actions, strict=True)))
        found = by_value[1].get(action)
        if found is None:
            raise self._explain(action)
        return found  # the very object legal_actions() lists: apply() then finds it at once

    def apply_text(
        self,
        text: str,
        *,
        shuffles: Sequence[Sequence[SupportsIndex]] | None = None,
        seat: SupportsIndex | None = None,
    ) -> Action:
        """Reads ``text`` as an action and plays it (like python-chess's
        ``push_san``); returns the action. Raises as
        [`parse_action`][trapper_core.Game.parse_action] and
        [`apply`][trapper_core.Game.apply] do; legality is checked once.
        ``seat``, when given, is the seat the text comes from, refused
        unless it is to move, as `parse_action` refuses it."""
        if seat is not None:
            self._from_seat(seat)
        action = self._read(text)
        self.apply(action, shuffles=shuffles)
        return action

    def _read(self, text: str) -> Action:
        """Reads ``text`` as an action of the variant, legal or not."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action is read from a string, not {type(text).__name__}")
        stripped = str.strip(text)  # str's own: a subclass's strip() could say anything
        if len(stripped) > MAX_ACTION_TEXT:
            # No action is written so long: an error that quoted the text
            # whole would be as long as it.
            raise ActionSyntaxError(
                f"{shown(stripped)} is not an action: an action's text is at most "
                f"{MAX_ACTION_TEXT} characters, not {len(stripped)}"
            )
        try:
            action = self._rules.parse_action(self._state, stripped) if stripped else None
        except ActionFieldError as exc:  # the text names a value no action takes
            raise ActionSyntaxError(f"{shown(stripped)}: {exc}") from exc
        except TrapperError:
            raise
        except ValueError as exc:
            raise ActionSyntaxError(f"{shown(stripped)}: {exc}") from exc
        if action is None:
            raise ActionSyntaxError(
                f"{shown(text)} is not an action of the {self.variant} game{self._hint(stripped)}"
            )
        return action

    def _hint(self, text: str) -> str:
        """The legal actions whose texts are closest to ``text``, whatever
        the case (``Gc44``: ``Gc4``, ``Gc4/PP``…), or else the first few."""
        texts = [self.action_text(a) for a in self.legal_actions()]
        if not texts:
            return ""
        lowered = {t.lower(): t for t in texts}
        close = difflib.get_close_matches(text.lower(), list(lowered), n=4, cutoff=0.6)
        if close:
            return "; did you mean " + ", ".join(repr(lowered[c]) for c in close) + "?"
        return "; legal now are, for instance, " + ", ".join(map(repr, texts[:4]))

    def action_text(self, action: Action) -> str:
        """Returns the text of ``action`` in the current position (``"Ge6/BB"``).

        Raises [`ActionSyntaxError`][trapper_core.ActionSyntaxError] for an
        action no kind of the variant plays,
        [`IllegalActionError`][trapper_core.IllegalActionError] for an action
        that is not legal now (an action's text depends on its position: an
        action of the history is written in the position it was played in,
        as the notation's writer does), and
        [`PluginError`][trapper_core.PluginError] when the kind writes a text
        that the notation could not read back (see
        ``trapper_core.ACTION_TEXT``).
        """
        kind = self._legal_kind(action, "action_text", "text")
        text = kind.text(self._state, action)
        if not isinstance(text, str) or ACTION_TEXT.fullmatch(text) is None:
            raise PluginError(
                f"the {kind.name!r} kind ({type(kind).__module__}.{type(kind).__qualname__}) "
                f"wrote {text!r} for {action!r}; an action text is a letter or digit, then "
                "letters, digits and / < > + = - (trapper_core.ACTION_TEXT)"
            )
        if len(text) > MAX_ACTION_TEXT:  # parse_action reads none so long: no record would
            raise PluginError(
                f"the {kind.name!r} kind ({type(kind).__module__}.{type(kind).__qualname__}) "
                f"wrote a text of {len(text)} characters for {shown(action, 80)}; an action "
                f"text is at most {MAX_ACTION_TEXT}, as parse_action reads them"
            )
        return text

    def describe(self, action: Action) -> str:
        """Returns what ``action`` does in the current position, as a short
        sentence in plain English (``"Blue trapper to c5, paying two beige
        cards: bear canoe (2) opens a new row"``): a button's label, or a
        line for a newcomer, where [`action_text`][trapper_core.Game.action_text]
        gives the notation's text. Distinct legal actions have distinct
        words. The words are the kind's
        ([`ActionKind.describe`][trapper_core.ActionKind.describe]; a kind
        of a variant that gives none is described by its text).

        Accepts and refuses what `action_text` does, and changes nothing:
        [`ActionSyntaxError`][trapper_core.ActionSyntaxError] for an action
        no kind of the variant plays,
        [`IllegalActionError`][trapper_core.IllegalActionError] for one
        that is not legal now, and
        [`PluginError`][trapper_core.PluginError] when the kind's words
        are not one line of printable characters.
        """
        kind = self._legal_kind(action, "describe", "words")
        words = kind.describe(self._state, action)
        # str's own methods: a subclass's could say anything.
        if not isinstance(words, str) or not str.strip(words) or not str.isprintable(words):
            raise PluginError(
                f"the {kind.name!r} kind ({type(kind).__module__}.{type(kind).__qualname__}) "
                f"described {shown(action, 80)} as {shown(words, 80)}; an action's words are "
                "one line of printable characters, not empty (ActionKind.describe)"
            )
        return words

    def _legal_kind(self, action: Action, call: str, what: str) -> ActionKind[Any]:
        """The kind of ``action``, which is legal now; else the error of
        `action_text` and `describe` (``call``), which give its ``what``."""
        kind = self._rules.kind_of(action)
        if kind is None:
            if isinstance(action, str):
                raise ActionSyntaxError(
                    f"{call} takes an action, not a str ({shown(action, 80)}): a text "
                    "is read with Game.parse_action, or played with Game.apply_text"
                )
            raise ActionSyntaxError(
                f"no kind of action of {self.variant!r} writes {shown(action, 200)}"
            )
        if not self.is_legal(action):
            raise IllegalActionError(
                f"{shown(action, 200)} is not legal now, so it has no {what} in this position "
                f"({self._explain(action)})",
                action=action,
            )
        return kind

    def position_key(self) -> tuple[object, ...]:
        """Returns a hashable key of the position, whatever led to it: what a
        search's transposition table is keyed by (python-chess's
        ``_transposition_key``).

        Two games of one variant have equal keys when all that decides what
        follows is equal: the board and which of its tiles are face up, the
        trappers, every hand, the cards still to draw in their order, the
        discard pile, the cards out of the game, the displays, the bonus
        tokens, the canoes returned, who is to move, the turn record, who
        has retired, and the game's seed with the count of reshuffles made
        (which decide the reshuffles to come). The history is not in it, nor
        the count of turns, which no rule of the built-in variants reads: so
        two orders of the same moves give one key, and so does a round in
        which every player passed without a card to draw (a game that no
        rule ends, in the base game). A variant whose rules read the count of turns or the
        cards once drawn has positions that this key does not tell apart.

        For one player's knowledge, a view's
        [`position_key`][trapper_core.PlayerView.position_key].

        Examples:
            >>> game = new_game("base", 2, seed=1)
            >>> key = game.position_key()
            >>> hash(key) == hash(game.copy().position_key())
            True
        """
        state = self._state
        return (
            self._rules.variant,
            state.board,
            state.face_up,
            state.trappers,
            state.hands,
            state.pile[state.drawn :],
            state.discard,
            state.out,
            state.displays,
            state.supply,
            state.returned,
            state.to_move,
            state.turn,
            state.retired,
            state.seed,
            len(state.shuffled),
        )

    # ------------------------------------------------------------------
    # Scores
    # ------------------------------------------------------------------

    def valuation(self) -> tuple[Valuation, ...] | None:
        """Returns every player's end valuation, or ``None`` before the end."""
        return self._state.valuation

    def scores(self) -> tuple[int, ...]:
        """Returns each player's money: payouts so far, and once the game is
        over the end valuation's total too."""
        money = [d.money for d in self._state.displays]
        valuation = self._state.valuation
        if valuation is not None:
            money = [m + v.total for m, v in zip(money, valuation, strict=True)]
        return tuple(money)

    def winners(self) -> tuple[int, ...]:
        """Returns the seats of the winners, as the variant decides them from
        the scores, or ``()`` while the game goes on."""
        if not self.is_over:
            return ()
        scores = self.scores()
        answer = self._rules.winners(self._state, scores)
        # Seats in ascending order, one or more: a tuple or a list of whole
        # numbers (an IntEnum's, numpy's: anything with __index__), given back
        # as a tuple of ints.
        try:
            if isinstance(answer, str | bytes) or not isinstance(answer, tuple | list):
                raise TypeError
            winners = tuple(operator.index(seat) for seat in answer)
        except TypeError:
            winners = ()
        if (
            not winners
            or any(isinstance(seat, bool) for seat in answer)
            or not 0 <= winners[0] <= winners[-1] < len(scores)
            or list(winners) != sorted(set(winners))
        ):
            raise bad_answer(
                self.variant,
                f"trapper_winners(state, {scores})",
                answer,
                f"a tuple of the winners' seats (0 to {len(scores) - 1}), ascending",
            )
        return winners

    # ------------------------------------------------------------------
    # Views, copies, serialization
    # ------------------------------------------------------------------

    def view(self, player: SupportsIndex) -> PlayerView:
        """Returns what ``player`` (a seat: any whole number, a NumPy integer
        too) may know: never a face-down tile, another player's hand, or the
        order of the draw pile."""
        seat = player
        if type(seat) is not int or not 0 <= seat < len(self.players):
            seat = self._check_seat(player)  # a bad seat raises
        legal = self.legal_actions() if self._state.to_move == seat else ()
        return make_view(self, seat, legal)

    def _origin_view(self, player: int) -> PlayerView:
        """``player``'s view of the position this game begins at (a game
        whose history does not begin at its setup): ``view.origin``. The
        facts are made once a seat (kept in a view never read), and each
        call returns a view of its own: its displays are its own copies,
        as any view's are."""
        views = self._origin_views
        if views is None:
            views = self._origin_views = {}
        view = views.get(player)
        if view is None:
            root = self.root()
            legal = root.legal_actions() if root.to_move == player else ()
            view = views[player] = make_view(root, player, legal, origin=False)
        return unread_copy(view)

    def _from_seat(self, seat: object) -> None:
        """Refuses what ``seat`` sends when it is not the seat to move."""
        number = self._check_seat(seat)
        to_move = self._state.to_move
        if to_move is None:
            raise IllegalActionError("the game is over: no seat is to move")
        if number != to_move:
            raise IllegalActionError(
                f"it is the turn of seat {to_move} ({shown(self.players[to_move], 40)}), not "
                f"of seat {number} ({shown(self.players[number], 40)}): nothing seat {number} "
                "sends is read now"
            )

    def _check_seat(self, player: object) -> int:
        """``player`` as an int seat: any whole number (a NumPy integer too), not a bool."""
        seat = as_whole(player, SetupError, "a player is a seat number")
        if not 0 <= seat < len(self.players):
            raise SetupError(f"there is no seat {shown(player)} among {len(self.players)} players")
        return seat

    def outcomes(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Returns, for every action of the history, the outcomes of the
        shuffles it caused (colours, top first; usually none), as
        [`apply`][trapper_core.Game.apply] takes them: replaying the history
        from [`root`][trapper_core.Game.root] with these makes the same game
        even when its chance did not come from the seed (a replayed table
        record)."""
        marks = [len(self._state.shuffled)]
        link = self._last
        while link is not None:
            marks.append(link[2])
            link = link[0]
        marks.reverse()
        piles = self._state.shuffled
        return tuple(piles[marks[i] : marks[i + 1]] for i in range(self._count))

    def root(self) -> Game:
        """Returns a new game at this game's starting position, with no history."""
        if self._origin is not None:  # a sampled position: the history begins there
            game = self.copy()
            game._begin_at(self._origin)
            return game
        return Game._start(
            self._rules, self.players, self.seed, self.setup, undo=self._undo is not None
        )

    def at(self, count: int) -> Game:
        """Returns a new game: the first ``count`` actions of this game's
        history played from its [`root`][trapper_core.Game.root], each with
        the shuffles it had, as python-chess gives the board of a move of a
        game. ``at(0)`` is the start, ``at(len(game.history))`` a game equal
        to this one, and a negative ``count`` counts from the end, as an
        index does (``at(-1)``: before the last action). A count beyond the
        history, or one that is no whole number, raises
        [`UndoError`][trapper_core.UndoError]."""
        number = as_whole(
            count, UndoError, f"at takes a number of actions from 0 to {self._count}"
        )
        # Counted after the count is read: its __index__ is the caller's code,
        # which may play on the game or take actions back.
        total = self._count
        index = number + total if number < 0 else number
        if not 0 <= index <= total:
            counts = f"0 to {total} (or -1 to -{total})" if total else "only 0"
            raise UndoError(
                f"the game has {counted(total, 'action')}: at takes {counts}, not {shown(number)}"
            )
        game = self.root()
        history, outcomes = self.history[:index], self.outcomes()[:index]
        for action, shuffles in zip(history, outcomes, strict=True):
            game.apply(action, shuffles=shuffles)
        return game

    def copy(self) -> Game:
        """Returns an independent copy: same position, history and rules."""
        other = object.__new__(Game)
        other._rules = self._rules
        other.players = self.players
        other.seed = self.seed
        other.setup = self.setup
        other._state = self._state.copy()
        other._last = self._last  # links are immutable: shared, not copied
        other._checkpoints = self._checkpoints
        other._count = self._count
        recent = self._undo
        other._undo = None if recent is None else recent.copy()
        other._legal = self._legal
        other._legal_by_value = self._legal_by_value
        other._public = self._public
        other._displays = self._displays
        other._origin = self._origin
        other._origin_views = self._origin_views
        return other

    def _copy_keeping_undo(self) -> Game:
        """A copy that keeps undo information for the actions applied to it
        from now on (the game itself may keep none: ``undo=False``): what
        `check_action` takes an action back on. Actions older than the
        copy cannot be taken back unless the game kept undo itself."""
        other = self.copy()
        if other._undo is None:
            other._undo = deque(maxlen=RECENT)
            # the checkpoint an undo back to this position finds
            other._checkpoints = (None, other._count, _snapshot(other._state))
        return other

    def _as_root(self) -> None:
        """Makes the current position the game's start: no history, nothing to
        undo. For the sampler's positions (``Sampler.position``), which are
        positions to search from, not records."""
        self._last = None
        self._checkpoints = None
        self._count = 0
        if self._undo is not None:
            self._undo = deque(maxlen=RECENT)
        self._legal = None
        self._legal_by_value = None
        self._origin = (_snapshot(self._state), self._state.box)
        self._origin_views = {}

    def _begin_at(self, origin: tuple[tuple[object, ...], tuple[Tile, ...]]) -> None:
        """Puts the game at ``origin`` (see ``_origin``), with no history."""
        _restore(self._state, origin[0])
        self._state.box = origin[1]
        self._as_root()
        self._public = None

    def to_dict(self) -> dict[str, Any]:
        """Returns the whole game as plain JSON-able data (see
        [`from_dict`][trapper_core.Game.from_dict]). Raises
        [`GameFormatError`][trapper_core.GameFormatError] for a game whose
        history does not begin at its setup (``from_setup``)."""
        if self._origin is not None:
            raise GameFormatError(
                "this game begins at a position (game_at, Sampler.position), which its setup "
                "does not describe: it has no stored form (its record in the notation gives "
                "the position; or copy() or pickle it)"
            )
        return serialize.game_to_dict(self)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, registry: Registry | None = None, undo: bool = True
    ) -> Game:
        """Rebuilds a game from [`to_dict`][trapper_core.Game.to_dict] data, replaying and checking
        every action. Raises [`GameFormatError`][trapper_core.GameFormatError] for bad data,
        a key the format does not have among them (a misspelt key would
        otherwise be read as left out: ``shuffles``, say, as shuffles by the
        seed). The data hold the game, not how it is kept: ``undo=False``
        makes a game that keeps no undo information, as ``new_game`` does."""
        if type(undo) is not bool:  # the caller's mistake, not the data's
            raise SetupError(f"undo is True or False, not {shown(undo)}")
        return _from_dict(data, registry, undo)

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        # Every value a game holds is immutable and copy() copies its lists:
        # a copy is already as deep as a game can be.
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles the game as its stored data: unpickling replays and checks
        every action, by the variant's name among the installed variants
        (what ``multiprocessing`` and cluster schedulers need). A game without
        undo (``new_game(..., undo=False)``) comes back without it, as its
        copies do."""
        if self._origin is not None:  # a sampled position: its state, then its history
            return (
                _at_position,
                (
                    self.variant,
                    self.players,
                    self.seed,
                    self.setup,
                    self._origin,
                    self.history,
                    self.outcomes(),
                    self._undo is not None,
                ),
            )
        return (_unpickle, (self.to_dict(), self._undo is not None))

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are the same game so far: the same
        variant, players, seed, setup and history, and so the same state
        (a complete record, `Record.from_game`, replays to a game equal to
        the one it records, but for a position drawn by `Sampler.position`,
        whose setup keeps tiles the record's `Position` tag does not, and a
        game whose reshuffles were given to `apply` (``shuffles=``) rather
        than made by its seed, whose record notes them and leaves the seed
        out; a table record knows neither seed nor setup).
        Unlike
        ``chess.Board``'s, this is not the position alone: two games that
        reached one position by other moves (or with other names) differ,
        and [`position_key`][trapper_core.Game.position_key] compares
        positions."""
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.variant == other.variant
            and self.players == other.players
            and self.seed == other.seed
            and self.setup == other.setup
            and self.history == other.history
            and self._state == other._state
        )

    __hash__ = None  # type: ignore[assignment]

    def _repr_svg_(self) -> str:
        """The position as a picture, for Jupyter (face-down tiles stay hidden)."""
        from .svg import position

        return position(self)

    def __str__(self) -> str:
        """The position as text, like ``print(board)`` in python-chess: the
        terminal picture ([`render`][trapper_core.terminal.render]) without
        colour."""
        from .terminal import render

        return render(self)

    def __repr__(self) -> str:
        if self.is_over:
            where = "over"
        else:
            assert self.to_move is not None
            where = f"{self.players[self.to_move]} to move"
        actions = counted(self._count, "action")
        return f"<Game {self.variant!r}, {len(self.players)} players, {actions}, {where}>"


def _foreign(exc: BaseException) -> bool:
    """Whether ``exc`` is an error of a plugin's own code (not one of the
    core's errors, nor an interruption)."""
    return isinstance(exc, Exception) and not isinstance(exc, TrapperError)


def _raised_by_apply(exc: BaseException, kind: ActionKind[Any]) -> bool:
    """Whether ``exc``, caught in `Game.apply`, was raised in the call of
    ``kind``'s apply rather than in what follows it (the hooks asked
    whether the game is over, and for the valuation): the frame it passed
    through next is that of the kind's apply. Asked on the failure path
    alone."""
    traceback = exc.__traceback__
    called = traceback.tb_next if traceback is not None else None
    if called is None:
        return False
    apply = getattr(type(kind), "apply", None)
    return called.tb_frame.f_code is getattr(apply, "__code__", None)


def _at_position(
    variant: str,
    players: tuple[str, ...],
    seed: int,
    setup: Setup,
    origin: tuple[tuple[object, ...], tuple[Tile, ...]],
    actions: tuple[Action, ...],
    outcomes: tuple[tuple[tuple[int, ...], ...], ...],
    undo: bool,
) -> Game:
    """Unpickles a game whose history begins at a sampled position: the
    position's state, checked as `game_at` checks a position, then every
    action with the shuffles it had."""
    from .positions import _check  # only when such a pickle is loaded

    rules = _installed(variant, "")
    game = Game._start(rules, players, seed, setup, undo=undo)
    game._begin_at(origin)
    try:
        _check(game)
    except SetupError as exc:
        raise GameFormatError(
            f"a pickled game's position: {str(exc).removeprefix('game_at: ')}"
        ) from None
    for action, piles in zip(actions, outcomes, strict=True):
        game.apply(action, shuffles=piles)
    return game


def _installed(variant: str, advice: str) -> Rules:
    """The rules of the installed variant an unpickled game names; for one
    that is not installed, an error that says why a pickle looks there."""
    try:
        return default_registry().rules(variant)
    except UnknownVariantError as exc:
        raise UnknownVariantError(
            f"{_without_registry_advice(str(exc))}: a pickled game finds its variant by name "
            "among the installed variants "
            "(the trapper_core.plugins entry points), so a game of a variant given to a "
            f"Registry in code unpickles only where that variant is installed{advice}"
        ) from exc


def _unpickle(data: Mapping[str, Any], undo: bool) -> Game:
    """Unpickles a game stored as its `Game.to_dict` data: replays it among
    the installed variants, with undo information or without, as it had."""
    _installed(
        data["variant"],
        "; elsewhere store game.to_dict() and rebuild it with Game.from_dict(data, registry=…)",
    )
    return _from_dict(data, None, undo)


def _from_dict(
    data: Mapping[str, Any], registry: Registry | None = None, undo: bool = True
) -> Game:
    """`Game.from_dict`, making a game with undo information or (``undo=False``)
    without, as ``new_game`` does: what an unpickled game is made by."""
    registry_or_default(registry)  # a bad one is the caller's error, not the data's
    serialize.check_format(data)
    variant = serialize.field(data, "variant", str, "game")
    players = serialize.field(data, "players", list, "game")
    seed = serialize.field(data, "seed", int, "game")
    setup = serialize.setup_from_dict(serialize.field(data, "setup", dict, "game"))
    history = serialize.field(data, "history", list, "game")
    shuffles = serialize.shuffles_from(data, len(history))
    try:
        game = new_game(variant, players, seed=seed, setup=setup, registry=registry, undo=undo)
    except TrapperError as exc:
        raise GameFormatError(f"game: {exc}") from exc
    for i, text in enumerate(history):
        if not isinstance(text, str):
            raise GameFormatError(
                f"history[{i}]: expected an action's text, found {type(text).__name__}"
            )
        try:
            action = game.parse_action(text)
            game.apply(action, shuffles=None if shuffles is None else shuffles[i])
        except TrapperError as exc:
            raise GameFormatError(f"history[{i}] {shown(text)}: {exc}") from exc
    return game
