"""Speed effects and redlining, checked before a plane moves (A.move.speed-effects,
A.move.redline; Air Action, "Movement"), and gunnery speed effects when it shoots
(A.combat.shot; "Combat").

A speed effect square at the maximum-speed location is resolved before moving: it can lower the
speed and deal clicks (which effects exist is our reconstruction, ``cs_panel.clix.skills``). A
plane whose current speed is above the maximum speed on its combat dial is redlining: its pilot
makes a check; on a failure the plane takes a click and the speed dial is turned down to the
maximum speed the combat dial now shows.

>>> print(redline_check(speed=7, max_speed=6, piloting=8))
8 piloting value = 8 (42%)
>>> redline_check(speed=6, max_speed=6, piloting=8) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cs_panel.airaction.pilot import pilot_check
from cs_panel.clix.dial import CombatDial, SpeedDial
from cs_panel.clix.skills import speed_effects_now
from cs_panel.core.data import Entry, Table
from cs_panel.core.dice import Dice, Roll
from cs_panel.core.explain import Modifier, TargetNumber


def redline_check(speed: int, max_speed: int, piloting: int) -> TargetNumber | None:
    """The pilot check for redlining, or None when the speed is within the maximum (A.move.redline)."""
    if speed <= max_speed:
        return None
    return pilot_check(piloting, f"to hold speed {speed} above maximum speed {max_speed} (redlining)")


def _slow_to(speed: SpeedDial, limit: int) -> SpeedDial:
    """The dial turned down to the fastest speed it has at or below ``limit``."""
    options = [s for s in speed.speeds if s <= limit]
    target = max(options) if options else speed.lowest
    return speed.set_speed(target)


@dataclass(frozen=True)
class PreMove:
    """What the pre-move checks did to one active plane: the dials after them, the rolls made,
    and a line of explanation per step."""

    speed: SpeedDial
    combat: CombatDial
    rolls: tuple[Roll, ...] = ()
    steps: tuple[str, ...] = ()
    clicks: int = 0

    @property
    def eliminated(self) -> bool:
        return self.combat.eliminated


def resolve_speed_effects(
    speed: SpeedDial, combat: CombatDial, dice: Dice, *, campaign: bool = False, table: Table | None = None
) -> PreMove:
    """Resolve the maximum-speed-location effects, then the redline check, in that order
    (A.move.speed-effects, A.move.redline)."""
    rolls: list[Roll] = []
    steps: list[str] = []
    clicks = 0
    for eff in speed_effects_now(speed, "max_speed", table):
        bad = True
        if eff.get("check_avoids", False):
            roll = pilot_check(combat.value("piloting"), f"against {eff['name']}").resolve(dice)
            rolls.append(roll)
            bad = not roll.success
            steps.append(f"{eff['name']}: {roll}")
        if bad:
            dmg = combat.take_hits(eff.get("clicks", 0), campaign=campaign)
            combat, clicks = dmg.dial, clicks + dmg.applied
            if eff.get("speed", 0) and not combat.eliminated:
                speed = _slow_to(speed, speed.speed + eff["speed"])
            steps.append(f"{eff['name']}: {dmg.applied} click(s), speed now {speed.speed}")
        if combat.eliminated:
            return PreMove(speed, combat, tuple(rolls), tuple(steps), clicks)
    check = redline_check(speed.speed, combat.value("max_speed"), combat.value("piloting"))
    if check is not None:
        roll = check.resolve(dice)
        rolls.append(roll)
        if roll.success:
            steps.append(f"redlining: {roll}; speed held")
        else:
            dmg = combat.take_hits(1, campaign=campaign)
            combat, clicks = dmg.dial, clicks + dmg.applied
            if not combat.eliminated:
                speed = _slow_to(speed, combat.value("max_speed"))
            steps.append(f"redlining: {roll}; 1 click, speed now {speed.speed}")
    return PreMove(speed, combat, tuple(rolls), tuple(steps), clicks)


@dataclass(frozen=True)
class GunneryEffects:
    """The gunnery speed effects of a firer at its current speed, as labelled terms for the
    dice and for the target's silhouette (A.combat.shot)."""

    dice: tuple[Modifier, ...] = ()
    silhouette: tuple[Modifier, ...] = ()
    entries: tuple[Entry, ...] = field(default=())


def gunnery_effects(speed: SpeedDial, table: Table | None = None) -> GunneryEffects:
    """The firer's gunnery speed effects at its current speed."""
    dice, sil, entries = [], [], []
    for eff in speed_effects_now(speed, "gunnery", table):
        entries.append(eff)
        if eff.get("gunnery", 0):
            dice.append(Modifier(eff["gunnery"], f"{eff['name']} (speed {speed.speed})", "A.combat.shot"))
        if eff.get("silhouette", 0):
            sil.append(Modifier(eff["silhouette"], f"{eff['name']} (speed {speed.speed})", "A.combat.shot"))
    return GunneryEffects(tuple(dice), tuple(sil), tuple(entries))
