"""ChipChoice (cs_panel/ui/chip_choice.py): toggle buttons for several choices; the choices go to the
browser as one text (label and value a line), with a new value in the same update; what the browser
sends that is not offered is dropped; a choice of more than one line is refused by name, list kept."""

import panel as pn
import pytest
from bokeh.document import Document

from cs_panel.core.errors import CsPanelError
from cs_panel.ui.chip_choice import ChipChoice


def drawn(widget: ChipChoice):
    doc = Document()
    doc.add_root(pn.Column(widget).get_root(doc))
    return next(m for m in doc.models if type(m).__name__ == "ReactiveESM").data


def test_the_choices_travel_as_lines_with_the_value_in_one_update():
    chips = ChipChoice(label="Or several targets", options=["Ruffian", "Soldier"], value=["Soldier"])
    data = drawn(chips)
    assert data.lines == "Ruffian\tRuffian\nSoldier\tSoldier" and data.value == ["Soldier"]
    updates = []
    update_model = type(chips)._update_model
    chips._update_model = lambda *a, **k: updates.append(sorted(a[1])) or update_model(chips, *a, **k)
    chips.param.update(options={"Ruffian": "Ruffian", "Soldier (cannot be shot now)": "Soldier"}, value=["Ruffian"])
    assert updates == [["lines", "value"]]
    assert data.lines == "Ruffian\tRuffian\nSoldier (cannot be shot now)\tSoldier" and data.value == ["Ruffian"]
    assert chips.values == ["Ruffian", "Soldier"]


def test_what_the_browser_sends_is_kept_to_the_values_offered():
    chips = ChipChoice(options=["Ruffian", "Soldier"])
    drawn(chips)
    chips._process_events({"value": ["Soldier", "Ruffian"]})
    assert chips.value == ["Soldier", "Ruffian"]  # in the order chosen
    chips._process_events({"value": ["Ruffian", "Loyle", "x" * 5000]})  # nobody offered those two
    assert chips.value == ["Ruffian"]


def test_a_choice_of_two_lines_is_refused_by_name_and_the_list_kept():
    chips = ChipChoice(options=["Ruffian"])
    for bad in (["Ruf\nfian"], {"Ruffian": "Ruf\tfian"}, "Ruffian"):
        with pytest.raises(CsPanelError, match="choice") as refused:
            chips.options = bad
        assert refused.value.field == "options"
    assert chips.options == ["Ruffian"] and chips.lines == "Ruffian\tRuffian"
