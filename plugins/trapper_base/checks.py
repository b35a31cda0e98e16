"""What must hold in every position of the base game (``trapper_invariants``).

Each check is named, so that a variant that changes a rule replaces (or
drops, with ``None``) the check of that name:

- ``displays``: open rows hold only what fits them and are not full (R16,
  R18), and no separate tile fits an open row (the forced placement, R16);
- ``payouts``: every valued canoe is full and paid what the variant pays for
  it (R19);
- ``money``: each player's money is the sum of their payouts (R19: the base
  game pays for nothing else);
- ``retired``: a retired player holds no cards (R30);
- ``revealed``: every tile next to a trapper lies face up (R7);
- ``tokens``: the bonus tokens a player holds were earned: a canoe token
  by a payout at or above its number, and every payout of 16 or more took
  one while one at or below it was in the supply (R20); a species token by
  as many returned canoes of different species (R21, D7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from trapper_core import (
    COLOURS,
    NEIGHBOURS,
    SQUARES,
    Display,
    GameState,
    Kind,
    TokenKind,
    hookimpl,
)

__all__ = [
    "display_problems",
    "money_problems",
    "payout_problems",
    "problems_of_display",
    "retired_problems",
    "revealed_problems",
    "token_problems",
]


def display_problems(state: GameState) -> Iterator[str]:
    """R16, R18: rows within capacity, forced placements made."""
    for player, display in enumerate(state.displays):
        yield from problems_of_display(player, display)


def problems_of_display(player: int, display: Display) -> Iterator[str]:
    """R16, R18: what is wrong with ``player``'s ``display``."""
    species_open = set()
    herb_room = mushroom_room = False
    for row in display.open:
        if row.canoe.kind is not Kind.CANOE or len(row.animals) >= row.capacity:
            yield f"R18: player {player}'s open row {row} is full or no canoe"
        if any(t.kind is not Kind.ANIMAL or t.species is not row.species for t in row.animals):
            yield f"R16: player {player}'s row {row} holds a wrong animal"
        if (row.herb and row.herb.kind is not Kind.HERB) or (
            row.mushroom and row.mushroom.kind is not Kind.MUSHROOM
        ):
            yield f"R18: player {player}'s row {row} is badly made"
        species_open.add(row.species)
        herb_room |= row.herb is None
        mushroom_room |= row.mushroom is None
    for tile in display.separate:
        if tile.kind is Kind.CANOE:  # a canoe opens a row of its own, empty or gathering
            yield (
                f"R16: player {player}'s {tile.name} lies separate, but a canoe is never "
                "separate: it opens a row (an empty one counts as a separate tile at the end)"
            )
        elif (
            (tile.kind is Kind.ANIMAL and tile.species in species_open)
            or (tile.kind is Kind.HERB and herb_room)
            or (tile.kind is Kind.MUSHROOM and mushroom_room)
        ):
            yield f"R16: player {player}'s separate {tile.name} fits an open canoe"


def payout_problems(state: GameState) -> Iterator[str]:
    """R19: full valued canoes, paid as the variant pays: those in the
    displays and those returned to the box."""
    valued_canoes = [
        (player, valued, "")
        for player, display in enumerate(state.displays)
        for valued in display.valued
    ]
    valued_canoes += [(player, valued, "returned ") for player, valued in state.returned]
    for player, valued, returned in valued_canoes:
        if not valued.row.is_full:
            yield f"R19: player {player} has a {returned}valued canoe that is not full"
        paid = state.rules.canoe_payout(valued.row)
        if valued.payout != paid:
            yield (
                f"R19: player {player}'s {returned}canoe {valued.row} paid {valued.payout}, "
                f"not {paid}"
            )


def revealed_problems(state: GameState) -> Iterator[str]:
    """R7: every tile orthogonally next to a trapper lies face up (a position
    with one face down would show its holder's views a step that depends on
    the tile's hidden water)."""
    board, face_up = state.board, state.face_up
    for colour, square in enumerate(state.trappers):
        for near, _ in NEIGHBOURS[square]:
            if board[near] is not None and not face_up >> near & 1:
                yield (
                    f"R7: the tile on {SQUARES[near]}, next to the {COLOURS[colour].name.lower()} "
                    "trapper, lies face down"
                )


