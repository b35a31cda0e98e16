"""The engine's hot paths side by side with python-chess, and their instruction counts.

    python benchmarks/engine.py                  # every figure, 15 interleaved rounds
    python benchmarks/engine.py --rounds 5       # quicker, rougher
    python benchmarks/engine.py --instructions   # valgrind: instructions per decision
    python benchmarks/engine.py --instructions --figure bot         # of the view() + bot loop
    python benchmarks/engine.py --instructions --figure apply-undo  # per apply + undo pair
    python benchmarks/engine.py --instructions --figure floor  # what any step's pair must cost

Each ``sides_*`` function returns a pair of work slices ``(ours, theirs)`` for
:func:`benchmarks.rounds.rounds`: each slice runs once and returns how many
units (decisions, plies, copies) it did. ``benchmarks/run.py`` calls them for
its table; run alone, this script prints the figures of the engine's targets:

- ``sides_playout(variant)``: the random playout loop (``legal_actions()``, a
  seeded pick, ``apply()``) over complete 4-player games, against
  python-chess's (``list(board.legal_moves)``, a pick, ``push()``);
- ``sides_view_bot(variant)``: the same through ``view()`` and a seeded
  ``RandomBot``, as ``play`` and ``simulate`` run it, against the same chess loop;
- ``sides_apply_undo()``: ``apply`` then ``undo`` of every legal action of
  mid-game positions, against ``push`` then ``pop`` of every legal move;
- ``sides_copy()``: ``copy()`` of a mid-game position, against
  ``Board.copy(stack=False)``;
- ``bytes_per_decision(variant, undo)``: the memory a finished game holds,
  per decision (tracemalloc), with or without undo information.

``--instructions`` runs the playout of ten seeded 4-player games of each
variant under valgrind (``PYTHONHASHSEED=0``), after ten others that warm
the engine's tables, with the garbage collector off (when it runs moves
with every object made: counts would jump by whole collections),
subtracting a run that only starts the games, and
prints instructions per decision and per turn (``--no-undo``: games
without undo information; ``--chess``: python-chess's random games too,
per ply, after as many played to warm up).
"""

from __future__ import annotations

import argparse
import gc
import random
import shutil
import sys
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks import cachegrind
from benchmarks.rounds import Work, rounds

try:
    import chess

    HAS_CHESS = True
except ImportError:  # the bench extra is not installed
    HAS_CHESS = False

VARIANTS = ("base", "children", "tactical")
Sides = tuple[Work, Work]


# ----------------------------------------------------------------------
# python-chess's side
# ----------------------------------------------------------------------


def chess_playouts(games: int) -> Work:
    """Complete random chess games; counts plies."""

    def work() -> int:
        rng = random.Random(1)
        plies = 0
        for _ in range(games):
            board = chess.Board()
            while not board.is_game_over():
                board.push(rng.choice(list(board.legal_moves)))
                plies += 1
        return plies

    return work


def _chess_positions(count: int, plies: int) -> list[chess.Board]:
    rng = random.Random(7)
    boards: list[chess.Board] = []
    while len(boards) < count:
        board = chess.Board()
        while board.ply() < plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            boards.append(board)
    return boards


# ----------------------------------------------------------------------
# Ours
# ----------------------------------------------------------------------


def trapper_playouts(variant: str, games: int, players: int = 4, count: str = "decisions") -> Work:
    """Complete random games through ``legal_actions()`` and ``apply()``;
    counts decisions, or turns with ``count="turns"``."""

    def work() -> int:
        rng = random.Random(1)
        decisions = turns = 0
        for seed in range(games):
            game = tc.new_game(variant, players, seed=seed)
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(rng.choice(legal))
                decisions += 1
            turns += game.state.turns
        return turns if count == "turns" else decisions

    return work


def trapper_bot_playouts(variant: str, games: int, players: int = 4, first: int = 0) -> Work:
    """Complete games of seeded random bots, each choosing from its ``view()``
    (seeds ``first``, ``first + 1``, …)."""

    def work() -> int:
        decisions = 0
        for seed in range(first, first + games):
            game = tc.new_game(variant, players, seed=seed)
            bots = [tc.RandomBot(seed * 10 + s) for s in range(players)]
            while not game.is_over:
                seat: int = game.to_move  # type: ignore[assignment]
                game.apply(bots[seat].choose(game.view(seat)))
                decisions += 1
        return decisions

    return work


