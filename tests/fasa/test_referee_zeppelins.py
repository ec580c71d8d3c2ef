"""Zeppelins in the FASA referee's games: set-up, blocking, fire at gas cells and nacelles, falling
(F.zep.*, FASA p.45-47; ``cs_panel.fasa.referee.zeppelins``)."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.play import parse_action, setup_of, zeppelin_demo_setup
from cs_panel.fasa.referee import (
    Action, FireOrderError, LineOfFireBlockedError, Phase, RefZeppelin, Referee, ZeppelinBlockedError,
    ZeppelinSetupError, apply, demo_planes,
)
from cs_panel.games import new_game


def pegasus(**kw) -> RefZeppelin:
    """The demo's zeppelin: bow at (2,-2) pointing C, cells running back toward F along row r=-2."""
    return RefZeppelin("Pegasus", "Bob", Hex(2, -2), Facing.C, **kw)


def ace_at(h: Hex, facing: Facing = Facing.A, **kw):
    ace = demo_planes()[0]
    return dataclasses.replace(ace, plane=dataclasses.replace(ace.plane, hex=h, facing=facing), **kw)


def combat_table(ace, zeppelin: RefZeppelin, raider_hex: Hex = Hex(6, -9)):
    raider = demo_planes()[1]
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=raider_hex, facing=Facing.B))
    gs = Referee.start(1, [ace, raider], zeppelins=[zeppelin]).state
    return dataclasses.replace(gs, phase=Phase.COMBAT)


def fire(gs, order: str, faces):
    gs = apply(gs, Action("fire", "Ace", order), ScriptedDice([]))
    dice = ScriptedDice(faces)
    after = apply(gs, Action("combat"), dice)
    assert not dice.remaining
    return after


# -- 1. set-up ------------------------------------------------------------------------------------


@pytest.mark.rule("F.zep.gas-cells")
def test_a_zeppelin_has_five_cells_of_at_most_sixty_points():
    with pytest.raises(ZeppelinSetupError, match="5 gas cells"):
        pegasus(cells=(60, 60, 60))
    with pytest.raises(ZeppelinSetupError, match="0-60 points"):
        pegasus(cells=(60, 60, 61, 60, 60))
    assert sum(pegasus().cells) == 300


@pytest.mark.rule("F.zep.turrets")
def test_turrets_sit_at_bow_stern_or_a_nacelle_with_one_or_two_machine_guns():
    assert pegasus(turrets=(("bow", "mg-50"), ("bow", "mg-30"), ("port 2", "mg-60"))).turrets
    with pytest.raises(ZeppelinSetupError, match="bow, the stern or on a nacelle"):
        pegasus(turrets=(("port 3", "mg-50"),))
    with pytest.raises(ZeppelinSetupError, match="one or two machine guns"):
        pegasus(turrets=(("bow", "mg-50"),) * 3)
    with pytest.raises(ZeppelinSetupError, match="machine guns"):
        pegasus(turrets=(("bow", "ap-rocket"),))


@pytest.mark.rule("F.zep.nacelle")
def test_nacelles_are_named_by_side_and_cell_and_lie_beside_it():
    z = pegasus()
    for n in z.nacelles:
        assert z.nacelle_hex(n) not in z.hexes
        assert any(z.nacelle_hex(n).distance(h) == 1 for h in z.cell_hexes(int(n[-1]) - 1))
    with pytest.raises(ZeppelinSetupError, match="'port N' or 'starboard N'"):
        pegasus(nacelles=("bow 2",))


@pytest.mark.rule("F.zep.static")
def test_a_plane_may_not_start_inside_a_zeppelin_nor_two_zeppelins_overlap():
    with pytest.raises(ZeppelinSetupError, match="inside Pegasus"):
        Referee.start(1, [ace_at(Hex(0, -2))], zeppelins=[pegasus()])
    other = RefZeppelin("Hermes", "Ann", Hex(1, -2), Facing.A)
    with pytest.raises(ZeppelinSetupError, match="both take"):
        Referee.start(1, [ace_at(Hex(0, 5))], zeppelins=[pegasus(), other])
    with pytest.raises(ZeppelinSetupError, match="off the"):
        Referee.start(1, [ace_at(Hex(0, 5))], zeppelins=[RefZeppelin("Far", "Bob", Hex(0, -20), Facing.A)],
                      map_name="fighters", homes={"Ann": "south", "Bob": "north"})


@pytest.mark.rule("F.zep.static")
def test_a_zeppelin_setup_round_trips_and_shows_in_the_observation():
    setup = zeppelin_demo_setup()
    g = new_game("fasa", seed=3, setup=setup).play("plot Ace 3SA", "plot Raider 2SA", "move")
    back = Game.from_json(g.to_json())
    assert back == g and back.state.game.zeppelins == g.state.game.zeppelins
    seen = g.observation("Ann")["state"]["zeppelins"][0]
    assert seen["name"] == "Pegasus" and seen["cells"] == [60] * 5 and seen["aloft"]
    assert seen["cell_hexes"][1] == [[0, -2], [-1, -2]]
    assert sorted(seen["nacelles"]) == ["port 2", "port 4", "starboard 2", "starboard 4"]
    assert "zeppelins" not in new_game("fasa", seed=3).observation("Ann")["state"]  # a plain dogfight is as it was
    assert "zeppelins" not in setup_of(demo_planes())


