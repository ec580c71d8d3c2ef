"""Where a plane can be: every maneuver it could plot this turn, and every position two turns
ahead (F.move.plot, F.move.capability, F.move.push-target, FASA p.23-26).

``reachable(state)`` gives one ``Option`` per template arrow: destination and facing on the map,
Gs, legality with reasons, pushes with target numbers, and the chance of flying it as plotted.
``reach_two_turns(state)`` gives every (hex, facing) the plane can end the next turn but one in,
with the likeliest pair of maneuvers to get there.

>>> from cs_panel.fasa.movement import Capabilities, PlaneState
>>> st = PlaneState(Capabilities(4, 3, 3, 2), speed=3, natural_touch=4)
>>> opts = reachable(st)
>>> o = next(o for o in opts if str(o.maneuver) == "3L2F")
>>> o.hex, o.facing, o.gs, o.legal, o.pushes
(Hex(-2, -1), <Facing.F: 5>, 1, True, ())
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from cs_panel.core.explain import TargetNumber
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex
from cs_panel.fasa.maneuver import Maneuver
from cs_panel.fasa.movement import (_ONE, MovePlan, PlaneState, Reason, after_state, ends_with_straight_tail, plan, verdict,
                                    verdict_chance)
from cs_panel.fasa.template import Arrow, ManeuverTemplate


@dataclass(frozen=True)
class Option:
    """One maneuver the plane could plot this turn, already placed on the map."""

    maneuver: Maneuver
    hex: Hex
    facing: Facing
    gs: int
    legal: bool
    reasons: tuple[Reason, ...]
    pushes: tuple[TargetNumber, ...]
    chance: Fraction
    plan: MovePlan

    @property
    def pushing(self) -> bool:
        return bool(self.pushes)

    @property
    def path_hexes(self) -> list[Hex]:
        return self.plan.path_hexes


def reachable(state: PlaneState, template: ManeuverTemplate | None = None, rules: RuleSet = OFFICIAL,
              *, legal_only: bool = False, include_pushes: bool = True) -> list[Option]:
    """Every arrow of the template as an ``Option`` for this plane this turn, in template order.

    ``legal_only`` drops illegal plots; ``include_pushes=False`` also drops maneuvers that need a
    push, leaving what the plane flies safely.
    """
    template = template or ManeuverTemplate.default()
    # legality and pushes never depend on where the plane is or which way it faces (``plan``
    # checks them at the origin too), so the verdicts are worked out once per class of state and
    # only placed on the map here: the bots and the legal plots ask for the same class many times
    at_origin = state.hex == ORIGIN and state.facing is Facing.A
    key = state if at_origin else dataclasses.replace(state, hex=ORIGIN, facing=Facing.A)
    out = []
    for arrow, p0, chance in _verdicts(key, template, rules):
        if legal_only and not p0.legal:
            continue
        if not include_pushes and (p0.pushing or not p0.legal):
            continue
        p = p0 if at_origin else MovePlan(state, p0.maneuver, p0.arrow, p0.reasons, p0.pushes)
        h, f = p.end  # type: ignore[misc]
        out.append(Option(arrow.maneuver, h, f, arrow.gs, p.legal, p.reasons,
                          tuple(x.target for x in p.pushes), chance, p))
    return out


@lru_cache(maxsize=1024)
def _verdicts(key: PlaneState, template: ManeuverTemplate, rules: RuleSet) -> tuple[tuple, ...]:
    """``plan`` of every arrow for a plane at the origin facing A, with its chance: what
    ``reachable`` places on the map (F.move.plot, F.move.push-target)."""
    out = []
    for arrow in template:
        p = plan(key, arrow.maneuver, template, rules)
        out.append((arrow, p, p.chance))
    return tuple(out)


# -- two turns -------------------------------------------------------------------------


class Route(NamedTuple):
    """A pair of maneuvers to one position two turns ahead, and the chance both go as plotted.
    (A named tuple, not a dataclass: a two-turn reach makes one for each of its 1,000-odd
    positions, and a tuple is built in half the time.)"""

    first: Maneuver
    second: Maneuver
    chance: float
    pushes: int

    def __str__(self) -> str:
        return f"{self.first} then {self.second} ({self.chance:.0%}, {self.pushes} push{'es' if self.pushes != 1 else ''})"


@dataclass(frozen=True)
class TwoTurnReach:
    """Every (hex, facing) reachable at the end of the second turn, with the likeliest route."""

    start: PlaneState
    positions: dict[tuple[Hex, Facing], Route]
    states: int  # distinct (hex, facing, speed) end states
    routes: int  # maneuver pairs considered

    def __len__(self) -> int:
        return len(self.positions)

    def hexes(self) -> set[Hex]:
        return {h for h, _ in self.positions}


@lru_cache(maxsize=None)
def _rotations(h: Hex) -> tuple[tuple[int, int], ...]:
    return tuple((x.q, x.r) for x in (h.rotate(k) for k in range(6)))


def _class_key(state: PlaneState) -> PlaneState:
    """The part of a state that decides next turn's options: position and facing do not, and of
    last turn's Gs only whether they were restricted does."""
    return dataclasses.replace(state, hex=ORIGIN, facing=Facing.A, last_gs=3 if state.last_restricted else 0)


