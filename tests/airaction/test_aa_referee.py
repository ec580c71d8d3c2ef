"""The turn referee: plans checked before any roll, a turn played in the rules' order, and the
demo game played the same way as the notebook's own referee did."""

from __future__ import annotations

import pytest

from cs_panel.airaction.game import GameState
from cs_panel.airaction.movement import execute_maneuver
from cs_panel.airaction.navigation import NavigationDeck
from cs_panel.airaction.referee import (
    MissingPlanError, PlanCardError, PlanOrientationError, PlanTargetError, PlanThrottleError, TurnPlan,
    UnknownPlaneError, check_plans, demo_game, play_turn,
)
from cs_panel.airaction.setup import first_player, initiative
from cs_panel.airaction.speed_effects import resolve_speed_effects
from cs_panel.airaction.squadron import Slot, Squadron
from cs_panel.airaction.table import Pose
from cs_panel.airaction.throttle import plan_throttle
from cs_panel.clix.figures import figures
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.state import dumps, loads

F = figures()
FIGHTER, STEELE, TWO_SEATER, CRAWFORD = (
    "Ann:sample-fighter", "Ann:charlie-steele-plane", "Bob:sample-two-seater", "Bob:loyle-crawford-plane")

# the players' choices of examples/airaction_demo_game.ipynb: (throttle clicks, card, orientation)
DEMO_TURNS = [
    {FIGHTER: (0, "cruise", None), STEELE: (0, "cruise", None), TWO_SEATER: (0, "cruise", None), CRAWFORD: (0, "cruise", None)},
    {FIGHTER: (-1, "glide", "right"), STEELE: (0, "glide", "left"), TWO_SEATER: (0, "glide", "left"), CRAWFORD: (-1, "cruise", None)},
    {FIGHTER: (0, "turn", "right"), STEELE: (-2, "turn", "left"), TWO_SEATER: (0, "turn", "left"), CRAWFORD: (0, "turn", "right")},
    {FIGHTER: (0, "cruise", None), STEELE: (0, "cruise", None), TWO_SEATER: (0, "cruise", None), CRAWFORD: (0, "cruise", None)},
    {FIGHTER: (0, "turn", "left"), STEELE: (0, "turn", "left"), TWO_SEATER: (0, "turn", "left"), CRAWFORD: (0, "turn", "right")},
]


def demo_start(dice: Dice) -> GameState:
    """The demo notebook's setup, including its first-player roll (which uses the dice)."""
    first_player(["Ann", "Bob"]).resolve(dice)
    ann = Squadron("Ann", (Slot(F["sample-fighter"]), Slot(F["charlie-steele-plane"]))).check(200)
    bob = Squadron("Bob", (Slot(F["sample-two-seater"]), Slot(F["loyle-crawford-plane"]))).check(200)
    g = GameState.start([ann, bob], {FIGHTER: Pose(14, 2, 0), STEELE: Pose(22, 2, 0),
                                     TWO_SEATER: Pose(14, 34, 180), CRAWFORD: Pose(22, 34, 180)})
    for pid, speed in {FIGHTER: 5, STEELE: 5, TWO_SEATER: 4, CRAWFORD: 5}.items():
        g = g.set_speed(pid, g.plane(pid).speed.set_speed(speed))
    return g


# -- the demo notebook's referee as it was, without its display calls: the turn driven by hand ----

def old_set_throttles(g, plan, dice):
    for pl in (g.aggressor,) + tuple(p for p in g.players if p != g.aggressor):
        for p in g.flying(pl):
            clicks = plan[p.id][0]
            if clicks == 0:
                continue
            res = plan_throttle(p.speed, clicks, p.combat.value("piloting")).resolve(dice, p.combat)
            g = g.set_speed(p.id, res.speed)
            if res.damage.applied:
                g = g.damage(p.id, res.damage.applied, "a failed two-click throttle")
    return g