def test_a_bad_zeppelin_in_a_setup_is_a_named_error():
    setup = zeppelin_demo_setup()
    setup["zeppelins"][0]["cells"] = [60, 60]
    with pytest.raises(CsPanelError, match="5 gas cells"):
        new_game("fasa", seed=1, setup=setup)
    setup = zeppelin_demo_setup()
    setup["zeppelins"] = "Pegasus"
    with pytest.raises(CsPanelError, match="at most 4 zeppelins"):
        new_game("fasa", seed=1, setup=setup)


# -- 2. blocking -----------------------------------------------------------------------------------


@pytest.mark.rule("F.zep.static")
def test_a_plot_through_an_intact_cell_is_refused_and_not_offered():
    g = new_game("fasa", seed=3, setup=setup_of([ace_at(Hex(0, 1))], zeppelins=[pegasus()]))
    with pytest.raises(CsPanelError, match="gas cell 2 .*F.zep.static"):
        g.apply("plot Ace 3SA")  # (0,0), (0,-1), (0,-2): cell 2
    legal = {str(a) for a in g.legal_actions()}
    assert "plot Ace 3SA" not in legal and "plot Ace 2SA" in legal  # 2SA stops short, in (0,-1)
    ref = Referee.start(1, [ace_at(Hex(0, 1))], zeppelins=[pegasus()])
    with pytest.raises(ZeppelinBlockedError):
        ref.plot("Ace", "3SA")


@pytest.mark.rule("F.zep.cell-destroyed")
def test_a_shredded_cell_lets_planes_fly_through():
    ref = Referee.start(1, [ace_at(Hex(0, 1))], zeppelins=[pegasus(cells=(60, 0, 60, 60, 60), nacelles=())])
    ref = ref.plot("Ace", "4SA").move()  # through (0,-2), the shredded cell 2, to (0,-3)
    assert ref.state.plane("Ace").plane.hex == Hex(0, -3)


@pytest.mark.rule("F.zep.static")
def test_a_zeppelin_blocks_fire_through_its_hexes_until_the_cell_is_shredded():
    # Ace at (0,0) facing A; Raider at (0,-4), behind cell 2 (0,-2), 4 hexes away in the column
    gs = combat_table(ace_at(Hex(0, 0)), pegasus(nacelles=()), raider_hex=Hex(0, -4))
    with pytest.raises(LineOfFireBlockedError, match=r"Pegasus's intact gas cell 2 at hex 0,-2 stands in the way"):
        apply(gs, Action("fire", "Ace", "guns at Raider"), ScriptedDice([]))
    open_ = combat_table(ace_at(Hex(0, 0)), pegasus(cells=(60, 0, 60, 60, 60), nacelles=()), raider_hex=Hex(0, -4))
    assert "as things stand" in apply(open_, Action("fire", "Ace", "guns at Raider"), ScriptedDice([])).report[-1]


@pytest.mark.rule("F.move.path-objects")
def test_a_path_through_a_nacelle_forces_an_avoidance_roll_at_three():
    z = pegasus()
    pod = z.nacelle_hex("starboard 2")  # beside cell 2's (0,-2), on the starboard side of a ship heading C
    assert pod == Hex(-1, -1) and z.nacelle_hex("port 2") == Hex(0, -3)
    ref = Referee.start(1, [ace_at(Hex(-1, 1))], zeppelins=[z])
    gs = apply(ref.state, Action("plot", "Ace", "2SA"), ScriptedDice([]))
    crashed = apply(gs, Action("move"), ScriptedDice([2]))
    assert "Ace" in crashed.destroyed and "F.collide.object" in dict(crashed.losses)["Ace"]
    missed = apply(gs, Action("move"), ScriptedDice([3]))
    assert missed.plane("Ace").plane.hex == pod


# -- 3. fire at gas cells and nacelles --------------------------------------------------------------


@pytest.mark.rule("F.zep.gas-cells")
def test_only_a_one_misses_a_gas_cell_and_a_hit_takes_the_templates_points():
    gs = combat_table(ace_at(Hex(0, 2)), pegasus())  # cell 2's (0,-2) is 4 hexes up the column
    after = fire(gs, "gun 1 at Pegasus cell 2", [2])  # two .50s: gun 1 only
    assert after.zeppelins[0].cells == (60, 55, 60, 60, 60)  # mg-50 AP: Zep. Dmg. 5/4
    after = fire(gs, "gun 1 at Pegasus cell 2", [1])
    assert after.zeppelins[0].cells == (60,) * 5
    military = combat_table(ace_at(Hex(0, 2)), pegasus(military=True))
    assert fire(military, "gun 1 at Pegasus cell 2", [2]).zeppelins[0].cells == (60, 56, 60, 60, 60)


@pytest.mark.rule("F.zep.gas-cells")
def test_magnesium_in_hydrogen_burns_the_zeppelin_but_helium_takes_only_the_template():
    ace = ace_at(Hex(0, 2), ammunition=("MG", "AP"))
    helium = fire(combat_table(ace, pegasus()), "gun 1 at Pegasus cell 2", [5])
    assert helium.zeppelins[0].cells[1] == 55 and helium.zeppelins[0].aloft  # mg-50 MG: 5 points, no burning
    hydrogen = fire(combat_table(ace, pegasus(hydrogen=True)), "gun 1 at Pegasus cell 2", [5])
    z = hydrogen.zeppelins[0]
    assert z.burned and not z.aloft and z.fell_turn == 1
    assert any("plummets" in line for line in hydrogen.report)


