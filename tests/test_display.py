"""The display and valuing: R16–R21, D6, D7, D12."""

from __future__ import annotations

import re

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_base import Gather, IntoCanoe, place
from trapper_core import Display, Row, Species, Tile, ValuedCanoe

from .helpers import game_with, play, texts

T = tc.Tile.from_code


def t(code: str) -> Tile:
    return Tile.from_code(code + "n") if code[-1] not in "nesw" else Tile.from_code(code)


def row(canoe: str, *tiles: str) -> Row:
    animals = tuple(t(c) for c in tiles if c[0] not in "HF")
    herb = next((t(c) for c in tiles if c[0] == "H"), None)
    mushroom = next((t(c) for c in tiles if c[0] == "F"), None)
    return Row(t(canoe), animals, herb, mushroom)


def test_R16_an_animal_joins_the_open_canoe_of_its_species() -> None:
    display = Display(open=(row("CB3", "B1"),))
    after, full = place(display, t("B4"))
    assert after.open == (row("CB3", "B1", "B4"),)
    assert full is None


def test_R16_an_animal_without_a_canoe_lies_separate() -> None:
    after, _ = place(Display(open=(row("CM2"),)), t("B4"))
    assert after.separate == (t("B4"),)


def test_R16_herb_and_mushroom_join_a_canoe_that_lacks_one() -> None:
    display = Display(open=(row("CB3", "H2"),))
    after, _ = place(display, t("F5"))
    assert after.open == (row("CB3", "H2", "F5"),)
    after, _ = place(after, t("H4"))
    assert after.separate == (t("H4"),)  # R18: one herb per canoe


def test_R16_a_canoe_with_nothing_at_it_still_takes_tiles() -> None:
    after, _ = place(Display(), t("CW2"))
    assert after.open == (row("CW2"),)
    after, _ = place(after, t("W3"))
    assert after.open == (row("CW2", "W3"),)


def test_R17_a_new_canoe_gathers_herb_mushroom_and_its_animals() -> None:
    display = Display(separate=(t("B3"), t("H2"), t("K1"), t("F4"), t("B2")))
    after, full = place(display, t("CB3"))
    # Gathered animals are laid in ascending value (D6 names them by value).
    assert after.open == (Row(t("CB3"), (t("B2"), t("B3")), t("H2"), t("F4")),)
    assert after.separate == (t("K1"),)
    assert full is None


def test_R17_a_canoe_that_fills_on_arrival_is_valued_at_once() -> None:
    display = Display(separate=(t("K3"), t("H1")))
    after, full = place(display, t("CK1"))
    assert full == Row(t("CK1"), (t("K3"),), t("H1"), None)
    assert after.open == ()
    assert after.separate == ()


def test_R18_a_full_canoe_takes_nothing_more() -> None:
    display = Display(open=(row("CK1"),))
    after, full = place(display, t("K2"))
    assert full is not None
    after, _ = place(after, t("H3"))
    assert after.separate == (t("H3"),)
    after, _ = place(after, t("K1"))
    assert after.separate == (t("H3"), t("K1"))


def test_D6_an_animal_with_two_open_canoes_is_a_choice() -> None:
    display = Display(open=(row("CB2"), row("CB3", "B1")))
    assert tb.placement_choices(display, t("B4")) == (
        IntoCanoe(Species.BEAR, 2),
        IntoCanoe(Species.BEAR, 3),
    )
    with pytest.raises(tc.AmbiguousActionError, match="D6: bear 4 fits 2 open canoes") as err:
        place(display, t("B4"))
    assert err.value.rule == "D6"
    after, _ = place(display, t("B4"), IntoCanoe(Species.BEAR, 3))
    assert after.open[1] == row("CB3", "B1", "B4")
    with pytest.raises(tc.IllegalActionError, match="R16"):
        place(display, t("B4"), IntoCanoe(Species.WOLF, 3))


def test_D6_a_herb_with_several_open_canoes_is_a_choice() -> None:
    display = Display(open=(row("CB2"), row("CW1", "H1"), row("CK3")))
    assert tb.placement_choices(display, t("H5")) == (
        IntoCanoe(Species.BEAR, 2),
        IntoCanoe(Species.MINK, 3),
    )


