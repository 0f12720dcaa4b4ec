"""Where everything on the table goes: pure geometry, no drawing.

:class:`TableLayout` is computed from the window size and the number of seats. It
places the person's hand along the bottom, their meld area above it, the other
seats clockwise around a U (left column, top row, right column), the stock and the
discard pile in the middle, and a sidebar on the right with the round, the wild
rank, the scores and the buttons.

Everything scales with the window, from 1024x640 up to 4K. The methods that lay out
a varying number of cards (the hand fan, the pile, a seat's melds, a seat's hand of
backs) squeeze their cards closer, wrap to more rows, or shrink them so that every
card stays at least partly visible: a card's corner index is what must show.

Only ``pygame.Rect`` is used from pygame (for its geometry); no display is needed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

CARD_RATIO = 0.714  # width / height of a playing card (63 x 88 mm)
MIN_SIZE = (1024, 640)

# How much of a card's width stays visible when cards overlap sideways: the corner
# index (rank over suit) needs about a third of the card.
INDEX_SHOW = 0.34
COVER_SHIFT = 0.6  # of a meld's step: how far right of its wild a card laid on it sits (its tab shows)
# how far a card laid on a wild sits below it, in card heights: under the wild's rank and
# suit, or, where that would shrink the cards, under its rank alone
COVER_DROP, COVER_DROP_LOW = 0.38, 0.2
PILE_LABEL_LIFT = 9  # pixels between the pile's label and its cards: a frame round them fits between
PILE_ROW_MIN = 0.24  # of a card's height: the least a row of the pile shows above the next row
# (left column, top row, right column) seat counts for 1..7 opponents
SEAT_SPLITS = {1: (0, 1, 0), 2: (0, 2, 0), 3: (1, 1, 1), 4: (1, 2, 1), 5: (2, 1, 2),
               6: (2, 2, 2), 7: (2, 3, 2)}


def card_size(height: float) -> tuple[int, int]:
    h = max(16, int(round(height)))
    return max(11, int(round(h * CARD_RATIO))), h


def meld_row_h(card: tuple[int, int], drop: float = 0.0) -> int:
    """The height of a row of melds of ``card``-sized cards: the tags above, the cards, the
    owners' tabs under them, and a card laid on a wild ``drop`` card heights lower."""
    ch = card[1]
    return max(10, int(ch * 0.2)) + ch + max(3, int(ch * 0.05)) + 2 + int(ch * drop)