@pytest.mark.rule("F.zep.gas-cells")
def test_the_zeppelin_falls_at_120_points_not_before():
    gs = combat_table(ace_at(Hex(0, 2)), pegasus(cells=(60, 10, 55, 0, 0)))  # 125 points
    after = fire(gs, "gun 1 at Pegasus cell 2", [7])  # 5 more: 120
    assert after.zeppelins[0].fell_turn == 1 and not after.zeppelins[0].aloft
    gs = combat_table(ace_at(Hex(0, 2)), pegasus(cells=(60, 10, 56, 0, 0)))  # 126 -> 121
    assert fire(gs, "gun 1 at Pegasus cell 2", [7]).zeppelins[0].aloft


@pytest.mark.rule("F.victory")
def test_a_side_with_a_zeppelin_aloft_is_still_in_the_game():
    ace = ace_at(Hex(0, 2))
    gs = Referee.start(1, [ace], zeppelins=[pegasus(cells=(60, 10, 55, 0, 0))]).state
    gs = dataclasses.replace(gs, phase=Phase.COMBAT)
    assert gs.players == ("Ann", "Bob")
    after = fire(gs, "gun 1 at Pegasus cell 2", [7])
    assert after.phase is Phase.OVER and "Ann" in after.outcome


@pytest.mark.rule("F.zep.nacelle")
def test_a_nacelle_is_hit_on_seven_with_the_usual_modifiers_and_a_miss_facing_the_zeppelin_hits_a_cell():
    # Ace at (-1,2) facing A: the starboard-2 nacelle at (-1,-1) is 3 hexes ahead, cell 2's (-1,-2) beyond it
    gs = combat_table(ace_at(Hex(-1, 2)), pegasus())
    said = apply(gs, Action("fire", "Ace", "gun 1 at Pegasus nacelle starboard 2"), ScriptedDice([])).report[-1]
    assert "7 engine nacelle + 3 range 3 hexes - 5 Dead Eye 5" in said  # no deflection term
    hit = fire(gs, "gun 1 at Pegasus nacelle starboard 2", [5])
    assert hit.zeppelins[0].nacelles_lost == ("starboard 2",) and hit.zeppelins[0].cells == (60,) * 5
    miss = fire(gs, "gun 1 at Pegasus nacelle starboard 2", [4])
    assert miss.zeppelins[0].nacelles_lost == () and miss.zeppelins[0].cells == (60, 55, 60, 60, 60)


@pytest.mark.rule("F.zep.nacelle")
def test_a_miss_at_a_plane_in_front_of_the_zeppelin_goes_on_into_a_cell():
    gs = combat_table(ace_at(Hex(0, 2)), pegasus(), raider_hex=Hex(0, 0))
    missed = fire(gs, "gun 1 at Raider", [1])
    assert missed.zeppelins[0].cells == (60, 55, 60, 60, 60)
    clear = combat_table(ace_at(Hex(0, 2)), pegasus(), raider_hex=Hex(6, -9))
    assert fire(clear, "hold", []).zeppelins[0].cells == (60,) * 5


@pytest.mark.rule("F.zep.nacelle")
def test_flak_never_harms_a_nacelle_and_a_plane_never_shoots_its_own_zeppelin():
    gs = combat_table(ace_at(Hex(0, 2), rockets=("flak-rocket",)), pegasus())
    with pytest.raises(FireOrderError):
        apply(gs, Action("fire", "Ace", "rocket 1 at Pegasus nacelle starboard 2"), ScriptedDice([]))
    own = combat_table(ace_at(Hex(0, 2)), dataclasses.replace(pegasus(), player="Ann"))
    with pytest.raises(FireOrderError, match="flies for Ann"):
        apply(own, Action("fire", "Ace", "guns at Pegasus cell 2"), ScriptedDice([]))
    with pytest.raises(FireOrderError, match="say which part"):
        apply(gs, Action("fire", "Ace", "guns at Pegasus"), ScriptedDice([]))


@pytest.mark.rule("F.combat.choice")
def test_orders_at_zeppelin_parts_round_trip_and_are_offered():
    for text in ("fire Ace guns x2 at Pegasus cell 2", "fire Ace gun 1 at Pegasus nacelle port 4",
                 "fire Ace rockets at Pegasus cell 5"):
        assert str(parse_action(text)) == text
    g = new_game("fasa", seed=7, setup=zeppelin_demo_setup()).play("plot Ace 3SA", "plot Raider 2SA", "move")
    legal = {str(a) for a in g.legal_actions("Ann")}
    assert "fire Ace guns at Pegasus cell 2" in legal and "fire Ace rocket 1 at Pegasus cell 2" in legal
    for a in legal - {"combat"}:
        g.apply(a)  # every offered order is accepted


