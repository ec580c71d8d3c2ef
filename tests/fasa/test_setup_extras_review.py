"""A second reading of the set-up form's objects: one object stands in hexes that touch
(F.collide.object-btn, F.move.path-objects; ``cs_panel.fasa.setup_extras``)."""

from __future__ import annotations

import pytest

from cs_panel.fasa import setup_extras as X


@pytest.mark.rule("F.collide.object-btn", "F.move.path-objects")
def test_a_building_of_several_hexes_stands_in_hexes_that_touch():
    block = X.map_object("Mill", "building", "1,1 2,1 2,0", points=30)  # a bent row: each hex beside another
    assert len(block["hexes"]) == 3
    for apart in ("1,1 5,5", "1,1 2,1 4,1"):
        with pytest.raises(X.ObjectPlacementError, match="beside") as e:
            X.map_object("Mill", "building", apart)
        assert e.value.field == "hexes"
