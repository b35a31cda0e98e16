"""What a table record tells about its cards, and what it leaves open.

`Schedule` replays the record once with every hand holding plenty of
every colour, so that every move that is legal with some hand goes through,
and notes what the engine does with the cards; `.deal` then chooses
their colours.

What the record tells
    Replayed once with every hand holding plenty of every colour, the record
    shows everything about the cards but their colours: how many cards each
    player draws and when (a recorded deck is dealt in blocks of hand-size
    cards from the top, seat 0 first, and draws come from the top, D14), when
    the draw pile runs out and the discard pile becomes the next pile (R8),
    the colours every action pays (they are in its text, ``Gc3/BB``), and so
    the colours of every reshuffled pile: exactly the cards paid since the
    last reshuffle. An action that pays nothing but needs cards in hand (a
    bid, which must be payable, D9) shows itself too: the engine refuses it
    from an empty hand and names the colour that falls short.

What it does not tell
    Which cards each hand held: the colour of every card of the deck the
    record leaves unknown, and the order of every reshuffle it does not note
    (with a ``Seed`` tag the seed decides that order, and such piles are
    known, like noted ones). A `Pool` keeps a pile's cards with
    provisional colours where they are unknown: right as a whole, not in
    order.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from trapper_core import COLOURS, Game, IllegalActionError, TrapperError

__all__ = [
    "NO_CARDS",
    "PLENTY",
    "Bid",
    "Hand",
    "Moment",
    "Need",
    "Pool",
    "Schedule",
    "Step",
    "add_hands",
]

PLENTY = 10_000
"""Cards of each colour added to every hand for the first replay: enough to
pay for anything, so that the colours can be chosen afterwards."""

Hand = tuple[int, int, int, int]
Moment = tuple[int, int]
"""When something happens: ``(i, 0)`` is the hand action ``i`` needs, ``(i, k)``
the ``k``-th card it draws; the deal is action ``-1``."""

NO_CARDS: Hand = (0, 0, 0, 0)


@attrs.frozen
class Step:
    """One move of the record: its text, the reshuffles its notes give, and
    the turn number and the player the record gives it, if any."""

    text: str
    shuffles: tuple[tuple[int, ...], ...] | None = None
    turn: int | None = None
    mover: str | None = None


@attrs.define(eq=False)
class Pool:
    """A pile of cards: the deck (pool 0) or a reshuffled discard pile."""

    colours: list[int]
    """Its cards top first: exact where ``fixed``, to be chosen elsewhere."""
    fixed: list[bool]
    made_by: int
    """The action whose draw reshuffled it (``-1`` for the deck)."""
    free: bool
    """Whether the replay may order it (neither noted nor seeded)."""
    drawn: list[tuple[int, Moment] | None]
    """Who drew each card and when; ``None`` for cards never drawn."""
    first: Moment = (-1, 1)
    """When its first card is drawn."""


@attrs.define(eq=False)
class Need:
    """What a hand must hold before an action: cards it pays, or a bid's cards."""

    number: int
    seat: int
    index: int
    paid: Hand
    held: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    """Cards of each colour the hand keeps through the action (a bid's)."""
    bid: Bid | None = None

    @property
    def moment(self) -> Moment:
        """When the hand must hold it: just before the action."""
        return (self.index, 0)


@attrs.define(eq=False)
class Bid:
    """An action that needs cards but pays none: the engine judges a hand."""

    game: Game  # the game before the action
    text: str
    colour: int  # the colour the engine finds short
    size: int  # the cards in hand then

    def allows(self, hand: Sequence[int]) -> bool:
        """Whether the action is legal from ``hand`` (counts by colour)."""
        state = self.game.state
        seat = self.game.to_move
        assert seat is not None
        saved = state.hands
        state.set_hand(seat, hand)
        try:
            self.game.parse_action(self.text)
        except TrapperError:
            return False
        finally:
            state.hands = saved
        return True


