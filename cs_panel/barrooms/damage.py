"""The personal damage card: where a hit is marked and what the marks do (B.hitloc, B.shock,
B.cover, B.knife, B.melee; *Crimson Bar-rooms*, Taking Damage). The text's card was lost; the
boxes and their effects are **reconstructed** (``cs_panel/data/barrooms/damage_card.md``).

What the text gives (``rules``):

- a hit is located with a d10 (B.hitloc), then rolled again on that location's part of the card
  to find the box it crosses; a hit whose box is already crossed does nothing more;
- a hit can wing a man, take off an arm or kill him; wounds wear Stamina down and can shock a man
  for good, which shows in his numbers (B.shock);
- a bullet-proof vest saves the torso from five hits of penetration 2, or one of penetration 3
  (B.cover); a knife marks the card as a bullet does (B.knife); fists do not mark it at all, they
  take punch points (B.melee).

What is ours (``reconstructed``): six boxes a location, picked with a d6; boxes 1-3 wing, 4-5
wound, 6 cripples a limb, drops a man hit in the body and kills a man hit in the head; a winged
or wounded arm adds 1 or 2 to fire the gun in that hand, and a fist or knife blow takes the
better arm's wounds the same way (none with both arms lost, ``blow_terms``); leg wounds cost Stamina and a lost leg
stops running, though a man can always crawl a hex; a deep body wound or any head wound is a point
of shock that is never shaken off; more crossed boxes than Constitution (less that lasting shock,
as for every stat) put a man out of action; and the vest's gaps: penetration 1 counts as 2, a
penetration 3 round needs an unused vest, 4 and up and knives go through.

>>> card = DamageCard(constitution=4)
>>> hit = take_hit(card, "right arm", 2)
>>> print(hit.card.firing_terms("right")[0].label)
right arm winged (box 2, reconstructed card)
>>> print(take_hit(hit.card, "right arm", 2).effects[0].text)
right arm box 2 is already crossed: the hit does nothing more
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Sequence

from cs_panel.core.data import Entry, Field, Table, load_table
from cs_panel.core.dice import ChanceEvent, Dice
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.limits import LIMITS
from cs_panel.core.explain import Modifier
from cs_panel.core.rules import rule
from cs_panel.core.state import dumps, loads

STATUSES = ("fighting", "down", "dead")  # only ever moves right
CAUSES = ("firearm", "knife", "fist")
HANDS = ("right", "left", "both")
RECON = "reconstructed card"


class DamageError(RuleInputError):
    """A hit the card cannot take: an unknown location, a box off the card, a fist (punch points), a
    gun fired from a lost arm."""


def _boxes_check(v: Any) -> str | None:
    if not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 100 for x in v):
        return f"boxes are numbers 1-100, got {short_repr(v)}"
    return None


def _faces_check(v: Any) -> str | None:
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and 1 <= x <= 10 for x in v) and v[0] <= v[1]):
        return f"faces are [from, to] on a d10, got {short_repr(v)}"
    return None


CARD_SCHEMA = {
    "kind": Field(str, check=lambda v: None if v in ("location", "rule", "wound") else f"unknown kind {short_repr(v)}"),
    "name": Field(str, required=False),
    "part": Field(str, required=False, check=lambda v: None if v in ("leg", "arm", "torso", "head") else f"unknown part {short_repr(v)}"),
    "side": Field(str, required=False),
    "faces": Field(list, required=False, check=_faces_check),
    "value": Field(int, required=False),
    "effect": Field(str, required=False),
    "grade": Field(str, required=False),
    "boxes": Field(list, required=False, check=_boxes_check),
    "stamina": Field(int, required=False),
    "fire": Field(int, required=False),
    "lasting_shock": Field(int, required=False),
    "status": Field(str, required=False, check=lambda v: None if v in STATUSES else f"unknown status {short_repr(v)}"),
    "cripples": Field(bool, required=False),
}


@lru_cache(maxsize=None)
def damage_card(source: str = "package:barrooms/damage_card.json") -> Table:
    """The card's data: locations from the hit table, its rules, and the effect of each box.
    Checks that the locations cover the d10 once and that every part's boxes cover the box die once."""
    table = load_table(source, CARD_SCHEMA)
    if "boxes-per-location" not in table:
        raise DataFileError(table.path, "needs the rule entry 'boxes-per-location'", entry="boxes-per-location")
    n = table["boxes-per-location"]["value"]
    faces: list[int] = []
    for e in table:
        if e["kind"] == "location":
            lo, hi = e["faces"]
            faces += range(lo, hi + 1)
    if sorted(faces) != list(range(1, 11)):
        raise DataFileError(table.path, f"the locations must cover a d10 once each, got faces {sorted(faces)}", field="faces")
    for part in ("leg", "arm", "torso", "head"):
        boxes = sorted(b for e in table if e["kind"] == "wound" and e["part"] == part for b in e["boxes"])
        if boxes != list(range(1, n + 1)):
            raise DataFileError(table.path, f"the {part}'s wounds must cover boxes 1-{n} once each, got {boxes}", field="boxes")
    return table