def _mid_games(count: int, decisions: int) -> list[tc.Game]:
    games = []
    for seed in range(count):
        game = tc.new_game("base", 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(decisions):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(rng.choice(legal))
        if not game.is_over:
            games.append(game)
    return games


# ----------------------------------------------------------------------
# The figures' sides
# ----------------------------------------------------------------------


def sides_playout(variant: str = "base", games: int = 30, count: str = "decisions") -> Sides:
    """Random playout decisions/s (or turns/s, ``count="turns"``; 4 players)
    against chess plies/s."""
    return trapper_playouts(variant, games, count=count), chess_playouts(max(games // 10, 3))


def sides_view_bot(variant: str = "base", games: int = 30) -> Sides:
    """The ``view()`` + ``RandomBot`` loop against the chess playout."""
    return trapper_bot_playouts(variant, games), chess_playouts(max(games // 10, 3))


def sides_apply_undo(positions: int = 20, decisions: int = 40) -> Sides:
    """``apply`` + ``undo`` of every legal action of mid-game positions (40
    decisions in) against ``push`` + ``pop`` of every legal move (40 plies in)."""
    games = _mid_games(positions, decisions)
    listed = [(game, game.legal_actions()) for game in games]
    boards = [(board, list(board.legal_moves)) for board in _chess_positions(positions, 40)]

    def ours() -> int:
        done = 0
        for _ in range(20):
            for game, legal in listed:
                apply, undo = game.apply, game.undo
                for action in legal:
                    apply(action)
                    undo()
                done += len(legal)
        return done

    def theirs() -> int:
        done = 0
        for _ in range(20):
            for board, moves in boards:
                push, pop = board.push, board.pop
                for move in moves:
                    push(move)
                    pop()
                done += len(moves)
        return done

    return ours, theirs


def sides_copy(decisions: int = 40, n: int = 20_000) -> Sides:
    """``copy()`` of a mid-game position against ``Board.copy(stack=False)``."""
    game = _mid_games(1, decisions)[0]
    board = _chess_positions(1, decisions)[0]

    def ours() -> int:
        copy = game.copy
        for _ in range(n):
            copy()
        return n

    def theirs() -> int:
        copy = board.copy
        for _ in range(n):
            copy(stack=False)
        return n

    return ours, theirs


def finished_games(variant: str, games: int, *, undo: bool = True) -> tuple[list[tc.Game], int]:
    """Seeded random 4-player games played to the end, and their decisions."""
    kept = []
    decisions = 0
    for seed in range(games):
        game = tc.new_game(variant, 4, seed=seed, undo=undo)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(rng.choice(legal))
            decisions += 1
        kept.append(game)
    return kept, decisions


def bytes_per_decision(variant: str = "base", games: int = 200, *, undo: bool = True) -> float:
    """Bytes that finished games hold, per decision (tracemalloc). The games
    are played once before measuring, so that values every game shares (the
    interned actions and tables) are not counted."""
    finished_games(variant, games, undo=undo)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept, decisions = finished_games(variant, games, undo=undo)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del kept
    return grown / decisions


# ----------------------------------------------------------------------
# Instruction counts
# ----------------------------------------------------------------------


def _figure_only(variant: str, games: int, mode: str, play: bool) -> None:
    """The instruction-count subject of ``--figure bot`` (the ``view()`` +
    ``RandomBot`` loop of ``games`` seeded games, after as many played to
    warm the tables) and ``--figure apply-undo`` (``apply`` + ``undo`` of
    every legal action of the mid-game positions of ``sides_apply_undo``,
    five times over, after once to warm up): prints the decisions or pairs
    done (0 when only starting)."""
    if mode == "bot":
        trapper_bot_playouts(variant, games)()
        gc.collect()
        gc.disable()  # as in _playout_only
        print(trapper_bot_playouts(variant, games, first=1000)() if play else 0, 0)
        return
    games_ = _mid_games(games * 2, 40)
    listed: list[tuple[Any, Sequence[Any]]] = [(game, game.legal_actions()) for game in games_]
    if mode == "floor":  # the steps, on stand-ins that ask no rule
        listed = [
            (_Floor(game), [a for a in legal if hasattr(a, "square")]) for game, legal in listed
        ]
    _pairs([(game.apply, game.undo, legal) for game, legal in listed], play)


def _pairs(
    listed: Sequence[tuple[Callable[[Any], object], Callable[[], object], Sequence[Any]]],
    play: bool,
) -> None:
    """Does and undoes every item of each position (``(do, undo, items)``),
    five times over after once to warm up (once only when not ``play``),
    with the garbage collector off as in `_playout_only`; prints the pairs
    done in the five."""
    gc.collect()
    gc.disable()
    done = 0
    for repeat in range(6 if play else 1):
        for do, undo, items in listed:
            for item in items:
                do(item)
                undo()
            if repeat:
                done += len(items)
    print(done, 0)


class _Floor:
    """An apply + undo of a step that asks no rule and does only what the
    Variant API's immutable values force on any step: the snapshot, new
    tuples for the hands, the discard, the board and the trappers, a new
    display holding the tile (one constructor call, as the plainest
    placement makes), the undo entry and the history's link, then the
    restore. What it counts is the floor under figure 3's steps, whatever
    the rules (``--figure floor``)."""

    def __init__(self, game: tc.Game) -> None:
        from trapper_core.state import restore, snapshot

        self.state = game.state
        self.snapshot, self.restore = snapshot, restore
        self.recent: list[tuple[tuple[object, ...], object]] = []
        self.last: object = None
        self.legal = game.legal_actions()

    def apply(self, step: Any) -> None:
        state = self.state
        kept = self.snapshot(state)
        player = state.to_move
        assert player is not None
        hand = list(state.hands[player])
        hand[step.payment] -= 1
        hands: list[Any] = list(state.hands)
        hands[player] = tuple(hand)
        state.hands = tuple(hands)
        discard = list(state.discard)
        discard[step.payment] += 1
        state.discard = tuple(discard)  # type: ignore[assignment]
        square = step.square.index
        board = list(state.board)
        tile = board[square]
        board[square] = None
        state.board = tuple(board)
        trappers = list(state.trappers)
        trappers[step.trapper] = square
        state.trappers = tuple(trappers)
        state.face_up &= ~(1 << square)
        state.tiles_left -= 1
        display = state.displays[player]
        new = tc.Display(
            display.open, display.valued, (*display.separate, tile), display.money, display.tokens
        )
        displays = list(state.displays)
        displays[player] = new
        state.displays = tuple(displays)
        self.recent.append((kept, self.legal))
        self.last = (self.last, step, 0)

    def undo(self) -> None:
        kept, self.legal = self.recent.pop()  # type: ignore[assignment]
        self.restore(self.state, kept)
        self.last = self.last[0]  # type: ignore[index]


def _playout_only(variant: str, games: int, play: bool, undo: bool = True, mode: str = "") -> None:
    """The instruction-count subject: new games, and their random playouts if
    ``play``, after as many other games played to warm the engine's tables
    (what a long run of games sees)."""
    if variant == "chess" and mode == "apply-undo":  # push + pop, counted the same way
        boards = _chess_positions(games * 2, 40)
        _pairs([(board.push, board.pop, list(board.legal_moves)) for board in boards], play)
        return
    if variant == "chess":  # python-chess's plies, counted the same way
        chess_playouts(games)()
        gc.collect()
        gc.disable()  # as below
        print(chess_playouts(games)() if play else 0, 0)
        return
    if mode in ("bot", "apply-undo", "floor"):
        _figure_only(variant, games, mode, play)
        return
    trapper_playouts(variant, games)()
    # The cyclic garbage collector is off while counting: when it runs
    # depends on how many objects were made, so a change that makes a few
    # more or fewer would move the count by whole collections (a full one
    # visits every object of the process), not by what it costs.
    gc.collect()
    gc.disable()
    decisions = turns = 0
    for seed in range(1000, 1000 + games):
        game = tc.new_game(variant, 4, seed=seed, undo=undo)
        rng = random.Random(seed)
        if not play:
            continue
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(rng.choice(legal))
            decisions += 1
        turns += game.state.turns
    print(decisions, turns)


def _instructions(variant: str, games: int, mode: str) -> tuple[int, int, int]:
    # ``mode``: play, play-no-undo or start, then ``:bot`` or ``:apply-undo``
    # for those figures.
    refs, printed = cachegrind.count(__file__, "--playout-only", variant, str(games), mode)
    decisions, turns = (int(x) for x in printed.split())
    return refs, decisions, turns


def instructions_per_decision(
    variant: str, games: int = 10, *, undo: bool = True, figure: str = "playout"
) -> tuple[float, float]:
    """Instructions per decision and per turn of the random playout (valgrind),
    in games with or without undo information; with ``figure="bot"``, per
    decision of the ``view()`` + ``RandomBot`` loop, and with
    ``figure="apply-undo"`` per ``apply`` + ``undo`` pair (per turn: 0)."""
    tail = "" if figure == "playout" else ":" + figure
    played, decisions, turns = _instructions(
        variant, games, ("play" if undo else "play-no-undo") + tail
    )
    started, _, _ = _instructions(variant, games, "start" + tail)
    return (played - started) / decisions, (played - started) / max(turns, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--instructions", action="store_true", help="valgrind counts only")
    parser.add_argument("--games", type=int, default=10, help="games per instruction count")
    parser.add_argument("--no-undo", action="store_true", help="count games without undo")
    parser.add_argument("--chess", action="store_true", help="count python-chess's plies too")
    parser.add_argument(
        "--figure",
        choices=("playout", "bot", "apply-undo", "floor"),
        default="playout",
        help="what --instructions counts: the random playout (default), the "
        "view() + RandomBot loop, apply + undo of every legal action (base), or "
        "the floor: what only the immutable values cost of every step's pair",
    )
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--playout-only", nargs=3, metavar=("VARIANT", "GAMES", "MODE"))
    args = parser.parse_args(argv)
    if args.playout_only:
        variant, games, mode = args.playout_only
        _playout_only(
            variant,
            int(games),
            not mode.startswith("start"),
            undo=mode != "play-no-undo",
            mode=mode.partition(":")[2],
        )
        return 0
    variants = args.variants.split(",")
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind is not installed")
            return 1
        if args.chess and HAS_CHESS and args.figure == "playout":
            per_ply, _ = instructions_per_decision("chess", max(args.games // 5, 1))
            print(f"{'chess':10} {per_ply:10,.0f} instructions per ply", flush=True)
        elif args.chess and HAS_CHESS and args.figure in ("apply-undo", "floor"):
            per_pair, _ = instructions_per_decision("chess", args.games, figure="apply-undo")
            print(f"{'chess':10} {per_pair:10,.0f} instructions per push + pop", flush=True)
        for variant in variants:
            per_decision, per_turn = instructions_per_decision(
                variant, args.games, undo=not args.no_undo, figure=args.figure
            )
            if args.figure == "playout":
                unit = f"decision {per_turn:10,.0f} per turn"
            else:
                unit = "decision" if args.figure == "bot" else "pair (apply + undo)"
            print(f"{variant:10} {per_decision:10,.0f} instructions per {unit}", flush=True)
        return 0
    if not HAS_CHESS:
        print("python-chess is not installed (pip install -e '.[bench]')")
        return 1
    figures: list[tuple[str, Callable[[], Sides]]] = [
        *((f"playout {v} 4p", lambda v=v: sides_playout(v)) for v in variants),
        *((f"view + bot {v} 4p", lambda v=v: sides_view_bot(v)) for v in variants),
        ("apply + undo / push + pop", sides_apply_undo),
        ("copy() / copy(stack=False)", sides_copy),
    ]
    print(f"{'figure':32} {'min / median / max':>20} {'ours/s':>12} {'theirs/s':>12}")
    for label, make in figures:
        spread = rounds(*make(), args.rounds)
        print(f"{label:32} {spread!s:>20} {spread.ours:12,.0f} {spread.theirs:12,.0f}", flush=True)
    for variant in variants:
        with_undo = bytes_per_decision(variant)
        without = bytes_per_decision(variant, undo=False)
        print(f"memory {variant:10} {with_undo:6.0f} B/decision, {without:6.0f} without undo")
    return 0


if __name__ == "__main__":
    sys.exit(main())
