"""Setting up a game without code: the refusal every set-up builder raises, and saving and loading
a setup as JSON.

A setup is the plain dict ``cs_panel.games.new_game(system, seed, setup)`` takes; each system's
builder (``cs_panel.fasa.setup_builder``, ``cs_panel.aces.setup_builder``) makes one from a
player's choices and refuses an illegal choice with a ``SetupError`` that names the rule which
forbids it (``rule_id``) and the choice at fault (``field``).

A saved setup is just that dict as JSON. Loading one is loading untrusted text: its size and
nesting are bounded before it is parsed (as a saved game's are), and the system's own
``check_setup`` then refuses anything a game could not start from.

>>> from cs_panel.fasa.play import demo_setup
>>> text = setup_to_json("fasa", demo_setup())
>>> setup_from_json("fasa", text) == demo_setup()
True
"""

from __future__ import annotations

import json
import re

from cs_panel.core.errors import CsPanelError, SavedStateError

#: a saved setup is far smaller than a saved game; a bigger text is refused before parsing
MAX_SETUP_TEXT = 500_000


class SetupError(CsPanelError):
    """A set-up choice the rules do not allow; ``rule_id`` names the rule that forbids it."""

    def __init__(self, message: str, *, rule_id: str, field: str | None = None):
        if rule_id not in message:
            message = f"{message} ({rule_id})"
        super().__init__(message, field=field)
        self.rule_id = rule_id


class SetupFileError(SavedStateError):
    """A saved setup that cannot be read back: too big, too deep, not JSON, or refused by the rules."""


_RULE = re.compile(r"\b([FAKB]\.[a-z0-9][a-z0-9.-]*[a-z0-9])\b")


def rule_in(message: str, default: str) -> str:
    """The first rule id a core refusal's message cites, else ``default`` (the core cites its
    rules in the text, ``"... (F.setup, FASA p.14)"``; a builder passes the id on)."""
    m = _RULE.search(message)
    return m.group(1) if m else default


def setup_to_json(system: str, setup: dict) -> str:
    """The setup, checked by the system's rules, as JSON text to save."""
    from cs_panel.games import rules_for

    checked = rules_for(system).check_setup(setup)
    return json.dumps(checked, indent=1, sort_keys=True)


def setup_from_json(system: str, text: str | bytes) -> dict:
    """A setup from saved text, bounded before parsing and checked by the system's rules; any
    fault is a ``SetupFileError`` saying what."""
    from cs_panel.core.game import _HOSTILE, _load_bounded
    from cs_panel.games import rules_for

    rules = rules_for(system)
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_SETUP_TEXT:
        raise SetupFileError(f"a saved setup is at most {MAX_SETUP_TEXT:,} characters; this one has {len(text):,}",
                             field="setup")
    try:
        doc = _load_bounded(text)
    except SavedStateError as e:
        raise SetupFileError(str(e).replace("saved game", "saved setup"), field="setup") from None
    try:
        return rules.check_setup(doc)
    except _HOSTILE as e:  # untrusted text: whatever the setup's constructors refuse is a refused file
        raise SetupFileError(f"the {system} rules refuse this setup: {str(e)[:300]}", field="setup") from None


__all__ = ["MAX_SETUP_TEXT", "SetupError", "SetupFileError", "rule_in", "setup_from_json", "setup_to_json"]
