"""Layout checks run in the page, through Panel's shadow roots: what sticks out past the
viewport's right edge or its clipping container, and which visible controls another element covers.
Shared by the layout test and the components' browser tests."""

from __future__ import annotations

import time
import weakref
from urllib.parse import urlparse

# every element of the page, shadow roots included (Panel draws each pane in its own)
_WALK = """
function csAll(root, out) {
  for (const el of root.querySelectorAll('*')) {
    out.push(el);
    if (el.shadowRoot) csAll(el.shadowRoot, out);
  }
  return out;
}
function csParent(el) { return el.parentElement || (el.getRootNode() && el.getRootNode().host) || null; }
function csIn(el, scope) {
  if (!scope) return true;
  for (let p = el; p; p = csParent(p)) if (p instanceof Element && p.matches(scope)) return true;
  return false;
}
function csShown(el) {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  // visually hidden on purpose (a live region for screen readers, clipped to nothing): not seen
  const own = getComputedStyle(el);
  if (own.position === 'absolute' && own.clip === 'rect(0px, 0px, 0px, 0px)') return false;
  if (el.checkVisibility && !el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
  return true;
}
function csName(el) {
  const cls = (el.getAttribute('class') || '').split(/\\s+/).filter(Boolean).slice(0, 3).join('.');
  let host = el.getRootNode().host; let where = '';
  for (let h = host, n = 0; h && n < 3; h = h.getRootNode().host, n++) {
    const c = (h.getAttribute('class') || '').split(/\\s+/).filter(c => c.startsWith('cs-') || c.startsWith('in-') || c.includes('-')).slice(0, 2).join('.');
    if (c) { where = c; break; }
  }
  const text = (el.innerText || el.getAttribute('aria-label') || el.value || '').toString().trim().slice(0, 40);
  return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}${where ? ' in ' + where : ''}${text ? ' "' + text + '"' : ''}`;
}
"""

OVERFLOW_JS = "(scope) => {" + _WALK + """
  const vw = document.documentElement.clientWidth, bad = [];
  for (const el of csAll(document, [])) {
    if (!(el instanceof HTMLElement) && el.tagName.toLowerCase() !== 'svg') continue;
    if (el.closest && el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    if (!csShown(el) || !csIn(el, scope)) continue;
    if (el.closest && el.closest('.bk-Canvas, .bk-CartesianFrame')) continue;  // bokeh's own canvas layers
    const host = el.getRootNode().host;
    if (host && host.matches && host.matches('.bk-Canvas, .bk-CartesianFrame')) continue;
    const r = el.getBoundingClientRect();
    // the nearest box that clips or scrolls: the element must fit inside it sideways (a box meant
    // to scroll sideways says so with the class cs-hscroll)
    let clip = null;
    for (let p = csParent(el); p && p !== document.documentElement && p !== document.body; p = csParent(p)) {
      if (!(p instanceof Element)) continue;
      if (p.classList.contains('cs-hscroll')) { clip = 'scrolls'; break; }
      const ox = getComputedStyle(p).overflowX;
      if (ox !== 'visible') { clip = p; break; }
    }
    if (clip === 'scrolls') continue;
    // text that spills out of its own widget past its margin (10 px) runs under its neighbours
    const hasText = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const owner = el.getRootNode().host;
    if (hasText && owner && owner.getBoundingClientRect().width >= 1 && r.right > owner.getBoundingClientRect().right + 10)
      bad.push(`${csName(el)} spills out of its widget ${csName(owner)} (x=${Math.round(r.right)} > ${Math.round(owner.getBoundingClientRect().right)})`);
    // a label or text that does not fit its own clipping box is cut off
    const own = getComputedStyle(el);
    if (own.overflowX !== 'visible' && own.overflowX !== 'auto' && own.overflowX !== 'scroll' && el.scrollWidth > el.clientWidth + 1
        && el.clientWidth > 0 && [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
      bad.push(`${csName(el)} is cut off: its text needs ${el.scrollWidth}px, it has ${el.clientWidth}px`);
    if (r.right > vw + 1) { bad.push(`${csName(el)} ends at x=${Math.round(r.right)} past the viewport (${vw})`); continue; }
    if (clip) {
      const c = clip.getBoundingClientRect();
      const inner = c.left + clip.clientLeft + (clip.clientWidth || c.width);
      if (c.width >= 1 && r.right > inner + 1 && r.left < inner)
        bad.push(`${csName(el)} ends at x=${Math.round(r.right)} past its clipping box ${csName(clip)} (x=${Math.round(inner)})`);
    }
  }
  return [...new Set(bad)];
}
"""

