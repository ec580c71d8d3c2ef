"""Files in the served app go through the browser (issue 11): no path box, an upload opens a
figures file, a hostile upload is named beside the upload control and the figure stays."""

import pytest
from playwright.sync_api import expect

from cs_panel.clix.figures import figures, figures_text
from cs_panel.ui import ClixDial, DialEditor


def files_app():
    import panel as pn
    return pn.Column(ClixDial(), DialEditor())


@pytest.mark.rule("A.base.values")
def test_served_app_has_no_path_box_and_opens_an_uploaded_figures_file(serve, page, tmp_path):
    page.goto(serve(files_app))
    expect(page.locator(".dial-header h3").first).to_contain_text("Sample fighter")
    # served: no path box anywhere, only the packaged select and the uploads
    expect(page.locator(".in-source-path")).to_have_count(0)
    expect(page.locator(".in-path")).to_have_count(0)
    expect(page.locator(".in-upload input[type=file]").first).to_be_attached()
    mine = tmp_path / "mine.json"
    mine.write_text(figures_text([figures()["charlie-steele-ace"]]))
    page.locator(".in-upload input[type=file]").first.set_input_files(str(mine))
    expect(page.locator(".dial-header h3").first).to_contain_text("Charlie")
    junk = tmp_path / "deep.json"
    junk.write_text("[" * 5000 + "]" * 5000)
    page.locator(".in-upload input[type=file]").first.set_input_files(str(junk))
    expect(page.locator(".cs-error-upload .cs-error").first).to_contain_text("deeper")
    expect(page.locator(".dial-header h3").first).to_contain_text("Charlie")
