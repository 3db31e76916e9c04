"""Exceptions raised by the engine.

Every refusal of player input is an :class:`IllegalAction` (a ``ValueError``), so callers can
catch one type. The subclasses tell apart *why* the input was refused, as python-chess does:

* :class:`MalformedAction` - the text could not be read as an action at all;
* :class:`AmbiguousAction` - the text matches several legal actions;
* :class:`IllegalAction` itself - well formed, but the rules forbid it here.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """The action is not allowed now. The message says what is wrong and cites the rule.

    The state is left exactly as it was before the call.
    """


class MalformedAction(IllegalAction):
    """The input could not be parsed into an action."""


class AmbiguousAction(IllegalAction):
    """The input matches more than one legal action."""


class OptionError(ValueError):
    """A game option is unknown or has a bad value."""


class ContentError(ValueError):
    """A content file failed validation. The message names the file and line."""


class RestoreError(ValueError):
    """A serialized state is inconsistent and cannot be restored."""


class VersionConflict(IllegalAction):
    """The action was meant for another version of the position (``apply(...,
    expect_version=N)``): someone else acted first. The state is unchanged."""
