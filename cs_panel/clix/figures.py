"""Clix figures: base values printed on the base plus the dials, loaded from data with provenance.

An Air Action plane has silhouette, front gunnery range and rear gunnery range on its base, a
combat dial of maximum speed, front gunnery, rear gunnery and piloting, and a speed dial
(A.base.values). An Aces character has range (and a number of pistols) on its base and a dial of
speed, attack, defense and fate (K.base.values). Both carry a point value (A.squadron, K.recruit).

No official dial survived (MISSING.md), so ``cs_panel/data/clix/figures.json`` ships clearly
badged ``sample`` figures; the few numbers the rule texts give (Charlie Steele's plane has
silhouette 4; her Ace figure attack 3, defense 4, fate 2 and 49 points; Loyle Crawford attack 3
and fate 3) are listed per figure in ``rules_values`` with their citation. A player's own figure
is one more entry in the same format, written by ``figure_entry`` (the dial editor saves this).

>>> f = figures()["sample-fighter"]
>>> f.provenance, f.silhouette, f.combat.value("piloting")
('sample', 5, 6)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from cs_panel.clix.dial import (
    BULLET_HOLES, KO, SPEED_EFFECT_LOCATIONS, Click, CombatDial, DialError, Marker, SpeedDial, SpeedSquare, stats_for,
)
from cs_panel.core.data import PROVENANCES, BADGED, Field, load_table
from cs_panel.core.errors import DataFileError
from cs_panel.core.validate import short_repr

GAMES = ("air-action", "aces")
LEVELS = ("rookie", "veteran", "ace", "double-ace", "legend")

#: base values each game prints on the base, with the range each may take
BASE_FIELDS = {
    "air-action": {"silhouette": (1, 10), "front_range": (0, 10), "rear_range": (0, 10)},
    "aces": {"range": (0, 12), "pistols": (0, 4)},
}


@dataclass(frozen=True)
class Figure:
    """One clix figure: printed base values, combat dial, speed dial (Air Action) and provenance."""

    id: str
    name: str
    game: str
    points: int
    base: dict[str, int]
    combat: CombatDial
    speed: SpeedDial | None = None
    pilot: str = ""
    plane: str = ""
    squadron_symbol: str = ""
    level: str | None = None
    experience_multiplier: int | None = None
    provenance: str = "sample"
    source: str = ""
    rules_values: dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if self.game not in GAMES:
            raise DialError(f"game must be one of {GAMES}, got {self.game!r}", field="game")
        if self.provenance not in PROVENANCES:
            raise DialError(f"provenance must be one of {PROVENANCES}", field="provenance")
        if self.combat.stats != stats_for(self.game):
            raise DialError(f"a {self.game} dial has stats {stats_for(self.game)}, got {self.combat.stats}", field="combat")
        missing = set(BASE_FIELDS[self.game]) - set(self.base)
        if missing:
            raise DialError(f"base values missing: {sorted(missing)}", field="base")
        if self.game == "air-action" and self.speed is None:
            raise DialError("an Air Action plane needs a speed dial", field="speed")
        if self.level is not None and self.level not in LEVELS:
            raise DialError(f"level must be one of {LEVELS}", field="level")

    __hash__ = None  # type: ignore[assignment]  # holds dicts; compare, don't hash

    @property
    def badge(self) -> str | None:
        """The badge the UI shows (``sample``, ``reconstructed``...), None for printed data."""
        return self.provenance if self.provenance in BADGED else None

    @property
    def silhouette(self) -> int:
        return self.base["silhouette"]

    @property
    def front_range(self) -> int:
        return self.base["front_range"]

    @property
    def rear_range(self) -> int:
        return self.base["rear_range"]

    def _repr_html_(self) -> str:
        from cs_panel.clix.view import figure_html  # drawing, loaded only when a picture is asked for

        return figure_html(self)

    def with_dials(self, combat: CombatDial | None = None, speed: SpeedDial | None = None) -> "Figure":
        return replace(self, combat=combat or self.combat, speed=speed or self.speed)


# -- reading and writing the data format -------------------------------------------------------

FIGURE_SCHEMA = {
    "name": Field(str),
    "game": Field(str, check=lambda v: None if v in GAMES else f"game must be one of {list(GAMES)}"),
    "points": Field(int, check=lambda v: None if 0 <= v <= 1000 else f"{v} points is outside 0-1000"),
    "base": Field(dict),
    "combat_dial": Field(dict),
    "speed_dial": Field(dict, required=False),
    "pilot": Field(str, required=False),
    "plane": Field(str, required=False),
    "squadron_symbol": Field(str, required=False),
    "level": Field(str, required=False, check=lambda v: None if v in LEVELS else f"level must be one of {list(LEVELS)}"),
    "experience_multiplier": Field(int, required=False, check=lambda v: None if 1 <= v <= 20 else f"{v} is outside 1-20"),
    "rules_values": Field(dict, required=False),
}


def _int(path: str, eid: str, where: str, v: Any, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise DataFileError(path, f"expected a whole number, got {short_repr(v)}", entry=eid, field=where)
    if not lo <= v <= hi:
        raise DataFileError(path, f"{v} is outside {lo}-{hi}", entry=eid, field=where)
    return v


def _dial_from(path: str, eid: str, game: str, raw: dict) -> CombatDial:
    stats = stats_for(game)
    clicks_raw = raw.get("clicks")
    if not isinstance(clicks_raw, list) or not clicks_raw:
        raise DataFileError(path, "a combat dial needs a non-empty 'clicks' list", entry=eid, field="combat_dial.clicks")
    unknown = set(raw) - {"clicks", "start", "structural_limit"}
    if unknown:
        raise DataFileError(path, f"unknown field(s) {sorted(unknown)}", entry=eid, field=f"combat_dial.{sorted(unknown)[0]}")
    clicks = []
    for i, c in enumerate(clicks_raw):
        where = f"combat_dial.clicks[{i}]"
        if not isinstance(c, dict):
            raise DataFileError(path, "a click is an object", entry=eid, field=where)
        bad = set(c) - {"values", "markers", "eliminated", "bail_out"}
        if bad:
            raise DataFileError(path, f"unknown field(s) {sorted(bad)}", entry=eid, field=f"{where}.{sorted(bad)[0]}")
        if c.get("eliminated", False):
            if "values" in c:
                raise DataFileError(path, "an eliminated click has no values", entry=eid, field=f"{where}.values")
            bo = c.get("bail_out")
            if bo is not None:
                _int(path, eid, f"{where}.bail_out", bo, 2, 13)
            clicks.append(Click.eliminated_click(bo))
            continue
        if "bail_out" in c:
            raise DataFileError(path, "only an eliminated click has a bail-out value", entry=eid, field=f"{where}.bail_out")
        vals = c.get("values")
        if not isinstance(vals, (list, dict)):
            raise DataFileError(path, f"values must list {list(stats)} (or map them by name)", entry=eid, field=f"{where}.values")
        if isinstance(vals, dict):
            missing = [s for s in stats if s not in vals]
            extra = [k for k in vals if k not in stats]
            if missing or extra:
                raise DataFileError(path, f"values must name exactly {list(stats)}", entry=eid, field=f"{where}.values")
            vals = [vals[s] for s in stats]
        if len(vals) != len(stats):
            raise DataFileError(path, f"{len(vals)} values for stats {list(stats)}", entry=eid, field=f"{where}.values")
        for s, v in zip(stats, vals):
            _int(path, eid, f"{where}.values.{s}", v, 0, 14)
        marks_raw = c.get("markers", {})
        if not isinstance(marks_raw, dict):
            raise DataFileError(path, "markers map a stat to a colour", entry=eid, field=f"{where}.markers")
        marks = []
        for s, colour in sorted(marks_raw.items()):
            if s not in stats:
                raise DataFileError(path, f"no stat {s!r} on a {game} dial", entry=eid, field=f"{where}.markers.{s}")
            if not isinstance(colour, str) or not colour:
                raise DataFileError(path, "a marker colour is a non-empty string", entry=eid, field=f"{where}.markers.{s}")
            marks.append(Marker(s, colour))
        clicks.append(Click(tuple(vals), tuple(marks)))
    start = raw.get("start", 0)
    limit = raw.get("structural_limit")
    _int(path, eid, "combat_dial.start", start, 0, len(clicks) - 1)
    if limit is not None:
        _int(path, eid, "combat_dial.structural_limit", limit, start, len(clicks) - 1)
    try:
        return CombatDial(stats, tuple(clicks), start, None, limit, BULLET_HOLES if game == "air-action" else KO)
    except DialError as e:
        raise DataFileError(path, str(e), entry=eid, field=f"combat_dial.{e.field}") from e


def _speed_from(path: str, eid: str, raw: dict) -> SpeedDial:
    unknown = set(raw) - {"speeds", "red_line", "start", "squares"}
    if unknown:
        raise DataFileError(path, f"unknown field(s) {sorted(unknown)}", entry=eid, field=f"speed_dial.{sorted(unknown)[0]}")
    speeds = raw.get("speeds")
    if not isinstance(speeds, list) or len(speeds) < 2:
        raise DataFileError(path, "a speed dial lists at least two speeds", entry=eid, field="speed_dial.speeds")
    for i, s in enumerate(speeds):
        _int(path, eid, f"speed_dial.speeds[{i}]", s, 0, 10)
    squares = []
    if not isinstance(raw.get("squares", []), list):
        raise DataFileError(path, "squares are a list", entry=eid, field="speed_dial.squares")
    for i, sq in enumerate(raw.get("squares", [])):
        where = f"speed_dial.squares[{i}]"
        if not isinstance(sq, dict) or set(sq) != {"position", "location", "colour"}:
            raise DataFileError(path, "a square has exactly position, location and colour", entry=eid, field=where)
        _int(path, eid, f"{where}.position", sq["position"], 0, len(speeds) - 1)
        if sq["location"] not in SPEED_EFFECT_LOCATIONS:
            raise DataFileError(path, f"location must be one of {list(SPEED_EFFECT_LOCATIONS)}", entry=eid, field=f"{where}.location")
        squares.append(SpeedSquare(sq["position"], sq["location"], str(sq["colour"])))
    red = raw.get("red_line", len(speeds) - 1)
    start = raw.get("start", 0)
    _int(path, eid, "speed_dial.red_line", red, 0, len(speeds) - 1)
    _int(path, eid, "speed_dial.start", start, 0, len(speeds) - 1)
    try:
        return SpeedDial(tuple(speeds), start, red, tuple(squares))
    except DialError as e:
        raise DataFileError(path, str(e), entry=eid, field=f"speed_dial.{e.field}") from e


def figure_from_entry(raw: dict, path: str = "<figure>") -> Figure:
    """A figure from one data-file entry (already parsed JSON), checked field by field; errors
    name the file, the entry and the field (``combat_dial.clicks[3].values.piloting``)."""
    from cs_panel.core.data import parse_table

    table = parse_table({"entries": [raw]}, FIGURE_SCHEMA, path)
    (e,) = list(table)
    return _figure(path, e)


def _figure(path: str, e) -> Figure:
    eid, game = e.id, e["game"]
    base = dict(e["base"])
    spec = BASE_FIELDS[game]
    for k in base:
        if k not in spec:
            raise DataFileError(path, f"a {game} base has {sorted(spec)}", entry=eid, field=f"base.{k}")
    for k, (lo, hi) in spec.items():
        if k not in base:
            raise DataFileError(path, "missing base value", entry=eid, field=f"base.{k}")
        _int(path, eid, f"base.{k}", base[k], lo, hi)
    combat = _dial_from(path, eid, game, e["combat_dial"])
    speed = None
    if game == "air-action":
        if e.get("speed_dial") is None:
            raise DataFileError(path, "an Air Action plane needs a speed dial", entry=eid, field="speed_dial")
        speed = _speed_from(path, eid, e["speed_dial"])
    elif e.get("speed_dial") is not None:
        raise DataFileError(path, "only Air Action planes have a speed dial", entry=eid, field="speed_dial")
    rv = dict(e.get("rules_values") or {})
    for k, v in rv.items():
        if not isinstance(v, str):
            raise DataFileError(path, "a rules value cites its source as a string", entry=eid, field=f"rules_values.{k}")
    return Figure(
        id=eid, name=e["name"], game=game, points=e["points"], base=base, combat=combat, speed=speed,
        pilot=e.get("pilot", ""), plane=e.get("plane", ""), squadron_symbol=e.get("squadron_symbol", ""),
        level=e.get("level"), experience_multiplier=e.get("experience_multiplier"),
        provenance=e.provenance, source=e.source, rules_values=rv,
    )


def figure_entry(fig: Figure) -> dict:
    """The data-file entry for a figure (what a dial editor saves); ``figure_from_entry`` reads it back."""
    clicks = []
    for c in fig.combat.clicks:
        if c.eliminated:
            d: dict = {"eliminated": True}
            if c.bail_out is not None:
                d["bail_out"] = c.bail_out
        else:
            d = {"values": list(c.values)}
            if c.markers:
                d["markers"] = {m.stat: m.colour for m in c.markers}
        clicks.append(d)
    out: dict = {
        "id": fig.id, "name": fig.name, "game": fig.game, "points": fig.points, "base": dict(fig.base),
        "combat_dial": {"start": fig.combat.start, "clicks": clicks},
        "provenance": fig.provenance, "source": fig.source,
    }
    if fig.combat.structural_limit is not None:
        out["combat_dial"]["structural_limit"] = fig.combat.structural_limit
    if fig.speed is not None:
        out["speed_dial"] = {
            "speeds": list(fig.speed.speeds), "red_line": fig.speed.red_line, "start": fig.speed.position,
            "squares": [{"position": s.position, "location": s.location, "colour": s.colour} for s in fig.speed.squares],
        }
    for k in ("pilot", "plane", "squadron_symbol"):
        if getattr(fig, k):
            out[k] = getattr(fig, k)
    if fig.level is not None:
        out["level"] = fig.level
    if fig.experience_multiplier is not None:
        out["experience_multiplier"] = fig.experience_multiplier
    if fig.rules_values:
        out["rules_values"] = dict(fig.rules_values)
    return out


@dataclass(frozen=True)
class FigureTable:
    """The figures of one data file, by id, in file order."""

    path: str
    title: str
    figures: tuple[Figure, ...]

    def __getitem__(self, key: str) -> Figure:
        for f in self.figures:
            if f.id == key:
                return f
        raise DataFileError(self.path, f"no figure {key!r}; known: {[f.id for f in self.figures]}")

    def __iter__(self):
        return iter(self.figures)

    def __len__(self) -> int:
        return len(self.figures)

    def ids(self, game: str | None = None) -> list[str]:
        return [f.id for f in self.figures if game is None or f.game == game]


#: the packaged figures data files, by ``package:`` name (what a served app may offer)
PACKAGED_FIGURES = ("package:clix/figures.json",)
#: how many data files ``figures()`` keeps parsed (the packaged ones and a few of your own)
FIGURES_CACHE_SIZE = 8


@lru_cache(maxsize=FIGURES_CACHE_SIZE)
def figures(source: str = "package:clix/figures.json") -> FigureTable:
    """The figures of a data file (the packaged samples, or a path to your own).

    The cache keeps at most ``FIGURES_CACHE_SIZE`` files, so typing many paths costs no memory."""
    table = load_table(source, FIGURE_SCHEMA)
    return FigureTable(str(source), table.title, tuple(_figure(str(source), e) for e in table))


def figures_from_text(text: str | bytes, name: str = "<upload>") -> FigureTable:
    """The figures of a data file's text (an upload or a pasted text), checked for size and nesting
    first; undecodable bytes are a ``DataFileError`` too. Never cached, never touches the disk."""
    from cs_panel.core.data import parse_text
    from cs_panel.core.limits import LIMITS

    if isinstance(text, (bytes, bytearray)):
        cap = LIMITS["data_file_chars"].hi
        if len(text) > 4 * cap:
            raise DataFileError(name, f"is {len(text)} bytes; the limit is {cap} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise DataFileError(name, f"is not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise DataFileError(name, f"expected the text of a data file, got a {type(text).__name__}")
    table = parse_text(text, FIGURE_SCHEMA, name)
    return FigureTable(name, table.title, tuple(_figure(name, e) for e in table))


def figures_text(figs: list[Figure], title: str = "My clix figures") -> str:
    """Figures as the text of a data file (what a download holds); ``figures_from_text`` reads it back."""
    return json.dumps({"title": title, "entries": [figure_entry(f) for f in figs]}, indent=1)


def save_figures(figs: list[Figure], path: str | Path, title: str = "My clix figures") -> None:
    """Write figures as a data file ``figures()`` can load."""
    Path(path).write_text(figures_text(figs, title), encoding="utf-8")
