"""``DialEditor``: type in a clix figure from its base (base values, combat dial, speed dial),
have the rules core check it, save it as a figures data file and load it back.

Air Action, "Pilot and Plane" (``A.base.values``, ``A.base.skills``), "Bailing Out"
(``A.campaign.bailout``); Aces, "Aces and Character Tokens" (``K.base.values``). The editor only
turns the typed texts into a data entry (``cs_panel.clix.view.entry_from_form``); every check of
the values is ``cs_panel.clix.figures.figure_from_entry``'s, and its message is shown beside the
input whose field it names. What was typed always stays in the inputs. A valid figure is shown
at once in a ``ClixDial`` below the editor.
"""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import panel as pn
import param

from cs_panel.clix.dial import stats_for
from cs_panel.clix.figures import (
    BASE_FIELDS,
    GAMES,
    LEVELS,
    Figure,
    figure_entry,
    figure_from_entry,
    figures,
    figures_from_text,
    figures_text,
    save_figures,
)
from cs_panel.clix.view import entry_from_form, form_from_entry
from cs_panel.core.data import PROVENANCES
from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import TooLargeError
from cs_panel.ui.common import UPLOAD_BYTES, FieldErrors, HTMLText, badge_html, error_html, served, editing, upload_box
from cs_panel.ui.dial import DIAL_STYLES, PACKAGED, ClixDial

#: form inputs whose text becomes the entry; each has an error slot of the same name
FORM_FIELDS = ["fig_id", "fig_name", "game", "points", "provenance", "source_note", "pilot", "plane", "squadron_symbol", "level",
               "experience_multiplier", "base_silhouette", "base_front_range", "base_rear_range", "base_range",
               "base_pistols", "start", "structural_limit", "speeds", "red_line", "speed_start", "squares"]
SLOTS = FORM_FIELDS + ["clicks", "path", "upload"]
#: a run of digits longer than this in any input is refused before anything converts it
_LONG_NUMBER = re.compile(r"\d{%d,}" % (LIMITS["number_digits"].hi + 1))


def too_large(field: str, text) -> TooLargeError | None:
    """A named refusal for a typed text too long to read or holding a number with too many digits
    (a 5,000-digit number would otherwise be a bare ``ValueError`` out of ``int``), else None."""
    if not isinstance(text, str):
        return None
    cap = LIMITS["line_chars"].hi
    if len(text) > cap:
        return TooLargeError(f"{field.replace('_', ' ')} is {len(text)} characters; the limit is {cap}", field=field)
    if _LONG_NUMBER.search(text):
        digits = LIMITS["number_digits"].hi
        return TooLargeError(f"{field.replace('_', ' ')} holds a number longer than {digits} digits "
                             f"(project limit: {LIMITS['number_digits'].why})", field=field)
    return None

#: entry field -> editor input, where the names differ
_RENAMED = {"id": "fig_id", "name": "fig_name", "source": "source_note", "combat_dial.start": "start",
            "combat_dial.structural_limit": "structural_limit", "speed_dial.red_line": "red_line",
            "speed_dial.start": "speed_start", "speed_dial.position": "speed_start"}


def slot_for(field: str | None) -> str | None:
    """The editor input an entry field belongs to (``combat_dial.clicks[2].values.piloting`` ->
    ``clicks``; ``base.silhouette`` -> ``base_silhouette``)."""
    if not field:
        return None
    if field in _RENAMED:
        return _RENAMED[field]
    if field.startswith("base."):
        return "base_" + field.split(".")[1]
    if field.startswith("combat_dial"):
        return "clicks"
    if field.startswith("speed_dial.squares"):
        return "squares"
    if field.startswith("speed_dial"):
        return "speeds"
    return field if field in FORM_FIELDS else None


def _row(stats: tuple[str, ...], values: dict | None = None) -> dict:
    """One click of the table: a text per stat, markers, shot-down tick and bail-out text."""
    values = values or {}
    row = {c: "" if values.get(c) is None else str(values[c]) for c in list(stats) + ["markers", "bail_out"]}
    row["shot_down"] = bool(values.get("shot_down"))
    return row


