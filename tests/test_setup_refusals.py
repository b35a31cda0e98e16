"""``Setup``, ``Setup.shuffled`` and ``Setup.check`` meet bad arguments
with a `SetupError` that names them (they raised an AttributeError and
TypeErrors, a check passed a tile count of ``None``, and a setup's repr
raised), and ``Setup.shuffled`` refuses before it uses the generator."""

from __future__ import annotations

import collections
import random
from collections.abc import Callable
from typing import Any

import pytest

import trapper_core as tc
from trapper_core.tiles import faces_of

RULES = tc.new_game("base", 2, seed=1).rules
TILES = RULES.tile_set().tiles
DECK = RULES.deck()
BOARD = RULES.board()
SETUP = tc.new_game("base", 2, seed=1).setup
# Typed as Any: the arguments are wrong on purpose.
shuffled: Any = tc.Setup.shuffled
check: Any = SETUP.check


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: shuffled(None, TILES, DECK, BOARD), "takes a random.Random, not None"),
        (lambda: shuffled(7, TILES, DECK, BOARD), "takes a random.Random, not 7"),
        (
            lambda: shuffled(random.Random(1), None, DECK, BOARD),
            "the tiles are a sequence of Tile objects, not None",
        ),
        (
            lambda: shuffled(random.Random(1), list(range(64)), DECK, BOARD),
            "the tiles are Tile objects, not 0",
        ),
        (
            lambda: shuffled(random.Random(1), TILES, None, BOARD),
            "deck is a sequence of Colour values, not None",
        ),
        (
            lambda: shuffled(random.Random(1), TILES, [0, 1] * 32, BOARD),
            "the deck is Colour values, not 0",
        ),
        (lambda: check(None, DECK, 2, BOARD), "tile_faces counts the tiles by face, not None"),
        (
            lambda: check(faces_of(RULES.tile_set()), DECK, "2", BOARD),
            "players is a count, not '2'",
        ),
        (
            lambda: tc.Setup(SETUP.board, SETUP.deck, SETUP.trappers, SETUP.box, 10**5000),
            "the start player is a seat number from 0, of at most 18 digits, not a whole "
            "number of 16610 bits",
        ),
        (
            lambda: check(faces_of(RULES.tile_set()), 5, 2, BOARD),
            "Setup.check: the deck is a sequence of Colour values, not 5",
        ),
        (
            lambda: check(faces_of(RULES.tile_set()), None, 2, BOARD),
            "Setup.check: the deck is a sequence of Colour values, not None",
        ),
        (
            lambda: check(faces_of(RULES.tile_set()), [0] * 64, 2, BOARD),
            "Setup.check: the deck is Colour values, not 0",
        ),
        (
            lambda: check({**faces_of(RULES.tile_set()), "K1": "x"}, DECK, 2, BOARD),
            "Setup.check: tile_faces counts the tiles by face, and 'K1' has 'x'",
        ),
    ],
)
def test_setup_refuses_bad_arguments_with_a_setup_error(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(tc.SetupError, match=message):
        call()


@pytest.mark.parametrize("start", [-1, True, 10**18, "0"])
def test_setup_shuffled_refuses_a_start_player_before_it_uses_the_generator(start: object) -> None:
    """A start player that is no seat number was refused only once the
    tiles and cards had been shuffled, the caller's generator spent."""
    rng = random.Random(5)
    before = rng.getstate()
    with pytest.raises(tc.SetupError, match=r"Setup\.shuffled: the start player is a seat number"):
        shuffled(rng, TILES, DECK, BOARD, start_player=start)
    assert rng.getstate() == before


def test_setup_check_counts_tiles_given_as_any_mapping() -> None:
    """A mapping that is no dict was compared by ``dict.__eq__``, which
    answered NotImplemented (true): a setup passed whatever it held; a
    plain dict failed with a TypeError when the tiles differed."""
    faces = faces_of(RULES.tile_set())
    SETUP.check(faces, DECK, 2, BOARD)
    fewer = dict(faces)
    fewer[next(iter(fewer))] -= 1
    with pytest.raises(tc.SetupError, match="the setup's tiles differ"):
        SETUP.check(collections.Counter(fewer), DECK, 2, BOARD)
    with pytest.raises(tc.SetupError, match="the setup's tiles differ"):
        SETUP.check(_Faces(fewer), DECK, 2, BOARD)
    with pytest.raises(tc.SetupError, match="the setup's tiles differ"):
        SETUP.check(fewer, DECK, 2, BOARD)  # a plain dict (was a TypeError)


class _Faces(collections.abc.Mapping[str, int]):
    """A mapping that is not a dict."""

    def __init__(self, counts: dict[str, int]) -> None:
        self._counts = counts

    def __getitem__(self, key: str) -> int:
        return self._counts[key]

    def __iter__(self) -> Any:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)


