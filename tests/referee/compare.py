"""Plays the engine and the referee side by side and reports where they differ.

The engine is read through its public API only: ``game.state``'s documented
fields, ``game.legal_actions()``, ``game.action_text``, ``game.apply``,
``game.valuation()``, ``game.scores()`` and ``game.winners()``; in the
tactical variant the turn record too, ``TacticalTurn`` and its ``Auction``
(documented public values of ``trapper_tactical.actions``).

What no rule orders is compared as a multiset: the open canoes of a display,
its separate tiles, its tokens, the animals at a canoe and the returned
canoes. Valued canoes are compared in the order valued (D12 returns the first
one). Tiles in displays are compared by face (D15: identical faces are one
tile once taken), tiles on the board with their water edges. A finished game
has no turn in progress, so the turn record is not compared after the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import trapper_core as tc
from trapper_tactical import TacticalTurn

from .rules import COLOURS, Referee, Row, square_name
from .tactical import TacticalReferee

Canonical = dict[str, Any]


def _row(canoe: str, animals: Sequence[str], herb: str, mushroom: str) -> tuple[object, ...]:
    return (canoe, tuple(sorted(animals)), herb, mushroom)


def _engine_row(row: tc.Row) -> tuple[object, ...]:
    return _row(
        row.canoe.face,
        [t.face for t in row.animals],
        row.herb.face if row.herb else "",
        row.mushroom.face if row.mushroom else "",
    )


def _referee_row(row: Row) -> tuple[object, ...]:
    return row.canonical()


def engine_state(game: tc.Game) -> Canonical:
    """The engine's position in comparable plain values."""
    s = game.state
    displays = []
    for d in s.displays:
        displays.append(
            {
                "open": sorted(map(_engine_row, d.open)),
                "valued": [(_engine_row(v.row), v.payout) for v in d.valued],
                "separate": sorted(t.face for t in d.separate),
                "money": d.money,
                "tokens": sorted((t.kind.value, t.number) for t in d.tokens),
            }
        )
    return {
        "board": [t.code if t is not None else None for t in s.board],
        "face_up": sorted(square_name(i) for i in range(64) if s.face_up >> i & 1),
        "tiles_left": s.tiles_left,
        "trappers": [square_name(i) for i in s.trappers],
        "hands": [list(h) for h in s.hands],
        "draw_pile": "".join(COLOURS[c] for c in s.pile[s.drawn :]),
        "discard": list(s.discard),
        "out": list(s.out),
        "displays": displays,
        "supply": (list(s.supply.canoe), list(s.supply.species)),
        "returned": sorted((p, _engine_row(v.row)) for p, v in s.returned),
        "to_move": s.to_move,
        "retired": list(s.retired),
        "turns": s.turns,
        "turn": engine_turn(s.turn),
    }


def engine_turn(turn: object) -> tuple[object, ...]:
    """The engine's turn record (docs/plugins.md, ``trapper_new_turn``): the
    base game's trapper and exchange flag, or the tactical ``TacticalTurn``:
    stone holder, colour, exchange flag, auctions opened and the auction in
    progress (colour, bid, leader, bidders)."""
    if isinstance(turn, TacticalTurn):
        auction = turn.auction
        return (
            turn.stone,
            None if turn.colour is None else int(turn.colour),
            turn.exchanged,
            turn.auctions,
            None
            if auction is None
            else (int(auction.colour), auction.bid, auction.leader, tuple(auction.bidders)),
        )
    hunter = getattr(turn, "trapper", None)
    return (None if hunter is None else int(hunter), bool(getattr(turn, "exchanged", False)))


def referee_state(ref: Referee) -> Canonical:
    """The referee's position in the same plain values."""
    displays = []
    for d in ref.displays:
        displays.append(
            {
                "open": sorted(map(_referee_row, d.open)),
                "valued": [(_referee_row(r), payout) for r, payout in d.valued],
                "separate": sorted(t.face for t in d.separate),
                "money": d.money,
                "tokens": sorted(d.tokens),
            }
        )
    return {
        "board": [t.code if t is not None else None for t in ref.board],
        "face_up": sorted(square_name(i) for i in ref.face_up),
        "tiles_left": ref.tiles_left(),
        "trappers": [square_name(i) for i in ref.trappers],
        "hands": [list(h) for h in ref.hands],
        "draw_pile": "".join(COLOURS[c] for c in ref.pile),
        "discard": list(ref.discard),
        "out": list(ref.out),
        "displays": displays,
        "supply": (list(ref.canoe_supply), list(ref.species_supply)),
        "returned": sorted((p, _referee_row(r)) for p, r in ref.returned),
        "to_move": ref.to_move,
        "retired": list(ref.retired),
        "turns": ref.turns,
        "turn": ref.turn_record(),
    }


