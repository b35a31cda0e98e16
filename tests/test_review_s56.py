"""What the sixth round of fresh reviews found (December 2026), pinned.

A maintainer reading the source for claims the code does not keep, a
search-bot author, a command-line user and an auditor of the variants
looked at the project without our tests; each test below names what one of
them found and fails on the code before the fix.
"""

from __future__ import annotations

import copy
import gzip
import importlib
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import trapper_base as tb
import trapper_core as tc
import trapper_tactical as tt
from trapper_core import hookimpl, notation
from trapper_core.cli import main

from .helpers import parts_of


def registry_of(name: str, *plugins: object, extends: str = "base") -> tc.Registry:
    """A registry of the built-in variants and ``name``, made of ``plugins``
    stacked on ``extends``."""

    class Variants:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec(name, plugins=plugins, extends=extends)]

    return tc.Registry([Variants()])


# ---------------------------------------------------------------------------
# R4, R20, R21: one token a number
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("supply", "wrong"),
    [
        (tc.TokenSupply(canoe=(16, 16, 16), species=(1, 6)), "(16, 16, 16)"),
        (tc.TokenSupply(canoe=(20, 16), species=(1, 6)), "(20, 16)"),
        (tc.TokenSupply(canoe=(16, 20), species=(2, 2)), "(2, 2)"),
    ],
)
def test_review_s56_a_variants_token_supply_is_ascending_one_token_a_number(
    supply: tc.TokenSupply, wrong: str
) -> None:
    """A take or an exchange takes the earned token out by its number: a
    supply holding a number twice lost every copy to one token (the kit saw
    it only at the end, "tokens held and in the supply differ"), and one out
    of order was handed to the hooks that are told it is ascending. Such a
    supply is refused where the variant gives it."""

    class Supply:
        @hookimpl
        def trapper_token_supply(self) -> tc.TokenSupply:
            return supply

    registry = registry_of("odd tokens", Supply())
    with pytest.raises(tc.PluginError, match="ascending order, none twice") as err:
        tc.new_game("odd tokens", 2, seed=1, registry=registry)
    assert "trapper_token_supply" in str(err.value)
    assert wrong in str(err.value)


def test_review_s56_game_at_refuses_a_supply_of_a_number_twice() -> None:
    game = tc.new_game("base", 2, seed=3)
    for supply in (tc.TokenSupply((16, 16), (1,)), tc.TokenSupply((18, 16), (1,))):
        with pytest.raises(tc.SetupError, match="ascending order, none twice"):
            tc.game_at("base", 2, **parts_of(game, supply=supply))
    # the game's own supply is taken, as before
    assert tc.game_at("base", 2, **parts_of(game)).state.supply == game.state.supply


# ---------------------------------------------------------------------------
# R9: the variant's turn order
# ---------------------------------------------------------------------------


def test_review_s56_R9_next_seat_asks_the_variants_turn_order() -> None:
    """``tb.next_seat`` called the base game's clockwise rule directly, so in
    a variant that plays the other way round it named a seat the game does
    not move to."""

    class Anticlockwise:
        @hookimpl
        def trapper_next_player(self, state: tc.GameState, player: int) -> int:
            return (player - 1) % state.players

    registry = registry_of("anticlockwise", Anticlockwise())
    game = tc.new_game("anticlockwise", 3, seed=1, registry=registry)
    assert tb.next_seat(game.state, 0) == 2
    game.apply(tb.PASS)
    assert game.to_move == 2
    base = tc.new_game("base", 3, seed=1)
    assert tb.next_seat(base.state, 0) == 1


# ---------------------------------------------------------------------------
# What the API pages call public
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("package", "modules"),
    [
        (
            "trapper_base",
            "actions checks components mechanics movement placement sampling"
            " scoring strategy text turn",
        ),
        ("trapper_tactical", "actions strategy text turn"),
    ],
)
def test_review_s56_every_documented_module_name_is_in_the_packages_all(
    package: str, modules: str
) -> None:
    """docs/api.md says every name it shows of these modules is in the
    package's ``__all__``; ``targets_kept``, ``revealed_problems``,
    ``token_problems``, ``trapper_sampler`` and the tactical
    ``turn_problems`` were shown but were not."""
    top = importlib.import_module(package)
    for module in modules.split():
        names = importlib.import_module(f"{package}.{module}").__all__
        missing = [name for name in names if name not in top.__all__]
        assert not missing, f"{package}.{module}: {missing} not in {package}.__all__"
        for name in names:
            assert getattr(top, name) is getattr(
                importlib.import_module(f"{package}.{module}"), name
            )


