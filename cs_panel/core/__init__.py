"""Conventions shared by every rule system: dice, explained numbers, errors, data, state."""

from cs_panel.core.errors import (
    CsPanelError,
    DataFileError,
    OutOfRangeError,
    RuleInputError,
    SavedStateError,
    SkillOutOfRangeError,
    UnknownRuleError,
)
from cs_panel.core.rules import Rule, rule
from cs_panel.core.dice import (
    ChanceEvent,
    D10Check,
    DicePoolHits,
    Dice,
    ScriptedDice,
    SumAtLeast,
)
from cs_panel.core.explain import Modifier, TargetNumber

__all__ = [
    "ChanceEvent", "CsPanelError", "D10Check", "DataFileError", "DicePoolHits", "Dice",
    "Modifier", "OutOfRangeError", "Rule", "RuleInputError", "SavedStateError",
    "ScriptedDice", "SkillOutOfRangeError", "SumAtLeast", "TargetNumber", "UnknownRuleError", "rule",
]
