"""What the seventh round of fresh reviews found (December 2026), pinned.

Each test below names what a reviewer, or a point left open by an earlier
round, found, and fails on the code before the fix.
"""

from __future__ import annotations

import copy
import io
import itertools
import pickle
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import hookimpl, notation
from trapper_core.cli import main
from trapper_core.encoding import (
    NUM_ACTIONS,
    SPELLED_RUNS,
    action_id,
    encode_view,
    spelled_features,
)
from trapper_core.notation import Position

from .helpers import parts_of

_TWO_PASSES = '[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Setup "?"]\n\n1. Ann: pass 2. Bob: pass\n'


def test_review_s57_show_names_the_game_of_a_syntax_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``show --game 2`` of a file whose second game cannot be read said the
    line and column but not the game, which ``replay`` says."""
    path = tmp_path / "two games.trn"
    path.write_text(_TWO_PASSES + "\n" + _TWO_PASSES.replace("2. Bob", ") 2. Bob"))
    assert main(["show", str(path), "--game", "2"]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith(f"trapper: error: {path}: game 2, line 11, column 14: unexpected ')'")
    assert main(["replay", str(path)]) == 1
    assert f"{path}: game 2, line 11, column 14: unexpected ')'" in capsys.readouterr().out


# ---------------------------------------------------------------------------
# A plugin author's variant: what trapper_new_turn is told
# ---------------------------------------------------------------------------


def _told_variant() -> tuple[tc.Registry, list[object]]:
    """A variant whose ``trapper_new_turn`` notes the ``state.turn`` it is
    told of and answers the base game's record."""
    told: list[object] = []

    class Rules:
        @hookimpl
        def trapper_new_turn(self, state: tc.GameState) -> object:
            told.append(state.turn)
            return None  # the base game's record

    class Variants:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("told", plugins=(Rules(),), extends="base")]

    return tc.Registry([Variants()]), told


def test_review_s57_new_turn_is_told_of_no_turn_before_the_first() -> None:
    """``state.turn`` was not set when the first turn's record was asked
    for, so a variant reading it (to carry something from turn to turn, as
    docs/plugins.md says a turn record does) met an ``AttributeError``."""
    registry, told = _told_variant()
    game = tc.new_game("told", 2, seed=1, registry=registry)
    assert told == [None]
    game.apply_text("pass")
    assert told == [None, tb.Turn()]  # then the record of the turn that ends