# ---------------------------------------------------------------------------
# Values checked when made
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["animal", None, 1])
def test_review_s56_a_tile_of_no_kind_is_refused(kind: Any) -> None:
    """``Tile("animal", None, 3, …)`` was made and shown as ``F3n``."""
    with pytest.raises(tc.SetupError, match="a tile's kind is a Kind"):
        tc.Tile(kind, None, 3, tc.Direction.NORTH)


def test_review_s56_a_hand_given_its_counts_as_one_tuple_says_how() -> None:
    with pytest.raises(tc.SetupError, match=r"Hand\.from_counts takes the four counts"):
        tc.Hand((1, 2, 3, 4))  # type: ignore[arg-type]
    assert tc.Hand.from_counts((1, 2, 3, 4)) == tc.Hand(1, 2, 3, 4)


# ---------------------------------------------------------------------------
# The base game's bots ask the variant's rules
# ---------------------------------------------------------------------------


def test_review_s56_R21_the_greedy_worth_of_an_exchange_asks_the_variants_token() -> None:
    """``exchange_worth`` took the highest token at or below the count
    itself, so a variant's ``trapper_species_token`` was not what its bots
    weighed."""

    class AlwaysSix:
        @hookimpl
        def trapper_species_token(self, count: int, supply: tuple[int, ...]) -> int:
            return 6 if 6 in supply else 0

    registry = registry_of("six", AlwaysSix())
    game = tc.new_game("six", 2, seed=1, registry=registry)
    view = game.view(0)
    two = tb.Exchange((tc.SPECIES[0], tc.SPECIES[1]))
    bot = tc.GreedyBot(0, registry=registry)
    assert tb.exchange_worth(view, two, bot) == 3.0 * 6 - 5.0
    assert bot.worth(view, two) == 3.0 * 6 - 5.0
    # without a bot, and for the base game's bot, the base game's token
    assert tb.exchange_worth(view, two) == 3.0 * 2 - 5.0
    base = tc.new_game("base", 2, seed=1)
    assert tc.GreedyBot(0).worth(base.view(0), two) == 3.0 * 2 - 5.0


# ---------------------------------------------------------------------------
# D11: the rule a broken tactical turn is told by
# ---------------------------------------------------------------------------


def test_review_s56_D11_a_stone_with_a_retired_player_is_told_by_D11() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    state = game.state
    assert isinstance(state.turn, tt.TacticalTurn)
    hands = list(game.hands)
    out = tc.Hand(*(a + b for a, b in zip(state.out, hands[1].counts, strict=True)))
    hands[1] = tc.Hand()
    parts = parts_of(
        game,
        retired=[False, True, False],
        hands=hands,
        out=out,
        turn=attrs.evolve(state.turn, stone=1),
        to_move=0,
    )
    with pytest.raises(tc.SetupError, match="D11: the stone is with seat 1, who has retired"):
        tc.game_at("tactical", 3, **parts)


# ---------------------------------------------------------------------------
# The command line, as a club's archivist uses it
# ---------------------------------------------------------------------------

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


def test_review_s56_R7_an_error_at_the_start_is_of_turn_0() -> None:
    errors: list[Exception] = []
    notation.loads(_NO_START)[0].replay(errors=errors)
    (error,) = errors
    assert isinstance(error, notation.RecordError)
    assert (error.game, error.turn) == (1, 0)
    # a move's error keeps its turn, and one of no move (the Result tag) none
    broken = notation.loads(_NO_START.replace("\n\n", '\n[Result "1 2"]\n\n'))[0]
    errors.clear()
    broken.replay(errors=errors)
    assert [getattr(e, "turn", "?") for e in errors] == [0]


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


@pytest.mark.parametrize("append", [False, True])
def test_review_s56_simulate_stopped_before_its_first_game_leaves_out_as_it_was(
    append: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``simulate --out`` emptied the file as it began: Ctrl-C before the
    first game came back left an empty file and the note "it holds the first
    0 of the 200 games". The file is opened when the first game is back."""
    from trapper_core import simulation

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulation, "simulate", interrupted)
    out = tmp_path / "season.trn"
    out.write_text("what the file held\n")
    command = ["simulate", "--games", "200", "--seed", "5", "--out", str(out)]
    assert main(command + (["--append"] if append else [])) == 130
    assert out.read_text() == "what the file held\n"
    err = capsys.readouterr().err
    assert f"interrupted before the first game ended: {out} is as it was" in err


