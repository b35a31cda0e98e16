"""Trapper as an OpenSpiel game (the ``openspiel`` extra).

Importing this module registers ``python_trapper`` with OpenSpiel; every
installed variant and player count is one of its parameter settings:

```python
import pyspiel
import trapper_core.openspiel
game = pyspiel.load_game("python_trapper", {"variant": "base", "players": 4})
```

How the game is cut into OpenSpiel nodes:

- **Chance deals the setup, one piece at a time.** The first chance nodes
  lay a tile on each square of the variant's board in turn (the outcome is a
  tile, weighted by how many such tiles are left), then deal the deck card by
  card from the top (the outcome is a colour, weighted by the cards of that
  colour left). The tiles on the trappers' start squares go to the box
  unseen. This is the engine's own shuffle (``Setup.shuffled``) drawn one
  piece at a time, so every setup has the engine's probability, and no chance
  node has more outcomes than the tile set has distinct tiles.
- **A reshuffle is chance too.** When a decision makes the engine shuffle the
  discard pile into a new draw pile, chance deals the new pile card by
  card, top first, before the decision takes effect
  (``Game.apply(..., shuffles=...)``).
- **Decisions are spelled** (``trapper_core.encoding``): one id per
  character of the action's text, forced characters filled in, so the action
  space is small and fixed and every placement and payment choice
  has its ids.
- **Imperfect information** comes from ``Game.view``: the observation is one
  player's view; the information state adds the text of every action played,
  the whole public history, and the colours of every card the player drew,
  draw by draw. Face-down tiles, other hands and the order of the draw pile
  appear in neither. (A view keeps a player's hand as it is now, not the
  colours of their earlier draws; OpenSpiel's information state is perfect
  recall, and two pasts that differ in the cards a player drew and has since
  paid are two pasts the player can tell apart. ``resample_from_infostate``
  keeps those draws: ``Sampler.keep_draws``.)
- **Returns** are paid at the end only: the winners share 1, every seat pays
  ``1 / players`` (``trapper_core.encoding.returns``).
- **Length.** The rules bound no game's length, so a game is cut after
  ``MAX_GAME_LENGTH`` decisions, OpenSpiel's ``max_game_length``: the state
  is terminal there and every return is 0.
"""

from __future__ import annotations

import numbers
import random
from collections import Counter
from typing import Any, TypeVar

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "trapper_core.openspiel needs OpenSpiel: pip install 'trapper-core[openspiel]'"
    ) from exc

from .actions import Action
from .board import Board
from .bots import SAMPLING_EFFORT
from .encoding import (
    NUM_ACTIONS,
    SPELLED_SIZE,
    Speller,
    action_id,
    encode_view,
    hand_features,
    id_text,
    returns,
    spelled_features,
    view_size,
)
from .errors import (
    IllegalActionError,
    SetupError,
    TrapperError,
    UnknownVariantError,
    as_whole,
    player_counts,
    shown,
    type_name,
)
from .game import Game, new_game
from .model import COLOURS, FACE_DOWN, Colour, Tile
from .plugins import Rules, available_variants, default_registry
from .sampling import SamplingError, sampler_of
from .setups import Setup
from .terminal import describe
from .view import PlayerView

__all__ = [
    "GAME_NAME",
    "MAX_GAME_LENGTH",
    "PRIVATE_SIZE",
    "TrapperGame",
    "TrapperObserver",
    "TrapperState",
    "state_from_game",
    "view_text",
]

GAME_NAME = "python_trapper"
"""The name the game is registered under with ``pyspiel``."""

MAX_GAME_LENGTH = 20_000
"""OpenSpiel's bound on the number of decisions (ids) in a game. The rules
bound no game's length (players may pass for ever once the cards are gone),
so a game that reaches it is cut there: the state is terminal and every
return is 0, no winner. Games between sensible or random players stay far
below it. (OpenSpiel bounds a Python game's chance nodes by the same number:
the deal's 128 and the reshuffles, whose cards were all paid for tiles, stay
far below it too.)"""

T = TypeVar("T")

_RESAMPLE_ATTEMPTS = 1000

