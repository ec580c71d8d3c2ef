"""The game set-up component without a browser: set its parameters, press its buttons by method,
read the setup, the game and the refusals."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Action, Game, Result, Rules, StepInfo, register, registered
from cs_panel.fasa.play import demo_setup
from cs_panel.ui.common import UPLOAD_BYTES
from cs_panel.ui.game_setup import GameSetup


def fasa_two(ui: GameSetup) -> None:
    ui.param.update(plane_name="Ivy", player="Ann", design="devastator", home="south")
    assert ui.add_plane(), ui.error
    ui.param.update(plane_name="Dukes", player="Bob", design="bloodhawk", role="wingman", dead_eye=4, quick_draw=3,
                    home="north")
    assert ui.add_plane(), ui.error


@pytest.mark.rule("F.setup", "F.plane.stats")
def test_two_planes_make_a_setup_that_starts_a_game():
    ui = GameSetup(system="fasa", seed=11)
    ui.__panel__()
    assert ui.setup is None  # no planes yet
    fasa_two(ui)
    assert [p["aircraft"] for p in ui.setup["planes"]] == ["devastator", "bloodhawk"]
    g = ui.new_game()
    assert isinstance(g, Game) and ui.game is g and g.seed == 11 and g.players == ("Ann", "Bob")
    assert "Ivy" in ui._list.object and "bloodhawk" in ui._list.object


@pytest.mark.rule("F.setup", "F.map.sheets")
def test_on_a_map_each_side_starts_at_its_home_side():
    ui = GameSetup(system="fasa", map_name="fighters")
    fasa_two(ui)
    assert ui.setup["homes"] == {"Ann": "south", "Bob": "north"}
    g = ui.new_game()
    assert g.state.game.map_name == "fighters"
    ivy, dukes = (g.state.game.plane(n).plane for n in ("Ivy", "Dukes"))
    assert ivy.facing.name == "A" and dukes.facing.name == "D" and ivy.hex.r > dukes.hex.r


@pytest.mark.rule("F.pilot.create")
def test_an_over_budget_pilot_is_refused_beside_its_input_and_the_entries_stay():
    ui = GameSetup(system="fasa")
    ui.__panel__()
    ui.param.update(plane_name="Greedy", role="wingman", dead_eye=8, quick_draw=6)
    assert not ui.add_plane()
    assert "F.pilot.create" in ui.message("experience") or "F.pilot.create" in ui.error
    assert (ui.plane_name, ui.role, ui.dead_eye, ui.quick_draw) == ("Greedy", "wingman", 8, 6)
    assert ui._planes == []
    # the same skills for a veteran with enough experience are accepted
    ui.experience = 150  # 600 points of skills; a wingman's 350 + 150 is still short
    assert not ui.add_plane() and "F.pilot.advance" in ui.message("experience") and ui.experience == 150
    ui.experience = 250
    assert ui.add_plane() and ui.error == "" and ui.message("experience") == ""


@pytest.mark.rule("F.pilot.skills", "F.weap.loadout", "F.weap.mg")
def test_bad_skill_rounds_and_rockets_are_shown_beside_their_inputs():
    ui = GameSetup(system="fasa")
    ui.dead_eye = 12
    assert not ui.add_plane() and "F.pilot.skills" in ui.message("dead_eye") and ui.dead_eye == 12
    ui.dead_eye = 5
    ui.ammunition = "AP, DD"
    assert not ui.add_plane() and "F.weap.loadout" in ui.message("ammunition") and ui.ammunition == "AP, DD"
    ui.ammunition = "XX"
    assert not ui.add_plane() and "F.weap.mg" in ui.message("ammunition")
    ui.ammunition = "AP"
    ui.rockets = "drill, " * 7
    assert not ui.add_plane() and "F.weap.loadout" in ui.message("rockets")
    ui.rockets = "drill, -, he-rocket"
    assert ui.add_plane() and ui._planes[0]["rockets"] == ["drill", "", "he-rocket"]
    assert ui.message("rockets") == ""


@pytest.mark.rule("F.pilot.skill-cost", "F.pilot.advance")
def test_the_pilot_cost_is_explained_as_the_form_is_filled_in():
    ui = GameSetup(system="fasa")
    ui.param.update(role="hero", quick_draw=5, dead_eye=6, steady_hand=5, natural_touch=3, sixth_sense=0)
    assert ui.pilot_text() == ("Pilot: 110 Quick Draw 5 + 160 Dead Eye 6 + 110 Steady Hand 5 + 40 Natural Touch 3 "
                               "= 420 XP; 30 points left unspent")
    ui.param.update(role="wingman")  # 420 is over a wingman's 350
    assert "70 over" in ui.pilot_text() and "F.pilot.create" in ui.pilot_text()
    ui.experience = 70  # a veteran who earned the difference
    assert ui.pilot_text().endswith("= 420 XP; 0 points left unspent")


@pytest.mark.rule("F.setup")
def test_a_speed_over_the_maximum_is_refused_and_kept():
    ui = GameSetup(system="fasa")
    ui.speed = 5  # the Devastator's maximum is 4
    assert not ui.add_plane() and "F.setup" in ui.message("speed") and ui.speed == 5
    with pytest.raises(CsPanelError):  # past any map: refused by the box's bounds, shown beside the hex
        ui.hex_q = 10 ** 6
    assert ui.hex_q == 0 and "hex q" in ui.message("hex") and "F.setup" in ui.error  # the last rules refusal stays


def test_a_seed_out_of_bounds_is_refused_beside_the_seed():
    ui = GameSetup(seed=5)
    with pytest.raises(CsPanelError):
        ui.seed = -1
    assert ui.seed == 5 and "seed" in ui.message("seed")


@pytest.mark.rule("K.recruit", "K.setup")
def test_aces_teams_build_a_setup_and_over_100_points_is_refused():
    ui = GameSetup(system="aces")
    ui.__panel__()
    ui.param.update(aces_player="Tim", figure="charlie-steele-ace", character_name="Charlie")
    assert ui.add_character()
    ui.param.update(figure="loyle-crawford-ace", character_name="Loyle")  # 49 + 55 > 100
    assert not ui.add_character() and "K.recruit" in ui.message("figure")
    assert (ui.figure, ui.character_name) == ("loyle-crawford-ace", "Loyle")
    ui.aces_player = "Kim"
    assert ui.add_character()
    assert ui.setup["order"] == ["Tim", "Kim"]
    tim, kim = ui.setup["teams"]["Tim"][0][2], ui.setup["teams"]["Kim"][0][2]
    assert tim[0] < 3 and kim[0] >= 13  # each in its own starting area, at the two narrow ends
    g = ui.new_game()
    assert g.waiting_for == ("Tim",) and "49 Charlie Steele" in ui._list.object
    ui.param.update(auto_square=False, square_x=8, square_y=3, character_name="Mid", figure="ruffian")
    assert not ui.add_character() and "K.setup" in ui.message("square") and ui.square_x == 8
    ui.param.update(square_x=14, square_y=2)  # Kim's starting area
    assert ui.add_character() and ui.setup["teams"]["Kim"][-1] == ["ruffian", "Mid", [14, 2]]


def test_the_demo_setup_downloads_and_uploads():
    ui = GameSetup(system="fasa")
    assert ui.load_setup(json.dumps(demo_setup()).encode())
    assert ui.setup == demo_setup() and ui.max_turns == 3
    text = ui.setup_json()
    other = GameSetup(system="fasa")
    assert other.load_setup(text) and other.setup == ui.setup
    assert ui._download().read() == text


@pytest.mark.parametrize("data", [b"", b"not json", b"[1]", b"x" * (UPLOAD_BYTES + 1), b'{"planes": []}'])
def test_a_bad_upload_is_refused_beside_the_upload_and_nothing_changes(data):
    ui = GameSetup(system="fasa")
    fasa_two(ui)
    before = ui.setup
    assert not ui.load_setup(data)
    assert ui.message("upload") and ui.setup == before


class Coin(Rules):
    """A game with no form of its own: one toss decides (a stand-in for systems added later)."""

    system = "coin"

    def default_setup(self):
        return {"players": ["Ann", "Bob"]}

    def check_setup(self, setup):
        if not isinstance(setup, dict) or set(setup) != {"players"} or len(setup["players"]) != 2:
            raise CsPanelError("a coin toss is for two players", field="players")
        return dict(setup)

    def initial(self, setup, seed):
        return ()

    def players(self, state):
        return ("Ann", "Bob")

    def waiting_for(self, state):
        return ("Ann",) if not state else ()

    def legal_actions(self, state, player=None):
        return [] if state else [Toss()]

    def step(self, state, action, dice):
        return (dice.d6(),), StepInfo()

    def is_over(self, state):
        return bool(state)

    def result(self, state):
        return Result("Ann" if state[0] > 3 else "Bob")

    def observation(self, state, player):
        return {"state": list(state)}

    def parse_action(self, text):
        return Toss()


@dataclass(frozen=True)
class Toss(Action):
    def __str__(self):
        return "toss"


register("coin", Coin)


@pytest.mark.parametrize("system", [s for s in registered() if s not in ("fasa", "aces", "airaction", "barrooms")])
def test_other_systems_edit_the_setup_as_json_checked_by_their_rules(system):
    assert "coin" in registered()
    ui = GameSetup(system=system)
    ui.__panel__()
    assert ui.setup is not None and ui.new_game() is not None and ui.game.system == system
    good = ui.setup_text
    ui.setup_text = '{"nonsense": true}'
    assert ui.message("setup_text") and ui.setup is None and ui.setup_text == '{"nonsense": true}'
    assert ui.new_game() is None and ui.game.system == system  # the game stays as it was
    ui.setup_text = good
    assert ui.message("setup_text") == "" and ui.setup is not None


def test_a_started_game_is_played_under_the_set_up():
    ui = GameSetup(system="fasa", seed=11)
    ui.__panel__()
    fasa_two(ui)
    assert ui.new_game() is not None
    table = ui.play_table
    from cs_panel.ui.play_table import PlayTable
    assert isinstance(table, PlayTable) and table.game.seed == 11 and not table.with_setup
    assert table.seats == {"Bob": "computer"} and table.viewer == "Ann"


@pytest.mark.rule("F.zep.static", "F.setup")
def test_start_from_the_zeppelin_battle_keeps_its_zeppelin_through_added_planes():
    from cs_panel.fasa.play import zeppelin_demo_setup

    ui = GameSetup(system="fasa", seed=5)
    ui.__panel__()
    ui.start_from = "zeppelin battle (sample)"
    assert ui.error == "" and ui.setup is not None
    assert ui.setup["zeppelins"] == zeppelin_demo_setup()["zeppelins"]
    listed = ui._list.object
    assert "Pegasus" in listed and listed.count("cs-sample-badge") == 3  # Ace, Raider and the zeppelin
    # a plane of your own joins the sample; the zeppelin stays, and the new plane has no badge
    ui.param.update(plane_name="Cat", player="Ann", at_home=False, hex_q=-4, hex_r=4)
    assert ui.add_plane(), ui.error
    assert [p["name"] for p in ui.setup["planes"]] == ["Ace", "Raider", "Cat"]
    assert ui.setup["zeppelins"][0]["name"] == "Pegasus"
    assert ui._list.object.count("cs-sample-badge") == 3
    # a plane placed inside the zeppelin's hexes is refused by the rules (the zeppelin is checked too)
    bow = ui.setup["zeppelins"][0]["bow"]
    ui.param.update(plane_name="Dot", player="Ann", hex_q=bow["q"], hex_r=bow["r"])
    ui.add_plane()
    assert ui.setup is None and "Not ready yet" in ui._status.object
    ui.remove_plane("Dot")
    game = ui.new_game()
    assert game is not None and [z.name for z in game.state.game.zeppelins] == ["Pegasus"]


@pytest.mark.rule("F.bomb", "F.setup")
def test_start_from_the_bombing_run_lists_its_objects_and_own_planes_empties_the_form():
    from cs_panel.fasa.play import bombing_setup

    ui = GameSetup(system="fasa")
    ui.start_from = "bombing run (sample)"
    assert ui.setup["objects"] == bombing_setup()["objects"] and "zeppelins" not in ui.setup
    for name in ("Depot", "Train", "Crate"):
        assert f"<b>{name}</b>" in ui._list.object
    saved = ui.setup_json()
    assert json.loads(saved)["objects"] == bombing_setup()["objects"]  # a saved set-up keeps them
    ui.start_from = "your own planes"
    assert ui.setup is None and "No planes yet" in ui._list.object
    other = GameSetup(system="fasa")
    assert other.load_setup(saved) and other.setup["objects"] == bombing_setup()["objects"]


def test_the_game_menu_names_each_game_and_keeps_its_system_id():
    """A player picks "Air Action", not "airaction"; code still sets and reads the id."""
    import panel as pn

    ui = GameSetup(system="aces")
    menu = pn.widgets.Select.from_param(ui.param.system)
    # (another test may register a toy system: it follows, under its own id)
    assert list(menu.options)[:4] == ["FASA board game", "Air Action", "Aces", "Bar-rooms"]
    assert menu.value == "aces"
    menu.value = "airaction"  # what choosing "Air Action" in the menu sends
    assert ui.system == "airaction"
