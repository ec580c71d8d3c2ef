"""AcesSkirmish: the component shows what cs_panel.aces says, and keeps inputs when one is wrong."""

from __future__ import annotations

import pytest

from cs_panel.aces.board import maps
from cs_panel.aces.combat import attack
from cs_panel.aces.movement import reachable
from cs_panel.ui.aces_board import AcesSkirmish


def _core(app: AcesSkirmish):
    cast = app.characters()
    me = cast[app.active]
    return cast, me


@pytest.mark.rule("K.ranged", "K.attack", "K.move")
def test_the_default_shot_and_reach_come_from_the_core():
    app = AcesSkirmish()
    cast, me = _core(app)
    want = attack(maps()["airfield-bar"], me, cast["Ruffian"], "ranged", cast.values())
    assert app.attack_result == want and app.reasons == []
    assert f"{want.dice} dice" in str(app.attack_result)
    reach = reachable(maps()["airfield-bar"], me.square, me.value("speed"),
                      friends=[c.square for c in cast.values() if c.player == me.player and c.name != me.name],
                      enemies=[c.square for c in cast.values() if c.player != me.player])
    assert app.reach.squares == reach.squares
    assert f"{len(reach.squares) - 1} other squares" in app._reach_pane.object
    assert "chance to knock Ruffian out" in app._attack_pane.object
    # the drawing shades every reachable square and draws the line of fire in green
    fills = dict(zip(zip(app._squares.data["sx"], app._squares.data["sy"]), app._squares.data["fill"]))
    assert sum(f in ("#bee3f8", "#90cdf4") for f in fills.values()) == len(reach.squares) - 1
    assert app._line.data["colour"] == ["#2f855a"]


@pytest.mark.rule("K.ranged", "K.close", "K.capture")
def test_a_forbidden_attack_lists_its_reasons_and_a_capture_shows_its_odds():
    app = AcesSkirmish(target="Loyle")
    assert app.attack_result is None and "beyond range 6" in app.reasons[0]
    assert "cannot make a ranged attack on Loyle" in app._attack_pane.object
    app.param.update(kind="close")
    assert "not adjacent" in app.reasons[0]
    app.param.update(positions={**app.positions, "Charlie": (12, 5)}, kind="capture")
    assert app.attack_result is not None and app.attack_result.kind == "capture"
    assert "chance to capture" in app._attack_pane.object


@pytest.mark.rule("K.move", "K.terrain.blocking")
def test_a_click_places_the_active_character_and_refuses_taken_or_blocking_squares():
    app = AcesSkirmish()
    assert app.to_square(4.2, -6.1) == (4, 6)
    app.place_at(4, -6)
    assert app.positions["Charlie"] == (4, 6)
    before = dict(app.positions)
    app.place_at(9, -4)  # the Ruffian stands there
    assert app.positions == before and "is taken" in app._errors.message("square")
    app.place_at(11, -2)  # a crate
    assert app.positions == before and "blocking terrain" in app._errors.message("square")
    app.place_at(99, -2)
    assert app.positions == before and "off the 26 x 12 map" in app._errors.message("square")


@pytest.mark.rule("K.fate")
def test_fate_inputs_and_their_errors_keep_the_other_inputs():
    app = AcesSkirmish(offensive_fate=True)
    assert [t.label for t in app.attack_result.dice_terms] == ["attack value", "offensive fate"]
    app.param.update(defensive_fate=True)  # the Ruffian is a token: no fate
    assert "tokens never" in app._errors.message("fate")
    assert app.offensive_fate and app.target == "Ruffian"  # nothing the user chose was lost
    app.param.update(target="Loyle", kind="ranged", positions={**app.positions, "Charlie": (13, 1)})
    assert app._errors.message("fate") == "" and app.attack_result.defensive_fate


@pytest.mark.rule("K.break-away")
def test_an_adjacent_enemy_holds_the_active_character_until_it_breaks_away():
    app = AcesSkirmish(positions={**AcesSkirmish().positions, "Charlie": (8, 4)})
    assert app.reach.squares == {(8, 4)}
    app.param.update(broke_away=True)
    assert len(app.reach.squares) > 1


@pytest.mark.rule("K.base.values", "K.attack")
def test_the_cast_shows_each_figures_talents_badged_as_reconstructed():
    app = AcesSkirmish()
    cast = app._cast_pane.object
    assert "talents and abilities" in cast and "Old One-Two" in cast  # Louis's first click
    row = next(r for r in cast.split("<tr>") if r.startswith("<td>Louis"))
    assert "cs-badge-reconstructed" in row
    plain = next(r for r in cast.split("<tr>") if r.startswith("<td>Charlie"))
    assert "cs-badge" not in plain  # no talent showing on her dial, no badge
