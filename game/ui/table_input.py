"""The table's input: mouse clicks and drags, the keys, and the focus that lets every
mouse move be made from the keyboard.

:class:`TableInput` is a part of :class:`~game.ui.table.TableScene` (like
:class:`~game.ui.table_paint.TablePainting`): it turns events into the scene's moves
(``draw_stock``, ``take_pile``, ``meld_selected``, ``lay_off``, ``discard`` …), which go to
the engine through the controller. It decides no rule: where a drop is refused, the
engine's reason is shown.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.engine import CallRummy, Card, Discard, DrawStock, EndRound, MeldCards, TakePile

from .anim import MOVE_TIME
from .controller import HURRY_WORDS
from .scene import DOUBLE_CLICK
from .table_base import TableParts
from .ui_kit import drag_lost

DRAG_THRESHOLD = 5  # pixels the mouse moves with a button held before a press becomes a drag

# the keys that each call one of the scene's moves or sheets, whatever has the focus
PLAIN_KEYS = {
    pygame.K_d: "draw_stock", pygame.K_p: "take_pile", pygame.K_u: "undo", pygame.K_r: "call_rummy",
    pygame.K_h: "show_hint", pygame.K_s: "sort_hand", pygame.K_F1: "show_rules",
    pygame.K_t: "show_scores", pygame.K_l: "show_moves", pygame.K_f: "hurry",
}

# the keys that play a move (draw, take, discard, call, end the round; Enter and Space act on
# the focus): while the deal flies they only land it
MOVE_KEYS = frozenset((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_d, pygame.K_p,
                       pygame.K_r, pygame.K_x, pygame.K_e))


@dataclass
class Press:
    """A mouse button held down, not yet a drag."""

    pos: tuple[int, int]
    kind: str                 # hand, stock, pile
    card: Card | None = None


@dataclass
class Drag:
    kind: str                 # hand, stock, pile
    cards: list[Card]
    offsets: list[tuple[int, int]]
    pos: tuple[int, int]
    size: tuple[int, int]
    max_right: int | None = None  # a long row closes up rather than reach past this x
    held: int = 0                 # the card under the mouse (its index in ``cards``)
    start: tuple[int, int] = (0, 0)  # where the mouse took the cards

    def rects(self) -> list[Rect]:
        """Where the cards are: as they were picked up, relative to the mouse; a row that
        would reach past ``max_right`` (over the sidebar) closes up, down to a quarter of
        its spacing, keeping the card held under the mouse."""
        offsets = self.offsets
        if self.max_right is not None and len(offsets) > 1:
            x0 = offsets[self.held][0]
            span = max(dx for dx, _ in offsets) - x0
            room = self.max_right - (self.pos[0] + x0 + self.size[0])
            if span > 0 and room < span:
                f = max(0.25, room / span)
                offsets = [(x0 + round((dx - x0) * f), dy) for dx, dy in offsets]
        return [Rect(self.pos[0] + dx, self.pos[1] + dy, *self.size) for dx, dy in offsets]


# keys that leave the table for a menu or a sheet: they do not show the focus frame
OUTSIDE_KEYS = frozenset((pygame.K_ESCAPE, pygame.K_F1, pygame.K_t, pygame.K_l, pygame.K_f))


class TableInput(TableParts):
    """The table scene's input handling (a part of :class:`~game.ui.table.TableScene`)."""

    def handle(self, event: pygame.event.Event) -> None:
        if self.layout is None:
            self._ensure_layout()
        if self.overlay is not None:
            self._handle_overlay(event)
            return
        if self.choice is not None:
            if self.choice.handle(event):
                self.invalidate()
            return
        if self.dealing and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._land_the_deal()  # a key or a click does not wait for the cards to fly
            if event.type == pygame.KEYDOWN and event.key in MOVE_KEYS:
                # a key that plays only lands them: keys typed to close the last round's sheet
                # (Enter twice, Space) are not played in a hand nobody has seen yet
                return
        if event.type == pygame.KEYDOWN:
            if self.drag is not None:  # other keys do nothing until the cards are let go; Esc puts them back
                if event.key == pygame.K_ESCAPE:
                    self._let_go()
                return
            self._key(event)
            return
        if drag_lost(event) and (self.press is not None or self.drag is not None):
            self._let_go()  # the button came up where the window did not see it
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons.values():
                if b.handle(event):
                    self.keyboard = False
                    self.invalidate()
                    return
            self._mouse_down(event.pos)  # (with the card the focus raised still on top)
            if self.keyboard:  # (the focus frame and the keys' wording are for keyboard play)
                self.keyboard = False
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons.values():
                if b.down:
                    b.handle(event)
                    self.invalidate()
                    return
            self._mouse_up(event.pos)

    def _land_the_deal(self) -> None:
        """The person acts while the deal's cards are still flying: they land at once, so
        the click or key acts on the table as it will be (a draw from the stock is a draw
        after the deal, and the status line no longer says "Dealing…")."""
        self.anim.finish()
        self.dealing = False
        self._place(force=True)
        self.invalidate()

    def target_at(self, pos: tuple[int, int]) -> Hashable:
        """What a click at ``pos`` acts on (see ``Scene.target_at``): a line of the small
        menu, a button, a card of the hand or the pile, the stock, a meld."""
        if self.overlay is not None:
            return next((("button", b.name, b.label) for b in self.overlay_buttons if b.hit(pos)),
                        ("overlay",))
        if self.choice is not None:
            ch = self.choice
            line = next((ch.options[i] for i, r in enumerate(ch.rects) if r.collidepoint(pos)), None)
            return ("choice", id(ch), ch.title, line)
        b = next((b for b in self.buttons.values() if b.hit(pos)), None)
        if b is not None:
            return ("button", b.name, b.label, b.enabled)
        if self.layout is None:
            return None
        self._place()
        card = self._hand_card_at(pos)
        if card is not None:
            return ("hand", card)
        if self.layout.stock.inflate(8, 8).collidepoint(pos):
            return ("stock",)
        card = self._pile_card_at(pos)
        if card is not None:
            return ("pile", card)
        meld = self._meld_at(pos)
        return ("meld", meld) if meld is not None else None

    def _hover_at(self, pos) -> None:
        """Note the hand or pile card under the mouse at ``pos`` (after a move too: the
        card that was there may have gone)."""
        self.mouse_pos = pos
        hover = None
        if self.drag is None and self.c.human is not None:
            hover = self._hand_card_at(pos)
            if hover is None:
                hover = self._pile_card_at(pos)
        meld = self._meld_at(pos) if hover is None and self.drag is None else None
        if meld != self.hover_meld:
            self.hover_meld = meld
            self.invalidate()
        if hover == self.hover and self._hover_version == self.c.version:
            return  # the same card, nothing moved: the engine was asked already
        self._hover_version = self.c.version
        # over the pile, frame the take only when the engine would allow it
        take = (hover is not None and self.g.phase == "draw" and self.c.human_to_act
                and hover in self.g.pile and self.c.is_legal(TakePile(hover)))
        if (hover, take) != (self.hover, self.hover_take):
            self.hover, self.hover_take = hover, take
            self.invalidate()

    def _motion(self, event: pygame.event.Event) -> None:
        for b in self.buttons.values():
            was = b.hot
            b.handle(event)
            if b.hot != was:
                self.invalidate()
        pos = event.pos
        self._hover_at(pos)
        if self.press is not None and self.drag is None:
            dx = pos[0] - self.press.pos[0]
            dy = pos[1] - self.press.pos[1]
            if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                self._start_drag(self.press, pos)
        if self.drag is not None:
            self.drag.pos = (pos[0], pos[1])
            meld = self._meld_under(self.drag, pos)
            if meld != self.hot_meld:
                self.hot_meld = meld
            self.invalidate()

    def _flying_rects(self) -> dict[object, Rect]:
        """Where each card in flight is drawn now (a click there is on it)."""
        return {t.key: t.rect() for t in self.anim.in_flight()}

    def _hand_card_at(self, pos) -> Card | None:
        # the card drawn there: first the one the keyboard's focus raised whole over a tight
        # fan (it is on top), then in the hand's order, a card still sliding into place (after
        # a meld the others close up) where it is now, not where it is going
        raised = self.raised_card()
        if raised is not None and self.places[raised].rect.collidepoint(pos):
            return raised
        flying = self._flying_rects()
        waiting = self.anim.hidden() - flying.keys()
        hand = [(c, p) for c, p in reversed(self.draw_list) if p.zone == "hand"]
        lift = self.layout.lift if self.layout else 0
        for c, p in hand:
            if c in waiting:
                continue
            r = flying.get(c, p.rect)
            if c in self.selected:  # the bare strip it rose from is still its own: a click
                r = r.union(p.rect.move(0, lift))  # there (or a double click) is on it
            if r.collidepoint(pos):
                return c
        for c, p in hand:
            if p.rect.collidepoint(pos):
                return c
        return None

    def _pile_card_at(self, pos) -> Card | None:
        # a discard still flying to the pile is where it is drawn too (a click on it there
        # landed on the felt: a tester), as well as where it is going
        flying = self._flying_rects()
        pile = [(c, p) for c, p in reversed(self.draw_list) if p.zone == "pile"]
        for c, _ in pile:
            if c in flying and flying[c].collidepoint(pos):
                return c
        for c, p in pile:
            if p.rect.collidepoint(pos):
                return c
        return None

    def _meld_at(self, pos) -> int | None:
        for mid, box in self.meld_boxes.items():
            if box.inflate(8, 8).collidepoint(pos):
                return mid
        return None

    def _meld_under(self, drag: Drag, pos) -> int | None:
        """The meld a card held at ``pos`` goes to: the one under the pointer, or, where the
        pointer is over no place that takes cards, the one the held card covers most, if by
        a quarter of the card (a card held by its foot lay over a meld, the pointer just
        under it, and flew back: the player saw it on the meld)."""
        meld = self._meld_at(pos)
        L = self.layout
        if meld is not None or L is None or drag.kind == "stock":
            return meld
        if L.hand_area.collidepoint(pos) or L.own_melds.collidepoint(pos) or self._on_pile(pos):
            return None
        held = drag.rects()[0]
        best, most = None, 0
        for mid, box in self.meld_boxes.items():
            part = held.clip(box.inflate(8, 8))
            if part.w * part.h > most:
                best, most = mid, part.w * part.h
        return best if most >= 0.25 * held.w * held.h else None

    def _mouse_down(self, pos) -> None:
        self._place()
        c = self._hand_card_at(pos)
        if c is not None:
            self.press = Press(pos, "hand", c)
            return
        if self.layout and self.layout.stock.inflate(8, 8).collidepoint(pos) and self.g.stock_drawable():
            self.press = Press(pos, "stock")
            return
        c = self._pile_card_at(pos)
        if c is not None:
            self.press = Press(pos, "pile", c)
            return
        self.press = Press(pos, "table")

    def _start_drag(self, press: Press, pos) -> None:
        self.press = None
        if not self._press_holds(press):
            return
        self.last_click = None  # a drag between two clicks makes them two single clicks
        g = self.g
        L = self.laid_out()
        if press.kind == "hand" and press.card is not None:
            if press.card in self.selected:
                cards = self._selection_in_order()
            else:
                cards = [press.card]
            anchor = self.places[press.card].rect
            offsets = []
            size = anchor.size
            for i, c in enumerate(cards):
                r = self.places[c].rect if len(cards) == 1 else anchor.move(int((i - cards.index(press.card)) * size[0] * 0.3), 0)
                offsets.append((r.x - press.pos[0], r.y - press.pos[1]))
            self.drag = Drag("hand", cards, offsets, pos, size, L.sidebar.x - L.pad, cards.index(press.card),
                             press.pos)
            self._compute_fits(cards)
        elif press.kind == "stock" and not g.stock:  # the pile becomes the stock on a draw:
            self.draw_stock()                          # no card to drag until then
        elif press.kind == "stock":
            r = L.stock
            self.drag = Drag("stock", [g.stock[-1]], [(r.x - press.pos[0], r.y - press.pos[1])], pos,
                             r.size)
        elif press.kind == "pile" and press.card is not None:
            i = g.pile.index(press.card)
            cards = g.pile[i:]
            base = self.places[press.card].rect
            offsets = [(self.places[c].rect.x - base.x + base.x - press.pos[0],
                        self.places[c].rect.y - base.y + base.y - press.pos[1]) for c in cards]
            self.drag = Drag("pile", list(cards), offsets, pos, base.size, L.sidebar.x - L.pad)
            self.fits = set()
            human = self.c.human
            if human is not None and self.c.human_may_call() and len(cards) == 1:
                self.fits = {a.meld for a in g.call_actions(human)
                             if isinstance(a, CallRummy) and a.meld is not None}
        self.invalidate()

    def _compute_fits(self, cards: list[Card]) -> None:
        """Ask the engine which melds the dragged card could go on, and whether it may be
        discarded or melded; the answers make those places glow."""
        g = self.g
        self.fits = set()
        self.fit_pile = False
        self.fit_own = False
        if not self.c.human_to_act:
            return
        if len(cards) == 1:
            c = cards[0]
            for m in g.melds:
                if any(self.c.is_legal(a) for a in self._layoff_actions(c, m, None)):
                    self.fits.add(m.id)
            self.fit_pile = self.c.is_legal(Discard(c))
        elif len(cards) >= 3:
            self.fit_own = self.c.is_legal(MeldCards(tuple(cards)))

    def _let_go(self) -> None:
        """The mouse button came up outside the window, the window lost the focus (say,
        to Alt+Tab) or Esc was pressed in the middle of a drag: the cards fly back and
        nothing is played, and a press that had not become a drag is forgotten, so no card
        sticks to the pointer."""
        if self.drag is not None:
            self._snap_back(list(self.drag.cards))
        self._forget_drag()

    def _forget_drag(self) -> None:
        """No press or drag under way any more, nor the glows a drag lit (where the cards
        go is the caller's business: dropped, flown back, or placed afresh)."""
        self.press = None
        self.drag = None
        self.fits = set()
        self.fit_pile = self.fit_own = False
        self.hot_meld = None
        self.invalidate()

    def _mouse_up(self, pos) -> None:
        press, drag = self.press, self.drag
        self.press = None
        if drag is not None:
            self._drop(drag, pos)
            self._forget_drag()
            return
        if press is None:
            return
        self._click(press, pos)

    def _click(self, press: Press, pos) -> None:
        g = self.g
        if not self._press_holds(press):
            return
        if press.kind == "hand" and press.card is not None:
            c = press.card
            now = time.monotonic()
            if self.last_click and self.last_click[0] == c and now - self.last_click[1] < DOUBLE_CLICK \
                    and self.last_click[2] == self.c.version:
                self.last_click = None
                if c not in self.selected:
                    self.selected.append(c)
                self.before_change()
                self.selected = [x for x in self.selected if x != c]
                if not self.discard(c):
                    self.snapshot = None
                    self._place(force=True)
                return
            self.last_click = (c, now, self.c.version)
            self.focus_zone, self.focus_index = "hand", self.order.index(c)
            self._set_selection(self._toggled(c))
            self.invalidate()
            return
        if press.kind in ("stock", "pile"):
            # the second click of a double click that drew is let go (a player used to
            # drawing with a double click drew, then heard "You have already drawn this
            # turn": a tester)
            now = time.monotonic()
            last, self.draw_click = self.draw_click, None
            if last is not None and now - last[0] < DOUBLE_CLICK and last[1] == self.c.version:
                return
            drawing = g.phase == "draw" and self.c.human_to_act
            if press.kind == "stock":
                self.draw_stock()
            elif press.card is None:
                return
            elif drawing:
                self.take_pile(press.card)
            elif self.c.human_may_call() and press.card == g.pile[-1]:
                self.call_rummy()
            else:
                self.take_pile(press.card)
            if drawing and g.phase != "draw":
                self.draw_click = (now, self.c.version)
            return
        meld = self._meld_at(pos)
        if meld is not None and self.selected:
            self.lay_off(self._selection_in_order(), meld, pos[0])
            return
        if meld is not None and self.c.human_may_call():
            self.call_rummy(meld, drop_x=pos[0])
            return
        L = self.layout
        if L and L.own_melds.collidepoint(pos) and len(self.selected) >= 3:
            self.meld_selected()
        elif L and L.message.collidepoint(pos) and self.c.status().endswith(f"({HURRY_WORDS})"):
            self.hurry()  # (the status line's "F: faster", clicked: a mouse player tried it, a tester)
        elif L and L.scores.collidepoint(pos):  # the scores in the sidebar: every round's
            self.show_scores()
        elif L and self.c.move_lines(1) and self._log_area().collidepoint(pos):  # the last moves: all
            self.show_moves()

    def _on_pile(self, pos) -> bool:
        """Whether a card let go at ``pos`` goes onto the discard pile (near its cards,
        not anywhere on its felt: an aimless drop there snaps back), or, held by a point
        further off, covers most of the place the next card of the pile takes (a drop
        with the card on that place, the pointer beside it, was refused: a tester)."""
        L = self.laid_out()
        drag = self.drag
        one = drag is not None and len(drag.cards) == 1 and drag.kind == "hand"
        reach = drag.size[0] if drag is not None and one else 0
        if L.pile_drop_zone(len(self.g.pile), reach).collidepoint(pos) or any(
                p.rect.collidepoint(pos) for c, p in self.draw_list if p.zone == "pile"):
            return True
        if drag is None or not one:
            return False
        spot = L.pile_rects(len(self.g.pile) + 1)[-1]
        held = drag.rects()[0].clip(spot)
        return held.w * held.h >= 0.3 * spot.w * spot.h  # (a third of it: a card let go half past
        # the place, by a pointer beyond it, flew back: a tester)

    def _drop(self, drag: Drag, pos) -> None:
        L = self.laid_out()
        in_hand_zone = L.hand_area.collidepoint(pos)
        meld = self._meld_under(drag, pos)
        on_pile = self._on_pile(pos)
        if drag.kind in ("stock", "pile") and in_hand_zone:
            # a card drawn into the hand goes where it is let go
            n = len(self.order)
            self.insert_at = L.hand_insert_index(drag.rects()[0].centerx, n, self._hand_row(n))
        try:
            self._drop_into(drag, pos, in_hand_zone, meld, on_pile)
        finally:
            self.insert_at = None

    def _drop_into(self, drag: Drag, pos, in_hand_zone: bool, meld, on_pile: bool) -> None:
        L = self.laid_out()
        if drag.kind == "stock":
            if in_hand_zone or L.own_melds.collidepoint(pos):
                self.draw_stock()
            return
        if drag.kind == "pile":
            human = self.c.human
            calling = self.c.human_may_call() and not self.c.human_to_act
            if human is not None and calling and self.g.rules.rummy_calls == "pile" and (
                    in_hand_zone or meld is not None or L.own_melds.collidepoint(pos)):
                self._act(CallRummy(human, take=drag.cards[0]))
            elif meld is not None and self.c.human_may_call() and len(drag.cards) == 1:
                self.call_rummy(meld, drop_x=pos[0])
            elif in_hand_zone or L.own_melds.collidepoint(pos):
                self.take_pile(drag.cards[0])
            return
        cards = drag.cards
        if meld is not None:
            self.lay_off(cards, meld, pos[0])
            return
        if on_pile:
            if len(cards) != 1:
                self.refuse("Discard one card at a time")
                self._snap_back(cards)
                return
            self.selected = [c for c in self.selected if c != cards[0]]
            if not self.discard(cards[0]):
                self._snap_back(cards)
            return
        if L.own_melds.collidepoint(pos):
            extra = [c for c in self.selected if c not in cards and c in self.order]
            if len(cards) == 1 and extra:
                # one card dragged while others are selected: a card alone makes no meld, so
                # it goes with the selection ("3♦ 4♦" selected and the 5♦ dragged was "5♦ is
                # not a meld"); the whole meld flies from the hand
                both = set(extra) | set(cards)
                cards = [c for c in self.order if c in both]
            self.meld_selected(cards)
            return
        if in_hand_zone:
            # reorder: drop the dragged cards where they were let go
            self.before_change()
            rest = [c for c in self.order if c not in cards]
            n = len(self.order)
            idx = min(len(rest), L.hand_slot_index(drag.rects()[0].centerx, n, self._hand_row(n)))
            self.order = rest[:idx] + cards + rest[idx:]
            self._animate_from_snapshot(MOVE_TIME * 0.6)
            self.c.autosave()  # (Continue shows the hand as the person arranged it)
            return
        self._snap_back(cards)
        self._say_where_to_drop(drag, pos)

    def _say_where_to_drop(self, drag: Drag, pos) -> None:
        """Hand cards let go on the felt where they do nothing fly back; say where they
        would have done something. Next to the discard pile (on its felt, but not near its
        cards), how to discard; elsewhere, the places that glowed while they were dragged.
        It goes by the engine's answers taken when the drag began (``fits``, ``fit_pile``,
        ``fit_own``), and says nothing when none glowed, after a short drag that was
        really a click, or off the table (over the sidebar)."""
        L = self.laid_out()
        if not L.play.collidepoint(pos):
            return
        if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) < drag.size[1] // 2:
            return
        one = len(drag.cards) == 1
        if one and self.fit_pile and (L.pile_panel.collidepoint(pos) or not self.fits):
            text = ("Drop the card on the top card of the pile to discard it" if self.g.pile else
                    "Drop the card in the empty pile's frame to discard it")  # (there is no top card)
        elif one and self.fits:
            text = "Drop the card on a meld that glows to lay it off" + (
                ", or on the discard pile to discard it" if self.fit_pile else "")
        elif not one and self.fit_own:
            text = "Drop the cards on your meld area to meld them"
        elif one and drag.kind == "hand" and L.pile_panel.collidepoint(pos):
            # meant for the pile, which may not take it now: the engine's reason ("draw
            # first" flew back unsaid before a player's first draw: a tester)
            why = self.c.why_illegal(Discard(drag.cards[0]))
            if why:  # (a refusal, as on the pile's cards: one look for one answer)
                self.refuse(why)
            return
        else:
            return
        self.message(text)
        # gone with the next move, as a refusal is (it stood beside the discard that followed
        # it: a tester)
        self.toasts[-1].refusal = True
        self.toasts[-1].turn = (self.g.round_no, self.g.current)

    # ------------------------------------------------------------------ keyboard
    def _key(self, event: pygame.event.Event) -> None:
        was = self._pile_open()
        self.before_change()
        mine = self.snapshot
        self._key_act(event)
        if self.snapshot is mine:  # (a move or a selection took its own snapshot, and used it)
            if self._pile_open() != was:  # the pile opens at the card in focus, or closes
                self._animate_from_snapshot(0.12)
            else:
                self.snapshot = None

    def _key_act(self, event: pygame.event.Event) -> None:
        k = event.key
        shown = self.keyboard
        if k not in OUTSIDE_KEYS:  # (keys that open a menu or a sheet, or hurry the others, leave the
            # mouse's wording and show no focus frame)
            self.keyboard = True
        mods = event.mod if hasattr(event, "mod") else 0
        arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
        if k in (*arrows, pygame.K_HOME, pygame.K_END) and any(t.refusal for t in self.toasts):
            # the focus moves on: a refusal about the card it leaves goes (it stood over the
            # status line's words for the next one: a tester)
            self.toasts = [t for t in self.toasts if not t.refusal]
            self.invalidate()
        if k in arrows and not shown and not mods & pygame.KMOD_SHIFT:
            # the focus frame was hidden (a new round, or the mouse in use): the first arrow
            # shows where it is rather than moving it somewhere unseen
            if self._focus_place() is None:
                self.focus_zone, self.focus_index = "hand", 0
            self.invalidate()
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            if mods & pygame.KMOD_SHIFT and self.focus_zone == "hand" and self.order:
                i = self.focus_index
                j = max(0, min(len(self.order) - 1, i + step))
                if i != j:
                    self.before_change()
                    self.order[i], self.order[j] = self.order[j], self.order[i]
                    self.focus_index = j
                    self._animate_from_snapshot(0.15)
                    self.c.autosave()
            else:
                self._focus_along(step)
        elif k in (pygame.K_HOME, pygame.K_END):
            self._focus_along(-10**6 if k == pygame.K_HOME else 10**6)
        elif k in (pygame.K_UP, pygame.K_DOWN):
            self._focus_row(1 if k == pygame.K_UP else -1)
        elif k == pygame.K_SPACE:
            if self.focus_zone == "hand" and self.order:
                self._set_selection(self._toggled(self.order[self.focus_index]))
            else:
                self._enter()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter()
        elif k in PLAIN_KEYS:
            getattr(self, PLAIN_KEYS[k])()
        elif k == pygame.K_x:
            c = self._focused_hand_card()
            if c is not None:
                was = list(self.selected)
                self.selected = [x for x in self.selected if x != c]
                if not self.discard(c):  # refused: nothing changes, the selection neither (a
                    # hinted meld lost a card to a refused X: a tester)
                    self.selected = was
            else:
                self.refuse("To discard, move the focus to a card in your hand (\u2193), then X")
        elif k == pygame.K_e:
            self.end_round(ask=True)  # (where it may not, the engine's reason is said)
        elif k == pygame.K_ESCAPE:
            if self.selected:
                self._set_selection([])
            else:
                self.open_menu()
        self.invalidate()

    def _focus_rows(self) -> list[tuple[str, list[int]]]:
        """What the arrow keys move over, row by row from the bottom of the screen up:
        the hand, the person's own melds, the discard pile, the others' melds (seat by
        seat round the table, as they sit). Each row is a zone and its indexes in
        screen order (melds: indexes into ``g.melds``)."""
        g = self.g
        mine = [i for i, m in enumerate(g.melds) if m.owner == self.bottom]
        theirs = sorted((i for i, m in enumerate(g.melds) if m.owner != self.bottom),
                        key=lambda i: ((g.melds[i].owner - self.bottom) % g.players, i))
        rows = [("hand", list(range(len(self.order)))), ("melds", mine),
                ("pile", list(range(len(g.pile)))), ("melds", theirs)]
        return [row for row in rows if row[1]]

    def _focus_place(self) -> tuple[int, int] | None:
        """The row of the focus in :meth:`_focus_rows` and its place in that row; None when
        the focus is on something gone (the arrows then start from the first row's start)."""
        for r, (zone, items) in enumerate(self._focus_rows()):
            if zone == self.focus_zone and self.focus_index in items:
                return r, items.index(self.focus_index)
        return None

    def _focus_rect(self, zone: str, index: int) -> Rect | None:
        if zone == "melds":
            return self.meld_boxes.get(self.g.melds[index].id) if index < len(self.g.melds) else None
        cards = self.order if zone == "hand" else self.g.pile
        p = self.places.get(cards[index]) if index < len(cards) else None
        return p.rect if p is not None else None

    def _focus_along(self, step: int) -> None:
        """Left/right (Home/End with a big step) along the focus's row; no wrapping."""
        rows = self._focus_rows()
        if not rows:
            return
        r, i = self._focus_place() or (0, 0)
        zone, items = rows[r]
        self.focus_zone, self.focus_index = zone, items[max(0, min(len(items) - 1, i + step))]

    def _focus_row(self, step: int) -> None:
        """Up (+1) or down (-1) to the next row on the screen, onto what lies nearest
        across (the pile: its top card)."""
        rows = self._focus_rows()
        if not rows:
            return
        self._place()
        r, i = self._focus_place() or (0, 0)
        to = max(0, min(len(rows) - 1, r + step))
        if to == r and rows[r][0] == self.focus_zone:
            return
        zone, items = rows[to]
        if step == 1 and rows[r][0] == "hand" and self.c.human is not None:
            # one card left that must be laid off: up goes to the meld the status line names
            last = self.c.last_card_must_go_on(self.c.human)
            meld = self.g.meld_by_id(last[1]) if last is not None else None
            if meld is not None:
                self.focus_zone, self.focus_index = "melds", self.g.melds.index(meld)
                return
        here = self._focus_rect(rows[r][0], rows[r][1][i])
        if zone == "pile" or here is None:
            pick = items[-1] if zone == "pile" else items[0]
        else:
            def across(j: int) -> int:
                box = self._focus_rect(zone, j)
                return abs(box.centerx - here.centerx) if box is not None else 10**6
            pick = min(items, key=across)
        self.focus_zone, self.focus_index = zone, pick

    def x_target(self) -> str | None:
        """Which card X discards: the one in focus in the hand ("focus"), else the one
        selected card ("selected"), else none (the status line says so too)."""
        if self.focus_zone == "hand" and self.order:
            return "focus"
        if len(self.selected) == 1:
            return "selected"
        return None

    def _focused_hand_card(self) -> Card | None:
        x = self.x_target()
        if x == "focus":
            return self.order[min(self.focus_index, len(self.order) - 1)]
        return self.selected[0] if x == "selected" else None

    def _enter(self) -> None:
        g = self.g
        if self.focus_zone == "melds" and g.melds and self.c.human_may_call() and \
                (not self.c.human_to_act or not self.selected):
            # a call on the meld in focus, as a click on it: also at the start of the
            # person's own turn (it said "Draw first", the call window open: a tester)
            m = g.melds[min(self.focus_index, len(g.melds) - 1)]
            self.call_rummy(m.id)
            if self.g.phase == "call" and self.c.human_to_act and self.order:
                self.focus_zone, self.focus_index = "hand", 0  # the discard comes next
            return
        if g.phase == "draw" and self.c.human_to_act and self.focus_zone != "pile" and not self.selected:
            hinted = self.hinted()
            if isinstance(hinted, DrawStock):
                # the hint's draw: Enter carries out every hint, as it does a take, also once its
                # marks have faded (a newcomer reading it was refused: a tester)
                self.draw_stock()
            elif isinstance(hinted, EndRound):  # (the hint's "end the round": Enter was refused)
                self.end_round()
            elif not g.stock_drawable():  # (it said "D draws": there is no stock)
                self.refuse("The stock is empty: P takes from the pile, E ends the round")
            else:  # (nothing to meld or lay off, nor may be: what the turn starts with, by its keys;
                # on a meld it asked for a card to lay off: a tester)
                self.refuse("Draw first: D draws from the stock, P takes from the pile")
        elif self.focus_zone == "hand":
            hinted = self.hinted()
            if isinstance(hinted, Discard) and not self.selected and self._focused_hand_card() == hinted.card:
                # Enter carries out every hint, a discard's too (it said "Select cards to meld
                # first" to a keyboard player following the hint: a tester)
                self.discard(hinted.card)
            else:
                self.meld_selected()
        elif self.focus_zone == "melds" and g.melds:
            m = g.melds[min(self.focus_index, len(g.melds) - 1)]
            cards = self._selection_in_order()
            if not cards:
                self.refuse("Select a card in your hand (Down, arrows, Space), then Enter here")
                return
            self.lay_off(cards, m.id)
        elif self.focus_zone == "pile" and g.pile:
            at = min(self.focus_index, len(g.pile) - 1)
            if at == len(g.pile) - 1 and self.c.human_may_call() and not self.c.human_to_act:
                self.call_rummy()  # the top card in a call window: as a click on it, a call
                return
            self.take_pile(g.pile[at])
