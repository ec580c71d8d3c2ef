"""The pieces of a FASA referee's game: its planes with their record sheets, the tailing
positions and flak found, the log's actions, and the table they make (F.seq.phases, FASA p.13-14).

Drawing lives in ``render`` and is imported only when a notebook asks for a picture.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from cs_panel.core.errors import RuleInputError, SavedStateError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_choice, check_int, check_str, short_repr
from cs_panel.core.variants import RuleSet
from cs_panel.fasa.aircraft import plane as aircraft_plane
from cs_panel.fasa.collisions import Flyer, SharedHex
from cs_panel.fasa.damage import RecordSheet, template_for
from cs_panel.fasa.deployed import BeeperTag, Loadout, deployed_weapons
from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.mapsheets import Edge, MapLayout, layout
from cs_panel.fasa.movement import PlaneState
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.ground import GROUND_ORDNANCE, MapObject, check_objects
from cs_panel.fasa.referee.notation import FireOrder, hex_text
from cs_panel.fasa.referee.zeppelins import RefZeppelin, check_table as check_zeppelins
from cs_panel.fasa.tohit import check_skill, weapons

#: rockets the referee fires: those that roll to hit a plane and mark a template (F.rocket.ap-he, F.rocket.drill),
#: the beeper that tags a plane and the seeker that homes on the tag (F.rocket.beeper-seeker), and the flak,
#: flare and sonic rockets, fired at a hex (F.rocket.flak, F.rocket.flare, F.rocket.sonic)
REFEREE_ROCKETS = {"ap-rocket": "AP rocket", "he-rocket": "HE rocket", "drill": "drill rocket",
                   "flak-rocket": "flak rocket", "beeper": "beeper rocket", "seeker": "seeker rocket",
                   "flare-rocket": "flare rocket", "sonic-rocket": "sonic rocket"}
#: rockets aimed at a hex rather than a plane (F.rocket.flak, F.rocket.flare, F.rocket.sonic)
HEX_ROCKETS = ("flak-rocket", "flare-rocket", "sonic-rocket")
#: why the referee loads no other launched weapon: the rule each needs that its games lack (bombs, the
#: torpedo and the harpoon are loaded: they are aimed at objects on the map, ``ground.GROUND_ORDNANCE``)
NOT_LOADED: dict[str, str] = {}
#: hexes of each plane's track kept: more than any straight run flown at a target in a game (F.bail.projectile)
TRACK_KEEP = 64


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
    gunner_shocked_turn: int = 0  # the turn the turret gunner was last shocked in (F.shock, referee.turrets)

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
        for name in ("shocked_turn", "beeper_turn", "gunner_shocked_turn"):
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
            if r and r not in REFEREE_ROCKETS and r not in GROUND_ORDNANCE:
                known = deployed_weapons()
                why = next((v for k, v in NOT_LOADED.items() if r.startswith(k)), "")
                what = (f"a {known[r]['name']} is not fired by this referee" + (f": {why}" if why else "")
                        if r in known else f"unknown rocket {r!r}")
                raise RefereeError(f"{self.name}: {what}; it loads {', '.join([*REFEREE_ROCKETS, *GROUND_ORDNANCE])} "
                                   "(one a hardpoint), "
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
        if not self.aircraft and any(r in GROUND_ORDNANCE for r in self.rockets):
            try:  # a bomb or torpedo takes more than one of the sample sheet's 8 hardpoints (F.weap.loadout)
                Loadout(slots, tuple(r for r in self.rockets if r))
            except RuleInputError as e:
                raise RefereeError(f"{self.name}: {e}", field="rockets") from None

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
    def turret_gunpoints(self) -> tuple[int, ...]:
        """Gunpoints of the guns in a turret, fired by the gunner, not the pilot: the aircraft's
        turret guns when it names as many guns as the plane carries (F.combat.order, ``turrets``)."""
        if self.aircraft:
            guns = aircraft_plane(self.aircraft).guns
            if len(guns) == len(self.guns):
                return tuple(g.gunpoint for g in guns if g.turret)
        return ()

    @property
    def working_guns(self) -> tuple[tuple[int, str, str], ...]:
        """(gunpoint, gun, rounds) of every gun the pilot fires (not a turret's) not destroyed on the
        record sheet (F.dmg.guns)."""
        lost, turret = self.record.guns_lost, self.turret_gunpoints
        return tuple((gp, g, r) for gp, g, r in zip(self.gunpoints, self.guns, self.rounds)
                     if gp not in lost and gp not in turret)

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
            state += " (turret)" if gp in self.turret_gunpoints else ""
            parts.append(f"gun {gp} .{g.split('-')[1]} {r}{state}")
        for hp, r in enumerate(self.rockets, 1):
            state = ("destroyed" if r and hp in rockets_lost else REFEREE_ROCKETS.get(r) or GROUND_ORDNANCE[r] if r
                     else "empty")
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
    source: str = ""  # "" for a plane's flak rocket; a zeppelin's main gun names itself ("main gun port 2", F.zep.main-guns)

    def __post_init__(self):
        check_str(self.launcher, "launcher", error=RefereeError)
        if not isinstance(self.hex, Hex):
            raise RefereeError(f"a flak burst's hex must be a Hex, got {short_repr(self.hex)}", field="hex")
        check_int(self.turn, "turn", limit="turns", error=RefereeError)
        check_int(self.hardpoint, "hardpoint", 1, LIMITS["count"].hi, error=RefereeError)

    def __str__(self) -> str:
        what = self.source or f"flak rocket from hardpoint {self.hardpoint}"
        return f"{hex_text(self.hex)} ({self.launcher}'s {what}, fired in turn {self.turn})"


#: the kinds of action a FASA game's log holds
ACTION_KINDS = ("plot", "move", "pick", "collide", "fire", "combat", "tailing", "zeppelin")


@dataclass(frozen=True)
class Action:
    """One entry of the game log: what was done, by which plane, and the die faces it used."""

    kind: str  # "plot", "move", "pick", "collide", "fire", "combat", "tailing", "zeppelin" (a turret's aim)
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
    variants: tuple[str, ...] = ()  # optional rules agreed before the game (``referee.variants``)
    zeppelins: tuple[RefZeppelin, ...] = ()  # zeppelins on the table, aloft or fallen (F.zep.*, ``zeppelins``)
    objects: tuple[MapObject, ...] = ()  # buildings, trains and small objects on the map (F.collide.object-btn)
    straight: tuple[tuple[str, int], ...] = ()  # (plane, hexes flown straight in a row), with objects only (F.torpedo)
    # empty planes whose pilots bailed out this turn: out of the fight, drawn until the next movement phase (F.bail.safe)
    abandoned: tuple[RefPlane, ...] = ()
    # (plane, the hexes it last flew, oldest first, at most TRACK_KEEP): the straight run an aimed plane
    # has flown at its target, over several turns (F.bail.projectile)
    tracks: tuple[tuple[str, tuple[Hex, ...]], ...] = ()

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
        for name in ("plots", "departed", "orders", "picks", "homes", "losses", "paths", "straight", "tracks"):
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
        self._check_abandoned(flying, gone, known)
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
        for f in self.flak:  # a zeppelin's main guns fire flak too (F.zep.main-guns)
            if not isinstance(f, Flak) or f.launcher not in known | {z.name for z in self.zeppelins}:
                raise RefereeError(f"a flak burst names a plane the game does not have: {short_repr(f)}", field="flak")
        if self.objects or self.straight:
            object.__setattr__(self, "objects", check_objects(self.objects, names))
            for o in self.objects:
                if o.towed_by and o.towed_by not in known:
                    raise RefereeError(f"{o.name} is towed by {short_repr(o.towed_by)}, not a plane of the game",
                                       field="objects")
            for who, n in self.straight:
                if who not in known:
                    raise RefereeError(f"straight names {short_repr(who)}, not a plane of the game", field="straight")
                check_int(n, "straight", 0, LIMITS["path_hexes"].hi * LIMITS["turns"].hi, error=RefereeError)
        if self.zeppelins:
            check_zeppelins(self.zeppelins, known)
            if self.players and not {z.player for z in self.zeppelins} <= set(self.players):
                raise RefereeError("a zeppelin's player is not one of the game's players", field="zeppelins")
        ships = {z.name: z for z in self.zeppelins}
        for o in self.objects:  # cargo sits in a gas cell of a zeppelin of this game (F.rocket.harpoon)
            if o.name in ships:
                raise RefereeError(f"an object and a zeppelin are both called {o.name!r}: a fire order names its "
                                   "target (F.combat.choice)", field="objects")
            if o.aboard and (o.aboard not in ships or o.hexes[0] not in ships[o.aboard].hexes):
                where = (f"{o.hexes[0]!r} is not one of its gas cells' hexes" if o.aboard in ships
                         else f"the zeppelins are {sorted(ships)}")
                raise RefereeError(f"{o.name} is aboard {short_repr(o.aboard)}, but {where} (F.rocket.harpoon)",
                                   field="objects")
        from cs_panel.fasa.referee.variants import check_variants

        object.__setattr__(self, "variants", check_variants(self.variants))

    def _check_abandoned(self, flying: set[str], gone: set[str], known: set[str]) -> None:
        """Empty planes have departed and fly no more; tracks are hexes in a row (F.bail.safe, F.bail.projectile)."""
        if not isinstance(self.abandoned, (tuple, list)) or not all(isinstance(p, RefPlane) for p in self.abandoned):
            raise RefereeError("abandoned must be a list of RefPlane", field="abandoned")
        for p in self.abandoned:
            if p.name in flying or p.name not in gone:
                raise RefereeError(f"{p.name!r} is abandoned, so it has departed and does not fly", field="abandoned")
        for who, track in self.tracks:
            if who not in known:  # a plane lost since keeps its track until the next movement phase
                raise RefereeError(f"tracks names {short_repr(who)}, not a plane of the game", field="tracks")
            if not isinstance(track, (tuple, list)) or not all(isinstance(h, Hex) for h in track) \
                    or len(track) > TRACK_KEEP:
                raise RefereeError(f"a track is a list of at most {TRACK_KEEP} hexes, got {short_repr(track)}",
                                   field="tracks")
            if any(a.distance(b) != 1 for a, b in zip(track, track[1:])):
                raise RefereeError(f"{who}'s track jumps between hexes that are not neighbours", field="tracks")

    @property
    def rules(self) -> RuleSet:
        """The optional rules this game plays with (none unless agreed at the start, F.collide.damage)."""
        from cs_panel.fasa.referee.variants import rule_set

        return rule_set(self.variants)

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

    def thing(self, name: str) -> "MapObject | None":
        """The object called ``name`` on the map, if any (F.collide.object-btn)."""
        return next((o for o in self.objects if o.name == name), None)

    def straight_of(self, name: str) -> int:
        """Hexes ``name`` has flown in one unbroken straight line up to now (F.torpedo)."""
        return dict(self.straight).get(name, 0)

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
        from cs_panel.fasa.referee.render import map_svg

        return map_svg(self, radius, size)

    def _repr_html_(self) -> str:
        return self.table_html()

    def table_html(self, with_map: bool = True) -> str:
        """The game as HTML: the step, the map (unless ``with_map`` is False, for a view that draws
        the map itself), each plane's row and the last action's report."""
        from cs_panel.fasa.referee.render import table_html

        return table_html(self, with_map)
