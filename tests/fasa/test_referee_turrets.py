"""Turrets on turret fighters in the referee (F.combat.order, F.pilot.gunner, F.combat.arc,
F.dmg.canopy, F.shock; FASA p.13-14, 17, 19, 33-34, 39): the gunner fires the turret's guns after
every pilot, along the row of hexes the turret is turned through, and rear-canopy hits strike him."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.fasa.pilots import Pilot, gunner_of
from cs_panel.fasa.play import setup_of
from cs_panel.fasa.referee import Action, FireOrder, FireOrderError, Phase, Referee, apply, demo_planes
from cs_panel.fasa.referee.marking import _crew_rolls
from cs_panel.fasa.referee.turrets import aim, gunner, gunner_shocked
from cs_panel.fasa.setup_builder import design, design_guns
from cs_panel.games import new_game


def _brigand(**kw):
    """The demo's Ace flying an F6II Brigand: four .50s for the pilot, two .30s in the turret (guns 7, 8)."""
    ace, raider = demo_planes()
    br = dataclasses.replace(ace, aircraft="brigand", guns=design_guns(design("brigand")), sheet=None, **kw)
    return br, raider


def _flown(br, raider):
    """Turn 1 flown nose to nose: the Brigand at (0,2) facing A, the Raider at (0,0) facing D."""
    ref = Referee.start(1, [br, raider], max_turns=5).plot("Ace", "3SA").plot("Raider", "3SA").move()
    assert ref.state.phase is Phase.COMBAT
    return ref


@pytest.mark.rule("F.combat.order", "F.combat.choice")
def test_turret_orders_round_trip_and_bad_ones_are_refused_by_name():
    for text, canonical in [("hold; turret d at Raider", "hold; turret D at Raider"),
                            ("guns at Raider;turret A", "guns at Raider; turret A"),
                            ("rocket 1 at hex 0,0; rocket 2 at hex 0,1; turret C at X",
                             "rocket 1 at hex 0,0; rocket 2 at hex 0,1; turret C at X")]:
        order = FireOrder.parse(text)
        assert str(order) == canonical and FireOrder.parse(str(order)) == order
    for text, words in [("guns; turret G", "hexside A-F"), ("guns; turret A; turret B", "one turret part"),
                        ("hold; turret A; rocket 1 at hex 0,0", "comes last")]:
        with pytest.raises(FireOrderError) as e:
            FireOrder.parse(text)
        assert e.value.field == "turret" and words in str(e.value), text
    with pytest.raises(FireOrderError):
        FireOrder(turret="A", turret_target="hex 0,1")  # turrets fire at planes


@pytest.mark.rule("F.pilot.gunner", "F.combat.order", "F.combat.arc")
def test_the_gunner_not_the_pilot_fires_the_turret_along_the_row_it_is_turned_through():
    br, raider = _brigand(quick_draw=5, dead_eye=5, steady_hand=3)
    assert br.turret_gunpoints == (7, 8) and [gp for gp, _, _ in br.working_guns] == [3, 4, 5, 6]
    g = gunner(br)
    assert g == gunner_of(Pilot("Ace", quick_draw=5, dead_eye=5, steady_hand=3), "Ace's gunner")
    assert (g.quick_draw, g.dead_eye, g.steady_hand) == (4, 4, 2)
    ref = _flown(br, raider)
    with pytest.raises(FireOrderError) as e:
        ref.fire("Ace", "gun 7 at Raider")  # the pilot cannot fire the turret's guns
    assert e.value.field == "guns" and "in the turret" in str(e.value)
    said = ref.fire("Ace", "hold; turret A at Raider").state.report[-1]
    assert "Ace's gunner (Quick Draw 4, Dead Eye 4) turns the turret through hexside A" in said
    # the turret turned astern has the Raider in no row of its; the Raider has no turret at all
    with pytest.raises(FireOrderError) as e:
        ref.fire("Ace", "hold; turret D at Raider")
    assert e.value.field == "turret" and "not in the column straight ahead" in str(e.value)
    with pytest.raises(FireOrderError) as e:
        ref.fire("Raider", "hold; turret A at Ace")
    assert e.value.field == "turret" and "has no turret" in str(e.value)
    # the to-hit number is the gunner's: his Dead Eye 4, not the pilot's 5
    ok, tn, _, side = aim(ref.state.plane("Ace"), "A", ref.state.plane("Raider"), "mg-30", 1)
    assert ok and side is not None and "- 4 Dead Eye 4" in str(tn)


@pytest.mark.rule("F.combat.order", "F.hitloc.table", "F.dmg.template")
def test_the_turret_fires_after_every_pilot_and_its_hits_share_one_location_roll():
    br, raider = _brigand(quick_draw=5, dead_eye=5)
    state = apply(_flown(br, raider).state, Action("fire", "Ace", "hold; turret A at Raider"), Dice(0))
    # the Ace's pilot holds; the Raider's three guns miss (1, 1, 1); the turret: 10, 10 hit, location 5 (nose),
    # columns 3 and 4
    dice = ScriptedDice([1, 1, 1, 10, 10, 5, 3, 4])
    after = apply(state, Action("combat"), dice)
    assert dice.remaining == []
    said = list(after.report)
    last_pilot = max(i for i, x in enumerate(said) if x.startswith("Raider fires a"))
    turret = [i for i, x in enumerate(said) if x.startswith("Ace's turret fires a .30 machine gun")]
    assert len(turret) == 2 and last_pilot < turret[0]
    assert any(x.startswith("Raider takes 2 turret hits through hexside A: hit location d10 5 -> Nose table") for x in said)
    assert after.plane("Raider").hits_taken == 2


