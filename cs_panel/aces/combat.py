"""Characters and their attacks: ranged and close combat, several targets, capture and escape,
and fate (K.base.values, K.ranged, K.ranged.multi, K.close, K.attack, K.capture, K.escape,
K.fate, K.terrain.hindering; *Crimson Skies: Aces*, Combat to Fate).

- An attack rolls as many d6 as the attacker's attack value; each die at or above the target's
  defense is a hit and one click of damage. A defense above 6 counts as 6. Three KO symbols in
  the slot knock a character out; a character token goes at its first click (K.attack).
- **Ranged**: range above 0, no enemy adjacent to the attacker, the target within range and a
  clear line of fire; hindering terrain on the line adds 1 to the defense once (K.ranged,
  K.terrain.hindering). With several pistols the attacker picks up to that many different
  targets, each with its own clear line, and gives each one die: a target takes at most one
  click (K.ranged.multi).
- **Close**: only against an adjacent enemy; no hindering modifier (K.close).
- **Capture**: a close attack declared as a capture, two dice fewer; any hit captures instead of
  damaging. Captives and their captors are off limits for most things (K.capture).
- **Escape**: captive and captor roll their attack dice against each other's defense; the
  captive escapes with more hits than the captor (K.escape).
- **Fate**: an Ace (never a token) may use fate once a turn, clicking its own dial at the end
  of the action: offensively for extra dice equal to its fate value, or, with fate above 0,
  defensively after the roll to cancel every hit but natural sixes (K.fate). In an escape, fate
  is offensive only.
- **Talents and abilities** showing on the dial change the dice and the damage; they are asked
  for in ``cs_panel.aces.talents`` (reconstructed: their card was lost).

>>> from cs_panel.aces.board import Board
>>> charlie = sample_character("charlie-steele-ace", "Charlie", "Tim", (2, 2))
>>> thug = sample_character("ruffian", "Ruffian", "Kim", (5, 2))
>>> a = attack(Board(10, 6), charlie, thug, "ranged", others=[])
>>> print(a)
3 attack value = 3 dice; defense 3 defense value = 3: each die hits on 3+
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from cs_panel.aces import talents
from cs_panel.aces.board import Board, LineOfFire, Square
from cs_panel.airaction.combat import AttackDice
from cs_panel.clix.dial import CombatDial, DialEndError
from cs_panel.clix.figures import figures
from cs_panel.core.dice import ChanceEvent, Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_int, check_str, short_repr
from cs_panel.core.explain import Modifier, percent, terms_text

DEFENSE_CAP = 6  # K.attack
CAPTURE_PENALTY = -2  # K.capture
ATTACK_KINDS = ("ranged", "close", "capture")


class AttackError(RuleInputError):
    """An attack the rules do not allow; the message gives every reason."""

    def __init__(self, message: str, *, reasons: Sequence[str] = (), field: str | None = "target"):
        super().__init__(message, field=field)
        self.reasons = tuple(reasons)


class FateError(RuleInputError):
    """A use of fate the rules do not allow (K.fate)."""


# -- characters on the map ------------------------------------------------------------------------

@dataclass(frozen=True)
class Character:
    """One Ace or character token on the map: who controls it, where it is, its dial and base."""

    name: str
    player: str
    square: Square
    dial: CombatDial
    range: int = 0
    pistols: int = 1
    points: int = 0
    figure: str = ""  # the figure id: the same Ace only once per team (K.recruit)
    captive: str | None = None  # the captive this character holds (K.capture)
    captor: str | None = None  # who holds this character captive

    def __post_init__(self):
        if not self.name or not self.player:
            raise RuleInputError("every character needs a name and a player", field="name")
        check_str(self.name, "name", error=RuleInputError)
        check_str(self.player, "player", error=RuleInputError)
        sq = self.square
        if (not isinstance(sq, (tuple, list)) or len(sq) != 2
                or not all(isinstance(c, int) and not isinstance(c, bool) for c in sq)):
            raise RuleInputError(f"a square is a pair of whole numbers (x, y), got {short_repr(sq)}", field="square")
        for c in sq:
            check_int(c, "square", limit="square_coordinate", error=RuleInputError)
        object.__setattr__(self, "square", (sq[0], sq[1]))
        if not isinstance(self.dial, CombatDial):
            raise RuleInputError(f"{self.name}: dial must be a CombatDial", field="dial")
        check_int(self.range, "range", limit="clix.dial_value", error=RuleInputError)
        check_int(self.pistols, "pistols", 1, LIMITS["clix.dial_value"].hi, error=RuleInputError)
        check_int(self.points, "points", limit="aces.points", error=RuleInputError)
        check_str(self.figure, "figure", empty_ok=True, error=RuleInputError)
        for name in ("captive", "captor"):
            v = getattr(self, name)
            if v is not None:
                check_str(v, name, error=RuleInputError)
        if self.captive is not None and self.captive == self.name or self.captor is not None and self.captor == self.name:
            raise RuleInputError(f"{self.name} cannot hold itself captive", field="captive")

    @property
    def is_token(self) -> bool:
        """A character token has one click: any click removes it (K.attack, K.recruit)."""
        return self.dial.first_eliminated - self.dial.start == 1

    @property
    def knocked_out(self) -> bool:
        return self.dial.eliminated

    def value(self, stat: str) -> int:
        return self.dial.value(stat)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.player})"


def sample_character(figure_id: str, name: str, player: str, square: Square) -> Character:
    """A character from the packaged figures (``sample`` dials, see ``cs_panel.clix.figures``)."""
    f = figures()[figure_id]
    if f.game != "aces":
        raise RuleInputError(f"{figure_id} is a {f.game} figure, not an Aces character", field="figure")
    return Character(name, player, square, f.combat, f.base["range"], max(1, f.base["pistols"]), f.points, f.id)


# -- one attack, explained ------------------------------------------------------------------------

@dataclass(frozen=True)
class AcesAttack:
    """An attack's dice and the defense each die must reach, term by term, and its exact odds."""

    kind: str
    dice_terms: tuple[Modifier, ...]
    defense_terms: tuple[Modifier, ...]
    defensive_fate: bool = False
    line: LineOfFire | None = None

    @property
    def dice(self) -> int:
        return max(0, sum(t.value for t in self.dice_terms))

    @property
    def raw_defense(self) -> int:
        return sum(t.value for t in self.defense_terms)

    @property
    def defense(self) -> int:
        """The number each die must reach: a defense above 6 counts as 6 (K.attack)."""
        return min(self.raw_defense, DEFENSE_CAP)

    @property
    def event(self) -> AttackDice:
        """The roll: defensive fate leaves only natural sixes as hits (K.fate)."""
        return AttackDice(self.dice, self.defense, defensive_fate=self.defensive_fate)

    def distribution(self) -> dict[int, Fraction]:
        out = self.event.outcomes()
        return {k: out.get(k, Fraction(0)) for k in range(self.dice + 1)}

    def at_least(self, hits: int) -> Fraction:
        return sum((p for k, p in self.distribution().items() if k >= hits), Fraction(0))

    def chance_to_knock_out(self, dial: CombatDial, reduction: int = 0) -> Fraction:
        """The chance the hits reach the target's KO click (a capture never damages); ``reduction``
        is the clicks the target's talents take off an attack (``knock_out_chance`` finds it)."""
        if self.kind == "capture":
            return Fraction(0)
        return self.at_least(max(dial.clicks_to_eliminate(), 1) + reduction)

    @property
    def chance_to_capture(self) -> Fraction:
        return self.at_least(1) if self.kind == "capture" else Fraction(0)

    def with_defensive_fate(self, on: bool = True) -> "AcesAttack":
        return replace(self, defensive_fate=on)

    def hits(self, faces: Sequence[int]) -> int:
        faces = tuple(faces)
        if len(faces) != self.dice:
            raise RuleInputError(f"this attack rolls {self.dice} dice, got {len(faces)} faces", field="faces")
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6:
                raise RuleInputError(f"a d6 shows 1-6, got {f!r}", field="faces")
        return self.event.outcome_of(faces)

    def __str__(self) -> str:
        cap = f", counted as {DEFENSE_CAP}" if self.raw_defense > DEFENSE_CAP else ""
        fate = "; defensive fate: natural sixes only" if self.defensive_fate else ""
        return (f"{terms_text(self.dice_terms)} = {self.dice} dice; defense {terms_text(self.defense_terms)} = "
                f"{self.raw_defense}{cap}: each die hits on {self.defense}+{fate}")

    def _repr_html_(self) -> str:
        from cs_panel.aces.render import attack_html  # drawing, loaded only when a picture is asked for

        return attack_html(self)


