"""Issue 13: the engine's speed work keeps every answer the same.

The speed tricks of issue 13 (the views' patched answer of the tiles taken,
rows and displays made through their slots' setters, the snapshot written
out from the state's fields) each give what the plain computation gives;
these tests pin that, along games, undos and copies.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any

import attrs
import pytest

import trapper_core as tc
from trapper_core import Display, Row
from trapper_core import view as view_module
from trapper_core.invariants import _reachable, check_view
from trapper_core.state import FIELDS, snapshot


def _taken_plainly(game: tc.Game) -> tuple[tc.Tile | None, ...]:
    return tuple(
        tile if now is None else None
        for tile, now in zip(game.setup.board, game.board, strict=True)
    )


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue13_view_taken_follows_apply_undo_and_copy(variant: str) -> None:
    rng = random.Random(13)
    game = tc.new_game(variant, 3, seed=13)
    views = 0
    while not game.is_over and views < 200:
        seat = rng.randrange(3)
        assert game.view(seat).taken == _taken_plainly(game)
        views += 1
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        if rng.random() < 0.3:
            game.undo()
            assert game.view(seat).taken == _taken_plainly(game)
        if rng.random() < 0.1:
            other = game.copy()
            other_legal = other.legal_actions()
            other.apply(other_legal[0])
            assert other.view(0).taken == _taken_plainly(other)
            assert game.view(0).taken == _taken_plainly(game)
    assert views > 50


def test_issue13_view_taken_after_a_deep_undo() -> None:
    game = tc.new_game("base", 4, seed=5)
    tc.play(game, [tc.RandomBot(s) for s in range(4)])
    game.view(0)  # the answer at the end is kept
    for _ in range(40):  # deeper than the recent snapshots: replayed from checkpoints
        game.undo()
    assert game.view(1).taken == _taken_plainly(game)


def test_issue13_a_view_sees_a_change_where_no_face_up_bit_changed() -> None:
    """A view patches its board where the face-up bits changed, once the
    boards agree everywhere else: a tile gone from a face-down square (no
    bit changes) is found all the same."""
    game = tc.new_game("base", 4, seed=3)
    game.view(0)  # the game keeps this answer
    state = game.state
    square = next(
        i for i, tile in enumerate(state.board) if tile is not None and not state.face_up >> i & 1
    )
    emptied = list(state.board)
    emptied[square] = None
    state.board = tuple(emptied)
    view = game.view(0)
    assert view.board == state.seen_board()
    assert view.board[square] is None
    assert view.taken == _taken_plainly(game)
    assert view.taken[square] == game.setup.board[square]


def _fields(view: tc.PlayerView) -> dict[str, Any]:
    return {f.name: getattr(view, f.name) for f in attrs.fields(tc.PlayerView)}


def test_issue13_a_view_sets_its_fields_when_one_is_read() -> None:
    game = tc.new_game("base", 4, seed=8)
    tc.play(game, [tc.RandomBot(s) for s in range(4)], max_actions=60)
    view = game.view(2)
    # Only what a bot that plays from the legal actions reads is set at once.
    assert set(vars(view)) == {"player", "to_move", "legal_actions", "_facts", "_later"}
    assert isinstance(view, tc.PlayerView)
    assert type(view) is not tc.PlayerView
    assert view.legal_actions == game.legal_actions()
    assert view.out_of_game == sum(game.state.out)  # one read sets them all
    assert type(view) is tc.PlayerView  # and makes the view a plain one
    assert set(vars(view)) == {f.name for f in attrs.fields(tc.PlayerView)}
    assert view.board == game.state.seen_board()
    assert view.taken == _taken_plainly(game)
    assert view.hand_sizes == tuple(hand.total for hand in game.hands)
    assert view.trappers == tuple(tc.SQUARES[i] for i in game.state.trappers)
    assert view.hand.counts == game.hands[2].counts
    assert view.discard.counts == game.state.discard
    assert view.history == game.history
    built = tc.PlayerView(**_fields(view))
    assert built == view
    # Comparing, hashing, printing, copying, pickling or evolving an unread
    # view sets its fields first: each gives what it gives for a plain view.
    for use in (
        lambda fresh: fresh == built,
        lambda fresh: built == fresh,
        lambda fresh: (fresh != built) is False,
        lambda fresh: hash(fresh) == hash(built),
        lambda fresh: repr(fresh) == repr(built),
        lambda fresh: pickle.loads(pickle.dumps(fresh)) == built,
        lambda fresh: copy.copy(fresh) == built,
        lambda fresh: copy.deepcopy(fresh) == built,
        lambda fresh: attrs.evolve(fresh, player=2) == built,
        lambda fresh: type(attrs.evolve(fresh, player=2)) is tc.PlayerView,
        lambda fresh: _fields(fresh) == _fields(built),
    ):
        fresh = game.view(2)
        assert use(fresh)
        assert type(fresh) is tc.PlayerView
        assert set(vars(fresh)) == set(vars(built))
    for copied in (pickle.loads(pickle.dumps(game.view(2))), copy.copy(game.view(2))):
        assert type(copied) is tc.PlayerView
        assert set(vars(copied)) == set(vars(built))  # a copy holds its fields only
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.view(2).player = 1  # type: ignore[misc]


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue13_a_view_read_late_shows_its_own_moment(variant: str) -> None:
    """A view keeps the board's changes as facts until its board is read,
    and the game gathers them up between reads: views read only once the
    game is over show the board and the tiles taken of their moment, and so
    do the views read at once (whose tuples the game patches next)."""
    game = tc.new_game(variant, 4, seed=21)
    bots = [tc.RandomBot(s) for s in range(4)]
    kept = []
    pending = []  # how many changes the game's memo holds after each view
    while not game.is_over:
        seat: int = game.to_move  # type: ignore[assignment]
        view = game.view(seat)
        pending.append(len(game._public[3][2]))  # type: ignore[index]
        kept.append((view, game.state.seen_board(), _taken_plainly(game), game.hands))
        if len(kept) % 5 == 0:  # read now: the game's next patch starts from its tuples
            assert game.view((seat + 1) % 4).board == view.board == kept[-1][1]
        game.apply(bots[seat].choose(view))
    assert len(kept) > 30
    assert max(pending) > 0
    assert any(b < a for a, b in itertools.pairwise(pending))  # gathered up
    for view, seen, taken, hands in kept:
        assert view.board == seen
        assert view.taken == taken
        assert view.hand_sizes == tuple(hand.total for hand in hands)


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue13_a_view_after_an_undo_keeps_no_face_of_a_face_down_tile(variant: str) -> None:
    """A look-ahead on the game (apply, view, undo) turns tiles up and back
    down: the views made after it, read or not, lead to none of their faces
    (the board's changes once kept them)."""
    game = tc.new_game(variant, 4, seed=8)
    tc.play(game, [tc.RandomBot(s) for s in range(4)], max_actions=20)
    game.view(0)
    for read in (False, True):
        for action in game.legal_actions():
            game.apply(action)
            view = game.view(1)
            if read:
                view.board  # noqa: B018 (the read patches the facts the game keeps)
            game.undo()
        state = game.state
        down = {
            i: tile
            for i, tile in enumerate(state.board)
            if tile is not None and not state.face_up >> i & 1
        }
        fresh = game.view(0)
        check_view(game, fresh)  # the facts first, then the fields
        for obj in _reachable(fresh):
            assert not any(obj is tile for tile in down.values())


def test_issue13_a_view_read_half_way_is_read_again() -> None:
    """Reading a view sets its fields before it drops its facts: a second
    reader meanwhile (another thread, a signal handler) and a read cut short
    by an exception both leave a view that reads whole."""
    game = tc.new_game("base", 4, seed=8)
    tc.play(game, [tc.RandomBot(s) for s in range(4)], max_actions=40)
    whole = _fields(game.view(0))
    made_hand = view_module._hand
    calls = []

    def hand_cut_short(counts: tuple[int, int, int, int]) -> tc.Hand:
        calls.append(counts)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return made_hand(counts)

    view = game.view(0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(view_module, "_hand", hand_cut_short)
        with pytest.raises(KeyboardInterrupt):
            view.board  # noqa: B018
    assert _fields(view) == whole
    assert type(view) is tc.PlayerView
    assert not {"_facts", "_later", "_public"} & set(vars(view))

    view = game.view(0)
    calls.clear()
    inner: list[dict[str, Any]] = []

    def hand_read_again(counts: tuple[int, int, int, int]) -> tc.Hand:
        if not calls:  # a second reader, half way through the first read
            calls.append(counts)
            inner.append(_fields(view))
        return made_hand(counts)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(view_module, "_hand", hand_read_again)
        assert view.board == whole["board"]
    assert inner == [whole]
    assert _fields(view) == whole


def test_issue13_rows_and_displays_are_made_as_attrs_makes_them() -> None:
    game = tc.new_game("base", 2, seed=1)
    tiles = [t for t in game.setup.board if t is not None]
    canoe = next(t for t in tiles if t.kind is tc.Kind.CANOE)
    animal = next(t for t in tiles if t.kind is tc.Kind.ANIMAL)
    row = Row(canoe, (animal,))
    assert (row.canoe, row.animals, row.herb, row.mushroom) == (canoe, (animal,), None, None)
    assert row == Row(canoe=canoe, animals=(animal,))
    assert hash(row) == hash(Row(canoe, (animal,)))
    display = Display((row,), money=7)
    assert (display.open, display.money, display.cache) == ((row,), 7, None)
    assert (display.valued, display.separate, display.tokens) == ((), (), ())
    assert attrs.evolve(display, money=9) == Display((row,), (), (), 9, ())
    assert display != Display((row,), money=8)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        display.money = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        row.herb = animal  # type: ignore[misc]


def test_issue13_steps_made_through_their_slots_are_as_attrs_makes_them() -> None:
    from trapper_base.actions import Gather, IntoCanoe, Step
    from trapper_base.turn import _placed

    for placement in (IntoCanoe(tc.Species.BEAR, 2), Gather(3, None, (1, 2))):
        made = _placed(tc.Colour.GREEN, 12, tc.Colour.BLUE, placement)  # made by its slots
        built = Step(tc.Colour.GREEN, tc.SQUARES[12], tc.Colour.BLUE, placement)
        assert made == built
        assert hash(made) == hash(built)
        assert repr(made) == repr(built)
        assert pickle.loads(pickle.dumps(made)) == built
        assert attrs.evolve(made, payment=tc.Colour.GREEN) == attrs.evolve(
            built, payment=tc.Colour.GREEN
        )
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.payment = tc.Colour.GREEN  # type: ignore[misc]


def test_issue13_a_step_built_of_ints_is_a_step_of_colours() -> None:
    """StepKind.build takes colours as ints too; the step it makes (kept in
    a table that the listing reads) holds Colour members either way."""
    from trapper_base.actions import IntoCanoe

    game = tc.new_game("base", 2, seed=4)
    kind = next(kind for kind in game.rules.kinds if kind.name == "step")
    placement = IntoCanoe(tc.Species.BEAR, 3)
    step = kind.build(2, tc.SQUARES[21], placement, 3)
    assert step == kind.build(tc.Colour.GREEN, tc.SQUARES[21], placement, tc.Colour.PURPLE)
    assert step.trapper is tc.Colour.GREEN
    assert step.payment is tc.Colour.PURPLE
    with pytest.raises(TypeError, match="placement"):
        kind.build(tc.Colour.GREEN, tc.SQUARES[22], "CB3", tc.Colour.GREEN)


def test_issue13_snapshot_holds_every_field_in_order() -> None:
    game = tc.new_game("tactical", 3, seed=2)
    state = game.state
    assert snapshot(state) == tuple(getattr(state, name) for name in FIELDS)
    assert state.snapshot() == snapshot(state)


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_D6_placement_answers_a_display_keeps_from_another_are_a_fresh_displays(
    variant: str,
) -> None:
    """The base placement passes the answers that still hold on to the
    display made from another (``trapper_base.placement.keep_answers``): for
    every tile face, every display of a game gives what a display without
    any kept answer gives. Every face is asked at every decision, so that
    every answer there is gets passed on and checked."""
    faces = {tile.face: tile for tile in tc.new_game(variant, 2, seed=0).rules.tile_set().tiles}
    for seed in range(4):
        game = tc.new_game(variant, 2 + seed % 3, seed=seed)
        choices = game.rules.placement_choices
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            for display in game.displays:
                fresh = Display(
                    display.open, display.valued, display.separate, display.money, display.tokens
                )
                for tile in faces.values():
                    assert choices(display, tile) == choices(fresh, tile), (seed, tile.face)
