"""A conformance kit for variant plugins.

[`check_variant`][trapper_core.conformance.check_variant] plays many seeded
games of a variant between the built-in bots and checks, after every action,
every invariant the engine relies on (``trapper_core.invariants``): tiles,
cards and tokens accounted for, the variant's own named checks (placements and
money in the base game), views free of hidden data, every action's text reading
back (and read alike in other positions by every kind that says it reads
it alike), distinct words for distinct legal actions
([`Game.describe`][trapper_core.Game.describe]), each kind's check agreeing
with its listing (near misses too), rejected actions, copies and undo
leaving the game as it was, the listing the same from an empty cache of step
targets, and ``trapper_position_worth`` (which only the search bot asks)
answering every view with a number. At the end of each game it
checks the dict and notation round trips and that the same seeds play the same
game again, and samples worlds from every player's view at a few moments of
the game (``trapper_core.sampling``): each must show the view it was sampled
from, and each of the viewer's legal actions must be legal in the world too
and leave the table the same (but for an action that takes a tile nobody had
seen, which a variant may allow). It reports what broke instead of stopping
at the first problem.

In a test suite:

```python
from trapper_core.conformance import assert_variant_conforms

def test_my_variant_conforms():
    assert_variant_conforms("my-variant", games=20)
```
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from .actions import Action
from .bots import GreedyBot, RandomBot, _worth_value
from .errors import SetupError, as_tuple, as_whole, player_counts, shown
from .game import Game, new_game
from .invariants import check_action, check_invariants, check_view
from .kinds import ActionKind
from .model import FACE_DOWN
from .plugins import Registry, VariantSpec, _no_answer, registry_or_default
from .state import GameState

__all__ = [
    "ConformanceReport",
    "Problem",
    "assert_variant_conforms",
    "check_sense",
    "check_variant",
]


@attrs.frozen
class Problem:
    """Something that broke in one game."""

    game: int
    """The game's number in the run, from 0."""
    seed: int
    players: int
    bot: str
    actions: int
    """How many actions had been played when it broke."""
    error: str

    def __str__(self) -> str:
        return (
            f"game {self.game} (seed {self.seed}, {self.players} players, {self.bot} bots, "
            f"after {self.actions} actions): {self.error}"
        )


@attrs.frozen
class ConformanceReport:
    """What [`check_variant`][trapper_core.conformance.check_variant] found."""

    variant: str
    games: int
    actions: int
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """Whether every game passed every check."""
        return not self.problems

    def __str__(self) -> str:
        head = (
            f"variant {self.variant!r}: {self.games} games, {self.actions} actions, "
            f"{len(self.problems)} problems"
        )
        return "\n".join([head, *(f"  {p}" for p in self.problems)])


