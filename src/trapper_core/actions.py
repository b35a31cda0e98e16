"""The base class of every action.

A variant's actions are immutable attrs classes deriving from [`Action`][trapper_core.Action];
their kinds (``trapper_core.ActionKind``) say which are legal, what they do
and how they are written. The base game's actions live in ``trapper_base``.
"""

from __future__ import annotations

import attrs

__all__ = ["Action"]


@attrs.frozen
class Action:
    """Base class of every action. Actions are immutable and hashable."""
