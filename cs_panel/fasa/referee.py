"""A referee for a small FASA game: plots, movement, shots and tailing turn by turn, as a log of
actions folded into a state (F.seq.phases, FASA p.13-14).

- ``Referee.start(seed, planes)`` opens a game; ``plot(name, "3L2F")`` records a plane's secret
  plot after checking it (an illegal plot is refused with every reason, F.move.plot); ``move()``
  flies every plot, planes that push last (F.move.resolve), pushes rolled with seeded dice;
  ``combat()`` lets each plane, in Quick Draw order (F.combat.order), fire each gun at an enemy in
  its forward column and range (F.combat.arc) or under the same-hex rule (F.combat.same-hex), with
  the explained to-hit number (F.hit.number); ``tailing()`` finds who tails whom
  (F.tail.position) and ends the turn. When a tailed plane plots next turn, the referee tells the
  tailer what the leader must reveal (F.tail.reveal).
- Every action is kept in ``Referee.log`` with the die faces it used, so the state is the fold of
  the log (``fold``) and replays without the random generator. ``dumps``/``loads`` of
  ``cs_panel.core.state`` save and load a ``Referee`` or a ``GameState`` at any point.
- On a laid-out map (``Referee.start(..., map_name="fighters", homes={"Ann": "south", ...})``,
  F.map.sheets) every plane starts on the map, each player has a home side at one end
  (F.setup), a plane whose move takes it off the map is gone, withdrawn or fled (F.roe.flee), and
  the game ends when only one player has planes left on the map (F.victory). Without a map the
  sky has no edge.
- Damage is marked on each plane's ``RecordSheet`` (``RefPlane.sheet``, built from its aircraft, or a
  sample sheet, and its pilot's Constitution). For one attacker's gun hits on a target: one
  hit-location d10 on the table of the target's hexside the attack comes through
  (F.hitloc.table), a d10 column per hit (F.dmg.column), the template of the gun's calibre and
  rounds (F.dmg.template), then widowing (F.dmg.widow). Lost components act at once
  (F.dmg.internal): a destroyed gun no longer fires, even later in the same phase; the plane
  flies with ``sheet.capabilities()`` from then on, so a plot its damage forbids is refused. A
  Constitution roll the damage asks for is rolled at once; a pilot who fails it is shocked
  (``PlaneState.shocked``) for the next turn (F.shock). Burning magnesium and drills go on at the
  end of the combat phase (turn step 8); a drill only from the turn after its hit. A plane cut in
  half, blown up or whose pilot dies leaves the game like a collision loss (``GameState.destroyed``,
  with why in ``losses``); so does a plane with its engine out once it has glided down to speed 0
  and hung there a turn: it falls at that turn's end, before tailing and the next plots
  (F.dmg.engine). Fracture hits from a failed push are marked too, each a one-box template at a
  rolled column.
- Before ``combat()`` a player may give a plane a fire order, ``fire(name, order)``
  (``FireOrder``, F.combat.choice): its guns (``"guns"``, or some of them, ``"gun 1, gun 2"``),
  doubled down (``"guns x2"``, ``"gun 1 x2"``: two to-hit rolls a gun, and any miss jams it from the
  next turn, F.gun.double-down), its rockets (``"rockets"``, ``"rocket 2"``, by hardpoint), an
  attempt to clear its jams (``"clear jams"``: one roll at 8 - Steady Hand for all of them, and no
  shot that phase, F.gun.jam-clear) or ``"hold"``, each with ``" at NAME"`` to choose the target.
  The order is checked when it is given, by the combat-choice core (guns or rockets, not both; no
  jammed gun fires), and against the plane (a destroyed gun, an empty hardpoint, a rocket destroyed
  by a hit on its hardpoint, F.dmg.rockets, an enemy out of reach, are refused by name); the
  referee answers with the exact odds of each number of hits as things stand. A plane with no
  order fires its guns as before. Rockets (``RefPlane.rockets``: AP, HE and drill, one a hardpoint,
  F.weap.loadout) roll with their +1 and their range (F.rocket.ap-he, F.hit.weapon-mod), leave
  their hardpoint empty, and each hit rolls its own location (F.hitloc.table) before the rocket's
  template is laid; a drill drills on in the step 8 of each later turn (F.rocket.drill). A beeper
  hit does no damage but tags the plane for its turn and four more (``RefPlane.beeper_turn``); a
  seeker at a tagged plane flies a V-shaped arc with no deflection, adding the Gs of the target's
  last maneuver (F.rocket.beeper-seeker); untagged, it flies as an AP rocket. Flak rockets are fired
  at a hex, ``"rocket 2 at hex 0,-1"`` (``"rockets at hex Q,R"``: every loaded flak rocket), up to 7
  hexes along the forward column: no to-hit roll (the order says so, and what the burst would catch
  as things stand); each waits in ``GameState.flak`` and bursts at the end of the next turn's
  movement phase, after any collision check: two hits on each plane in the hex (nose-on table), one
  on each plane around it (the table of the hexside it shows the hex), friend, foe and launcher
  alike, each hit located, then a column and the flak template (F.rocket.flak). Jammed guns show in
  the game's table and after each combat in the ``transcript``. Not handled yet: flare and sonic
  rockets, harpoons and turrets; several hexes in one order (one target an order). Bombs, the
  torpedo and the harpoon need ground, zeppelin or object targets this referee's games lack, so a
  plane loaded with them is refused by name (``field="rockets"``).
- Die faces a player types in (``parse_faces``) can resolve a move instead of seeded dice
  (``resolve_with_faces``); a component uses that to replay the rulebook's examples.

Readings of our own: the per-action dice are seeded from the game's seed and the action's place in
the log; a flak burst rolls a hit location for each of its hits, as rockets do; two planes in one hex nose to nose shoot at nose-to-nose deflection and range 0, one on
the other's tail at "directly behind". Enemies that end movement in one hex check for a collision
before combat (F.collide.piloted): each chooses a number with ``pick`` (secret, like a plot) and
``collide()`` reveals them; a plane that collides is destroyed (F.collide.damage; the optional
flak-damage rule is not offered). A player's two planes are a pilot and his wingman, who never
collide with each other, whatever their radios (p.27). The damage column is used as rolled: the referee
never shifts it for Steady Hand (F.pilot.sh-shift), the attacker keeping the roll. Guns fire AP
rounds unless ``RefPlane.ammunition`` says otherwise. A plane destroyed before its turn to fire
does not fire. Fire orders are given before any plane fires, so a slower pilot cannot change his
after seeing a faster one's shots (at a table he could); a gun or rocket destroyed by a faster
pilot's hit before its turn does not fire. A gun that jams while doubling down is marked jammed at
once (it has fired its two shots; it cannot fire again until the next phase anyway). With no
order, a plane whose every working gun is jammed spends the phase trying to clear them. Shock
from a hit lasts until the end of the next turn. A game logged before damage was marked does not
replay (its combat rolled fewer dice): ``fold`` says so with a ``SavedStateError``.

>>> ref = Referee.start(7, [demo_planes()[0]])
>>> ref = ref.plot("Ace", "3SA").move()
>>> ref.state.plane("Ace").plane.hex
Hex(0, 2)
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Mapping, Sequence

from cs_panel.core.dice import ChanceEvent, D10Check, Dice, ScriptedDice
from cs_panel.core.errors import CsPanelError, RuleInputError, SavedStateError
from cs_panel.core.explain import Modifier, TargetNumber, percent
from cs_panel.fasa.aircraft import plane as aircraft_plane
from cs_panel.fasa.arcs import SameHexPlane, can_fire, same_hex_fire
from cs_panel.fasa.bailout import BailoutCause, combat_bailout
from cs_panel.fasa.collisions import Flyer, SharedHex, resolve_shared_hex
from cs_panel.fasa.damage import Effect, RecordSheet, fracture_table, template_for
from cs_panel.fasa.deployed import (
    BEEPER_TURNS, BeeperTag, Loadout, deployed_weapons, flak_burst, rocket_number, seeker_can_fire, seeker_number,
)
from cs_panel.fasa.gunnery import (
    CombatAction, DamageColumn, DamageTable, DoubleDown, Shot, check_combat_action, hit_location, jam_clear_number,
    locate_hits, total_hit_odds,
)
from cs_panel.fasa.hexgrid import Facing, Hex, HexLayout, spiral
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError
from cs_panel.fasa.mapsheets import Edge, MapLayout, check_start, departure, layout, victory
from cs_panel.fasa.movement import Capabilities, MovePlan, MoveResult, PlaneState, plan, resolve
from cs_panel.fasa.pilots import Shooter, combat_order
from cs_panel.fasa.tailing import TailingPlane, reveal, tailing_phase
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_bool, check_choice, check_int, check_str, parse_int, short_repr
from cs_panel.fasa.tohit import Deflection, attack_hexside, check_skill, deflection_from, to_hit_number, weapons
from cs_panel.core.svg import returns_svg

# -- die faces typed by a player ----------------------------------------------------------------


class DieFacesError(RuleInputError):
    """Die faces typed in that cannot be used: not a d10 face, too few, or in the wrong box."""


_TOKEN = re.compile(r"[\s,;]+")


def parse_faces(text: str, field: str = "faces", sides: int = 10) -> tuple[int, ...]:
    """Read die faces typed as ``"10 9 8"`` (spaces or commas); each must be 1-``sides``
    (F.dice.d10, FASA p.11). Empty text is no faces.

    >>> parse_faces("10, 9 8")
    (10, 9, 8)
    """
    cap = LIMITS["line_chars"].hi
    if not isinstance(text, str):
        raise DieFacesError(f"die faces are typed as text, got {short_repr(text)}", field=field)
    if len(text) > cap:
        raise DieFacesError(f"{len(text)} characters of die faces; the limit is {cap} (project limit: "
                            f"{LIMITS['line_chars'].why})", field=field)
    out = []
    for tok in (t for t in _TOKEN.split(text.strip()) if t):
        # a face has at most two digits: no long number is ever converted
        if not tok.isdecimal() or len(tok) > 2 or not 1 <= int(tok) <= sides:
            raise DieFacesError(f"{tok!r} is not a face of a d{sides}: type whole numbers 1-{sides}, e.g. \"10 9 8\"",
                                field=field)
        out.append(int(tok))
    return tuple(out)


def random_movement_faces(speed: int, direction: Direction) -> int:
    """How many dice a random movement rolls: one per hex, plus the even/odd side die first for a
    straight maneuver (F.move.random, FASA p.26)."""
    return speed + (1 if direction is Direction.S and speed > 0 else 0)


@dataclass(frozen=True)
class EnteredMove:
    """A move resolved with faces typed in: the result and the faces that were not needed."""

    result: MoveResult
    unused: tuple[int, ...]


def resolve_with_faces(p: MovePlan, push_faces: Sequence[int], move_faces: Sequence[int]) -> EnteredMove:
    """Resolve a plan with typed faces: ``push_faces`` for the push rolls in the order they are
    rolled (redline, stall, then Pushing the Gs), ``move_faces`` for the random movement, if any
    (F.move.resolve, F.move.random; FASA p.24-26). A face in the wrong box or too few faces is a
    ``DieFacesError`` naming the box."""
    push_faces, move_faces = tuple(push_faces), tuple(move_faces)
    needed = len(p.pushes) if p.legal else 0
    what = ", ".join(x.target.what for x in p.pushes) if p.legal else ""
    if len(push_faces) > needed:
        raise DieFacesError(
            f"{p.maneuver} rolls at most {needed} push roll{'s' if needed != 1 else ''}" + (f" ({what})" if what else
            " (an illegal plot is not pushed: it moves randomly, F.move.illegal)") + f"; {len(push_faces)} given",
            field="push_faces")
    dice = ScriptedDice([*push_faces, *move_faces])
    try:
        result = resolve(p, dice)
    except RuleInputError as e:
        if "ran out" not in str(e):
            raise
        if len(push_faces) < needed:
            raise DieFacesError(f"{p.maneuver} needs {needed} push roll{'s' if needed != 1 else ''} ({what}); "
                                f"{len(push_faces)} given", field="push_faces") from None
        m = p.maneuver
        n = random_movement_faces(m.speed, m.turn_direction)
        side = " (the even/odd side die first, then one per hex)" if m.turn_direction is Direction.S else " (one per hex)"
        raise DieFacesError(f"the random movement at speed {m.speed} needs {n} facing-change roll{'s' if n != 1 else ''}"
                            f"{side}; {len(move_faces)} given", field="move_faces") from None
    if len(result.rolls) != len(push_faces):
        # the movement dice were read as push rolls: the push box is short
        raise DieFacesError(f"{p.maneuver} needs {len(result.rolls)} push roll{'s' if len(result.rolls) != 1 else ''} "
                            f"({what}); {len(push_faces)} given", field="push_faces")
    return EnteredMove(result, tuple(dice.remaining))


# -- the pieces of a game -----------------------------------------------------------------------


class RefereeError(RuleInputError):
    """An action the game does not allow now (wrong phase, unknown plane, plane already plotted)."""


class FireOrderError(RefereeError):
    """A fire order that cannot be read, or that names a gun, hardpoint or target the plane
    cannot use now (F.combat.choice, F.dmg.guns, F.dmg.rockets)."""


#: rockets the referee fires: those that roll to hit a plane and mark a template (F.rocket.ap-he, F.rocket.drill),
#: the beeper that tags a plane and the seeker that homes on the tag (F.rocket.beeper-seeker), and the flak
#: rocket, fired at a hex (F.rocket.flak)
REFEREE_ROCKETS = {"ap-rocket": "AP rocket", "he-rocket": "HE rocket", "drill": "drill rocket",
                   "flak-rocket": "flak rocket", "beeper": "beeper rocket", "seeker": "seeker rocket"}
#: rockets aimed at a hex rather than a plane (F.rocket.flak)
HEX_ROCKETS = ("flak-rocket",)
#: why the referee loads no other launched weapon: the rule each needs that its games lack
NOT_LOADED = {"bomb": "bombs are dropped on ground or zeppelin targets, and this referee's games have only planes (F.bomb)",
              "torpedo": "the torpedo is launched only at stationary ground or zeppelin targets, and this referee's "
                         "games have only planes (F.torpedo)",
              "harpoon": "a harpoon grabs objects, never planes, and this referee's games have no objects "
                         "(F.rocket.harpoon)"}

_ORDER_ITEM = re.compile(r"^(?:(guns)|gun (\d+)|(rockets)|(?:rocket|hardpoint) (\d+)|(clear jams))"
                         r"(?: (x2|double down|doubled down|doubled))?$")
_ORDER_HELP = ('write it as "guns", "guns x2" (doubled down), "gun 1 x2, gun 2", "rockets", "rocket 1, rocket 3", '
               '"clear jams" or "hold", with " at NAME" to choose the target (" at hex Q,R" for flak rockets)')
#: a hex named as a fire order's target: "hex 2,-1", "2, -1" or "Hex(2, -1)"
_HEX_TARGET = re.compile(r"(?:hex)?\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?", flags=re.IGNORECASE)


def hex_text(h: Hex) -> str:
    """A hex as fire orders write it: ``hex 2,-1``."""
    return f"hex {h.q},{h.r}"


@dataclass(frozen=True)
class FireOrder:
    """What one plane does in a combat phase, as its player says it (F.combat.choice,
    F.gun.double-down, F.gun.jam-clear; FASA p.33, 36).

    ``guns`` are (gunpoint, doubled down) pairs, gunpoint 0 meaning every gun that can fire;
    ``rockets`` are hardpoints, 0 meaning every loaded one; ``target`` names the plane to shoot at
    ("" lets the referee take the first enemy in reach, in firing order), or a hex for flak rockets,
    written ``hex Q,R`` (F.rocket.flak). Nothing to fire and no jams to clear is holding fire. The
    notation round-trips:

    >>> FireOrder.parse("gun 1 X2,  gun 2 at Raider")
    FireOrder(guns=((1, True), (2, False)), rockets=(), target='Raider', clear_jams=False)
    >>> str(FireOrder.parse("guns doubled down")), str(FireOrder()), str(FireOrder.parse("rocket 4 at 0, -2"))
    ('guns x2', 'hold', 'rocket 4 at hex 0,-2')
    """

    guns: tuple[tuple[int, bool], ...] = ()
    rockets: tuple[int, ...] = ()
    target: str = ""
    clear_jams: bool = False

    def __post_init__(self):
        most = LIMITS["count"].hi
        if not isinstance(self.guns, (tuple, list)) or not all(
                isinstance(g, (tuple, list)) and len(g) == 2 and isinstance(g[1], bool) for g in self.guns):
            raise FireOrderError(f"guns are (gunpoint, doubled down) pairs, got {short_repr(self.guns)}", field="guns")
        for n, _ in self.guns:
            check_int(n, "gun", 0, most, error=FireOrderError)
        if not isinstance(self.rockets, (tuple, list)):
            raise FireOrderError(f"rockets are hardpoint numbers, got {short_repr(self.rockets)}", field="rockets")
        for n in self.rockets:
            check_int(n, "hardpoint", 0, most, error=FireOrderError)
        object.__setattr__(self, "guns", tuple(tuple(g) for g in self.guns))
        object.__setattr__(self, "rockets", tuple(self.rockets))
        check_str(self.target, "target", empty_ok=True, error=FireOrderError)
        check_bool(self.clear_jams, "clear_jams", error=FireOrderError)

    @classmethod
    def parse(cls, text: "str | FireOrder") -> "FireOrder":
        if isinstance(text, FireOrder):
            return text
        if not isinstance(text, str):
            raise FireOrderError(f"a fire order is text, got {short_repr(text)}", field="order")
        if len(text) > LIMITS["line_chars"].hi:
            raise FireOrderError(f"a fire order of {len(text)} characters; the limit is {LIMITS['line_chars'].hi} "
                                 f"(project limit: {LIMITS['line_chars'].why})", field="order")
        words = " ".join(text.split())
        head, target = words, ""
        m = re.match(r"^(.*?)\s*\bat (.+)$", words, flags=re.IGNORECASE)
        if m:
            head, target = m.group(1), m.group(2).strip()
        guns: list[tuple[int, bool]] = []
        rockets: list[int] = []
        clear = False
        items = [x.strip() for x in head.lower().split(",")]
        if items == ["hold"] or items == ["hold fire"]:
            items = []
        for item in items:
            found = _ORDER_ITEM.match(item)
            if not found:
                raise FireOrderError(f"cannot read {item!r} in the fire order {str(text)!r}: {_ORDER_HELP}",
                                     field="order")
            all_guns, gun, all_rockets, rocket, clears, doubled = found.groups()
            if doubled and not (all_guns or gun):
                raise FireOrderError(f"only machine guns double down, not {item.split(' x2')[0]!r} (F.gun.double-down)",
                                     field="double_down")
            if all_guns or gun:
                guns.append((parse_int(gun, "gun", 1, LIMITS["count"].hi, error=FireOrderError) if gun else 0,
                             bool(doubled)))
            elif all_rockets or rocket:
                rockets.append(parse_int(rocket, "hardpoint", 1, LIMITS["count"].hi, error=FireOrderError)
                               if rocket else 0)
            elif clears:
                clear = True
        if target and not (guns or rockets):
            raise FireOrderError(f"{head or 'holding fire'!r} has no target: only guns and rockets are aimed",
                                 field="target")
        at_hex = _HEX_TARGET.fullmatch(target)
        if at_hex:
            target = hex_text(_target_hex(at_hex.group(1), at_hex.group(2)))
            if guns or clear:
                raise FireOrderError(f"only flak rockets are fired at a hex ({target}); guns fire at planes "
                                     "(F.rocket.flak, F.combat.choice)", field="target")
        for picked, every, what in (([g for g, _ in guns], 0, "guns"), (rockets, 0, "rockets")):
            if every in picked and len(picked) > 1:
                raise FireOrderError(f"say {what!r} for all of them or name each one, not both", field=what)
        return cls(tuple(guns), tuple(rockets), target, clear)

    def __str__(self) -> str:
        items = [("guns" if n == 0 else f"gun {n}") + (" x2" if doubled else "") for n, doubled in self.guns]
        items += ["rockets" if n == 0 else f"rocket {n}" for n in self.rockets]
        items += ["clear jams"] if self.clear_jams else []
        return (", ".join(items) or "hold") + (f" at {self.target}" if self.target else "")

    @property
    def holds(self) -> bool:
        return not (self.guns or self.rockets or self.clear_jams)

    @property
    def target_hex(self) -> Hex | None:
        """The hex the order's rockets are fired at, or None when it aims at a plane (F.rocket.flak)."""
        m = _HEX_TARGET.fullmatch(self.target) if self.target.startswith("hex ") else None
        return _target_hex(m.group(1), m.group(2)) if m else None


