"""Many seeded games between bots, on one core, every core or a cluster.

[`simulate`][trapper_core.simulate] plays `games` games numbered from 0:
game `n` has the seed `seed + n`, its seats rotate the bots by `n` (so no
bot keeps the start player's seat), the bot in seat `s` has the seed
`(seed + n) * 10 + s` ([`bot_seed`][trapper_core.simulation.bot_seed]:
seats from the eleventh on, of a variant of more players, have seeds of
their own above these), and the players are named after their bots
([`seat_names`][trapper_core.simulation.seat_names]), so that a game's
record says which bot played where. A game is thus fixed by its number alone, wherever it
is played, and the games are cut into batches that any
`concurrent.futures.Executor` can run: a process pool for every core of one
machine, `trapper_core.ray.RayExecutor` for a Ray cluster, or none to play
in this process. What goes to a worker is a small
[`Batch`][trapper_core.simulation.Batch] of names and numbers (the variant
and the bots are looked up by name in the worker's installed registry, or
made by the caller's own bot makers, which travel with it; a registry of
the caller's own, for a variant not installed, stays in this process and
plays there or in its threads), and
what comes back is a list of
[`GameResult`][trapper_core.simulation.GameResult]; the results are taken in
game order, so the summary and the records are the same whatever ran them.
"""

from __future__ import annotations

import inspect
import operator
import os
import pickle
import secrets
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.reduction import ForkingPickler
from typing import Any, Protocol

import attrs

from .bots import BOTS, Bot, make_bot
from .errors import SetupError, as_tuple, as_whole, plain_line, shown
from .game import MAX_SEED, Game, default_names, new_game
from .plugins import MAX_PLAYERS, Registry, registry_or_default


class BotMaker(Protocol):
    """A bot of the caller's own in a simulation: called with a seed, it makes
    the bot; it has a `name` (a `str` attribute: a bot class's `name`), by
    which the summary tallies it. A bot class is one (``GreedyBot``); a
    function is one once given a ``name``, which a type checker does not
    see on a function: a class, or an object with ``name`` and
    ``__call__``, says it."""

    name: str

    def __call__(self, seed: int, /) -> Bot: ...


__all__ = [
    "Batch",
    "BotMaker",
    "BotTally",
    "GameResult",
    "Summary",
    "batches",
    "cores",
    "play_batch",
    "results",
    "seat_names",
    "simulate",
]


