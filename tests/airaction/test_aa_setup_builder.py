"""Building an Air Action setup without code (issue 13): every refusal of the set-up builder is a
named error citing its rule, a built setup starts a game that plays, own figures travel with the
setup, and a setup saves and loads as JSON."""

from __future__ import annotations

import json

import pytest

from cs_panel.airaction import setup_builder as B
from cs_panel.airaction.movement import placement_ok
from cs_panel.airaction.play import AirActionSetupError, demo_setup
from cs_panel.airaction.table import Pose
from cs_panel.bots import choose
from cs_panel.clix.figures import figure_entry, figures, figures_text
from cs_panel.core.errors import CsPanelError
from cs_panel.games import new_game
from cs_panel.setups import SetupError, setup_from_json, setup_to_json


def refused(kind: type, rule_id: str, field: str, call, *args, **kwargs) -> SetupError:
    """The call is refused with ``kind``, naming ``rule_id`` in its message and attribute, at ``field``."""
    with pytest.raises(kind) as info:
        call(*args, **kwargs)
    e = info.value
    assert isinstance(e, SetupError) and e.rule_id == rule_id and rule_id in str(e), str(e)
    assert e.field == field, (e.field, str(e))
    return e


def two(**kw) -> dict:
    ann = [B.plane("sample-fighter", edge="south"), B.plane("charlie-steele-plane", edge="south", index=1)]
    bob = [B.plane("sample-two-seater", edge="north"), B.plane("loyle-crawford-plane", edge="north", index=1)]
    return {"Ann": {"edge": "south", "planes": kw.get("Ann", ann)}, "Bob": {"edge": "north", "planes": kw.get("Bob", bob)}}


def own_plane(fid: str = "my-plane", pilot: str = "My Pilot", points: int = 100):
    entry = figure_entry(figures()["sample-fighter"])
    entry.update(id=fid, name=f"My plane {fid}", pilot=pilot, points=points)
    return entry


# -- the squadron -------------------------------------------------------------------------------


@pytest.mark.rule("A.squadron")
def test_the_build_total_is_a_multiple_of_100():
    assert B.check_build_total(200) == 200 and B.check_build_total(300) == 300
    for bad in (250, 0, 99, -100, True, "200", 20_000):
        refused(B.SquadronError, "A.squadron", "build_total", B.check_build_total, bad)
    refused(B.SquadronError, "A.squadron", "build_total", B.game_setup, two(), build_total=150)


@pytest.mark.rule("A.squadron")
def test_a_squadron_adds_up_to_the_build_total_and_never_more():
    ann = B.add_plane([], B.plane("sample-fighter"), 200)
    ann = B.add_plane(ann, B.plane("charlie-steele-plane", index=1), 200)  # exactly 200: allowed
    assert B.squadron_points(ann).value == 200
    e = refused(B.SquadronError, "A.squadron", "figure", B.add_plane, ann,
                B.plane("loyle-crawford-plane", index=2), 200)
    assert "300" in str(e) and "200" in str(e)
    # the same three planes fit a 300-point squadron
    assert len(B.add_plane(ann, B.plane("loyle-crawford-plane", index=2), 300)) == 3


@pytest.mark.rule("A.squadron")
def test_no_two_planes_of_a_squadron_share_a_pilot_but_opponents_may_fly_the_same_figure():
    ann = [B.plane("sample-fighter")]
    e = refused(B.SquadronError, "A.squadron", "figure", B.add_plane, ann, B.plane("sample-fighter", index=1), 400)
    assert "Sample Pilot A" in str(e)
    # Bob flies the same figure as Ann: allowed
    setup = B.game_setup(two(Bob=[B.plane("sample-fighter", edge="north")]))
    assert [sq["planes"][0]["figure"] for sq in setup["squadrons"]] == ["sample-fighter", "sample-fighter"]


