"""The served rulebook app: a home page, a sidebar grouped by game, one page (and one URL) per component.

``panel serve examples/app.py`` or the ``cs-panel serve`` command show it. Every page has its own
address, ``?page=tohit``; the calculators also keep their main inputs in the address
(``?page=tohit&range_hexes=5&dead_eye=3``), so a link shares a situation. Pages are built lazily:
a session builds only the page it opens, and each page a link opens when it opens it. Values in
the address that a component refuses are dropped, with a note on the page; the page opens with
defaults for them.

The app's own links (the sidebar's, a page's links to the rules index, the home page's) open their
page in place (``cs_panel.ui.page_switch``): the session and the template stay, the main area takes
the new page's component, built then, the previous one is let go, and the address follows, so a
link can still be copied, reloaded or opened in a new tab. Back to another page loads the page its
address names.
"""

from __future__ import annotations

import html
import importlib
import json
import math
import os
from dataclasses import dataclass, field

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.rulebook import BINDER_LESSONS, GAMES, Lookup, search

GROUPS = ("Play a game", "FASA board game", "Air Action", "Aces", "Bar-rooms", "Rules index")
#: the groups of one game's components each (the home page lists them by game)
GAME_GROUPS = ("FASA board game", "Air Action", "Aces", "Bar-rooms")


@dataclass(frozen=True)
class Page:
    """One page of the app: its address (``?page=slug``), its sidebar group and what it shows."""

    slug: str
    title: str
    group: str
    component: str | None = None  # a class named in cs_panel.ui._COMPONENTS
    sync: tuple[str, ...] = field(default=())  # parameters kept in the address; query name = parameter name
    blurb: str = ""


#: Every page, in sidebar order. Register a new component here (with the parameters a link should carry).
PAGES = (
    Page("play", "Play against the computer", "Play a game", "PlayTable", (),
         "Any of the four games, each side human or computer, with the computer's reasons."),
    Page("replay", "Replay a game", "Play a game", "GameReplay", ("demo", "step"),
         "Step through a saved game of any system, roll by roll."),
    Page("setup", "Set up a game", "Play a game", "GameSetup", ("system", "seed"),
         "Choose planes and pilots, or teams, and start a game."),
    Page("tohit", "To-hit calculator", "FASA board game", "ToHitCalculator",
         ("target_plane", "target_base", "deflection", "range_hexes", "dead_eye", "weapon", "shocked"),
         "Build a to-hit number and see the odds."),
    Page("maneuvers", "Maneuver explorer", "FASA board game", "ManeuverExplorer",
         ("speed", "last_gs", "shocked", "natural_touch", "maneuver", "colour_by", "two_turns"),
         "Every move the template allows, with its Gs and push numbers."),
    Page("random-movement", "Pushes and random movement", "FASA board game", "RandomMovementPlayer",
         ("speed", "last_gs", "natural_touch", "shocked", "maneuver", "dice", "seed", "push_faces", "move_faces"),
         "Push past a plane's ratings and watch a failed push fly."),
    Page("tailing", "Tailing", "FASA board game", "TailingReveal",
         ("follower_q", "follower_r", "follower_facing", "follower_speed", "follower_sixth_sense", "follower_shocked",
          "leader_q", "leader_r", "leader_facing", "leader_speed", "leader_sixth_sense", "leader_smoking",
          "leader_shocked", "maneuver"),
         "Who is on whose tail, and what the tailer learns."),
    Page("pilot", "Pilot sheet", "FASA board game", "PilotSheet",
         ("role", "constitution", "quick_draw", "dead_eye", "steady_hand", "natural_touch", "sixth_sense"),
         "Create a pilot and spend experience."),
    Page("damage", "Damage sheet", "FASA board game", "DamageSheet",
         ("plane", "constitution", "table", "column", "template", "range_hexes"),
         "Lay damage templates on a record sheet."),
    Page("fasa-table", "Referee table", "FASA board game", "FasaTable", (),
         "Play a seeded demo game, turn by turn."),
    Page("dial", "Combat dial", "Air Action", "ClixDial",
         ("figure_id", "level", "campaign", "first_turn", "throttle_clicks"),
         "Click a clix combat dial (Air Action and Aces share it)."),
    Page("dial-editor", "Dial editor", "Air Action", "DialEditor", (),
         "Type in your own figure's dial."),
    Page("attack", "Attack odds", "Air Action", "AttackOdds",
         ("gunnery", "weapon", "silhouette", "point_blank", "rear_arc_bonus", "offensive_fate", "fate_dice",
          "defensive_fate", "target_fate", "clicks_left", "faces"),
         "The odds of a shot and of shooting a plane down."),
    Page("navigation", "Navigation cards", "Air Action", "NavigationCardExplorer",
         ("card", "orientation", "speed", "show_all", "x", "y", "heading", "piloting"),
         "Fly a navigation card at any speed."),
    Page("airaction-table", "Referee table", "Air Action", "AirActionTable", (),
         "Play a seeded Air Action game."),
    Page("aces", "Skirmish map", "Aces", "AcesSkirmish", ("map_name", "active", "target", "kind"),
         "Move and shoot on foot, square by square."),
    Page("shootout", "Shootout calculator", "Bar-rooms", "ShootoutCalculator",
         ("target", "target_speed", "range_hexes", "deadeye", "weapon", "shots", "full_auto", "shooter_gait",
          "target_gait", "cover", "cover_value", "armour", "shooter_shock", "punched"),
         "A Bar-rooms shot: the number, the odds, where it lands."),
    Page("barrooms-table", "Referee table", "Bar-rooms", "BarroomsTable", (),
         "Play a seeded bar-room fight, action by action."),
    Page("rules", "Rules index", "Rules index", None, ("q", "game"),
         "Every rule: our explanation, the page, the lessons, the tests."),
)
PAGES_BY_SLUG = {p.slug: p for p in PAGES}

