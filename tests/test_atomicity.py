"""Atomicity: a refused call, anywhere in a sequence of calls, leaves every
object as it was and says what is wrong and where."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main


def test_pettingzoo_step_once_every_agent_is_done_is_refused_by_name() -> None:
    pytest.importorskip("pettingzoo")  # the extra (the core job runs without it)
    pettingzoo = pytest.importorskip("trapper_core.pettingzoo")
    np = pytest.importorskip("numpy")
    table = pettingzoo.env("base", 2, max_actions=3)
    table.reset(seed=1)
    while table.agents:
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    before = table.game.to_dict()
    for action in (None, 0):
        with pytest.raises(tc.IllegalActionError, match=r"every agent is done.*reset\(\)"):
            table.step(action)
    assert table.game.to_dict() == before
    table.reset(seed=1)  # and the table is as good as new
    assert table.agents == table.possible_agents


@pytest.mark.parametrize(
    ("variant", "word", "error", "message"),
    [
        ("base", "Zz9", tc.ActionSyntaxError, "'Zz9' is not an action of the base game"),
        ("tactical", "Zz9", tc.ActionSyntaxError, "'Zz9' is not an action of the tactical game"),
        # A take's text before any auction reads, and is refused by R43.
        ("tactical", "Bh8", tc.IllegalActionError, "R43: in the tactical variant a tile is taken"),
    ],
)
def test_a_replays_refused_move_is_quoted_once(
    variant: str, word: str, error: type[Exception], message: str
) -> None:
    game = tc.new_game(variant, 2, seed=3)
    game.apply(game.legal_actions()[0])
    text = notation.dumps(game)
    first = notation.Record.from_game(game).moves[0]
    broken = notation.loads(text.replace(f": {first}\n", f": {word}\n", 1))[0]
    with pytest.raises(error) as raised:
        broken.replay()
    assert re.match(
        rf"game 1, turn 1, ({re.escape(repr(word))}, )?line \d+, column \d+: {re.escape(message)}",
        str(raised.value),
    )
    assert str(raised.value).count(repr(word)) == 1


def test_show_a_good_game_after_a_broken_one_and_name_the_file_of_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tc.play(tc.new_game("base", 2, seed=4), [tc.RandomBot(1), tc.RandomBot(2)])
    text = notation.dumps(game)
    path = tmp_path / "three.trn"
    path.write_text(f"{text}\n{text.replace('[Seat1', '[Seat1 x', 1)}\n{text}")
    assert main(["show", str(path), "--game", "3", "--colour", "never"]) == 0
    assert "game 3 (base): the end" in capsys.readouterr().out
    assert main(["show", str(path), "--game", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"trapper: error: {path}: game 2, line ")
    assert "[Seat1 x" in err  # the context, a caret under the place
    for number in (0, 4):
        assert main(["show", str(path), "--game", str(number)]) == 2
        assert f"holds 3 games; there is no game {number}" in capsys.readouterr().err
    start = tc.new_game("base", 2, seed=3)
    start.apply(start.legal_actions()[0])
    first = notation.Record.from_game(start).moves[0]
    illegal = tmp_path / "illegal.trn"
    illegal.write_text(notation.dumps(start).replace(f": {first}\n", ": Bh8\n", 1))
    assert main(["show", str(illegal)]) == 2
    assert capsys.readouterr().err.startswith(f"trapper: error: {illegal}: game 1, turn 1")


class _LeftPipe(io.StringIO):
    """The standard output of ``trapper … | head -1`` once head has left."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_play_writes_its_out_file_even_when_the_outputs_reader_has_left(tmp_path: Path) -> None:
    out = tmp_path / "game.trn"
    assert (
        main(["play", "--seed", "1", "--players", "2", "--out", str(out)], stdout=_LeftPipe())
        == 141
    )
    (record,) = notation.loads(out.read_text())
    assert record.replay().is_over


def _before_a_reshuffle() -> tuple[tc.Game, tc.Action, list[list[int]]]:
    """A game just before an action that reshuffles the discard pile: the
    game, the action, and the piles it makes."""
    for seed in range(20):
        game = tc.new_game("base", 4, seed=seed)
        bot = tc.GreedyBot(seed)
        while not game.is_over:
            for action in game.legal_actions():
                trial = game.copy()
                trial.apply(action)
                made = trial.state.shuffled[game.state.shuffles :]
                if made:
                    return game, action, [list(pile) for pile in made]
            game.apply(bot.choose(game.view(game.to_move)))  # type: ignore[arg-type]
    raise AssertionError("no reshuffle in 20 games")


def _reshuffles(game: tc.Game, action: tc.Action) -> bool:
    trial = game.copy()
    trial.apply(action)
    return trial.state.shuffles > game.state.shuffles


