"""Promises of the library's outer parts that a hunt of hand mutation found
no test holding (stop 60): each test below fails on the one-line change
named in it, and passes on the code as it is.

The bots, the sampler, the simulations, the adapters, the registry, the
checks a plugin author relies on (``check_invariants``, ``check_view``,
``check_sense``, ``check_variant``), and the notation's readers and replay.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import Sampler, hookimpl, notation
from trapper_core.conformance import check_sense, check_variant
from trapper_core.invariants import InvariantError, check_invariants, check_view
from trapper_core.model import Token, TokenKind
from trapper_core.notation import NotationError, NotationSyntaxError, Record, RecordError
from trapper_core.sampling import MAX_STEPS, sample
from trapper_core.simulation import results, simulate

# ----------------------------------------------------------------------
# Stored games, samplers and bots
# ----------------------------------------------------------------------


def test_from_dict_refuses_a_shuffle_at_the_index_past_the_last_action() -> None:
    """``0 <= index < actions``: the first index past the history fell
    through to an IndexError."""
    game = tc.play(
        tc.new_game("base", 2, seed=1), [tc.RandomBot(1), tc.RandomBot(2)], max_actions=5
    )
    data = game.to_dict()
    data["shuffles"] = [[len(data["history"]), "B"]]
    with pytest.raises(tc.GameFormatError, match=r"game\.shuffles\[0\]"):
        tc.Game.from_dict(data)


@pytest.mark.parametrize("registry", ["base", object()])
def test_sampling_refuses_a_registry_that_is_no_registry(registry: object) -> None:
    view = tc.new_game("base", 2, seed=1).view(0)
    with pytest.raises(tc.SamplingError, match="registry must be a Registry"):
        sample(view, random.Random(1), registry=registry)  # type: ignore[arg-type]
    with pytest.raises(tc.SamplingError, match="registry must be a Registry"):
        Sampler(view, registry=registry)  # type: ignore[arg-type]


def test_a_subclass_sampler_s_world_that_hides_the_view_is_the_sampler_s_fault() -> None:
    """``Sampler.game``: a PluginError when the game does not show the view
    (a sampler's fault), not the view called inconsistent."""

    class Careless(Sampler):
        """A variant's own sampler."""

    view = tc.new_game("base", 2, seed=1).view(0)
    sampler = Careless(view)
    world = sampler.world(random.Random(3))
    wrong = attrs.evolve(
        world, setup=attrs.evolve(world.setup, deck=tuple(reversed(world.setup.deck)))
    )
    with pytest.raises(tc.PluginError, match="does not show the view it was sampled from"):
        sampler.game(wrong)


def test_a_sampled_position_takes_steps_up_to_max_steps() -> None:
    game = tc.play(
        tc.new_game("base", 2, seed=1), [tc.RandomBot(1), tc.RandomBot(2)], max_actions=6
    )
    sampler = Sampler(game.view(0))
    assert sampler.position(random.Random(1), steps=MAX_STEPS) is not None
    with pytest.raises(tc.SamplingError, match=f"from 0 to {MAX_STEPS}"):
        sampler.position(random.Random(1), steps=MAX_STEPS + 1)


# ----------------------------------------------------------------------
# Simulations
# ----------------------------------------------------------------------


def test_simulated_games_rotate_the_bots_by_the_game_s_number() -> None:
    """ "its seats rotate the bots by n (so no bot keeps the start player's
    seat)": with two bots, every odd game has them the other way round."""
    seats = [r.bots for r in results("base", 2, 4, bots=["greedy", "random"], seed=5)]
    assert seats == [("greedy", "random"), ("random", "greedy")] * 2


def test_results_keeps_four_batches_a_worker_in_flight_by_default() -> None:
    class Lazy(Executor):
        """A pool of two workers that plays a batch when its result is asked."""

        _max_workers = 2
        in_flight = most = 0

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            pool = self
            pool.in_flight += 1
            pool.most = max(pool.most, pool.in_flight)

            class Later(Future[Any]):
                def result(self, timeout: float | None = None) -> Any:
                    if not self.done():
                        self.set_result(fn(*args, **kwargs))
                        pool.in_flight -= 1
                    return super().result(timeout)

            return Later()

    pool = Lazy()
    list(results("base", 2, 20, bots=["random"], seed=0, executor=pool, batch=1))
    assert pool.most == 8


def test_results_checks_its_bots_at_the_call_before_any_game() -> None:
    class NotABot:
        name = "nobot"

        def __init__(self, seed: int) -> None:
            pass

    with pytest.raises(tc.SetupError):
        results("base", 2, 3, bots=[NotABot], seed=0)  # type: ignore[list-item]


def test_an_executor_that_took_batches_and_then_refuses_one_is_no_bad_argument() -> None:
    """The executor is found bad when it refuses the first batch; one that
    refuses a later one raises its own error."""

    class Breaks(ThreadPoolExecutor):
        calls = 0

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.calls += 1
            if self.calls == 3:
                raise RuntimeError("cannot schedule new futures after shutdown")
            return super().submit(fn, *args, **kwargs)

    with Breaks(1) as pool, pytest.raises(RuntimeError, match="cannot schedule"):
        simulate("base", 2, 10, bots=["random"], executor=pool, batch=1)


def test_simulate_on_the_command_line_starts_no_more_processes_than_games() -> None:
    from trapper_core.cli import _pool_size

    assert _pool_size(None, 2, 8) == 2
    assert _pool_size(None, 20, 8) == 8


def test_play_refuses_max_actions_0(capsys: pytest.CaptureFixture[str]) -> None:
    from trapper_core.cli import main

    assert main(["play", "--seed", "1", "--max-actions", "0"]) == 2
    assert "--max-actions takes a number of at least 1, not 0" in capsys.readouterr().err


def test_a_worth_is_a_finite_number_of_either_sign_below_the_huge() -> None:
    from trapper_core.bots import _HUGE, _worth_value

    assert _worth_value(-_HUGE) is None
    assert _worth_value(_HUGE) is None
    assert _worth_value(-_HUGE / 2) == -_HUGE / 2


# ----------------------------------------------------------------------
# Adapters
# ----------------------------------------------------------------------


def test_openspiel_refuses_a_negative_chance_outcome_and_a_seat_past_the_last() -> None:
    pytest.importorskip("pyspiel")
    from trapper_core.openspiel import TrapperGame

    state = TrapperGame({"players": 2}).new_initial_state()
    with pytest.raises(tc.IllegalActionError, match="chance outcome -2 is no tile"):
        state.apply_action(-2)
    assert state.history() == []
    with pytest.raises(tc.IllegalActionError, match="player 7 is no seat of this game"):
        state.action_to_string(7, 0)


def _pettingzoo() -> Any:
    pytest.importorskip("pettingzoo")
    from trapper_core import pettingzoo

    return pettingzoo


def test_pettingzoo_reset_without_a_seed_goes_on_with_the_last_seed_s_games() -> None:
    pettingzoo = _pettingzoo()

    def second_deal() -> tc.Setup:
        env = pettingzoo.env("base", 2)
        env.reset(seed=7)
        env.reset()
        return env.game.setup  # type: ignore[no-any-return]

    assert second_deal() == second_deal()


def test_pettingzoo_refuses_a_negative_seed() -> None:
    pettingzoo = _pettingzoo()
    with pytest.raises(tc.SetupError, match="seed, not -5"):
        pettingzoo.env("base", 2).reset(seed=-5)


def test_pettingzoo_a_game_over_on_the_last_allowed_action_is_not_truncated() -> None:
    pettingzoo = _pettingzoo()  # first: NumPy comes with the extra
    import numpy as np

    def play(max_actions: int | None = None) -> tuple[int, dict[str, bool], dict[str, bool]]:
        env = pettingzoo.env("base", 2, max_actions=max_actions)
        env.reset(seed=3)
        rng = random.Random(0)
        steps = 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
            ended = (dict(env.terminations), dict(env.truncations))
        return steps, *ended

    steps, _, _ = play()
    _, terminations, truncations = play(max_actions=steps)
    assert all(terminations.values())
    assert not any(truncations.values())


# ----------------------------------------------------------------------
# The registry and the checks a plugin author relies on
# ----------------------------------------------------------------------


def test_one_plugin_s_two_variants_named_alike_but_for_case_are_refused() -> None:
    class Nothing:
        pass

    class Twice:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [
                tc.VariantSpec("quiet", plugins=(Nothing(),), extends="base"),
                tc.VariantSpec("Quiet", plugins=(Nothing(),), extends="base"),
            ]

    with pytest.raises(tc.PluginError, match="two variants are called 'Quiet'"):
        tc.Registry([Twice()])


@pytest.mark.parametrize(
    ("break_it", "said"),
    [
        (
            lambda s: setattr(s, "trappers", (*s.trappers[:3], s.trappers[0])),
            "two trappers share a square",
        ),
        (
            lambda s: setattr(
                s,
                "board_squares",
                tc.Board(
                    [q for q in s.board_squares.squares if q.index != _a_tile(s)],
                    s.board_squares.trappers,
                ),
            ),
            "tiles lie off the board",
        ),
    ],
    ids=["two trappers on a square", "a tile off the board"],
)
def test_check_invariants_tells_a_broken_state(
    break_it: Callable[[tc.GameState], None], said: str
) -> None:
    game = tc.new_game("base", 2, seed=1)
    break_it(game.state)
    with pytest.raises(InvariantError, match=said):
        check_invariants(game)


def _a_tile(state: tc.GameState) -> int:
    return next(i for i, tile in enumerate(state.board) if tile is not None)


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


@pytest.mark.parametrize(
    ("display", "said"),
    [
        (lambda d: attrs.evolve(d, tokens=(Token(TokenKind.CANOE, 0),)), "numbered from 1"),
        (lambda d: attrs.evolve(d, money=d.money + 0.5), "money is a whole number"),
    ],
    ids=["token 0", "money 0.5"],
)
def test_check_sense_tells_a_display_no_game_could_hold(
    display: Callable[[tc.Display], tc.Display], said: str
) -> None:
    game = tc.new_game("base", 2, seed=1)
    state = game.state
    state.displays = (display(state.displays[0]), *state.displays[1:])
    with pytest.raises(AssertionError, match=said):
        check_sense(game)


def test_check_variant_plays_the_last_seed_a_game_takes() -> None:
    """Game i has the seed ``seed + i``, below 2**64: one game from the
    last seed is a whole run."""
    report = check_variant("base", games=1, players=[2], seed=2**64 - 1, samples=0)
    assert report.ok
    with pytest.raises(tc.SetupError):
        check_variant("base", games=2, players=[2], seed=2**64 - 1, samples=0)


# ----------------------------------------------------------------------
# The notation's readers and replay
# ----------------------------------------------------------------------


def _greedy_record() -> str:
    game = tc.new_game("base", ["Ann", "Bob"], seed=3)
    tc.play(game, [tc.GreedyBot(1), tc.GreedyBot(2)])
    return notation.dumps(game)


@pytest.mark.parametrize(
    ("old", "new"), [("\n3. Ann:", "\n2. Ann:"), ("\n3. Ann:", "\n2. 3. Ann:")]
)
def test_a_turn_number_lower_than_the_turn_is_refused_where_it_stands(old: str, new: str) -> None:
    """docs/notation.md: the record numbers this turn 2, but it is turn 3 (a
    number too low as well as too high; one standing alone too)."""
    text = _greedy_record()
    assert old in text
    broken = text.replace(old, new, 1)
    said = r"game 1, turn 3, '2\.', line \d+, column 1: the record numbers this turn 2, but it is"
    with pytest.raises(RecordError, match=said + " turn 3"):
        notation.loads(broken)[0].replay()


def test_a_record_made_in_code_names_no_line_for_a_tag_given_twice() -> None:
    record = Record([("Variant", "base"), ("Seat1", "A"), ("Seat2", "B"), ("Seat1", "C")], [])
    with pytest.raises(RecordError, match="the Seat1 tag is given twice") as caught:
        record.replay()
    assert caught.value.line is None
    assert "line" not in str(caught.value)


def test_a_table_record_s_setup_square_left_empty_under_a_noted_tile_is_refused() -> None:
    game = tc.new_game("base", 2, seed=3)
    tc.play(game, [tc.GreedyBot(1), tc.GreedyBot(2)])
    setup = "1???????/????????/????????/???2???/???2???/????????/????????/???????? - ? ? ?"
    text = notation.dumps(Record.table_record(game).with_tags(Setup=setup))
    with pytest.raises(RecordError, match="a tile is noted on a8, which the setup leaves empty"):
        notation.loads(text)[0].replay()


@pytest.mark.parametrize("read", ["loads", "games"])
def test_max_game_size_is_a_whole_number_and_not_a_bool(read: str) -> None:
    text = '[Event "x"]\n*\n'

    def reading() -> object:
        if read == "loads":
            return notation.loads(text, max_game_size=True)
        return list(notation.games(io.StringIO(text), max_game_size=True))

    with pytest.raises(NotationError, match="max_game_size is a whole number of characters"):
        reading()


def test_scan_stops_at_bytes_that_are_not_utf8_on_the_last_line_as_load_does() -> None:
    data = b'[Event "a"]\n\n1. A: pass \xff\n'
    for read in (notation.load, lambda s: list(notation.scan(s))):
        with pytest.raises(NotationSyntaxError, match=r"line 3, column 12: .*not UTF-8"):
            read(io.BytesIO(data))
    unended = b'[Event "x"]\n\n1. A: pass \xff'  # the last line without its line end
    with pytest.raises(NotationSyntaxError, match=r"^line 3, column 12: "):
        notation.load(io.BytesIO(unended))


def test_scan_gives_a_tag_named_twice_its_first_value_among_many_tags() -> None:
    """ "A name written twice reads as its first value (as scan gives it)",
    however long the game's tags run."""
    tags = "".join(f'[T{i} "{"x" * 20}"]\n' for i in range(60))
    text = '[Event "a"]\n' + tags + '[Event "b"]\n\n*\n'
    assert [game.tags["Event"] for game in notation.scan(io.StringIO(text))] == ["a"]
    assert [r.tags["Event"] for r in notation.loads(text)] == ["a"]


def test_scan_of_a_text_file_gives_a_game_begun_mid_line_its_line_s_offset(
    tmp_path: Path,
) -> None:
    """In a text stream, whose positions are opaque, a game that begins
    inside a line has the offset of its line."""
    path = tmp_path / "games.trn"
    path.write_text('[Event "a"]\n\n1. A: pass [Event "b"]\n[Seat1 "B"]\n\n*\n', encoding="utf-8")
    with open(path, encoding="utf-8") as stream:
        found = [(game.number, game.line, game.offset) for game in notation.scan(stream)]
    with open(path, encoding="utf-8") as stream:
        stream.readline()
        stream.readline()
        third = stream.tell()
    assert found[1] == (2, 3, third)


def test_a_binary_stream_reads_a_line_end_split_across_its_blocks_as_one() -> None:
    """A ``\\r\\n`` whose ``\\r`` ends a block of 64 KiB is one line end: the
    error is on the line a str reader names."""
    head = '[Event "x"]\n\n'
    text = head + "{" + "x" * (65535 - len(head) - 2) + "}" + "\r\n" + "1. A: pass ]\n"
    assert text.encode()[65535 - 1 : 65535 + 1] == b"}\r"
    said = []
    readers: list[Callable[[], object]] = [
        lambda: notation.loads(text),
        lambda: notation.load(io.BytesIO(text.encode())),
    ]
    for read in readers:
        with pytest.raises(NotationSyntaxError) as caught:
            read()
        said.append((caught.value.line, caught.value.column))
    assert said == [(4, 12), (4, 12)]


def test_check_action_tells_an_engine_that_takes_an_action_of_a_finished_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trapper_core.invariants import check_action

    game = tc.play(tc.new_game("base", 2, seed=1), [tc.GreedyBot(1), tc.GreedyBot(2)])
    real = tc.Game.apply

    def quiet(self: tc.Game, action: tc.Action, **kwargs: Any) -> None:
        if self.is_over:  # takes the action without a word
            return
        real(self, action, **kwargs)

    monkeypatch.setattr(tc.Game, "apply", quiet)
    with pytest.raises(InvariantError, match="the game is over, but apply took"):
        check_action(game)


def test_check_variant_tells_a_variant_whose_seeds_do_not_make_its_games() -> None:
    """A bot's worth judged by an unseeded random number: the same seeds
    played another game."""

    class Moody:
        @hookimpl(tryfirst=True)
        def trapper_action_worth(self, view: object, action: object, bot: object) -> float:
            return random.random()

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("moody", (Moody(),), extends="base")]

    report = check_variant(
        "moody",
        games=1,
        players=[2],
        bots=["greedy"],
        samples=0,
        registry=tc.Registry([Register()]),
    )
    assert not report.ok
    assert any("the same seeds played a different game" in str(p) for p in report.problems)