# sampling_effort bounds each search of resample_from_infostate for a world
# (0: no bound), as ISMCTSBot bounds its own: a view of a long tactical game
# of players who hoard their cards can take that search ten minutes.
_DEFAULTS: dict[str, Any] = {"variant": "base", "players": 4, "sampling_effort": SAMPLING_EFFORT}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Trapper (trapper_core)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    # Every installed variant's player counts (those of a variant are checked on loading).
    max_num_players=max(default_registry().spec(v).max_players for v in available_variants()),
    min_num_players=min(default_registry().spec(v).min_players for v in available_variants()),
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def _rules(params: dict[str, Any]) -> tuple[Rules, int]:
    variant = params["variant"]
    players = params["players"]
    try:
        # by its name or an alias, in any case, as new_game and the PettingZoo env find it
        spec = default_registry().spec(variant)
    except UnknownVariantError:
        raise SetupError(
            f"{GAME_NAME}: no variant {variant!r} is installed; "
            f"choose from {', '.join(available_variants())}"
        ) from None
    rules = default_registry().rules(spec.name)
    low, high = rules.spec.min_players, rules.spec.max_players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise SetupError(
            f"{GAME_NAME}: {variant!r} is played by {player_counts(low, high)}, not {players!r}"
        )
    return rules, players


class _Log(list[T]):
    """A list of immutable values, copied shallowly: OpenSpiel clones a state
    by deep-copying its attributes, and a game's log only ever grows."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Log[T]:
        return _Log(self)


class TrapperGame(pyspiel.Game):  # type: ignore[misc]
    """One variant at one player count, as a ``pyspiel.Game``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        rules, players = _rules(params)
        effort = params["sampling_effort"]
        if isinstance(effort, bool) or not isinstance(effort, int) or effort < 0:
            raise SetupError(
                f"{GAME_NAME}: sampling_effort is a whole number of 0 (no bound) or more, "
                f"not {effort!r}"
            )
        self.sampling_effort: int | None = effort or None
        """The bound of `resample_from_infostate`'s search for a world, in
        steps (``Sampler.prepare``'s ``effort``), or ``None``: no bound."""
        self.variant: str = rules.variant
        self.tiles: tuple[Tile, ...] = tuple(dict.fromkeys(rules.tile_set().tiles))
        """The distinct tiles of the variant's set: a tile's chance outcome is its index here."""
        self.tile_counts: Counter[Tile] = Counter(rules.tile_set().tiles)
        self.deck: Counter[int] = Counter(int(c) for c in rules.deck())
        self.board = rules.board()
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=max(len(self.tiles), len(COLOURS)),
            num_players=players,
            min_utility=-1 / players,
            max_utility=1 - 1 / players,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> TrapperState:
        """Returns the state before the deal."""
        return TrapperState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TrapperObserver | None:
        """Returns an observer: the view (default) or the information state
        (``perfect_recall``); with ``private_info=NONE``, the public
        observation: the table without any hand or the action being
        spelled, the same for every player (seats in order from seat 0);
        with ``public_info=False``, the private observation: the player's
        own hand and the action they are spelling, without the table.
        Every hand at once (``ALL_PLAYERS``), a private information state
        (``public_info=False`` with ``perfect_recall``) or an observation of
        nothing is not offered: ``None``, as OpenSpiel's ``make_observation``
        answers for a type a game does not support."""
        if params:
            raise SetupError(f"{GAME_NAME} observers take no parameters, not {shown(params)}")
        if iig_obs_type is None:
            return TrapperObserver(self.num_players(), False)
        private = iig_obs_type.private_info
        perfect_recall = bool(iig_obs_type.perfect_recall)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return None
        if not iig_obs_type.public_info:
            if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or perfect_recall:
                return None
            return TrapperObserver(self.num_players(), False, public=False)
        return TrapperObserver(
            self.num_players(),
            perfect_recall,
            private=private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )


