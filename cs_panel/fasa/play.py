"""FASA Crimson Skies through the one game protocol (``cs_panel.core.game``), wrapping the referee
(``cs_panel.fasa.referee``): the referee keeps every rule; this module names the actions, lists the
legal ones and says what each player may see.

Actions and their notation (F.seq.phases, FASA p.13-14):

- ``plot Ace 3L2F``: a plane's secret plot (F.move.plot). ``legal_actions`` lists every arrow of
  the maneuver template the plane may fly this turn (``reach.reachable``, legal ones only), but
  none into an intact gas cell (F.zep.static); ``plot Raider land on Pegasus`` lands beside its
  own side's zeppelin instead (F.land.target, F.land.mishap).
- ``plot Ace bail 3`` / ``plot Ace bail 3 at Raider``: the pilot bails out and the empty plane flies
  on straight at that speed, aimed at a target or not (F.bail.safe, F.bail.projectile);
  ``legal_actions`` aims it only at an enemy target whose hex it would end in.
- ``move``: the table flies every plot; it reveals them and rolls the pushes (F.move.resolve).
- ``pick Ace 4``: a secret collision number 1-10 (F.collide.piloted); ``collide`` reveals and rolls.
- ``fire Ace guns x2 at Raider``: a fire order (``FireOrder`` notation, F.combat.choice): guns,
  guns doubled down, each loaded rocket by hardpoint and all rockets, at each enemy in reach;
  for a pilot of Steady Hand 6 or more also the gun orders ``shift to`` each column 1-10, which pull
  every gun hit toward that column as far as his skill reaches (F.pilot.sh-shift);
  ``clear jams`` when a gun is jammed; ``hold``; each flare or sonic rocket at each hex of the
  forward column within its range 7 (F.rocket.flare, F.rocket.sonic). Flak rockets fired at a hex
  are accepted by ``apply`` (``fire Ace rocket 2 at hex 0,-1``) but not listed: the hexes worth
  aiming at are where enemies will be next turn, a guess the list cannot make. A turret fighter's
  gunner: ``hold; turret D at Raider`` for each hexside the turret can be turned through and each
  enemy in that row (F.combat.order; the pilot's and the gunner's orders combined are not listed). A plane that has given its order may give another (the referee replaces it);
  ``legal_actions`` lists orders only for planes without one, so that a program's choices always
  move the game on.
- ``zeppelin Pegasus bow at Ace`` / ``zeppelin Pegasus port 2 hold``: a zeppelin's side aims a
  turret for the combat phase (F.zep.turrets); a turret not aimed fires at the first enemy it
  reaches. Turrets fire after every plane.
- ``combat``: every plane fires in Quick Draw order (F.combat.order); ``tailing``: who tails
  whom, and the next turn (F.tail.position).

A plot by a tailed plane reveals part of it to the tailer (F.tail.reveal), so it counts as a
reveal for the fair undo.

>>> from cs_panel.games import new_game
>>> g = new_game("fasa", seed=3)
>>> g.waiting_for
('Ann', 'Bob')
>>> g = g.play("plot Ace 3SA", "plot Raider 3SA", "move")
>>> str(g.state.game.plane("Ace").plane.hex)
'Hex(0, 2)'
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache

from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError, RuleInputError
from cs_panel.core.explain import percent
from cs_panel.core.game import Action, Result, Rules, StepInfo, UnknownActionError
from cs_panel.core.state import from_jsonable, to_jsonable
from cs_panel.fasa import referee as R
from cs_panel.fasa.deployed import deployed_weapons
from cs_panel.fasa.gunnery import DamageColumn, shift_limit
from cs_panel.fasa.hexgrid import forward_column
from cs_panel.fasa.referee import zeppelins
from cs_panel.fasa.mapsheets import victory
from cs_panel.fasa.movement import PlaneState
from cs_panel.fasa.reach import reachable
from cs_panel.fasa.template import ManeuverTemplate


def blinding_orders(p: R.RefPlane) -> list[str]:
    """Each loaded flare or sonic rocket at each hex of the plane's forward column it reaches
    (F.rocket.flare, F.rocket.sonic: range 7): few enough to list, unlike flak, whose hexes are
    chosen for where enemies will fly next turn. The referee still checks each (map, arc)."""
    out = []
    for hp, r in p.loaded_rockets:
        if r in R.BLINDING:
            reach = int(deployed_weapons()[r]["range"])
            out += [f"rocket {hp} at {R.hex_text(h)}" for h in forward_column(p.plane.hex, p.plane.facing, reach)]
    return out


def shift_choices(p: R.RefPlane) -> list[tuple[int, str]]:
    """The Steady Hand column shifts ``p``'s pilot may order (F.pilot.sh-shift, FASA p.18, 37):
    ``(0, "as rolled")`` first, then each column N 1-10 with the exact chance a gun hit can be put
    there (``DamageColumn.reach_chance``, the same dice the referee rolls). Only "as rolled" below
    Steady Hand 6, which moves no hit."""
    out = [(0, "as rolled")]
    if shift_limit(p.steady_hand):
        col = DamageColumn(p.steady_hand)
        out += [(c, f"toward column {c} ({percent(col.reach_chance(c))} a hit lands there)") for c in range(1, 11)]
    return out


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plot(Action):
    """A plane's secret maneuver for the turn (F.move.plot)."""

    plane: str
    maneuver: str
    secret = True

    def __str__(self) -> str:
        return f"plot {self.plane} {self.maneuver}"

    def masked(self) -> str:
        return f"plot {self.plane} (secret)"


