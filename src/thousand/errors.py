"""The errors the library raises: each is a ``ValueError`` that says what was wrong."""

from __future__ import annotations

import reprlib

__all__ = ["IllegalActionError", "RulesError", "ThousandError"]

# An int longer than this (about 600 digits) is described, not printed: ``str`` refuses ints
# beyond sys.get_int_max_str_digits(), which may be set as low as 640 digits.
_PRINTABLE_BITS = 2000
_LOG10_2 = 0.30102999566398120


class _Short(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() <= _PRINTABLE_BITS:
            return super().repr_int(x, level)
        size = abs(x)
        digits = int((size.bit_length() - 1) * _LOG10_2) + 1  # the digits of 2**(bits - 1)
        digits += size >= 10**digits
        return f"<{'negative ' if x < 0 else ''}int of {digits} digits>"


# Bad input is shown in messages cut short, however long, deeply nested or large it is.
_SHORT = _Short()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 3, 40, 40, 40


def shown(value: object) -> str:
    """A short repr of a bad value, for an error message."""
    text = _SHORT.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_seat(value: object, name: str, *, none: bool = False, players: int = 3) -> None:
    """Refuse anything but a seat of a table of ``players``: the plain int 0, 1 or 2 (or 3 at
    a table of four; ``None`` too if ``none``).

    Values that merely equal a seat (``1.0``, ``True``, a NumPy integer) are refused as well:
    they would index tuples wrongly or leak into states and their JSON dicts.
    """
    if (type(value) is int and 0 <= value < players) or (none and value is None):
        return
    seats = "0, 1 or 2" if players == 3 else "0, 1, 2 or 3"
    if name == "seat":
        head = f"seat must be {seats}"
    else:
        head = f"{name} must be {'None or ' if none else ''}a seat {seats}"
    if players == 4:
        head += " at a table of four"
    check_int(value, head, 0, players - 1)


def check_int(value: object, head: str, low: int, high: int) -> int:
    """``value`` when it is a plain int from ``low`` to ``high``; else ``ValueError`` with
    ``head`` (what the value must be) and the value. ``True``, ``1.0`` and NumPy integers are
    refused: they only look like ints."""
    if type(value) is int and low <= value <= high:
        return value
    if type(value) is int:
        raise ValueError(f"{head}, not {shown(value)}")
    raise ValueError(f"{head} (a Python int), not {shown(value)} of type {type(value).__name__}")


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
        super().__init__(f"illegal action '{_text(action)}' in phase {phase_name}: {reason}")

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[object, object, str]]:
        # Rebuilt from its parts when unpickled: raised in a worker process, it reaches the
        # arena's caller whole.
        return type(self), (self.action, self.phase, self.reason)


def _text(action: object) -> str:
    """An action's text form; for a value that is no action and prints badly (an int too long
    for ``str``, a broken ``__str__``), its short repr; long text (no action's is: a whole deal
    is 82 characters) is cut short."""
    try:
        text = str(action)
    except Exception:  # the error being built must not turn into this one
        return shown(action)
    return text if len(text) <= 100 else text[:97] + "..."
