"""AcesSkirmish: the component shows what cs_panel.aces says, and keeps inputs when one is wrong."""

from __future__ import annotations

import pytest

from cs_panel.aces.board import maps
from cs_panel.aces.combat import attack
from cs_panel.aces.movement import reachable
from cs_panel.aces.play import Move
from cs_panel.ui.aces_board import AcesSkirmish


def _core(app: AcesSkirmish):
    cast = app.characters()
    me = cast[app.active]
    return cast, me


@pytest.mark.rule("K.ranged", "K.attack", "K.move")
def test_the_default_shot_and_reach_come_from_the_core(skirmish_map):
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
    drawn = skirmish_map(app)
    assert set(drawn["reach"]) == set(reach.squares) - {me.square}
    assert set(drawn["reach"].values()) <= {"#bee3f8", "#90cdf4"}
    assert drawn["lines"] == [("#2f855a", False)]


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
    assert "data-pick='4,6'" in app._map.base  # each square names itself to a click
    assert app.pick("4,6") == (4, 6)
    assert app.positions["Charlie"] == (4, 6)
    before = dict(app.positions)
    app._map._handle_msg({"pick": "9,4"})  # as the browser sends a click: the Ruffian stands there
    assert app.positions == before and "is taken" in app._errors.message("square")
    app.pick("11,2")  # a crate
    assert app.positions == before and "blocking terrain" in app._errors.message("square")
    app.pick("99,2")
    assert app.positions == before and "off the 26 x 12 map" in app._errors.message("square")
    for hostile in ("", "-1,2", "4,6,1", "__import__('os')", "4, 6"):  # a stranger's message: ignored
        assert app.pick(hostile) is None and app.positions == before


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


# -- several targets (K.ranged.multi) --------------------------------------------------------------

def _gunner_at(square=(7, 5), **params) -> AcesSkirmish:
    """Tim's Tail Gunner (two pistols, range 6, attack 3) moved to ``square``."""
    return AcesSkirmish(active="Tail Gunner", positions={**AcesSkirmish().positions, "Tail Gunner": square}, **params)


def _referee_plan(targets, square=(7, 5)):
    """The same shot planned by a referee's game set up on its own (the other Tim figures stand
    out of every line here, so they are left off to keep the team within 100 points)."""
    from cs_panel.aces.referee import AcesGame

    game = AcesGame.start("airfield-bar", {
        "Tim": [("tail-gunner", "Tail Gunner", (2, 8))],
        "Kim": [("loyle-crawford-ace", "Loyle", (13, 5)), ("ruffian", "Ruffian", (9, 4)), ("soldier", "Soldier", (9, 7))],
    }, ("Tim", "Kim"), check_areas=False)
    return game.plan_attack("Tail Gunner", square, targets, "ranged")


@pytest.mark.rule("K.ranged.multi", "K.ranged", "K.terrain.hindering", "K.attack")
def test_two_targets_share_the_dice_with_each_ones_defense_and_odds_as_the_referee_plans_them(skirmish_map):
    from cs_panel.aces.combat import MultiShot, multi_shot, ranged_targets
    from cs_panel.core.explain import percent

    app = _gunner_at()
    cast = app.characters()
    # the list offers exactly the enemies the core says may be shot from here
    may = [n for n, why in ranged_targets(maps()["airfield-bar"], cast["Tail Gunner"], cast.values()).items() if not why]
    assert sorted(app.shootable) == sorted(may) == ["Loyle", "Ruffian", "Soldier"]
    assert sorted(app._targets_choice.options.values()) == sorted(may)
    app.targets = ["Ruffian", "Soldier"]
    shot = app.multi_result
    want = _referee_plan(["Ruffian", "Soldier"])
    assert isinstance(shot, MultiShot) and shot == want
    assert shot == multi_shot(maps()["airfield-bar"], cast["Tail Gunner"], [cast["Ruffian"], cast["Soldier"]], cast.values())
    assert app.attack_result is None and app.reasons == [] and app._errors.message("targets") == ""
    # the Ruffian stands behind hindering terrain from here: defense 3 + 1; the Soldier plain 4
    assert [m.label for m in shot.defense_terms[0]] == ["defense value", "hindering terrain on the line of fire"]
    assert shot.defenses == (4, 4) and shot.dice == 3
    chances = want.hit_chances()
    assert shot.hit_chances() == chances and set(chances) == {"Ruffian", "Soldier"}
    pane = app._attack_pane.object
    assert "Tail Gunner fires at Ruffian, Soldier" in pane
    for name in ("Ruffian", "Soldier"):
        assert f"{name} <b>{percent(chances[name])}</b>" in pane
    assert "hindering terrain on the line of fire" in pane and "= 3</td><td>dice" in pane
    # one line of fire per target, both clear; the single-target select steps aside
    assert skirmish_map(app)["lines"] == [("#2f855a", False), ("#2f855a", False)]
    assert app._target_select.disabled


