"""Small pure helpers for showing an attack die by die (A.combat.shot, A.fate.defense; Air
Action, "Combat" and "Fate").

The ``AttackOdds`` component needs three things the combat core does not offer as such: faces
typed at the table read into a tuple, a verdict for every die of a roll (a hit? would the
target's defensive fate cancel it?), and a bound on the size of the pool the exact odds are
worked out for. The verdicts ask the attack's own chance event (``AttackDice.die_hits``), so a
die counted here is counted the same way by the odds and by ``AttackResult.hits``.

>>> from cs_panel.airaction.combat import attack
>>> shot = attack(4, 4).result(parse_faces("4, 4, 5, 6"))
>>> [v.symbol for v in die_verdicts(shot)]
['cancelled', 'cancelled', 'cancelled', 'stays']
>>> fate_summary(shot)
(4, 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cs_panel.airaction.combat import Attack, AttackResult
from cs_panel.core.limits import LIMITS
from cs_panel.core.errors import RuleInputError

#: the largest pool the odds view works out; no plane, rear-arc die and Ace's fate come near it
MAX_POOL = 40


class PoolTooLargeError(RuleInputError):
    """More attack dice than any table shot could roll (a typing slip such as 300 for 3)."""


def check_pool(shot: Attack, field: str = "gunnery") -> Attack:
    """The attack, or ``PoolTooLargeError`` naming ``field`` if it rolls more than MAX_POOL dice."""
    if shot.dice > MAX_POOL:
        raise PoolTooLargeError(
            f"{shot.dice} attack dice is more than any shot rolls; this view stops at {MAX_POOL}", field=field)
    return shot


def parse_faces(text: str) -> tuple[int, ...]:
    """Read d6 faces typed as ``"4, 4, 5, 6"`` or ``"4 4 5 6"`` (no evaluation, digits only)."""
    if not isinstance(text, str) or len(text) > LIMITS["line_chars"].hi:
        raise RuleInputError(f"type at most {LIMITS['line_chars'].hi} characters of d6 faces, e.g. \"4 4 5 6\"",
                             field="faces")
    tokens = [t for t in re.split(r"[,\s;]+", text.strip()) if t]
    faces = []
    for t in tokens:
        if not (t.isascii() and t.isdigit()) or len(t) > 2 or not 1 <= int(t) <= 6:
            raise RuleInputError(f"a d6 shows 1 to 6; {t!r} is not a face", field="faces")
        faces.append(int(t))
    return tuple(faces)


@dataclass(frozen=True)
class DieVerdict:
    """What one die of a rolled attack did.

    ``hit``: it hits as the attack stands (with defensive fate if the attack has it);
    ``hit_before_fate``: it would hit with no fate spent; ``stays_after_fate``: it still hits if
    the target's Ace spends fate defensively (a natural six at or above the silhouette)."""

    face: int
    hit: bool
    hit_before_fate: bool
    stays_after_fate: bool

    @property
    def symbol(self) -> str:
        """``miss``, ``stays`` (a hit fate cannot cancel) or ``cancelled`` (a hit fate cancels,
        or has cancelled)."""
        if not self.hit_before_fate:
            return "miss"
        return "stays" if self.stays_after_fate else "cancelled"


def die_verdicts(result: AttackResult) -> tuple[DieVerdict, ...]:
    """Every die of the roll with its verdict, in the order rolled."""
    plain = result.attack.with_defensive_fate(False).event
    fated = result.attack.with_defensive_fate(True).event
    current = result.attack.event
    return tuple(DieVerdict(f, current.die_hits(f), plain.die_hits(f), fated.die_hits(f)) for f in result.faces)


def fate_summary(result: AttackResult) -> tuple[int, int]:
    """Hits of the roll without defensive fate, and hits left if the target spends it."""
    plain = AttackResult(result.attack.with_defensive_fate(False), result.faces)
    return plain.hits, plain.with_defensive_fate().hits


def check_clicks_left(clicks: int) -> int:
    """Clicks the target can still take before three bullet holes show: 1 or more (A.shot-down)."""
    if isinstance(clicks, bool) or not isinstance(clicks, int) or clicks < 1:
        raise RuleInputError(
            f"a plane still flying has at least 1 click before it is shot down, got {clicks!r}", field="clicks_left")
    return clicks


def clicks_applied(hits: int, clicks_left: int) -> tuple[int, bool]:
    """Clicks a roll of ``hits`` puts on a target with ``clicks_left`` clicks before three bullet
    holes, and whether it is shot down: hits past that point are ignored (A.shot-down).

    >>> clicks_applied(4, 3), clicks_applied(1, 3)
    ((3, True), (1, False))
    """
    clicks_left = check_clicks_left(clicks_left)
    if isinstance(hits, bool) or not isinstance(hits, int) or hits < 0:
        raise RuleInputError(f"hits must be a whole number of 0 or more, got {hits!r}", field="hits")
    return min(hits, clicks_left), hits >= clicks_left
