"""What a review of the code no test reached found: public helpers of the
base game that met a mistaken call with the wrong error or none, and
messages that said their field twice or named the wrong trouble."""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import notation
from trapper_core.notation import Position

from .helpers import parts_of

T = tc.Tile.from_code
ROOT = Path(__file__).resolve().parent.parent


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


def test_a_checkout_in_a_folder_called_slow_runs_its_tests(tmp_path: Path) -> None:
    """The short run skipped the tests whose keywords held "slow", and a
    test's keywords hold the names of the folders above it: a checkout in a
    folder called ``slow`` skipped every test (the long run's mutation
    tests then saw every mutant pass)."""
    checkout = tmp_path / "slow"
    checkout.mkdir()
    (checkout / "tests").symlink_to(ROOT / "tests")
    (checkout / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    paths = [*(ROOT / part for part in ("src", "notation", "plugins")), ROOT]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TRAPPER_"))}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "tests/test_turn.py",
            "-k",
            "R14",
        ],
        cwd=checkout,
        env={**env, "PYTHONPATH": os.pathsep.join(map(str, paths))},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert re.search(r"^\d+ passed, \d+ deselected", run.stdout.splitlines()[-1]), run.stdout
    assert "skipped" not in run.stdout.splitlines()[-1]
