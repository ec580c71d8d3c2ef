"""A referee for a small FASA game: plots, movement, shots and tailing turn by turn, as a log of
actions folded into a state (F.seq.phases, FASA p.13-14).

- ``Referee.start(seed, planes)`` opens a game; ``plot(name, "3L2F")`` records a plane's secret
  plot after checking it (an illegal plot is refused with every reason, F.move.plot); ``move()``
  flies every plot, planes that push last (F.move.resolve), pushes rolled with seeded dice;
  ``combat()`` lets each plane, in Quick Draw order (F.combat.order), fire each gun at an enemy in
  its forward column and range (F.combat.arc) or under the same-hex rule (F.combat.same-hex), with
  the explained to-hit number (F.hit.number); ``tailing()`` finds who tails whom
  (F.tail.position) and ends the turn. When a tailed plane plots next turn, the referee tells the
  tailer what the leader must reveal (F.tail.reveal).
- Every action is kept in ``Referee.log`` with the die faces it used, so the state is the fold of
  the log (``fold``) and replays without the random generator. ``dumps``/``loads`` of
  ``cs_panel.core.state`` save and load a ``Referee`` or a ``GameState`` at any point.
- On a laid-out map (``Referee.start(..., map_name="fighters", homes={"Ann": "south", ...})``,
  F.map.sheets) every plane starts on the map, each player has a home side at one end
  (F.setup), a plane whose move takes it off the map is gone, withdrawn or fled (F.roe.flee), and
  the game ends when only one player has planes left on the map (F.victory). Without a map the
  sky has no edge.
- Damage is marked on each plane's ``RecordSheet`` (``RefPlane.sheet``, built from its aircraft, or a
  sample sheet, and its pilot's Constitution). For one attacker's gun hits on a target: one
  hit-location d10 on the table of the target's hexside the attack comes through
  (F.hitloc.table), a d10 column per hit (F.dmg.column), the template of the gun's calibre and
  rounds (F.dmg.template), then widowing (F.dmg.widow). Lost components act at once
  (F.dmg.internal): a destroyed gun no longer fires, even later in the same phase; the plane
  flies with ``sheet.capabilities()`` from then on, so a plot its damage forbids is refused. A
  Constitution roll the damage asks for is rolled at once; a pilot who fails it is shocked
  (``PlaneState.shocked``) for the next turn (F.shock). Burning magnesium and drills go on at the
  end of the combat phase (turn step 8); a drill only from the turn after its hit. A plane cut in
  half, blown up or whose pilot dies leaves the game like a collision loss (``GameState.destroyed``,
  with why in ``losses``); so does a plane with its engine out once it has glided down to speed 0
  and hung there a turn: it falls at that turn's end, before tailing and the next plots
  (F.dmg.engine). Fracture hits from a failed push are marked too, each a one-box template at a
  rolled column.
- Before ``combat()`` a player may give a plane a fire order, ``fire(name, order)``
  (``FireOrder``, F.combat.choice): its guns (``"guns"``, or some of them, ``"gun 1, gun 2"``),
  doubled down (``"guns x2"``, ``"gun 1 x2"``: two to-hit rolls a gun, and any miss jams it from the
  next turn, F.gun.double-down), its rockets (``"rockets"``, ``"rocket 2"``, by hardpoint), an
  attempt to clear its jams (``"clear jams"``: one roll at 8 - Steady Hand for all of them, and no
  shot that phase, F.gun.jam-clear) or ``"hold"``, each with ``" at NAME"`` to choose the target.
  The order is checked when it is given, by the combat-choice core (guns or rockets, not both; no
  jammed gun fires), and against the plane (a destroyed gun, an empty hardpoint, a rocket destroyed
  by a hit on its hardpoint, F.dmg.rockets, an enemy out of reach, are refused by name); the
  referee answers with the exact odds of each number of hits as things stand. A plane with no
  order fires its guns as before. Rockets (``RefPlane.rockets``: AP, HE and drill, one a hardpoint,
  F.weap.loadout) roll with their +1 and their range (F.rocket.ap-he, F.hit.weapon-mod), leave
  their hardpoint empty, and each hit rolls its own location (F.hitloc.table) before the rocket's
  template is laid; a drill drills on in the step 8 of each later turn (F.rocket.drill). A beeper
  hit does no damage but tags the plane for its turn and four more (``RefPlane.beeper_turn``); a
  seeker at a tagged plane flies a V-shaped arc with no deflection, adding the Gs of the target's
  last maneuver (F.rocket.beeper-seeker); untagged, it flies as an AP rocket. Flak rockets are fired
  at a hex, ``"rocket 2 at hex 0,-1"`` (``"rockets at hex Q,R"``: every loaded flak rocket), up to 7
  hexes along the forward column: no to-hit roll (the order says so, and what the burst would catch
  as things stand); each waits in ``GameState.flak`` and bursts at the end of the next turn's
  movement phase, after any collision check: two hits on each plane in the hex (nose-on table), one
  on each plane around it (the table of the hexside it shows the hex), friend, foe and launcher
  alike, each hit located, then a column and the flak template (F.rocket.flak). Jammed guns show in
  the game's table and after each combat in the ``transcript``. Flare and sonic rockets are fired
  at a hex the same way and go off in step 7 of the same combat phase, once every plane has fired:
  each pilot a flare looks at with no hull or standing object between (or in its hex), or in a
  sonic rocket's mega-hex, rolls Constitution or
  is shocked; the launcher is immune (F.rocket.flare, F.rocket.sonic, ``specials``). A turret
  fighter's gunner (the pilot's gunnery skills one level lower, F.pilot.gunner) fires the turret's
  guns after every pilot has fired, along the row of hexes the turret is turned through, ordered
  after the pilot's part: ``"guns at Raider; turret D at Bandit"`` (F.combat.order, ``turrets``); a
  rear-canopy hit shocks him, not the pilot (F.dmg.canopy). Rockets aimed at hexes may go to several
  hexes in one order, each salvo after a semicolon (``"rocket 1 at hex 0,0; rocket 2 at hex 0,-1"``),
  beside rockets at a plane or alone (F.combat.choice, p.33).
- Objects on the map (``Referee.start(..., objects=[MapObject("Depot", "building", (Hex(0, -1),))])``,
  module ``ground``): buildings, trains and small objects with the object table's target numbers
  (F.collide.object-btn); a path into one rolls to avoid it, a failure destroying the plane
  (F.move.path-objects, F.collide.object); trains run their track. Bombs, the torpedo and the harpoon
  are ordered at them, ``"bomb 1 at Depot"``, ``"bombs at Depot"``, ``"torpedo at Train"``,
  ``"harpoon at Crate"`` (module ``ground_play``): a bomb by the Bomb Table, scattering on a miss
  (F.bomb); a torpedo only at an object standing still (F.torpedo); a harpoon grabs, lifts and tows a
  small object, and guns or rockets ordered at the tow hit the object or the cable (F.rocket.harpoon);
  cargo aboard a zeppelin (``MapObject(..., aboard="Pegasus")``) is for the harpoon alone. An object
  standing on the ground or an intact gas cell on the line stops any shot: at an object (the torpedo
  too), between planes, from a turret or a zeppelin's guns, a rocket aimed at a hex; the refusal
  names it (module ``sightline``, ``LineOfFireBlockedError``, F.combat.los, F.zep.static).
- Die faces a player types in (``parse_faces``) can resolve a move instead of seeded dice
  (``resolve_with_faces``); a component uses that to replay the rulebook's examples.

Readings of our own: the per-action dice are seeded from the game's seed and the action's place in
the log; a flak burst rolls a hit location for each of its hits, as rockets do; two planes in one hex nose to nose shoot at nose-to-nose deflection and range 0, one on
the other's tail at "directly behind". Enemies that end movement in one hex check for a collision
before combat (F.collide.piloted): each chooses a number with ``pick`` (secret, like a plot) and
``collide()`` reveals them; a plane that collides is destroyed (F.collide.damage), unless the game
was started with the optional flak-damage rule, ``Referee.start(..., variants=["fasa.collision-flak"])``:
then each takes 14 - the other's base target number in flak hits (``variants``). A player's two planes are a pilot and his wingman, who never
collide with each other, whatever their radios (p.27). The damage column is used as rolled unless the
order ends ``shift to N``: a pilot of Steady Hand 6-8 then moves each gun hit one column toward N,
9-10 up to two, never a rocket hit (F.pilot.sh-shift, p.37; chosen with the order, RULINGS.md). Guns fire AP
rounds unless ``RefPlane.ammunition`` says otherwise. A plane destroyed before its turn to fire
does not fire. Fire orders are given before any plane fires, so a slower pilot cannot change his
after seeing a faster one's shots (at a table he could); a gun or rocket destroyed by a faster
pilot's hit before its turn does not fire. A gun that jams while doubling down is marked jammed at
once (it has fired its two shots; it cannot fire again until the next phase anyway). With no
order, a plane whose every working gun is jammed spends the phase trying to clear them. Shock
from a hit lasts until the end of the next turn. A game logged before damage was marked does not
replay (its combat rolled fewer dice): ``fold`` says so with a ``SavedStateError``.


The package, a module per part of the turn (the core imports with the standard library and numpy
only): ``state`` (planes, actions, the table), ``notation`` (fire orders), ``phases`` (plots,
movement, collisions, flak, falling, tailing), ``marking`` (damage on the record sheets),
``combat`` (the combat phase; its public ``shot_geometry`` and ``order_odds`` give a planner, such as
the computer opponent, the geometry and to-hit numbers the phase rolls with), ``specials`` (flare and
sonic rockets), ``variants`` (optional rules), ``turrets`` (turret gunners), ``zeppelins`` (zeppelins
on the table, F.zep.*), ``ground`` and ``ground_play`` (objects on the map and the weapons aimed at
them), ``actions`` (``apply``, ``fold`` and ``Referee``), ``demo`` (sample planes and objects) and
``render`` (SVG and HTML, imported only when a picture is asked for). Typed die faces are read by
``cs_panel.fasa.faces``. Every name stays importable from here.

>>> ref = Referee.start(7, [demo_planes()[0]])
>>> ref = ref.plot("Ace", "3SA").move()
>>> ref.state.plane("Ace").plane.hex
Hex(0, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cs_panel.core.lazy import lazy_names
from cs_panel.fasa.faces import (
    DieFacesError, EnteredMove, parse_faces, random_movement_faces, resolve_with_faces,
)
from cs_panel.fasa.referee.actions import Referee, apply, fold
from cs_panel.fasa.referee.bailing import BailPlot, BailPlotError, bail_plots, read_bail
from cs_panel.fasa.referee.combat import OrderOdds, ShotGeometry, WeaponShot, attack_odds, order_odds, shot_geometry
from cs_panel.fasa.referee.demo import bombing_objects, bombing_planes, demo_planes
from cs_panel.fasa.referee.errors import FireOrderError, GroundShotError, LineOfFireBlockedError, RefereeError
from cs_panel.fasa.referee.zeppelins import RefZeppelin, ZeppelinBlockedError, ZeppelinSetupError
from cs_panel.fasa.referee.ground import GROUND_ORDNANCE as GROUND_ORDNANCE, MapObject
from cs_panel.fasa.referee.notation import GUNS as GUNS, FireOrder, hex_text as hex_text
from cs_panel.fasa.referee.specials import BLINDING as BLINDING
from cs_panel.fasa.referee.variants import REFEREE_VARIANTS as REFEREE_VARIANTS, check_variants as check_variants
from cs_panel.fasa.referee.state import (
    ACTION_KINDS as ACTION_KINDS, HEX_ROCKETS as HEX_ROCKETS, NOT_LOADED as NOT_LOADED,
    REFEREE_ROCKETS as REFEREE_ROCKETS, SAMPLE_ARMOUR as SAMPLE_ARMOUR, SAMPLE_LAYOUT as SAMPLE_LAYOUT, Action, Flak,
    GameState, Phase, RefPlane, Tail,
)

if TYPE_CHECKING:
    from cs_panel.fasa.referee.render import PLANE_COLOURS as PLANE_COLOURS, map_svg as map_svg

#: drawing, loaded on first use: importing the referee draws nothing
__getattr__, __dir__ = lazy_names(globals(), "cs_panel.fasa.referee.render", ("map_svg", "PLANE_COLOURS"))


__all__ = [
    "Action", "BailPlot", "BailPlotError", "DieFacesError", "EnteredMove", "FireOrder", "FireOrderError", "GroundShotError", "LineOfFireBlockedError", "Flak", "GameState", "MapObject", "OrderOdds",
    "Phase", "RefPlane", "RefZeppelin", "Referee", "RefereeError", "ShotGeometry", "Tail", "WeaponShot",
    "ZeppelinBlockedError", "ZeppelinSetupError", "apply", "attack_odds", "bombing_objects", "bombing_planes",
    "bail_plots", "demo_planes", "fold", "map_svg", "order_odds", "parse_faces", "random_movement_faces", "resolve_with_faces",
    "read_bail", "shot_geometry",
]