@attrs.frozen
class GameResult:
    """One game of a simulation, as a worker sends it back: finished, or
    cut at the simulation's `max_actions` (`finished` false)."""

    number: int
    """The game's number in the simulation, from 0."""
    seed: int
    """The game's seed."""
    bots: tuple[str, ...]
    """The bot's name in each seat."""
    scores: tuple[int, ...]
    """The final scores by seat (of a game cut short: the money so far)."""
    winners: tuple[int, ...]
    """The winning seats (none for a game cut short)."""
    actions: int
    """Decisions played (the length of the history)."""
    turns: int
    """Turns played."""
    record: str | None = None
    """The game's record, when the simulation makes them (see `record`)."""
    finished: bool = True
    """Whether the game ended; false for a game cut at `max_actions`."""
    start_player: int = 0
    """The seat that began the game (the setup's start player).
    `Summary.turn_order` counts seat `(start_player + k) % players` as the
    `k`-th in the order of play, from 0: seat order from the start player,
    as the built-in variants play."""

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row a seat, as plain values (for a table: a list of these is
        what ``pandas.DataFrame`` takes): the game's ``number`` and
        ``seed``; the ``seat``, its ``place`` in the order of play (0 for
        the start player, as `Summary.turn_order` counts), its ``bot`` and
        ``score``; ``won``, its share of the win (1, a fraction of a shared
        win, or 0; 0 in a game cut short, which counts in no tally); and
        the game's ``finished``, ``actions`` and ``turns``. The seats of
        one game are not independent samples: a statistic's error counts
        games, not seats."""
        players = len(self.bots)
        share = 1 / len(self.winners) if self.finished and self.winners else 0.0
        return [
            {
                "number": self.number,
                "seed": self.seed,
                "seat": seat,
                "place": (seat - self.start_player) % players,
                "bot": bot,
                "score": self.scores[seat],
                "won": share if seat in self.winners else 0.0,
                "finished": self.finished,
                "actions": self.actions,
                "turns": self.turns,
            }
            for seat, bot in enumerate(self.bots)
        ]


@attrs.frozen
class Batch:
    """Games `first` to `first + count - 1` of a simulation: what one
    task of a worker plays. Names and numbers (and the caller's own bot
    makers), so it pickles small. The fields are checked when it is made (as
    `simulate` checks them: at most one bot a seat): a bad one raises
    [`SetupError`][trapper_core.SetupError]; so is a bot maker's answer that
    is no bot, when the batch is played."""

    variant: str
    players: int
    bots: tuple[str | BotMaker, ...]
    seed: int
    first: int
    count: int
    record: Callable[[Game], str] | None = None
    """What makes each game's record (`trapper_core.notation.dumps` for the
    notation); it travels to the workers, so it must pickle: a function of a
    module the workers can import."""
    max_actions: int | None = None
    """The decisions after which a game still going is cut short (see
    `simulate`); `None`: none."""
    registry: Registry | None = None
    """Where the variant and the built-in bots' rules are looked up (the
    installed variants by default). A `Registry` does not pickle: a batch
    that holds one is played in this process or its threads."""

    def __attrs_post_init__(self) -> None:
        # Checked where the batch is made: in the worker that plays it, a bad
        # one would fail far from the mistake (no bots: a ZeroDivisionError).
        if not isinstance(self.variant, str):
            raise SetupError(f"Batch: variant takes a variant's name, not {shown(self.variant)}")
        for what, low in (("players", 1), ("seed", 0), ("first", 0), ("count", 1)):
            # An int, even when the batch was made with a NumPy integer.
            object.__setattr__(self, what, _whole(getattr(self, what), f"Batch: {what}", low))
        object.__setattr__(self, "bots", _bot_kinds(self.bots, "Batch"))
        _no_more_bots_than_seats(self.bots, self.players, "Batch")
        if self.record is not None and not callable(self.record):
            raise SetupError(
                f"Batch: record takes a function of a game to text, not {shown(self.record)}"
            )
        if self.max_actions is not None:
            object.__setattr__(self, "max_actions", _whole(self.max_actions, "Batch: max_actions"))
        if self.registry is not None:
            registry_or_default(self.registry)  # a Registry, or a SetupError now


def play_batch(batch: Batch) -> list[GameResult]:
    """Plays the games of `batch` in this process and returns their results
    in game order. This is the function the executors run."""
    if not isinstance(batch, Batch):
        raise SetupError(f"play_batch plays a Batch of games, not {shown(batch)}")
    return [_play_one(batch, number) for number in range(batch.first, batch.first + batch.count)]


def _play_one(batch: Batch, number: int) -> GameResult:
    seed = batch.seed + number
    # Seats rotate between games, so no bot keeps the start player's seat.
    kinds = tuple(batch.bots[(s + number) % len(batch.bots)] for s in range(batch.players))
    registry = batch.registry
    game = new_game(batch.variant, seat_names(kinds), seed=seed, registry=registry)
    bots: list[Bot] = []
    for s, kind in enumerate(kinds):
        try:
            bots.append(_made(kind, bot_seed(seed, s), registry=registry))
        except Exception as exc:  # a bot maker's own code: the note names the game, as below
            exc.add_note(
                f"in simulate(): game {number} (from 0; seed {seed}), making the bot of seat "
                f"{s} ({default_names(len(kinds))[s]}; bot {_name(kind)})"
            )
            raise
    left = batch.max_actions
    while not game.is_over:
        if left is not None:
            if not left:  # cut short: the rules need not end a game of passes
                break
            left -= 1
        seat = game.to_move
        assert seat is not None
        try:
            game.apply(bots[seat].choose(game.view(seat)))
        except Exception as exc:  # where: the message says what went wrong
            # The bot's choice, its view or the variant's rules playing it:
            # the note names the decision, not a culprit.
            exc.add_note(
                f"in simulate(): game {number} (from 0; seed {seed}), a decision of seat "
                f"{seat} ({default_names(len(kinds))[seat]}; bot {_name(kinds[seat])})"
            )
            raise
    record = None
    if batch.record is not None:
        record = batch.record(game)
        if not isinstance(record, str):
            raise SetupError(
                f"simulate: record makes the text of a game's record, but it gave "
                f"{shown(record)} for game {number} (seed {seed})"
            )
    return GameResult(
        number=number,
        seed=seed,
        bots=tuple(map(_name, kinds)),
        scores=game.scores(),
        winners=game.winners(),
        actions=len(game.history),
        turns=game.state.turns,
        record=record,
        finished=game.is_over,
        start_player=game.setup.start_player,
    )


@attrs.define
class BotTally:
    """What one bot did over a simulation's games (or what the players did
    at one place in the order of play: `Summary.turn_order`)."""

    seats: int = 0
    """Seats it took (one per game per seat)."""
    wins: float = 0.0
    """Games won; a shared win counts `1 / winners`."""
    money: int = 0
    """Its scores added up."""

    @property
    def win_rate(self) -> float:
        """Wins per seat taken: over many games, `1 / players` for a bot as
        good as the others. (Two seats of one game win it at most once
        between them: a bot that holds two seats of every game and wins
        every game has a win rate of one half.)"""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_score(self) -> float:
        """The mean of its scores."""
        return self.money / self.seats if self.seats else 0.0


@attrs.define
class Summary:
    """The tally of a simulation: per bot, and the games' lengths.

    A game cut at `max_actions` counts in `games` and `unfinished`, and its
    length in `actions` and `turns`, but in no bot's tally: it has no final
    scores and no winner. Results are added in game order, so two runs of
    the same games give equal summaries (equal to the last bit of every
    float)."""

    variant: str
    players: int
    seed: int
    """The simulation's seed: game `n` has the seed `seed + n`."""
    games: int = 0
    """Games counted (from game `first` on)."""
    bots: dict[str, BotTally] = attrs.Factory(dict)
    actions: int = 0
    turns: int = 0
    unfinished: int = 0
    """Games cut at `max_actions`, still going."""
    ties: int = 0
    """Finished games won by more than one player (a shared win)."""
    turn_order: list[BotTally] = attrs.Factory(list)
    """Per place in the order of play, whichever bot sat there: item 0 is
    the start player's tally, item 1 the next player's, and so on (one item
    a seat, from the first finished game on). Whether the start player wins
    too often is `turn_order[0].win_rate` against `1 / players`."""
    first: int = 0
    """The number of the first game (see `simulate`)."""

    def add(self, result: GameResult) -> None:
        """Counts one game."""
        self.games += 1
        self.actions += result.actions
        self.turns += result.turns
        if not result.finished:
            self.unfinished += 1
            return
        seats = len(result.bots)
        order = self.turn_order
        while len(order) < seats:
            order.append(BotTally())
        share = 1 / len(result.winners) if result.winners else 0.0
        if len(result.winners) > 1:
            self.ties += 1
        for seat, kind in enumerate(result.bots):
            money = result.scores[seat]
            won = seat in result.winners
            for tally in (
                self.bots.setdefault(kind, BotTally()),
                order[(seat - result.start_player) % seats],
            ):
                tally.seats += 1
                tally.money += money
                if won:
                    tally.wins += share

    @property
    def mean_actions(self) -> float:
        """Decisions per game."""
        return self.actions / self.games if self.games else 0.0

    @property
    def mean_turns(self) -> float:
        """Turns per game."""
        return self.turns / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain values, for JSON (what ``trapper simulate
        --json`` prints): every field, each tally with its ``win_rate`` and
        ``mean_score`` beside its seats, wins and money, and the mean
        lengths. Bots are in the order of their names."""
        whole = operator.index  # a Summary made by hand may hold NumPy integers
        return {
            "variant": str(self.variant),
            "players": whole(self.players),
            "seed": whole(self.seed),
            "first": whole(self.first),
            "games": whole(self.games),
            "unfinished": whole(self.unfinished),
            "ties": whole(self.ties),
            "actions": whole(self.actions),
            "turns": whole(self.turns),
            "mean_actions": float(self.mean_actions),
            "mean_turns": float(self.mean_turns),
            "bots": {name: _tally_dict(self.bots[name]) for name in sorted(self.bots)},
            "turn_order": [_tally_dict(tally) for tally in self.turn_order],
        }


def _tally_dict(tally: BotTally) -> dict[str, Any]:
    return {
        "seats": operator.index(tally.seats),
        "wins": float(tally.wins),
        "money": operator.index(tally.money),
        "win_rate": float(tally.win_rate),
        "mean_score": float(tally.mean_score),
    }


def results(
    variant: str = "base",
    players: int = 4,
    games: int = 100,
    *,
    bots: Sequence[str | BotMaker] = ("greedy", "random"),
    seed: int | None = 0,
    executor: Executor | None = None,
    batch: int | None = None,
    ahead: int | None = None,
    record: Callable[[Game], str] | None = None,
    max_actions: int | None = None,
    first: int = 0,
    registry: Registry | None = None,
) -> Generator[GameResult, None, None]:
    """Plays the simulation's games and yields their results in game order,
    as they come back (see [`simulate`][trapper_core.simulate] for the
    arguments). The arguments are checked at the call, before any game is
    played.

    With an executor, at most `ahead` batches are in flight at once (by
    default four per worker of the executor), so a study of millions of
    games holds only a window of them in memory. Closing the generator
    early cancels the batches not yet started.
    """
    return _stream(_check(**locals()))  # every argument, by name (see _check)


@attrs.frozen
class _Simulation:
    """A simulation's arguments, checked by `_check`: the numbers are ints."""

    variant: str
    players: int
    games: int
    bots: tuple[str | BotMaker, ...]
    seed: int
    """The simulation's seed (picked at random for `None`)."""
    executor: Executor | None
    batch: int | None
    ahead: int | None
    record: Callable[[Game], str] | None
    max_actions: int | None
    first: int
    """The number of the first game played (see `simulate`)."""
    registry: Registry | None


