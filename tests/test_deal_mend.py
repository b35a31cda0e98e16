"""The local search that deals loose table records (`trapper_notation.mend`):
what it deals meets every move, and it changes no refusal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from benchmarks.hostile_records import mutants

import trapper_core as tc
from trapper_core.notation import Record, loads
from trapper_notation import deal, mend

RECORDS = Path(__file__).parent / "records"


@pytest.fixture
def mended(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The local search run after one node of each order (not 150), so
    that it deals every record the search does not plan at once; the list
    gets its answer for each record it tried."""
    answers: list[bool] = []

    def spy(pools: Any, needs: Any) -> bool:
        answers.append(mend.mend(pools, needs))
        return answers[-1]

    monkeypatch.setattr(deal, "FIRST_BUDGET", 1)
    monkeypatch.setattr(deal, "mend", spy)
    return answers


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue10_item18_what_the_local_search_deals_replays_every_move(
    variant: str, players: int, mended: list[bool]
) -> None:
    """Table records of bot games dealt by the local search replay to the
    games' moves and scores: the replay checks every payment and bid with
    the cards it dealt."""
    for seed, kind in enumerate(["random", "greedy"] * 2):
        game = tc.new_game(variant, players, seed=seed)
        game = tc.play(game, [tc.make_bot(kind, seed * 10 + i) for i in range(players)])
        again = loads(Record.table_record(game).text)[0].replay()
        assert again.history == game.history
        assert again.scores() == game.scores()
    assert True in mended  # the local search dealt some of them


def _outcome(text: str) -> str:
    try:
        return f"scores {loads(text)[0].replay().scores()}"
    except tc.TrapperError as error:
        return str(error)


def test_issue10_item18_the_local_search_changes_no_refusal(
    mended: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Broken table records (`benchmarks/hostile_records.py`'s mutations of
    a tactical game: bids, payments changed, added or dropped, moves
    deleted or swapped) end as they end without the local search: a record
    no deal fits is refused at the same move with the same words (the
    local search finds nothing and leaves the pools as they were for the
    search), and one refused at a move with any cards (a bid paid in the
    wrong units) is refused so whichever deal of the moves before it was
    found."""
    game = tc.new_game("tactical", 3, seed=5000)
    game = tc.play(game, [tc.make_bot("greedy", 5000 + i) for i in range(3)])
    texts = [text for _, text in mutants(Record.table_record(game), random.Random(5000), 2)]
    with_it = [_outcome(text) for text in texts]
    monkeypatch.setattr(deal, "mend", lambda pools, needs: False)
    without = [_outcome(text) for text in texts]
    assert with_it == without
    assert True in mended
    assert False in mended  # records the local search tried and could not deal
    assert any("no deal of the cards fits the record" in o for o in with_it)


def test_issue10_item18_the_local_search_gives_the_same_deal_every_time() -> None:
    """Its random choices come from a generator of its own with a fixed
    seed: the record of hoarders is dealt alike twice."""
    text = (RECORDS / "table-record-hoarders.trn").read_text("utf-8")
    first = loads(text)[0].replay()
    second = loads(text)[0].replay()
    assert first.setup == second.setup
    assert first.state.shuffled == second.state.shuffled


def test_a_long_record_near_a_deal_after_its_swaps_is_dealt_by_more_of_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four tactical players who pass nine decisions in ten (804 actions, 51
    reshuffles): the local search was 10 cards short after its 3,000 swaps,
    and the complete search stopped at MAX_NODES after 35 seconds, refusing
    a record the engine played. Near a deal, the local search goes on while
    it finds better ones, and deals it in 6,295."""
    answers: list[bool] = []

    def spy(pools: Any, needs: Any) -> bool:
        answers.append(mend.mend(pools, needs))
        return answers[-1]

    monkeypatch.setattr(deal, "mend", spy)
    record = loads((RECORDS / "table-record-tactical-passers.trn").read_text("utf-8"))[0]
    game = record.replay()
    assert game.is_over
    assert game.scores() == record.result
    assert answers == [True]
