"""The referee's errors: an action the game does not allow now, and a fire order it cannot use."""

from __future__ import annotations

from cs_panel.core.errors import RuleInputError


class RefereeError(RuleInputError):
    """An action the game does not allow now (wrong phase, unknown plane, plane already plotted)."""


class FireOrderError(RefereeError):
    """A fire order that cannot be read, or that names a gun, hardpoint or target the plane
    cannot use now (F.combat.choice, F.dmg.guns, F.dmg.rockets)."""


class GroundShotError(FireOrderError):
    """Guns or rockets ordered at an object on the ground that cannot fire at it: out of the forward
    column or range, or a rocket that does no damage (F.combat.arc, F.collide.object-btn, F.hit.number)."""


class LineOfFireBlockedError(FireOrderError):
    """A shot ordered with something standing on the line between shooter and target: an intact gas
    cell or an object on the ground, at a plane, an object, a zeppelin's part or a hex (guns,
    rockets, a torpedo, a turret; F.combat.los, F.map.hexes, F.zep.static). The message names what
    is in the way."""
