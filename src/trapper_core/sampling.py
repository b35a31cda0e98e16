"""Sampling what a player cannot see: complete games consistent with a view.

Search and learning need *worlds*: complete games that one player could be
in, given everything they know. `PlayerView.sample` returns one; a
`Sampler` prepared once for a view returns many (what a search bot
does once per iteration).

**What a world must agree with.**
Everything the view shows — the face-up tiles, every tile taken and
where from (``PlayerView.taken``), the displays, the discard pile, the
viewer's hand, every hand's size — and the whole public history: every
action was legal when it was played, so every card a player paid was in
their hand then, every bid could be paid, and every reshuffled pile
held exactly the cards discarded before it. The sampled game's view for
the viewer *equals* the view it was sampled from; `Sampler.game`
checks that for every world it builds. A view holds the viewer's hand
as it is now; a sampler told the viewer's own draws as well
(`Sampler.keep_draws`: a player who remembers them, as OpenSpiel's
perfect-recall information state does) keeps them too.

**What is drawn, and how.**
*Tiles.* The tiles nobody has seen (the variant's tile set less every
tile seen, water edges and all) are laid in a uniformly random order onto the
face-down squares and into the box: exactly uniform, since no public
fact depends on a face-down tile.

*Cards.* One replay of the history with every hand holding plenty of
every colour (so every move goes through whatever the colours) shows
everything about the cards but their colours: the piles (the deck, then
each reshuffled discard pile, whose colours are public), who drew which
positions of which pile and when, what each action paid, which actions
needed cards in hand without paying (bids), and who retired with their
hand. A world is then a colouring of every pile position with the pile's
colours such that every payment and bid is covered and the viewer ends
with their hand. All colourings are equally likely before the history is
known (every shuffle is uniform), so the consistent ones should be drawn
uniformly.

The sampler first finds one consistent colouring, by two searches taken
in turn. The complete one (``_colour``: hand by hand, the viewer's back
in time from the hand it ends with, the others forward with a card's
colour chosen only when a payment or a bid needs it; depth first with
backtracking, pruned by what the piles must still give the hands,
searched-out states remembered; its docstring proves that it finds a
colouring whenever one exists) takes a few milliseconds for most views,
but its worst case is exponential: on a rare long tactical history it
wanders for minutes among choices of hands searched early that a hand
searched later cannot live with. The repair (``Sampler._repair``: a
local search that swaps two cards of a pile to mend a payment, a bid or
the viewer's end that fails, across every hand at once) finds those in
milliseconds to a second or two, but may miss a colouring that exists.
The search starts afresh in a new random order every run, its runs
growing by Luby's sequence (mostly short, now and then one twice as long
as any before: the time of a run that will succeed is random and
unknown), and the repair gets turns twice as long each time, taking its
two measures of how far a colouring is from consistent in turn
(``_Ledger``: each mends histories the other stalls on), the search's
branches kept within a share of the repair's moves (``_SHARE``: about the
same time). In turn, the two find one quickly wherever either does, and
the complete search still proves that there is none: a view of a real
game always has one, so `SamplingError` means the view is
inconsistent (a hand-built view, or one of another game). Neither result
is uniform (the search colours no more than it must and takes the first
branch that works; the repair stops at the first colouring without a
fault that its walk comes to). So it is only the start of a Markov chain
that swaps the colours of two positions of one pile and keeps the swap
when every hand it touches stays consistent. The swaps are symmetric, so
the chain's stationary distribution is the uniform one over the
colourings it can reach; `BURN_IN` swaps per position drawn so far are
made for every new sampler, and ``steps`` more per world after the first
(the worlds of one sampler are therefore correlated, more so for small
``steps``). Exactly uniform while nobody has paid or bid; afterwards
uniform in the limit of many swaps, and close to it after the burn-in
(the tests check the distribution by chi-square tests on small cases,
and that they fail without the chain). Whether every consistent
colouring is reachable by such swaps from every other is not proved: a
history so tight that two consistent colourings differ only by a cycle
of three or more positions through hands that each block a single swap
would keep the chain in part of them.

*The future.* The world has its own seed, drawn by ``rng``: it decides
the reshuffles that have not happened yet.

*A game that begins at a position* (``game_at``, ``Position.to_game``,
``Sampler.position``) has no setup
to replay from; its views hold the viewer's view of that position
(``PlayerView.origin``), and the history is replayed from there. The
tiles nobody has seen there go to its face-down squares and the box. The
cards are two piles, each right as a whole: the viewer's hand there (a
pile of its own: the view fixes it), and what the deck holds besides it
and the discard pile, dealt to the other hands, then the draw pile, then
out of the game, by the sizes the position shows; a hand there must
allow what the variant's checks of a position ask of it (the tactical
auction's leader can pay the bid), checked as a bid is. The search, the
repair and the chain then run as for a setup, the reshuffles since the
position being the piles after those two. A world's ``start`` is the
position with its hidden parts drawn, and ``game`` plays the history on
a copy of it.

The hidden parts are the core's whatever the variant (a variant keeps
nothing hidden of its own: its turn record is public), but a variant may
deal them otherwise: it answers the ``trapper_sampler`` hook with a
subclass of `Sampler` that says how (`Sampler.deal`).
"""

from __future__ import annotations

import bisect
import math
import operator
import random
import threading
import time
import weakref
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Any

import attrs

from .actions import Action
from .display import Display
from .errors import IllegalActionError, PluginError, SetupError, TrapperError, shown
from .game import Game, _seed
from .model import COLOURS, FACE_DOWN, SQUARES, Colour, Tile
from .setups import Setup
from .tiles import faces_of
from .view import PlayerView, misshapen

if TYPE_CHECKING:
    from .plugins import Registry, Rules

__all__ = ["BURN_IN", "MAX_STEPS", "PLENTY", "Sampler", "SamplingError", "World", "sample"]

#: The answers of `Sampler.deal` found true, with the start player they were
#: found true for, by the rules they were checked against.
_DEALS_CHECKED: weakref.WeakKeyDictionary[Rules, set[tuple[tuple[tuple[int, ...], ...], int]]] = (
    weakref.WeakKeyDictionary()
)

#: Set while a sampler asks for the variant's own (`Sampler._variants_own`).
_ASKING_OWN = threading.local()

PLENTY = 10_000
"""Cards of each colour added to every hand for the replay that learns the
history's cards: enough to pay for anything."""

BURN_IN = 4
"""Swaps per card position drawn so far that a new sampler makes before its
first world."""

MAX_STEPS = 1_000_000
"""The most swaps of the card chain that ``steps`` may ask for per world."""

Hand = tuple[int, int, int, int]
Slot = tuple[int, int]  # (pile, position)


class SamplingError(TrapperError, ValueError):
    """A view that no world fits: not a view of its variant, or a history
    that cannot be replayed."""


@attrs.frozen
class World:
    """Everything chance decided in one sampled game: the starting position,
    the seed of the chance still to come, and the outcome of every reshuffle
    so far (per action of the history, as ``Game.apply`` takes them).

    For a view of a game that begins at a position (``view.origin``),
    ``start`` is that position with its hidden parts drawn: a game with no
    history, which `Sampler.game` plays the history on (a copy of it);
    ``setup`` is its setup, which does not describe it. ``None`` otherwise."""

    setup: Setup
    seed: int
    shuffles: tuple[tuple[tuple[int, ...], ...], ...]
    start: Game | None = attrs.field(default=None, eq=False)


class _Need:
    """An action that needed cards in hand and paid none (a bid): whether a
    hand allows it, asked of the variant's rules in the position before it.

    The search assumes what every variant's bids so far satisfy: a hand that
    allows the action still allows it with more cards in it."""

    def __init__(self, game: Game, action: Action) -> None:
        self.game = game  # the replay just before the action
        self.action = action
        self.known: dict[tuple[int, ...], int | None] = {}  # short() by hand

    def short(self, seat: int, hand: Sequence[int]) -> int | None:
        """``None`` when ``hand`` allows the action, else the colour it falls
        short of (-1 when the engine names none)."""
        key = tuple(hand)
        if key in self.known:
            return self.known[key]
        state = self.game.state
        saved = state.hands
        state.set_hand(seat, key)
        try:
            kind = self.game.rules.kind_of(self.action)
            error = None if kind is None else kind.problem(state, self.action)
        finally:
            state.hands = saved
        if error is None:
            short = None
        else:
            short = int(next(iter(error.shortfall))) if error.shortfall else -1
        self.known[key] = short
        return short

    def allows(self, seat: int, hand: Sequence[int]) -> bool:
        return self.short(seat, hand) is None


