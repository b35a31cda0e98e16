"""The deal of a table record: colours for the cards nobody wrote down.

A table record names no cards (or only some), yet every move it makes must
be legal. This module chooses the colours of the unknown cards, and the order
of every reshuffle the record does not note, so that the replay can make
every move; it plans the whole record at once, before the replay starts.

What is known
    How many cards each player draws and when (D14: a recorded deck is dealt
    in blocks of hand-size cards from the top, seat 0 first; draws come from
    the top), when the discard pile becomes the next pile (R8), the colours
    of every payment (they are in the move's text), and so the colours of
    every reshuffled pile, and which moves need cards in hand without paying
    (bids, D9). `.cards` learns all this from one replay.

What is unknown
    Which cards each hand held: the colours of the deck's unknown cards, and
    the order of every reshuffle the record does not note and no ``Seed``
    tag decides.

The constraints
    Every pile holds exactly its colours (the deck: the variant's deck less
    the known cards; a reshuffle: the cards discarded). Before each payment
    the payer holds the cards paid: for each player and colour, the cards of
    that colour drawn so far cover everything of that colour paid so far.
    Before each bid the bidder holds a hand that can pay it.

The algorithm
    The cards of one pile are drawn in one stretch of the record, from its
    first card to the reshuffle that replaces it. A stretch is planned as a
    feasible-flow problem (`.flow`): every draw of ``n`` cards by a
    player brings ``n`` units of flow, which split into the player's four
    colour chains; a chain carries the player's cards of one colour from
    event to event, each payment takes its cards out of it, a bid keeps a
    lower bound on it, and all that leaves the chains of a colour (paid,
    still held at the end, never drawn) must be exactly what the pile and
    the hands carried in brought of that colour. Cards are interchangeable
    within a draw, so a flow is a deal and every deal that pays for the
    stretch is a flow: within a stretch the plan is exact, not a search.

    At a reshuffle the hands carry their cards into the next stretch, and
    how many of each colour they carry is the one choice a stretch hands on.
    (The two piles' colours are then tied together through the hands, which
    one flow cannot express: a card's colour counts against the pile it came
    from, and against the hand that holds it.) A stretch therefore carries
    out, for every player and colour, at least what the rest of the record
    makes every deal carry: what the player pays later beyond what they can
    draw by then, counting no more of a colour from a later pile than it
    holds. Should the next stretch still fail, the previous one is planned
    again with one more card of some colour in some hand (first one that
    lets the next stretch get further), which only ever raises those lower
    bounds, so it ends. Where a stretch cannot carry out what the rest of the
    record needs from the hands carried into it, the stretches before it are
    planned again, one more card of a colour for a player at a time (each
    player and colour that falls short on its own), going back as far as
    they must.

    A bid of ``b`` from a hand of ``n`` cards needs at least the fewest cards
    of its colour with which some hand of ``n`` cards pays ``b`` (two cards of
    another colour pay one unit, so ``2b - n``); the plan asks for that, the
    engine then judges each planned bidding hand, and where odd counts leave
    a bid unpayable the plan asks for one more card of the bid's colour and
    is made again. Each bid can ask only up to its hand's size, so this too
    ends, after a few plans. Where the plan then fails at a bid (no hand
    holds that many of its colour), the bid is planned like a payment of
    another hand that makes it: the least hands of its colour and one other
    colour that the engine accepts (a pair of another colour pays one),
    fewest cards first. At most `MAX_PLANS` plans are made.

    Where no plan fits, the first payment or bid of the failing stretch that
    makes it impossible is found by bisection (a few more flows) and the replay
    stops there with a [`RecordError`][trapper_notation.RecordError] naming the
    player and the cards; the record is planned up to that move. All of this
    takes some flows per pile, never a replay of the record: a record that
    cannot fit says so in a fraction of a second.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from operator import le

import attrs

from trapper_core import COLOURS, Colour, Game

from .cards import NO_CARDS, Bid, Hand, Moment, Need, Pool, Schedule, Step, add_hands
from .flow import Network

__all__ = ["MAX_PLANS", "Deal", "Step", "infer_deal"]

MAX_PLANS = 10
"""The most times the cards of a record are planned (each plan asks bids for
other hands): a record that cannot fit is told so in about a second."""


@attrs.frozen
class Deal:
    """A deal that fits a record."""

    deck: tuple[Colour, ...]
    """The deck, top first."""
    piles: Mapping[int, tuple[tuple[int, ...], ...]]
    """The reshuffles the record leaves to chance and the seed does not fix:
    action index → the piles it makes, top first."""
    failure: tuple[int, str] | None = None
    """Where no deal fits: the action index and why. The deal fits the
    record before it."""


def infer_deal(
    game: Game, steps: Sequence[Step], *, known: Sequence[bool], seeded: bool, hand_size: int
) -> Deal:
    """Chooses the unknown cards of ``game``'s deck (``known[i]`` says whether
    the record gives card ``i``) and the unnoted reshuffles (the seed's, if
    ``seeded``) so that ``steps`` can be replayed from ``game``'s start.
    ``game`` is a new game with a provisional deck; it is used up."""
    schedule = Schedule(game, known, seeded, hand_size)
    failure = schedule.follow(steps)
    if failure is None:
        failure = _Planner(schedule).plan()
    pools = schedule.pools
    piles: dict[int, tuple[tuple[int, ...], ...]] = {}
    for pool in pools[1:]:
        if pool.free:
            piles[pool.made_by] = (*piles.get(pool.made_by, ()), tuple(pool.colours))
    deck = tuple(COLOURS[c] for c in pools[0].colours)
    return Deal(deck, piles, failure)


@attrs.define(eq=False)
class _Stretch:
    """A stretch already planned: the hands carried into it, and how many
    cards of each colour its plan must carry out beyond what the rest of the
    record needs."""

    number: int
    carried: list[list[int]]
    more: list[list[int]]


class _Solution:
    """One pile's plan: colours of its free cards, the hands carried on."""

    def __init__(self) -> None:
        self.colours: dict[int, int] = {}
        self.carried: list[list[int]] = []
        self.hands: dict[int, Hand] = {}  # need number -> planned hand before it
        self.met_ahead = True  # whether it carries out all that later stretches need


