"""Clix dials shared by Crimson Skies: Air Action and Crimson Skies: Aces.

- ``dial``: ``CombatDial`` (clicks, start, shot-down / KO clicks, bail-out values, structural
  limit), ``SpeedDial`` (speeds, red line, speed-effect squares).
- ``figures``: ``Figure`` (base values + dials) and ``figures()`` to load data files.
- ``skills``: the reconstructed Skills and Equipment card and speed effects.
"""

from cs_panel.clix.dial import Click, CombatDial, Damage, Marker, SpeedDial, SpeedSquare, build_dial
from cs_panel.clix.figures import Figure, figure_entry, figure_from_entry, figures

__all__ = ["Click", "CombatDial", "Damage", "Figure", "Marker", "SpeedDial", "SpeedSquare", "build_dial",
           "figure_entry", "figure_from_entry", "figures"]
