"""Pictures a player can read: the SVG of a position, parsed for what it must
show, and ``str(game)`` (issue 11, items 6–9)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import trapper_base as tb
import trapper_core as tc
from trapper_core import svg
from trapper_core.terminal import render

SVG = "{http://www.w3.org/2000/svg}"
VARIANTS = ["base", "children", "tactical"]


def played(variant: str, players: int = 3, actions: int | None = None, seed: int = 5) -> tc.Game:
    game = tc.new_game(variant, players, seed=seed)
    return tc.play(game, [tc.GreedyBot(i) for i in range(players)], max_actions=actions)


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def group(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def text_of(element: ET.Element) -> str:
    return " ".join(t.text or "" for t in element.iter(SVG + "text"))


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "title")]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("moment", [0, 30, None])
def test_issue11_item6_no_text_below_9px_at_the_default_size(
    variant: str, moment: int | None
) -> None:
    game = played(variant, actions=moment)
    for picture in (svg.position(game), svg.position(game.view(1))):
        sizes = [float(t.get("font-size", "0")) for t in parse(picture).iter(SVG + "text")]
        assert sizes
        assert min(sizes) >= svg.MIN_FONT >= 9


def test_issue11_item6_display_tiles_are_labelled_readably() -> None:
    game = played("base", actions=40)
    root = parse(svg.position(game))
    tiles = [g for p in group(root, "player") for g in group(p, "tile")]
    assert tiles
    for tile in tiles:
        (label,) = tile.iter(SVG + "text")
        assert float(label.get("font-size", "0")) >= 9
        assert tc.Tile.from_face(label.text or "", tc.Direction.NORTH)  # the tile's face


def test_issue11_item6_whose_turn_and_the_cards_of_each_player() -> None:
    game = played("base", actions=17)
    root = parse(svg.position(game))
    assert game.to_move is not None
    (mover,) = group(root, "to-move")
    assert text_of(mover).startswith(f"▶ {game.players[game.to_move]}: ")
    assert f"{game.players[game.to_move]} to move" in text_of(group(root, "turn")[0])
    lines = [text_of(p) for p in group(root, "player")]
    assert len(lines) == 3
    for seat, line in enumerate(lines):
        cards = sum(game.state.hands[seat])
        assert re.search(rf"\b{cards} cards?\b", line), line


@pytest.mark.parametrize("variant", VARIANTS)
def test_issue11_item6_a_finished_game_shows_scores_and_winner(variant: str) -> None:
    game = played(variant)
    assert game.is_over
    (result,) = group(parse(svg.position(game)), "result")
    said = text_of(result)
    scores = ", ".join(f"{n} {s}" for n, s in zip(game.players, game.scores(), strict=True))
    assert f"Final scores: {scores}" in said
    assert "Winner: " + ", ".join(game.players[s] for s in game.winners()) in said
    assert not group(parse(svg.position(game)), "to-move")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_finished_game_drawn_for_a_seat_or_from_a_view_shows_its_winners(variant: str) -> None:
    """The winners are public (R35: they follow from the scores): a picture
    drawn for a seat, or from a view, left them out, and a view held none."""
    game = played(variant)
    names = ", ".join(game.players[s] for s in game.winners())
    for seat in range(len(game.players)):
        view = game.view(seat)
        assert view.winners == game.winners()
        for picture in (svg.position(game, seat=seat), svg.position(view)):
            (result,) = group(parse(picture), "result")
            assert f"Winner: {names}" in text_of(result)
        assert f"winner: {names}" in render(view)
    assert tc.new_game(variant, 3, seed=5).view(0).winners == ()


def test_issue11_item6_a_tactical_auction_in_progress_is_drawn() -> None:
    game = played("tactical", actions=31)  # green at 2, B leads, A and B still bid
    auction = game.turn.auction  # type: ignore[attr-defined]
    assert auction is not None
    (turn,) = group(parse(svg.position(game)), "turn")
    said = text_of(turn)
    assert "auction" in said
    assert f"colour {auction.colour}" in said
    assert f"bid {auction.bid}" in said
    assert f"leader {game.players[auction.leader]}" in said
    assert "bidders " + " ".join(game.players[s] for s in auction.bidders) in said


def test_issue11_item6_the_tiles_in_play_are_outlined() -> None:
    game = played("tactical", actions=31)
    auction = game.turn.auction  # type: ignore[attr-defined]
    outlined = [g for g in parse(svg.position(game)).iter(SVG + "g") if g.get("class") == "target"]
    # The tiles the auction's trapper can take: what the bidders bid for.
    assert len(outlined) == len(game.state.step_targets(auction.colour)) > 0
    (title,) = {t.text for r in outlined for t in r.iter(SVG + "title")}
    assert title == f"the {auction.colour} trapper can take this tile"
    fresh = tc.new_game("base", 2, seed=9)  # no trapper is chosen before the first step
    assert 'class="target"' not in svg.position(fresh)
    fresh.apply_text(fresh.action_text(next(a for a in fresh.legal_actions() if a != tb.PASS)))
    hunting = fresh.turn.trapper  # type: ignore[attr-defined]
    outlined_now = svg.position(fresh).count('class="target"')
    assert outlined_now == len(fresh.state.step_targets(hunting))


def test_issue11_item7_water_is_drawn_where_the_variants_rules_let_it_block() -> None:
    base = titles(parse(svg.position(tc.new_game("base", 2, seed=9))))
    children = titles(parse(svg.position(tc.new_game("children", 2, seed=9))))
    assert sum(t.startswith("water to the") for t in base) == 8  # the face-up tiles
    assert not [t for t in children if t.startswith("water to the")]  # R37
    kids_view = titles(parse(svg.position(tc.new_game("children", 2, seed=9).view(0))))
    assert not [t for t in kids_view if t.startswith("water to the")]


def test_R37_the_text_board_shows_water_edges_where_the_variants_rules_let_them_block() -> None:
    """As the picture: ``S4w`` on the base game's board, ``S4`` on the
    children's, where water blocks nothing (R37); the tile is the same."""

    def board(text: str) -> str:
        return "\n".join(text.splitlines()[1:9])  # the ranks, 8 down to 1

    for variant, water in (("base", True), ("children", False)):
        game = tc.new_game(variant, 2, seed=9)
        face_up = [t for t in game.state.seen_board() if isinstance(t, tc.Tile)]
        assert len(face_up) == 8
        for text in (render(game), render(game.view(1))):
            if water:
                assert all(f"{t.code:>4} " in board(text) for t in face_up)
            else:
                assert all(f"{t.face:>4} " in board(text) for t in face_up)
                assert not any(t.code in board(text) for t in face_up)


