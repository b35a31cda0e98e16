"""Issue 13: the history as shared links, undo from snapshots and
checkpoints, games without undo, and views that cost the same at any
length of game."""

from __future__ import annotations

import decimal
import fractions
import pickle
import random
import re
import sys
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import trapper_base as tb
import trapper_core as tc
from trapper_core.game import CHECKPOINT, RECENT
from trapper_core.invariants import _reachable

VARIANTS = ("base", "children", "tactical")


def played(variant: str, players: int, seed: int, *, undo: bool = True) -> tc.Game:
    game = tc.new_game(variant, players, seed=seed, undo=undo)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


@given(variant=st.sampled_from(VARIANTS), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_issue13_undo_to_the_start_passes_every_position(
    variant: str, players: int, seed: int
) -> None:
    # Deeper than the recent snapshots, undo replays from a checkpoint: every
    # position on the way back is the one the game passed through.
    game = tc.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    positions = []
    while not game.is_over:
        positions.append(game.copy())
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    outcomes = game.outcomes()
    assume(len(positions) > RECENT + CHECKPOINT)  # deeper than the recent snapshots
    while positions:
        game.undo()
        expected = positions.pop()
        assert game == expected
        assert game.outcomes() == outcomes[: len(game.history)]
        assert game.legal_actions() == expected.legal_actions()


@pytest.mark.parametrize("played", range(1, 2 * (RECENT + CHECKPOINT) + 2))
def test_issue13_undo_at_every_depth(played: int) -> None:
    # However many actions a game has, undo takes them all back, whether
    # a recent snapshot, a checkpoint or a replay from one gives the position.
    game = tc.new_game("base", 2, seed=played)
    rng = random.Random(played)
    positions = []
    for _ in range(played):
        if game.is_over:
            break
        positions.append(game.copy())
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    while positions:
        game.undo()
        assert game == positions.pop()


def test_issue13_undo_replays_a_records_shuffles() -> None:
    # A game whose chance came from a record, not the seed: replaying from a
    # checkpoint uses the record's shuffles.
    for seed in range(40):
        game = played("base", 2, seed)
        if any(game.outcomes()):
            break
    else:
        pytest.fail("no seed of 40 reshuffles the discard pile")
    history, outcomes = game.history, game.outcomes()
    other = tc.new_game("base", 2, seed=seed + 1, setup=game.setup)
    for action, piles in zip(history, outcomes, strict=True):
        other.apply(action, shuffles=piles)
    assert other.outcomes() == outcomes
    while other.history:
        other.undo()
    assert other == tc.new_game("base", 2, seed=seed + 1, setup=game.setup)


@pytest.mark.parametrize("variant", VARIANTS)
def test_at_is_the_game_after_its_first_actions(variant: str) -> None:
    """``at(k)`` is the game with its first ``k`` actions, each with the
    shuffles it had: the same as undoing the others, in a game whose chance
    came from its seed and in one whose chance came from a record's deal."""
    from trapper_core import notation

    seeded = played(variant, 3, 5)
    replayed = notation.Record.table_record(seeded).replay()
    for game in (seeded, replayed):
        before = game.copy()
        count = len(game.history)
        back = game.copy()
        for k in range(count, -1, -1):
            if k % 7 == 0 or k >= count - 2:
                assert game.at(k) == back
                if k < count:
                    assert game.at(k - count) == back  # from the end, as an index
                assert game.at(k).history == game.history[:k]
            if k:
                back.undo()
        assert game == before  # at() made new games only
    assert seeded.at(len(seeded.history)).scores() == seeded.scores()


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (10**6, "the game has 6 actions: at takes 0 to 6 \\(or -1 to -6\\), not 1000000"),
        (-7, "the game has 6 actions: .* not -7"),
        (2.0, "at takes a number of actions from 0 to 6, not 2.0"),
        (True, "at takes a number of actions from 0 to 6, not True"),
        ("3", "at takes a number of actions from 0 to 6, not '3'"),
    ],
)
def test_at_refuses_a_count_beyond_the_history(count: object, message: str) -> None:
    game = tc.new_game("base", 2, seed=1)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=6)
    with pytest.raises(tc.UndoError, match=message):
        game.at(count)  # type: ignore[arg-type]


def test_at_counts_the_history_as_it_is_once_the_count_is_read() -> None:
    """A count whose ``__index__`` plays on the game, or takes actions back,
    is read before the history is counted: ``at`` refuses a count beyond
    the history the game has then, and counts from its end, rather than
    measure the count against the history before and play another."""
    game = tc.new_game("base", 2, seed=1)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=10)

    class Undoing:
        def __index__(self) -> int:
            for _ in range(5):
                game.undo()
            return 8

    with pytest.raises(tc.UndoError, match=r"the game has 5 actions: at takes 0 to 5 .*not 8"):
        game.at(Undoing())  # type: ignore[arg-type]

    class Playing:
        def __index__(self) -> int:
            game.apply(game.legal_actions()[0])
            return -1

    assert game.at(Playing()).history == game.history[:-1]  # type: ignore[arg-type]
    assert len(game.history) == 6


