"""Crimson Skies: Air Action (WizKids clix, 2003): the rules core, one module per rule area.

- ``pilot``: pilot checks (A.pilot-check)
- ``squadron``: build totals and pilots (A.squadron, A.aces.pilots)
- ``setup``: first player and initiative, ties rerolled (A.setup, A.initiative)
- ``throttle``: one click safe, two with a check (A.throttle)
- ``order``: counting down the speeds from 10 (A.order)
- ``navigation``: navigation cards and decks (A.nav.deck, A.nav.paths)
- ``table``: the 36 x 36 inch play area, octagonal markers, geometry
- ``movement``: laying markers, leaving the table, obstacles (A.move.execute, A.obstacles)
- ``speed_effects``: speed effects and redlining (A.move.speed-effects, A.move.redline)
- ``collisions``: collisions between planes (A.collide.planes, A.fate.collision)
- ``arcs``: range in markers, front and rear arcs (A.combat.range, A.combat.rear-arc-bonus)
- ``combat``: the attack and its exact hit distribution (A.combat.shot, A.combat.order, ...)
- ``fate``, ``feats``: Aces, fate and daring feats (A.fate.*, A.feat)
- ``campaign``: experience, levels, bailing out, heroic acts (A.campaign.*)
- ``etiquette``: settling disputes with a d6 (A.etiquette.ambiguity)
- ``game``: a whole game as one saveable state, ending and victory (A.end, A.victory, A.disengage)

A quick tour, for the code that draws it (every call below is the public API):

>>> from cs_panel.clix.figures import figures
>>> from cs_panel.airaction.combat import attack
>>> from cs_panel.airaction.navigation import card, NavigationDeck
>>> from cs_panel.airaction.movement import execute_maneuver
>>> from cs_panel.airaction.table import Pose
>>> fighter = figures()["sample-fighter"]                 # a badged sample figure
>>> fighter.badge, fighter.combat.click(2).value("piloting")
('sample', 7)
>>> shot = attack(3, 5, point_blank=True, fate_dice=2)    # the AttackOdds numbers
>>> shot.dice, shot.silhouette, sum(shot.distribution().values())
(5, 4, Fraction(1, 1))
>>> m = execute_maneuver(Pose(18, 3, 0), card("turn"), "right", speed=4)
>>> m.stopped_at, round(m.final.heading)
(4, 90)
>>> NavigationDeck.basic().playable(2)
['cruise', 'glide', 'turn', 'side-slip']
"""