def _target_hex(q: str, r: str) -> Hex:
    """The hex a fire order names, its coordinates read within the project's limits."""
    lim = LIMITS["hex_coordinate"]
    return Hex(parse_int(q, "target", limit=lim, error=FireOrderError),
               parse_int(r, "target", limit=lim, error=FireOrderError))


#: what a plane with no fire order does: every gun that can fire, at the first enemy in reach
GUNS = FireOrder(((0, False),))


@dataclass(frozen=True)
class _Mount:
    """A gun or a hardpoint named by a fire order, with what it fires."""

    mount: str  # "gun 1", "hardpoint 2": the names the combat-choice core uses
    number: int
    weapon: str
    rounds: str = ""  # a gun's rounds; "" for a rocket
    doubled: bool = False

    @property
    def is_gun(self) -> bool:
        return self.mount.startswith("gun")

    @property
    def name(self) -> str:
        return str(weapons()[self.weapon]["name"])


class Phase(str, Enum):
    PLOT = "plot"  # every plane writes its maneuver in secret (F.seq.phases step 1)
    COLLIDE = "collide"  # enemies ended movement in one hex: numbers are chosen (step 2)
    COMBAT = "combat"  # after movement: weapons fire (steps 3-8)
    TAILING = "tailing"  # who tails whom for next turn (step 9)
    OVER = "over"  # the agreed number of turns has been flown


#: armour of the sample record sheet a plane gets when no aircraft is named (``sample`` data, invented)
SAMPLE_ARMOUR = (("nose", 30), ("tail", 30), ("port_wing_leading", 30), ("starboard_wing_leading", 30),
                 ("port_wing_trailing", 20), ("starboard_wing_trailing", 20))
SAMPLE_LAYOUT = "tractor"


