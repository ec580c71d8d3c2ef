"""Set up a game without code: choose planes and pilots (FASA) or teams (Aces), a seed, and start.

``GameSetup(system="fasa")`` shows a form for one plane at a time: design, side, pilot (a new
hero or wingman, or a veteran with experience), rounds and rockets, and where it starts; each
plane added is listed, and the game's map, home sides and length are chosen below; "Start from" loads
the zeppelin battle or the bombing run (sample set-ups) into the form instead, their zeppelin or ground
objects listed and kept as planes are added; zeppelins and objects of your own are added and removed
under the planes (``cs_panel.ui.setup_fasa_extras``). ``system="aces"``
builds each player's team from the Aces characters, with its points; ``system="airaction"`` each
player's squadron to the build total (``cs_panel.ui.setup_airaction``); ``system="barrooms"`` adds
characters one at a time, with their points, skills and gear, and sets the room and its cover
(``cs_panel.ui.setup_barrooms``). Both keep a JSON editor a tick away, for hand edits. Any other
system on the game protocol gets its setup as JSON text, checked by its rules. A setup downloads
and uploads as JSON.

Every choice goes to the rules core (``cs_panel.fasa.setup_builder``,
``cs_panel.aces.setup_builder``, ``cs_panel.setups``); a refusal, naming its rule, is shown
beside the input that caused it and every entry stays as typed. ``new_game()`` (or the Start
button) gives the ``Game`` in the ``game`` parameter.
"""

from __future__ import annotations

import html
import io
import json

import panel as pn
import param

from cs_panel.aces import setup_builder as K
from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.game import Game, registered
from cs_panel.fasa import setup_builder as F
from cs_panel.fasa.pilots import skill_cost
from cs_panel.games import available, new_game, rules_for
from cs_panel.setups import MAX_SETUP_TEXT, SetupFileError, setup_from_json, setup_to_json
from cs_panel.ui.common import SEED_BOUNDS, UPLOAD_BYTES, FieldErrors, RuleInteger, html_pane, point_at, upload_text, editing, upload_box
from cs_panel.ui.setup_airaction import AirActionSetupForm
from cs_panel.ui.setup_barrooms import BarroomsSetupForm
from cs_panel.ui.setup_fasa_extras import FasaExtrasForm

SKILLS = ("constitution", "quick_draw", "dead_eye", "steady_hand", "natural_touch", "sixth_sense")
FASA_FIELDS = ["plane_name", "player", "design", "role", "experience", *SKILLS, "ammunition", "rockets", "home",
               "hex", "facing", "speed", "map_name", "max_turns", "planes"]
ACES_FIELDS = ["aces_player", "figure", "character_name", "square", "aces_map", "aces_turns"]
#: a core refusal's field, as the form calls the input
FIELD_OF = {"pilot_name": "plane_name", "name": "character_name", "map": "aces_map", "order": "aces_player",
            "members": "figure", "index": "home", "planes": "planes", "layout": "map_name", "hex_q": "hex",
            "hex_r": "hex", "square_x": "square", "square_y": "square"}
#: bounds of the number boxes: wider than the rules' ranges on purpose, so that a value the rules forbid
#: reaches the set-up builder, which refuses it naming the rule, while an absurd one stops here
SKILL_BOX = (-100, 100)
TURNS_BOX = (-1000, 10_000)
#: the FASA form's "Start from" choice: your own planes, or a sample set-up loaded into the form
OWN = "your own planes"
SAMPLES = {"zeppelin battle (sample)": "zeppelin_demo_setup", "bombing run (sample)": "bombing_setup"}
#: the parts of a FASA set-up besides its planes (``FasaExtrasForm``): zeppelins, objects, and variants kept as loaded
FASA_EXTRAS = ("zeppelins", "objects", "variants")
CSS = """
.cs-setup-list { border-collapse: collapse; font-size: 0.9em; }
.cs-setup-list th, .cs-setup-list td { padding: 2px 8px; border-bottom: 1px solid #e2e2e2; text-align: left; }
.cs-setup-status { font-size: 0.95em; }
.cs-sample-badge { font-size: 0.75em; padding: 0 4px; border-radius: 3px; background: #fde9b5; color: #5a4300; }
"""


#: the names the "Game" menu shows for the systems' ids
SYSTEM_LABELS = {"fasa": "FASA board game", "airaction": "Air Action", "aces": "Aces", "barrooms": "Bar-rooms"}


def _split(text: str) -> list[str]:
    """Comma-separated entries; '-' or nothing between commas is an empty hardpoint."""
    parts = [p.strip() for p in str(text).split(",")] if str(text).strip() else []
    return ["" if p in ("-", "") else p for p in parts]


