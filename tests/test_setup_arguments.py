"""The arguments of the setup and simulation entry points: each refuses a bad
one with a `SetupError` saying what is wrong, before anything is played or
started, and takes any whole number (a NumPy integer too) where it takes an
int."""

from __future__ import annotations

import re
import sys
import types
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import trapper_core as tc
from trapper_core.cli import main
from trapper_core.simulation import Batch, GameResult, batches, play_batch

# The entry points, typed loosely: what follows gives them what their types refuse.
loose: Any = tc


class Whole:
    """A whole number that is no int, as a NumPy integer is: only ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Whole({self.value})"


def whole(value: int) -> Any:
    return Whole(value)


# ----------------------------------------------------------------------
# trapper simulate --ray with no cluster
# ----------------------------------------------------------------------
def test_simulate_on_ray_with_no_cluster_prints_rays_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ray raises a ConnectionError, an OSError with no file and no strerror:
    # the command printed "None: None".
    class NoCluster:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise ConnectionError("Could not find any running Ray instance")

    fake = types.ModuleType("trapper_core.ray")
    fake.RayExecutor = NoCluster  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "trapper_core.ray", fake)
    assert main(["simulate", "--games", "2", "--ray", "auto"]) == 2
    assert capsys.readouterr().err == "trapper: error: Could not find any running Ray instance\n"


# ----------------------------------------------------------------------
# RayExecutor
# ----------------------------------------------------------------------
@pytest.fixture
def unstarted_ray(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Ray, as if no instance ran in this process; ``ray.init`` records its
    arguments (and starts nothing), as the list it returns shows."""
    ray: Any = pytest.importorskip("ray")
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", lambda **options: started.append(options))
    monkeypatch.setattr(ray, "cluster_resources", lambda: {"CPU": 3.0})
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    return started


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"num_cpus": 0}, "num_cpus takes a number of at least 1, not 0"),
        ({"num_cpus": -1}, "num_cpus takes a number of at least 1, not -1"),
        ({"num_cpus": True}, "num_cpus takes a number of at least 1, not True"),
        ({"num_cpus": 2.5}, "num_cpus takes a number of at least 1, not 2.5"),
        ({"num_cpus": "2"}, "num_cpus takes a number of at least 1, not '2'"),
        ({"address": 6379}, "address takes a cluster's address .* or None, not 6379"),
        ({"address": ""}, "address takes a cluster's address .* or None, not ''"),
        (
            {"address": "auto", "num_cpus": 2},
            "num_cpus is the CPUs of a local instance; a cluster at 'auto' has its own",
        ),
    ],
)
def test_ray_executor_refuses_bad_cpus_and_addresses_before_starting_ray(
    unstarted_ray: list[dict[str, Any]], options: dict[str, Any], message: str
) -> None:
    # With 0 CPUs Ray started an instance that ran no task: a simulation on
    # it waited for ever.
    from trapper_core.ray import RayExecutor

    with pytest.raises(tc.SetupError, match=f"RayExecutor: {message}"):
        RayExecutor(**options)
    assert unstarted_ray == []


def test_ray_executor_takes_any_whole_number_of_cpus(unstarted_ray: list[dict[str, Any]]) -> None:
    from trapper_core.ray import RayExecutor

    with RayExecutor(num_cpus=whole(3)) as cluster:
        assert cluster.workers == 3
    (options,) = unstarted_ray
    assert type(options["num_cpus"]) is int
    assert options["num_cpus"] == 3


# ----------------------------------------------------------------------
# batches
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((10, 1, -2), "batches: batch takes a number of at least 1, not -2"),
        ((10, 0), "batches: workers takes a number of at least 1, not 0"),
        ((10, 2, 2.5), "batches: batch takes a number of at least 1, not 2.5"),
        ((10, 2, True), "batches: batch takes a number of at least 1, not True"),
        (("10",), "batches: games takes a number of at least 1, not '10'"),
        ((None,), "batches: games takes a number of at least 1, not None"),
        ((0,), "batches: games takes a number of at least 1, not 0"),
    ],
)
def test_batches_refuses_what_simulate_refuses_at_the_call(
    arguments: tuple[object, ...], message: str
) -> None:
    # At the call, not at the first batch: batches(10, 1, -2) went on for ever.
    loose_batches: Any = batches
    with pytest.raises(tc.SetupError, match=message):
        loose_batches(*arguments)


