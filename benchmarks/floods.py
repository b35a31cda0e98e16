"""What hostile shapes of input cost to read, against real records.

    python benchmarks/floods.py [--size 400000] [--repeat 3] [--readers]

Reads (``notation.loads``, strict and lenient) texts of one shape repeated to
``--size`` characters: tiny games, games of tags only, floods of comments,
notes and broken lines, and a file of real engine games. Prints, per shape,
the CPU time per character (the median of ``--repeat`` reads), that time
against the real records' in ``--repeat`` interleaved rounds (a read of
real records and a read of the shape, the order turning: the median of the
per-round ratios, with their least and greatest), and the peak memory of
one read (``tracemalloc``) against the size of the text.

With ``--readers``, reads each shape from a file with every reader instead
(``loads``, ``games``, ``read_game`` and ``scan``, of a binary and a text
file, leniently) against real records read by the same reader, in
``--repeat`` interleaved rounds (a read of real records and a read of the
shape, the order turning), and prints the median of the per-round ratios
with their least and greatest.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from trapper_core import notation


def real_records(games: int = 60) -> str:
    variants = tc.available_variants()
    return notation.dumps(
        [
            tc.play(
                tc.new_game(variants[s % len(variants)], 2 + s % 3, seed=s),
                [tc.RandomBot(s * 10 + i) for i in range(2 + s % 3)],
            )
            for s in range(games)
        ]
    )


def shapes(size: int) -> dict[str, str]:
    """Each hostile shape, repeated to about ``size`` characters."""
    tags = '[A "b"]\n'

    def fill(unit: str, head: str = "", tail: str = "") -> str:
        return head + unit * max(1, size // len(unit)) + tail

    return {
        "real records": real_records(),
        "tiny games": fill(tags + "1. A: x\n"),
        "games of one tag": fill('[A ""]\n\n'),
        "{ } comments": fill("{c}\n", tags),
        "; comments": fill(";c\n", tags),
        "comments before the tags": fill("{c}\n", tail=tags),
        "notes": fill(" (a1=B1n)", tags + "1. A: x"),
        "shuffles": fill(" (shuffle B)", tags + "1. A: x"),
        "moves and notes in turn": fill(" x (a1=B1n)", tags + "1. A: x"),
        "reshuffles all unlike": tags
        + "1. A: x"
        + "".join(
            f" (shuffle {''.join(cards)})"
            for cards in itertools.islice(itertools.product("BEGP", repeat=8), size // 19)
        ),
        "one long tag value": '[A "' + "x" * size + '"]\n' + tags,
        "a tag value of escapes": '[A "' + '\\"' * (size // 2) + '"]\n' + tags,
        "tags and comments in turn": fill('[A "b"] {c} ', tail="\n1. A: x\n"),
        "a tag and a comment a line": fill('[A "b"] {c}\n', tail="\n1. A: x\n"),
        "a tag and a ; comment a line": fill('[A "b"] ;c\n', tail="\n1. A: x\n"),
        "tags and blank lines in turn": fill('[A "b"]\n\n', tail="1. A: x\n"),
        "blank lines": fill("\n", tags + "1. A: x\n"),
        "lines of spaces": fill(" \t \n", tags + "1. A: x\n"),
        "broken lines": fill("x\n[\n"),
        "broken games": fill(tags + "1. A: x )\n\n"),
        # one line of games: scan measured each game's place from the line's
        # start (quadratic until December 2026)
        "games on one line": fill('[A "b"] * ', tail="\n"),
    }


def against_real(text: str, real: str, lenient: bool, rounds: int) -> list[float]:
    """``text`` read by ``notation.loads`` against ``real`` (real records)
    in ``rounds`` interleaved rounds (a read of each, the order turning):
    the CPU time a character of ``text`` over that of ``real``, a round."""
    shape, base = _loads(text, lenient), _loads(real, lenient)
    shape()
    base()
    ratios = []
    for turn in range(rounds):
        if turn % 2:
            shape_time, base_time = _timed(shape), _timed(base)
        else:
            base_time, shape_time = _timed(base), _timed(shape)
        ratios.append((shape_time / len(text)) / (base_time / len(real)))
    return ratios


def _loads(text: str, lenient: bool) -> Callable[[], object]:
    """A call that reads ``text`` with ``notation.loads``, strict or lenient."""

    def read() -> object:
        if lenient:
            return notation.loads(text, errors=[])
        try:
            return notation.loads(text)
        except notation.NotationSyntaxError as error:
            return error

    return read


def measure(text: str, lenient: bool, repeat: int) -> tuple[float, float]:
    """CPU seconds per character (median of ``repeat``), and peak memory per character."""
    read = _loads(text, lenient)
    read()
    gc.collect()
    best = statistics.median(_timed(read) for _ in range(repeat))
    tracemalloc.start()
    try:
        kept = read()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del kept
    return best / len(text), peak / len(text)


# A grammar of two terminals: the least Lark has to lex and parse in a tiny game.
_FLOOR_GRAMMAR = r"""
start: game*
game: TAGS MOVES?
TAGS: /\[[^\]\n]*\]/
MOVES: /[0-9]+\.[^\[\n]*/
%ignore /\s+/
"""


def floors(text: str, broken: str, repeat: int) -> dict[str, tuple[float, float | None]]:
    """What Lark alone costs to read ``text`` (tiny games) with a grammar of
    two terminals, CPU seconds per character (least of ``repeat``), what
    one tags dict per game holds, per character, and what one bare error
    per game of ``broken`` holds, per character of it."""
    from lark import Lark, Transformer

    class _Nothing(Transformer[object, None]):
        def game(self, children: list[object]) -> None:
            return None

        def start(self, children: list[object]) -> None:
            return None

    lexer = Lark(_FLOOR_GRAMMAR, parser="lalr", lexer="basic")
    parser = Lark(_FLOOR_GRAMMAR, parser="lalr", lexer="basic", transformer=_Nothing())
    games = text.count("[")
    lexing = min(_timed(lambda: sum(1 for _ in lexer.lex(text))) for _ in range(repeat))
    parsing = min(_timed(lambda: parser.parse(text)) for _ in range(repeat))
    gc.collect()
    tracemalloc.start()
    try:
        tags = [{"A": "b"} for _ in range(games)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del tags
    tracemalloc.start()
    try:
        errors = [
            ValueError(f"line {2 * i + 1}, column 10: unexpected ')'")
            for i in range(broken.count("["))
        ]
        _, held = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del errors
    return {
        "Lark's lexer alone": (lexing / len(text), None),
        "Lark's parser, no tree": (parsing / len(text), None),
        "a tags dict a game": (0.0, peak / len(text)),
        "an error a broken game": (0.0, held / len(broken)),
    }


#: The streaming readers, each reading a file of the shape (lenient).
READERS = ("loads", "games b", "games t", "read_game b", "read_game t", "scan b", "scan t")


def read_with(reader: str, path: str) -> Callable[[], object]:
    """A call that reads the file at ``path`` whole with ``reader``: one of
    `READERS`, ``b`` for a binary file and ``t`` for a text file."""
    name, _, kind = reader.partition(" ")
    mode = "rb" if kind == "b" else "r"

    def read() -> object:
        if name == "loads":
            with open(path, encoding="utf-8") as file:
                return notation.loads(file.read(), errors=[])
        with open(path, mode) as file:
            if name == "games":
                return sum(1 for _ in notation.games(file, errors=[]))
            if name == "scan":
                try:
                    return sum(1 for _ in notation.scan(file))
                except notation.NotationError as error:  # a broken shape read as far as it goes
                    return error
            errors: list[Exception] = []
            count = 0
            while notation.read_game(file, errors=errors) is not None:
                count += 1
            return count

    return read


def readers(texts: dict[str, str], rounds: int) -> dict[str, dict[str, list[float]]]:
    """Each shape read from a file by each of `READERS` against real
    records (``texts["real records"]``) read from a file by the same reader,
    in ``rounds`` interleaved rounds (a read of real records and a read of
    the shape, the order turning round by round): the CPU time a character
    of the shape over that of real records, one ratio a round. Real records
    against themselves tell the noise."""
    import tempfile

    found: dict[str, dict[str, list[float]]] = {
        name: {reader: [] for reader in READERS} for name in texts
    }
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for index, (name, text) in enumerate(texts.items()):
            paths[name] = str(Path(folder) / f"shape{index}.trn")
            Path(paths[name]).write_text(text, encoding="utf-8")
        calls = {
            (name, reader): read_with(reader, paths[name]) for name in texts for reader in READERS
        }
        for call in calls.values():
            call()  # (the files cached, the parser built)
        real = texts["real records"]
        turn = 0
        for _ in range(rounds):
            for name, text in texts.items():
                for reader in READERS:
                    base, shape = calls["real records", reader], calls[name, reader]
                    turn += 1
                    if turn % 2:
                        base_time, shape_time = _timed(base), _timed(shape)
                    else:
                        shape_time, base_time = _timed(shape), _timed(base)
                    found[name][reader].append((shape_time / len(text)) / (base_time / len(real)))
    return found


def real_cost(text: str, rounds: int) -> dict[str, float]:
    """CPU seconds a character of real records, ``text``, read from a file
    by each of `READERS` (the median of ``rounds`` reads)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "real.trn")
        Path(path).write_text(text, encoding="utf-8")
        costs = {}
        for reader in READERS:
            read = read_with(reader, path)
            read()
            costs[reader] = statistics.median(_timed(read) for _ in range(rounds)) / len(text)
    return costs


