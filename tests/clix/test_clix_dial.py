"""Combat dials and speed dials (A.base.values, A.shot-down, A.campaign.bailout, A.throttle, K.*)."""

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.clix.dial import (
    ACES_STATS, AIR_ACTION_STATS, BULLET_HOLES, KO, Click, CombatDial, DialEndError, DialError, DialStartError, Marker,
    RedLineError, SpeedDial, SpeedSquare, StructuralLimitError, build_dial,
)
from cs_panel.core.errors import SavedStateError
from cs_panel.core.state import dumps, loads


def plane_dial(limit=7):
    # 5 flying clicks, then 3 shot-down clicks with bail-out values, limit line after click 7
    rows = [(7, 4, 0, 6), (7, 3, 0, 7), (6, 3, 0, 7), (5, 2, 0, 8), (4, 1, 0, 9), None, None, None]
    return build_dial(AIR_ACTION_STATS, rows, bail_outs={5: 5, 6: 7, 7: 9}, structural_limit=limit,
                      markers={0: {"front_gunnery": "red"}, 4: {"piloting": "grey"}})


@pytest.mark.rule("A.base.values", "A.setup")
def test_dial_reads_current_click_from_start():
    d = plane_dial()
    assert d.position == d.start == 0
    assert d.values == {"max_speed": 7, "front_gunnery": 4, "rear_gunnery": 0, "piloting": 6}
    assert d.markers("front_gunnery") == (Marker("front_gunnery", "red"),)
    assert d.markers("piloting") == ()
    assert d.click(4).markers("piloting") == (Marker("piloting", "grey"),)


@pytest.mark.rule("A.base.values", "A.combat.shot")
def test_click_clockwise_changes_values():
    d = plane_dial().click()
    assert (d.position, d.value("front_gunnery"), d.value("piloting")) == (1, 3, 7)
    assert str(d).startswith("click 1: maximum speed 7, front gunnery 3")


@pytest.mark.rule("A.shot-down")
def test_hits_stop_at_three_bullet_holes():
    dmg = plane_dial().take_hits(9)
    assert dmg.applied == 5 and dmg.unused == 4 and dmg.eliminated
    assert dmg.dial.shot_down
    with pytest.raises(DialEndError) as e:
        dmg.dial.click()
    assert e.value.field == "clicks"
    with pytest.raises(DialEndError):
        dmg.dial.value("piloting")


@pytest.mark.rule("A.shot-down")
def test_click_past_shot_down_click_is_refused():
    with pytest.raises(DialEndError, match="three bullet holes"):
        plane_dial().click(6)
    assert plane_dial().clicks_to_eliminate() == 5


@pytest.mark.rule("A.campaign.bailout")
def test_campaign_damage_runs_to_structural_limit():
    d = plane_dial(limit=6)
    dmg = d.take_hits(9, campaign=True)
    assert dmg.dial.position == 6 and dmg.applied == 6 and dmg.unused == 3
    assert dmg.dial.bail_out == 7
    assert d.take_hits(5, campaign=True).dial.bail_out == 5
    with pytest.raises(DialEndError, match="structural limit"):
        d.click(7, campaign=True)


@pytest.mark.rule("K.base.values", "A.base.values")
def test_click_back_heals_but_not_past_start():
    d = plane_dial()
    assert d.click(3).click_back(2).position == 1
    with pytest.raises(DialStartError) as e:
        d.click(1).click_back(2)
    assert e.value.field == "clicks"


@pytest.mark.rule("K.base.values", "K.attack")
def test_aces_dial_knocked_out_with_ko_symbols():
    d = build_dial(ACES_STATS, [(7, 3, 4, 2), (6, 2, 4, 1), None], eliminated_symbol=KO)
    assert d.value("defense") == 4
    out = d.take_hits(2).dial
    assert out.eliminated and "KO" in out.describe_click()


@pytest.mark.rule("K.recruit", "K.attack")
def test_token_has_one_click():
    token = build_dial(ACES_STATS, [(5, 2, 3, 0), None], eliminated_symbol=KO)
    assert token.clicks_to_eliminate() == 1
    assert token.take_hits(1).eliminated


