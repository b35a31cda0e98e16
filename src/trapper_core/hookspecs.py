"""Every hook of trapper_core, in one place.

A variant is a stack of plugins (see [`VariantSpec`][trapper_core.VariantSpec]):
the plugins of the variant it extends first, its own on top. For every game
the hooks below are resolved once into plain functions (``GameState.rules``),
so a hook costs a function call, not a plugin-manager dispatch.

Almost every rule hook is ``firstresult``: the plugins are asked from the top
of the stack down (the variant's own plugins before those of the variant it
extends) and the first result that is not ``None`` wins. A plugin that has
nothing to say about a call returns ``None`` and the next plugin answers. That
is how a variant states only what differs: the children's variant answers
``trapper_can_enter`` and ``trapper_token_supply`` and leaves every other
hook to the base game. A plugin
that wants to build on the others' answer uses a wrapper
(``@hookimpl(wrapper=True)``), which receives from ``yield`` the answer the
plain implementations give (those above it in the stack too).

Two hooks collect instead: ``trapper_action_kinds`` (the kinds of action, the
topmost of each name winning) and ``trapper_invariants`` (named checks of a
position, likewise).

Plugins import one name, [`hookimpl`][trapper_core.hookimpl]:

```python
from trapper_core import hookimpl

class NoWater:
    @hookimpl
    def trapper_can_enter(self, tile, side):
        return True
```
"""

# Specifications have no bodies; their docstrings are the contract.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from .actions import Action
    from .board import Board
    from .bots import GreedyBot
    from .display import Display, Row
    from .kinds import ActionKind, Withdraw
    from .model import Colour, Direction, Tile
    from .plugins import Rules, VariantSpec
    from .sampling import Sampler
    from .setups import Setup
    from .state import GameState, TokenSupply, Valuation
    from .tiles import TileSet
    from .view import PlayerView

PROJECT = "trapper_core"
"""The project name that pluggy keys the hooks by: a plugin's
[`hookimpl`][trapper_core.hookimpl] marks are made with it."""

hookspec = pluggy.HookspecMarker(PROJECT)
"""Marks a hook's specification: every hook of `RulesSpec` and
`RegistrySpec` (a plugin marks its answers with `hookimpl`)."""

hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marks a function or method as a plugin's implementation of a hook.

The function carries the name of a hook of this module (``trapper_place``, …):
a marked name that no hook has is a [`PluginError`][trapper_core.PluginError]
(the nearest hook is suggested), and a hook's name left unmarked too. It may
take any subset of the hook's arguments, by name. Use it bare
(``@hookimpl``) or with pluggy's options:

- ``@hookimpl(tryfirst=True)`` / ``@hookimpl(trylast=True)``: asked before
  (after) the other implementations, wherever its plugin stands in the stack;
- ``@hookimpl(wrapper=True)``: a generator that receives from ``yield`` the
  answer of the implementations under it and returns its own.