class _OriginNeed(_Need):
    """What a hand at a game's origin must allow, by the variant's checks of
    a position (``trapper_invariants``): the tactical auction's leader can
    pay the bid, say. A hand allows it when the checks find no fault
    with it that they do not find with plenty of every colour in its place
    (the other hands as the replay dealt them, whatever faults they have)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.known = {}
        plenty = (PLENTY, PLENTY, PLENTY, PLENTY)
        self.baseline = self._problems(seat, plenty)
        self.matters = self._problems(seat, (0, 0, 0, 0)) != self.baseline

    def _problems(self, seat: int, hand: tuple[int, ...]) -> frozenset[str]:
        state = self.game.state
        saved = state.hands
        state.set_hand(seat, hand)
        try:
            return frozenset(
                problem for _name, check in self.game.rules.invariants for problem in check(state)
            )
        finally:
            state.hands = saved

    def short(self, seat: int, hand: Sequence[int]) -> int | None:
        key = tuple(hand)
        if key not in self.known:
            faults = self._problems(seat, key) - self.baseline
            self.known[key] = -1 if faults else None  # no colour named: any may help
        return self.known[key]


@attrs.frozen
class _Op:
    """What happens to one hand: a ``draw`` of ``slots``, a ``pay`` of
    ``cards``, a ``need`` (a bid, checked against the hand before its
    action), or ``retire`` (the hand leaves)."""

    what: str
    slots: tuple[Slot, ...] = ()
    cards: Hand = (0, 0, 0, 0)
    need: _Need | None = None


class Sampler:
    """Draws worlds consistent with one `PlayerView`.

    Preparing a sampler replays the view's history once; each world after
    that costs a few swaps of the card chain and, for `game`, one
    replay. ``rules`` are the view's variant's (looked up in ``registry``,
    the installed variants by default, when not given). A view whose
    fields fit no game by their types and sizes (a seat out of range,
    per-player fields of another length, a board of other than 64 squares:
    a view built by hand) raises [`SetupError`][trapper_core.SetupError];
    one no game could show, [`SamplingError`][trapper_core.SamplingError].
    """

    # The viewer's own draws, by position, once `keep_draws` is told them
    # (a class default: a subclass that prepares itself has none).
    _pins: dict[Slot, int] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # It holds its variant's rules (plugin modules), which do not pickle: say so.
        raise TypeError(
            "a Sampler is not pickled or deep-copied: it holds its variant's rules; make "
            "another from the view (Sampler(view)), and warm it from this one"
        )

    def __copy__(self) -> Sampler:
        # A shallow copy shares the rules, as it did before __reduce__ said no.
        copied = object.__new__(type(self))
        copied.__dict__.update(self.__dict__)
        return copied

    def __init__(
        self,
        view: PlayerView,
        rules: Rules | None = None,
        *,
        registry: Registry | None = None,
    ) -> None:
        if not isinstance(view, PlayerView):
            raise SamplingError(f"a sampler samples a PlayerView, not {type(view).__name__}")
        from .plugins import Rules  # the rules sit above the sampler's module

        if rules is None:
            rules = _registry(registry).rules(view.variant)
        elif not isinstance(rules, Rules):
            raise SamplingError(f"a sampler takes the rules of a variant, not {shown(rules)}")
        elif rules.spec.name != view.variant and view.variant not in rules.spec.aliases:
            raise SamplingError(f"a view of {view.variant!r} is not sampled by {rules!r}")
        problem = misshapen(view)
        if problem is not None:
            raise SetupError(f"a sampler samples a view of a game, and {problem}")
        self.view = view
        self.rules = rules
        self._prepare_tiles()
        self._replay()
        self._colours: list[list[int]] | None = None
        self._hint: list[list[int]] | None = None

    # ------------------------------------------------------------------
    # Preparing: the tiles
    # ------------------------------------------------------------------

    def _prepare_tiles(self) -> None:
        view, rules = self.view, self.rules
        origin = view.origin
        if begins_at_position(view):
            raise SamplingError(AT_POSITION)
        if len(view.taken) != 64 or (origin is None and len(view.start_trappers) != 4):
            raise SamplingError(
                "the view does not say which tiles were taken and where play began"
            )
        tile_set = rules.tile_set()
        known: dict[int, Tile] = {}  # square: the tile it holds at the start
        hidden: list[int] = []
        elsewhere: list[Tile] = []  # seen at the start off the board
        if origin is None:
            for i, seen in enumerate(view.board):
                if isinstance(seen, Tile):
                    known[i] = seen
                elif seen is FACE_DOWN:
                    hidden.append(i)
                taken = view.taken[i]
                if taken is not None:
                    known[i] = taken
        else:
            # The start is the origin's board; the tiles of its displays and
            # of the canoes given back are seen off it.
            for i, seen in enumerate(origin.board):
                if isinstance(seen, Tile):
                    known[i] = seen
                elif seen is FACE_DOWN:
                    now, taken = view.board[i], view.taken[i]
                    if isinstance(now, Tile):
                        known[i] = now  # turned up since
                    elif taken is not None and origin.taken[i] is None:
                        known[i] = taken  # turned up and taken since
                    else:
                        hidden.append(i)
            for display in origin.displays:
                elsewhere.extend(display.tiles())
            for _seat, canoe in origin.returned:
                elsewhere.extend(canoe.row.tiles)
            # The tiles a view counts as taken before the origin (a position
            # drawn from a game's view keeps that game's setup) go back on
            # their squares in the world's setup; the rest wait in its box.
            aside = Counter(elsewhere)
            aside.subtract(t for t in origin.taken if t is not None)
            self._aside = tuple(aside.elements())
        seen_tiles = [*known.values(), *elsewhere]
        unseen = Counter(tile_set.faces())
        unseen.subtract(t.face for t in seen_tiles)
        if any(n < 0 for n in unseen.values()):
            extra = sorted(face for face, n in unseen.items() if n < 0)
            raise SamplingError(
                f"the view shows tiles that the {view.variant} tile set lacks: {' '.join(extra)}"
            )
        # The unseen tiles are the set's less those seen, water edges and
        # all: a tile seen is the set's tile equal to it, or, when it was
        # seen with another water edge (a setup may give a physical copy's
        # edges), one of its face left over once every tile seen that is
        # equal to one of the set's has taken it. (Taken by face alone, a
        # world could deal a second tile of an edge the viewer has seen.)
        left = Counter(tile_set.tiles)
        odd: Counter[str] = Counter()
        for tile in seen_tiles:
            if left[tile] > 0:
                left[tile] -= 1
            else:
                odd[tile.face] += 1
        pool: list[Tile] = []
        for tile in tile_set.tiles:
            if left[tile] > 0:
                left[tile] -= 1
                if odd[tile.face] > 0:
                    odd[tile.face] -= 1  # the tile of this face a tile seen stands for
                else:
                    pool.append(tile)
        box_size = len(tile_set.tiles) - len(seen_tiles) - len(hidden)
        if box_size < 0 or len(pool) != len(hidden) + box_size:
            raise SamplingError(
                f"the view's {len(hidden)} face-down tiles do not fit the {view.variant} tile set"
            )
        self._known = known
        self._hidden = hidden
        self._unseen = pool

    def _layout(self, rng: random.Random) -> tuple[list[Tile | None], tuple[Tile, ...]]:
        """The setup's board and box, the unseen tiles in a random order."""
        order = list(self._unseen)
        rng.shuffle(order)
        grid: list[Tile | None] = [None] * 64
        for i, tile in self._known.items():
            grid[i] = tile
        for i, tile in zip(self._hidden, order, strict=False):
            grid[i] = tile
        return grid, tuple(order[len(self._hidden) :])

    # ------------------------------------------------------------------
    # Preparing: the cards
    # ------------------------------------------------------------------

    def _replay(self) -> None:
        """Replays the history with plenty of cards in every hand and notes
        the piles, the draws, the payments, the bids and the retirements."""
        view, rules = self.view, self.rules
        players = len(view.players)
        self.ops: list[list[_Op]] = [[] for _ in range(players)]
        # Where each pile's draws begin, past the hands dealt from it, and
        # where they end, before the cards out of the game (when not at its end).
        self.offsets: dict[int, int] = {}
        self.ends: dict[int, int] = {}
        game = self._deal_setup() if view.origin is None else self._deal_origin(view.origin)
        state = game.state
        for index, action in enumerate(view.history):
            actor = game.to_move
            if actor is None:
                raise SamplingError(f"history[{index}] {action!r} comes after the end")
            kind = rules.kind_of(action)
            needs = False
            if kind is not None:
                saved = state.hands
                state.set_hand(actor, (0, 0, 0, 0))
                try:
                    needs = not kind.allows(state, action)
                finally:
                    state.hands = saved
            before = game.copy() if needs else None
            hands, shuffled, drawn = state.hands, len(state.shuffled), state.drawn
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise SamplingError(
                    f"history[{index}] {action!r}: {exc} (the sampler replays the history "
                    "with plenty of cards in every hand: a variant with a rule that refuses an "
                    "action because of cards held answers trapper_sampler with a sampler of "
                    "its own)"
                ) from exc
            except TrapperError as exc:
                raise SamplingError(f"history[{index}] {action!r}: {exc}") from exc
            got = self._drawn(index, actor, drawn, state.shuffled[shuffled:], state.drawn)
            received = _counts([self.piles[pile][i] for pile, i in got])
            pays: list[tuple[int, _Op]] = []
            for seat in range(players):
                after = state.hands[seat]
                if after == (0, 0, 0, 0) and min(hands[seat]) > PLENTY // 2:
                    pays.append((seat, _Op("retire")))
                    continue
                gain = received if seat == actor else (0, 0, 0, 0)
                paid = tuple(b + g - a for a, b, g in zip(after, hands[seat], gain, strict=True))
                if min(paid) < 0:
                    raise PluginError(
                        f"history[{index}] {action!r}: cards come into a hand from elsewhere "
                        "than the draw pile; the variant's sampler must know where from"
                    )
                if any(paid):
                    pays.append((seat, _Op("pay", cards=(paid[0], paid[1], paid[2], paid[3]))))
            if before is not None and not any(op.what == "pay" for _, op in pays):
                # the hand before the action had to allow it
                self._op(actor, _Op("need", need=_Need(before, action)))
            for seat, op in pays:
                self._op(seat, op)
            if got:
                self._op(actor, _Op("draw", tuple(got)))
        self.hand = _counts([c for c in COLOURS for _ in range(view.hand[c])])
        left = 0
        for op in self.ops[view.player]:
            if op.what == "retire":
                left = 0
                break
            left += len(op.slots) - sum(op.cards if op.what == "pay" else (0,))
        if left != sum(self.hand):
            raise SamplingError(
                f"seat {view.player} holds {sum(self.hand)} cards, but the history deals "
                f"them {left}"
            )
        self.proxy = game
        self.drawn_positions = sum(len(p) for p in self.owner) - sum(
            o.count(-1) for o in self.owner
        )

    def deal(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The positions in the deck (0 is its top) of the cards each seat is
        dealt at the start, before any action: the variant's deal
        (``trapper_start``), as the sampler must know it to tell which cards
        a hand may hold.

        The positions dealt are the top ones, each dealt once (``k`` cards
        in all: positions 0 to ``k - 1``), and the rest of the deck is the
        draw pile, in its order. The default is the base game's deal:
        ``trapper_hand_size(players)`` cards a seat, in blocks from the top,
        seat 0 first. A variant that deals otherwise (a card at a time
        around the table, more cards to later seats) answers the
        ``trapper_sampler`` hook with a subclass that says so here; the
        sampler checks the answer against the game its deal starts."""
        size = self.rules.hand_size(players)
        return tuple(tuple(range(p * size, (p + 1) * size)) for p in range(players))

    def _deal_setup(self) -> Game:
        """The game at the view's setup, the unseen tiles laid anyhow, its
        deck dealt in its order; notes the deck as the first pile and the
        hands' draws from it (`deal`). Every hand then holds plenty of
        every colour."""
        view, rules = self.view, self.rules
        players = len(view.players)
        grid, box = self._layout(random.Random(0))
        deck = rules.deck()
        setup = Setup(grid, deck, view.start_trappers, box, view.start_player)
        game = Game._start(rules, view.players, 0, setup)
        state = game.state
        colours = [int(c) for c in deck]
        seats = self._dealt_positions(players, len(colours))
        dealt = sum(len(positions) for positions in seats)
        hands = tuple(_counts([colours[i] for i in positions]) for positions in seats)
        if (
            state.drawn != 0
            or state.pile != tuple(colours[dealt:])
            or state.hands != hands
            or not self._deals_as_told(grid, box, colours, seats)
        ):
            own = type(self).deal is not Sampler.deal
            variants = self._variants_own() if type(self) is Sampler else None
            if variants is not None:  # made as Sampler(view): the variant has its own
                raise PluginError(
                    f"variant {view.variant!r} does not deal the cards as the base game "
                    f"does, which Sampler(view) takes it to: its own sampler "
                    f"({variants}, its trapper_sampler answer) is view.sampler()"
                )
            raise PluginError(
                f"variant {view.variant!r} does not deal the cards as "
                + (
                    f"its sampler's deal() says ({type(self).__qualname__})"
                    if own
                    else "the base game does, in blocks from the top"
                )
                + ": answer the trapper_sampler hook with a Sampler whose deal() gives the "
                "deck positions each seat is dealt"
            )
        self.offsets[0] = dealt
        self.piles: list[list[int]] = [colours]  # the replay's colours, right as a whole
        self.owner: list[list[int]] = [[-1] * len(colours)]  # seat that drew each position
        self.made_by: list[int] = [-1]  # the action whose draw reshuffled each pile
        for p, positions in enumerate(seats):
            slots = tuple((0, i) for i in positions)
            for i in positions:
                self.owner[0][i] = p
            self._op(p, _Op("draw", slots))
        state.hands = tuple(
            (h[0] + PLENTY, h[1] + PLENTY, h[2] + PLENTY, h[3] + PLENTY) for h in state.hands
        )
        return game

    def _variants_own(self) -> str | None:
        """The name of the class of the variant's own sampler, when this one
        is another (made directly, as ``Sampler(view)``), else ``None``.
        Asked once: the variant's sampler, made here, checks its deal in
        turn, and one that fails is not asked again (it recursed to
        Python's limit)."""
        if getattr(_ASKING_OWN, "asking", False):
            return None
        _ASKING_OWN.asking = True
        try:
            own = self.rules.sampler(self.view, self.rules)
        except Exception:  # told by the variant's own sampler, when it is used
            return None
        finally:
            _ASKING_OWN.asking = False
        if isinstance(own, Sampler) and type(own) is not type(self):
            return type(own).__qualname__
        return None

    def _deals_as_told(
        self,
        grid: Sequence[Tile | None],
        box: Sequence[Tile],
        colours: list[int],
        seats: tuple[tuple[int, ...], ...],
    ) -> bool:
        """Whether the variant's start deals each seat the positions
        ``seats`` gives it. The deck in its own order cannot tell: its top
        cards may all be of one colour (the base game's deck begins with 16
        blue cards, and two hands of six take 12 of them, dealt in any
        order). So each seat's positions are marked in a deck of their own,
        with the colour the deck has most of, and the other cards dealt go
        to the other colours first: the seat's hand then holds the marked
        colour alone exactly when its positions are the ones told. Checked
        once for each variant's rules, answer of `deal` and start player."""
        rules = self.rules
        checked = _DEALS_CHECKED.setdefault(rules, set())
        key = (seats, self.view.start_player)  # a variant may deal from the start player on
        if key in checked:
            return True
        view = self.view
        counts = Counter(colours)
        dealt = sum(len(positions) for positions in seats)
        mark = max(sorted(counts), key=counts.__getitem__)  # the most plentiful colour
        others = [c for c in colours if c != mark]
        for seat, positions in enumerate(seats):
            if not positions or counts[mark] < len(positions):
                continue  # nothing to tell apart, or not enough of one colour to mark them
            marked = [-1] * len(colours)
            for i in positions:
                marked[i] = mark
            rest = iter([*others, *[mark] * (counts[mark] - len(positions))])
            deck = [c if c >= 0 else next(rest) for c in marked]
            setup = Setup(
                grid, tuple(COLOURS[c] for c in deck), view.start_trappers, box, view.start_player
            )
            state = Game._start(rules, view.players, 0, setup).state
            if state.hands[seat] != _counts([deck[i] for i in positions]) or state.pile != tuple(
                deck[dealt:]
            ):
                return False
        checked.add(key)
        return True

    def _dealt_positions(self, players: int, cards: int) -> tuple[tuple[int, ...], ...]:
        """`deal`'s answer, checked: one tuple of positions a seat, each an
        int, together the top positions of a deck of ``cards``, once each."""
        seats = self.deal(players)
        where = f"{type(self).__qualname__}.deal({players})"
        if not isinstance(seats, tuple) or len(seats) != players:
            raise PluginError(
                f"{where} returned {shown(seats, 60)}, not a tuple of {players} tuples of "
                "deck positions, one a seat"
            )
        found: list[int] = []
        for positions in seats:
            if not isinstance(positions, tuple) or not all(type(i) is int for i in positions):
                raise PluginError(
                    f"{where} returned {shown(seats, 60)}: a seat's cards are a tuple of "
                    "deck positions (ints)"
                )
            found += positions
        if sorted(found) != list(range(len(found))) or len(found) > cards:
            raise PluginError(
                f"{where} returned {shown(seats, 60)}: the positions dealt must be the top "
                f"ones of the deck of {cards} cards (0, 1, 2 …), each dealt once"
            )
        return seats

    def _deal_origin(self, origin: PlayerView) -> Game:
        """The game at the view's origin, the unseen tiles laid anyhow and
        the unseen cards in any order; notes the cards as two piles, each
        right as a whole: the viewer's hand there (a pile of its own, which
        fixes it), and the others' hands, the draw pile and the cards out of
        the game (the deck less the discard pile and the viewer's hand),
        dealt in that order. Every hand still in then holds plenty of every
        colour."""
        view = self.view
        players = len(view.players)
        mine = [int(c) for c in COLOURS for _ in range(origin.hand[c])]
        rest = Counter(int(c) for c in self.rules.deck())
        rest.subtract(int(c) for c in COLOURS for _ in range(origin.discard[c]))
        rest.subtract(mine)
        sizes = list(origin.hand_sizes)
        if sizes[view.player] != len(mine) or min(rest.values(), default=0) < 0:
            raise SamplingError(
                f"the origin of the view of seat {view.player} holds cards the deck lacks"
            )
        others = sum(sizes) - len(mine)
        if others + origin.draw_pile_size + origin.out_of_game != sum(rest.values()):
            raise SamplingError(
                f"the origin of the view of seat {view.player} shows {others} cards in the "
                f"other hands, {origin.draw_pile_size} in the draw pile and "
                f"{origin.out_of_game} out of the game, and the deck leaves "
                f"{sum(rest.values())} for them"
            )
        colours = sorted(rest.elements())
        self.piles = [mine, colours]
        self.owner = [[view.player] * len(mine), [-1] * len(colours)]
        self.made_by = [-1, -1]
        self.offsets[1] = others
        self.ends[1] = others + origin.draw_pile_size
        self._op(view.player, _Op("draw", tuple((0, i) for i in range(len(mine)))))
        start = 0
        for seat in range(players):
            if seat == view.player:
                continue
            slots = tuple((1, i) for i in range(start, start + sizes[seat]))
            for _, i in slots:
                self.owner[1][i] = seat
            self._op(seat, _Op("draw", slots))
            start += sizes[seat]
        grid, box = self._layout(random.Random(0))
        game = self._origin_game(grid, box, self.piles, 0)
        # What the position asks of a hand there (the tactical auction's
        # leader can pay the bid), checked as a bid is, right after the deal.
        for seat, ops in enumerate(self.ops):
            if seat != view.player and not origin.retired[seat] and ops:
                need = _OriginNeed(game.copy(), seat)
                if need.matters:
                    self._op(seat, _Op("need", need=need))
        state = game.state
        state.hands = tuple(
            h if out else (h[0] + PLENTY, h[1] + PLENTY, h[2] + PLENTY, h[3] + PLENTY)
            for h, out in zip(state.hands, origin.retired, strict=True)
        )
        return game

    def _origin_game(
        self,
        grid: Sequence[Tile | None],
        box: tuple[Tile, ...],
        colours: Sequence[Sequence[int]],
        seed: int,
    ) -> Game:
        """The game at the view's origin with these tiles on its face-down
        squares and in the box, and the cards of the first two piles
        (``colours``) in the hands, the draw pile and out of the game."""
        view, origin = self.view, self.view.origin
        assert origin is not None
        offset, end = self.offsets[1], self.ends[1]
        hands: list[tuple[int, int, int, int]] = []
        start = 0
        for seat, size in enumerate(origin.hand_sizes):
            if seat == view.player:
                hands.append(_counts(colours[0]))
            else:
                hands.append(_counts(colours[1][start : start + size]))
                start += size
        face_up = 0
        for i, seen in enumerate(origin.board):
            if isinstance(seen, Tile):
                face_up |= 1 << i
        # A position drawn from a game's view keeps that game's setup, which
        # views count the tiles taken from: the tiles taken before the origin
        # go back on their squares, and the trappers (whom views of such a
        # game do not show at the start) on squares that held no tile.
        start_board = tuple(
            tile if taken is None else taken
            for tile, taken in zip(grid, origin.taken, strict=True)
        )
        empty = [i for i, tile in enumerate(start_board) if tile is None]
        game = Game._at(
            self.rules,
            view.players,
            seed,
            board=tuple(grid),
            face_up=face_up,
            trappers=tuple(square.index for square in origin.trappers),
            hands=tuple(hands),
            pile=tuple(colours[1][offset:end]),
            discard=origin.discard.counts,
            out=_counts(colours[1][end:]),
            # copies: the rules write their answers into a display's cache,
            # and the view's own copies are the view's
            displays=tuple(
                [Display(d.open, d.valued, d.separate, d.money, d.tokens) for d in origin.displays]
            ),
            supply=origin.supply,
            returned=origin.returned,
            to_move=origin.to_move,
            retired=origin.retired,
            turns=origin.turns,
            shuffles=origin.shuffles,
            box=box,
            taken=self._aside,
            start_board=start_board if any(origin.taken) else None,
            start_squares=tuple(empty[:4]) if any(origin.taken) else None,
            start_player=origin.start_player,
            turn=origin.turn,
        )
        if origin.to_move is None:
            game._finish()
        game._as_root()
        game._public = None
        game._displays = None
        return game

    def _op(self, seat: int, op: _Op) -> None:
        self.ops[seat].append(op)

    def _drawn(
        self,
        index: int,
        actor: int,
        start: int,
        new_piles: Sequence[tuple[int, ...]],
        end: int,
    ) -> list[Slot]:
        """The positions action ``index`` drew, in order; notes the new piles."""
        pile = len(self.piles) - 1
        offset = self.offsets.get(pile, 0)  # a dealt pile's draw pile begins after the hands
        stop = self.ends.get(pile, len(self.piles[pile])) if new_piles else end + offset
        got = [(pile, i) for i in range(start + offset, stop)]
        for number, cards in enumerate(new_piles):
            self.piles.append(list(cards))
            self.owner.append([-1] * len(cards))
            self.made_by.append(index)
            pile += 1
            last = number == len(new_piles) - 1
            got += [(pile, i) for i in range(end if last else len(cards))]
        for p, i in got:
            self.owner[p][i] = actor
        return got

    def keep_draws(self, draws: Sequence[Sequence[int | Colour]]) -> None:
        """Makes every world give the viewer the very cards they drew:
        ``draws`` lists, for each of the viewer's draws in order (the deal
        first; for a view of a game begun at a position, the hand held
        there, in any order), the colours of its cards in the order drawn.

        A view holds the viewer's hand as it is now, not the colours they
        drew earlier and have since paid, and the worlds drawn from it
        alone may give the viewer other earlier draws. A player who remembers
        every card they drew knows more: OpenSpiel's information state, which
        must be perfect recall, holds those draws, and its
        ``resample_from_infostate`` keeps them here. Only the other
        positions of the piles are drawn then.

        Call it before the first world (and before `prepare`). Draws that
        do not fit the view (not one list per draw of the viewer's, of as
        many cards, of colours its pile holds, paying for what the viewer
        paid and ending with the view's hand) raise `SamplingError`."""
        if self._colours is not None:
            raise SamplingError(
                "keep_draws() comes before the sampler's first world (and before prepare())"
            )
        viewer = self.view.player
        mine = [op for op in self.ops[viewer] if op.what == "draw"]
        if not isinstance(draws, Sequence) or len(draws) != len(mine):
            raise SamplingError(
                f"seat {viewer} drew {len(mine)} times in the view's history, "
                f"not as keep_draws() says: {shown(draws)}"
            )
        pins: dict[Slot, int] = {}
        for number, (op, cards) in enumerate(zip(mine, draws, strict=True)):
            colours = _colours_of(cards)
            if colours is None or len(colours) != len(op.slots):
                raise SamplingError(
                    f"draw {number} of seat {viewer} is {len(op.slots)} colours (Colour or 0 "
                    f"to 3), not {shown(cards)}"
                )
            pins.update(zip(op.slots, colours, strict=True))
        for p, pile in enumerate(self.piles):
            pinned = Counter(c for (q, _i), c in pins.items() if q == p)
            if pinned - Counter(pile):
                raise SamplingError(f"seat {viewer}'s draws take cards that pile {p} lacks")
        hand = [0, 0, 0, 0]
        for op in self.ops[viewer]:
            if op.what == "draw":
                for slot in op.slots:
                    hand[pins[slot]] += 1
            elif op.what == "pay":
                hand = [h - n for h, n in zip(hand, op.cards, strict=True)]
                if min(hand) < 0:
                    raise SamplingError(f"seat {viewer}'s draws do not pay for what they paid")
            elif op.what == "need":
                assert op.need is not None
                if not op.need.allows(viewer, hand):
                    raise SamplingError(f"seat {viewer}'s draws do not allow their bids")
            else:
                break
        else:
            if tuple(hand) != self.hand:
                raise SamplingError(
                    f"seat {viewer}'s draws end with {tuple(hand)}, not the view's hand"
                )
        self._pins = pins

    # ------------------------------------------------------------------
    # Colourings
    # ------------------------------------------------------------------

    def warm(self, earlier: Sampler) -> bool:
        """Lets the first world start from ``earlier``'s colouring of the
        cards, when ``earlier`` sampled an earlier view of the same player in
        the same game (its history the start of this view's; what a search
        bot's sampler of the decision before is); returns whether it fits.

        The repair then starts from the colouring that fitted the shorter
        history, new positions at random, and mostly has a few payments to
        mend instead of a whole game's; the chain's burn-in follows as
        always. A sampler that does not fit changes nothing."""
        if not isinstance(earlier, Sampler):
            raise SamplingError(f"a sampler warms from a Sampler, not {type(earlier).__name__}")
        before, now = earlier.view, self.view
        colours = earlier._colours
        if (
            colours is None
            or self._colours is not None
            or before.variant != now.variant
            or before.player != now.player
            or before.players != now.players
            or before.start_trappers != now.start_trappers
            or before.start_player != now.start_player
            or before.origin != now.origin
            or len(before.history) > len(now.history)
            or len(earlier.piles) > len(self.piles)
            or before.history != now.history[: len(before.history)]
            or any(
                sorted(mine) != sorted(theirs)
                for mine, theirs in zip(self.piles, earlier.piles, strict=False)
            )
        ):
            return False
        self._hint = [list(pile) for pile in colours]
        return True

    def _first(
        self, rng: random.Random, effort: int | None = None, deadline: float | None = None
    ) -> list[list[int]] | None:
        """A first consistent colouring: the complete search (``_colour``)
        and the repair (``_repair``) in turn until one finds one or the
        search proves there is none; first, when `warm` gave one, the repair
        from an earlier view's colouring. The search starts afresh in a new
        random order every run, its runs ``_BUDGET`` times Luby's sequence
        (`_luby`) of branches, as many runs as keep its branches within
        ``_SHARE`` times the repair's moves; the repair's turns are
        ``_REPAIR`` moves, twice as many each turn, with its measures
        (`_MEASURES`, ``every`` first) in turn. The positions the search
        leaves free are laid out at random. Reads what ``_index`` notes.

        With ``effort``, ``None`` once that many steps are spent (the
        search's branches and the repair's moves together; the last run or
        turn cut short to fit), the same draws of ``rng`` as without it
        until then; with ``deadline`` (a `_clock` time), ``None`` once it has
        passed (asked before each run and turn, and within them)."""
        # The warm start's colouring (``warm``) knows nothing of kept draws
        # (`keep_draws`): with draws kept, the search starts afresh.
        left = effort  # the steps left; None: no bound

        def allowed(steps: int) -> int:
            """Of ``steps`` more, as many as the bounds leave (0: none), spent."""
            nonlocal left
            if deadline is not None and _clock() >= deadline:
                return 0
            if left is None:
                return steps
            steps = min(steps, left)
            left -= steps
            return steps

        if self._hint is not None and self._pins is None:
            colours = self._repair(rng, allowed(_REPAIR), start=self._hint, deadline=deadline)
            self._hint = None
            if colours is not None:
                return colours
        ops, hand = self._searched()
        run, searched, repaired, moves, turn = 1, 0, 0, _REPAIR, 0
        while True:
            while searched <= _SHARE * repaired:
                budget = allowed(_BUDGET * _luby(run))
                if not budget:
                    return None
                run += 1
                try:
                    found = _colour(
                        self.piles,
                        ops,
                        self.view.player,
                        hand,
                        rng,
                        budget,
                        fixed=self._pins,
                        deadline=deadline,
                    )
                except _OutOfBudget:
                    searched += budget
                    continue
                if found is None:
                    raise SamplingError(
                        f"the view of seat {self.view.player} is inconsistent: no deal of the "
                        "cards fits its history (every card paid held when paid, every bid "
                        "payable) and its hand"
                    )
                return found
            tried = allowed(moves)
            if not tried:
                return None
            colours = self._repair(
                rng, tried, measure=_MEASURES[turn % len(_MEASURES)], deadline=deadline
            )
            if colours is not None:
                return colours
            repaired += moves
            moves *= 2
            turn += 1

    def _searched(self) -> tuple[list[list[_Op]], Hand]:
        """The hands' ops and the viewer's end, as the complete search takes
        them: with the viewer's draws kept (`keep_draws`), a viewer who
        retired is known to the end of its history too, so it is searched
        back from the hand it retired with, like one that did not."""
        ops, hand = self.ops, self.hand
        viewer = self.view.player
        pins = self._pins
        if pins is None or not any(op.what == "retire" for op in ops[viewer]):
            return ops, hand
        held = [0, 0, 0, 0]
        kept: list[_Op] = []
        for op in ops[viewer]:
            if op.what == "retire":
                break
            kept.append(op)
            if op.what == "draw":
                for slot in op.slots:
                    held[pins[slot]] += 1
            elif op.what == "pay":
                held = [h - n for h, n in zip(held, op.cards, strict=True)]
        ops = [*ops[:viewer], kept, *ops[viewer + 1 :]]
        return ops, (held[0], held[1], held[2], held[3])

    def _index(self) -> None:
        """Notes what the chain checks: each hand's payments and bids in
        order, and how many of them come before each position it drew."""
        self._checks: list[list[tuple[Hand, _Need | None]]] = []
        self._retires: list[bool] = []
        self._since = [[0] * len(pile) for pile in self.piles]
        for ops in self.ops:
            checks: list[tuple[Hand, _Need | None]] = []
            retires = False
            for op in ops:
                if op.what == "draw":
                    for p, i in op.slots:
                        self._since[p][i] = len(checks)
                elif op.what == "pay":
                    checks.append((op.cards, None))
                elif op.what == "need":
                    checks.append(((0, 0, 0, 0), op.need))
                else:
                    retires = True
                    break
            self._checks.append(checks)
            self._retires.append(retires)

    def _tally(self, colours: list[list[int]]) -> None:
        """Notes each hand, coloured so, before each of its checks and at
        its end (when it retires, if it does)."""
        self._hands: list[list[list[int]]] = []
        self._ends: list[list[int]] = []
        for ops in self.ops:
            hand = [0, 0, 0, 0]
            before: list[list[int]] = []
            for op in ops:
                if op.what == "draw":
                    for p, i in op.slots:
                        hand[colours[p][i]] += 1
                elif op.what == "retire":
                    break
                else:
                    before.append(list(hand))
                    hand = [h - n for h, n in zip(hand, op.cards, strict=True)]
            self._hands.append(before)
            self._ends.append(hand)

    def _holds(self, seat: int, start: int, stop: int, lose: int, gain: int) -> bool:
        """Whether ``seat``'s checks ``start`` to ``stop`` (its end when
        ``stop`` is -1) still pass with one card of colour ``lose`` turned
        ``gain`` from check ``start`` on."""
        checks, hands = self._checks[seat], self._hands[seat]
        if stop < 0:
            if seat == self.view.player and not self._retires[seat]:
                return False  # the viewer's hand would end other than the view's
            stop = len(checks)
        for k in range(start, stop):
            cards, need = checks[k]
            hand = hands[k]
            if need is None:
                if hand[lose] <= cards[lose]:
                    return False
            else:
                moved = list(hand)
                moved[lose] -= 1
                moved[gain] += 1
                if not need.allows(seat, moved):
                    return False
        return True

    def _shift(self, seat: int, start: int, stop: int, lose: int, gain: int) -> None:
        """Turns one card of ``seat`` from ``lose`` to ``gain`` from check
        ``start`` to ``stop`` (its end when -1), as `_holds` checked."""
        hands = self._hands[seat]
        for k in range(start, len(hands) if stop < 0 else stop):
            hands[k][lose] -= 1
            hands[k][gain] += 1
        if stop < 0:
            self._ends[seat][lose] -= 1
            self._ends[seat][gain] += 1

    def _repair(
        self,
        rng: random.Random,
        moves: int,
        *,
        start: Sequence[Sequence[int]] = (),
        measure: str = "every",
        deadline: float | None = None,
    ) -> list[list[int]] | None:
        """A consistent colouring found by local search, or ``None`` after
        ``moves`` proposals: from a random colouring of every pile (of the
        piles after those ``start`` colours, when given), pick a
        check that fails (a payment the hand lacks a colour for, a bid it
        does not allow, the viewer's end), weigh ``_TRIES`` swaps of a card
        the hand drew before it for one of the colour it lacks from the same
        pile, and keep the best if it adds no more faults than it mends, or
        else with a chance of ``_NOISE`` to the power of the faults it adds
        (a walk that never climbs sticks in a dip one swap cannot leave).
        Faults are counted by ``measure``, one of `_Ledger`'s. With
        ``deadline`` (a `_clock` time), ``None`` once it has passed, asked
        every `_CLOCKED` moves.

        Incomplete, but it reaches across every hand at once, where the
        complete search takes hands one after the other; the tight long
        tactical histories that cost the search minutes it mends in
        milliseconds to a second or two. ``_first`` runs both in turn."""
        colours = [list(pile) for pile in self.piles]
        pins = self._pins or {}
        for p, pile in enumerate(colours):
            if p < len(start):
                pile[:] = start[p]
            elif pins:
                # the viewer's kept draws where they were drawn, the rest anyhow
                rest = Counter(pile)
                rest.subtract(c for (q, _i), c in pins.items() if q == p)
                free = list(rest.elements())
                rng.shuffle(free)
                for i in range(len(pile)):
                    pile[i] = pins[p, i] if (p, i) in pins else free.pop()
            else:
                rng.shuffle(pile)
        ledger = _Ledger(self, colours, measure)
        seats = len(self.ops)
        owner, since = self.owner, self._since
        mine: list[list[Slot]] = [[] for _ in range(seats)]
        for p, owners in enumerate(owner):
            for i, s in enumerate(owners):
                if s >= 0:
                    mine[s].append((p, i))
        for s in range(seats):
            mine[s].sort(key=lambda slot: since[slot[0]][slot[1]])
        when = [[since[p][i] for p, i in slots] for slots in mine]
        bad = ledger.bad
        for move in range(moves):
            if not bad:
                return colours
            if deadline is not None and not move % _CLOCKED and _clock() >= deadline:
                return None
            failing = sorted(bad)
            s, k = failing[rng.randrange(len(failing))]
            want = ledger.lacks(s, k, rng)
            # Swaps that give the hand a card of that colour at check k: one
            # it drew before (a card of another colour) for a card of the
            # colour from the same pile that it does not hold then. The best
            # of a few tried (min-conflicts), ties to the first.
            slots = mine[s]
            n = bisect.bisect_right(when[s], k)
            if not n:
                continue
            found: tuple[int, int, int, int, list[tuple[int, int, int, int, int]]] | None = None
            for _try in range(_TRIES):
                p, i = slots[rng.randrange(n)]
                pile = colours[p]
                ci = pile[i]
                if ci == want or (p, i) in pins:
                    continue
                size = len(pile)
                for _probe in range(4 * size):
                    j = rng.randrange(size)
                    if (
                        pile[j] == want
                        and not (owner[p][j] == s and since[p][j] <= k)
                        and (p, j) not in pins
                    ):
                        break
                else:
                    continue
                b = owner[p][j]
                if b == s:
                    change = [(s, since[p][i], since[p][j], ci, want)]
                else:
                    change = [(s, since[p][i], -1, ci, want)]
                    if b >= 0:
                        change.append((b, since[p][j], -1, want, ci))
                delta = sum(ledger.trial(*part) for part in change)
                if found is None or delta < found[0]:
                    found = (delta, p, i, j, change)
            if found is None:
                continue
            delta, p, i, j, change = found
            if delta > 0 and rng.random() >= _NOISE**delta:
                continue
            for part in change:
                ledger.commit(*part)
            pile = colours[p]
            pile[i], pile[j] = pile[j], pile[i]
        return colours if not bad else None

    def _swaps(self, colours: list[list[int]], steps: int, rng: random.Random) -> None:
        """``steps`` proposals of the chain: swap two positions of one pile,
        keep the swap if both hands stay consistent. Only what the swap
        changes is checked: a hand from the draw of the card it loses on
        (up to the draw of the other, when both are its own)."""
        piles = [p for p in range(len(colours)) if len(colours[p]) > 1]
        if not piles:
            return
        weights = [len(colours[p]) for p in piles]
        total = sum(weights)
        owner, since = self.owner, self._since
        pins = self._pins or {}  # the viewer's kept draws (keep_draws) never move
        for _ in range(steps):
            r = rng.randrange(total)
            p = piles[-1]
            for candidate, w in zip(piles, weights, strict=True):
                if r < w:
                    p = candidate
                    break
                r -= w
            pile = colours[p]
            i, j = rng.randrange(len(pile)), rng.randrange(len(pile))
            ci, cj = pile[i], pile[j]
            if ci == cj or (pins and ((p, i) in pins or (p, j) in pins)):
                continue
            a, b = owner[p][i], owner[p][j]
            if a == b and a >= 0:
                # The hand's colours change only between the two draws.
                ki, kj = since[p][i], since[p][j]
                if ki < kj:
                    if not self._holds(a, ki, kj, ci, cj):
                        continue
                    self._shift(a, ki, kj, ci, cj)
                elif kj < ki:
                    if not self._holds(a, kj, ki, cj, ci):
                        continue
                    self._shift(a, kj, ki, cj, ci)
            elif a != b:
                if a >= 0 and not self._holds(a, since[p][i], -1, ci, cj):
                    continue
                if b >= 0 and not self._holds(b, since[p][j], -1, cj, ci):
                    continue
                if a >= 0:
                    self._shift(a, since[p][i], -1, ci, cj)
                if b >= 0:
                    self._shift(b, since[p][j], -1, cj, ci)
            pile[i], pile[j] = cj, ci

    def _colouring(self, rng: random.Random, steps: int) -> list[list[int]]:
        colours = self._colours
        if colours is None:
            self.prepare(rng)
            colours = self._colours
            assert colours is not None  # prepare without a bound finds one, or raises
        else:
            self._swaps(colours, steps, rng)
        return colours

    def prepare(
        self, rng: random.Random, *, effort: int | None = None, seconds: float | None = None
    ) -> bool:
        """Draws the chain's start now, as the first `world` or `position`
        would (the same draws of ``rng``: a first world asked after it,
        with ``steps=0``, is the one it would have been), and returns
        ``True``; ``True`` at once if the sampler has its start already.
        Raises `SamplingError` for a view no game could show.

        ``effort`` bounds the search for a consistent colouring of the
        cards: at most that many steps, the complete search's branches and
        the repair's moves together. Past it, returns ``False`` and keeps
        nothing (a later call searches afresh, with the draws of ``rng``
        where they are then). Most views need a few hundred to some
        thousands of steps, milliseconds to a second or two; a view of a
        long tactical game of players who hoard their cards or pay every
        card they draw may need over a hundred thousand, half a minute and
        more (`ISMCTSBot` bounds its decisions so: its ``sampling_effort``).

        ``seconds`` bounds it in time too (CPU and waiting alike, as
        ``time.perf_counter`` counts): past it, the same answer. The clock is
        read every `_CLOCKED` branches of the complete search and moves of
        the repair, so the search may run on a few thousandths of a second
        past it; and what is found within it depends on the machine, where
        what ``effort`` allows does not (`ISMCTSBot` with ``seconds`` gives its
        search for the first world the decision's time)."""
        _check_draw(rng, 0)
        if effort is not None and (type(effort) is not int or effort < 1):
            raise SamplingError(f"effort is a whole number of at least 1, not {shown(effort)}")
        if seconds is not None and (
            type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds <= 0
        ):
            raise SamplingError(f"seconds is a number above 0, not {shown(seconds)}")
        if self._colours is not None:
            return True
        self._index()
        deadline = None if seconds is None else _clock() + seconds
        colours = self._first(rng, effort, deadline)
        if colours is None:
            return False
        self._tally(colours)
        self._swaps(colours, BURN_IN * self.drawn_positions, rng)
        self._colours = colours
        return True

    # ------------------------------------------------------------------
    # Worlds and games
    # ------------------------------------------------------------------

    def world(self, rng: random.Random, *, steps: int = 64) -> World:
        """Returns a world consistent with the view, drawn by ``rng``.

        The first world of a sampler comes after `BURN_IN` swaps per
        card position drawn; each later one after ``steps`` more swaps of the
        same chain.
        """
        _check_draw(rng, steps)
        colours = self._colouring(rng, steps)
        grid, box = self._layout(rng)
        per_action: list[list[tuple[int, ...]]] = [[] for _ in self.view.history]
        dealt = 1 if self.view.origin is None else 2
        for p in range(dealt, len(colours)):
            per_action[self.made_by[p]].append(tuple(colours[p]))
        shuffles = tuple(tuple(s) for s in per_action)
        if self.view.origin is not None:
            seed = rng.getrandbits(63)
            start = self._origin_game(grid, box, colours, seed)
            return World(start.setup, seed, shuffles, start)
        deck = tuple(COLOURS[c] for c in colours[0])
        setup = Setup(grid, deck, self.view.start_trappers, box, self.view.start_player)
        return World(setup, rng.getrandbits(63), shuffles)

    def game(self, world: World) -> Game:
        """Returns the game of ``world``: its setup, with the view's history
        replayed and every action checked. Raises `SamplingError` if the
        view's legal actions are not those of the position it shows (a
        hand-built view), `PluginError` if the game does not show the view
        to its player otherwise (a sampler's fault)."""
        if not isinstance(world, World):
            raise SamplingError(f"game() builds a World, not {shown(world)}")
        seed = self._check_world(world)
        if world.start is not None:
            game = world.start.copy()
        else:
            game = Game._start(self.rules, self.view.players, seed, world.setup)
        try:
            for action, shuffles in zip(self.view.history, world.shuffles, strict=True):
                game.apply(action, shuffles=shuffles)
        except TrapperError as exc:
            self._check_start(world)
            raise PluginError(
                f"a sampled world does not replay the view's history: {exc}"
            ) from exc
        seen = game.view(self.view.player)
        if seen != self.view:
            self._check_start(world)
            if attrs.evolve(seen, legal_actions=self.view.legal_actions) == self.view:
                raise SamplingError(
                    f"the view of seat {self.view.player} is inconsistent: its legal actions "
                    "are not those of the position it shows"
                )
            differ = [
                field.name
                for field in attrs.fields(PlayerView)
                if getattr(seen, field.name) != getattr(self.view, field.name)
            ]
            if type(self) is Sampler:
                # This sampler draws the hidden parts alone and replays the
                # rest from the view: a world that differs from the view
                # in what it shows was made from a view no game shows (one
                # built by hand), whose public facts the rules contradict,
                # or the world was drawn for another seat's view.
                raise SamplingError(
                    f"the view of seat {self.view.player} is inconsistent: the rules make "
                    f"its history give another {', '.join(differ)} than it shows (or the "
                    "world was drawn for another seat's view)"
                )
            raise PluginError(
                "a sampled world does not show the view it was sampled from "
                f"(its {', '.join(differ)} differ)"
            )
        return game

    def _check_start(self, world: World) -> None:
        """Raises `SamplingError` for a world that does not start as the
        view's game did, as far as the view shows its start (where the
        trappers stood, who began, the tiles seen; for a game begun at a
        position, the viewer's view of it): a world drawn for another
        game's view, not this sampler's fault. Asked of a world whose game
        fails to show the view, to say whose mistake it is."""
        view = self.view
        start = world.start
        problem = None
        if view.origin is not None:
            if start is None:
                problem = "it begins at a setup, the view's game at a position"
            elif start.variant != view.variant or start.players != view.players:
                problem = f"its start is a game of {start.variant!r} between {start.players}"
            elif attrs.evolve(start.view(view.player), origin=None) != view.origin:
                problem = "its start is another position than the one the view's game began at"
        elif start is not None:
            problem = "it begins at a position, the view's game at its setup"
        else:
            setup = world.setup
            if setup.trappers != view.start_trappers:
                problem = f"its trappers start on {', '.join(map(str, setup.trappers))}"
            elif setup.start_player != view.start_player:
                problem = f"seat {setup.start_player} begins it, not seat {view.start_player}"
            else:
                for i, tile in sorted(self._known.items()):
                    if setup.board[i] != tile:
                        there = setup.board[i]
                        problem = (
                            f"its setup has {'no tile' if there is None else there} on "
                            f"{SQUARES[i]}, where the view has seen {tile}"
                        )
                        break
        if problem is not None:
            raise SamplingError(
                f"game(): the world does not start as the view's game did: {problem} "
                "(a world drawn for another game's view?)"
            )

    def _check_world(self, world: World) -> int:
        """``world``'s seed as an int; raises `SamplingError` for a world (one
        built by hand) that no game of the view's variant starts from: its
        shuffles not one entry per action of the view's history, a start
        that is no game, or a seed or setup that ``new_game`` refuses (the
        game made of it would not pickle or store: ``Game.from_dict``
        starts it with ``new_game``)."""
        actions = len(self.view.history)
        shuffles = world.shuffles
        if type(shuffles) is not tuple or len(shuffles) != actions:
            raise SamplingError(
                "game(): a world's shuffles are a tuple of one entry per action of the "
                f"view's history ({actions}), not {shown(shuffles)}"
            )
        if world.start is not None:
            if not isinstance(world.start, Game):
                raise SamplingError(
                    f"game(): a world's start is None or a Game, not {shown(world.start)}"
                )
            return 0  # the start's own seed goes on
        try:
            if world.seed is None:  # which _seed would take for a seed picked at random
                raise SetupError("a world's seed is a whole number below 2**64, not None")
            seed = _seed(world.seed)
            if not isinstance(world.setup, Setup):
                raise SetupError(f"a world's setup is a Setup, not {shown(world.setup)}")
            rules = self.rules
            world.setup.check(
                faces_of(rules.tile_set()), rules.deck(), len(self.view.players), rules.board()
            )
        except SetupError as exc:
            raise SamplingError(
                f"game(): no game of the view's variant starts so: {exc}"
            ) from None
        return seed

    def sample(self, rng: random.Random) -> Game:
        """Returns a complete game consistent with the view (see the module)."""
        return self.game(self.world(rng))  # world() checks rng

    def position(self, rng: random.Random, *, steps: int = 64) -> Game:
        """Returns a game at the view's position with its hidden parts drawn
        as `world` draws them, built without replaying the history:
        what a search needs once per iteration.

        The game has no history (``history`` is empty, `Game.undo`
        takes back only what is played on it, `Game.root` returns this
        position) and keeps the viewed game's ``setup``, which does not
        describe it: it is a position to play on (``from_setup`` is
        ``False``; ``to_dict`` refuses it, its record in the notation
        begins at the position, in a ``Position`` tag, and ``copy()``,
        ``copy.deepcopy`` and pickling keep it).
        """
        _check_draw(rng, steps)
        colours = self._colouring(rng, steps)
        game = self.proxy.copy()
        state = game.state
        board = list(state.board)
        order = list(self._unseen)
        rng.shuffle(order)
        start = list(game.setup.board)
        for i, tile in zip(self._hidden, order, strict=False):
            board[i] = start[i] = tile
        state.board = tuple(board)
        state.box = tuple(order[len(self._hidden) :])
        # Views count the tiles taken from the setup's board: a tile drawn
        # for a face-down square is the one its setup holds there too, and
        # the setup's box holds the rest of its tiles, as a setup's does.
        game.setup = _with_board(game.setup, tuple(start))
        hands: list[Hand] = []
        out = [0, 0, 0, 0]
        if self.view.origin is not None:  # the cards out of the game at the origin
            out = list(_counts(colours[1][self.ends[1] :]))
        for end, retires in zip(self._ends, self._retires, strict=True):
            if retires:
                out = [o + h for o, h in zip(out, end, strict=True)]
                hands.append((0, 0, 0, 0))
            else:
                hands.append((end[0], end[1], end[2], end[3]))
        state.hands = tuple(hands)
        state.out = (out[0], out[1], out[2], out[3])
        last = len(colours) - 1  # the pile drawn from now, past the hands dealt from it
        state.pile = tuple(colours[last][self.offsets.get(last, 0) : self.ends.get(last)])
        # The reshuffles of the history are the piles after the dealt ones
        # (the deck; at an origin, the viewer's hand and the rest).
        dealt = 1 if self.view.origin is None else 2
        earlier = len(state.shuffled) - (len(colours) - dealt)  # before the origin
        state.shuffled = state.shuffled[:earlier] + tuple(tuple(c) for c in colours[dealt:])
        state.seed = rng.getrandbits(63)
        state.targets = (None, None, None, None)
        game.seed = state.seed
        game._as_root()
        return game


AT_POSITION = (
    "the view is of a game that begins at a position (game_at, Sampler.position) but "
    "holds no view of that position (its origin): a sampler draws the hidden parts by "
    "replaying the history from the setup, or from the origin"
)


def begins_at_position(view: PlayerView) -> bool:
    """Whether ``view`` is of a game that begins at a position, not at a
    setup (its start is unknown: ``start_trappers`` is empty), and shows
    no view of that position to draw from (``origin``: a view built by hand)."""
    return len(view.taken) == 64 and not view.start_trappers and view.origin is None


def sample(view: PlayerView, rng: random.Random, *, registry: Registry | None = None) -> Game:
    """Returns a complete game consistent with ``view``, its hidden parts drawn
    by ``rng`` (see the module); the variant's ``trapper_sampler`` hook says
    how. ``registry`` is where the variant is looked up (the installed
    variants by default)."""
    if not isinstance(view, PlayerView):
        raise SamplingError(f"sample() takes a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise SamplingError(f"sample() draws with a random.Random, not {type(rng).__name__}")
    rules = _registry(registry).rules(view.variant)
    return sampler_of(view, rules).sample(rng)


def sampler_of(view: PlayerView, rules: Rules) -> Sampler:
    """The variant's sampler for ``view`` (its ``trapper_sampler`` answer);
    raises `PluginError` for an answer that is no `Sampler`."""
    sampler = rules.sampler(view, rules)
    if not isinstance(sampler, Sampler):
        raise PluginError(
            f"variant {rules.variant!r}: trapper_sampler(view, rules) returned "
            f"{shown(sampler, 60)}, not a trapper_core.Sampler"
        )
    return sampler


def _check_draw(rng: object, steps: object) -> None:
    """Raises `SamplingError` unless ``rng`` is a ``random.Random`` and
    ``steps`` a count of swaps from 0 to `MAX_STEPS`."""
    if not isinstance(rng, random.Random):
        raise SamplingError(f"a world is drawn with a random.Random, not {shown(rng)}")
    if type(steps) is not int or not 0 <= steps <= MAX_STEPS:
        raise SamplingError(
            f"steps must be a whole number from 0 to {MAX_STEPS}, not {shown(steps)}"
        )


def _registry(registry: object) -> Registry:
    """``registry``, or the installed variants' when ``None``; raises
    `SamplingError` when it is no `Registry`."""
    from .plugins import Registry, default_registry

    if registry is None:
        return default_registry()
    if not isinstance(registry, Registry):
        raise SamplingError(f"registry must be a Registry, not {shown(registry)}")
    return registry


# ----------------------------------------------------------------------
# The repair's measure of a colouring
# ----------------------------------------------------------------------


class _Ledger:
    """Each hand of a colouring through its checks, as the repair measures
    it (``measure``, one of `_MEASURES`). A payment is at fault by the cards
    of its colours that the hand lacks; a bid the hand does not allow, by 1;
    the viewer's end (unless it retired), by the cards it lacks of the
    view's hand. A payment the hand cannot make is made all the same, the
    hand holding less than none of the colour until it draws enough; a hand
    in debt is at fault by its debt at every later payment (``every``) or
    only at those of the colour it owes (``colour``). Either way, the
    colouring is consistent exactly when no check is at fault.

    The two mend different histories, and the repair's turns take them in
    turn (``Sampler._first``). ``every`` leads the walk to a debt's draw
    from wherever it shows, and mends the bids and payments of long tactical
    histories best. But a card missing from the early draws of a hand that
    pays every card as soon as it is drawn is then lacking at dozens of
    checks, and the one swap that gives the hand the card seems to do harm;
    ``colour`` counts it only where its colour is paid. On the views of
    games of hoarders and spenders that took the sampler over 0.3 s
    (``python benchmarks/sampler_schedule.py --games hoarders``), the two
    in turn took a fifth to a quarter of the time of ``every`` alone for
    the base and children's games, and as long for the tactical ones (the
    figures are in docs/internals/bots.md)."""

    def __init__(self, sampler: Sampler, colours: Sequence[Sequence[int]], measure: str) -> None:
        if measure not in _MEASURES:
            raise ValueError(f"no measure {measure!r}; there are {', '.join(_MEASURES)}")
        self.every = measure == "every"
        self.checks = sampler._checks
        self.want = sampler.hand
        viewer = sampler.view.player
        seats = len(self.checks)
        self.ends = [seat == viewer and not sampler._retires[seat] for seat in range(seats)]
        # gains[s][k]: the cards hand s draws just before its check k (its end for the last)
        self.gains = [[[0, 0, 0, 0] for _ in range(len(c) + 1)] for c in self.checks]
        since = sampler._since
        for p, owners in enumerate(sampler.owner):
            for i, s in enumerate(owners):
                if s >= 0:
                    self.gains[s][since[p][i]][colours[p][i]] += 1
        self.hands: list[list[list[int]]] = []  # before each check, and at the end
        self.faults: list[list[int]] = []
        self.bad: set[tuple[int, int]] = set()  # the checks at fault: (seat, check)
        for s in range(seats):
            self.hands.append([])
            self.faults.append([])
            self._run(s, 0, list(self.gains[s][0]), -1, 0, 0)

    def _fault(self, s: int, k: int, hand: Sequence[int]) -> int:
        """The fault of check ``k`` of hand ``s`` (its end when the last),
        holding ``hand``."""
        checks = self.checks[s]
        if k == len(checks):
            if not self.ends[s]:
                return 0
            return sum(max(0, w - h) for w, h in zip(self.want, hand, strict=True))
        cards, need = checks[k]
        if need is not None:
            held = hand if min(hand) >= 0 else [max(0, h) for h in hand]  # a debt holds none
            return 0 if need.allows(s, held) else 1
        fault = 0
        for n, h in zip(cards, hand, strict=True):
            if (n > h) if n else (h < 0 and self.every):  # short of a colour it pays, or in debt
                fault += n - h
        return fault

    def _run(self, s: int, k: int, hand: list[int], stop: int, lose: int, gain: int) -> None:
        """Writes hand ``s`` in the ledger from check ``k`` on, holding
        ``hand`` there, with one card ``lose`` turned ``gain`` back at check
        ``stop`` (none: -1), until it comes out as the ledger has it (a hand
        new in the ledger: to the end)."""
        checks, gains, faults = self.checks[s], self.gains[s], self.faults[s]
        known = self.hands[s]
        last = len(checks)
        while True:
            if k < len(known):
                if k > stop and hand == known[k]:
                    return  # as the ledger has it from here on
                fault = faults[k] = self._fault(s, k, hand)
                known[k] = list(hand)
            else:
                fault = self._fault(s, k, hand)
                known.append(list(hand))
                faults.append(fault)
            if fault:
                self.bad.add((s, k))
            else:
                self.bad.discard((s, k))
            if k == last:
                return
            cards, need = checks[k]
            if need is None:
                for c in range(4):
                    hand[c] -= cards[c]
            k += 1
            drawn = gains[k]
            for c in range(4):
                hand[c] += drawn[c]
            if k == stop:
                hand[lose] += 1
                hand[gain] -= 1

    def trial(self, s: int, start: int, stop: int, lose: int, gain: int) -> int:
        """How the faults of hand ``s`` would change with one card of colour
        ``lose`` turned ``gain`` from its check ``start`` to ``stop`` (its
        end when -1)."""
        # The change is the card's alone, from start to stop: only the two
        # colours' part of each check's fault changes. (Every move of the
        # repair weighs several swaps: this is most of its time.)
        checks, hands, faults = self.checks[s], self.hands[s], self.faults[s]
        every = self.every
        end = len(checks) if stop < 0 else stop
        delta = 0
        for k in range(start, end):
            cards, need = checks[k]
            hand = hands[k]
            if need is None:
                n, h = cards[lose], hand[lose]  # h - 1 now
                if n:
                    delta += n >= h
                elif every and h <= 0:
                    delta += 1
                n, h = cards[gain], hand[gain]  # h + 1 now
                if n:
                    delta -= n > h
                elif every and h < 0:
                    delta -= 1
            else:
                moved = list(hand)
                moved[lose] -= 1
                moved[gain] += 1
                delta += self._fault(s, k, moved) - faults[k]
        if stop < 0 and self.ends[s]:
            hand = hands[-1]
            delta += (hand[lose] <= self.want[lose]) - (hand[gain] < self.want[gain])
        return delta

    def commit(self, s: int, start: int, stop: int, lose: int, gain: int) -> None:
        """Makes the change `trial` weighs."""
        hand = list(self.hands[s][start])
        hand[lose] -= 1
        hand[gain] += 1
        self._run(s, start, hand, stop, lose, gain)  # with the draws as they were
        gains = self.gains[s]
        gains[start][lose] -= 1
        gains[start][gain] += 1
        if stop >= 0:
            gains[stop][lose] += 1
            gains[stop][gain] -= 1

    def lacks(self, s: int, k: int, rng: random.Random) -> int:
        """A colour whose lack makes check ``k`` of hand ``s`` (its end when
        the last) fail, at random when there are several."""
        hand = self.hands[s][k]
        if k == len(self.checks[s]):
            wants: Sequence[int] = self.want
        else:
            cards, need = self.checks[s][k]
            if need is not None:
                named = need.short(s, [max(0, h) for h in hand])
                return rng.randrange(4) if named is None or named < 0 else named
            wants = cards
        short = [c for c in range(4) if wants[c] > hand[c]]
        return rng.choice(short) if short else rng.randrange(4)


# ----------------------------------------------------------------------
# The search for a first consistent colouring
# ----------------------------------------------------------------------

_DRAW, _PAY, _NEED, _RETIRE, _GIVE = range(5)
_HAND, _UNPAY, _CHECK, _BACK, _EMPTY, _ADD, _TAKE = range(5, 12)

_MEASURES = ("every", "colour")
"""The repair's measures of a colouring (`_Ledger`), which its turns take in
turn, in this order."""

_REPAIR = 2000
"""Moves the repair (``Sampler._repair``) tries in its first turn; each
turn tries twice as many as the turn before."""

_NOISE = 0.7
"""The chance that the repair keeps a swap that adds a fault (to the power
of the faults it adds)."""

_TRIES = 8
"""Swaps the repair weighs for each move, keeping the best. On three of the
hardest long tactical views measured (ten starts each, 20,000 moves at
most), 8 swaps and a chance of 0.7 mended all thirty starts in 9 s in all;
one swap and 0.4, 22 of them in over a minute; 0.1, 3 (measured with the
``every`` measure of `_Ledger` alone)."""

#: The clock `Sampler.prepare`'s ``seconds`` is counted on (a name of
#: its own, so that tests can give it one that does not run by itself).
_clock = time.perf_counter

_CLOCKED = 64
"""Moves of the repair, or branches of the complete search, between two
readings of the clock under a time bound: in the hard views a move costs 5
to 100 microseconds and a branch 40 to 60, so a few thousandths of a second
go by unseen."""

_BUDGET = 300
"""Branches of the search's shortest run; its runs are this times Luby's
sequence (`_luby`). Each run starts afresh in a new random order: a search
that went wrong early spends its time deep in one corner, where a fresh
start mostly walks straight through, yet a few views need one long run."""

_SHARE = 3
"""Branches the search may try for each move the repair has tried. A branch
costs some 30 to 150 µs on a long tactical view and a move of the repair
about 300 µs, so the two get about the same time. A view that only a run of
n branches colours gets one after runs of (log2(n / 300) + 1) times n
branches in all (and the repair a third of that in moves); the schedule
before (one run of 300, 600, 1,200, … branches between the repair's turns)
gave it that run only after some 7 n moves, some 40 times the search's time.
Measured against it on 1,597 hard views (``python
benchmarks/sampler_schedule.py``; the table is in docs/internals/bots.md):
the 90th percentile 12–35 % shorter, totals within 8 %, the longest
colourings (which the repair's luck decides) up to twice as long."""


def _luby(run: int) -> int:
    """The ``run``-th term (from 1) of the sequence 1, 1, 2, 1, 1, 2, 4, 1,
    1, 2, 1, 1, 2, 4, 8, … of Luby, Sinclair and Zuckerman (1993), the
    restart schedule whose expected time is within a logarithmic factor of
    the best fixed cut-off's for every search whose run time is random and
    unknown: each length is tried as often, in time, as every shorter one."""
    while True:
        bits = run.bit_length()
        if run == (1 << bits) - 1:
            return 1 << (bits - 1)
        run -= (1 << (bits - 1)) - 1


_LOWEST = [0] + [(mask & -mask).bit_length() - 1 for mask in range(1, 16)]
"""The lowest colour in each set of colours, as a bit mask."""


class _OutOfBudget(Exception):
    """The search tried its budget of branches."""


def _colours_of(cards: object) -> list[int] | None:
    """The colours of one draw of `Sampler.keep_draws` as ints: each a
    `Colour` or a whole number from 0 to 3 of any integer type (numpy's too,
    for draws read from an array), not a bool; ``None`` for anything else."""
    if (
        isinstance(cards, str | bytes | Mapping)
        or not isinstance(cards, Sized)  # an iterator, which may not end
        or not isinstance(cards, Iterable)
    ):
        return None
    colours = []
    for value in cards:
        if isinstance(value, bool):
            return None
        try:
            colour = operator.index(value)
        except TypeError:
            return None
        if not 0 <= colour < 4:
            return None
        colours.append(colour)
    return colours


def _colour(
    piles: Sequence[Sequence[int]],
    ops: Sequence[Sequence[_Op]],
    viewer: int,
    hand: Sequence[int],
    rng: random.Random,
    budget: int | None = None,
    *,
    fixed: dict[Slot, int] | None = None,
    deadline: float | None = None,
) -> list[list[int]] | None:
    """A colouring of every position of every pile (``piles[p]`` lists the
    pile's colours in any order) under which every seat's ``ops`` go through
    — every card paid is in hand when paid, every bid allowed when made — and
    ``viewer`` ends holding ``hand``; ``None`` when there is none. Each
    seat's ops are in time order. With a ``budget``, raises ``_OutOfBudget``
    after trying that many branches. ``fixed`` gives some of the viewer's
    positions their colours (`Sampler.keep_draws`; the viewer then retires
    in no op): a drawn card of the viewer's has that colour as its one
    branch, and the bounds, necessary for every colouring, stay sound.
    With ``deadline`` (a `_clock` time) too, raises ``_OutOfBudget`` once it
    has passed, asked every `_CLOCKED` branches.

    Hands meet only in the piles' colours, so the search takes one hand
    after the other, each through its whole history: the viewer's first,
    then the others in a random order. Each pile has the colours its
    positions have not yet been given (``avail``).

    *The viewer* (unless it retired) is searched back in time from the
    view's hand, which it knows at every moment that way: a payment, undone,
    adds its cards; a bid is checked against the hand; a drawn card, undone,
    must have been one of the hand's colours that its pile still has (a
    branch: the colour); at the start the hand is empty.

    *Every other hand* (and a viewer that retired) goes forward, and a card
    gets a colour only when something needs it. The hand holds *coloured*
    cards (counts by colour) and *open* ones (positions, by pile, colour
    free). A draw adds open cards. A payment of c takes a coloured c if the
    hand holds one, else gives c to an open card of some pile that still has
    a c (a branch: the pile). A bid first colours the cards the hand pays
    before it next draws (it holds them now; a branch each, as a payment),
    then, while its coloured cards do not allow it, gives one open card a
    colour (a branch: colour and pile). A hand that retires leaves its open
    cards free. Positions still open at the end (never paid, or never drawn)
    take what is left of their pile in a random order.

    Branches are tried depth first, in a random order but those that leave
    the pile most to spare first, and one is taken only if a bound still
    holds: what each hand still to search must take from the piles (it pays
    more of a colour than it holds and the other piles could give it by
    then; all it pays, from the piles it draws from; the viewer: the cards
    its draws must have brought, a transport from piles to colours checked
    by Gale's theorem) fits in what the piles have left. A state from which
    every branch failed is remembered, and so is every state with no more
    of any pile's colours left than it.

    Why this is right. *Sound:* the viewer's hand is known at every moment
    and checked; every other hand's payments and bids were covered by its
    coloured cards at the time, and whatever colours open cards get later
    only add to the hand then (bids are monotone: more cards never disallow
    one); every pile's positions get exactly the pile's colours. *Complete:*
    the bounds only drop states that cannot be completed. Suppose a
    consistent colouring S agrees with the search's state (its coloured
    positions). For the viewer, S's colour of the drawn card is one of the
    branches. For another hand: at a payment of c with no coloured c, the
    hand under S holds a c, so some open card u of some pile p has S(u) = c,
    and p has a c left; the search tries p, colouring an open card u' of p.
    Swapping the colours of u and u' in S (same pile, both held by the hand
    now) changes the hand only between the two draws, where it still covers
    every payment and bid (they were covered by coloured cards), and nowhere
    else; so a consistent colouring agrees with the new state. The same
    holds at a bid (S's hand allows it, or holds what it pays next, and the
    coloured cards do not, so S gives some open card a colour that is
    tried). By induction some branch reaches the end. *Memo:* whether a
    state can be completed depends only on its counts (the time, the hand
    being searched: coloured cards and open cards by pile; the colours left
    in the piles still drawn from or held open), not on which positions are
    open (the swap argument again), and fewer colours left never helps (the
    colours a completion gives are still there), so failed states are kept
    by those counts. *Bounded:* each state is searched at most once, and the
    states are points in a finite space of counts. That space grows
    exponentially with the hands' choices, though: most views take a few
    milliseconds, but a rare long tactical history where every hand ends
    unseen (say four players, seed 796694, greedy bots, the view of seat 2
    after the game's 252 actions) takes seconds to minutes, the search
    wandering among the piles' choices of hands searched early that a hand
    searched later cannot live with. ``Sampler._first`` therefore runs it in
    turn with the repair, which mends such views in milliseconds.
    """
    seats = len(ops)
    # One hand after the other, each through its whole history: hands meet
    # only in the piles' counts, so a failure in one hand is found (and
    # searched out) before the next hand's choices multiply it. The
    # viewer's goes first (the view fixes its end), the others in a random
    # order.
    others = [seat for seat in range(seats) if seat != viewer]
    rng.shuffle(others)
    seat_order = (viewer, *others)
    events: list[tuple[int, int, object]] = []
    starts: list[int] = []  # where each hand's events begin, in seat_order
    backward = not any(op.what == "retire" for op in ops[viewer])
    for seat in seat_order:
        starts.append(len(events))
        mine = ops[seat]
        if seat == viewer and backward:
            # The viewer's hand is known at the end: back from there, it is
            # known at every moment, and only draws leave a choice.
            events.append((viewer, _HAND, tuple(hand)))
            for op in reversed(mine):
                if op.what == "draw":
                    events.extend((viewer, _BACK, slot) for slot in reversed(op.slots))
                elif op.what == "pay":
                    events.append((viewer, _UNPAY, op.cards))
                else:
                    events.append((viewer, _CHECK, op.need))
            events.append((viewer, _EMPTY, None))
            continue
        for k, op in enumerate(mine):
            if op.what == "draw":
                events.append((seat, _DRAW, op.slots))
            elif op.what == "pay":
                events.extend((seat, _PAY, c) for c in range(4) for _ in range(op.cards[c]))
            elif op.what == "need":
                # what the hand pays before it next draws, it holds already
                reserve = [0, 0, 0, 0]
                for later in mine[k + 1 :]:
                    if later.what in ("draw", "retire"):
                        break
                    reserve = [a + b for a, b in zip(reserve, later.cards, strict=True)]
                events.append((seat, _NEED, (op.need, tuple(reserve))))
            else:
                events.append((seat, _RETIRE, None))
    starts.append(len(events))
    place = [n for n in range(len(seat_order)) for _ in range(starts[n], starts[n + 1])]
    colours = [[-1] * len(pile) for pile in piles]
    avail = [list(_counts(pile)) for pile in piles]
    held = [[0, 0, 0, 0] for _ in range(seats)]
    open_: list[list[list[int]]] = [[[] for _ in piles] for _ in range(seats)]
    # What to undo, newest last: (what, seat, a, b, c, d) with what one of
    # _GIVE (pile a's position b got colour c, kept in hand if d), _DRAW
    # (event a), _PAY (colour a), _RETIRE (the hand saved as retired[a]).
    trail: list[tuple[int, int, int, int, int, int]] = []
    retired: list[tuple[list[int], list[list[int]]]] = []

    def give(seat: int, p: int, c: int, keep: bool) -> None:
        i = open_[seat][p].pop()
        colours[p][i] = c
        avail[p][c] -= 1
        if keep:
            held[seat][c] += 1
        trail.append((_GIVE, seat, p, i, c, keep))

    def undo(length: int) -> None:
        while len(trail) > length:
            what, seat, a, b, c, d = trail.pop()
            if what == _GIVE:
                open_[seat][a].append(b)
                colours[a][b] = -1
                avail[a][c] += 1
                held[seat][c] -= d
            elif what == _DRAW:
                slots = events[a][2]
                assert isinstance(slots, tuple)
                for p, _i in reversed(slots):
                    open_[seat][p].pop()
            elif what == _PAY:
                held[seat][a] += 1
            elif what == _ADD:
                held[seat][a] -= b
            elif what == _TAKE:
                colours[a][b] = -1
                avail[a][c] += 1
                held[seat][c] += 1
            else:
                held[seat], open_[seat] = retired.pop()

    # The piles drawn from at or after each event: with the piles the hand
    # being searched holds open cards of, the only ones whose colours left
    # matter from there on.
    drawn_after: list[frozenset[int]] = [frozenset()] * (len(events) + 1)
    for t in range(len(events) - 1, -1, -1):
        _seat, what, x = events[t]
        drawn_after[t] = drawn_after[t + 1]
        if what == _DRAW:
            assert isinstance(x, tuple)
            drawn_after[t] = drawn_after[t] | {p for p, _i in x}
        elif what == _BACK:
            assert isinstance(x, tuple)
            drawn_after[t] = drawn_after[t] | {x[0]}

    def key(t: int) -> tuple[tuple[object, ...], tuple[int, ...]]:
        # the hands before this one are done, those after it not begun
        seat = events[t][0]
        mine = open_[seat]
        here = (t, tuple(held[seat]), tuple(len(o) for o in mine))
        left = tuple(n for p, a in enumerate(avail) if mine[p] or p in drawn_after[t] for n in a)
        return here, left

    # The states searched out, by (time, hand): the piles' colours left in
    # each. Having fewer of every colour left cannot help, so a state with
    # no more of any than one searched out fails too.
    failed: dict[tuple[object, ...], list[tuple[int, ...]]] = {}

    def hopeless(state: tuple[tuple[object, ...], tuple[int, ...]]) -> bool:
        here, left = state
        return any(
            all(a <= b for a, b in zip(left, out, strict=True)) for out in failed.get(here, ())
        )

    def give_up(state: tuple[tuple[object, ...], tuple[int, ...]]) -> None:
        failed.setdefault(state[0], []).append(state[1])

    def spare_first(t: int, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The branches in a random order, those that leave the most of
        their colour to spare (beyond what the hands not begun must take)
        first."""
        rng.shuffle(found)
        rest = ahead[place[t] + 1]
        found.sort(key=lambda option: rest[option[0]][option[1]] - avail[option[0]][option[1]])
        return found

    def options(t: int) -> list[tuple[int, int]] | None:
        """The branches (pile, colour) at event ``t``, or ``None`` when the
        event goes through without one."""
        seat, what, x = events[t]
        mine = open_[seat]
        if what == _BACK:  # the colours the drawn card can have had
            assert isinstance(x, tuple)
            p = x[0]
            pinned = None if fixed is None else fixed.get(x)
            choices = range(4) if pinned is None else (pinned,)
            found = [(p, c) for c in choices if held[seat][c] and avail[p][c]]
            return spare_first(t, found)
        if what == _CHECK:
            assert isinstance(x, _Need)
            return None if x.allows(seat, held[seat]) else []
        if what == _EMPTY:
            return None if not any(held[seat]) else []
        if what == _PAY:
            assert isinstance(x, int)
            if held[seat][x]:
                return None
            found = [(p, x) for p in range(len(piles)) if mine[p] and avail[p][x]]
            return spare_first(t, found)
        if what == _NEED:
            assert isinstance(x, tuple)
            need, reserve = x
            assert isinstance(need, _Need)
            mine_held = held[seat]
            for c in range(4):
                if mine_held[c] < reserve[c]:  # a card it pays before its next draw
                    found = [(p, c) for p in range(len(piles)) if mine[p] and avail[p][c]]
                    return spare_first(t, found)
            short = need.short(seat, mine_held)
            if short is None:
                return None
            found = [(p, c) for p in range(len(piles)) if mine[p] for c in range(4) if avail[p][c]]
            # Colours it pays later and does not hold first (a card coloured
            # so for the bid serves again), the one it lacks next.
            end = starts[place[t] + 1]
            later = [
                a - b - h
                for a, b, h in zip(paid_before[end], paid_before[t], mine_held, strict=True)
            ]
            found = spare_first(t, found)
            found.sort(key=lambda option: (later[option[1]] <= 0, option[1] != short))
            return found
        raise AssertionError(f"no branches at {what}")  # pragma: no cover

    # A bound that prunes early: of each pile's colours left, how many each
    # hand must still take, because it pays (or, the viewer, ends with) more
    # of a colour than it holds and could get from the other piles. A hand
    # not begun needs its whole history's worth (fixed; summed over the
    # hands after each one), the hand being searched what is left of it.
    piles_n = len(piles)
    totals = [_counts(pile) for pile in piles]
    # Before each event: what was paid (the viewer's end counted as paid)
    # and drawn from each pile so far, over all hands; and for each hand
    # the events where it draws, and its end. Between two draws a hand
    # only pays, so the bound is tightest just before each draw.
    paid_before = [[0] * 4]
    drawn_before = [[0] * piles_n]
    cuts: list[list[int]] = [[] for _ in seat_order]
    for t, (_seat, what, x) in enumerate(events):
        paid, drawn = list(paid_before[-1]), list(drawn_before[-1])
        if what == _DRAW:
            assert isinstance(x, tuple)
            cuts[place[t]].append(t)
            for p, _i in x:
                drawn[p] += 1
        elif what == _PAY:
            assert isinstance(x, int)
            paid[x] += 1
        paid_before.append(paid)
        drawn_before.append(drawn)
    for n in range(len(seat_order)):
        cuts[n].append(starts[n + 1])

    def musts(
        n: int,
        t: int,
        have: Sequence[int],
        cards: Sequence[int],
        caps: Sequence[Sequence[int]],
        room: Sequence[Sequence[int]] | None = None,
    ) -> list[list[int]] | None:
        """How many cards of each colour hand ``n`` (of seat_order) must
        still take from each pile, from event ``t`` on, holding ``have``
        and ``cards`` open cards by pile: the most by which what it pays
        (the viewer: and ends with) of a colour exceeds what it holds plus
        what the other piles could give it by then (each at most ``caps``
        of a colour). Bids are left out: a bound, not the answer. With
        ``room`` (what each pile can spare of each colour, none below 0),
        ``None`` as soon as a must exceeds it or the piles could not give
        the hand what it pays at all: the search's bound, which stops at
        the first violation."""
        out = [[0] * 4 for _ in range(piles_n)]
        paid0, drawn0 = paid_before[t], drawn_before[t]
        mine = cuts[n]
        for e in mine[bisect.bisect_left(mine, t) :]:
            paid, drawn = paid_before[e], drawn_before[e]
            by_pile = [k + d - d0 for k, d, d0 in zip(cards, drawn, drawn0, strict=True)]
            for c in range(4):
                owed = paid[c] - paid0[c] - have[c]
                if owed > 0:
                    could = [min(k, cap[c]) for k, cap in zip(by_pile, caps, strict=True)]
                    every = sum(could)
                    if room is not None and owed > every:
                        return None
                    for p in range(piles_n):
                        short = owed - (every - could[p])
                        if short > out[p][c]:
                            if room is not None and short > room[p][c]:
                                return None
                            out[p][c] = short
        return out

    ahead = [[[0] * 4 for _ in piles] for _ in range(len(seat_order) + 1)]
    for n in range(len(seat_order) - 1, -1, -1):
        static = musts(n, starts[n], (0, 0, 0, 0), [0] * piles_n, totals)
        assert static is not None  # no room given: never None
        ahead[n] = [
            [a + b for a, b in zip(mine, theirs, strict=True)]
            for mine, theirs in zip(static, ahead[n + 1], strict=True)
        ]

    # What the hands not begun pay in all, of each colour.
    owed_after = [[0] * 4 for _ in range(len(seat_order) + 1)]
    for n in range(len(seat_order) - 1, 0 if backward else -1, -1):
        owed_after[n] = [
            a - b + c
            for a, b, c in zip(
                paid_before[starts[n + 1]], paid_before[starts[n]], owed_after[n + 1], strict=True
            )
        ]

    # Back from each event of the viewer's (in the order they are searched,
    # back in time): the cards it will have paid, and how many it will have
    # drawn of each pile, by then.
    unpaid_after = [[0] * 4 for _ in range(starts[1] + 1)]
    slots_after = [[0] * piles_n for _ in range(starts[1] + 1)]
    for t in range(starts[1] - 1, -1, -1):
        _seat, what, x = events[t]
        unpaid, slots = list(unpaid_after[t + 1]), list(slots_after[t + 1])
        if what == _UNPAY:
            assert isinstance(x, tuple)
            unpaid = [a + b for a, b in zip(unpaid, x, strict=True)]
        elif what == _BACK:
            assert isinstance(x, tuple)
            slots[x[0]] += 1
        unpaid_after[t], slots_after[t] = unpaid, slots

    def viewer_fits(start: int, room: Sequence[Sequence[int]]) -> bool:
        """Whether the viewer's draws still to colour (back in time from
        event ``start``) can have brought what it holds and pays before:
        a transport from piles (as many cards as it draws from each, of a
        colour at most what the pile has to spare) to colours, possible
        exactly when every set of colours can be filled (Gale's theorem)."""
        wants = [h + u for h, u in zip(held[viewer], unpaid_after[start], strict=True)]
        gets = slots_after[start]
        if sum(wants) > sum(gets):
            return False
        if all(min(r) >= g for g, r in zip(gets, room, strict=True) if g):
            return True  # every pile drawn from can give all its cards in any colour
        # Sums over each set of colours (a bit mask), each from a smaller set.
        want = [0] * 16
        have = [0] * 16
        for mask in range(1, 16):
            want[mask] = want[mask & (mask - 1)] + wants[_LOWEST[mask]]
        for g, r in zip(gets, room, strict=True):
            if g:
                spare = [0] * 16
                for mask in range(1, 16):
                    spare[mask] = spare[mask & (mask - 1)] + r[_LOWEST[mask]]
                    have[mask] += min(g, spare[mask])
        return all(want[mask] <= have[mask] for mask in range(1, 16))

    def bounded(t: int) -> bool:
        """Whether the piles still have what the hands must take, after
        event ``t`` of the hand being searched (not yet done if a bid):
        ``musts`` of this hand from here, with the piles' colours left as
        caps, plus those of the hands not begun, within what is left."""
        n = place[t]
        seat = seat_order[n]
        start = t + 1 if events[t][1] in (_PAY, _BACK) else t
        rest = ahead[n + 1]
        room = [
            [a - r for a, r in zip(left, need, strict=True)]
            for left, need in zip(avail, rest, strict=True)
        ]
        if min(min(r) for r in room) < 0:
            return False
        have, cards = held[seat], [len(o) for o in open_[seat]]
        # Of each colour, all that this hand and those after it still pay
        # (the viewer: held before) comes from the piles they draw from.
        if seat == viewer and backward:
            owes = [h + u for h, u in zip(have, unpaid_after[start], strict=True)]
        else:
            end = paid_before[starts[n + 1]]
            owes = [
                max(0, a - b - h) for a, b, h in zip(end, paid_before[start], have, strict=True)
            ]
        sources = drawn_after[start] | {p for p, k in enumerate(cards) if k}
        for c in range(4):
            if owes[c] + owed_after[n + 1][c] > sum(avail[p][c] for p in sources):
                return False
        if seat == viewer and backward:
            return viewer_fits(start, room)
        return musts(n, start, have, cards, avail, room) is not None

    tries = None if budget is None else [budget]

    def apply(t: int, p: int, c: int) -> None:
        """Takes branch (``p``, ``c``) at event ``t``."""
        seat, what, x = events[t]
        if what == _BACK:
            assert isinstance(x, tuple)
            i = x[1]
            colours[p][i] = c
            avail[p][c] -= 1
            held[seat][c] -= 1
            trail.append((_TAKE, seat, p, i, c, 0))
        else:
            give(seat, p, c, what != _PAY)

    def choose(t: int, found: list[tuple[int, int]], first: int, length: int) -> int:
        """Takes the first branch from ``first`` on that keeps the bound;
        returns its index, or -1."""
        for k in range(first, len(found)):
            if tries is not None:
                if tries[0] <= 0:
                    raise _OutOfBudget
                tries[0] -= 1
                if deadline is not None and not tries[0] % _CLOCKED and _clock() >= deadline:
                    raise _OutOfBudget
            p, c = found[k]
            apply(t, p, c)
            if bounded(t):
                return k
            undo(length)
        return -1

    State = tuple[tuple[object, ...], tuple[int, ...]]
    stack: list[tuple[int, int, list[tuple[int, int]], int, State]] = []
    t = 0
    while True:
        dead = False
        while t < len(events):
            seat, what, x = events[t]
            if what == _DRAW:
                assert isinstance(x, tuple)
                for p, i in x:
                    open_[seat][p].append(i)
                trail.append((_DRAW, seat, t, 0, 0, 0))
                t += 1
                continue
            if what in (_HAND, _UNPAY):
                assert isinstance(x, tuple)
                for c, n in enumerate(x):
                    if n:
                        held[seat][c] += n
                        trail.append((_ADD, seat, c, n, 0, 0))
                t += 1
                continue
            if what == _RETIRE:
                retired.append((held[seat], open_[seat]))
                trail.append((_RETIRE, seat, 0, 0, 0, 0))
                held[seat] = [0, 0, 0, 0]
                open_[seat] = [[] for _ in piles]
                t += 1
                continue
            found = options(t)
            if found is None:
                if what == _PAY:
                    assert isinstance(x, int)
                    held[seat][x] -= 1
                    trail.append((_PAY, seat, x, 0, 0, 0))
                t += 1
                continue
            state = key(t)
            if not found or hopeless(state):
                dead = True
                break
            length = len(trail)
            k = choose(t, found, 0, length)
            if k < 0:
                give_up(state)
                dead = True
                break
            stack.append((t, length, found, k, state))
            if what in (_PAY, _BACK):
                t += 1
        if not dead:
            break
        while stack:  # back to the newest branch with an option left
            t, length, found, tried, state = stack.pop()
            undo(length)
            k = choose(t, found, tried + 1, length)
            if k >= 0:
                stack.append((t, length, found, k, state))
                if events[t][1] in (_PAY, _BACK):
                    t += 1
                break
            give_up(state)
        else:
            return None
    for p, pile in enumerate(colours):
        rest = [c for c in range(4) for _ in range(avail[p][c])]
        rng.shuffle(rest)
        free = [i for i, c in enumerate(pile) if c < 0]
        for i, c in zip(free, rest, strict=True):
            pile[i] = c
    return colours


def _counts(cards: Sequence[int | Colour]) -> Hand:
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[int(c)] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def _with_board(setup: Setup, board: tuple[Tile | None, ...]) -> Setup:
    """``setup`` with ``board`` on its squares and the rest of its tiles
    (the same tiles in all) in its box, in the order they had."""
    left = Counter(t for t in board if t is not None)
    box: list[Tile] = []
    for tile in (*setup.board, *setup.box):
        if tile is None:
            continue
        if left[tile]:
            left[tile] -= 1
        else:
            box.append(tile)
    return attrs.evolve(setup, board=board, box=tuple(box))
