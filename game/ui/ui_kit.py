"""A small widget toolkit for the menus: buttons, toggles, cyclers, sliders, text
fields, a scrolling column, text wrapping and the green-felt background.

Every widget has a ``rect`` in screen pixels, ``handle(event) -> bool`` (True
when it used the event), ``draw(surface, theme)``, and for keyboard use
``activate()`` (Enter or Space) and ``adjust(step) -> bool`` (Left/Right).
Callbacks fire on the mouse button's release inside the widget, like desktop
buttons.  Sizes come from a :class:`Theme`, which scales everything to the
window so the menus read the same at 1024x640 and at 1920x1080.

Text is drawn with the bundled DejaVu Sans (it has the suit symbols).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.resources import font_path

if TYPE_CHECKING:
    from pygame.typing import RectLike

# ---------------------------------------------------------------------- colours

FELT = (24, 104, 60)
FELT_LIGHT = (38, 132, 78)
FELT_DARK = (10, 58, 33)
PANEL = (6, 36, 21, 200)
PANEL_EDGE = (214, 180, 92)
INK = (246, 241, 226)
MUTED = (186, 206, 190)
FAINT = (128, 160, 138)
GOLD = (236, 198, 92)
GOLD_DARK = (160, 120, 40)
CREAM = (246, 238, 214)
CREAM_HOVER = (255, 250, 232)
BUTTON_TEXT = (22, 52, 34)
DISABLED = (120, 138, 124)
ERROR = (255, 170, 150)
ERROR_BG = (90, 20, 16, 220)
OK = (160, 230, 170)
SWITCH_ON = (96, 196, 120)
SWITCH_OFF = (70, 86, 76)
# the suits' inks on the cards (the table's, the menus' and the sheets' tiles alike)
BLACK_SUIT = (25, 25, 30)
RED_SUIT = (200, 24, 36)
GREEN_SUIT = (18, 128, 52)  # clubs, with four colours
BLUE_SUIT = (22, 74, 190)  # diamonds, with four colours


# ---------------------------------------------------------------------- fonts and text


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def get_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at ``px`` pixels (cached; rebuilt if pygame was restarted)."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (max(6, int(px)), bool(bold))
    f = _FONTS.get(key)
    if f is not None:
        try:
            f.get_height()  # a font made before pygame.font.quit() is dead
            return f
        except pygame.error:
            _FONTS.clear()
    if len(_FONTS) > 64:
        _FONTS.clear()
    f = _FONTS[key] = pygame.font.Font(str(font_path(bold=bold)), key[0])
    return f


class Theme:
    """Sizes for one window size: ``px(n)`` scales a length designed for 1280x800."""

    BASE = (1280, 800)

    def __init__(self, size: tuple[int, int]):
        w, h = size
        self.size = (int(w), int(h))
        self.scale = max(0.7, min(w / self.BASE[0], h / self.BASE[1], 2.0))

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return get_font(self.px(size), bold)

    # the usual text sizes
    def title_font(self) -> pygame.font.Font:
        return self.font(30, True)


ELLIPSIS = "…"

# control characters (NUL, newline, tab, escape...) become spaces
_CONTROL = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0)], " ")


def safe_text(text: str) -> str:
    """``text`` as the font renderer can take it: control characters (NUL, newlines,
    tabs) become spaces and lone surrogates become "?". Ordinary text comes back as is."""
    if text.isprintable():
        if text.isascii():
            return text
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            pass
        else:
            return text
    return text.translate(_CONTROL).encode("utf-8", "replace").decode("utf-8")


def max_chars(width: float) -> int:
    """How many characters can matter on a line ``width`` pixels wide: every glyph is at
    least a pixel wide, so a longer string cannot fit. Text is cut to this before measuring."""
    return max(200, min(int(width), 8192))


def longest_fit(lo: int, hi: int, fits: Callable[[int], bool]) -> int:
    """The largest ``k`` in ``lo..hi`` for which ``fits(k)``, or ``lo - 1`` if there is none.

    ``fits`` must hold up to some ``k`` and fail beyond it, as the width of a growing prefix
    does. The search steps out from ``lo`` and then halves, so it measures O(log k) strings
    no longer than about ``2 * k``."""
    if lo > hi or not fits(lo):
        return lo - 1
    good, bad, step = lo, hi + 1, 1
    while good + step < bad:
        if not fits(good + step):
            bad = good + step
            break
        good += step
        step *= 2
    while bad - good > 1:
        mid = (good + bad) // 2
        if fits(mid):
            good = mid
        else:
            bad = mid
    return good


def prefix_fits(font: pygame.font.Font, text: str, width: float, tail: str = "") -> Callable[[int], bool]:
    """A test for :func:`longest_fit`: does ``text[:k] + tail`` fit in ``width`` pixels?"""
    return lambda k: font.size(text[:k] + tail)[0] <= width


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (words longer than a line are cut)."""
    lines: list[str] = []
    limit = max_chars(width)
    for para in text.split("\n"):
        words = safe_text(para).split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if len(trial) <= limit and font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            # a single word wider than the line: cut it
            while len(word) > 1 and (len(word) > limit or font.size(word)[0] > width):
                cut = max(1, longest_fit(2, min(len(word), limit), prefix_fits(font, word, width)))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def short_name(name: str, style: int) -> str:
    """A player's name for a line with little room: ``style`` 0 the whole name, 1 the first
    word and the last one's initial ("Anastasia R."), 2 the first word alone, 3 its initial
    ("A.")."""
    words = name.split() or [name]
    if len(words) >= 2 and (words[-1].isdigit() or len(words[-1]) == 1):
        # "Player 2": its number tells it apart, so it stays ("Player 2." was longer, and
        # "Player" the name of every such seat); shorter still, "P2"
        return name if style < 2 else f"{words[0][:1]}{words[-1]}"
    if style >= 3:
        return f"{words[0][:1]}."
    if style == 0 or len(words) < 2:
        return name if style < 2 else words[0]
    return f"{words[0]} {words[-1][0]}." if style == 1 else words[0]