def box_count() -> int:
    """Boxes on each location, numbered 1 up, and the die that picks one (reconstructed: 6)."""
    return int(damage_card()["boxes-per-location"]["value"])


@lru_cache(maxsize=None)
def locations() -> tuple[Entry, ...]:
    """The six locations, in hit-table order (B.hitloc)."""
    return tuple(e for e in damage_card() if e["kind"] == "location")


# A card's status, shock and stamina read every crossed box's location and wound, and the bots
# ask for them for every shot they weigh: the card is looked up through these indexes, made once
# (the first entry wins where two would match, as a scan in card order would find it).
@lru_cache(maxsize=None)
def _locations_by_name() -> dict[str, Entry]:
    index: dict[str, Entry] = {}
    for e in locations():
        index.setdefault(e["name"], e)
        index.setdefault(e.id, e)
    return index


@lru_cache(maxsize=None)
def _wounds_by_box() -> dict[tuple[str, int], Entry]:
    index: dict[tuple[str, int], Entry] = {}
    for e in damage_card():
        if e["kind"] == "wound":
            for b in e["boxes"]:
                index.setdefault((e["part"], b), e)
    return index


def location(name: str) -> Entry:
    """A location by name ("left arm") or id ("left-arm")."""
    try:
        return _locations_by_name()[name]
    except (KeyError, TypeError):  # TypeError: not a name at all (a list, say)
        pass
    raise DamageError(f"a hit lands on the {', '.join(e['name'] for e in locations())}; not {name!r} (B.hitloc)",
                      field="location")


def wound(part: str, box: int) -> Entry:
    """What crossing ``box`` on a ``part`` ("leg", "arm", "torso", "head") does."""
    try:
        return _wounds_by_box()[(part, box)]
    except (KeyError, TypeError):
        pass
    raise DamageError(f"the card's boxes are 1-{box_count()}, got {box!r}", field="box")


def wounds_of(part: str) -> tuple[Entry, ...]:
    """The grades of one part, mildest first."""
    return tuple(e for e in damage_card() if e["kind"] == "wound" and e["part"] == part)


