"""The human seat of ``trapper play --human``, driven through its input
stream, and what ``trapper show`` tells a person (issue 11, items 1–5)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main

from .helpers import as_at_a_terminal

RECORDS = Path(__file__).parent / "records"

# Seed 4, three players, tactical: A opens beige at 1 and B, the human, is
# first asked to raise (2, 3 or 4) or pass.
TACTICAL = ["play", "--variant", "tactical", "--players", "3", "--seed", "4", "--human", "B"]


def play(argv: list[str], answers: list[str]) -> tuple[int, str]:
    """Runs ``trapper`` with ``answers`` typed one per line; returns the exit
    status and the screen."""
    screen = io.StringIO()
    status = main(argv, stdin=io.StringIO("".join(a + "\n" for a in answers)), stdout=screen)
    return status, screen.getvalue()


def decisions(screen: str) -> list[str]:
    """The notation lines of the decisions, as the screen shows them."""
    return [
        line.strip()
        for line in screen.splitlines()
        if line.startswith("  ") and ": " in line and line.strip()[:1].isdigit()
    ]


def test_issue11_item1_a_typed_number_is_a_bid_never_a_list_position() -> None:
    status, screen = play(TACTICAL, ["3", "q"])
    assert status == 0
    assert "a number is a bid: 2 raises to 2" in screen
    assert "#1 2" in screen
    assert "#4 pass" in screen
    assert "1. B: 3" in decisions(screen)  # a raise to 3, not item 3 (a bid of 4)


def test_issue11_item1_a_list_position_takes_a_hash() -> None:
    _status, screen = play(TACTICAL, ["#3", "q"])
    assert "1. B: 4" in decisions(screen)  # item 3 of 2, 3, 4, pass
    _status, screen = play(TACTICAL, ["#9", "#4", "q"])
    assert "'#9' is out of range: the list has items #1 to #4" in screen
    assert "1. B: pass" in decisions(screen)


def test_a_decision_s_line_names_the_tiles_it_took_in_a_comment() -> None:
    """The board drawn after a step shows its square empty and the step's
    text names the square only: the line says which tile went (a screen
    reader read nothing of it), as a notation comment, so the line is still
    notation; a decision that takes nothing says nothing more."""
    _status, screen = play(["play", "--seed", "3", "--human", "B"], ["#1", "q"])
    shown = decisions(screen)
    assert shown[:4] == [
        "1. A: Ee6 {takes wolf canoe (3) from e6}",
        "1. A: Ef6 {takes bear canoe (1) from f6}",
        "1. A: end",
        "2. B: Bc5 {takes salmon canoe (1) from c5}",
    ]
    seats = [f'[Seat{n} "{letter}"]' for n, letter in enumerate("ABCD", 1)]
    record = notation.loads("\n".join([*seats, '[Seed "3"]', "", *shown[:4]]))[0]
    assert record.moves == ("Ee6", "Ef6", "end", "Bc5")
    assert len(record.replay().history) == 4  # the lines replay from the seed


def test_board_draws_the_position_again_and_legend_says_what_its_letters_stand_for() -> None:
    """A screen reader has read the board away by the time the list of
    actions is read out: ``board`` draws it again, and ``legend`` names
    what its letters stand for; neither is a decision."""
    status, screen = play(
        ["play", "--players", "2", "--seed", "3", "--human", "A"], ["board", "legend", "q"]
    )
    assert status == 0
    drawn = [line for line in screen.splitlines() if line.startswith("  trappers: ")]
    assert len(drawn) == 2  # drawn before the question, and again when asked
    assert "board draws the position again, legend says what its letters stand for" in screen
    for said in [
        "  tiles: B3 is bear 3, CB2 a bear canoe (2), H3 herb 3, F2 mushroom 2",
        "  species: K mink, L lynx, M moose, B bear, W wolf, S salmon",
        "  trappers and cards: B blue, E beige, G green, P purple",
    ]:
        assert said in screen.splitlines()
    assert decisions(screen) == []


@pytest.mark.parametrize(
    ("options", "painted"),
    [
        ([], False),
        (["--colour", "always"], True),
        (["--color", "always"], True),
        (["--colour", "never"], False),
    ],
)
def test_play_colour_says_whether_the_human_s_screens_are_drawn_in_colour(
    options: list[str], painted: bool
) -> None:
    """As ``show --colour``: auto draws in colour on a terminal only (the
    screen here is none), always and never say so themselves; the record
    printed after is never painted."""
    status, screen = play(
        ["play", "--players", "2", "--seed", "3", "--human", "A", *options], ["q"]
    )
    assert status == 0
    record = screen[screen.index("[Event") :]
    assert ("\x1b[" in screen[: screen.index("[Event")]) is painted
    assert "\x1b[" not in record


@pytest.mark.parametrize("option", ["--colour", "--color"])
def test_play_colour_without_a_human_seat_is_refused(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--colour draws the human's screens: without --human it was taken and
    did nothing (the record printed is never painted), so that
    ``--colour always`` seemed broken. Now it is a usage error, as --append
    without --out is."""
    assert main(["play", "--players", "2", "--seed", "3", option, "always"]) == 2
    assert capsys.readouterr().err == (
        "trapper: error: --colour draws the screens of --human: give --human SEAT too "
        "(without it, play prints the record alone, in no colour)\n"
    )


