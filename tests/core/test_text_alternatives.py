"""Every drawing has a text alternative: an accessible name on the SVG (``role="img"``,
``aria-label``, a ``<title>``) and a text view that states the same facts as the picture."""

from __future__ import annotations

import importlib
import inspect
import re

import pytest

from cs_panel.core.svg import Svg, described, label_svg, svg_name, svg_text
from cs_panel.fasa.hexgrid import Facing, Hex

RENDER_MODULES = ["cs_panel.fasa.render", "cs_panel.fasa.referee.render", "cs_panel.aces.render",
                  "cs_panel.barrooms.render", "cs_panel.airaction.svg", "cs_panel.clix.view"]


def root(svg: str) -> str:
    return re.match(r"\s*<svg\b[^>]*>", svg).group(0)


def assert_named(svg: str) -> str:
    """The drawing names itself; returns the name."""
    tag = root(svg)
    assert re.search(r"""\srole=["']img["']""", tag), tag
    name = svg_name(svg)
    assert name.strip(), tag
    # the <title> comes first, and says the same
    first = svg[len(tag):].lstrip()
    assert first.startswith("<title>"), first[:80]
    assert first[len("<title>"): first.index("</title>")] == name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return name


def test_every_drawing_function_of_the_render_modules_has_a_text_view():
    # a drawing function added later without a text alternative fails here
    found = []
    for mod in RENDER_MODULES:
        m = importlib.import_module(mod)
        for name, fn in inspect.getmembers(m, inspect.isfunction):
            if name.endswith("_svg") and not name.startswith("_") and fn.__module__ == mod:
                found.append(f"{mod}.{name}")
                assert callable(getattr(fn, "text_view", None)), f"{mod}.{name} has no text view (core.svg.described)"
    assert len(found) >= 9, found


def test_label_svg_adds_only_what_is_missing():
    bare = label_svg("<svg xmlns='http://www.w3.org/2000/svg'><rect/></svg>", "a box", "one box\nat 0,0")
    assert isinstance(bare, Svg)
    assert svg_name(bare) == "a box" and "<title>a box</title><desc>one box\nat 0,0</desc><rect/>" in bare
    # a drawing that names itself keeps its own role, name, title and description
    own = "<svg role='img' aria-label='mine'><title>mine</title><desc>my words</desc></svg>"
    assert label_svg(own, "other", "other words") == own
    # a drawing's own first <title> is its name
    titled = label_svg("<svg><title>Ann &amp; Bob</title></svg>", "other")
    assert svg_name(titled) == "Ann & Bob" and titled.count("<title>") == 1
    # names are escaped into the attribute and the title
    tricky = label_svg("<svg></svg>", 'a "quoted" <name> & more', "")
    assert svg_name(tricky) == 'a "quoted" <name> & more' and "<title>a &quot;quoted&quot;" not in tricky
    # a drawing's short <desc> that opens the text view grows into all of it
    short = label_svg("<svg><desc>Ann tails Bob</desc></svg>", "n", "Ann tails Bob\nAnn in hex 0,1")
    assert "<desc>Ann tails Bob\nAnn in hex 0,1</desc>" in short
    assert svg_text(short) == "n\nAnn tails Bob\nAnn in hex 0,1"


def test_described_passes_the_drawing_arguments_to_name_and_text():
    @described(lambda n, colour="red": f"{n} {colour} dots", lambda n, colour="red": f"{n} dots, all {colour}")
    def dots(n, colour="red"):
        return "<svg>" + "<circle/>" * n + "</svg>"

    svg = dots(3, colour="blue")
    assert svg_name(svg) == "3 blue dots" and "<desc>3 dots, all blue</desc>" in svg and svg.count("<circle/>") == 3
    assert dots.text_view(2) == "2 dots, all red"


@pytest.mark.rule("F.move.plot")
def test_the_template_names_itself_and_its_text_lists_every_maneuver():
    from cs_panel.fasa.render import template_text
    from cs_panel.fasa.template import ManeuverTemplate

    t = ManeuverTemplate.default()
    svg = t.to_svg(highlight="4L2F")
    assert assert_named(svg) == t.title  # the template's own title names it
    text = template_text(t, highlight="4L2F")
    a = t.arrow("4L2F")
    assert f"highlighted: 4L2F, ends in hex {a.hex!r} facing {a.facing.name}, {a.gs} G" in text
    for d in t.destinations:  # every destination the picture labels is in the words
        assert d.id in text


@pytest.mark.rule("F.tail.position")
def test_the_tailing_picture_and_its_text_give_each_planes_hex_and_facing():
    from cs_panel.fasa.render import tailing_text
    from cs_panel.fasa.tailing import TailingPlane, tailing_position

    t = tailing_position(TailingPlane(Hex(0, 2), Facing.A, speed=3, name="Iverian"),
                         TailingPlane(Hex(1, -1), Facing.B, speed=4, name="Dukes"))
    svg = t.to_svg()
    assert assert_named(svg).startswith("tailing position: Iverian")
    text = tailing_text(t)
    assert "Iverian (follower) in hex Hex(0, 2), facing A, speed 3" in text
    assert "Dukes (leader) in hex Hex(1, -1), facing B, speed 4" in text
    assert text.splitlines()[0] == str(t)
    # the picture's own description says the same (it grew from the verdict into the text view)
    assert svg_text(svg).endswith(text)


