"""What a review of the code no test reached found: public helpers of the
base game that met a mistaken call with the wrong error or none, and
messages that said their field twice or named the wrong trouble."""

from __future__ import annotations

import re

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import notation
from trapper_core.notation import Position

from .helpers import parts_of

T = tc.Tile.from_code


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


def test_a_position_strings_turn_field_error_names_the_field_once() -> None:
    """``field 4 (turn): field 4 (turn) '…': a value at 30``."""
    game = tc.new_game("tactical", 3, seed=5)
    game.apply(next(a for a in game.legal_actions() if type(a).__name__ == "Open"))
    fields = str(Position.from_game(game)).split(" ")
    fields[3] = fields[3].replace("colour=B", "colour=")
    with pytest.raises(notation.NotationError) as info:
        Position.parse(" ".join(fields))
    message = str(info.value)
    assert message.startswith("position string, field 4 (turn): the turn 'TacticalTurn:{")
    assert message.endswith(": a value at 30")
    assert message.count("field 4") == 1


def test_a_turn_numbered_after_the_games_end_says_the_game_is_over() -> None:
    """A numbered move after the last one was told as a wrong turn number
    (``numbers this turn 69, but it is turn 68``): there is no turn 69."""
    game = tc.play(tc.new_game("base", 2, seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])
    last = game.state.turns
    text = re.sub(r'\[Result "[^"]*"\]', '[Result "*"]', notation.dumps(game).rstrip("\n"))
    (record,) = notation.loads(f"{text} {last + 1}. A: pass\n")
    with pytest.raises(notation.RecordError) as info:
        record.replay()
    assert str(info.value).endswith(
        f"the record numbers a turn {last + 1} after the game's end: there is no decision to make"
    )
    (record,) = notation.loads(f"{text} {last + 2}. A: pass\n")
    with pytest.raises(notation.RecordError, match="after the game's end"):
        record.replay()
    (unnumbered,) = notation.loads(f"{text} A: pass\n")
    with pytest.raises(tc.IllegalActionError, match="the game is over"):
        unnumbered.replay()


def test_R31_game_at_refuses_a_seat_to_move_when_every_tile_is_taken() -> None:
    """Every tile taken, nobody retired: the game is over, and a seat to
    move was refused with ``to_move is None``, the opposite of what it had."""
    game = tc.play(tc.new_game("base", 2, seed=0), [tc.GreedyBot(0), tc.GreedyBot(1)])
    assert game.is_over
    assert game.state.tiles_left == 0
    assert not any(game.state.retired)
    with pytest.raises(
        tc.SetupError,
        match=re.escape(
            "game_at: the base game is over at this position, so nobody is to move: "
            "to_move is None, not 0"
        ),
    ):
        tc.game_at("base", 2, **parts_of(game, to_move=0))
    assert tc.game_at("base", 2, **parts_of(game)).scores() == game.scores()
