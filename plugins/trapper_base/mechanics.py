"""What the base game's actions do to a game's state (R7, R8, R13, R19–R21, R30).

Public functions that variants building on the base game call from their own
action kinds: take a tile, pay and draw cards, place and value a tile, make a
species exchange, retire, pass play on. Each replaces fields of the
[`GameState`][trapper_core.GameState]; none changes a value in place.
"""

from __future__ import annotations

from trapper_core import (
    COLOURS,
    MAX_COUNT,
    NEIGHBOURS,
    Colour,
    Display,
    GameState,
    PluginError,
    Row,
    Rules,
    Species,
    Tile,
    Token,
    TokenKind,
    TokenSupply,
    ValuedCanoe,
    hookimpl,
    shown,
)

from .movement import targets_kept
from .placement import keep_answers

__all__ = [
    "advance",
    "canoe_payout",
    "canoe_token",
    "credit",
    "draw",
    "exchange",
    "next_seat",
    "pay",
    "place_tile",
    "retire",
    "reveal_around",
    "take",
    "value_canoe",
]


def reveal_around(state: GameState, square: int) -> None:
    """R7: turns up every face-down tile next to the square index ``square``
    (the step targets are recomputed when one is turned up)."""
    board = state.board
    mask = state.face_up
    for neighbour, _side in NEIGHBOURS[square]:
        if board[neighbour] is not None:
            mask |= 1 << neighbour
    if mask != state.face_up:
        state.face_up = mask
        state.targets = (None, None, None, None)


def take(state: GameState, trapper: Colour | int, square: int) -> Tile:
    """R13: takes the tile on the square index ``square``, moves ``trapper``
    there and reveals its new neighbours (R7). Returns the tile."""
    board = list(state.board)
    tile = board[square]
    if tile is None:
        raise ValueError(f"square {square} holds no tile")
    board[square] = None
    trappers = list(state.trappers)
    trappers[trapper] = square
    # The fields are replaced here rather than through GameState's setters:
    # a take happens in most decisions of a game.
    state.board = tuple(board)
    state.trappers = tuple(trappers)
    state.tiles_left -= 1
    mask = state.face_up & ~(1 << square)
    for neighbour, _side in NEIGHBOURS[square]:  # R7
        if board[neighbour] is not None:
            mask |= 1 << neighbour
    state.face_up = mask
    targets = state.targets
    # Nothing cached (as after an undo or a replay's step: nothing was
    # listed) leaves nothing to keep, without a call: 3,500 fewer
    # instructions an apply + undo of a step, of 57,500.
    if targets != (None, None, None, None):
        state.targets = targets_kept(state, targets, trapper, square)
    return tile


def pay(state: GameState, player: int, colour: Colour | int, count: int) -> None:
    """Moves ``count`` cards of ``colour`` from the hand to the discard pile (R13)."""
    hand = list(state.hands[player])
    if hand[colour] < count:
        raise ValueError(f"player {player} holds {hand[colour]} {Colour(colour)}, not {count}")
    hand[colour] -= count
    discard = list(state.discard)
    discard[colour] += count
    hands = list(state.hands)  # replaced here, not through set_hand: most steps pay
    hands[player] = tuple(hand)  # type: ignore[assignment]
    state.hands = tuple(hands)
    state.discard = tuple(discard)  # type: ignore[assignment]


def draw(state: GameState, player: int, count: int) -> int:
    """Draws ``count`` cards for ``player`` (R8). When the draw pile runs out
    the discard pile is shuffled into a new one; when both are empty the draw
    is cut short (D4). Returns how many cards were drawn."""
    hand = list(state.hands[player])
    got = 0
    while got < count:
        if state.drawn == len(state.pile):
            if not any(state.discard):
                break
            _reshuffle(state)
        hand[state.pile[state.drawn]] += 1
        state.drawn += 1
        got += 1
    hands = list(state.hands)  # replaced here, not through set_hand: every turn draws
    hands[player] = tuple(hand)  # type: ignore[assignment]
    state.hands = tuple(hands)
    return got


def _reshuffle(state: GameState) -> None:
    cards = [int(c) for c in COLOURS for _ in range(state.discard[c])]
    state.pile = state.shuffle(cards, rule="R8", what="the discard pile")
    state.drawn = 0
    state.discard = (0, 0, 0, 0)


