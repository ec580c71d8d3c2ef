"""The TailingReveal component, tested without a browser by setting its parameters."""

import math
import html

import pytest

from cs_panel.fasa.hexgrid import Facing, Hex, HexLayout
from cs_panel.fasa.tailing import Reveal, TailFailure
from cs_panel.ui.tailing import COLOURS, TailingReveal
from cs_panel.core.validate import OutOfBoundsError


@pytest.mark.rule("F.tail.position", "F.tail.number", "F.tail.reveal")
def test_defaults_show_the_book_example():
    ui = TailingReveal()
    assert ui.tailing.tails and ui.error == ""
    assert ui.number.total == -1 and str(ui.revealed) == "direction: left"
    assert "Iverian tails Dukes" in ui._verdict.object
    assert "F.tail.number" in ui._number.object
    assert "<i>secret</i>" in ui._reveal.object  # speed, destination and facing stay hidden


@pytest.mark.rule("F.tail.number", "F.tail.reveal")
def test_smoke_and_shock_reveal_more_as_in_the_book():
    ui = TailingReveal()
    ui.leader_smoking = True
    assert ui.number.total == 1 and (ui.revealed.direction, ui.revealed.speed) == ("left", 4)
    ui.leader_shocked = True
    assert ui.number.total == 3 and ui.revealed.level is Reveal.DESTINATION
    assert ui.revealed.destination == "4L3"
    assert "4L3" in ui._reveal.object and "final facing</td><td><i>secret</i>" in ui._reveal.object


@pytest.mark.rule("F.tail.position")
def test_diagram_b_lists_why_there_is_no_tail():
    ui = TailingReveal(follower_facing="B")
    assert not ui.tailing.tails and ui.revealed is None
    assert TailFailure.LEADER_NOT_IN_FRONT_ARC in ui.tailing.failures
    assert "Dukes is not in Iverian's front arc" in html.unescape(ui._verdict.object)
    assert "Nothing is revealed" in ui._reveal.object
    assert ui.verdict.startswith("Iverian does not tail Dukes")


@pytest.mark.rule("F.tail.position")
def test_same_hex_and_the_other_way_round():
    ui = TailingReveal(follower_r=0, follower_speed=2, leader_speed=4)
    assert ui.tailing.tails and ui.tailing.distance == 0
    ui.follower_speed = 5
    assert not ui.tailing.tails and TailFailure.SAME_HEX_NOT_SLOWER in ui.tailing.failures
    assert "The other way round, Dukes tails Iverian" in ui._verdict.object
    xs = ui._planes.data["x"]
    assert xs[0] != xs[1]  # the two planes are drawn side by side in their hex


@pytest.mark.rule("F.tail.position")
def test_shocked_follower_cannot_tail():
    ui = TailingReveal(follower_shocked=True)
    assert not ui.tailing.tails and "shocked" in ui.verdict


@pytest.mark.rule("F.tail.position", "F.pilot.skills")
def test_bad_inputs_show_beside_their_widget_and_keep_the_value():
    ui = TailingReveal()
    before = ui.leader_sixth_sense
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.leader_sixth_sense = 12
    assert refused.value.field == "leader_sixth_sense" and ui.leader_sixth_sense == before
    assert "12 must be 0-10" in ui._errors.message("leader_sixth_sense")  # named beside the box
    ui.leader_sixth_sense = 7 if before == 6 else 6
    assert ui.tailing is not None and ui._errors.message("leader_sixth_sense") == ""
    before = ui.follower_speed
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.follower_speed = -3
    assert refused.value.field == "follower_speed" and ui.follower_speed == before
    ui.follower_speed = 3
    ui.maneuver = "4Q3C"
    assert ui.tailing is None and "4Q3C" in ui._errors.message("maneuver") and ui.maneuver == "4Q3C"
    assert "No answer" in ui._verdict.object
    ui.maneuver = "B"
    assert ui.revealed.direction == "stall"