def test_issue11_item2_every_decision_shows_as_its_notation_line() -> None:
    _status, screen = play(TACTICAL, ["pass", "q"])
    shown = decisions(screen)
    assert shown[0] == "1. A: E1"  # the bot's opening, before B is asked
    assert shown[1] == "1. B: pass"
    assert "1. C: 4" in shown  # the other bots' bids appear as they are made
    # The auction on screen names seats by letter.
    assert "auction (colour beige, bid 1, leader A, bidders A B C)" in screen


def test_issue11_item2_the_shown_lines_are_the_record() -> None:
    status, screen = play(
        ["play", "--players", "2", "--seed", "3", "--human", "A"], ["pass"] * 300
    )
    assert status == 0
    record_start = screen.index("[Event")
    (record,) = notation.loads(screen[record_start:])  # the scores after it are comments
    # each line's move, less the comment naming the tile it took
    moves = [line.split(": ", 1)[1].split(" {takes ")[0] for line in decisions(screen)]
    assert moves == list(record.moves)


def test_issue11_item3_a_bad_output_path_fails_before_the_first_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, screen = play([*TACTICAL, "--out", "/nonexistent/dir/x.trn"], ["3"])
    assert status == 2
    assert screen == ""  # not one move was asked for
    assert "/nonexistent/dir/x.trn: No such file or directory" in capsys.readouterr().err


