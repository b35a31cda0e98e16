"""The notation: reading, writing, replaying, and hostile input."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapper_core as tc
from trapper_core import notation
from trapper_core.bots import QUICK_BOTS
from trapper_core.cli import transcript
from trapper_core.notation import (
    UNKNOWN,
    Comment,
    Move,
    Mover,
    NotationSyntaxError,
    Notes,
    Record,
    RecordError,
    Reveal,
    SetupSpec,
    Shuffle,
    TurnNumber,
)

from .helpers import check_replay_place, make_setup

RECORDS = Path(__file__).parent / "records"
VARIANTS = ("base", "children", "tactical")


def bot_game(variant: str, players: int, seed: int, kind: str) -> tc.Game:
    game = tc.new_game(variant, players, seed=seed)
    return tc.play(game, [tc.make_bot(kind, seed + i) for i in range(players)])


# ----------------------------------------------------------------------
# Round trips
# ----------------------------------------------------------------------


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**40),
    kind=st.sampled_from(QUICK_BOTS),
)
def test_every_engine_game_writes_reads_and_replays_identically(
    variant: str, players: int, seed: int, kind: str
) -> None:
    game = bot_game(variant, players, seed, kind)
    record = Record.from_game(game)
    text = notation.dumps(game)
    (read,) = notation.loads(text)
    assert read == record  # parse(write(x)) == x
    assert notation.dumps(read) == text  # write(parse(t)) == t
    again = read.replay()
    assert again == game
    assert again.scores() == game.scores()


def test_unfinished_games_round_trip_too() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    tc.play(game, [tc.RandomBot(i) for i in range(3)], max_actions=25)
    (record,) = notation.loads(notation.dumps(game))
    assert record.result is None
    assert record.replay() == game


def test_several_games_in_one_text() -> None:
    games = [bot_game(v, 2, 3, "greedy") for v in VARIANTS]
    records = notation.loads(notation.dumps(games))
    assert [r.number for r in records] == [1, 2, 3]
    assert [r.replay() for r in records] == games


def test_dump_and_load_files(tmp_path: Path) -> None:
    game = bot_game("base", 2, 9, "random")
    path = tmp_path / "game.trn"
    with path.open("w") as file:
        notation.dump(game, file)
    with path.open("rb") as file:
        assert notation.load(file)[0].replay() == game


def test_dump_writes_to_a_path_as_load_reads_one(tmp_path: Path) -> None:
    games = [bot_game(v, 2, 3, "random") for v in VARIANTS]
    path = tmp_path / "games.trn"
    for game in games:  # each call appends, from a file that is not there yet
        notation.dump(game, path, append=True)
    assert path.read_text(encoding="utf-8") == notation.dumps(games)
    notation.dump(games[0], str(path))  # replaced
    assert notation.load(path) == [Record.from_game(games[0])]
    # Games that cannot be written leave the file as it was.
    before = path.read_bytes()
    for append in (False, True):
        with pytest.raises(RecordError):
            notation.dump([games[1], "no game"], path, append=append)  # type: ignore[list-item]
    assert path.read_bytes() == before
    with pytest.raises(
        notation.NotationError, match=r"^cannot write '.*: No such file or directory$"
    ):
        notation.dump(games[0], tmp_path / "missing" / "games.trn")
    with pytest.raises(notation.NotationError, match=r"cannot write .*: Is a directory"):
        notation.dump(games[0], tmp_path)
    with pytest.raises(notation.NotationError, match="append is True or False, not 'yes'"):
        notation.dump(games[0], path, append="yes")  # type: ignore[arg-type]
    assert path.read_bytes() == before


def test_issue10_a_failed_dump_to_a_path_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    """A write that fails halfway (a full disk; here the limit on a file's
    size) leaves the old file whole, replacing or appending: opened to be
    replaced, it was emptied at once and cut back to nothing."""
    import subprocess
    import sys
    import textwrap

    path = tmp_path / "games.trn"
    link = tmp_path / "link.trn"
    notation.dump(bot_game("base", 2, 1, "random"), path)
    path.chmod(0o640)
    link.symlink_to(path.name)
    before = path.read_bytes()
    script = textwrap.dedent(
        f"""
        import resource, signal
        import trapper_core as tc
        from trapper_core import notation
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        games = [tc.new_game("base", 2, seed=s) for s in range(40)]
        resource.setrlimit(resource.RLIMIT_FSIZE, ({len(before) + 100}, resource.RLIM_INFINITY))
        for target in ({str(path)!r}, {str(link)!r}, {str(tmp_path / "new.trn")!r}):
            for append in (False, True):
                try:
                    notation.dump(games, target, append=append)
                except notation.NotationError as exc:
                    print(exc)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.count(": File too large") == 6, done.stdout + done.stderr
    assert path.read_bytes() == before
    assert path.stat().st_mode & 0o777 == 0o640
    assert link.is_symlink()
    # No temporary file left, and a new file that could not be written whole is
    # not made (appended, it is cut back to nothing: a file to append to).
    assert set(tmp_path.iterdir()) <= {path, link, tmp_path / "new.trn"}
    assert not (tmp_path / "new.trn").exists() or (tmp_path / "new.trn").read_bytes() == b""
    notation.dump(bot_game("base", 2, 2, "random"), link)  # replaced through the link
    assert link.is_symlink()
    assert path.stat().st_mode & 0o777 == 0o640


def test_dump_to_a_path_writes_in_place_what_renaming_would_not_replace(
    tmp_path: Path,
) -> None:
    """A file with another name linked to it is written in place (renamed
    over, the other name kept the old text), and so is a pipe named by a path
    (``/dev/stdout`` read by another program: renaming beside its resolved
    name failed)."""
    import subprocess
    import sys

    path = tmp_path / "games.trn"
    path.write_text("old\n")
    other = tmp_path / "other.trn"
    other.hardlink_to(path)
    game = bot_game("base", 2, 3, "random")
    notation.dump(game, path)
    assert other.read_text() == path.read_text() == notation.dumps(game)
    script = (
        "import trapper_core as tc\nfrom trapper_core import notation\n"
        "notation.dump(tc.new_game('base', 2, seed=1), '/dev/stdout')\n"
    )
    if os.path.exists("/dev/stdout"):
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        )
        assert done.stdout == notation.dumps(tc.new_game("base", 2, seed=1))


def test_dump_and_the_readers_take_gzip_binary_streams_as_typed(tmp_path: Path) -> None:
    """``gzip.open(path)`` is an ``io.BufferedIOBase``, not a
    ``typing.BinaryIO``: ``dump``, ``load``, ``games`` and ``read_game``
    take it at run time and under ``mypy --strict`` (this file is checked)."""
    game = bot_game("base", 2, 9, "random")
    path = tmp_path / "games.trn.gz"
    with gzip.open(path, "wb") as file:
        notation.dump(game, file)
        notation.dump(game, file, append=True)
    with gzip.open(path) as file:
        assert [record.replay() for record in notation.load(file)] == [game, game]
    with gzip.open(path) as file:
        assert [record.number for record in notation.games(file)] == [1, 2]
    with gzip.open(path) as file:
        assert notation.read_game(file) == Record.from_game(game)


@pytest.mark.parametrize("mode", ["w", "wb"])
def test_dump_append_writes_games_one_at_a_time_as_one_dump_of_them_all(
    tmp_path: Path, mode: str
) -> None:
    games = [bot_game(v, 2, 3, "random") for v in VARIANTS]
    path = tmp_path / "games.trn"
    with path.open(mode) as file:
        for k, game in enumerate(games):
            notation.dump(game, file, append=k > 0)
    assert path.read_text(encoding="utf-8") == notation.dumps(games)
    with path.open(mode) as file:
        notation.dump(games[0], file)
        notation.dump([], file, append=True)  # nothing to write: no blank line either
    assert path.read_text(encoding="utf-8") == notation.dumps(games[0])
    with pytest.raises(notation.NotationError, match="append is True or False, not 1"):
        notation.dump(games[0], io.StringIO(), append=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["a", "ab"])