@dataclass(frozen=True)
class RefPlane:
    """A plane in the game: its pilot, its movement state, its guns and its record sheet.

    ``aircraft`` names an entry of the aircraft table (``cs_panel.fasa.aircraft``) whose record
    sheet layout, armour and gunpoints the plane uses; left empty, the plane gets a sample
    front-engine sheet (``SAMPLE_ARMOUR``, invented). The sheet's undamaged performance is always
    the plane's own ``PlaneState`` ratings, so invented ratings stay what they were. ``constitution``
    is the pilot's (F.pilot.constitution); ``ammunition`` the rounds of each gun, AP, DD or MG
    (F.weap.mg, F.weap.loadout), all AP when not given. ``sheet`` is built from these when the
    plane is made and carries every box marked since (F.plane.record-sheet). ``hits_taken``
    still counts the hits scored on the plane; ``shocked_turn`` is the turn its pilot was last
    shocked in (F.shock). ``steady_hand`` is the pilot's, used to clear jams (F.gun.jam-clear);
    ``jammed`` the gunpoints jammed until cleared (F.gun.double-down). ``rockets`` names the rocket
    on each hardpoint, 1 first (``ap-rocket``, ``he-rocket``, ``drill``; ``""`` when empty), at most
    the aircraft's hardpoints, or 8 on the sample sheet (F.weap.loadout); a fired rocket leaves
    ``""`` behind. ``beeper_turn`` is the turn a beeper last hit the plane (0: never); seekers home on
    it that turn and the four after (F.rocket.beeper-seeker).
    """

    name: str
    player: str
    plane: PlaneState
    base_to_hit: int
    dead_eye: int = 0
    sixth_sense: int = 0
    quick_draw: int = 0
    guns: tuple[str, ...] = ("mg-50", "mg-50")
    hits_taken: int = 0
    fracture: tuple[tuple[str, int], ...] = ()
    aircraft: str = ""
    constitution: int = 3
    ammunition: tuple[str, ...] = ()
    sheet: RecordSheet | None = None
    shocked_turn: int = 0
    steady_hand: int = 0
    jammed: tuple[int, ...] = ()
    rockets: tuple[str, ...] = ()
    beeper_turn: int = 0

    def __post_init__(self):
        if not self.name:
            raise RefereeError("every plane needs a name", field="name")
        check_str(self.name, "name", error=RefereeError)
        check_str(self.player, "player", error=RefereeError)
        if not isinstance(self.plane, PlaneState):
            raise RefereeError(f"{self.name}: plane must be a PlaneState, got {short_repr(self.plane)}", field="plane")
        check_int(self.base_to_hit, "base_to_hit", limit="fasa.base_to_hit", error=RefereeError)
        check_int(self.hits_taken, "hits_taken", limit="fasa.hits_taken", error=RefereeError)
        check_int(self.constitution, "constitution", limit="fasa.constitution", error=RefereeError)
        for name in ("shocked_turn", "beeper_turn"):
            check_int(getattr(self, name), name, 0, LIMITS["turns"].hi, error=RefereeError)
        for name in ("guns", "ammunition", "rockets"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or not all(isinstance(x, str) for x in v):
                raise RefereeError(f"{self.name}: {name} is a list of ids, got {short_repr(v)}", field=name)
        if not isinstance(self.jammed, (tuple, list)):
            raise RefereeError(f"{self.name}: jammed is a list of gunpoints, got {short_repr(self.jammed)}", field="jammed")
        for g in self.jammed:
            check_int(g, "jammed", 1, LIMITS["count"].hi, error=RefereeError)
        if not isinstance(self.fracture, (tuple, list)) or not all(
                isinstance(f, (tuple, list)) and len(f) == 2 and isinstance(f[0], str) for f in self.fracture):
            raise RefereeError(f"{self.name}: fracture is a list of (location, hits), got {short_repr(self.fracture)}",
                               field="fracture")
        for _, n in self.fracture:
            check_int(n, "fracture", limit="fasa.hits_taken", error=RefereeError)
        if self.sheet is not None and not isinstance(self.sheet, RecordSheet):
            raise RefereeError(f"{self.name}: sheet must be a RecordSheet, got {short_repr(self.sheet)}", field="sheet")
        check_str(self.aircraft, "aircraft", empty_ok=True, error=RefereeError)
        for skill in ("dead_eye", "sixth_sense", "quick_draw", "steady_hand"):
            check_skill(getattr(self, skill), skill)
        object.__setattr__(self, "jammed", tuple(sorted(set(self.jammed))))
        object.__setattr__(self, "rockets", tuple(self.rockets))
        for g in self.guns:
            weapons()[g]  # an unknown weapon id fails here, naming the table
        if self.ammunition and len(self.ammunition) != len(self.guns):
            raise RefereeError(f"{self.name}: give the rounds of every gun ({len(self.guns)}), or none for all AP; "
                               f"got {list(self.ammunition)}", field="ammunition")
        for g, rounds in zip(self.guns, self.rounds):
            if g.startswith("mg-"):
                template_for(g, rounds)  # rounds other than AP, DD or MG fail here, naming the field
        if self.sheet is None:
            object.__setattr__(self, "sheet", self._fresh_sheet())
        self._check_rockets()
        caps = self.record.capabilities()
        if self.plane.capabilities != caps:  # a plane flies with what its damage leaves it (F.dmg.*)
            object.__setattr__(self, "plane", dataclasses.replace(self.plane, capabilities=caps))
        odd = [g for g in self.jammed if g not in self.gunpoints]
        if odd:
            raise RefereeError(f"{self.name}: no gun at gunpoint(s) {odd} to be jammed; its guns are at "
                               f"{list(self.gunpoints)}", field="jammed")

    def _check_rockets(self) -> None:
        """One rocket a hardpoint, numbered as the record sheet's rocket boxes; "" is an empty
        hardpoint (F.weap.loadout, p.41-42)."""
        for r in self.rockets:
            if r and r not in REFEREE_ROCKETS:
                known = deployed_weapons()
                why = next((v for k, v in NOT_LOADED.items() if r.startswith(k)), "")
                what = (f"a {known[r]['name']} is not fired by this referee" + (f": {why}" if why else "")
                        if r in known else f"unknown rocket {r!r}")
                raise RefereeError(f"{self.name}: {what}; it loads {', '.join(REFEREE_ROCKETS)} (one a hardpoint), "
                                   "or \"\" for an empty hardpoint", field="rockets")
        slots = 8  # the record sheet's rocket boxes R1-R8 (F.plane.record-sheet)
        if self.aircraft:
            slots = aircraft_plane(self.aircraft).hardpoints
            try:
                Loadout(slots, tuple(r for r in self.rockets if r))
            except RuleInputError as e:
                raise RefereeError(f"{self.name}: {e}", field="rockets") from None
        if len(self.rockets) > slots:
            raise RefereeError(f"{self.name}: {len(self.rockets)} hardpoints given, the plane has {slots} "
                               "(F.weap.loadout, FASA p.42)", field="rockets")

    def _fresh_sheet(self) -> RecordSheet:
        caps = self.plane.capabilities
        if self.aircraft:
            try:
                a = aircraft_plane(self.aircraft, field="aircraft")
            except RuleInputError as e:
                raise RefereeError(f"{self.name}: {e}", field="aircraft") from None
            sheet = RecordSheet.for_plane(a, constitution=self.constitution)
            return dataclasses.replace(sheet, base=caps)
        return RecordSheet(SAMPLE_LAYOUT, SAMPLE_ARMOUR, caps, self.constitution, name="sample fighter")

    @property
    def record(self) -> RecordSheet:
        """The plane's record sheet (built in ``__post_init__``, so never missing)."""
        assert self.sheet is not None
        return self.sheet

    @property
    def rounds(self) -> tuple[str, ...]:
        """Each gun's rounds: the loadout given, else armour-piercing (our reading, RULINGS.md)."""
        return self.ammunition or tuple("AP" for _ in self.guns)

    @property
    def gunpoints(self) -> tuple[int, ...]:
        """Where each gun sits on the record sheet: the aircraft's gunpoints when it names as many
        guns as the plane carries, else positions 1, 2, ... in order (F.plane.record-sheet)."""
        if self.aircraft:
            guns = aircraft_plane(self.aircraft).guns
            if len(guns) == len(self.guns):
                return tuple(g.gunpoint for g in guns)
        return tuple(range(1, len(self.guns) + 1))

    @property
    def working_guns(self) -> tuple[tuple[int, str, str], ...]:
        """(gunpoint, gun, rounds) of every gun not destroyed on the record sheet (F.dmg.guns)."""
        lost = self.record.guns_lost
        return tuple((gp, g, r) for gp, g, r in zip(self.gunpoints, self.guns, self.rounds) if gp not in lost)

    @property
    def jammed_guns(self) -> tuple[int, ...]:
        """Gunpoints of working guns that are jammed until cleared (F.gun.double-down, F.gun.jam-clear)."""
        lost = self.record.guns_lost
        return tuple(g for g in self.jammed if g not in lost)

    @property
    def loaded_rockets(self) -> tuple[tuple[int, str], ...]:
        """(hardpoint, rocket) of every rocket still on the plane and not destroyed (F.dmg.rockets)."""
        lost = self.record.rockets_lost
        return tuple((hp, r) for hp, r in enumerate(self.rockets, 1) if r and hp not in lost)

    def tagged(self, turn: int) -> bool:
        """Is a beeper's signal on this plane in ``turn`` (F.rocket.beeper-seeker: its turn and four more)?"""
        return bool(self.beeper_turn) and BeeperTag(self.beeper_turn).active(turn)

    def weapons_summary(self) -> str:
        """Every gun and hardpoint in a line: rounds, jammed, destroyed, fired."""
        guns_lost, rockets_lost = self.record.guns_lost, self.record.rockets_lost
        parts = []
        for gp, g, r in zip(self.gunpoints, self.guns, self.rounds):
            state = " destroyed" if gp in guns_lost else " JAMMED" if gp in self.jammed else ""
            parts.append(f"gun {gp} .{g.split('-')[1]} {r}{state}")
        for hp, r in enumerate(self.rockets, 1):
            state = "destroyed" if r and hp in rockets_lost else REFEREE_ROCKETS[r] if r else "empty"
            parts.append(f"hardpoint {hp} {state}")
        return ", ".join(parts) or "unarmed"

    @property
    def label(self) -> str:
        return f"{self.name} ({self.player})"

    def damage_summary(self) -> str:
        """What damage has done to the plane so far, in a line."""
        s = self.record
        if not s.marks:
            return "undamaged"
        parts = [f"{len(s.marks)} box(es) marked"]
        parts += [e.text for e in s.limits()]
        parts += [str(c) for c in s.continuing]
        if s.destruction:
            parts.append(s.destruction)
        return "; ".join(parts)


@dataclass(frozen=True)
class Tail:
    """A tailing position found at the end of a turn: the number decides what is revealed."""

    follower: str
    leader: str
    number: int

    def __post_init__(self):
        check_str(self.follower, "follower", error=RefereeError)
        check_str(self.leader, "leader", error=RefereeError)
        check_int(self.number, "number", -LIMITS["count"].hi, LIMITS["count"].hi, error=RefereeError)


@dataclass(frozen=True)
class Flak:
    """A flak rocket fired at a hex in a combat phase: it bursts at the end of the next turn's
    movement phase (F.rocket.flak, FASA p.42)."""

    launcher: str
    hex: Hex
    turn: int  # the turn it was fired in
    hardpoint: int

    def __post_init__(self):
        check_str(self.launcher, "launcher", error=RefereeError)
        if not isinstance(self.hex, Hex):
            raise RefereeError(f"a flak burst's hex must be a Hex, got {short_repr(self.hex)}", field="hex")
        check_int(self.turn, "turn", limit="turns", error=RefereeError)
        check_int(self.hardpoint, "hardpoint", 1, LIMITS["count"].hi, error=RefereeError)

    def __str__(self) -> str:
        return f"{hex_text(self.hex)} ({self.launcher}'s flak rocket from hardpoint {self.hardpoint}, fired in turn {self.turn})"


#: the kinds of action a FASA game's log holds
ACTION_KINDS = ("plot", "move", "pick", "collide", "fire", "combat", "tailing")


@dataclass(frozen=True)
class Action:
    """One entry of the game log: what was done, by which plane, and the die faces it used."""

    kind: str  # "plot", "move", "pick", "collide", "fire", "combat", "tailing"
    plane: str = ""
    maneuver: str = ""
    faces: tuple[int, ...] = ()

    def __post_init__(self):
        check_choice(self.kind, "action", ACTION_KINDS, error=RefereeError)
        check_str(self.plane, "plane", empty_ok=True, error=RefereeError)
        check_str(self.maneuver, "maneuver", empty_ok=True, max_chars=LIMITS["line_chars"].hi, error=RefereeError)
        if not isinstance(self.faces, (tuple, list)):
            raise SavedStateError(f"an action's faces are a list, got {short_repr(self.faces)}", field="faces")
        object.__setattr__(self, "faces", tuple(self.faces))
        for f in self.faces:  # every die this referee rolls is a d10 (F.dice.d10)
            check_int(f, "faces", limit="fasa.d10", error=SavedStateError)

    def __str__(self) -> str:
        who = f" {self.plane}" if self.plane else ""
        what = f" {self.maneuver}" if self.kind not in ("plot", "pick") and self.maneuver else (" (secret)" if self.kind in ("plot", "pick") else "")
        dice = f" dice {list(self.faces)}" if self.faces else ""
        return f"{self.kind}{who}{what}{dice}"


@dataclass(frozen=True)
class GameState:
    """The table after some actions: turn, phase, planes, this turn's plots and what was said."""

    turn: int
    phase: Phase
    planes: tuple[RefPlane, ...]
    max_turns: int = 3
    plots: tuple[tuple[str, str], ...] = ()  # (plane, notation), secret until the movement phase
    tails: tuple[Tail, ...] = ()  # found at the end of last turn, revealed as leaders plot
    paths: tuple[tuple[str, tuple[Hex, ...]], ...] = ()  # last movement, for the map
    report: tuple[str, ...] = ()  # what the referee said in the current turn
    history: tuple[str, ...] = ()  # everything said in earlier turns
    map_name: str = ""  # a mapsheet layout (F.map.sheets); "" for a sky without edges
    homes: tuple[tuple[str, Edge], ...] = ()  # (player, home side) on a laid-out map (F.setup)
    departed: tuple[tuple[str, str], ...] = ()  # (plane, what its leaving the map was) (F.roe.flee)
    outcome: str = ""  # who won, once the game is over (F.victory)
    players: tuple[str, ...] = ()  # every player at the start, for the victory check
    picks: tuple[tuple[str, int], ...] = ()  # collision numbers chosen this turn, secret until collide()
    destroyed: tuple[str, ...] = ()  # planes lost: mid-air collisions (F.collide.damage) or damage (F.dmg.*)
    losses: tuple[tuple[str, str], ...] = ()  # (plane, how it was lost) for planes lost to damage
    orders: tuple[tuple[str, str], ...] = ()  # (plane, fire order) given this combat phase, before combat()
    flak: tuple["Flak", ...] = ()  # flak rockets fired at hexes, waiting to burst (F.rocket.flak)

    def __post_init__(self):
        """The invariants play keeps, checked so that a saved table is refused, never repaired."""
        check_int(self.max_turns, "max_turns", limit="turns", error=RefereeError)
        check_int(self.turn, "turn", 1, self.max_turns + 1, error=RefereeError)
        if not isinstance(self.phase, Phase):
            object.__setattr__(self, "phase", check_choice(self.phase, "phase", [p.value for p in Phase],
                                                           error=RefereeError))
            object.__setattr__(self, "phase", Phase(self.phase))
        if not isinstance(self.planes, (tuple, list)) or not all(isinstance(p, RefPlane) for p in self.planes):
            raise RefereeError("planes must be a list of RefPlane", field="planes")
        if len(self.planes) > LIMITS["count"].hi:
            raise RefereeError(f"{len(self.planes)} planes; at most {LIMITS['count'].hi}", field="planes")
        names = [p.name for p in self.planes]
        if len(set(names)) != len(names):
            raise RefereeError(f"two planes share a name: {names}", field="planes")
        for name in ("destroyed", "players"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or not all(isinstance(x, str) for x in v):
                raise RefereeError(f"{name} is a list of names, got {short_repr(v)}", field=name)
            if len(set(v)) != len(v):
                raise RefereeError(f"{name} lists a name twice: {short_repr(v)}", field=name)
        flying = set(names)
        back = [n for n in self.destroyed if n in flying]
        if back:
            raise RefereeError(f"{back[0]!r} is both destroyed and flying", field="destroyed")
        for name in ("plots", "departed", "orders", "picks", "homes", "losses", "paths"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or not all(isinstance(x, (tuple, list)) and len(x) == 2 for x in v):
                raise RefereeError(f"{name} is a list of pairs, got {short_repr(v)}", field=name)
        for who, path in self.paths:
            if not isinstance(path, (tuple, list)) or not all(isinstance(h, Hex) for h in path):
                raise RefereeError(f"a path is a list of hexes, got {short_repr(path)}", field="paths")
            if len(path) > LIMITS["path_hexes"].hi:
                raise RefereeError(f"a path of {len(path)} hexes; at most {LIMITS['path_hexes'].hi}", field="paths")
        gone = {n for n, _ in self.departed}
        known = flying | set(self.destroyed) | gone
        for name in ("plots", "orders", "losses", "paths"):
            for who, _ in getattr(self, name):
                if who not in known:
                    raise RefereeError(f"{name} names {short_repr(who)}, a plane neither flying, destroyed nor "
                                       "departed", field=name)
        for who, n in self.picks:
            if who not in flying:
                raise RefereeError(f"picks names {short_repr(who)}, not a flying plane", field="picks")
            check_int(n, "picks", 1, LIMITS["fasa.d10"].hi, error=RefereeError)
        for who, order in self.orders:
            FireOrder.parse(order)
        for who, notation in self.plots:
            check_str(notation, "plots", max_chars=LIMITS["text_chars"].hi, error=RefereeError)
        if self.players and not {p.player for p in self.planes} <= set(self.players):
            raise RefereeError("a plane's player is not one of the game's players", field="players")
        for t in self.tails:
            if not isinstance(t, Tail) or t.follower not in known or t.leader not in known:
                raise RefereeError(f"a tail names a plane the game does not have: {short_repr(t)}", field="tails")
        for f in self.flak:
            if not isinstance(f, Flak) or f.launcher not in known:
                raise RefereeError(f"a flak burst names a plane the game does not have: {short_repr(f)}", field="flak")

    @property
    def map(self) -> MapLayout | None:
        return layout(self.map_name) if self.map_name else None

    def home_of(self, player: str) -> Edge:
        for who, edge in self.homes:
            if who == player:
                return edge
        raise RefereeError(f"{player} has no home side on this map", field="homes")

    def plane(self, name: str) -> RefPlane:
        for p in self.planes:
            if p.name == name:
                return p
        raise RefereeError(f"no plane called {name!r}; the planes are {[p.name for p in self.planes]}", field="plane")

    def plotted(self, name: str) -> str | None:
        return dict(self.plots).get(name)

    def order_of(self, name: str) -> FireOrder | None:
        """The fire order ``name`` gave this combat phase, if any (without one it fires its guns)."""
        given = dict(self.orders).get(name)
        return FireOrder.parse(given) if given is not None else None

    def plots_seen_by(self, player: str) -> dict[str, str]:
        """This turn's plots as ``player`` may see them: their own in full, the others' secret
        until the movement phase reveals them (F.move.plot, p.23)."""
        if self.phase is not Phase.PLOT:
            # flown and revealed to all; a plane since lost no longer has a player to ask about
            return dict(self.plots)
        return {name: (m if self.plane(name).player == player else "secret") for name, m in self.plots}

    @property
    def waiting_for(self) -> list[str]:
        """Planes that still have to plot this turn, or to choose a collision number."""
        if self.phase is Phase.COLLIDE:
            picked = dict(self.picks)
            return [n for n in self.choosers if n not in picked]
        return [p.name for p in self.planes if self.phase is Phase.PLOT and self.plotted(p.name) is None]

    @property
    def shared_hexes(self) -> tuple[SharedHex, ...]:
        """Hexes where planes ended movement together and some pair must check (F.collide.piloted, p.27).

        A player's two planes are the lead pilot and the wingman, who never collide with each other,
        even with a radio destroyed (p.27); a destroyed radio (F.dmg.radio) matters only between
        teammates who are not a pair."""
        by_hex: dict[Hex, list[RefPlane]] = {}
        for p in self.planes:
            by_hex.setdefault(p.plane.hex, []).append(p)
        out = []
        for h in sorted(by_hex):
            here = by_hex[h]
            if len(here) < 2:
                continue
            flyers = []
            for p in here:
                mates = [q.name for q in self.planes if q.player == p.player and q.name != p.name]
                flyers.append(Flyer(p.name, p.player, radio=p.record.radio_ok,
                                    partner=mates[0] if len(mates) == 1 else None))
            shared = SharedHex(tuple(flyers))
            if shared.pairs:
                out.append(shared)
        return tuple(out)

    @property
    def choosers(self) -> list[str]:
        """Planes that must secretly choose a collision number this turn."""
        return [n for shared in self.shared_hexes for n in shared.choosers]

    def to_svg(self, radius: int = 3, size: float = 18.0) -> str:
        return map_svg(self, radius, size)

    def _repr_html_(self) -> str:
        return self.table_html()

    def table_html(self, with_map: bool = True) -> str:
        """The game as HTML: the step, the map (unless ``with_map`` is False, for a view that draws
        the map itself), each plane's row and the last action's report."""
        lines = "".join(f"<li>{html.escape(x)}</li>" for x in self.report)
        head = (f"Turn {self.turn}: game over" if self.phase is Phase.OVER
                else f"Turn {self.turn}: next, {_next_step(self)}")
        if self.outcome:
            head += f". {self.outcome}"
        if self.destroyed:
            how = dict(self.losses)
            crashed = [n for n in self.destroyed if n not in how]
            if crashed:
                head += f". Destroyed in collisions: {', '.join(crashed)}"
            shot = [n for n in self.destroyed if n in how]
            if shot:
                head += f". Shot down: {', '.join(shot)}"
        if self.flak:
            head += ". Flak waiting to burst over " + "; ".join(map(str, self.flak))
        if self.map:
            sides = ", ".join(f"{who} {edge.value}" for who, edge in self.homes)
            gone = "; ".join(f"{n} {how}" for n, how in self.departed)
            head += f". Map: {self.map} (home sides: {sides})" + (f"; off the map: {gone}" if gone else "")
        planes = "".join(
            f"<tr><td>{html.escape(p.label)}{' (shocked)' if p.plane.shocked else ''}</td>"
            f"<td>{p.plane.hex!r} facing {p.plane.facing.name}</td>"
            f"<td>speed {p.plane.speed}</td><td>{p.hits_taken}</td>"
            f"<td>{html.escape(p.weapons_summary())}</td>"
            f"<td>{html.escape(p.damage_summary())}"
            + (f"<details><summary>record sheet</summary>{p.record._repr_svg_()}</details>" if p.record.marks else "")
            + f"</td><td>{html.escape(', '.join(f'{n} {loc}' for loc, n in p.fracture) or '-')}</td></tr>"
            for p in self.planes)
        table = ("<table class='cs-breakdown'><tr><td><b>plane</b></td><td><b>where</b></td><td><b>speed</b></td>"
                 f"<td><b>hits taken</b></td><td><b>weapons</b></td><td><b>damage</b></td><td><b>fracture hits</b></td></tr>{planes}</table>")
        drawing = f"<div>{self.to_svg()}</div>" if with_map else ""
        return (f"<div class='cs-referee'><p><b>{html.escape(head)}</b></p>{drawing}{table}"
                f"<ul>{lines}</ul></div>")


# -- the rules of each action ------------------------------------------------------------------


def _replace_plane(state: GameState, new: RefPlane) -> tuple[RefPlane, ...]:
    return tuple(new if p.name == new.name else p for p in state.planes)


def _need(state: GameState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise RefereeError(f"cannot {what} in the {state.phase.value} phase of turn {state.turn}; "
                           f"the game is waiting for: {_next_step(state)}", field="action")


def _next_step(state: GameState) -> str:
    if state.phase is Phase.PLOT:
        waiting = state.waiting_for
        return f"plots from {', '.join(waiting)}" if waiting else "move()"
    if state.phase is Phase.COLLIDE:
        waiting = state.waiting_for
        return f"collision numbers from {', '.join(waiting)}" if waiting else "collide()"
    if state.phase is Phase.COMBAT:
        given = ", ".join(f"{n}: {o}" for n, o in state.orders)
        return f"combat() (fire orders given: {given})" if given else "combat() (or first fire orders)"
    return {Phase.TAILING: "tailing()", Phase.OVER: "nothing: the game is over"}[state.phase]


def _plot(state: GameState, action: Action) -> GameState:
    _need(state, Phase.PLOT, "plot")
    rp = state.plane(action.plane)
    if state.plotted(rp.name) is not None:
        raise RefereeError(f"{rp.name} has already plotted this turn", field="plane")
    p = plan(rp.plane, action.maneuver)  # bad notation raises IllegalManeuverError(field="maneuver")
    if not p.legal:
        raise IllegalManeuverError(f"{rp.name} cannot fly {p.maneuver}: " + "; ".join(map(str, p.reasons)),
                                   reasons=p.reasons)
    said = [f"{rp.label} has plotted a maneuver"]
    for t in state.tails:
        if t.leader == rp.name:
            told = reveal(t.number, str(p.maneuver))
            said.append(f"{t.follower} tails {rp.name} (tailing number {t.number}): {rp.name} reveals {told}")
    return dataclasses.replace(state, plots=state.plots + ((rp.name, str(p.maneuver)),), report=state.report + tuple(said))


def _move(state: GameState, dice: Dice) -> GameState:
    _need(state, Phase.PLOT, "move")
    if state.waiting_for:
        raise RefereeError(f"still waiting for plots from {', '.join(state.waiting_for)}", field="action")
    plans = []
    for rp in state.planes:
        plotted = state.plotted(rp.name)
        assert plotted is not None  # waiting_for is empty: every plane has plotted this turn
        plans.append((rp, plan(rp.plane, plotted)))
    # planes that push move last, since they may move randomly (F.move.resolve, p.24)
    order = [x for x in plans if not x[1].pushes] + [x for x in plans if x[1].pushes]
    said = ["movement phase: plots revealed: " + ", ".join(f"{rp.name} {p.maneuver}" for rp, p in plans)]
    planes = state.planes
    paths = []
    departed = state.departed
    for rp, p in order:
        if p.pushes:  # a pusher announces what it pushes and the number it needs (F.move.resolve, p.24)
            said.append(f"{rp.name} pushes the envelope: " + "; ".join(f"{x.target.what}: {x.target}" for x in p.pushes))
        r = resolve(p, dice)
        said += [f"{rp.name}: {line.strip()}" for line in r.log()]
        fracture = dict(rp.fracture)
        for loc, n in r.fracture:
            fracture[loc] = fracture.get(loc, 0) + n
        new = dataclasses.replace(rp, plane=r.state_after, fracture=tuple(fracture.items()))
        for loc, n in r.fracture:  # each fracture hit is a one-box template at a rolled column (F.move.random)
            for _ in range(n):
                new = _place(new, fracture_table(loc), "fracture", f"{rp.name}: fracture hit on the {loc}", dice,
                             state.turn, said)
        if r.fracture:
            new = _widow(new, dice, state.turn, said)
        planes = tuple(new if x.name == rp.name else x for x in planes)
        paths.append((rp.name, tuple(r.path)))
        gone = departure(state.map, state.home_of(rp.player), r.path, rp.name) if state.map else None
        if gone is not None:  # off the map is out of the game (F.roe.flee, p.14)
            flown = list(r.path)
            paths[-1] = (rp.name, tuple(flown[:flown.index(gone.at) + 2]))  # drawn up to the first hex beyond the edge
            planes = tuple(x for x in planes if x.name != rp.name)
            departed += ((rp.name, "fled" if gone.fled else "withdrew"),)
            said.append(str(gone))
    # the departed are recorded with the planes they leave, so every table in between keeps the
    # invariants a saved game is checked against
    moved = _remove_lost(dataclasses.replace(state, planes=planes, departed=departed), {p.name: p for p in planes}, said)
    moved = dataclasses.replace(moved, phase=Phase.COMBAT, paths=tuple(paths), report=state.report + tuple(said))
    moved = _check_victory(moved)
    if moved.phase is Phase.OVER:
        return moved
    if not moved.shared_hexes:
        return _burst_flak(moved, dice)  # last turn's flak bursts after movement and collisions (F.seq.phases)
    # enemies in one hex: each shows a number at the same moment (F.collide.piloted, p.27)
    said = []
    for shared in moved.shared_hexes:
        names = " and ".join(f.name for f in shared.flyers)
        where = moved.plane(shared.flyers[0].name).plane.hex
        said.append(f"{names} end in the same hex, {where!r}: collision check (F.collide.piloted, p.27): "
                    f"{', '.join(shared.choosers)} choose a number 1-10 in secret"
                    + (f"; {', '.join(shared.rollers)} roll theirs" if shared.rollers else ""))
    return dataclasses.replace(moved, phase=Phase.COLLIDE, picks=(), report=moved.report + tuple(said))


def _pick(state: GameState, action: Action) -> GameState:
    _need(state, Phase.COLLIDE, "choose a collision number")
    rp = state.plane(action.plane)
    if rp.name not in state.choosers:
        raise RefereeError(f"{rp.name} has no collision number to choose this turn; choosing: {state.choosers}",
                           field="plane")
    if rp.name in dict(state.picks):
        raise RefereeError(f"{rp.name} has already chosen a number", field="plane")
    text = action.maneuver.strip()
    if not text.isdigit() or len(text) > 2 or not 1 <= int(text) <= 10:
        raise RefereeError(f"{rp.name} must choose a whole number 1-10, got {action.maneuver!r} "
                           "(F.collide.piloted, FASA p.27)", field="number")
    return dataclasses.replace(state, picks=state.picks + ((rp.name, int(text)),),
                               report=state.report + (f"{rp.label} has chosen a number",))


def _collide(state: GameState, dice: Dice) -> GameState:
    _need(state, Phase.COLLIDE, "resolve collisions")
    if state.waiting_for:
        raise RefereeError(f"still waiting for collision numbers from {', '.join(state.waiting_for)}", field="action")
    picks = dict(state.picks)
    said, lost = [], set()
    for shared in state.shared_hexes:
        result = resolve_shared_hex(shared.flyers, {n: picks[n] for n in shared.choosers}, dice)
        said.append(f"collision check: {result}")
        for name in sorted(result.collided):
            lost.add(name)
            said.append(f"{name} is destroyed in the mid-air collision; its crew must bail out (F.collide.damage, p.28)")
    planes = tuple(p for p in state.planes if p.name not in lost)
    after = dataclasses.replace(state, planes=planes, phase=Phase.COMBAT, picks=(),
                                destroyed=state.destroyed + tuple(sorted(lost)), report=state.report + tuple(said))
    after = _check_victory(after)
    return after if after.phase is Phase.OVER else _burst_flak(after, dice)


def _burst_flak(state: GameState, dice: Dice) -> GameState:
    """Flak fired last turn bursts now, at the end of the movement phase, once collisions are
    resolved (F.rocket.flak, F.seq.phases, p.13, 42): two hits on every plane in the hex, on the
    nose-on table, one on every plane in the six hexes around it, on the table of the hexside it
    shows the burst; friend or foe, the launcher too. Each hit rolls its own location (our reading,
    as a rocket's), then a column and the flak template; widowing after each plane's hits."""
    due = [f for f in state.flak if f.turn < state.turn]
    if not due:
        return state
    said: list[str] = []
    planes = {p.name: p for p in state.planes}
    template = template_for("flak-rocket").id
    for f in due:
        burst = flak_burst(f.hex, [(p.name, p.plane.hex, p.plane.facing) for p in planes.values()
                                   if not _lost_to_damage(p)])
        caught = ", ".join(f"{b.plane} {b.hits} hit{'s' if b.hits != 1 else ''}" for b in burst)
        said.append(f"flak bursts over {f} (F.rocket.flak): " + (caught or "no plane is in its mega-hex"))
        for b in burst:
            t = planes[b.plane]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + b.hits)
            where = ("in the burst's hex: the nose-on table" if b.hits == 2
                     else f"beside it, showing it hexside {b.location.hexside.name}")
            rolls = [b.location.resolve(dice) for _ in range(b.hits)]
            for i, roll in enumerate(rolls, 1):
                said.append(f"  {b.plane} ({where}), flak hit {i} of {b.hits}: hit location d10 {roll.faces[0]} -> "
                            f"{roll.outcome.label} table (F.hitloc.table)")
            for i, roll in enumerate(rolls, 1):
                t = _place(t, roll.outcome, template, f"flak hit {i} on {b.plane}", dice, state.turn, said)
            planes[b.plane] = _widow(t, dice, state.turn, said)
    after = _remove_lost(state, planes, said)
    after = dataclasses.replace(after, flak=tuple(f for f in state.flak if f not in due),
                                report=state.report + tuple(said))
    return _check_victory(after)


def _check_victory(state: GameState) -> GameState:
    """End the game when one player (or none) has planes left (F.victory, p.15): planes leave by
    flying off a laid-out map or by being destroyed."""
    players = [who for who, _ in state.homes] if state.homes else list(state.players)
    if len(players) < 2:
        return state
    result = victory({player: sum(p.player == player for p in state.planes) for player in players})
    if not result.over:
        return state
    report = state.report + (str(result), "the game is over")
    return dataclasses.replace(state, phase=Phase.OVER, outcome=str(result), report=report,
                               history=state.history + tuple(f"turn {state.turn}: {x}" for x in report))


def _shot_geometry(a: RefPlane, b: RefPlane, gun: str) -> tuple[bool, Deflection | None, int, str, Facing | None]:
    """May ``a`` fire ``gun`` at ``b``, at which deflection and range, through which of ``b``'s
    hexsides (for the hit location table, F.hitloc.table), and why not."""
    pa, pb = a.plane, b.plane
    if pa.hex == pb.hex:
        rule = same_hex_fire(SameHexPlane(pa.facing, pa.speed, pa.natural_touch, a.name),
                             SameHexPlane(pb.facing, pb.speed, pb.natural_touch, b.name))
        if not rule.a_fires:
            return False, None, 0, str(rule), None
        # our reading: nose to nose is nose to nose (hexside A); on the same heading the shot is
        # from directly behind (hexside D)
        if pb.facing == pa.facing.reverse:
            return True, Deflection.NOSE_TO_NOSE, 0, str(rule), Facing.A
        return True, Deflection.DIRECTLY_BEHIND, 0, str(rule), Facing.D
    check = can_fire(pa.hex, pa.facing, pb.hex, weapons()[gun]["range"])
    if not check:
        return False, None, check.range, "; ".join(check.reasons), None
    side = attack_hexside(pb.hex, pb.facing, pa.hex)
    return True, deflection_from(pb.hex, pb.facing, pa.hex), check.range, str(check), side


# -- marking damage (F.dmg.*) ----------------------------------------------------------------------


def _with_sheet(rp: RefPlane, sheet: RecordSheet) -> RefPlane:
    """The plane with its new record sheet, flying with the performance the damage leaves it
    (F.dmg.engine, F.dmg.elevator, F.dmg.rudder, ...: ``RefPlane`` takes ``RecordSheet.capabilities``)."""
    return dataclasses.replace(rp, sheet=sheet)


def _effect_text(e: Effect) -> str:
    return f"{e.text} ({e.rule})"


def _crew_rolls(rp: RefPlane, effects: Sequence[Effect], dice: Dice, turn: int, said: list[str]) -> RefPlane:
    """Roll every Constitution roll the damage asks for, at once (F.dmg.canopy, F.dmg.pilot, F.shock,
    p.36, 39): a pilot who fails goes into shock (``PlaneState.shocked``) and must fly straight next
    turn; a pilot already shocked rolls at +2. The referee has no turret gunners, so a gunner's roll
    is made and told, and nothing follows from it."""
    for e in effects:
        if e.roll is None:
            continue
        tn = e.roll
        if e.who == "pilot" and rp.plane.shocked:
            tn = dataclasses.replace(tn, terms=tn.terms + (Modifier(2, "already shocked", "F.shock"),))
        roll = tn.resolve(dice)
        head = f"{rp.name}'s {e.who} rolls against shock ({e.rule}, F.shock): needs {tn} -- rolled {roll.faces[0]}"
        if e.who != "pilot":
            said.append(f"{head}: {'keeps his head' if roll.success else 'shocked'} (no turret gunners in this "
                        "game: nothing follows)")
        elif roll.success:
            said.append(f"{head}: keeps control")
        else:
            rp = dataclasses.replace(rp, plane=dataclasses.replace(rp.plane, shocked=True), shocked_turn=turn)
            said.append(f"{head}: SHOCKED -- a straight maneuver next turn, +2 to every roll (F.shock)")
    return rp


def _components(sheet: RecordSheet, codes: Sequence[str]) -> str:
    comps = sheet.diagram.components
    return ", ".join(comps[c].name if c in comps else c for c in codes)


def _place(rp: RefPlane, table: DamageTable, template_id: str, what: str, dice: Dice, turn: int,
           said: list[str], range_hexes: int = 0) -> RefPlane:
    """One hit: roll its damage column (F.dmg.column; no Steady Hand shift, RULINGS.md), lay the
    template (F.dmg.template) and roll any shock it causes."""
    if rp.record.destroyed:
        said.append(f"  {what}: {rp.name} is already destroyed, the hit is not marked")
        return rp
    column = DamageColumn().resolve(dice).outcome.rolled
    r = rp.record.hit(table, column, template_id, range_hexes=range_hexes, turn=turn)
    line = (f"  {what}: {table.label} table, column {column} (d10, F.dmg.column), template {template_id} "
            f"(F.dmg.template): {len(r.destroyed)} box(es) destroyed, {r.lost} lost")
    if r.components:
        line += f"; lost: {_components(r.sheet, r.components)}"
    said.append(line)
    said += [f"    {_effect_text(e)}" for e in r.effects]
    rp = _with_sheet(rp, r.sheet)
    return _crew_rolls(rp, r.effects, dice, turn, said)


def _widow(rp: RefPlane, dice: Dice, turn: int, said: list[str]) -> RefPlane:
    """Widowing after one attacker's hits (F.dmg.widow, p.38)."""
    if rp.record.destroyed:
        return rp
    w = rp.record.widow()
    if not w.widowed:
        return rp
    line = f"  widowing (F.dmg.widow): {len(w.widowed)} box(es) cut off from the centre are destroyed"
    if w.components:
        line += f"; lost: {_components(w.sheet, w.components)}"
    said.append(line)
    said += [f"    {_effect_text(e)}" for e in w.effects if e.rule != "F.dmg.widow"]
    return _crew_rolls(_with_sheet(rp, w.sheet), w.effects, dice, turn, said)


def _lost_to_damage(rp: RefPlane) -> str | None:
    """Why damage has taken the plane out of the game, or None (F.dmg.cut, F.dmg.fuel, F.dmg.pilot)."""
    s = rp.record
    if s.destruction:
        return s.destruction
    if s.pilot_dead:
        return "the pilot is dead (F.dmg.pilot)"
    return None


def _remove_lost(state: GameState, planes: Mapping[str, RefPlane], said: list[str]) -> GameState:
    """Take planes destroyed by damage out of the game, as a collision loss is (F.victory)."""
    lost = [p for p in planes.values() if _lost_to_damage(p)]
    for p in lost:
        why = _lost_to_damage(p)
        bail = "" if p.record.pilot_dead else "; its crew must bail out (F.bail.combat)"
        said.append(f"{p.name} is destroyed: {why}{bail}")
    gone = {p.name for p in lost}
    return dataclasses.replace(
        state, planes=tuple(planes[p.name] for p in state.planes if p.name not in gone),
        destroyed=state.destroyed + tuple(p.name for p in lost),
        losses=state.losses + tuple((p.name, _lost_to_damage(p) or "") for p in lost))


# -- fire orders (F.combat.choice, F.gun.double-down, F.gun.jam-clear, F.rocket.ap-he) ---------------


def _mounts(rp: RefPlane, order: FireOrder, said: list[str] | None = None) -> list[_Mount]:
    """The guns and hardpoints ``order`` fires. While the order is given (``said`` is None) a gun
    or hardpoint the plane cannot use is refused by name; when it is carried out, after faster
    pilots have fired, one destroyed since is left out and told in ``said`` (F.dmg.internal).
    "rockets" means the loaded rockets aimed as the order aims: flak at a hex, the others at a
    plane (F.rocket.flak); a rocket named on a hardpoint and aimed the other way is refused."""
    strict = said is None
    at_hex = order.target_hex is not None
    aim = "a hex" if at_hex else "a plane"
    guns = {gp: (g, r) for gp, g, r in zip(rp.gunpoints, rp.guns, rp.rounds)}
    guns_lost, rockets_lost = rp.record.guns_lost, rp.record.rockets_lost
    out: list[_Mount] = []
    for n, doubled in order.guns:
        if n == 0:
            working = [gp for gp, _, _ in rp.working_guns]
            free = [gp for gp in working if gp not in rp.jammed]
            if strict and not working:
                raise FireOrderError(f"{rp.name} has no gun left to fire (F.dmg.guns)", field="guns")
            if said is not None and len(free) < len(working):
                said.append(f"{rp.name}'s jammed gun(s) {', '.join(str(g) for g in working if g not in free)} cannot "
                            "fire until cleared (F.gun.jam-clear)")
            # every gun jammed: name them all, and the combat-choice check refuses the order
            picked = free or (working if strict else [])
            out += [_Mount(f"gun {gp}", gp, guns[gp][0], guns[gp][1], doubled) for gp in picked]
        elif n not in guns:
            raise FireOrderError(f"{rp.name} has no gun {n}: its guns are at {', '.join(map(str, guns))}", field="guns")
        elif n in guns_lost:
            if strict:
                raise FireOrderError(f"{rp.name}'s gun {n} is destroyed and cannot fire (F.dmg.guns)", field="guns")
        else:
            out.append(_Mount(f"gun {n}", n, guns[n][0], guns[n][1], doubled))
    for n in order.rockets:
        if n == 0:
            gone = [hp for hp, r in enumerate(rp.rockets, 1) if r and hp in rockets_lost]
            aimed = [(hp, r) for hp, r in rp.loaded_rockets if (r in HEX_ROCKETS) == at_hex]
            if strict and not rp.loaded_rockets:
                raise FireOrderError(f"{rp.name} has no rocket left to fire" + (
                    f" (destroyed on hardpoint(s) {', '.join(map(str, gone))}, F.dmg.rockets)" if gone else ""),
                    field="rockets")
            if strict and not aimed:
                other = ("flak rockets are fired at a hex: write \"rockets at hex Q,R\"" if not at_hex
                         else "only flak rockets are fired at a hex")
                raise FireOrderError(f"{rp.name} has no rocket left to fire at {aim}: {other} (F.rocket.flak)",
                                     field="rockets")
            if said is not None and gone:
                said.append(f"{rp.name}'s rocket(s) on hardpoint(s) {', '.join(map(str, gone))} are destroyed and "
                            "cannot fire (F.dmg.rockets)")
            out += [_Mount(f"hardpoint {hp}", hp, r) for hp, r in aimed]
        elif not 1 <= n <= len(rp.rockets):
            raise FireOrderError(f"{rp.name} has no hardpoint {n}: it carries {len(rp.rockets)} "
                                 f"({rp.weapons_summary()})", field="rockets")
        elif not rp.rockets[n - 1]:
            raise FireOrderError(f"{rp.name}'s hardpoint {n} is empty: each rocket fires once, and that one is gone "
                                 "(F.weap.loadout)", field="rockets")
        elif (rp.rockets[n - 1] in HEX_ROCKETS) != at_hex:
            kind = REFEREE_ROCKETS[rp.rockets[n - 1]]
            raise FireOrderError(f"{rp.name}'s {kind} on hardpoint {n} is fired at "
                                 f"{'a plane' if at_hex else 'a hex'}, not {aim}" + (
                                     "" if at_hex else f": write \"rocket {n} at hex Q,R\"") + " (F.rocket.flak)",
                                 field="rockets")
        elif n in rockets_lost:
            if said is None:
                raise FireOrderError(f"{rp.name}'s rocket on hardpoint {n} was destroyed by a hit and cannot fire "
                                     "(F.dmg.rockets)", field="rockets")
            said.append(f"{rp.name}'s rocket on hardpoint {n} was destroyed before it could fire (F.dmg.rockets)")
        else:
            out.append(_Mount(f"hardpoint {n}", n, rp.rockets[n - 1]))
    return out


def _to_hit(shooter: RefPlane, target: RefPlane, m: _Mount, deflection: Deflection, rng: int) -> TargetNumber:
    """The explained to-hit number of one gun or rocket: a rocket adds its weapon modifier
    (F.hit.number, F.hit.weapon-mod, F.rocket.ap-he)."""
    if m.is_gun:
        return to_hit_number(target.base_to_hit, deflection, rng, shooter.dead_eye, m.weapon, shooter.plane.shocked)
    return rocket_number(m.weapon, target.base_to_hit, deflection, rng, shooter.dead_eye, shooter.plane.shocked)


def _aim(shooter: RefPlane, target: RefPlane, m: _Mount, turn: int = 0,
         ) -> tuple[bool, TargetNumber | None, int, str, Facing | None]:
    """May ``m`` fire at ``target``; if so its explained to-hit number, the range, why not, and the
    hexside the attack comes through. A seeker at a plane a beeper tagged (in ``turn``) flies its
    own way: a V-shaped arc (our reading: the 60-degree front arc), range 4, no deflection, plus the
    Gs of the target's last maneuver (F.rocket.beeper-seeker); otherwise the usual geometry
    (``_shot_geometry``) and number (``_to_hit``)."""
    a, b = shooter.plane, target.plane
    if m.weapon == "seeker" and target.tagged(turn) and a.hex != b.hex:
        d = a.hex.distance(b.hex)
        reach = int(weapons()["seeker"]["range"])
        problems = []
        if not seeker_can_fire(a.hex, a.facing, b.hex, tagged=True):
            problems.append("the target is outside the seeker's V-shaped front arc")
        if d > reach:
            problems.append(f"the target is {d} hexes away, beyond the seeker's range of {reach}")
        if problems:
            return False, None, d, "; ".join(problems) + " (F.rocket.beeper-seeker)", None
        tn = seeker_number(target.base_to_hit, b.last_gs, d, shooter.dead_eye, a.shocked, tagged=True)
        return True, tn, d, f"{target.name} is tagged: V-shaped arc, range {d}", attack_hexside(b.hex, b.facing, a.hex)
    ok, deflection, rng, why, side = _shot_geometry(shooter, target, m.weapon)
    if not ok or deflection is None:
        return False, None, rng, why, side
    return True, _to_hit(shooter, target, m, deflection, rng), rng, why, side


def _double_down_odds(dd: DoubleDown) -> str:
    o = dd.hit_odds()
    return f"0/1/2 hits {percent(o[0])}/{percent(o[1])}/{percent(o[2])}, jams {percent(dd.jam_chance)}"


def attack_odds(shooter: RefPlane, target: RefPlane, mounts: Sequence[_Mount], turn: int = 0) -> str:
    """The odds of an attack as things stand: the exact chance of each number of hits, from the
    same checks the referee rolls (``total_hit_odds``: a doubled-down gun counts 0-2), and the chance
    that some doubled-down gun jams (F.hit.number, F.gun.double-down). ``turn`` tells whether a
    beeper's tag guides seekers (F.rocket.beeper-seeker)."""
    events: list[ChanceEvent] = []
    doubled: list[DoubleDown] = []
    for m in mounts:
        ok, tn, _, _, _ = _aim(shooter, target, m, turn)
        if not ok or tn is None:
            continue
        if m.doubled:
            doubled.append(DoubleDown.of(tn))
            events.append(doubled[-1])
        else:
            events.append(D10Check(tn.total))
    if not events:
        return f"nothing reaches {target.name}"
    odds = total_hit_odds(events)
    text = "chance of " + ", ".join(f"{k} hit{'s' if k != 1 else ''} {percent(p)}" for k, p in odds.items())
    if doubled:
        clear = math.prod(1 - dd.jam_chance for dd in doubled)
        text += f"; chance of a jam {percent(1 - clear)}"
    return text


def _fire(state: GameState, action: Action) -> GameState:
    """A plane's fire order for this combat phase, checked when it is given (F.combat.choice,
    F.gun.double-down, F.gun.jam-clear, p.33, 36); a later order replaces an earlier one."""
    _need(state, Phase.COMBAT, "give a fire order")
    rp = state.plane(action.plane)
    order = FireOrder.parse(action.maneuver)
    enemies = [p for p in state.planes if p.player != rp.player]
    target = None
    if order.target and order.target_hex is None:
        target = next((p for p in state.planes if p.name == order.target), None)
        if target is None or target.player == rp.player:
            why = f"no plane called {order.target!r}" if target is None else f"{target.name} flies for {rp.player} too"
            raise FireOrderError(f"{rp.name} cannot fire at {order.target}: {why}; the enemies are "
                                 f"{[p.name for p in enemies]}", field="target")
    aim_hex = order.target_hex
    if aim_hex is not None:
        target = None  # a hex, not a plane (F.rocket.flak)
    mounts = _mounts(rp, order)
    shots = tuple(Shot(m.mount, m.weapon, order.target or "the enemy", m.doubled) for m in mounts)
    # guns or rockets, not both; no jammed gun fires; clearing jams is all a pilot does (core rules)
    check_combat_action(CombatAction(shots, order.clear_jams), [f"gun {g}" for g in rp.jammed_guns])
    line = f"{rp.label} orders: {order}"
    if aim_hex is not None:
        line += f": {_flak_forecast(state, rp, mounts, aim_hex)}"
    elif order.clear_jams:
        line += f": clearing jammed gun(s) {', '.join(map(str, rp.jammed_guns))} needs " \
                f"{jam_clear_number(rp.steady_hand, rp.plane.shocked)} (F.gun.jam-clear)"
    elif order.holds:
        line += " (holds fire)"
    else:
        reach = [e for e in enemies if any(_aim(rp, e, m, state.turn)[0] for m in mounts)]
        if target is not None:
            if target not in reach:
                reasons = sorted({_aim(rp, target, m, state.turn)[3] for m in mounts})
                raise FireOrderError(f"{rp.name} cannot reach {target.name} with {order}: {' / '.join(reasons)} "
                                     "(F.combat.arc)", field="target")
            line += f": as things stand, {attack_odds(rp, target, mounts, state.turn)}"
        elif len(reach) == 1:
            line += (f" ({reach[0].name}, the one enemy in reach): as things stand, "
                     f"{attack_odds(rp, reach[0], mounts, state.turn)}")
        elif reach:
            line += (f": {', '.join(e.name for e in reach)} are in reach, the first in firing order is shot at "
                     "(add 'at NAME' to choose)")
        else:
            line += ": no enemy is in reach now"
    before = state.order_of(rp.name)
    if before is not None:
        line += f" (instead of {before})"
    orders = tuple(x for x in state.orders if x[0] != rp.name) + ((rp.name, str(order)),)
    return dataclasses.replace(state, orders=orders, report=state.report + (line,))


def _flak_forecast(state: GameState, rp: RefPlane, mounts: Sequence[_Mount], aim: Hex) -> str:
    """Check flak rockets fired at ``aim`` (in the forward column, within range 7, on the map;
    F.rocket.flak, F.combat.arc, F.weap.loadout) and say what they do: no to-hit roll, a burst for
    certain at the end of next turn's movement, and what it would catch were the planes not to move."""
    reach = int(deployed_weapons()["flak-rocket"]["range"])
    check = can_fire(rp.plane.hex, rp.plane.facing, aim, reach)
    if not check:
        why = "it is the plane's own hex" if rp.plane.hex == aim else "; ".join(check.reasons)
        raise FireOrderError(f"{rp.name} cannot fire flak at {hex_text(aim)}: {why} (a flak rocket flies up to {reach} "
                             "hexes along the forward column, F.rocket.flak, F.combat.arc)", field="target")
    if state.map is not None and aim not in state.map:
        raise FireOrderError(f"{hex_text(aim)} is off the {state.map.name} map (F.map.sheets)", field="target")
    n = len(mounts)
    burst = flak_burst(aim, [(p.name, p.plane.hex, p.plane.facing) for p in state.planes])
    now = ", ".join(f"{b.plane} {b.hits} hit{'s' if b.hits != 1 else ''}" for b in burst) or "no plane"
    return (f"{n} flak rocket{'s' if n != 1 else ''} at {check.range} hexes: no to-hit roll, "
            f"{'each bursts' if n > 1 else 'it bursts'} for certain (100%) at the end of turn {state.turn + 1}'s "
            f"movement phase (F.rocket.flak); were nobody to move, each burst would give {now}")


def _fire_flak(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, mounts: Sequence[_Mount], aim: Hex,
               placed: list[Flak], said: list[str]) -> None:
    """Flak rockets fired at a hex: no to-hit roll; each leaves its hardpoint empty and waits to
    burst at the end of the next movement phase (F.rocket.flak, F.weap.loadout)."""
    left = list(planes[shooter.name].rockets)
    for m in mounts:
        left[m.number - 1] = ""
        placed.append(Flak(shooter.name, aim, state.turn, m.number))
        said.append(f"{shooter.name} fires the flak rocket on hardpoint {m.number} at {hex_text(aim)}: no to-hit roll; "
                    f"it bursts at the end of turn {state.turn + 1}'s movement phase (F.rocket.flak)")
    planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))


def _clear_jams(rp: RefPlane, dice: Dice, said: list[str]) -> RefPlane:
    """One roll at 8 - Steady Hand (+2 shocked) clears every jammed gun; the pilot fires nothing
    this phase (F.gun.jam-clear, p.36)."""
    if not rp.jammed_guns:
        said.append(f"{rp.name} has no jammed gun left to clear, and fires nothing (F.gun.jam-clear)")
        return rp
    tn = jam_clear_number(rp.steady_hand, rp.plane.shocked)
    roll = tn.resolve(dice)
    guns = ", ".join(map(str, rp.jammed_guns))
    said.append(f"{rp.name} works on its jammed gun(s) {guns} instead of firing: needs {tn} -- rolled {roll.faces[0]}: "
                + ("cleared, they can fire next combat phase" if roll.success else "still jammed")
                + " (F.gun.jam-clear)")
    return dataclasses.replace(rp, jammed=()) if roll.success else rp


def _fire_guns(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, mounts: Sequence[_Mount],
               enemies: Sequence[RefPlane], dice: Dice, said: list[str]) -> None:
    """The guns of one order at the first of ``enemies`` they reach (F.combat.choice): each gun a
    to-hit roll, or two when doubled down (F.gun.double-down); one hit-location roll for all the
    hits (F.hitloc.table), a column and the gun's template per hit, then widowing."""
    for target in enemies:
        hits: list[tuple[str, str, int]] = []
        shots, refused, side = 0, [], None
        jams: list[int] = []
        for m in mounts:
            ok, deflection, rng, why, hexside = _shot_geometry(shooter, target, m.weapon)
            if not ok:
                refused.append((m.name, why))
                continue
            assert deflection is not None  # _shot_geometry names a deflection whenever the shot is allowed
            tn = _to_hit(shooter, target, m, deflection, rng)
            shots += 1
            if m.doubled:
                dd = DoubleDown.of(tn)
                roll = dd.resolve(dice)
                result = roll.outcome
                hits += [(m.weapon, m.rounds, rng)] * result.hits
                side = hexside if result.hits else side
                if result.jammed:
                    jams.append(m.number)
                said.append(f"{shooter.name} doubles down on a {m.name} (gun {m.number}) at {target.name}: needs {tn} "
                            f"on each of two dice ({_double_down_odds(dd)}) -- rolled {roll.faces[0]} and "
                            f"{roll.faces[1]}: {dd.describe_outcome(result)} (F.gun.double-down)")
                continue
            roll = tn.resolve(dice)
            if roll.success:
                hits.append((m.weapon, m.rounds, rng))
                side = hexside
            said.append(f"{shooter.name} fires a {m.name} at {target.name}: needs {tn} -- rolled "
                        f"{roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
        _tell_refused(said, shooter, target, refused, shots, "fire")
        if jams:  # jammed from the next turn on, until cleared (F.gun.double-down, p.36)
            planes[shooter.name] = dataclasses.replace(planes[shooter.name], jammed=shooter.jammed + tuple(jams))
        if hits:
            assert side is not None  # a hit came through some hexside
            t = planes[target.name]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + len(hits))
            # one location roll for all of this attacker's gun hits (F.hitloc.table, p.36)
            where = hit_location(side).resolve(dice)
            table = where.outcome
            said.append(f"{target.name} takes {len(hits)} hit{'s' if len(hits) != 1 else ''} through hexside "
                        f"{side.name}: hit location d10 {where.faces[0]} -> {table.label} table (F.hitloc.table)")
            for gun, rounds, rng in hits:
                t = _place(t, table, template_for(gun, rounds).id, f"{weapons()[gun]['name']} ({rounds})",
                           dice, state.turn, said, range_hexes=rng)
            t = _widow(t, dice, state.turn, said)  # after all of one attacker's hits (F.dmg.widow, p.38)
            planes[target.name] = t
        if shots:
            break  # a plane's guns fire at one target (F.combat.choice, p.33)


def _tell_refused(said: list[str], shooter: RefPlane, target: RefPlane, refused: Sequence[tuple[str, str]],
                  shots: int, what: str) -> None:
    """Say why weapons of an order could not reach the target: all at once if none fired, else one by one."""
    if refused and not shots:
        said.append(f"{shooter.name} cannot {what} at {target.name}: " + " / ".join(sorted({why for _, why in refused})))
    else:
        said += [f"{shooter.name}'s {name} cannot reach {target.name}: {why}" for name, why in refused]


def _fire_rockets(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, mounts: Sequence[_Mount],
                  enemies: Sequence[RefPlane], dice: Dice, said: list[str]) -> None:
    """The rockets of one order at the first of ``enemies`` they reach: each a to-hit roll with the
    rocket's +1 and range 4 (7 for a drill) (F.rocket.ap-he, F.hit.weapon-mod), each fired rocket
    gone from its hardpoint, each hit its own hit-location roll (F.hitloc.table), then a column and
    the rocket's template; a drill drills on from next turn's step 8 (F.rocket.drill). Widowing after them all."""
    for target in enemies:
        hits: list[tuple[_Mount, int]] = []
        shots, refused, side = 0, [], None
        fired: list[int] = []
        tags = 0
        for m in mounts:
            ok, tn, rng, why, hexside = _aim(shooter, target, m, state.turn)
            if not ok or tn is None:
                refused.append((f"{m.name} on hardpoint {m.number}", why))
                continue
            roll = tn.resolve(dice)
            shots += 1
            fired.append(m.number)
            side = hexside
            if roll.success and m.weapon == "beeper":
                tags += 1  # a beeper does no damage: it tags (F.rocket.beeper-seeker)
            elif roll.success:
                hits.append((m, rng))
            said.append(f"{shooter.name} fires the {m.name} on hardpoint {m.number} at {target.name}: needs {tn} -- "
                        f"rolled {roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
        _tell_refused(said, shooter, target, refused, shots, "fire rockets")
        if fired:  # a rocket fires once: its hardpoint is empty from now on (F.weap.loadout, p.41)
            left = list(planes[shooter.name].rockets)
            for n in fired:
                left[n - 1] = ""
            planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))
            said.append(f"{shooter.name}'s hardpoint(s) {', '.join(map(str, fired))} now empty")
        if tags:
            planes[target.name] = dataclasses.replace(planes[target.name], beeper_turn=state.turn)
            said.append(f"{target.name} is tagged by the beeper: no damage, but seekers home on it through turn "
                        f"{state.turn + BEEPER_TURNS} (F.rocket.beeper-seeker)")
        if hits:
            assert side is not None
            t = planes[target.name]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + len(hits))
            located = locate_hits(hit_location(side), dice, rocket_hits=len(hits))  # one roll per rocket hit
            for (m, _), where in zip(hits, located.rolls):
                said.append(f"{target.name} takes the {m.name}'s hit through hexside {side.name}: hit location d10 "
                            f"{where.faces[0]} -> {where.outcome.label} table (F.hitloc.table, a roll per rocket)")
            for (m, rng), table in zip(hits, located.rocket_tables):
                t = _place(t, table, template_for(m.weapon).id, f"{m.name} (hardpoint {m.number})", dice, state.turn,
                           said, range_hexes=rng)
            t = _widow(t, dice, state.turn, said)
            planes[target.name] = t
        if shots:
            break  # lethal rockets fire at one target (F.combat.choice, p.33)