def old_speed_step(g, speed, plan, dice):
    active = g.active(speed)
    decks = {pl: NavigationDeck.basic() for pl in g.players}
    moved = []
    for pl, ids in active.items():
        for pid in ids:
            p = g.plane(pid)
            _, cid, orientation = plan[pid]
            decks[pl] = decks[pl].give(pid, cid, speed)
            nav = decks[pl].card(cid)
            pre = resolve_speed_effects(p.speed, p.combat, dice)
            g = g.set_speed(pid, pre.speed)
            if pre.clicks:
                g = g.damage(pid, pre.clicks, "speed effects and redlining")
            if not g.plane(pid).flying:
                continue
            m = execute_maneuver(p.pose, nav, orientation, pre.speed.speed)
            g = g.move(pid, m)
            moved.append(pid)
    for group in g.collisions(moved):
        checks = g.collision_checks(group).resolve(dice)
        g, _ = g.collide(group, checks.outcome)
    # A.combat.order by hand: the aggressor's first shot, then the players take turns, one plane
    # firing one weapon a turn; a plane's rear guns wait for its player's next turn
    queues = {pl: [(pid, w) for pid in ids for w in ("front", "rear")] for pl, ids in active.items()}
    while any(queues.values()):
        for pl in list(queues):
            while queues[pl]:
                pid, weapon = queues[pl].pop(0)
                if not g.plane(pid).flying:
                    continue
                best = None
                for q in g.flying():
                    if q.player == pl:
                        continue
                    try:
                        a = g.plan_shot(pid, q.id, weapon)
                    except CsPanelError:
                        continue
                    if best is None or a.expected_hits > best[1].expected_hits:
                        best = (q.id, a)
                if best is None:
                    continue
                target, a = best
                g, _ = g.shoot(pid, target, a.resolve(dice).faces, weapon)
                break
    return g


def old_play_turn(g, plan, dice):
    roll = initiative(g.players).resolve(dice)
    g = g.new_turn(roll.outcome)
    g = old_set_throttles(g, plan, dice)
    for speed, _ in g.speed_steps():
        g = old_speed_step(g, speed, plan, dice)
    return g


def plans_of(turn):
    return {pid: TurnPlan(*choice) for pid, choice in turn.items()}


@pytest.fixture(scope="module")
def demo_games():
    """The five demo turns played by hand and by the referee, each from Dice(2024)."""
    old_dice, new_dice = Dice(2024), Dice(2024)
    old, new = demo_start(old_dice), demo_start(new_dice)
    olds, news, logs = [], [], []
    for turn in DEMO_TURNS:
        old = old_play_turn(old, turn, old_dice)
        new, log = play_turn(new, plans_of(turn), new_dice)
        olds.append(old)
        news.append(new)
        logs.append(log)
    return olds, news, logs, old_dice, new_dice


# -- the seeded game ---------------------------------------------------------------------------

@pytest.mark.rule("A.order")
@pytest.mark.rule("A.throttle")
@pytest.mark.rule("A.combat.order")
def test_each_demo_turn_equals_the_turn_driven_by_hand(demo_games):
    olds, news, _, old_dice, new_dice = demo_games
    for i, (old, new) in enumerate(zip(olds, news), start=1):
        assert new == old, f"turn {i} differs"
        assert new.turn == i
    assert new_dice.log == old_dice.log  # the same dice, in the same order


@pytest.mark.rule("A.victory")
@pytest.mark.rule("A.end")
def test_demo_game_ends_as_the_notebook_asserts(demo_games):
    _, news, _, _, _ = demo_games
    final = news[-1]
    assert final.end_reason(time_up=True) == "the time limit is reached"
    assert {pl: s.total for pl, s in final.victory_points().items()} == {"Ann": 400, "Bob": 100}


@pytest.mark.rule("A.initiative")
@pytest.mark.rule("A.move.execute")
@pytest.mark.rule("A.combat.shot")
def test_log_cites_a_rule_on_every_line(demo_games):
    _, news, logs, _, _ = demo_games
    for log in logs:
        assert log[0].startswith("[A.initiative]")
        assert all(line.startswith("[A.") for line in log)
    text = "\n".join(line for log in logs for line in log)
    assert "[A.move.execute]" in text and "[A.combat.shot]" in text
    assert "[A.throttle]" in text
    assert text.count("[A.initiative]") == 5