def test_review_s57_a_game_made_at_a_position_tells_new_turn_of_no_turn_before() -> None:
    """``game_at`` and a position string's ``to_game`` asked for the new
    turn's record with ``state.turn`` holding a record left from a start
    made and thrown away, which matches neither the position's seat nor its
    turns; ``game_at`` asked twice. A view's sampled world asked once a
    world, for a record it then replaced with the view's."""
    registry, told = _told_variant()
    game = tc.new_game("told", 2, seed=1, registry=registry)
    for _ in range(3):
        game.apply_text("pass")
    told.clear()
    made = tc.game_at("told", 2, registry=registry, **parts_of(game, turn=None))
    assert told
    assert all(t is None for t in told)
    assert made.turn == tb.Turn()
    told.clear()
    position = Position.parse(str(Position.from_game(game)))
    position.to_game("told", players=2, seed=1, registry=registry)
    assert told
    assert all(t is None for t in told)
    # a sampled world of a game made at a position: its record is the
    # view's, and each action since is played again (the start it is made
    # from is told None, the pass since the record it ends)
    made.apply_text("pass")
    told.clear()
    world = made.view(0).sample(random.Random(1), registry=registry)
    assert world.turn == made.turn
    assert told
    assert told == [None, tb.Turn()] * (len(told) // 2)


# ---------------------------------------------------------------------------
# A rules auditor's positions
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# A learning researcher's adapters
# ---------------------------------------------------------------------------


def test_review_s57_the_spelled_part_tells_apart_two_decisions_of_a_long_take() -> None:
    """The view vector held the first 32 characters spelled: a tactical take
    paying a high bid (45 characters before its canoe's second animal) gave
    the decision of its first animal and of its second the same numbers,
    though their legal ids differ. It holds runs of one character now."""
    game = tc.new_game("tactical", 2, seed=0)
    view = game.view(0)
    first = "Bb7/BBBBBBBBBBBBBEEEEEEEEGGGGGGGGGGGGPPPPPP<K"
    assert len(first) == 45
    assert encode_view(view, first) != encode_view(view, first + "2+K")
    # a run is its character and its length
    spelled = spelled_features("BBBBb")
    block = NUM_ACTIONS + 1
    assert spelled[action_id("B")] == 1.0
    assert spelled[NUM_ACTIONS] == 4 / 200
    assert spelled[block + action_id("b")] == 1.0
    assert spelled[block + NUM_ACTIONS] == 1 / 200
    assert spelled[2 * block :] == [0.0] * (len(spelled) - 2 * block)
    # every text the built-in variants list fits
    runs = 0
    for variant, seed in itertools.product(("base", "children", "tactical"), range(4)):
        played = tc.new_game(variant, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not played.is_over:
            legal = played.legal_actions()
            for action in legal:
                runs = max(runs, len(list(itertools.groupby(played.action_text(action)))))
            played.apply(rng.choice(legal))
    assert 12 < runs <= SPELLED_RUNS


# ---------------------------------------------------------------------------
# A hostile reader of the notation
# ---------------------------------------------------------------------------


class _Arriving(io.RawIOBase):
    """A pipe or a socket: each read gives what has arrived, ``size`` bytes."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.at, self.size = data, 0, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = min(len(buffer), self.size, len(self.data) - self.at)
        buffer[:count] = self.data[self.at : self.at + count]
        self.at += count
        return count


@pytest.mark.parametrize("size", range(1, 24))
def test_review_s57_a_second_mark_stays_a_character_however_a_stream_arrives(size: int) -> None:
    """A binary stream read in pieces took a line's second byte order mark
    off too when a piece ended right after the first (a line's mark off,
    the piece was taken to end a line), so a record every other reader
    refuses was read whole."""
    text = '[A "b"]\n1. x\n\ufeff\ufeff[B "c"]\n1. y\n'
    whole: list[Exception] = []
    assert notation.loads(text, errors=whole) == []
    arrived: list[Exception] = []
    assert notation.load(_Arriving(text.encode(), size), errors=arrived) == []
    assert [str(e) for e in arrived] == [str(e) for e in whole]


class _ReadOnly:
    """A text stream of one's own with ``read`` and no ``readline``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def read(self, size: int = -1) -> str:
        out = self.text if size < 0 else self.text[:size]
        self.text = self.text[len(out) :]
        return out


@pytest.mark.parametrize(
    "reader",
    [notation.load, notation.read_game, lambda s: list(notation.games(s))],
    ids=["load", "read_game", "games"],
)
def test_review_s57_a_text_stream_without_readline_is_refused(reader: Any) -> None:
    """A stream with ``read`` and no ``readline`` passed the check of the
    argument and then failed with an ``AttributeError`` (or, made on
    ``io.TextIOBase``, whose ``readline`` only raises, an
    ``UnsupportedOperation``): a text stream is read by its ``readline``."""
    stream = _ReadOnly(_TWO_PASSES)
    with pytest.raises(notation.NotationError, match=r"a text stream by its readline\(\)"):
        reader(stream)
    assert stream.text == _TWO_PASSES  # nothing read

    class OnTextIOBase(io.TextIOBase):
        def read(self, size: int | None = -1) -> str:
            return stream.read(-1 if size is None else size)

    with pytest.raises(notation.NotationError, match=r"a text stream by its readline\(\)"):
        reader(OnTextIOBase())
    assert stream.text == _TWO_PASSES


@pytest.mark.parametrize(
    ("written", "told"),
    [
        (
            "9. 2. Bob: Pe3",
            "'9.', line 13, column 1: the record numbers this turn 9, but it is turn 2",
        ),
        (
            "2. Ann: Bob: Pe3",
            "'Ann:', line 13, column 4: the record says Ann decides, but it is Bob's",
        ),
        (
            "2. Zed: Bob: Pe3",
            "'Zed:', line 13, column 4: the record says Zed decides, but no seat",
        ),
    ],
)
def test_review_s57_a_number_or_a_name_no_move_follows_is_checked(written: str, told: str) -> None:
    """A turn number or a name followed by another before a move, or at the
    end of a record, was read over: a wrong one replayed without a word."""
    game = tc.play(tc.new_game("base", ["Ann", "Bob"], seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])
    text = notation.dumps(game)
    assert "\n2. Bob: Pe3" in text
    with pytest.raises(notation.RecordError) as refused:
        notation.loads(text.replace("2. Bob: Pe3", written))[0].replay()
    assert f"game 1, turn 2, {told}" in str(refused.value)
    # one right where it stands says what the next move's own says
    assert notation.loads(text.replace("2. Bob: Pe3", "2. 2. Bob: Bob: Pe3"))[0].replay() == game


def test_review_s57_a_number_or_a_name_at_a_records_end_is_checked() -> None:
    game = tc.play(tc.new_game("base", ["Ann", "Bob"], seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])
    text = notation.dumps(game).rstrip("\n")
    with pytest.raises(notation.RecordError, match="numbers a turn 99 after the game's end"):
        notation.loads(text + " 99.\n")[0].replay()
    with pytest.raises(notation.RecordError, match="names Zed after the game's end"):
        notation.loads(text + " Zed:\n")[0].replay()
    unfinished = tc.new_game("base", ["Ann", "Bob"], seed=3)
    unfinished.apply_text("pass")
    text = notation.dumps(unfinished).rstrip("\n")
    assert notation.loads(text + " 2. Bob:\n")[0].replay() == unfinished  # the next turn's
    with pytest.raises(notation.RecordError, match="the record says Ann decides, but it is Bob's"):
        notation.loads(text + " 2. Ann:\n")[0].replay()
    with pytest.raises(notation.RecordError, match="numbers this turn 3, but it is turn 2"):
        notation.loads(text + " 3.\n")[0].replay()


def test_review_s57_a_text_stream_not_utf8_stops_read_game_until_a_seek(tmp_path: Path) -> None:
    """A text stream whose bytes do not decode stopped ``read_game`` with a
    ``NotationError``, and the next call returned ``None``, as at the end of
    the file: what its decoder had read ahead went with the error, as with
    an error of the stream's own, and the next calls now say so."""
    game = '[Event "%d"]\n[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass\n\n'
    data = (
        "".join(game % i for i in range(1, 400)).encode()
        + b'[Event "caf\xe9"]\n1. x\n\n'
        + "".join(game % i for i in range(401, 800)).encode()
    )
    path = tmp_path / "latin.trn"
    path.write_bytes(data)
    with path.open(encoding="utf-8") as stream:
        got: list[notation.Record] = []

        def read_on() -> None:
            while (record := notation.read_game(stream, errors=[])) is not None:
                got.append(record)

        with pytest.raises(notation.NotationError, match="the stream is not utf-8 text"):
            read_on()
        assert 0 < len(got) < 399
        # told again, with its advice: a seek back meets the same bytes
        with pytest.raises(
            notation.NotationError,
            match=r"an earlier read of this stream stopped: the stream is not utf-8 text .*"
            r"open the file in binary mode",
        ):
            notation.read_game(stream, errors=[])
        stream.seek(0)
        first = notation.read_game(stream)
        assert first is not None
        assert first.tag("Event") == "1"
    # read in binary, the game of the byte is told and the reading goes on
    errors: list[Exception] = []
    records = notation.load(path, errors=errors)
    assert len(records) == 798
    (error,) = errors
    assert isinstance(error, notation.NotationSyntaxError)
    assert (error.game, error.line) == (400, 2395)


@pytest.mark.parametrize("tag", ["seat1", "SEAT2", "VARIANT", "seed", "sEtUp", "result"])
def test_review_s57_a_tag_the_game_decides_is_refused_in_another_case(tag: str) -> None:
    """``Record.from_game`` and ``table_record`` took a tag the game decides
    written in another case (``seat1``), and wrote a record their own
    replay refuses ("the replay reads the tag Seat1, not seat1")."""
    game = tc.play(tc.new_game("base", ["Ann", "Bob"], seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])
    for make in (notation.Record.from_game, notation.Record.table_record):
        with pytest.raises(notation.RecordError, match=f"the tag {tag} is written|no Seed tag"):
            make(game, **{tag: "Zed"})
    assert notation.Record.from_game(game, event="x").replay() == game  # a tag it does not read
    for seat in ("seat5", "SEAT01"):  # no seat of the game's, in any case
        with pytest.raises(notation.RecordError, match=f"the tag {seat} names a seat the game"):
            notation.Record.from_game(game, **{seat: "Zed"})


@pytest.mark.parametrize(
    ("note", "column", "told"),
    [
        ("(shuffle BBX)", 23, "unexpected 'X': a note ( … ) is closed with ')'"),
        ("(a1=B1n, b2=B1n)", 19, "unexpected ',': a note ( … ) holds more tiles like d2=B2e"),
        ("(a1=B1n b2=X9z)", 20, "unexpected 'b2=X9z': a note ( … ) holds more tiles"),
        ("(shuffle)", 20, "unexpected ')': 'shuffle' is followed by the new draw pile's colours"),
        ("(a1=B1n", 19, "the game's text ends inside a note: a note ( … ) holds more"),
    ],
)
def test_review_s57_a_notes_syntax_error_says_what_it_found(
    note: str, column: int, told: str
) -> None:
    """A broken note was told "a note ( … ) is closed with ')'" whatever
    was wrong in it: now what was found, and what may come there."""
    with pytest.raises(notation.NotationSyntaxError) as refused:
        notation.loads('[Seat1 "A"]\n1. A: pass ' + note)
    assert (refused.value.line, refused.value.column) == (2, column)
    assert refused.value.expected.startswith(told)


# ---------------------------------------------------------------------------
# A release engineer's packaging
# ---------------------------------------------------------------------------


def test_review_s57_the_version_is_the_distributions() -> None:
    """The version stands in pyproject.toml and in ``__version__``: nothing
    checked that they agree."""
    metadata = pytest.importorskip("importlib.metadata")
    try:
        installed = metadata.version("trapper-core")
    except metadata.PackageNotFoundError:
        pytest.skip("trapper-core is not installed (the tests run from the source tree)")
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert tc.__version__ == installed == project["project"]["version"]


def test_review_s57_the_sdist_holds_what_its_tests_read() -> None:
    """The sdist held the tests but not ``.ci/run``, which a test reads, nor
    a license text for the MIT license it declares."""
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    included = project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert {".ci", "LICENSE", "tests"} <= set(included)
    assert project["project"]["license-files"] == ["LICENSE"]
    assert (Path(__file__).parent.parent / "LICENSE").read_text().startswith("MIT License")


# ---------------------------------------------------------------------------
# A typed user's and a checkpointing user's library
# ---------------------------------------------------------------------------


def test_review_s57_assert_variant_conforms_takes_check_variants_arguments() -> None:
    """``assert_variant_conforms(variant, **options: object)`` let a type
    checker pass a misspelt option, which failed at run time."""
    import inspect

    from trapper_core.conformance import assert_variant_conforms, check_variant

    asserting = inspect.signature(assert_variant_conforms).parameters
    checking = inspect.signature(check_variant).parameters
    assert list(asserting.values()) == list(checking.values())


def test_review_s57_the_built_in_bots_are_bots() -> None:
    """The built-in bots did not derive from the ``Bot`` protocol, so a list
    of two kinds of them was a ``list[object]`` to mypy, which ``play``
    refused (the docs' first example)."""
    for bot in (tc.RandomBot, tc.GreedyBot, tc.ISMCTSBot):
        assert tc.Bot in bot.__mro__


def test_review_s57_a_greedy_bot_that_has_played_pickles_and_plays_on_alike() -> None:
    """A greedy bot kept its variants' rules (plugin modules) after its
    first decision and could no longer be pickled or deep-copied."""
    game = tc.new_game("base", 2, seed=5)
    bots = [tc.GreedyBot(1), tc.GreedyBot(2)]
    for _ in range(12):
        assert game.to_move is not None
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    saved, deep = pickle.dumps(bots), copy.deepcopy(bots)
    ours = game.copy()
    tc.play(ours, bots)
    for copied in (pickle.loads(saved), deep):
        theirs = game.copy()
        tc.play(theirs, copied)
        assert theirs.history == ours.history


def test_review_s57_what_does_not_pickle_says_why() -> None:
    """A used search bot, a sampler and a registry failed to pickle with
    "cannot pickle 'module' object": now each says what it holds and what
    to do instead."""
    view = tc.new_game("base", 2, seed=1).view(0)
    searcher = tc.ISMCTSBot(1, iterations=5)
    copy.deepcopy(searcher)  # before its first choice: a bot of seeds and dials
    searcher.choose(view)
    cases = [
        (searcher, "an ISMCTSBot that has chosen is not pickled"),
        (tc.Sampler(view), "a Sampler is not pickled"),
        (tc.Registry(), "a Registry is not pickled"),
    ]
    for value, told in cases:
        with pytest.raises(TypeError, match=told):
            pickle.dumps(value)
        with pytest.raises(TypeError, match=told):
            copy.deepcopy(value)
        assert copy.copy(value) is not value  # a shallow copy shares what it holds
    game = tc.new_game("base", 2, seed=1, registry=copy.copy(tc.Registry()))
    assert copy.copy(searcher).choose(game.view(0)) in game.legal_actions()
    assert isinstance(copy.copy(tc.Sampler(view)).sample(random.Random(1)), tc.Game)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_review_s57_a_record_read_from_text_pickles_by_every_protocol(protocol: int) -> None:
    """A record read from text holds its move text as stretches, a class of
    slots that protocols 0 and 1 could not pickle."""
    game = tc.new_game("base", 2, seed=1)
    game.apply_text("pass")
    (record,) = notation.loads(notation.dumps(game))
    assert pickle.loads(pickle.dumps(record, protocol=protocol)) == record
