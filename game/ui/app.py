"""The window and the main loop.

:func:`main` is what ``python -m game`` calls with the parsed command line. It opens a
resizable window (at least 1024x640; F11 full screen; F12 saves a screenshot; it opens
as the player last left it, size and full screen, kept in the settings file), and
then either starts a game straight away (``--preset/--players/--seed/--load`` or
``--autoplay``) or shows the title screen.

The loop sleeps in ``pygame.event.wait`` while nothing moves, so the game uses next to
no processor time while it waits for the person; it wakes for input, or when a scene
says it will need an update (a computer player's next move, the "Rummy!" countdown).
While something animates it draws at the display's refresh rate, and only when a
scene has marked the frame dirty.

Other screens start games through :meth:`App.start_game` and :meth:`App.continue_game`
(see ``docs/ui.md``).
"""

from __future__ import annotations

import logging
import os
import platform
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Hashable
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import pygame

from game.resources import asset_path, font_path, sound_path, user_data_dir

from .audio import Audio
from .cards import CardArt
from .files import why_failed
from .scene import DOUBLE_CLICK, Scene, SceneStack
from .settings import Settings
from .widgets import Text

if TYPE_CHECKING:
    from game.engine import GameState, Rules

    from .controller import Controller
    from .table import TableScene

log = logging.getLogger(__name__)

TITLE = "Rummy 5000"
MIN_SIZE = (1024, 640)
SECOND_CLICK_PX = 8  # how far apart (across plus down) the two clicks of a double click may be
_IN_A_BURST = object()  # what a click dropped as the second of a double click stands for
DEFAULT_SIZE = (1440, 900)
SOUNDS = ("card_draw", "card_place", "card_shuffle", "card_deal", "discard", "meld", "rummy_call",
          "round_end", "error")
IDLE_POLL = 0.016  # seconds between looks at the event queue while nothing moves (one frame)
SCREENSHOT_ENV = "RUMMY5000_SCREENSHOT_DIR"
SCREENSHOT_WORDS = ("Screenshot saved", "The screenshot could not be saved")  # (the table says them)
AUTOPLAY_SPEED_ENV = "RUMMY5000_AUTOPLAY_SPEED"
SIZE_ENV = "RUMMY5000_WINDOW_SIZE"

T = TypeVar("T")


def _within_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, no bigger than the desktop (as it is, where the desktop is unknown)."""
    try:
        desk = pygame.display.get_desktop_sizes()[0]
        return min(size[0], int(desk[0])), min(size[1], int(desk[1]))
    except (pygame.error, IndexError, AttributeError):
        return size


def shown_folder(folder: Path) -> str:
    """A folder as a player reads it: under the home folder, "~/…"."""
    try:
        return str(Path("~") / folder.resolve().relative_to(Path.home().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(folder)


class Overrides:
    """A settings object with a few values replaced (without touching the saved settings)."""

    def __init__(self, base: Settings, **values: Any):
        object.__setattr__(self, "_base", base)
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name: str) -> Any:
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        return getattr(object.__getattribute__(self, "_base"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__getattribute__(self, "_values")[name] = value


def _prefer_plain_x11_framebuffer() -> None:
    """On X11, show frames with shared-memory images rather than through OpenGL.

    SDL otherwise uploads the whole window as a texture on every update; with software
    OpenGL (virtual machines, remote desktops, Xvfb) that costs 10-15 ms a frame even for
    a small change, against well under 1 ms for the plain X11 path. Set
    ``SDL_FRAMEBUFFER_ACCELERATION`` yourself to choose otherwise.
    """
    if sys.platform.startswith("linux") and os.environ.get("SDL_VIDEODRIVER", "x11") == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _declare_dpi_awareness() -> None:
    """On Windows, draw in the screen's own pixels.

    A program that does not say it knows about display scaling (125 %, 150 % ... on
    most laptops) is drawn small and then stretched by Windows, which blurs every card
    and letter. The table scales itself to the window, so it only needs the real pixels.
    Must run before the video system starts; set ``SDL_WINDOWS_DPI_AWARENESS`` yourself
    to choose otherwise.
    """
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def default_window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The first window: about three quarters of the screen (at least ``DEFAULT_SIZE``,
    so big enough to read), leaving room for the task bar and the title bar."""
    if not desktop:
        return DEFAULT_SIZE
    dw, dh = int(desktop[0]), int(desktop[1])
    w = min(max(DEFAULT_SIZE[0], round(dw * 0.75)), int(dw * 0.92))
    h = min(max(DEFAULT_SIZE[1], round(dh * 0.75)), int(dh * 0.88))
    return (w, h)


