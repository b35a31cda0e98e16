"""A quick deal of a table record by local search, for loose records.

The complete search of `.deal` plans a record stretch by stretch, splitting
the counts of cards the hands carry across each reshuffle; it proves where
no deal fits, and finds one wherever one does. But a record of many
reshuffles and big hands (players who mostly pass and keep their cards)
gives each carried count a wide range, and the search splits count after
count: left to the search, the table record of a base game of two players
who passed six turns in seven (462 actions, 43 reshuffles, hands of up to
39 cards, ``tests/records/table-record-hoarders.trn``) stops at `MAX_NODES`
after ten CPU seconds, and 20 more such records of an audit's 135 take one
to eleven seconds. Such records are loose: most deals fit them, and a local
search finds one in a fraction of a second (that record: three swaps).

It starts from the pools' provisional colours (each pile right as a whole,
not in order) and, while some need is not met (a hand short of a colour it
pays, or holding no hand the engine allows for a bid), swaps the colours of
two free cards of one pile: one the short hand drew before the need, one of
the colour it lacks that another hand drew, or the same hand later, or
nobody. Of a few such swaps it makes the one that leaves the fewest cards
short, even when that is no better (a plateau is crossed so), and now and
then a random one. Its random choices come from a generator of its own with
a fixed seed, so that a record gets the same deal every time.

What it finds meets every need the complete search meets (the same `Need`
objects; the bids judged by the engine). `.deal` asks it only when the
search's first round (`FIRST_BUDGET` nodes in each of its orders) has not
planned the whole record, and goes on searching where it finds nothing in
its swaps (`STEPS`): it changes how soon a deal is found, never whether, and the
deals of records the search plans at once not at all. It is no help where
every hand pays nearly every card it draws (tactical games of high bids):
such records are tight, and the flows of the search are what plan them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trapper_core import COLOURS

from .cards import Moment, Need, Pool

__all__ = ["STEPS", "mend"]

STEPS = 3000
"""The swaps the local search makes for one record, unless it is near a
deal then (`_NEAR`): it goes on while it finds better ones, up to
`_LONGEST` times as many. Of the table records of 54 games between players
who mostly pass, pay two cards where one would do, or play at random
(seeds 0-5, every variant, two to four players), the search's first round
does not plan 24: the local search deals 19 (every one of the base game and
the children's variant, in up to 1,713 swaps, and one tactical game), and
none of the five tactical games of high bids.

Longer records need more: tactical games of four players who pass nine
decisions in ten (800 to 900 actions, 50 reshuffles) are 5 and 10 cards
short after 3,000 swaps and dealt in 3,389 and 6,295; stopped at 3,000
swaps, they are left to the complete search, which stops at `MAX_NODES`
after 35 seconds and refuses the record as one it cannot plan. Two-player
ones take 7.8 and 5.6 seconds where stopping at 3,000 swaps takes 14.6 and
11.4. Records far from a deal after 3,000 swaps (63 and 87 cards short:
random bots' and high bidders' tactical games, which the complete search
plans) stop there."""

#: Past `STEPS` swaps, the local search goes on while the best deal it
#: found is at most this many cards short (a deal a few swaps away, as a
#: rule) and it found it in the last `STEPS` swaps ...
_NEAR = 16
#: ... up to this many times `STEPS` swaps in all.
_LONGEST = 10
#: Of every few swaps, one is made at random (a walk off a plateau of
#: deals no better than the one before).
_NOISE = 0.1
#: How many swaps of the first short need each step weighs.
_TRIED = 6

_Card = tuple[int, int]  # (pool, position)
#: The cards a seat draws before a need (its pile's colours and the card's
#: place there), the need, and the cards of each colour it takes and keeps.
_Stage = tuple[list[tuple[list[int], int]], Need, tuple[int, ...]]


class _Table:
    """The free cards of a record and the needs they must meet, hand by hand."""

    def __init__(self, pools: Sequence[Pool], needs: Sequence[Need]) -> None:
        self.pools = pools
        players = 1 + max((need.seat for need in needs), default=0)
        for pool in pools:
            for drawn in pool.drawn:
                if drawn is not None:
                    players = max(players, drawn[0] + 1)
        self.players = players
        # Per seat: every card it draws, in the order drawn, and its needs.
        draws: list[list[tuple[Moment, int, int]]] = [[] for _ in range(players)]
        for p, pool in enumerate(pools):
            for i, drawn in enumerate(pool.drawn):
                if drawn is not None:
                    draws[drawn[0]].append((drawn[1], p, i))
        for cards_of_seat in draws:
            cards_of_seat.sort()
        self.draws = draws
        self.needs: list[list[Need]] = [[] for _ in range(players)]
        for need in sorted(needs, key=lambda need: (need.moment, need.number)):
            self.needs[need.seat].append(need)
        # Per seat and need: the cards drawn since the need before (each as
        # its pile's colours and its place there) and what the need takes
        # and keeps; the cost of a seat's hands is one pass over them.
        self.stages: list[list[_Stage]] = []
        for seat in range(players):
            stages: list[_Stage] = []
            taken = 0
            seat_draws = draws[seat]
            for need in self.needs[seat]:
                cards: list[tuple[list[int], int]] = []
                while taken < len(seat_draws) and seat_draws[taken][0] < need.moment:
                    _, p, i = seat_draws[taken]
                    cards.append((pools[p].colours, i))
                    taken += 1
                wanted = tuple(need.paid[c] + need.held[c] for c in COLOURS)
                stages.append((cards, need, wanted))
            self.stages.append(stages)
        # Per pool, its free cards by colour (what a swap may bring in).
        self.free = [[i for i, fixed in enumerate(pool.fixed) if not fixed] for pool in pools]
        self.allowed: dict[tuple[int, ...], bool] = {}
        self.cost = [self.cost_of(seat) for seat in range(players)]

    def first(self, seat: int) -> tuple[int, tuple[Need, int] | None]:
        """How far ``seat``'s hands fall short of its needs (the cards
        lacking, and one more a bid the engine refuses), and its first
        shortfall: the need and the colour it lacks (or ``-1``: a bid's
        hand of the right counts the engine refuses)."""
        held = [0, 0, 0, 0]
        cost = 0
        first: tuple[Need, int] | None = None
        for cards, need, wanted in self.stages[seat]:
            for colours, i in cards:
                held[colours[i]] += 1
            lacking = -1
            for c in (0, 1, 2, 3):
                short = wanted[c] - held[c]
                if short > 0:
                    cost += short
                    if lacking < 0:
                        lacking = c
            # The engine is asked about a bid only while the hand has lacked
            # nothing before it: a hand short before is mended first, and
            # asking costs a parse of the bid.
            if need.bid is not None and lacking < 0 and not cost and not self.allows(need, held):
                cost += 1
                if first is None:
                    first = (need, lacking)
            elif lacking >= 0 and first is None:
                first = (need, lacking)
            paid = need.paid
            held[0] -= paid[0]
            held[1] -= paid[1]
            held[2] -= paid[2]
            held[3] -= paid[3]
        return cost, first

    def allows(self, need: Need, held: list[int]) -> bool:
        """Whether the engine allows ``need``'s bid from a hand of ``held``
        (asked once for each hand: the engine parses the bid)."""
        key = (need.number, *held)
        allowed = self.allowed.get(key)
        if allowed is None:
            assert need.bid is not None
            allowed = self.allowed[key] = need.bid.allows(held)
        return allowed

    def swap(self, a: _Card, b: _Card) -> None:
        colours_a, colours_b = self.pools[a[0]].colours, self.pools[b[0]].colours
        colours_a[a[1]], colours_b[b[1]] = colours_b[b[1]], colours_a[a[1]]

    def seats(self, seat: int, card: _Card) -> list[int]:
        """``seat`` and the seat that draws ``card`` (if another does)."""
        drawn = self.pools[card[0]].drawn[card[1]]
        return [seat] if drawn is None or drawn[0] == seat else [seat, drawn[0]]

    def cost_of(self, seat: int) -> int:
        return self.first(seat)[0]

    def moves(
        self, seat: int, need: Need, lacking: int, rng: random.Random
    ) -> list[tuple[_Card, _Card]]:
        """Swaps that give ``seat`` a card of ``lacking`` (any colour it
        lacks less, for a refused bid) before ``need``, for one it drew."""
        mine = [
            (p, i)
            for moment, p, i in self.draws[seat]
            if moment < need.moment
            and not self.pools[p].fixed[i]
            and self.pools[p].colours[i] != lacking
        ]
        found: list[tuple[_Card, _Card]] = []
        for _ in range(4 * _TRIED):
            if not mine or len(found) >= _TRIED:
                break
            p, i = rng.choice(mine)
            pool = self.pools[p]
            if lacking >= 0:
                others = [k for k in self.free[p] if pool.colours[k] == lacking]
            else:
                others = [k for k in self.free[p] if pool.colours[k] != pool.colours[i]]
            if not others:
                continue
            j = rng.choice(others)
            drawn = pool.drawn[j]
            if drawn is not None and drawn[0] == seat and drawn[1] < need.moment:
                continue  # the hand's own card before the need: no gain
            found.append(((p, i), (p, j)))
        return found


def mend(pools: Sequence[Pool], needs: Sequence[Need], steps: int = STEPS) -> bool:
    """Colours the free cards of ``pools`` so that every one of ``needs`` is
    met, by local search of ``steps`` swaps, more while it comes nearer a
    deal (`STEPS`); returns whether it did (if not, the pools hold some
    colouring of the same piles)."""
    if not needs:
        return True
    table = _Table(pools, needs)
    rng = random.Random(0x7A61E)  # the same deal for the same record
    best_cost = sum(table.cost)
    stalled = 0
    for done in range(steps * _LONGEST):
        short = [seat for seat in range(table.players) if table.cost[seat]]
        if not short:
            return True
        cost = sum(table.cost)
        if cost < best_cost:
            best_cost, stalled = cost, 0
        else:
            stalled += 1
        if done >= steps and (best_cost > _NEAR or stalled > steps):
            break
        seat = rng.choice(short)
        _, first = table.first(seat)
        assert first is not None
        need, lacking = first
        moves = table.moves(seat, need, lacking, rng)
        if not moves:
            continue
        best: tuple[int, tuple[_Card, _Card]] | None = None
        for a, b in [rng.choice(moves)] if rng.random() < _NOISE else moves:
            seats = table.seats(seat, b)
            before = sum(table.cost[s] for s in seats)
            table.swap(a, b)
            after = sum(table.cost_of(s) for s in seats)
            table.swap(a, b)
            if best is None or after - before < best[0]:
                best = (after - before, (a, b))
        assert best is not None
        a, b = best[1]
        table.swap(a, b)
        for s in table.seats(seat, b):
            table.cost[s] = table.cost_of(s)
    return not any(table.cost)
