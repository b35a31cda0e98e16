"""What one player may know (``Game.view``).

A [`PlayerView`][trapper_core.PlayerView] is a frozen snapshot built from public facts and the
viewer's own hand. It holds no reference to the game, so no path leads from
it to a face-down tile, another player's hand or the order of the draw pile.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex, overload

import attrs

from .actions import Action
from .board import Board
from .display import Display, ValuedCanoe
from .errors import SetupError, counted, plain_line, shown
from .interning import interned
from .model import FACE_DOWN, SQUARES, FaceDown, Hand, Square, Tile, square_or_name
from .state import GameState, TokenSupply, Valuation, _squares_of, changed_squares

if TYPE_CHECKING:
    import random

    from .game import Game
    from .plugins import Registry
    from .sampling import Sampler

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
        """Returns the history of ``actions``, oldest first: a sequence of
        `Action` objects (`SetupError` otherwise)."""
        if isinstance(actions, str) or not isinstance(actions, Sequence):
            raise SetupError(f"History.of takes a sequence of actions, not {shown(actions)}")
        last: tuple[Any, ...] | None = None
        count = 0
        for action in actions:
            if not isinstance(action, Action):
                raise SetupError(f"a history holds actions, not {shown(action)}")
            last = (last, action, None)
            count += 1
        return cls(last, count)

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
        # The last action needs no tuple; -1 itself, not what merely equals
        # it (a float, a Fraction), which the tuple refuses as an index.
        if index.__class__ is int and index == -1 and self._last is not None:
            action: Action = self._last[1]
            return action
        return self._tuple()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._tuple())

    def __reversed__(self) -> Iterator[Action]:
        """The actions newest first, walked back from the last one by one
        (``reversed(view.history)``): a look at the last few actions costs
        only those, not a tuple of the whole history."""
        link = self._last
        while link is not None:
            yield link[1]
            link = link[0]

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


@attrs.frozen(slots=False, repr=False)  # make_view fills the instance's __dict__ at once
class PlayerView:
    """One player's knowledge of a game at one moment.

    A frozen attrs class. The views that [`Game.view`][trapper_core.Game.view]
    makes hold ``player``, ``to_move`` and ``legal_actions``, and the public
    facts the other fields are made from, until one of them is read: they
    are of a private subclass until then (``isinstance(view, PlayerView)``
    holds throughout; ``type(view)`` is ``PlayerView`` once a field has been
    read, or the view compared, hashed, printed, copied or pickled). A
    copied or pickled view holds every field."""

    variant: str
    """The name of the variant being played."""
    players: tuple[str, ...]
    """The players' names, in seat order."""
    player: int
    """The seat of the viewer."""
    to_move: int | None
    """The seat of the player who decides now; ``None`` once the game is over."""
    turn: object
    """The variant's public record of the turn in progress."""
    board: tuple[Tile | FaceDown | None, ...]
    """Per square: the face-up tile, [`FACE_DOWN`][trapper_core.FACE_DOWN], or
    ``None`` if empty."""
    layout: Board
    """The variant's board: the squares in play and the trappers' start."""
    trappers: tuple[Square, Square, Square, Square]
    """Where each trapper stands, in colour order."""
    targets: tuple[tuple[int, ...], ...]
    """Per trapper (in colour order), the square indices whose tile it can take
    next: public, since it follows from the face-up tiles and the rules."""
    displays: tuple[Display, ...]
    """Every player's display, in seat order, all of it public: the money
    each has been paid so far is ``displays[seat].money``."""
    hand: Hand
    """The viewer's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    draw_pile_size: int
    """How many cards the draw pile holds (their order is hidden)."""
    discard: Hand
    """The face-up discard pile, counted by colour."""
    out_of_game: int
    """How many cards left the game (with retiring players, in the base
    game); their colours stay secret."""
    supply: TokenSupply
    """The bonus tokens still in the supply."""
    returned: tuple[tuple[int, ValuedCanoe], ...]
    """``(player, canoe)`` for every valued canoe that left the game
    (returned to the box by an exchange, in the base game)."""
    retired: tuple[bool, ...]
    """Per player, whether they have retired."""
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
    """The end valuation, once the game is over; ``None`` before (a bot
    values a position as if it ended there on a world drawn from the view:
    ``docs/bots.md``)."""
    taken: tuple[Tile | None, ...] = ()
    """Per square, the tile taken from it, ``None`` elsewhere: public, since
    a tile is face up when it is taken."""
    start_trappers: tuple[Square, ...] = ()
    """Where the trappers stood at the start, in colour order; empty for a
    game that begins at a position ([`game_at`][trapper_core.game_at],
    [`Sampler.position`][trapper_core.Sampler.position]), whose history
    does not begin at a setup."""
    start_player: int = 0
    """The seat that began the game."""
    origin: PlayerView | None = None
    """For a game that begins at a position ([`game_at`][trapper_core.game_at],
    [`Sampler.position`][trapper_core.Sampler.position]): the viewer's view of
    that position, before the history (its own ``origin`` is ``None``), which
    the sampler draws from. ``None`` for a game that begins at its setup."""
    winners: tuple[int, ...] = ()
    """The seats of the winners once the game is over, in ascending order, as
    [`Game.winners`][trapper_core.Game.winners] gives them (public: they
    follow from the scores); empty before."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.valuation is not None

    def scores(self) -> tuple[int, ...]:
        """Returns each player's money, as
        [`Game.scores`][trapper_core.Game.scores] does (public: the payouts
        and the end valuation are on the table): payouts so far, and once
        the game is over the end valuation's total too."""
        money = [display.money for display in self.displays]
        valuation = self.valuation
        if valuation is not None:
            money = [m + v.total for m, v in zip(money, valuation, strict=True)]
        return tuple(money)

    @property
    def display(self) -> Display:
        """The viewer's own display."""
        try:
            return self.displays[self.player]
        except (IndexError, TypeError):  # a view made by hand: say what is wrong with it
            raise self._misshapen("display") from None

    def position_key(self) -> tuple[object, ...]:
        """Returns a hashable key of what the view shows of the position,
        whatever led to it: every field but the history and the count of
        turns (what [`ISMCTSBot`][trapper_core.ISMCTSBot] keys its
        information sets and its check for rounds that changed nothing by).
        Two views of one player with equal keys are the same knowledge of
        the same position, reached in other orders (see
        [`Game.position_key`][trapper_core.Game.position_key], which says
        what the count of turns is left out for)."""
        return tuple(getattr(self, name) for name in _KEYED)

    def __str__(self) -> str:
        """What the player sees as text, as ``print(game)`` shows a game: the
        terminal picture ([`render`][trapper_core.terminal.render]) without
        colour, hidden hands and face-down tiles left hidden."""
        from .terminal import render

        return render(self)

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter."""
        from .svg import position

        return position(self)

    def sample(self, rng: random.Random, *, registry: Registry | None = None) -> Game:
        """Returns a complete game, hidden parts drawn by ``rng``, that shows
        this view to its player: see `trapper_core.sampling`.
        ``registry`` is where the variant is looked up (the installed
        variants by default). Raises as [`Sampler`][trapper_core.Sampler]
        does for a view no game could show.

        The search for the world is not bounded: most views take
        milliseconds, a long tactical history minutes (see
        [`Sampler.prepare`][trapper_core.Sampler.prepare]). A program that
        must not wait asks a sampler with a bound,
        ``Sampler(view).prepare(rng, effort=...)``, then for its
        ``position(rng)``; a search that samples at every decision warms
        each sampler from the one before (``Sampler.warm``)."""
        from .sampling import sample

        return sample(self, rng, registry=registry)

    def __repr__(self) -> str:
        # Short, as a Game's is: the fields' own text holds the board, the
        # displays and the whole history (166 kB at 20,000 actions).
        try:
            where = "over" if self.to_move is None else f"{self.players[self.to_move]} to move"
            return (
                f"<PlayerView of {self.players[self.player]} (seat {self.player}), "
                f"{self.variant!r}, {counted(len(self.players), 'player')}, "
                f"{counted(len(self.history), 'action')}, {where}>"
            )
        except Exception:  # a view made by hand, its seats none of its players': a repr says so
            try:
                problem = misshapen(self)
            except Exception:
                problem = None
            return (
                f"<PlayerView of seat {shown(self.player)}, {shown(self.variant)}, "
                f"misshapen: {problem or 'fields that do not fit together'}>"
            )

    def sampler(self, *, registry: Registry | None = None) -> Sampler:
        """The variant's [`Sampler`][trapper_core.Sampler] of this view (its
        ``trapper_sampler`` answer), which `sample` and `ISMCTSBot` draw
        with: prepared once, it draws many worlds. ``registry`` is where the
        variant is looked up (the installed variants by default).
        ``Sampler(view)`` is the core's own sampler, which knows the base
        game's deal: the same for every variant that deals as the base game
        does, the built-in ones included."""
        from .sampling import _registry, sampler_of

        return sampler_of(self, _registry(registry).rules(self.variant))

    def tile_at(self, square: Square | str) -> Tile | FaceDown | None:
        """Returns what the viewer sees on ``square``, a `Square` or its name
        (``"c5"``): its tile, ``FACE_DOWN``, or ``None`` for an empty one."""
        if square.__class__ is not Square:
            square = square_or_name(square, "tile_at()")
        try:
            return self.board[square.index]
        except (IndexError, TypeError):  # a view made by hand: say what is wrong with it
            raise self._misshapen("tile_at()") from None

    def _misshapen(self, asked: str) -> SetupError:
        """The error of ``asked`` of a view made by hand whose fields do not
        fit together (an ``attrs.evolve`` with a seat or a board of another
        game)."""
        problem = misshapen(self) or "its fields do not fit together"
        return SetupError(f"{asked} of a view of no game: {problem}")

    def __getstate__(self) -> dict[str, Any]:
        # A pickled or copied view holds its fields, every one made.
        return {field.name: getattr(self, field.name) for field in _FIELDS}


_FIELDS = attrs.fields(PlayerView)


_KEYED = tuple(f.name for f in _FIELDS if f.name not in ("history", "turns"))


# The fields that ``make_view`` keeps in a view's ``_facts`` tuple, in this
# order: values the game holds or the view worked out, every one public.
# ("_public" stands for the board and the tiles taken: see `Public`.)
_FACTS = (
    "variant",
    "players",
    "turn",
    "_public",
    "layout",
    "targets",
    "displays",
    "hand_sizes",
    "draw_pile_size",
    "out_of_game",
    "supply",
    "returned",
    "retired",
    "turns",
    "shuffles",
    "valuation",
    "start_trappers",
    "start_player",
    "origin",
    "winners",
)

# The fields made from the facts in a view's ``_later`` tuple: (the trappers'
# square indices, the viewer's hand's counts, the discard pile's counts, the
# game's newest history link, its count).
_LATER = ("trappers", "hand", "discard", "history")


class _Unread(PlayerView):
    """A view as [`Game.view`][trapper_core.Game.view] makes it: ``player``,
    ``to_move`` and ``legal_actions`` in its dict, every other field waiting
    in two tuples of public facts (``_facts``, ``_later``).

    A bot asks for a view at every decision, and a dict of two dozen entries
    costs more to fill than the rest of the view (CPython builds a literal
    of more than sixteen entries one entry at a time, growing it): a bot
    that reads only ``legal_actions`` (``RandomBot``) never has it filled,
    8,000 fewer instructions a decision of the view() + bot loop (5 %). The
    first read of a waiting field (or comparing, hashing, printing, copying
    or pickling the view) sets them all and makes the view a plain
    ``PlayerView`` (its class is switched): a field that a class holds a
    descriptor for is read without CPython's specialized path, and bots that
    read many fields read them a few hundred times a decision."""

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # as attrs.evolve calls it
        PlayerView.__init__(self, *args, **kwargs)
        _set(self, "__class__", PlayerView)

    def __eq__(self, other: object) -> bool:
        _read(self)
        return self == other

    def __ne__(self, other: object) -> bool:
        _read(self)
        return self != other

    def __hash__(self) -> int:
        _read(self)
        return hash(self)

    def __repr__(self) -> str:
        _read(self)
        return repr(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        _read(self)
        return self.__reduce_ex__(protocol)


class _Waiting:
    """A field of an `_Unread` view: reading it reads them all (`_read`).
    A non-data descriptor: a value in the instance's dict comes first."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return self
        _read(view)
        return view.__dict__[self.name]


