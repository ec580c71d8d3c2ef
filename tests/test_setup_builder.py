"""Setting up a game without code (issue 13): the FASA and Aces set-up builders refuse every
illegal choice with a named error citing its rule, a built setup starts a game, and a setup saves
and loads as JSON (untrusted on load)."""

from __future__ import annotations

import json

import pytest

from cs_panel.aces import setup_builder as K
from cs_panel.aces.board import maps as aces_maps
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import rules_for
from cs_panel.fasa import aircraft
from cs_panel.fasa import setup_builder as F
from cs_panel.fasa.pilots import BUDGETS, level_cost
from cs_panel.games import available, new_game
from cs_panel.setups import MAX_SETUP_TEXT, SetupError, SetupFileError, setup_from_json, setup_to_json


def refused(rule_id: str, call, *args, **kwargs) -> SetupError:
    """The call is refused with a SetupError that names ``rule_id`` in its message and attribute."""
    with pytest.raises(SetupError) as info:
        call(*args, **kwargs)
    e = info.value
    assert e.rule_id == rule_id and rule_id in str(e), str(e)
    return e


# -- FASA ---------------------------------------------------------------------------------------

def two_planes(**second) -> list[dict]:
    a = F.plane("Ivy", "Ann", "devastator", F.pilot("Ivy", dead_eye=6, quick_draw=5), hex=(0, 5), facing="A", speed=3)
    b = F.plane("Dukes", "Bob", second.pop("design", "bloodhawk"), F.pilot("Dukes", "wingman", dead_eye=5),
                hex=second.pop("hex", (0, -3)), facing=second.pop("facing", "D"), **second)
    return [a, b]


@pytest.mark.rule("F.plane.stats")
def test_every_design_of_the_table_builds_a_plane_with_its_ratings():
    assert len(F.designs()) == 53
    for a in aircraft.planes():
        p = F.plane("X", "Ann", a.id, F.pilot("X"), speed=min(a.max_speed, 2))
        caps = p["plane"]["capabilities"]
        assert (caps["max_speed"], caps["port_gs"], caps["starboard_gs"], caps["acceleration"]) == (
            a.max_speed, a.port_gs, a.starboard_gs, a.acceleration)
        assert p["base_to_hit"] == a.base_to_hit and p["aircraft"] == a.id
        assert p["guns"] == ["mg-" + g.calibre[1:] for g in a.guns]
    refused("F.plane.stats", F.plane, "X", "Ann", "sopwith-camel", F.pilot("X"))


@pytest.mark.rule("F.pilot.create", "F.pilot.skill-cost")
def test_a_new_pilot_spends_the_role_points_and_keeps_the_rest():
    ivy = F.pilot("Ivy", "hero", quick_draw=5, dead_eye=6, steady_hand=5, natural_touch=3)
    assert ivy.unspent_xp == BUDGETS["hero"] - (level_cost(5) + level_cost(6) + level_cost(5) + level_cost(3))
    # 460 for Dead Eye 10 is over a hero's 450, 10 over
    e = refused("F.pilot.create", F.pilot, "Ivy", "hero", dead_eye=10)
    assert "10 over" in str(e)
    # the same skills fit a hero and not a wingman
    F.pilot("Joe", "hero", dead_eye=7, quick_draw=6)  # 220 + 160 = 380
    refused("F.pilot.create", F.pilot, "Joe", "wingman", dead_eye=7, quick_draw=6)
    refused("F.pilot.create", F.pilot, "Joe", "ace")
    refused("F.pilot.create", F.pilot, "", "hero")


@pytest.mark.rule("F.pilot.skills")
def test_skills_and_constitution_outside_their_levels_are_refused():
    assert refused("F.pilot.skills", F.pilot, "Ivy", dead_eye=11).field == "dead_eye"
    assert refused("F.pilot.skills", F.pilot, "Ivy", sixth_sense=-1).field == "sixth_sense"
    assert refused("F.pilot.skills", F.pilot, "Ivy", constitution=2).field == "constitution"
    assert refused("F.pilot.skills", F.pilot, "Ivy", constitution=11).field == "constitution"
    assert refused("F.pilot.skills", F.pilot, "Ivy", quick_draw=True).field == "quick_draw"


