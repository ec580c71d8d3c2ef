"""A computer opponent for any game on the protocol (``cs_panel.core.game``, issue 13).

``choose(game, player, level)`` returns a ``Choice``: one of ``game.legal_actions(player)`` and a
line saying why, with the odds it weighed taken from the same code that rolls the dice.

Levels:

- ``"random"``: uniform among the player's own legal actions (the table's steps when it has
  none), from a generator seeded by the game's seed, the log's length and the player, so the
  same position gives the same choice on every run.
- ``"tactical"``: a transparent heuristic per system, registered in ``TACTICS`` (a system that
  has none refuses this level by name, ``NoTacticsError``; it never falls back to random).
  FASA (``fasa_tactics``): plot the maneuver whose end leaves the enemy best in my guns' arc
  and me least in his, over every place the enemy can fly to (narrowed to the plots that reveal
  what a tailing position told me, F.tail.reveal), with a bonus for a tailing position, for next
  turn's chance (the share of the enemy's next places one of my next maneuvers would put under my
  guns) and a cost for a push that may fail; each of my planes in turn, fastest pilot first, the
  others planned around the plots already made; fire the order with the most expected damage
  boxes (F.hit.number, F.gun.double-down, F.dmg.template), a flare or sonic rocket weighed by the
  chance it shocks an enemy (F.rocket.flare, F.rocket.sonic). An intact zeppelin cell stops the
  enemy's places, shots and next turn's chance planned through it (F.zep.static), and so does a
  building, train or crate standing on the ground, for shots (F.combat.los). Its odds are the
  referee's own, by their public names (``referee.shot_geometry``, ``referee.order_odds``,
  ``referee.zeppelins.plot_blocked``, ``referee.specials.caught``). Aces (``aces_tactics``): the attack
  with the most expected clicks and knock-out chance (K.attack); without one, a move to a square
  from which an enemy is in reach next turn, in cover where there is some (K.move, K.ranged).
  Air Action (``airaction_tactics``): each plane's course (throttle clicks, card, orientation) and
  targets by their worth over every course each enemy plane may fly, all alike: clicks expected
  dealt and taken with the referee's shot odds at the speed step each shot happens (A.order,
  A.combat.shot), a plane shot down, an enemy left in my front arc, less the costs of a failed
  throttle or redline check, a collision, flying off the table or ending with little room
  (A.throttle, A.move.redline, A.collide.planes, A.move.execute). Bar-rooms
  (``barrooms_tactics``): the move or shelter where my best shot most outweighs the enemies'
  shots at me, with the referee's to-hit numbers and cover rolls; the best blow; the volley with
  the most expected wounding hits; reload an empty gun, clear a jammed one (B.fire.target,
  B.cover, B.melee, B.jam). Grenades are not thrown, fate is not spent.

What a bot may see: ``game.observation(player)`` and what every player knows (the setup, the
planes' record sheets and positions, the dice already rolled). It never reads another player's
secret action: FASA plots and collision numbers are secret until revealed (F.move.plot,
F.collide.piloted), so the FASA heuristic works on ``fasa_public_table``, the table with every
other player's plot and pick taken out, and assumes nothing about where the enemy will fly
beyond the maneuvers his plane may legally plot. Air Action plans are secret too (A.order): the
Air Action heuristic reads the table every player sees (``game.state.game``, the planes, dials and
markers of ``game.observation``) and never ``state.plans``; an enemy's courses are enumerated
from his plane alone. Bar-rooms hides nothing (its observation is the whole table).

>>> from cs_panel.games import new_game
>>> print(choose(new_game("aces", seed=1), "Tim"))
attack Charlie from 7,0 ranged Ruffian: attack: Ruffian: at least one hit 96%, 0.96 clicks expected, knock-out 96% (K.attack)

``play(game, levels)`` plays a game on with a bot for each player; the table's own steps
(FASA ``move``, ``combat``; Aces ``end``) are taken once no player has anything left to decide.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import operator
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.game import Action, Game

if TYPE_CHECKING:
    from cs_panel.airaction.table import Pose
    from cs_panel.fasa.referee import RefPlane

LEVELS = ("random", "tactical")


class BotError(CsPanelError):
    """Base of the refusals of the computer opponent."""


class UnknownLevelError(BotError):
    """A level of play the bots do not have."""


class NoTacticsError(BotError):
    """The tactical level asked of a system that has no tactical heuristic yet."""


class NothingToChooseError(BotError):
    """The player has no legal action now (the game is over, or it waits for others)."""


@dataclass(frozen=True)
class Choice:
    """What a bot chose and one line saying why."""

    action: Action
    why: str

    def __str__(self) -> str:
        return f"{self.action}: {self.why}"


#: tactical heuristics by system: ``fn(game, player, actions) -> Choice``
TACTICS: dict[str, Callable[[Game, str, list[Action]], Choice]] = {}


def register_tactics(system: str, fn: Callable[[Game, str, list[Action]], Choice]) -> None:
    """Give ``system`` a tactical heuristic (``choose`` passes it the candidate actions)."""
    TACTICS[system] = fn


def levels(system: str) -> tuple[str, ...]:
    """The levels a bot plays ``system`` at."""
    return tuple(lv for lv in LEVELS if lv == "random" or system in TACTICS)


def candidates(game: Game, player: str) -> list[Action]:
    """What the player decides between: its own legal actions, or, when it has none, the
    table's steps it may call for (FASA ``move``, ``combat``)."""
    legal = game.legal_actions(player)
    rules, state = game.rules, game.state
    own = [a for a in legal if rules.owner(state, a) == player]
    return own or legal


