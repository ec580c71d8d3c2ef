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
#: a hex's outline, and a hex beyond a laid-out map's edge
HEX_STROKE = "#a0aec0"
OFF_MAP_FILL = "#cbd5e0"

#: the accent of explained numbers and chances, and the colour of an error message
ACCENT = "#2c5282"
ERROR = "#c53030"
