"""Issue 12: Trapper as an OpenSpiel game (the ``openspiel`` extra)."""

from __future__ import annotations

import io
import pickle
import random
import unittest
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import trapper_core as tc  # noqa: E402
from trapper_core.encoding import NUM_ACTIONS, action_id, view_size  # noqa: E402
from trapper_core.openspiel import (  # noqa: E402
    GAME_NAME,
    TrapperGame,
    TrapperState,
    state_from_game,
)

from .test_encoding import hidden_twin  # noqa: E402

CONFIGS = [(v, p) for v in ("base", "children", "tactical") for p in (2, 3, 4)]


def load(variant: str = "base", players: int = 2) -> TrapperGame:
    game = pyspiel.load_game(GAME_NAME, {"variant": variant, "players": players})
    assert isinstance(game, TrapperGame)
    return game


def chance_step(state: TrapperState, rng: random.Random) -> None:
    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(outcomes, weights)[0])


def play_on(
    state: TrapperState,
    rng: random.Random,
    *,
    until: Callable[[TrapperState], bool] | None = None,
) -> TrapperState:
    """Plays chance and random ids (never ``retire``) until the end or ``until(state)``."""
    while not state.is_terminal() and not (until and until(state)):
        if state.is_chance_node():
            chance_step(state, rng)
            continue
        legal = state.legal_actions()
        if state.prefix == "" and len(legal) > 1 and action_id("r") in legal:
            legal.remove(action_id("r"))
        state.apply_action(rng.choice(legal))
    return state


def same_game(ours: tc.Game | None, theirs: tc.Game) -> bool:
    """Same setup, history, chance outcomes and position (the seed aside:
    in OpenSpiel chance deals every shuffle, never the seed)."""
    assert ours is not None
    mine, other = ours.to_dict(), theirs.to_dict()
    del mine["seed"], other["seed"]
    return mine == other and ours.state.snapshot()[:-1] == theirs.state.snapshot()[:-1]


def test_issue12_every_variant_and_player_count_loads() -> None:
    for variant in tc.available_variants():
        spec = tc.plugins.default_registry().spec(variant)
        for players in range(spec.min_players, spec.max_players + 1):
            game = load(variant, players)
            assert game.num_players() == players
            assert game.num_distinct_actions() == NUM_ACTIONS
            assert game.observation_tensor_shape() == [view_size(players)]
            assert game.get_type().short_name == GAME_NAME


def test_issue12_bad_parameters_are_refused_by_name() -> None:
    with pytest.raises(tc.SetupError, match="no variant 'chess' is installed"):
        TrapperGame({"variant": "chess"})
    with pytest.raises(tc.SetupError, match="2 to 4 players, not 5"):
        TrapperGame({"variant": "base", "players": 5})
    with pytest.raises(Exception, match="no variant 'chess'"):
        pyspiel.load_game(GAME_NAME, {"variant": "chess"})


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_issue12_openspiel_random_sim_test(
    variant: str, players: int, request: pytest.FixtureRequest
) -> None:
    sims = 20 if request.config.trapper_slow else 1  # type: ignore[attr-defined]
    pyspiel.random_sim_test(load(variant, players), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_issue12_openspiel_random_sim_test_through_reshuffles(variant: str) -> None:
    # Random play retires early and seldom reaches a reshuffle: OpenSpiel's
    # checks start here from a position whose draw pile is empty.
    game = load(variant, 2)
    state = play_on(
        game.new_initial_state(),
        random.Random(17),
        until=lambda s: (
            s.trapper_game is not None
            and not s.is_chance_node()
            and s.prefix == ""
            and not s.trapper_game.state.draw_pile
        ),
    )
    assert not state.is_terminal()
    pyspiel.random_sim_test(
        game, num_sims=3, serialize=True, verbose=False, specific_initial_state=state
    )


def test_issue12_chance_deals_the_setup_with_the_engines_odds() -> None:
    game = load("base", 2)
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert len(first) == len(game.tiles) == 64
    assert sum(p for _o, p in first) == pytest.approx(1)
    rng = random.Random(4)
    tiles: list[int] = []
    cards: list[int] = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _o, p in outcomes) == pytest.approx(1)
        chance_step(state, rng)
        (tiles if len(tiles) < 64 else cards).append(state.history()[-1])
    engine = state.trapper_game
    assert engine is not None
    dealt = [game.tiles[i] for i in tiles]
    assert Counter(dealt) == Counter(tc.new_game("base", 2, seed=0).setup.tiles())
    assert [int(c) for c in engine.setup.deck] == cards
    # The tiles dealt onto the trappers' start squares went to the box.
    board = game.board
    for square, tile in zip(board.indices(), dealt, strict=True):
        in_box = square in {s.index for s in board.trappers}
        assert (tile in engine.setup.box) if in_box else engine.setup.board[square] == tile


def at_first_reshuffle(rng: random.Random) -> TrapperState:
    """A 2-player base state dealt by chance and played on to its first reshuffle."""
    state = load("base", 2).new_initial_state()
    while state.trapper_game is None:
        chance_step(state, rng)
    play_on(state, rng, until=lambda s: s.is_chance_node())
    assert state.is_chance_node(), "the game ended before any reshuffle"
    return state