def test_issue11_item7_the_picture_asks_the_rules_not_the_name() -> None:
    class Ferries:  # water blocks nothing, under a name the pictures have never heard of
        @tc.hookimpl
        def trapper_can_enter(self, tile: tc.Tile, side: tc.Direction) -> bool:
            return True

    class Register:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("ferries", (Ferries(),), extends="base")]

    game = tc.new_game("ferries", 2, seed=9, registry=tc.Registry([Register()]))
    assert not [t for t in titles(parse(svg.position(game))) if t.startswith("water")]


def test_issue11_item9_size_seat_last_action_and_coordinates() -> None:
    game = played("base", players=2, actions=5)  # the last action: a step, Bd6
    small, large = parse(svg.position(game, size=30)), parse(svg.position(game, size=90))
    assert float(large.get("width", "0")) == pytest.approx(
        3 * float(small.get("width", "0")), 0.01
    )
    # A seat's view, as the view itself draws it.
    assert svg.position(game, seat=1, last_action=False) == svg.position(game.view(1))
    assert any(t.startswith("face down on ") for t in titles(parse(svg.position(game, seat=1))))
    # The last action: the squares the trapper left and entered.
    before = game.copy()
    before.undo()
    moved = {
        i
        for a, b in zip(before.state.trappers, game.state.trappers, strict=True)
        if a != b
        for i in (a, b)
    }
    assert len(moved) == 2
    root = parse(svg.position(game))
    marks = [r for r in root.iter(SVG + "rect") if r.get("class") == "last-action"]
    assert len(marks) == len(moved)
    assert not [
        r
        for r in parse(svg.position(game, last_action=False)).iter(SVG + "rect")
        if r.get("class") == "last-action"
    ]
    coordinates = [t for t in root.iter(SVG + "text") if t.get("class") == "coordinate"]
    assert [t.text for t in coordinates] == [*"abcdefgh", *"12345678"]
    bare = parse(svg.position(game, coordinates=False))
    assert not [t for t in bare.iter(SVG + "text") if t.get("class") == "coordinate"]


