"""Reading and replaying notation, side by side with python-chess and PGN.

    python benchmarks/notation.py [--games 300] [--rounds 15]
    python benchmarks/notation.py --instructions [--games 30]   # valgrind

Writes a file of engine games (random and greedy bots, every variant, 2–4
players), then times reading it with ``notation.read_game`` and replaying
every move with every rule checked (``record.replay(undo=False)``: the games
keep no undo information). In the same run python-chess plays random
games of its own, as many plies as our file has moves, writes them as PGN and
times ``chess.pgn.read_game`` over the file, which parses and replays
(legality-checks) every move too. The two sides run in interleaved rounds
(``benchmarks/rounds.py``); it prints the min / median / max of the
per-round ratios of moves per second to plies per second.

``--instructions`` counts instructions per move instead, which do not move
with the machine's load: it writes the file of ``--games`` engine games (30
by default) and reads and replays it under valgrind's cachegrind in a child
process (``PYTHONHASHSEED=0``), after once to warm the engine's tables and
with the garbage collector off, less the count of a child that only warms
up; and the same for python-chess's ``read_game`` per ply.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks import cachegrind
from benchmarks.rounds import Work, rounds
from trapper_core import notation


def trapper_file(games: int) -> tuple[str, int]:
    played = []
    variants = tc.available_variants()
    for i in range(games):
        variant = variants[i % len(variants)]
        kind = ("random", "greedy")[i // len(variants) % 2]
        game = tc.new_game(variant, 2 + i % 3, seed=i)
        played.append(tc.play(game, [tc.make_bot(kind, i * 10 + s) for s in range(2 + i % 3)]))
    return notation.dumps(played), sum(len(g.history) for g in played)


def trapper_replay(text: str, *, undo: bool = False) -> int:
    """Reads every game of ``text`` with ``read_game`` and replays it
    (``undo=False``: the replayed games keep no undo information, as
    python-chess's ``read_game`` returns a game tree and no board)."""
    moves = 0
    stream = io.StringIO(text)
    while (record := notation.read_game(stream)) is not None:
        game = record.replay(undo=undo)
        moves += len(game.history)
    return moves


def chess_file(games: int, target_plies: int) -> str:
    import chess
    import chess.pgn

    rng = random.Random(1)
    out = io.StringIO()
    plies = 0
    made = 0
    while made < games or plies < target_plies:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
        plies += board.ply()
        print(chess.pgn.Game.from_board(board), file=out, end="\n\n")
        made += 1
    return out.getvalue()


def chess_replay(text: str) -> int:
    import chess.pgn

    stream = io.StringIO(text)
    plies = 0
    while (game := chess.pgn.read_game(stream)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
    return plies


def sides(games: int) -> tuple[Work, Work]:
    """Our slice (read and replay ``games`` engine games) and python-chess's
    (``read_game`` over PGN of as many plies), for ``rounds``."""
    text, moves = trapper_file(games)
    pgn = chess_file(games, moves)

    def ours() -> int:
        replayed = trapper_replay(text)
        assert replayed == moves
        return replayed

    def theirs() -> int:
        return chess_replay(pgn)

    return ours, theirs


def _subject(side: str, path: str, count: bool) -> None:
    """The instruction-count subject: reads and replays the file at ``path``
    once to warm up, then, if ``count``, again with the collector off;
    prints the moves (or plies) of the counted pass, 0 when not counting."""
    text = Path(path).read_text(encoding="utf-8")
    replay = trapper_replay if side == "trapper" else chess_replay
    replay(text)
    gc.collect()
    gc.disable()
    print(replay(text) if count else 0)


def _count(side: str, path: str, count: bool) -> tuple[int, int]:
    """The instructions of one ``_subject`` run under cachegrind, and its moves."""
    refs, printed = cachegrind.count(__file__, "--subject", side, path, "go" if count else "warm")
    return refs, int(printed.split()[-1])


def instructions_per_move(games: int, *, chess: bool = True) -> dict[str, float]:
    """Instructions per move of reading and replaying ``games`` engine games
    (and per ply of python-chess's ``read_game`` over as many plies)."""
    text, moves = trapper_file(games)
    files = {"trapper": text}
    if chess:
        files["chess"] = chess_file(games, moves)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for side, content in files.items():
            path = os.path.join(tmp, f"{side}.txt")
            Path(path).write_text(content, encoding="utf-8")
            counted, done = _count(side, path, True)
            warmed, _ = _count(side, path, False)
            out[side] = (counted - warmed) / done
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--instructions", action="store_true", help="valgrind counts only")
    parser.add_argument("--subject", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.subject:
        side, path, mode = args.subject
        _subject(side, path, mode == "go")
        return 0
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess is not installed (pip install -e '.[bench]'): no comparison")
        return 1
    if args.instructions:
        if not cachegrind.available():
            print("valgrind is not installed (apt install valgrind): no counts")
            return 1
        counts = instructions_per_move(args.games or 30)
        print(f"trapper_core: {counts['trapper']:,.0f} instructions per move (read + replay)")
        print(f"python-chess: {counts['chess']:,.0f} instructions per ply (read_game)")
        return 0
    args.games = args.games or 300
    ours, theirs = sides(args.games)
    spread = rounds(ours, theirs, args.rounds)
    print(f"trapper_core: {args.games} games read and replayed: {spread.ours:,.0f} moves/s")
    print(f"python-chess: read_game over PGN: {spread.theirs:,.0f} plies/s")
    print(f"ratio (moves/s to plies/s), min / median / max of {args.rounds} rounds: {spread}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