def test_dump_append_into_a_new_file_writes_no_blank_line_first(tmp_path: Path, mode: str) -> None:
    """A file kept up to date one game at a time, every call ``append=True``
    (the file opened to append each time): the first game goes first, as one
    ``dump`` of them all writes it, and a preface is still the file's."""
    games = [bot_game(v, 2, 3, "random") for v in VARIANTS]
    path = tmp_path / "games.trn"
    for game in games:
        with path.open(mode) as file:
            notation.dump(game, file, append=True)
    assert path.read_text(encoding="utf-8") == notation.dumps(games)
    prefaced = attrs.evolve(Record.from_game(games[0]), preface=(Comment("club night"),))
    stream = io.StringIO()
    notation.dump(prefaced, stream, append=True)
    assert notation.loads(stream.getvalue()) == [prefaced]
    with pytest.raises(notation.RecordError, match="only a file's first game has a preface"):
        notation.dump(prefaced, stream, append=True)


def test_transcript_of_a_game_whose_chance_did_not_come_from_its_seed() -> None:
    """A game replayed from a table record took its reshuffles from the
    record's deal: its transcript replays them so, and reads as the game
    it came from (without them it broke at the first reshuffle)."""
    game = bot_game("base", 4, 0, "random")
    replayed = Record.table_record(game).replay()
    assert replayed.state.shuffled
    assert transcript(replayed) == transcript(game)


def test_tags_and_moves_are_readable() -> None:
    game = bot_game("base", 2, 1, "greedy")
    record = Record.from_game(game, Event="Club night", Site="Brno")
    assert record.tag("Event") == "Club night"
    assert record.variant == "base"
    assert record.players == ("A", "B")
    assert record.result == game.scores()
    assert record.moves == tuple(t for _, texts in transcript(game) for t in texts)
    text = record.text
    assert text.startswith('[Event "Club night"]\n[Site "Brno"]\n')
    assert "\n\n1. A: " in text


def test_names_with_spaces_and_quotes_are_quoted() -> None:
    game = tc.new_game("base", ['Ann "the Hunter" Lee', "Bob"], seed=2)
    tc.play(game, [tc.GreedyBot(1), tc.GreedyBot(2)])
    text = notation.dumps(game)
    assert '1. "Ann \\"the Hunter\\" Lee": ' in text
    assert notation.loads(text)[0].replay() == game


# ----------------------------------------------------------------------
# The setup string
# ----------------------------------------------------------------------


def test_setup_string_round_trips() -> None:
    setup = tc.new_game("base", 4, seed=8).setup
    spec = SetupSpec.from_setup(setup)
    assert SetupSpec.parse(str(spec)) == spec
    assert SetupSpec.parse(str(spec)).to_setup() == setup
    assert str(spec).split()[1:3] == ["d5e5d4e4", "A"]


def test_setup_string_with_unknown_parts() -> None:
    spec = SetupSpec.parse("?")
    assert spec.board.count(UNKNOWN) == 64  # fitted to the variant's board at replay
    assert not spec.is_complete
    text = "8/8/8/3??3/2?B3n?3/8/8/8 d5e5d4e4 ? BE??" + "?" * 60 + " ?"
    spec = SetupSpec.parse(text)
    assert spec.board[tc.Square.parse("d4").index] == tc.Tile.from_code("B3n")
    assert spec.deck is not None
    assert spec.deck[:3] == (tc.Colour.BLUE, tc.Colour.BEIGE, None)
    assert spec.start_player is None
    assert spec.box is None
    assert str(spec) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8/8/8 d5e5d4e4 1 ? ?", "8 ranks"),
        ("9/8/8/8/8/8/8/8 d5e5d4e4 1 ? ?", "not a tile code"),
        ("7/8/8/8/8/8/8/8 d5e5d4e4 1 ? ?", "7 squares"),
        ("8/8/8/8/8/8/8/8 d5e5 1 ? ?", "four trapper squares"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4 0 ? ?", "seat letter from A to Z"),
        # digits 1 to 4 are the seats of records before 0.3, which had four at most
        ("8/8/8/8/8/8/8/8 d5e5d4e4 5 ? ?", "seat letter from A to Z, not '5'"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4f4 A ? ?", "'d5e5d4e4f4' is not four trapper squares"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4 1 BXG ?", "B, E, G, P"),
        ("8/8/8/8/8/8/8/8 d5e5d4e4 1 ? B3nQ", "tile codes"),
        ("8/8/8/8/8/8/8/8", "5 fields"),
    ],
)
def test_setup_string_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SetupSpec.parse(text)


def test_setup_string_tile_codes_read_before_do_not_let_stray_characters_through() -> None:
    """A rank of tile codes read before is read again from what was kept;
    a rank that holds the same codes and something more is still refused."""
    good = str(SetupSpec.from_setup(tc.new_game("base", 2, seed=1).setup))
    assert SetupSpec.parse(good) == SetupSpec.parse(good)  # its codes are known now
    first = good.split("/")[0]
    for stray in ("!", "xyz"):
        bad = good.replace(first, first[:3] + stray + first[3:], 1)
        with pytest.raises(tc.SetupError, match=r"rank 8: .* is not a tile code"):
            SetupSpec.parse(bad)


def test_a_setup_with_an_unknown_card_is_not_complete() -> None:
    setup = tc.new_game("base", 2, seed=1).setup
    fields = str(SetupSpec.from_setup(setup)).split(" ")
    fields[3] = "?" + fields[3][1:]
    spec = SetupSpec.parse(" ".join(fields))
    assert spec.deck is not None
    assert spec.deck[0] is None
    assert not spec.is_complete
    with pytest.raises(tc.SetupError, match="not fully known"):
        spec.to_setup()


# ----------------------------------------------------------------------
# Table records
# ----------------------------------------------------------------------


def test_hand_written_table_record_replays_to_the_scores_it_states() -> None:
    (record,) = notation.load(io.StringIO((RECORDS / "club-night.trn").read_text()))
    assert record.setup.is_complete is False
    assert record.preface[0].text.startswith(" A game recorded at the table")
    game = record.replay()  # the replay checks the Result tag itself
    assert game.scores() == record.result == (4, -7)
    assert game.players == ("Ann", "Bob")
    assert game.displays[0].money == 6


def test_table_record_must_name_every_revealed_tile() -> None:
    text = (RECORDS / "club-night.trn").read_text().replace(" (f6=W3n)", "")
    with pytest.raises(RecordError, match=r"f6 is face up \(R7\), but the record never names"):
        notation.loads(text)[0].replay()


def test_table_record_checks_what_it_holds() -> None:
    text = (RECORDS / "club-night.trn").read_text()
    bad_water = text.replace("e6=B2w", "e6=B2s")  # its water faces the beige trapper
    with pytest.raises(tc.IllegalActionError, match="R13: e6 is blocked by water") as err:
        notation.loads(bad_water)[0].replay()
    assert "game 1, turn 3, 'Ee6'" in str(err.value)
    assert err.value.rule == "R13"
    wrong_result = text.replace('[Result "4 -7"]', '[Result "5 -7"]')
    with pytest.raises(RecordError, match="Result tag says 5 -7, the replay gives 4 -7"):
        notation.loads(wrong_result)[0].replay()
    twice = text.replace("f6=W3n", "f6=B4w")  # there is one bear 4, at b2
    with pytest.raises(RecordError, match="more B4 tiles than the game has"):
        notation.loads(twice)[0].replay()


