"""Reading a ``cs_panel.core.game.Game`` for a table component: the game after each action, and
the log as one player (or the whole table) may see it. No rules here: what is secret is the
action's own ``secret`` flag and ``owner`` as the game's rules say."""

from __future__ import annotations

import dataclasses

from cs_panel.core.game import Game


def game_history(game: Game) -> list[Game]:
    """The game after each of its actions, from the start: ``[start, after 1, ..., game]``."""
    out = [game]
    while out[-1].log:
        g = out[-1]
        parent = getattr(g, "_parent", None)  # the game a quick undo returns to, when the Game kept it
        out.append(parent if parent is not None else dataclasses.replace(g, log=g.log[:-1], _state=None, _parent=None))
    return out[::-1]


def log_seen_by(game: Game, player: str | None) -> list[str]:
    """Each action's notation as ``player`` may see it: the other players' secret actions masked
    (``Game.observation``); ``None`` for the whole table, who sees no secret action."""
    if player in game.players:
        return list(game.observation(player)["log"])
    return [e.action.masked() if e.action.secret else str(e.action) for e in game.log]


__all__ = ["game_history", "log_seen_by"]
