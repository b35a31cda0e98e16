"""Games that begin at a position: ``game_at`` and ``Position.to_game``, as
python-chess sets up a board from a FEN.

A position string written from a game makes a game that shows the same
position, lists the same actions, and, with the same seed, goes on exactly
as the game it came from; a position that does not hold together is
refused, saying what is wrong; such a game has no stored form (its record
begins with a Position tag: test_position_records), and its views
are sampled from the position it begins at (``view.origin``).
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapper_core as tc
import trapper_tactical as tt
from trapper_core import notation
from trapper_core.invariants import check_invariants, check_view
from trapper_core.notation import NotationError, Position

from .helpers import parts_of

VARIANTS = ("base", "children", "tactical")
#: Examples per fuzz test: 60 by default, 600 under --slow.
EXAMPLES = 60 if getattr(settings.default, "max_examples", 12) < 100 else 600


def played(variant: str, players: int, seed: int, actions: int) -> tc.Game:
    """A game of random actions, ``actions`` of them or to its end."""
    game = tc.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def again(game: tc.Game, **kwargs: Any) -> tc.Game:
    """The game its position string makes, with its seed."""
    text = str(Position.from_game(game))
    return Position.parse(text).to_game(
        game.variant, players=game.players, seed=game.seed, **kwargs
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_position_string_makes_a_game_that_goes_on_as_the_one_it_came_from(
    variant: str,
) -> None:
    """At every fifth position of random games, 2 to 4 players: the game
    the string makes writes the same string, lists the same actions, passes
    the checks a played game passes, and, the same actions played on both,
    shows the same position after each (reshuffles included: the seed and
    the count of shuffles give them) and ends with the same scores."""
    check_games_go_on(variant, range(6))


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_position_string_makes_a_game_that_goes_on_as_the_one_it_came_from_long(
    variant: str,
) -> None:
    check_games_go_on(variant, range(6, 40))


def check_games_go_on(variant: str, seeds: range) -> None:
    for seed in seeds:
        game = tc.new_game(variant, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        count = 0
        while True:
            if count % 5 == 2 or game.is_over:
                made = again(game)
                assert str(Position.from_game(made)) == str(Position.from_game(game))
                assert made.legal_actions() == game.legal_actions()
                assert made.players == game.players
                assert not made.from_setup
                assert made.history == ()
                assert made.root() == made
                check_invariants(made)
                for seat in range(len(made.players)):
                    check_view(made, made.view(seat))
                if game.is_over:
                    assert made.is_over
                    assert made.scores() == game.scores()
                    assert made.winners() == game.winners()
                    break
                ours, theirs = made.copy(), game.copy()
                walk = random.Random(count)
                while not theirs.is_over:
                    action = walk.choice(theirs.legal_actions())
                    theirs.apply(action)
                    ours.apply(action)
                    assert str(Position.from_game(ours)) == str(Position.from_game(theirs))
                assert ours.scores() == theirs.scores()
                played_on = len(ours.history)
                assert [ours.undo() for _ in range(played_on)] == [
                    theirs.undo() for _ in range(played_on)
                ]
                assert str(Position.from_game(ours)) == str(Position.from_game(game))
            game.apply(rng.choice(game.legal_actions()))
            count += 1


@pytest.mark.parametrize("variant", ["children", "tactical"])
def test_a_position_read_with_no_variant_is_the_base_games_and_its_error_says_so(
    variant: str,
) -> None:
    # A position string, like a FEN, does not say its variant: to_game reads
    # it as the base game's unless told, and an error then says how it was read.
    text = str(Position.from_game(played(variant, 3, 1, 10)))
    with pytest.raises(
        NotationError, match=r"\(read as a position of the base game: to_game\(variant\)"
    ):
        Position.parse(text).to_game(players=3)
    with pytest.raises(NotationError) as told:
        Position.parse(text).to_game("base", players=3)
    assert "read as" not in str(told.value)
    assert Position.parse(text).to_game(variant, players=3).variant == variant
    base = str(Position.from_game(played("base", 3, 1, 10)))
    assert Position.parse(base).to_game(players=3).variant == "base"


def test_game_at_builds_a_position_from_its_parts() -> None:
    """The parts of a position given one by one: the game holds them."""
    board: list[tc.Tile | None] = [None] * 64
    board[tc.Square.parse("c3").index] = tc.Tile.from_code("B3n")
    board[tc.Square.parse("f6").index] = tc.Tile.from_code("K2e")
    deck = [tc.Colour.BLUE] * 14 + [tc.Colour.BEIGE] * 16 + [tc.Colour.GREEN] * 15
    deck += [tc.Colour.PURPLE] * 16
    game = tc.game_at(
        "base",
        ["Ann", "Bob"],
        board=board,
        face_down=["f6"],
        trappers=["d4", "e4", "d5", "e5"],
        hands=[tc.Hand(blue=2), tc.Hand(green=1)],
        draw_pile=deck,
        to_move=1,
        turns=9,
        seed=4,
    )
    assert game.players == ("Ann", "Bob")
    assert game.to_move == 1
    assert game.board[tc.Square.parse("c3").index] == tc.Tile.from_code("B3n")
    assert game.is_face_up(tc.Square.parse("c3"))
    assert not game.is_face_up(tc.Square.parse("f6"))
    assert game.state.turns == 9
    assert game.seed == 4
    assert game.hands == (tc.Hand(blue=2), tc.Hand(green=1))
    assert game.view(0).board[tc.Square.parse("f6").index] is tc.FACE_DOWN
    # Every tile of the set that is nowhere to be seen is in the box.
    assert len(game.state.box) == len(game.rules.tile_set().tiles) - 2
    assert game.legal_actions() == game.copy().legal_actions()


def base_parts(**changes: Any) -> dict[str, Any]:
    """The parts of a base position twelve actions into a game, with changes."""
    return parts_of(played("base", 3, 5, 12), **changes)


def test_game_at_takes_the_parts_of_a_played_game() -> None:
    game = played("base", 3, 5, 12)
    made = tc.game_at("base", 3, seed=game.seed, **base_parts())
    assert str(Position.from_game(made)) == str(Position.from_game(game))


def test_game_at_refuses_a_position_that_does_not_hold_together() -> None:
    """Each refusal names what is wrong; a position that holds together
    beside each of them is taken (the first call)."""
    tc.game_at("base", 3, **base_parts())
    parts = base_parts()
    board = list(parts["board"])
    empty = board.index(None, 0) if None in board else 0
    free = next(
        i
        for i, t in enumerate(board)
        if t is None and i not in {s.index for s in parts["trappers"]}
    )
    extra = list(board)
    extra[free] = tc.Tile.from_code("CB1n")
    tile_square = next(i for i, t in enumerate(board) if t is not None)
    on_tile = list(parts["trappers"])
    on_tile[0] = tc.SQUARES[tile_square]
    fewer = list(parts["draw_pile"])[1:]
    retired = list(parts["retired"])
    retired[parts["to_move"]] = True
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"board": board[:63]}, "board is 64 squares' tiles, not 63"),
        ({"board": ["B3n", *board[1:]]}, "board at a1 holds a Tile or None, not 'B3n'"),
        ({"board": extra}, "holds more tiles than the base set has: CB1"),
        ({"trappers": on_tile}, "trapper stands on a tile at"),
        ({"trappers": parts["trappers"][:3]}, "trappers are four squares"),
        ({"trappers": ["d4", "d4", "e5", "e4"]}, "two trappers share a square"),
        ({"trappers": ["z9", "e4", "d5", "e5"]}, "game_at: trappers:"),
        ({"face_down": [tc.SQUARES[free]]}, "is face down but holds no tile"),
        ({"draw_pile": fewer}, "the cards in play are"),
        ({"draw_pile": "BEGP"}, "draw_pile holds colours, not 'B'"),
        ({"hands": parts["hands"][:2]}, "hands has one entry a player (3), not 2"),
        ({"hands": [(1, 0, 0, 0)] * 3}, "hands[0] is a Hand, not (1, 0, 0, 0)"),
        ({"to_move": 3}, "to_move is a seat from 0 to 2, not 3"),
        ({"to_move": True}, "to_move is a seat number or None"),
        ({"retired": retired}, "nobody (or a retired player) is to move"),
        ({"retired": [False] * 2}, "retired has one entry a player (3), not 2"),
        ({"turn": "Turn"}, "the base game's turn record is a Turn, not 'Turn'"),
        ({"turns": 0}, "turns is a whole number of at least 1, not 0"),
        ({"shuffles": -1}, "shuffles is a whole number"),
        ({"supply": (1, 2)}, "supply is a TokenSupply"),
        ({"supply": tc.TokenSupply()}, "bonus tokens held and in the supply differ"),
        ({"returned": [(7, None)]}, "returned holds (seat, ValuedCanoe) pairs"),
        ({"discard": 3}, "discard is a Hand"),
        ({"displays": [tc.Display()] * 2}, "displays has one entry a player (3), not 2"),
    ]
    del empty
    for changes, message in refusals:
        with pytest.raises(tc.SetupError, match=re.escape(message)):
            tc.game_at("base", 3, **base_parts(**changes))
    with pytest.raises(tc.SetupError, match="seed is a whole number"):
        tc.game_at("base", 3, seed=-1, **base_parts())
    with pytest.raises(tc.SetupError, match="undo is True or False"):
        tc.game_at("base", 3, undo="no", **base_parts())  # type: ignore[arg-type]
    with pytest.raises(tc.UnknownVariantError):
        tc.game_at("chess", 3, **base_parts())


def test_game_at_refuses_a_game_over_with_somebody_to_move() -> None:
    game = played("base", 2, 3, 10_000)
    assert game.is_over
    seat = 0 if game.state.retired[0] is False else 1
    with pytest.raises(
        tc.SetupError,
        match=r"the base game is over at this position, so nobody is to move|a retired player",
    ):
        tc.game_at("base", 2, **parts_of(game, to_move=seat))
    over = tc.game_at("base", 2, **parts_of(game))
    assert over.is_over
    assert over.scores() == game.scores()


def test_R31_game_at_refuses_nobody_to_move_in_a_game_that_goes_on() -> None:
    # Nobody to move means the game is over; a hunt under way, with tiles
    # left that trappers can take and nobody retired, is not (R31, D8).
    game = tc.new_game("base", 2, seed=1)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    with pytest.raises(
        tc.SetupError, match=r"to_move is None, for a game that is over, but the game base is not"
    ):
        tc.game_at("base", 2, **parts_of(game, to_move=None))


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_R31_game_at_ends_a_game_in_which_everyone_has_retired(variant: str) -> None:
    game = tc.new_game(variant, 3, seed=4)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    parts = parts_of(game, to_move=None, retired=(True, True, True))
    parts["hands"] = [tc.Hand(0, 0, 0, 0)] * 3
    parts["out"] = tc.Hand(
        *(o + sum(hand[c] for hand in game.state.hands) for c, o in enumerate(game.state.out))
    )
    over = tc.game_at(variant, 3, **parts)
    assert over.is_over
    assert over.state.tiles_left == game.state.tiles_left > 0


def test_a_game_at_a_position_has_no_stored_form_and_its_views_hold_their_origin() -> None:
    """Copies, pickles and root keep the position; to_dict refuses it, as
    it refuses a position drawn by Sampler.position (its record is pinned
    in test_position_records); its views hold the view of the position,
    which a sampler draws from, and a view without it is refused, saying
    why."""
    made = again(played("base", 3, 8, 20))
    assert len(made.legal_actions()) > 1
    assert pickle.loads(pickle.dumps(made)) == made
    assert copy.deepcopy(made) == made
    assert made.copy() == made
    with pytest.raises(tc.GameFormatError, match="begins at a position"):
        made.to_dict()
    with pytest.raises(notation.RecordError, match="begins at a position"):
        notation.Record.table_record(made)
    view = made.view(0)
    assert view.origin == made.root().view(0).origin == attrs.evolve(made.view(0), origin=None)
    bare = attrs.evolve(view, origin=None)  # a view built by hand
    with pytest.raises(tc.SamplingError, match=r"begins at a position .* holds no view"):
        tc.Sampler(bare)
    with pytest.raises(tc.SamplingError, match=r"begins at a position .* holds no view"):
        tc.ISMCTSBot(1).choose(attrs.evolve(made.view(made.to_move), origin=None))  # type: ignore[arg-type]
    assert tc.Sampler(view).sample(random.Random(1)).view(0) == view
    assert made.view(0).start_trappers == ()
    assert tc.GreedyBot(1).choose(made.view(made.to_move)) in made.legal_actions()  # type: ignore[arg-type]


def test_to_game_refuses_a_view_and_positions_that_do_not_fit() -> None:
    game = played("tactical", 3, 2, 15)
    text = str(Position.from_game(game))
    seen = Position.parse(str(Position.from_view(game.view(0))))
    with pytest.raises(NotationError, match="a view's position hides"):
        seen.to_game("tactical")
    position = Position.parse(text)
    with pytest.raises(NotationError, match="3 players' hands, but players gives 2 seats"):
        position.to_game("tactical", players=2)
    # Arguments new_game would refuse are refused as it refuses them, not
    # blamed on the string.
    for arguments, message in (
        ({"undo": 1}, "undo is True or False, not 1"),
        ({"seed": "x"}, "a seed is a whole number of 0 or more, not 'x'"),
        ({"players": ["Ann", "Ann", "Bob"]}, "player names must differ"),
    ):
        with pytest.raises(tc.SetupError, match=re.escape(message)) as caught:
            position.to_game("tactical", **arguments)
        assert not isinstance(caught.value, NotationError)
    with pytest.raises(NotationError, match="a Turn record is no TacticalTurn"):
        Position.parse(text.replace(text.split()[3], "Turn:{trapper=-,exchanged=n}")).to_game(
            "tactical"
        )
    with pytest.raises(NotationError, match="an Auction record is no TacticalTurn"):
        Position.parse(text.replace(text.split()[3], "Auction:{stone=A}")).to_game("tactical")
    with pytest.raises(NotationError, match="a TacticalTurn has the fields"):
        Position.parse(text.replace(text.split()[3], "TacticalTurn:{stone=A}")).to_game("tactical")
    with pytest.raises(NotationError, match="seat D is not one of the 3 players"):
        Position.parse(
            text.replace(
                text.split()[3], "TacticalTurn:{stone=D,colour=-,exchanged=n,auctions=0,auction=-}"
            )
        ).to_game("tactical")
    with pytest.raises(NotationError, match="is left over"):
        Position.parse(text.replace(text.split()[3], text.split()[3] + "}")).to_game("tactical")
    fields = text.split()
    fields[6] = "9,9,9,9"  # the discard pile: 36 cards too many
    with pytest.raises(NotationError, match="position string: game_at: the cards in play are"):
        Position.parse(" ".join(fields)).to_game("tactical")


@st.composite
def mutated_positions(draw: st.DrawFn) -> tuple[str, str]:
    variant = draw(st.sampled_from(VARIANTS))
    game = played(
        variant, draw(st.integers(2, 4)), draw(st.integers(0, 5)), draw(st.integers(0, 60))
    )
    text = str(Position.from_game(game))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["replace", "insert", "drop", "swap"]))
        if how == "replace":
            piece = draw(st.sampled_from("0123456789ABCDEFGHKLMNPSWnesw-~?#./:,|()[]{}=y "))
            text = text[:at] + piece + text[at + 1 :]
        elif how == "insert":
            text = text[:at] + draw(st.text("0123456789ABCEGPnesw-.,:", max_size=4)) + text[at:]
        elif how == "drop":
            text = text[:at] + text[at + draw(st.integers(1, 6)) :]
        else:
            fields = text.split(" ")
            i, j = draw(st.integers(0, len(fields) - 1)), draw(st.integers(0, len(fields) - 1))
            fields[i], fields[j] = fields[j], fields[i]
            text = " ".join(fields)
    return variant, text


@settings(max_examples=EXAMPLES, deadline=None)
@given(mutated_positions())
def test_fuzz_a_broken_position_string_makes_a_sound_game_or_a_notation_error(
    case: tuple[str, str],
) -> None:
    """Only ``NotationError`` escapes; a game that is made passes every
    check a played game passes, and plays on."""
    variant, text = case
    try:
        game = Position.parse(text).to_game(variant, seed=1)
    except NotationError:
        return
    check_invariants(game)
    for seat in range(len(game.players)):
        check_view(game, game.view(seat))
    rng = random.Random(0)
    for _ in range(20):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        check_invariants(game)


def test_game_at_refuses_parts_of_the_wrong_type_where_it_would_fail_inside() -> None:
    """Parts that failed inside with AttributeError, TypeError or
    OverflowError, or that were taken and made a game whose own position
    string could not be read back. Each is a SetupError now."""
    game = played("tactical", 3, 4, 9)
    turn = game.state.turn
    assert isinstance(turn, tt.TacticalTurn)
    # Typed as Any: the values are wrong on purpose.
    display: Any = tc.Display
    supply: Any = tc.TokenSupply
    evolve: Any = attrs.evolve
    refusals: list[tuple[dict[str, Any], str]] = [
        (
            {"displays": [display(open=("x",)), display(), display()]},
            "displays[0].open[0] is a Row, not 'x'",
        ),
        (
            {"displays": [display(money=0.0), display(), display()]},
            "displays[0].money is a whole number, not 0.0",
        ),
        (
            {"displays": [display(tokens=("c26",)), display(), display()]},
            "displays[0].tokens[0] is a Token",
        ),
        (
            {"supply": supply(None, None)},
            "its canoe tokens are a tuple of whole numbers, not None",
        ),
        ({"shuffles": 10**30}, "shuffles is at most 100,000"),
        ({"shuffles": tc.MAX_SHUFFLES + 1}, "shuffles is at most 100,000, not 100,001"),
        ({"turn": evolve(turn, stone="A")}, "turn.stone is a seat from 0 to 2, not 'A'"),
        (
            {"turn": evolve(turn, auctions=1.0)},
            "turn.auctions is a whole number of 0 or more",
        ),
        ({"turn": evolve(turn, exchanged="n")}, "turn.exchanged is a bool, not 'n'"),
        ({"turn": evolve(turn, colour="P")}, "turn.colour is a Colour or None, not 'P'"),
        (
            {"turn": evolve(turn, colour=tc.Colour.BLUE, auctions=0, auction=None)},
            "R41: the turn's colour (blue) is fixed by its first auction",
        ),
        ({"face_down": ["a1", "a1"]}, "face_down names a square twice"),
    ]
    for changes, message in refusals:
        with pytest.raises(tc.SetupError, match=re.escape(message)):
            tc.game_at("tactical", 3, **parts_of(game, **changes))


def test_the_position_string_refuses_what_it_would_drop_or_invent() -> None:
    """A row with two herbs lost one to the box, a token 'x1' became s1, a
    retired field '021' read as '001', a turn field given twice kept the
    second, and a turn nested thousands deep raised RecursionError."""
    game = played("base", 2, 6, 30)
    fields = str(Position.from_game(game)).split()
    cases = [
        (8, "0:-:CS2n[S1sH1sH3n]:-:-/0:-:-:-:-", "a canoe holds animals, a herb and a mushroom"),
        (
            8,
            "0:x1:-:-:-/0:-:-:-:-",
            "a token is c (canoe) or s (species) and its number, not 'x1'",
        ),
        (11, "02", "field 12 (retired): a 0 or 1 for each player, not '02'"),
        (3, "Turn:{trapper=G,exchanged=n,exchanged=y}", "exchanged is given twice"),
        (3, "Turn:{trapper=" + "(" * 5000 + ")" * 5000 + ",exchanged=n}", "more than 16 deep"),
    ]
    for index, text, message in cases:
        changed = list(fields)
        changed[index] = text
        with pytest.raises(NotationError, match=re.escape(message)):
            Position.parse(" ".join(changed)).to_game("base")


def _position_fields() -> list[str]:
    """A tactical position mid-auction: a valued canoe, a row, money, tokens."""
    game = played("tactical", 3, 4, 40)
    return str(Position.from_game(game)).split(" ")


@pytest.mark.parametrize(
    ("index", "change", "message"),
    [
        (12, lambda t: "+" + t, r"field 13 \(turns\): a whole number of turns, not '\+"),
        (12, lambda t: "9" * 19, r"field 13 \(turns\): a whole number of turns"),
        (13, lambda t: "00", r"field 14 \(shuffles\): a whole number of shuffles, not '00'"),
        (4, lambda t: "+" + t, r"field 5 \(hands\): a count of cards .* not '\+0'"),
        (4, lambda t: t.replace("1", "1_0", 1), r"a count of cards .* not '1_0'"),
        (4, lambda t: t.replace("1", "\u0663", 1), r"a count of cards .* not '\\u0663'|'٣'"),
        (4, lambda t: "#-1/" + t.split("/", 1)[1], r"a hand's size after '#' .* not '-1'"),
        (5, lambda t: "#" + "9" * 40, r"field 6 \(draw pile\): a count after '#'"),
        (5, str.lower, r"field 6 \(draw pile\): the draw pile is written with B, E, G and P"),
        (6, lambda t: "-1,0,0,0", r"field 7 \(discard pile\): a count of cards .* not '-1'"),
        (8, lambda t: "+" + t, r"field 9 \(displays\): money .* not '\+0'"),
        (8, lambda t: "-" + t, r"field 9 \(displays\): money .* not '-0'"),
        (8, lambda t: t.replace("M4eL4w", "M4exL4w"), r"separate tiles 'M4exL4w' are not"),
        (8, lambda t: t.replace("[F2n]", "[F2n]=7"), r"an open row is written without a value"),
        (8, lambda t: t + "/" + t.split("/")[0], r"3 hands but 4 entries in displays"),
        (9, lambda t: t.replace(".", ".+", 1), r"field 10 \(supply\): a token .* not '\+18'"),
        (11, lambda t: "0000", r"3 hands but 4 entries in retired"),
        (1, lambda t: t[:6], r"field 2 \(trappers\): the four trappers' squares"),
        (1, lambda t: t + "a1", r"field 2 \(trappers\): the four trappers' squares"),
        (2, lambda t: "D", r"the player to move, D, is not one of the 3 players"),
        (3, lambda t: t + "}", r"field 4 \(turn\): .*'}' is left over"),
        (
            0,
            lambda t: t.replace("3e2B4w", "3e11B4w"),
            r"field 1 \(board\): .*3e11B4w.* is written .*3e2B4w",
        ),
    ],
)
def test_position_parse_refuses_every_field_not_as_the_string_writes_it(
    index: int, change: Any, message: str
) -> None:
    """``int`` took '+0', '1_0', '٣', '-1' and numbers of any length; a run of
    empty squares written '11', a lower-case colour, a junk letter among the
    separate tiles, a value on an open row, a fourth display or a fifth
    trapper square were read (and some dropped without a word)."""
    fields = _position_fields()
    assert fields[8].startswith("0:-:-:-:M4eL4w/")
    assert "CM3n[F2n]" in fields[8]
    fields[index] = change(fields[index])
    with pytest.raises(NotationError, match=message) as caught:
        Position.parse(" ".join(fields))
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("space", "words"),
    [
        ("  ", "two spaces at column"),
        ("\t", r"'\\t' \(U\+0009\) at column"),
        ("\u00a0", r"\(U\+00A0\) at column"),
        ("\u2028", r"\(U\+2028\) at column"),
    ],
)
def test_position_parse_takes_fields_separated_by_single_spaces_only(
    space: str, words: str
) -> None:
    text = " ".join(_position_fields())
    for odd in (text.replace(" ", space, 1), " " + text, text + "\n"):
        with pytest.raises(NotationError, match="separated by single spaces, not"):
            Position.parse(odd)
    with pytest.raises(NotationError, match=words):
        Position.parse(text.replace(" ", space, 1))
    assert str(Position.parse(text)) == text


@pytest.mark.parametrize("hands", [1, 5])
@pytest.mark.parametrize("players", [None, 2, 5])
def test_to_game_refuses_a_count_of_hands_the_variant_is_not_played_by_as_a_notation_error(
    hands: int, players: int | None
) -> None:
    """The count of hands came to new_game as the count of players, and its
    SetupError ('played by 2 to 4 players') escaped: the position's fault,
    said as a NotationError."""
    fields = str(Position.from_game(tc.new_game("base", 2, seed=1))).split(" ")
    fields[4] = "/".join([fields[4].split("/")[0]] * hands)
    fields[8] = "/".join([fields[8].split("/")[0]] * hands)
    fields[11] = "0" * hands
    position = Position.parse(" ".join(fields))
    with pytest.raises(NotationError, match=f"has {hands} hands? .*played by 2 to 4 players"):
        position.to_game("base", players=players)
    with pytest.raises(tc.UnknownVariantError):  # a bad argument raises as new_game's
        position.to_game("nope", players=players)


def test_game_at_refuses_numbers_beyond_eighteen_digits() -> None:
    """game_at took ``turns=10**30`` (and money, payouts, a turn record's
    counts of any size) and made a game whose position string could not be
    read back; a hand of ``10**5000`` cards failed inside with a bare
    ValueError. Every number is at most 18 digits (``MAX_COUNT``), as the
    position string writes them; at the bound a game is made and its
    string reads back."""
    game = played("tactical", 3, 4, 9)
    turn = game.state.turn
    assert isinstance(turn, tt.TacticalTurn)
    evolve: Any = attrs.evolve
    displays = list(game.state.displays)
    most = tc.MAX_COUNT
    assert most == 10**18 - 1
    at_bound = tc.game_at("tactical", 3, seed=1, **parts_of(game, turns=most))
    text = str(Position.from_game(at_bound))
    assert Position.parse(text).to_game("tactical", players=3, seed=1).state.turns == most
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"turns": most + 1}, "turns is a whole number of at most 18 digits, not 1"),
        ({"turns": 10**30}, "turns is a whole number of at most 18 digits, not 1"),
        (
            {"displays": [evolve(displays[0], money=-(10**18)), *displays[1:]]},
            "displays[0].money is a whole number of at most 18 digits",
        ),
        (
            {"turn": evolve(turn, auctions=10**18)},
            "turn.auctions is a whole number of 0 or more, of at most 18 digits",
        ),
    ]
    for changes, message in refusals:
        with pytest.raises(tc.SetupError, match=re.escape(message)):
            tc.game_at("tactical", 3, **parts_of(game, **changes))
    with pytest.raises(tc.SetupError, match="a hand's blue cards are at most 999,999"):
        tc.Hand(blue=10**5000)
    assert tc.Hand(blue=most).blue == most


def test_game_at_names_a_payout_beyond_eighteen_digits() -> None:
    """A given-back canoe's payout of 10**30 is refused as such, not as
    money that differs from the payouts or a payout that differs from its
    row's."""
    game = played("base", 2, 3, 10_000)
    (seat, canoe), *rest = game.state.returned
    huge = attrs.evolve(canoe, payout=10**30)
    with pytest.raises(tc.SetupError, match=r"returned\[0\]\.payout is a whole number of at most"):
        tc.game_at("base", 2, **parts_of(game, returned=[(seat, huge), *rest]))


