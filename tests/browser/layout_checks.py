"""Layout checks run in the page, through Panel's shadow roots: what sticks out past the
viewport's right edge or its clipping container, and which visible controls another element covers.
Shared by the layout test and the components' browser tests."""

from __future__ import annotations

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
  const controls = csAll(document, []).filter(el => el.matches('button, input:not([type=hidden]), select, textarea') && csShown(el) && csIn(el, scope));
  for (const el of controls) {
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    await new Promise(r => requestAnimationFrame(r));
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
      bad.push(`${csName(el)} cannot be scrolled into view`); continue;
    }
    let top = document.elementFromPoint(x, y);
    while (top && top.shadowRoot) {
      const inner = top.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === top) break;
      top = inner;
    }
    if (!top || top === el || el.contains(top)) continue;
    if (top.tagName === 'LABEL' && (top.control === el || top.contains(el))) continue;
    bad.push(`${csName(el)} is covered by ${csName(top)}`);
  }
  window.scrollTo(0, 0);
  return [...new Set(bad)];
}
"""


def overflowing(page, scope: str | None = None) -> list[str]:
    """Shown elements (inside ``scope``, a CSS selector, if given) past the viewport's right edge
    or their clipping container's."""
    return page.evaluate(OVERFLOW_JS, scope)


def covered(page, scope: str | None = None) -> list[str]:
    """Shown buttons, inputs and selects (inside ``scope``) whose centre another element covers
    (each scrolled into view)."""
    return page.evaluate(COVERED_JS, scope)


def watch(page) -> dict[str, list[str]]:
    """Collect requests that leave the machine, and console errors."""
    seen: dict[str, list[str]] = {"outside": [], "errors": []}

    def on_request(req):
        host = urlparse(req.url).hostname
        if req.url.startswith(("http:", "https:", "ws:", "wss:")) and host not in ("127.0.0.1", "localhost"):
            seen["outside"].append(req.url)

    page.on("request", on_request)
    page.on("console", lambda msg: seen["errors"].append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
    return seen