def test_issue12_a_reshuffle_is_dealt_by_chance() -> None:
    rng = random.Random(6)
    state = at_first_reshuffle(rng)
    engine = state.trapper_game
    assert engine is not None
    discard = Counter(dict(enumerate(engine.state.discard)))
    total = sum(discard.values())
    assert state.chance_outcomes() == [(c, n / total) for c, n in sorted(discard.items()) if n]
    dealt = []
    while state.is_chance_node():
        chance_step(state, rng)
        dealt.append(state.history()[-1])
    after = state.trapper_game
    assert after is not None
    assert list(after.outcomes()[-1][0]) == dealt  # the engine shuffled exactly as chance dealt
    assert len(after.history) == len(engine.history) + 1


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue12_state_from_game_replays_an_engine_game(variant: str) -> None:
    engine = tc.new_game(variant, 3, seed=21)
    bots = [tc.GreedyBot(s) for s in range(3)]
    tc.play(engine, bots, max_actions=150)
    state = state_from_game(engine)
    assert same_game(state.trapper_game, engine)
    again = state_from_game(engine, load(variant, 3))
    assert again.history() == state.history()


def test_issue12_state_from_game_refuses_another_variant() -> None:
    with pytest.raises(tc.SetupError, match="no state of children"):
        state_from_game(tc.new_game("base", 2, seed=1), load("children", 2))


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_issue12_serialization_round_trips(variant: str) -> None:
    state = load(variant, 3).new_initial_state()
    play_on(state, random.Random(9), until=lambda s: len(s.history()) > 260)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _game, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert str(back) == str(state)
    for seat in range(3):
        assert back.information_state_string(seat) == state.information_state_string(seat)
    copied = pickle.loads(pickle.dumps(state))
    assert copied.trapper_game == state.trapper_game
    clone = state.clone()
    assert clone.trapper_game == state.trapper_game
    assert clone.history() == state.history()


def test_issue12_strings_and_tensors_hide_what_the_view_hides() -> None:
    engine = tc.new_game("base", 3, seed=5)
    tc.play(engine, [tc.GreedyBot(s) for s in range(3)], max_actions=4)
    twin = hidden_twin(engine)
    ours, theirs = state_from_game(engine), state_from_game(twin)
    assert str(ours) != str(theirs)  # the full state differs
    for seat in range(3):
        assert ours.observation_string(seat) == theirs.observation_string(seat)
        assert ours.information_state_string(seat) == theirs.information_state_string(seat)
        assert ours.observation_tensor(seat) == theirs.observation_tensor(seat)
    hands = [ours.observation_string(seat) for seat in range(3)]
    assert len(set(hands)) == 3  # each seat sees its own hand


def test_issue12_information_state_is_the_view_the_public_history_and_own_draws() -> None:
    """The view, the text of every action played, and the colours of the
    cards the player drew, draw by draw (the deal first): a view keeps no
    trace of the cards drawn and since paid, which the player saw."""
    state = load("base", 2).new_initial_state()
    play_on(state, random.Random(2), until=lambda s: len(s.history()) > 150)
    engine = state.trapper_game
    assert engine is not None
    seat = engine.to_move
    assert seat is not None
    info = state.information_state_string(seat)
    replay, texts = engine.root(), []
    for action, piles in zip(engine.history, engine.outcomes(), strict=True):
        texts.append(replay.action_text(action))
        replay.apply(action, shuffles=piles)
    size = 6  # the base game's hand (R8), dealt in blocks from the top (D14)
    deck = [int(c) for c in engine.setup.deck]
    draws = [deck[seat * size : (seat + 1) * size]]
    replay = engine.root()
    for action, piles in zip(engine.history, engine.outcomes(), strict=True):
        actor, drawn = replay.to_move, replay.state.drawn
        replay.apply(action, shuffles=piles)
        assert not piles  # the deck is far from its end here
        if actor == seat and replay.state.drawn > drawn:
            draws.append(list(replay.state.pile[drawn : replay.state.drawn]))
    letters = " ".join("".join(tc.COLOURS[c].letter for c in d) for d in draws)
    assert info == (
        state.observation_string(seat) + "\nplayed " + " ".join(texts) + "\ndrew " + letters
    )


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
def test_issue12_openspiel_mcts_bot_plays_complete_games(variant: str) -> None:
    from open_spiel.python.algorithms import mcts

    game = load(variant, 2)
    rng = np.random.RandomState(12)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(13))
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    chance = random.Random(14)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance_step(state, chance)
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            state.apply_action(chance.choice(state.legal_actions()))
    assert searched > 0
    engine = state.trapper_game
    assert engine is not None
    assert engine.is_over
    assert sum(state.returns()) == pytest.approx(0)
    assert max(state.returns()) > 0


MOMENTS: dict[str, Callable[[TrapperState], bool]] = {
    "a decision": lambda s: len(s.history()) > 200 and not s.is_chance_node(),
    "an action half spelled": lambda s: len(s.history()) > 200 and s.prefix != "",
    "a reshuffle half dealt": lambda s: (
        s.trapper_game is not None
        and s.is_chance_node()
        and s.full_history()[-1].player == pyspiel.PlayerId.CHANCE  # a card of it dealt
    ),
}


