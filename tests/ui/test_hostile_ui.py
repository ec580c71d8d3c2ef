"""Hostile input to every component parameter (issue 11): a fuzz layer, the served app's file
boxes, and the bounded caches.

Every settable parameter of every component in ``cs_panel.ui`` gets random, often hostile
values (huge and negative numbers, NaN, wrong types, long strings, HTML, paths). The component
must either take the value and keep rendering, or refuse it before it is set, leaving every
parameter as it was. A refusal by one of our bounded parameters is a named ``CsPanelError``
citing the field; ``param``'s own type check on a selector or a flag (a value no widget can send)
is accepted as a refusal too, provided nothing changed.
"""

from __future__ import annotations

import copy
import importlib
import json
import math
import os
import traceback

import panel as pn
import param
import pytest
from bokeh.document import Document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cs_panel.clix.figures import FIGURES_CACHE_SIZE, figures, figures_from_text, figures_text
from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.ui import _COMPONENTS
from cs_panel.ui.common import RuleInteger, RuleNumber, served

HOSTILE_TEXT = [
    "", " ", "9" * 5000, "-" + "9" * 5000, "<img src=x onerror=alert(1)>", "<script>alert(1)</script>",
    "package:../../../../etc/passwd", "/dev/zero", "/etc/passwd", "../../secret.json", "x" * 3000,
    "1e999", "nan", "-1", "0", "3L2F", "guns x2 at Ace", "rocket 1 at hex 3000000,0", "\x00\ud7ff", "{" * 5000,
]
HOSTILE_NUMBERS = [0, -1, 1, 6, 7, 10, 11, 99, -(10 ** 9), 10 ** 9, 10 ** 40, 10 ** 41, -(10 ** 5000), 10 ** 5000,
                   float("nan"), float("inf"), -float("inf"), 0.5, 1e308]
JUNK = [None, True, False, "abc", [], {}, object(), b"bytes", 3.5, (1, 2)]

#: parameters of the Viewer base class that no component uses as an input
BASE_PARAMS = set(pn.viewable.Viewer.param)


def component_class(name: str):
    return getattr(importlib.import_module(_COMPONENTS[name]), name)


def inputs(cls) -> list[str]:
    """The parameters a user (or a script) may set: not constant, not read-only, not the base's."""
    return [n for n, p in cls.param.objects("existing").items()
            if n not in BASE_PARAMS and not p.constant and not p.readonly]


def values_for(p: param.Parameter) -> st.SearchStrategy:
    """Often hostile values for one parameter, with some of its valid ones mixed in."""
    junk = st.sampled_from(JUNK)
    if isinstance(p, (param.Integer, param.Number)):
        lo, hi = p.bounds or (None, None)
        near = st.integers(min_value=math.floor(lo if lo is not None else -50) - 5,
                           max_value=math.ceil(hi if hi is not None else 50) + 5)
        return st.one_of(near, st.sampled_from(HOSTILE_NUMBERS), st.integers(), junk)
    if isinstance(p, param.Boolean):
        return st.one_of(st.booleans(), junk, st.sampled_from(["yes", "no", 1, 0]))
    if isinstance(p, param.Selector):
        objects = list(p.objects) if not isinstance(p.objects, dict) else list(p.objects.values())
        valid = st.sampled_from(objects) if objects else st.nothing()
        return st.one_of(valid, st.sampled_from(HOSTILE_TEXT), junk)
    if isinstance(p, param.String):
        return st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=40), junk)
    if isinstance(p, param.List):
        return st.one_of(st.just([]), st.lists(st.sampled_from(HOSTILE_TEXT[:6] + [None, 10 ** 50, {}]), max_size=3), junk)
    if isinstance(p, param.Dict):
        return st.one_of(st.just({}), st.dictionaries(st.sampled_from(HOSTILE_TEXT[:8]), st.sampled_from(HOSTILE_TEXT[:8] + [10 ** 50])),
                         junk)
    return junk


def snapshot(obj) -> dict:
    out = {}
    for n in obj.param:
        if n in BASE_PARAMS:
            continue
        v = getattr(obj, n)
        if isinstance(v, param.Parameterized):  # a component inside: the same one must stay
            out[n] = v
            continue
        try:
            out[n] = copy.deepcopy(v)
        except Exception:  # a bokeh model or a generator: compare by identity
            out[n] = v
    return out


def same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    try:
        return bool(a == b) or a is b
    except Exception:
        return a is b


def from_param_validation(exc: BaseException) -> bool:
    """Whether a plain ValueError/TypeError came from ``param``'s own check of the value."""
    frames = traceback.extract_tb(exc.__traceback__)
    return bool(frames) and "/param/" in frames[-1].filename


NAMES = sorted(_COMPONENTS)