@pytest.mark.rule("K.ranged.multi", "K.ranged", "K.base.values")
def test_a_target_list_the_rules_refuse_is_named_beside_the_list_and_kept(skirmish_map):
    app = _gunner_at(targets=["Ruffian", "Soldier", "Loyle"])  # three targets, two pistols
    assert app.multi_result is None and app.targets == ["Ruffian", "Soldier", "Loyle"]
    assert "Tail Gunner has 2 pistol(s): at most that many targets" in app._errors.message("targets")
    assert "cannot make this ranged attack on Ruffian, Soldier, Loyle" in app._attack_pane.object
    app.targets = ["Ruffian", "Soldier"]
    assert app.multi_result is not None and app._errors.message("targets") == ""
    # from (9, 1) the Ruffian stands on the line to the Soldier: the list is refused, named, and kept
    app.positions = {**app.positions, "Tail Gunner": (9, 1)}
    assert app.multi_result is None and app.targets == ["Ruffian", "Soldier"]
    said = app._errors.message("targets")
    assert "Soldier: line of fire from (9, 1) to (9, 7) blocked: a character at (9, 4)" in said
    assert app.reasons == ["Soldier: line of fire from (9, 1) to (9, 7) blocked: a character at (9, 4) (K.ranged)"]
    assert app.shootable == ["Ruffian"]
    assert app._targets_choice.options == {"Ruffian": "Ruffian", "Soldier (cannot be shot now)": "Soldier"}
    assert skirmish_map(app)["lines"] == [("#2f855a", False), ("#c53030", True)]
    # Charlie has one pistol: two targets are one too many
    charlie = AcesSkirmish(targets=["Ruffian", "Soldier"])
    assert "Charlie has 1 pistol(s)" in charlie._errors.message("targets") and charlie.targets == ["Ruffian", "Soldier"]


@pytest.mark.rule("K.ranged.multi", "K.fate", "K.close")
def test_several_targets_with_fate_and_with_the_wrong_kind_of_attack():
    app = _gunner_at(targets=["Ruffian", "Loyle"], defensive_fate=True)
    shot = app.multi_result
    # Loyle (an Ace with fate) spends it: only a six hits him; the Ruffian (a token) cannot
    assert shot == _referee_plan(["Ruffian", "Loyle"]).with_defensive_fate((False, True))
    assert shot.needs("Loyle") == 6 and "Loyle spending fate" in app._attack_pane.object
    app.targets = ["Ruffian", "Soldier"]  # two tokens: nobody can spend fate
    assert "none of Ruffian, Soldier can spend fate defensively" in app._errors.message("fate")
    assert app.multi_result == _referee_plan(["Ruffian", "Soldier"]) and app.defensive_fate
    app.param.update(defensive_fate=False, kind="close")
    assert "only a ranged attack may name several targets" in app._errors.message("kind")
    assert app.multi_result is None and app.kind == "close" and app.targets == ["Ruffian", "Soldier"]


@pytest.mark.rule("K.ranged.multi", "K.attack")
def test_the_odds_of_a_several_target_shot_give_a_charmed_life_target_no_click_and_say_why():
    from cs_panel.aces.combat import multi_shot, sample_character
    from cs_panel.core.explain import percent

    app = _gunner_at()
    cast = app.characters()
    # Kim's Trusty Sidekick (Charmed Life, reconstructed) where the Soldier stands: the shot deals
    # it one click at most and the talent takes that off, so its chance is 0, not the die's odds
    side = sample_character("trusty-sidekick", "Sidekick", "Kim", cast["Soldier"].square)
    rest = [c for c in cast.values() if c.name != "Soldier"]
    shot = multi_shot(maps()["airfield-bar"], cast["Tail Gunner"], [cast["Ruffian"], side], rest)
    chances = shot.hit_chances()
    assert chances["Sidekick"] == 0 and chances["Ruffian"] > 0
    pane = app._multi_html(cast["Tail Gunner"], shot, [])
    assert "Tail Gunner fires at Ruffian, Sidekick" in pane
    assert f"Ruffian <b>{percent(chances['Ruffian'])}</b>, Sidekick <b>0%</b>" in pane
    assert "(Sidekick: one click at most from this shot, and 1 hit - 1 Charmed Life" in pane
    assert "a hit costs Sidekick nothing" in pane


