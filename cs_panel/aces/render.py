"""An Aces table as a picture without any widget library: the map (``Board.to_svg``) with each
character on its square, coloured by player, and a key naming the two-letter tokens (K.setup,
K.move, K.capture). The replay (``cs_panel.ui.replay``) and ``AcesRules.picture`` show it.

>>> from cs_panel.aces.referee import AcesGame
>>> g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (1, 3))],
...                                      "Kim": [("ruffian", "Ruffian", (14, 3))]}, order=("Tim", "Kim"))
>>> html_text = board_html(g)
>>> "<svg" in html_text and "Ch</text>" in html_text and "Charlie (Tim)" in html_text
True
"""

from __future__ import annotations

import html

from cs_panel.aces.referee import AcesGame

#: one colour a player, in the order of play
PLAYER_COLOURS = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1", "#2c7a7b")


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


__all__ = ["PLAYER_COLOURS", "board_html", "token_labels"]
