"""An Aces table as a picture without any widget library: the map (``Board.to_svg``) with each
character on its square, coloured by player, and a key naming the two-letter tokens (K.setup,
K.move, K.capture). The replay (``cs_panel.ui.replay``) and ``AcesRules.picture`` show it. Also
the rules objects' own pictures and tables (the board, a game, a talent, an attack), which their
``to_svg`` / ``_repr_html_`` import from here only when asked, so the rules load without drawing.

>>> from cs_panel.aces.referee import AcesGame
>>> g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (1, 3))],
...                                      "Kim": [("ruffian", "Ruffian", (14, 3))]}, order=("Tim", "Kim"))
>>> html_text = board_html(g)
>>> "<svg" in html_text and "Ch</text>" in html_text and "Charlie (Tim)" in html_text
True
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from cs_panel.aces.board import Board, LineOfFire, Square
from cs_panel.aces.referee import AcesGame
from cs_panel.core import palette
from cs_panel.core.explain import percent, terms_rows_html, terms_text
from cs_panel.core.palette import BLOCKING, HEX_STROKE, HINDERING, LINE_BLOCKED, LINE_CLEAR, PAPER
from cs_panel.core.svg import described, returns_svg

if TYPE_CHECKING:
    from cs_panel.aces.combat import AcesAttack, MultiShot
    from cs_panel.aces.talents import Talent

#: one colour a player, in the order of play
PLAYER_COLOURS = palette.TEAM_COLOURS


def token_labels(names: list[str]) -> dict[str, str]:
    """A distinct label of at most two letters or digits for each name (a token is too small for
    the whole name): the first two, else the first and a later one, else the first and a number.
    Only letters and digits, so a label needs no escaping inside the SVG."""
    out: dict[str, str] = {}
    for i, name in enumerate(names):
        chars = [ch for ch in name if ch.isascii() and ch.isalnum()] or ["X"]
        options = [chars[0] + ch for ch in chars[1:]] + [chars[0] + str(k) for k in range(1, 10)] + [str(i)]
        out[name] = next(o for o in options if o not in out.values())
    return out


def board_html(game: AcesGame, cell: int = 30) -> str:
    """The map with every character on it, and a key: token, name, player, dial click, and who is
    held captive by whom (K.capture); then the characters knocked out (K.victory)."""
    players = list(game.players())
    colour = {p: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(players)}
    labels = token_labels([c.name for c in game.characters])
    pieces = {c.square: (labels[c.name], colour.get(c.player, "#4a5568")) for c in game.characters}
    svg = game.board.to_svg(cell=cell, pieces=pieces)
    e = html.escape
    rows = []
    for c in game.characters:
        click = c.dial.start if c.dial.position is None else c.dial.position
        held = (f"; holds {e(c.captive)} captive" if c.captive else "") + (f"; held by {e(c.captor)}" if c.captor else "")
        rows.append(f"<li><b style='color:{colour.get(c.player, '#4a5568')}'>{labels[c.name]}</b> {e(c.name)} "
                    f"({e(c.player)}) at {c.square[0]},{c.square[1]}, click {click}{held}</li>")
    gone = ", ".join(f"{e(o.name)} ({e(o.player)}, {o.points} points)" for o in game.out)
    out = f"<p>Knocked out: {gone}</p>" if gone else ""
    return (f"<div class='cs-aces-picture'><div style='overflow-x:auto'>{svg}</div>"
            f"<ul style='margin:4px 0;padding-left:1.2em'>{''.join(rows)}</ul>{out}</div>")


@described(lambda board, *a, **k: f"map {board.name}: {board.width} x {board.height} squares",
           lambda *a, **k: board_text(*a, **k))
@returns_svg
def board_svg(board: Board, cell: int = 24, pieces: Mapping[Square, tuple[str, str]] | None = None,
              marks: Mapping[Square, str] | None = None, lines: Iterable[LineOfFire] = ()) -> str:
    """The map as SVG (``Board.to_svg``): crates dark, hindering squares hatched green, walls
    thick; ``pieces`` maps squares to (label, colour), ``marks`` squares to a fill colour."""
    pieces, marks = pieces or {}, marks or {}
    parts = []
    fills = {"blocking": BLOCKING, "hindering": HINDERING, "clear": PAPER}
    for s in board.squares():
        fill = marks.get(s, fills[board.terrain(s)])
        parts.append(f"<rect x='{s[0] * cell}' y='{s[1] * cell}' width='{cell}' height='{cell}' fill='{fill}' "
                     f"stroke='{HEX_STROKE}' stroke-width='0.6' class='sq-{board.terrain(s)}'/>")
    for w in board.walls:
        (ax, ay), (bx, by) = sorted(w)
        if ax != bx:  # side by side: the wall is the vertical edge between
            x = bx * cell
            parts.append(f"<line x1='{x}' y1='{ay * cell}' x2='{x}' y2='{(ay + 1) * cell}' stroke='black' stroke-width='4'/>")
        else:
            y = by * cell
            parts.append(f"<line x1='{ax * cell}' y1='{y}' x2='{(ax + 1) * cell}' y2='{y}' stroke='black' stroke-width='4'/>")
    for lof in lines:
        c = lambda v: v * cell + cell / 2  # noqa: E731 - centre of a square
        colour = LINE_CLEAR if lof.clear else LINE_BLOCKED
        parts.append(f"<line x1='{c(lof.start[0])}' y1='{c(lof.start[1])}' x2='{c(lof.end[0])}' y2='{c(lof.end[1])}' "
                     f"stroke='{colour}' stroke-width='2' stroke-dasharray='{'0' if lof.clear else '5 3'}'/>")
    for s, (label, colour) in pieces.items():
        cx, cy = s[0] * cell + cell / 2, s[1] * cell + cell / 2
        parts.append(f"<circle cx='{cx}' cy='{cy}' r='{cell * 0.38:.1f}' fill='{colour}' stroke='black'/>")
        parts.append(f"<text x='{cx}' y='{cy + cell * 0.15:.1f}' font-size='{cell * 0.42:.0f}' text-anchor='middle' "
                     f"fill='white'>{label[:2]}</text>")
    wide, tall = board.width * cell, board.height * cell
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{wide}' height='{tall}' viewBox='0 0 {wide} {tall}' "
            f"class='cs-aces-board'><desc>{board.name}: {board.width} x {board.height} squares</desc>{''.join(parts)}</svg>")


#: the skirmish map's own colours (the component's key says the same)
TERRAIN_FILL = {"clear": "#f7fafc", "hindering": "#c6f6d5", "blocking": "#4a5568"}
REACH_FILL, STOP_FILL = "#bee3f8", "#90cdf4"
#: where the skirmish map's top layer (reach, lines of fire, characters) begins
SKIRMISH_TOP = "<g class='cs-skirmish-top'"
_SQ = 40


@functools.lru_cache(maxsize=8)
def _skirmish_base(board: Board) -> str:
    """The layer a move leaves as it was: each square in its terrain's colour, with a
    ``<title>`` saying where it is and what it is and ``data-pick`` (the square a click
    chooses); the walls between squares."""
    parts = []
    for s in board.squares():
        t = board.terrain(s)
        parts.append(f"<rect class='cs-square' data-pick='{s[0]},{s[1]}' x='{s[0] * _SQ}' y='{s[1] * _SQ}' "
                     f"width='{_SQ}' height='{_SQ}' fill='{TERRAIN_FILL[t]}' stroke='#a0aec0' stroke-width='0.8'>"
                     f"<title>square {s[0]},{s[1]}: {t}</title></rect>")
    for w in board.walls:
        (ax, ay), (bx, by) = sorted(w)
        if ax != bx:  # side by side: the wall is the vertical edge between
            x = bx * _SQ
            parts.append(f"<line x1='{x}' y1='{ay * _SQ}' x2='{x}' y2='{(ay + 1) * _SQ}' stroke='black' stroke-width='5' "
                         "pointer-events='none'/>")
        else:
            y = by * _SQ
            parts.append(f"<line x1='{ax * _SQ}' y1='{y}' x2='{(ax + 1) * _SQ}' y2='{y}' stroke='black' stroke-width='5' "
                         "pointer-events='none'/>")
    return "".join(parts)


@described(lambda board, *a, **k: f"map {board.name}: the squares and the characters",
           lambda board, pieces=(), reach=(), stops=(), lines=(), mover="", **k: board_text(
               board, pieces={p[0]: (f"{p[1]} {p[2]}", "") for p in pieces}, lines=lines)
           + ((f"\n{mover or 'the active character'} may end its move on: "
               + " ".join(f"{x},{y}" for x, y in sorted(reach))) if reach else ""))
def skirmish_svg(board: Board, pieces: Iterable[tuple[Square, str, str, str, bool]] = (),
                 reach: Iterable[Square] = (), stops: Iterable[Square] = (), lines: Iterable[LineOfFire] = (),
                 mover: str = "", width: int = 720, height: int = 360) -> str:
    """The skirmish map as the Aces component shows it, in two layers: the squares and walls
    (``_skirmish_base``, the same for every move on the map), then from ``SKIRMISH_TOP`` on the
    squares the active character may move to (``reach``; ``stops``, where a move must end, darker),
    each line of fire (green and solid when clear, red and dashed when blocked: K.ranged) and the
    characters, ``pieces`` as (square, label, name and player, colour, is a token) (K.move);
    ``mover`` names whose reach it is, in the drawing's words.
    A click on a square or a character is read from its ``data-pick`` ("column,row")."""
    stops = set(stops)
    layer = [f"{SKIRMISH_TOP}>"]
    # the shaded squares as one path per shade, a square each: a hundred rectangles cost the
    # browser a hundred elements to parse, lay out and paint each time another character is
    # chosen (issue 14); one path draws the same
    shaded = sorted(reach)
    for kind, fill in (("reach", REACH_FILL), ("stop", STOP_FILL)):
        squares = [s for s in shaded if (s in stops) == (kind == "stop")]
        if squares:
            d = "".join(f"M{s[0] * _SQ + 1} {s[1] * _SQ + 1}h{_SQ - 2}v{_SQ - 2}h-{_SQ - 2}z" for s in squares)
            layer.append(f"<path class='cs-reach' data-kind='{kind}' fill='{fill}' fill-opacity='0.8' "
                         f"pointer-events='none' d='{d}'/>")
    c = lambda v: v * _SQ + _SQ / 2  # noqa: E731 - the centre of a square
    for lof in lines:
        colour = LINE_CLEAR if lof.clear else LINE_BLOCKED
        dash = "" if lof.clear else " stroke-dasharray='8 5'"
        layer.append(f"<line class='cs-lof' x1='{c(lof.start[0])}' y1='{c(lof.start[1])}' x2='{c(lof.end[0])}' "
                     f"y2='{c(lof.end[1])}' stroke='{colour}' stroke-width='3'{dash} pointer-events='none'/>")
    for square, label, name, colour, token in pieces:
        x, y = c(square[0]), c(square[1])
        r = _SQ * (0.26 if token else 0.36)
        layer.append(f"<circle class='cs-piece' data-pick='{square[0]},{square[1]}' cx='{x}' cy='{y}' r='{r:.1f}' "
                     f"fill='{colour}' stroke='black'><title>{html.escape(name)}</title></circle>"
                     f"<text x='{x}' y='{y + 4}' text-anchor='middle' font-size='12' fill='white' "
                     f"pointer-events='none'>{html.escape(label)}</text>")
    layer.append("</g>")
    wide, tall = board.width * _SQ, board.height * _SQ
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-skirmish-map' width='{width}' height='{height}' "
            f"viewBox='-2 -2 {wide + 4} {tall + 4}' font-family='sans-serif'>" + _skirmish_base(board)
            + "".join(layer) + "</svg>")


@functools.lru_cache(maxsize=32)
def _terrain_lines(board: Board) -> tuple[str, ...]:
    """The lines of ``board_text`` that depend on the map alone (its name and size, terrain and
    walls), worked out once a map: a skirmish describes its map again at every change, and going
    over its squares for the terrain was most of that (issue 14). A Board is frozen."""
    out = [f"{board.name}: {board.width} x {board.height} squares"]
    for kind in ("blocking", "hindering"):
        squares = [s for s in board.squares() if board.terrain(s) == kind]
        if squares:
            out.append(f"{kind}: " + " ".join(f"{x},{y}" for x, y in squares))
    if board.walls:
        out.append(f"{len(board.walls)} walls between squares: "
                   + "; ".join(" | ".join(f"{x},{y}" for x, y in sorted(w)) for w in sorted(board.walls, key=sorted)))
    return tuple(out)


def board_text(board: Board, cell: int = 24, pieces: Mapping[Square, tuple[str, str]] | None = None,
               marks: Mapping[Square, str] | None = None, lines: Iterable[LineOfFire] = ()) -> str:
    """The map in words, the same facts as ``board_svg``: its name and size, its blocking and
    hindering squares and walls, each piece by label and square, the marked squares and each
    line of fire, clear or not (K.terrain.blocking, K.terrain.hindering, K.ranged)."""
    pieces, marks = pieces or {}, marks or {}
    out = [*_terrain_lines(board)]
    out += [f"{label} on {s[0]},{s[1]}" for s, (label, _) in pieces.items()]
    if marks:
        out.append("marked: " + " ".join(f"{x},{y}" for x, y in marks))
    out += [f"line of fire {lof.start[0]},{lof.start[1]} to {lof.end[0]},{lof.end[1]}: "
            f"{'clear' if lof.clear else 'blocked'}" for lof in lines]
    return "\n".join(out)


def map_html(board: Board) -> str:
    """The map's name, badged when it is not from the printed rules, over its picture
    (``Board._repr_html_``)."""
    badge = f" <i>[{board.provenance}]</i>" if board.provenance != "rules" else ""
    return f"<div class='cs-aces-board'><p>{board.name}{badge}</p>{board.to_svg()}</div>"


def game_html(game: AcesGame) -> str:
    """A game at a glance (``AcesGame._repr_html_``): who is next or how it ended, the map with
    each character in its player's colour, and the last lines of the log."""
    players = list(game.players())
    colours = palette.PLAYER_COLOURS
    pieces = {c.square: (c.name, colours[players.index(c.player) % 4]) for c in game.characters}
    head = f"<p><b>{html.escape(game.over or 'next: ' + game.turns.current)}</b></p>"
    lines = "".join(f"<li>{html.escape(x)}</li>" for x in game.log[-8:])
    return f"<div class='cs-aces-game'>{head}{game.board.to_svg(cell=22, pieces=pieces)}<ul>{lines}</ul></div>"


