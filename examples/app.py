"""The rulebook app, for ``panel serve examples/app.py``."""

from cs_panel.ui.app import create_app

create_app().servable()
