"""Asked when the command line opens another game (``--load FILE``, or ``--preset`` and
the like) while a game is in progress: going on with that game is the first choice, and
ending it (it then counts as not won if the person had played in it, as a new game from
the new-game screen does) is the other.  Esc keeps the game in progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import ui_kit as ui
from .base import MenuScene

if TYPE_CHECKING:
    from ..app import App


class ReplaceGameScene(MenuScene):
    """"Keep my game" or the new one (``new_label``, such as "Open save.json")."""

    heading = "A game in progress"

    def __init__(self, app: App, about: str, new_label: str, new_what: str,
                 start_new: Callable[[], None], keep: Callable[[], None], counted: bool = True):
        self.about = about
        self.counted = counted  # the person has played in it: ended, it counts as not won
        self.new_label = new_label
        self.new_what = new_what
        self.start_new = start_new
        self.keep = keep
        super().__init__(app)
        self.show_focus = True
        self.focus.focus(self.find("keep"))

    def text(self) -> str:
        if not self.counted:
            return (f"You have a game in progress ({self.about}), in which you have not finished a "
                    f"turn yet. {self.new_what} ends it (it is not counted in your statistics).")
        return (f"You have a game in progress ({self.about}). {self.new_what} ends it, and it "
                "then counts as not won in your statistics.")

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m, top, foot = self.page_margins()
        pw = min(w - 2 * m, t.px(720))
        font = t.font(18)
        lines = ui.wrap_text(self.text(), font, pw - t.px(48))
        need = len(lines) * font.get_linesize() + t.px(40) + (t.px(70) if self.message else 0)
        bh, bw = t.px(46), min(t.px(260), (pw - t.px(16)) // 2)
        body_h = min(h - top - foot, need)
        # the question in the middle of the window, as a dialog would be
        y = max(top, (h - body_h - t.px(22) - bh) // 2)
        self.body = pygame.Rect((w - pw) // 2, y, pw, body_h)
        fy = min(h - foot + (foot - bh) // 2, self.body.bottom + t.px(22))
        # both answers in one size: the usual one, or smaller where the other's label (a file's
        # name, say) needs it
        size = 18 if t.font(18, True).size(self.new_label)[0] <= bw - t.px(12) else 16
        self.widgets = [
            ui.Button("Keep my game", self.keep, pygame.Rect(w // 2 - t.px(8) - bw, fy, bw, bh),
                      primary=True, name="keep", size=size),
            ui.Button(self.new_label, self._start_new, pygame.Rect(w // 2 + t.px(8), fy, bw, bh),
                      name="new", size=size),
        ]
        self.refocus(keep)
        self.gold_follows_focus("keep")

    def _handle(self, event: pygame.event.Event) -> None:
        super()._handle(event)
        self.gold_follows_focus("keep")

    def back(self) -> None:  # Esc: nothing is ended
        self.keep()

    def _start_new(self) -> None:
        try:
            self.start_new()
        except Exception as exc:  # (the file was read before: it changed since, say)
            self.app.play_sound("error")
            self.say(f"That could not be opened: {str(exc) or type(exc).__name__}", error=True)
            self.build()

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.body, t)
        inner = self.body.inflate(-t.px(48), -t.px(40))
        font = t.font(18)
        y = inner.y
        for line in ui.wrap_text(self.text(), font, inner.width):
            ui.draw_text(surface, line, font, ui.INK, (inner.x, y))
            y += font.get_linesize()
        if self.message:
            self.draw_message(surface, pygame.Rect(inner.x, inner.bottom - t.px(60), inner.width, t.px(56)))