def test_check_variant_tells_views_that_show_another_player_s_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = tc.Game.view

    def leaky(self: tc.Game, seat: int) -> tc.PlayerView:
        view = real(self, seat)
        if self.to_move is not None and seat != self.to_move:
            view = attrs.evolve(view, hand=real(self, self.to_move).hand)
        return view

    monkeypatch.setattr(tc.Game, "view", leaky)
    report = check_variant("base", games=1, players=[2], samples=0)
    assert not report.ok
    assert any("a view shows the wrong hand" in str(p) for p in report.problems)


def test_check_action_tells_an_undo_that_restores_the_game_but_names_another_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trapper_core.invariants import check_action

    game = tc.new_game("base", 2, seed=1)
    real = tc.Game.undo

    def wrong(self: tc.Game) -> tc.Action:
        real(self)
        return tb.PASS

    monkeypatch.setattr(tc.Game, "undo", wrong)
    assert game.legal_actions()[0] != tb.PASS  # else the check would not tell
    with pytest.raises(InvariantError, match=r"undo after .* did not restore the game"):
        check_action(game)


@attrs.frozen
class _Pay(tc.Action):
    amount: int


class _PayKind(tc.ActionKind[_Pay]):
    """Amounts 1 and 2 listed, 0 allowed too: the kit tries each listed
    whole number's neighbours."""

    name, action_type, choices = "pay", _Pay, ("amount",)

    def unavailable(self, state: tc.GameState) -> str | None:
        return "P1: pay instead of hunting" if tb.turn_of(state).trapper is not None else None

    def amount_options(self, state: tc.GameState) -> list[int]:
        return [1, 2]

    def allows(self, state: tc.GameState, action: _Pay) -> bool:
        return action.amount in (0, 1, 2) and self.unavailable(state) is None

    def apply(self, state: tc.GameState, action: _Pay) -> None:
        tb.advance(state)

    def text(self, state: tc.GameState, action: _Pay) -> str:
        return f"pay-{action.amount}"

    def parse(self, state: tc.GameState, text: str) -> _Pay | None:
        return _Pay(int(text.removeprefix("pay-"))) if text.startswith("pay-") else None


def test_check_action_tells_a_kind_that_allows_the_number_below_its_least_option() -> None:
    from trapper_core.invariants import check_action

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("paying", (), kinds=[_PayKind()], extends="base")]

    game = tc.new_game("paying", 2, seed=1, registry=tc.Registry([Register()]))
    with pytest.raises(InvariantError, match="accepts the unlisted"):
        check_action(game)