def shortenings(names: Sequence[str], most: int = 3) -> list[list[str]]:
    """``names`` shortened step by step (see :func:`short_name`), the longest first, one
    step of one name at a time, every name to its first word before any to its initial:
    "Wolfgang Amadeus & Ben", "Wolfgang A. & Ben", "Wolfgang & Ben", "W. & Ben", "W. & B."
    (shortening both alike made "Ben" "B." beside a long name: a tester). No name goes
    past ``most``; the first entry is the names whole."""
    styles = [0] * len(names)
    out = [list(names)]
    # words first (down to a first name), and only then initials, the longest first each time
    for limit in sorted({min(2, most), most}):
        while True:
            now = out[-1]
            # each name's next shorter form within ``limit`` (a one-word name has none before its initial)
            nxt = {i: next((s for s in range(styles[i] + 1, limit + 1) if short_name(names[i], s) != now[i]), None)
                   for i in range(len(names))}
            can = [i for i, s in nxt.items() if s is not None]
            if not can:
                break
            i = max(can, key=lambda i: (len(now[i]), -i))
            styles[i] = nxt[i] or 0
            out.append([short_name(n, s) for n, s in zip(names, styles)])
    return out


def fit_text(text: str, font: pygame.font.Font, width: int) -> str:
    """``text``, shortened with an ellipsis if it is wider than ``width``."""
    limit = max_chars(width)
    cut = safe_text(text[:limit])
    if len(text) <= limit and font.size(cut)[0] <= width:
        return cut
    k = longest_fit(0, len(cut), prefix_fits(font, cut, width, ELLIPSIS))
    return cut[:max(0, k)].rstrip() + ELLIPSIS  # (no space before the ellipsis)


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    color: Sequence[int],
    pos: tuple[int, int],
    anchor: str = "topleft",
    shadow: bool = False,
    body: bool = True,
) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute name such as ``center``.
    ``body=False`` draws only the shadow (for text whose letters go on top of something
    drawn after it); the rect is the text's either way."""
    text = safe_text(text)
    img = font.render(text, True, color)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        sh = font.render(text, True, (0, 0, 0))
        sh.set_alpha(110)
        off = max(1, font.get_height() // 18)
        surface.blit(sh, rect.move(off, off))
    if body:
        surface.blit(img, rect)
    return rect


def draw_paragraph(
    surface: pygame.Surface, text: str, font: pygame.font.Font, color: Sequence[int],
    rect: pygame.Rect, line_gap: float = 1.25,
) -> int:
    """Draw wrapped text from ``rect.topleft``; returns the height used."""
    y = rect.y
    step = round(font.get_linesize() * line_gap / 1.25)
    for line in wrap_text(text, font, rect.width):
        draw_text(surface, line, font, color, (rect.x, y))
        y += step
    return y - rect.y


def paragraph_height(text: str, font: pygame.font.Font, width: int, line_gap: float = 1.25) -> int:
    step = round(font.get_linesize() * line_gap / 1.25)
    return step * len(wrap_text(text, font, width))


# ---------------------------------------------------------------------- shapes


def rounded_rect(
    surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect, radius: int, width: int = 0
) -> None:
    """A rounded rectangle; colours with alpha are blended."""
    if len(color) == 4 and color[3] < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, color, layer.get_rect(), width, border_radius=radius)
        surface.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(surface, color[:3], rect, width, border_radius=radius)


def panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, edge: bool = True) -> None:
    """A dark translucent panel with a thin gold edge."""
    shadow = rect.move(theme.px(4), theme.px(6))
    rounded_rect(surface, (0, 0, 0, 70), shadow, theme.px(14))
    rounded_rect(surface, PANEL, rect, theme.px(14))
    if edge:
        rounded_rect(surface, PANEL_EDGE, rect, theme.px(14), max(1, theme.px(1.5)))


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    # a soft radial light: drawn small, then smoothly scaled up
    small = pygame.Surface((64, 40))
    small.fill(FELT_DARK)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        c = [round(FELT_DARK[k] + (FELT_LIGHT[k] - FELT_DARK[k]) * t ** 1.4) for k in range(3)]
        rw, rh = round(96 * (1 - t) + 8), round(64 * (1 - t) + 5)
        pygame.draw.ellipse(small, c, pygame.Rect(32 - rw // 2, 17 - rh // 2, rw, rh))
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h))).convert() \
        if pygame.display.get_init() and pygame.display.get_surface() else \
        pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    # fine grain, like cloth
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    rng = random.Random(5000)
    for y in range(96):
        for x in range(96):
            v = rng.randrange(0, 2)
            a = rng.randrange(6, 18)
            tile.set_at((x, y), (255, 255, 255, a) if v else (0, 0, 0, a))
    for ty in range(0, h, 96):
        for tx in range(0, w, 96):
            surf.blit(tile, (tx, ty))
    return surf


