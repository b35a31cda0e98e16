"""What a table record that may not fit costs to replay: seeded mutations.

A table record's replay plans a deal of the cards that fits every move
(``trapper_notation.deal``); a record that no deal fits must say so, at the
move that cannot be fitted, and quickly. This plays seeded tactical bot
games, writes each as a table record, breaks it in seeded ways that the
deal's search must judge (a bid, a payment changed, added or dropped, a
payment on a step that had none, an action deleted, two actions swapped,
several payments at once), replays each and reports what became of it and
what it cost::

    python benchmarks/hostile_records.py                    # seeds 5000-5039
    python benchmarks/hostile_records.py --seeds 5000-5199 --per-kind 3
    python benchmarks/hostile_records.py --dump before.txt   # one line a record

Every record gets a `TrapperError` or replays (a mutation may still fit);
"stopped" counts the records whose search reached ``deal.MAX_NODES`` and
said the record may still fit, instead of naming a move. ``--dump`` writes
one line a record (game, kind, outcome, the error's first line or the
scores replayed, nodes, CPU seconds, tab-separated, in the order of the
seeds): two runs' files, less their last column, say whether a change of
the search changed an answer.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks.table_records import counted_deals, seeds
from trapper_core import notation
from trapper_notation import Move, Record

SHAPES = ("4-greedy", "3-greedy", "4-random")
PAYMENT = re.compile(r"(?P<action>[^/]*)/(?P<cards>[BEGP]+)(?P<rest>.*)")
STEP = re.compile(r"(?P<action>[BEGP][a-h][1-8])(?P<rest>[^/]*)")
BID = re.compile(r"(?P<colour>[BEGP]?)(?P<amount>\d+)")
LETTERS = "BEGP"


# Each mutation changes the texts of a record's moves (a list, in order; a
# deleted move's is None) in place and returns whether it found something
# to change.
Mutation = Callable[[list[str | None], random.Random], bool]


def _pick(texts: list[str | None], rng: random.Random, pattern: re.Pattern[str]) -> int | None:
    places = [i for i, text in enumerate(texts) if text is not None and pattern.fullmatch(text)]
    return rng.choice(places) if places else None


def _bid(texts: list[str | None], rng: random.Random) -> bool:
    i = _pick(texts, rng, BID)
    if i is None:
        return False
    match = BID.fullmatch(texts[i] or "")
    assert match is not None
    amount = int(match["amount"])
    other = rng.choice(
        [a for a in (amount - 1, amount + 1, amount + 2, rng.randint(0, 12)) if a != amount]
    )
    texts[i] = f"{match['colour']}{max(other, 0)}"
    return True


def _payment(edit: str) -> Mutation:
    def mutate(texts: list[str | None], rng: random.Random) -> bool:
        i = _pick(texts, rng, PAYMENT)
        if i is None:
            return False
        match = PAYMENT.fullmatch(texts[i] or "")
        assert match is not None
        cards = list(match["cards"])
        k = rng.randrange(len(cards))
        if edit == "change":
            cards[k] = rng.choice([c for c in LETTERS if c != cards[k]])
        elif edit == "add":
            cards.insert(k, rng.choice(LETTERS))
        else:
            del cards[k]
        paid = "/" + "".join(cards) if cards else ""
        texts[i] = f"{match['action']}{paid}{match['rest']}"
        return True

    return mutate


def _new_payment(texts: list[str | None], rng: random.Random) -> bool:
    i = _pick(texts, rng, STEP)
    if i is None:
        return False
    match = STEP.fullmatch(texts[i] or "")
    assert match is not None
    cards = "".join(rng.choice(LETTERS) for _ in range(rng.choice((1, 2, 2, 3, 4))))
    texts[i] = f"{match['action']}/{cards}{match['rest']}"
    return True


def _delete(texts: list[str | None], rng: random.Random) -> bool:
    texts[rng.randrange(len(texts))] = None
    return True


def _swap(texts: list[str | None], rng: random.Random) -> bool:
    i = rng.randrange(len(texts) - 1)
    j = min(i + rng.choice((1, 1, 2, 3, 5)), len(texts) - 1)
    texts[i], texts[j] = texts[j], texts[i]
    return texts[i] != texts[j]  # two passes swapped change nothing


def _payments(texts: list[str | None], rng: random.Random) -> bool:
    edits = [_bid, _payment("change"), _payment("add"), _payment("drop"), _new_payment]
    changed = False
    for _ in range(rng.choice((2, 3, 4))):
        changed = rng.choice(edits)(texts, rng) or changed
    return changed


MUTATIONS: dict[str, Mutation] = {
    "bid": _bid,
    "payment changed": _payment("change"),
    "payment added to": _payment("add"),
    "payment dropped from": _payment("drop"),
    "payment on a step": _new_payment,
    "action deleted": _delete,
    "actions swapped": _swap,
    "several payments": _payments,
}


def mutants(record: Record, rng: random.Random, per_kind: int) -> list[tuple[str, str]]:
    """(kind, text) of ``per_kind`` mutations of each kind of ``record``."""
    places = [i for i, item in enumerate(record.items) if isinstance(item, Move)]
    out = []
    for kind, mutate in MUTATIONS.items():
        for _ in range(per_kind):
            texts: list[str | None] = [record.items[i].text for i in places]  # type: ignore[union-attr]
            if not mutate(texts, rng):
                continue
            moves = dict(zip(places, texts, strict=True))
            items = [
                Move(moves[i] or "") if i in moves else item
                for i, item in enumerate(record.items)
                if moves.get(i, "") is not None  # a deleted move
            ]
            out.append((kind, Record(record.tags, items).text))
    return out


Result = tuple[str, str, str, int, float, str]
"""Game, kind, outcome, nodes, CPU seconds, and what the replay said: the
error's first line, or the scores."""


