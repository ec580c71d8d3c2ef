"""Helpers for the lessons' exercises: feedback on a learner's answer, in the notebook.

An exercise leaves the learner's answer as ``None``; ``check`` then just asks for one. The
lesson also asserts the solution against the rules core, so every lesson doubles as a test.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says about an answer; shows itself as coloured text in a notebook."""

    question: str
    answer: Any
    correct: bool | None  # None: no answer yet
    hint: str = ""

    @property
    def text(self) -> str:
        if self.correct is None:
            return f"{self.question}: put your answer in the cell above and run it again."
        if self.correct:
            return f"{self.question}: {self.answer!r} is right."
        return f"{self.question}: {self.answer!r} is not it yet. {self.hint}".strip()

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        colour = {None: "#555", True: "#276749", False: "#c53030"}[self.correct]
        return f"<p style='color:{colour}'>{html.escape(self.text)}</p>"


def _same(answer: Any, expected: Any) -> bool:
    if isinstance(expected, (Fraction, float)) and isinstance(answer, (int, float, Fraction)):
        return abs(float(answer) - float(expected)) < 0.005
    return answer == expected


def check(question: str, answer: Any, expected: Any, hint: str = "") -> Feedback:
    """Compare a learner's answer with the expected one (chances may be given as 0.6 or 3/5).

    >>> check("Exercise 1", None, 4).correct is None
    True
    >>> check("Exercise 1", 0.6, Fraction(3, 5)).correct
    True
    """
    if answer is None:
        return Feedback(question, answer, None, hint)
    return Feedback(question, answer, _same(answer, expected), hint)