for _name in (*_FACTS, "board", "taken", *_LATER):
    if _name != "_public":
        setattr(_Unread, _name, _Waiting(_name))
del _name


def _read(view: PlayerView) -> None:
    """Sets every field of an `_Unread` view from its facts, and makes it a
    plain `PlayerView`.

    The facts go from the dict last: a second reader meanwhile (another
    thread, a signal handler) finds them and sets the same fields again,
    and an exception leaves a view that its next read completes."""
    fields = view.__dict__
    facts = fields.get("_facts")
    later = fields.get("_later")
    if facts is not None and later is not None:
        public = facts[3]  # "_public" in _FACTS
        seen, taken, changes = public
        if changes:
            seen, taken = _patched(seen, taken, changes)
            # the same moment's other views, and the game's next patch, start from these
            public[:] = seen, taken, ()
        trappers, hand, discard, last, count = later
        fields.update(zip(_FACTS, facts, strict=True))
        # each view its own copies (see _DisplayFacts)
        fields["displays"] = tuple([Display(*f.values) for f in facts[6]])  # "displays" in _FACTS
        fields["board"] = seen
        fields["taken"] = taken
        fields["trappers"] = _squares_at(trappers)
        fields["hand"] = _hand(hand)
        fields["discard"] = _hand(discard)
        fields["history"] = History(last, count)
        fields.pop("_public", None)
        fields.pop("_facts", None)
        fields.pop("_later", None)
    _set(view, "__class__", PlayerView)


