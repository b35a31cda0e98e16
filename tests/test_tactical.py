"""The tactical variant: R40–R45, D9–D11, D16, D19."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import trapper_core as tc
import trapper_tactical as tt
from trapper_core import Colour, Registry, VariantSpec, hookimpl
from trapper_core.bots import QUICK_BOTS
from trapper_tactical import Auction, Bid, Open, TacticalTurn, Take

from .helpers import game_with, make_deck, parts_of, play, texts

# Beige stands on e5; these tiles lead north and west from it.
CHAIN = {"e6": "B1n", "e7": "B2n", "e8": "B3n", "d8": "B4n", "c4": "K1n"}


def tactical(hands: list[str], tiles: dict[str, str] = CHAIN, draw: str = "") -> tc.Game:
    names = ["A", "B", "C", "D"][: len(hands)]
    deck = make_deck(hands, draw=draw, hand_size=8)
    return game_with(tiles, variant="tactical", players=names, deck=deck)


def auction(game: tc.Game) -> Auction | None:
    turn = game.turn
    assert isinstance(turn, TacticalTurn)
    return turn.auction


def test_rulebook_example_move_for_move() -> None:
    game = tactical(["EEEEEEGG", "EEEBBBBP", "EEEGGBBP"], draw="PPPP")
    a, b, c = 0, 1, 2
    seats = []
    for text in ["E2", "pass", "3", "4", "5", "pass"]:
        seats.append(game.to_move)
        play(game, text)
    assert seats == [a, b, c, a, c, a]
    assert game.to_move == c
    play(game, "Ee6/EEEGGBB")  # C pays 3 beige, 2 green and 2 blue
    assert game.hands[c] == tc.Hand(purple=1)
    assert [t.face for t in game.displays[c].separate] == ["B1"]
    assert game.to_move == a  # the stone holder again
    for seat, text in [(a, "E1"), (b, "3"), (c, "pass"), (a, "pass")]:
        assert game.to_move == seat
        play(game, text)
    assert game.to_move == b
    play(game, "Ee7")
    assert game.hands[b] == tc.Hand(blue=4, purple=1)
    for seat, text in [(a, "E1"), (b, "pass"), (c, "pass"), (a, "Ee8")]:
        assert game.to_move == seat
        play(game, text)
    for seat, text in [(a, "E1"), (b, "pass"), (c, "pass"), (a, "Ed8")]:
        assert game.to_move == seat
        play(game, text)
    assert game.hands[a] == tc.Hand(beige=4, green=2)
    play(game, "pass")  # A ends the turn and draws 4
    assert game.hands[a] == tc.Hand(beige=4, green=2, purple=4)
    assert game.to_move == b
    assert game.turn == TacticalTurn(stone=b)


def test_R40_eight_cards_each_and_the_player_to_move_holds_the_stone() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    assert [h.total for h in game.hands] == [8, 8, 8]
    assert game.turn == TacticalTurn(stone=0)


def test_R41_stone_holder_opens_with_a_colour_and_a_bid_or_passes() -> None:
    game = tactical(["EEEEEEGG", "BBBBBBBB"], draw="GPGP")
    options = texts(game)
    assert "E1" in options
    assert "E7" in options
    assert "E8" not in options
    assert "pass" in options
    play(game, "pass")
    assert game.hands[0].total == 12
    assert game.to_move == 1
    assert game.turn == TacticalTurn(stone=1)


def test_R41_the_colour_is_fixed_for_the_whole_turn() -> None:
    game = tactical(["EEEEGGGG", "BBBBBBBB"])
    play(game, "E1", "pass", "Ee6")
    assert all(t.startswith("E") for t in texts(game) if t[0] in "BEGP" and t[1].isdigit())
    with pytest.raises(tc.IllegalActionError, match="R41: this turn's colour is beige"):
        play(game, "G1")


def test_R42_bidding_goes_left_and_a_passed_player_is_out() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE", "GGGGGGGG"])
    play(game, "E1")
    assert game.to_move == 1
    play(game, "2")
    assert game.to_move == 2
    play(game, "pass")
    assert auction(game) == Auction(Colour.BEIGE, 2, 1, (0, 1))
    assert game.to_move == 0  # C is out; the opener bids like the others
    play(game, "3", "pass")
    assert game.to_move == 0  # the winner
    play(game, "Ee6")
    play(game, "E1")
    assert game.to_move == 1
    play(game, "pass")
    assert game.to_move == 2  # who passed before bids again in the next auction


def test_R42_a_raise_must_beat_the_bid() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE"])
    play(game, "E3")
    assert texts(game)[0] == "4"
    with pytest.raises(tc.IllegalActionError, match="R42: a raise must beat the bid of 3"):
        play(game, "3")


def test_R43_paying_in_units_of_one_card_or_two_of_another_colour() -> None:
    game = tactical(["EGGBBPPP", "EEEEEEEE"])
    play(game, "E3", "pass")
    takes = [t for t in texts(game) if t.startswith("Ee6")]
    # Canonical text: the auction's colour first, then blue, beige, green, purple.
    assert takes == ["Ee6/EGGPP", "Ee6/EBBPP", "Ee6/EBBGG", "Ee6/BBGGPP"]
    with pytest.raises(tc.IllegalActionError, match="R43: the bid of 3 is paid in units"):
        play(game, "Ee6/EGGP")
    # Three purple cards are a pair and one more, not a unit and a half:
    # the hand holds them, and yet they pay no bid.
    with pytest.raises(tc.IllegalActionError, match="R43: the bid of 3 is paid in units"):
        play(game, "Ee6/EGGPPP")
    assert tt.units((0, 1, 2, 3), Colour.BEIGE) is None
    assert tt.units((0, 1, 2, 4), Colour.BEIGE) == 4
    play(game, "Ee6/GGBBPP")
    assert game.hands[0] == tc.Hand(beige=1, purple=1)
    assert game.state.discard == (2, 0, 2, 2)


def test_R43_the_winner_takes_a_tile_next_to_the_named_trapper() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE"])
    play(game, "E1", "pass")
    assert set(texts(game)) == {"Ee6"}
    # taken as a step takes (R13, R14), and refused for a step's reasons
    with pytest.raises(tc.IllegalActionError, match="R14: c4 is not next to the beige trapper"):
        game.apply(Take(tc.Square.parse("c4"), (0, 1, 0, 0)))
    play(game, "Ee6")
    assert game.trappers[Colour.BEIGE] == tc.Square.parse("e6")
    assert game.is_face_up(tc.Square.parse("e7"))  # R7


def test_R44_the_stone_holder_acts_again_after_every_auction() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE", "GGGGGGGG"])
    play(game, "E1", "3", "pass", "pass", "Ee6")
    assert game.to_move == 0
    assert game.turn == TacticalTurn(stone=0, colour=Colour.BEIGE, auctions=1)


def test_R45_only_the_stone_holder_draws_and_only_when_passing() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE"], draw="GGGG")
    play(game, "E1", "2", "pass", "Ee6")
    assert game.hands[1].total == 6  # the winner paid and drew nothing
    assert game.hands[0].total == 8
    play(game, "pass")
    assert game.hands[0] == tc.Hand(beige=8, green=4)


def test_D9_unpayable_bids_are_not_legal() -> None:
    game = tactical(["EEGBBPPP", "EPPPPPPP"])
    assert "E4" in texts(game)  # 2 + 1 (BB) + 1 (PP)
    assert "E5" not in texts(game)
    with pytest.raises(tc.IllegalActionError, match="D9: a bid of 5 for beige") as err:
        game.apply(Open(Colour.BEIGE, 5))
    assert err.value.rule == "D9"
    play(game, "E1")
    assert texts(game) == ["2", "3", "4", "pass"]  # 1 + 3 (PP PP PP, P left over)
    with pytest.raises(tc.IllegalActionError, match="D9"):
        game.apply(Bid(5))


def test_D9_an_auction_needs_a_trapper_that_can_take_a_tile() -> None:
    # Only e6 is on the board: blue, green and purple can jump to it (R14), beige
    # steps onto it; with e6 blocked by water towards e5, beige can jump too.
    game = tactical(["EEEEEEEE", "EEEEEEEE"], tiles={"e6": "B1s", "a1": "K1n"})
    assert "E1" in texts(game)
    game = tactical(["EEEEEEEE", "EEEEEEEE"], tiles={"a1": "K1n", "h8": "K2n"})
    assert game.is_over  # no trapper can take a tile at all (D8)


def test_D10_only_the_stone_holder_exchanges_once_per_turn() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE"])
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    valued = (tc.ValuedCanoe(row, 2),)
    game.state.displays = (
        tc.Display(valued=valued, money=2),
        tc.Display(valued=valued, money=2),
    )
    assert "xK" in texts(game)
    play(game, "E1")
    assert "xK" not in texts(game)  # the bidder B may not exchange
    with pytest.raises(tc.IllegalActionError, match="D10: only the stone holder exchanges") as e:
        play(game, "xK")
    assert e.value.rule == "D10"
    play(game, "pass", "Ee6", "xK")
    assert "xK" not in texts(game)  # once per turn


def test_D19_D16_a_stone_holder_who_bids_is_told_why_not_to_exchange_or_retire() -> None:
    """The stone holder, asked to raise in their own auction, may neither
    exchange nor retire; the refusal cites D19 and D16 and does not tell
    the stone holder that only the stone holder may."""
    game = tactical(["EEEEEEEE", "EEEEEEEE"])
    row = tc.Row(tc.Tile.from_code("CK1n"), (tc.Tile.from_code("K1n"),))
    game.state.displays = (tc.Display(valued=(tc.ValuedCanoe(row, 2),), money=2), tc.Display())
    play(game, "E1", "2")  # A opens, B raises: A, the stone holder, bids again
    assert game.to_move == 0
    with pytest.raises(tc.IllegalActionError) as e:
        play(game, "xK")
    assert e.value.rule == "D19"
    assert str(e.value) == (
        "D19: the stone holder exchanges species only between auctions, and one is under way"
    )
    with pytest.raises(tc.IllegalActionError) as e:
        play(game, "retire")
    assert e.value.rule == "D16"
    assert "only the stone holder" not in str(e.value)
    with pytest.raises(tc.IllegalActionError, match="R41: the stone holder opens an auction only"):
        play(game, "G1")
    play(game, "pass")  # out of the auction: B wins it
    with pytest.raises(tc.IllegalActionError) as e:
        play(game, "retire")
    assert e.value.rule == "D16"
    assert "only the stone holder retires" in str(e.value)


def test_R41_R42_a_bid_of_nothing_is_told_as_such() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE"])
    with pytest.raises(tc.ActionSyntaxError, match="'E0': R41: an auction opens with a bid of 1"):
        game.parse_action("E0")
    play(game, "E1")
    with pytest.raises(tc.ActionSyntaxError, match="'00': R42: a raise is a bid of 1 or more"):
        game.parse_action("00")


def test_D11_retired_players_neither_bid_nor_receive_the_stone() -> None:
    game = tactical(["EEEEEEEE", "GGGGGGGG", "EEEEEEEE"])
    play(game, "pass", "retire")
    assert game.to_move == 2
    play(game, "E1")
    assert game.to_move == 0  # B is skipped
    play(game, "pass", "Ee6", "pass")
    assert game.to_move == 0  # the stone skips B too
    assert game.turn == TacticalTurn(stone=0)


def test_D16_retiring_is_for_the_start_of_the_stone_holders_turn() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE"])
    assert "retire" in texts(game)
    play(game, "E1", "pass", "Ee6")
    assert "retire" not in texts(game)
    with pytest.raises(tc.IllegalActionError, match="D16"):
        play(game, "retire")


def test_tactical_view_shows_the_auction_and_hides_the_rest() -> None:
    game = tactical(["EEEEEEEE", "EEEEEEEE", "GGGGGGGG"])
    play(game, "E2")
    view = game.view(2)
    assert view.to_move == 1
    assert isinstance(view.turn, TacticalTurn)
    assert view.turn.auction == Auction(Colour.BEIGE, 2, 0, (0, 1, 2))
    assert view.legal_actions == ()
    assert game.view(1).legal_actions == game.legal_actions()
    assert view.hand == tc.Hand(green=8)


def test_tactical_texts_round_trip_and_reject_nonsense() -> None:
    game = tactical(["EGGBBPPP", "EEEEEEEE"])
    for action in game.legal_actions():
        assert game.parse_action(game.action_text(action)) == action
    for action in game.legal_actions():
        assert game.parse_action(game.action_text(action)) == action


def test_R43_a_take_written_out_of_place_is_refused_by_the_rule() -> None:
    # A take's text before any auction, or naming another trapper than the
    # auction's, is a take all the same: refused by R43, the game unchanged.
    game = tactical(["EGGBBPPP", "EEEEEEEE"])
    with pytest.raises(tc.IllegalActionError, match=r"^R43: .* by an auction's winner") as err:
        game.parse_action("Ee6")
    assert err.value.rule == "R43"
    play(game, "E2", "pass")
    before = game.to_dict()
    for text in ("Ge6", "Ge6/GG"):
        with pytest.raises(tc.IllegalActionError, match=r"^R43: .* the beige one$") as err:
            game.apply_text(text)
        assert err.value.rule == "R43"
    assert game.to_dict() == before


def test_tactical_bots_play_whole_games() -> None:
    for kind in QUICK_BOTS:
        for seed in range(4):
            game = tc.new_game("tactical", 2 + seed % 3, seed=seed)
            tc.play(game, [tc.make_bot(kind, seed + i) for i in range(len(game.players))])
            assert game.is_over
            assert tc.Game.from_dict(game.to_dict()) == game


def test_D9_and_R43_errors_say_what_the_hand_lacks() -> None:
    game = tactical(["EEGBBPPP", "EPPPPPPP"])
    with pytest.raises(tc.IllegalActionError) as err:
        game.apply(Open(Colour.BEIGE, 6))
    assert err.value.shortfall == {Colour.BEIGE: 2}
    play(game, "E2", "pass")
    with pytest.raises(tc.IllegalActionError) as err:
        game.apply(Take(tc.Square.parse("e6"), (0, 0, 4, 0)))
    assert err.value.shortfall == {Colour.GREEN: 3}


def test_tactical_kinds_subclassed_list_through_their_own_build_and_options() -> None:
    """A variant on top of the tactical game that subclasses its kinds (the
    way docs/plugins.md shows) lists through its own build and options:
    the tactical kinds' tables of ready-made actions are their own."""
    built: list[str] = []

    class ListedOpen(tt.OpenKind):
        def bid_options(self, state: tc.GameState, colour: Colour) -> list[int]:
            return list(super().bid_options(state, colour))  # a list, not a range

        def build(self, *values: object) -> Open:
            built.append("open")
            return super().build(*values)

    class ListedBid(tt.BidKind):
        def bid_options(self, state: tc.GameState) -> list[int]:
            return list(super().bid_options(state))

        def build(self, *values: object) -> Bid:
            built.append("bid")
            return super().build(*values)

    class CountedTake(tt.TakeKind):
        def build(self, *values: object) -> Take:
            built.append("take")
            return super().build(*values)

    class Kinds:
        @hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [ListedOpen(), ListedBid(), CountedTake()]

    class Register:
        @hookimpl
        def trapper_variants(self) -> list[VariantSpec]:
            return [VariantSpec("listed", (Kinds(),), extends="tactical")]

    registry = Registry([Register()])
    ours = tc.new_game("listed", 3, seed=4, registry=registry)
    theirs = tc.new_game("tactical", 3, seed=4)
    bots = [tc.RandomBot(s) for s in range(3)]
    while not theirs.is_over and len(theirs.history) < 200:
        assert ours.legal_actions() == theirs.legal_actions()
        seat = theirs.to_move
        assert seat is not None
        action = bots[seat].choose(theirs.view(seat))
        theirs.apply(action)
        ours.apply(action)
    assert {"open", "bid", "take"} <= set(built)