def test_random_zeppelin_playouts_keep_the_invariants_and_round_trip():
    import random

    for seed in range(3):
        rng = random.Random(seed)
        g = new_game("fasa", seed=seed, setup=zeppelin_demo_setup())
        for _ in range(120):
            if g.is_over:
                break
            g = g.apply(rng.choice(g.legal_actions()))
            assert not g.rules.invariants(g.state)
            json.dumps(g.observation("Bob"))
        assert Game.from_json(g.to_json()) == g


# -- 4. turrets, main guns, gunners ----------------------------------------------------------------


def turret_table(zeppelin: RefZeppelin, ace_hex: Hex, facing: Facing = Facing.A):
    """Ann's Ace alone against Bob's zeppelin, in the combat phase."""
    gs = Referee.start(1, [ace_at(ace_hex, facing)], zeppelins=[zeppelin]).state
    return dataclasses.replace(gs, phase=Phase.COMBAT)


@pytest.mark.rule("F.zep.turrets")
def test_turrets_fire_after_every_plane_in_the_combat_phase():
    # Ace at (0,2) facing A shoots cell 2; Pegasus's starboard-2 turret at (-1,-1) answers afterwards
    gs = combat_table(ace_at(Hex(0, 2)), pegasus(turrets=(("starboard 2", "mg-50"),)))
    gs = apply(gs, Action("fire", "Ace", "gun 1 at Pegasus cell 2"), ScriptedDice([]))
    after = apply(gs, Action("combat"), ScriptedDice([7, 1]))  # Ace's roll first, then the turret's
    lines = list(after.report)
    ace = next(i for i, x in enumerate(lines) if x.startswith("Ace fires"))
    turret = next(i for i, x in enumerate(lines) if "starboard 2 turret fires" in x)
    assert ace < turret and "rolled 1: miss" in lines[turret]
    assert after.zeppelins[0].cells[1] == 55


@pytest.mark.rule("F.zep.turrets")
def test_a_turret_gun_reaches_two_hexes_further_than_on_a_plane():
    from cs_panel.fasa.referee.zeppelins import turret_reach
    from cs_panel.fasa.tohit import weapons

    z = pegasus(turrets=(("bow", "mg-30"),))
    reach = weapons()["mg-30"]["range"] + 2
    ahead = [z.bow.neighbor(Facing.C, k) for k in (reach, reach + 1)]  # straight off the bow
    assert turret_reach(z, "bow", "mg-30", ahead[0], [z])[0]
    ok, d, why = turret_reach(z, "bow", "mg-30", ahead[1], [z])
    assert not ok and d == reach + 1 and "F.zep.turrets" in why


@pytest.mark.rule("F.zep.turrets")
def test_a_nacelle_turret_covers_its_own_side_and_the_hull_blocks_the_rest():
    from cs_panel.fasa.referee.zeppelins import turret_reach

    z = pegasus(turrets=(("port 2", "mg-50"), ("starboard 2", "mg-50")))
    port_side = z.nacelle_hex("port 2").neighbor(Facing.A, 2)  # two hexes further out to port
    star_side = z.nacelle_hex("starboard 2").neighbor(Facing.D, 2)
    assert turret_reach(z, "port 2", "mg-50", port_side, [z])[0]
    assert not turret_reach(z, "port 2", "mg-50", star_side, [z])[0]
    assert turret_reach(z, "starboard 2", "mg-50", star_side, [z])[0]
    assert not turret_reach(z, "starboard 2", "mg-50", port_side, [z])[0]


@pytest.mark.rule("F.zep.turrets")
def test_the_side_aims_its_turrets_as_a_player_action_that_round_trips():
    g = new_game("fasa", seed=7, setup=zeppelin_demo_setup()).play("plot Ace 3SA", "plot Raider 2SA", "move")
    bob = {str(a) for a in g.legal_actions("Bob")}
    assert {"zeppelin Pegasus bow at Ace", "zeppelin Pegasus bow hold"} <= bob
    assert not any(a.startswith("zeppelin") for a in map(str, g.legal_actions("Ann")))
    for text in ("zeppelin Pegasus bow at Ace", "zeppelin Pegasus port 2 hold", "zeppelin Pegasus main port 1 at hex 3,-4"):
        assert str(parse_action(text)) == text
    held = g.apply("zeppelin Pegasus bow hold").apply("zeppelin Pegasus starboard 2 hold")
    assert held.undo().log == g.apply("zeppelin Pegasus bow hold").log  # no die rolled: a fair undo
    done = held.apply("fire Ace hold").apply("combat")
    assert "Pegasus's bow turret holds fire" in done.transcript()
    with pytest.raises(CsPanelError, match="F.zep.turrets"):
        g.apply("zeppelin Pegasus stern at Ace")  # no stern turret


@pytest.mark.rule("F.zep.gunners")
def test_a_gunner_resists_shock_at_constitution_five_and_a_shocked_gun_is_silent():
    from cs_panel.fasa.referee.zeppelins import shock_gunner

    z = pegasus(turrets=(("bow", "mg-50"),))
    said: list[str] = []
    assert shock_gunner(z, "bow", 1, ScriptedDice([5]), said) == z  # 10 - 5 = 5 holds
    shocked = shock_gunner(z, "bow", 1, ScriptedDice([4]), said)
    assert shocked.gunners_shocked == (("bow", 1),)
    assert shocked.silent("bow", 1) and shocked.silent("bow", 2) and not shocked.silent("bow", 3)
    gs = turret_table(shocked, Hex(3, 1), Facing.A)  # 3 hexes off the bow, in its field
    after = apply(gs, Action("combat"), ScriptedDice([]))
    assert "Pegasus's bow turret is silent: its gunner is shocked (F.zep.gunners)" in after.report