@pytest.mark.rule("A.squadron")
def test_points_are_explained_plane_by_plane():
    planes = [B.plane("sample-fighter"), B.plane("charlie-steele-plane", "charlie-steele-ace", index=1)]
    p = B.squadron_points(planes)
    assert str(p) == "100 Sample fighter + 100 Charlie Steele plane + 49 Charlie Steele = 249"
    assert [t.rule for t in p.terms] == ["A.squadron", "A.squadron", "A.aces.pilots"]
    assert p.value == sum(figures()[i].points for i in ("sample-fighter", "charlie-steele-plane", "charlie-steele-ace"))


@pytest.mark.rule("A.squadron")
def test_a_plane_must_be_an_air_action_figure_of_the_data():
    refused(B.FigureError, "A.squadron", "figure", B.plane, "no-such-plane")
    refused(B.FigureError, "A.squadron", "figure", B.plane, "charlie-steele-ace")  # an Aces figure is no plane
    refused(B.SquadronError, "A.squadron", "figure", B.game_setup, two(Ann=[]))  # an empty squadron


# -- Aces ---------------------------------------------------------------------------------------


@pytest.mark.rule("A.aces.pilots")
def test_an_ace_flies_only_the_plane_of_its_own_pilot():
    assert B.aces_for("charlie-steele-plane") == {"Charlie Steele (Ace figure, sample dial), +49 points": "charlie-steele-ace"}
    assert B.aces_for("sample-fighter") == {}
    p = B.plane("charlie-steele-plane", "charlie-steele-ace")
    assert p["ace"] == "charlie-steele-ace"
    refused(B.AcePilotError, "A.aces.pilots", "ace", B.plane, "charlie-steele-plane", "loyle-crawford-ace")
    refused(B.AcePilotError, "A.aces.pilots", "ace", B.plane, "sample-fighter", "louis-thibodeaux-ace")
    refused(B.AcePilotError, "A.aces.pilots", "ace", B.plane, "charlie-steele-plane", "ruffian")  # no Ace of hers
    refused(B.AcePilotError, "A.aces.pilots", "ace", B.plane, "charlie-steele-plane", "sample-fighter")


@pytest.mark.rule("A.aces.pilots")
def test_a_game_with_aces_needs_a_build_total_of_300():
    ann = [B.plane("charlie-steele-plane", "charlie-steele-ace")]
    refused(B.AcePilotError, "A.aces.pilots", "build_total", B.check_squadron, "Ann", ann, 200)
    assert B.check_squadron("Ann", ann, 300).value == 149
    refused(B.AcePilotError, "A.aces.pilots", "build_total", B.game_setup, two(Ann=ann), build_total=200)
    g = new_game("airaction", 1, B.game_setup(two(Ann=ann), build_total=300))
    assert g.state.game.plane("Ann:charlie-steele-plane").ace == "charlie-steele-ace"


@pytest.mark.rule("A.aces.pilots")
def test_a_hand_edited_setup_cannot_seat_an_ace_in_another_pilots_plane():
    setup = demo_setup()
    setup["build_total"] = 300
    setup["squadrons"][0]["planes"][1]["ace"] = "loyle-crawford-ace"  # Charlie's plane, Loyle's figure
    with pytest.raises(AirActionSetupError, match="A.aces.pilots"):
        new_game("airaction", 1, setup)
    setup["squadrons"][0]["planes"][1]["ace"] = "charlie-steele-ace"
    assert new_game("airaction", 1, setup).state.game.plane("Ann:charlie-steele-plane").ace == "charlie-steele-ace"


# -- the start ----------------------------------------------------------------------------------


@pytest.mark.rule("A.setup")
def test_default_starts_lie_within_3_inches_of_the_edge_facing_in_and_apart():
    for edge in ("south", "north", "west", "east"):
        poses = [Pose(*B.edge_start(edge, i)) for i in range(B.MAX_PLANES)]
        assert all(placement_ok(p, edge) for p in poses), edge
        assert len({(p.x, p.y) for p in poses}) == B.MAX_PLANES
        # facing into the play area: a step ahead is farther from the edge
        ahead = [p.forward(1.0) for p in poses]
        assert all(not placement_ok(a, edge, depth=p_far(p, edge)) for a, p in zip(ahead, poses))
    refused(B.PlacementError, "A.setup", "edge", B.edge_start, "up")
    refused(B.PlacementError, "A.setup", "planes", B.edge_start, "south", B.MAX_PLANES)


