"""Hostile input at the core's public entry points: every bad argument is
refused with a short TrapperError, huge numbers included."""

from __future__ import annotations

import collections
import math
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import trapper_core as tc
from trapper_core import encoding, sampling, svg, terminal
from trapper_core.errors import ActionFieldError, SetupError, TrapperError, shown

HUGE = 10**5000  # too many digits for str()


def _played(players: int = 3, moves: int = 30) -> tc.Game:
    game = tc.new_game("base", players, seed=4)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    return game


def _short(exc: pytest.ExceptionInfo[BaseException], limit: int = 200) -> str:
    message = str(exc.value)
    assert len(message) <= limit, message
    return message


# ----------------------------------------------------------------------
# Huge numbers at new_game, view and the tactical bids
# ----------------------------------------------------------------------


@pytest.mark.parametrize("start", [HUGE, 10**100], ids=shown)
def test_a_huge_start_player_is_refused_by_its_size(start: int) -> None:
    s = tc.new_game("base", 3, seed=1).setup
    with pytest.raises(SetupError) as exc:
        tc.new_game("base", 3, setup=tc.Setup(s.board, s.deck, s.trappers, s.box, start))
    assert "bits" in _short(exc)


def test_a_huge_player_count_or_seed_is_refused_by_its_size() -> None:
    with pytest.raises(SetupError) as exc:
        tc.new_game("base", HUGE)
    assert "bits" in _short(exc)
    with pytest.raises(SetupError) as exc:
        tc.new_game("base", 3, seed=-HUGE)
    _short(exc)


@pytest.mark.parametrize("seat", [HUGE, 10**100, -HUGE], ids=shown)
def test_a_view_of_a_huge_seat_is_refused_by_its_size(seat: int) -> None:
    game = tc.new_game("base", 3, seed=1)
    with pytest.raises(SetupError) as exc:
        game.view(seat)
    assert "bits" in _short(exc, 80)


def test_a_tactical_bid_too_large_to_print_is_refused_shortly() -> None:
    import trapper_tactical as tt

    game = tc.new_game("tactical", 3, seed=2)
    before = game.to_dict()
    with pytest.raises(tc.IllegalActionError) as exc:
        game.apply(tt.Open(tc.Colour.BLUE, HUGE))
    assert "D9" in _short(exc)
    with pytest.raises(tc.IllegalActionError) as exc:
        game.action_text(tt.Open(tc.Colour.BLUE, HUGE))
    _short(exc)
    game.apply(tt.Open(tc.Colour.BLUE, 1))
    after_open = game.to_dict()
    for bid in (HUGE, 10**1000):
        with pytest.raises(tc.IllegalActionError) as exc:
            game.apply(tt.Bid(bid))
        _short(exc)
        assert game.to_dict() == after_open
    assert before != after_open


# ----------------------------------------------------------------------
# The sampler
# ----------------------------------------------------------------------


def test_sampler_refuses_a_generator_that_is_no_random_and_steps_that_are_no_count() -> None:
    view = _played().view(1)
    sampler = tc.Sampler(view)
    control = tc.Sampler(view)
    rng = random.Random(1)
    for bad in (None, 1, object(), "x"):
        for call in (sampler.world, sampler.position, sampler.sample):
            with pytest.raises(sampling.SamplingError) as exc:
                call(bad)  # type: ignore[arg-type]
            _short(exc)
    for steps in (1.5, "3", None, -1, True, sampling.MAX_STEPS + 1, 10**100, HUGE):
        for call in (sampler.world, sampler.position):
            with pytest.raises(sampling.SamplingError) as exc:
                call(rng, steps=steps)  # type: ignore[arg-type]
            _short(exc)
    # Nothing was half-drawn: the refused sampler draws as a fresh one.
    assert sampler.world(random.Random(5)) == control.world(random.Random(5))
    assert sampler.world(random.Random(5), steps=0) == control.world(random.Random(5), steps=0)
    sampler.world(random.Random(5), steps=sampling.MAX_STEPS // 1000)


def test_sampler_refuses_rules_registries_and_worlds_of_the_wrong_type() -> None:
    view = _played().view(1)
    with pytest.raises(sampling.SamplingError):
        tc.Sampler(view, "x")  # type: ignore[arg-type]
    with pytest.raises(sampling.SamplingError):
        tc.Sampler(view, registry="x")  # type: ignore[arg-type]
    with pytest.raises(sampling.SamplingError):
        view.sample(random.Random(1), registry="x")  # type: ignore[arg-type]
    sampler = tc.Sampler(view)
    for bad in (None, "x", view):
        with pytest.raises(sampling.SamplingError):
            sampler.game(bad)  # type: ignore[arg-type]
    assert isinstance(view.sample(random.Random(1), registry=tc.Registry()), tc.Game)


# ----------------------------------------------------------------------
# Squares, letters and tile codes
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        (0, "Square"),
        (None, "Square"),
        ((0, 0), "Square"),
        (1.0, "Square"),
        (HUGE, "Square"),
        ("a9", "not a square name"),
        ("A1", "not a square name"),
        (" a1", "not a square name"),
        ("", "not a square name"),
    ],
    ids=shown,
)
def test_tile_at_and_is_face_up_take_a_square_or_its_name_only(bad: object, said: str) -> None:
    game = tc.new_game("base", 3, seed=1)
    view = game.view(0)
    with pytest.raises(ActionFieldError) as exc:
        view.tile_at(bad)  # type: ignore[arg-type]
    assert said in _short(exc)
    with pytest.raises(ActionFieldError) as exc:
        game.is_face_up(bad)  # type: ignore[arg-type]
    assert said in _short(exc)
    for square in (tc.Square.parse("d6"), "d6"):
        assert view.tile_at(square) == view.board[tc.Square.parse("d6").index]
        assert game.is_face_up(square) is True  # R7: next to a trapper at the start


