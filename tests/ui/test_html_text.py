"""HTMLText, the HTML pane that answers a new object with its new text only (issue 14, Speed).

It takes a short cut through Panel's pane update, so these tests pin down that the bokeh model
ends up exactly as Panel's own HTML pane leaves it, for the kinds of object the components give
it, and that nothing but the text is sent when the object changes.
"""

import panel as pn
import pytest
from bokeh.document import Document

from cs_panel.ui.common import STYLES, HTMLText, html_pane


class Shown:
    """An object that draws itself as HTML, as the core's results do."""

    def __init__(self, text):
        self.text = text

    def _repr_html_(self):
        return f"<p class='shown'>{self.text}</p>"


OBJECTS = [
    "<p>plain</p>",
    "<table class='cs-breakdown'><tr><td>4 &amp; 5</td><td>\u00e9 \u2192 \u26a0</td></tr></table>",
    "<script>alert(1)</script><p onclick='x()'>risky</p>",
    "",
    None,
    Shown("drawn by _repr_html_"),
]


def model_of(pane, doc):
    root = pane.get_root(doc)
    return pane._models[root.ref["id"]][0]


def properties(model):
    """The model's properties that the browser sees, with stylesheets by their text or address."""
    props = dict(model.properties_with_values(include_defaults=True))
    props["stylesheets"] = [getattr(s, "css", None) or getattr(s, "url", None) or s for s in props["stylesheets"]]
    return props


@pytest.mark.parametrize("sanitize", [False, True])
def test_after_each_change_the_model_is_as_panels_own_pane_leaves_it(sanitize):
    params = dict(css_classes=["out"], sizing_mode="stretch_width", stylesheets=[STYLES], sanitize_html=sanitize)
    doc = Document()
    mine, panels = HTMLText("<p>start</p>", **params), pn.pane.HTML("<p>start</p>", **params)
    mine_model, panels_model = model_of(mine, doc), model_of(panels, doc)
    for obj in OBJECTS:
        mine.object = panels.object = obj
        assert mine_model.text == panels_model.text
        theirs = properties(panels_model)
        ours = properties(mine_model)
        assert {k: v for k, v in ours.items() if k not in ("name", "id")} == \
               {k: v for k, v in theirs.items() if k not in ("name", "id")}


def test_a_change_of_object_sends_only_the_text():
    doc = Document()
    pane = html_pane("<p>one</p>", css_classes=["out"], sizing_mode="stretch_width")
    model = model_of(pane, doc)
    doc.add_root(model)
    changed = []
    doc.on_change(lambda event: changed.append(getattr(event, "attr", None)))
    pane.object = "<p>two</p>"
    assert changed == ["text"] and "two" in model.text
    changed.clear()
    pane.object = "<p>two</p>"  # the same text again: nothing is sent
    assert changed == []


def test_other_parameters_still_reach_the_model():
    doc = Document()
    pane = html_pane("<p>one</p>", css_classes=["out"])
    model = model_of(pane, doc)
    pane.css_classes = ["out", "more"]
    pane.visible = False
    assert "more" in model.css_classes and model.visible is False
    pane.sanitize_html = True
    pane.object = "<p>safe<script>alert(1)</script></p>"
    assert "script" not in model.text and "safe" in model.text


def test_streaming_keeps_panels_own_path():
    doc = Document()
    pane = HTMLText("<p>a</p>", enable_streaming=True)
    model = model_of(pane, doc)
    pane.object = "<p>ab</p>"
    assert model.text.endswith("&lt;/p&gt;") and "ab" in model.text
