"""Building positions for rule tests."""

from __future__ import annotations

import functools
import importlib.metadata
import random
import re
import signal
import sys
import types
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import trapper_core as tc
from trapper_base import standard_faces
from trapper_core import (
    COLOURS,
    ENTRY_POINT_GROUP,
    SQUARES,
    Colour,
    Direction,
    Game,
    Hand,
    Setup,
    Square,
    Tile,
    TrapperError,
    hookimpl,
    new_game,
    notation,
)
from trapper_notation import deal, replay

#: The signals that stop a command: Ctrl-C, ``kill``, a hangup.
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def as_at_a_terminal(then: Callable[[], object] | None = None) -> Callable[[], None]:
    """A ``preexec_fn`` for a command a test will stop with a signal: in the
    child, the stop signals at their defaults, as a terminal's foreground
    command has them, whatever this test run was started with (a shell's
    background job ignores Ctrl-C and ``nohup`` a hangup, the child would
    inherit that, and the command leaves a signal it was started ignoring
    ignored); then ``then``."""

    def reset() -> None:
        for number in STOP_SIGNALS:
            signal.signal(number, signal.SIG_DFL)
        if then is not None:
            then()

    return reset


def make_deck(hands: Sequence[str] = (), *, draw: str = "", hand_size: int = 6) -> list[Colour]:
    """Returns a 64-card deck dealing ``hands`` (colour letters, one string per
    player) and then ``draw`` from the top of the draw pile; the other cards
    follow in colour order."""
    top = ""
    for hand in hands:
        assert len(hand) == hand_size, hand
        top += hand
    top += draw
    counts = Counter(top)
    rest = ""
    for c in COLOURS:
        left = 16 - counts[c.letter]
        assert left >= 0, f"more than 16 {c} cards"
        rest += c.letter * left
    return [Colour.from_letter(x) for x in top + rest]


def make_setup(
    tiles: Mapping[str, str],
    *,
    hands: Sequence[str] = ("BBEEGP", "BEEGGP"),
    draw: str = "",
    deck: Sequence[Colour] | None = None,
    trappers: Sequence[str] = ("d5", "e5", "d4", "e4"),  # D3
    fill: bool = False,
    start_player: int = 0,
) -> Setup:
    """Returns a setup with ``tiles`` (square → tile code) on the board.

    With ``fill`` the other tiles of the standard set cover every other free
    square (water to the north); otherwise they wait in the box.
    """
    pool = Counter(standard_faces())
    board: list[Tile | None] = [None] * 64
    for name, code in tiles.items():
        tile = Tile.from_code(code)
        assert pool[tile.face] > 0, f"no {tile.face} left in the tile set"
        pool[tile.face] -= 1
        board[Square.parse(name).index] = tile
    rest = [Tile.from_face(face, Direction.NORTH) for face in sorted(pool.elements())]
    trapper_squares = tuple(Square.parse(s) for s in trappers)
    if fill:
        for i in range(64):
            if board[i] is None and i not in {s.index for s in trapper_squares} and rest:
                board[i] = rest.pop()
    return Setup(
        board,
        deck if deck is not None else make_deck(hands, draw=draw),
        trapper_squares,
        rest,
        start_player,
    )


def game_with(
    tiles: Mapping[str, str],
    *,
    variant: str = "base",
    players: int | Sequence[str] = 2,
    seed: int = 0,
    **setup_options: object,
) -> Game:
    """Returns a new game on a board holding ``tiles``."""
    setup = make_setup(tiles, **setup_options)  # type: ignore[arg-type]
    return new_game(variant, players, seed=seed, setup=setup)


def play(game: Game, *texts: str) -> Game:
    """Applies the actions written as ``texts``."""
    for text in texts:
        game.apply(game.parse_action(text))
    return game


def texts(game: Game) -> list[str]:
    """Returns the text of every legal action."""
    return [game.action_text(a) for a in game.legal_actions()]


def replay_counting_deals(text: str) -> tuple[Exception | None, list[deal.Deal]]:
    """The error a strict replay of ``text``'s first game raises (``None`` if
    none) and the deals of the cards it planned."""
    deals: list[deal.Deal] = []

    def infer(*args: object, **kwargs: object) -> deal.Deal:
        deals.append(deal.infer_deal(*args, **kwargs))  # type: ignore[arg-type]
        return deals[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "infer_deal", infer)
        try:
            notation.loads(text)[0].replay()
        except TrapperError as exc:
            return exc, deals
    return None, deals


def install_plugins(monkeypatch: pytest.MonkeyPatch, **plugins: str | types.ModuleType) -> None:
    """Adds entry points to the plugin group, as if packages that name them
    were installed (for the test calling it): a module object is put in
    ``sys.modules`` under its name, a string names a module to import."""
    installed = list(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))
    extra = []
    for name, plugin in plugins.items():
        if isinstance(plugin, types.ModuleType):
            monkeypatch.setitem(sys.modules, plugin.__name__, plugin)
            plugin = plugin.__name__
        extra.append(
            importlib.metadata.EntryPoint(name=name, value=plugin, group=ENTRY_POINT_GROUP)
        )
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [*installed, *extra])


