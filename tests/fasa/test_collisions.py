"""Collisions (F.collide.*) and objects on a plotted path (F.move.path-objects)."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import DataFileError
from cs_panel.core.variants import OFFICIAL, VARIANTS, RuleSet
from cs_panel.fasa.collisions import (
    CollisionInputError, Flyer, Obstacle, PilotedCollisionRoll, SharedHex, avoid_object, collision_attitude,
    collision_damage, objects, path_collision_checks, resolve_shared_hex,
)
from cs_panel.fasa.hexgrid import Facing, Hex

FLAK = RuleSet.of("fasa.collision-flak")


# --- non-piloted objects ---------------------------------------------------------------------


@pytest.mark.rule("F.collide.object", "F.collide.object-btn")
def test_book_examples_nacelle_three_building_nine():
    assert avoid_object("nacelle").total == 3
    assert avoid_object("building").total == 9
    assert avoid_object("train").total == 7
    assert avoid_object("nacelle").chance == Fraction(8, 10)
    assert avoid_object("building").chance == Fraction(2, 10)


@pytest.mark.rule("F.collide.object-btn")
def test_object_table_is_rules_data_with_sources():
    table = objects()
    assert {e.id: (e["low"], e["high"]) for e in table} == {
        "plane": (1, 10), "nacelle": (7, 7), "small-object": (7, 7), "train": (3, 3), "building": (1, 1)}
    assert all(e.provenance == "rules" and "Object Target Number Table" in e.source for e in table)


@pytest.mark.rule("F.collide.object", "F.shock")
def test_agreed_number_and_shock():
    t = avoid_object(5, shocked=True)
    assert t.total == 10 - 5 + 2
    assert [m.rule for m in t.terms] == ["F.collide.object", "F.collide.object-btn", "F.shock"]


@pytest.mark.rule("F.collide.object-btn")
def test_plane_needs_its_own_number_and_unknown_objects_are_named():
    with pytest.raises(CollisionInputError, match="base to-hit number") as e:
        avoid_object("plane")
    assert e.value.field == "object"
    with pytest.raises(CollisionInputError, match="unknown object 'windmill'"):
        avoid_object("windmill")
    with pytest.raises(CollisionInputError) as e:
        avoid_object(11)
    assert e.value.field == "object"


@pytest.mark.rule("F.collide.object-btn")
def test_players_may_swap_in_their_own_table(tmp_path):
    own = tmp_path / "objects.json"
    own.write_text(json.dumps({"entries": [
        {"id": "windmill", "name": "windmill", "kind": "object", "low": 4, "high": 4,
         "provenance": "sample", "source": "agreed at our table"}]}))
    t = avoid_object("windmill", table=objects(str(own)))
    assert t.total == 6 and "sample" in t.notes[0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"entries": [{"id": "x", "name": "x", "kind": "object", "low": 12, "high": 12,
                                            "provenance": "sample", "source": "s"}]}))
    with pytest.raises(DataFileError, match="'x'"):
        objects(str(bad))


# --- paths through objects -------------------------------------------------------------------


@pytest.mark.rule("F.move.path-objects", "F.collide.object")
def test_path_through_a_building_forces_a_roll_at_that_step():
    path = [Hex(0, 0), Hex(0, -1), Hex(-1, -1), Hex(-2, -1)]
    checks = path_collision_checks(path, [Obstacle(Hex(-1, -1), "building"), Obstacle(Hex(5, 5), "train")])
    assert [(c.step, c.obstacle.kind, c.target.total) for c in checks] == [(2, "building", 9)]


@pytest.mark.rule("F.move.path-objects")
def test_start_hex_is_not_checked_but_destination_and_stall_are():
    nacelle = Obstacle(Hex(0, 0), "nacelle")
    assert path_collision_checks([Hex(0, 0), Hex(0, -1)], [nacelle]) == []
    assert [c.step for c in path_collision_checks([Hex(0, 1), Hex(0, 0)], [nacelle])] == [1]
    stall = path_collision_checks([Hex(0, 0)], [nacelle])
    assert len(stall) == 1 and stall[0].target.total == 3


@pytest.mark.rule("F.move.path-objects")
def test_two_objects_in_one_hex_mean_two_rolls_in_path_order():
    path = [Hex(0, 0), Hex(0, -1), Hex(0, -2)]
    obs = [Obstacle(Hex(0, -2), 2, name="radio mast"), Obstacle(Hex(0, -1), "nacelle"), Obstacle(Hex(0, -2), "train")]
    checks = path_collision_checks(path, obs, shocked=True)
    assert [(c.step, c.obstacle.label, c.target.total) for c in checks] == [
        (1, "nacelle", 5), (2, "radio mast", 10), (2, "train", 9)]


@pytest.mark.rule("F.move.path-objects")
def test_bad_path_is_named():
    with pytest.raises(CollisionInputError) as e:
        path_collision_checks([], [])
    assert e.value.field == "path"
    with pytest.raises(CollisionInputError) as e:
        path_collision_checks([(0, 0)], [])
    assert e.value.field == "path"


# --- piloted planes in one hex ---------------------------------------------------------------


@pytest.mark.rule("F.collide.piloted")
def test_enemies_choose_and_equal_numbers_collide():
    hex_ = [Flyer("Iverian", "Fortune Hunters"), Flyer("Dukes", "Red Skull Legion")]
    assert SharedHex(tuple(hex_)).choosers == ("Iverian", "Dukes")
    hit = resolve_shared_hex(hex_, {"Iverian": 4, "Dukes": 4})
    assert hit.collided == {"Iverian", "Dukes"} and hit.roll is None
    miss = resolve_shared_hex(hex_, {"Iverian": 4, "Dukes": 5})
    assert not miss.collisions and "no collision" in str(miss)


@pytest.mark.rule("F.collide.piloted")
def test_teammates_with_radios_alone_need_no_check():
    shared = SharedHex((Flyer("A", "red"), Flyer("B", "red")))
    assert shared.pairs == () and shared.rollers == () and shared.choosers == ()
    assert not resolve_shared_hex(list(shared.flyers), {}).collisions


@pytest.mark.rule("F.collide.piloted", "F.dmg.radio")
def test_radio_dead_teammates_roll_one_chance_in_ten():
    shared = SharedHex((Flyer("A", "red", radio=False), Flyer("B", "red")))
    assert shared.rollers == ("A", "B") and shared.choosers == ()
    event = PilotedCollisionRoll(shared, ())
    assert event.chance == Fraction(1, 10)
    assert event.outcomes()[frozenset()] == Fraction(9, 10)
    hit = resolve_shared_hex(list(shared.flyers), {}, ScriptedDice([6, 6]))
    assert hit.numbers == {"A": 6, "B": 6} and hit.collisions == {("A", "B")}
    with pytest.raises(CollisionInputError) as e:
        resolve_shared_hex(list(shared.flyers), {})
    assert e.value.field == "dice"


@pytest.mark.rule("F.collide.piloted")
def test_pilot_and_own_wingman_never_collide_even_without_radio():
    lead, wing = Flyer("Lead", "red", radio=False, partner="Wing"), Flyer("Wing", "red", radio=False)
    shared = SharedHex((lead, wing))
    assert shared.pairs == ()
    with_enemy = SharedHex((lead, wing, Flyer("Bandit", "blue")))
    assert set(with_enemy.pairs) == {("Lead", "Bandit"), ("Wing", "Bandit")}
    # lead and wingman both choose 3: each hits the bandit who also chose 3, never each other
    out = resolve_shared_hex(list(with_enemy.flyers), {"Lead": 3, "Wing": 3, "Bandit": 3})
    assert out.collisions == {("Lead", "Bandit"), ("Wing", "Bandit")}


@pytest.mark.rule("F.collide.piloted")
def test_enemy_in_the_hex_makes_radio_teammates_roll_with_exact_odds():
    shared = SharedHex((Flyer("A1", "red"), Flyer("A2", "red"), Flyer("B", "blue")))
    assert shared.rollers == ("A1", "A2") and shared.choosers == ("B",)
    event = PilotedCollisionRoll(shared, (("B", 5),))
    # nobody collides when A1 avoids 5 and A2 avoids both 5 and A1's number
    assert event.outcomes()[frozenset()] == Fraction(9, 10) * Fraction(8, 10)
    assert event.outcomes()[frozenset({("A1", "A2"), ("A1", "B"), ("A2", "B")})] == Fraction(1, 100)
    assert sum(event.outcomes().values()) == 1


@pytest.mark.rule("F.collide.object", "F.collide.piloted")
def test_an_object_in_the_hex_makes_radio_teammates_check():
    assert SharedHex((Flyer("A", "red"), Flyer("B", "red")), object_present=True).rollers == ("A", "B")


@pytest.mark.rule("F.collide.piloted")
def test_pick_errors_are_named():
    hex_ = [Flyer("Iverian", "F"), Flyer("Dukes", "R")]
    with pytest.raises(CollisionInputError) as e:
        resolve_shared_hex(hex_, {"Iverian": 11, "Dukes": 2})
    assert e.value.field == "pick_Iverian"
    with pytest.raises(CollisionInputError) as e:
        resolve_shared_hex(hex_, {"Iverian": 1})
    assert e.value.field == "pick_Dukes"
    mates = [Flyer("A", "red", radio=False), Flyer("B", "red")]
    with pytest.raises(CollisionInputError, match="rolls with the teammates") as e:
        resolve_shared_hex(mates, {"A": 2}, ScriptedDice([1, 2]))
    assert e.value.field == "pick_A"
    with pytest.raises(CollisionInputError, match="share the name"):
        SharedHex((Flyer("A", "red"), Flyer("A", "blue")))
    with pytest.raises(CollisionInputError, match="another side"):
        SharedHex((Flyer("A", "red", partner="B"), Flyer("B", "blue")))


flyer_lists = st.lists(
    st.builds(Flyer, st.sampled_from(["a", "b", "c", "d"]), st.sampled_from(["red", "blue"]), st.booleans(),
              st.sampled_from([None, "a", "b", "c", "d"])),
    min_size=2, max_size=4, unique_by=lambda f: f.name,
).filter(lambda fs: all(f.partner != f.name for f in fs))


@pytest.mark.rule("F.collide.piloted")
@settings(max_examples=40, deadline=None)
@given(flyer_lists, st.booleans(), st.data())
def test_collision_odds_sum_to_one_and_partners_never_collide(flyers, obj, data):
    sides = {f.name: f.side for f in flyers}
    flyers = [f if f.partner is None or sides.get(f.partner, f.side) == f.side else Flyer(f.name, f.side, f.radio)
              for f in flyers]
    shared = SharedHex(tuple(flyers), obj)
    picks = tuple((n, data.draw(st.integers(1, 10))) for n in shared.choosers)
    event = PilotedCollisionRoll(shared, picks)
    odds = event.outcomes()
    assert sum(odds.values()) == 1
    by_name = {f.name: f for f in flyers}
    for outcome in odds:
        for a, b in outcome:
            assert not (by_name[a].partner == b or by_name[b].partner == a) or by_name[a].side != by_name[b].side


# --- damage ------------------------------------------------------------------------------------


@pytest.mark.rule("F.collide.damage")
def test_printed_rule_destroys_both_planes():
    d = collision_damage(7, 4)
    assert d.destroyed and d.must_bail_out and d.flak_hits is None
    assert "bail out" in str(d)
    assert collision_damage(7, "building", OFFICIAL).destroyed


@pytest.mark.rule("F.collide.damage")
def test_optional_flak_rule_iverian_and_dukes():
    assert "fasa.collision-flak" in VARIANTS and VARIANTS["fasa.collision-flak"].rule == "F.collide.damage"
    iverian = collision_damage(7, 4, FLAK, own_facing=Facing.A, other_facing=Facing.E)
    dukes = collision_damage(4, 7, FLAK, own_facing=Facing.E, other_facing=Facing.A)
    assert iverian.flak_hits.total == 10 and dukes.flak_hits.total == 7
    assert not iverian.destroyed
    # headings two hexsides apart: Iverian is struck from her front-right, Dukes from his front-left (port front)
    assert iverian.attitude is Facing.B and dukes.attitude is Facing.F
    assert collision_damage(6, "building", FLAK).flak_hits.total == 13


@pytest.mark.rule("F.collide.damage")
@given(st.sampled_from(list(Facing)), st.sampled_from(list(Facing)))
def test_collision_angles_mirror_each_other(f, g):
    a, b = collision_attitude(f, g), collision_attitude(g, f)
    assert b is a.mirrored
    assert collision_attitude(f, None) is Facing.A


@pytest.mark.rule("F.collide.damage")
def test_bad_base_numbers_are_named():
    with pytest.raises(CollisionInputError) as e:
        collision_damage(0, 4)
    assert e.value.field == "own_base"
    with pytest.raises(CollisionInputError) as e:
        collision_damage(4, 12, FLAK)
    assert e.value.field == "other_base"


@pytest.mark.rule("F.collide.damage", "F.hit.deflection")
def test_attitude_is_named_as_in_the_deflection_table():
    dukes = collision_damage(4, 7, FLAK, own_facing=Facing.E, other_facing=Facing.A)
    assert dukes.attitude_label == "front arc, one hexside off centre (port side)"
    assert "struck on hexside F" in str(dukes)
    head_on = collision_damage(4, 7, FLAK, own_facing=Facing.A, other_facing=Facing.D)
    assert head_on.attitude_label == "nose to nose"
    assert collision_damage(4, 7, FLAK).attitude_label == ""


@pytest.mark.rule("F.collide.piloted")
def test_a_pick_for_a_plane_not_in_the_hex_is_named():
    with pytest.raises(CollisionInputError, match="Ghost is not in this hex") as e:
        resolve_shared_hex([Flyer("Iverian", "F"), Flyer("Dukes", "R")], {"Iverian": 1, "Dukes": 2, "Ghost": 3})
    assert e.value.field == "pick_Ghost"


@pytest.mark.rule("F.collide.piloted")
@settings(max_examples=40, deadline=None)
@given(flyer_lists, st.booleans(), st.data())
def test_fast_odds_equal_rolling_through_every_face(flyers, obj, data):
    from cs_panel.core.dice import ChanceEvent

    sides = {f.name: f.side for f in flyers}
    flyers = [f if f.partner is None or sides.get(f.partner, f.side) == f.side else Flyer(f.name, f.side, f.radio)
              for f in flyers]
    shared = SharedHex(tuple(flyers), obj)
    picks = tuple((n, data.draw(st.integers(1, 10))) for n in shared.choosers)
    event = PilotedCollisionRoll(shared, picks)
    assert event.outcomes() == ChanceEvent.outcomes(event)  # the brute-force enumeration of the base class


@pytest.mark.rule("F.collide.piloted")
def test_six_teammates_without_radios_are_quick_and_exact():
    six = SharedHex(tuple(Flyer(f"p{i}", "red", radio=False) for i in range(6)))
    odds = PilotedCollisionRoll(six, ()).outcomes()
    assert sum(odds.values()) == 1
    assert odds[frozenset()] == Fraction(10 * 9 * 8 * 7 * 6 * 5, 10 ** 6)  # all six dice differ