NOTICE = (
    "Unofficial fan project: not affiliated with or endorsed by the owners of Crimson Skies. "
    "Rules are paraphrased and cited, not reproduced."
)

#: limits on a value read from the address: longer text and larger numbers are refused
MAX_TEXT = 80
MAX_NUMBER = 1000

LESSONS = (
    ("00_your_first_game.ipynb", "0. Your first game, against the computer"),
    ("01_dice_and_to_hit.ipynb", "1. The d10 and the to-hit number"),
    ("02_the_maneuver_template.ipynb", "2. The maneuver template"),
    ("06_tailing.ipynb", "6. Tailing"),
    ("08_firing_guns_and_where_hits_land.ipynb", "8. Firing guns, and where the hits land"),
    ("11_the_combat_dial_and_pilot_checks.ipynb", "11. The combat dial and pilot checks (Air Action)"),
    ("21_aces_skirmish_on_foot.ipynb", "21. Aces: a skirmish on foot"),
    ("31_barrooms_fighting_on_foot.ipynb", "31. Bar-rooms: fighting on foot"),
    ("40_replaying_a_saved_game.ipynb", "40. Replaying a saved game"),
)

CSS = """
.cs-nav { font-size: 15px; line-height: 1.35; }
.cs-nav h4 { margin: 14px 0 4px 0; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #555; }
.cs-nav ul { list-style: none; margin: 0; padding: 0; }
.cs-nav a { display: block; padding: 4px 10px; border-left: 4px solid transparent; color: #1d3d6e;
            text-decoration: none; border-radius: 0 4px 4px 0; }
.cs-nav a:hover, .cs-nav a:focus { background: #e8eef7; text-decoration: underline; }
.cs-nav a[aria-current=page] { border-left-color: #c0392b; background: #fbeaea; font-weight: bold; color: #000; }
.cs-notice { font-size: 13px; color: #444; }
.cs-rule h3 { font-size: 18px; }
.cs-page-rules { margin: 0; font-size: 13px; color: #444; }
.cs-page-rules a { color: #1d3d6e; }
.cs-body { font-size: 15px; line-height: 1.45; max-width: 1100px; }
.cs-body h1 { font-size: 28px; } .cs-body h2 { font-size: 21px; }
.cs-note { background: #fff4d6; border: 1px solid #e0b94f; padding: 6px 10px; border-radius: 4px; }
"""


def _html(text: str, css_class: str) -> pn.pane.HTML:
    """An HTML pane with the app's styles (a pane's content sits in its own shadow root). A new
    text sends only the text (``HTMLText``): Panel's own pane sent every property again, and the
    sidebar's, changed when a link opens another page in place, took the theme's whole stylesheet
    with it, styled as if alone on the page."""
    from cs_panel.ui.common import HTMLText

    return HTMLText(text, sizing_mode="stretch_width", css_classes=[css_class], stylesheets=[CSS])


