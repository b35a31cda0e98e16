"""Pictures of positions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import svg
from trapper_core.terminal import render

SVG = "{http://www.w3.org/2000/svg}"


def game_in_progress() -> tc.Game:
    game = tc.new_game("base", 3, seed=5)
    return tc.play(game, [tc.GreedyBot(i) for i in range(3)], max_actions=25)


def test_position_is_well_formed_svg_with_every_part() -> None:
    game = game_in_progress()
    root = ET.fromstring(svg.position(game))
    assert root.tag == SVG + "svg"
    titles = [t.text for t in root.iter(SVG + "title")]
    # Each tile, face down or up, and each trapper says where it stands (a
    # screen reader reads the titles, not where they are drawn).
    down = [
        tc.SQUARES[i].name
        for i, t in enumerate(game.board)
        if t is not None and not game.state.face_up >> i & 1
    ]
    assert [t for t in titles if t and t.startswith("face down")] == [
        f"face down on {name}" for name in down
    ]
    up = [
        (i, t) for i, t in enumerate(game.board) if t is not None and game.state.face_up >> i & 1
    ]
    for i, tile in up:
        assert any(t and t.endswith(f" {tile.value} on {tc.SQUARES[i].name}") for t in titles)
    assert {f"{c} trapper on {game.trappers[c]}" for c in tc.COLOURS} <= set(titles)
    assert sum(1 for t in titles if t and t.startswith("water to the")) >= len(
        game.state.face_up_squares()
    )
    texts = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    assert "A: " in texts
    assert "money" in texts


def test_a_view_draws_only_what_its_player_sees() -> None:
    game = game_in_progress()
    hidden = [t for i, t in enumerate(game.board) if t and not game.state.face_up >> i & 1]
    picture = svg.position(game.view(0), displays=False)
    root = ET.fromstring(picture)
    titles = [t.text for t in root.iter(SVG + "title")]
    assert sum(1 for t in titles if t and t.startswith("face down on ")) == len(hidden)
    assert "money" not in picture


def test_game_and_view_show_in_jupyter() -> None:
    game = game_in_progress()
    assert game._repr_svg_().startswith("<svg")
    assert game.view(1)._repr_svg_().startswith("<svg")


def test_a_game_without_undo_is_drawn_as_the_same_game_with_it() -> None:
    """The last action's squares are found without undo information (the
    history replayed but the last action): the pictures are the same."""
    kept = game_in_progress()
    bare = tc.new_game("base", 3, seed=5, undo=False)
    for action in kept.history:
        bare.apply(action)
    assert svg.position(bare) == svg.position(kept)
    assert svg.position(bare, seat=1) == svg.position(kept, seat=1)
    assert bare._repr_svg_() == kept._repr_svg_()


def _outside(picture: str) -> list[str]:
    """The rectangles and texts of ``picture`` that stand outside it, a
    text by the width of its glyphs (sans-serif: about 0.55 of the font
    size each, a wide one such as ``▶`` a whole font size)."""
    root = ET.fromstring(picture)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    found = []
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        right = x + float(element.get("width", 0)) if tag == "rect" else x
        if tag == "text" and element.get("text-anchor", "start") == "start":
            text = element.text or ""
            font = float(element.get("font-size", 0))
            right += font * sum(0.55 if ord(c) < 0x2000 else 1.0 for c in text)
        bottom = y + float(element.get("height", 0)) if tag == "rect" else y
        if tag in ("rect", "text") and (right > width + 0.5 or bottom > height + 0.5):
            found.append(f"{tag} at {x:.0f},{y:.0f} in {width:.0f}x{height:.0f}")
    return found


def test_issue11_a_late_display_stays_inside_the_picture() -> None:
    """The tiles of a long game's displays ran off the picture's right edge
    (27 of one children's game, 2 players): they flow onto more rows."""
    for variant, players, seed in (("children", 2, 0), ("base", 4, 3), ("tactical", 3, 1)):
        bots: list[tc.Bot] = [tc.GreedyBot(0), *(tc.RandomBot(i) for i in range(1, players))]
        game = tc.play(tc.new_game(variant, players, seed=seed), bots)
        for size in (30, 60, 97):
            picture = svg.position(game, size=size)
            assert _outside(picture) == [], (variant, size)
        assert _outside(svg.position(game.view(0))) == []


def test_a_players_long_line_is_wrapped_inside_the_picture() -> None:
    """The line under the board for each player (money, cards, the
    viewer's cards by colour, tokens, "to move") was never wrapped: in half
    of the pictures of 3 and 4 player games it ran off the right edge, and
    the tokens and "(to move)" could not be seen."""
    for variant, players in (("base", 3), ("base", 4), ("tactical", 3), ("tactical", 4)):
        names = ["Ann", "Bob", "Cy", "Di"][:players]
        bots = [tc.GreedyBot(seat) for seat in range(players)]
        game = tc.play(tc.new_game(variant, names, seed=1), bots)
        for moment in (len(game.history) // 2, len(game.history) - 2):
            at = game.at(moment)
            for size in (20, 60):
                for seat in (None, 0):
                    picture = svg.position(at, size=size, seat=seat)
                    assert _outside(picture) == [], (variant, players, moment, size, seat)
    # The reviewer's picture: seat 0's view, late in a four-player game.
    names = ["Ann", "Bob", "Cy", "Di"]
    game = tc.play(tc.new_game("base", names, seed=1), [tc.GreedyBot(i) for i in range(4)])
    tree = ET.fromstring(svg.position(game.at(61), seat=0))
    line_of = tree.find("{http://www.w3.org/2000/svg}g[@class='player to-move']")
    assert line_of is not None
    texts = line_of.findall("{http://www.w3.org/2000/svg}text")  # not the tiles'
    lines = [(t.text or "").strip() for t in texts if t.get("font-weight") == "bold"]
    assert len(lines) == 2
    assert lines[0].startswith("▶ Ann: 30 money, 1 card (0 blue, 1 beige, 0 green, 0 purple),")
    assert lines[1].endswith("tokens canoe 16 (to move)")


def test_a_players_line_breaks_between_items_and_measures_wide_glyphs() -> None:
    """The line was broken at any space (``tokens canoe 22, species 1,
    canoe`` / ``18, species 2``) and measured every glyph at 0.55 of the
    font size: names in Chinese ran past the right edge. It breaks after a
    comma, and a wide glyph counts a whole font size."""
    names = ["王小明", "李小龙", "张伟", "刘洋"]
    for players in (2, 4):
        bots = [tc.GreedyBot(seat) for seat in range(players)]
        game = tc.play(tc.new_game("base", names[:players], seed=1), bots)
        for moment in (len(game.history) // 2, len(game.history)):
            for size in (13, 30, 60):
                for seat in (None, 0, 1):
                    picture = svg.position(game.at(moment), size=size, seat=seat)
                    assert _outside(picture) == [], (players, moment, size, seat)
                    tree = ET.fromstring(picture)
                    for group in tree.iter("{http://www.w3.org/2000/svg}g"):
                        if "player" not in (group.get("class") or ""):
                            continue
                        for text in group.findall("{http://www.w3.org/2000/svg}text"):
                            line = (text.text or "").rstrip()
                            assert not line.endswith((" canoe", " species", " tokens")), line


def test_R12_a_retired_player_is_shown_as_retired() -> None:
    """Neither picture said who had retired: a retired player looked like
    one who held no cards."""
    names = ["Ann", "Bob", "Cy", "Di"]
    game = tc.play(tc.new_game("base", names, seed=1), [tc.GreedyBot(i) for i in range(4)])
    before = game.at(-2)
    assert before.retired == (False, False, True, True)
    for source in (before, before.view(0)):
        text = render(source).splitlines()
        said = [line for line in text if line[2:].startswith(tuple(names))]
        assert [line.endswith("; retired") for line in said] == list(before.retired)
        picture = ET.fromstring(svg.position(source))
        desc = picture.findtext("{http://www.w3.org/2000/svg}desc") or ""
        assert "Cy: 22 money, 0 cards, retired; Di: 42 money, 0 cards, retired." in desc
        lines = [t.text or "" for t in picture.iter("{http://www.w3.org/2000/svg}text")]
        assert sum(", retired" in t for t in lines) == 2


def test_a_view_is_drawn_as_its_own_seat_only() -> None:
    """A view holds one seat's knowledge: ``seat`` naming another seat is
    refused (it was ignored, and the picture was seat 0's)."""
    game = tc.new_game("base", 3, seed=5)
    view = game.view(0)
    assert svg.position(view, seat=0) == svg.position(view)
    with pytest.raises(tc.SetupError, match=r"draws seat 0's view .* seat=1 asks for another"):
        svg.position(view, seat=1)


def test_the_board_s_elements_name_their_squares_for_a_page_that_takes_clicks() -> None:
    """A front end mapped a click to a square from the picture's geometry,
    read from the source: every tile, face-down tile, trapper and target
    outline now names its square (``data-square``), a trapper its colour."""
    ns = "{http://www.w3.org/2000/svg}"

    def named(tree: ET.Element, tag: str, kind: str, *keys: str) -> set[tuple[str | None, ...]]:
        return {
            tuple(e.get(key) for key in keys)
            for e in tree.iter(ns + tag)
            if e.get("class") == kind and e.get("data-square") is not None
        }

    game = tc.new_game("base", 3, seed=4)
    game.apply(game.legal_actions()[0])  # a hunt begun: its trapper's targets are drawn
    tree = ET.fromstring(svg.position(game))
    board = game.state.seen_board()
    tiles = {(s.name,) for s in tc.SQUARES if isinstance(board[s.index], tc.Tile)}
    assert named(tree, "g", "tile", "data-square") == tiles
    trappers = {(str(colour), square.name) for colour, square in game.trappers.items()}
    assert named(tree, "g", "trapper", "data-colour", "data-square") == trappers
    targets = named(tree, "g", "target", "data-square")
    assert targets
    assert targets <= tiles
    # The last action's marks too: the squares it touched, the trapper's two.
    (step,) = game.history
    assert isinstance(step, tb.Step)
    assert named(tree, "rect", "last-action", "data-square") == {
        (tc.new_game("base", 3, seed=4).trappers[step.trapper].name,),
        (step.square.name,),
    }
    view = game.view(0)
    hidden = {(s.name,) for s in tc.SQUARES if view.board[s.index] is tc.FACE_DOWN}
    assert hidden
    assert named(ET.fromstring(svg.position(view)), "rect", "face-down", "data-square") == hidden
