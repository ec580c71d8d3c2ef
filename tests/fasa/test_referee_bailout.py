"""Bailing out in the FASA referee: the "bail N" plot, the empty plane flying on and leaving, and the
aimed plane's strike at the end of the movement phase (F.bail.safe, F.bail.projectile, FASA p.29-31;
``cs_panel.fasa.referee.bailing``)."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.core.state import dumps, loads
from cs_panel.fasa.bailout import projectile_damage
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import plan, resolve
from cs_panel.fasa.play import setup_of
from cs_panel.fasa.referee import Action, MapObject, Phase, RefZeppelin, Referee, apply, demo_planes
from cs_panel.fasa.referee.bailing import BailPlotError, read_bail
from cs_panel.games import new_game


class ThenSeeded(Dice):
    """The faces given first (the roll a test chooses), then seeded ones (the damage's many dice)."""

    def __init__(self, faces, seed: int = 5):
        super().__init__(seed)
        self._first = list(faces)

    def _face(self, sides: int) -> int:
        return self._first.pop(0) if self._first else super()._face(sides)


def plane(i: int, h: Hex, facing: Facing, speed: int | None = None, **kw):
    p = demo_planes()[i]
    state = dataclasses.replace(p.plane, hex=h, facing=facing, speed=p.plane.speed if speed is None else speed)
    return dataclasses.replace(p, plane=state, **kw)


def pegasus() -> RefZeppelin:
    """Bow at (0,-2), heading A: the cells run back along column q=0; nacelle port 2 (its only one) sits at (-1,1)."""
    return RefZeppelin("Pegasus", "Bob", Hex(0, -2), Facing.A, nacelles=("port 2",))


def nacelle_run(faces, base: int = 6):
    """The book's example: a plane of base number 6 flies three turns at speed 2 straight at a
    zeppelin's nacelle (base 7), bailing out on the third; the strike rolls ``faces``."""
    ace = plane(0, Hex(-1, 7), Facing.A, speed=2, base_to_hit=base)
    raider = plane(1, Hex(6, -9), Facing.B)
    ref = Referee.start(3, [ace, raider], max_turns=5, zeppelins=[pegasus()])
    for _ in range(2):
        ref = ref.plot("Ace", "2SA").plot("Raider", "2SA").move().fire("Ace", "hold").fire("Raider", "hold")
        ref = ref.combat().tailing()
    ref = ref.plot("Ace", "bail 2 at Pegasus nacelle port 2").plot("Raider", "2SA")
    before = ref.state
    return before, apply(before, Action("move"), ScriptedDice(faces))


@pytest.mark.rule("F.bail.projectile")
def test_the_books_example_needs_6_plus_7_less_6_hexes_flown_straight_equals_7():
    _, after = nacelle_run([7])
    line = next(x for x in after.report if "strikes at" in x)
    assert "7 target's base target number + 6 own base target number - 6 hexes flown straight at it = 7" in line
    assert "rolled 7: HIT" in line
    assert "port 2" in dict((z.name, z.nacelles_lost) for z in after.zeppelins)["Pegasus"]


@pytest.mark.rule("F.bail.projectile")
def test_a_roll_below_the_number_misses_and_leaves_the_target_whole():
    _, after = nacelle_run([6])
    assert any("rolled 6: miss" in x for x in after.report)
    assert after.zeppelins[0].nacelles_lost == ()


def aimed_at_raider():
    """Ace bailing out at (0,3), flying straight up at the Raider, who flies 2 hexes into (0,1)."""
    return plane(0, Hex(0, 3), Facing.A, speed=2), plane(1, Hex(0, 1).neighbor(Facing.E, 2), Facing.B, speed=2)


@pytest.mark.rule("F.bail.projectile")
def test_a_hit_on_a_plane_deals_14_less_own_base_flak_hits_each_located():
    # Raider flies 2 hexes to (0,1); Ace, bailing, flies straight from (0,3) to the same hex
    ace, raider = aimed_at_raider()
    ref = Referee.start(1, [ace, raider], max_turns=4).plot("Ace", "bail 2 at Raider").plot("Raider", "2SA")
    after = apply(ref.state, Action("move"), ThenSeeded([10]))
    said = "\n".join(after.report)
    # base 4 (Raider) + 5 (Ace) - 2 hexes flown at it this turn
    assert "4 target's base target number + 5 own base target number - 2 hexes flown straight at it = 7" in said
    n = projectile_damage(ace.base_to_hit).total
    assert n == 9 and f"= {n} flak hits" in said
    assert said.count("hit location d10") == n
    if "Raider" in after.destroyed:  # the flak hits may destroy it outright
        assert any(x.startswith("Raider is destroyed") for x in after.report)
    else:
        hit = after.plane("Raider")
        assert hit.hits_taken == n and hit.record.marks


@pytest.mark.rule("F.bail.projectile")
def test_an_object_takes_the_flak_templates_points_a_hit():
    ace = plane(0, Hex(0, 3), Facing.A, speed=2)
    raider = plane(1, Hex(6, -9), Facing.B)
    depot = MapObject("Depot", "building", (Hex(0, 1),), points=200)
    ref = Referee.start(1, [ace, raider], max_turns=4, objects=[depot])
    ref = ref.plot("Ace", "bail 2 at Depot").plot("Raider", "2SA")
    after = apply(ref.state, Action("move"), ScriptedDice([10]))
    hit = after.thing("Depot")
    from cs_panel.fasa.damage import template_for

    assert hit.damage == projectile_damage(ace.base_to_hit).total * template_for("flak-rocket").boxes
    assert any("1 target's base target number" in x for x in after.report)  # a building is 1


@pytest.mark.rule("F.bail.projectile")
def test_a_plane_not_in_its_targets_hex_does_not_roll():
    ace = plane(0, Hex(0, 3), Facing.A, speed=2)
    raider = plane(1, Hex(6, -9), Facing.B)
    ref = Referee.start(1, [ace, raider], max_turns=4).plot("Ace", "bail 1 at Raider").plot("Raider", "2SA")
    dice = ScriptedDice([])  # no die may be rolled
    after = apply(ref.state, Action("move"), dice)
    assert any("not in Raider's hex: no strike" in x for x in after.report)


@pytest.mark.rule("F.bail.projectile")
def test_the_straight_count_spans_turns_and_starts_again_when_the_plane_turns():
    before, after = nacelle_run([7])
    assert dict(before.tracks)["Ace"] == tuple(Hex(-1, r) for r in (7, 6, 5, 4, 3))
    # the same approach, but turning on the first turn: only the last straight stretch counts
    probe = plane(0, Hex(0, 0), Facing.B, speed=2, base_to_hit=6)
    turn = "2L1F"  # one hex up-right (B), then one up (A), ending facing A
    steps = resolve(plan(probe.plane, turn), ScriptedDice([])).path
    assert steps[1] - steps[0] != steps[2] - steps[1], "the test's maneuver must turn"
    end = steps[-1]
    start = Hex(-1, 4) - end  # so that the turn ends three hexes below the nacelle
    ace = plane(0, start, Facing.B, speed=2, base_to_hit=6)
    raider = plane(1, Hex(6, -9), Facing.B)
    ref = Referee.start(3, [ace, raider], max_turns=5, zeppelins=[pegasus()])
    ref = ref.plot("Ace", turn).plot("Raider", "2SA").move()
    ace_now = ref.state.plane("Ace").plane
    assert ace_now.facing is Facing.A and ace_now.hex == Hex(-1, 4)
    ref = ref.fire("Ace", "hold").fire("Raider", "hold").combat().tailing()
    gap = ace_now.hex.distance(Hex(-1, 1))
    assert ace_now.hex.neighbor(Facing.A, gap) == Hex(-1, 1), "the test's plane must line up on the nacelle"
    ref = ref.plot("Ace", f"bail {gap} at Pegasus nacelle port 2").plot("Raider", "2SA")
    after = apply(ref.state, Action("move"), ScriptedDice([10]))
    line = next(x for x in after.report if "strikes at" in x)
    # the turn's last step and the bail-out's are one straight line; the turn's first step is not counted
    assert f"- {1 + gap} hexes flown straight at it" in line
    flown = tuple(h + start for h in steps) + tuple(Hex(-1, 4).neighbor(Facing.A, i) for i in range(1, gap + 1))
    assert dict(after.tracks)["Ace"][-len(flown):] == flown


@pytest.mark.rule("F.bail.safe")
def test_the_pilot_leaves_safely_and_the_empty_plane_flies_straight_then_is_removed_next_movement_phase():
    ace, raider = demo_planes()
    ref = Referee.start(1, [ace, plane(1, Hex(6, -9), Facing.B), dataclasses.replace(raider, name="Wing",
                                                                                   player="Ann")], max_turns=4)
    ref = ref.plot("Ace", "Bail 3").plot("Raider", "2SA").plot("Wing", "2SA").move()
    s = ref.state
    assert "Ace" not in {p.name for p in s.planes} and [a.name for a in s.abandoned] == ["Ace"]
    assert s.abandoned[0].plane.hex == ace.plane.hex.neighbor(Facing.A, 3) and s.abandoned[0].plane.facing is Facing.A
    assert dict(s.departed)["Ace"] == "bailed out safely (F.bail.safe)" and "Ace" not in s.destroyed
    assert any("lands safely" in x and "No experience" in x for x in s.report)
    assert s.phase is Phase.COMBAT  # Ann still has Wing: the game goes on
    ref = ref.combat().tailing()
    assert ref.state.abandoned == () and "Ace" not in dict(ref.state.tracks)
    assert any("taken off the table" in x for x in ref.state.history)


@pytest.mark.rule("F.bail.safe")
def test_a_players_last_plane_bailing_out_ends_the_game_after_the_strike():
    ace, raider = aimed_at_raider()
    ref = Referee.start(1, [ace, raider], max_turns=4).plot("Ace", "bail 2 at Raider").plot("Raider", "2SA")
    after = apply(ref.state, Action("move"), ThenSeeded([1]))
    assert after.phase is Phase.OVER and "Bob wins" in after.outcome
    assert after.report.index(next(x for x in after.report if "strikes at" in x)) < after.report.index(after.outcome)


@pytest.mark.rule("F.bail.safe")
def test_bad_bail_plots_are_refused_by_name():
    ace, raider = demo_planes()
    ref = Referee.start(1, [ace, raider])
    for text, why in [("bail 9", "cannot bail out at speed 9"), ("bail x", "whole number"),
                      ("bail 3 at Nobody", "no 'Nobody' to aim at"), ("bail 3 at Ace", "itself"),
                      ("bail", "cannot read")]:
        with pytest.raises(BailPlotError, match=why) as e:
            ref.plot("Ace", text)
        assert e.value.field == "maneuver"
    assert str(read_bail("BAIL 3  at   Raider")) == "bail 3 at Raider"


@pytest.mark.rule("F.bail.projectile")
def test_a_saved_game_round_trips_and_undo_never_crosses_the_strike():
    ace, raider = aimed_at_raider()
    g = new_game("fasa", seed=4, setup=setup_of([ace, raider], max_turns=4))
    g = g.play("plot Ace bail 2 at Raider")
    assert g.undo().apply("plot Ace bail 2 at Raider") == g  # a plot not yet flown may be taken back
    g = g.play("plot Raider 2SA", "move")
    seen = g.observation("Bob")["state"]
    assert seen["abandoned"] == [{"name": "Ace", "player": "Ann", "hex": [0, 1], "facing": "A", "speed": 2}]
    assert "abandoned" not in new_game("fasa", seed=4).observation("Bob")["state"]  # a dogfight's is as it was
    back = Game.from_json(g.to_json())
    assert back == g and back.state.game.abandoned == g.state.game.abandoned
    assert back.state.game.tracks == g.state.game.tracks
    with pytest.raises(CsPanelError):
        g.undo()  # the move rolled the strike: no taking it back
    ref = Referee.start(4, [ace, raider], max_turns=4).plot("Ace", "bail 2 at Raider").plot("Raider", "2SA").move()
    assert loads(Referee, dumps(ref)).state == ref.state


@pytest.mark.rule("F.bail.safe")
def test_legal_actions_offer_bail_plots_and_aim_only_at_targets_in_reach():
    ace = plane(0, Hex(0, 3), Facing.A, speed=2)
    raider = plane(1, Hex(0, 1), Facing.B, speed=2)
    g = new_game("fasa", seed=4, setup=setup_of([ace, raider], max_turns=4))
    legal = {str(a) for a in g.legal_actions() if str(a).startswith("plot Ace bail")}
    assert {"plot Ace bail 1", "plot Ace bail 2", "plot Ace bail 3", "plot Ace bail 4"} <= legal
    assert "plot Ace bail 2 at Raider" in legal  # (0,1) is Raider's hex now
    assert not any(" at " in x for x in legal if not x.endswith("bail 2 at Raider"))


@pytest.mark.rule("F.bail.safe")
def test_the_tactical_bot_never_bails_out_though_bail_outs_are_offered():
    from cs_panel.bots import choose
    from cs_panel.fasa.play import Plot

    g = new_game("fasa", seed=2)
    for _ in range(2):  # two turns, every plot the bot's
        for player in ("Ann", "Bob"):
            offered = [a for a in g.legal_actions(player) if isinstance(a, Plot)]
            assert any(a.maneuver.startswith("bail") for a in offered)
            c = choose(g, player, "tactical")
            assert not c.action.maneuver.startswith("bail")
            g = g.apply(c.action)
        g = g.play("move")
        while not g.is_over and g.state.game.phase is not Phase.PLOT:
            g = g.apply(g.legal_actions()[-1])  # a collision number, then combat and tailing


@pytest.mark.rule("F.bail.projectile", "F.zep.gas-cells", "F.zep.static")
def test_aimed_at_a_gas_cell_the_plane_may_end_in_it_and_a_hit_takes_flak_points():
    from cs_panel.fasa.damage import template_for
    from cs_panel.fasa.hexgrid import forward_column

    z = pegasus()
    target = Hex(0, 3)
    assert target in z.cell_hexes(2)  # cell 3
    facing = next(f for f in Facing  # across the hull, so the flight meets no other cell before the target
                  if not set(forward_column(target.neighbor(f.reverse, 2), f, 1)) & z.hexes)
    ace = plane(0, target.neighbor(facing.reverse, 2), facing, speed=2)
    raider = plane(1, Hex(6, -9), Facing.B)
    ref = Referee.start(1, [ace, raider], max_turns=4, zeppelins=[z])
    with pytest.raises(BailPlotError, match="gas cell"):
        ref.plot("Ace", "bail 3 at Pegasus cell 3")  # through the cell and on: the hull is in the way
    with pytest.raises(BailPlotError, match="gas cell"):
        ref.plot("Ace", "bail 2")  # not aimed at it: a zeppelin blocks the flight as any plot
    ref = ref.plot("Ace", "bail 2 at Pegasus cell 3").plot("Raider", "2SA")
    after = apply(ref.state, Action("move"), ScriptedDice([4]))
    assert any("1 target's base target number + 5 own base target number - 2 hexes flown straight at it = 4" in x
               and "rolled 4: HIT" in x for x in after.report)
    n = projectile_damage(ace.base_to_hit).total
    assert after.zeppelins[0].cells[2] == max(0, 60 - n * template_for("flak-rocket").zep_damage[0])