def test_game_at_writes_nothing_into_the_displays_it_is_given() -> None:
    """The rules keep answers in a display's cache: game_at shared the
    caller's displays with the game, which wrote its answers into them."""
    game = played("base", 3, 5, 30)
    given = [tc.Display(d.open, d.valued, d.separate, d.money, d.tokens) for d in game.displays]
    made = tc.game_at("base", 3, seed=1, **parts_of(game, displays=given))
    rng = random.Random(2)
    for _ in range(10):
        made.apply(rng.choice(made.legal_actions()))
    assert [d.cache for d in given] == [None, None, None]


def test_R7_game_at_refuses_a_face_down_tile_next_to_a_trapper() -> None:
    """R7 turns up every tile next to a trapper. game_at took a position
    with one face down, and its views then listed the hidden tile among the
    step targets (whether a trapper may take it depends on its hidden
    water)."""
    game = played("base", 3, 5, 12)
    board = game.state.board
    colour, near = next(
        (colour, near)
        for colour, square in enumerate(game.state.trappers)
        for near, _ in tc.NEIGHBOURS[square]
        if board[near] is not None
    )
    parts = parts_of(game)
    parts["face_down"] = [*parts["face_down"], tc.SQUARES[near]]
    trapper = tc.COLOURS[colour].name.lower()
    with pytest.raises(
        tc.SetupError,
        match=rf"R7: the tile on {tc.SQUARES[near]}, next to the {trapper} trapper, lies face",
    ):
        tc.game_at("base", 3, **parts)


