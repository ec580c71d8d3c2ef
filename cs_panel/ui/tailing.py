"""``TailingReveal``: two planes on the hex map, whether one tails the other, and what is told.

FASA *Crimson Skies*, Tailing, p.28-29 (``F.tail.position``, ``F.tail.number``,
``F.tail.reveal``). The component gathers positions, facings, speeds and pilot skills, asks
``cs_panel.fasa.tailing`` and shows the answer: every reason the tail fails, the tailing number
term by term, and exactly what the leader must say about the plotted move. The map shades the
follower's front arc and the leader's rear arc; click a hex to move the plane chosen in
"Click places".
"""

from __future__ import annotations

import html

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.fasa.hexgrid import Facing, Hex, HexLayout, in_front_arc, in_rear_arc, spiral
from cs_panel.fasa.tailing import (
    Revealed, Tailing, TailingNumber, TailingPlane, reveal, tailing_position, who_tails,
)
from cs_panel.core.palette import PLAYER_COLOURS
from cs_panel.ui.common import FieldErrors, STYLES, bokeh_writes, editing, html_pane, plane_arrow, set_data, RuleInteger
from cs_panel.ui.a11y import named, show_text, text_view

FACINGS = [f.name for f in Facing]
MAP_RADIUS = 4  # hexes drawn around each plane
HEX_ROWS = 2 * (1 + 3 * MAP_RADIUS * (MAP_RADIUS + 1))  # two planes' regions, at most

COLOURS = {
    "plain": "#f7fafc",
    "front": "#c6f6d5",   # follower's front arc
    "rear": "#feebc8",    # leader's rear arc
    "both": "#9ae6b4",    # in both arcs
    "follower": PLAYER_COLOURS[0],  # the first two team colours, as in the tailing drawing (fasa.render)
    "leader": PLAYER_COLOURS[1],
}

FIELDS = ["follower_q", "follower_r", "follower_facing", "follower_speed", "follower_sixth_sense",
          "leader_q", "leader_r", "leader_facing", "leader_speed", "leader_sixth_sense", "maneuver"]


