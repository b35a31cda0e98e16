"""A record's tags: a mapping read by name, that keeps every pair as written."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from trapper_core.errors import as_tuple, shown

from .errors import RecordError

__all__ = ["Tags", "tag_pairs"]


class Tags(Mapping[str, str]):
    """A record's tags, a mapping read like a game's PGN headers in
    python-chess: ``tags["Event"]``, ``tags.get("Round")``, ``"Seed" in
    tags``, ``dict(tags)``; iterating gives the names in file order.

    A name written twice reads as its first value, as
    [`scan`][trapper_notation.scan] gives it; [`pairs`][trapper_notation.Tags.pairs]
    holds every ``(name, value)`` pair in file order, repeats included, as
    the record is written. Tags equal other tags with the same pairs, and a
    mapping (a ``dict``) with the same names and values."""

    __slots__ = ("_index", "_pairs")

    def __init__(self, pairs: Sequence[tuple[str, str]] | Mapping[str, str] = ()) -> None:
        self._pairs = tag_pairs(pairs)
        # The look-up by name, made when first asked for: a record read from
        # a file and written back, or replayed, never needs it.
        self._index: dict[str, str] | None = None

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """Every ``(name, value)`` pair, in file order, repeats included."""
        return self._pairs

    def _names(self) -> dict[str, str]:
        index = self._index
        if index is None:
            index = {}
            for name, value in self._pairs:
                index.setdefault(name, value)
            self._index = index
        return index

    def __getitem__(self, key: str) -> str:
        if type(key) is str:
            found = self._names().get(key)
            if found is not None:
                return found
        raise KeyError(f"the record has no tag {key!r}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __contains__(self, key: object) -> bool:
        return type(key) is str and key in self._names()

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        """Returns the value of the tag ``key`` (the first, if repeated), or ``default``."""
        if type(key) is str:
            return self._names().get(key, default)
        return default

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tags):
            return self._pairs == other._pairs
        if isinstance(other, Mapping):
            return self._names() == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._pairs)

    def __repr__(self) -> str:
        return f"Tags({list(self._pairs)!r})"

    def __reduce__(self) -> tuple[type[Tags], tuple[tuple[tuple[str, str], ...]]]:
        return Tags, (self._pairs,)


def tag_pairs(
    value: Sequence[tuple[str, str]] | Mapping[str, str],
) -> tuple[tuple[str, str], ...]:
    """The ``(name, value)`` pairs of tags given as a `Tags` (its pairs, a
    repeated name and all), a mapping or pairs, each checked to be two str;
    raises `RecordError` naming what is not."""
    if isinstance(value, Tags):
        return value.pairs  # repeats and all
    if isinstance(value, str | bytes):
        raise RecordError(f"a record's tags are (name, value) pairs, not {shown(value)}")
    if isinstance(value, Mapping):  # {"Event": "Club"}, as python-chess's headers
        value = list(value.items())
    pairs = as_tuple(value, RecordError, "a record's tags are a sequence of (name, value) pairs")
    if all(type(p) is tuple and len(p) == 2 and type(p[0]) is type(p[1]) is str for p in pairs):
        return pairs  # the reader's pairs, kept as they are (and shared)
    checked = []
    for pair in pairs:
        if isinstance(pair, str | bytes) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise RecordError(f"a record's tags are (name, value) pairs, not {shown(pair)}")
        name, text = pair
        if type(name) is not str or type(text) is not str:
            raise RecordError(f"a tag's name and value are str, not {shown(pair)}")
        checked.append((name, text))
    return tuple(checked)
