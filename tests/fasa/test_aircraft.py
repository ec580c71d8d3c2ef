"""FASA aircraft statistics as data (F.plane.stats, FASA p.20-21): the packaged table, its range
checks, and the bridge to the movement rules."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cs_panel.core.data import load_table
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.fasa.aircraft import (ACCELERATION, AIRCRAFT_SCHEMA, BASE_TO_HIT, MAX_SPEED, WING_GS, Aircraft,
                                    aircraft, choices, plane, planes)
from cs_panel.fasa.movement import PlaneState, PushKind, plan
from cs_panel.fasa.reach import reachable

pytestmark = pytest.mark.rule("F.plane.stats")


def _doc() -> dict:
    """The packaged file as a JSON document, to make user files from."""
    return json.loads(json.dumps({"title": "copy", "entries": [
        {"id": e.id, "provenance": e.provenance, "source": e.source, **dict(e.values)} for e in aircraft()]}))


def _write(tmp_path, doc, name="my_planes.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return str(path)


def test_the_packaged_table_loads_53_recovered_planes_with_sources():
    table = aircraft()
    assert len(table) == 53 == len(planes())
    assert all(e.provenance == "recovered" and e.badge == "recovered" for e in table)
    assert table["devastator"].source == "Aeronaut data/aircrafts/Devastator.ae (research/fasa_data.md 5.2)"
    assert all(e.source.startswith("Aeronaut data/aircrafts/") and e.source.endswith(".ae (research/fasa_data.md 5.2)")
               for e in table)


def test_every_entry_is_inside_the_rules_ranges_or_flagged():
    for a in planes():
        assert MAX_SPEED[0] <= a.max_speed <= MAX_SPEED[1], a.id
        assert WING_GS[0] <= a.port_gs <= WING_GS[1] and WING_GS[0] <= a.starboard_gs <= WING_GS[1], a.id
        assert ACCELERATION[0] <= a.acceleration <= min(ACCELERATION[1], a.max_speed), a.id
        assert a.deceleration == 2, a.id
        assert BASE_TO_HIT[0] <= a.base_to_hit <= BASE_TO_HIT[1], a.id
        # anything the source gives beyond the rules is kept as text and listed, not hidden
        if a.base_to_hit_note is not None or a.bomber or any(g.gunpoint > 8 for g in a.guns):
            assert a.rules_notes, a.id
        else:
            assert a.rules_notes == (), a.id


def test_bombers_keep_the_tools_text_and_are_flagged():
    b16 = plane("b16")
    assert b16.base_to_hit == 1 and b16.base_to_hit_note == "1(-4) (idx 19)"
    assert any("below the rules' lowest of 1" in n for n in b16.rules_notes)
    assert any("[9, 10]" in n for n in b16.rules_notes)  # ten turret guns, beyond the sheet's eight
    assert b16.armour_of("port_bow") == 80 and b16.armour_of("starboard_stern") == 80
    # the order of the extra sections follows the tool's file: bows first, then sterns
    somerset = plane("somerset")
    assert [somerset.armour_of(s) for s in ("port_bow", "starboard_bow", "port_stern", "starboard_stern")] == [90, 90, 80, 80]
    assert plane("he101").base_to_hit_note == "1 (idx 12)"
    assert not any("below" in n for n in plane("he101").rules_notes)
    assert {a.id for a in planes() if a.base_to_hit_note} == {a.id for a in planes() if a.bomber}


def test_devastator_mk3_has_four_40s_speed_4_and_gs_3_3():
    dev = plane("devastator")
    assert dev.name == "P21-JMKIII Devastator" and dev.maker == "Hughes"
    assert [(g.gunpoint, g.calibre, g.grade, g.turret) for g in dev.guns] == [
        (5, ".40", "normal", False), (6, ".40", "normal", False), (7, ".40", "normal", False), (8, ".40", "normal", False)]
    assert dev.max_speed == 4 and (dev.port_gs, dev.starboard_gs) == (3, 3)
    assert dev.acceleration == 3 and dev.base_to_hit == 5 and dev.hardpoints == 6
    assert dev.frame == "fighter" and dev.propulsion == "pusher"
    assert dict(dev.armour) == {"nose": 50, "tail": 50, "port_wing_leading": 30, "starboard_wing_leading": 30,
                                "port_wing_trailing": 30, "starboard_wing_trailing": 30}
    assert dev.characteristics == ("Cramped Cockpit", "Difficult to Bail") and dev.rules_notes == ()


def test_brigand_btn_6_speed_3_and_the_high_torque_wings():
    brigand = plane("brigand")
    assert brigand.base_to_hit == 6 and brigand.max_speed == 3
    # one G rating of 2 plus the High Torque Engine's extra port G (research/fasa_data.md 5.2)
    assert (brigand.port_gs, brigand.starboard_gs) == (3, 2) and "High Torque Engine" in brigand.characteristics
    assert [str(g) for g in brigand.guns if g.turret] == ["7: .30 turret", "8: .30 turret"]
    warhawk = plane("warhawk")
    assert warhawk.max_speed == 2 and (warhawk.port_gs, warhawk.starboard_gs) == (3, 3)


def test_gun_grades_are_read_from_the_suffixes():
    assert {g.grade for g in plane("cazador").guns} == {"inferior"}
    assert [str(g) for g in plane("groundhog").guns][:3] == ["1: .50 superior turret", "2: .50 superior turret", "3: .30 superior"]
    assert plane("gunslinger").guns == () and plane("metroliner").guns == ()


@pytest.mark.rule("F.plane.stats", "F.move.capability", "F.move.push-gs", "F.move.redline", "F.move.accel-decel")
def test_capabilities_feed_the_movement_rules():
    dev = plane("devastator")
    state = PlaneState(dev.capabilities(), speed=3, natural_touch=4)
    p = plan(state, "3L2F")
    assert p.legal and not p.pushes
    # 3R0D pulls 4 G against the starboard wing's 3: one Gs push at 8 + 1 - 4
    (push,) = plan(state, "3R0D").pushes
    assert push.target.total == 8 + 1 - 4
    # the High Torque Aguila (port 3, starboard 1) pulls a 2 G turn free to port, not to starboard
    aguila = PlaneState(plane("aguila").capabilities(), speed=3)
    assert plan(aguila, "3L2E").gs == plan(aguila, "3R2C").gs == 2
    assert not plan(aguila, "3L2E").pushes
    assert [x.kind for x in plan(aguila, "3R2C").pushes] == [PushKind.GS]
    # the Longhorn (max speed 1, acceleration 1) redlines at speed 2 and also over-accelerates at 3
    longhorn = PlaneState(plane("longhorn").capabilities(), speed=1)
    assert not plan(longhorn, "1SA").pushes
    assert [x.kind for x in plan(longhorn, "2SA").pushes] == [PushKind.TOP_SPEED]
    assert [x.kind for x in plan(longhorn, "3SA").pushes] == [PushKind.ACCELERATION, PushKind.TOP_SPEED]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([a.id for a in planes()]))
def test_every_plane_can_fly_at_least_one_maneuver_without_a_push(plane_id):
    a = plane(plane_id)
    state = PlaneState(a.capabilities(), speed=min(a.max_speed, 2))
    options = reachable(state)
    assert any(o.legal and not o.pushes for o in options)


def test_an_unknown_plane_is_named():
    with pytest.raises(RuleInputError, match="unknown plane 'spitfire'") as info:
        plane("spitfire")
    assert info.value.field == "plane"


def test_a_users_own_table_loads(tmp_path):
    doc = {"title": "mine", "entries": [_doc()["entries"][0] | {"id": "my-plane", "name": "My Plane", "provenance": "sample",
                                                                  "source": "our club's sheet"}]}
    path = _write(tmp_path, doc)
    (a,) = planes(path)
    assert isinstance(a, Aircraft) and a.name == "My Plane" and a.provenance == "sample"


@pytest.mark.parametrize("field, value, complaint", [
    ("max_speed", 6, "6 is outside 1-5 (Max Speed runs 1-5"),
    ("port_gs", -1, "-1 is outside 0-5"),
    ("acceleration", 4, "4 is outside 1-3"),
    ("deceleration", 3, "every plane decelerates 2"),
    ("base_to_hit", 11, "11 is outside 1-10"),
    ("max_speed", "4", "expected int, got '4'"),
    ("frame", "zeppelin", "frame must be one of"),
    ("guns", [{"gunpoint": 5, "calibre": ".45", "grade": "normal", "turret": False}], "calibre must be one of"),
    ("guns", [{"gunpoint": 5, "calibre": ".40", "grade": "normal"}], "must have exactly the keys"),
    ("armour", {"nose": 50}, "armour lacks the section(s)"),
    ("armour", {"nose": 55, "tail": 50, "port_wing_leading": 30, "starboard_wing_leading": 30,
                "port_wing_trailing": 30, "starboard_wing_trailing": 30}, "whole rows of 10"),
])
def test_a_malformed_user_file_is_named_by_file_entry_and_field(tmp_path, field, value, complaint):
    doc = _doc()
    entry = next(e for e in doc["entries"] if e["id"] == "devastator")
    entry[field] = value
    path = _write(tmp_path, doc)
    with pytest.raises(DataFileError) as info:
        aircraft(path)
    message = str(info.value)
    assert message.startswith(f"{path}, entry 'devastator', field '{field}': ")
    assert complaint in message and info.value.field == field and info.value.entry == "devastator"


def test_acceleration_above_max_speed_is_refused(tmp_path):
    doc = _doc()
    entry = next(e for e in doc["entries"] if e["id"] == "longhorn")
    entry["acceleration"] = 2  # max speed 1
    path = _write(tmp_path, doc)
    with pytest.raises(DataFileError, match=r"entry 'longhorn', field 'acceleration': acceleration 2 is above max speed 1"):
        aircraft(path)


def test_a_missing_field_and_a_stray_field_are_named(tmp_path):
    doc = _doc()
    del doc["entries"][3]["max_speed"]
    with pytest.raises(DataFileError, match=r"entry 'avenger', field 'max_speed': missing required field"):
        aircraft(_write(tmp_path, doc, "a.json"))
    doc = copy.deepcopy(_doc())
    doc["entries"][0]["top_speed"] = 400
    with pytest.raises(DataFileError, match=r"entry 'a5', field 'top_speed': unknown field"):
        load_table(_write(tmp_path, doc, "b.json"), AIRCRAFT_SCHEMA)


def test_ratings_and_choices_for_pickers():
    dev = plane("devastator")
    assert dev.ratings() == {"max_speed": 4, "port_gs": 3, "starboard_gs": 3, "acceleration": 3, "deceleration": 2}
    labels = choices()
    assert len(labels) == 53 and labels["P21-JMKIII Devastator (Hughes)"] == "devastator"
    assert labels["Prototype Misericorde (unknown)"] == "misericorde"
    assert list(labels.values()) == [a.id for a in planes()]


@pytest.mark.rule("F.plane.record-sheet")
def test_bombers_say_their_bow_and_stern_armour_is_not_on_the_fighter_sheet():
    # no bomber layout was recovered, so a bomber's sheet is a fighter's and drops its bow and
    # stern armour: the plane's notes must say so, with the values dropped (RULINGS.md)
    from cs_panel.fasa.aircraft import ARMOUR_SECTIONS, BOMBER_SECTIONS
    from cs_panel.fasa.damage import RecordSheet
    for a in planes():
        extra = {t: a.armour_of(t) for t in BOMBER_SECTIONS if a.armour_of(t)}
        notes = [n for n in a.rules_notes if "bow and stern armour" in n]
        if not extra:
            assert notes == [], a.id
            continue
        assert a.bomber and len(notes) == 1, a.id
        for t, v in extra.items():
            assert f"{t} {v}" in notes[0], a.id
        sheet = RecordSheet.for_plane(a)
        assert dict(sheet.armour) == {t: a.armour_of(t) for t in ARMOUR_SECTIONS}, a.id
    b16 = plane("b16")
    (note,) = [n for n in b16.rules_notes if "bow and stern" in n]
    assert "port_bow 80" in note and "starboard_stern 80" in note


@pytest.mark.rule("F.plane.record-sheet")
def test_heavy_fighters_use_the_one_fighter_chart_with_all_their_armour():
    # the text gives one damage chart for every plane, armour apart; a heavy fighter has no
    # sections beyond a fighter's, so its sheet carries every armour point it has
    from cs_panel.fasa.damage import RecordSheet, layout_for
    heavies = [a for a in planes() if a.frame == "heavy_fighter"]
    assert heavies
    for a in heavies:
        sheet = RecordSheet.for_plane(a)
        assert sheet.layout == layout_for(a) in ("tractor", "tractor-turret", "pusher", "pusher-turret"), a.id
        assert sum(v for _, v in sheet.armour) == sum(v for _, v in a.armour), a.id
        assert not any("bow and stern" in n for n in a.rules_notes), a.id
    brigand = plane("brigand")  # turret guns 7-8: the turret sheet, with a gunner
    assert RecordSheet.for_plane(brigand).layout == "tractor-turret"
