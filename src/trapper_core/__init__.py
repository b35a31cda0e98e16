"""trapper_core: the reference rules engine for the board game Trapper.

>>> import trapper_core as tc
>>> game = tc.new_game("base", players=3, seed=1)
>>> game.apply(game.parse_action("pass"))
>>> game.to_move
1
"""

from __future__ import annotations

from .actions import END_TURN, PASS, RETIRE, Action, EndTurn, Exchange, Pass, Retire, Step
from .bots import BOTS, Bot, GreedyBot, RandomBot, make_bot, play
from .display import (
    Display,
    Gather,
    IntoCanoe,
    Placement,
    Row,
    ValuedCanoe,
    place,
    placement_choices,
)
from .errors import (
    ActionSyntaxError,
    AmbiguousActionError,
    GameFormatError,
    IllegalActionError,
    PluginError,
    SetupError,
    TrapperError,
    UndoError,
    UnknownVariantError,
)
from .game import Game, new_game
from .hookspecs import hookimpl, hookspec
from .invariants import InvariantError
from .model import (
    COLOURS,
    DIRECTIONS,
    FACE_DOWN,
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
from .plugins import ENTRY_POINT_GROUP, Registry, Rules, VariantSpec, available_variants
from .setups import DEFAULT_TRAPPERS, Setup
from .state import NEIGHBOURS, GameState, TokenSupply, Valuation
from .tiles import TileSet, standard_tile_set
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "BOTS",
    "COLOURS",
    "DEFAULT_TRAPPERS",
    "DIRECTIONS",
    "END_TURN",
    "ENTRY_POINT_GROUP",
    "FACE_DOWN",
    "NEIGHBOURS",
    "PASS",
    "RETIRE",
    "SPECIES",
    "SQUARES",
    "Action",
    "ActionSyntaxError",
    "AmbiguousActionError",
    "Bot",
    "Colour",
    "Direction",
    "Display",
    "EndTurn",
    "Exchange",
    "FaceDown",
    "Game",
    "GameFormatError",
    "GameState",
    "Gather",
    "GreedyBot",
    "Hand",
    "IllegalActionError",
    "IntoCanoe",
    "InvariantError",
    "Kind",
    "Pass",
    "Placement",
    "PlayerView",
    "PluginError",
    "RandomBot",
    "Registry",
    "Retire",
    "Row",
    "Rules",
    "Setup",
    "SetupError",
    "Species",
    "Square",
    "Step",
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
    "__version__",
    "available_variants",
    "hookimpl",
    "hookspec",
    "make_bot",
    "new_game",
    "place",
    "placement_choices",
    "play",
    "standard_tile_set",
]
