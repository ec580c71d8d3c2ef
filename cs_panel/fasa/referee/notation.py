"""Fire orders as players say them, ``"gun 1 x2, gun 2 at Raider shift to 3"``, read and written
back (F.combat.choice, F.gun.double-down, F.gun.jam-clear, F.rocket.flak, F.pilot.sh-shift; FASA
p.33, 36, 37, 42). Rockets aimed at hexes may go to several hexes in one order, each salvo after a
semicolon: ``"rocket 1 at hex 0,0; rocket 2 at hex 0,-1"`` (F.combat.choice). Bombs, torpedoes and
harpoons go at an object on the map, ``"bomb 2 at Depot"`` (F.bomb, F.torpedo, F.rocket.harpoon;
p.43-45).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_bool, check_int, check_str, parse_int, short_repr
from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.referee.errors import FireOrderError

_ORDER_ITEM = re.compile(r"^(?:(guns)|gun (\d+)|(rockets)|(?:rocket|hardpoint) (\d+)|(clear jams))"
                         r"(?: (x2|double down|doubled down|doubled))?$")
#: a bomb, torpedo or harpoon by hardpoint, or every one of its kind: "bomb 2", "bombs", "torpedo", "harpoon 3"
_ORDNANCE_ITEM = re.compile(r"^(?:(bombs)|(bomb|torpedo|harpoon)(?: (\d+))?)$")
#: the words a fire order uses for the weapons aimed at objects on the map (F.bomb, F.torpedo, F.rocket.harpoon)
ORDNANCE_KINDS = ("bomb", "torpedo", "harpoon")
_ORDER_HELP = ('write it as "guns", "guns x2" (doubled down), "gun 1 x2, gun 2", "rockets", "rocket 1, rocket 3", '
               '"clear jams" or "hold", with " at NAME" to choose the target (" at hex Q,R" for flak, flare and sonic rockets) '
               'and " shift to N" to pull gun hits toward damage column N by Steady Hand; rockets aimed at hexes '
               'may go to several, "rocket 1 at hex 0,0; rocket 2 at hex 0,-1"; a turret fighter\'s gunner last, '
               '"guns at Raider; turret D at Bandit"; "bomb 2", "bombs", "torpedo" or "harpoon" with " at OBJECT" '
               'for an object on the map')
#: the hexsides a turret may be turned through, as the plane faces (A its nose)
TURRET_SIDES = "ABCDEF"
#: the turret gunner's part of an order, after a semicolon: "turret D at Raider" (F.combat.order)
_TURRET = re.compile(r"turret ([a-f])(?: at (\S+))?", flags=re.IGNORECASE)
#: the Steady Hand suffix of a fire order: "shift to 3" (F.pilot.sh-shift)
_SHIFT = re.compile(r"^(.*?)\s*\bshift to (\S+)$", flags=re.IGNORECASE)
#: a hex named as a fire order's target: "hex 2,-1", "2, -1" or "Hex(2, -1)"
_HEX_TARGET = re.compile(r"(?:hex)?\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?", flags=re.IGNORECASE)


def hex_text(h: Hex) -> str:
    """A hex as fire orders write it: ``hex 2,-1``."""
    return f"hex {h.q},{h.r}"


@dataclass(frozen=True)
class FireOrder:
    """What one plane does in a combat phase, as its player says it (F.combat.choice,
    F.gun.double-down, F.gun.jam-clear; FASA p.33, 36).

    ``guns`` are (gunpoint, doubled down) pairs, gunpoint 0 meaning every gun that can fire;
    ``rockets`` are hardpoints, 0 meaning every loaded one; ``target`` names the plane to shoot at
    ("" lets the referee take the first enemy in reach, in firing order), or a hex for flak rockets,
    written ``hex Q,R`` (F.rocket.flak). ``shift_to`` is the damage column (1-10) the attacker pulls
    each gun hit toward, as far as his Steady Hand lets him once the column die is seen; 0 keeps
    every column as rolled (F.pilot.sh-shift, p.18, 37; the choice is made with the order because
    nothing interrupts the referee's rolls, RULINGS.md). ``salvos`` are further rockets, each group
    (hardpoints, ``hex Q,R``) aimed at a hex of its own, written after semicolons: rockets aimed at
    hexes may go to any number of hexes in one phase, beside the order's own target (F.combat.choice,
    p.33). ``ordnance`` are (kind, hardpoint) pairs of bombs, torpedoes and harpoons, hardpoint 0
    meaning every loaded one of that kind, aimed at the object ``target`` names (F.bomb, F.torpedo,
    F.rocket.harpoon). Nothing to fire and no jams to clear is holding fire. The notation round-trips:

    >>> FireOrder.parse("gun 1 X2,  gun 2 at Raider")
    FireOrder(guns=((1, True), (2, False)), rockets=(), target='Raider', clear_jams=False, shift_to=0, salvos=(), turret='', turret_target='', ordnance=())
    >>> str(FireOrder.parse("guns doubled down")), str(FireOrder()), str(FireOrder.parse("rocket 4 at 0, -2"))
    ('guns x2', 'hold', 'rocket 4 at hex 0,-2')
    >>> str(FireOrder.parse("guns at Raider  Shift to 3")), FireOrder.parse("guns shift to 3").shift_to
    ('guns at Raider shift to 3', 3)
    >>> FireOrder.parse("rocket 1 at hex 0,0;rocket 2, rocket 3 at 0,-1").salvos
    (((2, 3), 'hex 0,-1'),)
    >>> FireOrder.parse("bomb 2, torpedo at Depot").ordnance, str(FireOrder.parse("Bomb at Depot"))
    ((('bomb', 2), ('torpedo', 0)), 'bombs at Depot')
    """

    guns: tuple[tuple[int, bool], ...] = ()
    rockets: tuple[int, ...] = ()
    target: str = ""
    clear_jams: bool = False
    shift_to: int = 0
    salvos: tuple[tuple[tuple[int, ...], str], ...] = ()
    turret: str = ""  # the hexside (A-F, as the plane faces) the turret is turned through; "" when it does not fire
    turret_target: str = ""  # the plane the turret gunner fires at; "" for the first enemy in reach
    ordnance: tuple[tuple[str, int], ...] = ()

    def __post_init__(self):
        most = LIMITS["count"].hi
        if not isinstance(self.guns, (tuple, list)) or not all(
                isinstance(g, (tuple, list)) and len(g) == 2 and isinstance(g[1], bool) for g in self.guns):
            raise FireOrderError(f"guns are (gunpoint, doubled down) pairs, got {short_repr(self.guns)}", field="guns")
        for n, _ in self.guns:
            check_int(n, "gun", 0, most, error=FireOrderError)
        if not isinstance(self.rockets, (tuple, list)):
            raise FireOrderError(f"rockets are hardpoint numbers, got {short_repr(self.rockets)}", field="rockets")
        for n in self.rockets:
            check_int(n, "hardpoint", 0, most, error=FireOrderError)
        object.__setattr__(self, "guns", tuple(tuple(g) for g in self.guns))
        object.__setattr__(self, "rockets", tuple(self.rockets))
        check_str(self.target, "target", empty_ok=True, error=FireOrderError)
        check_bool(self.clear_jams, "clear_jams", error=FireOrderError)
        check_int(self.shift_to, "shift_to", 0, 10, error=FireOrderError)
        if self.shift_to and not self.guns:
            raise FireOrderError(f"'shift to {self.shift_to}' moves gun hits only; rocket hits are never shifted and "
                                 "an order without guns has none (F.pilot.sh-shift)", field="shift_to")
        object.__setattr__(self, "salvos", _check_salvos(self))
        check_str(self.turret, "turret", empty_ok=True, error=FireOrderError)
        check_str(self.turret_target, "turret_target", empty_ok=True, error=FireOrderError)
        if self.turret and self.turret not in TURRET_SIDES:
            raise FireOrderError(f"a turret is turned through a hexside A-F of its plane, not {self.turret!r} "
                                 "(F.combat.order)", field="turret")
        if self.turret_target and not self.turret:
            raise FireOrderError("a turret's target needs the hexside it is turned through", field="turret")
        if _HEX_TARGET.fullmatch(self.turret_target):
            raise FireOrderError("a turret's guns fire at planes, not at a hex (F.combat.choice)", field="turret_target")
        if not isinstance(self.ordnance, (tuple, list)) or not all(
                isinstance(o, (tuple, list)) and len(o) == 2 and o[0] in ORDNANCE_KINDS for o in self.ordnance):
            raise FireOrderError(f"ordnance is (kind, hardpoint) pairs, the kind one of {ORDNANCE_KINDS}, got "
                                 f"{short_repr(self.ordnance)}", field="ordnance")
        for _, n in self.ordnance:
            check_int(n, "hardpoint", 0, most, error=FireOrderError)
        object.__setattr__(self, "ordnance", tuple(tuple(o) for o in self.ordnance))
        _check_ordnance(self.guns, self.rockets, self.clear_jams, self.ordnance, self.target)

    @classmethod
    def parse(cls, text: "str | FireOrder") -> "FireOrder":
        if isinstance(text, FireOrder):
            return text
        if not isinstance(text, str):
            raise FireOrderError(f"a fire order is text, got {short_repr(text)}", field="order")
        if len(text) > LIMITS["line_chars"].hi:
            raise FireOrderError(f"a fire order of {len(text)} characters; the limit is {LIMITS['line_chars'].hi} "
                                 f"(project limit: {LIMITS['line_chars'].why})", field="order")
        words = " ".join(text.split())
        if ";" in words:
            return _with_salvos(cls, words, text)
        shift_to = 0
        sm = _SHIFT.match(words)
        if sm:
            words = sm.group(1)
            shift_to = parse_int(sm.group(2), "shift_to", 1, 10, error=FireOrderError)
        head, target = words, ""
        m = re.match(r"^(.*?)\s*\bat (.+)$", words, flags=re.IGNORECASE)
        if m:
            head, target = m.group(1), m.group(2).strip()
        guns: list[tuple[int, bool]] = []
        rockets: list[int] = []
        ordnance: list[tuple[str, int]] = []
        clear = False
        items = [x.strip() for x in head.lower().split(",")]
        if items == ["hold"] or items == ["hold fire"]:
            items = []
        for item in items:
            dropped = _ORDNANCE_ITEM.match(item)
            if dropped:
                every, kind, n = dropped.groups()
                ordnance.append(("bomb", 0) if every else
                                (kind, parse_int(n, "hardpoint", 1, LIMITS["count"].hi, error=FireOrderError) if n else 0))
                continue
            found = _ORDER_ITEM.match(item)
            if not found:
                raise FireOrderError(f"cannot read {item!r} in the fire order {str(text)!r}: {_ORDER_HELP}",
                                     field="order")
            all_guns, gun, all_rockets, rocket, clears, doubled = found.groups()
            if doubled and not (all_guns or gun):
                raise FireOrderError(f"only machine guns double down, not {item.split(' x2')[0]!r} (F.gun.double-down)",
                                     field="double_down")
            if all_guns or gun:
                guns.append((parse_int(gun, "gun", 1, LIMITS["count"].hi, error=FireOrderError) if gun else 0,
                             bool(doubled)))
            elif all_rockets or rocket:
                rockets.append(parse_int(rocket, "hardpoint", 1, LIMITS["count"].hi, error=FireOrderError)
                               if rocket else 0)
            elif clears:
                clear = True
        if target and not (guns or rockets or ordnance):
            raise FireOrderError(f"{head or 'holding fire'!r} has no target: only guns and rockets are aimed",
                                 field="target")
        at_hex = _HEX_TARGET.fullmatch(target)
        if at_hex and ordnance:
            raise FireOrderError("bombs, torpedoes and harpoons are aimed at an object: name it, \"bomb 1 at Depot\" "
                                 "(F.bomb, F.torpedo, F.rocket.harpoon)", field="target")
        if at_hex:
            target = hex_text(_target_hex(at_hex.group(1), at_hex.group(2)))
            if guns or clear:
                raise FireOrderError(f"only flak, flare and sonic rockets are fired at a hex ({target}); guns fire at planes "
                                     "(F.rocket.flak, F.combat.choice)", field="target")
        for kind in ORDNANCE_KINDS:
            picked = [n for k, n in ordnance if k == kind]
            if 0 in picked and len(picked) > 1:
                raise FireOrderError(f"say {'bombs' if kind == 'bomb' else kind!r} for all of them or name each "
                                     "hardpoint, not both", field="ordnance")
        for picked, every, what in (([g for g, _ in guns], 0, "guns"), (rockets, 0, "rockets")):
            if every in picked and len(picked) > 1:
                raise FireOrderError(f"say {what!r} for all of them or name each one, not both", field=what)
        if shift_to and not guns:
            raise FireOrderError(f"'shift to {shift_to}' moves gun hits only; rocket hits are never shifted and "
                                 f"{head or 'holding fire'!r} fires no gun (F.pilot.sh-shift)", field="shift_to")
        return cls(tuple(guns), tuple(rockets), target, clear, shift_to, ordnance=tuple(ordnance))

    def __str__(self) -> str:
        items = [("guns" if n == 0 else f"gun {n}") + (" x2" if doubled else "") for n, doubled in self.guns]
        items += ["rockets" if n == 0 else f"rocket {n}" for n in self.rockets]
        items += [("bombs" if k == "bomb" else k) if n == 0 else f"{k} {n}" for k, n in self.ordnance]
        items += ["clear jams"] if self.clear_jams else []
        return ((", ".join(items) or "hold") + (f" at {self.target}" if self.target else "")
                + (f" shift to {self.shift_to}" if self.shift_to else "")
                + "".join(f"; {', '.join('rockets' if n == 0 else f'rocket {n}' for n in hps)} at {where}"
                          for hps, where in self.salvos)
                + (f"; turret {self.turret}" + (f" at {self.turret_target}" if self.turret_target else "")
                   if self.turret else ""))

    @property
    def pilot_part(self) -> "FireOrder":
        """The order without its turret: what the pilot fires."""
        return dataclasses.replace(self, turret="", turret_target="")

    @property
    def holds(self) -> bool:
        return not (self.guns or self.rockets or self.clear_jams or self.ordnance)

    @property
    def target_hex(self) -> Hex | None:
        """The hex the order's rockets are fired at, or None when it aims at a plane (F.rocket.flak)."""
        m = _HEX_TARGET.fullmatch(self.target) if self.target.startswith("hex ") else None
        return _target_hex(m.group(1), m.group(2)) if m else None