class _Planner:
    """Plans the stretches one after another (see the module docstring)."""

    def __init__(self, schedule: Schedule) -> None:
        self.schedule = schedule
        self.pools = schedule.pools
        self.players = len(schedule.names)
        self.starts = [pool.first for pool in self.pools]
        # The colours of each pile's free cards (known as a whole, not in order).
        self.free = [
            Counter(c for c, fixed in zip(pool.colours, pool.fixed, strict=True) if not fixed)
            for pool in self.pools
        ]
        # Per pile, per player: the draws and needs of the pile's stretch.
        self.events: list[list[list[tuple[Moment, list[int] | Need]]]] = [
            [[] for _ in range(self.players)] for _ in self.pools
        ]
        self.needs: list[list[Need]] = [[] for _ in self.pools]  # per pile, in time order
        self._kept: list[tuple[int, _Solution]] = []  # earlier plans made again
        # Per player: every card drawn (pool, position) and every need, in time order.
        self.timeline: list[list[tuple[Moment, tuple[int, int] | Need]]] = [
            [] for _ in range(self.players)
        ]
        for number, pool in enumerate(self.pools):
            draws: dict[tuple[int, int], tuple[Moment, list[int]]] = {}  # one per action
            for position, drawn in enumerate(pool.drawn):
                if drawn is not None:
                    seat, moment = drawn
                    draws.setdefault((seat, moment[0]), (moment, []))[1].append(position)
                    self.timeline[seat].append((moment, (number, position)))
            for (seat, _), (first, positions) in draws.items():
                self.events[number][seat].append((first, positions))
        for need in sorted(schedule.needs, key=lambda n: (n.moment, n.seat)):
            number = 0
            while number + 1 < len(self.starts) and self.starts[number + 1] <= need.moment:
                number += 1
            self.events[number][need.seat].append((need.moment, need))
            self.needs[number].append(need)
            self.timeline[need.seat].append((need.moment, need))
        for per_seat in self.events:
            for events in per_seat:
                events.sort(key=lambda event: event[0])
        for timeline in self.timeline:
            timeline.sort(key=lambda event: event[0])

    def plan(self) -> tuple[int, str] | None:
        """Colours every free card; returns where the record cannot fit, if it
        cannot (the cards before that point are planned)."""
        bids = [need for need in self.schedule.needs if need.bid is not None]
        others: dict[int, Iterator[Hand]] = {}  # each failing bid's other hands
        for attempt in range(1, MAX_PLANS + 1):
            hands: dict[int, Hand] = {}
            failure = self._plan_piles(hands)
            if attempt == MAX_PLANS:
                break  # a record that cannot fit says so soon
            failing = [n for n in bids if failure is not None and n.index == failure[0]]
            if failing:
                # Like a payment, a bid is made from cards in hand: where
                # more of its colour cannot be had, plan another hand that
                # makes it (a pair of another colour pays one, D9).
                need = failing[0]
                assert need.bid is not None
                other = next(others.setdefault(need.number, _hands_for(need.bid)), None)
                if other is not None:
                    need.held = list(other)
                    continue
            short = [
                need
                for need in bids
                if (failure is None or need.index < failure[0]) and not _allows(need, hands)
            ]
            if not short:
                return failure
            for need in short:  # ask for one more card of the bid's colour
                assert need.bid is not None
                need.held[need.bid.colour] += 1  # beyond the hand's size, no plan fits
        short = [
            need
            for need in bids
            if (failure is None or need.index < failure[0]) and not _allows(need, hands)
        ]
        return self._failure(short[0]) if short else failure

    def _plan_piles(self, hands: dict[int, Hand]) -> tuple[int, str] | None:
        """Plans every pile in turn; ``hands`` receives the planned hand of
        every bid."""
        carried = [[0, 0, 0, 0] for _ in range(self.players)]
        before: _Stretch | None = None  # the stretch planned last
        planned: list[_Stretch] = []  # every stretch planned, in order
        for number, pool in enumerate(self.pools):
            while True:
                solution = self._stretch(number, carried, None)
                if solution is not None and not solution.met_ahead and before is not None:
                    self._kept = []
                    saved = [(st.carried, [list(h) for h in st.more]) for st in planned]
                    again = self._carry_for_ahead(planned, number, carried)
                    if again is None:  # as it was: the next stretch finds out where
                        for st, (was, more) in zip(planned, saved, strict=True):
                            st.carried, st.more = was, more
                    else:
                        for earlier, plan in self._kept:
                            self._keep(earlier, plan, hands)
                        self._keep(before.number, again, hands)
                        carried = again.carried
                        continue
                if solution is not None:
                    break
                needs = self.needs[number]
                fits = self._fitting_prefix(number, carried)
                need = needs[min(fits, len(needs) - 1)] if needs else None
                again = self._carry_more(before, need, carried, (number, fits + 1))
                if again is None:
                    if need is None:
                        return max(pool.made_by, 0), "no deal of the cards fits the record"
                    solution = self._solve(number, carried, fits, None)
                    if solution is not None:
                        self._keep(number, solution, hands)
                    return self._failure(need)
                assert before is not None
                self._keep(before.number, again, hands)
                carried = again.carried
            self._keep(number, solution, hands)
            before = _Stretch(number, carried, [[0, 0, 0, 0] for _ in range(self.players)])
            planned.append(before)
            carried = solution.carried
        return None

    def _keep(self, number: int, solution: _Solution, hands: dict[int, Hand]) -> None:
        pool = self.pools[number]
        for position, colour in solution.colours.items():
            pool.colours[position] = colour
        hands.update(solution.hands)

    def _stretch(
        self, number: int, carried: list[list[int]], more: list[list[int]] | None
    ) -> _Solution | None:
        """Plans stretch ``number`` with all its needs, carrying out what
        later stretches need, and at least ``more`` if given (else, when the
        later needs cannot all be carried, without them)."""
        needs = len(self.needs[number])
        if number + 1 == len(self.pools):
            return self._solve(number, carried, needs, None)
        ahead = self._ahead(number)
        if more is not None:
            ahead = [
                [max(a, b) for a, b in zip(x, y, strict=True)]
                for x, y in zip(ahead, more, strict=True)
            ]
        solution = self._solve(number, carried, needs, ahead)
        if solution is None and more is None:
            # The hands cannot carry all that comes later: the next stretch
            # finds out where.
            solution = self._solve(number, carried, needs, None)
            if solution is not None:
                solution.met_ahead = False
        return solution

    def _carry_for_ahead(
        self,
        planned: list[_Stretch],
        number: int,
        carried: list[list[int]],
        want: list[list[int]] | None = None,
    ) -> _Solution | None:
        """When stretch ``number`` cannot carry out what later stretches need
        (``want``, else all they need) with the hands ``carried`` into it,
        plans the stretch before it again so that it hands on more: for each
        player and colour that falls short on its own, one more card at a
        time, planning the stretches before that again too where they must.
        Returns the new plan of the stretch before, or ``None`` if that does
        not make the whole of it fit."""
        if number == 0:
            return None
        before = planned[number - 1]
        needs = len(self.needs[number])
        ahead = self._ahead(number) if number + 1 < len(self.pools) else None
        if want is not None:
            ahead = want if ahead is None else _most(ahead, want)
        if ahead is None:
            return None
        more = [list(hand) for hand in before.more]
        solution: _Solution | None = None
        for seat in range(self.players):
            for c in COLOURS:
                if not ahead[seat][c]:
                    continue
                alone = [[0, 0, 0, 0] for _ in range(self.players)]
                alone[seat][c] = ahead[seat][c]
                while self._solve(number, carried, needs, alone) is None:
                    more[seat][c] = max(more[seat][c], carried[seat][c] + 1)
                    solution = self._stretch(before.number, before.carried, more)
                    if solution is None:
                        earlier = self._carry_for_ahead(
                            planned, before.number, before.carried, _most(before.more, more)
                        )
                        if earlier is None:
                            return None
                        self._kept.append((before.number - 1, earlier))
                        before.carried = earlier.carried
                        solution = self._stretch(before.number, before.carried, more)
                        if solution is None:
                            return None
                    carried = solution.carried
        if solution is None or self._solve(number, carried, needs, ahead) is None:
            return None
        before.more = more
        return solution

    def _carry_more(
        self,
        before: _Stretch | None,
        need: Need | None,
        carried: list[list[int]],
        goal: tuple[int, int],
    ) -> _Solution | None:
        """Plans the stretch ``before`` again so that the hands it carries
        out hold one more card of some colour for some player (``need``'s
        first) and the next stretch can then meet its first needs up to
        ``goal`` (stretch, count). ``None`` if no such plan exists."""
        if before is None or need is None:
            return None
        short = [c for c in COLOURS if need.paid[c] or need.held[c]]
        others = [c for c in COLOURS if c not in short]
        seats = sorted(range(self.players), key=lambda s: s != need.seat)
        # First a change that lets the next stretch go further, else one
        # more card of what the need lacks for the needing player.
        tries = [(seat, c, True) for seat in seats for c in short + others]
        tries += [(need.seat, c, False) for c in short]
        for seat, c, further in tries:
            more = [list(hand) for hand in before.more]
            more[seat][c] = max(more[seat][c], carried[seat][c] + 1)
            if more == before.more:
                continue
            solution = self._stretch(before.number, before.carried, more)
            if solution is None:
                continue
            if not further or self._solve(goal[0], solution.carried, goal[1], None):
                before.more = more
                return solution
        return None

    def _fitting_prefix(self, number: int, carried: list[list[int]]) -> int:
        """How many of the stretch's first needs can be met together, when
        all of them cannot: the next one is where the record stops fitting."""
        low, high = 0, len(self.needs[number])  # low needs can be met, high cannot
        while high - low > 1:
            middle = (low + high) // 2
            if self._solve(number, carried, middle, None) is None:
                high = middle
            else:
                low = middle
        return low

    def _failure(self, need: Need) -> tuple[int, str]:
        name = self.schedule.names[need.seat]
        if need.bid is None:
            cards = "".join(COLOURS[c].letter * n for c, n in enumerate(need.paid))
            return need.index, f"no deal of the cards fits the record: {name} cannot hold {cards}"
        return need.index, (
            f"no deal of the cards fits the record: {name} cannot hold cards that allow this move"
        )

    def _ahead(self, number: int) -> list[list[int]]:
        """Cards of each colour each player must carry out of stretch
        ``number``: what they pay later beyond what they can draw by then."""
        boundary = self.starts[number + 1]
        least = []
        for seat in range(self.players):
            need_now = [0, 0, 0, 0]
            paid = [0, 0, 0, 0]
            free = Counter[int]()  # free cards drawn from each later pile
            fixed = [0, 0, 0, 0]
            for moment, item in self.timeline[seat]:
                if moment < boundary:
                    continue
                if isinstance(item, Need):
                    for c in COLOURS:
                        paid[c] += item.paid[c]
                        drawn = fixed[c] + sum(
                            min(count, self.free[pool][c]) for pool, count in free.items()
                        )
                        need_now[c] = max(need_now[c], paid[c] + item.held[c] - drawn)
                else:
                    pool, position = item
                    if self.pools[pool].fixed[position]:
                        fixed[self.pools[pool].colours[position]] += 1
                    else:
                        free[pool] += 1
            least.append(need_now)
        return least

    def _solve(
        self,
        number: int,
        carried: list[list[int]],
        needs: int,
        ahead: list[list[int]] | None,
    ) -> _Solution | None:
        """Plans stretch ``number`` for the hands ``carried`` into it, meeting
        its first ``needs`` needs (in time order) and, if given, carrying out
        at least ``ahead``; ``None`` if no deal can."""
        pool = self.pools[number]
        counted = {need.number for need in self.needs[number][:needs]}
        net = Network()
        source, sink = net.node(), net.node()
        exits = [net.node() for _ in COLOURS]
        present = Counter(pool.colours)
        for c in COLOURS:
            total = present[c] + sum(hand[c] for hand in carried)
            net.edge(exits[c], sink, total, total)
        draws: list[tuple[list[int], list[int]]] = []  # free positions, their edges
        held: dict[int, tuple[Hand, list[int]]] = {}
        outs: list[list[int]] = []
        for seat in range(self.players):
            chain = [net.node() for _ in COLOURS]
            for c in COLOURS:
                net.edge(source, chain[c], carried[seat][c], carried[seat][c])
            for _, event in self.events[number][seat]:
                if isinstance(event, Need) and event.number not in counted:
                    continue
                after = [net.node() for _ in COLOURS]
                if isinstance(event, Need):
                    for c in COLOURS:
                        if event.paid[c]:
                            net.edge(chain[c], exits[c], event.paid[c], event.paid[c])
                    keep = [net.edge(chain[c], after[c], event.held[c]) for c in COLOURS]
                    held[event.number] = (event.paid, keep)
                else:
                    draws.append(self._draw(net, source, pool, event, after))
                    for c in COLOURS:
                        net.edge(chain[c], after[c])
                chain = after
            low = ahead[seat] if ahead is not None else NO_CARDS
            outs.append([net.edge(chain[c], exits[c], low[c]) for c in COLOURS])
        undrawn = [i for i, drawn in enumerate(pool.drawn) if drawn is None]
        if undrawn:
            draws.append(self._draw(net, source, pool, undrawn, exits))
        if not net.feasible(source, sink):
            return None
        solution = _Solution()
        for positions, edges in draws:
            colours = [
                c for c, edge in zip(COLOURS, edges, strict=True) for _ in range(net.flow(edge))
            ]
            solution.colours.update(zip(positions, colours, strict=True))
        solution.carried = [[net.flow(edge) for edge in edges] for edges in outs]
        for key, (paid, keep) in held.items():
            solution.hands[key] = add_hands(paid, [net.flow(edge) for edge in keep])
        return solution

    def _draw(
        self, net: Network, source: int, pool: Pool, positions: list[int], into: list[int]
    ) -> tuple[list[int], list[int]]:
        """Adds the cards at ``positions`` of ``pool``, drawn into the colour
        nodes ``into``: the fixed ones to their colour, the free ones as one
        draw that may split into any colours."""
        free = [i for i in positions if not pool.fixed[i]]
        fixed = Counter(pool.colours[i] for i in positions if pool.fixed[i])
        for c, count in fixed.items():
            net.edge(source, into[c], count, count)
        draw = net.node()
        net.edge(source, draw, len(free), len(free))
        return free, [net.edge(draw, into[c], 0, len(free)) for c in COLOURS]


def _most(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    """The larger of two lower bounds, player by player and colour by colour."""
    return [[max(x, y) for x, y in zip(p, q, strict=True)] for p, q in zip(a, b, strict=True)]


def _hands_for(bid: Bid) -> Iterator[Hand]:
    """The least hands that make ``bid``: some cards of its colour and some
    of one other colour, none holding another; fewest cards first."""
    found: list[Hand] = []
    for other in COLOURS:
        for own in range(bid.size + 1):
            for count in range(bid.size - own + 1 if other != bid.colour else 1):
                hand = [0, 0, 0, 0]
                hand[bid.colour] += own
                hand[other] += count
                if bid.allows(hand):
                    found.append((hand[0], hand[1], hand[2], hand[3]))
                    break
    least = [h for h in found if not any(o != h and all(map(le, o, h)) for o in found)]
    yield from sorted(set(least), key=lambda h: (sum(h), h))


def _allows(need: Need, hands: Mapping[int, Hand]) -> bool:
    """Whether the planned hand lets the bid ``need`` be made (not yet
    planned: the plan stopped before it)."""
    hand = hands.get(need.number)
    return hand is None or need.bid is None or need.bid.allows(hand)
