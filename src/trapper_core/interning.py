"""Values made once and shared: the engine's one caching policy.

Actions, tiles, squares of step targets and other immutable values recur
millions of times in a long run of games. Rather than build them again, the
engine and its plugins keep them in tables, every table made the same way:
[`interned`][trapper_core.interned] wraps a pure function so that its results are kept, up to
`SIZE` different arguments per table, the least recently used
forgotten first (``functools.lru_cache``, implemented in C). One policy, one
size, one place to look: `tables` reports each table's use and
`clear` empties them all. (Two tables belong to one variant's rules
rather than to a function — the texts it has read, and the availability of
its kinds per turn record — and are emptied when they reach the same size;
the conformance kit keeps what it found of the last 64 setups it checked,
and the notation's reader the last 4,096 tags it read.)

A plugin keeps its own tables the same way:

```python
from trapper_core import interned

@interned
def parse_bid(text: str) -> Bid | None: ...
```
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import SetupError, shown

__all__ = ["SIZE", "clear", "interned", "tables"]

SIZE = 1 << 16
"""How many results each table keeps at most."""

F = TypeVar("F", bound=Callable[..., Any])

_TABLES: list[Any] = []


def interned(function: F) -> F:
    """Returns ``function`` with its results kept (see the module's policy).

    ``function`` must be pure and its arguments hashable; what it returns
    is shared by every caller, so it must be immutable, or a mutable object
    that no caller ever changes (``tiles.faces_of`` gives a ``Counter``
    that setups are checked against and nobody writes to).
    """
    if not callable(function):
        raise SetupError(f"interned() keeps the results of a function, not {shown(function)}")
    table = functools.lru_cache(maxsize=SIZE)(function)
    _TABLES.append(table)
    return table  # type: ignore[return-value]


def tables() -> dict[str, tuple[int, int, int]]:
    """Returns every table by the name of its function: hits, misses and size."""
    out = {}
    for table in _TABLES:
        info = table.cache_info()
        out[f"{table.__module__}.{table.__qualname__}"] = (info.hits, info.misses, info.currsize)
    return out


def clear() -> None:
    """Empties every table."""
    for table in _TABLES:
        table.cache_clear()