def test_R37_a_childrens_table_record_takes_any_water_letter() -> None:
    """Water never blocks in the children's game and its tiles are turned up
    unaligned: every tile of its table record may be written with ``n``,
    and replays to the same moves and scores; a tile is counted by its face."""
    game = bot_game("children", 2, 5, "random")
    text = Record.table_record(game).text
    all_north = re.sub(r"([a-h][1-8]=C?[A-Z][0-9])[nesw]", r"\1n", text)
    assert all_north != text
    again = notation.loads(all_north)[0].replay()
    assert again.history == game.history
    assert again.scores() == game.scores()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_records_moves_are_its_games_history_one_for_one(variant: str) -> None:
    """What ``Record.moves`` promises: the i-th move is the replayed game's
    i-th action, written in the position before it (a table record too)."""
    game = bot_game(variant, 3, 2, "greedy")
    for record in (Record.from_game(game), Record.table_record(game)):
        replayed = record.replay()
        assert len(record.moves) == len(replayed.history) > 0
        before = replayed.root()
        for text, action, shuffles in zip(
            record.moves, replayed.history, replayed.outcomes(), strict=True
        ):
            assert before.action_text(action) == text
            before.apply(action, shuffles=shuffles)


def test_table_record_with_unknown_hands_pays_what_it_says() -> None:
    # Bob pays two purple and then two more: his hand must have held four.
    text = (
        (RECORDS / "club-night.trn")
        .read_text()
        .replace(
            "4. Bob: Gc2/PP (b2=B4s c1=M3n) end",
            "4. Bob: Gc2/PP (b2=B4s c1=M3n) Gb2/PP (a2=L2n b1=M4s) end",
        )
        .replace('[Result "4 -7"]', '[Result "*"]')
    )
    game = notation.loads(text)[0].replay()
    assert game.state.discard[tc.Colour.PURPLE] == 4


# ----------------------------------------------------------------------
# Replay errors
# ----------------------------------------------------------------------


def _record_text(game: tc.Game) -> str:
    return notation.dumps(game)


def test_illegal_move_names_game_turn_move_and_rule() -> None:
    games = [bot_game("base", 2, s, "greedy") for s in (1, 2)]
    text = notation.dumps(games)
    second = text.index("[Event", 10)
    broken = text[:second] + text[second:].replace("1. A: ", "1. A: end ", 1)
    records = notation.loads(broken)
    assert records[0].replay() == games[0]
    with pytest.raises(
        tc.IllegalActionError, match=r"^game 2, turn 1, 'end', line \d+, column 7: R11: "
    ) as err:
        records[1].replay()
    assert err.value.rule == "R11"


def test_a_player_who_is_no_seat_is_named_as_such() -> None:
    """A seat's tag left out of a record of three: its player's first move
    says the name is no seat's, and which the seats are."""
    text = notation.dumps(bot_game("base", 3, 5, "random"))
    two = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Seat3"))
    with pytest.raises(
        RecordError,
        match=r"'C:', line \d+, column \d+: the record says C decides, but no seat has that "
        r"name \(the seats: A, B\); it is A's decision$",
    ):
        notation.loads(two)[0].replay()


def test_wrong_player_and_turn_number_are_record_errors() -> None:
    text = notation.dumps(bot_game("base", 2, 1, "greedy"))
    with pytest.raises(RecordError, match="the record says B decides, but it is A's"):
        notation.loads(text.replace("1. A:", "1. B:", 1))[0].replay()
    with pytest.raises(RecordError, match="numbers this turn 7, but it is turn 1"):
        notation.loads(text.replace("1. A:", "7. A:", 1))[0].replay()
    unnamed = text.replace("\n2. B: ", "\n2. ", 1)  # the last player named is A, at turn 1
    with pytest.raises(
        RecordError,
        match=r"turn 2, .*: the record names no player for this turn, and the last one named, "
        r"A, does not decide: it is B's decision",
    ):
        notation.loads(unnamed)[0].replay()


def test_complete_record_needs_its_reshuffles_or_a_seed() -> None:
    game = bot_game("base", 2, 5, "random")
    for seed in range(5, 60):
        if game.state.shuffled:
            break
        game = bot_game("base", 2, seed, "random")
    assert game.state.shuffled
    record = Record.from_game(game)
    no_seed = Record(tuple(t for t in record.tags.pairs if t[0] != "Seed"), record.items)
    again = no_seed.replay()  # the notes give every reshuffle
    assert again.history == game.history
    assert again.state.displays == game.state.displays
    assert again.scores() == game.scores()
    bare = Record(record.tags, tuple(i for i in record.items if not isinstance(i, Notes)))
    assert bare.replay() == game  # the seed does
    neither = Record(no_seed.tags, bare.items)
    with pytest.raises(tc.IllegalActionError, match="R8: the discard pile is shuffled here"):
        neither.replay()


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_a_record_with_a_seed_and_no_setup_begins_at_the_setup_the_seed_deals(
    variant: str,
) -> None:
    """A seeded game written by hand with its Seed tag alone: the seed deals
    the setup as new_game does, and makes every reshuffle."""
    for seed in range(20, 60):
        game = bot_game(variant, 2 + seed % 3, seed, "random")
        if game.state.shuffled:
            break
    assert game.state.shuffled
    text = notation.dumps(game)
    seeded = re.sub(r'\[Setup ".*"\]\n| \(shuffle \w+\)', "", text)
    assert "Setup" not in seeded
    assert "shuffle" not in seeded
    again = notation.loads(seeded)[0].replay()
    assert again == game
    assert notation.dumps(again) == text  # written back whole, its setup and notes too
    # A Setup tag of "?" says the setup is unknown, whatever the seed: a table record.
    unknown = seeded.replace('[Seed "', '[Setup "?"]\n[Seed "')
    with pytest.raises(RecordError, match=r"never names its tile"):
        notation.loads(unknown)[0].replay()


def test_a_seed_without_a_setup_for_seats_the_variant_cannot_seat_is_an_error_at_a_tag() -> None:
    record = '[Variant "base"]\n[Seat1 "A"]\n[Seed "5"]\n\n1. A: pass\n'
    with pytest.raises(RecordError, match=r"game 1, line 2: 'base' is played by 2 to 4"):
        notation.loads(record)[0].replay()


def test_a_table_records_replay_is_written_without_a_seed_that_would_not_replay() -> None:
    """A table record's replay is shuffled to fit the record, not by its
    seed: its complete record has the shuffle notes and no Seed tag, which
    would replay another game once the notes were dropped."""
    game = tc.play(tc.new_game("tactical", 4, seed=5), [tc.GreedyBot(i) for i in range(4)])
    replayed = notation.loads(Record.table_record(game).text)[0].replay()
    assert replayed.state.shuffled
    record = Record.from_game(replayed)
    assert record.tag("Seed") is None
    assert record.replay() == replayed
    bare = Record(record.tags, tuple(i for i in record.items if not isinstance(i, Notes)))
    with pytest.raises(tc.IllegalActionError, match="R8: the discard pile is shuffled here"):
        bare.replay()
    with pytest.raises(RecordError, match="this game's seed does not make the shuffles it had"):
        Record.from_game(replayed, Seed=str(replayed.seed))
    assert Record.from_game(game).tag("Seed") == "5"  # the seed's own game keeps it


_ALL_UNKNOWN = "/".join(["????????"] * 8)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (f"{_ALL_UNKNOWN} - C ? ?", "the start player is seat C, and the game has 2 seats"),
        (f"{_ALL_UNKNOWN} - 3 ? ?", "the start player is seat C, and the game has 2 seats"),
        (f"{_ALL_UNKNOWN} - A {'?' * 63} ?", "the deck has 63 cards, not 64"),
        (f"{_ALL_UNKNOWN} - A ? -", "4 tiles are neither on the board nor in the box"),
    ],
)
def test_a_setup_that_does_not_fit_the_game_is_reported_at_the_setup_tags_line(
    setup: str, message: str
) -> None:
    text = f'[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Setup "{setup}"]\n\n1. Ann: pass\n'
    with pytest.raises(RecordError, match=f"^game 1, line 3: .*{re.escape(message)}"):
        notation.loads(text)[0].replay()