class TrapperState(pyspiel.State):  # type: ignore[misc]
    """A Trapper game in OpenSpiel: the deal so far, then the engine's game."""

    def __init__(self, game: TrapperGame) -> None:
        super().__init__(game)
        self._tiles: _Log[Tile] = _Log()  # dealt onto the board's squares so far
        self._cards: _Log[int] = _Log()  # the deck dealt so far, top first
        self._game: Game | None = None
        self._speller: Speller | None = None
        self._pending: Action | None = None  # a decision waiting for its shuffles
        self._piles: list[list[int]] = []  # the cards of each pending shuffle, sorted
        self._dealt: list[list[int]] = []  # the shuffled piles dealt so far
        self._played: _Log[str] = _Log()  # the text of every action played
        # The cards each seat was dealt, and who drew which cards (in the
        # order drawn) in every action played: a player's own draws are part
        # of their information state.
        self._deal: tuple[tuple[int, ...], ...] = ()
        self._drew: _Log[tuple[int, tuple[int, ...]]] = _Log()
        self._ids = 0  # the decisions (ids) made so far
        self._limit: int = game.max_game_length()  # the decisions after which the game is cut

    # ------------------------------------------------------------------
    # The engine's game
    # ------------------------------------------------------------------

    @property
    def trapper_game(self) -> Game | None:
        """A copy of the engine's game, ``None`` while chance deals the setup."""
        return None if self._game is None else self._game.copy()

    @property
    def prefix(self) -> str:
        """The characters of the action being spelled."""
        return "" if self._speller is None else self._speller.prefix

    def _spiel_game(self) -> TrapperGame:
        game = self.get_game()
        assert isinstance(game, TrapperGame)
        return game

    def _start(self) -> None:
        spec = self._spiel_game()
        board = spec.board
        grid: list[Tile | None] = [None] * 64
        for square, tile in zip(board.indices(), self._tiles, strict=True):
            grid[square] = tile
        box = tuple(grid[s.index] for s in board.trappers)
        for s in board.trappers:
            grid[s.index] = None
        deck = [COLOURS[c] for c in self._cards]
        setup = Setup(grid, deck, board.trappers, box, 0)  # type: ignore[arg-type]
        game = new_game(spec.variant, self.num_players(), seed=0, setup=setup)
        deal, top = [], 0
        for hand in game.state.hands:  # dealt in blocks from the top, seat by seat
            block = tuple(self._cards[top : top + sum(hand)])
            top += sum(hand)
            if tuple(block.count(c) for c in range(len(COLOURS))) != hand:
                # A variant that deals otherwise: the block holds other
                # seats' cards. The hand dealt, colour by colour, is what
                # the seat saw.
                block = tuple(c for c, n in enumerate(hand) for _ in range(n))
            deal.append(block)
        following = None if game.is_over else Speller(game)
        # Set once the rules have answered: when they fail (a broken
        # plugin's error), the state stays one of dealing.
        self._game, self._deal, self._speller = game, tuple(deal), following

    def _play(self, action: Action) -> None:
        """Plays a complete action, or stops for chance when it shuffles."""
        game = self._game
        assert game is not None
        before = game.state.shuffles
        text = game.action_text(action)
        point = _draw_point(game)
        game.apply(action)
        if game.state.shuffles > before:
            piles = game.state.shuffled[before:]
            game.undo()
            self._pending = action
            self._piles = [sorted(pile) for pile in piles]
            self._dealt = [[]]
            self._speller = None
            return
        self._record(text, point)

    def _record(self, text: str, point: _DrawPoint) -> None:
        """Keeps the action the game has just played, and moves on to the
        next decision. The rules are asked first (the end, the next listing):
        when they fail (a broken plugin's error), the action is undone and
        nothing of the state changes."""
        game = self._game
        assert game is not None
        try:
            drew = _drawn_since(game, point)
            following = None if game.is_over else Speller(game)
        except BaseException:
            game.undo()
            raise
        self._played.append(text)
        self._drew.append(drew)
        self._speller = following

    # ------------------------------------------------------------------
    # The OpenSpiel State API
    # ------------------------------------------------------------------

    def current_player(self) -> int:
        """Returns the player to move, ``CHANCE`` or ``TERMINAL``."""
        if self._game is None or self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._game.is_over or self._ids >= self._limit:
            return int(pyspiel.PlayerId.TERMINAL)
        to_move = self._game.to_move
        assert to_move is not None
        return to_move

    def _legal_actions(self, player: int) -> list[int]:
        """Returns the ids that continue the action being spelled."""
        assert self._speller is not None
        assert player == self.current_player()
        return self._speller.legal_ids()

    def _chance_next(self) -> tuple[str, Counter[Any]]:
        """What chance deals next (``_remaining``); a call when no chance
        outcome is next (a player's turn, the end) is an IllegalActionError."""
        player = self.current_player()
        if player != pyspiel.PlayerId.CHANCE:
            why = (
                "the game is over"
                if player == pyspiel.PlayerId.TERMINAL
                else (f"player {player} is to act")
            )
            raise IllegalActionError(f"no chance outcome is next: {why}")
        return self._remaining()

    def _remaining(self) -> tuple[str, Counter[Any]]:
        spec = self._spiel_game()
        if len(self._tiles) < len(spec.board.indices()):
            left = spec.tile_counts.copy()
            left.subtract(self._tiles)
            return "tile", left
        if self._game is None:
            cards = spec.deck.copy()
            cards.subtract(self._cards)
            return "card", cards
        pile = Counter(self._piles[len(self._dealt) - 1])
        pile.subtract(self._dealt[-1])
        return "shuffle", pile

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Returns the next tile, card or shuffled card with its probability."""
        what, left = self._chance_next()
        total = sum(left.values())
        if what == "tile":
            tiles = self._spiel_game().tiles
            return [(i, left[t] / total) for i, t in enumerate(tiles) if left[t] > 0]
        return [(c, left[c] / total) for c in range(len(COLOURS)) if left[c] > 0]

    def _apply_action(self, action: int) -> None:
        """Applies a chance outcome or one spelled id. An outcome that
        ``chance_outcomes()`` does not list, like an id outside
        ``legal_actions()``, raises `trapper_core.IllegalActionError` and
        changes nothing."""
        speller = self._speller
        if speller is not None and self._ids < self._limit:
            spelt = speller.prefix
            chosen = speller.choose(int(action))
            if chosen is not None:
                try:
                    self._play(chosen)
                except BaseException:  # the rules failed: the spelling as it was
                    speller.prefix = spelt
                    raise
            self._ids += 1
            return
        if self.is_terminal():
            raise IllegalActionError(f"the game is over: no action is played, not id {action}")
        what, left = self._chance_next()
        _check_outcome(what, left, self._piece(what, action), action)
        if what == "tile":
            self._tiles.append(self._spiel_game().tiles[action])
        elif what == "card":
            self._cards.append(int(action))
            if len(self._cards) == sum(self._spiel_game().deck.values()):
                try:
                    self._start()
                except BaseException:  # the rules failed: this card is not dealt
                    self._cards.pop()
                    raise
        else:
            self._deal_shuffled(int(action))

    def _piece(self, what: str, action: int) -> Tile | int | None:
        """The tile or colour that chance outcome ``action`` deals, ``None``
        for an id that names none."""
        if what == "tile":
            tiles = self._spiel_game().tiles
            return tiles[action] if 0 <= action < len(tiles) else None
        return action if 0 <= action < len(COLOURS) else None

    def _deal_shuffled(self, colour: int) -> None:
        self._dealt[-1].append(colour)
        if len(self._dealt[-1]) < len(self._piles[len(self._dealt) - 1]):
            return
        if len(self._dealt) < len(self._piles):
            self._dealt.append([])
            return
        game, action = self._game, self._pending
        assert game is not None
        assert action is not None
        try:
            text = game.action_text(action)
            point = _draw_point(game)
            game.apply(action, shuffles=self._dealt)
            self._record(text, point)
        except BaseException:  # the rules failed: this outcome is not dealt
            self._dealt[-1].pop()
            raise
        self._pending, self._piles, self._dealt = None, [], []

    def _action_to_string(self, player: int, action: int) -> str:
        """Returns an id as text: a character, ``DONE``, or a chance outcome."""
        if player == pyspiel.PlayerId.CHANCE:
            what, _left = self._chance_next()
            piece = self._piece(what, action)
            if piece is None:
                raise IllegalActionError(_no_such_outcome(what, action))
            return _outcome_text(what, piece)
        if not 0 <= player < self.num_players():
            raise IllegalActionError(
                f"player {shown(player)} is no seat of this game (0 to "
                f"{self.num_players() - 1}) nor chance ({int(pyspiel.PlayerId.CHANCE)})"
            )
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(
                f"action id {action} is no id of {GAME_NAME}: the ids are 0 to {NUM_ACTIONS - 1}"
            )
        return id_text(int(action))

    def is_terminal(self) -> bool:
        """Returns whether the game is over, or cut after ``max_game_length`` decisions."""
        return (
            self._game is not None
            and self._pending is None
            and (self._game.is_over or self._ids >= self._limit)
        )

    def returns(self) -> list[float]:
        """Returns the winners' shares less ``1 / players``; 0 before the
        end, and for a game cut after ``max_game_length`` decisions."""
        if self._game is None:
            return [0.0] * self.num_players()
        return returns(self._game)

    def __str__(self) -> str:
        if self._game is None:
            return f"dealing: {len(self._tiles)} tiles, {len(self._cards)} cards"
        state = self._game.state
        # Everything, hidden parts too: face-down tiles in brackets, every
        # hand, the draw pile top first.
        board = " ".join(
            "." if tile is None else tile.code if state.face_up >> i & 1 else f"[{tile.code}]"
            for i, tile in enumerate(state.board)
        )
        hands = " ".join("".join(map(str, h)) for h in state.hands)
        pile = "".join(COLOURS[c].letter for c in state.draw_pile)
        box = " ".join(t.code for t in state.box)
        text = (
            f"{view_text(self._game.view(0))}\nall tiles {board}\nbox {box}\n"
            f"all hands {hands}\ndraw pile {pile}"
        )
        if self._pending is not None:
            text += f"\nshuffling for {self._game.action_text(self._pending)}"
        elif self.is_terminal() and not self._game.is_over:
            text += f"\ncut after {self._ids} decisions (max_game_length)"
        elif self.prefix:
            text += f"\nspelling {self.prefix}"
        return text

    def draws(self, player: int) -> tuple[tuple[int, ...], ...]:
        """The colours of the cards ``player`` drew, draw by draw in the
        order drawn, the deal first: what their information state holds
        beyond the view and the actions played. (How many cards each action
        drew is public: an action that drew none is no draw.)"""
        seat = as_whole(player, SetupError, "draws: a player is a seat number")
        if not 0 <= seat < self.num_players():
            raise SetupError(
                f"draws: there is no seat {shown(player)} among {self.num_players()} players"
            )
        if self._game is None:
            return ()
        drew = (cards for who, cards in self._drew if who == seat and cards)
        return (self._deal[seat], *drew)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrapperState:
        """Returns a state that ``player_id`` cannot tell from this one, its
        hidden parts drawn as ``PlayerView.sample`` draws them but keeping
        the cards the player drew (``Sampler.keep_draws``; seeded from
        ``probability_sampler()``, a number in [0, 1); any other value raises
        `trapper_core.SetupError`).

        The search for a world is bounded by the game's ``sampling_effort``
        (steps; 100,000 by default, as `ISMCTSBot` bounds its own): past it,
        raises `trapper_core.SamplingError` rather than search on, which a
        view of a long tactical game of players who hoard their cards could
        make minutes. Load the game with ``sampling_effort=0`` for no bound."""
        rng = random.Random(_seed_from(probability_sampler))
        spec = self._spiel_game()
        if self._game is None:  # nobody has seen any of the deal yet
            fresh = spec.new_initial_state()
            for _ in range(len(self._tiles) + len(self._cards)):
                fresh._apply_random_chance(rng)
            return fresh
        view = self._game.view(player_id)
        draws = self.draws(player_id)
        for _attempt in range(_RESAMPLE_ATTEMPTS):
            fresh = state_from_game(_sample(view, draws, rng, spec.sampling_effort), spec)
            try:
                self._continue(fresh, rng, player_id)
            except IllegalActionError:
                # The action being spelled (or shuffled for) is not the
                # viewer's: the mover's drawn hand cannot pay it. Drawing
                # again keeps the worlds in which it can, as the table knows.
                continue
            return fresh
        raise TrapperError(
            f"no world drawn for seat {player_id} in {_RESAMPLE_ATTEMPTS} attempts lets "
            f"seat {self._game.to_move} play what they have begun"
        )

    def _continue(self, fresh: TrapperState, rng: random.Random, player_id: int) -> None:
        """Brings ``fresh``, a state at this one's last complete action, to
        this one's action in progress as ``player_id`` knows it: its shuffles
        (dealt anew: nobody has seen them), or its spelled ids when
        ``player_id`` spells them. The others do not see an action being
        spelled, so for them ``fresh`` stays where it is, before the action:
        a state they cannot tell from this one, drawn from what they know.
        (Continued, it would keep only the worlds in which the mover's hand
        allows what the mover has spelled, which they do not know.)"""
        if self._pending is not None:
            assert fresh._speller is not None
            for choice in fresh._speller.spell(self._pending):
                fresh.apply_action(choice)
            for _ in range(sum(len(pile) for pile in self._dealt)):
                fresh._apply_random_chance(rng)
            return
        if player_id != self.current_player():
            return
        while fresh.prefix != self.prefix:
            if not self.prefix.startswith(fresh.prefix):
                # The mover's drawn hand fills in other characters than the real one.
                raise IllegalActionError(f"{fresh.prefix!r} is not how {self.prefix!r} begins")
            fresh.apply_action(action_id(self.prefix[len(fresh.prefix)]))

    def _apply_random_chance(self, rng: random.Random) -> None:
        outcomes = self.chance_outcomes()
        pick = rng.random()
        chosen = outcomes[-1][0]
        for outcome, p in outcomes:
            pick -= p
            if pick < 0:
                chosen = outcome
                break
        self.apply_action(chosen)


def _outcome_text(what: str, piece: Tile | int) -> str:
    """A chance outcome as text: ``tile Ab``, ``card B`` or ``shuffle B``."""
    if isinstance(piece, Tile):
        return f"tile {piece.code}"
    return f"{what} {Colour(piece).letter}"


def _no_such_outcome(what: str, action: int) -> str:
    """The message for an id that names no tile or colour."""
    return (
        f"chance outcome {shown(action)} is no {'card' if what == 'shuffle' else what}: "
        "the outcomes are the ids chance_outcomes() lists"
    )


def _check_outcome(what: str, left: Counter[Any], piece: Tile | int | None, action: int) -> None:
    """Refuses a chance outcome that names no piece, or a piece of which
    none is left to deal: OpenSpiel does not check outcomes against
    ``chance_outcomes()``, and dealing one the set has run out of would
    only fail when the setup is complete, long after, with the state stuck.
    It is one lookup in counts made anyway: chance acts in every playout."""
    if piece is None:
        raise IllegalActionError(_no_such_outcome(what, action))
    if left[piece] <= 0:
        source = {"tile": "the tile set", "card": "the deck", "shuffle": "the pile being shuffled"}
        raise IllegalActionError(
            f"chance outcome {shown(action)} ({_outcome_text(what, piece)}) cannot be dealt: "
            f"{source[what]} has none of it left; the outcomes are the ids "
            "chance_outcomes() lists"
        )


def _seed_from(probability_sampler: Any) -> int:
    """The seed of a resampled world: ``probability_sampler()``, a number in
    [0, 1), scaled to 53 bits. Any other value (NaN, 1.0, a negative one)
    means a broken sampler, so it is refused rather than turned into a seed."""
    if not callable(probability_sampler):
        raise SetupError(
            f"probability_sampler is a function returning a number in [0, 1), "
            f"not {shown(probability_sampler)}"
        )
    value = probability_sampler()
    try:
        number = float(value) if isinstance(value, numbers.Real) else None
    except OverflowError:  # a whole number too large for a float
        number = None
    if isinstance(value, bool) or number is None or not 0 <= number < 1:
        raise SetupError(f"probability_sampler() returns a number in [0, 1), not {shown(value)}")
    return int(number * 2**53)


def _sample(
    view: PlayerView, draws: tuple[tuple[int, ...], ...], rng: random.Random, effort: int | None
) -> Game:
    """A complete game consistent with ``view`` in which its player drew
    ``draws``: ``PlayerView.sample`` with the draws kept, its search for a
    colouring of the cards bounded by ``effort`` steps (``None``: no bound)."""
    rules = default_registry().rules(view.variant)
    sampler = sampler_of(view, rules)
    sampler.keep_draws(draws)
    if not sampler.prepare(rng, effort=effort):
        raise SamplingError(
            f"{GAME_NAME}: resample_from_infostate found no world for seat {view.player} "
            f"within sampling_effort={effort:,} steps; load the game with a larger "
            "sampling_effort, or 0 for no bound"
        )
    # The first world, as sample() would have drawn it unprepared.
    return sampler.game(sampler.world(rng, steps=0))


_DrawPoint = tuple[int, int, tuple[int, ...], int | None, tuple[int, ...]]


def _draw_point(game: Game) -> _DrawPoint:
    """Where the draws stand before an action: the shuffles so far, the
    cards drawn from the pile, the pile, the player to act and how many
    cards each hand holds."""
    state = game.state
    held = tuple(sum(hand) for hand in state.hands)
    return len(state.shuffled), state.drawn, state.pile, state.to_move, held


def _drawn_since(game: Game, point: _DrawPoint) -> tuple[int, tuple[int, ...]]:
    """Who drew which cards (in the order drawn) since ``point``: the one
    player whose hand grew (the player who acted, in the built-in
    variants), from the pile there and every pile shuffled since. When
    several hands grew (a variant whose action deals to others), which
    card went where is not known here: the draws are nobody's (seat -1),
    so no information state shows a player another's cards."""
    shuffles, drawn, pile, actor, held = point
    assert actor is not None
    state = game.state
    grew = [s for s, hand in enumerate(state.hands) if sum(hand) > held[s]]
    if not grew:
        seat = actor  # drew none, or drew and paid as much
    elif len(grew) == 1:
        seat = grew[0]
    else:
        seat = -1
    new = state.shuffled[shuffles:]
    if not new:
        return seat, pile[drawn : state.drawn]
    cards = list(pile[drawn:])
    for number, shuffled in enumerate(new):
        cards += shuffled[: state.drawn] if number == len(new) - 1 else shuffled
    return seat, tuple(cards)


