"""``PlaneRatings``: a FASA plane's ratings as parameters, typed or filled from the aircraft table.

Shared by the components that fly a plane (``ManeuverExplorer``, ``RandomMovementPlayer``):
picking a plane fills its ratings (F.plane.stats, FASA p.20-21), which stay editable; a badge
says where the numbers come from and which ones were changed by hand.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.core.limits import LIMITS
from cs_panel.fasa.aircraft import choices as plane_choices
from cs_panel.fasa.aircraft import plane as aircraft_plane
from cs_panel.fasa.movement import Capabilities
from cs_panel.ui.common import RuleInteger, badge_html, html_pane

RATINGS = ["max_speed", "port_gs", "starboard_gs", "acceleration", "deceleration"]
CUSTOM = "custom"


def plane_options() -> dict[str, str]:
    return {"custom (type the ratings)": CUSTOM} | plane_choices()


class PlaneRatings(param.Parameterized):
    """A plane's performance ratings, and the plane (if any) they were filled from."""

    plane = param.Selector(default=CUSTOM, objects=list(plane_options().values()),
                           doc="A plane whose ratings fill the inputs below (they stay editable), or 'custom' to type "
                               "them (F.plane.stats).")
    max_speed = RuleInteger(default=4, bounds=LIMITS["fasa.max_speed"].bounds, doc="The plane's Max Speed rating, 1-5 (F.plane.stats); faster is a redline push.")
    port_gs = RuleInteger(default=3, bounds=LIMITS["fasa.wing_gs"].bounds, doc="G rating of the port (left) wing, 0-5: limits left turns (F.move.capability).")
    starboard_gs = RuleInteger(default=2, bounds=LIMITS["fasa.wing_gs"].bounds, doc="G rating of the starboard (right) wing, 0-5: limits right turns (F.move.capability).")
    acceleration = RuleInteger(default=2, bounds=LIMITS["fasa.acceleration"].bounds, doc="Acceleration rating, 1-3: speed gained per turn without a push (F.move.accel-decel).")
    deceleration = RuleInteger(default=2, bounds=LIMITS["fasa.acceleration"].bounds, doc="Deceleration rating, 2 (1 with damaged flaps): speed shed per turn without a push (F.move.accel-decel).")

    def __init__(self, **params):
        given = [k for k in RATINGS if k in params]
        super().__init__(**params)
        # ratings passed with a plane are the caller's own, as if typed after picking it
        self._given_ratings = given

    def _init_plane(self) -> None:
        """Make the badge and apply a plane chosen at construction; call once from ``__init__``.

        The plane fills only the ratings not passed to the constructor: ``plane="devastator",
        deceleration=1`` keeps the 1 (and the badge says it was changed by hand)."""
        self._plane_pane = html_pane("", css_classes=["plane-badge"], margin=(0, 10))
        if self.plane != CUSTOM:
            self.param.update(**{k: v for k, v in aircraft_plane(self.plane).ratings().items()
                                 if k not in self._given_ratings})
        self._show_plane()

    def capabilities(self) -> Capabilities:
        """The ratings as the movement rules take them (validated there, not here)."""
        return Capabilities(max_speed=self.max_speed, port_gs=self.port_gs, starboard_gs=self.starboard_gs,
                            acceleration=self.acceleration, deceleration=self.deceleration)

    @param.depends("plane", watch=True)
    def _fill_from_plane(self):
        if self.plane == CUSTOM:
            return  # "custom" keeps whatever the inputs hold
        self.param.update(**aircraft_plane(self.plane).ratings())

    @param.depends("plane", *RATINGS, watch=True)
    def _show_plane(self):
        if not hasattr(self, "_plane_pane"):
            return  # still constructing
        if self.plane == CUSTOM:
            self._plane_pane.object = ""
            return
        a = aircraft_plane(self.plane)
        changed = [k.replace("_", " ") for k, v in a.ratings().items() if getattr(self, k) != v]
        note = f" Changed by hand: {', '.join(changed)}." if changed else ""
        self._plane_pane.object = (
            f"<p class='plane-name'>{html.escape(a.name)} {badge_html(a.provenance)}<br>"
            f"<small>{html.escape(a.source)}.{html.escape(note)}</small></p>")

    def plane_picker(self, width: int = 260) -> pn.Column:
        """The plane select and its badge."""
        select = pn.widgets.Select.from_param(self.param.plane, options=plane_options(), label="Plane", width=width,
                                              css_classes=["in-plane"])
        return pn.Column(select, self._plane_pane, margin=0)
