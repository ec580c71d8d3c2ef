"""WizKids *Air Action* through the one game protocol (``cs_panel.core.game``), wrapping the turn
referee (``cs_panel.airaction.referee``), which keeps every rule: this module names the actions,
lists the legal ones, says what each player may see and scores the end.

Actions and their notation (A.throttle, A.nav.deck, A.nav.paths, A.order, A.combat.shot):

- ``plan Ann:sample-fighter +1 turn left front Bob:sample-two-seater``: one plane's secret plan for
  the turn, as the referee's ``TurnPlan`` holds it: throttle clicks (``-2`` to ``+2``, ``0`` for
  none), the navigation card's id, its orientation (only for a card with more than one path),
  and optionally a target for the ``front`` and the ``rear`` guns (a weapon without one fires at
  the opposing plane it expects the most hits against, as the referee does). The plane is named
  by its id, ``PLAYER:FIGURE``; the plan is hidden from the other players (``masked``:
  ``plan Ann:sample-fighter (secret)``) until the turn is resolved.
- ``disengage Ann``: Ann announces that her squadron leaves the fight (A.disengage), before she
  plans any plane this turn; from then on her planes fly Cruise or Glide only and hold fire.
- ``resolve``: once every flying plane has its plan, the table plays the turn with the referee's
  ``play_turn`` (initiative, throttles, the countdown of speeds, cards, speed effects, movement,
  collisions and shots in A.combat.order), rolling the dice handed to ``step``. It reveals every
  plan, so the fair undo never crosses it. When the turn ends the game (A.end: one player left
  with pilots in the fight, a disengaging squadron gone, or the setup's ``max_turns``, the time
  limit the players agreed), the same step scores it (A.victory) and rolls the d6 a tie needs.

``legal_actions`` lists, for each player the turn waits for, one action per plane still without a
plan and per whole plan the rules allow for it: every throttle change ``plan_throttle`` accepts,
every card of the deck playable at the lowest speed the plane may fly (a failed two-click check
leaves the old speed), each of the card's orientations, and each choice of target per weapon the
plane has (the best target, or each opposing plane in the game), checked by the referee's
``check_plans`` against the plans its player has given already (one basic deck a player, whole
again at every speed, A.nav.deck). Plans are given plane by plane, not as one action for a whole
squadron, so the list is the sum over planes, not their product: a few hundred actions a plane
in the demo game, finite and complete. ``disengage`` is listed while it is allowed; an end by
agreement is not offered (the protocol has no two-player action for it: agree on ``max_turns``).

>>> from cs_panel.games import new_game
>>> g = new_game("airaction", seed=2)
>>> g.waiting_for
('Ann', 'Bob')
>>> g = g.play("plan Ann:sample-fighter 0 cruise", "plan Ann:charlie-steele-plane 0 cruise",
...            "plan Bob:sample-two-seater 0 cruise", "plan Bob:loyle-crawford-plane 0 cruise")
>>> g.observation("Bob")["log"][0]
'plan Ann:sample-fighter (secret)'
>>> g.waiting_for, [str(a) for a in g.legal_actions()]
((), ['resolve'])
>>> g = g.apply("resolve")
>>> g.log[-1].revealed, g.turn
(True, 2)
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass

from cs_panel.airaction.game import GameState, Status
from cs_panel.airaction.movement import check_placement, placement_ok
from cs_panel.airaction.navigation import ACE_CARD_LIBRARY, Orientation, aces_with_cards
from cs_panel.airaction.referee import (
    MissingPlanError, PlanCardError, PlanError, PlanOrientationError, PlanTargetError, PlanThrottleError, TurnPlan,
    UnknownPlaneError, _weapons, check_plans, demo_game, play_turn,
)
from cs_panel.airaction.squadron import Slot, Squadron
from cs_panel.airaction.table import Pose
from cs_panel.airaction.throttle import plan_throttle
from cs_panel.clix.figures import Figure, figure_entry, figure_from_entry, figures
from cs_panel.clix.skills import is_shaken
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError, RuleInputError
from cs_panel.core.game import Action, Result, Rules, StepInfo, UnknownActionError


class AirActionPlayError(RuleInputError):
    """An Air Action action the game does not allow now; ``rule_id`` names the rule."""

    def __init__(self, message: str, *, rule_id: str | None = None, field: str | None = "action"):
        super().__init__(message, field=field)
        self.rule_id = rule_id


class AirActionSetupError(RuleInputError):
    """An Air Action setup that cannot start a game."""


# -- actions ------------------------------------------------------------------------------------

WEAPONS = ("front", "rear")


@dataclass(frozen=True)
class Plan(Action):
    """One plane's secret plan for the turn (A.throttle, A.nav.deck, A.nav.paths, A.combat.shot):
    ``targets`` holds (weapon, plane id) pairs, front first."""

    plane: str
    clicks: int
    card: str
    orientation: str | None = None
    targets: tuple[tuple[str, str], ...] = ()
    secret = True

    def __str__(self) -> str:
        text = f"plan {self.plane} {self.clicks:+d} {self.card}" if self.clicks else f"plan {self.plane} 0 {self.card}"
        if self.orientation is not None:
            text += f" {self.orientation}"
        for weapon, target in self.targets:
            text += f" {weapon} {target}"
        return text

    def masked(self) -> str:
        return f"plan {self.plane} (secret)"

    def turn_plan(self) -> TurnPlan:
        return TurnPlan(self.clicks, self.card, self.orientation, dict(self.targets))


@dataclass(frozen=True)
class Disengage(Action):
    """A player announces that his squadron disengages (A.disengage)."""

    who: str

    @property
    def player(self) -> str:
        return self.who

    def __str__(self) -> str:
        return f"disengage {self.who}"


@dataclass(frozen=True)
class Resolve(Action):
    """The table plays the turn with every plan (A.order and the steps after it)."""

    def __str__(self) -> str:
        return "resolve"


_PLAN = re.compile(r"plan (\S+) ([+-]?[0-9]) (\S+)(?: (left|straight|right))?(?: front (\S+))?(?: rear (\S+))?")


def parse_action(text: str) -> Action:
    """An Air Action action from its notation; ``str`` of the result gives the text back."""
    w = " ".join(str(text).split())
    if w == "resolve":
        return Resolve()
    m = _PLAN.fullmatch(w)
    if m:
        plane, clicks, card, orientation, front, rear = m.groups()
        targets = tuple((k, t) for k, t in (("front", front), ("rear", rear)) if t is not None)
        return Plan(plane, int(clicks), card, orientation, targets)
    m = re.fullmatch(r"disengage (\S+)", w)
    if m:
        return Disengage(m.group(1))
    raise UnknownActionError(f"cannot read {str(text)[:80]!r}: an Air Action action is 'plan PLANE CLICKS CARD"
                             "[ left|straight|right][ front TARGET][ rear TARGET]', 'disengage PLAYER' or 'resolve'")


# -- state --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AirActionState:
    """The referee's table, the plans given this turn (plane id, plan), the plans of the turn
    last resolved (shown to all), the turns played, the agreed time limit, and the score once
    the game has ended."""

    game: GameState
    plans: tuple[tuple[str, Plan], ...] = ()
    shown: tuple[tuple[str, Plan], ...] = ()
    played: int = 0
    max_turns: int = 0  # 0: no time limit
    owners: tuple[tuple[str, str], ...] = ()
    result: Result | None = None

    __hash__ = None  # type: ignore[assignment]

    @property
    def turn(self) -> int:
        """The turn being planned (the last one played, once the game is over)."""
        return self.played + (0 if self.result is not None else 1)

    def planned(self, player: str | None = None) -> dict[str, Plan]:
        owners = dict(self.owners)
        return {pid: a for pid, a in self.plans if player is None or owners[pid] == player}


def _seat_name_ok(name: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", name))


def demo_setup() -> dict:
    """The demo game's table (``referee.demo_game``): Ann's and Bob's 200-point squadrons of
    sample figures at the south and north edges, at their demo speeds, for at most 8 turns."""
    g = demo_game()
    edges = {"Ann": "south", "Bob": "north"}
    squadrons = []
    for pl in g.players:
        planes = [{"figure": p.figure, "ace": p.ace, "at": [p.pose.x, p.pose.y, p.pose.heading], "speed": p.speed.speed}
                  for p in g.planes if p.player == pl]
        squadrons.append({"player": pl, "edge": edges[pl], "planes": planes})
    return {"squadrons": squadrons, "build_total": 200, "max_turns": 8, "campaign": False}


EDGES = ("south", "north", "west", "east")


def setup_of(table: GameState, *, max_turns: int = 0) -> dict:
    """The setup that starts a game at ``table``, a table before its first turn (fresh dials,
    every plane flying, each squadron's markers at one edge, A.setup): the squadrons with their
    figures, Aces, markers and speeds, and the least build total (a multiple of 100, 300 with
    Aces) they fit. A table already in play cannot be a setup: ``AirActionSetupError`` says why."""
    if table.aggressor is not None or table.disengaging:
        raise AirActionSetupError("that table is in play already: a game starts from a table before turn 1",
                                  field="start")
    squadrons = []
    for pl in table.players:
        planes = [p for p in table.planes if p.player == pl]
        for p in planes:
            if not p.flying or p.combat.position != p.combat.start or (p.ace_dial is not None
                                                                    and p.ace_dial.position != p.ace_dial.start):
                raise AirActionSetupError(f"{p.name} is damaged or out: a game starts with every dial at its start "
                                          "(A.setup)", field="start")
        edge = next((e for e in EDGES if all(placement_ok(p.pose, e) for p in planes)), None)
        if edge is None:
            raise AirActionSetupError(f"{pl}'s markers do not all lie within 3 inches of one edge (A.setup)",
                                      field="start")
        squadrons.append({"player": pl, "edge": edge, "planes": [
            {"figure": p.figure, "ace": p.ace, "at": [p.pose.x, p.pose.y, p.pose.heading], "speed": p.speed.speed}
            for p in planes]})
    most = max(table.build_points.values())
    build = max(100, -(-most // 100) * 100, 300 if any(p.ace for p in table.planes) else 100)
    return {"squadrons": squadrons, "build_total": build, "max_turns": max_turns, "campaign": table.campaign}


def _number(v, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise AirActionSetupError(f"{what} must be a number, not {str(v)[:40]!r}", field="squadrons")
    return v


#: at most this many figures of the players' own a setup carries (``"figures"``)
MAX_OWN_FIGURES = 24


def own_figures(entries) -> dict[str, Figure]:
    """The players' own figures a setup carries (``"figures"``: data-file entries, as the dial
    editor saves them), by id; an id the packaged figures use, or two alike, is refused, so a
    figure id always means one figure (A.base.values)."""
    if not isinstance(entries, list) or len(entries) > MAX_OWN_FIGURES:
        raise AirActionSetupError(f"'figures' lists at most {MAX_OWN_FIGURES} figure entries", field="figures")
    packaged = set(figures().ids())
    out: dict[str, Figure] = {}
    for e in entries:
        if not isinstance(e, dict):
            raise AirActionSetupError("each of 'figures' is a figure entry (an object)", field="figures")
        fig = figure_from_entry(e, "setup figures")
        if fig.id in packaged or fig.id in out:
            raise AirActionSetupError(f"figure id {fig.id!r} is taken: give your own figure an id of its own "
                                      "(A.base.values)", field="figures")
        out[fig.id] = fig
    return out


def _figure(own: dict[str, Figure], fid: str) -> Figure:
    return own[fid] if fid in own else figures()[fid]


def cards_of(own: dict[str, Figure], planes, player: str = "the player") -> list[str]:
    """The Aces whose own two cards a squadron of ``planes`` brings to its deck: each Ace plane's
    pilot's, where the cards are known (``ACE_CARD_LIBRARY``); none known is refused (A.nav.deck)."""
    aces = [f for f in [*figures().figures, *own.values()] if f.game == "aces" and f.pilot]
    known = aces_with_cards()
    out = [a.id for p in planes for a in aces if p.pilot and a.pilot == p.pilot and a.id in known]
    if not out:
        raise AirActionSetupError(f"{player}'s squadron has no Ace plane whose own cards are known (A.nav.deck); the "
                                  f"cards of {', '.join(known)} are in {ACE_CARD_LIBRARY}", field="ace_cards")
    return list(dict.fromkeys(out))