def state_from_game(game: Game, spiel_game: TrapperGame | None = None) -> TrapperState:
    """Returns the OpenSpiel state of the engine's ``game``: its setup dealt
    by chance, then its actions spelled and its shuffles dealt, so that the
    state's history is a true OpenSpiel history.

    ``spiel_game`` is the OpenSpiel game to use (by default one is loaded for
    the game's variant and player count). The game's setup must stand the
    trappers on the variant's start squares with player 0 to begin, and
    hold the variant's own tiles, water edges and all, as every dealt setup
    does, and its actions must take no more than ``MAX_GAME_LENGTH`` ids;
    else `trapper_core.SetupError` is raised.
    """
    if not isinstance(game, Game):
        raise SetupError(f"state_from_game takes a trapper_core Game, not {type_name(game)}")
    if spiel_game is not None and not isinstance(spiel_game, TrapperGame):
        raise SetupError(
            f"spiel_game is None or a {GAME_NAME} game, not {type(spiel_game).__name__}"
        )
    if spiel_game is None:
        loaded = pyspiel.load_game(
            GAME_NAME, {"variant": game.variant, "players": len(game.players)}
        )
        assert isinstance(loaded, TrapperGame)
        spiel_game = loaded
    if not game.from_setup:
        raise SetupError(
            "a game that begins at a position (game_at, Sampler.position) is no OpenSpiel "
            "state: an OpenSpiel history begins at the deal"
        )
    if spiel_game.variant != game.variant or spiel_game.num_players() != len(game.players):
        raise SetupError(
            f"a {game.variant} game of {len(game.players)} players is no state of "
            f"{spiel_game.variant} for {spiel_game.num_players()}"
        )
    setup = game.setup
    board = spiel_game.board
    if tuple(setup.trappers) != tuple(board.trappers) or setup.start_player != 0:
        raise SetupError(
            "only setups dealt from the variant's start squares, player 0 first, "
            "are OpenSpiel states"
        )
    starts = {square.index for square in board.trappers}
    if len(setup.box) != len(starts) or any(
        setup.board[square] is None for square in board.indices() if square not in starts
    ):
        raise SetupError(
            "only setups dealt as chance deals them, a tile on every square of the board "
            "but the trappers' and theirs in the box, are OpenSpiel states"
        )
    tiles = _dealt_tiles(game, board)
    if Counter(tiles) != spiel_game.tile_counts:
        # The engine takes a setup with other water edges (a physical copy's);
        # chance deals only the variant's own tiles.
        raise SetupError(
            "only setups of the variant's own tiles, water edges and all, are OpenSpiel states"
        )
    return _replay(game, spiel_game, tiles)


