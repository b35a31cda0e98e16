"""How strong the greedy bot is: seat-rotated matches against simple opponents.

A *pairing* is a candidate bot against an opponent bot in one variant with
one number of players. The candidate takes one seat and the opponent all the
others (one candidate against a field of ``players - 1`` copies), and every
deal is played ``players`` times, the candidate in each seat in turn, so no
bot keeps the start player's seat or a lucky deal: a pairing of ``--games N``
plays ``N`` games, ``N / players`` deals (rounded up to whole rotations).
Deal ``d`` is ``new_game(variant, players, seed=seed + d)``; the bot in seat
``s`` of it has the seed ``(seed + d) * 10 + s``, so a run is repeatable.

For each pairing it prints:

- the candidate's **win share**: the mean over games of its share of the win
  (1 when it wins alone, ``1/k`` when it ties with ``k - 1`` others, R35), to
  compare with the fair share ``1 / players`` (what a bot exactly as strong
  as the field gets);
- the mean **score margin**: the candidate's score less the mean score of the
  opponents' seats of the same game;

each with a 95 % confidence interval (normal approximation, 1.96 standard
errors). The games of one deal are not independent (same tiles, same cards),
so the interval is computed over deals, from each deal's mean over its
rotations.

The bots (``--candidates`` and ``--opponents`` take these names):

- ``greedy``: the engine's `GreedyBot` as it is now (the variant's
  ``trapper_action_worth``);
- ``greedy-2026``: `GreedyBot` with the estimate it had before the 2027
  rework (frozen here: `legacy_worth`), to measure the change;
- ``random``: `RandomBot`;
- ``hungry``: steps onto (or bids for) the most valuable tile it can reach,
  paying the fewest cards, as long as it can; otherwise ends its turn or
  passes; never exchanges; retires only when nothing else is legal;
- ``canny``: like ``hungry``, but judges a tile by where it lands in its
  display (R16-R19): a payout now counts double, a tile joining an open canoe
  its value, a canoe its capacity, and a tile lying separate (R33) minus its
  value; it takes only tiles worth more than nothing and passes otherwise.

The two hand-written bots use the public API only (a view, its legal
actions, ``trapper_base.place``). ``--time`` measures what a greedy decision
costs instead: ``greedy`` and ``greedy-2026`` choosing from the same views,
every view of ``--games`` games of greedy bots (process CPU time in this
process, per decision).

    python benchmarks/bot_strength.py                                  # the docs' table
    python benchmarks/bot_strength.py --games 240 --players 2,3,4 \\
        --variants base,children,tactical --candidates greedy \\
        --opponents greedy-2026,hungry,canny,random --jobs 2
    python benchmarks/bot_strength.py --candidates greedy-2026 --opponents hungry
    python benchmarks/bot_strength.py --time --games 200 --variants base
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

import trapper_base as tb
import trapper_core as tc
import trapper_tactical as tt

# ---------------------------------------------------------------------------
# The greedy bot's estimate before the rework, frozen (to measure the change)
# ---------------------------------------------------------------------------

_LEGACY = "bot_strength.legacy"  # memo key


def _legacy_canoes_left(view: tc.PlayerView, bot: tc.GreedyBot) -> dict[object, int]:
    left: dict[object, int] = dict.fromkeys(tc.SPECIES, 0)
    for tile in bot.rules(view.variant).tile_set().tiles:
        if tile.kind is tc.Kind.CANOE:
            left[tile.species] += 1
    for display in view.displays:
        for row in display.open:
            left[row.species] -= 1
        for valued in display.valued:
            left[valued.species] -= 1
        for t in display.separate:
            if t.kind is tc.Kind.CANOE:
                left[t.species] -= 1
    for _player, valued in view.returned:
        left[valued.species] -= 1
    return left


def _legacy_potential(display: tc.Display, hope: float, free: dict[object, int]) -> float:
    fear = 1.0 - hope
    worth = 0.0
    for row in display.open:
        if row.is_empty:
            worth += row.capacity * (hope - fear)
        else:
            worth += row.plain_value * (1 + hope * len(row.animals) / row.capacity)
    for tile in display.separate:
        if tile.kind is tc.Kind.ANIMAL and not free[tile.species]:
            worth -= tile.value
        else:
            worth += tile.value * (0.6 * hope - fear)
    return worth


def _legacy_take(
    view: tc.PlayerView, tile: tc.Tile, placement: object, cards: int, bot: tc.GreedyBot
) -> float:
    memo = bot.memo(view)
    seen = memo.get(_LEGACY)
    if seen is None:
        in_play = len(view.layout) - len(view.layout.trappers)
        hope = sum(t is not None for t in view.board) / in_play
        free = _legacy_canoes_left(view, bot)
        seen = memo[_LEGACY] = (hope, free, _legacy_potential(view.display, hope, free))
    hope, free, before = seen
    rules = bot.rules(view.variant)
    after, full = rules.place(view.display, tile, placement)
    worth = _legacy_potential(after, hope, free) - before - bot.card_value * cards
    if full is not None:
        payout = tb.canoe_payout(rules, full)
        token = tb.canoe_token(rules, payout, view.supply.canoe)
        worth += payout + (3.0 if token else 0.0)
    return worth


def _legacy_pass(view: tc.PlayerView, bot: tc.GreedyBot) -> float:
    return 0.5 if tb.can_draw(view) and view.hand.total < bot.hand_limit else -100.0


def _legacy_retire(view: tc.PlayerView, bot: tc.GreedyBot) -> float:
    return -0.25 if view.hand.total >= bot.hand_limit or not tb.can_draw(view) else -100.0


def _legacy_best_take(view: tc.PlayerView, colour: tc.Colour, bot: tc.GreedyBot) -> float:
    memo = bot.memo(view)
    key = (_LEGACY, colour)
    best: float | None = memo.get(key)
    if best is None:
        best = float("-inf")
        for square in view.targets[colour]:
            tile = view.board[square]
            assert isinstance(tile, tc.Tile)
            for placement in bot.rules(view.variant).placement_choices(view.display, tile):
                best = max(best, _legacy_take(view, tile, placement, 0, bot))
        memo[key] = best
    return best


def legacy_worth(view: tc.PlayerView, action: tc.Action, bot: tc.GreedyBot) -> float:
    """What the greedy bot's estimate (``trapper_base.strategy`` and
    ``trapper_tactical.strategy``) made of ``action`` before the rework."""
    turn = view.turn
    if isinstance(turn, tt.TacticalTurn):
        if isinstance(action, tt.Open):
            return _legacy_best_take(view, action.colour, bot) - bot.card_value * action.bid
        if isinstance(action, tt.Bid):
            assert turn.auction is not None
            return _legacy_best_take(view, turn.auction.colour, bot) - bot.card_value * action.bid
        if isinstance(action, tt.Take):
            tile = view.board[action.square.index]
            assert isinstance(tile, tc.Tile)
            return _legacy_take(view, tile, action.placement, sum(action.cards), bot)
        if isinstance(action, tb.Pass):
            return 0.0 if turn.auction is not None else _legacy_pass(view, bot)
        if isinstance(action, tb.Retire):
            return _legacy_retire(view, bot)
    if isinstance(action, tb.Step):
        tile = view.board[action.square.index]
        if not isinstance(tile, tc.Tile):
            return -bot.card_value * action.cards
        return _legacy_take(view, tile, action.placement, action.cards, bot)
    if isinstance(action, tb.Exchange):
        return tb.exchange_worth(view, action)
    if isinstance(action, tb.EndTurn):
        return 0.0
    if isinstance(action, tb.Pass):
        return _legacy_pass(view, bot)
    if isinstance(action, tb.Retire):
        return _legacy_retire(view, bot)
    return -1.0


class LegacyGreedyBot(tc.GreedyBot):
    """`GreedyBot` judging by the estimate it had before the rework."""

    name = "greedy-2026"

    def worth(self, view: tc.PlayerView, action: tc.Action) -> float:
        return legacy_worth(view, action, self)


# ---------------------------------------------------------------------------
# Simple hand-written heuristic bots (public API only)
# ---------------------------------------------------------------------------


def _cards(action: tc.Action) -> int:
    """How many cards ``action`` pays (0 for actions that pay none)."""
    if isinstance(action, tb.Step):
        return action.cards
    if isinstance(action, tt.Take):
        return sum(action.cards)
    return 0


class HungryBot:
    """Takes the most valuable tile it can reach, paying the fewest cards,
    as long as it can; otherwise ends its turn, or passes."""

    name = "hungry"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def tile_worth(self, view: tc.PlayerView, tile: tc.Tile, placement: object) -> float:
        """What taking ``tile`` (placed by ``placement``) is worth: its face value."""
        return float(tile.value)

    def least(self, view: tc.PlayerView) -> float:
        """The worth a tile must exceed to be taken."""
        return -math.inf

    def choose(self, view: tc.PlayerView) -> tc.Action:
        legal = view.legal_actions
        takes: list[tuple[float, int, tc.Action]] = []
        opens: list[tuple[float, int, tc.Action]] = []
        fallback: list[tc.Action] = []  # end, pass
        for action in legal:
            if isinstance(action, (tb.Step, tt.Take)):
                tile = view.board[action.square.index]
                if isinstance(tile, tc.Tile):
                    worth = self.tile_worth(view, tile, action.placement)
                    takes.append((worth, -_cards(action), action))
            elif isinstance(action, tt.Open):
                opens.append((self._reach(view, action.colour), -action.bid, action))
            elif isinstance(action, tt.Bid):
                auction = view.turn.auction  # type: ignore[attr-defined]
                worth = self._reach(view, auction.colour)
                if action.bid <= max(1.0, worth / 2):
                    opens.append((worth, -action.bid, action))
            elif isinstance(action, (tb.EndTurn, tb.Pass)):
                fallback.append(action)
        for options in (takes, opens):
            options = [o for o in options if o[0] > self.least(view)]
            if options:
                best = max(o[:2] for o in options)
                return self.rng.choice([o[2] for o in options if o[:2] == best])
        # nothing to take: end the hunt, or pass (out of an auction, or to
        # draw), or retire once passing would bring no card (R10, R30)
        in_auction = getattr(view.turn, "auction", None) is not None
        for action in fallback:
            if isinstance(action, tb.EndTurn):
                return action
        for action in fallback:
            if in_auction or tb.can_draw(view):
                return action
        retire = [a for a in legal if isinstance(a, tb.Retire)]
        return retire[0] if retire else self.rng.choice(legal)

    def _reach(self, view: tc.PlayerView, colour: tc.Colour) -> float:
        """The best worth among the tiles the ``colour`` trapper can reach."""
        best = -math.inf
        for square in view.targets[colour]:
            tile = view.board[square]
            if isinstance(tile, tc.Tile):
                for placement in tb.placement_choices(view.display, tile):
                    best = max(best, self.tile_worth(view, tile, placement))
        return best


class CannyBot(HungryBot):
    """Like `HungryBot`, but a tile is worth what it does in the display:
    a payout now twice, a tile joining a canoe its value, a canoe its
    capacity, a tile lying separate minus its value; it takes only tiles
    worth more than nothing, and passes otherwise."""

    name = "canny"

    def tile_worth(self, view: tc.PlayerView, tile: tc.Tile, placement: object) -> float:
        before = view.display
        after, full = tb.place(before, tile, placement)  # type: ignore[arg-type]
        if full is not None:
            return 2.0 * full.plain_value
        if len(after.separate) > len(before.separate) and tile in after.separate:
            return -float(tile.value)
        return float(tile.value)

    def least(self, view: tc.PlayerView) -> float:
        return 0.0


BOTS: dict[str, Callable[[int], tc.Bot]] = {
    "greedy": tc.GreedyBot,
    "greedy-2026": LegacyGreedyBot,
    "random": tc.RandomBot,
    "hungry": HungryBot,
    "canny": CannyBot,
}

# ---------------------------------------------------------------------------
# Matches
# ---------------------------------------------------------------------------


@attrs.frozen
class Deal:
    """One deal of a pairing, played once per seat of the candidate."""

    variant: str
    players: int
    candidate: str
    opponent: str
    seed: int
    shares: tuple[float, ...]
    """The candidate's share of the win, per rotation."""
    margins: tuple[float, ...]
    """The candidate's score less the opponents' mean, per rotation."""
    decisions: int


