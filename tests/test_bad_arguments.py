"""Issue 10, hostile arguments: each public entry point refuses a bad one with
a documented error (a `TrapperError` that is also a `ValueError`) saying what
is wrong, and leaves every object as it was."""

from __future__ import annotations

import copy
import pickle
import re
from array import array
from collections.abc import Callable
from typing import Any

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import notation
from trapper_core.notation import (
    Comment,
    Move,
    Mover,
    Position,
    Record,
    RecordError,
    SetupSpec,
    TurnNumber,
)


def played(undo: bool = True, actions: int = 25) -> tc.Game:
    game = tc.new_game("base", 2, seed=1, undo=undo)
    return tc.play(game, [tc.GreedyBot(0), tc.GreedyBot(1)], max_actions=actions)


def refused(call: Callable[[], object], kind: type[Exception], match: str) -> Exception:
    """Calls ``call``, which must raise ``kind`` (a documented error: a
    `TrapperError` and a `ValueError`) with ``match`` in its message."""
    with pytest.raises(kind, match=match) as err:
        call()
    assert isinstance(err.value, tc.TrapperError)
    assert isinstance(err.value, ValueError)
    return err.value


# ----------------------------------------------------------------------
# 1. The writer writes only what the reader reads back
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"Event": "Club\rnight"}, "the tag Event is one line"),
        ({"Event": "Club\nnight"}, "the tag Event is one line"),
        ({"Bad Name": "x"}, "a tag's name is a letter then letters, digits or '_'"),
        ({"Round]": "1"}, r"not 'Round\]'"),
        ({"1Round": "1"}, "not '1Round'"),
        ({"Rundé": "1"}, "not 'Rundé'"),
        ({"": "1"}, "not ''"),
    ],
)
def test_issue10_dumps_refuses_a_tag_it_could_not_read_back(
    tags: dict[str, str], message: str
) -> None:
    game = played()
    refused(lambda: Record.from_game(game, **tags), RecordError, message)
    # A record built with the tag is refused when written, the same way.
    record = Record(
        (*Record.from_game(game).tags.pairs, *tags.items()), Record.from_game(game).items
    )
    refused(lambda: notation.dumps(record), RecordError, message)
    refused(lambda: record.text, RecordError, message)


def test_issue10_dumps_writes_every_tag_it_accepts_so_that_loads_reads_it_back() -> None:
    game = played()
    value = 'a "quoted" \\ value\twith\x0bodd\x0c\x85\u2028characters'
    record = Record.from_game(game, Event=value, Club_2="x", z9="")
    (back,) = notation.loads(notation.dumps(record))
    assert back == record
    assert back.tags["Event"] == value


def test_issue10_dumps_refuses_a_line_comment_with_a_carriage_return() -> None:
    # The comment refuses it when made, before any record holds it.
    refused(
        lambda: Comment("one\rtwo", to_end_of_line=True), RecordError, "a ';' comment is one line"
    )


def test_issue10_a_player_name_with_a_carriage_return_is_not_written() -> None:
    record = Record([("Seat1", "A\rB")], [TurnNumber(1), Move("pass")])
    refused(lambda: record.text, RecordError, "one line")
    # The Mover refuses it when made.
    refused(lambda: Mover("A\rB"), RecordError, "a Mover's name is one line")


# ----------------------------------------------------------------------
# 2. Arguments of the wrong type
# ----------------------------------------------------------------------
def test_issue10_new_game_and_replay_refuse_a_registry_that_is_not_one() -> None:
    refused(lambda: tc.new_game("base", 2, registry=1), tc.SetupError, "registry is a Registry")  # type: ignore[arg-type]
    (record,) = notation.loads(notation.dumps(played()))
    refused(lambda: record.replay(registry=1), tc.SetupError, "registry is a Registry, not int")  # type: ignore[arg-type]
    data = played().to_dict()
    refused(lambda: tc.Game.from_dict(data, registry=1), tc.SetupError, "registry is a Registry")  # type: ignore[arg-type]
    # None still means the installed variants.
    assert record.replay(registry=None) == played()
    assert tc.new_game("base", 2, seed=1, registry=tc.Registry()) == tc.new_game("base", 2, seed=1)