def _dealt_tiles(game: Game, board: Board) -> list[Tile]:
    """The tiles of ``game``'s setup in the order chance deals them: square
    by square, those of the trappers' start squares from the box."""
    setup = game.setup
    boxed = dict(zip((s.index for s in board.trappers), setup.box, strict=True))
    tiles = [boxed.get(square, setup.board[square]) for square in board.indices()]
    return [tile for tile in tiles if tile is not None]


def _replay(game: Game, spiel_game: TrapperGame, tiles: list[Tile]) -> TrapperState:
    """A state dealt ``tiles`` and then ``game``'s deck, actions and shuffles."""
    state = spiel_game.new_initial_state()
    index = {tile: i for i, tile in enumerate(spiel_game.tiles)}
    for tile in tiles:
        state.apply_action(index[tile])
    for colour in game.setup.deck:
        state.apply_action(int(colour))
    for action, piles in zip(game.history, game.outcomes(), strict=True):
        assert state._speller is not None
        for choice in state._speller.spell(action):
            if state._ids >= state._limit:
                raise SetupError(
                    f"the game takes more than max_game_length ({state._limit}) decisions: "
                    "its OpenSpiel state would be cut before its end"
                )
            state.apply_action(choice)
        for pile in piles:
            for card in pile:
                state.apply_action(card)
    return state