def test_square_and_letter_readers_refuse_with_a_short_action_field_error() -> None:
    readers = (
        tc.Square.parse,
        tc.Colour.from_letter,
        tc.Species.from_letter,
        tc.Direction.from_letter,
    )
    for read in readers:
        for bad in ("Z9", "a" * 100_000, None, 5, b"B", ""):
            with pytest.raises(ActionFieldError) as exc:
                read(bad)  # type: ignore[arg-type]
            _short(exc)
            assert isinstance(exc.value, ValueError)
    for file, rank in ((8, 0), (0, -1), (None, 0), (0, "1"), (HUGE, 0), (0.0, 0)):
        with pytest.raises(ActionFieldError) as exc:
            tc.Square.at(file, rank)  # type: ignore[arg-type]
        _short(exc)
    assert tc.Square.at(2, 3) is tc.Square.parse("c4")
    assert tc.Colour.from_letter("e") is tc.Colour.BEIGE
    assert tc.Species.from_letter("S") is tc.Species.SALMON
    assert tc.Direction.from_letter("W") is tc.Direction.WEST


def test_a_long_tile_code_or_face_is_cut_in_the_setup_error() -> None:
    for bad in ("x" * 100_000, "x" * 100_000 + "n", None, 5):
        with pytest.raises(SetupError) as exc:
            tc.Tile.from_code(bad)  # type: ignore[arg-type]
        _short(exc)
    for face in ("x" * 100_000, None, 3):
        with pytest.raises(SetupError) as exc:
            tc.Tile.from_face(face, tc.Direction.NORTH)  # type: ignore[arg-type]
        _short(exc)
    assert tc.Tile.from_code("CB2e").capacity == 2


# ----------------------------------------------------------------------
# Encoding
# ----------------------------------------------------------------------


def test_encoding_refuses_characters_games_views_and_counts_of_the_wrong_kind() -> None:
    game = tc.new_game("base", 2, seed=1)
    view = game.view(0)
    for bad in (None, "BB", "", 5, "é"):
        with pytest.raises(ActionFieldError):
            encoding.action_id(bad)  # type: ignore[arg-type]
    for prefix in (5, None, b"B"):
        with pytest.raises(ActionFieldError):
            encoding.Speller(game, prefix)  # type: ignore[arg-type]
    with pytest.raises(tc.IllegalActionError) as illegal:
        encoding.Speller(game, "x" * 10_000)
    _short(illegal)
    for bad_game in (None, view, "x"):
        with pytest.raises(SetupError) as exc:
            encoding.Speller(bad_game)  # type: ignore[arg-type]
        _short(exc)
        with pytest.raises(SetupError):
            encoding.returns(bad_game)  # type: ignore[arg-type]
    for bad_view in (None, game, "x"):
        with pytest.raises(SetupError):
            encoding.encode_view(bad_view)  # type: ignore[arg-type]
    for prefix in (None, 5):
        with pytest.raises(ActionFieldError):
            encoding.encode_view(view, prefix)  # type: ignore[arg-type]
    for players in (None, -1, 0, "2", True, 2.0):
        with pytest.raises(SetupError):
            encoding.view_size(players)  # type: ignore[arg-type]
    assert len(encoding.encode_view(view)) == encoding.view_size(2)
    assert encoding.Speller(game, "B").prefix == "B"


