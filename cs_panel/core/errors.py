"""Errors named by their cause.

Every error a player can provoke is a ``ValueError`` subclass whose message names the
offending input, so a widget can print it beside that input and keep what was typed.
"""

from __future__ import annotations


class CsPanelError(ValueError):
    """Base class of every input error cs_panel raises.

    ``field`` names the input at fault (``"dead_eye"``), so a component can show the message
    next to the right widget.
    """

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


class RuleInputError(CsPanelError):
    """A value a rule cannot take: a negative range, an unknown deflection, a speed of 7."""


class SkillOutOfRangeError(RuleInputError):
    """A pilot skill outside its allowed levels (FASA skills run 0-10, F.pilot.skills p.17)."""


class OutOfRangeError(RuleInputError):
    """A target farther away than the weapon reaches."""


class UnknownRuleError(CsPanelError):
    """A rule id that is not in the rules index."""


class DataFileError(CsPanelError):
    """A data file that is malformed; the message names file, entry and field."""

    def __init__(self, path: str, message: str, *, entry: str | None = None, field: str | None = None):
        where = str(path)
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}", field=field)
        self.path = str(path)
        self.entry = entry


class SavedStateError(CsPanelError):
    """A saved game or state document that cannot be read back."""
