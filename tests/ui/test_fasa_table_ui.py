"""The FasaTable component, tested without a browser: its actions are the methods its buttons
call, and every answer must be the one a Referee driven directly gives."""

import html
import json
import re

import panel as pn
import pytest

from cs_panel.core.errors import SavedStateError
from cs_panel.core.game import Game, IllegalActionError, UndoRefusedError
from cs_panel.fasa.play import setup_of
from cs_panel.fasa.referee import Phase, demo_planes, map_svg
from cs_panel.games import new_game
from cs_panel.ui import FasaTable


def demo_game() -> Game:
    """The demo notebook's game, started the way it starts it, through the game protocol."""
    return new_game("fasa", 1937, setup_of(demo_planes(), 3, "fighters", {"Ann": "south", "Bob": "north"}))


def plot(table: FasaTable, plane: str, maneuver: str) -> bool:
    table.plot_plane, table.maneuver = plane, maneuver
    return table.plot()


@pytest.mark.rule("F.seq.phases", "F.move.plot", "F.move.resolve", "F.combat.order", "F.dmg.template")
def test_the_demo_games_first_turn_through_the_buttons_is_the_referees():
    table, ref = FasaTable(), demo_game()
    assert table.game == ref and table.next_step == "plots from Ace, Raider"
    assert plot(table, "Ace", "3SA") and table.next_step == "plots from Raider"
    assert table.plot_plane == "Raider"  # the plane the referee waits for comes up next
    assert plot(table, "Raider", "3SA") and table.next_step == "move()"
    assert table.move() and table.game.state.game.phase is Phase.COMBAT
    assert table.combat() and table.next_step == "tailing()"
    # Ann's two .50 hits went into the Raider's nose and cut its top speed (this seed's turn 1)
    table.sheet_plane = "Raider"
    raider = table.game.state.game.plane("Raider")
    assert "engine damaged: max speed 4 -> 3" in raider.damage_summary()
    assert html.escape(raider.damage_summary()) in table._sheet_pane.object and "<svg" in table._sheet_pane.object
    assert "template mg-50-AP (F.dmg.template): 5 box(es) destroyed" in table._table_pane.object
    assert table.tailing() and table.game.state.turn == 2
    ref = ref.play("plot Ace 3SA", "plot Raider 3SA", "move", "combat", "tailing")
    assert table.game.log == ref.log and table.game.state == ref.state and table.game == ref
    assert table._errors.message() == "" and table.error == ""
    # what the screen shows comes from that game
    assert "Hex(0, 2) facing A" in table._table_pane.object
    assert table._map_pane.object == map_svg(ref.state.game, 3, 22)
    assert table._table_pane.object.count("cs-referee-map") == 0  # the map is drawn once, above the table
    assert ref.log[3].faces and f"4. combat dice {list(ref.log[3].faces)}" in table._transcript_pane.object
    assert table._transcript_pane.object.index("1. plot Ace") < table._transcript_pane.object.index("5. tailing")
    assert "turn 1: tailing phase: nobody tails anybody" in table._commentary_pane.object
    assert "Next:</b> plots from Ace, Raider" in table._next_pane.object


@pytest.mark.rule("F.move.plot", "F.move.no-jink")
def test_an_illegal_plot_is_named_beside_the_maneuver_and_kept():
    table = FasaTable()
    assert not plot(table, "Ace", "3L0A")
    assert "no jinking" in table._errors.message("maneuver") and "F.move.no-jink" in table._errors.message("maneuver")
    assert table.maneuver == "3L0A" and table.game.log == () and table._errors.message() == ""
    assert not plot(table, "Ace", "9Q")  # not notation at all: said beside the maneuver too
    assert table.maneuver == "9Q" and table._errors.message("maneuver") != ""
    assert plot(table, "Ace", "3SA") and table._errors.message("maneuver") == ""
    assert table.maneuver == ""  # a plot taken leaves the shared screen
    assert not plot(table, "Ace", "2SA")  # already plotted: said beside the plane, the typed plot kept
    assert "already plotted" in table._errors.message("plot_plane") and table.maneuver == "2SA"
    with pytest.raises(IllegalActionError, match="no jinking"):
        demo_game().apply("plot Ace 3L0A")  # the game refuses the same way


