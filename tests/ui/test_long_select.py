"""LongSelect (cs_panel/ui/long_select.py): a drop-down list whose options go to the browser as one
text, a line each, with a new value in the same update; what the browser sends outside the options
is ignored, and an option of more than one line is refused by name with the list kept."""

import panel as pn
import pytest
from bokeh.document import Document

from cs_panel.core.errors import CsPanelError
from cs_panel.ui.long_select import LongSelect


def drawn(widget: LongSelect):
    doc = Document()
    doc.add_root(pn.Column(widget).get_root(doc))
    model = next(m for m in doc.models if type(m).__name__ == "ReactiveESM")
    return model.data


def test_the_options_travel_as_lines_with_the_value_in_one_update():
    menu = LongSelect(label="Your action", options=["plot Ace 3SA", "plot Ace 2L1B"], value="plot Ace 3SA")
    data = drawn(menu)
    assert data.lines == "plot Ace 3SA\nplot Ace 2L1B" and data.value == "plot Ace 3SA" and data.label == "Your action"
    updates = []
    update_model = type(menu)._update_model
    menu._update_model = lambda *a, **k: updates.append(sorted(a[1])) or update_model(menu, *a, **k)
    menu.param.update(options=["plot Raider 4SA"], value="plot Raider 4SA")
    assert updates == [["lines", "value"]]
    assert data.lines == menu.lines == "plot Raider 4SA" and data.value == "plot Raider 4SA"
    menu.param.update(options=[], value=None)
    assert data.lines == "" and data.value is None


def test_a_value_from_the_browser_outside_the_options_is_ignored():
    menu = LongSelect(options=["stay Vic", "move Vic to 8,5 walk"], value="stay Vic")
    data = drawn(menu)
    menu._process_events({"value": "move Vic to 8,5 walk"})  # as the browser's change arrives
    assert menu.value == "move Vic to 8,5 walk"
    menu._process_events({"value": "x" * 10_000})  # no list offered it
    assert menu.value == "move Vic to 8,5 walk"
    assert data.value == "move Vic to 8,5 walk"


def test_an_option_of_two_lines_is_refused_by_name_and_the_list_kept():
    menu = LongSelect(options=["stay Vic"])
    with pytest.raises(CsPanelError, match="one line of text") as refused:
        menu.options = ["stay Vic", "move\nVic"]
    assert refused.value.field == "options"
    assert menu.options == ["stay Vic"] and menu.lines == "stay Vic"
