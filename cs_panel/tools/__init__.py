"""Build-time scripts that regenerate checked-in data from the repository (lessons, tests, RULINGS.md)."""
