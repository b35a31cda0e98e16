"""Every hook of trapper_core, in one place.

A variant is a stack of plugins (see :class:`~trapper_core.VariantSpec`):
the plugins of the variant it extends first, its own on top. For every game
the hooks below are resolved once into plain functions (``GameState.rules``),
so a hook costs a function call, not a plugin-manager dispatch.

Every rule hook is ``firstresult``: the plugins are asked from the top of the
stack down (the variant's own plugins before those of the variant it extends)
and the first result that is not ``None`` wins. A plugin that has nothing to
say about a call returns ``None`` and the next plugin answers. That is how a
variant states only what differs: the children's variant answers
``trapper_can_enter`` and leaves every other hook to the base game.

Plugins import one name, :data:`hookimpl`::

    from trapper_core import hookimpl

    class NoWater:
        @hookimpl
        def trapper_can_enter(self, tile, side):
            return True
"""

# Specifications have no bodies; their docstrings are the contract.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .actions import Action
    from .bots import GreedyBot
    from .display import Row
    from .errors import IllegalActionError
    from .model import Colour, Direction, Tile
    from .plugins import VariantSpec
    from .state import GameState, TokenSupply, Valuation
    from .tiles import TileSet
    from .view import PlayerView

PROJECT = "trapper_core"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

__all__ = ["PROJECT", "RegistrySpec", "RulesSpec", "hookimpl", "hookspec"]


class RegistrySpec:
    """Hooks of the plugins found through the ``trapper_core.plugins`` entry points."""

    @hookspec
    def trapper_variants(self) -> list[VariantSpec]:
        """Returns the variants this plugin provides.

        Called once when a :class:`~trapper_core.Registry` loads its plugins.
        Every plugin's answer is collected (not ``firstresult``); two variants
        with the same name or alias are an error.
        """


class RulesSpec:
    """The rules of a variant. Every hook is ``firstresult``."""

    # ------------------------------------------------------------------
    # Components and setup
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_tile_set(self) -> TileSet:
        """Returns the tiles the variant is played with (R1, R2, D1).

        Called once per new game. A setup given to ``new_game`` must hold the
        same tile faces; its water edges may differ.
        """

    @hookspec(firstresult=True)
    def trapper_deck(self) -> tuple[Colour, ...]:
        """Returns the trapper cards of the variant, one colour per card (R3).

        Called once per new game, before the shuffle.
        """

    @hookspec(firstresult=True)
    def trapper_hand_size(self, players: int) -> int:
        """Returns how many cards each of ``players`` players is dealt (R8, R40)."""

    @hookspec(firstresult=True)
    def trapper_token_supply(self) -> TokenSupply:
        """Returns the bonus tokens laid out at the start (R4).

        An empty supply switches the bonus rules off: no token for a payout
        (R20), no exchange (R21, D7), no bonus ranking (R34).
        """

    @hookspec(firstresult=True)
    def trapper_new_turn(self, state: GameState) -> object:
        """Returns the turn record for ``state.to_move``, who is starting a turn.

        Called at the start of the game and whenever play passes to the next
        player. The record must be immutable; it is public (views show it)
        and it is how ``trapper_legal_actions`` knows where in the turn the
        player is.
        """

    # ------------------------------------------------------------------
    # Movement
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_can_enter(self, tile: Tile, side: Direction) -> bool:
        """Returns whether a trapper standing on the ``side`` of ``tile`` may
        take it (R13, R37).

        Called for every face-up neighbour of a trapper whenever step targets
        are computed.
        """

    @hookspec(firstresult=True)
    def trapper_step_targets(self, state: GameState, trapper: Colour) -> tuple[int, ...]:
        """Returns the squares (indices) whose tile the ``trapper`` can take
        with its next step (R13, R14, D5), in ascending order.

        Called at most once per trapper and position: the state caches it
        until a tile is taken.
        """

    # ------------------------------------------------------------------
    # Turns
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_legal_actions(self, state: GameState) -> list[Action]:
        """Returns every distinct legal action of ``state.to_move``, in a fixed order.

        Called once per position (``Game`` caches the answer); ``Game.apply``
        accepts exactly the actions listed here. Never called once the game
        is over.
        """

    @hookspec(firstresult=True)
    def trapper_check_action(self, state: GameState, action: Action) -> bool:
        """Returns whether ``action`` is legal in ``state``, without listing
        every legal action; ``None`` for actions of other plugins.

        Called by ``Game.apply`` and ``Game.parse_action`` when the position's
        legal actions have not been listed yet (a replay checks every move
        this way). It must agree with ``trapper_legal_actions`` exactly; the
        engine's invariant checks (``trapper_core.invariants.check_action``)
        test that on every position they visit.
        """

    @hookspec(firstresult=True)
    def trapper_apply_action(self, state: GameState, action: Action) -> bool:
        """Carries out ``action``, which is legal, on ``state``; returns ``True``.

        A plugin returns ``None`` for actions it does not know, so that the
        variant underneath carries them out. After it, ``Game`` asks
        ``trapper_is_over``.
        """

    @hookspec(firstresult=True)
    def trapper_explain_illegal(self, state: GameState, action: Action) -> IllegalActionError:
        """Returns the error explaining why ``action`` is not legal in ``state``.

        Called only for an action that ``trapper_legal_actions`` does not
        list. The message begins with the id of the rule broken
        (``"R13: e6 is blocked by water on its south edge"``).
        """

    @hookspec(firstresult=True)
    def trapper_action_text(self, state: GameState, action: Action) -> str:
        """Returns the text of ``action``, legal in ``state`` (``Ge6``, ``pass``).

        The text must be what ``trapper_parse_action`` reads back as the
        same action in the same state.
        """

    @hookspec(firstresult=True)
    def trapper_parse_action(self, state: GameState, text: str) -> Action:
        """Returns the action written as ``text`` (already stripped), or ``None``
        when the text is not of this plugin's syntax.

        Raises :class:`~trapper_core.ActionSyntaxError` for text of its
        syntax that is malformed. Legality is checked afterwards by ``Game``.
        """

    # ------------------------------------------------------------------
    # Scoring
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

        Called after every action and once at the start of the game.
        """

    @hookspec(firstresult=True)
    def trapper_final_valuation(self, state: GameState) -> tuple[Valuation, ...]:
        """Returns every player's end valuation (R32–R34), in seat order.

        Called once, when the game ends.
        """

    # ------------------------------------------------------------------
    # Bots
    # ------------------------------------------------------------------

    @hookspec(firstresult=True)
    def trapper_action_worth(self, view: PlayerView, action: Action, bot: GreedyBot) -> float:
        """Returns what ``action`` is worth to the player of ``view``, as
        :class:`~trapper_core.GreedyBot` ``bot`` judges it (higher is better),
        or ``None`` for actions of other plugins.

        Called by the greedy bot for every legal action of its view; the bot
        plays the action worth most. Only public facts and the viewer's own
        hand may go into the estimate: the view is all the hook gets.
        """
