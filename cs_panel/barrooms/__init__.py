"""*Crimson Bar-rooms and Redheaded Dames*: the fan rules for fighting on foot in the Crimson
Skies world (B.*).

- ``character``: seven stats and their cost, special skills, shock;
- ``movement``: walking, running, dashing, climbing, swimming, stealth;
- ``firing``: the to-hit number and its modifiers, weapons, cover, lobbing, grenades, shock,
  hit location, jams, the order of a turn;
- ``melee``: fists and knives, punch points and readiness;
- ``damage``: the damage card that marks located hits (rebuilt: the text's card was lost).
- ``play``: a whole fight through the game protocol (``cs_panel.games.new_game("barrooms")``),
  with ``actions`` (the notation), ``table`` (the fight's state and order) and ``phases`` (each
  phase's choices and their resolution); ``render`` draws the room as SVG.

The page's damage card and weapons list were lost; what is rebuilt is flagged.
"""
