"""Records of games that begin at a position: a ``Position`` tag where
another record has its ``Setup`` tag, as PGN records a game from a position
in its ``FEN`` tag (docs/notation.md, "Records of a game that begins at a
position").

The record is complete: it replays to the same game (``==`` for a game made
from a position string or by ``game_at``), with every move checked, and
without its reshuffle notes when it has its seed. What cannot be (a Setup tag
too, a view's position, a position the Seat tags do not fit, a table record)
is refused, saying what is wrong and where.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapper_core as tc
from trapper_core import cli, notation
from trapper_core.notation import Position, Record, RecordError

VARIANTS = ("base", "children", "tactical")


def played(game: tc.Game, rng: random.Random, actions: int | None = None) -> tc.Game:
    """``game`` after random actions: ``actions`` of them, or to its end."""
    done = 0
    while not game.is_over and (actions is None or done < actions):
        game.apply(rng.choice(game.legal_actions()))
        done += 1
    return game


def study(variant: str, players: int, seed: int, before: int, *, new_seed: int = 9) -> tc.Game:
    """A game that begins at the position ``before`` random actions into a
    seeded game, made from its position string, with another seed."""
    rng = random.Random(seed)
    game = played(tc.new_game(variant, players, seed=seed), rng, before)
    if game.is_over:
        game.undo()
    text = str(Position.from_game(game))
    return Position.parse(text).to_game(variant, players=game.players, seed=new_seed)


def test_a_game_from_a_position_has_a_record_with_a_position_tag() -> None:
    game = played(study("base", 3, 4, 20), random.Random(1))
    record = Record.from_game(game)
    assert "Setup" not in record.tags
    assert record.tags["Position"] == str(Position.from_game(game.root()))
    assert record.position == Position.from_game(game.root())
    assert record.tags["Seed"] == "9"
    # Moves are numbered on from the position's count of turns.
    first = next(i for i in record.items if isinstance(i, notation.TurnNumber))
    assert first.number == game.root().state.turns > 1
    assert notation.dumps(game) == record.text


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_position_record_replays_to_the_same_game(variant: str, players: int) -> None:
    """With the seed's reshuffles noted, and with the notes dropped."""
    shuffled = 0
    for seed in range(6):
        game = played(
            study(variant, players, seed, 10 + 7 * seed, new_seed=seed), random.Random(seed)
        )
        text = notation.dumps(game)
        again = notation.loads(text)[0].replay()
        assert again == game
        assert again.history == game.history
        assert again.outcomes() == game.outcomes()
        assert again.scores() == game.scores()
        assert notation.dumps(again) == text
        plain = re.sub(r" \(shuffle \w+\)", "", text)
        shuffled += plain != text
        assert notation.loads(plain)[0].replay() == game
    assert shuffled  # some games reshuffled after their position


def test_a_position_record_without_a_seed_notes_every_reshuffle() -> None:
    """A game of seed 0 that reshuffles keeps its Seed tag; without the tag
    the notes make the reshuffles, and a note left out is an error at its
    move."""
    for seed in range(40):
        game = played(study("base", 2, seed, 12, new_seed=0), random.Random(seed))
        if game.state.shuffles > game.root().state.shuffles:
            break
    else:
        pytest.fail("no game reshuffled")
    text = notation.dumps(game)
    assert '[Seed "0"]' in text
    assert "(shuffle" in text
    unseeded = text.replace('[Seed "0"]\n', "")
    assert notation.loads(unseeded)[0].replay() == game
    bare = re.sub(r" \(shuffle \w+\)", "", unseeded, count=1)
    with pytest.raises(tc.IllegalActionError, match="shuffle"):
        notation.loads(bare)[0].replay()


def test_a_position_record_of_seed_0_without_reshuffles_has_no_seed_tag() -> None:
    """As for a record that begins at its setup: the tag would say nothing."""
    game = study("children", 3, 2, 6, new_seed=0)
    game.apply(game.legal_actions()[0])
    assert game.state.shuffles == game.root().state.shuffles
    record = Record.from_game(game)
    assert "Seed" not in record.tags
    assert record.replay() == game