# ----------------------------------------------------------------------
# Pictures and text
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "size", [0, -5, math.nan, math.inf, "60", None, True, HUGE, svg.MAX_SIZE + 1], ids=shown
)
def test_svg_position_refuses_a_size_that_is_no_number_of_pixels(size: object) -> None:
    game = tc.new_game("base", 3, seed=1)
    with pytest.raises(SetupError) as exc:
        svg.position(game, size=size)  # type: ignore[arg-type]
    _short(exc)


def test_pictures_refuse_a_source_that_is_no_game_or_view_and_a_huge_seat() -> None:
    game = tc.new_game("base", 3, seed=1)
    for bad in (None, "x", 5, game.setup):
        with pytest.raises(SetupError) as exc:
            svg.position(bad)  # type: ignore[arg-type]
        _short(exc)
        with pytest.raises(SetupError) as exc:
            terminal.render(bad)  # type: ignore[arg-type]
        _short(exc)
    with pytest.raises(SetupError) as exc:
        svg.position(game, seat=HUGE)
    _short(exc)
    assert svg.position(game, size=1.5).startswith("<svg")
    assert terminal.render(game.view(0))


@pytest.mark.parametrize("flag", ["displays", "last_action", "coordinates", "colour", "hands"])
@pytest.mark.parametrize("bad", ["no", None, 0, 1.0])
def test_pictures_refuse_a_flag_that_is_not_true_or_false(flag: str, bad: object) -> None:
    """``svg.position(game, displays="no")`` drew the displays ("no" is
    true), and ``None`` or ``0`` passed for False: a flag is a bool."""
    game = tc.new_game("base", 3, seed=1)
    draw = terminal.render if flag in ("colour", "hands") else svg.position
    with pytest.raises(SetupError) as exc:
        draw(game, **{flag: bad})  # type: ignore[arg-type]
    assert str(exc.value) == f"{draw.__name__}()'s {flag} is True or False, not {bad!r}"


def test_terminal_describe_refuses_a_game_or_a_view_and_names_what_words_them() -> None:
    """``describe(view)`` wrote every field of the view, private ones too:
    it words a turn record; a view is shown by render."""
    game = tc.new_game("tactical", 3, seed=1)
    for whole in (game, game.view(0)):
        with pytest.raises(SetupError, match=r"describe\(\) words a turn record or a part"):
            terminal.describe(whole)
    assert terminal.describe(game.view(0).turn, game.players)


def test_describe_tells_a_huge_number_by_its_size() -> None:
    assert terminal.describe(HUGE) == "a whole number of 16610 bits"
    assert terminal.describe(12) == "12"


def test_interned_refuses_what_is_no_function() -> None:
    with pytest.raises(TrapperError) as exc:
        tc.interned(None)  # type: ignore[type-var]
    _short(exc)


def test_player_names_are_counted_as_they_are_taken() -> None:
    """A sequence whose ``len()`` says 3 but which holds 6 names is a game
    of 6 players, refused; it once started, and its records did not read back."""

    class Lying(list[str]):
        def __len__(self) -> int:
            return 3

    with pytest.raises(tc.SetupError, match="'base' is played by 2 to 4 players, not 6"):
        tc.new_game("base", Lying("ABCDEF"))


