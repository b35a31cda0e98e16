"""The auction turn (R40–R45, D9–D11, D16, D19), as kinds of action.

Decisions, one at a time:

- the stone holder: open an auction (colour and bid), exchange species
  (D10), pass (draw four, the stone goes left), or — before the first
  auction of the turn — retire (D16);
- a bidder: raise or pass (R42);
- the winner: pay and take (R43).

The base game's exchange, pass and retire are subclassed with this turn's
record; its step and end of a hunt are withdrawn: a tile is taken only by
an auction's winner.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from trapper_base import (
    ExchangeKind,
    PassKind,
    RetireKind,
    advance,
    cards_words,
    draw,
    number_words,
    parse_placement,
    pay,
    place_tile,
    placement_problem,
    placement_text,
    placement_words,
    squares,
    take,
    take_problem,
)
from trapper_core import (
    COLOURS,
    SQUARES,
    Action,
    ActionFieldError,
    ActionKind,
    Colour,
    GameState,
    IllegalActionError,
    Square,
    Withdraw,
    hookimpl,
    interned,
    shown,
)

from .actions import Auction, Bid, Open, TacticalTurn, Take, units
from .text import BID, OPEN, TAKE, cards_text

__all__ = [
    "HAND_SIZE",
    "STONE_DRAW",
    "BidKind",
    "OpenKind",
    "TacticalExchangeKind",
    "TacticalPassKind",
    "TacticalRetireKind",
    "TakeKind",
    "payable",
    "payments",
    "turn_problems",
]

HAND_SIZE = 8
"""R40: eight cards per player."""
STONE_DRAW = 4
"""R41, R45: the stone holder draws four when passing."""


@hookimpl
def trapper_hand_size(players: int) -> int:
    return HAND_SIZE


@hookimpl
def trapper_new_turn(state: GameState) -> TacticalTurn:
    assert state.to_move is not None
    return TacticalTurn(stone=state.to_move)


def payable(hand: tuple[int, int, int, int], colour: Colour) -> int:
    """The highest bid for ``colour`` the hand can pay (D9)."""
    # Every pair of another colour is a unit, every card of the colour one:
    # written without a loop, since listing asks it at every bid.
    b, e, g, p = hand
    own = hand[colour]
    return b // 2 + e // 2 + g // 2 + p // 2 - own // 2 + own


def payments(
    hand: tuple[int, int, int, int], colour: Colour, bid: int
) -> list[tuple[int, int, int, int]]:
    """Every distinct way of paying ``bid`` units for ``colour`` from ``hand`` (R43)."""
    others = [c for c in COLOURS if c is not colour]
    out = []
    for a in range(min(bid, hand[others[0]] // 2) + 1):
        for b in range(min(bid - a, hand[others[1]] // 2) + 1):
            for c in range(min(bid - a - b, hand[others[2]] // 2) + 1):
                own = bid - a - b - c
                if own <= hand[colour]:
                    cards = [0, 0, 0, 0]
                    cards[colour] = own
                    cards[others[0]], cards[others[1]], cards[others[2]] = 2 * a, 2 * b, 2 * c
                    out.append((cards[0], cards[1], cards[2], cards[3]))
    return sorted(out, key=lambda cards: (-cards[colour], cards))


@interned
def _payments(
    hand: tuple[int, int, int, int], colour: Colour, bid: int
) -> tuple[tuple[int, int, int, int], ...]:
    """`payments`, made once per hand, colour and bid: every take is checked
    against them, and a hand recurs (3 % of reading and replaying records)."""
    return tuple(payments(hand, colour, bid))


def _turn(state: GameState) -> TacticalTurn:
    turn = state.turn
    assert isinstance(turn, TacticalTurn)
    return turn


# The options and checks below read ``state.turn`` (a TacticalTurn while this
# variant plays) and ``state.hands[state.to_move]`` directly, without a typed
# accessor: listing asks them on every position, and a call each costs more
# than the question.


def _hand(state: GameState) -> tuple[int, int, int, int]:
    assert state.to_move is not None
    return state.hands[state.to_move]


def _illegal(rule: str, text: str, action: Action | None = None) -> IllegalActionError:
    return IllegalActionError(f"{rule}: {text}", rule=rule, action=action)


def _unpayable(state: GameState, colour: Colour, bid: int, action: Action) -> IllegalActionError:
    top = payable(state.hands[state.to_move], colour)  # type: ignore[index]
    return IllegalActionError(
        f"D9: a bid of {shown(bid)} for {colour} is more than the hand can pay ({top})",
        rule="D9",
        action=action,
        shortfall={colour: bid - top},
    )


def _between_auctions(
    state: GameState, rule: str, does: str, owner_rule: str | None = None
) -> str | None:
    """Why the stone holder's ``does`` (R41's opening, D19's exchange) is
    refused while an auction is under way: to the stone holder by ``rule``,
    to a bidder by ``owner_rule`` (whose it is: D10's exchange), if given."""
    turn = state.turn
    if turn.auction is None:  # type: ignore[attr-defined]
        return None
    if state.to_move == turn.stone:  # type: ignore[attr-defined]
        return f"{rule}: the stone holder {does} only between auctions, and one is under way"
    return f"{owner_rule or rule}: only the stone holder {does}, and only between auctions"


def _continue(state: GameState, turn: TacticalTurn, auction: Auction, actor: int) -> None:
    """Hands the decision to the next bidder, or to the winner (R42)."""
    state.turn = TacticalTurn(turn.stone, turn.colour, turn.exchanged, turn.auctions, auction)
    winner = auction.winner
    if winner is not None:
        state.to_move = winner
        return
    for k in range(1, state.players + 1):
        seat = (actor + k) % state.players
        if seat in auction.bidders:
            state.to_move = seat
            return
    raise AssertionError("an auction always has a bidder")


# Openings and raises, made once each: listing offers every bid a hand can pay.
_open = interned(Open)
_bid = interned(Bid)


@interned
def _opens(colour: Colour, bids: range) -> tuple[Open, ...]:
    """The openings of an auction for ``colour`` at each of ``bids``, made
    once: the stone holder's every decision lists them."""
    return tuple(_open(colour, bid) for bid in bids)


@interned
def _bids(bids: range) -> tuple[Bid, ...]:
    """The raises to each of ``bids``, made once: every bidder lists them."""
    return tuple(_bid(bid) for bid in bids)


# Bids of nothing, which no action is: they get their own errors.
_NO_OPENING = re.compile(r"[BEGP]0+")
_NO_RAISE = re.compile(r"0+")

#: Why a bid or a take is refused outside an auction (the bid kind's and the
#: take's own words alike).
_NO_AUCTION = "R41: no auction is open: the stone holder opens one or passes"


@interned
def _read_open(text: str) -> Open | None:
    """Openings read the same in every position: each text is read once."""
    match = OPEN.fullmatch(text)
    return _open(Colour.from_letter(match["colour"]), int(match["bid"])) if match else None


@interned
def _read_bid(text: str) -> Bid | None:
    """Raises read the same in every position: each text is read once."""
    return _bid(int(text)) if BID.fullmatch(text) else None


class OpenKind(ActionKind[Open]):
    """R41, D9: the stone holder names a colour and opens an auction with a bid."""

    name = "open"
    action_type = Open
    choices = ("colour", "bid")

    def unavailable(self, state: GameState) -> str | None:
        return _between_auctions(state, "R41", "opens an auction")

    def colour_options(self, state: GameState) -> Sequence[Colour]:
        fixed = state.turn.colour  # type: ignore[attr-defined]
        # D9: the trapper must be able to take a tile. (A plain loop: a
        # comprehension would make state a cell of this function, slower to read.)
        colours = []
        for colour in COLOURS if fixed is None else (fixed,):
            if state.step_targets(colour):
                colours.append(colour)
        return colours

    def bid_options(self, state: GameState, colour: Colour) -> Sequence[int]:
        return range(1, payable(state.hands[state.to_move], colour) + 1)  # type: ignore[index]

    def build(self, *values: Any) -> Open:
        return _open(*values)

    def build_all(
        self, state: GameState, chosen: tuple[Any, ...], last: Sequence[Any]
    ) -> Sequence[Open]:
        if type(self).build is not OpenKind.build or type(last) is not range:
            opens: Sequence[Open] = super().build_all(state, chosen, last)  # a subclass's own
            return opens
        return _opens(chosen[0], last)

    def refuse_colour(self, state: GameState, action: Open) -> IllegalActionError:
        fixed = state.turn.colour  # type: ignore[attr-defined]
        if fixed is not None and action.colour is not fixed:
            return _illegal("R41", f"this turn's colour is {fixed}; it cannot change", action)
        return _illegal("D9", f"the {action.colour} trapper cannot take a tile", action)

    def refuse_bid(self, state: GameState, action: Open) -> IllegalActionError:
        return _unpayable(state, action.colour, action.bid, action)

    def apply(self, state: GameState, action: Open) -> None:
        turn = _turn(state)
        player = state.to_move
        assert player is not None
        # D11: retired players do not bid. (A plain loop: a generator would
        # make state a cell of this function, slower at every use.)
        bidders = []
        for seat, retired in enumerate(state.retired):
            if not retired:
                bidders.append(seat)
        turn = TacticalTurn(turn.stone, action.colour, turn.exchanged, turn.auctions + 1)
        _continue(state, turn, Auction(action.colour, action.bid, player, tuple(bidders)), player)

    def text(self, state: GameState, action: Open) -> str:
        return f"{action.colour.letter}{action.bid}"

    def describe(self, state: GameState, action: Open) -> str:
        return f"Open an auction for the {action.colour} trapper, bidding {action.bid}"

    def reads_alike(self, text: str) -> bool:
        return True

    def parse(self, state: GameState, text: str) -> Open | None:
        found = _read_open(text)
        if found is None and _NO_OPENING.fullmatch(text):
            raise ActionFieldError("R41: an auction opens with a bid of 1 or more")
        return found


class BidKind(ActionKind[Bid]):
    """R42, D9: a bidder raises the auction's bid."""

    name = "bid"
    action_type = Bid
    choices = ("bid",)

    def unavailable(self, state: GameState) -> str | None:
        auction = state.turn.auction  # type: ignore[attr-defined]
        if auction is None:
            return _NO_AUCTION
        if auction.winner is not None:
            return "R43: the auction is won: the winner pays and takes a tile"
        return None

    def bid_options(self, state: GameState) -> Sequence[int]:
        auction = state.turn.auction  # type: ignore[attr-defined]
        assert auction is not None
        return range(auction.bid + 1, payable(state.hands[state.to_move], auction.colour) + 1)  # type: ignore[index]

    def build(self, *values: Any) -> Bid:
        return _bid(*values)

    def build_all(
        self, state: GameState, chosen: tuple[Any, ...], last: Sequence[Any]
    ) -> Sequence[Bid]:
        if type(self).build is not BidKind.build or type(last) is not range:
            bids: Sequence[Bid] = super().build_all(state, chosen, last)  # a subclass's own
            return bids
        return _bids(last)

    def refuse_bid(self, state: GameState, action: Bid) -> IllegalActionError:
        auction = state.turn.auction  # type: ignore[attr-defined]
        assert auction is not None
        if action.bid <= auction.bid:
            return _illegal("R42", f"a raise must beat the bid of {auction.bid}", action)
        return _unpayable(state, auction.colour, action.bid, action)

    def apply(self, state: GameState, action: Bid) -> None:
        turn = _turn(state)
        auction = turn.auction
        assert auction is not None
        assert state.to_move is not None
        raised = Auction(auction.colour, action.bid, state.to_move, auction.bidders)
        _continue(state, turn, raised, state.to_move)

    def text(self, state: GameState, action: Bid) -> str:
        return str(action.bid)

    def describe(self, state: GameState, action: Bid) -> str:
        auction = state.turn.auction  # type: ignore[attr-defined]
        return f"Raise the bid for the {auction.colour} trapper to {action.bid}"

    def reads_alike(self, text: str) -> bool:
        return True

    def parse(self, state: GameState, text: str) -> Bid | None:
        found = _read_bid(text)
        if found is None and _NO_RAISE.fullmatch(text):
            raise ActionFieldError("R42: a raise is a bid of 1 or more, above the last")
        return found


class TakeKind(ActionKind[Take]):
    """R43: the auction's winner pays the bid and takes a tile with its trapper."""

    name = "take"
    action_type = Take
    choices = ("square", "placement", "cards")

    def unavailable(self, state: GameState) -> str | None:
        auction = state.turn.auction  # type: ignore[attr-defined]
        if auction is None:
            return _NO_AUCTION
        if auction.winner is None:
            return "R42: the auction is still open: raise or pass"
        return None

    def _auction(self, state: GameState) -> Auction:
        auction: Auction | None = state.turn.auction  # type: ignore[attr-defined]
        assert auction is not None
        return auction

    def square_options(self, state: GameState) -> Sequence[Square]:
        return squares(state.step_targets(self._auction(state).colour))

    def placement_options(self, state: GameState, square: Square) -> Sequence[object]:
        assert state.to_move is not None
        tile = state.board[square.index]
        assert tile is not None
        return state.rules.placement_choices(state.displays[state.to_move], tile)

    def cards_options(self, state: GameState) -> Sequence[tuple[int, int, int, int]]:
        auction = self._auction(state)
        return _payments(state.hands[state.to_move], auction.colour, auction.bid)  # type: ignore[index]

    def build(self, *values: Any) -> Take:
        square, placement, cards = values
        return Take(square, cards, placement)

    def build_all(
        self, state: GameState, chosen: tuple[Any, ...], last: Sequence[Any]
    ) -> Sequence[Take]:
        if type(self).build is not TakeKind.build:
            takes: Sequence[Take] = super().build_all(state, chosen, last)  # a subclass's own
            return takes
        square, placement = chosen
        index = square.index
        # A plain loop: a comprehension would make index and placement cells.
        takes = []
        for cards in last:
            takes.append(_take(index, cards, placement))
        return takes

    def refuse_square(self, state: GameState, take: Take) -> IllegalActionError:
        # taken as a step takes (R43: as in R13, R14), refused for its reasons
        rule, reason = take_problem(state, self._auction(state).colour, take.square)
        return _illegal(rule, reason, take)

    def refuse_placement(self, state: GameState, take: Take) -> IllegalActionError:
        assert state.to_move is not None
        return placement_problem(
            state,
            state.to_move,
            take.square,
            take,
            lambda placement: Take(take.square, take.cards, placement),  # type: ignore[arg-type]
        )

    def refuse_cards(self, state: GameState, take: Take) -> IllegalActionError:
        auction = self._auction(state)
        if units(take.cards, auction.colour) != auction.bid:
            return _illegal(
                "R43",
                f"the bid of {auction.bid} is paid in units: one {auction.colour} card or two "
                "cards of one other colour each",
                take,
            )
        hand = state.hands[state.to_move]  # type: ignore[index]
        return IllegalActionError(
            "R43: the hand does not hold those cards",
            rule="R43",
            action=take,
            shortfall={c: take.cards[c] - hand[c] for c in COLOURS if take.cards[c] > hand[c]},
        )

    def apply(self, state: GameState, action: Take) -> None:
        turn = _turn(state)
        auction = self._auction(state)
        player = state.to_move
        assert player is not None
        for colour in COLOURS:
            if action.cards[colour]:
                pay(state, player, colour, action.cards[colour])
        tile = take(state, auction.colour, action.square.index)
        place_tile(state, player, tile, action.placement)
        state.turn = TacticalTurn(turn.stone, turn.colour, turn.exchanged, turn.auctions)
        state.to_move = turn.stone  # R44: the stone holder decides again

    def text(self, state: GameState, action: Take) -> str:
        colour = self._auction(state).colour
        text = f"{colour.letter}{action.square.name}"
        if any(action.cards[c] for c in COLOURS if c is not colour):
            text += "/" + cards_text(action.cards, colour)
        return text + placement_text(state, action.square, action.placement)

    def describe(self, state: GameState, action: Take) -> str:
        """``"Beige trapper to e6, paying three beige and two blue cards: bear 3
        lies separate"``: the auction's trapper, the square, the cards, the
        tile taken and where it goes."""
        colour = self._auction(state).colour
        player: int = state.to_move  # type: ignore[assignment]
        return (
            f"{str(colour).capitalize()} trapper to {action.square}, paying "
            f"{cards_words(action.cards, colour)}: "
            + placement_words(state, player, action.square, action.placement)
        )

    def reads_alike(self, text: str) -> bool:
        return text[:1] not in ("B", "E", "G", "P")  # declined in every position

    def parse(self, state: GameState, text: str) -> Take | None:
        if text[:1] not in ("B", "E", "G", "P"):
            return None
        turn = state.turn
        auction = turn.auction if isinstance(turn, TacticalTurn) else None
        if auction is not None:
            take = _read_take(text, auction.colour, auction.bid)
            if take is not None:
                return take
        match = TAKE.fullmatch(text)
        if match is None:
            return None
        # A take written out of place is a take all the same: refused by the
        # rule it breaks (a Take names no trapper, so it is refused here).
        if auction is None:
            raise IllegalActionError(
                "R43: in the tactical variant a tile is taken only by an auction's "
                "winner, and no auction is open",
                rule="R43",
            )
        trapper = Colour.from_letter(match["trapper"])
        if trapper is not auction.colour:
            raise IllegalActionError(
                "R43: the auction's winner takes a tile with the auction's trapper, "
                f"the {auction.colour} one",
                rule="R43",
            )
        square = Square.parse(match["square"])
        placement = parse_placement(state, text, square, match)
        return Take(square, _cards_paid(match, auction.colour, auction.bid), placement)


@interned
def _take(square: int, cards: tuple[int, int, int, int], placement: object) -> Take:
    """The take of the tile on the square index ``square``, made once: a
    winner's every decision lists a take per way of paying, and a take's
    fields are checked when it is made (made anew each time, it would be a
    third of listing in the tactical game)."""
    return Take(SQUARES[square], cards, placement)  # type: ignore[arg-type]


@interned
def _read_take(text: str, colour: Colour, bid: int) -> Take | None:
    """The take written as ``text`` in an auction for ``colour`` won at
    ``bid``, when the text names that trapper and no placement:
    it then reads the same in every such auction, so it is read once (3 % of
    reading and replaying records). ``None`` otherwise: `TakeKind.parse`
    reads the text itself, placement and all, or says what is wrong."""
    match = TAKE.fullmatch(text)
    if match is None or match["into"] or match["gather"] or match["trapper"] != colour.letter:
        return None
    return Take(Square.parse(match["square"]), _cards_paid(match, colour, bid), None)


def _cards_paid(match: re.Match[str], colour: Colour, bid: int) -> tuple[int, int, int, int]:
    """The cards a take's text pays: those after its slash, or else the bid
    in cards of the auction's ``colour``."""
    if match["cards"] is None:
        cards = [0, 0, 0, 0]
        cards[colour] = bid
    else:
        cards = [match["cards"].count(c.letter) for c in COLOURS]
    return (cards[0], cards[1], cards[2], cards[3])


class TacticalExchangeKind(ExchangeKind):
    """D10, D19: the species exchange belongs to the stone holder, between auctions."""

    # Tactical turn records change with every bid: remembering answers per
    # record would cost more than it saves.
    available_by_turn = False

    def mark_exchanged(self, state: GameState) -> None:
        turn = _turn(state)
        state.turn = TacticalTurn(turn.stone, turn.colour, True, turn.auctions, turn.auction)

    def unavailable(self, state: GameState) -> str | None:
        reason = _between_auctions(state, "D19", "exchanges species", "D10")
        return reason or super().unavailable(state)


class TacticalPassKind(PassKind):
    """R41, R42, R45: out of the auction for a bidder; for the stone holder
    between auctions, draw four and pass the stone on."""

    available_by_turn = False  # as for the exchange

    def unavailable(self, state: GameState) -> str | None:
        auction = state.turn.auction  # type: ignore[attr-defined]
        if auction is not None and auction.winner is not None:
            return "R43: the auction is won: the winner pays and takes a tile"
        return None

    def apply(self, state: GameState, action: Any) -> None:
        turn = _turn(state)
        auction = turn.auction
        player = state.to_move
        assert player is not None
        if auction is not None:
            # (A plain loop: a generator would make player a cell of this function.)
            bidders = []
            for seat in auction.bidders:
                if seat != player:
                    bidders.append(seat)
            _continue(
                state,
                turn,
                Auction(auction.colour, auction.bid, auction.leader, tuple(bidders)),
                player,
            )
            return
        draw(state, player, STONE_DRAW)  # R45: only the stone holder draws
        advance(state)  # D11: the stone skips retired players

    def describe(self, state: GameState, action: Any) -> str:
        if state.turn.auction is not None:  # type: ignore[attr-defined]
            return "Pass: drop out of this auction"
        return f"Pass: draw {number_words(STONE_DRAW)} cards and hand the stone on"


class TacticalRetireKind(RetireKind):
    """D16: only the stone holder retires, before the turn's first auction."""

    available_by_turn = False  # as for the exchange

    def unavailable(self, state: GameState) -> str | None:
        turn = state.turn
        if state.to_move != turn.stone:  # type: ignore[attr-defined]  # a bidder
            return "D16: only the stone holder retires, at the start of their turn"
        if turn.auction is not None or turn.auctions:  # type: ignore[attr-defined]
            return "D16: retire at the start of a turn, before its first auction"
        return None


KINDS = (
    OpenKind(),
    BidKind(),
    TakeKind(),
    TacticalExchangeKind(),
    TacticalPassKind(),
    TacticalRetireKind(),
    Withdraw("step"),
    Withdraw("end"),
)
"""The tactical variant's kinds, in the order their actions are listed."""


@hookimpl
def trapper_action_kinds() -> Sequence[ActionKind[Any] | Withdraw]:
    return KINDS


def turn_problems(state: GameState) -> Iterator[str]:
    """R41–R44, D9, D11: the turn record fits the table. The stone holder
    is in the game and decides between auctions; an auction in progress is
    for the turn's colour, with a bid of 1 or more, its bidders in seat
    order and none retired, its leader among them and able to pay the bid,
    and the next bidder after the leader to move (the leader, once the
    only bidder: the winner)."""
    if state.valuation is not None:
        return
    turn = state.turn
    if not isinstance(turn, TacticalTurn):
        yield f"the turn record is no TacticalTurn: {turn!r}"
        return
    players = state.players
    if not 0 <= turn.stone < players:
        yield f"R40: the stone is with seat {turn.stone}, which is not in the game"
        return
    if state.retired[turn.stone]:
        yield f"D11: the stone is with seat {turn.stone}, who has retired"
        return
    if (turn.colour is None) != (turn.auctions == 0):
        yield (
            f"R41: the turn's colour ({turn.colour}) is fixed by its first auction, and "
            f"{turn.auctions} have been opened"
        )
    auction = turn.auction
    if auction is None:
        if state.to_move != turn.stone:
            yield (
                f"R41: between auctions the stone holder {turn.stone} decides, not {state.to_move}"
            )
        return
    bidders = auction.bidders
    if turn.auctions < 1 or auction.colour is not turn.colour:
        yield f"R41: the auction for {auction.colour} is not one of this turn's ({turn.colour})"
    if auction.bid < 1:
        yield f"R41: the auction's bid is {auction.bid}, not 1 or more"
    if (
        not bidders
        or list(bidders) != sorted(set(bidders))
        or not 0 <= bidders[0] <= bidders[-1] < players
    ):
        yield f"R42: the auction's bidders {bidders} are no seats in seat order"
        return
    if any(state.retired[seat] for seat in bidders):
        yield f"D11: a retired player bids in the auction ({bidders})"
    if auction.leader not in bidders:
        yield f"R42: the auction's leader {auction.leader} is not among its bidders {bidders}"
        return
    if payable(state.hands[auction.leader], auction.colour) < auction.bid:
        yield f"D9: the auction's leader {auction.leader} cannot pay the bid of {auction.bid}"
    # R42: the bidders after the leader in seat order have passed until the
    # one to move (a raise would have made them the leader).
    after = [seat for seat in bidders if seat > auction.leader] + [
        seat for seat in bidders if seat < auction.leader
    ]
    due = after[0] if after else auction.leader
    if state.to_move != due:
        yield (
            f"R42: seat {due}, the next bidder after the leader {auction.leader}, decides, "
            f"not {state.to_move}"
        )


@hookimpl
def trapper_invariants() -> Mapping[str, Callable[[GameState], Iterator[str]]]:
    return {"turn": turn_problems}
