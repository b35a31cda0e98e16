"""Trapper as a PettingZoo AEC environment (the ``pettingzoo`` extra).

```python
from trapper_core.pettingzoo import env
table = env("base", players=4, render_mode="ansi")
table.reset(seed=7)
for agent in table.agent_iter():
    observation, reward, termination, truncation, info = table.last()
    ...
```

- **Agents** are ``player_0`` … ``player_{n-1}``, in seat order; the agent
  to act is always the engine's player to move.
- **Actions** are spelled (``trapper_core.encoding``): ``Discrete(NUM_ACTIONS)``,
  one id per character of the action's text and ``DONE`` to end a text that
  a longer one continues; characters with no alternative are filled in. A
  step (``Ge6/BB>CB2``), its payment and its placement, a tactical take
  with the cards of every colour: each is a short run of ids by one agent.
- **Observations** are a dict: ``observation``, the agent's view as a flat
  ``float32`` vector of ``encoding.view_size(players)`` (its layout is
  told under "The view as a vector" of the page on the adapters), and
  ``action_mask``, an ``int8`` vector over the action ids, all zero
  unless the agent is to act (and so once the game is over or truncated).
- **Rewards** come at the end only: the winners share 1 and every agent pays
  ``1 / players`` (``encoding.returns``); every step before the end pays 0.
- **Chance** comes from the engine's seed: ``reset(seed=s)`` deals the same
  game on every machine; ``reset()`` without a seed continues the sequence of
  games of the last seed.
- **Arguments**: the variant by its name or an alias, in any case, as
  ``new_game`` takes it; ``players`` and ``max_actions`` whole numbers
  (a NumPy integer too).
- ``render_mode="ansi"``: ``render()`` returns the position as the terminal
  renderer draws it for the table (``trapper_core.terminal.render``, hands hidden).
  ``render_mode="human"``: the same text is printed after ``reset()`` and
  after every step that plays an action, and ``render()`` prints it and
  returns ``None``, as Gymnasium's ``human`` mode does.
"""

from __future__ import annotations

import random
from typing import Any, SupportsIndex

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "trapper_core.pettingzoo needs PettingZoo: pip install 'trapper-core[pettingzoo]'"
    ) from exc

from .encoding import NUM_ACTIONS, Speller, encode_view, returns, view_size
from .errors import (
    IllegalActionError,
    SetupError,
    UnknownVariantError,
    as_whole,
    player_counts,
    shown,
)
from .game import MAX_SEED, Game, new_game
from .plugins import available_variants, default_registry
from .terminal import render

__all__ = ["TrapperEnv", "env"]


def env(
    variant: str = "base",
    players: SupportsIndex = 4,
    render_mode: str | None = None,
    max_actions: int | None = None,
) -> TrapperEnv:
    """Returns a new environment for ``variant`` at ``players`` seats (see
    `TrapperEnv`)."""
    return TrapperEnv(variant, players, render_mode=render_mode, max_actions=max_actions)


