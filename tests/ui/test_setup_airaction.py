"""The Air Action set-up form without a browser (issue 13): squadrons built plane by plane in
``GameSetup(system="airaction")``, refusals beside their inputs with every entry kept, figures of
your own, the JSON text for hand edits, save and load, and a started game that plays."""

from __future__ import annotations

import json

import pytest

from cs_panel.airaction.play import demo_setup
from cs_panel.bots import choose
from cs_panel.clix.figures import figure_entry, figures
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.ui.game_setup import GameSetup


def add(ui: GameSetup, **choices) -> bool:
    ui._aa.param.update(**choices)
    return ui._aa.add_plane()


def two_squadrons(ui: GameSetup) -> None:
    assert add(ui, aa_player="Ann", edge="south", aa_plane="sample-fighter"), ui._aa.error
    assert add(ui, aa_plane="charlie-steele-plane"), ui._aa.error
    assert add(ui, aa_player="Bob", edge="north", aa_plane="sample-two-seater"), ui._aa.error
    assert add(ui, aa_plane="loyle-crawford-plane"), ui._aa.error


@pytest.mark.rule("A.squadron", "A.setup")
def test_two_squadrons_make_a_setup_that_starts_a_game_that_plays():
    ui = GameSetup(system="airaction", seed=5)
    ui.__panel__()
    assert ui.setup is None and "A.setup" in ui._status.object  # no squadrons yet
    two_squadrons(ui)
    assert [[p["figure"] for p in sq["planes"]] for sq in ui.setup["squadrons"]] == [
        ["sample-fighter", "charlie-steele-plane"], ["sample-two-seater", "loyle-crawford-plane"]]
    assert "100 Sample fighter + 100 Charlie Steele plane = 200 of 200" in ui._list.object
    g = ui.new_game()
    assert isinstance(g, Game) and ui.game is g and g.seed == 5 and g.players == ("Ann", "Bob")
    for _ in range(5):  # the computer plans the four planes and the table resolves the turn
        who = g.waiting_for[0] if g.waiting_for else None
        g = g.apply(choose(g, who, "random").action if who else g.legal_actions()[0])
    assert g.turn == 2 and len(g.log) == 5 and str(g.log[-1].action) == "resolve" and g.log[-1].lines


@pytest.mark.rule("A.squadron")
def test_a_plane_over_the_build_total_is_refused_beside_the_plane_and_the_entries_stay():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    two_squadrons(ui)
    before = ui.setup
    assert not add(ui, aa_player="Ann", edge="south", aa_plane="sample-two-seater")
    assert "A.squadron" in ui._aa.message("aa_plane") and "300" in ui._aa.message("aa_plane")
    assert (ui._aa.aa_player, ui._aa.edge, ui._aa.aa_plane) == ("Ann", "south", "sample-two-seater")
    assert ui.setup == before  # nothing added
    ui._aa.build_total = 300  # the same plane fits a larger build total
    assert ui._aa.add_plane() and ui._aa.message("aa_plane") == ""


@pytest.mark.rule("A.aces.pilots")
def test_an_ace_is_offered_for_its_own_plane_and_needs_300_points():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    aa = ui._aa
    aa.aa_plane = "sample-fighter"
    assert list(aa.param.aa_ace.objects) == [""]
    aa.aa_plane = "charlie-steele-plane"
    assert list(aa.param.aa_ace.objects) == ["", "charlie-steele-ace"]
    assert not add(ui, aa_player="Ann", aa_ace="charlie-steele-ace")
    assert "A.aces.pilots" in aa.message("build_total") and aa.aa_ace == "charlie-steele-ace"
    aa.build_total = 300
    assert aa.add_plane()
    assert "49 Charlie Steele" in ui._list.object
    aa.aa_plane = "loyle-crawford-plane"  # another plane: the Ace choice goes back to none
    assert aa.aa_ace == "" and list(aa.param.aa_ace.objects) == ["", "loyle-crawford-ace"]