def built(name: str):
    """A fresh component (each is built in well under a second)."""
    return component_class(name)()


#: examples per component: in CI (derandomized, the same ones every run) 10, each building a
#: component afresh (15 to 170 ms); locally 20, new ones every run, to keep exploring
EXAMPLES = 10 if os.environ.get("CI") else 20


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_parameter_takes_a_value_or_refuses_it_by_name_and_keeps_the_state(name, data):
    obj = built(name)
    cls = type(obj)
    names = inputs(cls)
    assert names, f"{name} has no inputs to fuzz"
    for _ in range(3):
        pname = data.draw(st.sampled_from(names), label="parameter")
        value = data.draw(values_for(cls.param[pname]), label=pname)
        before = snapshot(obj)
        try:
            setattr(obj, pname, value)
        except CsPanelError as e:
            assert e.field, f"{name}.{pname}: a refusal must name its field: {e}"
            changed = [n for n in before if not same(before[n], getattr(obj, n))]
            assert changed == [], f"{name}.{pname} = {value!r} was refused but changed {changed}"
            continue
        except (ValueError, TypeError) as e:
            assert not isinstance(cls.param[pname], (RuleInteger, RuleNumber)), (
                f"{name}.{pname}: a bounded parameter refuses with a named error, got {type(e).__name__}: {e}")
            assert from_param_validation(e), f"{name}.{pname} = {value!r} raised a bare {type(e).__name__} outside param: {e}"
            changed = [n for n in before if not same(before[n], getattr(obj, n))]
            assert changed == [], f"{name}.{pname} = {value!r} was refused but changed {changed}"
            continue
        # accepted: the component's own messages are text and its views still build
        for attr in ("error", "roll_error", "mission_error", "card_error"):
            if attr in obj.param:
                assert isinstance(getattr(obj, attr), str)
    obj.__panel__()


@pytest.mark.parametrize("name", NAMES)
def test_every_numeric_input_is_bounded_by_the_limits(name):
    """No numeric input is open-ended: each has both bounds, and an out-of-bounds value is a
    named error with the field (so ``PilotSheet().half_kills = 10**9`` never reaches a rule)."""
    cls = component_class(name)
    obj = None
    for pname in inputs(cls):
        p = cls.param[pname]
        if not isinstance(p, (param.Integer, param.Number)):
            continue
        assert isinstance(p, (RuleInteger, RuleNumber)), f"{name}.{pname} is a bare {type(p).__name__}"
        lo, hi = p.bounds
        assert lo is not None and hi is not None, f"{name}.{pname} is unbounded: {p.bounds}"
        # a browser's number box holds these exactly (bokeh warns, and the page fails, past them)
        assert -(2 ** 53 - 1) < lo <= hi <= 2 ** 53 - 1, f"{name}.{pname}: {p.bounds} is beyond a browser's whole numbers"
        # one component for all its inputs: each refusal below is checked to leave the value as it
        # was, so the next input meets the component as built (and a build can take a second)
        if obj is None:
            obj = built(name)
        keep, before = getattr(obj, pname), snapshot(obj)
        with pytest.raises(CsPanelError) as e:
            setattr(obj, pname, hi + 1 if not isinstance(p, param.Integer) or hi < 10 ** 30 else 10 ** 50)
        assert e.value.field == pname and getattr(obj, pname) == keep
        changed = [n for n in before if not same(before[n], getattr(obj, n))]
        assert changed == [], f"{name}.{pname} was refused but changed {changed}"


def test_half_kills_of_a_billion_is_refused_before_any_rule_runs():
    from cs_panel.ui import PilotSheet

    sheet = PilotSheet()
    with pytest.raises(CsPanelError) as e:
        sheet.half_kills = 10 ** 9
    assert e.value.field == "half_kills" and str(LIMITS["count"].hi) in str(e.value) and sheet.half_kills == 0


def test_bounds_come_from_the_rules_limits():
    from cs_panel.ui import AttackOdds, PilotSheet, ToHitCalculator

    assert PilotSheet.param.dead_eye.bounds == LIMITS["fasa.skill"].bounds
    assert ToHitCalculator.param.target_base.bounds == LIMITS["fasa.base_to_hit"].bounds
    ui = AttackOdds()
    with pytest.raises(CsPanelError) as e:
        ui.silhouette = 99
    assert e.value.field == "silhouette" and ui.silhouette == 5 and ui.attack is not None
    # the refusal shows beside the silhouette box, naming the value typed and the limits
    assert "silhouette 99 must be" in ui._errors.message("silhouette")
    # the box itself has no bounds: a bounded browser box would put the old value back silently
    widget = pn.widgets.IntInput.from_param(ui.param.silhouette)
    assert (widget.start, widget.end) == (None, None)
    with pytest.raises(CsPanelError):  # typed in the box: refused by name beside it, the box back at the legal value
        widget.value = 98
    assert widget.value == 5 and "silhouette 98 must be" in ui._errors.message("silhouette")
    widget.value = 4
    assert ui.silhouette == 4 and ui._errors.message("silhouette") == ""