@pytest.mark.rule("F.pilot.advance", "F.pilot.xp-awards")
def test_a_veteran_raises_skills_with_the_experience_earned():
    # 520 points of skills: over a wingman's 350, within 350 + 200 earned
    joe = F.pilot("Joe", "wingman", 200, dead_eye=8, quick_draw=6, natural_touch=4)
    assert joe.unspent_xp == 350 + 200 - (level_cost(8) + level_cost(6) + level_cost(4))
    e = refused("F.pilot.advance", F.pilot, "Joe", "wingman", 100, dead_eye=8, quick_draw=6, natural_touch=4)
    assert e.field == "experience" and "70 more" in str(e)
    # raising Constitution costs improvement prices: 3 to 5 is 30 + 40
    assert F.pilot("Tough", "wingman", 70, constitution=5, dead_eye=8, quick_draw=1).unspent_xp == 350 + 70 - 70 - 290 - 10
    assert refused("F.pilot.xp-awards", F.pilot, "Joe", "hero", -5).field == "experience"


@pytest.mark.rule("F.weap.mg", "F.weap.loadout")
def test_rounds_by_gun_and_rockets_by_hardpoint():
    d = F.design("devastator")  # four .40 guns
    ok = F.plane("Ivy", "Ann", "devastator", F.pilot("Ivy"), ammunition=["AP", "DD", "MG", "AP"])
    assert ok["ammunition"] == ["AP", "DD", "MG", "AP"]
    assert F.plane("Ivy", "Ann", "devastator", F.pilot("Ivy"), ammunition="dd")["ammunition"] == ["DD"] * 4
    assert refused("F.weap.mg", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), ammunition="XX").field == "ammunition"
    refused("F.weap.loadout", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), ammunition=["AP", "AP"])
    full = ["ap-rocket"] * d.hardpoints
    assert F.plane("Ivy", "Ann", "devastator", F.pilot("Ivy"), rockets=full)["rockets"] == full
    e = refused("F.weap.loadout", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), rockets=full + ["he-rocket"])
    assert e.field == "rockets"
    # empty hardpoints may be named, or left off the end
    assert F.rockets_for(d, ["", "drill", "", "", "", "", "", ""]) == ("", "drill", "", "", "", "")
    assert F.rockets_for(d, ["beeper"] * d.hardpoints) == ("beeper",) * 6
    refused("F.weap.loadout", F.rockets_for, d, ["beeper"] * (d.hardpoints + 1))
    refused("F.weap.loadout", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), rockets=["bomb-100"])
    refused("F.weap.loadout", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), rockets=["catapult"])
    none = next(a for a in aircraft.planes() if a.hardpoints == 0)
    refused("F.weap.loadout", F.plane, "X", "Ann", none.id, F.pilot("X"), rockets=["drill"])


@pytest.mark.rule("F.setup", "F.map.sheets")
def test_sides_home_sides_and_starting_positions():
    refused("F.setup", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), speed=5)  # max speed 4
    refused("F.setup", F.plane, "Ivy", "Ann", "devastator", F.pilot("Ivy"), facing="G")
    refused("F.setup", F.plane, "Ivy", "", "devastator", F.pilot("Ivy"))
    refused("F.plane.record-sheet", F.plane, "Ivy Two", "Ann", "devastator", F.pilot("Ivy"))
    a, b = two_planes()
    refused("F.setup", F.game_setup, [a, dict(b, player="Ann")])  # one side only
    refused("F.plane.record-sheet", F.game_setup, [a, dict(b, name="Ivy")])
    refused("F.map.sheets", F.game_setup, [a, b], map_name="moon")
    # on a map: each side a home side, opposite ends, every plane on its home side's edge row
    south, face_s = F.home_start("fighters", "south", 0)
    north, face_n = F.home_start("fighters", "north", 1)
    assert (face_s, face_n) == ("A", "D")
    a = F.plane("Ivy", "Ann", "devastator", F.pilot("Ivy"), hex=south, facing=face_s)
    b = F.plane("Dukes", "Bob", "bloodhawk", F.pilot("Dukes"), hex=north, facing=face_n)
    setup = F.game_setup([a, b], map_name="fighters", homes={"Ann": "south", "Bob": "north"})
    assert new_game("fasa", 3, setup).state.game.map_name == "fighters"
    assert refused("F.setup", F.game_setup, [a, b], map_name="fighters", homes={"Ann": "south"}).field == "home"
    refused("F.setup", F.game_setup, [a, b], map_name="fighters", homes={"Ann": "south", "Bob": "south"})
    refused("F.setup", F.game_setup, [a, b], map_name="fighters", homes={"Ann": "north", "Bob": "south"})
    refused("F.setup", F.game_setup, [a, b], map_name="fighters", homes={"Ann": "east", "Bob": "west"})
    refused("F.setup", F.game_setup, [a, b], homes={"Ann": "south", "Bob": "north"})  # no map
    refused("F.setup", F.home_start, "fighters", "east")
    refused("F.seq.phases", F.game_setup, [a, b], max_turns=0)


