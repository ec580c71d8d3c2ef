"""Small pieces every component shares: error slots beside inputs, provenance badges, styles,
safe writes to bokeh drawings."""

from __future__ import annotations

import copy
import html
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import panel as pn
import param
from param.parameterized import batch_call_watchers
from bokeh.core.property.validation import validate as bokeh_validation
from panel.io import unlocked

from cs_panel.core.data import BADGED
from cs_panel.core.palette import ACCENT, BADGE_COLOURS, ERROR, PAPER
from cs_panel.core.svg import PLANE_SHAPE, plane_arrow  # noqa: F401  (the components' import)
from cs_panel.core.errors import CsPanelError
from cs_panel.ui.serving import changed_properties

BADGE_TIPS = {
    "recovered": "from a public fan source, not the printed rules",
    "reconstructed": "rebuilt by cs_panel from the rules' text and examples",
    "sample": "invented for teaching; not an official figure",
}

STYLES = f"""
.cs-breakdown {{ border-collapse: collapse; font-size: 0.95em; }}
.cs-breakdown caption {{ text-align: left; font-weight: bold; padding-bottom: 4px; }}
.cs-breakdown td {{ padding: 2px 8px; border-bottom: 1px solid #e2e2e2; }}
.cs-breakdown td.cs-value {{ text-align: right; font-family: monospace; }}
.cs-breakdown td.cs-rule {{ color: #555; font-size: 0.85em; }}
.cs-breakdown tr.cs-total td {{ font-weight: bold; border-top: 2px solid #444; }}
.cs-across .cs-distribution {{ border-collapse: collapse; }}
.cs-across caption {{ text-align: left; font-weight: bold; }}
.cs-across th, .cs-across td {{ padding: 1px 8px; text-align: right; }}
.cs-across th {{ text-align: left; }}
.cs-chance {{ font-size: 1.05em; }}
.cs-chance b {{ font-size: 1.4em; color: {ACCENT}; }}
.explained {{ font-family: monospace; background: {PAPER}; padding: 4px 8px; border-left: 3px solid {ACCENT}; }}
.cs-badge {{ display: inline-block; padding: 0 6px; margin-left: 4px; border-radius: 8px;
            color: white; font-size: 0.75em; vertical-align: middle; }}
.cs-error {{ color: {ERROR}; font-size: 0.85em; overflow-wrap: anywhere; white-space: normal; }}
"""


class HTMLText(pn.pane.HTML):
    """An HTML pane whose new ``object`` sends the browser its new text and nothing else.

    Panel's own HTML pane answers a new object by recomputing every property of its bokeh model
    (building the theme's stylesheet models again, then comparing each property): about 0.6 ms of
    server time per change, against a few hundredths of a millisecond to set the text, and the
    components change three or four panes for each input a player changes. Only the text can
    differ after a change of ``object`` (or of the sanitizing parameters, which also come here),
    so this sets the text, made by the same steps Panel uses. Streaming keeps Panel's own path.
    ``tests/ui/test_html_text.py`` checks that the model ends up the same as Panel's pane makes it.
    """

    def _update(self, ref: str, model) -> None:
        if self.enable_streaming:
            super()._update(ref, model)
            return
        model.update(**self._process_param_change({"object": self.object}))


class _ChangedPropertiesOnly:
    """A widget whose changed parameter (a new value, new options) goes to its bokeh model without
    the design's stylesheets being built first, wherever it runs.

    For every change of any widget parameter, Panel's ``_update_properties`` asks the design for
    the widget's parameters, which builds its stylesheet models afresh (about 0.25 ms of server
    time), and then uses them only when the change is to ``stylesheets`` itself. A select whose
    options and value follow the game (the table's action menu, the plane to plot, a card's
    orientations) paid that on every click (issue 14). ``serve_quickly`` makes every component of
    a served app skip it (``serving.changed_properties``, point 6); this class gives these widgets
    the same method in a notebook too. The properties sent are the same;
    ``tests/ui/test_quick_widgets.py`` checks they are, event for event.
    """

    _update_properties = changed_properties


