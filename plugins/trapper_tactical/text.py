"""How auction decisions are written: ``E2`` (open beige at 2), ``3`` (raise to 3),
``pass``, and takes like steps: ``Ee6``, ``Ee6/EEEGGBB``, ``Ee6>CB2``."""

from __future__ import annotations

import re

from trapper_base.text import PLACEMENT, parse_placement, placement_text
from trapper_core import (
    COLOURS,
    Action,
    ActionSyntaxError,
    Colour,
    GameState,
    Square,
    hookimpl,
)

from .actions import Bid, Open, TacticalTurn, Take

_OPEN = re.compile(r"(?P<colour>[BEGP])(?P<bid>[1-9][0-9]{0,2})")
_BID = re.compile(r"[1-9][0-9]{0,2}")
_TAKE = re.compile(
    r"(?P<trapper>[BEGP])(?P<square>[a-h][1-8])(?:/(?P<cards>[BEGP]+))?" + PLACEMENT
)


def _auction_colour(state: GameState) -> Colour | None:
    turn = state.turn
    if isinstance(turn, TacticalTurn) and turn.auction is not None:
        return turn.auction.colour
    return None


def cards_text(cards: tuple[int, int, int, int], colour: Colour) -> str:
    """The cards of a payment, the auction's colour first, then the others in order."""
    order = [colour, *(c for c in COLOURS if c is not colour)]
    return "".join(c.letter * cards[c] for c in order)


@hookimpl
def trapper_action_text(state: GameState, action: Action) -> str | None:
    if isinstance(action, Open):
        return f"{action.colour.letter}{action.bid}"
    if isinstance(action, Bid):
        return str(action.bid)
    if isinstance(action, Take):
        colour = _auction_colour(state)
        if colour is None:
            raise ValueError("a take is written while an auction is won")
        text = f"{colour.letter}{action.square.name}"
        if any(action.cards[c] for c in COLOURS if c is not colour):
            text += "/" + cards_text(action.cards, colour)
        return text + placement_text(state, action.square, action.placement)
    return None


@hookimpl
def trapper_parse_action(state: GameState, text: str) -> Action | None:
    known = _KNOWN.get(text)
    if known is not None:
        return known
    if not text[:1].isupper() and not text[:1].isdigit():
        return None  # pass, end, retire, exchanges: the base game's words
    if _BID.fullmatch(text):
        return _remember(text, Bid(int(text)))
    if match := _OPEN.fullmatch(text):
        return _remember(text, Open(Colour.from_letter(match["colour"]), int(match["bid"])))
    match = _TAKE.fullmatch(text)
    if match is None:
        return None
    colour = _auction_colour(state)
    trapper = Colour.from_letter(match["trapper"])
    if colour is None:
        raise ActionSyntaxError(
            f"{text!r}: in the tactical variant a tile is taken only by an auction's winner"
        )
    if trapper is not colour:
        raise ActionSyntaxError(f"{text!r}: this auction is for the {colour} trapper")
    return _take(state, text, Square.parse(match["square"]), colour, match["cards"], match)


_KNOWN: dict[str, Action] = {}


def _remember(text: str, action: Action) -> Action:
    """Openings and raises read the same in every position: read them once."""
    if len(_KNOWN) < 10_000:
        _KNOWN[text] = action
    return action


def _take(
    state: GameState,
    text: str,
    square: Square,
    colour: Colour,
    letters: str | None,
    match: re.Match[str],
) -> Take:
    turn = state.turn
    assert isinstance(turn, TacticalTurn)
    assert turn.auction is not None
    if letters is None:
        cards = [0, 0, 0, 0]
        cards[colour] = turn.auction.bid
    else:
        cards = [letters.count(c.letter) for c in COLOURS]
    placement = parse_placement(state, text, square, match)
    return Take(square, (cards[0], cards[1], cards[2], cards[3]), placement)
