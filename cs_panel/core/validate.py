"""One small layer that checks untrusted values and says what is wrong.

Each helper returns the value when it is fine and otherwise raises a named ``CsPanelError``
whose ``field`` names the input, so a widget can show the message beside it. Bounds come from
``cs_panel.core.limits`` by name (``check_int(v, "dead_eye", limit="fasa.skill")``), so the
message cites the rule or says it is a project limit.

Why hand-written and not pydantic: the core imports only the standard library and numpy; its
value types are frozen dataclasses whose errors must be our own named subclasses with
``field=``; and the few checks (whole number in bounds, true/false, one of a list, short text,
bounded JSON) fit in this page. The widgets take their bounds from the same ``LIMITS`` through
``param``'s own ``bounds``.

>>> check_int(3, "dead_eye", limit="fasa.skill")
3
>>> check_int(11, "dead_eye", limit="fasa.skill")
Traceback (most recent call last):
...
cs_panel.core.validate.OutOfBoundsError: dead eye 11 must be 0-10 (F.pilot.skills)
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, TypeVar

from cs_panel.core.errors import CsPanelError, RuleInputError, SavedStateError
from cs_panel.core.limits import LIMITS, Limit

T = TypeVar("T")


class InvalidValueError(RuleInputError):
    """A value of the wrong kind: text where a number belongs, ``"yes"`` for true or false."""


class OutOfBoundsError(InvalidValueError):
    """A number outside its limit (a rule's, or a project limit bounding the cost)."""


class TooLargeError(CsPanelError):
    """An input too large to handle at all: text too long, JSON nested too deep, too many digits."""


def short_repr(value: Any, chars: int = 60) -> str:
    """``repr(value)`` cut to ``chars``; a huge integer is described by its size (its repr alone
    would raise ``ValueError`` past 4,300 digits, and cost time before that)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 15:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= chars else text[:chars - 3] + "..."


def _label(field: str) -> str:
    return field.replace("_", " ")


def _limit(limit: str | Limit | None) -> Limit | None:
    if limit is None or isinstance(limit, Limit):
        return limit
    return LIMITS[limit]


def check_int(value: Any, field: str, lo: int | None = None, hi: int | None = None, *,
              limit: str | Limit | None = None, error: type[CsPanelError] | None = None) -> int:
    """``value`` if it is a whole number (not a bool) within ``lo``-``hi`` or the named ``limit``.

    ``error`` picks a more specific subclass of ``CsPanelError`` to raise (e.g. a module's own);
    the default is ``InvalidValueError`` for the wrong kind and ``OutOfBoundsError`` for out of range.
    """
    lim = _limit(limit)
    if lim is not None:
        lo = lim.lo if lo is None else lo
        hi = lim.hi if hi is None else hi
    if isinstance(value, bool) or not isinstance(value, int):
        raise (error or InvalidValueError)(f"{_label(field)} must be a whole number, got {short_repr(value)}", field=field)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            span = f"{lo}-{hi}"
        else:
            span = f"at least {lo}" if lo is not None else f"at most {hi}"
        rule = lim.rule if lim else None
        why = lim.why if lim else ""
        where = f" ({rule})" if rule else (f" (project limit: {why})" if why else "")
        raise (error or OutOfBoundsError)(f"{_label(field)} {short_repr(value)} must be {span}{where}", field=field)
    return value


def check_bool(value: Any, field: str, *, error: type[CsPanelError] | None = None) -> bool:
    """``value`` if it is exactly ``True`` or ``False`` (``"no"`` or ``1`` are refused, not guessed)."""
    if not isinstance(value, bool):
        raise (error or InvalidValueError)(f"{_label(field)} must be true or false, got {short_repr(value)}", field=field)
    return value


def check_choice(value: Any, field: str, choices: Iterable[T], *, error: type[CsPanelError] | None = None) -> T:
    """``value`` if it is one of ``choices``."""
    options = list(choices)
    try:
        if value in options:
            return value
    except TypeError:  # unhashable or incomparable: not one of them
        pass
    raise (error or InvalidValueError)(f"{_label(field)} must be one of {options}, got {short_repr(value)}", field=field)


def check_str(value: Any, field: str, *, max_chars: int | None = None, empty_ok: bool = False,
              error: type[CsPanelError] | None = None) -> str:
    """``value`` if it is text of at most ``max_chars`` (default the ``text_chars`` limit)."""
    cap = LIMITS["text_chars"].hi if max_chars is None else max_chars
    if not isinstance(value, str):
        raise (error or InvalidValueError)(f"{_label(field)} must be text, got {short_repr(value)}", field=field)
    if not empty_ok and not value.strip():
        raise (error or InvalidValueError)(f"{_label(field)} must not be empty", field=field)
    if len(value) > cap:
        raise TooLargeError(f"{_label(field)} is {len(value)} characters; the limit is {cap}", field=field)
    return value


def check_text_size(text: Any, field: str, limit: str = "saved_chars") -> str:
    """``text`` if it is a string within the named size ``limit`` (checked before any parsing)."""
    cap = LIMITS[limit].hi
    if isinstance(text, (bytes, bytearray)):
        raise InvalidValueError(f"{_label(field)} must be text, not bytes", field=field)
    if not isinstance(text, str):
        raise InvalidValueError(f"{_label(field)} must be text, got a {type(text).__name__}", field=field)
    if len(text) > cap:
        raise TooLargeError(f"{_label(field)} is {len(text)} characters; the limit is {cap} ({LIMITS[limit].why})",
                            field=field)
    return text


_INT_TEXT = re.compile(r"[+-]?\d+")


def parse_int(text: Any, field: str, lo: int | None = None, hi: int | None = None, *,
              limit: str | Limit | None = None, error: type[CsPanelError] | None = None) -> int:
    """A whole number read from text, refusing more digits than the ``number_digits`` limit
    before converting (so a 5,000-digit number costs nothing), then checked like ``check_int``."""
    if isinstance(text, int) and not isinstance(text, bool):
        return check_int(text, field, lo, hi, limit=limit, error=error)
    if not isinstance(text, str):
        raise (error or InvalidValueError)(f"{_label(field)} must be a whole number, got {short_repr(text)}", field=field)
    s = text.strip()
    digits = LIMITS["number_digits"].hi
    if len(s) > digits + 1:
        raise (error or OutOfBoundsError)(
            f"{_label(field)}: a number of {len(s)} characters is too long; the limit is {digits} digits", field=field)
    if not _INT_TEXT.fullmatch(s):
        raise (error or InvalidValueError)(f"{_label(field)} must be a whole number, got {short_repr(s)}", field=field)
    return check_int(int(s), field, lo, hi, limit=limit, error=error)


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON ``text``, skipping strings; linear in its length."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in "]}":
            depth -= 1
    return deepest


def safe_json_loads(text: Any, field: str = "text", *, size_limit: str = "saved_chars",
                    error: type[CsPanelError] = SavedStateError, not_json: str = "is not JSON") -> Any:
    """``json.loads`` with its size and nesting checked first, and every failure a named error.

    Refuses text over the ``size_limit`` and nesting deeper than the ``json_depth`` limit before
    parsing (deep nesting would otherwise raise ``RecursionError``), and numbers longer than
    the ``json_number_digits`` limit (Python refuses ints over 4,300 digits with a bare ``ValueError``).
    """
    try:
        text = check_text_size(text, field, size_limit)
    except CsPanelError as e:
        raise error(str(e), field=field) from None
    depth_cap = LIMITS["json_depth"].hi
    if json_depth(text) > depth_cap:
        raise error(f"{_label(field)} nests deeper than {depth_cap} levels (project limit: "
                    f"{LIMITS['json_depth'].why})", field=field)
    digits = LIMITS["json_number_digits"].hi

    def big_int(s: str) -> int:
        if len(s.lstrip("-")) > digits:
            raise error(f"{_label(field)} holds a number of {len(s)} digits; the limit is {digits}", field=field)
        return int(s)

    def big_float(s: str) -> float:
        if len(s) > 3 * digits:
            raise error(f"{_label(field)} holds a number of {len(s)} characters; the limit is {3 * digits}", field=field)
        return float(s)

    try:
        return json.loads(text, parse_int=big_int, parse_float=big_float)
    except CsPanelError:
        raise
    except json.JSONDecodeError as e:
        raise error(f"{_label(field)} {not_json}: {e}", field=field) from None
    except (ValueError, RecursionError) as e:  # belt and braces: never a bare exception
        raise error(f"{_label(field)} cannot be read: {e}", field=field) from None
