"""The base class of every action.

A variant's actions are immutable attrs classes deriving from [`Action`][trapper_core.Action];
their kinds (``trapper_core.ActionKind``) say which are legal, what they do
and how they are written. The base game's actions live in ``trapper_base``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .errors import ActionFieldError, PluginError, shown

__all__ = ["Action", "exactly"]


@attrs.frozen
class Action:
    """Base class of every action. Actions are immutable and hashable."""


def exactly(*types: type, optional: bool = False) -> Callable[[Any, Any, Any], None]:
    """An attrs validator for an action's field: the value's type is one of
    ``types`` itself (or the value is ``None``, when ``optional``), else
    [`ActionFieldError`][trapper_core.ActionFieldError].

    ``attrs.validators.instance_of(int)`` takes ``True``, and a subclass of
    ``Square`` could compare equal to any square: an action holding such a
    value equals the one the game lists, passes every check, and is then
    written ``>CBTrue``. A field checked with ``exactly`` keeps every action a
    game holds one it can write and read back:

    ```python
    @attrs.frozen
    class Donate(Action):
        colour: Colour = attrs.field(validator=exactly(Colour))
    ```
    """
    for kind in types:
        if not isinstance(kind, type):
            raise PluginError(f"exactly takes the types a field may hold, not {shown(kind)}")
    allowed = (*types, type(None)) if optional else types
    names = " or ".join("None" if t is type(None) else t.__name__ for t in allowed)

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if type(value) not in allowed:
            raise ActionFieldError(
                f"{type(instance).__name__}: {attribute.name} is {names}, "
                f"not {type(value).__name__} ({shown(value, 40)})"
            )

    return check
