"""The conformance kit catches answers that balance but make no sense
(issue 11, item 11)."""

from __future__ import annotations

import trapper_core as tc
from trapper_core.conformance import check_variant


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
    assert "the winners [] are not distinct seats" in str(report)


def test_issue11_item11_the_built_in_variants_make_sense() -> None:
    for variant in ("base", "children", "tactical"):
        assert check_variant(variant, games=2, players=[2]).ok
