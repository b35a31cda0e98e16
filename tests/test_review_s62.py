"""What stop 62's reviews and changes pinned: ``trapper simulate --json``
and ``Summary.to_dict``; a plugin's rule hooks that no variant plays."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import pytest

import trapper_core as tc
from trapper_core.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_summary_to_dict_holds_every_field_and_each_tallys_rates() -> None:
    summary = tc.simulate("base", players=3, games=4, bots=["random", "greedy"], seed=1, first=2)
    plain = summary.to_dict()
    assert json.loads(json.dumps(plain)) == plain  # plain values only
    for field in ("variant", "players", "seed", "first", "games", "unfinished", "ties"):
        assert plain[field] == getattr(summary, field)
    assert plain["first"] == 2
    assert (plain["actions"], plain["turns"]) == (summary.actions, summary.turns)
    assert (plain["mean_actions"], plain["mean_turns"]) == (
        summary.mean_actions,
        summary.mean_turns,
    )
    assert list(plain["bots"]) == ["greedy", "random"]  # by name
    tallies = [*(summary.bots[name] for name in plain["bots"]), *summary.turn_order]
    written = [*plain["bots"].values(), *plain["turn_order"]]
    assert len(plain["turn_order"]) == 3
    for tally, entry in zip(tallies, written, strict=True):
        assert entry == {
            "seats": tally.seats,
            "wins": tally.wins,
            "money": tally.money,
            "win_rate": tally.win_rate,
            "mean_score": tally.mean_score,
        }


def test_simulate_json_prints_the_summary_of_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "4", "--players", "3", "--bots", "greedy,random"]
    assert main([*argv, "--seed", "1", "--workers", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = tc.simulate("base", players=3, games=4, bots=["greedy", "random"], seed=1)
    assert printed == {**expected.to_dict(), "max_actions": None}
    assert main([*argv, "--seed", "1", "--workers", "1", "--json", "--max-actions", "50"]) == 0
    cut = json.loads(capsys.readouterr().out)
    assert cut["max_actions"] == 50
    assert cut["unfinished"] == cut["games"] == 4  # no game of 50 decisions ends
    assert cut["bots"] == {}


def test_a_summary_made_by_hand_with_numpy_numbers_writes_plain_json() -> None:
    np = pytest.importorskip("numpy")
    from trapper_core.simulation import Summary

    summary = Summary("base", players=np.int64(3), seed=np.int64(1))
    for result in tc.simulation.results("base", 3, 2, bots=["random"], seed=1):
        summary.add(result)
    plain = summary.to_dict()
    assert json.loads(json.dumps(plain)) == plain
    assert type(plain["players"]) is int


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout here")
def test_simulate_json_refuses_an_out_that_is_the_standard_output() -> None:
    """The records and the JSON would share one stream, and neither would
    read: refused before any game is played."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            str(ROOT / part) for part in ("src", "notation", "plugins", ".")
        ),
    }
    argv = ["simulate", "--games", "2", "--json", "--out", "/dev/stdout"]
    done = subprocess.run(
        [sys.executable, "-m", "trapper_core", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "--json prints the summary to the standard output" in done.stderr


def _tenfold(names_itself: bool) -> types.ModuleType:
    """A module as a plugin author writes one after the charity example: a
    rule hook at module level beside ``trapper_variants``."""
    module = types.ModuleType("trapper_tenfold")

    @tc.hookimpl
    def trapper_canoe_payout(row: tc.Row) -> int:
        return 10 * row.plain_value

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return [tc.VariantSpec("tenfold", (module,) if names_itself else (), "base")]

    module.trapper_canoe_payout = trapper_canoe_payout  # type: ignore[attr-defined]
    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    return module


_ROW = tc.Row(tc.Tile.from_code("CB1n"), (tc.Tile.from_code("B4s"),))


def test_a_rule_hook_no_variant_plays_is_warned_of() -> None:
    """The variant played the base game's payout (8, not 40) and the
    conformance kit passed it: the module's own hook was never asked."""
    with pytest.warns(
        tc.PluginWarning,
        match=r"plugin 'trapper_tenfold' implements trapper_canoe_payout, which no variant "
        r"plays: a variant's rules are the hooks of the plugins its VariantSpec names "
        r"\(a module names itself as sys.modules\[__name__\]\)",
    ):
        registry = tc.Registry([_tenfold(names_itself=False)])
    assert registry.rules("tenfold").canoe_payout(_ROW) == 8


def test_a_module_that_names_itself_plays_its_rule_hooks_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = tc.Registry([_tenfold(names_itself=True)])
        tc.Registry()  # the built-in variants re-export hooks of the plugins they name
    assert registry.rules("tenfold").canoe_payout(_ROW) == 40


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_a_text_from_a_seat_not_to_move_is_refused_before_it_is_read(variant: str) -> None:
    """A server parsed a player's text before checking who sent it, and the
    error told that player about the mover's hand (``the hand holds 0``,
    ``more than the hand can pay (5)``): ``seat=`` refuses it first."""
    game = tc.new_game(variant, ["Ann", "Bob"], seed=1)
    before = game.to_dict()
    for text in ("qq", "Bc5/EE", "B9", "pass"):
        for call in (game.parse_action, game.apply_text):
            with pytest.raises(tc.IllegalActionError) as info:
                call(text, seat=1)
            assert str(info.value) == (
                "it is the turn of seat 0 ('Ann'), not of seat 1 ('Bob'): "
                "nothing seat 1 sends is read now"
            )
            assert info.value.rule is None
    assert game.to_dict() == before
    assert game.parse_action("pass", seat=0) == game.parse_action("pass")
    with pytest.raises(tc.SetupError, match="there is no seat 2 among 2 players"):
        game.parse_action("pass", seat=2)
    game.apply_text("pass", seat=0)
    assert len(game.history) == 1


def test_a_finished_game_reads_nothing_from_any_seat() -> None:
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.RandomBot(0), tc.RandomBot(1)])
    with pytest.raises(tc.IllegalActionError, match="the game is over: no seat is to move"):
        game.parse_action("pass", seat=0)