def _start(setup: dict) -> GameState:
    """The table of a checked setup: squadrons checked against the build total (A.squadron), an
    Ace only at the controls of its own plane (A.aces.pilots), each marker placed at its player's
    edge (A.setup), speeds set freely (A.setup)."""
    own = own_figures(setup.get("figures", []))
    squadrons, poses, speeds, ace_cards = [], {}, {}, []
    for sq in setup["squadrons"]:
        slots = []
        for pl in sq["planes"]:
            plane = _figure(own, pl["figure"])
            ace = _figure(own, pl["ace"]) if pl["ace"] is not None else None
            if ace is not None and (not ace.pilot or ace.pilot != plane.pilot):
                raise AirActionSetupError(f"{ace.name} flies only a plane of his or her own, and {plane.name} is "
                                          f"flown by {plane.pilot or 'no named pilot'} (A.aces.pilots)", field="ace")
            slots.append(Slot(plane, ace))
            pid = f"{sq['player']}:{plane.id}"
            x, y, heading = pl["at"]
            poses[pid] = check_placement(Pose(x, y, heading), sq["edge"])
            speeds[pid] = pl["speed"]
        squadrons.append(Squadron(sq["player"], tuple(slots)).check(setup["build_total"]))
        if sq.get("ace_cards"):
            ace_cards += [(sq["player"], ace) for ace in cards_of(own, [s.plane for s in slots], sq["player"])]
    g = GameState.start(squadrons, poses, campaign=setup["campaign"])
    g = dataclasses.replace(g, ace_cards=tuple(ace_cards))
    for pid, s in speeds.items():
        g = g.set_speed(pid, g.plane(pid).speed.set_speed(s))
    return g


