"""Issue 12, section 2: the ISMCTS bot plays legal whole games from views,
is seeded, and beats random play. (How it fares against the greedy bot is a
benchmark: ``benchmarks/bots.py``.)"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import trapper_core as tc
from trapper_core import bots as bots_module
from trapper_core import cli
from trapper_core import sampling as sampling_module

from .helpers import no_card_to_draw

VARIANTS = ("base", "children", "tactical")


class Watched:
    """An ISMCTS bot whose every choice is checked against its view."""

    def __init__(self, bot: tc.ISMCTSBot) -> None:
        self.bot = bot
        self.views: list[tc.PlayerView] = []

    def choose(self, view: tc.PlayerView) -> tc.Action:
        self.views.append(view)
        action = self.bot.choose(view)
        assert action in view.legal_actions
        return action


@pytest.mark.parametrize("variant", VARIANTS)
def test_issue12_ismcts_plays_legal_whole_games(variant: str) -> None:
    watched = Watched(tc.ISMCTSBot(1, iterations=8, rollout=2))
    game = tc.play(tc.new_game(variant, 2, seed=17), [watched, tc.GreedyBot(2)])
    assert game.is_over
    assert watched.views
    assert all(v.player == 0 for v in watched.views)
    assert tc.Game.from_dict(game.to_dict()) == game


def test_issue12_ismcts_beats_random_bots() -> None:
    for seed in range(3):
        game = tc.new_game("base", 3, seed=seed)
        search = seed % 3
        bots: list[tc.Bot] = [tc.RandomBot(seed * 10 + s) for s in range(3)]
        bots[search] = tc.ISMCTSBot(seed, iterations=12, rollout=3)
        tc.play(game, bots)
        assert game.winners() == (search,), (seed, game.scores())


def test_issue12_ismcts_is_seeded() -> None:
    def one() -> tuple[tc.Action, ...]:
        bots: list[tc.Bot] = [tc.ISMCTSBot(5, iterations=6, rollout=2), tc.RandomBot(6)]
        return tc.play(tc.new_game("children", 2, seed=2), bots).history

    assert one() == one()


def test_issue12_ismcts_budget_in_seconds() -> None:
    game = tc.new_game("tactical", 3, seed=4)
    bot = tc.ISMCTSBot(1, iterations=None, seconds=0.05)
    action = bot.choose(game.view(0))
    assert action in game.legal_actions()
    assert bot.searched >= 1


def test_ismcts_with_iterations_and_seconds_stops_at_the_first_reached() -> None:
    view = tc.new_game("base", 2, seed=4).view(0)
    by_count = tc.ISMCTSBot(1, iterations=3, seconds=60)
    by_count.choose(view)
    assert by_count.searched == 3
    by_time = tc.ISMCTSBot(1, iterations=10**9, seconds=0.02)
    by_time.choose(view)
    assert 1 <= by_time.searched < 10**9


def test_issue12_ismcts_searches_only_real_decisions() -> None:
    game = tc.new_game("base", 2, seed=4)
    bot = tc.ISMCTSBot(1, iterations=5)
    bot.choose(game.view(0))
    assert bot.searched == 5
    # A view with one legal action costs no search.
    forced = next(g for g in _positions(game) if len(g.legal_actions()) == 1)
    before = bot.searched
    bot.choose(forced.view(forced.state.seat))
    assert bot.searched == before


def _positions(game: tc.Game) -> list[tc.Game]:
    out = []
    rng = random.Random(0)
    game = game.copy()
    while not game.is_over:
        out.append(game.copy())
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return out


def test_issue12_ismcts_seconds_alone_bound_the_search_alone() -> None:
    """``ISMCTSBot(seconds=...)`` searches for that long, not for the 100
    iterations of the default budget (which would end it first); without
    ``seconds`` the default is 100 iterations, and a bound on iterations
    given with ``seconds`` stays."""
    assert tc.ISMCTSBot(1).iterations == 100
    timed = tc.ISMCTSBot(1, seconds=0.5)
    assert timed.iterations is None
    assert timed.seconds == 0.5
    assert tc.ISMCTSBot(1, iterations=7, seconds=0.5).iterations == 7
    assert tc.ISMCTSBot(1, iterations=None, seconds=0.5).iterations is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": None}, "needs a budget"),
        ({"iterations": 0}, "at least 1"),
        ({"iterations": None, "seconds": -1.0}, "seconds is a number above 0"),
        ({"sampling_effort": 0}, "sampling_effort is a whole number of at least 1"),
        ({"sampling_effort": 2.5}, "sampling_effort is a whole number of at least 1"),
    ],
)
def test_issue12_ismcts_budget_is_checked(options: dict[str, object], message: str) -> None:
    with pytest.raises(tc.SetupError, match=message):
        tc.ISMCTSBot(1, **options)  # type: ignore[arg-type]


def test_ismcts_plays_greedy_when_no_world_is_found_within_its_sampling_effort() -> None:
    """A decision whose first world is not found within ``sampling_effort``
    steps is the greedy bot's, made at once and without a search (a view
    of hoarders could take the sampler minutes); the same bot with the
    default bound searches the same view; without a bound it searches too."""
    game = tc.new_game("tactical", 4, seed=3)
    greedy = tc.GreedyBot(0)
    while len(game.history) < 120 or len(game.legal_actions()) < 2:
        game.apply(greedy.choose(game.view(game.to_move)))  # type: ignore[arg-type]
    view = game.view(game.to_move)  # type: ignore[arg-type]
    bounded = tc.ISMCTSBot(5, iterations=10, sampling_effort=1)
    assert bounded.choose(view) == tc.ISMCTSBot(5, iterations=10).greedy.choose(view)
    assert bounded.searched == 0
    for effort in (tc.bots.SAMPLING_EFFORT, None):
        searching = tc.ISMCTSBot(5, iterations=10, sampling_effort=effort)
        assert searching.choose(view) in view.legal_actions
        assert searching.searched == 10


def test_ismcts_with_seconds_bounds_the_search_for_its_first_world_by_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot with ``seconds`` gives the search for a decision's first world
    the decision's time: past it, the greedy choice, however many steps
    ``sampling_effort`` would still allow (the sampler's clock made to
    run a second a reading, so that any search runs out at once)."""
    game = tc.new_game("tactical", 4, seed=3)
    greedy = tc.GreedyBot(0)
    while len(game.history) < 120 or len(game.legal_actions()) < 2:
        game.apply(greedy.choose(game.view(game.to_move)))  # type: ignore[arg-type]
    view = game.view(game.to_move)  # type: ignore[arg-type]
    ticks = iter(range(10**6))
    monkeypatch.setattr(sampling_module, "_clock", lambda: float(next(ticks)))
    timed = tc.ISMCTSBot(5, seconds=0.5, sampling_effort=None)
    assert timed.choose(view) == tc.ISMCTSBot(5, iterations=10).greedy.choose(view)
    assert timed.searched == 0
    counted = tc.ISMCTSBot(5, iterations=3, sampling_effort=None)  # no seconds: no clock
    assert counted.choose(view) in view.legal_actions
    assert counted.searched == 3


