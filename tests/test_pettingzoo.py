"""Issue 12: Trapper as a PettingZoo AEC environment (the ``pettingzoo`` extra)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import trapper_core as tc  # noqa: E402
from trapper_core.encoding import (  # noqa: E402
    DONE,
    NUM_ACTIONS,
    Speller,
    action_id,
    encode_view,
    id_text,
    returns,
    view_size,
)
from trapper_core.pettingzoo import TrapperEnv, env  # noqa: E402
from trapper_core.terminal import render  # noqa: E402

CONFIGS = [(v, p) for v in ("base", "children", "tactical") for p in (2, 3, 4)]


def run(table: TrapperEnv, seed: int, *, avoid_retire: bool = True) -> list[float]:
    """Plays random masked ids to the end; returns the last rewards seen per agent."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _info = table.last()
        final[agent] = reward
        if termination or truncation:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        retire = action_id("r")
        if avoid_retire and len(legal) > 1:
            legal = legal[legal != retire]
        table.step(int(rng.choice(legal)))
    return [final[a] for a in table.possible_agents]


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_issue12_pettingzoo_api_test_and_seed_test(
    variant: str, players: int, request: pytest.FixtureRequest
) -> None:
    cycles = 3000 if request.config.trapper_slow else 400  # type: ignore[attr-defined]
    with warnings.catch_warnings():
        # PettingZoo's generic advice for dict observations (its own classic
        # games with action masks draw the same).
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(variant, players, render_mode="ansi"), num_cycles=cycles)
    seed_test(lambda: env(variant, players), num_cycles=cycles)


def test_issue12_spaces_are_fixed_and_shared_by_the_agents() -> None:
    table = env("tactical", 3)
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    assert table.action_space("player_1").n == NUM_ACTIONS
    space = table.observation_space("player_2")
    assert space["observation"].shape == (view_size(3),)
    assert space["action_mask"].shape == (NUM_ACTIONS,)
    assert table.observation_space("player_2") is space
    assert table.metadata["name"] == "trapper_tactical_v0"


def test_issue12_observation_is_the_agents_view_and_mask() -> None:
    table = env("base", 2)
    table.reset(seed=3)
    game = table.game
    assert table.agent_selection == "player_0"
    observation = table.observe("player_0")
    assert observation["observation"].dtype == np.float32
    assert list(observation["observation"]) == pytest.approx(encode_view(game.view(0)))
    legal = Speller(game).legal_ids()
    assert list(np.flatnonzero(observation["action_mask"])) == legal
    assert not table.observe("player_1")["action_mask"].any()  # not to act: nothing legal


def test_issue12_steps_spell_the_engines_actions() -> None:
    table = env("base", 2)
    table.reset(seed=4)
    game = table.game
    target = next(a for a in game.legal_actions() if "/" in game.action_text(a))
    for choice in Speller(game).spell(target):
        assert table.game.history == ()
        table.step(choice)
    assert table.game.history == (target,)


def test_issue12_an_id_outside_the_mask_is_refused_and_changes_nothing() -> None:
    table = env("base", 2)
    table.reset(seed=4)
    before = table.observe("player_0")
    with pytest.raises(tc.IllegalActionError, match="does not continue a legal action"):
        table.step(0)  # DONE: nothing is spelled yet
    with pytest.raises(tc.IllegalActionError, match="is to act"):
        table.step(None)
    after = table.observe("player_0")
    assert (before["action_mask"] == after["action_mask"]).all()
    assert (before["observation"] == after["observation"]).all()


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue12_rewards_come_at_the_end(variant: str) -> None:
    table = env(variant, 3)
    final = run(table, seed=11)
    game = table.game
    assert game.is_over
    assert final == pytest.approx(returns(game))
    assert sum(final) == pytest.approx(0)
    assert max(final) > 0


def test_issue12_same_seed_same_game() -> None:
    one, two = env("base", 3), env("base", 3)
    run(one, seed=5)
    run(two, seed=5)
    assert one.game == two.game
    one.reset()  # the next game of seed 5's sequence
    two.reset(seed=6)
    assert one.game.setup != two.game.setup


def test_issue12_render_ansi_is_the_terminal_renderer() -> None:
    table = env("children", 2, render_mode="ansi")
    table.reset(seed=8)
    assert table.render() == render(table.game, hands=False)
    quiet = env("children", 2)
    quiet.reset(seed=8)
    assert quiet.render() is None


def test_pettingzoo_render_test_passes_in_every_render_mode() -> None:
    """PettingZoo's render_test makes the environment with
    render_mode="human" first, which was refused."""
    render_test(lambda render_mode=None: env("base", 2, render_mode=render_mode))


