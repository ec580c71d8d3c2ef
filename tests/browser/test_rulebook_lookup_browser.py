"""``lookup()`` in a JupyterLab notebook: the rules index's cards render, and a lesson link opens the lesson."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

KERNEL_IDLE = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel
            && w.sessionContext.session.kernel.status === 'idle') }"""

NOTEBOOK = {
    "nbformat": 4, "nbformat_minor": 5,
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "cells": [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Looking a rule up"},
        {"cell_type": "code", "id": "b", "metadata": {}, "execution_count": None, "outputs": [],
         "source": "from cs_panel.rulebook import lookup\nlookup(\"tailing\")"},
    ],
}

SAVE = """async (doc) => {
  const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || '';
  const r = await fetch('/api/contents/lookup_rules.ipynb', {method: 'PUT',
      headers: {'Content-Type': 'application/json', 'X-XSRFToken': decodeURIComponent(xsrf)},
      body: JSON.stringify({type: 'notebook', format: 'json', content: doc})});
  return r.status; }"""

OPEN = """async (path) => { const app = window.jupyterapp;
  const w = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  await w.context.ready; await w.sessionContext.ready;
  app.shell.activateById(w.id); }"""


@pytest.mark.rule("F.tail.number")
def test_lookup_shows_the_rules_in_jupyterlab_and_links_to_the_lesson(jupyterlab, page):
    # JupyterLab loaded once: the notebook is saved through its contents API, then opened in the
    # same page with JupyterLab's own command (not a second load of the whole page at its address)
    page.goto(f"{jupyterlab}/lab?reset")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=90_000)
    page.evaluate("async () => { await window.jupyterapp.restored; await window.jupyterapp.serviceManager.ready; }")
    page.wait_for_function("() => window.jupyterapp.commands.hasCommand('docmanager:open')", timeout=30_000)
    assert page.evaluate(SAVE, NOTEBOOK) in (200, 201)
    page.evaluate(OPEN, "lookup_rules.ipynb")
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    output = page.locator(".jp-OutputArea-output .cs-rule#F\\.tail\\.number")
    expect(output).to_be_visible(timeout=60_000)
    expect(output).to_contain_text("FASA board game, p.28")
    expect(output).to_contain_text("Checked by")
    link = output.locator("a", has_text="Lesson 6: tailing").first
    expect(link).to_be_visible()
    link.click()
    # the lesson opens in JupyterLab
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " return !!(w && w.context && w.context.path.endsWith('06_tailing.ipynb')); }", timeout=30_000)