class Interrupted(io.StringIO):
    """Input that a person ends with Ctrl-C after some answers."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__("".join(a + "\n" for a in answers))

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


@pytest.mark.parametrize("ending", ["q", "eof", "ctrl-c"])
def test_issue11_item3_a_game_left_early_is_saved_and_replays_unfinished(
    ending: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "left.trn"
    answers = ["3", "pass"]
    stdin = io.StringIO("".join(a + "\n" for a in [*answers, "q"]))
    if ending == "eof":
        stdin = io.StringIO("".join(a + "\n" for a in answers))
    elif ending == "ctrl-c":
        stdin = Interrupted(answers)
    screen = io.StringIO()
    status = main([*TACTICAL, "--out", str(out)], stdin=stdin, stdout=screen)
    assert status == (130 if ending == "ctrl-c" else 0)
    assert "The game was left unfinished." in screen.getvalue()
    (record,) = notation.loads(out.read_text())
    assert record.result is None
    assert record.moves[:2] == ("E1", "3")
    assert main(["replay", str(out)]) == 0
    assert "game 1: unfinished, so far" in capsys.readouterr().out


def test_issue11_item4_seats_are_letters_in_every_option() -> None:
    _status, screen = play([*TACTICAL[:-1], "c"], ["q"])  # lowercase is the same seat
    assert "C, your action:" in screen
    assert "C (you): " in screen


def test_issue11_item4_records_write_seats_as_letters_and_read_old_digits() -> None:
    import random

    import trapper_core as tc
    from trapper_core.notation import Position, SetupSpec

    game = tc.new_game("tactical", 3, seed=4)
    rng = random.Random(1)
    while "auction=Auction" not in str(Position.from_game(game)):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    fields = str(Position.from_game(game)).split()
    assert fields[2] in "ABC"  # the player to move
    assert re.search(r"leader=[ABC],bidders=\(([ABC]\.)*[ABC]\)", fields[3])
    spec = SetupSpec.from_setup(game.setup)
    assert str(spec).split()[2] == "ABC"[game.setup.start_player]
    old = str(spec).split()
    old[2] = str(game.setup.start_player + 1)  # how records before 0.3 wrote it
    assert SetupSpec.parse(" ".join(old)) == spec
    with pytest.raises(ValueError, match="seat letter from A to Z, not '²'"):
        SetupSpec.parse(" ".join([*old[:2], "²", *old[3:]]))


def test_issue11_item5_hints_for_case_and_numbers() -> None:
    base = ["play", "--players", "2", "--seed", "3", "--human", "A"]
    _status, screen = play(base, ["PASS", "ge6", "99", "1", "q"])
    assert "did you mean 'pass'?" in screen
    # Ge6 reads as a step, but not one to take now: not offered as meant.
    assert "it is written 'Ge6' (colours" in screen
    assert "which is not a legal action now" in screen
    assert "did you mean 'Ge6'?" not in screen
    assert "the list has items #1 to #" in screen
    assert "there is no item 99" in screen
    assert "to play item 1 of the list, type #1" in screen


def test_issue11_item5_show_the_end_gives_final_scores_and_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", str(RECORDS / "club-night.trn"), "--colour", "never"]) == 0
    out = capsys.readouterr().out
    assert "final scores: Ann 4, Bob -7" in out  # the Result tag's scores
    assert "winner: Ann" in out


def test_issue11_item5_syntax_errors_keep_their_caret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.trn"
    bad.write_text('[Seat1 "A"]\n[Seat2 "B"]\n\n1. A: pass B: Zz9 ]]\n')
    assert main(["show", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 4, column 19" in err
    assert "1. A: pass B: Zz9 ]]\n                  ^" in err
    assert main(["replay", str(bad)]) == 1
    assert "                  ^" in capsys.readouterr().out


def test_a_list_position_that_is_no_number_is_told_apart_from_one_out_of_range() -> None:
    _status, screen = play(TACTICAL, ["#abc", "#²", "#", "#0", "q"])
    assert "'#abc' is not a number: the list has items #1 to #4" in screen
    assert "'#²' is not a number" in screen
    assert "'#' is not a number" in screen
    assert "'#0' is out of range: the list has items #1 to #4" in screen


def test_a_long_answer_is_cut_in_the_messages_and_a_huge_number_reads() -> None:
    long = "#" + "x" * 100_000
    digits = "9" * 5000  # past what int() reads from text
    status, screen = play(TACTICAL, [long, "#" + digits, digits, "²", "q"])
    assert status == 0
    messages = [line for line in screen.splitlines() if line.startswith("  '")]
    assert len(messages) == 4
    assert all(len(line) < 300 for line in messages)
    assert "'#xxxxxxxx" in messages[0]
    assert messages[0].endswith("… is not a number: the list has items #1 to #4")
    assert messages[1].endswith("… is out of range: the list has items #1 to #4")
    assert "there is no item" not in screen  # a number alone is a bid here, not a list position
    _status, screen = play(
        ["play", "--players", "2", "--seed", "3", "--human", "A"], [digits, "q"]
    )
    assert "there is no item of 5000 digits" in screen


def test_play_out_leaves_an_old_file_as_it_was_until_the_game_is_written(tmp_path: Path) -> None:
    """The file of --out is not emptied before the first move: while the
    person thinks, it still holds what it held."""
    out = tmp_path / "kept.trn"
    out.write_text("an old game\n")
    seen: list[str] = []

    class Watching(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            seen.append(out.read_text())
            return super().readline()

    stdin = Watching("3\npass\nq\n")
    assert main([*TACTICAL, "--out", str(out)], stdin=stdin, stdout=io.StringIO()) == 0
    assert seen == ["an old game\n"] * 3
    (record,) = notation.loads(out.read_text())
    assert record.moves[:2] == ("E1", "3")


class _LeftAfterTheFirstDecision(io.StringIO):
    """A screen whose reader (``| head``) leaves once the person has decided."""

    def write(self, text: str) -> int:
        if "1. B: 3" in self.getvalue():
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_play_out_is_written_when_the_screens_reader_leaves(tmp_path: Path) -> None:
    out = tmp_path / "left.trn"
    stdin = io.StringIO("3\npass\nq\n")
    status = main([*TACTICAL, "--out", str(out)], stdin=stdin, stdout=_LeftAfterTheFirstDecision())
    assert status == 141
    (record,) = notation.loads(out.read_text())
    assert record.moves[:2] == ("E1", "3")
    assert record.result is None


def _asked_again(out: Path) -> subprocess.Popen[bytes]:
    """``trapper play`` of the tactical game with a human seat B, writing
    ``out``, once B has answered 3 (a raise) and is asked again."""
    child = subprocess.Popen(
        [sys.executable, "-m", "trapper_core", *TACTICAL, "--out", str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=as_at_a_terminal(),
    )
    assert child.stdin is not None
    assert child.stdout is not None
    child.stdin.write(b"3\n")
    child.stdin.flush()
    screen = b""
    while screen.count(b"B, your action: ") < 2:  # the answer taken, asked again
        chunk = os.read(child.stdout.fileno(), 65536)
        assert chunk, screen.decode()
        screen += chunk
    return child


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP is POSIX")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_play_out_keeps_the_game_so_far_on_sigterm_and_sighup(
    signame: str, tmp_path: Path
) -> None:
    """As Ctrl-C and q do: the record so far is written to --out (and
    printed), and the exit status is 128 + the signal's number."""
    out = tmp_path / "signalled.trn"
    child = _asked_again(out)
    signum = getattr(signal, signame)
    child.send_signal(signum)
    rest, errors = child.communicate(timeout=60)
    assert child.returncode == 128 + signum, errors.decode()
    assert f"(ended by {signame})" in rest.decode()
    (record,) = notation.loads(out.read_text())
    assert record.moves[:2] == ("E1", "3")
    assert record.result is None


