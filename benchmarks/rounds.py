"""Side-by-side timing in interleaved rounds.

A figure that compares trapper_core with a peer is measured in rounds: each
round runs a slice of ours and a slice of theirs, in an order that rotates
from round to round, timing each slice in CPU time of this process. Each
round gives one ratio (our rate over theirs), so a burst of load from another
process spoils one round's ratio rather than one side's best time; the
figure reported is the min / median / max of the per-round ratios. Best-of-N
of each side separately is never used: on a shared machine it compares two
different moments.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable

import attrs

#: A slice of work: runs once and returns how many units (decisions, plies,
#: moves, copies) it did.
Work = Callable[[], int]


@attrs.frozen
class Spread:
    """The per-round ratios of one figure, and each side's median rate."""

    ratios: tuple[float, ...]
    ours: float
    theirs: float

    @property
    def low(self) -> float:
        return min(self.ratios)

    @property
    def median(self) -> float:
        return statistics.median(self.ratios)

    @property
    def high(self) -> float:
        return max(self.ratios)

    def __str__(self) -> str:
        return f"{self.low:.2f} / {self.median:.2f} / {self.high:.2f}"


def timed(work: Work, clock: Callable[[], float] = time.process_time) -> tuple[float, int]:
    """CPU seconds of one run of ``work`` and the units it counted.

    Garbage is collected before the clock starts, so that one side does not
    pay for the other's garbage. ``clock`` is this process's CPU time unless
    the work runs in other processes (a process pool), where only the wall
    clock (``time.perf_counter``) sees it.
    """
    gc.collect()
    start = clock()
    units = work()
    return clock() - start, units


def rounds(
    ours: Work, theirs: Work, count: int = 15, *, clock: Callable[[], float] = time.process_time
) -> Spread:
    """Runs ``count`` interleaved rounds of ``ours`` and ``theirs``, after
    one run of each that is not timed.

    Even rounds run ours first, odd rounds theirs first. Each side's rate is
    units per CPU second (per ``clock`` second); a round's ratio is our rate
    over theirs.
    """
    if count < 1:
        raise ValueError(f"rounds: count must be at least 1, not {count}")
    # The first run of either side pays once for what later runs find made:
    # the engine's tables and caches of answers, the parser's, the imports a
    # function makes when first called. Timed, it made the first round's
    # ratio a third lower than every other round's (figure 5: 0.74 against
    # 1.21-1.24).
    ours()
    theirs()
    ratios: list[float] = []
    our_rates: list[float] = []
    their_rates: list[float] = []
    for index in range(count):
        sides = (0, 1) if index % 2 == 0 else (1, 0)
        rates = [0.0, 0.0]
        for side in sides:
            seconds, units = timed((ours, theirs)[side], clock)
            rates[side] = units / max(seconds, 1e-9)
        ratios.append(rates[0] / rates[1])
        our_rates.append(rates[0])
        their_rates.append(rates[1])
    return Spread(tuple(ratios), statistics.median(our_rates), statistics.median(their_rates))