def test_a_reshuffle_that_is_not_the_discard_pile() -> None:
    game = next(g for s in range(100) if (g := bot_game("base", 2, s, "random")).state.shuffled)
    text = notation.dumps(game)
    start = text.index("(shuffle ") + len("(shuffle ")
    wrong = (
        text[:start] + "B" + text[start + 1 :]
        if text[start] != "B"
        else text[:start] + "E" + text[start + 1 :]
    )
    line = text[:start].count("\n") + 1
    column = start - len("(shuffle ") - text.rfind("\n", 0, start)
    with pytest.raises(
        RecordError,
        match=rf"^game 1, the note at line {line}, column {column}: the reshuffle noted does "
        r"not fit the move .*R8: the shuffled pile .* is not the discard pile",
    ):
        notation.loads(wrong)[0].replay()


def test_lenient_replay_keeps_the_legal_prefix() -> None:
    game = bot_game("base", 2, 3, "greedy")
    text = notation.dumps(game).replace("2. B: ", "2. B: end ", 1)
    errors: list[Exception] = []
    prefix = notation.loads(text)[0].replay(errors=errors)
    assert len(errors) == 1
    assert isinstance(errors[0], tc.IllegalActionError)
    assert prefix.history == game.history[: len(prefix.history)]
    assert prefix.to_move == 1


def test_records_without_players_or_with_bad_tags() -> None:
    with pytest.raises(RecordError, match="no Seat1"):
        notation.loads('[Variant "base"]\n1. A: pass\n')[0].replay()
    with pytest.raises(
        RecordError,
        match=r"no variant is called 'go'.*\(a package installs a variant through the "
        r"entry-point group 'trapper_core.plugins'; one given to a Registry in code is found "
        r"by passing registry=, that Registry; one installed since this process first read "
        r"them, by a new Registry\(\) or in a new process\)",
    ):
        notation.loads('[Variant "go"]\n[Seat1 "A"]\n')[0].replay()
    with pytest.raises(RecordError, match="Setup tag: a setup string has 5 fields"):
        notation.loads('[Seat1 "A"]\n[Seat2 "B"]\n[Setup "8/8"]\n')[0].replay()
    with pytest.raises(RecordError, match="Seed tag"):
        notation.loads('[Seat1 "A"]\n[Seat2 "B"]\n[Seed "x"]\n')[0].replay()


# ----------------------------------------------------------------------
# Syntax errors
# ----------------------------------------------------------------------


def test_syntax_error_has_line_column_caret_and_plain_words() -> None:
    text = '[Variant "base"]\n[Seat1 "A"]\n1. A: pass ]\n'
    with pytest.raises(NotationSyntaxError) as err:
        notation.loads(text)
    error = err.value
    assert (error.line, error.column) == (3, 12)
    assert error.context == "1. A: pass ]\n           ^"
    assert "expected" in error.expected
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[Event]\n", 'a tag is written [Name "value"]'),
        ('[Event "x"\n', 'a tag is written [Name "value"]'),
        ("1. A: pass\n", "a game begins with tags"),
        ('[A "b"]\n1. A: pass (shuffle)\n', "unexpected ')': 'shuffle' is followed by the new"),
        ('[A "b"]\n1. A: pass (shuffle BEGP\n', "a note ( … ) is closed with ')'"),
        ('[A "b"]\n1. A: pass {open comment\n', "a comment opened with '{' is never closed"),
        ('[A "b"]\n{lead\n1. A: pass\n', "a comment opened with '{' is never closed"),
        ('[A "b"]\n1. A: pass (d2=Q9n)\n', "not a tile"),
    ],
)
def test_syntax_errors_in_plain_words(text: str, words: str) -> None:
    with pytest.raises(NotationSyntaxError, match=re.escape(words)):
        notation.loads(text)


def test_notes_one_after_another_are_items_of_their_own() -> None:
    """Notes with only white space between them are read as one token
    (``NOTES``): each is still an item, and a tile that is no tile in one of
    them is named at its own line and column."""
    one_by_one = notation.loads('[A "b"]\n1. A: pass (d2=B2e) {c} (shuffle BG) {c} (a1=H3n)\n')
    together = notation.loads('[A "b"]\n1. A: pass (d2=B2e)\n  (shuffle BG)  (a1=H3n)\n')
    notes = [item for item in together[0].items if isinstance(item, Notes)]
    assert notes == [item for item in one_by_one[0].items if isinstance(item, Notes)]
    assert [note.entries for note in notes] == [
        (Reveal(tc.Square.parse("d2"), tc.Tile.from_code("B2e")),),
        (Shuffle("BG"),),
        (Reveal(tc.Square.parse("a1"), tc.Tile.from_code("H3n")),),
    ]
    with pytest.raises(NotationSyntaxError, match="not a tile") as err:
        notation.loads('[A "b"]\n1. A: pass (d2=B2e)\n  (shuffle BG) (a1=Q9n)\n')
    assert (err.value.line, err.value.column) == (3, 17)  # at a1=Q9n
    # The same with a comment that holds a note of a tile that is no tile:
    # the notes are then found by the grammar's pattern, not by their "(".
    with pytest.raises(NotationSyntaxError, match="not a tile") as err:
        notation.loads('[A "b"]\n1. A: pass {(e5=Q9n)} (d2=B2e)\n  (shuffle BG) (a1=Q9n)\n')
    assert (err.value.line, err.value.column) == (3, 17)


def test_lenient_loads_skips_a_broken_game_and_reads_on() -> None:
    games = [bot_game("base", 2, s, "greedy") for s in (1, 2, 3)]
    text = notation.dumps(games)
    second = text.index("[Event", 10)
    broken = text[:second] + text[second:].replace("1. A: ", "1. A: ] ", 1)
    errors: list[Exception] = []
    records = notation.loads(broken, errors=errors)
    assert len(errors) == 1
    assert isinstance(errors[0], NotationSyntaxError)
    assert [r.replay() for r in records] == [games[0], games[2]]
    assert [r.number for r in records] == [1, 3]  # places in the file (issue 10, item 13)


def test_bytes_that_are_not_utf8() -> None:
    with pytest.raises(NotationSyntaxError, match="not UTF-8"):
        notation.load(io.BytesIO(b'[Event "\xff"]\n'))


def test_comments_everywhere_and_kept() -> None:
    text = (
        '{before}\n[Variant "base"]\n[Seat1 "A"]\n[Seat2 "B"]\n[Setup "?"]\n\n'
        "{first} (d6=B1n e6=B2n f5=B3n f4=B4n e3=M2s d3=F4w c4=W1n c5=S3e) ; a line\n"
        "1. A: pass {why not}\n2. B: pass\n"
    )
    (record,) = notation.loads(text)
    assert record.preface == (Comment("before"),)
    assert Comment(" a line", to_end_of_line=True) in record.items
    assert record.text == text
    assert record.replay().state.turns == 3


def test_items_model() -> None:
    (record,) = notation.loads(
        '[Seat1 "A"]\n[Seat2 "B"]\n[Setup "?"]\n\n(d6=B1n) 1. A: pass (shuffle BE)\n'
    )
    assert record.items == (
        Notes((Reveal(tc.Square.parse("d6"), tc.Tile.from_code("B1n")),)),
        TurnNumber(1),
        Mover("A"),
        Move("pass"),
        Notes((Shuffle("BE"),)),
    )


# ----------------------------------------------------------------------
# Hostile input
# ----------------------------------------------------------------------

DOCUMENTED = (NotationSyntaxError,)
REPLAY_ERRORS = (tc.IllegalActionError, tc.ActionSyntaxError, RecordError)