def test_R19_game_at_refuses_a_returned_canoe_paid_other_than_its_row() -> None:
    """A valued canoe given back to the box keeps what it paid (R19): a
    returned canoe paid 3 more, with its owner's money raised to match, was
    taken, and changed the scores."""
    game = played("base", 2, 3, 10_000)
    (seat, canoe), *rest = game.state.returned
    more = attrs.evolve(canoe, payout=canoe.payout + 3)
    displays = list(game.displays)
    displays[seat] = attrs.evolve(displays[seat], money=displays[seat].money + 3)
    with pytest.raises(
        tc.SetupError,
        match=rf"R19: player {seat}'s returned canoe .* paid {more.payout}, not {canoe.payout}",
    ):
        tc.game_at("base", 2, **parts_of(game, displays=displays, returned=[(seat, more), *rest]))


def _holding_canoe_token() -> tuple[tc.Game, int, tc.Token]:
    """A played game (seed 2) whose player 1 holds canoe token 20 for a payout of 20."""
    game = played("base", 2, 2, 10_000)
    (token,) = [t for t in game.displays[1].tokens if t.kind is tc.TokenKind.CANOE]
    assert token.number == 20
    assert 20 in [v.payout for v in game.displays[1].valued]
    return game, 1, token


def _moved_token(game: tc.Game, seat: int, token: tc.Token, to: int | None) -> dict[str, Any]:
    """``game``'s parts with ``token`` taken from ``seat`` and given to ``to``
    (``None``: put back in the supply)."""
    displays = list(game.displays)
    kept = tuple(t for t in displays[seat].tokens if t != token)
    displays[seat] = attrs.evolve(displays[seat], tokens=kept)
    supply = game.state.supply
    if to is None:
        supply = attrs.evolve(supply, canoe=tuple(sorted((*supply.canoe, token.number))))
    else:
        displays[to] = attrs.evolve(displays[to], tokens=(*displays[to].tokens, token))
    return parts_of(game, displays=displays, supply=supply)