class TailingReveal(pn.viewable.Viewer):
    """Place two planes and see whether the follower tails the leader, and what the leader reveals."""
    shows_rules = ('F.tail.position', 'F.tail.number', 'F.tail.reveal', 'F.map.hexes', 'F.move.plot')  # rule ids shown here (rules index)

    follower_name = param.String(default="Iverian", doc="Name of the plane that may be tailing.")
    follower_q = RuleInteger(default=0, bounds=LIMITS["hex_coordinate"].bounds, doc="Follower's hex column q (axial coordinates, F.map.hexes).")
    follower_r = RuleInteger(default=2, bounds=LIMITS["hex_coordinate"].bounds, doc="Follower's hex row r (axial coordinates, F.map.hexes).")
    follower_facing = param.Selector(default="A", objects=FACINGS, doc="Follower's facing, A-F clockwise from up the map.")
    follower_speed = RuleInteger(default=3, bounds=LIMITS["fasa.speed"].bounds, doc="Follower's speed this turn; decides who is behind in a shared hex (F.tail.position).")
    follower_sixth_sense = RuleInteger(default=5, bounds=LIMITS["fasa.skill"].bounds, doc="Follower's Sixth Sense skill, 0-10 (F.tail.number).")
    follower_shocked = param.Boolean(default=False, doc="Is the follower shocked? A shocked pilot cannot tail (F.tail.position).")

    leader_name = param.String(default="Dukes", doc="Name of the plane that may be tailed.")
    leader_q = RuleInteger(default=0, bounds=LIMITS["hex_coordinate"].bounds, doc="Leader's hex column q (axial coordinates).")
    leader_r = RuleInteger(default=0, bounds=LIMITS["hex_coordinate"].bounds, doc="Leader's hex row r (axial coordinates).")
    leader_facing = param.Selector(default="A", objects=FACINGS, doc="Leader's facing, A-F clockwise from up the map.")
    leader_speed = RuleInteger(default=4, bounds=LIMITS["fasa.speed"].bounds, doc="Leader's speed this turn (F.tail.position, shared hex).")
    leader_sixth_sense = RuleInteger(default=6, bounds=LIMITS["fasa.skill"].bounds, doc="Leader's Sixth Sense skill, 0-10 (F.tail.number).")
    leader_smoking = param.Boolean(default=False, doc="Is the leader's plane smoking? +2 to the tailing number (F.tail.number).")
    leader_shocked = param.Boolean(default=False, doc="Is the leader shocked? +2 to the tailing number (F.tail.number).")
    maneuver = param.String(default="4L3C", doc="The leader's secretly plotted maneuver, e.g. 4L3C, 3SA, 1SD, or a lone facing letter for a stall (F.move.plot).")

    place = param.Selector(default="follower", objects=["follower", "leader"], doc="Which plane a click on the map moves.")

    tailing = param.ClassSelector(class_=Tailing, default=None, allow_None=True, constant=True,
                                  doc="The tailing position of follower on leader, or None while an input is wrong.")
    number = param.ClassSelector(class_=TailingNumber, default=None, allow_None=True, constant=True,
                                 doc="The explained tailing number, or None while an input is wrong.")
    revealed = param.ClassSelector(class_=Revealed, default=None, allow_None=True, constant=True,
                                   doc="What the leader must reveal; None when the follower does not tail or an input is wrong.")
    verdict = param.String(default="", constant=True, doc="One sentence: who tails whom, or why not.")
    error = param.String(default="", constant=True, doc="Why the inputs give no answer ('' when they do).")

    def __init__(self, **params):
        super().__init__(**params)
        self._layout_geom = HexLayout(size=1.0)
        self._drawn: tuple | None = None  # what the map was last drawn for (``_draw``)
        self._errors = FieldErrors(FIELDS)
        self._hexes = ColumnDataSource(dict(xs=[], ys=[], fill=[], q=[], r=[], zone=[]))
        self._planes = ColumnDataSource(dict(x=[], y=[], xs=[], ys=[], colour=[], name=[], label_y=[]))
        self._figure = self._make_figure()
        self._verdict = html_pane("", css_classes=["tail-verdict"], sizing_mode="stretch_width")
        self._number = html_pane("", css_classes=["tail-number"], sizing_mode="stretch_width")
        self._reveal = html_pane("", css_classes=["tail-reveal"], sizing_mode="stretch_width")
        self._text = text_view(css_classes=["tail-text"])  # the map in words, for screen readers
        self._update()

    # --- drawing ---------------------------------------------------------------------------

    def _make_figure(self):
        fig = figure(height=420, width=420, match_aspect=True, name="tailing_map", title="Tailing positions",
                     toolbar_location=None, tools="")
        fig.patches(xs="xs", ys="ys", fill_color="fill", line_color="#a0aec0", source=self._hexes)
        fig.patches(xs="xs", ys="ys", fill_color="colour", line_color="black", source=self._planes)
        fig.text(x="x", y="label_y", text="name", text_align="center", text_font_size="10pt", source=self._planes)
        fig.add_tools(HoverTool(tooltips=[("hex", "(@q, @r)"), ("", "@zone")]))
        fig.axis.visible = False
        fig.grid.visible = False
        fig.on_event(Tap, lambda event: self.place_at(event.x, event.y))
        return fig

    @bokeh_writes()
    def _draw(self, follower: Hex, f_facing: Facing, leader: Hex, l_facing: Facing) -> None:
        # the map shows only the planes' places, facings and names: a change of anything else (a
        # skill, the plotted maneuver, the smoking box) leaves it as drawn. Working out its 61 hexes'
        # corners and arcs again, for set_data to find them unchanged, took most of the Python time
        # of such a change (issue 14), so the last drawing's inputs are kept (``_drawn``)
        drawn = (follower, f_facing, leader, l_facing, self.follower_name, self.leader_name)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        region = sorted(set(spiral(follower, MAP_RADIUS)) | set(spiral(leader, MAP_RADIUS)))
        data = dict(xs=[], ys=[], fill=[], q=[], r=[], zone=[])
        for h in region:
            front = in_front_arc(follower, f_facing, h)
            rear = in_rear_arc(leader, l_facing, h)
            zone = ("both" if front and rear else "front" if front else "rear" if rear else "plain")
            words = {"both": f"{self.follower_name}'s front arc and {self.leader_name}'s rear arc",
                     "front": f"{self.follower_name}'s front arc", "rear": f"{self.leader_name}'s rear arc",
                     "plain": ""}
            corners = self._layout_geom.corners(h)
            data["xs"].append([c[0] for c in corners])
            data["ys"].append([c[1] for c in corners])
            data["fill"].append(COLOURS[zone])
            data["q"].append(h.q)
            data["r"].append(h.r)
            data["zone"].append(words[zone])
        # the drawing keeps one row count whatever the planes' places: hexes past the region are
        # empty patches. Resizing the source while the browser paints gave bokeh's "Out of bounds:
        # 0 <= 61 < 61" in lesson 6, when both planes moved into one hex and the region shrank.
        for _ in range(HEX_ROWS - len(region)):
            for key, blank in (("xs", []), ("ys", []), ("fill", COLOURS["plain"]), ("q", None), ("r", None), ("zone", "")):
                data[key].append(blank)
        set_data(self._hexes, data)
        planes = dict(x=[], y=[], xs=[], ys=[], colour=[], name=[], label_y=[])
        same = follower == leader
        for role, h, facing, name in (("follower", follower, f_facing, self.follower_name),
                                      ("leader", leader, l_facing, self.leader_name)):
            x, y = self._layout_geom.center(h)
            if same:  # two planes in one hex: set them side by side
                x += -0.35 if role == "follower" else 0.35
            planes["x"].append(x)
            planes["y"].append(y)
            xs, ys = plane_arrow(x, y, facing, scale=0.8)
            planes["xs"].append(xs)
            planes["ys"].append(ys)
            planes["colour"].append(COLOURS[role])
            planes["name"].append(name)
            # in one hex the names would run into each other: the leader's goes above, the follower's below
            planes["label_y"].append(y + 0.9 if same and role == "leader" else y - 0.9)
        set_data(self._planes, planes)

    def place_at(self, x: float, y: float) -> Hex:
        """Move the plane chosen by ``place`` to the hex under drawing point (x, y)."""
        h = self._layout_geom.hex_at(x, y)
        self.param.update({f"{self.place}_q": h.q, f"{self.place}_r": h.r})
        return h

    # --- the rules, asked ------------------------------------------------------------------

    def _plane(self, role: str) -> TailingPlane:
        p = {k[len(role) + 1:]: v for k, v in self.param.values().items() if k.startswith(role + "_")}
        try:
            return TailingPlane(Hex(p["q"], p["r"]), Facing[p["facing"]], p["speed"], p["sixth_sense"],
                                p.get("smoking", False), p["shocked"], p["name"])
        except CsPanelError as e:
            e.field = f"{role}_{e.field}" if e.field else None  # point the message at this plane's widget
            raise

    @param.depends(*[n for n in FIELDS], "follower_shocked", "follower_name", "leader_smoking", "leader_shocked",
                   "leader_name", watch=True)
    def _update(self):
        tailing = number = revealed = None
        error = None
        try:
            follower, leader = self._plane("follower"), self._plane("leader")
            tailing = tailing_position(follower, leader)
            number = tailing.number()
            said = reveal(number.reveal, self.maneuver)  # reads the notation even when nothing is told
            revealed = said if tailing.tails else None
        except CsPanelError as e:
            tailing = number = revealed = None  # a half-answer would hide the input still wrong
            error = e
        with editing(self, "tailing", "number", "revealed", "error", "verdict"):
            self.tailing, self.number, self.revealed = tailing, number, revealed
            self.error = str(error) if error else ""
            self.verdict = str(tailing) if tailing is not None else ""
        self._errors.show(error)
        self._draw(Hex(self.follower_q, self.follower_r), Facing[self.follower_facing],
                   Hex(self.leader_q, self.leader_r), Facing[self.leader_facing])
        from cs_panel.fasa.render import tailing_text  # drawing code, only when a position is shown

        show_text(self._text, (lambda: tailing_text(tailing)) if tailing is not None  # made when a reader opens it
                  else "No map while an input above is wrong.")
        if tailing is None:
            self._verdict.object = "<p class='cs-error'>No answer until the input marked above is fixed.</p>"
            self._number.object = self._reveal.object = ""
            return
        self._verdict.object = self._verdict_html(tailing, follower, leader)
        self._number.object = number._repr_html_()
        self._reveal.object = self._reveal_html(tailing, number, said)

    def _verdict_html(self, tailing: Tailing, follower: TailingPlane, leader: TailingPlane) -> str:
        head = html.escape(f"{follower.label} tails {leader.label}" if tailing.tails
                           else f"{follower.label} does not tail {leader.label}")
        reasons = "".join(f"<li>{html.escape(r)}</li>" for r in tailing.reasons)
        other = who_tails(leader, follower)
        flip = (f"<p>The other way round, {html.escape(leader.label)} tails {html.escape(follower.label)}.</p>"
                if other is not None and other.follower == leader else "")
        return (f"<p class='tail-head'><b>{head}</b> ({tailing.distance} hex{'' if tailing.distance == 1 else 'es'} apart; "
                f"<code>F.tail.position</code> FASA p.28)</p>" + (f"<ul class='tail-reasons'>{reasons}</ul>" if reasons else "")
                + flip)

    def _reveal_html(self, tailing: Tailing, number: TailingNumber, said: Revealed) -> str:
        leader = html.escape(tailing.leader.label)
        if not tailing.tails:
            return (f"<p>Nothing is revealed: the tail does not hold. Were it to hold, a tailing number of "
                    f"{number.total} would buy: {html.escape(number.reveal.value)}.</p>")
        secret = "<i>secret</i>"
        rows = [("direction", html.escape(said.direction)),
                ("speed", str(said.speed) if said.speed is not None else secret),
                ("destination hex", html.escape(said.destination) if said.destination is not None else secret),
                ("final facing", secret)]
        body = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows)
        return (f"<p><b>{leader} must reveal:</b> {html.escape(str(said))} "
                f"(<code>F.tail.reveal</code> FASA p.28)</p><table class='cs-breakdown tail-told'>{body}</table>")

    # --- layout ----------------------------------------------------------------------------

    def __panel__(self):
        e = self._errors

        def plane_inputs(role: str, title: str, extra: list) -> pn.Column:
            p = self.param
            return pn.Column(
                f"#### {title}",
                pn.widgets.TextInput.from_param(p[f"{role}_name"], label="Name", width=200, css_classes=[f"in-{role}-name"]),
                pn.Row(e.beside(pn.widgets.IntInput.from_param(p[f"{role}_q"], label="Hex q", width=90), f"{role}_q"),
                       e.beside(pn.widgets.IntInput.from_param(p[f"{role}_r"], label="Hex r", width=90), f"{role}_r")),
                e.beside(pn.widgets.Select.from_param(p[f"{role}_facing"], label="Facing", width=200, css_classes=[f"in-{role}-facing"]), f"{role}_facing"),
                e.beside(pn.widgets.IntInput.from_param(p[f"{role}_speed"], label="Speed this turn", width=200, css_classes=[f"in-{role}-speed"]), f"{role}_speed"),
                e.beside(pn.widgets.IntInput.from_param(p[f"{role}_sixth_sense"], label="Sixth Sense", width=200, css_classes=[f"in-{role}-sixth-sense"]), f"{role}_sixth_sense"),
                *extra,
                margin=(0, 10),
            )

        p = self.param
        follower = plane_inputs("follower", "Follower (may be tailing)", [
            pn.widgets.Checkbox.from_param(p.follower_shocked, label="Shocked", css_classes=["in-follower-shocked"])])
        leader = plane_inputs("leader", "Leader (may be tailed)", [
            pn.widgets.Checkbox.from_param(p.leader_smoking, label="Plane smoking", css_classes=["in-leader-smoking"]),
            pn.widgets.Checkbox.from_param(p.leader_shocked, label="Shocked", css_classes=["in-leader-shocked"]),
            e.beside(pn.widgets.TextInput.from_param(p.maneuver, label="Plotted maneuver", width=200, css_classes=["in-maneuver"]), "maneuver"),
        ])
        placer = pn.widgets.RadioButtonGroup.from_param(p.place, label="Click places", css_classes=["in-place"])
        legend = html_pane(
            f"<span style='background:{COLOURS['front']}'>&nbsp;follower's front arc&nbsp;</span> "
            f"<span style='background:{COLOURS['rear']}'>&nbsp;leader's rear arc&nbsp;</span> "
            f"<span style='background:{COLOURS['both']}'>&nbsp;both&nbsp;</span> "
            "<span class='cs-badge cs-badge-reconstructed' style='background:#b7791f' "
            "title='the printed arcs diagram was lost; these wedges are rebuilt from the text'>reconstructed arcs</span>")
        inputs = pn.Column("### Planes", pn.Row(follower, leader), e.general, width=480)
        results = pn.Column("### Tailing", named(pn.pane.Bokeh(self._figure), "map: the two planes and their arcs", self._text),
                            legend, pn.Row("Click places:", placer),
                            self._verdict, self._number, self._reveal)
        return pn.Row(inputs, results, stylesheets=[STYLES], css_classes=["cs-tailing"])


__all__ = ["TailingReveal"]
