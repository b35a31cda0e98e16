"""Payouts, bonus tokens, the end of the game and its winners (R19–R21, R31–R35, D8)."""

from __future__ import annotations

from collections.abc import Sequence

from trapper_core import COLOURS, Display, GameState, Row, TokenKind, Valuation, hookimpl

from . import movement  # not its hook by name: pluggy would register it here too

BONUS_RANKING = (12, 8, 5, 3, 2)
"""R34: what the holders of the highest tokens of a kind receive."""

CANOE_TOKEN_THRESHOLD = 16
"""R20: the smallest payout that earns a canoe token."""

OPEN_CANOES = "open canoes"
"""R32: the name of the valuation part for open canoes' plain sums."""
SEPARATE = "separate"
"""R33: the name of the valuation part for separate tiles (negative)."""
CANOE_BONUS = "canoe bonus"
"""R34: the name of the valuation part for most-valuable-canoe tokens."""
SPECIES_BONUS = "species bonus"
"""R34: the name of the valuation part for most-animal-species tokens."""

__all__ = [
    "BONUS_RANKING",
    "CANOE_BONUS",
    "CANOE_TOKEN_THRESHOLD",
    "OPEN_CANOES",
    "SEPARATE",
    "SPECIES_BONUS",
    "displays_ranking_money",
    "highest_at_most",
    "ranking_money",
]


@hookimpl
def trapper_canoe_payout(row: Row) -> int:
    # R19: the values at the canoe, doubled; the canoe itself counts nothing.
    return 2 * row.plain_value


def highest_at_most(limit: int, supply: tuple[int, ...]) -> int:
    """The highest number in ``supply`` at or below ``limit``, or 0 (R20, R21)."""
    return max((n for n in supply if n <= limit), default=0)


@hookimpl
def trapper_canoe_token(payout: int, supply: tuple[int, ...]) -> int:
    if payout < CANOE_TOKEN_THRESHOLD:
        return 0
    # R20: the token of that number, else the next lower one still left.
    return highest_at_most(payout, supply)


@hookimpl
def trapper_species_token(count: int, supply: tuple[int, ...]) -> int:
    # R21, D7: the token numbered count, else the next lower one still left.
    return highest_at_most(count, supply)


@hookimpl
def trapper_is_over(state: GameState) -> bool:
    if state.to_move is None or state.tiles_left == 0:
        return True  # R31: everyone retired, or every tile taken
    # D8: no trapper can take a tile any more. With the base game's step
    # targets, that is when no tile is face up: an isolated trapper may take
    # any face-up tile (R14), and the tiles next to a trapper are face up
    # (R7). This runs after every action: the test of the mask spares
    # computing a trapper's targets after most steps (a tenth of a step's apply).
    if state.face_up and state.rules.step_targets is movement.trapper_step_targets:
        return False
    # Other step targets: a plain loop over the cached targets.
    targets = state.targets
    for colour in COLOURS:  # noqa: SIM110 - a generator for all() costs more than the work
        if targets[colour] or state.step_targets(colour):
            return False
    return True


def ranking_money(state: GameState, kind: TokenKind) -> list[int]:
    """R34: what each player receives for their tokens of ``kind``."""
    return displays_ranking_money(state.displays, kind)


def displays_ranking_money(displays: Sequence[Display], kind: TokenKind) -> list[int]:
    """R34: what the holder of each of ``displays`` receives for its tokens
    of ``kind`` (a view's displays are the players' as the table sees them)."""
    money = [0] * len(displays)
    held = sorted(
        (
            (token.number, player)
            for player, display in enumerate(displays)
            for token in display.tokens
            if token.kind is kind
        ),
        reverse=True,
    )
    for award, (_number, player) in zip(BONUS_RANKING, held, strict=False):
        money[player] += award
    return money


@hookimpl
def trapper_final_valuation(state: GameState) -> tuple[Valuation, ...]:
    canoe_bonus = ranking_money(state, TokenKind.CANOE)
    species_bonus = ranking_money(state, TokenKind.SPECIES)
    out = []
    for player, display in enumerate(state.displays):
        # R32: open canoes with a tile score their plain sum.
        open_canoes = sum(row.plain_value for row in display.open if not row.is_empty)
        # R33: separate tiles cost their value; an empty canoe counts as one.
        separate = sum(t.value for t in display.separate)
        separate += sum(row.canoe.value for row in display.open if row.is_empty)
        out.append(
            Valuation(
                (
                    (OPEN_CANOES, open_canoes),
                    (SEPARATE, -separate),
                    (CANOE_BONUS, canoe_bonus[player]),
                    (SPECIES_BONUS, species_bonus[player]),
                )
            )
        )
    return tuple(out)


@hookimpl
def trapper_winners(state: GameState, scores: tuple[int, ...]) -> tuple[int, ...]:
    # R35: most money wins; tied players share the win.
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)
