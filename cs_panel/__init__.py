"""cs_panel: an interactive rulebook and teaching aid for the Crimson Skies tabletop games.

Unofficial fan project; not affiliated with or endorsed by the owners of Crimson Skies.
The rules core (``cs_panel.core``, ``cs_panel.fasa``, ...) imports without panel or bokeh;
the widgets live in ``cs_panel.ui`` and are imported only when asked for.
"""

__version__ = "0.1.0"