@pytest.mark.parametrize("shuffles", [5, 2.5, "BEGP", b"\x00", object()])
def test_issue10_apply_refuses_shuffles_that_are_not_a_list_and_changes_nothing(
    shuffles: Any,
) -> None:
    game = played(actions=5)
    before, legal = game.to_dict(), game.legal_actions()
    error = refused(
        lambda: game.apply(legal[0], shuffles=shuffles),
        tc.IllegalActionError,
        "shuffles is a list of shuffles' outcomes",
    )
    assert isinstance(error, tc.IllegalActionError)
    assert game.to_dict() == before
    assert game.legal_actions() == legal
    game.apply(legal[0])  # and the game plays on


def test_issue10_from_game_and_dumps_refuse_what_is_no_game_or_record() -> None:
    refused(lambda: Record.from_game(5), RecordError, "made from a Game, not int")  # type: ignore[arg-type]
    refused(lambda: notation.dumps(None), RecordError, "not NoneType")  # type: ignore[arg-type]
    refused(lambda: notation.dumps(5), RecordError, "not int")  # type: ignore[arg-type]
    refused(lambda: notation.dumps("text"), RecordError, "not str")  # type: ignore[arg-type]
    refused(lambda: notation.dumps([played(), "text"]), RecordError, "not str")  # type: ignore[list-item]
    # A view is named by its public class, not the private one Game.view makes.
    view: Any = played().view(0)
    refused(lambda: Record.from_game(view), RecordError, "made from a Game, not PlayerView$")
    refused(lambda: notation.dumps([view]), RecordError, "not PlayerView$")


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ({"tag_lines": None}, "tag_lines are a sequence of line numbers, not None"),
        ({"tag_lines": [1, -2]}, "tag_lines are line numbers, whole numbers from 0 .*not -2"),
        ({"tag_lines": range(-1, 1)}, "not -1"),
        ({"line": "x"}, "line is a whole number from 0 .*not 'x'"),
        ({"line": -5}, "not -5"),
        ({"line": True}, "not True"),
        ({"note_places": "ab"}, "note_places are numbers, whole numbers from 0 .*not 'a'"),
        ({"note_places": (1, 2, 3)}, "a line and a column a note, not 3 numbers"),
        ({"note_places": array("d", [-1.5, 2.0])}, "not -1.5"),
        ({"note_places": array("q", [-1, 2])}, "not -1"),
    ],
)
def test_a_record_says_where_it_stands_in_line_numbers(
    where: dict[str, Any], message: str
) -> None:
    tags = [("Variant", "base"), ("Seat1", "A"), ("Seat2", "B")]
    refused(lambda: Record(tags, **where), RecordError, message)
    assert Record(tags, line=1, tag_lines=range(1, 4), note_places=[5, 7]).line == 1


def test_a_record_keeps_its_own_copy_of_an_array_of_note_places() -> None:
    """The reader hands a record an ``array('q')`` of note places; one a
    caller hands it is copied too, so changing the caller's array later
    leaves the record (and the places its replay errors name) as made."""
    from trapper_notation.replay import note_places

    tags = [("Variant", "base"), ("Seat1", "A"), ("Seat2", "B")]
    places = array("q", [5, 7, 6, 1])
    record = Record(tags, line=1, note_places=places)
    places[0] = 99
    places.append(3)
    assert list(note_places(record)) == [5, 7, 6, 1]


