"""Every data-file loader under mutated input: it loads, or it names the problem (issue 11).

Each packaged data file is mutated (fields dropped, duplicated, swapped, retyped, numbers edited)
and handed to its loader as the user's own file; the loader returns or raises a ``CsPanelError``,
never a bare Python exception.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cs_panel.aces.board import maps
from cs_panel.airaction.feats import feat_table
from cs_panel.airaction.navigation import nav_cards
from cs_panel.barrooms import character as br_character, damage as br_damage, firing as br_firing
from cs_panel.clix import skills as clix_skills
from cs_panel.clix.figures import figures
from cs_panel.core.errors import CsPanelError
from cs_panel.fasa import aircraft, collisions, damage, deployed, gunnery, mapsheets, pilots, tohit

LOADERS = {
    "aces/maps.json": maps, "clix/daring_feats.json": feat_table, "clix/nav_cards.json": nav_cards,
    "clix/figures.json": figures, "clix/skills.json": clix_skills.skills,
    "clix/speed_effects.json": clix_skills.speed_effects, "clix/talents.json": clix_skills.talents,
    "barrooms/weapons.json": br_firing.weapons, "barrooms/targets.json": br_firing.targets,
    "barrooms/damage_card.json": br_damage.damage_card, "barrooms/skills.json": br_character.special_skills,
    "fasa/pilot_tables.json": pilots.pilot_tables, "fasa/hit_location.json": gunnery.hit_location_tables,
    "fasa/aircraft.json": aircraft.planes, "fasa/mapsheets.json": mapsheets.mapsheets,
    "fasa/damage_templates.json": damage.damage_templates, "fasa/damage_layouts.json": damage.damage_layouts,
    "fasa/deployed_weapons.json": deployed.deployed_weapons, "fasa/weapons.json": tohit.weapons,
    "fasa/objects.json": collisions.objects,
}


def _packaged(rel: str):
    return json.loads(resources.files("cs_panel.data").joinpath(rel).read_text(encoding="utf-8"))


@pytest.mark.parametrize("rel", sorted(LOADERS))
def test_every_packaged_file_loads_through_its_loader(rel, tmp_path):
    path = tmp_path / rel.replace("/", "_")
    path.write_text(json.dumps(_packaged(rel)), encoding="utf-8")
    load = getattr(LOADERS[rel], "__wrapped__", LOADERS[rel])  # past the cache: a fresh read each time
    assert load(str(path))


@pytest.mark.parametrize("rel", sorted(LOADERS))
@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_data_files_load_or_are_named(rel, mutator, tmp_path, data):
    doc = data.draw(mutator(_packaged(rel)))
    path = tmp_path / rel.replace("/", "_")
    path.write_text(json.dumps(doc), encoding="utf-8")
    load = getattr(LOADERS[rel], "__wrapped__", LOADERS[rel])
    try:
        loaded = load(str(path))
    except CsPanelError as e:
        assert str(e)  # refused, saying why
        return
    # accepted: the same kind of thing the packaged file gives
    assert type(loaded) is type(load(f"package:{rel}"))