def test_D6_a_herb_placed_by_choice_goes_to_the_canoe_it_names() -> None:
    display = Display(open=(row("CB2"), row("CW1", "H1"), row("CK3")))
    after, full = place(display, t("H5"), IntoCanoe(Species.MINK, 3))
    assert after.open == (row("CB2"), row("CW1", "H1"), row("CK3", "H5"))
    assert full is None
    # The wolf canoe has its herb: naming it is refused, and so is a canoe
    # that is not there, with the canoes the herb fits.
    for named in (IntoCanoe(Species.WOLF, 1), IntoCanoe(Species.MINK, 2)):
        with pytest.raises(
            tc.IllegalActionError, match=r"R16: herb 5 cannot go to .* it fits >CB2, >CK3"
        ):
            place(display, t("H5"), named)


def test_R17_a_canoe_with_nothing_to_gather_takes_no_placement() -> None:
    """Naming the gathering of nothing, its one way, is naming a placement
    where there is no choice (D6)."""
    with pytest.raises(tc.IllegalActionError, match=r"D6: the bear canoe \(3\) has one way"):
        place(Display(), t("CB3"), Gather(None, None, ()))
    after, full = place(Display(open=(row("CW2", "W1"),)), t("CB3"))
    assert after.open == (row("CW2", "W1"), row("CB3"))
    assert full is None


def test_D6_a_canoe_with_more_animals_than_room_is_a_choice() -> None:
    display = Display(separate=(t("B1"), t("B3"), t("B4"), t("H1"), t("H3")))
    choices = tb.placement_choices(display, t("CB2"))
    assert choices == (
        Gather(1, None, (1, 3)),
        Gather(1, None, (1, 4)),
        Gather(1, None, (3, 4)),
        Gather(3, None, (1, 3)),
        Gather(3, None, (1, 4)),
        Gather(3, None, (3, 4)),
    )
    after, full = place(display, t("CB2"), Gather(3, None, (3, 4)))
    assert full == Row(t("CB2"), (t("B3"), t("B4")), t("H3"), None)
    assert after.separate == (t("B1"), t("H1"))


def test_D15_equal_animals_are_one_choice() -> None:
    display = Display(separate=(t("M2"), t("M2e"), t("M3")))
    assert tb.placement_choices(display, t("CM1")) == (
        Gather(None, None, (2,)),
        Gather(None, None, (3,)),
    )


def test_D6_forced_placements_take_no_choice() -> None:
    display = Display(separate=(t("B1"), t("H1")))
    assert tb.placement_choices(display, t("CB3")) == (None,)
    # its one way named is a placement where there is no choice (D6); a
    # gathering it cannot make is R17
    with pytest.raises(tc.IllegalActionError, match=r"D6: the bear canoe \(3\) has one way"):
        place(display, t("CB3"), Gather(1, None, (1,)))
    with pytest.raises(tc.IllegalActionError, match="R17: the bear canoe"):
        place(display, t("CB3"), Gather(None, None, (1,)))


def test_D6_legal_actions_list_every_choice_with_its_text() -> None:
    game = game_with({"d6": "B4n", "e6": "K1n"}, hands=["BBBBBB", "EEEEEE"])
    game.state.displays = (Display(open=(row("CB2"), row("CB3", "B1"))), Display())
    assert [x for x in texts(game) if x.startswith("Bd6")] == ["Bd6>CB2", "Bd6>CB3"]
    with pytest.raises(tc.AmbiguousActionError, match="D6") as err:
        play(game, "Bd6")
    candidates = [a for a in err.value.candidates if isinstance(a, tc.Action)]
    assert {game.action_text(a) for a in candidates} == {"Bd6>CB2", "Bd6>CB3"}
    play(game, "Bd6>CB3")
    assert game.displays[0].open[1] == row("CB3", "B1", "B4")


def test_D6_gather_text_round_trips() -> None:
    game = game_with({"d6": "CB2n", "e6": "K1n"}, hands=["BBBBBB", "EEEEEE"])
    game.state.displays = (Display(separate=(t("B1"), t("B3"), t("B4"), t("H2"))), Display())
    options = [x for x in texts(game) if x.startswith("Bd6")]
    assert options == ["Bd6<H2+B1+B3", "Bd6<H2+B1+B4", "Bd6<H2+B3+B4"]
    for text in options:
        assert game.action_text(game.parse_action(text)) == text
    with pytest.raises(tc.ActionSyntaxError, match="W3"):
        game.parse_action("Bd6<H2+W3")


