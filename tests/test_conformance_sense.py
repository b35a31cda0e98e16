"""The conformance kit catches answers that balance but make no sense
(issue 11, item 11)."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core.conformance import check_sense, check_variant
from trapper_core.model import Token, TokenKind


class Register:
    def __init__(self, name: str, plugin: object) -> None:
        self.name, self.plugin = name, plugin

    @tc.hookimpl
    def trapper_variants(self) -> list[tc.VariantSpec]:
        return [tc.VariantSpec(self.name, (self.plugin,), extends="base")]


class NegativePayout:
    @tc.hookimpl
    def trapper_canoe_payout(self, row: tc.Row) -> int:
        return -row.plain_value  # the bank takes instead of paying


class NoWinner:
    @tc.hookimpl
    def trapper_winners(self, state: tc.GameState, scores: tuple[int, ...]) -> tuple[int, ...]:
        return ()


def test_issue11_item11_a_negative_canoe_payout_is_caught() -> None:
    registry = tc.Registry([Register("stingy-bank", NegativePayout())])
    report = check_variant("stingy-bank", games=4, players=[2], registry=registry)
    assert not report.ok
    assert "the bank never pays a negative amount (trapper_canoe_payout)" in str(report)


def test_issue11_item11_a_game_without_winners_is_caught() -> None:
    registry = tc.Registry([Register("no-winner", NoWinner())])
    report = check_variant("no-winner", games=2, players=[2], registry=registry)
    assert not report.ok
    # Game.winners refuses the answer itself now, before the kit's own check.
    assert "returned (), not a tuple of the winners' seats (0 to 1), ascending" in str(report)


class Fee:
    """Each turn costs ten coins, so money goes below zero, as the frame
    allows (D2); the base game's own check that money is what canoes paid
    is dropped."""

    @tc.hookimpl
    def trapper_invariants(self) -> dict[str, object]:
        return {"money": None}

    @tc.hookimpl
    def trapper_new_turn(self, state: tc.GameState) -> object:
        if state.turns and state.to_move is not None:
            tb.credit(state, state.to_move, -10)
        return None


def test_D2_money_below_zero_makes_sense_to_the_kit() -> None:
    """The kit refused money below zero ("money is never negative"), which
    the frame allows and the docs promise."""
    registry = tc.Registry([Register("fee", Fee())])
    game = tc.play(
        tc.new_game("fee", 2, seed=0, registry=registry), [tc.RandomBot(0), tc.RandomBot(1)]
    )
    assert min(d.money for d in game.displays) < 0
    report = check_variant("fee", games=2, players=[2], registry=registry)
    assert report.ok, str(report)


def test_issue11_item11_the_built_in_variants_make_sense() -> None:
    for variant in ("base", "children", "tactical"):
        assert check_variant(variant, games=2, players=[2]).ok


class FailingPayout:
    @tc.hookimpl
    def trapper_canoe_payout(self, row: tc.Row) -> int:
        raise KeyError("no payout table")


def test_a_crash_in_play_is_reported_after_the_actions_played_and_where_it_was_raised() -> None:
    """A hook that raises mid-game is reported after the actions the game had
    (it was "after 0 actions" for any crash in play), with the file, line and
    function that raised it, and the report's count of actions counts them."""
    registry = tc.Registry([Register("failing", FailingPayout())])
    report = check_variant("failing", games=1, players=[2], registry=registry)
    (problem,) = report.problems
    game = tc.new_game("failing", 2, seed=0, registry=registry)
    with pytest.raises(KeyError):  # as the kit's first game plays it
        tc.play(game, [tc.RandomBot(0), tc.RandomBot(1)])
    assert problem.actions == len(game.history) > 0
    assert report.actions == problem.actions
    assert problem.error.startswith("KeyError: 'no payout table' [test_conformance_sense.py:")
    assert problem.error.endswith(", in trapper_canoe_payout]")


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
