"""Tailing (F.tail.*): position, number and what the leader reveals; the book's Iverian/Dukes example."""

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.errors import SkillOutOfRangeError
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import Maneuver
from cs_panel.fasa.tailing import (
    PlottedMove, Reveal, TailFailure, TailingManeuverError, TailingPlane, TailingPositionError, reveal,
    resolve_tailing, tailing_number, tailing_position, who_tails,
)

hexes = st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6))
facings = st.sampled_from(list(Facing))
speeds = st.integers(0, 5)
planes = st.builds(TailingPlane, hexes, facings, speeds, st.integers(0, 10), st.booleans(), st.booleans())


def plane(q, r, facing="A", speed=3, **kw):
    return TailingPlane(Hex(q, r), Facing[facing], speed, **kw)


# --- the book's example, FASA p.28-29 -------------------------------------------------------


@pytest.mark.rule("F.tail.number", "F.tail.reveal")
def test_iverian_and_dukes_tailing_numbers_and_reveals():
    n = tailing_number(5, 6)
    assert n.total == -1 and n.reveal is Reveal.DIRECTION
    said = n.reveal_of("4L3C")
    assert (said.direction, said.speed, said.destination) == ("left", None, None)

    smoking = tailing_number(5, 6, leader_smoking=True)
    assert smoking.total == 1 and smoking.reveal is Reveal.DIRECTION_AND_SPEED
    said = smoking.reveal_of("4L3C")
    assert (said.direction, said.speed, said.destination) == ("left", 4, None)

    both = tailing_number(5, 6, leader_smoking=True, leader_shocked=True)
    assert both.total == 3 and both.reveal is Reveal.DESTINATION
    said = both.reveal_of("4L3C")
    assert said.destination == "4L3" and "C" not in str(said).replace("secret", "")
    assert [t.value for t in both.terms] == [5, -6, 2, 2]
    assert {t.rule for t in both.terms} == {"F.tail.number"}


@pytest.mark.rule("F.tail.position")
def test_diagram_b_rear_arc_but_not_front_arc_is_no_tail():
    # Iverian sits straight behind Dukes, 2 hexes back, but her nose points one hexside right
    dukes = plane(0, 0, "A", 4, sixth_sense=6, name="Dukes")
    iverian = plane(0, 2, "B", 3, sixth_sense=5, name="Iverian")
    t = tailing_position(iverian, dukes)
    assert not t.tails
    assert TailFailure.LEADER_NOT_IN_FRONT_ARC in t.failures
    assert TailFailure.FOLLOWER_NOT_IN_REAR_ARC not in t.failures  # she is in his rear arc
    assert TailFailure.TOO_FAR not in t.failures
    assert any("front arc" in r for r in t.reasons) and any("same way" in r for r in t.reasons)


@pytest.mark.rule("F.tail.position", "F.tail.number", "F.tail.reveal")
def test_diagram_c_next_turn_tail_holds_and_dukes_reveals_left():
    dukes = plane(3, -4, "B", 4, sixth_sense=6, name="Dukes")
    iverian = plane(1, -2, "B", 3, sixth_sense=5, name="Iverian")
    out = resolve_tailing(iverian, dukes, "4L3C")
    assert out.position.tails and out.position.distance == 2
    assert out.number.total == -1 and str(out.revealed) == "direction: left"
    assert out.leader_says == "Dukes reveals direction: left"


# --- positions beyond the book ---------------------------------------------------------------


@pytest.mark.rule("F.tail.position")
@pytest.mark.parametrize("gap, tails", [(1, True), (2, True), (3, True), (4, False), (6, False)])
def test_within_three_hexes_straight_behind(gap, tails):
    t = tailing_position(plane(0, gap), plane(0, 0))
    assert t.tails is tails
    assert (TailFailure.TOO_FAR in t.failures) is (not tails)


@pytest.mark.rule("F.tail.position")
def test_arc_edges_count_and_the_next_line_out_does_not():
    follower = plane(0, 0, "A")
    # (1,-2) lies on the spine through a corner of the nose hexside: inside the 60-degree wedge
    assert tailing_position(follower, plane(1, -2, "A")).tails
    assert tailing_position(follower, plane(-1, -1, "A")).tails
    # (1,-1) is the hex off the front-right hexside: 60 degrees off the nose
    t = tailing_position(follower, plane(1, -1, "A"))
    assert TailFailure.LEADER_NOT_IN_FRONT_ARC in t.failures and TailFailure.FOLLOWER_NOT_IN_REAR_ARC in t.failures


@pytest.mark.rule("F.tail.position")
def test_leader_behind_the_follower_is_not_tailed():
    t = tailing_position(plane(0, -2), plane(0, 0))
    assert t.failures == TailFailure.LEADER_NOT_IN_FRONT_ARC | TailFailure.FOLLOWER_NOT_IN_REAR_ARC
    assert who_tails(plane(0, -2), plane(0, 0)).follower.hex == Hex(0, 0)