def draw_felt(surface: pygame.Surface) -> None:
    """Fill ``surface`` with the green table felt."""
    surface.blit(_felt(surface.get_size()), (0, 0))


JOKER_INK = (120, 30, 160)
WILD_TILE = (255, 236, 170)


def suit_colour(suit: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink of a suit on a card (4: a joker): the table's cards use it too."""
    if suit == 4:
        return JOKER_INK
    if four_colour:
        return (GREEN_SUIT, BLUE_SUIT, RED_SUIT, BLACK_SUIT)[suit]
    return (BLACK_SUIT, RED_SUIT, RED_SUIT, BLACK_SUIT)[suit]


def card_tiles(cards: Sequence[tuple[str, int, bool]], font: pygame.font.Font, width: int,
               four_colour: bool = False) -> tuple[pygame.Surface, int]:
    """Cards as small light tiles in one line no wider than ``width``: each ``(text, suit,
    wild)`` is its text ("K♠", "Jk") in the suit's ink, a wild card on gold with a gold rim.
    Cards that do not fit give way to a count ("+5") after the last tile. Returns the
    line and how many cards it shows as tiles."""
    pad, gap = max(2, font.get_height() // 5), max(2, font.get_height() // 5)
    h = font.get_linesize() + 2
    imgs = [(font.render(safe_text(text), True, suit_colour(suit, four_colour)), wild)
            for text, suit, wild in cards]
    widths = [img.get_width() + 2 * pad for img, _ in imgs]
    shown = len(imgs)
    while shown and sum(widths[:shown]) + gap * shown + (
            font.size(f"+{len(imgs) - shown}")[0] + 2 * pad if shown < len(imgs) else 0) > width:
        shown -= 1
    out = pygame.Surface((max(1, width), h), pygame.SRCALPHA)
    x = 0
    radius = max(2, h // 5)
    for (img, wild), w in zip(imgs[:shown], widths):
        r = pygame.Rect(x, 0, w, h)
        pygame.draw.rect(out, WILD_TILE if wild else CREAM, r, border_radius=radius)
        if wild:
            pygame.draw.rect(out, GOLD_DARK, r, max(1, h // 9), border_radius=radius)
        out.blit(img, img.get_rect(center=r.center))
        x += w + gap
    if shown < len(imgs):
        img = font.render(f"+{len(imgs) - shown}", True, INK)
        out.blit(img, img.get_rect(midleft=(x + pad, h // 2)))
    return out, shown


# ---------------------------------------------------------------------- widgets


def _pos(event: pygame.event.Event) -> tuple[int, int] | None:
    return getattr(event, "pos", None)


def drag_lost(event: pygame.event.Event) -> bool:
    """Whether ``event`` ends a mouse drag whose release the window never saw: the focus
    went to another window, or a motion comes with the left button already up (it was let
    go outside the window). Used by the sliders, the scroll bars and the table."""
    if event.type == pygame.WINDOWFOCUSLOST:
        return True
    held = getattr(event, "buttons", None) if event.type == pygame.MOUSEMOTION else None
    return held is not None and not held[0]


class Widget:
    """Base of every widget."""

    focusable = True
    # a click changes the widget's own value and opens nothing (an arrow, a switch, a
    # slider): quick clicks on it are each a click (see ``MenuScene.target_at``)
    steps_in_place = False

    def __init__(self, rect: RectLike | None = None, *, enabled: bool = True, name: str = ""):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.hover = False
        self.focused = False
        self.pressed = False
        self.name = name

    def hit(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.visible and self.rect.collidepoint(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(_pos(event))
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            pos = _pos(event)
            if pos is not None and self.hit(pos):
                self.pressed = True
                self.on_press(pos)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self.pressed:
                self.pressed = False
                pos = _pos(event)
                if pos is not None and self.hit(pos):
                    self.on_click(pos)
                return True
        return False

    def cancel(self) -> None:
        self.pressed = False

    def on_press(self, pos: tuple[int, int]) -> None:
        """The mouse button went down on the widget."""

    def on_click(self, pos: tuple[int, int]) -> None:
        """A full click (press and release inside)."""

    def activate(self) -> None:
        """Enter or Space while focused."""

    def adjust(self, step: int) -> bool:
        """Left (-1) or Right (+1) while focused; True if something changed."""
        return False

    @property
    def editing(self) -> bool:
        """True while the widget takes every key (a text field being typed in)."""
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        pass

    def focus_ring(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect | None = None) -> None:
        if self.focused:
            r = (rect or self.rect).inflate(theme.px(6), theme.px(6))
            rounded_rect(surface, GOLD, r, theme.px(10), max(2, theme.px(2)))


class Button(Widget):
    """A push button.  ``primary`` buttons are gold."""

    def __init__(self, label: str, on_click: Callable[[], object] | None = None, rect: RectLike | None = None, *,
                 primary: bool = False, enabled: bool = True, size: float = 18, name: str = ""):
        super().__init__(rect, enabled=enabled, name=name or label)
        self.label = label
        self.callback = on_click
        self.primary = primary
        self.size = size

    def on_click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        if self.enabled and self.callback is not None:
            self.callback()

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = min(theme.px(10), r.height // 2)
        if self.enabled:
            rounded_rect(surface, (0, 0, 0, 80), r.move(0, theme.px(3)), radius)
        if not self.enabled:
            face, text = (70, 96, 80), DISABLED
        elif self.primary:
            face = (250, 214, 110) if (self.hover or self.focused) else GOLD
            text = BUTTON_TEXT
        else:
            face = CREAM_HOVER if (self.hover or self.focused) else CREAM
            text = BUTTON_TEXT
        body = r.move(0, theme.px(1)) if self.pressed else r
        rounded_rect(surface, face, body, radius)
        if self.enabled:
            rounded_rect(surface, GOLD_DARK if self.primary else (200, 186, 150), body, radius, 1)
        font = theme.font(self.size, True)
        draw_text(surface, fit_text(self.label, font, r.width - theme.px(12)), font, text, body.center,
                  "center")
        self.focus_ring(surface, theme)


class Toggle(Widget):
    """An on/off switch with its state written beside it."""

    steps_in_place = True

    def __init__(self, value: bool, on_change: Callable[[bool], object] | None = None, rect: RectLike | None = None,
                 *, enabled: bool = True, name: str = "", on_text: str = "On", off_text: str = "Off"):
        super().__init__(rect, enabled=enabled, name=name)
        self.value = bool(value)
        self.on_change = on_change
        self.on_text, self.off_text = on_text, off_text

    def set(self, value: bool) -> None:
        value = bool(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def on_click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.value)

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        want = step > 0
        if want != self.value:
            self.set(want)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        r = self.rect
        h = min(r.height, theme.px(26))
        w = round(h * 1.9)
        track = pygame.Rect(0, 0, w, h)
        track.midright = (r.right, r.centery)
        on = self.value
        colour = SWITCH_ON if on else SWITCH_OFF
        if not self.enabled:
            colour = (60, 74, 66)
        rounded_rect(surface, colour, track, h // 2)
        if self.hover and self.enabled:
            rounded_rect(surface, GOLD, track, h // 2, 1)
        knob_r = h // 2 - max(2, h // 10)
        kx = track.right - h // 2 if on else track.left + h // 2
        pygame.draw.circle(surface, (0, 0, 0), (kx, track.centery + 1), knob_r)
        pygame.draw.circle(surface, CREAM if self.enabled else DISABLED, (kx, track.centery), knob_r)
        font = theme.font(15, True)
        text = self.on_text if on else self.off_text
        draw_text(surface, text, font, (INK if on else MUTED) if self.enabled else DISABLED,
                  (track.left - theme.px(8), r.centery), "midright")
        self.focus_ring(surface, theme, track)


class Cycler(Widget):
    """Steps through a list of choices: ``‹ label ›``.  The arrows step back and forth.
    Without ``wrap`` it stops at the ends, and a step past one calls ``on_limit(step)``
    (-1 before the first choice, +1 after the last), so the screen can say why."""

    steps_in_place = True

    def __init__(self, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], object] | None = None, rect: RectLike | None = None, *,
                 enabled: bool = True, name: str = "", wrap: bool = True, size: float = 16,
                 on_limit: Callable[[int], object] | None = None):
        super().__init__(rect, enabled=enabled, name=name)
        self.choices = list(choices)
        if not any(v == value for v, _ in self.choices):
            self.choices.append((value, str(value)))
        self.value = value
        self.on_change = on_change
        self.on_limit = on_limit
        self.wrap = wrap
        self.size = size
        self.resting_label: str | None = None  # shown instead of the value while not enabled

    @property
    def index(self) -> int:
        for i, (v, _) in enumerate(self.choices):
            if v == self.value:
                return i
        return 0

    @property
    def label(self) -> str:
        return self.choices[self.index][1]

    def set(self, value: Any) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def step(self, step: int) -> bool:
        if not self.enabled or not self.choices:
            return False
        i = self.index + step
        if self.wrap:
            i %= len(self.choices)
        elif not 0 <= i < len(self.choices):
            if self.on_limit is not None:
                self.on_limit(1 if step > 0 else -1)
            return False
        old = self.value
        self.set(self.choices[i][0])
        return self.value != old

    def arrow_width(self) -> int:
        return min(self.rect.height, max(18, self.rect.width // 6))

    def on_click(self, pos: tuple[int, int]) -> None:
        self.step(-1 if pos[0] < self.rect.x + self.arrow_width() else 1)

    def activate(self) -> None:
        self.step(1)

    def adjust(self, step: int) -> bool:
        return self.step(step)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        r = self.rect
        radius = min(theme.px(8), r.height // 2)
        face = (16, 64, 38) if self.enabled else (30, 52, 40)
        rounded_rect(surface, face, r, radius)
        edge = GOLD if (self.hover and self.enabled) else (92, 140, 108)
        rounded_rect(surface, edge, r, radius, 1)
        aw = self.arrow_width()
        font = theme.font(self.size, True)
        colour = INK if self.enabled else DISABLED
        arrows = theme.font(self.size + 4, True)
        acol = GOLD if self.enabled else DISABLED
        draw_text(surface, "‹", arrows, acol, (r.x + aw // 2, r.centery - theme.px(1)), "center")
        draw_text(surface, "›", arrows, acol, (r.right - aw // 2, r.centery - theme.px(1)), "center")
        shown = self.label if self.enabled or self.resting_label is None else self.resting_label
        text = fit_text(shown, font, r.width - 2 * aw)
        draw_text(surface, text, font, colour, r.center, "center")
        self.focus_ring(surface, theme)


class Slider(Widget):
    """A horizontal slider from ``lo`` to ``hi`` in steps of ``step``."""

    steps_in_place = True

    def __init__(self, lo: float, hi: float, step: float, value: float,
                 on_change: Callable[[float], object] | None = None, rect: RectLike | None = None, *,
                 fmt: Callable[[float], str] = lambda v: f"{v:g}", enabled: bool = True,
                 name: str = ""):
        super().__init__(rect, enabled=enabled, name=name)
        self.lo, self.hi, self.step_size = lo, hi, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.dragging = False

    def _snap(self, v: float) -> float:
        v = min(self.hi, max(self.lo, v))
        n = round((v - self.lo) / self.step_size)
        return round(self.lo + n * self.step_size, 6)

    def set(self, value: float) -> None:
        value = self._snap(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def track_rect(self, theme: Theme | None = None) -> pygame.Rect:
        r = self.rect
        text_w = max(40, r.width // 5)
        return pygame.Rect(r.x + r.height // 3, r.centery - 3, r.width - text_w - r.height // 3, 6)

    def _value_at(self, x: int) -> float:
        t = self.track_rect()
        f = (x - t.left) / max(1, t.width)
        return self.lo + max(0.0, min(1.0, f)) * (self.hi - self.lo)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.dragging and drag_lost(event):
            self.dragging = False  # the knob stays where it was last moved to
        if self.enabled and self.dragging and event.type == pygame.MOUSEMOTION:
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
        return super().handle(event)

    def on_press(self, pos: tuple[int, int]) -> None:
        self.dragging = True
        self.set(self._value_at(pos[0]))

    def cancel(self) -> None:
        super().cancel()
        self.dragging = False

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        old = self.value
        self.set(self.value + step * self.step_size)
        return self.value != old

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        t = self.track_rect()
        t = pygame.Rect(t.x, self.rect.centery - theme.px(3), t.width, theme.px(6))
        rounded_rect(surface, SWITCH_OFF, t, t.height // 2)
        f = (self.value - self.lo) / ((self.hi - self.lo) or 1)
        filled = pygame.Rect(t.x, t.y, round(t.width * f), t.height)
        if filled.width:
            rounded_rect(surface, SWITCH_ON if self.enabled else DISABLED, filled, t.height // 2)
        kx = t.x + round(t.width * f)
        kr = theme.px(10)
        pygame.draw.circle(surface, (0, 0, 0), (kx, t.centery + 1), kr)
        pygame.draw.circle(surface, GOLD if (self.hover or self.dragging) and self.enabled else CREAM,
                           (kx, t.centery), kr)
        font = theme.font(15, True)
        draw_text(surface, self.fmt(self.value), font, INK if self.enabled else DISABLED,
                  (self.rect.right, self.rect.centery), "midright")
        self.focus_ring(surface, theme)


SELECTION = (150, 190, 245)


CARET_BLINK_MS = 500  # the text caret shows, then hides, for this long each


class TextInput(Widget):
    """A one-line text field: click (or Enter) to type, Enter or Escape to finish.
    Ctrl+A (Cmd+A) selects the whole text: typing then replaces it, Backspace or Delete
    clears it, an arrow key or Home/End lets it go."""

    def __init__(self, text: str, on_change: Callable[[str], object] | None = None, rect: RectLike | None = None, *,
                 max_len: int = 16, placeholder: str = "", enabled: bool = True, name: str = "",
                 on_limit: Callable[[], object] | None = None):
        super().__init__(rect, enabled=enabled, name=name)
        self.text = text
        self.on_change = on_change
        self.max_len = max_len
        self.on_limit = on_limit  # called when typing goes past max_len (to say so)
        self.placeholder = placeholder
        self._editing = False
        self._before = text
        self.selected = False  # the whole text is selected (Ctrl+A)

    @property
    def editing(self) -> bool:
        return self._editing

    def start(self) -> None:
        if not self.enabled:
            return
        self._editing = True
        self.selected = False
        self._before = self.text
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        except pygame.error:
            pass

    def finish(self, keep: bool = True) -> None:
        if not self._editing:
            return
        self._editing = False
        self.selected = False
        if not keep:
            self.text = self._before
        self.text = self.text.strip() or self._before.strip() or self.placeholder
        if self.on_change is not None:
            self.on_change(self.text)

    def on_click(self, pos: tuple[int, int]) -> None:
        if not self._editing:
            self.start()

    def activate(self) -> None:
        if self._editing:
            self.finish()
        else:
            self.start()

    def handle(self, event: pygame.event.Event) -> bool:
        if self._editing:
            if event.type == pygame.TEXTINPUT:
                if self.selected:
                    self.text, self.selected = "", False
                room = self.max_len - len(self.text)
                if room > 0:
                    self.text += event.text[:room]
                if len(event.text) > room and self.on_limit is not None:
                    self.on_limit()
                return True
            if event.type == pygame.KEYDOWN:
                mod = getattr(event, "mod", 0)
                if event.key == pygame.K_a and mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI):
                    self.selected = bool(self.text)
                elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
                    self.text, self.selected = "", False
                elif event.key == pygame.K_BACKSPACE:
                    self.text = self.text[:-1]
                elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
                                   pygame.K_UP, pygame.K_DOWN):
                    self.selected = False
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                    self.finish()
                elif event.key == pygame.K_ESCAPE:
                    self.finish(keep=False)
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and not self.hit(_pos(event)):
                self.finish()
                return False  # let the click reach what it was aimed at
        return super().handle(event)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        r = self.rect
        radius = min(theme.px(6), r.height // 2)
        face = (250, 246, 232) if self._editing else (16, 64, 38)
        rounded_rect(surface, face, r, radius)
        edge = GOLD if (self._editing or self.hover) else (92, 140, 108)
        rounded_rect(surface, edge, r, radius, max(1, theme.px(1.5)) if self._editing else 1)
        font = theme.font(16)
        colour = BUTTON_TEXT if self._editing else INK
        text = self.text
        if not text and not self._editing:
            text, colour = self.placeholder, FAINT
        pad = theme.px(8)
        shown = fit_text(text, font, r.width - 2 * pad - theme.px(4))
        if self._editing and self.selected:
            tw, th = font.size(shown)
            mark = pygame.Rect(r.x + pad - 2, r.centery - th // 2, tw + 4, th)
            rounded_rect(surface, SELECTION, mark, theme.px(3))
        tr = draw_text(surface, shown, font, colour, (r.x + pad, r.centery), "midleft")
        if self._editing and not self.selected and int(pygame.time.get_ticks() / CARET_BLINK_MS) % 2 == 0:
            x = tr.right + 1
            pygame.draw.line(surface, BUTTON_TEXT, (x, r.y + theme.px(5)), (x, r.bottom - theme.px(5)), 2)
        self.focus_ring(surface, theme)


class Row(Widget):
    """A setting row: a label (and a one-line explanation) on the left, a control on the right."""

    def __init__(self, label: str, control: Widget, help: str = "", rect: RectLike | None = None, *,
                 control_width: int = 0, name: str = ""):
        self.control = control
        enabled = control.enabled
        super().__init__(rect, name=name or control.name)
        control.enabled = enabled
        self.label = label
        self.help = help
        self.note: str | None = None  # shown instead of the help while the control is greyed
        self.control_width = control_width
        self.changed = False  # drawn with a gold bar: differs from the preset
        self.blamed = False   # drawn with a red bar: named by the current error

    @property
    def focusable(self) -> bool:  # type: ignore[override]
        return self.control.focusable

    @property
    def enabled(self) -> bool:
        """The control's: a greyed control's row is skipped by the keyboard focus."""
        return self.control.enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self.control.enabled = value

    @property
    def editing(self) -> bool:
        return self.control.editing

    def place(self, rect: pygame.Rect, theme: Theme) -> None:
        self.rect = pygame.Rect(rect)
        cw = self.control_width or max(theme.px(150), rect.width * 2 // 5)
        ch = min(rect.height - theme.px(8), theme.px(34))
        self.control.rect = pygame.Rect(rect.right - cw - theme.px(8), rect.centery - ch // 2, cw, ch)

    def text_width(self, width: int, theme: Theme) -> int:
        cw = self.control_width or max(theme.px(150), width * 2 // 5)
        return width - cw - theme.px(38)

    HELP_LINES = 3  # (a longer help is cut short on its last line)

    def help_lines(self, width: int, theme: Theme, text: str | None = None) -> list[str]:
        """The help (or ``text``) wrapped to at most three lines, the last cut short."""
        text = self.help if text is None else text
        if not text:
            return []
        font = theme.font(13)
        lines = wrap_text(text, font, self.text_width(width, theme))
        n = self.HELP_LINES
        if len(lines) > n:
            lines = lines[:n - 1] + [fit_text(" ".join(lines[n - 1:]), font, self.text_width(width, theme))]
        return lines

    def shown_lines(self, width: int, theme: Theme) -> list[str]:
        """The lines under the label: the help, or while greyed the note (the row has
        room for the longer of the two, so it keeps its height)."""
        if self.note and not self.control.enabled:
            return self.help_lines(width, theme, self.note)
        return self.help_lines(width, theme)

    def measure(self, width: int, theme: Theme, minimum: int = 0) -> int:
        """The height the row needs at ``width``: its label and the lines of its help or
        of its note, whichever is longer."""
        lines = max(len(self.help_lines(width, theme)),
                    len(self.help_lines(width, theme, self.note)) if self.note else 0)
        h = theme.font(16, True).get_linesize() + lines * theme.font(13).get_linesize() + theme.px(14)
        return max(minimum, h)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(_pos(event))
        return self.control.handle(event)

    def cancel(self) -> None:
        self.control.cancel()

    def activate(self) -> None:
        self.control.activate()

    def adjust(self, step: int) -> bool:
        return self.control.adjust(step)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        r = self.rect
        if self.hover or self.focused:
            rounded_rect(surface, (255, 255, 255, 16), r, theme.px(8))
        text_w = self.text_width(r.width, theme)
        lf = theme.font(16, True)
        colour = INK if self.control.enabled else DISABLED
        x = r.x + theme.px(10)
        lines = self.shown_lines(r.width, theme)
        if lines:
            hf = theme.font(13)
            total = lf.get_linesize() + len(lines) * hf.get_linesize()
            y = r.centery - total // 2
            draw_text(surface, fit_text(self.label, lf, text_w), lf, colour, (x, y))
            y += lf.get_linesize()
            for line in lines:
                draw_text(surface, line, hf, MUTED if self.control.enabled else DISABLED, (x, y))
                y += hf.get_linesize()
        else:
            draw_text(surface, fit_text(self.label, lf, text_w), lf, colour, (x, r.centery), "midleft")
        if self.changed or self.blamed:
            bar = pygame.Rect(r.x, r.y + theme.px(6), max(2, theme.px(4)), r.height - theme.px(12))
            rounded_rect(surface, (235, 90, 70) if self.blamed else GOLD, bar, bar.width // 2)
        focused = self.control.focused
        self.control.focused = self.focused
        self.control.draw(surface, theme)
        self.control.focused = focused


class Heading(Widget):
    """A group heading inside a scrolling column."""

    focusable = False

    def __init__(self, text: str, rect: RectLike | None = None):
        super().__init__(rect)
        self.text = text

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        font = theme.font(19, True)
        r = self.rect
        tr = draw_text(surface, self.text, font, GOLD, (r.x + theme.px(4), r.bottom - theme.px(6)),
                       "bottomleft")
        y = r.bottom - theme.px(4)
        pygame.draw.line(surface, (150, 130, 70), (tr.x, y), (r.right - theme.px(4), y), 1)


class TextBlock(Widget):
    """Wrapped paragraph text inside a scrolling column (height set by :meth:`measure`)."""

    focusable = False

    def __init__(self, text: str, *, size: float = 16, color: Sequence[int] = INK, bold: bool = False,
                 bullet: bool = False):
        super().__init__()
        self.text, self.size, self.color, self.bold, self.bullet = text, size, color, bold, bullet

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def measure(self, width: int, theme: Theme) -> int:
        font = theme.font(self.size, self.bold)
        indent = theme.px(18) if self.bullet else 0
        return paragraph_height(self.text, font, width - indent) + theme.px(8)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        font = theme.font(self.size, self.bold)
        r = self.rect
        indent = theme.px(18) if self.bullet else 0
        if self.bullet:
            pygame.draw.circle(surface, GOLD, (r.x + theme.px(6), r.y + font.get_height() // 2 + 1),
                               max(2, theme.px(3)))
        draw_paragraph(surface, self.text, font, self.color,
                       pygame.Rect(r.x + indent, r.y, r.width - indent, r.height))


class ScrollView:
    """A clipped column of items that scrolls with the wheel, the scroll bar or the keyboard.

    Items are widgets whose ``base`` rect is in content coordinates (0 = top of the
    content); :meth:`layout` turns them into screen rects for the current offset.
    """

    def __init__(self, rect: RectLike | None = None):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.items: list[tuple[Widget, pygame.Rect]] = []
        self.offset = 0
        self.content_height = 0
        self.dragging: int | None = None
        self.line = 40

    def clear(self) -> None:
        self.items = []
        self.content_height = 0

    def add(self, widget: Widget, base: pygame.Rect) -> Widget:
        self.items.append((widget, pygame.Rect(base)))
        self.content_height = max(self.content_height, base.bottom)
        return widget

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def scroll_to(self, offset: float) -> None:
        self.offset = int(max(0, min(self.max_offset, offset)))
        self.layout()

    def scroll(self, dy: float) -> None:
        self.scroll_to(self.offset + dy)

    def place(self) -> tuple[int, float]:
        """Where the view is, to be kept when it is built anew at another size (the same
        items, other heights): the item at its top and how far into it, or ``(-1, 0.0)``
        at the very end. A kept offset in pixels showed another part of a list."""
        if self.max_offset and self.offset >= self.max_offset:
            return -1, 0.0
        for i, (_, base) in enumerate(self.items):
            if base.bottom > self.offset:
                return i, (self.offset - base.top) / max(1, base.height)
        return 0, 0.0

    def go_to(self, place: tuple[int, float]) -> None:
        """Back to a :meth:`place` (of a view of the same items)."""
        i, part = place
        if i < 0:
            self.scroll_to(self.max_offset)
        elif i < len(self.items):
            base = self.items[i][1]
            self.scroll_to(base.top + part * base.height)

    def layout(self) -> None:
        for widget, base in self.items:
            new = base.move(self.rect.x, self.rect.y - self.offset)
            if isinstance(widget, Row):
                dx, dy = new.x - widget.rect.x, new.y - widget.rect.y
                widget.rect = new
                widget.control.rect.move_ip(dx, dy)
            else:
                widget.rect = new

    def ensure_visible(self, widget: Widget) -> None:
        for w, base in self.items:
            if w is widget:
                margin = self.line // 2
                if base.top - margin < self.offset:
                    self.scroll_to(base.top - margin)
                elif base.bottom + margin > self.offset + self.rect.height:
                    self.scroll_to(base.bottom + margin - self.rect.height)
                return

    def contains(self, widget: Widget) -> bool:
        return any(w is widget for w, _ in self.items)

    def widgets(self) -> list[Widget]:
        return [w for w, _ in self.items]

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        if self.max_offset <= 0:
            return None
        w = max(6, self.rect.width // 80)
        track = pygame.Rect(self.rect.right - w, self.rect.y, w, self.rect.height)
        h = max(30, round(self.rect.height * self.rect.height / self.content_height))
        y = self.rect.y + round((self.rect.height - h) * self.offset / self.max_offset)
        return track, pygame.Rect(track.x, y, w, h)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * self.line * 1.5)
            return True
        pos = _pos(event)
        bar = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (4, 5):
            if pos is not None and self.rect.collidepoint(pos):
                self.scroll(self.line * (1 if event.button == 5 else -1))
                return True
        if bar and pos is not None and event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            track, thumb = bar
            if track.inflate(8, 0).collidepoint(pos):
                if thumb.collidepoint(pos):
                    self.dragging = pos[1] - thumb.y
                else:
                    self.scroll(self.rect.height * (1 if pos[1] > thumb.y else -1))
                return True
        if self.dragging is not None and drag_lost(event):
            self.dragging = None  # the thumb stays where it was last moved to
        if self.dragging is not None:
            if event.type == pygame.MOUSEMOTION and pos is not None:
                track, thumb = bar or (self.rect, self.rect)
                room = track.height - thumb.height
                if room > 0:
                    self.scroll_to((pos[1] - self.dragging - track.y) / room * self.max_offset)
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                self.dragging = None
                return True
        inside = pos is None or self.rect.collidepoint(pos)
        used = False
        for widget, _ in self.items:
            if inside:
                used = widget.handle(event) or used
            elif event.type == pygame.MOUSEBUTTONUP:
                widget.cancel()
            elif event.type == pygame.MOUSEMOTION:
                widget.hover = False
                if isinstance(widget, Row):
                    widget.control.hover = False
            if used and event.type != pygame.MOUSEMOTION:
                break
        return used

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        old = surface.get_clip()
        surface.set_clip(self.rect.clip(old) if old else self.rect)
        for widget, _ in self.items:
            if widget.visible and widget.rect.colliderect(self.rect):
                widget.draw(surface, theme)
        surface.set_clip(old)
        bar = self._bar()
        if bar:
            track, thumb = bar
            rounded_rect(surface, (0, 0, 0, 70), track, track.width // 2)
            rounded_rect(surface, GOLD if self.dragging is not None else (190, 200, 180), thumb,
                         thumb.width // 2)
        # soft edges hint that there is more above or below
        if self.offset > 0:
            _fade(surface, pygame.Rect(self.rect.x, self.rect.y, self.rect.width - 10, theme.px(14)), True)
        if self.offset < self.max_offset:
            _fade(surface, pygame.Rect(self.rect.x, self.rect.bottom - theme.px(14),
                                       self.rect.width - 10, theme.px(14)), False)


def _fade(surface: pygame.Surface, rect: pygame.Rect, top: bool) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    h = rect.height
    for i in range(h):
        a = round(90 * (1 - i / h)) if top else round(90 * (i / h))
        pygame.draw.line(layer, (0, 0, 0, a), (0, i), (rect.width, i))
    surface.blit(layer, rect.topleft)


class FocusRing:
    """Keyboard focus over a list of widgets: Up/Down/Tab move, Left/Right adjust, Enter/Space activate."""

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.index = -1
        self.on_move: Callable[[Widget], object] | None = None

    def set(self, widgets: Sequence[Widget], keep: Widget | None = None) -> None:
        current = keep or self.current
        self.widgets = [w for w in widgets if w.focusable]
        for w in self.widgets:
            w.focused = False
        self.index = -1
        if current is not None:
            for i, w in enumerate(self.widgets):
                if w is current or (w.name and w.name == current.name):
                    self.index = i
                    w.focused = True
                    break

    @property
    def current(self) -> Widget | None:
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def focus(self, widget: Widget | None) -> None:
        for i, w in enumerate(self.widgets):
            w.focused = w is widget
            if w is widget:
                self.index = i
        if widget is None:
            self.index = -1
        elif self.on_move is not None:
            self.on_move(widget)

    def move(self, step: int) -> None:
        usable = [i for i, w in enumerate(self.widgets) if w.enabled and w.visible]
        if not usable:
            return
        if self.index not in usable:
            i = usable[0] if step > 0 else usable[-1]
        else:
            k = usable.index(self.index)
            i = usable[(k + step) % len(usable)]
        self.focus(self.widgets[i])

    def _beside(self, w: Widget, step: int) -> None:
        """Focus the nearest usable widget on ``w``'s row, to its left (``step`` -1) or
        right (+1): buttons side by side ("Keep my game", "Start the new game")."""
        r = w.rect
        row = [x for x in self.widgets if x is not w and x.enabled and x.visible
               and r.top <= x.rect.centery <= r.bottom and (x.rect.centerx - r.centerx) * step > 0]
        if row:
            self.focus(min(row, key=lambda x: abs(x.rect.centerx - r.centerx)))

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if key == pygame.K_TAB:
            self.move(-1 if shift else 1)
            return True
        if key in (pygame.K_DOWN,):
            self.move(1)
            return True
        if key in (pygame.K_UP,):
            self.move(-1)
            return True
        w = self.current
        if w is None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if isinstance(w, Button):  # (nothing to step: to the button beside it, if any)
                self._beside(w, -1 if key == pygame.K_LEFT else 1)
            else:
                w.adjust(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            w.activate()
            return True
        return False