def _tiles(tiles: tuple[Tile, ...]) -> str:
    return " ".join(t.code for t in tiles)


def view_text(view: PlayerView, *, hand: bool = True) -> str:
    """Returns a view as compact text: what OpenSpiel's observation strings
    are made of (``trapper_core.terminal.render`` draws it for people);
    ``hand=False`` leaves the viewer's cards out (the public observation)."""
    if not isinstance(view, PlayerView):
        raise SetupError(f"view_text takes a PlayerView, not {type_name(view)}")
    board = " ".join(
        "." if seen is None else "##" if seen is FACE_DOWN else seen.code for seen in view.board
    )
    # The canoes given back by exchanges, whole: their tiles were seen, and an
    # information state that kept only their count would join pasts that
    # differ in them (perfect recall).
    returned = (
        "; ".join(f"{seat} {_tiles(v.row.tiles)} ={v.payout}" for seat, v in view.returned) or "-"
    )
    lines = [
        f"board {board}",
        "trappers " + " ".join(s.name for s in view.trappers),
        f"to move {view.to_move}; turn {describe(view.turn)}; turns {view.turns}",
        (f"hand {''.join(map(str, view.hand.counts))}; " if hand else "")
        + f"hands {view.hand_sizes}",
        f"pile {view.draw_pile_size}; discard {''.join(map(str, view.discard.counts))}; "
        f"out {view.out_of_game}; shuffles {view.shuffles}",
        f"supply {view.supply.canoe} {view.supply.species}; returned {returned}",
    ]
    for seat, display in enumerate(view.displays):
        rows = "; ".join(_tiles(row.tiles) for row in display.open)
        valued = "; ".join(f"{_tiles(v.row.tiles)} ={v.payout}" for v in display.valued)
        tokens = " ".join(str(t) for t in display.tokens)
        lines.append(
            f"seat {seat}{' retired' if view.retired[seat] else ''}: money {display.money}; "
            f"open {rows}; valued {valued}; apart {_tiles(display.separate)}; tokens {tokens}"
        )
    if view.valuation is not None:
        lines.append("valuation " + "; ".join(str(v) for v in view.valuation))
    return "\n".join(lines)