def knock_out_chance(a: AcesAttack, target: Character) -> Fraction:
    """The chance ``a`` knocks ``target`` out, after its talents take their clicks off (K.attack)."""
    return a.chance_to_knock_out(target.dial, reduction=talents.damage_reduction(target))


def _dice_terms(attacker: Character, kind: str, offensive_fate: bool) -> list[Modifier]:
    """The attack dice, term by term: attack value, talents, fate, capture (K.attack, K.fate, K.capture)."""
    dice = [Modifier(attacker.value("attack"), "attack value", "K.attack")]
    dice += talents.dice_terms(attacker, kind)
    if offensive_fate:
        why = fate_problem(attacker, "offense")
        if why:
            raise FateError(why, field="fate")
        dice.append(Modifier(attacker.value("fate"), "offensive fate", "K.fate"))
    if kind == "capture":
        dice.append(Modifier(CAPTURE_PENALTY, "capture attempt", "K.capture"))
    return dice


def _enemy_squares(attacker: Character, others: Iterable[Character]) -> list[Character]:
    return [c for c in others if c.player != attacker.player and c.name != attacker.name and not c.knocked_out]


def attack_problems(board: Board, attacker: Character, target: Character, kind: str,
                    others: Iterable[Character]) -> list[str]:
    """Every reason ``attacker`` may not make this attack on ``target`` now (empty if it may)."""
    if kind not in ATTACK_KINDS:
        raise AttackError(f"an attack is one of {ATTACK_KINDS}, not {kind!r}", field="kind")
    others = [c for c in others if c.name not in (attacker.name, target.name)]
    why: list[str] = []
    if target.name == attacker.name:
        return ["a character may not attack itself (K.ranged)"]
    if target.player == attacker.player:
        why.append(f"{target.name} is a friendly character: no damaging attack on a friend (K.ranged)")
    if attacker.knocked_out or target.knocked_out:
        why.append("a knocked-out character is off the map (K.attack)")
    if attacker.captor:
        why.append(f"{attacker.name} is a captive: it may only pass or try to escape (K.capture)")
    if attacker.captive:
        why.append(f"{attacker.name} holds a captive: it may only move or pass (K.capture)")
    if target.captor:
        why.append(f"{target.name} is a captive: nobody may target it (K.capture)")
    adjacent = board.adjacent(attacker.square, target.square)
    if kind in ("close", "capture"):
        if not adjacent:
            why.append(f"{target.name} is not adjacent: close combat needs an adjacent enemy (K.close, K.adjacent)")
        if kind == "capture" and target.captive:
            why.append(f"{target.name} holds a captive and may not be the target of a capture (K.capture)")
    else:
        if attacker.range <= 0:
            why.append(f"{attacker.name} has range 0: no ranged attacks (K.ranged)")
        near = [e.name for e in _enemy_squares(attacker, [target, *others]) if board.adjacent(attacker.square, e.square)]
        if near:
            why.append(f"{attacker.name} is adjacent to an enemy ({', '.join(near)}): no ranged attack (K.ranged)")
        d = board.distance(attacker.square, target.square)
        if d > attacker.range:
            why.append(f"{target.name} is {d} squares away, beyond range {attacker.range} (K.ranged)")
        lof = board.line_of_fire(attacker.square, target.square, [c.square for c in others])
        if not lof.clear:
            why.append(str(lof) + " (K.ranged)")
        if target.captive:
            why.append(f"{target.name} holds a captive and may not be the target of a ranged attack (K.capture)")
    return why