@pytest.mark.rule("K.ranged", "K.ranged.multi", "K.attack")
def test_one_listed_target_is_a_plain_attack_and_an_empty_list_gives_back_the_single_target(skirmish_map):
    app = AcesSkirmish(targets=["Soldier"])
    cast, me = _core(app)
    assert app.attack_result == attack(maps()["airfield-bar"], me, cast["Soldier"], "ranged", cast.values())
    assert app.multi_result is None and "Charlie on Soldier" in app._attack_pane.object
    app.targets = []
    assert app.attack_result == attack(maps()["airfield-bar"], me, cast["Ruffian"], "ranged", cast.values())
    assert "Charlie on Ruffian" in app._attack_pane.object and not app._target_select.disabled
    assert skirmish_map(app)["lines"] == [("#2f855a", False)]


# -- rolling the planned attack through the game (K.attack, K.ranged.multi) ------------------------

def _seed_where(plan, wanted, first=1):
    """The first seed whose first entry's dice give ``wanted(faces)``: the game rolls entry 0 with
    ``Dice(entry_seed(seed, 0))``, so the faces of a seed are known before the component rolls."""
    from cs_panel.core.dice import Dice
    from cs_panel.core.game import entry_seed

    event = plan.event
    return next(s for s in range(first, 1000) if wanted(event.resolve(Dice(entry_seed(s, 0))).faces))


@pytest.mark.rule("K.attack", "K.ranged", "K.turns")
def test_two_components_with_the_same_seed_roll_the_same_and_the_faces_are_the_games():
    from cs_panel.aces.combat import resolve, take_hits
    from cs_panel.core.dice import Dice
    from cs_panel.core.game import entry_seed
    from cs_panel.games import new_game

    one, two = AcesSkirmish(seed=11, target="Loyle"), AcesSkirmish(seed=11, target="Loyle")
    for app in (one, two):
        app.positions = {**app.positions, "Charlie": (13, 1)}  # in range of Loyle, as in the fate test
    cast = one.characters()
    planned = one.attack_result
    first = one.roll()
    assert first is not None and first == two.roll()
    # Kim's turn now (K.turns): Loyle answers, in both components alike
    for app in (one, two):
        app.param.update(active="Loyle", target="Charlie")
    assert one.roll() == two.roll() and one.roll_log == two.roll_log and len(one.roll_log) == 2
    assert one.characters() == two.characters() and one.game == two.game
    # the faces are those the game's dice give the same attack, and the dial clicks as the core says
    want = resolve(planned, Dice(entry_seed(11, 0)))
    assert first.faces == want.faces == one.game.log[0].faces and f"{want.hits} hit" in first.said[0]
    assert first.clicks["Loyle"] == take_hits(cast["Loyle"], want.hits).dial.slot - cast["Loyle"].dial.slot
    assert f"dice {', '.join(map(str, want.faces))}" in one.roll_log[0] and "(K.ranged, K.attack)" in one.roll_log[0]
    assert "1. Charlie (ranged) at Loyle" in one._log_pane.object
    # the same two actions applied to a game by hand give the same game
    again = new_game("aces", 11, one.game.setup).play("attack Charlie from 13,1 ranged Loyle",
                                                       "attack Loyle from 13,5 ranged Charlie")
    assert again == one.game and again.state.game == one.table


