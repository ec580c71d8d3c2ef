"""FASA movement: is a plotted maneuver legal, which pushes it needs, and what happens when the
dice are rolled (F.move.*, FASA p.23-27).

- ``PlaneState``: where a plane is, how it flew last turn, its pilot's Natural Touch, shock and
  smoke, and its ``Capabilities`` (the performance diagram, with hooks for damage).
- ``plan(state, "3L2F")``: a ``MovePlan`` listing *every* reason the move is illegal
  (``reasons``, each a ``Reason`` citing its rule) and every push it needs (``pushes``, each a
  ``Push`` with an explained ``TargetNumber``), the destination on the map (``end``), the arrow
  path (``path_hexes``), the chance to fly it as plotted (``chance``) and the collision checks
  its path forces (``object_checks``).
- ``resolve(plan, dice)``: a ``MoveResult`` with the push rolls, the ``Outcome`` (as plotted,
  random movement, flareout), every hex stepped through with its die (``steps``), the fracture
  hits and the plane's ``state_after`` for next turn.
- Where the plane can go this turn and the next: ``cs_panel.fasa.reach``; the template itself:
  ``cs_panel.fasa.template``; random movement alone: ``cs_panel.fasa.random_movement``.

Readings of our own, where the text leaves a choice: a second restricted maneuver that is also
over the wing's rating needs one Pushing-the-Gs roll, at the (higher) restricted target; a
flareout after both redline rolls puts one nose hit per point over *each* rating; the "last
maneuver" Gs after random movement are the Gs of the maneuver attempted (0 after a flareout,
which flies one hex straight). When shock or a glide forces a straight maneuver, a rudder locked
one way allows the straight maneuvers too, or nothing would be legal. A gliding plane's turn at
speed 0 is its hang; after it the plane is ``falling`` and out of the game (the referee removes it).

>>> caps = Capabilities(max_speed=4, port_gs=3, starboard_gs=2, acceleration=2)
>>> state = PlaneState(caps, speed=3, natural_touch=5)
>>> p = plan(state, "3R3F")
>>> p.legal, [str(x.target) for x in p.pushes]
(True, ['8 base + 2 4 G over the starboard wing rating 2 - 5 Natural Touch 5 = 5 (60%)'])
>>> plan(state, "3L3B").pushes[0].target.total
4
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from cs_panel.core.dice import D10Check, Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, TargetNumber, percent
from cs_panel.core.rules import rule
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_bool, short_repr
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant
from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError, Maneuver, as_maneuver
from cs_panel.fasa.random_movement import NOSE, PORT_LEADING, STARBOARD_LEADING, RandomMovement, Step, random_movement
from cs_panel.fasa.template import Arrow, ManeuverTemplate
from cs_panel.fasa.tohit import check_skill

PUSH_BASE = 8  # every push starts from 8 (F.move.push-target, FASA p.25)
SHOCK_PENALTY = 2  # a shocked pilot adds 2 to every roll (F.shock, p.36)

RUDDER_STRAIGHT = register_variant(Variant(
    "fasa.faq.rudder-straight",
    "a plane with one rudder side damaged may still fly straight as well as turn the locked way",
    "F.dmg.rudder",
    "official FAQ",
))

SIDE_STEP_STRAIGHT_TAIL = register_variant(Variant(
    "fasa.side-step-straight-tail",
    "a left or right maneuver whose template path turns and then ends with a straight step, "
    "facing straight ahead (3L1A, 4L2A, 5L3A and the like), is a legal side-step; the default "
    "follows p.24's plain words: a maneuver that turns and ends with a straight is a jink",
    "F.move.no-jink",
    "our reading",
))

REDLINE_PAST_ENGINE_DAMAGE = register_variant(Variant(
    "fasa.redline-past-engine-damage",
    "a plane whose engine damage lowered its max speed may still fly faster than that by redlining, "
    "as a push like any other; the default follows p.39's plain words: it may not fly faster at all",
    "F.dmg.engine",
    "our reading",
))


def _int(value, name: str, lo: int, hi: int, why: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleInputError(f"{name} must be a whole number, got {short_repr(value)}", field=name)
    if not lo <= value <= hi:
        raise RuleInputError(f"{name} {value} must be {lo}-{hi} ({why})", field=name)
    return value


@dataclass(frozen=True)
class Capabilities:
    """A plane's current performance (F.plane.stats, FASA p.20-21), after any damage.

    Ratings: max speed 1-5 (0 once the engine is gone), Gs per wing 0-5, acceleration 1-3 (0 when
    damaged), deceleration 2 (1 with damaged flaps). The damage hooks: ``rudder_left_ok`` /
    ``rudder_right_ok`` say which rudder sides still work (F.dmg.rudder), ``engine_out`` that the
    plane glides (F.dmg.engine), ``engine_damaged`` that ``max_speed`` is the cap a hit Max Speed
    location set: the plane may not fly faster at all, redlining or not (F.dmg.engine, p.39;
    the variant ``fasa.redline-past-engine-damage`` lets it redline past the cap).
    """

    max_speed: int
    port_gs: int
    starboard_gs: int
    acceleration: int
    deceleration: int = 2
    rudder_left_ok: bool = True
    rudder_right_ok: bool = True
    engine_out: bool = False
    engine_damaged: bool = False

    def __post_init__(self):
        _int(self.max_speed, "max_speed", 0, 5, "speed ratings run 1-5, 0 once the engine is destroyed, F.plane.stats p.20")
        _int(self.port_gs, "port_gs", 0, 5, "wing G ratings run 0-5, F.plane.stats p.20")
        _int(self.starboard_gs, "starboard_gs", 0, 5, "wing G ratings run 0-5, F.plane.stats p.20")
        _int(self.acceleration, "acceleration", 0, 3, "acceleration runs 1-3, 0 when damaged, F.plane.stats p.20")
        _int(self.deceleration, "deceleration", 0, 2, "every plane decelerates 2, less with damaged flaps, F.plane.stats p.20")
        for name in ("rudder_left_ok", "rudder_right_ok", "engine_out"):
            check_bool(getattr(self, name), name, error=RuleInputError)

    def wing_gs(self, direction: Direction) -> int:
        """The G rating that limits a turn: port for L, starboard for R, the weaker for the Immelmann."""
        if direction is Direction.L:
            return self.port_gs
        if direction is Direction.R:
            return self.starboard_gs
        return min(self.port_gs, self.starboard_gs)

    @property
    def gliding(self) -> bool:
        return self.engine_out or self.max_speed == 0


@dataclass(frozen=True)
class PlaneState:
    """A plane as it plots its move: capabilities, last turn's maneuver, pilot and position.

    ``speed`` and ``last_gs`` are last turn's maneuver's speed and G rating (speed 0: it
    stalled). ``last_restricted`` defaults to ``last_gs >= 3`` (F.move.restricted).
    ``smoke_turns`` counts the tailing phases, the one at the end of this turn's movement
    included, in which the engine still smokes (F.move.flareout, F.tail.number): a flareout
    leaves 2 (it smokes in its own turn and the next), and each later move uses one up. The
    count drops at movement, so while a plane plots the turn after that, it still reads 1;
    only tailing looks at smoke, and tailing reads the state after movement. Round-trips
    through ``cs_panel.core.state.dumps``/``loads``.
    """

    capabilities: Capabilities
    speed: int
    hex: Hex = ORIGIN
    facing: Facing = Facing.A
    last_gs: int = 0
    last_restricted: bool | None = None
    natural_touch: int = 0
    shocked: bool = False
    smoke_turns: int = 0

    def __post_init__(self):
        _int(self.speed, "speed", 0, LIMITS["fasa.speed"].hi, "the speed of last turn's maneuver")
        _int(self.last_gs, "last_gs", 0, 9, "G rating of last turn's maneuver")
        _int(self.smoke_turns, "smoke_turns", 0, 9, "turns of smoke left")
        check_skill(self.natural_touch, "natural_touch")
        if not isinstance(self.capabilities, Capabilities):
            raise RuleInputError(f"capabilities must be a Capabilities, got {short_repr(self.capabilities)}", field="capabilities")
        if not isinstance(self.hex, Hex):
            raise RuleInputError(f"hex must be a Hex, e.g. Hex(0, 0), got {short_repr(self.hex)}", field="hex")
        check_bool(self.shocked, "shocked", error=RuleInputError)
        if self.last_restricted is not None:
            check_bool(self.last_restricted, "last_restricted", error=RuleInputError)
        if not isinstance(self.facing, Facing):
            object.__setattr__(self, "facing", Facing.coerce(self.facing))
        if self.last_restricted is None:
            object.__setattr__(self, "last_restricted", self.last_gs >= 3)

    def __hash__(self) -> int:
        # states key the memoised push and reach tables; hashing the nested fields once is enough
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def smoking(self) -> bool:
        return self.smoke_turns > 0

    @property
    def stalled_last_turn(self) -> bool:
        return self.speed == 0

    @property
    def falling(self) -> bool:
        """The engine is out and the plane has spent its turn hanging at speed 0: it falls and is
        out of the game, no plot can keep it up (F.dmg.engine, F.dmg.fuel, FASA p.39)."""
        return self.capabilities.gliding and self.speed == 0

    @property
    def forced_straight(self) -> str | None:
        """Why the plane must fly straight this turn whatever its rudder says, or None: a shocked
        pilot (F.shock, p.36) or a glide with the engine out (F.dmg.engine, p.39)."""
        if self.shocked:
            return "the pilot is shocked"
        if self.capabilities.gliding:
            return "the engine is out"
        return None

    def at(self, hex: Hex, facing: Facing) -> "PlaneState":
        """The same plane placed elsewhere on the map."""
        return dataclasses.replace(self, hex=hex, facing=facing)


# -- reasons and pushes -------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """One reason a plotted maneuver is illegal, citing its rule, and the input at fault."""

    rule: str
    text: str
    field: str = "maneuver"

    def __post_init__(self):
        rule(self.rule)

    def __str__(self) -> str:
        return f"{self.text} ({rule(self.rule)})"


class PushKind(str, Enum):
    """The ways of pushing the envelope (F.move.push-target, FASA p.25-26)."""

    GS = "gs"  # more Gs than the wing's rating (F.move.push-gs)
    IMMELMANN = "immelmann"  # 1SD over the weaker wing (F.move.immelmann)
    RESTRICTED = "restricted"  # a second 3+ G maneuver in a row (F.move.restricted)
    ACCELERATION = "acceleration"  # redlining past the acceleration rating (F.move.redline)
    TOP_SPEED = "top-speed"  # redlining past the max speed (F.move.redline)
    STALL = "stall"  # slowing more than the deceleration rating (F.move.stall-push)

    @property
    def on_failure(self) -> str:
        return {
            PushKind.ACCELERATION: "flareout",
            PushKind.TOP_SPEED: "flareout",
            PushKind.STALL: "fracture hits on both wings' leading edges, plane still ends in its destination",
        }.get(self, "random movement")

    @property
    def redline(self) -> bool:
        return self in (PushKind.ACCELERATION, PushKind.TOP_SPEED)


@dataclass(frozen=True)
class Push:
    """One push a maneuver needs: what is pushed, by how much, and the explained target number."""

    kind: PushKind
    over: int
    target: TargetNumber

    @property
    def cause(self) -> Reason:
        """Which limit the maneuver exceeds, citing the rule that sets the limit."""
        rule_id = {
            PushKind.GS: "F.move.capability",
            PushKind.TOP_SPEED: "F.move.capability",
            PushKind.ACCELERATION: "F.move.accel-decel",
            PushKind.STALL: "F.move.accel-decel",
            PushKind.RESTRICTED: "F.move.restricted",
            PushKind.IMMELMANN: "F.move.immelmann",
        }[self.kind]
        label = self.target.terms[1].label
        return Reason(rule_id, f"{label}: pushing the envelope", field="speed" if self.kind in
                      (PushKind.TOP_SPEED, PushKind.ACCELERATION, PushKind.STALL) else "maneuver")

    def __str__(self) -> str:
        return f"{self.target.what}: {self.target} -- failure: {self.kind.on_failure}"


@lru_cache(maxsize=64)
def _d10_chance(total: int) -> Fraction:
    return D10Check(total).chance


def _chance(target: TargetNumber) -> Fraction:
    """A push's odds, from the same d10 event that resolves it (memoised by total)."""
    return _d10_chance(target.total) if target.check == "d10" else target.chance


