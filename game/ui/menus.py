"""The menu screens: title, new game, rules, settings and statistics (the sheets
shown over the table are in :mod:`game.ui.sheets`).

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

import dataclasses
import logging
import re
from typing import Any

import pygame

from game import __version__
from game.engine.cards import parse_card
from game.engine.errors import RulesError
from game.engine.rules import Rules

from . import ui_kit as ui
from .cards import CardArt
from .controller import autosave_path, read_save, set_aside  # the save Continue looks at
from .rules_text import (
    GROUPS,
    OPTION_BY_NAME,
    OPTIONS,
    PRESET_SUMMARIES,
    TARGET_CHOICES,
    OptionInfo,
    describe_rules,
    option_help,
    preset_title,
    table_controls,
)
from .scene import Scene
from .settings import ANIMATION_SPEEDS, BOT_LEVELS, CARD_BACKS, CARD_SCALES, LEVEL_NOTES, Settings
from .stats import Stats

log = logging.getLogger(__name__)

HUMAN = "human"
NAME_LEN = 16  # letters in a player's name, at most
FRIENDLY_NAMES = (
    "Alice", "Ben", "Chloe", "Dev", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kira",
    "Leo", "Maya", "Nico", "Olga", "Pablo", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Victor",
    "Wen", "Yusuf", "Zoe",
)
MAX_SEATS = 8


def _option_words(option: str, value: str | None) -> str:
    """An option (and a value of it) as the setup screen names them: "Upcard number
    counts: Whole hand" for ``upcard_counts = total`` (for ``Rules.check_players``)."""
    info = OPTION_BY_NAME.get(option)
    if info is None:
        return option if value is None else f"{option} = {value}"
    if value is None:
        return f"\u201c{info.label}\u201d"
    label = next((lab for v, lab in (info.choices or ()) if str(v) == value), value)
    return f"\u201c{info.label}: {label}\u201d"


def has_autosave() -> bool:
    try:
        return autosave_path().is_file()
    except OSError:
        return False


def go_title(app: Any) -> None:
    """Empty the stack and show the title screen."""
    app.stack.clear()
    app.stack.push(TitleScene(app))


def leave_to_title(app: Any) -> None:
    """Back to the title, letting the application close the table first if it can."""
    app.go_title()  # the application's go_title closes the table, then calls go_title above


def go_new_game(app: Any) -> None:
    """Title screen with the new-game screen on top (Back returns to the title)."""
    leave_to_title(app)
    app.stack.push(NewGameScene(app))


# ---------------------------------------------------------------------- base


_ART = CardArt()  # the table's own card painter, for the title's fan and the settings' preview
_TURNED: dict[tuple, pygame.Surface] = {}