class QuickSelect(_ChangedPropertiesOnly, pn.widgets.Select):
    """``pn.widgets.Select`` without the stylesheet rebuild on each change (``_ChangedPropertiesOnly``),
    and without bokeh checking each option again when the options change.

    The options sent are the labels Panel makes from ``options`` (strings); bokeh checks every item
    against the property's type before setting it, 150 items for a FASA plane's plots: about
    0.2 ms of each of the play table's clicks (issue 14). Its check is off while this widget's
    changes are written to its model, and only then."""

    def _update_model(self, *args, **kwargs):
        with bokeh_validation(False):
            super()._update_model(*args, **kwargs)


class QuickRadioButtonGroup(_ChangedPropertiesOnly, pn.widgets.RadioButtonGroup):
    """``pn.widgets.RadioButtonGroup`` without the stylesheet rebuild on each change."""


class FixedButtonGroup(QuickRadioButtonGroup):
    """A ``RadioButtonGroup`` whose buttons are made once, one for each of ``choices``, and whose
    ``options`` (some of the choices) only show or hide them: a new set of options changes no
    button in the browser.

    Bokeh draws a button group again when its labels change, and then lays out the whole page
    again, every drawing in it included: a navigation card with other paths than the last one
    cost the browser about 4 ms a change, most of it measuring the table's axes (issue 14). Here
    the labels stay as they are; a new set of options sends the group's inline CSS variables,
    which hide the other buttons and round the corners of the first and last one shown, as the
    group rounds its own ends. The group is given a fixed width, so what it shows never changes
    its size either (a new size would lay the page out again). In Python it is a
    ``RadioButtonGroup`` like any other: ``options`` and ``value`` are what it offers and holds.
    """

    choices = param.List(default=[], constant=True, doc="Every option the group may ever offer, in order: "
                         "one button each, made once.")

    _rename = {**pn.widgets.RadioButtonGroup._rename, "choices": None}

    def __init__(self, **params):
        choices = list(params.get("choices") or params.get("options") or [])
        css = "".join(
            f".bk-btn-group > .bk-btn:nth-child({k}) {{ display: var(--cs-b{k}-display) !important; "
            f"margin-left: var(--cs-b{k}-ml) !important; "
            f"border-top-left-radius: var(--cs-b{k}-rl) !important; border-bottom-left-radius: var(--cs-b{k}-rl) !important; "
            f"border-top-right-radius: var(--cs-b{k}-rr) !important; border-bottom-right-radius: var(--cs-b{k}-rr) !important; }}\n"
            for k in range(1, len(choices) + 1))
        params["choices"] = choices
        params["stylesheets"] = [*params.get("stylesheets", []), css]
        super().__init__(**params)

    def _shown(self) -> dict[str, str]:
        """The CSS variables that show the buttons of ``options`` and hide the rest."""
        shown = [k for k, c in enumerate(self.choices, 1) if c in self.values]
        out = {}
        for k in range(1, len(self.choices) + 1):
            first, last = bool(shown) and k == shown[0], bool(shown) and k == shown[-1]
            out[f"--cs-b{k}-display"] = "block" if k in shown else "none"
            out[f"--cs-b{k}-ml"] = "0px" if first else "-1px"
            out[f"--cs-b{k}-rl"] = "var(--border-radius)" if first else "0px"
            out[f"--cs-b{k}-rr"] = "var(--border-radius)" if last else "0px"
        return out

    def _process_param_change(self, params):
        props = super()._process_param_change(params)
        if "labels" in props:
            strange = [v for v in self.values if v not in self.choices]
            if strange:
                raise ValueError(f"{type(self).__name__}: options {strange} are not among its choices {self.choices}")
        if "labels" in props or "styles" in props:
            props["labels"] = [str(c) for c in self.choices]
            props["styles"] = {**(props.get("styles") or self.styles or {}), **self._shown()}
        if props.get("active") is not None:
            props["active"] = self.choices.index(self.values[props["active"]])
        return props

    def _process_property_change(self, props):
        if props.get("active") is not None:  # the browser names a button among all the choices
            choice = self.choices[props["active"]]
            if choice in self.values:
                props = {**props, "active": self.values.index(choice)}
            else:  # a click sent before the new options hid its button: the value stays as it is
                props = {k: v for k, v in props.items() if k != "active"}
        return super()._process_property_change(props)


