"""The ``trapper`` command line and ``python -m trapper_core``."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main
from trapper_core.terminal import render

from .helpers import as_at_a_terminal, install_plugins

RECORDS = Path(__file__).parent / "records"
ROOT = Path(__file__).resolve().parent.parent


def test_play_prints_the_game_in_notation_and_the_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "game.trn"
    assert main(["play", "--seed", "2026", "--players", "3", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert '[Seed "2026"]' in printed
    assert "\n1. A: " in printed
    assert "Winner: " in printed
    (record,) = notation.loads(out.read_text())
    assert record.replay().scores() == record.result


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--variant", "children", "--players", "3"],
        ["--variant", "tactical", "--names", "Ann,Bob"],
        ["--table"],
        ["--max-actions", "30"],
        ["--variant", "children", "--players", "2", "--bots", "random", "--seed", "54"],
    ],
)
def test_play_prints_a_record_that_replay_reads_whole(
    capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    """The scores, the winner and a game's ending are comments of the
    notation: `trapper play > game.trn` keeps a file that reads as a record,
    its scores the game's."""
    assert main(["play", "--seed", "11", *options]) == 0  # a later --seed wins
    printed = capsys.readouterr().out
    (record,) = notation.loads(printed)
    game = record.replay()
    for name, score in zip(game.players, game.scores(), strict=True):
        assert re.search(rf"^; {name} \(\w+\): {score}\b", printed, re.M)
    if game.is_over:
        assert record.result == game.scores()
        winners = [game.players[s] for s in game.winners()]
        said = "; Winner: " if len(winners) == 1 else "; Winners: "  # 54: a shared win (R35)
        assert printed.endswith(said + ", ".join(winners) + "\n")
    else:
        assert printed.startswith("\n; (left unfinished after 30 actions)\n")
        assert printed.endswith("; The game was left unfinished.\n")


def test_play_seeds_the_bot_of_each_seat_with_the_game_seed_plus_one_plus_the_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """What docs/bots.md promises: ``trapper play --seed S`` gives the bot
    at seat ``s`` the seed ``S + 1 + s``, so a program plays the same game."""
    out = tmp_path / "game.trn"
    args = ["play", "--seed", "7", "--players", "3", "--bots", "greedy,random"]
    assert main([*args, "--out", str(out)]) == 0
    capsys.readouterr()
    (record,) = notation.loads(out.read_text())
    kinds = ("greedy", "random", "greedy")
    game = tc.play(
        tc.new_game("base", 3, seed=7), [tc.make_bot(kind, 8 + s) for s, kind in enumerate(kinds)]
    )
    assert record.replay().history == game.history


def test_play_table_writes_the_table_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "game.trn"
    args = ["play", "--seed", "7", "--variant", "tactical", "--players", "3"]
    assert main([*args, "--table", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert '[Setup "?"]' in printed
    assert "[Seed " not in printed
    assert "(shuffle" not in printed
    (record,) = notation.loads(out.read_text())
    assert out.read_text() in printed
    full = tmp_path / "full.trn"
    main([*args, "--out", str(full)])
    (complete,) = notation.loads(full.read_text())
    again = record.replay()
    assert again.history == complete.replay().history
    assert again.scores() == record.result


def test_play_names_the_players(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "game.trn"
    assert main(["play", "--seed", "4", "--names", "Ann, Bob Lee,Cy", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert '[Seat2 "Bob Lee"]' in printed
    assert "[Seat4 " not in printed
    assert "\n1. Ann: " in printed
    (record,) = notation.loads(out.read_text())
    assert record.replay().players == ("Ann", "Bob Lee", "Cy")


def test_play_with_a_human_seat_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\nq\n"))
    assert main(["play", "--seed", "3", "--names", "Ann,Bob", "--human", "Bob"]) == 0
    out = capsys.readouterr().out
    assert "Bob, your action" in out
    assert "\n2. Bob: pass\n" in out
    assert "Bob (you): " in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--seed", "3", "--names", "Ann,Bob", "--human", "b"]) == 0
    assert "Bob (you): " in capsys.readouterr().out  # a seat letter still says the seat


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--names", "Ann,Bob", "--players", "3"],
            "--names names 2 players, but --players says 3",
        ),
        (["--names", "Ann"], "'base' is played by 2 to 4 players, not 1"),
        (["--names", "Ann,Ann"], "player names must differ"),
        (["--names", "Ann,,Bob"], "a player's name is a line of printable text, not ''"),
        (["--names", "Ann,Bob", "--human", "Cy"], r"or a name of --names \(Ann, Bob\), not 'Cy'"),
        (
            ["--names", "B,A", "--human", "A"],
            "--human 'A' is the name of seat B and the letter of seat A",
        ),
    ],
)
def test_play_refuses_names_that_make_no_game(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--seed", "1", *args]) == 2
    assert re.search(message, capsys.readouterr().err)


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "--seed", "5", "--bots", "random"])
    first = capsys.readouterr().out
    main(["play", "--seed", "5", "--bots", "random"])
    assert capsys.readouterr().out == first


def test_play_with_a_human_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Nonsense, an illegal move, the list, a list position, then passing until the end.
    answers = ["fly", "end", "?", "#1"] + ["pass"] * 200
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(answers) + "\n"))
    assert main(["play", "--seed", "3", "--players", "2", "--human", "A"]) == 0
    out = capsys.readouterr().out
    assert "'fly' is not an action of the base game" in out
    assert "R11: no step has been taken this turn" in out
    assert "A, your action" in out
    assert "turn: trapper none, exchanged no" in out
    assert "A (you): " in out


def test_a_human_may_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--seed", "3", "--players", "2", "--human", "a"]) == 0
    assert "The game was left unfinished." in capsys.readouterr().out


class _Endless(io.StringIO):
    """The standard input of ``trapper play --human A < /dev/zero``: NULs
    without a line end, for ever. A line read whole is a MemoryError."""

    def __init__(self) -> None:
        super().__init__()
        self.taken = 0

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]  # as StringIO
        if size < 0:
            raise MemoryError("a line without an end, read whole")
        self.taken += size
        return "\0" * size


def test_play_reads_an_answer_without_a_line_end_in_bounded_pieces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``trapper play --human A < /dev/zero`` ran out of memory (a MemoryError
    and its traceback): the line never ends. Now an answer is read a bounded
    piece at a time, and a line longer than any answer ends the input."""
    stdin = _Endless()
    assert main(["play", "--seed", "3", "--players", "2", "--human", "A"], stdin=stdin) == 0
    out = capsys.readouterr().out
    assert "no answer is longer than 1,000,000 characters: the input is taken as ended" in out
    assert "The game was left unfinished." in out
    assert stdin.taken <= 2_000_000


def test_play_takes_an_answer_of_more_than_a_million_characters_as_the_end_of_the_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stdin = io.StringIO("x" * 1_000_001 + "\npass\n")
    assert main(["play", "--seed", "3", "--players", "2", "--human", "A"], stdin=stdin) == 0
    out = capsys.readouterr().out
    assert "no answer is longer than 1,000,000 characters: the input is taken as ended" in out
    assert "x" * 1001 not in out
    assert "A: pass" not in out
    assert "The game was left unfinished." in out


def test_play_with_a_human_seat_and_the_standard_input_closed_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``trapper play --human A <&-``: Python's sys.stdin is None, and the
    first question ended in an AttributeError and its traceback."""
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["play", "--seed", "3", "--players", "2", "--human", "A"]) == 2
    printed = capsys.readouterr()
    assert printed.err == (
        "trapper: error: --human reads your answers from the standard input, which is closed\n"
    )
    assert printed.out == ""


