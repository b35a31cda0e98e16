"""The conformance kit catches answers that balance but make no sense
(issue 11, item 11)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

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


class Unsayable(Exception):
    """A plugin's error that cannot say itself: its ``__str__`` raises."""

    def __str__(self) -> str:
        raise RuntimeError("this error has no words")


class UnsayablePayout:
    @tc.hookimpl
    def trapper_canoe_payout(self, row: tc.Row) -> int:
        raise Unsayable


def test_a_crash_whose_error_cannot_say_itself_is_reported_by_its_class() -> None:
    """The kit reports what broke, whatever the plugin raised: an error whose
    ``str`` raises is named by its class and where it was raised, and the
    run goes on to its other games, rather than the kit failing while it
    words the problem."""
    registry = tc.Registry([Register("unsayable", UnsayablePayout())])
    report = check_variant("unsayable", games=2, players=[2], registry=registry)
    assert len(report.problems) == 2
    for problem in report.problems:
        assert problem.error.startswith("Unsayable: <its message could not be made: RuntimeError")
        assert problem.error.endswith(", in trapper_canoe_payout]")
    assert "Unsayable" in str(report)


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


class EagerStepKind(tb.StepKind):
    """The base game's step, saying that it reads every text alike: but a
    step whose text names what a taken canoe gathers (``<``) reads the tile
    on its square, which is a canoe in one position and not in another."""

    def reads_alike(self, text: str) -> bool:
        return True


class EagerStep:
    @tc.hookimpl
    def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
        return [EagerStepKind()]


def test_conformance_finds_a_kind_that_reads_a_text_alike_but_parses_it_by_the_position() -> None:
    """The variant reads such a text once, for all its games, and its games
    read back every listed text as listed: only the kind's own parse, asked
    in other positions of the run, shows the wrong promise."""
    registry = tc.Registry([Register("eager-step", EagerStep())])
    report = check_variant("eager-step", games=3, registry=registry)
    assert not report.ok
    problem = report.problems[0]
    text = r"[BEGP][a-h][1-8]\S*<\S+"  # a step that names what the canoe gathers
    where = r"game \d+ \(seed \d+\) after \d+ actions"
    assert re.search(
        r"AssertionError: variant 'eager-step': the 'step' kind "
        rf"\([\w.]*test_conformance_sense\.EagerStepKind\) says reads_alike\('{text}'\), but its "
        rf"parse answers that text by the position: Step\(.*Gather\(.*\)\) in {where}, "
        rf"raises ActionSyntaxError: .* in {where}; a text that every kind asked reads alike "
        "is read once",
        problem.error,
    ), problem.error


class VagueStepKind(tb.StepKind):
    """The base game's step, described without its payment: a step paid in
    one card and the same step paid in two are told alike."""

    def describe(self, state: tc.GameState, step: tb.Step) -> str:
        return f"{str(step.trapper).capitalize()} trapper to {step.square}"


class VagueStep:
    @tc.hookimpl
    def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
        return [VagueStepKind()]


def test_conformance_finds_two_legal_actions_described_alike() -> None:
    """Words name an action for people as its text does for the notation:
    two legal actions with the same words are a problem, named with both."""
    registry = tc.Registry([Register("vague-step", VagueStep())])
    report = check_variant("vague-step", games=1, players=[2], registry=registry)
    assert not report.ok
    assert re.search(
        r"AssertionError: variant 'vague-step': Step\(.* and Step\(.*, both legal after "
        r"\d+ actions, are described alike as '[A-Z][a-z]+ trapper to [a-h][1-8]'; distinct "
        r"legal actions have distinct words \(ActionKind.describe\)",
        report.problems[0].error,
    ), report.problems[0].error


def test_conformance_takes_a_kind_described_by_its_text() -> None:
    """A kind that says no words of its own is described by its text, which
    is distinct for distinct actions: nothing to report."""

    class Terse(tb.StepKind):
        def describe(self, state: tc.GameState, step: tb.Step) -> str:
            return tc.ActionKind.describe(self, state, step)  # the default: the text

    class TerseStep:
        @tc.hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [Terse()]

    registry = tc.Registry([Register("terse-step", TerseStep())])
    report = check_variant("terse-step", games=1, players=[2], registry=registry)
    assert report.ok, str(report)
