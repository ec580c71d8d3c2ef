"""What a component's main input costs the server, counted instead of timed (issue 14, Speed).

``benchmarks/latency.py`` times each component's main input in the browser next to a trivial Panel
app; the misses were the server's part, where each changed bokeh model and each Python step costs
time. Timings are noisy on a shared machine, so these tests count what a change does: which
models' properties it sends the browser, and which known costly steps it runs (each test names the
step it keeps out). The change is the benchmark's own (``COMPONENTS[name]["steps"]``), applied to
the component's bokeh models as the browser would: a new value on the input's model, or a click.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import panel as pn
import param
import pytest
from bokeh.document import Document
from bokeh.document.events import ModelChangedEvent
from bokeh.events import ButtonClick

import cs_panel.ui as ui
from cs_panel.ui.common import editing

ROOT = Path(__file__).resolve().parents[2]


def _benchmark_components() -> dict[str, dict]:
    spec = importlib.util.spec_from_file_location("cs_panel_latency_benchmark", ROOT / "benchmarks" / "latency.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.COMPONENTS


COMPONENTS = _benchmark_components()


class Served:
    """A component rendered into a bokeh document, its main input driven as the browser drives it."""

    def __init__(self, name: str):
        self.spec = COMPONENTS[name]
        self.component = getattr(ui, name)(**self.spec.get("kwargs", {}))
        self.doc = Document()
        self.doc.add_root(pn.Column(self.component).get_root(self.doc))
        self._found: dict[str, object] = {}

    def model(self, css: str):
        if css not in self._found:
            self._found[css] = next(m for m in self.doc.models if "css_classes" in m.properties()
                                    and css in (m.css_classes or []))
        return self._found[css]

    def _act(self, op: str, selector: str, value):
        m = self.model(selector.split(" ")[0][1:])
        if op == "click":
            m._trigger_event(ButtonClick(m))
        else:
            if isinstance(m.value, int) and not isinstance(m.value, bool):
                value = int(value)
            m.value = value  # the browser's new value: Panel's on_change callbacks take it from here
        return m

    def step(self, i: int) -> list[tuple[str, str]]:
        """Apply the benchmark's step ``i`` (they alternate); the (model, property) pairs sent to the
        browser, each once, as a held document combines them (the input's own value left out)."""
        sent = []
        self.doc.on_change(sent.append)
        try:
            inputs = [self._act(*action) for action in self.spec["steps"][i % 2]]
        finally:
            self.doc.remove_on_change(sent.append)
        out = []
        for e in sent:
            if isinstance(e, ModelChangedEvent):
                if e.model in inputs and e.attr in ("value", "value_input"):
                    continue
                css = ",".join(c for c in (getattr(e.model, "css_classes", None) or []) if not c.startswith("cs-field"))
                key = (f"{type(e.model).__name__}[{css}]", e.attr)
            else:  # a data source's patch or new columns
                key = (type(e).__name__, "")
            if key not in out:
                out.append(key)
        return out


def _no_edit_constant(monkeypatch):
    """``param.edit_constant`` unlocks every constant parameter of a component and locks it again:
    about 0.06 to 0.14 ms a block. The hot paths unlock only what they set (``editing``)."""
    def refuse(obj):
        raise AssertionError(f"param.edit_constant({type(obj).__name__}) on a main input's path")
    monkeypatch.setattr(param, "edit_constant", refuse)


# --- editing: the outputs about to be set, and no others ------------------------------------------

class _Outputs(param.Parameterized):
    a = param.Integer(default=0, constant=True)
    b = param.Integer(default=0, constant=True)
    c = param.Integer(default=0)


def test_editing_unlocks_only_the_named_parameters_of_this_instance_and_locks_them_again():
    one, other = _Outputs(), _Outputs()
    with editing(one, "a", "c"):
        one.a, one.c = 1, 2
        with pytest.raises(TypeError):
            one.b = 1  # not named: still constant
        with pytest.raises(TypeError):
            other.a = 1  # another instance never sees its parameters unlocked
    assert (one.a, one.b, one.c) == (1, 0, 2)
    with pytest.raises(TypeError):
        one.a = 3
    one.c = 3  # a parameter that was not constant stays settable
    with pytest.raises(ZeroDivisionError):
        with editing(one, "a"):
            1 / 0
    with pytest.raises(TypeError):
        one.a = 4  # locked again after an error
    assert type(one).param["a"].constant


# --- each component's main input ------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(COMPONENTS))
def test_the_main_input_unlocks_only_the_outputs_it_sets(monkeypatch, name):
    """Every component: ``edit_constant`` also fires each input's link to its parameter twice (the
    widget made by ``from_param`` hears the parameter's ``constant`` change and sends ``disabled``),
    about 0.4 ms an Air Action turn (issue 14)."""
    served = Served(name)
    served.step(0)
    _no_edit_constant(monkeypatch)
    for i in range(1, 5):
        assert served.step(i), f"{name}: the benchmark's step {i} changed nothing on the page"


def test_a_tailing_skill_change_sends_its_two_answers_and_works_out_no_map(monkeypatch):
    import cs_panel.ui.tailing as tailing

    served = Served("TailingReveal")
    served.step(0)

    def refuse(*args, **kwargs):
        raise AssertionError("the map's hexes worked out again for a change that does not move it")
    monkeypatch.setattr(tailing, "spiral", refuse)
    for i in range(1, 5):
        assert served.step(i) == [("HTML[tail-number]", "text"), ("HTML[tail-reveal]", "text")]
    monkeypatch.undo()
    t = served.component
    t.leader_q += 1  # a plane moved: the map is drawn again
    assert t._hexes.data["q"][:1] != [None] and (t.leader_q, t.leader_r) in zip(t._hexes.data["q"], t._hexes.data["r"])
    t.follower_name = "Hawk"  # a name is on the map
    assert "Hawk" in t._planes.data["name"]


def test_a_typed_maneuver_moves_the_pick_list_without_building_its_stylesheets(monkeypatch):
    from panel.theme.base import Design

    from cs_panel.ui.serving import serve_quickly

    serve_quickly()  # as the app is served
    served = Served("ManeuverExplorer")
    served.step(0)
    built = []
    original = Design.params
    monkeypatch.setattr(Design, "params", lambda self, obj, *a, **k: built.extend(getattr(obj, "css_classes", None) or [])
                        or original(self, obj, *a, **k))
    for i in range(1, 5):
        assert ("CustomSelect[in-pick]", "value") in served.step(i)
    # served as the app serves itself (serve_quickly, point 6), no update asks the design for
    # stylesheets that did not change: not the pick list's, not the typed box's (Panel's own way
    # asked for the box's at each change, and the trivial app's)
    assert "in-pick" not in built and "in-maneuver" not in built


def test_a_shootout_chart_reads_its_inputs_once_and_asks_the_rules_once_a_range(monkeypatch):
    """The shootout's chart asks every range from 1 to 20: it reads the other inputs once for all of
    them (each range reading a dozen parameters again was about a sixth of a change's server time),
    and a new range alone, the benchmark's change, asks the rules nothing new."""
    from cs_panel.ui import shootout

    served = Served("ShootoutCalculator")
    served.step(0)
    served.step(1)  # both ranges of the benchmark's steps asked once
    asked, read = [], []
    to_hit = shootout.to_hit
    monkeypatch.setattr(shootout, "to_hit", lambda *a, **k: asked.append(a[1]) or to_hit(*a, **k))
    weapon_id = shootout.ShootoutCalculator._weapon_id
    monkeypatch.setattr(shootout.ShootoutCalculator, "_weapon_id", lambda self: read.append(1) or weapon_id(self))
    for i in range(2, 6):
        assert ("HTML[summary]", "text") in served.step(i)
    assert asked == []
    # per change, at most five: the number, its shot, the chart, the chart's ranges (one read for all
    # of them) and the summary (reading them for each range read them 25 times)
    assert len(read) <= 5 * 4, len(read)
    c = served.component
    read.clear()
    c.deadeye += 1  # another input: every range asked again, once each
    assert sorted(asked) == sorted(set(asked)) and len(asked) == len(shootout.CHART_RANGES), asked
    assert len(read) <= 5, len(read)
    assert c.result == to_hit(c.target, c.range_hexes, c.deadeye, weapon=c._weapon_id(), shots=c.shots,
                              target_speed=c.target_speed, shooter_gait=c.shooter_gait, target_gait=c.target_gait,
                              cover=None, shooter_shock=c.shooter_shock, punched=c.punched, full_auto=c.full_auto,
                              melee_skill=c.melee_skill, rules=c.rules)


def test_an_aces_change_describes_the_maps_terrain_from_what_it_worked_out_once():
    """The skirmish's drawing carries the map in words (its ``<desc>``) and is drawn again at every
    change; the terrain and walls, the same for the whole game, are gone over once a map."""
    from cs_panel.aces import render

    served = Served("AcesSkirmish")
    served.step(0)
    before = render._terrain_lines.cache_info()
    for i in range(1, 5):
        assert served.step(i)
    after = render._terrain_lines.cache_info()
    assert after.misses == before.misses and after.hits >= before.hits + 4
    board = served.component.board
    assert render.board_text(board).split("\n")[:len(render._terrain_lines(board))] == list(render._terrain_lines(board))


def test_an_aces_choice_of_character_asks_each_reach_once_while_the_table_stands(monkeypatch):
    """Choosing one character and another and back (the benchmark's change) works out each one's
    reach once: the table (a frozen ``AcesGame``) has not changed and keeps what it worked out.
    Another table, or the other break-away choice, works it out again. (``asked`` holds the
    characters whose reach the rules worked out, not those only looked up.)"""
    from cs_panel.aces import referee
    from cs_panel.aces.referee import AcesGame

    served = Served("AcesSkirmish")
    served.step(0)
    served.step(1)  # both characters' reaches worked out once
    c = served.component
    asked, asking = [], []
    reach, reachable = AcesGame.reach, referee.reachable

    def recording(self, name, *a, **k):  # whose reach is asked for, while it is
        asking.append(name)
        try:
            return reach(self, name, *a, **k)
        finally:
            asking.pop()
    monkeypatch.setattr(AcesGame, "reach", recording)
    monkeypatch.setattr(referee, "reachable", lambda *a, **k: asked.append(asking[-1]) or reachable(*a, **k))
    for i in range(2, 6):
        assert ("HTML[aces-reach]", "text") in served.step(i)
        assert c.reach == reach(c.table, c.active, broke_away=c.broke_away)
    assert asked == []
    c.broke_away = not c.broke_away  # another question: asked again
    assert asked == [c.active]
    c.broke_away = not c.broke_away  # the first answer is still kept for this table
    assert asked == [c.active]
    before = c.table
    c.positions = {**c.positions, c.active: (c.positions[c.active][0], c.positions[c.active][1] + 1)}
    assert c.table is not before  # a move sets another table: asked again
    assert c.active in asked[1:]


def test_a_new_navigation_card_gives_its_widgets_their_choices_without_param_update(monkeypatch):
    """A card with other paths offers other orientations: the button group gets only the values
    that changed (``put_changed``), not ``param.update``, which first copies every one of the
    widget's fifty-odd parameter values for a restore nobody asks for. (The card list is the input
    itself: Panel gives it the browser's value with ``param.update``.)"""
    from param.parameterized import Parameters

    served = Served("NavigationCardExplorer")
    served.step(0)
    c = served.component
    updated = []
    update = Parameters.update
    monkeypatch.setattr(Parameters, "update", lambda self_, *a, **k: updated.append(self_.self) or update(self_, *a, **k))
    for i in range(1, 5):
        assert ("HTML[nav-end]", "text") in served.step(i)
        names = [o.value for o in c._deck.card(c.card).orientations]
        assert list(c._orient_select.options) == names and c.orientation in names
    assert not any(u is c._orient_select for u in updated)


@pytest.mark.parametrize("name,widget", [("PlayTable", "_choices"), ("BarroomsTable", "_menu"), ("FasaTable", None)])
def test_a_play_tables_click_sets_its_choices_without_param_update(monkeypatch, name, widget):
    """After an action a table offers the next choices (the play table's and the bar room's lists)
    and the FASA table moves its plane pickers to the plane the referee waits for: each gets only
    the values that changed (``put_changed``), not ``param.update``, which copies every parameter's
    value of the object first (a FASA table has forty-odd). (The FASA table's typed maneuver still
    reaches it through Panel's own link, which uses ``param.update``.)"""
    from param.parameterized import Parameters

    served = Served(name)
    served.step(0)
    c = served.component
    target = c if widget is None else getattr(c, widget)
    updated = []
    update = Parameters.update

    def recording(self_, *a, **k):
        updated.append((self_.self, set(k) | set(*a)))
        return update(self_, *a, **k)
    monkeypatch.setattr(Parameters, "update", recording)
    for i in range(1, 5):
        assert served.step(i)
    kept_out = {"options", "plot_plane", "pick_plane", "fire_plane", "player"}
    assert not [keys for obj, keys in updated if obj is target and keys & kept_out]