def test_pettingzoo_human_mode_prints_the_table_after_reset_and_each_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = env("children", 2, render_mode="human")
    table.reset(seed=8)
    assert capsys.readouterr().out == render(table.game, hands=False) + "\n"
    game = table.game
    target = next(a for a in game.legal_actions() if "/" in game.action_text(a))
    ids = Speller(game).spell(target)
    for choice in ids[:-1]:
        table.step(choice)
        assert capsys.readouterr().out == ""  # spelling changes nothing on the table
    table.step(ids[-1])
    assert capsys.readouterr().out == render(table.game, hands=False) + "\n"
    assert table.render() is None
    assert capsys.readouterr().out == render(table.game, hands=False) + "\n"


def truncated_after_five() -> TrapperEnv:
    """A base game cut by ``max_actions=5``, each step the first id of the mask."""
    table = env("base", 2, max_actions=5)
    table.reset(seed=1)
    for _ in range(5):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]))
    return table


def test_issue12_max_actions_truncates() -> None:
    assert all(truncated_after_five().truncations.values())


def test_pettingzoo_a_truncated_agents_mask_offers_no_id() -> None:
    """Once truncated, the agent still selected was offered the ids of its
    action in progress, which step() refuses (it takes only None)."""
    table = truncated_after_five()
    for agent in table.possible_agents:
        assert not table.observe(agent)["action_mask"].any()
    observation, _, _, truncation, _ = table.last()
    assert truncation
    assert not observation["action_mask"].any()


def test_issue12_bad_environment_arguments_are_refused_by_name() -> None:
    with pytest.raises(tc.SetupError, match="no variant 'chess'"):
        env("chess")
    with pytest.raises(tc.SetupError, match="2 to 4 players, not 1"):
        env("base", 1)
    with pytest.raises(tc.SetupError, match="render_mode is None, 'ansi' or 'human'"):
        env("base", 2, render_mode="rgb_array")
    with pytest.raises(tc.SetupError, match="max_actions"):
        env("base", 2, max_actions=0)
    with pytest.raises(tc.SetupError, match=r"reset\(\)"):
        env("base", 2).observe("player_0")


def env_state(table: TrapperEnv) -> tuple[object, ...]:
    """All a rejected step must leave as it was."""
    seen = [table.observe(agent) for agent in table.possible_agents]
    return (
        table.game.to_dict(),
        table.agent_selection,
        dict(table._cumulative_rewards),
        [(o["observation"].tolist(), o["action_mask"].tolist()) for o in seen],
    )


def test_pettingzoo_step_before_reset_is_refused_like_observe() -> None:
    table = env("base", 2)
    with pytest.raises(tc.SetupError, match=r"call reset\(\) before step\(\)"):
        table.step(0)
    with pytest.raises(tc.SetupError, match=r"call reset\(\) before observe\(\)"):
        table.observe("player_0")


def test_pettingzoo_observe_refuses_an_unknown_agent_by_name() -> None:
    table = env("base", 2)
    table.reset(seed=1)
    with pytest.raises(
        tc.SetupError, match="no agent is called 'player_9'; the agents are player_0, player_1"
    ):
        table.observe("player_9")
    for space in (table.observation_space, table.action_space):
        with pytest.raises(tc.SetupError, match="no agent is called 'player_9'"):
            space("player_9")


@pytest.mark.parametrize(
    "action", [2.9, 2.0, float("nan"), [1], True, np.float64(2), np.True_, "2"]
)
def test_pettingzoo_step_refuses_an_id_that_is_no_whole_number(action: object) -> None:
    table = env("base", 2)
    table.reset(seed=4)
    game = table.game
    target = next(a for a in game.legal_actions() if "/" in game.action_text(a))
    table.step(Speller(game).spell(target)[0])  # an action half spelled
    before = env_state(table)
    with pytest.raises(tc.IllegalActionError, match="an action id is a whole number, not"):
        table.step(action)  # type: ignore[arg-type]
    assert env_state(table) == before


def test_pettingzoo_step_takes_numpy_integer_ids() -> None:
    table = env("base", 2)
    table.reset(seed=4)
    game = table.game
    target = next(a for a in game.legal_actions() if "/" in game.action_text(a))
    choices = Speller(game).spell(target)
    kinds = [np.int64, np.uint8, np.asarray, int]
    for i, choice in enumerate(choices):
        table.step(kinds[i % len(kinds)](choice))
    assert table.game.history == (target,)


