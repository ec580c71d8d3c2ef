"""A game of Air Action as one saveable state: planes, dials, positions, who shot whom, and the
end-of-game rules (A.end, A.victory, A.disengage, A.shot-down, A.combat.*).

``GameState`` is a frozen dataclass; each action returns a new state, so saving after every
action (``cs_panel.core.state.dumps``) and undoing (keeping the old state) come free. The rule
helpers it calls live in their own modules; this module wires them to the planes on the table.

Victory points (A.victory): an opposing plane shot down by your shot is worth twice its points,
one removed any other way (flying off the table, a collision, a speed effect) is worth its
points to each opponent, and each of your planes still flying at the end is worth its points,
unless all your flying figures show Shaken, or you disengaged. Ties go to the player who shot
down the most planes, then to the one who spent fewer build points, then to a d6.

The game ends when only one player still has pilots on the table (Shaken pilots do not count),
at an agreed time limit, or when the players agree (A.end). A disengaging player's planes may
not shoot and fly only Cruise or Glide until all have left the table (A.disengage).

>>> from cs_panel.clix.figures import figures
>>> from cs_panel.airaction.squadron import Slot, Squadron
>>> from cs_panel.airaction.table import Pose
>>> f = figures()
>>> g = GameState.start(
...     [Squadron("Ann", (Slot(f["sample-fighter"]),)), Squadron("Bob", (Slot(f["sample-two-seater"]),))],
...     {"Ann:sample-fighter": Pose(18, 2, 0), "Bob:sample-two-seater": Pose(18, 34, 180)})
>>> g.victory_points()["Ann"].total
100
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Sequence

from cs_panel.airaction.arcs import check_range, point_blank, rear_arc_bonus, require_range
from cs_panel.airaction.collisions import CollisionChecks, CollisionDamage, Flyer, collision_damage, collisions
from cs_panel.airaction.combat import Attack, AttackResult, ShotError, ShotLog, attack, weapons_of
from cs_panel.airaction.fate import FateLog, spend_fate
from cs_panel.airaction.feats import can_attempt_feat, feat_table
from cs_panel.airaction.movement import Maneuver
from cs_panel.airaction.order import activation_order
from cs_panel.airaction.speed_effects import gunnery_effects
from cs_panel.airaction.squadron import Squadron
from cs_panel.airaction.table import Obstacle, Pose
from cs_panel.clix.dial import CombatDial, SpeedDial
from cs_panel.clix.skills import is_shaken, showing_skills
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_bool, check_int, check_str, short_repr
from cs_panel.core.explain import Modifier
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant

#: our reading of the Loyle Crawford example is that an Ace shoots with its own attack value;
#: this variant keeps the plane's front gunnery instead
ACE_USES_PLANE_GUNNERY = register_variant(Variant(
    "airaction.ace-uses-plane-gunnery",
    "An Ace-flown plane rolls its own front gunnery value rather than the Ace's attack value",
    "A.aces.pilots",
    "house rule (ours): the other reading of the Fate example",
))


class Status(Enum):
    FLYING = "flying"
    SHOT_DOWN = "shot-down"  # by a shot (A.shot-down): twice its points to the shooter
    REMOVED = "removed"  # any other way (A.victory): its points to each opponent


class GameError(RuleInputError):
    """An action the game state does not allow (unknown plane, plane already out, ...)."""


@dataclass(frozen=True)
class PlaneState:
    """One plane in play: its owner, figure, dials, final marker, and whether it is still up."""

    id: str
    player: str
    figure: str
    name: str
    points: int
    combat: CombatDial
    speed: SpeedDial
    pose: Pose
    silhouette: int
    front_range: int
    rear_range: int
    squadron_symbol: str = ""
    ace: str | None = None
    ace_dial: CombatDial | None = None
    status: Status = Status.FLYING
    shot_down_by: str | None = None
    how: str = ""
    cancelled: tuple[str, ...] = ()

    def __post_init__(self):
        for name in ("id", "player", "figure", "name"):
            check_str(getattr(self, name), name, error=GameError)
        check_int(self.points, "points", limit="aces.points", error=GameError)
        for name in ("silhouette", "front_range", "rear_range"):
            check_int(getattr(self, name), name, limit="clix.dial_value", error=GameError)
        if self.silhouette < 1:
            raise GameError(f"{self.name}: a silhouette is at least 1 ({LIMITS['clix.silhouette']})", field="silhouette")
        for name, kind in (("combat", CombatDial), ("speed", SpeedDial), ("pose", Pose)):
            if not isinstance(getattr(self, name), kind):
                raise GameError(f"{self.name}: {name} must be a {kind.__name__}", field=name)
        if self.ace_dial is not None and not isinstance(self.ace_dial, CombatDial):
            raise GameError(f"{self.name}: ace_dial must be a CombatDial", field="ace_dial")
        if (self.ace is None) != (self.ace_dial is None):
            raise GameError(f"{self.name}: an Ace and its dial come together", field="ace")
        check_str(self.squadron_symbol, "squadron_symbol", empty_ok=True, error=GameError)
        check_str(self.how, "how", empty_ok=True, max_chars=LIMITS["line_chars"].hi, error=GameError)
        if not isinstance(self.status, Status):
            raise GameError(f"{self.name}: status must be one of {[x.value for x in Status]}", field="status")
        if self.shot_down_by is not None:
            check_str(self.shot_down_by, "shot_down_by", error=GameError)

    @property
    def flying(self) -> bool:
        return self.status is Status.FLYING

    @property
    def ace_combat(self) -> CombatDial:
        """The combat dial of the Ace flying this plane (``ace_dial``), for callers that have
        already checked that the plane has an Ace."""
        if self.ace_dial is None:
            raise GameError(f"{self.name} has no Ace dial", field="ace_dial")
        return self.ace_dial


@dataclass(frozen=True)
class Score:
    """A player's victory points, term by term (A.victory)."""

    shot_down: int = 0
    removed: int = 0
    survivors: int = 0
    planes_shot_down: int = 0

    @property
    def total(self) -> int:
        return self.shot_down + self.removed + self.survivors