def differences(engine: Canonical, referee: Canonical) -> list[str]:
    """Each field (and each display's part) on which the two differ."""
    out = []
    for key in engine:
        a, b = engine[key], referee[key]
        if key == "turn" and engine["to_move"] is None is referee["to_move"]:
            continue  # a finished game has no turn in progress
        if key == "displays":
            for seat, (da, db) in enumerate(zip(a, b, strict=True)):
                for part in da:
                    if da[part] != db[part]:
                        out.append(f"display {seat} {part}: engine {da[part]} referee {db[part]}")
        elif key == "board" and a != b:
            cells = ", ".join(
                f"{square_name(i)}: engine {a[i]} referee {b[i]}"
                for i in range(64)
                if a[i] != b[i]
            )
            out.append(f"board {cells}")
        elif a != b:
            out.append(f"{key}: engine {a} referee {b}")
    return out


def referee_for(game: tc.Game) -> Referee:
    """A referee at the engine's starting position (chance only is read:
    the layout with its water edges, the trappers, the deal and the pile);
    reshuffles are read from the engine's record of them as they happen."""
    s = game.state
    assert s.drawn == 0
    assert not s.shuffled

    def shuffler(counts: tuple[int, int, int, int]) -> Sequence[int]:
        made = game.state.shuffled
        if len(made) <= len(ref.shuffles):
            raise AssertionError(
                f"the referee reshuffles the discard pile {counts}; the engine did not"
            )
        return made[len(ref.shuffles)]

    kind = TacticalReferee if game.variant == "tactical" else Referee
    ref = kind(
        variant=game.variant,
        board=[t.code if t is not None else None for t in s.board],
        trappers=s.trappers,
        hands=s.hands,
        pile=s.pile,
        shuffler=shuffler,
        start_player=game.to_move if game.to_move is not None else 0,
    )
    return ref


@dataclass
class Disagreement:
    seed: int
    variant: str
    players: int
    decision: int
    what: str
    history: list[str]
    position: str

    def __str__(self) -> str:
        return (
            f"{self.variant}, {self.players} players, seed {self.seed}, decision {self.decision}"
            f" (after {' '.join(self.history[-12:]) or 'no action'}):\n{self.what}\n"
            f"position: {self.position}"
        )


@dataclass
class Outcome:
    """One game compared: how many decisions, the first disagreement, and
    what the game went through (the referee's event counts)."""

    decisions: int
    disagreement: Disagreement | None
    events: Counter[str]


Policy = Callable[[random.Random, list[str], Sequence[str]], str]
"""Chooses one of the legal texts, knowing the texts played so far."""


def biased(rng: random.Random, texts: list[str], history: Sequence[str] = ()) -> str:
    """A random choice that keeps games long: retire and pass seldom, exchange often."""
    exchanges = [t for t in texts if t.startswith("x")]
    if exchanges and rng.random() < 0.3:
        return rng.choice(exchanges)
    if "retire" in texts and rng.random() < 0.02:
        return "retire"
    rest = [t for t in texts if t not in ("retire", "pass") and not t.startswith("x")]
    if not rest or rng.random() < 0.1:
        rest = [t for t in texts if t != "retire"] or texts
    return rng.choice(rest)


def uniform(rng: random.Random, texts: list[str], history: Sequence[str] = ()) -> str:
    """Any legal action, all alike."""
    return rng.choice(texts)


def hoarder(rng: random.Random, texts: list[str], history: Sequence[str] = ()) -> str:
    """Passes most turns, so that the cards run out (R8, D4)."""
    if "pass" in texts and rng.random() < 0.7:
        return "pass"
    return biased(rng, texts)


def collector(rng: random.Random, texts: list[str], history: Sequence[str] = ()) -> str:
    """Saves valued canoes for a large exchange, so that tokens run out and
    the next lower one is taken (R21, D7); now and then retires right after
    an exchange (R21: also in a turn in which they retire; D16)."""
    if history and history[-1].startswith("x") and "retire" in texts and rng.random() < 0.1:
        return "retire"
    exchanges = [t for t in texts if t.startswith("x")]
    largest = max((len(t) for t in exchanges), default=0)
    if largest >= 3 and rng.random() < 0.5:  # two species or more
        return rng.choice([t for t in exchanges if len(t) == largest])
    return biased(rng, [t for t in texts if not t.startswith("x")])


POLICIES: dict[str, Policy] = {
    "biased": biased,
    "uniform": uniform,
    "hoarder": hoarder,
    "collector": collector,
}
PLAY = (*sorted(POLICIES), "greedy")
"""Every way ``play_and_compare`` can choose actions."""


