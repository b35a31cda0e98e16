"""Bots that play from a [`PlayerView`][trapper_core.PlayerView] only.

A bot is any object with ``choose(view) -> Action``. Every bot here owns a
seeded ``random.Random``, so a game between seeded bots is the same game on
every machine (for `ISMCTSBot`, with a budget in iterations). Asked to choose
from a view with no decision to make (another seat is to move, or the game is
over), a bot here raises [`IllegalActionError`][trapper_core.IllegalActionError];
from a view that fits no game (one built by hand, its seats none of its
players'), [`SetupError`][trapper_core.SetupError].
"""

from __future__ import annotations

import enum
import math
import numbers
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .actions import Action
from .errors import (
    IllegalActionError,
    PluginError,
    SetupError,
    UnknownVariantError,
    as_real,
    as_tuple,
    as_whole,
    counted,
    shown,
)
from .game import Game
from .plugins import Registry, Rules, default_registry, registry_or_default
from .sampling import AT_POSITION, Sampler, SamplingError, begins_at_position, sampler_of
from .view import PlayerView, misshapen

_T = TypeVar("_T")

__all__ = [
    "BOTS",
    "QUICK_BOTS",
    "SAMPLING_EFFORT",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "make_bot",
    "play",
]


_OWN_REGISTRY = (
    "a bot looks its game's variant up in its own registry, the installed variants "
    "by default: a game of a registry of your own needs bots made with registry=..."
)


class Bot(Protocol):
    """Anything that picks an action from a player's view."""

    def choose(self, view: PlayerView) -> Action:
        """Returns one of ``view.legal_actions``."""
        ...


def _seed(seed: object) -> int | None:
    """A bot's seed: a whole number of 0 or more (anything that is one, such
    as a NumPy integer, but not a bool) or None, as a game's seed is.
    ``random.Random`` would also take text, bytes and floats, and a negative
    number as its absolute value (-5 the same bot as 5); a bot's seed is
    documented as a number, and another is more likely a slip than a wish."""
    if seed is None:
        return None
    return as_whole(
        seed, SetupError, "a bot's seed is a whole number of 0 or more, or None", low=0
    )


def _number(what: str, value: object, low: float | None, *, above: bool = False) -> float:
    """A bot's dial: a finite int or float (not a bool), of at least ``low``
    (more than ``low`` when ``above``) unless ``low`` is None."""
    real = as_real(value, SetupError, f"{what} is a number")  # Python's own int or float
    try:
        number = float(real)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise SetupError(f"{what} is a finite number, not {shown(value)}")
    if low is not None and (number < low or (above and number == low)):
        bound = "above" if above else "of at least"
        raise SetupError(f"{what} is a number {bound} {low:g}, not {shown(value)}")
    return real


def _whole(what: str, value: object, low: int) -> int:
    """A bot's count: a whole number (not a bool; a NumPy integer too) of at
    least ``low``, as an int."""
    return as_whole(value, SetupError, f"{what} is a whole number of at least {low}", low=low)


