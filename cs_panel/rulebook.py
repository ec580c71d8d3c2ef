"""The rules index: every rule id with our explanation, its citation, and where it is taught, shown and tested.

``lookup("tailing")`` in a notebook shows every rule about tailing; ``lookup("F.hit.range")`` shows
one. The served app's "Rules index" page shows the same entries. The data comes from three
packaged files: ``rule_ids.json`` (ids and pages), ``rule_explanations.json`` (our own paragraph
for each rule) and ``rule_refs.json`` (lessons, components, tests and RULINGS.md entries, generated
from the repository by ``python -m cs_panel.tools.rule_refs``). No panel import: this is core.

>>> entry("F.hit.range").citation
'FASA board game, p.35'
>>> "F.tail.number" in [e.id for e in search("tailing")]
True
"""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from cs_panel.core.errors import UnknownRuleError
from cs_panel.core.rules import all_rule_ids, rule

#: game names as the index shows them
GAMES = {"F": "FASA board game", "A": "Air Action", "K": "Aces", "B": "Bar-rooms"}
#: where lesson links point when no lessons folder is near (override with CS_PANEL_LESSONS_URL)
BINDER_LESSONS = "https://mybinder.org/v2/gh/cs-panel/cs_panel/HEAD?urlpath=lab/tree/lessons/"
MISSING_NOTE = "Our explanation of this rule is not written yet: read the rulebook at the page cited."


@dataclass(frozen=True)
class LessonRef:
    """A lesson section that teaches a rule."""

    notebook: str
    lesson: str
    section: str
    anchor: str

    def href(self, base: str | None = None) -> str:
        base = lessons_base() if base is None else base
        if base.startswith("http") and "urlpath=" in base:
            return base + quote(self.notebook)  # Binder drops a #fragment; open the notebook itself
        return f"{base}{quote(self.notebook)}#{quote(self.anchor, safe='(),:-.')}"


@dataclass(frozen=True)
class RulingRef:
    """An entry of RULINGS.md that names a rule: where it sits, its title, its text."""

    where: str
    title: str
    text: str


