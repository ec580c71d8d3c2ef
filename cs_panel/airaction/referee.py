"""A referee for one turn of Air Action: initiative, throttle, the speeds counted down, cards,
speed effects, movement, collisions and shots, applied to a ``GameState`` (A.initiative,
A.throttle, A.order, A.nav.deck, A.move.speed-effects, A.move.redline, A.move.execute,
A.collide.planes, A.combat.order, A.combat.shot).

Each flying plane gets a ``TurnPlan``: its throttle clicks, the navigation card it will fly and
the card's orientation, and optionally the plane to shoot with each weapon. ``play_turn(state,
plans, dice)`` checks every plan before rolling anything (a bad plan raises a ``PlanError`` whose
``field`` names the input), then plays the turn in the rules' order and returns the new state
with one log line per step, each citing its rule id. A weapon with no chosen target fires at the
opposing plane it expects the most hits against, if any is in range and arc.

What happens, in order:

1. A 2d6 high roll picks the aggressor (A.initiative).
2. Throttles, the aggressor's planes first: one click is free, two need a pilot check; a failed
   check leaves the speed and costs a click (A.throttle).
3. The announced speeds of the flying planes, fastest first (A.order). At each one every
   player's deck is whole again and each active plane, the aggressor's first, takes its card
   (A.nav.deck); then speed effects and redlining are checked (A.move.speed-effects,
   A.move.redline) and the plane flies its card (A.move.execute). Planes whose final markers
   overlap an opponent's collide (A.collide.planes). Then the active planes shoot, one shot at
   a time: the aggressor's first, then clockwise, each player's turn one plane firing one
   weapon; a plane with front and rear guns fires the second when its player's turn comes
   round again (A.combat.order, A.combat.shot).

>>> from cs_panel.clix.figures import figures
>>> from cs_panel.airaction.squadron import Slot, Squadron
>>> from cs_panel.airaction.table import Pose
>>> from cs_panel.core.dice import Dice
>>> f = figures()
>>> g = GameState.start(
...     [Squadron("Ann", (Slot(f["sample-fighter"]),)), Squadron("Bob", (Slot(f["sample-two-seater"]),))],
...     {"Ann:sample-fighter": Pose(18, 2, 0), "Bob:sample-two-seater": Pose(18, 34, 180)})
>>> g, log = play_turn(g, {"Ann:sample-fighter": TurnPlan(0, "cruise"),
...                        "Bob:sample-two-seater": TurnPlan(0, "cruise")}, Dice(1))
>>> log[0].startswith("[A.initiative]")
True
>>> play_turn(g, {"Ann:sample-fighter": TurnPlan(3, "cruise")}, Dice(1))
Traceback (most recent call last):
...
cs_panel.airaction.referee.PlanThrottleError: Ann:sample-fighter: a plane may change speed by at most two clicks a turn, not 3 (A.throttle)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from cs_panel.airaction.collisions import damage_distribution
from cs_panel.airaction.combat import Attack, attack_order, weapons_of
from cs_panel.airaction.game import GameState
from cs_panel.airaction.movement import execute_maneuver
from cs_panel.airaction.navigation import NavigationCard
from cs_panel.airaction.setup import initiative
from cs_panel.airaction.speed_effects import resolve_speed_effects
from cs_panel.airaction.throttle import plan_throttle
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError, RuleInputError
from cs_panel.core.explain import percent

WEAPONS = ("front", "rear")


class PlanError(RuleInputError):
    """A turn plan the referee cannot play; ``plane`` is the id of the plane whose plan it is."""

    def __init__(self, message: str, *, field: str | None = None, plane: str | None = None):
        super().__init__(message, field=field)
        self.plane = plane


class UnknownPlaneError(PlanError):
    """A plan for a plane that is not in the game."""


class MissingPlanError(PlanError):
    """A flying plane without a plan."""


class PlanCardError(PlanError):
    """A navigation card that is not in the deck, or not playable at the plane's speed (A.nav.deck)."""


class PlanOrientationError(PlanError):
    """An orientation the chosen card does not have (A.nav.paths)."""


class PlanThrottleError(PlanError):
    """Throttle clicks the rules do not allow (A.throttle)."""


class PlanTargetError(PlanError):
    """A chosen target that is not an opposing plane, or a weapon that does not exist."""


@dataclass(frozen=True)
class TurnPlan:
    """One plane's choices for a turn: throttle clicks (positive = faster), the navigation card's
    id, its orientation (``None`` for a card with one path) and optionally a target per weapon
    (``{"front": plane id}``); a weapon without one fires at the best target."""

    clicks: int
    card: str
    orientation: str | None = None
    targets: Mapping[str, str] = field(default_factory=dict)

    __hash__ = None  # type: ignore[assignment]