def measure(job: tuple[int, str, int]) -> list[Result]:
    """Plays the game and replays its mutants: per mutant (game, kind,
    outcome, nodes, CPU seconds, what the replay said)."""
    seed, shape, per_kind = job
    players, bots = shape.split("-")
    game = tc.new_game("tactical", int(players), seed=seed)
    game = tc.play(game, [tc.make_bot(bots, seed + i) for i in range(int(players))])
    rng = random.Random(f"hostile:{shape}:{seed}")
    results = []
    with counted_deals() as deals:
        for kind, text in mutants(Record.table_record(game), rng, per_kind):
            deals.clear()
            start = time.process_time()
            try:
                said = f"scores {notation.loads(text)[0].replay().scores()}"
                outcome = "replayed"
            except tc.TrapperError as error:
                said = str(error).split("\n")[0]
                outcome = "stopped" if "search for one stopped" in said else "refused"
            seconds = time.process_time() - start
            nodes = sum(d.nodes for d in deals)
            results.append((f"{shape} {seed}", kind, outcome, nodes, seconds, said))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="5000-5039")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="players-bots, comma-separated")
    parser.add_argument("--per-kind", type=int, default=2, help="mutations of each kind a game")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--dump", type=Path, help="write one line a record to this file")
    args = parser.parse_args()
    jobs = [
        (seed, shape, args.per_kind)
        for seed in seeds(args.seeds)
        for shape in args.shapes.split(",")
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = [row for rows in pool.map(measure, jobs) for row in rows]
    if args.dump is not None:
        with args.dump.open("w", encoding="utf-8") as out:
            for game, kind, outcome, nodes, spent, said in results:
                out.write(f"{game}\t{kind}\t{outcome}\t{said}\t{nodes}\t{spent:.3f}\n")
    outcomes = Counter(r[2] for r in results)
    seconds = [r[4] for r in results]
    print(
        f"{len(results)} mutated table records of {len(jobs)} tactical bot games, "
        f"{args.workers} workers"
    )
    print(", ".join(f"{outcome}: {count}" for outcome, count in sorted(outcomes.items())))
    print(
        f"CPU seconds replaying: {sum(seconds):.1f} in all, most {max(seconds):.2f}; "
        f"over one second: {sum(s > 1 for s in seconds)}"
    )
    print(f"nodes: {sum(r[3] for r in results):,} in all")
    for kind in MUTATIONS:
        rows = [r for r in results if r[1] == kind]
        slow = sum(r[4] > 1 for r in rows)
        stopped = sum(r[2] == "stopped" for r in rows)
        print(f"  {kind:22} {len(rows):5}  over a second {slow:4}  stopped {stopped:4}")
    print("the slowest:")
    for game, kind, outcome, nodes, spent, _ in sorted(results, key=lambda r: -r[4])[:5]:
        print(f"  {game:14} {kind:22} {outcome:9} {nodes:6,} nodes  {spent:5.2f} s")


if __name__ == "__main__":
    main()
