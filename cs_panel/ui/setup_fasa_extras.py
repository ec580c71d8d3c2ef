"""The FASA set-up form's zeppelins and map objects: inputs to add a zeppelin or an object of your
own, to remove one by name, and the list of those in the setup (F.zep.static, F.zep.gas-cells,
F.zep.nacelle, F.zep.turrets, F.collide.object-btn, F.move.path-objects, F.map.sheets).

``FasaExtrasForm`` holds no rules: every choice goes to ``cs_panel.fasa.setup_extras``, whose
refusals (each naming its rule) are shown beside the input that caused them, every entry staying
as typed. ``extras`` holds the setup's ``zeppelins``, ``objects`` and ``variants`` as the setup
lists them; ``GameSetup`` (system "fasa") mounts ``view()`` under its planes and adds ``extras``
to the setup it builds, so saving and loading the setup keeps them.
"""

from __future__ import annotations

import html
from typing import Callable

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.fasa import setup_extras as X
from cs_panel.ui.common import FieldErrors, RuleInteger, point_at

ZEP_FIELDS = ["zep_name", "zep_player", "zep_bow", "zep_heading", "zep_class", "zep_gas", "zep_cell_length",
              "zep_nacelles", "zep_turrets"]
OBJ_FIELDS = ["obj_name", "obj_kind", "obj_hexes", "obj_points", "obj_track", "obj_speed", "obj_provenance"]
#: the form's message slots
FIELDS = [*ZEP_FIELDS, *OBJ_FIELDS, "remove_name"]
#: a builder's field, as the zeppelin's and the object's inputs call it
ZEP_SLOT = {"name": "zep_name", "player": "zep_player", "bow": "zep_bow", "heading": "zep_heading",
            "zeppelin_class": "zep_class", "gas": "zep_gas", "cell_length": "zep_cell_length",
            "nacelles": "zep_nacelles", "turrets": "zep_turrets", "remove": "remove_name"}
OBJ_SLOT = {"name": "obj_name", "kind": "obj_kind", "hexes": "obj_hexes", "points": "obj_points",
            "track": "obj_track", "speed": "obj_speed", "provenance": "obj_provenance", "remove": "remove_name"}
#: number boxes wider than the rules' ranges, so the builder refuses a value naming its rule
BOX = (-100, 100)
POINTS_BOX = (-100_000, 1_000_000)
#: provenances an object's numbers may have (``referee.ground.PROVENANCES``), the badge a list shows for each
BADGES = {"sample": ("cs-sample-badge", "invented sample data"),
          "reconstructed": ("cs-reconstructed-badge", "reconstructed by us: the printed data was lost")}
_BADGE_STYLE = {"cs-sample-badge": "background:#fde9b5;color:#5a4300",
                "cs-reconstructed-badge": "background:#dde8f7;color:#1d3b66"}


def badge(kind: str, text: str | None = None, title: str | None = None) -> str:
    """A small badge marking ``sample`` or ``reconstructed`` data on screen (rules/MISSING.md)."""
    cls, why = BADGES[kind]
    return (f" <span class='{cls}' title='{html.escape(title or why)}' style='font-size:0.75em;padding:0 4px;"
            f"border-radius:3px;{_BADGE_STYLE[cls]}'>{html.escape(text or kind)}</span>")