def test_a_record_takes_where_it_stands_as_any_whole_numbers() -> None:
    """A NumPy array or integer, read by ``__index__`` as seeds and shuffles
    are (an array's ``== ()`` raised NumPy's own error)."""

    class Whole:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    class Numbers(list[Whole]):
        def __eq__(self, other: object) -> bool:  # as a NumPy array compares
            raise ValueError("operands could not be broadcast together")

        __hash__ = None

    tags = [("Variant", "base"), ("Seat1", "A"), ("Seat2", "B")]
    loose: Any = Record
    record = loose(
        tags,
        line=Whole(2),
        tag_lines=[Whole(2), Whole(3), Whole(4)],
        note_places=Numbers([Whole(9), Whole(12)]),
    )
    assert record.line == 2
    assert type(record.line) is int
    assert record.tag_line("Seat1") == 3


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([1, 2], r"tags are \(name, value\) pairs, not 1"),
        ("ab", r"tags are \(name, value\) pairs, not 'ab'"),
        (None, "a sequence of .* pairs, not None"),
        ([("Event", 1)], r"a tag's name and value are str, not \('Event', 1\)"),
    ],
)
def test_tags_made_in_code_are_pairs_of_str(pairs: Any, message: str) -> None:
    """``Tags`` made directly checks its pairs as a record does (``Tags([1,
    2])["x"]`` raised a TypeError when read, ``Tags("ab").keys()`` a bare
    ValueError)."""
    refused(lambda: notation.Tags(pairs), RecordError, message)
    assert notation.Tags({"Event": "Club"})["Event"] == "Club"
    assert list(notation.Tags([("Round", "2")]).keys()) == ["Round"]


def test_issue10_a_record_holds_only_items() -> None:
    tags = [("Variant", "base"), ("Seat1", "A"), ("Seat2", "B")]
    refused(lambda: Record(tags, ["pass"]), RecordError, "items are .* objects, not 'pass'")  # type: ignore[list-item]
    refused(lambda: Record(tags, 5), RecordError, "items are a sequence, not 5")  # type: ignore[arg-type]
    refused(lambda: Record(tags, [], preface=[Move("pass")]), RecordError, "preface comments")  # type: ignore[list-item]

    class Remark(Comment):
        pass

    record = Record(tags, [Remark("a subclass is an item")])
    assert record.text.endswith("{a subclass is an item}\n*\n")


def test_issue10_format_record_refuses_an_item_that_is_no_item() -> None:
    class Like:
        preface: tuple[Comment, ...] = ()
        tags = (("Seat1", "A"),)
        items = ("pass",)

    refused(lambda: notation.format_record(Like()), RecordError, "not 'pass'")  # type: ignore[arg-type]


@pytest.mark.parametrize("part", ["board", "deck", "trappers", "box"])
def test_issue10_a_setup_of_parts_that_are_no_sequences_is_a_setup_error(part: str) -> None:
    setup = tc.new_game("base", 2, seed=1).setup
    parts: dict[str, Any] = {
        "board": setup.board,
        "deck": setup.deck,
        "trappers": setup.trappers,
        "box": setup.box,
    }
    parts[part] = None
    refused(lambda: tc.Setup(**parts), tc.SetupError, f"a setup's {part} .*, not None")
    parts[part] = list(getattr(setup, part))
    assert tc.Setup(**parts) == setup  # lists do, as before


# ----------------------------------------------------------------------
# 3. Bad position and setup strings are TrapperErrors
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "a setup string is a str, not NoneType"),
        ("8/8/8 d5e5d4e4 1 ? ?", "8 ranks"),
        ("9/8/8/8/8/8/8/8 d5e5d4e4 1 ? ?", "rank 8: .* not a tile code"),
        ("7/8/8/8/8/8/8/8 d5e5d4e4 1 ? ?", "rank 8 describes 7 squares"),
        ("8/8/8/8/8/8/8/8 d5e5 1 ? ?", "four trapper squares"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4 0 ? ?", "the start player is a seat letter"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4 1 BXG ?", "the deck is written with B, E, G, P"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4 1 ? B3nQ", "the box 'B3nQ'"),
        ("8/8/8/8/8/8/8/8", "5 fields"),
    ],
)
def test_issue10_a_bad_setup_string_is_a_setup_error(text: Any, message: str) -> None:
    refused(lambda: SetupSpec.parse(text), tc.SetupError, message)