@pytest.mark.rule("A.setup")
def test_demo_game_is_the_notebooks_table():
    assert demo_game() == demo_start(Dice(1))


@pytest.mark.rule("A.setup")
def test_state_after_a_turn_saves_and_loads(demo_games):
    _, news, _, _, _ = demo_games
    for g in (news[0], news[-1]):
        assert loads(GameState, dumps(g)) == g


@pytest.mark.rule("A.throttle")
def test_two_click_throttle_rolls_a_pilot_check_and_logs_its_odds(demo_games):
    _, _, logs, _, _ = demo_games
    line = next(line for line in logs[2] if line.startswith("[A.throttle]") and "-2" in line)
    assert "rolled" in line and "piloting" in line


# -- plans refused before any roll ---------------------------------------------------------------

def fresh():
    return demo_start(Dice(1))


def good_plans():
    return plans_of(DEMO_TURNS[0])


def refused(plans, error, field):
    g, dice = fresh(), Dice(5)
    with pytest.raises(error) as e:
        play_turn(g, plans, dice)
    assert e.value.field == field
    assert dice.log == []  # nothing was rolled
    return str(e.value)


@pytest.mark.rule("A.order")
def test_unknown_or_missing_plane_is_refused():
    assert "Zed:plane" in refused({**good_plans(), "Zed:plane": TurnPlan(0, "cruise")}, UnknownPlaneError, "plane")
    plans = good_plans()
    del plans[CRAWFORD]
    assert CRAWFORD in refused(plans, MissingPlanError, "plane")


@pytest.mark.rule("A.nav.deck")
def test_card_not_in_deck_or_too_fast_for_the_speed_is_refused():
    assert "loop-the-loop" in refused({**good_plans(), FIGHTER: TurnPlan(0, "loop-the-loop")}, PlanCardError, "card")
    # the fighter flies at 5; throttled down two clicks (if the check is made) it would fly at 3, too slow for a Snap Roll
    msg = refused({**good_plans(), FIGHTER: TurnPlan(-2, "snap-roll", "left")}, PlanCardError, "card")
    assert "needs speed 4" in msg
    # Ann's two planes share speed 5 and the deck holds one Snap Roll
    msg = refused({**good_plans(), FIGHTER: TurnPlan(0, "snap-roll", "left"), STEELE: TurnPlan(0, "snap-roll", "right")},
                  PlanCardError, "card")
    assert "snap-roll" in msg


@pytest.mark.rule("A.nav.deck")
def test_a_failed_two_click_check_must_leave_a_playable_card():
    # throttling up 5 -> 7 might fail and leave speed 5; a card needing 6+ would not exist, but a
    # card needing 4 is fine both ways: checked against the lower of the two possible speeds
    check_plans(fresh(), {**good_plans(), FIGHTER: TurnPlan(2, "snap-roll", "left")})


@pytest.mark.rule("A.nav.paths")
def test_bad_orientation_is_refused():
    refused({**good_plans(), FIGHTER: TurnPlan(0, "glide", "upside-down")}, PlanOrientationError, "orientation")
    refused({**good_plans(), FIGHTER: TurnPlan(0, "cruise", "left")}, PlanOrientationError, "orientation")


@pytest.mark.rule("A.throttle")
def test_too_many_clicks_is_refused():
    assert "at most two clicks" in refused({**good_plans(), FIGHTER: TurnPlan(3, "cruise")}, PlanThrottleError, "clicks")
    refused({**good_plans(), FIGHTER: TurnPlan(-3, "cruise")}, PlanThrottleError, "clicks")


@pytest.mark.rule("A.combat.shot")
def test_target_must_be_an_opposing_plane_and_weapon_real():
    refused({**good_plans(), FIGHTER: TurnPlan(0, "cruise", None, {"front": STEELE})}, PlanTargetError, "targets")
    refused({**good_plans(), FIGHTER: TurnPlan(0, "cruise", None, {"belly": TWO_SEATER})}, PlanTargetError, "targets")