@pytest.mark.rule("F.dmg.canopy", "F.shock", "F.pilot.gunner")
def test_a_rear_canopy_hit_on_a_turret_fighter_shocks_the_gunner_whose_turret_then_fires_at_plus_two():
    br, raider = _brigand()
    sheet = br.record.hit(DamageTable.TAIL, 1, "mg-50-AP", turn=1).sheet
    r = sheet.hit(DamageTable.TAIL, 1, "mg-50-AP", turn=1)  # the second hit reaches the rear canopy
    effects = [e for e in r.effects if e.roll is not None]
    assert [(e.who, e.rule) for e in effects] == [("gunner", "F.dmg.canopy")]
    said: list[str] = []
    hit = _crew_rolls(dataclasses.replace(br, sheet=r.sheet), effects, ScriptedDice([1]), 1, said)
    assert hit.gunner_shocked_turn == 1 and not hit.plane.shocked  # the gunner, not the pilot
    assert "gunner rolls against shock" in said[0] and "SHOCKED -- his turret fires at +2" in said[0]
    assert gunner_shocked(hit, 1) and gunner_shocked(hit, 2) and not gunner_shocked(hit, 3)
    flown = _flown(hit, raider).state  # turn 1, the gunner shocked in it
    ok, tn, _, _ = aim(flown.plane("Ace"), "A", flown.plane("Raider"), "mg-30", flown.turn)
    assert ok and "- 4 Dead Eye 4 + 2 firer shocked" in str(tn)
    assert "shocked" not in str(aim(flown.plane("Ace"), "A", flown.plane("Raider"), "mg-30", 3)[1])  # over by turn 3
    # hit again while shocked: he rolls at +2
    said = []
    _crew_rolls(hit, effects, ScriptedDice([10]), 2, said)
    assert "already shocked" in said[0]
    # the same roll on a plane without a turret names a gunner it does not have: nothing follows
    plain, _ = demo_planes()
    said = []
    assert _crew_rolls(plain, effects, ScriptedDice([1]), 1, said) == plain and "nothing follows" in said[0]


@pytest.mark.rule("F.combat.order", "F.rocket.flare")
def test_the_legal_actions_offer_the_turret_and_a_flare_catches_the_gunner_too():
    br, raider = _brigand()
    br = dataclasses.replace(br, rockets=("flare-rocket",))
    game = new_game("fasa", seed=1, setup=setup_of([br, raider], max_turns=5)).play(
        "plot Ace 3SA", "plot Raider 3SA", "move")
    listed = [str(a) for a in game.legal_actions("Ann")]
    assert "fire Ace hold; turret A at Raider" in listed and "fire Ace hold; turret D at Raider" not in listed
    # the Raider's flare at the Brigand's hex: pilot and gunner both roll
    raider_flare = dataclasses.replace(raider, rockets=("flare-rocket",))
    ref = _flown(br, raider_flare).fire("Raider", "rocket 1 at hex 0,2").fire("Ace", "hold")
    after = ref.combat().state
    assert any("Ace's pilot rolls against the flare rocket" in x for x in after.report)
    assert any("Ace's gunner rolls against the flare rocket" in x for x in after.report)


@pytest.mark.rule("F.combat.order", "F.combat.choice")
def test_the_tactical_computer_weighs_a_turret_order_by_the_referees_own_odds():
    from cs_panel.bots import _fire_value
    from cs_panel.fasa.damage import template_for

    br, raider = _brigand()
    state = _flown(br, raider).state
    ace = state.plane("Ace")
    tns = [aim(ace, "A", state.plane("Raider"), g, state.turn)[1] for _, g, _ in [(7, "mg-30", "AP"), (8, "mg-30", "AP")]]
    want = sum(float(tn.chance) for tn in tns if tn) * template_for("mg-30", "AP").boxes
    value, expected, why = _fire_value(state, ace, "hold; turret A at Raider")
    assert value == pytest.approx(want) and expected == pytest.approx(want) and "the turret" in why
    assert _fire_value(state, ace, "hold; turret D at Raider")[0] == 0.0  # nothing in that row


@pytest.mark.rule("F.dmg.pilot", "F.dmg.canopy", "F.pilot.gunner")
def test_pilot_boxes_wound_the_pilot_not_the_gunner_who_keeps_constitution_three_and_fires():
    # the recovered turret sheet has one crew location, the pilot's (RULINGS.md): two boxes there
    # cost the pilot two points; the gunner still rolls at his own Constitution 3 and still fires
    br, raider = _brigand(constitution=4)
    pl = br.record.diagram.components["PL"].cells[:2]
    wounded = dataclasses.replace(br.record, marks=br.record.marks + tuple((c, r, "hit") for c, r in pl))
    assert wounded.pilot_wounds == 2 and wounded.pilot_constitution == 2 and not wounded.pilot_dead
    rear = wounded.hit(DamageTable.TAIL, 1, "mg-50-AP", turn=1).sheet.hit(DamageTable.TAIL, 1, "mg-50-AP", turn=1)
    (roll,) = [e for e in rear.effects if e.roll is not None]
    assert roll.who == "gunner" and roll.roll.total == 10 - 3  # the gunner's 3, not the pilot's 2
    said: list[str] = []
    hurt = _crew_rolls(dataclasses.replace(br, sheet=rear.sheet), [roll], ScriptedDice([10]), 1, said)
    assert "keeps his head" in said[0] and hurt.record.pilot_constitution == 2
    flown = _flown(hurt, raider)
    said_order = flown.fire("Ace", "hold; turret A at Raider").state.report[-1]
    assert "Ace's gunner (Quick Draw" in said_order and "turns the turret through hexside A" in said_order