def test_tactical_bots_choose_from_a_view_whose_targets_hold_no_tile_seen() -> None:
    # A view made by hand (attrs.evolve) whose step targets hold no face-up
    # tile: the bids' estimate asserted a tile there (a bare AssertionError,
    # an AttributeError under -O); it gains nothing from such a square, as
    # the base game's estimate does.
    game = tc.new_game("tactical", 3, seed=1)
    view = attrs.evolve(game.view(0), targets=((0,),) * 4)  # a1: no tile seen
    for bot in (tc.GreedyBot(1), tc.ISMCTSBot(1, iterations=3)):
        assert bot.choose(view) in view.legal_actions


def test_review_s56_D11_a_stone_with_a_retired_player_is_told_by_D11() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    state = game.state
    assert isinstance(state.turn, tt.TacticalTurn)
    hands = list(game.hands)
    out = tc.Hand(*(a + b for a, b in zip(state.out, hands[1].counts, strict=True)))
    hands[1] = tc.Hand()
    parts = parts_of(
        game,
        retired=[False, True, False],
        hands=hands,
        out=out,
        turn=attrs.evolve(state.turn, stone=1),
        to_move=0,
    )
    with pytest.raises(tc.SetupError, match="D11: the stone is with seat 1, who has retired"):
        tc.game_at("tactical", 3, **parts)