def test_R19_three_bear_canoe_pays_26_and_takes_the_26_token() -> None:
    # Blue walks north and west: canoe, mushroom 5, herb 1, then bears 4, 1, 2.
    game = game_with(
        {
            "d6": "CB3n",
            "d7": "F5n",
            "d8": "H1n",
            "c8": "B4n",
            "b8": "B1n",
            "a8": "B2n",
            "e6": "K1n",
        },
        hands=["BBBBBB", "EEEEEE"],
    )
    play(game, "Bd6", "Bd7", "Bd8", "Bc8", "Bb8")
    assert game.displays[0].money == 0
    play(game, "Ba8")
    display = game.displays[0]
    assert display.money == 26
    assert display.valued == (
        ValuedCanoe(Row(t("CB3"), (t("B4"), t("B1"), t("B2")), t("H1"), t("F5")), 26),
    )
    assert display.tokens == (tc.Token(tc.TokenKind.CANOE, 26),)
    assert 26 not in game.state.supply.canoe


def test_R19_one_mink_canoe_pays_6() -> None:
    game = game_with({"d6": "CK1n", "d7": "K3n", "e6": "B1n"}, hands=["BBBBBB", "EEEEEE"])
    play(game, "Bd6", "Bd7")
    assert game.displays[0].money == 6
    assert game.displays[0].tokens == ()


def test_R20_canoe_token_of_that_number_or_the_next_lower() -> None:
    rules = tc.new_game("base", 2, seed=1).rules
    supply = tuple(range(16, 37, 2))
    assert rules.canoe_token(26, supply) == 26
    assert rules.canoe_token(26, tuple(n for n in supply if n != 26)) == 24
    assert rules.canoe_token(14, supply) == 0
    assert rules.canoe_token(16, (18, 20)) == 0
    assert rules.canoe_token(44, supply) == 36
    assert rules.canoe_token(44, (16, 30)) == 30


def test_R20_second_canoe_of_26_takes_the_24() -> None:
    game = game_with(
        {"d6": "CB3n", "d7": "F5n", "d8": "H1n", "c8": "B4n", "b8": "B1n", "a8": "B2n"},
        hands=["BBBBBB", "EEEEEE"],
    )
    state = game.state
    state.supply = tc.TokenSupply(tuple(n for n in state.supply.canoe if n != 26), (1, 2))
    play(game, "Bd6", "Bd7", "Bd8", "Bc8", "Bb8", "Ba8")
    assert game.displays[0].tokens == (tc.Token(tc.TokenKind.CANOE, 24),)


def _valued(*canoes: str) -> tuple[ValuedCanoe, ...]:
    out = []
    for code in canoes:
        species = code[1]
        animals = tuple(t(f"{species}1") for _ in range(int(code[2])))
        out.append(ValuedCanoe(Row(t(code), animals), 2 * len(animals)))
    return tuple(out)


def _exchange_game(*canoes: str) -> tc.Game:
    game = game_with({"d6": "W1n", "d7": "W2n", "e6": "W3n"}, hands=["BBBBBB", "EEEEEE"])
    valued = _valued(*canoes)
    money = sum(v.payout for v in valued)
    game.state.displays = (Display(valued=valued, money=money), Display())
    return game


def test_R21_four_canoes_of_four_species_for_token_4() -> None:
    game = _exchange_game("CB2", "CB1", "CM3", "CS2", "CK1")
    play(game, "xKMBS")
    display = game.displays[0]
    assert display.tokens == (tc.Token(tc.TokenKind.SPECIES, 4),)
    assert [v.species for v in display.valued] == [Species.BEAR]
    assert 4 not in game.state.supply.species


def test_D12_the_canoe_valued_first_goes_back() -> None:
    game = _exchange_game("CB2", "CB1")
    play(game, "xB")
    assert game.displays[0].valued[0].row.canoe == t("CB1")
    assert game.state.returned[0][1].row.canoe == t("CB2")


def test_R21_once_per_turn_before_between_or_after_steps() -> None:
    game = _exchange_game("CB2", "CM1", "CW1")
    assert {"xB", "xMB", "xM", "xMBW"} <= set(texts(game))
    play(game, "Bd6", "xM")
    with pytest.raises(tc.IllegalActionError, match="R21: one species exchange per turn"):
        play(game, "xBW")
    play(game, "Bd7", "end")
    play(game, "pass")
    assert "xBW" in texts(game)  # a new turn: the exchange is open again


