"""Talents and abilities: what the coloured squares on an Aces dial do, and where the rules ask
(K.base.values, K.actions, K.attack, K.fate, K.terrain.hindering, K.capture; *Crimson Skies:
Aces*, Talents and Abilities, Turns and Actions, Resolving an Attack, Fate, Capturing).

A coloured square behind a combat value is a talent or ability; it works while it shows in the
stat slot, so talents come and go as the dial turns (K.base.values). The Talents and Abilities
Card was lost (MISSING.md): ``cs_panel/data/clix/talents.json`` is our reconstruction, every
entry ``reconstructed`` (``talents.md`` gives the reasoning). Each effect below is explained
with labelled ``Modifier`` terms, and the rest of ``cs_panel.aces`` asks here:

- **Second Wind** (named by the rules as an action): instead of moving or attacking, the
  character heals one click, never past its starting position (K.actions);
- **Old One-Two** (named, Fate example): two close attacks in one move-and-attack action, fate
  allowed on each, one click per use (K.fate, K.close);
- **Sure-footed** (ours): hindering terrain neither stops nor slows it, nor the captive it
  carries (K.terrain.hindering, K.capture);
- **Sharpshooter** (ours): one more die in ranged attacks (K.attack);
- **Charmed Life** (ours): one click less from each damaging attack (K.attack).

>>> from cs_panel.aces.combat import sample_character
>>> louis = sample_character("louis-thibodeaux-ace", "Louis", "Tim", (2, 2))
>>> [t.name for t in talents_of(louis)], close_attacks(louis)
(['Old One-Two'], 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cs_panel.clix.dial import CombatDial, DialStartError
from cs_panel.clix.skills import talent_for
from cs_panel.core.data import Entry
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, terms_text

if TYPE_CHECKING:  # combat imports this module; the type is only for hints
    from cs_panel.aces.combat import Character

RECONSTRUCTED = "reconstructed"


class TalentError(RuleInputError):
    """A talent used where it does not show, or where it has nothing to do."""


@dataclass(frozen=True)
class Talent:
    """A talent or ability showing in the stat slot: its card entry, and the stat it sits on."""

    entry: Entry

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def name(self) -> str:
        return str(self.entry["name"])

    @property
    def stat(self) -> str:
        return str(self.entry["stat"])

    @property
    def optional(self) -> bool:
        return bool(self.entry["optional"])

    @property
    def effect(self) -> str:
        return str(self.entry["effect"])

    @property
    def provenance(self) -> str:
        return self.entry.provenance

    @property
    def label(self) -> str:
        """The name as a modifier label says it, flagged when it is not from the printed card."""
        return self.name if self.provenance == "rules" else f"{self.name} ({self.provenance})"

    def __str__(self) -> str:
        return f"{self.name} [{self.entry['colour']} {self.stat}]: {self.effect}"

    def _repr_html_(self) -> str:
        from cs_panel.aces.render import talent_html  # drawing, loaded only when a picture is asked for

        return talent_html(self)


def dial_talents(dial: CombatDial) -> tuple[Talent, ...]:
    """The talents and abilities showing in a dial's stat slot now (K.base.values); none once the
    KO symbols show."""
    if dial.eliminated:
        return ()
    return tuple(Talent(talent_for(m.stat, m.colour)) for m in dial.markers())


def talents_of(character: "Character") -> tuple[Talent, ...]:
    """The talents and abilities the character has now (K.base.values)."""
    return dial_talents(character.dial)


def _with(character: "Character", field: str) -> Talent | None:
    return next((t for t in talents_of(character) if t.entry.get(field)), None)


# -- Second Wind (K.actions) -------------------------------------------------------------------------

@dataclass(frozen=True)
class SecondWind:
    """What Second Wind does to one character: the clicks healed, term by term, and the new dial."""

    character: str
    terms: tuple[Modifier, ...]
    dial: CombatDial

    @property
    def healed(self) -> int:
        return sum(t.value for t in self.terms)

    def __str__(self) -> str:
        return f"{self.character} catches a second wind: {terms_text(self.terms)} = {self.healed} click(s) healed"


def second_wind(character: "Character") -> SecondWind:
    """Use Second Wind: heal one click, never past the starting position (K.actions; the effect is
    our reconstruction). Refused, with the reason, if the talent does not show or there is nothing
    to heal."""
    t = _with(character, "heal")
    if t is None:
        raise TalentError(f"{character.name} has no Second Wind showing in its stat slot (K.actions, K.base.values)",
                          field="action")
    room = character.dial.slot - character.dial.start
    if room <= 0:
        raise TalentError(f"{character.name} is at its starting position: Second Wind has nothing to heal "
                          "(our reading, K.actions)", field="action")
    heal = min(int(t.entry["heal"]), room)
    terms = [Modifier(int(t.entry["heal"]), t.label, "K.actions")]
    if heal < int(t.entry["heal"]):
        terms.append(Modifier(heal - int(t.entry["heal"]), "no healing past the starting position", "K.base.values"))
    try:
        dial = character.dial.click_back(heal)
    except DialStartError as e:  # pragma: no cover - room was checked above
        raise TalentError(str(e), field="action") from e
    return SecondWind(character.name, tuple(terms), dial)


def has_second_wind(character: "Character") -> bool:
    return _with(character, "heal") is not None


# -- Old One-Two (K.fate, K.close) -------------------------------------------------------------------

def close_attacks(character: "Character") -> int:
    """How many close attacks a move-and-attack action allows: one, or two with Old One-Two."""
    t = _with(character, "close_attacks")
    return int(t.entry["close_attacks"]) if t is not None else 1


def attack_count_terms(character: "Character", kind: str) -> tuple[Modifier, ...]:
    """Attacks in one action, explained: one (K.actions), plus one close attack for Old One-Two
    (K.fate, where the rules show a character attacking twice)."""
    terms = [Modifier(1, "attack in a move-and-attack action", "K.actions")]
    t = _with(character, "close_attacks")
    if t is not None and kind == "close":
        terms.append(Modifier(int(t.entry["close_attacks"]) - 1, t.label, "K.fate"))
    return tuple(terms)


# -- Sure-footed (K.terrain.hindering, K.capture) ---------------------------------------------------

def ignores_hindering(character: "Character") -> bool:
    """Whether hindering terrain neither stops nor slows the character (and its captive, K.capture)."""
    return _with(character, "ignores_hindering") is not None


def movement_notes(character: "Character") -> tuple[str, ...]:
    t = _with(character, "ignores_hindering")
    return (f"{t.label}: hindering terrain neither stops nor slows it (K.terrain.hindering)",) if t else ()


# -- Sharpshooter (K.attack) -------------------------------------------------------------------------

def dice_terms(character: "Character", kind: str) -> tuple[Modifier, ...]:
    """Talent terms added to an attack's dice: the attack value is modified by talents (K.attack)."""
    out = []
    for t in talents_of(character):
        n = t.entry.get("ranged_dice")
        if n and kind == "ranged":
            out.append(Modifier(int(n), t.label, "K.attack"))
    return tuple(out)