def test_a_record_of_a_sampled_position_replays_position_for_position() -> None:
    """Sampler.position keeps the tiles it drew for the emptied squares in
    its setup; the replay has the position's own setup: the same game move
    for move and position for position, not ==."""
    game = played(tc.new_game("base", 3, seed=5), random.Random(5), 25)
    sampled = tc.Sampler(game.view(game.to_move)).position(random.Random(2))  # type: ignore[arg-type]
    played(sampled, random.Random(3), 30)
    again = Record.from_game(sampled).replay()
    assert again.history == sampled.history
    assert again.outcomes() == sampled.outcomes()
    assert again.position_key() == sampled.position_key()
    assert again.root().position_key() == sampled.root().position_key()
    assert again.scores() == sampled.scores()
    assert again.to_move == sampled.to_move


def test_a_record_of_a_finished_position_replays() -> None:
    """A game made at a position where it is over: no move, its result."""
    game = played(study("base", 2, 7, 30), random.Random(7))
    at_end = Position.from_game(game).to_game("base", players=game.players, seed=1)
    assert at_end.is_over
    text = notation.dumps(at_end)
    assert text.rstrip().endswith("*")
    again = notation.loads(text)[0].replay()
    assert again == at_end
    assert again.scores() == game.scores()


def _record(game: tc.Game) -> str:
    return notation.dumps(game)


def test_a_record_with_a_setup_tag_and_a_position_tag_is_refused_at_the_position_tag() -> None:
    game = study("base", 2, 1, 8)
    setup = notation.dumps(tc.new_game("base", 2, seed=1)).split("\n")
    setup_line = next(line for line in setup if line.startswith("[Setup "))
    text = _record(game).replace("[Position ", setup_line + "\n[Position ")
    line = text.split("\n").index(next(x for x in text.split("\n") if x.startswith("[Position")))
    with pytest.raises(RecordError, match="a Setup tag and a Position tag") as caught:
        notation.loads(text)[0].replay()
    assert caught.value.line == line + 1


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda v: v.replace(" ", "  ", 1), "Position tag: "),
        (lambda v: v[:40], "Position tag: "),
        (lambda v: "", "Position tag: "),
    ],
    ids=["two spaces", "cut short", "empty"],
)
def test_an_unreadable_position_tag_is_refused_at_its_line(change: object, said: str) -> None:
    game = study("base", 2, 1, 8)
    record = Record.from_game(game)
    value = change(record.tags["Position"])  # type: ignore[operator]
    text = record.with_tags(Position=value).text
    line = text.split("\n").index(next(x for x in text.split("\n") if x.startswith("[Position")))
    loaded = notation.loads(text)[0]
    with pytest.raises(RecordError, match=re.escape(said)) as caught:
        loaded.replay()
    assert caught.value.line == line + 1
    assert caught.value.game == 1
    with pytest.raises(RecordError, match=re.escape(said)):
        _ = loaded.position


def test_a_view_s_position_in_a_position_tag_is_refused() -> None:
    game = study("base", 3, 1, 8)
    seen = str(Position.from_view(game.view(0)))
    text = Record.from_game(game).with_tags(Position=seen).text
    with pytest.raises(RecordError, match=r"Position tag: a view's position hides"):
        notation.loads(text)[0].replay()


def test_a_position_tag_of_another_count_of_players_is_refused() -> None:
    three = study("base", 3, 1, 8)
    four = study("base", 4, 1, 8)
    text = Record.from_game(four).with_tags(Position=str(Position.from_game(three))).text
    with pytest.raises(RecordError, match="Position tag: ") as caught:
        notation.loads(text)[0].replay()
    assert "3" in str(caught.value)
    assert "4" in str(caught.value)