def _combat(state: GameState, dice: Dice) -> GameState:
    _need(state, Phase.COMBAT, "fire")
    # highest Quick Draw fires first; tied pilots roll a d10 each, again while still tied
    # (F.combat.order, p.34): the pilots' rules' own roll-off
    firing = combat_order([Shooter(p.name, p.quick_draw) for p in state.planes], dice)
    by_name = {p.name: p for p in state.planes}
    in_order = [by_name[n] for n in firing.names]
    said = ["combat phase: firing order " + ", ".join(f"{p.name} (Quick Draw {p.quick_draw})" for p in in_order)]
    said += [f"tie broken on d10s: {text}" for text in firing.tie_texts()]
    planes = {p.name: p for p in state.planes}
    placed: list[Flak] = []
    for name in firing.names:
        shooter = planes[name]  # as damaged by those who fired before (F.dmg.internal: at once)
        if _lost_to_damage(shooter):
            said.append(f"{name} is destroyed before it can fire")
            continue
        broken = [(gp, g) for gp, g in zip(shooter.gunpoints, shooter.guns) if gp in shooter.record.guns_lost]
        if broken:
            said.append(f"{name}'s destroyed gun(s) cannot fire: " + ", ".join(
                f"gun {gp} ({weapons()[g]['name']})" for gp, g in broken) + " (F.dmg.guns)")
        enemies = [planes[n] for n in firing.names if planes[n].player != shooter.player and not _lost_to_damage(planes[n])]
        order = state.order_of(name)
        if order is None:
            order = GUNS
            working = [gp for gp, _, _ in shooter.working_guns]
            if working and all(gp in shooter.jammed for gp in working):
                # our reading: with no order, a pilot whose every gun is jammed spends the phase clearing them
                said.append(f"{name} has no fire order and every gun jammed: the pilot tries to clear them")
                order = FireOrder(clear_jams=True)
        if order.clear_jams:
            planes[name] = _clear_jams(shooter, dice, said)
            continue
        if order.holds:
            said.append(f"{name} holds fire")
            continue
        aim = order.target_hex
        if aim is not None:
            mounts = _mounts(shooter, order, said)
            if mounts:
                _fire_flak(state, planes, shooter, mounts, aim, placed, said)
            else:
                said.append(f"{name} has no flak rocket left to fire")
            continue
        if order.target:
            chosen = planes.get(order.target)
            if chosen is None or _lost_to_damage(chosen):
                said.append(f"{name}'s target {order.target} is out of the fight: {name} holds fire")
                continue
            enemies = [chosen]
        if not enemies:
            said.append(f"{shooter.name} has no enemy to fire at")
        mounts = _mounts(shooter, order, said)
        if not mounts:
            said.append(f"{shooter.name} has no {'gun' if order.guns else 'rocket'} left to fire")
            continue
        if order.rockets:
            _fire_rockets(state, planes, shooter, mounts, enemies, dice, said)
        else:
            _fire_guns(state, planes, shooter, mounts, enemies, dice, said)
    # step 8 of the turn: burning magnesium and drilling rockets (F.seq.phases, F.weap.magnesium, F.rocket.drill)
    for p in state.planes:
        rp = planes[p.name]
        if not rp.record.continuing or _lost_to_damage(rp):
            continue
        r = rp.record.continuing_damage(dice, turn=state.turn)  # a drill hit this turn waits for the next
        for cont in rp.record.continuing:
            if cont.kind == "drill" and cont.turn == state.turn:
                said.append(f"{rp.name}: the drill rocket in {cont.table.label} column {cont.column} hit this turn; it "
                            "may drill on from next turn's step 8 (F.rocket.drill)")
        for roll in r.rolls:
            said.append(f"{rp.name}: drill rocket rolls {roll.faces[0]}: {'drills on' if roll.success else 'stops'} "
                        "(F.rocket.drill)")
        for step in r.steps:
            said.append(f"{rp.name}: continuing damage (step 8) in {step.hit.table.label} column {step.hit.column}: "
                        f"{len(step.destroyed)} box(es) destroyed" + (f"; lost: {_components(step.sheet, step.components)}"
                                                                        if step.components else ""))
        said += [f"    {_effect_text(e)}" for e in r.effects]
        planes[p.name] = _crew_rolls(_with_sheet(rp, r.sheet), r.effects, dice, state.turn, said)
    after = _remove_lost(state, planes, said)
    after = dataclasses.replace(after, phase=Phase.TAILING, orders=(), report=state.report + tuple(said),
                                flak=state.flak + tuple(placed))
    return _check_victory(after)


