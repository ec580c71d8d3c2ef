"""Flare and sonic rockets in the referee (F.rocket.flare, F.rocket.sonic, F.seq.phases, F.shock;
FASA p.13-14, 36, 42-43): fired at a hex with no to-hit roll, they go off in step 7 of the combat
phase, once every plane has fired, and each pilot they catch rolls Constitution or is shocked."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.fasa.deployed import blinding_roll
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import IllegalManeuverError
from cs_panel.fasa.play import setup_of
from cs_panel.fasa.referee import Action, FireOrder, FireOrderError, Phase, Referee, apply, demo_planes, fold
from cs_panel.games import new_game


def _flown(rockets=("flare-rocket", "sonic-rocket"), wingman: bool = False, constitution: int = 3):
    """The demo's first turn flown: Ace at (0,2) facing A, the Raider at (0,0) facing D, nose to
    nose 2 hexes apart; Ace carries ``rockets``. With ``wingman``, Ann's second plane Wing ends at
    (0,-2) facing D, its nose pointing straight at (0,-1) and (0,0)."""
    ace, raider = demo_planes()
    ace = dataclasses.replace(ace, rockets=rockets)
    raider = dataclasses.replace(raider, constitution=constitution, sheet=None)
    planes = [ace, raider]
    if wingman:
        wing = dataclasses.replace(ace, name="Wing", rockets=(),
                                   plane=dataclasses.replace(ace.plane, hex=Hex(0, -5), facing=Facing.D, speed=3))
        planes.append(wing)
    ref = Referee.start(1, planes, max_turns=5).plot("Ace", "3SA").plot("Raider", "3SA")
    if wingman:
        ref = ref.plot("Wing", "3SA")
    ref = ref.move()
    assert ref.state.phase is Phase.COMBAT
    return ref


@pytest.mark.rule("F.rocket.flare", "F.rocket.sonic", "F.combat.choice")
def test_flare_and_sonic_orders_round_trip_and_are_aimed_at_a_hex():
    for text in ("rocket 1 at hex 0,0", "rockets at hex 0,1", "rocket 2, rocket 1 at hex 0,-1"):
        order = FireOrder.parse(text)
        assert str(order) == text and FireOrder.parse(str(order)) == order
    ref = _flown()
    # a flare or sonic rocket aimed at a plane is refused by name, with its rule
    with pytest.raises(FireOrderError) as e:
        ref.fire("Ace", "rocket 1 at Raider")
    assert e.value.field == "rockets" and "flare rocket on hardpoint 1 is fired at a hex" in str(e.value)
    assert "F.rocket.flare" in str(e.value)
    with pytest.raises(FireOrderError) as e:
        ref.fire("Ace", "rocket 2 at Raider")
    assert "F.rocket.sonic" in str(e.value)
    # out of the forward column, or beyond range 7
    for order, words in [("rocket 1 at hex 1,0", "not in the column straight ahead"),
                         ("rocket 2 at hex 0,-6", "beyond the weapon's range of 7")]:
        with pytest.raises(FireOrderError) as e:
            ref.fire("Ace", order)
        assert e.value.field == "target" and words in str(e.value) and "F.rocket." in str(e.value), order


@pytest.mark.rule("F.rocket.flare", "F.shock", "F.seq.phases")
def test_a_flare_in_the_raiders_hex_shocks_him_after_every_plane_has_fired_and_he_must_fly_straight():
    ref = _flown().fire("Ace", "rocket 1 at hex 0,0")
    tn = blinding_roll(3)
    assert ref.state.report[-1] == (
        "Ace (Ann) orders: rocket 1 at hex 0,0: the flare rocket needs no to-hit roll and goes off after every plane "
        f"has fired (step 7, F.rocket.flare): Constitution rolls against shock for Raider needs {tn.total} "
        f"(keeps his head {percent(tn.chance)})")
    # Ace fires first (no dice), the Raider's three guns miss (1, 1, 1), then step 7: the Raider rolls 6 < 7
    dice = ScriptedDice([1, 1, 1, 6])
    after = apply(ref.state, Action("combat"), dice)
    assert dice.remaining == []
    said = list(after.report)
    placed = next(i for i, x in enumerate(said) if x.startswith("Ace fires the flare rocket on hardpoint 1"))
    went_off = next(i for i, x in enumerate(said) if x.startswith("step 7: Ace's flare rocket goes off at hex 0,0"))
    last_shot = max(i for i, x in enumerate(said) if x.startswith("Raider fires a"))
    assert placed < last_shot < went_off  # placed as Ace fires, resolved after every shot (F.seq.phases step 7)
    assert "rolled 6: SHOCKED" in said[went_off + 1]
    raider = after.plane("Raider")
    assert raider.plane.shocked and raider.shocked_turn == 1
    assert after.plane("Ace").rockets == ("", "sonic-rocket")  # one shot a hardpoint (F.weap.loadout)
    assert not after.plane("Ace").plane.shocked  # the launcher is immune, though his nose points at the flare
    # the shocked pilot flies straight next turn (F.shock)
    ref = dataclasses.replace(ref, log=ref.log + (Action("combat", faces=(1, 1, 1, 6)),)).tailing()
    with pytest.raises(IllegalManeuverError):
        ref.plot("Raider", "3L2F")
    ref.plot("Raider", "3SA")
    # a roll of 7 or more resists: nobody is shocked
    kept = apply(_flown().fire("Ace", "rocket 1 at hex 0,0").state, Action("combat"), ScriptedDice([1, 1, 1, 7]))
    assert not kept.plane("Raider").plane.shocked and any("keeps his sight and head" in x for x in kept.report)


@pytest.mark.rule("F.rocket.flare", "F.rocket.sonic")
def test_the_launchers_wingman_is_caught_by_a_flare_he_looks_at_and_a_sonic_blast_around_him():
    ref = _flown(wingman=True)
    wing = ref.state.plane("Wing")
    assert (wing.plane.hex, wing.plane.facing) == (Hex(0, -2), Facing.D)
    # the flare at (0,0): the Raider is in the hex, Wing's nose points down the column at it
    said = ref.fire("Ace", "rocket 1 at hex 0,0").state.report[-1]
    assert "for Raider needs 7" in said and "Wing needs 7" in said and "Ace needs" not in said
    # the sonic rocket at (0,-1): its mega-hex holds the Raider (0,0) and Wing (0,-2), not Ace (0,2)
    said = ref.fire("Ace", "rocket 2 at hex 0,-1").state.report[-1]
    assert "F.rocket.sonic" in said and "Raider needs 7" in said and "Wing needs 7" in said
    # Ace (QD 5), Wing (QD 5) tie: a roll-off; rather than script it, play the seeded dice and check the outcome
    game = ref.fire("Ace", "rocket 2 at hex 0,-1").fire("Wing", "hold").combat()
    rolled = [x for x in game.state.report if "rolls against the sonic rocket" in x]
    assert [x.split("'s pilot")[0].strip() for x in rolled] == ["Raider", "Wing"]
    for line in rolled:
        who = line.split("'s pilot")[0].strip()
        face = int(line.split("rolled ")[1].split(":")[0])
        assert game.state.plane(who).plane.shocked == (face < 7)
    assert fold(game.start_state, game.log) == game.state  # replays from the log


@pytest.mark.rule("F.rocket.sonic", "F.shock")
def test_a_pilot_already_shocked_rolls_at_plus_two_and_a_weaker_constitution_needs_more():
    state = _flown(constitution=5).state
    raider = state.plane("Raider")
    shocked = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, shocked=True))
    state = dataclasses.replace(state, planes=(state.plane("Ace"), shocked))
    state = apply(state, Action("fire", "Ace", "rocket 2 at hex 0,1"), Dice(0))
    assert "Raider needs 7" in state.report[-1]  # 10 - 5 + 2 already shocked


@pytest.mark.rule("F.rocket.flare", "F.rocket.sonic", "F.combat.choice")
def test_the_legal_actions_offer_flare_and_sonic_rockets_at_the_forward_column_within_7():
    ace, raider = demo_planes()
    ace = dataclasses.replace(ace, rockets=("flare-rocket", "sonic-rocket"))
    game = new_game("fasa", seed=1, setup=setup_of([ace, raider], max_turns=5)).play(
        "plot Ace 3SA", "plot Raider 3SA", "move")
    listed = [str(a) for a in game.legal_actions("Ann")]
    column = [Hex(0, 2 - k) for k in range(1, 8)]  # Ace at (0,2) facing A: 7 hexes ahead
    for hp in (1, 2):
        assert [x for x in listed if x.startswith(f"fire Ace rocket {hp} at hex")] == \
            [f"fire Ace rocket {hp} at hex {h.q},{h.r}" for h in column]
    # one is played through the protocol: the transcript tells the roll of step 7
    game = game.play("fire Ace rocket 1 at hex 0,0", "combat")
    text = game.transcript()
    assert "step 7: Ace's flare rocket goes off at hex 0,0 (F.rocket.flare): Raider must roll Constitution" in text
    assert "Raider's pilot rolls against the flare rocket: needs 10 base - 3 Constitution 3 = 7 (40%)" in text
    assert type(game).from_json(game.to_json()).transcript() == text


# -- rockets at several hexes in one phase (F.combat.choice, F.rocket.flak) ----------------------------


def _loaded_for_salvos():
    return _flown(rockets=("ap-rocket", "flak-rocket", "flak-rocket", "flare-rocket"))


@pytest.mark.rule("F.combat.choice", "F.rocket.flak")
def test_orders_with_rockets_at_several_hexes_round_trip_and_bad_ones_are_refused_by_name():
    for text, canonical in [("rocket 2 at hex 0,0;rocket 3 at 0,-1", "rocket 2 at hex 0,0; rocket 3 at hex 0,-1"),
                            ("rocket 1 at Raider ; rockets at Hex(0, -1)", "rocket 1 at Raider; rockets at hex 0,-1"),
                            ("rocket 2 at hex 0,0; rocket 3 at hex 0,-1; rocket 4 at hex 0,-2",
                             "rocket 2 at hex 0,0; rocket 3 at hex 0,-1; rocket 4 at hex 0,-2")]:
        order = FireOrder.parse(text)
        assert str(order) == canonical and FireOrder.parse(str(order)) == order
    assert FireOrder.parse("rocket 2 at hex 0,0; rocket 3 at hex 0,-1").salvos == (((3,), "hex 0,-1"),)
    for text, field, words in [
            ("guns; rocket 2 at hex 0,0", "salvos", "not with guns"),  # guns or launched weapons, not both
            ("hold; rocket 2 at hex 0,0", "salvos", "not with holding fire"),
            ("rocket 1 at Raider; rocket 2 at Raider", "target", "only rockets aimed at hexes may go to several"),
            ("rocket 2 at hex 0,0; guns", "target", "after ';' comes only rockets aimed at a hex"),
            ("rocket 2 at hex 0,0; rocket 3 at 0,0", "salvos", "hex 0,0 is named twice")]:
        with pytest.raises(FireOrderError) as e:
            FireOrder.parse(text)
        assert e.value.field == field and words in str(e.value) and "F.combat.choice" in str(e.value), text
    with pytest.raises(FireOrderError):
        FireOrder(rockets=(1,), salvos=(((2,), "Raider"),))  # a salvo is aimed at a hex


@pytest.mark.rule("F.combat.choice", "F.rocket.flak", "F.rocket.flare", "F.seq.phases")
def test_flak_at_two_hexes_and_a_flare_at_a_third_beside_a_rocket_at_the_raider_in_one_phase():
    ref = _loaded_for_salvos()
    order = "rocket 1 at Raider; rocket 2 at hex 0,-1; rocket 3 at hex 0,1; rocket 4 at hex 0,0"
    said = ref.fire("Ace", order).state.report[-1]
    assert said.startswith(f"Ace (Ann) orders: {order}: as things stand, chance of 0 hits 30%, 1 hit 70%; "
                           "rocket 2 at hex 0,-1: 1 flak rocket at 3 hexes")
    assert "rocket 3 at hex 0,1: 1 flak rocket at 1 hexes" in said and "rocket 4 at hex 0,0: the flare rocket" in said
    # AP 10 hits, location 1, column 5; the Raider's guns miss (1, 1, 1); the flare: the Raider rolls 9, keeps his head
    dice = ScriptedDice([10, 1, 5, 1, 1, 1, 9])
    after = apply(ref.fire("Ace", order).state, Action("combat"), dice)
    assert dice.remaining == []
    assert [(f.hex, f.hardpoint) for f in after.flak] == [(Hex(0, -1), 2), (Hex(0, 1), 3)]
    assert after.plane("Ace").rockets == ("", "", "", "")
    said = list(after.report)
    # the counters are placed before the to-hit roll (F.seq.phases step 4)
    first_roll = next(i for i, x in enumerate(said) if "armour-piercing rocket on hardpoint 1 at Raider" in x)
    assert all(next(i for i, x in enumerate(said) if x.startswith(f"Ace fires the {w} on hardpoint {hp}")) < first_roll
               for w, hp in (("flak rocket", 2), ("flak rocket", 3), ("flare rocket", 4)))


@pytest.mark.rule("F.combat.choice", "F.rocket.flak")
def test_a_hardpoint_named_in_two_salvos_or_a_lethal_rocket_at_a_hex_is_refused():
    ref = _loaded_for_salvos()
    with pytest.raises(CsPanelError) as e:
        ref.fire("Ace", "rockets at hex 0,0; rocket 3 at hex 0,-1")  # "rockets" already takes hardpoint 3
    assert "hardpoint 3 listed twice" in str(e.value)
    with pytest.raises(FireOrderError) as e:
        ref.fire("Ace", "rocket 2 at hex 0,0; rocket 1 at hex 0,-1")
    assert e.value.field == "rockets" and "AP rocket on hardpoint 1 is fired at a plane, not a hex" in str(e.value)
    with pytest.raises(FireOrderError) as e:
        ref.fire("Ace", "rocket 2 at hex 0,0; rocket 3 at hex 1,0")
    assert e.value.field == "target" and "not in the column straight ahead" in str(e.value)


@given(first=st.lists(st.integers(1, 8), min_size=1, max_size=3, unique=True),
       salvos=st.lists(st.tuples(st.just([0]) | st.lists(st.integers(1, 8), min_size=1, max_size=3, unique=True),
                                 st.integers(-9, 9), st.integers(-9, 9)), max_size=3, unique_by=lambda s: (s[1], s[2])),
       at_plane=st.booleans(), turret=st.sampled_from(["", "A", "D", "F"]),
       turret_target=st.sampled_from(["", "Raider", "Bandit"]))
@pytest.mark.rule("F.combat.choice", "F.combat.order")
def test_every_order_with_salvos_and_a_turret_reads_back_as_written(first, salvos, at_plane, turret, turret_target):
    target = "Raider" if at_plane else "hex 10,10"
    order = FireOrder(rockets=tuple(first), target=target,
                      salvos=tuple((tuple(hps), f"hex {q},{r}") for hps, q, r in salvos),
                      turret=turret, turret_target=turret_target if turret else "")
    assert FireOrder.parse(str(order)) == order
    assert str(order).count(";") == len(salvos) + bool(turret)


@pytest.mark.rule("F.combat.choice", "F.rocket.flak")
def test_a_game_with_flak_at_two_hexes_saves_and_replays_on_the_protocol():
    ace, raider = demo_planes()
    ace = dataclasses.replace(ace, rockets=("flak-rocket", "flak-rocket"))
    game = new_game("fasa", seed=2, setup=setup_of([ace, raider], max_turns=5)).play(
        "plot Ace 3SA", "plot Raider 3SA", "move", "fire Ace rocket 1 at hex 0,0;rocket 2 at hex 0,-1", "combat")
    assert [f.hex for f in game.state.game.flak] == [Hex(0, 0), Hex(0, -1)]
    again = type(game).from_json(game.to_json())
    assert again.transcript() == game.transcript()
    assert "fire Ace rocket 1 at hex 0,0; rocket 2 at hex 0,-1" in game.transcript()