def make_view(
    game: Game, player: int, legal: tuple[Action, ...], *, origin: bool = True
) -> PlayerView:
    """Builds ``player``'s view of ``game`` (with its ``origin``, the view of
    the position it begins at, unless ``origin`` is false: that view's own)."""
    state = game.state
    # A bot asks for a view at every decision: the view's dict is set at
    # once rather than through the frozen class's __init__, which sets the
    # fields one by one, and most fields wait in "_facts" and "_later"
    # until one is read (``_Unread``).
    last = game._public  # the last answer, unless the board changed (_public_board)
    if (
        last is not None
        and last[1] is state.board
        and last[2] == state.face_up
        and last[0] is game.setup.board
    ):
        public = last[3]
    else:
        public = _public_board(game, state)
    targets = state.targets
    if None in targets:  # not every trapper's targets are known yet
        targets = state._all_step_targets()
    setup = game.setup
    view = _new(_Unread)
    _set(
        view,
        "__dict__",
        {
            "player": player,
            "to_move": state.to_move,
            "legal_actions": legal,
            "_facts": (
                game._rules.variant,
                game.players,
                state.turn,
                public,
                state.board_squares,
                targets,
                _public_displays(game, state.displays),
                # a comprehension costs half of tuple(map(sum, ...)) here
                tuple([a + b + c + d for a, b, c, d in state.hands]),
                len(state.pile) - state.drawn,
                sum(state.out),
                state.supply,
                state.returned,
                state.retired,
                state.turns,
                len(state.shuffled),
                state.valuation,
                # A game that begins at a position (game_at, Sampler.position)
                # has no setup to begin at: its start is unknown to a view.
                setup.trappers if game._origin is None else (),
                setup.start_player,
                game._origin_view(player) if origin and game._origin is not None else None,
                game.winners() if state.valuation is not None else (),
            ),
            "_later": (
                state.trappers,
                state.hands[player],
                state.discard,
                game._last,
                game._count,
            ),
        },
    )
    return view


