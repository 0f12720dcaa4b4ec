"""The menu screens: title, new game, rules, settings and statistics, and the question
asked when the command line would end a game in progress (the sheets
shown over the table are in :mod:`game.ui.sheets`), one module each, on the
:class:`~game.ui.menus.base.MenuScene` of :mod:`game.ui.menus.base`.

Each screen is a :class:`~game.ui.scene.Scene`.  They use only these names of
the application object (``self.app``):

* ``app.stack`` -- the :class:`~game.ui.scene.SceneStack` (``push``/``pop``/``replace``/``clear``);
* ``app.settings`` -- a :class:`~game.ui.settings.Settings` (changed in place, saved here);
* ``app.screen_size`` -- ``(width, height)`` of the window;
* ``app.human_seat`` -- the person's seat in the game on the table (None: no person
  plays, so no statistics are kept);
* ``app.play_sound(name)``, ``app.invalidate()`` (something on screen changed) and
  ``app.apply_settings()`` (after a setting changes);
* ``app.start_game(rules, players, names, levels, seed=None)``, ``app.continue_game()``,
  ``app.go_title()`` and ``app.quit()``.

Every one is required: :class:`~game.ui.app.App` has them all, and the tests' stand-in
application too, so a misspelt name fails at once instead of doing nothing.

The menus never decide a rule: the new-game screen builds a ``Rules`` with
``Rules.preset`` and asks ``check_players``, and shows the engine's message when
the combination cannot be played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import MenuScene, draw_card, draw_card_back, has_autosave
from .new_game import NewGameScene
from .rules_screen import RulesScene
from .settings_screen import SettingsScene
from .stats_screen import StatsScene
from .title import TitleScene

if TYPE_CHECKING:
    from ..app import App

__all__ = [
    "MenuScene", "NewGameScene", "RulesScene", "SettingsScene", "StatsScene", "TitleScene",
    "draw_card", "draw_card_back", "go_new_game", "go_title", "has_autosave", "leave_to_title",
]


def go_title(app: App) -> None:
    """Empty the stack and show the title screen."""
    app.stack.clear()
    app.stack.push(TitleScene(app))


def leave_to_title(app: App) -> None:
    """Back to the title, letting the application close the table first if it can."""
    app.go_title()  # the application's go_title closes the table, then calls go_title above


def go_new_game(app: App) -> None:
    """Title screen with the new-game screen on top (Back returns to the title)."""
    leave_to_title(app)
    app.stack.push(NewGameScene(app))
