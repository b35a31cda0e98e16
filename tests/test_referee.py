"""The engine against an independent referee (tests/referee), decision by decision.

The referee implements the base game, the children's variant and the
tactical variant from the rules specification alone (R1–R45, D1–D11, and
D12–D16 of docs/rules.md). Over seeded random games it must list the same
legal actions as the engine at every decision, reach the same position after
every action (board, face-up tiles, trappers, hands, draw pile, discard,
cards out, every display, the token supply, returned canoes, who moves, the
turn in progress: in the tactical variant the stone holder, the colour, the
exchange made, the auctions opened and the auction's bid, leader and
bidders), and end with the same valuation, scores and winners. In the
tactical variant the engine must also refuse, at every decision, the near
misses the referee lists: actions close to the legal ones that the rules
forbid.

The games vary the way they are played (``PLAY``: mostly hunting, any
action alike, passing to exhaust the cards, saving canoes for large
exchanges, mostly the greedy bot) and the start (the variant's own layout, or a sparse board with
the trappers scattered, where isolated and stuck trappers and the end of D8
come up). ``--slow`` plays 150 games per variant and player count (60 of
the slower tactical variant).
"""

from __future__ import annotations

from collections import Counter

import pytest

from .referee import PLAY, play_and_compare

PLAYERS = (2, 3, 4)
QUICK_GAMES = 10  # per variant and player count
SLOW_GAMES = 150
SLOW_TACTICAL_GAMES = 60

# What the games must have gone through for the comparison to mean something.
BASE_EVENTS = {
    "R8 reshuffle",
    "D4 short draw",
    "R14 jump",
    "D6 choice IntoCanoe",
    "D6 choice Gather",
    "R20 canoe token",
    "R20 no token or a lower one",
    "R21 exchange",
    "R21 lower token",
    "R31 end: all retired",
    "R31 end: last tile",
    "D8 end: no tile takeable",
    "D2 below zero",
}
CHILDREN_EVENTS = BASE_EVENTS - {
    "R20 canoe token",
    "R20 no token or a lower one",
    "R21 exchange",
    "R21 lower token",
}
TACTICAL_EVENTS = BASE_EVENTS | {
    "R41 stone passes",
    "R42 a bidder goes out, the auction goes on",
    "R42 the opener bids again",
    "R42 the opener alone",
    "R42 won by the opener",
    "R42 won by another player",
    "R43 a choice of payments",
    "R43 two cards of another colour",
    "R43 mixed payment",
    "R44 another auction in the turn",
    "D9 a bidder cannot raise",
    "D9 no auction can be opened",
    "D10 exchange first",
    "D10 exchange after an auction",
    "D11 a retired player does not bid",
    "D11 the stone skips a retired player",
    "D16 retire",
    "D16 retire after an exchange",
}


def _compare(variant: str, players: int, games: int) -> tuple[int, Counter[str], list[str]]:
    """Plays ``games`` seeded games; returns the decisions compared, the
    events met and a description of every disagreement."""
    decisions = 0
    events: Counter[str] = Counter()
    found: list[str] = []
    for seed in range(games):
        policy = PLAY[seed % len(PLAY)]
        sparse = seed % 3 == 2  # every third game, with each policy in turn
        outcome = play_and_compare(variant, players, seed, policy, sparse=sparse)
        decisions += outcome.decisions
        events.update(outcome.events)
        if outcome.disagreement is not None:
            setup = "sparse setup" if sparse else "own setup"
            found.append(f"[{policy}, {setup}] {outcome.disagreement}")
    return decisions, events, found


def _check(variant: str, games: int, expected: set[str], slow: bool) -> None:
    decisions = 0
    events: Counter[str] = Counter()
    found: list[str] = []
    for players in PLAYERS:
        count, met, problems = _compare(variant, players, games)
        decisions += count
        events.update(met)
        found.extend(problems)
    assert not found, (
        f"the engine and the referee disagree in {len(found)} of {games * len(PLAYERS)} games; "
        "the first:\n\n" + "\n\n".join(found[:3])
    )
    assert decisions > 10 * games * len(PLAYERS)
    if not slow:  # the few quick games need not exhaust the cards
        expected = expected - {"D4 short draw"}
    missing = expected - set(events)
    assert not missing, f"no game reached {sorted(missing)}: the comparison misses them"


def _games(request: pytest.FixtureRequest, slow_games: int = SLOW_GAMES) -> tuple[int, bool]:
    slow = bool(request.config.trapper_slow)  # type: ignore[attr-defined]
    return (slow_games if slow else QUICK_GAMES), slow


def test_R13_R16_engine_agrees_with_an_independent_referee_base(
    request: pytest.FixtureRequest,
) -> None:
    games, slow = _games(request)
    _check("base", games, BASE_EVENTS, slow)


def test_R36_R37_engine_agrees_with_an_independent_referee_children(
    request: pytest.FixtureRequest,
) -> None:
    games, slow = _games(request)
    _check("children", games, CHILDREN_EVENTS, slow)


def test_R40_R45_engine_agrees_with_an_independent_referee_tactical(
    request: pytest.FixtureRequest,
) -> None:
    games, slow = _games(request, SLOW_TACTICAL_GAMES)
    _check("tactical", games, TACTICAL_EVENTS, slow)
