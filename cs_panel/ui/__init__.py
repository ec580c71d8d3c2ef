"""Panel components: live widgets and bokeh drawings bound to the rules core.

Importing this package imports panel. Components are loaded lazily by name, so
``from cs_panel.ui import ToHitCalculator`` imports only what it needs.
"""

from __future__ import annotations

import importlib

_COMPONENTS = {
    "ToHitCalculator": "cs_panel.ui.tohit",
    "TailingReveal": "cs_panel.ui.tailing",
    "ManeuverExplorer": "cs_panel.ui.maneuver",
    "ClixDial": "cs_panel.ui.dial",
    "DialEditor": "cs_panel.ui.dial_editor",
    "RandomMovementPlayer": "cs_panel.ui.random_movement",
    "AttackOdds": "cs_panel.ui.attack",
    "NavigationCardExplorer": "cs_panel.ui.navigation",
    "AcesSkirmish": "cs_panel.ui.aces_board",
    "PilotSheet": "cs_panel.ui.pilot_sheet",
    "DamageSheet": "cs_panel.ui.damage_sheet",
    "ShootoutCalculator": "cs_panel.ui.shootout",
    "FasaTable": "cs_panel.ui.fasa_table",
    "AirActionTable": "cs_panel.ui.airaction_table",
}


def __getattr__(name: str):
    module = _COMPONENTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cs_panel.ui' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = sorted(_COMPONENTS)
