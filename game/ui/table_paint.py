"""The table's painting: how :class:`~game.ui.table.TableScene` draws a frame.

:class:`TablePainting` holds the drawing half of the table scene: ``draw()`` and the
parts it paints in order (background, name plates, stock and pile, cards, tags, hover
and glows, flying cards, the dragged cards, the sidebar, messages and the simple
round summary). It reads the scene's state (the layout, the placements worked out by
``_place``, the selection, the drag, the hints) and never changes the game, so a frame
can be drawn at any time. The table's input, animation and engine calls stay in
``table.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.engine import DrawStock
from game.engine.cards import card_name, cards_name, rank_plural
from game.engine.melds import MeldContext, make_meld, stand_ins
from game.engine.rules import PERMANENT_WILDS

from .anim import Tween
from .cards import GOLD, rank_label
from .layout import TableLayout
from .rules_text import PERMANENT_WILD_NAMES, goal_text, points_help, points_text
from .sheets import teams_lines
from .table_base import TableParts
from .ui_kit import fit_text, short_name, shortenings
from .widgets import ACCENT, TEXT, TEXT_DIM, Toast, panel

if TYPE_CHECKING:
    from game.engine import Card
    from game.engine.melds import Meld

    from .table import Place

SEAT_COLOURS = [
    (250, 200, 60), (229, 83, 75), (80, 150, 240), (176, 110, 230),
    (200, 206, 218), (40, 190, 170), (236, 110, 180), (150, 205, 70),
]
FELT = (18, 92, 58)
FELT_DARK = (10, 58, 36)
SELECT = (255, 120, 40)  # orange: the gold rim and star are the wild cards'
FIT = (90, 240, 140)
HOT = (180, 255, 200)   # the place a dragged card would go if let go now
DROP = (20, 160, 80)    # the same place, marked over the dragged card (shows on white and on felt)
FOCUS = (120, 200, 255)
HINT = (190, 120, 255)
HOVER = (236, 242, 250)  # near white: a pale gold read as the wild cards' rim
TOAST_GAP = 4  # the least room between a message's box and the stock, its count or the pile's cards
HOVER_EDGE = (40, 50, 60)
# the suit symbols in the last moves and the messages, in tints that read on the felt
SUIT_INKS = {"♦": (255, 140, 130), "♥": (255, 140, 130)}
SUIT_INKS_FOUR = {"♣": (140, 225, 140), "♦": (140, 190, 255), "♥": (255, 140, 130)}
STATUS_SQUEEZE = 1.1    # a status line up to this much wider than its room is squeezed, a wider one wrapped
SUIT_SYMBOLS = "♣♦♥♠"
HAND_TAG = "in hand"  # the tag over a hand turned face up when the round is over
LAID_OFF_TAG = "laid off"  # before the chips of the cards a seat laid on others' melds
LAID_OFF_INK = (200, 224, 210)
TIGHT_FAN = 0.4  # a hand card showing less than this part of its width is in a tight fan
# the wilds of every round, in the wild panel's words ("one-eyed jacks", without the cards)
WILD_WORDS = {k: v.split(" (")[0] for k, v in PERMANENT_WILD_NAMES.items()}


def _points_colour(points: int, lowest_wins: bool = False) -> tuple[int, int, int]:
    """This round's points beside a name: green, or red when the round cost points (where
    the lowest total wins, penalty scoring, points added are the cost, as on the sheets)."""
    return (150, 230, 160) if points_help(points, lowest_wins) else (240, 140, 120)


def shape_label(shape: tuple, n: int, cards: Sequence[int] = (), ctx: MeldContext | None = None) -> str:
    """Words for a meld interpretation: ``run 6♥–8♥``, ``set of 7s``; given its ``cards``
    (and the round's ``ctx``), a run names what each wild in it stands for:
    ``run Q♣–A♣ (J♠ for A♣)``."""
    if shape[0] == "run":
        _, suit, lo = shape
        hi = lo + n - 1
        words = (f"run {rank_label(1 if lo == 14 else lo)}{SUIT_SYMBOLS[suit]}–"
                 f"{rank_label(1 if hi == 14 else hi)}{SUIT_SYMBOLS[suit]}")
        if not cards or ctx is None:
            return words
        m = make_meld(ctx, cards, shape, 0, 0)  # (as it would lie: the engine places the wilds)
        stands = [f"{card_name(m.cards[i])} for {what}" for i, what in stand_ins(ctx, m).items()]
        return f"{words} ({', '.join(stands)})" if stands else words
    if shape[0] == "set":
        return "group of jokers" if shape[1] == 0 else f"set of {rank_plural(shape[1])}"
    return "group of wilds"


def short_meld(m: Meld, away: AbstractSet[int] = frozenset()) -> str:
    """A meld in a few characters: ``7–9♥``, ``kings``, ``7s``. The cards of ``away`` at a
    run's ends (still on their way to it) are not in it yet, unless all of it is."""
    if m.kind == "run":
        lo, hi = m.lo, m.hi
        cards = list(m.cards)
        if not all(c in away for c in cards):
            while cards and cards[0] in away:
                cards.pop(0)
                lo += 1
            while cards and cards[-1] in away:
                cards.pop()
                hi -= 1
        s = SUIT_SYMBOLS[m.suit]
        return f"{rank_label(1 if lo == 14 else lo)}–{rank_label(1 if hi == 14 else hi)}{s}"
    if m.kind == "set":
        return rank_plural(m.rank)
    return "wilds"


EMPTY_SLOT = (110, 150, 130)  # a faint frame on the felt: where the next discard goes


class TablePainting(TableParts):
    """The table scene's drawing (a part of :class:`~game.ui.table.TableScene`)."""

    def draw(self, surface: pygame.Surface) -> None:
        self._ensure_layout(surface)
        self._place()
        self._layout_buttons()
        L = self.laid_out()
        if self.bg is None:
            self.bg = self._background(L)
        surface.blit(self.bg, (0, 0))
        hidden = self.anim.hidden()
        dragging = set(self.drag.cards) if self.drag else set()
        self._draw_plates(surface)
        self._draw_stock(surface, hidden | dragging)
        self._draw_pile_slot(surface, hidden)
        self._draw_meld_labels(surface)
        self._draw_laid_elsewhere(surface)
        wild = self.g.ctx.is_wild
        art = self.art
        pile = self.g.pile
        # where only the top card may be taken, the cards under it show veiled (still read)
        veiled = set(pile[:-1]) if self.g.rules.discard_pile != "splayed" else set()
        focus = self._card_focus()
        for c, p in self.draw_list:
            if c in hidden or c in dragging:
                continue
            r = p.rect
            if p.face:
                img = art.face(c, r.size, wild(c), alone=p.zone == "up")
            else:
                img = art.back(r.size)
            if p.zone in ("hand", "pile", "cover"):
                surface.blit(art.shadow(r.size), (r.x - 2, r.y - 1))
            surface.blit(img, r)
            if p.zone == "pile" and c in veiled:
                surface.blit(art.veil(r.size), r)
            if p.zone in ("meld", "cover"):
                self._draw_tab(surface, p)
            if p.zone == "hand":
                self._draw_marks(surface, c, r)
            if focus is not None and focus[0] == c:  # (under the next card, as the hint's frame)
                self._outline(surface, focus[1], FOCUS)
        self._draw_pile_frames(surface, [c for c in self.g.pile if c in self.hint_cards and c not in hidden | dragging],
                               HINT)
        self._draw_hover(surface, hidden | dragging)
        self._draw_glows(surface)
        self._draw_focus(surface)
        self._draw_pile_label(surface)  # (over the frames of the pile's cards, which reach up to it)
        if self.drag is None:
            self._draw_whole_tag(surface)
        self._draw_hand_tags(surface, hidden | dragging)
        self._draw_raised(surface, hidden | dragging)
        self._draw_backs_counts(surface)
        stock = self.laid_out().stock
        for t in self.anim.waiting():  # a card waiting its turn to fly stays where it was (the
            # second and third cards of a meld vanished for a frame or two: a tester); a deal's
            # cards wait in the stock, drawn there already
            if t.src != stock:
                self._draw_tween(surface, t)
        for t in self.anim.in_flight():
            self._draw_tween(surface, t)
        self._draw_sidebar(surface)
        self._draw_messages(surface)
        if self.drag is not None:  # the cards held, over all the table's words (the status line
            # hid a held card's corner); only the target's frame and tag over them
            self._draw_drag(surface)
            self._draw_drop_target(surface)
            self._draw_whole_tag(surface, over_drag=True)  # (the card held must not hide which meld)
        if self.choice is not None:
            self.choice.draw(surface, self.text, L.font_normal)
        if self.overlay is not None:
            self._draw_overlay(surface)
        self.dirty = False

    def _outline(self, surface: pygame.Surface, r: Rect, colour) -> None:
        o = self.art.outline(r.size, colour)
        m = (o.get_width() - r.w) // 2
        surface.blit(o, (r.x - m, r.y - m))

    def _background(self, L: TableLayout) -> pygame.Surface:
        w, h = L.size
        bg = pygame.Surface((w, h))
        # felt: a radial-ish gradient, drawn small and scaled up (cheap and smooth)
        small = pygame.Surface((64, 40))
        for y in range(40):
            for x in range(64):
                dx = (x - 26) / 40
                dy = (y - 20) / 28
                d = min(1.0, (dx * dx + dy * dy) ** 0.5)
                t = d * d
                small.set_at((x, y), tuple(int(FELT[i] * (1 - t) + FELT_DARK[i] * t) for i in range(3)))
        bg.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
        # panels behind every seat and the sidebar
        radius = max(6, int(14 * L.unit))
        for sb in L.seats:
            if sb.side == "bottom":
                panel(bg, L.own_melds.inflate(L.pad, L.pad // 2), fill=(0, 0, 0, 38),
                      edge=(255, 255, 255, 22), radius=radius)
                continue
            panel(bg, sb.box, fill=(0, 0, 0, 48), edge=(255, 255, 255, 28), radius=radius)
        panel(bg, L.sidebar.inflate(-L.pad, -L.pad), fill=(4, 26, 16, 170), edge=(255, 255, 255, 30),
              radius=radius)
        # the pile's felt
        panel(bg, L.pile_panel, fill=(0, 0, 0, 28), edge=None, radius=radius)
        return bg.convert() if pygame.display.get_surface() is not None else bg

    def _seat_colour(self, seat: int) -> tuple:
        return SEAT_COLOURS[(seat - self.bottom) % len(SEAT_COLOURS)]

    def _melded_so_far(self) -> list[int]:
        """Each seat's points this round: melded so far, where melds score (0s where only
        the hands count, as in basic rummy); once the round is scored, what it added to
        each total (hands, bonuses and all)."""
        g = self.g
        if g.round_done and g.results and g.results[-1].round == g.round_no:
            return list(g.results[-1].points)
        # (a card counts once it lands: the score went up while it was still in the air)
        return g.melded_points(self.anim.arriving()) if g.rules.melds_score else [0] * g.players

    def _fitting(self, options: list[str], size: int, room: int) -> str | None:
        """The first of ``options`` that fits in ``room`` pixels at font ``size``."""
        return next((t for t in options if self.text.render(t, size, TEXT_DIM).get_width() <= room), None)

    def _plate_name(self, name: str, size: int, room: int, bold: bool = True) -> str:
        """The name a plate shows in ``room`` pixels: the whole name, or, where it does not
        fit and has two words or more, the first with the last one's initial ("Wolfgang A.";
        the sheets list it whole), or the first word alone, whichever first fits with
        letters at least four fifths of their size (they shrink that far to fit), rather
        than a name cut inside a word ("Wolfgan…"); a word too long even so is cut there
        ("WWWWWWWWWWWWWWWW" was drawn at half size, a row of small w's: a tester)."""
        def width(text: str) -> int:
            return self.text.render(text, size, TEXT, bold=bold).get_width()

        if width(name) <= room:
            return name
        shown = next((short for short in (short_name(name, 1), short_name(name, 2)) if width(short) * 0.8 <= room),
                     short_name(name, 2))
        return shown if width(shown) * 0.8 <= room else fit_text(shown, self.text.font(size, bold), room)

    def _draw_plates(self, surface: pygame.Surface) -> None:
        g = self.g
        L = self.laid_out()
        melded = self._melded_so_far()
        fs, fn = L.font_small, L.font_normal
        for seat, sb in enumerate(L.seats):
            plate = sb.plate
            acting = g.phase in ("draw", "play", "call") and g.current == seat
            col = self._seat_colour(seat)
            s = self.c.seats[seat]
            fill = (40, 70, 50, 230) if acting else (0, 0, 0, 110)
            edge = ACCENT if acting else (255, 255, 255, 40)
            panel(surface, plate, fill=fill, edge=edge, radius=max(5, plate.h // 5), width=2 if acting else 1)
            x, y1, y2 = L.plate_lines(plate)
            cr = None
            if seat == g.dealer:
                chip = self.text.render("D", fs, (30, 30, 30), bold=True)
                name_w = self.text.render(s.name, fn, TEXT, bold=True).get_width()
                score_w = self.text.render(points_text(g.scores[seat]), fs, TEXT_DIM).get_width()
                cr = L.dealer_chip(plate, chip.get_size(), name_w, score_w)
                pygame.draw.rect(surface, (240, 236, 220), cr, border_radius=cr.h // 2)
                if L.chip_on_dot(plate, cr):  # in the dot's place: ringed in the seat's colour
                    pygame.draw.rect(surface, col, cr.inflate(2, 2), width=2, border_radius=cr.h // 2 + 1)
                surface.blit(chip, chip.get_rect(center=cr.center))
            if not L.chip_on_dot(plate, cr):
                cx, cy, radius = L.plate_dot(plate)
                pygame.draw.circle(surface, col, (cx, cy), radius)
            name_right, line2_right = L.plate_room(plate, cr)  # how far each line may reach
            self.text.blit(surface, self._plate_name(s.name, fn, name_right - x), fn, (x, y1), TEXT,
                           bold=True, max_w=name_right - x)
            parts = [f"{points_text(g.scores[seat])} {'pt' if abs(g.scores[seat]) == 1 else 'pts'}"]
            kept = ["partner", "floating"]  # (words shown nowhere else: they go last)
            pair = None  # the other side's pair, by name ("Cy's partner"): only "partner" on the
            # person's partner said who the teams are (a tester); it gives way to the level
            if g.rules.partnerships and seat != self.bottom and g.side_of(seat) == g.side_of(self.bottom):
                parts.append("partner")
            elif g.rules.partnerships and seat != self.bottom:
                other = [t for t in range(g.players) if t != seat and g.side_of(t) == g.side_of(seat)]
                if len(other) == 1:
                    pair = f"{self.c.seats[other[0]].name}'s partner"
                    parts.append(pair)
            if s.kind == "bot" and s.level:
                parts.append(s.level)
            if g.floating[seat] and not g.round_done:  # (the round over, nobody floats)
                parts.append("floating")
            total = points_text(g.scores[seat])  # (1,335: as the sheets write a score)
            third = L.plate_third_line(plate) is not None and s.kind == "bot" and bool(s.level)
            below: list[str] = []
            if third:  # a narrow plate: the level has a line of its own, under the score, and
                # "partner" and "floating" go with it, so every such plate reads alike: the
                # total and this round's points, then the level and the seat's state
                parts.remove(s.level)
                below = [p for p in parts[1:] if p in kept or p == pair]
                parts = [p for p in parts if p not in below]
            # the longest of these that fits: "120 pts · normal · floating", the same without
            # "pts", "120 · floating", "120"; the total comes before this round's "+85" (both
            # are in the sidebar too), and "partner" and "floating" before the "+85", the
            # level and the word "pts" (which never comes back once a word after it has gone).
            # Where not even "120 · floating" fits, a plate of two lines says "floating" alone
            # (the sidebar has the total)
            status = [p for p in parts[1:] if p in kept]  # (more than the level)
            options = [" · ".join(parts), " · ".join([total, *parts[1:]]),
                       " · ".join([total, *[p for p in parts[1:] if p != pair]]),  # (the pair's word goes first)
                       " · ".join([total, *status]), total]
            options = list(dict.fromkeys(options))
            alone = [" · ".join(status)] if status else []  # (never beside the "+85")
            plus = points_text(melded[seat], True) if melded[seat] else None
            ink = _points_colour(melded[seat], g.rules.lowest_total_wins)
            label = None
            if plus is not None:
                plus_w = self.text.render(plus, fs, TEXT, bold=True).get_width()
                label = self._fitting(options, fs, line2_right - plus_w - 6 - x)
                if label is not None and not all(w in label for w in status):
                    # "partner" or "floating" would go: they are shown nowhere else, while
                    # this round's points are in the sidebar too, so those make room
                    keep = self._fitting([o for o in options + alone if all(w in o for w in status)], fs,
                                         line2_right - x)
                    if keep is not None:
                        label, plus = keep, None
                if label is not None and plus is not None:
                    self.text.blit(surface, plus, fs, (line2_right, y2), ink, bold=True, anchor="topright")
                elif label is None and plus is not None:
                    # not even "250 +140" fits: the "+140" in smaller letters, before it goes
                    # (so a narrow plate reads as its wider neighbours do, "total +N")
                    ps = max(9, int(fs * 0.85))
                    small_w = self.text.render(plus, ps, TEXT, bold=True).get_width()
                    label = self._fitting([o for o in options if all(w in o for w in status)], fs,
                                          line2_right - small_w - 4 - x)
                    if label is not None:
                        h = self.text.render(total, fs, TEXT_DIM).get_height()
                        self.text.blit(surface, plus, ps, (line2_right, y2 + h - 1), ink,
                                       bold=True, anchor="bottomright")
            if label is None:
                label = self._fitting(options[:-1] + alone + options[-1:], fs, line2_right - x)
            if label is not None:
                self.text.blit(surface, label, fs, (x, y2), TEXT_DIM)
            elif line2_right - x > 4:  # not even the total fits (the dealer's D beside it): smaller
                self.text.blit(surface, total, fs, (x, y2), TEXT_DIM, max_w=line2_right - x)
            if third:
                level = " · ".join([s.level, *below])
                h = self.text.render(level, fs, TEXT_DIM).get_height()
                y3 = L.plate_third_line(plate, cr, h)  # under the dealer's chip, if need be
                if y3 is not None:  # (it is: ``third`` says the plate has that line)
                    room = L.level_room(plate, y3, cr)
                    if below and self.text.render(level, fs, TEXT_DIM).get_width() > room - plate.x - 6:
                        # the other pair's name goes first (it hid the level, a tester: who they
                        # are is in the sidebar's team lines); then the level, for "partner" and
                        # "floating" (shown nowhere else; the level is on the new-game screen)
                        rest = [b for b in below if b != pair]
                        shorter = " · ".join([s.level, *rest])
                        fits = self.text.render(shorter, fs, TEXT_DIM).get_width() <= room - plate.x - 6
                        level = shorter if fits or not rest else " · ".join(rest)
                    self._plate_level(surface, plate, x, y3, room, level)

    def _suit_inks(self) -> dict[str, tuple]:
        """The suit symbols' colours in the last moves and the messages: red ♦ ♥ as on the
        cards (with four-colour suits, green ♣ and blue ♦ too), in tints that read on the felt
        and on a message's dark box."""
        return SUIT_INKS_FOUR if self.app.settings.four_colour else SUIT_INKS

    def _plate_level(self, surface: pygame.Surface, plate: Rect, x: int, y: int, right: int,
                     level: str) -> None:
        """A computer's level on the third line of a narrow plate: under the score, or
        further left (down to the plate's edge, under the seat's dot) when it is too long
        for the indent; drawn smaller only when even that is too narrow."""
        fs = self.laid_out().font_small
        left = plate.x + 6
        w = self.text.render(level, fs, TEXT_DIM).get_width()
        if w <= right - left:
            self.text.blit(surface, level, fs, (max(left, min(x, right - w)), y), TEXT_DIM)
        elif right - left > 4:
            self.text.blit(surface, level, fs, (left, y), TEXT_DIM, max_w=right - left)

    def _draw_backs_counts(self, surface: pygame.Surface) -> None:
        g = self.g
        L = self.laid_out()
        hidden = self.anim.hidden() if self.dealing else set()
        # cards on their way into a hand from elsewhere (a draw, a take) are counted once they
        # land, as the deal's are (the count turned over while the card was still in the air)
        coming = [t for t in self.anim.tweens if not self.dealing and isinstance(t.key, int)]
        for seat, sb in enumerate(L.seats):
            if seat == self.bottom:
                continue
            n = len(g.hands[seat])
            if self.dealing:  # the count grows as the deal's cards arrive (none yet: no badge)
                n = sum(1 for c in g.hands[seat] if c not in hidden)
                if n == 0:
                    continue
            elif coming and n:
                held = set(g.hands[seat])
                n -= sum(1 for t in coming if t.key in held and not sb.box.colliderect(t.src))
            if g.round_done:  # the hand lies face up (see _place)
                rects = self.shown_hands.get(seat) or [Rect(sb.backs.x, sb.backs.y, *L.back_card)]
            else:  # on the last card shown: the last back, or the face-up deal card held alone
                up = g.upcards[seat] in g.hands[seat]
                rects = L.back_rects(seat, n - (1 if up else 0)) or [sb.upcard if up else sb.backs]
            if n == 0:  # from where the deal card lay, in the room the hand had
                self.text.blit(surface, "no cards", L.font_small, sb.upcard.midleft, TEXT_DIM, anchor="midleft",
                               max_w=sb.backs.right - sb.upcard.x)
                continue
            r = rects[-1]
            if g.round_done:  # the hand lies face up: its cards are there to count (and to read)
                continue
            label = f"{n}"
            img = self.text.render(label, L.font_small, (20, 20, 20), bold=True)
            badge = img.get_rect(center=(r.right, r.bottom - 2)).inflate(10, 2)
            pygame.draw.rect(surface, (245, 240, 220), badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, (90, 90, 80), badge, width=1, border_radius=badge.h // 2)
            surface.blit(img, img.get_rect(center=badge.center))

    def _draw_stock(self, surface: pygame.Surface, hidden: set) -> None:
        g = self.g
        L = self.laid_out()
        r = L.stock
        n = len(g.stock)
        if n == 0:
            pygame.draw.rect(surface, (255, 255, 255, 60), r, width=2, border_radius=max(4, r.w // 9))
            if g.phase == "draw" and g.stock_restocks():  # a draw turns the pile over first
                self.text.blit(surface, "↻", L.font_big, r.center, TEXT_DIM, anchor="center")
                if self.hint_stock:
                    self._outline(surface, r, HINT)
                elif self.c.human_to_act and not self.drag:
                    self._outline(surface, r, (255, 255, 255))
        else:
            layers = min(3, max(1, (n + 9) // 10))
            for i in range(layers):
                off = (layers - 1 - i) * 2
                rr = r.move(-off, -off)
                surface.blit(self.art.shadow(r.size), (rr.x - 2, rr.y - 1))
                surface.blit(self.art.back(r.size), rr)
            if self.hint_stock:
                self._outline(surface, r, HINT)
            elif self.c.human_to_act and g.phase == "draw" and not self.drag:
                self._outline(surface, r, (255, 255, 255))
        self.text.blit(surface, f"Stock {n}", L.font_small, L.stock_label.midtop, TEXT_DIM, anchor="midtop")

    def _draw_pile_label(self, surface: pygame.Surface) -> None:
        L = self.laid_out()
        g = self.g
        label = f"Discard pile {len(g.pile)}" if g.pile else "Discard pile (empty)"
        self.text.blit(surface, label, L.font_small, (L.pile_area.x, L.pile_label_bottom), TEXT_DIM,
                       anchor="bottomleft")

    def _draw_pile_slot(self, surface: pygame.Surface, hidden: set) -> None:
        """An empty pile: a faint frame where the next discard goes (until it has landed)."""
        pile = self.g.pile
        if not pile or (len(pile) == 1 and pile[0] in hidden):
            r = self.laid_out().pile_rects(1)[0]
            pygame.draw.rect(surface, EMPTY_SLOT, r, width=2, border_radius=max(4, r.w // 9))

    def _pile_target(self) -> Rect | None:
        """Where a discard lands, to be marked while a card is dragged: the top card, or
        on an empty pile the place the first card takes."""
        if not self.g.pile:
            return self.laid_out().pile_rects(1)[0]
        top = self.places.get(self.g.pile[-1])
        return top.rect if top is not None else None

    def _chip_size(self) -> int:
        """The font size of the "9♣ → #3" chips (see :meth:`_draw_laid_elsewhere`)."""
        return self.laid_out().chip_font

    def _tag_size(self) -> int:
        return max(10, int(self.laid_out().font_small * 0.9))

    def _meld_tag(self, m: Meld, landed: bool = True) -> str:
        """"#3 7–9♥"; "#3 4–7♣ ×2" for a meld that counts double (four or more laid at once).
        ``landed``: a card laid off at a run's end counts once it is there (the tag changed
        while the card was still in the air: a tester); else, as the engine has it (the
        room a tag is laid out with)."""
        away = self.anim.arriving() if landed else frozenset()
        if not m.double:
            return f"#{m.id} {short_meld(m, away)}"
        # cards laid on it later count once: "#6 8–Q♠ ×2 +K♠" (it read "8–K♠ ×2", as if
        # the K♠ laid off counted double too: a tester)
        here = [c for c in m.cards if c not in away]
        once = [c for c in here if c not in m.double]
        doubled = [i for i, c in enumerate(here) if c in m.double]
        # (a run is laid on at its ends; one within that counts once is a wild under a card
        # laid on it: the meld alone is named)
        inner = m.kind == "run" and bool(doubled) and doubled[-1] - doubled[0] + 1 != len(doubled)
        if not once or inner:
            return f"#{m.id} {short_meld(m, away)} ×2"
        added = cards_name(once) if len(once) <= 2 else f"{len(once)} cards"
        return f"#{m.id} {short_meld(m, away | set(once))} ×2 +{added}"

    def _draw_meld_labels(self, surface: pygame.Surface) -> None:
        for m in self.g.melds:
            r = self.meld_labels.get(m.id)
            box = self.meld_boxes.get(m.id)
            if r is None or box is None:
                continue
            self._draw_tag(surface, self._meld_tag(m), r, max(r.w, box.w, self.label_room.get(m.id, 0)),
                           self._seat_colour(m.owner))
        # a hand turned face up (the round is over): a light tag, unlike a meld's
        for seat, r in self.hand_labels.items():
            if r is not None:
                self._draw_tag(surface, HAND_TAG, r, max(r.w, self.laid_out().seats[seat].melds.right - r.x),
                               (245, 240, 220))

    def named_meld(self) -> int | None:
        """The meld whose tag shows whole, over its neighbours, when it is cut to its room
        (a crowded meld area): the drag's target, the meld in the keyboard's focus, the one
        the mouse is over, or the hint's."""
        g = self.g
        if self.drag is not None:
            return self.hot_meld
        if self.keyboard and self.focus_zone == "melds" and g.melds:
            return g.melds[min(self.focus_index, len(g.melds) - 1)].id
        return self.hover_meld if self.hover_meld is not None else self.hint_meld

    def _draw_whole_tag(self, surface: pygame.Surface, over_drag: bool = False) -> None:
        """The named meld's tag whole, where it is cut to its room; ``over_drag``: the drag's
        target, drawn over the card being dragged (which would hide it), cut or not."""
        mid = self.named_meld()
        m = next((m for m in self.g.melds if m.id == mid), None)
        if m is None or m.id not in self.meld_labels or m.id not in self.meld_boxes:
            return
        r, box = self.meld_labels[m.id], self.meld_boxes[m.id]
        text = self._meld_tag(m)
        w = self.text.font(self._tag_size(), True).size(text)[0] + 8
        if w <= max(r.w, box.w, self.label_room.get(m.id, 0)) and not over_drag:
            return  # (drawn whole already)
        right = self.laid_out().play.right - 2
        chip = Rect(max(2, min(r.x, right - w)), r.y, w, r.h)
        pygame.draw.rect(surface, (20, 20, 20), chip.inflate(4, 4), border_radius=max(3, chip.h // 3) + 2)
        self._draw_tag(surface, text, chip, min(w, right - chip.x) + 8, self._seat_colour(m.owner))

    def _draw_tag(self, surface: pygame.Surface, text: str, r: Rect, room: int, fill) -> None:
        """A tag over cards on the table: dark words on a rounded chip of ``fill`` at
        ``r``'s top left, cut to ``room`` pixels. A meld's number ("#3", which the "9♣ → #3"
        chips name) is kept before anything else: where not even "#3 k…" fits, the number
        alone (it was cut to "#…"). Its letters are no taller than the chip allows (a crowded
        seat's small cards have a low chip: the window's size of letters stood out of it)."""
        size = min(self._tag_size(), max(10, r.h))
        ident = text.split(" ", 1)[0] if text.startswith("#") else None
        if ident is not None and " " in text:
            font = self.text.font(size, True)
            if font.size(text)[0] > room - 8 and font.size(ident + " x…")[0] * 0.9 > room - 8:
                text = ident
        if text == ident:  # the number alone is never cut (a "→ #24" chip names it): smaller
            # letters, down to 8 px, then whole over the next tag ("#…" was shown: a tester)
            while size > 8 and self.text.font(size, True).size(text)[0] > room - 8:
                size -= 1
            img = self.text.render(text, size, (20, 20, 20), bold=True)
        else:
            img = self.text.fit(text, size, room - 8, (20, 20, 20), bold=True)
        chip = Rect(r.x, r.y, img.get_width() + 8, r.h)
        pygame.draw.rect(surface, fill, chip, border_radius=max(3, chip.h // 3))
        surface.blit(img, img.get_rect(midleft=(chip.x + 4, chip.centery)))

    def laid_elsewhere(self) -> dict[int, list[tuple[Card, Meld]]]:
        """Each seat's cards laid on other seats' melds, with the meld, in the order they
        were laid (those laid before a load first)."""
        elsewhere: dict[int, list[tuple[Card, Meld]]] = {}
        for m in self.g.melds:
            for card, seat, _ in m.placed():
                if seat != m.owner:
                    elsewhere.setdefault(seat, []).append((card, m))
        order = self.c.laid_order
        for items in elsewhere.values():
            items.sort(key=lambda item: order.get(item[0], -1))
        return elsewhere

    @staticmethod
    def chip_text(cards: Sequence[Card], m: Meld) -> str:
        """A "laid off" chip's words: ``9♣ → #3``, ``5♦ 5♣ → #1``."""
        return f"{cards_name(cards)} → #{m.id}"

    def _draw_laid_elsewhere(self, surface: pygame.Surface) -> None:
        """In each seat's meld area, the cards it laid on other seats' melds: ``9♣ → #3``,
        with the same label colour as that meld, so one meld reads as one across seats."""
        fs = self._chip_size()
        for seat, items in self.laid_elsewhere().items():
            area = self.elsewhere.get(seat)  # (placed in _place, with the state)
            if area is None:
                continue
            y = area.y
            # a row of its own, named, so the chips do not read as part of a meld above
            word = self.text.render(LAID_OFF_TAG, fs, LAID_OFF_INK)
            surface.blit(word, word.get_rect(midleft=(area.x, y + (fs + 4) // 2)))
            x0 = area.x + word.get_width() + 6
            font = self.text.font(fs, True)

            def more(n: int) -> pygame.Surface:
                return self.text.render(f"+{n}", fs, LAID_OFF_INK, bold=True)

            # cards laid one after another on the same meld may share a chip ("5♦ 5♣ → #1",
            # as wide as the row): chip by chip or shared, whichever shows more of them
            best = None
            for share in (True, False):
                chips: list[tuple[list[Card], Meld]] = []
                for card, m in items:
                    if share and chips and chips[-1][1] is m and \
                            font.size(self.chip_text(chips[-1][0] + [card], m))[0] + 10 <= area.right - x0:
                        chips[-1][0].append(card)
                    else:
                        chips.append(([card], m))
                widths = [font.size(self.chip_text(cards, m))[0] + 10 for cards, m in chips]
                spots = self.chip_spots(area, x0, y, widths, fs + 4,
                                        lambda n, chips=chips: more(sum(len(cs) for cs, _ in chips[-n:])).get_width())
                shown = sum(len(cards) for cards, _ in chips[:len(spots)])
                if best is None or shown > best[0]:
                    best = (shown, chips, spots)
            assert best is not None
            _, chips, spots = best
            imgs = [self.text.render(self.chip_text(cards, m), fs, (20, 20, 20), bold=True)
                    for cards, m in chips[:len(spots)]]
            for (_, m), img, chip in zip(chips, imgs, spots):
                pygame.draw.rect(surface, self._seat_colour(m.owner), chip, border_radius=chip.h // 2)
                surface.blit(img, img.get_rect(center=chip.center))
            if len(spots) < len(chips):  # (counted in cards)
                img = more(sum(len(cards) for cards, _ in chips[len(spots):]))
                at = (spots[-1].right + 4, spots[-1].centery) if spots else (x0, y + (fs + 4) // 2)
                surface.blit(img, img.get_rect(midleft=at))

    @staticmethod
    def chip_spots(area: Rect, x0: int, y: int, widths: list[int], h: int, count_w) -> list[Rect]:
        """Where the "laid off" chips of ``widths`` go, from ``(x0, y)``: along the line, and
        on to further lines (starting at ``x0`` again) while ``area`` has room below; those
        that do not fit are left out, and as many more as the count of them ("+3",
        ``count_w(n)`` pixels wide) needs to follow the last one shown."""
        line_h = h + 3
        lines = max(1, (area.bottom - y + 3) // line_h)
        spots: list[Rect] = []
        x, row = x0, 0
        for w in widths:
            if x > x0 and x + w > area.right:
                x, row = x0, row + 1
            if row >= lines:
                break
            spots.append(Rect(x, y + row * line_h, w, h))
            x += w + 4
        while spots and len(spots) < len(widths) and (
                spots[-1].right + 4 + count_w(len(widths) - len(spots)) > area.right):
            spots.pop()
        return spots

    @staticmethod
    def _tab_rect(p: Place) -> Rect:
        r = p.rect
        h = max(3, r.h // 20)
        return Rect(r.x + 2 if p.tab_x is None else p.tab_x, r.bottom + 1,
                    max(4, int(r.w * 0.3)) if p.tab_w is None else p.tab_w, h)

    def _draw_tab(self, surface: pygame.Surface, p: Place) -> None:
        """A small seat-coloured tab under a melded card: whose card it is."""
        tab = self._tab_rect(p)
        pygame.draw.rect(surface, self._seat_colour(p.seat if p.seat is not None else 0), tab,
                         border_radius=tab.h // 2)

    def hand_tags(self) -> dict[Card, str]:
        """Cards in the person's hand that carry a tag: the upcard ("up", the others saw
        it dealt) and the deepest card taken from the pile ("took", it must be used), or the
        top card taken alone where it may not be discarded this turn ("took" too), a card
        drawn from the stock that must be melded or discarded ("drew"), and otherwise the
        card drawn from the stock this turn, and the other cards taken from the pile ("new":
        in a sorted hand they may land anywhere)."""
        g = self.g
        hand = g.hands[self.bottom]
        tags = {}
        up = g.upcards[self.bottom]
        if up is not None and up in hand:
            tags[up] = "up"
        must = g.must_use if self.c.human_to_act else None
        if must is not None and must in hand:
            tags[must] = "took"
        top = g.kept_top if self.c.human_to_act else None
        if top is not None and top in hand:
            tags[top] = "took"
        drew = g.stock_card if self.c.human_to_act else None
        if drew is not None and drew in hand:  # (stock_draw_must_use: meld it or discard it)
            tags[drew] = "drew"
        new = self.drew_new
        if new is not None and self.c.human_to_act and new[1] == self.turn_key() and new[0] in hand:
            tags.setdefault(new[0], "new")
        took = self.took_new
        if took is not None and self.c.human_to_act and took[1] == self.turn_key():
            for card in took[0]:
                if card in hand:
                    tags.setdefault(card, "new")
        return tags

    def tag_rects(self) -> dict[Card, Rect]:
        """Where each hand tag goes: over the card's visible strip (a fanned card shows only
        its left part), above the frames drawn on the cards."""
        tags = self.hand_tags()
        if not tags:
            return {}
        row = sorted((p.rect for c, p in self.draw_list if p.zone == "hand"), key=lambda r: r.x)
        out = {}
        fs = max(9, self.laid_out().font_small - 4)
        for c in tags:
            p = self.places.get(c)
            if p is None or p.zone != "hand":
                continue
            r = p.rect
            nxt = next((q.x for q in row if q.x > r.x and q.y == r.y), None)
            strip = r.w if nxt is None else max(1, min(r.w, nxt - r.x))
            w, h = self.text.render(tags[c], fs, (20, 20, 20), bold=True).get_size()
            tag = Rect(0, 0, w + 8, h)
            tag.midbottom = (r.x + strip // 2, r.y + 1)
            tag.x = max(tag.x, r.x)  # (a narrow strip: the tag starts at the card's edge)
            out[c] = tag
        return out

    def _draw_hand_tags(self, surface: pygame.Surface, skip: set) -> None:
        tags = self.hand_tags()
        for c, tag in self.tag_rects().items():
            if c not in skip:
                self._draw_hand_tag(surface, tags[c], tag)

    def _draw_hand_tag(self, surface: pygame.Surface, word: str, tag: Rect) -> None:
        fs = max(9, self.laid_out().font_small - 4)
        pygame.draw.rect(surface, ACCENT if word in ("took", "drew") else (230, 230, 215), tag,
                         border_radius=tag.h // 2)
        img = self.text.render(word, fs, (20, 20, 20), bold=True)
        surface.blit(img, img.get_rect(center=tag.center))

    def _draw_hover(self, surface: pygame.Surface, skip: set) -> None:
        """A thin frame on the card under the mouse; over the pile, on every card a take
        from there would bring (when it is the person's draw)."""
        c = self.hover
        if c is None or self.drag is not None or c in skip or self._hover_version != self.c.version:
            return  # (noted before the last move: it is looked at again once the cards settle)
        p = self.places.get(c)
        if p is None:
            return
        g = self.g
        if p.zone == "pile":
            if not self.hover_take or c not in g.pile:
                return
            self._draw_pile_frames(surface, g.pile[g.pile.index(c):], HOVER)
        elif p.zone == "hand":  # (round the part that shows: over the next card it seemed that card's)
            if c == self.raised_card():  # (drawn whole over the fan, in its focus frame: a frame
                return  # round the strip beneath showed through as a ghost card)
            r = self._shown_part(c, p.rect, always=True)
            radius = max(4, p.rect.w // 9)
            # (a dark edge round the light one: on a cream card face the light one alone fades)
            pygame.draw.rect(surface, HOVER_EDGE, r.inflate(6, 6), width=1, border_radius=radius + 1)
            pygame.draw.rect(surface, HOVER, r.inflate(4, 4), width=2, border_radius=radius)

    def _draw_pile_frames(self, surface: pygame.Surface, cards: list[Card], colour) -> None:
        """One frame round the pile ``cards`` of each row (a take and what it brings), drawn
        over the cards, so the top card is inside it like the others."""
        rects = [self.places[x].rect for x in cards if x in self.places]
        for row in sorted({r.y for r in rects}):
            same = [r for r in rects if r.y == row]
            box = same[0].unionall(same[1:]).inflate(8, 8)
            pygame.draw.rect(surface, colour, box, width=3, border_radius=max(4, box.h // 12))

    def raised_card(self) -> Card | None:
        """The hand card in the keyboard's focus when it is drawn whole over its neighbours
        (in a tight fan): a click there picks it (see ``TableInput._hand_card_at``)."""
        if not self.keyboard or self.focus_zone != "hand" or not self.order:
            return None
        c = self.order[min(self.focus_index, len(self.order) - 1)]
        p = self.places.get(c)
        if p is None or p.zone != "hand" or self._shown_part(c, p.rect) == p.rect:
            return None
        return c

    def _draw_raised(self, surface: pygame.Surface, skip: set) -> None:
        """The focused card of a tight fan, whole, over its neighbours and their tags, with
        its own marks, tag and focus frame."""
        c = self.raised_card()
        if c is None or c in skip:
            return
        r = self.places[c].rect
        surface.blit(self.art.shadow(r.size), (r.x + 3, r.y + 2))
        surface.blit(self.art.face(c, r.size, self.g.ctx.is_wild(c)), r)
        self._draw_marks(surface, c, r)
        tag = self.hand_tags().get(c)
        if tag is not None:
            self._draw_hand_tag(surface, tag, self.tag_rects()[c])
        pad = self._focus_pad(c)
        self._outline(surface, r.inflate(pad, pad), FOCUS)

    def _shown_part(self, c: Card, r: Rect, always: bool = False) -> Rect:
        """A hand card's rectangle, or in a tight fan (the next card hides most of it) the
        strip of it that shows, so a frame takes in its corner alone; ``always``: the strip
        wherever the next card covers some of it."""
        i = self.order.index(c) if c in self.order else -1
        if i < 0 or i + 1 >= len(self.order):
            return r
        nxt = self.places.get(self.order[i + 1])
        if nxt is None or nxt.rect.x >= r.right or (not always and nxt.rect.x - r.x >= r.w * TIGHT_FAN):
            return r
        return Rect(r.x, r.y, max(4, nxt.rect.x - r.x), r.h)

    def _draw_glows(self, surface: pygame.Surface) -> None:
        L = self.laid_out()
        if self.drag is not None:
            for mid in self.fits:
                box = self.meld_boxes.get(mid)
                if box is not None:
                    colour = FIT if mid != self.hot_meld else HOT
                    pygame.draw.rect(surface, colour, box.inflate(10, 8), width=3, border_radius=8)
            target = self._pile_target() if self.fit_pile else None
            if target is not None:
                self._outline(surface, target, FIT)
            if self.fit_own or (self.drag.kind in ("stock", "pile")):
                area = L.own_melds if self.fit_own else L.hand_area
                pygame.draw.rect(surface, FIT, area.inflate(-4, -4), width=3, border_radius=10)
                if self.fit_own:
                    self.text.blit(surface, "Drop here to meld", L.font_normal, area.center, FIT,
                                   anchor="center")
        if self.hint_meld is not None:
            box = self.meld_boxes.get(self.hint_meld)
            if box is not None:
                pygame.draw.rect(surface, HINT, box.inflate(10, 8), width=3, border_radius=8)
        if self.c.human_to_act and self.g.phase == "draw" and not self.g.floating[self.bottom] \
                and self.g.pile and not self.drag:
            top = self.places.get(self.g.pile[-1])
            if top is not None and self.g.pile[-1] not in self.anim.hidden():
                self._outline(surface, top.rect, (255, 255, 255))

    def _draw_marks(self, surface: pygame.Surface, c: Card, r: Rect) -> None:
        """A hand card's selection and hint frames: the selection's just outside the card
        (a wild card's gold rim stays in view), the hint's round it where it is both."""
        if c in self.selected:
            self._outline(surface, r.inflate(4, 4), SELECT)
        if c in self.hint_cards:
            self._outline(surface, r.inflate(12, 12) if c in self.selected else r, HINT)

    def _focus_pad(self, c: Card) -> int:
        """How much wider than a hand card its focus frame is: round the selection's frame,
        and round the hint's too where the hint's goes round a selection."""
        return 22 if c in self.hint_cards and c in self.selected else 12

    def _card_focus(self) -> tuple[Card, Rect] | None:
        """The hand or pile card in the keyboard's focus and its frame, a little outside the
        card, so a selection or hint frame still shows. It is drawn with the card, so the
        next card of a fan or the pile covers it as it covers the card (drawn over them, it
        hid the next card's corner index: a tester). A card raised whole in a tight fan
        gets its frame with it, over the tags (see :meth:`_draw_raised`)."""
        if not self.keyboard or self.dealing:  # (while the deal flies, its frame framed an empty place)
            return None
        g = self.g
        if self.focus_zone == "hand" and self.order:
            c = self.order[min(self.focus_index, len(self.order) - 1)]
            pad = self._focus_pad(c)
            if c == self.raised_card():
                return None
        elif self.focus_zone == "pile" and g.pile:
            c, pad = g.pile[min(self.focus_index, len(g.pile) - 1)], 10
        else:
            return None
        p = self.places.get(c)
        return None if p is None else (c, p.rect.inflate(pad, pad))

    def _draw_focus(self, surface: pygame.Surface) -> None:
        """The frame round the meld in the keyboard's focus (a card's: :meth:`_card_focus`)."""
        if not self.keyboard or self.dealing:
            return
        g = self.g
        if self.focus_zone == "melds" and g.melds:
            m = g.melds[min(self.focus_index, len(g.melds) - 1)]
            box = self.meld_boxes.get(m.id)
            if box is not None:
                pygame.draw.rect(surface, FOCUS, box.inflate(10, 8), width=3, border_radius=8)

    def _draw_tween(self, surface: pygame.Surface, t: Tween) -> None:
        r = t.rect()
        face = t.face_up()
        # a card changing size on the way (stock to hand, ...) is its resting picture scaled:
        # painting (and caching) a face for every in-between size would be slow
        base = t.dst.size if face else (t.src.size if not t.face_from else t.dst.size)
        img = self.art.face(t.card, base, t.wild) if face and t.card is not None else self.art.back(base)
        sc = t.flip_scale()
        w = max(1, int(r.w * sc))
        if (w, r.h) != img.get_size():
            img = pygame.transform.scale(img, (w, r.h))
        if sc < 0.999:
            r = Rect(r.centerx - w // 2, r.y, w, r.h)
        if sc >= 0.999:  # (the shadow of the resting size, scaled as the card is: a card
            # back drawn from the stock to a small hand left a stock-sized shadow by it)
            sh = self.art.shadow(base)
            if r.size != base:
                sh = pygame.transform.scale(sh, (r.w + 6, r.h + 6))
            surface.blit(sh, (r.x - 2, r.y - 1))
        surface.blit(img, r)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        d = self.drag
        if d is None:
            return
        face = d.kind != "stock"
        wild = self.g.ctx.is_wild
        for c, r in zip(d.cards, d.rects()):
            sh = self.art.shadow(r.size)
            surface.blit(sh, (r.x + 4, r.y + 6))
            surface.blit(self.art.face(c, r.size, wild(c)) if face else self.art.back(r.size), r)

    def _draw_drop_target(self, surface: pygame.Surface) -> None:
        """The place the dragged cards would go if let go now, marked over them: the card
        in hand is as big as the melds' cards or bigger, and hides the glow beneath."""
        drag = self.drag
        if drag is None:
            return
        if self.hot_meld is not None:  # (a drop on a meld goes to the meld, never the pile)
            box = self.meld_boxes.get(self.hot_meld) if self.hot_meld in self.fits else None
            if box is not None:
                pygame.draw.rect(surface, DROP, box.inflate(10, 8), width=4, border_radius=8)
        elif self.fit_pile and drag.kind == "hand" and self._on_pile(drag.pos):
            target = self._pile_target()
            if target is not None:
                pygame.draw.rect(surface, DROP, target.inflate(6, 6), width=4, border_radius=8)

    def _log_area(self) -> Rect:
        """The sidebar's room for the last moves: under the scores (and the teams' lines),
        over the buttons (and over the round sheet's View-table panel while it shows)."""
        L = self.laid_out()
        fn = L.font_normal
        top = L.scores.bottom + L.pad
        if self.g.rules.partnerships:
            top += 2 * (fn + 4)
        tops = [btn.rect.y for btn in self.buttons.values() if btn.visible and btn.rect.h]
        # the round sheet's View-table panel, over the sidebar's foot, also under another
        # sheet (T over it: the list ran on under the panel, a tester)
        scenes = self.app.stack.visible()
        at = next((i for i, s in enumerate(scenes) if s is self), len(scenes))
        tops += [y for y in (s.covers_sidebar_from() for s in scenes[at + 1:]) if y is not None]
        bottom = (min(tops) if tops else L.button_area.bottom) - L.pad
        return Rect(L.scores.x, top, L.scores.w, max(0, bottom - top))

    def _draw_wild_badge(self, surface: pygame.Surface) -> None:
        """The sidebar's wild panel: the round's wild rank, large (and the card that set it),
        with the wilds of every round named beside it."""
        g = self.g
        L = self.laid_out()
        fs, fn = L.font_small, L.font_normal
        b = L.wild_badge
        panel(surface, b, fill=(0, 0, 0, 70), edge=(255, 255, 255, 40), radius=10)
        # the wilds of every round, in the rules' order ("twos", "one-eyed jacks", ...)
        perm = [WILD_WORDS[p] for p in PERMANENT_WILDS if p in g.rules.permanent_wilds]
        perm_text = ", ".join(perm)
        if g.wild_rank is not None:
            self.text.blit(surface, "Wild this round", fs, (b.x + L.pad, b.y + L.pad // 2), TEXT_DIM)
            if g.indicator is not None and g.indicator in self.anim.hidden():
                return  # (named once the dealer's upcard that sets it lands: it showed first, a tester)
            body = Rect(b.x, b.y + fs + L.pad // 2, b.w, b.h - fs - L.pad // 2)
            right = b.right - L.pad
            if g.indicator is not None:
                ch = int(body.h * 0.86)
                cw = int(ch * 0.714)
                r = Rect(right - cw, body.centery - ch // 2, cw, ch)
                surface.blit(self.art.face(g.indicator, r.size, True), r)
                right = r.x - L.pad
            x = b.x + L.pad * 2
            lh = fs + 3
            plus = self.text.render("+ ", fs).get_width()
            most = max(1, body.h // lh)
            wild_lines: list[tuple[int, str]] = []  # (indent, words)

            def fits(lines: list[tuple[int, str]], room: int) -> bool:
                return len(lines) <= most and all(
                    i + self.text.render(t, fs).get_width() <= room for i, t in lines)

            for k in (0.8, 0.65, 0.5, 0.4, 0.33):  # the rank smaller when the other wilds need the room
                img = self.text.render(rank_label(g.wild_rank), int(body.h * k), GOLD, bold=True)
                wild_room = right - (x + img.get_width() + L.pad)
                # one to a line ("+ twos"; a long name on two), each named whole, when they fit so
                wild_lines = []
                for w in perm:
                    first, *more = self.text.wrap(w, fs, wild_room - plus, 2)
                    wild_lines += [(0, f"+ {first}")] + [(plus, m) for m in more]
                if fits(wild_lines, wild_room):
                    break
                # else as many to a line as fit ("+ jokers, twos")
                packed: list[tuple[int, str]] = []
                for w in perm:
                    if packed and fits([(packed[-1][0], f"{packed[-1][1]}, {w}")], wild_room):
                        packed[-1] = (packed[-1][0], f"{packed[-1][1]}, {w}")
                    else:
                        packed.append((0, f"+ {w}") if not packed else (plus, w))
                if fits(packed, wild_room):
                    wild_lines = packed
                    break
            if not fits(wild_lines, wild_room):
                wild_lines = [(0, f"+ {perm_text}")]
            surface.blit(img, img.get_rect(midleft=(x, body.centery)))
            if perm:
                tx = x + img.get_width() + L.pad
                y0 = body.centery - (len(wild_lines) * lh) // 2 + lh // 2
                for k, (indent, words) in enumerate(wild_lines):
                    self.text.blit(surface, words, fs, (tx + indent, y0 + k * lh), TEXT_DIM, anchor="midleft",
                                   max_w=max(10, right - tx - indent))
        else:
            text = f"Wild: {perm_text}" if perm else "No wild cards"
            self.text.blit(surface, text, fn, b.center, TEXT, bold=True, anchor="center", max_w=b.w - 8)

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        g = self.g
        L = self.laid_out()
        fs, fn, fb = L.font_small, L.font_normal, L.font_big
        info = L.info
        self.text.blit(surface, f"Round {g.round_no}", fb, (info.x, info.y), TEXT, bold=True)
        self.text.blit(surface, f"{g.rules.describe()} · {goal_text(g, short=True)}", fs,
                       (info.x, info.y + fb + 4), TEXT_DIM, max_w=info.w)
        self._draw_wild_badge(surface)
        # scores
        rows = L.score_rows()
        head = L.scores
        self.text.blit(surface, "Scores", fs, (head.x, head.y), TEXT_DIM)
        self.text.blit(surface, "total", fs, (head.right, head.y), TEXT_DIM, anchor="topright")
        melded = self._melded_so_far()
        # the leader in gold: the lowest total where that wins (penalty scoring); nobody
        # while every total is the same
        best = min if g.rules.lowest_total_wins else max
        # (in a team game only a side leads: its line below is gold, no player's name)
        lead = best(g.scores) if len(set(g.scores)) > 1 and not g.rules.partnerships else None
        for seat, r in enumerate(rows):
            col = self._seat_colour(seat)
            acting = g.phase in ("draw", "play", "call") and g.current == seat
            if acting:
                panel(surface, r.inflate(4, 0), fill=(255, 255, 255, 28), edge=None, radius=6)
            pygame.draw.circle(surface, col, (r.x + fs // 2, r.centery), max(3, fs // 3))
            name = self.c.seats[seat].name
            score = points_text(g.scores[seat])
            sw = self.text.render(score, fn, TEXT, bold=True).get_width()
            extra = points_text(melded[seat], True) if melded[seat] else ""
            ew = self.text.render(extra, fs, TEXT_DIM).get_width() if extra else 0
            room = r.w - sw - ew - fs - 16  # (a long name as on a narrow plate: "Wolfgang A.")
            self.text.blit(surface, self._plate_name(name, fn, room, bold=False), fn, (r.x + fs + 4, r.centery),
                           ACCENT if g.scores[seat] == lead else TEXT, anchor="midleft", max_w=room)
            self.text.blit(surface, score, fn, (r.right, r.centery), TEXT, bold=True, anchor="midright")
            if extra:
                self.text.blit(surface, extra, fs, (r.right - sw - 6, r.centery),
                               _points_colour(melded[seat], g.rules.lowest_total_wins),
                               anchor="midright")
        if g.rules.partnerships:  # seats 0 and 2 play against 1 and 3
            sides = g.sides()
            teams = g.side_scores()
            now = [sum(melded[s] for s in side) for side in sides]
            mine = g.side_of(self.c.human if self.c.human is not None else 0)

            def side(t: int, names: list[str]) -> str:  # "You & Ben 91", or "... 91 +66" with this round's points
                return f"{' & '.join(names)} {points_text(teams[t])}" + (
                    f" {points_text(now[t], True)}" if now[t] else "")

            def fitted(t: int, bold: bool) -> str:  # (long names shortened before the points are cut)
                # shorter names at full size, the longest first ("Bartholomew K. & Chloe"),
                # down to initials, rather than smaller letters: a line shrunk beside its
                # neighbour read oddly (and one shrunk while the other went to initials, too)
                texts = [side(t, step) for step in shortenings([self.c.seats[s].name for s in sides[t]])]
                return next((text for text in texts if self.text.render(text, fn, TEXT, bold).get_width() <= head.w),
                            texts[-1])

            # one line per side, the person's first (in bold): partners are named, not only
            # "them"; the leading side in gold, as a leading seat's name is above
            top = best(teams) if teams[0] != teams[1] else None
            for k, t in enumerate((mine, 1 - mine)):
                bold = k == 0 and self.c.human is not None
                self.text.blit(surface, fitted(t, bold), fn, (head.x, head.bottom - 2 + k * (fn + 4)),
                               ACCENT if teams[t] == top else TEXT,
                               bold=bold, max_w=head.w)
        # the last few moves, between the scores and the buttons (a click there, or L, shows all)
        log = self._log_area()
        log_top = log.y
        line = fs + 4
        room = (log.h - line) // line
        lines = self.c.move_lines(room) if room >= 2 else []
        if lines:
            self.text.blit(surface, "Last moves", fs, (head.x, log_top), TEXT_DIM)
            self.text.blit(surface, "all: L", fs, (head.right, log_top), TEXT_DIM, anchor="topright")
            # a move too long for one line goes on to a second, indented; the newest moves stay
            log_rows: list[tuple[int | None, str]] = []  # (the seat, on a move's first line)
            for seat, words in reversed(lines):
                # (at the narrower width of the indented lines that follow: one size of letters)
                parts = self.text.wrap(f"{self.c.seats[seat].name} {words}", fs, head.w - 2 * fs, lines=3)
                if len(log_rows) + len(parts) > room:
                    break
                log_rows.extend((None, part) for part in reversed(parts[1:]))
                log_rows.append((seat, parts[0]))
            y = log_top + line
            for mover, words in reversed(log_rows):
                if mover is not None:
                    col = self._seat_colour(mover)
                    pygame.draw.circle(surface, col, (head.x + fs // 3, y + line // 2 - 1), max(2, fs // 4))
                indent = fs if mover is not None else 2 * fs
                self.text.blit(surface, words, fs, (head.x + indent, y), (205, 215, 208),
                               max_w=head.x + head.w - (head.x + indent), inks=self._suit_inks())
                y += line
        # buttons, and the countdown under "Rummy!"
        for btn in self.buttons.values():
            btn.draw(surface, self.text, fn)
        rb = self.buttons["rummy"]
        left = self.c.call_time_left()
        if rb.visible and left > 0:
            total = max(0.1, self.c.call_window_seconds)
            bar = Rect(rb.rect.x + 6, rb.rect.bottom - 5, int((rb.rect.w - 12) * min(1.0, left / total)), 3)
            pygame.draw.rect(surface, ACCENT, bar)

    def _focused_lay_off(self) -> tuple[Card, int] | None:
        """The one selected card and the meld in focus that Enter would lay it off on."""
        g = self.g
        if self.focus_zone != "melds" or len(self.selected) != 1 or not 0 <= self.focus_index < len(g.melds):
            return None
        return self.selected[0], g.melds[self.focus_index].id

    def _status(self) -> tuple[list[str], bool]:
        """The status line's words, in one line or, where one would need letters much
        smaller than the table's (a narrow middle at 1024x640), two; and whether it is the
        person's to act (drawn bold, in gold)."""
        L = self.laid_out()
        m = L.message
        waiting = self.paused and not (self.c.human_to_act or self.c.human_may_call()) and not self.g.round_done
        status = "Dealing…" if self.dealing else "The game waits while the menu is open" if waiting else \
            self.c.status(keys=self.keyboard, focus=self.focus_zone, selected=len(self.selected),
                          x=self._x_said(),
                          pile_at=self.focus_index if self.focus_zone == "pile" else None,
                          lay_off=self._focused_lay_off(),
                          enter_draws=self.keyboard and isinstance(self.hinted(), DrawStock))
        mine = not self.dealing and (self.c.human_to_act or self.c.human_may_call())
        if self.text.font(L.font_normal, mine).size(status)[0] <= m.w * STATUS_SQUEEZE:
            return [status], mine
        return self.text.wrap(status, L.font_normal, m.w, 2, mine), mine

    def _x_said(self) -> str | None:
        """What the status line says X does: as :meth:`x_target`, but "kept" where the card in
        focus is the top card taken this turn, which may not go back (it offered "X discards
        the card in focus" for it, and X was refused: a tester)."""
        x = self.x_target()
        top = self.g.kept_top  # (the engine's: the rules keep it from going back)
        if x == "focus" and top is not None and self.order[min(self.focus_index, len(self.order) - 1)] == top:
            return "kept"
        return x

    def _status_top(self, lines: int) -> int:
        """The top of the status line's words: a second line goes above the first."""
        L = self.laid_out()
        return L.message.top - (lines - 1) * self.text.font(L.font_normal).get_linesize()

    def _draw_messages(self, surface: pygame.Surface) -> None:
        L = self.laid_out()
        m = L.message
        lines, mine = self._status()
        step = self.text.font(L.font_normal).get_linesize()
        for i, line in enumerate(reversed(lines)):  # (the last line where one line would be)
            self.text.blit(surface, line, L.font_normal, (m.centerx, m.centery - i * step),
                           ACCENT if mine else TEXT, bold=mine, anchor="center", max_w=m.w)
        above = self.app.stack.top
        repeated = getattr(above, "warning", None) if above is not None and above is not self else None
        for t, box, img in self._toast_layout(len(lines)):
            if repeated and t.text in repeated.split("\n"):
                continue  # (a sheet over the table says it above itself: once is enough)
            fill = (150, 30, 24, 225) if t.kind == "error" else (10, 30, 20, 215)
            panel(surface, box, fill=fill, edge=(255, 255, 255, 60), radius=min(box.h // 2, L.font_normal))
            img = img.copy()
            img.set_alpha(t.alpha)
            surface.blit(img, img.get_rect(center=box.center))

    def _toast_image(self, t: Toast, room: int | None = None, lines: int = 4) -> pygame.Surface | None:
        """A message's words: on two lines when one would need smaller letters, four (up to
        six) where the table is narrow: it keeps to the middle of the table, between the side
        seats (over them it hid their melds and "laid off" chips), unless even six lines
        there would cut it short. With ``room``: on up to ``lines`` lines that wide, or None
        where they would cut it short."""
        L = self.laid_out()
        size, bold = L.font_normal, t.kind == "error"
        inks = self._suit_inks() if t.kind != "error" else None  # (on a red box, one colour)
        if room is not None:
            last = self.text.wrap(t.text, size, room, lines, bold)[-1]
            if room <= 0 or self.text.render(last, size, (255, 255, 255), bold).get_width() > room:
                return None
            return self.text.block(t.text, size, room, (255, 255, 255), bold=bold, lines=lines, inks=inks)
        room = L.center.w - 28  # (the box adds 12 pixels a side)
        if room < 0.75 * (L.play.w - 40):
            # up to six lines there before going over the side seats (a hint of five lines
            # went across the whole table at five players, over their melds: a tester)
            for n in (4, 5, 6):
                narrow = self._toast_image(t, room, n)
                if narrow is not None:
                    return narrow
        return self.text.block(t.text, size, L.play.w - 40, (255, 255, 255), bold=bold, lines=3, inks=inks)

    def _toast_boxes(self, status_lines: int | None = None) -> list[tuple[Toast, Rect]]:
        """Where the messages sit: stacked up from the status line (of ``status_lines``
        lines; worked out when not given), the newest lowest."""
        return [(t, box) for t, box, _ in self._toast_layout(status_lines)]

    def _toast_layout(self, status_lines: int | None = None) -> list[tuple[Toast, Rect, pygame.Surface]]:
        """Each message with its box and words (see :meth:`_toast_boxes`). A box that would
        cover the stock or its count ("Stock 16", which matters when choosing a draw) moves
        beside them, over the pile's side of the table, and one that would cover the pile's
        cards beside those, where up to six lines there hold it (or that would come within
        ``TOAST_GAP`` of them)."""
        L = self.laid_out()
        m = L.message
        y = self._status_top(status_lines or len(self._status()[0])) - 4
        stock = L.stock_spot
        spots = L.pile_rects(len(self.g.pile))
        pile = spots[0].unionall(spots[1:]) if spots else None
        out = []
        for t in reversed(self.toasts):
            img = self._toast_image(t)
            assert img is not None
            box = img.get_rect(midbottom=(m.centerx, y)).inflate(24, 10)
            box.clamp_ip(L.play)
            # beside the stock and its count, then beside the pile's cards, where up to six
            # lines there hold it, or eight beside the stock (a hint of five lines covered the
            # pile's cards it spoke of, and a long one the count: testers)
            for covered in (stock, pile):
                # (a box touching "Stock 19" read as one with it: a tester)
                if covered is None or not box.colliderect(covered.inflate(2 * TOAST_GAP, 2 * TOAST_GAP)):
                    continue
                lane = Rect(covered.right + 4, 0, L.center.right - 4 - covered.right - 4, 0)
                # (narrower there: a long hint may take a line or two more)
                tries = (self._toast_image(t, lane.w - 24, n) for n in ((4, 5, 6, 7, 8) if covered is stock
                                                                        else (4, 5, 6)))
                beside = next((b for b in tries if b is not None), None)
                if beside is None:
                    break
                img = beside
                box = img.get_rect(midbottom=(lane.centerx, y)).inflate(24, 10)
                box.clamp_ip(L.play)
            out.append((t, box, img))
            y = box.top - 4
        return out

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        g = self.g
        L = self.laid_out()
        shade = pygame.Surface(L.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        fs, fn, fb = L.font_small, L.font_normal, L.font_big
        n = g.players
        row = fn + 10
        w = min(L.play.w - 40, int(760 * max(L.unit, 0.75)))
        teams = g.rules.partnerships and g.results
        h = fb + row * (n + 2 + (1 if teams else 0)) + fn * 2 + 90
        box = Rect(0, 0, w, h)
        box.center = L.play.center
        pygame.draw.rect(surface, (246, 244, 236), box, border_radius=14)
        pygame.draw.rect(surface, ACCENT, box, width=3, border_radius=14)
        dark = (25, 35, 30)
        res = g.results[-1] if g.results else None
        if g.phase == "game_over":
            names = ", ".join(self.c.seats[s].name for s in g.winners)
            title = f"Game over: {names} win{'s' if len(g.winners) == 1 and names != 'You' else ''}!"
        else:
            title = f"Round {g.round_no} is over"
        self.text.blit(surface, title, fb, (box.centerx, box.y + 14), dark, bold=True, anchor="midtop",
                       max_w=w - 20)
        y = box.y + 14 + fb + 10
        if res is not None:
            if res.went_out is not None:
                sub = f"{self.c.seats[res.went_out].name} went out"
            else:
                sub = "The stock ran out"
            self.text.blit(surface, sub, fs, (box.centerx, y), (80, 90, 85), anchor="midtop")
        y += fs + 12
        cols = [("", 0.04), ("melded", 0.42), ("in hand", 0.57), ("bonus", 0.71), ("round", 0.83), ("total", 0.97)]
        for label, fx in cols[1:]:
            self.text.blit(surface, label, fs, (box.x + int(w * fx), y), (90, 100, 95), anchor="topright")
        y += row
        for s in range(n):
            col = self._seat_colour(s)
            pygame.draw.circle(surface, col, (box.x + int(w * 0.04), y + fn // 2 + 2), fs // 2)
            self.text.blit(surface, self.c.seats[s].name, fn, (box.x + int(w * 0.04) + fs, y), dark, bold=True,
                           max_w=int(w * 0.3))
            if res is not None:
                vals = [res.melded[s], res.in_hand[s], res.bonus[s], res.points[s], g.scores[s]]
            else:
                vals = ["", "", "", "", g.scores[s]]
            for (label, fx), v in zip(cols[1:], vals):
                txt = (points_text(v, True) if label == "round" else points_text(v)) if isinstance(v, int) else str(v)
                self.text.blit(surface, txt, fn, (box.x + int(w * fx), y), dark, bold=label == "total",
                               anchor="topright")
            y += row
        if teams:  # (the sides' totals, as under the round sheet: the players' alone hid who won)
            lines = teams_lines(g, g.results[-1])
            line = next((t for t in lines if self.text.font(fn, True).size(t)[0] <= w - 40), lines[-1])
            self.text.blit(surface, line, fn, (box.centerx, y + 4), dark, bold=True, anchor="midtop",
                           max_w=w - 40)
        bw = int(w * 0.3)
        bh = fn + 20
        x = box.centerx - (bw * len(self.overlay_buttons) + 12 * (len(self.overlay_buttons) - 1)) // 2
        for b in self.overlay_buttons:
            b.rect = Rect(x, box.bottom - bh - 18, bw, bh)
            b.draw(surface, self.text, fn)
            x += bw + 12
