"""The feasible flows of the table records' deal planner (``trapper_notation.flow``):
the answer and the flow are right, and a warm start changes neither."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapper_notation.flow import UNBOUNDED, BoundsError, Network

Edge = tuple[int, int, int, int]  # tail, head, low, high

# A flow costs microseconds: many examples even in the quick run.
EXAMPLES = settings(max_examples=max(200, getattr(settings.default, "max_examples", 0)))


@st.composite
def bounds(draw: st.DrawFn, unbounded: bool = True) -> tuple[int, int]:
    low = draw(st.integers(0, 2))
    high = st.integers(low, low + 2)
    return low, draw(st.one_of(high, st.just(UNBOUNDED)) if unbounded else high)


@st.composite
def networks(draw: st.DrawFn, unbounded: bool = True) -> tuple[int, list[Edge]]:
    """A few nodes (0 the source, 1 the sink) and edges with small (or no)
    upper bounds, some into the source or out of the sink."""
    nodes = draw(st.integers(2, 5))
    edges = []
    for _ in range(draw(st.integers(1, 6))):
        tail = draw(st.integers(0, nodes - 1))
        head = (tail + draw(st.integers(1, nodes - 1))) % nodes
        edges.append((tail, head, *draw(bounds(unbounded))))
    return nodes, edges


def build(nodes: int, edges: list[Edge]) -> tuple[Network, list[int]]:
    net = Network()
    for _ in range(nodes):
        net.node()
    return net, [net.edge(*edge) for edge in edges]


def brute_force(nodes: int, edges: list[Edge]) -> bool:
    """Whether some flow meets every bound, is conserved everywhere but at
    the source and the sink, and goes from the source to the sink (the
    network's circulation runs back from the sink to the source, one way):
    every flow tried."""
    for flows in itertools.product(*(range(low, high + 1) for *_, low, high in edges)):
        balance = [0] * nodes
        for (tail, head, _, _), flow in zip(edges, flows, strict=True):
            balance[tail] -= flow
            balance[head] += flow
        if balance[1] >= 0 and all(balance[node] == 0 for node in range(2, nodes)):
            return True
    return False


def check_flow(net: Network, ids: list[int], nodes: int, edges: list[Edge]) -> None:
    balance = [0] * nodes
    for (tail, head, low, high), edge in zip(edges, ids, strict=True):
        flow = net.flow(edge)
        assert low <= flow <= high
        balance[tail] -= flow
        balance[head] += flow
    assert balance[1] >= 0
    assert all(balance[node] == 0 for node in range(2, nodes))


@EXAMPLES
@given(networks(unbounded=False))
def test_issue10_item18_a_flow_is_found_exactly_when_one_exists(
    shape: tuple[int, list[Edge]],
) -> None:
    nodes, edges = shape
    net, ids = build(nodes, edges)
    found = net.feasible(0, 1)
    assert found == brute_force(nodes, edges)
    if found:
        check_flow(net, ids, nodes, edges)


@EXAMPLES
@given(networks(), st.data())
def test_issue10_item18_a_warm_start_gives_the_answer_of_a_cold_one_and_a_flow(
    shape: tuple[int, list[Edge]], data: st.DataObject
) -> None:
    """A network solved with other bounds as the start (what the planner's
    search does from a node to its children) answers as a cold solve does
    and, when there is a flow, gives one that meets every bound (not
    always the cold solve's). The start may have had no flow, or have been
    solved for other ends: it is then of no use, and the flow is the cold
    solve's."""
    nodes, edges = shape
    other = [(tail, head, *data.draw(bounds())) for tail, head, _, _ in edges]
    start, _ = build(nodes, other)
    start.feasible(*data.draw(st.sampled_from([(0, 1), (0, 1), (1, 0)])))
    if data.draw(st.booleans()):  # a start that was itself started warm
        again, _ = build(nodes, other)
        again.feasible(0, 1, start=start)
        start = again
    cold, _ = build(nodes, edges)
    warm, warm_ids = build(nodes, edges)
    found = cold.feasible(0, 1)
    used = warm._alike(start, 0, 1)
    assert warm.feasible(0, 1, start=start) == found
    if found:
        check_flow(warm, warm_ids, nodes, edges)
        if not used:
            assert vars(warm) == vars(cold)  # every list, every node's arcs


def test_issue10_item18_a_start_built_otherwise_or_not_solved_is_ignored() -> None:
    start, _ = build(3, [(0, 2, 1, 1), (2, 1, 1, 1)])
    start.feasible(0, 1)
    net, ids = build(3, [(0, 2, 2, 2), (2, 1, 0, 5), (0, 1, 0, 1)])
    assert net.feasible(0, 1, start=start)
    assert [net.flow(e) for e in ids] == [2, 2, 0]
    unsolved, _ = build(5, [(0, 2, 2, 2), (2, 1, 0, 5), (0, 1, 0, 1)])
    net, ids = build(3, [(0, 2, 2, 2), (2, 1, 0, 5), (0, 1, 0, 1)])
    assert net.feasible(0, 1, start=unsolved)
    assert [net.flow(e) for e in ids] == [2, 2, 0]


@EXAMPLES
@given(networks(), st.data())
def test_issue10_item18_a_copy_with_moved_bounds_is_the_network_built_with_them(
    shape: tuple[int, list[Edge]], data: st.DataObject
) -> None:
    """The deal planner builds a network once and solves copies of it with
    other bounds (`Network.copy`, `Network.bound`): a copy answers, and
    finds the flow, as the network built with those bounds does, and the
    network copied is left as it was. An edge built with one flow keeps one
    flow."""
    nodes, edges = shape
    other = [
        (tail, head, low, high)
        if low == high
        else (tail, head, *data.draw(bounds().filter(lambda b: b[0] < b[1])))
        for tail, head, low, high in edges
    ]
    built, ids = build(nodes, edges)
    template, _ = build(nodes, other)
    kept = {name: list(value) for name, value in vars(template).items()}
    copy = template.copy()
    for edge, (_, _, low, high) in zip(ids, edges, strict=True):
        copy.bound(edge, low, high)
    assert copy.feasible(0, 1) == built.feasible(0, 1)
    assert vars(copy) == vars(built)
    assert {name: list(value) for name, value in vars(template).items()} == kept


def test_issue10_item18_bounds_are_moved_and_copies_made_before_a_solve() -> None:
    net, ids = build(3, [(0, 2, 1, 1), (2, 1, 0, 2)])
    with pytest.raises(ValueError, match="keeps one flow"):
        net.bound(ids[0], 0, 1)
    with pytest.raises(BoundsError):
        net.bound(ids[1], 2, 1)
    net.bound(ids[0], 2, 2)
    assert net.copy().feasible(0, 1)
    assert net.feasible(0, 1)
    assert [net.flow(edge) for edge in ids] == [2, 2]
    with pytest.raises(ValueError, match="before it is solved"):
        net.bound(ids[1], 0, 3)
    with pytest.raises(ValueError, match="before it is solved"):
        net.copy()
