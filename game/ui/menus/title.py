"""The title screen: New game, Continue, Rules, Settings, Statistics, Quit."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.engine.rules import Rules
from game.resources import user_data_dir

from .. import ui_kit as ui
from ..controller import (  # the save Continue looks at
    DAMAGED,
    NEWER,
    SaveUnreadable,
    autosave_path,
    game_in_progress,
    newer_seats,
    read_save,
    set_aside,
)
from ..files import backup_of, cannot_write
from ..rules_text import about_game, preset_title
from .base import MenuScene, draw_card, has_autosave
from .new_game import NewGameScene
from .rules_screen import RulesScene
from .settings_screen import SettingsScene
from .stats_screen import StatsScene

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)


def also_played() -> str:
    """The title's second line: the other games of the box, by the engine's names."""
    names = [preset_title(p).split(" (")[0] for p in Rules.preset_names() if p != "rummy5000"]
    return "Also:  " + "  ·  ".join(names)  # (the list read as the box's games, Rummy 5000 not among them: a tester)


class TitleScene(MenuScene):
    """New game, Continue, Rules, Settings, Statistics, Quit."""

    ITEMS = (
        ("new_game", "New game"),
        ("continue", "Continue"),
        ("rules", "Rules"),
        ("settings", "Settings"),
        ("stats", "Statistics"),
        ("quit", "Quit"),
    )

    def __init__(self, app: App):
        self.notice: str | None = None
        self._save: tuple | None = None  # (the saved game as last read, for the words beside Continue)
        self._backup_words: str | None = None  # the notice that Continue goes on from a backup copy
        self.can_continue = has_autosave() and self._readable()
        self.about = self._about()
        super().__init__(app)
        self.show_focus = True
        self.focus.focus(self.find("continue" if self.can_continue else "new_game"))
        self._say_if_unwritable()

    def enter(self) -> None:
        super().enter()
        was = self.can_continue
        self.can_continue = has_autosave() and self._readable()
        self.about = self._about()  # (the game may have gone on since)
        if was != self.can_continue:
            self.build()
        problem = self.app.settings.problem
        if problem and self.notice is None:
            self.notice = problem
        self._say_if_unwritable()

    def _say_if_unwritable(self) -> None:
        """A data folder that takes no files is said before a game is started in it."""
        if self.notice is not None:
            return
        why = cannot_write(user_data_dir())
        if why is not None:
            self.notice = (f"Your data folder cannot be written ({why}): games, settings and statistics "
                           f"will not be saved. It is {user_data_dir()}.")

    def _about(self) -> str | None:
        """Which game Continue goes on with, in a few words (shown beside it)."""
        left = game_in_progress(played=False, read=self._save) if self.can_continue else None
        return about_game(left[0], left[1]) if left is not None else None

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        bw, bh, gap = t.px(300), t.px(46), t.px(11)
        total = len(self.ITEMS) * bh + (len(self.ITEMS) - 1) * gap
        top = min(round(h * 0.42), h - total - t.px(40))
        actions = {
            "new_game": lambda: self.app.stack.push(NewGameScene(self.app)),
            "continue": self._continue,
            "rules": lambda: self.app.stack.push(RulesScene(self.app)),
            "settings": lambda: self.app.stack.push(SettingsScene(self.app)),
            "stats": lambda: self.app.stack.push(StatsScene(self.app)),
            "quit": lambda: self.app.quit(),
        }
        keep = self.focus.current
        self.widgets = []
        for i, (name, label) in enumerate(self.ITEMS):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            # the gold button is the one Enter picks first: Continue when there is a game
            main = "continue" if self.can_continue else "new_game"
            b = ui.Button(label, actions[name], rect, primary=(name == main), name=name, size=19)
            if name == "continue":
                b.enabled = self.can_continue
            self.widgets.append(b)
        self.refocus(keep)
        if self.show_focus and self.focus.current is None:
            self.focus.focus(self.find("continue" if self.can_continue else "new_game"))
        self._gold_follows_focus()

    def _handle(self, event: pygame.event.Event) -> None:
        super()._handle(event)
        self._gold_follows_focus()

    def _gold_follows_focus(self) -> None:
        """Without the keyboard's focus, Continue is gold, or New game when there is nothing
        to continue (see :meth:`gold_follows_focus`)."""
        self.gold_follows_focus("continue" if self.can_continue else "new_game")

    def _continue(self) -> None:
        if not has_autosave():
            self.can_continue = False
            self.build()
            return
        try:
            self.app.continue_game()
        except Exception as exc:  # a damaged or foreign save: say so, stay here
            log.warning("cannot continue the saved game: %s", exc)
            self.app.play_sound("error")
            if self._readable():
                self.notice = f"The saved game could not be loaded: {exc}"
            else:
                self.can_continue = False
                self.build()

    def _readable(self) -> bool:
        """Whether the saved game can be read, from it or its backup copy. When neither can,
        they are kept aside, renamed, and the notice says so: Continue is greyed from the
        start, never lit for a game that cannot be loaded."""
        save = autosave_path()
        self._save = None
        try:
            self._save = read_save(save)
            # a save that only its backup copy stands in for is said so before Continue, as
            # the table says it after (the words beside Continue are the backup's: a tester)
            problem = self._save[2]
            said = f"The saved game {problem.state}: Continue goes on from its backup copy." if problem else None
            if self.notice is None or self.notice == self._backup_words:
                self.notice = said
            self._backup_words = said
            return True
        except Exception as unread:  # neither the save nor its backup: keep them, renamed
            log.warning("the saved game cannot be read: %s", unread)
            bak = backup_of(save)
            had_bak = bak.exists()
            found = [p for p in unread.problems if p.reason != "not found"] \
                if isinstance(unread, SaveUnreadable) else []
            suffix = {p.file: p.suffix for p in found}
            kept = [k.name for k in (set_aside(p, suffix.get(p.name, DAMAGED))
                                     for p in (save, bak) if p.exists()) if k is not None]
            if found and all(p.newer for p in found) and kept:  # (not damaged: that version opens it)
                also = ", as does its backup copy" if len(found) > 1 else ""
                seats = newer_seats(save)
                if seats.exists():  # (its players' names: both renamed back, that version has them)
                    where = (f"as {kept[0]}, its players as {seats.name}: renamed back without “{NEWER}”, "
                             "they open")
                else:
                    where = f"as {kept[0]}: renamed back to {save.name}, it opens"
                self.notice = (f"The saved game comes from a newer version of Rummy 5000{also}. It is kept in the "
                               f"data folder {where} in that version. Start a new game to play on here.")
                return False
            if found and not all(p.damaged for p in found):  # (a folder of that name, no permission)
                whose = {save.name: "it", bak.name: "its backup copy"}
                what = "; ".join(f"{whose.get(p.file, p.file)} {p.state}" for p in found)
                what += "" if had_bak else " (and it has no backup copy)"
            else:
                what = "it and its backup copy are damaged" if had_bak else "it is damaged (and has no backup copy)"
            if kept:
                where = (f"{'They are' if len(kept) > 1 else 'It is'} kept in the data folder as "
                         f"{' and '.join(kept)}; start a new game to play on.")
            else:
                where = "Start a new game to play on."
            self.notice = f"The saved game could not be loaded: {what}. {where}"
            return False

    def back(self) -> None:
        pass  # the title screen stays; Quit is a button

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_n:
            button = self.find("new_game")
            if button is not None:
                button.activate()
            return True
        return False

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        w, h = t.size
        first = self.widgets[0].rect.top if self.widgets else h // 2
        # a fan of cards over the name
        fan_h = max(t.px(60), min(t.px(150), round(first * 0.46)))
        fan_w = round(fan_h * 0.7)
        cx = w // 2
        cards = ("A♠", "K♥", "5♦", "Q♣", "J♥")
        spread = len(cards) - 1
        settings = self.app.settings
        # the name's shadow goes under the fan (on a card it would show as a grey block),
        # the name itself over it
        title_font = ui.get_font(max(24, min(t.px(84), round(first * 0.23))), True)
        ty = t.px(14) + fan_h
        ui.draw_text(surface, "Rummy 5000", title_font, ui.GOLD, (cx, ty), "midtop", shadow=True, body=False)
        for i, card in enumerate(cards):
            angle = (spread / 2 - i) * 11
            x = cx + round((i - spread / 2) * fan_w * 0.55)
            y = t.px(20) + fan_h // 2 + round(abs(i - spread / 2) * fan_h * 0.07)
            draw_card(surface, card, pygame.Rect(0, 0, fan_w, fan_h).move(x - fan_w // 2, y - fan_h // 2),
                      settings, angle)
        r = ui.draw_text(surface, "Rummy 5000", title_font, ui.GOLD, (cx, ty), "midtop")
        sub = t.font(17)
        ui.draw_text(surface, ui.fit_text(also_played(), sub, w - t.px(40)), sub, ui.MUTED,
                     (cx, r.bottom + t.px(2)), "midtop")

    def draw_front(self, surface: pygame.Surface) -> None:
        t = self.theme
        w, h = t.size
        small = t.font(13)
        ui.draw_text(surface, f"version {__version__}", small, ui.FAINT, (w - t.px(14), h - t.px(10)),
                     "bottomright")
        ui.draw_text(surface, "↑ ↓ to choose, Enter to select", small, ui.FAINT,
                     (t.px(14), h - t.px(10)), "bottomleft")
        button = self.find("continue")
        if self.about and button is not None and button.enabled:  # which game Continue goes on with
            font = t.font(14)
            x = button.rect.right + t.px(14)
            game, _, where = self.about.partition(", ")  # "Rummy 5000" / "round 3, 370 points ..."
            room = w - x - t.px(14)  # (a longer line goes on to a third: "round 2 of 13, 65 penalty …")
            lines = [game] + (ui.wrap_text(where, font, room)[:2] if where else [])
            y = button.rect.centery - len(lines) * font.get_linesize() // 2
            for line in lines:
                ui.draw_text(surface, ui.fit_text(line, font, room), font, ui.MUTED, (x, y))
                y += font.get_linesize()
        if self.notice:
            rect = pygame.Rect(0, 0, min(w - t.px(40), t.px(760)), t.px(40))
            rect.midbottom = (w // 2, h - t.px(30))
            self.draw_message(surface, rect, self.notice, error=True, max_lines=4)