def test_R21_exchange_in_a_turn_that_passes_or_retires() -> None:
    game = _exchange_game("CB2", "CM1")
    play(game, "xMB", "pass")
    assert game.displays[0].tokens == (tc.Token(tc.TokenKind.SPECIES, 2),)
    game = _exchange_game("CB2", "CM1")
    play(game, "xB", "retire")
    assert game.retired[0]


def test_R21_exchange_needs_valued_canoes_of_different_species() -> None:
    game = _exchange_game("CB2", "CB1")
    assert [x for x in texts(game) if x.startswith("x")] == ["xB"]
    with pytest.raises(tc.IllegalActionError, match="R21: there is no valued moose"):
        play(game, "xMB")
    with pytest.raises(tc.ActionSyntaxError, match="each species once"):
        play(game, "xBB")
    # Made in code, the same exchange is refused alike (it was made into xB).
    with pytest.raises(tc.ActionFieldError, match="each species once"):
        tb.Exchange((tc.Species.BEAR, tc.Species.BEAR))
    assert tb.Exchange((tc.Species.MOOSE, tc.Species.BEAR)) == tb.Exchange(
        (tc.Species.BEAR, tc.Species.MOOSE)
    )


def test_R21_D7_exchange_options_names_the_sets_the_game_lists() -> None:
    """``tb.exchange_options`` (public: the rule table of the plugin guide
    names it for D7) answers as the listing does, a single valued canoe
    included (k = 1)."""
    game = _exchange_game("CB2")
    assert tb.exchange_options(game.state, 0) == [(Species.BEAR,)]
    assert tb.exchange_options(game.state, 1) == []
    for canoes in [("CB2", "CB1"), ("CB2", "CM1"), ("CB2", "CM1", "CW1", "CS1")]:
        game = _exchange_game(*canoes)
        listed = [a.species for a in game.legal_actions() if isinstance(a, tb.Exchange)]
        assert sorted(tb.exchange_options(game.state, 0)) == sorted(listed)
    game = _exchange_game("CB2", "CM1", "CW1")
    game.state.supply = tc.TokenSupply((16,), (4, 5))
    assert tb.exchange_options(game.state, 0) == []  # D7: no token at or below 3 is left


def test_D2_credit_adds_the_bank_s_payment_to_the_display_s_money() -> None:
    """``tb.credit`` (public for variants that pay): the bank pays, never
    takes, and leaves the rest of the display as it was."""
    game = _exchange_game("CB2")
    before = game.displays[0]
    tb.credit(game.state, 0, 7)
    after = game.displays[0]
    assert after.money == before.money + 7
    assert (after.open, after.valued, after.separate, after.tokens) == (
        before.open,
        before.valued,
        before.separate,
        before.tokens,
    )
    assert game.displays[1] == Display()


def test_R21_next_lower_token_when_the_number_is_gone() -> None:
    game = _exchange_game("CB2", "CM1", "CW1")
    game.state.supply = tc.TokenSupply((16,), (1, 2, 6))
    play(game, "xMBW")
    assert game.displays[0].tokens == (tc.Token(tc.TokenKind.SPECIES, 2),)


def test_D7_exchange_only_while_a_token_at_or_below_k_is_left() -> None:
    game = _exchange_game("CB2", "CM1", "CW1")
    game.state.supply = tc.TokenSupply((16,), (4, 5))
    assert not [x for x in texts(game) if x.startswith("x")]
    with pytest.raises(tc.IllegalActionError, match="D7") as err:
        play(game, "xMBW")
    assert err.value.rule == "D7"


def _canoe_position() -> tc.Game:
    """Blue on d7 beside a bear canoe (2) on d6; player 0 keeps a bear 1 and
    a moose 1 separate: the canoe gathers the bear, its one way."""
    board: list[tc.Tile | None] = [None] * 64
    board[tc.Square.parse("d6").index] = tc.Tile.from_code("CB2s")
    board[tc.Square.parse("e7").index] = tc.Tile.from_code("B2n")
    separate = (tc.Tile.from_code("B1s"), tc.Tile.from_code("M1n"))
    return tc.game_at(
        "base",
        2,
        board=board,
        trappers=["d7", "a1", "b1", "c1"],
        hands=[tc.Hand(blue=3, beige=3, green=3, purple=3)] * 2,
        draw_pile=[c for c in tc.Colour for _ in range(10)],
        displays=[tc.Display(separate=separate), tc.Display()],
        seed=1,
    )