def p_far(pose: Pose, edge: str) -> float:
    """How deep the marker at ``pose`` reaches from ``edge``: a marker one step ahead reaches deeper."""
    lo, hi = 0.0, 36.0
    while hi - lo > 1e-6:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if placement_ok(pose, edge, depth=mid) else (mid, hi)
    return hi - 1e-4


@pytest.mark.rule("A.setup")
def test_a_marker_away_from_its_edge_is_refused():
    assert B.plane("sample-fighter", edge="south", at=[10, 2, 45])["at"] == [10.0, 2.0, 45.0]
    refused(B.PlacementError, "A.setup", "at", B.plane, "sample-fighter", edge="south", at=[10, 6, 0])
    refused(B.PlacementError, "A.setup", "at", B.plane, "sample-fighter", edge="north", at=[10, 2, 180])
    refused(B.PlacementError, "A.setup", "at", B.plane, "sample-fighter", edge="south", at=[-0.2, 2, 0])  # off the area
    refused(B.PlacementError, "A.setup", "at", B.plane, "sample-fighter", at=[1, 2])
    refused(B.PlacementError, "A.setup", "edge", B.plane, "sample-fighter", edge="up", at=[1, 2, 0])


@pytest.mark.rule("A.setup")
def test_the_starting_speed_is_one_of_the_plane_s_speed_dial():
    dial = figures()["sample-fighter"].speed
    assert B.plane("sample-fighter")["speed"] == dial.speed
    for s in dial.speeds:
        assert B.plane("sample-fighter", speed=s)["speed"] == s
    for bad in (max(dial.speeds) + 1, -1, 2.5, True):
        refused(B.StartSpeedError, "A.setup", "speed", B.plane, "sample-fighter", speed=bad)


@pytest.mark.rule("A.setup")
def test_each_player_starts_at_an_edge_of_his_own_and_names_fit_the_notation():
    sq = two()
    sq["Bob"]["edge"] = "south"
    e = refused(B.PlacementError, "A.setup", "edge", B.game_setup, sq)
    assert "Ann" in str(e) and "Bob" in str(e)
    refused(B.PlacementError, "A.setup", "player", B.game_setup, {"Ann": two()["Ann"]})
    five = {f"P{i}": {"edge": e, "planes": [B.plane("sample-fighter", edge=e)]}
            for i, e in enumerate(("south", "north", "west", "east", "south"))}
    refused(B.PlacementError, "A.setup", "player", B.game_setup, five)
    for bad in ("Ann Lee", "", "Ann:1", "x" * 41):
        refused(B.PlacementError, "A.setup", "player", B.check_player, bad)
    sq = two()
    sq["Ann Lee"] = sq.pop("Ann")
    refused(B.PlacementError, "A.setup", "player", B.game_setup, sq)
    sq = two()
    sq["Ann"]["edge"] = "up"
    refused(B.PlacementError, "A.setup", "edge", B.game_setup, sq)


@pytest.mark.rule("A.end")
def test_the_time_limit_is_agreed_from_none_to_1000_turns():
    assert B.game_setup(two(), max_turns=0)["max_turns"] == 0
    for bad in (-1, 1001, 2.0, True):
        refused(B.GameLengthError, "A.end", "max_turns", B.game_setup, two(), max_turns=bad)
    refused(B.GameLengthError, "A.campaign.levels", "campaign", B.game_setup, two(), campaign="yes")


# -- own figures --------------------------------------------------------------------------------


