"""Computer opponents for Rummy 5000.

What belongs here: strategies that pick a move (draw, meld, lay off, discard) for a
computer-controlled seat, plus their tuning and difficulty levels.

Rules of the road:

* A bot sees the game only through ``game.engine``: it receives the information a
  player in that seat is allowed to know and returns a legal move.
* Never import ``pygame`` or anything from ``game.ui`` here. Bots must run headless,
  in simulations and in tests, without a display or an audio device.
* Never re-implement a rule: ask the engine what is legal and what scores.
"""
