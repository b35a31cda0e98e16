"""Errors say which bot, which plugin and which registry they come from; the
simulate progress bar writes whole lines in a log."""

from __future__ import annotations

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main


class _EndsAtOnce:
    """A bot that ends its turn before it has taken a step (R11)."""

    def choose(self, view: tc.PlayerView) -> tc.Action:
        return tb.END_TURN


def test_play_says_which_bot_made_an_illegal_action() -> None:
    game = tc.new_game("base", players=2, seed=3)
    with pytest.raises(tc.IllegalActionError, match="R11") as error:
        tc.play(game, [tc.RandomBot(0), _EndsAtOnce()])
    assert error.value.__notes__ == ["in play(): the bot of seat 1, _EndsAtOnce"]


class _Crashes:
    """A bot whose own code fails as it chooses."""

    def choose(self, view: tc.PlayerView) -> tc.Action:
        raise KeyError("the bot's own bug")


def test_play_says_which_bot_failed_as_it_chose() -> None:
    game = tc.new_game("base", players=2, seed=3)
    with pytest.raises(KeyError, match="the bot's own bug") as error:
        tc.play(game, [tc.RandomBot(0), _Crashes()])
    assert error.value.__notes__ == ["in play(): the bot of seat 1, _Crashes"]
    assert game.to_move == 1  # seat 0's first turn played, nothing of seat 1's
    assert game.history


def test_a_bot_of_another_registry_says_where_it_looks_variants_up() -> None:
    class Rich:
        @tc.hookimpl
        def trapper_canoe_payout(self, row: tc.Row) -> int:
            return 4 * row.plain_value

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("rich", (Rich(),), extends="base")]

    registry = tc.Registry([Register()])
    game = tc.new_game("rich", players=2, seed=1, registry=registry)
    with pytest.raises(tc.UnknownVariantError, match="'rich'") as error:
        tc.play(game, [tc.GreedyBot(0), tc.GreedyBot(1)])
    assert any("registry=" in note for note in error.value.__notes__)
    tc.play(game, [tc.GreedyBot(0, registry=registry), tc.GreedyBot(1, registry=registry)])
    assert game.is_over


def test_a_hook_with_a_wrong_argument_name_is_a_plugin_error_naming_its_plugin() -> None:
    class Payout:
        @tc.hookimpl
        def trapper_canoe_payout(self, canoe: tc.Row) -> int:  # the hook's argument is row
            return 0

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("odd", (Payout(),), extends="base")]

    registry = tc.Registry([Register()])
    with pytest.raises(tc.PluginError, match=r"(?s)variant .odd., plugin .*Payout: .*canoe"):
        tc.new_game("odd", registry=registry)

    class Stray:
        @tc.hookimpl
        def trapper_variants(self, extra: int) -> list[tc.VariantSpec]:
            return []

    with pytest.raises(tc.PluginError, match=r"(?s)plugin .*Stray: .*extra"):
        tc.Registry([Stray()])


def test_simulate_writes_its_progress_a_line_at_a_time_in_a_log(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "10", "--workers", "1", "--bots", "random"]) == 0
    progress = capsys.readouterr().err  # not a terminal
    lines = progress.splitlines()
    assert "\r" not in progress
    assert lines[-1].endswith("10/10")
    assert len(lines) == 10


@pytest.mark.parametrize("how", ["str", "bytes", "text", "scan"])
@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("x" * 600, "x" * 60),
        ('[A "b"]\n1. A: ' + "y" * 600 + "\n", "1. A: yyyy"),
        ('[A "b"]\n' + "1. A: pass\n" * 100, '[A "b"]\n^'),
    ],
    ids=["a long first line", "a long line", "a long game"],
)
def test_issue10_a_game_too_long_shows_its_line(how: str, text: str, shown: str) -> None:
    """The error for a game or a line longer than max_game_size had no
    context, where every other syntax error shows its line and a caret."""
    import io
    from collections.abc import Callable

    if how == "scan" and "pass" in text:
        pytest.skip("scan indexes a game from its lines that fit: no error")
    readers: dict[str, Callable[[], object]] = {
        "str": lambda: notation.loads(text, max_game_size=500),
        "bytes": lambda: notation.load(io.BytesIO(text.encode()), max_game_size=500),
        "text": lambda: notation.load(io.StringIO(text), max_game_size=500),
        "scan": lambda: list(notation.scan(io.BytesIO(text.encode()), max_game_size=500)),
    }
    with pytest.raises(notation.NotationSyntaxError) as caught:
        readers[how]()
    assert shown in caught.value.context
    assert caught.value.context.endswith("\n^")
    assert "max_game_size" in str(caught.value)