def play_deal(variant: str, players: int, candidate: str, opponent: str, seed: int) -> Deal:
    """Plays deal ``seed`` with the candidate in each seat in turn."""
    shares, margins, decisions = [], [], 0
    for seat in range(players):
        names = [candidate if s == seat else opponent for s in range(players)]
        bots = [BOTS[name](seed * 10 + s) for s, name in enumerate(names)]
        game = tc.play(tc.new_game(variant, players, seed=seed), bots, max_actions=20_000)
        if not game.is_over:
            raise RuntimeError(f"{variant} seed {seed} {names}: no end after 20,000 actions")
        scores = game.scores()
        winners = game.winners()
        shares.append(1.0 / len(winners) if seat in winners else 0.0)
        others = [scores[s] for s in range(players) if s != seat]
        margins.append(scores[seat] - sum(others) / len(others))
        decisions += len(game.history)
    return Deal(
        variant, players, candidate, opponent, seed, tuple(shares), tuple(margins), decisions
    )


def _task(args: tuple[str, int, str, str, int]) -> Deal:
    return play_deal(*args)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@attrs.frozen
class Row:
    """A pairing's line of the table."""

    variant: str
    players: int
    candidate: str
    opponent: str
    games: int
    share: float
    share_ci: float
    margin: float
    margin_ci: float

    def text(self) -> str:
        fair = 1 / self.players
        return (
            f"| {self.variant} | {self.players} | {self.candidate} | {self.opponent} "
            f"| {self.games} | {self.share:.0%} ± {self.share_ci:.0%} (fair {fair:.0%}) "
            f"| {self.margin:+.1f} ± {self.margin_ci:.1f} |"
        )