class TrapperEnv(AECEnv):  # type: ignore[misc]
    """A game of Trapper as a PettingZoo AEC environment.

    ``max_actions``, when given, truncates a game after that many ids (the
    rules bound no game's length: players may pass for ever once the cards
    are gone); by default games are played to their end.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; renamed per variant
        "name": "trapper_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "base",
        players: SupportsIndex = 4,
        *,
        render_mode: str | None = None,
        max_actions: int | None = None,
    ) -> None:
        super().__init__()
        try:
            # by its name or an alias, in any case, as new_game finds it
            spec = default_registry().spec(variant)
        except UnknownVariantError:
            names = ", ".join(available_variants())
            raise SetupError(
                f"no variant {shown(variant)} is installed; choose from {names}"
            ) from None
        variant = spec.name
        # whole numbers as the rest of the library takes them: a NumPy integer too
        players = as_whole(players, SetupError, "players is a count")
        if not spec.min_players <= players <= spec.max_players:
            raise SetupError(
                f"{variant!r} is played by {player_counts(spec.min_players, spec.max_players)}, "
                f"not {shown(players)}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise SetupError(f"render_mode is None, 'ansi' or 'human', not {shown(render_mode)}")
        if max_actions is not None:
            max_actions = as_whole(
                max_actions,
                SetupError,
                "max_actions is None or a whole number of 1 or more",
                low=1,
            )
        self.variant = variant
        self.players = players
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.metadata = {**self.metadata, "name": f"trapper_{variant}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = view_size(players)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }
        self._seeds: random.Random | None = None
        self._game: Game | None = None
        self._speller: Speller | None = None
        self._steps = 0

    @property
    def game(self) -> Game:
        """The engine's game being played (a copy; change it through ``step``)."""
        if self._game is None:
            raise SetupError("the environment has no game until reset() is called")
        return self._game.copy()

    def observation_space(self, agent: str) -> Any:
        """Returns the observation space of ``agent`` (the same for every agent)."""
        self._seat(agent)  # an unknown agent is a SetupError, not a KeyError
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """Returns ``Discrete(NUM_ACTIONS)``, the spelled action ids."""
        self._seat(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game: dealt from ``seed`` if given, else the next
        game of the last seed's sequence (or a random one)."""
        if seed is not None:
            # A whole number of 0 or more, as Gymnasium takes it: random.Random
            # would also take text and floats, more likely slips than wishes,
            # and a negative seed as its absolute value (-5 dealt 5's games).
            number = as_whole(seed, SetupError, "reset() takes a whole number as seed")
            if number < 0:
                raise SetupError(
                    f"reset() takes a whole number of 0 or more as seed, not {shown(seed)}"
                )
            self._seeds = random.Random(number)
        elif self._seeds is None:
            self._seeds = random.Random()
        self._game = new_game(self.variant, self.players, seed=self._seeds.randrange(MAX_SEED))
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next(*_what_follows(self._game))
        if self.render_mode == "human":
            self.render()

    def _next(self, following: Speller | None, final: list[float] | None) -> None:
        """Moves on to the next decision (``following``, the speller of the
        player to move) or, once the game is over, to the end (``final``,
        the returns): what `_what_follows` gives."""
        game = self._game
        assert game is not None
        if final is not None:
            self._speller = None
            for agent, reward in zip(self.possible_agents, final, strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            return
        self._speller = following
        assert game.to_move is not None
        self.agent_selection = self.possible_agents[game.to_move]

    def _started(self, call: str) -> Game:
        """The game being played; before ``reset()`` there is none."""
        if self._game is None:
            raise SetupError(f"call reset() before {call}()")
        return self._game

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``, one of ``possible_agents``."""
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            names = ", ".join(self.possible_agents)
            raise SetupError(
                f"no agent is called {shown(agent)}; the agents are {names}"
            ) from None

    def observe(self, agent: str) -> dict[str, Any]:
        """Returns ``agent``'s view as a vector and the mask of its legal ids."""
        game = self._started("observe")
        seat = self._seat(agent)
        # The action being spelled is the speller's alone: the characters
        # filled in after each id follow from the hand (a "/" after a step's
        # square says the trapper's own colour cannot pay).
        prefix = ""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self._speller is not None and game.to_move == seat:
            prefix = self._speller.prefix
            if not self._cut_short():  # a truncated agent's only action is None
                mask[self._speller.legal_ids()] = 1
        observation = np.asarray(encode_view(game.view(seat), prefix), np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: SupportsIndex | None) -> None:
        """Spells ``action`` for the agent to act; plays the engine's action
        once its text is complete. An id outside the mask raises
        `trapper_core.IllegalActionError`, as does an id that is no whole
        number (an ``int`` or a NumPy integer), and a step once every agent
        is done (call ``reset()``)."""
        self._started("step")
        # The id is read first: its __index__ is the caller's code, which
        # may reset or step the environment before any field here is read.
        number = None if action is None else _action_id(action)
        agent = self.agent_selection
        if agent not in self.terminations:
            raise IllegalActionError(_ALL_DONE)
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's own check raises a bare ValueError
                raise IllegalActionError(
                    f"{agent} is done (terminated or truncated): step() takes None for it, "
                    f"not {shown(action)}"
                )
            self._was_dead_step(action)
            return
        speller, game = self._speller, self._game
        assert speller is not None
        assert game is not None
        if action is None:
            raise IllegalActionError(f"{agent} is to act: step() takes an id of its action_mask")
        spelt = speller.prefix
        assert number is not None
        chosen = speller.choose(number)
        if chosen is not None:
            # Everything that asks the variant's rules, before any field of
            # the environment changes: an error there (a broken plugin's)
            # leaves the game, the spelling and the rewards as they were.
            try:
                game.apply(chosen)
                try:
                    following, final = _what_follows(game)
                except BaseException:
                    game.undo()
                    raise
            except BaseException:
                speller.prefix = spelt
                raise
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._steps += 1
        if chosen is not None:
            self._next(following, final)
            if self.render_mode == "human":
                self.render()
        if not game.is_over and self._cut_short():
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def _cut_short(self) -> bool:
        """Whether ``max_actions`` ids have been played (the game truncated
        unless it is over)."""
        return self.max_actions is not None and self._steps >= self.max_actions

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Returns the observation (when ``observe``), cumulative reward,
        termination, truncation and info of the agent to act; raises
        `SetupError` before ``reset()`` and once every agent is done."""
        self._started("last")
        if self.agent_selection not in self.terminations:
            raise SetupError(_ALL_DONE)
        return super().last(observe)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        """Returns the position as text in ``ansi`` mode (no hand shown);
        prints it and returns ``None`` in ``human`` mode."""
        if self.render_mode is None or self._game is None:
            return None
        text = render(self._game, hands=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


# Every agent has taken its last None and left the dicts: PettingZoo's own
# code would raise a bare KeyError.
_ALL_DONE = "every agent is done (the game is over or truncated): call reset() for a new game"


def _what_follows(game: Game) -> tuple[Speller | None, list[float] | None]:
    """What comes after ``game``'s position, asked of its rules: the speller
    of the player to move, or, once the game is over, every seat's return."""
    if game.is_over:
        return None, list(returns(game))
    return Speller(game), None


def _action_id(action: object) -> int:
    """``action`` as an ``int``: an ``int`` or a NumPy integer (RL libraries
    pass those), or a 0-d integer array. ``int()`` would truncate 2.9 to the
    legal id 2, so anything that is no whole number is refused, bool too."""
    if isinstance(action, np.bool_):  # an index in older NumPy versions
        raise IllegalActionError(f"an action id is a whole number, not {shown(action)}")
    return as_whole(action, IllegalActionError, "an action id is a whole number")