# input that may change what a screen shows; the frame after it is drawn
INPUT_EVENTS = frozenset((pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.TEXTINPUT))


class App:
    """The window, the scene stack and the loop."""

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 fullscreen: bool = False, remember_window: bool = False):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        _prefer_plain_x11_framebuffer()
        _declare_dpi_awareness()
        pygame.display.init()
        pygame.font.init()
        self.settings = settings if settings is not None else Settings.load()
        self.text = Text()
        self.card_art = CardArt(four_colour=self.settings.four_colour, back=self.settings.card_back)
        self.stack = SceneStack()
        self.running = True
        self.exit_code = 0
        self.dirty = True
        self.frames = 0
        self.frame_times: list[float] = []   # wall time per drawn frame, while recording
        self.frame_cpu: list[float] = []     # processor time per drawn frame
        self.record_frames = False
        self.fullscreen = False
        # the game proper opens its window as the player left it, and keeps note of it
        self.remember_window = remember_window and size is None and not os.environ.get(SIZE_ENV)
        self._window_saved = self._window_state()
        self.audio = Audio(self.settings)  # silent when there is no sound device
        self._last = time.perf_counter()
        self.clock = pygame.time.Clock()
        self.game_config: dict[str, Any] = {}
        self._last_f_key: dict[int, float] = {}
        # the last press: when, where and on what (see _second_click_dropped)
        self._last_press: tuple[float, tuple[int, int], tuple[Scene, Hashable]] | None = None
        self._drop_release = False
        # the screen each key held down was pressed on (see _repeat_dropped)
        self._keys_held: dict[int, Scene | None] = {}
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "icon.png"))))
        except (pygame.error, FileNotFoundError):
            pass
        pygame.display.set_caption(TITLE)
        self.display = pygame.display.set_mode(self._initial_size(size), pygame.RESIZABLE)
        self.canvas: pygame.Surface | None = None
        self.screen = self.display
        self._sync_surface()
        self.window = None
        try:
            with warnings.catch_warnings():  # the Window of a display-module window
                warnings.simplefilter("ignore", DeprecationWarning)
                self.window = pygame.Window.from_display_module()
            self.window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            self.window = None
        try:
            rate = pygame.display.get_current_refresh_rate()
        except (AttributeError, pygame.error):
            rate = 0
        self.fps = rate if 30 <= rate <= 360 else 60
        pygame.key.set_repeat(300, 40)
        if fullscreen or (self.remember_window and self.settings.fullscreen):
            self.toggle_fullscreen()

    def _window_state(self) -> tuple[list[int], bool]:
        return (list(self.settings.window_size), self.settings.fullscreen)

    def _remembered_size(self) -> tuple[int, int] | None:
        """The window size the player last left (checked when the settings were read),
        no bigger than the desktop now."""
        size = self.settings.window_size
        if not size:
            return None
        return _within_desktop((size[0], size[1]))

    def save_window_state(self) -> None:
        """Write the window's size and full-screen state to the settings if they changed
        (when the game ends); a settings file that cannot be written is only logged."""
        if not self.remember_window or self._window_state() == self._window_saved:
            return
        if self.settings.save_or_log("the window's size"):
            self._window_saved = self._window_state()

    def _initial_size(self, size: tuple[int, int] | None) -> tuple[int, int]:
        env = os.environ.get(SIZE_ENV)
        if size is None and env and "x" in env:
            try:
                a, b = env.lower().split("x")
                size = (int(a), int(b))
            except ValueError:
                size = None
            # no bigger than the screen, as a remembered size (a size past it opened the
            # window partly off the screen, a tester); the dummy driver has no screen to
            # fit, and measurements ask it for sizes of their own
            if size is not None and pygame.display.get_driver() != "dummy":
                size = _within_desktop(size)
        if size is None and self.remember_window:
            size = self._remembered_size()
        if size is None:
            try:
                desk = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError, AttributeError):
                desk = None
            size = default_window_size(desk)
        return (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))

    # ------------------------------------------------------------------ services for scenes
    def invalidate(self) -> None:
        self.dirty = True

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def play_sound(self, name: str) -> None:
        self.audio.play(name)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            if self.window is not None:
                if self.fullscreen:
                    self.window.set_fullscreen(desktop=True)
                else:
                    self.window.set_windowed()
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error:
            self.fullscreen = not self.fullscreen
        if self.remember_window and hasattr(self.settings, "fullscreen"):
            self.settings.fullscreen = self.fullscreen
        self._resized()

    def screenshot(self, path: str | Path | None = None) -> Path:
        if path is None:
            folder = Path(os.environ.get(SCREENSHOT_ENV) or (user_data_dir() / "screenshots"))
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / time.strftime("rummy5000-%Y%m%d-%H%M%S.png")
            n = 1
            while path.exists():
                path = folder / time.strftime(f"rummy5000-%Y%m%d-%H%M%S-{n}.png")
                n += 1
        self.draw()
        pygame.image.save(self.display, str(path))
        return Path(path)

    def _resized(self) -> None:
        self._sync_surface()
        if self.remember_window and not self.fullscreen and hasattr(self.settings, "window_size"):
            w, h = self.display.get_size()
            self.settings.window_size = [int(w), int(h)]
        for s in self.stack.scenes:
            s.resize(self.screen_size)
        self.dirty = True

    def _sync_surface(self) -> None:
        """Point ``screen`` (what the scenes draw on) at the window, or, when the window is
        smaller than ``MIN_SIZE`` (a tiling window manager, or none, may make it so), at a
        canvas of the window's shape that is at least that big: the screens are laid out
        for the canvas, which each frame is scaled down to the window, and the mouse's
        positions are scaled up to it (:meth:`to_canvas`)."""
        self.display = pygame.display.get_surface() or self.display
        w, h = self.display.get_size()
        if w >= MIN_SIZE[0] and h >= MIN_SIZE[1] or w <= 0 or h <= 0:
            self.canvas = None
            self.screen = self.display
            return
        k = max(MIN_SIZE[0] / w, MIN_SIZE[1] / h)
        size = (max(MIN_SIZE[0], round(w * k)), max(MIN_SIZE[1], round(h * k)))
        if self.canvas is None or self.canvas.get_size() != size:
            self.canvas = pygame.Surface(size).convert()
        self.screen = self.canvas

    def to_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position (and motion) in the canvas's pixels when the
        window is scaled (see :meth:`_sync_surface`); other events as they are."""
        if self.canvas is None or not hasattr(event, "pos"):
            return event
        (cw, ch), (w, h) = self.canvas.get_size(), self.display.get_size()
        data = dict(event.dict)
        x, y = event.pos
        data["pos"] = (int(x * cw / w), int(y * ch / h))
        if "rel" in data:
            rx, ry = data["rel"]
            data["rel"] = (round(rx * cw / w), round(ry * ch / h))
        return pygame.event.Event(event.type, data)

    # ------------------------------------------------------------------ games
    @property
    def screen_size(self) -> tuple[int, int]:
        """The size the screens are laid out for: the window's, or the canvas's when the
        window is below the smallest size (see :meth:`_sync_surface`)."""
        return self.screen.get_size()

    @property
    def human_seat(self) -> int | None:
        """The person's seat in the game on the table (None: computer players only)."""
        for s in reversed(self.stack.scenes):
            if s.controller is not None:
                return s.controller.human
        return None

    def apply_settings(self) -> None:
        """Called after a setting changed: card colours and backs, card size, sound."""
        st = self.settings
        self.card_art.configure(four_colour=st.four_colour, back=st.card_back)
        for s in self.stack.scenes:
            s.apply_settings()
        self.dirty = True

    def _show_table(self, scene: TableScene) -> TableScene:
        """The table replaces whatever was on the stack (menus come back at the end)."""
        self.close_scenes()
        self.stack.clear()
        scene.resize(self.screen_size)
        self.stack.push(scene)
        self.dirty = True
        return scene

    def start_game(self, rules: Rules | str | None = None, players: int = 4, names: list[str] | None = None,
                   levels: list[str] | None = None, seed: int | None = None, *,
                   autoplay: bool = False, exit_after: str | None = None, **options: Any) -> TableScene:
        """Deal a new game and show the table.

        ``rules``: a ``Rules`` or a preset name (``options`` then change it). ``levels``:
        one per seat with ``"human"`` for the person, or just the computer seats' levels.
        """
        from .controller import Controller, autosave_path
        from .table import TableScene

        self.game_config = dict(rules=rules, players=players, names=names, levels=levels,
                                autoplay=autoplay, exit_after=exit_after, options=options)
        if not autoplay:
            self._count_left_game()
        settings = self._game_settings(autoplay)
        c = Controller.new(rules, players, names=names, levels=levels, seed=seed, settings=settings,
                           save_path=None if autoplay else autosave_path(), autoplay=autoplay,
                           **options)
        c.autosave(fresh=True)
        return self._show_table(TableScene(self, c, exit_after=exit_after))

    def start_from_command_line(self, preset: str, players: int, seed: int | None = None, *,
                                autoplay: bool = False, exit_after: str | None = None) -> TableScene:
        """:meth:`start_game` for ``--preset``, ``--players``, ``--seed``; the new-game
        screen then opens on that game and table size, as after a game started there (it
        opened on the last game set up on the screen: a tester). Its seats are named and
        levelled as on that screen, and their names and levels stay; its house rules too where
        the game is the same."""
        from .controller import remembered_seats

        settings = self.settings
        last = settings.last_game if isinstance(settings.last_game, dict) else {}
        if autoplay:
            return self.start_game(preset, players, seed=seed, autoplay=True, exit_after=exit_after)
        names, levels = remembered_seats(last, settings.default_level)  # (the seats the screen shows)
        scene = self.start_game(preset, players, names=names[:players], levels=levels[:players], seed=seed,
                                exit_after=exit_after)
        rules = last.get("rules")
        same = isinstance(rules, dict) and rules.get("preset") == preset
        settings.last_game = {**last, **({} if same else {"rules": {"preset": preset}}), "players": players}
        settings.save_or_log("the new game's setup")
        return scene

    def _left_game(self, played: bool = True) -> tuple[GameState, int, list[str | None]] | None:
        """The saved game a new one would end (see :func:`controller.game_in_progress`)."""
        from .controller import game_in_progress

        return game_in_progress(played)

    def _count_left_game(self) -> None:
        """A new game replaces the saved one: if the person had played in it and it was not
        over, the statistics count it as played, not won, and left unfinished."""
        from .stats import Stats, strongest_opponent

        left = self._left_game()
        if left is None:
            return
        g, human, levels = left
        stats = Stats.load()
        stats.record_abandoned(g.rules.preset_name, len(g.results),
                               against=strongest_opponent(levels, human, g.sides()))
        try:
            stats.save()
        except OSError as exc:
            log.warning("the statistics could not be saved: %s", exc)

    def ask_before_ending(self, new_label: str, new_what: str, start_new: Callable[[], Any]) -> None:
        """Run ``start_new`` (which opens another game), first asking whether to end the
        game in progress when there is one, played in or not yet (the command line's
        ``--load``, ``--preset``, ``--seed``...; the new-game screen asks in its own way)."""
        from .menus.replace_game import ReplaceGameScene
        from .rules_text import about_game

        left = self._left_game(played=False)
        if left is None:
            start_new()
            return
        g, human, _ = left
        # (a round already scored, its sheet showing when the game was left: after it)
        about = about_game(g, human)

        def keep() -> None:
            try:
                self.continue_game()
            except Exception as exc:  # the title screen says what is wrong with it
                log.warning("cannot continue the saved game: %s", exc)
                self.close_scenes()
                self.stack.clear()
                self.show_title()

        played = bool(g.results) or bool(g.turns[human])  # (as _left_game counts a game played in)
        self.stack.push(ReplaceGameScene(self, about, new_label, new_what, start_new, keep, counted=played))
        self.dirty = True

    def continue_game(self, path: str | Path | None = None, autoplay: bool = False,
                      exit_after: str | None = None) -> TableScene:
        """Resume a saved game (default: the autosave). Raises RuntimeError if it cannot."""
        from .controller import Controller, autosave_path, is_autosave, newer_seats, set_aside
        from .table import TableScene

        source = Path(path) if path else autosave_path()
        c = Controller.load(source, settings=self._game_settings(autoplay), autoplay=autoplay,
                            save_path=None if autoplay else autosave_path())
        self.game_config = dict(rules=c.g.rules, players=c.g.players,
                                names=[s.name for s in c.seats],
                                levels=["human" if s.is_human else s.level for s in c.seats],
                                autoplay=autoplay, exit_after=exit_after, options={})
        if not autoplay:
            own = is_autosave(source)
            if own and c.recovered:
                kept = set_aside(source, c.recovered.suffix)  # the .bak it went on from stays the good copy
                seats = newer_seats(source)
                c.recovered = replace(c.recovered, kept=kept.name if kept else None,
                                      kept_seats=seats.name if c.recovered.newer and seats.exists() else None)
            if not own:  # another game's file replaces the saved game, as a new game does
                self._count_left_game()
            c.autosave(fresh=not own)
        return self._show_table(TableScene(self, c, exit_after=exit_after))

    def play(self, controller: Controller, exit_after: str | None = None) -> TableScene:
        """Show the table for a game already set up (tests, tools)."""
        from .table import TableScene

        return self._show_table(TableScene(self, controller, exit_after=exit_after))

    def _game_settings(self, autoplay: bool) -> Settings | Overrides:
        if not autoplay:
            return self.settings
        try:
            speed = float(os.environ.get(AUTOPLAY_SPEED_ENV, "0") or 0)
        except ValueError:
            speed = 0.0
        if not 0 <= speed <= 1000:  # (NaN, negative, absurd: no animation)
            speed = 0.0
        return Overrides(self.settings, animation_speed=speed)

    def restart_game(self, scene: Scene | None = None) -> None:
        """A new game like the last one (the "New game" button after a game ends)."""
        cfg = dict(self.game_config)
        options = cfg.pop("options", {}) or {}
        self.start_game(seed=None, **cfg, **options)

    def go_title(self) -> None:
        """Back to the title screen (the game in progress stays saved)."""
        from .menus import go_title

        self.close_scenes()
        go_title(self)
        self.dirty = True

    def show_title(self) -> None:
        from .menus import TitleScene

        self.stack.push(TitleScene(self))
        self.dirty = True

    def close_scenes(self) -> None:
        """Let every scene on the stack close (a table saves its game and stops its
        computer players' threads); the stack itself is left as it is."""
        for scene in list(self.stack.scenes):
            scene.close()

    # ------------------------------------------------------------------ loop
    def _busy(self) -> bool:
        return any(s.busy for s in self.stack.running())

    def _next_wake(self) -> float | None:
        out = None
        for s in self.stack.running():
            w = s.next_wake()
            if w is not None:
                out = w if out is None else min(out, w)
        return out

    def dispatch(self, event: pygame.event.Event) -> None:
        event = self.to_canvas(event)
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                          pygame.WINDOWFOCUSGAINED):
            self.dirty = True
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self._keys_held.clear()  # (a key let go in another window never says so here)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F11, pygame.K_F12):
            # a slow screenshot or mode switch lets key repeat fire: once per press is enough
            now = time.perf_counter()
            if now - self._last_f_key.get(event.key, -1.0) < 0.6:
                self._last_f_key[event.key] = now
                return
            self._last_f_key[event.key] = now
        if event.type == pygame.KEYUP and event.key in (pygame.K_F11, pygame.K_F12):
            self._last_f_key.pop(event.key, None)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F12:
                say = self.stack.top.notify if self.stack.top is not None else None
                if self.stack.top is not None:  # (the last screenshot's words are not in this one)
                    self.stack.top.withdraw(*SCREENSHOT_WORDS)
                try:
                    path = self.screenshot()
                except (OSError, pygame.error) as exc:  # a full disk or a folder it may not write
                    log.warning("the screenshot could not be saved: %s", exc)
                    if say is not None:
                        say(f"{SCREENSHOT_WORDS[1]}: {why_failed(exc)}", "error")
                    return
                if say is not None:  # (the folder too: a player could not guess it, a tester)
                    say(f"{SCREENSHOT_WORDS[0]} in {shown_folder(path.parent)}: {path.name}")
                return
        top = self.stack.top
        if top is not None and self._second_click_dropped(event, top):
            return
        if self._repeat_dropped(event, top):
            return
        if top is not None:
            top.handle(event)
            if event.type in INPUT_EVENTS:
                # a key or a click may change anything on screen: the next frame shows it
                # (a mouse motion only when the scene says so, see ``Scene.handle``)
                self.dirty = True

    def _repeat_dropped(self, event: pygame.event.Event, top: Scene | None) -> bool:
        """Whether ``event`` repeats a key held down since it was pressed on another screen:
        Enter on the title's Continue, held a moment while the game loaded, reached the table
        as a move ("It is Alice's turn": a tester). A key repeats on the screen it was
        pressed on; the next screen hears it once it is pressed again."""
        if event.type == pygame.KEYUP:
            self._keys_held.pop(event.key, None)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in self._keys_held:
            return self._keys_held[event.key] is not top
        self._keys_held[event.key] = top
        return False

    def _second_click_dropped(self, event: pygame.event.Event, top: Scene) -> bool:
        """Whether ``event`` is the second click of a double click (close in time and
        place) whose first click changed what lies under the pointer: opened another
        screen, a question, or turned a button into its own confirmation. That click was
        meant for what the first one hit, so it is dropped, press and release, rather than
        answer what the person has not yet seen; so are the clicks that follow as fast in the
        same place (a triple click). A double click on what stays the same (a card, to
        discard it) goes through."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self._drop_release:
            self._drop_release = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return False
        now = time.perf_counter()
        target = (top, top.target_at(event.pos))  # (the scene itself: an id may be reused)
        last, self._last_press = self._last_press, (now, event.pos, target)
        if last is None or now - last[0] >= DOUBLE_CLICK or last[2] == target:
            return False
        if abs(event.pos[0] - last[1][0]) + abs(event.pos[1] - last[1][1]) > SECOND_CLICK_PX:
            return False
        # the clicks that follow as fast in the same place are the same burst: dropped too
        self._last_press = (now, event.pos, (top, _IN_A_BURST))
        self._drop_release = True
        return True

    def _wait(self, timeout: float) -> list[pygame.event.Event]:
        """Sleep until an event arrives or ``timeout`` seconds pass.

        ``pygame.event.wait`` polls SDL every millisecond (about 2 % of a core while
        idle); checking every ``IDLE_POLL`` seconds costs a tenth of that and keeps input
        latency well under a frame.
        """
        end = time.perf_counter() + timeout
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = end - time.perf_counter()
            if left <= 0:
                return []
            time.sleep(min(IDLE_POLL, left))

    def step(self, block: bool = True) -> None:
        """One turn of the loop: wait (or not), handle events, update, draw if needed."""
        busy = self._busy()
        events: list[pygame.event.Event] = []
        waited = 0.0  # how long the loop meant to sleep: that time counts in full
        if busy or not block:
            events = pygame.event.get()
        else:
            wake = self._next_wake()
            timeout = 1.0 if wake is None else max(0.0, min(1.0, wake))
            if self.dirty:
                events = pygame.event.get()
            else:
                waited = timeout
                events = self._wait(timeout)
        if events and waited:
            # woken from a wait by input: the time that passed before it is played first, so
            # that what the input starts starts now (a meld made by a key after a pause had
            # its cards' flight played out at once: a tester)
            woke = time.perf_counter()
            before = min(woke - self._last, 0.25 + waited)
            self._last = woke
            waited = 0.0
            for s in list(self.stack.running()):
                s.update(before)
        for e in events:
            self.dispatch(e)
            if not self.running:
                return
        now = time.perf_counter()
        # a stall (the window dragged, the machine asleep) is not played as elapsed time
        dt = min(now - self._last, 0.25 + waited)
        self._last = now
        for s in list(self.stack.running()):
            s.update(dt)
        if not self.stack.scenes:
            self.quit(self.exit_code)
            return
        if self.dirty or self._busy():
            self.draw()
        if busy and block:
            fast = any(s.controller is not None and s.controller.fast for s in self.stack.running())
            if not fast:
                self.clock.tick(self.fps)

    def draw(self) -> None:
        t0 = time.perf_counter()
        c0 = time.process_time()
        shown = pygame.display.get_surface()
        if shown is not None and shown.get_size() != self.display.get_size():
            self._resized()  # the window changed and its event has not come yet
        elif shown is not None and shown is not self.display:
            self._sync_surface()
        scenes = self.stack.visible()
        if not scenes:
            self.screen.fill((10, 50, 30))
        for s in scenes:
            s.draw(self.screen)
        if self.canvas is not None:
            try:
                pygame.transform.smoothscale(self.canvas, self.display.get_size(), self.display)
            except ValueError:  # a window of fewer than 24 bits a pixel
                pygame.transform.scale(self.canvas, self.display.get_size(), self.display)
        pygame.display.flip()
        self.dirty = False
        self.frames += 1
        if self.record_frames:
            self.frame_times.append(time.perf_counter() - t0)
            self.frame_cpu.append(time.process_time() - c0)

    def run(self) -> int:
        try:
            while self.running:
                self.step()
        except KeyboardInterrupt:
            self.exit_code = 130
        finally:
            self.close_scenes()
            self.save_window_state()
        return self.exit_code

    def pump(self, steps: int = 1) -> None:
        """Run ``steps`` loop turns without waiting (for tests and benchmarks)."""
        for _ in range(steps):
            if not self.running:
                return
            self.step(block=False)

    def run_until(self, predicate, timeout: float = 10.0) -> bool:
        """Step without waiting until ``predicate()`` is true (or ``timeout`` seconds pass)."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end and self.running:
            if predicate():
                return True
            self.step(block=False)
            time.sleep(0.001)
        return bool(predicate())