def money_problems(state: GameState) -> Iterator[str]:
    """R19: each player's money is what their canoes paid, returned ones too."""
    for player, display in enumerate(state.displays):
        paid = sum(v.payout for v in display.valued)
        paid += sum(v.payout for p, v in state.returned if p == player)
        if display.money != paid:
            yield f"R19: player {player} has {display.money} but was paid {paid}"


def retired_problems(state: GameState) -> Iterator[str]:
    """R30: the cards of a retired player left the game."""
    for player, retired in enumerate(state.retired):
        if retired and any(state.hands[player]):
            yield f"R30: retired player {player} still holds cards"


def token_problems(state: GameState) -> Iterator[str]:
    """R20, R21 (D7): each player's bonus tokens against their payouts and
    returned canoes: canoe tokens as the variant's ``trapper_canoe_token``
    awards them (in the base game's shape: a token at or below the payout),
    species tokens in the base game's shape (a token at or below the count
    of species returned). What the order of the
    turns decided, which of two players took a token first, is not asked:
    a position does not say it."""
    for player, display in enumerate(state.displays):
        yield from _canoe_token_problems(state, player, display)
        yield from _species_token_problems(state, player, display)


def _canoe_token_problems(state: GameState, player: int, display: Display) -> Iterator[str]:
    """R20: a payout takes at most one canoe token, and takes one if one it
    earns is in the supply: as the supply only shrinks, that token was there
    when the canoe was paid."""
    rules = state.rules
    every = rules.token_supply().canoe
    supply = state.supply.canoe
    payouts = [v.payout for v in display.valued]
    payouts += [v.payout for p, v in state.returned if p == player]
    earning = sorted((p for p in payouts if rules.canoe_token(p, every)), reverse=True)
    held = sorted((t.number for t in display.tokens if t.kind is TokenKind.CANOE), reverse=True)
    if len(held) > len(earning):
        yield (
            f"R20: player {player} holds {_count(len(held), 'canoe token')}, but "
            f"{_count(len(earning), 'payout')} of theirs earn one"
        )
    else:
        # A payout took the token it earned from the supply of its time,
        # which held the token and every token still in the supply now.
        # Pairing the highest payouts with the highest tokens is the best
        # pairing there is: a token pairs with the payouts from it up to the
        # next token in the supply, and those ranges rise with the token.
        for token, payout in zip(held, earning, strict=False):
            if rules.canoe_token(payout, tuple(sorted((*supply, token)))) != token:
                yield (
                    f"R20: player {player} holds canoe token {token}, which no payout of "
                    f"theirs took (the payouts that earn a token: "
                    f"{', '.join(map(str, earning))}; still in the supply: "
                    f"{', '.join(map(str, supply)) or 'none'})"
                )
                break
    missed = [p for p in earning if rules.canoe_token(p, supply)]
    if len(missed) > len(held):
        yield (
            f"R20: player {player} was paid {', '.join(map(str, missed))} but holds "
            f"{_count(len(held), 'canoe token')}, while the supply still has "
            f"{rules.canoe_token(missed[-1], supply)}, which {missed[-1]} earns"
        )


def _species_token_problems(state: GameState, player: int, display: Display) -> Iterator[str]:
    """R21, D7: an exchange returns k valued canoes of k different species
    and takes one species token, at or below k."""
    held = [t.number for t in display.tokens if t.kind is TokenKind.SPECIES]
    returned = [v.row.species for p, v in state.returned if p == player]
    if sum(held) > len(returned):
        yield (
            f"R21: player {player} holds species tokens {', '.join(map(str, sorted(held)))}, "
            f"which need {sum(held)} returned canoes at least, but has returned {len(returned)}"
        )
    for species in sorted(set(returned), key=returned.index):
        times = returned.count(species)
        if times > len(held):
            yield (
                f"R21: player {player} has returned {times} {species} canoes in "
                f"{_count(len(held), 'exchange')}, and an exchange returns canoes of different "
                "species"
            )
            break


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


@hookimpl
def trapper_invariants() -> Mapping[str, Callable[[GameState], Iterator[str]]]:
    return {
        "displays": display_problems,
        "payouts": payout_problems,
        "money": money_problems,
        "retired": retired_problems,
        "revealed": revealed_problems,
        "tokens": token_problems,
    }
