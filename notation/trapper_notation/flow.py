"""Feasible flows: integer flows with a lower and an upper bound on every edge.

A `Network` is built edge by edge, then `Network.feasible` says
whether some flow meets every bound and keeps flow conservation at every node
but the source and the sink; `Network.flow` then reads an edge's flow.
The bounds are moved into the supplies of the nodes and one maximum flow
(Dinic's algorithm) from a super source to a super sink decides; the flows
found are integers, as are all bounds. An edge whose bounds are not
``0 <= low <= high`` is refused with a `BoundsError` (a `ValueError`).
A network solved before, built alike with other bounds, can be the start
of the search: it makes the answer cheap (the flow found may then be
another one). A network not yet solved can be copied and an edge's bounds
moved (`Network.copy`, `Network.bound`): many networks alike are built once.
"""

from __future__ import annotations

__all__ = ["UNBOUNDED", "BoundsError", "Network"]

UNBOUNDED = 1 << 40
"""An upper bound no flow of a game's cards reaches."""


class BoundsError(ValueError):
    """An edge's bounds are not ``0 <= low <= high``: whoever built the
    network counted wrong (`.deal` checks the record's counts before it
    builds one, and reports any that slips through as the record's)."""


class Network:
    """A directed graph whose edges bound their flow from below and above."""

    def __init__(self) -> None:
        self._heads: list[int] = []  # arc a goes to _heads[a]; arc a ^ 1 is its reverse
        self._room: list[int] = []  # residual capacity of each arc
        self._arcs: list[list[int]] = []  # the arcs leaving each node
        self._supply: list[int] = []  # what the lower bounds bring to each node
        self._lows: list[int] = []  # the lower bound of each edge
        # Whether each edge's flow is fixed (built with low == high): its arcs
        # have no room either way, whatever the flow, so they are left out of
        # the lists of arcs that the searches walk, which then walk the same
        # arcs in the same order but none of these (the flows found are the
        # same). The draws, payments and carried hands of the deal planner's
        # networks are a fifth of their edges, and 93 % of the arcs of their
        # source and sink, which the searches walk again and again.
        self._fixed: list[bool] = []

    def node(self) -> int:
        """Adds a node and returns its number."""
        self._arcs.append([])
        self._supply.append(0)
        return len(self._arcs) - 1

    def edge(self, tail: int, head: int, low: int = 0, high: int = UNBOUNDED) -> int:
        """Adds an edge whose flow lies between ``low`` and ``high``; returns
        its number for `flow`."""
        if not 0 <= low <= high:
            raise BoundsError(f"an edge's bounds are 0 <= low <= high, not {low}, {high}")
        self._supply[head] += low
        self._supply[tail] -= low
        self._lows.append(low)
        self._fixed.append(low == high)
        if low == high:
            self._heads += [head, tail]
            self._room += [0, 0]
        else:
            self._arc(tail, head, high - low)
        return len(self._lows) - 1

    def bound(self, edge: int, low: int, high: int) -> None:
        """Moves the bounds of ``edge`` to ``low`` and ``high``, before the
        network is solved (as if it had been built with them). An edge built
        with one flow (``low == high``) keeps one flow."""
        if not 0 <= low <= high:
            raise BoundsError(f"an edge's bounds are 0 <= low <= high, not {low}, {high}")
        if len(self._heads) != 2 * len(self._lows):
            raise ValueError("a network's bounds are moved before it is solved")
        if self._fixed[edge] and low != high:
            raise ValueError("an edge built with one flow keeps one flow")
        moved = low - self._lows[edge]
        self._supply[self._heads[2 * edge]] += moved
        self._supply[self._heads[2 * edge + 1]] -= moved
        self._lows[edge] = low
        self._room[2 * edge] = high - low

    def copy(self) -> Network:
        """A copy of the network, not yet solved (a copy costs a few list
        copies, where building it again edge by edge costs a call or more
        an edge: see `.deal`'s templates)."""
        if len(self._heads) != 2 * len(self._lows):
            raise ValueError("a network is copied before it is solved")
        other = Network()
        other._heads = self._heads.copy()
        other._room = self._room.copy()
        other._arcs = [arcs.copy() for arcs in self._arcs]
        other._supply = self._supply.copy()
        other._lows = self._lows.copy()
        other._fixed = self._fixed.copy()
        return other

    def flow(self, edge: int) -> int:
        """The flow on ``edge`` found by `feasible`."""
        return self._lows[edge] + self._room[2 * edge + 1]

    def feasible(self, source: int, sink: int, *, start: Network | None = None) -> bool:
        """Whether a flow from ``source`` to ``sink`` meets every bound.

        Call it once, after the last edge: it turns the network into the
        residual network of the flow it finds. ``start``, a network built
        alike (the same nodes and edges, in the same order, other bounds)
        and solved, makes the answer cheap: the search for a flow begins at
        its flows, moved into this network's bounds, where a network whose
        bounds differ in a few places is mended in a few paths. The answer
        is the one found without ``start``; the flow found, when there is
        one, is the one nearest ``start`` that the search reaches, which may
        be another. (Sought again from nothing, so as to be the flow found
        without ``start``, it would solve every node with a flow twice: the
        900 tactical table records of ``benchmarks/table_records.py`` took
        162 CPU seconds so against 129 with ``start``, when it was measured;
        ``docs/internals/notation.md`` has the planner's figures.)
        """
        if start is not None and self._alike(start, source, sink):
            return self._solve(source, sink, start)
        return self._solve(source, sink, None)

    def _solve(self, source: int, sink: int, start: Network | None) -> bool:
        edges = len(self._lows)
        excess = self._supply  # what the lower bounds bring (the flows start at them)
        circulation = 0
        if start is not None:
            # Edge by edge in list comprehensions, and the excess of each
            # node as its supply moved by the edges whose flow starts above
            # their low bound (one loop over every edge doing it all would
            # make a slow hostile record's replay take 7 % more instructions).
            heads, room, lows, arcs = self._heads, self._room, self._lows, 2 * edges
            highs = [low + free for low, free in zip(lows, room[0:arcs:2], strict=True)]
            were = [
                low + flow for low, flow in zip(start._lows, start._room[1:arcs:2], strict=True)
            ]
            flows = [
                low if was < low else high if was > high else was
                for low, high, was in zip(lows, highs, were, strict=True)
            ]
            room[0:arcs:2] = [high - flow for high, flow in zip(highs, flows, strict=True)]
            room[1:arcs:2] = moved = [flow - low for flow, low in zip(flows, lows, strict=True)]
            excess = self._supply.copy()
            for edge, more in enumerate(moved):
                if more:
                    excess[heads[2 * edge]] += more
                    excess[heads[2 * edge + 1]] -= more
            circulation = start._room[2 * edges + 1]
            excess[source] += circulation
            excess[sink] -= circulation
        self._arc(sink, source, UNBOUNDED - circulation)
        self._room[-1] = circulation
        top, bottom = self.node(), self.node()
        needed = 0
        for node, supply in enumerate(excess):
            if supply > 0:
                self._arc(top, node, supply)
                needed += supply
            elif supply < 0:
                self._arc(node, bottom, -supply)
        return self._max_flow(top, bottom) == needed

    def _alike(self, other: Network, source: int, sink: int) -> bool:
        """Whether ``other`` was built with the same nodes and edges and
        solved for the same source and sink (its arc back from the sink to
        the source follows its edges)."""
        arcs = len(self._heads)
        return (
            len(other._lows) == len(self._lows)
            and len(other._arcs) == len(self._arcs) + 2  # its two super nodes
            and other._heads[:arcs] == self._heads
            and other._heads[arcs : arcs + 2] == [source, sink]
        )

    def _arc(self, tail: int, head: int, capacity: int) -> None:
        self._arcs[tail].append(len(self._heads))
        self._heads.append(head)
        self._room.append(capacity)
        self._arcs[head].append(len(self._heads))
        self._heads.append(tail)
        self._room.append(0)

    def _max_flow(self, source: int, sink: int) -> int:
        total = 0
        while True:
            level = self._levels(source, sink)
            if level[sink] < 0:
                return total
            total += self._blocking_flow(source, sink, level)

    def _levels(self, source: int, sink: int) -> list[int]:
        """Each node's distance from ``source`` in the residual network (``-1``:
        unreached), up to the sink's: the search stops as it reaches the sink
        (the nodes it has not reached then lie on no shortest path to the
        sink, and `_blocking_flow` would find each a dead end: the flows
        found are the same)."""
        arcs, heads, room = self._arcs, self._heads, self._room
        level = [-1] * len(arcs)
        level[source] = 0
        frontier = [source]
        depth = 0
        while frontier:
            depth += 1
            reached = []
            for node in frontier:
                for arc in arcs[node]:
                    if room[arc] > 0:
                        head = heads[arc]
                        if level[head] < 0:
                            level[head] = depth
                            if head == sink:
                                return level
                            reached.append(head)
            frontier = reached
        return level

    def _blocking_flow(self, source: int, sink: int, level: list[int]) -> int:
        """Pushes flow along shortest paths until none is left (iteratively:
        the paths can be as long as a game)."""
        heads, room, arcs = self._heads, self._room, self._arcs
        next_arc = [0] * len(arcs)
        total = 0
        path: list[int] = []  # the arcs from the source to the current node
        node = source
        while True:
            if node == sink:
                rooms = [room[arc] for arc in path]
                pushed = min(rooms)
                for arc in path:
                    room[arc] -= pushed
                    room[arc ^ 1] += pushed
                total += pushed
                # The search goes on from the first arc the push filled: a
                # walk from the source, as Dinic's algorithm does, would
                # follow the path up to there again (each node's next arc is
                # still on it), and the paths can be as long as a game. With
                # `_levels` stopping at the sink, this spares 9 % of the
                # instructions of the 1,541 flows of two slow hostile records.
                saturated = rooms.index(pushed)
                node = heads[path[saturated] ^ 1]
                del path[saturated:]
                continue
            out = arcs[node]
            i = next_arc[node]
            want = level[node] + 1
            for arc in out[i:] if i else out:
                if room[arc] > 0 and level[heads[arc]] == want:
                    break
                i += 1
            else:
                if node == source:
                    return total
                level[node] = -1  # a dead end for the rest of this phase
                arc = path.pop()
                node = heads[arc ^ 1]
                next_arc[node] += 1
                continue
            next_arc[node] = i
            path.append(arc)
            node = heads[arc]