def attack(board: Board, attacker: Character, target: Character, kind: str, others: Iterable[Character] = (),
           offensive_fate: bool = False) -> AcesAttack:
    """The explained attack of ``attacker`` on ``target`` (``"ranged"``, ``"close"`` or
    ``"capture"``); raises ``AttackError`` with every reason if the rules forbid it."""
    others = list(others)
    why = attack_problems(board, attacker, target, kind, others)
    if why:
        raise AttackError(f"{attacker.name} cannot make a {kind} attack on {target.name}: " + "; ".join(why), reasons=why)
    dice = _dice_terms(attacker, kind, offensive_fate)
    defense = [Modifier(target.value("defense"), "defense value", "K.attack")]
    line = None
    if kind == "ranged":
        line = board.line_of_fire(attacker.square, target.square,
                                  [c.square for c in others if c.name not in (attacker.name, target.name)])
        if line.hindering_bonus:
            defense.append(Modifier(1, "hindering terrain on the line of fire", "K.terrain.hindering"))
    return AcesAttack(kind, tuple(dice), tuple(defense), line=line)


def ranged_targets(board: Board, attacker: Character, characters: Iterable[Character]) -> dict[str, list[str]]:
    """Every other character and the reasons it may not be shot now (an empty list: it may)."""
    chars = list(characters)
    return {c.name: attack_problems(board, attacker, c, "ranged", chars)
            for c in chars if c.name != attacker.name and c.player != attacker.player}