# ---------------------------------------------------------------------- self test
def selftest(args: Any = None) -> int:
    """Open the display, load every asset, draw each menu screen, play a short computer
    round, report."""
    lines: list[str] = []
    ok = True

    def check(name: str, fn: Callable[[], T]) -> T | None:
        nonlocal ok
        try:
            result = fn()
        except Exception as exc:  # report, keep going
            ok = False
            lines.append(f"FAIL {name}: {exc}")
            return None
        lines.append(f"ok   {name}" + (f": {result}" if isinstance(result, str) and result else ""))
        return result

    def display() -> str:
        try:
            pygame.display.init()
        except pygame.error:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            pygame.display.init()
        return pygame.display.get_driver()

    check("display", display)
    app = check("window", lambda: App(size=MIN_SIZE, settings=Settings()))
    if app is None:
        print("\n".join(lines))
        return 1

    def fonts() -> str:
        for bold in (False, True):
            f = pygame.font.Font(str(font_path(bold=bold)), 24)
            if any(m is None for m in f.metrics("♣♦♥♠★")):
                raise RuntimeError(f"{font_path(bold=bold).name} lacks a suit symbol")
        return "DejaVuSans, DejaVuSans-Bold (suits and star)"

    def sounds() -> str:
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
        except pygame.error as exc:
            for name in SOUNDS:
                if not sound_path(name).is_file():
                    raise RuntimeError(f"missing {name}.wav") from None
            return f"{len(SOUNDS)} files present (no audio device: {exc})"
        try:
            for name in SOUNDS:
                pygame.mixer.Sound(str(sound_path(name)))
        finally:
            pygame.mixer.quit()
        return f"{len(SOUNDS)} sounds loaded"

    def icon() -> str:
        img = pygame.image.load(str(asset_path("icons", "icon.png")))
        return "x".join(map(str, img.get_size()))

    def card_faces() -> str:
        from game.engine import Card

        art = CardArt()
        cards = [Card.make(r, s) for s in range(4) for r in range(1, 14)] + [Card.joker()]
        for size in ((36, 51), (81, 113), (127, 178)):
            for c in cards:
                art.face(c, size, wild=c.rank == 7)
        for b in ("blue", "red", "green", "black"):
            art.back((81, 113), b)
        return f"{len(cards)} faces at 3 sizes, 4 backs"

    def screens() -> str:
        from . import menus

        surface = pygame.Surface(app.screen_size)
        for kind in (menus.TitleScene, menus.NewGameScene, menus.RulesScene, menus.SettingsScene,
                     menus.StatsScene):
            kind(app).draw(surface)
        return "title, new game, rules, settings, statistics built and drawn"

    def bot_round() -> str:
        scene = app.start_game("rummy5000", 4, seed=7, autoplay=True)
        ok_ = app.run_until(lambda: scene.g.round_done, timeout=60)
        if not ok_:
            raise RuntimeError(f"the round did not finish (phase {scene.g.phase})")
        res = scene.g.results[-1]
        how = f"{scene.c.seats[res.went_out].name} went out" if res.went_out is not None else "stock ran out"
        return f"{len(scene.c.history)} moves, {how}, {app.frames} frames drawn"

    check("fonts", fonts)
    check("sounds", sounds)
    check("icon", icon)
    check("card faces", card_faces)
    check("menu screens", screens)
    check("computer round", bot_round)
    print("Rummy 5000 self-test")
    print("\n".join(lines))
    print("all checks passed" if ok else "SOME CHECKS FAILED")
    pygame.quit()
    return 0 if ok else 1


