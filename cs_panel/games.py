"""Start a game of any rule system through the one protocol (``cs_panel.core.game``).

>>> SYSTEMS
('fasa', 'airaction', 'aces', 'barrooms')
>>> g = new_game("fasa", seed=3)
>>> g.system, g.players, g.waiting_for
('fasa', ('Ann', 'Bob'), ('Ann', 'Bob'))

Each system's rules live in ``cs_panel.<system>.play``, which defines ``rules()`` returning its
``Rules`` object; that module is imported only when a game of the system is started.
"""

from __future__ import annotations

import importlib
import importlib.util

from cs_panel.core.game import Game, UnknownSystemError, register, registered, rules_for

#: the rule systems played through the protocol
SYSTEMS = ("fasa", "airaction", "aces", "barrooms")


def _factory(system: str):
    def make():
        return importlib.import_module(f"cs_panel.{system}.play").rules()
    return make


for _system in SYSTEMS:
    if importlib.util.find_spec(f"cs_panel.{_system}.play") is not None:
        register(_system, _factory(_system))


def available() -> tuple[str, ...]:
    """The systems whose rules are present (all of ``SYSTEMS`` once each has its ``play`` module)."""
    return tuple(s for s in SYSTEMS if s in registered())


def new_game(system: str, seed: int = 0, setup: dict | None = None) -> Game:
    """A new game of ``system`` with ``seed`` for its dice and ``setup`` (its default demo setup if None)."""
    if system in SYSTEMS and system not in registered():
        raise UnknownSystemError(f"{system!r} is not yet played through the game protocol; the systems on it "
                                 f"are {list(available())}", field="system")
    return Game.new(system, seed, setup)


__all__ = ["SYSTEMS", "Game", "available", "new_game", "rules_for"]