def _stream(simulation: _Simulation) -> Generator[GameResult, None, None]:
    """The results of checked arguments (see `results`)."""
    executor = simulation.executor
    workers = _workers(executor)
    tasks = (
        Batch(
            simulation.variant,
            simulation.players,
            simulation.bots,
            simulation.seed,
            simulation.first + start,
            count,
            simulation.record,
            simulation.max_actions,
            simulation.registry,
        )
        for start, count in batches(simulation.games, workers, simulation.batch)
    )
    return _run(tasks, executor, simulation.ahead or 4 * workers)


def _run(
    tasks: Iterable[Batch], executor: Executor | None, window: int
) -> Generator[GameResult, None, None]:
    if executor is None:
        # Game by game, not a batch at a time: a run stopped (Ctrl-C, a
        # bot's error) has had every game finished before it.
        for task in tasks:
            for number in range(task.first, task.first + task.count):
                yield _play_one(task, number)
        return
    pending: deque[Future[list[GameResult]]] = deque()
    try:
        for number, task in enumerate(tasks):
            try:
                future = executor.submit(play_batch, task)
            except (RuntimeError, TypeError) as exc:
                if number:  # it took batches before: not the executor given
                    raise
                # A shut-down or broken pool, or no executor's submit: refused
                # as a bad argument, before any game is played.
                raise SetupError(
                    f"simulate: the executor takes no task ({type(exc).__name__}: {exc}): "
                    "give a concurrent.futures.Executor that is not shut down"
                ) from exc
            if not isinstance(future, Future):
                raise SetupError(
                    f"simulate: the executor's submit returned {shown(future)}, "
                    "not a concurrent.futures.Future"
                )
            pending.append(future)
            # Take the batches that are back, in order; wait for the oldest
            # once the window is full.
            while pending and (pending[0].done() or len(pending) >= window):
                yield from _taken(pending.popleft())
        while pending:
            yield from _taken(pending.popleft())
    except BrokenProcessPool:
        if isinstance(executor, ProcessPoolExecutor):
            # A broken process pool fails every batch left itself, in its
            # own thread: cancelling them as it does raced it (before Python
            # 3.12, that thread met InvalidStateError and ended without its
            # workers). Another executor's task may fail so while the
            # others go on: those are cancelled.
            pending.clear()
        raise
    finally:
        for future in pending:
            future.cancel()


