"""The SVG bar chart the calculators draw (cs_panel/core/chart.py)."""

import re

import pytest

from cs_panel.core.chart import CHART_TOP, Bar, ChartError, bar_chart_svg
from cs_panel.core.svg import svg_name


def rects(svg):
    """(data-x, x, y, width, height) of every bar."""
    return [(int(m[0]), *map(float, m[1:])) for m in
            re.findall(r"<rect class='cs-bar' data-x='(\d+)' x='([\d.]+)' y='([\d.]+)' width='([\d.]+)' height='([\d.]+)'", svg)]


def test_bar_heights_are_the_chances_on_one_scale_and_stand_on_one_floor():
    svg = bar_chart_svg([Bar(0, 1.0, "#111"), Bar(1, 0.5, "#222"), Bar(2, 0.25, "#333"), Bar(3, 0.0, "#444")],
                        title="t", x_label="x", width=380, height=220)
    (x0, _, y0, _, h0), (_, _, y1, _, h1), (_, _, y2, _, h2), (_, _, _, _, h3) = rects(svg)
    assert h1 == pytest.approx(h0 / 2, abs=0.1) and h2 == pytest.approx(h0 / 4, abs=0.1) and h3 == 0
    assert y0 + h0 == pytest.approx(y1 + h1) == pytest.approx(y2 + h2)  # one floor
    assert "fill='#222'" in svg


def test_an_outcome_without_a_bar_keeps_its_slot_empty():
    svg = bar_chart_svg([Bar(1, 0.5, "#111"), Bar(4, 0.5, "#111")], title="t", x_label="x")
    (_, xa, _, wa, _), (_, xb, _, wb, _) = rects(svg)
    assert wa == wb and (xb - xa) == pytest.approx(3 * wa / 0.8, abs=0.2)  # three slots apart
    assert re.findall(r">(\d)</text>", svg) == ["1", "4"]  # the outcome axis labels the bars' outcomes


def test_notes_show_on_hover_and_crossed_outcomes_are_marked_escaped():
    svg = bar_chart_svg([Bar(1, 0.0, "#aaa", "range 1: <out> of reach", crossed=True)], title="A & B", x_label="x")
    assert "<title>range 1: &lt;out&gt; of reach</title>" in svg and svg.count("class='cs-bar-cross'") == 1
    assert ">A &amp; B</text>" in svg and svg_name(svg) == "A & B"


def test_only_the_top_layer_depends_on_the_bars_and_title():
    one = bar_chart_svg([Bar(0, 0.9, "#111")], title="one", x_label="x")
    two = bar_chart_svg([Bar(0, 0.1, "#222"), Bar(1, 0.2, "#222")], title="two", x_label="x", name="one")
    assert one.split(CHART_TOP)[0] == two.split(CHART_TOP)[0]
    assert one.split(CHART_TOP)[1] != two.split(CHART_TOP)[1]


@pytest.mark.parametrize("value", [-0.1, 1.5])
def test_a_chance_outside_0_to_1_is_refused_by_name(value):
    with pytest.raises(ChartError, match=f"bar 3: a chance of {value} is not between 0 and 1") as e:
        bar_chart_svg([Bar(3, value, "#111")], title="t", x_label="x")
    assert e.value.field == "value"


def test_a_chart_too_small_for_bars_is_refused():
    with pytest.raises(ChartError, match="no room"):
        bar_chart_svg([], title="t", x_label="x", width=50, height=50)


def test_an_empty_chart_is_its_frame_and_axis():
    svg = bar_chart_svg([], title="waiting", x_label="x")
    assert rects(svg) == [] and "50%</text>" in svg and svg.endswith("</svg>")
