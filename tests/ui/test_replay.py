"""The GameReplay component without a browser: replaying each system's golden game shows the states
of playing it, step by step and turn by turn; a file that is not a saved game is refused beside the
file input and the game shown stays."""

from __future__ import annotations

import html
import importlib.util
import json
import re
from pathlib import Path

import pytest

from cs_panel.core.errors import CsPanelError, SavedStateError
from cs_panel.core.game import Game
from cs_panel.games import available
from cs_panel.ui.common import UPLOAD_BYTES
from cs_panel.ui.replay import GameReplay, demo_game

TESTS = Path(__file__).resolve().parents[1]
HERE = available()


def _golden_helpers():
    """tests/test_games.py, for its golden-transcript helpers (the tests import in importlib mode)."""
    spec = importlib.util.spec_from_file_location("_cs_test_games", TESTS / "test_games.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GOLDEN = _golden_helpers()


def golden_played(system: str) -> list[Game]:
    """The golden game played action by action from its transcript: the game after each action."""
    text = (GOLDEN.GOLDEN / f"{system}.txt").read_text()
    final = GOLDEN.replay_transcript(text)
    games = [Game.new(final.system, final.seed, final.setup)]
    for entry in final.log:
        games.append(games[-1].apply(str(entry.action)))
    assert games[-1].transcript() == text
    return games


def text_of(pane) -> str:
    """A pane's text as read on the screen: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", pane.object))


@pytest.mark.rule("F.seq.phases", "K.turns")
@pytest.mark.parametrize("system", HERE)
def test_replaying_the_golden_game_shows_the_states_of_playing_it(system):
    games = golden_played(system)
    final = games[-1]
    key = final.rules.state_key
    replay = GameReplay(game=Game.from_json(final.to_json()))  # as a saved file gives it
    replay.__panel__()
    assert replay.step == 0 and replay.length == len(final.log)
    for k, played in enumerate(games):
        if k:
            replay.forward()
        assert replay.step == k
        assert key(replay.shown.state) == key(played.state), f"step {k}"
        assert played.picture() and played.picture() in replay._picture_pane.object
        where = text_of(replay._where_pane)
        assert f"step {k} of {len(final.log)}, turn {played.turn}" in where
        action = text_of(replay._action_pane)
        if k == 0:
            assert "no action taken yet" in action
            continue
        entry = final.log[k - 1]
        assert f"Action {k}: {entry.action}" in action
        for line in entry.lines:  # every roll's target number, terms, odds, faces and rule ids
            assert line in action
        if entry.faces:
            assert "dice " + " ".join(f"d{s}={f}" for s, f in zip(entry.sides, entry.faces)) in action
    assert any(e.faces for e in final.log), "the golden game rolls dice"
    replay.forward()  # past the end: nothing happens
    assert replay.step == len(final.log) and f"step {len(final.log)} of" in text_of(replay._where_pane)


@pytest.mark.rule("F.seq.phases", "K.turns")
@pytest.mark.parametrize("system", HERE)
def test_stepping_and_jumping_to_a_turn(system):
    games = golden_played(system)
    replay = GameReplay(game=games[-1])
    replay.__panel__()
    starts = {}
    for n, g in enumerate(games):
        starts.setdefault(g.turn, n)
    assert replay.turn_starts() == starts and replay.param.turn.objects == list(starts)
    replay.back()
    assert replay.step == 0
    for turn, n in reversed(list(starts.items())):
        replay.turn = turn
        assert replay.step == n and replay.shown.turn == turn
        assert f"Turn {turn}" in text_of(replay._turn_pane)
    replay.last()
    assert replay.step == len(games) - 1 and replay.turn == games[-1].turn
    replay.back()
    assert replay.step == len(games) - 2 and replay.turn == games[-2].turn  # the turn follows the step
    replay.first()
    assert replay.step == 0 and replay.turn == games[0].turn
    replay.step = 3
    assert replay.turn == games[3].turn and replay._slider.value == 3
    # a step past the game's end is refused by name beside the slider, and the step stays
    with pytest.raises(CsPanelError) as e:
        replay.step = len(games)
    assert e.value.field == "step" and replay.step == 3
    assert f"0-{len(games) - 1}" in replay.message("step")
    replay.forward()
    assert replay.step == 4 and replay.message("step") == ""


def test_a_bad_file_is_refused_beside_the_input_and_the_game_stays():
    replay = GameReplay(demo=HERE[0])
    replay.__panel__()
    kept = replay.game
    replay.step = 2
    good = json.loads(kept.to_json())
    rolled = next(i for i, (_, faces) in enumerate(good["log"]) if faces)
    changed = json.loads(kept.to_json())
    changed["log"][rolled][1][0] = changed["log"][rolled][1][0] % 6 + 1  # a die face changed
    bad = {
        b"": "empty",
        b"\xff\xfe": "UTF-8",
        b"x" * (UPLOAD_BYTES + 1): "limit",
        b"{not json": "not complete JSON",
        b"[" * 100 + b"]" * 100: "nests",
        b"[" * 100_000: "nests",
        json.dumps({**good, "system": "chess"}).encode(): "unknown system",
        json.dumps(changed).encode(): "was changed",
        json.dumps({**good, "log": good["log"] + [["fly to the moon", []]]}).encode(): "action",
    }
    for data, why in bad.items():
        assert replay.load_upload(data) is False, why
        assert replay.game is kept and replay.step == 2
        assert why in replay.load_error and why in replay.message("upload")
        assert replay.message() == ""  # beside the file input, not in a general slot
    with pytest.raises(SavedStateError):
        Game.from_json(json.dumps(changed))
    # a good file (as the download button gives it) then loads, from the start, and the message goes
    other = demo_game(HERE[-1])
    assert replay.load_upload(GameReplay(game=other)._download().read().encode()) is True
    assert replay.game == other and replay.step == 0 and replay.load_error == "" and replay.message("upload") == ""
    assert replay.length == len(other.log)


def test_the_demo_selector_shows_each_systems_demo_game():
    replay = GameReplay()
    assert replay.param.demo.objects == list(HERE)
    for system in HERE:
        replay.demo = system
        assert replay.game.system == system and replay.game == demo_game(system) and replay.step == 0
        assert f"{system}</b> game" in replay._where_pane.object


def test_no_game_shows_a_note_and_builds():
    replay = GameReplay(game=None, demo=HERE[0])
    replay.game = None
    replay.__panel__()
    assert replay.length == 0 and replay.shown is None and "No game" in replay._where_pane.object
    replay.forward()
    assert replay.step == 0


def test_the_app_page_opens_a_demo_at_a_step_from_the_address():
    from cs_panel.ui.app import PAGES_BY_SLUG, build_page

    system = HERE[-1]
    replay, refused = build_page(PAGES_BY_SLUG["replay"], {"demo": system, "step": "2"})
    assert refused == [] and replay.game == demo_game(system) and replay.step == 2
    replay, refused = build_page(PAGES_BY_SLUG["replay"], {"demo": system, "step": "999", "turn": "2"})
    assert refused == ["step"] and replay.step == 0  # past the game's end; 'turn' is no address input