@given(st.text(max_size=300))
def test_fuzz_random_text_raises_only_documented_errors(text: str) -> None:
    try:
        records = notation.loads(text)
    except DOCUMENTED:
        return
    for record in records:
        with contextlib.suppress(*REPLAY_ERRORS):
            record.replay()


@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data: bytes) -> None:
    with contextlib.suppress(*DOCUMENTED):
        notation.load(io.BytesIO(data))


@given(data=st.data())
def test_fuzz_mutated_records(data: st.DataObject) -> None:
    game = bot_game("base", 2, data.draw(st.integers(0, 50)), "greedy")
    text = notation.dumps(game)
    position = data.draw(st.integers(0, len(text)))
    insert = data.draw(
        st.text(alphabet='[](){};: \n"\\=/<>+xBEGPKd3e6passend0123456789', max_size=8)
    )
    cut = data.draw(st.integers(0, 8))
    mutated = text[:position] + insert + text[position + cut :]
    try:
        records = notation.loads(mutated)
    except DOCUMENTED:
        return
    for record in records:
        errors: list[Exception] = []
        try:
            record.replay(errors=errors)
        except REPLAY_ERRORS as exc:
            check_replay_place(exc, record.number)
        assert all(isinstance(e, REPLAY_ERRORS) for e in errors)
        for error in errors:
            check_replay_place(error, record.number)


def test_every_truncation_of_a_file_fails_cleanly() -> None:
    text = notation.dumps([bot_game("tactical", 2, 1, "greedy")])
    for end in range(0, len(text), max(1, len(text) // 200)):
        try:
            records = notation.loads(text[:end])
        except DOCUMENTED:
            continue
        for record in records:
            try:
                record.replay()
            except REPLAY_ERRORS as exc:
                check_replay_place(exc, record.number)


def test_enormous_comment_and_deep_brackets() -> None:
    comment = "{" + "x" * 1_000_000 + "}"
    (record,) = notation.loads(f'[Seat1 "A"]\n[Seat2 "B"]\n{comment}\n')
    assert len(record.items[0].text) == 1_000_000  # type: ignore[union-attr]
    with pytest.raises(NotationSyntaxError):
        notation.loads('[A "b"]\n' + "(" * 100_000)
    with pytest.raises(NotationSyntaxError):
        notation.loads('[A "b"]\n' + "{" * 100_000)
    with pytest.raises(NotationSyntaxError):
        notation.loads("[" * 100_000)


def test_many_moves() -> None:
    moves = " ".join(["pass"] * 20_000)
    text = f'[Seat1 "A"]\n[Seat2 "B"]\n[Seed "1"]\n[Setup "?"]\n\n{moves}\n'
    (record,) = notation.loads(text)
    assert len(record.moves) == 20_000
    errors: list[Exception] = []
    record.replay(errors=errors)
    assert errors  # the setup is unknown and no tile is named


@pytest.mark.slow
def test_a_million_moves() -> None:
    text = '[Seat1 "A"]\n[Seat2 "B"]\n\n' + "pass " * 1_000_000
    (record,) = notation.loads(text)
    assert len(record.moves) == 1_000_000


def test_json_and_notation_agree() -> None:
    game = bot_game("tactical", 3, 6, "greedy")
    from_json = tc.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    from_text = notation.loads(notation.dumps(game))[0].replay()
    assert from_json == from_text == game


# ----------------------------------------------------------------------
# Position strings
# ----------------------------------------------------------------------


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
)
def test_position_strings_read_back_for_games_and_views(
    variant: str, players: int, seed: int, steps: int
) -> None:
    game = tc.new_game(variant, players, seed=seed)
    tc.play(game, [tc.GreedyBot(seed + i) for i in range(players)], max_actions=steps)
    whole = notation.Position.from_game(game)
    assert notation.Position.parse(str(whole)) == whole
    assert whole.displays == game.displays
    for seat in range(players):
        seen = notation.Position.from_view(game.view(seat))
        text = str(seen)
        assert notation.Position.parse(text) == seen
        assert "~" not in text  # no face-down tile is named
        hands = text.split()[4].split("/")
        assert all(h.startswith("#") for i, h in enumerate(hands) if i != seat)
        assert text.split()[5].startswith("#")  # the draw pile's order stays hidden


def test_position_string_fields() -> None:
    game = tc.new_game("base", 2, seed=1)
    fields = str(notation.Position.from_game(game)).split()
    assert len(fields) == 14
    assert fields[1:4] == ["d5e5d4e4", "A", "Turn:{trapper=-,exchanged=n}"]
    assert fields[4] == ",".join(map(str, game.hands[0].counts)) + "/" + ",".join(
        map(str, game.hands[1].counts)
    )
    assert fields[-3:] == ["00", "1", "0"]
    for bad in ("", "8/8", str(notation.Position.from_game(game)).replace("d5e5", "z9e5")):
        with pytest.raises(ValueError, match="position string"):
            notation.Position.parse(bad)


def test_table_record_writes_what_the_table_saw() -> None:
    """No setup, no seed, no reshuffle; each tile named once, when it turns up."""
    game = bot_game("base", 3, 5, "random")
    record = Record.table_record(game, Event="Club")
    assert record.tags["Setup"] == "?"
    assert record.tag("Seed") is None
    assert record.tags["Event"] == "Club"
    assert record.result == game.scores()
    notes = [item for item in record.items if isinstance(item, Notes)]
    entries = [entry for note in notes for entry in note.entries if isinstance(entry, Reveal)]
    assert len(entries) == sum(len(note.entries) for note in notes)  # no reshuffle noted
    squares = [entry.square.index for entry in entries]
    assert len(squares) == len(set(squares))
    assert all(entry.tile == game.setup.board[entry.square.index] for entry in entries)
    assert record.items[0] == notes[0]  # the tiles face up at the start come first
    assert {e.square.index for e in notes[0].entries if isinstance(e, Reveal)} == set(
        game.root().state.face_up_squares()
    )
    # After each move, a note names the tiles it turned up (or took), if any.
    replay = game.root()
    named = set(replay.state.face_up_squares())
    actions = iter(game.history)
    items = record.items
    for k, item in enumerate(items):
        if not isinstance(item, Move):
            continue
        replay.apply(next(actions))
        state = replay.state
        taken = {s for s in range(64) if game.setup.board[s] and state.board[s] is None}
        new = (set(state.face_up_squares()) | taken) - named
        named |= new
        note = items[k + 1] if k + 1 < len(items) else None
        if new:
            assert isinstance(note, Notes)
            assert {e.square.index for e in note.entries if isinstance(e, Reveal)} == new
        else:
            assert not isinstance(note, Notes)
    again = notation.loads(record.text)[0].replay()
    assert again.history == game.history
    assert again.scores() == game.scores()


@pytest.mark.parametrize(
    "change",
    [
        {"start_player": 2},
        {"trappers": tuple(tc.Square.parse(s) for s in ("e4", "d4", "e5", "d5"))},
    ],
    ids=["another start player", "trappers elsewhere (D3)"],
)
def test_table_record_keeps_what_the_table_sees_of_the_setup(change: dict[str, object]) -> None:
    """Where the trappers stand, which squares hold tiles and who starts are
    no secret: a setup that differs from what ``?`` stands for is written
    with them, and every tile's face and card left unknown."""
    setup = attrs.evolve(tc.new_game("base", 3, seed=11).setup, **change)  # type: ignore[arg-type]
    for moves in (0, 12):
        game = tc.new_game("base", 3, setup=setup)
        bots = [tc.make_bot("random", i) for i in range(3)]
        for _ in range(moves):
            seat: int = game.to_move  # type: ignore[assignment]
            game.apply(bots[seat].choose(game.view(seat)))
        record = Record.table_record(game)
        spec = record.setup
        assert not spec.is_complete
        assert spec.deck is None
        assert spec.box is None
        assert all(not isinstance(t, tc.Tile) for t in spec.board)  # no face shown
        again = notation.loads(record.text)[0].replay()
        assert again.history == game.history
        assert again.to_move == game.to_move
        assert again.state.trappers == game.state.trappers


def test_table_record_of_a_sparse_board_names_its_empty_squares() -> None:
    setup = make_setup({"c5": "B1n", "c4": "B2n", "f5": "CB2n", "d3": "H1n"})
    game = tc.play(tc.new_game("base", 2, setup=setup), [tc.RandomBot(1), tc.RandomBot(2)])
    record = Record.table_record(game)
    again = notation.loads(record.text)[0].replay()
    assert again.history == game.history
    assert again.scores() == game.scores()


@pytest.mark.parametrize("variant", VARIANTS)
def test_table_record_names_only_tiles_that_were_seen(variant: str) -> None:
    """Hidden information: a tile is named only once it was face up (R7)."""
    for seed in range(3):
        game = bot_game(variant, 2 + seed, seed, "random")
        seen: set[int] = set()
        replay = game.root()
        seen |= set(replay.state.face_up_squares())
        for action in game.history:
            replay.apply(action)
            seen |= set(replay.state.face_up_squares())
        named = {
            entry.square.index
            for item in Record.table_record(game).items
            if isinstance(item, Notes)
            for entry in item.entries
            if isinstance(entry, Reveal)
        }
        assert named <= seen


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"Seed": "3"}, "a table record has no Seed tag"),
        ({"Setup": "?"}, ""),  # the game's own: accepted
        ({"Setup": "junk"}, "the tag Setup is the game's to say: '?', not 'junk'"),
        ({"Variant": "children"}, "the tag Variant is the game's to say: 'base', not 'children'"),
        ({"Seat1": "Zed"}, "the tag Seat1 is the game's to say: 'A', not 'Zed'"),
        ({"Seat3": "C"}, "the tag Seat3 names a seat the game does not have"),
        ({"Result": "1 2"}, "the tag Result is the game's to say"),
        ({"Event": None}, "the value of the tag Event is a str, not NoneType"),
    ],
)
def test_table_record_refuses_tags_the_game_decides(tags: dict[str, object], message: str) -> None:
    game = bot_game("base", 2, 4, "random")
    if not message:
        assert Record.table_record(game, **tags).tags["Setup"] == "?"  # type: ignore[arg-type]
        return
    with pytest.raises(RecordError, match=re.escape(message)):
        Record.table_record(game, **tags)  # type: ignore[arg-type]
    if "Setup" not in tags and "Seed" not in tags:  # the complete record's are others
        with pytest.raises(RecordError, match=re.escape(message)):
            Record.from_game(game, **tags)  # type: ignore[arg-type]
    # The game's own values are welcome.
    Record.from_game(game, Variant="base", Seat1="A", Seed=str(game.seed))
    Record.table_record(game, Variant="base", Seat2="B")