def test_issue10_a_bad_position_string_is_a_notation_error() -> None:
    good = str(Position.from_game(tc.new_game("base", 2, seed=1)))
    assert Position.parse(good) == Position.from_game(tc.new_game("base", 2, seed=1))
    fields = good.split()
    cases: list[tuple[Any, str]] = [
        (None, "a position string is a str, not NoneType"),
        ("", "14 fields, not 0"),
        ("8/8", "14 fields, not 1"),
        (good.replace("d5e5", "z9e5"), "position string, field 2 .trappers.: .*z9"),
        (" ".join(["8/8/8", *fields[1:]]), "field 1 .board.: the board has 8 ranks"),
        (" ".join([fields[0], fields[1], "E", *fields[3:]]), "the player to move"),
    ]
    for text, message in cases:
        refused(lambda: Position.parse(text), notation.NotationError, message)  # noqa: B023


# ----------------------------------------------------------------------
# 4. A game without undo stays one through copy, deepcopy and pickle
# ----------------------------------------------------------------------
@pytest.mark.parametrize("undo", [True, False])
def test_issue10_copy_deepcopy_and_pickle_keep_whether_a_game_keeps_undo(undo: bool) -> None:
    game = played(undo=undo)
    for made in (
        game.copy(),
        copy.copy(game),
        copy.deepcopy(game),
        pickle.loads(pickle.dumps(game)),
        pickle.loads(pickle.dumps(game, protocol=0)),
    ):
        assert made == game
        assert made.keeps_undo is undo
        assert made.outcomes() == game.outcomes()
        if undo:
            assert made.undo() == game.history[-1]
        else:
            with pytest.raises(tc.UndoError):
                made.undo()
        made.apply(made.legal_actions()[0])
    assert game == played(undo=undo)  # the copies were independent


@pytest.mark.parametrize("text", ["x" * 100_000, "B" + "a" * 5_000, "pass" + " y" * 300])
def test_issue10_a_long_action_text_is_refused_in_a_short_message(text: str) -> None:
    """No action is written in more than MAX_ACTION_TEXT characters: a longer
    text is refused at once, in a message that does not quote it whole (a
    100 kB text once came back in a 100 kB message)."""
    from trapper_core.game import MAX_ACTION_TEXT

    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(
        tc.ActionSyntaxError, match=f"at most {MAX_ACTION_TEXT} characters"
    ) as error:
        game.parse_action(text)
    assert len(str(error.value)) < 200
    assert game.legal_actions()  # nothing changed


def _step_with_canoe_choice() -> tuple[tc.Game, Any]:
    """A base game at a step whose taken tile may go into an open canoe (D6)."""
    import random

    from trapper_base import IntoCanoe, Step

    game = tc.new_game("base", 2, seed=0)
    rng = random.Random(0)
    while True:
        choices = [
            a
            for a in game.legal_actions()
            if isinstance(a, Step) and isinstance(a.placement, IntoCanoe)
        ]
        if choices:
            return game, choices[0]
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(
    "build",
    [
        lambda: __import__("trapper_base").IntoCanoe(tc.Species.BEAR, True),
        lambda: __import__("trapper_base").IntoCanoe(tc.Species.BEAR, 1.0),
        lambda: __import__("trapper_base").Gather(herb=True),
        lambda: __import__("trapper_base").Gather(mushroom=False),
        lambda: __import__("trapper_base").Gather(animals=(True,)),
        lambda: __import__("trapper_tactical").Take(tc.Square.parse("e6"), (True, 0, 0, 0)),
        lambda: __import__("trapper_tactical").Take(tc.Square.parse("e6"), (1, 0, 0, 0), "x"),
    ],
)
def test_an_action_field_that_only_equals_a_whole_number_is_refused(
    build: Callable[[], object],
) -> None:
    """``True == 1``: an action holding ``True`` would equal the listed one and
    yet be written ``>CBTrue``, which no record reads back."""
    with pytest.raises(tc.ActionFieldError):
        build()


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda tt: tt.Open(tc.Colour.BLUE, 0),
            "Open: bid is a whole number of at least 1, not 0",
        ),
        (lambda tt: tt.Open(tc.Colour.BLUE, -2), "at least 1, not -2"),
        (lambda tt: tt.Bid(0), "Bid: bid is a whole number of at least 1, not 0"),
        (
            lambda tt: tt.Take(tc.Square.parse("c5"), (3, -2, 0, 0)),
            r"Take: cards are four counts of 0 or more, one per colour, not \(3, -2, 0, 0\)",
        ),
    ],
)
def test_R41_R43_a_bid_below_1_or_a_negative_count_of_cards_is_refused_when_made(
    build: Callable[[Any], object], message: str
) -> None:
    """Bids are of 1 or more (R41, R42) and a take pays counts of cards
    (R43): such an action is refused when it is made, not later by a rule
    that would give a false reason (a bid of 0 "more than the hand can
    pay")."""
    import trapper_tactical as tt

    with pytest.raises(tc.ActionFieldError, match=message):
        build(tt)


