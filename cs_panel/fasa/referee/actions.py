"""A referee's game as a log of actions: what each action does to the table, the fold of a log,
and ``Referee``, a seed, a starting table and a log (F.seq.phases, FASA p.13-14).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping, Sequence

from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.errors import CsPanelError, RuleInputError, SavedStateError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_int, short_repr
from cs_panel.fasa.mapsheets import Edge, check_start, layout
from cs_panel.fasa.referee.combat import _combat, _fire
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.ground import MapObject, check_objects
from cs_panel.fasa.referee.notation import FireOrder
from cs_panel.fasa.referee.phases import _collide, _move, _next_step, _pick, _plot, _tailing
from cs_panel.fasa.referee.state import Action, GameState, Phase, RefPlane
from cs_panel.fasa.referee.variants import check_variants
from cs_panel.fasa.referee.zeppelins import RefZeppelin, aim_turret, check_start as check_zeppelins_start


def apply(state: GameState, action: Action, dice: Dice) -> GameState:
    """The state after one action; ``dice`` give the faces (seeded, or the logged ones replayed)."""
    if action.kind == "plot":
        return _plot(state, action)
    if action.kind == "move":
        return _move(state, dice)
    if action.kind == "pick":
        return _pick(state, action)
    if action.kind == "collide":
        return _collide(state, dice)
    if action.kind == "fire":
        return _fire(state, action)
    if action.kind == "combat":
        return _combat(state, dice)
    if action.kind == "tailing":
        return _tailing(state)
    if action.kind == "zeppelin":  # a zeppelin's side aims a turret (F.zep.turrets)
        return aim_turret(state, action)
    raise RefereeError(f"unknown action {action.kind!r}", field="action")


def fold(start: GameState, log: Sequence[Action]) -> GameState:
    """Replay a log of actions from the start, each with the faces it recorded."""
    state = start
    for state in _replay(start, log):
        pass
    return state


def _replay(start: GameState, log: Sequence[Action]):
    """The state after each action of the log, replayed with the faces it recorded."""
    state = start
    for i, a in enumerate(log, 1):
        dice = ScriptedDice(a.faces)
        try:
            state = apply(state, a, dice)
        except RuleInputError as e:
            if "ran out" not in str(e):
                raise SavedStateError(f"action {i} ({a}) cannot be replayed: {e}", field=e.field or "log") from None
            # a game logged before the referee marked damage rolled fewer dice in combat
            raise SavedStateError(f"action {i} ({a}) needs more die faces than the log recorded ({list(a.faces)}): "
                                  "the log was edited, or saved by an older referee that did not mark damage, "
                                  "and cannot be replayed") from None
        if dice.remaining:
            raise SavedStateError(f"action {i} ({a}) recorded {len(dice.remaining)} die face(s) it does not use "
                                  f"({dice.remaining}): the log was edited, and is refused rather than repaired",
                                  field="log")
        yield state


# -- the referee: a start and a log --------------------------------------------------------------


@dataclass(frozen=True)
class Referee:
    """A game: the seed, the starting table and the log of actions; ``state`` is their fold.

    Each method returns a new ``Referee`` with one more action; an action the rules refuse raises
    a ``CsPanelError`` naming the input at fault and leaves the game unchanged.
    """

    seed: int
    start_state: GameState
    log: tuple[Action, ...] = ()

    def __post_init__(self):
        check_int(self.seed, "seed", -(10 ** 40), 10 ** 40, error=RefereeError)
        if not isinstance(self.start_state, GameState):
            raise RefereeError(f"start_state must be a GameState, got {short_repr(self.start_state)}", field="start_state")
        if not self.start_state.planes:
            raise RefereeError("a game needs at least one plane", field="planes")
        if not isinstance(self.log, (tuple, list)) or not all(isinstance(a, Action) for a in self.log):
            raise SavedStateError("the log must be a list of actions", field="log")
        cap = LIMITS["log_actions"].hi
        if len(self.log) > cap:
            raise SavedStateError(f"a log of {len(self.log)} actions; the limit is {cap}", field="log")
        object.__setattr__(self, "log", tuple(self.log))

    @classmethod
    def from_saved(cls, text: str) -> "Referee":
        """A saved game read back and replayed at once: every check of a loaded table, and every die
        face of its log used exactly once and within its die, or a ``SavedStateError`` (never repaired)."""
        from cs_panel.core.state import loads

        try:
            game = loads(cls, text)
            game.state
        except SavedStateError:
            raise
        except CsPanelError as e:
            raise SavedStateError(f"not a game this referee could have played: {e}", field=e.field or "saved") from None
        return game

    @classmethod
    def start(cls, seed: int, planes: Sequence[RefPlane], max_turns: int = 3, map_name: str = "",
              homes: Mapping[str, str | Edge] | None = None, start_depth: int | None = None,
              variants: Sequence[str] = (), zeppelins: Sequence[RefZeppelin] = (),
              objects: Sequence[MapObject] = ()) -> "Referee":
        """Open a game. With ``map_name`` (a mapsheet layout, F.map.sheets) every player needs a
        home side, the two players' at opposite ends (F.setup); ``start_depth`` also checks that
        each plane starts within that many rows of its home side, as a standard dogfight does.
        ``variants`` names the optional rules the players agreed on (``referee.variants``:
        ``fasa.collision-flak``, F.collide.damage); none by default. ``zeppelins``
        (``RefZeppelin``) join the table, their sides among the players (F.zep.static).
        ``objects`` are the buildings, trains and small objects on the map (``ground.MapObject``,
        F.collide.object-btn), each on the map when there is one."""
        chosen = check_variants(variants)
        check_int(seed, "seed", -(10 ** 40), 10 ** 40, error=RefereeError)
        check_int(max_turns, "max_turns", limit="turns", error=RefereeError)
        if not isinstance(planes, (tuple, list)) or not all(isinstance(p, RefPlane) for p in planes):
            raise RefereeError("planes must be a list of RefPlane", field="planes")
        if not planes:
            raise RefereeError("a game needs at least one plane", field="planes")
        names = [p.name for p in planes]
        if len(set(names)) != len(names):
            raise RefereeError(f"two planes share a name: {names}", field="planes")
        for p in planes:
            if p.plane.falling:  # nothing it could plot is legal: it is already out of the game
                raise RefereeError(f"{p.name} has its engine out and has hung at speed 0: it falls and cannot "
                                   "start a game (F.dmg.engine, FASA p.39)", field="planes")
        zeppelins = tuple(zeppelins)
        check_zeppelins_start(zeppelins, planes, layout(map_name) if map_name else None)
        things = check_objects(objects, names)
        if not map_name:
            if homes or start_depth:
                raise RefereeError("home sides and starting rows need a map: give map_name too", field="map_name")
            return cls(seed, GameState(1, Phase.PLOT, tuple(planes), max_turns, zeppelins=zeppelins, variants=chosen,
                                       players=tuple(sorted({p.player for p in planes} | {z.player for z in zeppelins})),
                                       objects=things))
        m = layout(map_name)  # an unknown name raises, listing the layouts
        for o in things:
            off = [h for h in o.hexes + o.track if h not in m]
            if off:
                raise RefereeError(f"object {o.name}: {off[0]!r} is off the {m.name} map (F.map.sheets)", field="objects")
        players = sorted({p.player for p in planes} | {z.player for z in zeppelins})
        given = {k: Edge.parse(v) for k, v in (homes or {}).items()}
        missing = [x for x in players if x not in given]
        if missing:
            raise RefereeError(f"on a map every player needs a home side ({m.home_edges[0].value} or "
                               f"{m.home_edges[1].value}); missing for {missing} (F.setup, FASA p.14)", field="homes")
        if len(players) == 2 and given[players[0]] == given[players[1]]:
            raise RefereeError(f"{players[0]} and {players[1]} both have the {given[players[0]].value} side; the two "
                               "sides set up at opposite ends (F.setup, FASA p.14)", field="homes")
        for player in players:
            if given[player] not in m.home_edges:
                raise RefereeError(f"{player}'s home side must be an end of the {m.name} map, {m.home_edges[0].value} "
                                   f"or {m.home_edges[1].value}, not {given[player].value} (F.setup, FASA p.14)",
                                   field="homes")
        for p in planes:
            try:
                if start_depth:
                    check_start(m, given[p.player], p.plane.hex, p.plane.speed, p.plane.capabilities.max_speed, start_depth)
                else:
                    m.check_on_map(p.plane.hex)
            except RuleInputError as e:
                raise RefereeError(f"{p.name}: {e}", field=e.field or "planes") from None
        homes_t = tuple((x, given[x]) for x in players)
        return cls(seed, GameState(1, Phase.PLOT, tuple(planes), max_turns, map_name=map_name, homes=homes_t,
                                   players=tuple(players), zeppelins=zeppelins, variants=chosen, objects=things))

    @cached_property
    def state(self) -> GameState:
        return fold(self.start_state, self.log)

    def act(self, action: Action) -> "Referee":
        """Apply an action, rolling seeded dice (seed and the action's place in the log) and
        recording the faces it used."""
        dice = Dice(self.seed * 1000 + len(self.log))
        apply(self.state, action, dice)  # raises, leaving this game as it was, if the rules refuse
        done = dataclasses.replace(action, faces=tuple(face for _, face in dice.log))
        return dataclasses.replace(self, log=self.log + (done,))

    def plot(self, plane: str, maneuver: str) -> "Referee":
        return self.act(Action("plot", plane, str(maneuver).strip()))

    def move(self) -> "Referee":
        return self.act(Action("move"))

    def pick(self, plane: str, number: int) -> "Referee":
        """A plane sharing a hex with an enemy secretly chooses its collision number (F.collide.piloted)."""
        return self.act(Action("pick", plane, str(number).strip()))

    def collide(self) -> "Referee":
        """Reveal the chosen numbers, roll for teammates who must, and destroy those who collided."""
        return self.act(Action("collide"))

    def fire(self, plane: str, order: "str | FireOrder" = "guns") -> "Referee":
        """Say what ``plane`` fires this combat phase, before ``combat()`` (F.combat.choice): ``"guns"``,
        ``"guns x2"`` or ``"gun 1 x2, gun 2"`` (doubled down, F.gun.double-down), ``"rockets"`` or
        ``"rocket 1, rocket 2"``, ``"clear jams"`` (F.gun.jam-clear) or ``"hold"``, each with
        ``" at NAME"`` to choose the target; flak, flare and sonic rockets take ``" at hex Q,R"``, and
        may go to several hexes, each after a semicolon (F.rocket.flak, F.combat.choice). Checked at once, with the odds as things stand; a later
        order for the same plane replaces it. A plane with no order fires its guns normally."""
        return self.act(Action("fire", plane, str(FireOrder.parse(order))))

    def combat(self) -> "Referee":
        return self.act(Action("combat"))

    def tailing(self) -> "Referee":
        return self.act(Action("tailing"))

    def undo(self) -> "Referee":
        """Take back the last action if it was a plot or a fire order: dice rolled and plots
        revealed stay."""
        if not self.log or self.log[-1].kind not in ("plot", "fire", "zeppelin"):
            raise RefereeError("only a plot not yet revealed, or a fire order not yet carried out, can be taken back",
                               field="action")
        return dataclasses.replace(self, log=self.log[:-1])

    @property
    def next_step(self) -> str:
        return _next_step(self.state)

    def transcript(self) -> list[str]:
        """Every action of the log, one line each (plots stay secret until they are flown); after a
        combat phase, the guns left jammed (F.gun.double-down, F.gun.jam-clear)."""
        out = []
        for i, (a, state) in enumerate(zip(self.log, _replay(self.start_state, self.log)), 1):
            line = f"{i}. {a}"
            jams = [f"{p.name} gun{'s' if len(p.jammed_guns) > 1 else ''} {', '.join(map(str, p.jammed_guns))}"
                    for p in state.planes if p.jammed_guns]
            if a.kind == "combat" and jams:
                line += f" -- jammed: {'; '.join(jams)}"
            out.append(line)
        return out

    def _repr_html_(self) -> str:
        return self.state._repr_html_()