def test_review_s57_D6_a_canoes_one_gathering_named_is_told_as_such() -> None:
    """Naming the one gathering a new canoe can make was refused under R17,
    "cannot gather that way", which is untrue: it is the way it gathers, and
    the refusal is D6's (a placement is named only where there is a choice),
    as it is for an animal with one place to go."""
    game = _canoe_position()
    assert "Bd6" in [game.action_text(a) for a in game.legal_actions()]
    with pytest.raises(tc.IllegalActionError) as refused:
        game.apply_text("Bd6<B1")
    assert refused.value.rule == "D6"
    assert "the bear canoe (2) has one way to gather: a placement is named only" in str(
        refused.value
    )
    # a gathering it cannot make is still R17's
    with pytest.raises(tc.IllegalActionError, match="R17: the bear canoe"):
        game.apply_text("Bd6<B2")


# The base game's public helpers (``tb.exchange``, ``tb.place``) meet a
# mistaken call with the rule's error, as the same step through ``Game`` does.


def _two_bear_canoes() -> tc.GameState:
    """A state whose player 0 holds two valued bear canoes and no other."""
    state = tc.new_game("base", 2, seed=1).copy().state
    small = tc.Row(T("CB1e"), (T("B2w"),))
    large = tc.Row(T("CB2s"), (T("B3s"), T("B4w")))
    state.set_display(
        0, tc.Display((), (tc.ValuedCanoe(small, 4), tc.ValuedCanoe(large, 14)), (), 18, ())
    )
    return state


@pytest.mark.parametrize(
    ("species", "message"),
    [
        ((tc.Species.MINK,), "R21: player 0 has no valued mink canoe to return"),
        ((tc.Species.BEAR, tc.Species.MINK), "R21: player 0 has no valued mink canoe to return"),
        (
            (tc.Species.BEAR, tc.Species.BEAR),
            "R21: an exchange returns canoes of one or more different species, not bear, bear",
        ),
        ((), "R21: an exchange returns canoes of one or more different species, not none"),
    ],
)
def test_R21_tb_exchange_refuses_species_it_cannot_return(
    species: tuple[tc.Species, ...], message: str
) -> None:
    """``tb.exchange`` raised a bare ``StopIteration`` for a species with no
    valued canoe (which ``map`` or a generator then swallowed: no error at
    all), and gave a token for two canoes of one species."""
    state = _two_bear_canoes()
    before = state.snapshot()
    with pytest.raises(ValueError, match=re.escape(message)):
        tb.exchange(state, 0, species)
    assert state.snapshot() == before
    assert tb.exchange_options(state, 0) == [(tc.Species.BEAR,)]
    token = tb.exchange(state, 0, (tc.Species.BEAR,))  # the one it can make
    assert token == tc.Token(tc.TokenKind.SPECIES, 1)
    assert [v.payout for v in state.displays[0].valued] == [14]  # the one valued first goes (D12)


def test_D6_tb_place_refuses_a_placement_named_where_there_is_no_choice() -> None:
    """An animal with one open canoe to go to took a placement naming it,
    where a canoe with one way to gather is refused one (D6), and so is
    every such step through ``Game``."""
    display, _ = tb.place(tc.Display(), T("CB3w"))
    assert tb.placement_choices(display, T("B2n")) == (None,)
    with pytest.raises(
        tc.IllegalActionError, match=r"^D6: bear 2 has one place to go: a placement"
    ):
        tb.place(display, T("B2n"), tb.IntoCanoe(tc.Species.BEAR, 3))
    placed, full = tb.place(display, T("B2n"))
    assert (placed.open[0].animals, full) == ((T("B2n"),), None)
    with pytest.raises(tc.IllegalActionError, match=r"^R16: bear 2 cannot go to the mink canoe"):
        tb.place(display, T("B2n"), tb.IntoCanoe(tc.Species.MINK, 3))
    herb, _ = tb.place(tc.Display(), T("H3n"))
    with pytest.raises(tc.IllegalActionError, match=r"^D6: the bear canoe \(3\) has one way"):
        tb.place(herb, T("CB3w"), tb.Gather(3, None, ()))
