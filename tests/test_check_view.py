"""The view check (``check_view``): it finds every path from a view to what
the view must hide, and walks a game's history once, not once a view."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import trapper_core as tc
from trapper_core.invariants import (
    _WALKED,
    InvariantError,
    _reachable,
    _setup_objects,
    check_view,
)
from trapper_core.model import SQUARES
from trapper_core.view import History


def _game(variant: str = "base", actions: int = 30, seed: int = 5) -> tc.Game:
    game = tc.new_game(variant, 3, seed=seed)
    tc.play(game, [tc.RandomBot(seed + s) for s in range(3)], max_actions=actions)
    return game


def _forge(view: tc.PlayerView, **fields: object) -> tc.PlayerView:
    """``view``, read, with ``fields`` put in it as a careless plugin might."""
    view.board  # noqa: B018 (read: its fields are set)
    for name, value in fields.items():
        object.__setattr__(view, name, value)
    return view


@pytest.mark.parametrize(
    ("extra", "found"),
    [
        (lambda g: g.state.pile, "the draw pile"),
        (lambda g: [("deep", g.state.pile)], "the draw pile"),
        (lambda g: g.state.board, "the board with its face-down tiles"),
        (lambda g: {"state": g.state}, "GameState"),
        (lambda g: (g,), "Game"),
        (lambda g: g.rules, "Rules"),
    ],
)
def test_check_view_finds_a_view_that_leads_to_what_it_hides(extra: object, found: str) -> None:
    game = _game()
    check_view(game, game.view(0))
    view = _forge(game.view(0), extra=extra(game))  # type: ignore[operator]
    with pytest.raises(tc.InvariantError, match=f"a view leads to {found}"):
        check_view(game, view)


def test_check_view_finds_a_hidden_object_in_a_history_that_goes_on_from_the_last_walked() -> None:
    """The links walked for the last view are not walked again; a link after
    them that leads to the draw pile is still found, and the failed walk
    leaves the links walked before as they were."""
    game = _game()
    view = game.view(0)
    check_view(game, view)
    last, count = view.history._last, len(view.history)
    walked = _WALKED.ids
    bad = _forge(game.view(0), history=History((last, game.state.pile, 0), count + 1))
    with pytest.raises(tc.InvariantError, match="a view leads to the draw pile"):
        check_view(game, bad)
    assert _WALKED.link is last
    assert _WALKED.ids == walked
    check_view(game, game.view(0))
    legal = game.legal_actions()
    game.apply(legal[0])
    check_view(game, game.view(game.to_move or 0))


def test_check_view_keeps_exactly_what_the_history_leads_to() -> None:
    """Across actions, undos and other games, the ids kept for the last
    history walked are those of every object its newest link leads to."""
    rng = random.Random(3)
    games = [tc.new_game("base", 3, seed=1), tc.new_game("tactical", 3, seed=2)]
    for step in range(160):
        game = games[step // 40 % 2]
        if game.is_over:
            continue
        if game.history and rng.random() < 0.2:
            game.undo()
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if game.is_over:
            continue
        view = game.view(game.to_move)  # type: ignore[arg-type]
        if rng.random() < 0.5:
            view.board  # noqa: B018 (read views and unread ones alike)
        check_view(game, view)
        if not game.history:
            continue  # no link: nothing to walk
        link = _WALKED.link
        assert link is not None
        assert tuple(History(link, len(game.history))) == game.history
        assert _WALKED.ids == {id(obj) for obj in _reachable(link)}


def test_check_view_skips_only_the_setups_tiles_and_squares() -> None:
    """What a view shares with its setup (tiles, squares) is walked once per
    setup; a hidden object held beside a setup's tile is still found, and no
    part of the state is among the objects skipped."""
    game = _game()
    check_view(game, game.view(0))
    skipped = _setup_objects(game, {})
    tile = next(t for t in game.setup.board if t is not None)
    assert id(tile) in skipped
    state = game.state
    for part in (state, state.board, state.pile, state.hands, state.displays, state.box):
        assert id(part) not in skipped
    view = _forge(game.view(0), extra=(tile, SQUARES[3], game.state.pile))
    with pytest.raises(tc.InvariantError, match="a view leads to the draw pile"):
        check_view(game, view)


def test_issue10_item10_a_view_reaches_no_displays_cache() -> None:
    """A display's scratch cache records what the player to move could
    afford to ask (a trace of the hand), and the game writes into it: a
    view holds copies of the displays without it, and check_view finds one
    a forged view would lead to."""
    game = _game("base", 20, seed=2)
    game.legal_actions()  # the mover's listing fills the caches
    caches = [d.cache for d in game.state.displays if d.cache is not None]
    assert caches
    for seat in range(len(game.players)):
        view = game.view(seat)
        assert view.displays == game.state.displays
        assert all(d.cache is None for d in view.displays)
        check_view(game, view)
    forged = _forge(game.view(1), displays=game.state.displays)
    with pytest.raises(tc.InvariantError, match="a display's cache, which the game writes"):
        check_view(game, forged)


def test_issue10_item10_each_view_has_its_own_display_copies() -> None:
    """A bot that asks the rules about its view's displays (GreedyBot
    weighs what a placement gives the others) fills that view's copies'
    caches alone: another seat's view of the same moment, a view taken
    before, and the pickle of either show nothing of what was asked,
    which the hand of the player to move decided."""
    game = _game("base", 40, seed=5)
    mover = game.to_move
    assert mover is not None
    other = (mover + 1) % 3
    before = game.view(other)
    before_displays = before.displays
    view = game.view(mover)
    tc.GreedyBot(mover).choose(view)
    asked = [d.cache for d in view.displays if d.cache]
    assert asked, "the bot asked about no display: the test shows nothing"
    after = game.view(other)
    ids = {id(d) for d in view.displays}
    for seen in (before, after):
        assert not ids & {id(d) for d in seen.displays}
        assert all(d.cache is None for d in seen.displays)
        assert seen.displays == view.displays
    assert before.displays is before_displays
    again = pickle.loads(pickle.dumps(after))
    assert all(d.cache is None for d in again.displays)


def test_issue10_item10_each_view_has_its_own_origin_and_worlds_their_own_displays() -> None:
    """A game that begins at a position gives its views an ``origin``, the
    view of that position: each view its own, whose displays are its own
    copies, and a sampled world's displays are copies of them. A bot that
    asks the rules about its view's origin, or an ISMCTS bot's worlds,
    fill no other view's displays, no older view's, no copy's or
    pickle's."""
    from trapper_core.notation import Position

    base = tc.new_game("base", 3, seed=5)
    bots = [tc.RandomBot(seat) for seat in range(3)]
    while not any(len(d.open) >= 2 for d in base.state.displays):
        seat = base.to_move
        assert seat is not None
        base.apply(bots[seat].choose(base.view(seat)))
    game = Position.from_game(base).to_game()
    viewer = game.to_move
    assert viewer is not None
    older = game.view(viewer)
    newer = game.view(viewer)
    assert older.origin is not None
    assert newer.origin is not None
    assert older.origin == newer.origin
    assert not {id(d) for d in older.origin.displays} & {id(d) for d in newer.origin.displays}
    seat = next(s for s, d in enumerate(game.state.displays) if len(d.open) >= 2)
    animal = next(
        t
        for t in game.rules.tile_set().tiles
        if t.kind is tc.Kind.ANIMAL and t.species == game.state.displays[seat].open[0].species
    )
    game.rules.placement_choices(newer.origin.displays[seat], animal)
    assert newer.origin.displays[seat].cache
    tc.ISMCTSBot(1, iterations=20).choose(older)
    sampler = tc.Sampler(older)
    world = sampler.position(random.Random(0), steps=0)
    assert not {id(d) for d in world.state.displays} & {id(d) for d in older.origin.displays}
    for view in (
        older,
        game.view(viewer),
        game.copy().view(viewer),
        pickle.loads(pickle.dumps(older)),
    ):
        assert view.origin is not None
        assert all(d.cache is None for d in view.origin.displays)


def test_a_view_shows_a_tile_a_rule_turned_up_without_taking_one() -> None:
    """The board a view shows is made again when a tile is turned up, not
    only when one is taken (a variant's rule may turn tiles up alone:
    ``GameState.turn_up``); a copy's views likewise."""
    game = tc.new_game("base", 2, seed=1)
    state = game.state
    square = next(i for i, tile in enumerate(state.board) if tile and not state.face_up >> i & 1)
    assert game.view(0).board[square] is tc.FACE_DOWN
    state.turn_up(square)
    assert game.view(0).board[square] == state.board[square]
    assert game.copy().view(1).board[square] == state.board[square]


def test_check_view_tells_a_view_of_another_hand_or_of_actions_not_its_own() -> None:
    game = tc.new_game("base", 2, seed=1)
    to_move = game.to_move
    assert to_move is not None
    other = 1 - to_move
    with pytest.raises(InvariantError, match="a view shows the wrong hand"):
        check_view(game, attrs.evolve(game.view(to_move), hand=game.view(other).hand))
    listing = attrs.evolve(game.view(other), legal_actions=game.legal_actions())
    with pytest.raises(InvariantError, match="lists actions for a player who is not to move"):
        check_view(game, listing)
