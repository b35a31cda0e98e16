"""Actions in words: ``Game.describe`` and the kinds' ``describe``, a short
sentence in plain English for a button's label or a newcomer's screen."""

from __future__ import annotations

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc

VARIANTS = ("base", "children", "tactical")


# ----------------------------------------------------------------------
# Game.describe's contract: action_text's
# ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_describe_refuses_what_action_text_refuses_and_changes_nothing(variant: str) -> None:
    game = tc.new_game(variant, 3, seed=1)
    played: list[tc.Action] = []
    for _ in range(60):
        action = game.legal_actions()[len(played) % len(game.legal_actions())]
        played.append(action)
        game.apply(action)
    stale = [a for a in played if not game.is_legal(a)]
    assert stale
    before, key = game.history, game.position_key()
    for action in stale:
        with pytest.raises(tc.IllegalActionError) as text_error:
            game.action_text(action)
        with pytest.raises(tc.IllegalActionError, match="not legal now") as words_error:
            game.describe(action)
        assert str(words_error.value) == str(text_error.value).replace("no text", "no words")
        assert words_error.value.action == action
    for action in game.legal_actions():
        game.describe(action)
    assert game.history == before
    assert game.position_key() == key


def test_describe_of_a_text_or_a_stranger_is_an_action_syntax_error() -> None:
    game = tc.new_game("base", 2, seed=1)

    @attrs.frozen
    class Stranger(tc.Action):
        pass

    with pytest.raises(tc.ActionSyntaxError, match=r"describe takes an action, not a str"):
        game.describe("pass")  # type: ignore[arg-type]
    with pytest.raises(tc.ActionSyntaxError, match="no kind of action of 'base'"):
        game.describe(Stranger())
    with pytest.raises(tc.ActionSyntaxError, match="no kind of action of 'tactical'"):
        tc.new_game("tactical", 2, seed=1).describe(tb.END_TURN)


# ----------------------------------------------------------------------
# A variant's own kinds
# ----------------------------------------------------------------------


@attrs.frozen
class Wave(tc.Action):
    """A house rule's action: wave at the table, and the turn passes."""


class WaveKind(tc.ActionKind[Wave]):
    name, action_type = "wave", Wave

    def apply(self, state: tc.GameState, action: Wave) -> None:
        tb.advance(state)

    def text(self, state: tc.GameState, action: Wave) -> str:
        return "wave"

    def parse(self, state: tc.GameState, text: str) -> Wave | None:
        return Wave() if text == "wave" else None


class MumblingKind(WaveKind):
    """Words that are no line."""

    def describe(self, state: tc.GameState, action: Wave) -> str:
        return "Wave\nat the table"


def _house(kind: tc.ActionKind[Wave]) -> tc.Game:
    class Variants:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("house", plugins=(), extends="base", kinds=[kind])]

    return tc.new_game("house", 2, seed=1, registry=tc.Registry([Variants()]))


def test_words_of_a_kind_that_gives_none_are_its_text() -> None:
    """A third-party kind written before ``describe`` is described by its text."""
    game = _house(WaveKind())
    assert game.describe(Wave()) == "wave"


def test_words_that_are_no_printable_line_are_a_plugin_error_naming_the_kind() -> None:
    game = _house(MumblingKind())
    with pytest.raises(tc.PluginError, match=r"the 'wave' kind \(.*MumblingKind\)"):
        game.describe(Wave())
