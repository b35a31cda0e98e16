"""Checks of what must hold in every position of every variant.

[`check_invariants`][trapper_core.invariants.check_invariants] looks at one
position: what holds whatever the rules (every tile and card accounted for,
tokens unique, someone to move while the game goes on), then the variant's own
named checks (``trapper_invariants``).
[`check_action`][trapper_core.invariants.check_action] also tries the
position's actions: every text round trip, the kinds' checks against their
listing, near misses, a rejected action, a copy, an undo. The property tests
and the playout benchmark run them after every action of whole games, and a
plugin author can run them on a variant.
"""

from __future__ import annotations

import copy as copy_module
import gc
import threading
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from .actions import Action
from .errors import IllegalActionError, PluginError, SetupError, TrapperError, shown
from .game import Game
from .interning import interned
from .kinds import ActionKind
from .model import COLOURS, FACE_DOWN, SQUARES, Colour, Square, Tile, TokenKind
from .plugins import Rules
from .state import NO_TARGETS, GameState
from .view import History, PlayerView

__all__ = ["InvariantError", "check_action", "check_invariants", "check_view"]


class InvariantError(TrapperError, AssertionError):
    """A position that breaks a rule no position may break."""


def _fail(game: Game, message: str) -> InvariantError:
    return InvariantError(f"after {len(game.history)} actions of {game!r}: {message}")


def check_invariants(game: Game) -> None:
    """Raises [`InvariantError`][trapper_core.InvariantError] unless ``game``'s position is sound:
    every tile and card accounted for, tokens unique, the turn consistent,
    and every check the variant names (``trapper_invariants``) content."""
    if not isinstance(game, Game):
        raise SetupError(f"check_invariants takes a Game, not {shown(game)}")
    state = game.state
    _check_tiles(game, state)
    _check_cards(game, state)
    _check_tokens(game, state)
    _check_turn(game, state)
    for name, check in game.rules.invariants:
        found = check(state)
        if isinstance(found, str | bytes) or not isinstance(found, Iterable):
            # A description returned alone would be read a character at a
            # time, and None or a bool not at all.
            raise PluginError(
                f"variant {game.variant!r}: the check {name!r} returned {shown(found)}, not "
                "an iterable of problems (a list of descriptions, empty when all is well, or "
                "a generator that yields them)"
            )
        for problem in found:
            raise _fail(game, f"{name}: {problem}")


def _check_tiles(game: Game, state: GameState) -> None:
    where: Counter[Tile] = Counter(t for t in state.board if t is not None)
    for display in state.displays:
        where.update(display.tiles())
    for _player, valued in state.returned:
        where.update(valued.row.tiles)
    where.update(state.box)
    # Compared as plain dicts (in C; Counter's == is a loop in Python), and
    # the setup's counted once per setup: a checked game asks at every position.
    if dict(where) != _setup_tiles(game.setup):
        raise _fail(game, "tiles on the board, in displays and in the box differ from the setup")
    on_board = sum(t is not None for t in state.board)
    if on_board != state.tiles_left:
        raise _fail(game, f"tiles_left is {state.tiles_left}, the board holds {on_board}")
    for i in state.face_up_squares():
        if state.board[i] is None:
            raise _fail(game, f"{SQUARES[i]} is marked face up but holds no tile")
    for colour, square in zip(COLOURS, state.trappers, strict=True):
        if state.board[square] is not None:
            raise _fail(game, f"the {colour} trapper stands on a tile at {SQUARES[square]}")
    if len(set(state.trappers)) != 4:
        raise _fail(game, "two trappers share a square")
    mask = state.board_squares.mask
    off = [
        SQUARES[i].name for i, t in enumerate(state.board) if t is not None and not mask >> i & 1
    ]
    if off:
        raise _fail(game, f"tiles lie off the board, on {' '.join(off)}")


def _per_setup(
    cache: dict[int, tuple[object, Any]], setup: object, make: Callable[[], Any]
) -> Any:
    """What ``make`` gives for ``setup``, made once: kept in ``cache`` by the
    setup's id, with the setup held so that the id stays its own (a few
    setups in a run; emptied when it holds 64). Checks ask at every position
    for what depends on the setup alone."""
    kept = cache.get(id(setup))
    if kept is not None and kept[0] is setup:
        return kept[1]
    if len(cache) >= 64:
        cache.clear()
    made = make()
    cache[id(setup)] = (setup, made)
    return made