@pytest.mark.skipif(sys.platform == "win32", reason="signals as POSIX sends them")
@pytest.mark.parametrize("signame", ["SIGINT", "SIGTERM"])
def test_play_stopped_by_a_signal_keeps_the_game_however_often_it_comes_again(
    signame: str, tmp_path: Path
) -> None:
    """Ctrl-C pressed again (or a second SIGTERM) while the command saved and
    printed the game so far cut that short: a traceback and no record, or a
    death by the signal. Once a signal has stopped it, the command ignores
    the stop signals until it exits."""
    import time

    out = tmp_path / "signalled.trn"
    child = _asked_again(out)
    signum = getattr(signal, signame)
    sent = 0
    while child.poll() is None and sent < 2000:
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(signum)
        sent += 1
        time.sleep(0.0005)
    rest, errors = child.communicate(timeout=60)
    assert child.returncode == 128 + signum, errors.decode()
    assert b"Traceback" not in errors
    (record,) = notation.loads(out.read_text())
    assert record.moves[:2] == ("E1", "3")
    assert "[Seat1 " in rest.decode()  # the record, printed
    assert "Winner" not in rest.decode()


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_play_out_acts_on_a_signal_that_interrupts_no_wait(tmp_path: Path) -> None:
    """A SIGTERM that came just before the wait for an answer began
    interrupted nothing, and the game waited for a keypress (2 of 40 sent as
    the prompt was drawn). Here it reaches another thread, which interrupts
    the wait no more: it is acted on all the same, within a moment."""
    out = tmp_path / "signalled.trn"
    read, write = os.pipe()
    kill = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGTERM))
    kill.start()  # before the mask: this thread takes the signal
    # Without the fix the game would wait for ever: an answer after 20 s ends it.
    answer = threading.Timer(20.0, os.write, (write, b"q\n"))
    answer.start()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        with open(read, encoding="utf-8") as stdin:
            status = main([*TACTICAL, "--out", str(out)], stdin=stdin, stdout=io.StringIO())
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
        answer.cancel()
        kill.cancel()
        os.close(write)
    assert status == 128 + signal.SIGTERM  # not 0, as the answer q would end it
    (record,) = notation.loads(out.read_text())
    assert record.moves[:1] == ("E1",)
    # A program that calls main gets its handlers back, stopped by a signal too
    # (the command itself ignores them from then until it exits).
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    assert signal.getsignal(signal.SIGINT) == signal.default_int_handler