def _push_target(kind: PushKind, over: int, label: str, rule_id: str, state: PlaneState, what: str, notes=()) -> Push:
    terms = [Modifier(PUSH_BASE, "base", "F.move.push-target"), Modifier(over, label, rule_id)]
    nt = state.natural_touch
    terms.append(Modifier(-nt, f"Natural Touch {nt}", "F.move.push-target"))
    if state.shocked:
        terms.append(Modifier(SHOCK_PENALTY, "pilot shocked", "F.shock"))
    return Push(kind, over, TargetNumber(tuple(terms), what=what, notes=tuple(notes)))


@lru_cache(maxsize=4096)
def _gs_pushes(state: PlaneState, direction: Direction, immelmann: bool, gs: int) -> tuple[Push, ...]:
    """The Pushing-the-Gs roll a maneuver of ``gs`` needs, if any (F.move.push-gs, F.move.immelmann,
    F.move.restricted, p.24-25). Pure in its arguments, so it is memoised for reachable sets."""
    caps = state.capabilities
    if immelmann:
        rating = caps.wing_gs(Direction.S)
        over = gs - rating
        over_push = (PushKind.IMMELMANN, over, f"{gs} G over the weaker wing rating {rating}", "F.move.immelmann") if over > 0 else None
    elif direction in (Direction.L, Direction.R):
        rating = caps.wing_gs(direction)
        over = gs - rating
        over_push = (PushKind.GS, over, f"{gs} G over the {direction.wing} wing rating {rating}", "F.move.push-gs") if over > 0 else None
    else:
        over_push = None
    what = "pushing the Gs (the Immelmann)" if immelmann else "pushing the Gs"
    if gs >= 3 and state.last_restricted:
        notes = []
        if over_push is not None:
            # Both rules ask for a Pushing-the-Gs roll; one roll at the harder target settles both.
            notes.append(f"also {over_push[1]} G over the rating; one Pushing-the-Gs roll at the harder target covers both")
        return (_push_target(PushKind.RESTRICTED, gs, f"second restricted maneuver in a row, {gs} G",
                             "F.move.restricted", state, what + " after a restricted maneuver", notes),)
    if over_push is not None:
        kind, over, label, rid = over_push
        return (_push_target(kind, over, label, rid, state, what),)
    return ()