# ---------------------------------------------------------------------- entry point
CRASH_LOG = "crash.log"


def report_crash(exc: BaseException) -> int:
    """Say what went wrong when an error reached the top: the traceback goes to stderr
    and to ``crash.log`` in the data folder (replacing the one before), and a frozen
    build, which has no console to print to, also says so in a message box. The game is
    saved after every move, so nothing played is lost. Returns the exit code, 1."""
    from game import __version__

    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    print(text, end="", file=sys.stderr)
    where: Path | None = None
    log_file = user_data_dir() / CRASH_LOG
    try:
        log_file.write_text(f"Rummy 5000 {__version__}, {platform.platform()}, Python "
                            f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
                            + text, encoding="utf-8")
        where = log_file
    except OSError:
        pass
    message = "Rummy 5000 met an error it cannot recover from and has to close."
    try:  # (only where there is a game to go on with: it said so on a fresh start, a tester)
        from .controller import autosave_path

        saved = autosave_path().is_file()
    except Exception:
        saved = False
    if saved:
        message += ("\n\nThe game in progress was saved after your last move: Continue on the "
                    "title screen resumes it.")
    if where is not None:
        message += f"\n\nWhat went wrong is written in {where}"
    _tell_frozen(message, "error")
    return 1


def _tell_frozen(message: str, kind: Literal["info", "warn", "error"]) -> None:
    """Show ``message`` in a message box in a frozen build (it has no console to print
    to; from source the terminal has said it). Any failure to show it is ignored."""
    if not getattr(sys, "frozen", False):
        return
    try:
        pygame.display.message_box("Rummy 5000", message, kind)
    except Exception:
        pass