# -- several targets (K.ranged.multi) -------------------------------------------------------------

def _threshold(defense: int, fate: bool) -> int:
    return DEFENSE_CAP if fate else min(defense, DEFENSE_CAP)


def best_assignment(faces: Sequence[int], thresholds: Sequence[int],
                    takes_click: Sequence[bool] = ()) -> dict[int, int]:
    """Give dice to targets so that as many targets as possible take a click: target index -> die
    index. The hardest target first gets the lowest die that hits it: every die that hits it hits
    the easier targets too, so this hits as many targets as any assignment can. A target whose
    talents take off the one click a several-target shot deals (``takes_click`` False, e.g. Charmed
    Life) is served only after the others, so no die that would cost an enemy a click is wasted on it."""
    can = tuple(takes_click) if takes_click else (True,) * len(thresholds)
    dice = sorted(range(len(faces)), key=lambda i: -faces[i])
    order = sorted(range(len(thresholds)), key=lambda t: (not can[t], -thresholds[t]))
    out: dict[int, int] = {}
    used: set[int] = set()
    for first in (True, False):
        for t in order:
            if can[t] != first:
                continue
            free = [i for i in dice if i not in used]
            # the lowest die that hits it, so that higher dice stay for harder targets
            hitting = [i for i in free if faces[i] >= thresholds[t]]
            if hitting:
                pick = min(hitting, key=lambda i: faces[i])
                out[t] = pick
                used.add(pick)
    for t in order:  # the rest get whatever dice are left: a target named is a target rolled at
        if t not in out:
            free = [i for i in dice if i not in used]
            if free:
                out[t] = free[-1]
                used.add(free[-1])
    return out