def test_issue12_ismcts_is_a_named_bot_of_the_command_line() -> None:
    assert isinstance(tc.make_bot("ismcts", 3), tc.ISMCTSBot)
    assert cli._bot_kinds("ismcts,greedy") == ["ismcts", "greedy"]


SAME_AGAIN = (1, 30, 1)
"""A game's seed, its random actions and a bot's seed where the search
picks the same action at a decision, asked again, and a round later."""


def test_issue12_ismcts_does_not_choose_the_same_action_in_the_same_position_twice() -> None:
    """A round that changed nothing brings the bot back to its last
    decision's position: where the search picks the same action again, the
    bot takes the search's second choice. (A twin of the same seed that
    forgets its last decision shows what the search picks.)"""
    game = no_card_to_draw(*SAME_AGAIN[:2])
    seat = game.to_move
    assert seat is not None
    bot = tc.ISMCTSBot(SAME_AGAIN[2], iterations=10)
    twin = tc.ISMCTSBot(SAME_AGAIN[2], iterations=10)
    first = bot.choose(game.view(seat))
    assert twin.choose(game.view(seat)) == first  # the same search: the same state
    # Asked the same view again, with no action since, it answers as the
    # search does (here, the same again): only a longer history is a round.
    twin._last = None
    assert bot.choose(game.view(seat)) == twin.choose(game.view(seat)) == first
    game.apply(game.parse_action("pass"))
    game.apply(game.parse_action("pass"))  # a round later: the same position
    assert game.to_move == seat
    view = game.view(seat)
    twin._last = None
    assert twin.choose(view) == first  # the search alone would go round again
    again = bot.choose(view)
    assert again != first
    assert again in view.legal_actions
    assert bot.searched == twin.searched  # searched, not the greedy fallback