#: Each setup's tiles counted (`_per_setup`).
_SETUP_TILES: dict[int, tuple[object, Any]] = {}


def _setup_tiles(setup: Any) -> dict[Tile, int]:
    counted: dict[Tile, int] = _per_setup(
        _SETUP_TILES, setup, lambda: dict(Counter(setup.tiles()))
    )
    return counted


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
        found = ", ".join(f"{count[c]} {c}" for c in COLOURS)
        dealt = ", ".join(f"{expected[c]} {c}" for c in COLOURS)
        raise _fail(game, f"the cards in play are {found}; the deck has {dealt}")


def _check_tokens(game: Game, state: GameState) -> None:
    initial = game.rules.token_supply()
    held = [t for d in state.displays for t in d.tokens]
    if len(set(held)) != len(held):
        raise _fail(game, "a bonus token is held twice")
    canoe = [t.number for t in held if t.kind is TokenKind.CANOE] + list(state.supply.canoe)
    species = [t.number for t in held if t.kind is TokenKind.SPECIES] + list(state.supply.species)
    if sorted(canoe) != sorted(initial.canoe) or sorted(species) != sorted(initial.species):
        raise _fail(game, "bonus tokens held and in the supply differ from the tokens laid out")


def _check_turn(game: Game, state: GameState) -> None:
    if state.valuation is None:
        if state.to_move is None or state.retired[state.to_move]:
            raise _fail(game, "the game goes on but nobody (or a retired player) is to move")
    elif state.to_move is not None:
        raise _fail(game, "the game is over but somebody is to move")


def check_view(game: Game, view: PlayerView) -> None:
    """Raises [`InvariantError`][trapper_core.InvariantError] if ``view`` shows
    what its player may not know, or leads to the game's hidden state."""
    if not isinstance(game, Game):
        raise SetupError(f"check_view takes a Game and a view of it, not {shown(game)}")
    if not isinstance(view, PlayerView):
        raise SetupError(f"check_view takes a PlayerView, not {shown(view)}")
    state = game.state
    # The hidden parts of the state, by identity: the true board (when a
    # tile is face down), the draw pile and the piles of past reshuffles.
    # (Empty tuples are one object in CPython: an empty pile hides nothing.)
    # Looked for before any field is read: a view made by Game.view keeps
    # most of its fields as facts until they are read, and those facts are
    # walked too.
    hidden = {id(state.pile): "the draw pile"} if state.pile else {}
    for pile in state.shuffled:
        if pile:
            hidden[id(pile)] = "the order of a reshuffled pile"
    if state.board != state.seen_board():
        hidden[id(state.board)] = "the board with its face-down tiles"
    # A display's scratch cache: which answers it holds depends on what the
    # player to move could afford to ask, and the game writes into it.
    for display in state.displays:
        if display.cache is not None:
            hidden[id(display.cache)] = "a display's cache, which the game writes"
    # The view's history is the game's chain of links, which grows by one
    # link an action: its objects are walked once a game (`_history_walked`),
    # and each view's walk stops where it meets them.
    walked = _history_walked(game, view, hidden)
    for found in _levels(view, walked, _setup_objects(game, hidden)):
        _check_objects(game, found, hidden)
    # A view not read yet keeps the board as facts (``view.Public``): the
    # table's board and the tiles taken at some moment, and the changes
    # since. None may show anything at a square whose tile is face down now.
    facts = vars(view).get("_facts")
    if facts is not None:
        base_seen, base_taken, changes = facts[3]
        marks = [(i, base_seen[i], base_taken[i]) for i in range(len(state.board))]
        marks += [(changes[k], changes[k + 1], changes[k + 2]) for k in range(0, len(changes), 3)]
        for i, seen, taken in marks:
            if (
                state.board[i] is not None
                and not state.face_up >> i & 1
                and (seen is not FACE_DOWN or taken is not None)
            ):
                raise _fail(game, f"a view's facts show {seen!r}, {taken!r} on {SQUARES[i]}")
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
    if view.discard.counts != state.discard:
        raise _fail(game, "a view shows the wrong discard pile")
    if view.trappers != tuple(SQUARES[i] for i in state.trappers):
        raise _fail(game, "a view shows the trappers elsewhere")
    # (The game's history as a History: one that shares the view's links is
    # equal without a tuple of either being made.)
    if view.history != History(game._last, game._count):
        raise _fail(game, "a view shows another history")
    if view.player != state.to_move and view.legal_actions:
        raise _fail(game, "a view lists actions for a player who is not to move")


