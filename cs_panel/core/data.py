"""Game data files, every entry with its provenance.

A data file is JSON: ``{"title": ..., "entries": [{...}, ...]}``. Every entry has an ``id``,
a ``provenance`` and a ``source`` saying where it comes from:

- ``rules``: stated in a rule text (cite game and page);
- ``recovered``: from a public source recorded in the project's research notes;
- ``reconstructed``: derived by us from the rules' text and examples (say which);
- ``sample``: invented so that a rule can be shown and played.

``load_table`` checks each entry against a small schema and reports file, entry and field on
bad data. A user can replace any packaged file with their own (their printed template, their
figure's dial) by passing its path.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from cs_panel.core.errors import CsPanelError, DataFileError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import safe_json_loads, short_repr

PROVENANCES = ("rules", "recovered", "reconstructed", "sample")
#: provenances the UI marks with a badge, since they are not the printed rules
BADGED = ("recovered", "reconstructed", "sample")


class MissingFieldError(DataFileError, KeyError):
    """A field an entry lacks, read by the rules: a named error that is also a ``KeyError``."""

    __str__ = Exception.__str__


@dataclass(frozen=True)
class Field:
    """One field of an entry: its Python type(s), whether it must be present, and a check."""

    types: type | tuple[type, ...]
    required: bool = True
    check: Callable[[Any], str | None] | None = None  # returns a complaint, or None if fine


@dataclass(frozen=True)
class Entry:
    """One entry of a data file: its values (read-only), provenance and source."""

    id: str
    provenance: str
    source: str
    values: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        try:
            return self.values[key]
        except KeyError:
            raise MissingFieldError(f"entry {self.id!r}", "has no such field (a user's file may leave out an "
                                    "optional one the rules need here)", field=key) from None

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    @property
    def badge(self) -> str | None:
        """The badge the UI shows for this entry, or None for data from the rules."""
        return self.provenance if self.provenance in BADGED else None


@dataclass(frozen=True)
class Table:
    """The entries of one data file, by id, in file order."""

    path: str
    title: str
    entries: Mapping[str, Entry]

    def __getitem__(self, key: str) -> Entry:
        try:
            return self.entries[key]
        except KeyError:
            raise DataFileError(self.path, f"no entry {key!r}; known: {sorted(self.entries)}") from None

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: object) -> bool:
        return key in self.entries


def _type_name(types: type | tuple[type, ...]) -> str:
    if isinstance(types, tuple):
        return " or ".join(t.__name__ for t in types)
    return types.__name__


def parse_table(doc: Any, schema: Mapping[str, Field], path: str) -> Table:
    """Validate an already-parsed data document against ``schema``."""
    if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
        raise DataFileError(path, "expected an object with an 'entries' list")
    entries: dict[str, Entry] = {}
    for i, raw in enumerate(doc["entries"]):
        label = f"#{i}"
        if not isinstance(raw, dict):
            raise DataFileError(path, "entry is not an object", entry=label)
        eid = raw.get("id")
        if not isinstance(eid, str) or not eid:
            raise DataFileError(path, "every entry needs a non-empty string 'id'", entry=label, field="id")
        if eid in entries:
            raise DataFileError(path, "duplicate id", entry=eid, field="id")
        prov = raw.get("provenance")
        if prov not in PROVENANCES:
            raise DataFileError(path, f"provenance must be one of {list(PROVENANCES)}, got {prov!r}", entry=eid, field="provenance")
        source = raw.get("source")
        if not isinstance(source, str) or not source.strip():
            raise DataFileError(path, "every entry needs a 'source' saying where it comes from", entry=eid, field="source")
        values = {k: v for k, v in raw.items() if k not in ("id", "provenance", "source")}
        unknown = sorted(set(values) - set(schema))
        if unknown:
            raise DataFileError(path, f"unknown field(s) {unknown}", entry=eid, field=unknown[0])
        for name, spec in schema.items():
            if name not in values:
                if spec.required:
                    raise DataFileError(path, "missing required field", entry=eid, field=name)
                continue
            v = values[name]
            bad_bool = isinstance(v, bool) and bool not in (spec.types if isinstance(spec.types, tuple) else (spec.types,))
            if not isinstance(v, spec.types) or bad_bool:
                raise DataFileError(path, f"expected {_type_name(spec.types)}, got {short_repr(v)}", entry=eid, field=name)
            if spec.check is not None:
                complaint = spec.check(v)
                if complaint:
                    raise DataFileError(path, complaint, entry=eid, field=name)
        entries[eid] = Entry(eid, prov, source, MappingProxyType(values))
    return Table(path, str(doc.get("title", Path(path).stem)), MappingProxyType(entries))


def load_table(source: str | Path, schema: Mapping[str, Field]) -> Table:
    """Load a data file. ``source`` is a path, or ``"package:<relative path>"`` for a packaged file."""
    return parse_table(load_text(source), schema, str(source))


def load_text(source: str | Path) -> Any:
    """A data file's parsed JSON, read safely: a folder, a missing file, bytes that are not UTF-8,
    text over the size limit, deep nesting or a huge number are each a ``DataFileError``."""
    text_source = str(source)
    cap = LIMITS["data_file_chars"].hi
    try:
        if text_source.startswith("package:"):
            rel = text_source[len("package:"):]
            resource = resources.files("cs_panel.data").joinpath(rel)
            if not resource.is_file():
                raise DataFileError(text_source, "no such packaged data file")
            with resource.open("rb") as fh:
                raw = fh.read(cap * 4 + 1)
        else:
            path = Path(source)
            if path.is_dir():
                raise DataFileError(text_source, "is a folder, not a data file")
            with path.open("rb") as fh:
                raw = fh.read(cap * 4 + 1)  # at most 4 bytes a character: never read more than the cap needs
    except FileNotFoundError:
        raise DataFileError(text_source, "file not found") from None
    except OSError as e:
        raise DataFileError(text_source, f"cannot be read ({type(e).__name__})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataFileError(text_source, f"is not UTF-8 text (byte {e.start})") from None
    return _parse_json(text, text_source)


def _parse_json(text: str, path: str) -> Any:
    try:
        return safe_json_loads(text, "data file", size_limit="data_file_chars", not_json="not valid JSON")
    except CsPanelError as e:
        raise DataFileError(path, str(e).removeprefix("data file ")) from None


def parse_text(text: str, schema: Mapping[str, Field], path: str = "<text>") -> Table:
    """A data file's text checked for size and nesting, parsed and validated against ``schema``."""
    return parse_table(_parse_json(text, path), schema, path)


def in_range(lo: int, hi: int) -> Callable[[Any], str | None]:
    """A field check: an integer from lo to hi inclusive."""
    def check(v: Any) -> str | None:
        return None if lo <= v <= hi else f"{v} is outside {lo}-{hi}"
    return check
