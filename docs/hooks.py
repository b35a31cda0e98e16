"""mkdocs hooks: draw the pictures the pages show.

The pictures are made by ``trapper_core.svg`` from seeded games, so they are
always the engine's own and never pasted in.

Docstrings are written in the Markdown that mkdocstrings renders
(cross-references as ``[`Game`][trapper_core.Game]``, examples under an
``Examples:`` section); ``tests/test_docs_site.py`` builds the site and fails
on anything else, so no conversion happens here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import trapper_base as tb
import trapper_core as tc
from trapper_core import svg

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


PICTURES = {
    "setup.svg": _setup_picture,
    "mid-game.svg": lambda: svg.position(_mid_game(), size=48),
    "mid-game-view.svg": lambda: svg.position(_mid_game().view(1), size=48),
    "isolated.svg": _isolated,
}


def on_pre_build(config: Any) -> None:
    HERE.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        (HERE / name).write_text(draw(), encoding="utf-8")
