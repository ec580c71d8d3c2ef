"""The served rulebook app: every component on its own tab.

``panel serve examples/app.py`` or the ``cs-panel serve`` command show it; each browser
session gets fresh components from ``create_app``.
"""

from __future__ import annotations

import importlib

import panel as pn

from cs_panel.ui import _COMPONENTS

#: tab title -> component class name; a component shows up here once it is listed in cs_panel.ui
TABS = {
    "FASA: to-hit": "ToHitCalculator",
    "FASA: tailing": "TailingReveal",
    "FASA: maneuvers": "ManeuverExplorer",
    "Clix: combat dial": "ClixDial",
    "Clix: dial editor": "DialEditor",
    "FASA: random movement": "RandomMovementPlayer",
    "FASA: pilot sheet": "PilotSheet",
    "FASA: damage": "DamageSheet",
    "FASA: referee table": "FasaTable",
    "Air Action: attack odds": "AttackOdds",
    "Air Action: navigation": "NavigationCardExplorer",
    "Air Action: referee table": "AirActionTable",
    "Aces: skirmish": "AcesSkirmish",
    "Bar-rooms: shootout": "ShootoutCalculator",
}

NOTICE = (
    "Unofficial fan project: not affiliated with or endorsed by the owners of Crimson Skies. "
    "Rules are paraphrased and cited, not reproduced."
)


def create_app() -> pn.template.BaseTemplate:
    """A fresh app: one tab per component."""
    tabs = []
    for title, name in TABS.items():
        cls = getattr(importlib.import_module(_COMPONENTS[name]), name)
        tabs.append((title, cls()))
    return pn.template.BootstrapTemplate(
        title="cs_panel: Crimson Skies rulebook",
        main=[pn.pane.Markdown(NOTICE, css_classes=["notice"]), pn.Tabs(*tabs, dynamic=True)],
    )