class Schedule:
    """The record's cards, followed through one replay with plenty in every
    hand: the piles, who draws which card when, and what every hand needs."""

    def __init__(self, game: Game, known: Sequence[bool], seeded: bool, hand_size: int) -> None:
        self.game = game
        self.seeded = seeded
        self.hand_size = hand_size
        self.names = game.players
        deck = [int(c) for c in game.setup.deck]
        self.pools = [Pool(deck, list(known), -1, True, [None] * len(deck))]
        self.position = 0  # the next card of the last pool
        self.needs: list[Need] = []

    def follow(self, steps: Sequence[Step]) -> tuple[int, str] | None:
        """Replays ``steps`` as far as they are legal, noting the cards;
        returns where the cards cannot be followed, if they cannot."""
        game, state = self.game, self.game.state
        players, size = len(self.names), self.hand_size
        deck = self.pools[0]
        self.position = players * size
        blocks = [deck.colours[p * size : (p + 1) * size] for p in range(players)]
        if state.pile != tuple(deck.colours[self.position :]) or state.hands != tuple(
            _counts(block) for block in blocks
        ):
            return 0, "the variant does not deal hands in blocks from the top (D14)"
        for position in range(self.position):
            deck.drawn[position] = (position // size, (-1, 1 + position))
        state.hands = tuple(add_hands(hand, (PLENTY,) * 4) for hand in state.hands)
        for index, step in enumerate(steps):
            actor = game.to_move
            if actor is None:
                return None  # the game is over: the replay says so
            if (step.turn is not None and step.turn != state.turns) or (
                step.mover is not None and step.mover != self.names[actor]
            ):
                # The replay stops here, at a turn numbered wrong or the
                # wrong player named: no deal need fit what comes after (a
                # move deleted or two swapped shift every turn after them).
                return None
            short = self._short(actor, step.text)
            before = game.copy() if short is not None else None
            hands, shuffled = state.hands, len(state.shuffled)
            try:
                game.apply_text(step.text, shuffles=step.shuffles)
            except (TrapperError, ValueError):
                return None  # the replay reports it
            noted = step.shuffles is not None or self.seeded
            cards = self._drawn(index, actor, state.shuffled[shuffled:], noted)
            colours = _counts([self.pools[p].colours[i] for p, i in cards])
            paid_any = False
            for seat in range(players):
                after = state.hands[seat]
                if after == NO_CARDS and min(hands[seat]) > PLENTY // 2:
                    continue  # the hand left the game (R30)
                got = colours if seat == actor else NO_CARDS
                paid = add_hands(got, [b - a for a, b in zip(after, hands[seat], strict=True)])
                if min(paid) < 0:
                    return index, "cards come into a hand from elsewhere than the draw pile"
                if any(paid):
                    paid_any = True
                    self.needs.append(Need(len(self.needs), seat, index, paid))
            if before is not None and short is not None and not paid_any:
                bid = Bid(before, step.text, short, sum(hands[actor]) - 4 * PLENTY)
                need = Need(len(self.needs), actor, index, NO_CARDS, bid=bid)
                need.held[short] = _least(bid)
                self.needs.append(need)
        return None

    def _short(self, actor: int, text: str) -> int | None:
        """The colour the actor falls short of with an empty hand, if the
        action needs cards."""
        state = self.game.state
        saved = state.hands
        state.set_hand(actor, NO_CARDS)
        try:
            self.game.parse_action(text)
        except IllegalActionError as exc:
            return int(next(iter(exc.shortfall))) if exc.shortfall else None
        except TrapperError:
            return None
        finally:
            state.hands = saved
        return None

    def _drawn(
        self, index: int, actor: int, piles: Sequence[tuple[int, ...]], noted: bool
    ) -> list[tuple[int, int]]:
        """The cards (pool, position) action ``index`` drew, in order; notes
        who drew them and the new piles its reshuffles made."""
        state = self.game.state
        pool = len(self.pools) - 1
        end = len(self.pools[pool].colours) if piles else self._pile_start(pool) + state.drawn
        cards = [(pool, i) for i in range(self.position, end)]
        for number, pile in enumerate(piles):
            self.pools.append(
                Pool(list(pile), [noted] * len(pile), index, not noted, [None] * len(pile))
            )
            pool += 1
            last = number == len(piles) - 1
            cards += [(pool, i) for i in range(state.drawn if last else len(pile))]
        self.position = state.drawn if piles else end
        for k, (p, i) in enumerate(cards):
            moment = (index, 1 + k)
            self.pools[p].drawn[i] = (actor, moment)
            if i == 0 and p > 0:
                self.pools[p].first = moment
        return cards

    def _pile_start(self, pool: int) -> int:
        """Where the draw pile begins in ``pool``: after the hands in the deck."""
        return len(self.names) * self.hand_size if pool == 0 else 0


def _least(bid: Bid) -> int:
    """The fewest cards of the bid's colour in a hand of its size with which
    some hand can make the bid: the rest all of one other colour gives the
    most pairs."""
    for least in range(bid.size + 1):
        for other in COLOURS:
            if other == bid.colour:
                continue
            hand = [0, 0, 0, 0]
            hand[other] += bid.size - least
            hand[bid.colour] += least
            if bid.allows(hand):
                return least
    return bid.size + 1  # no hand of that size: the plan fails there


def _counts(cards: Sequence[int]) -> Hand:
    return (cards.count(0), cards.count(1), cards.count(2), cards.count(3))


def add_hands(a: Sequence[int], b: Sequence[int]) -> Hand:
    """The cards of two hands together."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])