@pytest.mark.rule("F.tail.position")
def test_map_shades_both_arcs_and_points_the_planes():
    ui = TailingReveal()
    fills = dict(zip(zip(ui._hexes.data["q"], ui._hexes.data["r"]), ui._hexes.data["fill"]))
    # between the planes: ahead of the follower and behind the leader
    assert fills[(0, 1)] == COLOURS["both"]
    assert fills[(0, -2)] == COLOURS["front"]   # ahead of both: only the follower's front arc
    assert fills[(0, 4)] == COLOURS["rear"]     # behind both: only the leader's rear arc
    assert fills[(3, 0)] == COLOURS["plain"]
    ui.leader_facing = "C"
    # the leader's nose (first corner of its arrow) points at the neighbour through hexside C
    geom = HexLayout(size=1.0)
    cx, cy = geom.center(Hex(ui.leader_q, ui.leader_r))
    nx, ny = geom.center(Hex(ui.leader_q, ui.leader_r).neighbor(Facing.C))
    tip = (ui._planes.data["xs"][1][0] - cx, ui._planes.data["ys"][1][0] - cy)
    towards = (nx - cx, ny - cy)
    cos = (tip[0] * towards[0] + tip[1] * towards[1]) / (math.hypot(*tip) * math.hypot(*towards))
    assert cos == pytest.approx(1.0)


@pytest.mark.rule("F.map.hexes")
def test_click_places_the_chosen_plane():
    ui = TailingReveal(place="leader")
    x, y = HexLayout(size=1.0).center(Hex(2, -3))
    assert ui.place_at(x + 0.1, y - 0.1) == Hex(2, -3)
    assert (ui.leader_q, ui.leader_r) == (2, -3)
    assert ui.tailing.distance == Hex(0, 2).distance(Hex(2, -3))


@pytest.mark.rule("F.tail.position", "F.tail.number", "F.tail.reveal")
def test_layout_has_both_planes_inputs_bound_to_the_verdict():
    import panel as pn
    ui = TailingReveal()
    layout = ui.__panel__()
    assert isinstance(layout, pn.Row)
    assert len(layout.select(pn.pane.Bokeh)) == 1
    widgets = layout.select(pn.widgets.Widget)
    # the follower's inputs, then the leader's, then where a click on the map places a plane
    assert [(w.name, w.value) for w in widgets] == [
        ("Name", "Iverian"), ("Hex q", 0), ("Hex r", 2), ("Facing", "A"), ("Speed this turn", 3), ("Sixth Sense", 5),
        ("Shocked", False),
        ("Name", "Dukes"), ("Hex q", 0), ("Hex r", 0), ("Facing", "A"), ("Speed this turn", 4), ("Sixth Sense", 6),
        ("Plane smoking", False), ("Shocked", False), ("Plotted maneuver", "4L3C"),
        ("Click places", "follower"),
    ]
    assert list(widgets[3].options) == [f.name for f in Facing]
    leader_smoking, follower_shocked = widgets[13], widgets[6]
    # the widgets are bound: a smoking leader reveals more, and a shocked follower cannot tail
    leader_smoking.value = True
    assert ui.leader_smoking and ui.number.total == 1
    follower_shocked.value = True
    assert ui.follower_shocked and not ui.tailing.tails and "does not tail" in ui._verdict.object


@pytest.mark.rule("F.tail.reveal", "F.move.plot")
def test_a_plot_that_is_not_on_the_template_shows_beside_the_maneuver():
    ui = TailingReveal()
    ui.maneuver = "3R2D"  # hex 3R2 has no D arrow: no leader can have plotted it
    assert ui.revealed is None and ui.maneuver == "3R2D"
    assert "hex 3R2 has arrows A, B, C, E, F, not D" in ui._errors.message("maneuver")
    ui.maneuver = "3R2B"
    assert ui._errors.message("maneuver") == "" and ui.revealed.direction == "right"


def test_names_of_two_planes_in_one_hex_do_not_overlap():
    from cs_panel.ui.tailing import TailingReveal

    board = TailingReveal(follower_q=0, follower_r=0, leader_q=0, leader_r=0, follower_speed=2, leader_speed=4)
    ys = list(board._planes.data["label_y"])
    assert len(ys) == 2 and abs(ys[0] - ys[1]) > 1.0, ys  # one above, one below: never on one line
