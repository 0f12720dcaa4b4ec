"""Card faces and backs, drawn procedurally at any size and cached.

Every face is painted at twice the asked size and smooth-scaled down, which gives
anti-aliased rounded corners and crisp symbols from the bundled DejaVu font (it has
the four suit symbols). A face shows the rank over the suit in two corners, pips (or a
large symbol on small cards, a framed letter on court cards) in the middle. Jokers
carry a star and the word JOKER. Wild cards of the round get a gold star in the top
right corner and a gold rim.

Colours: red/black, or the four-colour deck (clubs green, diamonds blue) that makes
suits easier to tell apart at a glance.

Surfaces are cached per (face, size, options); the cache is a plain dict, so
:meth:`CardArt.clear` after a settings change.
"""

from __future__ import annotations

import pygame

from .ui_kit import get_font, suit_colour

SUIT_SYMBOLS = "♣♦♥♠"
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}

FACE = (251, 250, 244)
EDGE = (120, 120, 120)
GOLD = (232, 178, 24)
GOLD_DARK = (150, 105, 10)

BACKS = ("blue", "red", "green", "black")
CACHE_LIMIT = 2500  # surfaces; a few sizes of every face
BIG_INDEX_H = 80  # px: a card alone shorter than this shows its rank and suit large
_BACK_COLOURS = {
    "blue": ((30, 64, 140), (70, 110, 200), (235, 240, 255)),
    "red": ((140, 24, 36), (205, 70, 80), (255, 236, 236)),
    "green": ((20, 96, 60), (60, 160, 110), (230, 255, 240)),
    "black": ((22, 22, 26), (206, 160, 40), (236, 224, 190)),
}

# pip positions (x, y) as fractions of the pip box; y > 0.5 are drawn upside down
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)],
}