@pytest.mark.parametrize("variant", ["base", "children", "tactical"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_issue12_resample_from_infostate_keeps_what_the_player_knows(
    variant: str, moment: str
) -> None:
    state = load(variant, 3).new_initial_state()
    play_on(state, random.Random(31), until=MOMENTS[moment])
    assert not state.is_terminal()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(3):
        worlds = set()
        for _ in range(4):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.current_player() == state.current_player()
            if seat == state.current_player():
                assert world.legal_actions() == state.legal_actions()
            worlds.add(str(world))
        assert len(worlds) > 1  # hidden tiles and hands were drawn anew


def test_issue12_openspiel_ismcts_bot_plays_through_resampling() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("base", 2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(3))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2, max_simulations=8, random_state=np.random.RandomState(4)
    )
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            chance_step(state, rng)
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.trapper_game is not None
    assert state.trapper_game.is_over


def snapshot(state: TrapperState) -> tuple[object, ...]:
    """All a rejected call must leave as it was."""
    chance = state.chance_outcomes() if state.is_chance_node() else None
    return str(state), state.history(), state.current_player(), chance


def test_openspiel_chance_node_refuses_an_outcome_the_set_does_not_hold() -> None:
    game = load("base", 2)
    state = game.new_initial_state()
    tile = state.chance_outcomes()[0][0]
    assert game.tile_counts[game.tiles[tile]] == 1
    state.apply_action(tile)
    before = snapshot(state)
    with pytest.raises(
        tc.IllegalActionError, match=r"chance outcome 0 \(tile \w+\) cannot be dealt"
    ):
        state.apply_action(tile)  # the set holds one such tile
    assert snapshot(state) == before
    for outcome in (len(game.tiles), 10**6):
        with pytest.raises(tc.IllegalActionError, match=f"chance outcome {outcome} is no tile"):
            state.apply_action(outcome)
        assert snapshot(state) == before
    play_on(state, random.Random(1), until=lambda s: s.trapper_game is not None)
    assert not state.is_chance_node()  # the deal completes after the refusals


def test_openspiel_chance_node_refuses_a_card_of_a_colour_none_is_left_of() -> None:
    state = load("base", 2).new_initial_state()
    rng = random.Random(3)
    play_on(state, rng, until=lambda s: len(s.history()) == 64)  # the tiles are dealt
    with pytest.raises(tc.IllegalActionError, match="chance outcome 4 is no card"):
        state.apply_action(4)
    while len(state.chance_outcomes()) == 4:
        chance_step(state, rng)
    gone = min({0, 1, 2, 3} - {c for c, _p in state.chance_outcomes()})
    before = snapshot(state)
    with pytest.raises(
        tc.IllegalActionError, match=r"\(card \w\) cannot be dealt: the deck has none"
    ):
        state.apply_action(gone)
    assert snapshot(state) == before


def test_openspiel_reshuffle_refuses_a_card_the_pile_does_not_hold() -> None:
    rng = random.Random(6)
    state = at_first_reshuffle(rng)
    while len(state.chance_outcomes()) == 4:
        chance_step(state, rng)
    gone = min({0, 1, 2, 3} - {c for c, _p in state.chance_outcomes()})
    before = snapshot(state)
    with pytest.raises(tc.IllegalActionError, match="the pile being shuffled has none"):
        state.apply_action(gone)
    assert snapshot(state) == before


def test_openspiel_action_to_string_refuses_an_id_out_of_range() -> None:
    state = load("base", 2).new_initial_state()
    with pytest.raises(tc.IllegalActionError, match="chance outcome 1000000 is no tile"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 10**6)
    play_on(state, random.Random(2), until=lambda s: not s.is_chance_node())
    with pytest.raises(tc.IllegalActionError, match=f"1000000 is no id .* 0 to {NUM_ACTIONS - 1}"):
        state.action_to_string(0, 10**6)
    with pytest.raises(tc.IllegalActionError, match="no chance outcome is next: player 0"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 0)


def test_openspiel_state_from_game_refuses_what_is_no_game() -> None:
    with pytest.raises(tc.SetupError, match="takes a trapper_core Game, not str"):
        state_from_game("x")  # type: ignore[arg-type]
    with pytest.raises(
        tc.SetupError, match="spiel_game is None or a python_trapper game, not str"
    ):
        state_from_game(tc.new_game("base", 2, seed=1), "x")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (float("nan"), "nan"),
        (1.0, "1.0"),
        (-1.0, "-1.0"),
        (10**400, "a whole number of 1329 bits"),
    ],
)
def test_openspiel_resample_refuses_a_sampler_value_outside_zero_to_one(
    value: float, shown: str
) -> None:
    state = load("base", 2).new_initial_state()
    play_on(state, random.Random(8), until=lambda s: len(s.history()) > 150)
    before = snapshot(state)
    for seat in (0, 1):
        with pytest.raises(tc.SetupError, match=rf"a number in \[0, 1\), not {shown}$"):
            state.resample_from_infostate(seat, lambda: value)
    assert snapshot(state) == before
    dealing = load("base", 2).new_initial_state()  # nobody has seen any of the deal yet
    with pytest.raises(tc.SetupError, match=shown):
        dealing.resample_from_infostate(0, lambda: value)