def test_R20_game_at_refuses_a_payout_that_took_no_token_left_in_the_supply() -> None:
    """A payout of 20 takes token 20 while it is in the supply (R20): the
    same game with the token back in the supply is no position of play."""
    game, seat, token = _holding_canoe_token()
    with pytest.raises(
        tc.SetupError,
        match=rf"R20: player {seat} was paid 20 but holds 0 canoe tokens, while the "
        "supply still has 20",
    ):
        tc.game_at("base", 2, **_moved_token(game, seat, token, None))


def test_R20_game_at_refuses_a_canoe_token_no_payout_earned() -> None:
    """Canoe token 20 held by the player whose canoes paid less; its earner
    without it, the supply then having none at or below 20."""
    game, seat, token = _holding_canoe_token()
    other = 1 - seat
    assert not [v for v in game.displays[other].valued if v.payout >= 16]
    with pytest.raises(
        tc.SetupError, match=rf"R20: player {other} holds 1 canoe token, but 0 payouts"
    ):
        tc.game_at("base", 2, **_moved_token(game, seat, token, other))


def test_R20_game_at_refuses_a_canoe_token_below_one_still_in_the_supply() -> None:
    """A payout of 20 that holds token 16 while token 18 is still in the
    supply: it would have taken 18 (R20, the next lower one still there)."""
    game, seat, token = _holding_canoe_token()
    parts = _moved_token(game, seat, token, None)
    supply = parts["supply"]
    assert 16 in supply.canoe
    assert 18 in supply.canoe
    parts["supply"] = attrs.evolve(supply, canoe=tuple(n for n in supply.canoe if n != 16))
    displays = list(parts["displays"])
    sixteen = tc.Token(tc.TokenKind.CANOE, 16)
    displays[seat] = attrs.evolve(displays[seat], tokens=(*displays[seat].tokens, sixteen))
    parts["displays"] = displays
    with pytest.raises(
        tc.SetupError, match=r"R20: player 1 holds canoe token 16, which no payout"
    ):
        tc.game_at("base", 2, **parts)