@pytest.mark.rule("F.zep.nacelle")
def test_a_turret_on_a_knocked_out_nacelle_is_silent():
    z = pegasus(turrets=(("starboard 2", "mg-50"),), nacelles_lost=("starboard 2",))
    gs = turret_table(z, Hex(-1, 1))
    after = apply(gs, Action("combat"), ScriptedDice([]))
    assert any("starboard 2 turret is silent" in x for x in after.report)


@pytest.mark.rule("F.zep.main-guns")
def test_a_military_zeppelins_main_guns_fire_flak_to_eight_hexes_that_bursts_next_turn():
    commercial = turret_table(pegasus(), Hex(0, 2))
    with pytest.raises(FireOrderError, match="only a military zeppelin"):
        apply(commercial, Action("zeppelin", "Pegasus", "main starboard 1 at hex 0,2"), ScriptedDice([]))
    gs = turret_table(pegasus(military=True), Hex(0, 2))
    origin = gs.zeppelins[0].mount_hex("main starboard 1")
    far = origin.neighbor(Facing.E, 9)
    with pytest.raises(FireOrderError, match="beyond the main guns' 8"):
        apply(gs, Action("zeppelin", "Pegasus", f"main starboard 1 at hex {far.q},{far.r}"), ScriptedDice([]))
    with pytest.raises(FireOrderError, match="not on the starboard side"):
        apply(gs, Action("zeppelin", "Pegasus", "main starboard 1 at hex 0,-5"), ScriptedDice([]))
    aimed = apply(gs, Action("zeppelin", "Pegasus", "main starboard 1 at hex 0,2"), ScriptedDice([]))
    after = apply(aimed, Action("combat"), ScriptedDice([]))  # no to-hit roll
    assert [(f.launcher, f.hex, f.turn, f.source) for f in after.flak] == [("Pegasus", Hex(0, 2), 1, "main gun starboard 1")]
    assert after.zeppelins[0].aims == ()


# -- 5. drawing -------------------------------------------------------------------------------------


@pytest.mark.rule("F.zep.cell-destroyed")
def test_the_map_draws_cells_shredded_cells_and_nacelles_and_says_them_in_words():
    from cs_panel.fasa.referee import map_svg

    gs = Referee.start(1, [ace_at(Hex(0, 5))], zeppelins=[pegasus(cells=(60, 0, 60, 60, 60),
                                                                   nacelles_lost=("port 4",))]).state
    svg = str(map_svg(gs))
    assert svg.count("class='zep-cell'") == 8 and svg.count("class='zep-cell shredded'") == 2
    assert svg.count("class='zep-nacelle'") == 3 and svg.count("class='zep-nacelle lost'") == 1
    assert "cell 2 0,-2/-1,-2 shredded" in svg and "port 4 at -4,-3 knocked out" in svg
    assert "Zeppelin Pegasus (Bob), commercial, helium" in gs.table_html()
    plain = str(map_svg(Referee.start(1, [ace_at(Hex(0, 5))]).state))
    assert "zep-" not in plain


# -- 6. a zeppelin battle, golden -------------------------------------------------------------------

GOLDEN = __import__("pathlib").Path(__file__).parents[1] / "golden" / "fasa_zeppelin.txt"
#: Ann's Ace attacks Bob's Pegasus: guns, then rockets, then guns shred gas cell 2, and the Ace flies
#: through the shredded cell past the port-2 nacelle while Bob's turrets answer (F.zep.*)
GOLDEN_ACTIONS = (
    "plot Ace 3SA", "plot Raider 2SA", "move", "fire Ace guns x2 at Pegasus cell 2", "zeppelin Pegasus bow at Ace",
    "combat", "tailing",
    "plot Ace 2SA", "plot Raider 2SA", "move", "fire Ace rockets at Pegasus cell 2", "zeppelin Pegasus starboard 2 hold",
    "combat", "tailing",
    "plot Ace 1SA", "plot Raider 2SA", "move", "fire Ace guns x2 at Pegasus cell 2", "combat", "tailing",
    "plot Ace 2SA", "plot Raider 2SA", "move", "combat", "tailing",
)


def golden_zeppelin_game() -> Game:
    return new_game("fasa", seed=7, setup=zeppelin_demo_setup()).play(*GOLDEN_ACTIONS)


@pytest.mark.rule("F.zep.cell-destroyed")
def test_the_zeppelin_battle_golden_transcript_replays_exactly():
    text = GOLDEN.read_text()
    head, *lines = text.splitlines()
    setup = json.loads(head.split(" setup ", 1)[1])
    assert setup == zeppelin_demo_setup()
    game = new_game("fasa", seed=int(head.split()[3].rstrip(",")), setup=setup)
    for line in lines:
        if line[:1].isdigit():
            game = game.apply(line.split(". ", 1)[1])
    assert game.transcript() == text == golden_zeppelin_game().transcript()
    assert game.is_over
    z = game.state.game.zeppelins[0]
    assert z.cells[1] == 0 and game.state.game.plane("Ace").plane.hex == Hex(0, -3)  # flew through the shredded cell


