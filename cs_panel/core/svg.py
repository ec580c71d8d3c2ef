"""``Svg``: SVG source that notebooks draw as a picture.

A drawing function returns SVG text. Returned bare, as a cell's last line, Jupyter would print
the whole source (thousands of lines); an ``Svg`` is the same ``str`` (every string use keeps
working: ``in``, slicing, writing to a file, an HTML pane) with ``_repr_svg_``, so Jupyter draws
it instead. No panel import: the core stays pure Python.
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., str])


class Svg(str):
    """SVG source text that shows as a picture in Jupyter (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def returns_svg(fn: F) -> F:
    """Make a drawing function return an ``Svg`` instead of a plain ``str``."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return Svg(fn(*args, **kwargs))

    return wrapper  # type: ignore[return-value]


#: a plane counter's outline, nose first, for a plane at the origin facing up (A): a long, thin
#: arrowhead, as an equilateral triangle looks the same turned by 120 degrees, so the facing would
#: be ambiguous (C and E would look like A)
PLANE_SHAPE = ((0, 0.7), (-0.35, -0.45), (0, -0.25), (0.35, -0.45))


def plane_arrow(x: float, y: float, facing: int, scale: float = 1.0) -> tuple[list[float], list[float]]:
    """Corner coordinates of a plane counter at (x, y) pointing to hex ``facing`` (A = 0, up the
    map, then clockwise), for bokeh's ``patches`` or an SVG polygon (whose y runs down: negate
    the ys)."""
    a = -int(facing) * math.pi / 3
    xs = [x + scale * (u * math.cos(a) - v * math.sin(a)) for u, v in PLANE_SHAPE]
    ys = [y + scale * (u * math.sin(a) + v * math.cos(a)) for u, v in PLANE_SHAPE]
    return xs, ys


# -- text alternatives: every drawing gets an accessible name and a text view of its facts --------

_OPEN_TAG = re.compile(r"<svg\b[^>]*>")


def label_svg(svg: str, name: str, text: str = "") -> Svg:
    """``svg`` with an accessible name and a text alternative, added only where it has none.

    The root ``<svg>`` gets ``role="img"`` and ``aria-label`` (the name a screen reader says), a
    ``<title>`` as its first child (the name again, which browsers also show on hover; a drawing
    whose first child is already a ``<title>`` keeps it, and that is its name) and a
    ``<desc>`` holding ``text`` (the same facts the drawing shows, as plain lines). A drawing
    that already has one of these keeps its own: the change is additive, so a drawing's own
    ``<desc>`` (often a table in words) stays as it was, unless it is just the first line of
    ``text``, when it grows into the whole of ``text``.
    """
    m = _OPEN_TAG.search(svg)
    if m is None:
        return Svg(svg)
    tag = m.group(0)
    close = "/>" if tag.endswith("/>") else ">"
    head = tag[: -len(close)]
    rest = svg[m.end():]
    own_title = re.match(r"\s*<title>(.*?)</title>", rest, re.S)
    if own_title:  # the drawing's own title is its name: the attribute says the same
        name = html.unescape(own_title.group(1))
    if not re.search(r"\srole\s*=", head):
        head += ' role="img"'
    if not re.search(r"\saria-label\s*=", head):
        head += f' aria-label="{html.escape(name, quote=True)}"'
    inner = ""
    if not rest.lstrip().startswith("<title"):
        inner += f"<title>{html.escape(name, quote=False)}</title>"
    if text and "<desc" not in svg:
        inner += f"<desc>{html.escape(text, quote=False)}</desc>"
    elif text:
        # a drawing's own short <desc> that is the text view's first line grows into the whole text view
        own = re.search(r"<desc>(.*?)</desc>", rest, re.S)
        if own and "\n" in text and html.unescape(own.group(1)) == text.split("\n", 1)[0]:
            rest = rest[: own.start()] + f"<desc>{html.escape(text, quote=False)}</desc>" + rest[own.end():]
    return Svg(svg[: m.start()] + head + close + inner + rest)


def described(name: Callable[..., str], text: Callable[..., str]) -> Callable[[F], F]:
    """Decorate a drawing function so its SVG carries an accessible name and a text view
    (``label_svg``). ``name`` and ``text`` are called with the drawing's own arguments: ``text``
    is the drawing's public text view (``tailing_text`` beside ``tailing_svg``), so the picture's
    ``<desc>`` and the components' "Text view" state the same facts."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return label_svg(fn(*args, **kwargs), name(*args, **kwargs), text(*args, **kwargs))

        wrapper.text_view = text  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return wrap


def svg_name(svg: str) -> str:
    """The accessible name of a drawing (its root's ``aria-label``), or "" when it has none."""
    m = _OPEN_TAG.search(svg)
    found = m and re.search(r"""\saria-label\s*=\s*(["'])(.*?)\1""", m.group(0))
    return html.unescape(found.group(2)) if found else ""


def svg_text(markup: str) -> str:
    """The text alternatives of every drawing in ``markup`` (SVG, or HTML holding drawings), as
    plain lines: each drawing's name (``aria-label``), then its ``<desc>``. For a view that shows
    a picture it did not draw itself (a game's ``Rules.picture``), so its "Text view" says what
    the picture's own text alternative says."""
    lines: list[str] = []
    for m in _OPEN_TAG.finditer(markup):
        name = svg_name(m.group(0))
        end = markup.find("</svg>", m.end())
        body = markup[m.end(): end if end >= 0 else len(markup)]
        desc = re.match(r"\s*(?:<title>.*?</title>\s*)?<desc>(.*?)</desc>", body, re.S)
        if name:
            lines.append(name)
        if desc and desc.group(1).strip():
            lines.append(html.unescape(desc.group(1)).strip())
    return "\n".join(lines)