def test_R21_game_at_refuses_a_species_token_without_the_canoes_returned() -> None:
    """Species token 2 takes two returned canoes (R21, D7): given to the
    player who returned none, it is refused."""
    game = played("base", 2, 3, 10_000)
    assert not [p for p, _ in game.state.returned if p == 0]
    (two,) = [t for t in game.displays[1].tokens if t.number == 2]
    displays = list(game.displays)
    displays[1] = attrs.evolve(
        displays[1], tokens=tuple(t for t in displays[1].tokens if t != two)
    )
    displays[0] = attrs.evolve(displays[0], tokens=(two,))
    with pytest.raises(
        tc.SetupError, match=r"R21: player 0 holds species tokens 2, which need 2 returned"
    ):
        tc.game_at("base", 2, **parts_of(game, displays=displays))


def test_R21_game_at_refuses_one_exchange_of_two_canoes_of_a_species() -> None:
    """Player 1 returned two bear canoes and holds tokens 1 and 2: two
    exchanges. With token 3 instead (one exchange of three canoes), the two
    bears would have gone back together, which R21 forbids."""
    game = played("base", 2, 3, 10_000)
    displays = list(game.displays)
    three = tc.Token(tc.TokenKind.SPECIES, 3)
    displays[1] = attrs.evolve(displays[1], tokens=(three,))
    supply = attrs.evolve(game.state.supply, species=(1, 2, 4, 5, 6))
    with pytest.raises(
        tc.SetupError, match=r"R21: player 1 has returned 2 bear canoes in 1 exchange, and"
    ):
        tc.game_at("base", 2, **parts_of(game, displays=displays, supply=supply))


