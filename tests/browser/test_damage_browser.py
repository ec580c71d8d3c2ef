"""The damage sheet in a real browser: click a box on the diagram, fire a template, read the log;
a bad column is named beside its input, which keeps what was typed."""

import pytest
from playwright.sync_api import expect

from cs_panel.fasa.damage import RecordSheet
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.ui.damage_sheet import DamageSheet, _template_options

# page pixel of the centre of the first box drawn for a table's column, through BokehJS's own scales
BOX_PIXEL = """([table, column]) => {
  const fig = Bokeh.documents[0].get_model_by_name('damage_sheet_fig');
  const src = fig.renderers.find(r => r.name === 'boxes').data_source;
  const i = src.data.table.findIndex((t, k) => t === table && src.data.column[k] === column);
  const view = Bokeh.index.find_one_by_id(fig.id);
  const box = view.el.getBoundingClientRect();
  return [box.left + view.frame.x_scale.compute(src.data.x[i]), box.top + view.frame.y_scale.compute(src.data.y[i])];
}"""

# Panel handles widget events only once the page has told the server it is ready, and the diagram
# must be laid out before its scales mean anything: wait for BokehJS to go idle with the figure in
READY = """() => Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle
  && Bokeh.documents[0].get_model_by_name('damage_sheet_fig') !== null"""


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
    # a box of the tail's column 4, wherever the fan redraw puts it on the canvas
    x, y = page.evaluate(BOX_PIXEL, ["Tail", 4])
    page.mouse.move(5, 5)
    page.mouse.move(x, y, steps=8)
    page.mouse.click(x, y)
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
    page.wait_for_function("""([n]) => { const fig = Bokeh.documents[0].get_model_by_name('damage_sheet_fig');
        const src = fig.renderers.find(r => r.name === 'boxes').data_source;
        return src.data.state.filter(s => s === 'destroyed by a hit').length === n; }""",
                           arg=[len(want.destroyed)], timeout=20_000)


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