@lru_cache(maxsize=4096)
def _speed_pushes(state: PlaneState, speed: int) -> tuple[Push, ...]:
    """The redline and stall rolls a change to ``speed`` needs (F.move.accel-decel, F.move.redline,
    F.move.stall-push, p.24-26). Memoised like ``_gs_pushes``."""
    caps = state.capabilities
    out = []
    gain = speed - state.speed
    if gain > caps.acceleration:
        over = gain - caps.acceleration
        out.append(_push_target(PushKind.ACCELERATION, over, f"acceleration {gain} over rating {caps.acceleration}",
                                "F.move.redline", state, f"redlining: speed {state.speed} to {speed}"))
    if speed > caps.max_speed:
        over = speed - caps.max_speed
        out.append(_push_target(PushKind.TOP_SPEED, over, f"speed {speed} over max speed {caps.max_speed}",
                                "F.move.redline", state, f"redlining: top speed {speed}"))
    loss = state.speed - speed
    if loss > caps.deceleration:
        over = loss - caps.deceleration
        out.append(_push_target(PushKind.STALL, over, f"deceleration {loss} over rating {caps.deceleration}",
                                "F.move.stall-push", state, f"stalling: speed {state.speed} to {speed}"))
    return tuple(out)


def _rule_reasons(state: PlaneState, m: Maneuver, rules: RuleSet) -> list[Reason]:
    caps = state.capabilities
    out = []
    turn = m.turn_direction
    if m.is_stall and state.stalled_last_turn:
        out.append(Reason("F.move.stall", "the plane stalled last turn; it must fly forward this turn"))
    if state.shocked:
        if m.is_immelmann:
            out.append(Reason("F.move.immelmann", "a shocked pilot may not fly the Immelmann"))
        elif turn is not Direction.S:
            out.append(Reason("F.shock", "a shocked pilot must fly a straight maneuver this turn"))
    if caps.engine_damaged and m.speed > caps.max_speed and not rules.enabled(REDLINE_PAST_ENGINE_DAMAGE.name):
        out.append(Reason("F.dmg.engine", f"the damaged engine holds the plane to speed {caps.max_speed}: "
                                          f"it may not fly faster, not even by redlining (p.39)"))
    left, right = caps.rudder_left_ok, caps.rudder_right_ok
    if not (left and right):
        if not left and not right:
            if turn is not Direction.S:
                out.append(Reason("F.dmg.rudder", "both rudder sides are damaged: straight maneuvers only"))
        else:
            locked = Direction.R if not right else Direction.L  # a damaged side locks the rudder that way
            forced = state.forced_straight
            # Our reading (RULINGS.md): when shock or a glide forces a straight maneuver, a rudder
            # locked one way does not forbid it, or no maneuver at all would be legal; the FAQ
            # variant allows straight always.
            allowed = {locked, Direction.S} if rules.enabled(RUDDER_STRAIGHT.name) or forced else {locked}
            if turn not in allowed:
                side = "right" if locked is Direction.R else "left"
                extra = (f" or straight (official FAQ variant {RUDDER_STRAIGHT.name})" if rules.enabled(RUDDER_STRAIGHT.name)
                         else f" or straight while {forced} (our reading, RULINGS.md)" if forced else "")
                out.append(Reason("F.dmg.rudder", f"the damaged {side} rudder is locked: {side} maneuvers only{extra}"))
    if caps.gliding:
        if state.falling:
            out.append(Reason("F.dmg.engine", "the engine is out and the plane has hung at speed 0 for its turn: it falls"))
        else:
            need = state.speed - 1
            if m.speed != need:
                out.append(Reason("F.dmg.engine", f"with the engine out the plane glides, losing one speed a turn: speed {need} this turn", "speed"))
            if turn is not Direction.S or m.is_immelmann:
                out.append(Reason("F.dmg.engine", "a gliding plane flies straight maneuvers only, not the Immelmann"))
    return out