@pytest.mark.rule("F.plane.record-sheet")
def test_the_record_sheet_text_counts_the_boxes_the_picture_marks():
    from cs_panel.fasa.damage import RecordSheet
    from cs_panel.fasa.gunnery import DamageTable
    from cs_panel.fasa.render import damage_svg, damage_text

    sheet = RecordSheet.for_plane("devastator").hit(DamageTable.NOSE, 3, "mg-70-AP").sheet
    svg = damage_svg(sheet)
    assert_named(svg)
    text = damage_text(sheet)
    marked = sum(1 for line in text.splitlines() if line.startswith("marked: "))
    assert marked == len(sheet.mark_of) > 0
    # the picture draws one box per box of the diagram; the text's counts add up to the same
    counts = [int(n) for n in re.findall(r": (\d+) boxes, ", text)]
    assert sum(counts) == len(sheet.diagram.boxes) == svg.count("<rect ")


@pytest.mark.rule("F.map.sheets")
def test_the_map_names_itself_with_its_sheets_and_labels():
    from cs_panel.fasa.mapsheets import layout
    from cs_panel.fasa.render import map_svg, map_text

    m = layout("fighters")
    svg = map_svg(m, labels={Hex(0, 0): "Ace"})
    assert str(m) in assert_named(svg)
    assert map_text(m, labels={Hex(0, 0): "Ace"}).splitlines() == [str(m), "Ace in hex Hex(0, 0)"]


def test_the_referee_map_text_gives_each_planes_hex_facing_and_speed():
    from cs_panel.fasa.referee import Referee, demo_planes
    from cs_panel.fasa.referee.render import map_text

    state = Referee.start(1, demo_planes()).state
    svg = state.to_svg()
    assert assert_named(svg) == f"map of turn {state.turn}: {len(state.planes)} planes"
    text = map_text(state)
    for p in state.planes:
        assert f"{p.name} in hex {p.plane.hex!r}, facing {p.plane.facing.name}, speed {p.plane.speed}" in text


def test_the_maneuver_explorers_text_gives_the_plane_and_every_arrow():
    from cs_panel.fasa.render import reach_text
    from cs_panel.ui.maneuver import ManeuverExplorer

    ui = ManeuverExplorer(maneuver="3L2F")
    state, options = ui.state, ui.options
    text = reach_text(state, options, "3L2F")
    lines = text.splitlines()
    assert lines[0].startswith(f"plane in hex {state.hex!r}, facing {state.facing.name}, last speed {state.speed}")
    assert len(lines) == 1 + len(options)
    chosen = next(o for o in options if str(o.maneuver) == "3L2F")
    assert f"3L2F (chosen): ends in hex {chosen.hex!r} facing {chosen.facing.name}, {chosen.gs} G" in text
    assert sum("illegal: " in line for line in lines) == sum(not o.legal for o in options)


@pytest.mark.rule("K.terrain.blocking", "K.ranged")
def test_the_aces_map_text_lists_terrain_pieces_and_lines_of_fire():
    from cs_panel.aces.board import Board
    from cs_panel.aces.render import board_svg, board_text

    b = Board(6, 4, blocking=[(2, 1)], hindering=[(3, 2)], name="yard")
    lof = b.line_of_fire((0, 1), (5, 1), [])
    svg = board_svg(b, pieces={(0, 1): ("Ch", "#000"), (5, 1): ("Ru", "#000")}, lines=[lof])
    assert "6 x 4 squares" in assert_named(svg)
    text = board_text(b, pieces={(0, 1): ("Ch", "#000"), (5, 1): ("Ru", "#000")}, lines=[lof])
    assert "Ch on 0,1" in text and "Ru on 5,1" in text
    assert f"line of fire 0,1 to 5,1: {'clear' if lof.clear else 'blocked'}" in text
    assert not lof.clear  # the crate on 2,1 stands in the way, as the dashed line shows
    assert "blocking: 2,1" in text and "hindering: 3,2" in text


def test_the_bar_room_names_itself_and_lists_each_fighter():
    from cs_panel.barrooms.render import room_svg, room_text
    from cs_panel.games import new_game

    state = new_game("barrooms", seed=1).state
    svg = room_svg(state)
    assert assert_named(svg) == "the bar room"  # its own name, kept
    text = "\n".join(room_text(state))
    for f in state.fighters:
        assert f"{f.name} ({f.player}) at {f.at[0]},{f.at[1]}" in text


def test_the_air_action_table_and_cards_name_themselves():
    from cs_panel.airaction.navigation import card
    from cs_panel.airaction.svg import card_svg, table_svg, table_text
    from cs_panel.airaction.table import Pose

    svg = table_svg([("Ace", Pose(10.0, 12.0, 90.0))])
    assert assert_named(svg) == "the play area: 1 planes"
    assert "Ace at x 10.0 in, y 12.0 in, heading 90" in table_text([("Ace", Pose(10.0, 12.0, 90.0))])
    c = card("turn")
    assert assert_named(card_svg(c)).startswith(c.name)


def test_the_dial_text_gives_the_click_and_each_value():
    from cs_panel.clix.figures import figures
    from cs_panel.clix.view import dial_svg, dial_text

    figs = figures()
    dial = figs[figs.ids()[0]].combat.reset()
    assert assert_named(dial_svg(dial)) == f"combat dial at click {dial.position}"
    text = dial_text(dial)
    assert text.startswith(f"click {dial.position} of {len(dial.clicks)}")
    for v in dial.current.values:
        assert f": {v}" in text
