"""Small drawing helpers and widgets for the table: text, panels, buttons, messages,
and a little pop-up menu of choices.

Widgets read positions from ``event.pos`` (never ``pygame.mouse.get_pos()``), so posted
events in tests and real mouse events behave the same.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .ui_kit import ELLIPSIS, get_font, longest_fit, max_chars, prefix_fits, safe_text

TEXT = (240, 240, 232)
TEXT_DIM = (180, 195, 185)
PANEL = (8, 40, 26, 150)
PANEL_EDGE = (255, 255, 255, 40)
ACCENT = (250, 200, 60)
BUTTON = (34, 78, 58)
BUTTON_HOT = (52, 110, 82)
BUTTON_DOWN = (24, 58, 42)
BUTTON_OFF = (38, 52, 46)
BUTTON_ALERT = (196, 60, 40)
BUTTON_ALERT_HOT = (226, 84, 56)


class Text:
    """Rendered strings, cached (a small LRU); the fonts come from :func:`ui_kit.get_font`."""

    def __init__(self, limit: int = 600):
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._wraps: dict[tuple, list[str]] = {}
        self._fits: dict[tuple, tuple[str, int]] = {}
        self._blocks: dict[tuple, pygame.Surface] = {}
        self.limit = limit

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return get_font(size, bold)

    def render(self, text: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
        return self._cached((text, int(size), tuple(colour), bold),
                            lambda: self.font(size, bold).render(safe_text(text), True, colour))

    def _cached(self, key: tuple, make) -> pygame.Surface:
        """The surface cached under ``key``, made by ``make()`` the first time (an LRU)."""
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
            return s
        s = self._cache[key] = make()
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return s

    def render_inked(self, text: str, size: int, colour, inks: dict[str, tuple], bold: bool = False) -> pygame.Surface:
        """``text`` with each character of ``inks`` in its own colour (the suit symbols of a
        line of moves, red ♦ ♥ as on the cards), the rest in ``colour`` (cached)."""
        if not any(ch in text for ch in inks):
            return self.render(text, size, colour, bold)
        def make() -> pygame.Surface:
            parts: list[tuple[str, tuple]] = []
            for ch in text:
                ink = tuple(inks.get(ch, colour))
                if parts and parts[-1][1] == ink:
                    parts[-1] = (parts[-1][0] + ch, ink)
                else:
                    parts.append((ch, ink))
            images = [self.render(t, size, c, bold) for t, c in parts]
            s = pygame.Surface((sum(i.get_width() for i in images), max(i.get_height() for i in images)),
                               pygame.SRCALPHA)
            x = 0
            for image in images:
                s.blit(image, (x, 0))
                x += image.get_width()
            return s

        return self._cached(("ink", text, int(size), tuple(colour), tuple(sorted(inks.items())), bold), make)

    def fit(self, text: str, size: int, max_w: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
        """Render ``text``, shrinking the font (then eliding) to fit ``max_w`` pixels."""
        limit = max_chars(max_w)
        if len(text) <= limit:
            s = self.render(text, size, colour, bold)
            if s.get_width() <= max_w:
                return s
        key = (text, int(size), max_w, bold)
        fitted = self._fits.get(key)
        if fitted is None:
            fitted = self._shorten(text, size, max_w, colour, bold)
            if len(self._fits) > self.limit:
                self._fits.clear()
            self._fits[key] = fitted
        return self.render(*fitted, colour, bold)

    def _shorten(self, text: str, size: int, max_w: int, colour, bold: bool) -> tuple[str, int]:
        """The (string, font size) :meth:`fit` draws for ``text`` too wide at ``size``: the
        font shrunk in proportion (not below 9 px), then the longest prefix plus "…" that
        fits (at least one character)."""
        limit = max_chars(max_w)
        cut = safe_text(text[:limit])
        if len(text) <= limit:
            wide = self.render(text, size, colour, bold).get_width()
        else:
            wide = self.font(size, bold).size(cut)[0]
        smaller = max(9, int(size * max_w / max(1, wide)))
        if len(text) <= limit:
            # (letters do not narrow in proportion to their size: a point or two smaller may
            # be needed, before the text is cut)
            for k in (smaller, smaller - 1, smaller - 2):
                if k >= 9 and self.render(text, k, colour, bold).get_width() <= max_w:
                    return text, k
        if len(cut) <= 2:
            return cut, smaller
        k = longest_fit(1, len(cut) - 2, prefix_fits(self.font(smaller, bold), cut, max_w, ELLIPSIS))
        return (cut[:max(1, k)].rstrip() or cut[:1]) + ELLIPSIS, smaller  # ("Wolfgang…", not "Wolfgang …")

    def block(self, text: str, size: int, max_w: int, colour=TEXT, bold: bool = False,
              lines: int = 2, inks: dict[str, tuple] | None = None) -> pygame.Surface:
        """``text`` in lines of ``max_w`` pixels at ``size`` (:meth:`wrap`, each line then
        :meth:`fit`), centred one under the other: a long message stays readable rather
        than shrunk to one line (cached). ``inks``: as for :meth:`blit`."""
        key = (text, int(size), max_w, tuple(colour), bold, lines, tuple(sorted((inks or {}).items())))
        out = self._blocks.get(key)
        if out is None:
            images = []
            for line in self.wrap(text, size, max_w, lines, bold):
                inked = self.render_inked(line, size, colour, inks, bold) if inks else None
                images.append(inked if inked is not None and inked.get_width() <= max_w
                              else self.fit(line, size, max_w, colour, bold))
            out = pygame.Surface((max(i.get_width() for i in images), sum(i.get_height() for i in images)),
                                 pygame.SRCALPHA)
            y = 0
            for image in images:
                out.blit(image, ((out.get_width() - image.get_width()) // 2, y))
                y += image.get_height()
            if len(self._blocks) > self.limit // 10:
                self._blocks.clear()
            self._blocks[key] = out
        return out

    def wrap(self, text: str, size: int, max_w: int, lines: int = 2, bold: bool = False) -> list[str]:
        """``text`` broken at spaces into at most ``lines`` lines of ``max_w`` pixels (cached).

        The last line keeps whatever is left; :meth:`fit` shrinks it if it is still too wide.
        """
        key = ("\n", text, int(size), max_w, lines, bold)
        out = self._wraps.get(key)
        if out is None:
            font = self.font(size, bold)
            limit = max_chars(max_w)
            out, rest = [], safe_text(text)
            while len(out) < lines - 1 and (len(rest) > limit or font.size(rest)[0] > max_w):
                words = rest.split(" ")
                if len(words) < 2:
                    break
                cut = longest_fit(2, len(words) - 1, _words_fit(font, words, max_w))
                out.append(" ".join(words[:cut]))
                rest = " ".join(words[cut:])
            out.append(rest)
            out = _no_widow(out, font, max_w)
            if len(self._wraps) > self.limit:
                self._wraps.clear()
            self._wraps[key] = out
        return out

    def blit(self, surface: pygame.Surface, text: str, size: int, pos, colour=TEXT, bold=False,
             anchor: str = "topleft", max_w: int | None = None, inks: dict[str, tuple] | None = None) -> pygame.Rect:
        """``text`` drawn at ``pos`` (by ``anchor``), fitted to ``max_w``; with ``inks``, in
        :meth:`render_inked`'s colours where it fits as it is (a line that must be shrunk or
        cut is drawn in one colour)."""
        s = self.render_inked(text, size, colour, inks, bold) if inks else None
        if s is None or (max_w and s.get_width() > max_w):
            s = self.fit(text, size, max_w, colour, bold) if max_w else self.render(text, size, colour, bold)
        r = s.get_rect(**{anchor: pos})
        surface.blit(s, r)
        return r


def _words_fit(font: pygame.font.Font, words: list[str], width: int) -> Callable[[int], bool]:
    """A test for :func:`longest_fit`: do the first ``k`` words fit in ``width`` pixels?"""
    return lambda k: font.size(" ".join(words[:k]))[0] <= width


_panel_cache: dict[tuple, pygame.Surface] = {}


def panel(surface: pygame.Surface, rect: pygame.Rect, fill=PANEL, edge=PANEL_EDGE, radius: int = 10,
          width: int = 1) -> None:
    """A translucent rounded panel (cached per size and colours)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    key = (rect.size, tuple(fill), tuple(edge) if edge else None, radius, width)
    s = _panel_cache.get(key)
    if s is None:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
        if edge:
            pygame.draw.rect(s, edge, s.get_rect(), width=width, border_radius=radius)
        if len(_panel_cache) > 300:
            _panel_cache.clear()
        _panel_cache[key] = s
    surface.blit(s, rect)