COVERED_JS = "async (scope) => {" + _WALK + """
  const bad = [];
  const frame = () => new Promise(r => requestAnimationFrame(r));
  // what is drawn at the control's centre: null if the control itself (or its label), else the cover
  function cover(el) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    let top = document.elementFromPoint(x, y);
    while (top && top.shadowRoot) {
      const inner = top.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === top) break;
      top = inner;
    }
    if (!top || top === el || el.contains(top)) return null;
    if (top.tagName === 'LABEL' && (top.control === el || top.contains(el))) return null;
    return top;
  }
  function outside(el) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight;
  }
  const controls = csAll(document, []).filter(el => el.matches('button, input:not([type=hidden]), select, textarea') && csShown(el) && csIn(el, scope));
  // every box the controls are scrolled in, with where it stood, so that the page is left as it was
  // found: a screenshot taken after this check shows the page as the player had it (the app's main
  // area scrolls in a box of its own, which scrolling the window back did not reach)
  const saved = new Map();
  const windowAt = [window.scrollX, window.scrollY];
  function remember(el) {  // (a box already remembered has its own boxes remembered too)
    for (let n = el.parentNode; n && !saved.has(n); n = n.parentNode || n.host) {
      if (n.nodeType === 1) saved.set(n, [n.scrollTop, n.scrollLeft]);
    }
  }
  // Each control is scrolled to the middle of the window and what is drawn at its centre is asked
  // for at once: the scroll and the hit test are synchronous (the browser lays the page out for
  // them). Only a control that looks covered (or out of view) there waits for a drawn frame, so
  // that whatever the scroll sets off has happened, and is looked at again before it is reported.
  // (Waiting a frame for every control was most of this check's time: 16 ms each, 30-odd
  // controls a page.)
  for (const el of controls) {
    remember(el);
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    if (outside(el) || cover(el)) {
      await frame();
      if (outside(el)) { bad.push(`${csName(el)} cannot be scrolled into view`); continue; }
      const top = cover(el);
      if (top) bad.push(`${csName(el)} is covered by ${csName(top)}`);
    }
  }
  for (const [box, [top, left]] of saved) {
    if (box.scrollTop !== top) box.scrollTop = top;
    if (box.scrollLeft !== left) box.scrollLeft = left;
  }
  window.scrollTo(windowAt[0], windowAt[1]);
  return [...new Set(bad)];
}
"""

def overflowing(page, scope: str | None = None) -> list[str]:
    """Shown elements (inside ``scope``, a CSS selector, if given) past the viewport's right edge
    or their clipping container's."""
    return page.evaluate(OVERFLOW_JS, scope)


def covered(page, scope: str | None = None) -> list[str]:
    """Shown buttons, inputs and selects (inside ``scope``) whose centre another element covers
    (each scrolled into view; every scrolled box is put back where it was afterwards)."""
    return page.evaluate(COVERED_JS, scope)


#: one poll (the page polls it once a drawn frame): true once nothing is loading, the fonts are in,
#: every bokeh document has drawn its views, and no element of the page (or only of the elements
#: matching ``scope``, a CSS selector, and everything inside them) has moved or changed size
#: across the last three frames
STILL_JS = "(scope) => {" + _WALK + """
  const st = window.__csStill || (window.__csStill = {sig: null, same: 0});
  // a document is drawn once every root's view has drawn; in a notebook, Panel adds a root that
  // draws nothing and never says so (its CommManager, the link to the kernel), left out here
  const drawn = d => d.is_idle || (d._idle_roots !== undefined && d.roots().every(
    r => d._idle_roots.has(r) || r.type === 'panel.models.comm_manager.CommManager'));
  const busy = document.querySelector('.pn-loading') || document.fonts.status !== 'loaded'
    || (window.Bokeh && Bokeh.documents && !Bokeh.documents.every(drawn));
  if (busy) { st.sig = null; st.same = 0; return false; }
  const parts = [document.documentElement.scrollWidth, document.documentElement.scrollHeight];
  const roots = scope ? [...document.querySelectorAll(scope)] : [];
  const els = scope ? roots.flatMap(root => [root, ...csAll(root, [])]) : csAll(document, []);
  parts.push(roots.length);
  for (const el of els) {
    if (el.tagName === 'IMG' && !el.complete) { st.sig = null; st.same = 0; return false; }
    if (!(el instanceof HTMLElement)) continue;
    const r = el.getBoundingClientRect();
    parts.push(Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height));
  }
  const sig = parts.join(',');
  st.same = sig === st.sig ? st.same + 1 : 0;
  st.sig = sig;
  if (st.same < 2) return false;
  window.__csStill = null;
  return true;
}
"""

#: the requests each watched page has sent and not yet had answered
_IN_FLIGHT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def settled(page, timeout: float = 30_000) -> None:
    """Wait until the page is still: no request of it in flight (for a page ``watch`` follows),
    nothing loading, and its layout unchanged across three drawn frames. This replaces Playwright's
    network idle (half a second with no request, every time) and fixed pauses after it: a wait for
    the condition, so it ends as soon as the page is drawn, and waits longer when it is slow."""
    flying = _IN_FLIGHT.get(page)
    if flying is None:
        page.wait_for_load_state("networkidle")
    t0 = time.monotonic()
    while True:
        page.wait_for_function(STILL_JS, arg=None, timeout=timeout)
        if not flying:
            return
        if time.monotonic() - t0 > timeout / 1000:
            raise TimeoutError(f"requests still unanswered: {[r.url for r in flying][:5]}")
        page.wait_for_timeout(50)  # a request is still out: look again once it may be answered


def still(page, scope: str, timeout: float = 30_000) -> None:
    """Wait until every bokeh document of the page has drawn its views and the elements matching
    ``scope`` (and all inside them) have held still across three drawn frames: ``settled`` for one
    part of a page whose other parts never hold still (JupyterLab's), without its request count."""
    page.wait_for_function(STILL_JS, arg=scope, timeout=timeout)


def watch(page) -> dict[str, list[str]]:
    """Collect requests that leave the machine, and console errors (and follow the requests in
    flight, for ``settled``)."""
    seen: dict[str, list[str]] = {"outside": [], "errors": []}
    flying = _IN_FLIGHT.setdefault(page, set())

    def on_request(req):
        flying.add(req)
        host = urlparse(req.url).hostname
        if req.url.startswith(("http:", "https:", "ws:", "wss:")) and host not in ("127.0.0.1", "localhost"):
            seen["outside"].append(req.url)

    page.on("request", on_request)
    page.on("requestfinished", lambda req: flying.discard(req))
    page.on("requestfailed", lambda req: flying.discard(req))
    page.on("console", lambda msg: seen["errors"].append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
    return seen