def test_a_position_turn_is_read_only_as_it_is_written() -> None:
    """``trapper=e`` was read as the beige trapper and kept as written, so
    two strings of one position were two positions; every other field is
    read only as ``str(position)`` writes it."""
    game = tc.new_game("base", 2, seed=3)
    fields = str(Position.from_game(game)).split(" ")
    fields[3] = "Turn:{trapper=e,exchanged=n}"
    with pytest.raises(notation.NotationError, match=r"field 4 \(turn\): .* is written "):
        Position.parse(" ".join(fields)).to_game("base")
    fields[3] = "Turn:{trapper=E,exchanged=n}"
    assert Position.parse(" ".join(fields)).to_game("base").state.turn.trapper is tc.Colour.BEIGE  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"turn": None}, "its turn should be the turn record's text, a str, not None"),
        ({"hands": None}, "its hands should be a Hand (or a count) per player, not None"),
        ({"to_move": 7}, "its to_move should be a seat from 0 to 1 or None, not 7"),
        ({"discard": None}, "its discard should be a Hand, not None"),
        ({"board": (None,) * 3}, "its board should be 64 squares"),
        ({"trappers": (None,) * 4}, "its trappers should be a tuple of Squares"),
        ({"displays": ()}, "its displays should be a Display per player"),
        ({"returned": ((5, None),)}, "its returned should be (seat, ValuedCanoe) pairs"),
        ({"turns": True}, "its turns should be a count, not True"),
        ({"draw_pile": -1}, "its draw_pile should be a tuple of Colours, or a count, not -1"),
    ],
)
def test_a_position_made_by_hand_is_refused_for_what_is_wrong_with_it(
    change: dict[str, Any], said: str
) -> None:
    # A Position built with attrs.evolve was written and read with no check:
    # str() and to_game raised AttributeError, TypeError or IndexError.
    position = attrs.evolve(Position.from_game(tc.new_game("base", 2, seed=1)), **change)
    for use in (str, lambda p: p.to_game("base")):
        with pytest.raises(NotationError, match=re.escape(said)):
            use(position)