def draw_card(surface: pygame.Surface, card: str, rect: pygame.Rect, settings: Any, angle: float = 0.0) -> None:
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

    def __init__(self, app: Any):
        super().__init__(app)
        self.theme = ui.Theme(self._size())
        self.widgets: list[ui.Widget] = []
        self.scroll: ui.ScrollView | None = None
        self.focus = ui.FocusRing()
        self.focus.on_move = self._focus_moved
        self.show_focus = False
        self.message: str | None = None
        self.message_is_error = False
        self.build()

    # ------------------------------------------------------------------ layout
    def _size(self) -> tuple[int, int]:
        w, h = self.app.screen_size
        return int(w), int(h)

    def resize(self, size: tuple[int, int]) -> None:
        self.theme = ui.Theme(size)
        self.build()

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

    def frame(self) -> pygame.Rect:
        w, h = self.theme.size
        m = self.theme.px(24)
        return pygame.Rect(m, m, w - 2 * m, h - 2 * m)

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

    def handle(self, event: Any) -> None:
        """Handle ``event``; a mouse motion that changed what the screen shows asks for
        a frame (the application draws one after every key and click)."""
        if event.type != pygame.MOUSEMOTION:
            self._handle(event)
            return
        before = self._look()
        self._handle(event)
        if self._look() != before:
            self.app.invalidate()

    def _handle(self, event: Any) -> None:
        editing = next((w for w in self.all_widgets() if w.editing), None)
        if editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            editing.handle(event)
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
                if self.focus.current is None:
                    self.focus.move(1)
                else:
                    self.focus.focus(self.focus.current)
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

    def on_key(self, event: Any) -> bool:
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

    def draw_message(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The status line: an error in a red box, or a quiet note."""
        if not self.message:
            return
        t = self.theme
        font = t.font(15, self.message_is_error)
        lines = ui.wrap_text(self.message, font, rect.width - t.px(24))[:3]
        h = len(lines) * font.get_linesize() + t.px(12)
        box = pygame.Rect(rect.x, rect.centery - h // 2, rect.width, h)
        if self.message_is_error:
            ui.rounded_rect(surface, ui.ERROR_BG, box, t.px(8))
            ui.rounded_rect(surface, (220, 90, 70), box, t.px(8), 1)
        y = box.y + t.px(6)
        for line in lines:
            ui.draw_text(surface, line, font, ui.ERROR if self.message_is_error else ui.MUTED,
                         (box.x + t.px(12), y))
            y += font.get_linesize()

    def say(self, text: str | None, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error


# ---------------------------------------------------------------------- title


def also_played() -> str:
    """The title's second line: the other games of the box, by the engine's names."""
    names = [preset_title(p).split(" (")[0] for p in Rules.preset_names() if p != "rummy5000"]
    return "  ·  ".join(names)


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

    def __init__(self, app: Any):
        self.can_continue = has_autosave()
        self.notice: str | None = None
        super().__init__(app)
        self.show_focus = True
        self.focus.focus(self.find("continue" if self.can_continue else "new_game"))

    def enter(self) -> None:
        was = self.can_continue
        self.can_continue = has_autosave()
        if was != self.can_continue:
            self.build()
        problem = self.app.settings.problem
        if problem and self.notice is None:
            self.notice = problem

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

    def _handle(self, event: Any) -> None:
        super()._handle(event)
        self._gold_follows_focus()

    def _gold_follows_focus(self) -> None:
        """One button is gold: the one Enter presses (the keyboard's focus while it shows,
        else Continue, or New game when there is nothing to continue)."""
        main = self.focus.current if self.show_focus else None
        if main is None:
            main = self.find("continue" if self.can_continue else "new_game")
        for w in self.widgets:
            if isinstance(w, ui.Button):
                w.primary = w is main

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
            save = autosave_path()
            try:
                read_save(save)
            except Exception:  # neither the save nor its backup can be read: keep them, renamed
                for path in (save, save.with_name(save.name + ".bak")):
                    if path.exists():
                        set_aside(path)
                self.notice = ("The saved game could not be loaded: it and its backup copy are damaged. "
                               f"They are kept in the data folder as {save.name}.damaged; "
                               "start a new game to play on.")
                self.can_continue = False
                self.build()
                return
            self.notice = f"The saved game could not be loaded: {exc}"

    def back(self) -> None:
        pass  # the title screen stays; Quit is a button

    def on_key(self, event: Any) -> bool:
        if event.key == pygame.K_n:
            self.find("new_game").activate()
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
        if self.notice:
            rect = pygame.Rect(0, 0, min(w - t.px(40), t.px(760)), t.px(40))
            rect.midbottom = (w // 2, h - t.px(30))
            self.message, self.message_is_error = self.notice, True
            self.draw_message(surface, rect)


# ---------------------------------------------------------------------- new game


class NewGameScene(MenuScene):
    """Preset, seats, computer players and every house rule; Start builds the game."""

    heading = "New game"

    def __init__(self, app: Any):
        settings = app.settings
        self.level_default = settings.default_level
        last = settings.last_game if isinstance(settings.last_game, dict) else {}
        self.preset = "rummy5000"
        self.overrides: dict[str, Any] = {}
        self.names = ["You"] + list(FRIENDLY_NAMES[: MAX_SEATS - 1])
        self.levels = [HUMAN] + [self.level_default] * (MAX_SEATS - 1)
        self.players = 4
        self._restore(last)
        self.rules: Rules | None = None
        self.error: str | None = None
        self.confirm_replace = False  # Start was pressed once with a game in progress
        super().__init__(app)
        self.validate()

    # ------------------------------------------------------------------ model
    def _restore(self, last: dict) -> None:
        try:
            rules = Rules.from_dict(last.get("rules") or {"preset": last.get("preset", "rummy5000")})
            base = Rules.preset(rules.preset_name)
            self.preset = rules.preset_name
            self.overrides = {
                n: getattr(rules, n) for n in Rules.option_names()
                if getattr(rules, n) != getattr(base, n)
            }
        except (RulesError, TypeError, ValueError, AttributeError):
            self.preset, self.overrides = "rummy5000", {}
        names = last.get("names")
        if isinstance(names, list):
            for i, n in enumerate(names[:MAX_SEATS]):
                if isinstance(n, str) and n.strip():
                    self.names[i] = n.strip()[:16]
        levels = last.get("levels")
        if isinstance(levels, list):
            for i, lv in enumerate(levels[1:MAX_SEATS], start=1):
                if isinstance(lv, str) and lv in {v for v, _ in BOT_LEVELS}:
                    self.levels[i] = lv
        players = last.get("players")
        lo, hi = Rules.preset(self.preset).player_range()
        self.players = players if isinstance(players, int) and lo <= players <= hi else max(lo, min(hi, 4))

    def base_rules(self) -> Rules:
        return Rules.preset(self.preset)

    def option_value(self, info: OptionInfo) -> Any:
        """The value shown for an option: the override, or the preset's."""
        base = self.base_rules()
        if info.name.startswith("wild."):
            pw = self.overrides.get("permanent_wilds", base.permanent_wilds)
            return info.name[5:] in pw
        if info.name.startswith("values."):
            vals = self.overrides.get("values", base.values)
            return vals.get(info.name[7:], base.values.get(info.name[7:]))
        return self.overrides.get(info.name, getattr(base, info.name))

    def _set_override(self, name: str, value: Any) -> None:
        base = getattr(self.base_rules(), name)
        if value == base:
            self.overrides.pop(name, None)
        else:
            self.overrides[name] = value

    def set_option(self, name: str, value: Any) -> None:
        """Change one option (``wild.x`` and ``values.k`` name parts of the composite options)."""
        base = self.base_rules()
        if name.startswith("wild."):
            pw = set(self.overrides.get("permanent_wilds", base.permanent_wilds))
            (pw.add if value else pw.discard)(name[5:])
            self._set_override("permanent_wilds", frozenset(pw))
        elif name.startswith("values."):
            vals = dict(self.overrides.get("values", base.values))
            vals[name[7:]] = value
            self._set_override("values", vals)
        else:
            self._set_override(name, value)
            if name == "lowest_rank" and value > 2 and self.option_value(OPTION_BY_NAME["aces"]) == "low_only":
                self._set_override("aces", "high_only")  # aces are high only without the low cards
            groups = bool(self.overrides.get("joker_groups", getattr(base, "joker_groups", False)))
            if name in ("jokers_per_deck", "joker_groups"):
                # jokers are played wild unless they form their own groups: keep the options in step
                jokers = self.overrides.get("jokers_per_deck", base.jokers_per_deck)
                pw = set(self.overrides.get("permanent_wilds", base.permanent_wilds))
                (pw.add if jokers and not groups else pw.discard)("jokers")
                self._set_override("permanent_wilds", frozenset(pw))
        self.validate()
        self.sync()

    def set_preset(self, name: str) -> None:
        self.preset = name
        self.overrides = {}
        lo, hi = Rules.preset(name).player_range()
        self._seat_more(max(lo, min(hi, self.players)))
        self.build()
        self.validate()

    def set_players(self, n: int) -> None:
        self._seat_more(n)
        self.build()
        self.validate()

    def _seat_more(self, n: int) -> None:
        """A new number of seats. A seat that comes back into play keeps its name unless an
        earlier seat has taken it meanwhile (or it is "You"); then it gets a friendly name
        nobody at the table has, so that adding a player never blocks **Start game**."""
        old, self.players = self.players, n
        for i in range(old, n):
            taken = {name.casefold() for name in self.seat_names()[:i]} | {"you"}
            if self.seat_names()[i].casefold() in taken:
                self.pick_name(i)

    def players_limit(self, step: int) -> None:
        """The players' arrows were pressed past the game's limit: say what the game allows,
        in the engine's words ("Basic rummy is played by 2 to 4 players, not 5")."""
        try:
            self.base_rules().check_players(self.players + step)
            return
        except RulesError as exc:
            why = _sentence(str(exc))
        if self.error:  # the problem in hand stays on show
            self.say(f"{why} {_sentence(self.error)}", error=True)
        else:
            self.say(why)

    def reset_options(self) -> None:
        target = self.overrides.get("target")
        self.overrides = {} if target is None else {"target": target}
        self.validate()
        self.sync()

    def build_rules(self) -> Rules:
        """The ``Rules`` of the screen; raises RulesError with the engine's message."""
        rules = Rules.preset(self.preset, **self.overrides)
        rules.check_players(self.players, say=_option_words)
        return rules

    def validate(self) -> Rules | None:
        try:
            self.rules = self.build_rules()
            self.error = self.names_problem()
        except RulesError as exc:
            self.rules = None
            self.error = str(exc)
        if self.error:
            self.rules = None
        if self.error:
            self.say(_sentence(self.error), error=True)
        else:
            lo, hi = self.rules.player_range()
            changed = len([k for k in self.overrides if k != "target"])
            extra = f", {changed} house rule{'s' if changed != 1 else ''} changed" if changed else ""
            self.say(f"{preset_title(self.preset)} for {self.players} players{extra}.")
        if getattr(self, "rows", None):
            self.sync()
        return self.rules

    def seat_names(self) -> list[str]:
        return [self.names[i].strip() or f"Player {i + 1}" for i in range(self.players)]

    def seat_levels(self) -> list[str]:
        return [HUMAN] + [self.levels[i] for i in range(1, self.players)]

    def pick_name(self, seat: int) -> None:
        used = {n for i, n in enumerate(self.names[: self.players]) if i != seat}
        try:
            start = FRIENDLY_NAMES.index(self.names[seat]) + 1
        except ValueError:
            start = 0
        for k in range(len(FRIENDLY_NAMES)):
            cand = FRIENDLY_NAMES[(start + k) % len(FRIENDLY_NAMES)]
            if cand not in used:
                self.names[seat] = cand
                break
        w = self.find(f"name{seat}")
        if isinstance(w, ui.TextInput):
            w.text = self.names[seat]

    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text.strip()[:NAME_LEN] or (FRIENDLY_NAMES[seat - 1] if seat else "You")
        self.validate()

    def names_problem(self) -> str | None:
        """Why the seats' names will not do, or None: every player needs a name of their
        own (the moves and the scores are told by name), and "You" is the person's."""
        seen: dict[str, int] = {}
        for i, name in enumerate(self.seat_names()):
            key = name.casefold()
            if i and key == "you":
                return (f"Seat {i + 1} is a computer player: \u201cYou\u201d is kept for your own "
                        f"seat, so give it another name.")
            if key in seen:
                return (f"Seats {seen[key] + 1} and {i + 1} are both called \u201c{name}\u201d: "
                        f"give each player a name of their own.")
            seen[key] = i
        return None

    def start(self) -> None:
        for w in self.all_widgets():
            if isinstance(w, ui.TextInput) and w.editing:
                w.finish()
        rules = self.validate()
        if rules is None:
            self.app.play_sound("error")
            return
        if has_autosave() and not self.confirm_replace:  # the first press only asks
            self.confirm_replace = True
            self.find("start").label = "Start anyway"
            self.say("You have a game in progress, and a new game ends it. Press Start anyway "
                     "for the new game, or Back to keep the old one.", error=True)
            return
        names, levels = self.seat_names(), self.seat_levels()
        settings = self.app.settings
        settings.last_game = {
            "rules": rules.to_dict(), "players": self.players,
            "names": list(self.names), "levels": list(self.levels),
        }
        settings.save_or_log("the new game's setup")
        self.app.start_game(rules, self.players, names, levels)

    def show_rules(self) -> None:
        rules = self.validate()
        if rules is None:  # the rules may be fine, and only the players or the pack not
            try:
                rules = Rules.preset(self.preset, **self.overrides)
            except RulesError:
                self.app.play_sound("error")
                return
        self.app.stack.push(RulesScene(self.app, rules, browse=False))

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m = t.px(28)
        top = t.px(80)
        foot = t.px(72)
        left_w = max(t.px(400), round((w - 3 * m) * 0.43))
        self.left = pygame.Rect(m, top, left_w, h - top - foot - t.px(8))
        self.right = pygame.Rect(self.left.right + m, top, w - left_w - 3 * m, self.left.height)
        self.widgets = []

        # --- left column: preset, players, target, seats
        x, y, cw = self.left.x + t.px(14), self.left.y + t.px(12), self.left.width - t.px(28)
        row_h = t.px(40)
        label_w = t.px(110)

        def control_rect(yy: int) -> pygame.Rect:
            return pygame.Rect(x + label_w, yy + (row_h - t.px(34)) // 2, cw - label_w, t.px(34))

        self.labels: list[tuple[str, tuple[int, int]]] = []
        presets = [(p, preset_title(p)) for p in Rules.preset_names()]
        self.widgets.append(ui.Cycler(presets, self.preset, self.set_preset, control_rect(y),
                                      name="preset", size=17))
        self.labels.append(("Game", (x, y + row_h // 2)))
        y += row_h
        self.summary_pos = (x, y + t.px(2), cw)
        y += t.px(44)
        lo, hi = self.base_rules().player_range()
        self.widgets.append(ui.Cycler([(n, f"{n} players") for n in range(lo, hi + 1)], self.players,
                                      self.set_players, control_rect(y), name="players", wrap=False,
                                      on_limit=self.players_limit))
        self.labels.append(("Players", (x, y + row_h // 2)))
        y += row_h + t.px(4)
        target = ui.Cycler(TARGET_CHOICES, self.option_value(_TARGET), lambda v: self.set_option("target", v),
                           control_rect(y), name="target", wrap=False)
        self.widgets.append(target)
        self.labels.append(("Play to", (x, y + row_h // 2)))
        y += row_h + t.px(10)
        self.seats_top = y
        y += t.px(26)
        seat_h = min(t.px(40), max(t.px(28), (self.left.bottom - y - t.px(8)) // max(1, self.players)))
        levels = list(BOT_LEVELS)
        name_w = round((cw - t.px(30)) * 0.50)
        for seat in range(self.players):
            ry = y + seat * seat_h
            ih = min(t.px(32), seat_h - t.px(4))
            name_rect = pygame.Rect(x + t.px(30), ry + (seat_h - ih) // 2, name_w, ih)
            inp = ui.TextInput(self.names[seat], (lambda s: lambda text: self.set_name(s, text))(seat),
                               name_rect, max_len=NAME_LEN, placeholder="You" if seat == 0 else "Name",
                               name=f"name{seat}",
                               on_limit=lambda: self.say(f"A name has {NAME_LEN} letters at most."))
            self.widgets.append(inp)
            if seat == 0:
                continue
            pick = ui.Button("↻", (lambda s: lambda: self.pick_name(s))(seat),
                             pygame.Rect(name_rect.right + t.px(6), name_rect.y, ih, ih),
                             name=f"pick{seat}", size=16)
            self.widgets.append(pick)
            lx = pick.rect.right + t.px(8)
            self.widgets.append(ui.Cycler(levels, self.levels[seat],
                                          (lambda s: lambda v: self._set_level(s, v))(seat),
                                          pygame.Rect(lx, name_rect.y, x + cw - lx, ih),
                                          name=f"level{seat}", wrap=True, size=15))
        self.seat_h = seat_h
        self.seat_y = y
        self.level_notes = self._place_level_notes(x, y + self.players * seat_h + t.px(14), cw)

        # --- right column: house rules
        head_h = t.px(44)
        self.scroll = ui.ScrollView(pygame.Rect(self.right.x + t.px(6), self.right.y + head_h,
                                                self.right.width - t.px(12), self.right.height - head_h - t.px(6)))
        self.scroll.line = t.px(40)
        sw = self.scroll.rect.width - t.px(14)
        cy = 0
        opt_h = t.px(50)
        control_w = max(t.px(170), round(sw * 0.38))
        self.rows: dict[str, ui.Row] = {}
        shown = self.shown_rules()
        for group in GROUPS:
            self.scroll.add(ui.Heading(group), pygame.Rect(0, cy, sw, t.px(34)))
            cy += t.px(36)
            for info in OPTIONS:
                if info.group != group:
                    continue
                control = self._control_for(info)
                row = ui.Row(info.label, control, option_help(info, shown, self.players), name=info.name,
                             control_width=control_w)
                rh = row.measure(sw, t, opt_h)
                row.place(pygame.Rect(0, cy, sw, rh), t)
                self.scroll.add(row, pygame.Rect(0, cy, sw, rh))
                self.rows[info.name] = row
                cy += rh
            cy += t.px(6)
        self.scroll.layout()
        self.widgets.append(ui.Button("Reset house rules", self.reset_options,
                                      pygame.Rect(self.right.right - t.px(190), self.right.y + t.px(8),
                                                  t.px(178), t.px(30)), name="reset", size=14))

        # --- footer
        bh, bw = t.px(46), t.px(170)
        fy = h - foot + (foot - bh) // 2 - t.px(4)
        start = ui.Button("Start anyway" if self.confirm_replace else "Start game", self.start,
                          pygame.Rect(w - m - bw, fy, bw, bh), primary=True, name="start", size=19)
        rules_b = ui.Button("Read the rules", self.show_rules,
                            pygame.Rect(start.rect.x - t.px(12) - bw, fy, bw, bh), name="read_rules", size=16)
        back = ui.Button("Back", self.back, pygame.Rect(m, fy, t.px(120), bh), name="back")
        self.widgets += [rules_b, start, back]
        self.message_rect = pygame.Rect(back.rect.right + t.px(16), fy - t.px(4),
                                        rules_b.rect.x - back.rect.right - t.px(32), bh + t.px(8))
        self.sync()
        self.refocus(keep)

    def _handle(self, event: Any) -> None:
        start = self.find("start")
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and start is not None and not start.enabled and start.hit(event.pos) and self.error):
            self.app.play_sound("error")  # a press on the greyed Start: the reason again
            self.say(_sentence(self.error), error=True)
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.scroll is not None and self.scroll.rect.collidepoint(event.pos)):
            row = next((r for r in self.rows.values() if r.rect.collidepoint(event.pos)), None)
            why = None if row is None or row.control.enabled else self.unused_why.get(row.name)
            if why and not self.error:  # (an error stays on show: it says what to change)
                self.say(f"\u201c{row.label}\u201d is not used here: {why}.")
        super()._handle(event)

    def focus_order(self) -> list[ui.Widget]:
        left = [w for w in self.widgets if w.name not in ("reset", "read_rules", "start", "back")]
        rows = self.scroll.widgets() if self.scroll else []
        foot = [self.find(n) for n in ("start", "read_rules", "back", "reset")]
        return left + rows + [w for w in foot if w is not None]

    def _control_for(self, info: OptionInfo) -> ui.Widget:
        value = self.option_value(info)
        if info.is_bool:
            return ui.Toggle(value, lambda v, n=info.name: self.set_option(n, v), name=info.name)
        choices = [(v, info.value_label(v)) for v in info.values_for(value)]
        return ui.Cycler(choices, value, lambda v, n=info.name: self.set_option(n, v), name=info.name,
                         size=15)

    def _set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level

    def shown_rules(self) -> Rules:
        """The rules as the screen shows them, even a combination the engine refuses (to
        ask it which options are unused)."""
        try:
            return Rules.preset(self.preset, **self.overrides)
        except RulesError:
            return dataclasses.replace(self.base_rules(), **self.overrides)

    def unused(self, shown: Rules | None = None) -> dict[str, str]:
        """Option (row) name -> why it changes nothing now, in the engine's words."""
        unused = (shown or self.shown_rules()).unused_options()
        return {(("wild." + k.split(".", 1)[1]) if k.startswith("permanent_wilds.") else k): why
                for k, why in unused.items()}

    def sync(self) -> None:
        """Show the model's values in every control, and grey out the options the engine
        says change nothing with the other choices (with its reason under the label)."""
        base = self.base_rules()
        shown = self.shown_rules()
        unused = self.unused(shown)
        self.unused_why: dict[str, str | None] = {}
        relayout = False
        for name, row in getattr(self, "rows", {}).items():
            info = OPTION_BY_NAME[name]
            help_ = option_help(info, shown, self.players)
            if help_ != row.help:  # (the size of a deck follows the lowest rank and the jokers)
                lines = len(row.help_lines(row.rect.width, self.theme))
                row.help = help_
                relayout = relayout or len(row.help_lines(row.rect.width, self.theme)) != lines
            value = self.option_value(info)
            c = row.control
            if isinstance(c, ui.Cycler):
                if not any(v == value for v, _ in c.choices):
                    c.choices.append((value, info.value_label(value)))
                c.value = value
            elif isinstance(c, ui.Toggle):
                c.value = bool(value)
            base_value = OptionInfo.get(info, base)
            row.changed = value != base_value
            row.blamed = bool(self.error) and _blames(self.error, name)
            why = self.unused_why[name] = unused.get(name)
            # while the setup is refused, what was changed stays changeable, to undo it
            c.enabled = why is None or row.blamed or (bool(self.error) and row.changed)
            row.note = None if why is None else f"Not used: {why}."
        target = self.find("target")
        if isinstance(target, ui.Cycler):
            target.value = self.option_value(_TARGET)
            target.enabled = "target" not in unused
        preset = self.find("preset")
        if isinstance(preset, ui.Cycler):
            preset.value = self.preset
        start = self.find("start")
        if start is not None:  # greyed while the engine refuses the setup; the message says why
            start.enabled = self.rules is not None
        if relayout:
            self.build()  # a help text that now takes another number of lines

    def _place_level_notes(self, x: int, top: int, width: int) -> list[tuple[str, bool, int]]:
        """Where a line on each computer level goes, under the seats: ``(text, bold, y)``.

        All of them, or (with many seats in a small window) none: the pack's line below
        keeps its room."""
        t = self.theme
        font, head = t.font(13), t.font(14, True)
        bottom = self.left.bottom - t.px(12) - t.font(14).get_linesize() - t.px(6)
        for heading in (True, False):  # without the heading if that is what fits
            lines: list[tuple[str, bool, int]] = [("Computer players", True, top)] if heading else []
            y = top + (head.get_linesize() + t.px(2) if heading else 0)
            for level, label in BOT_LEVELS:
                for part in ui.wrap_text(f"{label}: {LEVEL_NOTES[level]}", font, width):
                    lines.append((part, False, y))
                    y += font.get_linesize()
            if y <= bottom:
                return lines
        return []

    # ------------------------------------------------------------------ drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.left, t)
        ui.panel(surface, self.right, t)
        lf = t.font(16, True)
        for text, pos in self.labels:
            ui.draw_text(surface, text, lf, ui.INK, pos, "midleft")
        x, y, cw = self.summary_pos
        sf = t.font(14)
        for i, line in enumerate(ui.wrap_text(PRESET_SUMMARIES.get(self.preset, ""), sf, cw)[:2]):
            ui.draw_text(surface, line, sf, ui.MUTED, (x, y + i * sf.get_linesize()))
        # seats
        hf = t.font(17, True)
        ui.draw_text(surface, "Seats", hf, ui.GOLD, (x, self.seats_top), "topleft")
        small = t.font(13)
        ui.draw_text(surface, "name  ·  ↻ picks one  ·  level", small, ui.FAINT,
                     (x + cw, self.seats_top + t.px(3)), "topright")
        nf = t.font(15, True)
        for seat in range(self.players):
            cy = self.seat_y + seat * self.seat_h + self.seat_h // 2
            ui.draw_text(surface, str(seat + 1), nf, ui.MUTED, (x + t.px(10), cy), "center")
            if seat == 0:
                name = self.find("name0")
                partners = bool(self.overrides.get("partnerships",
                                                   getattr(self.base_rules(), "partnerships", False)))
                note = "you play this seat"
                if partners and self.players == 4:
                    note = f"you; your partner is {self.seat_names()[2]}"
                if name is not None:
                    ui.draw_text(surface, ui.fit_text(note, t.font(14), x + cw - name.rect.right - t.px(12)),
                                 t.font(14), ui.MUTED, (name.rect.right + t.px(12), cy), "midleft")
        for text, bold, ly in self.level_notes:
            ui.draw_text(surface, text, t.font(14, True) if bold else t.font(13), ui.INK if bold else ui.MUTED,
                         (x, ly), "topleft")
        # house rules header
        hr = ui.draw_text(surface, "House rules", t.font(20, True), ui.GOLD,
                          (self.right.x + t.px(16), self.right.y + t.px(22)), "midleft")
        changed = len([k for k in self.overrides if k != "target"])
        if changed:
            ui.draw_text(surface, f"{changed} changed from the preset", t.font(14), ui.GOLD,
                         (hr.right + t.px(14), hr.centery + t.px(1)), "midleft")

        if self.rules is not None:
            decks = self.rules.decks_for(self.players)
            cards = self.rules.pack_size(decks)
            note = f"The pack: {decks} deck{'s' if decks != 1 else ''}, {cards} cards."
            ui.draw_text(surface, note, t.font(14), ui.MUTED, (x, self.left.bottom - t.px(12)), "bottomleft")

    def draw_front(self, surface: pygame.Surface) -> None:
        self.draw_message(surface, self.message_rect)


_TARGET = OptionInfo("target", "Scoring", "Play to", "", TARGET_CHOICES)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _blames(error: str, name: str) -> bool:
    """Whether the engine's message names this option (its row is then marked): by its
    attribute, or as the screen names it (:func:`_option_words`)."""
    info = OPTION_BY_NAME.get(name)
    if info is not None and f"\u201c{info.label}" in error:
        return True
    attr = "permanent_wilds" if name.startswith("wild.") else name.split(".")[0]
    if attr == "permanent_wilds" and name.startswith("wild.") and name[5:] not in error:
        return False
    return re.search(rf"(?<![a-z_]){re.escape(attr)}(?![a-z_])", error) is not None and "_" in attr


# ---------------------------------------------------------------------- rules


class RulesScene(MenuScene):
    """The rules of a preset (or of the new-game screen's choices) in plain words."""

    heading = "Rules"

    def __init__(self, app: Any, rules: Rules | None = None, browse: bool | None = None,
                 controls: bool = False):
        self.controls = controls  # how to play at the table comes last
        if rules is None:  # from the title: browse the presets, starting with the last one played
            last = app.settings.last_game
            try:
                rules = Rules.preset(last["rules"]["preset"])
            except (RulesError, TypeError, KeyError, AttributeError):
                rules = Rules.preset()
            browse = True
            self.controls = True  # a first game is learnt here, controls included
        self.rules = rules
        self.browse = (rules.to_dict() == {"preset": rules.preset_name}) if browse is None else browse
        super().__init__(app)

    def set_preset(self, name: str) -> None:
        self.rules = Rules.preset(name)
        self.build()

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m = t.px(28)
        top = t.px(80)
        foot = t.px(72)
        text_w = min(w - 2 * m, t.px(980))
        self.body = pygame.Rect((w - text_w) // 2, top, text_w, h - top - foot)
        self.widgets = []
        if self.browse:
            presets = [(p, preset_title(p)) for p in Rules.preset_names()]
            self.widgets.append(ui.Cycler(presets, self.rules.preset_name, self.set_preset,
                                          pygame.Rect(w - m - t.px(300), t.px(26), t.px(300), t.px(38)),
                                          name="preset", size=17))
        bh = t.px(46)
        self.widgets.append(ui.Button("Back", self.back,
                                      pygame.Rect(w // 2 - t.px(80), h - foot + (foot - bh) // 2, t.px(160), bh),
                                      name="back", primary=True))
        view = ui.ScrollView(self.body.inflate(-t.px(24), -t.px(20)))
        view.line = t.px(48)
        width = view.rect.width - t.px(18)
        y = 0
        sections = describe_rules(self.rules)
        if self.controls:
            sections = [*sections, ("At the table", table_controls(self.rules))]
        for i, (heading, paragraphs) in enumerate(sections):
            if i == 0:
                block = ui.TextBlock(heading, size=24, bold=True, color=ui.GOLD)
            else:
                block = ui.Heading(heading)
            hh = block.measure(width, t) if isinstance(block, ui.TextBlock) else t.px(38)
            view.add(block, pygame.Rect(0, y, width, hh))
            y += hh + t.px(2)
            for p in paragraphs:
                tb = ui.TextBlock(p, size=16, bullet=i > 0)
                ph = tb.measure(width, t)
                view.add(tb, pygame.Rect(0, y, width, ph))
                y += ph
            y += t.px(8)
        view.scroll_to(min(getattr(self.scroll, "offset", 0), view.max_offset) if self.scroll else 0)
        self.scroll = view
        self.scroll.layout()
        self.refocus(keep)

    def on_key(self, event: Any) -> bool:
        s = self.scroll
        k = event.key
        if k in (pygame.K_DOWN, pygame.K_UP):
            s.scroll(s.line * (1 if k == pygame.K_DOWN else -1))
            return True
        if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            s.scroll(s.rect.height * 0.9 * (1 if k == pygame.K_PAGEDOWN else -1))
            return True
        if k in (pygame.K_HOME, pygame.K_END):
            s.scroll_to(0 if k == pygame.K_HOME else s.max_offset)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.browse:
            self.find("preset").adjust(-1 if k == pygame.K_LEFT else 1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back()
            return True
        return False

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface, "Rules" if self.browse else "Rules of this game")
        ui.panel(surface, self.body, t)


# ---------------------------------------------------------------------- settings


class SettingsScene(MenuScene):
    """Animation, sound, cards, the Rummy! window and the default computer level."""

    heading = "Settings"

    def __init__(self, app: Any):
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
        if vol is not None:
            vol.control.enabled = self.settings.sound

    def restore_defaults(self) -> None:
        fresh = Settings()
        for name in Settings.SAVED:
            if name not in Settings.REMEMBERED:
                setattr(self.settings, name, getattr(fresh, name))
        self.build()
        self.app.apply_settings()

    def save(self) -> None:
        try:
            self.settings.save()
        except OSError as exc:
            self.say(f"Your settings could not be saved: {exc}", error=True)
            return
        self.say(None)

    def back(self) -> None:
        self.save()
        if not self.message_is_error or not self.message:
            self.app.stack.pop()

    def leave(self) -> None:
        if self.message is None:
            self.settings.save_or_log()

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        s = self.settings
        keep = self.focus.current
        m = t.px(28)
        top, foot = t.px(80), t.px(72)
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
            ("animation_speed", "Animation speed", "How fast cards move; None shows every move at once.",
             ui.Cycler(ANIMATION_SPEEDS, near(ANIMATION_SPEEDS, s.animation_speed),
                       lambda v: self.change("animation_speed", v), wrap=False)),
            ("sound", "Sound effects", "Card sounds and the Rummy! call.",
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
            ("rummy_window", "Time to call Rummy!", "How long you have to call after a playable discard.",
             ui.Slider(1, 10, 0.5, s.rummy_window, lambda v: self.change("rummy_window", v),
                       fmt=lambda v: f"{v:g} s")),
            ("rummy_help", "Point out Rummy! chances",
             "Wait for your call, and light Rummy!, only when you can call. Off: after every discard.",
             ui.Toggle(s.rummy_help, lambda v: self.change("rummy_help", v))),
            ("default_level", "Computer players", "The level new computer seats start with.",
             ui.Cycler(BOT_LEVELS, s.default_level, lambda v: self.change("default_level", v))),
        ]
        y = 0
        for name, label, help_, control in rows:
            control.name = name
            row = ui.Row(label, control, help_, name=name, control_width=cw)
            row.place(pygame.Rect(0, y, rw, row_h), t)
            view.add(row, pygame.Rect(0, y, rw, row_h))
            y += row_h + t.px(4)
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
        self.refocus(keep)
        self.refresh()

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.body, t)
        # a preview of the suits and the back
        s = self.settings
        y = t.px(30)
        x = self.body.right
        cw, ch = t.px(30), t.px(42)
        for i, suit in enumerate("♣♦♥♠"):
            r = pygame.Rect(x - (4 - i) * (cw + t.px(6)), y - t.px(8), cw, ch)
            draw_card(surface, "A" + suit, r, s)
        back = pygame.Rect(x - 4 * (cw + t.px(6)) - cw - t.px(14), y - t.px(8), cw, ch)
        draw_card_back(surface, back, s.card_back)

    def draw_front(self, surface: pygame.Surface) -> None:
        if self.message:
            t = self.theme
            rect = pygame.Rect(self.body.x, self.body.bottom + t.px(4), t.px(300), t.px(40))
            self.draw_message(surface, rect)


# ---------------------------------------------------------------------- statistics


class StatsScene(MenuScene):
    """Games, wins, best score and rounds per preset."""

    heading = "Statistics"

    def __init__(self, app: Any):
        self.stats = Stats.load()
        self.confirm_reset = False
        super().__init__(app)
        if self.stats.problem:
            self.say(self.stats.problem, error=True)

    def reset(self) -> None:
        if not self.confirm_reset:
            self.confirm_reset = True
            self.find("reset").label = "Really reset?"
            return
        self.stats.reset()
        try:
            self.stats.save()
            self.say("Statistics cleared.")
        except OSError as exc:
            self.say(f"The statistics could not be saved: {exc}", error=True)
        self.confirm_reset = False
        self.build()

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        keep = self.focus.current
        m = t.px(28)
        top, foot = t.px(80), t.px(72)
        pw = min(w - 2 * m, t.px(900))
        need = t.px(150) + len(self.rows()) * t.px(44) + (t.px(60) if self.message else 0) \
            + (t.px(30) if self.against_text() else 0)
        self.body = pygame.Rect((w - pw) // 2, top, pw, min(h - top - foot, need))
        bh = t.px(46)
        fy = min(h - foot + (foot - bh) // 2, self.body.bottom + t.px(22))
        self.widgets = [
            ui.Button("Back", self.back, pygame.Rect(w // 2 + t.px(8), fy, t.px(170), bh), primary=True,
                      name="back"),
            ui.Button("Really reset?" if self.confirm_reset else "Reset statistics", self.reset,
                      pygame.Rect(w // 2 - t.px(8) - t.px(190), fy, t.px(190), bh), name="reset", size=16),
        ]
        self.refocus(keep)

    def rows(self) -> list[tuple[str, Any]]:
        names = list(Rules.preset_names()) + sorted(set(self.stats.presets) - set(Rules.preset_names()))
        return [(n, self.stats.get(n)) for n in names]

    def against_text(self) -> str:
        """The games won against each computer level (the strongest opponent at the table)."""
        parts = [f"{label} {rec.wins} of {rec.games}" for level, label in BOT_LEVELS
                 if (rec := self.stats.get_against(level)).games]
        return "Your wins, by your strongest computer opponent: " + "  ·  ".join(parts) if parts else ""

    def draw_back(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_heading(surface)
        ui.panel(surface, self.body, t)
        inner = self.body.inflate(-t.px(48), -t.px(40))
        cols = (("Game", 0.0, "midleft"), ("Games", 0.42, "midright"), ("Won", 0.55, "midright"),
                ("Win rate", 0.70, "midright"), ("Best score", 0.86, "midright"),
                ("Rounds", 1.0, "midright"))
        hf = t.font(16, True)
        y = inner.y + t.px(14)
        for text, fx, anchor in cols:
            ui.draw_text(surface, text, hf, ui.GOLD, (inner.x + round(inner.width * fx), y), anchor)
        y += t.px(22)
        pygame.draw.line(surface, (150, 130, 70), (inner.x, y), (inner.right, y), 1)
        y += t.px(8)
        bf, rf = t.font(17, True), t.font(17)
        row_h = t.px(44)
        for i, (name, st) in enumerate(self.rows()):
            cy = y + row_h // 2
            if i % 2 == 0:
                ui.rounded_rect(surface, (255, 255, 255, 12), pygame.Rect(inner.x - t.px(8), y, inner.width + t.px(16),
                                                                          row_h), t.px(6))
            ui.draw_text(surface, preset_title(name), bf, ui.INK, (inner.x, cy), "midleft")
            values = (
                str(st.games), str(st.wins), f"{st.win_rate:.0%}" if st.games else "–",
                f"{st.best_score:,}" if st.best_score is not None else "–", str(st.total_rounds),
            )
            for (_, fx, anchor), val in zip(cols[1:], values):
                ui.draw_text(surface, val, rf, ui.INK if st.games else ui.FAINT,
                             (inner.x + round(inner.width * fx), cy), anchor)
            y += row_h
        total = self.stats.total_games
        left = sum(st.abandoned for _, st in self.rows())
        note = (f"{total} game{'s' if total != 1 else ''} played in all." if total
                else "No games yet: statistics count every game played to the end.")
        if left:
            note = note[:-1] + f", {left} of them left unfinished (counted as not won)."
        ui.draw_text(surface, note, t.font(15), ui.MUTED, (inner.x, y + t.px(16)))
        against = self.against_text()
        if against:
            font = t.font(15)
            ui.draw_text(surface, ui.fit_text(against, font, inner.width), font, ui.MUTED,
                         (inner.x, y + t.px(44)))
        if self.message:
            self.draw_message(surface, pygame.Rect(inner.x, inner.bottom - t.px(60), inner.width, t.px(56)))