def lessons_url() -> str:
    """Where the app's lesson links point: $CS_PANEL_LESSONS_URL (a JupyterLab's lessons/ folder), else Binder."""
    env = os.environ.get("CS_PANEL_LESSONS_URL")
    if env:
        return env if env.endswith(("/", "=")) else env + "/"
    return BINDER_LESSONS


def nav_html(current: str) -> str:
    """The sidebar: pages grouped by game, the open one marked."""
    e = html.escape
    out = ["<nav class='cs-nav' aria-label='Pages'><ul>",
           f"<li><a href='?page=home'{' aria-current=page' if current == 'home' else ''}>Home: start here</a></li></ul>"]
    for group in GROUPS:
        pages = [p for p in PAGES if p.group == group]
        if group != "Rules index":
            out.append(f"<h4>{e(group)}</h4>")
        else:
            out.append("<h4>Look up a rule</h4>")
        out.append("<ul>")
        for p in pages:
            mark = " aria-current=page" if p.slug == current else ""
            out.append(f"<li><a href='?page={e(p.slug)}'{mark} title='{e(p.blurb)}'>{e(p.title)}</a></li>")
        out.append("</ul>")
    out.append("</nav>")
    return "".join(out)


def home_html() -> str:
    e = html.escape
    base = lessons_url()
    lessons = "".join(f"<li><a href='{e(base + nb)}' target='_blank'>{e(title)}</a></li>" for nb, title in LESSONS)
    games = []
    for group in GAME_GROUPS:
        links = ", ".join(f"<a href='?page={p.slug}'>{e(p.title)}</a>" for p in PAGES if p.group == group)
        games.append(f"<li><b>{e(group)}</b>: {links}</li>")
    return (
        "<div class='cs-body'>"
        "<h1>Crimson Skies: an interactive rulebook</h1>"
        "<p>Learn and play the <i>Crimson Skies</i> tabletop games: every number here explains itself, term by term, "
        "each term citing its rule and page, with the exact odds of the roll. Try a situation, change one input, "
        "and see what the rules make of it.</p>"
        f"<p class='cs-note'>{e(NOTICE)} You need the rulebooks to play.</p>"
        "<h2>Where to start</h2>"
        "<p><b>New to the game?</b> Open the lessons in JupyterLab (<code>bash bin/rulebook</code> from the "
        "repository), starting with lesson 0, a first game against the computer. Each lesson explains a few rules in our words and lets you play with them:</p>"
        f"<ul>{lessons}</ul>"
        "<p><b>Want to play?</b> <a href='?page=play'>Play a game</a> of any of the four systems, against the "
        "computer or a friend at the same screen; the computer says why it chose each move.</p>"
        "<p><b>The four games</b> (pick a page in the sidebar, or here):</p>"
        f"<ul>{''.join(games)}</ul>"
        "<p><b>Settling a rules question?</b> The <a href='?page=rules'>rules index</a> finds any rule by word "
        "or id, with its page, our explanation, the lessons that teach it and the tests that check it.</p>"
        "<p><b>Going over a game?</b> <a href='?page=replay'>Replay a game</a> steps through a saved game of any "
        "system, action by action, with the map as it stood and every roll explained.</p>"
        "<p><b>Share a situation:</b> the address of a calculator page carries its inputs; copy it from the "
        "browser's address bar.</p></div>"
    )


# -- reading a page's inputs from the address --------------------------------------------------------


def _coerce(parameterized: param.Parameterized, name: str, raw: str):
    """A query string value as the parameter's type, or a ``ValueError`` saying why not."""
    p = parameterized.param[name]
    if len(raw) > MAX_TEXT:
        raise ValueError("too long")
    if isinstance(p, param.Boolean):
        if raw.lower() not in ("true", "false"):
            raise ValueError("not true or false")
        return raw.lower() == "true"
    if isinstance(p, param.Integer):
        value = int(raw)
        if abs(value) > MAX_NUMBER:
            raise ValueError("out of range")
        return value
    if isinstance(p, param.Number):
        value = float(raw)
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise ValueError("out of range")
        return value
    if isinstance(p, param.Selector):
        objects = list(p.objects.values()) if isinstance(p.objects, dict) else list(p.objects)
        match = [o for o in objects if str(o) == raw]
        if not match:
            raise ValueError("not one of the choices")
        return match[0]
    if isinstance(p, param.String):
        if not raw.isprintable():
            raise ValueError("not plain text")
        return raw
    raise ValueError("not settable from the address")


