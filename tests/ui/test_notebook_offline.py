"""``cs_panel.ui.notebook()``: a notebook's Panel output links nothing on a CDN, at first render
and after a change (Panel's design adds its theme stylesheets on updates too).

Run in a fresh interpreter: ``notebook()`` sets Panel's global configuration for the process.
"""

import subprocess
import sys

SCRIPT = r"""
from bokeh.models import ImportedStyleSheet
import panel as pn
from panel.io.state import state
from cs_panel.ui import ToHitCalculator, ShootoutCalculator, notebook

def linked(root):
    return sorted({s.url for s in root.select({"type": ImportedStyleSheet})})

def first_render(viewable):
    bundle = pn.panel(viewable)._repr_mimebundle_()
    return bundle, [v[1] for v in state._views.values()][-1]

if sys.argv[1] == "plain":
    pn.extension()
else:
    notebook()
calc = ToHitCalculator()
bundle, root = first_render(calc)
calc.range_hexes = 5
calc.dead_eye = 3
shoot = ShootoutCalculator()
bundle2, root2 = first_render(shoot)
shoot.range_hexes = 6
text = str(bundle) + str(bundle2)
print("LINKED", linked(root) + linked(root2))
print("CDN-IN-OUTPUT", "cdn." in text)
"""


def run(mode: str) -> str:
    out = subprocess.run([sys.executable, "-c", "import sys\n" + SCRIPT, mode], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_notebook_output_links_nothing_on_a_cdn():
    out = run("offline")
    assert "LINKED []" in out, out
    assert "CDN-IN-OUTPUT False" in out, out


def test_plain_panel_would_link_its_cdn():
    """The check above can fail: without the helper, Panel links its theme CSS from its CDN."""
    out = run("plain")
    assert "cdn.holoviz.org" in out, out
