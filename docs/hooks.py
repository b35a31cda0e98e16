"""mkdocs hooks: draw the pictures the pages show, and turn the Sphinx roles
left in docstrings into cross-references.

The pictures are made by ``trapper_core.svg`` from seeded games, so they are
always the engine's own and never pasted in.

Some docstrings still write ``:class:`~trapper_core.Game```, which Markdown
renders as a stray ``:class:`` before the name. Rather than show that, the
rendered pages get a cross-reference (linked when the name is in the API
reference, plain code otherwise).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import trapper_base as tb
import trapper_core as tc
import trapper_notation as tn
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


# ``:class:`~x.Y``` as Markdown renders it: the role, then the name as code.
SPHINX_ROLE = re.compile(r":(?:class|func|meth|data|attr|mod|exc|obj):<code>([^<]+)</code>")


def _identifier(name: str) -> str | None:
    """The API reference's identifier for a name a docstring cites, if any."""
    if "." in name and not name.startswith("."):
        return name
    short = name.lstrip(".")
    for package in (tc, tn):
        if short in package.__all__:
            return f"{package.__name__}.{short}"
    if short in tb.__all__:
        obj = getattr(tb, short)
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        if module and qualname and module.startswith("trapper_base."):
            return f"{module}.{qualname}"  # where the API reference documents it
    return None


def _cross_reference(match: re.Match[str]) -> str:
    name = html.unescape(match[1])
    shown = name.lstrip("~").rsplit(".", 1)[-1] if name.startswith("~") else name.lstrip(".")
    code = f"<code>{html.escape(shown)}</code>"
    identifier = _identifier(name.lstrip("~"))
    if identifier is None:
        return code
    return f'<autoref identifier="{html.escape(identifier)}" optional>{code}</autoref>'


def on_page_content(html_text: str, **kwargs: Any) -> str:
    return SPHINX_ROLE.sub(_cross_reference, html_text)
