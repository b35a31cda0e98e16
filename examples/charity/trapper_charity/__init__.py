"""Charity, a house variant (not a rule of the published game). C1: at the start of a turn a
player may give the bank a card they hold for 1 money; the turn ends, no draw. ``give/B``"""

import attrs

import trapper_base as tb
import trapper_core as tc


@attrs.frozen
class Give(tc.Action):
    colour: tc.Colour = attrs.field(validator=tc.exactly(tc.Colour))  # not 0, not True


class GiveKind(tc.ActionKind[Give]):
    name, action_type, choices = "give", Give, ("colour",)

    def colour_options(self, state: tc.GameState) -> list[tc.Colour]:
        hand = state.hands[state.seat]
        return [c for c in tc.COLOURS if hand[c]] if tb.turn_of(state).trapper is None else []

    def refuse_colour(self, state: tc.GameState, gift: Give) -> tc.IllegalActionError:
        return tc.IllegalActionError("C1: a gift is a card in hand, before any step", rule="C1")

    def apply(self, state: tc.GameState, gift: Give) -> None:
        tb.pay(state, state.seat, gift.colour, 1)
        tb.credit(state, state.seat, 1)
        tb.advance(state)

    def text(self, state: tc.GameState, gift: Give) -> str:
        return f"give/{gift.colour.letter}"

    def parse(self, state: tc.GameState, text: str) -> Give | None:
        if text.startswith("give/") and text[5:].isupper():  # give/B, not give/b
            return Give(tc.Colour.from_letter(text[5:]))
        return None


@tc.hookimpl
def trapper_variants() -> list[tc.VariantSpec]:  # gifts: money no canoe paid, no money check
    title, about = "Charity (house variant)", "A card given to the bank for 1 money (C1)."
    kinds, checks = [GiveKind()], {"money": None}
    return [tc.VariantSpec("charity", (), "base", title, about, kinds=kinds, invariants=checks)]