def unread_copy(view: PlayerView) -> PlayerView:
    """A new view of the same facts as ``view``, which must not have been
    read (its fields still waiting): read, it makes copies of the displays
    of its own."""
    copy = _new(_Unread)
    _set(copy, "__dict__", dict(view.__dict__))
    return copy


class _DisplayFacts:
    """A display as views show it: its values, made once for all the views
    that show it (a display changes when its player places a tile). Each
    view makes its own copies of the displays from them when it is first
    read (`_read`): a display's scratch cache (``Display.cache``) holds the
    rules' answers from the display alone, but which answers it holds
    depends on what was asked, and a bot that asks the rules about a view's
    display (``placement_choices``) writes into that copy's cache. A copy
    shared by views would carry one player's questions, which the hand of
    the player to move decides, into another's view, into older views and
    into their pickles."""

    __slots__ = ("values",)

    values: tuple[Any, ...]

    def __init__(self, display: Display) -> None:
        self.values = (
            display.open,
            display.valued,
            display.separate,
            display.money,
            display.tokens,
        )


def _public_displays(game: Game, displays: tuple[Display, ...]) -> tuple[_DisplayFacts, ...]:
    """The facts of ``displays`` for a view (see `_DisplayFacts`), kept from
    view to view: about one new display a decision."""
    memo = game._displays
    if memo is not None and memo[0] is displays:
        return memo[1]
    # (A plain loop: a comprehension over the two memos would cost more here.)
    before, facts = memo if memo is not None else ((), ())
    out = []
    for index, display in enumerate(displays):
        if index < len(before) and before[index] is display:
            out.append(facts[index])
        else:
            out.append(_DisplayFacts(display))
    public = tuple(out)
    game._displays = (displays, public)
    return public