def test_a_number_typed_in_the_tactical_game_gets_no_list_position_hint() -> None:
    """A number alone is a bid there: '03' is hinted as the bid 3 (item #3
    is the bid 4), and '0' or '05' never as a list position."""
    _status, screen = play(TACTICAL, ["03", "0", "05", "q"])
    assert "did you mean '3'?" in screen
    assert "did you mean '5'?" in screen
    assert "to play item" not in screen
    assert "there is no item" not in screen


def test_ctrl_d_at_a_terminal_prompt_ends_the_line_before_the_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At a terminal (``input()``), Ctrl-D echoes no newline: the record
    began on the prompt's line (``A, your action: [Event "?"]``)."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def ctrl_d(prompt: str) -> str:
        sys.stdout.write(prompt)
        raise EOFError

    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr("builtins.input", ctrl_d)
    assert main(["play", "--players", "2", "--seed", "3", "--human", "A"]) == 0
    out = capsys.readouterr().out
    assert "A, your action: \n" in out
    assert "\n[Event " in out


def test_help_and_exit_are_words_for_the_list_and_for_leaving() -> None:
    base = ["play", "--players", "2", "--seed", "3", "--human", "A"]
    status, screen = play(base, ["help", "EXIT"])
    assert status == 0
    assert "not an action" not in screen
    assert screen.count("#34 retire") == 2  # listed first, then by help
    assert "The game was left unfinished." in screen


def test_case_hints_cover_the_square_and_what_follows_it() -> None:
    base = ["play", "--players", "2", "--seed", "3", "--human", "A"]
    _status, screen = play(base, ["BC5", "Bc5/gg", "bD6/ee", "q"])
    assert "did you mean 'Bc5'?" in screen
    assert "it is written 'Bc5/GG'" in screen  # the hand lacks the greens
    assert "did you mean 'Bd6/EE'?" in screen


def test_a_case_hint_is_said_once_and_speaks_of_cases_only_where_they_mix() -> None:
    """``bd6`` got "did you mean 'Bd6'?" twice, from the notation's error and
    again from the seat's hint; ``END`` was told that colours, cards and
    tiles are capitals, which says nothing of ``end``."""
    base = ["play", "--players", "3", "--seed", "5", "--human", "A"]
    _status, screen = play(base, ["bd6", "END", "q"])
    assert screen.count("did you mean 'Bd6'?") == 1
    assert "letters matter: it is written 'end', which is not a legal action now" in screen
    assert "'end' (colours" not in screen