GREEDY_GAMES = Path(__file__).parent / "records" / "greedy-games.trn"


@functools.cache
def _greedy_records() -> dict[str, notation.Record]:
    records = notation.loads(GREEDY_GAMES.read_text(encoding="utf-8"))
    return {record.tag("Event") or "": record for record in records}


def greedy_game(variant: str, players: int, seed: int, cut: int | None = None) -> Game:
    """The game that greedy bots played from ``seed`` (``make_bot("greedy",
    seed + i)`` at seat ``i``) when ``records/greedy-games.trn`` was
    written, replayed from it: cut after ``cut`` actions, or whole. Tests
    that pin a situation of one particular game read it here, so that a
    change to the bot's play leaves them pinned."""
    event = f"greedy, {variant}, {players} players, seed {seed}"
    if cut is not None:
        event += f", cut at {cut} actions"
    return _greedy_records()[event].replay()


def parts_of(game: Game, **changes: Any) -> dict[str, Any]:
    """The parts of ``game``'s position as ``game_at`` takes them, with changes."""
    state = game.state
    parts: dict[str, Any] = {
        "board": state.board,
        "face_down": [
            SQUARES[i]
            for i, t in enumerate(state.board)
            if t is not None and not state.face_up >> i & 1
        ],
        "trappers": [SQUARES[i] for i in state.trappers],
        "hands": list(game.hands),
        "draw_pile": [COLOURS[c] for c in state.draw_pile],
        "discard": Hand(*state.discard),
        "out": Hand(*state.out),
        "displays": state.displays,
        "supply": state.supply,
        "returned": state.returned,
        "to_move": state.to_move,
        "turn": state.turn,
        "retired": state.retired,
        "turns": state.turns,
        "shuffles": state.shuffles,
    }
    parts.update(changes)
    return parts


def no_card_to_draw(seed: int, actions: int) -> tc.Game:
    """A 2-player base game ``actions`` random actions in (then on to the
    start of a turn), with the draw pile and the discard pile moved out of
    the game: passing draws nothing, so a round of passes changes nothing."""
    game = tc.new_game("base", 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    while "pass" not in [game.action_text(a) for a in game.legal_actions()]:
        game.apply(rng.choice(game.legal_actions()))
    state = game.state
    out = [
        state.out[c] + state.discard[c] + state.draw_pile.count(c) for c in range(len(tc.COLOURS))
    ]
    parts = parts_of(game, draw_pile=[], discard=tc.Hand(), out=tc.Hand(*out))
    return tc.game_at("base", 2, seed=seed, **parts)


def told_place(error: Exception) -> tuple[int | None, int | None, int | None, int | None]:
    """The game, line, column and turn that a replay error's message names
    before its first ": " (``None`` for each it does not name; "at the
    start", before the first move, is turn 0)."""
    where = str(error).split(": ", 1)[0]

    def number(pattern: str) -> int | None:
        found = re.search(pattern, where)
        return int(found[1]) if found else None

    turn = 0 if where.endswith(", at the start") else number(r"turn (\d+)")
    return (
        number(r"^game (\d+)"),
        number(r"line (\d+)\b(?! or later)"),
        number(r"column (\d+)"),
        turn,
    )


def place_attributes(error: Exception) -> tuple[object, ...]:
    """A replay error's ``game``, ``line``, ``column`` and ``turn``."""
    return tuple(getattr(error, name) for name in ("game", "line", "column", "turn"))


def check_replay_place(error: Exception, number: int) -> None:
    """A replay error's attributes say the place its message names, in game ``number``."""
    assert place_attributes(error) == told_place(error), str(error)
    assert place_attributes(error)[0] == number


def registry_of(name: str, *plugins: object, extends: str = "base") -> tc.Registry:
    """A registry of the built-in variants and ``name``, made of ``plugins``
    stacked on ``extends``."""

    class Variants:
        @hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec(name, plugins=plugins, extends=extends)]

    return tc.Registry([Variants()])


def with_stale_actions(variant: str) -> tuple[Game, list[tc.Action]]:
    """A 3-player game of ``variant`` 60 actions in (each the listed one at
    the index of the actions played so far), and the actions it played
    that are not legal now: actions of this game that an accessor of the
    position must refuse."""
    game = tc.new_game(variant, 3, seed=1)
    played: list[tc.Action] = []
    for _ in range(60):
        action = game.legal_actions()[len(played) % len(game.legal_actions())]
        played.append(action)
        game.apply(action)
    stale = [a for a in played if not game.is_legal(a)]
    assert stale
    return game, stale
