"""mkdocs hooks: draw the pictures the pages show.

The pictures are made by ``trapper_core.svg`` from seeded games, so they are
always the engine's own and never pasted in.

Docstrings are written in the Markdown that mkdocstrings renders
(cross-references as ``[`Game`][trapper_core.Game]``, examples under an
``Examples:`` section); ``tests/test_docs_site.py`` builds the site and fails
on anything else, so no conversion happens here.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import trapper_base as tb
import trapper_core as tc
from trapper_core import svg
from trapper_core.cli import main

HERE = Path(__file__).parent / "pictures"


def _setup_picture() -> str:
    return svg.position(tc.new_game("base", 4, seed=2026), displays=False, size=48)


def _mid_game() -> tc.Game:
    game = tc.new_game("base", 3, seed=5)
    return tc.play(game, [tc.GreedyBot(i) for i in range(3)], max_actions=25)


def _isolated() -> str:
    # R14: blue on d5 has no enterable neighbour (d6 and c5 turn their water
    # towards it), so its next step may take any face-up tile.
    board: list[tc.Tile | None] = [None] * 64
    placed = {"d6": "B3s", "c5": "B1e", "f5": "H2n", "e6": "CW2w", "d3": "K4e", "c4": "F3n"}
    for name, code in placed.items():
        board[tc.Square.parse(name).index] = tc.Tile.from_code(code)
    rest = list(tb.standard_tile_set().tiles)
    for tile in board:
        if tile is not None:  # the same face leaves the box for the board
            rest.remove(next(t for t in rest if t.face == tile.face))
    deck = list(tc.new_game("base", 2, seed=1).setup.deck)
    setup = tc.Setup(board, deck, tb.DEFAULT_TRAPPERS, box=rest)
    game = tc.new_game("base", 2, seed=1, setup=setup)
    return svg.position(game, displays=False, size=48)


def _played(variant: str, actions: int | None, players: int = 3, seed: int = 5) -> tc.Game:
    game = tc.new_game(variant, players, seed=seed)
    return tc.play(game, [tc.GreedyBot(i) for i in range(players)], max_actions=actions)


def _auction() -> tc.Game:
    game = _played("tactical", 9, seed=6)
    # What docs/playing.md says of it: A opened green, B leads at 2, A and B bid.
    turn = game.turn
    auction = getattr(turn, "auction", None)
    assert auction is not None, "the documented tactical auction is over"
    seen = (getattr(turn, "stone", None), auction.colour, auction.bid, auction.leader)
    assert seen == (0, tc.Colour.GREEN, 2, 1), f"the documented auction changed: {turn}"
    assert auction.bidders == (0, 1), f"the documented auction changed: {turn}"
    return game


HUMAN_GAME = ["play", "--variant", "tactical", "--players", "3", "--seed", "4", "--human", "B"]
"""The human game the "Playing games" page shows: B raises to 3, then passes."""
HUMAN_ANSWERS = ["3", "pass", "q"]


def _human_screen() -> str:
    """The screen of a real human game: the command line driven with typed
    answers, as far as the record it prints at the end."""
    screen = io.StringIO()
    answers = io.StringIO("".join(a + "\n" for a in HUMAN_ANSWERS))
    status = main(HUMAN_GAME, stdin=answers, stdout=screen)
    assert status == 0, f"the documented human game ended with status {status}"
    text = screen.getvalue()
    # What docs/playing.md says of this game.
    for line in ("B, your action: 3", "1. B: 3", "1. A: 4", "B, your action: pass"):
        assert line in text, f"the documented human game no longer shows {line!r}"
    return (
        "$ trapper " + " ".join(HUMAN_GAME) + "\n" + text[: text.index("[Event")].rstrip() + "\n"
    )


PICTURES: dict[str, Callable[[], str]] = {
    "setup.svg": _setup_picture,
    "mid-game.svg": lambda: svg.position(_mid_game(), size=48),
    "isolated.svg": _isolated,
    "human-game.txt": _human_screen,
    # The gallery of the "Playing games" page: each variant at its start, in
    # the middle of a game, and at the end; a tactical auction in progress.
    "tactical-auction.svg": lambda: svg.position(_auction()),
}
for _variant in ("base", "children", "tactical"):
    PICTURES[f"{_variant}-start.svg"] = lambda v=_variant: svg.position(_played(v, 0))
    PICTURES[f"{_variant}-mid-game.svg"] = lambda v=_variant: svg.position(_played(v, 40))
    PICTURES[f"{_variant}-end.svg"] = lambda v=_variant: svg.position(_played(v, None))


def on_pre_build(config: Any) -> None:
    HERE.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        (HERE / name).write_text(draw(), encoding="utf-8")
