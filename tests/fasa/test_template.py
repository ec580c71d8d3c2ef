"""The reconstructed maneuver template: the rules' examples, mirror symmetry, the documented G
pattern, the golden table, user files and the SVG drawing."""

from __future__ import annotations

import difflib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.errors import DataFileError
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError
from cs_panel.fasa.template import ManeuverTemplate

GOLDEN = Path(__file__).parent / "golden" / "maneuver_template.txt"
PACKAGED = Path(__file__).resolve().parents[2] / "cs_panel" / "data" / "fasa" / "maneuver_template.json"
T = ManeuverTemplate.default()
ARROWS = list(T)


def letters(path) -> str:
    return "".join(f.name for f in path)


# -- the rules' own examples (MISSING.md list) ----------------------------------------------


@pytest.mark.rule("F.move.plot", "F.move.capability")
def test_3L2F_is_one_G_forward_one_then_two_left():
    a = T.arrow("3L2F")
    assert a.gs == 1
    assert letters(a.path) == "AFF"  # forward 1, turn left, 2 straight (FASA p.23)
    assert a.hex == Hex(-2, -1)
    assert a.end() == (Hex(-2, -1), Facing.F)


@pytest.mark.rule("F.move.push-gs", "F.move.push-target")
def test_pushing_example_gs():
    # 3L3B is 4 G (one over a 3-G port wing); 3R3F two over a 2-G starboard wing (FASA p.25)
    assert T.arrow("3L3B").gs == 4
    assert T.arrow("3R3F").gs == 4


@pytest.mark.rule("F.move.random", "F.move.push-gs")
def test_3R0D_is_a_right_over_the_top_in_the_plane_own_column():
    a = T.arrow("3R0D")
    assert a.maneuver.direction is Direction.R and a.maneuver.hexrow == 0
    assert a.hex == Hex(0, -3) and letters(a.path) == "AAA"
    assert a.gs == 4  # pushing a 2-G starboard wing by 2, as Condor did (FASA p.26)
    assert T.arrow("3L0D").gs == 4 and T.arrow("3L0D").hex == a.hex


@pytest.mark.rule("F.move.plot")
def test_4L3C_and_side_steps_and_3SA_exist():
    assert "4L3C" in T
    assert "2L2A" in T and "2R2A" in T
    assert T.arrow("2L2A").gs <= 2 and T.arrow("2R2A").gs <= 2  # two in a row are not restricted
    assert T.arrow("3SA").gs == 0


@pytest.mark.rule("F.move.plot", "F.move.path-objects")
def test_4L2_only_through_3L2():
    hex_3l2 = T.destination("3L2").hex
    arrows_4l2 = [a for a in ARROWS if a.maneuver.designation == "4L2"]
    assert arrows_4l2  # the example needs the hex to exist, or the loop below checks nothing
    for a in arrows_4l2:
        assert hex_3l2 in a.path_hexes()


@pytest.mark.rule("F.move.immelmann")
def test_1SD_is_the_immelmann_and_always_a_push():
    a = T.arrow("1SD")
    assert a.maneuver.is_immelmann
    assert a.gs == 6 > 5  # more than any wing rating (F.plane.stats: 0-5)
    assert [x.maneuver for x in ARROWS if x.maneuver.direction is Direction.S and x.gs > 0] == [a.maneuver]


@pytest.mark.rule("F.move.stall")
def test_stall_has_three_facings_at_zero_G():
    stalls = [a for a in ARROWS if a.maneuver.is_stall]
    assert sorted(a.facing.name for a in stalls) == ["A", "B", "F"]
    assert all(a.gs == 0 and a.hex == Hex(0, 0) and a.path == () for a in stalls)


@pytest.mark.rule("F.move.no-jink")
def test_no_turn_ends_flying_straight_on_the_own_line():
    for a in ARROWS:
        m = a.maneuver
        if m.direction is not Direction.S and m.hexrow == 0:
            assert a.facing is Facing.D  # column 0 holds only reversals
    with pytest.raises(IllegalManeuverError, match="no jinking"):
        T.arrow("3L0A")


