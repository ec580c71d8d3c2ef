"""One palette: the colours the drawings and the components share, each named for what it marks.

Plain strings and the standard library only, so the rules core's SVG (``_repr_svg_``) and the
Panel components read the same colours. A module that draws takes its colours from here rather
than writing hex codes of its own.
"""

from __future__ import annotations

#: a player's planes or pieces, in the order the players are listed: the FASA referee's map, the
#: tailing drawing and the Aces board and game
PLAYER_COLOURS = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f")
#: Air Action's plane markers: a set of their own, unlike ``PLAYER_COLOURS`` (kept as drawn)
AIR_ACTION_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
#: a maneuver's Gs, 0 to 6 (more is drawn as 6): the template drawing and the maneuver explorer
G_COLOURS = ("#2b8a3e", "#5c940d", "#e67700", "#d9480f", "#c92a2a", "#a61e4d", "#5f3dc4")
#: the badges of data that is not from the printed rules (``cs_panel.core.data.BADGED``)
BADGE_COLOURS = {"recovered": "#2b6cb0", "reconstructed": "#b7791f", "sample": "#6b46c1"}

#: the light background of a map's hex and of an explained number
PAPER = "#f7fafc"
#: a hex's (or an Aces square's) outline, and a hex beyond a laid-out map's edge
HEX_STROKE = "#a0aec0"
OFF_MAP_FILL = "#cbd5e0"

#: the accent of explained numbers and chances, and the colour of an error message
ACCENT = "#2c5282"
ERROR = "#c53030"

# -- named for the drawings moved into the ``render`` modules (each the colour it was drawn in) --

#: the FASA maneuver template (``cs_panel.fasa.render.template_svg``): the plane's own hex, the
#: other hexes, their outline, a designation's text, and the plane, its path and hexside letters
TEMPLATE_ORIGIN = "#e7f5ff"
TEMPLATE_HEX = "#ffffff"
TEMPLATE_STROKE = "#868e96"
TEMPLATE_LABEL = "#343a40"
TEMPLATE_PLANE = "#1c7ed6"
#: the halo behind a template's text, so an arrow under it does not hide it
HALO = "#ffffff"

#: the tailing drawing's shading: the follower's front arc, the leader's rear arc, and both
FRONT_ARC = "#c6f6d5"
REAR_ARC = "#feebc8"
BOTH_ARCS = "#9ae6b4"

#: a FASA map: every other mapsheet shaded, and the dots along a side's home edge
ALT_SHEET = "#edf2f7"
HOME_EDGE = "#2b6cb0"

#: a FASA record sheet's boxes (``cs_panel.fasa.render.damage_svg``): each mark by how it was made,
#: then an unmarked armour box, component box and plain box, and the boxes' outline
DAMAGE_MARKS = {"hit": "#222", "tank": "#7a3b00", "widow": "#666", "burn": "#c0392b", "drill": "#34495e"}
ARMOUR_BOX = "#ddd"
COMPONENT_BOX = "#f5e6b3"
PLAIN_BOX = "#fff"
BOX_STROKE = "#555"

#: an Aces map's squares by terrain (clear is ``PAPER``), and a line of fire that is clear or not
BLOCKING = "#4a5568"
HINDERING = "#c6f6d5"
LINE_CLEAR = "#2f855a"
LINE_BLOCKED = "#c53030"

#: a Bar-rooms damage card's boxes: their outline, and the fill of a box crossed by a wound
CARD_BOX_STROKE = "#444"
CROSSED_BOX = "#fed7d7"

#: a zeppelin on the FASA referee's map: an intact gas cell, a shredded one (flown and fired
#: through), its nacelles, and a nacelle knocked out
ZEP_CELL = "#d6bcfa"
ZEP_SHREDDED = "#faf5ff"
ZEP_NACELLE = "#4a5568"
ZEP_LOST = "#e53e3e"