def _whole(v: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or (hi is not None and v > hi):
        span = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise DamageError(f"{name.replace('_', ' ')} is a whole number {span}, got {short_repr(v)}", field=name)
    return v


def _boxes_text(boxes: Sequence[int]) -> str:
    return str(boxes[0]) if len(boxes) == 1 else f"{boxes[0]}-{boxes[-1]}"


@dataclass(frozen=True)
class Effect:
    """One consequence of a hit, in words, with the rule it comes from and whether the words are the
    text's (``rules``) or ours (``reconstructed``)."""

    text: str
    rule: str
    provenance: str = "reconstructed"

    def __post_init__(self):
        rule(self.rule)  # an unknown rule id fails here

    def __str__(self) -> str:
        return f"{self.text} ({self.rule}{', ours' if self.provenance == 'reconstructed' else ''})"


@dataclass(frozen=True)
class DamageCard:
    """One character's damage card: the boxes crossed, in the order they were hit, and his vest.

    ``constitution``, less lasting shock, sets how many crossed boxes he fights on with; ``vest`` that he wears a
    bullet-proof vest and ``vest_wear`` how much of it is used (5 is spent)."""

    constitution: int = 4
    vest: bool = False
    vest_wear: int = 0
    marks: tuple[tuple[str, int], ...] = ()
    name: str = ""

    def __post_init__(self):
        _whole(self.constitution, "constitution", 0, 10)
        if not isinstance(self.vest, bool):
            raise DamageError(f"vest is True or False, got {self.vest!r}", field="vest")
        _whole(self.vest_wear, "vest_wear", 0, damage_card()["vest"]["value"])
        if self.vest_wear and not self.vest:
            raise DamageError("a vest's wear needs a vest", field="vest_wear")
        if not isinstance(self.name, str) or len(self.name) > LIMITS["text_chars"].hi:
            raise DamageError(f"name is text of at most {LIMITS['text_chars'].hi} characters", field="name")
        if not isinstance(self.marks, (tuple, list)) or not all(
                isinstance(m, (tuple, list)) and len(m) == 2 and isinstance(m[0], str) for m in self.marks):
            raise DamageError("marks are (location, box) pairs", field="marks")
        marks = tuple((str(loc), box) for loc, box in self.marks)
        seen = set()
        for loc, box in marks:
            location(loc)
            _whole(box, "box", 1, box_count())
            if (loc, box) in seen:
                raise DamageError(f"{loc} box {box} is crossed twice", field="marks")
            seen.add((loc, box))
        object.__setattr__(self, "marks", marks)

    @classmethod
    def for_character(cls, character: Any) -> "DamageCard":
        """A clean card for a ``Character``: his Constitution and vest."""
        return cls(constitution=character.constitution, vest=character.vest, name=character.name)

    # -- what is crossed ---------------------------------------------------------------------------

    def crossed(self, loc: str) -> tuple[int, ...]:
        name = location(loc)["name"]
        return tuple(sorted(b for n, b in self.marks if n == name))

    def is_crossed(self, loc: str, box: int) -> bool:
        return box in self.crossed(loc)

    def _wounds(self) -> Iterable[tuple[Entry, Entry, int]]:
        # looked up once per card (it is immutable): status and shock are read thousands of times
        # a game; kept beside the fields, so equality and saving never see it
        found = self.__dict__.get("_wound_entries")
        if found is None:
            found = tuple((e, wound(e["part"], box), box) for e, box in ((location(loc), box) for loc, box in self.marks))
            object.__setattr__(self, "_wound_entries", found)
        return found

    @property
    def wound_count(self) -> int:
        return len(self.marks)

    @property
    def crippled(self) -> tuple[str, ...]:
        """Locations whose limb is lost."""
        return tuple(e["name"] for e, w, _ in self._wounds() if w["cripples"])

    @property
    def crippled_legs(self) -> int:
        return sum(1 for n in self.crippled if n.endswith("leg"))

    @property
    def lasting_shock(self) -> int:
        """Points of shock from wounds, never shaken off: each is 1 off every stat (B.shock)."""
        return sum(w["lasting_shock"] for _, w, _ in self._wounds())

    @property
    def stamina_loss(self) -> int:
        """Stamina lost to leg wounds (0 or less); lasting shock is counted apart."""
        return sum(w["stamina"] for _, w, _ in self._wounds())

    @property
    def effective_constitution(self) -> int:
        """Constitution less lasting shock (never below 0), as ``stat(character, "constitution")``
        gives it: the number the crossed boxes are counted against (B.shock, reconstructed card)."""
        return max(0, self.constitution - self.lasting_shock)

    @property
    def status(self) -> str:
        """"fighting", "down" (out of action) or "dead": the worst box crossed, or down once the
        crossed boxes outnumber Constitution less lasting shock (``effective_constitution``)."""
        if not self.marks:  # nothing crossed: nothing to look up (asked thousands of times a game)
            return STATUSES[0]
        worst = max((STATUSES.index(w["status"]) for _, w, _ in self._wounds()), default=0)
        if self.wound_count > self.effective_constitution:
            worst = max(worst, STATUSES.index("down"))
        return STATUSES[worst]

    @property
    def vest_left(self) -> int:
        return damage_card()["vest"]["value"] - self.vest_wear if self.vest else 0

    # -- what the marks impose ---------------------------------------------------------------------

    def firing_terms(self, hand: str = "right") -> tuple[Modifier, ...]:
        """The wounds' terms for ``to_hit(..., wounds=...)`` when firing with ``hand`` ("right",
        "left", or "both" for a long arm): each winged or wounded box of that arm, and lasting
        shock. A lost arm, or a man out of action, cannot fire."""
        if hand not in HANDS:
            raise DamageError(f"fire with the 'right' or 'left' hand, or 'both' for a long arm; not {hand!r}", field="hand")
        if self.status != "fighting":
            raise DamageError(f"{self.name or 'he'} is {self.status}: out of action, he fires no more (B.hitloc)",
                              field="status")
        sides = ("right", "left") if hand == "both" else (hand,)
        terms: list[Modifier] = []
        for e, w, box in self._wounds():
            if e["part"] != "arm" or e["side"] not in sides:
                continue
            if w["cripples"]:
                what = "a long arm needs both arms" if hand == "both" else "it holds nothing"
                raise DamageError(f"the {e['name']} is lost: {what} (B.hitloc, {RECON})", field="hand")
            if w["fire"]:
                terms.append(Modifier(w["fire"], f"{e['name']} {w['grade']} (box {box}, {RECON})", "B.hitloc"))
        if self.lasting_shock:
            terms.append(Modifier(self.lasting_shock, f"lasting shock from wounds {self.lasting_shock} ({RECON})", "B.shock"))
        return tuple(terms)

    def striking_arm(self) -> str | None:
        """The arm a fist or knife blow is struck with: the one whose wounds cost least, the right
        on a tie; None when both are lost (B.melee, B.knife; reconstructed card, RULINGS.md)."""
        cost: dict[str, int | None] = {side: 0 for side in ("right", "left")}
        for e, w, _ in self._wounds():
            if e["part"] != "arm" or e["side"] not in cost:
                continue
            if w["cripples"]:
                cost[e["side"]] = None
            elif (so_far := cost[e["side"]]) is not None:
                cost[e["side"]] = so_far + w["fire"]
        usable = [side for side in ("right", "left") if cost[side] is not None]
        return min(usable, key=lambda side: cost[side] or 0) if usable else None

    def blow_terms(self) -> tuple[Modifier, ...]:
        """The wounds' terms for ``melee.blow_number(..., wounds=...)``: a blow is struck with the
        better arm (``striking_arm``), and each winged or wounded box of that arm makes it 1 or 2
        harder, as the same box does for a gun held in that hand. Lasting shock is not repeated here:
        it is already taken off the Melee the number uses (``stat``). With both arms lost he strikes
        no blow (B.melee, B.knife; the text gives arm wounds no blow effect, so this is our
        reconstructed card, RULINGS.md)."""
        side = self.striking_arm()
        if side is None:
            raise DamageError(f"{self.name or 'he'} has lost both arms: no fist or knife blow (B.melee, {RECON})",
                              field="hand")
        terms: list[Modifier] = []
        for e, w, box in self._wounds():
            if e["part"] == "arm" and e["side"] == side and w["fire"]:
                terms.append(Modifier(w["fire"], f"striking with the {e['name']}, {w['grade']} (box {box}, {RECON})",
                                      "B.melee"))
        return tuple(terms)

    def stamina_terms(self, stamina: int) -> tuple[Modifier, ...]:
        """Stamina as wounds leave it, as terms: the rated Stamina, leg wounds and lasting shock."""
        terms = [Modifier(_whole(stamina, "stamina", 0, 6), f"Stamina {stamina}", "B.chargen")]
        for e, w, box in self._wounds():
            if w["stamina"]:
                terms.append(Modifier(w["stamina"], f"{e['name']} {w['grade']} (box {box}, {RECON})", "B.move.gait"))
        if self.lasting_shock:
            terms.append(Modifier(-self.lasting_shock, f"lasting shock from wounds ({RECON})", "B.shock"))
        return tuple(terms)

    def stamina(self, stamina: int) -> int:
        """Movement points left after wounds, never below 0 (to give ``movement.gait``)."""
        return max(0, sum(t.value for t in self.stamina_terms(stamina)))

    def stat(self, character: Any, stat: str) -> int:
        """A character's stat as he plays it, wounds included: ``Character.effective`` less lasting
        shock, and for Stamina less leg wounds."""
        v = character.effective(stat) - self.lasting_shock
        if stat == "stamina":
            v += self.stamina_loss
        return max(0, v)

    # -- saving and showing ------------------------------------------------------------------------

    def to_json(self) -> str:
        return dumps(self)

    @classmethod
    def from_json(cls, text: str) -> "DamageCard":
        return loads(cls, text)

    def rows(self) -> list[tuple[str, str]]:
        """One line per location: its name and its boxes, crossed ones as ``X``."""
        n = box_count()
        out = []
        for e in locations():
            crossed = self.crossed(e["name"])
            out.append((e["name"], " ".join("X" if b in crossed else str(b) for b in range(1, n + 1))))
        return out

    def _constitution_text(self) -> str:
        if not self.lasting_shock:
            return str(self.constitution)
        return f"{self.constitution} ({self.effective_constitution} after lasting shock)"

    def __str__(self) -> str:
        width = max(len(n) for n, _ in self.rows())
        head = f"Damage card{' of ' + self.name if self.name else ''} (reconstructed): Constitution {self._constitution_text()}"
        lines = [head] + [f"  {n:<{width}}  {boxes}" for n, boxes in self.rows()]
        lines.append(f"  {self.status}; {self.wound_count} wound(s), lasting shock {self.lasting_shock}"
                     + (f"; vest {self.vest_left} of 5 left" if self.vest else ""))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from cs_panel.barrooms.render import damage_card_html  # drawing, loaded only when a picture is asked for

        return damage_card_html(self)


@dataclass(frozen=True)
class HitResult:
    """A hit marked on a card: the card after it, where it fell, and what it did, explained."""

    before: DamageCard
    card: DamageCard
    location: str
    box: int
    effects: tuple[Effect, ...]
    marked: bool
    stopped_by_vest: bool = False

    @property
    def grade(self) -> str | None:
        return wound(location(self.location)["part"], self.box)["grade"] if self.marked else None

    def __str__(self) -> str:
        return "\n".join([f"hit: {self.location}, box {self.box} -> {self.card.status}"] + [f"- {e}" for e in self.effects])


def take_hit(card: DamageCard, where: str, box: int, *, cause: str = "firearm", penetration: int | None = None) -> HitResult:
    """Mark one hit on ``card`` at location ``where`` ("torso", "left arm", ...) and ``box`` (the
    second roll, 1-6) (B.hitloc). ``cause`` is "firearm" or "knife" (a knife wounds like a bullet,
    B.knife); a fist is refused: it takes punch points instead (B.melee). ``penetration`` lets a
    vest stop torso hits (B.cover)."""
    if cause not in CAUSES:
        raise DamageError(f"a hit comes from a {', '.join(CAUSES[:2])}; not {cause!r}", field="cause")
    if cause == "fist":
        raise DamageError("fists do no wounds: they take punch points (melee.PunchTrack) (B.melee)", field="cause")
    loc = location(where)
    name = loc["name"]
    _whole(box, "box", 1, box_count())
    if penetration is not None:
        _whole(penetration, "penetration")
    effects = [Effect("roll to avoid shock: 8 - Steady Mind, 7 against a concealable handgun", "B.shock", "rules")]
    if cause == "knife":
        effects.append(Effect("a knife marks the card as a bullet would", "B.knife", "rules"))
    if loc["part"] == "torso" and card.vest and cause == "knife":
        effects.append(Effect("the vest does not stop a knife", "B.cover"))  # our reading: it names only rounds
    if loc["part"] == "torso" and card.vest and penetration is not None and cause == "firearm":
        full = damage_card()["vest"]["value"]
        # The text: five hits of penetration 2, or one of penetration 3 (an unused vest stops it). The rest is
        # ours (the 'vest-readings' entry): penetration 1 counts as 2; a penetration 3 round needs an unused
        # vest and uses it up; 4 and up go through.
        cost = 1 if penetration <= 2 else full if penetration == 3 else None
        if cost is not None and card.vest_left >= cost:
            after = replace(card, vest_wear=card.vest_wear + cost)
            counted = ", counted as 2" if penetration < 2 else ""
            effects.append(Effect(f"the vest stops it (penetration {penetration}{counted}); {after.vest_left} of "
                                  f"{full} left", "B.cover", "rules" if penetration in (2, 3) else "reconstructed"))
            return HitResult(card, after, name, box, tuple(effects), marked=False, stopped_by_vest=True)
        if cost is None:
            effects.append(Effect(f"penetration {penetration} goes through the vest, which stops 3 at most; "
                                  "it is left as it was", "B.cover"))
        elif penetration == 3:
            effects.append(Effect(f"penetration 3 goes through the vest: only an unused vest stops it "
                                  f"({card.vest_left} of {full} left)", "B.cover"))
        else:
            counted = ", counted as 2," if penetration < 2 else ""
            effects.append(Effect(f"penetration {penetration}{counted} goes through the vest: its {full} uses are spent",
                                  "B.cover", "rules" if penetration == 2 else "reconstructed"))
    if card.is_crossed(name, box):
        effects.insert(0, Effect(f"{name} box {box} is already crossed: the hit does nothing more", "B.hitloc", "rules"))
        return HitResult(card, card, name, box, tuple(effects), marked=False)
    after = replace(card, marks=card.marks + ((name, box),))
    w = wound(loc["part"], box)
    effects.insert(0, Effect(f"{name} box {box}: {w['grade']}, {w['effect']}", "B.hitloc"))
    if w["lasting_shock"]:
        effects.append(Effect(f"lasting shock now {after.lasting_shock}: every stat that much lower for good", "B.shock"))
    if after.status != card.status:
        if after.status == "down" and w["status"] == "fighting":
            shock = f" ({card.constitution} less {after.lasting_shock} lasting shock)" if after.lasting_shock else ""
            effects.append(Effect(f"down: {after.wound_count} wounds are more than Constitution "
                                  f"{after.effective_constitution}{shock}", "B.chargen"))
        else:
            effects.append(Effect(f"now {after.status}", "B.hitloc"))
    return HitResult(card, after, name, box, tuple(effects), marked=True)


@dataclass(frozen=True)
class HitOnCard(ChanceEvent):
    """One hit rolled onto a card: a d10 for the location (B.hitloc), a d6 for the box. The outcome
    is the status after it ("fighting", "down" or "dead"), so its odds say how likely one more hit
    is to drop or kill him.

    >>> HitOnCard(DamageCard(constitution=4)).outcomes()["dead"]
    Fraction(1, 60)
    """

    card: DamageCard
    cause: str = "firearm"
    penetration: int | None = None
    aimed: str | None = None  # an aimed knife or blow picks the location (B.knife)

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (box_count(),) if self.aimed else (10, box_count())

    def where(self, faces: Sequence[int]) -> tuple[str, int]:
        if self.aimed:
            return location(self.aimed)["name"], faces[0]
        loc = next(e for e in locations() if e["faces"][0] <= faces[0] <= e["faces"][1])
        return loc["name"], faces[1]

    def outcome_of(self, faces: Sequence[int]) -> str:
        loc, box = self.where(faces)
        return take_hit(self.card, loc, box, cause=self.cause, penetration=self.penetration).card.status

    def hit(self, dice: Dice) -> HitResult:
        """Roll where the hit falls and mark it."""
        faces = tuple(dice.die(s) for s in self.dice)
        loc, box = self.where(faces)
        return take_hit(self.card, loc, box, cause=self.cause, penetration=self.penetration)

    @property
    def chance(self) -> Fraction:
        """Chance the hit leaves him out of action (down or dead)."""
        return sum((p for o, p in self.outcomes().items() if o != "fighting"), Fraction(0))

    def describe(self) -> str:
        return "hit on the card: " + (f"aimed at the {self.aimed}, d6 box" if self.aimed else "d10 location, d6 box")


def card_legend() -> list[dict[str, Any]]:
    """What a hit does on each location, for tables: location, d10 faces, and each grade's boxes
    and effect (all reconstructed)."""
    out = []
    for e in locations():
        out.append({"location": e["name"], "faces": tuple(e["faces"]),
                    "grades": [(_boxes_text(w["boxes"]), w["grade"], w["effect"], w.provenance) for w in wounds_of(e["part"])]})
    return out


__all__ = ["DamageCard", "DamageError", "Effect", "HitOnCard", "HitResult", "box_count", "card_legend", "damage_card",
           "location", "locations", "take_hit", "wound", "wounds_of"]