def test_apply_keeps_the_listed_action_not_an_equal_copy() -> None:
    game, listed = _step_with_canoe_choice()
    import attrs

    equal = attrs.evolve(listed)
    game.apply(equal)
    assert game.history[-1] is listed
    assert tc.Game.from_dict(game.to_dict()).history == game.history
    assert pickle.loads(pickle.dumps(game)).history == game.history


@pytest.mark.parametrize("listed_first", [True, False])
def test_an_action_subclass_that_equals_everything_is_refused_and_changes_nothing(
    listed_first: bool,
) -> None:
    from trapper_base import Step

    class Anything(Step):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = Step.__hash__

    game, listed = _step_with_canoe_choice()
    if not listed_first:
        game = pickle.loads(pickle.dumps(game))  # nothing listed: a replay's path
    before = game.to_dict()
    evil = Anything(listed.trapper, listed.square, listed.payment, listed.placement)
    assert not game.is_legal(evil)
    refused(lambda: game.apply(evil), tc.IllegalActionError, "no action like")
    assert game.to_dict() == before


def test_a_long_variant_name_is_cut_in_the_message() -> None:
    error = refused(lambda: tc.new_game("x" * 100_000), tc.UnknownVariantError, "no variant")
    assert "x" * 61 not in str(error)  # the name cut, the advice after it whole
    assert len(str(error)) < 500


@pytest.mark.parametrize("version", [True, 1.0])
def test_from_dict_refuses_a_version_that_only_equals_1(version: object) -> None:
    data = played().to_dict()
    data["version"] = version
    refused(lambda: tc.Game.from_dict(data), tc.GameFormatError, "version")


def test_read_game_says_it_reads_streams_not_paths(tmp_path: Any) -> None:
    path = tmp_path / "game.trn"
    path.write_text(notation.dumps(played()))
    for source in (str(path), path):
        refused(
            lambda source=source: notation.read_game(source),  # type: ignore[misc]
            notation.NotationError,
            "open the file first",
        )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: __import__("trapper_base").Exchange(5), "Exchange: species is one or more"),
        (
            lambda: __import__("trapper_base").Exchange([tc.Species.BEAR, "x"]),
            "Exchange: species is one or more",
        ),
        (lambda: __import__("trapper_tactical").Take(tc.SQUARES[0], 5), "Take: cards are four"),
        (lambda: __import__("trapper_tactical").Bid(-(10**5000)), "of 16610 bits"),
        (
            lambda: __import__("trapper_tactical").Take(tc.SQUARES[0], [-(10**5000)]),
            "too large to show",
        ),
        (lambda: tc.Square(True), "not True"),
        (lambda: tc.Square(64), "not 64"),
    ],
)
def test_an_action_or_square_made_of_what_its_converter_cannot_take_is_an_action_field_error(
    build: Callable[[], object], message: str
) -> None:
    refused(build, tc.ActionFieldError, message)