def _reachable(root: object) -> Iterator[object]:
    """Every object a chain of references leads to from ``root``, as the
    garbage collector sees them (slots and private attributes too), not
    going into classes, modules or functions (the tests' measure of what
    `check_view` walks)."""
    for found in _levels(root, frozenset()):
        yield from found


def _levels(
    root: object, known: set[int] | frozenset[int], also: frozenset[int] = frozenset()
) -> Iterator[list[object]]:
    """`_reachable`'s objects, a level of references at a time. Each level
    is sorted out by set operations and the garbage collector's calls on the
    whole level, without Python code per object but one comprehension:
    checking a view walks some 800 references (walked one object at a
    time, they would take a fifth of a random game's checks)."""
    seen: set[int] = set()
    level: Sequence[object] = [root]
    while level:
        by_id = {id(obj): obj for obj in level}
        fresh = by_id.keys() - seen
        if known:
            fresh -= known
        if also:
            fresh -= also
        if not fresh:
            return
        seen |= fresh
        found = [by_id[key] for key in fresh]
        skip = {kind for kind in set(map(type, found)) if issubclass(kind, _NOT_DATA)}
        if skip:
            found = [obj for obj in found if type(obj) not in skip]
        yield found
        level = gc.get_referents(*found)


def _check_objects(game: Game, found: list[object], hidden: dict[int, str]) -> None:
    """Raises if one of the objects ``found`` from a view is the game, its
    state, its rules or a hidden part of its state (``hidden``, by id)."""
    for kind in set(map(type, found)):
        if issubclass(kind, (Game, GameState, Rules)):
            raise _fail(game, f"a view leads to {kind.__name__}")
    if hidden:
        for key in hidden.keys() & set(map(id, found)):
            raise _fail(game, f"a view leads to {hidden[key]}")


#: What every view of a game shares with its setup (`_per_setup`): the ids
#: of every object the setup's tiles and board squares lead to. Tiles and
#: squares are values that every player sees (a face-down tile is shown as
#: FACE_DOWN, not as a tile): walked and checked once per setup, not in
#: every view (they would be two thirds of the objects a view's walk visits).
#: Kept with the tuple walked from: its id, and its tiles list's, are among
#: the ids, and must not become a hidden pile's.
_SETUP_OBJECTS: dict[int, tuple[object, Any]] = {}


def _setup_objects(game: Game, hidden: dict[int, str]) -> frozenset[int]:
    def walk() -> tuple[object, frozenset[int]]:
        root = (game.setup.tiles(), game.state.board_squares, SQUARES)
        found: set[int] = set()
        for level in _levels(root, frozenset()):
            _check_objects(game, level, hidden)
            found.update(map(id, level))
        return root, frozenset(found)

    ids: frozenset[int] = _per_setup(_SETUP_OBJECTS, game.setup, walk)[1]
    return ids


class _Walked(threading.local):
    """The newest history link walked by `check_view` (in this thread), its
    count, and the ids of every object it leads to. The link is held, so
    every object it leads to stays alive and its id stays its own; links
    and actions are immutable, so what a link leads to never changes."""

    def __init__(self) -> None:
        self.link: tuple[Any, ...] | None = None
        self.count = 0
        self.ids: set[int] = set()


_WALKED = _Walked()


def _history_walked(
    game: Game, view: PlayerView, hidden: dict[int, str]
) -> set[int] | frozenset[int]:
    """The ids of every object the history links of ``view`` lead to, after
    checking them as `check_view` checks every object a view leads to.

    A view made by `Game.view` shares the game's chain of links (its
    history, newest first), which grows by a link an action. The links
    walked for the last view checked are not walked again when this view's
    chain goes on from them (the views of one game, action after action):
    checking the views of a whole game costs its length, not its length
    squared. A view with no such chain gets an empty set."""
    fields = vars(view)
    later = fields.get("_later")  # a view not read yet: its history's link and count
    if later is not None:
        link, count = later[3], later[4]
    else:
        history = fields.get("history")
        if type(history) is not History:
            return frozenset()
        link, count = history._last, history._count
    if type(link) is not tuple or type(count) is not int:
        return frozenset()
    walked = _WALKED
    start = link
    for _ in range(count - walked.count):  # back to the length walked last
        if type(start) is not tuple:
            break
        start = start[0]
    known = walked.ids if start is walked.link and walked.link is not None else set()
    added: set[int] = set()
    for found in _levels(link, known):
        _check_objects(game, found, hidden)
        added.update(map(id, found))
    # Kept only once every new object has passed: a walk cut short by an
    # error leaves the last one as it was.
    known = known | added
    walked.link, walked.count, walked.ids = link, count, known
    for key in hidden.keys() & known:
        raise _fail(game, f"a view leads to {hidden[key]}")
    return known


