"""The Bar-rooms set-up form without a browser: characters added one at a time start a fight that
plays, every refusal shows beside the input that caused it with the entries kept, the setup saves
and loads as JSON, and the JSON editor is still a tick away."""

from __future__ import annotations

import json

import panel as pn
import pytest

from cs_panel.barrooms.play import demo_setup
from cs_panel.bots import choose
from cs_panel.setups import setup_from_json, setup_to_json
from cs_panel.ui.game_setup import GameSetup
from cs_panel.ui.setup_barrooms import BarroomsSetupForm


def form() -> tuple[GameSetup, BarroomsSetupForm]:
    ui = GameSetup(system="barrooms", seed=4)
    ui.__panel__()
    return ui, ui._barrooms


def two(ui: GameSetup, br: BarroomsSetupForm) -> None:
    br.param.update(br_name="Mac", br_player="Ann", br_weapon="colt-1911")
    assert br.add_character(), ui.error
    br.param.update(br_name="Lou", br_player="Bob", br_weapon="thompson", br_skills=["brawler"],
                    br_budget="squadron-leader", br_knife=True, br_explosive=1, br_vest=True)
    assert br.add_character(), ui.error


@pytest.mark.rule("B.sequence", "B.chargen")
def test_two_characters_from_the_form_start_a_fight_that_plays():
    ui, br = form()
    assert ui.setup is None and "2 to 12 characters" in ui._status.object
    two(ui, br)
    assert ui.setup is not None and [f["name"] for f in ui.setup["fighters"]] == ["Mac", "Lou"]
    mac, lou = ui.setup["fighters"]
    assert mac["at"] == [0, 0] and lou["at"] == [11, 0]  # the first side from the left wall, the second the right
    assert lou["skills"] == ["brawler"] and lou["grenades"] == ["explosive"] and lou["vest"] and lou["knife"]
    assert "Lou" in ui._list.object and "430" in ui._list.object and "470" in ui._list.object
    game = ui.new_game()
    assert game is not None and game.seed == 4 and game.players == ("Ann", "Bob")
    for _ in range(12):
        if game.is_over:
            break
        game = game.apply(choose(game, game.waiting_for[0], "random").action)
    assert len(game.log) >= 6
    br.remove_character("Lou")
    assert ui.setup is None and "Lou" not in ui._list.object


@pytest.mark.rule("B.chargen", "B.skills")
def test_the_points_are_explained_as_the_form_is_filled_in():
    ui, br = form()
    assert br.cost_text().startswith("Points: 70 Stamina 4 + ") and br.cost_text().endswith("= 430; 20 left unspent")
    br.br_skills = ["bowman"]
    assert br.cost_text().endswith("+ 10 Bowman = 440; 10 left unspent")
    br.br_deadeye = 6
    assert br.cost_text().endswith("= 530; Mac costs 530 points, 80 over the 450 of a lead (B.chargen)")
    br.br_skills = ["superman"]
    assert "Fast Reaction first" in br.cost_text() and "B.skills" in br.cost_text()


# (what is set, the input whose message shows it, the rule it cites)
REFUSALS = [
    ({"br_deadeye": 6}, "br_budget", "B.chargen"),
    ({"br_budget": "wing"}, "br_budget", "B.chargen"),
    ({"br_stamina": 7}, "br_stamina", "B.chargen"),
    ({"br_melee": -1}, "br_melee", "B.chargen"),
    ({"br_constitution": 0}, "br_constitution", "B.melee"),
    ({"br_skills": ["superman"], "br_budget": "squadron-leader"}, "br_skills", "B.skills"),
    ({"br_weapon": "", "br_inferior": True}, "br_gear", "B.jam"),
    ({"br_explosive": 3, "br_flash_bang": 2}, "br_grenades", "B.grenade"),
    ({"br_flash_bang": -1}, "br_grenades", "B.grenade"),
    ({"br_name": "mac"}, "br_name", "B.sequence"),
    ({"br_player": "Bob Smith"}, "br_player", "B.sequence"),
    ({"br_auto_hex": False, "br_col": 3, "br_row": 2}, "br_hex", "B.cover"),  # a table stands there
    ({"br_auto_hex": False, "br_col": 12, "br_row": 2}, "br_hex", "B.sequence"),
]


@pytest.mark.rule("B.chargen", "B.skills", "B.melee", "B.jam", "B.grenade", "B.sequence", "B.cover")
@pytest.mark.parametrize("choices,slot,rule", REFUSALS, ids=[r[1] + "-" + r[2] for r in REFUSALS])
def test_a_refused_character_is_shown_beside_its_input_and_the_entries_stay(choices, slot, rule):
    ui, br = form()
    br.param.update(**choices)
    before = {k: getattr(br, k) for k in br.param if k.startswith("br_")}
    assert not br.add_character()
    assert rule in br.message(slot) and ui.message(slot) == br.message(slot), (slot, br.message())
    assert rule in ui.error and br.fighters == []
    assert {k: getattr(br, k) for k in br.param if k.startswith("br_")} == before
    assert all(not br.message(f) for f in ("br_name", "br_budget", "br_hex", "br_cover") if f != slot)


@pytest.mark.rule("B.sequence")
def test_a_taken_name_a_third_side_and_a_taken_hex_are_refused():
    ui, br = form()
    two(ui, br)
    br.param.update(br_name="Mac", br_player="Ann", br_skills=[], br_budget="lead")
    assert not br.add_character() and "already in the fight" in br.message("br_name")
    br.param.update(br_name="Cy", br_player="Cal")
    assert not br.add_character() and "a third" in br.message("br_player") and br.message("br_name") == ""
    br.param.update(br_player="Ann", br_auto_hex=False, br_col=0, br_row=0)
    assert not br.add_character() and "Mac is there" in br.message("br_hex")
    br.br_col = 1
    assert br.add_character() and br.message() == "" and ui.setup["fighters"][-1]["at"] == [1, 0]


