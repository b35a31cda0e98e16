"""trapper_core: the reference rules engine for the board game Trapper.

The core knows tiles, cards, boards, displays, turns and scores as values, and
a game as their history; every rule comes from the variant's plugins (the base
game is the ``trapper_base`` plugin).

Examples:
    >>> import trapper_core as tc
    >>> game = tc.new_game("base", players=3, seed=1)
    >>> game.apply(game.parse_action("pass"))
    >>> game.to_move
    1
"""

from __future__ import annotations

from .actions import Action, exactly
from .board import Board
from .bots import BOTS, Bot, GreedyBot, ISMCTSBot, RandomBot, make_bot, play
from .display import Display, Row, ValuedCanoe
from .errors import (
    ActionFieldError,
    ActionSyntaxError,
    AmbiguousActionError,
    GameFormatError,
    IllegalActionError,
    PluginError,
    PluginWarning,
    SetupError,
    TrapperError,
    UndoError,
    UnknownVariantError,
    shown,
)
from .game import Game, new_game
from .hookspecs import hookimpl, hookspec
from .interning import interned
from .invariants import InvariantError
from .kinds import ACTION_TEXT, ActionKind, Withdraw
from .model import (
    COLOURS,
    DIRECTIONS,
    FACE_DOWN,
    MAX_COUNT,
    NEIGHBOURS,
    SPECIES,
    SQUARES,
    Colour,
    Direction,
    FaceDown,
    Hand,
    Kind,
    Species,
    Square,
    Tile,
    Token,
    TokenKind,
)
from .plugins import (
    ENTRY_POINT_GROUP,
    MAX_PLAYERS,
    Registry,
    Rules,
    VariantSpec,
    available_variants,
)
from .positions import MAX_SHUFFLES, game_at
from .sampling import Sampler, SamplingError, World
from .setups import Setup
from .simulation import simulate
from .state import GameState, TokenSupply, Valuation
from .tiles import TileSet
from .view import History, PlayerView

__version__ = "0.3.0"

__all__ = [
    "ACTION_TEXT",
    "BOTS",
    "COLOURS",
    "DIRECTIONS",
    "ENTRY_POINT_GROUP",
    "FACE_DOWN",
    "MAX_COUNT",
    "MAX_PLAYERS",
    "MAX_SHUFFLES",
    "NEIGHBOURS",
    "SPECIES",
    "SQUARES",
    "Action",
    "ActionFieldError",
    "ActionKind",
    "ActionSyntaxError",
    "AmbiguousActionError",
    "Board",
    "Bot",
    "Colour",
    "Direction",
    "Display",
    "FaceDown",
    "Game",
    "GameFormatError",
    "GameState",
    "GreedyBot",
    "Hand",
    "History",
    "ISMCTSBot",
    "IllegalActionError",
    "InvariantError",
    "Kind",
    "PlayerView",
    "PluginError",
    "PluginWarning",
    "RandomBot",
    "Registry",
    "Row",
    "Rules",
    "Sampler",
    "SamplingError",
    "Setup",
    "SetupError",
    "Species",
    "Square",
    "Tile",
    "TileSet",
    "Token",
    "TokenKind",
    "TokenSupply",
    "TrapperError",
    "UndoError",
    "UnknownVariantError",
    "Valuation",
    "ValuedCanoe",
    "VariantSpec",
    "Withdraw",
    "World",
    "__version__",
    "available_variants",
    "exactly",
    "game_at",
    "hookimpl",
    "hookspec",
    "interned",
    "make_bot",
    "new_game",
    "play",
    "shown",
    "simulate",
]
