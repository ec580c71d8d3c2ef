"""QuickSelect, QuickRadioButtonGroup, QuickTextInput (cs_panel/ui/common.py): widgets whose changed
value or options reach the bokeh model without Panel building the design's stylesheets again
(issue 14, Speed). The model must end up exactly as Panel's own widget leaves it, and the browser
must get the same changes."""

import panel as pn
import pytest
from bokeh.document import Document
from panel.theme.base import Design

from cs_panel.ui.common import STYLES, QuickRadioButtonGroup, QuickSelect, QuickTextInput

CASES = [
    (QuickSelect, pn.widgets.Select, dict(options=["a", "b"], value="a"),
     [dict(options=["a", "b", "c"], value="c"), dict(value="b"), dict(options={"x": 1, "y": 2}, value=2),
      dict(stylesheets=[STYLES]), dict(options=[], value=None), dict(disabled=True)]),
    (QuickRadioButtonGroup, pn.widgets.RadioButtonGroup, dict(options=["left", "straight", "right"], value="right"),
     [dict(options=["left", "right"], value="left"), dict(value="right"), dict(options=["straight"], value="straight"),
      dict(stylesheets=[STYLES]), dict(css_classes=["x"])]),
    (QuickTextInput, pn.widgets.TextInput, dict(value="3SA", placeholder="3SA"),
     [dict(value=""), dict(value="3L2F"), dict(placeholder="1SD"), dict(stylesheets=[STYLES])]),
]


def properties(model):
    props = dict(model.properties_with_values(include_defaults=True))
    props["stylesheets"] = [getattr(s, "css", None) or getattr(s, "url", None) or s for s in props["stylesheets"]]
    return {k: v for k, v in props.items() if k not in ("name", "id")}


@pytest.mark.parametrize("quick,panels,start,changes", CASES, ids=[c[0].__name__ for c in CASES])
def test_each_change_leaves_the_model_as_panels_own_widget_does_and_sends_the_same(quick, panels, start, changes):
    doc = Document()
    mine, theirs = quick(css_classes=["w"], **start), panels(css_classes=["w"], **start)
    roots = mine.get_root(doc), theirs.get_root(doc)
    doc.add_root(roots[0])
    doc.add_root(roots[1])
    sent = {id(roots[0]): [], id(roots[1]): []}
    doc.callbacks.on_change(lambda e: sent[id(e.model)].append((e.attr, repr(getattr(e, "new", None))))
                            if id(getattr(e, "model", None)) in sent else None)
    assert properties(roots[0]) == properties(roots[1])
    for change in changes:
        mine.param.update(**change)
        theirs.param.update(**change)
        assert properties(roots[0]) == properties(roots[1]), change
        # the same changes go to the browser (stylesheet models are made anew, so compared by text)
        assert [a for a, _ in sent[id(roots[0])]] == [a for a, _ in sent[id(roots[1])]], change
        assert [n for a, n in sent[id(roots[0])] if a != "stylesheets"] == \
               [n for a, n in sent[id(roots[1])] if a != "stylesheets"], change


@pytest.mark.parametrize("quick,panels,start,changes", CASES, ids=[c[0].__name__ for c in CASES])
def test_a_new_value_or_options_builds_no_stylesheets(monkeypatch, quick, panels, start, changes):
    doc = Document()
    mine = quick(**start)
    doc.add_root(mine.get_root(doc))
    built = []
    original = Design.params
    monkeypatch.setattr(Design, "params", lambda self, *a, **k: built.append(1) or original(self, *a, **k))
    for change in changes:
        if "stylesheets" not in change:
            mine.param.update(**change)
    assert built == []  # Panel's own widget builds them for each change
    mine.stylesheets = [STYLES]  # a change of stylesheets itself still goes Panel's way
    assert built


def test_message_slots_that_already_say_it_are_not_set_again():
    """FieldErrors.show and clear set a slot only when its text changes: every action clears every
    slot, and each needless set ran param's checks (issue 14). What the slots show is unchanged."""
    from cs_panel.core.errors import CsPanelError
    from cs_panel.ui.common import FieldErrors, error_html

    errors = FieldErrors(["a", "b"])
    sets = []
    for pane in [*errors.slots.values(), errors.general]:
        pane.param.watch(lambda e: sets.append(e.obj), "object", onlychanged=False)
    errors.show(None)
    errors.clear("a", "b")
    assert sets == []
    errors.show(CsPanelError("no", field="b"))
    assert sets == [errors.slots["b"]] and errors.slots["b"].object == error_html("no")
    sets.clear()
    errors.show(CsPanelError("no", field="b"))
    assert sets == []
    errors.show(CsPanelError("elsewhere"))
    assert sets == [errors.slots["b"], errors.general] and errors.message() == "elsewhere"
    assert errors.slots["a"].object == errors.slots["b"].object == ""


