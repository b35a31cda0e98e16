"""The game notation, re-exported from the ``trapper_notation`` package.

See ``docs/notation.md`` for the format. ``dumps`` writes games and records,
``loads``/``load`` read them, ``Record.replay()`` checks every move.
"""

from __future__ import annotations

from trapper_notation import *  # noqa: F403
from trapper_notation import __all__ as __all__
