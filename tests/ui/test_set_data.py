"""common.set_data: a drawing's data source is written with only what changed, so a browser
redraws no more than it must (benchmarks/latency.py measures the round trips)."""

from bokeh.models import ColumnDataSource

from cs_panel.ui.common import set_data


def test_set_data_sends_nothing_for_the_same_data_and_only_changed_columns():
    source = ColumnDataSource(dict(x=[1, 2], fill=["red", "blue"]))
    events = []
    source.on_change("data", lambda attr, old, new: events.append(attr))
    x = source.data["x"]
    set_data(source, dict(x=[1, 2], fill=["red", "blue"]))
    assert events == []
    set_data(source, dict(x=[1, 2], fill=["red", "green"]))
    assert len(events) == 1 and source.data["fill"] == ["red", "green"] and source.data["x"] is x
    set_data(source, dict(x=[1, 2, 3], fill=["a", "b", "c"]))  # other rows: the whole data again
    assert dict(source.data) == dict(x=[1, 2, 3], fill=["a", "b", "c"])
    set_data(source, dict(y=[0]))  # other columns too
    assert dict(source.data) == dict(y=[0])
