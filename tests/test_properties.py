"""Whole games through the public API, every invariant checked after every action."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapper_base as tb
import trapper_core as tc
from trapper_core.bots import QUICK_BOTS
from trapper_core.invariants import check_action, check_invariants, check_view

VARIANTS = ("base", "children", "tactical")
MAX_ACTIONS = 5_000  # far above any real game: a game that runs past it never ends


def check_everything(game: tc.Game) -> None:
    check_invariants(game)
    check_action(game)
    for seat in range(len(game.players)):
        check_view(game, game.view(seat))


def finish(game: tc.Game) -> None:
    check_invariants(game)
    assert game.is_over
    assert game.to_move is None
    assert game.legal_actions() == ()
    assert tc.Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game
    assert len(game.winners()) >= 1


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**63 - 1),
    kind=st.sampled_from(QUICK_BOTS),
)
def test_bot_games_keep_every_invariant(variant: str, players: int, seed: int, kind: str) -> None:
    game = tc.new_game(variant, players, seed=seed)
    bots = [tc.make_bot(kind, seed + i) for i in range(players)]
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        check_everything(game)
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    finish(game)
    # The same seeds give the same game.
    again = tc.play(
        tc.new_game(variant, players, seed=seed),
        [tc.make_bot(kind, seed + i) for i in range(players)],
    )
    assert again.history == game.history
    assert again == game


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_hypothesis_chosen_games_keep_every_invariant(
    variant: str, players: int, seed: int, data: st.DataObject
) -> None:
    """Hypothesis picks every action itself (and so can shrink a failing game),
    preferring anything but retiring so that games run long."""
    game = tc.new_game(variant, players, seed=seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        check_invariants(game)
        legal = game.legal_actions()
        keep = [a for a in legal if not isinstance(a, tb.Retire)] or list(legal)
        if data.draw(st.integers(0, 19), label="retire?") == 0:
            keep = list(legal)
        game.apply(keep[data.draw(st.integers(0, len(keep) - 1), label="action")])
    finish(game)


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_undo_all_the_way_back_gives_the_start(seed: int, steps: int) -> None:
    game = tc.new_game("base", 3, seed=seed)
    tc.play(game, [tc.RandomBot(seed + i) for i in range(3)], max_actions=steps)
    snapshots = []
    replay = game.root()
    for action in game.history:
        snapshots.append(replay.copy())
        replay.apply(action)
    assert replay == game
    while game.history:
        game.undo()
        assert game == snapshots.pop()
        # A view after an undo shows nothing of what the undone actions turned up.
        check_view(game, game.view(len(game.history) % 3))


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind", QUICK_BOTS)
def test_thousand_games_per_variant_and_bot(variant: str, kind: str) -> None:
    from benchmarks.playouts import run

    # Every core: the six runs are most of the long run's time.
    report = run(variant, kind, games=1_000, check=True, workers=os.cpu_count() or 1)
    assert report.finished == 1_000


def test_checked_playouts_report_the_same_on_any_number_of_workers() -> None:
    import attrs
    from benchmarks.playouts import run

    alone = run("children", "random", games=3, check=True)
    shared = run("children", "random", games=3, check=True, workers=2)
    assert attrs.evolve(alone, seconds=0.0) == attrs.evolve(shared, seconds=0.0)
    assert alone.finished == 3