@dataclass(frozen=True)
class Pick(Action):
    """A plane's secret collision number, 1-10 (F.collide.piloted)."""

    plane: str
    number: int
    secret = True

    def __str__(self) -> str:
        return f"pick {self.plane} {self.number}"

    def masked(self) -> str:
        return f"pick {self.plane} (secret)"


@dataclass(frozen=True)
class Fire(Action):
    """A plane's fire order for this combat phase (F.combat.choice)."""

    plane: str
    order: str

    def __str__(self) -> str:
        return f"fire {self.plane} {self.order}"


@dataclass(frozen=True)
class Turret(Action):
    """A zeppelin's side aims one of its turrets for this combat phase: ``zeppelin Pegasus bow at Ace``
    or ``zeppelin Pegasus port 2 hold`` (F.zep.turrets)."""

    zeppelin: str
    order: str

    def __str__(self) -> str:
        return f"zeppelin {self.zeppelin} {self.order}"


@dataclass(frozen=True)
class Step(Action):
    """A step of the turn the table takes: ``move``, ``collide``, ``combat`` or ``tailing``."""

    kind: str

    def __str__(self) -> str:
        return self.kind


STEPS = ("move", "collide", "combat", "tailing")
_NAME = r"(\S+)"


def parse_action(text: str) -> Action:
    """A FASA action from its notation; ``str`` of the result gives the text back."""
    words = " ".join(str(text).split())
    if words in STEPS:
        return Step(words)
    m = re.fullmatch(rf"plot {_NAME} (\S+|land on \S+)", words)
    if m:
        return Plot(m.group(1), m.group(2))
    m = re.fullmatch(rf"plot {_NAME} ((?i:bail) .+)", words)
    if m:  # "plot Ace bail 3 at Raider": the pilot jumps (F.bail.safe, F.bail.projectile); read by the referee
        return Plot(m.group(1), str(R.read_bail(m.group(2))))
    m = re.fullmatch(rf"pick {_NAME} (\d{{1,2}})", words)
    if m:
        return Pick(m.group(1), int(m.group(2)))
    m = re.fullmatch(rf"zeppelin {_NAME} ((?:bow|stern|(?:port|starboard) [1-5]) (?:at \S+|hold)"
                     rf"|main (?:port|starboard) [1-3] (?:at hex -?\d+,-?\d+|hold))", words)
    if m:
        return Turret(m.group(1), m.group(2))
    m = re.fullmatch(rf"fire {_NAME} (.+)", words)
    if m:
        order = str(R.FireOrder.parse(m.group(2)))  # unreadable orders are refused here, by name
        return Fire(m.group(1), order)
    raise UnknownActionError(f"cannot read {str(text)[:80]!r}: a FASA action is 'plot PLANE 3L2F', 'pick PLANE 4', "
                             f"'fire PLANE guns at NAME', or a step: {', '.join(STEPS)}")