def credit(state: GameState, player: int, money: int) -> None:
    """The bank pays ``player`` ``money`` (the bank never runs out, D2)."""
    display = state.displays[player]
    new = Display(
        display.open, display.valued, display.separate, display.money + money, display.tokens
    )
    state.set_display(player, keep_answers(display, new, same_open=True, same_separate=True))


def place_tile(state: GameState, player: int, tile: Tile, placement: object) -> Row | None:
    """Places ``tile`` in the player's display as the variant places tiles
    (``trapper_place``, R16–R18) and values a canoe it fills (R19, R20).
    Returns the valued row, if any."""
    displays = list(state.displays)  # replaced here, not through set_display: most steps place
    # Checked inline, not by checked_place: most steps place, and the
    # checks here cost one type test (the unpacking fails for an answer that
    # is no pair, at no cost else).
    try:
        display, full = state.rules.place(displays[player], tile, placement)
    except (TypeError, ValueError) as exc:
        if exc.__traceback__ is None or exc.__traceback__.tb_next is not None:
            raise  # raised by the hook, not by the unpacking here
        placed = state.rules.place(displays[player], tile, placement)  # asked again, to show
        raise _bad_place(state.rules, tile, placement, placed) from None
    if type(display) is not Display and not isinstance(display, Display):
        raise _bad_place(state.rules, tile, placement, (display, full))
    if full is not None:
        if not isinstance(full, Row):
            raise _bad_place(state.rules, tile, placement, (display, full))
        display = value_canoe(state, display, full)
    displays[player] = display
    state.displays = tuple(displays)
    return full


# The answers of the hooks asked here are checked where they are used, so
# that a variant's mistake is named by its hook, not found later as a
# TypeError in the rules that read it or a sum that no longer adds up.
_PASS_ON = (
    " (an implementation annotated never to answer None is the only one asked:"
    " annotate it '-> int | None' to leave the question to the ones under it)"
)


def _bad_answer(rules: Rules, call: str, answer: object, wanted: str) -> PluginError:
    return PluginError(
        f"variant {rules.variant!r}: {call} returned {shown(answer, 60)}, not {wanted}"
        + (_PASS_ON if answer is None else "")
    )


def checked_place(
    rules: Rules, display: Display, tile: Tile, placement: object
) -> tuple[Display, Row | None]:
    """R16–R18: ``display`` with ``tile`` placed as ``placement`` says, and
    the row it filled (``trapper_place``); raises `PluginError` for an
    answer that is no pair of a display and a row or ``None``."""
    placed = rules.place(display, tile, placement)
    if (
        not isinstance(placed, tuple)
        or len(placed) != 2
        or not isinstance(placed[0], Display)
        or not (placed[1] is None or isinstance(placed[1], Row))
    ):
        raise _bad_place(rules, tile, placement, placed)
    return placed


def _bad_place(rules: Rules, tile: Tile, placement: object, placed: object) -> PluginError:
    return _bad_answer(
        rules,
        f"trapper_place(display, {tile.name}, {shown(placement)})",
        placed,
        "a (Display, Row or None) pair",
    )


def checked_choices(rules: Rules, display: Display, tile: Tile) -> tuple[object, ...]:
    """R16–R18, D6: the ways ``tile`` can be placed in ``display``
    (``trapper_placement_choices``); raises `PluginError` for an answer
    that is no tuple."""
    choices = rules.placement_choices(display, tile)
    if not isinstance(choices, tuple):
        raise bad_choices(rules, tile, choices)
    return choices


def bad_choices(rules: Rules, tile: Tile, choices: object) -> PluginError:
    """The error for an answer of ``trapper_placement_choices`` that is no tuple."""
    return _bad_answer(
        rules, f"trapper_placement_choices(display, {tile.name})", choices, "a tuple of placements"
    )


def canoe_payout(rules: Rules, row: Row) -> int:
    """R19: what the full canoe ``row`` pays (``trapper_canoe_payout``);
    raises `PluginError` for an answer that is no whole number of coins of
    at most 18 digits (`MAX_COUNT`, either sign: what a record's Result
    and a position string write)."""
    payout = rules.canoe_payout(row)
    if type(payout) is not int or not -MAX_COUNT <= payout <= MAX_COUNT:
        raise _bad_answer(
            rules,
            f"trapper_canoe_payout({row})",
            payout,
            "a whole number of coins of at most 18 digits",
        )
    return payout