def test_batches_take_any_whole_number_and_give_ints() -> None:
    plan = list(batches(whole(5), whole(2), whole(2)))
    assert plan == [(0, 2), (2, 2), (4, 1)]
    assert all(type(n) is int for batch in plan for n in batch)
    assert list(batches(whole(7), whole(2))) == list(batches(7, 2))


# ----------------------------------------------------------------------
# simulate
# ----------------------------------------------------------------------
def test_simulate_refuses_games_none_before_playing() -> None:
    played: list[GameResult] = []
    with pytest.raises(tc.SetupError, match="games takes a number of at least 1, not None"):
        loose.simulate("base", 2, None, bots=["random"], on_game=played.append)
    assert played == []


def record_text(game: tc.Game) -> str:
    return str(len(game.history))


def test_simulate_refuses_a_record_that_cannot_pickle_for_a_process_pool_before_playing() -> None:
    # The pool pickles each batch, record function and all: a lambda failed
    # there, as an AttributeError or PicklingError of the pool.
    played: list[GameResult] = []
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(tc.SetupError, match="simulate: record must pickle to run in the pool"):
            tc.simulate(
                "base",
                2,
                2,
                bots=["random"],
                executor=pool,
                record=lambda game: str(len(game.history)),
                on_game=played.append,
            )
        assert played == []
        # A module's function pickles.
        summary = tc.simulate("base", 2, 2, bots=["random"], executor=pool, record=record_text)
    assert summary.games == 2
    # Threads share this process: they take a lambda.
    with ThreadPoolExecutor(2) as threads:
        summary = tc.simulate(
            "base", 2, 2, bots=["random"], executor=threads, record=lambda game: "x"
        )
    assert summary.games == 2


def test_simulate_takes_any_whole_number_and_still_refuses_bools_floats_and_text() -> None:
    options: dict[str, Any] = {"bots": ["random"]}
    numbers = loose.simulate(
        "base", whole(2), whole(3), seed=whole(5), batch=whole(2), ahead=whole(1), **options
    )
    assert numbers == tc.simulate("base", 2, 3, seed=5, batch=2, ahead=1, **options)
    assert type(numbers.players) is int
    assert type(numbers.seed) is int
    for bad in (True, 2.0, "2"):
        with pytest.raises(tc.SetupError, match="players takes a number of seats"):
            loose.simulate("base", bad, 2, **options)
        with pytest.raises(tc.SetupError, match="games takes a number of at least 1"):
            loose.simulate("base", 2, bad, **options)


# ----------------------------------------------------------------------
# Batch and play_batch
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (("base", 2, (), 0, 0, 1), "Batch: bots takes at least one bot name"),
        (("base", "x", ("random",), 0, 0, 1), "Batch: players takes a number .*, not 'x'"),
        (("base", ["A", "B"], ("random",), 0, 0, 1), "Batch: players takes a number"),
        (("base", 2, ("random",), 0, 0, 0), "Batch: count takes a number of at least 1, not 0"),
        (("base", 2, ("random",), 0, -1, 1), "Batch: first takes a number of at least 0, not -1"),
        (("base", 2, ("random",), -1, 0, 1), "Batch: seed takes a number of at least 0, not -1"),
        (("base", 2, ("random",), 1.5, 0, 1), "Batch: seed takes a number .*, not 1.5"),
        (("base", 2, ("random",), 0, True, 1), "Batch: first takes a number .*, not True"),
        ((5, 2, ("random",), 0, 0, 1), "Batch: variant takes a variant's name, not 5"),
        (("base", 2, "random", 0, 0, 1), "Batch: bots takes a list of bot names, not the string"),
        (("base", 2, ("clever",), 0, 0, 1), "Batch: no bot is called 'clever'"),
        (("base", 2, ("random",), 0, 0, 1, 5), "Batch: record takes a function of a game"),
    ],
)
def test_a_batch_with_no_bots_or_bad_numbers_is_refused_when_made(
    fields: tuple[object, ...], message: str
) -> None:
    # A batch with no bots divided by zero in play_batch; one of "x" players
    # was taken.
    loose_batch: Any = Batch
    with pytest.raises(tc.SetupError, match=message):
        loose_batch(*fields)