def talent_html(talent: Talent) -> str:
    """A talent as a card: its name and where it comes from, its square and stat, and what it does."""
    return (f"<div class='cs-talent'><b>{html.escape(talent.name)}</b> <i>[{html.escape(talent.provenance)}]</i> "
            f"<small>{html.escape(str(talent.entry['colour']))} square on {html.escape(talent.stat)}</small>"
            f"<p>{html.escape(talent.effect)}</p></div>")


def attack_html(a: AcesAttack) -> str:
    """An attack as tables: the attack dice, the defense, and the exact chance of each number of hits (K.attack)."""
    dist = "".join(f"<tr><td>{k}</td><td>{percent(p)}</td><td>{p.numerator}/{p.denominator}</td></tr>"
                   for k, p in a.distribution().items())
    what = "captures on any hit" if a.kind == "capture" else "clicks of damage"
    return (f"<div class='cs-attack'><p><b>{html.escape(a.kind)} attack</b></p>"
            f"<table class='cs-breakdown'><caption>attack dice</caption>{terms_rows_html(a.dice_terms)}"
            f"<tr class='cs-total'><td>= {a.dice}</td><td>dice</td><td></td></tr></table>"
            f"<table class='cs-breakdown'><caption>defense</caption>{terms_rows_html(a.defense_terms)}"
            f"<tr class='cs-total'><td>= {a.defense}</td><td>each die hits on {a.defense}+"
            f"{' (natural sixes only: defensive fate)' if a.defensive_fate else ''}</td><td></td></tr></table>"
            f"<table class='cs-distribution'><caption>hits ({what})</caption><tr><th>hits</th><th>chance</th>"
            f"<th>exact</th></tr>{dist}</table></div>")