def test_a_seed_new_game_picks_is_exact_as_a_json_double() -> None:
    """A picked seed was up to 2**63: a JSON reader of doubles rounded it,
    and the restored game reshuffled otherwise from then on."""
    seeds = [tc.new_game("base", 2).seed for _ in range(200)]
    assert all(0 <= seed < 2**53 for seed in seeds)
    assert all(int(float(seed)) == seed for seed in seeds)
    assert len(set(seeds)) == 200


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


def test_a_views_repr_is_short_at_any_length_of_game() -> None:
    """A view's repr was attrs' own: the board, the displays and the whole
    history (14 kB at the end of a game, 166 kB at 20,000 actions), saved
    into a notebook with every view a cell showed."""
    game = tc.new_game("base", ["Ann", "Bob"], seed=1)
    game.apply_text("pass")
    assert repr(game) == "<Game 'base', 2 players, 1 action, Bob to move>"
    assert repr(game.view(0)) == (
        "<PlayerView of Ann (seat 0), 'base', 2 players, 1 action, Bob to move>"
    )
    finished = tc.play(tc.new_game("base", 3, seed=5), [tc.GreedyBot(s) for s in range(3)])
    assert repr(finished.view(1)).endswith(f"{len(finished.history)} actions, over>")
    assert len(repr(finished.view(1))) < 100