def canoe_token(rules: Rules, payout: int, supply: tuple[int, ...]) -> int:
    """R20: the number of the canoe token ``payout`` earns from ``supply``,
    0 for none (``trapper_canoe_token``); raises `PluginError` for an answer
    that is neither 0 nor a token of the supply."""
    number = rules.canoe_token(payout, supply)
    if type(number) is not int or (number and number not in supply):
        raise _bad_answer(
            rules,
            f"trapper_canoe_token({payout}, {supply})",
            number,
            "0 or the number of a token in the supply",
        )
    return number


def value_canoe(state: GameState, display: Display, row: Row) -> Display:
    """R19, R20: pays the full canoe ``row`` out and adds it to ``display``'s
    valued canoes, with the canoe token the payout earns from the supply."""
    rules = state.rules
    payout = canoe_payout(rules, row)
    tokens = display.tokens
    number = canoe_token(rules, payout, state.supply.canoe)
    if number:
        tokens = (*tokens, Token(TokenKind.CANOE, number))
        remaining = tuple(n for n in state.supply.canoe if n != number)
        state.supply = TokenSupply(remaining, state.supply.species)
    new = Display(
        display.open,
        (*display.valued, ValuedCanoe(row, payout)),
        display.separate,
        display.money + payout,
        tokens,
    )
    return keep_answers(display, new, same_open=True, same_separate=True)


def exchange(state: GameState, player: int, species: tuple[Species, ...]) -> Token:
    """R21: returns one valued canoe of each of ``species`` to the box — the
    one valued first (D12) — and takes the species token they earn. Raises
    `ValueError` unless ``species`` are one or more different species, each
    of a valued canoe of the player's (the state is then as it was)."""
    display = state.displays[player]
    valued = list(display.valued)
    if not species or len(set(species)) != len(species):
        given = ", ".join(map(str, species)) or "none"
        raise ValueError(
            f"R21: an exchange returns canoes of one or more different species, not {given}"
        )
    for s in species:
        if not any(v.species is s for v in valued):
            raise ValueError(f"R21: player {player} has no valued {s} canoe to return")
    supply = state.supply.species
    number = state.rules.species_token(len(species), supply)
    if type(number) is not int or (number and number not in supply):
        raise _bad_answer(
            state.rules,
            f"trapper_species_token({len(species)}, {supply})",
            number,
            "0 or the number of a token in the supply",
        )
    if not number:
        raise ValueError(f"D7: no species token at or below {len(species)} is left")
    returned = list(state.returned)
    for s in species:
        index = next(i for i, v in enumerate(valued) if v.species is s)
        returned.append((player, valued.pop(index)))
    token = Token(TokenKind.SPECIES, number)
    state.returned = tuple(returned)
    state.supply = TokenSupply(
        state.supply.canoe, tuple(n for n in state.supply.species if n != number)
    )
    new = Display(
        display.open, tuple(valued), display.separate, display.money, (*display.tokens, token)
    )
    state.set_display(player, keep_answers(display, new, same_open=True, same_separate=True))
    return token


def retire(state: GameState, player: int) -> None:
    """R30: retires ``player``; their cards leave the game."""
    hand = state.hands[player]
    state.out = tuple(o + h for o, h in zip(state.out, hand, strict=True))  # type: ignore[assignment]
    state.set_hand(player, (0, 0, 0, 0))
    retired = list(state.retired)
    retired[player] = True
    state.retired = tuple(retired)


def next_seat(state: GameState, player: int) -> int:
    """The seat that plays after ``player`` in the variant's order
    (``trapper_next_player``: in the base game the next clockwise who has
    not retired, R9, R30), or -1 when every player has retired."""
    return state.rules.next_player(state, player)


@hookimpl
def trapper_next_player(state: GameState, player: int) -> int:
    # R9, R30: clockwise, past the players who have retired.
    n = state.players
    retired = state.retired
    for k in range(1, n + 1):
        seat = (player + k) % n
        if not retired[seat]:
            return seat
    return -1


def advance(state: GameState) -> None:
    """Passes play to the next player (``trapper_next_player``) and starts
    their turn; sets ``to_move`` to ``None`` when nobody is left."""
    current = state.to_move
    if current is None:
        return
    seat = state.rules.next_player(state, current)
    if type(seat) is not int or not -1 <= seat < state.players:
        raise _bad_answer(
            state.rules,
            f"trapper_next_player(state, {current})",
            seat,
            f"a seat from 0 to {state.players - 1}, or -1 when every player has retired",
        )
    if seat < 0:
        state.to_move = None
        return
    state.to_move = seat
    state.turns += 1
    state.turn = state.rules.new_turn(state)