def test_review_s57_R43_a_refused_take_tells_a_steps_reason() -> None:
    """A tactical take of a square its trapper cannot take said "the blue
    trapper cannot take the tile on c6 (R13, R14)" of an empty square and of
    the square the trapper stands on, tiles that are not there; R43 takes
    as R13 and R14 do, and the refusal now gives the base game's reasons."""
    board: list[tc.Tile | None] = [None] * 64
    board[tc.Square.parse("d8").index] = tc.Tile.from_code("B1s")  # water facing d7
    board[tc.Square.parse("e7").index] = tc.Tile.from_code("B2n")
    parts: dict[str, object] = {
        "board": board,
        "trappers": ["d7", "a1", "b1", "c1"],
        "hands": [tc.Hand(blue=3, beige=3, green=3, purple=3)] * 2,
        "draw_pile": [c for c in tc.Colour for _ in range(10)],
        "seed": 1,
    }
    reasons = {
        "c6": "R15: c6 is empty: its tile has been taken",
        "d7": "R15: the blue trapper stands on d7; there is no tile",
        "d8": "R13: d8 is blocked by water on its south edge",
    }
    tactical = tc.game_at("tactical", 2, **parts)  # type: ignore[arg-type]
    tactical.apply_text("B1")
    tactical.apply_text("pass")
    base = tc.game_at("base", 2, **parts)  # type: ignore[arg-type]
    for square, reason in reasons.items():
        for game in (tactical, base):
            with pytest.raises(tc.IllegalActionError) as refused:
                game.apply_text(f"B{square}")
            assert str(refused.value) == reason
            assert refused.value.rule == reason[:3]
