"""Replaying records: every move checked by the engine.

A complete record (every tile, the deck, every reshuffle) replays directly.
A table record leaves the setup unknown: the replay builds a setup that fits
what the record says — the tiles it names where it names them, the other
tiles of the set elsewhere, a deal whose colours allow every payment the
record makes — and then replays it with every rule checked. What the record
cannot know (the colours of cards in hands) is chosen, never contradicted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from trapper_core import (
    COLOURS,
    SQUARES,
    ActionSyntaxError,
    Colour,
    Game,
    IllegalActionError,
    Registry,
    Setup,
    SetupError,
    Tile,
    TrapperError,
    new_game,
)
from trapper_core.plugins import Rules, default_registry

from .errors import RecordError
from .items import Move, Mover, Notes, Reveal, TurnNumber
from .setup_string import UNKNOWN

if TYPE_CHECKING:
    from .records import Record

__all__ = ["replay"]

MAX_REPAIRS = 200


@attrs.define
class _Decision:
    move: Move
    turn: int | None
    mover: str | None
    shuffles: list[str] = attrs.Factory(list)


class _Repair(Exception):
    """A card colour was changed: the replay starts again."""


def replay(
    record: Record, *, errors: list[Exception] | None = None, registry: Registry | None = None
) -> Game:
    """See :meth:`Record.replay`."""
    return _Replayer(record, registry or default_registry()).run(errors)


class _Replayer:
    def __init__(self, record: Record, registry: Registry) -> None:
        self.record = record
        self.registry = registry
        self.where = f"game {record.number}"
        try:
            self.rules: Rules = registry.rules(record.variant)
        except TrapperError as exc:
            raise RecordError(f"{self.where}: {exc}") from None
        self.players = record.players
        if not self.players:
            raise RecordError(f"{self.where}: no Seat1, Seat2, … tags name the players")
        try:
            self.spec = record.setup
        except (TrapperError, ValueError) as exc:
            raise RecordError(f"{self.where}: Setup tag: {exc}") from None
        seed_text = record.tag("Seed")
        if seed_text is not None and not seed_text.isdigit():
            raise RecordError(f"{self.where}: the Seed tag is a whole number, not {seed_text!r}")
        self.seed = int(seed_text) if seed_text is not None else None
        self.complete = self.spec.is_complete
        self.decisions, self.reveals = self._read_items()
        self.named = self._named_tiles()
        self.setup = self._build_setup()
        self.deck: list[int] = [int(c) for c in self.setup.deck]
        self.fixed = self._fixed_cards()
        # The reshuffles of each action, once seen; guessed ones may be changed.
        self.piles: dict[int, list[list[int]]] = {}
        self.guessed: set[int] = set()

    # ------------------------------------------------------------------
    # Reading the items
    # ------------------------------------------------------------------

    def _read_items(self) -> tuple[list[_Decision], dict[int, Tile]]:
        decisions: list[_Decision] = []
        reveals: dict[int, Tile] = {}
        turn: int | None = None
        mover: str | None = None
        for item in self.record.items:
            if isinstance(item, TurnNumber):
                turn = item.number
            elif isinstance(item, Mover):
                mover = item.name
            elif isinstance(item, Move):
                decisions.append(_Decision(item, turn, mover))
                turn = None
            elif isinstance(item, Notes):
                for entry in item.entries:
                    if isinstance(entry, Reveal):
                        self._note_tile(reveals, entry)
                    elif not decisions:
                        raise RecordError(f"{self.where}: a reshuffle noted before any move")
                    else:
                        decisions[-1].shuffles.append(entry.cards)
        return decisions, reveals

    def _note_tile(self, reveals: dict[int, Tile], entry: Reveal) -> None:
        index = entry.square.index
        known = reveals.get(index)
        if known is not None and known != entry.tile:
            raise RecordError(
                f"{self.where}: {entry.square} is noted as {known.code} and as {entry.tile.code}"
            )
        reveals[index] = entry.tile

    def _named_tiles(self) -> set[int]:
        board = self.spec.board
        named = {i for i, t in enumerate(board) if isinstance(t, Tile)}
        for index, tile in self.reveals.items():
            on_board = board[index]
            if on_board is None:
                raise RecordError(
                    f"{self.where}: a tile is noted on {SQUARES[index]}, "
                    "which the setup leaves empty"
                )
            if isinstance(on_board, Tile) and on_board != tile:
                raise RecordError(
                    f"{self.where}: {SQUARES[index]} holds {on_board.code} in the setup, "
                    f"but a note says {tile.code}"
                )
        return named | set(self.reveals)

    # ------------------------------------------------------------------
    # A setup that fits the record
    # ------------------------------------------------------------------

    def _build_setup(self) -> Setup:
        spec = self.spec
        layout = self.rules.board()
        trappers = spec.trappers or layout.trappers
        # Unknown squares are the variant's board less the trappers' squares.
        free = set(layout.indices()) - {s.index for s in trappers}
        board = [
            self.reveals.get(i, None if t is UNKNOWN and i not in free else t)
            for i, t in enumerate(spec.board)
        ]
        tiles = self.rules.tile_set().tiles
        left = Counter(t.face for t in tiles)
        known = [t for t in board if isinstance(t, Tile)] + list(spec.box or ())
        for tile in known:
            if left[tile.face] <= 0:
                raise RecordError(
                    f"{self.where}: the record names more {tile.face} tiles than the game has"
                )
            left[tile.face] -= 1
        spare = [t for t in tiles if _take(left, t.face)]
        filled: list[Tile | None] = []
        for square in board:
            if square is UNKNOWN:
                if not spare:
                    raise RecordError(f"{self.where}: the setup holds more tiles than the game")
                filled.append(spare.pop(0))
            else:
                filled.append(square if isinstance(square, Tile) else None)
        box = list(spec.box) if spec.box is not None else spare
        if spec.box is not None and spare:
            raise RecordError(
                f"{self.where}: {len(spare)} tiles are neither on the board nor in the box"
            )
        start = spec.start_player
        if start is None:
            first = self.decisions[0].mover if self.decisions else None
            start = self.players.index(first) if first in self.players else 0
        deck = self._provisional_deck()
        try:
            return Setup(filled, deck, trappers, box, start)  # new_game checks the rest
        except SetupError as exc:
            raise RecordError(f"{self.where}: {exc}") from None

    def _provisional_deck(self) -> list[Colour]:
        cards = list(self.rules.deck())
        known = self.spec.deck
        if known is not None and None not in known:
            return [c for c in known if c is not None]
        if known is not None and len(known) != len(cards):
            raise RecordError(f"{self.where}: the deck has {len(known)} cards, not {len(cards)}")
        left = Counter(cards)
        for colour in known or ():
            if colour is not None:
                if left[colour] <= 0:
                    raise RecordError(f"{self.where}: the deck names too many {colour} cards")
                left[colour] -= 1
        # Unknown cards take the remaining colours in turn, so hands start mixed.
        pool = []
        while sum(left.values()):
            for colour in COLOURS:
                if left[colour]:
                    pool.append(colour)
                    left[colour] -= 1
        return [c if c is not None else pool.pop(0) for c in (known or [None] * len(cards))]

    def _fixed_cards(self) -> set[tuple[int, int]]:
        known = self.spec.deck
        if known is None:
            return set()
        return {(0, i) for i, c in enumerate(known) if c is not None}

    # ------------------------------------------------------------------
    # The replay
    # ------------------------------------------------------------------

    def run(self, errors: list[Exception] | None) -> Game:
        if self.spec.deck is None or None in self.spec.deck:
            self._deal_for_payments()
        seen: set[object] = set()
        for _ in range(MAX_REPAIRS):
            try:
                return self._attempt(errors)
            except _Repair:
                deal = (
                    tuple(self.deck),
                    tuple(sorted((i, str(p)) for i, p in self.piles.items())),
                )
                if deal in seen:
                    break  # the swaps go round in a circle
                seen.add(deal)
        raise RecordError(f"{self.where}: no deal of the cards fits the record's payments")

    def _attempt(self, errors: list[Exception] | None) -> Game:
        setup = self.setup
        if tuple(self.deck) != setup.deck:
            setup = attrs.evolve(setup, deck=tuple(COLOURS[c] for c in self.deck))
        try:
            game = new_game(
                self.record.variant,
                list(self.players),
                seed=self.seed or 0,
                setup=setup,
                registry=self.registry,
            )
        except SetupError as exc:
            raise RecordError(f"{self.where}: {exc}") from None
        tracker = None
        if not self.complete:  # only unknown cards need to know who holds what
            tracker = _Cards(game, len(self.players), self.rules.hand_size(len(self.players)))
        try:
            self._check_revealed(game, f"{self.where}, at the start")
            for index, decision in enumerate(self.decisions):
                self._step(game, tracker, index, decision)
            self._check_result(game)
        except (IllegalActionError, ActionSyntaxError, RecordError) as exc:
            if errors is None:
                raise
            errors.append(exc)
        return game

    def _deal_for_payments(self) -> None:
        """Chooses the unknown cards' colours so that every payment the record
        makes is covered by cards drawn before it.

        A first replay gives every hand plenty of cards of every colour and
        notes who drew which card when, and who paid which colours when.
        Then, payment by payment in order, the payer's cards drawn before it
        take the colours paid (the latest drawn first: the earlier ones can
        still serve any later payment), within what each pile holds of each
        colour. What is left is dealt out as it comes. The real replay then
        checks everything; if bids still need colours (D9), the repair swaps
        of :class:`_Cards` take over.
        """
        flows = self._flows()
        if flows is None:
            return  # the record breaks a rule that has nothing to do with cards
        tracker, payments = flows
        colour_of: dict[tuple[int, int], int] = {}
        budget: dict[int, Counter[int]] = {0: Counter(int(c) for c in self.rules.deck())}
        for card in self.fixed:
            colour_of[card] = self.deck[card[1]]
            budget[0][self.deck[card[1]]] -= 1
        for pool, (index, number) in tracker.origin.items():
            pile = self.piles[index][number]
            if index in self.guessed:
                budget[pool] = Counter(pile)
            else:
                for position, colour in enumerate(pile):
                    colour_of[(pool, position)] = colour
        plan = _Plan(tracker, colour_of, budget)
        for index, seat, paid in payments:
            for colour, count in enumerate(paid):
                for _ in range(count):
                    plan.cover(seat, index, colour)  # what it cannot cover, repairs try
        self._deal_the_rest(tracker, colour_of, budget)

    def _flows(
        self,
    ) -> tuple[_Cards, list[tuple[int, int, tuple[int, int, int, int]]]] | None:
        game = new_game(
            self.record.variant,
            list(self.players),
            seed=self.seed or 0,
            setup=self.setup,
            registry=self.registry,
        )
        state = game.state
        plenty = 10_000  # any payment can be made: colours are chosen afterwards
        state.hands = tuple(
            (a + plenty, b + plenty, c + plenty, d + plenty) for a, b, c, d in state.hands
        )
        tracker = _Cards(game, len(self.players), self.rules.hand_size(len(self.players)))
        payments = []
        for index, decision in enumerate(self.decisions):
            seat = game.to_move
            discard = state.discard
            shuffles = len(state.shuffled)
            try:
                game.apply_text(decision.move.text, shuffles=self._shuffles_for(index, decision))
            except TrapperError:
                return None
            if seat is not None and len(state.shuffled) == shuffles:
                paid = tuple(a - b for a, b in zip(state.discard, discard, strict=True))
                if any(paid):
                    payments.append((index, seat, paid))
            tracker.after(self, index, seat, bool(decision.shuffles))
        return tracker, payments  # type: ignore[return-value]

    def _deal_the_rest(
        self,
        tracker: _Cards,
        colour_of: dict[tuple[int, int], int],
        budget: dict[int, Counter[int]],
    ) -> None:
        sizes = {0: len(self.deck)}
        sizes.update({pool: len(self.piles[i][n]) for pool, (i, n) in tracker.origin.items()})
        for pool, size in sizes.items():
            left = (
                [c for c in COLOURS for _ in range(max(budget[pool][c], 0))]
                if pool in budget
                else []
            )
            cards = [colour_of.get((pool, position)) for position in range(size)]
            dealt = (
                [c if c is not None else left.pop(0) for c in cards]
                if left or None not in cards
                else None
            )
            if dealt is None:
                continue
            if pool == 0:
                self.deck = [int(c) for c in dealt]
            else:
                index, number = tracker.origin[pool]
                self.piles[index][number] = [int(c) for c in dealt]

    def _context(self, game: Game, decision: _Decision) -> str:
        return f"{self.where}, turn {game.state.turns}, {decision.move.text!r}"

    def _step(self, game: Game, tracker: _Cards | None, index: int, decision: _Decision) -> None:
        state = game.state
        if decision.turn is not None and decision.turn != state.turns:
            where = self._context(game, decision)
            raise RecordError(
                f"{where}: the record numbers this turn {decision.turn}, but it is turn "
                f"{state.turns}"
            )
        seat = game.to_move
        if (
            seat is not None
            and decision.mover is not None
            and decision.mover != self.players[seat]
        ):
            where = self._context(game, decision)
            raise RecordError(
                f"{where}: the record says {decision.mover} decides, but it is "
                f"{self.players[seat]}'s decision"
            )
        try:
            game.apply_text(decision.move.text, shuffles=self._shuffles_for(index, decision))
        except IllegalActionError as exc:
            if (
                exc.shortfall
                and seat is not None
                and tracker is not None
                and tracker.repair(self, seat, exc.shortfall)
            ):
                raise _Repair from None
            where = self._context(game, decision)
            raise type(exc)(
                f"{where}: {exc}", rule=exc.rule, action=exc.action, shortfall=exc.shortfall
            ) from None
        except ActionSyntaxError as exc:
            raise ActionSyntaxError(f"{self._context(game, decision)}: {exc}") from None
        if tracker is not None:
            tracker.after(self, index, seat, bool(decision.shuffles))
            self._check_revealed(game, self._context(game, decision))

    def _shuffles_for(self, index: int, decision: _Decision) -> Sequence[Sequence[int]] | None:
        if decision.shuffles:
            try:
                return [[Colour.from_letter(c) for c in cards] for cards in decision.shuffles]
            except ValueError as exc:
                raise RecordError(f"{self.where}: {exc}") from None
        if index in self.piles:
            return self.piles[index]
        if self.seed is None and (self.spec.deck is None or None in self.spec.deck):
            return None  # unknown cards: any order fits, and may be changed
        if self.seed is not None:
            return None  # the seed decides
        return []  # a complete record must give every reshuffle

    def _check_revealed(self, game: Game, where: str) -> None:
        if self.complete:
            return
        for index in game.state.face_up_squares():
            if index not in self.named:
                raise RecordError(
                    f"{where}: {SQUARES[index]} is face up (R7), but the record never names "
                    f"its tile; note it like ({SQUARES[index]}=B3n) with the tile's code"
                )

    def _check_result(self, game: Game) -> None:
        try:
            result = self.record.result
        except ValueError:
            raise RecordError(
                f'{self.where}: the Result tag is each player\'s money, like "57 33", or *'
            ) from None
        if result is None:
            return
        if not game.is_over:
            raise RecordError(
                f"{self.where}: the Result tag gives final money, but the game is not over"
            )
        if tuple(game.scores()) != result:
            raise RecordError(
                f"{self.where}: the Result tag says {' '.join(map(str, result))}, "
                f"the replay gives {' '.join(map(str, game.scores()))}"
            )


def _take(left: Counter[str], face: str) -> bool:
    if left[face] > 0:
        left[face] -= 1
        return True
    return False


_Card = tuple[int, int]  # (pool, position): pool 0 is the deal, pool k the k-th reshuffle
_Payment = tuple[int, int, int]  # (seat, action index, colour)
_Saved = tuple[dict[_Card, int], dict[_Card, _Payment], dict[int, Counter[int]]]


class _Plan:
    """Colours for the cards of a deal, chosen payment by payment (see
    :meth:`_Replayer._deal_for_payments`).

    A payment takes a card its payer drew before it: one already of its
    colour, or an uncoloured one whose pile can still give that colour. When
    the pile cannot, a card of that colour in the same pile that serves an
    earlier payment is freed by moving that payment to another card of its
    payer — an augmenting path, a few steps deep at most.
    """

    DEPTH = 3

    def __init__(
        self,
        tracker: _Cards,
        colour_of: dict[tuple[int, int], int],
        budget: dict[int, Counter[int]],
    ) -> None:
        self.tracker = tracker
        self.colour_of = colour_of
        self.budget = budget
        self.fixed = set(colour_of)
        self.serves: dict[tuple[int, int], tuple[int, int, int]] = {}  # card -> payment

    def _cards(self, seat: int, index: int) -> list[tuple[int, int]]:
        tracker = self.tracker
        return [c for c in reversed(tracker.held[seat]) if tracker.drawn_at[c] < index]

    def cover(self, seat: int, index: int, colour: int) -> bool:
        return self._cover((seat, index, colour), set(), self.DEPTH)

    def _cover(
        self, payment: tuple[int, int, int], seen: set[tuple[int, int]], depth: int
    ) -> bool:
        """Finds a card for ``payment``, leaving the cards in ``seen`` alone."""
        seat, index, colour = payment
        cards = [c for c in self._cards(seat, index) if c not in seen]
        for card in cards:
            if card not in self.serves and self.colour_of.get(card) == colour:
                self.serves[card] = payment
                return True
        for card in cards:
            if card not in self.serves and card not in self.colour_of and self._room(card, colour):
                self._give(card, colour, payment)
                return True
        if depth == 0:
            return False
        for card in cards:
            if card in self.fixed:
                continue
            saved = self._save()
            if self._free(card, colour, seen | {card}, depth - 1):
                self._give(card, colour, payment)
                return True
            self._restore(saved)
        return False

    def _free(
        self, card: tuple[int, int], colour: int, seen: set[tuple[int, int]], depth: int
    ) -> bool:
        """Makes ``card`` able to take ``colour``: moves the payment it serves
        to another card, and finds its pile a card of ``colour`` to spare."""
        pool = card[0]
        if card in self.serves and not self._cover(self.serves.pop(card), seen, depth):
            return False
        old = self.colour_of.get(card)
        if old == colour:
            return True
        if old is not None:
            del self.colour_of[card]
            self.budget[pool][old] += 1
        if self._room(card, colour):
            return True
        for other, served in list(self.serves.items()):
            if other[0] != pool or other in self.fixed or other in seen:
                continue
            if self.colour_of.get(other) != colour:
                continue
            saved = self._save()
            del self.serves[other]
            if self._cover(served, seen | {other}, depth):
                del self.colour_of[other]
                self.budget[pool][colour] += 1
                return True
            self._restore(saved)
        return False

    def _room(self, card: tuple[int, int], colour: int) -> bool:
        return self.budget.get(card[0], Counter())[colour] > 0

    def _give(self, card: tuple[int, int], colour: int, payment: tuple[int, int, int]) -> None:
        if self.colour_of.get(card) != colour:
            self.budget[card[0]][colour] -= 1
            self.colour_of[card] = colour
        self.serves[card] = payment

    def _save(self) -> _Saved:
        return (
            dict(self.colour_of),
            dict(self.serves),
            {pool: Counter(left) for pool, left in self.budget.items()},
        )

    def _restore(
        self, saved: tuple[dict[Any, int], dict[Any, Any], dict[int, Counter[int]]]
    ) -> None:
        colour_of, serves, budget = saved
        self.colour_of.clear()
        self.colour_of.update(colour_of)
        self.serves.clear()
        self.serves.update(serves)
        self.budget.clear()
        self.budget.update(budget)


class _Cards:
    """Which player holds which card, to fix the colours a record leaves unknown.

    A card is ``(pool, position)``: pool 0 is the deal, pool k the k-th
    reshuffled pile. A card the record does not fix may change colour by
    swapping with another card of the same pool (so every pile keeps its
    cards): one nobody has drawn yet, or one another player holds. A card may
    give up its colour only if its holder had another card of that colour at
    every moment since drawing it, so that every payment already replayed
    stays possible.
    """

    def __init__(self, game: Game, players: int, hand_size: int) -> None:
        self.game = game
        self.held: list[list[tuple[int, int]]] = [
            [(0, p * hand_size + i) for i in range(hand_size)] for p in range(players)
        ]
        self.drawn_at = {card: -1 for cards in self.held for card in cards}
        self.hands = [game.state.hands]  # the hands at the start and after each action
        self.position = players * hand_size  # the next card of the current pool
        self.pool = 0
        self.pool_sizes = [len(game.setup.deck)]
        self.origin: dict[int, tuple[int, int]] = {}  # pool -> (action index, pile number)

    def after(self, replayer: _Replayer, index: int, actor: int | None, noted: bool) -> None:
        state = self.game.state
        new_piles = state.shuffled[len(self.pool_sizes) - 1 :]
        drawn: list[tuple[int, int]] = []
        for number, pile in enumerate(new_piles):
            drawn.extend((self.pool, p) for p in range(self.position, self.pool_sizes[-1]))
            self.pool_sizes.append(len(pile))
            self.pool += 1
            self.position = 0
            self.origin[self.pool] = (index, number)
        now = self.pool_sizes[-1] - len(state.draw_pile)
        drawn.extend((self.pool, p) for p in range(self.position, now))
        self.position = now
        if new_piles and not noted and index not in replayer.piles:
            replayer.piles[index] = [list(p) for p in new_piles]
            if replayer.seed is None:
                replayer.guessed.add(index)
        if actor is not None:
            self.held[actor].extend(drawn)
        for card in drawn:
            self.drawn_at[card] = index
        self.hands.append(state.hands)

    def _pile(self, replayer: _Replayer, pool: int) -> list[int]:
        """The cards of a pool, as a list the swaps may change."""
        if pool == 0:
            return replayer.deck
        index, number = self.origin[pool]
        return replayer.piles[index][number]

    def _fixed(self, replayer: _Replayer, card: tuple[int, int]) -> bool:
        pool, _ = card
        if pool == 0:
            return card in replayer.fixed
        return self.origin[pool][0] not in replayer.guessed

    def colour(self, replayer: _Replayer, card: tuple[int, int]) -> int:
        return int(self._pile(replayer, card[0])[card[1]])

    def _spare(self, seat: int, colour: int, card: tuple[int, int]) -> bool:
        """Whether ``seat`` held another card of ``colour`` at every moment
        since drawing ``card`` (up to now)."""
        since = self.drawn_at[card] + 1
        return all(hands[seat][colour] >= 1 for hands in self.hands[since:])

    def repair(self, replayer: _Replayer, seat: int, shortfall: dict[Colour, int]) -> bool:
        """Gives ``seat`` one more card of a colour it lacks; returns whether a
        swap was made (the replay then starts again)."""
        hand = self.game.state.hands[seat]
        # Cards of a colour held an odd number of times first: giving one up
        # breaks no pair, which matters when a bid counts pairs as units (D9).
        # Within each group, the cards drawn last come first.
        held = self.held[seat]
        order = sorted(
            range(len(held)),
            key=lambda i: (hand[self.colour(replayer, held[i])] % 2 == 0, -i),
        )
        cards = [held[i] for i in order]
        for need in shortfall:
            for card in cards:
                colour = self.colour(replayer, card)
                if colour == need or colour in shortfall or self._fixed(replayer, card):
                    continue
                if not self._spare(seat, colour, card):
                    continue
                partner = self._partner(replayer, seat, card[0], need)
                if partner is not None:
                    pile = self._pile(replayer, card[0])
                    pile[card[1]], pile[partner[1]] = pile[partner[1]], pile[card[1]]
                    return True
        return False

    def _partner(
        self, replayer: _Replayer, seat: int, pool: int, colour: int
    ) -> tuple[int, int] | None:
        """A card of ``colour`` in ``pool`` that can change colour: undrawn, or
        held by another player who can spare it."""
        pile = self._pile(replayer, pool)
        if pool == self.pool:
            for position in range(self.position, len(pile)):
                card = (pool, position)
                if pile[position] == colour and not self._fixed(replayer, card):
                    return card
        for other, cards in enumerate(self.held):
            if other == seat or self.game.state.retired[other]:
                continue
            for card in reversed(cards):
                if (
                    card[0] == pool
                    and self.colour(replayer, card) == colour
                    and not self._fixed(replayer, card)
                    and self._spare(other, colour, card)
                ):
                    return card
        return None