if __name__ == "__main__":  # regenerate the golden transcript: python tests/fasa/test_referee_zeppelins.py
    GOLDEN.write_text(golden_zeppelin_game().transcript())
    print(f"wrote {GOLDEN}")


# -- the zeppelin landing table ----------------------------------------------------------------------


def raider_beside_pegasus(natural_touch: int = 0, marks=()):
    """Bob's Raider in (3,-2), beside cell 1's bow hex (2,-2), under its own Pegasus."""
    raider = demo_planes()[1]
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=Hex(3, -2),
                                                                   natural_touch=natural_touch))
    if marks:
        raider = dataclasses.replace(raider, sheet=dataclasses.replace(raider.record, marks=marks))
    return Referee.start(1, [ace_at(Hex(0, 5)), raider], zeppelins=[pegasus()]).state


def land(gs, faces):
    gs = apply(gs, Action("plot", "Ace", "1SA"), ScriptedDice([]))
    gs = apply(gs, Action("plot", "Raider", "land on Pegasus"), ScriptedDice([]))
    dice = ScriptedDice(faces)
    after = apply(gs, Action("move"), dice)
    assert not dice.remaining
    return after


@pytest.mark.rule("F.land.target")
def test_only_a_plane_of_its_side_beside_the_zeppelin_may_land_on_it():
    g = new_game("fasa", seed=1, setup=zeppelin_demo_setup())
    with pytest.raises(CsPanelError, match="only on its own side's zeppelin"):
        g.apply("plot Ace land on Pegasus")
    with pytest.raises(CsPanelError, match="beside one of Pegasus's intact gas cells"):
        g.apply("plot Raider land on Pegasus")  # 5 hexes off
    assert str(parse_action("plot Raider land on Pegasus")) == "plot Raider land on Pegasus"
    setup = setup_of(list(raider_beside_pegasus().planes), zeppelins=[pegasus()])
    near = new_game("fasa", seed=1, setup=setup)
    legal = {str(a) for a in near.legal_actions("Bob")}
    assert "plot Raider land on Pegasus" in legal
    assert not any("land" in a for a in map(str, near.legal_actions("Ann")))


@pytest.mark.rule("F.land.mishap")
def test_a_landing_is_rolled_and_a_failure_is_read_on_the_zeppelin_table():
    gs = raider_beside_pegasus(natural_touch=0)  # 4 base - 0 Natural Touch = 4
    safe = land(gs, [4])
    assert dict(safe.departed)["Raider"] == "landed on Pegasus" and "Raider" not in safe.destroyed
    nose = land(gs, [2])  # short by 2: the landing structure takes the nose
    assert "nose" in dict(nose.departed)["Raider"]
    wings = land(gs, [1])  # short by 3: inside the ship, wings gone
    assert "wings" in dict(wings.departed)["Raider"]


@pytest.mark.rule("F.land.mishap")
def test_the_worst_landing_wrecks_the_plane_and_tears_open_the_nearest_cell():
    # zeppelin gear (+3) and both rudders (+3) damaged: 4 + 3 + 3 - 0 = 10; a 4 is short by 6
    gs = raider_beside_pegasus(marks=((14, 11, "hit"), (14, 16, "hit"), (15, 16, "hit")))
    after = land(gs, [4])
    assert "Raider" in after.destroyed and "crashed" in dict(after.losses)["Raider"]
    assert after.zeppelins[0].cells == (0, 60, 60, 60, 60) and after.zeppelins[0].aloft


# -- the computer and the table play a zeppelin battle -------------------------------------------------


@pytest.mark.rule("F.zep.turrets", "F.zep.gas-cells")
def test_the_computer_plays_both_sides_of_a_zeppelin_battle():
    from cs_panel.bots import choose

    # whether the computer's Ace goes for Pegasus depends on how the dogfight goes (at seed 5 it
    # fights the Raider clear of the zeppelin and never fires at it): so this game only shows that
    # both sides play a zeppelin battle to its end, the zeppelin's side aiming its turrets; that the
    # computer values a clear shot at a cell above nothing is tested on its own (test_part_odds_give_the_points_the_bot_expects_from_a_fire_order_at_a_cell)
    g = new_game("fasa", seed=5, setup=zeppelin_demo_setup())
    said = []
    for _ in range(200):
        if g.is_over:
            break
        movers = g.waiting_for or tuple(p for p in g.players if any(g.rules.owner(g.state, a) == p
                                                                    for a in g.legal_actions(p)))
        if movers:
            c = choose(g, movers[0])
            said.append(str(c.action))
            g = g.apply(c.action)
        else:
            g = g.apply(g.legal_actions()[0])
    assert g.is_over
    assert any(a.startswith("zeppelin Pegasus") for a in said)  # Bob's side aims its turrets


def test_a_zeppelin_setup_saves_and_loads_as_json():
    from cs_panel.setups import setup_from_json, setup_to_json

    text = setup_to_json("fasa", zeppelin_demo_setup())
    assert setup_from_json("fasa", text) == zeppelin_demo_setup()


