"""WizKids' *Crimson Skies: Aces*: the character skirmish on a square grid (K.*).

- ``board``: squares, terrain, adjacency, range and the line of fire;
- ``movement``: moving up to speed, stopping by enemies, breaking away, hindering terrain;
- ``combat``: ranged and close attacks, several targets, capture and escape, fate;
- ``game``: recruiting, who goes first, turns and actions, withdrawing, the end and victory.
- ``talents``: the talents and abilities on the dials (reconstructed: their card was lost);
- ``referee``: whole games as one saveable state, several-target shots and undo included.

The combat dials are the shared clix dials of ``cs_panel.clix``; no official dial survived, so
the figures are ``sample`` data.
"""