class QuickTextInput(_ChangedPropertiesOnly, pn.widgets.TextInput):
    """``pn.widgets.TextInput`` without the stylesheet rebuild on each change."""


def html_pane(obj: str = "", **params) -> HTMLText:
    """An HTML pane that carries the shared styles.

    Panel renders each pane in its own shadow root, so a stylesheet on an outer layout does not
    reach the tables and badges inside; every pane that shows them needs the styles itself.
    """
    return HTMLText(obj, stylesheets=[STYLES, *params.pop("stylesheets", [])], **params)


def badge_html(provenance: str | None) -> str:
    """A small coloured badge for data that is not from the printed rules ('' for rules data)."""
    if provenance not in BADGED:
        return ""
    return (
        f"<span class='cs-badge cs-badge-{provenance}' style='background:{BADGE_COLOURS[provenance]}' "
        f"title='{html.escape(BADGE_TIPS[provenance])}'>{provenance}</span>"
    )


def error_html(message: str) -> str:
    return f"<span class='cs-error'>&#9888; {html.escape(message)}</span>" if message else ""


def point_at(error: CsPanelError, field: str | None) -> CsPanelError:
    """The same refusal, shown beside another input of a component (``None``: the general slot).

    The core names the field in its own words (``name``, ``action``); a component's widget may be
    called otherwise. The copy keeps the error's class and details; the core's error is untouched.
    """
    if error.field == field:
        return error
    try:
        moved = copy.copy(error)
    except Exception:  # an error class that cannot be rebuilt from its message: a plain one says it
        moved = CsPanelError(str(error))
    moved.field = field
    moved.__cause__ = error
    return moved


@contextmanager
def editing(obj: param.Parameterized, *names: str) -> Iterator[None]:
    """``param.edit_constant(obj)`` for the parameters ``names`` only: inside the block they may be
    set, after it (an error included) the constant ones among them are constant again.

    ``param.edit_constant`` unlocks and locks again every constant parameter of the object, each a
    guarded write to a parameter's attribute: a pilot sheet, with fifteen outputs, paid about
    0.14 ms a block and ran four for each number a player changed (issue 14). This unlocks only the
    outputs about to be set, on the object's own copies of those parameters (``obj.param[name]``),
    so no other instance of the class sees them unlocked, as it could with ``edit_constant``."""
    unlocked = [p for p in (obj.param[name] for name in names) if p.constant]
    for p in unlocked:
        p.constant = False
    try:
        yield
    finally:
        for p in unlocked:
            p.constant = True


def put_changed(obj: param.Parameterized, **values) -> None:
    """Give ``obj`` (a widget, a pane, a custom component) only the values that differ from its
    own, in one update: an update of equal values sends the browser nothing, yet param and Panel
    still compare and process each one (most of a click's work when a turn leaves a table's
    inputs as they were; issue 14). Several values are set in one batch of param's watchers, as
    ``obj.param.update`` sets them, without the copy of every parameter's value that ``update``
    makes first for its restoring form (``with obj.param.update(...)``), which no caller here uses:
    about 0.2 ms an update of a Panel component, which has some forty parameters."""
    changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
    if len(changed) == 1:
        setattr(obj, *changed.popitem())
    elif changed:
        with batch_call_watchers(obj):
            for k, v in changed.items():
                setattr(obj, k, v)


def _slot_pane(field: str | None) -> HTMLText:
    return html_pane("", css_classes=["cs-field-error", f"cs-error-{field or 'general'}"], margin=(0, 10))


def _fit(slot: HTMLText, width: int | None) -> None:
    """A slot as wide as the widget it sits under (the message wraps there), or the row's width."""
    if width:
        slot.width = width
    else:
        slot.sizing_mode = "stretch_width"