@pytest.mark.rule("F.zep.static")
def test_the_play_table_plays_a_zeppelin_battle():
    from cs_panel.ui.play_table import PlayTable

    t = PlayTable(game=new_game("fasa", seed=2, setup=zeppelin_demo_setup()), seats={"Bob": "computer"})
    assert t.apply("plot Ace 3SA")
    assert "fire Ace guns x2 at Pegasus cell 2" in t.choices()
    assert t.apply("fire Ace guns x2 at Pegasus cell 2")
    assert "cs-zeppelin" in str(t.game.rules.picture(t.game.state))


@pytest.mark.rule("F.rocket.flak", "F.zep.gas-cells")
def test_flak_bursting_over_a_cell_hits_it_twice_and_the_cells_beside_once():
    from cs_panel.fasa.referee import Flak

    gs = Referee.start(1, [ace_at(Hex(0, 5))], zeppelins=[pegasus()], max_turns=3).state
    gs = dataclasses.replace(gs, turn=2, flak=(Flak("Ace", Hex(0, -2), 1, 1),))
    gs = apply(gs, Action("plot", "Ace", "1SA"), ScriptedDice([]))
    after = apply(gs, Action("move"), ScriptedDice([]))  # no plane near: no die rolled
    assert after.zeppelins[0].cells == (57, 54, 60, 60, 60)  # flak template: Zep. Dmg. 3
    assert after.flak == ()


@pytest.mark.rule("F.zep.turrets", "F.zep.gunners", "F.zep.gas-cells")
def test_the_zeppelin_record_sheet_shows_cells_turrets_and_gunners():
    z = pegasus(military=True, cells=(60, 0, 60, 60, 60), turrets=(("bow", "mg-70"), ("port 2", "mg-30")),
                gunners_shocked=(("port 2", 3),))
    sheet = z._repr_html_()
    assert "shredded" in sheet and "240 points left; it falls at 120 or fewer" in sheet
    assert "bow .70: range 5, 4 hexrows" in sheet  # a plane's .70 reaches 3 (p.47)
    from cs_panel.fasa.tohit import weapons

    assert f"port 2 .30: range {weapons()['mg-30']['range'] + 2}, 3 hexrows; gunner Constitution 2 + 3 = 5" in sheet
    assert "silent" not in sheet  # shocked in turn 3: not yet in turn 1
    assert "its gunner is shocked" in __import__("cs_panel.fasa.referee.render", fromlist=["x"]).zeppelin_sheet_html(z, 4)
    assert "Main guns: 3 a side" in sheet and "reinforced" in sheet
    gs = Referee.start(1, [ace_at(Hex(0, 5))], zeppelins=[z]).state
    assert "Pegasus's record sheet" in gs.table_html()


# -- the public odds see the zeppelins (F.zep.static) ----------------------------------------------


@pytest.mark.rule("F.zep.static", "F.zep.cell-destroyed")
def test_the_public_odds_and_the_bot_see_a_gas_cell_block_the_shot():
    from cs_panel import bots
    from cs_panel.fasa.referee import order_odds, shot_geometry

    # Ace at (0,0) facing A; Raider at (0,-4), behind cell 2 (0,-2): the shot goes through the cell
    gs = combat_table(ace_at(Hex(0, 0)), pegasus(nacelles=()), raider_hex=Hex(0, -4))
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    assert shot_geometry(ace, raider, "mg-50").allowed  # with no zeppelin on the table it would be a shot
    g = shot_geometry(ace, raider, "mg-50", gs.zeppelins)
    assert not g.allowed and "Pegasus's intact gas cell 2 at hex 0,-2 stands in the way" in g.why
    odds = order_odds(ace, raider, "guns", gs.turn, gs.zeppelins)
    assert odds.text == "nothing reaches Raider" and not any(s.reaches for s in odds.shots)
    assert bots._fire_value(gs, ace, "guns at Raider")[0] == 0
    shredded = combat_table(ace_at(Hex(0, 0)), pegasus(cells=(60, 0, 60, 60, 60), nacelles=()), raider_hex=Hex(0, -4))
    assert shot_geometry(ace, raider, "mg-50", shredded.zeppelins).allowed
    assert bots._fire_value(shredded, ace, "guns at Raider")[0] > 0


@pytest.mark.rule("F.zep.gas-cells")
def test_part_odds_give_the_points_the_bot_expects_from_a_fire_order_at_a_cell():
    from cs_panel import bots
    from cs_panel.fasa.damage import template_for
    from cs_panel.fasa.referee import FireOrder
    from cs_panel.fasa.referee.zeppelins import part_odds, target_of

    gs = combat_table(ace_at(Hex(0, 2)), pegasus())
    ace = gs.plane("Ace")
    order = FireOrder.parse("gun 1 at Pegasus cell 2")
    (shot,) = part_odds(gs.zeppelins, ace, order, target_of(gs.zeppelins, order.target))
    gun, rounds = ace.guns[0], ace.rounds[0]
    tpl = template_for(gun, rounds or None) if rounds else template_for(gun)
    assert shot.number is not None and shot.number.chance == Fraction(9, 10)  # only a 1 misses a cell
    assert shot.worth == tpl.zep_damage[0]  # Pegasus is commercial
    assert bots._fire_value(gs, ace, "gun 1 at Pegasus cell 2")[0] == pytest.approx(0.9 * tpl.zep_damage[0])


