"""Sampling what a player cannot see: complete games consistent with a view.

Search and learning need *worlds*: complete games that one player could be
in, given everything they know. `PlayerView.sample` returns one; a
`Sampler` prepared once for a view returns many (what a search bot
does once per iteration).

What a world must agree with
    Everything the view shows — the face-up tiles, every tile taken and
    where from (``PlayerView.taken``), the displays, the discard pile, the
    viewer's hand, every hand's size — and the whole public history: every
    action was legal when it was played, so every card a player paid was in
    their hand then, every bid could be paid, and every reshuffled pile
    held exactly the cards discarded before it. The sampled game's view for
    the viewer *equals* the view it was sampled from; `Sampler.game`
    checks that for every world it builds.

What is drawn, and how
    *Tiles.* The tiles nobody has seen (the variant's tile set less every
    tile seen, by face) are laid in a uniformly random order onto the
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
    uniformly. The sampler first builds one consistent colouring, giving each
    payment cards drawn by its payer at random among those that can still
    have that colour, the viewer the colours of their hand, and every other
    position a random order of what is left of its pile (where a history is
    too tight for that to succeed in a few tries, a local search that swaps
    positions of a pile finds one instead); then it runs a
    Markov chain that swaps the colours of two positions of one pile and
    keeps the swap when every hand it touches stays consistent. The swaps
    are symmetric, so the chain's stationary distribution is the uniform one
    over the colourings it can reach; `BURN_IN` swaps per position
    drawn so far are made for every new sampler, and ``steps`` more per
    world after the first. Exactly uniform while nobody has paid or bid;
    afterwards uniform in the limit of many swaps (the tests check the
    distribution by a chi-square test on small cases).

    *The future.* The world has its own seed, drawn by ``rng``: it decides
    the reshuffles that have not happened yet.

A variant with hidden parts of its own answers the ``trapper_sampler`` hook
with a subclass of `Sampler` that samples them too.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .actions import Action
from .errors import PluginError, TrapperError
from .game import Game
from .model import COLOURS, FACE_DOWN, Colour, Tile
from .setups import Setup
from .view import PlayerView

if TYPE_CHECKING:
    from .plugins import Registry, Rules

__all__ = ["BURN_IN", "PLENTY", "Sampler", "SamplingError", "World", "sample"]

PLENTY = 10_000
"""Cards of each colour added to every hand for the replay that learns the
history's cards: enough to pay for anything."""

BURN_IN = 4
"""Swaps per card position drawn so far that a new sampler makes before its
first world."""

_TRIES = 400  # attempts at a first consistent colouring, forward through the history
_SEARCH_STEPS = 20_000  # then steps of local search
_ROUNDS = 32  # rounds of both before giving up: a search that stalls in one
# corner of a tight tactical history mostly finds a deal from another start
# (tactical, 4 players, seed 4, 223 actions: 10 of 14 seeds failed in one round)
_VIEWER_TRIES = 30  # orders in which the viewer's cards take the view's colours

Hand = tuple[int, int, int, int]
Slot = tuple[int, int]  # (pile, position)


class SamplingError(TrapperError, ValueError):
    """A view that no world fits: not a view of its variant, or a history
    that cannot be replayed."""


@attrs.frozen
class World:
    """Everything chance decided in one sampled game: the starting position,
    the seed of the chance still to come, and the outcome of every reshuffle
    so far (per action of the history, as ``Game.apply`` takes them)."""

    setup: Setup
    seed: int
    shuffles: tuple[tuple[tuple[int, ...], ...], ...]