class MessageSlots(Mapping):
    """A ``FieldErrors``' message slots by field, each pane made the first time it is asked for.

    Most slots never show a message, yet each was a whole HTML pane on the page: a pane for Panel
    and a model for bokeh to build, send and lay out at every page load (eighty-odd on the game
    set-up page, about a third of building it; issue 14). A slot's place is kept instead (the
    column ``FieldErrors.beside`` or ``under`` made), and the pane goes there when a message, or
    code, first asks for it. Iterating gives every field name, made or not.

    Only where ``lazy`` (a served app's session, by default): in a notebook, Panel can drop a
    change the kernel sends before the browser's view of the output has connected (a lesson runs
    its cells faster than JupyterLab draws them), and a pane added by a dropped change is then
    unknown to the browser when its next change arrives (bokeh's "reference ... isn't known",
    seen in lesson 21). A served page has no such gap: the browser pulls the whole document, and
    every later change comes in order with the models it adds. So a notebook's slots are made at
    once, as they always were."""

    def __init__(self, fields, lazy: bool = True):
        self._fields: dict[str, None] = dict.fromkeys(fields)
        self._panes: dict[str, HTMLText] = {}
        self._homes: dict[str, list[tuple[pn.Column, int | None]]] = {}
        if not lazy:
            for field in self._fields:
                self[field]  # made now: in a notebook every slot is on the page from the start

    def __getitem__(self, field: str) -> HTMLText:
        pane = self._panes.get(field)
        if pane is None:
            if field not in self._fields:
                raise KeyError(field)
            pane = self._panes[field] = _slot_pane(field)
            self._settle(field)
        return pane

    def __contains__(self, field) -> bool:  # without making the pane (the mixin's would)
        return field in self._fields

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def update(self, other: MessageSlots) -> None:
        """Another FieldErrors' slots join these without being made (a form sharing its host's)."""
        self._fields.update(other._fields)
        self._panes.update(other._panes)
        for field, homes in other._homes.items():
            self._homes.setdefault(field, []).extend(homes)

    def made(self) -> dict[str, HTMLText]:
        """The slots made so far: the only ones that can show anything."""
        return self._panes

    def place(self, field: str, column: pn.Column, width: int | None) -> None:
        """Keep ``column`` as the slot's place: it gets the pane once the pane is made (at once,
        if it is made already)."""
        if field not in self._fields:
            raise KeyError(field)
        self._homes.setdefault(field, []).append((column, width))
        if field in self._panes:
            self._settle(field)

    def _settle(self, field: str) -> None:
        """Put the made pane of ``field`` into each place kept for it."""
        pane = self._panes[field]
        for column, width in self._homes.pop(field, ()):
            _fit(pane, width)
            column.append(pane)


class FieldErrors:
    """One message slot under each input; a rules error lands under the input it names.

    Components catch ``CsPanelError`` from the core and hand it here: the message shows beside
    the widget whose ``field`` it names (or in a general slot), and the widget keeps its value.
    In a served app a slot's pane is made when it first has something to show (``MessageSlots``);
    ``lazy`` says otherwise.
    """

    def __init__(self, fields: list[str], lazy: bool | None = None):
        self.slots = MessageSlots(fields, _in_session() if lazy is None else lazy)
        self.general = _slot_pane(None)

    def show(self, error: Exception | None) -> None:
        field = getattr(error, "field", None) if error else None
        message = error_html(str(error)) if error else ""
        if message and isinstance(field, str) and field in self.slots:
            self.slots[field]  # made now, in its place, to show the message
        for name, slot in list(self.slots.made().items()):
            put_changed(slot, object=message if name == field else "")
        put_changed(self.general, object=message if field not in self.slots else "")

    def message(self, field: str | None = None) -> str:
        """The text shown in a slot (the general one by default), for tests."""
        pane = self.slots.made().get(field) if field else self.general
        if pane is None:
            return ""
        return html.unescape(pane.object).replace("\u26a0 ", "").replace("<span class='cs-error'>", "").replace("</span>", "")

    def clear(self, *fields: str) -> None:
        """Empty the slots of ``fields`` (the input they named was changed: the message no longer
        describes what is there), and the general slot."""
        made = self.slots.made()
        for f in fields:
            if f in made:
                put_changed(made[f], object="")
            elif f not in self.slots:
                raise KeyError(f)
        put_changed(self.general, object="")

    def beside(self, widget, field: str) -> pn.Column:
        """The widget with its message slot under it. The slot is as wide as the widget and the
        message wraps there, so a long message grows downwards and never widens the row it is in
        (which would push the row's other controls aside, out of reach)."""
        width = getattr(widget, "width", None)
        if width and "width" not in str(getattr(widget, "sizing_mode", None) or ""):
            column = pn.Column(widget, margin=0, width=width + 20)
        else:
            width = None
            column = pn.Column(widget, margin=0, sizing_mode=widget.sizing_mode)
        self.slots.place(field, column, width)
        return column

    def under(self, row, *fields: str) -> pn.Column:
        """A row of inputs and buttons with the message slots of ``fields`` under the whole row, as
        wide as the row's container: a message never moves the row's buttons."""
        column = pn.Column(row, margin=0, sizing_mode="stretch_width")
        for f in fields:
            self.slots.place(f, column, None)
        return column