def _taken(future: Future[list[GameResult]]) -> list[GameResult]:
    """A batch's results; a process pool broken by a worker that died says
    what, besides a kill, makes one die."""
    try:
        return future.result()
    except BrokenProcessPool as exc:
        exc.add_note(
            "simulate: a worker process died: killed, out of memory, or unable to find a bot "
            "class or record function its task names (one defined under "
            "'if __name__ == \"__main__\":', or in a notebook or an interactive session, is "
            "not found by a pool that starts its workers afresh, spawn or forkserver: define "
            "it at the top of a module the workers import)"
        )
        raise


def simulate(
    variant: str = "base",
    players: int = 4,
    games: int = 100,
    *,
    bots: Sequence[str | BotMaker] = ("greedy", "random"),
    seed: int | None = 0,
    executor: Executor | None = None,
    batch: int | None = None,
    ahead: int | None = None,
    record: Callable[[Game], str] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    max_actions: int | None = None,
    first: int = 0,
    registry: Registry | None = None,
) -> Summary:
    """Plays `games` seeded games of `variant` between `bots` and sums them up.

    `bots` are names from [`BOTS`][trapper_core.BOTS], or bots of your own
    (a bot class, or any callable of a seed that makes a bot, with a `name`
    to tally it by), at most one a seat, repeated to fill the seats; the
    seats rotate between games. A bot maker of your own makes the bots of
    the first game's seats once at the call, to check that it makes bots
    (objects with a `choose(view)` method); for a process pool it must
    pickle with its name (a class of a module the workers can import, not a
    lambda, a local class or a `functools.partial`, which a pool sends
    without its name), and that is checked at the call too. `executor`
    runs the batches of `batch` games (by default a size that keeps every
    worker busy): any
    `concurrent.futures.Executor`, such as a `ProcessPoolExecutor` for every
    core or `trapper_core.ray.RayExecutor` for a Ray cluster; `None` plays
    them in this process. The executor is the caller's: it is used, not shut
    down. `record` makes each game's record
    ([`GameResult.record`][trapper_core.simulation.GameResult.record]) in the
    worker that played it: `trapper_core.notation.dumps` for the notation, or
    any function of a game to text that pickles. `on_game` is called with
    each result in game order (to write records, or show progress).

    `max_actions` cuts a game short after that many decisions: a
    variant's rules need not end a game in which the players still in it
    pass for ever (the built-in variants' do not), and bots of your own may
    well do that. A game cut short is
    reported unfinished ([`GameResult.finished`][trapper_core.simulation.GameResult.finished]
    false; its record, if made, is an unfinished game's) and tallied apart
    ([`Summary.unfinished`][trapper_core.simulation.Summary.unfinished]).
    The built-in bots end their games; `None` (the default) sets no limit.

    Game `n` has the seed `seed + n`, so every seed from `seed + first` to
    `seed + first + games - 1` must be one [`new_game`][trapper_core.new_game]
    takes (below 2**64); `seed=None` picks the first seed at random, as `new_game`
    does, and [`Summary.seed`][trapper_core.simulation.Summary] reports it.

    `first` plays games `first` to `first + games - 1` of the simulation
    instead of 0 to `games - 1`: the same games, seeds and seats as the
    longer run gives them, so a run stopped after `k` games goes on with
    `first=k` (and `games` less `k`), and the records of the two parts,
    one after the other, are the whole run's.

    `registry` plays a variant of a [`Registry`][trapper_core.Registry] of
    your own, a variant being written and not installed, say; the built-in
    bots named in `bots` look its rules up there too (bot makers of your
    own give it to their bots themselves). A registry holds its plugins and
    does not pickle, so it stays in this process: such a simulation plays
    here (`executor=None`) or in threads (a `ThreadPoolExecutor`), and a
    process pool is refused.
    Every argument is checked before the first game is played: a bad one
    raises [`SetupError`][trapper_core.SetupError] (or
    [`UnknownVariantError`][trapper_core.UnknownVariantError]); an
    executor already shut down is found when it refuses the first batch.

    Examples:
        The summary, and every game's result, are the same for every executor:

        >>> import concurrent.futures
        >>> one = simulate("base", 2, 4, bots=["random"], seed=9)
        >>> with concurrent.futures.ThreadPoolExecutor(2) as pool:
        ...     two = simulate("base", 2, 4, bots=["random"], seed=9, executor=pool, batch=1)
        >>> one == two
        True
    """
    return _summed(_check(**locals()), on_game)  # every argument, by name (see _check)


