"""The turn of the base game (R10–R13, R21, R30), one decision at a time.

At the start of a turn the player may pass, retire or take a first step
with any trapper. The first step fixes the trapper for the turn (R11); after
it the player takes further steps with that trapper or ends the turn. The
species exchange (R21) is one more decision, open once per turn until the
turn ends.
"""

from __future__ import annotations

from itertools import combinations

import attrs

from trapper_core import (
    COLOURS,
    END_TURN,
    NEIGHBOURS,
    PASS,
    RETIRE,
    SQUARES,
    Action,
    AmbiguousActionError,
    Colour,
    EndTurn,
    Exchange,
    GameState,
    IllegalActionError,
    Kind,
    Pass,
    Retire,
    Step,
    hookimpl,
    placement_choices,
)
from trapper_core.display import Gather, IntoCanoe, Placement, place


@attrs.frozen
class Turn:
    """Where the player to move is in their turn.

    ``trapper`` is the colour hunted with this turn (``None`` before the
    first step); ``exchanged`` whether the species exchange was made.
    """

    trapper: Colour | None = None
    exchanged: bool = False


FRESH_TURN = Turn()
# Every turn record there can be, made once: TURNS[trapper][exchanged].
TURNS = {
    trapper: {exchanged: Turn(trapper, exchanged) for exchanged in (False, True)}
    for trapper in (None, *COLOURS)
}

# Every step without a placement, made once: STEPS[trapper][square][payment].
STEPS = tuple(
    tuple(tuple(Step(t, SQUARES[s], p) for p in COLOURS) for s in range(64)) for t in COLOURS
)


# The same, grouped by the payments a hand allows: STEPS_PAID[trapper][mask][square]
# holds the steps for every colour c with bit c set in mask, in colour order.
STEPS_PAID = tuple(
    tuple(
        tuple(tuple(STEPS[t][s][p] for p in COLOURS if mask >> p & 1) for s in range(64))
        for mask in range(16)
    )
    for t in COLOURS
)

_PLACED: dict[tuple[int, int, int, Placement], Step] = {}


def make_step(trapper: Colour, square: int, payment: Colour, placement: Placement | None) -> Step:
    """Returns the step, reusing one object per distinct step."""
    if placement is None:
        return STEPS[trapper][square][payment]
    key = (trapper, square, payment, placement)
    step = _PLACED.get(key)
    if step is None:
        if len(_PLACED) > 100_000:  # bounded: placements are few, but never unbounded
            _PLACED.clear()
        step = _PLACED[key] = Step(trapper, SQUARES[square], payment, placement)
    return step


@hookimpl
def trapper_new_turn(state: GameState) -> Turn:
    return FRESH_TURN


@hookimpl
def trapper_legal_actions(state: GameState) -> list[Action]:
    player = state.to_move
    assert player is not None
    turn = state.turn
    assert isinstance(turn, Turn)
    hand = state.hands[player]
    display = state.displays[player]
    board = state.board
    # D6 choices need two open canoes (for an animal, herb or mushroom) or two
    # separate tiles (for a canoe); without them every placement is forced.
    rows_may_choose = len(display.open) > 1
    canoes_may_choose = len(display.separate) > 1
    choices: dict[int, tuple[Placement | None, ...]] = {}
    actions: list[Action] = []
    # Which colours pay a step: two cards of any colour, or one of the trapper's own.
    one = two = 0
    for c in COLOURS:
        if hand[c]:
            one |= 1 << c
            if hand[c] > 1:
                two |= 1 << c
    targets = state.targets
    for trapper in COLOURS if turn.trapper is None else (turn.trapper,):
        mask = two | (one & (1 << trapper))
        if not mask:
            continue
        paid = STEPS_PAID[trapper][mask]
        squares = targets[trapper]
        if squares is None:
            squares = state.step_targets(trapper)
        for square in squares:
            tile = board[square]
            assert tile is not None
            if not (canoes_may_choose if tile.kind is Kind.CANOE else rows_may_choose):
                actions.extend(paid[square])
                continue
            # An animal's choices depend on its species only, a herb's or a
            # mushroom's on nothing else; a canoe's on the canoe. (Keys are ids:
            # hashing enum members is slow.)
            kind = tile.kind
            if kind is Kind.CANOE:
                key = id(tile)
            elif kind is Kind.ANIMAL:
                key = id(tile.species)
            else:
                key = id(kind)
            placements = choices.get(key)
            if placements is None:
                placements = choices[key] = placement_choices(display, tile)
            if placements[0] is None:
                actions.extend(paid[square])
                continue
            payments = [c for c in COLOURS if mask >> c & 1]
            for placement in placements:
                actions.extend(
                    [make_step(trapper, square, payment, placement) for payment in payments]
                )
    if not turn.exchanged and display.valued:
        actions.extend(exchange_actions(state, player))
    if turn.trapper is None:
        actions.append(PASS)
        actions.append(RETIRE)
    else:
        actions.append(END_TURN)
    return actions


def exchange_actions(state: GameState, player: int) -> list[Exchange]:
    """Returns the species exchanges open to ``player`` (R21, D7)."""
    species = sorted(state.displays[player].valued_species())
    supply = state.supply.species
    out: list[Exchange] = []
    for k in range(1, len(species) + 1):
        # D7: an exchange is legal only if some token at or below k is left.
        if state.rules.species_token(k, supply):
            out.extend(Exchange(combo) for combo in combinations(species, k))
    return out