def test_R6_a_setup_subclass_that_skips_the_checks_is_checked_by_new_game() -> None:
    """A subclass whose own ``__attrs_post_init__`` and ``check`` check
    nothing: ``new_game`` checks its fields as a ``Setup``'s (a tile on a
    trapper's square was laid out under the trapper)."""

    class Lax(tc.Setup):
        def __attrs_post_init__(self) -> None:
            pass

        def check(self, *args: object, **kwargs: object) -> None:
            pass

    board = list(SETUP.board)
    for square, tile in zip(SETUP.trappers, SETUP.box, strict=True):
        board[square.index] = tile
    lax = Lax(tuple(board), SETUP.deck, SETUP.trappers, (), 0)
    with pytest.raises(tc.SetupError, match="the blue trapper stands on d5, so that square"):
        tc.new_game("base", 2, setup=lax)
    with pytest.raises(tc.SetupError, match="start player 3 does not exist among 2 players"):
        tc.new_game("base", 2, setup=Lax(SETUP.board, SETUP.deck, SETUP.trappers, SETUP.box, 3))
    # A subclass whose fields are a good setup plays the game they describe.
    good = Lax(SETUP.board, SETUP.deck, SETUP.trappers, SETUP.box, 1)
    game = tc.new_game("base", 2, setup=good)
    assert game.setup == tc.Setup(SETUP.board, SETUP.deck, SETUP.trappers, SETUP.box, 1)
    assert game.to_move == 1


def test_review_s56_a_start_player_of_an_int_subclass_is_kept_as_an_int() -> None:
    """``Setup`` compared an ``int`` subclass by its own methods and kept
    it: one that lied gave a game of 3 players with seat 7 to move."""

    class Liar(int):
        def __ge__(self, other: object) -> bool:
            return other == 0

        def __le__(self, other: object) -> bool:
            return True

        __hash__ = int.__hash__

    setup = tc.new_game("base", 3, seed=1).setup
    lying = tc.Setup(setup.board, setup.deck, setup.trappers, setup.box, Liar(7))
    assert type(lying.start_player) is int
    with pytest.raises(tc.SetupError, match="start player 7 does not exist among 3 players"):
        tc.new_game("base", 3, seed=1, setup=lying)
    with pytest.raises(tc.SetupError, match="the start player is a seat number"):
        tc.Setup(setup.board, setup.deck, setup.trappers, setup.box, Liar(-1))


def test_R6_a_setup_of_ones_own_may_box_more_tiles_and_leave_squares_empty() -> None:
    """A puzzle's setup: one tile on the board, the other 63 in the box. It
    holds every tile of the set once, so it plays, R7 turning up the tile
    beside the blue trapper; a setup that lacks a tile is refused."""
    import trapper_base as tb

    deck = tc.new_game("base", 2, seed=0).rules.deck()
    tiles = list(tb.standard_tile_set().tiles)
    board: list[tc.Tile | None] = [None] * 64
    d6 = tc.Square.parse("d6")
    board[d6.index] = tiles.pop(0)
    trappers = [tc.Square.parse(name) for name in ("d5", "e5", "d4", "e4")]
    game = tc.new_game("base", 2, seed=0, setup=tc.Setup(board, deck, trappers, tiles, 0))
    assert game.is_face_up(d6)
    assert {action.square for action in game.legal_actions() if isinstance(action, tb.Step)} == {
        d6
    }
    with pytest.raises(
        tc.SetupError, match="the setup's tiles differ from the variant's: missing"
    ):
        tc.new_game("base", 2, seed=0, setup=tc.Setup(board, deck, trappers, tiles[:-1], 0))