def _with_salvos(cls: type[FireOrder], words: str, text: str) -> FireOrder:
    """An order with rockets at further hexes after semicolons: the first part is an order of its
    own, each later one rockets at a hex (F.combat.choice, p.33: rockets aimed at hexes go to any
    number of them)."""
    first, *rest = [part.strip() for part in words.split(";")]
    main = cls.parse(first)
    salvos = []
    turret = None
    for part in rest:
        t = _TURRET.fullmatch(part)
        if t:
            if turret is not None:
                raise FireOrderError(f"one turret part an order, not two, in {text!r}", field="turret")
            turret = (t.group(1).upper(), (t.group(2) or "").strip())
            continue
        if part.lower().startswith("turret"):
            raise FireOrderError(f"cannot read {part!r}: a turret is ordered \"turret X\" or \"turret X at NAME\", X the "
                                 "hexside A-F of its plane it is turned through (F.combat.order)", field="turret")
        if turret is not None:
            raise FireOrderError(f"the turret's part comes last, in {text!r}", field="turret")
        s = cls.parse(part)
        if s.guns or s.clear_jams or s.target_hex is None or s.shift_to:
            raise FireOrderError(f"after ';' comes only rockets aimed at a hex (\"rocket 2 at hex Q,R\"), not {part!r} in "
                                 f"{text!r}: only rockets aimed at hexes may go to several targets (F.combat.choice)",
                                 field="target")
        salvos.append((s.rockets, s.target))
    main = dataclasses.replace(main, salvos=tuple(salvos))
    return dataclasses.replace(main, turret=turret[0], turret_target=turret[1]) if turret else main