@dataclass(frozen=True)
class ShotReport:
    """What a shot did: the attack, the dice, the hits taken and whether the target went down."""

    attack: Attack
    result: AttackResult
    clicks: int
    shot_down: bool
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameState:
    """The whole table: players in seating order (clockwise), planes, and this turn's records."""

    players: tuple[str, ...]
    planes: tuple[PlaneState, ...]
    build_points: dict[str, int]
    turn: int = 1
    aggressor: str | None = None
    disengaging: tuple[str, ...] = ()
    shots: ShotLog = field(default_factory=ShotLog)
    fate: FateLog = field(default_factory=FateLog)
    campaign: bool = False
    log: tuple[str, ...] = ()
    rules: RuleSet = OFFICIAL
    ace_cards: tuple[tuple[str, str], ...] = ()  # (player, Ace figure id): that Ace's two cards join the deck

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self):
        """The invariants play keeps, so a saved table that breaks one is refused on load."""
        if not isinstance(self.players, (tuple, list)) or not self.players:
            raise GameError("a game needs its players", field="players")
        for who in self.players:
            check_str(who, "players", error=GameError)
        if len(set(self.players)) != len(self.players):
            raise GameError(f"a player is listed twice: {list(self.players)}", field="players")
        if not isinstance(self.planes, (tuple, list)) or not all(isinstance(p, PlaneState) for p in self.planes):
            raise GameError("planes must be a list of PlaneState", field="planes")
        if len(self.planes) > LIMITS["count"].hi:
            raise GameError(f"{len(self.planes)} planes; at most {LIMITS['count'].hi}", field="planes")
        ids = [p.id for p in self.planes]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise GameError(f"two planes share the id {dup!r}", field="planes")
        for p in self.planes:
            if p.player not in self.players:
                raise GameError(f"{p.id} belongs to {short_repr(p.player)}, who is not a player", field="planes")
            if p.shot_down_by is not None and p.shot_down_by not in self.players:
                raise GameError(f"{p.id} was shot down by {short_repr(p.shot_down_by)}, not a player", field="planes")
        if not isinstance(self.build_points, dict) or set(self.build_points) != set(self.players):
            raise GameError("build points are given for exactly the players", field="build_points")
        for who, n in self.build_points.items():
            check_int(n, "build_points", limit="aces.points", error=GameError)
        check_int(self.turn, "turn", 1, LIMITS["count"].hi, error=GameError)
        if self.aggressor is not None and self.aggressor not in self.players:
            raise GameError(f"the aggressor {short_repr(self.aggressor)} is not a player", field="aggressor")
        if not isinstance(self.disengaging, (tuple, list)) or not set(self.disengaging) <= set(self.players):
            raise GameError("only players disengage", field="disengaging")
        check_bool(self.campaign, "campaign", error=GameError)
        if not isinstance(self.ace_cards, tuple) or not all(
                isinstance(a, tuple) and len(a) == 2 and a[0] in self.players and isinstance(a[1], str)
                for a in self.ace_cards):
            raise GameError("ace_cards pairs a player with an Ace figure id", field="ace_cards")
        if len(self.log) > LIMITS["log_actions"].hi:
            raise GameError(f"a log of {len(self.log)} lines; the limit is {LIMITS['log_actions'].hi}", field="log")

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def start(
        cls, squadrons: Sequence[Squadron], poses: dict[str, Pose], *, campaign: bool = False, rules: RuleSet = OFFICIAL,
    ) -> "GameState":
        """A new game: every combat dial at its starting position (A.setup); planes are named
        ``"<player>:<figure id>"`` and ``poses`` places each one."""
        planes = []
        players = []
        for sq in squadrons:
            players.append(sq.player)
            for slot in sq.slots:
                pid = f"{sq.player}:{slot.plane.id}"
                if pid not in poses:
                    raise GameError(f"no starting marker given for {pid}", field="poses")
                f = slot.plane
                # Slot admits Air Action planes only, and Figure refuses an Air Action plane
                # without a speed dial, so every plane of a squadron has one
                assert f.speed is not None
                planes.append(PlaneState(
                    pid, sq.player, f.id, f.name, slot.points, f.combat.reset(), f.speed, poses[pid],
                    f.silhouette, f.front_range, f.rear_range, f.squadron_symbol,
                    slot.ace.id if slot.ace else None, slot.ace.combat.reset() if slot.ace else None,
                ))
        extra = set(poses) - {p.id for p in planes}
        if extra:
            raise GameError(f"markers given for planes not in any squadron: {sorted(extra)}", field="poses")
        if len(set(players)) != len(players):
            raise GameError("each player brings one squadron", field="squadrons")
        return cls(tuple(players), tuple(planes), {sq.player: sq.points for sq in squadrons}, campaign=campaign, rules=rules)

    def deck(self, player: str):
        """The player's navigation deck: the basic twelve, and two cards for each Ace whose cards
        the player brought (A.nav.deck)."""
        from cs_panel.airaction.navigation import ACE_CARD_LIBRARY, NavigationDeck

        deck = NavigationDeck.basic()
        for who, ace in self.ace_cards:
            if who == player:
                deck = deck.with_ace_cards(ace, ACE_CARD_LIBRARY)
        return deck

    def plane(self, pid: str) -> PlaneState:
        for p in self.planes:
            if p.id == pid:
                return p
        raise GameError(f"no plane {pid!r}; planes: {[p.id for p in self.planes]}", field="plane")

    def flying(self, player: str | None = None) -> tuple[PlaneState, ...]:
        return tuple(p for p in self.planes if p.flying and (player is None or p.player == player))

    def _put(self, plane: PlaneState, line: str | None = None) -> "GameState":
        planes = tuple(plane if p.id == plane.id else p for p in self.planes)
        return replace(self, planes=planes, log=self.log + ((line,) if line else ()))

    def _require_flying(self, pid: str) -> PlaneState:
        p = self.plane(pid)
        if not p.flying:
            raise GameError(f"{p.name} is out of the game ({p.status.value})", field="plane")
        return p

    # -- turn structure ----------------------------------------------------------------------
    def new_turn(self, aggressor: str) -> "GameState":
        """Start a turn with its aggressor (from ``setup.initiative``): shots and fate reset,
        optional skills cancelled last turn come back (A.base.skills)."""
        if aggressor not in self.players:
            raise GameError(f"{aggressor!r} is not a player", field="aggressor")
        planes = tuple(replace(p, cancelled=()) for p in self.planes)
        turn = self.turn + 1 if self.aggressor else self.turn
        return replace(self, planes=planes, turn=turn, aggressor=aggressor,
                       shots=ShotLog(), fate=FateLog(), log=self.log + (f"turn {turn}: {aggressor} is the aggressor",))

    def speed_steps(self) -> list[tuple[int, list[str]]]:
        """The announced speeds of this turn that have flying planes, fastest first (A.order)."""
        return activation_order({p.id: p.speed.speed for p in self.flying()})

    def active(self, announced: int) -> dict[str, list[str]]:
        """The active planes at an announced speed, by player, the aggressor's first (the
        aggressor lays cards and reveals first, A.initiative; then clockwise)."""
        seats = list(self.players)
        if self.aggressor in seats:
            i = seats.index(self.aggressor)
            seats = seats[i:] + seats[:i]
        out = {pl: [p.id for p in self.flying(pl) if p.speed.speed == announced] for pl in seats}
        return {pl: ids for pl, ids in out.items() if ids}

    def set_speed(self, pid: str, speed: SpeedDial) -> "GameState":
        p = self._require_flying(pid)
        line = f"{p.name}: speed {p.speed.speed} -> {speed.speed}" if speed.speed != p.speed.speed else None
        return self._put(replace(p, speed=speed), line)

    def cancel_skill(self, pid: str, skill_id: str) -> "GameState":
        """Cancel an optional skill until the end of the turn (A.base.skills)."""
        p = self._require_flying(pid)
        ids = [s.entry.id for s in showing_skills(p.combat)]
        if skill_id not in ids:
            raise GameError(f"{skill_id!r} is not showing on {p.name}", field="skill")
        showing_skills(p.combat, frozenset(p.cancelled + (skill_id,)))  # refuses non-optional ones
        return self._put(replace(p, cancelled=p.cancelled + (skill_id,)), f"{p.name}: cancels {skill_id}")

    def move(self, pid: str, maneuver: Maneuver) -> "GameState":
        """Put a plane on its final marker; a plane whose markers overhung the edge has left the
        engagement and is removed (A.move.execute)."""
        p = self._require_flying(pid)
        if maneuver.left_table:
            return self._put(replace(p, pose=maneuver.final, status=Status.REMOVED, how="left the play area"),
                             f"{p.name} flies off the play area and is out")
        return self._put(replace(p, pose=maneuver.final), f"{p.name} flies {maneuver.card_id} ({maneuver.orientation.value}, speed {maneuver.speed}) to "
                         f"x {maneuver.final.x:.2f}, y {maneuver.final.y:.2f}, heading {maneuver.final.heading:.0f}")

    def damage(self, pid: str, clicks: int, how: str) -> "GameState":
        """Clicks from anything but a shot (collision, throttle, redline, speed effect, obstacle);
        a plane put down this way is removed, not shot down (A.victory)."""
        p = self._require_flying(pid)
        dmg = p.combat.take_hits(clicks, campaign=self.campaign)
        status = Status.REMOVED if dmg.eliminated else Status.FLYING
        return self._put(replace(p, combat=dmg.dial, status=status, how=how if dmg.eliminated else p.how),
                         f"{p.name}: {dmg.applied} click(s) from {how}" + (", destroyed" if dmg.eliminated else ""))

    def collisions(self, moved: Sequence[str] | None = None) -> list[tuple[str, ...]]:
        """The collisions after planes have moved (A.collide.planes): each plane in ``moved``
        (every flying plane when None) with the opponents whose final markers overlap its own,
        each plane in at most one group (``airaction.collisions.collisions``)."""
        flying = self.flying()
        ids = {p.id for p in flying}
        moved = None if moved is None else [pid for pid in moved if pid in ids]  # a mover may be down already
        return collisions([Flyer(p.id, p.player, p.pose) for p in flying], moved)

    def collision_checks(self, group: Sequence[str]) -> CollisionChecks:
        """The pilot checks of one collision, in the group's order."""
        return CollisionChecks(tuple(self._require_flying(pid).combat.value("piloting") for pid in group))

    def collide(self, group: Sequence[str], results: Sequence[str], *, fate_ace: str | None = None) -> tuple["GameState", CollisionDamage]:
        """Apply a collision's check results (``collision_checks(group).resolve(dice).outcome``).
        ``fate_ace`` is the id of a plane whose Ace spends fate to avoid a serious collision
        (A.fate.collision); its Ace dial clicks once."""
        planes = [self._require_flying(pid) for pid in group]
        idx = None
        state = self
        if fate_ace is not None:
            if fate_ace not in group:
                raise GameError(f"{fate_ace} is not in this collision", field="fate_ace")
            idx = list(group).index(fate_ace)
            p = planes[idx]
            if p.ace is None:
                raise GameError(f"{p.name} has no Ace to spend fate", field="fate_ace")
            state = replace(state, fate=state.fate.use(p.ace))
        result = collision_damage([p.combat for p in planes], results, sides=[p.player for p in planes],
                                  fate_ace=idx, campaign=self.campaign)
        if fate_ace is not None:
            p = state.plane(fate_ace)
            state = state._put(replace(p, ace_dial=spend_fate(p.ace_combat, "collision").ace_dial), f"{p.name}'s Ace spends fate in the collision")
        for pid, dial, clicks in zip(group, result.dials, result.clicks):
            p = state.plane(pid)
            status = Status.REMOVED if dial.eliminated else Status.FLYING
            state = state._put(replace(p, combat=dial, status=status, how="collision" if dial.eliminated else p.how),
                               f"{p.name}: {clicks} click(s) in a collision" + (", destroyed" if dial.eliminated else ""))
        return state, result

    def daring_feat(self, ace_plane: str, target: str, outcome: str, *, collided: bool = False) -> "GameState":
        """Apply a daring feat's result (``feats.DaringFeat(attack).resolve(dice).outcome``)
        by the Ace flying ``ace_plane`` against ``target`` (A.feat). The effects are our
        reconstruction: clicks on the target, the target barred from shooting this turn, or the
        target commandeered (removed from play; its points go to the opponents as any removal)."""
        a = self._require_flying(ace_plane)
        t = self._require_flying(target)
        if a.ace is None:
            raise GameError(f"{a.name} has no Ace: only Aces perform daring feats", field="ace_plane")
        if a.player == t.player:
            raise GameError("a daring feat targets an opposing plane", field="target")
        if not can_attempt_feat(a.pose, t.pose, collided):
            raise GameError("a daring feat needs overlapping final markers and no collision (A.feat)", field="target")
        e = feat_table()[outcome]
        state = self._put(a, f"{a.name}'s Ace tries a daring feat: {e['name']}")
        if e.get("commandeer", False):
            return state.remove(target, f"commandeered by {a.name}'s Ace")
        if e.get("clicks", 0):
            state = state.damage(target, e["clicks"], f"daring feat {e['name']}")
        if e.get("no_shot", False) and state.plane(target).flying:
            tp = state.plane(target)
            weapons = weapons_of(tp.combat.value("front_gunnery"), tp.combat.value("rear_gunnery"))
            shots = state.shots
            for w in weapons:
                if w not in shots.used(target):
                    shots = shots.fire(target, w, weapons)
            state = replace(state, shots=shots)
        return state

    def remove(self, pid: str, how: str) -> "GameState":
        p = self._require_flying(pid)
        return self._put(replace(p, status=Status.REMOVED, how=how), f"{p.name} removed: {how}")

    def disengage(self, player: str) -> "GameState":
        """Announce that a player disengages (A.disengage)."""
        if player not in self.players:
            raise GameError(f"{player!r} is not a player", field="player")
        if player in self.disengaging:
            return self
        return replace(self, disengaging=self.disengaging + (player,), log=self.log + (f"{player} disengages",))

    # -- shooting ----------------------------------------------------------------------------
    def plan_shot(
        self, firer: str, target: str, weapon: str = "front", *, offensive_fate: bool = False,
        obstacles: Sequence[Obstacle] = (),
    ) -> Attack:
        """The explained attack ``firer`` would make on ``target`` with ``weapon`` now, after
        checking that the rules allow it (A.combat.range, A.combat.rear-gunner, A.disengage)."""
        a = self._require_flying(firer)
        t = self._require_flying(target)
        if a.player == t.player:
            raise ShotError("planes shoot at opposing planes only", field="target")
        if a.player in self.disengaging:
            raise ShotError(f"{a.player} is disengaging: no shots (A.disengage)", field="firer")
        available = weapons_of(a.combat.value("front_gunnery"), a.combat.value("rear_gunnery"))
        if not self.shots.can_fire(a.id, weapon, available):
            self.shots.fire(a.id, weapon, available)  # raises the precise reason
        rng = a.front_range if weapon == "front" else a.rear_range
        require_range(check_range(a.pose, t.pose, rng, weapon, obstacles))
        notes = []
        gunnery = a.combat.value(f"{weapon}_gunnery")
        label = f"{weapon} gunnery"
        if a.ace is not None and weapon == "front" and not self.rules.enabled(ACE_USES_PLANE_GUNNERY.name):
            gunnery = a.ace_combat.value("attack")
            label = "Ace's attack value"
            notes.append("An Ace flying the plane shoots with its attack value (our reading of the Fate example, A.aces.pilots)")
        eff = gunnery_effects(a.speed)
        dice_terms = list(eff.dice)
        for s in showing_skills(a.combat, frozenset(a.cancelled)):
            if s.in_effect and s.entry["stat"] == f"{weapon}_gunnery" and s.entry.get("attack_dice", 0):
                dice_terms.append(Modifier(s.entry["attack_dice"], s.entry["name"], "A.base.skills"))
        sil_terms = list(eff.silhouette)
        for s in showing_skills(t.combat, frozenset(t.cancelled)):
            if s.in_effect and s.entry.get("silhouette", 0):
                sil_terms.append(Modifier(s.entry["silhouette"], f"target's {s.entry['name']}", "A.base.skills"))
        fate_dice = None
        if offensive_fate:
            if a.ace is None:
                raise ShotError(f"{a.name} has no Ace to spend fate", field="offensive_fate")
            if not self.fate.can_use(a.ace):
                self.fate.use(a.ace)  # raises FateAlreadyUsedError
            fate_dice = a.ace_combat.value("fate")
        for e in eff.entries:
            if e.provenance != "rules":
                notes.append(f"speed effect {e['name']}: {e.provenance} data")
        return attack(
            gunnery, t.silhouette, weapon=weapon, point_blank=point_blank(a.pose, t.pose),
            rear_arc_bonus=rear_arc_bonus(a.pose, t.pose), fate_dice=fate_dice,
            gunnery_effects=dice_terms, silhouette_effects=sil_terms, gunnery_label=label, notes=notes,
        )

    def shoot(
        self, firer: str, target: str, faces: Sequence[int], weapon: str = "front", *,
        offensive_fate: bool = False, defensive_fate: bool = False, obstacles: Sequence[Obstacle] = (),
    ) -> tuple["GameState", ShotReport]:
        """Resolve a shot with the dice rolled (``faces``, one per attack die; roll them with
        ``plan_shot(...).resolve(dice)``): hits click the target's dial; three bullet holes shoot
        it down and credit the firer's player (A.shot-down). Fate clicks the Ace's dial."""
        plan = self.plan_shot(firer, target, weapon, offensive_fate=offensive_fate, obstacles=obstacles)
        a, t = self.plane(firer), self.plane(target)
        state = self
        notes = []
        result = plan.result(faces)
        if offensive_fate:
            # plan_shot above raised ShotError if offensive fate was asked of a plane with no Ace
            assert a.ace is not None
            use = spend_fate(a.ace_combat, "offense")
            state = replace(state, fate=state.fate.use(a.ace))
            state = state._put(replace(state.plane(firer), ace_dial=use.ace_dial), f"{a.name}'s Ace spends fate: +{use.extra_dice} dice")
        if defensive_fate:
            if t.ace is None:
                raise ShotError(f"{t.name} has no Ace to spend fate", field="defensive_fate")
            use = spend_fate(t.ace_combat, "defense")
            state = replace(state, fate=state.fate.use(t.ace))
            state = state._put(replace(state.plane(target), ace_dial=use.ace_dial), f"{t.name}'s Ace spends fate defensively")
            result = result.with_defensive_fate()
            notes.append("defensive fate: only natural sixes hit")
        tgt = state.plane(target)
        dmg = result.apply(tgt.combat, campaign=state.campaign)
        down = dmg.eliminated
        tgt = replace(tgt, combat=dmg.dial, status=Status.SHOT_DOWN if down else Status.FLYING,
                      shot_down_by=a.player if down else None, how=f"shot down by {a.name}" if down else "")
        state = state._put(tgt, f"{a.name} fires {weapon} guns at {t.name}: {result}" + (" - shot down" if down else ""))
        available = weapons_of(a.combat.value("front_gunnery"), a.combat.value("rear_gunnery"))
        state = replace(state, shots=state.shots.fire(a.id, weapon, available))
        return state, ShotReport(plan, result, dmg.applied, down, tuple(notes))

    def _repr_svg_(self) -> str:
        from cs_panel.airaction.svg import table_svg

        return table_svg([(p.name, p.pose) for p in self.flying()])

    # -- ending and scoring ------------------------------------------------------------------
    def players_in_play(self) -> tuple[str, ...]:
        """Players with at least one flying plane whose pilot is not Shaken (A.end)."""
        return tuple(pl for pl in self.players if any(not is_shaken(p.combat) for p in self.flying(pl)))

    def end_reason(self, *, time_up: bool = False, agreed: bool = False) -> str | None:
        """Why the game is over, or None if it goes on (A.end, A.disengage)."""
        if len(self.players_in_play()) <= 1:
            return "only one player still has pilots in the fight"
        if any(not self.flying(pl) for pl in self.disengaging):
            return "a disengaging player's planes have all left the play area"
        if time_up:
            return "the time limit is reached"
        if agreed:
            return "the players agree to end the game"
        return None

    def victory_points(self) -> dict[str, Score]:
        """Every player's score, term by term (A.victory)."""
        scores = {pl: Score() for pl in self.players}
        for p in self.planes:
            if p.status is Status.SHOT_DOWN and p.shot_down_by is not None:
                s = scores[p.shot_down_by]
                scores[p.shot_down_by] = replace(s, shot_down=s.shot_down + 2 * p.points, planes_shot_down=s.planes_shot_down + 1)
            elif p.status is not Status.FLYING:
                for pl in self.players:
                    if pl != p.player:
                        scores[pl] = replace(scores[pl], removed=scores[pl].removed + p.points)
        for pl in self.players:
            mine = self.flying(pl)
            if pl in self.disengaging or not mine or all(is_shaken(p.combat) for p in mine):
                continue
            scores[pl] = replace(scores[pl], survivors=sum(p.points for p in mine))
        return scores

    def winners(self) -> list[str]:
        """The winner, or the players still tied after every tie-break but the d6 (A.victory)."""
        scores = self.victory_points()
        best = max(s.total for s in scores.values())
        tied = [pl for pl, s in scores.items() if s.total == best]
        if len(tied) > 1:
            most = max(scores[pl].planes_shot_down for pl in tied)
            tied = [pl for pl in tied if scores[pl].planes_shot_down == most]
        if len(tied) > 1:
            fewest = min(self.build_points[pl] for pl in tied)
            tied = [pl for pl in tied if self.build_points[pl] == fewest]
        return tied
