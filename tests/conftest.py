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


# -- a saved-game mutator shared by the hostile-input tests of every game (issue 11) ----------------

import json  # noqa: E402

from hypothesis import strategies as st  # noqa: E402


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _get(node, path):
    for k in path:
        node = node[k]
    return node


RETYPES = [None, "x", -1, 0, 10 ** 6, 1.5, True, [], {}, [1, 2]]


def _edit(draw, doc, paths, path, op, values) -> None:
    """One edit of ``doc`` at ``path``: drop it, duplicate it (in a list), swap it with another of
    ``paths`` (neither holding the other, so no loop), or else put a value drawn from ``values`` there
    (a copy: a shared [] or {} edited later would change the strategy's own values and could loop)."""
    parent, key = _get(doc, path[:-1]), path[-1]
    if op == "drop":
        del parent[key]
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    elif op == "swap":
        other = draw(st.sampled_from(paths))
        if other[:len(path)] != path and path[:len(other)] != other:
            oparent, okey = _get(doc, other[:-1]), other[-1]
            parent[key], oparent[okey] = oparent[okey], parent[key]
    else:
        parent[key] = json.loads(json.dumps(draw(values)))


@st.composite
def mutated(draw, doc):
    doc = json.loads(json.dumps(doc))
    paths = [p for p in _paths(doc) if p]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        try:
            op = draw(st.sampled_from(["drop", "duplicate", "swap", "retype", "face"]))
            _edit(draw, doc, paths, path, op, st.sampled_from(RETYPES) if op == "retype" else st.integers(-2, 12))
        except (KeyError, IndexError, TypeError):
            continue  # the path no longer exists after an earlier edit
    return json.loads(json.dumps(doc))  # a plain document again: shared parts are copied apart


@pytest.fixture(scope="session")
def mutator():
    """``mutator(doc)``: a strategy of copies of the JSON document ``doc`` with one to three edits:
    a field dropped, an item duplicated, two values swapped, a value retyped, a number edited."""
    return mutated


#: JSON values of every shape, to put where another shape belongs (nested lists and objects, None,
#: numbers as strings, a hex as text)
JSON_SHAPES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["", "x", "1", "1,2", "A", "Ann", "mg-50"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["q", "r", "name", "x"]), inner,
                                                                 max_size=3),
    max_leaves=6)


@st.composite
def reshaped(draw, doc):
    """``doc`` with one to three edits, each made on the document as the edits before left it: a field
    dropped, an item duplicated, two values swapped, or a value replaced by a JSON value of any shape."""
    for _ in range(draw(st.integers(1, 3))):
        doc = json.loads(json.dumps(doc))
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        op = draw(st.sampled_from(["drop", "duplicate", "swap", "graft", "graft"]))
        _edit(draw, doc, paths, draw(st.sampled_from(paths)), op, JSON_SHAPES)
    return json.loads(json.dumps(doc))


@pytest.fixture(scope="session")
def reshaper():
    """``reshaper(doc)``: a strategy of copies of the JSON document ``doc`` in malformed shapes
    (``reshaped``), for the tests that every load path names what it refuses."""
    return reshaped


# -- what the Aces skirmish map shows, read back from its SVG (cs_panel/aces/render.py skirmish_svg) ----

@pytest.fixture
def skirmish_map():
    """A reader of an ``AcesSkirmish``'s map as drawn: its squares (from the base layer) with their
    fills, the squares shaded as reach with their fills, each line of fire as (colour, dashed),
    and each character as (label, name and player)."""
    import re

    def read(app) -> dict:
        base, top = app._map.base, app._map.top
        squares = {(int(c), int(r)): fill for c, r, fill in
                   re.findall(r"<rect class='cs-square' data-pick='(\d+),(\d+)'[^>]*fill='([^']+)'", base)}
        reach = {((int(x) - 1) // 40, (int(y) - 1) // 40): fill
                 for fill, d in re.findall(r"<path class='cs-reach' data-kind='\w+' fill='([^']+)'[^>]* d='([^']+)'", top)
                 for x, y in re.findall(r"M(\d+) (\d+)h38v38h-38z", d)}  # a square each
        lines = [(colour, "stroke-dasharray" in rest) for colour, rest in
                 re.findall(r"<line class='cs-lof'[^>]*stroke='([^']+)'([^>]*)/>", top)]
        pieces = re.findall(r"<circle class='cs-piece'[^>]*><title>([^<]*)</title></circle><text[^>]*>([^<]*)</text>", top)
        return {"squares": squares, "reach": reach, "lines": lines,
                "pieces": [(label, name) for name, label in pieces]}

    return read