A firstresult hook takes the first answer that is not ``None``. An
implementation whose return annotation says it never answers ``None`` (a
class that ``None`` is no instance of, ``-> bool``, ``-> int``,
``-> tuple[...]``, or a union of such classes) is taken at its word: the
implementations under it are never asked, and with none above it, it is
asked alone, as the hook itself. Annotate
``-> X | None``, or leave the return unannotated, when it may pass a call on.
"""

__all__ = ["PROJECT", "RegistrySpec", "RulesSpec", "hookimpl", "hookspec"]


class RegistrySpec:
    """Hooks of the plugins found through the ``trapper_core.plugins`` entry points."""

    @hookspec
    def trapper_variants(self) -> list[VariantSpec]:
        """Returns the variants this plugin provides.

        Called once when a [`Registry`][trapper_core.Registry] loads its plugins.
        Every plugin's answer is collected (not ``firstresult``); an answer
        that is no list of [`VariantSpec`][trapper_core.VariantSpec] objects,
        and two variants with the same name or alias, are a
        [`PluginError`][trapper_core.PluginError] for a plugin given to the
        registry; an installed plugin is left out instead, with a
        [`PluginWarning`][trapper_core.PluginWarning].
        """


class RulesSpec:
    """The rules of a variant."""

    # ------------------------------------------------------------------
    # Components and setup
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_board(self) -> Board:
        """Returns the board: the squares in play and the trappers' start
        squares (R6, D3).

        Called when a game starts. A setup laid out by the engine puts one
        tile of the tile set on every square of the board.
        """

    @hookspec(firstresult=True)
    def trapper_tile_set(self) -> TileSet:
        """Returns the tiles the variant is played with (R1, R2, D1).

        Asked when a game is set up and again by the samplers of hidden
        information and the base game's bots (which count the canoes still to
        come), so it must answer the same every time. A setup given to
        ``new_game`` must hold the same tile faces; its water edges may
        differ.
        """

    @hookspec(firstresult=True)
    def trapper_deck(self) -> tuple[Colour, ...]:
        """Returns the trapper cards of the variant, one colour per card (R3).

        Asked when a game is set up, before the shuffle, and again by the
        samplers of hidden information, so it must answer the same every
        time.
        """

    @hookspec(firstresult=True)
    def trapper_hand_size(self, players: int) -> int:
        """Returns how many cards each of ``players`` players is dealt (R8, R40)."""

    @hookspec(firstresult=True)
    def trapper_token_supply(self) -> TokenSupply:
        """Returns the bonus tokens laid out at the start (R4).

        An empty supply switches the base game's bonus rules off: no token for
        a payout (R20), no exchange (R21, D7), no bonus ranking (R34).
        """

    @hookspec(firstresult=True)
    def trapper_start(self, state: GameState, setup: Setup) -> bool:
        """Carries out the deal and the layout of the start on ``state``;
        returns ``True``.

        Called once per new game, after the state holds the setup's board,
        trappers and deck (``state.pile``, top first), empty hands and
        displays, and before the first turn begins. The base game deals hands
        in blocks from the top (D14) and turns up the tiles next to the
        trappers (R7). Raises [`SetupError`][trapper_core.SetupError] when the setup
        cannot be dealt.
        """

    @hookspec(firstresult=True)
    def trapper_new_turn(self, state: GameState) -> object:
        """Returns the turn record for ``state.to_move``, who is starting a turn.

        Called by the core at the start of the game, and by the variant's
        rules whenever play passes on (the base game's ``advance``). The
        record must be immutable; it is public (views show it) and it is how
        action kinds know where in the turn the player is.

        ``state.turn`` is the record of the turn that ends, or ``None`` when
        no turn came before in this game: at its start, and when a game is
        made at a position (``game_at`` given no turn record), which may be
        late in a game: what a record keeps from turn to turn (a count of
        rounds) then begins anew, unless the position is given with its
        record (as a position string and a view's sampled worlds are).
        """

    @hookspec(firstresult=True)
    def trapper_next_player(self, state: GameState, player: int) -> int:
        """Returns the seat that plays after ``player``, or ``-1`` when nobody
        is left to play (R9, R30: clockwise, skipping retired players).

        Also asked of a position with nobody to move (``state.to_move`` is
        ``None``) given to ``game_at``, with ``player`` 0: whether somebody
        is left to play there, and so whether the game is over."""

    # ------------------------------------------------------------------
    # Movement
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_can_enter(self, tile: Tile, side: Direction) -> bool:
        """Returns whether a trapper standing on the ``side`` of ``tile`` may
        take it (R13, R37).

        The base game's ``trapper_step_targets`` asks it for every face-up
        neighbour of a trapper.
        """

    @hookspec(firstresult=True)
    def trapper_step_targets(self, state: GameState, trapper: Colour) -> tuple[int, ...]:
        """Returns the squares (indices) whose tile the ``trapper`` can take
        with its next step (R13, R14, D5), in ascending order.

        Its answer is a function of the position: the state caches it until a
        tile is taken or turned up or a trapper moves (its setters and the
        base game's mechanics clear it; see ``GameState.targets``), and a
        position undone, copied or made again asks it afresh.
        """

    # ------------------------------------------------------------------
    # The display
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_placement_choices(self, display: Display, tile: Tile) -> tuple[object, ...]:
        """Returns the distinct ways ``tile`` can be placed in ``display``
        (R16–R18, D6): ``(None,)`` when the placement is forced, else every
        placement the player may name.

        Called while actions that take a tile are listed and checked. Must be
        a pure function of its arguments.
        """

    @hookspec(firstresult=True)
    def trapper_place(
        self, display: Display, tile: Tile, placement: object
    ) -> tuple[Display, Row | None]:
        """Returns ``display`` with a newly taken ``tile`` placed as
        ``placement`` says (one of ``trapper_placement_choices``), and the row
        the tile filled, if any, which is not in the new display (R16–R18).
        Valuing that row is up to the caller (R19). Called when an action
        that takes a tile is carried out.

        Raises [`IllegalActionError`][trapper_core.IllegalActionError] (or its subclass
        [`AmbiguousActionError`][trapper_core.AmbiguousActionError]) for a placement that is
        not one of the choices.
        """

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------

    @hookspec
    def trapper_action_kinds(self) -> Sequence[ActionKind[Any] | Withdraw]:
        """Returns the kinds of action this plugin brings (or takes away).

        Every plugin's answer is collected, from the top of the stack down:
        a kind whose name was given higher up is left out, so a variant
        replaces an inherited kind by giving one of the same name, and takes
        one away with [`Withdraw`][trapper_core.Withdraw]. The legal actions are
        listed kind by kind in that order. Called once per variant.
        """

    # ------------------------------------------------------------------
    # Scoring and the end
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_canoe_payout(self, row: Row) -> int:
        """Returns what the bank pays for the full canoe ``row`` (R19)."""

    @hookspec(firstresult=True)
    def trapper_canoe_token(self, payout: int, supply: tuple[int, ...]) -> int:
        """Returns the number of the canoe token a ``payout`` earns from the
        ``supply`` (ascending), or 0 for none (R20)."""

    @hookspec(firstresult=True)
    def trapper_species_token(self, count: int, supply: tuple[int, ...]) -> int:
        """Returns the number of the species token an exchange of ``count``
        species earns from the ``supply`` (ascending), or 0 for none (R21, D7)."""

    @hookspec(firstresult=True)
    def trapper_is_over(self, state: GameState) -> bool:
        """Returns whether the game has ended (R31, D8).

        Called after every action and once at the start of the game. Once
        nobody is to move it must answer ``True``: an action after which it
        does not is refused with [`PluginError`][trapper_core.PluginError].
        """

    @hookspec(firstresult=True)
    def trapper_final_valuation(self, state: GameState) -> tuple[Valuation, ...]:
        """Returns every player's end valuation (R32–R34), in seat order.

        Called when the game ends, its answer kept (``Game.scores()`` adds
        each total to the player's money), and by
        [`ISMCTSBot`][trapper_core.ISMCTSBot] mid-game, as if the game ended
        there, for a variant that does not answer
        ``trapper_position_worth``; so it must not change the state.
        """

    @hookspec(firstresult=True)
    def trapper_winners(self, state: GameState, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Returns the seats of the winners of the finished game (R35), given
        every player's final ``scores``, in ascending order."""

    # ------------------------------------------------------------------
    # Checks
    # ------------------------------------------------------------------

    @hookspec
    def trapper_invariants(
        self,
    ) -> Mapping[str, Callable[[GameState], Iterable[str]] | None]:
        """Returns named checks of what must hold in every position.

        Every plugin's answer is collected, from the top of the stack down;
        the topmost check of each name wins, and ``None`` drops the check of
        that name. A check returns a description of each problem it finds.
        An answer that is no mapping of names to callables (or ``None``) is a
        [`PluginError`][trapper_core.PluginError] when the rules are resolved.
        ``trapper_core.invariants.check_invariants`` (and so the conformance
        kit) runs them after every action.
        """

    # ------------------------------------------------------------------
    # Bots
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_action_worth(
        self, view: PlayerView, action: Action, bot: GreedyBot
    ) -> float | None:
        """Returns what ``action`` is worth to the player of ``view``, as
        [`GreedyBot`][trapper_core.GreedyBot] ``bot`` judges it (higher is better),
        or ``None`` for actions of other plugins.

        Called by the greedy bot for every legal action of its view; the bot
        plays the action worth most. Only public facts and the viewer's own
        hand may go into the estimate: the view is all the hook gets. An
        answer that is no number, or NaN, is a `PluginError`.
        """

    @hookspec(firstresult=True)
    def trapper_position_worth(self, view: PlayerView, bot: GreedyBot) -> float | None:
        """Returns what the position of ``view`` is worth to its player, in
        money, the future weighed in (higher is better), as
        [`GreedyBot`][trapper_core.GreedyBot] ``bot`` would judge it; or
        ``None``.

        Optional: a variant may leave it out (the only hook it may).
        [`ISMCTSBot`][trapper_core.ISMCTSBot] asks it for every seat's view
        of the position its rollout reaches, and rewards each seat by its
        lead; without an answer, it scores the money and the end valuation
        as if the game ended there. The base game answers the money, the
        bonus tokens' ranking (R34), the greedy bot's
        [`potential`][trapper_base.strategy.potential] of the display and
        its worth of the cards in hand. Only public facts and the viewer's
        own hand may go into the estimate. An answer that is no number, or
        not a finite one below 1e300 in size (NaN, an infinity), is a
        `PluginError`.
        """

    # ------------------------------------------------------------------
    # Hidden information
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_sampler(self, view: PlayerView, rules: Rules) -> Sampler:
        """Returns a `trapper_core.sampling.Sampler` of complete games
        consistent with ``view`` (a view of a game of the variant whose
        ``rules`` these are).

        Called by ``PlayerView.sample`` and by the search bot, once per view.
        The base game answers with the engine's sampler, which draws the
        hidden parts, the core's whatever the variant: face-down tiles, the
        box, every hand, the draw pile and the reshuffles so far. It assumes
        the base game's deal; a variant that deals otherwise answers with a
        subclass whose ``deal`` says which deck positions each seat is dealt.
        An answer that is no ``Sampler`` is a `PluginError`.
        """