@pytest.mark.rule("F.move.plot")
def test_each_player_sees_only_their_own_plots_until_movement():
    table = FasaTable()
    assert table.param.player.objects == ["everyone", "Ann", "Bob"]
    plot(table, "Ace", "3SA")
    plot(table, "Raider", "2SA")
    table.player = "Ann"
    assert table.plots_shown() == {"Ace": "3SA", "Raider": "secret"}
    assert "3SA" in table._plots_pane.object and "2SA" not in table._plots_pane.object
    table.player = "Bob"
    assert table.plots_shown() == {"Ace": "secret", "Raider": "2SA"}
    assert "2SA" in table._plots_pane.object and "3SA" not in table._plots_pane.object
    table.player = "everyone"
    assert table.plots_shown() == {"Ace": "secret", "Raider": "secret"}
    screen = table._plots_pane.object + table._table_pane.object + table._transcript_pane.object + table._commentary_pane.object
    assert "3SA" not in screen and "2SA" not in screen
    table.move()  # the movement phase reveals them to all (F.move.plot)
    assert "plots revealed: Ace 3SA, Raider 2SA" in table._table_pane.object
    assert table.plots_shown() == {"Ace": "3SA", "Raider": "2SA"} and "2SA" in table._plots_pane.object


@pytest.mark.rule("F.move.plot")
def test_the_plots_table_has_a_row_for_every_plane_from_the_turns_start():
    # the table keeps its size through the plotting: a plot changes a row's words, not the rows
    table = FasaTable()

    def rows():
        return re.findall(r"<tr><td>(\w+)</td><td>(.*?)</td></tr>", table._plots_pane.object)
    assert rows() == [("Ace", "<i>not plotted yet</i>"), ("Raider", "<i>not plotted yet</i>")]
    plot(table, "Ace", "3SA")
    assert rows() == [("Ace", "<code>secret</code>"), ("Raider", "<i>not plotted yet</i>")]
    table.player = "Ann"
    assert rows() == [("Ace", "<code>3SA</code>"), ("Raider", "<i>not plotted yet</i>")]
    table.undo()
    assert rows() == [("Ace", "<i>not plotted yet</i>"), ("Raider", "<i>not plotted yet</i>")]


@pytest.mark.rule("F.tail.position", "F.tail.reveal")
def test_the_tailer_hears_what_the_tailed_plot_reveals_and_no_more():
    table = FasaTable()
    for ace, raider in (("3SA", "3SA"), ("2L1E", "3R3B")):
        plot(table, "Ace", ace)
        plot(table, "Raider", raider)
        assert table.move() and table.combat() and table.tailing()
    assert "Ace tails Raider, tailing number 1" in table._commentary_pane.object
    plot(table, "Raider", "2L1F")
    table.player = "Ann"
    assert table.plots_shown() == {"Raider": "secret"}
    assert "Raider reveals direction: left, speed: 2" in table._table_pane.object  # number 0-2: direction and speed
    assert "2L1F" not in table._plots_pane.object + table._table_pane.object


@pytest.mark.rule("F.combat.choice", "F.gun.double-down", "F.seq.phases")
def test_fire_orders_are_checked_beside_the_order_and_an_action_out_of_phase_in_the_general_slot():
    table = FasaTable()
    assert not table.combat()  # no combat before the plots
    assert "cannot resolve" not in table._errors.message() and "plot phase" in table._errors.message()
    assert table.game.log == ()
    plot(table, "Ace", "3SA")
    plot(table, "Raider", "3SA")
    table.move()
    table.fire_plane, table.order = "Ace", "guns at Ace"
    assert not table.fire()  # one's own plane is no target
    assert "Ace flies for Ann too" in table._errors.message("order") and table.order == "guns at Ace"
    table.fire_plane, table.order = "Raider", "guns x2 at Ace"
    assert table.fire() and "Raider: guns x2 at Ace" in table.next_step
    assert table.combat()
    ref = demo_game().play("plot Ace 3SA", "plot Raider 3SA", "move", "fire Raider guns x2 at Ace", "combat")
    assert table.game.state == ref.state and table.game == ref
    with pytest.raises(IllegalActionError, match="Ace flies for Ann too"):
        demo_game().play("plot Ace 3SA", "plot Raider 3SA", "move", "fire Ace guns at Ace")


@pytest.mark.rule("F.collide.piloted")
def test_collision_numbers_are_secret_and_checked_beside_the_number():
    table = FasaTable()
    plot(table, "Ace", "4SA")
    plot(table, "Raider", "4SA")
    assert table.move() and table.next_step == "collision numbers from Ace, Raider"
    assert table.pick_plane == "Ace"
    table.number = "11"
    assert not table.pick() and "1-10" in table._errors.message("number") and table.number == "11"
    table.number = "7"
    assert table.pick() and table.number == "" and table.pick_plane == "Raider"
    table.number = "7"
    assert table.pick() and table.collide()
    ref = demo_game().play("plot Ace 4SA", "plot Raider 4SA", "move", "pick Ace 7", "pick Raider 7", "collide")
    assert table.game.state == ref.state and set(ref.state.game.destroyed) == {"Ace", "Raider"}
    table.sheet_plane = "Ace"
    assert "no longer in the game" in table._sheet_pane.object


