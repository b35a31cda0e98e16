"""An independent referee for Trapper's tactical variant (the auction).

Written from the rules specification (RULES.md: R40–R45, D9–D11) and the
project's decisions (docs/rules.md: D16 and "The tactical variant as played";
docs/notation.md and docs/playing.md for the action texts), never from the
engine's rule code. Everything the tactical variant keeps of the base game is
the base referee's (``rules.Referee``): the board, R13/R14 takes and the
reveal, the placement of R16–R18 with the choices of D6 and D15, valuing
(R19, R20), the exchange (R21, D7, D12), drawing and reshuffling (R8, D4),
the end (R31, D8, D13) and the valuation (R32–R35).

How the referee reads the spec where it is terse:

- The stone holder's turn is a sequence of decisions; ``to_move`` is who
  decides now: the stone holder between auctions, the bidder whose turn it
  is, the winner once one bidder is left (docs/rules.md).
- An auction's bidders are every player who has not retired (D11), the
  opener among them, who leads at the opening bid. Bidding goes left (the
  next seat, as play goes, R9) from the opener, skipping players out of this
  auction; the leader is never asked, since bidding returns to them only
  when every other bidder has passed, and then they have won. A bidder who
  cannot raise (D9) still decides: ``pass`` is their only action.
- A player alone in the game who opens wins the auction at once.
- The winner pays exactly the bid: each unit one card of the auction's
  colour or two cards of one other colour, never two of the auction's
  colour (R43). Every distinct count of cards by colour is a distinct
  action, with each square and placement (D6).
- Nothing but a take changes the board or a hand during an auction, so the
  auction's trapper can still take a tile when it is won (D9), and the game
  cannot end in the middle of an auction: a take ends it, and the end
  (R31, D8, D13) is checked after every action.
- D9's second condition never bites while the game goes on: a trapper with
  no enterable neighbour is isolated and may take any face-up tile (R14),
  so a trapper cannot take only when no tile is face up, and then no
  trapper can (D8 has ended the game). The referee checks it all the same.
- D10: the exchange belongs to the stone holder, once per turn, between
  auctions (before the first, between two, or before passing or retiring).
- D16: retiring only before the turn's first auction; an exchange before
  it does not prevent it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .rules import (
    COLOURS,
    SPECIES,
    Action,
    Exchange,
    Gather,
    IntoCanoe,
    Referee,
    RefereeError,
    Simple,
    square_name,
)

STONE_DRAW = 4  # R41, R45


@dataclass(frozen=True)
class Open:
    """R41: the stone holder names a trapper colour and opens at ``bid``."""

    colour: int
    bid: int


@dataclass(frozen=True)
class Bid:
    """R42: raise the auction to ``bid``."""

    bid: int


@dataclass(frozen=True)
class Take:
    """R43: the winner pays ``cards`` (counts by colour) and takes ``square``."""

    square: int
    cards: tuple[int, int, int, int]
    placement: IntoCanoe | Gather | None


TacticalAction = Open | Bid | Take | Exchange | Simple


@dataclass
class Auction:
    """An auction in progress: the bidders still in it, in seat order."""

    colour: int
    bid: int
    leader: int
    bidders: list[int]

    @property
    def winner(self) -> int | None:
        return self.bidders[0] if len(self.bidders) == 1 else None


def units(hand: Sequence[int], colour: int) -> int:
    """D9: the highest bid for ``colour`` the hand can pay (R43)."""
    return sum(n if c == colour else n // 2 for c, n in enumerate(hand))


def payments(hand: Sequence[int], colour: int, bid: int) -> Iterator[tuple[int, int, int, int]]:
    """R43: every way to pay ``bid`` units from ``hand``: ``k`` cards of the
    colour and, for each other colour, a number of pairs."""
    others = [c for c in range(4) if c != colour]
    for k in range(min(hand[colour], bid) + 1):
        ranges = [range(hand[c] // 2 + 1) for c in others]
        for pairs in product(*ranges):
            if k + sum(pairs) != bid:
                continue
            cards = [0, 0, 0, 0]
            cards[colour] = k
            for c, p in zip(others, pairs, strict=True):
                cards[c] = 2 * p
            yield (cards[0], cards[1], cards[2], cards[3])


def cards_text(cards: Sequence[int], colour: int) -> str:
    """docs/rules.md, docs/notation.md: nothing when every card is of the
    auction's colour; else a slash, the auction's colour first, then the
    other colours in the order B, E, G, P (``Ee6/EEEBBGG``)."""
    if all(n == 0 for c, n in enumerate(cards) if c != colour):
        return ""
    order = [colour, *(c for c in range(4) if c != colour)]
    return "/" + "".join(COLOURS[c] * cards[c] for c in order)


class TacticalReferee(Referee):
    """One game of the tactical variant (R40–R45, D9–D11, D16)."""

    VARIANTS = ("tactical",)
    HAND_SIZE = 8  # R40

    def _start_turn_record(self, start_player: int) -> None:
        self.stone = start_player  # R40: the player whose turn it is
        self.colour: int | None = None  # R41: fixed by the turn's first auction
        self.auctions = 0  # auctions opened in this turn
        self.auction: Auction | None = None
        self._listed: dict[str, TacticalAction] | None = None

    def turn_record(self) -> tuple[object, ...]:
        """The stone holder, the colour, the exchange made, the auctions
        opened and the auction in progress (colour, bid, leader, bidders)."""
        auction = self.auction
        return (
            self.stone,
            self.colour,
            self.exchanged,
            self.auctions,
            None
            if auction is None
            else (auction.colour, auction.bid, auction.leader, tuple(auction.bidders)),
        )

    # -- legal actions ----------------------------------------------------

    def legal_actions(self) -> Mapping[str, object]:
        return self._tactical_actions()

    def _tactical_actions(self) -> dict[str, TacticalAction]:
        """The legal actions, listed once per position (``apply`` forgets them)."""
        if self._listed is None:
            self._listed = self._list_actions()
        return self._listed

    def _list_actions(self) -> dict[str, TacticalAction]:
        if self.over:
            return {}
        player = self._mover()
        actions: list[TacticalAction] = []
        auction = self.auction
        if auction is None:  # the stone holder between auctions (R41, R44)
            assert player == self.stone
            actions.append(Simple("pass"))
            if self.auctions == 0:
                actions.append(Simple("retire"))  # D16
            colours = range(4) if self.colour is None else [self.colour]
            for colour in colours:
                if not self.targets(colour):
                    continue  # D9: the trapper must be able to take a tile
                for bid in range(1, units(self.hands[player], colour) + 1):  # D9
                    actions.append(Open(colour, bid))
            actions += self.exchanges()  # D10
        elif auction.winner is None:  # a bidder (R42)
            assert player in auction.bidders
            assert player != auction.leader
            actions.append(Simple("pass"))
            top = units(self.hands[player], auction.colour)  # D9
            actions += [Bid(bid) for bid in range(auction.bid + 1, top + 1)]
        else:  # the winner pays and takes (R43)
            assert player == auction.winner
            for square in self.targets(auction.colour):
                tile = self.board[square]
                assert tile is not None
                for cards in payments(self.hands[player], auction.colour, auction.bid):
                    for placement in self.placements(player, tile):
                        actions.append(Take(square, cards, placement))
        texts = {self.text(a): a for a in actions}
        assert len(texts) == len(actions), "two actions with one text"
        return texts

    def text(self, action: Action | Open | Bid | Take) -> str:
        """The action's text (docs/rules.md, the tactical variant as played)."""
        if isinstance(action, Open):
            return f"{COLOURS[action.colour]}{action.bid}"
        if isinstance(action, Bid):
            return str(action.bid)
        if not isinstance(action, Take):
            return super().text(action)
        assert self.auction is not None
        colour = self.auction.colour
        out = COLOURS[colour] + square_name(action.square) + cards_text(action.cards, colour)
        return out + self.placement_text(action.square, action.placement)

    def near_misses(self) -> list[str]:
        """Texts of actions close to the legal ones that the rules forbid, for
        the engine to refuse: bids nobody can pay (D9), another colour in the
        turn (R41), a raise that is no raise (R42), an exchange out of turn
        (D10), a late retire (D16), a take that pays too much, too little or
        an odd number of another colour (R43), or takes a tile the trapper
        cannot (R13, R14)."""
        if self.over:
            return []
        player = self._mover()
        hand = self.hands[player]
        legal = self._tactical_actions()
        out = ["end", *self._all_exchange_texts(player)]
        auction = self.auction
        if auction is None:
            out += [f"{COLOURS[c]}{units(hand, c) + 1}" for c in range(4)]
            if self.colour is not None:
                out += [f"{COLOURS[c]}1" for c in range(4) if c != self.colour]
            out.append("1")
            if self.auctions:
                out.append("retire")
        elif auction.winner is None:
            colour = auction.colour
            out += [str(auction.bid), str(units(hand, colour) + 1), "retire"]
            out.append(f"{COLOURS[colour]}{auction.bid + 1}")
        else:
            out += ["pass", "retire", str(auction.bid + 1)]
            out += self._bad_takes(player, auction)
        return sorted({t for t in out if t not in legal})

    def _all_exchange_texts(self, player: int) -> list[str]:
        """Every exchange of the player's valued species, legal or not."""
        held = sorted({row.species for row, _ in self.displays[player].valued}, key=SPECIES.index)
        return ["x" + "".join(c) for k in range(1, len(held) + 1) for c in combinations(held, k)]

    def _bad_takes(self, player: int, auction: Auction) -> list[str]:
        hand, colour = self.hands[player], auction.colour
        out: list[str] = []
        targets = self.targets(colour)
        square = targets[0]
        tile = self.board[square]
        assert tile is not None
        placement = self.placements(player, tile)[0]
        for cards in list(payments(hand, colour, auction.bid))[:4]:
            wrong: list[list[int]] = []
            for c in range(4):
                more = list(cards)
                more[c] += 1  # one too many: overpaid, or odd for another colour
                less = list(cards)
                less[c] -= 1  # one too few
                wrong += [more, less]
                if c != colour and cards[c] >= 2:  # a unit paid with two of the colour
                    two = list(cards)
                    two[c] -= 2
                    two[colour] += 2
                    wrong.append(two)
            for w in wrong:
                if all(0 <= n <= h for n, h in zip(w, hand, strict=True)) and any(w):
                    take = Take(square, (w[0], w[1], w[2], w[3]), placement)
                    out.append(self.text(take))
        cards = next(iter(payments(hand, colour, auction.bid)))
        squares = [  # squares the trapper cannot take: empty, face down, face up elsewhere
            min((q for q in range(64) if self.board[q] is None), default=None),
            min((q for q in range(64) if self.board[q] and q not in self.face_up), default=None),
            min((q for q in self.face_up if q not in targets), default=None),
        ]
        for other in squares:
            if other is not None:
                other_tile = self.board[other]
                fits = None if other_tile is None else self.placements(player, other_tile)[0]
                out.append(self.text(Take(other, cards, fits)))
        return out

    # -- playing ----------------------------------------------------------

    def apply(self, text: str) -> None:
        legal = self._tactical_actions()
        self._listed = None  # the position changes
        action = legal.get(text)
        if action is None:
            raise RefereeError(f"{text!r} is not legal")
        player = self._mover()
        auction = self.auction
        if isinstance(action, Simple) and action.name == "pass" and auction is not None:
            self._leave(player, auction)
        elif isinstance(action, Simple) and action.name == "pass":
            self.events["R41 stone passes"] += 1
            if not any(isinstance(a, Open) for a in legal.values()):
                self.events["D9 no auction can be opened"] += 1
            self._draw(player, STONE_DRAW)  # R41, R45: only the stone holder draws
            self._next_turn()
        elif isinstance(action, Simple):  # retire: D16, R12, R30
            assert action.name == "retire"
            self.events["D16 retire"] += 1
            if self.exchanged:
                self.events["D16 retire after an exchange"] += 1
            for c in range(4):
                self.out[c] += self.hands[player][c]
            self.hands[player] = [0, 0, 0, 0]
            self.retired[player] = True
            self._next_turn()
        elif isinstance(action, Exchange):  # D10
            self.events[
                "D10 exchange after an auction" if self.auctions else "D10 exchange first"
            ] += 1
            self._exchange(player, action)
        elif isinstance(action, Open):
            self._open(player, action)
        elif isinstance(action, Bid):
            assert auction is not None
            if player == self.stone:
                self.events["R42 the opener bids again"] += 1
            auction.bid, auction.leader = action.bid, player
            self.to_move = self._next_bidder(player, auction)
        else:
            self._won(player, action)
        self._check_end()
        self._check_invariants()

    def _open(self, player: int, action: Open) -> None:
        """R41, R44: the colour is fixed for the turn; every player who has
        not retired bids (D11), the opener leading."""
        if self.colour is not None and action.colour != self.colour:
            raise RefereeError("R41: the colour is fixed for the turn")
        self.colour = action.colour
        self.auctions += 1
        if self.auctions > 1:
            self.events["R44 another auction in the turn"] += 1
        bidders = [seat for seat in range(self.players) if not self.retired[seat]]
        if len(bidders) < self.players:
            self.events["D11 a retired player does not bid"] += 1
        auction = Auction(action.colour, action.bid, player, bidders)
        self.auction = auction
        if auction.winner is not None:
            self.events["R42 the opener alone"] += 1
            self.to_move = auction.winner
        else:
            self.to_move = self._next_bidder(player, auction)

    def _next_bidder(self, seat: int, auction: Auction) -> int:
        """R42: going left from ``seat``, the next player still in the auction."""
        for offset in range(1, self.players):
            other = (seat + offset) % self.players
            if other in auction.bidders:
                return other
        raise RefereeError("no other bidder")

    def _leave(self, player: int, auction: Auction) -> None:
        """R42: a bidder passes and is out of this auction."""
        if units(self.hands[player], auction.colour) <= auction.bid:
            self.events["D9 a bidder cannot raise"] += 1
        nxt = self._next_bidder(player, auction)
        auction.bidders.remove(player)
        if auction.winner is None:
            self.events["R42 a bidder goes out, the auction goes on"] += 1
            self.to_move = nxt
            return
        if auction.winner != auction.leader:
            raise RefereeError("the last bidder is not the leader")
        self.to_move = auction.winner
        if auction.winner == self.stone:
            self.events["R42 won by the opener"] += 1
        else:
            self.events["R42 won by another player"] += 1

    def _won(self, player: int, take: Take) -> None:
        """R43: pay the bid in units, take with the auction's trapper; R44:
        the stone holder decides again."""
        auction = self.auction
        assert auction is not None
        colour = auction.colour
        paid = take.cards[colour] + sum(n // 2 for c, n in enumerate(take.cards) if c != colour)
        if paid != auction.bid or any(n % 2 for c, n in enumerate(take.cards) if c != colour):
            raise RefereeError(f"{take.cards} does not pay {auction.bid} for {COLOURS[colour]}")
        if any(n for c, n in enumerate(take.cards) if c != colour):
            self.events["R43 two cards of another colour"] += 1
        if take.cards[colour] and sum(take.cards) > take.cards[colour]:
            self.events["R43 mixed payment"] += 1
        if len(set(payments(self.hands[player], colour, auction.bid))) > 1:
            self.events["R43 a choice of payments"] += 1
        for c in range(4):
            if take.cards[c]:
                self._pay(player, c, take.cards[c])
        self.auction = None
        self.to_move = self.stone  # R44
        self._take(player, colour, take.square, take.placement)

    def _next_turn(self) -> None:
        """R41, D11: the stone goes left to the next player who has not retired."""
        before = self.stone
        super()._next_turn()
        self.colour = None
        self.auctions = 0
        self.auction = None
        if self.to_move is not None:
            if self.to_move != (before + 1) % self.players:
                self.events["D11 the stone skips a retired player"] += 1
            self.stone = self.to_move

    def _check_end(self) -> None:
        was_over = self.over
        super()._check_end()
        if self.over and not was_over:
            if self.auction is not None:
                self.events["end in an auction"] += 1
            self.auction = None
