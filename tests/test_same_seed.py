"""The same seed gives the same game on every machine and every Python.

A game's chance comes only from the `random.Random` it owns, seeded by its
seed, so a seed stands for its game anywhere. These tests pin that against
files written once, by the engine: a change of Python (CI runs the suite on
every Python 3.11+ it finds), of platform or of hash seed that changed a
setup, a reshuffle or a bot's move would fail them. A deliberate change of
the setup's shuffling or of a bot's play rewrites the files (each test says
how) and is a change of every recorded seed's meaning: say so in the notes
of the release.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trapper_core as tc
from trapper_core import notation
from trapper_core.cli import main

RECORDS = Path(__file__).parent / "records"


def _seeded_setups() -> list[tuple[str, int, int, str]]:
    rows = []
    for line in (RECORDS / "seeded-setups.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        variant, players, seed, setup = line.split(" ", 3)
        rows.append((variant, int(players), int(seed), setup))
    return rows


def test_the_same_seed_gives_the_same_setup_on_every_machine() -> None:
    """``new_game(variant, players, seed=…)`` deals the layout, the deck, the
    start player and the box that the file records. (To rewrite the file:
    the loop in its first comment line's terms, ``SetupSpec.from_setup``
    of each game.)"""
    rows = _seeded_setups()
    assert {v for v, _, _, _ in rows} == {"base", "children", "tactical"}
    assert max(seed for _, _, seed, _ in rows) == 2**64 - 1
    for variant, players, seed, setup in rows:
        game = tc.new_game(variant, players, seed=seed)
        assert str(notation.SetupSpec.from_setup(game.setup)) == setup, (variant, players, seed)


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_the_same_seed_gives_the_same_reshuffles_on_every_machine(variant: str) -> None:
    """The corpus's records with their shuffle notes dropped: the seed alone
    gives every reshuffle, and the game written back has the notes again,
    as they were."""
    text = (RECORDS / "corpus" / f"{variant}.trn").read_text(encoding="utf-8")
    dropped = 0
    for record in notation.loads(text):
        bare = notation.Record(
            record.tags, tuple(i for i in record.items if not isinstance(i, notation.Notes))
        )
        dropped += len(record.items) - len(bare.items)
        game = bare.replay()
        assert notation.dumps(game) == record.text
    assert dropped > 0  # the file has reshuffles for the seeds to give


def test_the_readme_game_is_the_same_on_every_machine() -> None:
    """``trapper play --seed 2026``, the README's first command, prints the
    game of tests/records/readme-seed-2026.txt: setup, bots' moves, scores.
    (To rewrite it: ``trapper play --seed 2026 > tests/records/readme-seed-2026.txt``.)"""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["play", "--seed", "2026"]) == 0
    expected = (RECORDS / "readme-seed-2026.txt").read_text(encoding="utf-8")
    assert printed.getvalue() == expected


_DIGEST = """
import hashlib
import trapper_core as tc
from trapper_core import notation

digest = hashlib.sha256()
for variant in ("base", "children", "tactical"):
    for seed in range(6):
        players = 2 + seed % 3
        bots = [tc.GreedyBot(seed + i) if i % 2 else tc.RandomBot(i) for i in range(players)]
        game = tc.play(tc.new_game(variant, players, seed=seed), bots)
        digest.update(notation.dumps(game).encode())
print(digest.hexdigest())
"""


def test_the_same_seed_gives_the_same_games_whatever_the_hash_seed() -> None:
    """Nothing in a game or a bot depends on the order of a set or of a dict
    of strings, which changes with Python's hash seed from one process to
    the next: bots' games in processes of three hash seeds are identical."""
    digests = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _DIGEST], env=env, capture_output=True, text=True, check=True
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1


def test_a_seed_new_game_picks_is_exact_as_a_json_double() -> None:
    """A picked seed was up to 2**63: a JSON reader of doubles rounded it,
    and the restored game reshuffled otherwise from then on."""
    seeds = [tc.new_game("base", 2).seed for _ in range(200)]
    assert all(0 <= seed < 2**53 for seed in seeds)
    assert all(int(float(seed)) == seed for seed in seeds)
    assert len(set(seeds)) == 200