def _check_salvos(order: FireOrder) -> tuple[tuple[tuple[int, ...], str], ...]:
    """Further salvos of rockets at hexes, checked: each names hardpoints and a hex of its own, and
    goes with an order that fires rockets too (F.combat.choice: guns or launched weapons, not both)."""
    if not isinstance(order.salvos, (tuple, list)):
        raise FireOrderError(f"salvos are (hardpoints, hex) pairs, got {short_repr(order.salvos)}", field="salvos")
    out = []
    for salvo in order.salvos:
        if not (isinstance(salvo, (tuple, list)) and len(salvo) == 2 and isinstance(salvo[0], (tuple, list))
                and salvo[0] and isinstance(salvo[1], str)):
            raise FireOrderError(f"a salvo is (hardpoints, hex), got {short_repr(salvo)}", field="salvos")
        for n in salvo[0]:
            check_int(n, "hardpoint", 0, LIMITS["count"].hi, error=FireOrderError)
        if 0 in salvo[0] and len(salvo[0]) > 1:
            raise FireOrderError("say 'rockets' for all of them or name each one, not both", field="rockets")
        m = _HEX_TARGET.fullmatch(salvo[1])
        if not m:
            raise FireOrderError(f"a salvo is aimed at a hex, \"hex Q,R\", not {short_repr(salvo[1])}", field="salvos")
        out.append((tuple(salvo[0]), hex_text(_target_hex(m.group(1), m.group(2)))))
    if out and not order.rockets:
        what = "guns" if order.guns else "clearing jams" if order.clear_jams else "holding fire"
        raise FireOrderError(f"rockets at further hexes go with rockets, not with {what}: a pilot fires guns or "
                             "launched weapons in a phase, not both; write the first salvo first (F.combat.choice)",
                             field="salvos")
    hexes = [order.target] + [h for _, h in out]
    twice = sorted({h for h in hexes if h and hexes.count(h) > 1})
    if twice:
        raise FireOrderError(f"name each hex once, with every rocket aimed at it: {', '.join(twice)} is named twice "
                             "(F.combat.choice)", field="salvos")
    return tuple(out)
