"""The set-up form's upload under malformed files of every system: the file is taken and listed, or
refused beside the upload with what the form held kept as it was; never a bare Python exception."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.fasa.play import bombing_setup, zeppelin_demo_setup
from cs_panel.games import SYSTEMS, rules_for
from cs_panel.ui.game_setup import GameSetup

STARTS = {s: [rules_for(s).default_setup()] for s in SYSTEMS} | {
    "fasa": [zeppelin_demo_setup(), bombing_setup()]}


@pytest.fixture(scope="module")
def forms() -> dict[str, GameSetup]:
    return {s: GameSetup(system=s) for s in SYSTEMS}


def held(form: GameSetup) -> tuple:
    """What the form holds for its setup, to see that a refused file leaves it alone."""
    return (copy.deepcopy(form._planes), copy.deepcopy(form._extras), copy.deepcopy(form._teams), form.setup_text,
            copy.deepcopy(form.setup))


@pytest.mark.rule("F.setup", "F.zep.static", "A.setup", "K.setup", "B.sequence")
@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=25)
@given(data=st.data())
def test_a_malformed_upload_is_listed_or_refused_beside_the_upload(system, forms, reshaper, data):
    form = forms[system]
    start = data.draw(st.sampled_from(STARTS[system]))
    assert form.load_setup(json.dumps(start))
    before = held(form)
    doc = data.draw(reshaper(start))
    if form.load_setup(json.dumps(doc)):
        assert not form.message("upload")
        form._list_html()  # the form lists what it took
    else:
        assert form.message("upload"), "the refusal is shown beside the upload"
        assert held(form) == before