def _summed(
    simulation: _Simulation, on_game: Callable[[GameResult], None] | None = None
) -> Summary:
    """The summary of checked arguments (see `simulate`)."""
    summary = Summary(
        simulation.variant, simulation.players, simulation.seed, first=simulation.first
    )
    for result in _stream(simulation):
        summary.add(result)
        if on_game is not None:
            on_game(result)
    return summary


def _check(
    *,
    variant: str,
    players: int,
    games: int,
    bots: Sequence[str | BotMaker],
    seed: int | None,
    executor: Executor | None,
    batch: int | None,
    ahead: int | None,
    record: Callable[[Game], str] | None,
    max_actions: int | None,
    first: int,
    registry: Registry | None,
    on_game: Callable[[GameResult], None] | None = None,
) -> _Simulation:
    """Checks a simulation's arguments, in the order its errors are told;
    returns them with the seed (picked at random for `None`), and whole
    numbers (a NumPy integer too) as ints. `simulate` and `results` call it
    with their parameters by name (``**locals()``), so it takes exactly
    theirs: an argument added to them is added here and to `_Simulation`,
    and their calls stay as they are. ``on_game`` is simulate's alone:
    checked, not kept."""
    if on_game is not None and not callable(on_game):
        raise SetupError(f"simulate: on_game takes a function of a result, not {shown(on_game)}")
    kinds = _bot_kinds(bots, "simulate")
    players = as_whole(players, SetupError, "simulate: players takes a number of seats")
    if players > 0:
        _no_more_bots_than_seats(kinds, players, "simulate")
    games = _whole(games, "simulate: games")
    first = _whole(first, "simulate: first", 0)
    batch = None if batch is None else _whole(batch, "simulate: batch")
    ahead = None if ahead is None else _whole(ahead, "simulate: ahead")
    max_actions = None if max_actions is None else _whole(max_actions, "simulate: max_actions")
    _check_executor(executor)
    if record is not None and not callable(record):
        raise SetupError(
            f"simulate: record takes a function of a game to text, not {shown(record)}"
        )
    if registry is not None:
        registry_or_default(registry)  # a Registry, or a SetupError now
    if isinstance(executor, ProcessPoolExecutor):
        _check_sent(record, kinds, registry)
    seed = _first_seed(seed, games, first)
    # The variant and the number of players are checked here, once, rather
    # than by every worker.
    new_game(variant, players, seed=0, registry=registry)
    # The caller's bot makers make the bots of the first game's seats here,
    # once: one that makes no bot is refused before any game is played.
    for number, kind in enumerate(kinds):
        if not isinstance(kind, str):
            _made(kind, bot_seed(seed + first, number))
    return _Simulation(
        variant,
        players,
        games,
        kinds,
        seed,
        executor,
        batch,
        ahead,
        record,
        max_actions,
        first,
        registry,
    )