# -- the plan ---------------------------------------------------------------------------

_ZERO, _ONE = Fraction(0), Fraction(1)  # immutable, so shared


@dataclass(frozen=True)
class MovePlan:
    """A plotted maneuver checked against the template and the plane: legal or not (with every
    reason) and the pushes it needs (F.move.plot, F.move.capability, F.move.push-target, p.23-26)."""

    state: PlaneState
    maneuver: Maneuver
    arrow: Arrow | None
    reasons: tuple[Reason, ...]
    pushes: tuple[Push, ...]

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def gs(self) -> int | None:
        return self.arrow.gs if self.arrow is not None else None

    @property
    def restricted(self) -> bool:
        return self.arrow is not None and self.arrow.restricted

    @property
    def pushing(self) -> bool:
        return bool(self.pushes)

    @property
    def chance(self) -> Fraction:
        """Chance that the plane flies exactly as plotted: every push roll must succeed; an
        illegal plot never does (F.move.illegal)."""
        return verdict_chance(self.reasons, self.pushes)

    @property
    def end(self) -> tuple[Hex, Facing] | None:
        """The destination hex and facing on the map, if the maneuver is on the template."""
        if self.arrow is None:
            return None
        return self.arrow.end(self.state.hex, self.state.facing)

    @property
    def path_hexes(self) -> list[Hex]:
        """The hexes the arrow path enters, on the map (check them for objects, F.move.path-objects)."""
        return [] if self.arrow is None else self.arrow.path_hexes(self.state.hex, self.state.facing)

    @property
    def collision_path(self) -> list[Hex]:
        """The plane's own hex followed by every hex the arrow path enters: the path that
        ``collisions.path_collision_checks`` expects (F.move.path-objects, FASA p.24)."""
        return [self.state.hex, *self.path_hexes]

    def object_checks(self, obstacles, *, table=None) -> list:
        """The avoidance rolls the arrow path forces for non-piloted ``obstacles``
        (``collisions.Obstacle``s): F.move.path-objects, p.24, and F.collide.object, p.27."""
        from cs_panel.fasa.collisions import path_collision_checks  # the collision rules' own module

        return path_collision_checks(self.collision_path, obstacles, self.state.shocked, table=table)

    def require_legal(self) -> "MovePlan":
        """This plan, or an ``IllegalManeuverError`` listing every reason."""
        if self.reasons:
            raise IllegalManeuverError(f"{self.maneuver} is illegal: " + "; ".join(map(str, self.reasons)),
                                       field=self.reasons[0].field, reasons=self.reasons)
        return self

    def explain(self) -> str:
        lines = [f"{self.maneuver}: " + (f"{self.gs} G" if self.arrow is not None else "not on the template")]
        lines += [f"  illegal: {r}" for r in self.reasons]
        lines += [f"  push: {p}" for p in self.pushes]
        if self.legal:
            lines.append(f"  flies as plotted: {percent(self.chance)}")
        else:
            lines.append("  an illegal plot becomes random movement (F.move.illegal)")
        return "\n".join(lines)

    __str__ = explain

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import move_plan_html  # drawing, loaded only when a picture is asked for

        return move_plan_html(self)