class GameSetup(pn.viewable.Viewer):
    """Choose a game's setup and seed, save or load it as JSON, and start the game."""

    shows_rules = tuple(dict.fromkeys(("F.setup", "F.map.sheets", "F.plane.stats", "F.pilot.create", "F.pilot.skill-cost", "F.pilot.advance",
                   "F.pilot.skills", "F.weap.mg", "F.weap.loadout", "K.recruit", "K.setup", "B.chargen", "B.skills",
                   "B.weapons", "B.grenade", "B.cover", "F.zep.static", "F.bomb", *AirActionSetupForm.shows_rules,
                   *FasaExtrasForm.shows_rules)))  # rule ids shown here (rules index), each once

    system = param.Selector(default="fasa", objects=list(available()), doc="The rule system of the game.")
    seed = RuleInteger(default=1, bounds=SEED_BOUNDS, doc="The seed of the game's dice: the same seed, setup and "
                       "actions give the same game.")
    # -- FASA: one plane at a time
    plane_name = param.String(default="Ace", doc="The plane's name, one word: plots are written 'plot NAME 3L2F'.")
    player = param.String(default="Ann", doc="The side (player) the plane flies for.")
    design = param.Selector(default="devastator", objects=list(F.designs().values()),
                            doc="The plane's design from the aircraft table: its ratings, guns and hardpoints (F.plane.stats).")
    role = param.Selector(default="hero", objects=list(F.ROLES), doc="The pilot starts as a hero (450 points) or a "
                          "wingman (350) (F.pilot.create).")
    experience = RuleInteger(default=0, bounds=(-F.MAX_EXPERIENCE, 10 * F.MAX_EXPERIENCE), doc="Experience the pilot has earned since: 0 for a new pilot, more for a "
                               "veteran who raised skills with it (F.pilot.advance).")
    constitution = RuleInteger(default=3, bounds=SKILL_BOX, doc="The pilot's Constitution, 3-10 (F.pilot.skills).")
    quick_draw = RuleInteger(default=4, bounds=SKILL_BOX, doc="Quick Draw, 0-10 (F.pilot.skills).")
    dead_eye = RuleInteger(default=5, bounds=SKILL_BOX, doc="Dead Eye, 0-10 (F.pilot.skills).")
    steady_hand = RuleInteger(default=3, bounds=SKILL_BOX, doc="Steady Hand, 0-10 (F.pilot.skills).")
    natural_touch = RuleInteger(default=4, bounds=SKILL_BOX, doc="Natural Touch, 0-10 (F.pilot.skills).")
    sixth_sense = RuleInteger(default=3, bounds=SKILL_BOX, doc="Sixth Sense, 0-10 (F.pilot.skills).")
    ammunition = param.String(default="AP", doc="Rounds: one kind for every gun (AP, DD or MG), or one per gun, "
                              "comma-separated (F.weap.mg).")
    rockets = param.String(default="", doc="The rocket on each hardpoint, comma-separated, '-' for an empty one: "
                           "ap-rocket, he-rocket, drill, flak-rocket, beeper, seeker (F.weap.loadout).")
    home = param.Selector(default="south", objects=["south", "north", "west", "east"],
                          doc="The side's home side on the map (F.setup).")
    at_home = param.Boolean(default=True, doc="Start the plane on its home side's edge row, facing into the map; "
                            "off: give the hex and facing.")
    hex_q = RuleInteger(default=0, bounds=LIMITS["hex_coordinate"].bounds, doc="Starting hex, q coordinate (when not starting at home).")
    hex_r = RuleInteger(default=0, bounds=LIMITS["hex_coordinate"].bounds, doc="Starting hex, r coordinate (when not starting at home).")
    facing = param.Selector(default="A", objects=list("ABCDEF"), doc="Starting facing (when not starting at home).")
    speed = RuleInteger(default=3, bounds=SKILL_BOX, doc="Starting speed, up to the design's Max Speed (F.setup).")
    map_name = param.Selector(default="", objects=F.maps(), doc="The map layout, or '' for an open sky (F.map.sheets).")
    max_turns = RuleInteger(default=3, bounds=TURNS_BOX, doc="How many turns the game lasts (FASA) or rounds before time is up (Aces).")
    start_from = param.Selector(default=OWN, objects=[OWN, *SAMPLES], doc="FASA: start from your own planes (an "
                                "empty list) or load a sample set-up into the form: the zeppelin battle (F.zep.static) "
                                "or the bombing run (F.bomb); its planes, zeppelin or ground objects are listed, marked "
                                "'sample', and planes added to it keep them.")
    # -- Aces: one character at a time
    aces_map = param.Selector(default="training-yard", objects=K.maps(), doc="The Aces map (K.setup).")
    aces_player = param.String(default="Tim", doc="The player whose team the character joins; the first player "
                               "added sets up first, at the first narrow end (K.setup).")
    figure = param.Selector(default="charlie-steele-ace", objects=list(K.characters().values()),
                            doc="The character's figure (K.recruit).")
    character_name = param.String(default="Charlie", doc="What the character is called in actions.")
    auto_square = param.Boolean(default=True, doc="Put the character on the first free square of its starting area.")
    square_x = RuleInteger(default=1, bounds=LIMITS["square_coordinate"].bounds, doc="Starting square, x (when not placed automatically).")
    square_y = RuleInteger(default=3, bounds=LIMITS["square_coordinate"].bounds, doc="Starting square, y (when not placed automatically).")
    defensive_fate = param.Boolean(default=True, doc="Target Aces spend fate defensively when it would cancel a hit (K.fate).")
    # -- any other system
    setup_text = param.String(default="", doc="The setup as JSON (systems without a form of their own).")
    # -- results
    setup = param.Dict(default=None, allow_None=True, constant=True,
                       doc="The setup as the rules accept it, or None while it is incomplete or refused.")
    game = param.ClassSelector(class_=Game, default=None, allow_None=True, constant=True,
                               doc="The game started from the setup and seed (new_game()).")
    error = param.String(default="", constant=True, doc="The last refusal ('' if none).")
    play_here = param.Boolean(default=True, doc="Once a game starts, play it here, under the set-up (a PlayTable: "
                              "you the first side, the computer the others).")

    def __init__(self, **params):
        system = params.pop("system", None)
        super().__init__(**params)
        self._planes: list[dict] = []
        self._samples: set[str] = set()  # FASA: names of the planes and zeppelins a sample set-up brought
        self._homes: dict[str, str] = {}
        self._teams: dict[str, list] = {}
        self._errors = FieldErrors(["seed", "upload", "setup_text", *FASA_FIELDS, *ACES_FIELDS])
        # FASA: zeppelins and objects of your own or a loaded set-up's, and its variants (their own sub-form)
        self._extra_form = FasaExtrasForm(errors=self._errors, refuse=self._refuse, changed=self._rebuild,
                                          current=lambda: {"planes": self._planes, "max_turns": self.max_turns,
                                                           "map_name": self.map_name, "homes": self._homes})
        self._list = html_pane("", css_classes=["cs-setup-list-pane"], stylesheets=[CSS], sizing_mode="stretch_width")
        self._status = html_pane("", css_classes=["cs-setup-status"], stylesheets=[CSS], sizing_mode="stretch_width")
        self._pilot = html_pane("", css_classes=["cs-setup-pilot"], stylesheets=[CSS], sizing_mode="stretch_width")
        self._layout = None
        self._table = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["cs-setup-table"])
        self.play_table = None  # the PlayTable of the last game started here (``play_here``)
        self._pilot_cost()
        # Bar-rooms: its own sub-form, sharing the message slots (one refusal shows at a time)
        self._barrooms = BarroomsSetupForm(errors=self._errors, refuse=self._refuse, changed=self._rebuild)
        self._barrooms.param.watch(self._barrooms_as_json, "as_json")
        self._aa = AirActionSetupForm()  # Air Action squadrons (its own inputs and message slots)
        self._aa.param.watch(self._aa_changed, ["version", "as_json"])
        # every system on the game protocol, a registered one without a form included
        # the menu shows each game's name, the value stays its system id ("fasa")
        self.param.system.objects = {SYSTEM_LABELS.get(s, s): s for s in dict.fromkeys([*available(), *registered()])}
        if system is not None:
            with param.discard_events(self):
                self.system = system
        self._system_changed()

    @property
    def _extras(self) -> dict[str, list]:
        """FASA: the setup's zeppelins, objects and variants, as the extras sub-form holds them."""
        return self._extra_form.extras

    @_extras.setter
    def _extras(self, value: dict[str, list]) -> None:
        self._extra_form.extras = value

    # -- refusals ------------------------------------------------------------------------------

    def _refuse(self, error: CsPanelError | None, field: str | None = None, record: bool = True) -> bool:
        # the Air Action sub-form shows a refusal beside its own input and hands back any other
        rest = self._aa.show(error) if self.system == "airaction" and field is None else error
        if rest is not None:
            where = field or FIELD_OF.get(rest.field or "", rest.field)
            if self.system == "aces":
                where = {"max_turns": "aces_turns", "player": "aces_player"}.get(where, where)
            error = rest = point_at(rest, where if where in self._errors.slots else None)
        self._errors.show(rest)
        if record:
            with editing(self, "error"):
                self.error = str(error) if error else ""
        return error is None

    def message(self, field: str | None = None) -> str:
        """The refusal shown beside an input ('' if none), for tests and notebooks."""
        return self._errors.message(field)

    def show_error(self, error: CsPanelError | None) -> None:
        """Where a number refused by its box's bounds is shown (``show_refusal`` calls this): beside
        the box, leaving the component's state, ``error`` included, as it was."""
        self._refuse(error, record=False)

    # -- FASA -----------------------------------------------------------------------------------

    def add_plane(self) -> bool:
        """Build a plane from the form and add it to the setup; a refusal stays beside its input."""
        try:
            who = F.pilot(self.plane_name, self.role, self.experience, constitution=self.constitution,
                          quick_draw=self.quick_draw, dead_eye=self.dead_eye, steady_hand=self.steady_hand,
                          natural_touch=self.natural_touch, sixth_sense=self.sixth_sense)
            if self.at_home:
                side = [p for p in self._planes if p["player"] == self.player.strip()]
                where, facing = F.home_start(self.map_name, self.home, len(side))
            else:
                where, facing = (self.hex_q, self.hex_r), self.facing
            new = F.plane(self.plane_name, self.player, self.design, who, ammunition=_split(self.ammunition) if
                          "," in self.ammunition else self.ammunition, rockets=_split(self.rockets), hex=where,
                          facing=facing, speed=self.speed)
            if any(p["name"] == new["name"] for p in self._planes):
                raise F.PlacementError(f"a plane called {new['name']!r} is already in the setup",
                                       rule_id="F.plane.record-sheet", field="plane_name")
        except CsPanelError as e:
            return self._refuse(e)
        self._planes.append(new)
        self._homes[new["player"]] = self.home  # used once a map is chosen
        self._refuse(None)
        self._rebuild()
        return True

    @param.depends("plane_name", "role", "experience", *SKILLS, watch=True)
    def _pilot_cost(self) -> None:
        """What the pilot's skills cost and what is left, term by term (F.pilot.skill-cost), or why
        the rules refuse them, as the form is filled in."""
        try:
            who = F.pilot(self.plane_name or "pilot", self.role, self.experience, constitution=self.constitution,
                          quick_draw=self.quick_draw, dead_eye=self.dead_eye, steady_hand=self.steady_hand,
                          natural_touch=self.natural_touch, sixth_sense=self.sixth_sense)
        except CsPanelError as e:
            self._pilot.object = f"<p class='cs-setup-status'>Pilot: {html.escape(str(e))}</p>"
            return
        self._pilot.object = (f"<p class='cs-setup-status'>Pilot: {html.escape(str(skill_cost(who)))}; "
                              f"{who.unspent_xp} points left unspent</p>")

    def pilot_text(self) -> str:
        """The pilot's cost line as shown under the pilot's inputs."""
        return html.unescape(self._pilot.object.replace("<p class='cs-setup-status'>", "").replace("</p>", ""))

    @param.depends("start_from", watch=True)
    def _start_from(self) -> bool:
        """Load the chosen sample set-up into the form (through ``load_setup``, so the rules check it
        and its zeppelin or ground objects are kept), or empty the form for your own planes."""
        if self.start_from == OWN:
            self._planes, self._homes, self._extras, self._samples = [], {}, {}, set()
            self._refuse(None)
            self._rebuild()
            return True
        from cs_panel.fasa import play

        setup = getattr(play, SAMPLES[self.start_from])()
        if not self.load_setup(setup_to_json("fasa", setup)):
            return False
        self._samples = {p["name"] for p in self._planes} | {z["name"] for z in self._extras.get("zeppelins", [])}
        self._rebuild()
        return True

    def remove_plane(self, name: str) -> None:
        """Take a plane out of the setup."""
        self._planes = [p for p in self._planes if p["name"] != name]
        self._samples.discard(name)
        self._homes = {k: v for k, v in self._homes.items() if any(p["player"] == k for p in self._planes)}
        self._rebuild()

    # -- Aces -----------------------------------------------------------------------------------

    def add_character(self) -> bool:
        """Add a character from the form to its player's team; a refusal stays beside its input."""
        player = self.aces_player.strip()
        area = list(self._teams).index(player) if player in self._teams else len(self._teams)
        try:
            if self.auto_square:
                taken = [m[2] for team in self._teams.values() for m in team]
                square = K.free_square(self.aces_map, min(area, 1), taken)
            else:
                square = (self.square_x, self.square_y)
            new = K.member(self.figure, self.character_name, square)
            K.check_start(self.aces_map, area, new[1], new[2],
                          {tuple(m[2]): m[1] for t in self._teams.values() for m in t})
            team = self._teams.get(player, [])
            K.team_points([m[0] for m in team] + [new[0]])
            if any(m[1] == new[1] for t in self._teams.values() for m in t):
                raise K.TeamError(f"a character called {new[1]!r} is already in the setup", rule_id="K.actions",
                                  field="name")
            if not player:
                raise K.PlacementError("name the player whose team this is", rule_id="K.setup", field="player")
        except CsPanelError as e:
            return self._refuse(e, "aces_player" if e.field == "player" else None)
        self._teams.setdefault(player, []).append(new)
        self._refuse(None)
        self._rebuild()
        return True

    def remove_character(self, name: str) -> None:
        """Take a character out of its team (and the team out, once empty)."""
        self._teams = {p: [m for m in t if m[1] != name] for p, t in self._teams.items()}
        self._teams = {p: t for p, t in self._teams.items() if t}
        self._rebuild()

    # -- the whole setup ---------------------------------------------------------------------------

    def _build(self) -> dict:
        """The setup from everything chosen, through the system's builder (raises its refusal)."""
        if self.system == "fasa":
            built = F.game_setup(self._planes, max_turns=self.max_turns, map_name=self.map_name,
                                 homes=self._homes if self.map_name else {})
            if not self._extras:
                return built
            self._extra_form.check(built)  # names, hexes and map of the zeppelins and objects with the planes
            # the zeppelins and objects of a loaded set-up, checked with the planes by the rules (F.zep.static)
            new_game("fasa", self.seed, built | self._extras)
            return rules_for("fasa").check_setup(built | self._extras)
        if self.system == "aces":
            return K.game_setup(self.aces_map, self._teams, max_turns=self.max_turns,
                                defensive_fate=self.defensive_fate)
        if not self._text_mode():
            return self._subform().build()
        try:
            doc = json.loads(self.setup_text) if len(self.setup_text) <= UPLOAD_BYTES else None
        except ValueError as e:
            raise SetupFileError(f"the setup is not JSON: {str(e)[:80]}", field="setup_text") from None
        try:
            return setup_from_json(self.system, json.dumps(doc))
        except CsPanelError as e:
            raise SetupFileError(str(e), field="setup_text") from None

    @param.depends("map_name", "max_turns", "aces_map", "defensive_fate", watch=True)
    def _rebuild(self) -> None:
        """Try the setup as it stands: the ``setup`` parameter holds it when the rules accept it,
        and the status says what is still missing or refused."""
        try:
            built = self._build()
            problem = ""
        except CsPanelError as e:
            built, problem = None, str(e)
        with editing(self, "setup"):
            self.setup = built
        self._list.object = self._list_html()
        if built is not None:
            self._status.object = "<p class='cs-setup-status'>&#10004; The setup is complete: start the game.</p>"
        else:
            self._status.object = f"<p class='cs-setup-status'>Not ready yet: {html.escape(problem)}</p>"

    def _list_html(self) -> str:
        e = html.escape
        if self.system == "fasa":
            if not self._planes:
                return "<p>No planes yet: fill in the form and add one.</p>" + self._extras_html()
            rows = "".join(
                f"<tr><td>{e(p['name'])}{self._badge(p['name'] in self._samples)}</td><td>{e(p['player'])}</td><td>{e(p['aircraft'] or 'own stats')}</td>"
                f"<td>QD {p['quick_draw']}, DE {p['dead_eye']}, SH {p['steady_hand']}, NT "
                f"{p['plane']['natural_touch']}, 6S {p['sixth_sense']}, Con {p['constitution']}</td>"
                f"<td>{e(' '.join(g + '/' + a for g, a in zip(p['guns'], p['ammunition'])) if p['ammunition'] else ' '.join(p['guns']))}</td>"
                f"<td>{e(', '.join(r or '-' for r in p['rockets']))}</td>"
                f"<td>{p['plane']['hex']['q']},{p['plane']['hex']['r']} {'ABCDEF'[p['plane']['facing']]} "
                f"speed {p['plane']['speed']}</td></tr>" for p in self._planes)
            return ("<table class='cs-setup-list'><tr><th>plane</th><th>side</th><th>design</th><th>pilot</th>"
                    f"<th>guns</th><th>rockets</th><th>start</th></tr>{rows}</table>{self._extras_html()}")
        if self.system == "aces":
            if not self._teams:
                return "<p>No characters yet: fill in the form and add one.</p>"
            out = []
            for player, team in self._teams.items():
                try:
                    points = str(K.team_points([m[0] for m in team]))
                except CsPanelError as err:
                    points = str(err)
                chars = ", ".join(f"{m[1]} ({m[0]}) at {m[2][0]},{m[2][1]}" for m in team)
                out.append(f"<li><b>{e(player)}</b>: {e(chars)}<br><small>points: {e(points)}</small></li>")
            return f"<ul class='cs-setup-list'>{''.join(out)}</ul>"
        return "" if self._text_mode() else self._subform().list_html()

    @staticmethod
    def _badge(sample: bool) -> str:
        return " <span class='cs-sample-badge' title='invented sample data'>sample</span>" if sample else ""

    def _extras_html(self) -> str:
        """The setup's zeppelins and objects, listed under the planes (``FasaExtrasForm.list_html``)."""
        return self._extra_form.list_html(self._samples)

    def new_game(self) -> Game | None:
        """Start the game from the setup and seed (the ``game`` parameter); a refusal is shown and
        ``game`` stays as it was."""
        try:
            setup = self._build()
            g = new_game(self.system, self.seed, setup)
        except CsPanelError as e:
            self._refuse(e, "setup_text" if self._text_mode() else None)
            return None
        self._refuse(None)
        with editing(self, "game"):
            self.game = g
        self._status.object = (f"<p class='cs-setup-status'>&#10004; Game started: {html.escape(repr(g))}; waiting for "
                               f"{html.escape(', '.join(g.waiting_for) or 'the table')}.</p>")
        return g

    # -- saving and loading ----------------------------------------------------------------------------

    def setup_json(self) -> str:
        """The setup as JSON text to save ('' while it is incomplete: the refusal is shown)."""
        try:
            return setup_to_json(self.system, self._build())
        except CsPanelError as e:
            self._refuse(e)
            return ""

    def _download(self) -> io.StringIO:
        return io.StringIO(self.setup_json())

    def load_setup(self, data: bytes | str | None) -> bool:
        """Read a saved setup (an upload, capped in size and checked by the rules); the form's
        lists take its planes or teams. A refusal is shown beside the upload; nothing changes."""
        try:
            upload_text(data, "upload", SetupFileError, "a saved setup")  # empty or too big: refused before parsing
            setup = setup_from_json(self.system, data)
            if self.system == "fasa":  # its planes, zeppelins and objects as the referee reads them, for the lists
                setup = F.written_out(setup)
        except CsPanelError as e:
            return self._refuse(e, "upload")
        if self.system == "fasa":
            self._planes = [dict(p) for p in setup["planes"]]
            self._extras = {k: [dict(x) if isinstance(x, dict) else x for x in setup[k]] for k in FASA_EXTRAS if setup.get(k)}
            self._samples = set()
            self._homes = dict(setup["homes"])
            self.param.update(map_name=setup["map_name"], max_turns=setup["max_turns"])
        elif self.system == "aces":
            self._teams = {p: setup["teams"][p] for p in setup["order"]}
            self.param.update(aces_map=setup["map"], max_turns=setup["max_turns"],
                              defensive_fate=setup["defensive_fate"])
        else:
            if self._subform() is not None:
                self._subform().load(setup)
            self.setup_text = json.dumps(setup, indent=1)
        self._refuse(None)
        self._rebuild()
        return True

    # -- the system ---------------------------------------------------------------------------------

    def _subform(self):
        """The sub-form of a system whose form lives in a module of its own (Air Action, Bar-rooms), or None."""
        return {"airaction": self._aa, "barrooms": self._barrooms}.get(self.system)

    def _text_mode(self) -> bool:
        """Whether the setup is the JSON text: a system without a form, or a sub-form's JSON editor open."""
        form = self._subform()
        return self.system not in ("fasa", "aces") and (form is None or form.as_json)

    def _aa_changed(self, event) -> None:
        """The Air Action form changed its squadrons, or switched to or from the JSON text: the text
        takes the form's setup, the form the text's (when the rules accept it)."""
        if event.name == "as_json":
            try:
                if event.new:  # an unfinished form leaves the text as it was
                    self.setup_text = json.dumps(self._aa.build(), indent=1)
                else:
                    self._aa.load(setup_from_json("airaction", self.setup_text))
            except CsPanelError as e:
                if not event.new:
                    self._refuse(SetupFileError(f"the form keeps its squadrons: the JSON text is refused ({e})"),
                                 "upload")
            if self._layout is not None:
                self._show_forms()
        if self.system == "airaction":
            self._rebuild()

    @param.depends("system", watch=True)
    def _system_changed(self) -> None:
        rules = rules_for(self.system)
        if self.system not in ("fasa", "aces"):
            self.setup_text = json.dumps(rules.default_setup(), indent=1)
        # each form opens with its demo game's length (FASA 3 turns, Aces 30 rounds) unless one was chosen
        lengths = {"fasa": 3, "aces": 30}
        if self.system in lengths and self.max_turns in lengths.values():
            with param.discard_events(self):
                self.max_turns = lengths[self.system]
        with editing(self, "game"):
            self.game = None
        self._refuse(None)
        self._rebuild()
        if self._layout is not None:
            self._show_forms()

    @param.depends("setup_text", watch=True)
    def _text_changed(self) -> None:
        if self._text_mode():
            try:
                self._build()
                self._refuse(None)
            except CsPanelError as e:
                self._refuse(e, "setup_text")
            self._rebuild()

    def _barrooms_as_json(self, event) -> None:
        """Opening the JSON editor puts the form's setup in it (if it is complete); closing it reads
        the text back into the form (if the rules accept it; if not, the form stays as it was)."""
        if event.new:
            try:
                self.setup_text = json.dumps(self._barrooms.build(), indent=1)
            except CsPanelError:
                pass  # an incomplete form: the text keeps the last setup
        else:
            try:
                self._barrooms.load(setup_from_json("barrooms", self.setup_text))
            except CsPanelError as e:
                self._refuse(point_at(e, None))
        self._rebuild()
        if self._layout is not None:
            self._show_forms()

    # -- the view ---------------------------------------------------------------------------------

    def _fasa_form(self) -> pn.Column:
        W = pn.widgets
        labels = {v: k for k, v in F.designs().items()}
        design = W.Select.from_param(self.param.design, options={labels[i]: i for i in self.param.design.objects},
                                     width=300, css_classes=["in-design"], label="Design")
        add = W.Button(label="Add this plane", color="primary", css_classes=["add-plane"], width=150)
        add.on_click(lambda event: self.add_plane())
        remove = W.TextInput(label="Remove the plane called", width=150, css_classes=["remove-plane"])
        remove.param.watch(lambda event: event.new and self.remove_plane(event.new.strip()), "value")
        e = self._errors
        box = dict(margin=0, sizing_mode="stretch_width")
        start_from = W.Select.from_param(self.param.start_from, label="Start from", width=220, css_classes=["in-start_from"])
        return pn.Column(
            start_from,
            pn.pane.Markdown("**A plane** (its pilot, loadout and start), then *Add this plane*; repeat for each."),
            pn.FlexBox(e.beside(W.TextInput.from_param(self.param.plane_name, css_classes=["in-plane_name"], label="Plane (one word)", width=140), "plane_name"),
                       e.beside(W.TextInput.from_param(self.param.player, css_classes=["in-player"], label="Side (player)", width=120), "player"),
                       e.beside(design, "design"), **box),
            pn.FlexBox(e.beside(W.Select.from_param(self.param.role, css_classes=["in-role"], label="Pilot starts as", width=110), "role"),
                       e.beside(W.IntInput.from_param(self.param.experience, css_classes=["in-experience"], label="Experience since", width=120), "experience"),
                       *(e.beside(W.IntInput.from_param(self.param[s], label=s.replace("_", " ").title(), width=100,
                                                         css_classes=[f"in-{s}"]), s)
                         for s in SKILLS), **box),
            self._pilot,
            pn.FlexBox(e.beside(W.TextInput.from_param(self.param.ammunition, css_classes=["in-ammunition"], label="Rounds (AP, DD, MG; one or per gun)",
                                                       width=270), "ammunition"),
                       e.beside(W.TextInput.from_param(self.param.rockets, css_classes=["in-rockets"], label="Rockets by hardpoint (- for empty)",
                                                       width=260, placeholder="ap-rocket, -, drill"), "rockets"), **box),
            pn.FlexBox(e.beside(W.Select.from_param(self.param.home, css_classes=["in-home"], label="Home side", width=100), "home"),
                       W.Checkbox.from_param(self.param.at_home, css_classes=["in-at_home"], label="Start at home side", width=150),
                       e.beside(pn.Row(W.IntInput.from_param(self.param.hex_q, css_classes=["in-hex_q"], label="Hex q", width=70),
                                       W.IntInput.from_param(self.param.hex_r, css_classes=["in-hex_r"], label="Hex r", width=70), margin=0,
                                       width=150), "hex"),
                       e.beside(W.Select.from_param(self.param.facing, css_classes=["in-facing"], label="Facing", width=70), "facing"),
                       e.beside(W.IntInput.from_param(self.param.speed, css_classes=["in-speed"], label="Speed", width=80), "speed"), **box),
            pn.Row(add, remove, margin=0),
            e.slots["planes"],
            self._extra_form.view(),
            pn.pane.Markdown("**The game**"),
            pn.FlexBox(e.beside(W.Select.from_param(self.param.map_name, css_classes=["in-map_name"], label="Map",
                                            options={m or "open sky (no edges)": m for m in self.param.map_name.objects},
                                            width=200), "map_name"),
                       e.beside(W.IntInput.from_param(self.param.max_turns, css_classes=["in-max_turns"], label="Turns", width=90), "max_turns"), **box),
            sizing_mode="stretch_width", css_classes=["cs-fasa-setup"])

    def _aces_form(self) -> pn.Column:
        W = pn.widgets
        labels = {v: k for k, v in K.characters().items()}
        figure = W.Select.from_param(self.param.figure, options={labels[i]: i for i in self.param.figure.objects},
                                     width=420, css_classes=["in-figure"], label="Character")
        add = W.Button(label="Add this character", color="primary", css_classes=["add-character"], width=160)
        add.on_click(lambda event: self.add_character())
        remove = W.TextInput(label="Remove the character called", width=180, css_classes=["remove-character"])
        remove.param.watch(lambda event: event.new and self.remove_character(event.new.strip()), "value")
        e = self._errors
        box = dict(margin=0, sizing_mode="stretch_width")
        return pn.Column(
            pn.pane.Markdown("**A character** for a player's team (up to 100 points), then *Add this character*."),
            pn.FlexBox(e.beside(W.TextInput.from_param(self.param.aces_player, css_classes=["in-aces_player"], label="Player", width=120), "aces_player"),
                       e.beside(figure, "figure"),
                       e.beside(W.TextInput.from_param(self.param.character_name, css_classes=["in-character_name"], label="Name", width=140), "character_name"),
                       **box),
            pn.FlexBox(W.Checkbox.from_param(self.param.auto_square, css_classes=["in-auto_square"], label="First free starting square", width=200),
                       e.beside(pn.Row(W.IntInput.from_param(self.param.square_x, css_classes=["in-square_x"], label="Square x", width=80),
                                       W.IntInput.from_param(self.param.square_y, css_classes=["in-square_y"], label="Square y", width=80), margin=0,
                                       width=170), "square"), **box),
            pn.Row(add, remove, margin=0),
            pn.pane.Markdown("**The game**"),
            pn.FlexBox(e.beside(W.Select.from_param(self.param.aces_map, css_classes=["in-aces_map"], label="Map", width=200), "aces_map"),
                       e.beside(W.IntInput.from_param(self.param.max_turns, css_classes=["in-max_turns"], label="Rounds (0 = no limit)", width=150),
                                "aces_turns"),
                       W.Checkbox.from_param(self.param.defensive_fate, css_classes=["in-defensive_fate"], label="Defensive fate", width=140), **box),
            sizing_mode="stretch_width", css_classes=["cs-aces-setup"])

    def _text_form(self) -> pn.Column:
        text = pn.widgets.TextAreaInput.from_param(self.param.setup_text, label="Setup (JSON)", height=260,
                                                   sizing_mode="stretch_width", css_classes=["in-setup_text"],
                                                   max_length=MAX_SETUP_TEXT)  # a 12-man fight is past Panel's 5,000
        return pn.Column(self._errors.beside(text, "setup_text"), sizing_mode="stretch_width")

    def _aa_form(self) -> pn.Column:
        hand = pn.widgets.Checkbox.from_param(self._aa.param.as_json, label="Edit the setup as JSON text",
                                              css_classes=["in-as_json"], width=220)
        return pn.Column(hand, self._text_form() if self._aa.as_json else self._aa.view(), sizing_mode="stretch_width")

    def _show_forms(self) -> None:
        self._forms.objects = [{"fasa": self._fasa_form, "aces": self._aces_form,
                                "airaction": self._aa_form}.get(self.system, self._text_form)()]
        if self.system == "barrooms":
            self._forms.objects = [self._barrooms.view(), *(self._forms.objects if self._barrooms.as_json else [])]

    def __panel__(self):
        if self._layout is not None:
            return self._layout
        W = pn.widgets
        e = self._errors
        self._forms = pn.Column(sizing_mode="stretch_width")
        self._show_forms()
        download = W.FileDownload(callback=self._download, filename="setup.json", label="Download the setup (JSON)",
                                  css_classes=["download"], width=220)
        self.param.watch(lambda event: setattr(download, "filename", f"{event.new}-setup.json"), "system")
        upload = upload_box(accept=".json", multiple=False, css_classes=["upload"])
        upload.param.watch(lambda event: event.new is not None and self.load_setup(event.new), "value")
        start = W.Button(label="Start the game", color="success", css_classes=["start"], width=150)
        start.on_click(lambda event: self.new_game())
        self._layout = pn.Column(
            pn.FlexBox(W.Select.from_param(self.param.system, css_classes=["in-system"], label="Game", width=170),
                       e.beside(W.IntInput.from_param(self.param.seed, css_classes=["in-seed"], label="Seed", width=160), "seed"),
                       margin=0, sizing_mode="stretch_width"),
            self._forms,
            self._list,
            e.general,
            pn.FlexBox(download, e.beside(upload, "upload"), start, margin=0, sizing_mode="stretch_width"),
            self._status,
            self._table,
            sizing_mode="stretch_width", css_classes=["cs-game-setup"])
        return self._layout

    @param.depends("game", watch=True)
    def _play_started_game(self):
        """The started game at a play table under the set-up (``play_here``)."""
        if not self.play_here or self.game is None or self._table is None:
            return
        from cs_panel.ui.play_table import PlayTable

        self.play_table = PlayTable(game=self.game, with_setup=False)
        self._table.objects = ["### Play it", self.play_table]


__all__ = ["GameSetup"]