# -- state --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FasaState:
    """The referee's table and who flies each plane (planes keep their player after they are lost)."""

    game: R.GameState
    owners: tuple[tuple[str, str], ...]

    @property
    def turn(self) -> int:
        return self.game.turn


@lru_cache(maxsize=4096)
def legal_plots(plane: PlaneState) -> tuple[str, ...]:
    """Every plot the maneuver template allows this plane this turn (F.move.plot, F.move.capability)."""
    return tuple(str(o.maneuver) for o in reachable(plane, legal_only=True))


def zeppelin_blocked(gs: R.GameState, p: R.RefPlane, maneuver: str) -> bool:
    """Would this plot fly ``p`` into an intact gas cell (F.zep.static)? Such plots are refused, so not listed."""
    from cs_panel.fasa.movement import plan

    return zeppelins.plot_blocked(gs.zeppelins, plan(p.plane, maneuver).path_hexes) is not None


DEMO_ROCKETS = {"Ace": ("ap-rocket", "he-rocket"), "Raider": ("drill",)}


def setup_of(planes, max_turns: int = 3, map_name: str = "", homes=None, variants=(), zeppelins=(), objects=()) -> dict:
    """The set-up of a game of these planes (``RefPlane``), as ``new_game("fasa", seed, setup)``
    takes it: each plane as plain data, for ``max_turns`` turns on ``map_name`` ("" for a sky
    without edges) with each player's home side (F.map.sheets, F.setup), the optional rules
    agreed (``variants``, e.g. ``["fasa.collision-flak"]``, F.collide.damage), any ``zeppelins``
    (``RefZeppelin``, F.zep.static) and the objects on the map (``referee.ground.MapObject``:
    buildings, trains, small objects, F.collide.object-btn). Variants, zeppelins and objects are
    written only when there are some, so a game of planes under the printed rules keeps its set-up
    text."""
    out = []
    for p in planes:
        d = to_jsonable(p)
        d.pop("sheet", None)  # a fresh sheet is built from the plane
        out.append(d)
    setup = {"planes": out, "max_turns": max_turns, "map_name": map_name,
             "homes": {k: getattr(v, "value", v) for k, v in (homes or {}).items()}}
    if zeppelins:
        setup["zeppelins"] = [to_jsonable(z) for z in zeppelins]
    if objects:
        setup["objects"] = [to_jsonable(o) for o in objects]
    return setup | ({"variants": list(variants)} if variants else {})


def bombing_setup() -> dict:
    """The bombing-run demo (``referee.demo.bombing_planes`` and ``bombing_objects``, invented
    ``sample`` data): a bomber with bombs, a torpedo and a harpoon against a depot, a train and a crate,
    a fighter defending them (F.bomb, F.torpedo, F.rocket.harpoon)."""
    return setup_of(R.bombing_planes(), max_turns=4, objects=R.bombing_objects())


def demo_setup() -> dict:
    """The demo game's two planes (``referee.demo_planes``, invented sample stats), the Ace carrying
    an AP and an HE rocket and the Raider a drill, for three turns on a sky without edges."""
    return setup_of([dataclasses.replace(p, rockets=DEMO_ROCKETS.get(p.name, ())) for p in R.demo_planes()])


def zeppelin_demo_setup() -> dict:
    """A zeppelin battle (F.zep.*): Bob's commercial zeppelin *Pegasus*, helium, lying across the sky
    ahead of Ann's Ace, with a bow turret and a turret on each forward nacelle; Bob's Raider escorts
    it. The Ace carries AP and HE rockets; four turns on a sky without edges (invented sample stats)."""
    from cs_panel.fasa.hexgrid import Facing, Hex

    ace, raider = R.demo_planes()
    ace = dataclasses.replace(ace, rockets=DEMO_ROCKETS["Ace"])
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=Hex(4, -7)))
    pegasus = R.RefZeppelin("Pegasus", "Bob", Hex(2, -2), Facing.C,
                            turrets=(("bow", "mg-50"), ("port 2", "mg-30"), ("starboard 2", "mg-30")))
    return setup_of([ace, raider], max_turns=4, zeppelins=[pegasus])