# -- choices of target ---------------------------------------------------------------------------

def two_targets():
    """Ann's fighter behind two of Bob's planes, both within its front range after a Cruise at speed 1."""
    ann = Squadron("Ann", (Slot(F["sample-fighter"]),))
    bob = Squadron("Bob", (Slot(F["sample-two-seater"]), Slot(F["loyle-crawford-plane"])))
    g = GameState.start([ann, bob], {FIGHTER: Pose(18, 4, 0), TWO_SEATER: Pose(16.5, 9, 0), CRAWFORD: Pose(19.5, 9.5, 0)})
    for pid in (FIGHTER, TWO_SEATER, CRAWFORD):
        g = g.set_speed(pid, g.plane(pid).speed.set_speed(1))
    return g, {pid: TurnPlan(0, "cruise") for pid in (FIGHTER, TWO_SEATER, CRAWFORD)}


def fighter_shots(g, log):
    return [line for line in log if line.startswith(f"[A.combat.shot] {g.plane(FIGHTER).name} fires")]


@pytest.mark.rule("A.combat.shot")
@pytest.mark.rule("A.combat.range")
def test_best_target_by_default_and_a_chosen_target_when_given():
    g, plans = two_targets()
    after, log = play_turn(g, plans, Dice(3))
    [shot] = fighter_shots(g, log)
    assert g.plane(TWO_SEATER).name in shot  # the best expected hits
    assert after.plane(TWO_SEATER).combat.position > 0 and after.plane(CRAWFORD).combat.position == 0
    chosen, log = play_turn(g, {**plans, FIGHTER: TurnPlan(0, "cruise", None, {"front": CRAWFORD})}, Dice(3))
    [shot] = fighter_shots(g, log)
    assert g.plane(CRAWFORD).name in shot
    assert chosen.plane(CRAWFORD).combat.position > 0 and chosen.plane(TWO_SEATER).combat.position == 0


@pytest.mark.rule("A.combat.range")
def test_a_chosen_target_out_of_range_is_not_shot_and_the_log_says_why():
    g, plans = two_targets()
    g = g.set_speed(CRAWFORD, g.plane(CRAWFORD).speed.set_speed(4))  # Crawford flies away, out of range
    after, log = play_turn(g, {**plans, CRAWFORD: TurnPlan(0, "cruise"), FIGHTER: TurnPlan(0, "cruise", None, {"front": CRAWFORD})},
                           Dice(3))
    assert fighter_shots(g, log) == []
    assert any("holds its front guns" in line and "range" in line for line in log)
    assert after.plane(CRAWFORD).combat.position == 0


# -- the order of shots ------------------------------------------------------------------------

def crossfire():
    """Bob's two-seater between Ann's two planes at speed 1: Ann's fighter on its tail (in reach of
    its rear gunner), Steele head-on in front of it; every plane has a shot after a Cruise."""
    ann = Squadron("Ann", (Slot(F["sample-fighter"]), Slot(F["charlie-steele-plane"])))
    bob = Squadron("Bob", (Slot(F["sample-two-seater"]),))
    g = GameState.start([ann, bob], {FIGHTER: Pose(18, 5, 0), STEELE: Pose(18, 16, 180), TWO_SEATER: Pose(18, 9, 0)})
    for pid in (FIGHTER, STEELE, TWO_SEATER):
        g = g.set_speed(pid, g.plane(pid).speed.set_speed(1))
    return g, {pid: TurnPlan(0, "cruise") for pid in (FIGHTER, STEELE, TWO_SEATER)}


def shots_of(g, log):
    """(player, plane id, weapon) of each shot in the log, in order."""
    names = {p.name: p for p in g.planes}
    out = []
    for line in log:
        if line.startswith("[A.combat.shot]") and " fires its " in line:
            name, rest = line[len("[A.combat.shot] "):].split(" fires its ", 1)
            out.append((names[name].player, names[name].id, rest.split(" guns", 1)[0]))
    return out