@attrs.define(eq=False)
class _Need:
    """An action that needed cards in hand and paid none (a bid)."""

    game: Game  # the replay just before the action
    action: Action
    known: dict[tuple[int, ...], int] = attrs.Factory(dict)  # deficit by hand

    def short(self, seat: int, hand: Sequence[int]) -> int | None:
        """``None`` when ``hand`` allows the action, else the colour it falls
        short of (-1 when the engine names none)."""
        state = self.game.state
        saved = state.hands
        state.set_hand(seat, hand)
        try:
            kind = self.game.rules.kind_of(self.action)
            if kind is None:
                return -1
            error = kind.problem(state, self.action)
        finally:
            state.hands = saved
        if error is None:
            return None
        return int(next(iter(error.shortfall))) if error.shortfall else -1

    def deficit(self, seat: int, hand: Sequence[int]) -> int:
        """0 when ``hand`` allows the action, else how many cards it lacks
        (1 when the engine does not say)."""
        key = tuple(hand)
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self._deficit(seat, key)
        return known

    def _deficit(self, seat: int, hand: Sequence[int]) -> int:
        state = self.game.state
        saved = state.hands
        state.set_hand(seat, hand)
        try:
            kind = self.game.rules.kind_of(self.action)
            error = None if kind is None else kind.problem(state, self.action)
        finally:
            state.hands = saved
        if error is None:
            return 0
        return sum(error.shortfall.values()) if error.shortfall else 1

    def allows(self, seat: int, hand: Sequence[int]) -> bool:
        return self.deficit(seat, hand) == 0


@attrs.frozen
class _Op:
    """What happens to one hand: a ``draw`` of ``slots``, a ``pay`` of
    ``cards``, a ``need`` (a bid), or ``retire`` (the hand leaves)."""

    what: str
    slots: tuple[Slot, ...] = ()
    cards: Hand = (0, 0, 0, 0)
    """The cards a ``pay`` pays; for a ``need``, those the hand pays before
    it next draws, which it must hold already."""
    need: _Need | None = None
    most: Hand | None = None
    """For a ``need`` of the viewer: the most of each colour the hand can
    hold then (what it ends with, in the view, and pays later)."""