Seen = tuple[Tile | FaceDown | None, ...]
Taken = tuple[Tile | None, ...]
Public = list[Any]
"""The board as the table sees it and the tiles taken, at one moment, as
``[seen, taken, changes]``: the two tuples at some earlier moment and the
changes since then, flat triples (square, what the table sees there, the
tile taken from it or ``None``) to be applied in order. A list, shared by
the views of that moment and the game's memo: the first view whose board is
read puts the patched tuples in it, for the others and for the game."""

# How many squares of changes a game's memo keeps before it patches its two
# tuples (about eight decisions that change the board).
_PENDING = 16


def _public_board(game: Game, state: GameState) -> Public:
    """The board as the table sees it (face-up tiles, `FACE_DOWN`, ``None``
    for empty squares) and, per square, the tile of the starting board
    taken from it (``None`` elsewhere), as `Public` facts: the view makes
    its two tuples from them when they are first read (``_read``).
    ``make_view`` takes the game's last answer itself when the board has
    not changed; this is asked otherwise.

    Every view asks for them, and a decision changes a few squares at most:
    the game keeps its last answer and adds to it the squares whose entries
    or face-up bits changed. A take turns its square's face-up bit off, so
    the squares whose bits changed are the ones to look at, once one
    comparison of the boards has shown that they agree everywhere else.
    (Two tuples built square by square would be about half of a view;
    patched through two helpers with every square compared, a tenth of the
    view() + bot loop's instructions; patched together, a twentieth. Kept as
    changes, which a bot reading only the legal actions never applies, and
    gathered up every sixteen squares: 800 fewer instructions a decision of
    that loop, and two tuples of 64 entries fewer made at most decisions.)"""
    board, mask = state.board, state.face_up
    start = game.setup.board
    last = game._public
    if last is not None and last[0] is start:
        last_board, last_mask, public = last[1:]
        squares = _squares_of(last_mask ^ mask)
        patched = list(last_board)
        for i in squares:
            patched[i] = board[i]
        if tuple(patched) != board:  # a change elsewhere (see changed_squares)
            squares = (*changed_squares(last_board, board), *squares)
        if len(squares) < _PENDING:
            changes: list[Any] = []
            for i in squares:
                tile = board[i]
                if tile is None:
                    changes += (i, None, start[i])
                elif mask >> i & 1:
                    changes += (i, tile, None)
                elif last_board[i] is None or last_mask >> i & 1:
                    # A tile face down again (an undo, or a state changed by
                    # other code): the facts kept may show it face up, in
                    # the changes or in the patched tuples. Start afresh.
                    break
                else:
                    changes += (i, FACE_DOWN, None)
            else:
                seen, taken, pending = public
                pending += tuple(changes)
                if len(pending) > 3 * _PENDING:
                    public = [*_patched(seen, taken, pending), ()]
                else:
                    public = [seen, taken, pending]
                game._public = (start, board, mask, public)
                return public
    seen = state.seen_board()
    taken = tuple(tile if now is None else None for tile, now in zip(start, board, strict=True))
    public = [seen, taken, ()]
    game._public = (start, board, mask, public)
    return public


def _patched(seen: Seen, taken: Taken, changes: tuple[Any, ...]) -> tuple[Seen, Taken]:
    """The two tuples of `Public` facts with their changes applied."""
    new_seen = list(seen)
    new_taken = list(taken)
    for k in range(0, len(changes), 3):
        i = changes[k]
        new_seen[i] = changes[k + 1]
        new_taken[i] = changes[k + 2]
    return tuple(new_seen), tuple(new_taken)


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


