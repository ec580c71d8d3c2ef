"""The optional rules a referee's game may switch on, and what they change (F.collide.damage;
FASA p.27-28).

The variants themselves are declared by the rules core (``cs_panel.core.variants``); a game names
the ones it plays with when it starts (``Referee.start(..., variants=[...])``, a setup's
``"variants"``), and they are off unless named: the text makes every optional rule a choice all
players agree on before the mission.

- ``fasa.collision-flak`` (``collisions.COLLISION_FLAK``): a plane that collides is not destroyed
  but takes 14 - the other plane's base target number flak hits, each located on the hit-location
  table of the side the other plane strikes it from (``collisions.collision_damage``,
  ``collisions.collision_attitude``), then a damage column and the flak template, then widowing.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable, Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.variants import VARIANTS, RuleSet
from cs_panel.fasa.collisions import COLLISION_FLAK, collision_damage
from cs_panel.fasa.damage import template_for
from cs_panel.fasa.gunnery import hit_location
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.marking import _lost_to_damage, _place, _widow
from cs_panel.fasa.referee.state import RefPlane

#: the optional rules this referee plays, each with the rule it changes
REFEREE_VARIANTS = {COLLISION_FLAK.name: COLLISION_FLAK.rule}


def check_variants(names: Iterable[str]) -> tuple[str, ...]:
    """The variants a game plays with, sorted; one the core does not know, or that this referee
    does not play, is refused by name."""
    if isinstance(names, str) or not isinstance(names, (tuple, list)):
        raise RefereeError(f"variants are a list of names, got {names!r}", field="variants")
    out = []
    for n in names:
        if not isinstance(n, str):
            raise RefereeError(f"a variant is named by text, got {n!r}", field="variants")
        if n not in REFEREE_VARIANTS:
            known = "a rule variant of another part of the rules" if n in VARIANTS else "no known rule variant"
            raise RefereeError(f"{n!r} is {known}; this referee plays {', '.join(REFEREE_VARIANTS)}", field="variants")
        out.append(n)
    if len(set(out)) != len(out):
        raise RefereeError(f"a variant is named twice: {out}", field="variants")
    return tuple(sorted(out))


def rule_set(names: Sequence[str]) -> RuleSet:
    try:
        return RuleSet(frozenset(names))
    except RuleInputError as e:  # checked by check_variants first; a saved table is refused, never repaired
        raise RefereeError(str(e), field="variants") from None


def collision_flak(planes: dict[str, RefPlane], pairs: Iterable[tuple[str, str]], rules: RuleSet, dice: Dice,
                   turn: int, said: list[str]) -> set[str]:
    """Each collided pair under the rules in play: the planes destroyed by the printed rule, or,
    with ``fasa.collision-flak``, each plane's flak hits marked on its sheet (F.collide.damage).
    Returns the planes the collision itself destroys (none with the variant: damage may still)."""
    destroyed: set[str] = set()
    template = template_for("flak-rocket").id
    for a, b in sorted(pairs):
        for own, other in ((a, b), (b, a)):
            me, them = planes[own], planes[other]
            if _lost_to_damage(me) or own in destroyed:
                continue
            dmg = collision_damage(me.base_to_hit, them.base_to_hit, rules, me.plane.facing, them.plane.facing)
            if dmg.destroyed:
                destroyed.add(own)
                continue
            assert dmg.flak_hits is not None and dmg.attitude is not None  # the variant gives both
            n = dmg.flak_hits.total
            said.append(f"{own} collides with {other} under the optional rule ({COLLISION_FLAK.name}): "
                        f"{dmg} (F.collide.damage)")
            t = dataclasses.replace(me, hits_taken=me.hits_taken + n)
            where = hit_location(dmg.attitude)
            rolls = [where.resolve(dice) for _ in range(n)]
            for i, roll in enumerate(rolls, 1):
                said.append(f"  {own}, collision flak hit {i} of {n}: hit location d10 {roll.faces[0]} -> "
                            f"{roll.outcome.label} table (F.hitloc.table)")
            for i, roll in enumerate(rolls, 1):
                t = _place(t, roll.outcome, template, f"collision flak hit {i} on {own}", dice, turn, said)
            planes[own] = _widow(t, dice, turn, said)
    return destroyed