class Sampler:
    """Draws worlds consistent with one `PlayerView`.

    Preparing a sampler replays the view's history once; each world after
    that costs a few swaps of the card chain and, for `game`, one
    replay. ``rules`` are the view's variant's (looked up in ``registry``,
    the installed variants by default, when not given).
    """

    def __init__(
        self,
        view: PlayerView,
        rules: Rules | None = None,
        *,
        registry: Registry | None = None,
    ) -> None:
        if not isinstance(view, PlayerView):
            raise SamplingError(f"a sampler samples a PlayerView, not {type(view).__name__}")
        if rules is None:
            from .plugins import default_registry

            rules = (registry or default_registry()).rules(view.variant)
        elif rules.spec.name != view.variant and view.variant not in rules.spec.aliases:
            raise SamplingError(f"a view of {view.variant!r} is not sampled by {rules!r}")
        self.view = view
        self.rules = rules
        self._prepare_tiles()
        self._replay()
        self._colours: list[list[int]] | None = None

    # ------------------------------------------------------------------
    # Preparing: the tiles
    # ------------------------------------------------------------------

    def _prepare_tiles(self) -> None:
        view, rules = self.view, self.rules
        if len(view.taken) != 64 or len(view.start_trappers) != 4:
            raise SamplingError(
                "the view does not say which tiles were taken and where play began"
            )
        tile_set = rules.tile_set()
        known: dict[int, Tile] = {}
        hidden: list[int] = []
        for i, seen in enumerate(view.board):
            if isinstance(seen, Tile):
                known[i] = seen
            elif seen is FACE_DOWN:
                hidden.append(i)
            taken = view.taken[i]
            if taken is not None:
                known[i] = taken
        unseen = Counter(tile_set.faces())
        unseen.subtract(t.face for t in known.values())
        if any(n < 0 for n in unseen.values()):
            extra = sorted(face for face, n in unseen.items() if n < 0)
            raise SamplingError(
                f"the view shows tiles that the {view.variant} tile set lacks: {' '.join(extra)}"
            )
        pool: list[Tile] = []
        for tile in tile_set.tiles:
            if unseen[tile.face] > 0:
                unseen[tile.face] -= 1
                pool.append(tile)
        box_size = len(tile_set.tiles) - len(known) - len(hidden)
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
        grid, box = self._layout(random.Random(0))
        deck = rules.deck()
        setup = Setup(grid, deck, view.start_trappers, box, view.start_player)
        game = Game._start(rules, view.players, 0, setup)
        state = game.state
        size = rules.hand_size(players)
        dealt = players * size
        colours = [int(c) for c in deck]
        blocks = tuple(_counts(colours[p * size : (p + 1) * size]) for p in range(players))
        if state.drawn != 0 or state.pile != tuple(colours[dealt:]) or state.hands != blocks:
            raise PluginError(
                f"variant {view.variant!r} does not deal hands in blocks from the top: "
                "answer the trapper_sampler hook with a sampler that knows its deal"
            )
        self.dealt = dealt
        self.piles: list[list[int]] = [colours]  # the replay's colours, right as a whole
        self.ops: list[list[_Op]] = [[] for _ in range(players)]
        self.order: list[tuple[int, int]] = []  # (seat, index into ops) in time order
        self.owner: list[list[int]] = [[-1] * len(colours)]  # seat that drew each position
        self.made_by: list[int] = [-1]  # the action whose draw reshuffled each pile
        for p in range(players):
            slots = [(0, i) for i in range(p * size, (p + 1) * size)]
            for _, i in slots:
                self.owner[0][i] = p
            self._op(p, _Op("draw", tuple(slots)))
        state.hands = tuple(
            (h[0] + PLENTY, h[1] + PLENTY, h[2] + PLENTY, h[3] + PLENTY) for h in state.hands
        )
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
            except TrapperError as exc:
                raise SamplingError(f"history[{index}] {action!r}: {exc}") from exc
            got = self._drawn(index, actor, drawn, state.shuffled[shuffled:], state.drawn)
            received = _counts([self.piles[pile][i] for pile, i in got])
            paid_any = False
            for seat in range(players):
                after = state.hands[seat]
                if after == (0, 0, 0, 0) and min(hands[seat]) > PLENTY // 2:
                    self._op(seat, _Op("retire"))
                    continue
                gain = received if seat == actor else (0, 0, 0, 0)
                paid = tuple(b + g - a for a, b, g in zip(after, hands[seat], gain, strict=True))
                if min(paid) < 0:
                    raise PluginError(
                        f"history[{index}] {action!r}: cards come into a hand from elsewhere "
                        "than the draw pile; the variant's sampler must know where from"
                    )
                if any(paid):
                    paid_any = True
                    self._op(seat, _Op("pay", cards=(paid[0], paid[1], paid[2], paid[3])))
            if got:
                self._op(actor, _Op("draw", tuple(got)))
            if before is not None and not paid_any:
                self._op(actor, _Op("need", need=_Need(before, action)))
        for ops in self.ops:
            for k, op in enumerate(ops):
                if op.need is not None:
                    ahead = [0, 0, 0, 0]
                    for later in ops[k + 1 :]:
                        if later.what in ("draw", "retire"):
                            break
                        ahead = [a + b for a, b in zip(ahead, later.cards, strict=True)]
                    ops[k] = _Op("need", cards=_counts(_cards_of(ahead)), need=op.need)
        hand = self.hand = _counts([c for c in COLOURS for _ in range(view.hand[c])])
        mine = self.ops[view.player]
        most = list(hand)
        for k in range(len(mine) - 1, -1, -1):
            op = mine[k]
            if op.what == "pay":
                most = [a + b for a, b in zip(most, op.cards, strict=True)]
            elif op.what == "retire":
                most = [PLENTY] * 4  # what the hand held then left the game unseen
            elif op.need is not None:
                mine[k] = _Op("need", cards=op.cards, need=op.need, most=_counts(_cards_of(most)))
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

    def _op(self, seat: int, op: _Op) -> None:
        self.order.append((seat, len(self.ops[seat])))
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
        offset = self.dealt if pile == 0 else 0  # the deck's draw pile begins after the hands
        stop = len(self.piles[pile]) if new_piles else end + offset
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

    # ------------------------------------------------------------------
    # Colourings
    # ------------------------------------------------------------------

    def _first(self, rng: random.Random) -> list[list[int]]:
        seats = range(len(self.ops))
        for _ in range(_ROUNDS):
            best: tuple[int, list[list[int]]] | None = None
            for _ in range(_TRIES):
                colours, complete = self._attempt(rng)
                if complete and all(self._fits(s, colours) for s in seats):
                    return colours
                faults = sum(self._faults(s, colours) for s in seats)
                if best is None or faults < best[0]:
                    best = (faults, colours)
            assert best is not None
            colours = best[1]
            if self._search(colours, rng) and all(self._fits(s, colours) for s in seats):
                return colours
        raise SamplingError(
            f"found no deal of the cards that fits the view of seat {self.view.player} "
            f"in {_ROUNDS} rounds of {_TRIES} attempts and {_SEARCH_STEPS} steps of search"
        )

    def _attempt(self, rng: random.Random) -> tuple[list[list[int]], bool]:
        """One try at a consistent colouring, forward through the history:
        a payment gives its colours to cards its payer holds, a bid colours
        its bidder's whole hand (mended colour by colour where it falls
        short), the viewer's cards get the view's colours, and what is left
        of every pile is laid out at random. Returns the colouring and
        whether every step of that went through (if not, the colouring is
        complete but may not fit: where the search starts)."""
        piles = self.piles
        colours: list[list[int]] = [[-1] * len(p) for p in piles]
        avail = [list(_counts(p)) for p in piles]
        unknown: list[list[Slot]] = [[] for _ in self.ops]  # held, colour not chosen
        held: list[list[Slot]] = [[] for _ in self.ops]  # held, colour chosen
        viewer = self.view.player
        complete = True
        # One hand after the other, each through its whole history, with
        # what the hands before it left of each pile: the viewer's first,
        # since the view fixes it, then the others in a random order (which
        # hand goes first matters in tight histories, so each try differs).
        others = [seat for seat in range(len(self.ops)) if seat != viewer]
        rng.shuffle(others)
        for first in (viewer, *others):
            for seat, k in self.order:
                if seat != first:
                    continue
                op = self.ops[seat][k]
                if op.what == "draw":
                    unknown[seat].extend(op.slots)
                elif op.what == "pay":
                    for c, count in enumerate(op.cards):
                        for _ in range(count):
                            if not self._spend(seat, c, colours, avail, unknown, held, rng):
                                complete = False
                elif op.need is not None:
                    if not self._colour_hand(seat, op, colours, avail, unknown, held, rng):
                        complete = False
                else:  # retire: the hand leaves the game, its colours stay free
                    unknown[seat], held[seat] = [], []
            if first == viewer and not self._colour_viewer(colours, avail, unknown, held, rng):
                complete = False
        for p, pile in enumerate(colours):
            rest = [c for c in COLOURS for _ in range(avail[p][c])]
            rng.shuffle(rest)
            free = [i for i, c in enumerate(pile) if c < 0]
            for i, c in zip(free, rest, strict=True):
                pile[i] = int(c)
        if complete and not self._fits(viewer, colours):
            complete = self._mend(viewer, colours, rng)
        return colours, complete

    def _mend(self, seat: int, colours: list[list[int]], rng: random.Random) -> bool:
        """Reorders the colours of ``seat``'s own cards (within each pile)
        until every payment and bid of theirs fits, if a few hundred swaps
        that never make more of them fail can do it."""
        mine = [slot for op in self.ops[seat] for slot in op.slots]
        if len(mine) < 2:
            return False
        faults = self._faults(seat, colours)
        for _ in range(50 * len(mine)):
            if not faults:
                return True
            (p, i), (q, j) = rng.sample(mine, 2)
            if p != q or colours[p][i] == colours[q][j]:
                continue
            pile = colours[p]
            pile[i], pile[j] = pile[j], pile[i]
            now = self._faults(seat, colours)
            if now > faults:
                pile[i], pile[j] = pile[j], pile[i]
            else:
                faults = now
        return not faults

    def _colour_viewer(
        self,
        colours: list[list[int]],
        avail: list[list[int]],
        unknown: list[list[Slot]],
        held: list[list[Slot]],
        rng: random.Random,
    ) -> bool:
        """Gives the viewer's cards still held the colours of the view's
        hand; returns whether every card got one."""
        viewer = self.view.player
        mine = unknown[viewer]
        need = [int(c) for c in COLOURS for _ in range(self.hand[c])]
        complete = True
        for p, i in held[viewer]:
            if colours[p][i] in need:
                need.remove(colours[p][i])
            else:
                complete = False
        chosen: list[int] = []
        for _ in range(_VIEWER_TRIES):  # random orders, until one fits every card
            left, counts, chosen = list(need), [list(a) for a in avail], []
            rng.shuffle(mine)
            for p, _i in mine:
                fits = [j for j, c in enumerate(left) if counts[p][c] > 0]
                if not fits:
                    break
                c = left.pop(fits[rng.randrange(len(fits))])
                counts[p][c] -= 1
                chosen.append(c)
            if len(chosen) == len(mine):
                break
        for (p, i), c in zip(mine, chosen, strict=False):
            colours[p][i] = c
            avail[p][c] -= 1
        unknown[viewer] = mine[len(chosen) :]  # coloured with the rest, at random
        return complete and len(chosen) == len(mine)

    @staticmethod
    def _spend(
        seat: int,
        c: int,
        colours: list[list[int]],
        avail: list[list[int]],
        unknown: list[list[Slot]],
        held: list[list[Slot]],
        rng: random.Random,
    ) -> bool:
        """Pays one card of colour ``c`` from ``seat``'s hand: one already of
        that colour if there is one, else one that can still be."""
        mine = held[seat]
        same = [j for j, (p, i) in enumerate(mine) if colours[p][i] == c]
        if same:
            mine.pop(same[rng.randrange(len(same))])
            return True
        mine = unknown[seat]
        fits = [j for j, (p, _i) in enumerate(mine) if avail[p][c] > 0]
        if not fits:
            return False
        j = fits[rng.randrange(len(fits))]
        p, i = mine[j]
        mine[j] = mine[-1]
        mine.pop()
        colours[p][i] = c
        avail[p][c] -= 1
        return True

    @staticmethod
    def _colour_hand(
        seat: int,
        op: _Op,
        colours: list[list[int]],
        avail: list[list[int]],
        unknown: list[list[Slot]],
        held: list[list[Slot]],
        rng: random.Random,
    ) -> bool:
        """Colours all of ``seat``'s hand so that it can make the bid and
        holds ``reserve``."""
        need, reserve, most = op.need, op.cards, op.most or (PLENTY,) * 4
        assert need is not None
        hand = list(_counts([colours[p][i] for p, i in held[seat]]))
        within = True  # whether every card kept to ``most``
        for p, i in unknown[seat]:
            weights = [a if h < m else 0 for a, h, m in zip(avail[p], hand, most, strict=True)]
            if not any(weights):
                weights, within = avail[p], False  # an uncoloured position has a colour left
            r = rng.randrange(sum(weights))
            c = 0
            while r >= weights[c]:
                r -= weights[c]
                c += 1
            colours[p][i] = c
            avail[p][c] -= 1
            hand[c] += 1
        held[seat].extend(unknown[seat])
        unknown[seat] = []
        mine = held[seat]
        if not within:
            return False
        for _ in range(4 * len(mine) + 4):
            hand = list(_counts([colours[p][i] for p, i in mine]))
            lacking = [c for c in range(4) if hand[c] < reserve[c]]
            short = lacking[0] if lacking else need.short(seat, hand)
            if short is None:
                return True
            if short < 0:
                return False
            fits = [
                (p, i)
                for p, i in mine
                if colours[p][i] != short
                and hand[colours[p][i]] > reserve[colours[p][i]]
                and hand[short] < most[short]
                and avail[p][short] > 0
            ]
            if not fits:
                return False
            p, i = fits[rng.randrange(len(fits))]
            avail[p][colours[p][i]] += 1
            colours[p][i] = short
            avail[p][short] -= 1
        return False

    def _faults(self, seat: int, colours: list[list[int]]) -> int:
        """How far ``seat``'s hand, coloured so, falls short: the cards its
        payments and bids lack, and (the viewer's) how far it ends from the
        view's hand."""
        hand = [0, 0, 0, 0]
        faults = 0
        for op in self.ops[seat]:
            if op.what == "draw":
                for p, i in op.slots:
                    hand[colours[p][i]] += 1
            elif op.what == "pay":
                for c, n in enumerate(op.cards):
                    hand[c] -= n
                    if hand[c] < 0:
                        faults += -hand[c]
                        hand[c] = 0
            elif op.need is not None:
                faults += op.need.deficit(seat, hand)
            else:
                return faults
        if seat == self.view.player:
            faults += sum(abs(h - v) for h, v in zip(hand, self.hand, strict=True))
        return faults

    def _search(self, colours: list[list[int]], rng: random.Random) -> bool:
        """Makes ``colours`` consistent by local search, for histories too
        tight for `_attempt`: swaps of two positions of a pile that do
        not make the hands they touch fall further short (and now and then
        one that does). Returns whether it got there."""
        seats = range(len(self.ops))
        faults = [self._faults(seat, colours) for seat in seats]
        owner = self.owner
        for step in range(_SEARCH_STEPS):
            if not any(faults):
                return True
            if step % 64 == 0:
                faulty = [s for s in seats if faults[s]]
            seat = faulty[rng.randrange(len(faulty))]
            slots = [slot for op in self.ops[seat] for slot in op.slots]
            p, i = rng.choice(slots)
            pile = colours[p]
            if step % 2:  # reorder the hand's own cards
                q, j = rng.choice(slots)
                if q != p:
                    continue
            else:
                j = rng.randrange(len(pile))
            if pile[i] == pile[j]:
                continue
            other = owner[p][j]
            pile[i], pile[j] = pile[j], pile[i]
            mine = self._faults(seat, colours)
            theirs = self._faults(other, colours) if other >= 0 and other != seat else 0
            before = faults[seat] + (faults[other] if other >= 0 and other != seat else 0)
            worse = mine + theirs - before
            if worse <= 0 or rng.random() < math.exp(-worse * (1 + 8 * step / _SEARCH_STEPS)):
                faults[seat] = mine
                if other >= 0 and other != seat:
                    faults[other] = theirs
            else:
                pile[i], pile[j] = pile[j], pile[i]
        return False

    def _fits(self, seat: int, colours: list[list[int]]) -> bool:
        """Whether ``seat``'s hand, coloured so, pays for everything it paid,
        could make every bid it made, and (the viewer's) ends as the view's."""
        hand = [0, 0, 0, 0]
        for op in self.ops[seat]:
            if op.what == "draw":
                for p, i in op.slots:
                    hand[colours[p][i]] += 1
            elif op.what == "pay":
                for c, n in enumerate(op.cards):
                    hand[c] -= n
                    if hand[c] < 0:
                        return False
            elif op.need is not None:
                if not op.need.allows(seat, hand):
                    return False
            else:  # retire
                return True
        return seat != self.view.player or tuple(hand) == self.hand

    def _swaps(self, colours: list[list[int]], steps: int, rng: random.Random) -> None:
        """``steps`` proposals of the chain: swap two positions of one pile,
        keep the swap if both hands stay consistent."""
        piles = [p for p in range(len(colours)) if len(colours[p]) > 1]
        if not piles:
            return
        weights = [len(colours[p]) for p in piles]
        total = sum(weights)
        owner = self.owner
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
            if pile[i] == pile[j]:
                continue
            pile[i], pile[j] = pile[j], pile[i]
            a, b = owner[p][i], owner[p][j]
            # A hand is checked again even when both positions are its own:
            # the order in which it got its colours matters.
            if (a >= 0 and not self._fits(a, colours)) or (
                b >= 0 and b != a and not self._fits(b, colours)
            ):
                pile[i], pile[j] = pile[j], pile[i]

    def _colouring(self, rng: random.Random, steps: int) -> list[list[int]]:
        colours = self._colours
        if colours is None:
            colours = self._first(rng)
            self._swaps(colours, BURN_IN * self.drawn_positions, rng)
        else:
            self._swaps(colours, steps, rng)
        self._colours = colours
        return colours

    # ------------------------------------------------------------------
    # Worlds and games
    # ------------------------------------------------------------------

    def world(self, rng: random.Random, *, steps: int = 64) -> World:
        """Returns a world consistent with the view, drawn by ``rng``.

        The first world of a sampler comes after `BURN_IN` swaps per
        card position drawn; each later one after ``steps`` more swaps of the
        same chain.
        """
        colours = self._colouring(rng, steps)
        grid, box = self._layout(rng)
        deck = tuple(COLOURS[c] for c in colours[0])
        per_action: list[list[tuple[int, ...]]] = [[] for _ in self.view.history]
        for p in range(1, len(colours)):
            per_action[self.made_by[p]].append(tuple(colours[p]))
        setup = Setup(grid, deck, self.view.start_trappers, box, self.view.start_player)
        return World(setup, rng.getrandbits(63), tuple(tuple(s) for s in per_action))

    def game(self, world: World) -> Game:
        """Returns the game of ``world``: its setup, with the view's history
        replayed and every action checked. Raises `PluginError` if the
        game does not show the view to its player (a sampler's fault)."""
        game = Game._start(self.rules, self.view.players, world.seed, world.setup)
        try:
            for action, shuffles in zip(self.view.history, world.shuffles, strict=True):
                game.apply(action, shuffles=shuffles)
        except TrapperError as exc:
            raise PluginError(
                f"a sampled world does not replay the view's history: {exc}"
            ) from exc
        if game.view(self.view.player) != self.view:
            raise PluginError("a sampled world does not show the view it was sampled from")
        return game

    def sample(self, rng: random.Random) -> Game:
        """Returns a complete game consistent with the view (see the module)."""
        return self.game(self.world(rng))

    def position(self, rng: random.Random, *, steps: int = 64) -> Game:
        """Returns a game at the view's position with its hidden parts drawn
        as `world` draws them, built without replaying the history:
        what a search needs once per iteration.

        The game has no history (``history`` is empty, `Game.undo`
        takes back only what is played on it) and its ``setup`` is the
        world's; it is a position to play on, not a record.
        """
        colours = self._colouring(rng, steps)
        game = self.proxy.copy()
        state = game.state
        board = list(state.board)
        order = list(self._unseen)
        rng.shuffle(order)
        for i, tile in zip(self._hidden, order, strict=False):
            board[i] = tile
        state.board = tuple(board)
        state.box = tuple(order[len(self._hidden) :])
        hands: list[Hand] = []
        out = [0, 0, 0, 0]
        for ops in self.ops:
            hand = [0, 0, 0, 0]
            retired = False
            for op in ops:
                if op.what == "draw":
                    for p, i in op.slots:
                        hand[colours[p][i]] += 1
                elif op.what == "pay":
                    for c, n in enumerate(op.cards):
                        hand[c] -= n
                elif op.what == "retire":
                    retired = True
                    break
            if retired:
                out = [o + h for o, h in zip(out, hand, strict=True)]
                hand = [0, 0, 0, 0]
            hands.append((hand[0], hand[1], hand[2], hand[3]))
        state.hands = tuple(hands)
        state.out = (out[0], out[1], out[2], out[3])
        state.pile = tuple(colours[-1][self.dealt :] if len(colours) == 1 else colours[-1])
        state.shuffled = tuple(tuple(c) for c in colours[1:])
        state.seed = rng.getrandbits(63)
        state.targets = (None, None, None, None)
        game.seed = state.seed
        game._as_root()
        return game


def sample(view: PlayerView, rng: random.Random, *, registry: Registry | None = None) -> Game:
    """Returns a complete game consistent with ``view``, its hidden parts drawn
    by ``rng`` (see the module); the variant's ``trapper_sampler`` hook says
    how. ``registry`` is where the variant is looked up (the installed
    variants by default)."""
    if not isinstance(view, PlayerView):
        raise SamplingError(f"sample() takes a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise SamplingError(f"sample() draws with a random.Random, not {type(rng).__name__}")
    from .plugins import default_registry

    rules = (registry or default_registry()).rules(view.variant)
    sampler = rules.sampler(view, rules)
    return sampler.sample(rng)


def _cards_of(counts: Sequence[int]) -> list[int]:
    return [c for c in range(4) for _ in range(counts[c])]


def _counts(cards: Sequence[int | Colour]) -> Hand:
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[int(c)] += 1
    return (counts[0], counts[1], counts[2], counts[3])
