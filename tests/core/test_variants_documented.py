"""Every reading we chose between two is a named variant, off by default, explained in RULINGS.md.

Completeness of documentation, not a rule: a variant whose source is "our reading" exists because
the text could be read two ways; RULINGS.md must say which reading is the default and why, in an
entry that names the variant and the rule id it modifies.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from cs_panel.core.variants import OFFICIAL, VARIANTS

ROOT = Path(__file__).resolve().parents[2]

#: the modules that register variants (each rule module registers its own)
REGISTERING = ("cs_panel.fasa.movement", "cs_panel.fasa.damage", "cs_panel.fasa.collisions", "cs_panel.fasa.pilots",
               "cs_panel.fasa.gunnery", "cs_panel.airaction.game", "cs_panel.barrooms.firing")

#: readings the independent read of the texts (issue 12) asked to see side by side
SIDE_BY_SIDE = ("fasa.redline-past-engine-damage", "fasa.wing-control-own-side", "fasa.widow-strict-centre",
                "fasa.side-step-straight-tail")


def _our_readings():
    for name in REGISTERING:
        importlib.import_module(name)
    return sorted((v for v in VARIANTS.values() if v.source == "our reading"), key=lambda v: v.name)


def _entries() -> list[str]:
    """RULINGS.md's bullet entries, each as one line of text."""
    text = (ROOT / "RULINGS.md").read_text(encoding="utf-8")
    return [" ".join(b.split()) for b in re.split(r"\n(?=- \*\*)", text) if b.startswith("- **")]


def test_the_side_by_side_readings_are_variants_of_our_own():
    names = {v.name for v in _our_readings()}
    assert set(SIDE_BY_SIDE) <= names


@pytest.mark.parametrize("name", SIDE_BY_SIDE)
def test_each_reading_is_off_by_default_and_explained_with_its_rule_in_rulings(name):
    _our_readings()
    v = VARIANTS[name]
    assert not OFFICIAL.enabled(name), "the default is the text's plain words, the variant the other reading"
    entries = [e for e in _entries() if f"`{name}`" in e]
    assert entries, f"RULINGS.md has no entry naming {name}"
    assert any(v.rule in e for e in entries), f"the entry naming {name} does not cite {v.rule}"