@dataclass(frozen=True)
class MultiTargetAttack(ChanceEvent):
    """One ranged attack at several targets, one die each (K.ranged.multi). The outcome is the
    tuple of targets that take a click when the attacker gives out the dice as well as possible;
    ``no_click`` marks targets whose talents take off the one click such a shot can deal (Charmed
    Life, reconstructed): a hit costs them nothing.

    >>> m = MultiTargetAttack(3, ("Show-stopper", "Genghis"), (5, 4))
    >>> m.outcome_of((2, 3, 5))
    ('Show-stopper',)
    """

    attack_dice: int
    targets: tuple[str, ...]
    defenses: tuple[int, ...]
    fate: tuple[bool, ...] = ()
    no_click: tuple[bool, ...] = ()

    def __post_init__(self):
        if len(self.targets) != len(self.defenses):
            raise AttackError("one defense value per target", field="targets")
        if len(set(self.targets)) != len(self.targets):
            raise AttackError("a ranged attack never targets the same character twice (K.ranged.multi)", field="targets")
        if len(self.targets) > self.attack_dice:
            raise AttackError(f"{len(self.targets)} targets need a die each, but only {self.attack_dice} dice are rolled "
                              "(K.ranged.multi)", field="targets")
        if not self.fate:
            object.__setattr__(self, "fate", (False,) * len(self.targets))
        if not self.no_click:
            object.__setattr__(self, "no_click", (False,) * len(self.targets))
        if len(self.fate) != len(self.targets) or len(self.no_click) != len(self.targets):
            raise AttackError("one fate flag and one no-click flag per target", field="targets")

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (6,) * self.attack_dice

    @property
    def takes_click(self) -> tuple[bool, ...]:
        """For each target, whether a hit on it costs it a click."""
        return tuple(not n for n in self.no_click)

    @property
    def thresholds(self) -> tuple[int, ...]:
        return tuple(_threshold(d, f) for d, f in zip(self.defenses, self.fate))

    def outcome_of(self, faces: Sequence[int]) -> tuple[str, ...]:
        give = best_assignment(faces, self.thresholds, self.takes_click)
        return tuple(self.targets[t] for t in range(len(self.targets))
                     if t in give and faces[give[t]] >= self.thresholds[t] and not self.no_click[t])

    def resolve_assigned(self, faces: Sequence[int], assignment: Mapping[str, int]) -> tuple[str, ...]:
        """The targets that take a click when the player gives die ``assignment[target]`` (0-based)
        to each target (a hit on a ``no_click`` target costs it nothing)."""
        if set(assignment) != set(self.targets):
            raise AttackError(f"give one die to each target: {list(self.targets)}", field="assignment")
        used = list(assignment.values())
        if len(set(used)) != len(used) or not all(isinstance(i, int) and 0 <= i < len(faces) for i in used):
            raise AttackError(f"each target gets a different die, numbered 0-{len(faces) - 1}", field="assignment")
        return tuple(t for i, t in enumerate(self.targets)
                     if faces[assignment[t]] >= self.thresholds[i] and not self.no_click[i])

    def outcomes(self):
        """Exact odds, counting each multiset of faces once with its number of orderings."""
        n = self.attack_dice
        out: dict[tuple[str, ...], Fraction] = {}
        for combo in itertools.combinations_with_replacement(range(1, 7), n):
            ways = math.factorial(n)
            for v in set(combo):
                ways //= math.factorial(combo.count(v))
            k = self.outcome_of(combo)
            out[k] = out.get(k, Fraction(0)) + Fraction(ways, 6 ** n)
        return out

    def hit_chances(self) -> dict[str, Fraction]:
        """Each target's chance to take its one click (0 for a ``no_click`` target)."""
        return {t: sum((p for o, p in self.outcomes().items() if t in o), Fraction(0)) for t in self.targets}

    def describe(self) -> str:
        return f"{self.attack_dice} attack dice at {', '.join(self.targets)}, one die each"

    def describe_outcome(self, outcome) -> str:
        return ("a click to " + ", ".join(outcome)) if outcome else "no target takes a click"


