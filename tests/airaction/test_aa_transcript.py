"""A whole sample game, played by the rules core with seeded dice, against a checked-in
transcript (golden file). Set CS_PANEL_REGOLD=1 to rewrite it after a deliberate change."""

import difflib
import os
from pathlib import Path

import pytest

from cs_panel.airaction.game import GameState
from cs_panel.airaction.movement import execute_maneuver
from cs_panel.airaction.navigation import NavigationDeck
from cs_panel.airaction.setup import initiative
from cs_panel.airaction.speed_effects import resolve_speed_effects
from cs_panel.airaction.squadron import Slot, Squadron
from cs_panel.airaction.table import Pose
from cs_panel.airaction.throttle import plan_throttle
from cs_panel.clix.figures import figures
from cs_panel.core.dice import Dice
from cs_panel.core.state import dumps, loads

GOLDEN = Path(__file__).parent / "golden" / "sample_game.txt"

#: each player's fixed plan: per plane, a card and orientation per turn, and a throttle change
PLAN = {
    "Ann:sample-fighter": [("cruise", None, 0), ("turn", "right", -1), ("tight-turn", "right", 0), ("turn", "right", 0)],
    "Ann:charlie-steele-plane": [("cruise", None, 0), ("glide", "left", 1), ("turn", "left", -2), ("cruise", None, 0)],
    "Bob:sample-two-seater": [("cruise", None, 0), ("turn", "left", 1), ("tight-turn", "left", 0), ("cruise", None, 0)],
    "Bob:loyle-crawford-plane": [("cruise", None, 0), ("glide", "right", 0), ("turn", "right", 0), ("turn", "left", 0)],
}


def play(seed: int = 7, turns: int = 4) -> list[str]:
    f = figures()
    g = GameState.start(
        [Squadron("Ann", (Slot(f["sample-fighter"]), Slot(f["charlie-steele-plane"], f["charlie-steele-ace"]))),
         Squadron("Bob", (Slot(f["sample-two-seater"]), Slot(f["loyle-crawford-plane"], f["loyle-crawford-ace"])))],
        {"Ann:sample-fighter": Pose(12, 2, 0), "Ann:charlie-steele-plane": Pose(24, 2, 0),
         "Bob:sample-two-seater": Pose(12, 34, 180), "Bob:loyle-crawford-plane": Pose(24, 34, 180)},
    )
    dice = Dice(seed)
    lines = []
    for turn in range(turns):
        roll = initiative(g.players).resolve(dice)
        g = g.new_turn(roll.outcome)
        for p in g.flying():
            _, _, change = PLAN[p.id][turn]
            if change:
                plan = plan_throttle(p.speed, change, p.combat.value("piloting"))
                res = plan.resolve(dice, p.combat)
                g = g.set_speed(p.id, res.speed)
                if res.damage.applied:
                    g = g.damage(p.id, res.damage.applied, "failed two-click throttle")
        for speed, _ in g.speed_steps():
            decks = {pl: NavigationDeck.basic() for pl in g.players}
            moved = []
            for pl, ids in g.active(speed).items():
                for pid in ids:
                    if not g.plane(pid).flying:
                        continue
                    cid, orient, _ = PLAN[pid][turn]
                    decks[pl] = decks[pl].give(pid, cid, speed)
                    p = g.plane(pid)
                    pre = resolve_speed_effects(p.speed, p.combat, dice)
                    g = g.set_speed(pid, pre.speed)
                    if pre.clicks:
                        g = g.damage(pid, pre.clicks, "speed effects and redlining")
                    if not g.plane(pid).flying:
                        continue
                    g = g.move(pid, execute_maneuver(p.pose, decks[pl].card(cid), orient, pre.speed.speed))
                    moved.append(pid)
            for group in g.collisions(moved):
                res = g.collision_checks(group).resolve(dice)
                g, _ = g.collide(group, res.outcome)
            for pl, ids in g.active(speed).items():
                for pid in ids:
                    enemies = [q for q in g.flying() if q.player != pl]
                    for q in enemies:
                        for weapon in ("front", "rear"):
                            try:
                                plan = g.plan_shot(pid, q.id, weapon)
                            except Exception:
                                continue
                            g, _ = g.shoot(pid, q.id, plan.resolve(dice).faces, weapon)
                            break
                        else:
                            continue
                        break
            assert loads(GameState, dumps(g)) == g
        lines.append(f"-- end of turn {turn + 1}: " + ", ".join(f"{p.id} click {p.combat.position} at "
                     f"({p.pose.x:.2f}, {p.pose.y:.2f}, {p.pose.heading:.0f})" for p in g.planes if p.flying))
    lines = list(g.log) + lines
    scores = g.victory_points()
    lines.append("score: " + ", ".join(f"{pl} {s.total}" for pl, s in scores.items()))
    lines.append(f"end: {g.end_reason(time_up=True)}")
    return lines


@pytest.mark.rule("A.initiative", "A.throttle", "A.order", "A.nav.deck", "A.move.execute", "A.collide.planes",
                  "A.combat.shot", "A.combat.order", "A.victory")
def test_sample_game_matches_golden_transcript():
    text = "\n".join(play()) + "\n"
    if os.environ.get("CS_PANEL_REGOLD"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now"))
    assert text == expected, diff
