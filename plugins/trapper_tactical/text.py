"""How auction decisions are written: ``E2`` (open beige at 2), ``3`` (raise to 3),
``pass``, and takes like steps: ``Ee6``, ``Ee6/EEEBBGG``, ``Ee6>CB2``."""

from __future__ import annotations

import re

from trapper_base import PLACEMENT
from trapper_core import COLOURS, Colour

__all__ = ["BID", "OPEN", "TAKE", "cards_text"]

OPEN = re.compile(r"(?P<colour>[BEGP])(?P<bid>[1-9][0-9]{0,2})")
"""An opening: the colour letter and the bid."""
BID = re.compile(r"[1-9][0-9]{0,2}")
"""A raise: the bid."""
TAKE = re.compile(r"(?P<trapper>[BEGP])(?P<square>[a-h][1-8])(?:/(?P<cards>[BEGP]+))?" + PLACEMENT)
"""A take: the auction's colour, the square, the cards, the placement."""


def cards_text(cards: tuple[int, int, int, int], colour: Colour) -> str:
    """The cards of a payment, the auction's colour first, then the others in order."""
    order = [colour, *(c for c in COLOURS if c is not colour)]
    return "".join(c.letter * cards[c] for c in order)