@hookimpl
def trapper_check_action(state: GameState, action: Action) -> bool | None:
    turn = state.turn
    if not isinstance(turn, Turn):
        return None
    player = state.to_move
    assert player is not None
    if isinstance(action, Step):
        if turn.trapper is not None and action.trapper is not turn.trapper:
            return False
        if state.hands[player][action.payment] < action.cards:
            return False
        square = action.square.index
        if square not in state.step_targets(action.trapper):
            return False
        tile = state.board[square]
        assert tile is not None
        return action.placement in placement_choices(state.displays[player], tile)
    if isinstance(action, (Pass, Retire)):
        return turn.trapper is None
    if isinstance(action, EndTurn):
        return turn.trapper is not None
    if isinstance(action, Exchange):
        return not turn.exchanged and exchange_allowed(state, player, action)
    return None


def exchange_allowed(state: GameState, player: int, exchange: Exchange) -> bool:
    """Whether ``player`` may make ``exchange`` at a moment open to one (R21, D7)."""
    if not set(exchange.species) <= state.displays[player].valued_species():
        return False
    return bool(state.rules.species_token(len(exchange.species), state.supply.species))


@hookimpl
def trapper_apply_action(state: GameState, action: Action) -> bool | None:
    player = state.to_move
    assert player is not None
    turn = state.turn
    assert isinstance(turn, Turn)
    if isinstance(action, Step):
        state.pay(player, action.payment, action.cards)
        tile = state.take(action.trapper, action.square.index)
        state.place(player, tile, action.placement)
        if turn.trapper is None:
            state.turn = TURNS[action.trapper][turn.exchanged]
    elif isinstance(action, (Pass, EndTurn)):
        state.draw(player, 2)
        state.advance()
    elif isinstance(action, Retire):
        state.retire(player)
        state.advance()
    elif isinstance(action, Exchange):
        state.exchange(player, action.species)
        state.turn = TURNS[turn.trapper][True]
    else:
        return None
    return True


@hookimpl
def trapper_explain_illegal(state: GameState, action: Action) -> IllegalActionError | None:
    turn = state.turn
    if not isinstance(turn, Turn):
        return None
    player = state.to_move
    assert player is not None
    if isinstance(action, Step):
        return _explain_step(state, player, turn, action)
    if isinstance(action, Exchange):
        return explain_exchange(state, player, turn.exchanged, action)
    if isinstance(action, (Pass, Retire)) and turn.trapper is not None:
        word = "pass" if isinstance(action, Pass) else "retire"
        return IllegalActionError(
            f"R11: the hunt with the {turn.trapper} trapper has begun; "
            f"end the turn instead of trying to {word}",
            rule="R11",
            action=action,
        )
    if isinstance(action, EndTurn) and turn.trapper is None:
        return IllegalActionError(
            "R11: no step has been taken this turn; pass (R10) instead of ending a hunt",
            rule="R11",
            action=action,
        )
    return None


def _explain_step(state: GameState, player: int, turn: Turn, step: Step) -> IllegalActionError:
    trapper, square = step.trapper, step.square

    def error(rule: str, text: str) -> IllegalActionError:
        return IllegalActionError(f"{rule}: {text}", rule=rule, action=step)

    if turn.trapper is not None and trapper is not turn.trapper:
        return error(
            "R11",
            f"this turn hunts with the {turn.trapper} trapper; the {trapper} trapper cannot move",
        )
    held = state.hands[player][step.payment]
    if held < step.cards:
        what = "one card" if step.cards == 1 else "two cards"
        return IllegalActionError(
            f"R13: a step of the {trapper} trapper paid in {step.payment} takes {what} of "
            f"that colour; the hand holds {held}",
            rule="R13",
            action=step,
            shortfall={step.payment: step.cards - held},
        )
    tile = state.board[square.index]
    if tile is None:
        if square.index in state.trappers:
            standing = COLOURS[state.trappers.index(square.index)]
            return error("R15", f"the {standing} trapper stands on {square}; there is no tile")
        return error("R15", f"{square} is empty: its tile has been taken")
    if not state.face_up >> square.index & 1:
        return error("R13", f"the tile on {square} is face down")
    from_square = state.trappers[trapper]
    if square.index not in state.step_targets(trapper):
        for neighbour, side in NEIGHBOURS[from_square]:
            if neighbour == square.index:
                return error("R13", f"{square} is blocked by water on its {side} edge")
        return error(
            "R14",
            f"{square} is not next to the {trapper} trapper on {SQUARES[from_square]}, "
            "and only an isolated trapper may take a tile elsewhere",
        )
    try:
        place(state.displays[player], tile, step.placement)
    except AmbiguousActionError as exc:
        candidates = tuple(
            make_step(trapper, square.index, step.payment, c)
            for c in exc.candidates
            if isinstance(c, (IntoCanoe, Gather))
        )
        return AmbiguousActionError(str(exc), rule="D6", action=step, candidates=candidates)
    except IllegalActionError as exc:
        return IllegalActionError(str(exc), rule=exc.rule, action=step)
    return error("R13", "this step is not legal now")


def explain_exchange(
    state: GameState, player: int, exchanged: bool, exchange: Exchange
) -> IllegalActionError:
    """Returns why ``exchange`` is not legal for ``player`` (R21, D7)."""

    def error(rule: str, text: str) -> IllegalActionError:
        return IllegalActionError(f"{rule}: {text}", rule=rule, action=exchange)

    if exchanged:
        return error("R21", "one species exchange per turn, and it has been made")
    valued = state.displays[player].valued_species()
    lacking = [str(s) for s in exchange.species if s not in valued]
    if lacking:
        return error("R21", f"there is no valued {' or '.join(lacking)} canoe to return")
    k = len(exchange.species)
    return error("D7", f"no species token numbered {k} or lower is left in the supply")
