"""Every file box of the app is ``common.UPLOAD_WIDTH`` wide: in a narrower one chromium shortens
the words beside its button to "No fil...hosen" (seen at 200 and 220 px in the app's screenshots)."""

from __future__ import annotations

import panel as pn
import pytest

from cs_panel import ui
from cs_panel.games import available
from cs_panel.ui.common import UPLOAD_WIDTH, upload_box
from cs_panel.ui.setup_airaction import AirActionSetupForm


def _boxes(component) -> list[pn.widgets.FileInput]:
    return list(pn.panel(component).select(pn.widgets.FileInput))


def test_upload_box_is_the_shared_width_and_passes_the_rest_on():
    box = upload_box(accept=".json", multiple=False, css_classes=["x"])
    assert (box.width, box.accept, box.multiple, box.css_classes) == (UPLOAD_WIDTH, ".json", False, ["x"])


@pytest.mark.parametrize("name", ["DialEditor", "ClixDial", "FasaTable", "GameReplay", "GameSetup"])
def test_every_file_box_of_a_component_is_the_shared_width(name):
    boxes = _boxes(getattr(ui, name)())
    assert boxes, f"{name} shows no file box"  # each of these offers an upload
    assert [b.width for b in boxes] == [UPLOAD_WIDTH] * len(boxes), name


def test_every_file_box_of_the_game_setup_is_the_shared_width_for_every_system():
    found = 0
    for system in available():
        boxes = _boxes(ui.GameSetup(system=system))
        found += len(boxes)
        assert [b.width for b in boxes] == [UPLOAD_WIDTH] * len(boxes), system
    boxes = _boxes(AirActionSetupForm())  # the Air Action squadrons' figures file
    assert boxes and [b.width for b in boxes] == [UPLOAD_WIDTH] * len(boxes)
    assert found >= len(available())  # the set-up's own upload, whatever the system