@pytest.mark.rule("K.attack", "K.ranged")
def test_the_clicks_a_roll_applies_are_the_cores_for_the_same_faces_and_the_cast_shows_the_new_slot():
    from cs_panel.aces.combat import resolve, take_hits

    probe = AcesSkirmish(target="Loyle")
    probe.positions = {**probe.positions, "Charlie": (13, 1)}
    seed = _seed_where(probe.attack_result, lambda faces: resolve(probe.attack_result, faces=faces).hits == 2)
    app = AcesSkirmish(seed=seed, target="Loyle")
    app.positions = {**app.positions, "Charlie": (13, 1)}
    cast = app.characters()
    done = app.roll()
    hits = resolve(probe.attack_result, faces=done.faces).hits
    want = take_hits(cast["Loyle"], hits)
    assert hits == 2 and want.dial.slot == cast["Loyle"].dial.slot + 2 and not want.knocked_out
    assert done.faces == app.game.log[-1].faces and done.clicks == {"Loyle": 2} and done.knocked_out == ()
    assert app.characters()["Loyle"].dial == want.dial
    assert app.characters()["Charlie"] == cast["Charlie"]  # the attacker spent no fate: untouched
    row = next(r for r in app._cast_pane.object.split("<tr>") if r.startswith("<td>Loyle"))
    v = want.dial.values
    assert f"<td>{want.dial.slot}</td><td>{v['speed']}</td><td>{v['attack']}</td><td>{v['defense']}</td>" in row


@pytest.mark.rule("K.ranged.multi", "K.attack")
def test_a_several_target_roll_gives_each_target_the_click_the_core_gives_it():
    from cs_panel.aces.combat import take_hits

    probe = _gunner_at(targets=["Ruffian", "Loyle"])
    shot = probe.multi_result
    # a seed whose dice, given out as well as possible, hit both: Loyle (6+ behind hindering terrain) and the Ruffian
    seed = _seed_where(shot, lambda faces: shot.event.outcome_of(faces) == ("Ruffian", "Loyle"))
    app = _gunner_at(seed=seed, targets=["Ruffian", "Loyle"])
    cast = app.characters()
    assert app.multi_result == shot
    done = app.roll()
    hit = shot.event.outcome_of(done.faces)
    assert hit == ("Ruffian", "Loyle") and done.faces == app.game.log[-1].faces
    for name in ("Ruffian", "Loyle"):
        want = take_hits(cast[name], 1) if name in hit else cast[name]
        assert app.characters()[name].dial.slot == want.dial.slot
        assert done.clicks[name] == want.dial.slot - cast[name].dial.slot
    assert done.knocked_out == ("Ruffian",) and "(K.ranged.multi, K.attack)" in app.roll_log[-1]


@pytest.mark.rule("K.attack", "K.ranged", "K.turns")
def test_a_knock_out_shows_and_reset_restores_the_characters(skirmish_map):
    from cs_panel.aces.combat import resolve

    probe = AcesSkirmish()
    seed = _seed_where(probe.attack_result, lambda faces: resolve(probe.attack_result, faces=faces).hits >= 1)
    app = AcesSkirmish(seed=seed)
    start = app.characters()
    done = app.roll()
    assert done.knocked_out == ("Ruffian",) and app.characters()["Ruffian"].knocked_out
    row = next(r for r in app._cast_pane.object.split("<tr") if "<td>Ruffian" in r)
    assert "aces-ko" in row and "knocked out" in row and "off the map" in row
    assert not any("Ruffian" in name for _, name in skirmish_map(app)["pieces"]) and "knocked out: Ruffian" in app.roll_log[-1]
    # the Ruffian is off the map: once Kim has passed, a roll at it is refused beside the target, the choice kept
    assert app.act("pass Kim")
    app.active = "Tail Gunner"
    game = app.game
    assert app.roll() is None and app.game is game
    assert "knocked-out character is off the map" in app._errors.message("target") and app.target == "Ruffian"
    assert len(app.roll_log) == 1
    # reset: the starting line-up, squares and dice again
    first = done
    app.place_on((4, 6))  # a move of the Tail Gunner, the game under way
    assert app.game.log[-1].action == Move("Tail Gunner", (4, 6))
    app.param.update(active="Charlie", target="Soldier")
    app.reset()
    assert app.characters() == start and app.positions["Charlie"] == (3, 5) and app.roll_log == []
    assert app.game.log == () and app.game.seed == seed
    assert app.target == "Soldier" and app.roll().faces == first.faces  # reset keeps the inputs; the same dice again