def next_step(state: FasaState) -> str:
    """What the referee waits for next, as it names it: "plots from Ace, Raider", "move()", ...
    (F.seq.phases)."""
    gs = state.game
    if not gs.planes:  # every plane is gone: the referee holds no table to ask
        return "nothing: the game is over" if gs.phase is R.Phase.OVER else f"the {gs.phase.value} phase, with no plane left"
    return R.Referee(0, gs).next_step


class FasaRules(Rules):
    system = "fasa"
    default_rule = "F.seq.phases"

    def default_setup(self) -> dict:
        return demo_setup()

    def check_setup(self, setup: dict) -> dict:
        if not isinstance(setup, dict):
            raise R.RefereeError("a FASA setup is an object with 'planes'", field="setup")
        extra = set(setup) - {"planes", "max_turns", "map_name", "homes", "variants", "zeppelins", "objects"}
        if extra:
            raise R.RefereeError(f"unknown setup field(s) {sorted(extra)}", field="setup")
        planes = setup.get("planes")
        if not isinstance(planes, list) or not 1 <= len(planes) <= 16 or not all(isinstance(p, dict) for p in planes):
            raise R.RefereeError("'planes' must list 1 to 16 planes, each an object", field="planes")
        max_turns = setup.get("max_turns", 3)
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 1 <= max_turns <= 1000:
            raise R.RefereeError(f"max_turns must be a whole number 1-1000, not {max_turns!r}", field="max_turns")
        map_name, homes = setup.get("map_name", ""), setup.get("homes", {})
        if not isinstance(map_name, str) or not isinstance(homes, dict):
            raise R.RefereeError("map_name is text and homes an object", field="map_name")
        out = {"planes": [dict(p) for p in planes], "max_turns": max_turns, "map_name": map_name, "homes": dict(homes)}
        variants = setup.get("variants", [])
        if not isinstance(variants, list):
            raise R.RefereeError(f"variants is a list of optional rules' names, not {variants!r}", field="variants")
        if variants:  # the printed rules' set-up stays as it was
            out["variants"] = list(R.check_variants(variants))
        zeppelins = setup.get("zeppelins", [])
        if not isinstance(zeppelins, list) or len(zeppelins) > 4 or not all(isinstance(z, dict) for z in zeppelins):
            raise R.ZeppelinSetupError("'zeppelins' must list at most 4 zeppelins, each an object (F.zep.static)",
                                       field="zeppelins")
        if zeppelins:
            out["zeppelins"] = [dict(z) for z in zeppelins]
        if "objects" in setup:
            things = setup["objects"]
            if not isinstance(things, list) or not all(isinstance(o, dict) for o in things):
                raise R.RefereeError("'objects' must list objects", field="objects")
            out["objects"] = [dict(o) for o in things]
        self._start(out, 0)  # every plane and the table are checked by the referee
        return out

    def _start(self, setup: dict, seed: int) -> R.Referee:
        planes = [from_jsonable(R.RefPlane, p, f"planes[{i}]") for i, p in enumerate(setup["planes"])]
        zeppelins = [from_jsonable(R.RefZeppelin, z, f"zeppelins[{i}]") for i, z in enumerate(setup.get("zeppelins", []))]
        things = [from_jsonable(R.MapObject, o, f"objects[{i}]") for i, o in enumerate(setup.get("objects", ()))]
        return R.Referee.start(seed, planes, setup["max_turns"], setup["map_name"], setup["homes"] or None,
                               variants=setup.get("variants", ()), zeppelins=zeppelins, objects=things)

    def initial(self, setup: dict, seed: int) -> FasaState:
        gs = self._start(setup, seed).start_state
        return FasaState(gs, tuple((p.name, p.player) for p in gs.planes))

    def players(self, state: FasaState) -> tuple[str, ...]:
        return tuple(state.game.players)

    def owner(self, state: FasaState, action: Action) -> str:
        if isinstance(action, Turret):
            return next((z.player for z in state.game.zeppelins if z.name == action.zeppelin), "")
        plane = getattr(action, "plane", "")
        return dict(state.owners).get(plane, "")

    def waiting_for(self, state: FasaState) -> tuple[str, ...]:
        gs = state.game
        if gs.phase in (R.Phase.PLOT, R.Phase.COLLIDE):
            owners = dict(state.owners)
            return tuple(sorted({owners[n] for n in gs.waiting_for}))
        return ()

    def legal_actions(self, state: FasaState, player: str | None = None) -> list[Action]:
        gs = state.game
        mine = [p for p in gs.planes if player is None or p.player == player]
        if gs.phase is R.Phase.PLOT:
            waiting = gs.waiting_for
            if not waiting:
                return [Step("move")]
            plots: list[Action] = [Plot(p.name, m) for p in mine if p.name in waiting for m in self.plots_for(gs, p)
                                   if not gs.zeppelins or not zeppelin_blocked(gs, p, m)]
            # a plane beside its own side's zeppelin may land on it instead (F.land.target)
            plots += [Plot(p.name, f"land on {z.name}") for p in mine if p.name in waiting for z in gs.zeppelins
                      if zeppelins.can_land(gs.zeppelins, p, z)]
            # the pilot may jump, the plane flying on straight, aimed only at an enemy it would reach (F.bail.*)
            return plots + [Plot(p.name, b) for p in mine if p.name in waiting for b in R.bail_plots(gs, p)]
        if gs.phase is R.Phase.COLLIDE:
            waiting = gs.waiting_for
            if not waiting:
                return [Step("collide")]
            return [Pick(p.name, n) for p in mine if p.name in waiting for n in range(1, 11)]
        if gs.phase is R.Phase.COMBAT:
            given = dict(gs.orders)
            out: list[Action] = []
            for p in mine:
                if p.name not in given:
                    out += [Fire(p.name, o) for o in self.fire_orders(gs, p)]
            for z in gs.zeppelins:  # the side aims its turrets (F.zep.turrets)
                if player is None or z.player == player:
                    out += [Turret(z.name, o) for o in zeppelins.turret_orders(gs, z)]
            return out + [Step("combat")]
        if gs.phase is R.Phase.TAILING:
            return [Step("tailing")]
        return []

    def plots_for(self, gs: R.GameState, p: R.RefPlane) -> tuple[str, ...]:
        """The plots ``p`` may fly: the template's legal ones, none faster than a towing plane's top
        speed (F.move.plot, F.rocket.harpoon)."""
        plots = legal_plots(p.plane)
        if any(o.towed_by == p.name for o in gs.objects):
            from cs_panel.fasa.deployed import towing_top_speed
            from cs_panel.fasa.maneuver import Maneuver

            top = towing_top_speed(p.plane.capabilities.max_speed)
            plots = tuple(m for m in plots if Maneuver.parse(m).speed <= top)
        return plots

    def fire_orders(self, gs: R.GameState, p: R.RefPlane) -> list[str]:
        """Every fire order the referee accepts for ``p`` now, at each enemy in reach (F.combat.choice)."""
        enemies = [e.name for e in gs.planes if e.player != p.player]
        guns = ["guns", "guns x2"] if p.working_guns and len(p.jammed_guns) < len(p.working_guns) else []
        rockets = [f"rocket {hp}" for hp, r in p.loaded_rockets if r not in R.HEX_ROCKETS and r not in R.GROUND_ORDNANCE]
        if len(rockets) > 1:
            rockets.append("rockets")
        candidates = ["hold"] + (["clear jams"] if p.jammed_guns else [])
        candidates += [f"{what} at {e}" for e in enemies for what in guns + rockets]
        # gas cells and nacelles of enemy zeppelins (F.zep.gas-cells, F.zep.nacelle)
        candidates += [f"{what} at {z.name} {part}" for z in gs.zeppelins if z.player != p.player
                       for part in z.parts for what in guns + rockets]
        if gs.objects:  # bombs, torpedoes and harpoons at objects; guns and rockets at an enemy's tow (F.bomb, ...)
            candidates += ground_orders(gs, p, guns + rockets)
        if guns and shift_limit(p.steady_hand):  # a steady hand may pull gun hits toward a column (F.pilot.sh-shift)
            candidates += [f"{what} at {e} shift to {c}" for e in enemies for what in guns for c in range(1, 11)]
        candidates += blinding_orders(p)
        if p.turret_gunpoints:  # the gunner's turret, turned through each hexside, at each enemy (referee.turrets)
            candidates += [f"hold; turret {side} at {e}" for side in "ABCDEF" for e in enemies]
        out = []
        for text in candidates:
            try:
                R.apply(gs, R.Action("fire", p.name, text), Dice(0))
            except RuleInputError:
                continue
            out.append(text)
        return out

    def step(self, state: FasaState, action: Action, dice: Dice) -> tuple[FasaState, StepInfo]:
        gs = state.game
        if isinstance(action, Plot):
            ref = R.Action("plot", action.plane, action.maneuver)
        elif isinstance(action, Pick):
            ref = R.Action("pick", action.plane, str(action.number))
        elif isinstance(action, Fire):
            ref = R.Action("fire", action.plane, action.order)
        elif isinstance(action, Turret):
            ref = R.Action("zeppelin", action.zeppelin, action.order)
        elif isinstance(action, Step):
            ref = R.Action(action.kind)
        else:
            raise UnknownActionError(f"{action!r} is not a FASA action")
        after = R.apply(gs, ref, dice)
        turned = after.turn != gs.turn or after.phase is R.Phase.OVER and gs.phase is not R.Phase.OVER
        lines = after.report[len(gs.report):] if not turned else _new_lines(gs, after)
        revealed = isinstance(action, Step) and action.kind in ("move", "collide")
        if isinstance(action, Plot):
            revealed = any(t.leader == action.plane for t in gs.tails)  # the tailer learns part of it (F.tail.reveal)
        return dataclasses.replace(state, game=after), StepInfo(tuple(lines), revealed)

    def rule_of(self, error: CsPanelError, action: Action) -> str | None:
        own = getattr(error, "rule_id", None)
        if own:
            return own
        return {Plot: "F.move.plot", Pick: "F.collide.piloted", Fire: "F.combat.choice",
                Turret: "F.zep.turrets"}.get(type(action),
                                                                                          "F.seq.phases")

    def is_over(self, state: FasaState) -> bool:
        return state.game.phase is R.Phase.OVER

    def result(self, state: FasaState) -> Result:
        gs = state.game
        counts = {who: sum(p.player == who for p in gs.planes) + zeppelins.aloft_count(gs.zeppelins, who)
                  for who in gs.players}
        scores = tuple((who, float(n)) for who, n in counts.items())
        if len(counts) < 2:
            return Result(None, scores, "one side only: no victory to decide")
        v = victory(counts)
        if v.over:
            return Result(v.winner, scores, str(v))
        if gs.phase is R.Phase.OVER:
            return Result(None, scores, f"no winner after {gs.turn} turn(s): {v} (F.victory, FASA p.15)")
        return Result(None, scores, str(v))

    def observation(self, state: FasaState, player: str) -> dict:
        gs = state.game
        mine = {n for n, who in state.owners if who == player}
        planes = [{"name": p.name, "player": p.player, "hex": [p.plane.hex.q, p.plane.hex.r],
                   "facing": p.plane.facing.name, "speed": p.plane.speed, "hits_taken": p.hits_taken,
                   "shocked": p.plane.shocked, "weapons": p.weapons_summary(), "damage": p.damage_summary(),
                   "jammed": list(p.jammed_guns)} for p in gs.planes]
        plots = {n: m for n, m in gs.plots_seen_by(player).items()}
        picks = {n: (k if n in mine else "secret") for n, k in gs.picks}
        told = [line for line in gs.report if not _private(line, gs, mine)]
        seen = {"turn": gs.turn, "phase": gs.phase.value, "planes": planes, "plots": plots, "picks": picks,
                "orders": dict(gs.orders), "destroyed": list(gs.destroyed), "departed": dict(gs.departed),
                "tails": [[t.follower, t.leader, t.number] for t in gs.tails], "report": told,
                "outcome": gs.outcome}
        if gs.abandoned:  # empty planes flying on until the next movement phase: everyone sees them (F.bail.safe)
            seen["abandoned"] = [{"name": p.name, "player": p.player, "hex": [p.plane.hex.q, p.plane.hex.r],
                                  "facing": p.plane.facing.name, "speed": p.plane.speed} for p in gs.abandoned]
        if gs.zeppelins:  # every side sees every zeppelin: cells, nacelles, turrets (F.zep.*)
            seen["zeppelins"] = [z.observation() for z in gs.zeppelins]
        if gs.objects:  # everyone sees the objects on the map (F.collide.object-btn)
            seen["objects"] = [{"name": o.name, "kind": o.kind, "hexes": [[h.q, h.r] for h in o.hexes],
                                "base_number": o.base_number, "points_left": o.left, "moving": o.moving,
                                "towed_by": o.towed_by, "aboard": o.aboard, "provenance": o.provenance}
                               for o in gs.objects]
        return seen

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def invariants(self, state: FasaState) -> list[str]:
        gs = state.game
        top = ManeuverTemplate.default().max_speed
        out = []
        names = [p.name for p in gs.planes]
        if len(set(names)) != len(names):
            out.append(f"a plane twice on the table: {names}")
        for p in gs.planes:
            sheet = p.record
            if not 0 <= p.plane.speed <= top:
                out.append(f"{p.name} flies at speed {p.plane.speed}, outside 0-{top}")
            if p.hits_taken < 0 or sheet.pilot_constitution < 0 or sheet.tanks_left < 0:
                out.append(f"{p.name} has a negative count: hits {p.hits_taken}, constitution "
                           f"{sheet.pilot_constitution}, tanks {sheet.tanks_left}")
            cells = [(c, r) for c, r, _ in sheet.marks]
            if len(set(cells)) != len(cells) or not set(cells) <= set(sheet.diagram.boxes):
                out.append(f"{p.name}'s record sheet marks a box twice or a box it does not have")
            if p.name in gs.destroyed:
                out.append(f"{p.name} is destroyed but still on the table")
        return out

    def turn(self, state: FasaState) -> int:
        return state.game.turn

    def picture(self, state: FasaState) -> str:
        """The planes on the sky as they stand, with their facings and last paths (the referee's map)."""
        from cs_panel.fasa.referee import map_svg  # at call time: the referee's module may be a package

        return map_svg(state.game, radius=3, size=22)