@contextmanager
def bokeh_writes() -> Iterator[None]:
    """Change plain bokeh models (a ``ColumnDataSource``'s ``data``, a title, a range, an axis)
    from a param watcher, safely under ``panel serve``.

    Served, a typed change normally reaches the watchers under the document lock. But when a
    button click or a figure tap arrives on the heels of the typed change, Panel runs the pending
    change first, outside the lock; a direct write to a bokeh model then raises bokeh's
    "_pending_writes should be non-None when we have a document lock" error, which also loses the
    click. Panel's ``unlocked()`` holds the document, writes the changes itself and lets them go on
    exit, as Panel does for its own models. Outside a server (tests, notebooks) it does nothing.

    Put the writes in ``with bokeh_writes():``, or decorate a method that only draws with
    ``@bokeh_writes()``. Panel panes and widgets (``pane.object = ...``) do not need it.
    """
    with unlocked():
        yield


#: the look of a framed box of lines (a log, a transcript)
FRAME = "border: 1px solid #ddd; padding: 2px 6px;"


def scroll_styles(css: str, height: str) -> str:
    """The CSS of ``scroll_list_html``'s box of class ``css``: framed, ``height`` high ("16em",
    "340px") whatever it holds, so a line more or less does not resize the page (a resize makes
    the browser measure every part of it again, issue 14). A column-reversed box opens scrolled to
    its end, so the newest line (the last) is in sight; its one child's auto margin keeps a short
    list at the box's top."""
    return (f".{css} {{ height: {height}; {FRAME} overflow-y: auto; display: flex; "
            "flex-direction: column-reverse; }\n"
            f".{css} > div {{ margin-bottom: auto; }}\n")


def scroll_list_html(lines: list[str], css: str, empty: str = "") -> str:
    """``lines`` as a list, newest last, in a box of class ``css`` that scrolls (``scroll_styles``);
    with no lines, ``empty`` in the same box, so the first line does not resize the page."""
    items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
    return scroll_box_html(f"<ul>{items}</ul>" if lines or not empty else f"<p>{html.escape(empty)}</p>", css)


def scroll_box_html(inner: str, css: str) -> str:
    """``inner`` (HTML) in the box of class ``css`` that ``scroll_styles`` styles: the box and the
    one child its auto margin keeps at the top."""
    return f"<div class='{css}'><div>{inner}</div></div>"


def set_data(source, data: dict, partial: bool = False) -> None:
    """Write ``data`` into a ColumnDataSource, sending the browser only what changed: nothing when
    the data is the same; when the rows are the same, only the changed columns, and of a column
    where few rows changed only those rows (a patch: a hit on a record sheet recolours a few of
    its hundreds of boxes); else all of it. Bokeh encodes a list item by item, so a click that
    resent a sheet's nine columns spent more time serializing them than drawing (issue 14).

    With ``partial``, ``data`` names only the columns that may have changed, and the source's other
    columns stay as they are (the caller knows they hold the same rows: a record sheet's boxes do
    not move, only their colours change), so they are not compared item by item either.

    The source keeps the lists it is given and a later patch changes them in place: give it lists
    of its own, never ones kept for other uses."""
    old = source.data
    names_match = set(data) <= set(old) if partial else set(old) == set(data)
    if names_match and all(len(old[k]) == len(v) for k, v in data.items()):
        changed, patches = {}, {}
        for k, v in data.items():
            rows = _changed_rows(old[k], v)
            if rows is None or len(rows) * 4 > len(v):
                if rows != []:
                    changed[k] = v
            elif rows:
                patches[k] = [(i, v[i]) for i in rows]
        if not changed and not patches:
            return
        if partial or patches or len(changed) < len(old):  # some of it stays: send only the rest
            if changed:
                source.data.update(changed)
            if patches:
                source.patch(patches)
            return
    if partial:
        raise ValueError(f"set_data(partial=True): the source's columns {sorted(old)} do not hold the rows of "
                         f"{sorted(data)}")
    source.data = data