@pytest.mark.rule("F.move.plot", "F.combat.choice")
def test_undo_takes_back_a_plot_or_an_order_but_never_a_move():
    table = FasaTable()
    plot(table, "Ace", "3SA")
    assert table.undo() and table.game == demo_game() and table.next_step == "plots from Ace, Raider"
    assert not table.undo() and "nothing to undo" in table._errors.message("undo")
    plot(table, "Ace", "3SA")
    plot(table, "Raider", "3SA")
    table.move()
    before = table.game
    # the plots were revealed: refused beside the button, saying why, and the game stays
    assert not table.undo() and table.game == before and "crosses a reveal" in table._errors.message("undo")
    with pytest.raises(UndoRefusedError):
        before.undo()  # the game refuses the same way
    table.combat()
    rolled = table.game
    assert not table.undo() and table.game is rolled and "crosses a die roll" in table._errors.message("undo")
    table.tailing()
    plot(table, "Ace", "3SA")
    assert table.undo() and table._errors.message("undo") == ""
    table2 = FasaTable()
    plot(table2, "Ace", "3SA")
    plot(table2, "Raider", "3SA")
    table2.move()
    moved = table2.game
    table2.fire_plane, table2.order = "Ace", "hold"
    assert table2.fire() and table2.undo() and table2.game == moved


@pytest.mark.rule("F.seq.phases", "F.dmg.template")
def test_save_and_load_give_the_same_game_and_a_malformed_save_is_refused_keeping_the_game():
    table = FasaTable()
    plot(table, "Ace", "3SA")
    plot(table, "Raider", "3SA")
    table.move()
    table.combat()
    assert table.save() and table.saved == table.game.to_json()
    saved, game = table.saved, table.game
    table.restart()
    assert table.game.log == ()
    assert table.load() and table.game == game and table.game.state == game.state
    assert "Wing Spar (port, fore)" in table._table_pane.object
    for bad in ("{not json", json.dumps({"type": "GameState", "format": 1, "data": {}}),
                new_game("aces", 1).to_json()):  # a saved game of another system is no FASA game
        table.saved = bad
        assert not table.load()
        assert table.game == game and table.saved == bad
        assert "cannot load" in table._errors.message("saved")
    # JSON of a game whose combat lost its dice: the log does not replay, so it is no game
    doc = json.loads(saved)
    doc["log"][-1][1] = doc["log"][-1][1][:2]
    table.saved = json.dumps(doc)
    assert not table.load() and table.game == game and "die faces" in table._errors.message("saved")
    errors = []
    table._errors.show = lambda e, show=table._errors.show: (errors.append(e), show(e))
    table.load()
    assert isinstance(errors[-1], SavedStateError) and errors[-1].field == "saved"


@pytest.mark.rule("F.map.sheets", "F.setup")
def test_a_set_up_the_referee_refuses_keeps_the_game_and_says_why():
    table = FasaTable()
    plot(table, "Ace", "3SA")
    game = table.game
    table.homes = {"Ann": "south", "Bob": "south"}
    assert table.game == game and "opposite ends" in table._errors.message("setup")
    table.homes = {"Ann": "north", "Bob": "south"}
    assert table.game.log == () and table._errors.message("setup") == ""
    table.seed = 5
    assert table.game.seed == 5


@pytest.mark.rule("F.seq.phases")
def test_every_parameter_is_documented_and_every_phase_has_its_button():
    table = FasaTable()
    for name, p in table.param.objects().items():
        if name != "name":
            assert p.doc, name
    layout = pn.panel(table)
    layout.get_root()
    labels = {b.label for b in layout.select(pn.widgets.Button)}
    assert {"Plot", "Move", "Pick", "Collide", "Order fire", "Combat", "Tailing", "Undo", "Save", "Load"} <= labels


def test_the_next_step_is_said_in_words_not_as_code():
    from cs_panel.ui.fasa_table import next_in_words

    assert next_in_words("tailing()") == "the tailing phase: press Tailing"
    assert next_in_words("combat() (or first fire orders)") == "the combat phase: press Combat (or first fire orders)"
    assert next_in_words("plots from Ace, Raider") == "plots from Ace, Raider"
    table = FasaTable()
    assert plot(table, "Ace", "3SA") and plot(table, "Raider", "3SA") and table.next_step == "move()"
    assert "press Move" in table._next_pane.object and "move()" not in table._next_pane.object