def test_a_message_slot_is_made_when_it_first_has_something_to_show_in_the_place_kept_for_it():
    """FieldErrors keeps each slot's place (beside a widget, under a row) and makes the slot's pane
    only when a message, or code, first asks for it: an empty slot was a whole pane and bokeh model
    on the page (issue 14). Made late, it lands where it would have been, as wide as its widget.
    That is a served app's way; in a notebook (no server session) every slot is made at once."""
    from cs_panel.core.errors import CsPanelError
    from cs_panel.ui.common import FieldErrors, MessageSlots

    here = FieldErrors(["q"])  # this test runs outside a server, as a notebook does
    box = pn.widgets.TextInput(width=90)
    assert list(here.slots.made()) == ["q"] and list(here.beside(box, "q")) == [box, here.slots["q"]]
    errors = FieldErrors(["a", "b", "c"], lazy=True)
    box = pn.widgets.TextInput(width=150)
    beside = errors.beside(box, "a")
    row = pn.Row(pn.widgets.Button(label="go"))
    under = errors.under(row, "b", "c")
    assert list(beside) == [box] and list(under) == [row]
    assert "a" in errors.slots and "z" not in errors.slots and list(errors.slots) == ["a", "b", "c"]
    assert errors.slots.made() == {}  # asking what is there made nothing
    errors.show(None)
    errors.clear("a", "b")
    assert errors.slots.made() == {} and errors.message("a") == ""
    errors.show(CsPanelError("too long", field="a"))
    slot = errors.slots.made()["a"]
    assert list(beside) == [box, slot] and slot.width == 150 and errors.message("a") == "too long"
    assert "cs-error-a" in slot.css_classes
    assert list(errors.slots.made()) == ["a"]  # only the slot with something to show
    errors.show(CsPanelError("no", field="c"))
    assert list(under) == [row, errors.slots.made()["c"]] and errors.slots.made()["c"].sizing_mode == "stretch_width"
    assert errors.message("a") == "" and errors.message("c") == "no"
    errors.slots["b"].object = "set from code"  # code asking for a slot makes it, in its place
    assert list(under)[-1] is errors.slots["b"]
    # a form sharing its host's slots takes them over without making any
    host, form = FieldErrors(["x"], lazy=True), FieldErrors(["y"], lazy=True)
    placed = form.beside(pn.widgets.TextInput(width=90), "y")
    host.slots.update(form.slots)
    assert isinstance(host.slots, MessageSlots) and list(host.slots) == ["x", "y"] and host.slots.made() == {}
    host.show(CsPanelError("bad y", field="y"))
    assert len(placed) == 2 and host.message("y") == "bad y"
    with pytest.raises(KeyError):
        errors.clear("nowhere")
    with pytest.raises(KeyError):
        errors.beside(box, "nowhere")


def test_a_fixed_button_group_shows_its_options_and_takes_the_browsers_click_among_all_choices():
    """FixedButtonGroup: one button per choice, made once; the options show or hide them; the
    browser's ``active`` counts among all choices; a click on a button the new options hid (sent
    before they arrived) changes nothing; options outside the choices are refused by name."""
    from cs_panel.ui.common import FixedButtonGroup

    group = FixedButtonGroup(choices=["left", "straight", "right"], options=["straight"], value="straight")
    model = group.get_root(Document())
    assert list(model.labels) == ["left", "straight", "right"] and model.active == 1
    assert model.styles["--cs-b1-display"] == "none" and model.styles["--cs-b2-display"] == "block"
    group.options, group.value = ["left", "right"], "right"
    assert list(model.labels) == ["left", "straight", "right"] and model.active == 2
    assert [model.styles[f"--cs-b{k}-display"] for k in (1, 2, 3)] == ["block", "none", "block"]
    group._process_events({"active": 0})  # the browser's click on "left", the first of all choices
    assert group.value == "left"
    group._process_events({"active": 1})  # "straight": hidden now, a click from before the options changed
    assert group.value == "left"
    with pytest.raises(ValueError, match="not among its choices"):
        group.options = ["left", "down"]


def test_a_quick_select_writes_new_options_without_bokeh_checking_each_one(monkeypatch):
    from bokeh.core.property.either import Either
    from bokeh.core.property.bases import validation_on

    doc = Document()
    plots = [f"plot Ace {m}" for m in ("A", "B", "F", "1SA", "2SA", "3SA")]
    select = QuickSelect(options=plots, value=plots[0])
    model = select.get_root(doc)
    doc.add_root(model)
    checked = []
    original = Either.validate
    monkeypatch.setattr(Either, "validate", lambda self, value, detail=True: checked.append(value) or original(self, value, detail))
    select.param.update(options=plots[::-1], value=plots[-1])
    assert model.options == plots[::-1] and model.value == plots[-1]
    assert checked == []  # an option is an Either(String, Tuple): none was checked one by one
    assert validation_on()  # and bokeh checks everything else again


def test_put_changed_sends_only_new_values_in_one_batch_as_param_update_does():
    """put_changed (issue 14): equal values reach no watcher; several new ones reach each watcher
    in one call, as obj.param.update gives them; a name the object lacks is refused."""
    import param

    from cs_panel.ui.common import put_changed

    class Thing(param.Parameterized):
        a = param.Integer(default=1)
        b = param.String(default="x")
        c = param.Boolean(default=False)

    def batches(write):
        thing, got = Thing(), []
        thing.param.watch(lambda *events: got.append(sorted((e.name, e.new) for e in events)), ["a", "b", "c"])
        write(thing)
        return got, (thing.a, thing.b, thing.c)

    assert batches(lambda t: put_changed(t, a=1, b="x")) == ([], (1, "x", False))
    assert batches(lambda t: put_changed(t, a=2, b="x")) == ([[("a", 2)]], (2, "x", False))
    mine = batches(lambda t: put_changed(t, a=3, b="y", c=False))
    assert mine == batches(lambda t: t.param.update(a=3, b="y")) == ([[("a", 3), ("b", "y")]], (3, "y", False))
    with pytest.raises(AttributeError):
        put_changed(Thing(), d=4)