def test_a_batch_made_of_whole_numbers_holds_ints_and_plays() -> None:
    batch = Batch("base", whole(2), ["random"], whole(7), whole(3), whole(2))  # type: ignore[arg-type]
    assert (batch.players, batch.seed, batch.first, batch.count) == (2, 7, 3, 2)
    assert all(type(n) is int for n in (batch.players, batch.seed, batch.first, batch.count))
    assert batch.bots == ("random",)
    assert play_batch(batch) == play_batch(Batch("base", 2, ("random",), 7, 3, 2))


# ----------------------------------------------------------------------
# new_game and Game.view
# ----------------------------------------------------------------------
@pytest.mark.parametrize("undo", ["no", "False", 0, 1, None])
def test_new_game_refuses_an_undo_that_is_not_a_bool(undo: object) -> None:
    # undo="no" and undo="False" are true: they kept undo.
    with pytest.raises(tc.SetupError, match=f"undo is True or False, not {undo!r}"):
        loose.new_game("base", 2, seed=1, undo=undo)
    assert not tc.new_game("base", 2, seed=1, undo=False).keeps_undo


def test_new_game_takes_any_whole_number_and_still_refuses_bools_floats_and_text() -> None:
    game = loose.new_game("base", whole(2), seed=whole(7))
    assert game == tc.new_game("base", 2, seed=7)
    assert type(game.seed) is int
    for bad in (True, 2.0, "2"):
        with pytest.raises(tc.SetupError, match="players is a count or a list of names"):
            loose.new_game("base", bad)
        with pytest.raises(tc.SetupError, match="a seed is a whole number of 0 or more"):
            loose.new_game("base", 2, seed=bad)


def test_view_takes_any_whole_number_as_a_seat_and_still_refuses_bools_floats_and_text() -> None:
    game = tc.new_game("base", 2, seed=7)
    seat: Any = whole(1)
    view = game.view(seat)
    assert type(view.player) is int
    assert view == game.view(1)
    assert game.view(whole(0)).legal_actions == game.legal_actions()
    for bad in (True, 0.0, "0"):
        with pytest.raises(tc.SetupError, match="a player is a seat number"):
            game.view(bad)  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="there is no seat Whole\\(2\\) among 2 players"):
        game.view(whole(2))


def test_numpy_integers_are_taken_where_ints_are() -> None:
    np = pytest.importorskip("numpy")
    game = tc.new_game("base", np.int64(2), seed=np.uint16(3))
    assert game == tc.new_game("base", 2, seed=3)
    assert game.view(np.int64(0)) == game.view(0)
    summary = tc.simulate("base", np.int64(2), np.int64(2), bots=["random"])
    assert summary == tc.simulate("base", 2, 2, bots=["random"])


def test_numpy_numbers_are_taken_by_the_bots_dials_and_the_pictures_size() -> None:
    """``np.arange`` sweeps in a notebook: the bots' counts and dials and
    the pictures' size refused NumPy numbers ("iterations is a whole
    number of at least 1, not np.int64(50)"), where new_game, view and
    simulate take them. Each is kept as Python's own int or float."""
    np = pytest.importorskip("numpy")
    from trapper_core import svg

    bot = tc.ISMCTSBot(1, iterations=np.int64(50), rollout=np.int64(4), seconds=np.float32(2))
    assert (bot.iterations, bot.rollout, bot.seconds) == (50, 4, 2.0)
    assert (type(bot.iterations), type(bot.rollout), type(bot.seconds)) == (int, int, float)
    greedy = tc.GreedyBot(1, hand_limit=np.int64(8), card_value=np.float32(0.5))
    assert (greedy.hand_limit, greedy.card_value) == (8, 0.5)
    assert (type(greedy.hand_limit), type(greedy.card_value)) == (int, float)
    game = tc.new_game("base", 2, seed=1)
    assert svg.position(game, size=np.int64(40)) == svg.position(game, size=40)
    assert svg.position(game, size=np.float64(40.5)) == svg.position(game, size=40.5)
    for bad, message in [
        (np.int64(0), "not np.int64(0)"),
        (np.bool_(True), "not np.True_"),
        (True, "not True"),
    ]:
        with pytest.raises(tc.SetupError, match=re.escape(message)):
            svg.position(game, size=bad)
    with pytest.raises(tc.SetupError, match=r"hand_limit is a whole number of at least 0"):
        tc.GreedyBot(1, hand_limit=np.float64(2.5))
    with pytest.raises(tc.SetupError, match=r"iterations is a whole number of at least 1"):
        tc.ISMCTSBot(1, iterations=np.int64(0))