@pytest.mark.rule("A.base.values")
@pytest.mark.parametrize("kwargs,field", [
    (dict(stats=("a", "a"), clicks=(Click((1, 1)), Click.eliminated_click())), "stats"),
    (dict(stats=("a", "b"), clicks=(Click((1,)), Click.eliminated_click())), "clicks[0].values"),
    (dict(stats=("a",), clicks=(Click((1,)),)), "clicks"),
    (dict(stats=("a",), clicks=(Click((1,)), Click.eliminated_click()), start=1), "start"),
    (dict(stats=("a",), clicks=(Click((1,), (Marker("b", "red"),)), Click.eliminated_click())), "clicks[0].markers"),
    (dict(stats=("a",), clicks=(Click((1,)), Click.eliminated_click()), structural_limit=5), "structural_limit"),
])
def test_bad_dials_name_the_field(kwargs, field):
    with pytest.raises(DialError) as e:
        CombatDial(**kwargs)
    assert e.value.field == field


@pytest.mark.rule("A.campaign.bailout", "A.shot-down")
def test_structural_limit_closes_a_run_of_shot_down_clicks():
    # our reading: campaign clicks go on only after three bullet holes show, up to the line, so
    # the line sits at the first shot-down click or later, with only shot-down clicks before it
    assert plane_dial(limit=5).structural_limit == 5  # right after the first bullet holes
    for early in (0, 2, 4):
        with pytest.raises(StructuralLimitError) as e:
            plane_dial(limit=early)
        assert e.value.field == "structural_limit" and "before the first three bullet holes click (5)" in str(e.value)
    # a line before the bullet holes would have left a campaign plane that can never be shot down
    rows = [(7, 4, 0, 6)] * 5 + [None]
    with pytest.raises(StructuralLimitError):
        build_dial(AIR_ACTION_STATS, rows, structural_limit=2)
    assert build_dial(AIR_ACTION_STATS, rows, structural_limit=5).take_hits(10, campaign=True).eliminated
    # values again after the first bullet holes cannot sit inside the campaign run
    with pytest.raises(StructuralLimitError, match="click 2, which shows values") as e:
        build_dial(AIR_ACTION_STATS, [(7, 4, 0, 6), None, (6, 3, 0, 7), None], structural_limit=3)
    assert e.value.field == "structural_limit"
    # counted from the starting position, and still a DialError for callers that catch those
    with pytest.raises(DialError):
        build_dial(AIR_ACTION_STATS, [(7, 4, 0, 6), None, (6, 3, 0, 7), (6, 3, 0, 7), None], start=2, structural_limit=3)
    assert build_dial(AIR_ACTION_STATS, [(7, 4, 0, 6), None, (6, 3, 0, 7), None], start=2, structural_limit=3)


@pytest.mark.rule("A.campaign.bailout")
def test_bail_out_only_on_eliminated_clicks():
    with pytest.raises(DialError) as e:
        Click((1, 2), bail_out=5)
    assert e.value.field == "bail_out"


COLOURS = ("red", "blue", "grey", "green", "yellow", "black")


@st.composite
def dials(draw):
    """Any valid combat dial of either game: coloured markers, bail-out values, a campaign
    structural limit, a start past click 0 (leading clicks are then only reachable by editing) and
    a slot anywhere from the start to the end."""
    stats, symbol = draw(st.sampled_from([(AIR_ACTION_STATS, BULLET_HOLES), (ACES_STATS, KO)]))
    n_flying = draw(st.integers(1, 8))
    n_down = draw(st.integers(1, 4))
    flying = [
        Click(draw(st.tuples(*[st.integers(0, 12)] * len(stats))),
              tuple(draw(st.lists(st.builds(Marker, st.sampled_from(stats), st.sampled_from(COLOURS)), max_size=3))))
        for _ in range(n_flying)
    ]
    down = [Click.eliminated_click(draw(st.none() | st.integers(2, 13))) for _ in range(n_down)]
    start = draw(st.integers(0, n_flying - 1))
    first_down = n_flying
    limit = draw(st.none() | st.integers(first_down, first_down + n_down - 1))
    dial = CombatDial(stats, tuple(flying + down), start, None, limit, symbol)
    return dial.at(draw(st.integers(start, n_flying + n_down - 1)))