def test_a_position_tag_of_another_variant_is_refused() -> None:
    tactical = study("tactical", 3, 1, 8)
    base = study("base", 3, 1, 8)
    text = Record.from_game(base).with_tags(Position=str(Position.from_game(tactical))).text
    with pytest.raises(RecordError, match=r"Position tag: .*TacticalTurn"):
        notation.loads(text)[0].replay()
    # A base position read as the children's fails on its tokens alone: the
    # error says which variant it was read as.
    children = study("children", 3, 1, 8)
    text = Record.from_game(children).with_tags(Position=str(Position.from_game(base))).text
    with pytest.raises(
        RecordError, match=r"\(read as a position of 'children', the Variant tag's\)"
    ):
        notation.loads(text)[0].replay()


def test_a_position_record_s_moves_are_checked() -> None:
    """A move against the rules, a wrong turn number, a wrong Result."""
    game = played(study("base", 3, 2, 10), random.Random(2), 6)
    text = _record(game)
    legal = {str(game.root().action_text(a)) for a in game.root().legal_actions()}
    first = game.root().action_text(game.history[0])
    wrong = next(t for t in ("pass", "Bd5", "Ea1") if t not in legal)
    broken = re.sub(rf"(?<= ){re.escape(first)}(?=[ \n])", wrong, text, count=1)
    with pytest.raises((tc.IllegalActionError, tc.ActionSyntaxError)):
        notation.loads(broken)[0].replay()
    turns = game.root().state.turns
    renumbered = text.replace(f"\n{turns}. ", f"\n{turns + 1}. ", 1)
    with pytest.raises(RecordError, match=f"numbers this turn {turns + 1}"):
        notation.loads(renumbered)[0].replay()
    finished = played(game.copy(), random.Random(3))
    result = " ".join(str(s + 1) for s in finished.scores())
    with pytest.raises(RecordError, match="the Result tag says"):
        notation.loads(Record.from_game(finished).with_tags(Result=result).text)[0].replay()


def test_a_tile_noted_in_a_position_record_is_checked_against_the_position() -> None:
    game = study("base", 3, 2, 10)
    board = game.state.board
    held = next(i for i, t in enumerate(board) if t is not None)
    empty = next(i for i, t in enumerate(board) if t is None)
    other = next(t for t in board if t is not None and t != board[held])
    square = tc.SQUARES[held]
    text = _record(game)
    base = text[: text.rindex("*")]  # the move text's, not the Result tag's
    agreeing = base + f"({square}={board[held].code}) *\n"  # type: ignore[union-attr]
    assert notation.loads(agreeing)[0].replay() == game
    with pytest.raises(RecordError, match=f"{square} holds .* in the position, but a note says"):
        notation.loads(base + f"({square}={other.code}) *\n")[0].replay()
    with pytest.raises(RecordError, match="which the position leaves empty"):
        notation.loads(base + f"({tc.SQUARES[empty]}={other.code}) *\n")[0].replay()


def test_a_position_tag_in_another_case_or_twice_is_refused() -> None:
    game = study("base", 2, 1, 8)
    text = _record(game)
    with pytest.raises(RecordError, match="reads the tag Position, not position"):
        notation.loads(text.replace("[Position ", "[position "))[0].replay()
    value = Record.from_game(game).tags["Position"]
    other = str(Position.from_game(study("base", 2, 2, 8)))
    twice = text.replace("[Position ", f'[Position "{other}"]\n[Position ', 1)
    assert value in twice
    with pytest.raises(RecordError, match="the Position tag is given twice"):
        notation.loads(twice)[0].replay()


def test_a_game_from_a_position_has_no_table_record() -> None:
    game = study("tactical", 3, 1, 8)
    with pytest.raises(RecordError, match=r"begins at a position.*table record"):
        Record.table_record(game)


def test_the_position_and_setup_tags_are_the_game_s_to_say() -> None:
    game = study("base", 2, 1, 8)
    value = Record.from_game(game).tags["Position"]
    assert Record.from_game(game, Position=value).tags["Position"] == value  # its own: kept
    with pytest.raises(RecordError, match="the tag Position is the game's to say"):
        Record.from_game(game, Position=value.replace(" A ", " B ", 1))
    with pytest.raises(RecordError, match=r"begins at a position.*no Setup tag"):
        Record.from_game(game, Setup="?")
    plain = tc.new_game("base", 2, seed=1)
    with pytest.raises(RecordError, match=r"begins at its setup.*no Position tag"):
        Record.from_game(plain, Position=value)
    with pytest.raises(RecordError, match="is written Position"):
        Record.from_game(game, POSITION=value)