def test_issue13_copies_and_undos_are_independent() -> None:
    game = played("base", 4, 3)
    copy = game.copy()
    for _ in range(RECENT + CHECKPOINT + 3):
        game.undo()
    assert copy.is_over
    assert len(copy.history) == len(game.history) + RECENT + CHECKPOINT + 3
    legal = game.legal_actions()
    game.apply(legal[-1])
    assert copy.history[: len(game.history) - 1] == game.history[:-1]
    assert copy == played("base", 4, 3)


def test_issue13_a_game_without_undo_plays_the_same_game() -> None:
    with_undo = played("tactical", 3, 5)
    without = played("tactical", 3, 5, undo=False)
    assert not without.keeps_undo
    assert with_undo.keeps_undo
    assert without == with_undo
    assert without.outcomes() == with_undo.outcomes()
    assert without.to_dict() == with_undo.to_dict()
    assert without.copy() == without
    assert not without.copy().keeps_undo
    assert not without.root().keeps_undo


def test_issue13_undo_without_undo_information_is_refused() -> None:
    game = tc.new_game("base", 2, seed=1, undo=False)
    game.apply(game.legal_actions()[0])
    before = game.copy()
    with pytest.raises(tc.UndoError, match="undo=False"):
        game.undo()
    assert game == before


def test_issue13_view_history_is_shared_and_equals_the_tuple() -> None:
    game = played("base", 3, 2)
    view = game.view(0)
    assert isinstance(view.history, tc.History)
    assert view.history == game.history
    assert game.history == tuple(view.history)
    assert len(view.history) == len(game.history)
    assert view.history[-1] == game.history[-1]
    assert view.history[:3] == game.history[:3]
    assert hash(view.history) == hash(game.history)
    assert pickle.loads(pickle.dumps(view)) == view
    # The view keeps its moment: later undos do not change it.
    length = len(view.history)
    game.undo()
    assert len(view.history) == length
    assert view.history != game.history


def test_a_views_history_is_oldest_first_at_every_index() -> None:
    """The last action is found without the tuple (``[-1]``); every other
    index, the first included, counts from the oldest."""
    game = played("base", 3, 2)
    for length in (1, 2, 3, len(game.history)):
        history = game.at(length).view(0).history
        assert [history[i] for i in range(length)] == list(game.history[:length])
        assert [history[-i] for i in range(1, length + 1)] == list(game.history[:length])[::-1]


@pytest.mark.parametrize("index", [-1.0, fractions.Fraction(-1), decimal.Decimal(-1), 1.0])
def test_a_views_history_takes_only_whole_numbers_as_indices_as_a_tuple_does(
    index: object,
) -> None:
    """An index that only equals -1 (a float, a Fraction) is no index: the
    history refuses it as the tuple it equals does, long or empty, rather
    than give the last action."""
    game = played("base", 3, 2)
    for history in (game.view(0).history, tc.History.of(game.history), tc.History.of([])):
        with pytest.raises(TypeError, match="indices must be integers or slices"):
            history[index]  # type: ignore[call-overload]
    history = game.view(0).history

    class Last:  # a whole number that is no int, as a NumPy integer is
        def __index__(self) -> int:
            return -1

    assert history[Last()] == history[-1] == game.history[-1]  # type: ignore[call-overload]


def test_a_views_history_walks_back_from_its_last_action() -> None:
    """``reversed(view.history)`` gives the actions newest first, one link
    at a time, without the tuple of the whole history."""
    game = played("base", 3, 2)
    history = game.view(1).history
    walk = reversed(history)
    assert next(walk) == game.history[-1]
    assert history._actions is None  # no tuple made for a look at the last actions
    assert list(reversed(history)) == list(game.history)[::-1]
    assert list(reversed(tc.History.of([]))) == []


def test_issue13_seen_board_follows_undo_and_copies() -> None:
    game = tc.new_game("children", 4, seed=11)
    rng = random.Random(11)
    for _ in range(60):
        if rng.random() < 0.2 and game.history:
            game.undo()
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        state = game.state
        hidden = tuple(
            None if tile is None else tile if state.face_up >> i & 1 else tc.FACE_DOWN
            for i, tile in enumerate(state.board)
        )
        assert state.seen_board() == hidden
        assert game.copy().state.seen_board() == hidden