@pytest.mark.parametrize(
    "action", [10**4000, 10**5000, -(10**5000)], ids=["4001 digits", "5001", "-5001"]
)
def test_pettingzoo_step_refuses_a_huge_id_in_a_short_message(action: int) -> None:
    table = env("base", 2)
    table.reset(seed=4)
    before = table.game.to_dict()
    with pytest.raises(tc.IllegalActionError) as error:
        table.step(action)
    assert len(str(error.value)) < 400
    assert table.game.to_dict() == before


def test_pettingzoo_a_done_agent_takes_none_and_an_id_is_refused_by_name() -> None:
    table = truncated_after_five()
    agent = table.agent_selection
    before = env_state(table)
    refused = f"{agent} is done .* takes None for it, not 0"
    with pytest.raises(tc.IllegalActionError, match=refused):
        table.step(0)
    assert env_state(table) == before
    table.step(None)  # the agent leaves, as PettingZoo's API asks
    assert agent not in table.agents


def test_pettingzoo_step_reads_the_id_before_the_environment() -> None:
    """An id's ``__index__`` is the caller's code: one that resets the
    environment ran after step had read the game and the speller, so the
    id was spelled on the game the reset had left. The id is read first:
    the step is the new game's."""
    table = env("base", 2)
    table.reset(seed=4)
    table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))

    class Resetting:
        def __index__(self) -> int:
            table.reset(seed=9)
            mask = table.observe(table.agent_selection)["action_mask"]
            return int(np.flatnonzero(mask)[0])

    table.step(Resetting())
    fresh = env("base", 2)
    fresh.reset(seed=9)
    fresh.step(int(np.flatnonzero(fresh.observe(fresh.agent_selection)["action_mask"])[0]))
    for agent in fresh.possible_agents:
        ours, theirs = table.observe(agent), fresh.observe(agent)
        assert (ours["action_mask"] == theirs["action_mask"]).all()
        assert (ours["observation"] == theirs["observation"]).all()
    assert table.game.history == fresh.game.history


def test_pettingzoo_the_action_being_spelled_shows_to_its_speller_alone() -> None:
    """The characters of the action being spelled follow from the hand: the
    other agents' observations are what they were before its first id."""
    table = env("base", players=3)
    rng = random.Random(5)
    spelled = 0
    for seed in range(10):
        table.reset(seed=seed)
        while spelled < 40 and table.agents:
            mover = table.agent_selection
            others = [a for a in table.agents if a != mover]
            before = {a: table.observe(a)["observation"].copy() for a in others}
            legal = np.flatnonzero(table.observe(mover)["action_mask"])
            table.step(int(rng.choice(list(legal))))
            speller = table._speller if table.agents and table.agent_selection == mover else None
            if speller is not None and speller.prefix:  # still spelling
                spelled += 1
                for agent in others:
                    assert (table.observe(agent)["observation"] == before[agent]).all()
    assert spelled >= 40


def test_pettingzoo_last_before_reset_and_after_the_game_says_to_reset() -> None:
    """last() raised an AttributeError before reset() and a bare KeyError
    once every agent had left; step() already said to reset."""
    table = env("base", 2)
    with pytest.raises(tc.SetupError, match=r"call reset\(\) before last\(\)"):
        table.last()
    table.reset(seed=1)
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        table.step(
            None
            if termination or truncation
            else int(np.flatnonzero(observation["action_mask"])[0])
        )
    with pytest.raises(tc.SetupError, match=r"every agent is done .*call reset\(\)"):
        table.last()
    with pytest.raises(tc.SetupError, match=r"every agent is done"):
        table.last(observe=False)


def test_pettingzoo_takes_numpy_integers_and_a_variant_name_in_any_case() -> None:
    """The rest of the library takes NumPy integers and variant names in any
    case (new_game("Base")); the environment and encoding refused them."""
    table = env("Base", np.int64(2), max_actions=np.int64(5))
    assert table.variant == "base"
    assert table.metadata["name"] == "trapper_base_v0"
    assert type(table.players) is int
    assert type(table.max_actions) is int
    table.reset(seed=1)
    assert table.game.players == ("A", "B")
    assert view_size(np.int64(3)) == view_size(3)
    assert id_text(np.int64(DONE)) == "DONE"
    for bad in (True, np.int64(NUM_ACTIONS), -1, 2.0):
        with pytest.raises(tc.IllegalActionError, match="an action id is a whole number"):
            id_text(bad)  # type: ignore[arg-type]
    with pytest.raises(tc.SetupError, match="players is a count, not True"):
        env("base", True)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 10**5000}, "not a whole number of 16610 bits"),
        ({"max_actions": -(10**5000)}, "1 or more, not a whole number of 16610 bits"),
    ],
)
def test_pettingzoo_refuses_a_huge_count_in_a_short_message(
    options: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"players": 2, **options}
    with pytest.raises(tc.SetupError, match=message) as error:
        TrapperEnv("base", **arguments)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200