def _errors(obj: param.Parameterized) -> list[str]:
    return [getattr(obj, n) for n in obj.param if n.endswith("error") and isinstance(getattr(obj, n), str) and getattr(obj, n)]


def apply_query(obj: param.Parameterized, names: tuple[str, ...], query: dict[str, str]) -> list[str]:
    """Set ``obj``'s parameters from a query; returns the names refused (each left at its value before).

    A value is refused when it does not read as the parameter's type, is out of the app's limits,
    or makes the component report an error it did not report before.
    """
    refused = []
    for name in names:
        if name not in query:
            continue
        before = getattr(obj, name)
        errors_before = _errors(obj)
        try:
            obj.param.update({name: _coerce(obj, name, str(query[name]))})
        except (ValueError, TypeError, CsPanelError):
            refused.append(name)
            continue
        if len(_errors(obj)) > len(errors_before) or (_errors(obj) and _errors(obj) != errors_before):
            refused.append(name)
            try:
                obj.param.update({name: before})
            except (ValueError, TypeError, CsPanelError):
                pass
    return refused


def _query() -> dict[str, str]:
    loc = pn.state.location
    if loc is None:
        return {}
    out = {}
    for key, value in (loc.query_params or {}).items():
        if isinstance(value, (list, tuple)):
            value = value[-1] if value else ""
        if not isinstance(value, str):
            value = json.dumps(value)  # Location decodes JSON-looking values; compare as text again
        out[str(key)] = value
    return out


# -- the rules index page ----------------------------------------------------------------------------


class RulesIndexPage(pn.viewable.Viewer):
    """Search the rules index by word or id; every entry with its explanation, page, lessons and tests."""

    q = param.String(default="", doc="Words or a rule id to look for, e.g. 'tailing' or 'F.hit.range'.")
    game = param.Selector(default="all", objects=["all", *GAMES], doc="Only rules of one game (F, A, K, B), or all.")
    limit = param.Integer(default=25, bounds=(1, 200), doc="How many entries to show in full.")

    def __init__(self, **params):
        super().__init__(**params)
        self._box = pn.widgets.TextInput.from_param(
            self.param.q, name="Search the rules (a word or a rule id)", placeholder="tailing, shock, F.hit.range ...",
            sizing_mode="stretch_width", max_width=520)
        self._box.param.watch(lambda ev: setattr(self, "q", ev.new or ""), "value_input")
        labels = {"all games": "all", **{v: k for k, v in GAMES.items()}}
        self._game = pn.widgets.RadioButtonGroup.from_param(self.param.game, options=labels, name="Game")
        self._results = _html(self._render(), "cs-rules-results")

    def found(self) -> Lookup:
        return Lookup(self.q, tuple(search(self.q, None if self.game == "all" else self.game)))

    def _render(self) -> str:
        found = self.found()
        shown = Lookup(found.query, found.entries[: self.limit])
        more = len(found) - len(shown)
        note = (f"<p class='cs-note'>Showing the first {len(shown)} of {len(found)} rules: type a word or "
                f"an id to narrow the list.</p>") if more > 0 else ""
        body = shown.to_html(lessons_url()) if (found.entries or self.q) else "<p>No rules.</p>"
        return f"<div class='cs-body'>{note}{body}</div>"

    @param.depends("q", "game", "limit", watch=True)
    def _update(self):
        self._results.object = self._render()

    def __panel__(self):
        return pn.Column(
            pn.pane.Markdown("Every rule of the four games: our own explanation, the page to read, the lessons that "
                             "teach it, the components that show it and the tests that check it. In a notebook, "
                             "`from cs_panel.rulebook import lookup; lookup(\"tailing\")` shows the same.",
                             sizing_mode="stretch_width"),
            self._box, self._game, self._results, sizing_mode="stretch_width")


# -- the app -------------------------------------------------------------------------------------------


def build_page(page: Page, query: dict[str, str] | None = None):
    """The page's component (built now, and only now) and the names of the inputs the query had refused."""
    query = query or {}
    if page.component is None:
        obj = RulesIndexPage()
    else:
        from cs_panel.ui import _COMPONENTS

        obj = getattr(importlib.import_module(_COMPONENTS[page.component]), page.component)()
    refused = apply_query(obj, page.sync, query)
    return obj, refused