@pytest.mark.parametrize(
    "junk", ["x" * 100_000, 10**5000, ("x",) * 100_000], ids=["text", "number", "tuple"]
)
def test_apply_refuses_a_huge_non_action_in_a_short_message(junk: object) -> None:
    game = played()
    before = game.to_dict()
    for listed in (True, False):
        if listed:
            game.legal_actions()
        error = refused(lambda: game.apply(junk), tc.IllegalActionError, "is not an action")  # type: ignore[arg-type]
        assert len(str(error)) < 300
        assert game.to_dict() == before


# The bots' constructors, typed loosely: what follows gives them what their types refuse.
loose: Any = tc


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: loose.RandomBot("x"),
            "a bot's seed is a whole number of 0 or more, or None, not 'x'",
        ),
        (lambda: loose.RandomBot(-5), "not -5"),  # random.Random(-5) is random.Random(5)
        (lambda: loose.make_bot("ismcts", -1), "a bot's seed is a whole number of 0 or more"),
        (lambda: loose.RandomBot(1.5), "not 1.5"),
        (lambda: loose.GreedyBot(True), "not True"),
        (lambda: loose.make_bot("random", b"seed"), "a bot's seed"),
        (lambda: loose.GreedyBot(card_value="1"), "card_value is a number, not '1'"),
        (lambda: loose.GreedyBot(card_value=float("nan")), "card_value is a finite number"),
        (lambda: loose.GreedyBot(hand_limit=-1), "hand_limit is a whole number of at least 0"),
        (lambda: loose.GreedyBot(hand_limit=2.5), "hand_limit is a whole number"),
        (lambda: loose.GreedyBot(registry="base"), "registry is a Registry, not str"),
        (lambda: loose.ISMCTSBot(iterations=2.5), "iterations is a whole number of at least 1"),
        (lambda: loose.ISMCTSBot(seconds="1"), "seconds is a number, not '1'"),
        (lambda: loose.ISMCTSBot(rollout=-1), "rollout is a whole number of at least 0"),
        (lambda: loose.ISMCTSBot(exploration=float("inf")), "exploration is a finite number"),
        (lambda: loose.ISMCTSBot(bias=-0.5), "bias is a number of at least 0"),
        (lambda: loose.ISMCTSBot(scale=0), "scale is a number above 0"),
        (lambda: loose.ISMCTSBot(scale=10**400), "scale is a finite number"),
        (lambda: loose.ISMCTSBot(registry=5), "registry is a Registry, not int"),
    ],
)
def test_a_bot_made_with_a_bad_seed_or_dial_is_a_setup_error(
    make: Callable[[], object], message: str
) -> None:
    # random.Random would take text, bytes and floats as seeds; a bot's seed
    # is a whole number, and its dials are checked when it is made rather
    # than failing (or dividing by zero) in the middle of a game.
    with pytest.raises(tc.SetupError, match=re.escape(message)):
        make()


def test_a_bot_takes_any_whole_number_as_its_seed() -> None:
    class Seven:
        def __index__(self) -> int:
            return 7

    picks = [loose.RandomBot(seed).rng.random() for seed in (7, Seven(), None)]
    assert picks[0] == picks[1] != picks[2]


# ----------------------------------------------------------------------
# A value nested too deep for repr() in an error message
# ----------------------------------------------------------------------
def _deep(levels: int = 100_000) -> list[Any]:
    """A list nested ``levels`` deep: repr() of it exceeds the recursion limit."""
    deep: list[Any] = []
    inner = deep
    for _ in range(levels):
        inner.append([])
        inner = inner[0]
    return deep