@pytest.mark.rule("A.base.values", "A.squadron")
def test_own_figures_from_a_file_join_the_choices_and_travel_with_the_setup():
    figs = B.own_figures(json.dumps({"title": "mine", "entries": [own_plane()]}))
    assert [f.id for f in figs] == ["my-plane"] and "my-plane" in B.plane_choices(figs).values()
    setup = B.game_setup(two(Ann=[B.plane("my-plane", own=figs)]), own=figs)
    assert [e["id"] for e in setup["figures"]] == ["my-plane"]
    g = new_game("airaction", 2, setup)
    assert g.state.game.plane("Ann:my-plane").points == 100
    back = setup_from_json("airaction", setup_to_json("airaction", setup))
    assert back == setup
    # a figure not flown stays out of the setup
    assert "figures" not in B.game_setup(two(), own=figs)
    # without the figure the setup is refused: an unknown figure
    with pytest.raises(CsPanelError):
        B.game_setup(two(Ann=[B.plane("my-plane", own=figs)]))


@pytest.mark.rule("A.base.values")
def test_an_own_figure_with_a_taken_id_or_a_broken_file_is_refused():
    taken = own_plane("sample-fighter")
    refused(B.FigureError, "A.base.values", "figures", B.own_figures, json.dumps({"title": "t", "entries": [taken]}))
    twice = json.dumps({"title": "t", "entries": [own_plane("a1"), own_plane("a1", pilot="Other")]})
    with pytest.raises(CsPanelError):  # the data file's own check or ours: two alike
        B.own_figures(twice)
    refused(B.FigureError, "A.base.values", "figures", B.own_figures, "not json")
    broken = own_plane()
    broken["base"] = {"silhouette": 99, "front_range": 3, "rear_range": 0}
    refused(B.FigureError, "A.base.values", "figures", B.own_figures, json.dumps({"title": "t", "entries": [broken]}))
    # a hand-edited setup cannot redefine a packaged figure
    setup = demo_setup()
    setup["figures"] = [taken]
    with pytest.raises(AirActionSetupError, match="A.base.values"):
        new_game("airaction", 1, setup)


@pytest.mark.rule("A.aces.pilots", "A.base.values")
def test_an_own_ace_flies_its_own_plane():
    plane = own_plane("my-plane", pilot="Ada Ace")
    ace = figure_entry(figures()["charlie-steele-ace"])
    ace.update(id="ada-ace", name="Ada Ace", pilot="Ada Ace", points=40)
    figs = B.own_figures(figures_text([]).replace('"entries": []', f'"entries": {json.dumps([plane, ace])}'))
    assert B.aces_for("my-plane", figs) == {"Ada Ace, +40 points": "ada-ace"}
    setup = B.game_setup(two(Ann=[B.plane("my-plane", "ada-ace", own=figs)]), build_total=300, own=figs)
    assert sorted(e["id"] for e in setup["figures"]) == ["ada-ace", "my-plane"]
    assert new_game("airaction", 1, setup).state.game.plane("Ann:my-plane").ace == "ada-ace"


# -- the game -----------------------------------------------------------------------------------


@pytest.mark.rule("A.setup", "A.order")
def test_a_built_setup_starts_a_game_that_plays():
    setup = B.game_setup(two(Ann=[B.plane("charlie-steele-plane", "charlie-steele-ace"), B.plane("sample-fighter", index=1)]),
                         build_total=300, max_turns=3)
    g = new_game("airaction", 7, setup)
    assert g.players == ("Ann", "Bob") and g.waiting_for == ("Ann", "Bob")
    for _ in range(12):
        if g.is_over:
            break
        who = g.waiting_for[0] if g.waiting_for else None
        action = choose(g, who, "random").action if who else g.legal_actions()[0]
        g = g.apply(action)
    assert g.turn >= 2 and g.rules.invariants(g.state) == []


@pytest.mark.rule("A.squadron")
def test_the_demo_setup_rebuilds_through_the_builder():
    demo = demo_setup()
    squadrons = {sq["player"]: {"edge": sq["edge"], "planes": sq["planes"]} for sq in demo["squadrons"]}
    assert B.game_setup(squadrons, build_total=demo["build_total"], max_turns=demo["max_turns"]) == demo


