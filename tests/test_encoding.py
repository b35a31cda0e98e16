"""Issue 12: the spelled action space and the view tensor the AI adapters share."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import attrs
import pytest

import trapper_core as tc
from trapper_core.encoding import (
    ALPHABET,
    DONE,
    NUM_ACTIONS,
    SPELLED_RUNS,
    Speller,
    action_id,
    encode_view,
    id_text,
    returns,
    spelled_features,
    view_size,
    zero_sum_shares,
)


def random_positions(variant: str, players: int, seed: int, count: int) -> list[tc.Game]:
    """Positions of a random game that avoids retiring (so it goes on)."""
    rng = random.Random(seed)
    game = tc.new_game(variant, players, seed=seed)
    positions: list[tc.Game] = []
    while not game.is_over and len(positions) < count:
        positions.append(game.copy())
        legal = [a for a in game.legal_actions() if game.action_text(a) != "retire"]
        game.apply(rng.choice(legal or list(game.legal_actions())))
    return positions


def spelled_actions(game: tc.Game) -> list[tc.Action]:
    """Every action reachable by choosing ids, depth first."""
    found = []

    def walk(speller: Speller) -> None:
        for choice in speller.legal_ids():
            branch = Speller.of(speller.texts, speller.prefix)
            action = branch.choose(choice)
            if action is None:
                walk(branch)
            else:
                found.append(action)

    walk(Speller(game))
    return found


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue12_every_legal_action_is_spelled_exactly_once(variant: str) -> None:
    seen_placement = seen_payment = False
    for game in random_positions(variant, 3, seed=12, count=120):
        actions = spelled_actions(game)
        assert len(actions) == len(set(actions))
        assert set(actions) == set(game.legal_actions())
        texts = [game.action_text(a) for a in actions]
        seen_placement |= any(">" in t or "<" in t for t in texts)
        seen_payment |= any("/" in t for t in texts)
    assert seen_payment  # payments other than the trapper's colour (R13, R43) are spelled
    if variant != "tactical":
        assert seen_placement  # and so are the D6 placement choices, where they arose


def test_issue12_D6_placement_choices_have_their_own_ids() -> None:
    # Found by search: a position where a step has several placements (D6).
    for seed in range(40):
        for game in random_positions("base", 2, seed=seed, count=200):
            texts = {game.action_text(a): a for a in game.legal_actions()}
            placed = [t for t in texts if ">" in t or "<" in t]
            if not placed:
                continue
            speller = Speller(game)
            for text in placed:
                probe = Speller.of(speller.texts, "")
                assert probe.spell(texts[text]) == Speller(game).spell(texts[text])
                ids = probe.spell(texts[text])
                chosen = None
                for choice in ids:
                    chosen = probe.choose(choice)
                assert chosen == texts[text]
            return
    pytest.fail("no position with a placement choice in 40 random games")


def test_issue12_forced_characters_are_filled_in() -> None:
    game = tc.new_game("base", players=2, seed=1)
    speller = Speller(game)
    assert speller.choose(action_id("p")) == game.parse_action("pass")  # "ass" is forced
    speller = Speller(game)
    assert speller.choose(action_id("r")) == game.parse_action("retire")


def test_issue12_DONE_ends_a_text_that_a_longer_one_continues() -> None:
    for game in random_positions("base", 2, seed=3, count=200):
        texts = {game.action_text(a) for a in game.legal_actions()}
        short = next((t for t in texts if any(u != t and u.startswith(t) for u in texts)), None)
        if short is None:
            continue
        speller = Speller(game)
        ids = speller.spell(game.parse_action(short))
        assert ids[-1] == DONE
        for choice in ids[:-1]:
            assert speller.choose(choice) is None
        assert DONE in speller.legal_ids()
        assert speller.choose(DONE) == game.parse_action(short)
        return
    pytest.fail("no text was continued by a longer one")


def test_issue12_an_illegal_id_is_refused_and_changes_nothing() -> None:
    game = tc.new_game("base", players=2, seed=1)
    speller = Speller(game)
    speller.choose(action_id("G"))
    prefix, legal = speller.prefix, speller.legal_ids()
    with pytest.raises(tc.IllegalActionError, match="does not continue a legal action"):
        speller.choose(action_id("x"))
    with pytest.raises(tc.IllegalActionError):
        speller.choose(NUM_ACTIONS + 5)
    assert (speller.prefix, speller.legal_ids()) == (prefix, legal)


def test_issue12_ids_and_characters() -> None:
    assert NUM_ACTIONS == len(ALPHABET) + 1 == 69
    assert [id_text(action_id(c)) for c in ALPHABET] == list(ALPHABET)
    assert id_text(DONE) == "DONE"
    with pytest.raises(ValueError, match="not a character"):
        action_id(" ")
    with pytest.raises(ValueError, match="whole number"):
        id_text(NUM_ACTIONS)
    assert tc.ACTION_TEXT.fullmatch(ALPHABET)  # the alphabet is every character a text may hold


def hidden_twin(game: tc.Game) -> tc.Game:
    """The same game, its setup changed only where nobody has looked: two
    face-down tiles swapped, and two cards of the draw pile."""
    setup = game.setup
    down = [
        i for i, t in enumerate(game.board) if t is not None and not game.is_face_up(tc.SQUARES[i])
    ]
    a, b = next((i, j) for i in down for j in down if setup.board[i] != setup.board[j])
    board = list(setup.board)
    board[a], board[b] = board[b], board[a]
    deck = list(setup.deck)
    assert not game.state.shuffled  # the pile is still the deck's tail
    pile_start = len(deck) - len(game.state.pile) + game.state.drawn
    c = next(i for i in range(pile_start + 1, len(deck)) if deck[i] != deck[pile_start])
    deck[pile_start], deck[c] = deck[c], deck[pile_start]
    twin = tc.new_game(
        game.variant,
        game.players,
        seed=game.seed,
        setup=attrs.evolve(setup, board=board, deck=deck),
    )
    for action in game.history:
        twin.apply(action)
    return twin


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue12_the_view_tensor_hides_what_the_view_hides(variant: str) -> None:
    game = tc.new_game(variant, players=3, seed=5)
    twin = hidden_twin(game)
    assert twin.board != game.board
    for seat in range(3):
        assert encode_view(twin.view(seat)) == encode_view(game.view(seat))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue12_the_view_tensor_has_one_size_per_player_count(players: int) -> None:
    sizes = {
        len(encode_view(g.view(g.to_move or 0), "Ge"))
        for variant in ("base", "children", "tactical")
        for g in random_positions(variant, players, seed=players, count=30)
    }
    assert sizes == {view_size(players)}


def test_issue12_the_view_tensor_tells_positions_apart() -> None:
    positions = random_positions("base", 2, seed=8, count=20)
    encoded = {tuple(encode_view(g.view(0))) for g in positions}
    assert len(encoded) == len(positions)  # every action changes something the viewer sees
    assert encode_view(positions[0].view(0), "G") != encode_view(positions[0].view(0))


def test_issue12_returns_share_the_win_and_sum_to_zero() -> None:
    game = tc.play(tc.new_game("base", 4, seed=2), [tc.GreedyBot(s) for s in range(4)])
    rewards = returns(game)
    assert sum(rewards) == pytest.approx(0)
    for seat, reward in enumerate(rewards):
        expected = 1 / len(game.winners()) - 1 / 4 if seat in game.winners() else -1 / 4
        assert reward == pytest.approx(expected)
    assert returns(tc.new_game("base", 3, seed=2)) == [0.0, 0.0, 0.0]


def test_returns_add_up_to_exactly_zero_for_every_outcome() -> None:
    # OpenSpiel's API test asks sum(returns) == 0.0 exactly of a zero-sum
    # game: 2/3 - 1/3 - 1/3 written as differences of rounded floats gave
    # 1.1e-16 with 3 players, and the nearest floats do not add up to 0.0
    # under the compensated sum() of Python 3.12 on (3 winners of 4). Added
    # in any order, naively or exactly, the rewards make 0.0, within the
    # bounds the OpenSpiel game declares (its random_sim_test checks them).
    for players in range(1, tc.MAX_PLAYERS + 1):
        low, high = -1 / players, 1 - 1 / players
        rng = random.Random(players)
        for count in range(1, players + 1):
            outcomes = (
                list(itertools.combinations(range(players), count))
                if players <= 8
                else [tuple(sorted(rng.sample(range(players), count))) for _ in range(4)]
            )
            for winners in outcomes:
                values = zero_sum_shares(players, winners)
                assert math.fsum(values) == 0.0, (players, winners)
                for order in (values, values[::-1], sorted(values)):
                    total = 0.0
                    for value in order:
                        total += value
                    assert total == 0.0, (players, winners)
                for seat, value in enumerate(values):
                    exact = Fraction(int(seat in winners), count) - Fraction(1, players)
                    assert low <= value <= high
                    assert abs(value - float(exact)) < 1e-10
                    if players in (1, 2, 4) and exact.denominator in (1, 2, 4):
                        assert value == float(exact)  # 0.75 and -0.25 as they are


@pytest.mark.parametrize("bad", [2.0, False, True, "1", None])
def test_speller_refuses_an_id_that_is_no_whole_number_and_changes_nothing(bad: object) -> None:
    """``False`` equals id 0 and ``2.0`` id 2: neither is an id."""
    speller = Speller(tc.new_game("base", 2, seed=1))
    with pytest.raises(tc.IllegalActionError, match="an action id is a whole number, not"):
        speller.choose(bad)  # type: ignore[arg-type]
    assert speller.prefix == ""


def test_issue12_the_seats_features_run_from_the_viewer_on_in_turn_order() -> None:
    """docs/ai-adapters.md: the seats' part is "from the viewer on, in turn
    order", each seat's block opening with present, to move, retired."""
    from trapper_core import encoding

    game = tc.new_game("base", 3, seed=1)
    game.apply_text("retire")  # A retires; B is to move
    seats = 64 * encoding._SQUARE + 4 * 64 + 4  # after the squares, targets and hand
    for viewer in range(3):
        out = encode_view(game.view(viewer))
        blocks = [
            out[seats + encoding._SEAT * k : seats + encoding._SEAT * (k + 1)] for k in range(3)
        ]
        order = [(viewer + k) % 3 for k in range(3)]
        assert [block[0] for block in blocks] == [1.0, 1.0, 1.0]
        assert [block[1] for block in blocks] == [float(seat == 1) for seat in order]
        assert [block[2] for block in blocks] == [float(seat == 0) for seat in order]