def rank_label(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


class CardArt:
    """Draws and caches card faces and backs."""

    def __init__(self, four_colour: bool = False, back: str = "blue"):
        self.four_colour = four_colour
        self.back_style = back if back in BACKS else "blue"
        self._cache: dict[tuple, pygame.Surface] = {}

    # ------------------------------------------------------------------ options
    def configure(self, four_colour: bool | None = None, back: str | None = None) -> None:
        changed = False
        if four_colour is not None and four_colour != self.four_colour:
            self.four_colour = four_colour
            changed = True
        if back is not None and back in BACKS and back != self.back_style:
            self.back_style = back
            changed = True
        if changed:
            self.clear()

    def clear(self) -> None:
        self._cache.clear()

    def font(self, size: int, bold: bool = True) -> pygame.font.Font:
        return get_font(size, bold)

    # ------------------------------------------------------------------ public
    def face(self, card: int, size: tuple[int, int], wild: bool = False, alone: bool = False) -> pygame.Surface:
        """The face of ``card`` (an engine card id) at ``size``; ``wild`` marks it. ``alone``:
        a card no other card overlaps (a seat's face-up deal card); below ``BIG_INDEX_H``
        pixels tall it shows its rank and suit large across the whole card, where the corner
        index would be too small to read."""
        alone = alone and size[1] < BIG_INDEX_H and (card >> 4) & 7 != 4
        key = ("f", card & 127, size, wild, self.four_colour, alone)
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > CACHE_LIMIT:  # many window sizes tried: start again
                self._cache.clear()
            s = self._cache[key] = self._render_face(card & 127, size, wild, alone)
        return s

    def back(self, size: tuple[int, int], style: str | None = None) -> pygame.Surface:
        style = style or self.back_style
        key = ("b", style, size)
        s = self._cache.get(key)
        if s is None:
            s = self._cache[key] = self._render_back(size, style)
        return s

    def veil(self, size: tuple[int, int]) -> pygame.Surface:
        """A dark veil over a card that may not be taken (the deeper cards of a pile whose
        top card alone is taken), its corners rounded as the card's."""
        key = ("v", size)
        s = self._cache.get(key)
        if s is None:
            w, h = size
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(s, (0, 0, 0, 80), (0, 0, w, h), border_radius=max(3, w // 10))
            self._cache[key] = s
        return s

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("s", size)
        s = self._cache.get(key)
        if s is None:
            w, h = size
            s = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            r = max(3, w // 10)
            for i, a in enumerate((18, 26, 36)):
                pygame.draw.rect(s, (0, 0, 0, a), (3 - i + 2, 3 - i + 3, w + 2 * i - 2, h + 2 * i - 2),
                                 border_radius=r + i)
            self._cache[key] = s
        return s

    def outline(self, size: tuple[int, int], colour: tuple, width: int = 3) -> pygame.Surface:
        """A glowing rounded frame, drawn over a card to mark it (selection, fit, focus)."""
        key = ("o", size, colour, width)
        s = self._cache.get(key)
        if s is None:
            w, h = size
            m = width * 2
            s = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
            r = max(3, w // 10)
            rgb = colour[:3]
            for i in range(m, 0, -1):
                a = int(200 * (1 - i / (m + 1)) ** 2)
                pygame.draw.rect(s, (*rgb, a), (m - i, m - i, w + 2 * i, h + 2 * i), width=2,
                                 border_radius=r + i)
            pygame.draw.rect(s, (*rgb, 255), (m - 1, m - 1, w + 2, h + 2), width=max(2, width),
                             border_radius=r + 1)
            self._cache[key] = s
        return s

    # ------------------------------------------------------------------ painting
    def _base(self, w: int, h: int, fill: tuple, edge: tuple) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(4, w // 9)
        pygame.draw.rect(s, fill, (0, 0, w, h), border_radius=r)
        pygame.draw.rect(s, edge, (0, 0, w, h), width=max(2, w // 70), border_radius=r)
        return s

    def _text(self, text: str, size: int, colour: tuple, bold: bool = True) -> pygame.Surface:
        return self.font(size, bold).render(text, True, colour)

    def _fit(self, surf: pygame.Surface, max_w: float) -> pygame.Surface:
        if surf.get_width() > max_w > 0:
            h = surf.get_height()
            return pygame.transform.smoothscale(surf, (int(max_w), h))
        return surf

    def _render_face(self, card: int, size: tuple[int, int], wild: bool, alone: bool = False) -> pygame.Surface:
        w, h = size
        W, H = w * 2, h * 2
        suit = (card >> 4) & 7
        rank = card & 15
        col = suit_colour(suit, self.four_colour)
        s = self._base(W, H, FACE, GOLD_DARK if wild else EDGE)
        if wild:
            pygame.draw.rect(s, GOLD, (0, 0, W, H), width=max(4, W // 28), border_radius=max(4, W // 9))
        if alone:  # small and whole: the rank over the suit, each about half the card
            r = self._fit(self._text(rank_label(rank), int(H * 0.42), col), W * 0.84)
            s.blit(r, r.get_rect(midtop=(W // 2, int(H * 0.04))))
            sy = self._fit(self._text(SUIT_SYMBOLS[suit], int(H * 0.42), col, bold=False), W * 0.8)
            s.blit(sy, sy.get_rect(midbottom=(W // 2, int(H * 0.97))))  # (a wild: its gold frame)
        elif suit == 4:
            self._paint_joker(s, W, H, col)
        else:
            self._paint_index(s, W, H, rank_label(rank), SUIT_SYMBOLS[suit], col)
            self._paint_centre(s, W, H, rank, suit, col)
        if wild and not alone:  # (a joker's corner is the word JOKER, down to about half the card: below it)
            self._paint_star(s, W, H, 0.66 if suit == 4 else 0.46)
        return pygame.transform.smoothscale(s, (w, h))

    def index_parts(self, W: int, H: int, rank: str, sym: str,
                    col: tuple) -> tuple[pygame.Surface, tuple[int, int], pygame.Surface, tuple[int, int]]:
        """A corner index on a card painted ``W`` x ``H``: the rank's image and where it
        goes, the suit's and where it goes."""
        rs = int(H * 0.185)
        ss = int(H * 0.15)
        # (a "10" is narrowed, as on printed cards, to leave a gap before the pips: at 0.27
        # of the card it touched them, a tester)
        r = self._fit(self._text(rank, rs, col), W * 0.235)
        y = int(H * 0.025)
        sy = self._text(sym, ss, col, bold=False)
        cx = int(W * 0.165)
        x = cx - r.get_width() // 2
        # the suit under the rank's ink: a J's hook and a Q's tail reach below the other
        # ranks' foot, and over the suit they hid it (J♣ and J♠ read alike: a tester)
        under = y + max(int(rs * 0.95), r.get_bounding_rect().bottom + max(1, H // 100) - sy.get_bounding_rect().top)
        return r, (max(int(W * 0.035), x), y), sy, (cx - sy.get_width() // 2, under)

    def _paint_index(self, s: pygame.Surface, W: int, H: int, rank: str, sym: str, col: tuple) -> None:
        r, at, sy, sy_at = self.index_parts(W, H, rank, sym, col)
        s.blit(r, at)
        s.blit(sy, sy_at)
        # the bottom right corner, upside down
        block = pygame.Surface((W, H), pygame.SRCALPHA)
        block.blit(r, at)
        block.blit(sy, sy_at)
        block = block.subsurface((0, 0, int(W * 0.4), int(H * 0.42))).copy()
        s.blit(pygame.transform.rotate(block, 180), (W - block.get_width(), H - block.get_height()))

    def _paint_centre(self, s: pygame.Surface, W: int, H: int, rank: int, suit: int, col: tuple) -> None:
        sym = SUIT_SYMBOLS[suit]
        small = H < 220  # painted size; i.e. cards under 110 px tall
        if rank >= 11:
            box = pygame.Rect(int(W * 0.27), int(H * 0.22), int(W * 0.46), int(H * 0.56))
            tint = tuple(min(255, c // 6 + 215) for c in col)
            pygame.draw.rect(s, tint, box, border_radius=max(3, W // 30))
            pygame.draw.rect(s, col, box, width=max(2, W // 90), border_radius=max(3, W // 30))
            letter = self._fit(self._text(RANK_TEXT[rank], int(H * 0.3), col), box.w * 0.9)
            s.blit(letter, letter.get_rect(center=(box.centerx, box.centery - H * 0.035)))
            mini = self._text(sym, int(H * 0.12), col, bold=False)
            s.blit(mini, mini.get_rect(center=(box.centerx, box.bottom - H * 0.075)))
            return
        if small or rank == 1:
            big = self._text(sym, int(H * (0.5 if rank == 1 else 0.42)), col, bold=False)
            s.blit(big, big.get_rect(center=(W // 2, int(H * 0.54))))
            return
        pip = self._text(sym, int(H * 0.13), col, bold=False)
        flipped = pygame.transform.rotate(pip, 180)
        box = pygame.Rect(int(W * 0.365), int(H * 0.19), int(W * 0.27), int(H * 0.62))
        for fx, fy in _PIPS[rank]:
            x = box.x + fx * box.w
            y = box.y + fy * box.h
            img = flipped if fy > 0.5 else pip
            s.blit(img, img.get_rect(center=(int(x), int(y))))

    def _paint_joker(self, s: pygame.Surface, W: int, H: int, col: tuple) -> None:
        f = int(H * 0.105)
        y = int(H * 0.04)
        for ch in "JOKER":
            t = self._text(ch, f, col)
            s.blit(t, (int(W * 0.13) - t.get_width() // 2, y))
            y += int(f * 0.92)
        star = self._text("★", int(H * 0.46), col, bold=False)
        s.blit(star, star.get_rect(center=(int(W * 0.56), int(H * 0.56))))
        small = self._text("★", int(H * 0.12), GOLD_DARK, bold=False)
        s.blit(small, small.get_rect(center=(int(W * 0.56), int(H * 0.56))))

    def _paint_star(self, s: pygame.Surface, W: int, H: int, at: float) -> None:
        # under the corner index (``at``: its height on the card), so it shows even when
        # cards overlap
        r = int(W * 0.115)
        cx, cy = int(W * 0.165), int(H * at)
        pygame.draw.circle(s, GOLD, (cx, cy), r)
        pygame.draw.circle(s, GOLD_DARK, (cx, cy), r, width=max(2, W // 60))
        star = self._text("★", int(r * 1.7), (255, 255, 255), bold=False)
        s.blit(star, star.get_rect(center=(cx, cy + r * 0.05)))

    def _render_back(self, size: tuple[int, int], style: str) -> pygame.Surface:
        w, h = size
        W, H = w * 2, h * 2
        dark, light, paper = _BACK_COLOURS.get(style, _BACK_COLOURS["blue"])
        s = self._base(W, H, paper, EDGE)
        m = max(4, W // 14)
        inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
        pat = pygame.Surface(inner.size, pygame.SRCALPHA)
        pat.fill(dark)
        step = max(8, W // 7)
        if style == "blue":  # diamond lattice
            for k in range(-H, W + H, step):
                pygame.draw.line(pat, light, (k, 0), (k + H, H), max(2, W // 60))
                pygame.draw.line(pat, light, (k, 0), (k - H, H), max(2, W // 60))
        elif style == "red":  # a fine lattice with dots where the lines cross
            fine = max(6, step // 2)
            for k in range(-H, W + H, fine):
                pygame.draw.line(pat, light, (k, 0), (k + H, H), max(1, W // 90))
                pygame.draw.line(pat, light, (k, 0), (k - H, H), max(1, W // 90))
            for x in range(0, W, fine):
                for y in range(0, H, fine):
                    pygame.draw.circle(pat, paper, (x + (fine // 2 if (y // fine) % 2 else 0), y),
                                       max(1, W // 70))
        elif style == "green":  # tartan: broad and narrow bands crossing
            band = pygame.Surface(inner.size, pygame.SRCALPHA)
            for k in range(0, max(W, H), step * 2):
                for off, width, alpha in ((0, step // 2, 70), (step, max(2, step // 8), 140)):
                    pygame.draw.rect(band, (*light, alpha), (k + off, 0, width, H))
                    pygame.draw.rect(band, (*light, alpha), (0, k + off, W, width))
            pat.blit(band, (0, 0))
            for k in range(step // 2, max(W, H), step * 2):
                pygame.draw.line(pat, paper, (k, 0), (k, H), 1)
                pygame.draw.line(pat, paper, (0, k), (W, k), 1)
        else:  # black and gold: a gold lattice and a gold frame
            gold = (206, 160, 40)
            for k in range(-H, W + H, step):
                pygame.draw.line(pat, gold, (k, 0), (k + H, H), max(1, W // 90))
                pygame.draw.line(pat, gold, (k, 0), (k - H, H), max(1, W // 90))
            light = gold
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, W // 14))
        pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(pat, inner)
        pygame.draw.rect(s, light, inner, width=max(2, W // 60), border_radius=max(3, W // 14))
        # a small emblem
        emblem = self._text("R", int(H * 0.16), paper)
        pygame.draw.circle(s, dark, inner.center, int(H * 0.11))
        pygame.draw.circle(s, paper, inner.center, int(H * 0.11), max(2, W // 60))
        s.blit(emblem, emblem.get_rect(center=inner.center))
        return pygame.transform.smoothscale(s, (w, h))


def _rank_order(ctx, c) -> int:
    """A card's rank for sorting: an ace goes after the king where aces are high only."""
    r = c & 15
    if r == 1 and 1 not in ctx.run_positions(c) and 14 in ctx.run_positions(c):
        return 14
    return r


def sort_key_suit(ctx, c) -> tuple:
    """Sort key for a hand by suit, then rank (``ctx``: the round's MeldContext); wild
    cards last."""
    return (ctx.is_wild(c), (c >> 4) & 7, _rank_order(ctx, c), int(c))


def sort_key_rank(ctx, c) -> tuple:
    """Sort key for a hand by rank, then suit; wild cards last."""
    return (ctx.is_wild(c), _rank_order(ctx, c), (c >> 4) & 7, int(c))


__all__ = ["BACKS", "CardArt", "GOLD", "rank_label", "sort_key_rank", "sort_key_suit", "suit_colour"]