# -- the Aces' own cards ------------------------------------------------------------------------


@pytest.mark.rule("A.nav.deck")
def test_a_squadron_may_bring_the_own_cards_of_its_ace_planes():
    assert B.ace_cards_for([B.plane("sample-fighter"), B.plane("charlie-steele-plane", index=1)]) == {
        "charlie-steele-ace": ["Sample ace card: Split-S (not official)", "Sample ace card: Barrel Roll (not official)"]}
    sq = two()
    sq["Ann"]["ace_cards"] = True
    setup = B.game_setup(sq)
    assert setup["squadrons"][0]["ace_cards"] is True and "ace_cards" not in setup["squadrons"][1]
    g = new_game("airaction", 3, setup)
    ann, bob = g.state.game.deck("Ann"), g.state.game.deck("Bob")
    assert len(ann.cards) == len(bob.cards) + 2 == 14
    assert sorted(set(ann.cards) - set(bob.cards)) == ["sample-ace-barrel-roll", "sample-ace-split-s"]
    # any plane of Ann's squadron may fly them (they are in her deck), none of Bob's
    assert any("sample-ace-split-s" in str(a) for a in g.legal_actions("Ann") if "sample-fighter" in str(a))
    assert not any("sample-ace" in str(a) for a in g.legal_actions("Bob"))
    with pytest.raises(CsPanelError, match="A.nav.deck"):
        g.apply("plan Bob:sample-two-seater 0 sample-ace-split-s")
    g = g.play("plan Ann:sample-fighter 0 sample-ace-barrel-roll left", "plan Ann:charlie-steele-plane 0 cruise",
               "plan Bob:sample-two-seater 0 cruise", "plan Bob:loyle-crawford-plane 0 cruise", "resolve")
    assert any("Barrel Roll" in line and "A.move.execute" in line for line in g.log[-1].lines)


@pytest.mark.rule("A.nav.deck")
def test_ace_cards_without_an_ace_plane_whose_cards_are_known_are_refused():
    refused(B.AceCardsError, "A.nav.deck", "ace_cards", B.ace_cards_for, [B.plane("sample-fighter")])
    # Loyle Crawford's cards are not known: his plane brings none
    refused(B.AceCardsError, "A.nav.deck", "ace_cards", B.ace_cards_for, [B.plane("loyle-crawford-plane")])
    sq = two()
    sq["Bob"]["ace_cards"] = True
    refused(B.AceCardsError, "A.nav.deck", "ace_cards", B.game_setup, sq)
    sq["Bob"]["ace_cards"] = "yes"
    refused(B.AceCardsError, "A.nav.deck", "ace_cards", B.game_setup, sq)
    hand = demo_setup()
    hand["squadrons"][1]["ace_cards"] = True
    with pytest.raises(AirActionSetupError, match="A.nav.deck"):
        new_game("airaction", 1, hand)


@pytest.mark.rule("A.squadron")
def test_a_squadron_holds_at_most_twelve_planes():
    figs = B.own_figures(json.dumps({"title": "t", "entries": [own_plane(f"p{i}", pilot=f"Pilot {i}", points=10)
                                                               for i in range(13)]}))
    planes: list = []
    for i in range(12):
        planes = B.add_plane(planes, B.plane(f"p{i}", index=i, own=figs), 200, own=figs)
    assert B.squadron_points(planes, figs).value == 120
    refused(B.SquadronError, "A.squadron", "figure", B.add_plane, planes, B.plane("p12", own=figs), 200, own=figs)


@pytest.mark.rule("A.setup")
def test_a_squadron_is_an_edge_and_planes():
    refused(B.PlacementError, "A.setup", "player", B.game_setup, {"Ann": two()["Ann"], "Bob": ["sample-two-seater"]})
    refused(B.PlacementError, "A.setup", "player", B.game_setup, [("Ann", two()["Ann"])])
