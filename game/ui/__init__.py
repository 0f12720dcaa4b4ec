"""The pygame shell of Rummy 5000.

What belongs here: the window, the event loop, drawing the table, cards, menus and
score sheets, animations, sound playback, input handling and settings screens. This is
the imperative shell around the functional core in ``game.engine``.

Rules of the road:

* Never re-implement a rule. Whether a meld is valid, what a card scores, whose turn it
  is and who wins all come from ``game.engine``; the UI only asks and displays.
* Computer seats are driven through ``game.bots``.
* Load fonts, sounds and images through ``game.resources`` so the game also works from
  an installed wheel and from a frozen build.
* Import ``pygame`` only inside this package (the engine and bots must stay headless).
"""

import os as _os

# pygame prints a greeting on import; a game should start quietly
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
