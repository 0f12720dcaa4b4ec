"""The scene stack: the table, menus and dialogs drawn over one another.

A :class:`Scene` handles input, advances its animations, and draws.  ``draw``
must never change game state.  The :class:`SceneStack` sends events to the top
scene and draws every scene from the lowest opaque one up, so a dialog can sit
over the table.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

DOUBLE_CLICK = 0.4  # seconds between two clicks that make a double click

if TYPE_CHECKING:
    import pygame

    from .app import App
    from .controller import Controller


class Scene:
    """One screen or dialog.  ``opaque`` scenes hide what lies below them."""

    opaque = True
    holds_below = False  # the scenes under it, though they show, stand still (see SceneStack.running)
    def __init__(self, app: App):
        self.app = app

    @property
    def controller(self) -> Controller | None:
        """The game a table scene drives; None for every other scene."""
        return None

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def leave(self) -> None:
        """Called when the scene stops being the top (popped or covered)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""

    def target_at(self, pos: tuple[int, int]) -> Hashable:
        """What a click at ``pos`` would act on, as a value that stays equal while that
        stays the same (a button and its label; a card). The application drops the second
        click of a double click when the first changed it: a question or another screen
        opened under the pointer is not answered by the click that opened it (see
        ``App.dispatch``). None: nothing there, or nothing this scene tells apart."""
        return None

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; must not change any state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def apply_settings(self) -> None:
        """A setting changed (card colours, backs, size, sound): show it."""

    def covers_sidebar_from(self) -> int | None:
        """Where a panel of this scene, drawn over the table, starts to cover the table's
        sidebar (its top, in pixels); None when it leaves the sidebar in sight."""
        return None

    def notify(self, text: str, kind: str = "info") -> None:
        """A word from the application (a screenshot saved or not), shown where the
        scene shows such things; screens without a place for it let it go."""

    def withdraw(self, *starts: str) -> None:
        """Take back the words from the application that begin with one of ``starts``
        (the last screenshot's, which the next screenshot should not show)."""

    def next_wake(self) -> float | None:
        """Seconds until the scene needs an update without input (None: wait for input)."""
        return None

    def close(self) -> None:
        """The application is leaving the scene for good (a table saves its game)."""

    @property
    def busy(self) -> bool:
        """True while the scene animates and wants frames; False lets the loop sleep."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.leave()
        if self.scenes:
            self.scenes[-1].enter()
        return s

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def running(self) -> list[Scene]:
        """The visible scenes that time moves on for: none below one that ``holds_below``
        (a sheet read over the table while the game waits), nor below an opaque one."""
        shown = self.visible()
        for i in range(len(shown) - 1, -1, -1):
            if shown[i].holds_below:
                return shown[i:]
        return shown