def test_R8_shuffles_given_to_an_action_that_makes_fewer_are_counted_and_change_nothing() -> None:
    game, action, piles = _before_a_reshuffle()
    before = game.to_dict(), game.state.snapshot(), game.legal_actions()
    times = "once" if len(piles) == 1 else f"{len(piles)} times"
    text = re.escape(game.action_text(action))
    refused = (
        rf"^{text} shuffles the cards {times}, but {len(piles) + 1} shuffled orders are given$"
    )
    with pytest.raises(tc.IllegalActionError, match=refused):
        game.apply(action, shuffles=[*piles, piles[-1]])
    assert (game.to_dict(), game.state.snapshot(), game.legal_actions()) == before
    calm = next(a for a in game.legal_actions() if not _reshuffles(game, a))
    calm_text = re.escape(game.action_text(calm))
    refused = rf"^{calm_text} shuffles no cards, but a shuffled order is given$"
    with pytest.raises(tc.IllegalActionError, match=refused):  # named by its text, not its repr
        game.apply(calm, shuffles=piles)
    assert (game.to_dict(), game.state.snapshot(), game.legal_actions()) == before
    game.apply(action, shuffles=piles)
    twin = game.root()
    for played, outcome in zip(game.history, game.outcomes(), strict=True):
        twin.apply(played, shuffles=outcome)
    assert twin == game


@pytest.mark.parametrize("binary", [False, True])
def test_the_games_before_a_line_too_long_are_read_whole_then_the_reading_ends(
    binary: bool,
) -> None:
    played = [
        tc.play(tc.new_game("base", 2, seed=s), [tc.RandomBot(1), tc.RandomBot(2)]) for s in (1, 2)
    ]
    # A line longer than the cap that begins a game, long enough that a
    # binary stream's reads of 64 KiB cut it.
    text = notation.dumps(played) + '\n\n[Event "' + "x" * 200_000 + '"]\n'
    lines = notation.dumps(played).count("\n") + 3

    def stream() -> io.StringIO | io.BytesIO:
        return io.BytesIO(text.encode()) if binary else io.StringIO(text)

    too_long = f"line {lines}, column 1: a game is longer than 100,000 characters"
    found: list[tc.Game] = []

    def read_all() -> None:
        found.extend(r.replay() for r in notation.games(stream(), max_game_size=100_000))

    with pytest.raises(notation.NotationSyntaxError, match=too_long):
        read_all()
    assert found == played
    errors: list[Exception] = []
    assert len(notation.load(stream(), errors=errors, max_game_size=100_000)) == 2
    assert [str(e).splitlines()[0] for e in errors] == [too_long + " (max_game_size)"]
    one = stream()
    read = [notation.read_game(one, max_game_size=100_000) for _ in range(2)]
    assert [r.replay() for r in read if r is not None] == played
    with pytest.raises(notation.NotationSyntaxError, match=too_long):
        notation.read_game(one, max_game_size=100_000)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a disk always full")
@pytest.mark.parametrize(
    "command", [["play", "--players", "2"], ["simulate", "--games", "2", "--workers", "1"]]
)
def test_a_failed_write_of_the_out_file_names_the_file(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--seed", "1", "--out", "/dev/full"]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert re.fullmatch(
        r"trapper: error: (cannot write '/dev/full'|/dev/full): No space left on device", error
    )


@pytest.mark.parametrize(
    ("seed", "shown"), [([1], r"\[1\]"), (1.5, "1.5"), ("7", "'7'"), (True, "True")]
)
def test_pettingzoo_reset_refuses_a_seed_that_is_no_whole_number_and_keeps_its_game(
    seed: object, shown: str
) -> None:
    pytest.importorskip("pettingzoo")  # the extra (the core job runs without it)
    pettingzoo = pytest.importorskip("trapper_core.pettingzoo")
    table = pettingzoo.env("base", 2)
    table.reset(seed=1)
    before = table.game.to_dict()
    with pytest.raises(
        tc.SetupError, match=rf"reset\(\) takes a whole number as seed, not {shown}"
    ):
        table.reset(seed=seed)
    assert table.game.to_dict() == before


def test_pettingzoo_reset_takes_a_numpy_integer_as_its_seed() -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    pettingzoo = pytest.importorskip("trapper_core.pettingzoo")
    table, twin = pettingzoo.env("base", 2), pettingzoo.env("base", 2)
    table.reset(seed=np.int64(9))
    twin.reset(seed=9)
    assert table.game.to_dict() == twin.game.to_dict()


def test_shuffles_that_play_on_the_game_while_read_do_not_split_history_and_state() -> None:
    """``apply`` reads the caller's shuffles before it looks at the game:
    shuffles whose reading plays an action on the same game (caller's code)
    leave a history and a state that agree, whatever becomes of the action
    (it once was judged for one player and played for the next)."""
    import trapper_base as tb
    from trapper_core.invariants import check_invariants

    for seed in range(200):
        game = tc.new_game("base", players=2, seed=seed)
        hand = game.hands[1]
        steps = [
            a for a in game.legal_actions() if type(a) is tb.Step and hand[a.payment] < a.cards
        ]
        if steps:
            break
    else:
        pytest.fail("no seed gives a step the second player could not pay")

    class PassingWhileRead:
        def __iter__(self) -> object:
            game.apply(tb.PASS)  # the first player passes: the second is to move
            return iter(())

    with pytest.raises(tc.IllegalActionError, match="R13"):
        game.apply(steps[0], shuffles=PassingWhileRead())  # type: ignore[arg-type]
    assert game.history == (tb.PASS,)
    assert game.to_move == 1
    check_invariants(game)
    assert tc.Game.from_dict(game.to_dict()) == game
