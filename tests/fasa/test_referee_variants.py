"""Optional rules in a referee's game (F.collide.damage; FASA p.27-28): off unless the players
name them at the start; ``fasa.collision-flak`` turns a collision into flak hits."""

from __future__ import annotations

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.fasa.collisions import COLLISION_FLAK, collision_attitude, flak_hits
from cs_panel.fasa.gunnery import hit_location
from cs_panel.fasa.play import demo_setup, setup_of
from cs_panel.fasa.referee import Action, Phase, Referee, RefereeError, apply, demo_planes, fold
from cs_panel.games import new_game


def _met(variants=(), seed: int = 3) -> Referee:
    """Ace (0,5) facing A and the Raider (0,-3) facing D fly 4 hexes each and both end in Hex(0, 1);
    both choose 6: they collide."""
    ref = Referee.start(seed, demo_planes(), max_turns=5, variants=variants)
    ref = ref.plot("Ace", "4SA").plot("Raider", "4SA").move()
    assert ref.state.phase is Phase.COLLIDE
    return ref.pick("Ace", 6).pick("Raider", 6)


@pytest.mark.rule("F.collide.damage")
def test_the_optional_collision_flak_rule_is_off_unless_named_and_unknown_variants_are_refused():
    assert Referee.start(1, demo_planes()).state.variants == ()
    assert _met().collide().state.destroyed == ("Ace", "Raider")  # the printed rule: both destroyed
    assert "variants" not in new_game("fasa", seed=1, setup=demo_setup()).setup  # the printed rules' set-up as before
    for names, words in [(["fasa.no-such-rule"], "no known rule variant"),
                         (["fasa.widow-strict-centre"], "a rule variant of another part of the rules"),
                         ([COLLISION_FLAK.name, COLLISION_FLAK.name], "named twice"), ("fasa.collision-flak", "a list")]:
        with pytest.raises(RefereeError) as e:
            Referee.start(1, demo_planes(), variants=names)
        assert e.value.field == "variants" and words in str(e.value), names
    with pytest.raises(RefereeError) as e:
        new_game("fasa", seed=1, setup=demo_setup() | {"variants": ["fasa.no-such-rule"]})
    assert e.value.field == "variants"


@pytest.mark.rule("F.collide.damage", "F.hitloc.table", "F.dmg.template")
def test_with_collision_flak_each_plane_takes_14_minus_the_others_base_in_flak_hits_from_the_angle_of_impact():
    ref = _met([COLLISION_FLAK.name]).collide()
    s = ref.state
    ace, raider = demo_planes()
    said = "\n".join(s.report)
    side = collision_attitude(ace.plane.facing, raider.plane.facing)  # nose to nose: both struck on the nose side
    for own, other, n in (("Ace", raider, 10), ("Raider", ace, 9)):
        assert n == flak_hits(other.base_to_hit, "other's base target number", "F.collide.damage").total
        assert (f"{own} collides with {other.name} under the optional rule (fasa.collision-flak): 14 base - "
                f"{other.base_to_hit} other's base target number = {n} flak hits, struck on hexside {side}") in said
        located = [x for x in s.report if x.startswith(f"  {own}, collision flak hit ")]
        assert len(located) == n
        tables = {str(t) for t in hit_location(side).outcomes()}
        assert all(x.split("-> ")[1].removesuffix(" table (F.hitloc.table)") in tables for x in located)
        marked = [x for x in s.report if x.startswith("  collision flak hit ") and x.split(" on ")[1].startswith(own)]
        assert marked and all("template flak-rocket" in x or "already destroyed" in x for x in marked)
    # not destroyed by the collision itself; only damage can take a plane out, and then it is told why
    assert "destroyed in the mid-air collision" not in said
    for name in ("Ace", "Raider"):
        if name in s.destroyed:
            assert name in dict(s.losses)
        else:
            assert s.plane(name).record.marks and s.plane(name).hits_taken == (10 if name == "Ace" else 9)
    assert fold(ref.start_state, ref.log) == s


@pytest.mark.rule("F.collide.damage")
def test_a_game_with_collision_flak_is_set_up_saved_and_replayed_on_the_protocol():
    setup = setup_of(demo_planes(), max_turns=5, variants=[COLLISION_FLAK.name])
    game = new_game("fasa", seed=3, setup=setup).play("plot Ace 4SA", "plot Raider 4SA", "move", "pick Ace 6",
                                                       "pick Raider 6", "collide")
    assert game.state.game.variants == (COLLISION_FLAK.name,)
    assert "under the optional rule (fasa.collision-flak)" in game.transcript()
    assert type(game).from_json(game.to_json()).transcript() == game.transcript()
    # under the printed rules the same collision rolls none of those dice: both planes are simply lost
    dice = ScriptedDice(list(game.log[-1].faces))
    plain = apply(_met().state, Action("collide"), dice)
    assert len(dice.remaining) == len(game.log[-1].faces) > 0 and plain.destroyed == ("Ace", "Raider")