@dataclass(frozen=True)
class MultiShot:
    """One ranged attack at several targets, explained: the dice term by term, each target's
    defense term by term, the clicks a hit deals each after its talents (``click_terms``, K.attack),
    and the exact odds of each target taking its one click (K.ranged.multi). Its ``event`` is the
    ``MultiTargetAttack`` that rolls it, so odds and roll share one rule."""

    dice_terms: tuple[Modifier, ...]
    targets: tuple[str, ...]
    defense_terms: tuple[tuple[Modifier, ...], ...]
    defensive_fate: tuple[bool, ...] = ()
    click_terms: tuple[tuple[Modifier, ...], ...] = ()

    def __post_init__(self):
        if not self.defensive_fate:
            object.__setattr__(self, "defensive_fate", (False,) * len(self.targets))
        if not self.click_terms:
            object.__setattr__(self, "click_terms", ((Modifier(1, "hit", "K.attack"),),) * len(self.targets))
        self.event  # checks the targets against the dice now, not at the first roll

    @property
    def dice(self) -> int:
        return max(0, sum(t.value for t in self.dice_terms))

    @property
    def defenses(self) -> tuple[int, ...]:
        return tuple(sum(t.value for t in terms) for terms in self.defense_terms)

    @property
    def clicks(self) -> tuple[int, ...]:
        """Clicks a hit deals each target after its talents: 1, or 0 where a talent takes it off."""
        return tuple(max(0, sum(m.value for m in terms)) for terms in self.click_terms)

    @property
    def event(self) -> MultiTargetAttack:
        return MultiTargetAttack(self.dice, self.targets, self.defenses, self.defensive_fate,
                                 tuple(c == 0 for c in self.clicks))

    def why_no_click(self, target: str) -> str | None:
        """Why ``target`` cannot take a click from this shot, or None if it can (K.ranged.multi, K.attack)."""
        i = self.targets.index(target)
        if self.clicks[i]:
            return None
        return (f"one click at most from this shot, and {terms_text(self.click_terms[i])} = 0 clicks: "
                f"a hit costs {target} nothing")

    def needs(self, target: str) -> int:
        """The face the target's die must show: its defense, at most 6; 6 under defensive fate."""
        i = self.targets.index(target)
        return _threshold(self.defenses[i], self.defensive_fate[i])

    def hit_chances(self) -> dict[str, Fraction]:
        """Each target's chance to take its click, with the dice given out as well as possible; 0
        for a target whose talents take that click off (``why_no_click``)."""
        return self.event.hit_chances()

    def with_defensive_fate(self, fate: Sequence[bool]) -> "MultiShot":
        return replace(self, defensive_fate=tuple(fate))

    def __str__(self) -> str:
        chances = self.hit_chances()
        each = "; ".join(f"{t}: {terms_text(d)} = {sum(m.value for m in d)}, hit on {self.needs(t)}+ "
                         f"({percent(chances[t])}" + (f": {self.why_no_click(t)}" if self.why_no_click(t) else "")
                         + ")" for t, d in zip(self.targets, self.defense_terms))
        return f"{terms_text(self.dice_terms)} = {self.dice} dice, one die to each target (K.ranged.multi); {each}"

    def _repr_html_(self) -> str:
        from cs_panel.aces.render import multi_shot_html  # drawing, loaded only when a picture is asked for

        return multi_shot_html(self)


def multi_shot(board: Board, attacker: Character, targets: Sequence[Character], others: Iterable[Character] = (),
               offensive_fate: bool = False, defensive_fate: Sequence[bool] = ()) -> MultiShot:
    """A ranged attack at several targets, each checked as a ranged attack and explained
    (K.ranged.multi, K.ranged, K.terrain.hindering, K.attack)."""
    others = list(others)
    if not targets:
        raise AttackError("name at least one target", field="targets")
    names = [t.name for t in targets]
    if len(set(names)) != len(names):
        raise AttackError("a ranged attack never targets the same character twice (K.ranged.multi)", field="targets")
    if len(targets) > attacker.pistols:
        raise AttackError(f"{attacker.name} has {attacker.pistols} pistol(s): at most that many targets (K.ranged.multi)",
                          field="targets")
    problems = []
    for t in targets:
        rest = [c for c in [*others, *targets] if c.name != t.name]
        problems += [f"{t.name}: {w}" for w in attack_problems(board, attacker, t, "ranged", rest)]
    if problems:
        raise AttackError(f"{attacker.name} cannot fire at these targets: " + "; ".join(problems), reasons=problems)
    dice = _dice_terms(attacker, "ranged", offensive_fate)
    defenses = []
    for t in targets:
        blockers = [c.square for c in [*others, *targets] if c.name not in (t.name, attacker.name)]
        terms = [Modifier(t.value("defense"), "defense value", "K.attack")]
        if board.line_of_fire(attacker.square, t.square, blockers).hindering_bonus:
            terms.append(Modifier(1, "hindering terrain on the line of fire", "K.terrain.hindering"))
        defenses.append(tuple(terms))
    fate = tuple(defensive_fate) if defensive_fate else (False,) * len(targets)
    # one click at most each (K.ranged.multi), less what the target's talents take off (Charmed Life)
    clicks = tuple(talents.damage(t, 1).terms for t in targets)
    return MultiShot(tuple(dice), tuple(names), tuple(defenses), fate, clicks)