class AirActionRules(Rules):
    system = "airaction"
    default_rule = "A.order"

    # -- setup ----------------------------------------------------------------------------------

    def default_setup(self) -> dict:
        return demo_setup()

    def check_setup(self, setup: dict) -> dict:
        if not isinstance(setup, dict):
            raise AirActionSetupError("an Air Action setup is an object with 'squadrons'", field="setup")
        extra = set(setup) - {"squadrons", "build_total", "max_turns", "campaign", "figures"}
        if extra:
            raise AirActionSetupError(f"unknown setup field(s) {sorted(extra)[:10]}", field="setup")
        squadrons = setup.get("squadrons")
        if not isinstance(squadrons, list) or not 2 <= len(squadrons) <= 6:
            raise AirActionSetupError("'squadrons' lists 2 to 6 squadrons, one a player (A.squadron)", field="squadrons")
        build, max_turns = setup.get("build_total", 200), setup.get("max_turns", 0)
        campaign = setup.get("campaign", False)
        if isinstance(build, bool) or not isinstance(build, int) or not 100 <= build <= 10_000:
            raise AirActionSetupError(f"build_total must be a whole number 100-10000, not {str(build)[:40]!r}",
                                      field="build_total")
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 0 <= max_turns <= 1000:
            raise AirActionSetupError(f"max_turns must be 0 (no limit) to 1000, not {str(max_turns)[:40]!r}",
                                      field="max_turns")
        if not isinstance(campaign, bool):
            raise AirActionSetupError("campaign is true or false", field="campaign")
        clean = []
        for sq in squadrons:
            if not isinstance(sq, dict) or set(sq) - {"ace_cards"} != {"player", "edge", "planes"}:
                raise AirActionSetupError("a squadron is an object with exactly 'player', 'edge' and 'planes' (and "
                                          "'ace_cards', true or false)", field="squadrons")
            if not isinstance(sq.get("ace_cards", False), bool):
                raise AirActionSetupError("a squadron's 'ace_cards' is true or false (A.nav.deck)", field="ace_cards")
            player, edge, planes = sq["player"], sq["edge"], sq["planes"]
            if not isinstance(player, str) or not _seat_name_ok(player):
                raise AirActionSetupError(f"{str(player)[:40]!r}: a player's name is 1-40 letters, digits, '.', '_' or "
                                          "'-' (plane ids are PLAYER:FIGURE in the notation)", field="squadrons")
            if edge not in EDGES:
                raise AirActionSetupError(f"{player}'s edge is south, north, west or east, not {str(edge)[:20]!r}",
                                          field="squadrons")
            if not isinstance(planes, list) or not 1 <= len(planes) <= 12:
                raise AirActionSetupError(f"{player}'s squadron lists 1 to 12 planes", field="squadrons")
            out = []
            for pl in planes:
                if not isinstance(pl, dict) or set(pl) != {"figure", "ace", "at", "speed"}:
                    raise AirActionSetupError(f"{player}'s plane {str(pl)[:60]} must be an object with exactly 'figure', "
                                              "'ace', 'at' [x, y, heading] and 'speed'", field="squadrons")
                fig, ace, at, speed = pl["figure"], pl["ace"], pl["at"], pl["speed"]
                if not isinstance(fig, str) or not (ace is None or isinstance(ace, str)):
                    raise AirActionSetupError(f"{player}'s plane names its figure (and its Ace, or null) by id",
                                              field="squadrons")
                if not isinstance(at, list) or len(at) != 3:
                    raise AirActionSetupError(f"{player}'s {fig}: 'at' is [x, y, heading]", field="squadrons")
                at = [_number(v, f"{player}'s {fig} marker") for v in at]
                if isinstance(speed, bool) or not isinstance(speed, int):
                    raise AirActionSetupError(f"{player}'s {fig}: speed is a whole number", field="squadrons")
                out.append({"figure": fig, "ace": ace, "at": at, "speed": speed})
            clean.append({"player": player, "edge": edge, "planes": out, **({"ace_cards": True} if sq.get("ace_cards") else {})})
        result = {"squadrons": clean, "build_total": build, "max_turns": max_turns, "campaign": campaign}
        if setup.get("figures"):  # the players' own figures travel with the setup (and a saved game)
            result["figures"] = [figure_entry(f) for f in own_figures(setup["figures"]).values()]
        _start(result)  # the figures, squadrons, markers and speeds are checked by the rules' own code
        return result

    def initial(self, setup: dict, seed: int) -> AirActionState:
        g = _start(setup)
        return AirActionState(g, max_turns=setup["max_turns"], owners=tuple((p.id, p.player) for p in g.planes))

    # -- asking ---------------------------------------------------------------------------------

    def players(self, state: AirActionState) -> tuple[str, ...]:
        return tuple(state.game.players)

    def owner(self, state: AirActionState, action: Action) -> str:
        if isinstance(action, Plan):
            return dict(state.owners).get(action.plane, "")
        return action.player

    def waiting_for(self, state: AirActionState) -> tuple[str, ...]:
        if state.result is not None:
            return ()
        planned = dict(state.plans)
        return tuple(pl for pl in state.game.players
                     if any(p.id not in planned for p in state.game.flying(pl)))

    def legal_actions(self, state: AirActionState, player: str | None = None) -> list[Action]:
        if state.result is not None:
            return []
        waiting = self.waiting_for(state)
        if not waiting:
            return [Resolve()] if player in (None, "") else []
        g = state.game
        planned = dict(state.plans)
        out: list[Action] = []
        for pl in waiting:
            if player is not None and pl != player:
                continue
            mine = {pid: a.turn_plan() for pid, a in state.planned(pl).items()}
            if not mine and pl not in g.disengaging:
                out.append(Disengage(pl))
            for p in g.flying(pl):
                if p.id not in planned:
                    out += self._plans(g, p, mine)
        return out

    def _plans(self, g: GameState, p, mine: dict[str, TurnPlan]) -> list[Action]:
        """Every plan the rules allow for plane ``p`` beside its player's plans ``mine``."""
        deck = g.deck(p.player)
        disengaging = p.player in g.disengaging
        weapons = () if disengaging else _weapons(g, p.id)
        foes = [q.id for q in g.flying() if q.player != p.player]
        aims = list(itertools.product(*[[None] + foes for _ in weapons]))
        out: list[Action] = []
        for clicks in range(-2, 3):
            try:
                tp = plan_throttle(p.speed, clicks, p.combat.value("piloting"))
            except CsPanelError:
                continue
            lowest = min(tp.target.speed, p.speed.speed) if tp.needs_check else tp.target.speed
            for cid in deck.playable(lowest, disengaging=disengaging):
                nav = deck.card(cid)
                orientations = [None] if len(nav.paths) == 1 else [o.value for o in nav.orientations]
                try:  # the orientation changes nothing the check looks at but the path's existence
                    check_plans(g, {**mine, p.id: TurnPlan(clicks, cid, orientations[0])}, partial=True)
                except PlanError:
                    continue
                for o in orientations:
                    for aim in aims:
                        targets = tuple((w, t) for w, t in zip(weapons, aim) if t is not None)
                        out.append(Plan(p.id, clicks, cid, o, targets))
        return out

    # -- acting ---------------------------------------------------------------------------------

    def step(self, state: AirActionState, action: Action, dice: Dice) -> tuple[AirActionState, StepInfo]:
        if state.result is not None:
            raise AirActionPlayError(f"the game is over ({state.result.text})", rule_id="A.end")
        if isinstance(action, Plan):
            return self._plan(state, action), StepInfo()
        if isinstance(action, Disengage):
            return self._disengage(state, action)
        if isinstance(action, Resolve):
            return self._resolve(state, dice)
        raise UnknownActionError(f"{action!r} is not an Air Action action")

    def _plan(self, state: AirActionState, action: Plan) -> AirActionState:
        g = state.game
        owners = dict(state.owners)
        if action.plane not in owners:
            raise UnknownPlaneError(f"no plane {action.plane!r}; planes: {sorted(owners)} (A.order)", field="plane")
        p = g.plane(action.plane)
        if not p.flying:
            raise AirActionPlayError(f"{p.name} is out of the game ({p.status.value}): it has no turn to plan",
                                     rule_id="A.order", field="plane")
        if action.plane in dict(state.plans):
            raise AirActionPlayError(f"{action.plane} has its plan for this turn already (undo it to change it)",
                                     rule_id="A.order", field="plane")
        if not -2 <= action.clicks <= 2:
            raise PlanThrottleError(f"{action.plane}: a plane may change speed by at most two clicks a turn, not "
                                    f"{abs(action.clicks)} (A.throttle)", field="clicks", plane=action.plane)
        weapons = [w for w, _ in action.targets]
        if weapons not in ([], ["front"], ["rear"], ["front", "rear"]):
            raise PlanTargetError(f"{action.plane}: at most one target a weapon, front before rear (A.combat.shot)",
                                  field="targets", plane=action.plane)
        if action.orientation is not None:
            try:
                nav = g.deck(p.player).card(action.card)
            except CsPanelError:
                nav = None  # check_plans names the unknown card
            if nav is not None and len(nav.paths) == 1:
                raise PlanOrientationError(f"{action.plane}: {nav.name} has one path: give no orientation (A.nav.paths)",
                                           field="orientation", plane=action.plane)
            Orientation.parse(action.orientation)
        mine = {pid: a.turn_plan() for pid, a in state.planned(p.player).items()}
        check_plans(g, {**mine, action.plane: action.turn_plan()}, partial=True)
        return dataclasses.replace(state, plans=state.plans + ((action.plane, action),))

    def _disengage(self, state: AirActionState, action: Disengage) -> tuple[AirActionState, StepInfo]:
        g = state.game
        who = action.who
        if who not in g.players:
            raise AirActionPlayError(f"{who!r} is not a player; the players are {list(g.players)}", rule_id="A.disengage",
                                     field="player")
        if who in g.disengaging:
            raise AirActionPlayError(f"{who} is disengaging already", rule_id="A.disengage", field="player")
        if who not in self.waiting_for(state):
            raise AirActionPlayError(f"{who} has no plane left to plan this turn", rule_id="A.disengage", field="player")
        if state.planned(who):
            raise AirActionPlayError(f"{who} has planned a plane this turn: disengaging is announced before the "
                                     "plans (undo them first)", rule_id="A.disengage", field="player")
        after = dataclasses.replace(state, game=g.disengage(who))
        line = f"[A.disengage] {who} disengages: Cruise or Glide only, no shots, no points for planes left on the table"
        return after, StepInfo((line,))

    def _resolve(self, state: AirActionState, dice: Dice) -> tuple[AirActionState, StepInfo]:
        waiting = self.waiting_for(state)
        if waiting:
            raise MissingPlanError(f"the turn waits for the plans of {', '.join(waiting)} (A.order)", field="action")
        plans = {pid: a.turn_plan() for pid, a in state.plans}
        g, lines = play_turn(state.game, plans, dice)
        played = state.played + 1
        after = dataclasses.replace(state, game=g, plans=(), shown=state.plans, played=played)
        why = g.end_reason(time_up=bool(state.max_turns) and played >= state.max_turns)
        if why is not None:
            result, told = _score(g, why, dice)
            after = dataclasses.replace(after, result=result)
            lines = [*lines, *told]
        return after, StepInfo(tuple(lines), revealed=True)

    def rule_of(self, error: CsPanelError, action: Action) -> str | None:
        own = getattr(error, "rule_id", None)
        if own:
            return own
        m = re.search(r"\((A\.[a-z.-]+)\)", str(error))
        if m:
            return m.group(1)
        kinds = ((PlanCardError, "A.nav.deck"), (PlanOrientationError, "A.nav.paths"), (PlanThrottleError, "A.throttle"),
                 (PlanTargetError, "A.combat.shot"))
        for kind, rule in kinds:
            if isinstance(error, kind):
                return rule
        return "A.disengage" if isinstance(action, Disengage) else "A.order"

    # -- the end --------------------------------------------------------------------------------

    def is_over(self, state: AirActionState) -> bool:
        return state.result is not None

    def result(self, state: AirActionState) -> Result:
        if state.result is not None:
            return state.result
        scores = tuple((pl, float(s.total)) for pl, s in state.game.victory_points().items())
        return Result(None, scores, f"the game goes on (turn {state.turn})")

    # -- seeing ---------------------------------------------------------------------------------

    def observation(self, state: AirActionState, player: str) -> dict:
        g = state.game
        planes = []
        for p in g.planes:
            d = {"id": p.id, "player": p.player, "name": p.name, "points": p.points, "status": p.status.value,
                 "how": p.how, "ace": p.ace, "at": [p.pose.x, p.pose.y, p.pose.heading], "speed": p.speed.speed,
                 "click": p.combat.position}
            if p.flying:
                d.update({stat: p.combat.value(stat) for stat in p.combat.stats})
            planes.append(d)
        owners = dict(state.owners)
        plans = {pid: (str(a) if owners[pid] == player else "secret") for pid, a in state.plans}
        return {"turn": state.turn, "aggressor": g.aggressor, "disengaging": list(g.disengaging), "planes": planes,
                "plans": plans, "last_turn_plans": {pid: str(a) for pid, a in state.shown}, "waiting_for": list(self.waiting_for(state)),
                "scores": {pl: s.total for pl, s in g.victory_points().items()}, "log": list(g.log[-20:]),
                "result": state.result.to_dict() if state.result else None}

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def invariants(self, state: AirActionState) -> list[str]:
        g = state.game
        out = []
        owners = dict(state.owners)
        for p in g.planes:
            d = p.combat
            at = d.start if d.position is None else d.position
            if not d.start <= at < len(d.clicks):
                out.append(f"{p.name}'s combat dial is at click {at}, outside {d.start}-{len(d.clicks) - 1}")
            if p.flying and d.eliminated:
                out.append(f"{p.name} shows its end click yet is flying")
            if p.status is Status.SHOT_DOWN and p.shot_down_by in (None, p.player):
                out.append(f"{p.name} is shot down by {p.shot_down_by!r}, not an opponent")
            if p.speed.speed not in p.speed.speeds or not 0 <= p.speed.speed <= 10:
                out.append(f"{p.name}'s speed {p.speed.speed} is not on its speed dial {p.speed.speeds}")
            if owners.get(p.id) != p.player:
                out.append(f"{p.id} changed hands")
        for pid, _ in state.plans:
            if pid not in owners or not g.plane(pid).flying:
                out.append(f"a plan for {pid}, which is not flying")
        if len({pid for pid, _ in state.plans}) != len(state.plans):
            out.append("a plane with two plans")
        try:
            for pl in g.players:
                check_plans(g, {pid: a.turn_plan() for pid, a in state.planned(pl).items()}, partial=True)
        except CsPanelError as e:
            out.append(f"the given plans no longer fit: {e}")
        if state.result is not None and any(v < 0 for _, v in state.result.scores):
            out.append(f"a negative score: {state.result.scores}")
        if state.result is None and g.end_reason() is not None:
            out.append(f"the game should have ended: {g.end_reason()}")
        return out

    def picture(self, state: AirActionState) -> str:
        """The play area with every plane still flying, as the table stands (the referee's drawing)."""
        return str(state.game._repr_svg_())

    def state_key(self, state: AirActionState):
        return state

    def turn(self, state: AirActionState) -> int:
        return state.turn