@pytest.mark.rule("F.tail.position")
@pytest.mark.parametrize("follower_speed, leader_speed, tails", [(2, 4, True), (4, 2, False), (3, 3, False)])
def test_same_hex_the_slower_plane_is_behind(follower_speed, leader_speed, tails):
    t = tailing_position(plane(2, 2, "C", follower_speed), plane(2, 2, "C", leader_speed))
    assert t.tails is tails and t.distance == 0
    if not tails:
        assert t.failures == TailFailure.SAME_HEX_NOT_SLOWER
        assert "slower" in t.reasons[0]


@pytest.mark.rule("F.tail.position")
def test_same_hex_still_needs_the_same_facing():
    t = tailing_position(plane(0, 0, "A", 1), plane(0, 0, "D", 5))
    assert t.failures == TailFailure.FACING_DIFFERS


@pytest.mark.rule("F.tail.position", "F.tail.number")
def test_shocked_pilot_cannot_tail_but_can_be_tailed_at_plus_two():
    behind, ahead = plane(0, 1, shocked=True, sixth_sense=4), plane(0, -1, sixth_sense=4)
    t = tailing_position(behind, ahead)
    assert t.failures == TailFailure.FOLLOWER_SHOCKED and "shocked" in str(t)
    out = resolve_tailing(plane(0, 1, sixth_sense=4), plane(0, -1, shocked=True, sixth_sense=4), "3R2B")
    assert out.position.tails and out.number.total == 2
    assert str(out.revealed) == "direction: right, speed: 3"
    assert resolve_tailing(behind, ahead, "3R2B").revealed is None


@pytest.mark.rule("F.tail.position")
def test_every_failure_is_listed_at_once():
    t = tailing_position(plane(0, 0, "D", shocked=True), plane(0, -5, "A"))
    assert t.failures == (TailFailure.FOLLOWER_SHOCKED | TailFailure.FACING_DIFFERS
                          | TailFailure.LEADER_NOT_IN_FRONT_ARC | TailFailure.TOO_FAR)
    assert len(t.reasons) == 4


# --- the number and the reveal ---------------------------------------------------------------


@pytest.mark.rule("F.tail.reveal")
@pytest.mark.parametrize("number, level", [(-10, Reveal.DIRECTION), (-1, Reveal.DIRECTION), (0, Reveal.DIRECTION_AND_SPEED),
                                           (2, Reveal.DIRECTION_AND_SPEED), (3, Reveal.DESTINATION), (14, Reveal.DESTINATION)])
def test_reveal_thresholds(number, level):
    assert Reveal.for_number(number) is level


@pytest.mark.rule("F.tail.reveal", "F.move.plot", "F.move.stall")
def test_reveal_of_straight_immelmann_and_stall():
    assert reveal(5, "3SA").destination == "3S" and reveal(0, "3SA").direction == "straight"
    assert str(reveal(1, "1SD")) == "direction: straight, speed: 1"
    stall = reveal(0, "F")
    assert stall.direction == "stall" and stall.speed == 0


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize("text", ["4L3C", "3SA", "1SD", "2R2A", "3R0D", "B", "4L2"])
def test_notation_round_trips(text):
    assert str(PlottedMove.parse(text)) == text
    assert PlottedMove.parse(str(PlottedMove.parse(text))) == PlottedMove.parse(text)


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize("text", ["", "4X3C", "L3C", "0L2A", "44L", "4L3G", 43])
def test_bad_notation_names_the_field(text):
    with pytest.raises(TailingManeuverError) as e:
        reveal(0, text)
    assert e.value.field == "maneuver"


@pytest.mark.rule("F.tail.number", "F.pilot.skills")
def test_sixth_sense_out_of_range_is_named():
    with pytest.raises(SkillOutOfRangeError) as e:
        tailing_number(11, 3)
    assert e.value.field == "follower_sixth_sense"
    with pytest.raises(SkillOutOfRangeError) as e:
        tailing_number(3, -1)
    assert e.value.field == "leader_sixth_sense"


@pytest.mark.rule("F.tail.position")
def test_bad_plane_inputs_are_named():
    with pytest.raises(TailingPositionError) as e:
        TailingPlane(Hex(0, 0), Facing.A, speed=-1)
    assert e.value.field == "speed"
    with pytest.raises(TailingPositionError) as e:
        TailingPlane((0, 0), Facing.A)
    assert e.value.field == "hex"
    assert TailingPlane(Hex(0, 0), "c").facing is Facing.C


@pytest.mark.rule("F.tail.number")
def test_number_renders_as_html_with_rule_citations():
    page = tailing_number(5, 6, leader_smoking=True)._repr_html_()
    assert "F.tail.number" in page and "FASA p.28" in page and "direction and speed" in page


# --- invariants --------------------------------------------------------------------------------


@pytest.mark.rule("F.tail.position")
@given(planes, planes, st.integers(0, 5), hexes, st.booleans())
def test_tailing_is_invariant_under_rotating_and_mirroring_the_map(a, b, k, centre, mirror):
    def move(p):
        h, f = p.hex.rotate(k, centre), p.facing.turn(k)
        if mirror:
            h, f = h.mirror(), f.mirrored
        return p.moved(h, f)

    before, after = tailing_position(a, b), tailing_position(move(a), move(b))
    assert before.failures == after.failures


