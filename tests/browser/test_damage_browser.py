"""The damage sheet in a real browser: click a box on the diagram, fire a template, read the log;
a bad column is named beside its input, which keeps what was typed."""

import pytest
from playwright.sync_api import expect

from cs_panel.fasa.damage import RecordSheet
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.ui.damage_sheet import DamageSheet, _template_options

# Panel handles widget events only once the page has told the server it is ready: wait for
# BokehJS to go idle with the diagram's boxes drawn
READY = """() => window.Bokeh !== undefined && Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle"""


def box_of(table: DamageTable, column: int) -> str:
    """The drawing's element for the first box of a table's column (its data-pick names the box)."""
    c, r = RecordSheet.for_plane("devastator").diagram.column_boxes(table, column)[0]
    return f".damage-svg rect.cs-box[data-pick='{c},{r}']"


def sheet_app():
    import panel as pn
    return pn.Column(DamageSheet(plane="devastator"))


def label_of(template_id: str) -> str:
    return next(label for label, value in _template_options().items() if value == template_id)


@pytest.mark.rule("F.dmg.column", "F.plane.record-sheet")
def test_clicking_a_box_sets_the_table_and_column(serve, page):
    page.goto(serve(sheet_app))
    page.wait_for_function(READY, timeout=60_000)
    table, column = page.locator(".in-table select"), page.locator(".in-column input")
    expect(table).to_have_value("Nose", timeout=20_000)
    expect(column).to_have_value("5")
    # a box of the tail's column 4, wherever the fan redraw puts it: clicked where it is drawn
    box = page.locator(box_of(DamageTable.TAIL, 4))
    expect(box).to_have_count(1, timeout=20_000)
    box.click()
    expect(table).to_have_value("Tail", timeout=20_000)
    expect(column).to_have_value("4", timeout=20_000)


@pytest.mark.rule("F.dmg.template", "F.dmg.column")
def test_fire_lays_the_template_and_the_log_says_what_fell(serve, page):
    page.goto(serve(sheet_app))
    page.wait_for_function(READY, timeout=60_000)
    log = page.locator(".damage-effects")
    expect(log).to_contain_text("No hits yet", timeout=20_000)
    page.locator(".in-table select").select_option(label="Tail")
    page.locator(".in-template select").select_option(label=label_of("mg-70-AP"))
    expect(page.locator(".damage-template")).to_contain_text(".70 armour-piercing", timeout=20_000)
    box = page.locator(".in-column input")
    box.fill("3")
    box.press("Enter")
    # Fire at once, as a player would: the typed column reaches the server with the click
    page.locator(".damage-fire button").click()
    want = RecordSheet.for_plane("devastator").hit(DamageTable.TAIL, 3, "mg-70-AP")
    expect(log).to_contain_text(f"mg-70-AP on Tail column 3: {len(want.destroyed)} box(es) destroyed, {want.lost} lost",
                                timeout=20_000)
    # the diagram follows: as many boxes now drawn as destroyed by a hit
    expect(page.locator(".damage-svg rect.cs-mark[data-mark='hit']")).to_have_count(len(want.destroyed), timeout=20_000)
    expect(page.locator(".damage-svg rect.cs-last")).to_have_count(len(want.destroyed))  # outlined as the last step


@pytest.mark.rule("F.dmg.column")
def test_a_column_past_the_table_stops_at_its_last_column(serve, page):
    page.goto(serve(sheet_app))
    page.wait_for_function(READY, timeout=60_000)
    box = page.locator(".in-column input")
    box.fill("11")
    box.press("Enter")
    # the table's columns are 1-10 (F.dmg.column): 11 is refused by name beside the box and never
    # reaches the sheet
    expect(page.locator(".cs-error-column .cs-error")).to_contain_text("column 11 must be 1-10")
    expect(page.locator(".damage-effects")).to_contain_text("No hits yet")  # nothing marked before Fire
