"""The menus' base: :class:`MenuScene` (a full-screen menu on the felt, with keyboard
focus and mouse widgets) and the card painting the title and settings screens share.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import parse_card

from .. import ui_kit as ui
from ..cards import CardArt
from ..controller import autosave_path, read_save  # the save Continue looks at
from ..scene import Scene
from ..settings import Settings

if TYPE_CHECKING:
    from ..app import App


def has_autosave() -> bool:
    """Whether there is a game to continue: a save, or something in its place that could
    not be read (a folder of that name, a file that may not be read), whose ``.bak`` copy
    Continue goes on from. A finished game leaves only its ``.bak`` copies."""
    try:
        return autosave_path().exists()
    except OSError:
        return False


def saved_game_over() -> bool:
    """Whether the save is of a finished game whose winners were not yet shown (a new
    game replaces it without asking: nothing is lost, it was counted when it ended)."""
    try:
        return read_save(autosave_path())[0].phase == "game_over"
    except Exception:  # none, or damaged: not a finished game
        return False


_ART = CardArt()  # the table's own card painter, for the title's fan and the settings' preview
_TURNED: dict[tuple, pygame.Surface] = {}


def draw_card(surface: pygame.Surface, card: str, rect: pygame.Rect, settings: Settings, angle: float = 0.0) -> None:
    """``card`` ("A♠") as the table draws it, as ``settings`` ask (four colours or two), in
    ``rect`` and turned by ``angle`` degrees."""
    _ART.configure(four_colour=settings.four_colour)
    face = _ART.face(parse_card(card), rect.size)
    if angle:
        key = (card, rect.size, angle, _ART.four_colour)
        turned = _TURNED.get(key)
        if turned is None:
            if len(_TURNED) > 64:  # many window sizes tried
                _TURNED.clear()
            turned = _TURNED[key] = pygame.transform.rotozoom(face, angle, 1.0)
        face = turned
    surface.blit(face, face.get_rect(center=rect.center))


def draw_card_back(surface: pygame.Surface, rect: pygame.Rect, back: str) -> None:
    """The back ``back`` ("blue", "red", "green", "black") as the table draws it, in ``rect``."""
    surface.blit(_ART.back(rect.size, back), rect)


class MenuScene(Scene):
    """A full-screen menu on the felt, with keyboard focus and mouse widgets."""

    heading = ""
    show_felt = True

    def __init__(self, app: App):
        super().__init__(app)
        self.theme = ui.Theme(self._size())
        self.widgets: list[ui.Widget] = []
        self.scroll: ui.ScrollView | None = None
        self.focus = ui.FocusRing()
        self.focus.on_move = self._focus_moved
        self.show_focus = False
        self.message: str | None = None
        self.message_is_error = False
        self._caret_shown: int | None = None  # the text caret's blink phase last drawn
        self.build()

    # ------------------------------------------------------------------ layout
    def _size(self) -> tuple[int, int]:
        w, h = self.app.screen_size
        return int(w), int(h)

    def resize(self, size: tuple[int, int]) -> None:
        self.theme = ui.Theme(size)
        self.build()

    def enter(self) -> None:
        """Shown (pushed, or uncovered): a screen made earlier, or covered while the window
        changed size, is laid out again for the window as it is now."""
        if self.theme.size != self._size():
            self.resize(self._size())

    def build(self) -> None:
        """Create and place the widgets for the current size (subclasses)."""

    def focus_order(self) -> list[ui.Widget]:
        out: list[ui.Widget] = []
        if self.scroll is not None:
            out += self.scroll.widgets()
        return out + self.widgets

    def refocus(self, keep: ui.Widget | None = None) -> None:
        self.focus.set(self.focus_order(), keep)
        if not self.show_focus:
            for w in self.focus.widgets:
                w.focused = False

    def gold_follows_focus(self, default: str) -> None:
        """One button is gold: the one Enter presses, the keyboard's focus while it shows,
        else the button called ``default`` (for screens whose buttons are their choices)."""
        main = self.focus.current if self.show_focus else None
        if main is None:
            main = self.find(default)
        for w in self.widgets:
            if isinstance(w, ui.Button):
                w.primary = w is main

    def _focus_moved(self, widget: ui.Widget) -> None:
        if self.scroll is not None and self.scroll.contains(widget):
            self.scroll.ensure_visible(widget)

    def all_widgets(self) -> list[ui.Widget]:
        return (self.scroll.widgets() if self.scroll else []) + self.widgets

    def find(self, name: str) -> ui.Widget | None:
        """The widget (or setting row) called ``name`` (tests and keyboard shortcuts)."""
        for w in self.all_widgets():
            if w.name == name:
                return w
        return None

    def page_margins(self) -> tuple[int, int, int]:
        """A full page's side margin, the room above it (for the heading) and below it (for
        the buttons), in pixels at this size."""
        t = self.theme
        return t.px(28), t.px(80), t.px(72)

    def frame(self) -> pygame.Rect:
        w, h = self.theme.size
        m = self.theme.px(24)
        return pygame.Rect(m, m, w - 2 * m, h - 2 * m)

    # ------------------------------------------------------------------ the text caret
    def _caret_phase(self) -> int | None:
        """The blink phase of the caret of a field being typed in (see ``TextInput.draw``);
        None when no field is."""
        if not any(w.editing for w in self.all_widgets()):
            return None
        return int(pygame.time.get_ticks() / ui.CARET_BLINK_MS) % 2

    def next_wake(self) -> float | None:
        """While a field is typed in, its caret blinks: a frame at each change (the loop
        slept through them, and the caret stayed as the last key left it: a tester)."""
        if self._caret_phase() is None:
            return None
        ms = ui.CARET_BLINK_MS
        return (ms - pygame.time.get_ticks() % ms) / 1000 + 0.005

    def update(self, dt: float) -> None:
        phase = self._caret_phase()
        if phase is not None and phase != self._caret_shown:
            self._caret_shown = phase
            self.app.invalidate()

    # ------------------------------------------------------------------ events
    def _look(self) -> tuple:
        """What a mouse motion can change on screen: hover and press marks, a slider's
        value, the scroll position."""
        marks = []
        for w in self.all_widgets():
            control = getattr(w, "control", None)
            marks.append((w.hover, w.pressed, w.focused, getattr(w, "value", None),
                          getattr(control, "hover", None), getattr(control, "value", None)))
        return (tuple(marks), self.scroll.offset if self.scroll is not None else None)

    def handle(self, event: pygame.event.Event) -> None:
        """Handle ``event``; a mouse motion that changed what the screen shows asks for
        a frame (the application draws one after every key and click)."""
        if event.type != pygame.MOUSEMOTION:
            self._handle(event)
            return
        before = self._look()
        self._handle(event)
        if self._look() != before:
            self.app.invalidate()

    def _handle(self, event: pygame.event.Event) -> None:
        editing = next((w for w in self.all_widgets() if w.editing), None)
        if editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            editing.handle(event)
            return
        focused = self.focus.current if self.show_focus else None
        if isinstance(focused, ui.TextInput) and focused.enabled and (
                event.type == pygame.TEXTINPUT
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE)):
            # typing into a field in the keyboard's focus edits it: a letter replaces the
            # text (as a field entered with Tab does), Backspace takes off the last letter
            focused.start()
            focused.selected = event.type == pygame.TEXTINPUT and bool(focused.text)
            focused.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            if self.on_key(event):
                return
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if not self.show_focus and event.key in (
                pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
                pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER,
            ):
                self.show_focus = True
                current = self.focus.current
                if current is None or not (current.enabled and current.visible):
                    self.focus.move(1)  # the first key only shows where the focus went
                    return
                self.focus.focus(current)
                if event.key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
                                     pygame.K_KP_ENTER):
                    return
            self.focus.handle_key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.show_focus:
            self.show_focus = False
            for w in self.focus.widgets:
                w.focused = False
        if self.scroll is not None and self.scroll.handle(event) and event.type != pygame.MOUSEMOTION:
            return
        for w in list(self.widgets):
            if w.handle(event) and event.type != pygame.MOUSEMOTION:
                break

    def target_at(self, pos: tuple[int, int]) -> Hashable:
        """The widget a click at ``pos`` acts on, with its label (a button that turns into
        its own question, "Really reset?", is another target; see ``Scene.target_at``),
        but not the value an arrow or a switch steps in place."""
        for w in reversed(self.all_widgets()):
            if w.hit(pos):
                key = w.name or id(w)  # (a screen may build its widgets anew after a click)
                if getattr(w, "control", w).steps_in_place:  # its label is the value it steps
                    return (key, w.enabled)
                return (key, getattr(w, "label", None), w.enabled)
        return None

    def on_key(self, event: pygame.event.Event) -> bool:
        """Screen-specific keys, before the focus keys; True if used."""
        return False

    def back(self) -> None:
        self.app.stack.pop()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.show_felt:
            ui.draw_felt(surface)
        self.draw_back(surface)
        if self.scroll is not None:
            self.scroll.draw(surface, self.theme)
        for w in self.widgets:
            if w.visible:
                w.draw(surface, self.theme)
        self.draw_front(surface)

    def draw_back(self, surface: pygame.Surface) -> None:
        """Painted under the widgets (subclasses)."""

    def draw_front(self, surface: pygame.Surface) -> None:
        """Painted over the widgets (subclasses)."""

    def draw_heading(self, surface: pygame.Surface, text: str | None = None) -> pygame.Rect:
        t = self.theme
        return ui.draw_text(surface, text or self.heading, t.font(34, True), ui.GOLD,
                            (t.px(36), t.px(22)), "topleft", shadow=True)

    def draw_message(self, surface: pygame.Surface, rect: pygame.Rect, text: str | None = None,
                     error: bool | None = None, max_lines: int = 3) -> None:
        """The status line (or ``text``): an error in a red box, or a quiet note, on up to
        ``max_lines`` lines (cut short with "…"), kept above the window's foot."""
        text = text or self.message
        error = self.message_is_error if error is None else error
        if not text:
            return
        t = self.theme
        font = t.font(15, error)
        room = rect.width - t.px(24)
        lines = ui.wrap_text(text, font, room)
        if len(lines) > max_lines:
            lines = lines[:max_lines - 1] + [ui.fit_text(" ".join(lines[max_lines - 1:]), font, room)]
        h = len(lines) * font.get_linesize() + t.px(12)
        box = pygame.Rect(rect.x, rect.centery - h // 2, rect.width, h)
        box.bottom = min(box.bottom, surface.get_height() - t.px(4))
        if error:
            ui.rounded_rect(surface, ui.ERROR_BG, box, t.px(8))
            ui.rounded_rect(surface, (220, 90, 70), box, t.px(8), 1)
        y = box.y + t.px(6)
        for line in lines:
            ui.draw_text(surface, line, font, ui.ERROR if error else ui.MUTED,
                         (box.x + t.px(12), y))
            y += font.get_linesize()

    def say(self, text: str | None, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error