def test_openspiel_state_from_game_refuses_a_setup_of_other_water_edges() -> None:
    game = tc.new_game("base", 2, seed=1)
    board = list(game.setup.board)
    square = next(i for i, tile in enumerate(board) if tile is not None)
    tile = board[square]
    assert tile is not None
    other = next(e for e in "nesw" if e != tile.code[-1])
    board[square] = tc.Tile.from_code(tile.face + other)  # the engine takes it: same face
    rotated = tc.new_game("base", 2, seed=1, setup=attrs.evolve(game.setup, board=board))
    with pytest.raises(tc.SetupError, match="only setups of the variant's own tiles"):
        state_from_game(rotated)


def test_openspiel_resampled_worlds_deal_only_the_sets_tiles() -> None:
    # A world's hidden tiles are the set's own, water edges and all (they
    # were once drawn by face alone), or its history is no OpenSpiel history.
    game = load("base", 3)
    state = game.new_initial_state()
    play_on(state, random.Random(31), until=lambda s: len(s.history()) > 250)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(3):
        for _ in range(5):
            world = state.resample_from_infostate(seat, sampler)
            dealt = [game.tiles[i] for i in world.history()[:64]]
            assert Counter(dealt) == game.tile_counts
            again = game.new_initial_state()
            for action in world.history():  # every outcome one chance_outcomes() lists
                again.apply_action(action)
            assert str(again) == str(world)


def test_openspiel_a_sampler_that_is_no_function_is_refused() -> None:
    state = load("base", 2).new_initial_state()
    play_on(state, random.Random(8), until=lambda s: len(s.history()) > 150)
    with pytest.raises(tc.SetupError, match="probability_sampler is a function"):
        state.resample_from_infostate(0, 0.5)


def test_openspiel_chance_calls_when_no_chance_outcome_is_next_are_refused() -> None:
    state = load("base", 2).new_initial_state()
    play_on(state, random.Random(3), until=lambda s: not s.is_chance_node())
    for call in (
        state.chance_outcomes,
        lambda: state.action_to_string(pyspiel.PlayerId.CHANCE, 0),
    ):
        with pytest.raises(tc.IllegalActionError, match="no chance outcome is next: player 0"):
            call()
    play_on(state, random.Random(3))
    assert state.is_terminal()
    before = snapshot(state)
    for call in (
        state.chance_outcomes,
        lambda: state.action_to_string(pyspiel.PlayerId.CHANCE, 0),
    ):
        with pytest.raises(
            tc.IllegalActionError, match="no chance outcome is next: the game is over"
        ):
            call()
    with pytest.raises(tc.IllegalActionError, match="the game is over: no action is played"):
        state.apply_action(0)  # not a chance outcome only: no action at all
    assert snapshot(state) == before


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_openspiel_the_action_being_spelled_shows_to_its_speller_alone(variant: str) -> None:
    """The characters filled in after an id follow from the speller's hand
    (a ``/`` after a step's square says the trapper's own colour cannot
    pay): while an action is spelled, the others' strings and tensors are
    what they were before its first id."""
    rng = random.Random(4)
    spelled = 0
    for _ in range(40):
        state = load(variant, 3).new_initial_state()
        play_on(state, rng, until=lambda s: len(s.history()) > 140 and not s.is_chance_node())
        if state.is_terminal():
            continue
        mover = state.current_player()
        others = [p for p in range(3) if p != mover]
        before = [
            (
                state.information_state_string(p),
                state.observation_string(p),
                state.observation_tensor(p),
            )
            for p in others
        ]
        while state.current_player() == mover and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.prefix == "":
                break  # the action is played: the others see it now
            spelled += 1
            assert "spelling" in state.information_state_string(mover)
            for p, seen in zip(others, before, strict=True):
                now = (
                    state.information_state_string(p),
                    state.observation_string(p),
                    state.observation_tensor(p),
                )
                assert now == seen
    assert spelled > 10


def test_openspiel_the_public_observation_holds_no_hand_and_is_every_players() -> None:
    """``private_info=NONE`` asks for what the table sees: no hand and no
    action being spelled, the same from every seat; every hand at once is
    not offered: None, as make_observation documents."""
    from open_spiel.python.observation import make_observation

    game = load("base", 3)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    state = play_on(
        game.new_initial_state(), random.Random(6), until=lambda s: len(s.history()) > 150
    )
    seen = set()
    for player in range(3):
        public.set_from(state, player)
        text = public.string_from(state, player)
        assert "hand " not in text
        assert "spelling" not in text
        seen.add((text, public.tensor.tobytes()))
    assert len(seen) == 1
    private = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    private.set_from(state, 0)
    assert not np.array_equal(private.tensor, public.tensor)  # the hand is there
    for refused in (
        pyspiel.IIGObservationType(
            public_info=True,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
        ),
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=True,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.NONE,
        ),
    ):
        assert make_observation(game, refused) is None


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_openspiel_the_private_observation_is_the_hand_and_the_spelling_alone(
    variant: str,
) -> None:
    """OpenSpiel's API test and playthroughs ask every imperfect-information
    game for its private observation (public_info=False), which was refused:
    it is the player's own part of the view, the hand and the action being
    spelled, and nothing of the table."""
    from open_spiel.python.observation import make_observation

    from trapper_core.encoding import SPELLED_SIZE, encode_view
    from trapper_core.openspiel import PRIVATE_SIZE

    game = load(variant, 3)
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    assert private is not None
    dealing = game.new_initial_state()
    assert private.string_from(dealing, 2) == "seat 2"  # nothing dealt to anyone yet
    state = play_on(
        dealing, random.Random(4), until=lambda s: len(s.history()) > 150 and s.prefix != ""
    )
    engine = state.trapper_game
    assert engine is not None
    mover = state.current_player()
    squares = 64 * 22 + 4 * 64  # where encode_view keeps the hand
    for player in range(3):
        view = engine.view(player)
        spelling = state.prefix if player == mover else ""
        whole = encode_view(view, spelling)
        private.set_from(state, player)
        assert private.tensor.shape == (PRIVATE_SIZE,)
        expected = whole[squares : squares + 4] + whole[-SPELLED_SIZE:]
        assert private.tensor.tolist() == pytest.approx(expected)
        text = private.string_from(state, player)
        hand = "".join(map(str, view.hand.counts))
        assert text.splitlines()[:2] == [f"seat {player}", f"hand {hand}"]
        assert ("spelling " + state.prefix in text) == (player == mover)
        assert "board" not in text