def check_variant(
    variant: str,
    *,
    games: int = 40,
    players: Sequence[int] | None = None,
    bots: Sequence[str] = ("random", "greedy"),
    seed: int = 0,
    registry: Registry | None = None,
    max_actions: int = 10_000,
    samples: int = 3,
) -> ConformanceReport:
    """Plays ``games`` seeded games of ``variant`` and checks everything.

    Games cycle through the player counts (by default every count the variant
    allows) and the kinds of bot; game ``i`` uses seed ``seed + i``. A game
    that does not end within ``max_actions`` is a problem too. ``samples`` is
    how many moments of each game have worlds sampled from every view.

    Every listed action's text is also read, by each kind whose
    ``reads_alike(text)`` says it reads it alike in every position, where
    it is first met and in up to 32 earlier positions of the run (a uniform
    sample of them, 16 kept at a time); a kind that answers it otherwise in
    two of them is a problem.

    Arguments that cannot be used raise [`SetupError`][trapper_core.SetupError]
    (an unknown variant [`UnknownVariantError`][trapper_core.UnknownVariantError])
    before any game is played.
    """
    registry = registry_or_default(registry)
    spec = registry.spec(variant)
    games = _whole(games, "games", 1)
    counts = _counts(players, spec, games)
    bots = _bot_kinds(bots)
    seed = _whole(seed, "seed", 0)
    if seed + games > 2**64:
        raise SetupError(
            f"seed + games is at most 2**64 (game i is seeded seed + i), not {shown(seed + games)}"
        )
    max_actions = _whole(max_actions, "max_actions", 1)
    samples = _whole(samples, "samples", 0)
    problems: list[Problem] = []
    actions = 0
    alike = _Alike(spec.name, seed)  # texts read once serve every game: one for the run
    for number in range(games):
        count = counts[number % len(counts)]
        kind = bots[number // len(counts) % len(bots)]
        game_seed = seed + number
        game: Game | None = None  # made first: a failure in play counts its actions
        try:
            game = new_game(variant, count, seed=game_seed, registry=registry)
            _play_checked(game, kind, game_seed, registry, max_actions, alike, number)
            _check_round_trips(game, variant, count, kind, game_seed, registry)
            _check_samples(game, samples, game_seed, registry)
        except Exception as exc:  # a report of everything that broke, not the first
            played = len(game.history) if game is not None else 0
            problems.append(Problem(number, game_seed, count, kind, played, _described(exc)))
        if game is not None:
            actions += len(game.history)
    return ConformanceReport(spec.name, games, actions, tuple(problems))


def _whole(value: object, what: str, low: int) -> int:
    """``value`` as an ``int`` (a NumPy integer too, as everywhere else) of
    ``low`` or more; `SetupError` otherwise."""
    return as_whole(value, SetupError, f"{what} is a whole number of {low} or more", low=low)


def _some(value: object, what: str, none: str) -> tuple[Any, ...]:
    """``value`` as a tuple of one item or more (not text); `SetupError`
    saying ``what`` it should be, or ``none`` when it is empty."""
    if isinstance(value, str | bytes):
        raise SetupError(f"{what}, not {shown(value)}")
    items = as_tuple(value, SetupError, what)
    if not items:
        raise SetupError(none)
    return items


def _counts(players: object, spec: VariantSpec, games: int) -> Sequence[int]:
    """The player counts the games cycle through."""
    low, high = spec.min_players, spec.max_players
    if players is None:  # as many of the counts allowed as there are games
        return range(low, min(high, low + games - 1) + 1)
    counts = _some(players, "players is a list of player counts", "players names no player count")
    told = f"{spec.name!r} is played by {player_counts(low, high)}"
    whole = [as_whole(count, SetupError, told) for count in counts]
    for count in whole:
        if not low <= count <= high:
            raise SetupError(f"{told}, not {shown(count)}")
    return whole


_BOTS = ("random", "greedy")


def _bot_kinds(bots: object) -> tuple[str, ...]:
    kinds = _some(
        bots, "bots is a list of bot names", "bots names no bot; choose random or greedy"
    )
    for kind in kinds:
        if kind not in _BOTS:
            raise SetupError(f"no bot is called {shown(kind)}; choose random or greedy")
    return kinds


def assert_variant_conforms(
    variant: str,
    *,
    games: int = 40,
    players: Sequence[int] | None = None,
    bots: Sequence[str] = ("random", "greedy"),
    seed: int = 0,
    registry: Registry | None = None,
    max_actions: int = 10_000,
    samples: int = 3,
) -> ConformanceReport:
    """Runs [`check_variant`][trapper_core.conformance.check_variant] with
    the same arguments and raises ``AssertionError`` listing every problem
    if there is one; returns the report otherwise."""
    report = check_variant(
        variant,
        games=games,
        players=players,
        bots=bots,
        seed=seed,
        registry=registry,
        max_actions=max_actions,
        samples=samples,
    )
    if not report.ok:
        raise AssertionError(str(report))
    return report


def _bots(kind: str, count: int, seed: int, registry: Registry) -> list[RandomBot | GreedyBot]:
    if kind == "greedy":
        return [GreedyBot(seed * 10 + s, registry=registry) for s in range(count)]
    if kind == "random":
        return [RandomBot(seed * 10 + s) for s in range(count)]
    raise ValueError(f"no bot is called {kind!r}; choose random or greedy")


def _described(exc: Exception) -> str:
    """The error, and where it was raised (the innermost frame: a plugin's
    own line, when the plugin raised it)."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" [{Path(frames[-1].filename).name}:{frames[-1].lineno}, in {frames[-1].name}]"
    try:
        message = str(exc)
    except Exception as failure:  # a plugin's error whose __str__ raises: named by its class
        message = f"<its message could not be made: {shown(failure)}>"
    return f"{type(exc).__name__}: {message}" + (where if frames else "")


def _play_checked(
    game: Game,
    kind: str,
    seed: int,
    registry: Registry,
    max_actions: int,
    alike: _Alike,
    number: int,
) -> None:
    """Plays ``game``, the run's game ``number``, out between ``kind`` bots,
    checking every position."""
    count = len(game.players)
    bots = _bots(kind, count, seed, registry)
    # trapper_position_worth, which the greedy bot never asks, is asked of
    # every view (its search bot's answer, checked as ISMCTSBot checks it).
    worth = game.rules.position_worth
    judge = None if worth is _no_answer else GreedyBot(seed, registry=registry)
    for _ in range(max_actions):
        if game.is_over:
            break
        check_invariants(game)
        check_action(game)
        alike.check(game, f"game {number} (seed {seed}) after {len(game.history)} actions")
        _check_words(game)
        seat = game.to_move
        assert seat is not None
        for other in range(count):
            view = game.view(other)
            check_view(game, view)
            if judge is not None:
                _check_worth(worth(view, judge), other)
        game.apply(bots[seat].choose(game.view(seat)))
        check_sense(game)
    else:
        raise AssertionError(f"the game did not end within {max_actions} actions")
    check_invariants(game)


def _check_words(game: Game) -> None:
    """Every listed action has words (``Game.describe``, which checks that
    they are one printable line), and no two have the same: words name an
    action for people as its text does for the notation."""
    said: dict[str, Action] = {}
    for action in game.legal_actions():
        words = game.describe(action)
        other = said.setdefault(words, action)
        if other is not action:
            raise AssertionError(
                f"variant {game.variant!r}: {shown(other, 80)} and {shown(action, 80)}, both "
                f"legal after {len(game.history)} actions, are described alike as "
                f"{words!r}; distinct legal actions have distinct words "
                "(ActionKind.describe)"
            )


_ALIKE_KEPT = 16
"""How many earlier positions of a run the check of ``reads_alike`` keeps
(a uniform sample of every position checked so far)."""

_ALIKE_READS = 32
"""In how many kept positions, at most, each text is read again."""


@attrs.frozen
class _Raised:
    """A ``parse`` that raised: alike when the error's class is."""

    error: type[BaseException]
    message: str = attrs.field(eq=False)


def _answer(kind: ActionKind[Any], state: GameState, text: str) -> object:
    """What ``kind``'s own ``parse`` answers ``text`` in ``state`` (not the
    variant's read, which may be one kept from another position)."""
    try:
        return kind.parse(state, text)
    except Exception as exc:  # an answer too: a read kept once would not raise
        return _Raised(type(exc), str(exc))


@attrs.define
class _Met:
    """A text the run has met, and what the kinds that say they read it
    alike answered the first time."""

    kinds: tuple[int, ...]
    """The positions, in the variant's kinds, of those that say so."""
    answers: tuple[object, ...]
    where: str
    last: int = 0
    """The newest kept position it has been read in (by its serial)."""
    reads: int = 0


class _Alike:
    """Checks ``ActionKind.reads_alike`` over a run: a kind that says it reads
    a text alike must answer it the same in every position, since the
    variant reads such a text once, for all its games.

    Every listed action's text is read, where it is first met, by each kind
    that says it reads it alike; then again, each time it is met after the
    sample has changed, in the kept positions it has not been read in, up
    to ``_ALIKE_READS`` of them. The sample is a uniform one of the run's
    positions so far, ``_ALIKE_KEPT`` at a time. In a kept position the
    text need not be legal: that is where a read that depends on the
    position shows (a tile named by its square, read where another tile
    lies)."""

    def __init__(self, variant: str, seed: int) -> None:
        self.variant = variant
        self.rng = random.Random(seed)
        self.kept: list[tuple[int, GameState, str]] = []  # serial, a copy, where
        self.offered = 0  # the positions the sample has been drawn from
        self.serial = 0  # the newest kept position's
        self.texts: dict[str, _Met] = {}

    def check(self, game: Game, where: str) -> None:
        """Reads the texts of ``game``'s listed actions (``where`` says
        which position it is), then offers the position to the sample."""
        rules, state = game.rules, game.state
        kinds = rules.kinds
        texts = self.texts
        for action in game.legal_actions():
            writer = rules.kind_of(action)
            assert writer is not None  # check_action has read it back
            text = writer.text(state, action)
            met = texts.get(text)
            if met is None:
                alike = tuple(i for i, kind in enumerate(kinds) if kind.reads_alike(text))
                answers = tuple(_answer(kinds[i], state, text) for i in alike)
                met = texts[text] = _Met(alike, answers, where)
            if met.last != self.serial and met.kinds and met.reads < _ALIKE_READS:
                self._read_kept(kinds, text, met)
        self._offer(game, where)

    def _read_kept(self, kinds: Sequence[ActionKind[Any]], text: str, met: _Met) -> None:
        """Reads ``text`` in the kept positions it has not been read in."""
        for serial, state, there in self.kept:
            if serial <= met.last or met.reads >= _ALIKE_READS:
                continue
            met.reads += 1
            for i, first in zip(met.kinds, met.answers, strict=True):
                answer = _answer(kinds[i], state, text)
                if answer != first:
                    kind = kinds[i]
                    cls = type(kind)
                    raise AssertionError(
                        f"variant {self.variant!r}: the {kind.name!r} kind "
                        f"({cls.__module__}.{cls.__qualname__}) says reads_alike({text!r}), "
                        f"but its parse answers that text by the position: "
                        f"{_shown_answer(first)} in {met.where}, {_shown_answer(answer)} in "
                        f"{there}; a text that every kind asked reads alike is read once, for "
                        "all the variant's games, so a kind says reads_alike only where its "
                        "parse reads the text alone, not the state"
                    )
        met.last = self.serial

    def _offer(self, game: Game, where: str) -> None:
        """Keeps ``game``'s position in the sample, or not (reservoir
        sampling: each position offered so far is kept alike often)."""
        self.offered += 1
        kept = self.kept
        slot = len(kept) if len(kept) < _ALIKE_KEPT else self.rng.randrange(self.offered)
        if slot >= _ALIKE_KEPT:
            return
        self.serial += 1
        entry = (self.serial, game.state.copy(), where)
        if slot == len(kept):
            kept.append(entry)
        else:
            kept[slot] = entry


def _shown_answer(answer: object) -> str:
    if isinstance(answer, _Raised):
        message = answer.message if len(answer.message) <= 200 else answer.message[:199] + "…"
        return f"raises {answer.error.__name__}: {message}"
    return "None" if answer is None else shown(answer, 200)


def _check_worth(answer: object, seat: int) -> None:
    """A ``trapper_position_worth`` answer is ``None`` or a finite number."""
    if answer is not None and _worth_value(answer) is None:
        raise AssertionError(
            f"trapper_position_worth answered {shown(answer)} for seat {seat}'s view, not a "
            "finite number below 1e300 (nor None)"
        )


def check_sense(game: Game) -> None:
    """Raises ``AssertionError`` for answers of a variant's hooks that are
    consistent but make no sense in any game of Trapper: a negative canoe
    payout (the bank pays, it never charges), money that is no whole number
    (money itself may go below zero: a variant may charge for other
    things), a token numbered below 1, a final valuation that is not one
    per player, winners that are no seats.

    The invariants check that the books balance; this checks that what they
    balance is sensible. [`check_variant`][trapper_core.conformance.check_variant]
    runs it after every action.
    """
    if not isinstance(game, Game):
        raise SetupError(f"check_sense takes a Game, not {shown(game)}")
    for seat, display in enumerate(game.displays):
        who = game.players[seat]
        for valued in display.valued:
            if valued.payout < 0:
                raise AssertionError(
                    f"{who}'s {valued.species} canoe paid {valued.payout}: the bank never "
                    "pays a negative amount (trapper_canoe_payout)"
                )
        if type(display.money) is not int:
            raise AssertionError(
                f"{who} holds {shown(display.money)} money: money is a whole number"
            )
        for token in display.tokens:
            if token.number < 1:
                raise AssertionError(f"{who} holds the {token}: tokens are numbered from 1")
    valuation = game.valuation()
    if valuation is None:
        return
    if len(valuation) != len(game.players):
        raise AssertionError(
            f"the final valuation has {len(valuation)} entries for {len(game.players)} players "
            "(trapper_final_valuation)"
        )
    winners = game.winners()
    seats = range(len(game.players))
    if not winners or list(winners) != sorted(set(winners)) or not set(winners) <= set(seats):
        raise AssertionError(
            f"the winners {list(winners)} are not distinct seats in ascending order "
            "(trapper_winners)"
        )


def _check_round_trips(
    game: Game, variant: str, count: int, kind: str, seed: int, registry: Registry
) -> None:
    from . import notation

    if Game.from_dict(game.to_dict(), registry=registry) != game:
        raise AssertionError("Game.from_dict(game.to_dict()) differs from the game")
    text = notation.dumps(game)
    (record,) = notation.loads(text)
    if notation.dumps(record) != text:
        raise AssertionError("the notation does not write back what it read")
    if record.replay(registry=registry) != game:
        raise AssertionError("the notation record does not replay to the game")
    again = new_game(variant, count, seed=seed, registry=registry)
    bots = _bots(kind, count, seed, registry)
    while not again.is_over:
        seat = again.to_move
        assert seat is not None
        again.apply(bots[seat].choose(again.view(seat)))
    if again.history != game.history:
        raise AssertionError("the same seeds played a different game")


# What the table sees, whatever the hidden parts: the same in a sampled world
# as in the game after the same action.
PUBLIC_FIELDS = (
    "to_move",
    "turn",
    "trappers",
    "displays",
    "hand_sizes",
    "draw_pile_size",
    "discard",
    "out_of_game",
    "supply",
    "returned",
    "retired",
    "turns",
    "shuffles",
    "history",
    "taken",
)


def _check_samples(game: Game, moments: int, seed: int, registry: Registry) -> None:
    from .sampling import sample

    history = game.history
    outcomes = game.outcomes()
    rng = random.Random(seed)
    cuts = sorted({len(history) * (k + 1) // (moments + 1) for k in range(moments)})
    at = game.root()
    done = 0
    for cut in cuts:
        while done < cut:
            at.apply(history[done], shuffles=outcomes[done])
            done += 1
        for seat in range(len(at.players)):
            view = at.view(seat)
            world = sample(view, rng, registry=registry)
            if world.view(seat) != view:
                raise AssertionError(f"a world sampled for seat {seat} shows another view")
            for action in view.legal_actions:
                real, other = at.copy(), world.copy()
                real.apply(action)
                other.apply(action)
                mine, theirs = real.view(seat), other.view(seat)
                if any(
                    seen is FACE_DOWN and taken is not None
                    for seen, taken in zip(view.board, mine.taken, strict=True)
                ):
                    # A variant's step onto a tile nobody had seen: what it
                    # brings is the world's own chance (legal in it all the same).
                    continue
                for field in PUBLIC_FIELDS:
                    if getattr(mine, field) != getattr(theirs, field):
                        raise AssertionError(
                            f"after {action!r}, seat {seat}'s {field} differs between the "
                            "game and a world sampled from their view"
                        )
