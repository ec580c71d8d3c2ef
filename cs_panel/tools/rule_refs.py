"""Regenerate ``cs_panel/data/rule_refs.json``: where each rule id is taught, shown, tested and ruled on.

Lessons, tests and ``RULINGS.md`` live in the repository, not in the installed package, so the
rules index (``cs_panel.rulebook``) reads this checked-in summary of them. Regenerate after
changing a lesson, a test's ``@pytest.mark.rule`` or a component's ``shows_rules``::

    python -m cs_panel.tools.rule_refs            # from the repository root
    python -m cs_panel.tools.rule_refs --check    # exit 1 if the file is stale

``tests/test_rulebook.py`` fails while the file is stale.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

from cs_panel.core.rules import all_rule_ids

OUT = Path(__file__).resolve().parents[1] / "data" / "rule_refs.json"
HEADING = re.compile(r"^(#{1,6})\s+(.*)$", re.M)
#: headings of a lesson's closing summary
OVERVIEWS = ("what you learned", "summary", "recap")


def id_pattern(rule_id: str) -> re.Pattern:
    """An id not glued to a longer id (``F.hit`` is not found inside ``F.hit.range``)."""
    return re.compile(r"(?<![A-Za-z0-9.])" + re.escape(rule_id) + r"(?![a-z0-9-]|\.[a-z0-9])")


def heading_text(markdown: str) -> str:
    """A heading's text as JupyterLab renders it: no backticks, emphasis or link targets."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    return re.sub(r"[`*_]", "", text).strip()


def anchor(text: str) -> str:
    """JupyterLab's id for a rendered heading: its text with spaces as dashes."""
    return text.replace(" ", "-")


def lesson_sections(path: Path) -> tuple[str, list[tuple[str, str]]]:
    """A notebook's title and its sections as (heading, text of the section's cells)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    title: str = path.stem
    sections: list[tuple[str, str]] = []
    current: str | None = None
    body: list[str] = []
    for cell in doc["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            for m in HEADING.finditer(source):
                if len(m.group(1)) == 1 and title == path.stem:
                    title = heading_text(m.group(2))
                    continue
                if current is not None or body:
                    sections.append((current or title, "\n".join(body)))
                current, body = heading_text(m.group(2)), []
        body.append(source)
    sections.append((current or title, "\n".join(body)))
    return title, sections


def lesson_refs(root: Path, ids: list[str]) -> dict[str, list[dict]]:
    refs: dict[str, list[dict]] = {i: [] for i in ids}
    patterns = {i: id_pattern(i) for i in ids}
    for nb in sorted((root / "lessons").glob("*.ipynb")):
        title, sections = lesson_sections(nb)
        for heading, text in sections:
            for rule_id, pat in patterns.items():
                if pat.search(text) or pat.search(heading):
                    refs[rule_id].append({"notebook": nb.name, "lesson": title, "section": heading,
                                          "anchor": anchor(heading)})
    # a lesson's opening and its closing summary list what it covers: point there only when no
    # section of that lesson teaches the rule itself
    def overview(r):
        return r["section"] == r["lesson"] or r["section"].lower().startswith(OVERVIEWS)

    for rule_id, found in refs.items():
        taught = {r["notebook"] for r in found if not overview(r)}
        refs[rule_id] = [r for r in found if not overview(r) or r["notebook"] not in taught]
    return refs


def _rule_marks(decorators) -> list[str]:
    found = []
    for dec in decorators:
        node = dec
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule":
            found += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


def count_tests(root: Path, ids: list[str]) -> dict[str, int]:
    """How many test functions carry ``@pytest.mark.rule(id)`` (directly, on their class or module)."""
    counts = {i: 0 for i in ids}
    for path in sorted((root / "tests").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_marks: list[str] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
                values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
                module_marks += _rule_marks(values)

        def visit(body, inherited):
            for node in body:
                if isinstance(node, ast.ClassDef):
                    visit(node.body, inherited + _rule_marks(node.decorator_list))
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                    for rule_id in set(inherited + _rule_marks(node.decorator_list)):
                        if rule_id in counts:
                            counts[rule_id] += 1

        visit(tree.body, module_marks)
    return counts


def ruling_entries(root: Path) -> list[dict]:
    """The bullets of RULINGS.md, each with the headings it sits under."""
    path = root / "RULINGS.md"
    entries: list[dict] = []
    headings: dict[int, str] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        m = HEADING.match(line)
        if m:
            level = len(m.group(1))
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = m.group(2).strip()
            current = None
        elif line.startswith("- "):
            current = {"where": " / ".join(v for k, v in sorted(headings.items()) if k > 1), "text": line[2:].strip()}
            entries.append(current)
        elif current is not None and line.startswith("  ") and line.strip():
            current["text"] += " " + line.strip()
        else:
            current = None
    for entry in entries:
        bold = re.match(r"\*\*(.+?)\*\*", entry["text"])
        if bold:
            entry["title"] = bold.group(1).rstrip(".:")
        else:  # the first sentence, cut at a word
            sentence = re.split(r"(?<=[.:;])\s", entry["text"], maxsplit=1)[0].rstrip(".:;")
            entry["title"] = sentence if len(sentence) <= 70 else sentence[:70].rsplit(" ", 1)[0] + "…"
    return entries


def ruling_refs(root: Path, ids: list[str]) -> dict[str, list[dict]]:
    refs: dict[str, list[dict]] = {i: [] for i in ids}
    entries = ruling_entries(root)
    for rule_id in ids:
        pat = id_pattern(rule_id)
        refs[rule_id] = [{"where": e["where"], "title": e["title"], "text": e["text"]}
                         for e in entries if pat.search(e["text"])]
    return refs


def component_refs(ids: list[str]) -> dict[str, list[str]]:
    """Which components declare each rule in their ``shows_rules`` attribute (imports cs_panel.ui)."""
    import importlib

    from cs_panel.ui import _COMPONENTS

    refs: dict[str, list[str]] = {i: [] for i in ids}
    for name, module in sorted(_COMPONENTS.items()):
        cls = getattr(importlib.import_module(module), name)
        for rule_id in getattr(cls, "shows_rules", ()):
            if rule_id not in refs:
                raise ValueError(f"{name}.shows_rules names {rule_id!r}, which is not in the rules index")
            refs[rule_id].append(name)
    return refs


def build(root: Path) -> dict:
    ids = all_rule_ids()
    lessons, tests, rulings, components = lesson_refs(root, ids), count_tests(root, ids), ruling_refs(root, ids), component_refs(ids)
    return {
        "format": 1,
        "generated_by": "python -m cs_panel.tools.rule_refs",
        "rules": {i: {"lessons": lessons[i], "components": components[i], "tests": tests[i], "rulings": rulings[i]}
                  for i in ids},
    }


def render(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main(argv: list[str]) -> int:
    root = Path(next((a for a in argv if not a.startswith("--")), ".")).resolve()
    if not (root / "lessons").is_dir() or not (root / "tests").is_dir():
        print(f"rule_refs: {root} is not the repository root (no lessons/ and tests/)", file=sys.stderr)
        return 2
    text = render(build(root))
    if "--check" in argv:
        fresh = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("rule_refs.json is up to date" if fresh else "rule_refs.json is stale: run python -m cs_panel.tools.rule_refs")
        return 0 if fresh else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