def test_every_component_shows_a_refused_number_beside_its_input():
    """Each numeric input of each component: a value past its limit is refused and the message,
    naming the value, appears in one of the component's message slots (the browser box keeps no
    bounds of its own, so this message is how a player learns the limit)."""
    from cs_panel.ui import __all__ as names
    import cs_panel.ui as ui_mod
    from cs_panel.ui.common import FieldErrors, RuleInteger, RuleNumber

    checked = 0
    for name in names:
        cls = getattr(ui_mod, name)
        if not isinstance(cls, type) or not issubclass(cls, pn.viewable.Viewer):
            continue
        comp = cls()
        for pname, p in cls.param.objects("existing").items():
            if not isinstance(p, (RuleInteger, RuleNumber)) or p.constant or p.readonly or p.bounds[1] is None:
                continue
            bad = p.bounds[1] + 1
            with pytest.raises(CsPanelError):
                setattr(comp, pname, bad)
            shown = [b.message(f) for b in vars(comp).values() if isinstance(b, FieldErrors)
                     for f in [*b.slots, None]]
            if hasattr(comp, "show_error"):  # a component with message slots of its own
                shown.append(comp.message())
            label = pname.replace("_", " ")
            assert any(m.startswith(label) and "must be" in m for m in shown), (name, pname, shown)
            checked += 1
    assert checked >= 30


# --- numbers typed as text ------------------------------------------------------------------------

@pytest.mark.parametrize("field", ["points", "experience_multiplier", "base_silhouette", "base_front_range",
                                   "base_rear_range", "start", "structural_limit", "speeds", "red_line", "speed_start",
                                   "squares"])
def test_a_5000_digit_number_in_a_dial_editor_box_is_named_beside_it(field):
    from cs_panel.ui import DialEditor

    ed = DialEditor()
    ed.param.update(**{field: "9" * 5000})
    assert ed.figure is None and ed.error_field == field and getattr(ed, field) == "9" * 5000
    assert "limit" in ed._errors.message(field)
    ed.param.update(**{field: "9" * 13})
    assert ed.figure is None and "12 digits" in ed._errors.message(field)


def test_a_5000_digit_number_in_a_click_cell_is_named_beside_the_table():
    from cs_panel.ui import DialEditor

    ed = DialEditor()
    ed.set_cell(0, "speed", "9" * 5000)
    assert ed.figure is None and (0, "speed") in ed.bad_cells and "limit" in ed._errors.message("clicks")
    ed.set_cell(0, "speed", "9" * 13)
    assert ed.figure is None and (0, "speed") in ed.bad_cells and "12 digits" in ed._errors.message("clicks")
    ed.set_cell(0, "speed", "6")
    assert ed.figure is not None and ed.bad_cells == []


def test_a_5000_digit_number_in_the_faces_box_is_named_beside_it():
    from cs_panel.ui import AttackOdds

    ui = AttackOdds()
    ui.faces = "9" * 5000
    assert ui.roll_result is None and ui.roll_error and ui._face_errors.message("faces") and ui.attack is not None


# --- no server files from a served app --------------------------------------------------------

@pytest.fixture
def as_served(monkeypatch):
    """Run as if served: ``pn.state.served`` is true (as in a ``panel serve`` script)."""
    monkeypatch.setattr(type(pn.state), "served", property(lambda self: True))
    assert served()
    yield


def test_a_served_session_is_told_apart_by_its_document():
    """Inside a served session the document has a session context; ``served()`` sees it even
    where ``pn.state.served`` (which looks at the caller's module) does not."""
    class Session:
        pass

    doc = Document()
    session = Session()
    doc._session_context = lambda: session
    token = pn.state._curdoc.set(doc)
    try:
        assert served()
    finally:
        pn.state._curdoc.reset(token)
    assert not served()


def _text_boxes(layout) -> dict[str, pn.widgets.Widget]:
    return {w.name: w for w in layout.select(pn.widgets.Widget)
            if isinstance(w, (pn.widgets.TextInput, pn.widgets.TextAreaInput))}


def test_not_served_in_a_plain_test():
    assert not served()


@pytest.mark.parametrize("name", NAMES)
def test_no_served_component_offers_a_path_box(name, as_served):
    layout = component_class(name)().__panel__()
    boxes = _text_boxes(layout)
    assert not [label for label in boxes if "path" in label.lower() or "file" in label.lower()], boxes