def _legal(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of ``view``, which must have a decision to make."""
    if not isinstance(view, PlayerView):
        raise SetupError(f"a bot chooses from a player's view (Game.view), not {shown(view)}")
    legal = view.legal_actions
    if legal and type(legal) is tuple:
        return legal
    # No decision, or a view built by hand: its seats may be none of its
    # players (the message below names them), its legal actions no tuple.
    problem = misshapen(view)
    if problem is not None:
        raise SetupError(f"a bot chooses from a view of a game, and {problem}")
    players = view.players
    if view.to_move == view.player:
        raise SetupError(
            f"a bot chooses from a view of a game, and its viewer, seat {view.player} "
            f"({players[view.player]}), is to move but it lists no legal action"
        )
    if view.to_move is None:
        why = "the game is over"
    else:
        why = f"seat {view.to_move} ({players[view.to_move]}) is to move"
    raise IllegalActionError(
        f"seat {view.player} ({players[view.player]}) has no decision to make in this view: {why}"
    )


def _bot_repr(bot: object, dials: dict[str, object]) -> str:
    """``<GreedyBot 'greedy', card_value=0.7, hand_limit=10>``: the class, the
    name it is tallied by, and the dials it plays with (its seed is spent
    on its generator, whose state no repr could show)."""
    told = "".join(f", {key}={value!r}" for key, value in dials.items())
    return f"<{type(bot).__name__} {getattr(bot, 'name', '?')!r}{told}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(_seed(seed))

    def __repr__(self) -> str:
        return _bot_repr(self, {})

    def choose(self, view: PlayerView) -> Action:
        """Returns a legal action chosen uniformly at random; raises
        `IllegalActionError` when ``view`` has no decision to make."""
        # Random.choice draws as randrange(len(legal)) does (one _randbelow),
        # without randrange's checks of its arguments: the same games.
        return self.rng.choice(_legal(view))


_UNJUDGED = -2.0
"""What the greedy bot makes of an action that no plugin judges (the
``trapper_action_worth`` hook answers ``None``): less than the base game's
passing, even with a full hand, so that an action of a variant's own that
the estimate does not know never keeps the bot from drawing, and the game
from ending once the cards run out (at -1, a house variant's card gift for
a coin and passing, one after the other, would go on for ever)."""


class GreedyBot(Bot):
    """Plays the legal action its variant judges worth most, one decision at a time.

    What an action is worth is variant knowledge, so the bot asks the
    variant's ``trapper_action_worth`` hook; ties are broken at random.
    ``card_value`` (what a card in hand is worth) and ``hand_limit`` (how
    many cards are enough) are the two dials the variants' estimates read;
    the base game's estimate is described in ``trapper_base.strategy``.
    ``registry`` is where the variant is looked up (the installed variants by
    default).
    """

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        *,
        card_value: float = 0.7,
        hand_limit: int = 10,
        registry: Registry | None = None,
    ) -> None:
        self.card_value = _number("card_value", card_value, None)
        self.hand_limit = _whole("hand_limit", hand_limit, 0)
        if registry is not None:
            registry_or_default(registry)  # a Registry, or a SetupError now
        self.rng = random.Random(_seed(seed))
        self.registry = registry
        self._rules: dict[str, Rules] = {}
        # The memo of the view a thread asks about: each thread's own, so
        # that a bot shared by threads (a server's) keeps one decision's
        # answers whatever another thread asks meanwhile.
        self._memos = threading.local()

    def __repr__(self) -> str:
        return _bot_repr(self, {"card_value": self.card_value, "hand_limit": self.hand_limit})

    def __getstate__(self) -> dict[str, Any]:
        # What it keeps between decisions is cached, made again when asked:
        # its variants' rules (plugin modules, which do not pickle) and the
        # last view's answers. Left out, a bot that has played pickles and
        # copies as a new one does, and plays on as it would have.
        state = dict(vars(self))
        state.update(_rules={})
        del state["_memos"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self._memos = threading.local()

    def choose(self, view: PlayerView) -> Action:
        """Returns the action of highest worth (ties broken at random);
        raises `IllegalActionError` when ``view`` has no decision to make."""
        legal = _legal(view)
        best: list[Action] = []
        best_worth = float("-inf")
        try:
            for action in legal:
                worth = self.worth(view, action)
                if worth > best_worth:
                    best, best_worth = [action], worth
                elif worth == best_worth:
                    best.append(action)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            # A view built by hand that fits no game fails the estimate (its
            # board or displays of another size): named for what is wrong
            # with it, as the search bot names it. Asked only then: nothing
            # is checked on the way of a good view.
            problem = misshapen(view)
            if problem is not None:
                raise SetupError(f"a bot chooses from a view of a game, and {problem}") from None
            raise
        return best[self.rng.randrange(len(best))]

    def rules(self, variant: str) -> Rules:
        """Returns the resolved rules of ``variant`` from the bot's registry."""
        rules = self._rules.get(variant)
        if rules is None:
            try:
                rules = (self.registry or default_registry()).rules(variant)
            except UnknownVariantError as exc:
                exc.add_note(_OWN_REGISTRY)
                raise
            self._rules[variant] = rules
        return rules

    def memo(self, view: PlayerView) -> dict[Any, Any]:
        """Returns a scratch dict for what an estimate works out once per view.

        A decision asks the variant's ``trapper_action_worth`` about every
        legal action of one view, and much of an estimate (what the board
        and the displays promise, the best tile a trapper can reach) is the
        same for all of them: a variant keeps it here, under keys of its own.
        The dict belongs to ``view`` (the very object) and to the thread
        asking: it is a new, empty one whenever the bot is asked about
        another view, and each thread of a bot shared by threads has its own.
        """
        memos = self._memos
        if getattr(memos, "view", None) is not view:
            memos.view = view
            memos.memo = {}
        memo: dict[Any, Any] = memos.memo
        return memo

    def remembered(self, view: PlayerView, key: object, work: Callable[..., _T], *args: Any) -> _T:
        """Returns ``work(*args)``, worked out once per ``view`` and ``key``
        and kept in [`memo`][trapper_core.GreedyBot.memo] under ``key`` (a
        key of the variant's own, like ``("my_variant.best", colour)``)."""
        memo = self.memo(view)
        try:
            found: _T = memo[key]
        except KeyError:
            found = memo[key] = work(*args)
        return found

    def worth(self, view: PlayerView, action: Action) -> float:
        """Returns the variant's estimate of what ``action`` is worth now
        (-2 for an action no plugin judges: the base game's bots rank it
        below a pass that draws cards, above one that draws none); raises
        `PluginError` when the variant answers neither a number (NaN is
        none: it is neither more nor less than any worth) nor ``None``."""
        worth = self.rules(view.variant).action_worth(view, action, self)
        if worth is None:
            return _UNJUDGED
        # the exact types first: asked for every legal action of every decision
        if (type(worth) in (float, int) or _real(worth)) and worth == worth:
            return worth
        raise PluginError(
            f"variant {view.variant!r}: trapper_action_worth answered {shown(worth)} for "
            f"{shown(action, 120)}, not a number (nor None, for another plugin's actions)"
        )


class _Node:
    """A node of the search tree: the information set reached by a sequence
    of actions, whatever the hidden parts."""

    __slots__ = ("available", "children", "prior", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed over visits, for the player who chose the action
        self.available = 0  # how often the action was legal when its parent was visited
        self.prior = 0.0


class _Unset(enum.Enum):
    """An argument not given (`ISMCTSBot`'s ``iterations``, whose default
    depends on ``seconds``)."""

    UNSET = "not given"

    def __repr__(self) -> str:
        return "(not given)"


_UNSET = _Unset.UNSET


SAMPLING_EFFORT = 100_000
"""`ISMCTSBot`'s default bound on the search for a decision's first world
(`Sampler.prepare`'s ``effort``): past it, the bot plays the greedy choice.
On the machine of the figures (``benchmarks/sampler_schedule.py
--effort``), the 325 views of four-player tactical games between greedy
and random bots whose first search run fails (seeds 0-19, two starts
each) are all found within it, in 5.8 CPU seconds at most (one needs over
50,000 steps); of the 531 views of games of players who hoard their cards,
pay every card they draw or play at random (seeds 0-11), 16 are given up,
after 11 to 47 CPU seconds, where they could take the sampler minutes.
Harder still are four-player tactical games of players who open two
auctions in five at the highest bid their hands allow and raise by the
least: in one of 468 actions, every view from the 300th action on was
given up, after 12 to 27 CPU seconds each, and in four such games the
bot's decision at nine tenths of the game took 18 to 24 seconds, ending in
the greedy choice. A bot with
``seconds`` is bounded by its time as well: give it ``seconds``, or a
smaller ``sampling_effort``, where decisions must be quick."""


class ISMCTSBot(Bot):
    """Information-set Monte Carlo tree search (single observer, Cowling,
    Powley and Whitehouse 2012), playing from a view only.

    Every iteration draws one world consistent with the view
    (`trapper_core.Sampler`, see `trapper_core.sampling`; the sampler of
    each decision is warmed by the one before, `Sampler.warm`),
    walks down the one tree of the bot's information sets, choosing among
    the actions legal in that world by UCB with availability counts,
    expands one action, plays ``rollout`` more decisions with the greedy
    bot's judgement (`GreedyBot`) and scores the position reached for
    every player: what the variant's ``trapper_position_worth`` says the
    player's view of it is worth (the base game: money, bonus ranking,
    the display's promise and the cards in hand), or, for a variant
    without it, the money plus the end valuation as if the game ended
    there (``trapper_final_valuation``); at the true end, the final
    scores. A player's reward is a logistic function of their lead over
    the best other player (``scale`` money per unit); a lone player (a
    variant of one player) leads against its own score, money and end
    valuation, when the decision is taken. New actions
    are tried in the greedy bot's order, and its judgement biases the
    choice for the first visits
    (``bias``), so the search starts from the greedy bot's play and looks
    further. Decisions with one legal action cost nothing. Where the
    sampler finds no world for a view (`trapper_core.SamplingError`: a
    view that no game could show), the bot plays the greedy bot's choice,
    and so it does where the search for a decision's first world spends
    ``sampling_effort`` steps without finding one (`Sampler.prepare`;
    ``None``: no bound). The bound counts steps, not seconds, so that a
    seeded bot plays the same game on every machine (see
    `SAMPLING_EFFORT` for what it is in time); with ``seconds``, the
    decision's time bounds that search too, so that a decision takes its
    ``seconds`` and a few thousandths more, however hard its view (in a
    process to itself: bots deciding at once in threads share the
    interpreter, and each takes longer, with fewer iterations).
    A view of a game that begins at a position
    ([`game_at`][trapper_core.game_at], `Position.to_game`) is sampled from
    the view of that position it holds (``view.origin``); a view with
    neither a setup to replay nor an origin (one built by hand) cannot be,
    and the bot raises `SamplingError` for it.

    The bot does not stall. Nothing in the rules ends a game in which the
    players still in it pass for ever once no card is left to draw, and
    two search bots that each lead could do just that (each would rather
    wait than give the other a chance). So when a decision finds the very
    position of the bot's last decision (everything its view shows but the
    history and the count of turns: a round went by and changed nothing)
    and the search picks the action the bot chose there, the bot plays the
    search's second choice instead. That last decision, and its sampler,
    are the bot's own: a bot plays one game (a decision for another game,
    in this thread or another, takes their place, and the bot then plays
    on without them).

    ``iterations`` (per decision) or ``seconds`` (per decision) bounds the
    search, and with both the first reached ends it (at least one iteration
    is made); with iterations alone, the same ``seed`` gives the same game.
    Without ``seconds`` the bot searches 100 iterations unless told
    otherwise; given ``seconds`` alone, it searches for that long
    (``ISMCTSBot(seconds=0.5)``), with no bound on iterations.
    ``searched`` counts the iterations made so far, over every decision.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | _Unset | None = _UNSET,
        seconds: float | None = None,
        rollout: int = 6,
        exploration: float = 0.5,
        bias: float = 1.0,
        scale: float = 10.0,
        sampling_effort: int | None = SAMPLING_EFFORT,
        registry: Registry | None = None,
    ) -> None:
        if isinstance(iterations, _Unset):
            # 100 iterations by default; a time alone bounds the search alone
            iterations = 100 if seconds is None else None
        if iterations is None and seconds is None:
            raise SetupError("an ISMCTS bot needs a budget: iterations or seconds")
        if iterations is not None:
            iterations = _whole("iterations", iterations, 1)
        if seconds is not None:
            seconds = _number("seconds", seconds, 0, above=True)
        self.rollout = _whole("rollout", rollout, 0)
        self.exploration = _number("exploration", exploration, 0)
        self.bias = _number("bias", bias, 0)
        self.scale = _number("scale", scale, 0, above=True)
        self.sampling_effort = (
            None if sampling_effort is None else _whole("sampling_effort", sampling_effort, 1)
        )
        if registry is not None:
            registry_or_default(registry)  # a Registry, or a SetupError now
        self.rng = random.Random(_seed(seed))
        self.iterations = iterations
        self.seconds = seconds
        self.registry = registry
        self.greedy = GreedyBot(self.rng.getrandbits(32), registry=registry)
        self.searched = 0
        """Iterations run so far, over every decision (for benchmarks)."""
        self._sampler: Sampler | None = None  # the last decision's
        self._last: tuple[tuple[object, ...], int, Action] | None = None
        # the position of the last decision searched, the length of its
        # history, and the action chosen

    def __repr__(self) -> str:
        budget = {"iterations": self.iterations, "seconds": self.seconds}
        return _bot_repr(
            self,
            {
                **{key: value for key, value in budget.items() if value is not None},
                "rollout": self.rollout,
                "exploration": self.exploration,
                "bias": self.bias,
                "scale": self.scale,
            },
        )

    def __copy__(self) -> ISMCTSBot:
        # A shallow copy shares the last decision's sampler, as it did before
        # __getstate__ said no to pickling it.
        copied = object.__new__(type(self))
        copied.__dict__.update(self.__dict__)
        return copied

    def __getstate__(self) -> dict[str, Any]:
        if self._sampler is not None:
            raise TypeError(
                "an ISMCTSBot that has chosen is not pickled or deep-copied: its next "
                "search starts from the sampler of its last decision, which does not "
                "pickle (and a search started afresh could choose otherwise); pickle it "
                "before its first choice, or make another with the same seed"
            )
        return dict(vars(self))

    def choose(self, view: PlayerView) -> Action:
        """Returns the action most visited by the search from ``view``;
        raises `IllegalActionError` when ``view`` has no decision to make."""
        legal = _legal(view)
        if len(legal) == 1:
            self._last = None
            return legal[0]
        # A view made by hand is named for what is wrong with it, not failed
        # inside the search (a few microseconds of a decision of milliseconds).
        problem = misshapen(view)
        if problem is not None:
            raise SetupError(f"a bot chooses from a view of a game, and {problem}")
        if begins_at_position(view):
            raise SamplingError(f"ISMCTSBot: {AT_POSITION}")
        # The decision's time runs from here: the search for its first world
        # spends of it too (`Sampler.prepare`'s ``seconds``).
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        try:
            rules = (self.registry or default_registry()).rules(view.variant)
        except UnknownVariantError as exc:
            exc.add_note(_OWN_REGISTRY)
            raise
        try:
            sampler = sampler_of(view, rules)
            if self._sampler is not None:
                # the last decision's deal, a few actions back, is where to start
                sampler.warm(self._sampler)
            left = None if deadline is None else max(deadline - time.perf_counter(), 1e-9)
            if not sampler.prepare(self.rng, effort=self.sampling_effort, seconds=left):
                # No world within the bound (a view of rare hardness): the
                # greedy judgement, at once, rather than a stall of minutes.
                self._last = None
                return self.greedy.choose(view)
            sampler.position(self.rng, steps=0)  # the first world: the chain's start
        except SamplingError:
            # A view no game could show (the sampler's search is complete):
            # the greedy judgement.
            self._last = None
            return self.greedy.choose(view)
        self._sampler = sampler
        root = _Node()
        self._priors(root, view, legal)
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, sampler.position(self.rng, steps=8))
            done += 1
        self.searched += done
        ranked = sorted(
            root.children.items(), key=lambda item: (item[1].visits, item[1].reward), reverse=True
        )
        best = ranked[0][0]
        here, played = view.position_key(), len(view.history)
        last = self._last
        if last is not None and last[1] < played and last[0] == here and last[2] == best:
            # Back where its last decision was, after a round that changed
            # nothing: the same choice would go round for ever.
            best = ranked[1][0]
        self._last = (here, played, best)
        return best

    def _priors(self, node: _Node, view: PlayerView, legal: Sequence[Action]) -> None:
        """Adds a child per legal action, each with the greedy bot's worth
        of it, ranked 1 (best) down to 0."""
        worths = [self.greedy.worth(view, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: -worths[i])
        top = max(len(legal) - 1, 1)
        for rank, i in enumerate(order):
            child = node.children.setdefault(legal[i], _Node())
            child.prior = 1.0 - rank / top

    def _iterate(self, root: _Node, game: Game) -> None:
        # A lone player has no rival to lead: it plays against its own
        # score when the decision is taken (its gain is its lead).
        par = _scores(game)[0] if len(game.players) == 1 else 0.0
        path: list[tuple[_Node, int]] = []  # node reached, seat that chose it
        node = root
        expanded = False
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            children = node.children
            if any(a not in children for a in legal):
                self._priors(node, game.view(seat), legal)
            options = [(a, children[a]) for a in legal]
            for _action, child in options:
                child.available += 1
            untried = [(a, c) for a, c in options if c.visits == 0]
            if untried:
                action, child = max(untried, key=lambda item: item[1].prior)
                expanded = True
            else:
                action, child = max(options, key=self._score)
            game.apply(action)
            path.append((child, seat))
            node = child
            if expanded:
                break
        for _ in range(self.rollout):
            if game.is_over:
                break
            seat = game.to_move
            assert seat is not None
            game.apply(self.greedy.choose(game.view(seat)))
        rewards = self._rewards(game, par)
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]

    def _score(self, item: tuple[Action, _Node]) -> float:
        child = item[1]
        mean = child.reward / child.visits
        explore = self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)
        return mean + explore + self.bias * child.prior / (child.visits + 1)

    def _rewards(self, game: Game, par: float) -> list[float]:
        """Every seat's reward: the logistic of its lead over the best other
        seat, or over ``par`` for a lone player."""
        if len(game.players) == 1:
            return [_logistic((_scores(game)[0] - par) / self.scale)]
        scores = _scores(game) if game.is_over else self._worths(game)
        out = []
        for seat, score in enumerate(scores):
            lead = score - max(s for other, s in enumerate(scores) if other != seat)
            out.append(_logistic(lead / self.scale))
        return out

    def _worths(self, game: Game) -> Sequence[float]:
        """Every seat's worth of the position, by the variant's
        ``trapper_position_worth`` of its view; the money and the end
        valuation as if the game ended now when the variant has none."""
        worth = game.rules.position_worth
        greedy = self.greedy
        out: list[float] = []
        for seat in range(len(game.players)):
            answer = worth(game.view(seat), greedy)
            if answer is None:
                return _scores(game)
            value = _worth_value(answer)
            if value is None:
                raise PluginError(
                    f"variant {game.variant!r}: trapper_position_worth answered {shown(answer)} "
                    f"for seat {seat}, not a finite number below 1e300 (nor None)"
                )
            out.append(value)
        return out


#: The largest worth a position may have: the difference of two worths, a
#: seat's lead, is then a float too (two of 1e308 made an infinite lead, and
#: an infinity less another a NaN reward).
_HUGE = 1e300


def _worth_value(answer: object) -> float | None:
    """A ``trapper_position_worth`` answer (not ``None``) as a float, or
    ``None`` when it is no finite number below `_HUGE`: NaN, an infinity,
    or one that leads by one (what the conformance kit checks too)."""
    value = answer if type(answer) is float else _float(answer)
    return value if -_HUGE < value < _HUGE else None


def _float(answer: object) -> float:
    """A worth that is no float as a float: NaN for what is no real number
    (a bool neither) or too large to be a float (``10**400``)."""
    if not _real(answer):
        return math.nan
    try:
        return float(answer)  # type: ignore[arg-type]
    except (OverflowError, TypeError, ValueError):
        return math.nan


def _real(value: object) -> bool:
    """Whether ``value`` is a real number (not a bool)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _scores(game: Game) -> list[int]:
    """Every seat's money plus its end valuation, as if the game ended now
    (or as it did)."""
    state = game.state
    valuation = state.valuation or game.rules.final_valuation(state)
    return [d.money + v.total for d, v in zip(state.displays, valuation, strict=True)]


def _logistic(x: float) -> float:
    """``1 / (1 + e**-x)`` for every ``x``: past about -709, ``math.exp(-x)``
    overflows, and the true value is below the smallest float anyway (a
    small ``scale`` makes such leads of a few coins)."""
    try:
        return 1.0 / (1.0 + math.exp(-x))
    except OverflowError:
        return 0.0


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[ISMCTSBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}
"""The built-in bots by name."""

QUICK_BOTS = ("random", "greedy")
"""The built-in bots that decide in about a millisecond: what property tests
and mass playouts use (the search bot thinks for as long as its budget)."""


def make_bot(
    name: str, seed: int | None = None, *, registry: Registry | None = None
) -> RandomBot | GreedyBot | ISMCTSBot:
    """Returns a new bot of the kind called ``name`` (``"random"``,
    ``"greedy"``, ``"ismcts"``); ``registry`` is where a bot that asks its
    variant's rules looks the variant up (the installed variants by
    default)."""
    kind = BOTS.get(name) if isinstance(name, str) else None  # a list is no key of BOTS
    if kind is None:
        raise SetupError(f"no bot is called {shown(name)}; choose from {', '.join(BOTS)}")
    if registry is None:
        return kind(seed)
    registry_or_default(registry)  # a Registry, or a SetupError
    if kind is GreedyBot or kind is ISMCTSBot:
        return kind(seed, registry=registry)
    return kind(seed)  # the random bot asks no rule


def play(game: Game, bots: Sequence[Bot], *, max_actions: int | None = None) -> Game:
    """Lets ``bots`` (one per seat) play ``game`` to the end and returns it.

    Each bot sees only its own view. ``max_actions`` (a whole number of 0
    or more) stops early, for analysis; by default the game is played out.
    A ``game`` that is no `Game`, ``bots`` that are not one bot (an object
    with ``choose(view)``, not a bot class as `simulate` takes) per seat, or
    a bad ``max_actions`` raise `SetupError` before any action is played.
    A bot that changes the game while it chooses (it holds the game, and
    plays on it) returns an action chosen for a position the game has
    left: it is refused, an `IllegalActionError`, and not played.
    """
    if not isinstance(game, Game):
        raise SetupError(f"play: game takes a Game (new_game makes one), not {shown(game)}")
    bots = as_tuple(bots, SetupError, "play: bots takes a list of bots, one per seat")
    if len(bots) != len(game.players):
        raise SetupError(
            f"play: {len(game.players)} seats need {len(game.players)} bots, not {len(bots)}"
        )
    for number, bot in enumerate(bots):
        if isinstance(bot, type):
            # A bot class has a choose method too, which would fail at the
            # seat's first turn for want of a view (simulate takes classes).
            raise SetupError(
                f"play: the bot of seat {number} is the class {bot.__name__}, not a bot: "
                f"make one, {bot.__name__}(seed)"
            )
        if not callable(getattr(bot, "choose", None)):
            raise SetupError(
                f"play: the bot of seat {number} has no choose(view) method: {shown(bot)}"
            )
    if max_actions is not None:  # any whole number (a NumPy integer too), as simulate takes
        max_actions = as_whole(
            max_actions,
            SetupError,
            "play: max_actions takes a whole number of 0 or more (or None)",
            low=0,
        )
    played = 0
    while not game.is_over and (max_actions is None or played < max_actions):
        seat = game.to_move
        assert seat is not None
        bot = bots[seat]
        last, count = game._last, game._count  # the position the view shows
        try:
            action = bot.choose(game.view(seat))
            if game._last is not last:  # the bot played on the game itself
                raise IllegalActionError(
                    f"the bot of seat {seat} changed the game while it chose (it had "
                    f"{counted(count, 'action')}, {game._count} now): the action it returned, "
                    f"{shown(action, 80)}, was chosen from a view of a position the game has "
                    "left, and is not played (a bot chooses from its view; play() plays)",
                    action=action,
                )
            game.apply(action)
        except Exception as exc:  # which bot's decision: the message says what went wrong
            # An illegal action, or the bot's own code failing as it chose
            # (as simulate() tells both).
            exc.add_note(f"in play(): the bot of seat {seat}, {type(bot).__name__}")
            raise
        played += 1
    return game