def test_simulate_sums_up_and_writes_every_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.trn"
    assert main(["simulate", "--games", "6", "--players", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert "6 games of base, 2 players" in printed.out
    assert "greedy" in printed.out
    assert "random" in printed.out
    assert "mean length" in printed.out
    assert "6/6" in printed.err
    records = notation.loads(out.read_text())
    assert len(records) == 6
    assert all(r.replay().is_over for r in records)


def test_play_and_simulate_append_to_their_out_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With --append the games go after what the file holds, a blank line
    between, as one `dumps` of them all writes them (none first into a
    file that is missing or empty)."""
    out = tmp_path / "collection.trn"
    play = ["play", "--players", "2", "--out", str(out), "--append"]
    assert main([*play, "--seed", "1"]) == 0
    assert main([*play, "--seed", "2"]) == 0
    simulate = ["simulate", "--games", "3", "--players", "2", "--seed", "5"]
    assert main([*simulate, "--out", str(out), "--append", "--workers", "1"]) == 0
    capsys.readouterr()
    records = notation.load(out)
    assert [r.tags["Seed"] for r in records] == ["1", "2", "5", "6", "7"]
    assert out.read_text(encoding="utf-8") == notation.dumps(records)
    fresh = tmp_path / "fresh.trn"
    assert main([*simulate, "--out", str(fresh), "--append", "--workers", "1"]) == 0
    assert not fresh.read_text(encoding="utf-8").startswith("\n")
    assert [r.tags["Seed"] for r in notation.load(fresh)] == ["5", "6", "7"]
    # Without --append the file is replaced.
    assert main([*simulate, "--out", str(out), "--workers", "1"]) == 0
    assert [r.tags["Seed"] for r in notation.load(out)] == ["5", "6", "7"]


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_append_without_out_is_refused(capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert main([command, "--append"]) == 2
    assert capsys.readouterr().err == (
        "trapper: error: --append adds to the file of --out: give --out FILE too\n"
    )


def test_show_a_position_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.GreedyBot(1), tc.GreedyBot(2)])
    path = tmp_path / "one.trn"
    path.write_text(notation.dumps(game))
    assert main(["show", str(path), "--turn", "2", "--colour", "never"]) == 0
    out = capsys.readouterr().out
    assert "game 1 (base): after turn 2 (turn 3, A to move)" in out
    assert "  8 " in out
    assert "[B]" in out
    assert re.search(
        r"\d+ cards: \d+ blue \(B\), \d+ beige", out
    )  # a complete record knows the hands
    assert main(["show", str(RECORDS / "club-night.trn"), "--colour", "always"]) == 0
    out = capsys.readouterr().out
    assert "the end" in out
    assert "\x1b[" in out
    assert "Ann: 6 money; 0 cards" in out  # a table record does not know hands


def test_show_a_record_with_a_seed_and_no_setup_shows_the_hands_the_seed_dealt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """As the complete record shows them: the seed deals the setup."""
    game = tc.play(tc.new_game("base", 2, seed=11), [tc.RandomBot(0), tc.RandomBot(1)])
    complete, seeded = tmp_path / "complete.trn", tmp_path / "seeded.trn"
    complete.write_text(notation.dumps(game))
    seeded.write_text(re.sub(r'\[Setup ".*"\]\n| \(shuffle \w+\)', "", notation.dumps(game)))
    shown = []
    for path in (complete, seeded):
        assert main(["show", str(path), "--turn", "30", "--colour", "never"]) == 0
        shown.append(capsys.readouterr().out.replace(str(path), "FILE"))
    assert shown[0] == shown[1]
    assert re.search(
        r"B: \d+ money.*; \d+ cards: \d+ blue \(B\), \d+ beige \(E\), \d+ green \(G\), "
        r"\d+ purple \(P\)",
        shown[1],
    )


def test_show_a_turn_of_a_record_without_a_seed_replays_its_shuffles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record without a Seed tag takes its reshuffles from its notes (a
    complete record) or its deal (a table record), not the seed: every turn
    shown is the position the game had then, hands included, past every
    reshuffle."""
    game = tc.play(tc.new_game("base", 4, seed=0), [tc.RandomBot(s) for s in range(4)])
    table = notation.Record.table_record(game)
    replayed = table.replay()
    assert replayed.state.shuffled  # the record's own deal reshuffles
    complete = tmp_path / "complete.trn"
    complete.write_text(notation.dumps(replayed))
    assert "[Seed " not in complete.read_text()
    turns = replayed.state.turns
    for turn in range(0, turns + 1, 3):
        position = replayed.root()
        for action, shuffles in zip(replayed.history, replayed.outcomes(), strict=True):
            if position.state.turns > turn:
                break
            position.apply(action, shuffles=shuffles)
        assert main(["show", str(complete), "--turn", str(turn), "--colour", "never"]) == 0
        shown = capsys.readouterr().out
        expected = render(position, colour=False, hands=True)
        assert shown.split("\n", 1)[1] == expected + "\n"
    path = tmp_path / "table.trn"
    path.write_text(notation.dumps(table))
    for turn in range(turns + 1):
        assert main(["show", str(path), "--turn", str(turn), "--colour", "never"]) == 0
    capsys.readouterr()


def test_show_a_position_before_a_move_against_the_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The positions before a bad move of a record can be looked at (after
    turn 3: the bad move is turn 4's first); the bad move is noted, and a
    position after it is an error."""
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.GreedyBot(1), tc.GreedyBot(2)])
    lines = notation.dumps(game).split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("4. "))
    lines[at] = lines[at].replace(": ", ": Bh8 ", 1)  # R13: h8 is face down
    path = tmp_path / "edited.trn"
    path.write_text("\n".join(lines))
    assert main(["show", str(path), "--turn", "2", "--colour", "never"]) == 0
    captured = capsys.readouterr()
    assert "game 1 (base): after turn 2 (turn 3, A to move)" in captured.out
    assert captured.err.startswith(
        f"trapper: note: {path}: later, game 1, turn 4, 'Bh8', line {at + 1}, column 7: R13"
    )
    assert main(["show", str(path), "--turn", "3", "--colour", "never"]) == 0  # turn 4 begins
    assert "game 1 (base): after turn 3 (turn 4, B to move)" in capsys.readouterr().out
    for later in (["--turn", "4"], ["--turn", "5"], []):
        assert main(["show", str(path), *later]) == 2
        assert f"game 1, turn 4, 'Bh8', line {at + 1}, column 7: R13" in capsys.readouterr().err


def test_show_the_end_of_a_record_whose_result_tag_disagrees_with_the_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A wrong Result tag is no move against the rules: the end was refused
    as the positions after a bad move are; it is shown, the tag noted."""
    path = tmp_path / "miscounted.trn"
    path.write_text(
        '[Variant "base"]\n[Seat1 "Ann"]\n[Seat2 "Bob"]\n[Seed "4"]\n[Result "1 0"]\n\n'
        "1. Ann: pass\n2. Bob: retire\n3. Ann: retire\n"
    )
    for turn in ([], ["--turn", "3"]):
        assert main(["show", str(path), *turn, "--colour", "never"]) == 0
        captured = capsys.readouterr()
        assert ("game 1 (base): after turn 3: the end" if turn else "game 1 (base): the end") in (
            captured.out
        )
        assert captured.err == (
            f"trapper: note: {path}: later, game 1, line 5: the Result tag says 1 0, "
            "the replay gives 0 0\n"
        )
    assert main(["replay", str(path)]) == 1  # replay still reports it


def test_replay_checks_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(RECORDS / "club-night.trn")]) == 0
    assert "game 1: final: Ann 4, Bob -7; winner Ann" in capsys.readouterr().out
    bad = tmp_path / "bad.trn"
    bad.write_text('[Seat1 "A"]\n[Seat2 "B"]\n[Seed "1"]\n[Setup "?"]\n\n1. A: Zz9\n')
    assert main(["replay", str(bad)]) == 1
    assert "game 1" in capsys.readouterr().out


def test_replay_names_the_winners_of_a_shared_win_R35(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tc.new_game("children", ["Ann", "Bob"], seed=108)
    tc.play(game, [tc.make_bot("random", 108), tc.make_bot("random", 109)])
    assert game.winners() == (0, 1)  # -3 each: seed 108 of two random bots ends level
    path = tmp_path / "level.trn"
    path.write_text(notation.dumps(game))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: game 1: final: Ann -3, Bob -3; winners Ann, Bob\n"


def test_replay_reports_games_on_stdout_and_an_unreadable_file_as_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The report (a line per game, right or wrong) is the output; a file
    that cannot be read is the command's error, as the contract says: one
    line on stderr with the prefix, exit status 2, the other files checked."""
    bad = tmp_path / "bad.trn"
    bad.write_text('[Seat1 "A"]\n[Seat2 "B"]\n[Seed "1"]\n[Setup "?"]\n\n1. A: Zz9\n')
    missing = tmp_path / "missing.trn"
    club = str(RECORDS / "club-night.trn")
    assert main(["replay", str(missing), str(bad), club]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"trapper: error: {missing}: cannot read: No such file or directory\n"
    assert f"{bad}: game 1" in captured.out
    assert "game 1: final: Ann 4, Bob -7; winner Ann" in captured.out


def test_replay_names_the_game_a_syntax_error_broke(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """As every other line of the report does: the game, then the place."""
    good = '[Seat1 "A"]\n[Seat2 "B"]\n[Seed "1"]\n\n1. A: pass\n'
    path = tmp_path / "three.trn"
    path.write_text(good + "\n" + good.replace("pass", "pass ]") + "\n" + good)
    assert main(["replay", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}: game 1: unfinished, so far: A 0, B 0"
    assert lines[1].startswith(f"{path}: game 2, line 11, column 12: unexpected ']'")
    assert lines[4] == f"{path}: game 3: unfinished, so far: A 0, B 0"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replay_prints_no_empty_line(capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/zero: a game longer than the cap, its line shown as the context
    shows a line (its start, control characters escaped), then the caret."""
    assert main(["replay", "/dev/zero"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("/dev/zero: game 1, line 1, column 1: a game is longer than")
    assert "\n\n" not in out
    _message, line, caret = out.splitlines()
    assert line.startswith("\\x00\\x00")
    assert caret == "^"


def test_variants_lists_the_installed_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("base")
    assert "children" in out
    assert "tactical" in out


def test_players_default_to_a_count_the_variant_is_played_by(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--players defaults to 4, or to the count nearest it that the variant
    takes: a variant of two players was refused unless --players 2 was typed."""
    from trapper_core import plugins

    module = types.ModuleType("trapper_two_only")

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return [
            tc.VariantSpec("duel", (), extends="base", max_players=2),
            tc.VariantSpec("crowd", (), extends="base", min_players=5, max_players=6),
        ]

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    install_plugins(monkeypatch, two_only=module)
    monkeypatch.setattr(plugins, "_default", None)
    assert main(["play", "--variant", "duel", "--seed", "1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert '[Seat2 "B"]' in out
    assert "[Seat3" not in out
    argv = ["simulate", "--games", "2", "--workers", "1", "--bots", "random"]
    assert main([*argv, "--variant", "duel"]) == 0
    assert "2 games of duel, 2 players" in capsys.readouterr().out
    assert main([*argv, "--variant", "base"]) == 0
    assert "2 games of base, 4 players" in capsys.readouterr().out
    assert main([*argv, "--variant", "crowd"]) == 0
    assert "2 games of crowd, 5 players" in capsys.readouterr().out
    assert main(["play", "--variant", "duel", "--players", "4"]) == 2
    assert "'duel' is played by 2 players, not 4" in capsys.readouterr().err


def test_variants_says_which_cannot_be_played_and_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant that extends a misspelled parent was listed like any other
    and failed only when played."""
    from trapper_core import plugins

    module = types.ModuleType("trapper_misspelled_parent")

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return [tc.VariantSpec("drawthree", (), extends="genrous")]

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    install_plugins(monkeypatch, drawthree=module)
    monkeypatch.setattr(plugins, "_default", None)
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    (broken,) = [line for line in lines if line.startswith("drawthree")]
    assert broken == (
        "drawthree [cannot be played: variant 'drawthree' extends 'genrous', "
        "but no variant is called 'genrous'; installed: base, children, tactical]"
    )
    assert not [line for line in lines if "cannot be played" in line and line != broken]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--variant", "go"], "no variant is called 'go'"),
        (["play", "--players", "7"], "played by 2 to 4 players"),
        (["play", "--bots", "clever"], "no bot is called 'clever'"),
        (["play", "--bots", ""], "--bots takes bot names separated by commas"),
        (["play", "--bots", "random,,greedy"], "'random,,greedy' leaves place 2 empty"),
        (["simulate", "--bots", "random,"], "'random,' leaves place 2 empty"),
        (["play", "--bots", ",,,"], "--bots takes bot names separated by commas"),
        (["simulate", "--bots", " , "], "--bots takes bot names separated by commas"),
        (["play", "--human", "0"], "--human takes a seat letter from A to D"),
        (["play", "--players", "3", "--human", "D"], "--human takes a seat letter from A to C"),
        (["play", "--players", "2", "--bots", "greedy,random,random"], "3 bots for 2 bot seats"),
        (
            ["simulate", "--bots", "ismcts,greedy,random,random,random"],
            "--bots names 5 bots for 4",
        ),
        (["simulate", "--seed", "-5"], "error: a seed is a whole number of 0 or more, not -5"),
        (["play", "--seed", "-5"], "error: a seed is a whole number of 0 or more, not -5"),
        (
            ["play", "--players", "2", "--human", "B", "--bots", "greedy,random"],
            "2 bots for 1 bot seat",
        ),
        (["play", "--out", "/nonexistent/dir/x.trn"], "/nonexistent/dir/x.trn: No such file"),
        (["play", "--out", str(RECORDS / "club-night.trn" / "x.trn")], "x.trn: Not a directory"),
        (["simulate", "--out", str(RECORDS / "club-night.trn" / "x.trn")], "Not a directory"),
        (["show", str(RECORDS / "club-night.trn"), "--turn", "99"], "there is no turn 99"),
        (["simulate", "--games", "0"], "--games takes a number of at least 1"),
        (["show", "nowhere.trn"], "nowhere.trn: cannot read: No such file"),
        (["replay", "nowhere.trn"], "nowhere.trn: cannot read: No such file"),
        (["show", str(RECORDS)], "records: cannot read: Is a directory"),
        (["replay", str(RECORDS)], "records: cannot read: Is a directory"),
        (["show", str(RECORDS / "club-night.trn"), "--game", "3"], "holds 1 game; there is no"),
        (["play", "--out", ""], "--out takes a file name, not an empty file name"),
        (["simulate", "--out", ""], "--out takes a file name, not an empty file name"),
        (["play", "--out", "-"], "not -: play prints the record on the standard output in any"),
        (["show", "two\nlines.trn"], "'two\\nlines.trn': cannot read: No such file or directory"),
        (
            ["replay", "two\nlines.trn"],
            "'two\\nlines.trn': cannot read: No such file or directory",
        ),
        (["simulate", "--out", "-"], "--out takes a file name, not -: the standard output is"),
        (["show", ""], "show takes a notation file, not an empty file name"),
        (["replay", str(RECORDS / "club-night.trn"), ""], "not an empty file name"),
    ],
)
def test_user_mistakes_give_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize("names", ["", " ", ",", " , "])
def test_play_with_names_that_name_no_one_says_so(
    names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--names ""`` (a variable left empty) was read as one player with
    no name, and told as "'base' is played by 2 to 4 players, not 1"; it
    is told as --bots "" is."""
    assert main(["play", "--names", names]) == 2
    assert capsys.readouterr().err == (
        "trapper: error: --names takes the players' names separated by commas (Ann,Bob,Cy), "
        f"not {names!r}\n"
    )


@pytest.mark.parametrize(
    "argv", [["play", "--seed", "1"], ["simulate", "--seed", "1", "--games", "1"]], ids=str
)
def test_an_out_file_that_cannot_be_made_is_refused_before_the_first_move(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name too long for the file system passed the checks of the
    directory, and the game was played whole before it failed."""
    assert main([*argv, "--out", str(tmp_path / ("a" * 300 + ".trn"))]) == 2
    captured = capsys.readouterr()
    assert "File name too long" in captured.err
    assert captured.out == ""  # no game played
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv", [["play", "--seed", "1"], ["simulate", "--seed", "1", "--games", "1"]], ids=str
)
@pytest.mark.parametrize("name", ["loop.trn", "loop.trn/game.trn"])
def test_an_out_file_behind_a_loop_of_symbolic_links_is_refused_before_the_first_move(
    argv: list[str], name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A symbolic link that leads back to itself passed the checks of
    --out (it exists, as a link), and the game was played whole before the
    write failed; one on the way to the file was said to be missing."""
    (tmp_path / "loop.trn").symlink_to(tmp_path / "loop.trn")
    assert main([*argv, "--out", str(tmp_path / name)]) == 2
    captured = capsys.readouterr()
    loop = "Too many levels of symbolic links"
    assert captured.err == f"trapper: error: {tmp_path / name}: {loop}\n"
    assert captured.out == ""  # no game played


@pytest.mark.parametrize(
    "argv", [["play", "--seed", "1"], ["simulate", "--seed", "1", "--games", "1"]], ids=str
)
def test_appending_to_a_gzip_file_is_refused_before_the_first_move(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--append to a gzip file (games.trn.gz) added plain text after what
    it unpacks to: simulate wrote its games there and exited 0 (no reader
    of the file sees them), and play refused it only once the game had
    been played. Both refuse it before the first move, as play's words
    said it, and leave the file as it was."""
    import gzip

    from trapper_core.errors import shown

    out = tmp_path / "games.trn.gz"
    held = gzip.compress((RECORDS / "club-night.trn").read_bytes())
    out.write_bytes(held)
    assert main([*argv, "--max-actions", "3", "--out", str(out), "--append"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"trapper: error: cannot append to {shown(str(out))}: it begins as a gzip file does, and "
        "games written after it would be no part of what it unpacks to\n"
    )
    assert captured.out == ""  # no game played
    assert out.read_bytes() == held


@pytest.mark.parametrize("argv", [["play", "--seed", "soon"], [], ["dance"]])
def test_bad_arguments_exit_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


@pytest.mark.parametrize("command", ["play", "simulate", "show", "replay", "variants"])
def test_help_everywhere(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    assert "usage: trapper " + command in capsys.readouterr().out


def test_python_dash_m_runs_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trapper_core", "play", "--seed", "1", "--players", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Winner:" in result.stdout


def test_a_reader_that_leaves_early_stops_the_command_quietly() -> None:
    """``trapper play | head -1``: no error about a broken pipe."""
    child = subprocess.Popen(
        [sys.executable, "-m", "trapper_core", "play", "--seed", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    child.stdout.close()  # before the first write
    _, errors = child.communicate(timeout=120)
    assert errors == b""
    assert child.returncode == 141


class _LeftPipe(io.StringIO):
    """The standard output of ``trapper … | head -1`` once head has left."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_replay_stops_quietly_when_its_reader_leaves_and_blames_no_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``trapper replay all.trn all.trn | head -1``: exit 141 as ``play``
    does, not a "cannot read" per file."""
    club = str(RECORDS / "club-night.trn")
    assert main(["replay", club, club, club], stdout=_LeftPipe()) == 141
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "usage", "unknown"),
    [
        (["play", "--sed", "3"], "usage: trapper play ", "--sed 3"),
        (["simulate", "--games", "2", "--wrkers", "2"], "usage: trapper simulate ", "--wrkers 2"),
        (["variants", "extra"], "usage: trapper variants ", "extra"),
        (["--bogus", "play"], "usage: trapper [-h]", "--bogus"),
        # An option is its whole name: a script that abbreviates would break
        # the day another option shares the prefix.
        (["play", "--see", "3"], "usage: trapper play ", "--see 3"),
        (["--vers"], "usage: trapper [-h]", "--vers"),
        (["simulate", "--game", "2"], "usage: trapper simulate ", "--game 2"),
        (["show", "x.trn", "--tur", "2"], "usage: trapper show ", "--tur 2"),
    ],
)
def test_an_unknown_argument_is_told_with_the_usage_of_its_command(
    argv: list[str], usage: str, unknown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse told ``play --sed 3`` with the top-level usage, which lists
    no option of play's."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage)
    assert err.endswith(f"error: unrecognized arguments: {unknown}\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a disk always full")
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["replay", "--help"]])
def test_help_that_cannot_be_written_fails_aloud(argv: list[str]) -> None:
    """argparse drops an error of writing its help; the command says it and exits 2."""
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "trapper_core", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert (run.returncode, run.stderr) == (2, "trapper: error: No space left on device\n")


def test_help_is_written_whole_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("usage: trapper ")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a disk always full")
def test_play_prints_its_record_when_the_out_file_cannot_be_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--players", "2", "--seed", "1", "--out", "/dev/full"]) == 2
    printed = capsys.readouterr()
    assert '[Seed "1"]' in printed.out
    assert "Winner: " in printed.out
    assert printed.err == "trapper: error: cannot write '/dev/full': No space left on device\n"


def test_replay_tells_of_a_file_that_holds_no_game_and_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An empty file, blank lines, comments only: each is said to hold no
    game, and the exit status is 1, as for a wrong game (a lost record must
    not pass as checked)."""
    files = {"empty.trn": "", "blank.trn": "\n\n  \n", "comments.trn": "; a note\n{ more }\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    names = [str(tmp_path / name) for name in files]
    assert main(["replay", *names, os.devnull]) == 1
    out = capsys.readouterr().out
    assert out.splitlines() == [f"{name}: holds no game" for name in [*names, os.devnull]]
    assert main(["replay", str(RECORDS / "club-night.trn"), names[0]]) == 1
    assert f"{names[0]}: holds no game" in capsys.readouterr().out


def test_with_the_standard_error_closed_errors_go_nowhere_and_the_status_tells(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``2>&-``: Python's sys.stderr is None. No progress bar and no crash;
    an error is not written to the standard output instead."""
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["simulate", "--games", "3", "--players", "2", "--workers", "1"]) == 0
    assert "3 games of base" in capsys.readouterr().out
    assert main(["show", "missing.trn"]) == 2
    assert main(["replay", "missing.trn"]) == 2
    assert capsys.readouterr().out == ""


@pytest.mark.skipif(sys.platform == "win32", reason="closes a descriptor before exec")
def test_a_command_run_with_its_standard_error_closed_does_not_crash(tmp_path: Path) -> None:
    out = tmp_path / "games.trn"
    command = ["simulate", "--games", "3", "--players", "2", "--workers", "1", "--out", str(out)]
    result = subprocess.run(
        [sys.executable, "-m", "trapper_core", *command],
        stdout=subprocess.PIPE,
        preexec_fn=lambda: os.close(2),
        check=False,
    )
    assert result.returncode == 0
    assert b"3 games of base" in result.stdout
    assert len(notation.loads(out.read_text())) == 3


@pytest.mark.parametrize(
    ("command", "answers"),
    [
        (["simulate", "--games", "2", "--players", "2", "--workers", "1"], b""),
        (["play", "--players", "2", "--seed", "3", "--human", "A"], "é\n?\nq\n".encode("latin-1")),
    ],
)
def test_output_survives_a_standard_stream_encoding_without_its_characters(
    command: list[str], answers: bytes
) -> None:
    """``PYTHONIOENCODING=ascii``: the en dash of "seeds 0–1" (and any other
    character the encoding lacks) is escaped, not a UnicodeEncodeError."""
    result = subprocess.run(
        [sys.executable, "-m", "trapper_core", *command],
        input=answers,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()
    assert b"Traceback" not in result.stderr
    if command[0] == "simulate":
        assert b"seeds 0\\u20131" in result.stdout


@pytest.mark.parametrize(("given", "name"), [("AUCTION", "tactical"), ("kids", "children")])
def test_simulate_names_the_variant_by_its_name_not_the_alias_given(
    given: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["simulate", "--games", "2", "--players", "2", "--workers", "1", "--bots", "random"]
    assert main([*command, "--variant", given]) == 0
    assert f"2 games of {name}, 2 players" in capsys.readouterr().out


def test_a_dash_reads_the_notation_from_the_standard_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``trapper replay - < game.trn`` and ``trapper show - < game.trn``."""
    text = (RECORDS / "club-night.trn").read_text()
    assert main(["replay", "-"], stdin=io.StringIO(text)) == 0
    assert capsys.readouterr().out == "<stdin>: game 1: final: Ann 4, Bob -7; winner Ann\n"
    assert main(["show", "-", "--colour", "never"], stdin=io.StringIO(text)) == 0
    assert capsys.readouterr().out.startswith("<stdin>, game 1 (base): the end")
    result = subprocess.run(
        [sys.executable, "-m", "trapper_core", "replay", "-"],
        input=(RECORDS / "club-night.trn").read_bytes(),
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"<stdin>: game 1: final: Ann 4, Bob -7; winner Ann\n"


def test_replay_and_show_read_files_saved_with_a_byte_order_mark_and_joined(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``cat a.trn b.trn > all.trn`` of files saved with a byte order mark:
    the second mark begins the line of the second file's first game, which
    ``replay`` refused ("unexpected '\\ufeff'") and ``show --game 2`` could
    not find."""
    club = (RECORDS / "club-night.trn").read_text()
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.GreedyBot(1), tc.GreedyBot(2)])
    text = "\ufeff" + club + "\ufeff" + notation.dumps(game)
    path = tmp_path / "all.trn"
    path.write_bytes(text.encode())
    expected = f"game 1: final: Ann 4, Bob -7; winner Ann\n{path}: game 2: final: "
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: {expected}")
    assert main(["replay", "-"], stdin=io.StringIO(text)) == 0
    assert capsys.readouterr().out.startswith("<stdin>: " + expected.replace(str(path), "<stdin>"))
    assert main(["show", str(path), "--game", "2", "--colour", "never"]) == 0
    assert capsys.readouterr().out.startswith(f"{path}, game 2 (base): the end")


def test_show_and_replay_of_a_closed_standard_input_name_it_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``trapper show - <&-`` said ``-: the standard input is closed``, where
    replay, and every other message, call it ``<stdin>``; both say it alike."""
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["show", "-"]) == 2
    assert capsys.readouterr().err == (
        "trapper: error: <stdin>: cannot read: the standard input is closed\n"
    )
    assert main(["replay", "-"]) == 2
    assert capsys.readouterr().err == (
        "trapper: error: <stdin>: cannot read: the standard input is closed\n"
    )


@pytest.mark.parametrize(("value", "coloured"), [(None, True), ("", True), ("1", False)])
def test_only_a_non_empty_no_color_turns_colour_off(
    value: str | None,
    coloured: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """no-color.org: NO_COLOR, "when present and not an empty string"."""
    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["show", str(RECORDS / "club-night.trn")]) == 0
    assert ("\x1b[" in capsys.readouterr().out) is coloured


def test_a_dumb_terminal_gets_no_colour(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """TERM=dumb draws no escape codes (a screen reader's terminal read
    them out); --colour always still asks for them."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["show", str(RECORDS / "club-night.trn")]) == 0
    assert "\x1b[" not in capsys.readouterr().out
    assert main(["show", str(RECORDS / "club-night.trn"), "--colour", "always"]) == 0
    assert "\x1b[" in capsys.readouterr().out


def test_version_prints_the_packages_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"trapper {tc.__version__}\n"


def test_every_option_of_show_has_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["show", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--colour {auto,always,never} draw in colour" in help_text


@pytest.mark.parametrize(
    ("command", "option", "default"),
    [
        ("play", "--seed SEED", "(default: one at random"),
        ("simulate", "--seed SEED", "(default: 0;"),
        ("show", "--game GAME", "(from 1; default: 1)"),
    ],
)
def test_the_help_tells_the_default_of_an_option_that_has_one(
    command: str, option: str, default: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The help of --seed and of show's --game said nothing of what they are
    when left out (simulating.md: the first seed is 0 unless given)."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    line = help_text[help_text.index(f" {option} ") :]
    assert line[: len(option) + 120].count(default) == 1, line[:200]


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_readmes_synopsis_names_every_option_of_play_and_simulate(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every option of the command, on its lines of the synopsis (simulate
    has two: its games here, and on a Ray cluster)."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    options = set(re.findall(r"--[a-z]+", capsys.readouterr().out)) - {"--help"}
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    synopsis = [line for line in readme.splitlines() if line.startswith(f"trapper {command} ")]
    assert synopsis
    assert options == {option for line in synopsis for option in re.findall(r"--[a-z]+", line)}


def test_an_installed_plugin_left_out_is_a_one_line_warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken installed plugin made every command fail with a traceback;
    now the command runs and the plugin is named in one line on stderr."""
    from trapper_core import plugins

    install_plugins(monkeypatch, riverboat="trapper_no_such_module_here")
    monkeypatch.setattr(plugins, "_default", None)
    assert main(["variants"]) == 0
    out, err = capsys.readouterr()
    assert "tactical" in out
    assert err.startswith("trapper: warning: the installed plugin 'riverboat' is left out: ")
    assert len(err.splitlines()) == 1
    (left_out,) = [line for line in out.splitlines() if line.startswith("riverboat")]
    assert left_out.startswith("riverboat [installed plugin left out: ")
    assert "trapper_no_such_module_here" in left_out


def test_variants_shows_each_variants_title_and_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "base (also: standard): Trapper — The game as the rulebook describes it (R1–R35)."
    )
    assert lines[1].startswith("children (also: kids): Trapper for younger children — ")


_OWN_BOTS = '''
import random
import sys


class FirstBot:
    """Plays the first legal action."""

    name = "first"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        return view.legal_actions[0]


class Nameless(FirstBot):
    name = None


class Wrong(FirstBot):
    """Plays the first legal action in the first two games of a simulation
    from seed 0, and from the third on a text that is no action."""

    name = "wrong"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.late = seed is not None and seed >= 20

    def choose(self, view):
        return "nonsense" if self.late else view.legal_actions[0]


class Raising(FirstBot):
    """Plays the first legal action three times, then fails."""

    name = "raising"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.chosen = 0

    def choose(self, view):
        self.chosen += 1
        if self.chosen > 3:
            raise RuntimeError("a bug in the bot")
        return view.legal_actions[0]


class Exiting(Raising):
    """Plays the first legal action three times, then exits the process
    (a bot whose engine it lost)."""

    name = "exiting"

    def choose(self, view):
        try:
            return super().choose(view)
        except RuntimeError:
            sys.exit("the engine has gone")


class Unmade(FirstBot):
    """Cannot be made from the seed 20 on: its own code raises as it is
    made (a model file it cannot find)."""

    name = "unmade"

    def __init__(self, seed=None):
        if seed is not None and seed >= 20:
            raise FileNotFoundError("no model file")
        super().__init__(seed)


class FailsFirst(FirstBot):
    """Fails in the first game of a simulation from seed 0 (its seed is 0)
    and plays the first legal action in every other."""

    name = "fails-first"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.fails = seed == 0
        self.chosen = 0

    def choose(self, view):
        self.chosen += 1
        if self.fails and self.chosen > 3:
            raise RuntimeError("a bug in the bot")
        return view.legal_actions[0]


class Seedless(FirstBot):
    name = "seedless"

    def __init__(self):
        super().__init__(0)


class Counted(FirstBot):
    """Counts the bots made of it, with their seeds (a bot that loads a
    model when it is made costs that much)."""

    name = "counted"
    made = []

    def __init__(self, seed=None):
        super().__init__(seed)
        Counted.made.append(seed)
'''


@pytest.fixture
def own_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module of the user's bots in the working directory, by a name of
    its own (no other test imports it); sys.path as it was afterwards."""
    name = f"own_bots_{os.getpid()}_{len(sys.modules)}"
    (tmp_path / f"{name}.py").write_text(_OWN_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    yield name
    sys.modules.pop(name, None)


def _told_from_the_bot(err: list[str], module: str, raising: str, where: str) -> None:
    """The standard error's lines tell a bot's own error as the command
    tells it: a traceback of the bot's frames alone, from the line of
    ``module`` (one of `_OWN_BOTS`) that is ``raising``, in ``where``, to
    the error's line, above the line that names the bot."""
    assert err[0] == "Traceback (most recent call last):"
    line = _OWN_BOTS.splitlines().index(" " * 12 + raising) + 1
    assert err[1].endswith(f'{module}.py", line {line}, in {where}')
    assert err[-2] == raising.removeprefix("raise ").replace('("', ": ").removesuffix('")')
    assert not [text for text in err if "trapper_core" in text]


def test_bots_of_your_own_are_named_as_module_and_class(
    own_bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--bots took the built-in names only: a bot of the user's own is
    named module:Class, found in the working directory, and plays in
    play and simulate (with a pool of workers too), tallied by its name."""
    bots = f"{own_bots}:FirstBot,greedy"
    assert main(["simulate", "--games", "4", "--players", "2", "--bots", bots]) == 0
    assert re.search(r"^first +4 ", capsys.readouterr().out, re.MULTILINE)
    assert (
        main(["simulate", "--games", "4", "--players", "2", "--bots", bots, "--workers", "2"]) == 0
    )
    assert re.search(r"^first +4 ", capsys.readouterr().out, re.MULTILINE)
    assert main(["play", "--players", "2", "--seed", "3", "--bots", bots]) == 0
    assert "A (first): " in capsys.readouterr().out


def test_simulate_makes_the_bots_of_your_own_as_often_as_the_library_does(
    own_bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command checked its arguments, then called `simulate`, which
    checked them again: a bot maker of the user's own made the first
    game's bots twice over. Now it makes them as `simulate` does, seed for
    seed."""
    argv = ["simulate", "--games", "3", "--players", "2", "--seed", "5", "--workers", "1"]
    assert main([*argv, "--bots", f"{own_bots}:Counted,random"]) == 0
    counted = sys.modules[own_bots].Counted  # imported by the command, from the working folder
    by_command = list(counted.made)
    counted.made.clear()
    tc.simulate("base", 2, 3, bots=[counted, "random"], seed=5)
    assert by_command == counted.made
    assert len(by_command) == 1 + 3  # the check's, then one a game
    capsys.readouterr()


def test_play_keeps_the_game_so_far_when_a_bot_raises(
    own_bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot of the user's own that raised while choosing ended play in a
    traceback, and the game so far was lost: now the record so far is
    saved and printed, then the bot's traceback and one line naming the
    bot; status 1."""
    out = tmp_path / "game.trn"
    bots = f"{own_bots}:Raising,greedy"
    status = main(["play", "--players", "2", "--seed", "3", "--bots", bots, "--out", str(out)])
    printed = capsys.readouterr()
    assert status == 1
    assert "(stopped: a bot failed)" in printed.out
    assert "The game was left unfinished." in printed.out
    err = printed.err.splitlines()
    # The bot's own frames, as simulate tells them: none of the command line's.
    _told_from_the_bot(err, own_bots, 'raise RuntimeError("a bug in the bot")', "choose")
    assert err[-1] == (
        "trapper: error: the bot of seat 0 (A, raising) raised RuntimeError: a bug in the bot"
    )
    record = notation.load(out)[0]
    assert record.text in printed.out
    game = record.replay()
    assert not game.is_over
    assert len(game.history) >= 3


def test_play_keeps_the_game_so_far_when_a_bot_exits(
    own_bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot whose code called sys.exit while choosing ended play at once,
    silently, with the status it gave: the game so far was neither printed
    nor saved. It is a bot that failed, as one that raises is."""
    out = tmp_path / "game.trn"
    bots = f"{own_bots}:Exiting,greedy"
    status = main(["play", "--players", "2", "--seed", "3", "--bots", bots, "--out", str(out)])
    printed = capsys.readouterr()
    assert status == 1
    assert "(stopped: a bot failed)" in printed.out
    assert printed.err.splitlines()[-1] == (
        "trapper: error: the bot of seat 0 (A, exiting) raised SystemExit: the engine has gone"
    )
    assert len(notation.load(out)[0].replay().history) >= 3


def test_play_keeps_the_game_so_far_when_a_bot_chooses_a_refused_action(
    own_bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot's action that the rules refuse is told in one line naming the
    bot and the rule's error, after the record so far; status 1."""
    out = tmp_path / "game.trn"
    bots = f"{own_bots}:Wrong,greedy"  # seeds from 20 on choose "nonsense"
    status = main(["play", "--players", "2", "--seed", "30", "--bots", bots, "--out", str(out)])
    printed = capsys.readouterr()
    assert status == 1
    assert "(stopped: a bot failed)" in printed.out
    assert printed.err.startswith(
        "trapper: error: the bot of seat 0 (A, wrong) chose an action the rules refuse: "
    )
    assert len(printed.err.splitlines()) == 1
    assert notation.load(out)[0].replay().history == ()


def test_play_with_a_person_keeps_the_game_so_far_when_a_bot_chooses_no_action(
    own_bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a person at the table every decision is printed as its text,
    which a bot's "nonsense" has none of: the bot is named all the same."""
    answers = io.StringIO("pass\n" * 40)
    bots = ["--bots", f"{own_bots}:Wrong"]
    status = main(["play", "--players", "2", "--seed", "30", "--human", "B", *bots], stdin=answers)
    printed = capsys.readouterr()
    assert status == 1
    assert "(stopped: a bot failed)" in printed.out
    assert printed.err.startswith(
        "trapper: error: the bot of seat 0 (A, wrong) chose an action the rules refuse: "
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_here:Bot", "cannot import 'no_such_module_here' for the bot"),
        ("{}:Missing", "'{}' has no 'Missing'"),
        ("{}:Nameless", "the bot of your own <class '{}.Nameless'> has no name: give it a"),
        ("{}:Seedless", "the bot maker 'seedless' (<class '{}.Seedless'>) takes no seed"),
        ("{}:random", "--bots: {}:random is <module 'random'"),
        (":FirstBot", "names a bot of your own as module:Class, with both parts"),
        ("firstbot", "no bot is called 'firstbot'; choose from random, greedy, ismcts, or name"),
    ],
)
def test_bots_of_your_own_that_cannot_be_had_are_refused_before_any_game(
    own_bots: str, spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", "--bots", spec.format(own_bots)]) == 2
    printed = capsys.readouterr()
    assert message.format(own_bots) in printed.err
    assert "games of base" not in printed.out


@pytest.mark.parametrize(
    "command",
    [
        ["play", "--players", "2", "--seed", "19"],  # the bots' seeds are 20 and 21
        ["simulate", "--games", "2", "--players", "2", "--seed", "2", "--workers", "1"],
    ],
)
def test_a_bot_of_your_own_that_raises_as_it_is_made_is_told_as_a_bots_failure(
    own_bots: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot maker of the user's own whose code raised as it made a bot
    (before the first game) ended play and simulate in the engine's whole
    traceback, through the command line, and no ``trapper: error`` line.
    It is told as a bot that raises is: its own frames, then one line
    naming the bot; status 1, and --out left as it was."""
    out = tmp_path / "games.trn"
    out.write_text("kept\n")
    bots = ["--bots", f"{own_bots}:Unmade", "--out", str(out)]
    assert main([*command, *bots]) == 1
    printed = capsys.readouterr()
    err = printed.err.splitlines()
    _told_from_the_bot(err, own_bots, 'raise FileNotFoundError("no model file")', "__init__")
    assert err[-1] == (
        "trapper: error: --bots: the bot maker 'unmade' raised FileNotFoundError: no model "
        "file, making a bot with the seed 20"
    )
    assert printed.out == ""
    assert out.read_text() == "kept\n"


@pytest.mark.parametrize(
    ("exits", "told"),
    [
        ("sys.exit('usage: script.py MODEL')", "SystemExit: usage: script.py MODEL"),
        ("exit()", "SystemExit"),
    ],
)
def test_a_bots_module_that_exits_as_it_is_imported_is_a_clear_error(
    exits: str,
    told: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A module named by --bots that exits as it is imported (a script whose
    code runs at import, not under ``if __name__ == "__main__"``) ended the
    command silently, with the script's status (0 for ``exit()``): it is
    told as a module that raises is, status 2."""
    name = f"script_bot_{os.getpid()}_{len(sys.modules)}"
    (tmp_path / f"{name}.py").write_text(f"import sys\n{exits}\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    assert main(["play", "--seed", "1", "--bots", f"{name}:Bot"]) == 2
    printed = capsys.readouterr()
    assert printed.err == (
        f"trapper: error: --bots: importing {name!r} for the bot '{name}:Bot' raised {told}\n"
    )
    assert printed.out == ""
    sys.modules.pop(name, None)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_tells_a_bot_of_your_own_that_raises_as_a_later_game_makes_it(
    own_bots: str, workers: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot maker whose code raised as it made a bot for a game after the
    first ended simulate in the engine's whole traceback (through the
    command line, or the pool's), with no word of the game: it is told as
    a decision's error is, its own frames and a line naming the game, the
    seed, the seat and the bot; status 1, --out holding the games before."""
    out = tmp_path / "games.trn"
    command = ["simulate", "--games", "3", "--players", "2", "--seed", "1", "--out", str(out)]
    bots = ["--bots", f"{own_bots}:Unmade", "--workers", workers, "--batch", "1"]
    assert main([*command, *bots]) == 1  # game 1 has the seed 2: its bots, 20 and 21
    err = capsys.readouterr().err.splitlines()
    start = err.index("Traceback (most recent call last):")
    raising = _OWN_BOTS.splitlines().index('            raise FileNotFoundError("no model file")')
    assert err[start + 1].endswith(f'{own_bots}.py", line {raising + 1}, in __init__')
    assert err[-2] == "FileNotFoundError: no model file"
    assert not [line for line in err if "trapper_core" in line or "simulate()" in line]
    assert err[-1] == (
        "trapper: error: FileNotFoundError: no model file "
        "(game 1 (from 0; seed 2), making the bot of seat 0 (A; bot unmade))"
    )
    assert [r.replay().seed for r in notation.loads(out.read_text())] == [1]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_stopped_by_an_error_says_what_its_out_file_holds(
    own_bots: str, workers: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A simulation that an error stops (a bot's wrong action, a full disk)
    left its --out file as it stood, without a word: a game half written
    could end it, and what it held before was gone. It is cut back to the
    games finished, as after Ctrl-C, and a note says how many it holds."""
    out = tmp_path / "games.trn"
    out.write_text("what the file held before\n")
    command = ["simulate", "--games", "5", "--players", "2", "--seed", "0", "--out", str(out)]
    bots = ["--bots", f"{own_bots}:Wrong,greedy", "--workers", workers, "--batch", "1"]
    assert main([*command, *bots]) == 1  # a bot's failure, as play tells it
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (
        "trapper: error: 'nonsense' is not an action; a text is read with Game.parse_action "
        "or played with Game.apply_text (a bot returns one of its view's legal_actions) "
        "(game 2 (from 0; seed 2), a decision of seat 0 (A; bot wrong))"
    )
    records = notation.loads(out.read_text())
    assert all(record.replay().is_over for record in records)
    assert err[-2] == (
        f"trapper: note: {out} is incomplete, it holds the first {len(records)} of the 5 games"
    )  # and no command to play the rest: it would meet the bot's mistake again


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_tells_a_bots_exception_as_play_does(
    own_bots: str, workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot whose own code raised ended simulate with the engine's whole
    traceback (36 lines through the command line and the simulation) and
    no ``trapper: error`` line, status 1 where play gave its own frames, a
    line naming the bot, and status 1."""
    command = ["simulate", "--games", "2", "--players", "2", "--seed", "0"]
    bots = ["--bots", f"{own_bots}:Raising,greedy", "--workers", workers]
    assert main([*command, *bots]) == 1
    err = capsys.readouterr().err.splitlines()
    _told_from_the_bot(err, own_bots, 'raise RuntimeError("a bug in the bot")', "choose")
    assert err[-1] == (
        "trapper: error: RuntimeError: a bug in the bot "
        "(game 0 (from 0; seed 0), a decision of seat 0 (A; bot raising))"
    )
    assert not [line for line in err if "trapper_core" in line or "simulate()" in line]


def test_simulate_stopped_by_an_error_ends_its_workers_before_it_returns(
    own_bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot's error in one batch stopped the pool without waiting: the
    other worker played its batch on after the command had returned (for
    ever, an orphan holding the output open, if the process ended first).
    Now the command kills the workers and returns once they and the pool's
    thread have ended."""
    import multiprocessing
    import threading

    threads = threading.active_count()
    command = ["simulate", "--games", "400", "--players", "2", "--seed", "0"]
    bots = ["--bots", f"{own_bots}:FailsFirst,greedy", "--workers", "2", "--batch", "40"]
    assert main([*command, *bots]) == 1
    assert multiprocessing.active_children() == []
    assert threading.active_count() == threads
    assert capsys.readouterr().err.splitlines()[-1] == (
        "trapper: error: RuntimeError: a bug in the bot "
        "(game 0 (from 0; seed 0), a decision of seat 0 (A; bot fails-first))"
    )


def test_simulate_append_stopped_by_an_error_keeps_what_the_file_held(
    own_bots: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.trn"
    before = notation.dumps(tc.play(tc.new_game("base", 2, seed=9), [tc.RandomBot(1)] * 2))
    out.write_text(before, encoding="utf-8")
    command = ["simulate", "--games", "5", "--players", "2", "--seed", "0", "--out", str(out)]
    bots = ["--bots", f"{own_bots}:Wrong,greedy", "--workers", "1", "--batch", "1"]
    assert main([*command, "--append", *bots]) == 1
    err = capsys.readouterr().err.splitlines()
    text = out.read_text(encoding="utf-8")
    assert text.startswith(before)
    records = notation.loads(text)
    assert all(record.replay().is_over for record in records)
    assert err[-2] == (
        f"trapper: note: {out} is incomplete, it holds what it held and the first "
        f"{len(records) - 1} of the 5 games"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and SIGHUP as POSIX sends them")
def _simulate_stopped(signum: str, tmp_path: Path, *, group: bool) -> tuple[int, str, Path]:
    """Runs ``trapper simulate`` with two workers in a session of its own,
    sends it ``signum`` once --out holds a few games (to every process of
    its group, as a terminal does, with ``group``), and returns its exit
    status, what it wrote to stderr and --out; no process of the session
    may be left."""
    import signal
    import time

    out = tmp_path / "games.trn"
    command = ["simulate", "--games", "100000", "--workers", "2", "--batch", "2"]
    command += ["--out", str(out)]
    child = subprocess.Popen(
        [sys.executable, "-m", "trapper_core", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=as_at_a_terminal(),
    )
    deadline = time.monotonic() + 60
    while (not out.exists() or out.stat().st_size < 5000) and time.monotonic() < deadline:
        time.sleep(0.05)
    (os.killpg if group else os.kill)(child.pid, getattr(signal, signum))
    try:
        printed, errors = child.communicate(timeout=30)
    finally:
        left = subprocess.run(["pgrep", "-s", str(child.pid)], capture_output=True, text=True)
        for pid in left.stdout.split():
            os.kill(int(pid), signal.SIGKILL)
    assert not left.stdout.split(), "workers left running"
    assert printed == b""
    return child.returncode, errors.decode(), out


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGHUP"])
def test_simulate_ended_by_sigterm_or_sighup_stops_as_ctrl_c_does(
    signum: str, tmp_path: Path
) -> None:
    """``kill`` (SIGTERM) or a hangup ended Python at once: no word, a game
    half written in --out, and the pool's workers lived on as orphans,
    holding the command's output open. Now the games stop as at Ctrl-C:
    --out holds whole games, a note says how many, the workers end, and the
    exit status is 128 + the signal's number."""
    import signal

    status, errors, out = _simulate_stopped(signum, tmp_path, group=False)
    assert status == 128 + getattr(signal, signum)
    records = notation.loads(out.read_text())
    assert all(record.replay().is_over for record in records)
    assert errors.splitlines()[-1] == (
        f"trapper: note: ended by {signum}: {out} is incomplete, it holds the first "
        f"{len(records)} of the 100000 games; the rest are the same command with "
        f"--first {len(records)} --games {100000 - len(records)} --append"
    )


@pytest.mark.parametrize("signum", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_simulate_stopped_at_a_terminal_ends_every_worker_and_says_only_its_note(
    signum: str, tmp_path: Path
) -> None:
    """Ctrl-C (SIGINT), or a hangup or SIGTERM sent to the terminal's whole
    group, reaches the pool's workers as well as the command: the command
    stops the pool, no worker is left, and stderr holds the note alone (no
    traceback of a worker or of the pool's thread)."""
    import signal

    status, errors, out = _simulate_stopped(signum, tmp_path, group=True)
    assert status == 128 + getattr(signal, signum)
    records = notation.loads(out.read_text())
    assert all(record.replay().is_over for record in records)
    said = "interrupted" if signum == "SIGINT" else f"ended by {signum}"
    assert errors.splitlines() == [
        f"trapper: note: {said}: {out} is incomplete, it holds the first "
        f"{len(records)} of the 100000 games; the rest are the same command with "
        f"--first {len(records)} --games {100000 - len(records)} --append"
    ]


def _in(folder: Path) -> dict[str, str]:
    """The environment of a command run in ``folder``: its modules found
    there, and the project's as here (a relative PYTHONPATH made whole)."""
    paths = [str(folder)]
    paths += [os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _bot_in(folder: Path, choose: str) -> str:
    """Writes a module of one bot of the user's own to ``folder``, a random
    bot whose ``choose`` runs the lines ``choose`` first; returns the bot's
    name for --bots."""
    module = f"own_{len(list(folder.glob('own_*.py')))}"
    (folder / f"{module}.py").write_text(
        "import subprocess\nimport time\n\nimport trapper_core as tc\n\n\n"
        "class Bot(tc.RandomBot):\n"
        "    name = 'own'\n"
        "    started = []\n\n"
        "    def choose(self, view):\n"
        + "".join(f"        {line}\n" for line in choose.splitlines())
        + "        return super().choose(view)\n"
    )
    return f"{module}:Bot"


def _started_in(folder: Path, argv: list[str], **options: Any) -> subprocess.Popen[Any]:
    """``trapper`` with ``argv``, started in ``folder`` (its modules found
    there), the signals that stop it at their defaults."""
    options.setdefault("preexec_fn", as_at_a_terminal())
    return subprocess.Popen(
        [sys.executable, "-m", "trapper_core", *argv], cwd=folder, env=_in(folder), **options
    )


def _script_in(folder: Path, text: str, **options: Any) -> subprocess.CompletedProcess[str]:
    """Writes the Python script ``text`` to ``folder`` and runs it there,
    the signals that stop it at their defaults."""
    (folder / "script.py").write_text(text)
    options.setdefault("preexec_fn", as_at_a_terminal())
    return subprocess.run(
        [sys.executable, "script.py"],
        capture_output=True,
        text=True,
        cwd=folder,
        env=_in(folder),
        timeout=120,
        **options,
    )


def test_simulate_acts_on_a_signal_whose_exception_a_bot_swallowed(tmp_path: Path) -> None:
    """SIGTERM's handler raised an Exception, which a bot's own ``except
    Exception`` swallowed: the run played on to its end, exit status 0. It
    is a BaseException now, as Ctrl-C's KeyboardInterrupt is, and the
    signal is kept and acted on at the next game if its exception is lost
    all the same."""
    import signal
    import time

    careful = _bot_in(
        tmp_path,
        "open('playing', 'w').close()\ntry:\n    time.sleep(0.002)\nexcept Exception:\n    pass",
    )
    command = ["simulate", "--games", "60", "--players", "2", "--workers", "1"]
    child = _started_in(
        tmp_path, [*command, "--bots", careful], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    # Once it plays (its handlers set), however long a loaded machine took to start it.
    deadline = time.monotonic() + 60
    while not (tmp_path / "playing").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    child.send_signal(signal.SIGTERM)
    printed, errors = child.communicate(timeout=60)
    assert child.returncode == 128 + signal.SIGTERM, errors.decode()
    assert printed == b""
    assert errors.decode().splitlines()[-1].startswith("trapper: note: ended by SIGTERM after ")


@pytest.mark.parametrize("signum", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_simulate_stops_on_a_signal_met_as_its_pool_forks_a_worker(
    signum: str, tmp_path: Path
) -> None:
    """A signal that came while the pool forked a worker was lost in
    Python's hooks at a fork ("Exception ignored in: ... _Signalled"), and
    the run went on to its end, exit status 0. The pool holds the signals
    back while it starts its workers: the signal stops the run."""
    import signal

    child = _script_in(
        tmp_path,
        "import os, signal, sys\n"
        "from trapper_core.cli import main\n\n"
        "sent = []\n\n\n"
        "def at_fork():\n"
        "    if not sent:\n"
        "        sent.append(1)\n"
        f"        os.kill(os.getpid(), signal.{signum})\n\n\n"
        "os.register_at_fork(after_in_parent=at_fork)\n"
        "sys.exit(main(['simulate', '--games', '40', '--players', '2', '--workers', '2']))\n",
        start_new_session=True,
    )
    number = getattr(signal, signum)
    said = "interrupted" if signum == "SIGINT" else f"ended by {signum}"
    assert child.returncode == 128 + number, child.stderr
    assert child.stdout == ""
    assert child.stderr.splitlines() == [f"trapper: note: {said} after 0 of 40 games"]


def test_simulate_interrupted_as_its_pool_starts_ends_the_workers_it_started(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C met after the pool had forked its workers but before its
    thread began: the pool was let go as one that had started nothing, its
    workers waited for a batch for ever, and Python waited for them at
    exit (the command said "interrupted" and never ended)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    launch = getattr(ProcessPoolExecutor, "_launch_processes", None)
    if launch is None:
        pytest.skip("this Python's ProcessPoolExecutor starts its workers otherwise")

    def launched_then_interrupted(pool: ProcessPoolExecutor) -> None:
        launch(pool)
        raise KeyboardInterrupt  # what Ctrl-C raises at this instant

    monkeypatch.setattr(ProcessPoolExecutor, "_launch_processes", launched_then_interrupted)
    assert main(["simulate", "--games", "40", "--players", "2", "--workers", "2"]) == 130
    assert multiprocessing.active_children() == []
    assert capsys.readouterr().err.splitlines()[-1] == (
        "trapper: note: interrupted after 0 of 40 games"
    )


_RUN_WITH = (
    "import multiprocessing, sys\n"
    "from trapper_core.cli import main\n\n"
    "if __name__ == '__main__':\n"
    "    if sys.argv[1] != 'default':\n"
    "        multiprocessing.set_start_method(sys.argv[1])\n"
    "    sys.exit(main(sys.argv[2:]))\n"
)
"""A script that runs the command line under a start method of processes."""


def _session_left(sid: int) -> list[str]:
    """The processes of session ``sid`` still running (not zombies)."""
    found = subprocess.run(["pgrep", "-s", str(sid)], capture_output=True, text=True)
    left = []
    for pid in found.stdout.split():
        try:
            with open(f"/proc/{pid}/stat") as stat_file:
                if stat_file.read().rsplit(")", 1)[1].split()[0] != "Z":
                    left.append(pid)
        except OSError:
            pass
    return left


def _ended(sid: int, within: float) -> list[str]:
    """Waits up to ``within`` seconds for session ``sid`` to end; kills and
    returns what is left."""
    import signal
    import time

    deadline = time.monotonic() + within
    while (left := _session_left(sid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(int(pid), signal.SIGKILL)
    return left


def _session_of(folder: Path, argv: list[str], processes: int) -> subprocess.Popen[Any]:
    """``trapper`` with ``argv`` started in ``folder`` in a session of its
    own, once the session has ``processes`` processes (the command and its
    workers, say); its stderr is a pipe."""
    import time

    child = _started_in(
        folder, argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while len(_session_left(child.pid)) < processes and time.monotonic() < deadline:
        time.sleep(0.05)
    return child


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_simulate_killed_outright_leaves_no_worker(method: str, tmp_path: Path) -> None:
    """``kill -9`` of the command (or the system's, out of memory) left its
    workers waiting for a batch for ever, holding its output open. A worker
    ends once the command has gone: under forkserver too, whose server,
    the workers' parent, outlives the command."""
    import time

    (tmp_path / "run_with.py").write_text(_RUN_WITH)
    out = tmp_path / "games.trn"
    command = ["simulate", "--games", "100000", "--workers", "2", "--out", str(out)]
    child = subprocess.Popen(
        [sys.executable, "run_with.py", method, *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env=_in(tmp_path),
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while (not out.exists() or out.stat().st_size < 2000) and time.monotonic() < deadline:
        time.sleep(0.05)
    child.kill()
    child.wait(timeout=30)
    assert _ended(child.pid, within=10) == [], "workers left running"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("signum", ["SIGINT", "SIGTERM"])
def test_simulate_stopped_at_a_terminal_ends_what_its_bots_started(
    signum: str, tmp_path: Path
) -> None:
    """The workers ignored the signals that stop the command (SIG_IGN), and
    so did a program a bot started (an ignored signal is inherited): it
    outlived the command, holding its output open. The workers let the
    signals go with a handler, which a program started anew does not
    inherit."""
    import signal

    engine = "if not Bot.started:  # an engine of its own, once a process\n"
    engine += "    Bot.started.append(subprocess.Popen(['sleep', '300']))"
    command = ["simulate", "--games", "4000", "--workers", "2"]
    # The command, two workers and their two engines.
    child = _session_of(tmp_path, [*command, "--bots", _bot_in(tmp_path, engine)], processes=5)
    os.killpg(child.pid, getattr(signal, signum))
    child.wait(timeout=60)
    assert child.returncode == 128 + getattr(signal, signum)
    assert _ended(child.pid, within=5) == [], "a bot's program left running"


@pytest.mark.parametrize("signum", ["SIGINT", "SIGHUP"])
def test_simulate_started_ignoring_a_signal_leaves_it_ignored(signum: str, tmp_path: Path) -> None:
    """A job a shell runs in the background ignores Ctrl-C, and one run by
    ``nohup`` a hangup; Python leaves such a signal ignored, and the
    command took it over: the run ended on it."""
    import signal
    import time

    number = getattr(signal, signum)
    # 60 games: 2.5 s of sleep at the least
    slow = _bot_in(tmp_path, "open('playing', 'w').close()\ntime.sleep(0.001)")
    child = _started_in(
        tmp_path,
        ["simulate", "--games", "60", "--workers", "1", "--bots", f"{slow},random"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_at_a_terminal(lambda: signal.signal(number, signal.SIG_IGN)),
    )
    # Once it plays (its handlers set), however long a loaded machine took to start it.
    deadline = time.monotonic() + 60
    while not (tmp_path / "playing").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    assert child.poll() is None  # still playing
    child.send_signal(number)
    printed, errors = child.communicate(timeout=120)
    assert child.returncode == 0, errors
    assert printed.startswith("60 games of base")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_simulate_in_process_under_forkserver_leaves_its_server_no_signals_held(
    tmp_path: Path,
) -> None:
    """The pool held the signals back as it first sent a batch, which under
    forkserver starts the server: the server kept them held back for good,
    and every process the calling program started later through it could
    not be ended by SIGTERM."""
    run = _script_in(
        tmp_path,
        "import io, multiprocessing, sys\n"
        "from trapper_core.cli import main\n\n\n"
        "def held(queue):\n"
        "    with open('/proc/self/status') as status:\n"
        "        queue.put([l.split()[1] for l in status if l.startswith('SigBlk')][0])\n\n\n"
        "if __name__ == '__main__':\n"
        "    multiprocessing.set_start_method('forkserver')\n"
        "    sys.stdout = io.StringIO()\n"
        "    assert main(['simulate', '--games', '4', '--workers', '2']) == 0\n"
        "    queue = multiprocessing.Queue()\n"
        "    later = multiprocessing.Process(target=held, args=(queue,))\n"
        "    later.start()\n"
        "    print(queue.get(timeout=60), file=sys.stderr)\n"
        "    later.join()\n",
    )
    assert run.returncode == 0, run.stderr
    assert int(run.stderr.split()[-1], 16) == 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_simulate_stopped_by_two_signals_at_once_ends_its_workers(tmp_path: Path) -> None:
    """A hangup comes twice (from the kernel and the shell): the second
    signal's exception cut the pool's stop short before its workers were
    killed, and they played their batches out while Python waited for them
    at exit. The second signal is held back until the stop is done."""
    import signal
    import time

    command = ["simulate", "--games", "100", "--workers", "2", "--batch", "25"]
    child = _session_of(tmp_path, [*command, "--bots", _bot_in(tmp_path, "time.sleep(0.01)")], 3)
    time.sleep(1)
    os.killpg(child.pid, signal.SIGINT)
    time.sleep(0.0005)
    os.killpg(child.pid, signal.SIGINT)
    try:
        child.wait(timeout=30)
    finally:
        left = _ended(child.pid, within=1)
    assert child.stderr is not None
    assert child.returncode == 130, child.stderr.read()
    assert left == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_simulate_interrupted_again_as_it_exits_still_exits_130(tmp_path: Path) -> None:
    """A second Ctrl-C that came once the command had said its note, as
    Python tore the process down, ended it by the signal: its parent saw
    -2, not the 130 the command gives (a loaded machine delays a second
    signal by that much). The command ignores the stop signals once one
    has stopped it."""
    import signal
    import time

    command = ["simulate", "--games", "100", "--workers", "2", "--batch", "25"]
    child = _session_of(tmp_path, [*command, "--bots", _bot_in(tmp_path, "time.sleep(0.01)")], 3)
    time.sleep(0.5)
    os.killpg(child.pid, signal.SIGINT)
    assert child.stderr is not None
    told = child.stderr.readline()  # the note: the command is exiting
    again = 0
    while child.poll() is None and again < 50:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGINT)
        again += 1
        time.sleep(0.002)
    child.wait(timeout=30)
    assert child.returncode == 130, told
    assert told.startswith(b"trapper: note: interrupted after ")
    assert _ended(child.pid, within=1) == []


def test_simulate_out_to_a_reader_that_leaves_stops_quietly() -> None:
    """``trapper simulate --out /dev/stdout | head -1``: status 141 and no
    word, as for any command whose reader leaves; not a note that the file
    is incomplete."""
    command = ["simulate", "--games", "300", "--workers", "1", "--out", "/dev/stdout"]
    child = subprocess.Popen(
        [sys.executable, "-m", "trapper_core", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    child.stdout.readline()
    child.stdout.close()
    _, errors = child.communicate(timeout=120)
    assert child.returncode == 141
    assert [line for line in errors.decode().splitlines() if not line.startswith("[")] == []


def test_an_unknown_variant_on_the_command_line_says_nothing_of_registry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--variant kids`` mistyped, or a record of a variant that is not
    installed: the command line has no registry= to pass, and the error
    said "a variant given to a Registry in code is found by passing
    registry=, that Registry"."""
    for argv in (["play", "--variant", "go"], ["simulate", "--variant", "go", "--games", "1"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "no variant is called 'go'; installed: base, children, tactical" in err
        assert "registry" not in err
        # A package's variant that is not found is one that registers under
        # another group, or none: the group it must use is named.
        assert err.rstrip().endswith(
            "(a package installs a variant through the entry-point group 'trapper_core.plugins')"
        )
    record = tmp_path / "go.trn"
    record.write_text('[Variant "go"]\n')
    main(["replay", str(record)])
    printed = capsys.readouterr()
    assert "no variant is called 'go'" in printed.out + printed.err
    assert "registry" not in printed.out + printed.err


def _trapper(*argv: str, **options: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trapper_core", *argv],
        capture_output="stdout" not in options,
        stderr=subprocess.PIPE if "stdout" in options else None,
        text=True,
        timeout=300,
        **options,
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", str(RECORDS / "club-night.trn")],
        ["show", str(RECORDS / "club-night.trn")],
        ["play", "--seed", "1", "--players", "2"],
        ["variants"],
        ["--help"],
        ["--version"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_closed_standard_output_is_an_error_not_a_silence(argv: list[str]) -> None:
    """``trapper replay f.trn >&-`` exited 0 having written nothing, and
    ``show``, ``--help`` and ``--version`` failed with a traceback (help on
    the standard error)."""
    run = _trapper(*argv, stdout=None, preexec_fn=lambda: os.close(1))
    assert (run.returncode, run.stderr) == (2, "trapper: error: the standard output is closed\n")


def test_a_human_seat_with_a_closed_output_keeps_the_record(tmp_path: Path) -> None:
    out = tmp_path / "h.trn"
    argv = ["play", "--seed", "1", "--human", "A", "--out", str(out)]
    run = _trapper(*argv, stdout=None, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    assert (run.returncode, run.stderr) == (2, "trapper: error: the standard output is closed\n")
    assert len(notation.loads(out.read_text())) == 1


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("append", [False, True])
def test_out_naming_the_file_the_output_goes_to_is_refused(
    command: str, append: bool, tmp_path: Path
) -> None:
    """``--out /dev/stdout >> games.trn``: play renamed a new file over
    games.trn, simulate opened it again at its start; what it held was lost."""
    log = tmp_path / "games.trn"
    held = (RECORDS / "club-night.trn").read_text()
    log.write_text(held)
    with open(log, "a" if append else "r+") as stdout:
        run = _trapper(command, "--seed", "1", "--out", "/dev/stdout", stdout=stdout)
    assert run.returncode == 2
    assert run.stderr.startswith(
        "trapper: error: --out names the file that the standard output goes to (/dev/stdout)"
    )
    assert log.read_text() == held


def test_the_record_play_prints_is_utf_8_whatever_the_outputs_encoding(tmp_path: Path) -> None:
    """Through an ASCII output a name came out escaped (\\u017dofie), and
    ``trapper play > game.trn`` kept a file that replay refused."""
    game = tmp_path / "game.trn"
    with open(game, "w") as stdout:
        run = _trapper(
            "play", "--seed", "2", "--names", "Žofie,Bob",
            stdout=stdout, env={**os.environ, "PYTHONIOENCODING": "ascii"},
        )  # fmt: skip
    assert run.returncode == 0
    text = game.read_text(encoding="utf-8")
    assert '[Seat1 "Žofie"]' in text
    assert "; Winner: " in text
    (record,) = notation.loads(text)
    assert record.replay().players == ("Žofie", "Bob")


def test_show_takes_color_as_well_as_colour(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(RECORDS / "club-night.trn"), "--color", "always"]) == 0
    assert "\x1b[" in capsys.readouterr().out


def test_a_usage_error_with_no_standard_error_still_exits_2() -> None:
    run = _trapper("--bogus", stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(2))
    assert run.returncode == 2


def test_simulate_with_a_closed_output_plays_no_game() -> None:
    """Found after the games had been played: the study was lost."""
    run = _trapper(
        "simulate", "--games", "40", "--players", "2", "--workers", "1",
        stdout=None, preexec_fn=lambda: os.close(1),
    )  # fmt: skip
    assert (run.returncode, run.stderr) == (2, "trapper: error: the standard output is closed\n")


def test_simulate_tells_a_wrong_count_of_players_before_the_bots() -> None:
    run = _trapper("simulate", "--players", "1", "--games", "2")
    assert (run.returncode, run.stderr) == (
        2,
        "trapper: error: 'base' is played by 2 to 4 players, not 1\n",
    )


def test_simulate_out_to_the_standard_output_is_a_record_file_summary_and_all() -> None:
    """``trapper simulate --out /dev/stdout | trapper replay -``: the summary
    after the records is notation comments (as play's scores are), so the
    stream reads as records; written elsewhere, it stays a plain table."""
    run = _trapper(
        "simulate", "--games", "2", "--seed", "3", "--workers", "1", "--out", "/dev/stdout"
    )
    assert run.returncode == 0, run.stderr
    records = notation.loads(run.stdout)
    assert len(records) == 2
    assert all(record.replay().is_over for record in records)
    summary = run.stdout[run.stdout.rindex("\n; 2 games of base") + 1 :].splitlines()
    assert summary[1].split() == [";", "bot", "seats", "wins", "wins/seat", "mean", "score"]
    assert all(line.startswith("; ") for line in summary)
    elsewhere = _trapper(
        "simulate", "--games", "2", "--seed", "3", "--workers", "1", "--out", os.devnull
    )
    assert elsewhere.stdout.splitlines()[0] == "2 games of base, 4 players, seeds 3–4"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_simulate_words_a_failed_write_as_play_does(capsys: pytest.CaptureFixture[str]) -> None:
    """A write to --out that fails once its checks passed: ``cannot write
    '/dev/full': …`` as play says it (simulate said ``/dev/full: …``), and
    the note says the file holds none of the games (not "the first 0")."""
    assert main(["simulate", "--games", "4", "--workers", "1", "--out", "/dev/full"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("[")]
    assert err == [
        "trapper: note: /dev/full is incomplete, it holds none of the 4 games",
        "trapper: error: cannot write '/dev/full': No space left on device",
    ]
    assert main(["play", "--seed", "1", "--out", "/dev/full"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == err[-1]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_simulate_s_progress_on_a_terminal_and_on_one_that_draws_nothing_in_place(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], term: str
) -> None:
    """On a terminal the bar is redrawn in place; on ``TERM=dumb`` (a
    screen reader's terminal, which read the bar out sign by sign at every
    redraw) a line of words every tenth of the games."""
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setenv("TERM", term)
    command = ["simulate", "--games", "20", "--players", "2", "--workers", "1", "--seed", "1"]
    assert main(command) == 0
    assert "20 games of base" in capsys.readouterr().out
    shown = screen.getvalue()
    if term == "dumb":
        assert shown.splitlines() == [f"{n} of 20 games played" for n in range(2, 21, 2)]
        assert "#" not in shown
        assert "\r" not in shown
    else:
        assert "\r[" in shown
        assert shown.endswith("] 20/20\n")


_NO_START = '[Seat1 "Ann"]\n[Seat2 "Bob"]\n\n1. Ann: pass 2. Bob: pass\n'


@pytest.mark.parametrize("turn", [None, "0", "1", "2"])
def test_review_s56_R7_show_refuses_a_record_that_cannot_start(
    turn: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record that names none of the tiles face up at the start (R7) holds
    no position, but ``show`` drew a board of tiles it never names, said
    "later" of the error and exited 0."""
    path = tmp_path / "no start.trn"
    path.write_text(_NO_START)
    command = ["show", str(path)] + ([] if turn is None else ["--turn", turn])
    assert main(command) == 2
    printed = capsys.readouterr()
    assert printed.out == ""
    assert "game 1, at the start: d3 is face up (R7)" in printed.err
    assert "later" not in printed.err


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


def test_play_refuses_max_actions_0(capsys: pytest.CaptureFixture[str]) -> None:
    from trapper_core.cli import main

    assert main(["play", "--seed", "1", "--max-actions", "0"]) == 2
    assert "--max-actions takes a number of at least 1, not 0" in capsys.readouterr().err


def test_a_bot_of_your_own_leaves_the_working_directory_last_on_the_path(
    tmp_path: Path,
) -> None:
    """``--bots module:Class`` put the working directory first on the path
    for good: a ``lark.py`` left in a folder of files from others ran in
    place of Lark when ``trapper play`` imported it after the bot, even a
    bot installed elsewhere. (Run as the ``trapper`` script runs, with no
    folder of the caller's on the path: ``python -P``.)"""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "lark.py").write_text("raise SystemExit('the lark.py of the working folder ran')\n")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "mybot.py").write_text(
        "import trapper_core as tc\n\n\nclass Bot(tc.RandomBot):\n    name = 'mine'\n"
    )
    code = [*(ROOT / part for part in ("src", "notation", "plugins")), ROOT]
    run = _trapper_script(["play", "--bots", "mybot:Bot,greedy"], inbox, [mine, *code])
    assert "lark.py" not in run.stderr
    assert run.returncode == 0, run.stderr
    assert "; A (mine):" in run.stdout
    # A bot's module in the working directory is still found there.
    (inbox / "lark.py").unlink()
    (inbox / "herebot.py").write_text((mine / "mybot.py").read_text().replace("mine", "here"))
    run = _trapper_script(["play", "--bots", "herebot:Bot,greedy"], inbox, code)
    assert run.returncode == 0, run.stderr
    assert "; A (here):" in run.stdout


def _trapper_script(
    argv: list[str], folder: Path, paths: list[Path]
) -> subprocess.CompletedProcess[str]:
    """``trapper *argv --seed 1 --players 2`` run in ``folder`` as the
    console script runs, with no folder on the path but ``paths``."""
    return subprocess.run(
        [
            sys.executable,
            "-P",
            "-c",
            "import sys; from trapper_core.cli import main; sys.exit(main(sys.argv[1:]))",
            *argv,
            *["--seed", "1", "--players", "2"],
        ],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))},
        capture_output=True,
        text=True,
        timeout=120,
    )
