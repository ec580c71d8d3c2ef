"""Just the FASA to-hit calculator: ``panel serve examples/tohit_calculator.py``."""

import panel as pn

from cs_panel.ui import ToHitCalculator
from cs_panel.ui.serving import serve_quickly

serve_quickly()  # answers reach the browser in one message, without waiting on the network
pn.extension()
pn.Column("# FASA to-hit calculator", ToHitCalculator()).servable()