def row_gap(card: tuple[int, int]) -> int:
    """The gap between two rows of melds of ``card``-sized cards."""
    return max(2, max(4, int(card[0] * 0.3)) // 3)


@dataclass
class SeatBox:
    """One seat's part of the table."""

    seat: int
    side: str          # "bottom" (the person), "left", "top" or "right"
    box: Rect          # the whole area (a panel is drawn behind it)
    plate: Rect        # name, level, score, card count
    backs: Rect        # where the hand is shown (backs for others; unused for the person)
    upcard: Rect       # the face-up deal card while it is still in the hand
    melds: Rect        # the seat's meld area


@dataclass
class MeldFlow:
    """The card rectangles of one seat's melds, as laid out by :meth:`TableLayout.meld_flow`."""

    card: tuple[int, int]
    melds: list[list[Rect]] = field(default_factory=list)   # per meld, per card
    labels: list[Rect] = field(default_factory=list)        # per meld, its "#3" tag
    label_room: list[int] = field(default_factory=list)     # per meld, how wide its tag may grow
    covers: list[dict[int, Rect]] = field(default_factory=list)  # per meld: index -> cover rect
    hand: list[Rect] = field(default_factory=list)          # a hand turned face up, after the melds
    hand_label: Rect | None = None                          # ... and its tag
    overflow: bool = False
    beside: Rect | None = None  # where the "laid off" row goes, beside the last row of melds

    def bounds(self, i: int) -> Rect:
        r = self.melds[i][0].unionall(self.melds[i][1:]) if self.melds[i] else Rect(0, 0, 0, 0)
        if self.covers[i]:
            r = r.unionall(list(self.covers[i].values()))
        return r


@dataclass(frozen=True)
class HandRow:
    """Where the person's hand starts, how far apart its cards are, and their size."""
    x0: float
    step: float
    w: int
    h: int


class TableLayout:
    """Geometry of the table for a window ``size`` and ``players`` seats.

    ``human`` is the seat shown at the bottom (the person; in a bots-only game any
    seat). Seats are placed clockwise from it: the next seat sits at its left.
    """

    def __init__(self, size: tuple[int, int], players: int, human: int = 0, decks: int = 1,
                 card_scale: float = 1.0):
        if not 2 <= players <= 8:
            raise ValueError(f"the table seats 2 to 8 players, not {players}")
        w, h = max(size[0], 320), max(size[1], 240)
        self.size = (w, h)
        self.players = players
        self.human = human
        self.decks = decks
        u = min(w / 1920, h / 1080)
        self.unit = u
        self.pad = max(4, int(round(10 * u)))
        pad = self.pad
        self.font_small = max(11, int(round(17 * u)))
        self.font_normal = max(13, int(round(21 * u)))
        self.font_big = max(18, int(round(30 * u)))
        # the "laid off" row's chips ("9♣ → #3") and the height a seat's meld area keeps for it
        self.chip_font = max(10, int(self.font_small * 0.85))
        self.laid_off_h = self.chip_font + 10

        # sidebar on the right
        sw = int(min(max(210, w * 0.15), 380 * max(u, 1)))
        self.sidebar = Rect(w - sw, 0, sw, h)
        play_w = w - sw
        self.play = Rect(0, 0, play_w, h)

        # card sizes (the "card size" setting scales them, within reason)
        k = min(1.3, max(0.7, float(card_scale)))
        self.card_scale = k
        # cards grow with the height, but a window taller than it is wide (a tall window, or
        # the canvas of a narrow one) sizes them as a square one would: the seats' columns
        # are as narrow as the width makes them
        tall = min(h, w)  # the height the cards are sized by
        self.hand_card = card_size(max(96, tall * 0.165) * k)
        self.table_card = card_size(max(60, tall * 0.105) * k)
        many = players >= 6
        # the others' melds: smaller as there are more of them (with one or two, the seat
        # boxes are large, and a small card would leave most of them empty felt)
        opp = 0.068 if many else 0.08 if players >= 4 else 0.095
        self.opp_card = card_size(max(38, tall * opp) * min(k, 1.15))
        self.back_card = card_size(max(30, tall * (0.055 if many else 0.065)) * min(k, 1.1))

        # the person: hand along the bottom, melds above it
        hc_w, hc_h = self.hand_card
        self.lift = int(hc_h * 0.18)
        hand_h = hc_h + self.lift + pad * 2
        self.hand_area = Rect(0, h - hand_h, play_w, hand_h)
        # (tall enough for a meld with a card laid on a wild, at full size: see COVER_DROP_LOW)
        own_h = int(max(self.table_card[1] * 1.5, h * 0.165))
        self.own_melds = Rect(pad, self.hand_area.top - own_h, play_w - 2 * pad, own_h - pad // 2)

        # the other seats around a U over the remaining region
        region = Rect(0, 0, play_w, self.own_melds.top)
        k = players - 1
        left, top, right = SEAT_SPLITS[k]
        # (six players: two seats a column and one on top, whose box is the widest by far,
        # so the columns take more of the width: their melds went on two rows while the top
        # seat's box stood half empty, a tester)
        col_w = int(play_w * (0.22 if k >= 6 else 0.27 if k == 5 else 0.235)) if left else 0
        top_h = int(region.h * (0.40 if k >= 3 else 0.42))
        if k >= 4:
            # five to eight players: the top seats, two to three abreast between the columns,
            # take half the region, where the middle keeps room for the stock and two rows of
            # the pile above the status line (their melds' cards were 22-28 px tall at
            # 1024x640 while the pile's felt lay empty: testers)
            th = self.table_card[1]
            need = int(th * 1.45) + self.font_small + self.font_normal + pad * 7
            top_h = max(top_h, min(region.h // 2, region.h - need))
        # a name plate too narrow for "4235 · normal +85" on its second line gets a third
        # line (the computer's level), on every seat alike so the plates line up
        plate_h = self.font_normal + self.font_small + pad * 2
        tw = (play_w - 2 * col_w) // top
        widths = [self._plate_width(w_ - pad - 2 * pad) for w_ in [col_w] * (left + right) + [tw] * top]
        self.plate_rows = 3 if min(widths) - self.font_small - 18 < 11 * self.font_small else 2
        self.plate_h = plate_h + (self.font_small + 2 if self.plate_rows == 3 else 0)
        # big cards (the card size setting) take height from the top row: where its seats'
        # melds would not hold two rows of their cards at four fifths of their size (five
        # to eight players), or, in the one or two wide top seats of fewer, a row at full
        # size with a card laid on a wild hanging below it and the "laid off" row under
        # that, the middle gives up its second row of the pile (the stock and one row, the
        # next rows overlapping it, stay), past half the region if need be (a top seat's
        # cards were 33 px tall with six players at 1366x768 and the largest cards, and
        # about 20 px wide with four at 1024x640 once a card lay on a wild: testers)
        if k >= 4:
            small = card_size(self.opp_card[1] * 0.8)
            want = 2 * meld_row_h(small) + row_gap(small)
        else:
            want = meld_row_h(self.opp_card, COVER_DROP) + self.laid_off_h
        want += max(self.plate_h, self.back_card[1] + pad) + 3 * pad + pad // 2
        least = int(self.table_card[1] * (1 + PILE_ROW_MIN)) + self.font_small + self.font_normal + pad * 5
        top_h = max(top_h, min(want, region.h - least))
        slots: list[tuple[str, Rect]] = []
        col_h = region.h
        for i in range(left):  # left column, bottom to top (clockwise from the person)
            bh = col_h // left
            slots.append(("left", Rect(0, region.bottom - (i + 1) * bh, col_w, bh)))
        top_x0 = col_w
        for i in range(top):
            slots.append(("top", Rect(top_x0 + i * tw, 0, tw, top_h)))
        for i in range(right):  # right column, top to bottom
            bh = col_h // right
            slots.append(("right", Rect(play_w - col_w, i * bh, col_w, bh)))
        self.center = Rect(col_w, top_h, play_w - 2 * col_w, region.h - top_h)

        self.seats: list[SeatBox] = [None] * players  # type: ignore[list-item]
        for i, (side, box) in enumerate(slots):
            seat = (human + 1 + i) % players
            self.seats[seat] = self._seat_box(seat, side, box.inflate(-pad, -pad))
        own = self.own_melds
        plate = Rect(own.x, own.y, min(own.w // 4, int(230 * max(u, 0.7))), plate_h)
        self.seats[human] = SeatBox(
            human, "bottom", Rect(0, own.top, play_w, h - own.top), plate,
            Rect(self.hand_area), Rect(0, 0, 0, 0),
            Rect(plate.right + pad, own.y, own.right - plate.right - pad, own.h),
        )

        # the middle: stock, pile, messages
        c = self.center.inflate(-2 * pad, -2 * pad)
        tw_, th_ = self.table_card
        self.message = Rect(c.x, c.bottom - self.font_normal - pad, c.w, self.font_normal + pad)
        body = Rect(c.x, c.y, c.w, self.message.top - c.y)
        self.stock = Rect(body.x + pad * 2, body.centery - th_ // 2, tw_, th_)
        if self.stock.top < body.top + pad * 2:
            self.stock.top = body.top + pad * 2
        label_h = self.font_small + 2
        # a status of two lines (a narrow middle) goes up over where one line would not: the
        # stock's count stays above it where the middle has the room (at 1024x640 with the
        # largest cards, "Your turn: draw…" hid it just when a draw was to be chosen: a tester)
        over = self.stock.bottom + 2 + label_h - (self.message.top - int(self.font_normal * 1.2))
        if over > 0:
            self.stock.top -= max(0, min(over, self.stock.top - body.top))
        # the "Discard pile 8" label's foot, clear of the frames round the pile's cards (a
        # focus frame ran through its letters: a tester)
        pile_top = max(body.top + label_h, self.stock.top - th_ // 2)
        px = self.stock.right + pad * 4
        self.pile_area = Rect(px, pile_top, max(tw_, body.right - pad - px),
                              max(th_, body.bottom - pad - pile_top))
        # (as high as the middle lets it, where it sits right at its top)
        self.pile_label_bottom = max(self.pile_area.y - PILE_LABEL_LIFT, self.center.top + label_h)
        # the pile's felt panel, drawn a little wider than where its cards go
        self.pile_panel = self.pile_area.inflate(pad * 2, pad * 2)
        self.stock_label = Rect(self.stock.x - pad, self.stock.bottom + 2, tw_ + 2 * pad, label_h)
        # the stock and its count: what a message or a small menu keeps clear of
        self.stock_spot = self.stock.union(self.stock_label)

        # the sidebar: round and target, wild badge, scores, buttons
        s = self.sidebar.inflate(-2 * pad, -2 * pad)
        y = s.top
        self.info = Rect(s.x, y, s.w, self.font_big + self.font_small + pad * 2)
        y = self.info.bottom + pad
        badge_h = int(max(80, 150 * u))
        self.wild_badge = Rect(s.x, y, s.w, badge_h)
        y = self.wild_badge.bottom + pad
        row = self.font_normal + max(4, int(8 * u))
        self.score_row_h = row
        self.scores = Rect(s.x, y, s.w, row * (players + 1) + pad)
        y = self.scores.bottom + pad
        self.button_area = Rect(s.x, y, s.w, s.bottom - y)

    # ------------------------------------------------------------------ seats
    def _compact(self, row_w: int) -> bool:
        """Whether a seat's top row ``row_w`` wide is too narrow for the face-up deal card
        and a fan of backs side by side beside a name plate with room for a name of five
        or six letters at its full size. Then the backs tuck under the deal card's right
        half, so that the plate keeps that room."""
        fair = self.font_small + 18 + 3.5 * self.font_normal  # (the dot, margins, "Alice")
        return row_w - (self.back_card[0] * 2.6 + self.pad * 2) < fair

    def _plate_width(self, row_w: int) -> int:
        """The width of a seat's name plate in a top row ``row_w`` wide."""
        bw, pad = self.back_card[0], self.pad
        if self._compact(row_w):  # the deal card, the backs peeking out from under it
            need = pad + bw * 1.5 + 6 + pad
        else:  # the face-up deal card and a small fan of backs
            need = bw * 2.6 + pad * 2
        return int(max(row_w * 0.45, min(row_w - need, 260 * max(self.unit, 0.7))))

    def _seat_box(self, seat: int, side: str, box: Rect) -> SeatBox:
        pad = self.pad
        bw, bh = self.back_card
        plate_h = self.plate_h
        top_row_h = max(plate_h, bh + pad)
        row = Rect(box.x + pad, box.y + pad // 2, box.w - 2 * pad, top_row_h)
        plate = Rect(row.x, row.y, self._plate_width(row.w), plate_h)
        rest = Rect(plate.right + pad, row.y, row.right - plate.right - pad, row.h)
        # the face-up deal card first, then the backs (in a narrow row, from under its
        # right half: it is drawn over them, so its face stays whole)
        upcard = Rect(rest.x, rest.y + (row.h - bh) // 2, bw, bh)
        bx = upcard.centerx if self._compact(row.w) else upcard.right + pad
        backs = Rect(bx, upcard.y, max(bw, rest.right - bx), bh)
        melds = Rect(box.x + pad, row.bottom + pad // 2, box.w - 2 * pad,
                     box.bottom - row.bottom - pad)
        return SeatBox(seat, side, box, plate, backs, upcard, melds)

    def seat_card(self, seat: int) -> tuple[int, int]:
        """The meld card size of ``seat`` before any squeezing."""
        return self.table_card if seat == self.human else self.opp_card

    # ------------------------------------------------------------------ name plates
    def plate_lines(self, plate: Rect) -> tuple[int, int, int]:
        """Where a seat's name plate writes: the text's left edge, the name's line and
        the second line (score, level)."""
        y1 = plate.y + self.pad // 2
        return plate.x + self.font_small + 12, y1, y1 + self.font_normal + 2

    def dealer_chip(self, plate: Rect, chip: tuple[int, int], name_w: int, score_w: int = 0) -> Rect:
        """Where the dealer's "D" chip (``chip``: the letter's size) goes on ``plate``.

        Beside the name, at the top right, when a name ``name_w`` wide still fits to
        its left; otherwise at the right of the second line, so that a narrow plate
        never cuts the dealer's name. When a score ``score_w`` wide would not fit to its
        left there either (a very narrow plate), the chip takes the place of the seat's
        coloured dot, left of the name, where it costs no line any room.
        """
        x, y1, y2 = self.plate_lines(plate)
        cr = Rect(0, 0, chip[0] + 8, chip[1] + 2)
        cr.topright = (plate.right - 6, y1 + 1)
        if x + name_w > self.plate_room(plate, cr)[0]:
            cr.topright = (plate.right - 6, y2 + 1)
            if x + score_w > self.plate_room(plate, cr)[1]:
                cr.center = self.plate_dot(plate)[:2]
        return cr

    def plate_dot(self, plate: Rect) -> tuple[int, int, int]:
        """The seat's coloured dot left of the name: its centre and radius."""
        fs, fn = self.font_small, self.font_normal
        return plate.x + fs // 2 + 6, self.plate_lines(plate)[1] + fn // 2 + 2, fs // 2

    def chip_on_dot(self, plate: Rect, chip: Rect | None) -> bool:
        """Whether the dealer's chip at ``chip`` stands in for the seat's dot."""
        return chip is not None and chip.centerx < self.plate_lines(plate)[0]

    def plate_third_line(self, plate: Rect, chip: Rect | None = None, text_h: int = 0) -> int | None:
        """Where a name plate's third line (a computer's level) goes, or None on a plate of
        two lines (see ``plate_rows``). With the dealer's ``chip`` at the end of the second
        line, the line passes lower, under it, as far as the plate's margin leaves room for
        text ``text_h`` high (see :meth:`plate_room` for how far right it may then reach)."""
        if self.plate_rows < 3 or plate.h < self.plate_h:
            return None
        y = self.plate_lines(plate)[2] + self.font_small + 2
        if chip is not None and chip.bottom > y + 1:
            y = max(y, min(chip.bottom - 1, plate.bottom - 2 - text_h))
        return y

    def plate_room(self, plate: Rect, chip: Rect | None = None) -> tuple[int, int]:
        """How far right the name and the second line may reach on ``plate``, with the
        dealer's chip at ``chip`` (from :meth:`dealer_chip`) or without it."""
        name_right = line2_right = plate.right - 6
        if chip is not None and not self.chip_on_dot(plate, chip):
            if chip.y < self.plate_lines(plate)[2]:
                name_right = chip.x - 4
            else:
                line2_right = chip.x - 4
        return name_right, line2_right

    def level_room(self, plate: Rect, y: int, chip: Rect | None = None) -> int:
        """How far right the third line at ``y`` may reach: the plate's edge, unless the
        chip still hangs over it (a plate with no margin left to pass under it)."""
        if chip is not None and chip.bottom > y + 1:
            return self.plate_room(plate, chip)[1]
        return plate.right - 6

    # ------------------------------------------------------------------ card rows
    def hand_row(self, n: int) -> HandRow:
        """How a hand of ``n`` cards is laid out: centred, overlapped to fit."""
        area = self.hand_area.inflate(-4 * self.pad, 0)
        cw, ch = self.hand_card
        step = min(cw * 0.72, (area.w - cw) / max(1, n - 1))
        if step < cw * 0.26:  # a very big hand: smaller cards
            scale = max(0.7, ((area.w - cw * 0.7) / max(1, n - 1)) / (cw * 0.26) * 0.7)
            scale = min(1.0, scale)
            cw, ch = card_size(ch * scale)
            step = min(cw * 0.72, (area.w - cw) / max(1, n - 1))
        total = cw + step * (max(1, n) - 1)
        return HandRow(area.centerx - total / 2, step, cw, ch)

    def hand_rects(self, n: int, lifted: frozenset[int] | set[int] = frozenset(),
                   row: HandRow | None = None) -> list[Rect]:
        """The person's cards, left to right, overlapped to fit; ``lifted`` indexes are
        raised. ``row`` keeps an earlier layout (see ``TableScene._hand_row``)."""
        if n <= 0:
            return []
        r = row or self.hand_row(n)
        y = self.hand_area.bottom - self.pad - r.h
        return [Rect(int(r.x0 + i * r.step), y - (self.lift if i in lifted else 0), r.w, r.h)
                for i in range(n)]

    def hand_insert_index(self, x: int, n: int, row: HandRow | None = None) -> int:
        """Where a card dropped at ``x`` goes in a hand of ``n`` other cards."""
        return sum(1 for r in self.hand_rects(n, row=row) if r.centerx < x)

    def hand_slot_index(self, x: int, n: int, row: HandRow | None = None) -> int:
        """The place, of a hand of ``n`` cards, whose centre is nearest ``x``: where a hand
        card moved within the hand goes, so that one let go about where it was picked up
        stays there (counting the other cards' centres left of it, a drop a pixel right of
        its place counted the card now in that place, and it moved one on: a tester)."""
        rects = self.hand_rects(n, row=row)
        return min(range(len(rects)), key=lambda i: abs(rects[i].centerx - x), default=0)

    def pile_rects(self, n: int, opened: int | None = None) -> list[Rect]:
        """The discard pile, bottom card first, overlapped so each card's index shows.

        A long pile is squeezed, then wrapped onto more rows; the top card is always
        whole and last. ``opened``: the pile opens at that card (the keyboard's focus):
        the cards above it in its row move right, as far as the pile's room lets them, so
        that it shows whole and they still show their corners.
        """
        rects = self._pile_rects(n)
        if opened is None or not 0 <= opened < n - 1 or rects[opened + 1].y != rects[opened].y:
            return rects
        at = rects[opened]
        row = [j for j in range(opened + 1, n) if rects[j].y == at.y]
        room = self.pile_area.right - rects[row[-1]].right
        shift = max(0, min(at.w - (rects[opened + 1].x - at.x), room))
        return [r.move(shift, 0) if j in row else r for j, r in enumerate(rects)]

    def _pile_rects(self, n: int) -> list[Rect]:
        if n <= 0:
            return []
        area = self.pile_area
        cw, ch = self.table_card
        min_step = cw * INDEX_SHOW * 0.85
        step = min(cw * 0.5, (area.w - cw) / max(1, n - 1))
        if step >= min_step or n == 1:
            return [Rect(int(area.x + i * step), area.y, cw, ch) for i in range(n)]
        per_row = max(2, int((area.w - cw) / min_step) + 1)
        rows = math.ceil(n / per_row)
        per_row = math.ceil(n / rows)
        step = min(cw * 0.5, (area.w - cw) / max(1, per_row - 1))
        dy = min(ch * 0.42, (area.h - ch) / max(1, rows - 1))
        dy = max(dy, ch * PILE_ROW_MIN)
        return [Rect(int(area.x + (i % per_row) * step), int(area.y + (i // per_row) * dy), cw, ch)
                for i in range(n)]

    def pile_drop_zone(self, n: int, reach: int = 0) -> Rect:
        """Where a card let go goes onto a pile of ``n`` cards: the cards and the place the
        next one takes, with a margin, not the empty felt further along. ``reach``: the
        width of the card held, which the zone takes in beyond the next card's place (a
        hand card is bigger than the pile's, and a player lets it go where it would cover
        that place, the pointer a card's width further on: a tester's drop there flew back)."""
        cw, ch = self.table_card
        rects = self.pile_rects(n + 1)
        zone = rects[0].unionall(rects[1:]).inflate(int(cw * 0.6), int(ch * 0.3))
        near = zone.clip(self.pile_area.inflate(int(cw * 0.3), int(ch * 0.3)))
        if reach <= 0:
            return near
        # (the reach within the pile's box: a full pile's went on over a seat's melds, a tester)
        return near.union(Rect(zone.x, zone.y, zone.w + reach, zone.h).clip(self.pile_panel))

    def back_rects(self, seat: int, n: int) -> list[Rect]:
        """Card backs for an opponent holding ``n`` cards (squeezed into its backs area)."""
        if n <= 0:
            return []
        area = self.seats[seat].backs
        bw, bh = self.back_card
        step = min(bw * 0.3, (area.w - bw) / max(1, n - 1))
        if step < 3:  # no room for a fan: a neat little stack (the count badge tells how many)
            return [Rect(area.x + 3 * min(i, 2), area.y, bw, bh) for i in range(n)]
        return [Rect(int(area.x + i * step), area.y, bw, bh) for i in range(n)]

    def meld_flow(self, seat: int, melds: list[tuple[int, set[int] | frozenset[int]]],
                  reserve: int = 0, tags: list[int] | None = None, hand: int = 0,
                  hand_tag: int = 0, beside_w: int = 0) -> MeldFlow:
        """Lay out a seat's melds in its meld area.

        ``melds`` gives, per meld, its card count and the indexes that carry a cover
        card (a real card laid on a wild). Melds flow left to right in rows, each a strip
        of overlapped cards with a label tag above; if they do not fit, the cards shrink
        (down to about half size, then two fifths rather than spill over the "laid off" row) and the
        strips squeeze. ``reserve`` keeps that many
        pixels free at the bottom of the area, or, where ``beside_w`` is given and the cards
        would be bigger so, that much width beside the last row of melds (``beside``: the
        row of a seat's cards laid on others' melds). ``tags`` gives, per meld, the width its
        label tag needs; a meld narrower than its tag takes the tag's width in its row,
        unless the melds fit no other way.

        ``hand`` cards of the seat's hand turned face up (once the round is over) come
        after the melds, under a tag ``hand_tag`` wide: on a row of their own when that
        fits, else beside the last meld; a hand too long for the area's width goes on
        two or more rows, each row's corner indexes showing above the next. They are as
        big as the melds' cards, never squeezed past the point where an index shows.
        """
        whole = Rect(self.seats[seat].melds)
        area = Rect(whole)
        area.h = max(10, area.h - reserve)
        base_w, base_h = self.seat_card(seat)
        best = None
        # tags wider than their melds keep their room while the cards may shrink; if even
        # half-size cards do not fit, the tags give it up (and are drawn cut); then, rather
        # than spill over the "laid off" row below (a tester), the cards shrink further
        scales: tuple[float, ...] = (1.0, 0.9, 0.8, 0.72, 0.64, 0.57, 0.5)
        if seat != self.human and self.players >= 5:
            # with five to eight players the others' cards start small; where a seat's box
            # has room they grow, up to the size of the person's melds (at eight players and
            # 1024x640 they were 37 px tall in boxes five times as tall: a tester)
            top = self.table_card[1] / max(1, base_h)
            scales = tuple(s for s in (1.5, 1.3, 1.15) if s <= top) + scales
        elif seat != self.human and self.card_scale > 1.15:
            # the others' cards are sized for Large at most; with Extra large they grow to it
            # where their box has room (the setting seemed to change only the person's: a tester)
            scales = (self.card_scale / 1.15,) + scales
        tries = ([(tags, scales)] if tags else []) + [(None, scales + (0.44, 0.38, 0.33, 0.28))]
        # a card laid on a wild sits lower by most of the wild's corner index, or, before the
        # cards shrink for it, by its rank alone (one such card shrank every meld of a short
        # area, the person's, to three quarters: a tester)
        drops = (COVER_DROP, COVER_DROP_LOW) if any(covered for _, covered in melds) else (COVER_DROP,)
        for tag_room, sizes in tries:
            for scale in sizes:
                for drop in drops:
                    for own_row in ((True, False) if hand and melds else (True,)):
                        flow = self._try_flow(area, melds, card_size(base_h * scale), tag_room, hand, hand_tag,
                                              own_row, drop)
                        best = flow
                        if not flow.overflow:
                            return flow
                        if reserve and beside_w and not hand:
                            # the row of cards laid elsewhere beside the last melds, at the
                            # foot of their row, where it has the room (under them, it took
                            # a second row of melds' height: three melds went on one row of
                            # 33 px cards with six players and the largest cards, a tester)
                            wide = self._try_flow(whole, melds, card_size(base_h * scale), tag_room,
                                                  drop=drop)
                            if not wide.overflow and wide.beside is not None and wide.beside.w >= beside_w \
                                    and wide.beside.h >= reserve:
                                return wide
        return best  # type: ignore[return-value]

    def _try_flow(self, area: Rect, melds: list[tuple[int, set[int] | frozenset[int]]],
                  card: tuple[int, int], tags: list[int] | None = None, hand: int = 0,
                  hand_tag: int = 0, own_row: bool = True, drop: float = COVER_DROP) -> MeldFlow:
        cw, ch = card
        label_h = max(10, int(ch * 0.2))
        gap = max(4, int(cw * 0.3))
        cover_dy = int(ch * drop)  # below the wild's corner index (rank and suit)
        flow = MeldFlow(card)
        x: float = area.x  # (the strips' widths are fractional)
        y = area.y
        row_h = 0
        for k, (n, covered) in enumerate(melds):
            # a card laid on a wild sits a little right of it and under the cards after
            # it, which move right by as much: its corner index shows like theirs, and they
            # stay whole (drawn over it, they showed only their corners: a tester)
            inner = sum(1 for i in covered if i < n - 1)
            step = cw * INDEX_SHOW
            width = cw + step * (n - 1 + COVER_SHIFT * inner)
            if width > area.w:
                step = max(cw * 0.18, (area.w - cw) / max(1, n - 1 + COVER_SHIFT * inner))
                width = cw + step * (n - 1 + COVER_SHIFT * inner)
            foot = min(area.w, max(width, tags[k] if tags else 0))  # (room for its tag)
            h = meld_row_h(card, drop if covered else 0.0)
            if x > area.x and x + foot > area.right:
                x = area.x
                y += row_h + row_gap(card)
                row_h = 0
            label = Rect(x, y, max(int(cw * 0.9), 24), label_h)
            top = y + label_h
            rects = [Rect(int(x + step * (i + COVER_SHIFT * sum(1 for j in covered if j < i))), top, cw, ch)
                     for i in range(n)]
            flow.melds.append(rects)
            flow.labels.append(label)
            flow.covers.append({i: rects[i].move(int(step * COVER_SHIFT), cover_dy) for i in covered})
            row_h = max(row_h, h)
            x += foot + gap
        labels = list(flow.labels)
        if hand > 0:
            # the hand: rows of cards overlapped by the index's width, the count badge's
            # room kept at the right
            room = max(cw, area.w - self.font_small)
            step = cw * INDEX_SHOW
            per_row = max(1, int((room - cw) / step) + 1)
            rows = math.ceil(hand / per_row)
            per_row = math.ceil(hand / rows)
            step = min(cw * 0.5, (room - cw) / (per_row - 1)) if per_row > 1 else 0
            dy = int(ch * 0.45)
            width = cw + step * (per_row - 1)
            foot = max(width, hand_tag) + self.font_small
            if x > area.x and (own_row or x + foot > area.right):
                x = area.x
                y += row_h + row_gap(card)
                row_h = 0
            flow.hand_label = Rect(x, y, max(int(cw * 0.9), 24, hand_tag), label_h)
            labels.append(flow.hand_label)
            top = y + label_h
            flow.hand = [Rect(int(x + (i % per_row) * step), top + (i // per_row) * dy, cw, ch)
                         for i in range(hand)]
            row_h = max(row_h, label_h + ch + dy * (rows - 1) + 2)
            if flow.hand[-1].right > area.right + 1 or (per_row > 1 and step < cw * INDEX_SHOW - 1):
                flow.overflow = True
        if y + row_h > area.bottom or any(r and r[-1].right > area.right + 1 for r in flow.melds):
            flow.overflow = True
        if melds and not hand:  # (the room left of the last row: see meld_flow's ``beside_w``)
            flow.beside = Rect(int(x), y + label_h, max(0, area.right - int(x)), max(0, row_h - label_h))
        # a tag may run on over the gap, up to the next tag in its row (or the area's edge)
        for k, label in enumerate(flow.labels):
            nxt = labels[k + 1] if k + 1 < len(labels) else None
            end = nxt.x - 3 if nxt is not None and nxt.y == label.y else area.right
            flow.label_room.append(max(label.w, end - label.x))
        return flow

    # ------------------------------------------------------------------ sidebar
    def buttons(self, names: list[str]) -> dict[str, Rect]:
        """Button rectangles in the sidebar's button area, top to bottom."""
        area = self.button_area
        if not names:
            return {}
        gap = max(4, int(8 * self.unit))
        bh = min(int(max(30, 46 * self.unit)), (area.h - gap * (len(names) - 1)) // len(names))
        bh = max(bh, 22)
        out = {}
        y = area.bottom - (bh * len(names) + gap * (len(names) - 1))
        y = max(y, area.y)
        for name in names:
            out[name] = Rect(area.x, y, area.w, bh)
            y += bh + gap
        return out

    def score_rows(self) -> list[Rect]:
        """One row per seat in the score panel, in seat order, after a header row."""
        r = self.scores
        h = self.score_row_h
        return [Rect(r.x, r.y + h * (i + 1), r.w, h) for i in range(self.players)]


__all__ = ["CARD_RATIO", "INDEX_SHOW", "MIN_SIZE", "HandRow", "MeldFlow", "SeatBox", "TableLayout", "card_size"]