def _with_executor(simulation: _Simulation, executor: Executor | None) -> _Simulation:
    """Checked arguments played on ``executor``, checked as `_check` checks
    it: for a command that checks its arguments before it makes its
    executor (a Ray instance takes seconds to start), and makes the bots of
    its own makers once, as `simulate` does."""
    _check_executor(executor)
    if isinstance(executor, ProcessPoolExecutor):
        _check_sent(simulation.record, simulation.bots, simulation.registry)
    return attrs.evolve(simulation, executor=executor)


def _check_executor(executor: object) -> None:
    """Raises `SetupError` for what is no executor (an executor's class
    among them), as `_check` does."""
    if isinstance(executor, type):
        raise SetupError(
            f"simulate: executor takes an executor, not the class {shown(executor)}: "
            f"make one (and shut it down) with `with {executor.__name__}() as pool:`"
        )
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SetupError(
            "simulate: executor takes a concurrent.futures.Executor (or None), "
            f"not {shown(executor)}"
        )


def _check_sent(
    record: Callable[[Game], str] | None,
    kinds: tuple[str | BotMaker, ...],
    registry: Registry | None,
) -> None:
    """Raises `SetupError` for what a process pool cannot send its workers:
    a registry of the caller's own, or a record function or bot maker that
    does not pickle, or pickles without its name."""
    if registry is not None:
        raise SetupError(
            "simulate: a registry of your own stays in this process (it holds its "
            "plugins, which do not pickle): play with executor=None or a "
            "ThreadPoolExecutor, or install the variant (an entry point of the "
            "trapper_core.plugins group) for a process pool to find it by its name"
        )
    # A process pool pickles each batch, record and bots and all; it would
    # fail at the first batch. (Threads share this process, and Ray
    # pickles lambdas and local functions too.)
    # Pickled as the pool pickles them: multiprocessing's pickler sends a
    # functools.partial without its attributes, so a bot maker's name
    # (by which its bot is tallied) must be seen to arrive too.
    sent: list[tuple[str, object, str | None]] = (
        [("record", record, None)] if record is not None else []
    )
    sent += [
        (f"the bot {_name(kind)!r}", kind, _name(kind))
        for kind in kinds
        if not isinstance(kind, str)
    ]
    for what, value, name in sent:
        try:
            arrived = pickle.loads(ForkingPickler.dumps(value))
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise SetupError(
                f"simulate: {what} must pickle to run in the pool's other processes "
                f"(of a module they can import, not a lambda or a local one): {exc}"
            ) from None
        if name is not None and getattr(arrived, "name", None) != name:
            raise SetupError(
                f"simulate: {what} reaches the pool's other processes without its name "
                "(a functools.partial loses its attributes there): give it a class of "
                "its own with the name, such as a subclass of the bot"
            )