ALREADY_OPEN = 3  # the exit code when the game is already open
HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL's video drivers that show nothing


def already_open() -> int:
    print("rummy5000: the game is already open (a second copy would write over its saved game)",
          file=sys.stderr)
    _tell_frozen("Rummy 5000 is already open in another window.\n\nOnly one can run at a "
                 "time, since both would save over the same game.", "info")
    return ALREADY_OPEN


def main(args: Any = None) -> int:
    """Start the game from the parsed command line (see ``game/__main__.py``); an error
    nothing else handled is reported by :func:`report_crash`."""
    try:
        return _main(args)
    except Exception as exc:
        return report_crash(exc)


def _main(args: Any = None) -> int:
    if args is None:
        args = SimpleNamespace()

    def get(name: str, default: Any = None) -> Any:
        return getattr(args, name, default)

    if get("selftest"):
        return selftest(args)

    def cannot_load(exc: Exception) -> int:
        print(f"rummy5000: cannot load {get('load')}: {str(exc) or type(exc).__name__}", file=sys.stderr)
        pygame.quit()
        return 2

    if get("load"):
        from .controller import read_save

        try:  # a file that cannot be read is reported before a window or a sound opens
            read_save(get("load"))
        except Exception as exc:
            return cannot_load(exc)
    elif any(get(n) is not None for n in ("preset", "players")):
        from game.engine import Rules

        try:  # a bad preset or player count is reported before a window opens (or fails to)
            Rules.preset(get("preset") or "rummy5000").check_players(
                4 if get("players") is None else get("players"))
        except Exception as exc:
            print(f"rummy5000: cannot start the game: {str(exc) or type(exc).__name__}", file=sys.stderr)
            return 2
    from .instance import InstanceLock

    lock = InstanceLock(user_data_dir())
    if not get("autoplay") and not lock.acquire():  # (autoplay saves nothing)
        return already_open()
    try:
        return _run(get, cannot_load)
    finally:
        lock.release()


