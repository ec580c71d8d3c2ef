"""``Svg``: SVG source that notebooks draw as a picture.

A drawing function returns SVG text. Returned bare, as a cell's last line, Jupyter would print
the whole source (thousands of lines); an ``Svg`` is the same ``str`` (every string use keeps
working: ``in``, slicing, writing to a file, an HTML pane) with ``_repr_svg_``, so Jupyter draws
it instead. No panel import: the core stays pure Python.
"""

from __future__ import annotations

import functools
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