#: Where the seeds of seats from the eleventh on begin: above every
#: ``seed * 10 + s`` of a game seed below `MAX_SEED` (2**64).
_HIGH_SEATS = 2**72


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in seat ``seat`` (from 0) of the simulated game
    of seed ``seed``: ``seed * 10 + seat`` for the first ten seats, and
    ``2**72 + seed * MAX_PLAYERS + seat`` for the others, so that no two
    seats of any games share a seed."""
    if seat < 10:
        return seed * 10 + seat
    return _HIGH_SEATS + seed * MAX_PLAYERS + seat


def _whole(value: object, what: str, low: int = 1) -> int:
    """``value`` as an int of at least ``low``: any whole number (a NumPy
    integer too) but a bool. The error names the argument, ``what``."""
    return as_whole(value, SetupError, f"{what} takes a number of at least {low}", low=low)


def _no_more_bots_than_seats(bots: tuple[object, ...], players: int, caller: str) -> None:
    """Raises `SetupError` for more bots than seats. Bots are repeated to
    fill the seats, as play's bots are: more would leave some out of every
    game, each a different number of games."""
    if len(bots) > players:
        raise SetupError(f"{caller}: bots names {len(bots)} bots for {players} seats")


def _made(
    kind: str | BotMaker, seed: int, caller: str = "simulate", registry: Registry | None = None
) -> Bot:
    """The bot ``kind`` makes with ``seed`` (a built-in bot looking the rules
    up in ``registry``); raises `SetupError` when a bot maker of the
    caller's makes no bot (it would fail at its first turn, far from the
    mistake)."""
    if isinstance(kind, str):
        return make_bot(kind, seed, registry=registry)
    try:
        bot = kind(seed)
    except TypeError:
        if _takes_a_seed(kind):  # the maker's own error, raised as it made the bot
            raise
        raise SetupError(
            f"{caller}: the bot maker {_name(kind)!r} ({shown(kind)}) takes no seed: a bot of "
            "your own is made with one argument, its seed (`def __init__(self, seed=None)`)"
        ) from None
    if not callable(getattr(bot, "choose", None)):
        raise SetupError(
            f"{caller}: the bot maker {_name(kind)!r} made {shown(bot)} with the seed {seed}, "
            "not a bot (an object with a choose(view) method)"
        )
    return bot


def _takes_a_seed(maker: BotMaker) -> bool:
    """Whether ``maker`` can be called with one argument, a seed (`True` for
    a callable whose signature Python cannot read)."""
    try:
        inspect.signature(maker).bind(0)
    except TypeError:
        return False
    except ValueError:  # no signature to read
        return True
    return True


def seat_names(bots: Sequence[str | BotMaker]) -> tuple[str, ...]:
    """The players' names of a simulated game whose seats hold ``bots``, in
    seat order: each bot's name, numbered where a bot sits in more than one
    seat (``greedy-1``, ``random-1``, ``greedy-2``, ``random-2``), so that a
    game's record says which bot played where. (Names that a number would
    make alike, a bot called ``greedy-1`` beside two ``greedy``, give the
    seats' letters, A, B, … instead.)"""
    names = [_name(kind) for kind in bots]
    counts = Counter(names)
    seen: Counter[str] = Counter()
    numbered = []
    for name in names:
        if counts[name] > 1:
            seen[name] += 1
            name = f"{name}-{seen[name]}"
        numbered.append(name)
    if len(set(numbered)) != len(numbered):
        return default_names(len(bots))
    return tuple(numbered)


def _name(kind: str | BotMaker) -> str:
    """The name a bot is tallied by: its own, or its maker's ``name``."""
    return kind if isinstance(kind, str) else kind.name