def test_table_record_of_something_else_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="a record is made from a Game, not str"):
        Record.table_record("1. A: pass")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS)
def test_table_records_of_whole_games_replay_to_their_results(variant: str) -> None:
    """Reshuffles and all: the replay finds a deal that pays for every move."""
    games = [bot_game(variant, 2 + s % 3, s, "random") for s in range(40)]
    long = [g for g in games if g.state.shuffled][:3] or games[:3]
    for game in long:
        record = Record.table_record(game)
        assert not record.setup.is_complete
        again = notation.loads(record.text)[0].replay()
        assert again.scores() == game.scores()
        assert again.history == game.history


@pytest.mark.parametrize(
    ("variant", "players", "seed", "kind"),
    [
        ("children", 3, 118, "random"),  # hands carried across the reshuffle matter
        ("tactical", 3, 100, "greedy"),  # losing bids must be payable (D9)
        ("tactical", 3, 124, "random"),
        ("tactical", 2, 102, "random"),  # three reshuffles
    ],
)
def test_table_records_whose_deal_is_tight_replay(
    variant: str, players: int, seed: int, kind: str
) -> None:
    """Payments and bids (D9) constrain the deal together: one plan meets both."""
    game = bot_game(variant, players, seed, kind)
    record = notation.loads(Record.table_record(game).text)[0]
    again = record.replay()
    assert again.history == game.history
    assert again.scores() == game.scores()


def test_a_replayed_table_record_writes_and_stores_its_own_chance() -> None:
    """A table record's reshuffles are chosen to fit it, not made by a seed:
    the game keeps them (Game.outcomes), writes them as notes and stores them
    in its dict, so both read back to the same game."""
    game = bot_game("tactical", 2, 102, "random")  # three reshuffles
    again = notation.loads(Record.table_record(game).text)[0].replay()
    assert len(again.state.shuffled) == 3
    assert sum(len(piles) for piles in again.outcomes()) == 3
    assert [p for piles in again.outcomes() for p in piles] == list(again.state.shuffled)
    written = notation.loads(notation.dumps(again))[0].replay()
    assert written == again
    assert tc.Game.from_dict(again.to_dict()) == again


def test_table_record_whose_cards_cannot_fit_says_where_at_once() -> None:
    # The deck gives both hands: Ann holds only blue and beige, yet pays GG.
    text = (RECORDS / "club-night.trn").read_text()
    board = "/".join(["????????"] * 3 + ["???2???"] * 2 + ["????????"] * 3)
    setup = f"{board} d5e5d4e4 1 BBBBBBEEEEEE{'?' * 52} ?"
    (record,) = notation.loads(text.replace('[Setup "?"]', f'[Setup "{setup}"]'))
    with pytest.raises(
        RecordError,
        match=r"^game 1, turn 1, 'Bd7/GG', line 14, column 29: no deal of the cards fits the "
        "record: Ann cannot hold GG$",
    ):
        record.replay()
    errors: list[Exception] = []
    prefix = record.replay(errors=errors)
    assert [type(e) for e in errors] == [RecordError]
    (played,) = prefix.history  # as far as it fits
    assert prefix.root().action_text(played) == "Bd6"


def test_table_record_deal_keeps_the_cards_it_is_told() -> None:
    game = bot_game("base", 2, 7, "greedy")
    record = Record.table_record(game)
    deck = "".join(c.letter for c in game.setup.deck[:20]) + "?" * 44
    board = "/".join(["????????"] * 3 + ["???2???"] * 2 + ["????????"] * 3)
    setup = f"{board} d5e5d4e4 1 {deck} ?"
    tags = [(k, setup if k == "Setup" else v) for k, v in record.tags.pairs]
    again = Record(tags, record.items).replay()
    assert again.history == game.history
    assert again.setup.deck[:20] == game.setup.deck[:20]


def test_a_table_record_naming_a_tile_more_often_than_the_set_has_it_says_where() -> None:
    text = (RECORDS / "bid-beyond-its-hand.trn").read_text()
    twice = text.replace("d8=H3n", "d8=F3e", 1)  # F3e lies on g8 too; the set has one
    with pytest.raises(
        RecordError,
        match=r"^game 1, the note at line \d+, column \d+: the record names more F3 tiles "
        r"than the game has \(1\): d8, g8$",
    ):
        notation.loads(twice)[0].replay(errors=[])  # no game can begin: lenient too


@pytest.mark.parametrize(
    ("character", "named"),
    [("\u00a0", "'\\xa0' (U+00A0 NO-BREAK SPACE)"), ("\v", "'\\x0b' (U+000B)")],
)
def test_a_space_the_notation_does_not_take_is_named_not_called_a_line_end(
    character: str, named: str
) -> None:
    text = f'[Seat1 "A"]\n[Seat2 "B"]\n\n1.{character}A: pass\n'
    with pytest.raises(notation.NotationSyntaxError) as caught:
        notation.loads(text)
    assert str(caught.value).startswith(f"line 4, column 3: unexpected {named}: expected")