def test_a_position_from_a_view_of_no_game_is_refused() -> None:
    view = attrs.evolve(tc.new_game("base", 2, seed=1).view(0), trappers=(None,) * 4)  # type: ignore[arg-type]
    with pytest.raises(
        NotationError, match="a view of no game: its trappers hold what is no Square"
    ):
        Position.from_view(view)
    with pytest.raises(NotationError, match="takes a PlayerView, not"):
        Position.from_view(tc.new_game("base", 2, seed=1))  # type: ignore[arg-type]


class _Crowd:
    """A variant of the base game for up to eight players."""

    @tc.hookimpl
    def trapper_variants(self) -> list[tc.VariantSpec]:
        return [tc.VariantSpec(name="crowd", extends="base", max_players=8)]


def test_seats_past_the_fourth_are_written_with_their_letters() -> None:
    # Seat letters were A to D: a variant of more players (which VariantSpec
    # took) raised IndexError writing a position or setup string that named
    # seat E on.
    registry = tc.Registry([_Crowd()])
    setup = tc.new_game("crowd", 6, seed=1, registry=registry).setup
    game = tc.new_game(
        "crowd", 6, seed=1, registry=registry, setup=attrs.evolve(setup, start_player=5)
    )
    assert (
        notation.SetupSpec.parse(notation.Record.from_game(game).tag("Setup") or "").start_player
        == 5
    )
    while game.to_move != 4:
        game.apply(game.legal_actions()[0])
    text = str(Position.from_game(game))
    assert text.split()[2] == "E"
    again = Position.parse(text).to_game("crowd", players=6, seed=1, registry=registry)
    assert str(Position.from_game(again)) == text
    tc.play(game, [tc.RandomBot(seat) for seat in range(6)])
    record = notation.loads(notation.dumps(game))[0]
    assert record.replay(registry=registry) == game