def _before_the_move(state: PlaneState) -> PlaneState:
    """``state`` with what the next move overwrites (last turn's speed and Gs) set alike, so that
    every class of one plane asks ``_next_class`` with the same state: the next class does not
    depend on them (test_movement_reach checks this)."""
    return dataclasses.replace(state, speed=0, last_gs=0, last_restricted=False)


@lru_cache(maxsize=1024)
def _next_class(state: PlaneState, speed: int, restricted: bool) -> PlaneState:
    """The class of the state a maneuver of ``speed`` leaves, flown as plotted, restricted (3 G
    or more) or not. Of the Gs, the class keeps only whether they were restricted, so flying
    3 Gs at the origin facing A already leaves the class key itself (test_movement_reach checks
    this against ``_class_key`` of ``after_state`` for every G rating)."""
    return after_state(state, ORIGIN, Facing.A, speed, 3 if restricted else 0)


def verdict_signature(maneuver: Maneuver, arrow: Arrow) -> tuple:
    """The features of a maneuver that a plan's legality and pushes depend on (speed, turn side,
    stall, Immelmann, Gs, a jinking straight tail): two arrows with the same signature get the
    same verdict from ``plan`` for any plane (F.move.plot, F.move.push-target). test_movement_reach
    checks this against ``plan`` arrow by arrow."""
    m = maneuver
    return (m.speed, m.direction, m.turn_direction, m.is_immelmann, arrow.gs, ends_with_straight_tail(m, arrow))


class _TemplateColumns:
    """The template's arrows as numpy columns, worked out once per template: what no plane
    changes (where each arrow ends, turned to each facing, and which arrows share a verdict or a
    next turn's class), so a class of state only judges its few distinct signatures."""

    def __init__(self, template: ManeuverTemplate):
        arrows = list(template)
        self.maneuvers: list[Maneuver] = [a.maneuver for a in arrows]
        sig_of: dict[tuple, int] = {}
        flown_of: dict[tuple[int, bool], int] = {}
        self.sig_maneuvers: list[Maneuver] = []  # one maneuver for each distinct signature
        self.sig_arrows: list[Arrow] = []  # and its arrow
        self.flown: list[tuple[int, bool]] = []  # each (speed, restricted) flown: all the next class keeps
        sig_idx, flown_idx = [], []
        for a in arrows:
            sig = verdict_signature(a.maneuver, a)
            if sig not in sig_of:
                sig_of[sig] = len(self.sig_maneuvers)
                self.sig_maneuvers.append(a.maneuver)
                self.sig_arrows.append(a)
            sig_idx.append(sig_of[sig])
            flown = (a.maneuver.speed, a.gs >= 3)  # F.move.restricted: 3 G or more
            if flown not in flown_of:
                flown_of[flown] = len(self.flown)
                self.flown.append(flown)
            flown_idx.append(flown_of[flown])
        n = len(arrows)
        self.sig = np.array(sig_idx, dtype=np.int64)
        self.flown_idx = np.array(flown_idx, dtype=np.int64)
        rot = [_rotations(a.hex) for a in arrows]
        self.rot = np.array(rot, dtype=np.int64).reshape(n, 6, 2).transpose(1, 0, 2)  # [facing][arrow] -> (dq, dr)
        self.face = np.array([int(a.facing) for a in arrows], dtype=np.int64)