@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6))
def test_issue13_kept_step_targets_are_the_targets(variant: str, seed: int) -> None:
    # A take keeps the cached targets of trappers it did not concern: every
    # cached entry is what the variant's rule computes afresh.
    game = tc.new_game(variant, 4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        state = game.state
        for colour in tc.COLOURS:
            cached = state.targets[colour]
            if cached is not None:
                assert cached == state.rules.step_targets(state, colour)
        seat = game.to_move
        assert seat is not None
        game.view(seat)  # asks for every trapper's targets
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def test_a_view_holds_no_path_to_what_it_hides() -> None:
    """A view's history shares the game's links, and undo keeps snapshots of
    the whole state: the links hold only public facts (the snapshots are
    kept apart), so no reference from a view leads to the draw pile's order
    or a face-down tile's square, past checkpoints and reshuffles."""
    game = tc.new_game("base", 3, seed=11)
    rng = random.Random(11)

    def play(until: Callable[[], bool]) -> None:
        while not until():
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])

    def check() -> None:
        state = game.state
        hidden = {id(state.pile), id(state.board), *(id(pile) for pile in state.shuffled)}
        secret_board = state.board != game.view(0).board  # some tiles face down
        for seat in range(3):
            for item in _reachable(game.view(seat)):  # as check_view follows them
                assert id(item) not in hidden
                if isinstance(item, tuple) and len(item) > 8:
                    assert item != state.pile
                    assert not (secret_board and item == state.board)
                    assert item not in state.shuffled

    play(lambda: len(game.history) >= 3 * CHECKPOINT)  # past checkpoints
    assert game.state.board != game.view(0).board  # some tiles are face down
    check()
    play(lambda: bool(game.state.shuffled))  # past a reshuffle
    play(lambda: len(game.history) >= 100)
    check()


@pytest.mark.parametrize(
    ("played", "count", "message"),
    [
        (0, -1, "the game has 0 actions: at takes only 0, not -1"),
        (1, 2, "the game has 1 action: at takes 0 to 1 (or -1 to -1), not 2"),
    ],
)
def test_at_says_which_counts_a_short_history_takes(played: int, count: int, message: str) -> None:
    # With no action, at() offered "-1 to -0" and refused -1.
    game = tc.new_game("base", 2, seed=1)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=played)
    with pytest.raises(tc.UndoError, match=re.escape(message)):
        game.at(count)


def test_peek_is_the_last_action_at_any_length_and_undo_error_before_any() -> None:
    """As python-chess's Board.peek: the last action without taking it back
    (``history[-1]`` makes the whole history first); an IndexError (an
    UndoError) when none has been played, the game left as it was."""
    game = tc.new_game("base", 2, seed=3)
    with pytest.raises(tc.UndoError, match="no action has been played") as caught:
        game.peek()
    assert isinstance(caught.value, IndexError)
    rng = random.Random(3)
    while len(game.history) < 30 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        assert game.peek() is game.history[-1]
    copy = game.copy()
    assert copy.peek() is game.peek()
    taken = game.undo()
    assert taken is copy.peek()
    assert game.peek() is copy.history[-2]


@pytest.mark.parametrize("given", ["pass", [1, 2], (a for a in (tb.PASS,))])
def test_review_s56_a_history_holds_actions(given: Any) -> None:
    from trapper_core.view import History

    with pytest.raises(tc.SetupError):
        History.of(given)
    assert History.of([tb.PASS]) == (tb.PASS,)


@pytest.mark.parametrize("at_call", [1, 3, 7])
def test_an_undo_interrupted_while_it_replays_leaves_the_game_as_it_was(at_call: int) -> None:
    """An undo past the recent snapshots replays from a checkpoint: a
    Ctrl-C during that replay left the state part-way while the history
    still had the action, and the game went on wrong (a notebook cell
    stepping back through a game)."""
    import random

    game = tc.new_game("base", 3, seed=4)
    rng = random.Random(0)
    for _ in range(40):
        game.apply(rng.choice([a for a in game.legal_actions() if type(a).__name__ != "Retire"]))
    for _ in range(10):
        game.undo()  # the recent snapshots used up: the next undo replays
    before = game.to_dict()
    calls = 0

    def ctrl_c(frame: types.FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if (
            event == "call"
            and frame.f_code.co_name == "apply"
            and "trapper_base" in (frame.f_code.co_filename)
        ):
            calls += 1
            if calls == at_call:
                raise KeyboardInterrupt

    sys.settrace(ctrl_c)
    try:
        with pytest.raises(KeyboardInterrupt):
            game.undo()
    finally:
        sys.settrace(None)
    assert game.to_dict() == before
    assert game == game.at(len(game.history))
    undone = game.undo()  # and it goes on as before
    assert game == game.at(len(game.history))
    assert undone == tc.Game.from_dict(before).history[-1]