def page_parts(query: dict[str, str]):
    """What the main area shows for ``query`` (an address's fields): ``(slug, page, component, objects,
    title)``, where ``page`` and ``component`` are None on the home page; an unknown page opens the home
    page, and values the page refuses are noted above its component."""
    slug = query.get("page", "home")
    notes = []
    page = PAGES_BY_SLUG.get(slug)
    if slug != "home" and page is None:
        notes.append("The address names no page of this app, so the home page opened instead.")
        slug = "home"
    obj = None
    if page is None:
        main = [_html(home_html(), "cs-home")]
        title = "Home"
    else:
        try:
            obj, refused = build_page(page, query)
        except Exception:  # the app faces strangers: whatever an address provokes, the page opens with defaults
            obj, _ = build_page(page, {})
            refused = [name for name in page.sync if name in query]
        unknown = sorted(k for k in query if k != "page" and k not in page.sync)
        if refused:
            notes.append("These inputs in the address were not accepted, so they keep their usual values: "
                         + ", ".join(refused) + ".")
        if unknown:
            notes.append("This page has no input called " + ", ".join(unknown[:5]) + "; ignored.")
        heading = page.group if page.group == page.title else f"{page.group} › {page.title}"
        shown = getattr(obj, "shows_rules", ())
        rules = ("<p class='cs-page-rules'>Rules on this page: " + ", ".join(
            f"<a href='?page=rules&amp;q={html.escape(r)}'><code>{html.escape(r)}</code></a>" for r in shown) + "</p>"
            if shown else "")
        main = [_html(f"<h1 style='margin:0 0 4px 0;font-size:26px'>{html.escape(heading)}</h1>{rules}", "cs-page-title"), obj]
        title = page.title
    if notes:  # below the page's title, above its component
        main.insert(0 if obj is None else 1, _html("<p class='cs-note' role='status'>" + " ".join(html.escape(n) for n in notes) + "</p>",
                             "cs-query-note"))
    return slug, page, obj, main, title


def app_title(title: str) -> str:
    """The browser tab's title (and the header's) for a page titled ``title``."""
    return f"cs_panel: Crimson Skies rulebook · {title}"


def create_app(query: dict[str, str] | None = None) -> pn.template.BaseTemplate:
    """A fresh app for one session, showing the page the address names (the home page by default).

    The app's page links then open their pages in place (``PageSwitch``): the template stays, the
    main area takes the new page's component, the sidebar marks it and the address follows.
    ``template.open_page(query)`` does the same from Python; ``template.page_component`` is the
    component shown (None on the home page)."""
    from cs_panel.ui.page_switch import PageSwitch
    from cs_panel.ui.serving import serve_quickly

    serve_quickly()  # each change's updates in one message, no Nagle wait (ui/serving.py)
    query = _query() if query is None else query
    body = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["cs-page"])
    nav = _html("", "cs-sidebar")
    switch = PageSwitch()
    template = pn.template.BootstrapTemplate(
        title=app_title("Home"), sidebar=[nav, _html(f"<p class='cs-notice'>{html.escape(NOTICE)}</p>", "cs-notice-pane"), switch],
        main=[body], sidebar_width=250,
    )

    synced: list = []  # the component whose inputs the address carries (none, or the page's)

    def open_page(asked: dict[str, str], in_place: bool = True) -> None:
        """Show the page ``asked`` names (an address's fields) in this template; ``in_place``: a
        link's, so the address changes, the tab's title follows and the page is announced (the
        first page, built before the template is served, has its address and title already)."""
        loc = pn.state.location
        if loc is not None and synced:
            loc.unsync(synced.pop())  # the last page's inputs no longer write the address
        # built as the first page was, before the template set the session's design: a component
        # made under it takes the design as its own and is styled as if alone on the page (the
        # theme's whole stylesheet in each of its shadow roots, headings and cards styled otherwise)
        # (its models, made as it is put in place, too: a Viewer makes its view then)
        with pn.config.set(design=None):
            slug, page, obj, main, title = page_parts(asked)
            template.page_component = obj
            body.objects = main
            nav.object = nav_html(slug)
        if loc is not None and (in_place or (page is not None and page.sync)):
            # the address names the page shown (a link may have carried inputs: they are synced again below)
            loc.search = f"?page={page.slug if page is not None else 'home'}"
            if page is not None and page.sync:
                loc.sync(obj, {name: name for name in page.sync})
                synced.append(obj)
        switch.param.update(page=slug, title=app_title(title), announce=f"Opened: {title}" if in_place else "")
        if not in_place:
            template.title = app_title(title)

    template.open_page = open_page
    open_page(query, in_place=False)
    switch.on_open(open_page)
    return template
