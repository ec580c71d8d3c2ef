"""Lessons open, run and render their widgets in a real JupyterLab, offline (the lessons' first cell,
``cs_panel.ui.notebook()``, inlines Panel; the server is started without PANEL_INLINE).

Two of them, 01 and 31, also have their layout checked in JupyterLab's notebook column (a 1280x800
window: a ~900 px column): no output sticks out past its clipping box or covers a control, with a
screenshot of each in artifacts/screenshots/. The check is made in the lesson's own run (it once
ran both lessons in JupyterLab a second time, in a test of its own in test_layout.py)."""

from pathlib import Path

import pytest
from layout_checks import covered, overflowing, still
from playwright.sync_api import expect
from test_layout import shoot

#: lessons whose outputs' layout is checked in the notebook column, and the window they are run in
LAYOUT_LESSONS = ("01_dice_and_to_hit.ipynb", "31_barrooms_fighting_on_foot.ipynb")
WINDOW = {"width": 1280, "height": 800}


#: the notebook's outputs, where the lessons' views are drawn
OUTPUTS = ".jp-OutputArea-output"


def drawn(page) -> None:
    """Wait until the lesson's views have all drawn and its outputs hold still (layout_checks.still:
    every bokeh document drawn, the outputs unmoved across three frames). Only the outputs are
    watched: JupyterLab's own page never holds still for layout_checks.settled. (This replaces fixed
    pauses of 500 ms after each lesson and 1.5 s before a layout check.)"""
    still(page, OUTPUTS)


def layout_holds_in_the_column(page, lesson: str) -> None:
    """Once the last views have drawn: no output of the notebook overflows its clipping box or
    covers a visible control; a screenshot either way."""
    drawn(page)
    outputs = OUTPUTS
    found = overflowing(page, outputs) + covered(page, outputs)
    shoot(page, f"layout-lab-{lesson.removesuffix('.ipynb')}")
    assert found == [], f"{lesson} in a notebook column: {found[:6]}"


def _lab_noise(text: str) -> bool:
    """JupyterLab's own console messages that are not ours (none known yet)."""
    return False



@pytest.mark.rule("F.hit.number", "F.dice.d10")
@pytest.mark.runs_lesson("01_dice_and_to_hit.ipynb")
def test_lesson_01_renders_the_calculator_in_jupyterlab(lab_tab):
    """Lesson 01's calculator drawn and answering in JupyterLab; its layout holds in the notebook
    column; nothing fetched from another host (JupyterLab's page load included); no console error.
    (It runs in the worker's shared JupyterLab tab, like every lesson: see the lab_tab fixture.)"""
    notebook = lab_tab.run("01_dice_and_to_hit.ipynb")
    page, seen = lab_tab.page, lab_tab.seen
    assert page.viewport_size == WINDOW, page.viewport_size
    assert lab_tab.loading_outside == [], lab_tab.loading_outside[:5]
    assert lab_tab.loading_errors == [], lab_tab.loading_errors[:5]
    # the live calculator: its inputs, its breakdown table and its chart
    expect(notebook.locator(".in-dead-eye input").first).to_be_visible(timeout=30_000)
    expect(notebook.locator(".breakdown .cs-breakdown").first).to_be_visible()
    expect(notebook.locator(".cs-tohit .tohit-chart svg").first).to_be_visible()
    expect(notebook.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    expect(notebook.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")).to_have_count(0)
    expect(page.get_by_text("Click to show javascript error")).to_have_count(0)
    layout_holds_in_the_column(page, "01_dice_and_to_hit.ipynb")
    # cs_panel.ui.notebook() has the HTML panes take their changes by morph, as a served page does
    # (morph.MORPH_PANES_JS; tests/browser/test_morph_panes_browser.py checks what it does)
    page.wait_for_function("() => Bokeh.Panel.HTML.prototype.default_view.prototype._csMorphs === true", timeout=15_000)
    # the calculator reacts in the notebook too: the kernel answers a typed change. (What the
    # lesson's later cell set from code may or may not have reached this view during "run all":
    # Panel can drop a change made before the view connects, so it is not asserted here.)
    explained = notebook.locator(".summary .explained").first
    box = notebook.locator(".in-range input").first
    # Enter applies the value in JupyterLab too (cs_panel.ui.notebook() sees to it). Under a loaded
    # parallel CI run this view once never answered the kernel: its message receiver had started in
    # the middle of a change and stayed out of step (cs_panel.ui.REALIGN_RECEIVERS now puts it back
    # in step; tests/browser/test_notebook_receiver.py), so the box is typed into once and must apply.
    box.fill("3")
    box.press("Enter")
    expect(explained).to_contain_text("+ 3 range 3 hexes - 6 Dead Eye 6 = ", timeout=15_000)
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]


LESSONS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "lessons").glob("*.ipynb"))


@pytest.mark.parametrize("lesson", [pytest.param(name, marks=pytest.mark.runs_lesson(name))
                                    for name in LESSONS if not name.startswith("01_")])
def test_every_lesson_runs_and_renders_in_jupyterlab(lab_tab, lesson):
    """Each lesson runs top to bottom in JupyterLab with no error output, no console error, nothing
    fetched from another host, and its Panel views drawn; for lesson 31, its layout holding in the
    notebook column (``layout_holds_in_the_column``). (A worker's lessons share one JupyterLab tab,
    each in its own notebook and kernel: see the lab_tab fixture.)"""
    notebook = lab_tab.run(lesson)
    page, seen = lab_tab.page, lab_tab.seen
    expect(notebook.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    expect(notebook.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")).to_have_count(0)
    expect(page.get_by_text("Click to show javascript error")).to_have_count(0)
    # every lesson shows at least one live component: Panel's root views render in the outputs
    # (a pn.Row draws as bokeh's Row, a pn.Column as Panel's own Column model)
    expect(notebook.locator(".bk-Column, .bk-Row, .bk-panel-models-layout-Column").first).to_be_visible(timeout=30_000)
    if lesson in LAYOUT_LESSONS:
        assert page.viewport_size == WINDOW, page.viewport_size
        layout_holds_in_the_column(page, lesson)
    else:
        drawn(page)  # the last views drawn before the console is read
    assert lab_tab.loading_outside == [], f"JupyterLab's page fetched from another host: {lab_tab.loading_outside[:5]}"
    assert not [e for e in lab_tab.loading_errors if not _lab_noise(e)], f"JupyterLab's page: console errors {lab_tab.loading_errors[:5]}"
    assert not seen["outside"], f"{lesson} fetched from another host: {seen['outside'][:5]}"
    assert not [e for e in seen["errors"] if not _lab_noise(e)], f"{lesson}: console errors {seen['errors'][:5]}"