def test_a_variant_seats_at_most_26_players() -> None:
    assert tc.MAX_PLAYERS == 26
    tc.VariantSpec(name="many", extends="base", max_players=26)
    for bad in (27, 10**12):
        with pytest.raises(tc.PluginError, match=r"max_players.* from 1 to 26"):
            tc.VariantSpec(name="many", extends="base", max_players=bad)


@pytest.mark.parametrize("given", [None, 5, "game"])
def test_position_from_game_refuses_what_is_no_game(given: object) -> None:
    with pytest.raises(NotationError, match=r"Position\.from_game takes a Game"):
        Position.from_game(given)  # type: ignore[arg-type]


def test_position_from_game_given_a_view_points_to_from_view() -> None:
    view = tc.new_game("base", 2, seed=1).view(0)
    with pytest.raises(
        NotationError, match=r"Position\.from_view takes a view\), not <PlayerView of A \(seat 0\)"
    ):
        Position.from_game(view)  # type: ignore[arg-type]


def test_review_s55_R16_a_canoe_among_separate_tiles_is_told_as_one() -> None:
    """A display with a canoe among its separate tiles was refused as a
    canoe that "fits an open canoe", also with no open canoe at all."""
    parts = base_parts()
    first = parts["displays"][0]
    (row,) = first.open  # its tiles laid separate: the canoe among them
    separate = (*first.separate, *row.tiles)
    displays = list(parts["displays"])
    displays[0] = tc.Display((), first.valued, separate, first.money, first.tokens)
    name = row.canoe.name
    with pytest.raises(
        tc.SetupError, match=re.escape(f"{name} lies separate, but a canoe is never")
    ):
        tc.game_at("base", 3, **{**parts, "displays": displays})


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "trapper=-",
            "trapper=b",
            "field 4 (turn): 'Turn:{trapper=b,exchanged=n}' is written "
            "'Turn:{trapper=B,exchanged=n}'",
        ),
        ("exchanged=n", "exchanged=q", "field 4 (turn) 'Turn:{trapper=-,exchanged=q}': yes or no"),
    ],
)
def test_review_s55_a_turn_field_mistyped_is_told_whole_as_field_4(
    old: str, new: str, said: str
) -> None:
    """A short turn record was cut to 12 characters around the difference
    ("…'rn:{trapper=b,exchanged='…"), and its other errors named no field."""
    text = str(Position.from_game(tc.new_game("base", 2, seed=1)))
    assert old in text
    with pytest.raises(tc.notation.NotationError, match=re.escape(said)):
        Position.parse(text.replace(old, new)).to_game("base")


def test_review_s56_game_at_refuses_a_supply_of_a_number_twice() -> None:
    game = tc.new_game("base", 2, seed=3)
    for supply in (tc.TokenSupply((16, 16), (1,)), tc.TokenSupply((18, 16), (1,))):
        with pytest.raises(tc.SetupError, match="ascending order, none twice"):
            tc.game_at("base", 2, **parts_of(game, supply=supply))
    # the game's own supply is taken, as before
    assert tc.game_at("base", 2, **parts_of(game)).state.supply == game.state.supply


def test_review_s56_game_at_refuses_a_row_of_the_wrong_kinds_of_tile() -> None:
    """An animal laid as a valued canoe was taken, and its check said
    "paid 0, not 14" rather than what was wrong."""
    game = tc.new_game("base", 2, seed=1)
    tiles = [t for t in game.state.board if t is not None]
    animals = [t for t in tiles if t.kind is tc.Kind.ANIMAL]
    row = tc.Row(animals[0], tuple(animals[1:4]))
    display = tc.Display(valued=(tc.ValuedCanoe(row, 0),))
    with pytest.raises(tc.SetupError, match=r"valued\[0\]\.row\.canoe: .* is no canoe tile"):
        tc.game_at("base", 2, **parts_of(game, displays=[display, tc.Display()]))


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


def test_a_pickled_game_that_begins_at_a_position_is_checked_when_it_is_loaded() -> None:
    """A game that begins at a position pickles its position, which came
    back unchecked: a pickle made by hand gave player A 240 cards, where
    ``game_at`` and ``Position.parse`` refuse the same position."""
    game = tc.new_game("base", ["A", "B"], seed=1)
    tc.play(game, [tc.GreedyBot(1), tc.GreedyBot(2)], max_actions=10)
    at = Position.parse(str(Position.from_game(game))).to_game("base", game.players, seed=1)
    at.apply(at.legal_actions()[0])
    assert pickle.loads(pickle.dumps(at)) == at  # as it was, with its history
    function, args = at.__reduce__()
    state, box = args[4]
    forged = list(state)
    forged[tc.state.FIELDS.index("hands")] = ((60, 60, 60, 60), (0, 1, 0, 2))

    class Forged:
        def __reduce__(self) -> tuple[object, ...]:
            return (function, (*args[:4], (tuple(forged), box), *args[5:]))

    with pytest.raises(tc.GameFormatError, match=r"^a pickled game's position: the cards in play"):
        pickle.loads(pickle.dumps(Forged()))