@pytest.mark.rule("A.setup")
def test_edges_starts_and_speeds_are_refused_beside_their_inputs():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    aa = ui._aa
    assert add(ui, aa_player="Ann", edge="south", aa_plane="sample-fighter")
    assert not add(ui, aa_player="Ann", edge="west", aa_plane="charlie-steele-plane")  # Ann is at the south edge
    assert "A.setup" in aa.message("edge") and aa.edge == "west"
    assert not add(ui, aa_player="Bob", edge="south", aa_plane="sample-two-seater")  # Ann's edge
    assert "Ann" in aa.message("edge")
    ui._aa.auto_start = False  # the boxes take the next place, then the player's own
    assert not add(ui, aa_player="Bob", edge="north", at_x=10.0, at_y=20.0, heading=180.0)
    assert "A.setup" in aa.message("at") and (aa.at_x, aa.at_y) == (10.0, 20.0)
    assert add(ui, at_y=34.0)
    assert ui._aa._squadrons["Bob"]["planes"][0]["at"] == [10.0, 34.0, 180.0]
    assert not add(ui, aa_player="Bob Lee", edge="east", auto_start=True)
    assert "A.setup" in aa.message("aa_player") and aa.aa_player == "Bob Lee"
    speeds = list(aa.param.aa_speed.objects)
    assert speeds == list(figures()[aa.aa_plane].speed.speeds)


def test_a_number_past_its_box_is_refused_beside_the_box():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    with pytest.raises(CsPanelError):
        ui._aa.at_x = 5000.0
    assert "at x" in ui._aa.message("at") and ui._aa.at_x == 18.0


@pytest.mark.rule("A.squadron")
def test_a_plane_is_taken_out_by_its_id():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    two_squadrons(ui)
    assert ui._aa.remove_plane("Bob:loyle-crawford-plane") and ui.setup is not None
    assert "loyle" not in ui._list.object
    assert not ui._aa.remove_plane("Bob:nothing") and "Bob:sample-two-seater" in ui._aa.message("remove")
    assert ui._aa.remove_plane("Bob:sample-two-seater") and ui.setup is None  # one squadron left


@pytest.mark.rule("A.squadron")
def test_the_setup_downloads_and_uploads_into_the_form():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    two_squadrons(ui)
    text = ui.setup_json()
    assert json.loads(text) == ui.setup
    other = GameSetup(system="airaction")
    other.__panel__()
    assert other.load_setup(text) and other.setup == ui.setup
    assert other._aa._squadrons == ui._aa._squadrons and "Bob:loyle-crawford-plane" in other._list.object
    assert other.setup_json() == text


@pytest.mark.rule("A.base.values", "A.squadron")
def test_own_figures_from_a_file_are_offered_saved_and_loaded():
    mine = figure_entry(figures()["sample-fighter"])
    mine.update(id="my-plane", name="My plane", pilot="Me", points=90)
    ui = GameSetup(system="airaction")
    ui.__panel__()
    assert ui._aa.load_figures(json.dumps({"title": "mine", "entries": [mine]}).encode())
    assert "my-plane" in ui._aa.param.aa_plane.objects
    assert add(ui, aa_player="Ann", edge="south", aa_plane="my-plane")
    assert add(ui, aa_player="Bob", edge="north", aa_plane="sample-two-seater")
    assert [e["id"] for e in ui.setup["figures"]] == ["my-plane"]
    other = GameSetup(system="airaction")
    assert other.load_setup(ui.setup_json()) and other.setup == ui.setup
    assert "my-plane" in other._aa.param.aa_plane.objects
    assert other.new_game().state.game.plane("Ann:my-plane").points == 90
    # a file whose figure takes a packaged id is refused beside the upload, the choices unchanged
    mine["id"] = "sample-fighter"
    assert not ui._aa.load_figures(json.dumps({"title": "t", "entries": [mine]}))
    assert "A.base.values" in ui._aa.message("figures")
    assert not ui._aa.load_figures(b"")
    assert "empty" in ui._aa.message("figures")


