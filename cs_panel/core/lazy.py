"""Names a module keeps importable but loads only on first use (PEP 562's module ``__getattr__``).

A module that hands part of itself to another (the FASA referee its drawing, ``pilots`` its firing
order) keeps the old names working without importing the part up front: the drawing stays unloaded
until a picture is asked for, and a part that builds on the module imports it without a cycle at
import time.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_names(namespace: dict[str, Any], source: str,
               names: tuple[str, ...]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the module whose globals are ``namespace``: each of
    ``names`` comes from module ``source`` when first asked for.

    >>> getattr_, dir_ = lazy_names({"__name__": "demo"}, "fractions", ("Fraction",))
    >>> getattr_("Fraction")(1, 2), "Fraction" in dir_()
    (Fraction(1, 2), True)
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(importlib.import_module(source), name)
        raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted([*namespace, *names])

    return __getattr__, __dir__