@dataclass(frozen=True)
class RuleEntry:
    """One rule of the index: our explanation, the citation, and where cs_panel teaches, shows and tests it."""

    id: str
    game: str
    page: str | None
    explanation: str
    provenance: str
    explained: bool
    lessons: tuple[LessonRef, ...]
    components: tuple[str, ...]
    tests: int
    rulings: tuple[RulingRef, ...]

    @property
    def citation(self) -> str:
        return f"{self.game}, p.{self.page}" if self.page else self.game

    def text(self) -> str:
        """The entry as plain text (for a terminal, a screen reader, a test)."""
        lines = [f"{self.id} ({self.citation})", self.explanation if self.explained else MISSING_NOTE]
        lines += [f"lesson: {ref.notebook}, section {ref.section!r}" for ref in self.lessons]
        if self.components:
            lines.append("shown by: " + ", ".join(self.components))
        lines.append(f"tests: {self.tests}")
        lines += [f"ruling: {r.title} ({r.where})" for r in self.rulings]
        return "\n".join(lines)

    __str__ = text

    def to_html(self, lessons_url: str | None = None) -> str:
        """The entry as an HTML card; ``lessons_url`` is the base of lesson links."""
        e = html.escape
        if self.explained:
            body = f"<p>{e(self.explanation)}</p>"
            if self.provenance != "rules":
                body += f"<p class='cs-badge'><b>{e(self.provenance)}</b>: this explanation rests on a reading of ours (see RULINGS.md).</p>"
        else:
            body = f"<p class='cs-missing'><i>{e(MISSING_NOTE)}</i></p>"
        lessons = "".join(
            f"<li><a href='{e(ref.href(lessons_url))}' target='_blank'>{e(ref.lesson)}</a>: {e(ref.section)}</li>"
            for ref in self.lessons) or "<li>none yet</li>"
        comps = ", ".join(f"<code>{e(c)}</code>" for c in self.components) or "none"
        rulings = "".join(
            f"<li><details><summary><b>{e(r.title)}</b> ({e(r.where)})</summary>{e(r.text.replace('**', ''))}</details></li>"
            for r in self.rulings)
        return (
            f"<div class='cs-rule' id='{e(self.id)}' style='border-left:4px solid #4a6fa5;padding:0 0 0 10px;margin:0 0 14px 0'>"
            f"<h3 style='margin:4px 0;font-size:1.15em'><code>{e(self.id)}</code> <small>{e(self.citation)}</small></h3>{body}"
            f"<div><b>Taught in</b><ul style='margin:2px 0'>{lessons}</ul></div>"
            f"<div><b>Shown by</b> {comps}</div>"
            f"<div><b>Checked by</b> {self.tests} test{'s' if self.tests != 1 else ''}</div>"
            + (f"<div><b>Our rulings</b> (RULINGS.md)<ul style='margin:2px 0'>{rulings}</ul></div>" if rulings else "")
            + "</div>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()


@dataclass(frozen=True)
class Lookup:
    """The entries a search found; shows itself in a notebook."""

    query: str
    entries: tuple[RuleEntry, ...]

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    def __getitem__(self, i):
        return self.entries[i]

    @property
    def ids(self) -> list[str]:
        return [e.id for e in self.entries]

    def text(self) -> str:
        if not self.entries:
            return f"No rule matches {self.query!r}."
        return "\n\n".join(e.text() for e in self.entries)

    __str__ = text

    def __repr__(self) -> str:
        return f"Lookup({self.query!r}: {', '.join(self.ids) or 'nothing'})"

    def to_html(self, lessons_url: str | None = None) -> str:
        q = html.escape(self.query)
        if not self.entries:
            return f"<p>No rule matches <b>{q}</b>. Try a word (tailing, shock, fate) or an id (F.hit.range).</p>"
        n = len(self.entries)
        head = (f"<p>{n} rule{'s' if n != 1 else ''} for <b>{q}</b>:</p>" if self.query.strip()
                else f"<p>{n} rule{'s' if n != 1 else ''}, in the index's order:</p>")
        return head + "".join(e.to_html(lessons_url) for e in self.entries)

    def _repr_html_(self) -> str:
        return self.to_html()


def _data(name: str) -> dict:
    try:
        text = resources.files("cs_panel.data").joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return json.loads(text)


@lru_cache(maxsize=1)
def _explanations() -> dict[str, dict]:
    return _data("rule_explanations.json").get("rules", {})


@lru_cache(maxsize=1)
def _refs() -> dict[str, dict]:
    return _data("rule_refs.json").get("rules", {})


@lru_cache(maxsize=None)
def entry(rule_id: str) -> RuleEntry:
    """The index entry of one rule id; an unknown id raises ``UnknownRuleError``."""
    r = rule(rule_id)
    note = _explanations().get(rule_id) or {}
    refs = _refs().get(rule_id, {})
    lessons = sorted((LessonRef(**ref) for ref in refs.get("lessons", [])),
                     key=lambda ref: (rule_id not in ref.section, ref.notebook))
    return RuleEntry(
        id=rule_id, game=GAMES[r.system], page=r.page,
        explanation=note.get("text", ""), provenance=note.get("provenance", "rules"), explained=bool(note.get("text")),
        lessons=tuple(lessons), components=tuple(refs.get("components", [])), tests=int(refs.get("tests", 0)),
        rulings=tuple(RulingRef(**x) for x in refs.get("rulings", [])),
    )


def entries() -> list[RuleEntry]:
    """Every entry, in index order."""
    return [entry(i) for i in all_rule_ids()]


def _haystack(e: RuleEntry) -> str:
    parts = [e.id, e.id.replace(".", " ").replace("-", " "), e.game, e.explanation]
    parts += [ref.section for ref in e.lessons] + list(e.components) + [r.title for r in e.rulings]
    return " ".join(parts).lower()


def search(query: str, game: str | None = None) -> list[RuleEntry]:
    """Entries matching a query: an id (``F.hit.range``), the start of one (``F.tail``), or words.

    Every word must appear (as the start of a word) in the entry's id, explanation, lesson
    sections, components or rulings. Ids matching come first. ``game`` is a key of ``GAMES``.
    """
    q = " ".join(str(query).split())[:200]
    pool = [e for e in entries() if game is None or e.id.startswith(game + ".")]
    if not q:
        return pool
    low = q.lower()
    by_id = [e for e in pool if e.id.lower() == low] + [e for e in pool if e.id.lower().startswith(low) and e.id.lower() != low]
    if by_id or re.fullmatch(r"[fakb]\.[a-z0-9.-]*", low):
        return by_id  # a query shaped like an id looks for ids only
    words = [w for w in re.split(r"[^a-z0-9]+", low) if w]
    if not words:
        return []
    pats = [re.compile(r"(?<![a-z0-9])" + re.escape(w)) for w in words]
    hits = [e for e in pool if all(p.search(_haystack(e)) for p in pats)]

    def names_it(e: RuleEntry) -> bool:  # a word of the query is, or starts with, a part of the id
        parts = [x for x in re.split(r"[.-]", e.id.lower()[2:]) if len(x) >= 3]
        return any(w.startswith(x) or x.startswith(w) for w in words for x in parts)

    return sorted(hits, key=lambda e: (not names_it(e), -sum(len(p.findall(_haystack(e))) for p in pats)))


def lookup(query: str, game: str | None = None) -> Lookup:
    """Find rules by word or id and show them: ``lookup("tailing")``, ``lookup("F.hit.range")``."""
    if game is not None and game not in GAMES:
        raise UnknownRuleError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    return Lookup(str(query), tuple(search(query, game)))


def lessons_base() -> str:
    """Where lesson links point: $CS_PANEL_LESSONS_URL, else a lessons folder near the working
    directory (a notebook in lessons/ or examples/), else the lessons on Binder."""
    env = os.environ.get("CS_PANEL_LESSONS_URL")
    if env:
        return env if env.endswith(("/", "=")) else env + "/"
    here = Path.cwd()
    for candidate, rel in ((here, ""), (here / "lessons", "lessons/"), (here.parent / "lessons", "../lessons/")):
        if (candidate / "01_dice_and_to_hit.ipynb").exists():
            return rel
    return BINDER_LESSONS