def _bot_kinds(bots: object, caller: str) -> tuple[str | BotMaker, ...]:
    """``bots`` as a tuple of at least one name of [`BOTS`][trapper_core.BOTS]
    or bot maker (a callable of a seed with a `str` ``name``), no two of
    them different under one name."""
    if isinstance(bots, str):
        raise SetupError(f"{caller}: bots takes a list of bot names, not the string {shown(bots)}")
    kinds = as_tuple(bots, SetupError, f"{caller}: bots takes a list of bot names")
    if not kinds:
        raise SetupError(f"{caller}: bots takes at least one bot name ({', '.join(BOTS)})")
    named: dict[str, object] = {}
    for kind in kinds:
        if isinstance(kind, str):
            if kind not in BOTS:
                raise SetupError(
                    f"{caller}: no bot is called {shown(kind)}; choose from {', '.join(BOTS)}"
                )
            name, maker = kind, BOTS[kind]
        else:
            found = getattr(kind, "name", None)
            if not callable(kind):
                raise SetupError(
                    f"{caller}: bots takes names ({', '.join(BOTS)}) or bots of your own (a "
                    f"callable of a seed that makes a bot, with a name), not {shown(kind)}"
                )
            if not isinstance(found, str) or not found:
                said = "no name" if found is None else f"the name {shown(found)}"
                raise SetupError(
                    f"{caller}: the bot of your own {shown(kind)} has {said}: give it a "
                    "`name`, a string (`name = 'mine'` in its class), by which its seats "
                    "and its row of the tally are named"
                )
            line = plain_line(found)
            if line is None:
                # It names the players of its seats (seat_names), and the tally's rows.
                raise SetupError(
                    f"{caller}: a bot's name is a line of printable text, not {shown(found)} "
                    f"({shown(kind)})"
                )
            name, maker = line, kind
        known = named.setdefault(name, maker)  # "random" and RandomBot are one bot
        if known is not maker and known != maker:
            # The summary tallies by name: two bots under one would be summed as one.
            raise SetupError(f"{caller}: two different bots are called {name!r}")
    return kinds


def _first_seed(seed: int | None, games: int, first: int = 0) -> int:
    """The simulation's seed, when every game's seed, `seed + first` to
    `seed + first + games - 1`, is one `new_game` takes; `None` picks one
    at random."""
    if seed is None:
        seed = secrets.randbits(53)  # as new_game picks one
    what = "simulate: seed takes a whole number from 0 to 2**64 - 1"
    seed = as_whole(seed, SetupError, what)
    if not 0 <= seed < MAX_SEED:
        raise SetupError(f"{what}, not {shown(seed)}")
    last = seed + first + games - 1
    if last >= MAX_SEED:
        played = f"{shown(games)} games" if not first else f"games {first} to {first + games - 1}"
        raise SetupError(
            f"simulate: {played} take the seeds {seed + first} to {shown(last)} "
            "(game n has the seed seed + n), but a seed is a whole number below 2**64"
        )
    return seed


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _workers(executor: Executor | None) -> int:
    """How many batches the executor runs at once: its `workers` attribute
    (`trapper_core.ray.RayExecutor` has one), the standard pools'
    `_max_workers`, or this machine's cores."""
    if executor is None:
        return 1
    for name in ("workers", "_max_workers"):
        count = getattr(executor, name, None)
        if isinstance(count, int) and count > 0:
            return count
    return cores()


def batches(games: int, workers: int = 1, batch: int | None = None) -> Iterator[tuple[int, int]]:
    """How `simulate` cuts ``games`` into batches for ``workers`` processes:
    ``(first game, count)`` in game order. ``batch`` games each when given.

    By default a batch is enough for every worker to get about eight, and at
    most 25 games (a tenth of a second to half a second of play), so that
    results and progress come back steadily and an interrupted run stops
    soon; a batch's overhead in a process pool (a task sent and its results
    back) is a fraction of a millisecond. Near the end batches shrink to
    about a ``2 * workers``-th of the games left, down to one game, so that
    the workers finish together: with batches of one size, the last one
    would leave a worker idle for up to half a batch (400 base games on 2
    workers, scheduled from each game's CPU time: 2.00 times one worker's
    speed in 29 batches, where 16 batches of one size give 1.92).

    The arguments are checked as `simulate` checks them, at the call: a bad
    one raises [`SetupError`][trapper_core.SetupError].
    """
    games = _whole(games, "batches: games")
    workers = _whole(workers, "batches: workers")
    batch = None if batch is None else _whole(batch, "batches: batch")
    return _cut(games, workers, batch)


def _cut(games: int, workers: int, batch: int | None) -> Generator[tuple[int, int], None, None]:
    """The batches of checked arguments (see `batches`)."""
    size = batch or max(1, min(25, games // (8 * workers)))
    first = 0
    while first < games:
        left = games - first
        count = min(size, left) if batch else max(1, min(size, left // (2 * workers)))
        yield first, count
        first += count
