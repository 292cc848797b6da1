"""The errors the library raises: each is a ``ValueError`` that says what was wrong."""

from __future__ import annotations

import reprlib

__all__ = ["IllegalActionError", "RulesError", "ThousandError"]

# Bad input is shown in messages cut short, however long or deeply nested it is.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 3, 40, 40, 40


def shown(value: object) -> str:
    """A short repr of a bad value, for an error message."""
    text = _SHORT.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class ThousandError(ValueError):
    """Base of the library's own errors."""


class RulesError(ThousandError):
    """A rules configuration is invalid; the message names the field (or the two conflicting
    parts) and the reason."""


class IllegalActionError(ThousandError):
    """An action is not legal in a state.

    The message names the action, the phase and the reason; the same parts are available as
    attributes for programs that want to react to them.
    """

    def __init__(self, action: object, phase: object, reason: str) -> None:
        self.action = action
        self.phase = phase
        self.reason = reason
        phase_name = getattr(phase, "value", phase)
        super().__init__(f"illegal action '{action!s}' in phase {phase_name}: {reason}")