def _odds(dist: Mapping[Any, Fraction]) -> str:
    return ", ".join(f"{k}: {percent(p)}" for k, p in sorted(dist.items(), key=lambda kv: -kv[1]))


def _seats(state: GameState, aggressor: str | None) -> tuple[str, ...]:
    """The players, the aggressor first, then clockwise."""
    seats = list(state.players)
    if aggressor in seats:
        i = seats.index(aggressor)
        seats = seats[i:] + seats[:i]
    return tuple(seats)


def check_plans(state: GameState, plans: Mapping[str, TurnPlan], *, partial: bool = False) -> None:
    """Refuse a set of plans that cannot be played whatever the dice, before any die is rolled.
    With ``partial`` a flying plane may still lack its plan (a player choosing plane by plane):
    the plans given are checked, alone and against each other."""
    ids = {p.id for p in state.planes}
    for pid in plans:
        if pid not in ids:
            raise UnknownPlaneError(f"no plane {pid!r}; planes: {sorted(ids)}", field="plane")
    # a plan for a plane already out of the game is ignored: it has nothing left to do
    decks = {pl: state.deck(pl) for pl in state.players}  # each player's own deck (A.nav.deck)
    planned: dict[tuple[str, int], list[tuple[str, str]]] = {}
    for p in state.flying():
        if p.id not in plans:
            if partial:
                continue
            raise MissingPlanError(f"{p.id} has no plan for this turn", field="plane", plane=p.id)
        plan = plans[p.id]
        try:
            tp = plan_throttle(p.speed, plan.clicks, p.combat.value("piloting"))
        except CsPanelError as e:
            raise PlanThrottleError(f"{p.id}: {e}", field="clicks", plane=p.id) from e
        deck = decks[p.player]
        try:
            nav = deck.card(plan.card)
            if plan.card not in deck.cards:
                raise PlanCardError(f"{plan.card!r} is another player's card", field="card", plane=p.id)
        except CsPanelError as e:
            raise PlanCardError(f"{p.id}: {plan.card!r} is not a card of the deck ({', '.join(dict.fromkeys(deck.cards))})",
                                field="card", plane=p.id) from e
        # a failed two-click check leaves the speed where it was, so the card must suit both
        lowest = min(tp.target.speed, p.speed.speed) if tp.needs_check else tp.target.speed
        if nav.speed_rating > lowest:
            raise PlanCardError(f"{p.id}: {nav.name} needs speed {nav.speed_rating} or more; the plane may fly at {lowest} "
                                f"(playable: {', '.join(deck.playable(lowest)) or 'none'}; A.nav.deck)", field="card", plane=p.id)
        if p.player in state.disengaging and nav.name not in ("Cruise", "Glide"):
            raise PlanCardError(f"{p.id}: a disengaging plane flies only Cruise or Glide (A.disengage)", field="card", plane=p.id)
        try:
            nav.path(plan.orientation)
        except CsPanelError as e:
            raise PlanOrientationError(f"{p.id}: {e}", field="orientation", plane=p.id) from e
        # the card is needed at every speed the plane may be announced at: a two-click throttle
        # that fails leaves it at its old speed, where another plane of the player may want the
        # same card (the deck is whole again at each speed, A.nav.deck)
        for speed in dict.fromkeys((tp.target.speed, p.speed.speed) if tp.needs_check else (tp.target.speed,)):
            planned.setdefault((p.player, speed), []).append((p.id, plan.card))
        for weapon, target in plan.targets.items():
            if weapon not in WEAPONS:
                raise PlanTargetError(f"{p.id}: no weapon {weapon!r}; weapons: {', '.join(WEAPONS)}", field="targets", plane=p.id)
            if weapon not in _weapons(state, p.id):
                raise PlanTargetError(f"{p.id}: {p.name} has no {weapon} guns (A.combat.rear-gunner)", field="targets", plane=p.id)
            if p.player in state.disengaging:
                raise PlanTargetError(f"{p.id}: a disengaging player's planes do not shoot (A.disengage)", field="targets",
                                      plane=p.id)
            if target not in ids or state.plane(target).player == p.player or not state.plane(target).flying:
                raise PlanTargetError(f"{p.id}: {target!r} is not an opposing plane in the game (A.combat.shot)",
                                      field="targets", plane=p.id)
    for (player, speed), cards in planned.items():
        hand = list(decks[player].cards)
        for pid, cid in cards:
            if cid not in hand:
                raise PlanCardError(f"{pid}: {player} has no {cid!r} left for another plane that may fly at speed {speed} "
                                    "(A.nav.deck)", field="card", plane=pid)
            hand.remove(cid)