def summarize(deals: Sequence[Deal]) -> Row:
    """The row of one pairing's deals."""
    first = deals[0]
    share, share_ci = mean_ci([sum(d.shares) / len(d.shares) for d in deals])
    margin, margin_ci = mean_ci([sum(d.margins) / len(d.margins) for d in deals])
    games = sum(len(d.shares) for d in deals)
    return Row(
        first.variant, first.players, first.candidate, first.opponent,
        games, share, share_ci, margin, margin_ci,
    )  # fmt: skip


HEADER = (
    "| variant | players | candidate | opponent | games "
    "| candidate's win share (95 % CI) | mean margin (95 % CI) |\n"
    "| --- | --- | --- | --- | --- | --- | --- |"
)


def run(
    variants: Sequence[str],
    players: Sequence[int],
    candidates: Sequence[str],
    opponents: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
) -> list[Row]:
    """Plays every pairing and returns the table's rows (printed as they come)."""
    rows = []
    print(HEADER, flush=True)
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        for variant in variants:
            for n in players:
                deals = -(-games // n)
                for candidate in candidates:
                    for opponent in opponents:
                        if candidate == opponent:
                            continue
                        tasks = [(variant, n, candidate, opponent, seed + d) for d in range(deals)]
                        played = list(
                            pool.map(_task, tasks, chunksize=4) if pool else map(_task, tasks)
                        )
                        row = summarize(played)
                        rows.append(row)
                        print(row.text(), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    return rows


def time_decisions(variants: Sequence[str], players: Sequence[int], games: int) -> None:
    """Prints what a decision of ``greedy`` and of ``greedy-2026`` costs on
    the same positions: every view met in ``games`` games of greedy bots,
    each bot's ``choose`` timed over all of them (process CPU time, the
    median of five interleaved rounds), per variant and number of players."""
    for variant in variants:
        for n in players:
            views = []
            for g in range(games):
                game = tc.new_game(variant, n, seed=g)
                bots = [tc.GreedyBot(g * 10 + s) for s in range(n)]
                while not game.is_over:
                    seat = game.to_move
                    assert seat is not None
                    view = game.view(seat)
                    views.append(view)
                    game.apply(bots[seat].choose(view))
            spent: dict[str, list[float]] = {"greedy-2026": [], "greedy": []}
            for _ in range(5):
                for name, times in spent.items():
                    bot = BOTS[name](1)
                    start = time.process_time()
                    for view in views:
                        bot.choose(view)
                    times.append(1e6 * (time.process_time() - start) / len(views))
            old, new = (sorted(spent[name])[2] for name in ("greedy-2026", "greedy"))
            print(
                f"{variant} {n}p: {len(views)} decisions of {games} games; µs per choose: "
                f"greedy-2026 {old:.1f}, greedy {new:.1f} ({new / old:.2f}x)",
                flush=True,
            )


def _names(text: str) -> list[str]:
    names = [n for n in text.split(",") if n]
    for name in names:
        if name not in BOTS:
            raise SystemExit(f"no bot is called {name!r}: choose from {', '.join(BOTS)}")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=240, help="games per pairing (240)")
    parser.add_argument("--variants", default="base,children,tactical")
    parser.add_argument("--players", default="2,3,4", help="player counts (2,3,4)")
    parser.add_argument("--candidates", default="greedy", help="bots in the one seat (greedy)")
    parser.add_argument(
        "--opponents", default="greedy-2026,hungry,canny,random", help="bots in the other seats"
    )
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed (0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument("--time", action="store_true", help="time greedy decisions instead")
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    players = [int(n) for n in args.players.split(",") if n]
    if args.time:
        time_decisions(variants, players, args.games)
        return 0
    run(
        variants,
        players,
        _names(args.candidates),
        _names(args.opponents),
        args.games,
        args.seed,
        args.jobs,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