def multi_target(board: Board, attacker: Character, targets: Sequence[Character], others: Iterable[Character] = (),
                 offensive_fate: bool = False, defensive_fate: Sequence[bool] = ()) -> MultiTargetAttack:
    """A ranged attack at several targets, each checked as a ranged attack (K.ranged.multi): the
    roll of ``multi_shot``."""
    return multi_shot(board, attacker, targets, others, offensive_fate, defensive_fate).event


# -- escape (K.escape) ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Escape(ChanceEvent):
    """The captive's and the captor's attack dice, each against the other's defense; the captive
    escapes with more hits (K.escape). Fate may only add dice here (K.fate). Outcome: True on escape.

    >>> Escape(2, 4, 2, 4).chance
    Fraction(5, 16)
    """

    captive_dice: int
    captor_defense: int
    captor_dice: int
    captive_defense: int

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (6,) * (self.captive_dice + self.captor_dice)

    def outcome_of(self, faces: Sequence[int]) -> bool:
        mine, theirs = faces[:self.captive_dice], faces[self.captive_dice:]
        return (sum(f >= min(self.captor_defense, DEFENSE_CAP) for f in mine)
                > sum(f >= min(self.captive_defense, DEFENSE_CAP) for f in theirs))

    def outcomes(self):
        a = AttackDice(self.captive_dice, min(self.captor_defense, DEFENSE_CAP)).outcomes()
        b = AttackDice(self.captor_dice, min(self.captive_defense, DEFENSE_CAP)).outcomes()
        win = sum((p * q for i, p in a.items() for j, q in b.items() if i > j), Fraction(0))
        return {True: win, False: 1 - win} if win not in (0, 1) else {bool(win): Fraction(1)}

    def describe(self) -> str:
        return (f"escape: captive {self.captive_dice} dice against defense {self.captor_defense}, captor "
                f"{self.captor_dice} dice against defense {self.captive_defense}")

    def describe_outcome(self, outcome) -> str:
        return "the captive escapes" if outcome else "the captive stays captured"


def escape(captive: Character, captor: Character, captive_fate: bool = False, captor_fate: bool = False) -> Escape:
    """The escape roll of ``captive`` from ``captor`` (K.escape), with offensive fate for either."""
    if captive.captor != captor.name or captor.captive != captive.name:
        raise AttackError(f"{captive.name} is not {captor.name}'s captive", field="captive")
    dice = {}
    for who, fate in ((captive, captive_fate), (captor, captor_fate)):
        n = who.value("attack")
        if fate:
            if who.is_token:
                raise FateError(f"{who.name} is a character token: tokens cannot use fate (K.fate)", field="fate")
            n += who.value("fate")
        dice[who.name] = n
    return Escape(dice[captive.name], captor.value("defense"), dice[captor.name], captive.value("defense"))


# -- fate and damage (K.fate, K.attack) ------------------------------------------------------------

def fate_problem(character: Character, kind: str, used_this_turn: bool = False) -> str | None:
    """Why ``character`` may not use fate now as ``kind`` ("offense" or "defense"), or None when it
    may: the one test of fate, used wherever fate is offered, planned or spent (K.fate). Tokens
    never; an Ace once a turn; defensively only with a fate value above 0."""
    if kind not in ("offense", "defense"):
        return f"fate is used as 'offense' or 'defense', not {kind!r}"
    if character.is_token:
        return f"{character.name} is a character token: tokens cannot use fate (K.fate)"
    if used_this_turn:
        return f"{character.name} has already used fate this turn (K.fate)"
    if kind == "defense" and character.value("fate") <= 0:
        return f"{character.name} has fate 0: defensive fate needs a fate value above 0 (K.fate)"
    return None