@pytest.mark.rule("K.attack", "K.ranged")
def test_undo_after_a_roll_is_refused_beside_the_button_and_the_game_is_kept():
    app = AcesSkirmish()
    done = app.roll()
    game, cast = app.game, app.characters()
    assert not app.undo()
    said = app._errors.message("undo")
    assert "cannot undo attack Charlie from 3,5 ranged Ruffian" in said and "crosses a die roll" in said
    assert ", ".join(map(str, done.faces)).replace(",", "") in said  # the faces it rolled are named
    assert app.game is game and app.characters() == cast and app.last_roll == done and len(app.roll_log) == 1
    # an action without dice is taken back; the roll before it still stands
    assert app.act("pass Kim") and app.game.waiting_for == ("Tim",)
    assert app.undo() and app.game == game and app._errors.message("undo") == ""
    assert not app.undo() and app.game == game
    fresh = AcesSkirmish()
    assert not fresh.undo() and "nothing to undo" in fresh._errors.message("undo")


@pytest.mark.rule("K.actions", "K.turns", "K.ranged")
def test_the_component_offers_exactly_the_games_legal_actions():
    from cs_panel.aces.play import Attack

    app = AcesSkirmish()
    for _ in range(2):
        legal = [str(a) for a in app.game.legal_actions()]
        assert app.legal == legal and app.param.action.objects == legal and app.action in legal
        # the targets list offers the targets of the game's legal ranged attacks from where the active one stands
        me = app.characters()[app.active]
        assert app.shootable == list(dict.fromkeys(
            a.targets[0] for a in app.game.legal_actions() if isinstance(a, Attack) and a.name == me.name
            and a.at == me.square and a.kind == "ranged" and len(a.targets) == 1))
        app.roll()
    # now Kim's turn: none of Tim's actions is offered, and Charlie may shoot nobody
    owners = {app.game.rules.owner(app.game.state, a) for a in app.game.legal_actions()}
    assert owners == {"Kim"} and app.legal == [str(a) for a in app.game.legal_actions()]
    assert app.shootable == [] and app.game.waiting_for == ("Kim",)
    # an action chosen from the list is applied to the game
    app.action = "pass Kim"
    before = app.game
    assert app.act() and app.game == before.apply("pass Kim")
    # one the game does not allow is refused beside the list, naming the rule, and nothing changes
    game = app.game
    assert not app.act("move Loyle to 8,1") and app.game is game
    assert "K.turns" in app._errors.message("action")


def test_the_component_holds_a_game_given_to_it_and_refuses_another_system():
    from cs_panel.games import new_game

    game = new_game("aces", 5).apply("move Charlie to 4,3")
    app = AcesSkirmish(game=game)
    assert app.game is game and app.map_name == "training-yard" and app.seed == 5
    assert app.positions["Charlie"] == (4, 3) and app.legal == [str(a) for a in game.legal_actions()]
    assert "Louis" not in app.param.active.objects and app.active in app.param.active.objects
    # a set-up change starts a new game that keeps the table's agreements (starting areas, time limit)
    app.positions = {**app.positions, "Charlie": (1, 2)}
    assert app.game.log == () and app.game.state.game.character("Charlie").square == (1, 2)
    assert app.game.setup["max_turns"] == game.setup["max_turns"] == 30 and app.game.setup["check_areas"]
    app.positions = {**app.positions, "Charlie": (8, 2)}  # outside Tim's starting area: refused, the game kept
    assert app.positions["Charlie"] == (1, 2) and "starting area" in app._errors.message("square")
    game = app.game
    app.game = new_game("fasa", 5)
    assert app.game is game and "system 'aces'" in app._errors.message("action")


def test_token_labels_are_distinct(skirmish_map):
    from cs_panel.ui.common import short_labels

    assert short_labels(["Louis", "Loyle", "Charlie"]) == {"Louis": "Lu", "Loyle": "Ly", "Charlie": "Ch"}
    assert len(set(short_labels(["Ann", "Ann2", "An"]).values())) == 3
    board = AcesSkirmish()
    labels = [label for label, _ in skirmish_map(board)["pieces"]]
    assert len(labels) == len(board.characters()) == len(set(labels)), labels


@pytest.mark.rule("K.attack")
def test_a_knocked_out_active_character_is_named_off_the_map_by_the_referee():
    from cs_panel.aces.combat import resolve

    probe = AcesSkirmish()
    seed = _seed_where(probe.attack_result, lambda faces: resolve(probe.attack_result, faces=faces).hits >= 1)
    app = AcesSkirmish(seed=seed)
    assert app.roll().knocked_out == ("Ruffian",)
    app.active = "Ruffian"
    assert app.reach is None and app.attack_result is None and app.shootable == []
    assert "knocked-out character is off the map" in app._errors.message("active")
    assert any("knocked-out character is off the map" in r for r in app.reasons)