def test_review_s57_the_spelled_part_tells_apart_two_decisions_of_a_long_take() -> None:
    """The view vector held the first 32 characters spelled: a tactical take
    paying a high bid (45 characters before its canoe's second animal) gave
    the decision of its first animal and of its second the same numbers,
    though their legal ids differ. It holds runs of one character now."""
    game = tc.new_game("tactical", 2, seed=0)
    view = game.view(0)
    first = "Bb7/BBBBBBBBBBBBBEEEEEEEEGGGGGGGGGGGGPPPPPP<K"
    assert len(first) == 45
    assert encode_view(view, first) != encode_view(view, first + "2+K")
    # a run is its character and its length
    spelled = spelled_features("BBBBb")
    block = NUM_ACTIONS + 1
    assert spelled[action_id("B")] == 1.0
    assert spelled[NUM_ACTIONS] == 4 / 200
    assert spelled[block + action_id("b")] == 1.0
    assert spelled[block + NUM_ACTIONS] == 1 / 200
    assert spelled[2 * block :] == [0.0] * (len(spelled) - 2 * block)
    # every text the built-in variants list fits
    runs = 0
    for variant, seed in itertools.product(("base", "children", "tactical"), range(4)):
        played = tc.new_game(variant, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not played.is_over:
            legal = played.legal_actions()
            for action in legal:
                runs = max(runs, len(list(itertools.groupby(played.action_text(action)))))
            played.apply(rng.choice(legal))
    assert 12 < runs <= SPELLED_RUNS