@pytest.mark.rule("A.squadron")
def test_the_json_text_stays_reachable_for_hand_edits():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    two_squadrons(ui)
    built = ui.setup
    ui._aa.as_json = True  # the text takes the form's setup
    assert json.loads(ui.setup_text) == built and ui.setup == built
    edited = dict(built, max_turns=3)
    ui.setup_text = json.dumps(edited)
    assert ui.setup["max_turns"] == 3
    ui.setup_text = '{"nonsense": true}'
    assert ui.message("setup_text") and ui.setup is None and ui.setup_text == '{"nonsense": true}'
    ui.setup_text = json.dumps(edited)
    ui._aa.as_json = False  # the form takes the text's setup
    assert ui._aa.max_turns == 3 and ui.setup == edited
    ui._aa.as_json = True
    ui.setup_text = "[1]"
    ui._aa.as_json = False  # a refused text leaves the form as it was, and says so
    assert ui.setup == edited and "refused" in ui.message("upload")


@pytest.mark.rule("A.squadron")
def test_the_demo_setup_loads_into_the_form():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    assert ui.load_setup(json.dumps(demo_setup())) and ui.setup == demo_setup()
    assert ui._aa.max_turns == 8 and ui.new_game().players == ("Ann", "Bob")


@pytest.mark.rule("A.nav.deck")
def test_a_player_brings_the_aces_cards_with_a_box_refused_without_an_ace_plane():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    two_squadrons(ui)
    aa = ui._aa
    aa.aa_player = "Bob"
    aa.ace_cards = True  # Loyle Crawford's cards are not known
    assert "A.nav.deck" in aa.message("ace_cards") and aa.ace_cards is False and "ace_cards" not in str(ui.setup)
    aa.aa_player = "Ann"
    aa.ace_cards = True
    assert aa.message("ace_cards") == "" and ui.setup["squadrons"][0]["ace_cards"] is True
    assert "Split-S" in ui._list.object
    aa.aa_player = "Bob"
    assert aa.ace_cards is False  # the box shows the named player's choice
    g = ui.new_game()
    assert len(g.state.game.deck("Ann").cards) == 14
    other = GameSetup(system="airaction")
    assert other.load_setup(ui.setup_json()) and other.setup == ui.setup
    other._aa.aa_player = "Ann"
    assert other._aa.ace_cards is True


@pytest.mark.rule("A.setup")
def test_four_squadrons_one_at_each_edge_fill_the_play_area():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    for who, edge in (("Ann", "south"), ("Bob", "north"), ("Cy", "west"), ("Di", "east")):
        assert add(ui, aa_player=who, edge=edge, aa_plane="sample-fighter"), ui._aa.error
    assert ui.setup is not None and [sq["edge"] for sq in ui.setup["squadrons"]] == ["south", "north", "west", "east"]
    assert not add(ui, aa_player="Ed", edge="south")
    assert "A.setup" in ui._aa.message("aa_player") or "A.setup" in ui._aa.message("edge")
    assert ui.new_game().players == ("Ann", "Bob", "Cy", "Di")


@pytest.mark.rule("A.setup")
def test_a_marker_placed_by_hand_starts_from_its_default_place():
    ui = GameSetup(system="airaction")
    ui.__panel__()
    assert add(ui, aa_player="Bob", edge="north", aa_plane="sample-two-seater")
    ui._aa.auto_start = False
    assert [ui._aa.at_x, ui._aa.at_y, ui._aa.heading] == [15.25, 34.0, 180.0]  # the second place
    ui._aa.at_x = 10.0
    assert add(ui, aa_plane="loyle-crawford-plane")
    assert ui._aa._squadrons["Bob"]["planes"][1]["at"] == [10.0, 34.0, 180.0]


@pytest.mark.rule("A.base.values")
def test_the_dial_editor_s_figure_joins_the_planes():
    from cs_panel.ui.dial_editor import DialEditor

    editor = DialEditor()
    fig = editor.figure
    assert fig is not None and fig.game == "air-action"
    ui = GameSetup(system="airaction")
    ui.__panel__()
    ui._aa.add_figures([fig])
    assert fig.id in ui._aa.param.aa_plane.objects
    assert add(ui, aa_player="Ann", edge="south", aa_plane=fig.id)
    assert add(ui, aa_player="Bob", edge="north", aa_plane="sample-two-seater")
    assert ui.new_game().state.game.plane(f"Ann:{fig.id}").name == fig.name
