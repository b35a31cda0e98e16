"""Review s40: hostile calls of the core's public API (outside the notation)
that escaped with an undocumented error or left something half-changed."""

from __future__ import annotations

import pytest

import trapper_core as tc


def _refused(error: BaseException) -> None:
    assert isinstance(error, tc.TrapperError)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("name", [[], ["random"], {}, {"random"}, bytearray(b"random")])
def test_make_bot_refuses_a_name_that_is_no_text_with_a_setup_error(name: object) -> None:
    with pytest.raises(tc.SetupError, match="no bot is called") as err:
        tc.make_bot(name)  # type: ignore[arg-type]
    _refused(err.value)


def test_make_bot_cuts_a_long_name_in_its_message() -> None:
    with pytest.raises(tc.SetupError) as err:
        tc.make_bot("x" * 100_000)
    assert len(str(err.value)) < 200