def may_use_fate(character: Character, kind: str, used_this_turn: bool = False) -> bool:
    """Whether ``character`` may use fate now as ``kind`` (``fate_problem`` finds no reason against)."""
    return fate_problem(character, kind, used_this_turn) is None


def with_defensive_fate(plan: "AcesAttack | MultiShot", targets: Sequence[Character],
                        fated: Sequence[str] = ()) -> "AcesAttack | MultiShot":
    """``plan`` as it is rolled when every target Ace that may spend fate defensively does: only
    natural sixes hit it (K.fate). ``fated`` names those who spent fate already this turn. A
    ``FateError`` when no target may, naming why for each."""
    can = [may_use_fate(t, "defense", t.name in fated) for t in targets]
    if not any(can):
        why = "; ".join(fate_problem(t, "defense", t.name in fated) or "" for t in targets)
        who = targets[0].name if len(targets) == 1 else "none of " + ", ".join(t.name for t in targets)
        verb = "cannot" if len(targets) == 1 else "can"
        raise FateError(f"{who} {verb} spend fate defensively: tokens never, Aces only with fate above 0 "
                        f"and once a turn ({why})", field="fate")
    if isinstance(plan, MultiShot):
        return plan.with_defensive_fate(tuple(can))
    return plan.with_defensive_fate()


@dataclass(frozen=True)
class FateUse:
    """One use of fate and the Ace's dial after the click that pays for it."""

    kind: str
    fate_value: int
    dial: CombatDial

    @property
    def knocked_out(self) -> bool:
        """An Ace on its last click that uses fate is knocked out by it; its opponents score it (K.victory)."""
        return self.dial.eliminated


def use_fate(character: Character, kind: str, used_this_turn: bool = False) -> FateUse:
    """Check a use of fate and click the Ace's dial once for it (K.fate)."""
    why = fate_problem(character, kind, used_this_turn)
    if why:
        raise FateError(why, field="kind" if kind not in ("offense", "defense") else "fate")
    value = character.value("fate")
    try:
        dial = character.dial.click()
    except DialEndError as e:
        raise FateError(f"{character.name}'s dial cannot turn further: {e}", field="fate") from e
    return FateUse(kind, value, dial)


def take_hits(character: Character, hits: int) -> Character:
    """Click the dial once per hit left after the character's talents; a token goes at its first
    click (K.attack). Captives never take damage (K.capture)."""
    if character.captor:
        return character
    return replace(character, dial=character.dial.take_hits(talents.damage(character, hits).clicks).dial)


@dataclass(frozen=True)
class AttackOutcome:
    """A resolved single-target attack: faces, hits, and what happened to the target."""

    attack: AcesAttack
    faces: tuple[int, ...]
    hits: int
    captured: bool = False
    notes: tuple[str, ...] = field(default=())

    def __str__(self) -> str:
        shown = ", ".join(map(str, self.faces)) or "no dice"
        what = ("captured" if self.captured else "no capture") if self.attack.kind == "capture" else \
            f"{self.hits} hit{'s' if self.hits != 1 else ''}"
        return f"rolled {shown} against {self.attack.defense}+: {what}"


def resolve(a: AcesAttack, dice: Dice | None = None, faces: Sequence[int] | None = None) -> AttackOutcome:
    """Roll (or read) the dice of an attack and count hits; a capture captures on any hit."""
    if faces is None:
        if dice is None:
            raise RuleInputError("give dice to roll or the faces rolled", field="faces")
        faces = a.event.resolve(dice).faces
    hits = a.hits(faces)
    return AttackOutcome(a, tuple(faces), hits, captured=a.kind == "capture" and hits > 0)