@pytest.mark.rule("A.combat.order")
@pytest.mark.rule("A.combat.rear-gunner")
@pytest.mark.parametrize("seed, aggressor", [(0, "Ann"), (2, "Bob")])
def test_players_take_turns_one_shot_each_and_the_rear_gunner_waits_for_his_players_next_turn(seed, aggressor):
    # A.combat.order (Air Action, combat): after the aggressor's shot the players alternate, one
    # plane and one weapon a turn; the two-seater's rear guns fire on Bob's next turn, not straight
    # after its front guns (the old referee fired Ann's two planes, then both of Bob's weapons)
    g, plans = crossfire()
    after, log = play_turn(g, plans, Dice(seed))
    assert after.aggressor == aggressor
    shots = shots_of(g, log)
    assert len(shots) == 4
    other = "Bob" if aggressor == "Ann" else "Ann"
    assert [pl for pl, _, _ in shots] == [aggressor, other, aggressor, other]
    assert [(pid, w) for _, pid, w in shots if pid == TWO_SEATER] == [(TWO_SEATER, "front"), (TWO_SEATER, "rear")]



# -- three faults found while putting the referee on the game protocol ------------------------

def spread(speeds):
    """The demo squadrons far apart (no shots, no collisions), at the given speeds."""
    ann = Squadron("Ann", (Slot(F["sample-fighter"]), Slot(F["charlie-steele-plane"])))
    bob = Squadron("Bob", (Slot(F["sample-two-seater"]), Slot(F["loyle-crawford-plane"])))
    g = GameState.start([ann, bob], {FIGHTER: Pose(6, 2, 0), STEELE: Pose(30, 2, 0),
                                     TWO_SEATER: Pose(6, 34, 180), CRAWFORD: Pose(30, 34, 180)})
    for pid, s in speeds.items():
        g = g.set_speed(pid, g.plane(pid).speed.set_speed(s))
    return g


def flights(g, log, pid):
    name = g.plane(pid).name
    return [line for line in log if line.startswith(f"[A.move.execute] {name} flies ")]


def failed_redline_seed(g, plans):
    """A seed whose dice fail the fighter's redline check (found, not assumed)."""
    for seed in range(200):
        after, log = play_turn(g, plans, Dice(seed))
        if any(line.startswith(f"[A.move.speed-effects] {g.plane(FIGHTER).name}: redlining") and "1 click" in line
               for line in log):
            return seed, after, log
    raise AssertionError("no seed fails the redline check")


@pytest.mark.rule("A.order")
@pytest.mark.rule("A.move.redline")
def test_a_plane_slowed_by_redlining_does_not_fly_again_at_its_new_speed():
    # the fighter is set to 8, above its maximum speed 7, and Steele flies at 7: when the check
    # fails the fighter drops to 7, but it was active at 8 and has flown; at 7 only Steele is active
    g = spread({FIGHTER: 8, STEELE: 7, TWO_SEATER: 4, CRAWFORD: 5})
    plans = {pid: TurnPlan(0, "cruise") for pid in (FIGHTER, STEELE, TWO_SEATER, CRAWFORD)}
    _, after, log = failed_redline_seed(g, plans)
    assert after.plane(FIGHTER).speed.speed == 7
    assert len(flights(g, log, FIGHTER)) == 1
    at7 = next(line for line in log if line.startswith("[A.order] speed 7:"))
    assert g.plane(FIGHTER).name not in at7 and g.plane(STEELE).name in at7