def _rng(game: Game, player: str) -> random.Random:
    digest = hashlib.sha256(f"bot:{game.seed}:{len(game.log)}:{player}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def choose(game: Game, player: str, level: str = "tactical") -> Choice:
    """The bot's action for ``player`` now, at ``level`` ("random" or "tactical"), and why."""
    if level not in LEVELS:
        raise UnknownLevelError(f"no bot level {level!r}; the levels are {list(LEVELS)}", field="level")
    if level == "tactical" and game.system not in TACTICS:
        raise NoTacticsError(f"no tactical bot for {game.system!r} yet (the systems with one are "
                             f"{sorted(TACTICS)}); play it at level 'random'", field="level")
    if player not in game.players:
        raise BotError(f"{player!r} does not play in this game; the players are {list(game.players)}", field="player")
    acts = candidates(game, player)
    if not acts:
        raise NothingToChooseError(f"{player} has nothing to do now ({game!r})", field="player")
    if level == "random":
        a = _rng(game, player).choice(acts)
        return Choice(a, f"at random among {len(acts)} legal action{'s' if len(acts) != 1 else ''}")
    if len(acts) == 1:
        return Choice(acts[0], "the only thing to do")
    return TACTICS[game.system](game, player, acts)


def play(game: Game, bots: Mapping[str, str], max_actions: int = 5_000, max_turn: int | None = None) -> Game:
    """Play ``game`` on with a bot of the given level for each player (``{player: level}``): each
    player in turn decides while it has its own actions; the table's steps come after. Stops at the
    end, after ``max_actions`` actions or past turn ``max_turn``."""
    for _ in range(max_actions):
        if game.is_over or (max_turn is not None and game.turn > max_turn):
            break
        rules, state = game.rules, game.state
        mover = None
        for p in game.players:
            if any(rules.owner(state, a) == p for a in game.legal_actions(p)):
                mover = p
                break
        if mover is None:
            legal = game.legal_actions()
            if not legal:
                break
            game = game.apply(legal[0])
            continue
        game = game.apply(choose(game, mover, bots.get(mover, "random")).action)
    return game


# -- FASA (F.move.plot, F.hit.number, F.tail.position) -----------------------------------------------

#: how much a box of damage taken weighs against a box dealt: less than one, since the bot wins by
#: bringing its guns to bear (0.4 won most often of 0.2-0.8 in ``benchmarks/bots.py``)
FASA_TAKEN = 0.4
#: worth of a tailing position, in boxes (the leader reveals part of its next plot, F.tail.reveal)
FASA_TAIL = 3.0
#: cost, in boxes, of a push that fails and throws the plane into random movement (F.move.push-target)
FASA_FAILED_PUSH = 6.0
#: cost, in boxes a hex, of ending far from the enemy (so planes out of reach close in)
FASA_DISTANCE = 0.15
#: a rocket fires once: keeping it is worth this share of its boxes (so it fires at better odds)
FASA_ROCKET_KEEP = 0.4
#: a jam costs this share of the gun's boxes: the gun is out until cleared, but a shot comes only
#: every few turns, so a doubled-down gun pays for itself from about 30% to hit (F.gun.double-down)
FASA_JAM = 0.3
#: worth, in boxes, of an enemy in my front arc within ``FASA_ARC_RANGE`` hexes, out of gun range or
#: not (it can be brought under the guns next turn); an enemy with me in his front arc costs the same
FASA_ARC = 1.0
FASA_ARC_RANGE = 6
#: worth, in boxes, of next turn's chance: the largest share of the enemy's next places (each of
#: his plots alike, from where and how fast he ends this turn) that one of my next maneuvers puts in
#: my guns' forward column and range (F.combat.arc); a one-turn look further ahead
FASA_NEXT = 4.0
#: how far (hexes) apart two planes may end for next turn's chance to be weighed
FASA_NEXT_WINDOW = 10
#: worth, in boxes, of shocking an enemy pilot or zeppelin gunner with a flare or sonic rocket: a
#: shocked pilot flies straight next turn and adds 2 to his rolls (F.shock), a gunner's gun is silent
#: this turn and the next (F.zep.gunners); about a tailing position's worth. A friend caught costs the same
FASA_SHOCK = 3.0
#: keeping a flare or sonic rocket for a better moment is worth this many boxes
FASA_HEX_ROCKET_KEEP = 1.0
#: cost, in boxes, of each point of speed under ``FASA_SLOW_BELOW`` at the end of the move: a slow
#: plane has few maneuvers next turn (F.move.capability)
FASA_SLOW = 1.0
FASA_SLOW_BELOW = 2
#: ending in an enemy's hex risks a mid-air collision, 1 in 10 when he picks at random, which
#: destroys both planes (F.collide.piloted, F.collide.damage): this many boxes a certain shared hex
FASA_SHARED_HEX = 4.0
#: leaving the map takes the plane out of the fight (F.roe.flee): this many boxes
FASA_OFF_MAP = 100.0


def fasa_public_table(game: Game, player: str):
    """The FASA table as ``player`` knows it: every plane, its position and record sheet (all in
    ``game.observation``), and this turn's plots and collision numbers of ``player``'s own planes
    only; the others' stay secret until revealed (F.move.plot, F.collide.piloted)."""
    from cs_panel.fasa import referee as R

    gs = game.state.game
    mine = {p.name for p in gs.planes if p.player == player}
    plots = gs.plots if gs.phase is not R.Phase.PLOT else tuple((n, m) for n, m in gs.plots if n in mine)
    picks = tuple((n, k) for n, k in gs.picks if n in mine)
    # the positions the bot reasons from are the ones the observation shows
    seen = {p["name"]: (tuple(p["hex"]), p["facing"]) for p in game.observation(player)["state"]["planes"]}
    assert seen == {p.name: ((p.plane.hex.q, p.plane.hex.r), p.plane.facing.name) for p in gs.planes}
    # the referee's words this turn as the player hears them: what a tailed plane reveals goes to
    # its tailer only (F.tail.reveal)
    report = tuple(game.observation(player)["state"]["report"])
    return dataclasses.replace(gs, plots=plots, picks=picks, report=report)


@lru_cache(maxsize=512)
def _options(plane):
    from cs_panel.fasa.reach import reachable
    return tuple(reachable(plane, legal_only=True))


@dataclass(frozen=True)
class _Pose:
    """A plane at an imagined end of movement, with what the referee's shot geometry reads."""

    name: str
    plane: _Flight


@dataclass(frozen=True)
class _Flight:
    hex: object
    facing: object
    speed: int
    natural_touch: int = 0
    shocked: bool = False


def _relative(aq: int, ar: int, af: int, bq: int, br: int, bf: int) -> tuple[int, int, int]:
    """Where b is seen from a placed at the origin facing A: the rules of arcs, range, deflection
    and tailing are the same under any shift and turn of the map (``Hex.rotate``, clockwise)."""
    q, r = bq - aq, br - ar
    s = -q - r
    for _ in range(-af % 6):
        q, r, s = -r, -s, -q
    return q, r, (bf - af) % 6


@lru_cache(maxsize=200_000)
def _geometry(q: int, r: int, relf: int, gun: str, a_speed: int, a_touch: int, b_speed: int, b_touch: int):
    """The referee's own shot geometry (``referee.shot_geometry``: arc, range, deflection, the
    same-hex rule) for a shooter at the origin facing A: (deflection, range) or None (F.combat.arc,
    F.hit.deflection, F.combat.same-hex)."""
    from cs_panel.fasa import referee as R  # the combat phase's own geometry, by its public name
    from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex
    a = _Pose("a", _Flight(ORIGIN, Facing.A, a_speed, a_touch))
    b = _Pose("b", _Flight(Hex(q, r), Facing(relf), b_speed, b_touch))
    g = R.shot_geometry(a, b, gun)  # type: ignore[arg-type]
    return (g.deflection, g.range) if g.allowed else None


@lru_cache(maxsize=200_000)
def _in_arc(q: int, r: int) -> bool:
    """Is (q, r) in the front arc of a plane at the origin facing A (``hexgrid.in_front_arc``)?"""
    from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex, in_front_arc
    return in_front_arc(ORIGIN, Facing.A, Hex(q, r))


@lru_cache(maxsize=200_000)
def _tails(q: int, r: int, relf: int, f_speed: int, l_speed: int) -> bool:
    """Does an unshocked follower at the origin facing A tail a leader at (q, r) facing ``relf``
    (``tailing.tailing_position``, F.tail.position)?"""
    from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex
    from cs_panel.fasa.tailing import TailingPlane, tailing_position
    return tailing_position(TailingPlane(ORIGIN, Facing.A, min(f_speed, 9)),
                            TailingPlane(Hex(q, r), Facing(relf), min(l_speed, 9))).tails


class _Gunnery:
    """Expected damage boxes of one plane's guns at another, by where each ends (F.hit.number,
    F.dmg.template): the geometry and to-hit numbers are the referee's own (``_geometry``,
    ``tohit.to_hit_number``), the boxes those of each gun's damage template."""

    def __init__(self, shooter, target):
        from cs_panel.fasa.damage import template_for
        from cs_panel.fasa.tohit import weapons
        self.shooter, self.target = shooter, target
        self.guns = [(g, template_for(g, r).boxes) for gp, g, r in shooter.working_guns
                     if gp not in shooter.jammed]
        self.touch = (shooter.plane.natural_touch, target.plane.natural_touch)
        #: the longest reach of these guns: beyond it no shot is looked up
        self.reach = max((int(weapons()[g]["range"]) for g, _ in self.guns), default=0)
        self._tn: dict = {}

    def chance(self, gun: str, deflection, rng: int) -> float:
        from cs_panel.fasa.tohit import to_hit_number
        key = (gun, deflection, rng)
        if key not in self._tn:
            self._tn[key] = float(to_hit_number(self.target.base_to_hit, deflection, rng, self.shooter.dead_eye, gun,
                                                self.shooter.plane.shocked).chance)
        return self._tn[key]

    def canonical(self, q: int, r: int, relf: int, sa: int, sb: int) -> tuple[float, float]:
        """(expected boxes, chance of at least one hit) of the shooter at the origin facing A at a
        target at (q, r) facing ``relf``; the speeds count only in a shared hex."""
        total, miss = 0.0, 1.0
        for gun, boxes in self.guns:
            g = _geometry(q, r, relf, gun, sa, self.touch[0], sb, self.touch[1])
            if g is not None:
                p = self.chance(gun, *g)
                total += p * boxes
                miss *= 1 - p
        return total, 1 - miss


def _flyable(rp, zeppelins=()) -> list:
    """``rp``'s legal plots as the referee takes them: none whose path enters an intact gas cell
    (``referee.zeppelins.plot_blocked``, F.zep.static: such a plot is refused)."""
    opts = list(_options(rp.plane))
    zeps = [z for z in zeppelins if z.aloft]
    if not zeps:
        return opts
    from cs_panel.fasa.referee import zeppelins as Z
    return [o for o in opts if Z.plot_blocked(zeps, o.plan.path_hexes) is None]


def _ends(rp, zeppelins=()) -> tuple[np.ndarray, np.ndarray]:
    """Where a plane may end this turn, rows of (q, r, facing, speed), and each end's share of the
    plane's legal plots (none through a zeppelin's hull, ``_flyable``)."""
    counts: dict[tuple, int] = {}
    for o in _flyable(rp, zeppelins):
        f = (o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed)
        counts[f] = counts.get(f, 0) + 1
    n = sum(counts.values()) or 1
    return (np.array(list(counts), dtype=np.int64).reshape(-1, 4),
            np.array([k / n for k in counts.values()], dtype=float))


def fasa_told(gs, player: str, enemy: str) -> tuple[int, str] | None:
    """What ``enemy``'s plot this turn has revealed to a plane of ``player`` that tails it: the
    tailing number and the words the referee said (F.tail.reveal: the direction; with the speed
    from 0; the destination hex from 3), read from the public table's report; None if nothing."""
    mine = {p.name for p in gs.planes if p.player == player}
    for t in gs.tails:
        if t.leader == enemy and t.follower in mine:
            head = f"{t.follower} tails {enemy} (tailing number {t.number}): {enemy} reveals "
            for line in gs.report:
                if line.startswith(head):
                    return t.number, line[len(head):]
    return None


def _told_ends(rp, number: int, told: str, zeppelins=()) -> tuple[np.ndarray, np.ndarray]:
    """``_ends`` of the plots that would have revealed just ``told`` at tailing ``number``
    (``tailing.reveal``, the referee's own words, F.tail.reveal); all of them if none would."""
    from cs_panel.fasa.tailing import reveal
    counts: dict[tuple, int] = {}
    for o in _flyable(rp, zeppelins):
        if str(reveal(number, str(o.maneuver))) == told:
            f = (o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed)
            counts[f] = counts.get(f, 0) + 1
    if not counts:
        return _ends(rp, zeppelins)
    n = sum(counts.values())
    return (np.array(list(counts), dtype=np.int64).reshape(-1, 4),
            np.array([k / n for k in counts.values()], dtype=float))


def _steps() -> np.ndarray:
    """A hex's step along each facing A-F, rows of (q, r) (``hexgrid.DIRECTIONS``)."""
    from cs_panel.fasa.hexgrid import DIRECTIONS
    return np.array([DIRECTIONS[f] for f in range(6)], dtype=np.int64)


def _turned(cells: np.ndarray, k: int) -> np.ndarray:
    """Rows of (q, r) turned ``k`` sixths clockwise about the origin (``Hex.rotate``)."""
    q, r = cells[:, 0].copy(), cells[:, 1].copy()
    s = -q - r
    for _ in range(k % 6):
        q, r, s = -r, -s, -q
    return np.stack([q, r], axis=1)


def _next_start(plane, speed: int):
    """The plane at the origin facing A, having flown at ``speed`` with no Gs: where next turn's
    maneuvers are looked up from (the Gs of the coming move are left out: a light approximation)."""
    from cs_panel.fasa.hexgrid import ORIGIN, Facing
    return dataclasses.replace(plane, hex=ORIGIN, facing=Facing.A, speed=speed, last_gs=0, last_restricted=None,
                               shocked=False)


@lru_cache(maxsize=512)
def _next_chance(mine, his, reach: int) -> np.ndarray:
    """Next turn's chance for every place the enemy may end this turn, seen from my end at the origin
    facing A: ``[relf, q + W, r + W]`` is the largest share of his next places (each of his plots
    from there alike) that one of my next maneuvers puts in my forward column within ``reach``
    (F.combat.arc; W is ``FASA_NEXT_WINDOW``). ``mine`` and ``his`` are the planes as
    ``_next_start`` places them."""
    W = FASA_NEXT_WINDOW
    G = 2 * W + 1
    # my next maneuvers without a push: a push that may fail is no plan to line the guns up on
    my_ends = sorted({(o.hex.q, o.hex.r, int(o.facing)) for o in _options(mine) if not o.pushes})
    places: dict[tuple[int, int], int] = {}
    for o in _options(his):
        places[(o.hex.q, o.hex.r)] = places.get((o.hex.q, o.hex.r), 0) + 1
    out = np.zeros((6, G, G))
    if not my_ends or not places or reach <= 0:
        return out
    total = sum(places.values())
    e = np.array(list(places), dtype=np.int64)
    w = np.array([n / total for n in places.values()])
    ends = np.array(my_ends, dtype=np.int64)
    k = np.arange(1, reach + 1)
    # each next end's forward column, ``Hex.neighbor(facing, k)``: (mine, reach, 2)
    cells = ends[:, None, :2] + _steps()[ends[:, 2]][:, None, :] * k[None, :, None]
    n = len(my_ends)
    for f in range(6):
        te = _turned(e, f)  # his next places, turned to his facing in my frame
        t = cells[:, :, None, :] - te[None, None, :, :]  # where his end must be: (mine, reach, his, 2)
        ok = (np.abs(t[..., 0]) <= W) & (np.abs(t[..., 1]) <= W)
        i = np.broadcast_to(np.arange(n)[:, None, None], ok.shape)
        ww = np.broadcast_to(w[None, None, :], ok.shape)
        flat = (i[ok] * G + t[..., 0][ok] + W) * G + t[..., 1][ok] + W
        out[f] = np.bincount(flat, weights=ww[ok], minlength=n * G * G).reshape(n, G, G).max(axis=0)
    return out


def _next_turn(rp, e, me: np.ndarray, ends: np.ndarray, fwd: tuple[np.ndarray, ...], reach: int,
               clear: np.ndarray | None = None) -> np.ndarray:
    """``_next_chance`` for every pair of my ends (rows of ``me``) and his (rows of ``ends``); a pair
    with an intact gas cell between them (0 in ``clear``, ``_clear``) counts none: the hull stands
    between us at the start of next turn too (F.zep.static; the bot's own estimate)."""
    rq, rr, relf = fwd[0], fwd[1], fwd[2]
    W = FASA_NEXT_WINDOW
    out = np.zeros(rq.shape)
    inside = (np.abs(rq) <= W) & (np.abs(rr) <= W)
    for sm in np.unique(me[:, 3]):
        for se in np.unique(ends[:, 3]):
            table = _next_chance(_next_start(rp.plane, int(sm)), _next_start(e.plane, int(se)), reach)
            cell = inside & (me[:, 3] == sm)[:, None] & (ends[:, 3] == se)[None, :]
            out[cell] = table[relf[cell], rq[cell] + W, rr[cell] + W]
    return out if clear is None else out * clear


def _canonical(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """``_relative`` for every row of ``a`` against every row of ``b`` (rows of q, r, facing,
    speed): q, r, relative facing, and the two speeds where the planes share a hex (0 elsewhere),
    each an (len(a), len(b)) array."""
    q = b[None, :, 0] - a[:, None, 0]
    r = b[None, :, 1] - a[:, None, 1]
    s = -q - r
    k = np.broadcast_to((-a[:, None, 2]) % 6, q.shape)
    # k clockwise sixths: (q, r, s) -> (-r, -s, -q) each step (``Hex.rotate``)
    rq = np.choose(k, [q, -r, s, -q, r, -s])
    rr = np.choose(k, [r, -s, q, -r, s, -q])
    relf = (b[None, :, 2] - a[:, None, 2]) % 6
    same = (q == 0) & (r == 0)
    sa = np.where(same, a[:, None, 3], 0)
    sb = np.where(same, b[None, :, 3], 0)
    return rq, rr, relf, sa, sb


def _table(parts: tuple[np.ndarray, ...], fn: Callable[..., tuple[float, ...]], width: int,
           within: int) -> np.ndarray:
    """``fn(q, r, relf, sa, sb)`` for every cell of ``_canonical``'s arrays no more than ``within``
    hexes apart (0 for the others), called once per distinct relative position: an array of the
    cells' shape plus ``width``."""
    from cs_panel.fasa.hexgrid import axial_distance

    q, r, relf, sa, sb = parts
    near = axial_distance(q, r) <= within
    out = np.zeros(q.shape + (width,))
    if not near.any():
        return out
    big = 1 << 20
    key = ((((q + big) * (2 * big) + (r + big)) * 6 + relf) * 100 + sa) * 100 + sb
    uniq, first, inv = np.unique(key[near], return_index=True, return_inverse=True)
    # each distinct cell's five numbers as plain ints, read column by column (indexing a numpy
    # array one element at a time costs more than the call it feeds)
    cols = [list(map(int, x[near][first].tolist())) for x in parts]
    vals = np.array([fn(*cell) for cell in zip(*cols)], dtype=float).reshape(len(uniq), width)
    out[near] = vals[inv.ravel()]
    return out


@dataclass(frozen=True)
class PlotValue:
    """What the FASA bot weighs for one plot, averaged over the places the enemy can fly to (each
    of his legal plots alike): boxes of damage dealt and taken, the chance that some gun of mine
    hits, the share of tailing positions (mine less his), the chance to fly it as plotted, and next
    turn's chance: the largest share of the enemy's next places one of my next maneuvers would put
    under my guns (``FASA_NEXT``), summed over the enemies."""

    value: float
    dealt: float
    taken: float
    reach: float
    tail: float
    chance: float
    following: float = 0.0


def _planned(gs, rp) -> list[tuple[RefPlane, np.ndarray]]:
    """My other planes already plotted this turn, each with the end its plot leads to (as plotted:
    a push that fails would leave it elsewhere), a row of (q, r, facing, speed)."""
    out = []
    for name, maneuver in gs.plots:
        f = gs.plane(name)
        if f.player != rp.player or f.name == rp.name:
            continue
        o = next((o for o in _options(f.plane) if str(o.maneuver) == maneuver), None)
        if o is not None:
            out.append((f, np.array([[o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed]], dtype=np.int64)))
    return out


def _drawn_off(e, rp, ends: np.ndarray, wingmen, gs=None) -> np.ndarray:
    """For each of ``e``'s ends, the share of his fire that goes to one of my planes already
    plotted instead of ``rp``: a plane's guns fire at one target, the first enemy in the firing
    order they reach (F.combat.choice, F.combat.order): a wingman of higher Quick Draw is ahead of
    ``rp``, one of equal Quick Draw half the time (the tie is rolled). A wingman behind an intact
    gas cell from that end draws nothing (``_clear``, F.zep.static)."""
    drawn = np.zeros(len(ends))
    for f, at in wingmen:
        first = 1.0 if f.quick_draw > rp.quick_draw else 0.5 if f.quick_draw == rp.quick_draw else 0.0
        if not first:
            continue
        g = _Gunnery(e, f)
        hit = _table(_canonical(ends, at), g.canonical, 2, g.reach)[:, 0, 1] > 0
        clear = _clear(gs, ends, at, g.reach) if gs is not None else None
        if clear is not None:
            hit = hit & (clear[:, 0] > 0)
        drawn = np.maximum(drawn, first * hit)
    return drawn


def _clear(gs, a: np.ndarray, b: np.ndarray, within: int) -> np.ndarray | None:
    """1 where a shot from each row of ``a`` to each row of ``b`` (rows of q, r, ...) no more than
    ``within`` hexes apart is not blocked by an intact gas cell or an object standing on the ground,
    0 where it is; None with neither on the table. The planner's canonical geometry (``_geometry``)
    is the same anywhere on the map, so the blocking is laid over it here, by the referee's own
    check (``sightline.clear_grid``: F.zep.static, F.zep.cell-destroyed, F.combat.los, F.map.hexes)."""
    from cs_panel.fasa.referee.sightline import clear_grid
    clear = clear_grid([z for z in gs.zeppelins if z.aloft], gs.objects, a[:, :2], b[:, :2], within)
    return None if clear is None else clear.astype(float)


def fasa_plot_values(gs, rp) -> dict[str, PlotValue]:
    """Every legal plot of ``rp`` on the public table ``gs`` with what the bot weighs for it
    (F.move.plot, F.hit.number, F.tail.position, F.collide.piloted)."""
    from cs_panel.fasa.hexgrid import axial_distance
    from cs_panel.fasa.tailing import TAIL_RANGE
    opts = _options(rp.plane)
    enemies = [e for e in gs.planes if e.player != rp.player]
    index: dict[tuple, int] = {}
    for o in opts:
        index.setdefault((o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed), len(index))
    me = np.array(list(index), dtype=np.int64).reshape(-1, 4)
    m = len(me)
    dealt, taken, reach, tail, near, shared, arc, nxt = (np.zeros(m) for _ in range(8))
    wingmen = _planned(gs, rp)
    for e in enemies:
        told = fasa_told(gs, rp.player, e.name)
        ends, w = _ends(e, gs.zeppelins) if told is None else _told_ends(e, *told, zeppelins=gs.zeppelins)
        out, back = _Gunnery(rp, e), _Gunnery(e, rp)
        fwd, rev = _canonical(me, ends), _canonical(ends, me)
        got = _table(fwd, out.canonical, 2, out.reach)
        hit_back = _table(rev, back.canonical, 2, back.reach)[:, :, 0].T
        # one pass for this turn's shots and next turn's chance (FASA_NEXT_WINDOW reaches further than any gun)
        clear_out = _clear(gs, me, ends, max(out.reach, FASA_NEXT_WINDOW if FASA_NEXT else 0))
        clear_back = _clear(gs, ends, me, back.reach)
        if clear_out is not None and clear_back is not None:  # no shot through an intact gas cell (F.zep.static)
            got = got * clear_out[:, :, None]
            hit_back = hit_back * clear_back.T
        dealt += got[:, :, 0] @ w
        reach += got[:, :, 1] @ w
        taken += hit_back @ (w * (1 - _drawn_off(e, rp, ends, wingmen, gs)))
        d = axial_distance(ends[None, :, 0] - me[:, None, 0], ends[None, :, 1] - me[:, None, 1])
        near += d @ w
        shared += (d == 0) @ w
        ranged = (d > 0) & (d <= FASA_ARC_RANGE)
        ahead = _table(fwd, lambda q, r, *_: (_in_arc(q, r),), 1, FASA_ARC_RANGE)[:, :, 0]
        behind = _table(rev, lambda q, r, *_: (_in_arc(q, r),), 1, FASA_ARC_RANGE)[:, :, 0].T
        arc += (ranged * (ahead - behind)) @ w
        i_tail = np.zeros(d.shape) if rp.plane.shocked else _table(fwd, lambda *x: (_tails(*x),), 1, TAIL_RANGE)[:, :, 0]
        he_tails = (np.zeros(d.shape) if e.plane.shocked
                    else _table(rev, lambda *x: (_tails(*x),), 1, TAIL_RANGE)[:, :, 0].T)
        tail += (i_tail - he_tails) @ w
        if FASA_NEXT:
            nxt += _next_turn(rp, e, me, ends, fwd, out.reach, clear_out) @ w
    score = (dealt - FASA_TAKEN * taken + FASA_TAIL * tail - FASA_DISTANCE * near - FASA_SHARED_HEX * shared
             + FASA_ARC * arc + FASA_NEXT * nxt - FASA_SLOW * np.maximum(0, FASA_SLOW_BELOW - me[:, 3]))
    layout = gs.map
    out_values = {}
    for o in opts:
        i = index[(o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed)]
        chance = float(o.chance)
        value = chance * float(score[i]) - (1 - chance) * FASA_FAILED_PUSH
        if layout is not None and not layout.contains(o.hex):
            value -= FASA_OFF_MAP
        out_values[str(o.maneuver)] = PlotValue(value, float(dealt[i]), float(taken[i]), float(reach[i]),
                                                float(tail[i]), chance, float(nxt[i]))
    return out_values


def _fasa_plot(gs, rp, actions: Sequence[Action]) -> Choice:
    enemies = [e for e in gs.planes if e.player != rp.player]
    from cs_panel.fasa.play import Plot
    wanted = {a.maneuver: a for a in actions if isinstance(a, Plot) and a.plane == rp.name}
    # maneuvers only: a bail-out (F.bail.safe) gives up the plane, and nothing here weighs a reason to
    opts = [o for o in _options(rp.plane) if str(o.maneuver) in wanted]
    if not enemies:
        o = max(opts, key=lambda o: (o.chance, -len(o.pushes)))
        return Choice(wanted[str(o.maneuver)], "no enemy in the sky: the surest maneuver")
    values = fasa_plot_values(gs, rp)
    o = max(opts, key=lambda o: (values[str(o.maneuver)].value, values[str(o.maneuver)].chance, -len(o.pushes)))
    v = values[str(o.maneuver)]
    names = " and ".join(e.name for e in enemies)
    bits = [f"{names} in my guns' arc with {percent(v.reach / len(enemies))} to hit over the places "
            f"{'they' if len(enemies) > 1 else 'it'} can fly to" if v.reach >= 0.005 else f"closes on {names}",
            f"{v.dealt:.1f} boxes expected dealt, {v.taken:.1f} taken"]
    if v.tail > 0:
        bits.append(f"a tailing position {percent(v.tail)} of the time")
    if v.following >= 0.005:
        bits.append(f"next turn my best maneuver would cover {percent(v.following / len(enemies))} of {names}'s "
                    "places on average")
    for e in enemies:
        told = fasa_told(gs, rp.player, e.name)
        if told is not None:
            bits.append(f"{e.name}'s places narrowed to its plots that reveal {told[1]} (F.tail.reveal)")
    wingmen = [f.name for f, _ in _planned(gs, rp)]
    if wingmen:
        bits.append(f"planned around {' and '.join(wingmen)}'s plot, which may draw the enemy's fire first "
                    "(F.combat.choice)")
    bits.append(f"{percent(v.chance)} to fly as plotted" if o.pushes else "no push")
    return Choice(wanted[str(o.maneuver)], "; ".join(bits) + " (F.move.plot, F.hit.number, F.tail.position)")


def _fire_value(gs, rp, order_text: str):
    """(value in boxes, expected boxes, line) of a fire order, from the referee's own aim and odds
    (``referee.order_odds``, the mounts and to-hit numbers the combat phase rolls)."""
    from cs_panel.fasa import referee as R
    from cs_panel.fasa.damage import template_for
    from cs_panel.fasa.gunnery import jam_clear_number
    order = R.FireOrder.parse(order_text)
    if order.turret:  # the gunner's turret adds its expected boxes to the pilot's part (referee.turrets)
        from cs_panel.fasa.referee import turrets as RT
        aimed = gs.plane(order.turret_target) if order.turret_target else None
        e = sum(float(tn.chance) * template_for(g, r).boxes for _, g, r in RT.turret_guns(rp)
                for ok, tn, _, _ in [RT.aim(rp, order.turret, aimed, g, gs.turn, gs.zeppelins, gs.objects)]
                if ok and tn) if aimed else 0.0
        value, expected, why = _fire_value(gs, rp, str(order.pilot_part))
        return value + e, expected + e, f"{why}; the turret: {e:.1f} boxes expected (F.combat.order)"
    if order.holds:
        return 0.0, 0.0, "holds fire: nothing worth a shot"
    if order.target_hex is not None:  # flak, flare and sonic rockets: no box marked this phase
        return _hex_fire_value(gs, rp, order)
    if "clear jams" in order_text:
        p = float(jam_clear_number(rp.steady_hand, rp.plane.shocked).chance)
        boxes = sum(template_for(g, r).boxes for gp, g, r in rp.working_guns if gp in rp.jammed)
        return 0.5 * p * boxes, 0.0, f"clears jams: {percent(p)} to free {boxes} boxes of guns (F.gun.jam-clear)"
    if gs.zeppelins and R.zeppelins.target_of(gs.zeppelins, order.target):
        return _zeppelin_fire_value(gs, rp, order)
    if order.ordnance or gs.thing(order.target) is not None:  # an object on the map (F.bomb, F.rocket.harpoon)
        from cs_panel.fasa.referee import ground_play

        return ground_play.order_value(gs, rp, order)
    target = gs.plane(order_text.rsplit(" at ", 1)[1])
    odds = R.order_odds(rp, target, order, gs.turn, gs.zeppelins, gs.objects)
    value = 0.0
    for shot in odds.shots:
        if not shot.reaches:
            continue
        value += float(shot.expected_hits - FASA_JAM * shot.jam_chance) * shot.boxes
        if not shot.is_gun:
            value -= FASA_ROCKET_KEEP * shot.boxes
    expected = odds.expected_boxes
    return value, expected, f"{expected:.1f} boxes expected; {odds.text} (F.hit.number, F.dmg.template)"


def _hex_fire_value(gs, rp, order):
    """(value, 0 boxes, line) of rockets fired at hexes: each flare or sonic rocket is worth
    ``FASA_SHOCK`` for every enemy pilot or zeppelin gunner it would catch, times his chance to fail
    the Constitution roll, less the same for a friend it catches, less ``FASA_HEX_ROCKET_KEEP``; the
    referee's own rules say who is caught and the roll (``referee.specials.caught``,
    ``deployed.blinding_roll``, ``zeppelins.gunners_caught``: F.rocket.flare, F.rocket.sonic,
    F.zep.gunners). Flak is aimed where enemies will fly next turn, which this bot does not plan:
    worth 0, as holding fire."""
    from cs_panel.fasa import referee as R
    from cs_panel.fasa.deployed import blinding_roll
    from cs_panel.fasa.referee import specials as S
    from cs_panel.fasa.referee import zeppelins as Z
    from cs_panel.fasa.zeppelin import gunner_shock_roll
    loaded = dict(rp.loaded_rockets)
    groups = [(order.rockets, order.target_hex)]
    groups += [(hps, R.FireOrder(target=at).target_hex) for hps, at in order.salvos]
    value, told = 0.0, []
    for hps, aim in groups:
        fired = [w for hp, w in loaded.items() if (hp in hps or 0 in hps) and w in R.BLINDING]
        for w in fired:
            value -= FASA_HEX_ROCKET_KEEP
            for name in S.caught(w, aim, gs.planes, rp.name, gs.zeppelins, gs.objects):
                p = gs.plane(name)
                fail = 1 - float(blinding_roll(p.record.pilot_constitution, p.plane.shocked).chance)
                value += (FASA_SHOCK if p.player != rp.player else -FASA_SHOCK) * fail
                told.append(f"{name} {percent(fail)} to be shocked")
            for z, mount in Z.gunners_caught(gs.zeppelins, w, aim, gs.objects):
                fail = 1 - float(gunner_shock_roll(any(m == mount and 0 <= gs.turn - t <= 1
                                                        for m, t in z.gunners_shocked)).chance)
                value += (FASA_SHOCK if z.player != rp.player else -FASA_SHOCK) * fail
                told.append(f"{z.name}'s {mount} gunner {percent(fail)}")
    if not told:
        return (min(value, 0.0), 0.0,
                "rockets at a hex: no box marked this phase, nobody caught (F.rocket.flare, F.rocket.sonic)")
    return value, 0.0, f"worth {value:.1f} boxes in shock: {', '.join(told)} (F.rocket.flare, F.rocket.sonic, F.shock)"


def _zeppelin_fire_value(gs, rp, order):
    """(value, expected, line) of a fire order at a zeppelin's gas cell or nacelle: the expected
    Zep. Dmg. points, counted like boxes, or a nacelle's chance of being knocked out, worth a
    template's boxes (``referee.zeppelins.part_odds``: F.zep.gas-cells, F.zep.nacelle; the bot's own weights)."""
    from cs_panel.fasa.referee import zeppelins as Z
    t = Z.target_of(gs.zeppelins, order.target)
    expected = 0.0
    for shot in Z.part_odds(gs.zeppelins, rp, order, t, gs.objects):
        if shot.number is None:
            continue
        expected += shot.expected_points - (0 if shot.is_gun else FASA_ROCKET_KEEP * shot.boxes)
    return expected, expected, f"{expected:.1f} points expected on {t} (F.zep.gas-cells, F.zep.nacelle)"


def _fasa_fire(gs, rp, actions: Sequence[Action]) -> Choice:
    from cs_panel.fasa.play import Fire
    best = None
    for a in actions:
        if not isinstance(a, Fire) or a.plane != rp.name:
            continue
        value, _, why = _fire_value(gs, rp, a.order)
        if best is None or value > best[0]:
            best = (value, a, why)
    assert best is not None
    return Choice(best[1], best[2])


def fasa_tactics(game: Game, player: str, actions: list[Action]) -> Choice:
    """FASA: plots that keep the enemy in my arc and me out of his, this turn and the next, each of
    my planes in Quick Draw order around the plots already made, over the enemy's places narrowed by
    what a tail reveals; fire orders with the most expected damage; collision numbers at random
    (F.move.plot, F.tail.reveal, F.combat.choice, F.collide.piloted)."""
    from cs_panel.fasa import play as P
    gs = fasa_public_table(game, player)
    plots = [a for a in actions if isinstance(a, P.Plot)]
    if plots:
        # my planes plot in Quick Draw order, fastest first: a faster pilot's plane draws the enemy's
        # fire first (F.combat.choice, F.combat.order), so the others plan around its plot
        waiting = [gs.plane(n) for n in dict.fromkeys(a.plane for a in plots)]
        first = max(waiting, key=lambda p: p.quick_draw)
        return _fasa_plot(gs, first, plots)
    fires = [a for a in actions if isinstance(a, P.Fire)]
    if fires:
        return _fasa_fire(gs, gs.plane(fires[0].plane), fires)
    turrets = [a for a in actions if isinstance(a, P.Turret)]
    if turrets:  # aim each turret at the first enemy it reaches; main guns and turrets with none hold
        aimed = [a for a in turrets if " at " in a.order and not a.order.startswith("main ")]
        pick = aimed[0] if aimed else next((a for a in turrets if a.order.endswith(" hold")), turrets[0])
        return Choice(pick, "a zeppelin turret at the first enemy it reaches (F.zep.turrets)")
    picks = [a for a in actions if isinstance(a, P.Pick)]
    if picks:
        plane = picks[0].plane
        mine = [a for a in picks if a.plane == plane]
        return Choice(_rng(game, player).choice(mine), "a collision number at random: any habit could be read "
                      "(F.collide.piloted)")
    return Choice(actions[0], "the table's next step")


register_tactics("fasa", fasa_tactics)


# -- Aces (K.attack, K.move) -------------------------------------------------------------------------

#: worth of knocking a character out, in clicks, per point it is worth (K.victory)
ACES_KO = 0.05
#: offensive fate clicks the Ace's own dial once (K.fate): its cost in clicks
ACES_FATE = 1.0
#: worth of ending a move in hindering terrain or next to blocking terrain (shots at it are harder
#: or blocked, K.terrain.hindering, K.terrain.blocking)
ACES_COVER = 0.3
#: cost of each enemy that could attack the square next turn
ACES_THREAT = 0.15
#: how much the square an attack is made from counts (its standing, as for a move)
ACES_PLACE = 0.5
#: attacks with fate weighed: those whose plain version is among this many best
ACES_FATE_TRIES = 5


def _attack_value(g, a, defensive_fate: bool) -> tuple[float, str]:
    from cs_panel.aces.combat import AcesAttack
    value, lines = 0.0, []
    shots = [(a.targets, a.fate)] + ([((a.second,), a.second_fate)] if a.second is not None else [])
    for targets, fate in shots:
        plan = g.plan_attack(a.name, a.at, targets if len(targets) > 1 else targets[0], a.kind, offensive_fate=fate)
        if isinstance(plan, AcesAttack):
            t = g.character(targets[0])
            if defensive_fate and not t.is_token and t.value("fate") > 0 and t.name not in g.fate_used:
                plan = plan.with_defensive_fate()
            dist = plan.distribution()
            if a.kind == "capture":
                p = float(plan.chance_to_capture)
                value += p * (1 + ACES_KO * t.points)
                lines.append(f"capture {t.name} {percent(p)}")
            else:
                left = max(1, t.dial.clicks_to_eliminate())  # hits past the knock-out are wasted
                e = float(sum(min(k, left) * p for k, p in dist.items()))
                ko = float(plan.chance_to_knock_out(t.dial))
                value += e + ko * ACES_KO * t.points
                lines.append(f"{t.name}: at least one hit {percent(plan.at_least(1))}, {e:.2f} clicks expected"
                             + (f", knock-out {percent(ko)}" if ko else ""))
        else:
            chances = plan.hit_chances()
            value += float(sum(chances.values()))
            lines.append(", ".join(f"{n} hit {percent(p)}" for n, p in chances.items()))
        if fate:
            value -= ACES_FATE
    return value, "; ".join(lines)


def _threat(g, c, square) -> int:
    """Enemies that could move and attack ``square`` next turn (within speed plus range, or speed
    plus one for a close attack)."""
    n = 0
    for o in g.characters:
        if o.player == c.player or o.captor is not None:
            continue
        if g.board.distance(o.square, square) <= o.value("speed") + max(1, o.range):
            n += 1
    return n


def _standing(g, c, square) -> tuple[float, str]:
    """How good a square is for ``c`` to stand on: an enemy within reach of a move and an attack
    next turn, cover, few enemies that could strike it (K.move, K.ranged, K.terrain.*)."""
    foes = [o for o in g.characters if o.player != c.player and o.captor is None]
    if not foes:
        return 0.0, "no enemy left on the map"
    board = g.board
    reach = c.value("speed") + max(1, c.range)
    near = min(foes, key=lambda o: board.distance(square, o.square))
    d = board.distance(square, near.square)
    # ``Board.neighbours`` leaves blocking squares out: look at the eight squares round about
    cover = square in board.hindering or any((square[0] + dx, square[1] + dy) in board.blocking
                                             for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    threat = _threat(g, c, square)
    value = -0.1 * max(0, d - reach) + (0.5 if d <= reach else 0.0) + ACES_COVER * cover - ACES_THREAT * threat
    words = (f"{near.name} within reach next turn ({d} squares)" if d <= reach else f"closes on {near.name} ({d} squares)")
    if cover:
        words += ", in cover"
    return value, f"{words}; {threat} enem{'y' if threat == 1 else 'ies'} could strike here (K.move)"


def _move_value(g, c, square) -> tuple[float, str]:
    """A move is worth what it gains over standing still."""
    value, why = _standing(g, c, square)
    return value - _standing(g, c, c.square)[0], why


def _aces_give(game: Game, gives: list) -> Choice:  # the aces referee's Give actions
    """The share-out of a rolled several-target shot that gives the most targets their click
    (K.ranged.multi): each is tried on the game (it rolls nothing), the first best kept."""
    before = {c.name: c.dial.slot for c in game.state.game.characters}

    def clicked(a) -> int:
        after = {c.name: c.dial.slot for c in game.apply(a).state.game.characters}
        return sum(1 for t in a.targets if t not in after or after[t] > before[t])
    best = max(gives, key=clicked)  # max keeps the first of equals
    n = clicked(best)
    return Choice(best, f"the dice given out so {n} of {len(best.targets)} targets take a click (K.ranged.multi)")


def aces_tactics(game: Game, player: str, actions: list[Action]) -> Choice:
    """Aces: the attack with the most expected clicks (and knock-out chance), else a move to an
    attack position in cover, else second wind or an escape; never a withdrawal while anything else
    is legal (K.attack, K.move, K.withdraw)."""
    from cs_panel.aces import play as P
    state = game.state
    g = state.game
    gives = [a for a in actions if isinstance(a, P.Give)]
    if gives:  # a several-target shot's dice to give out by hand: the share-out that clicks the most targets
        return _aces_give(game, gives)
    scored: list[tuple[float, int, Action, str]] = []
    # attacks with fate are weighed only for the best few attacks without it: fate adds dice to an
    # attack the bot already likes, and weighing every one would double the work
    plain: dict[Action, float] = {}
    for i, a in enumerate(actions):
        if isinstance(a, P.Attack) and not a.fate and not a.second_fate:
            try:
                v, why = _attack_value(g, a, state.defensive_fate)
            except CsPanelError:
                continue
            v += ACES_PLACE * _move_value(g, g.character(a.name), a.at)[0]
            plain[a] = v
            scored.append((1.0 + v, -i, a, f"attack: {why} (K.attack)"))
    top = set(sorted(plain, key=lambda a: plain[a], reverse=True)[:ACES_FATE_TRIES])
    for i, a in enumerate(actions):
        if isinstance(a, P.Attack) and (a.fate or a.second_fate):
            if dataclasses.replace(a, fate=False, second_fate=False) not in top:
                continue
            try:
                v, why = _attack_value(g, a, state.defensive_fate)
            except CsPanelError:
                continue
            v += ACES_PLACE * _move_value(g, g.character(a.name), a.at)[0]
            scored.append((1.0 + v, -i, a, f"attack: {why} (K.attack)"))
    for i, a in enumerate(actions):
        if isinstance(a, P.Attack):
            continue
        elif isinstance(a, P.Move):
            v, why = _move_value(g, g.character(a.name), a.to)
            scored.append((v, -i, a, why))
        elif isinstance(a, P.Escape):
            scored.append((2.0 - ACES_FATE * a.fate, -i, a, "escapes its captor (K.escape)"))
        elif isinstance(a, P.SecondWind):
            c = g.character(a.name)
            hurt = (c.dial.position or c.dial.start) > c.dial.start
            scored.append((0.6 if hurt else -1.0, -i, a, "second wind to heal a click (K.actions)"))
        elif isinstance(a, P.Pass):
            scored.append((-0.5, -i, a, "nothing better to do (K.actions)"))
        elif isinstance(a, P.Withdraw):
            scored.append((-100.0, -i, a, "nothing else is left (K.withdraw)"))
        else:
            scored.append((0.0, -i, a, "the game's next step"))
    _, _, a, why = max(scored, key=lambda s: (s[0], s[1]))
    return Choice(a, why)


register_tactics("aces", aces_tactics)


# -- Bar-rooms (B.fire.target, B.cover, B.melee, B.jam) ----------------------------------------------

#: how much a wound-making hit taken weighs against one dealt
BARROOMS_TAKEN = 0.6
#: cost of each hex between a fighter and the nearest enemy (so a fighter with nothing in reach closes in)
BARROOMS_DISTANCE = 0.01
#: a jam costs the gun until it is cleared: this many hits (B.jam)
BARROOMS_JAM = 0.3
#: a blow of the fist is worth this share of a wound (it takes punch points, not the damage card, B.melee)
BARROOMS_PUNCH = 0.3
#: a block or an evade is worth this many hits (it makes the enemy's blows harder, B.melee)
BARROOMS_GUARD = 0.05


def _br_hit(state, f, t, shots: int = 1) -> float:
    """The chance that one shot of ``f``'s volley of ``shots`` at ``t`` wounds him: the referee's
    to-hit number (``phases.shot_number``) times the chance to get past his cover (B.fire.target, B.cover)."""
    from cs_panel.barrooms import phases as BP
    from cs_panel.barrooms.firing import CoverRoll, weapons
    try:
        p = float(BP.shot_number(state, f, t, shots).chance)
    except CsPanelError:  # wounds that leave him no way to fire his gun (B.hitloc)
        return 0.0
    cov = BP._covering(state, f.at, t)
    if cov is not None:
        p *= float(CoverRoll(cov.cover, cov.armour, weapons()[f.weapon]["penetration"]).chance)
    return p


def _br_can_fire(f) -> bool:
    return f.weapon is not None and f.gun == "ready" and f.ammo >= f.per_shot and not f.hid


def _br_volley(state, f, t, shots: int) -> tuple[float, float]:
    """(value, expected wounding hits) of ``shots`` shots at ``t``: an inferior gun stops at its
    jam, 1 or 2 on the d10 (B.jam)."""
    from cs_panel.barrooms.firing import JAM_FACES
    p = _br_hit(state, f, t, shots)
    jam = len(JAM_FACES) / 10 if f.inferior else 0.0
    alive = [(1 - jam) ** i for i in range(shots)]
    expected = p * sum(alive)
    return expected - BARROOMS_JAM * (1 - (1 - jam) ** shots), expected


def _br_standing(state, f) -> tuple[float, str]:
    """How good ``f``'s place (and gait) is: his best shot from it less the enemies' best shots
    at him there, each from the referee's to-hit numbers and cover (B.fire.target, B.cover)."""
    from cs_panel.barrooms.table import distance
    foes = [g for g in state.fighters if g.player != f.player and g.fighting]
    if not foes:
        return 0.0, "no enemy left standing"
    best, best_t = 0.0, None
    if f.weapon is not None and f.gun == "ready" and not f.hid:
        for t in foes:
            p = _br_hit(state, f, t)
            if p > best:
                best, best_t = p, t
    threat = 0.0
    for g in foes:
        if _br_can_fire(g):
            threat += _br_hit(state, g, f)
    near = min(distance(f.at, g.at) for g in foes)
    value = best - BARROOMS_TAKEN * threat - BARROOMS_DISTANCE * near
    shot = f"a shot at {best_t.name} {percent(best)}" if best_t is not None else "no shot"
    return value, f"{shot}; enemies' shots at him {threat:.2f} hits expected"


def barrooms_tactics(game: Game, player: str, actions: list[Action]) -> Choice:
    """Bar-rooms: move to the hex (or take shelter) where my best shot most outweighs the enemies'
    shots at me; strike with the best blow; fire the volley with the most expected wounding hits;
    reload an empty gun and clear a jammed one (B.move.gait, B.cover, B.melee, B.fire.target, B.jam)."""
    from cs_panel.barrooms import actions as BA
    from cs_panel.barrooms.firing import Unjam, weapons
    from cs_panel.barrooms.melee import blow_number
    from cs_panel.barrooms.movement import Gait
    from cs_panel.barrooms.table import GAIT_WORDS
    state = game.state
    f = state.fighter(getattr(actions[0], "name"))
    words = {v: k for k, v in GAIT_WORDS.items()}
    scored: list[tuple[float, int, Action, str]] = []
    if state.phase == "move":
        _, here = _br_standing(state, dataclasses.replace(f, gait=Gait.STILL.value))
        for i, a in enumerate(actions):
            if isinstance(a, BA.Stay):
                g = dataclasses.replace(f, gait=Gait.STILL.value)
            elif isinstance(a, BA.Hide):
                g = dataclasses.replace(f, hid=True)
            elif isinstance(a, BA.Move):
                g = dataclasses.replace(f, at=a.to, gait=words[a.gait].value)
            else:
                continue
            v, why = _br_standing(state.with_fighter(g), g)
            if isinstance(a, BA.Move) and a.gait in ("run", "dash"):
                v -= 0.05  # a roll to keep the feet may stop him short (B.move.dash-roll)
            scored.append((v, -i, a, f"{'takes shelter' if isinstance(a, BA.Hide) else 'from there'}: {why} "
                                      "(B.fire.target, B.cover)"))
    elif state.phase == "melee":
        sk = f.ch.has
        for i, a in enumerate(actions):
            if isinstance(a, (BA.Punch, BA.Knife)) and a.aim is None and not getattr(a, "block", False):
                t = state.fighter(a.target)
                knife = isinstance(a, BA.Knife)
                bonus = (sk("knifer") + sk("knife-expert") - sk("brawler-upgrade") if knife
                         else sk("brawler") + sk("brawler-upgrade") - sk("knife-expert"))
                p = float(blow_number(f.stat("melee"), t.stat("melee"), weapon="knife" if knife else "fist",
                                      skill_bonus=bonus).chance)
                scored.append((p * (1.0 if knife else BARROOMS_PUNCH), -i, a,
                               f"{'knife' if knife else 'fist'} at {t.name} lands {percent(p)} against no defence (B.melee, B.knife)"))
            elif isinstance(a, BA.Guard) and a.kind == "block":
                scored.append((BARROOMS_GUARD, -i, a, "blocks: the enemy's blows are harder (B.melee)"))
            elif isinstance(a, BA.Pass):
                scored.append((0.0, -i, a, "nothing to strike (B.melee)"))
    else:
        for i, a in enumerate(actions):
            if isinstance(a, BA.Fire):
                v, e = _br_volley(state, f, state.fighter(a.target), a.shots)
                p = _br_hit(state, f, state.fighter(a.target), a.shots)
                scored.append((v, -i, a, f"{a.shots} shot{'s' if a.shots > 1 else ''} at {a.target}, each {percent(p)} "
                                         f"to hit and get past cover: {e:.2f} hits expected (B.fire.target, B.cover)"))
            elif isinstance(a, BA.Reload):
                w = weapons()[f.weapon]
                empty = f.ammo < f.per_shot
                if a.then_fire is not None:
                    t = state.fighter(a.then_fire)
                    loaded = dataclasses.replace(f, ammo=w["capacity"])
                    p = _br_hit(state, loaded, t)
                    scored.append((p + (0.5 if empty else 0.0), -i, a,
                                   f"reloads, then one shot at {t.name} {percent(p)} (B.weapons, B.fire.target)"))
                else:
                    scored.append((0.5 if empty else 0.02 * (w["capacity"] - f.ammo) / w["capacity"], -i, a,
                                   f"reloads: {f.ammo} of {w['capacity']} rounds left (B.weapons)"))
            elif isinstance(a, BA.Clear):
                p = float(Unjam(f.stat("steady_mind"), f.inferior).target.chance)
                scored.append((0.5 * p + 0.01, -i, a, f"clears the jam: {percent(p)} (B.jam)"))
            elif isinstance(a, BA.Pass):
                scored.append((0.0, -i, a, "holds fire: no shot worth its rounds (B.fire.target)"))
            # grenades are left to a human: their blast odds are not weighed yet
    if not scored:
        return Choice(actions[0], "the only thing to do")
    _, _, a, why = max(scored, key=lambda s: (s[0], s[1]))
    return Choice(a, why)


register_tactics("barrooms", barrooms_tactics)


# -- Air Action (A.throttle, A.nav.deck, A.order, A.combat.shot, A.collide.planes) --------------------

#: how much a click taken weighs against a click dealt
AIRACTION_TAKEN = 0.7
#: worth of shooting a plane down, in clicks (it scores twice its points, A.victory)
AIRACTION_SHOT_DOWN = 2.0
#: cost, in clicks, of flying off the play area: the plane is out and its points go to the enemy
#: (A.move.execute, A.victory)
AIRACTION_OFF_TABLE = 12.0
#: cost, in clicks, of ending where no course of next turn keeps the plane on the table (a share
#: of this for a share of the courses that leave it)
AIRACTION_ROOM = 6.0
#: worth, in clicks, of an enemy ending in my front arc within reach of my guns next turn (range
#: plus ``AIRACTION_ARC_MARKERS`` markers); me in his front arc costs as much
AIRACTION_ARC = 0.4
AIRACTION_ARC_MARKERS = 3
#: cost, in clicks, of each inch between the plane and the nearest enemy at the end of the move
AIRACTION_DISTANCE = 0.01


@dataclass(frozen=True)
class _Course:
    """One way a plane may fly this turn, whatever its targets: throttle clicks, card and
    orientation, and its outcomes as (chance, speed, end pose, off the table, clicks from a
    failed throttle check) (A.throttle, A.move.execute)."""

    clicks: int
    card: str
    orientation: str | None
    outcomes: tuple[tuple[float, int, Pose, bool, int], ...]
    check: float  # the chance the throttle check is made (1 with none)


def _aa_courses(g, plane) -> list[_Course]:
    """Every course the rules let ``plane`` fly from where it is, from public information only:
    every throttle change ``plan_throttle`` accepts and every card of a whole basic deck playable
    at the lowest speed it may fly (A.throttle, A.nav.deck). For an enemy plane this is every course
    it may have chosen; his squadron's other plans, which share his deck, stay secret."""
    return list(_course_table(plane.pose, plane.speed, plane.combat.value("piloting"), plane.player in g.disengaging))


@lru_cache(maxsize=4096)
def _course_table(pose, dial, piloting: int, disengaging: bool) -> tuple[_Course, ...]:
    from cs_panel.airaction.movement import execute_maneuver
    from cs_panel.airaction.navigation import NavigationDeck
    from cs_panel.airaction.throttle import plan_throttle
    deck = NavigationDeck.basic()
    out = []
    for clicks in range(-2, 3):
        try:
            tp = plan_throttle(dial, clicks, piloting)
        except CsPanelError:
            continue
        p = float(tp.check.chance) if tp.check is not None else 1.0
        speeds = [(p, tp.target.speed, 0)] + ([(1 - p, dial.speed, 1)] if tp.check is not None and p < 1 else [])
        lowest = min(tp.target.speed, dial.speed) if tp.needs_check else tp.target.speed
        for cid in deck.playable(lowest, disengaging=disengaging):
            nav = deck.card(cid)
            for o in ([None] if len(nav.paths) == 1 else [x.value for x in nav.orientations]):
                outs = []
                for chance, speed, hurt in speeds:
                    if chance <= 0:
                        continue
                    m = execute_maneuver(pose, nav, o, speed)
                    outs.append((chance, speed, m.final, m.left_table, hurt))
                out.append(_Course(clicks, cid, o, tuple(outs), p))
    return tuple(out)


class _AirGunnery:
    """The referee's own odds for the shots of one turn (``GameState.plan_shot``): the terms that
    do not depend on where the planes stand are read once per firer, target, weapon and speed from
    ``plan_shot`` itself; range, arc, point-blank range and the rear-arc die come from the same
    ``arcs`` functions ``plan_shot`` calls (A.combat.range, A.combat.shot, A.combat.rear-arc-bonus)."""

    def __init__(self, g):
        self.g = g
        self._base: dict = {}
        self._odds: dict = {}
        self._shots: dict = {}
        from cs_panel.airaction import arcs
        from cs_panel.airaction.table import corner_reach
        #: the distance from a movement marker's centre to its corners (``table.octagon``), with a hair to spare
        self.corner = corner_reach() + 1e-3
        # ``shot`` runs a million times in a bot's game: its helpers are looked up once, here
        self._arcs = arcs

    def base(self, firer: str, target: str, weapon: str, speed: int) -> tuple[int, int]:
        """(dice, silhouette) of the shot before the terms of where the planes stand."""
        key = (firer, target, weapon, speed)
        if key not in self._base:
            from cs_panel.airaction.table import Pose
            g = self.g
            a, t = g.plane(firer), g.plane(target)
            here = Pose(18.0, 18.0, 0.0)
            # the target in the firer's arc, one marker off: in range of any weapon; its point-blank
            # and rear-arc terms are taken out again below
            there = Pose(18.0, 19.5 if weapon == "front" else 16.5, 0.0)
            a2 = dataclasses.replace(a, pose=here, speed=a.speed.set_speed(speed))
            t2 = dataclasses.replace(t, pose=there)
            g2 = dataclasses.replace(g, planes=tuple(a2 if p.id == firer else t2 if p.id == target else p
                                                     for p in g.planes))
            try:
                att = g2.plan_shot(firer, target, weapon)
            except CsPanelError:
                self._base[key] = (0, 7)
            else:
                dice = sum(m.value for m in att.dice_terms if m.rule != "A.combat.rear-arc-bonus")
                sil = sum(m.value for m in att.silhouette_terms if not m.label.startswith("point-blank"))
                self._base[key] = (dice, sil)
        return self._base[key]

    def shot(self, firer, target, weapon: str, speed: int, at, to) -> tuple[float, float]:
        """(expected clicks, chance to shoot down) of ``firer`` at ``speed`` standing at ``at``
        firing ``weapon`` at ``target`` standing at ``to``; (0, 0) when the rules allow no shot."""
        arcs = self._arcs
        rng = firer.front_range if weapon == "front" else firer.rear_range
        # n markers reach 1.5 (n + 1/2) inches from the firer's centre to the nearest point of a
        # marker whose corners lie 0.82 inches from its centre (arcs.markers_to): farther, no shot
        ax, ay, tx, ty = at.x, at.y, to.x, to.y
        d = math.hypot(ax - tx, ay - ty)  # at.distance(to), inlined: this runs a million times a game
        if d > 1.5 * (rng + 1) + 1.0:
            return 0.0, 0.0
        # a target whose centre lies off the arc by more than its marker's corners can reach is
        # wholly outside the arc (arcs.ARC_HALF_ANGLE either side of the weapon's bearing)
        if d > self.corner:
            off = (math.degrees(math.atan2(tx - ax, ty - ay)) - at.heading - arcs.ARCS[weapon] + 180) % 360 - 180
            if abs(off) > arcs.ARC_HALF_ANGLE + math.degrees(math.asin(self.corner / d)) + 0.5:
                return 0.0, 0.0
        key = (firer.id, target.id, weapon, speed, at, to)
        if key not in self._shots:
            n = arcs.markers_to(at, to, weapon)
            if n is None or n > rng:
                self._shots[key] = (0.0, 0.0)
            else:
                dice, sil = self.base(firer.id, target.id, weapon, speed)
                dice += arcs.rear_arc_bonus(at, to)
                sil -= arcs.point_blank(at, to)
                self._shots[key] = self.odds(max(0, dice), min(sil, 6), target.combat.clicks_to_eliminate())
        return self._shots[key]

    def odds(self, dice: int, sil: int, need: int) -> tuple[float, float]:
        key = (dice, sil, need)
        if key not in self._odds:
            from cs_panel.airaction.combat import AttackDice
            if dice <= 0 or sil > 6:
                self._odds[key] = (0.0, 0.0)
            else:
                dist = AttackDice(dice, sil).outcomes()
                self._odds[key] = (float(sum(min(k, need) * p for k, p in dist.items())),
                                   float(sum(p for k, p in dist.items() if k >= need)))
        return self._odds[key]


def _expected_max(parts: list[tuple[list[float], list[float]]]) -> float:
    """E[max] of independent discrete values (values, weights): the shot a weapon without a named
    target takes goes to the best target of the moment (``referee.best_target``)."""
    live = [(vs, ws) for vs, ws in parts if any(vs)]
    if len(live) <= 1:  # one target or none within reach: its mean
        return sum(v * w for vs, ws in live for v, w in zip(vs, ws))
    dist = {0.0: 1.0}
    for values, weights in live:
        merged: dict[float, float] = {}
        for v, w in zip(values, weights):
            merged[round(v, 6)] = merged.get(round(v, 6), 0.0) + w
        new: dict[float, float] = {}
        for a, pa in dist.items():
            for b, pb in merged.items():
                k = max(a, b)
                new[k] = new.get(k, 0.0) + pa * pb
        dist = new
    return sum(k * p for k, p in dist.items())


def _aa_room(plane, pose, speed: int) -> float:
    """The share of next turn's courses, at one click slower (no check), that keep the plane on
    the table from ``pose`` (A.move.execute)."""
    from cs_panel.airaction.movement import range_to_edge
    try:
        nxt = plane.speed.set_speed(speed).throttle(-1).speed
    except CsPanelError:
        nxt = speed
    if range_to_edge(pose) > 1.5 * nxt + 1.0:  # no path of nxt markers reaches the edge
        return 1.0
    return _room_share(pose, nxt)


@lru_cache(maxsize=20_000)
def _room_share(pose, speed: int) -> float:
    from cs_panel.airaction.movement import execute_maneuver
    from cs_panel.airaction.navigation import NavigationDeck
    deck = NavigationDeck.basic()
    ok = n = 0
    for cid in deck.playable(speed):
        nav = deck.card(cid)
        for o in ([None] if len(nav.paths) == 1 else [x.value for x in nav.orientations]):
            n += 1
            ok += not execute_maneuver(pose, nav, o, speed).left_table
    return ok / n if n else 0.0


def _in_front(at, to, reach: float) -> bool:
    """Is ``to``'s centre within ``reach`` inches of ``at`` and inside its 90-degree front arc (A.combat.range)?"""
    dx, dy = to.x - at.x, to.y - at.y
    d = math.hypot(dx, dy)
    if d > reach or d == 0:
        return False
    bearing = math.degrees(math.atan2(dx, dy)) % 360
    off = (bearing - at.heading + 180) % 360 - 180
    return abs(off) <= 45


@dataclass(frozen=True)
class CourseValue:
    """What the Air Action bot weighs for one course, averaged over every course the enemy may fly:
    its worth without the shots (``value``), each weapon's worth by target (``aims``: None for the
    best target of the moment) and clicks expected dealt by target, clicks expected taken, the
    chances to shoot a plane down, to fly off the table and to collide, and the chance the
    throttle check is made."""

    value: float
    aims: Mapping[str, Mapping[str | None, float]]
    dealt: Mapping[str, Mapping[str | None, float]]
    taken: float
    shot_down: float
    off_table: float
    collision: float
    check: float

    def best(self) -> tuple[float, tuple[tuple[str, str], ...]]:
        """The worth of the course with each weapon's best aim, and the targets to name (a weapon
        is left to the best target of the moment unless a named one is worth more)."""
        total, named = self.value, []
        for w, aims in self.aims.items():
            t = max(aims, key=lambda k: (aims[k] - (1e-9 if k is not None else 0.0)))
            total += aims[t]
            if t is not None:
                named.append((w, t))
        return total, tuple(named)


def airaction_course_values(g, plane) -> dict[tuple[int, str, str | None], CourseValue]:
    """Every course of ``plane`` (``_aa_courses``) with what the bot weighs for it, over every
    course each enemy plane may fly, each alike (A.throttle, A.order, A.combat.shot, A.collide.planes)."""
    from cs_panel.airaction.collisions import check_result
    from cs_panel.airaction.movement import markers_overlap
    from cs_panel.airaction.pilot import pilot_check
    from cs_panel.airaction.referee import _weapons
    gun = _AirGunnery(g)
    mine = _weapons(g, plane.id) if plane.player not in g.disengaging else ()
    enemies = [e for e in g.flying() if e.player != plane.player]
    # each enemy's outcomes: (weight, speed, end pose, off the table), each of its courses alike
    ends = {}
    for e in enemies:
        cs = _aa_courses(g, e)
        merged: dict[tuple, float] = {}  # a failed check flies the card at the old speed: one end, two ways
        for c in cs:
            for chance, speed, pose, off, _ in c.outcomes:
                merged[(speed, pose, off)] = merged.get((speed, pose, off), 0.0) + chance / len(cs)
        ends[e.id] = [(w, speed, pose, off) for (speed, pose, off), w in merged.items()]
    on = np.array([(pe.x, pe.y) for e in enemies for _, _, pe, o in ends[e.id] if not o]).reshape(-1, 2)
    # Most pairs of ends (mine, an enemy's) lie too far apart for anything below to count: beyond
    # every weapon's reach (``_AirGunnery.shot``'s first test), the arcs' reach (``_in_front``) and a
    # collision's (two markers 1.7 inches apart cannot overlap). Such a pair adds only zeros, so it
    # is skipped and its zeros filled in: every sum comes out as it did pair by pair, to the bit.
    # ``near[e.id]``: the reach, a hair wide, and the enemy's ends as arrays.
    far_gun = 1.5 * (max(plane.front_range, plane.rear_range) + 1) + 1.0
    near = {}
    for e in enemies:
        reach = max(far_gun, 1.5 * (max(e.front_range, e.rear_range) + 1) + 1.0, 1.7,
                    1.5 * (plane.front_range + AIRACTION_ARC_MARKERS) + 0.75,
                    1.5 * (e.front_range + AIRACTION_ARC_MARKERS) + 0.75) + 1e-6
        xs = np.array([pe.x for _, _, pe, _ in ends[e.id]])
        ys = np.array([pe.y for _, _, pe, _ in ends[e.id]])
        # an enemy end near where I stand now counts whatever my end (he may shoot me before I move)
        from_start = np.hypot(xs - plane.pose.x, ys - plane.pose.y) <= reach
        near[e.id] = (reach, xs, ys, from_start, [w_e for w_e, _, _, _ in ends[e.id]])
    e_weapons = {e.id: (_weapons(g, e.id) if e.player not in g.disengaging else ()) for e in enemies}
    piloting = plane.combat.value("piloting")
    fail = 1 - float(pilot_check(piloting).chance)
    crash = fail + (1 / 36 if check_result(2, piloting) == "critical" and fail < 1 else 0.0)
    redline = plane.combat.value("max_speed")
    out = {}
    for c in _aa_courses(g, plane):
        total = taken = down = off_p = coll = 0.0
        aims: dict[str, dict[str | None, float]] = {w: {None: 0.0, **{e.id: 0.0 for e in enemies}} for w in mine}
        dealt: dict[str, dict[str | None, float]] = {w: {None: 0.0, **{e.id: 0.0 for e in enemies}} for w in mine}
        for chance, sm, pm, off, hurt in c.outcomes:
            v = -AIRACTION_TAKEN * hurt  # a failed two-click throttle check costs a click (A.throttle)
            if off:
                off_p += chance
                total += chance * (v - AIRACTION_OFF_TABLE)
                continue
            if sm > redline:  # redlining: a pilot check, a click if it fails (A.move.redline)
                v -= AIRACTION_TAKEN * fail
            v -= AIRACTION_ROOM * (1 - _aa_room(plane, pm, sm))
            if len(on):
                v -= AIRACTION_DISTANCE * float(np.hypot(on[:, 0] - pm.x, on[:, 1] - pm.y).min())
            parts: dict[str, list] = {w: [] for w in mine}
            hits: dict[str, list] = {w: [] for w in mine}
            for e in enemies:
                reach, xs, ys, from_start, weights = near[e.id]
                n = len(weights)
                vals: dict[str, list[float]] = {w: [0.0] * n for w in mine}
                exs: dict[str, list[float]] = {w: [0.0] * n for w in mine}
                counted: Sequence[int]
                mine_reach = 1.5 * (plane.front_range + AIRACTION_ARC_MARKERS) + 0.75
                his_reach = 1.5 * (e.front_range + AIRACTION_ARC_MARKERS) + 0.75
                if pm.distance(e.pose) <= reach:  # near where he stands now: every end of his counts
                    counted = range(n)
                else:
                    counted = np.flatnonzero((np.hypot(xs - pm.x, ys - pm.y) <= reach) | from_start).tolist()
                for i in counted:
                    w_e, se, pe, eoff = ends[e.id][i]
                    if eoff:
                        continue
                    # at my speed step the enemy stands at its end if it flew at my speed or faster,
                    # and at his step I stand at mine if I flew at his speed or faster (A.order)
                    target_at = pe if se >= sm else e.pose
                    for w in mine:
                        ex, sd = gun.shot(plane, e, w, sm, pm, target_at)
                        vals[w][i] = ex + AIRACTION_SHOT_DOWN * sd
                        exs[w][i] = ex
                        down += chance * w_e * sd
                    me_at = pm if sm >= se else plane.pose
                    for w in e_weapons[e.id]:
                        ex, sd = gun.shot(e, plane, w, se, pe, me_at)
                        v -= w_e * AIRACTION_TAKEN * (ex + AIRACTION_SHOT_DOWN * sd)
                        taken += chance * w_e * ex
                    # final markers overlapping an enemy's collide (A.collide.planes)
                    hit = pm.distance(pe) < 1.7 and markers_overlap(pm, pe)
                    if not hit and sm > se and pm.distance(e.pose) < 1.7:
                        hit = markers_overlap(pm, e.pose)
                    if hit:
                        v -= w_e * AIRACTION_TAKEN * crash
                        coll += chance * w_e
                    v += w_e * AIRACTION_ARC * (_in_front(pm, pe, mine_reach) - _in_front(pe, pm, his_reach))
                for w in mine:
                    parts[w].append((vals[w], weights))
                    hits[w].append((exs[w], weights))
                    # the same sums, term by term in the same order, without a generator's overhead
                    aims[w][e.id] += chance * sum(map(operator.mul, vals[w], weights))
                    dealt[w][e.id] += chance * sum(map(operator.mul, exs[w], weights))
            for w in mine:
                aims[w][None] += chance * _expected_max(parts[w])
                dealt[w][None] += chance * _expected_max(hits[w])
            total += chance * v
        out[(c.clicks, c.card, c.orientation)] = CourseValue(total, aims, dealt, taken, down, off_p, coll, c.check)
    return out


def airaction_public_table(game: Game, player: str):
    """The Air Action table as ``player`` knows it: every plane, its marker, speed and combat dial
    (all in ``game.observation``); this turn's plans are kept beside the table (``state.plans``)
    and secret until the turn is resolved (A.order), so the table holds none of them."""
    g = game.state.game
    # the planes the bot reasons from are the ones the observation shows
    seen = {p["id"]: (tuple(p["at"]), p["speed"], p["click"], p["status"])
            for p in game.observation(player)["state"]["planes"]}
    assert seen == {p.id: ((p.pose.x, p.pose.y, p.pose.heading), p.speed.speed, p.combat.position, p.status.value)
                    for p in g.planes}
    return g


def airaction_tactics(game: Game, player: str, actions: list[Action]) -> Choice:
    """Air Action: for the first plane still without a plan, the course (throttle, card,
    orientation) and targets worth the most over every course the enemy may fly: clicks dealt less
    clicks taken, shots from behind and at point-blank range as the referee counts them, a plane
    shot down, an enemy left in my front arc, less the costs of a failed throttle check, a
    redline check, a collision, the table's edge; never a disengagement while a plan is legal
    (A.throttle, A.nav.deck, A.order, A.combat.shot, A.collide.planes, A.move.execute)."""
    from cs_panel.airaction import play as P
    plans = [a for a in actions if isinstance(a, P.Plan)]
    if not plans:
        return Choice(actions[0], "the table's next step")
    g = airaction_public_table(game, player)
    pid = plans[0].plane
    plane = g.plane(pid)
    legal = {a for a in plans if a.plane == pid}
    values = airaction_course_values(g, plane)
    best = None
    for key, cv in values.items():
        worth, targets = cv.best()
        a = P.Plan(pid, key[0], key[1], key[2], targets)
        if a not in legal:
            a = P.Plan(pid, key[0], key[1], key[2])
            if a not in legal:
                continue  # a card another of my planes needs at that speed (A.nav.deck)
            worth = cv.value + sum(aims[None] for aims in cv.aims.values())
        if best is None or worth > best[0] + 1e-12:
            best = (worth, a, cv)
    if best is None:
        return Choice(plans[0], "no course weighed is legal: the first plan")
    _, a, cv = best
    bits = []
    for w, dealt in cv.dealt.items():
        t = dict(a.targets).get(w)
        if dealt[t] >= 0.005:
            bits.append(f"{w} guns at {t or 'the best target'}: {dealt[t]:.2f} clicks expected")
    if not bits:
        bits.append("no shot likely this turn")
    bits.append(f"{cv.taken:.2f} taken")
    if cv.shot_down >= 0.005:
        bits.append(f"shoot-down {percent(cv.shot_down)}")
    if a.clicks in (-2, 2):
        bits.append(f"throttle check {percent(cv.check)}")
    bits.append(f"off the table {percent(cv.off_table)}" if cv.off_table else "stays on the table")
    if cv.collision >= 0.005:
        bits.append(f"collision {percent(cv.collision)}")
    return Choice(a, "; ".join(bits) + " over the enemy's courses (A.combat.shot, A.throttle, A.order)")


register_tactics("airaction", airaction_tactics)


__all__ = [
    "LEVELS",
    "TACTICS",
    "BotError",
    "Choice",
    "NoTacticsError",
    "NothingToChooseError",
    "PlotValue",
    "UnknownLevelError",
    "CourseValue",
    "aces_tactics",
    "airaction_course_values",
    "airaction_public_table",
    "airaction_tactics",
    "barrooms_tactics",
    "candidates",
    "choose",
    "fasa_plot_values",
    "fasa_public_table",
    "fasa_told",
    "fasa_tactics",
    "levels",
    "match_winner",
    "play",
    "register_tactics",
]


def match_winner(game: Game) -> tuple[str | None, str]:
    """Who won a bots' match, and how: by the game's own victory rules when they decided it
    ("rules"); a FASA game stopped undecided at its turn limit goes to the side whose planes took
    fewer hits ("hits"; our benchmark's tiebreak, not a rule: F.victory leaves such a game
    undecided); else None ("draw")."""
    r = game.result
    if r.winner is not None:
        return r.winner, "rules"
    if game.system == "fasa":
        taken = {p: 0 for p in game.players}
        for plane in game.state.game.planes:
            taken[plane.player] += plane.hits_taken
        lost = {p: 0 for p in game.players}
        for name in game.state.game.destroyed:
            lost[dict(game.state.owners)[name]] += 1
        ranked = sorted(game.players, key=lambda p: (lost[p], taken[p]))
        if len(ranked) >= 2 and (lost[ranked[0]], taken[ranked[0]]) < (lost[ranked[1]], taken[ranked[1]]):
            return ranked[0], "hits"
    return None, "draw"
