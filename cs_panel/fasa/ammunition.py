"""Machine-gun ammunition: calibres and kinds (F.weap.mg; FASA *Crimson Skies*, Machine Gun
Ammunition, p.40).

A machine gun is rated by calibre (.30 to .70) and fires only rounds of that calibre; its range
comes from the calibre (the Machine Gun Range Table, in ``weapons.json``). Rounds come in three
kinds, each with its own damage template: armour-piercing (AP), dum-dum (DD) and magnesium (MG),
which goes on burning. Damage templates and the magnesium burn belong to the damage rules.

>>> print(load("mg-50", Rounds(50, "AP")))
.50 machine gun loaded with .50 armour-piercing rounds (range 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from cs_panel.core.errors import RuleInputError
from cs_panel.fasa.tohit import weapons

CALIBRES = (30, 40, 50, 60, 70)
KINDS = {"AP": "armour-piercing", "DD": "dum-dum", "MG": "magnesium"}


class AmmunitionError(RuleInputError):
    """Rounds of the wrong calibre or an unknown kind (F.weap.mg)."""


@dataclass(frozen=True)
class Rounds:
    """A gun's belt: calibre (30 for .30) and kind (AP, DD or MG)."""

    calibre: int
    kind: str = "AP"

    def __post_init__(self):
        if self.calibre not in CALIBRES:
            raise AmmunitionError(f"machine-gun calibres are {['.%d' % c for c in CALIBRES]}, not {self.calibre!r}",
                                  field="calibre")
        if self.kind not in KINDS:
            raise AmmunitionError(f"rounds are {', '.join(f'{k} ({v})' for k, v in KINDS.items())}, not {self.kind!r}",
                                  field="kind")

    def __str__(self) -> str:
        return f".{self.calibre} {KINDS[self.kind]} rounds"


def gun_calibre(gun: str) -> int:
    """A gun's calibre from its id (``mg-50`` is .50)."""
    w = weapons()[gun]
    if w["class"] != "gun":
        raise AmmunitionError(f"a {w['name']} is not a machine gun", field="gun")
    return int(gun.split("-")[1])


@dataclass(frozen=True)
class LoadedGun:
    gun: str
    rounds: Rounds

    @property
    def range(self) -> int:
        return weapons()[self.gun]["range"]

    def __str__(self) -> str:
        return f"{weapons()[self.gun]['name']} loaded with {self.rounds} (range {self.range})"


def load(gun: str, rounds: Rounds) -> LoadedGun:
    """Load a gun, refusing rounds of another calibre (F.weap.mg, p.40)."""
    calibre = gun_calibre(gun)
    if rounds.calibre != calibre:
        raise AmmunitionError(f"a .{calibre} gun fires only .{calibre} rounds, not .{rounds.calibre} (F.weap.mg, FASA p.40)",
                              field="rounds")
    return LoadedGun(gun, rounds)