def _standard_tiles() -> tuple[tc.Tile, ...]:
    import trapper_base as tb

    return tb.standard_tile_set().tiles


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tc.TileSet(None), "a tile set holds Tile objects, not None"),  # type: ignore[arg-type]
        (lambda: tc.TileSet.from_codes(None), "a tile set is written as tile codes, not None"),  # type: ignore[arg-type]
        (lambda: tc.Board(5, []), "a board is a set of Square values, not 5"),  # type: ignore[arg-type]
        (lambda: tc.Board.centre("6", 6), "a board's files are a number from 1 to 8"),  # type: ignore[arg-type]
        (lambda: tc.Board.rectangle(6, 9, ()), "a board's ranks are a number from 1 to 8"),
        (lambda: tc.Hand.from_counts(5), "a hand is four counts, one a colour, not 5"),  # type: ignore[arg-type]
        (lambda: tc.Hand(-3), "a hand's blue cards are a count from 0, not -3"),
        (lambda: tc.Hand(1, "x"), "a hand's beige cards are a count from 0, not 'x'"),  # type: ignore[arg-type]
        (lambda: tc.Hand(1, 2, True), "a hand's green cards are a count from 0, not True"),
        (lambda: tc.Valuation(5), "a valuation's parts are (name, money) pairs, not 5"),  # type: ignore[arg-type]
        (
            lambda: tc.Token("canoe", 1),  # type: ignore[arg-type]
            "a token's kind is TokenKind.SPECIES or TokenKind.CANOE, not 'canoe'",
        ),
        (
            lambda: tc.Token(tc.TokenKind.CANOE, 1.0),  # type: ignore[arg-type]
            "a token's number is a whole number from 0 to 999,999,999,999,999,999, not 1.0",
        ),
        (
            lambda: tc.Token(tc.TokenKind.SPECIES, True),
            "a token's number is a whole number from 0 to 999,999,999,999,999,999, not True",
        ),
        (lambda: tc.Token(tc.TokenKind.SPECIES, -2), "a whole number from 0 to"),
        (lambda: tc.Valuation([("a", 1.5)]), "a valuation's money is a whole number, not 1.5"),  # type: ignore[list-item]
        (
            lambda: tc.Setup.shuffled(random.Random(1), _standard_tiles(), (), "base"),  # type: ignore[arg-type]
            "a setup is laid out on a Board",
        ),
        (
            lambda: tc.new_game(seed=1).setup.check(collections.Counter(), (), 3, None),  # type: ignore[arg-type]
            "a setup is laid out on a Board",
        ),
    ],
)
def test_value_constructors_refuse_what_is_no_value_of_theirs(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(tc.SetupError, match=re.escape(message)):
        call()


def test_format_record_and_play_batch_refuse_what_they_do_not_take() -> None:
    from trapper_core import notation, simulation

    with pytest.raises(notation.RecordError, match="format_record writes a Record, not set"):
        notation.format_record(set())  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="play_batch plays a Batch of games, not 1"):
        simulation.play_batch(1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: _played(2, 4).at(HUGE), tc.UndoError),
        (lambda: _played(2, 4).at(-HUGE), tc.UndoError),
        (lambda: tc.Tile(tc.Kind.HERB, None, HUGE, tc.Direction.NORTH), SetupError),
        (lambda: tc.Tile(tc.Kind.ANIMAL, HUGE, 3, tc.Direction.NORTH), SetupError),  # type: ignore[arg-type]
    ],
    ids=["at", "at from the end", "a tile's value", "a tile's species"],
)
def test_a_huge_number_in_game_at_or_a_tile_is_refused_by_its_size(
    call: Callable[[], object], error: type[TrapperError]
) -> None:
    with pytest.raises(error) as exc:
        call()
    assert "bits" in _short(exc)


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_D6_an_ambiguous_action_offers_only_legal_candidates(variant: str) -> None:
    # A step (or a tactical take) with its placement left open and paid
    # with cards the hand lacks was refused as ambiguous (D6), offering
    # candidates that were all refused in turn for their payment: such an
    # action is refused for what no placement settles (R13, R43).
    import attrs

    ambiguous = refused_otherwise = 0
    for seed in range(6):
        game = tc.new_game(variant, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            for listed in legal:
                action: Any = listed  # a Step or a Take: evolved by its fields below
                if getattr(action, "placement", None) is None:
                    continue
                names = {field.name for field in attrs.fields(type(action))}
                tries = [attrs.evolve(action, placement=None)]
                if "payment" in names:
                    tries += [attrs.evolve(action, placement=None, payment=c) for c in tc.COLOURS]
                if "cards" in names:
                    more = tuple(n + 1 for n in action.cards)
                    tries.append(attrs.evolve(action, placement=None, cards=more))
                for tried in tries:
                    if tried in legal:
                        continue
                    before = game.to_dict()
                    with pytest.raises(tc.IllegalActionError) as refused:
                        game.apply(tried)
                    assert game.to_dict() == before
                    if isinstance(refused.value, tc.AmbiguousActionError):
                        ambiguous += 1
                        assert refused.value.candidates
                        assert all(game.is_legal(c) for c in refused.value.candidates)
                    else:
                        refused_otherwise += 1
                        assert refused.value.rule is not None
            game.apply(rng.choice(legal))
    assert ambiguous
    assert refused_otherwise


@pytest.mark.parametrize("kind", ["animal", None, 1])
def test_review_s56_a_tile_of_no_kind_is_refused(kind: Any) -> None:
    """``Tile("animal", None, 3, …)`` was made and shown as ``F3n``."""
    with pytest.raises(tc.SetupError, match="a tile's kind is a Kind"):
        tc.Tile(kind, None, 3, tc.Direction.NORTH)


def test_review_s56_a_hand_given_its_counts_as_one_tuple_says_how() -> None:
    with pytest.raises(tc.SetupError, match=r"Hand\.from_counts takes the four counts"):
        tc.Hand((1, 2, 3, 4))  # type: ignore[arg-type]
    assert tc.Hand.from_counts((1, 2, 3, 4)) == tc.Hand(1, 2, 3, 4)