def _why_html(shot: MultiShot, target: str) -> str:
    why = shot.why_no_click(target)
    return f" <span class='cs-why'>({html.escape(why)})</span>" if why else ""


def multi_shot_html(shot: MultiShot) -> str:
    """A ranged attack at several targets: the dice, then each target's defense, the die it needs and its chance (K.ranged.multi)."""
    chances = shot.hit_chances()
    rows = "".join(f"<tr><td>{html.escape(t)}</td><td>{html.escape(terms_text(d))}</td><td>{shot.needs(t)}+</td>"
                   f"<td>{percent(chances[t])}{_why_html(shot, t)}</td></tr>" for t, d in zip(shot.targets, shot.defense_terms))
    return (f"<div class='cs-attack'><p><b>ranged attack at {len(shot.targets)} targets</b> (one die each, at most "
            f"one click each)</p><table class='cs-breakdown'><caption>attack dice</caption>"
            f"{terms_rows_html(shot.dice_terms)}<tr class='cs-total'><td>= {shot.dice}</td><td>dice</td><td></td></tr>"
            f"</table><table class='cs-distribution'><caption>each target</caption><tr><th>target</th><th>defense</th>"
            f"<th>its die needs</th><th>chance of its click</th></tr>{rows}</table></div>")


__all__ = ["PLAYER_COLOURS", "attack_html", "board_html", "board_svg", "board_text", "game_html", "map_html", "multi_shot_html",
           "talent_html", "token_labels"]