def _fall(state: GameState) -> GameState:
    """Planes whose engine is out and that have hung a turn at speed 0 fall at the end of that
    turn: destroyed, with why in ``losses``, their crews bailing out, before anyone plots again
    (F.dmg.engine, F.dmg.fuel, F.bail.combat, p.31, 39); then the victory check (F.victory)."""
    fallen = [p for p in state.planes if p.plane.falling]
    if not fallen:
        return state
    said = []
    losses = []
    for p in fallen:
        why = ("the engine destroyed" if p.record.lost("engine") else "every fuel tank gone" if p.record.tanks_left == 0
               else "the engine out")
        losses.append((p.name, f"with {why} it glided to speed 0, hung there a turn and fell (F.dmg.engine)"))
        bail = combat_bailout(BailoutCause.ENGINE, p.sixth_sense, p.quick_draw, p.plane.shocked)
        said.append(f"{p.name} has hung at speed 0 for its turn with {why} and falls: it is destroyed (F.dmg.engine, "
                    f"p.39); its crew must bail out (F.bail.combat: the pilot needs {bail})")
    gone = {p.name for p in fallen}
    after = dataclasses.replace(state, planes=tuple(p for p in state.planes if p.name not in gone),
                                destroyed=state.destroyed + tuple(p.name for p in fallen),
                                losses=state.losses + tuple(losses), report=state.report + tuple(said))
    return _check_victory(after)