def _spelling_seen(state: TrapperState, player: int) -> str:
    """The action being spelled as ``player`` sees it: the speller's own,
    whole; nobody else's. The characters filled in after each id follow
    from the speller's legal actions, which follow from the hand (a ``/``
    after a step's square says the trapper's own colour cannot pay), so
    the others see the action once it is played, as at the table."""
    game = state._game
    return state.prefix if game is not None and game.to_move == player else ""


PRIVATE_SIZE = len(COLOURS) + SPELLED_SIZE
"""The length of the private observation's tensor (``public_info=False``):
the player's cards per colour ÷ 16, then the characters they have spelled
of the action in progress, in runs, as in ``encode_view``."""


def _encode_private(view: PlayerView, spelling: str) -> list[float]:
    """The viewer's own part of ``encode_view``: the hand and the spelling."""
    return hand_features(view) + spelled_features(spelling)


class TrapperObserver:
    """OpenSpiel's observer: the view as a tensor and a string, or (asked
    for ``perfect_recall``) the information state as a string: the view,
    the text of every action played and the colours of every card the
    player drew (``TrapperState.draws``). ``private=False`` leaves the hand,
    the draws and the action being spelled out (the public observation);
    ``public=False`` keeps only the hand and the spelling (the private
    observation)."""

    def __init__(
        self, players: int, perfect_recall: bool, *, private: bool = True, public: bool = True
    ) -> None:
        self.perfect_recall = perfect_recall
        self.private = private  # the player's own hand and spelling shown
        self.public = public  # the table shown
        size = 0 if perfect_recall else view_size(players) if public else PRIVATE_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TrapperState, player: int) -> None:
        """Fills the tensor with ``player``'s view of ``state``."""
        if self.perfect_recall:
            return
        game = state._game
        if game is None:
            self.tensor.fill(0)
            return
        if not self.public:
            self.tensor[:] = _encode_private(game.view(player), _spelling_seen(state, player))
        elif self.private:
            self.tensor[:] = encode_view(game.view(player), _spelling_seen(state, player))
        else:  # the same for every player: seat 0's view of the table, no hand
            self.tensor[:] = encode_view(game.view(0), hand=False)

    def string_from(self, state: TrapperState, player: int) -> str:
        """Returns ``player``'s view (or information state) of ``state`` as text."""
        game = state._game
        if not self.public:  # while chance deals, no card is anyone's yet
            return f"seat {player}" if game is None else _private_text(state, game, player)
        if game is None:
            return f"dealing: {len(state._tiles)} tiles, {len(state._cards)} cards"
        if self.private:
            lines = [f"seat {player}", view_text(game.view(player))]
        else:  # the same for every player, as the tensor is
            lines = ["public", view_text(game.view(0), hand=False)]
        if state._pending is not None:
            dealt = sum(len(p) for p in state._dealt)
            lines.append(f"shuffling for {game.action_text(state._pending)}: {dealt} cards dealt")
        elif self.private and (spelling := _spelling_seen(state, player)):
            lines.append(f"spelling {spelling}")
        if self.perfect_recall:
            lines.append("played " + " ".join(state._played))
            if self.private:  # the player's own draws, which the view keeps no trace of
                lines.append("drew " + " ".join(_letters(d) for d in state.draws(player)))
        return "\n".join(lines)


def _letters(cards: tuple[int, ...]) -> str:
    """A draw's colours as letters (``-`` for none: a hand of no cards)."""
    return "".join(COLOURS[c].letter for c in cards) or "-"


def _private_text(state: TrapperState, game: Game, player: int) -> str:
    """The private observation as text: the seat, its hand and its spelling."""
    lines = [f"seat {player}", f"hand {''.join(map(str, game.view(player).hand.counts))}"]
    if spelling := _spelling_seen(state, player):
        lines.append(f"spelling {spelling}")
    return "\n".join(lines)


pyspiel.register_game(_GAME_TYPE, TrapperGame)