def test_issue12_two_leading_search_bots_do_not_pass_for_ever() -> None:
    """Two search bots, each ahead of the other in its own eyes, with no
    card left to draw: without the rule they pass for ever (base seed 334,
    20 random actions in: 400 passes and counting; the benchmark's base
    seed 122 once did the same, 10,742 actions when stopped). With it, the
    game ends. (The bots score rollouts by the end valuation as if the game
    ended there, as the search bot did when seed 334 was found: scored by
    the base game's ``trapper_position_worth``, they take tiles there.)"""

    class Valuing(tc.ISMCTSBot):
        """The bot scoring its rollouts by the end valuation as if the game ended there."""

        def _worths(self, game: tc.Game) -> Sequence[float]:
            return bots_module._scores(game)

    class Forgetful(Valuing):
        """The bot without its memory of its last decision."""

        def choose(self, view: tc.PlayerView) -> tc.Action:
            self._last = None
            return super().choose(view)

    def played(kind: type[tc.ISMCTSBot]) -> tc.Game:
        game = no_card_to_draw(334, 20)
        bots = [kind(seat + 1, iterations=10, rollout=6) for seat in range(2)]
        return tc.play(game, bots, max_actions=400)

    stalled = played(Forgetful)
    assert not stalled.is_over
    assert {type(action).__name__ for action in stalled.history[-300:]} == {"Pass"}
    assert played(Valuing).is_over


def test_ismcts_takes_every_scale_above_0_without_overflow() -> None:
    """A scale of 0.01 makes a lead of 8 coins a logistic of e**800, past
    what math.exp can hold: the reward is 0 (or 1) there, not an
    OverflowError mid-game."""
    for scale in (0.01, 5e-324):
        bots: list[tc.Bot] = [
            tc.ISMCTSBot(1, iterations=4, rollout=2, scale=scale),
            tc.GreedyBot(2),
        ]
        game = tc.play(tc.new_game("base", 2, seed=1), bots)
        assert game.is_over


def test_ismcts_plays_a_variant_of_one_player() -> None:
    """With no other player to lead, a lone player's reward is its gain
    since the decision (it used to take max() of no rival's score)."""

    class Solo:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("solo", extends="base", min_players=1)]

    registry = tc.Registry([Solo()])
    bot = tc.ISMCTSBot(1, iterations=4, rollout=2, registry=registry)
    game = tc.play(tc.new_game("solo", 1, seed=3, registry=registry), [bot])
    assert game.is_over
    assert bot.searched
    assert game.winners() == (0,)


def _worth_variant(answer: object, asked: list[tuple[int, int]]) -> tc.Registry:
    """A registry with 'worthy', the base game whose ``trapper_position_worth``
    answers ``answer`` (and notes the seat and the history length asked)."""

    class Worthy:
        @tc.hookimpl
        def trapper_variants(self) -> list[tc.VariantSpec]:
            return [tc.VariantSpec("worthy", extends="base", plugins=(self,))]

        @tc.hookimpl(tryfirst=True)
        def trapper_position_worth(self, view: tc.PlayerView, bot: tc.GreedyBot) -> object:
            asked.append((view.player, len(view.history)))
            return answer

    return tc.Registry([Worthy()])


