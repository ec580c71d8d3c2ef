"""Shared test set-up: the ``rule`` marker must cite ids that exist in the rules index."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from cs_panel.core.rules import all_rule_ids

# Timing is no test of a rule: on a loaded two-core machine Hypothesis's per-example deadline and
# its too-slow check would fail good code. In CI the examples are derandomized, so a red run can be
# repeated exactly; locally they stay random and keep exploring.
settings.register_profile("cs_panel", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("cs_panel"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "cs_panel")

KNOWN = set(all_rule_ids())


def pytest_collection_modifyitems(config, items):
    for item in items:
        for mark in item.iter_markers("rule"):
            unknown = [a for a in mark.args if a not in KNOWN]
            if unknown or not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: rule marker cites unknown id(s) {unknown or '(none)'}")
