"""One palette: the colours the drawings and the components share, each named for what it marks.

Plain strings and the standard library only, so the rules core's SVG (``_repr_svg_``) and the
Panel components read the same colours. A module that draws takes its colours from here rather
than writing hex codes of its own.
"""

from __future__ import annotations

# The team and G colours stay apart for readers with colour-blind sight: under simulated
# protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, full severity)
# every two of a set differ by at least 10 CIEDE2000 units (tests/core/test_palette.py).

#: one colour a side, in the order the players are listed: Okabe and Ito's colour-blind-safe set
#: (blue, vermillion, bluish green, reddish purple, orange, sky blue)
TEAM_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
#: a player's planes or pieces: the FASA referee's map, the tailing drawing, the Aces board and
#: game, the Bar-rooms room (the first four team colours, each dark enough under white letters)
PLAYER_COLOURS = TEAM_COLOURS[:4]
#: Air Action's plane markers (six planes a side or more share them in turn)
AIR_ACTION_COLOURS = TEAM_COLOURS
#: a maneuver's Gs, 0 to 6 (more is drawn as 6): the template drawing and the maneuver explorer.
#: Green for none through gold, brown, dark red and pink to plums for the most; chosen for the
#: colour-blind check above rather than as a smooth ramp (each arrow also shows its Gs as bars),
#: and each at least 3:1 against the white hexes they are drawn on
G_COLOURS = ("#437800", "#9f8f17", "#6b6052", "#761512", "#f25181", "#854571", "#b062af")
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

def _luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a ``#rrggbb`` (or ``#rgb``) colour, 0 (black) to 1 (white)."""
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(h[i:i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (a legend chip's words)."""
    return "#000000" if contrast(background, "#000000") >= contrast(background, "#ffffff") else "#ffffff"