def test_openspiel_generate_playthrough_runs() -> None:
    """OpenSpiel's playthrough generator (its integration tests' format)
    crashed on the private observation the game did not offer."""
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough(
        f"{GAME_NAME}(players=2,variant=children)", action_sequence=None, seed=5
    )
    assert "PrivateObservationString(1) = " in text
    assert "Returns() = " in text


def test_openspiel_an_id_at_the_end_of_the_game_says_the_game_is_over() -> None:
    state = play_on(load("base", 2).new_initial_state(), random.Random(8))
    assert state.is_terminal()
    with pytest.raises(tc.IllegalActionError, match="the game is over: no action is played"):
        state.apply_action(0)


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_openspiel_resampling_for_another_player_mid_spelling_draws_from_what_they_know(
    variant: str,
) -> None:
    """The others do not see an action being spelled, so their resampled
    worlds are those of the state before its first id, drawn alike: not only
    the worlds in which the mover's hand allows what the mover spelled. The
    speller's own worlds go on with the ids spelled."""
    rng = random.Random(8)
    checked = 0
    for _ in range(40):
        state = load(variant, 3).new_initial_state()
        play_on(state, rng, until=lambda s: len(s.history()) > 140 and not s.is_chance_node())
        if state.is_terminal():
            continue
        before = state.clone()
        mover = state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
        if state.prefix == "" or state.current_player() != mover:
            continue  # a whole action in one id: nothing is being spelled
        checked += 1
        for p in range(3):
            seeds = [random.Random(p).random for _ in range(2)]
            world = state.resample_from_infostate(p, seeds[0])
            if p == mover:
                assert world.prefix == state.prefix
                assert world.legal_actions() == state.legal_actions()
            else:
                assert world.prefix == ""
                assert str(world) == str(before.resample_from_infostate(p, seeds[1]))
            assert world.information_state_string(p) == state.information_state_string(p)
    assert checked > 5


def test_openspiel_state_from_game_refuses_a_game_that_begins_at_a_position() -> None:
    game = tc.new_game("base", 2, seed=4)
    tc.play(game, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=12)
    view = game.view(game.to_move)  # type: ignore[arg-type]
    position = tc.Sampler(view).position(random.Random(0))
    for at in (position, position.at(0)):
        with pytest.raises(tc.SetupError, match=r"begins at a position .* no OpenSpiel state"):
            state_from_game(at)
    tc.play(position, [tc.RandomBot(1), tc.RandomBot(2)], max_actions=3)
    with pytest.raises(tc.SetupError, match="begins at a position"):
        state_from_game(position)


@pytest.mark.parametrize(("variant", "players"), [("base", 3), ("tactical", 2)])
def test_openspiel_integration_api_test_passes(variant: str, players: int) -> None:
    """OpenSpiel's own API conventions test (integration_tests/api_test.py,
    on sampled states): asked for the private observation every
    imperfect-information game is expected to offer, the game raised
    ValueError."""
    api_test = pytest.importorskip("open_spiel.integration_tests.api_test")
    case = type(
        "TrapperApiTest",
        (api_test.EnforceAPIOnPartialTreeBase,),
        {"game_name": GAME_NAME, "game": load(variant, players)},
    )
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(case)
    result = unittest.TextTestRunner(stream=io.StringIO()).run(suite)
    assert result.testsRun == 5
    assert result.wasSuccessful(), [text for _test, text in result.errors + result.failures]


def always_pass(state: TrapperState, rng: random.Random, limit: int) -> int:
    """Deals by chance, then passes whenever passing is legal (the first id
    otherwise), for at most ``limit`` decisions; returns the decisions made."""
    made = 0
    while not state.is_terminal() and made < limit:
        if state.is_chance_node():
            chance_step(state, rng)
            continue
        legal = state.legal_actions()
        state.apply_action(action_id("p") if action_id("p") in legal else legal[0])
        made += 1
    return made


def test_openspiel_a_game_never_takes_more_than_max_game_length_decisions() -> None:
    """Players who always pass never end a game once the cards are gone:
    the state went on past max_game_length (20 000) decisions, the bound
    OpenSpiel promises. It is cut there now: terminal, every return 0."""
    game = load("base", 2)
    assert game.max_game_length() == 20_000
    state = game.new_initial_state()
    made = always_pass(state, random.Random(1), game.max_game_length() + 5)
    assert made == game.max_game_length()
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []
    engine = state.trapper_game
    assert engine is not None
    assert not engine.is_over  # cut, not finished
    assert "cut after 20000 decisions" in str(state)
    with pytest.raises(tc.IllegalActionError, match="the game is over"):
        state.apply_action(action_id("p"))
    assert state_from_game(engine).is_terminal()
    engine.apply(engine.parse_action("pass"))  # the engine's game goes on, a state cannot
    with pytest.raises(tc.SetupError, match=r"more than max_game_length \(20000\) decisions"):
        state_from_game(engine)


