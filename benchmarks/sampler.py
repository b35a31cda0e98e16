"""What a sampled world costs: the ISMCTS bot draws one per iteration.

For base, children and tactical at four players, mid-game (half the actions
of a greedy game) and late (nine tenths), from the view of the seat to move,
it prepares a `Sampler` per view and times ``position(rng, steps=8)`` (what
``ISMCTSBot`` draws per iteration) in CPU time, and separately a new sampler
with its first world (what each decision pays once). ``--against REV``
compares with the sampler of another commit (its ``sampling.py`` loaded
beside this one) in interleaved rounds (``benchmarks/rounds.py``)::

    python benchmarks/sampler.py
    python benchmarks/sampler.py --against d7659a4
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trapper_core as tc
from benchmarks.rounds import rounds
from trapper_core import PlayerView

SEEDS = (1, 2, 3)
WORLDS = 50  # per view and slice


def views(variant: str, moment: float) -> list[PlayerView]:
    """The views of the seat to move at ``moment`` of greedy games."""
    found = []
    for seed in SEEDS:
        game = tc.new_game(variant, 4, seed=seed)
        bots = [tc.make_bot("greedy", seed + i) for i in range(4)]
        length = len(tc.play(game.copy(), bots, max_actions=10_000).history)
        bots = [tc.make_bot("greedy", seed + i) for i in range(4)]
        game = tc.play(game, bots, max_actions=int(length * moment))
        found.append(game.view(game.to_move if game.to_move is not None else 0))
    return found


def old_sampling(rev: str) -> ModuleType:
    """``trapper_core.sampling`` as it was at ``rev``, loaded beside this one."""
    root = Path(__file__).resolve().parent.parent
    text = subprocess.run(
        ["git", "show", f"{rev}:src/trapper_core/sampling.py"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "sampling_then.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("trapper_core._sampling_then", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def per_world(
    make: Callable[[PlayerView], tc.Sampler], shown: list[PlayerView]
) -> Callable[[], int]:
    samplers = [make(view) for view in shown]
    rng = random.Random(0)
    for sampler in samplers:
        sampler.position(rng, steps=0)

    def work() -> int:
        for sampler in samplers:
            for _ in range(WORLDS):
                sampler.position(rng, steps=8)
        return WORLDS * len(samplers)

    return work


def first(make: Callable[[PlayerView], tc.Sampler], shown: list[PlayerView]) -> Callable[[], int]:
    rng = random.Random(0)

    def work() -> int:
        for view in shown:
            make(view).position(rng, steps=0)
        return len(shown)

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a commit whose sampler to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    then = old_sampling(args.against) if args.against else None
    for variant in ("base", "children", "tactical"):
        for label, moment in (("mid", 0.5), ("late", 0.9)):
            shown = views(variant, moment)
            ours: Callable[[PlayerView], tc.Sampler] = tc.Sampler
            for what, build in (("per world", per_world), ("new sampler", first)):
                if then is None:
                    work = build(ours, shown)  # the samplers made before the clock starts
                    start = time.process_time()
                    units = work()
                    cost = (time.process_time() - start) / units
                    print(f"{variant:9} {label:4} {what:11} {cost * 1e6:9.0f} us")
                    continue
                spread = rounds(build(ours, shown), build(then.Sampler, shown), args.rounds)
                print(
                    f"{variant:9} {label:4} {what:11} {1e6 / spread.ours:9.0f} us, "
                    f"then {1e6 / spread.theirs:9.0f} us; speed ratio (min/median/max) {spread}"
                )


if __name__ == "__main__":
    main()
