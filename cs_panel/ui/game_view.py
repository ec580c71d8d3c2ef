"""Reading a ``cs_panel.core.game.Game`` for a table component: the log as one player (or the
whole table) may see it (the game after each action is ``Game.history()``). No rules here: what is secret is the
action's own ``secret`` flag and ``owner`` as the game's rules say."""

from __future__ import annotations

from cs_panel.core.game import Game


def log_seen_by(game: Game, player: str | None) -> list[str]:
    """Each action's notation as ``player`` may see it: the other players' secret actions masked
    (``Game.observation``); ``None`` for the whole table, who sees no secret action."""
    if player in game.players:
        return game.log_seen_by(player)
    return [e.action.masked() if e.action.secret else str(e.action) for e in game.log]


__all__ = ["log_seen_by"]
