"""How the base game's actions are written (``Ge6``, ``Ge6/BB>CB2``, ``xBKM``, ``pass``).

A step is the trapper's colour letter and the square, then ``/`` and the two
cards when it is paid with two cards of another colour, then the placement
when D6 leaves a choice: ``>CB2`` (into the bear canoe for two) or
``<H3+B4`` (the taken canoe gathers herb 3 and bear 4).
"""

from __future__ import annotations

import re

from trapper_core import (
    END_TURN,
    PASS,
    RETIRE,
    Action,
    ActionSyntaxError,
    Colour,
    EndTurn,
    Exchange,
    GameState,
    Gather,
    IntoCanoe,
    Kind,
    Pass,
    Retire,
    Species,
    Square,
    Step,
    hookimpl,
)

from .turn import STEPS

_WORDS: dict[str, Action] = {"pass": PASS, "end": END_TURN, "retire": RETIRE}

PLACEMENT = r"(?:>C(?P<into>[KLMBWS][1-3])|<(?P<gather>[A-Z0-9+]+))?"
"""The regular expression of a placement after a step (D6)."""

_STEP = re.compile(
    r"(?P<trapper>[BEGP])(?P<square>[a-h][1-8])(?:/(?P<pay>[BEGP]{1,2}))?" + PLACEMENT
)
_EXCHANGE = re.compile(r"x(?P<species>[KLMBWS]{1,6})")


@hookimpl
def trapper_action_text(state: GameState, action: Action) -> str | None:
    if isinstance(action, Step):
        text = f"{action.trapper.letter}{action.square.name}"
        if action.payment is not action.trapper:
            text += "/" + action.payment.letter * 2
        return text + placement_text(state, action.square, action.placement)
    if isinstance(action, Exchange):
        return "x" + "".join(s.letter for s in action.species)
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Retire):
        return "retire"
    return None


# Texts that mean the same action in every position, read once.
_KNOWN: dict[str, Action] = {}


@hookimpl
def trapper_parse_action(state: GameState, text: str) -> Action | None:
    known = _KNOWN.get(text)
    if known is not None:
        return known
    action = _parse(state, text)
    if action is not None and "<" not in text and len(_KNOWN) < 50_000:
        # Everything but a gathering placement reads the same in every position.
        _KNOWN[text] = action
    return action


def _parse(state: GameState, text: str) -> Action | None:
    word = _WORDS.get(text)
    if word is not None:
        return word
    if match := _EXCHANGE.fullmatch(text):
        letters = match["species"]
        if len(set(letters)) != len(letters):
            raise ActionSyntaxError(f"{text!r}: an exchange names each species once")
        return Exchange(tuple(Species.from_letter(c) for c in letters))
    match = _STEP.fullmatch(text)
    if match is None:
        return None
    trapper = Colour.from_letter(match["trapper"])
    square = Square.parse(match["square"])
    payment = _payment(text, trapper, match["pay"])
    placement = parse_placement(state, text, square, match)
    if placement is None:
        return STEPS[trapper][square.index][payment]  # the very steps legal_actions() lists
    return Step(trapper, square, payment, placement)


def parse_placement(
    state: GameState, text: str, square: Square, match: re.Match[str]
) -> IntoCanoe | Gather | None:
    """Returns the placement written in the ``into`` or ``gather`` group of ``match``."""
    if match["into"]:
        species, capacity = match["into"][0], int(match["into"][1])
        return IntoCanoe(Species.from_letter(species), capacity)
    if match["gather"]:
        return _gather(state, text, square, match["gather"])
    return None


def placement_text(state: GameState, square: Square, placement: IntoCanoe | Gather | None) -> str:
    """Returns the text of a placement after a step or a take onto ``square``."""
    if isinstance(placement, IntoCanoe):
        return placement.text
    if isinstance(placement, Gather):
        tile = state.board[square.index]
        species = tile.species if tile is not None else None
        if species is None:
            raise ValueError(f"a gathering placement, but {square} holds no canoe")
        return placement.text(species)
    return ""


def _payment(text: str, trapper: Colour, pay: str | None) -> Colour:
    if pay is None:
        return trapper
    colour = Colour.from_letter(pay[0])
    if len(pay) == 1 and colour is trapper:
        return trapper
    if len(pay) == 2 and pay[0] == pay[1] and colour is not trapper:
        return colour
    raise ActionSyntaxError(
        f"{text!r}: a step is paid with one card of the trapper's colour "
        f"(/{trapper.letter} or nothing) or two cards of one other colour (like /BB)"
    )


def _gather(state: GameState, text: str, square: Square, spec: str) -> Gather:
    tile = state.board[square.index]
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