def ends_with_straight_tail(m: Maneuver, arrow: Arrow) -> bool:
    """Whether a left or right maneuver's arrow path turns and then finishes with a straight step,
    ending facing A: a left (or right) and then a straight in one turn (F.move.no-jink, p.24).

    >>> from cs_panel.fasa.template import ManeuverTemplate
    >>> t = ManeuverTemplate.default()
    >>> ends_with_straight_tail(as_maneuver("4L2A"), t.arrow("4L2A")), ends_with_straight_tail(as_maneuver("2L2A"), t.arrow("2L2A"))
    (True, False)
    """
    if m.direction is Direction.S or m.facing is not Facing.A or not arrow.path:
        return False
    return arrow.path[-1] is Facing.A and any(step is not Facing.A for step in arrow.path)


def plan(state: PlaneState, maneuver: Maneuver | str, template: ManeuverTemplate | None = None,
         rules: RuleSet = OFFICIAL) -> MovePlan:
    """Check a plotted maneuver for ``state``'s plane: every reason it is illegal and every push it
    needs, each with an explained target number (FASA p.23-26). Bad notation raises
    ``IllegalManeuverError``; a well-written maneuver that breaks a rule is returned with reasons."""
    m = as_maneuver(maneuver)
    template = template or ManeuverTemplate.default()
    arrow = template._arrows.get(m)
    return MovePlan(state, m, arrow, *verdict(state, m, arrow, template, rules))


