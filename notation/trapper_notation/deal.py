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
    Before each bid the bidder holds a hand the engine accepts for it.

The stretches
    The cards of one pile are drawn in one stretch of the record, from its
    first card to the reshuffle that replaces it. Given the hands carried
    into a stretch and out of it (how many cards of each colour each player
    holds at the two reshuffles), the stretch is a feasible-flow problem
    (`.flow`): every draw of ``n`` cards by a player brings ``n`` units of
    flow, which split into the player's four colour chains; a chain carries
    the player's cards of one colour from event to event, each payment takes
    its cards out of it, a bid bounds it, and what leaves the chains of a
    colour at the end (carried out, or never drawn) is fixed. Cards are
    interchangeable within a draw, so a flow is a deal of the stretch and
    every deal of it is a flow: within a stretch, flows are exact.

The relaxations
    How many cards of each colour the whole table holds at each reshuffle is
    known: what it held at the one before, plus the colours of the pile
    drawn since, less the colours paid since; so is every hand's size. So
    the stretches form one network: at a reshuffle, the chains of each
    colour meet in one node that passes exactly that many cards on. At that
    node a card may change hands, which no deal does: the network is a
    relaxation, and every deal is a flow of it. A second relaxation takes
    each colour on its own, every card kept in its hand across reshuffles,
    each draw of ``n`` cards bringing at most ``n`` of the colour. A third
    takes each player on their own, every card kept in its hand across
    reshuffles, each draw of ``n`` cards bringing exactly ``n``, of each
    colour at most what its pile has, its bids judged by the engine (see
    below). Before any is solved, the ranges of the carried counts are
    narrowed by the hand sizes and the table's totals (a row and column of
    a table of known sums). A player with nothing to do in a stretch
    carries out what they carried in (a retired player's hand, above all):
    both counts are one.

    The first relaxation's flaw is that a hand may grow at a reshuffle: the
    cards a player carries into a stretch need not add up to the hand's
    size, so a hand too small for a payment or a bid later in the record
    takes what it lacks from another there. Two things the counts alone
    know close the worst of it. A bid's hand has the size the record gives
    it, so none of its colours holds more than that size less the fewest
    cards the others must hold (the bid's colour at least what the bid needs
    with the rest in pairs, `.cards`; a colour a split raised): a bid no
    hand of its size can make has no flow. And a hand holds the cards it
    has drawn less those it has paid: a need that pays more cards, or a bid
    that needs more of its colour, than that (`_Planner._short`) is met by
    no deal, so every node counting it is dropped without a flow. Hostile
    records (mutated table records of bot games) are hard mostly for these
    two: a bid raised past what its hand can hold, a payment added or a move
    deleted that leaves a hand paying more cards than it has. Without the
    two bounds the relaxations meet such a need by moving cards at a
    reshuffle, and the search splits the counts carried across it until
    `MAX_NODES`, where it reports that it stopped instead of naming the
    move (a bid of 12 from a hand of six is named in 14 nodes).

    The same flaw hides a hand that fails later in the record. Carried
    into a stretch, a hand must meet the needs of the stretches after it
    with the cards it keeps and draws; the first relaxation lets it take
    the cards it lacks from another hand at the next reshuffle, and the
    second counts each colour on its own, so a hand that cannot pay two B
    and three more G from the four cards it draws passes both. Which hands
    fail so depends on the needs after them: a prefix of a real game is
    not a slice of its search (the whole game's later stretches steer the
    search away from such hands), and with the first two relaxations alone
    each such hand costs the search hundreds of nodes to refute, splitting
    the counts carried across the next reshuffle, so that a prefix can stop
    at `MAX_NODES` where the whole game needs a few hundred. The third
    relaxation sees such a hand at once, and tightens every node.

    The bounds of a flow cannot say which hands the engine allows for a bid:
    a unit of it is one card of its colour or two of one other (R43), so a
    hand of six that bids 4 in beige and then pays three purples is BEGP
    0303 or 0204, but not 1203, whose odd cards pair with nothing. The
    search judges the bids of the stretch it plans; a relaxation that judged
    none would let a part of the search whose hands no deal has for a bid
    past the next reshuffle be refuted only there, one set of carried hands
    at a time. (A record that a deal fits can stop at `MAX_NODES` so: the
    search's first part gives a player a card for a bid before the
    reshuffle, which the player keeps across it, where no hand of the
    player's size with that card makes the player's next bid, and every
    descent past the reshuffle fails on that bid.) So the third relaxation
    judges its bids too. A player's cards all stay in their chains but
    those paid, so a bid's hand in the player's network has the size the
    record gives it, and where the engine refuses the hand a flow plans,
    the hands of that size are split as the search splits them
    (`_Planner._other_hands`) and the parts solved in turn: the player fits
    if a part has a flow whose bids the engine all allows, and fails if
    none has (past `LOCAL_FLOWS` flows, it counts as fitting). Most players
    fit with their first flow; where a hand is refused, a few more flows
    settle it.

    A retired player's hand, or that of one who does nothing for a whole
    stretch, is the same at the reshuffles around it in every deal; the
    first relaxation lets it trade cards at any reshuffle but the next, and
    the search splits only the next one's moved counts. Where only one
    player does anything in a stretch, the others' hands stay as they were,
    so that player's gains exactly what the table gains: the third
    relaxation ties the two counts (`_hands_fit`). And every hand's size is
    known at every need, so the second relaxation bounds each colour from
    above there too, by the cards kept less what is kept of the others
    (`_colours_fit`): each colour's network keeps the idle hands' cards
    where they are. Without these two bounds, a record of a game in which
    two or three players have retired and no deal fits can stop at
    `MAX_NODES` instead of naming its move; with them, such records are
    settled in a few dozen nodes (`_colours_fit` and `_hands_fit` each
    describe one that needs its bound).

The search
    The stretches are planned in order, depth first; what one hands to the
    next is the carried hands. For stretch ``k`` with the hands carried into
    it fixed, a branch and bound over ranges of the counts carried out of
    it and of its bidding hands: each node solves the three relaxations of
    the rest of the record under its ranges, and is dropped if any has no
    flow. Where the flow moves cards between hands at the next reshuffle
    (player ``s`` carries ``a`` cards of a colour out and ``b != a`` in), the
    node's range of that count splits in three: exactly ``b``, and the two
    sides of it. Where the engine refuses a planned bidding hand ``h`` (a
    bid's rule is the engine's: in the tactical variant two cards of
    another colour pay one unit, D9), the hands of that size split into
    those with more of the bid's colour than ``h``, those with no more of
    it but more of the next colour, and so on. Where neither happens, the
    flow is a deal of stretch ``k`` that carries out consistent hands, and
    the search goes on to stretch ``k + 1`` with them; if that fails, the
    carried hands are excluded the same way (each count below or above its
    value, the counts before it equal) and remembered as failed, so that no
    stretch is searched twice with the same hands.

    Before a moved count at the reshuffle into the last stretch is split,
    the hands the flow carries out of the stretch before (a deal of it, its
    bids allowed) are tried in the last stretch, which is exact and small:
    where they fit, the search ends without the split; where they fail,
    they are remembered as failed and the split goes on as above. Where the
    last stretch is loose, the relaxation takes almost any hands into it
    and the flow moves counts at will: split first, count after count, each
    carried value would be a node, above all in a record planned up to a
    move illegal with any cards, whose last pile is mostly undrawn (one
    such record needs 54 nodes with the hands tried first, 385 with the
    split first).

    Which moved count is split first changes how fast a deal is found, not
    whether. The search learns it: each count has a weight, one more for
    every part of a split on it whose relaxations have no flow, and the
    moved count of most weight is split first (a count that fails is
    usually the one that fails wherever the search is: split near the
    root, it cuts off at once the subtrees that would each have found it
    failing at their leaves). Among counts of equal weight, three orders
    (`ORDERS`: the count moved most; the first in colour and seat order;
    the last) make three searches, each learning weights of its own, run
    in turn with a budget of nodes each; a run that exhausts its budget is
    dropped, and when all three have, they run again with twice the
    budget, with what each has learnt. Carried hands that failed are known
    to fail in every run (only a finished search of a stretch records
    them). How long a search takes varies wildly from record to record and
    from order to order, and three orders learning on their own rarely all
    take long: on records of bot games, the weights save about a third of
    the nodes, and on the hardest of them the longest search of three
    orders learning apart is a fifth of that of two orders sharing their
    weights.

    Why it is complete: at every split the parts cover every deal of the
    node but the one excluded (a refused hand, a failed carry), and a node
    is dropped only when a relaxation, which every deal of the node
    satisfies, has no flow, or when it counts a need that no hand of the
    size the record gives it can meet; a run that ends within its budget has
    therefore searched everything. (The third relaxation too: a deal keeps
    each hand's cards across a reshuffle, draws exactly ``n`` cards, none of
    a colour its pile lacks, and carries counts and holds bidding hands
    within the node's ranges; and its hand at a bid has the size the record
    gives it and is one the engine allows, so it lies in one of the parts
    split off a refused hand, which leave out that hand alone of that size:
    a player fails only when no part has a flow.) Why it ends: every part
    has a smaller range of some bounded count than its node. A bid's first
    bound is the fewest cards of its colour with which a hand of its size
    can make it, found from the engine.

Where no deal fits
    The search is made again for the record cut short before a move that
    pays or bids, with only the stretches up to it: the first such move for
    which no deal fits is found by bisection, over the relaxations first
    (one node a cut) and then the search (a need no hand is big enough
    for drops every cut that counts it, so the bisection finds it in one
    node a cut). The replay stops there with a
    [`RecordError`][trapper_notation.RecordError] naming the player, the
    cards, the line and the column; the record is planned up to that move.
    Where not even the moves' draws fit, the error names the record.

    The moves planned end where the replay will stop for a reason of its
    own: a move the engine refuses with any cards, and a turn numbered
    wrong or a player named wrong (`.cards` follows the record's turn
    numbers and players as it notes the cards). A move deleted or two
    swapped shift every turn after them: without that cut the whole rest
    of the record would be searched, for cards the replay never deals.

    One contradiction is found before any flow is built, from the counts
    alone: a card paid stays in the discard pile until the next reshuffle,
    so the cards of a colour paid since a stretch began cannot outnumber
    the cards of that colour the hands and the pile held as it began. A
    record whose payments do (a green card paid more often than the game
    has green cards, say) cannot fit from its first payment that does; the
    bisection looks no further, and if that payment is the first that no
    deal fits, the error says which count exceeds which. (The flows could
    not be built past it: what is left of the colour would be negative.)

The bound
    A node costs a flow over the rest of the record and, when that has
    one, the colours' and the players' (most of them known from other
    nodes). A node's flow is sought from its parent's, moved into the
    node's bounds: a node whose bounds differ from its parent's in a few
    places is mended in a few paths, whether it has a flow or not. (The
    flow found is then the one nearest the parent's, which is what the
    search follows: the same for the same record, every time.) About two
    thirds of a millisecond a node, on the two-core machine of the
    benchmarks. Records written from bot games need from a few to a few
    hundred nodes, a rare long one some thousands; a record that cannot
    fit is usually told so by the relaxations, in a handful of nodes. The
    search is exponential in the worst case, so at most `MAX_NODES` nodes
    are solved for a record: a record that needs more is reported as a
    whole, saying that the search stopped, not that no deal fits. A node
    solves the relaxations of the rest of the record, so it costs more in
    a record of more reshuffles: about 4 ms in records of fifty (tactical
    games of players who mostly pass), where `MAX_NODES` are 35 seconds.
    What each part of the search was measured to save is in
    ``docs/internals/notation.md`` ("The deal planner's measurements").

The local search
    Where the first round of the search (`FIRST_BUDGET` nodes in each of
    the `ORDERS`) has not planned the whole record, a local search
    (`.mend`) tries to deal it before the search goes on: records of big
    hands and many reshuffles are loose, most deals fit them, and the
    search would split their wide carried counts for thousands of nodes
    (a base game of hoarders stops at `MAX_NODES` without it, and replays
    in under a second with it). What it deals meets every need; where it
    finds nothing, the pools are put back as they were and the search goes
    on as it would have.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import attrs

from trapper_core import COLOURS, Colour, Game

from .cards import Hand, Moment, Need, Schedule, Step
from .flow import UNBOUNDED, BoundsError, Network
from .mend import mend

__all__ = ["FIRST_BUDGET", "MAX_NODES", "ORDERS", "Deal", "Step", "infer_deal"]

MAX_NODES = 8000
"""The most nodes the search for one record's deal solves (about five
seconds for a record of a few reshuffles, half a minute for one of fifty):
a record that needs more is reported as a whole, saying that the search
stopped. At about 0.65 ms a node, 8,000 nodes bound the search to those
few seconds and leave room for the rare long records of real games: the
table records of two engine games need 3,111 and 4,000 nodes
(``tests/records/table-record-*-nodes.trn``)."""

FIRST_BUDGET = 150
"""The nodes the search is first allowed in each of its `ORDERS` (then
twice as many, and so on, until `MAX_NODES` in all)."""

LOCAL_FLOWS = 30
"""The most flows the third relaxation solves for one player's network,
splitting the bidding hands the engine refuses (`_Planner._hands_fit`):
past them the player counts as fitting."""

KEPT_ROOM = 1
"""The second relaxation bounds a colour at a need by the cards the hand
keeps less those it keeps of the others (`_Planner._colours_fit`) where that
leaves at most this many: a looser bound seldom binds, and an edge for every
colour at every need would make the colours' networks cost about twice as
much, for a fifth of a percent fewer nodes (``docs/internals/notation.md``
has the figures); the records the bound settles need no looser one."""

ORDERS = ("widest", "first", "last")
"""Which of the moved counts of most weight a search splits first: the
count moved most (the first such), the first in colour and seat order, the
last."""

_Range = tuple[int, int]
_Carried = tuple[tuple[int, int, int, int], ...]
_FULL: _Range = (0, UNBOUNDED)


@attrs.frozen
class Deal:
    """A deal that fits a record."""

    deck: tuple[Colour, ...]
    """The deck, top first."""
    piles: Mapping[int, tuple[tuple[int, ...], ...]]
    """The reshuffles the record leaves to chance and the seed does not fix:
    action index → the piles it makes, top first."""
    failure: tuple[int, str] | None = None
    """Where no deal fits: the action index (``-1``: the record as a whole)
    and why. The deal fits the record before it."""
    nodes: int = attrs.field(default=0, eq=False)
    """How many nodes the search solved (each a flow of the record and, when
    it has one, up to four colours' flows and each player's: up to
    `LOCAL_FLOWS` a search of the player, which a player that does not fit
    has twice)."""


def infer_deal(
    game: Game, steps: Sequence[Step], *, known: Sequence[bool], seeded: bool, hand_size: int
) -> Deal:
    """Chooses the unknown cards of ``game``'s deck (``known[i]`` says whether
    the record gives card ``i``) and the unnoted reshuffles (the seed's, if
    ``seeded``) so that ``steps`` can be replayed from ``game``'s start.
    ``game`` is a new game with a provisional deck; it is used up."""
    schedule = Schedule(game, known, seeded, hand_size)
    failure = schedule.follow(steps)
    nodes = 0
    if failure is None:
        planner = _Planner(schedule)
        try:
            failure = planner.plan()
        except BoundsError as exc:  # a count the checks missed: the record is at fault
            failure = (
                -1,
                f"no deal of the cards was found: the record's counts of cards disagree ({exc})",
            )
        nodes = planner.nodes
    pools = schedule.pools
    piles: dict[int, tuple[tuple[int, ...], ...]] = {}
    for pool in pools[1:]:
        if pool.free:
            piles[pool.made_by] = (*piles.get(pool.made_by, ()), tuple(pool.colours))
    deck = tuple(COLOURS[c] for c in pools[0].colours)
    return Deal(deck, piles, failure, nodes)


@attrs.frozen
class _Overspent:
    """The first payment after which more cards of a colour are paid since
    the stretch began than the hands and the pile held as it began."""

    place: int
    """The need's place in the planner's order."""
    colour: int
    paid: int
    """The cards of the colour paid since the stretch began, the need's included."""
    held: int
    """The cards of the colour the hands and the pile held as it began."""


class _Empty(Exception):
    """A node whose ranges leave no carried hands."""


class _OverBudget(Exception):
    """The current search solved the nodes it was allowed."""


class _GiveUp(Exception):
    """The search solved `MAX_NODES` nodes."""


class _Mended(Exception):
    """The local search (`.mend`) coloured the whole record."""


@attrs.define
class _Bounds:
    """One node of the search: ranges of the cards carried across reshuffles
    (stretch, seat, colour) and of bidding hands (need number, colour)."""

    carried: dict[tuple[int, int, int], _Range] = attrs.Factory(dict)
    hands: dict[tuple[int, int], _Range] = attrs.Factory(dict)


class _Cut(NamedTuple):
    """What the relaxations that take the record apart (`_Planner._colours_fit`,
    `_Planner._hands_fit`) solve: the record cut before its first ``len(counted)``
    needs, stretches ``first`` to ``last``, the hands ``carried`` into the first,
    a node's ``bounds`` and the ranges of the counts carried into each stretch
    after the first."""

    counted: set[int]
    last: int
    first: int
    carried: _Carried
    bounds: _Bounds
    ranges: dict[int, list[list[_Range]]]


@attrs.define(eq=False)
class _Flow:
    """A network of the record cut at ``last`` stretches and ``upto`` needs,
    and the edges its answer is read from."""

    net: Network
    draws: list[tuple[int, list[int], list[int]]] = attrs.Factory(list)
    """Pool, its free positions drawn at once, the edge of each colour."""
    crossing: dict[tuple[int, int, int], tuple[int, int]] = attrs.Factory(dict)
    """(stretch, seat, colour) → the edge out of the stretch before and the
    edge into the stretch."""
    held: dict[int, list[int]] = attrs.Factory(dict)
    """A bid's need number → the edge of each colour through its hand."""

    def hand(self, need: Need) -> Hand:
        a, b, c, d = (self.net.flow(edge) for edge in self.held[need.number])
        return (a, b, c, d)


@attrs.define(eq=False)
class _Template:
    """A network built once for the nodes alike (`_Planner._template`); each
    node solves a copy with its own bounds. Built edge by edge for every
    node, the flows' networks would be over half of planning a slow record
    (and the main network's alone a third of it); a copy costs a few list
    copies."""

    net: Network
    """Never solved."""
    flow: _Flow
    """The edges the answer is read from: shared by every node's flow."""
    carried: list[list[int]]
    """The edge from the source of each player's hand carried in, by colour
    (a player's network: the one player's)."""
    stretches: dict[int, list[int]] = attrs.Factory(dict)
    """A player's network: the edge of each colour carried into each stretch
    after the first."""
    solved: Network | None = None
    """A player's or a colour's network: the last copy solved warm with a
    flow (the start of the next)."""


class _Planner:
    """Plans the cards of a record (see the module docstring)."""

    def __init__(self, schedule: Schedule) -> None:
        self.schedule = schedule
        self.pools = schedule.pools
        self.players = len(schedule.names)
        self.nodes = 0
        self.limit = MAX_NODES  # where the current search stops (`_OverBudget`)
        self.way = ORDERS[0]  # of the current run: which moved count is split first
        # Per order, (stretch, seat, colour) → the parts of splits on that
        # count that had no flow: the moved count of most weight is split first.
        self.learnt: dict[str, dict[tuple[int, int, int], int]] = {way: {} for way in ORDERS}
        # What `_colours_fit` found for one colour, by what its network is made of.
        self.colour_fits: dict[tuple[object, ...], bool] = {}
        # What `_hands_fit` found for one player, by what its network is made of.
        self.hand_fits: dict[tuple[object, ...], bool] = {}
        # The networks of `_solve`, by the needs counted and the stretches.
        self.templates: dict[tuple[int, int, int], _Template | None] = {}
        # The networks of `_hands_fit`, by the player, the needs counted and
        # the stretches.
        self.hand_templates: dict[tuple[int, int, int, int], _Template | None] = {}
        # The networks of `_colours_fit`, by the colour, the needs counted
        # and the stretches (``None``: no flow, whatever the node).
        self.colour_templates: dict[tuple[object, ...], _Template | None] = {}
        # What `_held` found, by the need and its bounds (``None``: empty).
        self.helds: dict[tuple[object, ...], list[_Range] | None] = {}
        # Per count of needs: their numbers.
        self.counts: dict[int, set[int]] = {}
        self.order = sorted(schedule.needs, key=lambda n: (n.moment, n.seat))
        self.bids = [need for need in self.order if need.bid is not None]
        self.seat_of = {need.number: need.seat for need in self.order}
        self.needs = {need.number: need for need in self.order}
        self.allowed: dict[tuple[int, Hand], bool] = {}
        starts = [self.pools[0].first]
        for pool in self.pools[1:]:
            first = pool.first if pool.colours else (pool.made_by, UNBOUNDED)
            starts.append(max(first, starts[-1]))
        self.starts = starts
        # Per stretch, per player: the draws and needs, in time order.
        self.events: list[list[list[tuple[tuple[int, int], list[int] | Need]]]] = [
            [[] for _ in range(self.players)] for _ in self.pools
        ]
        for number, pool in enumerate(self.pools):
            draws: dict[tuple[int, int], tuple[tuple[int, int], list[int]]] = {}
            for position, drawn in enumerate(pool.drawn):
                if drawn is not None:
                    seat, moment = drawn
                    draws.setdefault((seat, moment[0]), (moment, []))[1].append(position)
            for (seat, _), (first, positions) in draws.items():
                self.events[number][seat].append((first, positions))
        self.stretch_of: dict[int, int] = {}
        for need in self.order:
            self.stretch_of[need.number] = self._stretch(need.moment)
            self.events[self.stretch_of[need.number]][need.seat].append((need.moment, need))
        for per_seat in self.events:
            for events in per_seat:
                events.sort(key=lambda event: event[0])
        # Per stretch, per player: whether the player does nothing in it.
        self.idle = [[not events for events in per_seat] for per_seat in self.events]
        # The cards each player holds as each stretch begins.
        self.sizes = [[0] * self.players for _ in self.pools]
        for number in range(1, len(self.pools)):
            begin = self.starts[number]
            for pool in self.pools:
                for drawn in pool.drawn:
                    if drawn is not None and drawn[1] < begin:
                        self.sizes[number][drawn[0]] += 1
            for need in self.order:
                if need.moment < begin:
                    self.sizes[number][need.seat] -= sum(need.paid)
        # The colours of each pile's free cards (right as a whole).
        self.free = [
            Counter(c for c, fixed in zip(pool.colours, pool.fixed, strict=True) if not fixed)
            for pool in self.pools
        ]
        # The cards of each colour the table holds as each stretch begins
        # (and, last, as the record ends).
        self.totals = [[0, 0, 0, 0]]
        for number, pool in enumerate(self.pools):
            total = list(self.totals[-1])
            for c, count in Counter(pool.colours).items():
                total[c] += count
            for need in self.order:
                if self.stretch_of[need.number] == number:
                    total = [t - p for t, p in zip(total, need.paid, strict=True)]
            self.totals.append(total)
        # Per stretch: the one player with something to do in it, if only
        # one has; and, but for the last, how many cards of each colour the
        # table gains across it. The others' hands stay as they were, so that
        # player's hand gains exactly that (`_hands_fit` ties their counts
        # carried across).
        self.alone = [
            active[0] if len(active) == 1 else None
            for active in ([s for s, idle in enumerate(row) if not idle] for row in self.idle)
        ]
        self.change = [
            [b - a for a, b in zip(self.totals[n], self.totals[n + 1], strict=True)]
            for n in range(len(self.pools) - 1)
        ]
        self.overspent = self._overspent()
        self.short = self._short()
        # Need number → the cards its player holds right after it (after its
        # payment, before the action's draws): every hand's size is known.
        self.kept: dict[int, int] = {}
        moments = sorted(
            (moment, seat) for pool in self.pools for seat, moment in filter(None, pool.drawn)
        )
        cards, taken = [0] * self.players, 0
        for need in self.order:
            while taken < len(moments) and moments[taken][0] < need.moment:
                cards[moments[taken][1]] += 1
                taken += 1
            cards[need.seat] -= sum(need.paid)
            self.kept[need.number] = cards[need.seat]

    def _short(self) -> int:
        """The place of the first need that its player's hand cannot meet for
        want of cards, whatever their colours: it pays more cards, or a bid
        needs more of its colour (`.cards`), than the hand then holds (cards
        drawn less cards paid); ``len(self.order)`` if none. The flows see it
        only where no reshuffle lets the hand take cards from another (the
        relaxation's flaw), so every node counting it is dropped at once."""
        draws = sorted(
            (moment, seat) for pool in self.pools for seat, moment in filter(None, pool.drawn)
        )
        held = [0] * self.players
        drawn = 0
        for place, need in enumerate(self.order):
            while drawn < len(draws) and draws[drawn][0] < need.moment:
                held[draws[drawn][1]] += 1
                drawn += 1
            if sum(need.paid) + sum(need.held) > held[need.seat]:
                return place
            held[need.seat] -= sum(need.paid)
        return len(self.order)

    def _overspent(self) -> _Overspent | None:
        """The first need after which the cards of a colour paid in its
        stretch outnumber the table's and the pile's cards of that colour as
        the stretch began (a paid card is not drawn again before the next
        reshuffle); ``None`` if no need does. No deal fits from there on, and
        the flows of a record cut after it cannot be built: the cards of the
        colour left at the end of the stretch would be negative."""
        paid = [[0, 0, 0, 0] for _ in self.pools]
        for place, need in enumerate(self.order):
            number = self.stretch_of[need.number]
            for c in COLOURS:
                if not need.paid[c]:
                    continue
                paid[number][c] += need.paid[c]
                held = self.totals[number][c] + self.pools[number].colours.count(c)
                if paid[number][c] > held:
                    return _Overspent(place, int(c), paid[number][c], held)
        return None

    def _stretch(self, moment: tuple[int, int]) -> int:
        number = 0
        while number + 1 < len(self.starts) and self.starts[number + 1] <= moment:
            number += 1
        return number

    def plan(self) -> tuple[int, str] | None:
        """Colours every free card; returns where the record cannot fit, if it
        cannot (the cards before that point are planned)."""
        try:
            if self.overspent is not None:  # no deal fits from there on
                return self._where(self.overspent.place + 1)
            found = self._search(len(self.order))
            if found is not None:
                self._keep(found)
                return None
            return self._where(len(self.order))
        except _Mended:
            return None
        except _GiveUp:
            return self._gave_up()

    def _mended(self) -> bool:
        """Whether the local search of `.mend` colours the whole record (the
        pools' colours are then its deal; else they are as they were)."""
        pools = self.schedule.pools
        saved = [list(pool.colours) for pool in pools]
        if mend(pools, self.schedule.needs):
            return True
        for pool, colours in zip(pools, saved, strict=True):
            pool.colours[:] = colours
        return False

    def _cut(self, upto: int) -> int:
        """The last stretch that matters when the record is cut before need
        ``upto``."""
        if upto == len(self.order):
            return len(self.pools) - 1
        return self.stretch_of[self.order[upto].number]

    def _where(self, high: int) -> tuple[int, str]:
        """The first need no deal can meet with all before it, knowing that
        the first ``high`` needs do not fit (bisection: fewer needs never fit
        worse)."""
        low = 0  # the first `low` needs fit, the first `high` do not
        while high - low > 1:  # the relaxations first: one node a cut
            middle = (low + high) // 2
            if self._relaxed(middle):
                low = middle
            else:
                high = middle
        found = self._search(low)
        if found is None:
            exact_high = low
            low = 0
            found = self._search(0)
            if found is None:
                return -1, "no deal of the cards fits the record, whatever its moves pay"
            while exact_high - low > 1:
                middle = (low + exact_high) // 2
                again = self._search(middle)
                if again is None:
                    exact_high = middle
                else:
                    low, found = middle, again
        self._keep(found)
        return self._failure(self.order[low])

    def _gave_up(self) -> tuple[int, str]:
        """The search solved `MAX_NODES` nodes without an answer: the record
        as a whole is reported (no move is known to be at fault)."""
        return -1, (
            f"no deal of the cards was found in {MAX_NODES} plans (the search for one "
            "stopped; the record may still fit)"
        )

    def _failure(self, need: Need) -> tuple[int, str]:
        name = self.schedule.names[need.seat]
        spent = self.overspent
        if spent is not None and self.order[spent.place] is need:
            colour = COLOURS[spent.colour]
            cards = "".join(COLOURS[c].letter * n for c, n in enumerate(need.paid))
            if self.stretch_of[need.number] == 0:
                since, held = "the deal", f"the deck has only {spent.held}"
            else:
                since = "the last reshuffle"
                held = f"the hands and the draw pile held only {spent.held} at that reshuffle"
            return need.index, (
                f"no deal of the cards fits the record: {name} pays {cards}, which makes "
                f"{spent.paid} {colour} cards paid since {since}, but {held}"
            )
        if need.bid is None:
            cards = "".join(COLOURS[c].letter * n for c, n in enumerate(need.paid))
            return need.index, f"no deal of the cards fits the record: {name} cannot hold {cards}"
        return need.index, (
            f"no deal of the cards fits the record: {name} cannot hold cards that allow this move"
        )

    def _relaxed(self, upto: int) -> bool:
        start: _Carried = tuple((0, 0, 0, 0) for _ in range(self.players))
        return self._solve(upto, self._cut(upto), 0, start, _Bounds()) is not None

    def _search(self, upto: int) -> list[_Flow] | None:
        """A deal meeting the first ``upto`` needs, as one flow per stretch;
        ``None`` if none exists (see the module docstring)."""
        last = self._cut(upto)
        failed: set[tuple[int, _Carried]] = set()
        start: _Carried = tuple((0, 0, 0, 0) for _ in range(self.players))
        budget = FIRST_BUDGET
        try:
            while True:
                for way in ORDERS:
                    self.way = way
                    self.limit = self.nodes + budget
                    try:
                        return self._stage(upto, last, 0, start, failed)
                    except _OverBudget:
                        pass
                if budget == FIRST_BUDGET and upto == len(self.order) and self._mended():
                    raise _Mended
                budget *= 2
        finally:
            # A run's budget ends with it: the relaxations that the bisection
            # solves after a search are bounded by MAX_NODES alone (with the
            # run's limit left in place, they would raise its private
            # _OverBudget out of the replay).
            self.limit = MAX_NODES

    def _stage(
        self,
        upto: int,
        last: int,
        number: int,
        carried: _Carried,
        failed: set[tuple[int, _Carried]],
    ) -> list[_Flow] | None:
        """The plans of stretches ``number`` to ``last`` for the hands
        ``carried`` into the first, or ``None``; ``failed`` holds the carried
        hands already known to fail at a stretch."""
        stack: list[tuple[_Bounds, tuple[int, int, int] | None, Network | None]] = [
            (_Bounds(), None, None)
        ]
        while stack:
            bounds, split, parent = stack.pop()
            flow = self._solve(upto, last, number, carried, bounds, parent)
            if flow is None:
                if split is not None:
                    weights = self.learnt[self.way]
                    weights[split] = weights.get(split, 0) + 1
                continue
            end = self.starts[number + 1] if number < last else None
            refused = self._refused(flow, self.starts[number], end)
            moved = None if refused is not None else self._moved(flow, number + 1)
            if refused is not None:
                parts = self._other_hands(bounds, *refused)
                stack.extend((part, None, flow.net) for part in reversed(parts))
            elif moved is not None:
                if number + 1 == last:
                    # The flow deals this stretch and carries hands out of
                    # it; the last stretch is exact and small, so whether
                    # they fit it is one node (or a few, splitting its bids'
                    # hands). Tried before the moved count is split, they
                    # spare the splits where the last stretch is loose: a
                    # record cut short by a move illegal with any cards
                    # (tactical 4g6537 with turn 28's Be8/GG made Be8/GP:
                    # 54 nodes before its R43 error, 385 and 2.4 CPU s when
                    # the split comes first), or a whole game (4g6537
                    # itself: 54 nodes, 132 when the split comes first).
                    # A failure is remembered, and the split still covers
                    # every deal of the node: nothing is lost.
                    _after, found = self._onward(upto, last, number, flow, failed)
                    if found is not None:
                        return found
                key, out, into = moved
                key = self._canonical(key)
                parts = _split(bounds.carried, key, out, into, bounds)
                stack.extend((part, key, flow.net) for part in reversed(parts))
            elif number == last:
                return [flow]
            else:
                after, found = self._onward(upto, last, number, flow, failed)
                if found is not None:
                    return found
                active = [not self.idle[number][seat] for seat in range(self.players)]
                parts = _other_carried(bounds, number + 1, after, active)
                stack.extend((part, None, flow.net) for part in reversed(parts))
        return None

    def _onward(
        self,
        upto: int,
        last: int,
        number: int,
        flow: _Flow,
        failed: set[tuple[int, _Carried]],
    ) -> tuple[_Carried, list[_Flow] | None]:
        """The hands ``flow`` carries into stretch ``number + 1``, and the
        plans of stretches ``number`` to ``last`` with them, or ``None``
        when they fail there (remembered in ``failed``, and not tried again)."""
        after = self._carried_out(flow, number + 1)
        if (number + 1, after) not in failed:
            rest = self._stage(upto, last, number + 1, after, failed)
            if rest is not None:
                return after, [flow, *rest]
            failed.add((number + 1, after))
        return after, None

    def _carried_out(self, flow: _Flow, number: int) -> _Carried:
        """The hands the flow carries into stretch ``number``."""
        return tuple(
            (a, b, c, d)
            for a, b, c, d in (
                [flow.net.flow(flow.crossing[number, seat, int(c)][0]) for c in COLOURS]
                for seat in range(self.players)
            )
        )

    def _moved(self, flow: _Flow, number: int) -> tuple[tuple[int, int, int], int, int] | None:
        """The count to split of those the flow moves between hands at the
        reshuffle before stretch ``number``: the one of most weight; among
        those, the one the run's order (``way``, one of `ORDERS`) picks."""
        net = flow.net
        best = None
        rank = (-1, -1)
        weights = self.learnt[self.way]
        widest, last = self.way == "widest", self.way == "last"
        for key, (out, into) in flow.crossing.items():  # in colour and seat order
            if key[0] != number:
                continue
            a, b = net.flow(out), net.flow(into)
            if a != b:
                this = (weights.get(self._canonical(key), 0), abs(a - b) if widest else 0)
                if this > rank or (last and this == rank):
                    best, rank = (key, a, b), this
        return best

    def _refused(self, flow: _Flow, begin: Moment, end: Moment | None) -> tuple[Need, Hand] | None:
        """The first bid from ``begin`` to ``end`` (if given) whose planned
        hand the engine refuses."""
        for need in self.bids:
            if need.moment < begin:
                continue
            if end is not None and need.moment >= end:
                break
            if need.number not in flow.held:
                continue
            hand = flow.hand(need)
            key = (need.number, hand)
            allowed = self.allowed.get(key)
            if allowed is None:
                assert need.bid is not None
                allowed = self.allowed[key] = need.bid.allows(hand)
            if not allowed:
                return need, hand
        return None

    def _other_hands(self, bounds: _Bounds, need: Need, hand: Hand) -> list[_Bounds]:
        """Every hand of ``hand``'s size but ``hand``, in parts: more of the
        bid's colour; no more of it, but more of the next colour; …"""
        assert need.bid is not None
        colours = sorted(COLOURS, key=lambda c: c != need.bid.colour)  # type: ignore[union-attr]
        parts = []
        fixed = dict(bounds.hands)
        for c in colours:
            key = (need.number, int(c))
            low, high = fixed.get(key, _FULL)
            if hand[c] + 1 <= high:
                part = dict(fixed)
                part[key] = (max(low, hand[c] + 1), high)
                parts.append(_Bounds(bounds.carried, part))
            if low > hand[c]:
                break  # no hand of the node has no more of this colour
            fixed[key] = (low, min(high, hand[c]))
        return parts

    def _held(self, need: Need, bounds: _Bounds) -> list[_Range]:
        """The range of each colour the hand holds as ``need`` is met: the
        node's bounds, at least what it keeps through the action; a bid's
        hand, of a size the record gives, also as narrowed by that size (each
        colour at most what the others' least leaves). Raises `_Empty` if a
        range is empty (a bid no hand of its size can make)."""
        number, get = need.number, bounds.hands.get
        # Kept by the need and the node's bounds of its hand: a template
        # asks it of every need, and the nodes of the bids they bound
        # (worked out for every bid of every node, it would be a tenth of a
        # slow record's replay).
        key = (number, get((number, 0)), get((number, 1)), get((number, 2)), get((number, 3)))
        if key in self.helds:
            ranges = self.helds[key]
        else:
            bounded = [found or _FULL for found in key[1:]]
            ranges = [
                (max(low, held), high)
                for (low, high), held in zip(bounded, need.held, strict=True)
            ]
            if need.bid is not None:
                size = need.bid.size
                least = sum(low for low, _ in ranges)
                ranges = [(low, min(high, size - (least - low))) for low, high in ranges]
            if any(low > high for low, high in ranges):
                ranges = None
            self.helds[key] = ranges
        if ranges is None:
            raise _Empty
        return ranges

    def _keep(self, flows: list[_Flow]) -> None:
        """Colours the free cards as the flows deal them: flow ``i`` plans
        stretch ``i`` (and, relaxed, the ones after it)."""
        for number, flow in enumerate(flows):
            net = flow.net
            for pool, positions, edges in flow.draws:
                if pool != number:
                    continue
                colours = [
                    c
                    for c, edge in zip(COLOURS, edges, strict=True)
                    for _ in range(net.flow(edge))
                ]
                for position, colour in zip(positions, colours, strict=True):
                    self.pools[number].colours[position] = colour

    def _solve(
        self,
        upto: int,
        last: int,
        first: int,
        carried: _Carried,
        bounds: _Bounds,
        parent: Network | None = None,
    ) -> _Flow | None:
        """The network of stretches ``first`` to ``last`` of the record cut
        before need ``upto``, with the hands ``carried`` into the first, under
        ``bounds``, with a flow; ``None`` if it has none."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _GiveUp
        if self.nodes > self.limit:
            raise _OverBudget
        if upto > self.short:  # a hand too small for a need, whatever the colours
            return None
        counted = self._counted(upto)
        ranges: dict[int, list[list[_Range]]] = {}  # of the counts carried into each stretch
        for number in range(first + 1, last + 1):
            found = self._ranges(number, bounds, first, carried)
            if found is None:
                return None
            ranges[number] = found
        if (upto, last, first) not in self.templates:
            self.templates[upto, last, first] = self._template(upto, last, first)
        template = self.templates[upto, last, first]
        if template is None:  # a bid no hand of its size can make
            return None
        held = self._bounded(template, bounds)
        if held is None:
            return None
        net = template.net.copy()
        for edges, hand in zip(template.carried, carried, strict=True):
            for edge, count in zip(edges, hand, strict=True):
                net.bound(edge, count, count)
        for (number, seat, c), (out, into) in template.flow.crossing.items():
            low, high = ranges[number][seat][c]
            net.bound(out, low, high)
            net.bound(into, low, high)
        for number, bid in held.items():
            for edge, (low, high) in zip(template.flow.held[number], bid, strict=True):
                net.bound(edge, low, high)
        flow = _Flow(net, template.flow.draws, template.flow.crossing, template.flow.held)
        if not net.feasible(0, 1, start=parent):  # the template's source and sink
            return None
        cut = _Cut(counted, last, first, carried, bounds, ranges)
        return flow if self._colours_fit(cut) and self._hands_fit(cut) else None

    def _counted(self, upto: int) -> set[int]:
        """The numbers of the first ``upto`` needs."""
        counted = self.counts.get(upto)
        if counted is None:
            counted = self.counts[upto] = {need.number for need in self.order[:upto]}
        return counted

    def _bounded(self, template: _Template, bounds: _Bounds) -> dict[int, list[_Range]] | None:
        """The hands of the bids of ``template`` that ``bounds`` bound
        (`_held`); ``None`` if one is empty. The others' are the template's."""
        held: dict[int, list[_Range]] = {}
        for number, _ in bounds.hands:
            if number in template.flow.held and number not in held:
                try:
                    held[number] = self._held(self.needs[number], bounds)
                except _Empty:
                    return None
        return held

    def _template(self, upto: int, last: int, first: int) -> _Template | None:
        """The network `_solve` solves for stretches ``first`` to ``last`` of
        the record cut before need ``upto``, whatever the node: the edges
        whose bounds the node sets (the hands carried into the first
        stretch, the counts carried across each reshuffle, the bids' hands)
        are left unbounded, and the source's edges of the carried hands are
        there even where a hand has no card of a colour (an edge of no room
        is never walked, so the flow found is the same as without it)."""
        counted = self._counted(upto)
        net = Network()
        source, sink = net.node(), net.node()
        flow = _Flow(net)
        chains = [[net.node() for _ in COLOURS] for _ in range(self.players)]
        carried = [
            [net.edge(source, chains[seat][c], 0, 0) for c in COLOURS]
            for seat in range(self.players)
        ]
        for number in range(first, last + 1):
            pool = self.pools[number]
            if number > first:
                self._reshuffle(flow, chains, number)
            for seat in range(self.players):
                chain = chains[seat]
                for _, event in self.events[number][seat]:
                    if not isinstance(event, Need):
                        self._draw(flow, source, number, event, chain)
                    elif event.number in counted:
                        try:
                            chain[:] = self._need(flow, sink, event, chain)
                        except _Empty:
                            return None
            if number == last:
                exits = [net.node() for _ in COLOURS]
                ends = list(self.totals[number])
                for colour, count in Counter(pool.colours).items():
                    ends[colour] += count
                for need in self.order[:upto]:
                    if self.stretch_of[need.number] == number:
                        ends = [t - p for t, p in zip(ends, need.paid, strict=True)]
                for c in COLOURS:
                    total = ends[c]
                    net.edge(exits[c], sink, total, total)
                    for seat in range(self.players):
                        net.edge(chains[seat][c], exits[c])
                undrawn = [i for i, drawn in enumerate(pool.drawn) if drawn is None]
                if undrawn:
                    self._draw(flow, source, number, undrawn, exits)
        return _Template(net, flow, carried)

    def _hand_template(self, seat: int, upto: int, first: int, last: int) -> _Template | None:
        """The network of ``seat`` that `_hands_fit` solves, whatever the
        node, as `_template` builds the whole record's: the counts carried
        into each stretch and the bids' hands are left unbounded."""
        counted = self._counted(upto)
        net = Network()
        flow = _Flow(net)
        stretches: dict[int, list[int]] = {}
        source, sink = net.node(), net.node()
        chain = [net.node() for _ in COLOURS]
        carried = [net.edge(source, chain[c], 0, 0) for c in COLOURS]
        for number in range(first, last + 1):
            if number > first:
                stretches[number] = []
                for c in COLOURS:
                    after = net.node()
                    stretches[number].append(net.edge(chain[c], after))
                    chain[c] = after
            for _, event in self.events[number][seat]:
                if not isinstance(event, Need):
                    self._draw(flow, source, number, event, chain, of_pile=True)
                elif event.number in counted:
                    try:
                        chain[:] = self._need(flow, sink, event, chain)
                    except _Empty:
                        return None
        for c in COLOURS:
            net.edge(chain[c], sink)
        return _Template(net, flow, [carried], stretches)

    def _hands_fit(self, cut: _Cut) -> bool:
        """The third relaxation: each player on their own, every card kept in
        its hand across reshuffles, each draw of ``n`` cards bringing exactly
        ``n``, of each colour at most what its pile has; its bids judged by
        the engine.

        It sees what the first misses where it moves cards between hands at
        a reshuffle: a hand that cannot meet a need later in the record with
        the cards it keeps and draws, whatever the others hold. The players
        share no node, so each is solved on its own, and each answer is kept
        by what its network is made of (its carried counts' ranges and its
        bidding hands' bounds).

        A bid's hand in a player's network has the size the record gives it
        (no card leaves the player's chains but those paid), so a hand the
        engine refuses is split as the search splits it (`_other_hands`)
        and the parts solved in turn: the player fits if one part has a flow
        whose bids the engine all allows, not if none has; after
        `LOCAL_FLOWS` flows the player counts as fitting.

        A stretch in which the player alone does anything (the others have
        retired, say) ties the counts carried into it and out of it: every
        other hand is the same at both reshuffles, so this one gains exactly
        what the table gains (`change`), in every deal. Each draw's colours
        are free in the network, so the player could draw a pile's colours
        in other numbers than it has, and the tie is not a flow's bound: the
        counts' ranges are narrowed by it, and a flow that breaks it has the
        count carried in split as the search splits a moved count (`_split`,
        the parts solved in turn like a refused hand's). The record of tactical
        bot game 4r6116 with B's bid of 1 in beige at turn 27 raised to 2
        needs it: A, C and D have retired, B alone draws the whole pile
        after the second reshuffle, and untied the search stops at
        `MAX_NODES` (allowed 60,000 nodes, it names turn 34 after 39,450);
        tied, it names it in 25 nodes."""
        counted, last, first, carried, bounds, ranges = cut
        # What a part adds to the node's ranges: (stretch, colour) → the
        # range of the player's count carried into that stretch.
        Pins = dict[tuple[int, int], _Range]

        def tied(seat: int, pins: Pins) -> dict[int, list[_Range]] | None:
            """The ranges of the counts ``seat`` carries into each stretch
            (the first's: what it carries), narrowed by ``pins`` and by the
            stretches the player is alone in; ``None`` if one is empty."""
            rows = {first: [(count, count) for count in carried[seat]]}
            for n in range(first + 1, last + 1):
                rows[n] = [
                    (max(low, pinned[0]), min(high, pinned[1]))
                    for c, (low, high) in enumerate(ranges[n][seat])
                    for pinned in [pins.get((n, c), _FULL)]
                ]
            links = [n for n in range(first, last) if self.alone[n] == seat]
            for n in links:  # forward, then back: along a run of links, one count
                rows[n + 1] = [
                    (max(low, a + d), min(high, b + d))
                    for (low, high), (a, b), d in zip(
                        rows[n + 1], rows[n], self.change[n], strict=True
                    )
                ]
            for n in reversed(links):
                rows[n] = [
                    (max(low, a - d), min(high, b - d))
                    for (low, high), (a, b), d in zip(
                        rows[n], rows[n + 1], self.change[n], strict=True
                    )
                ]
            if any(low > high for row in rows.values() for low, high in row):
                return None
            return rows

        def hand_flow(
            seat: int, hands: _Bounds, rows: dict[int, list[_Range]], warm: bool
        ) -> tuple[_Flow, dict[int, list[int]]] | None:
            """The player's network and a flow, with the edge of each colour
            carried into each stretch after the first; ``None`` if none."""
            key = (seat, len(counted), first, last)
            if key not in self.hand_templates:
                self.hand_templates[key] = self._hand_template(seat, *key[1:])
            template = self.hand_templates[key]
            held = None if template is None else self._bounded(template, hands)
            if template is None or held is None:  # the first relaxation has found it already
                return None
            net = template.net.copy()
            for edge, count in zip(template.carried[0], carried[seat], strict=True):
                net.bound(edge, count, count)
            for number, edges in template.stretches.items():
                for edge, (low, high) in zip(edges, rows[number], strict=True):
                    net.bound(edge, low, high)
            for number, bid in held.items():
                for edge, (low, high) in zip(template.flow.held[number], bid, strict=True):
                    net.bound(edge, low, high)
            flow = _Flow(net, held=template.flow.held)  # its bids' edges are read
            if not net.feasible(0, 1, start=template.solved if warm else None):
                return None
            if warm:
                template.solved = net
            return flow, template.stretches

        def untied(
            seat: int, net: Network, crossing: dict[int, list[int]], rows: dict[int, list[_Range]]
        ) -> list[Pins]:
            """Where the flow carries out of a stretch the player is alone in
            other than what it carried in and the table gained, the parts of
            the count carried in (as `_split` makes them: the value that
            agrees, the side of it where the flow's lies, the other side);
            none if it never does. (Into the first, the count is what the
            player carries, and the range after it one value.)"""
            for n in range(first + 1, last):
                if self.alone[n] != seat:
                    continue
                for c in range(4):
                    into = net.flow(crossing[n][c])
                    agrees = net.flow(crossing[n + 1][c]) - self.change[n][c]
                    if into != agrees:
                        low, high = rows[n][c]
                        below, above = (low, agrees - 1), (agrees + 1, high)
                        sides = [below, above] if into < agrees else [above, below]
                        return [
                            {(n, c): part}
                            for part in [(agrees, agrees), *sides]
                            if part[0] <= part[1]
                        ]
            return []

        def search(seat: int, warm: bool) -> bool | None:
            """Whether the player fits: a flow whose bids the engine allows
            and whose stretches alone agree; ``None`` if not known after
            `LOCAL_FLOWS` flows."""
            parts: list[tuple[_Bounds, Pins]] = [(bounds, {})]
            for _ in range(LOCAL_FLOWS):
                if not parts:
                    return False
                part, pins = parts.pop()
                rows = tied(seat, pins)
                found = None if rows is None else hand_flow(seat, part, rows, warm)
                if rows is None or found is None:
                    continue
                flow, crossing = found
                pieces = untied(seat, flow.net, crossing, rows)
                if pieces:
                    parts.extend((part, {**pins, **piece}) for piece in reversed(pieces))
                    continue
                refused = self._refused(flow, self.starts[first], None)
                if refused is None:
                    return True
                parts.extend(
                    (other, pins) for other in reversed(self._other_hands(part, *refused))
                )
            return None

        def hand_fits(seat: int) -> bool:
            # Each flow begins at the last one found in a network of the
            # same player, needs and stretches (a warm start, `.flow`), as
            # the search's nodes begin at their parent's. The flows found
            # are then others, and so is the order in which the parts are
            # solved: a player that fits is found to (the flow that says so
            # is a deal of the player's), but one that does not is searched
            # again from nothing, so that the answer is the one a search from
            # nothing gives (one that is not known after `LOCAL_FLOWS` flows
            # fits).
            if search(seat, warm=True):
                return True
            return search(seat, warm=False) is not False

        for seat in range(self.players):
            key = (
                seat,
                len(counted),
                first,
                last,
                carried[seat],
                tuple(tuple(ranges[n][seat]) for n in range(first + 1, last + 1)),
                tuple(
                    sorted(
                        item for item in bounds.hands.items() if self.seat_of[item[0][0]] == seat
                    )
                ),
            )
            fits = self.hand_fits.get(key)
            if fits is None:
                fits = self.hand_fits[key] = hand_fits(seat)
            if not fits:
                return False
        return True

    def _colour_template(
        self, c: Colour, upto: int, first: int, last: int, bounded: set[int]
    ) -> _Template | None:
        """The network of colour ``c`` that `_colours_fit` solves, whatever
        the node: the counts carried into each stretch and the hands of the
        bids in ``bounded`` (the node's bounds of the colour) are left
        unbounded; ``None`` if a need no hand can meet has no flow, whatever
        the node."""
        counted = self._counted(upto)
        net = Network()
        flow = _Flow(net)  # the edge of each bid in `bounded`
        stretches: dict[int, list[int]] = {}
        source, sink = net.node(), net.node()
        chains = [net.node() for _ in range(self.players)]
        carried = [net.edge(source, chain, 0, 0) for chain in chains]
        for number in range(first, last + 1):
            pool = self.pools[number]
            if number > first:
                stretches[number] = []
                for seat in range(self.players):
                    after = net.node()
                    stretches[number].append(net.edge(chains[seat], after))
                    chains[seat] = after
            free = self.free[number][c]
            pile = net.node()
            net.edge(source, pile, free, free)
            for seat in range(self.players):
                for _, event in self.events[number][seat]:
                    if not isinstance(event, Need):
                        drawn = sum(not pool.fixed[i] for i in event)
                        fixed = sum(pool.fixed[i] and pool.colours[i] == c for i in event)
                        if drawn:
                            net.edge(pile, chains[seat], 0, drawn)
                        if fixed:
                            net.edge(source, chains[seat], fixed, fixed)
                    elif event.number in counted:
                        paid = event.paid[c]
                        low, high = _FULL if event.number in bounded else self._kept(event, c)
                        if low > high:
                            return None
                        if event.number in bounded or paid or low or high < UNBOUNDED:
                            if paid:
                                net.edge(chains[seat], sink, paid, paid)
                            after = net.node()
                            edge = net.edge(chains[seat], after, low, high)
                            chains[seat] = after
                            if event.number in bounded:
                                flow.held[event.number] = [edge]
            undrawn = sum(
                drawn is None and not fixed
                for drawn, fixed in zip(pool.drawn, pool.fixed, strict=True)
            )
            if undrawn:
                net.edge(pile, sink, 0, undrawn)
        for chain in chains:
            net.edge(chain, sink)
        return _Template(net, flow, [carried], stretches)

    def _kept(self, need: Need, c: Colour, bounds: _Bounds | None = None) -> _Range:
        """The range of colour ``c`` in the hand as ``need`` is met, as the
        second relaxation bounds it (`_colours_fit`), under ``bounds``."""
        low, high = _FULL if bounds is None else bounds.hands.get((need.number, int(c)), _FULL)
        low = max(low, need.held[c])
        # The hand keeps `kept` cards, at least `held` of each other colour
        # (a bid's): a bound worth an edge only where it leaves one card or
        # none.
        others = sum(need.held) - need.held[c]
        room = self.kept[need.number] - others
        if room <= KEPT_ROOM:
            high = min(high, room)
        return low, high

    def _colours_fit(self, cut: _Cut) -> bool:
        """The second relaxation: each colour on its own, every card kept in
        its hand across reshuffles, each draw of ``n`` cards bringing at most
        ``n`` of the colour (not exactly ``n`` in all).

        A need bounds the colour from above too: right after it, the hand
        holds the cards the record gives it (`kept`), and so no more of the
        colour than those less what it keeps of the others (a bid's least;
        bounded where that leaves at most `KEPT_ROOM` cards). The first
        relaxation knows every hand's size but lets hands trade cards at a
        reshuffle; this one keeps every card in its hand, and so sees a
        hand too small for the cards of a colour and of another that it
        needs, whoever holds the rest. The record of tactical bot
        game 4r6347 with D's bid of 1 in purple at turn 17 raised to 3
        needs it: A and C have retired, and their cards of a colour are one
        count in the second relaxation at both reshuffles; D's five cards
        after the second must pay BBGG and then bid P1 from the last one, so
        D has no beige card, A and C hold every beige card the table has,
        and B has none at the first reshuffle to pay for the beige card it
        pays before it draws (without the bound from above the search stops
        at `MAX_NODES`, and allowed 60,000 nodes it names turn 23 after
        12,399; with it, after 18).

        No edge of a colour enters the source or leaves the sink, and the
        colours share no other node, so the relaxation has a flow when each
        colour has one: each is solved on its own, the first without one
        ends it, and each answer is kept by what its network is made of (the
        ranges and bounds of its colour), which a split on another colour's
        count mostly leaves as they are. (On four hard records, 1,249
        colours' networks are solved where four colours at a time would be
        3,104.)"""
        counted, last, first, carried, bounds, ranges = cut

        def colour_fits(c: Colour) -> bool:
            # The bids the node bounds in this colour: each has its edge.
            kept: dict[int, _Range] = {}
            for number, colour in sorted(bounds.hands):
                if colour == c and number in counted and first <= self.stretch_of[number] <= last:
                    low, high = kept[number] = self._kept(self.needs[number], c, bounds)
                    if low > high:
                        return False
            key = (int(c), len(counted), first, last, tuple(kept))
            if key not in self.colour_templates:
                self.colour_templates[key] = self._colour_template(c, *key[1:4], set(kept))
            template = self.colour_templates[key]
            if template is None:  # a need no hand can meet
                return False
            net = template.net.copy()
            for edge, hand in zip(template.carried[0], carried, strict=True):
                net.bound(edge, hand[c], hand[c])
            for number, edges in template.stretches.items():
                for edge, row in zip(edges, ranges[number], strict=True):
                    net.bound(edge, *row[c])
            for number, (edge,) in template.flow.held.items():
                net.bound(edge, *kept[number])
            # Only whether there is a flow is asked (not which): each begins
            # at the last one found in the colour's network.
            if not net.feasible(0, 1, start=template.solved):
                return False
            template.solved = net
            return True

        for c in COLOURS:
            key = (
                int(c),
                len(counted),  # the first len(counted) needs in order, as _solve counts them
                first,
                last,
                tuple(hand[c] for hand in carried),
                tuple(tuple(row[c] for row in ranges[n]) for n in range(first + 1, last + 1)),
                tuple(sorted(item for item in bounds.hands.items() if item[0][1] == c)),
            )
            fits = self.colour_fits.get(key)
            if fits is None:
                fits = self.colour_fits[key] = colour_fits(c)
            if not fits:
                return False
        return True

    def _canonical(self, key: tuple[int, int, int]) -> tuple[int, int, int]:
        """The count ``key`` stands for: a player with nothing to do in a
        stretch carries out what they carried in."""
        number, seat, c = key
        while number > 1 and self.idle[number - 1][seat]:
            number -= 1
        return number, seat, c

    def _ranges(
        self, number: int, bounds: _Bounds, first: int, carried: _Carried
    ) -> list[list[_Range]] | None:
        """The range of every count carried into stretch ``number`` (seat,
        colour): the node's bounds, narrowed by the hand sizes and the
        table's cards of each colour; ``None`` if one is empty."""
        ranges: list[list[_Range]] = []
        for seat in range(self.players):
            row = []
            for c in COLOURS:
                key = self._canonical((number, seat, int(c)))
                if key[0] <= first:  # the same as carried into the network
                    row.append((carried[seat][c], carried[seat][c]))
                else:
                    row.append(bounds.carried.get(key, _FULL))
            ranges.append(row)
        sizes, totals = self.sizes[number], self.totals[number]
        # Each count's bounds from its row's and its column's others, kept as
        # sums of the row and of the column less its own (every node asks
        # this of every reshuffle: summing the others for every count would
        # be a sixth of planning a record).
        row_low = [sum([low for low, _ in row]) for row in ranges]
        row_high = [sum([high for _, high in row]) for row in ranges]
        column_low = [sum([row[k][0] for row in ranges]) for k in range(4)]
        column_high = [sum([row[k][1] for row in ranges]) for k in range(4)]
        changed = True
        while changed:
            changed = False
            for seat, row in enumerate(ranges):
                size = sizes[seat]
                for k in range(4):
                    was_low, was_high = row[k]
                    low = max(
                        was_low,
                        size - (row_high[seat] - was_high),
                        totals[k] - (column_high[k] - was_high),
                    )
                    high = min(
                        was_high,
                        size - (row_low[seat] - was_low),
                        totals[k] - (column_low[k] - was_low),
                    )
                    if low > high:
                        return None
                    if low != was_low or high != was_high:
                        row[k] = (low, high)
                        row_low[seat] += low - was_low
                        column_low[k] += low - was_low
                        row_high[seat] += high - was_high
                        column_high[k] += high - was_high
                        changed = True
        return ranges

    def _reshuffle(self, flow: _Flow, chains: list[list[int]], number: int) -> None:
        """The chains of every colour meet before stretch ``number``: the
        table holds exactly its cards of that colour. The edges of the counts
        carried across are left unbounded (a node bounds them, `_ranges`)."""
        net = flow.net
        for c in COLOURS:
            total = self.totals[number][c]
            meet, leave = net.node(), net.node()
            net.edge(meet, leave, total, total)
            for seat in range(self.players):
                key = (number, seat, int(c))
                start = net.node()
                out = net.edge(chains[seat][c], meet)
                into = net.edge(leave, start)
                flow.crossing[key] = (out, into)
                chains[seat][c] = start

    def _draw(
        self,
        flow: _Flow,
        source: int,
        number: int,
        positions: list[int],
        into: list[int],
        *,
        of_pile: bool = False,
    ) -> None:
        """The cards at ``positions`` of pool ``number``, drawn into the colour
        nodes ``into``: the fixed ones to their colour, the free ones as one
        draw that may split into any colours; with ``of_pile``, into no more
        of a colour than the pile's free cards of it (the third relaxation's
        bound, which the first's meeting of the colours at a reshuffle
        implies)."""
        net, pool = flow.net, self.pools[number]
        free = [i for i in positions if not pool.fixed[i]]
        fixed = Counter(pool.colours[i] for i in positions if pool.fixed[i])
        for c, count in fixed.items():
            net.edge(source, into[c], count, count)
        if free:
            draw = net.node()
            net.edge(source, draw, len(free), len(free))
            most = [
                min(len(free), self.free[number][c]) if of_pile else len(free) for c in COLOURS
            ]
            edges = [net.edge(draw, into[c], 0, most[c]) for c in COLOURS]
            flow.draws.append((number, free, edges))

    def _need(self, flow: _Flow, sink: int, need: Need, chain: list[int]) -> list[int]:
        """A payment or a bid of a player whose colour chains end at
        ``chain``; returns where they go on. A bid's hand is left unbounded
        (a node bounds it, `_held`), another need's holds what it keeps."""
        net = flow.net
        after = list(chain)
        edges = []
        held = self._held(need, _Bounds())
        for c in COLOURS:
            if need.paid[c]:
                net.edge(chain[c], sink, need.paid[c], need.paid[c])
            low, high = held[c]
            if need.bid is not None or need.paid[c] or low or high < UNBOUNDED:
                after[c] = net.node()
                edges.append(net.edge(chain[c], after[c], low, high))
        if need.bid is not None:
            flow.held[need.number] = edges
        return after


def _split(
    ranges: dict[tuple[int, int, int], _Range],
    key: tuple[int, int, int],
    out: int,
    into: int,
    bounds: _Bounds,
) -> list[_Bounds]:
    """A carried count's range in three: exactly ``into`` (what the stretch
    after wants carried in), the side of it where ``out`` lies, the other side."""
    low, high = ranges.get(key, _FULL)
    below, above = (low, into - 1), (into + 1, high)
    sides = [below, above] if out < into else [above, below]
    parts = []
    for part in [(into, into), *sides]:
        if part[0] <= part[1]:
            carried = dict(ranges)
            carried[key] = part
            parts.append(_Bounds(carried, bounds.hands))
    return parts


def _other_carried(
    bounds: _Bounds, number: int, carried: _Carried, active: list[bool]
) -> list[_Bounds]:
    """Every carried hands of the node but ``carried`` (into stretch
    ``number``), in parts: the first count below or above its value; the
    first equal, the second below or above; … (the hands of players with
    nothing to do in the stretch before are those carried into it)."""
    parts = []
    fixed = dict(bounds.carried)
    for seat, hand in enumerate(carried):
        if not active[seat]:
            continue
        for c in COLOURS:
            key = (number, seat, int(c))
            low, high = fixed.get(key, _FULL)
            for part in ((low, hand[c] - 1), (hand[c] + 1, high)):
                if part[0] <= part[1]:
                    ranges = dict(fixed)
                    ranges[key] = part
                    parts.append(_Bounds(ranges, bounds.hands))
            fixed[key] = (hand[c], hand[c])
    return parts
