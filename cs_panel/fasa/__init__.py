"""The FASA Crimson Skies board game (1998): hex map, maneuver template, d10 rules."""