def _throttles(state: GameState, plans: Mapping[str, TurnPlan], dice: Dice, log: list[str]) -> GameState:
    """A.throttle: the aggressor's planes first; one click is free, two need a pilot check."""
    for pl in _seats(state, state.aggressor):
        for p in state.flying(pl):
            clicks = plans[p.id].clicks
            if clicks == 0:
                continue
            tp = plan_throttle(p.speed, clicks, p.combat.value("piloting"))
            res = tp.resolve(dice, p.combat, campaign=state.campaign)
            line = f"[A.throttle] {p.name} throttles {clicks:+d} clicks"
            if res.roll is not None:  # the check and its odds are told before its roll
                line += f": {tp.check}; odds before the roll {_odds(tp.outcomes())}; rolled {res.roll.faces}, " + (
                    "made it" if res.roll.success else "failed")
            log.append(line + f"; speed {p.speed.speed} -> {res.speed.speed}")
            state = state.set_speed(p.id, res.speed)
            if res.damage.applied:
                state = state.damage(p.id, res.damage.applied, "a failed two-click throttle")
                log.append(f"[A.throttle] {p.name} takes {res.damage.applied} click(s) for the failed check")
    return state


def best_target(state: GameState, pid: str, weapon: str) -> tuple[str, Attack] | None:
    """The opposing plane ``pid`` expects the most hits against with ``weapon`` (the first in
    table order on a tie), or None if no shot is allowed (A.combat.range, A.combat.shot)."""
    me = state.plane(pid)
    best: tuple[str, Attack] | None = None
    for q in state.flying():
        if q.player == me.player:
            continue
        try:
            a = state.plan_shot(pid, q.id, weapon)
        except CsPanelError:
            continue  # out of range or arc, weapon used, disengaging...
        if best is None or a.expected_hits > best[1].expected_hits:
            best = (q.id, a)
    return best


def _weapons(state: GameState, pid: str) -> tuple[str, ...]:
    """The weapons a plane has now (A.combat.rear-gunner); a plane out of the game has none."""
    p = state.plane(pid)
    if not p.flying:
        return ()
    return weapons_of(p.combat.value("front_gunnery"), p.combat.value("rear_gunnery"))


def _aim(state: GameState, pid: str, weapon: str, plan: TurnPlan, log: list[str]) -> tuple[str, Attack] | None:
    """The target and attack of ``pid``'s shot with ``weapon`` now: the plan's chosen target, or
    the best one; None (the shot is passed) if the plane is down or no shot is allowed."""
    if not state.plane(pid).flying:
        return None
    chosen = plan.targets.get(weapon)
    if chosen is None:
        return best_target(state, pid, weapon)
    try:
        return chosen, state.plan_shot(pid, chosen, weapon)
    except CsPanelError as e:
        log.append(f"[A.combat.shot] {state.plane(pid).name} holds its {weapon} guns: {e}")
        return None