def _tailing(state: GameState) -> GameState:
    _need(state, Phase.TAILING, "check tailing")
    # a plane that has hung its turn at speed 0 with no engine falls before tailing and the next plots
    state = _fall(state)
    if state.phase is Phase.OVER:
        return state
    tplanes = [TailingPlane(p.plane.hex, p.plane.facing, p.plane.speed, p.sixth_sense, p.plane.smoking,
                            p.plane.shocked, p.name) for p in state.planes]
    found = tailing_phase(tplanes, {p.name: p.player for p in state.planes})
    tails = tuple(Tail(t.follower.name, t.leader.name, t.number().total) for t in found)
    said = [f"tailing phase: {t.follower} tails {t.leader}, tailing number {t.number}: next turn {t.leader} "
            f"reveals {reveal(t.number, '1SA').level.value}" for t in tails] or ["tailing phase: nobody tails anybody"]
    # shock lasts for the turn after the one it struck in (F.shock, p.36: straight maneuver next turn)
    planes = []
    for p in state.planes:
        if p.plane.shocked and p.shocked_turn < state.turn:
            p = dataclasses.replace(p, plane=dataclasses.replace(p.plane, shocked=False))
            said.append(f"{p.name}'s pilot recovers from shock (F.shock)")
        planes.append(p)
    over = state.turn >= state.max_turns
    report = state.report + tuple(said)
    state = dataclasses.replace(state, planes=tuple(planes))
    history = state.history + tuple(f"turn {state.turn}: {x}" for x in report)
    if over:
        return dataclasses.replace(state, phase=Phase.OVER, tails=tails, report=report + ("the game is over",),
                                   history=history)
    return dataclasses.replace(state, turn=state.turn + 1, phase=Phase.PLOT, plots=(), tails=tails, report=(),
                               history=history)


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
              homes: Mapping[str, str | Edge] | None = None, start_depth: int | None = None) -> "Referee":
        """Open a game. With ``map_name`` (a mapsheet layout, F.map.sheets) every player needs a
        home side, the two players' at opposite ends (F.setup); ``start_depth`` also checks that
        each plane starts within that many rows of its home side, as a standard dogfight does."""
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
        if not map_name:
            if homes or start_depth:
                raise RefereeError("home sides and starting rows need a map: give map_name too", field="map_name")
            return cls(seed, GameState(1, Phase.PLOT, tuple(planes), max_turns, players=tuple(sorted({p.player for p in planes}))))
        m = layout(map_name)  # an unknown name raises, listing the layouts
        players = sorted({p.player for p in planes})
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
                                   players=tuple(players)))

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
        ``" at NAME"`` to choose the target; flak rockets take ``" at hex Q,R"`` (F.rocket.flak). Checked at once, with the odds as things stand; a later
        order for the same plane replaces it. A plane with no order fires its guns normally."""
        return self.act(Action("fire", plane, str(FireOrder.parse(order))))

    def combat(self) -> "Referee":
        return self.act(Action("combat"))

    def tailing(self) -> "Referee":
        return self.act(Action("tailing"))

    def undo(self) -> "Referee":
        """Take back the last action if it was a plot or a fire order: dice rolled and plots
        revealed stay."""
        if not self.log or self.log[-1].kind not in ("plot", "fire"):
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


# -- the map ------------------------------------------------------------------------------------

PLANE_COLOURS = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f")


@returns_svg
def map_svg(state: GameState, radius: int = 3, size: float = 18.0) -> str:
    """An SVG of the planes, their facings and last movement paths, drawn without any widget library."""
    radius = check_int(radius, "radius", limit="map_radius", error=RefereeError)
    layout = HexLayout(size=size)
    region: set[Hex] = set()
    for p in state.planes:
        region |= set(spiral(p.plane.hex, radius))
    for _, path in state.paths:
        for h in path:
            region |= set(spiral(h, 1))
    xs, ys = [], []
    for h in region:
        for x, y in layout.corners(h):
            xs.append(x)
            ys.append(y)
    pad = 4
    x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad

    def pt(x: float, y: float) -> str:
        return f"{x - x0:.1f},{y1 - y:.1f}"  # SVG's y runs down

    parts = []
    # colours by name, so a plane keeps its colour when another leaves the map
    names = sorted({p.name for p in state.planes} | {n for n, _ in state.departed} | {n for n, _ in state.paths})
    colour = {n: PLANE_COLOURS[i % len(PLANE_COLOURS)] for i, n in enumerate(names)}
    field = state.map
    for h in sorted(region):
        pts = " ".join(pt(*c) for c in layout.corners(h))
        off = field is not None and h not in field  # beyond the map's edge: shaded
        look = "fill='#cbd5e0' class='off-map'" if off else "fill='#f7fafc'"
        parts.append(f"<polygon points='{pts}' {look} stroke='#a0aec0' stroke-width='0.8'/>")
    for name, path in state.paths:
        if len(path) > 1:
            pts = " ".join(pt(*layout.center(h)) for h in path)
            parts.append(f"<polyline points='{pts}' fill='none' stroke='{colour[name]}' stroke-width='2' "
                         "stroke-dasharray='4 3' opacity='0.7'/>")
    for p in state.planes:
        cx, cy = layout.center(p.plane.hex)
        a = -int(p.plane.facing) * math.pi / 3  # facing A points up the map; B-F clockwise
        tri = [(0, size * 0.75), (-size * 0.4, -size * 0.5), (0, -size * 0.25), (size * 0.4, -size * 0.5)]  # an arrowhead
        pts = " ".join(pt(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in tri)
        parts.append(f"<polygon points='{pts}' fill='{colour[p.name]}' stroke='black' stroke-width='1'/>")
        lx, ly = pt(cx, cy - size * 1.05).split(",")
        parts.append(f"<text x='{lx}' y='{ly}' font-size='{size * 0.6:.0f}' text-anchor='middle'>{html.escape(p.name)}</text>")
    desc = "; ".join(f"{p.name} at {p.plane.hex!r} facing {p.plane.facing.name}" for p in state.planes)
    width, height = x1 - x0, y1 - y0
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' "
            f"class='cs-referee-map'><desc>{html.escape(desc)}</desc>{''.join(parts)}</svg>")


# -- a ready-made pair of planes ----------------------------------------------------------------


def demo_planes() -> list[RefPlane]:
    """Two sample planes for the demo game (invented stats: ``sample`` data, not from a record sheet)."""
    ace = RefPlane("Ace", "Ann",
                   PlaneState(Capabilities(max_speed=5, port_gs=3, starboard_gs=3, acceleration=2),
                              speed=3, hex=Hex(0, 5), facing=Facing.A, natural_touch=4),
                   base_to_hit=5, dead_eye=5, sixth_sense=5, quick_draw=5, guns=("mg-50", "mg-50"))
    raider = RefPlane("Raider", "Bob",
                      PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=3, acceleration=2),
                                 speed=3, hex=Hex(0, -3), facing=Facing.D, natural_touch=3),
                      base_to_hit=4, dead_eye=4, sixth_sense=4, quick_draw=3, guns=("mg-30", "mg-30", "mg-60"))
    return [ace, raider]


__all__ = [
    "Action", "DieFacesError", "EnteredMove", "FireOrder", "FireOrderError", "Flak", "GameState", "Phase", "RefPlane", "Referee",
    "RefereeError", "Tail", "apply", "attack_odds", "demo_planes", "fold", "map_svg", "parse_faces", "random_movement_faces", "resolve_with_faces",
]