def test_issue11_item8_str_of_a_game_draws_the_position() -> None:
    game = played("base", actions=10)
    text = str(game)
    assert text == render(game)
    assert "\x1b[" not in text
    assert text.count("\n") > 10
    assert "  8 " in text
    assert "[B]" in text
    assert repr(game).startswith("<Game 'base'")  # the repr stays one line
    finished = played("base")
    assert "final scores: " in str(finished)
    assert "winner: " in str(finished)


def test_review_s55_str_of_a_view_draws_what_its_player_sees() -> None:
    """``print(view)`` gave a repr of 3,500 characters, where ``print(game)``
    draws the position."""
    game = played("base", actions=10)
    seat = (game.to_move + 1) % len(game.players)  # type: ignore[operator]
    view = game.view(seat)
    text = str(view)
    assert text == render(view)
    assert "\x1b[" not in text
    assert "[B]" in text
    assert "##" in text  # face-down tiles stay hidden
    assert text != render(game)  # others' hands are not shown


def _contrast(one: str, other: str) -> float:
    """WCAG 2.1's contrast ratio, worked out here apart from the picture's code."""

    def luminance(colour: str) -> float:
        digits = colour.lstrip("#")
        digits = "".join(d * 2 for d in digits) if len(digits) == 3 else digits
        linear = []
        for i in (0, 2, 4):
            c = int(digits[i : i + 2], 16) / 255
            linear.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_picture_reads_without_colour_vision_or_sight(variant: str) -> None:
    """WCAG 2.1 where the picture carries meaning: text on every tile and the
    letter on every trapper at 4.5 to 1 (white on lynx, wolf and salmon
    tiles stood at 2.3 to 2.9, the beige trapper's letter at 1.7); water
    edges, the last action's mark and the outlines of the tiles a trapper
    can take with a line of 3 to 1 against what is around them (the beige
    outline alone stood at 1.5); and a title and description for a screen
    reader on a sheet of its own (dark text on a dark page was unreadable)."""
    game = played(variant, actions=31)
    root = parse(svg.position(game))
    assert root.get("role") == "img"
    title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
    assert title is not None
    assert desc is not None
    assert title.text == f"Trapper, {variant}: {game.players[game.to_move]} to move"  # type: ignore[index]
    where = ", ".join(
        f"{c.name.lower()} {s}" for c, s in zip(tc.COLOURS, game.trappers.values(), strict=True)
    )
    assert f"Trappers: {where}." in (desc.text or "")
    sheet = root.find(SVG + "rect")
    assert sheet is not None
    assert sheet.get("fill") == "#fff"
    assert sheet.get("width") == root.get("viewBox", "").split()[2]
    board = "#f3efe4"
    tiles = group(root, "tile")
    assert tiles
    for tile in tiles:
        fill = tile.find(SVG + "rect").get("fill")  # type: ignore[union-attr]
        for text in tile.iter(SVG + "text"):
            assert _contrast(text.get("fill") or "", fill or "") >= 4.5, (text.text, fill)
        for water in tile.findall(SVG + "rect")[1:]:
            assert water.get("stroke") == "#222"
    pawns = group(root, "trapper")
    assert len(pawns) == 4
    for drawn in pawns:  # each pawn, then its letter
        pawn, letter = list(drawn)
        assert pawn.tag == SVG + "circle"
        assert letter.text in ("B", "E", "G", "P")
        assert _contrast(letter.get("fill") or "", pawn.get("fill") or "") >= 4.5
    for mark in root.iter(SVG + "rect"):
        if mark.get("class") == "last-action":
            assert _contrast(mark.get("stroke") or "", board) >= 3
    for target in group(root, "target"):
        under, dashes = target.findall(SVG + "rect")
        assert _contrast(under.get("stroke") or "", board) >= 3
        assert float(under.get("stroke-width") or 0) > float(dashes.get("stroke-width") or 0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_text_picture_names_the_trappers_squares(variant: str) -> None:
    """Read out by a screen reader, the grid tells where a trapper stands
    only to one who counts its columns: a line says it in words, for a game
    and for a view alike."""
    game = played(variant, actions=20)
    said = "  trappers: " + ", ".join(
        f"{c.name.lower()} {s}" for c, s in zip(tc.COLOURS, game.trappers.values(), strict=True)
    )
    assert said in str(game).splitlines()
    assert said in render(game.view(1)).splitlines()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_text_picture_names_a_hand_s_cards_by_colour_in_words(variant: str) -> None:
    """``B2 E0 G2 P2`` read like tiles (a bear of 2) and aloud as letters:
    the hand the picture may show is counted in colours' names, each with
    the letter that writes it in a payment; others' hands by their size."""
    game = played(variant, actions=20)
    for seat in range(len(game.players)):
        hand = game.hands[seat]
        said = f"{hand.total} cards: " + ", ".join(
            f"{hand[c]} {c.name.lower()} ({c.letter})" for c in tc.COLOURS
        )
        lines = render(game.view(seat)).splitlines()
        mine = [line for line in lines if line[2:].startswith(f"{game.players[seat]}: ")]
        assert len(mine) == 1
        assert mine[0].endswith("; " + said)
        others = [line for line in lines if "money" in line and line not in mine]
        assert others
        assert all(re.search(r"; \d+ cards?$", line) for line in others)


def test_the_legend_names_what_the_text_picture_writes() -> None:
    """Each species, colour and kind of tile the pictures write by a letter
    is named in the legend, from the tiles' own names."""
    from trapper_core.terminal import legend

    said = legend()
    for species in tc.Species:
        assert f"{species.letter} {species.name.lower()}" in said
    for colour in tc.COLOURS:
        assert f"{colour.letter} {colour}" in said
    for direction in tc.Direction:
        assert f"{direction.letter} {direction.name.lower()}" in said
    assert "H3 herb 3" in said
    assert "F2 mushroom 2" in said
    assert all(len(line) <= 80 for line in said.splitlines())


def test_a_pictures_description_is_sentences() -> None:
    """The description a screen reader says ran its lines together:
    'Turn: trapper none, exchanged no Trappers: blue d5, …'."""
    import re as _re

    game = tc.new_game("base", 3, seed=5)
    said = _re.search(r"<desc>(.*?)</desc>", game._repr_svg_())
    assert said is not None
    assert said.group(1).startswith("Turn: trapper none, exchanged no. Trappers: blue d5, ")
    over = tc.play(tc.new_game("base", 2, seed=5), [tc.RandomBot(0), tc.RandomBot(1)])
    said = _re.search(r"<desc>(.*?)</desc>", over._repr_svg_())
    assert said is not None
    assert ". Trappers: " in said.group(1)
    assert not _re.search(r"[^.] Trappers:", said.group(1))


def test_a_views_picture_shows_its_own_hand_and_says_whose_view_it_is() -> None:
    """A view's picture was the game's picture: counts of cards alone,
    titled as the game, though the hand is what its player decides with."""
    import re as _re

    game = tc.new_game("base", 3, seed=5)
    view = game.view(1)
    picture = view._repr_svg_()
    assert picture != game._repr_svg_()
    title = _re.search(r"<title>(.*?)</title>", picture)
    assert title is not None
    assert title.group(1) == "Trapper, base, B&#x27;s view: A to move"
    hand = view.hand
    own = f"B: 0 money, 6 cards ({hand.blue} blue, {hand.beige} beige, {hand.green} green, "
    assert picture.count(own) == 2  # the player's line and the description
    assert not _re.search(r"[AC]: 0 money, 6 cards \(\d", picture)  # others' hands: counts