def misshapen(view: PlayerView) -> str | None:
    """What makes ``view`` the view of no game, by the types and sizes of its
    fields (a view built by hand or with ``attrs.evolve``), or ``None``.

    A view that `Game.view` makes always passes; the sampler, the encoder
    and the pictures ask this when a view fails them, so that a misshapen
    view is named for what is wrong with it rather than failing inside them.
    """
    players = view.players
    if type(players) is not tuple or not players or not all(type(p) is str for p in players):
        return f"its players are a tuple of names, not {shown(players)}"
    # As new_game takes names: a game made from the view is written and read.
    if not all(plain_line(p) for p in players) or len(set(players)) != len(players):
        return (
            "its players are names that differ, each a line of printable text,"
            f" not {shown(players)}"
        )
    count = len(players)
    if type(view.variant) is not str:
        return f"its variant is a name, not {shown(view.variant)}"
    for name in ("player", "start_player"):
        seat = getattr(view, name)
        if type(seat) is not int or not 0 <= seat < count:
            return f"its {name} is a seat from 0 to {count - 1}, not {shown(seat)}"
    to_move = view.to_move
    if to_move is not None and (type(to_move) is not int or not 0 <= to_move < count):
        return f"its to_move is a seat from 0 to {count - 1} or None, not {shown(to_move)}"
    per_seat: tuple[tuple[str, type | tuple[type, ...]], ...] = (
        ("hand_sizes", int),
        ("displays", Display),
        ("retired", bool),
    )
    for name, kind in per_seat:
        value = getattr(view, name)
        if type(value) is not tuple or len(value) != count:
            return f"its {name} are a tuple of {count} entries, one per seat, not {shown(value)}"
        if not all(isinstance(v, kind) for v in value):
            return f"its {name} hold {shown(value)}"
    if any(type(n) is not int or n < 0 for n in view.hand_sizes):
        return f"its hand_sizes are counts from 0, not {shown(view.hand_sizes)}"
    board = view.board
    if type(board) is not tuple or len(board) != len(SQUARES):
        return f"its board has {len(SQUARES)} squares, not {shown(board)}"
    if not all(s is None or s is FACE_DOWN or type(s) is Tile for s in board):
        return "its board holds what is no tile, FACE_DOWN or None"
    taken = view.taken
    if type(taken) is not tuple or (
        taken
        and (len(taken) != len(SQUARES) or not all(t is None or type(t) is Tile for t in taken))
    ):
        return f"its taken is empty or holds a tile or None per square, not {shown(taken)}"
    for name in ("trappers", "start_trappers"):
        squares = getattr(view, name)
        empty_allowed = name == "start_trappers"
        if type(squares) is not tuple or not (
            len(squares) == 4 or (empty_allowed and not squares)
        ):
            return f"its {name} are the squares of the four trappers, not {shown(squares)}"
        if not all(type(s) is Square for s in squares):
            return f"its {name} hold what is no Square: {shown(squares)}"
    targets = view.targets
    if (
        type(targets) is not tuple
        or len(targets) != 4
        or not all(
            type(t) is tuple and all(type(i) is int and 0 <= i < len(SQUARES) for i in t)
            for t in targets
        )
    ):
        return f"its targets are four tuples of square indices, not {shown(targets)}"
    for name, kind in (
        ("hand", Hand),
        ("discard", Hand),
        ("layout", Board),
        ("supply", TokenSupply),
    ):
        value = getattr(view, name)
        if type(value) is not kind:
            return f"its {name} is a {kind.__name__}, not {shown(value)}"
    for name in ("draw_pile_size", "out_of_game", "turns", "shuffles"):
        value = getattr(view, name)
        if type(value) is not int or value < 0:
            return f"its {name} is a count from 0, not {shown(value)}"
    returned = view.returned
    if type(returned) is not tuple or not all(
        type(r) is tuple
        and len(r) == 2
        and type(r[0]) is int
        and 0 <= r[0] < count
        and type(r[1]) is ValuedCanoe
        for r in returned
    ):
        return f"its returned are (seat, ValuedCanoe) pairs, not {shown(returned)}"
    if not isinstance(view.history, History | tuple):
        return f"its history is a History, not {shown(view.history)}"
    if type(view.legal_actions) is not tuple:
        return f"its legal_actions are a tuple, not {shown(view.legal_actions)}"
    origin = view.origin
    if origin is not None:
        if not isinstance(origin, PlayerView) or origin.origin is not None:
            return f"its origin is None or a view whose own origin is None, not {shown(origin)}"
        problem = misshapen(origin)
        if problem is not None:
            return f"its origin is no view of a game: {problem}"
    valuation = view.valuation
    if valuation is not None and (
        type(valuation) is not tuple
        or len(valuation) != count
        or not all(type(v) is Valuation for v in valuation)
    ):
        return f"its valuation is None or a Valuation per seat, not {shown(valuation)}"
    winners = view.winners
    if (
        type(winners) is not tuple
        or not all(type(seat) is int and 0 <= seat < count for seat in winners)
        or list(winners) != sorted(set(winners))
        or (valuation is None) != (not winners)
    ):
        return (
            "its winners are seats in ascending order once the game is over (none "
            f"before), not {shown(winners)}"
        )
    return None
