"""The settings screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import ui_kit as ui
from ..files import why_failed
from ..settings import ANIMATION_SPEEDS, BOT_LEVELS, CARD_BACKS, CARD_SCALES, Settings, kept_levels
from .base import MenuScene, draw_card, draw_card_back

if TYPE_CHECKING:
    from ..app import App


def _level_help(s: Settings) -> str:
    """The help of the computer players' level: where the new-game screen keeps the last
    game's seats at other levels (until this setting changes), it says which, as the next
    game will start with them (it read as if every seat would be at this level)."""
    base = "The level of the computer seats in a new game; a change applies to every seat of the next game."
    names = dict(BOT_LEVELS)
    kept = [lv for lv in kept_levels(s.last_game, s.default_level) if lv is not None]
    if not kept or all(lv == s.default_level for lv in kept):
        return base
    which = " and ".join(names[lv] for lv in dict.fromkeys(kept))
    return (f"The level of the computer seats in a new game. Until it is changed here, the next game keeps "
            f"your last game's seats ({which}).")


class SettingsScene(MenuScene):
    """Animation, sound, cards, the Rummy! window and the default computer level."""

    heading = "Settings"

    def __init__(self, app: App):
        super().__init__(app)

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def change(self, name: str, value: Any) -> None:
        setattr(self.settings, name, value)
        if name in ("sound", "volume") and self.settings.sound:
            self.app.play_sound("card_place")
        self.app.apply_settings()
        self.refresh()

    def refresh(self) -> None:
        vol = self.find("volume")
        if isinstance(vol, ui.Row):
            vol.control.enabled = self.settings.sound
        level = self.find("default_level")  # (its words follow the level chosen here)
        if isinstance(level, ui.Row):
            level.help = _level_help(self.settings)

    def restore_defaults(self) -> None:
        fresh = Settings()
        for name in Settings.SAVED:
            if name not in Settings.REMEMBERED:
                setattr(self.settings, name, getattr(fresh, name))
        self.build()
        self.app.apply_settings()

    def save(self) -> bool:
        """Write the settings; on failure say why (they still apply until the game is
        closed) and return False."""
        try:
            self.settings.save()
        except OSError as exc:
            # (the button says the rest: "press Done again to go back" was cut from the box
            # beside it at 1024x640, a tester)
            self.say(f"Your settings could not be saved: {why_failed(exc)}. They apply until "
                     "you close the game.", error=True)
            self._label_done()
            return False
        self.say(None)
        self._label_done()
        return True

    def _label_done(self) -> None:
        """"Done", or "Done anyway" once saving has failed (the next press goes back)."""
        done = self.find("done")
        if isinstance(done, ui.Button):
            done.label = "Done anyway" if self.message_is_error and self.message else "Done"

    def back(self) -> None:
        """Done or Escape: save and go back; when saving fails, the first press says so
        and stays, and the next goes back all the same (the player is never held here)."""
        warned = self.message_is_error and bool(self.message)
        if self.save() or warned:
            self.app.stack.pop()

    def leave(self) -> None:
        if self.message is None:
            self.settings.save_or_log()

    def _sound_help(self) -> str:
        """The sound row's words: where no sound device could be opened, that the game plays
        silently (the switch said "On" with nothing heard and nothing said: a tester)."""
        audio = getattr(self.app, "audio", None)
        if audio is not None and not audio.available:
            return "No sound device was found, so the game plays silently; the switch is kept for later."
        return "Card sounds and the Rummy! call."

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        s = self.settings
        keep = self.focus.current
        m, top, foot = self.page_margins()
        pw = min(w - 2 * m, t.px(860))
        self.body = pygame.Rect((w - pw) // 2, top, pw, h - top - foot)
        view = ui.ScrollView(self.body.inflate(-t.px(24), -t.px(20)))
        view.line = t.px(56)
        rw = view.rect.width - t.px(16)
        row_h = t.px(58)
        cw = max(t.px(220), round(rw * 0.4))

        def near(choices, value):
            return min(choices, key=lambda c: abs(c[0] - value))[0]

        rows = [
            ("animation_speed", "Animation speed", "How fast cards move; Instant shows every move at once.",
             ui.Cycler(ANIMATION_SPEEDS, near(ANIMATION_SPEEDS, s.animation_speed),
                       lambda v: self.change("animation_speed", v), wrap=False)),
            ("sound", "Sound effects", self._sound_help(),
             ui.Toggle(s.sound, lambda v: self.change("sound", v))),
            ("volume", "Volume", "Loudness of the sound effects.",
             ui.Slider(0, 100, 5, round(s.volume * 100), lambda v: self.change("volume", v / 100),
                       fmt=lambda v: f"{v:.0f}%")),
            ("card_scale", "Card size", "Bigger cards are easier to read; smaller ones leave more room.",
             ui.Cycler(CARD_SCALES, near(CARD_SCALES, s.card_scale),
                       lambda v: self.change("card_scale", v), wrap=False)),
            ("four_colour", "Four-colour suits", "Clubs green and diamonds blue, so no two suits look alike.",
             ui.Toggle(s.four_colour, lambda v: self.change("four_colour", v))),
            ("card_back", "Card back", "The pattern on the back of the cards.",
             ui.Cycler(CARD_BACKS, s.card_back, lambda v: self.change("card_back", v))),
            ("rummy_window", "Time to call Rummy!",
             "How long you have to call after a playable discard; the computer players wait half of it.",
             ui.Slider(1, 10, 0.5, s.rummy_window, lambda v: self.change("rummy_window", v),
                       fmt=lambda v: f"{v:g} s")),
            ("rummy_help", "Point out Rummy! chances",
             "On: the game waits for your call, and lights Rummy!, only when you could call. Off: it "
             "waits after every discard.",
             ui.Toggle(s.rummy_help, lambda v: self.change("rummy_help", v))),
            ("default_level", "Computer players in new games", _level_help(s),
             ui.Cycler(BOT_LEVELS, s.default_level, lambda v: self.change("default_level", v))),
        ]
        y = 0
        for name, label, help_, control in rows:
            control.name = name
            row = ui.Row(label, control, help_, name=name, control_width=cw)
            row.place(pygame.Rect(0, y, rw, row_h), t)
            # a row as high as its help needs (two lines ran into the next row's title: a tester)
            high = row.measure(row.rect.width, t, row_h)
            if high > row_h:
                row.place(pygame.Rect(0, y, rw, high), t)
            view.add(row, pygame.Rect(0, y, rw, high))
            y += high + t.px(4)
        self.body.height = min(self.body.height, view.content_height + t.px(24))
        view.rect.height = self.body.height - t.px(20)
        self.scroll = view
        view.layout()
        bh = t.px(46)
        fy = min(h - foot + (foot - bh) // 2, self.body.bottom + t.px(22))
        self.widgets = [
            ui.Button("Done", self.back, pygame.Rect(w // 2 + t.px(8), fy, t.px(170), bh), primary=True,
                      name="done"),
            ui.Button("Restore defaults", self.restore_defaults,
                      pygame.Rect(w // 2 - t.px(8) - t.px(190), fy, t.px(190), bh), name="defaults", size=16),
        ]
        self._label_done()
        self.refocus(keep)
        self.refresh()

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.body, t)
        # a preview of the suits and the back, at the card size chosen (as the table's cards
        # grow or shrink from their usual size), standing on the panel's top edge
        s = self.settings
        foot = t.px(64)  # (where the usual size ends)
        x = self.body.right
        cw, ch = round(t.px(30) * s.card_scale), round(t.px(42) * s.card_scale)
        for i, suit in enumerate("♣♦♥♠"):
            r = pygame.Rect(x - (4 - i) * (cw + t.px(6)), foot - ch, cw, ch)
            draw_card(surface, "A" + suit, r, s)
        back = pygame.Rect(x - 4 * (cw + t.px(6)) - cw - t.px(14), foot - ch, cw, ch)
        draw_card_back(surface, back, s.card_back)

    def draw_front(self, surface: pygame.Surface) -> None:
        if self.message:  # beside the buttons, from the window's margin to Restore defaults
            t = self.theme
            m = self.page_margins()[0]
            button = self.find("defaults")
            right = button.rect.x - t.px(12) if button is not None else self.body.centerx
            top = button.rect.y if button is not None else self.body.bottom + t.px(4)
            rect = pygame.Rect(m, top - t.px(4), max(t.px(120), right - m), t.px(54))
            self.draw_message(surface, rect)