@lru_cache(maxsize=16)
def _template_columns(template: ManeuverTemplate) -> _TemplateColumns:
    return _TemplateColumns(template)


class _Options:
    """Legal options of one class of state, relative to the origin facing A, as numpy columns.

    ``arrow`` indexes the template's arrows; ``nxt`` indexes ``next_keys``, the class of state
    each option leaves for the turn after."""

    def __init__(self, state: PlaneState, template: ManeuverTemplate, rules: RuleSet, include_pushes: bool):
        cols = _template_columns(template)
        ok, odds, pushes = [], [], []
        for m, arrow in zip(cols.sig_maneuvers, cols.sig_arrows):  # one verdict per signature, not per arrow
            reasons, needs = verdict(state, m, arrow, template, rules)  # what plan() finds, without the plan
            ok.append(not reasons and (include_pushes or not needs))
            c = verdict_chance(reasons, needs)
            odds.append(_ODDS_SCALE if c is _ONE else _in_millionths(c))  # _ONE: the common case, no arithmetic
            pushes.append(len(needs))
        key_of: dict[PlaneState, int] = {}
        self.next_keys: list[PlaneState] = []
        flown_key = []
        base = _before_the_move(state)  # one plane's classes share their next classes (12 classes: 11, not 132)
        for speed, restricted in cols.flown:
            nxt = _next_class(base, speed, restricted)
            if nxt not in key_of:
                key_of[nxt] = len(self.next_keys)
                self.next_keys.append(nxt)
            flown_key.append(key_of[nxt])
        sig = cols.sig
        self.arrow = np.flatnonzero(np.array(ok, dtype=bool)[sig])
        s = sig[self.arrow]
        self.nxt = np.array(flown_key, dtype=np.int64)[cols.flown_idx[self.arrow]]
        self.rot = cols.rot[:, self.arrow]
        self.face = cols.face[self.arrow]
        self.odds = np.array(odds, dtype=np.int64)[s]  # each option's chance, exactly, in millionths
        self.pushes = np.array(pushes, dtype=np.int64)[s]
        self.speed = np.array([k.speed for k in self.next_keys], dtype=np.int64)[self.nxt]


@lru_cache(maxsize=256)
def _relative_options(state: PlaneState, template: ManeuverTemplate, rules: RuleSet, include_pushes: bool) -> _Options:
    return _Options(state, template, rules, include_pushes)