@pytest.mark.rule("A.move.redline")
@pytest.mark.rule("A.move.execute")
def test_a_plane_slowed_below_its_cards_rating_flies_the_card_to_its_new_speed():
    # a dial (ours, for the test) whose second click shows maximum speed 2: the fighter at 8 takes
    # a Half Loop (rating 4); a failed redline check clicks it and turns its speed down to 2. The
    # turn goes on: the plane flies its card to marker 2 (RULINGS: a slowed plane keeps its card)
    from dataclasses import replace as dc_replace

    g = spread({FIGHTER: 8, STEELE: 5, TWO_SEATER: 4, CRAWFORD: 5})
    dial = g.plane(FIGHTER).combat
    k = dial.stats.index("max_speed")
    slow = dial.clicks[1]
    clicks = list(dial.clicks)
    clicks[1] = dc_replace(slow, values=slow.values[:k] + (2,) + slow.values[k + 1:])
    g = g._put(dc_replace(g.plane(FIGHTER), combat=dc_replace(dial, clicks=tuple(clicks))))
    plans = {FIGHTER: TurnPlan(0, "half-loop"), STEELE: TurnPlan(0, "cruise"), TWO_SEATER: TurnPlan(0, "cruise"),
             CRAWFORD: TurnPlan(0, "cruise")}
    _, after, log = failed_redline_seed(g, plans)
    assert after.plane(FIGHTER).speed.speed == 2
    (flight,) = flights(g, log, FIGHTER)
    assert "Half Loop" in flight and "at speed 2: 2 markers" in flight
    assert any("flies the card to marker 2" in line for line in log)


@pytest.mark.rule("A.nav.deck")
@pytest.mark.rule("A.throttle")
def test_a_two_click_plan_may_not_count_on_the_decks_only_card_at_its_old_speed():
    # the fighter throttles 5 -> 7 (a check) and Steele stays at 5, both with the deck's one Half
    # Loop: if the check fails both are active at 5 and one would have no card, so the plans are
    # refused before any roll
    g = spread({FIGHTER: 5, STEELE: 5, TWO_SEATER: 4, CRAWFORD: 5})
    plans = {FIGHTER: TurnPlan(2, "half-loop"), STEELE: TurnPlan(0, "half-loop"), TWO_SEATER: TurnPlan(0, "cruise"),
             CRAWFORD: TurnPlan(0, "cruise")}
    dice = Dice(1)
    with pytest.raises(PlanCardError, match="may fly at speed 5") as e:
        play_turn(g, plans, dice)
    assert e.value.field == "card" and dice.log == []
    # with two cards of a kind (Turn) both planes are served whatever the check does
    ok = {**plans, FIGHTER: TurnPlan(2, "turn", "left"), STEELE: TurnPlan(0, "turn", "right")}
    for seed in range(6):
        play_turn(g, ok, Dice(seed))


@pytest.mark.rule("A.combat.rear-gunner")
@pytest.mark.rule("A.disengage")
def test_a_target_for_guns_the_plane_lacks_or_for_a_disengaging_player_is_refused():
    g = spread({FIGHTER: 5, STEELE: 5, TWO_SEATER: 4, CRAWFORD: 5})
    plans = {pid: TurnPlan(0, "cruise") for pid in (FIGHTER, STEELE, TWO_SEATER, CRAWFORD)}
    with pytest.raises(PlanTargetError, match="no rear guns"):
        check_plans(g, {**plans, FIGHTER: TurnPlan(0, "cruise", None, {"rear": TWO_SEATER})})
    check_plans(g, {**plans, TWO_SEATER: TurnPlan(0, "cruise", None, {"rear": FIGHTER})})  # it has a tail gunner
    with pytest.raises(PlanTargetError, match="disengaging"):
        check_plans(g.disengage("Ann"), {**plans, FIGHTER: TurnPlan(0, "cruise", None, {"front": TWO_SEATER})})
    down = g.remove(CRAWFORD, "test")
    with pytest.raises(PlanTargetError, match="in the game"):
        check_plans(down, {**plans, FIGHTER: TurnPlan(0, "cruise", None, {"front": CRAWFORD})})


@pytest.mark.rule("A.nav.deck")
def test_partial_plans_are_checked_against_each_other_without_the_missing_ones():
    g = spread({FIGHTER: 5, STEELE: 5, TWO_SEATER: 4, CRAWFORD: 5})
    check_plans(g, {FIGHTER: TurnPlan(0, "half-loop")}, partial=True)
    with pytest.raises(PlanCardError):
        check_plans(g, {FIGHTER: TurnPlan(0, "half-loop"), STEELE: TurnPlan(0, "half-loop")}, partial=True)
    with pytest.raises(MissingPlanError):
        check_plans(g, {FIGHTER: TurnPlan(0, "half-loop")})