@pytest.mark.rule("F.setup", "F.map.sheets")
def test_home_starts_lie_on_the_home_edge_row_of_every_layout_facing_inwards():
    from cs_panel.fasa.hexgrid import Facing, Hex
    from cs_panel.fasa.mapsheets import Edge, check_start, layout, layout_names

    for name in layout_names():
        m = layout(name)
        for home in F.home_sides(name):
            seen = set()
            for i in range(8):
                (q, r), facing = F.home_start(name, home, i)
                h = Hex(q, r)
                check_start(m, home, h, 0, 1)  # on the map, on the home side's edge row
                seen.add(h)
                # the facing points into the map: a step forward is a row farther from home
                assert m.rows_from(h.neighbor(Facing[facing]), Edge(home)) == 1, (name, home, facing)
            assert len(seen) == 8  # eight planes of a side get eight hexes


@pytest.mark.rule("F.setup", "F.seq.phases")
def test_a_built_fasa_setup_starts_a_game_and_plays():
    setup = F.game_setup(two_planes(rockets=["drill"]), max_turns=4)
    g = new_game("fasa", 5, setup)
    assert g.players == ("Ann", "Bob") and g.state.game.max_turns == 4
    ivy = g.state.game.plane("Ivy")
    assert ivy.aircraft == "devastator" and ivy.dead_eye == 6 and ivy.plane.natural_touch == 0
    assert g.state.game.plane("Dukes").loaded_rockets == ((1, "drill"),)
    g = g.apply(g.legal_actions("Ann")[0]).apply(g.legal_actions("Bob")[0])
    assert g.legal_actions() and not g.is_over


# -- Aces ---------------------------------------------------------------------------------------

def teams(**change) -> dict:
    tim = [K.member("charlie-steele-ace", "Charlie", (1, 3)), K.member("tail-gunner", "Gunner", (2, 4))]
    kim = [K.member("loyle-crawford-ace", "Loyle", (14, 4)), K.member("ruffian", "Ruffian", (13, 3))]
    return {"Tim": change.get("Tim", tim), "Kim": change.get("Kim", kim)}


@pytest.mark.rule("K.recruit")
def test_a_team_is_at_most_100_points_and_each_ace_once():
    assert str(K.team_points(["charlie-steele-ace", "ruffian"])) == "49 Charlie Steele + 6 Ruffian = 55"
    over = ["charlie-steele-ace", "loyle-crawford-ace"]  # 49 + 55 = 104
    e = refused("K.recruit", K.team_points, over)
    assert "104" in str(e)
    refused("K.recruit", K.game_setup, "training-yard",
            teams(Tim=[K.member(f, n, s) for f, n, s in zip(over, ("A", "B"), ((1, 3), (1, 4)))]))
    refused("K.recruit", K.game_setup, "training-yard",
            teams(Tim=[K.member("charlie-steele-ace", "A", (1, 3)), K.member("charlie-steele-ace", "B", (1, 4))]))
    # tokens may come twice
    twice = teams(Tim=[K.member("ruffian", "R1", (1, 3)), K.member("ruffian", "R2", (1, 4))])
    assert K.game_setup("training-yard", twice)["teams"]["Tim"][1] == ["ruffian", "R2", [1, 4]]
    refused("K.recruit", K.member, "sample-fighter", "Plane", (1, 3))  # an Air Action plane
    refused("K.recruit", K.game_setup, "training-yard", teams(Tim=[]))
    assert len(K.characters()) == 9


