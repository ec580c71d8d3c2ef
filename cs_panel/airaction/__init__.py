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
"""