def _video_driver() -> str | None:
    try:
        return pygame.display.get_driver()
    except pygame.error:  # (the video system is not started)
        return None


def _no_screen() -> bool:
    """Whether SDL, left to choose, found no screen (it then draws off screen: a game nobody
    could see); says so. Asked before the window and the sound start, so the words come
    first, not after the sound system's own complaints (a tester)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return False  # (asked for: tests, benchmarks)
    try:
        pygame.display.init()
    except pygame.error:
        return False  # (the App says why it cannot open a window)
    if _video_driver() not in HEADLESS_DRIVERS:
        return False
    named = [f"{n}={os.environ[n]}" for n in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(n)]
    if named:  # set, but nothing answers there
        print(f"rummy5000: there is no screen to open a window on: {' and '.join(named)} names "
              "a display that cannot be reached (is it running, and may this user use it?)",
              file=sys.stderr)
    else:
        print("rummy5000: there is no screen to open a window on (on Linux: is DISPLAY or "
              "WAYLAND_DISPLAY set?)", file=sys.stderr)
    return True


def _run(get, cannot_load) -> int:
    if _no_screen():
        pygame.quit()
        return 2
    try:
        app = App(remember_window=True)
    except pygame.error as exc:  # (SDL_VIDEODRIVER names a driver this machine lacks, say)
        print(f"rummy5000: cannot open a window: {exc}", file=sys.stderr)
        _tell_frozen(f"Rummy 5000 cannot open a window:\n\n{exc}", "error")
        pygame.quit()
        return 2
    try:
        autoplay = bool(get("autoplay"))  # (autoplay saves nothing, so ends nothing)
        if get("load"):
            from .controller import is_autosave

            def load() -> None:
                app.continue_game(get("load"), autoplay=autoplay, exit_after=get("exit_after"))

            try:
                if autoplay or is_autosave(get("load")):
                    load()
                else:
                    app.ask_before_ending(f"Open {Path(get('load')).name}",
                                          f"Opening {Path(get('load')).name}", load)
            except Exception as exc:
                return cannot_load(exc)
        elif autoplay or any(get(n) is not None for n in ("preset", "players", "seed")):
            players = get("players")
            preset, players = get("preset") or "rummy5000", 4 if players is None else players

            def start() -> None:
                app.start_from_command_line(preset, players, seed=get("seed"), autoplay=autoplay,
                                            exit_after=get("exit_after"))

            try:
                if autoplay:
                    start()
                else:  # (a bad preset or player count was refused before the window opened)
                    from .rules_text import preset_title
                    seed = get("seed")
                    what = (f"A new game of {preset_title(preset)} for {players} players"
                            + (f" (seed {seed})" if seed is not None else ""))
                    app.ask_before_ending("Start the new game", what, start)
            except Exception as exc:  # a bad preset or player count: the engine says why
                print(f"rummy5000: cannot start the game: {str(exc) or type(exc).__name__}", file=sys.stderr)
                pygame.quit()
                return 2
        else:
            app.show_title()
        return app.run()
    finally:
        pygame.quit()


__all__ = ["ALREADY_OPEN", "App", "MIN_SIZE", "Overrides", "main", "report_crash",
           "selftest"]