def reach_two_turns(state: PlaneState, template: ManeuverTemplate | None = None, rules: RuleSet = OFFICIAL,
                    *, include_pushes: bool = True) -> TwoTurnReach:
    """Every position and facing after two turns of legal maneuvers (pushes counted as succeeding,
    weighted by their odds), with the likeliest route to each (fewest pushes breaks ties)."""
    template = template or ManeuverTemplate.default()
    first = _relative_options(_class_key(state), template, rules, include_pushes)
    q0, r0, f0 = state.hex.q, state.hex.r, int(state.facing)
    # where each first maneuver ends, on the map
    q1 = q0 + first.rot[f0][:, 0]
    r1 = r0 + first.rot[f0][:, 1]
    f1 = (f0 + first.face) % 6
    cols: dict[str, list] = {k: [] for k in ("q", "r", "f", "odds", "n", "speed", "a1", "a2")}
    for g, key in enumerate(first.next_keys):  # the second turn, once per class of state
        ix = np.flatnonzero(first.nxt == g)
        if not len(ix):  # only illegal (or, without pushes, pushing) first maneuvers lead there
            continue
        second = _relative_options(key, template, rules, include_pushes)
        n = len(second.face)
        if not n:
            continue
        d = second.rot[f1[ix]]  # each first end's facing picks its turned copy: (k, n, 2)
        cols["q"].append((q1[ix][:, None] + d[:, :, 0]).ravel())
        cols["r"].append((r1[ix][:, None] + d[:, :, 1]).ravel())
        cols["f"].append(((f1[ix][:, None] + second.face[None, :]) % 6).ravel())
        cols["odds"].append((first.odds[ix][:, None] * second.odds[None, :]).ravel())  # exact: at most 10^12
        cols["n"].append((first.pushes[ix][:, None] + second.pushes[None, :]).ravel())
        cols["speed"].append(np.broadcast_to(second.speed[None, :], (len(ix), n)).ravel())
        cols["a1"].append(np.repeat(first.arrow[ix], n))
        cols["a2"].append(np.tile(second.arrow, len(ix)))
    if not cols["q"]:
        return TwoTurnReach(state, {}, 0, 0)
    a = {k: np.concatenate(v) for k, v in cols.items()}
    qs, rs = a["q"] - a["q"].min(), a["r"] - a["r"].min()
    span = int(max(qs.max(), rs.max())) + 1
    pos = (qs * span + rs) * 6 + a["f"]
    # distinct (position, speed) end states: a count over a small dense range, no sort needed
    states = int(np.count_nonzero(np.bincount(pos * 16 + a["speed"])))
    # the likeliest route by its exact odds: two routes whose chances are equal (90% x 40% and 60% x
    # 60%) could differ in the last bit of their floats' product, and the one with more pushes won
    firsts = _best_per_position(pos, a["odds"], a["n"])
    # each route's chance as a float from its exact odds (both numbers exact, one correctly rounded
    # division): equal chances give equal floats, so the routes stay comparable (explore.two_turn_hexes)
    best = {k: a[k][firsts] for k in ("a1", "a2", "q", "r", "f", "n")}
    best["p"] = a["odds"][firsts] / float(_ODDS_SCALE) ** 2
    # one row per position: read the columns out once, as Python numbers
    maneuvers = _template_columns(template).maneuvers
    facings = list(Facing)
    hexes: dict[tuple[int, int], Hex] = {}  # about six positions (facings) a hex: build each Hex once
    positions: dict[tuple[Hex, Facing], Route] = {}
    for a1, a2, q, r, f, p, n in zip(*(best[k].tolist() for k in ("a1", "a2", "q", "r", "f", "p", "n"))):
        h = hexes.get((q, r))
        if h is None:
            h = hexes[(q, r)] = Hex(q, r)
        positions[(h, facings[f])] = Route(maneuvers[a1], maneuvers[a2], p, n)
    return TwoTurnReach(state, positions, states, int(len(pos)))


#: a maneuver's chance of flying as plotted, as a whole number of these parts: every push is a d10
#: roll (its odds are tenths) and a maneuver needs at most three, so the chance is a whole number of
#: thousandths; a product of two such counts stays exact in 64-bit integers
_ODDS_SCALE = 10**6


def _in_millionths(chance: Fraction) -> int:
    """``chance`` as a whole number of millionths, exactly (see ``_ODDS_SCALE``)."""
    units, rest = divmod(chance.numerator * _ODDS_SCALE, chance.denominator)
    if rest:
        raise ValueError(f"a maneuver's chance {chance} is not a whole number of millionths: the two-turn reach "
                         "cannot compare it exactly")
    return units


def _best_per_position(pos: np.ndarray, odds: np.ndarray, n: np.ndarray) -> np.ndarray:
    """For each distinct value of ``pos``, in increasing order, the index of its best row: the
    likeliest (``odds``, exact), then the fewest pushes (``n``), then the first. Three passes of
    ``ufunc.at`` over a dense table of positions, which a sort of the 20,000-odd rows by those
    three keys took ten times as long to do."""
    size = int(pos.max()) + 1
    best = np.zeros(size, dtype=odds.dtype)
    np.maximum.at(best, pos, odds)
    rows = np.flatnonzero(odds == best[pos])  # the likeliest rows of each position
    fewest = np.full(size, np.iinfo(np.int64).max)
    np.minimum.at(fewest, pos[rows], n[rows])
    rows = rows[n[rows] == fewest[pos[rows]]]  # of those, the ones with the fewest pushes
    first = np.full(size, len(pos))
    np.minimum.at(first, pos[rows], rows)
    return first[first < len(pos)]
