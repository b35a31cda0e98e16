"""How the base game's actions are written (``Ge6``, ``Ge6/BB>CB2``, ``xBKM``, ``pass``),
and said in words for people (``Green trapper to e6, paying two blue cards:
bear 3 joins the bear canoe (2)``).

A step is the trapper's colour letter and the square, then ``/`` and the two
cards when it is paid with two cards of another colour, then the placement
when D6 leaves a choice: ``>CB2`` (into the bear canoe for two) or
``<H3+B4`` (the taken canoe gathers herb 3 and bear 4). The functions here
are public so that variants writing tile-taking actions of their own (the
tactical variant's ``Take``) write placements the same way, and say
them in the same words ([`placement_words`][trapper_base.text.placement_words],
[`cards_words`][trapper_base.text.cards_words]).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trapper_core import COLOURS, ActionSyntaxError, Colour, GameState, Kind, Species, Square

from .actions import Gather, IntoCanoe, Placement
from .mechanics import checked_place

__all__ = [
    "EXCHANGE",
    "PLACEMENT",
    "STEP",
    "cards_words",
    "listed",
    "number_words",
    "parse_payment",
    "parse_placement",
    "placement_text",
    "placement_words",
]

PLACEMENT = r"(?:>C(?P<into>[KLMBWS][1-9])|<(?P<gather>[A-Z0-9+]+))?"
"""The regular expression of a placement after a step (D6), with the groups
``into`` and ``gather``."""

STEP = re.compile(
    r"(?P<trapper>[BEGP])(?P<square>[a-h][1-8])(?:/(?P<pay>[BEGP]{1,2}))?" + PLACEMENT
)
"""A step's text: trapper, square, payment, placement."""

EXCHANGE = re.compile(r"x(?P<species>[KLMBWS]{1,6})")
"""An exchange's text: ``x`` and the species letters."""


def parse_placement(
    state: GameState, text: str, square: Square, match: re.Match[str]
) -> Placement | None:
    """Returns the placement written in the ``into`` or ``gather`` group of
    ``match`` (a match of a pattern ending in
    [`PLACEMENT`][trapper_base.text.PLACEMENT]), for a take of the tile on
    ``square``."""
    if match["into"]:
        species, capacity = match["into"][0], int(match["into"][1])
        return IntoCanoe(Species.from_letter(species), capacity)
    if match["gather"]:
        return _gather(state, text, square, match["gather"])
    return None


def placement_text(state: GameState, square: Square, placement: object) -> str:
    """Returns the text of a placement after a take of the tile on ``square``."""
    if isinstance(placement, IntoCanoe):
        return placement.text
    if isinstance(placement, Gather):
        tile = state.board[square.index]
        species = tile.species if tile is not None else None
        if species is None:
            raise ValueError(f"a gathering placement, but {square} holds no canoe")
        return placement.text(species)
    return ""


def parse_payment(text: str, trapper: Colour, pay: str | None) -> Colour:
    """Returns the colour a step's ``/`` part pays with (R13): nothing or the
    trapper's own letter for one card of its colour, a doubled letter for two
    cards of another."""
    if pay is None:
        return trapper
    colour = Colour.from_letter(pay[0])
    if len(pay) == 1 and colour is trapper:
        return trapper
    if len(pay) == 2 and pay[0] == pay[1] and colour is not trapper:
        return colour
    # The example of two cards is of a colour other than the trapper's: for
    # the blue trapper, /BB is what is refused here.
    other = "E" if trapper is Colour.BLUE else "B"
    own = (
        f"two cards of the {trapper} trapper's own colour are no payment (R13): "
        if len(pay) == 2 and pay[0] == pay[1] and colour is trapper
        else ""
    )
    raise ActionSyntaxError(
        f"{text!r}: {own}a step is paid with one card of the trapper's colour "
        f"(/{trapper.letter} or nothing) or two cards of one other colour (like /{other * 2})"
    )


