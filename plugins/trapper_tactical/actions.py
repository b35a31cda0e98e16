"""The decisions of an auction turn and the record of the turn in progress."""

from __future__ import annotations

import attrs

from trapper_base import Gather, IntoCanoe, Placement
from trapper_core import COLOURS, Action, ActionFieldError, Colour, Square, exactly, shown

__all__ = ["Auction", "Bid", "Open", "TacticalTurn", "Take", "units"]


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ActionFieldError(
            f"{type(instance).__name__}: bid is a whole number of at least 1, not {shown(value)}"
        )


@attrs.frozen(cache_hash=True)
class Open(Action):
    """R41: the stone holder names a trapper colour and opens an auction with a bid.

    Written with the colour letter and the bid: ``E2`` opens beige at 2.
    """

    colour: Colour = attrs.field(validator=exactly(Colour))
    bid: int = attrs.field(validator=_positive)


@attrs.frozen(cache_hash=True)
class Bid(Action):
    """R42: raise the auction's bid to ``bid``. Written as the number: ``3``.

    Passing in an auction is the base game's ``PASS``, written ``pass``.
    """

    bid: int = attrs.field(validator=_positive)


def _cards(value: tuple[int, ...]) -> tuple[int, int, int, int]:
    try:
        cards = tuple(value)
    except TypeError:  # not iterable
        cards = ()
    if len(cards) != 4 or not all(type(n) is int and n >= 0 for n in cards):
        raise ActionFieldError(
            f"Take: cards are four counts of 0 or more, one per colour, not {shown(value)}"
        )
    return cards


@attrs.frozen(cache_hash=True)
class Take(Action):
    """R43: the auction's winner pays the bid and takes the tile on ``square``
    with the auction's trapper.

    ``cards`` counts the cards paid of each colour (blue, beige, green,
    purple): each unit of the bid is one card of the auction's colour or two
    cards of one other colour. ``placement`` as for a step (D6).

    Written like a step: ``Ee6`` when every card is of the auction's colour,
    otherwise with the cards after a slash, the auction's colour first:
    ``Ee6/EEEBBGG`` pays a bid of 5 for beige with 3 beige, 2 blue, 2 green
    (the other colours in the order B, E, G, P; any order reads).
    """

    square: Square = attrs.field(validator=exactly(Square))
    cards: tuple[int, int, int, int] = attrs.field(converter=_cards)
    placement: Placement | None = attrs.field(
        default=None, validator=exactly(IntoCanoe, Gather, optional=True)
    )


def units(cards: tuple[int, int, int, int], colour: Colour) -> int | None:
    """Returns how many units of a bid for ``colour`` the ``cards`` pay, or
    ``None`` when some other colour is not paid in pairs (R43)."""
    total = cards[colour]
    for other in COLOURS:
        if other is not colour:
            if cards[other] % 2:
                return None
            total += cards[other] // 2
    return total


@attrs.frozen
class Auction:
    """An auction in progress (public).

    ``bidders`` are the seats still in it, in seat order; ``leader`` holds
    the high ``bid``. Once one bidder is left, they are the ``winner`` and
    must pay and take.
    """

    colour: Colour
    bid: int
    leader: int = attrs.field(metadata={"seat": True})
    bidders: tuple[int, ...] = attrs.field(metadata={"seat": True})

    @property
    def winner(self) -> int | None:
        """The seat that won the auction, once every other bidder has passed."""
        return self.bidders[0] if len(self.bidders) == 1 else None


@attrs.frozen(init=False)
class TacticalTurn:
    """The turn of the stone holder (public).

    ``colour`` is fixed by the first auction of the turn (R41, R44);
    ``auctions`` counts the auctions opened; ``auction`` is the one in
    progress.
    """

    stone: int = attrs.field(metadata={"seat": True})
    colour: Colour | None = attrs.field(default=None, metadata={"trapper": True})
    exchanged: bool = False
    auctions: int = 0
    auction: Auction | None = None

    # Every bid and pass makes a new turn record: each slot is set through
    # its own setter rather than attrs' frozen __init__ (object.__setattr__
    # per field), which spares a third of making one (2 % of replaying
    # tactical records). The class stays frozen.
    def __init__(
        self,
        stone: int,
        colour: Colour | None = None,
        exchanged: bool = False,
        auctions: int = 0,
        auction: Auction | None = None,
    ) -> None:
        _stone(self, stone)
        _colour(self, colour)
        _exchanged(self, exchanged)
        _auctions(self, auctions)
        _auction(self, auction)


_stone, _colour, _exchanged, _auctions, _auction = (
    TacticalTurn.__dict__[name].__set__
    for name in ("stone", "colour", "exchanged", "auctions", "auction")
)