def test_a_setup_rank_digit_is_from_1_to_8() -> None:
    with pytest.raises(ValueError, match="'9' is not a tile code, '\\?' or a digit from 1 to 8"):
        notation.SetupSpec.parse("9/" + "/".join(["????????"] * 7) + " - A ? ?")


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("3 4", "the Result tag gives final money, but the game is not over"),
        ("3,4", 'the Result tag is each player\'s money, like "57 33", or \\*'),
        (" ", "the Result tag is each player's money, like \"57 33\", or \\*, not ' '"),
        ("", "the Result tag is each player's money, like \"57 33\", or \\*, not ''"),
    ],
)
def test_a_result_the_replay_does_not_reach_is_reported_at_the_result_tags_line(
    result: str, message: str
) -> None:
    game = tc.new_game("base", ["Ann", "Bob"], seed=1)
    game.apply_text("pass")
    text = notation.dumps(game).replace('[Result "*"]', f'[Result "{result}"]')
    line = text.splitlines().index(f'[Result "{result}"]') + 1
    with pytest.raises(RecordError, match=f"^game 1, line {line}: {message}"):
        notation.loads(text)[0].replay()


@pytest.mark.parametrize("undo", ["no", 0, None])
def test_a_replays_undo_is_true_or_false_and_not_the_records_fault(undo: object) -> None:
    game = tc.new_game("base", 2, seed=1)
    game.apply_text("pass")
    record = notation.loads(notation.dumps(game))[0]
    with pytest.raises(notation.NotationError, match=r"^undo is True or False, not") as caught:
        record.replay(undo=undo)  # type: ignore[arg-type]
    assert not isinstance(caught.value, RecordError)


def test_a_seed_0_that_made_no_chance_is_not_written() -> None:
    """A record with no Seed tag and no reshuffle replays with seed 0; its
    game was written back with [Seed "0"], a tag the record did not have and
    that says nothing (seed 0 neither dealt the setup nor shuffled)."""
    game = tc.play(
        tc.new_game("base", 2, seed=5), [tc.GreedyBot(0), tc.GreedyBot(1)], max_actions=10
    )
    text = re.sub(r'\[Seed ".*"\]\n', "", notation.dumps(game))
    again = notation.loads(text)[0].replay()
    assert again.seed == 0
    assert again.state.shuffles == 0
    assert notation.dumps(again) == text
    assert notation.loads(text)[0].replay() == again
    # A seed 0 that dealt the setup says what the setup is: it is written.
    dealt = tc.play(tc.new_game("base", 2, seed=0), [tc.GreedyBot(0)] * 2, max_actions=10)
    assert '[Seed "0"]' in notation.dumps(dealt)


def test_a_seed_0_that_made_no_chance_is_not_written_for_a_variant_of_another_registry() -> None:
    """The writer asks the game's own rules whether seed 0 dealt its setup,
    so a variant that only a registry of the caller's has is answered too
    (it kept a [Seed "0"] that said nothing)."""

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("house", [], extends="base")]

    registry = tc.Registry([Register()])
    bots = [tc.GreedyBot(0, registry=registry), tc.GreedyBot(1, registry=registry)]
    game = tc.play(tc.new_game("house", 2, seed=5, registry=registry), bots, max_actions=10)
    text = re.sub(r'\[Seed ".*"\]\n', "", notation.dumps(game))
    again = notation.loads(text)[0].replay(registry=registry)
    assert (again.seed, again.state.shuffles) == (0, 0)
    assert notation.dumps(again) == text
    dealt = tc.play(tc.new_game("house", 2, seed=0, registry=registry), bots, max_actions=10)
    assert '[Seed "0"]' in notation.dumps(dealt)


def test_games_without_moves_are_written_with_a_star_and_read_back_apart() -> None:
    """A game without a move (set up, not yet played) had no move text, so
    the next game's tags were read as more of its tags: two games written
    came back as one, whose replay refused its two Seed tags. The writer
    ends such a game's move text with ``*``."""
    unplayed = [tc.new_game("base", 2, seed=1), tc.new_game("tactical", 3, seed=2)]
    text = notation.dumps(unplayed)
    assert text.count("\n*\n") == 2
    records = notation.loads(text)
    assert records == [notation.Record.from_game(g) for g in unplayed]
    assert [r.replay().to_dict() for r in records] == [g.to_dict() for g in unplayed]
    # Written one at a time, as a file of games is kept up to date.
    stream = io.StringIO()
    notation.dump(unplayed[0], stream)
    played = tc.play(tc.new_game("base", 2, seed=3), [tc.RandomBot(1), tc.RandomBot(2)])
    notation.dump(played, stream, append=True)
    assert [len(r.moves) for r in notation.loads(stream.getvalue())] == [0, len(played.history)]


def test_a_record_of_comments_only_is_a_game_of_its_own() -> None:
    first = notation.Record(tags=[("Seat1", "a")], items=[notation.Comment("abandoned")])
    second = notation.Record(tags=[("Seat1", "c")], items=[notation.Move("pass")])
    text = notation.dumps([first, second])
    assert "{abandoned}\n*\n" in text
    assert notation.loads(text) == [first, second]


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ('[A "1"]\n*\n', ()),
        ('[A "1"]\n\n1. A: pass *\n', ("1.", "A:", "pass")),
        ('[A "1"]\n* {after} ; and more\n', ("{after}", ";")),
        ('[A "1"] * [B "2"]\n*\n', ()),
    ],
)
def test_a_star_ends_a_games_move_text_and_is_no_item(text: str, items: tuple[str, ...]) -> None:
    """``*`` ends a game's move text (as PGN's ``*``); comments may follow
    it; it is no item of the record."""
    record = notation.loads(text)[0]
    shown = []
    for item in record.items:
        if isinstance(item, TurnNumber):
            shown.append(f"{item.number}.")
        elif isinstance(item, Mover):
            shown.append(f"{item.name}:")
        elif isinstance(item, Move):
            shown.append(item.text)
        elif isinstance(item, Comment):
            shown.append(";" if item.to_end_of_line else "{" + item.text + "}")
    assert tuple(shown) == items


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('[A "1"]\n* *\n', "line 2, column 3: '*' ends the game's moves: only comments"),
        ('[A "1"]\n*\npass\n', "line 3, column 1: '*' ends the game's moves"),
        ('[A "1"]\n* {c}\n(shuffle B)\n', "line 3, column 1: '*' ends the game's moves"),
        ("*\n", "line 1, column 1: unexpected '*'"),
    ],
)
def test_a_star_is_the_last_word_of_a_game(text: str, where: str) -> None:
    with pytest.raises(notation.NotationSyntaxError, match=re.escape(where)):
        notation.loads(text)


def test_only_the_first_game_written_has_a_preface() -> None:
    """The comments before a game's tags are read as the end of the game
    before, so a preface on a later record came back as comments of the
    record before it: ``dumps`` and ``dump(append=True)`` refuse it."""
    plain = notation.Record(tags=[("Seat1", "a")], items=[notation.Move("pass")])
    prefaced = attrs.evolve(plain, preface=(notation.Comment("about this game"),))
    assert notation.loads(notation.dumps([prefaced, plain])) == [prefaced, plain]
    with pytest.raises(RecordError, match="only a file's first game has a preface; game 2"):
        notation.dumps([plain, prefaced])
    stream = io.StringIO()
    notation.dump(plain, stream)
    with pytest.raises(RecordError, match="game 1 appended has one"):
        notation.dump(prefaced, stream, append=True)
    assert notation.loads(stream.getvalue()) == [plain]


# ----------------------------------------------------------------------
# What a newcomer from python-chess's PGN expects
# ----------------------------------------------------------------------