@pytest.mark.rule("B.cover", "B.sequence")
def test_the_room_its_cover_and_the_length_are_refused_beside_their_inputs_at_once():
    ui, br = form()
    two(ui, br)
    assert ui.setup["cover"][0] == ["bar", 5, 0]
    br.br_cover = "table 3,2; piano 1,1"
    assert "B.cover" in br.message("br_cover") and ui.setup is None and br.br_cover == "table 3,2; piano 1,1"
    br.br_cover = "table 3,2"
    assert br.message("br_cover") == "" and ui.setup["cover"] == [["table", 3, 2]]
    br.br_cols = 1
    assert "B.cover" in br.message("br_room") and ui.setup is None
    br.br_cols = 12
    br.br_turns = 0
    assert "B.sequence" in br.message("br_turns") and ui.setup is None
    br.br_turns = 3
    assert br.message() == "" and ui.setup["max_turns"] == 3
    br.br_cols = 6  # Lou stood on column 11
    assert ui.setup is None and "Lou" in ui._status.object
    with pytest.raises(Exception) as info:
        br.build()
    assert getattr(info.value, "field", None) == "br_fighters" and "B.sequence" in str(info.value)


@pytest.mark.rule("B.chargen")
def test_a_number_past_its_box_is_refused_beside_the_box():
    ui, br = form()
    with pytest.raises(Exception):
        br.br_deadeye = 1000
    assert "1000" in br.message("br_deadeye") and br.br_deadeye == 4


def test_a_setup_saves_and_loads_as_json_and_the_form_takes_it():
    ui, br = form()
    assert ui.load_setup(json.dumps(demo_setup()).encode())
    assert ui.setup == setup_from_json("barrooms", json.dumps(demo_setup()))
    assert [f["name"] for f in br.fighters] == ["Mac", "Jonesy", "Lou", "Vic"] and br.br_turns == 10
    assert br.br_cover.startswith("bar 5,0; bar 6,0; table 3,2")
    text = ui.setup_json()
    other = GameSetup(system="barrooms")
    assert other.load_setup(text) and other.setup == ui.setup and other.setup_json() == text
    # the sides' order of the file is kept, even where it is not the order of the characters
    swapped = dict(demo_setup(), players=["Bob", "Ann"])
    assert other.load_setup(json.dumps(swapped)) and other.setup["players"] == ["Bob", "Ann"]
    assert setup_to_json("barrooms", other.setup) == other.setup_json()
    # a bad file changes nothing
    assert not other.load_setup(b'{"room": 1}') and other.message("upload") and other.setup["players"] == ["Bob", "Ann"]


def test_the_json_editor_is_a_tick_away_and_its_text_comes_back_into_the_form():
    ui, br = form()
    two(ui, br)
    br.as_json = True
    assert json.loads(ui.setup_text) == ui.setup and any("in-setup_text" in str(o) for o in ui._forms.objects)
    ui.setup_text = ui.setup_text.replace('"max_turns": 10', '"max_turns": 6')
    assert ui.setup["max_turns"] == 6
    ui.setup_text = '{"nonsense": true}'
    assert ui.message("setup_text") and ui.setup is None
    ui.setup_text = json.dumps(demo_setup())
    br.as_json = False
    assert [f["name"] for f in br.fighters] == ["Mac", "Jonesy", "Lou", "Vic"] and ui.setup is not None
    assert not any("in-setup_text" in str(o) for o in ui._forms.objects)
    # text the rules refuse does not come back: the form keeps its fight and says why
    br.as_json = True
    ui.setup_text = '{"room": []}'
    br.as_json = False
    assert "refuse" in ui.message() and len(br.fighters) == 4 and ui.setup is not None
    assert ui.setup_text == '{"room": []}'


def test_the_demo_fight_is_a_button_away_and_starts_as_it_is():
    ui, br = form()
    br.br_cover = "table 1,1"
    br.demo()
    assert ui.setup == setup_from_json("barrooms", json.dumps(demo_setup())) and br.br_cover.startswith("bar 5,0")
    assert ui.new_game() is not None and ui.game.players == ("Ann", "Bob")
    br.remove_character("Vic")
    assert [f["name"] for f in ui.setup["fighters"]] == ["Mac", "Jonesy", "Lou"]


def test_a_twelve_man_fight_fits_in_the_json_editor():
    ui, br = form()
    br.param.update(br_cover="", br_knife=True, br_explosive=2, br_flash_bang=2)
    for i in range(12):
        br.param.update(br_name="Man" + "abcdefghijkl"[i], br_player="Ann" if i < 6 else "Bob")
        assert br.add_character(), ui.error
    br.as_json = True
    editor = next(w for w in ui._forms.select(pn.widgets.TextAreaInput))
    assert json.loads(editor.value) == ui.setup and len(editor.value) > 5000 and editor.max_length >= len(editor.value)


@pytest.mark.rule("B.sequence")
def test_the_form_stands_alone_and_builds_a_setup_that_starts_a_fight():
    br = BarroomsSetupForm()
    assert br.view() is not None
    br.param.update(br_name="Mac", br_player="Ann")
    assert br.add_character()
    br.param.update(br_name="Mac", br_player="Bob")
    assert not br.add_character() and "B.sequence" in br.message("br_name")
    with pytest.raises(Exception) as info:
        br.build()
    assert info.value.field == "br_fighters"
    br.param.update(br_name="Lou")
    assert br.add_character() and br.message() == ""
    from cs_panel.games import new_game
    assert new_game("barrooms", 2, br.build()).players == ("Ann", "Bob")