def verdict(state: PlaneState, m: Maneuver, arrow: Arrow | None, template: ManeuverTemplate,
            rules: RuleSet = OFFICIAL) -> tuple[tuple[Reason, ...], tuple[Push, ...]]:
    """What ``plan`` finds for maneuver ``m`` on ``arrow`` (``template``'s arrow for it, or None):
    every reason it is illegal, then every push it needs (F.move.plot, F.move.push-target,
    p.23-26). The reachable sets ask this for hundreds of maneuvers and need no ``MovePlan``."""
    reasons: list[Reason] = []
    if arrow is None:
        jink = "no jinking" in template.why_not(m, cite=False)
        reasons.append(Reason("F.move.no-jink" if jink else "F.move.plot", template.why_not(m, cite=False)))
    elif ends_with_straight_tail(m, arrow) and not rules.enabled(SIDE_STEP_STRAIGHT_TAIL.name):
        side = "left" if m.direction is Direction.L else "right"
        reasons.append(Reason("F.move.no-jink", f"{m} turns {side} and then ends with a straight step, still facing "
                                                "straight ahead: no jinking (p.24)"))
    reasons += _rule_reasons(state, m, rules)
    pushes: tuple[Push, ...] = ()
    if arrow is not None:
        # position and facing never change a push, so the memoised helpers see the plane at the origin
        at_origin = (state.hex is ORIGIN or state.hex == ORIGIN) and state.facing is Facing.A  # `is`: the reach's keys
        key = state if at_origin else dataclasses.replace(state, hex=ORIGIN, facing=Facing.A)
        gs = _gs_pushes(key, m.direction, m.is_immelmann, arrow.gs)
        # a glide sheds one speed a turn: nothing to redline or stall
        pushes = gs if state.capabilities.gliding else _speed_pushes(key, m.speed) + gs
    return tuple(reasons), pushes