def test_ismcts_scores_its_rollouts_by_the_variants_position_worth() -> None:
    """Every seat's view of the position a rollout reaches is asked, once an
    iteration; an answer of None leaves the bot to the end valuation."""
    asked: list[tuple[int, int]] = []
    registry = _worth_variant(1.5, asked)
    game = tc.new_game("worthy", 3, seed=4, registry=registry)
    bot = tc.ISMCTSBot(1, iterations=5, rollout=2, registry=registry)
    bot.choose(game.view(0))
    assert [seat for seat, _ in asked] == [0, 1, 2] * 5  # every seat's view, each iteration
    assert all(length > len(game.history) for _, length in asked)  # of positions searched to
    # No answer (a variant without the hook): the first seat's None ends the asking.
    rules = registry.rules("worthy")
    unanswered: list[int] = []
    rules.position_worth = lambda view, bot: unanswered.append(view.player)
    bot = tc.ISMCTSBot(1, iterations=5, rollout=2, registry=registry)
    assert bot.choose(game.view(0)) in game.legal_actions()
    assert unanswered == [0] * 5


@pytest.mark.parametrize(
    "answer",
    ["12", float("nan"), True, [1.0], float("inf"), -float("inf"), 10**400, 1e301],
)
def test_ismcts_refuses_a_position_worth_that_is_no_finite_number(answer: object) -> None:
    """Worths too large to subtract as floats (a lead of inf - inf is a NaN
    reward; 10**400 is no float) are refused as NaN is."""
    registry = _worth_variant(answer, [])
    game = tc.new_game("worthy", 2, seed=4, registry=registry)
    bot = tc.ISMCTSBot(1, iterations=3, rollout=1, registry=registry)
    with pytest.raises(
        tc.PluginError, match=r"trapper_position_worth answered .* for seat 0, not"
    ):
        bot.choose(game.view(0))


def test_ismcts_takes_a_position_worth_of_any_real_number_type() -> None:
    from fractions import Fraction

    for answer in (Fraction(7, 2), 10**20, -(10**20)):
        registry = _worth_variant(answer, [])
        game = tc.new_game("worthy", 2, seed=4, registry=registry)
        bot = tc.ISMCTSBot(1, iterations=3, rollout=1, registry=registry)
        assert bot.choose(game.view(0)) in game.legal_actions()


def test_base_position_worth_counts_money_bonus_potential_and_cards() -> None:
    from trapper_base import displays_ranking_money, strategy

    game = tc.new_game("base", 3, seed=2)
    bot = tc.GreedyBot(1)
    view = game.view(1)
    # At the start: no money, no token, an empty display; the cards in hand.
    assert strategy.position_worth(view, bot) == bot.card_value * view.hand.total
    played = tc.play(game, [tc.GreedyBot(s) for s in range(3)])
    for seat in range(3):
        view = played.view(seat)
        rankings = [displays_ranking_money(view.displays, kind) for kind in tc.TokenKind]
        expected = (
            view.display.money
            + sum(money[seat] for money in rankings)
            + strategy.potential(view, view.display, bot)
            + bot.card_value * view.hand.total
        )
        assert strategy.position_worth(view, bot) == pytest.approx(expected)
    # The bonus ranking read from a view's displays is the end valuation's (R34).
    valuation = played.valuation()
    assert valuation is not None
    for seat in range(3):
        bonus = valuation[seat]["canoe bonus"] + valuation[seat]["species bonus"]
        view = played.view(seat)
        assert bonus == sum(
            displays_ranking_money(view.displays, kind)[seat] for kind in tc.TokenKind
        )


@pytest.mark.parametrize(
    "fields", [{"taken": None}, {"displays": None}, {"start_trappers": 3}], ids=str
)
def test_the_search_bot_refuses_a_view_with_a_decision_that_fits_no_game(
    fields: dict[str, Any],
) -> None:
    # With a decision to make, a view built by hand failed inside the search
    # (a TypeError from begins_at_position for taken=None).
    view = attrs.evolve(tc.new_game("base", 3, seed=1).view(0), **fields)
    with pytest.raises(tc.SetupError, match="a bot chooses from a view of a game, and its "):
        tc.ISMCTSBot(1, iterations=3).choose(view)