def own_pasts(state: TrapperState, player: int) -> list[tuple[str, str]]:
    """What ``player`` saw and did along ``state``'s history: every change
    of their observation, and the ids they chose. (The nodes at which
    nothing changes for them are not counted: how many ids another
    player's action took follows from that player's hand, and is not
    shown.)"""
    replay = state.get_game().new_initial_state()
    seen: list[tuple[str, str]] = []

    def saw(text: str) -> None:
        if not seen or seen[-1] != ("saw", text):
            seen.append(("saw", text))

    for action in state.history():
        saw(replay.observation_string(player))
        if replay.current_player() == player:
            seen.append(("chose", str(action)))
        replay.apply_action(action)
    saw(replay.observation_string(player))
    return seen


def passed_with_deck(deck: list[tc.Colour]) -> TrapperState:
    """Seat 0's pass in a two-player game of ``deck`` (top first), as an
    OpenSpiel state."""
    setup = tc.new_game("base", 2, seed=1).setup
    game = tc.new_game("base", 2, seed=1, setup=attrs.evolve(setup, deck=deck))
    game.apply(game.parse_action("pass"))
    return state_from_game(game)


def test_openspiel_information_state_is_perfect_recall_of_a_players_own_draws() -> None:
    """OpenSpiel's information state is perfect recall: two histories
    that a player can tell apart are two information states. Seat 0 holds
    six blue cards in one deal and draws two green on passing; in the
    other it holds four blue and two green and draws two blue: the same
    hand after the pass, and the same public history, but seat 0 saw
    another hand before it. The information state kept only the hand as
    it is now, so the two were one."""
    blue, beige, green, purple = tc.COLOURS
    rest = [purple] * 16 + [blue] * 10 + [beige] * 10 + [green] * 14
    first = passed_with_deck([blue] * 6 + [beige] * 6 + [green] * 2 + rest)
    second = passed_with_deck([blue] * 4 + [green] * 2 + [beige] * 6 + [blue] * 2 + rest)
    assert own_pasts(first, 0) != own_pasts(second, 0)
    assert first.observation_string(0) == second.observation_string(0)  # the same hand now
    assert first.information_state_string(0) != second.information_state_string(0)
    # Seat 1 saw none of it: one information state.
    assert own_pasts(first, 1) == own_pasts(second, 1)
    assert first.information_state_string(1) == second.information_state_string(1)


@pytest.mark.parametrize("variant", ["base", "tactical"])
def test_openspiel_equal_information_states_have_equal_pasts(variant: str) -> None:
    """Perfect recall on random histories: wherever a player's information
    states of two histories are equal, so is everything the player saw and
    chose along them. The worlds resampled from a player's information
    state share it, and differ in all that the player did not see: each is
    such a pair."""
    rng = random.Random(12)
    game = load(variant, 2)
    for _ in range(3):
        state = play_on(game.new_initial_state(), rng, until=lambda s: len(s.history()) > 200)
        for player in range(2):
            for world in (state.resample_from_infostate(player, rng.random) for _ in range(3)):
                assert world.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert own_pasts(world, player) == own_pasts(state, player)


@pytest.mark.parametrize("player", [2, -1, "x", None, 1.5, True], ids=repr)
def test_openspiel_draws_of_no_seat_is_a_setup_error(player: object) -> None:
    state = load("base", 2).new_initial_state()
    with pytest.raises(tc.SetupError, match=r"draws: (there is no seat|a player is a seat)"):
        state.draws(player)  # type: ignore[arg-type]


def test_openspiel_draws_refuses_a_seat_that_is_not_in_the_game() -> None:
    """``draws(player)`` names the seat it cannot answer for, as
    ``resample_from_infostate`` does: seat 2 of two players was an
    IndexError, and seat -1 answered the last seat's deal."""
    state = play_on(
        load("base", 2).new_initial_state(),
        random.Random(3),
        until=lambda s: len(s.history()) > 200,
    )
    assert state.draws(1)[0]
    for seat in (2, -1, True, "0"):
        with pytest.raises(tc.SetupError, match="seat"):
            state.draws(seat)  # type: ignore[arg-type]
    dealing = load("base", 2).new_initial_state()
    assert dealing.draws(0) == ()
    with pytest.raises(tc.SetupError, match="no seat 2 among 2 players"):
        dealing.draws(2)


def _install_variant(monkeypatch: pytest.MonkeyPatch, name: str, plugin: object) -> None:
    """Installs the variant ``name``, the base game with ``plugin`` on top,
    as an entry point would: OpenSpiel's games find variants among the
    installed ones."""
    import types

    from trapper_core import plugins

    from .helpers import install_plugins

    module = types.ModuleType(f"trapper_{name}")

    @tc.hookimpl
    def trapper_variants() -> list[tc.VariantSpec]:
        return [tc.VariantSpec(name, (plugin,), extends="base")]

    module.trapper_variants = trapper_variants  # type: ignore[attr-defined]
    install_plugins(monkeypatch, **{name: module})
    monkeypatch.setattr(plugins, "_default", None)