def verdict_chance(reasons: tuple[Reason, ...], pushes: tuple[Push, ...]) -> Fraction:
    """The chance a plot with these reasons and pushes flies exactly as plotted: every push roll
    must succeed; an illegal plot never does (F.move.illegal). (``MovePlan.chance``.)"""
    if reasons:
        return _ZERO
    if not pushes:
        return _ONE  # the common case; reachable sets ask for thousands of these
    p = None
    for push in pushes:
        if push.kind is not PushKind.STALL:  # a failed stall still ends in the destination
            c = _chance(push.target)
            p = c if p is None else p * c  # one push (the usual case): its own chance, no Fraction product
    return _ONE if p is None else p


# -- resolution -------------------------------------------------------------------------


class Outcome(str, Enum):
    AS_PLOTTED = "as plotted"
    RANDOM = "random movement"
    FLAREOUT = "flareout"


@dataclass(frozen=True)
class PushRoll:
    """One push rolled: the push, the die face and whether it succeeded."""

    push: Push
    face: int
    success: bool

    def __str__(self) -> str:
        return f"{self.push.target.what}: needs {self.push.target.total}, rolled {self.face}: {'success' if self.success else 'failure'}"


@dataclass(frozen=True)
class MoveResult:
    """What a plane did this movement phase, step by step, for a UI to replay (FASA p.24-26)."""

    plan: MovePlan
    outcome: Outcome
    rolls: tuple[PushRoll, ...]
    steps: tuple[Step, ...]
    fracture: tuple[tuple[str, int], ...]
    state_after: PlaneState
    random: RandomMovement | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def end(self) -> tuple[Hex, Facing]:
        return self.state_after.hex, self.state_after.facing

    @property
    def fracture_hits(self) -> dict[str, int]:
        return dict(self.fracture)

    @property
    def path(self) -> list[Hex]:
        """The start hex and every hex actually entered (plotted, random or flareout)."""
        entered = [s.hex for s in self.steps]
        if self.plan.maneuver.is_stall and self.outcome is Outcome.AS_PLOTTED:
            entered = []  # a stall turns in its own hex and enters none
        return [self.plan.state.hex, *entered]

    def log(self) -> list[str]:
        lines = [f"{self.plan.maneuver}: {self.outcome.value}"]
        lines += [f"  {r}" for r in self.rolls]
        lines += [f"  {n}" for n in self.notes]
        if self.random is not None and self.random.side_roll is not None:
            lines.append(f"  side die {self.random.side_roll}: turns go {'right' if self.random.turn_side is Direction.R else 'left'}")
        lines += [f"  {i}. {s}" for i, s in enumerate(self.steps, 1)]
        for loc, n in self.fracture:
            lines.append(f"  {n} fracture hit(s) on the {loc}")
        h, f = self.end
        lines.append(f"  ends in {h!r} facing {f.name} at speed {self.state_after.speed}")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.log())

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import move_result_html  # drawing, loaded only when a picture is asked for

        return move_result_html(self)


def _add(hits: dict[str, int], loc: str, n: int) -> None:
    if n > 0:
        hits[loc] = hits.get(loc, 0) + n


def after_state(state: PlaneState, hex: Hex, facing: Facing, speed: int, gs: int) -> PlaneState:
    """The plane next turn, having ended at ``hex``/``facing`` after a maneuver of ``speed`` and ``gs``."""
    return dataclasses.replace(state, hex=hex, facing=facing, speed=speed, last_gs=gs,
                               last_restricted=gs >= 3, smoke_turns=max(0, state.smoke_turns - 1))


def _plotted_steps(p: MovePlan) -> tuple[Step, ...]:
    assert p.arrow is not None
    hexes = p.arrow.path_hexes(p.state.hex, p.state.facing)
    f0 = int(p.state.facing)
    steps = [Step(h, d.turn(f0)) for h, d in zip(hexes, p.arrow.path)]
    if not steps:  # a stall turns in its own hex
        # the maneuver's letter counts from the plane's nose; the step's facing is on the map
        return (Step(p.state.hex, p.maneuver.facing.turn(f0),
                     note=f"stall: stays in its hex; arrow {p.maneuver.facing.name} of the template"),)
    if steps:
        last = steps[-1]
        steps[-1] = Step(last.hex, p.maneuver.facing.turn(f0), note=f"ends on arrow {p.maneuver.facing.name} of the template")
    return tuple(steps)