@pytest.mark.rule("K.setup")
def test_the_map_and_the_starting_squares():
    yard = aces_maps()["training-yard"]
    assert set(K.starting_squares("training-yard", 0)) == yard.starting_area(0)
    refused("K.setup", K.game_setup, "the-moon", teams())
    e = refused("K.setup", K.game_setup, "training-yard",
                teams(Tim=[K.member("charlie-steele-ace", "Charlie", (8, 3))]))  # mid-map
    assert e.field == "square"
    refused("K.setup", K.game_setup, "training-yard",  # the first player's square is in area 1
            teams(Tim=[K.member("charlie-steele-ace", "Charlie", (14, 3))]))
    refused("K.setup", K.game_setup, "training-yard",
            teams(Tim=[K.member("charlie-steele-ace", "A", (1, 3)), K.member("ruffian", "B", (1, 3))]))
    refused("K.setup", K.game_setup, "training-yard", {"Tim": teams()["Tim"]})
    refused("K.setup", K.game_setup, "training-yard", teams(), order=["Tim", "Zed"])
    refused("K.setup", K.free_square, "training-yard", 0, K.starting_squares("training-yard", 0))
    assert K.free_square("training-yard", 1, []) == K.starting_squares("training-yard", 1)[0]
    # swapping the order swaps the areas
    swapped = K.game_setup("training-yard", {"Kim": [K.member("ruffian", "R", (1, 3))],
                                             "Tim": [K.member("soldier", "S", (14, 3))]})
    assert swapped["order"] == ["Kim", "Tim"]


@pytest.mark.rule("K.actions", "K.end")
def test_names_the_notation_cannot_read_and_a_bad_time_limit_are_refused():
    refused("K.actions", K.member, "ruffian", "Bob, the bruiser", (1, 3))
    refused("K.actions", K.member, "ruffian", "Fox with Hat", (1, 3))
    refused("K.actions", K.game_setup, "training-yard",
            teams(Tim=[K.member("ruffian", "Loyle", (1, 3))]))  # Kim has a Loyle too
    refused("K.actions", K.game_setup, "training-yard", {"Tim & Co": teams()["Tim"], "Kim": teams()["Kim"]})
    refused("K.end", K.game_setup, "training-yard", teams(), max_turns=-1)


@pytest.mark.rule("K.setup", "K.turns")
def test_a_built_aces_setup_starts_a_game_and_plays():
    g = new_game("aces", 4, K.game_setup("airfield-bar", {
        "Tim": [K.member("charlie-steele-ace", "Charlie", K.free_square("airfield-bar", 0))],
        "Kim": [K.member("soldier", "Soldier", K.free_square("airfield-bar", 1))]}, max_turns=10))
    assert g.players == ("Tim", "Kim") and g.waiting_for == ("Tim",)
    g = g.apply(next(a for a in g.legal_actions() if str(a).startswith("move")))
    assert g.waiting_for == ("Kim",)


# -- saving and loading ----------------------------------------------------------------------------

@pytest.mark.parametrize("system", available())
def test_every_demo_setup_round_trips_through_json(system):
    rules = rules_for(system)
    demo = rules.check_setup(rules.default_setup())
    text = setup_to_json(system, demo)
    assert json.loads(text) == demo and setup_from_json(system, text) == demo
    assert setup_from_json(system, text.encode()) == demo
    assert new_game(system, 1, setup_from_json(system, text)).setup == new_game(system, 1).setup


def test_a_built_setup_round_trips():
    setup = F.game_setup(two_planes(rockets=["drill"]))
    assert setup_from_json("fasa", setup_to_json("fasa", setup)) == setup
    setup = K.game_setup("training-yard", teams())
    assert setup_from_json("aces", setup_to_json("aces", setup)) == setup


@pytest.mark.parametrize("text", [
    "not json", "[1, 2]", "{" * 100 + "}" * 100, "x" * (MAX_SETUP_TEXT + 1), b"\xff\xfe",
    '{"planes": "many"}', '{"planes": [{"name": "A"}]}', '{"planes": [], "cheat": 1}',
    '{"teams": {"Tim": [["charlie-steele-ace", "C", [1, 3]]]}, "order": ["Tim"]}',
])
def test_a_hostile_setup_file_is_refused_by_name(text):
    for system in ("fasa", "aces"):
        with pytest.raises(SetupFileError) as info:
            setup_from_json(system, text)
        assert isinstance(info.value, CsPanelError) and str(info.value)


def test_a_loaded_setup_is_checked_by_the_rules():
    over = K.game_setup("training-yard", teams())
    over["teams"]["Tim"].append(["loyle-crawford-ace", "Loyle2", [2, 5]])  # 49 + 9 + 55 > 100
    with pytest.raises(SetupFileError, match="K.recruit"):
        setup_from_json("aces", json.dumps(over))