def sparse_setup(game: tc.Game, rng: random.Random) -> tc.Setup:
    """The game's setup with many tiles sent to the box, the trappers on
    random squares and a random start player: isolated and stuck trappers
    (R14, D5) and the end of D8 come up often."""
    setup = game.setup
    board = list(setup.board)
    box = list(setup.box)
    share = rng.uniform(0.3, 0.85)
    for i, tile in enumerate(board):
        if tile is not None and rng.random() < share:
            box.append(tile)
            board[i] = None
    squares = rng.sample(range(64), 4)
    for i in squares:
        tile = board[i]
        if tile is not None:
            box.append(tile)
            board[i] = None
    return tc.Setup(
        board=tuple(board),
        deck=setup.deck,
        trappers=tuple(tc.Square(i) for i in squares),
        box=tuple(box),
        start_player=rng.randrange(len(game.state.hands)),
    )


def _position(game: tc.Game) -> str:
    from trapper_core.notation import Position

    return str(Position.from_game(game))


def play_and_compare(
    variant: str,
    players: int,
    seed: int,
    policy: str = "biased",
    *,
    sparse: bool = False,
    max_decisions: int = 5000,
) -> Outcome:
    """Plays one seeded random game in both, choosing by ``policy`` (a name
    in ``POLICIES``, or ``"greedy"``: mostly the engine's greedy bot, which
    fills canoes well), from the variant's setup or a ``sparse_setup``."""
    rng = random.Random(seed * 7919 + players)
    game = tc.new_game(variant, players, seed=seed, undo=False)
    if sparse:
        game = tc.new_game(variant, players, seed=seed, setup=sparse_setup(game, rng), undo=False)
    ref = referee_for(game)
    greedy = [tc.GreedyBot(seed * 10 + seat) for seat in range(players)]
    choose = POLICIES[policy] if policy != "greedy" else biased
    history: list[str] = []

    def fail(decision: int, what: str) -> Outcome:
        found = Disagreement(seed, variant, players, decision, what, history, _position(game))
        return Outcome(decision, found, ref.events)

    decision = 0
    problems = differences(engine_state(game), referee_state(ref))
    if problems:
        return fail(0, "start: " + "\n".join(problems))
    while not game.is_over:
        if decision >= max_decisions:
            return fail(decision, "the game did not end")
        engine_actions = {game.action_text(a): a for a in game.legal_actions()}
        mine = ref.legal_actions()
        if set(engine_actions) != set(mine):
            only_engine = sorted(set(engine_actions) - set(mine))
            only_ref = sorted(set(mine) - set(engine_actions))
            return fail(
                decision,
                f"legal actions of player {game.to_move}: only the engine {only_engine}, "
                f"only the referee {only_ref}",
            )
        for near in ref.near_misses():
            try:
                accepted = game.parse_action(near)
            except (tc.IllegalActionError, tc.ActionSyntaxError, tc.ActionFieldError):
                continue
            return fail(
                decision,
                f"player {game.to_move}: the engine accepts {near!r} as {accepted!r}, "
                "which the referee finds illegal",
            )
        if policy == "greedy" and rng.random() < 0.8:  # the greedy bot, now and then at random
            seat = game.to_move
            assert seat is not None
            text = game.action_text(greedy[seat].choose(game.view(seat)))
        else:
            text = choose(rng, sorted(engine_actions), history)
        game.apply(engine_actions[text])
        history.append(text)
        try:
            ref.apply(text)
        except Exception as error:  # reported with the game that caused it
            return fail(decision, f"the referee could not play {text}: {error!r}")
        decision += 1
        problems = differences(engine_state(game), referee_state(ref))
        if problems:
            return fail(decision, f"after {text}: " + "\n".join(problems))
    if not ref.over:
        return fail(decision, "the engine ended the game, the referee did not")
    valuation = game.valuation()
    assert valuation is not None
    assert ref.valuation is not None
    for seat, (v, mine_v) in enumerate(zip(valuation, ref.valuation, strict=True)):
        if dict(v.parts) != mine_v:
            return fail(decision, f"valuation of {seat}: engine {v.parts} referee {mine_v}")
    if list(game.scores()) != ref.scores():
        return fail(decision, f"scores: engine {game.scores()} referee {ref.scores()}")
    if list(game.winners()) != ref.winners():
        return fail(decision, f"winners: engine {game.winners()} referee {ref.winners()}")
    if any(v < 0 for v in game.scores()):
        ref.events["D2 below zero"] += 1
    return Outcome(decision, None, ref.events)
