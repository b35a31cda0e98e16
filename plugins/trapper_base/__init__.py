"""The base game of Trapper (R1–R35), as a trapper_core plugin and a library.

Registered through the ``trapper_core.plugins`` entry point like any
third-party variant. Its modules have one job each: ``actions`` (the actions
of a turn and the placements they name), ``components`` (board, tiles, cards,
tokens, the deal), ``mechanics`` (what actions do to the state, and the turn
order), ``movement`` (where a trapper may go), ``placement`` (where a taken
tile goes), ``turn`` (the kinds of action of a turn), ``text`` (how actions
are written, and said in words), ``scoring`` (payouts, tokens, the end, the
winners), ``checks`` (what every position satisfies), ``strategy`` (what
the greedy bot makes of an action) and ``sampling`` (how worlds a player
cannot see are drawn).

Variants that build on the base game import what they need from this
package's top level: every name in ``__all__`` is public and documented;
the modules' other names are not.
"""

from __future__ import annotations

from trapper_core import VariantSpec, hookimpl

from . import (
    checks,
    components,
    mechanics,
    movement,
    placement,
    sampling,
    scoring,
    strategy,
    turn,
)
from .actions import (
    END_TURN,
    PASS,
    RETIRE,
    EndTurn,
    Exchange,
    Gather,
    IntoCanoe,
    Pass,
    Placement,
    Retire,
    Step,
)
from .checks import (
    display_problems,
    money_problems,
    payout_problems,
    problems_of_display,
    retired_problems,
    revealed_problems,
    token_problems,
)
from .components import (
    ANIMAL_VALUES,
    BOARD,
    CANOE_TOKENS,
    CARDS_PER_COLOUR,
    DEFAULT_TRAPPERS,
    HAND_SIZE,
    SPECIES_TOKENS,
    deal,
    standard_faces,
    standard_tile_set,
)
from .mechanics import (
    advance,
    canoe_payout,
    canoe_token,
    credit,
    draw,
    exchange,
    next_seat,
    pay,
    place_tile,
    retire,
    reveal_around,
    take,
    value_canoe,
)
from .movement import targets_kept
from .placement import place, placement_choices
from .sampling import trapper_sampler
from .scoring import (
    BONUS_RANKING,
    CANOE_BONUS,
    CANOE_TOKEN_THRESHOLD,
    OPEN_CANOES,
    SEPARATE,
    SPECIES_BONUS,
    displays_ranking_money,
    highest_at_most,
    ranking_money,
)
from .strategy import (
    CANOE_TOKEN_BONUS,
    DENIAL,
    can_draw,
    canoes_left,
    denial_worth,
    exchange_worth,
    pass_worth,
    position_worth,
    potential,
    retire_worth,
    take_worth,
)
from .text import (
    EXCHANGE,
    PLACEMENT,
    STEP,
    cards_words,
    listed,
    number_words,
    parse_payment,
    parse_placement,
    placement_text,
    placement_words,
)
from .turn import (
    DRAW,
    EndTurnKind,
    ExchangeKind,
    PassKind,
    RetireKind,
    StepKind,
    Turn,
    exchange_options,
    pay_masks,
    placement_problem,
    squares,
    take_problem,
    turn_of,
)

__all__ = [
    "ANIMAL_VALUES",
    "BOARD",
    "BONUS_RANKING",
    "CANOE_BONUS",
    "CANOE_TOKENS",
    "CANOE_TOKEN_BONUS",
    "CANOE_TOKEN_THRESHOLD",
    "CARDS_PER_COLOUR",
    "DEFAULT_TRAPPERS",
    "DENIAL",
    "DRAW",
    "END_TURN",
    "EXCHANGE",
    "HAND_SIZE",
    "OPEN_CANOES",
    "PASS",
    "PLACEMENT",
    "PLUGINS",
    "RETIRE",
    "SEPARATE",
    "SPECIES_BONUS",
    "SPECIES_TOKENS",
    "STEP",
    "EndTurn",
    "EndTurnKind",
    "Exchange",
    "ExchangeKind",
    "Gather",
    "IntoCanoe",
    "Pass",
    "PassKind",
    "Placement",
    "Retire",
    "RetireKind",
    "Step",
    "StepKind",
    "Turn",
    "advance",
    "can_draw",
    "canoe_payout",
    "canoe_token",
    "canoes_left",
    "cards_words",
    "credit",
    "deal",
    "denial_worth",
    "display_problems",
    "displays_ranking_money",
    "draw",
    "exchange",
    "exchange_options",
    "exchange_worth",
    "highest_at_most",
    "listed",
    "money_problems",
    "next_seat",
    "number_words",
    "parse_payment",
    "parse_placement",
    "pass_worth",
    "pay",
    "pay_masks",
    "payout_problems",
    "place",
    "place_tile",
    "placement_choices",
    "placement_problem",
    "placement_text",
    "placement_words",
    "position_worth",
    "potential",
    "problems_of_display",
    "ranking_money",
    "retire",
    "retire_worth",
    "retired_problems",
    "reveal_around",
    "revealed_problems",
    "squares",
    "standard_faces",
    "standard_tile_set",
    "take",
    "take_problem",
    "take_worth",
    "targets_kept",
    "token_problems",
    "trapper_sampler",
    "trapper_variants",
    "turn_of",
    "value_canoe",
]

PLUGINS = (
    components,
    mechanics,
    movement,
    placement,
    turn,
    scoring,
    checks,
    strategy,
    sampling,
)
"""The rule plugins of the base game, bottom of the stack first."""


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    """The base game, registered as any variant is: through the
    ``trapper_core.plugins`` entry point, which names this module."""
    return [
        VariantSpec(
            name="base",
            plugins=PLUGINS,
            title="Trapper",
            description="The game as the rulebook describes it (R1–R35).",
            aliases=("standard",),
        )
    ]
