"""Threads: what docs/simulating.md ("Threads and processes") promises a
server that runs many games at once.

A bot shared by threads keeps each thread's decision to itself; reading and
replaying records leave the collector alone in a process of several threads
(it is the whole process's); the variants' rules are made once however many
threads ask first; and games played one a thread are the games one thread
plays.
"""

from __future__ import annotations

import gc
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import trapper_core as tc
from trapper_core import notation


@contextmanager
def another_thread() -> Iterator[None]:
    """A second thread alive (waiting) for the time of the block."""
    done = threading.Event()
    waiter = threading.Thread(target=done.wait)
    waiter.start()
    try:
        yield
    finally:
        done.set()
        waiter.join()


@contextmanager
def fast_switching() -> Iterator[None]:
    """Threads switched as often as the interpreter allows: races show."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def in_threads(work: Callable[[int], object], count: int) -> list[object]:
    """``work(i)`` in ``count`` threads started together; their results, or
    the exceptions they raised, in order."""
    results: list[object] = [None] * count
    start = threading.Barrier(count)

    def run(i: int) -> None:
        start.wait()
        try:
            results[i] = work(i)
        except Exception as exc:  # told by the caller
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_a_greedy_bot_shared_by_threads_keeps_each_thread_s_memo() -> None:
    """GreedyBot.memo is the view's and the thread's: another thread asking
    about another view in between (a shared bot of a server) left this
    thread's decision a new, empty dict, and the base game's estimate then
    failed with a KeyError."""
    bot = tc.GreedyBot(1)
    one = tc.new_game("base", 2, seed=1).view(0)
    other = tc.new_game("base", 2, seed=2).view(0)
    memo = bot.memo(one)
    memo["mine"] = 1
    asked = in_threads(lambda _: bot.memo(other), 1)[0]
    assert asked is not memo
    assert bot.memo(one) is memo
    assert memo == {"mine": 1}


@pytest.mark.parametrize("variant", ["base", "children"])
def test_a_bot_shared_by_threads_plays_every_thread_s_games(variant: str) -> None:
    """One GreedyBot deciding for the games of four threads at once, with
    the threads switched as often as they can be: every decision made,
    every one legal."""
    bot = tc.GreedyBot(1)

    def serve(i: int) -> int:
        decisions = 0
        for seed in range(i, 8, 4):
            game = tc.new_game(variant, 2, seed=seed)
            while not game.is_over:
                action = bot.choose(game.view(game.to_move))  # type: ignore[arg-type]
                game.apply(action)  # refused if it were not legal
                decisions += 1
        return decisions

    with fast_switching():
        results = in_threads(serve, 4)
    assert all(isinstance(r, int) and r > 0 for r in results), results


def test_a_shared_greedy_bot_pickles_and_copies_without_its_memos() -> None:
    import copy
    import pickle

    bot = tc.GreedyBot(3)
    game = tc.new_game("base", 3, seed=5)
    view = game.view(0)
    bot.memo(view)["x"] = 1
    for again in (pickle.loads(pickle.dumps(bot)), copy.copy(bot), copy.deepcopy(bot)):
        assert again.memo(view) == {}
        assert again.choose(view) == tc.GreedyBot(3).choose(view)


def _spied_collector(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    disable, enable = gc.disable, gc.enable

    def spy_disable() -> None:
        calls.append("disable")
        disable()

    def spy_enable() -> None:
        calls.append("enable")
        enable()

    monkeypatch.setattr(gc, "disable", spy_disable)
    monkeypatch.setattr(gc, "enable", spy_enable)
    return calls


def test_reading_and_replaying_in_a_process_of_threads_leave_the_collector_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two threads pausing the process's collector and starting it again in
    turn could leave it off for good (one that found it paused did not
    start it again); with other threads running it is not paused at all.
    In a process of one thread, it is paused and started again."""
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.RandomBot(1), tc.RandomBot(2)])
    text = notation.dumps([game, game])
    assert gc.isenabled()
    calls = _spied_collector(monkeypatch)
    with another_thread():
        records = notation.loads(text)
        assert records[0].replay() == game
        assert calls == []
    # The process of one thread is a new one: threads that other tests'
    # pools left winding down (a pool shut down without waiting) outlived
    # them under load, and this process had them still.
    code = """
import gc
import trapper_core as tc
from trapper_core import notation

game = tc.play(tc.new_game("base", 2, seed=4), [tc.RandomBot(1), tc.RandomBot(2)])
text = notation.dumps([game, game])
calls = []
disable, enable = gc.disable, gc.enable
gc.disable = lambda: (calls.append("disable"), disable())[1]
gc.enable = lambda: (calls.append("enable"), enable())[1]
records = notation.loads(text)
assert records[1].replay() == game
assert calls and calls == ["disable", "enable"] * (len(calls) // 2), calls
assert gc.isenabled()
"""
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr


def test_records_replayed_in_threads_leave_the_collector_on() -> None:
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.RandomBot(1), tc.RandomBot(2)])
    records = notation.loads(notation.dumps([game] * 3))

    def read(_: int) -> bool:
        return all(record.replay() == game for record in records)

    assert gc.isenabled()
    with fast_switching():
        for _ in range(5):
            assert in_threads(read, 4) == [True] * 4
            assert gc.isenabled()


def test_a_registry_asked_by_threads_at_once_makes_a_variant_s_rules_once() -> None:
    registry = tc.Registry()
    with fast_switching():
        found = in_threads(lambda _: registry.rules("tactical"), 6)
    assert all(rules is found[0] for rules in found), found
    assert found[0] is registry.rules("tactical")


def test_the_installed_variants_load_once_however_many_threads_ask_first() -> None:
    """In a fresh process: every thread's game has the default registry's
    rules (each racing thread loaded the plugins and made its own)."""
    code = """
import threading
import trapper_core as tc
from trapper_core.plugins import default_registry
start = threading.Barrier(6)
games = [None] * 6
def run(i):
    start.wait()
    games[i] = tc.new_game("base", 2, seed=i)
threads = [threading.Thread(target=run, args=(i,)) for i in range(6)]
for t in threads: t.start()
for t in threads: t.join()
rules = default_registry().rules("base")
print(sum(game.rules is rules for game in games))
"""
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert run.stdout.strip() == "6", run.stderr


def test_games_played_one_a_thread_are_the_games_one_thread_plays() -> None:
    """Each thread its own games and bots: the records are those of the same
    seeds played in turn."""

    def records(i: int) -> str:
        variant = ("base", "children", "tactical")[i % 3]
        game = tc.new_game(variant, 3, seed=i)
        tc.play(game, [tc.GreedyBot(i), tc.RandomBot(i), tc.GreedyBot(i + 1)])
        rng = random.Random(i)
        at = game.at(rng.randrange(len(game.history)))
        return notation.dumps(game) + repr(at.position_key())

    alone = [records(i) for i in range(6)]
    with fast_switching():
        assert in_threads(records, 6) == alone
