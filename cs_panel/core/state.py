"""State objects to JSON and back, without loss.

``to_jsonable`` / ``from_jsonable`` handle frozen dataclasses built from ints, strings, bools,
enums, tuples, lists, dicts and other such dataclasses, guided by the type hints. ``dumps`` and
``loads`` wrap a state in an envelope naming its type and format version, so a saved game read
back as the wrong kind of thing fails with a clear ``SavedStateError``.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import types
import typing
from typing import Any, TypeVar

from cs_panel.core.errors import SavedStateError
from cs_panel.core.validate import safe_json_loads

T = TypeVar("T")
FORMAT_VERSION = 1


def to_jsonable(obj: Any) -> Any:
    """A plain JSON value for a state object (dataclasses become dicts of their fields)."""
    if hasattr(obj, "to_dict") and not isinstance(obj, type):
        return obj.to_dict()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.init}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple, frozenset, set)):
        items = [to_jsonable(x) for x in obj]
        return sorted(items, key=repr) if isinstance(obj, (set, frozenset)) else items
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    raise SavedStateError(f"cannot save a {type(obj).__name__}: {obj!r}")


@functools.cache
def _init_fields(tp: type) -> tuple[frozenset[str], tuple[tuple[str, Any, bool], ...]]:
    """A dataclass's fields set by its ``__init__``: their names, and each (name, type hint, required)
    in order. Worked out once per class: ``typing.get_type_hints`` evaluates every hint's text
    again on each call, and a game's set-up or saved state rebuilds thousands of dataclasses."""
    hints = typing.get_type_hints(tp)
    fields = tuple((f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                   for f in dataclasses.fields(tp) if f.init)
    return frozenset(name for name, _, _ in fields), fields


def from_jsonable(tp: Any, data: Any, where: str = "state") -> Any:
    """Rebuild a value of type ``tp`` from ``to_jsonable`` output; ``where`` names the path for errors."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    try:
        if tp is Any:
            return data
        if origin in (typing.Union, types.UnionType):
            if data is None and type(None) in args:
                return None
            errors = []
            for a in args:
                if a is type(None):
                    continue
                try:
                    return from_jsonable(a, data, where)
                except (SavedStateError, TypeError, ValueError) as e:
                    errors.append(str(e))
            raise SavedStateError(f"{where}: {data!r} fits none of {args}")
        if isinstance(tp, type) and hasattr(tp, "from_dict"):
            if not isinstance(data, dict):
                raise SavedStateError(f"{where}: expected an object, got {data!r}")
            return tp.from_dict(data)
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            if not isinstance(data, dict):
                raise SavedStateError(f"{where}: expected an object for {tp.__name__}, got {data!r}")
            names, fields = _init_fields(tp)
            kwargs = {}
            extra = set(data) - names
            if extra:
                raise SavedStateError(f"{where}: unknown field(s) {sorted(extra)} for {tp.__name__}")
            for name, hint, required in fields:
                if name in data:
                    kwargs[name] = from_jsonable(hint, data[name], f"{where}.{name}")
                elif required:
                    raise SavedStateError(f"{where}: missing field {name!r} for {tp.__name__}")
            return tp(**kwargs)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return tp(data)
        if origin in (tuple,):
            if not isinstance(data, list):
                raise SavedStateError(f"{where}: expected a list, got {data!r}")
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(from_jsonable(args[0], x, f"{where}[{i}]") for i, x in enumerate(data))
            if args and len(args) != len(data):
                raise SavedStateError(f"{where}: expected {len(args)} items, got {len(data)}")
            return tuple(from_jsonable(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, data))) if args else tuple(data)
        if origin in (list, frozenset, set) and not isinstance(data, list):
            raise SavedStateError(f"{where}: expected a list, got {data!r:.60}")
        if origin in (list,):
            return [from_jsonable(args[0] if args else Any, x, f"{where}[{i}]") for i, x in enumerate(data)]
        if origin in (frozenset, set):
            return origin(from_jsonable(args[0] if args else Any, x, where) for x in data)
        if origin in (dict,):
            if not isinstance(data, dict):
                raise SavedStateError(f"{where}: expected an object, got {data!r:.60}")
            kt, vt = args if args else (Any, Any)
            return {from_jsonable(kt, k, where): from_jsonable(vt, v, f"{where}[{k!r}]") for k, v in data.items()}
        if tp in (int, str, bool, float):
            if tp is int and (isinstance(data, bool) or not isinstance(data, int)):
                raise SavedStateError(f"{where}: expected an integer, got {data!r}")
            if tp is float and isinstance(data, int) and not isinstance(data, bool):
                return float(data)
            if not isinstance(data, tp):
                raise SavedStateError(f"{where}: expected {tp.__name__}, got {data!r}")
            return data
        if tp is type(None):
            if data is not None:
                raise SavedStateError(f"{where}: expected null, got {data!r}")
            return None
    except SavedStateError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as e:
        # a value type's own check names the field at fault; keep it for the widget
        raise SavedStateError(f"{where}: {e}", field=getattr(e, "field", None)) from e
    raise SavedStateError(f"{where}: cannot rebuild type {tp!r}")


def dumps(obj: Any) -> str:
    """JSON text for a state object, in an envelope naming its type."""
    return json.dumps(
        {"type": type(obj).__name__, "format": FORMAT_VERSION, "data": to_jsonable(obj)},
        sort_keys=True,
        indent=1,
    )


def loads(cls: type[T], text: str) -> T:
    """Read a state of type ``cls`` back from ``dumps`` output; bad text is a ``SavedStateError``."""
    doc = safe_json_loads(text, "saved state")
    if not isinstance(doc, dict) or not {"type", "format", "data"} <= set(doc):
        raise SavedStateError("saved state lacks its envelope (type, format, data)")
    if doc["type"] != cls.__name__:
        raise SavedStateError(f"saved state holds a {doc['type']}, not a {cls.__name__}")
    if doc["format"] != FORMAT_VERSION:
        raise SavedStateError(f"saved state format {doc['format']!r} is not {FORMAT_VERSION}")
    return from_jsonable(cls, doc["data"], cls.__name__)