def _speed_step(state: GameState, speed: int, announced: list[str], plans: Mapping[str, TurnPlan], dice: Dice,
                log: list[str]) -> GameState:
    # the active planes are those set to this speed when the count began (A.order), by player,
    # the aggressor first: a plane slowed by redlining at a higher speed has flown already and
    # does not fly again when the count reaches its new speed
    active = {pl: [p.id for p in state.flying(pl) if p.id in announced] for pl in _seats(state, state.aggressor)}
    active = {pl: ids for pl, ids in active.items() if ids}
    if not active:
        return state
    log.append(f"[A.order] speed {speed}: " + ", ".join(state.plane(pid).name for ids in active.values() for pid in ids))
    decks = {pl: state.deck(pl) for pl in state.players}  # the deck is whole again at every speed (A.nav.deck)
    moved = []
    for pl, ids in active.items():
        for pid in ids:
            p = state.plane(pid)
            plan = plans[pid]
            try:
                decks[pl] = decks[pl].give(pid, plan.card, speed, disengaging=pl in state.disengaging)
            except CsPanelError as e:
                raise PlanCardError(f"{pid}: {e}", field="card", plane=pid) from e
            nav: NavigationCard = decks[pl].card(plan.card)
            pre = resolve_speed_effects(p.speed, p.combat, dice, campaign=state.campaign)
            for step in pre.steps:
                log.append(f"[A.move.speed-effects] {p.name}: {step}")
            state = state.set_speed(pid, pre.speed)
            if pre.clicks:
                state = state.damage(pid, pre.clicks, "speed effects and redlining")
            if not state.plane(pid).flying:
                log.append(f"[A.move.redline] {p.name} is destroyed before it moves")
                continue
            if nav.speed_rating > pre.speed.speed:  # slowed below the card's rating: it still flies the card
                log.append(f"[A.move.redline] {p.name} was slowed to {pre.speed.speed} after taking {nav.name} at {speed}: "
                           f"it flies the card to marker {pre.speed.speed} (our reading, RULINGS)")
            m = execute_maneuver(p.pose, nav, plan.orientation, pre.speed.speed, chosen_at=speed)
            state = state.move(pid, m)
            moved.append(pid)
            where = ("and flies off the play area" if m.left_table
                     else f"to x {m.final.x:.1f}, y {m.final.y:.1f}, heading {m.final.heading:.0f}")
            log.append(f"[A.move.execute] {p.name} flies {nav.name}"
                       + (f" {m.orientation.value}" if plan.orientation else "")
                       + f" ({nav.provenance}) at speed {m.speed}: {m.stopped_at} markers {where}")
    for group in state.collisions(moved):  # A.collide.planes
        names = " and ".join(state.plane(pid).name for pid in group)
        dist = damage_distribution([state.plane(pid).combat for pid in group], sides=[state.plane(pid).player for pid in group])
        checks = state.collision_checks(group).resolve(dice)
        log.append(f"[A.collide.planes] {names} collide (clicks in that order, odds {_odds(dist)}): "
                   f"checks rolled {checks.faces}: {checks.outcome}")
        state, _ = state.collide(group, checks.outcome)
    # A.combat.order: the aggressor's first shot, then clockwise one shot at a time. A turn at the
    # guns is one plane firing one weapon, so a plane with front and rear guns fires its second
    # weapon when its player's turn comes round again (combat.attack_order deals the turns).
    queues = {pl: [(pid, w) for pid in ids for w in WEAPONS if w in _weapons(state, pid)] for pl, ids in active.items()}
    turns = attack_order(list(queues), next(iter(queues)), {pl: len(q) for pl, q in queues.items()}) if queues else []
    for pl in turns:
        while queues[pl]:  # a shot that cannot be taken now is passed, and the player's next is tried
            pid, weapon = queues[pl].pop(0)
            aim = _aim(state, pid, weapon, plans[pid], log)
            if aim is None:
                continue
            target, a = aim
            before = state.plane(target).combat
            odds = percent(a.chance_to_shoot_down(before))
            state, report = state.shoot(pid, target, a.resolve(dice).faces, weapon)
            after = state.plane(target).combat
            log.append(f"[A.combat.shot] {state.plane(pid).name} fires its {weapon} guns at {state.plane(target).name}. "
                       f"Odds before the roll: {odds} to shoot it down. {report.result}; {report.clicks} click(s), "
                       f"click {before.position} -> {after.position}"
                       + (": SHOT DOWN (A.shot-down)" if report.shot_down else ""))
            break
    return state


def play_turn(state: GameState, plans: Mapping[str, TurnPlan], dice: Dice) -> tuple[GameState, list[str]]:
    """Play one whole turn with every flying plane's plan; the new state and the log of it."""
    plans = dict(plans)
    check_plans(state, plans)
    log: list[str] = []
    roll = initiative(state.players).resolve(dice)
    state = state.new_turn(roll.outcome)
    log.append(f"[A.initiative] turn {state.turn}: initiative roll {roll.faces}: {roll.outcome} is the aggressor")
    state = _throttles(state, plans, dice, log)
    for speed, announced in state.speed_steps():  # counting down from 10
        state = _speed_step(state, speed, announced, plans, dice, log)
    return state, log


def demo_game() -> GameState:
    """The demo game's table before turn 1 (examples/airaction_demo_game.ipynb): Ann's and Bob's
    200-point squadrons of sample figures at the south and north edges, speeds set freely (A.setup)."""
    from cs_panel.airaction.squadron import Slot, Squadron
    from cs_panel.airaction.table import Pose
    from cs_panel.clix.figures import figures

    f = figures()
    ann = Squadron("Ann", (Slot(f["sample-fighter"]), Slot(f["charlie-steele-plane"]))).check(200)
    bob = Squadron("Bob", (Slot(f["sample-two-seater"]), Slot(f["loyle-crawford-plane"]))).check(200)
    g = GameState.start([ann, bob], {"Ann:sample-fighter": Pose(14, 2, 0), "Ann:charlie-steele-plane": Pose(22, 2, 0),
                                     "Bob:sample-two-seater": Pose(14, 34, 180), "Bob:loyle-crawford-plane": Pose(22, 34, 180)})
    for pid, speed in {"Ann:sample-fighter": 5, "Ann:charlie-steele-plane": 5, "Bob:sample-two-seater": 4,
                       "Bob:loyle-crawford-plane": 5}.items():
        g = g.set_speed(pid, g.plane(pid).speed.set_speed(speed))
    return g
