"""The exceptions of trapper_core.

Every error that bad input can cause is a [`TrapperError`][trapper_core.TrapperError]; the ones
caused by a bad value are also `ValueError`, so callers that only know
the standard library can still catch them.
"""

from __future__ import annotations

import numbers
import operator
import reprlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .model import Colour


class TrapperError(Exception):
    """Base class of every error raised by trapper_core."""


class IllegalActionError(TrapperError, ValueError):
    """An action that the rules do not allow at this moment.

    ``rule`` is the id of the rule that forbids it (as the variant cites it) and
    ``action`` the action that was refused, when there is one. When the hand
    lacks the cards the action needs, ``shortfall`` maps each colour to how
    many more cards of it would do. The game
    is left exactly as it was.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        action: object = None,
        shortfall: Mapping[Colour, int] | None = None,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.action = action
        self.shortfall = dict(shortfall) if shortfall else None


class AmbiguousActionError(IllegalActionError):
    """An action (or its text) that leaves open a choice the player must make.

    ``candidates`` lists the legal actions that would settle it.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        action: object = None,
        candidates: tuple[object, ...] = (),
    ) -> None:
        super().__init__(message, rule=rule, action=action)
        self.candidates = candidates


class ActionSyntaxError(TrapperError, ValueError):
    """Text that cannot be read as an action of the game's variant."""


class ActionFieldError(TrapperError, ValueError, TypeError):
    """An action, or a placement it names, made with a field of the wrong
    type or value: ``IntoCanoe(3, 1)`` (a number for a species),
    ``Gather(herb=True)``, ``Bid(0)``. Also a `TypeError`, as the errors of
    attrs' own validators are."""


class SetupError(TrapperError, ValueError):
    """A starting position or game option that cannot be used."""


class UnknownVariantError(TrapperError, ValueError):
    """A variant name that no installed plugin registers."""


class PluginError(TrapperError):
    """A variant plugin that is broken: a missing hook, a bad registration."""


class PluginWarning(UserWarning):
    """A plugin that is likely broken, though the registry goes on: an
    installed plugin that could not be loaded (its entry point raised on
    import, or its ``trapper_variants`` hook did), which the registry leaves
    out while the other variants stay playable; or a plugin, installed or
    given, whose rule hooks no variant plays (its variants would play
    without them), which is kept."""


class GameFormatError(TrapperError, ValueError):
    """A serialized game (``Game.from_dict``) that cannot be read back."""


class UndoError(TrapperError, IndexError):
    """``Game.undo()`` on a game with no action to take back, or one that
    keeps no undo information (``new_game(..., undo=False)``); ``Game.at``
    asked for a moment the game does not have."""


def plain_line(value: object) -> str | None:
    """``value`` as a plain ``str`` when it is a line of printable text, not
    blank, else ``None``. A ``str`` subclass (NumPy's ``str_``) gives its
    text as a ``str``, read by ``str``'s own methods, not the subclass's:
    a name is written into records, which take plain strings."""
    if not isinstance(value, str):
        return None
    text = str.__str__(value)  # a copy as a plain str, whatever the subclass says
    return text if text.strip() and text.isprintable() else None


def player_counts(low: int, high: int) -> str:
    """How many play a variant, for a message: ``2 to 4 players``, or
    ``2 players`` for a variant of one count."""
    return f"{low} players" if low == high else f"{low} to {high} players"


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` of ``noun``, for a message: ``1 action``, ``3 actions``;
    ``plural`` where adding an s does not make it."""
    return f"{number} " + (noun if number == 1 else plural or noun + "s")


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message about bad input, cut to ``limit``
    characters; a whole number too long to print is told by its size.

    It never raises, as the message it helps to make must not become another
    error: a value that ``repr`` cannot show (a list nested too deep for the
    stack, a ``__repr__`` that raises) is shown by `reprlib`, which stops a
    few levels down, or else by its type and id."""
    try:
        return _shown(value, limit)
    except Exception:  # an object that breaks even the plain questions asked of it
        return f"<{type(value).__name__} object at {id(value):#x}>"


def _shown(value: object, limit: int) -> str:
    kind = type(value)  # its class, not what its __class__ says
    if issubclass(kind, int) and not issubclass(kind, bool):
        bits = int.bit_length(value)  # type: ignore[arg-type]  # not a subclass's own bit_length
        if bits > 256:
            return f"a whole number of {bits} bits"
    try:
        text = repr(value)
    except ValueError:  # a huge number inside a container
        return f"a {kind.__name__} too large to show"
    except Exception:  # RecursionError, or a __repr__ of the caller's that raises
        try:
            text = reprlib.repr(value)
        except Exception:  # reprlib asks repr of the values it meets
            return f"<{kind.__name__} object at {id(value):#x}>"
    text = str.__str__(text)  # a plain str, whatever class __repr__ answered
    return text if len(text) <= limit else text[: limit - 1] + "…"


def type_name(value: object) -> str:
    """The name of ``value``'s type for an error message: its first public
    class (a view that ``Game.view`` makes, of a private subclass, is named
    ``PlayerView``)."""
    for kind in type(value).__mro__:
        if not kind.__name__.startswith("_"):
            return kind.__name__
    return type(value).__name__


def as_whole(
    value: object, error: type[TrapperError], what: str, *, low: int | None = None
) -> int:
    """``value`` as an ``int``: an ``int`` or anything that is a whole number
    (``__index__``: a NumPy integer), not a bool, and at least ``low`` if
    given; raises ``error`` (``what``, then the value shown) otherwise.
    ``int()`` would take 2.9 as 2, and ``random.Random`` text and floats as
    seeds."""
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if low is None or number >= low:
                return number
    raise error(f"{what}, not {shown(value)}")


def as_real(value: object, error: type[TrapperError], what: str) -> float:
    """``value`` as Python's own number: an ``int`` for a whole number
    (``__index__``: a NumPy integer), a ``float`` for any other real number
    (a NumPy float, a ``Fraction``), not a bool; raises ``error`` (``what``,
    then the value shown) otherwise. Finiteness and bounds are the caller's."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error(f"{what}, not {shown(value)}")
    return operator.index(value) if hasattr(value, "__index__") else float(value)


def as_flag(value: object, error: type[TrapperError], what: str) -> bool:
    """``value``, a ``bool``; raises ``error`` (``what`` is True or False,
    then the value shown) for anything else: ``"no"`` and ``None`` would
    be read as a flag's truth, ``"no"`` as true."""
    if value.__class__ is bool:
        return value
    raise error(f"{what} is True or False, not {shown(value)}")


def as_tuple(value: object, error: type[TrapperError], what: str) -> tuple[Any, ...]:
    """``value`` as a tuple; raises ``error`` (``what``, then the value shown)
    when it is no iterable at all. An error raised while iterating one is
    its own, and passes."""
    if type(value) is tuple:
        return value
    try:
        return tuple(value)  # type: ignore[arg-type]
    except TypeError:
        if isinstance(value, Iterable):
            raise
        raise error(f"{what}, not {shown(value)}") from None