@pytest.mark.rule("F.tail.position")
@given(planes, planes)
def test_two_planes_never_tail_each_other(a, b):
    assert not (tailing_position(a, b).tails and tailing_position(b, a).tails)


@pytest.mark.rule("F.tail.number", "F.tail.reveal")
@given(st.integers(0, 10), st.integers(0, 10), st.booleans(), st.booleans())
def test_number_is_the_formula_and_more_number_reveals_more(own, other, smoking, shocked):
    n = tailing_number(own, other, smoking, shocked)
    assert n.total == own - other + 2 * smoking + 2 * shocked
    order = list(Reveal)
    assert order.index(n.reveal) >= order.index(tailing_number(own, other).reveal)


@pytest.mark.rule("F.tail.reveal", "F.move.plot")
def test_reveal_accepts_the_movement_rules_maneuver_objects():
    m = Maneuver.parse("4L3C")
    assert reveal(3, m).destination == "4L3"
    assert reveal(-1, Maneuver.parse("B")).direction == "stall"


@pytest.mark.rule("F.tail.position")
def test_position_draws_itself_as_svg_with_its_verdict():
    t = tailing_position(plane(0, 2, "B", name="Iverian"), plane(0, 0, "A", name="Dukes"))
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "<desc>Iverian does not tail Dukes" in svg
    # the follower's front arc and the leader's rear arc are both shaded, and both planes drawn
    assert "#c6f6d5" in svg and "#feebc8" in svg
    assert svg.count("<title>") == 3 and "Iverian (follower), facing B" in svg  # the drawing's name and each plane's


@pytest.mark.rule("F.tail.position", "F.seq.phases")
def test_tailing_phase_finds_every_enemy_tail_and_ignores_friends():
    from cs_panel.fasa.tailing import tailing_phase

    wing = plane(0, 3, name="Wing")          # friend of Iverian, behind her
    iverian = plane(0, 2, name="Iverian")
    dukes = plane(0, 0, name="Dukes")
    raider = plane(0, -1, name="Raider")     # Dukes' friend, just ahead of him
    sides = {"Wing": "FH", "Iverian": "FH", "Dukes": "RS", "Raider": "RS"}
    found = {(t.follower.name, t.leader.name) for t in tailing_phase([wing, iverian, dukes, raider], sides)}
    assert found == {("Wing", "Dukes"), ("Iverian", "Dukes"), ("Iverian", "Raider")}
    with pytest.raises(TailingPositionError) as e:
        tailing_phase([wing, iverian], {"Wing": "FH"})
    assert e.value.field == "side_of"
    with pytest.raises(TailingPositionError):
        tailing_phase([plane(0, 0), plane(0, 1)], {"": "x"})


@pytest.mark.rule("F.tail.reveal", "F.move.plot")
@pytest.mark.parametrize("text, words", [
    ("3R2D", "hex 3R2 has arrows A, B, C, E, F, not D"),
    ("6SA", "it stops at speed 5"),
    ("3L0A", "no jinking"),
    ("C", "a stall has arrows A, B, F, not C"),
    ("3L4", "no hex '3L4'"),
])
def test_a_move_that_is_not_on_the_template_cannot_be_revealed(text, words):
    from cs_panel.fasa.tailing import ManeuverNotOnTemplateError, on_template

    with pytest.raises(ManeuverNotOnTemplateError) as e:
        reveal(0, text)
    assert e.value.field == "maneuver" and words in str(e.value)
    assert isinstance(e.value, TailingManeuverError)  # still a notation problem of the plotted move
    with pytest.raises(ManeuverNotOnTemplateError):
        resolve_tailing(plane(0, 1), plane(0, -1), text)  # refused even when nobody tails
    assert str(on_template("3R2B")) == "3R2B" and str(on_template("4L2")) == "4L2"  # without a facing: the hex


@pytest.mark.rule("F.tail.reveal", "F.move.plot")
def test_reveal_reads_a_template_of_your_own(tmp_path):
    import json
    from pathlib import Path

    import cs_panel
    from cs_panel.fasa.tailing import ManeuverNotOnTemplateError
    from cs_panel.fasa.template import ManeuverTemplate

    doc = json.loads((Path(cs_panel.__file__).parent / "data" / "fasa" / "maneuver_template.json").read_text("utf-8"))
    for e in doc["entries"]:
        if e["id"] == "3R2":
            e["facings"]["D"] = 4  # this printed template has a 3R2D arrow
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    mine = ManeuverTemplate.load(path)
    assert reveal(3, "3R2D", mine).destination == "3R2"
    assert tailing_number(5, 2).reveal_of("3R2D", mine).destination == "3R2"
    with pytest.raises(ManeuverNotOnTemplateError):
        reveal(3, "3R2D")  # the packaged template still has none
