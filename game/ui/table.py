"""The table: the scene where a game is played.

Everything the person does becomes an engine action sent through the
:class:`~game.ui.controller.Controller`; the table never decides whether a move is
legal. It shows the engine's reason when a move is refused.

Drawing works from *placements*: for the current state, where every card rests
(``card id -> Place``). They are recomputed only when the state, the hand order, the
selection or the window size changes. When the controller is about to change the state
it calls :meth:`TableScene.before_change` (the table remembers where every card is
drawn, including a card being dragged); after the change :meth:`after_change` computes
the new placements and gives every card that moved a tween from its old place to the new
one. Until a tween lands the card is not drawn at its new place. Cards in opponents' hands
are placed (as backs) like any other card, so a bot's draw, meld or discard animates
the same way as the person's.

The frame is redrawn only when something changed or moves (see ``busy`` and
``next_wake``); the background with its panels is one cached surface per window size.
The painting itself is in :mod:`game.ui.table_paint` (:class:`TablePainting`) and the
mouse and keys in :mod:`game.ui.table_input` (:class:`TableInput`), both parts of the
scene; this module holds the placements, the animation and the calls to the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import pygame
from pygame import Rect

from game.engine import (
    Action,
    CallRummy,
    Card,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    GameState,
    IllegalActionError,
    LayOff,
    MeldCards,
    TakePile,
    Undo,
)
from game.engine import events as ev
from game.engine.cards import card_name, cards_name
from game.engine.melds import make_meld, natural_first, shapes_for
from game.engine.solver import meld_splits, split_into_melds

from . import menus, sheets
from .anim import MOVE_TIME, Animator, Tween
from .cards import sort_key_rank, sort_key_suit
from .layout import HandRow, TableLayout
from .scene import Scene
from .table_input import Drag, Press, TableInput
from .table_paint import (
    HAND_TAG,
    LAID_OFF_INK,
    LAID_OFF_TAG,
    SEAT_COLOURS,
    TablePainting,
    shape_label,
    short_meld,
)
from .widgets import Button, Choice, Toast

if TYPE_CHECKING:
    from game.engine.melds import Meld

    from .app import App
    from .controller import Controller
    from .sheets import SheetScene

log = logging.getLogger(__name__)

FADE = 0.5  # seconds a message takes to fade out (see widgets.Toast.alpha)

DEAL_TIME = 0.28
DEAL_STAGGER = 0.045


T = TypeVar("T")
HINT_MARK = " (the hint)"  # after a small menu's line that the hint named
HINT_WAIT = 0.4   # seconds the table waits for a hint before showing it later, as it comes
HINT_POLL = 0.05  # how often it then looks
HINT_THINKING = "Thinking of a hint…"  # said meanwhile
HINT_STILL = "Still thinking of a hint…"  # said to H pressed again meanwhile
HURRYING = "The others play faster until your turn"  # (taken back when it comes)


def _same_move(a: Action, b: Action) -> bool:
    """Whether two melds, lay-offs or covers play the same cards to the same place (a
    meld's order and reading, or a lay-off's end, aside)."""
    if isinstance(a, MeldCards) and isinstance(b, MeldCards):
        return sorted(a.cards) == sorted(b.cards)
    if isinstance(a, (LayOff, Cover)) and isinstance(b, (LayOff, Cover)):
        return type(a) is type(b) and a.card == b.card and a.meld == b.meld
    return False


def _hint_first(options: list[T], hint: T | None) -> tuple[list[T], bool]:
    """``options`` with ``hint`` first when it is among them (a small menu then marks its
    first line as the hint's: :func:`_mark_hint`), and whether it was."""
    if hint is None or hint not in options:
        return options, False
    return [hint, *(o for o in options if o != hint)], True


def _why(reason: str | None) -> str:
    """": " and a hint's reason, if there is one to give."""
    return f": {reason}" if reason else ""


def _mark_hint(labels: list[str], hinted: bool) -> list[str]:
    """The first label marked as the hint's: "run 5♥–7♥ (the hint)", and within a bracket it
    ends with, "(the wild comes to your hand; the hint)" (two brackets in a row read oddly)."""
    if not hinted or not labels:
        return labels
    first = labels[0]
    first = first[:-1] + "; the hint)" if first.endswith(")") else first + HINT_MARK
    return [first, *labels[1:]]


@dataclass
class Place:
    rect: Rect
    face: bool
    zone: str                 # hand, back, up, pile, meld, cover, stock
    seat: int | None = None
    index: int = 0
    meld: int | None = None
    tab_x: int | None = None  # a melded card's seat tab, when not at its left edge, with its width
    tab_w: int | None = None


class TableScene(TableInput, TablePainting, Scene):
    """The game table. ``controller`` drives the game; the scene shows it and takes input."""

    opaque = True

    def __init__(self, app: App, controller: Controller, exit_after: str | None = None):
        super().__init__(app)
        self.c = controller
        # a saved game loaded after its end was counted in the statistics when it ended
        # (unless its seat list says it was closed before that: see Controller.end_counted)
        self.over_when_loaded = controller.g.phase == "game_over" and controller.end_counted is not False
        controller.listener = self
        self.exit_after = exit_after
        self.art = app.card_art
        self.text = app.text
        self.anim = Animator(speed=self.speed)
        self.bottom = controller.human if controller.human is not None else 0
        self.layout = None
        self.size = (0, 0)
        self.order = []
        self.insert_at = None  # where cards dragged into the hand go (None: see _sync_order)
        self.left_from: dict[Card, tuple[Card, ...]] = {}  # the hand's order when a card left it
        self.hand_kept: tuple[tuple, int, HandRow] | None = None  # see _hand_row
        self.meld_lit: tuple[tuple, bool] | None = None  # see _could_meld
        self.drew_new = controller.drew_new  # the card drawn from the stock, and when (a save's too)
        self.took_new = controller.took_new  # the cards taken from the pile, and when
        self.hint_pending: tuple[Future, int] | None = None  # a hint still being worked out, and for
        # which position (the controller's version)
        self.undoing = False                # cards coming back now are an undo's: put them back
        if controller.hand_order:
            self.order = list(controller.hand_order)  # as the person left it (a saved game)
            self.left_from.update(controller.left_from)
        self.selected = []
        self.focus_zone = "hand"
        self.focus_index = 0
        self.keyboard = False           # draw the focus ring once the keyboard is used
        self.press = None
        self.drag = None
        self.fits = set()               # meld ids the dragged card fits
        self.fit_pile = False
        self.fit_own = False
        self.hot_meld = None
        self.hover = None                       # the hand or pile card under the mouse
        self.hover_take = False                 # ... a pile card the person may take now
        self.hover_meld = None                  # the meld under the mouse (its tag shows whole)
        self.mouse_pos = None
        self._hover_version = -1
        self.toasts = []
        self.choice = None
        self.choice_pauses = False  # the open choice is the menu: the game waits
        self.choice_version = 0  # the controller's version when the open choice was asked
        self.choice_centered = False  # ... and rises from the Menu button (see _layout_choice)
        self.dealing = False        # the deal's cards are still flying
        self.hint_cards = set()
        self.hint_meld = None
        self.hint_shape: tuple[frozenset[Card], tuple] | None = None
        self.hint_layoff: LayOff | Cover | None = None  # a hinted lay-off, first in its small menu
        self.float_agreed = False  # (while a move the person agreed to float by is made)
        self.hint_call: CallRummy | None = None  # a hinted call (its end goes first in a menu)
        self.hint_stock = False
        self.hint_move: tuple[int, Action] | None = None  # the last hint: the position, the move
        self.hint_until = 0.0
        self.hint_version: int | None = None  # the position the hint was about
        # the last click on a hand card: (card, when, the game's version then); a second
        # click on it soon after, with nothing played or dragged between, is a double click
        self.last_click = None
        self.draw_click: tuple[float, int] | None = None  # a draw by a click: when, and the game's version after it
        self.places = {}
        self.draw_list = []
        self.meld_boxes = {}
        self.meld_labels = {}
        self.label_room = {}  # per meld: how wide its tag may be drawn
        self.elsewhere = {}  # per seat: where its "9♣ → #3" chips go (the top line first)
        self.shown_hands = {}  # per seat: its hand turned face up (round over)
        self.hand_labels = {}  # ... and the tag above it
        self.placed_version: tuple = (-1, None)
        self.snapshot = None
        self.bg = None
        self.summary_for: tuple | None = None   # (round, phase) whose end was shown
        self.overlay = None                     # the simple round-end summary
        self.overlay_buttons = []
        self.auto_next_at: float | None = None
        self.clock = 0.0
        self.dirty = True
        self.closed = False
        self.buttons = {}
        self._make_buttons()
        self._sync_order()
        deal = controller.deal_events
        self._pending_deal = list(deal) if deal else None
        self._save_said: str | None = None      # the save failure last reported
        if controller.recovered:
            self.message(controller.recovered.words, "error", ttl=8.0)

    # ------------------------------------------------------------------ basics
    @property
    def g(self) -> GameState:
        return self.c.g

    @property
    def controller(self) -> Controller:
        return self.c

    @property
    def hand_order(self) -> list[Card]:
        """The person's hand as it is shown (saved with the game, so Continue keeps it)."""
        return list(self.order)

    @property
    def speed(self) -> float:
        """Animation speed (the controller's settings: autoplay may override the person's;
        faster while the others hurry)."""
        return self.c.pace

    def invalidate(self) -> None:
        self.dirty = True
        self.app.invalidate()

    def sound(self, name: str) -> None:
        self.app.play_sound(name)

    def message(self, text: str, kind: str = "info", ttl: float = 3.2) -> None:
        """Show ``text`` for ``ttl`` seconds, under at most two earlier messages: the
        oldest go first, but a warning (a save that failed) outlasts the news."""
        kept = [t for t in self.toasts if t.text != text]
        while len(kept) > 2:
            kept.remove(next((t for t in kept if t.kind != "error"), kept[0]))
        self.toasts = kept + [Toast(text, kind, ttl)]
        self.invalidate()

    def standing_warning(self) -> str | None:
        """The warnings the table shows now (not a refused move's reason), for a sheet
        opened over it to repeat: the table's messages are hidden under it."""
        said = [t.text for t in self.toasts if t.kind == "error" and not t.refusal and not t.done]
        return "\n".join(said) or None

    def refuse(self, text: str) -> None:
        """Say why a move was refused, until a move is made (or it fades)."""
        self.message(text, "error")
        self.toasts[-1].refusal = True
        self.toasts[-1].turn = (self.g.round_no, self.g.current)

    def notify(self, text: str, kind: str = "info") -> None:
        self.message(text, kind)

    def withdraw(self, *starts: str) -> None:
        kept = [t for t in self.toasts if not t.text.startswith(starts)]
        if len(kept) != len(self.toasts):
            self.toasts = kept
            self.invalidate()

    def enter(self) -> None:
        self.invalidate()

    def leave(self) -> None:
        self._forget_drag()
        # covered (a sheet, the rules): the pointer moves elsewhere meanwhile, so where it
        # was is forgotten, and no card stays framed as under it once the table shows again
        self.mouse_pos = None
        self.hover = None
        self.hover_meld = None

    def close(self) -> None:
        self.closed = True
        self.c.close()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = (w, h)
        self.layout = TableLayout(self.size, self.g.players, self.bottom, self.g.decks,
                                  card_scale=self.app.settings.card_scale)
        self.bg = None
        self.anim.finish()
        drag = self.drag
        if drag is None:
            self._forget_drag()
        self.press = None  # (a press not yet a drag is a click half made: dropped)
        self._place(force=True)
        if drag is not None:
            self._rescale_drag(drag)
        if self._pending_deal:  # the first deal of a new game, once the table has a size
            events, self._pending_deal = self._pending_deal, None
            self._animate_deal(events)
        self._layout_buttons()
        self._layout_choice()
        self.invalidate()

    def _rescale_drag(self, drag: Drag) -> None:
        """Cards held through a change of the window's size stay held, at the new size,
        the card under the pointer keeping its place under it."""
        L = self.laid_out()
        home = self.places.get(drag.cards[drag.held])
        size = home.rect.size if home is not None else L.stock.size
        f = size[0] / max(1, drag.size[0])
        drag.offsets = [(round(dx * f), round(dy * f)) for dx, dy in drag.offsets]
        drag.size = (size[0], size[1])
        if drag.max_right is not None:
            drag.max_right = L.sidebar.x - L.pad

    def _ensure_layout(self, surface: pygame.Surface | None = None) -> None:
        size = surface.get_size() if surface is not None else self.size
        if self.layout is None or tuple(size) != self.size:
            if size == (0, 0):
                screen = pygame.display.get_surface()
                if screen is None:  # no window yet: the table is laid out once it has one
                    return
                size = screen.get_size()
            self.resize(size)

    # ------------------------------------------------------------------ hand order
    def _sync_order(self) -> None:
        hand = list(self.g.hands[self.bottom])
        in_hand = set(hand)
        # the card in the keyboard's focus, or where it left, the next card still here (the
        # focus stayed at its place in the row, on another card, after a meld: a tester)
        old = self.order
        at_focus = min(self.focus_index, len(old) - 1) if self.focus_zone == "hand" and old else None
        focused = next((c for c in old[at_focus:] if c in in_hand), None) if at_focus is not None else None
        order = [c for c in self.order if c in in_hand]
        for c in self.order:
            if c not in in_hand:
                self.left_from[c] = tuple(self.order)
        seen = set(order)
        new = [c for c in hand if c not in seen]
        at, self.insert_at = self.insert_at, None
        if not order and new:
            new = self._sorted(new)
        if new and self.undoing and all(c in self.left_from for c in new):
            was = [c for c in self.left_from[new[0]] if c in seen]  # (the order then, of those here)
            if was != order and len(order) > 1 and order == self._sorted(order):
                order, new = self._sorted(order + new), []  # sorted since: they join the sort
            else:
                order, new = self._put_back(order, new), []
        if new and order:
            # cards coming to the hand go where they were dropped; otherwise a sorted hand
            # stays sorted, and a hand the person arranged gets them at its right end
            if at is None and order == self._sorted(order):
                order = self._sorted(order + new)
                new = []
            else:
                at = len(order) if at is None else max(0, min(at, len(order)))
                order, new = order[:at] + new + order[at:], []
        self.order = order + new
        self.selected = [c for c in self.selected if c in in_hand]
        if self.order:
            if self.focus_zone == "hand":
                self.focus_index = self.order.index(focused) if focused in self.order else \
                    min(self.focus_index, len(self.order) - 1)
        self.hint_cards &= in_hand | set(self.g.pile)

    def undo_places(self) -> dict[Card, tuple[Card, ...]]:
        """Where the cards the person has laid down this turn were in the hand (saved
        with the game, so that Undo after Continue puts them back there)."""
        g = self.g
        if g.phase != "play" or g.current != self.bottom:
            return {}
        hand = set(g.hands[self.bottom])
        return {c: was for c, was in self.left_from.items() if c not in hand}

    def _put_back(self, order: list[Card], back: list[Card]) -> list[Card]:
        """``order`` with the cards of ``back`` where they were when they left the hand:
        each after the nearest card that was on its left then and is in the hand now."""
        order = list(order)
        for c in sorted(back, key=lambda c: self.left_from[c].index(c)):
            was = self.left_from[c]
            here = set(order)
            left = next((x for x in reversed(was[:was.index(c)]) if x in here), None)
            order.insert(0 if left is None else order.index(left) + 1, c)
        return order

    def _sorted(self, cards: list[Card]) -> list[Card]:
        ctx = self.g.ctx
        key = sort_key_suit if self.sort_mode == "suit" else sort_key_rank
        return sorted(cards, key=lambda c: key(ctx, c))

    @property
    def sort_mode(self) -> str:
        """How the hand is sorted: the person's last choice, kept in the settings."""
        return self.app.settings.hand_sort

    def next_sort(self) -> str:
        """What the S key sorts by: the other way from the hand's sort now."""
        return "rank" if self.sort_mode == "suit" else "suit"

    def sort_hand(self, mode: str | None = None) -> None:
        if mode is None:
            mode = self.next_sort()
        settings = self.app.settings
        if settings.hand_sort != mode:
            settings.hand_sort = mode  # the next game is dealt sorted the same way
            settings.save_or_log("the hand's sort")
        self.before_change()
        focused = self.order[self.focus_index] if self.focus_zone == "hand" and \
            0 <= self.focus_index < len(self.order) else None
        self.order = self._sorted(self.order)
        if focused is not None:  # the focus stays on its card, wherever the sort puts it
            self.focus_index = self.order.index(focused)
        self._animate_from_snapshot(MOVE_TIME * 0.8)
        self.c.autosave()
        self.invalidate()

    # ------------------------------------------------------------------ placements
    def _place(self, force: bool = False) -> None:
        """Where every card rests in the current state."""
        if self.layout is None:
            return
        key = (self.c.version, self._pile_open())
        if not force and self.placed_version == key:
            return
        self._sync_order()
        g = self.g
        L = self.layout
        places: dict[Card, Place] = {}
        draw: list[tuple[Card, Place]] = []
        stock_rect = Rect(L.stock)
        for c in g.stock:
            places[c] = Place(stock_rect, False, "stock")
        for i, (c, r) in enumerate(zip(g.pile, L.pile_rects(len(g.pile), key[1]))):
            p = Place(r, True, "pile", index=i)
            places[c] = p
            draw.append((c, p))
        # melds, per owner
        self.meld_boxes = {}
        self.meld_labels = {}
        self.label_room = {}
        by_owner: dict[int, list[Meld]] = {s: [] for s in range(g.players)}
        for m in g.melds:
            by_owner[m.owner].append(m)
        laid = self.laid_elsewhere()  # (each seat's cards on others' melds, as laid)
        lays_elsewhere = set(laid)
        fs = self._chip_size()
        reserve = L.laid_off_h
        # the person's chips go under the name plate where that has room for a line of them:
        # in a row under the melds, the first one shrank every meld (a tester)
        sb = L.seats[self.bottom]
        top = sb.plate.bottom + max(4, fs // 2)
        # (a little in from the panel's edge, as the plate's words are: flush with it, it
        # looked cramped, a tester)
        under_plate = Rect(sb.plate.x + L.pad // 2, top, sb.plate.w - L.pad // 2, L.own_melds.bottom - top) \
            if L.own_melds.bottom - top >= fs + 4 else None
        # once the round is over the others' hands are turned face up, after their melds
        # (see TableLayout.meld_flow)
        shown = g.round_done
        self.shown_hands = {}
        self.hand_labels = {}
        tag_font = self.text.font(self._tag_size(), True)
        hand_tag = tag_font.size(HAND_TAG)[0] + 10
        # (the "laid off" row beside a seat's last melds wants its word and its first chip)
        chip_font = self.text.font(fs, True)
        word_w = self.text.render(LAID_OFF_TAG, fs, LAID_OFF_INK).get_width() + 6
        # (the first chip as it is drawn: in the order the cards were laid)
        first = {s: self.chip_text([card], m) for s, ((card, m), *_) in laid.items()}
        beside: dict[int, Rect] = {}
        for seat, melds in by_owner.items():
            hand = len(g.hands[seat]) if shown and seat != self.bottom else 0
            if not melds and not hand:
                continue
            flow = L.meld_flow(seat, [(len(m.cards), frozenset(m.covers)) for m in melds],
                               reserve=reserve if seat in lays_elsewhere and (
                                   seat != self.bottom or under_plate is None) else 0,
                               tags=[tag_font.size(self._meld_tag(m, landed=False))[0] + 10 for m in melds],
                               hand=hand, hand_tag=hand_tag,
                               beside_w=word_w + chip_font.size(first[seat])[0] + 10
                               if seat in first and seat != self.bottom else 0)
            if flow.beside is not None and seat in lays_elsewhere and \
                    flow.bounds(len(melds) - 1).bottom > L.seats[seat].melds.bottom - reserve:
                beside[seat] = flow.beside  # (the melds reach into the room kept under them)
            if hand:
                self.shown_hands[seat] = flow.hand
            if flow.hand_label is not None:  # (there is one when there is a hand)
                self.hand_labels[seat] = flow.hand_label
            for k, m in enumerate(melds):
                rects = flow.melds[k]
                for i, c in enumerate(m.cards):
                    tab_x = tab_w = None
                    if i in m.covers:  # (the wild's tab at its foot, left of the card laid on it:
                        # under it, the tab hid whose the wild is: a tester)
                        tab_x, tab_w = rects[i].x + 1, max(3, flow.covers[k][i].x - rects[i].x - 3)
                    # (the cards after a card laid on a wild lie over it, their tabs at their
                    # feet over its face: below it, they read as its own: a tester)
                    p = Place(rects[i], True, "meld", seat=m.by[i], index=i, meld=m.id,
                              tab_x=tab_x, tab_w=tab_w)
                    places[c] = p
                    draw.append((c, p))
                    if i in m.covers:  # (over its wild, under the cards after it)
                        cover, s = m.covers[i]
                        p = Place(flow.covers[k][i], True, "cover", seat=s, index=i, meld=m.id)
                        places[cover] = p
                        draw.append((cover, p))
                self.meld_boxes[m.id] = flow.bounds(k).union(flow.labels[k])
                self.meld_labels[m.id] = flow.labels[k]
                self.label_room[m.id] = flow.label_room[k]
        # the cards each seat laid on others' melds go just under its own melds (near its
        # name), or at the foot of its area when its melds fill it
        self.elsewhere = {}
        for seat in lays_elsewhere:
            area = L.seats[seat].melds
            if seat == self.bottom and under_plate is not None:
                self.elsewhere[seat] = under_plate
                continue
            if seat in beside:  # beside its last melds, at the foot of their row
                b = beside[seat]
                self.elsewhere[seat] = Rect(b.x, b.bottom - fs - 6, b.w, fs + 6)
                continue
            foot = area.bottom - fs - 6
            boxes = [self.meld_boxes[m.id] for m in by_owner[seat]] + self.shown_hands.get(seat, [])
            under = max((b.bottom for b in boxes), default=area.y) + max(4, fs // 2)
            y = min(foot, under)
            self.elsewhere[seat] = Rect(area.x, y, area.w, area.bottom - y)
        # other hands: backs, and the face-up deal card while it is held
        for seat in range(g.players):
            if seat == self.bottom:
                continue
            held = g.hands[seat]
            if shown:  # every card face up, sorted as the round-end sheet lists them
                cards = sorted(held, key=lambda c: sort_key_suit(g.ctx, c))
                for i, (c, r) in enumerate(zip(cards, self.shown_hands.get(seat, []))):
                    p = Place(r, True, "back", seat=seat, index=i)
                    places[c] = p
                    draw.append((c, p))
                continue
            up = g.upcards[seat] if g.upcards[seat] in held else None
            backs = [c for c in held if c != up]
            for i, (c, r) in enumerate(zip(backs, L.back_rects(seat, len(backs)))):
                p = Place(r, False, "back", seat=seat, index=i)
                places[c] = p
                draw.append((c, p))
            if up is not None:
                p = Place(Rect(L.seats[seat].upcard), True, "up", seat=seat)
                places[up] = p
                draw.append((up, p))
        # the bottom hand
        sel = set(self.selected)
        lifted = {i for i, c in enumerate(self.order) if c in sel}
        n = len(self.order)
        for i, (c, r) in enumerate(zip(self.order, L.hand_rects(n, lifted, self._hand_row(n)))):
            p = Place(r, True, "hand", seat=self.bottom, index=i)
            places[c] = p
            draw.append((c, p))
        self.places = places
        self.draw_list = draw
        self.placed_version = key
        self.invalidate()

    def _pile_open(self) -> int | None:
        """The pile card in the keyboard's focus, when cards lie above it: the pile opens
        there (see :meth:`TableLayout.pile_rects`)."""
        n = len(self.g.pile)
        if self.keyboard and self.focus_zone == "pile" and 0 <= self.focus_index < n - 1:
            return self.focus_index
        return None

    def turn_of(self, seat: int) -> tuple:
        """Which of ``seat``'s turns this is (it changes when that turn ends)."""
        g = self.g
        return (g.round_no, seat, g.turns[seat])

    def turn_key(self) -> tuple:
        """Which of the person's turns this is."""
        return self.turn_of(self.c.human if self.c.human is not None else 0)

    def _hand_row(self, n: int) -> HandRow:
        """Where the hand's ``n`` cards go. Within a turn, cards that leave the hand (laid
        down, laid off) do not move the others: the hand keeps its left edge and spacing,
        so the card under the pointer stays the one the person sees there. A hand that
        grows past the turn's largest (a draw, a take) is centred again, as is the next
        turn's."""
        L = self.laid_out()
        key = (self.turn_of(self.g.current), L.size, L.hand_card)  # (a new card size: placed anew)
        kept = self.hand_kept
        if kept is not None and kept[0] == key and n <= kept[1]:
            return kept[2]
        row = L.hand_row(n)
        self.hand_kept = (key, n, row)
        return row

    # ------------------------------------------------------------------ change hooks
    def before_change(self) -> None:
        """Called by the controller just before the state changes."""
        self._place()
        snap: dict[int, Place] = {c: Place(Rect(p.rect), p.face, p.zone, p.seat, p.index, p.meld)
                                  for c, p in self.places.items()}
        for t in self.anim.in_flight():  # cards in flight start from where they are now
            if isinstance(t.key, int) and t.key in snap:
                snap[t.key].rect = t.rect()
                snap[t.key].face = t.face_up()
        if self.drag is not None:
            for c, r in zip(self.drag.cards, self.drag.rects()):
                if c in snap:
                    snap[c].rect = r
        self.snapshot = snap

    def after_change(self, events: list[ev.Event], seat: int | None, action: Action | None) -> None:
        """Called by the controller after the state changed: animate what moved."""
        deal = any(isinstance(e, (ev.DealtHand, ev.DealtUpcard)) for e in events)
        for e in events:  # the card the person drew from the stock: tagged "new" this turn
            if isinstance(e, ev.DrewStock) and e.seat == self.c.human and e.card is not None:
                self.drew_new = (e.card, self.turn_key())
            elif isinstance(e, ev.TookPile) and e.seat == self.c.human and e.cards:
                # every card taken is tagged (only the deepest was: a new player lost track
                # of the others, sorted into the hand: a tester)
                self.took_new = (tuple(e.cards), self.turn_key())
        if deal:
            self.order = []
            self.left_from.clear()
            self.focus_zone, self.focus_index = "hand", 0
            self._save_said = None  # a save still failing is said again each round
        self._place(force=True)
        if deal:
            self._animate_deal(events)
        else:
            self._animate_from_snapshot(MOVE_TIME, events, shows_move=True)
        self._let_go_of_moved_cards(seat)
        # a refusal said in a turn now over goes with it ("It is Alice's turn" stood beside
        # "Ben is playing…")
        turn = (self.g.round_no, self.g.current)
        if any(t.refusal and t.turn != turn for t in self.toasts):
            self.toasts = [t for t in self.toasts if not (t.refusal and t.turn != turn)]
        self._sounds(events)
        self._describe(events, seat)
        if any(isinstance(e, (ev.RoundScored, ev.GameOver)) for e in events):
            self.summary_for = None
        self.invalidate()

    def _let_go_of_moved_cards(self, seat: int | None) -> None:
        """A move can take the cards under the pointer: another seat's "Rummy!" takes the
        pile's top card, a computer draws the stock's; a key pressed while the button is
        down plays a hand card. A press of a card no longer there is forgotten, and a drag
        of cards moved by another seat ends (they fly from the pointer to where they went,
        like the rest of the move: the snapshot held them at the pointer)."""
        if self.press is not None and not self._press_holds(self.press):
            self.press = None
        if self.drag is not None and seat != self.c.human and not self._drag_holds(self.drag):
            self._forget_drag()

    def _press_holds(self, press: Press) -> bool:
        """Whether the card pressed is still where it was pressed."""
        if press.kind == "hand":
            return press.card in self.order
        if press.kind == "pile":
            return press.card in self.g.pile
        if press.kind == "stock":
            return self.g.stock_drawable()
        return True

    def _drag_holds(self, drag: Drag) -> bool:
        """Whether the cards dragged are still where the drag took them from."""
        g = self.g
        if drag.kind == "hand":
            return all(c in self.order for c in drag.cards)
        if drag.kind == "pile":
            return g.pile[-len(drag.cards):] == list(drag.cards)
        return bool(g.stock) and g.stock[-1] == drag.cards[0]

    def _animate_from_snapshot(self, duration: float, events: list[ev.Event] | None = None,
                               shows_move: bool = False) -> None:
        if self.layout is None:
            return
        if self.snapshot is None:
            self._place(force=True)
            return
        before = self.snapshot
        self.snapshot = None
        self._place(force=True)
        L = self.layout
        stagger = 0.0
        for c, p in self.draw_list:
            old = before.get(c)
            if old is None:
                src, face_from = Rect(L.stock), False
            else:
                src, face_from = old.rect, old.face
                if old.zone == "back" and p.zone in ("pile", "meld", "cover"):
                    face_from = p.face  # (played from a hidden hand, it is shown at once: a
                    # discard flew face down over the player's own melds: a tester)
            if old is not None and old.rect == p.rect and old.face == p.face:
                continue
            moved_zone = old is None or old.zone != p.zone
            delay = 0.0
            if moved_zone:
                delay = stagger
                stagger += 0.05
            dur = duration if moved_zone else duration * 0.7
            self._tween(c, p, src, face_from, dur, delay, layer=1 if moved_zone else 0,
                        shows_move=shows_move, arrives=moved_zone)

    def _tween(self, c: Card, p: Place, src: Rect, face_from: bool, dur: float, delay: float,
               layer: int = 0, shows_move: bool = False, arrives: bool = False) -> None:
        wild = self.g.ctx.is_wild(c)
        self.anim.add(Tween(c, c, Rect(src), Rect(p.rect), dur, delay, face_from, p.face, wild,
                            on_land=self.invalidate, layer=layer, shows_move=shows_move, arrives=arrives))

    def _animate_deal(self, events: list[ev.Event]) -> None:
        self.snapshot = None
        L = self.layout
        if L is None:
            return
        order: list[Card] = []
        for e in events:
            if isinstance(e, ev.DealtUpcard):
                order.append(e.card)
            elif isinstance(e, ev.DealtHand):
                order.extend(e.cards)
            elif isinstance(e, ev.PileStarted):
                order.append(e.card)
        seen = set(order)
        for c, _ in self.draw_list:  # anything else (an extra card to the dealer, ...)
            if c not in seen:
                order.append(c)
                seen.add(c)
        self.sound("card_shuffle")
        self.dealing = True  # the status line says so until the cards have landed
        stagger = min(DEAL_STAGGER, 2.4 / max(1, len(order)))  # a big deal still takes ~2.5 s
        for k, c in enumerate(order):
            p = self.places.get(c)
            if p is None or p.zone == "stock":
                continue
            self._tween(c, p, Rect(L.stock), False, DEAL_TIME, k * stagger, layer=1,
                        shows_move=True)

    def _sounds(self, events: list[ev.Event]) -> None:
        names = []
        for e in events:
            if isinstance(e, ev.CalledRummy):
                names.append("rummy_call")
            elif isinstance(e, ev.Melded):
                names.append("meld")
            elif isinstance(e, (ev.DrewStock, ev.TookPile)):
                names.append("card_draw")
            elif isinstance(e, (ev.LaidOff, ev.Covered)):
                names.append("card_place")
            elif isinstance(e, ev.Discarded):
                names.append("discard")
            elif isinstance(e, ev.RoundScored):
                names.append("round_end")
        if names:
            self.sound(names[0])

    def _describe(self, events: list[ev.Event], seat: int | None) -> None:
        """Say what the others did (the person sees their own moves happen)."""
        for e in events:
            who = getattr(e, "seat", None)
            name = self.c.seats[who].name if isinstance(who, int) else ""
            if isinstance(e, ev.CalledRummy):
                # (the person's own call: the status line says "Rummy! Now discard a card")
                self.message(f"{name} called Rummy! on the {cards_name(e.cards)}"
                             if who != self.c.human else f"You called Rummy! on the {cards_name(e.cards)}")
            elif isinstance(e, ev.WentOut):
                self.message("You went out!" if who == self.c.human else f"{name} went out")
            elif isinstance(e, ev.Floated) and who != self.c.human:
                self.message(f"{name} is floating")
            elif isinstance(e, ev.Floated):
                self.message("You have no cards: you float. Draw from the stock on your turns")
            elif isinstance(e, ev.StockReshuffled):
                self.message("The pile was turned over into a new stock")
            elif isinstance(e, ev.RoundEnded) and e.reason == "stock_empty":
                self.message("The stock ran out: the round ends")
            elif isinstance(e, ev.TookPile) and who != self.c.human and len(e.cards) > 1:
                self.message(f"{name} took {len(e.cards)} cards from the pile")

    # ------------------------------------------------------------------ buttons
    def _make_buttons(self) -> None:
        specs: list[tuple[str, str, str, Callable[[], object]]] = [
            ("rummy", "Rummy!", "R", self.call_rummy),
            ("end", "End round", "E", self.end_round),
            ("meld", "Meld", "Enter", self.meld_selected),
            ("undo", "Undo", "U", self.undo),
            ("hint", "Hint", "H", self.show_hint),
            ("sort_suit", "Sort by suit", "S", lambda: self.sort_hand("suit")),
            ("sort_rank", "Sort by rank", "S", lambda: self.sort_hand("rank")),
            ("menu", "Menu", "Esc", self.open_menu),
        ]
        self.buttons = {n: Button(n, label, hint=key, on_click=fn) for n, label, key, fn in specs}
        # a click on a greyed move button does what its key does there: say why it cannot be
        # made now, in the engine's words ("a meld needs at least 4 cards")
        for n in ("rummy", "meld", "undo"):
            self.buttons[n].explain = self.buttons[n].on_click

    def _update_buttons(self) -> None:
        c = self.c
        g = self.g
        human = c.human is not None
        mine = c.human_to_act
        b = self.buttons
        may_call = human and c.human_may_call()
        # between rounds only the menu: none of the others can be used until the next deal
        # (and the round sheet's View-table panel sits where they were)
        playing = human and not g.round_done
        b["rummy"].visible = playing and g.rules.rummy_calls != "off"
        b["rummy"].enabled = bool(may_call)
        b["rummy"].alert = bool(may_call)
        b["end"].visible = human and mine and g.phase == "draw" and not g.stock_drawable()
        # (lit once the selection makes a meld, or several: fewer cards are laid off with
        # Enter on a meld; a click on it greyed says why, "2♣ 4♣ 5♣ is not a meld: …")
        b["meld"].enabled = mine and len(self.selected) >= max(1, g.ctx.min_meld) and g.no_new_meld() is None \
            and self._could_meld()
        # Enter acts on the focus: on a meld or the pile it is not this button
        b["meld"].hint = "" if self.keyboard and self.focus_zone in ("melds", "pile") else "Enter"
        b["undo"].enabled = mine and g.phase == "play" and bool(g.turn_log)
        b["hint"].enabled = human and (mine or c.human_may_call())
        for n in ("meld", "undo", "hint", "sort_suit", "sort_rank"):
            b[n].visible = playing
        # the S key is shown on the sort it will do; nothing to sort in a hand of one card or none
        for mode in ("suit", "rank"):
            b["sort_" + mode].hint = "S" if mode == self.next_sort() else ""
            b["sort_" + mode].enabled = len(self.order) > 1
        b["menu"].visible = True

    def _could_meld(self) -> bool:
        """Whether the selected cards make a meld the engine would take now, or several at
        once (all of them taken, one after another: with one new meld a turn, two melds lit
        the button, and go down none, a tester). Worked out once a selection and a state:
        the buttons are brought up to date every frame."""
        key = (frozenset(self.selected), self.c.version)
        if self.meld_lit is None or self.meld_lit[0] != key:
            cards = tuple(self._selection_in_order())
            ctx = self.g.ctx
            # (a meld the engine would take now: not one that breaks a rule of the turn, such
            # as a card from the pile that must go with two natural cards)
            lit = any(self.c.is_legal(MeldCards(cards, shape)) for shape in shapes_for(ctx, cards))
            if not lit:
                apart = split_into_melds(ctx, cards, unique=False)
                lit = bool(apart) and self.c.first_refusal([MeldCards(*m) for m in apart or ()]) is None
            self.meld_lit = (key, lit)
        return self.meld_lit[1]

    def _layout_buttons(self) -> None:
        if self.layout is None:
            return
        self._update_buttons()
        names = [n for n, btn in self.buttons.items() if btn.visible]
        rects = self.layout.buttons(names)
        for n, btn in self.buttons.items():
            btn.rect = rects.get(n, Rect(0, 0, 0, 0))

    # ------------------------------------------------------------------ moves
    def _act(self, action: Action, snap_back: list[Card] | None = None) -> bool:
        """Send ``action`` to the engine; on refusal show why and snap cards back. A move
        that plays the person's last cards and leaves them floating is asked about first
        (False meanwhile): it ends the turn, and Undo cannot take it back."""
        if not self.float_agreed and self._floats(action):
            self._ask_to_float(action, snap_back)
            return False
        if isinstance(action, Cover) and action.card in self.order and self.order != self._sorted(self.order):
            # a wild the swap brings back takes the place of the card laid on it (at the
            # right end it moved the card the person meant to throw next: a tester)
            self.insert_at = self.order.index(action.card)
        try:
            events = self.c.act(action)
        except IllegalActionError as exc:
            self.insert_at = None
            self.refuse(str(exc))
            self.sound("error")
            if snap_back:
                self._snap_back(snap_back)
            return False
        self.toasts = [t for t in self.toasts if not t.refusal]  # (about another position)
        back = next((e.wild_to_hand for e in events if isinstance(e, ev.Covered) and e.wild_to_hand), None)
        if back is not None and isinstance(action, Cover):  # (a swap: say what came to the hand)
            self.message(f"You swapped the {card_name(action.card)} for the wild {card_name(back)}, "
                         "now in your hand")
        self.hint_cards.clear()
        self.hint_meld = None
        self.hint_stock = False
        return True

    def hinted(self) -> Action | None:
        """The move the last hint named, while the position is still the one it was for
        (Enter carries it out: a draw, a discard; a float it said it makes is not asked
        about)."""
        hint = self.hint_move
        return hint[1] if hint is not None and hint[0] == self.c.version else None

    def _floats(self, action: Action) -> bool:
        """Whether the person's ``action`` plays their last cards and leaves them floating,
        as the engine has it (the move tried on a copy of the game)."""
        g = self.g
        if not (self.c.human_to_act and isinstance(action, (MeldCards, LayOff, Cover))):
            return False
        if g.floating[self.bottom]:  # (floating already: nothing new to warn of, a tester)
            return False
        hinted = self.hinted()
        if hinted is not None and _same_move(hinted, action):
            return False  # (the hint said "so you float"; Enter, Enter cancelled it: a tester)
        played = set(action.cards) if isinstance(action, MeldCards) else {action.card}
        if set(g.hands[self.bottom]) - played or not self.c.is_legal(action):
            return False
        trial = g.copy()
        return any(isinstance(e, ev.Floated) for e in trial.apply(action))

    def _ask_to_float(self, action: Action, snap_back: list[Card] | None) -> None:
        """Ask before a move that floats (a new player floated by accident, and Undo was
        gone: a tester); the cards go back to the hand meanwhile."""
        if snap_back:
            self._snap_back(snap_back)

        def pick(i: int) -> None:
            self.choice = None
            if i == 0:
                self.float_agreed = True
                try:
                    if self._act(action):
                        self.selected = [x for x in self.selected if x in self.g.hands[self.bottom]]
                        self._place(force=True)
                finally:
                    self.float_agreed = False
            self.invalidate()

        self._ask("Play your last cards? You will float, and Undo cannot take it back",
                  ["Play them and float", "Not yet"], pick).focus = 1  # (Enter twice does not float)

    def _snap_back(self, cards: list[Card]) -> None:
        """Illegal drop: the dragged cards fly back to where they rest."""
        if self.drag is None:
            return
        for c, r in zip(self.drag.cards, self.drag.rects()):
            if c not in cards:
                continue
            p = self.places.get(c)
            if p is None:
                continue
            self._tween(c, p, r, True if self.drag.kind != "stock" else False, MOVE_TIME, 0.0, layer=2)

    def draw_stock(self) -> bool:
        g = self.g
        seat = g.current
        before = list(g.hands[seat]) if 0 <= seat < len(g.hands) else []
        done = self._act(DrawStock())
        drawn = [c for c in g.hands[seat] if c not in before] if done and seat == self.bottom else []
        if drawn and self.keyboard and drawn[0] in self.order:  # the focus goes to the card drawn
            self.focus_zone, self.focus_index = "hand", self.order.index(drawn[0])
        return done

    def take_pile(self, card: Card | None = None) -> bool:
        g = self.g
        if not g.pile:
            self.refuse("The discard pile is empty")
            return False
        card = g.pile[-1] if card is None else card
        done = self._act(TakePile(card))
        if done and self.keyboard and card in self.order:  # the focus follows the card taken
            self.focus_zone, self.focus_index = "hand", self.order.index(card)
        return done

    def discard(self, card: Card) -> bool:
        after_call = self.g.phase == "call"
        done = self._act(Discard(card))
        g = self.g
        if done and after_call and g.current == self.c.human and g.phase == "draw":
            # (the caller was next before the call: its turn again, which looked like a slip: a tester)
            self.message("Your turn again: play goes on with whoever was next before the call")
        return done

    def undo(self) -> bool:
        self.undoing = True  # (while it is applied: the cards coming back go where they were)
        try:
            return self._act(Undo())
        finally:
            self.undoing = False

    def _meld_words(self, action: MeldCards) -> str:
        """A hinted meld's cards as the meld will read, a wild in the place it stands for and
        named as wild ("5♥ 6♥ 7♥ wild 10♥ 9♥"; in hand order it read as a mistake)."""
        g = self.g
        try:
            shape = action.shape if action.shape is not None else shapes_for(g.ctx, action.cards)[0]
            cards = make_meld(g.ctx, action.cards, shape, 0, 0).cards
        except (IndexError, ValueError, AssertionError):  # (not a meld after all: the engine says so)
            return cards_name(action.cards)
        return " ".join(self._hint_name(c) for c in cards)

    def _hint_name(self, c: Card) -> str:
        """A card as a hint names it: a wild one as wild ("wild 9♣"), as the reasons do."""
        return ("wild " if c in self.g.ctx.wilds else "") + card_name(c)

    def end_round(self, ask: bool = False) -> bool:
        """End the round (an empty stock). ``ask`` (the key E, next to D and R): where the
        pile may still be taken, after a question (a slip of the key ended it at once: a
        tester); the **End round** button, clicked, ends it."""
        g = self.g
        takes = [c for c in g.pile if self.c.is_legal(TakePile(c))] if ask and self.c.is_legal(EndRound()) else []
        if not takes:
            return self._act(EndRound())
        deepest = f"down to the {card_name(takes[0])}" if len(takes) > 1 or takes[0] != g.pile[-1] else \
            f"the {card_name(takes[0])}"

        def pick(i: int) -> None:
            self.choice = None
            if i == 0:
                self._act(EndRound())
            self.invalidate()

        # ("Not yet" in focus: E then Enter, a slip of two keys, still ended it: a tester)
        self._ask(f"End the round? You may still take from the pile ({deepest})",
                  ["End the round", "Not yet"], pick).focus = 1
        return False

    def meld_selected(self, cards: list[Card] | None = None) -> None:
        cards = list(cards if cards is not None else self._selection_in_order())
        if not cards:  # (on another's turn, that comes first: nothing may be melded now)
            if self.c.human_to_act and self.g.phase != "play":  # (before the draw: the engine's words)
                self.refuse(self.c.why_illegal(MeldCards(())) or "Select cards to meld first (click them, or Space)")
                return
            self.refuse("Select cards to meld first (click them, or Space)" if self.c.human_to_act
                        else self.c.not_your_turn())
            return
        g = self.g
        shapes = shapes_for(g.ctx, cards) if len(cards) >= 3 else []
        if len(shapes) > 1 and self.c.human_to_act and g.phase == "play":
            # only the readings the rules allow now are asked about (none: the engine's
            # reason for the first is said, with no question before it)
            shapes = [s for s in shapes if self.c.is_legal(MeldCards(tuple(cards), s))] or shapes[:1]
        if len(shapes) > 1 and self.c.human_to_act and g.phase == "play":
            shapes = natural_first(g.ctx, cards, shapes)  # (then the hint's reading first)
            hint = self.hint_shape
            shapes, hinted = _hint_first(shapes, hint[1] if hint is not None and hint[0] == frozenset(cards)
                                         else None)
            labels = _mark_hint([shape_label(s, len(cards), cards, g.ctx) for s in shapes], hinted)
            # the cards may also be several melds (a run, and a set of wild kings read as
            # kings, each meld in its first reading): offered last
            apart = split_into_melds(g.ctx, cards, unique=False)
            if apart and not self.c.is_legal(MeldCards(*apart[0])):
                apart = None  # (the first meld would be refused: not offered)
            if apart:
                labels.append(" + ".join(shape_label(shape, len(group)) for group, shape in apart))

            def pick(i: int) -> None:
                self.choice = None
                if i == len(shapes) and apart:
                    self._meld_apart(apart)
                elif self._act(MeldCards(tuple(cards), shapes[i])):
                    self.selected = []
                    self._place(force=True)
                self.invalidate()

            self._ask("Meld these cards as:", labels, pick)
            return
        splits = meld_splits(g.ctx, cards) if not shapes and g.phase == "play" else []
        if splits and self.c.human_to_act:
            if len(splits) == 1:
                self._meld_apart(splits[0])
                return
            # as few melds as can be, in more than one way (4♣-9♣ with 9♥ 9♠ 9♦: the 9♣ in
            # the run or the set): which is the player's to say

            def pick_split(i: int) -> None:
                self.choice = None
                self._meld_apart(splits[i])
                self.invalidate()

            double = g.rules.counts_double  # (which melds of each way would count double)
            self._ask("Meld these cards as:",
                      [" + ".join(shape_label(shape, len(group)) + (" ×2" if double(len(group)) else "")
                                  for group, shape in sp) for sp in splits],
                      pick_split)
            return
        split = splits[0] if splits else None
        if not shapes and split is None and g.phase == "play" and self.c.human_to_act:
            loose = split_into_melds(g.ctx, cards, unique=False)
            two_ways = [group for group, _ in loose or () if len(shapes_for(g.ctx, group)) > 1]
            if len(two_ways) == 1 and loose:
                # several melds, one of which needs its reading chosen: the others go down
                # first, then the question for that one (as when it is melded alone)
                others = [(group, shape) for group, shape in loose if group != two_ways[0]]
                self._meld_apart(others)
                if not any(x in g.hands[self.bottom] for group, _ in others for x in group):
                    self.meld_selected(list(two_ways[0]))  # (the others all went down)
                return
            if two_ways:  # several melds, more than one needing its reading chosen
                self.refuse(f"The {cards_name(list(two_ways[0]))} could be read more than one "
                            "way: meld those cards on their own first, then the rest")
                self.sound("error")
                self._snap_back(cards)
                return
        if self._act(MeldCards(tuple(cards), shapes[0] if len(shapes) == 1 else None),
                     snap_back=cards):
            self.selected = []
            self._place(force=True)

    def _meld_apart(self, melds: list[tuple[tuple, tuple]]) -> None:
        """Several melds selected at once: each is laid down in turn, or none, where the
        engine would refuse one after the first (the first of two went down, then "Only
        one new meld may be made in a turn": a tester); a refusal of the first is its own."""
        g = self.g
        refused = self.c.first_refusal([MeldCards(group, shape) for group, shape in melds])
        if refused is not None and refused[0] > 0:
            self.refuse(f"{refused[1]}: none of these melds went down")
            self.sound("error")
            self._snap_back([x for group, _ in melds for x in group])
            return
        for group, shape in melds:
            if not self._act(MeldCards(group, shape), snap_back=list(group)):
                break
        self.selected = [x for x in self.selected if x in g.hands[self.bottom]]
        self._place(force=True)

    def lay_off(self, cards: list[Card], meld_id: int, drop_x: int | None = None) -> None:
        """Lay ``cards`` off on a meld, one at a time; asks when a card could go two ways."""
        g = self.g
        m = g.meld_by_id(meld_id)
        if m is None:
            return
        if len(cards) > 1:
            # each card where it fits, in an order that lets them all go (the 7 before the 6
            # on an 8-J run); the drop side only says which end a wild tries first. Where no
            # order fits them all, they go one by one until the engine says why not
            plan = g.layoff_plan(cards, m.id, lambda c: self._layoff_actions(c, m, drop_x))
            steps = plan if plan is not None else [self._layoff_actions(c, m, drop_x)[0] for c in cards]
            at = self._hand_spot(cards)
            for a in steps:
                if not self._act(a, snap_back=[a.card]):
                    break
            self.selected = [c for c in self.selected if c in g.hands[self.bottom]]
            self._place(force=True)
            self._focus_back(cards, at)
            return
        c = cards[0]
        at = self._hand_spot(cards)
        options = self._layoff_actions(c, m, drop_x)
        legal = [a for a in options if self.c.is_legal(a)]
        if m.kind != "run" and g.rules.wild_after_meld == "stays" and len(legal) > 1:
            # on a set, beside the wild or at the end comes to the same (the card scores,
            # the wild stays): no question, the card joins the set
            legal = [a for a in legal if not isinstance(a, Cover)]
        # ask when the card could go two ways: on a wild or at an end, or (from the keyboard,
        # where no drop side says which) at either end of a run
        if len(legal) > 1 and (any(isinstance(a, Cover) for a in legal) or drop_x is None):
            # a hinted lay-off first, and marked (Enter, Enter after the hint laid the card at
            # the end, the wild staying, where the hint said to take its place: a tester)
            legal, hinted = _hint_first(legal, self.hint_layoff)
            labels = _mark_hint([self._layoff_label(a, m) for a in legal], hinted)

            def pick(i: int) -> None:
                self.choice = None
                if self._act(legal[i]):
                    self.selected = [x for x in self.selected if x != c]
                    self._place(force=True)
                    self._focus_back(cards, at)

            self._ask(f"Play the {self._name(c)}:", labels, pick)
            return
        action = legal[0] if legal else options[0]
        if self._act(action, snap_back=[c]):
            self.selected = [x for x in self.selected if x != c]
            self._place(force=True)
            self._focus_back(cards, at)

    def _hand_spot(self, cards: list[Card]) -> int:
        """Where in the hand the first of ``cards`` is (for :meth:`_focus_back`)."""
        return min((self.order.index(c) for c in cards if c in self.order), default=0)

    def _focus_back(self, cards: list[Card], at: int) -> None:
        """After a lay-off made with the keys (the focus on the meld), the focus goes back
        to the hand where the cards were: the next card to lay off, or the discard, is there
        (X then discards the card in focus), not three rows down."""
        if (self.keyboard and self.focus_zone == "melds" and self.order
                and not any(c in self.order for c in cards)):
            self.focus_zone, self.focus_index = "hand", min(at, len(self.order) - 1)

    def _near_end(self, meld_id: int, drop_x: int | None) -> str:
        """The end of a run a card dropped at ``drop_x`` goes to: the nearer one ("high"
        with no drop, as from the keyboard)."""
        box = self.meld_boxes.get(meld_id)
        return "low" if drop_x is not None and box is not None and drop_x < box.centerx else "high"

    def _layoff_actions(self, card: Card, m: Meld, drop_x: int | None) -> list[LayOff | Cover]:
        ends = [""]
        if m.kind == "run":
            ends = ["low", "high"] if self._near_end(m.id, drop_x) == "low" else ["high", "low"]
        return [LayOff(card, m.id, e) for e in ends] + [Cover(card, m.id)]

    def _layoff_label(self, a: LayOff | Cover, m: Meld) -> str:
        if isinstance(a, Cover):
            if self.g.rules.wild_after_meld == "swap":
                return f"on the wild in #{m.id} (the wild comes to your hand)"
            return f"on the wild in #{m.id} (the wild stays, the card scores for you)"
        if a.end:
            as_ = self._wild_as(a, a.card, m.id)
            return f"at the {a.end} end of #{m.id} ({short_meld(m)})" + (f", {as_}" if as_ else "")
        return f"on #{m.id} ({short_meld(m)})"

    def _wild_as(self, action: LayOff | CallRummy, card: Card, meld_id: int) -> str:
        """For a wild card going to an end of a run: "as the 5♠", what it would stand for
        there (the engine plays the move on a copy and says); else ""."""
        g = self.g
        m = g.meld_by_id(meld_id)
        if m is None or m.kind != "run" or card not in g.ctx.wilds:
            return ""
        try:
            trial = g.copy()
            trial.apply(action)
        except IllegalActionError:
            return ""
        after = trial.meld_by_id(meld_id)
        if after is None or card not in after.cards:
            return ""
        return f"as the {after.meaning(after.cards.index(card))}"

    def call_rummy(self, meld_id: int | None = None, end: str = "", drop_x: int | None = None) -> None:
        """Call "Rummy!": on the meld named (a wild discard that fits both ends of a run
        goes to the end nearer ``drop_x``, or a small menu asks), or, with no meld named,
        on the meld it fits (a menu asks when it fits several)."""
        c = self.c
        g = self.g
        if c.human is None:
            return
        seat = c.human
        if meld_id is not None:
            fits = [a for a in g.call_actions(seat) if isinstance(a, CallRummy) and a.meld == meld_id]
            if end or len(fits) < 2:
                self._act(CallRummy(seat, meld=meld_id, end=end) if end or not fits else fits[0])
                return
            if drop_x is not None:  # dropped: the end it was dropped nearer
                near = self._near_end(meld_id, drop_x)
                self._act(next((a for a in fits if a.end == near), fits[0]))
                return

            fits, hinted = _hint_first(fits, self._call_hint())

            def pick_end(i: int) -> None:
                self.choice = None
                self._act(fits[i])

            top = g.pile[-1]
            labels = []
            for a in fits:
                as_ = self._wild_as(a, top, meld_id)
                labels.append(f"at the {a.end} end of #{meld_id}" + (f", {as_}" if as_ else ""))
            self._ask(f"Rummy! Lay the {card_name(top)} off:", _mark_hint(labels, hinted), pick_end, pause=True)
            return
        calls = [a for a in g.call_actions(seat) if isinstance(a, CallRummy)]
        if not calls:
            first = next((mover for mover, action, _, _ in c.moves[-3:]
                          if isinstance(action, CallRummy) and mover != seat), None) if not g.call_open else None
            if first is not None:  # (too late: "There is no discard to call Rummy! on now" said
                # nothing of who was quicker)
                self.refuse(f"{c.seats[first].name} called Rummy! first")
                self.sound("error")
                return
            # let the engine say why (the first meld's reason, if any)
            target = g.melds[0].id if g.melds else 0
            why = c.why_illegal(CallRummy(seat, meld=target))
            if why and len(g.melds) > 1 and "does not fit" in why and g.pile:
                why = f"The {card_name(g.pile[-1])} fits no meld on the table"
            self.refuse(why or "You cannot call Rummy! now")
            self.sound("error")
            return
        # a call names a pile card (pile calls) or a meld, never both
        takes = [(a, a.take) for a in calls if a.take is not None]
        if takes:  # pile calls: which card to take the pile down to
            if len(takes) == 1:
                self._act(takes[0][0])
                return

            def pick_take(i: int) -> None:
                self.choice = None
                self._act(takes[i][0])

            # choosing is part of the call: the countdown and the others wait (pause)
            self._ask("Rummy! Take the pile down to:",
                      [f"the {card_name(card)} " + (f"({len(g.pile) - g.pile.index(card)} cards)"
                                                    if card != g.pile[-1] else "(the top card alone)")
                       for _, card in takes],
                      pick_take, pause=True)
            return
        on_melds = [(a, a.meld) for a in calls if a.meld is not None]
        by_meld: dict[int, list[CallRummy]] = {}
        for a, meld in on_melds:
            by_meld.setdefault(meld, []).append(a)
        if len(on_melds) == 1:
            self._act(on_melds[0][0])
            return
        melds = {m.id: m for m in g.melds}
        ordered, hinted = _hint_first([a for a, _ in on_melds], self._call_hint())
        on_melds = [(a, a.meld) for a in ordered if a.meld is not None]
        labels = []
        for a, meld in on_melds:
            where = ""
            if a.end and len(by_meld[meld]) > 1:
                as_ = self._wild_as(a, g.pile[-1], meld)
                where = f" ({a.end} end" + (f", {as_})" if as_ else ")")
            labels.append(f"#{meld} {short_meld(melds[meld])}{where}")

        def pick(i: int) -> None:
            self.choice = None
            self._act(on_melds[i][0])

        # choosing the meld is part of the call: the countdown and the others wait (pause)
        self._ask(f"Rummy! Lay the {card_name(g.pile[-1])} off on:", _mark_hint(labels, hinted), pick, pause=True)

    def _call_hint(self) -> CallRummy | None:
        """The call the hint named, while the position it was about still stands."""
        return self.hint_call if self.hint_version == self.c.version else None

    def hurry(self) -> None:
        """F: the computer players play faster until the person's turn (or their chance to
        call "Rummy!"); on the person's own turn there is nothing to hurry."""
        if self.c.hurry_others():
            self.message(HURRYING)
            self.invalidate()
        elif self.c.human is not None and self.c.human_to_act:
            self.message("It is your turn: nobody to hurry")  # (nothing wrong: no red box)

    def show_hint(self) -> None:
        """Ask for the normal computer player's move; most come at once, and one that takes
        longer (a hand swollen by a long pile) is shown when it comes, the table drawing
        meanwhile (see ``update``)."""
        if self.hint_pending is not None:
            self.message(HINT_STILL, "hint")
            return
        fut = self.c.hint_soon()
        try:
            action, why = fut.result(timeout=HINT_WAIT)
        except FutureTimeout:
            self.hint_pending = (fut, self.c.version)
            self.message(HINT_THINKING, "hint", ttl=30.0)
            return
        self._show_hint(action, why)

    def _hint_ready(self) -> None:
        """A hint worked out in the background: shown if the position is still the one it
        was asked about (a move made meanwhile drops it)."""
        pending = self.hint_pending
        if pending is None or not pending[0].done():
            return
        self.hint_pending = None
        self.withdraw(HINT_THINKING, HINT_STILL)  # (the second stayed over the hint: a tester)
        if pending[1] == self.c.version:
            self._show_hint(*((None, None) if pending[0].exception() else pending[0].result()))

    def _show_hint(self, action: Action | None, why: str | None = None) -> None:
        """Show the hint ``action``, with ``why``, its reason (for a draw, a take or a
        discard; for a meld or lay-off that plays the last cards or has more to follow)."""
        if action is None:
            if self.c.human_may_call() and not self.c.human_to_act:
                self.message("Hint: no call worth making", "hint")
            elif not self.c.human_to_act:
                self.message("No hint now: wait for your turn", "hint")
            else:
                self.message("No hint available", "hint")
            self.hint_version = self.c.version  # (it goes with the next move, as a hint does)
            return
        g = self.g
        self.hint_cards = set()
        self.hint_meld = None
        self.hint_shape = None
        self.hint_layoff = None
        self.hint_call = None
        self.hint_stock = False
        focus: tuple[str, int] | None = None  # where a keyboard player's focus goes
        self.hint_move = (self.c.version, action)
        self.toasts = [t for t in self.toasts if not t.refusal]  # (a refusal beside the hint read as its answer)
        if isinstance(action, DrawStock):
            self.hint_stock = True
            text = "draw from the stock" + _why(why) + (" (D)" if self.keyboard else "")
            if self.keyboard and self.focus_zone == "pile" and self.order:  # (Enter there took the
                # pile, against the hint: a tester)
                focus = ("hand", 0)
        elif isinstance(action, TakePile):
            self.hint_cards = set(g.pile[g.pile.index(action.card):]) if action.card in g.pile else set()
            name = self._hint_name(action.card)
            text = f"take the pile from the {name}" if len(self.hint_cards) > 1 else f"take the {name}"
            text += _why(why)
            if self.keyboard and action.card in g.pile:  # (so that Enter takes it)
                focus = ("pile", g.pile.index(action.card))
                text += " (in focus: Enter takes it)"
        elif isinstance(action, MeldCards):
            self.hint_cards = set(action.cards)
            text = "meld " + self._meld_words(action)
            if action.shape is not None and len(shapes_for(g.ctx, action.cards)) > 1:
                # cards that read more than one way: which one, and Meld offers it first
                self.hint_shape = (frozenset(action.cards), action.shape)
                text += " as a " + shape_label(action.shape, len(action.cards))
            text += _why(why)  # (one that plays the last cards, or more to follow)
            if self._select_for_hint(*action.cards):
                text += (" (selected: Meld or Enter asks which way, this one first)" if self.hint_shape
                         else " (selected: Meld or Enter lays them down)")
        elif isinstance(action, (LayOff, Cover)):
            self.hint_cards = {action.card}
            self.hint_meld = action.meld
            self.hint_layoff = action
            if isinstance(action, Cover):
                text = f"lay the {card_name(action.card)} on the wild it stands for in #{action.meld}"
            else:  # (a wild named as one, and where it would stand: "lay the wild Q♦ off on #8,
                # as the 4♥"; it read as a plain Q♦, a tester)
                wild = "wild " if g.ctx.is_wild(action.card) else ""
                as_ = self._wild_as(action, action.card, action.meld)
                text = f"lay the {wild}{card_name(action.card)} off on #{action.meld}" + (f", {as_}" if as_ else "")
            text += _why(why)
            meld = g.meld_by_id(action.meld)
            if self._select_for_hint(action.card):
                if self.keyboard and meld is not None:  # the focus on the meld, so that Enter lays it off
                    focus = ("melds", g.melds.index(meld))
                    text += f" (selected, #{action.meld} in focus: Enter lays it off)"
                else:
                    text += f" (selected: click #{action.meld} to lay it off)"
        elif isinstance(action, Discard):
            self.hint_cards = {action.card}
            if self.selected and self.c.human_to_act:  # nothing to meld now: the raised cards settle
                self._set_selection([])
            text = f"discard the {card_name(action.card)}" + _why(why) \
                + (" (in focus: X or Enter discards it)" if self.keyboard else "")
        elif isinstance(action, CallRummy):
            self.hint_meld = action.meld
            self.hint_call = action
            meld = g.meld_by_id(action.meld) if action.meld is not None else None
            if meld is not None and g.pile:
                top = g.pile[-1]
                as_ = self._wild_as(action, top, meld.id) if action.end else ""
                text = f"call Rummy! and lay the {card_name(top)} off on #{meld.id}" + (f", {as_}" if as_ else "")
                if self.keyboard:  # the focus on the meld, so that Enter calls
                    focus = ("melds", g.melds.index(meld))
                    text += f" (#{meld.id} in focus: Enter calls)"
                else:
                    onto = f"the {action.end} end of #{meld.id}" if action.end else f"#{meld.id}"
                    text += f" (drag the {card_name(top)} onto {onto}, or press Rummy!)"
            elif action.take is not None:
                text = f"call Rummy! and take the pile from the {card_name(action.take)}"
            else:
                text = "call Rummy!"
        elif isinstance(action, EndRound):  # (it read "Hint: end")
            self.hint_stock = False
            text = "end the round" + (_why(why) or ": the stock is empty") + " (E, or End round)"
        else:
            text = str(action)
        mine = [c for c in self.order if c in self.hint_cards]
        if focus is None and mine:  # (so that X or Space can follow at once)
            focus = ("hand", self.order.index(mine[0]))
        if self.keyboard and focus is not None:
            self.focus_zone, self.focus_index = focus
        self.hint_until = self.clock + 6.0
        self.hint_version = self.c.version
        self.message(f"Hint: {text}", "hint", ttl=5.0)

    def _select_for_hint(self, *cards: Card) -> bool:
        """Select a hint's cards for the person (in place of what was selected), so that
        Meld, or a click on the meld named, follows; False when they are not all in hand."""
        if not (self.c.human_to_act and cards and all(c in self.order for c in cards)):
            return False
        self._set_selection([c for c in self.order if c in cards])
        return True

    def _set_selection(self, cards: list[Card]) -> None:
        """Select ``cards`` (in that order), the cards rising or settling as they change."""
        self.before_change()
        self.selected = cards
        self._animate_from_snapshot(0.12)

    def _toggled(self, card: Card) -> list[Card]:
        """The selection with ``card`` added, or taken out if it was in."""
        return [x for x in self.selected if x != card] if card in self.selected else [*self.selected, card]

    def _clear_hint(self, said: bool = False) -> None:
        """Take the hint's marks off the table; ``said``: its message too."""
        self.hint_cards.clear()
        self.hint_meld = None
        self.hint_stock = False
        if said:
            self.toasts = [t for t in self.toasts if t.kind != "hint"]
            self.hint_version = None
            self.hint_shape = None
            self.hint_layoff = None
            self.hint_call = None
        self.invalidate()

    def open_menu(self) -> None:
        """Esc: a small menu (the game is saved after every move, so leaving is safe)."""
        entries: list[tuple[str, Callable[[], object] | None]] = [("Back to the game", None)]
        if hasattr(self.app, "stack"):
            entries.append(("Rules of this game (F1)", self.show_rules))
            entries.append(("Scores, round by round (T)", self.show_scores))
            entries.append(("Moves this round (L)", self.show_moves))
            entries.append(("Settings", lambda: self.app.stack.push(menus.SettingsScene(self.app))))
        # (saved after every move; when saving fails, the menu does not say it is)
        saved = " (the game is saved)" if not self.c.save_error else " (the game could not be saved)"
        if hasattr(self.app, "go_title"):
            entries.append((f"Title screen{saved}", self.app.go_title))
        if hasattr(self.app, "restart_game"):
            entries.append(("New game like this one", self._ask_restart))
        entries.append((f"Quit{saved}", self._quit))

        def pick(i: int) -> None:
            self.choice = None
            fn = entries[i][1]
            if fn is not None:
                fn()
            self.invalidate()

        choice = self._ask("Menu", [e[0] for e in entries], pick, center=True, pause=True)
        # the keys the entries name work here too, as they do at the table
        named = {"(F1)": pygame.K_F1, "(T)": pygame.K_t, "(L)": pygame.K_l}
        choice.keys = {k: i for i, (label, _) in enumerate(entries) for end, k in named.items() if label.endswith(end)}

    def _ask_restart(self) -> None:
        """A new game ends this one: ask first, unless it is over."""
        if self.g.phase == "game_over":
            self.app.restart_game(self)
            return

        def pick(i: int) -> None:
            self.choice = None
            if i == 0:
                self.app.restart_game(self)
            self.invalidate()

        choice = self._ask("End this game and deal a new one?", ["Yes, a new game", "No, back to this game"],
                           pick, center=True, pause=True)
        choice.focus = 1

    def _cover(self, scene: Scene) -> None:
        """Open ``scene`` over the table, which waits underneath while it shows (the rules,
        the scores, the moves)."""
        self.choice = None  # (covering the table ends a drag: see leave)
        self.app.stack.push(scene)

    def show_rules(self) -> None:
        """F1 or the menu: the rules of this game, house rules included."""
        self._cover(menus.RulesScene(self.app, self.g.rules, browse=False, controls=True,
                                     players=self.g.players))

    def show_scores(self) -> None:
        """T, the menu or a click on the sidebar's scores: every round's points and the totals."""
        self._cover(sheets.ScoresScene(self.app, self.g))

    def show_moves(self) -> None:
        """L, the menu or a click on the last moves: every move of this round."""
        lines = [(self._seat_colour(seat), f"{self.c.seats[seat].name} {words}")
                 for seat, words in self.c.move_lines()]
        self._cover(sheets.MovesScene(self.app, f"Round {self.g.round_no}", lines))

    def apply_settings(self) -> None:
        """Settings changed: card size (the application has set the card art's colours and backs)."""
        if self.size != (0, 0):
            self.resize(self.size)

    def _ask(self, title: str, options: list[str], on_pick: Callable[[int], None], center: bool = False,
             pause: bool = False) -> Choice:
        """A small menu over the table; ``pause``: the game waits while it is open."""
        def cancel() -> None:
            self.choice = None
            self.invalidate()

        choice = self.choice = Choice(title, options, on_pick, cancel, (self.size[0] // 2, self.size[1] // 2))
        self.choice_centered = center
        self.choice_pauses = pause
        self.choice_version = self.c.version
        self._layout_choice()
        self.invalidate()
        return choice

    def _layout_choice(self) -> None:
        """Place the open small menu: the game's menu (and what it asks) rises from the
        Menu button, at the sidebar's right edge, so the pile and the melds stay in sight;
        a question about a move sits over the middle of the table, never over the status
        line, which says what to do next, or the messages above it: a menu that would
        reach them sits just above them."""
        L = self.layout
        if self.choice is None or L is None:
            return
        screen = Rect(0, 0, *self.size)
        button = self.buttons.get("menu")
        if self.choice_centered and button is not None:
            self.choice.corner = "bottomright"
            self.choice.anchor = (button.rect.right, button.rect.top - max(4, L.pad // 2))
            self.choice.layout(self.text, L.font_normal, screen)
            return
        x = L.play.centerx
        y = L.play.centery + L.unit * 120 if self.choice_centered else L.own_melds.top
        self.choice.anchor = (x, int(y))
        bounds = screen
        self.choice.layout(self.text, L.font_normal, bounds)
        # (nor over the messages above it, where a hint may say which answer to pick)
        lines = len(self._status()[0])
        top = self._status_top(lines)  # (a status line of two lines reaches higher)
        status = Rect(L.message.x, top, L.message.w, L.message.bottom - top)
        messages = status.unionall([box for _, box in self._toast_boxes(lines)])
        if self.choice.box.colliderect(messages):
            above = messages.top - max(4, L.pad // 2)
            self.choice.anchor = (x, above)
            bounds = Rect(0, 0, self.size[0], above)
            self.choice.layout(self.text, L.font_normal, bounds)
        # nor over the stock's count, where the middle has room beside it ("Stock 40" read
        # "Stock 4" under a menu asking which end of a run: a tester)
        stock = L.stock_spot
        box = self.choice.box
        shift = stock.right + max(4, L.pad) - box.x
        if box.colliderect(stock) and box.right + shift <= L.play.right:
            self.choice.anchor = (self.choice.anchor[0] + shift, self.choice.anchor[1])
            self.choice.layout(self.text, L.font_normal, bounds)

    def _selection_in_order(self) -> list[Card]:
        sel = set(self.selected)
        return [c for c in self.order if c in sel]

    def _name(self, c: int) -> str:
        return str(Card(c))

    # ------------------------------------------------------------------ overlay
    def _handle_overlay(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE, pygame.K_n):
            first = self.overlay_buttons[0].on_click
            if first is not None:
                first()
            return
        for b in self.overlay_buttons:
            if b.handle(event):
                self.invalidate()
                return
            if event.type == pygame.MOUSEMOTION:
                self.invalidate()

    def _show_round_end(self) -> None:
        g = self.g
        key = (g.round_no, g.phase)
        if self.summary_for == key:
            return
        self.summary_for = key
        self.choice = None  # a question about the round just played no longer applies
        self._forget_drag()
        self.selected = []
        if self.exit_after == "round" or (self.exit_after == "game" and g.phase == "game_over"):
            self.app.quit(0)
            return
        if self.c.human is None:
            # nobody to click "next": carry on by ourselves
            self.auto_next_at = self.clock + (0.0 if self.speed <= 0 else 1.5 / max(self.speed, 0.1))
            if g.phase == "game_over":
                self.auto_next_at = None
                self._open_overlay()
            return
        if g.phase == "game_over":
            result = self._sheet_scene(True)  # made now: it counts the game
            # the last round's sheet first ("See the result"), then the winners
            scene = None if result is None else (self._sheet_scene(False, then=result) or result)
        else:
            scene = self._sheet_scene(False)
        if scene is not None:
            self._push_sheet(scene)
            return
        self._open_overlay()

    def _push_sheet(self, scene: SheetScene) -> None:
        """Show a sheet over the table, with the table's warnings above it; once the
        winners show, the finished game's save goes (until then Continue brings it back)."""
        scene.warn(self.standing_warning())
        self.app.stack.push(scene)
        if isinstance(scene, sheets.GameOverScene):
            self.c.forget_finished()

    def _sheet_scene(self, over: bool, then: SheetScene | None = None) -> SheetScene | None:
        """The round-end or game-over sheet, or None if it fails to build (the table's own
        overlay stands in); the round-end sheet's button shows ``then`` (the game-over
        sheet) instead of dealing again."""
        g = self.g
        try:
            if over:
                scene = sheets.GameOverScene(self.app, state=g, on_moves=self.show_moves,
                                             levels=[s.level for s in self.c.seats],
                                             counted=self.over_when_loaded)
                if self.c.end_counted is False:  # counted now: saved so, it is never counted again
                    self.c.end_counted = True
                    self.c.autosave()
                return scene
            nxt = self._sheet_next if then is None else (lambda: self._sheet_then(then))
            # (the floating players who drew as the round ended: a card showed up in a hand
            # that had none, and the sheet did not say why, a tester)
            drew = sorted({e.seat for _, _, evs, _ in self.c.moves for e in evs if isinstance(e, ev.FloaterDrew)})
            return sheets.RoundEndScene(self.app, state=g, on_next=nxt, on_moves=self.show_moves,
                                        on_look=self.look_at, floaters_drew=drew)
        except Exception as exc:
            log.warning("cannot open the round-end sheet: %s", exc)
            return None

    def look_at(self, pos: tuple[int, int] | None) -> None:
        """The mouse at ``pos`` over the table as a round's sheet puts it aside (None: the
        sheet is back): a meld under it shows its tag whole, as in play."""
        meld = self._meld_at(pos) if pos is not None else None
        if meld != self.hover_meld:
            self.hover_meld = meld
            self.invalidate()

    def _sheet_then(self, scene: SheetScene) -> None:
        """The round-end sheet of the game's last round is done: show the winners."""
        if self.app.stack.top is not self:
            self.app.stack.pop()
        self._push_sheet(scene)

    def _sheet_next(self) -> None:
        """"Next round" on the round-end sheet: close it and deal."""
        if self.app.stack.top is not self:
            self.app.stack.pop()
        self._next_round()

    def _open_overlay(self) -> None:
        g = self.g
        over = g.phase == "game_over"
        self.overlay = {"over": over}
        if over:
            self.overlay_buttons = [Button("again", "New game", hint="Enter", on_click=self._new_game),
                                    Button("quit", "Quit", on_click=self._quit)]
            self.c.forget_finished()  # (the overlay says who won)
        else:
            self.overlay_buttons = [Button("next", "Next round", hint="Enter", on_click=self._next_round)]
        self.invalidate()

    def _next_round(self) -> None:
        self.overlay = None
        self.overlay_buttons = []
        self.auto_next_at = None
        if self.g.phase == "round_over":
            self.toasts.clear()  # last round's news ("You went out!") is over
            self.c.next_round()
        self.invalidate()

    def _new_game(self) -> None:
        self.app.restart_game(self)

    def _quit(self) -> None:
        self.app.quit(0)

    # ------------------------------------------------------------------ time
    @property
    def busy(self) -> bool:
        fading = any(t.age >= t.ttl - FADE for t in self.toasts)
        return (self.anim.active or self.drag is not None or fading
                or (self.c.fast and not self.paused) or (self.auto_next_at is not None))

    @property
    def paused(self) -> bool:
        """The menu is open over the table: the computer players and the "Rummy!"
        countdown wait, as they do under the rules screen."""
        return self.choice is not None and self.choice_pauses

    def next_wake(self) -> float | None:
        """Seconds until the scene needs an update without input (None: wait for input)."""
        w = None if self.paused else self.c.next_wake()
        for t in self.toasts:  # wake when a message starts to fade
            left = max(0.0, t.ttl - FADE - t.age)
            w = left if w is None else min(w, left)
        if self.hint_cards or self.hint_meld is not None or self.hint_stock:
            left = max(0.0, self.hint_until - self.clock)
            w = left if w is None else min(w, left)
        if self.hint_pending is not None:  # (look again soon for the hint being worked out)
            w = HINT_POLL if w is None else min(w, HINT_POLL)
        return w

    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.speed = self.speed
        if self.layout is None:
            self._ensure_layout()
        if self.anim.update(dt):
            self.invalidate()
        if self.dealing and not self.anim.showing_move:
            self.dealing = False
            self.invalidate()
        if self.toasts:
            for t in self.toasts:
                t.age += dt
            n = len(self.toasts)
            self.toasts = [t for t in self.toasts if not t.done]
            if n != len(self.toasts) or any(t.age >= t.ttl - FADE for t in self.toasts):
                self.invalidate()
        if (self.hint_cards or self.hint_meld is not None or self.hint_stock) and self.clock >= self.hint_until:
            self._clear_hint()
        before = self.c.version
        if not self.paused:
            self.c.update(dt, animating=self.anim.showing_move)
        if self.c.version != before:
            self.invalidate()
            if self.choice is not None and not self.choice_pauses and self.choice_version != self.c.version:
                self.choice = None  # a question about a position that another player's move changed
        if self.hint_version is not None and self.c.version != self.hint_version:
            self._clear_hint(said=True)  # a move was made: the hint was about another position
        if not self.c.hurry and any(t.text == HURRYING for t in self.toasts):
            self.withdraw(HURRYING)  # (the person's turn has come: it is over)
        self._hint_ready()
        if self.mouse_pos is not None and self._hover_version != self.c.version and not self.anim.active:
            self._place()
            self._hover_at(self.mouse_pos)
        failed = self.c.save_error
        if failed != self._save_said:  # say it once, and again only after a save works
            self._save_said = failed
            if failed:
                self.message(f"The game could not be saved: {failed}", "error", ttl=6.0)
        if self.c.human_may_call():
            self.invalidate()  # the countdown
        g = self.g
        if g.round_done and not self.anim.active:
            if self.summary_for != (g.round_no, g.phase):
                self._show_round_end()
            elif self.auto_next_at is not None and self.clock >= self.auto_next_at:
                self._next_round()
        self._update_buttons()


__all__ = ["SEAT_COLOURS", "TableScene", "shape_label", "short_meld"]