class FasaExtrasForm(pn.viewable.Viewer):
    """Zeppelins and objects of a FASA setup: add your own, remove any by name, list them."""

    shows_rules = ("F.zep.gas-cells", "F.zep.nacelle", "F.zep.turrets", "F.collide.object-btn", "F.map.sheets")

    # -- a zeppelin
    zep_name = param.String(default="Akron", doc="The zeppelin's name, one word: fire orders say 'Akron cell 2'.")
    zep_player = param.String(default="Bob", doc="The side (player) the zeppelin belongs to; its turrets fire at "
                              "the other side's planes (F.zep.turrets).")
    zep_bow = param.String(default="0,0", doc="The hex of its bow, q,r: the five gas cells lie back from it, "
                           "against its heading (F.zep.static; our layout of the lost zeppelin map).")
    zep_heading = param.Selector(default="A", objects=list("ABCDEF"), doc="The hexside its bow points at.")
    zep_class = param.Selector(default="commercial", objects=list(X.ZEPPELIN_CLASSES),
                               doc="Commercial or military: which Zep. Dmg. number a hit does, and main guns on a "
                               "military one (F.zep.gas-cells, F.zep.main-guns).")
    zep_gas = param.Selector(default="helium", objects=list(X.GASES), doc="Helium, or hydrogen, which magnesium "
                             "rounds set alight (F.zep.gas-cells).")
    zep_cell_length = RuleInteger(default=2, bounds=BOX, doc="The hexes each gas cell spans, 1-4 (our reading: 2).")
    zep_nacelles = param.String(default=", ".join(X.DEFAULT_NACELLES), doc="Its engine nacelles, each to port or "
                                "starboard beside a gas cell 1-5: 'port 2, starboard 2' (F.zep.nacelle).")
    zep_turrets = param.String(default="bow mg-50", doc="Its turrets, a mount (bow, stern or a nacelle) and a "
                               "machine gun each, one or two a mount: 'bow mg-50, port 2 mg-30' (F.zep.turrets).")
    # -- an object
    obj_name = param.String(default="Depot", doc="The object's name, one word: fire orders say 'bomb at Depot'.")
    obj_kind = param.Selector(default="building", objects=list(X.object_kinds().values()),
                              doc="Its row of the Object Target Number Table: its base target number "
                              "(F.collide.object-btn).")
    obj_hexes = param.String(default="0,0", doc="The hexes it stands in, q,r each, separated by spaces; a "
                             "train's engine first, then its cars.")
    obj_points = RuleInteger(default=20, bounds=POINTS_BOX, doc="The damage it takes before it is destroyed: the "
                             "mission says (the table gives none).")
    obj_track = param.String(default="", doc="A train's track ahead of its engine, q,r each, in order.")
    obj_speed = RuleInteger(default=0, bounds=BOX, doc="The hexes a train runs along its track each turn, 0-9.")
    obj_provenance = param.Selector(default="sample", objects=["sample", "rules", "recovered", "reconstructed"],
                                    doc="Where its numbers come from: 'sample' for a mission you made up, 'rules' "
                                    "for one printed in a rule book.")
    # -- removing
    remove_name = param.String(default="", doc="The name of a zeppelin or object to take out of the setup.")

    def __init__(self, errors: FieldErrors | None = None, refuse: Callable | None = None,
                 changed: Callable | None = None, current: Callable[[], dict] | None = None, **params):
        super().__init__(**params)
        self.extras: dict[str, list] = {}  # the setup's zeppelins, objects and variants, as it lists them
        self.errors = errors or FieldErrors([])
        self.errors.slots.update(FieldErrors(FIELDS).slots)  # one set of slots: one refusal shows at a time
        self._report = refuse or (lambda e, field=None: self.errors.show(e) or e is None)
        self._changed = changed or (lambda: None)
        # the planes, map and home sides the zeppelins and objects join (GameSetup's, or none)
        self._current = current or (lambda: {"planes": [], "max_turns": 3, "map_name": "", "homes": {}})

    # -- refusals ------------------------------------------------------------------------------------

    def show_error(self, error: CsPanelError | None) -> None:
        """A number refused by its box (``show_refusal``): beside the box."""
        self.errors.show(error)

    def message(self, field: str | None = None) -> str:
        """The refusal beside an input of the form ('' if none)."""
        return self.errors.message(field)

    def _refuse(self, error: CsPanelError, slots: dict) -> bool:
        where = error.field if error.field in FIELDS else slots.get(error.field or "")
        return self._report(point_at(error, where))

    # -- adding and removing -------------------------------------------------------------------------------

    def _setup(self) -> dict:
        return dict(self._current()) | {k: v for k, v in self.extras.items() if k in ("zeppelins", "objects")}

    def _take(self, setup: dict) -> None:
        self.extras = {k: list(setup[k]) for k in ("zeppelins", "objects") if setup.get(k)} | (
            {"variants": self.extras["variants"]} if self.extras.get("variants") else {})

    def add_zeppelin(self) -> bool:
        """Build a zeppelin from the inputs and add it; a refusal stays beside its input."""
        return self._add(lambda setup: X.add_zeppelin(setup, X.zeppelin(
            self.zep_name, self.zep_player, self.zep_bow, self.zep_heading, zeppelin_class=self.zep_class,
            gas=self.zep_gas, cell_length=self.zep_cell_length, nacelles=self.zep_nacelles,
            turrets=self.zep_turrets)), ZEP_SLOT)

    def add_object(self) -> bool:
        """Build an object from the inputs and add it; a refusal stays beside its input."""
        return self._add(lambda setup: X.add_object(setup, X.map_object(
            self.obj_name, self.obj_kind, self.obj_hexes, points=self.obj_points, track=self.obj_track,
            speed=self.obj_speed, provenance=self.obj_provenance)), OBJ_SLOT)

    def _add(self, added, slot: str) -> bool:
        """Take the setup ``added(setup)`` returns; a refusal is shown at ``slot``'s input."""
        try:
            self._take(added(self._setup()))
        except CsPanelError as e:
            return self._refuse(e, slot)
        self._report(None)
        self._changed()
        return True

    def remove_extra(self, name: str) -> bool:
        """Take the zeppelin or object called ``name`` out; an unknown name is refused beside the box."""
        try:
            self._take(X.remove_extra(self._setup(), str(name).strip()))
        except CsPanelError as e:
            return self._refuse(e, OBJ_SLOT)
        self._report(None)
        self._changed()
        if self.remove_name.strip() == str(name).strip():
            self.remove_name = ""  # done: the same name typed again later removes again
        return True

    @param.depends("remove_name", watch=True)
    def _remove_typed(self) -> None:
        if self.remove_name.strip():
            self.remove_extra(self.remove_name)

    def check(self, setup: dict) -> None:
        """Check the zeppelins and objects with ``setup``'s planes and map (``setup_extras.check_extras``);
        a refusal is raised pointed at the zeppelin's or the object's inputs, as the form calls them."""
        try:
            X.check_extras(dict(setup) | {k: v for k, v in self.extras.items() if k in ("zeppelins", "objects")})
        except X.ZeppelinPlacementError as e:
            raise point_at(e, ZEP_SLOT.get(e.field or "")) from None
        except X.ObjectPlacementError as e:
            raise point_at(e, OBJ_SLOT.get(e.field or "")) from None

    # -- the list -------------------------------------------------------------------------------------

    def list_html(self, samples: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        """The zeppelins, objects and optional rules of the setup, a badge on what is ``sample`` (a sample
        set-up's, or an object so marked) or ``reconstructed`` (every zeppelin's cell layout)."""
        e = html.escape
        rows = []
        for z in self.extras.get("zeppelins", []):
            kind = ("military" if z.get("military") else "commercial") + (", hydrogen" if z.get("hydrogen") else ", helium")
            rows.append(
                f"<li class='cs-setup-zeppelin'>zeppelin <b>{e(z['name'])}</b> ({e(z['player'])}), {kind}, bow at "
                f"{z['bow']['q']},{z['bow']['r']} heading {'ABCDEF'[z['heading']]}, {len(z['cells'])} gas cells of "
                f"{sum(z['cells'])} points, nacelles {e(', '.join(z.get('nacelles', [])) or 'none')}, turrets "
                f"{e(', '.join(f'{m} {g}' for m, g in z.get('turrets', [])) or 'none')}"
                f"{badge('sample') if z['name'] in samples else ''}"
                f"{badge('reconstructed', 'layout reconstructed', 'the cells laid back from the bow: our layout of the lost zeppelin map')}</li>")
        for o in self.extras.get("objects", []):
            track = (f", track {' '.join(str(h['q']) + ',' + str(h['r']) for h in o['track'])} at {o['speed']} a turn"
                     if o.get("track") else "")
            mark = o.get("provenance", "")
            rows.append(f"<li class='cs-setup-object'>{e(o['kind'])} <b>{e(o['name'])}</b> at "
                        f"{e(' '.join(str(h['q']) + ',' + str(h['r']) for h in o['hexes']))}, {o['points']} points"
                        f"{e(track)}{badge(mark) if mark in BADGES else ''}</li>")
        rows += [f"<li>optional rule {e(v)}</li>" for v in self.extras.get("variants", [])]
        return f"<p>Also on the map:</p><ul class='cs-setup-extras'>{''.join(rows)}</ul>" if rows else ""

    # -- the view -------------------------------------------------------------------------------------

    def view(self) -> pn.Column:
        W, e = pn.widgets, self.errors
        box = dict(margin=0, sizing_mode="stretch_width")

        def text(name: str, label: str, width: int, **kw):
            return e.beside(W.TextInput.from_param(self.param[name], label=label, width=width,
                                                   css_classes=[f"in-{name}"], **kw), name)

        def pick(name: str, label: str, width: int, **kw):
            return e.beside(W.Select.from_param(self.param[name], label=label, width=width,
                                                css_classes=[f"in-{name}"], **kw), name)

        def number(name: str, label: str, width: int):
            return e.beside(W.IntInput.from_param(self.param[name], label=label, width=width,
                                                  css_classes=[f"in-{name}"]), name)

        level = (24, 10, 5, 10)  # level with the boxes under their labels
        add_zep = W.Button(label="Add this zeppelin", color="primary", css_classes=["add-zeppelin"], width=150,
                           margin=level)
        add_zep.on_click(lambda event: self.add_zeppelin())
        add_obj = W.Button(label="Add this object", color="primary", css_classes=["add-object"], width=150,
                           margin=level)
        add_obj.on_click(lambda event: self.add_object())
        kinds = {label: k for label, k in X.object_kinds().items()}
        return pn.Column(
            pn.pane.Markdown("**Zeppelins and objects on the map**, if the mission has any. Hexes are written "
                             "q,r. *A zeppelin*: its five gas cells lie back from the bow hex, against its heading."),
            pn.FlexBox(text("zep_name", "Zeppelin (one word)", 140), text("zep_player", "Side (player)", 110),
                       text("zep_bow", "Bow hex (q,r)", 110), pick("zep_heading", "Heading", 70),
                       pick("zep_class", "Class", 120), pick("zep_gas", "Gas", 100),
                       number("zep_cell_length", "Hexes per gas cell", 130), **box),
            pn.FlexBox(text("zep_nacelles", "Nacelles (port/starboard + cell)", 330),
                       text("zep_turrets", "Turrets (mount + gun)", 260, placeholder="bow mg-50, port 2 mg-30"),
                       add_zep, **box),
            pn.pane.Markdown("*An object* of the object table: a building, a train (its engine's hex first, "
                             "then each car's) or a small object.", margin=(0, 10)),
            pn.FlexBox(text("obj_name", "Object (one word)", 140), pick("obj_kind", "Kind", 130, options=kinds),
                       text("obj_hexes", "Hexes (engine first)", 160, placeholder="0,0 1,0"),
                       number("obj_points", "Damage points", 110), pick("obj_provenance", "Numbers from", 120), **box),
            pn.FlexBox(text("obj_track", "Train's track ahead", 220, placeholder="1,-1 2,-2"),
                       number("obj_speed", "Train speed", 100), add_obj, **box),
            text("remove_name", "Remove the zeppelin or object called", 240),
            sizing_mode="stretch_width", css_classes=["cs-fasa-extras"])

    def __panel__(self):
        return pn.Column(self.view(), self.errors.general, sizing_mode="stretch_width")


__all__ = ["FasaExtrasForm", "badge"]