def _changed_rows(old, new) -> list[int] | None:
    """The rows where two columns of the same length differ, or None when they cannot be compared
    item by item (numpy arrays inside, say): then the whole column counts as changed."""
    try:
        return [i for i, (a, b) in enumerate(zip(old, new)) if bool(a != b)]
    except (ValueError, TypeError):  # an item that compares element-wise (a numpy array) has no one answer
        return None


def _in_session() -> bool:
    """Whether a component is being built for a server session's document (the cheap half of
    ``served``: Panel's ``state.served`` inspects the whole call stack)."""
    doc = pn.state.curdoc
    return doc is not None and getattr(doc, "session_context", None) is not None


def served() -> bool:
    """Whether the component runs in a served app (``panel serve``, ``pn.serve``, Binder) rather
    than a local notebook: a served session's document has a session context. A served app never
    reads or writes the server's files on a user's say; load and save go through the browser."""
    # the session's document first: Panel's own test inspects the whole call stack (a few ms)
    return _in_session() or pn.state.served


#: the largest upload a component reads (bytes): a figures file or a saved game, checked before decoding
UPLOAD_BYTES = 4 * 1024 * 1024
#: the width of every file box: in a narrower one chromium shortens the words beside its button to
#: "No fil...hosen" (200 and 220 px did, at the widgets' 13 px font), which reads as a fault
UPLOAD_WIDTH = 260


def upload_box(**params) -> pn.widgets.FileInput:
    """A ``pn.widgets.FileInput`` ``UPLOAD_WIDTH`` wide, so "No file chosen" (or a short file's name)
    shows whole beside its button; the other parameters go to ``FileInput``."""
    return pn.widgets.FileInput(width=UPLOAD_WIDTH, **params)


def upload_text(data: bytes | str | None, field: str, error: type[CsPanelError] = CsPanelError, what: str = "a saved game") -> str:
    """The text of a file from the browser's file input, refused by name (as ``error``, beside
    ``field``) when it is empty, past ``UPLOAD_BYTES`` or not UTF-8: checked before it is decoded."""
    if not data:
        raise error(f"the upload is empty: choose {what} (.json)", field=field)
    if len(data) > UPLOAD_BYTES:
        raise error(f"the upload is {len(data):,} bytes; the limit is {UPLOAD_BYTES:,}", field=field)
    if isinstance(data, str):
        return data
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"the upload is not UTF-8 text (byte {e.start})", field=field) from None


#: bounds of a seed parameter: the whole numbers a browser's number box holds exactly (JavaScript's
#: safe integers; the core's dice would take up to 40 digits, but a widget could not show them)
SEED_BOUNDS = (0, 2 ** 53 - 1)


def _refusal(parameter: param.Parameter, val) -> CsPanelError:
    """The named error for a value a bounded parameter refuses: the wrong kind, or out of bounds."""
    from cs_panel.core.limits import Limit
    from cs_panel.core.validate import InvalidValueError, OutOfBoundsError, short_repr

    label = (parameter.name or "value").replace("_", " ")
    number = (int, float) if isinstance(parameter, param.Number) and not isinstance(parameter, param.Integer) else (int,)
    if isinstance(val, bool) or not isinstance(val, number):
        return InvalidValueError(f"{label} must be a whole number, got {short_repr(val)}", field=parameter.name)
    lo, hi = parameter.bounds or (None, None)
    return OutOfBoundsError(f"{label} {short_repr(val)} must be {Limit(lo, hi, None, '').describe()}", field=parameter.name)


def show_refusal(obj, error: CsPanelError) -> None:
    """Show a refused parameter value beside its input: through the component's own
    ``show_error(error)`` if it has one, else in whichever of its ``FieldErrors`` has a slot for
    the parameter, else in its first one's general slot. A number
    typed past a rule's limit in the browser never reaches the component (Panel puts the last
    legal value back in the box), so the message, which quotes what was typed, is all that tells
    the player why."""
    if obj is None or not isinstance(obj, param.Parameterized):
        return
    if error.field:
        obj.__dict__.setdefault("_cs_refused", {})[error.field] = str(error)
    own = getattr(obj, "show_error", None)  # a component with message slots of its own
    if callable(own):
        own(error)
        return
    boards = [v for v in vars(obj).values() if isinstance(v, FieldErrors)]
    for board in boards:
        if error.field in board.slots:
            board.show(error)
            return
    if boards:
        boards[0].show(error)