def _deep_board() -> dict[str, Any]:
    data = tc.new_game("base", 2, seed=1).to_dict()
    data["setup"]["board"] = _deep()
    return data


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (lambda g: g.apply(_deep()), tc.IllegalActionError, "is not an action"),
        (
            lambda g: g.apply(g.legal_actions()[0], shuffles=[_deep()]),
            tc.IllegalActionError,
            "a shuffle's outcome holds colour indices",
        ),
        (lambda g: g.view(_deep()), tc.SetupError, "a player is a seat number"),
        (lambda g: g.at(_deep()), tc.UndoError, "at takes a number of actions"),
        (
            lambda g: tc.new_game("base", 2, seed=_deep()),  # type: ignore[arg-type]
            tc.SetupError,
            "a seed is a whole",
        ),
        (
            lambda g: tc.new_game(_deep(), 2),  # type: ignore[arg-type]
            tc.UnknownVariantError,
            "no variant is called",
        ),
        (lambda g: Record(tags=_deep()), RecordError, "a record's tags are"),
        (lambda g: tc.Game.from_dict(_deep_board()), tc.GameFormatError, "is not a tile code"),
    ],
    ids=[
        "Game.apply",
        "Game.apply shuffles",
        "Game.view",
        "Game.at",
        "new_game seed",
        "new_game variant",
        "Record tags",
        "Game.from_dict board",
    ],
)
def test_a_value_nested_too_deep_to_repr_meets_the_documented_error(
    call: Callable[[tc.Game], object], kind: type[Exception], message: str
) -> None:
    """Before, the error message's repr() raised a bare RecursionError.
    (Game.at's UndoError is an IndexError, not a ValueError.)"""
    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(kind, match=message) as error:
        call(game)
    assert isinstance(error.value, tc.TrapperError)
    assert "[[[[[[[...]]]]]]]" in str(error.value)


def test_shown_never_raises() -> None:
    """errors.shown, which every error message about a bad value uses, keeps
    repr() for ordinary values and never raises: not for a value too deep
    for repr(), nor for a __repr__ that raises."""
    from trapper_core.errors import shown

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    broken = Broken()
    assert shown([1, "a"]) == "[1, 'a']"
    assert shown("x" * 100) == "'" + "x" * 58 + "…"
    assert shown(10**300).startswith("a whole number of ")
    assert shown([10**5000]) == "a list too large to show"
    assert shown(_deep()) == "[[[[[[[...]]]]]]]"
    assert shown(broken) == f"<Broken instance at {id(broken):#x}>"
    assert shown([broken]) == f"[<Broken instance at {id(broken):#x}>]"


def test_shown_never_raises_for_objects_that_break_plain_questions() -> None:
    """A ``__class__`` that raises (asked by isinstance), and a ``__repr__``
    answering a str subclass whose ``len`` raises (found by a review)."""
    from trapper_core.errors import shown

    class NoClass:
        def __getattribute__(self, name: str) -> object:
            if name == "__class__":
                raise RuntimeError("no class")
            return object.__getattribute__(self, name)

    class Text(str):
        def __len__(self) -> int:
            raise RuntimeError("no len")

    class TextRepr:
        def __repr__(self) -> str:
            return Text("x" * 100)

    no_class = shown(NoClass())  # (pytest's assert would ask the object itself)
    assert no_class.startswith("<tests.test_bad_arguments.")  # object's repr, cut
    assert shown(TextRepr()) == "x" * 59 + "…"


@pytest.mark.parametrize("kind", [5, "Colour", None])
def test_exactly_takes_types_and_says_so(kind: Any) -> None:
    """A plugin author's slip (``exactly(5)``) is a PluginError naming what
    was given (it raised AttributeError from the type's missing name)."""
    with pytest.raises(tc.PluginError, match="exactly takes the types a field may hold, not"):
        tc.exactly(kind)
    check = tc.exactly(int, optional=True)
    check(None, None, None)  # a type, and None when optional: no error