def test_the_local_notebook_keeps_its_path_boxes():
    from cs_panel.ui import ClixDial, DialEditor

    assert "Figures data file (local notebook only)" in _text_boxes(DialEditor().__panel__())
    assert "Path (local notebook only)" in _text_boxes(ClixDial().__panel__())


def test_served_dial_editor_neither_writes_nor_reads_a_path(as_served, tmp_path):
    from cs_panel.ui import DialEditor

    target = tmp_path / "written.json"
    ed = DialEditor(path=str(target))
    assert not ed.save() and not target.exists() and "served" in ed._errors.message("path")
    target.write_text(figures_text([figures()["charlie-steele-ace"]]))
    assert not ed.load() and ed.fig_id == "my-plane"


def test_served_clix_dial_reads_no_path(as_served, tmp_path):
    from cs_panel.ui import ClixDial

    mine = tmp_path / "mine.json"
    mine.write_text(figures_text([figures()["charlie-steele-ace"]]))
    d = ClixDial()
    for source in (str(mine), "/dev/zero", "/etc/passwd"):
        d.source = source
        assert "reads no files from the server" in d._errors.message("source") and d.figure.id == "sample-fighter"
    d.source = "package:../../../etc/passwd"
    assert "not a packaged figures file" in d._errors.message("source") and d.figure.id == "sample-fighter"


def test_figures_come_from_an_upload_capped_and_checked(as_served):
    from cs_panel.ui import ClixDial
    from cs_panel.ui.common import UPLOAD_BYTES

    d = ClixDial()
    text = figures_text([figures()["charlie-steele-ace"]])
    assert d.load_upload(text.encode(), "mine.json")
    assert d.source == "upload:mine.json" and d.figure.id == "charlie-steele-ace" and d.param.figure_id.objects == ["charlie-steele-ace"]
    for bad, why in ((b"\xff\xfe", "UTF-8"), (b"[" * 100 + b"]" * 100, "deeper"), (b"x" * (UPLOAD_BYTES + 1), "limit"),
                     (b"", "empty"), (json.dumps({"entries": [{"id": "x"}]}).encode(), "provenance")):
        assert not d.load_upload(bad, "bad.json")
        assert why in d._upload_errors.message("upload") and d.figure.id == "charlie-steele-ace"


def test_dial_editor_downloads_and_uploads_the_figure(as_served):
    from cs_panel.ui import DialEditor

    ed = DialEditor()
    ed.fig_name = "Red Baroness"
    text = ed._download().read()
    other = DialEditor()
    assert other.load_text(text.encode(), name="mine.json") and other.figure == ed.figure
    assert not other.load_text(b"{" * 50_000, name="deep.json") and other.figure == ed.figure
    assert "deeper" in other._errors.message("upload")
    other.points = "lots"
    assert other._download().read() == "" and "nothing to download" in other._errors.message("path")


def test_fasa_table_downloads_and_uploads_the_game():
    from cs_panel.ui import FasaTable
    from cs_panel.ui.common import UPLOAD_BYTES

    table = FasaTable()
    saved = table._download().read()
    assert saved and saved == table.saved
    fresh = FasaTable()
    assert fresh.load_upload(saved.encode()) and fresh.game.log == table.game.log
    before = fresh.game
    for bad in (b"[" * 100_000, b"\xff", b"x" * (UPLOAD_BYTES + 1), b"", b'{"type": "Referee", "format": 1, "data": ' + b"9" * 5000 + b"}"):
        assert not fresh.load_upload(bad) and fresh.game is before and fresh._errors.message("saved")


def test_fasa_table_load_names_deep_json_and_keeps_the_game():
    from cs_panel.ui import FasaTable

    table = FasaTable()
    game = table.game
    table.saved = "[" * 100_000 + "]" * 100_000
    assert not table.load() and table.game is game and "deeper" in table._errors.message("saved")


# --- bounded caches ---------------------------------------------------------------------------------

def test_the_figures_cache_is_bounded(tmp_path):
    figures.cache_clear()
    for i in range(FIGURES_CACHE_SIZE * 3):
        path = tmp_path / f"f{i}.json"
        path.write_text(figures_text([figures()["charlie-steele-ace"]]))
        figures(str(path))
    info = figures.cache_info()
    assert info.maxsize == FIGURES_CACHE_SIZE and info.currsize <= FIGURES_CACHE_SIZE
    assert figures("package:clix/figures.json").ids()  # the packaged file still loads


def test_figures_from_an_upload_are_never_cached():
    figures.cache_clear()
    text = figures_text([figures()["charlie-steele-ace"]])
    for i in range(20):
        figures_from_text(text, f"upload:{i}")
    assert figures.cache_info().currsize == 1  # only the packaged file read above
