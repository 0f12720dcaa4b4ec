"""Rummy 5000: an offline desktop card game for one human against computer opponents.

The package is split into layers that depend on each other in one direction only:

* ``game.engine`` -- the pure rules: cards, melds, scoring, turns. No I/O, no pygame.
* ``game.bots`` -- computer opponents. They see the table only through ``game.engine``.
* ``game.ui`` -- the pygame shell that draws the table and turns clicks into engine moves.

``game.resources`` locates bundled assets and the per-user data folder, and
``python -m game`` / ``rummy5000`` is the command-line entry point.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
