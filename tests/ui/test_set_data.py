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


def test_set_data_patches_the_few_rows_that_changed_and_sends_whole_columns_otherwise():
    from bokeh.document import Document
    from bokeh.document.events import ColumnDataChangedEvent, ColumnsPatchedEvent

    source = ColumnDataSource(dict(x=list(range(8)), fill=["grey"] * 8, what=["box"] * 8))
    doc = Document()
    doc.add_root(source)
    events = []
    doc.on_change(lambda event: events.append(event))
    set_data(source, dict(x=list(range(8)), fill=["grey"] * 5 + ["black"] + ["grey"] * 2, what=["box"] * 8))
    assert [type(e) for e in events] == [ColumnsPatchedEvent]  # one hit: one row of one column
    assert events[0].patches == {"fill": [(5, "black")]}
    assert source.data["fill"][5] == "black" and source.data["fill"][4] == "grey"
    events.clear()
    set_data(source, dict(x=list(range(8)), fill=["white"] * 8, what=["box"] * 8))  # most rows: the column
    assert [type(e) for e in events] == [ColumnDataChangedEvent] and events[0].cols == ["fill"]
    assert list(source.data["fill"]) == ["white"] * 8
    events.clear()
    set_data(source, dict(x=list(range(8)), fill=["white"] * 8, what=["box"] * 8))
    assert events == []


def test_set_data_partial_writes_the_named_columns_and_keeps_the_others_untouched():
    from bokeh.document import Document
    from bokeh.document.events import ColumnsPatchedEvent

    source = ColumnDataSource(dict(x=list(range(8)), fill=["grey"] * 8, what=["box"] * 8))
    doc = Document()
    doc.add_root(source)
    events = []
    doc.on_change(lambda event: events.append(event))
    x = source.data["x"]
    set_data(source, dict(fill=["grey"] * 7 + ["black"]), partial=True)
    assert [type(e) for e in events] == [ColumnsPatchedEvent] and events[0].patches == {"fill": [(7, "black")]}
    assert source.data["x"] is x and list(source.data["what"]) == ["box"] * 8
    events.clear()
    set_data(source, dict(fill=["white"] * 8), partial=True)  # most rows: the column alone
    assert sorted(source.data) == ["fill", "what", "x"] and list(source.data["fill"]) == ["white"] * 8
    assert list(source.data["x"]) == list(range(8))
    events.clear()
    set_data(source, dict(fill=["white"] * 8), partial=True)
    assert events == []
    # a partial write that does not fit the source's rows or names is refused, not half-applied
    for bad in (dict(fill=["a"] * 3), dict(colour=["a"] * 8)):
        try:
            set_data(source, bad, partial=True)
        except ValueError as e:
            assert "partial" in str(e)
        else:
            raise AssertionError(f"{bad} was taken")
    assert list(source.data["fill"]) == ["white"] * 8 and sorted(source.data) == ["fill", "what", "x"]