def _score(g: GameState, why: str, dice: Dice) -> tuple[Result, tuple[str, ...]]:
    """The result by A.victory, term by term, with the d6 roll-off when the tie-breaks leave a tie."""
    scores = g.victory_points()
    lines = [f"[A.end] the game is over: {why}"]
    for pl, s in scores.items():
        shaken = pl not in g.disengaging and g.flying(pl) and all(is_shaken(p.combat) for p in g.flying(pl))
        lines.append(f"[A.victory] {pl}: {s.total} points = {s.shot_down} for planes shot down (twice their points) + "
                     f"{s.removed} for opposing planes removed + {s.survivors} for own planes still flying"
                     + (" (none: all Shaken)" if shaken else "")
                     + (" (none: disengaged)" if pl in g.disengaging else ""))
    tied = g.winners()
    if len(tied) > 1:
        lines.append(f"[A.victory] {', '.join(tied)} are tied after the tie-breaks (planes shot down, fewer build "
                     "points): a d6 each, the highest wins, ties roll again")
        while len(tied) > 1:
            rolls = {pl: dice.die(6) for pl in tied}
            lines.append("[A.victory] d6 roll-off: " + ", ".join(f"{pl} {r}" for pl, r in rolls.items()))
            best = max(rolls.values())
            tied = [pl for pl in tied if rolls[pl] == best]
    winner = tied[0]
    totals = tuple((pl, float(s.total)) for pl, s in scores.items())
    text = f"{winner} wins with {scores[winner].total} points ({why}; A.victory)"
    lines.append(f"[A.victory] {text}")
    return Result(winner, totals, text), tuple(lines)


def rules() -> AirActionRules:
    return AirActionRules()


__all__ = ["AirActionPlayError", "AirActionRules", "AirActionSetupError", "AirActionState", "Disengage", "MAX_OWN_FIGURES",
           "Plan", "Resolve", "demo_setup", "own_figures", "parse_action", "rules", "setup_of"]