def _check_ordnance(guns, rockets, clear_jams, ordnance, target: str) -> None:
    """Bombs, torpedoes and harpoons go at one named object, without guns or rockets in the same
    order: a pilot fires his guns or his launched weapons (F.combat.choice, p.33), and rockets fly at
    planes while these fly at objects (one target an order). A harpoon grabs rather than harms, so it
    goes alone (our reading, RULINGS.md)."""
    if not ordnance:
        return
    words = ", ".join(("bombs" if k == "bomb" else k) if n == 0 else f"{k} {n}" for k, n in ordnance)
    if guns or clear_jams:
        raise FireOrderError(f"{words} cannot go with guns or clearing jams in one order: a pilot fires his guns or "
                             "his launched weapons (F.combat.choice)", field="ordnance")
    if rockets:
        raise FireOrderError(f"{words} are aimed at an object and rockets at a plane or a hex: one target an "
                             "order (F.combat.choice)", field="ordnance")
    if any(k == "harpoon" for k, _ in ordnance) and any(k != "harpoon" for k, _ in ordnance):
        raise FireOrderError(f"{words}: a harpoon grabs an object rather than harms it, so it is fired alone "
                             "(F.rocket.harpoon)", field="ordnance")
    if not target:
        raise FireOrderError(f"{words} need a target: add \" at OBJECT\", the object's name (F.bomb, F.torpedo, "
                             "F.rocket.harpoon)", field="target")


def _target_hex(q: str, r: str) -> Hex:
    """The hex a fire order names, its coordinates read within the project's limits."""
    lim = LIMITS["hex_coordinate"]
    return Hex(parse_int(q, "target", limit=lim, error=FireOrderError),
               parse_int(r, "target", limit=lim, error=FireOrderError))


#: what a plane with no fire order does: every gun that can fire, at the first enemy in reach
GUNS = FireOrder(((0, False),))