@pytest.mark.rule("A.base.values", "K.base.values")
@settings(max_examples=60, deadline=None)
@given(dials(), st.data())
def test_click_forward_then_back_restores_dial(dial, data):
    n = data.draw(st.integers(0, dial.clicks_to_eliminate()))
    assert dial.click(n).click_back(n) == dial


@pytest.mark.rule("A.base.values", "A.base.skills", "A.campaign.bailout", "K.base.values")
@settings(max_examples=100, deadline=None)
@given(dials())
def test_dial_survives_json_round_trip(dial):
    back = loads(CombatDial, dumps(dial))
    assert back == dial
    # the parts a bare dial would not exercise come back too
    assert (back.start, back.position, back.structural_limit, back.eliminated_symbol) == (
        dial.start, dial.position, dial.structural_limit, dial.eliminated_symbol)
    assert [c.markers for c in back.clicks] == [c.markers for c in dial.clicks]
    assert [c.bail_out for c in back.clicks] == [c.bail_out for c in dial.clicks]
    assert back.take_hits(20, campaign=True) == dial.take_hits(20, campaign=True)


@pytest.mark.rule("A.base.values")
def test_loading_a_dial_as_a_speed_dial_fails_clearly():
    with pytest.raises(SavedStateError, match="CombatDial, not a SpeedDial"):
        loads(SpeedDial, dumps(plane_dial()))


# -- speed dial ----------------------------------------------------------------------------

@pytest.mark.rule("A.throttle")
def test_speed_dial_throttles_and_stops_at_red_line():
    sd = SpeedDial((1, 2, 3, 4, 5, 6), position=4)
    assert sd.throttle(1).speed == 6
    with pytest.raises(RedLineError) as e:
        sd.throttle(2)
    assert e.value.field == "clicks"
    with pytest.raises(RedLineError):
        SpeedDial((1, 2, 3), position=0).throttle(-1)


@pytest.mark.rule("A.throttle")
def test_red_line_can_sit_anywhere_on_the_ring():
    # ring 3,4,5,6,1,2 with the line after 6: from 6 up is refused, from 1 down is refused
    sd = SpeedDial((3, 4, 5, 6, 1, 2), position=3, red_line=3)
    assert (sd.lowest, sd.highest) == (1, 6)
    assert sd.steps_to(2) == -4 and sd.set_speed(2).speed == 2
    with pytest.raises(RedLineError):
        sd.throttle(1)
    with pytest.raises(RedLineError):
        sd.set_speed(1).throttle(-1)


@pytest.mark.rule("A.move.speed-effects")
def test_speed_squares_show_at_their_position():
    sd = SpeedDial((1, 2, 3), position=2, squares=(SpeedSquare(2, "gunnery", "red"), SpeedSquare(1, "max_speed", "red")))
    assert sd.squares_at() == (SpeedSquare(2, "gunnery", "red"),)
    assert sd.throttle(-1).squares_at("max_speed") == (SpeedSquare(1, "max_speed", "red"),)
    with pytest.raises(DialError):
        SpeedSquare(0, "somewhere", "red")


@pytest.mark.rule("A.throttle", "A.order")
@pytest.mark.parametrize("speeds,field", [((1,), "speeds"), ((1, 11), "speeds"), ((2, 2), "speeds")])
def test_bad_speed_dials(speeds, field):
    with pytest.raises(DialError) as e:
        SpeedDial(speeds)
    assert e.value.field == field


@pytest.mark.rule("A.throttle")
@settings(max_examples=50, deadline=None)
@given(st.integers(2, 10), st.data())
def test_speed_dial_round_trip_and_throttle_inverse(n, data):
    pos = data.draw(st.integers(0, n - 1))
    red = data.draw(st.integers(0, n - 1))
    sd = SpeedDial(tuple(range(1, n + 1)), pos, red)
    assert loads(SpeedDial, dumps(sd)) == sd
    k = data.draw(st.integers(-(n - 1), n - 1))
    try:
        moved = sd.throttle(k)
    except RedLineError:
        return
    assert moved.throttle(-k) == sd