def test_review_s56_simulate_refuses_an_out_it_cannot_write_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out is opened when the first game is back, so whether it can be
    written is asked before any game is played."""
    from trapper_core import simulation

    def played(*args: object, **kwargs: object) -> object:
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulation, "simulate", played)
    assert main(["simulate", "--games", "2", "--out", str(tmp_path)]) == 2
    assert "Is a directory" in capsys.readouterr().err


def test_review_s56_a_byte_that_is_not_utf8_is_shown_with_a_caret(tmp_path: Path) -> None:
    """Every syntax error shows its line with a caret under the column but
    this one, whose line stood alone (the bytes shown as '?'). It shows the
    line as far as the byte, which every reader has read whatever its
    blocks (``test_fuzz_a_cap_on_the_size_of_a_game_reads_alike_…``)."""
    path = tmp_path / "latin-1.trn"
    path.write_bytes('[Event "Café"]\n[Seat1 "A"]\n[Seat2 "B"]\n\n*\n'.encode("latin-1"))
    with pytest.raises(notation.NotationSyntaxError) as err:
        notation.load(path)
    assert (err.value.line, err.value.column) == (1, 12)
    assert err.value.context == '[Event "Caf\ufffd\n' + " " * 11 + "^"


def test_review_s56_the_caret_under_a_line_of_tabs_is_padded_with_its_tabs() -> None:
    """Padded with spaces only, the caret stood far left of the character on
    a terminal, which widens each tab to the next stop."""
    text = '[Seat1 "A"]\n[Seat2 "B"]\n\n1.\tA:\tBc5\t]]\n'
    with pytest.raises(notation.NotationSyntaxError) as err:
        notation.loads(text)
    assert err.value.column == 11
    line, caret = err.value.context.split("\n")
    assert line == "1.\tA:\tBc5\t]]"
    assert caret == "  \t  \t   \t^"
    assert line[len(caret) - 1] == "]"


def test_review_s56_a_decision_that_names_nobody_mid_turn_is_told_at_its_move() -> None:
    """In ``1. Ann: B1 2`` the name is right for ``B1``; ``2`` is Bob's bid
    and names nobody. The error stood at ``Ann:`` (column 4), blaming the
    name that was right, not the bid that lacked its own."""
    game = tc.new_game("tactical", ["Ann", "Bob", "Cy"], seed=4)
    head = notation.dumps(game).split("\n\n")[0]
    with pytest.raises(notation.RecordError) as err:
        notation.loads(head + "\n\n1. Ann: B1 2\n")[0].replay()
    assert (err.value.column, err.value.turn) == (12, 1)
    assert "'2'" in str(err.value)
    assert "names no player for this decision, and the last one named, Ann" in str(err.value)
    # a wrong name of its own is still told at the name
    with pytest.raises(notation.RecordError, match=r"'Ann:'.*says Ann decides") as err:
        notation.loads(head + "\n\n1. Ann: B1 Ann: 2\n")[0].replay()
    assert err.value.column == 12


# ---------------------------------------------------------------------------
# A key for a search's transposition table
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_review_s56_position_key_is_the_positions_whatever_led_there(variant: str) -> None:
    """A search keyed its table by ``state.snapshot()``, which holds the count
    of turns, every reshuffled pile and the cards drawn, or by the view,
    which holds the history: no two paths ever met. ``position_key`` is what
    decides the game from here: the same position made again from its
    position string (no history, no reshuffles' piles) has the key, and the
    same actions from two positions of one key keep them one."""
    rng = random.Random(variant)
    game = tc.new_game(variant, 3, seed=5)
    keys: dict[tuple[object, ...], tuple[tc.Action, ...]] = {}
    while not game.is_over:
        key = game.position_key()
        hash(key)
        assert keys.setdefault(key, game.legal_actions()) == game.legal_actions()
        made = notation.Position.from_game(game).to_game(variant, seed=game.seed)
        assert made.position_key() == key
        if len(game.history) % 20 == 0:  # the same moves from both: one key all along
            twin, ahead = made, game.copy()
            for _ in range(15):
                if ahead.is_over:
                    break
                action = rng.choice(ahead.legal_actions())
                ahead.apply(action)
                twin.apply(action)
                assert twin.position_key() == ahead.position_key()
        game.apply(rng.choice(game.legal_actions()))
    assert game.position_key() != tc.new_game(variant, 3, seed=5).position_key()


def test_review_s56_D20_a_round_that_changed_nothing_keeps_the_key() -> None:
    """Two passes with no card to draw change nothing but the count of
    turns: one key, for the game and for each view, while the snapshot
    differs."""
    game = tc.new_game("base", 2, seed=1)
    while game.state.draw_pile or any(game.state.discard):
        game.apply(tb.PASS)
    before, views = game.position_key(), [game.view(s).position_key() for s in (0, 1)]
    snapshot = game.state.snapshot()
    game.apply(tb.PASS)
    game.apply(tb.PASS)
    assert game.state.snapshot() != snapshot
    assert game.position_key() == before
    assert [game.view(s).position_key() for s in (0, 1)] == views
    other = tc.new_game("base", 2, seed=2)
    assert other.position_key() != tc.new_game("base", 2, seed=1).position_key()


# ---------------------------------------------------------------------------
# Hostile input: accepted, and broken later
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("names", [("A", "A", "C"), ("A\nB", "x", "y"), ("", "x", "y")])
def test_review_s56_a_view_of_names_no_game_has_is_not_sampled(names: tuple[str, ...]) -> None:
    """The sampler took names ``new_game`` refuses: its worlds pickled but
    did not unpickle, and their records did not read back."""
    view = attrs.evolve(tc.new_game("base", 3, seed=7).view(0), players=names)
    with pytest.raises(tc.SetupError, match="names that differ, each a line of printable text"):
        view.sample(random.Random(1))
    with pytest.raises(tc.SetupError, match="names that differ"):
        tc.Sampler(view)


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


def test_review_s56_parse_action_reads_a_str_subclass_by_strs_own_strip() -> None:
    class Sly(str):
        def strip(self, chars: str | None = None) -> str:
            return "pass"

    game = tc.new_game("base", 2, seed=1)
    with pytest.raises(tc.ActionSyntaxError, match="'zzz' is not an action"):
        game.parse_action(Sly("zzz"))
    assert game.parse_action(Sly(" pass ")) == tb.PASS


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


def test_review_s56_a_game_state_copies_deeply_and_says_why_it_does_not_pickle() -> None:
    game = tc.new_game("base", 2, seed=1)
    copied = copy.deepcopy(game.state)
    assert copied == game.state
    assert copied is not game.state
    assert copy.copy(game.state) == game.state
    with pytest.raises(TypeError, match="pickle the Game it belongs to"):
        pickle.dumps(game.state)
    assert pickle.loads(pickle.dumps(game)) == game


@pytest.mark.parametrize("given", ["pass", [1, 2], (a for a in (tb.PASS,))])
def test_review_s56_a_history_holds_actions(given: Any) -> None:
    from trapper_core.view import History

    with pytest.raises(tc.SetupError):
        History.of(given)
    assert History.of([tb.PASS]) == (tb.PASS,)


def test_review_s56_simulate_refuses_an_executor_whose_submit_is_no_executors() -> None:
    class NoFuture:
        def submit(self, *args: object) -> int:
            return 1

    class Wrong:
        def submit(self) -> None:  # takes no task
            return None

    with pytest.raises(tc.SetupError, match=r"returned 1, not a concurrent\.futures\.Future"):
        tc.simulate("base", 2, 2, bots=["random"], executor=NoFuture())  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match=r"takes no task \(TypeError"):
        tc.simulate("base", 2, 2, bots=["random"], executor=Wrong())  # type: ignore[arg-type]


def test_review_s56_the_openspiel_adapter_refuses_what_it_cannot_take() -> None:
    """A setup with a square left empty raised zip's bare ValueError, an
    observer's parameters a bare ValueError, ``view_text('x')`` an
    AttributeError, and a seat that does not exist was spelled."""
    pyspiel = pytest.importorskip("pyspiel")
    from trapper_core import openspiel as tos

    setup = tc.new_game("base", 3, seed=1).setup
    square = next(i for i, t in enumerate(setup.board) if t is not None)
    moved = setup.board[square]
    assert moved is not None
    board = list(setup.board)
    board[square] = None
    hole = tc.Setup(tuple(board), setup.deck, setup.trappers, (*setup.box, moved))
    with pytest.raises(tc.SetupError, match="a tile on every square of the board"):
        tos.state_from_game(tc.new_game("base", 3, seed=1, setup=hole))
    spiel = pyspiel.load_game(tos.GAME_NAME)
    with pytest.raises(tc.SetupError, match="observers take no parameters"):
        spiel.make_py_observer(None, {"x": 1})
    with pytest.raises(tc.SetupError, match="view_text takes a PlayerView, not str"):
        tos.view_text("x")  # type: ignore[arg-type]
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(tc.IllegalActionError, match="player 10 is no seat of this game"):
        state.action_to_string(10, 3)
    assert state.action_to_string(0, 3) == state.action_to_string(1, 3)