def resolve(p: MovePlan | PlaneState, dice: Dice, maneuver: Maneuver | str | None = None, *,
            template: ManeuverTemplate | None = None, rules: RuleSet = OFFICIAL) -> MoveResult:
    """Fly a plotted maneuver with ``dice`` (F.move.resolve, FASA p.24-26).

    Order: an illegal plot moves randomly at its speed (F.move.illegal). Otherwise the redline
    rolls come first (all of them; any failure is a flareout, F.move.redline/F.move.flareout),
    then a stall roll (failure: fracture hits on both leading edges, still ends in the
    destination, F.move.stall-push), then the Pushing-the-Gs roll (failure: random movement,
    F.move.push-gs). Pass a ``MovePlan``, or a ``PlaneState`` and a ``maneuver``.
    """
    if isinstance(p, PlaneState):
        if maneuver is None:
            raise RuleInputError("resolve needs a maneuver with a plane state", field="maneuver")
        p = plan(p, maneuver, template, rules)
    state, m = p.state, p.maneuver
    hits: dict[str, int] = {}
    if not p.legal:
        rm = random_movement(state.hex, state.facing, m.speed, m.turn_direction, dice)
        for loc, n in rm.fracture_hits.items():
            _add(hits, loc, n)
        h, f = rm.end
        return MoveResult(p, Outcome.RANDOM, (), rm.steps, tuple(hits.items()),
                          after_state(state, h, f, m.speed, p.gs or 0), rm,
                          ("illegal plot: random movement at its speed (F.move.illegal)",))
    rolls: list[PushRoll] = []

    def roll(push: Push) -> bool:
        r = push.target.resolve(dice)
        rolls.append(PushRoll(push, r.faces[0], r.success))
        return r.success

    redlines = [x for x in p.pushes if x.kind.redline]
    if redlines:
        ok = [roll(x) for x in redlines]  # both rolls are made, both must succeed
        if not all(ok):
            over = sum(x.over for x in redlines)
            _add(hits, NOSE, over)
            h = state.hex.neighbor(state.facing)
            # smoke for this turn's tailing phase and the next one's (F.move.flareout, p.26):
            # the next move's after_state spends one, leaving the next tailing check its +2
            after = dataclasses.replace(after_state(state, h, state.facing, 1, 0), smoke_turns=max(state.smoke_turns - 1, 2))
            return MoveResult(p, Outcome.FLAREOUT, tuple(rolls), (Step(h, state.facing, note="flareout: one hex straight"),),
                              tuple(hits.items()), after, None,
                              (f"flareout: speed drops to 1, the engine smokes this turn and next, "
                               f"{over} fracture hit(s) on the nose (F.move.flareout)",))
    notes = []
    for x in p.pushes:
        if x.kind is PushKind.STALL and not roll(x):
            _add(hits, PORT_LEADING, x.over)
            _add(hits, STARBOARD_LEADING, x.over)
            notes.append(f"failed stall: {x.over} fracture hit(s) on each wing's leading edge; "
                         "the plane still reaches its destination (F.move.stall-push)")
    gs_push = [x for x in p.pushes if x.kind in (PushKind.GS, PushKind.IMMELMANN, PushKind.RESTRICTED)]
    if gs_push and not roll(gs_push[0]):
        rm = random_movement(state.hex, state.facing, m.speed, m.turn_direction, dice)
        for loc, n in rm.fracture_hits.items():
            _add(hits, loc, n)
        h, f = rm.end
        notes.append("failed to push the Gs: random movement at the plotted speed (F.move.random)")
        return MoveResult(p, Outcome.RANDOM, tuple(rolls), rm.steps, tuple(hits.items()),
                          after_state(state, h, f, m.speed, p.gs or 0), rm, tuple(notes))
    h, f = p.end  # type: ignore[misc]
    return MoveResult(p, Outcome.AS_PLOTTED, tuple(rolls), _plotted_steps(p), tuple(hits.items()),
                      after_state(state, h, f, m.speed, p.gs or 0), None, tuple(notes))


def after_plotted(p: MovePlan) -> PlaneState:
    """The plane's state next turn if the maneuver is flown as plotted (no dice)."""
    if p.arrow is None:
        raise IllegalManeuverError(p.reasons[0].text if p.reasons else f"{p.maneuver} is not on the template")
    h, f = p.end  # type: ignore[misc]
    return after_state(p.state, h, f, p.maneuver.speed, p.arrow.gs)
