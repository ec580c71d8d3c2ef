"""Shared test set-up: the ``rule`` marker must cite ids that exist in the rules index."""

from __future__ import annotations

import pytest

from cs_panel.core.rules import all_rule_ids

KNOWN = set(all_rule_ids())


def pytest_collection_modifyitems(config, items):
    for item in items:
        for mark in item.iter_markers("rule"):
            unknown = [a for a in mark.args if a not in KNOWN]
            if unknown or not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: rule marker cites unknown id(s) {unknown or '(none)'}")