def test_review_s55_a_name_of_a_str_subclass_is_kept_as_a_plain_str() -> None:
    """``new_game`` took NumPy's ``str_`` names as they were, and every
    writer of the game failed later (a tag's value is a plain ``str``); a
    subclass whose ``isprintable`` said yes slipped a line end into a name."""

    class Numpyish(str):
        pass

    class Liar(str):
        def isprintable(self) -> bool:
            return True

        def strip(self, chars: str | None = None) -> str:
            return "x"

    game = tc.new_game("base", [Numpyish("Ann"), Numpyish("Bob")], seed=1)
    assert [type(name) for name in game.players] == [str, str]
    assert notation.loads(notation.dumps(game))[0].replay() == game
    for bad in ("a\nb", " "):
        with pytest.raises(tc.SetupError, match="a line of printable text"):
            tc.new_game("base", [Liar(bad), "c"])


@pytest.mark.parametrize("code", ["B٣n", "B３n", "CB２e", "H٤s", "F¹w"])
def test_review_s55_a_tile_code_takes_ascii_digits_only(code: str) -> None:
    """``Tile.from_code`` read any Unicode digit (``int`` does), so that
    ``from_dict`` took ``"F٥w"`` and wrote it back as ``"F5w"``, where every
    other reader of the notation takes ASCII digits alone."""
    refused(lambda: tc.Tile.from_code(code), tc.SetupError, "is not a tile face")


def test_review_s55_play_takes_max_actions_of_any_whole_number_type() -> None:
    """``play`` refused a NumPy integer for ``max_actions``, which
    ``simulate`` and the rest of the library take."""

    class Whole:
        def __index__(self) -> int:
            return 3

    bots = [tc.RandomBot(1), tc.RandomBot(2)]
    whole: Any = Whole()  # a whole number, as operator.index reads one
    game = tc.play(tc.new_game("base", 2, seed=1), bots, max_actions=whole)
    assert len(game.history) == 3
    for bad in (-1, 2.0, True, "3"):
        refused(
            lambda bad=bad: tc.play(  # type: ignore[misc]
                tc.new_game("base", 2, seed=1), bots, max_actions=bad
            ),
            tc.SetupError,
            "max_actions takes a whole number of 0 or more",
        )


@pytest.mark.parametrize("tag", ["Seat01", "Seat0"])
def test_review_s55_a_seat_tag_of_no_seat_is_told_at_its_line(tag: str) -> None:
    """With ``[Seat01 "Ann"]`` for ``[Seat1 "Ann"]`` the replay said that no
    Seat tags name the players, at the game's first line."""
    text = notation.dumps(tc.new_game("base", ["Ann", "Bob"], seed=1))
    line = text.splitlines().index('[Seat1 "Ann"]') + 1
    record = notation.loads(text.replace('[Seat1 "Ann"]', f'[Seat{tag[4:]} "Ann"]'))[0]
    refused(record.replay, notation.RecordError, f"line {line}: {tag} is no seat's tag")


def test_review_s55_an_unread_action_text_names_the_legal_texts_closest_to_it() -> None:
    """``Gc4/EEE`` was answered with the first four legal actions
    (``'Bc5', 'Bc5/GG', …``), whatever was typed."""
    game = tc.new_game("base", 2, seed=1)
    texts = [game.action_text(a) for a in game.legal_actions()]
    assert {"Gc4", "Gc4/BB", "pass"} <= set(texts)
    refused(lambda: game.parse_action("Gc44"), tc.ActionSyntaxError, "did you mean 'Gc4'")
    refused(lambda: game.parse_action("pas"), tc.ActionSyntaxError, r"did you mean 'pass'\?")
    refused(lambda: game.parse_action("gc4/bb"), tc.ActionSyntaxError, "did you mean 'Gc4/BB'")
    refused(  # nothing alike: the first few legal texts
        lambda: game.parse_action("xyz"),
        tc.ActionSyntaxError,
        "legal now are, for instance, " + ", ".join(map(repr, texts[:4])),
    )


def test_review_s56_parse_action_reads_a_str_subclass_by_strs_own_strip() -> None:
    class Sly(str):
        def strip(self, chars: str | None = None) -> str:
            return "pass"

    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(tc.ActionSyntaxError, match="'zzz' is not an action"):
        game.parse_action(Sly("zzz"))
    assert game.parse_action(Sly(" pass ")) == tb.PASS