@pytest.mark.rule("F.zep.static")
def test_the_bots_plot_values_count_no_shot_through_an_intact_cell(monkeypatch):
    from cs_panel import bots

    def table(z):
        raider = demo_planes()[1]
        raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=Hex(0, -5), facing=Facing.D))
        return Referee.start(1, [ace_at(Hex(0, 1)), raider], zeppelins=[z]).state

    whole, open_ = table(pegasus(nacelles=())), table(pegasus(cells=(60, 0, 60, 60, 60), nacelles=()))
    # Ace below cell 2 (0,-2), Raider above it: many of their ends face each other through the cell
    blocked, clear = bots.fasa_plot_values(whole, whole.plane("Ace")), bots.fasa_plot_values(open_, open_.plane("Ace"))
    assert blocked["2SA"].dealt < clear["2SA"].dealt and blocked["2SA"].taken < clear["2SA"].taken
    # the same places for Raider (none through the hull), the shots through the cell counted after all
    monkeypatch.setattr(bots, "_clear", lambda *a: None)
    seen_through = bots.fasa_plot_values(whole, whole.plane("Ace"))
    assert all(blocked[k].dealt <= seen_through[k].dealt + 1e-9 and blocked[k].taken <= seen_through[k].taken + 1e-9
               for k in seen_through)
    assert blocked["2SA"].dealt < seen_through["2SA"].dealt


# -- flare and sonic rockets catch zeppelin gunners (F.zep.gunners) ---------------------------------


def rocket_at_turret(rocket: str, faces, aim: Hex = Hex(2, -2)):
    """Ace, 3 hexes off Pegasus's bow, nose toward it, with a ``rocket`` on hardpoint 1, fires it at
    ``aim`` (the bow turret's hex by default); the bow turret fires back first (a 1: a miss), then step 7."""
    z = pegasus(turrets=(("bow", "mg-50"),), nacelles=())
    gs = turret_table(z, Hex(2, 1), Facing.A)
    gs = dataclasses.replace(gs, planes=(dataclasses.replace(gs.plane("Ace"), rockets=(rocket,)),))
    gs = apply(gs, Action("fire", "Ace", f"rocket 1 at hex {aim.q},{aim.r}"), ScriptedDice([]))
    dice = ScriptedDice(faces)
    after = apply(gs, Action("combat"), dice)
    assert not dice.remaining
    return after


@pytest.mark.rule("F.zep.gunners", "F.rocket.sonic")
def test_a_sonic_rocket_at_a_turret_shocks_its_gunner_and_the_gun_is_silent_while_he_is():
    held = rocket_at_turret("sonic-rocket", [1, 5])  # the turret misses; the gunner needs 10 - 5 = 5: holds
    assert held.zeppelins[0].gunners_shocked == ()
    assert any("catches Pegasus's bow gunner" in x for x in held.report)
    assert any("it catches Pegasus's bow gunner (each rolls at Constitution 5" in x for x in held.report)  # told when ordered
    after = rocket_at_turret("sonic-rocket", [1, 4])  # 4 fails: shocked in turn 1
    assert after.zeppelins[0].gunners_shocked == (("bow", 1),)
    assert any("bow gunner resists shock" in x and "= 5 (60%)" in x and "rolled 4: SHOCKED" in x for x in after.report)
    nxt = dataclasses.replace(after, turn=2, phase=Phase.COMBAT, report=())
    silent = apply(apply(nxt, Action("fire", "Ace", "hold"), ScriptedDice([])), Action("combat"), ScriptedDice([]))
    assert "Pegasus's bow turret is silent: its gunner is shocked (F.zep.gunners)" in silent.report
    later = dataclasses.replace(after, turn=3, phase=Phase.COMBAT, report=())
    fires = apply(apply(later, Action("fire", "Ace", "hold"), ScriptedDice([])), Action("combat"), ScriptedDice([1]))
    assert any("bow turret fires" in x for x in fires.report)


@pytest.mark.rule("F.zep.gunners", "F.rocket.sonic", "F.rocket.flare")
def test_which_gunners_a_flare_or_sonic_rocket_catches():
    from cs_panel.fasa.referee.zeppelins import gunners_caught

    z = pegasus(turrets=(("bow", "mg-50"), ("stern", "mg-50")), nacelles=())
    bow = z.mount_hex("bow")
    ahead = bow.neighbor(z.heading, 3)  # straight off the bow, inside its field
    beside = bow.neighbor(z.heading)  # in the bow's mega-hex
    assert [m for _, m in gunners_caught([z], "sonic-rocket", beside)] == ["bow"]
    assert [m for _, m in gunners_caught([z], "sonic-rocket", beside.neighbor(z.heading))] == []  # outside it
    assert [m for _, m in gunners_caught([z], "flare-rocket", ahead)] == ["bow"]  # the stern's hull is in the way
    off_row = ahead.neighbor(z.heading.turn(1))  # ahead but not down a straight hexrow from the gun
    assert [m for _, m in gunners_caught([z], "flare-rocket", off_row)] == []
    fallen = dataclasses.replace(z, fell_turn=1)
    assert gunners_caught([fallen], "sonic-rocket", beside) == []