class _Broken(Exception):
    """What a broken plugin raises."""


@pytest.mark.parametrize("failing", ["Speller", "returns"])
def test_pettingzoo_a_step_the_rules_fail_in_changes_nothing(
    failing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rules failing after the engine's action was played (listing the
    next decision, or the rewards at the end; a broken plugin's error) leave
    the game, the spelling and the rewards as they were: the step can be
    taken again."""
    import trapper_core.pettingzoo as adapter

    table = env("base", 2)
    table.reset(seed=6)
    rng = random.Random(6)
    working = getattr(adapter, failing)
    failed = 0
    while not all(table.terminations.values()) and failed < 5:
        agent = table.agent_selection
        legal = np.flatnonzero(table.observe(agent)["action_mask"]).tolist()
        choice = rng.choice(legal)
        trial = table.game.copy()
        spelling = Speller(trial)
        spelling.prefix = table._speller.prefix  # type: ignore[union-attr]
        chosen = spelling.choose(choice)
        if chosen is not None and (failing == "Speller") != _ends(trial, chosen):

            def broken(*args: object) -> None:
                raise _Broken

            before = (env_state(table), table._speller.prefix, table._steps, dict(table.rewards))  # type: ignore[union-attr]
            monkeypatch.setattr(adapter, failing, broken)
            with pytest.raises(_Broken):
                table.step(choice)
            monkeypatch.setattr(adapter, failing, working)
            after = (env_state(table), table._speller.prefix, table._steps, dict(table.rewards))  # type: ignore[union-attr]
            assert after == before
            failed += 1
        table.step(choice)
    assert failed == (5 if failing == "Speller" else 1)
    assert all(table.terminations.values()) or failing == "Speller"


def _ends(game: tc.Game, action: tc.Action) -> bool:
    game.apply(action)
    return game.is_over


def _refused(error: BaseException) -> None:
    assert isinstance(error, tc.TrapperError)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("seed", [-5, -1, -(2**70)])
def test_pettingzoo_reset_refuses_a_negative_seed_and_keeps_its_game(seed: int) -> None:
    # random.Random takes a negative seed as its absolute value: reset(seed=-5)
    # dealt the very game of reset(seed=5). Gymnasium refuses negative seeds.
    pytest.importorskip("pettingzoo")
    from trapper_core.pettingzoo import env

    table = env("base", 2)
    table.reset(seed=5)
    table.step(table.observe(table.agent_selection)["action_mask"].nonzero()[0][0])
    before = table.game
    with pytest.raises(tc.SetupError, match="a whole number of 0 or more") as err:
        table.reset(seed=seed)
    _refused(err.value)
    assert table.game == before


def _pettingzoo() -> Any:
    pytest.importorskip("pettingzoo")
    from trapper_core import pettingzoo

    return pettingzoo


def test_pettingzoo_reset_without_a_seed_goes_on_with_the_last_seed_s_games() -> None:
    pettingzoo = _pettingzoo()

    def second_deal() -> tc.Setup:
        env = pettingzoo.env("base", 2)
        env.reset(seed=7)
        env.reset()
        return env.game.setup  # type: ignore[no-any-return]

    assert second_deal() == second_deal()


def test_pettingzoo_refuses_a_negative_seed() -> None:
    pettingzoo = _pettingzoo()
    with pytest.raises(tc.SetupError, match="seed, not -5"):
        pettingzoo.env("base", 2).reset(seed=-5)


def test_pettingzoo_a_game_over_on_the_last_allowed_action_is_not_truncated() -> None:
    pettingzoo = _pettingzoo()  # first: NumPy comes with the extra
    import numpy as np

    def play(max_actions: int | None = None) -> tuple[int, dict[str, bool], dict[str, bool]]:
        env = pettingzoo.env("base", 2, max_actions=max_actions)
        env.reset(seed=3)
        rng = random.Random(0)
        steps = 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
            ended = (dict(env.terminations), dict(env.truncations))
        return steps, *ended

    steps, _, _ = play()
    _, terminations, truncations = play(max_actions=steps)
    assert all(terminations.values())
    assert not any(truncations.values())