def _spread(ratios: list[float]) -> str:
    """The median of ``ratios`` and their least and greatest: ``1.1 [1.0-1.2]``."""
    return f"{statistics.median(ratios):.1f} [{min(ratios):.1f}-{max(ratios):.1f}]"


def _timed(read: Callable[[], object]) -> float:
    start = time.process_time()
    read()
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=400_000, help="characters per shape")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="timed reads per shape (with --readers: interleaved rounds)",
    )
    parser.add_argument(
        "--readers",
        action="store_true",
        help="every reader (loads, games, read_game and scan, of binary and text files), "
        "each shape against real records read by the same reader",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="SHAPE",
        help="measure this shape alone (again for more; real records are always read)",
    )
    args = parser.parse_args(argv)
    texts = shapes(args.size)
    if args.only:
        unknown = sorted(set(args.only) - set(texts))
        if unknown:
            parser.error(f"no shape is called {unknown[0]!r}; the shapes: {', '.join(texts)}")
        texts = {
            name: text for name, text in texts.items() if name in {"real records", *args.only}
        }
    if args.readers:
        table = readers(texts, args.repeat)
        print(f"{'shape':28}" + "".join(f"{reader:>18}" for reader in READERS))
        for name, row in table.items():
            print(f"{name:28}" + "".join(f"{_spread(row[r]):>18}" for r in READERS))
        real = real_cost(texts["real records"], args.repeat)
        print(f"{'real records, µs/char':28}" + "".join(f"{real[r] * 1e6:18.3f}" for r in READERS))
        print(
            "median [min-max] of the per-round ratios, each shape against real records "
            f"read by the same reader, in {args.repeat} interleaved rounds"
        )
        return 0
    measured = {
        (name, lenient): measure(text, lenient, args.repeat)
        for name, text in texts.items()
        for lenient in (False, True)
    }
    # Real records read alike strict and lenient: the lesser is the base of
    # the floors, so that a burst of load in one of them does not move them.
    base = min(measured["real records", False][0], measured["real records", True][0])
    print(f"{'shape':28} {'reading':8} {'µs/char':>8} {'× real':>18} {'peak × text':>12}")
    for (name, lenient), (cost, peak) in measured.items():
        mode = "lenient" if lenient else "strict"
        ratios = against_real(texts[name], texts["real records"], lenient, args.repeat)
        print(f"{name:28} {mode:8} {cost * 1e6:8.3f} {_spread(ratios):>18} {peak:12.1f}")
    print(
        f"(× real: median [min-max] of the per-round ratios, in {args.repeat} interleaved "
        "rounds; µs/char: the median of as many reads)"
    )
    if not {"tiny games", "broken games"} <= set(texts):  # --only left them out
        return 0
    print("\nfloors under the tiny and broken games (× real: against the median of real records)")
    for name, (cost, held) in floors(
        texts["tiny games"], texts["broken games"], args.repeat
    ).items():
        timed = f"{cost * 1e6:8.3f} {cost / base:18.1f}" if cost else f"{'':8} {'':18}"
        size = f"{held:12.1f}" if held is not None else ""
        print(f"{name:28} {'':8} {timed} {size}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