@pytest.mark.rule("F.move.plot", "F.combat.choice", "F.seq.phases")
def test_the_table_offers_exactly_the_games_legal_actions():
    from cs_panel.fasa.play import Fire, Plot, legal_plots

    table = FasaTable()
    legal = [str(a) for a in table.game.legal_actions()]
    assert table.legal == legal and legal
    # the maneuvers offered under the plot input are the game's legal plots of the chosen plane
    ace = table.game.state.game.plane("Ace")
    # ... the maneuvers, then the bail-outs (F.bail.safe)
    assert table.offered(Plot, "Ace") == [a.split(" ", 2)[-1] for a in legal if a.startswith("plot Ace ")]
    assert [m for m in table.offered(Plot, "Ace") if not m.startswith("bail")] == list(legal_plots(ace.plane))
    assert "Ace may fly now: " + ", ".join(table.offered(Plot, "Ace")) in html.unescape(table._plot_choices.object)
    plot(table, "Ace", "3SA")
    assert table.offered(Plot, "Ace") == [] and table.offered(Plot, "Raider")  # Ace has plotted: no plot left for it
    assert table.legal == [str(a) for a in table.game.legal_actions()]
    plot(table, "Raider", "3SA")
    assert table.legal == ["move"]
    table.move()
    # in the combat phase: each plane's fire orders, as the game lists them, and the combat step
    orders = [a.order for a in table.game.legal_actions() if isinstance(a, Fire) and a.plane == "Ace"]
    assert table.offered(Fire, "Ace") == orders and "hold" in orders and "guns at Raider" in orders
    assert table.legal[-1] == "combat" and table.legal == [str(a) for a in table.game.legal_actions()]
    table.fire_plane = "Raider"
    assert "Raider may be ordered now" in table._fire_choices.object


@pytest.mark.rule("F.setup")
def test_a_loaded_game_of_other_planes_gets_its_own_plane_and_player_menus():
    """The table keeps the opening state of the game it shows (issue 14: not read again every
    action); a game of another set-up must still get its own menus, and the same seed is no excuse."""
    import dataclasses

    table = FasaTable()
    plot(table, "Ace", "3SA")
    assert table.param.plot_plane.objects == ["Ace", "Raider"]
    renamed = [dataclasses.replace(p, name=p.name + "2", player=p.player + "2") for p in demo_planes()]
    other = new_game("fasa", table.game.seed, setup_of(renamed, 3, "fighters", {"Ann2": "south", "Bob2": "north"}))
    table.saved = other.to_json()
    assert table.load() and table.game == other
    assert table.param.plot_plane.objects == ["Ace2", "Raider2"]
    assert table.param.sheet_plane.objects == ["Ace2", "Raider2"]
    assert sorted(table.param.player.objects[1:]) == ["Ann2", "Bob2"]
    assert table.plot_plane in ("Ace2", "Raider2")


@pytest.mark.rule("F.move.plot")
def test_a_plot_works_out_the_choices_under_the_inputs_once_and_as_afresh(monkeypatch):
    """A plot hands the screen to the next plane (its watcher shows the choices) and redraws the
    table (which shows them too): the choices are worked out once for the game and planes shown,
    and what is kept is what working them out afresh gives (issue 14)."""
    table = FasaTable()
    asked = []
    shift_options = FasaTable.shift_options
    monkeypatch.setattr(FasaTable, "shift_options", lambda self: asked.append(1) or shift_options(self))
    for plane, undo in (("Ace", False), ("Raider", False), (None, True), (None, True)):
        asked.clear()
        assert table.undo() if undo else plot(table, plane, "3SA")
        assert len(asked) == 1
        kept = (table._plot_choices.object, table._fire_choices.object, table._shift_select.options)
        table._choices_shown = None  # forget what was shown: work it out afresh
        table._show_choices()
        assert (table._plot_choices.object, table._fire_choices.object, table._shift_select.options) == kept
    asked.clear()
    other = next(p for p in table.param.fire_plane.objects if p != table.fire_plane)
    table.fire_plane = other  # another plane, the same game: worked out again, once
    assert len(asked) == 1
    kept = (table._plot_choices.object, table._fire_choices.object, table._shift_select.options)
    table._choices_shown = None
    table._show_choices()
    assert (table._plot_choices.object, table._fire_choices.object, table._shift_select.options) == kept
