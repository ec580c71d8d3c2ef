"""``cs_panel.ui.notebook()``: a notebook's Panel output links nothing on a CDN, at first render
and after a change (Panel's design adds its theme stylesheets on updates too).

Run in a fresh interpreter: ``notebook()`` sets Panel's global configuration for the process.
"""

import functools
import re
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

# each model's stylesheets, by their text, and how many sheet models the output holds: as rendered,
# then with every model given its own copy of each sheet (as Panel makes them)
import hashlib
from bokeh.models import InlineStyleSheet, UIElement
from cs_panel.ui import GameSetup
import cs_panel.ui as ui
from panel.io.notebook import replace_inline_css

def sheets_of_a_form(label):
    root = first_render(GameSetup(system="fasa"))[1]
    sheets = list(root.select({"type": InlineStyleSheet}))
    # (bokeh's select walks the models in no fixed order: the models' sheets are compared sorted)
    texts = sorted((type(m).__name__, tuple(getattr(s, "css", getattr(s, "url", s)) for s in m.stylesheets))
                   for m in root.select({"type": UIElement}))
    print(label, "SHEETS", len(sheets), len({s.css for s in sheets}))
    print(label, "TEXTS", hashlib.sha256(repr(texts).encode()).hexdigest(), len(texts))

if sys.argv[1] == "offline":
    sheets_of_a_form("shared")
    ui._shared_inline = lambda sheet, scope: replace_inline_css(sheet)
    sheets_of_a_form("own")
"""


def run(mode: str) -> str:
    out = subprocess.run([sys.executable, "-c", "import sys\n" + SCRIPT, mode], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


@functools.cache
def offline_output() -> str:
    """The script's output with ``notebook()``: run once for the tests that read it."""
    return run("offline")


def test_notebook_output_links_nothing_on_a_cdn():
    out = offline_output()
    assert "LINKED []" in out, out
    assert "CDN-IN-OUTPUT False" in out, out


def test_one_inlined_sheet_per_file_serves_a_whole_output():
    """Every model of an output shares the inlined sheet of each file (a setup form held about 520
    copies of seven files, 0.9 MB of its 1.1 MB, before), and each model's stylesheets are the same
    texts, in the same order, as with a copy of its own (the script's second render, "own")."""
    out = offline_output()
    count, distinct = map(int, re.search(r"shared SHEETS (\d+) (\d+)", out).groups())
    assert count == distinct <= 10, out
    assert int(re.search(r"own SHEETS (\d+)", out).group(1)) > 100, out  # the check can fail: unshared
    assert re.search(r"shared TEXTS (.*)", out).group(1) == re.search(r"own TEXTS (.*)", out).group(1)


def test_plain_panel_would_link_its_cdn():
    """The check above can fail: without the helper, Panel links its theme CSS from its CDN."""
    out = run("plain")
    assert "cdn.holoviz.org" in out, out
