"""The replay reads a stretch of move text split at white space when it can
(`Stretch.plain_words`); it must find the words the grammar's pattern finds
(`Stretch.pieces`), or decline."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import trapper_core as tc
from trapper_core import notation
from trapper_notation.replay import parts
from trapper_notation.stretch import Stretch, unquote

_WORDS = [
    "1.",
    "12.",
    "007.",
    "Ann:",
    "B:",
    "J.R.:",
    "o'Neil-2:",
    "_B:",
    "'x:",
    '"Ann Lee":',
    '"a\\"b":',
    "Gd3",
    "Gd3/BB",
    "Ef5/PP>CM3",
    "pass",
    "end",
    "xK",
    "1",
    "x",
    "{a comment}",
    "; to the end\n",
    "(shuffle BEGP)",
    "(a1=B1n)",
    "(d2=B2e\na3=CB1n)",
]


def _stretches(text: str) -> list[Stretch]:
    try:
        records = notation.loads('[Variant "base"]\n' + text)
    except notation.NotationSyntaxError:
        return []
    return [part for record in records for part in parts(record) if type(part) is Stretch]


def _by_pattern(stretch: Stretch) -> list[tuple[str, str]]:
    out = []
    for kind, word, start in stretch.pieces():
        assert stretch.text.startswith(word, start)
        if kind == "ACTION":
            out.append(("action", word))
        elif kind == "TURN":
            out.append(("turn", word[:-1]))
        elif kind == "PLAYER":
            out.append(("player", unquote(word[:-1])))
        else:
            out.append(("note", word))
    return out


def _by_splitting(words: list[str]) -> list[tuple[str, str]]:
    kinds = {":": "player", ".": "turn"}
    return [  # as _read_items reads them
        (kinds[w[-1]], w[:-1]) if w[-1] in kinds else ("note" if w[-1] == ")" else "action", w)
        for w in words
    ]


@pytest.mark.parametrize(
    ("text", "split"),
    [
        ("1. Ann: Gd3 Gc3/BB end\n2. Bob: pass", True),
        ("1.\tAnn:\n\nGd3\r\nend", True),
        ("Gd3 end", True),
        ("1.Ann: Gd3", False),  # a turn number and a name written together
        ("1. Ann:Gd3", False),  # a name and an action written together
        ("1. J.R.: Gd3", False),  # a name with a dot
        ('1. "Ann Lee": Gd3', False),  # a quoted name
        ("1. Ann: Gd3 {why} end", False),  # a comment
        ("2. _B: Ef4/PP_B: Eg4", False),  # an action and a name written together
        ("2. B: Ef4/PP'x: Eg4", False),
        ("2. _B: Ef4/PP Eg4", False),  # the same signs and names apart: not told apart cheaply
        ("2. _B: Ef4 Eg4", True),
        ("1. Ann: pass (shuffle BEGP) 2. Bob: Gd3 (d2=B2e a3=CB1n) end", True),
        (
            "1. Ann: pass(shuffle BEGP)Gd3 (d2=B2e\n  a3=CB1n)\nend",
            True,
        ),  # notes written against words
        ("(a1=B1n) 1. Ann: pass", True),  # a note first
        ("1. Ann: pass {(shuffle BEGP)} (shuffle BEGP)", False),  # a note's text in a comment
    ],
)
def test_plain_words_are_the_grammars_words_or_none(text: str, split: bool) -> None:
    (stretch,) = _stretches(text)
    words = stretch.plain_words()
    assert (words is not None) == split
    if words is not None:
        assert _by_splitting(words) == _by_pattern(stretch)


@given(
    st.lists(
        st.tuples(st.sampled_from(_WORDS), st.sampled_from(["", " ", "  ", "\n", "\t", " \r\n"])),
        min_size=1,
        max_size=12,
    )
)
def test_plain_words_agree_with_the_grammars_pattern(pieces: list[tuple[str, str]]) -> None:
    text = "".join(word + gap for word, gap in pieces)
    stretches = _stretches(text)
    assume(stretches)
    for stretch in stretches:
        words = stretch.plain_words()
        if words is not None:
            assert _by_splitting(words) == _by_pattern(stretch), stretch


def test_a_record_with_a_name_written_against_an_action_replays() -> None:
    """``Ef4/PP_B:`` is the action ``Ef4/PP`` and the player ``_B``: the
    replay's split at white space took it for one name, and refused the
    record, which the grammar reads well (found by a review)."""
    game = tc.play(tc.new_game("base", 2, seed=3), [tc.RandomBot(3), tc.RandomBot(4)])
    text = notation.dumps(game).replace('[Seat2 "B"]', '[Seat2 "_B"]').replace(" B: ", " _B: ")
    assert "2. _B: Ef4/PP Eg4" in text
    glued = text.replace("2. _B: Ef4/PP Eg4", "2. _B: Ef4/PP_B: Eg4")
    replayed = notation.loads(glued)[0].replay()
    assert replayed.history == game.history