# -- Charmed Life (K.attack) -------------------------------------------------------------------------

@dataclass(frozen=True)
class DamageTaken:
    """The clicks an attack deals after the target's talents, term by term (K.attack)."""

    terms: tuple[Modifier, ...]

    @property
    def clicks(self) -> int:
        return max(0, sum(t.value for t in self.terms))

    def __str__(self) -> str:
        return f"{terms_text(self.terms)} = {self.clicks} click(s)"


def damage_reduction(character: "Character") -> int:
    """Clicks the character's talents take off each damaging attack."""
    return sum(int(t.entry.get("damage_reduction") or 0) for t in talents_of(character))


def damage(target: "Character", hits: int) -> DamageTaken:
    """Clicks from ``hits`` once the target's talents are applied (a token goes only if a click is
    left after them, K.attack)."""
    terms = [Modifier(hits, "hit" if hits == 1 else "hits", "K.attack")]
    if hits > 0:
        for t in talents_of(target):
            n = t.entry.get("damage_reduction")
            if n:
                terms.append(Modifier(-min(int(n), hits), t.label, "K.attack"))
    return DamageTaken(tuple(terms))


__all__ = [
    "DamageTaken", "SecondWind", "Talent", "TalentError", "attack_count_terms", "close_attacks", "damage",
    "damage_reduction", "dial_talents",
    "dice_terms", "has_second_wind", "ignores_hindering", "movement_notes", "second_wind", "talents_of",
]