def _gather(state: GameState, text: str, square: Square, spec: str) -> Gather:
    tile = state.board[square.index]
    if tile is not None and not state.face_up >> square.index & 1:
        return _gather_unseen(text, square, spec)
    if tile is None or tile.kind is not Kind.CANOE or tile.species is None:
        raise ActionSyntaxError(
            f"{text!r}: '<' names what a taken canoe gathers, but {square} holds no canoe"
        )
    herb = mushroom = None
    animals = []
    for part in spec.split("+"):
        if re.fullmatch(r"H[1-9]", part) and herb is None:
            herb = int(part[1])
        elif re.fullmatch(r"F[1-9]", part) and mushroom is None:
            mushroom = int(part[1])
        elif re.fullmatch(r"[KLMBWS][1-9]", part) and part[0] == tile.species.letter:
            animals.append(int(part[1]))
        else:
            raise ActionSyntaxError(
                f"{text!r}: {part!r} is not something the {tile.name} can gather "
                f"(one herb H…, one mushroom F…, {tile.species} animals "
                f"{tile.species.letter}…)"
            )
    return Gather(herb, mushroom, tuple(sorted(animals)))


def _gather_unseen(text: str, square: Square, spec: str) -> Gather:
    """What a face-down tile would gather: read from the text alone, so that
    no answer tells what the tile is (the move itself reveals it, and the
    engine then judges the gathering)."""
    herb = mushroom = None
    animals = []
    letters = set()
    for part in spec.split("+"):
        if re.fullmatch(r"H[1-9]", part) and herb is None:
            herb = int(part[1])
        elif re.fullmatch(r"F[1-9]", part) and mushroom is None:
            mushroom = int(part[1])
        elif re.fullmatch(r"[KLMBWS][1-9]", part):
            letters.add(part[0])
            animals.append(int(part[1]))
        else:
            raise ActionSyntaxError(
                f"{text!r}: {part!r} is not something a canoe gathers (one herb H…, one "
                f"mushroom F…, animals of its species); the tile on {square} is face down"
            )
    if len(letters) > 1:
        raise ActionSyntaxError(
            f"{text!r}: a canoe gathers animals of one species, not {'/'.join(sorted(letters))}"
        )
    return Gather(herb, mushroom, tuple(sorted(animals)))


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_words(count: int) -> str:
    """A count in words: ``"two"``; from 11 on, its digits (``"12"``)."""
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


def listed(items: Sequence[str]) -> str:
    """Items joined as a sentence lists them: ``"a"``, ``"a and b"``,
    ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cards_words(cards: Sequence[int], first: Colour) -> str:
    """The cards paid, four counts in colour order, in words: ``"one blue
    card"``, ``"two beige cards"``, ``"three beige, two blue and two green
    cards"`` (the colour ``first`` first, the others in colour order)."""
    order = [first, *(c for c in COLOURS if c is not first)]
    parts = [f"{number_words(cards[c])} {c}" for c in order if cards[c]]
    if not parts:
        return "no cards"
    return listed(parts) + (" card" if sum(cards) == 1 else " cards")


def placement_words(state: GameState, player: int, square: Square, placement: object) -> str:
    """What becomes of the tile on ``square`` when ``player`` takes it and
    places it as ``placement`` says (the variant's ``trapper_place``), in
    words: ``"bear 3 joins the bear canoe (2)"``, ``"bear 3 fills the bear
    canoe (2)"``, ``"bear 3 lies separate"``, ``"bear canoe (2) opens a new
    row"``, ``"… opens a new row with herb 3 and bear 4"``, ``"bear canoe
    (1) is filled at once with bear 4"``. The state is not changed."""
    tile = state.board[square.index]
    if tile is None:
        raise ValueError(f"{square} holds no tile to take")
    display = state.displays[player]
    placed, full = checked_place(state.rules, display, tile, placement)
    before = {id(row) for row in display.open}
    new_rows = [row for row in placed.open if id(row) not in before]
    if tile.kind is Kind.CANOE:
        row = full or next((r for r in new_rows if r.canoe is tile), None)
        if row is not None:
            gathered = listed([t.name for t in row.tiles[1:]])
            if full is not None:
                return f"{tile.name} is filled at once with {gathered}"
            if gathered:
                return f"{tile.name} opens a new row with {gathered}"
            return f"{tile.name} opens a new row"
    elif full is not None:
        return f"{tile.name} fills the {full.canoe.name}"
    elif placed.separate.count(tile) > display.separate.count(tile):
        return f"{tile.name} lies separate"
    else:
        row = next((r for r in new_rows if tile in r.tiles[1:]), None)
        if row is not None:
            return f"{tile.name} joins the {row.canoe.name}"
    # A variant's own placement, which lays the tile elsewhere.
    named = placement_text(state, square, placement)
    return f"{tile.name} is placed" + (f" as {named}" if named else "")