def test_dumps_writes_a_read_records_tags_in_the_order_read() -> None:
    """A game's record has the tags in the table's order; a record read from
    text keeps its own order, and ``with_tags`` adds a new tag last (as
    docs/notation.md says)."""
    text = '[Seat2 "Bob"]\n[Event "Club"]\n[Seat1 "Ann"]\n\n*\n'
    (record,) = notation.loads(text)
    assert notation.dumps(record) == text
    assert list(record.with_tags(Round="3").tags) == ["Seat2", "Event", "Seat1", "Round"]
    game = tc.new_game("base", ["Ann", "Bob"], seed=1)
    assert list(Record.from_game(game, Annotator="me", Event="Club").tags) == [
        "Event", "Site", "Date", "Round", "Variant", "Seat1", "Seat2", "Result", "Seed", "Setup",
        "Annotator",
    ]  # fmt: skip


def test_a_gzip_file_not_decompressed_is_told_to_be_decompressed(tmp_path: Path) -> None:
    game = tc.play(tc.new_game("base", 2, seed=1), [tc.GreedyBot(1), tc.GreedyBot(2)])
    path = tmp_path / "games.trn.gz"
    with gzip.open(path, "wt", encoding="utf-8") as file:
        notation.dump(game, file)
    with gzip.open(path) as file:  # as the docs say: read through gzip
        assert [record.replay() for record in notation.load(file)] == [game]
    with pytest.raises(NotationSyntaxError, match="begins as a gzip file does") as error:
        notation.load(path)
    assert (error.value.line, error.value.column) == (1, 2)
    with (
        open(path, encoding="utf-8") as text,
        pytest.raises(notation.NotationError, match="begins as a gzip file does"),
    ):
        notation.load(text)
    with pytest.raises(NotationSyntaxError) as other:  # the same bytes past the start: no hint
        notation.load(io.BytesIO(b'[A "1"]\n\x1f\x8b\n'))
    assert other.value.line == 2
    assert "gzip" not in str(other.value)


def test_a_syntax_error_names_the_game_it_broke() -> None:
    """A lenient reader leaves a broken game out; its error says which game
    it was, as ``record.number`` counts them (so the numbers of the records
    read have a gap there)."""
    good = '[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass\n'
    text = "\n".join([good, good.replace("pass", "pass ]"), good, "[Seat1 x]\n", good])
    errors: list[Exception] = []
    records = notation.loads(text, errors=errors)
    assert [record.number for record in records] == [1, 3, 5]
    assert [getattr(error, "game", None) for error in errors] == [2, 4]
    with pytest.raises(NotationSyntaxError) as strict:
        notation.loads(text)
    assert strict.value.game == 2
    stream = io.StringIO(text)
    assert notation.read_game(stream) is not None
    with pytest.raises(NotationSyntaxError) as streamed:
        notation.read_game(stream)
    assert streamed.value.game == 2
    made = NotationSyntaxError("unexpected", line=1, column=1, context="")
    assert made.game is None


def test_a_comment_inserted_among_a_records_items_is_written_after_its_move() -> None:
    """How a game is annotated (docs/notation.md): the items with a comment
    inserted make a new record, which writes and reads it in its place."""
    game = tc.play(tc.new_game("base", ["Ann", "Bob"], seed=3), [tc.GreedyBot(1), tc.GreedyBot(2)])
    items = list(Record.from_game(game).items)
    items.insert(items.index(Move("end")), Comment("a hunt of three"))
    annotated = Record(Record.from_game(game).tags, items)
    text = notation.dumps(annotated)
    assert "\n1. Ann: Ee6 Ef6 Ef5/BB {a hunt of three} end\n" in text
    assert notation.loads(text) == [annotated]
    assert notation.loads(text)[0].replay() == game


def test_a_record_is_made_with_its_tags_as_a_dict() -> None:
    """As python-chess's ``Game(headers={...})``: the dict's order is the
    tags' order; a dict was refused, iterated as its names alone."""
    tags = {"Event": "Club", "Seat1": "Ann", "Seat2": "Bob"}
    record = Record(tags, [TurnNumber(1), Mover("Ann"), Move("pass")])
    assert record == Record(list(tags.items()), record.items)
    assert list(record.tags) == ["Event", "Seat1", "Seat2"]
    assert notation.loads(notation.dumps(record)) == [record]
    with pytest.raises(RecordError, match="a tag's name and value are str"):
        Record({"Seat1": 1})  # type: ignore[dict-item]


# ----------------------------------------------------------------------
# Appending to a file with dump
# ----------------------------------------------------------------------


def test_review_s56_dump_append_cut_back_when_a_write_fails_halfway(tmp_path: Path) -> None:
    """``dump(..., append=True)`` opened the file buffered: the write that
    failed (a full disk; here a limit on the file's size) was flushed again
    by ``truncate``, which failed too, so half a game stayed in the file."""
    path = tmp_path / "games.trn"
    game = tc.play(tc.new_game("base", 2, seed=1), [tc.GreedyBot(0), tc.GreedyBot(1)])
    notation.dump([game] * 3, path)
    before = path.read_bytes()
    script = (
        "import resource, sys, trapper_core as tc\n"
        "from trapper_core import notation\n"
        "game = tc.play(tc.new_game('base', 2, seed=2), [tc.GreedyBot(0), tc.GreedyBot(1)])\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({len(before) + 100}, -1))\n"
        "try:\n"
        f"    notation.dump(game, {str(path)!r}, append=True)\n"
        "except notation.NotationError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert "File too large" in done.stdout
    assert path.read_bytes() == before


def test_review_s56_dump_will_not_append_to_a_gzip_file(tmp_path: Path) -> None:
    """Games appended as text after gzip's bytes are no part of what it
    unpacks to (``zcat`` calls them trailing garbage and drops them)."""
    path = tmp_path / "games.trn.gz"
    game = tc.new_game("base", 2, seed=1)
    path.write_bytes(gzip.compress(notation.dumps(game).encode()))
    before = path.read_bytes()
    with pytest.raises(notation.NotationError, match="it begins as a gzip file does"):
        notation.dump(game, path, append=True)
    assert path.read_bytes() == before
    notation.dump(game, path)  # written over, it is a text file again
    assert notation.load(path)[0].replay().seed == 1


# ----------------------------------------------------------------------
# Replay errors: turn numbers and names with no move of theirs, and a table
# record's setup
# ----------------------------------------------------------------------


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


def _greedy_record() -> str:
    game = tc.new_game("base", ["Ann", "Bob"], seed=3)
    tc.play(game, [tc.GreedyBot(1), tc.GreedyBot(2)])
    return notation.dumps(game)


@pytest.mark.parametrize(
    ("old", "new"), [("\n3. Ann:", "\n2. Ann:"), ("\n3. Ann:", "\n2. 3. Ann:")]
)
def test_a_turn_number_lower_than_the_turn_is_refused_where_it_stands(old: str, new: str) -> None:
    """docs/notation.md: the record numbers this turn 2, but it is turn 3 (a
    number too low as well as too high; one standing alone too)."""
    text = _greedy_record()
    assert old in text
    broken = text.replace(old, new, 1)
    said = r"game 1, turn 3, '2\.', line \d+, column 1: the record numbers this turn 2, but it is"
    with pytest.raises(RecordError, match=said + " turn 3"):
        notation.loads(broken)[0].replay()


def test_a_table_record_s_setup_square_left_empty_under_a_noted_tile_is_refused() -> None:
    game = tc.new_game("base", 2, seed=3)
    tc.play(game, [tc.GreedyBot(1), tc.GreedyBot(2)])
    setup = "1???????/????????/????????/???2???/???2???/????????/????????/???????? - ? ? ?"
    text = notation.dumps(Record.table_record(game).with_tags(Setup=setup))
    with pytest.raises(RecordError, match="a tile is noted on a8, which the setup leaves empty"):
        notation.loads(text)[0].replay()


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