def clear_refusal(obj, field: str) -> None:
    """Take a refusal shown by ``show_refusal`` away once its input holds a legal value again,
    leaving any other message (a rules error the new value caused) where it is."""
    shown = getattr(obj, "__dict__", {}).get("_cs_refused", {}).pop(field, None)
    if not shown:
        return
    own = getattr(obj, "show_error", None)
    if callable(own):
        if shown in obj.message():
            own(None)
        return
    for board in (v for v in vars(obj).values() if isinstance(v, FieldErrors)):
        for pane in [*board.slots.values(), board.general]:
            if shown in html.unescape(pane.object):
                pane.object = ""


class _RefusesBeside:
    """Mixin for ``RuleInteger``/``RuleNumber``: a refused value is shown beside its widget.

    The widgets Panel makes from these parameters get no start and end: a browser number box with
    bounds silently puts back the old value when a player types past them, so the player never
    learns why. Unbounded, the typed value reaches the component, which refuses it by name beside
    the box (``show_refusal``) while Panel restores the last legal value."""

    __slots__: list[str] = []

    def get_soft_bounds(self):
        return (None, None)

    def __set__(self, obj, val):
        old = getattr(obj, self.name, None) if isinstance(obj, param.Parameterized) else None  # type: ignore[attr-defined]
        try:
            super().__set__(obj, val)  # type: ignore[misc]
        except CsPanelError as e:
            show_refusal(obj, e)
            raise
        # Panel writes the last legal value back after a refusal: that is no new input, so the
        # refusal stays until the player enters a legal value of his own
        if val != old:
            clear_refusal(obj, self.name)  # type: ignore[attr-defined]


class RuleInteger(_RefusesBeside, param.Integer):
    """An integer parameter with bounds from ``cs_panel.core.limits``: a value of the wrong kind or
    outside them is refused before it is set (so the component keeps its state) with a named error
    (``InvalidValueError`` or ``OutOfBoundsError``, ``field`` = the parameter's name), shown beside
    the widget (``show_refusal``)."""

    __slots__: list[str] = []

    def _validate(self, val):
        try:
            if isinstance(val, bool):  # True is an int to Python, never a count or a skill
                raise TypeError("a bool")
            super()._validate(val)
        except CsPanelError:
            raise
        except (ValueError, TypeError):
            raise _refusal(self, val) from None


class RuleNumber(_RefusesBeside, param.Number):
    """A real-number parameter with bounds, refusing like ``RuleInteger`` (NaN and infinities too)."""

    __slots__: list[str] = []

    def _validate(self, val):
        try:
            if isinstance(val, bool):
                raise TypeError("a bool")
            super()._validate(val)
            if isinstance(val, float) and not math.isfinite(val):
                raise ValueError("not finite")
        except CsPanelError:
            raise
        except (ValueError, TypeError):
            raise _refusal(self, val) from None


def short_labels(names: list[str], width: int = 2) -> dict[str, str]:
    """A short, distinct label for each name, for tokens too small for the whole name: the first
    ``width`` letters, or, where two names share them (Louis, Loyle), the first letter and the
    first letter where they differ (Lu, Ly); a number as a last resort."""
    first = {n: n[:width] for n in names}
    out: dict[str, str] = {}
    for n in names:
        clash = [m for m in names if m != n and first[m] == first[n]]
        if not clash:
            out[n] = first[n]
            continue
        pick = next((n[0] + ch for i, ch in enumerate(n[1:], 1)
                     if all(i >= len(m) or m[i] != ch for m in clash)), None)
        out[n] = pick if pick else n[0] + str(names.index(n) + 1)
    if len(set(out.values())) < len(set(names)):  # still the same twice: number them all
        out = {n: n[0] + str(i + 1) for i, n in enumerate(names)}
    return out