def test_openspiel_information_state_shows_the_hand_dealt_whatever_the_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant that deals the cards round the table, one at a time, not in
    blocks from the top: the information state's first draw was the top
    block of the deck, cards of the other seats' hands. It is the hand the
    seat was dealt."""
    import trapper_base as tb

    class RoundTheTable:
        @tc.hookimpl
        def trapper_start(self, state: tc.GameState, setup: tc.Setup) -> bool:
            for square in state.trappers:
                tb.reveal_around(state, square)
            players, size = state.players, state.rules.hand_size(state.players)
            hands = [[0, 0, 0, 0] for _ in range(players)]
            for i, colour in enumerate(setup.deck[: players * size]):
                hands[i % players][colour] += 1
            state.hands = tuple((h[0], h[1], h[2], h[3]) for h in hands)
            state.pile = tuple(int(c) for c in setup.deck[players * size :])
            state.drawn = 0
            return True

    _install_variant(monkeypatch, "roundtable", RoundTheTable())
    state = play_on(
        load("roundtable", 2).new_initial_state(),
        random.Random(4),
        until=lambda s: s.trapper_game is not None,
    )
    engine = state.trapper_game
    assert engine is not None
    for seat in range(2):
        dealt = Counter(state.draws(seat)[0])
        assert dealt == Counter({c: n for c, n in enumerate(engine.hands[seat]) if n})


def test_openspiel_information_state_credits_draws_to_the_hand_that_grew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant whose pass makes the next player draw: the draws were
    credited to the player who acted, whose information state then showed
    the other player's cards. They are the drawer's, and when several hands
    grow in one action, nobody's."""
    import trapper_base as tb

    class GivingPass(tb.PassKind):
        def apply(self, state: tc.GameState, action: tb.Pass) -> None:
            tb.draw(state, (state.seat + 1) % state.players, 2)
            tb.advance(state)

    class Giving:
        @tc.hookimpl
        def trapper_action_kinds(self) -> list[tc.ActionKind[Any]]:
            return [GivingPass()]

    _install_variant(monkeypatch, "giving", Giving())
    state = play_on(
        load("giving", 2).new_initial_state(),
        random.Random(5),
        until=lambda s: s.trapper_game is not None,
    )
    mover = state.current_player()
    before = [state.draws(seat) for seat in range(2)]
    engine = state.trapper_game
    assert engine is not None
    state.apply_action(action_id("p"))  # the one action that begins with p: pass
    after = state.trapper_game
    assert after is not None
    assert after.history == (*engine.history, tb.PASS)
    other = 1 - mover
    assert state.draws(mover) == before[mover]
    assert len(state.draws(other)) == len(before[other]) + 1
    assert len(state.draws(other)[-1]) == 2


class _Broken(Exception):
    """What a broken plugin raises."""


def _fingerprint(state: TrapperState) -> tuple[object, ...]:
    """All a step that fails must leave as it was."""
    players = range(state.num_players())
    return (
        state.history(),
        str(state),
        state.current_player(),
        state.chance_outcomes() if state.is_chance_node() else state.legal_actions(),
        state.prefix,
        [state.information_state_string(p) for p in players],
        [state.observation_string(p) for p in players],
        state.is_terminal(),
        None if state.trapper_game is None else state.trapper_game.to_dict(),
    )


def _play_failing_each_step(
    monkeypatch: pytest.MonkeyPatch, seed: int, *, fail: bool
) -> tuple[list[int], Counter[str]]:
    """A base 2-player game of seeded random chance and ids; with ``fail``,
    each step is first tried with the adapter's speller broken, and a step
    that fails is checked to have changed nothing, then taken again. Returns
    the history and how many steps failed, by kind."""
    import trapper_core.openspiel as adapter

    working = getattr(adapter, "Speller")  # noqa: B009 (not exported: what the test breaks)

    def broken(*args: object) -> None:
        raise _Broken

    state = load("base", 2).new_initial_state()
    rng = random.Random(seed)
    failed = Counter[str]()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            choice = rng.choices(outcomes, weights)[0]
            kind = "deal" if state.trapper_game is None else "shuffle"
        else:
            legal = state.legal_actions()
            if state.prefix == "" and len(legal) > 1 and action_id("r") in legal:
                legal.remove(action_id("r"))
            choice = rng.choice(legal)
            kind = "decision"
        if fail:
            before = _fingerprint(state)
            monkeypatch.setattr(adapter, "Speller", broken)
            try:
                state.apply_action(choice)
                continue
            except _Broken:
                assert _fingerprint(state) == before
                failed[kind] += 1
            finally:
                monkeypatch.setattr(adapter, "Speller", working)
        state.apply_action(choice)
    return state.history(), failed