COLUMN_WIDTHS = {"markers": 190, "bail_out": 70}
BAD_CELL = ":host input { border: 2px solid #c53030; background: #fff5f5; }"
_CELL_FIELD = re.compile(r"combat_dial\.clicks\[(\d+)\](?:\.values(?:\.(\w+))?|\.(markers|bail_out|eliminated))?")


def cells_named(field: str | None, stats: tuple[str, ...]) -> list[tuple[int, str]]:
    """The (click, column) cells of the table an entry field points at (a whole row if it names
    only the click)."""
    m = _CELL_FIELD.match(field or "")
    if not m:
        return []
    i, stat, other = int(m.group(1)), m.group(2), m.group(3)
    if stat:
        return [(i, stat)]
    if other == "eliminated":
        return [(i, "shot_down")]
    if other:
        return [(i, other)]
    return [(i, s) for s in stats]


class DialEditor(pn.viewable.Viewer):
    """Enter or edit a clix figure, checked by the rules core, saved to and loaded from a data file."""
    shows_rules = ('A.base.values', 'A.base.skills', 'A.campaign.bailout', 'K.base.values', 'A.squadron', 'K.recruit', 'A.campaign.levels', 'A.setup', 'A.throttle', 'A.move.speed-effects')  # rule ids shown here (rules index)

    fig_id = param.String(default="my-plane", doc="The figure's id in the data file (letters, digits, dashes).")
    fig_name = param.String(default="My plane", doc="The figure's name as players call it.")
    game = param.Selector(default="air-action", objects=list(GAMES), doc="Air Action plane or Aces character: decides the stats.")
    points = param.String(default="100", doc="Point value (A.squadron build total, K.recruit), as typed.")
    provenance = param.Selector(default="sample", objects=list(PROVENANCES),
                                doc="Where the numbers come from; anything but 'rules' is badged in every view.")
    source_note = param.String(default="Typed in with the cs_panel dial editor", doc="Where the values were read from.")
    pilot = param.String(default="", doc="The pilot's name (optional).")
    plane = param.String(default="", doc="The plane's name (optional).")
    squadron_symbol = param.String(default="", doc="The squadron symbol on the base (optional, A.squadron).")
    rules_values = param.Dict(default={}, doc="Values taken from the rule texts, field -> citation; kept with the "
                              "figure when it is saved (check them if you change those values).")
    level = param.Selector(default="rookie", objects=[""] + list(LEVELS), doc="Campaign level (optional, A.campaign.levels).")
    experience_multiplier = param.String(default="2", doc="Experience multiplier, 1-20 (optional, A.campaign.levels).")
    base_silhouette = param.String(default="5", doc="Air Action base: silhouette (A.base.values).")
    base_front_range = param.String(default="3", doc="Air Action base: front gunnery range in markers (A.base.values).")
    base_rear_range = param.String(default="0", doc="Air Action base: rear gunnery range in markers (A.base.values).")
    base_range = param.String(default="6", doc="Aces base: range (K.base.values).")
    base_pistols = param.String(default="1", doc="Aces base: number of pistols, the targets of one attack (K.base.values).")
    start = param.String(default="0", doc="Index of the click under the green starting triangle (A.setup).")
    structural_limit = param.String(default="", doc="Index of the last click before the black structural limit line "
                                    "(campaign dials, A.campaign.bailout); empty if the dial has none.")
    clicks = param.List(default=[], item_type=dict, doc="The combat dial, one row per click: a value per stat, markers as "
                             "'stat=colour; ...', a tick for a shot-down click and its bail-out value.")
    speeds = param.String(default="1, 2, 3, 4, 5, 6, 7", doc="Air Action speed dial: the speeds in throttle-up order.")
    red_line = param.String(default="6", doc="Index of the speed just before the red line (A.throttle).")
    speed_start = param.String(default="2", doc="Index of the speed the dial is set to.")
    squares = param.String(default="", doc="Speed-effect squares as 'position location colour; ...' "
                           "(location max_speed or gunnery, A.move.speed-effects).")
    path = param.String(default="my_figures.json", doc="In a local notebook only: the figures data file 'save' and 'load' "
                        "use. A served app has no path box and refuses both; it saves by download and loads by upload.")

    figure = param.ClassSelector(class_=Figure, default=None, allow_None=True, constant=True,
                                 doc="The figure the inputs describe, or None while the core refuses them.")
    error = param.String(default="", constant=True, doc="The core's message for the inputs ('' when they are valid).")
    error_field = param.String(default="", constant=True, doc="The entry field the message names, e.g. 'base.silhouette'.")
    status = param.String(default="", constant=True, doc="What the last save or load did.")
    dial = param.ClassSelector(class_=ClixDial, default=None, allow_None=True, constant=True,
                               doc="The live dial showing the edited figure.")

    def __init__(self, **params):
        if not params.get("clicks"):
            stats = stats_for(params.get("game", "air-action"))
            rows = [_row(stats, dict(zip(stats, v))) for v in ((6, 3, 0, 6), (6, 3, 0, 7), (5, 2, 0, 7), (4, 2, 0, 8))]
            rows += [_row(stats, dict(shot_down=True, bail_out=b)) for b in ("5", "7")]
            params["clicks"] = rows
            params.setdefault("structural_limit", "5")
        super().__init__(**params)
        self._errors = FieldErrors(SLOTS)
        self._status = HTMLText("", css_classes=["editor-status"], stylesheets=[DIAL_STYLES])
        self._summary = HTMLText("", css_classes=["editor-summary"], sizing_mode="stretch_width", stylesheets=[DIAL_STYLES])
        self._grid = pn.Column(css_classes=["in-clicks"], margin=0)
        self._cells: list[dict] = []
        self.bad_cells: list[tuple[int, str]] = []
        self._sync_grid()
        self._check()
        with editing(self, "dial"):
            self.dial = ClixDial(figure=self.figure, chooser=False) if self.figure is not None else ClixDial(chooser=False)

    # --- checking --------------------------------------------------------------------------

    def form(self) -> dict:
        """The single inputs as the texts of a data entry."""
        base_names = BASE_FIELDS[self.game]
        return dict(id=self.fig_id, name=self.fig_name, game=self.game, points=self.points, provenance=self.provenance,
                    source=self.source_note, pilot=self.pilot, plane=self.plane, squadron_symbol=self.squadron_symbol,
                    level=self.level, rules_values=self.rules_values,
                    experience_multiplier=self.experience_multiplier,
                    base={k: getattr(self, f"base_{k}") for k in base_names},
                    start=self.start, structural_limit=self.structural_limit, speeds=self.speeds,
                    red_line=self.red_line, speed_start=self.speed_start, squares=self.squares)

    def rows(self) -> list[dict]:
        """The click table as a list of dicts of texts."""
        return [dict(r) for r in self.clicks]

    def entry(self) -> dict:
        """The data entry the inputs spell out (not yet checked)."""
        return entry_from_form(self.form(), self.rows(), stats_for(self.game))

    def _too_large(self) -> TooLargeError | None:
        for name in FORM_FIELDS:
            bad = too_large(name, getattr(self, name))
            if bad is not None:
                return bad
        for i, row in enumerate(self.clicks):
            for col, text in row.items():
                bad = too_large(f"combat_dial.clicks[{i}].values.{col}", text)
                if bad is not None:
                    return bad
        return None

    @param.depends(*FORM_FIELDS, "clicks", "rules_values", watch=True)
    def _check(self):
        figure, error = None, self._too_large()
        if error is None:
            try:
                figure = figure_from_entry(self.entry(), "dial editor")
            except CsPanelError as e:
                error = e
        field = getattr(error, "field", None) or ""
        with editing(self, "figure", "error", "error_field"):
            self.figure = figure
            self.error = str(error) if error else ""
            self.error_field = field if error else ""
        slot = slot_for(field)
        self._errors.show(CsPanelError(str(error), field=slot) if error else None)
        self._mark_cells(cells_named(field, stats_for(self.game)) if error else [])
        if figure is None:
            self._summary.object = "<p class='cs-error'>Not a valid figure yet: see the message beside the input.</p>"
        else:
            cited = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in figure.rules_values.items())
            self._summary.object = (f"<p>Valid: <b>{html.escape(figure.name)}</b> {badge_html(figure.provenance)}, "
                                    f"{len(figure.combat.clicks)} clicks; shown in the dial below.</p>"
                                    + (f"<p>Values cited from the rules (kept on saving):</p><ul>{cited}</ul>" if cited else ""))
            if self.dial is not None:
                self.dial.show_figure(figure)

    @param.depends("game", watch=True)
    def _switch_game(self):
        """Both games' dials have four stats: the typed columns carry over, renamed."""
        old = stats_for("aces" if self.game == "air-action" else "air-action")
        new = stats_for(self.game)
        rows = []
        for r in self.clicks:
            moved = {n: r.get(o, "") for o, n in zip(old, new)} if all(o in r for o in old) else {}
            rows.append(_row(new, {**r, **moved}))
        self.clicks = rows

    # --- the click table -------------------------------------------------------------------

    def add_click(self, shot_down: bool = False) -> None:
        """Append a click to the table (a blank one, or a shot-down one)."""
        self.clicks = self.rows() + [_row(stats_for(self.game), {"shot_down": shot_down})]

    def remove_click(self) -> None:
        """Remove the last click of the table."""
        if len(self.clicks) > 1:
            self.clicks = self.rows()[:-1]

    def set_cell(self, index: int, column: str, value) -> None:
        """Change one cell of the click table (what typing in the table does)."""
        rows = self.rows()
        rows[index][column] = value
        self.clicks = rows

    @param.depends("clicks", watch=True)
    def _sync_grid(self):
        """Keep the table's inputs showing ``clicks``: rebuilt when the shape changes, else only
        values that differ are set (so typing never loops back)."""
        stats = stats_for(self.game)
        columns = list(stats) + ["markers", "shot_down", "bail_out"]
        same_shape = len(self._cells) == len(self.clicks) and all(list(c) == columns for c in self._cells)
        if same_shape:
            for cells, row in zip(self._cells, self.clicks):
                for col, w in cells.items():
                    want = bool(row.get(col)) if col == "shot_down" else ("" if row.get(col) is None else str(row[col]))
                    if w.value != want:
                        w.value = want
            return
        self._cells = []
        header = pn.Row(*[pn.pane.HTML(f"<b>{html.escape(c.replace('_', ' '))}</b>", width=COLUMN_WIDTHS.get(c, 70), margin=(0, 5))
                          for c in ["click"] + columns], margin=0)
        lines = [header]
        for i, row in enumerate(self.clicks):
            cells = {}
            for col in columns:
                if col == "shot_down":
                    w = pn.widgets.Checkbox(value=bool(row.get(col)), width=70, margin=(8, 5),
                                            css_classes=[f"cell-{i}-{col}"])
                else:
                    w = pn.widgets.TextInput(value="" if row.get(col) is None else str(row[col]), width=COLUMN_WIDTHS.get(col, 70),
                                             margin=(2, 5), css_classes=[f"cell-{i}-{col}"])
                w.param.watch(lambda event, i=i, col=col: self._typed(i, col, event.new), "value")
                cells[col] = w
            self._cells.append(cells)
            lines.append(pn.Row(pn.pane.HTML(f"{i}", width=70, margin=(8, 5)), *cells.values(), margin=0))
        self._grid.objects = lines
        self._mark_cells(self.bad_cells)

    def _mark_cells(self, bad: list[tuple[int, str]]) -> None:
        """Outline in red the table cells the core's message names."""
        self.bad_cells = bad
        for i, cells in enumerate(getattr(self, "_cells", [])):
            for col, w in cells.items():
                want = [BAD_CELL] if (i, col) in bad else []
                if list(w.stylesheets) != want:
                    w.stylesheets = want

    def _typed(self, index: int, column: str, value) -> None:
        if index < len(self.clicks) and self.clicks[index].get(column) != value:
            self.set_cell(index, column, value)

    # --- files -----------------------------------------------------------------------------

    def fill(self, figure: Figure) -> None:
        """Put a figure's values into the inputs (to edit a packaged or saved figure)."""
        form, rows = form_from_entry(figure_entry(figure))
        base = form.pop("base")
        values = {"fig_id": form["id"], "fig_name": form["name"], "game": form["game"], "points": form["points"],
                  "provenance": form["provenance"], "source_note": form["source"], "pilot": form["pilot"],
                  "plane": form["plane"], "squadron_symbol": form["squadron_symbol"], "rules_values": form["rules_values"],
                  "level": form["level"], "experience_multiplier": form["experience_multiplier"],
                  "start": form["start"], "structural_limit": form["structural_limit"], "speeds": form["speeds"],
                  "red_line": form["red_line"], "speed_start": form["speed_start"], "squares": form["squares"],
                  "clicks": [_row(stats_for(form["game"]), r) for r in rows]}
        values.update({f"base_{k}": v for k, v in base.items()})
        self.param.update(**values)

    def edit_packaged(self, figure_id: str) -> None:
        """Start from one of the packaged sample figures."""
        self.fill(figures(PACKAGED)[figure_id])

    def download_text(self) -> str:
        """The figure as the text of a figures data file (what the Download button gives the
        browser); '' while the inputs are not a valid figure."""
        return figures_text([self.figure]) if self.figure is not None else ""

    def _download(self):
        if self.figure is None:
            self._report("Fix the inputs first: the figure is not valid, so there is nothing to download.", error=True)
            return io.StringIO("")
        self._report(f"Downloaded {self.figure.id} as {self.figure.id}.json.")
        return io.StringIO(self.download_text())

    def load_text(self, data: bytes | str | None, figure_id: str | None = None, name: str = "upload") -> bool:
        """Edit a figure from an uploaded or pasted figures data file (size capped, checked like a
        packaged file): ``figure_id``, else the one with the id typed above, else the first. A
        refusal is shown beside the upload and the inputs stay as they were."""
        label = f"upload:{(name or 'upload')[:80]}"
        try:
            if data is None or len(data) == 0:
                raise CsPanelError("the upload is empty: choose a figures data file", field="upload")
            if len(data) > UPLOAD_BYTES:
                raise CsPanelError(f"the upload is {len(data)} bytes; the limit is {UPLOAD_BYTES}", field="upload")
            table = figures_from_text(data, label)
        except CsPanelError as e:
            return self._report(str(e), error=True, slot="upload")
        return self._edit_from(table, figure_id, label, slot="upload")

    def _edit_from(self, table, figure_id: str | None, label: str, slot: str) -> bool:
        ids = table.ids()
        if not ids:
            return self._report(f"{label} holds no figures", error=True, slot=slot)
        want = figure_id or (self.fig_id if self.fig_id in ids else ids[0])
        if want not in ids:
            return self._report(f"{label} has no figure {want!r}; it has {ids}", error=True, slot=slot)
        self.fill(table[want])
        return self._report(f"Loaded {want} from {label} (figures in the file: {', '.join(ids)}).", slot=slot)

    def _local_only(self) -> bool:
        if served():
            self._report("A served app writes and reads no files on the server: use Download and Upload.", error=True)
            return False
        return True

    def save(self) -> bool:
        """Local notebook only: write the figure to ``path``; its entry replaces one with the same
        id, other figures in the file are kept. Refused while the inputs are not a valid figure,
        and always when the app is served (download instead)."""
        if not self._local_only():
            return False
        if self.figure is None:
            return self._report("Fix the inputs first: the figure is not valid, so nothing was saved.", error=True)
        target = Path(self.path).expanduser()
        kept: list[Figure] = []
        if target.exists():
            try:
                kept = [f for f in figures.__wrapped__(str(target)) if f.id != self.figure.id]
            except CsPanelError as e:
                return self._report(f"{e} (not overwritten: choose another file)", error=True)
        try:
            save_figures(kept + [self.figure], target)
        except OSError as e:
            return self._report(f"{target}: {e.strerror or e}", error=True)
        return self._report(f"Saved {self.figure.id} to {target} ({len(kept) + 1} figure(s) in the file).")

    def load(self, figure_id: str | None = None) -> bool:
        """Local notebook only: read ``path`` and edit one of its figures: ``figure_id``, else the
        one with the id typed above, else the first. Refused when the app is served (upload instead)."""
        if not self._local_only():
            return False
        try:
            table = figures.__wrapped__(str(Path(self.path).expanduser()))
        except CsPanelError as e:
            return self._report(str(e), error=True)
        return self._edit_from(table, figure_id, self.path, slot="path")

    def _report(self, text: str, error: bool = False, slot: str = "path") -> bool:
        with editing(self, "status"):
            self.status = text
        for name in ("path", "upload"):
            self._errors.slots[name].object = error_html(text) if error and name == slot else ""
        self._status.object = "" if error else f"<p>{html.escape(text)}</p>"
        return not error

    # --- layout ----------------------------------------------------------------------------

    def _text(self, name: str, label: str, width: int = 140):
        return self._errors.beside(pn.widgets.TextInput.from_param(getattr(self.param, name), label=label, width=width,
                                                                   css_classes=[f"in-{name}"]), name)

    def __panel__(self):
        e = self._errors
        air = pn.Row(self._text("base_silhouette", "Silhouette"), self._text("base_front_range", "Front range"),
                     self._text("base_rear_range", "Rear range"), visible=self.game == "air-action")
        aces = pn.Row(self._text("base_range", "Range"), self._text("base_pistols", "Pistols"), visible=self.game == "aces")
        speed = pn.Column("#### Speed dial (Air Action)",
                          pn.Row(self._text("speeds", "Speeds, throttle-up order", 220), self._text("red_line", "Red line after index"),
                                 self._text("speed_start", "Set to index")),
                          self._text("squares", "Speed-effect squares (position location colour; ...)", 440),
                          visible=self.game == "air-action")

        def _game_changed(event):
            air.visible = speed.visible = event.new == "air-action"
            aces.visible = event.new == "aces"
        self.param.watch(_game_changed, "game")

        add = pn.widgets.Button(label="Add a click", css_classes=["add-click"])
        add.on_click(lambda event: self.add_click())
        add_down = pn.widgets.Button(label="Add a shot-down click", css_classes=["add-down"])
        add_down.on_click(lambda event: self.add_click(shot_down=True))
        remove = pn.widgets.Button(label="Remove the last click", css_classes=["remove-click"])
        remove.on_click(lambda event: self.remove_click())
        samples = pn.widgets.Select(label="Start from a sample figure", options=[""] + figures(PACKAGED).ids(),
                                    css_classes=["in-sample"])
        samples.param.watch(lambda event: event.new and self.edit_packaged(event.new), "value")
        download = pn.widgets.FileDownload(callback=self._download, filename=f"{self.fig_id or 'figure'}.json",
                                           label="Download the figure (JSON)", css_classes=["download"], width=220)
        self.param.watch(lambda event: setattr(download, "filename", f"{event.new or 'figure'}.json"), "fig_id")
        upload = upload_box(label="Upload a figures file (JSON)", accept=".json", multiple=False, css_classes=["upload"])
        upload.param.watch(lambda event: event.new is not None and self.load_text(event.new, name=upload.filename), "value")
        files = [pn.Row(download, e.beside(upload, "upload"))]
        if not served():  # a local notebook may also use a file on this computer
            save = pn.widgets.Button(label="Save to file", css_classes=["save"])
            save.on_click(lambda event: self.save())
            load = pn.widgets.Button(label="Load from file", css_classes=["load"])
            load.on_click(lambda event: self.load())
            files.append(pn.Row(self._text("path", "Figures data file (local notebook only)", 300), save, load))

        form = pn.Column(
            "### Figure", samples,
            pn.Row(self._text("fig_id", "Id"), self._text("fig_name", "Name", 220),
                   e.beside(pn.widgets.Select.from_param(self.param.game, label="Game", width=120), "game")),
            pn.Row(self._text("points", "Points", 80),
                   e.beside(pn.widgets.Select.from_param(self.param.provenance, label="Provenance", width=120), "provenance"),
                   self._text("source_note", "Source of the values", 300)),
            pn.Row(self._text("pilot", "Pilot"), self._text("plane", "Plane"), self._text("squadron_symbol", "Squadron symbol"),
                   e.beside(pn.widgets.Select.from_param(self.param.level, label="Level", width=110), "level"),
                   self._text("experience_multiplier", "XP multiplier", 90)),
            "#### Printed on the base", air, aces,
            "#### Combat dial",
            pn.Row(self._text("start", "Start (green triangle) index", 180),
                   self._text("structural_limit", "Structural limit index", 180)),
            self._grid, pn.Row(add, add_down, remove), e.slots["clicks"],
            speed,
            "#### File", *files, self._status,
            e.general, self._summary,
        )
        return pn.Column(form, "### The edited figure", self.dial, stylesheets=[DIAL_STYLES], css_classes=["cs-dial-editor"])
