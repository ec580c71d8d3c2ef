"""The app's own page links followed in place: a click on ``?page=...`` asks the server for that
page in the same session instead of loading a new one (issue 14).

A full load of a page built the whole template again on the server and had the browser run
Panel's and bokeh's scripts again: about 0.9 s of every sidebar click on this machine even for the
home page, before the page's own component was built. In place, a click costs only the new
component: the server builds it, puts it in the main area and marks the sidebar, and the address
changes through Panel's ``Location`` (one new history entry, as a full load made).

What is followed in place: a plain left click (no modifier key) on a link of this same address
whose query names a ``page``, with no ``target`` and no ``#fragment``. Everything else (a lesson
opened in a new tab, a download, a middle or modified click, another site) is the browser's own.
Back and Forward that change the ``page`` in the address load the page the address names (a full
load); ones that change only a page's inputs leave the page as it is, as before.

A screen reader hears which page opened (a polite live region), and the keyboard's focus moves to
the main area, so the next Tab starts at the new page's top.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qsl

import param
from panel.custom import JSComponent

#: the longest page address (its query) a browser may ask for; anything longer is ignored
MAX_QUERY = 2000
#: the most fields an asked-for query may have (the pages' own links carry at most a few)
MAX_FIELDS = 40


def parse_asked(text) -> dict[str, str] | None:
    """The query a browser asked for (``?page=tohit&range_hexes=5``) as a dict (the last value of a
    repeated name wins, as the app reads an address), or None for anything that is not a short
    query string naming a page: the browser's message is a stranger's input."""
    if not isinstance(text, str) or len(text) > MAX_QUERY or not text.startswith("?"):
        return None
    try:
        pairs = parse_qsl(text[1:], keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except ValueError:  # more fields than that
        return None
    query = dict(pairs)
    return query if "page" in query else None


class PageSwitch(JSComponent):
    """Follows the app's page links in place (see the module's docstring). Nothing to see but a
    visually hidden live region naming the page that opened."""

    page = param.String(default="home", doc="The slug of the page shown now (Back to another page reloads).")
    title = param.String(default="", doc="The browser tab's title for the page shown now.")
    announce = param.String(default="", doc="What the live region says after a page opened in place.")

    _esm = """
export function render({ model }) {
  const live = document.createElement('div')
  live.setAttribute('role', 'status')
  live.setAttribute('aria-live', 'polite')
  live.className = 'cs-page-switch'
  // visually hidden, still read: a screen reader hears which page opened
  live.style.cssText = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;' +
    'overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap'
  const pageOf = (search) => new URLSearchParams(search).get('page') || 'home'
  const onClick = (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = e.composedPath().find(n => n instanceof HTMLAnchorElement)
    if (!a || !a.href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return
    const url = new URL(a.href, window.location.href)
    if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return
    if (url.hash || !url.searchParams.has('page')) return
    e.preventDefault()
    model.send_msg({open: url.search})
  }
  // Back or Forward to another page: load the page the address names (inputs alone: stay)
  const onPop = () => { if (pageOf(window.location.search) !== model.page) window.location.reload() }
  document.addEventListener('click', onClick)
  window.addEventListener('popstate', onPop)
  model.on('remove', () => {
    document.removeEventListener('click', onClick)
    window.removeEventListener('popstate', onPop)
  })
  const retitle = () => {
    if (!model.title) return
    document.title = model.title
    const header = document.querySelectorAll('#header .app-header a.title')
    if (header.length) header[header.length - 1].textContent = '\\u00a0' + model.title
  }
  model.on('title', retitle)
  model.on('announce', () => {
    live.textContent = model.announce
    const main = document.getElementById('main')
    if (main) {
      main.scrollTop = 0
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
      main.focus({preventScroll: true})
    }
  })
  return live
}
"""

    def __init__(self, **params):
        params.setdefault("width", 1)
        params.setdefault("height", 1)
        params.setdefault("margin", 0)
        super().__init__(**params)
        self._open_callbacks: list[Callable[[dict[str, str]], None]] = []

    def on_open(self, callback: Callable[[dict[str, str]], None]) -> None:
        """Call ``callback(query)`` with each page address the browser asks to open in place."""
        self._open_callbacks.append(callback)

    def _handle_msg(self, data) -> None:
        query = parse_asked(data.get("open") if isinstance(data, dict) else None)
        if query is not None:
            for callback in self._open_callbacks:
                callback(query)


__all__ = ["MAX_QUERY", "PageSwitch", "parse_asked"]