def test_openspiel_a_step_the_rules_fail_in_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules failing once the engine has been asked (the game made from
    the deal, the next decision listed after an action or a reshuffle; a
    broken plugin's error) leave the state as it was: the step can be taken
    again, and the game plays on to the same end."""
    history, failed = _play_failing_each_step(monkeypatch, 5, fail=True)
    assert failed["deal"] == 1
    assert failed["decision"] > 50
    assert failed["shuffle"] >= 1
    assert history == _play_failing_each_step(monkeypatch, 5, fail=False)[0]


def test_the_information_state_keeps_the_canoes_an_exchange_gave_back() -> None:
    # R21: an exchange returns valued canoes to the box. Their tiles had been
    # seen, so two pasts that differ in them are two information states: the
    # text showed only how many there were, and joined such pasts.
    game = tc.new_game("base", players=2, seed=29)
    bots = [tc.GreedyBot(0), tc.GreedyBot(1)]
    while not any(type(a).__name__ == "Exchange" for a in game.history):
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    returned = game.view(0).returned
    assert returned
    state = state_from_game(game)
    for player in (0, 1):
        text = state.information_state_string(player)
        for seat, canoe in returned:
            codes = " ".join(tile.code for tile in canoe.row.tiles)
            assert f"{seat} {codes} ={canoe.payout}" in text


def test_review_s55_resample_from_infostate_bounds_its_search_for_a_world() -> None:
    """The search for a world was unbounded: on a view of a long tactical
    game of hoarders one call took over ten minutes, where ISMCTSBot gives
    up its own after SAMPLING_EFFORT steps. The game's sampling_effort
    bounds it (0: no bound); past it, a SamplingError names the parameter.
    Within it, the worlds are those the unbounded search draws."""
    rng = random.Random(7)
    games = {
        effort: pyspiel.load_game(
            GAME_NAME, {"variant": "tactical", "players": 3, "sampling_effort": effort}
        )
        for effort in (1, 0, tc.bots.SAMPLING_EFFORT)
    }
    states = {effort: game.new_initial_state() for effort, game in games.items()}
    bounded = states[1]
    play_on(
        bounded,
        rng,
        until=lambda s: s.trapper_game is not None and len(s.trapper_game.history) >= 40,
    )
    for state in (states[0], states[tc.bots.SAMPLING_EFFORT]):  # the same ids in the others
        for action in bounded.history():
            state.apply_action(action)
    seat = (bounded.current_player() + 1) % 3
    with pytest.raises(tc.SamplingError, match="within sampling_effort=1 steps"):
        bounded.resample_from_infostate(seat, lambda: 0.25)
    unbounded = states[0].resample_from_infostate(seat, lambda: 0.25)
    default = states[tc.bots.SAMPLING_EFFORT].resample_from_infostate(seat, lambda: 0.25)
    assert str(unbounded) == str(default)
    assert unbounded.information_state_string(seat) == bounded.information_state_string(seat)
    for bad in (-1, True, 2.5):
        with pytest.raises(tc.SetupError, match="sampling_effort is a whole number of 0"):
            TrapperGame({"sampling_effort": bad})


@pytest.mark.parametrize(
    ("given", "variant"), [("Base", "base"), ("kids", "children"), ("AUCTION", "tactical")]
)
def test_openspiel_loads_a_variant_by_an_alias_in_any_case_as_new_game_does(
    given: str, variant: str
) -> None:
    # new_game and the PettingZoo env take a variant's aliases in any case;
    # python_trapper refused them as "not installed".
    pyspiel = pytest.importorskip("pyspiel")
    from trapper_core.openspiel import GAME_NAME, TrapperGame

    game = pyspiel.load_game(GAME_NAME, {"variant": given, "players": 2})
    assert isinstance(game, TrapperGame)
    assert game.variant == variant
    assert tc.new_game(given, 2).variant == variant


def test_review_s56_the_openspiel_adapter_refuses_what_it_cannot_take() -> None:
    """A setup with a square left empty raised zip's bare ValueError, an
    observer's parameters a bare ValueError, ``view_text('x')`` an
    AttributeError, and a seat that does not exist was spelled."""
    pyspiel = pytest.importorskip("pyspiel")
    from trapper_core import openspiel as tos

    setup = tc.new_game("base", 3, seed=1).setup
    square = next(i for i, t in enumerate(setup.board) if t is not None)
    moved = setup.board[square]
    assert moved is not None
    board = list(setup.board)
    board[square] = None
    hole = tc.Setup(tuple(board), setup.deck, setup.trappers, (*setup.box, moved))
    with pytest.raises(tc.SetupError, match="a tile on every square of the board"):
        tos.state_from_game(tc.new_game("base", 3, seed=1, setup=hole))
    spiel = pyspiel.load_game(tos.GAME_NAME)
    with pytest.raises(tc.SetupError, match="observers take no parameters"):
        spiel.make_py_observer(None, {"x": 1})
    with pytest.raises(tc.SetupError, match="view_text takes a PlayerView, not str"):
        tos.view_text("x")  # type: ignore[arg-type]
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(tc.IllegalActionError, match="player 10 is no seat of this game"):
        state.action_to_string(10, 3)
    assert state.action_to_string(0, 3) == state.action_to_string(1, 3)


def test_openspiel_refuses_a_negative_chance_outcome_and_a_seat_past_the_last() -> None:
    pytest.importorskip("pyspiel")
    from trapper_core.openspiel import TrapperGame

    state = TrapperGame({"players": 2}).new_initial_state()
    with pytest.raises(tc.IllegalActionError, match="chance outcome -2 is no tile"):
        state.apply_action(-2)
    assert state.history() == []
    with pytest.raises(tc.IllegalActionError, match="player 7 is no seat of this game"):
        state.action_to_string(7, 0)