def test_the_help_line_says_where_the_game_so_far_goes(tmp_path: Path) -> None:
    base = ["play", "--players", "2", "--seed", "3", "--human", "A"]
    _status, screen = play(base, ["q"])
    assert "stand for,\nq (or exit) ends the game and prints the record so far." in screen
    # Lines a narrow terminal does not wrap mid-item (a screen reader reads
    # a wrapped line in pieces): the help was 83 characters.
    assert max(len(line) for line in screen.splitlines() if not line.startswith("[")) <= 78
    out = tmp_path / "kept.trn"
    _status, screen = play([*base, "--out", str(out)], ["q"])
    assert f"and prints the record so far, and saves it to {out}." in screen


def test_words_says_the_list_in_plain_english_and_words_n_one_item() -> None:
    """``words`` gives every item of the list after its number and text, in
    the words of ``Game.describe``; ``words N`` (or ``words #N``) one item;
    neither is a decision, and the terse list stays as it was."""
    status, screen = play(TACTICAL, ["words", "words 4", "WORDS #2", "q"])
    assert status == 0
    assert "words says them in plain English (words N: item N alone)," in screen
    assert "  #1 2       #2 3       #3 4       #4 pass" in screen.splitlines()
    lines = screen.splitlines()
    at = lines.index("B, your action: words")
    assert lines[at + 1 : at + 5] == [
        "  #1 2     Raise the bid for the beige trapper to 2",
        "  #2 3     Raise the bid for the beige trapper to 3",
        "  #3 4     Raise the bid for the beige trapper to 4",
        "  #4 pass  Pass: drop out of this auction",
    ]
    assert lines[at + 5 : at + 9] == [
        "B, your action: words 4",
        "  #4 pass  Pass: drop out of this auction",
        "B, your action: WORDS #2",
        "  #2 3  Raise the bid for the beige trapper to 3",
    ]
    assert decisions(screen) == ["1. A: E1"]


def test_words_of_a_step_name_the_tile_and_where_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    _status, screen = play(
        ["play", "--players", "2", "--seed", "3", "--human", "A"], ["words 1", "q"]
    )
    said = [line for line in screen.splitlines() if line.startswith("  #1 Bc5  Blue")]
    assert said == [
        "  #1 Bc5  Blue trapper to c5, paying one blue card: salmon canoe (1) opens a new row"
    ]


@pytest.mark.parametrize("columns", [40, 60, 80])
def test_words_wider_than_the_terminal_go_on_under_themselves(
    monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    """A sentence longer than the terminal is wide goes on, on the next
    lines, under its own start: none runs past the terminal's width less
    two (as the list), and read in order they are the words whole."""
    monkeypatch.setenv("COLUMNS", str(columns))
    _status, screen = play(
        ["play", "--players", "2", "--seed", "3", "--human", "A"], ["words", "q"]
    )
    lines = screen.splitlines()
    start = lines.index("A, your action: words") + 1
    end = lines.index("A, your action: q")
    said = lines[start:end]
    assert said[0].startswith("  #1 Bc5     Blue trapper to c5")
    assert all(len(line) <= columns - 2 for line in said), said
    indent = " " * len("  #1 Bc5     ")
    items: list[str] = []
    for line in said:
        if line.startswith(indent):
            items[-1] += " " + line.strip()
        else:
            items.append(line)
    game = tc.new_game("base", 2, seed=3)
    legal = game.legal_actions()
    assert len(items) == len(legal)
    for item, action in zip(items, legal, strict=True):
        assert item.split(maxsplit=2)[2] == game.describe(action)


def test_words_of_an_item_not_in_the_list_say_which_items_there_are() -> None:
    _status, screen = play(TACTICAL, ["words 9", "words x", "words #0", "#4", "q"])
    assert "'words 9' is out of range: the list has items #1 to #4" in screen
    assert "'words x' is not a number: the list has items #1 to #4" in screen
    assert "'words #0' is out of range: the list has items #1 to #4" in screen
    assert "1. B: pass" in decisions(screen)  # asked again after each