# -- structure ----------------------------------------------------------------------------


@pytest.mark.rule("F.move.plot")
def test_every_destination_is_speed_hexes_away_and_paths_are_traceable():
    for d in T.destinations:
        assert d.hex.distance(Hex(0, 0)) == d.speed
        if d.direction is not Direction.S and d.speed:
            assert abs(d.hex.column_offset(Hex(0, 0))) == d.hexrow  # hexrow = lateral column
        assert all(0 <= g <= 6 for g in d.facings.values())


@pytest.mark.rule("F.move.plot")
def test_paths_form_a_tree_through_template_hexes():
    # every hex an arrow path passes through is itself a destination of the template
    dest_hexes = {d.hex for d in T.destinations}
    for a in ARROWS:
        assert set(a.path_hexes()[:-1]) <= dest_hexes, a.maneuver


@pytest.mark.rule("F.move.capability")
def test_mirror_symmetry_of_the_packaged_template():
    assert T.asymmetries() == []
    assert T.is_mirror_symmetric


@pytest.mark.rule("F.move.capability")
@given(st.sampled_from(ARROWS))
def test_mirror_keeps_gs_and_reflects_hex(a):
    b = T.arrow(a.maneuver.mirrored())
    assert b.gs == a.gs
    assert b.hex == a.hex.mirror()
    assert b.maneuver.mirrored() == a.maneuver


def _flat(w, k, n):
    return (2 * w + k) // n


@pytest.mark.rule("F.move.capability", "F.move.restricted")
def test_packaged_gs_follow_the_documented_pattern():
    """maneuver_template.md: flat finishes floor((2w + k)/n), over-the-top max(7 - n, 4, flat + 2)."""
    for a in ARROWS:
        m = a.maneuver
        if m.is_stall or (m.direction is Direction.S and not m.is_immelmann):
            assert a.gs == 0
            continue
        n = m.speed
        k = m.hexrow or 0
        # left-turn count of the final facing: A 0, F 1, E 2, D 3, C 4, B 5 (mirrored for R)
        f = m.facing if m.direction is not Direction.R else m.facing.mirrored
        t = (-int(f)) % 6
        if t <= 2 and not m.is_immelmann:
            w = 1 if t == 0 else t
            assert a.gs == _flat(w, k, n), m
        else:
            reversed_t = t - 3
            w = 1 if reversed_t == 0 and k else reversed_t
            flat = _flat(w, k, n) if (k or reversed_t) else 0
            assert a.gs == max(7 - n, 4, flat + 2), m
            assert a.restricted


# -- the golden table -----------------------------------------------------------------


@pytest.mark.rule("F.move.plot")
def test_golden_table_matches():
    """Regenerate with: python -m cs_panel.fasa.template > tests/fasa/golden/maneuver_template.txt"""
    want = GOLDEN.read_text(encoding="utf-8")
    got = T.golden_text()
    diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "template"))
    assert got == want, diff


@pytest.mark.rule("F.move.plot")
def test_golden_table_lists_every_arrow():
    text = GOLDEN.read_text(encoding="utf-8")
    arrows = re.findall(r"\b([A-F]):(\d)\b", text)
    assert len(arrows) == len(T) == len(ARROWS)
    assert sum(int(g) for _, g in arrows) == sum(a.gs for a in ARROWS)


# -- loading your own file -------------------------------------------------------------


def _doc():
    return json.loads(PACKAGED.read_text(encoding="utf-8"))