def test_the_command_line_replays_and_shows_a_position_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """replay gives its scores; show gives its turns from the position's on,
    with the hands (the position knows them), and refuses the turns before
    it, saying which it has."""
    game = played(study("tactical", 4, 3, 15), random.Random(4))
    path = tmp_path / "study.trn"
    path.write_text(notation.dumps(game).replace('[Seed "9"]\n', ""), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    said = ", ".join(f"{name} {s}" for name, s in zip(game.players, game.scores(), strict=True))
    assert f"final: {said};" in capsys.readouterr().out
    first = game.root().state.turns
    assert first > 1
    for turn in (0, first, first + 1, game.state.turns):
        assert cli.main(["show", str(path), "--turn", str(turn)]) == 0
        shown = capsys.readouterr().out
        hands = re.findall(r"\d+ cards?: \d+ blue \(B\), \d+ beige \(E\)", shown)
        assert len(hands) == 4
    assert cli.main(["show", str(path), "--turn", str(first - 1)]) == 2
    error = capsys.readouterr().err
    assert f"has the start (0) and turns {first} to {game.state.turns}" in error
    assert f"in turn {first}); there is no turn {first - 1}" in error


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    before=st.integers(0, 60),
    after=st.integers(0, 400),
)
def test_position_records_round_trip(
    variant: str, players: int, seed: int, before: int, after: int
) -> None:
    """Any position of a random game, played on at random: its record
    writes back to itself and replays to the same game, notes or none."""
    game = study(variant, players, seed, before, new_seed=seed // 2)
    played(game, random.Random(seed), after)
    text = notation.dumps(game)
    again = notation.loads(text)[0].replay(undo=False)
    assert again == game
    assert notation.dumps(again) == text
    plain = re.sub(r" \(shuffle \w+\)", "", text)
    if "Seed" in notation.loads(text)[0].tags:
        assert notation.loads(plain)[0].replay() == game


def test_play_begins_at_a_position_string_and_prints_its_record(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """trapper play --position TEXT: bots play on from the position, the
    seats are the position's unless given, the record printed begins with
    the Position tag and replays; a bad string, another count of seats or
    another variant's position, and --table, are errors that say so."""
    game = played(tc.new_game("base", 3, seed=2), random.Random(2), 25)
    text = str(Position.from_game(game))
    tactical = str(Position.from_game(study("tactical", 3, 2, 20)))
    assert cli.main(["play", "--position", text, "--seed", "4"]) == 0
    printed = capsys.readouterr().out
    record = notation.loads(printed)[0]
    assert record.tags["Position"] == text
    assert record.players == ("A", "B", "C")
    again = record.replay()
    assert again.is_over
    assert str(Position.from_game(again.root())) == text
    assert cli.main(["play", "--position", text, "--names", "Ann,Bob,Cy", "--seed", "4"]) == 0
    assert notation.loads(capsys.readouterr().out)[0].players == ("Ann", "Bob", "Cy")
    for argv, said in [
        (["--position", "x"], "trapper: error: --position: a position string has 14 fields"),
        (["--position", text, "--players", "4"], "trapper: error: --position: the position has 3"),
        (["--position", text, "--variant", "tactical"], "trapper: error: --position: "),
        (["--position", tactical], "trapper: error: --position: "),
        (["--position", text, "--table"], "trapper: error: --table writes what a player at"),
    ]:
        assert cli.main(["play", *argv]) == 2
        told = capsys.readouterr()
        assert told.err.startswith(said), told.err
        assert told.out == ""
        if argv[1] == tactical:
            assert told.err.rstrip().endswith(
                "(read as a position of 'base': --variant names the position's variant)"
            )
