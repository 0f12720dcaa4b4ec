"""The sheets shown over the table: a round's end, the game's end, every round's
scores and every move of the round.

Each is a :class:`SheetScene`: the table shows dimmed around an opaque panel painted once
per layout (or scroll), so drawing a frame changes nothing.  They show what the engine's
state and the controller recorded; none of them decides a rule.  The table opens them
(see ``TableScene._sheet_scene`` and ``TableScene._cover``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import card_text

from . import ui_kit as ui
from .cards import sort_key_suit
from .files import why_failed
from .layout import TableLayout
from .menus import MenuScene, go_new_game, leave_to_title
from .rules_text import (
    explain_round,
    goal_text,
    points_help,
    points_text,
    preset_title,
    round_over_words,
    win_reason,
)
from .stats import Stats, strongest_opponent

if TYPE_CHECKING:
    from game.engine import GameState, Rules
    from game.engine.state import RoundResult

    from .app import App

log = logging.getLogger(__name__)

EARLIER = "earlier"  # the scores sheet's row of points from rounds a loaded game has no record of
FINAL = "bonus"  # its row of the final bonus, after the last deal's


class SheetScene(MenuScene):
    """A dialog over the table: the table shows dimmed around an opaque panel.

    A sheet's ``build()`` places ``self.body`` and the buttons, then calls
    :meth:`paint_sheet`: the veil and the panel, with everything :meth:`paint_on` puts on
    it, are painted once per layout, and a frame only copies them (drawing changes
    nothing)."""

    opaque = False
    show_felt = False
    # seconds after a sheet first shows in which Enter and Space do nothing: a key pressed
    # for the table just as the round ended (a meld, a hint) would press the sheet's button,
    # and the round's (or the game's) result would go unseen
    KEY_GUARD = 0.6
    opened: float | None = None
    body: pygame.Rect  # the panel (placed by build)
    warning: str | None = None  # the table's standing warning (a save that failed), shown above the panel
    warning_box: tuple[pygame.Surface, tuple[int, int]] | None = None

    def back(self) -> None:
        pass  # a sheet is closed by its buttons

    def enter(self) -> None:
        super().enter()
        if self.opened is None:
            self.opened = time.monotonic()

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and self.opened is not None and time.monotonic() - self.opened < self.KEY_GUARD:
            return  # (meant for the table)
        super()._handle(event)

    @property
    def human(self) -> int | None:
        """The person's seat (None: nobody plays, as in a computer-only game)."""
        return self.app.human_seat

    def paint_sheet(self) -> None:
        """Paint ``self.veil`` and ``self.sheet`` (drawn at ``self.sheet_at``)."""
        t = self.theme
        self.veil = pygame.Surface(t.size, pygame.SRCALPHA)
        self.veil.fill((0, 0, 0, 150))
        margin = t.px(12)
        self.sheet = pygame.Surface((self.body.width + 2 * margin, self.body.height + 2 * margin),
                                    pygame.SRCALPHA)
        self.sheet_at = (self.body.x - margin, self.body.y - margin)
        body = self.body.move(-self.sheet_at[0], -self.sheet_at[1])
        # the panel is opaque: the table shows dimmed around it, not ghosted behind its rows
        ui.rounded_rect(self.sheet, ui.PANEL[:3], body, t.px(14))
        ui.panel(self.sheet, body, t)
        self.paint_on(self.sheet, body)
        self._paint_warning()

    def warn(self, text: str | None) -> None:
        """Show ``text`` (one warning a line) in a red box above the panel (the table's
        messages are under the sheet): a save that failed, a save that was damaged."""
        self.warning = text
        self._paint_warning()
        self.app.invalidate()

    def _paint_warning(self) -> None:
        self.warning_box = None
        if not self.warning or not hasattr(self, "sheet_at"):
            return
        t = self.theme
        font = t.font(15, True)
        pad = t.px(8)
        width = min(self.body.width, t.size[0] - 2 * pad)
        lines = [line for part in self.warning.split("\n") for line in ui.wrap_text(part, font, width - 2 * pad)]
        box = pygame.Surface((width, len(lines) * font.get_linesize() + 2 * pad), pygame.SRCALPHA)
        ui.rounded_rect(box, ui.ERROR_BG[:3], box.get_rect(), t.px(8))
        ui.rounded_rect(box, (220, 90, 70), box.get_rect(), t.px(8), 1)
        for i, line in enumerate(lines):
            ui.draw_text(box, line, font, ui.ERROR, (pad, pad + i * font.get_linesize()))
        # in the room above the panel; with none, over the panel's top edge
        top = max(t.px(4), self.sheet_at[1] - box.get_height() - t.px(4))
        self.warning_box = box, (self.body.centerx - width // 2, top)

    def paint_on(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """What the panel ``body`` of ``surface`` shows besides the buttons (subclasses)."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.veil, (0, 0))
        surface.blit(self.sheet, self.sheet_at)
        for w in self.widgets:
            if w.visible:
                w.draw(surface, self.theme)
        if self.warning_box is not None:
            surface.blit(*self.warning_box)


def _names(state: GameState) -> list[str]:
    return [state.seat_name(s) for s in range(state.players)]


def _sides(state: GameState) -> list[list[int]] | None:
    """The teams when partners score together, else None."""
    if not state.rules.partnerships:
        return None
    return [list(side) for side in state.sides()]


def _side_name(side: list[int], names: list[str]) -> str:
    return " & ".join(names[s] for s in side)


def _points_colour(rules: Rules, points: int) -> tuple:
    """Green for points that help, red for points that hurt (with penalty scoring, where
    the lowest total wins, points scored are the ones that hurt), grey for none."""
    if not points:
        return ui.MUTED
    return ui.OK if points_help(points, rules.lowest_total_wins) else ui.ERROR


def teams_lines(state: GameState, res: RoundResult) -> list[str]:
    """Under a team game's round sheet: each team's points this round, then its total; the
    line with the names whole, then with them shortened step by step, the longest first
    (see :func:`ui_kit.shortenings`)."""
    sides = state.sides()
    seats = [s for side in sides for s in side]
    names = _names(state)
    out = []
    for step in ui.shortenings([names[s] for s in seats]):
        called = dict(zip(seats, step))
        out.append("Teams  ·  " + "     ".join(
            f"{' & '.join(called[s] for s in side)}: {points_text(sum(res.points[s] for s in side), True)} → "
            f"{points_text(total)}"
            for side, total in zip(sides, state.side_scores())))
    return out


def _title_and_note(surface: pygame.Surface, t: ui.Theme, inner: pygame.Rect, title: str, note: str) -> int:
    """A sheet's title at the top left and ``note`` at its right, on two lines where one
    would run into the title ("…until a player whose team is at or over it goes out" was
    drawn over "Round 1 is over": a tester); the y under them."""
    tf, nf = t.font(28, True), t.font(16, True)
    ui.draw_text(surface, title, tf, ui.GOLD, (inner.x, inner.y), "topleft", shadow=True)
    room = max(t.px(80), inner.width - tf.size(title)[0] - t.px(24))
    lines = [note]
    if nf.size(note)[0] > room:  # two lines of about the same width (no lone word on the second)
        words = note.split(" ")
        splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
        fits = [pair for pair in splits if max(nf.size(x)[0] for x in pair) <= room]
        lines = list(min(fits, key=lambda pair: max(nf.size(x)[0] for x in pair))) if fits else \
            [ui.fit_text(note, nf, room)]
    y = inner.y + (t.px(8) if len(lines) == 1 else 0)
    for line in lines:
        ui.draw_text(surface, line, nf, ui.MUTED, (inner.right, y), "topright")
        y += nf.get_linesize()
    return max(inner.y + tf.get_linesize(), y)


class RoundEndScene(SheetScene):
    """Where each player's points came from in the round just played, the cards left in
    each hand, and the totals. **View table** (V) puts the sheet aside to look at the table
    as the round ended; **Back to scores** (V, Esc, Enter) brings it back. T shows every
    round's scores, and L (when the table gives ``on_moves``) the moves of the round; Esc
    goes to the title screen (the game is saved; Continue brings the sheet back)."""

    def __init__(self, app: App, state: GameState, on_next: Callable[[], object] | None,
                 on_moves: Callable[[], object] | None = None,
                 on_look: Callable[[tuple[int, int] | None], object] | None = None,
                 floaters_drew: Sequence[int] = ()):
        self.state = state
        self.floaters_drew = list(floaters_drew)  # the floating seats that drew as the round ended
        self.on_next = on_next
        self.on_moves = on_moves
        self.on_look = on_look  # (the mouse over the table while it is looked at; None: gone)
        self.mouse_at: tuple[int, int] | None = None
        self.result = state.results[-1] if state.results else None
        self.peeking = False  # the sheet is put aside: the table shows
        self.key_spots: list[tuple[pygame.Rect, int]] = []  # the keys' lines, on the screen, and their keys
        super().__init__(app)
        self.show_focus = True
        self.focus.focus(self.find("next"))

    def next_round(self) -> None:
        if self.on_next is not None:
            self.on_next()

    def covers_sidebar_from(self) -> int | None:
        return self.peek_box.top if self.peeking else None

    def peek(self, on: bool) -> None:
        """Put the sheet aside (the table under it shows whole) or bring it back."""
        self.peeking = on
        for w in self.widgets:
            w.visible = (w.name == "back") == on
            w.hover = w.pressed = False
        if self.on_look is not None:  # (the table's hover shows only while it is looked at)
            self.on_look(self.mouse_at if on else None)
        self.refocus(self.find("back" if on else "next"))
        self.app.invalidate()

    def handle(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):  # (where the mouse was last seen: positions come with events)
            self.mouse_at = event.pos
        if self.peeking and event.type == pygame.MOUSEMOTION and self.on_look is not None:
            self.on_look(event.pos)  # (a meld under the mouse shows its tag whole, as in play)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.peeking:
            # a click on a key's line does what the key does ("T: every round's scores"
            # could not be reached with the mouse: a tester)
            hit = next((k for r, k in self.key_spots if r.collidepoint(event.pos)), None)
            if hit is not None:
                self.on_key(pygame.event.Event(pygame.KEYDOWN, key=hit, mod=0, unicode=""))
                return
        super().handle(event)

    def _open_sheet(self, key: int) -> bool:
        """T: every round's scores; L: this round's moves; F1: the rules. True if opened."""
        if key == pygame.K_t:
            show_scores(self.app, self.state)
        elif key == pygame.K_F1:
            show_rules(self.app, self.state)
        elif key == pygame.K_l and self.on_moves is not None:
            self.on_moves()
        else:
            return False
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.peeking:
            if key in (pygame.K_v, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                       pygame.K_TAB, pygame.K_BACKSPACE):
                self.peek(False)
            elif key in (pygame.K_t, pygame.K_l, pygame.K_F1):  # (the sheets the table opens: over the view)
                self._open_sheet(key)
            return True  # nothing else while the table is looked at
        if key == pygame.K_v:
            self.peek(True)
            return True
        if key in (pygame.K_t, pygame.K_l, pygame.K_F1) and self._open_sheet(key):
            return True
        if key == pygame.K_ESCAPE and hasattr(self.app, "go_title"):
            # as on the winners' sheet: the title screen; the game is saved, and Continue
            # brings this sheet back
            self.app.go_title()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            current = self.focus.current if self.show_focus else None
            target = current or self.find("next")
            if target is not None:
                target.activate()
            return True
        return False

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        t = self.theme
        w, h = t.size
        n = self.state.players
        self.card_font = t.font(16, True)
        self.name_h = t.px(24)
        self.row_h = self.name_h + self.card_font.get_linesize() + 2 + t.px(7)
        pw = min(w - t.px(40), t.px(980))
        # the sentences saying how the round was scored: up to five lines (two are allowed
        # for), the last ending in "…" where even these are too few
        st, res = self.state, self.result
        sf = t.font(15)
        last = res is not None and bool(st.results) and res is st.results[-1]  # (its melds on the table)
        self.explanation = [] if res is None else ui.wrap_text(
            explain_round(st.rules, res, _names(st), last and st.went_out_early(),
                          doubled=last and any(m.double for m in st.melds),
                          graced=last and st.first_out_turn,
                          floaters_drew=self.floaters_drew if last else ()),
            sf, pw - t.px(48))
        if len(self.explanation) > 5:
            self.explanation = self.explanation[:4] + [ui.fit_text(" ".join(self.explanation[4:]), sf, pw - t.px(48))]
        need = (t.px(206) + max(0, len(self.explanation) - 2) * sf.get_linesize()
                + n * self.row_h + (t.px(34) if _sides(self.state) else 0))
        ph = min(h - t.px(40), need)
        self.body = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bh, bw, gap = t.px(46), t.px(200), t.px(16)
        label = "See the result" if self.state.winners else "Next round"
        by = self.body.bottom - bh - t.px(18)
        nxt = ui.Button(label, self.next_round, pygame.Rect(self.body.centerx + gap // 2, by, bw, bh),
                        primary=True, name="next")
        view = ui.Button("View table (V)", lambda: self.peek(True),
                         pygame.Rect(self.body.centerx - gap // 2 - bw, by, bw, bh), name="view", size=17)
        # while the table is looked at: a small panel in the bottom corner, over the sidebar's
        # buttons (none of them can be used until the next deal)
        pad = t.px(12)
        # (the box stays within the sidebar, the hand is beside it, and it covers the Menu
        # button, the only one the table shows between rounds, edge to edge)
        area = TableLayout((w, h), n).button_area
        m = max(2, min(t.px(4), (w - area.right) // 2))
        self.peek_box = pygame.Rect(0, 0, area.w + 2 * m, t.font(14).get_linesize() + bh + 3 * pad)
        self.peek_box.bottomright = (area.right + m, area.bottom + m)
        back_w = self.peek_box.width - 2 * pad
        size = 16  # (smaller where the sidebar is narrow for the theme's size: the whole label shows)
        while size > 11 and t.font(size, True).size("Back to scores (V)")[0] > back_w - t.px(14):
            size -= 1
        back = ui.Button("Back to scores (V)", lambda: self.peek(False),
                         pygame.Rect(self.peek_box.x + pad, self.peek_box.bottom - pad - bh, back_w, bh),
                         primary=True, name="back", size=size)
        self.widgets = [view, nxt, back]
        for wd in self.widgets:
            wd.visible = (wd.name == "back") == self.peeking
        self.refocus(self.find("back" if self.peeking else "next"))
        self.paint_sheet()
        self.peek_note = self.paint_peek_note(back.rect)

    def hand_cards(self, seat: int) -> list[tuple[str, int, bool]]:
        """The cards left in a seat's hand, sorted by suit and rank, wild cards last, as
        (text, suit, wild) for :func:`ui.card_tiles`."""
        ctx = self.state.ctx
        return [(card_text(int(c) & 127), (c >> 4) & 7, ctx.is_wild(c))
                for c in sorted(self.state.hands[seat], key=lambda c: sort_key_suit(ctx, c))]  # (as the table sorts)

    def paint_on(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        t = self.theme
        st, res = self.state, self.result
        rules = st.rules
        names = _names(st)
        inner = body.inflate(-t.px(48), -t.px(36))
        title, goal = round_over_words(st, res.round) if res is not None else ("Round over", goal_text(st))
        y = _title_and_note(surface, t, inner, title, goal) + t.px(2)
        if res is None:
            return
        sf = t.font(15)
        for line in self.explanation:
            ui.draw_text(surface, line, sf, ui.INK, (inner.x, y))
            y += sf.get_linesize()
        y += t.px(14)
        human = self.human
        # (no Bonus column where the rules give none: it was a column of dashes)
        cols = (("Player", 0.0, "midleft"), ("Melded", 0.40, "midright"), ("In hand", 0.53, "midright"),
                ("Bonus", 0.66, "midright"), ("This round", 0.82, "midright"), ("Total", 1.0, "midright")) \
            if rules.may_give_bonus else \
            (("Player", 0.0, "midleft"), ("Melded", 0.46, "midright"), ("In hand", 0.64, "midright"),
             ("This round", 0.82, "midright"), ("Total", 1.0, "midright"))
        hf = t.font(15, True)
        for text, fx, anchor in cols:
            ui.draw_text(surface, text, hf, ui.GOLD, (inner.x + round(inner.width * fx), y + t.px(10)), anchor)
        y += t.px(22)
        pygame.draw.line(surface, (150, 130, 70), (inner.x, y), (inner.right, y), 1)
        y += t.px(4)
        bottom = self.widgets[0].rect.y - self.sheet_at[1] - t.px(12)
        bottom -= t.px(34) if _sides(st) else 0
        row_h = min(self.row_h, max(self.name_h + 4, (bottom - y) // max(1, st.players)))
        bf, rf = t.font(16, True), t.font(16)
        # (a minus only where the hand was taken off: not on an empty stock whose hands count
        # for nobody, where "−20" read as a deduction: a tester)
        counted = res.went_out is not None or rules.hands_count_on_empty_stock
        hand_sign = -1 if rules.round_scoring == "melds_minus_hand" and counted else 1
        four = self.app.settings.four_colour
        indent = t.px(14)
        self.hand_rows: list[pygame.Rect] = []  # where each hand's cards are, on the screen (row order)
        sides = _sides(st)
        self.row_seats = [s for side in sides for s in side] if sides else list(range(st.players))
        # a name reaches the first column of points (less its widest figure): "★ went out" was
        # cut to "★ went…" after a long name with room to spare (a tester)
        first = cols[1]
        widest = max([hf.size(first[0])[0]] + [rf.size(points_text(v))[0] for v in res.melded])
        name_room = max(round(inner.width * 0.30), round(inner.width * first[1]) - widest - t.px(14))
        for s in self.row_seats:  # (partners one under the other)
            if sides and s != self.row_seats[0] and any(s == side[0] for side in sides):
                pygame.draw.line(surface, (150, 130, 70), (inner.x, y - 1), (inner.right, y - 1), 1)
            cy = y + self.name_h // 2 + t.px(2)
            if s == human:
                ui.rounded_rect(surface, (255, 255, 255, 22),
                                pygame.Rect(inner.x - t.px(8), y + 1, inner.width + t.px(16), row_h - 2), t.px(6))
            ui.draw_text(surface, self._name_cell(names[s], res.went_out == s, bf, name_room), bf, ui.INK,
                         (inner.x, cy), "midleft")
            hand = res.in_hand[s]
            hand_text = points_text(-hand if hand_sign < 0 else hand)
            melded = points_text(res.melded[s]) if rules.melds_score else "–"  # (basic: hands only)
            vals = (melded, hand_text, *([points_text(res.bonus[s]) if res.bonus[s] else "–"]
                                         if rules.may_give_bonus else []),
                    points_text(res.points[s], True), points_text(st.scores[s]))
            for (_, fx, anchor), val in zip(cols[1:], vals):
                font = bf if anchor and fx >= 0.82 else rf
                colour = ui.INK
                if fx == 0.82:
                    colour = _points_colour(rules, res.points[s])
                ui.draw_text(surface, val, font, colour, (inner.x + round(inner.width * fx), cy), anchor)
            # the cards left in the hand, under the name
            if row_h >= self.row_h - t.px(4):
                cards = self.hand_cards(s)
                ty = y + self.name_h + t.px(2)
                self.hand_rows.append(pygame.Rect(inner.x + indent + self.sheet_at[0], ty + self.sheet_at[1],
                                                  inner.width - indent, self.card_font.get_linesize() + 2))
                if cards:
                    tiles, _ = ui.card_tiles(cards, self.card_font, inner.right - inner.x - indent, four)
                    surface.blit(tiles, (inner.x + indent, ty))
                else:
                    ui.draw_text(surface, "no cards left", t.font(14), ui.FAINT, (inner.x + indent, ty))
            y += row_h
        if sides:  # (long names shortened before the points are: "Anastasia R. & Ben: +127 → 127")
            lines = teams_lines(st, res)
            line = next((text for text in lines if bf.size(text)[0] <= inner.width), lines[-1])
            ui.draw_text(surface, ui.fit_text(line, bf, inner.width), bf, ui.GOLD, (inner.x, y + t.px(8)), "topleft")
        # the keys for the longer lists, beside the buttons
        view = self.find("view")
        if view is not None:
            keys = [("T: every round's scores", pygame.K_t)] + (
                [("L: this round's moves", pygame.K_l)] if self.on_moves else [])
            if hasattr(self.app, "go_title"):
                keys.append(("Esc: the title screen", pygame.K_ESCAPE))
            kf = t.font(14)
            room = view.rect.x - self.sheet_at[0] - inner.x - t.px(12)
            cy = view.rect.centery - self.sheet_at[1] - (len(keys) - 1) * kf.get_linesize() // 2
            self.key_spots = []
            for i, (words, k) in enumerate(keys):
                drawn = ui.draw_text(surface, ui.fit_text(words, kf, room), kf, ui.MUTED,
                                     (inner.x, cy + i * kf.get_linesize()), "midleft")
                self.key_spots.append((drawn.move(self.sheet_at).inflate(0, 2), k))

    @staticmethod
    def _name_cell(name: str, went_out: bool, font: pygame.font.Font, room: int) -> str:
        """A player's name on the sheet, with "★ went out" after it whole where the name
        can be shortened to leave it room."""
        if not went_out:
            return ui.fit_text(name, font, room)
        mark = "  ★ went out"
        whole = name + mark
        if font.size(whole)[0] <= room:
            return whole
        left = room - font.size(mark)[0]
        if left >= font.size("Mmm…")[0]:
            return ui.fit_text(name, font, left) + mark
        return ui.fit_text(whole, font, room)

    def paint_peek_note(self, button: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        """The small panel of **Back to scores** while the table is looked at, with a line
        naming the round."""
        t = self.theme
        box = self.peek_box
        note = pygame.Surface((box.width + t.px(8), box.height + t.px(8)), pygame.SRCALPHA)
        ui.rounded_rect(note, ui.PANEL[:3], pygame.Rect(0, 0, box.width, box.height), t.px(14))  # opaque
        ui.panel(note, pygame.Rect(0, 0, box.width, box.height), t)
        font = t.font(14)
        res = self.result
        text = f"Round {res.round}, as it ended" if res is not None else "The table as the round ended"
        ui.draw_text(note, ui.fit_text(text, font, box.width - t.px(20)), font, ui.MUTED,
                     (box.width // 2, (button.y - box.y) // 2), "center")
        return note, box

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if not self.peeking:
            super().draw(surface)
            return
        note, box = self.peek_note  # the table shows as it is, with a way back
        surface.blit(note, box.topleft)
        for w in self.widgets:
            if w.visible:
                w.draw(surface, self.theme)


def show_scores(app: App, state: GameState) -> None:
    """Put :class:`ScoresScene` over whatever shows (the table, a round's sheet)."""
    app.stack.push(ScoresScene(app, state))


def show_rules(app: App, state: GameState) -> None:
    """F1 on a round's or the game's sheet: the rules of this game, as F1 at the table."""
    from .menus import RulesScene

    app.stack.push(RulesScene(app, state.rules, browse=False, controls=True, players=state.players))


class _ListSheet(SheetScene):
    """A sheet over the table listing rows that may not all fit, with a **Back** button;
    the table waits underneath. ``close_key`` (or Esc, Enter, Space) closes it. ↑ ↓ move a
    row, Page Up/Down a page, Home/End to either end, a notch of the wheel ``wheel_rows``
    rows; ``scroll_by`` does the moving, and ``room`` is the rows a page shows."""

    holds_below = True  # the table waits, as under the rules
    close_key = pygame.K_ESCAPE
    room = 0
    wheel_rows = 1

    def __init__(self, app: App):
        super().__init__(app)
        self.show_focus = True
        self.focus.focus(self.find("back"))

    def back(self) -> None:
        self.app.stack.pop()

    def scroll_by(self, delta: int) -> None:
        raise NotImplementedError

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (self.close_key, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.back()
            return True
        page = max(1, self.room - 2)
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                 pygame.K_HOME: -10**9, pygame.K_END: 10**9}
        if event.key in steps:
            self.scroll_by(steps[event.key])
            return True
        return False

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(event.y) * self.wheel_rows)
            return
        super()._handle(event)

    def repaint(self) -> None:
        self.paint_sheet()
        self.app.invalidate()

    def place(self, width: int, height: int) -> None:
        """The panel, ``width`` by ``height`` (or as tall as the window allows) in the middle,
        with the **Back** button at its foot, in focus; then paint it."""
        t = self.theme
        w, h = t.size
        height = min(h - t.px(40), height)
        self.body = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        bh, bw = t.px(46), t.px(200)
        self.widgets = [ui.Button("Back", self.back, pygame.Rect(self.body.centerx - bw // 2,
                                                                 self.body.bottom - bh - t.px(18), bw, bh),
                                  primary=True, name="back")]
        self.refocus(self.find("back"))
        self.paint_sheet()

    def paint_title(self, surface: pygame.Surface, body: pygame.Rect, title: str,
                    note: str) -> tuple[pygame.Rect, int]:
        """The sheet's title, and ``note`` at its right; (the inner rect, the y under them)."""
        t = self.theme
        inner = body.inflate(-t.px(48), -t.px(36))
        return inner, _title_and_note(surface, t, inner, title, note)


class ScoresScene(_ListSheet):
    """The points of every round so far, a column per player (per team when partners score
    together), and the totals (T at the table, or its menu). When the rounds do not all fit,
    the ones out of view are summed in a row above or below the rounds shown one by one, so
    every column still adds up to its total; the wheel, the arrow keys, Page Up/Down and
    Home/End move through them (it opens at the last round). **Back** (Esc, Enter, T)
    returns to the table, which waits underneath."""

    close_key = pygame.K_t

    def __init__(self, app: App, state: GameState):
        self.state = state
        self.skip: int | None = None  # rounds summed above the ones shown; None: the last ones show
        super().__init__(app)

    def scrolls(self) -> bool:
        """Whether there are more rounds than rows to show them in."""
        return len(self.entries()) > self.room >= 3

    def last_skip(self) -> int:
        """The rounds summed above the rest when the last round shows."""
        return max(0, len(self.entries()) - self.room + 1)

    def scroll_by(self, delta: int) -> None:
        """Show later (``delta`` > 0) or earlier rounds. A summed row holds two rounds at
        least, so the view never sums the first round alone."""
        if not self.scrolls() or not delta:
            return
        last = self.last_skip()
        now = last if self.skip is None else self.skip
        new = max(0, min(last, now + delta))
        if new == 1:
            new = 2 if delta > 0 else 0
        self.skip = None if new >= last else new
        if new != now:
            self.repaint()

    def columns(self) -> list[tuple[str, list[int]]]:
        """(heading, seats) for each column: the teams, or each seat."""
        names = _names(self.state)
        sides = _sides(self.state)
        if sides:
            return [(_side_name(side, names), side) for side in sides]
        return [(names[s], [s]) for s in range(self.state.players)]

    def rows(self, room: int, skip: int | None = None) -> list[tuple[str, list[int], list[bool]]]:
        """(label, points per column, went out per column) for at most ``room`` rows of
        rounds. When they do not all fit, ``skip`` rounds are summed in the first row (None:
        as many as it takes for the last round to show), then come the rounds one by one,
        and the rounds after them are summed in the last row."""
        carry = self.carried()
        if carry is not None:  # (the row of points from rounds the game has no record of)
            room = max(1, room - 1)
        cols = self.columns()
        first = [(EARLIER, carry, [False] * len(cols))] if carry is not None else []
        entries = self.entries()

        def summed(part: list[tuple[str, list[int], list[bool]]]) -> tuple[str, list[int], list[bool]]:
            rounds = [label for label, _, _ in part if label != FINAL]
            label = f"{rounds[0]}–{rounds[-1]}" if len(rounds) > 1 else (rounds or [FINAL])[0]
            # (a star where the column went out in any of them: the summed rows dropped them)
            return (label, [sum(col) for col in zip(*(pts for _, pts, _ in part))],
                    [any(col) for col in zip(*(out for _, _, out in part))])

        n = len(entries)
        if n <= room or room < 2:
            return first + entries
        last = n - room + 1
        skip = last if skip is None or room < 3 else max(0, min(last, skip))
        shown = room - (skip > 0) - (skip < last)
        rows = first + ([summed(entries[:skip])] if skip else [])
        rows += entries[skip:skip + shown]
        if skip + shown < n:
            rows.append(summed(entries[skip + shown:]))
        return rows

    def entries(self) -> list[tuple[str, list[int], list[bool]]]:
        """(label, points per column, went out per column): a row for each round, and one
        for the last deal's final bonus after it. The engine books that bonus on one seat of
        the side ahead; here it is the side's, on a row of its own."""
        cols = self.columns()
        bonus = self.state.rules.final_bonus
        out: list[tuple[str, list[int], list[bool]]] = []
        for res in self.state.results:
            fin = getattr(res, "final_to", None)
            pts = [sum(res.points[s] for s in seats) - (bonus if fin in seats else 0) for _, seats in cols]
            out.append((str(res.round), pts, [res.went_out in seats for _, seats in cols]))
            if fin is not None:
                out.append((FINAL, [bonus if fin in seats else 0 for _, seats in cols], [False] * len(cols)))
        return out

    def carried(self) -> list[int] | None:
        """Per column, the points of the totals that no round's result holds (a game
        loaded from a file that starts after its first rounds), or None when the rounds add
        up to the totals, as they do in every game played here."""
        st = self.state
        cols = self.columns()
        diff = [sum(st.scores[s] - sum(res.points[s] for res in st.results) for s in seats) for _, seats in cols]
        return diff if any(diff) else None

    def build(self) -> None:
        t = self.theme
        w = t.size[0]
        self.row_h = t.px(30)
        n = len(self.entries()) + (self.carried() is not None)
        pw = min(w - t.px(40), max(t.px(640), t.px(300) + t.px(110) * len(self.columns())), t.px(1100))
        self.place(pw, t.px(180) + (max(1, n) + 2) * self.row_h)  # (the total and the note below it)

    def paint_on(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        t = self.theme
        st = self.state
        inner, y = self.paint_title(surface, body, "Scores, round by round", goal_text(st))
        y += t.px(12)
        cols = self.columns()
        first = t.px(90)  # the round numbers
        cw = (inner.width - first) / max(1, len(cols))
        xs = [inner.x + first + round(cw * (i + 1)) for i in range(len(cols))]  # right edges
        hf, bf, rf = t.font(15, True), t.font(16, True), t.font(16)
        human = self.human
        ui.draw_text(surface, "Round", hf, ui.GOLD, (inner.x, y + t.px(10)), "midleft")
        star = rf.size(" ★")[0]  # (the numbers of a column line up, a star or not after them)
        names = _names(st)
        for (_, seats), x in zip(cols, xs):
            # shortened by words, as the sidebar does ("Christopher…" lost the initial of
            # "Christopher L.": a tester), then cut
            room = round(cw) - t.px(8)
            steps = ui.shortenings([names[s] for s in seats], most=3 if len(seats) > 1 else 2)
            head = next((" & ".join(step) for step in steps
                         if hf.size(" & ".join(step))[0] <= room), None)
            ui.draw_text(surface, head or ui.fit_text(" & ".join(ui.short_name(names[s], 2) for s in seats), hf, room),
                         hf, ui.GOLD, (x - star, y + t.px(10)), "midright")
        y += t.px(22)
        pygame.draw.line(surface, (150, 130, 70), (inner.x, y), (inner.right, y), 1)
        y += t.px(4)
        mine = next((i for i, (_, seats) in enumerate(cols) if human in seats), None)
        bottom = self.widgets[0].rect.y - self.sheet_at[1] - t.px(14)
        room = max(1, (bottom - y - 2 * self.row_h - t.px(8)) // self.row_h)
        self.room = room - (self.carried() is not None and room > 1)  # (the rows for rounds)
        rows = self.rows(room, self.skip)
        if mine is not None and rows:  # the person's column, lightly marked down to the total
            x0 = xs[mine] - round(cw) + t.px(4)
            ui.rounded_rect(surface, (255, 255, 255, 22),
                            pygame.Rect(x0, y, xs[mine] - x0 + t.px(8),
                                        (len(rows) + 1) * self.row_h + t.px(8)), t.px(6))
        if not rows:
            ui.draw_text(surface, "No round has been scored yet.", rf, ui.MUTED, (inner.x, y + self.row_h // 2),
                         "midleft")
            y += self.row_h
        for label, points, out in rows:
            cy = y + self.row_h // 2
            ui.draw_text(surface, label, rf, ui.MUTED, (inner.x, cy), "midleft")
            for p, went, x in zip(points, out, xs):
                ui.draw_text(surface, points_text(p, True), rf, _points_colour(st.rules, p), (x - star, cy), "midright")
                if went:
                    ui.draw_text(surface, " ★", rf, ui.GOLD, (x - star, cy), "midleft")
            y += self.row_h
        y += t.px(4)
        pygame.draw.line(surface, (150, 130, 70), (inner.x, y), (inner.right, y), 1)
        cy = y + self.row_h // 2 + t.px(2)
        ui.draw_text(surface, "Total", bf, ui.INK, (inner.x, cy), "midleft")
        for (_, seats), x in zip(cols, xs):
            ui.draw_text(surface, points_text(sum(st.scores[s] for s in seats)), bf, ui.INK, (x - star, cy),
                         "midright")
        notes = (["★ went out"] if any(any(out) for _, _, out in rows) else []) + (
            [f"{FINAL}: {st.rules.final_bonus:,} to the side ahead after the last deal"]
            if any(label == FINAL for label, _, _ in rows) else [])
        nf = t.font(14)
        more = "More rounds: wheel, ↑ ↓, Page Up/Down" if self.scrolls() else ""
        if more:
            ui.draw_text(surface, more, nf, ui.MUTED, (inner.right, cy + self.row_h), "midright")
        if notes:
            room = inner.width - (nf.size(more)[0] + t.px(16) if more else 0)
            ui.draw_text(surface, ui.fit_text("   ".join(notes), nf, room), nf, ui.MUTED,
                         (inner.x, cy + self.row_h), "midleft")


class MovesScene(_ListSheet):
    """Every move of the round so far, the oldest first, each after its player's colour
    (L at the table, or its menu): what the others drew, took from the pile, melded and
    threw away. It opens at the newest move; the wheel and the keys scroll back.
    **Back** (Esc, Enter, L) returns to the table, which waits underneath."""

    close_key = pygame.K_l
    wheel_rows = 3

    def __init__(self, app: App, title: str, lines: list[tuple[tuple, str]]):
        self.title = title  # "Round 3"
        self.lines = list(lines)  # (the player's colour, "Clara took 7♠ from the pile")
        self.top: int | None = None  # the first row shown; None: the newest move shows
        self.rows: list[tuple[tuple | None, str]] = []
        super().__init__(app)

    def scrolls(self) -> bool:
        return len(self.rows) > self.room > 0

    def first_shown(self) -> int:
        last = max(0, len(self.rows) - self.room)
        return last if self.top is None else max(0, min(last, self.top))

    def scroll_by(self, delta: int) -> None:
        if not self.scrolls() or not delta:
            return
        now = self.first_shown()
        new = max(0, min(len(self.rows) - self.room, now + delta))
        self.top = None if new >= len(self.rows) - self.room else new
        if new != now:
            self.repaint()

    def build(self) -> None:
        t = self.theme
        w = t.size[0]
        self.row_h = t.px(26)
        self.font = t.font(16)
        pw = min(w - t.px(40), t.px(760))
        text_w = pw - t.px(48) - t.px(34)  # (the dot before each move, the scroll bar)
        self.rows = []
        for colour, text in self.lines:  # a long move goes on to a second line, indented
            for i, part in enumerate(ui.wrap_text(text, self.font, text_w - t.px(18))):
                self.rows.append((colour if i == 0 else None, part))
        self.place(pw, t.px(190) + (max(1, len(self.rows)) + 1) * self.row_h)

    def paint_on(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        t = self.theme
        inner, y = self.paint_title(surface, body, "Moves this round", self.title)
        y += t.px(10)
        pygame.draw.line(surface, (150, 130, 70), (inner.x, y), (inner.right, y), 1)
        y += t.px(8)
        bottom = self.widgets[0].rect.y - self.sheet_at[1] - t.px(12)
        self.room = max(1, (bottom - y) // self.row_h)
        if len(self.rows) > self.room:
            self.room = max(1, self.room - 1)  # a row for the note on scrolling
        if not self.rows:
            ui.draw_text(surface, "No moves yet this round.", self.font, ui.MUTED,
                         (inner.x, y + self.row_h // 2), "midleft")
            return
        first = self.first_shown()
        shown = self.rows[first:first + self.room]
        dot = max(3, t.px(5))
        for colour, text in shown:
            cy = y + self.row_h // 2
            if colour is not None:
                pygame.draw.circle(surface, colour, (inner.x + dot, cy), dot)
            x = inner.x + t.px(18) + (t.px(18) if colour is None else 0)
            ui.draw_text(surface, text, self.font, ui.INK, (x, cy), "midleft")
            y += self.row_h
        if self.scrolls():
            area = pygame.Rect(inner.right - t.px(8), y - len(shown) * self.row_h, t.px(6),
                               len(shown) * self.row_h)
            ui.rounded_rect(surface, (255, 255, 255, 30), area, area.width // 2)
            size = max(t.px(24), round(area.height * self.room / len(self.rows)))
            at = round((area.height - size) * first / max(1, len(self.rows) - self.room))
            ui.rounded_rect(surface, (230, 200, 120, 200), pygame.Rect(area.x, area.y + at, area.width, size),
                            area.width // 2)
            ui.draw_text(surface, "More moves: wheel, ↑ ↓, Page Up/Down", t.font(14), ui.MUTED,
                         (inner.x, y + self.row_h // 2), "midleft")


class GameOverScene(SheetScene):
    """The winners and final scores; the game is counted in the statistics once (and not
    at all with ``counted=True``: a saved game that was already over when it was loaded
    was counted when it ended)."""

    def __init__(self, app: App, state: GameState, on_done: Callable[[str], object] | None = None,
                 on_moves: Callable[[], object] | None = None, levels: Sequence[str | None] = (),
                 counted: bool = False):
        self.state = state
        self.on_done = on_done
        self.on_moves = on_moves  # L: the last round's moves (the table gives it)
        self.levels = list(levels)  # each seat's computer level ("" for a person), for the statistics
        self.recorded = counted
        self.record_problem: str | None = None
        super().__init__(app)
        self.record()
        self.show_focus = True
        self.focus.focus(self.find("new_game"))

    def record(self) -> None:
        """Count the game in ``stats.json`` (once; never when no person played)."""
        if self.recorded:
            return
        self.recorded = True
        human = self.human
        if human is None or not 0 <= human < self.state.players:
            return
        rules = self.state.rules
        # the person's side: their team when partners score together, else their seat
        score = self.state.side_scores()[self.state.side_of(human)]
        stats = Stats.load()
        stats.record_game(
            rules.preset_name, human in tuple(self.state.winners or ()), score,
            len(self.state.results), lower_is_better=rules.lowest_total_wins,
            against=strongest_opponent(self.levels, human, self.state.sides()),
        )
        try:
            stats.save()
        except OSError as exc:
            self.record_problem = f"The statistics could not be saved: {why_failed(exc)}"
            log.warning("%s", self.record_problem)
            self.paint_sheet()

    def done(self, choice: str) -> None:
        if self.on_done is not None:
            self.on_done(choice)
        elif choice == "new_game":
            go_new_game(self.app)
        else:
            leave_to_title(self.app)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.done("title")
            return True
        if event.key == pygame.K_t:
            show_scores(self.app, self.state)
            return True
        if event.key == pygame.K_F1:
            show_rules(self.app, self.state)
            return True
        if event.key == pygame.K_l and self.on_moves is not None:
            self.on_moves()
            return True
        return False

    def build(self) -> None:
        t = self.theme
        w, h = t.size
        n = len(self.state.sides())
        pw = min(w - t.px(40), t.px(760))
        ph = min(h - t.px(40), t.px(236) + n * t.px(40))
        self.body = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bh, bw = t.px(46), t.px(180)
        by = self.body.bottom - bh - t.px(18)
        keep = self.focus.current
        gap = t.px(16)
        x0 = self.body.centerx - bw // 2 - gap - bw
        self.widgets = [
            ui.Button("New game", lambda: self.done("new_game"),
                      pygame.Rect(x0, by, bw, bh), primary=True, name="new_game"),
            ui.Button("All rounds (T)", lambda: show_scores(self.app, self.state),
                      pygame.Rect(x0 + bw + gap, by, bw, bh), name="scores", size=17),
            ui.Button("Title screen", lambda: self.done("title"),
                      pygame.Rect(x0 + 2 * (bw + gap), by, bw, bh), name="title"),
        ]
        self.refocus(keep)
        self.paint_sheet()

    def headline(self) -> str:
        names = _names(self.state)
        winners = list(self.state.winners or ())
        human = self.human
        if not winners:
            return "Game over"
        if winners == [human]:
            return "You win!"
        sides = _sides(self.state)
        if sides and any(sorted(winners) == sorted(side) for side in sides):
            if human in winners:
                return "Your team wins!"
            return f"{_side_name(winners, names)} win"
        if sides and len(sides) > 1 and sorted(winners) == sorted(s for side in sides for s in side):
            return "Both teams share the win" if len(sides) == 2 else "The teams share the win"
        who = [("you" if s == human else names[s]) for s in winners]
        if len(who) == 1:
            return f"{who[0]} wins"
        text = ", ".join(who[:-1]) + " and " + who[-1]
        return text[0].upper() + text[1:] + " share the win"

    def paint_on(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        t = self.theme
        st = self.state
        inner = body.inflate(-t.px(48), -t.px(36))
        button_y = self.widgets[0].rect.y - self.sheet_at[1]
        ui.draw_text(surface, "Game over", t.font(18, True), ui.MUTED, (inner.centerx, inner.y), "midtop")
        hf = t.font(36, True)
        head = self.headline()
        if hf.size(head)[0] > inner.width and len(st.winners or ()) > 1:
            head = f"{len(st.winners)} players share the win"  # (too many names for one line)
        r = ui.draw_text(surface, ui.fit_text(head, hf, inner.width), hf, ui.GOLD,
                         (inner.centerx, inner.y + t.px(26)), "midtop", shadow=True)
        # (the rounds the game had: a game loaded from a position file may lack the earlier
        # rounds' results, and the table numbered its rounds on from the file's)
        rounds = max(len(st.results), st.round_no)
        sub = f"{preset_title(st.rules.preset_name)}  ·  {rounds} round{'s' if rounds != 1 else ''}"
        sides_now = st.sides()
        if st.rules.deals and len(sides_now) == 2:  # (Persian: the side ahead wins the difference)
            a, b = st.side_scores()
            if a != b:
                sub += f"  ·  won by {points_text(abs(a - b))} point{'s' if abs(a - b) != 1 else ''}"
        sub_r = ui.draw_text(surface, sub, t.font(15), ui.MUTED, (inner.centerx, r.bottom + t.px(4)), "midtop")
        y = r.bottom + t.px(36)
        why = win_reason(st)
        if why:  # (a winner below a higher total: the house rule that made it so)
            wf = t.font(14)
            for line in ui.wrap_text(why, wf, inner.width)[:2]:
                sub_r = ui.draw_text(surface, line, wf, ui.INK, (inner.centerx, sub_r.bottom + t.px(2)), "midtop")
            y = max(y, sub_r.bottom + t.px(10))
        names = _names(st)
        human = self.human
        winners = set(st.winners or ())
        # one line per seat, or per team when partners score together
        sides = st.sides()
        totals = st.side_scores()
        order = sorted(range(len(sides)), key=lambda i: totals[i], reverse=not st.rules.lowest_total_wins)
        row_h = min(t.px(40), max(t.px(24), (button_y - t.px(14) - y) // max(1, len(sides))))
        bf = t.font(18, True)
        rf = t.font(18)
        col_w = min(inner.width, t.px(480))
        x0 = inner.centerx - col_w // 2
        place = 0
        last = None
        for i, k in enumerate(order):
            side = sides[k]
            if totals[k] != last:
                place = i + 1
                last = totals[k]
            cy = y + row_h // 2
            if human in side:
                ui.rounded_rect(surface, (255, 255, 255, 22),
                                pygame.Rect(x0 - t.px(10), y + 1, col_w + t.px(20), row_h - 2), t.px(6))
            won = any(s in winners for s in side)
            colour = ui.GOLD if won else ui.INK
            ui.draw_text(surface, f"{place}.", rf, ui.MUTED, (x0 + t.px(26), cy), "midright")
            label = _side_name(side, names) + ("  ♛" if won else "")
            ui.draw_text(surface, ui.fit_text(label, bf, col_w - t.px(160)), bf, colour, (x0 + t.px(40), cy),
                         "midleft")
            ui.draw_text(surface, points_text(totals[k]), bf, colour, (x0 + col_w, cy), "midright")
            y += row_h
        if self.record_problem:
            ui.draw_text(surface, self.record_problem, t.font(13), ui.ERROR,
                         (inner.centerx, button_y - t.px(8)), "midbottom")
        elif self.on_moves is not None:
            ui.draw_text(surface, "L: the last round's moves", t.font(13), ui.MUTED,
                         (inner.centerx, button_y - t.px(8)), "midbottom")
