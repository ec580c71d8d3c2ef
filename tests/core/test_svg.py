"""Drawings are ``Svg``: plain strings for every string use, pictures (``_repr_svg_``) in Jupyter."""

from cs_panel.aces.board import Board
from cs_panel.airaction.svg import table_svg
from cs_panel.clix.figures import figures
from cs_panel.clix.view import dial_svg
from cs_panel.core.svg import Svg, returns_svg
from cs_panel.fasa.mapsheets import layout
from cs_panel.fasa.referee import Referee, demo_planes, map_svg
from cs_panel.fasa.template import ManeuverTemplate


def drawings():
    state = Referee.start(1, demo_planes()).state
    figs = figures()
    fig = figs[figs.ids()[0]]
    return {
        "template.to_svg": ManeuverTemplate.default().to_svg(highlight="4L2F"),
        "state.to_svg": state.to_svg(),
        "map_svg": map_svg(state),
        "layout.to_svg": layout("fighters").to_svg(),
        "Board.to_svg": Board(6, 4).to_svg(),
        "table_svg": table_svg(),
        "dial_svg": dial_svg(fig.combat.reset()),
    }


def test_every_drawing_is_svg_text_that_jupyter_draws():
    for name, svg in drawings().items():
        assert isinstance(svg, Svg) and isinstance(svg, str), name
        assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>"), name
        # Jupyter asks for image/svg+xml and gets the same text: the picture, not the source
        assert svg._repr_svg_() == str(svg), name
        assert type(svg._repr_svg_()) is str, name


def test_svg_keeps_working_as_a_string():
    svg = returns_svg(lambda: "<svg><rect/></svg>")()
    assert svg == "<svg><rect/></svg>" and "<rect/>" in svg and svg[:4] == "<svg"
    assert svg + "x" == "<svg><rect/></svg>x" and type(svg + "x") is str