@dataclass
class Button:
    name: str
    label: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True
    alert: bool = False       # drawn in a warning colour (the "Rummy!" call)
    hint: str = ""            # the key, shown small at the right
    hot: bool = False
    down: bool = False
    on_click: Callable[[], object] | None = None  # (what it returns is not used)
    explain: Callable[[], object] | None = None   # a click while it is greyed: say why

    def hit(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse handling; returns True if the event was used."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            hot = self.rect.collidepoint(event.pos)
            changed = hot != self.hot
            self.hot = hot
            return changed and False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.down = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.down
            self.down = False
            if was and self.rect.collidepoint(event.pos):
                if self.enabled and self.on_click:
                    self.on_click()
                elif not self.enabled and self.explain:
                    self.explain()
                return True
        return False

    def draw(self, surface: pygame.Surface, text: Text, size: int) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        if not self.enabled:
            fill = BUTTON_OFF
        elif self.alert:
            fill = BUTTON_ALERT_HOT if self.hot else BUTTON_ALERT
        else:
            fill = BUTTON_DOWN if self.down else (BUTTON_HOT if self.hot else BUTTON)
        r = self.rect
        radius = max(4, r.h // 4)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = ACCENT if (self.alert and self.enabled) else (90, 140, 115) if self.enabled else (60, 72, 66)
        pygame.draw.rect(surface, edge, r, width=1, border_radius=radius)
        colour = TEXT if self.enabled else (120, 130, 125)
        hint_w = 0
        if self.hint:
            hs = text.render(self.hint, max(9, int(size * 0.72)), TEXT_DIM if self.enabled else (100, 110, 105))
            hint_w = hs.get_width() + 8
            surface.blit(hs, hs.get_rect(midright=(r.right - 8, r.centery)))
        label = text.fit(self.label, size, r.w - 16 - 2 * hint_w, colour, bold=True)
        surface.blit(label, label.get_rect(center=(r.centerx, r.centery)))


@dataclass
class Toast:
    """A short message that fades out."""

    text: str
    kind: str = "info"        # "info", "error", or "hint" (shown as info; it goes with the next move)
    ttl: float = 3.0
    age: float = 0.0
    refusal: bool = False     # why a move was refused: it goes when a move is made
    turn: tuple | None = None  # a refusal's (round, seat to play): it goes when that turn does

    @property
    def alpha(self) -> int:
        left = self.ttl - self.age
        return 255 if left > 0.5 else max(0, int(255 * left / 0.5))

    @property
    def done(self) -> bool:
        return self.age >= self.ttl


@dataclass
class Choice:
    """A little pop-up menu: pick one of ``options`` (labels), or Esc/click outside to cancel.

    Keys 1..9 pick an option; arrows and Enter work too, and ``keys`` (a key to an
    option's index) the keys an option names ("Rules of this game (F1)").
    """

    title: str
    options: list[str]
    on_pick: Callable[[int], None]
    on_cancel: Callable[[], None] | None = None
    anchor: tuple[int, int] = (0, 0)
    corner: str = "midbottom"  # the point of the menu's box that sits at ``anchor``
    focus: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)
    box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    keys: dict[int, int] = field(default_factory=dict)

    def layout(self, text: Text, size: int, bounds: pygame.Rect) -> None:
        pad = max(6, size // 2)
        widths = [text.render(f"{i + 1}  {o}", size, bold=True).get_width() for i, o in enumerate(self.options)]
        widths.append(text.render(self.title, size).get_width())
        w = max(widths) + 2 * pad + 10
        row = size + pad
        h = row * (len(self.options) + 1) + pad
        box = pygame.Rect(0, 0, w, h)
        setattr(box, self.corner, self.anchor)
        box.clamp_ip(bounds)
        self.box = box
        self.rects = [pygame.Rect(box.x + pad // 2, box.y + pad + row * (i + 1), w - pad, row - 2)
                      for i in range(len(self.options))]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._cancel()
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.options):
                self.on_pick(event.key - pygame.K_1)
            elif event.key in self.keys:
                self.on_pick(self.keys[event.key])
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(self.options)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.options)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.on_pick(self.focus)
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.focus = i
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.on_pick(i)
                    return True
            if not self.box.collidepoint(event.pos):
                self._cancel()
            return True
        return False

    def _cancel(self) -> None:
        if self.on_cancel:
            self.on_cancel()

    def draw(self, surface: pygame.Surface, text: Text, size: int) -> None:
        panel(surface, self.box.inflate(6, 6), fill=(0, 0, 0, 90), edge=None, radius=12)
        pygame.draw.rect(surface, (246, 244, 236), self.box, border_radius=10)
        pygame.draw.rect(surface, ACCENT, self.box, width=2, border_radius=10)
        pad = max(6, size // 2)
        text.blit(surface, self.title, size, (self.box.x + pad, self.box.y + pad // 2 + 2), (60, 60, 60))
        for i, (o, r) in enumerate(zip(self.options, self.rects)):
            if i == self.focus:
                pygame.draw.rect(surface, (250, 222, 140), r, border_radius=6)
            text.blit(surface, f"{i + 1}  {o}", size, (r.x + pad // 2, r.centery), (20, 30, 25),
                      bold=True, anchor="midleft")


__all__ = ["Button", "Choice", "Text", "Toast", "panel"]


def _no_widow(lines: list[str], font: pygame.font.Font, max_w: int) -> list[str]:
    """``lines`` with a last line of one word ("(D)", "down)") given a companion: the line
    before's last word comes down to it, where that line keeps two words or more and the
    pair fits ``max_w``."""
    if len(lines) < 2 or " " in lines[-1]:
        return lines
    words = lines[-2].split(" ")
    last = f"{words[-1]} {lines[-1]}"
    if len(words) < 3 or font.size(last)[0] > max_w:
        return lines
    return [*lines[:-2], " ".join(words[:-1]), last]
