"""The Air Action part of the set-up form: squadrons built plane by plane to the agreed build total.

``AirActionSetupForm`` is a sub-form of ``GameSetup`` (``system="airaction"``): a player, the edge
the squadron starts at, a plane from the figures data (or from a figures file of your own, as the
dial editor downloads it), the Ace who flies it if the plane's pilot has an Ace figure, where its
marker starts and at what speed; *Add this plane* adds it to the player's squadron. Below: the
build total, the time limit and the campaign switch. ``build()`` gives the setup or raises the
refusal; ``show(error)`` puts a refusal beside the input it names. Every rule is the core's
(``cs_panel.airaction.setup_builder``); this module only gathers the choices.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.airaction import setup_builder as B
from cs_panel.airaction.play import EDGES
from cs_panel.clix.figures import Figure, figure_from_entry
from cs_panel.core.errors import CsPanelError
from cs_panel.setups import SetupFileError
from cs_panel.ui.common import FieldErrors, RuleInteger, RuleNumber, point_at, upload_text, editing, upload_box

FIELDS = ["aa_player", "edge", "aa_plane", "aa_ace", "at", "aa_speed", "build_total", "aa_turns", "figures",
          "remove", "ace_cards"]
#: a core refusal's field, as this form calls the input
FIELD_OF = {"player": "aa_player", "figure": "aa_plane", "planes": "aa_plane", "ace": "aa_ace", "speed": "aa_speed",
            "max_turns": "aa_turns", "pose": "at"}
NO_ACE = "no Ace"


class AirActionSetupForm(pn.viewable.Viewer):
    """Air Action squadrons, plane by plane, for ``GameSetup`` (A.squadron, A.aces.pilots, A.setup)."""

    shows_rules = ("A.squadron", "A.aces.pilots", "A.nav.deck", "A.setup", "A.end", "A.base.values")

    aa_player = param.String(default="Ann", doc="The player whose squadron the plane joins (letters, digits, '.', "
                             "'_', '-': planes are called PLAYER:FIGURE in the notation).")
    edge = param.Selector(default="south", objects=list(EDGES), doc="The edge of the play area the player's squadron "
                          "starts at, each player at an edge of his or her own (A.setup).")
    aa_plane = param.Selector(default="sample-fighter", objects=B.plane_choices(),
                              doc="The plane's figure, with its points (A.squadron).")
    aa_ace = param.Selector(default="", objects={NO_ACE: ""}, doc="An Ace figure flying the plane: only the "
                            "plane's own pilot, and only with a build total of 300 or more (A.aces.pilots).")
    ace_cards = param.Boolean(default=False, doc="The player's squadron adds two cards of their own to its deck for "
                              "each Ace plane whose cards are known (A.nav.deck).")
    auto_start = param.Boolean(default=True, doc="Start the marker at the next place along the squadron's edge, "
                               "facing into the play area; off: give x, y and heading (the boxes start at that place) (A.setup).")
    at_x = RuleNumber(default=18.0, bounds=(-1000, 1000), doc="Starting marker, x in inches from the west edge.")
    at_y = RuleNumber(default=2.0, bounds=(-1000, 1000), doc="Starting marker, y in inches from the south edge.")
    heading = RuleNumber(default=0.0, bounds=(-1000, 1000), doc="Starting heading, degrees (0 up the table, 90 right).")
    aa_speed = param.Selector(default=0, objects=[0], doc="The starting speed, one of the plane's speed dial (A.setup).")
    build_total = RuleInteger(default=200, bounds=(-100_000, 100_000), doc="The agreed build total, a multiple of 100: "
                              "200 is standard, 300 or more with Aces (A.squadron, A.aces.pilots).")
    max_turns = RuleInteger(default=8, bounds=(-10_000, 10_000), doc="The agreed time limit in turns, 0 for none (A.end).")
    campaign = param.Boolean(default=False, doc="A campaign game: pilots earn experience (A.campaign.levels).")
    as_json = param.Boolean(default=False, doc="Edit the whole setup as JSON text instead (hand edits).")
    version = param.Integer(default=0, doc="Counts the changes of the squadrons, for whoever shows them.")
    error = param.String(default="", constant=True, doc="The last refusal ('' if none).")

    def __init__(self, **params):
        super().__init__(**params)
        self._squadrons: dict[str, dict] = {}
        self._own: tuple[Figure, ...] = ()
        self._errors = FieldErrors(FIELDS)
        self._plane_changed()

    # -- refusals -------------------------------------------------------------------------------

    def show(self, error: CsPanelError | None) -> CsPanelError | None:
        """Show a refusal beside the input of this form it names, and give None; a refusal of no
        input here is given back for the caller to show."""
        where = FIELD_OF.get(getattr(error, "field", None) or "", getattr(error, "field", None))
        mine = error is not None and where in self._errors.slots
        self._errors.show(point_at(error, where) if mine else None)
        with editing(self, "error"):
            self.error = str(error) if error else ""
        return None if mine or error is None else error

    def show_error(self, error: CsPanelError | None) -> None:
        """A number refused by its box's bounds, beside the box (``show_refusal`` calls this)."""
        field = {"at_x": "at", "at_y": "at", "heading": "at", "max_turns": "aa_turns"}.get(getattr(error, "field", ""),
                                                                                         getattr(error, "field", None))
        self._errors.show(point_at(error, field) if error is not None else None)

    def message(self, field: str | None = None) -> str:
        """The refusal shown beside an input ('' if none), for tests and notebooks."""
        return self._errors.message(field)

    def _changed(self) -> None:
        self.version += 1

    # -- the plane ------------------------------------------------------------------------------

    @param.depends("aa_plane", watch=True)
    def _plane_changed(self) -> None:
        """The Aces who may fly the chosen plane, and the speeds of its dial, set where its dial is."""
        fig = B.catalogue(self._own).get(self.aa_plane)
        aces = {NO_ACE: "", **B.aces_for(self.aa_plane, self._own)}
        self.param.aa_ace.objects = aces
        speeds = list(fig.speed.speeds) if fig is not None and fig.speed is not None else [0]
        self.param.aa_speed.objects = speeds
        with param.parameterized.batch_call_watchers(self):
            self.aa_ace = "" if self.aa_ace not in aces.values() else self.aa_ace
            self.aa_speed = fig.speed.speed if fig is not None and fig.speed is not None else speeds[0]

    def add_plane(self) -> bool:
        """Add the plane of the form to its player's squadron; a refusal stays beside its input."""
        player = self.aa_player.strip()
        try:
            B.check_player(player)
            if player in self._squadrons and self._squadrons[player]["edge"] != self.edge:
                raise B.PlacementError(f"{player}'s squadron starts at the {self._squadrons[player]['edge']} edge: every "
                                       "plane of a squadron starts at its player's edge", rule_id="A.setup", field="edge")
            other = next((p for p, s in self._squadrons.items() if p != player and s["edge"] == self.edge), None)
            if other is not None:
                raise B.PlacementError(f"{other}'s squadron starts at the {self.edge} edge: each player starts at an edge "
                                       "of his or her own", rule_id="A.setup", field="edge")
            if player not in self._squadrons and len(self._squadrons) >= B.MAX_SQUADRONS:
                raise B.PlacementError(f"{B.MAX_SQUADRONS} squadrons, one at each edge, fill the play area",
                                       rule_id="A.setup", field="player")
            planes = self._squadrons.get(player, {}).get("planes", [])
            new = B.plane(self.aa_plane, self.aa_ace or None, edge=self.edge, index=len(planes),
                          at=None if self.auto_start else [self.at_x, self.at_y, self.heading], speed=self.aa_speed,
                          own=self._own)
            planes = B.add_plane(planes, new, self.build_total, player=player, own=self._own)
            if self.ace_cards:
                B.ace_cards_for(planes, self._own, player)
        except CsPanelError as e:
            self.show(e)
            return False
        self._squadrons[player] = {"edge": self.edge, "planes": planes, "ace_cards": self.ace_cards}
        self.show(None)
        self._changed()
        return True

    @param.depends("ace_cards", watch=True)
    def _ace_cards_changed(self) -> None:
        """The player's squadron brings its Aces' cards, or not; refused without an Ace plane whose
        cards are known (the box goes back off)."""
        sq = self._squadrons.get(self.aa_player.strip())
        if sq is None or sq.get("ace_cards") == self.ace_cards:
            return
        if self.ace_cards:
            try:
                B.ace_cards_for(sq["planes"], self._own, self.aa_player.strip())
            except CsPanelError as e:
                self.show(e)
                with param.discard_events(self):
                    self.ace_cards = False
                return
        sq["ace_cards"] = self.ace_cards
        self.show(None)
        self._changed()

    @param.depends("auto_start", watch=True)
    def _auto_start_changed(self) -> None:
        """Giving the marker's place by hand starts from the place it would have had (A.setup)."""
        if self.auto_start:
            return
        n = len(self._squadrons.get(self.aa_player.strip(), {}).get("planes", []))
        try:
            x, y, heading = B.edge_start(self.edge, n)
        except CsPanelError:
            return  # a full squadron: the plane will be refused when added
        self.param.update(at_x=x, at_y=y, heading=heading)

    @param.depends("aa_player", watch=True)
    def _player_changed(self) -> None:
        """The box shows whether the player named brings the Aces' cards."""
        sq = self._squadrons.get(self.aa_player.strip())
        if sq is not None:
            with param.discard_events(self):
                self.ace_cards = bool(sq.get("ace_cards"))

    def remove_plane(self, plane_id: str) -> bool:
        """Take the plane ``PLAYER:FIGURE`` out of its squadron (and the squadron out, once empty)."""
        player, _, fid = str(plane_id).strip().partition(":")
        sq = self._squadrons.get(player)
        if sq is None or not any(p["figure"] == fid for p in sq["planes"]):
            ids = [f"{p}:{q['figure']}" for p, s in self._squadrons.items() for q in s["planes"]]
            self.show(B.PlacementError(f"no plane {str(plane_id)[:40]!r}; the planes are {ids}", rule_id="A.squadron",
                                       field="remove"))
            return False
        sq["planes"] = [p for p in sq["planes"] if p["figure"] != fid]
        if not sq["planes"]:
            del self._squadrons[player]
        self.show(None)
        self._changed()
        return True

    # -- figures of your own --------------------------------------------------------------------

    def add_figures(self, figs) -> None:
        """Offer your own figures (the dial editor's ``figure``, or a file's) beside the packaged ones."""
        mine = {f.id: f for f in self._own}
        mine.update({f.id: f for f in figs})
        self._own = tuple(mine.values())
        self.param.aa_plane.objects = B.plane_choices(self._own)
        self._plane_changed()

    def load_figures(self, data: bytes | str | None) -> bool:
        """Read a figures file of your own (the dial editor's download); its planes and Aces join the choices."""
        try:
            text = upload_text(data, "figures", SetupFileError, "a figures file")
            figs = B.own_figures(text)
        except CsPanelError as e:
            self.show(point_at(e, "figures"))
            return False
        self.add_figures(figs)
        self.show(None)
        return True

    # -- the whole setup ------------------------------------------------------------------------

    def build(self) -> dict:
        """The setup from every squadron and the game's choices (raises the core's refusal)."""
        return B.game_setup(self._squadrons, build_total=self.build_total, max_turns=self.max_turns,
                            campaign=self.campaign, own=self._own)

    def load(self, setup: dict) -> None:
        """Fill the form from a setup the rules accepted (a loaded file or the JSON text)."""
        own = [figure_from_entry(e, "setup figures") for e in setup.get("figures", [])]
        if own:
            self.add_figures(own)
        self._squadrons = {sq["player"]: {"edge": sq["edge"], "planes": [dict(p) for p in sq["planes"]],
                                          "ace_cards": bool(sq.get("ace_cards"))} for sq in setup["squadrons"]}
        with param.parameterized.batch_call_watchers(self):
            self.build_total = setup["build_total"]
            self.max_turns = setup["max_turns"]
            self.campaign = setup["campaign"]
        self._player_changed()
        self._changed()

    @param.depends("build_total", "max_turns", "campaign", watch=True)
    def _game_changed(self) -> None:
        self._changed()

    def list_html(self) -> str:
        """Each squadron, its edge and planes, and its points against the build total."""
        e = html.escape
        if not self._squadrons:
            return "<p>No planes yet: fill in the form and add one.</p>"
        table = B.catalogue(self._own)
        out = []
        for player, sq in self._squadrons.items():
            try:
                points = f"{B.squadron_points(sq['planes'], self._own)} of {self.build_total}"
                if sq.get("ace_cards"):
                    cards = [c for names in B.ace_cards_for(sq["planes"], self._own, player).values() for c in names]
                    points += f"; the Aces' own cards join the deck: {', '.join(cards)}"
            except CsPanelError as err:
                points = str(err)
            rows = "".join(
                f"<tr><td>{e(player)}:{e(p['figure'])}</td><td>{e(table[p['figure']].name)}</td>"
                f"<td>{e(table[p['ace']].name) if p['ace'] else '-'}</td>"
                f"<td>{p['at'][0]:g}, {p['at'][1]:g} heading {p['at'][2]:g}</td><td>{p['speed']}</td></tr>"
                for p in sq["planes"])
            out.append(f"<p style='margin-top: 10px'><b>{e(player)}</b> at the {e(sq['edge'])} edge; points: {e(points)}</p>"
                       "<table class='cs-setup-list'><tr><th>plane</th><th>figure</th><th>Ace</th><th>start</th>"
                       f"<th>speed</th></tr>{rows}</table>")
        return "".join(out)

    # -- the view -------------------------------------------------------------------------------

    def view(self) -> pn.Column:
        """The form's inputs with their message slots."""
        W = pn.widgets
        e = self._errors
        add = W.Button(label="Add this plane", color="primary", css_classes=["add-aa-plane"], width=150)
        add.on_click(lambda event: self.add_plane())
        remove = W.TextInput(label="Remove the plane (PLAYER:FIGURE)", width=240, css_classes=["remove-aa-plane"])
        remove.param.watch(lambda event: event.new and self.remove_plane(event.new.strip()), "value")
        upload = upload_box(accept=".json", multiple=False, css_classes=["aa-figures-upload"])
        upload.param.watch(lambda event: event.new is not None and self.load_figures(event.new), "value")
        box = dict(margin=0, sizing_mode="stretch_width")
        return pn.Column(
            pn.pane.Markdown("**A plane** for a player's squadron (its Ace, start and speed), then *Add this plane*; "
                             "repeat for each."),
            pn.FlexBox(e.beside(W.TextInput.from_param(self.param.aa_player, css_classes=["in-aa_player"], label="Player",
                                                       width=120), "aa_player"),
                       e.beside(W.Select.from_param(self.param.edge, css_classes=["in-edge"], label="Starts at edge",
                                                    width=120), "edge"),
                       e.beside(W.Select.from_param(self.param.aa_plane, css_classes=["in-aa_plane"], label="Plane",
                                                    width=420), "aa_plane"),
                       e.beside(W.Select.from_param(self.param.aa_ace, css_classes=["in-aa_ace"], label="Flown by Ace",
                                                    width=300), "aa_ace"), **box),
            pn.FlexBox(W.Checkbox.from_param(self.param.auto_start, css_classes=["in-auto_start"],
                                             label="Next place along the edge", width=200),
                       pn.Column(e.beside(pn.Row(W.FloatInput.from_param(self.param.at_x, css_classes=["in-at_x"], label="x (in)", width=80),
                                       W.FloatInput.from_param(self.param.at_y, css_classes=["in-at_y"], label="y (in)", width=80),
                                       W.FloatInput.from_param(self.param.heading, css_classes=["in-heading"], label="Heading",
                                                               width=80), margin=0, width=280), "at"),
                                 margin=0, visible=pn.bind(lambda auto: not auto, self.param.auto_start)),
                       e.beside(W.Select.from_param(self.param.aa_speed, css_classes=["in-aa_speed"], label="Speed",
                                                    width=80), "aa_speed"),
                       e.beside(W.Checkbox.from_param(self.param.ace_cards, css_classes=["in-ace_cards"],
                                                      label="The player's squadron brings its Aces' own cards", width=320),
                                "ace_cards"), **box),
            pn.FlexBox(add, e.beside(remove, "remove"), **box),
            pn.FlexBox(pn.pane.Markdown("Figures of your own (a figures file from the dial editor):", width=300,
                                        margin=(5, 10)),
                       e.beside(upload, "figures"), **box),
            pn.pane.Markdown("**The game**"),
            pn.FlexBox(e.beside(W.IntInput.from_param(self.param.build_total, css_classes=["in-build_total"],
                                                      label="Build total", width=110), "build_total"),
                       e.beside(W.IntInput.from_param(self.param.max_turns, css_classes=["in-aa_turns"],
                                                      label="Turns (0 = no limit)", width=140), "aa_turns"),
                       W.Checkbox.from_param(self.param.campaign, css_classes=["in-campaign"], label="Campaign game",
                                             width=140), **box),
            e.general,
            sizing_mode="stretch_width", css_classes=["cs-airaction-setup"])

    def __panel__(self):
        return self.view()


__all__ = ["AirActionSetupForm"]