_NOT_DATA = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


def _not_read_back(game: Game, action: Action, text: str, found: object) -> str:
    """Says why ``text``, the text of the legal ``action``, does not read back
    as it: ``found`` is what it read as, or the error reading it raised.
    Kinds read a text in listing order and the first that answers wins, so
    the message names the kind that wrote the text and the one that read it."""
    rules, state = game.rules, game.state
    writer = rules.kind_of(action)
    wrote = f"{text!r}, the text the {writer.name if writer else '?'!r} kind writes for {action!r}"
    reader: ActionKind[Any] | None = None
    for kind in rules.kinds:  # the first kind that answers, as Rules.parse_action asks them
        try:
            answered = kind.parse(state, text) is not None
        except Exception:  # the kind that raised is the one to name
            answered = True
        if answered:
            reader = kind
            break
    if isinstance(found, Exception):
        if reader is None:
            return f"{wrote}, does not read back: no kind's parse reads it"
        if reader is writer or not isinstance(found, IllegalActionError):
            how = f"the {reader.name!r} kind's parse raised {type(found).__name__}: {found}"
        else:  # read as an action of another kind, which is not legal now
            how = f"the {reader.name!r} kind reads it first, as an action not legal now: {found}"
        return f"{wrote}, does not read back: {how}"
    by = "" if reader is None else f" of the {reader.name!r} kind"
    order = (
        ""
        if reader is writer
        else " (kinds read a text in listing order and the first that returns an action "
        "wins: a kind returns None for a text not of its syntax)"
    )
    return f"{wrote}, reads back as {shown(found, 200)}{by}{order}"


def check_action(game: Game) -> None:
    """Checks the current position's actions: each text reads back as the
    same action, each kind's check agrees with its listing (for the legal
    actions and for near misses), and a rejected action, a copy and an undo
    leave the game exactly as it was. Leaves ``game`` unchanged.

    A finished game has no action to check: its listing must be empty and
    it must refuse every kind's action without choices, unchanged. A game
    made with ``undo=False`` has its undo checked on a copy that keeps
    undo."""
    if not isinstance(game, Game):
        raise SetupError(f"check_action takes a Game, not {shown(game)}")
    legal = game.legal_actions()
    if game.is_over:
        _check_finished(game, legal)
        return
    rules = game.rules
    state = game.state
    for action in legal:
        text = game.action_text(action)
        try:
            back = game.parse_action(text)
        except TrapperError as exc:
            raise _fail(game, _not_read_back(game, action, text, exc)) from exc
        if back != action:
            raise _fail(game, _not_read_back(game, action, text, back))
        kind = rules.kind_of(action)
        if (
            kind is None
            or kind.problem(state, action) is not None
            or not kind.allows(state, action)
        ):
            raise _fail(game, f"the kind of the legal {action!r} refuses it")
    for kind in rules.kinds:
        if type(kind).lister is not ActionKind.lister:
            fast, derived = kind.lister()(state), kind.generic_lister()(state)
            if fast != derived:
                raise _fail(
                    game, f"the {kind.name!r} kind lists {fast!r}, its options {derived!r}"
                )
    misses = _near_misses(game, legal)
    for action in misses:
        kind = rules.kind_of(action)
        if kind is not None and (
            kind.problem(state, action) is None or kind.allows(state, action)
        ):
            raise _fail(game, f"the {kind.name!r} kind accepts the unlisted {action!r}")
    _check_cached_targets(game, legal)
    if not legal:
        return
    before = game.copy()
    if misses:
        try:
            game.apply(misses[0])
        except IllegalActionError:
            pass
        else:
            raise _fail(game, f"{misses[0]!r} is not listed as legal, but apply took it")
        if game != before:
            raise _fail(game, "a rejected action changed the game")
    # Copies share the turn record (it is a value): one changed in place
    # changes every copy alike, so it is compared with a copy of its own.
    turn = game.state.turn
    kept = copy_module.deepcopy(turn) if type(turn).__eq__ is not object.__eq__ else None
    copy = game.copy()
    copy.apply(legal[-1])
    if game != before:
        raise _fail(game, "applying an action to a copy changed the original")
    _check_turn_kept(game, turn, kept, legal[-1])
    # A game without undo has it checked on a copy that keeps undo: the
    # same position, with the snapshot of the one action to take back.
    trial = game if game.keeps_undo else game._copy_keeping_undo()
    trial.apply(legal[0])
    undone = trial.undo()
    if undone != legal[0] or trial != before:
        raise _fail(game, f"undo after {legal[0]!r} did not restore the game")
    _check_turn_kept(game, turn, kept, legal[0])


