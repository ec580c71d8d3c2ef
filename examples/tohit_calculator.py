"""Just the FASA to-hit calculator: ``panel serve examples/tohit_calculator.py``."""

import panel as pn

from cs_panel.ui import ToHitCalculator

pn.extension()
pn.Column("# FASA to-hit calculator", ToHitCalculator()).servable()