def test_a_pictures_description_is_sentences() -> None:
    """The description a screen reader says ran its lines together:
    'Turn: trapper none, exchanged no Trappers: blue d5, …'."""
    import re as _re

    game = tc.new_game("base", 3, seed=5)
    said = _re.search(r"<desc>(.*?)</desc>", game._repr_svg_())
    assert said is not None
    assert said.group(1).startswith("Turn: trapper none, exchanged no. Trappers: blue d5, ")
    over = tc.play(tc.new_game("base", 2, seed=5), [tc.RandomBot(0), tc.RandomBot(1)])
    said = _re.search(r"<desc>(.*?)</desc>", over._repr_svg_())
    assert said is not None
    assert ". Trappers: " in said.group(1)
    assert not _re.search(r"[^.] Trappers:", said.group(1))


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_seat_rows_add_up_to_the_summarys_tallies(variant: str) -> None:
    """A notebook's table of one row a seat: summed by bot and by place in
    the order of play, the rows are the summary's tallies."""
    from trapper_core.simulation import results

    games = list(results(variant, 3, 6, bots=["greedy", "random"], seed=3, max_actions=400))
    summary = tc.simulate(variant, 3, 6, bots=["greedy", "random"], seed=3, max_actions=400)
    rows = [row for result in games for row in result.seat_rows()]
    assert json.loads(json.dumps(rows)) == rows
    for key, tallies in (("bot", summary.bots), ("place", dict(enumerate(summary.turn_order)))):
        for name, tally in tallies.items():
            mine = [r for r in rows if r[key] == name and r["finished"]]
            assert len(mine) == tally.seats
            assert sum(r["score"] for r in mine) == tally.money
            assert sum(r["won"] for r in mine) == pytest.approx(tally.wins)
    assert {r["place"] for r in rows} == {0, 1, 2}


def test_a_views_picture_shows_its_own_hand_and_says_whose_view_it_is() -> None:
    """A view's picture was the game's picture: counts of cards alone,
    titled as the game, though the hand is what its player decides with."""
    import re as _re

    game = tc.new_game("base", 3, seed=5)
    view = game.view(1)
    picture = view._repr_svg_()
    assert picture != game._repr_svg_()
    title = _re.search(r"<title>(.*?)</title>", picture)
    assert title is not None
    assert title.group(1) == "Trapper, base, B&#x27;s view: A to move"
    hand = view.hand
    own = f"B: 0 money, 6 cards ({hand.blue} blue, {hand.beige} beige, {hand.green} green, "
    assert picture.count(own) == 2  # the player's line and the description
    assert not _re.search(r"[AC]: 0 money, 6 cards \(\d", picture)  # others' hands: counts


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"player": 3}, "its player is a seat from 0 to 1, not 3"),
        ({"to_move": 5}, "its to_move is a seat from 0 to 1 or None, not 5"),
        ({"players": ()}, "its players are a tuple of names, not ()"),
    ],
)
def test_the_repr_of_a_misshapen_view_says_what_is_wrong(
    fields: dict[str, Any], problem: str
) -> None:
    """The short repr read the view's seats by name and raised IndexError
    for a view made by hand; attrs' own had printed it."""
    import attrs

    view = attrs.evolve(tc.new_game("base", 2, seed=1).view(0), **fields)
    assert repr(view).endswith(f"misshapen: {problem}>")


class _Forgot:
    """A plugin object that registers a variant and carries a rule method,
    but names no plugin in its VariantSpec."""

    @tc.hookimpl
    def trapper_variants(self) -> list[tc.VariantSpec]:
        return [tc.VariantSpec("forgot", (), "base")]

    @tc.hookimpl
    def trapper_hand_size(self, players: int) -> int:
        return 9


def test_a_plugin_objects_unplayed_hooks_are_told_by_its_class_name() -> None:
    """pluggy names an object plugin by a number: the warning said
    "plugin '140594319321616'"."""
    with pytest.warns(
        tc.PluginWarning,
        match=r"plugin 'tests.test_review_s62._Forgot' implements trapper_hand_size",
    ):
        registry = tc.Registry([_Forgot()])
    assert registry.rules("forgot").hand_size(2) == 6  # the base game's: told, not played


def test_a_plugin_attribute_that_is_no_hook_does_not_break_the_check_of_unplayed_hooks() -> None:
    """The check reads every ``trapper_…`` attribute of the plugins the
    variants name: an unhashable value is no hook, and the registry is made
    as before (it raised TypeError: unhashable type)."""

    class Odd:
        trapper_settings: dict[str, int] = {"cards": 6}  # noqa: RUF012

        @tc.hookimpl
        def trapper_hand_size(self, players: int) -> int:
            return 5

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("odd", (Odd(),), "base")]

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = tc.Registry([Register()])
    assert registry.rules("odd").hand_size(2) == 5
