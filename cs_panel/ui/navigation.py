"""``NavigationCardExplorer``: lay a navigation card from a plane on the 36 x 36 inch table.

Crimson Skies: Air Action, "Navigation" and "Movement" (``A.nav.deck``, ``A.nav.paths``,
``A.move.execute``, ``A.obstacles``). Pick a card (the ones the plane's speed allows, or every
card with the reason the others are barred), how it is laid (left, straight or right), the speed
and where the plane starts; the markers the core lays are drawn numbered on the table, with the
end of the move, whether the plane flew off the table, and what hitting an obstacle costs.
Click the table to move the plane or to drop a square obstacle. The printed cards were lost:
the paths are our reconstruction and are badged as such.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.airaction.movement import Maneuver, execute_maneuver
from cs_panel.airaction.nav_view import ObstacleHit, end_text, obstacle_hit, start_pose, unflown, why_not_playable
from cs_panel.airaction.navigation import NavigationDeck, nav_cards
from cs_panel.airaction.table import TABLE_SIZE, Obstacle, Pose
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.limits import LIMITS
from cs_panel.airaction.svg import NAV_COLOURS as COLOURS
from cs_panel.ui.common import FieldErrors, STYLES, FixedButtonGroup, QuickSelect, badge_html, html_pane, RuleInteger, RuleNumber, editing, put_changed
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg, picked_point

CARD_IDS = [c.id for c in nav_cards() if c.ace is None]
ORIENTATIONS = ["left", "straight", "right"]
FIELDS = ["card", "orientation", "speed", "x", "y", "heading", "piloting", "obstacles"]

#: the table's own look: a click there does something
TABLE_CSS = ".cs-nav-table, .cs-marker, .cs-start, .cs-unflown, .cs-obstacle { cursor: crosshair; }"


class NavigationCardExplorer(pn.viewable.Viewer):
    """Lay a navigation card from a plane and see every marker, the end, the edge and obstacles."""
    shows_rules = ('A.nav.deck', 'A.nav.paths', 'A.move.execute', 'A.obstacles')  # rule ids shown here (rules index)

    card = param.Selector(default="turn", objects=CARD_IDS, doc="The navigation card flown, by id (A.nav.deck).")
    orientation = param.Selector(default="right", objects=ORIENTATIONS,
                                 doc="How the card is laid against the plane, which picks its flight path (A.nav.paths).")
    speed = RuleInteger(default=4, bounds=(0, LIMITS["nav_markers"].hi), doc="The plane's current speed, 0-10: it stops on the marker with this number (A.move.execute).")
    show_all = param.Boolean(default=False, doc="List every card, the ones this speed bars marked and explained; otherwise only the playable ones.")
    x = RuleNumber(default=18.0, bounds=LIMITS["square_coordinate"].bounds, doc="The plane's marker centre, inches from the table's left edge (0-36).")
    y = RuleNumber(default=4.0, bounds=LIMITS["square_coordinate"].bounds, doc="The plane's marker centre, inches from the table's bottom edge (0-36).")
    heading = RuleNumber(default=0.0, bounds=(-3600.0, 3600.0), doc="The plane's heading in degrees, clockwise from straight up the table.")
    piloting = RuleInteger(default=8, bounds=LIMITS["clix.dial_value"].bounds, doc="The plane's piloting value, for the pilot check after hitting an obstacle (A.obstacles).")
    obstacles = param.List(default=[], item_type=Obstacle, doc="Obstacles on the table (optional rule, A.obstacles).")
    obstacle_size = RuleNumber(default=3.0, bounds=(0.5, 12), doc="Side in inches of the square obstacle a click drops.")
    click = param.Selector(default="plane", objects=["plane", "obstacle"], doc="What a click on the table does: move the plane or drop an obstacle.")

    maneuver = param.ClassSelector(class_=Maneuver, default=None, allow_None=True, constant=True,
                                   doc="The maneuver the core lays for the current inputs, or None while an input is wrong.")
    hit = param.ClassSelector(class_=ObstacleHit, default=None, allow_None=True, constant=True,
                              doc="The obstacle rule's outcome when the maneuver hits an obstacle, else None.")
    playable = param.List(default=[], constant=True, doc="Ids of the basic cards a plane at this speed may take (A.nav.deck).")
    barred = param.Dict(default={}, constant=True, doc="Card id -> why a plane at this speed may not take it (A.nav.deck).")
    end = param.String(default="", constant=True, doc="Where the plane ends, or that it left the table, in one line.")
    error = param.String(default="", constant=True, doc="Why the inputs lay no maneuver ('' when they do).")

    def __init__(self, **params):
        super().__init__(**params)
        self._deck = NavigationDeck.basic()
        self._errors = FieldErrors(FIELDS)
        # the table as SVG in layers: the table and the obstacles go once, a change sends the plane and
        # the markers (airaction/svg.py nav_table_svg); a click on it reaches the server as a point
        self._table = LayeredSvg(css_classes=["nav-table"], stylesheets=[TABLE_CSS], width=460, height=460)
        self._table.on_pick(self.pick)
        self._markers: list[tuple[int, float, float, float]] = []  # the numbered markers drawn
        self._text = text_view(css_classes=["nav-text"])  # the table in words, for screen readers
        self._card_select = QuickSelect(label="Card", options={}, css_classes=["in-card"], width=260)
        self._card_select.param.watch(lambda ev: ev.new is not None and setattr(self, "card", ev.new), "value")
        # one button per orientation, made once and shown or hidden, in a box of fixed width: the cards'
        # paths differ (straight, or left and right), and relabelled buttons or a new width would lay
        # the whole page out again, table included, at each such change of card (issue 14)
        self._orient_select = FixedButtonGroup(choices=ORIENTATIONS, options=ORIENTATIONS, width=160,
                                               css_classes=["in-orientation"])
        self._orient_select.param.watch(lambda ev: ev.new is not None and setattr(self, "orientation", ev.new), "value")
        self._end = html_pane("", css_classes=["nav-end"], sizing_mode="stretch_width")
        self._outcome = html_pane("", css_classes=["nav-outcome"], sizing_mode="stretch_width")
        self._barred = html_pane("", css_classes=["nav-barred"], sizing_mode="stretch_width")
        # as wide as its column, like the panes below it: shrink-wrapped to its text, another card's
        # name resized it and the browser measured the page again (issue 14)
        self._badge = html_pane("", css_classes=["nav-badge"], sizing_mode="stretch_width")
        self._update()

    # --- drawing ---------------------------------------------------------------------------

    def _draw(self, start: Pose | None, m: Maneuver | None, hit: ObstacleHit | None, description: str = "") -> None:
        from cs_panel.airaction.svg import NAV_TOP, nav_table_svg  # drawing code, only when a table is shown

        ghosts = list(unflown(m, self._deck.card(m.card_id))) if m is not None else []
        self._markers = [(n, p.x, p.y, p.heading) for n, p in enumerate(m.markers, start=1)] if m is not None else []
        self._table.show(nav_table_svg(start, m, ghosts, self.obstacles, hit.bounced if hit is not None else None,
                                       description), top_from=NAV_TOP)
        show_text(self._text, self._table.words)  # the drawing's own words, for the text view

    def drawn_markers(self) -> list[tuple[int, float, float, float]]:
        """The numbered markers on the drawing as (number, x, y, heading), for tests and lessons."""
        return list(self._markers)

    def pick(self, text: str) -> bool:
        """A click on the drawing as the browser sends it: ``table@x,y`` (the drawing's units),
        which ``click_at`` reads as inches on the table. Anything else, from a stranger's page, is
        ignored."""
        from cs_panel.airaction.svg import nav_point

        at = picked_point(text, "table")
        if at is None:
            return False
        x, y = nav_point(*at)
        if not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE):
            return False
        self.click_at(x, y)
        return True

    # --- clicks and obstacles --------------------------------------------------------------

    def click_at(self, x: float, y: float) -> None:
        """A click on the table at (x, y) inches: move the plane there, or drop an obstacle."""
        if self.click == "plane":
            self.param.update(x=round(float(x), 2), y=round(float(y), 2))
        else:
            self.add_obstacle(x, y)

    def add_obstacle(self, cx: float, cy: float, size: float | None = None) -> Obstacle:
        """Drop a square obstacle centred at (cx, cy)."""
        h = (size if size is not None else self.obstacle_size) / 2
        used = {o.id for o in self.obstacles}
        k = len(self.obstacles) + 1
        while f"O{k}" in used:
            k += 1
        ob = Obstacle.rectangle(f"O{k}", cx - h, cy - h, cx + h, cy + h)
        self.obstacles = list(self.obstacles) + [ob]
        return ob

    def clear_obstacles(self) -> None:
        self.obstacles = []

    # --- the rules, asked ------------------------------------------------------------------

    def _card_options(self) -> dict[str, str]:
        barred = self.barred
        opts = {}
        for cid in CARD_IDS:
            c = self._deck.card(cid)
            if cid in barred:
                if self.show_all or cid == self.card:  # the chosen card stays chosen even when barred
                    opts[f"{c.name} (needs speed {c.speed_rating})"] = cid
            else:
                opts[f"{c.name} (speed rating {c.speed_rating})"] = cid
        return opts

    @param.depends("card", watch=True)
    def _orientation_follows_card(self):
        c = self._deck.card(self.card)
        names = [o.value for o in c.orientations]
        if self.orientation not in names:
            self.orientation = "straight" if "straight" in names else names[-1]

    @param.depends("card", "orientation", "speed", "show_all", "x", "y", "heading", "piloting", "obstacles", watch=True)
    def _update(self):
        # a new card that needs another orientation changes both in one go: draw that once
        asked = repr((self.card, self.orientation, self.speed, self.show_all, self.x, self.y, self.heading,
                      self.piloting, self.obstacles))
        if asked == getattr(self, "_asked", None):
            return
        self._asked = asked
        m = hit = start = None
        error = None
        speed_ok = isinstance(self.speed, int) and 0 <= self.speed <= 10
        playable = self._deck.playable(self.speed) if speed_ok else []
        barred = why_not_playable(self._deck, self.speed) if speed_ok else {}
        with editing(self, "playable", "barred"):
            self.playable, self.barred = playable, barred
        try:
            start = start_pose(self.x, self.y, self.heading)
            m = execute_maneuver(start, self._deck.card(self.card), self.orientation, self.speed, obstacles=self.obstacles)
            hit = obstacle_hit(m, self.obstacles, self.piloting)
        except CsPanelError as e:
            m = hit = None
            error = e
        with editing(self, "maneuver", "hit", "error", "end"):
            self.maneuver, self.hit = m, hit
            self.error = str(error) if error else ""
            self.end = end_text(m) if m is not None else ""
        self._errors.show(error)
        self._refresh_widgets()
        self._draw(start, m, hit, self.end or "No maneuver while an input above is wrong.")
        c = self._deck.card(self.card)
        self._badge.object = (f"<p>Card paths: {html.escape(c.name)} {badge_html(c.provenance)} "
                              "<small>(the printed cards were lost; these paths are our reconstruction)</small></p>")
        if m is None:
            self._end.object = "<p class='cs-error'>No maneuver until the input marked above is fixed.</p>"
            self._outcome.object = ""
        else:
            cls = "nav-left-table" if m.left_table else "nav-hit" if m.obstacle else "nav-ok"
            self._end.object = f"<p class='{cls}'><b>{html.escape(self.end)}</b></p>"
            self._outcome.object = self._outcome_html(m, hit)
        rows = "".join(f"<li>{html.escape(why)}</li>" for why in barred.values())
        self._barred.object = (f"<p>At speed {self.speed} these cards cannot be played:</p><ul>{rows}</ul>" if rows
                               else f"<p>Every basic card can be played at speed {self.speed}.</p>")

    def _outcome_html(self, m: Maneuver, hit: ObstacleHit | None) -> str:
        path = self._deck.card(m.card_id).path(m.orientation)
        parts = [f"<p>{html.escape(self._deck.card(m.card_id).name)} laid {m.orientation.value}: the path has "
                 f"{path.highest} markers; at speed {m.speed} the plane lays {len(m.markers)} "
                 f"(<code>A.move.execute</code>).</p>"]
        if m.left_table:
            parts.append("<p class='nav-removed'>The plane has left the engagement and is removed from play "
                         "(<code>A.move.execute</code>).</p>")
        if hit is not None:
            dist = hit.collision.damage_distribution()
            odds = ", ".join(f"{k} click{'s' if k != 1 else ''}: {percent(p)}" for k, p in sorted(dist.items()))
            parts.append(
                f"<p class='nav-obstacle'>Hits obstacle <b>{html.escape(hit.obstacle)}</b> at marker {hit.at_marker}: "
                f"the pilot checks {html.escape(str(hit.collision.check))}. Success costs {hit.collision.clicks_on_success} "
                f"click, failure {hit.collision.clicks_on_failure} (the speed). Damage odds: {odds}. If the plane "
                f"survives, its marker is turned back to x {hit.bounced.x:.2f}, y {hit.bounced.y:.2f}, heading "
                f"{hit.bounced.heading:.0f} (dotted) and its speed drops to {hit.new_speed} (<code>A.obstacles</code>).</p>")
        return "".join(parts)

    def _refresh_widgets(self):
        # options and value change together, so a widget never passes through an empty choice
        opts = self._card_options()
        if self._card_select.options != opts or self._card_select.value != self.card:
            put_changed(self._card_select, options=opts, value=self.card)
        names = [o.value for o in self._deck.card(self.card).orientations]
        value = self.orientation if self.orientation in names else self._orient_select.value
        if list(self._orient_select.options) != names or self._orient_select.value != value:
            put_changed(self._orient_select, options=names, value=value if value in names else names[0])

    # --- layout ----------------------------------------------------------------------------

    def __panel__(self):
        e = self._errors
        p = self.param
        clear = pn.widgets.Button(label="Clear obstacles", css_classes=["clear-obstacles"])
        clear.on_click(lambda event: self.clear_obstacles())
        # the keyboard's way to drop an obstacle: its centre typed, then the button (a click on the table does the same)
        ob_x = pn.widgets.FloatInput(value=TABLE_SIZE / 2, start=0.0, end=TABLE_SIZE, step=0.5, label="Obstacle x (in)", width=110,
                                     css_classes=["in-obstacle-x"])
        ob_y = pn.widgets.FloatInput(value=TABLE_SIZE / 2, start=0.0, end=TABLE_SIZE, step=0.5, label="Obstacle y (in)", width=110,
                                     css_classes=["in-obstacle-y"])
        add = pn.widgets.Button(label="Add obstacle there", css_classes=["add-obstacle"])
        add.on_click(lambda event: None if ob_x.value is None or ob_y.value is None
                     else self.add_obstacle(float(ob_x.value), float(ob_y.value)))
        inputs = pn.Column(
            "### Card and speed",
            e.beside(pn.widgets.IntInput.from_param(p.speed, label="Current speed", css_classes=["in-speed"]), "speed"),
            e.beside(self._card_select, "card"),
            pn.widgets.Checkbox.from_param(p.show_all, label="List every card (barred ones explained)", css_classes=["in-show-all"]),
            "Lay the card",
            e.beside(self._orient_select, "orientation"),
            "### Plane",
            pn.Row(e.beside(pn.widgets.FloatInput.from_param(p.x, label="x (in)", width=80, css_classes=["in-x"]), "x"),
                   e.beside(pn.widgets.FloatInput.from_param(p.y, label="y (in)", width=80, css_classes=["in-y"]), "y"),
                   e.beside(pn.widgets.FloatInput.from_param(p.heading, label="heading", width=80, css_classes=["in-heading"]), "heading")),
            e.beside(pn.widgets.IntInput.from_param(p.piloting, label="Piloting value", css_classes=["in-piloting"]), "piloting"),
            "### A click on the table",
            pn.widgets.RadioButtonGroup.from_param(p.click, css_classes=["in-click"]),
            pn.widgets.FloatInput.from_param(p.obstacle_size, label="Obstacle size (in)", width=120),
            pn.Row(ob_x, ob_y, margin=0), pn.Row(add, clear, margin=0),
            e.slots["obstacles"],
            e.general,
            self._barred,
            width=320,
        )
        legend = html_pane(
            f"<span style='color:{COLOURS['plane']}'>&#9632; the plane</span> "
            f"<span style='color:{COLOURS['laid']}'>&#9632; markers laid</span> "
            f"<span style='color:{COLOURS['final']}'>&#9632; final marker</span> "
            f"<span style='color:{COLOURS['off']}'>&#9632; over the edge</span> "
            f"<span style='color:{COLOURS['hit']}'>&#9632; obstacle hit</span> "
            f"<span style='color:#a0aec0'>&#9633; not reached at this speed</span>")
        results = pn.Column("### On the table", named(self._table, "the table: the maneuver's markers", self._text),
                            legend, self._badge, self._end, self._outcome)
        return pn.Row(inputs, results, stylesheets=[STYLES], css_classes=["cs-navigation"])


__all__ = ["NavigationCardExplorer"]