def ground_orders(gs: R.GameState, p: R.RefPlane, aimed: list[str]) -> list[str]:
    """Fire orders at objects to try for ``p``: each bomb, torpedo and harpoon by hardpoint (and
    "bombs" for several) at each standing object, and ``aimed`` (guns, rockets) at each object an
    enemy tows or that stands on the ground (F.bomb, F.torpedo, F.rocket.harpoon, F.hit.number). The referee keeps those it accepts."""
    from cs_panel.fasa.referee.ground import GROUND_ORDNANCE, ordnance_kind, standing

    drops = [f"{ordnance_kind(w)} {hp}" for hp, w in p.loaded_rockets if w in GROUND_ORDNANCE]
    if sum(w.startswith("bomb-") for _, w in p.loaded_rockets) > 1:
        drops.append("bombs")
    out = [f"{what} at {o.name}" for o in standing(gs.objects) for what in drops]
    out += [f"{what} at {o.name}" for o in gs.objects if o.aboard and not o.destroyed  # cargo: harpoons only
            for what in drops if what.startswith("harpoon")]
    towed = [o for o in gs.objects if o.towed_by and not o.destroyed]
    out += [f"{what} at {o.name}" for o in towed + list(standing(gs.objects)) for what in aimed]
    return out


def _private(line: str, gs: R.GameState, mine: set[str]) -> bool:
    """A line telling a tailer what the leader's plot reveals (F.tail.reveal): for the tailer only."""
    return any(line.startswith(f"{t.follower} tails {t.leader} (tailing number") and t.follower not in mine
               for t in gs.tails)


def _new_lines(before: R.GameState, after: R.GameState) -> tuple[str, ...]:
    """What a step said when it ended the turn (the report moved into the history)."""
    told = after.history[len(before.history):]
    prefix = f"turn {before.turn}: "
    skip = len(before.report)
    out = [x[len(prefix):] if x.startswith(prefix) else x for x in told][skip:]
    return tuple(out) + tuple(after.report if after.turn != before.turn else ())


def rules() -> FasaRules:
    return FasaRules()


__all__ = ["FasaRules", "FasaState", "Fire", "Pick", "Plot", "Step", "Turret", "bombing_setup", "demo_setup", "ground_orders",
           "legal_plots", "next_step", "parse_action", "rules", "setup_of", "zeppelin_demo_setup"]
