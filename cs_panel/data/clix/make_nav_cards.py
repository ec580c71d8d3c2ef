"""Regenerate nav_cards.json and sample_ace_cards.json from their step programmes.

Run ``python -m cs_panel.data.clix.make_nav_cards`` after changing a programme; the reasons for
each programme are in nav_cards.md. Tests check that the stored poses replay from the
programmes, so the JSON and this script cannot drift apart unnoticed.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

SOURCE = ("Reconstructed: card names and counts from Air Action, Navigation (basic deck); "
          "speed rating and geometry ours, see nav_cards.md")

#: id, name, copies, speed rating, right-hand (or straight) programmes
BASIC = [
    ("cruise", "Cruise", 2, 1, {"straight": "10S"}),
    ("glide", "Glide", 2, 1, {"right": "2S 8A5"}),
    ("turn", "Turn", 2, 2, {"right": "S 3A30 4S"}),
    ("tight-turn", "Tight Turn", 2, 3, {"right": "S 3A45 2S"}),
    ("snap-roll", "Snap Roll", 1, 4, {"right": "2S A90 3S"}),
    ("side-slip", "Side-Slip", 1, 2, {"right": "S 2L45 5S"}),
    ("wingover", "Wingover", 1, 3, {"right": "2S 4A45 S"}),
    ("half-loop", "Half Loop", 1, 4, {"straight": "3S P180 2S"}),
]

SAMPLE_ACE = [
    ("sample-ace-split-s", "Sample ace card: Split-S (not official)", 3, {"straight": "S P180 3S"}),
    ("sample-ace-barrel-roll", "Sample ace card: Barrel Roll (not official)", 3, {"right": "S 2L60 3S"}),
]


def _pose(p) -> list[float]:
    h = p.heading if p.heading <= 180 else p.heading - 360
    return [round(p.x, 4), round(p.y, 4), round(h, 4)]


def _entry(cid, name, copies, rating, progs, **extra) -> dict:
    from cs_panel.airaction.navigation import mirror_programme, path_from_programme

    progs = dict(progs)
    if "right" in progs:
        progs["left"] = mirror_programme(progs["right"])
    order = [k for k in ("left", "straight", "right") if k in progs]
    e = {"id": cid, "name": name, "copies": copies, "speed_rating": rating}
    e.update(extra)
    e["programmes"] = {k: progs[k] for k in order}
    e["paths"] = {k: [_pose(p) for p in path_from_programme(progs[k])] for k in order}
    return e


def _write(path: Path, title: str, entries: list[dict]) -> None:
    lines = ["{", f" \"title\": {json.dumps(title)},", " \"entries\": ["]
    lines += ["  " + json.dumps(e) + ("," if i < len(entries) - 1 else "") for i, e in enumerate(entries)]
    lines += [" ]", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    basic = [_entry(*c, provenance="reconstructed", source=SOURCE) for c in BASIC]
    _write(HERE / "nav_cards.json", "Air Action basic navigation deck (reconstructed geometry, 1.5-inch markers)", basic)
    ace = [
        _entry(cid, name, 1, rating, progs, ace="charlie-steele-ace", provenance="sample",
               source="Invented to show how an ace's two cards join a deck; the real Ace Pack 1 cards were not recovered")
        for cid, name, rating, progs in SAMPLE_ACE
    ]
    _write(HERE / "sample_ace_cards.json", "Sample ace navigation cards (invented, not the Ace Pack 1 cards)", ace)


if __name__ == "__main__":
    main()
