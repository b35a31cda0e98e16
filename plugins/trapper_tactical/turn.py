"""The auction turn (R40–R45, D9–D11, D16).

Decisions, one at a time:

- the stone holder: open an auction (colour and bid), exchange species
  (D10), pass (draw four, the stone goes left), or — before the first
  auction of the turn — retire (D16);
- a bidder: raise or pass (R42);
- the winner: pay and take (R43).
"""

from __future__ import annotations

from trapper_base.turn import exchange_actions, exchange_allowed, explain_exchange
from trapper_core import (
    COLOURS,
    PASS,
    RETIRE,
    SQUARES,
    Action,
    AmbiguousActionError,
    Colour,
    Exchange,
    GameState,
    Gather,
    IllegalActionError,
    IntoCanoe,
    Pass,
    Retire,
    hookimpl,
    placement_choices,
)
from trapper_core.display import place

from .actions import Auction, Bid, Open, TacticalTurn, Take, units

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
    return hand[colour] + sum(hand[c] // 2 for c in COLOURS if c is not colour)


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


def _turn(state: GameState) -> TacticalTurn:
    turn = state.turn
    assert isinstance(turn, TacticalTurn)
    return turn


@hookimpl
def trapper_legal_actions(state: GameState) -> list[Action]:
    turn = _turn(state)
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    auction = turn.auction
    if auction is None:
        return _stone_actions(state, turn, player, hand)
    if auction.winner is None:
        top = payable(hand, auction.colour)
        return [*(Bid(b) for b in range(auction.bid + 1, top + 1)), PASS]
    return _takes(state, auction, player, hand)


def _stone_actions(
    state: GameState, turn: TacticalTurn, player: int, hand: tuple[int, int, int, int]
) -> list[Action]:
    actions: list[Action] = []
    for colour in COLOURS if turn.colour is None else (turn.colour,):
        if state.step_targets(colour):  # D9: the trapper must be able to take a tile
            actions.extend(Open(colour, bid) for bid in range(1, payable(hand, colour) + 1))
    if not turn.exchanged:
        actions.extend(exchange_actions(state, player))  # D10
    actions.append(PASS)
    if turn.auctions == 0:
        actions.append(RETIRE)  # D16
    return actions


def _takes(
    state: GameState, auction: Auction, player: int, hand: tuple[int, int, int, int]
) -> list[Action]:
    display = state.displays[player]
    ways = payments(hand, auction.colour, auction.bid)
    actions: list[Action] = []
    for square in state.step_targets(auction.colour):
        tile = state.board[square]
        assert tile is not None
        for placement in placement_choices(display, tile):
            actions.extend(Take(SQUARES[square], cards, placement) for cards in ways)
    return actions


def _next_bidder(state: GameState, bidders: tuple[int, ...], after: int) -> int:
    for k in range(1, state.players + 1):
        seat = (after + k) % state.players
        if seat in bidders:
            return seat
    raise AssertionError("an auction always has a bidder")


def _continue(state: GameState, turn: TacticalTurn, auction: Auction, actor: int) -> None:
    """Hands the decision to the next bidder, or to the winner (R42)."""
    state.turn = TacticalTurn(turn.stone, turn.colour, turn.exchanged, turn.auctions, auction)
    winner = auction.winner
    state.to_move = winner if winner is not None else _next_bidder(state, auction.bidders, actor)


@hookimpl
def trapper_check_action(state: GameState, action: Action) -> bool | None:
    turn = state.turn
    if not isinstance(turn, TacticalTurn):
        return None
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    auction = turn.auction
    if auction is None:
        if isinstance(action, Open):
            if turn.colour is not None and action.colour is not turn.colour:
                return False
            return bool(state.step_targets(action.colour)) and action.bid <= payable(
                hand, action.colour
            )
        if isinstance(action, Exchange):
            return not turn.exchanged and exchange_allowed(state, player, action)
        if isinstance(action, Retire):
            return turn.auctions == 0
        if isinstance(action, Pass):
            return True
    elif auction.winner is None:
        if isinstance(action, Bid):
            return auction.bid < action.bid <= payable(hand, auction.colour)
        if isinstance(action, Pass):
            return True
    elif isinstance(action, Take):
        return _take_allowed(state, auction, player, action)
    if isinstance(action, (Open, Bid, Take, Pass, Exchange, Retire)):
        return False
    return None


def _take_allowed(state: GameState, auction: Auction, player: int, take: Take) -> bool:
    hand = state.hands[player]
    if units(take.cards, auction.colour) != auction.bid:
        return False
    if any(take.cards[c] > hand[c] for c in COLOURS):
        return False
    square = take.square.index
    if square not in state.step_targets(auction.colour):
        return False
    tile = state.board[square]
    assert tile is not None
    return take.placement in placement_choices(state.displays[player], tile)


@hookimpl
def trapper_apply_action(state: GameState, action: Action) -> bool | None:
    turn = _turn(state)
    player = state.to_move
    assert player is not None
    auction = turn.auction
    if isinstance(action, Open):
        # D11: retired players do not bid.
        bidders = tuple(s for s in range(state.players) if not state.retired[s])
        turn = TacticalTurn(turn.stone, action.colour, turn.exchanged, turn.auctions + 1)
        _continue(state, turn, Auction(action.colour, action.bid, player, bidders), player)
    elif isinstance(action, Bid):
        assert auction is not None
        raised = Auction(auction.colour, action.bid, player, auction.bidders)
        _continue(state, turn, raised, player)
    elif isinstance(action, Pass) and auction is not None:
        bidders = tuple(s for s in auction.bidders if s != player)
        _continue(
            state, turn, Auction(auction.colour, auction.bid, auction.leader, bidders), player
        )
    elif isinstance(action, Take):
        assert auction is not None
        for colour in COLOURS:
            if action.cards[colour]:
                state.pay(player, colour, action.cards[colour])
        tile = state.take(auction.colour, action.square.index)
        state.place(player, tile, action.placement)
        state.turn = TacticalTurn(turn.stone, turn.colour, turn.exchanged, turn.auctions)
        state.to_move = turn.stone  # R44: the stone holder decides again
    elif isinstance(action, Pass):
        state.draw(player, STONE_DRAW)  # R45: only the stone holder draws
        state.advance()  # D11: the stone skips retired players
    elif isinstance(action, Retire):
        state.retire(player)
        state.advance()
    elif isinstance(action, Exchange):
        state.exchange(player, action.species)
        state.turn = TacticalTurn(turn.stone, turn.colour, True, turn.auctions, turn.auction)
    else:
        return None
    return True


def _illegal(rule: str, text: str, action: Action) -> IllegalActionError:
    return IllegalActionError(f"{rule}: {text}", rule=rule, action=action)


@hookimpl
def trapper_explain_illegal(state: GameState, action: Action) -> IllegalActionError | None:
    turn = state.turn
    if not isinstance(turn, TacticalTurn):
        return None
    player = state.to_move
    assert player is not None
    auction = turn.auction
    if auction is None:
        return _explain_stone(state, turn, player, action)
    if isinstance(action, (Open, Exchange, Retire)):
        return _illegal("R41", "only the stone holder does that, between auctions", action)
    if auction.winner is not None:
        if isinstance(action, Take):
            return _explain_take(state, auction, player, action)
        return _illegal("R43", "the auction is won: the winner pays and takes a tile", action)
    if isinstance(action, Bid):
        if action.bid <= auction.bid:
            return _illegal("R42", f"a raise must beat the bid of {auction.bid}", action)
        return _unpayable(state, player, auction.colour, action.bid, action)
    if isinstance(action, Take):
        return _illegal("R42", "the auction is still open: raise or pass", action)
    return None


def _unpayable(
    state: GameState, player: int, colour: Colour, bid: int, action: Action
) -> IllegalActionError:
    top = payable(state.hands[player], colour)
    return IllegalActionError(
        f"D9: a bid of {bid} for {colour} is more than the hand can pay ({top})",
        rule="D9",
        action=action,
        shortfall={colour: bid - top},
    )


def _explain_stone(
    state: GameState, turn: TacticalTurn, player: int, action: Action
) -> IllegalActionError | None:
    if isinstance(action, (Bid, Take)):
        return _illegal("R41", "no auction is open: the stone holder opens one or passes", action)
    if isinstance(action, Open):
        if turn.colour is not None and action.colour is not turn.colour:
            return _illegal(
                "R41", f"this turn's colour is {turn.colour}; it cannot change", action
            )
        if not state.step_targets(action.colour):
            return _illegal("D9", f"the {action.colour} trapper cannot take a tile", action)
        return _unpayable(state, player, action.colour, action.bid, action)
    if isinstance(action, Retire):
        return _illegal("D16", "retire at the start of a turn, before its first auction", action)
    if isinstance(action, Exchange):
        return explain_exchange(state, player, turn.exchanged, action)
    return None


def _explain_take(
    state: GameState, auction: Auction, player: int, take: Take
) -> IllegalActionError:
    if units(take.cards, auction.colour) != auction.bid:
        return _illegal(
            "R43",
            f"the bid of {auction.bid} is paid in units: one {auction.colour} card or two "
            "cards of one other colour each",
            take,
        )
    hand = state.hands[player]
    lacking = {c: take.cards[c] - hand[c] for c in COLOURS if take.cards[c] > hand[c]}
    if lacking:
        return IllegalActionError(
            "R43: the hand does not hold those cards",
            rule="R43",
            action=take,
            shortfall=lacking,
        )
    if take.square.index not in state.step_targets(auction.colour):
        return _illegal(
            "R43",
            f"the {auction.colour} trapper cannot take the tile on {take.square} (R13, R14)",
            take,
        )
    tile = state.board[take.square.index]
    assert tile is not None
    try:
        place(state.displays[player], tile, take.placement)
    except AmbiguousActionError as exc:
        candidates = tuple(
            Take(take.square, take.cards, c)
            for c in exc.candidates
            if isinstance(c, (IntoCanoe, Gather))
        )
        return AmbiguousActionError(str(exc), rule="D6", action=take, candidates=candidates)
    except IllegalActionError as exc:
        return IllegalActionError(str(exc), rule=exc.rule, action=take)
    return _illegal("R43", "this take is not legal now", take)
