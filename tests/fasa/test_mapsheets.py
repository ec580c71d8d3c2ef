"""Mapsheet layouts (F.map.sheets), set-up at the home side (F.setup), leaving the map
(F.roe.flee) and victory (F.victory), alone and in the referee."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.errors import DataFileError
from cs_panel.core.state import dumps, loads
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.mapsheets import (
    FLEE_XP, Edge, MapInputError, check_start, departure, layout, layout_names, mapsheets, victory,
)
from cs_panel.fasa.referee import Phase, Referee, RefereeError, demo_planes

FIGHTERS = layout("fighters")


# -- F.map.sheets --------------------------------------------------------------------------------

@pytest.mark.rule("F.map.sheets")
def test_the_three_layouts_of_the_rulebook():
    assert layout_names() == ["fighters", "zeppelin-and-fighters", "two-zeppelins"]
    assert FLEE_XP == -20
    assert FIGHTERS.sheets == ("fighter",)
    zf, zz = layout("zeppelin-and-fighters"), layout("two-zeppelins")
    assert zf.sheets == ("blank", "zeppelin")
    assert zz.sheets == ("zeppelin", "blank", "zeppelin")  # the second zeppelin sheet on the blank's other side
    # sheets join by their long (34-inch) sides, so the field grows across and keeps its height
    assert (FIGHTERS.width_in, FIGHTERS.height_in) == (22, 34)
    assert (zf.width_in, zf.height_in) == (44, 34)
    assert (zz.width_in, zz.height_in) == (66, 34)
    assert (zf.columns, zf.rows) == (2 * FIGHTERS.columns, FIGHTERS.rows)
    # the hex counts are ours, so the layouts say so (and the UI can badge them)
    assert {FIGHTERS.provenance, zf.provenance, zz.provenance} == {"reconstructed"}
    assert mapsheets()["fighters"].provenance == "rules"


@pytest.mark.rule("F.map.sheets", "F.setup")
def test_home_sides_are_the_short_ends_of_the_whole_field():
    assert FIGHTERS.home_edges == (Edge.NORTH, Edge.SOUTH)  # one upright sheet: top and bottom
    assert layout("zeppelin-and-fighters").home_edges == (Edge.WEST, Edge.EAST)  # 44 wide, 34 tall
    assert layout("two-zeppelins").home_edges == (Edge.WEST, Edge.EAST)


@pytest.mark.rule("F.map.sheets")
@pytest.mark.parametrize("name", ["fighters", "zeppelin-and-fighters", "two-zeppelins"])
def test_the_hexes_run_on_across_the_joins(name):
    m = layout(name)
    cells = set(m.hexes())
    assert len(cells) == m.columns * m.rows
    assert Hex(0, 0) in m and m.to_offset(Hex(0, 0)) == (m.columns // 2 - (m.columns // 2) % 2, m.rows // 2)
    # every hex away from the edges has all six neighbours on the map: no seam where sheets meet
    for h in cells:
        col, row = m.to_offset(h)
        inner = 0 < col < m.columns - 1 and 0 < row < m.rows - 1
        if inner:
            assert all(h.neighbor(f) in m for f in Facing), (name, col, row)
    # a column is a straight line of hexes up the map, so facing A runs along it
    col0 = [m.from_offset(5, row) for row in range(m.rows)]
    assert all(b == a.neighbor(Facing.D) for a, b in zip(col0, col0[1:]))


@pytest.mark.rule("F.map.sheets")
@given(st.integers(-80, 80), st.integers(-80, 80))
def test_offsets_round_trip_and_agree_with_contains(q, r):
    m = layout("two-zeppelins")
    h = Hex(q, r)
    col, row = m.to_offset(h)
    assert m.from_offset(col, row) == h
    assert (h in m) == (not m.edges_beyond(h))


@pytest.mark.rule("F.map.sheets")
def test_edges_beyond_and_rows_from_each_edge():
    m = FIGHTERS
    top_left, bottom_right = m.from_offset(0, 0), m.from_offset(m.columns - 1, m.rows - 1)
    assert m.rows_from(top_left, Edge.NORTH) == 0 and m.rows_from(top_left, Edge.WEST) == 0
    assert m.rows_from(top_left, Edge.SOUTH) == m.rows - 1
    assert m.rows_from(bottom_right, Edge.EAST) == 0
    assert m.edges_beyond(top_left.neighbor(Facing.A)) == (Edge.NORTH,)
    assert m.edges_beyond(bottom_right.neighbor(Facing.D)) == (Edge.SOUTH,)
    assert m.edges_beyond(m.from_offset(-1, -1)) == (Edge.NORTH, Edge.WEST)  # past the corner
    assert m.edges_beyond(Hex(0, 0)) == ()
    with pytest.raises(MapInputError, match="off the fighters map") as e:
        m.check_on_map(Hex(0, 14))
    assert e.value.field == "hex"


def _write(tmp_path, entries):
    p = tmp_path / "sheets.json"
    p.write_text(json.dumps({"title": "test", "entries": entries}))
    return str(p)


SHEET = {"id": "s", "kind": "sheet", "width_in": 22, "height_in": 34, "columns": 20, "rows": 27,
         "provenance": "reconstructed", "source": "test"}
LAYOUT = {"id": "l", "kind": "layout", "sheets": ["s"], "provenance": "rules", "source": "test"}


@pytest.mark.rule("F.map.sheets")
@pytest.mark.parametrize("change, entry, field, words", [
    ({"columns": 21}, "s", "columns", "even number of columns"),
    ({"rows": None}, "s", "rows", "size in inches and in hexes"),
    ({"sheets": ["nope"]}, "l", "sheets", "unknown sheet 'nope'"),
    ({"kind": "table"}, "s", "kind", "kind must be"),
])
def test_a_malformed_sheet_file_names_entry_and_field(tmp_path, change, entry, field, words):
    sheet, lay = dict(SHEET), dict(LAYOUT)
    target = sheet if entry == "s" else lay
    for k, v in change.items():
        if v is None:
            del target[k]
        else:
            target[k] = v
    with pytest.raises(DataFileError, match=words) as e:
        mapsheets(_write(tmp_path, [sheet, lay]))
    assert e.value.field == field


@pytest.mark.rule("F.map.sheets")
def test_your_own_sheet_file_and_unknown_layout_names(tmp_path):
    mine = dict(SHEET, columns=30, rows=20)
    src = _write(tmp_path, [mine, LAYOUT])
    m = layout("l", src)
    assert (m.columns, m.rows) == (30, 20)
    with pytest.raises(MapInputError, match="unknown map layout 'big'.*fighters") as e:
        layout("big")
    assert e.value.field == "layout"


# -- F.setup -------------------------------------------------------------------------------------

@pytest.mark.rule("F.setup")
def test_a_plane_starts_at_its_home_side_at_up_to_its_maximum_speed():
    south_row = FIGHTERS.from_offset(4, FIGHTERS.rows - 1)
    check_start(FIGHTERS, "south", south_row, speed=4, max_speed=4)
    check_start(FIGHTERS, Edge.SOUTH, south_row, speed=0, max_speed=4)
    one_in = south_row.neighbor(Facing.A)
    with pytest.raises(MapInputError, match="1 row in from the south edge") as e:
        check_start(FIGHTERS, "south", one_in, 3, 4)
    assert e.value.field == "hex"
    check_start(FIGHTERS, "south", one_in, 3, 4, depth=2)  # a mission may allow a deeper band
    with pytest.raises(MapInputError, match="from 0 to its maximum, 4; got 5") as e:
        check_start(FIGHTERS, "south", south_row, 5, 4)
    assert e.value.field == "speed"
    with pytest.raises(MapInputError, match="ends, north and south, not west") as e:
        check_start(FIGHTERS, "west", FIGHTERS.from_offset(0, 5), 3, 4)
    assert e.value.field == "home"
    with pytest.raises(MapInputError, match="one of") as e:
        check_start(FIGHTERS, "up", south_row, 3, 4)
    assert e.value.field == "edge"
    with pytest.raises(MapInputError, match="off the fighters map"):
        check_start(FIGHTERS, "south", south_row.neighbor(Facing.D), 3, 4)


# -- F.roe.flee ----------------------------------------------------------------------------------

def _column_path(start: Hex, facing: Facing, n: int) -> list[Hex]:
    path = [start]
    for _ in range(n):
        path.append(path[-1].neighbor(facing))
    return path


@pytest.mark.rule("F.roe.flee")
def test_leaving_by_the_home_side_is_withdrawing_and_by_any_other_edge_fleeing():
    edge_row = FIGHTERS.from_offset(10, FIGHTERS.rows - 1)
    out_south = _column_path(edge_row.neighbor(Facing.A), Facing.D, 3)
    d = departure(FIGHTERS, "south", out_south, "Ace")
    assert d is not None and d.edges == (Edge.SOUTH,) and not d.fled and d.xp == 0
    assert d.at == edge_row
    assert "withdraws without penalty" in str(d)
    d = departure(FIGHTERS, "north", out_south, "Ace")
    assert d is not None and d.fled and d.xp == FLEE_XP
    assert "has fled, -20 experience points" in str(d) and "half a kill" in str(d)
    # out of a side edge
    east = FIGHTERS.from_offset(FIGHTERS.columns - 1, 10)
    d = departure(FIGHTERS, "south", [east, east.neighbor(Facing.C)], "Raider")
    assert d is not None and d.edges == (Edge.EAST,) and d.fled


@pytest.mark.rule("F.roe.flee")
def test_a_path_on_the_map_has_not_left_and_the_first_hex_off_it_ends_the_move():
    assert departure(FIGHTERS, "south", _column_path(Hex(0, 0), Facing.A, 5)) is None
    # a path that steps off and would come back on is gone at the first hex off
    top = FIGHTERS.from_offset(6, 0)
    path = [top, top.neighbor(Facing.A), top.neighbor(Facing.A).neighbor(Facing.C), top.neighbor(Facing.C)]
    d = departure(FIGHTERS, "north", path, "Ace")
    assert d is not None and d.at == top and not d.fled
    with pytest.raises(MapInputError, match="starts off the map"):
        departure(FIGHTERS, "north", [top.neighbor(Facing.A), top])


@pytest.mark.rule("F.roe.flee")
def test_a_corner_shared_with_the_home_side_counts_as_home():
    corner = FIGHTERS.from_offset(0, 0)
    beyond = FIGHTERS.from_offset(-1, -1)
    assert beyond in (corner.neighbor(f) for f in Facing)
    d = departure(FIGHTERS, "north", [corner, beyond], "Ace")
    assert d is not None and d.edges == (Edge.NORTH, Edge.WEST) and not d.fled and "(a corner)" in str(d)
    assert departure(FIGHTERS, "south", [corner, beyond], "Ace").fled


# -- F.victory -----------------------------------------------------------------------------------

@pytest.mark.rule("F.victory")
def test_victory_when_no_enemy_is_left_and_draws():
    going = victory({"Ann": 2, "Bob": 1})
    assert not going.over and str(going) == "the fight goes on, with Ann 2 planes, Bob 1 plane left in it"
    won = victory({"Ann": 1, "Bob": 0})
    assert won.over and won.winner == "Ann" and "shot down or driven from the map" in str(won)
    nobody = victory({"Ann": 0, "Bob": 0})
    assert nobody.over and nobody.winner is None and "draw" in str(nobody)
    agreed = victory({"Ann": 1, "Bob": 1}, draw_agreed=True)
    assert agreed.over and agreed.winner is None and "home sides" in str(agreed)
    assert not victory({"Ann": 1, "Bob": 1, "Cy": 1}).over
    assert victory({"Ann": 0, "Bob": 0, "Cy": 3}).winner == "Cy"
    with pytest.raises(MapInputError, match="two or more sides"):
        victory({"Ann": 1})
    with pytest.raises(MapInputError, match="Bob has -1 planes"):
        victory({"Ann": 1, "Bob": -1})


# -- in the referee ------------------------------------------------------------------------------

HOMES = {"Ann": "south", "Bob": "north"}


def _fly(ref: Referee, plots: dict[str, str]) -> Referee:
    for name, m in plots.items():
        if name in {p.name for p in ref.state.planes}:
            ref = ref.plot(name, m)
    return ref.move()


@pytest.mark.rule("F.roe.flee", "F.victory")
def test_a_plane_flown_off_the_far_edge_has_fled_and_the_other_side_wins():
    ref = Referee.start(5, demo_planes(), max_turns=9, map_name="fighters", homes=HOMES)
    for _ in range(3):  # Ace (home south) flies north at 5 a turn, Raider south at 4
        ref = _fly(ref, {"Ace": "5SA", "Raider": "4SA"}).combat().tailing()
        assert ref.state.phase is Phase.PLOT and len(ref.state.planes) == 2
    ref = _fly(ref, {"Ace": "5SA", "Raider": "4SA"})
    s = ref.state
    assert [p.name for p in s.planes] == ["Raider"]
    assert s.departed == (("Ace", "fled"),)
    assert s.phase is Phase.OVER and s.outcome.startswith("Bob wins")
    assert any("Ace leaves the map by the north edge" in x and "has fled" in x for x in s.report)
    # the drawn path stops one hex past the edge, where the plane left the game
    ace_path = dict(s.paths)["Ace"]
    assert ace_path[-2] in FIGHTERS and ace_path[-1] not in FIGHTERS
    assert "off-map" in s.to_svg() and "Ace fled" in s._repr_html_()
    with pytest.raises(RefereeError, match="over"):
        ref.combat()
    # the saved game keeps the map, the home sides, who left and who won
    again = loads(Referee, dumps(ref))
    assert again.state == s and again.state.homes == (("Ann", Edge.SOUTH), ("Bob", Edge.NORTH))


@pytest.mark.rule("F.roe.flee")
def test_leaving_by_the_home_side_is_withdrawing():
    ref = Referee.start(5, demo_planes(), max_turns=9, map_name="fighters", homes={"Ann": "north", "Bob": "south"})
    while "Ace" in {p.name for p in ref.state.planes}:
        ref = _fly(ref, {"Ace": "5SA", "Raider": "4SA"})
        if ref.state.phase is Phase.COMBAT:
            ref = ref.combat().tailing()
    assert ref.state.departed == (("Ace", "withdrew"),)
    assert ref.state.outcome.startswith("Bob wins")


@pytest.mark.rule("F.setup", "F.map.sheets")
def test_the_referee_checks_the_set_up_on_a_map():
    planes = demo_planes()
    with pytest.raises(RefereeError, match=r"missing for \['Bob'\]") as e:
        Referee.start(1, planes, map_name="fighters", homes={"Ann": "south"})
    assert e.value.field == "homes"
    with pytest.raises(RefereeError, match="opposite ends"):
        Referee.start(1, planes, map_name="fighters", homes={"Ann": "south", "Bob": "south"})
    with pytest.raises(RefereeError, match="not west"):
        Referee.start(1, planes, map_name="fighters", homes={"Ann": "south", "Bob": "west"})
    with pytest.raises(RefereeError, match="need a map"):
        Referee.start(1, planes, homes=HOMES)
    with pytest.raises(MapInputError, match="unknown map layout"):
        Referee.start(1, planes, map_name="moon", homes=HOMES)
    # a standard dogfight start: each plane in the row along its home side
    with pytest.raises(RefereeError, match="Ace: .*rows in from the south edge") as e:
        Referee.start(1, planes, map_name="fighters", homes=HOMES, start_depth=1)
    assert e.value.field == "hex"
    far = [dataclasses.replace(p, plane=dataclasses.replace(p.plane, hex=Hex(0, 20))) if p.name == "Ace" else p
           for p in planes]
    with pytest.raises(RefereeError, match="Ace: Hex\\(0, 20\\) is off the fighters map"):
        Referee.start(1, far, map_name="fighters", homes=HOMES)
    # without a map the sky has no edges, as before
    free = Referee.start(1, planes)
    assert free.state.map is None and free.state.homes == ()