@pytest.mark.rule("F.move.plot")
def test_load_a_user_file(tmp_path):
    doc = _doc()
    for e in doc["entries"]:
        if e["id"] == "3L2":
            e["facings"]["F"] = 2
            e["provenance"] = "rules"
            e["source"] = "my printed template"
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    mine = ManeuverTemplate.load(p)
    assert mine.arrow("3L2F").gs == 2
    assert mine.arrow("3L2F").provenance == "rules"
    assert mine.asymmetries() == ["3L2F is 2 G but its mirror 3R2B is 1 G", "3R2B is 1 G but its mirror 3L2F is 2 G"]


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize(
    "change, field, words",
    [
        (lambda e: e.__setitem__("path", ["A", "F", "A"]), "path", "ends in"),
        (lambda e: e.__setitem__("id", "3L9"), "id", "designation"),
        (lambda e: e["facings"].__setitem__("F", 7), "facings", "0-6"),
        (lambda e: e["facings"].__setitem__("Q", 1), "facings", "not one of A-F"),
        (lambda e: e.__setitem__("path", ["A", "F"]), "path", "enters 3 hexes"),
        (lambda e: e.__setitem__("direction", "X"), "direction", "L, R or S"),
    ],
)
def test_bad_user_files_name_entry_and_field(tmp_path, change, field, words):
    doc = _doc()
    entry = next(e for e in doc["entries"] if e["id"] == "3L2")
    change(entry)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataFileError, match=words) as err:
        ManeuverTemplate.load(p)
    assert err.value.field == field
    assert "bad.json" in str(err.value)


# -- lookup errors ---------------------------------------------------------------------


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize(
    "text, words",
    [
        ("3L2D", "hex 3L2 has arrows A, B, C, E, F, not D"),
        ("6SA", "stops at speed 5"),
        ("3L4F", "at most hexrow 3"),
        ("2SB", "hex 2S has arrows A, not B"),
        ("C", "a stall has arrows A, B, F, not C"),
    ],
)
def test_not_on_template_names_the_cause(text, words):
    with pytest.raises(IllegalManeuverError, match=words) as err:
        T.arrow(text)
    assert err.value.field == "maneuver"
    assert text not in T


@pytest.mark.rule("F.move.plot")
def test_iteration_and_lookup_agree():
    assert len(ARROWS) == len(T) == len({a.maneuver for a in ARROWS})
    for a in ARROWS:
        assert T.arrow(str(a.maneuver)) is a
    assert T.destination("stall").speed == 0 and T.destination("4l3").hexrow == 3
    with pytest.raises(IllegalManeuverError):
        T.destination("9L9")


# -- drawing ---------------------------------------------------------------------------


@pytest.mark.rule("F.move.plot")
def test_svg_draws_every_arrow_with_its_bars():
    svg = T._repr_svg_()
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    groups = root.findall(".//s:g[@class='cs-arrow']", ns)
    assert len(groups) == len(T)
    by_name = {g.get("data-maneuver"): g for g in groups}
    for a in ARROWS:
        g = by_name[str(a.maneuver)]
        assert int(g.get("data-gs")) == a.gs
        assert len(g.findall("s:line[@class='cs-bar']", ns)) == a.gs
    assert "3L2" in root.find("s:desc", ns).text  # the text version for screen readers
    assert root.find(".//s:polygon[@class='cs-plane']", ns) is not None
    letters = [t.text for t in root.findall(".//s:text[@class='cs-hexside']", ns)]
    assert sorted(letters) == list("ABCDEF")


@pytest.mark.rule("F.move.plot", "F.move.path-objects")
def test_svg_highlight_draws_the_path():
    root = ET.fromstring(T.to_svg(highlight="4L2A"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    path = root.find(".//s:polyline[@class='cs-path']", ns)
    assert path is not None
    assert len(path.get("points").split()) == 5  # start + four hexes


@pytest.mark.rule("F.move.plot")
def test_checked_in_svg_is_a_fresh_render():
    """Regenerate with: python -m cs_panel.fasa.template --svg > cs_panel/data/fasa/maneuver_template.svg"""
    checked_in = PACKAGED.with_suffix(".svg").read_text(encoding="utf-8")
    assert checked_in == T.to_svg() + "\n", "the picture is out of date with the template: regenerate it"
    ET.fromstring(checked_in)  # and it is well-formed SVG a browser can open
