"""Rounds: a Trapper house variant with a fixed length and a tie-break.

This is a house variant, not a rule of the published game. It changes the
end of the game and its winner with two house rules:

- **N1 The round limit.** The game lasts at most :data:`ROUNDS` rounds
  (8 unless the variant is built with another number). A round is one turn
  of every player, so the game ends once ``ROUNDS × players`` turns have
  been played: as play passes on after the last of them, instead of the
  next turn beginning. (``GameState.turns`` counts the turns begun, the
  first being 1, so the game is over once it exceeds ``ROUNDS × players``.)
  A retired player's turns are skipped, not counted, so the players still
  in the game play on until that many turns have been played in all. The
  game also ends as the base game's does (R31, D8), whichever comes first;
  the end valuation (R32–R34) is the base game's.
- **N2 The tie-break.** Most money wins (R35); among the players tied for
  it, those holding the most bonus tokens (of both kinds, counted, not
  summed) win; players still tied share the win.
"""

from __future__ import annotations

from trapper_core import GameState, VariantSpec, hookimpl

__all__ = ["ROUNDS", "RoundsRules", "trapper_variants"]

ROUNDS = 8
"""N1: how many rounds the game lasts at most."""


class RoundsRules:
    """What the rounds variant changes in the base game: the end and the winners.

    ``rounds`` is the round limit (N1); the registered variant uses
    :data:`ROUNDS`.
    """

    def __init__(self, rounds: int = ROUNDS) -> None:
        self.rounds = rounds

    @hookimpl
    def trapper_is_over(self, state: GameState) -> bool | None:
        if state.turns > self.rounds * state.players:
            return True  # N1: the last round has been played
        return None  # the base game decides (R31, D8)

    @hookimpl
    def trapper_winners(self, state: GameState, scores: tuple[int, ...]) -> tuple[int, ...]:
        # R35 and N2: most money, then most bonus tokens; tied players share the win.
        ranks = [(score, len(d.tokens)) for score, d in zip(scores, state.displays, strict=True)]
        best = max(ranks)
        return tuple(seat for seat, rank in enumerate(ranks) if rank == best)


@hookimpl
def trapper_variants() -> list[VariantSpec]:
    return [
        VariantSpec(
            name="rounds",
            plugins=(RoundsRules(),),
            extends="base",
            title="Rounds (house variant)",
            description=f"At most {ROUNDS} rounds (N1); ties go to the most bonus tokens (N2).",
        )
    ]