def _check_turn_kept(game: Game, turn: object, kept: object, action: Action) -> None:
    """``turn``, the turn record before ``action``, is as ``kept`` (a copy of
    it made then) still says."""
    if kept is not None and turn != kept:
        raise _fail(
            game,
            f"applying {action!r} changed the turn record in place ({shown(kept)} became "
            f"{shown(turn)}): a turn record is a value, replaced by a new one "
            "(attrs.evolve), never changed",
        )


def _check_cached_targets(game: Game, legal: tuple[Action, ...]) -> None:
    """The actions listed from the state's cached step targets are those
    listed afresh: a rule that turns a tile up or moves a trapper without
    clearing the cache (``GameState.targets``) lists steps of a position
    that is gone."""
    if game.state.targets == NO_TARGETS:
        return
    afresh = game.copy()
    afresh.state.targets = NO_TARGETS
    afresh._legal = None
    listed = afresh.legal_actions()
    if listed != legal:
        missing = [a for a in listed if a not in legal][:3]
        extra = [a for a in legal if a not in listed][:3]
        raise _fail(
            game,
            "the step targets cached in the state are stale (a rule turned a tile up or "
            "moved a trapper without clearing state.targets): listed from the cache, the "
            f"actions lack {missing!r} and add {extra!r}",
        )


def _check_finished(game: Game, legal: tuple[Action, ...]) -> None:
    """`check_action` of a finished game: nothing listed, every kind's
    action without choices refused, and the game left as it was."""
    if legal:
        raise _fail(game, f"the game is over but lists {len(legal)} legal actions")
    before = game.copy()
    for kind in game.rules.kinds:
        if kind.choices:
            continue
        action = kind.build()
        try:
            game.apply(action)
        except IllegalActionError:
            pass
        else:
            raise _fail(game, f"the game is over, but apply took {action!r}")
        if game != before:
            raise _fail(game, f"{action!r}, refused, changed the finished game")


def _near_misses(game: Game, legal: tuple[Action, ...]) -> list[Action]:
    """Actions that are not legal but look like legal ones: every legal
    action with one field changed, and the one action of every kind without
    choices that is not listed."""
    listed = set(legal)
    out: list[Action] = []
    for kind in game.rules.kinds:
        if not kind.choices:
            action = kind.build()
            if action not in listed:
                out.append(action)
    for action in legal:
        out += [other for other in _changed(action) if other not in listed]
    return out


@interned
def _changed(action: Action) -> tuple[Action, ...]:
    """``action`` with one field changed, every way `_neighbours_of` gives.
    Kept per action (an interned table, as the engine keeps its values):
    actions are values, and a checked random game asks for those of the same
    actions in position after position (made anew with ``attrs.evolve``
    each time, they would take a tenth of its checks' time)."""
    if not attrs.has(type(action)):
        return ()
    out = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        for other in _neighbours_of(value):
            try:
                out.append(attrs.evolve(action, **{field.name: other}))
            except (TypeError, ValueError):
                continue
    return tuple(out)


def _neighbours_of(value: object) -> list[object]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Colour):
        return [c for c in COLOURS if c is not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    if isinstance(value, Square):
        return [SQUARES[(value.index + d) % 64] for d in (1, 8, 9, 63, 56)]
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
        return [value[:-1], (*value[:-1], value[-1] + 1)]
    if value is None:
        return []
    return [None]
