"""The turn of the base game (R10–R13, R21, R30), one decision at a time.

At the start of a turn the player may pass, retire or take a first step
with any trapper. The first step fixes the trapper for the turn (R11); after
it the player takes further steps with that trapper or ends the turn. The
species exchange (R21) is one more decision, open once per turn until the
turn ends.

Each kind of action states its legality once (``trapper_core.ActionKind``):
listing, checking and explaining all follow from it. The kinds are public
classes so that variants can subclass them (the tactical variant's exchange,
pass and retire are these with another turn record).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, ClassVar, TypeVar

import attrs

from trapper_core import (
    COLOURS,
    NEIGHBOURS,
    SQUARES,
    Action,
    ActionKind,
    ActionSyntaxError,
    AmbiguousActionError,
    Colour,
    GameState,
    IllegalActionError,
    Kind,
    PluginError,
    Species,
    Square,
    Tile,
    hookimpl,
    interned,
    shown,
)

from .actions import (
    END_TURN,
    PASS,
    RETIRE,
    EndTurn,
    Exchange,
    Gather,
    IntoCanoe,
    Pass,
    Retire,
    Step,
)
from .mechanics import (
    advance,
    bad_choices,
    checked_choices,
    checked_place,
    draw,
    exchange,
    pay,
    place_tile,
    retire,
    take,
)
from .movement import trapper_step_targets as _base_targets  # not a hook of this module
from .placement import answer, answer_tables, forced_kinds
from .placement import trapper_placement_choices as _base_choices  # not a hook of this module
from .text import (
    EXCHANGE,
    STEP,
    cards_words,
    listed,
    number_words,
    parse_payment,
    parse_placement,
    placement_text,
    placement_words,
)

__all__ = [
    "DRAW",
    "EndTurnKind",
    "ExchangeKind",
    "PassKind",
    "RetireKind",
    "StepKind",
    "Turn",
    "exchange_options",
    "pay_masks",
    "placement_problem",
    "squares",
    "take_problem",
    "turn_of",
]

DRAW = 2
"""R10, R11: a turn that ends draws two cards."""


@attrs.frozen
class Turn:
    """Where the player to move is in their turn.

    ``trapper`` is the colour hunted with this turn (``None`` before the
    first step); ``exchanged`` whether the species exchange was made.
    """

    trapper: Colour | None = attrs.field(default=None, metadata={"trapper": True})
    exchanged: bool = False


FRESH_TURN = Turn()
# Every turn record there can be, made once: TURNS[trapper][exchanged].
TURNS = {
    trapper: {exchanged: Turn(trapper, exchanged) for exchanged in (False, True)}
    for trapper in (None, *COLOURS)
}


def _no_field(state: GameState, field: str, kind: str) -> PluginError:
    """The error for a turn record without the ``field`` that the base
    game's ``kind`` kind reads. (The kinds read the record's fields as they
    need them, not checked first: they read them in most decisions, and a
    try costs nothing until it fails.)"""
    return PluginError(
        f"variant {state.rules.variant!r}: the turn record {shown(state.turn)} "
        f"(trapper_new_turn's answer, or a record a kind made) has no {field}, which the base "
        f"game's {kind} kind reads: a variant that keeps the kind answers a trapper_base.Turn, "
        "or a record of its own with that field"
    )


def _check_targets(state: GameState) -> None:
    """Raises `PluginError` for step targets of the variant's
    (``trapper_step_targets``, cached in ``state.targets``) holding an index
    that is no square's, or a square's without a tile. The core checks that
    an answer is a tuple; its indices are checked here, when listing the
    steps fails on one."""
    for trapper, targets in enumerate(state.targets):
        if targets:
            _check_squares(state, trapper, targets)


def _check_squares(state: GameState, trapper: Colour | int, targets: tuple[int, ...]) -> None:
    if not all(
        type(i) is int and 0 <= i < len(state.board) and state.board[i] is not None
        for i in targets
    ):
        raise PluginError(
            f"variant {state.rules.variant!r}: trapper_step_targets(state, "
            f"{COLOURS[trapper]}) returned {shown(targets)}, not a tuple of square "
            "indices (0-63), ascending, of squares holding a tile"
        )


def _targets(state: GameState, trapper: Colour | int) -> tuple[int, ...]:
    """The step targets of ``trapper`` (cached), checked to be face up when
    the variant answers ``trapper_step_targets`` itself (R13, R14: a step
    takes a face-up tile; the base game's answer holds no other)."""
    found = state.targets[trapper] or state.step_targets(trapper)
    if state.rules.step_targets is not _base_targets:
        _check_face_up(state, trapper, found)
    return found


def _check_face_up(state: GameState, trapper: Colour | int, found: tuple[int, ...]) -> None:
    """Raises `PluginError` for a target of a variant's ``trapper_step_targets``
    whose tile is face down (`_face_down`)."""
    _check_squares(state, trapper, found)
    face_up = state.face_up
    for square in found:
        if not face_up >> square & 1:
            raise _face_down(state, square, f" (trapper_step_targets(state, {COLOURS[trapper]}))")


def _face_down(state: GameState, square: int, asked: str = "") -> PluginError:
    """The error for a step to a face-down tile, a target of the variant's
    own. The step kind lists a step for each placement of a target's tile
    (D6): for a face-down tile, that would tell what it is."""
    return PluginError(
        f"variant {state.rules.variant!r}: the tile on {SQUARES[square]} is face down, and "
        f"a target of a step{asked}: the base game's step takes a face-up tile (R13, R14) "
        "and is listed once for each way to place it; a variant whose trappers take "
        "unseen tiles gives its step kind placement options of its own (a subclass of "
        "StepKind)"
    )


def _error(rule: str, text: str, action: Action | None = None) -> IllegalActionError:
    return IllegalActionError(f"{rule}: {text}", rule=rule, action=action)


# ----------------------------------------------------------------------
# Shared facts: what a hand pays, where a trapper goes, where a tile fits
# ----------------------------------------------------------------------


class Payments(tuple[Colour, ...]):
    """The colours that pay a step, in colour order, with their bit ``mask``."""

    mask: int


def _payments(mask: int) -> Payments:
    paid = Payments(c for c in COLOURS if mask >> c & 1)
    paid.mask = mask
    return paid


PAYMENTS = tuple(_payments(mask) for mask in range(16))
"""The payments of every set of colours, by bit mask (made once)."""


@interned
def pay_masks(hand: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """R13: for each trapper, the colours (as a bit mask) that pay one of its
    steps from ``hand``: one card of its own colour, or two of another."""
    one = two = 0
    for c in COLOURS:
        if hand[c]:
            one |= 1 << c
            if hand[c] > 1:
                two |= 1 << c
    return (two | (one & 1), two | (one & 2), two | (one & 4), two | (one & 8))


@interned
def squares(indices: tuple[int, ...]) -> tuple[Square, ...]:
    """The squares of ``indices``, for options that hold squares."""
    return tuple(SQUARES[i] for i in indices)


# Every step without a placement, made once: STEPS[trapper][square][payment].
STEPS = tuple(
    tuple(tuple(Step(t, SQUARES[s], p) for p in COLOURS) for s in range(64)) for t in COLOURS
)
# The same grouped by the payments a hand allows: STEPS_PAID[trapper][mask][square].
STEPS_PAID = tuple(
    tuple(
        tuple(tuple(STEPS[t][s][p] for p in COLOURS if mask >> p & 1) for s in range(64))
        for mask in range(16)
    )
    for t in COLOURS
)


def placement_problem(
    state: GameState,
    player: int,
    square: Square,
    action: Action,
    with_placement: Callable[[object], Action],
) -> IllegalActionError:
    """Explains why ``action``'s placement of the tile on ``square`` is not
    one of the player's choices (R16–R18, D6). ``with_placement`` rebuilds
    the action with another placement, for the candidates of an ambiguous one."""
    tile = state.board[square.index]
    assert tile is not None
    placement = getattr(action, "placement", None)
    try:
        checked_place(state.rules, state.displays[player], tile, placement)
    except AmbiguousActionError as exc:
        candidates = tuple(with_placement(c) for c in exc.candidates)
        return AmbiguousActionError(str(exc), rule=exc.rule, action=action, candidates=candidates)
    except IllegalActionError as exc:
        return IllegalActionError(str(exc), rule=exc.rule, action=action)
    if placement is not None and all(
        c is None for c in checked_choices(state.rules, state.displays[player], tile)
    ):
        return _error(
            "D6",
            f"{tile.name} has one place to go: a placement is named only when there is "
            "a choice (write the step without it)",
            action,
        )
    return _error("R16", f"{tile.name} cannot be placed that way", action)


def take_problem(state: GameState, trapper: Colour, square: Square) -> tuple[str, str]:
    """The rule and the reason why ``trapper`` cannot take the tile on
    ``square``, which is not one of its targets (R13–R15): no tile there,
    a face-down tile, water on the edge it would enter by, or a square not
    next to it. What a refused step tells, and a tactical take (R43)."""
    tile = state.board[square.index]
    if tile is None:
        if square.index in state.trappers:
            standing = COLOURS[state.trappers.index(square.index)]
            return "R15", f"the {standing} trapper stands on {square}; there is no tile"
        return "R15", f"{square} is empty: its tile has been taken"
    if not state.face_up >> square.index & 1:
        return "R13", f"the tile on {square} is face down"
    from_square = state.trappers[trapper]
    for neighbour, side in NEIGHBOURS[from_square]:
        if neighbour == square.index:
            return "R13", f"{square} is blocked by water on its {side} edge"
    return "R14", (
        f"{square} is not next to the {trapper} trapper on {SQUARES[from_square]}, "
        "and only an isolated trapper may take a tile elsewhere"
    )


def exchange_options(state: GameState, player: int) -> list[tuple[Species, ...]]:
    """R21, D7: the sets of species ``player`` may return for a token now."""
    valued = state.displays[player].valued
    if not valued:
        return []
    species = tuple(v.species for v in valued)
    return list(_exchange_sets(species, state.supply.species, state.rules.species_token))


@interned
def _exchange_sets(
    valued: tuple[Species, ...],
    supply: tuple[int, ...],
    species_token: Callable[[int, tuple[int, ...]], int],
) -> tuple[tuple[Species, ...], ...]:
    """R21, D7: the sets of species that valued canoes of ``valued`` species
    may return for a token of ``supply`` (made once per such question: every
    position of a player with a valued canoe asks it)."""
    species = sorted(set(valued))
    out: list[tuple[Species, ...]] = []
    for k in range(1, len(species) + 1):
        if species_token(k, supply):
            out.extend(combinations(species, k))
    return tuple(out)


@interned
def _exchange(species: tuple[Species, ...]) -> Exchange:
    """The exchange of ``species`` (sorted), made once."""
    return Exchange(species)


@interned
def _exchanges(sets: tuple[tuple[Species, ...], ...]) -> tuple[Exchange, ...]:
    """The exchanges of ``sets`` (each sorted), made once: the species
    options of every position with a valued canoe ask for them."""
    return tuple(_exchange(species) for species in sets)


def turn_of(state: GameState) -> Turn:
    """The base game's record of the turn in progress, typed."""
    turn = state.turn
    if not isinstance(turn, Turn):
        raise TypeError(f"the turn in progress is a {type(turn).__name__}, not the base game's")
    return turn


# ----------------------------------------------------------------------
# The kinds
# ----------------------------------------------------------------------


@interned
def _placed(trapper: Colour, square: int, payment: Colour, placement: object) -> Step:
    """Steps with a placement, made once each (a D6 choice recurs while it is
    open). Keyed by the square's index: hashing an int costs no call."""
    # Made through its slots' setters rather than attrs' __init__, whose
    # validators cost two thirds of it: the listing passes its own values
    # (colours, a square's index, a placement the variant listed), and
    # StepKind.build, which plugins call too, colours as ints or Colour
    # members, the one mix-up that would pass the table's key (an IntEnum
    # hashes and compares as its int), made colours here. A game of a new
    # seed makes about one step a decision at first (7,900 fewer
    # instructions a decision of a random base playout, whose count plays
    # games the tables have not met), a long run one in twelve.
    if not isinstance(placement, (IntoCanoe, Gather)):
        raise TypeError(f"a step's placement is an IntoCanoe or a Gather, not {placement!r}")
    step: Step = _new(Step)
    _set_trapper(step, COLOURS[trapper])
    _set_square(step, SQUARES[square])
    _set_payment(step, COLOURS[payment])
    _set_placement(step, placement)
    for set_other in _SET_OTHERS:  # attrs' cache of the hash: empty
        set_other(step, None)
    return step


# Step's slots' setters: its fields in order, then attrs' own slots (the
# cache of the hash), whatever attrs names them.
_STEP_FIELDS = [field.name for field in attrs.fields(Step)]
_set_trapper, _set_square, _set_payment, _set_placement, *_SET_OTHERS = [
    Step.__dict__[name].__set__
    for name in (*_STEP_FIELDS, *(n for n in vars(Step)["__slots__"] if n not in _STEP_FIELDS))
]
_new = object.__new__


@interned
def _read_step(text: str) -> Step | None:
    """The step written as ``text``, which names no gathering placement: such a
    text reads the same in every position, so it is read once."""
    match = STEP.fullmatch(text)
    if match is None:
        return None
    trapper = Colour.from_letter(match["trapper"])
    square = Square.parse(match["square"])
    payment = parse_payment(text, trapper, match["pay"])
    into = match["into"]
    if into:
        return _placed(
            trapper, square.index, payment, IntoCanoe(Species.from_letter(into[0]), int(into[1]))
        )
    plain: Step = STEPS[trapper][square.index][payment]
    return plain


class StepKind(ActionKind[Step]):
    """R11, R13: pay for a trapper, take a tile, move the trapper there.

    Choices, in order: the trapper (fixed by the turn's first step), the
    square (its step targets), the placement (D6) and the payment.
    """

    name = "step"
    action_type = Step
    choices = ("trapper", "square", "placement", "payment")

    def __init__(self) -> None:
        super().__init__()
        # The fast listing and check below read the hand's payment masks, the
        # step targets and the variant's placement choices themselves: they
        # stand for the four options only while those are this class's own.
        # A subclass that overrides an option (a step that costs more, say)
        # is listed and checked through its options, as any kind is.
        # So does a subclass with a rule of its own in ``unavailable`` (at
        # most three steps a hunt, say), which the fast path would not ask.
        cls = type(self)
        self._own_options = cls.unavailable is StepKind.unavailable and all(
            getattr(cls, f"{choice}_options") is getattr(StepKind, f"{choice}_options")
            for choice in self.choices
        )

    # The options are asked for every position of every game: they read the
    # state's fields directly (to_move is a seat while actions are listed).

    def trapper_options(self, state: GameState) -> Sequence[Colour]:
        try:
            fixed = state.turn.trapper  # type: ignore[attr-defined]
        except AttributeError:
            raise _no_field(state, "trapper", "step") from None
        masks = pay_masks(state.hands[state.to_move])  # type: ignore[index]
        if fixed is not None:
            return (fixed,) if masks[fixed] else ()
        return [t for t in COLOURS if masks[t]]

    def square_options(self, state: GameState, trapper: Colour) -> Sequence[Square]:
        return squares(state.targets[trapper] or state.step_targets(trapper))

    def placement_options(self, state: GameState, square: Square) -> Sequence[object]:
        tile = state.board[square.index]
        if tile is None:
            return ()
        if not state.face_up >> square.index & 1:
            raise _face_down(state, square.index)
        return checked_choices(state.rules, state.displays[state.to_move], tile)  # type: ignore[index]

    def payment_options(self, state: GameState, trapper: Colour) -> Sequence[Colour]:
        return PAYMENTS[pay_masks(state.hands[state.to_move])[trapper]]  # type: ignore[index]

    def lister(self) -> Callable[[GameState], list[Step]]:
        """The four options above in one loop, on the same facts (the hand's
        payment masks, the step targets, the variant's placement choices),
        without a call per option and per target: listing steps is the
        engine's hottest path, and this costs about 12,000 fewer instructions
        per decision of a random game (of some 180,000) than the listing the
        options make by themselves. The invariant checks compare the two on
        every position they visit (``ActionKind.generic_lister``). A
        subclass that overrides an option is listed through its options."""
        if not self._own_options:
            return super().lister()
        build = self.build
        canoe = Kind.CANOE
        own_build = type(self).build is StepKind.build  # else a subclass builds its steps

        def legal(state: GameState) -> list[Step]:
            player: int = state.to_move  # type: ignore[assignment]
            masks = pay_masks(state.hands[player])
            try:
                fixed = state.turn.trapper  # type: ignore[attr-defined]
            except AttributeError:
                raise _no_field(state, "trapper", "step") from None
            display = state.displays[player]
            board = state.board
            targets = state.targets
            choices = state.rules.placement_choices
            # A variant's own targets are checked to be face up (R13, R14):
            # the base game's never hold another.
            foreign = state.rules.step_targets is not _base_targets
            # With the base game's placement, a display of fewer than two
            # open rows places every tile but a canoe without a choice, and
            # one of fewer than two separate tiles every canoe (D6): such
            # tiles are not asked about (asked, they would be 44 % of the
            # calls, 1,900 instructions a decision). The others' answers are
            # looked up in the display's tables rather than asked of the hook
            # (103,900 instructions a decision of a random base game where
            # asking takes 105,400, cachegrind).
            base = choices is _base_choices
            if base:
                plain_other, plain_canoe = forced_kinds(display)
                # (Both plain: no target reaches the tables.)
                if not (plain_other and plain_canoe):
                    by_open, by_separate = answer_tables(display, not plain_other, not plain_canoe)
            else:
                plain_other = plain_canoe = False
                by_open = by_separate = {}  # not read: the variant's hook answers
            out: list[Step] = []
            placements: Sequence[object] | None
            table: dict[str, Any]
            # An index of the variant's step targets that is no square's (or a
            # square's without a tile) fails below: checked then, at no cost
            # else (a try costs nothing until it fails).
            try:
                for trapper in COLOURS if fixed is None else (fixed,):
                    mask = masks[trapper]
                    if not mask:
                        continue
                    paid = STEPS_PAID[trapper][mask]
                    found = targets[trapper] or state.step_targets(trapper)
                    if foreign:
                        _check_face_up(state, trapper, found)
                    for square in found:
                        tile: Tile = board[square]  # type: ignore[assignment]
                        if tile.kind is canoe:
                            if plain_canoe:
                                out += paid[square]
                                continue
                            table, key = by_separate, tile.face
                        elif plain_other:
                            out += paid[square]
                            continue
                        else:
                            table, key = by_open, tile.face[0]
                        if base:  # the base game's answer, from the display's table
                            placements = table.get(key)
                            if placements is None:
                                placements = table[key] = answer(display, tile)
                        else:
                            placements = choices(display, tile)
                            if not isinstance(placements, tuple):
                                raise bad_choices(state.rules, tile, placements)
                        # Plain loops below, not comprehensions: one would be a
                        # function made at each placement, and its cells for
                        # trapper, square and placement would slow every use of
                        # them in this function.
                        for placement in placements:
                            if placement is None:
                                out += paid[square]
                            elif own_build:  # build's own table, without a call to build
                                for pay in PAYMENTS[mask]:
                                    out.append(_placed(trapper, square, pay, placement))
                            else:
                                at = SQUARES[square]
                                for pay in PAYMENTS[mask]:
                                    out.append(build(trapper, at, placement, pay))
            except (IndexError, TypeError, AttributeError):
                _check_targets(state)
                raise
            return out

        return legal

    def allows(self, state: GameState, action: Step) -> bool:
        """The four options above asked of one step without a call each: a
        replay asks this of every step. The invariant checks compare it with
        the options' own answer (``problem``) on every position they visit.
        A subclass that overrides an option is checked through its options."""
        if not self._own_options:
            return super().allows(state, action)
        trapper = action.trapper
        try:
            fixed = state.turn.trapper  # type: ignore[attr-defined]
        except AttributeError:
            raise _no_field(state, "trapper", "step") from None
        if fixed is not None and trapper is not fixed:
            return False
        player: int = state.to_move  # type: ignore[assignment]
        if not pay_masks(state.hands[player])[trapper] >> action.payment & 1:
            return False
        square = action.square.index
        if square not in _targets(state, trapper):
            return False
        tile = state.board[square]
        assert tile is not None  # a target holds a tile
        choices = state.rules.placement_choices(state.displays[player], tile)
        if not isinstance(choices, tuple):
            raise bad_choices(state.rules, tile, choices)
        return action.placement in choices

    def build(self, *values: Any) -> Step:
        trapper, square, placement, payment = values
        if placement is None:
            plain: Step = STEPS[trapper][square.index][payment]
            return plain
        return _placed(trapper, square.index, payment, placement)

    def build_all(
        self, state: GameState, chosen: tuple[Any, ...], last: Sequence[Any]
    ) -> Sequence[Step]:
        trapper, square, placement = chosen
        if placement is None and type(last) is Payments:
            # The usual case (this class's payment options): steps made once,
            # grouped by payment.
            steps: Sequence[Step] = STEPS_PAID[trapper][last.mask][square.index]
            return steps
        build = self.build
        return [build(trapper, square, placement, payment) for payment in last]

    def refuse_trapper(self, state: GameState, step: Step) -> IllegalActionError:
        try:
            fixed = state.turn.trapper  # type: ignore[attr-defined]
        except AttributeError:
            raise _no_field(state, "trapper", "step") from None
        if fixed is not None and step.trapper is not fixed:
            return _error(
                "R11",
                f"this turn hunts with the {fixed} trapper; "
                f"the {step.trapper} trapper cannot move",
                step,
            )
        return self.refuse_payment(state, step)

    def refuse_square(self, state: GameState, step: Step) -> IllegalActionError:
        return _error(*take_problem(state, step.trapper, step.square), step)

    def refuse_placement(self, state: GameState, step: Step) -> IllegalActionError:
        return placement_problem(
            state,
            state.seat,
            step.square,
            step,
            lambda placement: self.build(step.trapper, step.square, placement, step.payment),
        )

    def refuse_payment(self, state: GameState, step: Step) -> IllegalActionError:
        held = state.hands[state.seat][step.payment]
        what = "one card" if step.cards == 1 else "two cards"
        return IllegalActionError(
            f"R13: a step of the {step.trapper} trapper paid in {step.payment} takes {what} of "
            f"that colour; the hand holds {held}",
            rule="R13",
            action=step,
            shortfall={step.payment: step.cards - held},
        )

    def apply(self, state: GameState, step: Step) -> None:
        player: int = state.to_move  # type: ignore[assignment]
        turn: Turn = state.turn  # type: ignore[assignment]
        payment = step.payment
        # step.cards without the property's call
        pay(state, player, payment, 1 if payment is step.trapper else 2)
        tile = take(state, step.trapper, step.square.index)
        place_tile(state, player, tile, step.placement)
        if turn.trapper is None:
            state.turn = (
                TURNS[step.trapper][turn.exchanged]
                if type(turn) is Turn
                else attrs.evolve(turn, trapper=step.trapper)  # a variant's own record, kept so
            )

    def text(self, state: GameState, step: Step) -> str:
        text = f"{step.trapper.letter}{step.square.name}"
        if step.payment is not step.trapper:
            text += "/" + step.payment.letter * 2
        return text + placement_text(state, step.square, step.placement)

    def describe(self, state: GameState, step: Step) -> str:
        """``"Blue trapper to c5, paying two beige cards: bear canoe (2)
        opens a new row"``: the trapper, the square, the payment, the tile
        taken and where it goes."""
        cards = [0, 0, 0, 0]
        cards[step.payment] = step.cards
        player: int = state.to_move  # type: ignore[assignment]
        return (
            f"{str(step.trapper).capitalize()} trapper to {step.square}, paying "
            f"{cards_words(cards, step.payment)}: "
            + placement_words(state, player, step.square, step.placement)
        )

    def reads_alike(self, text: str) -> bool:
        return "<" not in text  # what a taken canoe gathers names its species' tiles

    def parse(self, state: GameState, text: str) -> Step | None:
        if text[:1] not in ("B", "E", "G", "P"):
            return None
        if "<" not in text:
            return _read_step(text)
        match = STEP.fullmatch(text)
        if match is None:
            return None
        trapper = Colour.from_letter(match["trapper"])
        square = Square.parse(match["square"])
        payment = parse_payment(text, trapper, match["pay"])
        return self.build(trapper, square, parse_placement(state, text, square, match), payment)


class ExchangeKind(ActionKind[Exchange]):
    """R21, D7: return valued canoes of different species for a species token,
    once per turn.

    The turn record must have an ``exchanged`` flag; a variant with another
    turn record subclasses this kind and says how to set it
    ([`mark_exchanged`][trapper_base.turn.ExchangeKind.mark_exchanged]).
    """

    name = "exchange"
    action_type = Exchange
    choices = ("species",)
    available_by_turn = True

    def reads_alike(self, text: str) -> bool:
        return True

    def mark_exchanged(self, state: GameState) -> None:
        """Records in the turn that the exchange has been made."""
        turn: Turn = state.turn  # type: ignore[assignment]  # or a variant's own record
        state.turn = (
            TURNS[turn.trapper][True]
            if type(turn) is Turn
            else attrs.evolve(turn, exchanged=True)  # a variant's own record, kept so
        )

    def unavailable(self, state: GameState) -> str | None:
        try:
            exchanged = state.turn.exchanged  # type: ignore[attr-defined]
        except AttributeError:
            raise _no_field(state, "exchanged", self.name) from None
        if exchanged:
            return "R21: one species exchange per turn, and it has been made"
        return None

    def species_options(self, state: GameState) -> Sequence[tuple[Species, ...]]:
        valued = state.displays[state.to_move].valued  # type: ignore[index]
        if not valued:
            return ()  # the usual case, asked on every position
        # The fields themselves, not two properties a canoe (a canoe has a species).
        species: tuple[Species, ...] = tuple([v.row.canoe.species for v in valued])  # type: ignore[misc]
        return _exchange_sets(species, state.supply.species, state.rules.species_token)

    def build_all(
        self, state: GameState, chosen: tuple[Any, ...], last: Sequence[Any]
    ) -> Sequence[Exchange]:
        if type(last) is tuple and type(self).build is ExchangeKind.build:
            return _exchanges(last)  # the options' sets (made once): their exchanges made once too
        return [self.build(*chosen, species) for species in last]

    def build(self, *values: Any) -> Exchange:
        species = values[0]
        if type(species) is tuple:  # as the options give them, sorted
            return _exchange(species)
        return Exchange(species)

    def refuse_species(self, state: GameState, action: Exchange) -> IllegalActionError:
        if not state.supply.species:
            if not state.rules.token_supply().species:  # none in the variant (children's, R36)
                return _error(
                    "D7",
                    f"variant {state.rules.variant!r} has no species tokens: "
                    "no canoes can be exchanged",
                    action,
                )
            return _error(
                "D7", "no species token is left in the supply: no canoes can be exchanged", action
            )
        valued = state.displays[state.seat].valued_species()
        lacking = [str(s) for s in action.species if s not in valued]
        if lacking:
            return _error(
                "R21", f"there is no valued {' or '.join(lacking)} canoe to return", action
            )
        k = len(action.species)
        return _error(
            "D7", f"no species token numbered {k} or lower is left in the supply", action
        )

    def apply(self, state: GameState, action: Exchange) -> None:
        exchange(state, state.seat, action.species)
        self.mark_exchanged(state)

    def text(self, state: GameState, action: Exchange) -> str:
        return "x" + "".join(s.letter for s in action.species)

    def describe(self, state: GameState, action: Exchange) -> str:
        """``"Return the valued bear and moose canoes for species token 2"``."""
        canoes = "canoe" if len(action.species) == 1 else "canoes"
        number = state.rules.species_token(len(action.species), state.supply.species)
        return (
            f"Return the valued {listed([str(s) for s in action.species])} {canoes} "
            f"for species token {number}"
        )

    def parse(self, state: GameState, text: str) -> Exchange | None:
        match = EXCHANGE.fullmatch(text)
        if match is None:
            return None
        letters = match["species"]
        if len(set(letters)) != len(letters):
            raise ActionSyntaxError(f"{text!r}: an exchange names each species once")
        return Exchange(tuple(Species.from_letter(c) for c in letters))


_Word = TypeVar("_Word", bound=Action)


class _WordKind(ActionKind[_Word]):
    """A kind with one action, written as one word, available or not by the
    turn record alone."""

    available_by_turn = True

    word: ClassVar[str]
    action: ClassVar[Any]  # the kind's one action, a _Word

    def build(self, *values: Any) -> _Word:
        word: _Word = self.action
        return word

    def reads_alike(self, text: str) -> bool:
        return True

    def text(self, state: GameState, action: _Word) -> str:
        return self.word

    def parse(self, state: GameState, text: str) -> _Word | None:
        word: _Word = self.action
        return word if text == self.word else None


class _BeforeHuntKind(_WordKind[_Word]):
    """A kind open only before the turn's first step (R11)."""

    available_by_turn = True  # the rule below reads the turn record alone

    def __init__(self) -> None:
        super().__init__()
        # The reasons, written once: listing asks on every position of a hunt.
        self.hunting: tuple[str, ...] = tuple(
            f"R11: the hunt with the {trapper} trapper has begun; "
            f"end the turn instead of trying to {self.word}"
            for trapper in COLOURS
        )

    def unavailable(self, state: GameState) -> str | None:
        try:
            trapper: Colour | None = state.turn.trapper  # type: ignore[attr-defined]
        except AttributeError:
            raise _no_field(state, "trapper", self.name) from None
        if trapper is not None:
            return self.hunting[trapper]
        return None


class PassKind(_BeforeHuntKind[Pass]):
    """R10: draw two cards instead of hunting; the turn ends. Written ``pass``."""

    name = "pass"
    action_type = Pass
    word = "pass"
    action = PASS

    def apply(self, state: GameState, action: Pass) -> None:
        draw(state, state.to_move, DRAW)  # type: ignore[arg-type]
        advance(state)

    def describe(self, state: GameState, action: Pass) -> str:
        return f"Pass: draw {number_words(DRAW)} cards and end the turn"


class RetireKind(_BeforeHuntKind[Retire]):
    """R12, R30: set the hand aside and leave the game. Written ``retire``."""

    name = "retire"
    action_type = Retire
    word = "retire"
    action = RETIRE

    def apply(self, state: GameState, action: Retire) -> None:
        retire(state, state.seat)
        advance(state)

    def describe(self, state: GameState, action: Retire) -> str:
        return "Retire: set the hand aside and leave the game"


class EndTurnKind(_WordKind[EndTurn]):
    """R11: end a hunt after one or more steps and draw two cards. Written ``end``."""

    name = "end"
    action_type = EndTurn
    word = "end"
    action = END_TURN
    available_by_turn = True  # the rule below reads the turn record alone

    def unavailable(self, state: GameState) -> str | None:
        try:
            trapper = state.turn.trapper  # type: ignore[attr-defined]
        except AttributeError:
            raise _no_field(state, "trapper", self.name) from None
        if trapper is None:
            return "R11: no step has been taken this turn; pass (R10) instead of ending a hunt"
        return None

    def apply(self, state: GameState, action: EndTurn) -> None:
        draw(state, state.to_move, DRAW)  # type: ignore[arg-type]
        advance(state)

    def describe(self, state: GameState, action: EndTurn) -> str:
        return f"End the turn and draw {number_words(DRAW)} cards"


KINDS = (StepKind(), ExchangeKind(), PassKind(), RetireKind(), EndTurnKind())
"""The base game's kinds of action, in the order their actions are listed."""


@hookimpl
def trapper_new_turn(state: GameState) -> Turn:
    return FRESH_TURN


@hookimpl
def trapper_action_kinds() -> Sequence[ActionKind[Any]]:
    return KINDS
