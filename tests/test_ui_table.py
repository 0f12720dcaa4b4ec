"""The table: layout geometry, card art, animation, the game driver, and real moves made
with posted mouse and keyboard events (SDL's dummy video driver; see conftest.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from pygame import Rect

from game.bots import BotError
from game.engine import (
    CallRummy,
    Card,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    LayOff,
    MeldCards,
    Rules,
    TakePile,
    new_game,
    parse_card,
    parse_cards,
)
from game.engine.cards import card_name
from game.engine.melds import MeldContext, make_meld, shapes_for
from game.resources import user_data_dir
from game.ui.anim import Animator, Tween
from game.ui.app import MIN_SIZE, App
from game.ui.cards import CardArt, sort_key_rank
from game.ui.controller import Controller, Seat, atomic_write
from game.ui.layout import INDEX_SHOW, TableLayout, card_size
from game.ui.moves_text import action_words
from game.ui.settings import Settings
from game.ui.table_input import DOUBLE_CLICK

REPO_ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]


def settings(**kw):
    base = dict(animation_speed=1.0, rummy_window=2.5, four_colour=False, card_back="blue",
                card_scale=1.0, default_level="normal", sound=False)
    base.update(kw)
    return Settings(**base)


# --------------------------------------------------------------------------- layout


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 9))
def test_layout_regions_fit_and_do_not_overlap(size, players):
    L = TableLayout(size, players, human=0, decks=2 if players > 4 else 1)
    screen = pygame.Rect(0, 0, *size)
    boxes = [sb.box for sb in L.seats if sb.side != "bottom"]
    assert len(L.seats) == players and all(sb is not None for sb in L.seats)
    for r in boxes + [L.sidebar, L.hand_area, L.own_melds, L.center, L.stock, L.pile_area]:
        assert screen.contains(r), r
    for i, a in enumerate(boxes):
        assert not a.colliderect(L.center)
        assert not a.colliderect(L.own_melds)
        assert not a.colliderect(L.sidebar)
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert not L.hand_area.colliderect(L.own_melds)
    assert L.center.contains(L.stock) and L.center.contains(L.pile_area)
    assert not L.stock.colliderect(L.pile_area)
    for sb in L.seats:
        if sb.side == "bottom":
            continue
        assert sb.box.contains(sb.plate) and sb.box.contains(sb.melds)
        assert not sb.melds.colliderect(sb.plate)
    # the person sits at the bottom; the next seat clockwise is on their left
    assert L.seats[0].side == "bottom"
    if players >= 4:
        assert L.seats[1].side == "left" and L.seats[players - 1].side == "right"


@pytest.mark.parametrize("size", [(1024, 768), (1024, 1024), (1024, 1280), (1024, 1707), (1280, 1600)])
@pytest.mark.parametrize("players", range(2, 9))
def test_in_square_and_tall_windows_the_others_cards_stay_in_their_boxes(size, players):
    """A window taller than it is wide (or the canvas of a narrow one, 600x1000) has narrow
    seat columns: the cards are sized for the width too, so the backs and the face-up deal
    card stay inside each seat's box (they spilled over the next name plate and the
    sidebar)."""
    L = TableLayout(size, players, human=0, decks=2 if players > 4 else 1)
    screen = pygame.Rect(0, 0, *size)
    for sb in L.seats:
        if sb.side == "bottom":
            continue
        for n in (7, 12):
            for r in L.back_rects(sb.seat, n) + [Rect(sb.upcard)]:
                assert sb.box.contains(r), (sb.seat, n, r, sb.box)
    for r in [L.sidebar, L.hand_area, L.own_melds, L.center, L.stock, L.pile_area]:
        assert screen.contains(r), r
    assert L.center.contains(L.stock) and L.center.contains(L.pile_area)


@pytest.mark.parametrize("size", SIZES)
def test_the_dealer_chip_never_cuts_a_name(size):
    from game.ui.widgets import Text

    text = Text()
    L = TableLayout(size, 8, human=0)
    fs, fn = L.font_small, L.font_normal
    chip = text.render("D", fs, bold=True).get_size()
    for name in ("Farid", "Victor", "Ada"):
        name_w = text.render(name, fn, bold=True).get_width()
        for sb in L.seats:
            plate = sb.plate
            x, y1, y2 = L.plate_lines(plate)
            cr = L.dealer_chip(plate, chip, name_w)
            assert plate.contains(cr), (name, plate, cr)
            name_right, line2_right = L.plate_room(plate, cr)  # what the drawing gives each line
            if cr.y < y2:  # beside the name: all of the name is left of it
                assert x + name_w <= name_right < cr.x, (name, plate, cr)
                assert line2_right == L.plate_room(plate)[1]
            else:  # on the second line: only because the name needs the room
                assert line2_right < cr.x and name_right == L.plate_room(plate)[0]
                beside = cr.move(0, y1 + 1 - cr.y)
                assert x + name_w > L.plate_room(plate, beside)[0]
    # a short name keeps the chip beside it; a name that fills the plate moves it down
    plate = pygame.Rect(0, 0, 200, 50)
    _, _, y2 = L.plate_lines(plate)
    assert L.dealer_chip(plate, (10, 14), 10).y < y2
    assert L.dealer_chip(plate, (10, 14), 150).y > y2


@pytest.mark.parametrize("size", SIZES)
def test_a_dealer_chip_with_no_room_on_either_line_takes_the_dots_place(size):
    from game.ui.widgets import Text

    L = TableLayout(size, 8, human=0)
    chip = Text().render("D", L.font_small, bold=True).get_size()
    for sb in L.seats:
        plate = sb.plate
        cr = L.dealer_chip(plate, chip, name_w=plate.w, score_w=plate.w)  # (neither line has room)
        assert L.chip_on_dot(plate, cr) and cr.collidepoint(L.plate_dot(plate)[:2])
        assert plate.contains(cr) and cr.right <= L.plate_lines(plate)[0]  # left of the text
        assert L.plate_room(plate, cr) == L.plate_room(plate)  # and costs no line any room
        beside = L.dealer_chip(plate, chip, name_w=1)
        assert not L.chip_on_dot(plate, beside)


@pytest.mark.parametrize("size", [*SIZES, (1366, 768)])
def test_six_players_sit_two_one_two_so_that_no_seat_is_a_narrow_box(size):
    """Six players sat one, three and one: the three top seats, a third of the width between
    the columns each, were the smallest boxes on the table, and their melds shrank past
    reading with large cards while the columns stood half empty (a tester). Two seats a
    column and one on top: every seat's meld area is a fifth of the play area's width or more."""
    L = TableLayout(size, 6, human=0, decks=2)
    sides = [L.seats[s].side for s in range(1, 6)]
    assert sides == ["left", "left", "top", "right", "right"]
    for s in range(1, 6):
        assert L.seats[s].melds.w >= L.play.w / 5, (s, L.seats[s].melds)
    # the columns take more of the width than at other tables, the top seat having it to spare
    # (the corner seats' melds went on two rows while the top seat's box stood half empty)
    for s in (1, 2, 4, 5):
        assert L.seats[s].melds.w >= L.play.w * 0.24, (s, L.seats[s].melds, L.play)


@pytest.mark.parametrize("size", [*SIZES[:2], (1280, 720), (1366, 768)])
@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
def test_the_stocks_count_stays_above_a_status_of_two_lines(size, scale):
    """A status too long for one line in a narrow middle takes a second line above it; at
    1024x640 with the largest cards that line covered "Stock 50" just when a draw was to be
    chosen (a tester). The stock sits high enough for its count to stay clear of it."""
    for players in range(2, 9):
        L = TableLayout(size, players, card_scale=scale)
        assert L.stock_label.bottom <= L.message.top - int(L.font_normal * 1.2), (players, L.stock_label, L.message)
        assert L.center.contains(L.stock) and not L.stock.colliderect(L.pile_area)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_extra_large_cards_grow_the_others_melds_where_their_box_has_room(players):
    """The others' cards are sized for Large at most, so Extra large seemed to change only the
    person's cards (a tester): where a seat's box has room, its melds grow to Extra large."""
    for scale in (1.15, 1.3):
        L = TableLayout((1024, 640), players, card_scale=scale)
        seat = 1
        flow = L.meld_flow(seat, [(3, frozenset())])
        big = card_size(L.opp_card[1] * 1.3 / 1.15)
        assert flow.card == (big if scale == 1.3 else L.opp_card), (scale, flow.card, L.opp_card)
        assert L.meld_flow(0, [(3, frozenset())]).card[1] <= L.table_card[1]  # (the person's: as before)


def test_seats_go_clockwise_from_the_person():
    L = TableLayout((1920, 1080), 8, human=3)
    order = [(3 + i) % 8 for i in range(8)]  # the person, then the others in turn order
    assert order[0] == 3 and sorted(order) == list(range(8))
    xs = [L.seats[s].box.centerx for s in order[1:]]
    ys = [L.seats[s].box.centery for s in order[1:]]
    # up the left side, across the top, down the right side
    assert ys[0] > ys[1] and xs[2] < xs[3] < xs[4] and ys[5] < ys[6]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [1, 8, 14, 25, 40])
def test_hand_fan_fits_and_every_index_shows(size, n):
    L = TableLayout(size, 4)
    rects = L.hand_rects(n)
    assert len(rects) == n
    area = L.hand_area
    for r in rects:
        assert area.left <= r.left and r.right <= area.right and area.top <= r.top and r.bottom <= area.bottom
    for a, b in zip(rects, rects[1:]):
        assert b.x - a.x >= a.w * 0.2  # the corner index stays visible
    lifted = L.hand_rects(n, {0})
    assert lifted[0].y < rects[0].y and lifted[0].x == rects[0].x


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [1, 5, 20, 45, 90])
def test_pile_squeezes_then_wraps_keeping_each_card_visible(size, n):
    L = TableLayout(size, 8, decks=2)
    rects = L.pile_rects(n)
    assert len(rects) == n
    cw = L.table_card[0]
    for a, b in zip(rects, rects[1:]):
        if b.y == a.y:
            assert b.x - a.x >= cw * INDEX_SHOW * 0.8
        else:  # a new row starts lower, so the row above still shows its top
            assert b.y - a.y >= L.table_card[1] * 0.2
    assert all(r.right <= L.pile_area.right + 1 for r in rects)
    assert rects[-1].right == max(r.right for r in rects if r.y == rects[-1].y)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_melds_flow_and_shrink_to_fit(size):
    L = TableLayout(size, 8, decks=2)
    seat = 2
    few = L.meld_flow(seat, [(3, frozenset()), (4, frozenset())])
    # (with five players or more, the others' cards grow where their box has room, up to
    # the size of the person's: 37 px tall in a box five times as tall read badly, a tester)
    assert not few.overflow and L.opp_card[1] < few.card[1] <= L.table_card[1]
    many = L.meld_flow(seat, [(5, frozenset({1}))] * 8)
    assert many.card[1] < L.opp_card[1]  # shrunk
    area = L.seats[seat].melds
    for rects in many.melds:
        for r in rects:
            assert area.left <= r.left and r.right <= area.right + 1
    # the cards of a meld overlap left to right, and a cover sits on its wild
    r0 = many.melds[0]
    assert all(b.x > a.x for a, b in zip(r0, r0[1:]))
    assert many.covers[0][1].colliderect(r0[1])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1366, 768), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [6, 7, 8])
@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
def test_with_big_cards_the_top_seats_still_hold_two_rows_of_melds(size, players, scale):
    """The card size setting's large cards take height from the top row: its seats keep
    room for two rows of melds at four fifths of their cards' size at least (with six
    players at 1366x768 and the largest cards, a top seat's cards were 33 px tall, a
    tester), while the middle keeps the stock and a row of the pile."""
    L = TableLayout(size, players, decks=2, card_scale=scale)
    top = [sb for sb in L.seats if sb.side == "top"]
    assert top
    for sb in top:
        for n in range(2, 12):  # the fewest melds of three that take two rows
            flow = L.meld_flow(sb.seat, [(3, frozenset())] * n)
            if len({r[0].y for r in flow.melds}) >= 2:
                break
        assert not flow.overflow and len({r[0].y for r in flow.melds}) == 2, (sb.seat, n, flow.card)
        assert flow.card[1] >= int(L.opp_card[1] * 0.8), (sb.seat, n, flow.card, L.opp_card)
    assert L.center.contains(L.stock) and L.center.contains(L.stock_label)
    assert L.pile_area.h >= L.table_card[1] * 1.24 and L.center.contains(L.pile_area)
    assert L.stock_label.bottom <= L.message.top


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1366, 768), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
def test_a_top_seats_meld_with_a_card_on_its_wild_keeps_its_size_above_the_laid_off_row(size, players, scale):
    """With two to four players the top seat is wide but was low: a meld with a card laid
    on its wild, above the seat's "laid off" row, shrank to about 20 px wide cards at
    1024x640 with the largest cards (a tester). At the usual card sizes it keeps its full
    size; with the largest, four fifths at least (the middle keeps the stock and a row of
    the pile)."""
    L = TableLayout(size, players, card_scale=scale)
    top = [sb for sb in L.seats if sb.side == "top"]
    assert top
    for sb in top:
        flow = L.meld_flow(sb.seat, [(5, frozenset({1})), (3, frozenset())], reserve=L.font_small + 10)
        assert not flow.overflow
        least = L.opp_card[1] if scale < 1.3 else int(L.opp_card[1] * 0.8)
        assert flow.card[1] >= least, (sb.seat, flow.card, L.opp_card)
    assert L.center.contains(L.stock) and L.center.contains(L.stock_label)
    assert L.pile_area.h >= L.table_card[1] * 1.24 and L.stock_label.bottom <= L.message.top


def test_a_meld_narrower_than_its_tag_leaves_the_tag_room_in_its_row():
    L = TableLayout((1024, 640), 8, decks=2)
    seat = 2
    plain = L.meld_flow(seat, [(3, frozenset()), (3, frozenset())])
    strip = plain.bounds(0).w
    tagged = L.meld_flow(seat, [(3, frozenset()), (3, frozenset())], tags=[strip + 30, 20])
    assert tagged.labels[1].x >= tagged.labels[0].x + strip + 30 or tagged.labels[1].y > tagged.labels[0].y
    # each tag may be drawn up to the next one in its row, the last up to the area's edge
    if tagged.labels[1].y == tagged.labels[0].y:
        assert tagged.label_room[0] == tagged.labels[1].x - 3 - tagged.labels[0].x
    assert tagged.label_room[-1] == L.seats[seat].melds.right - tagged.labels[-1].x


def test_melds_with_wide_tags_still_fit_the_area_above_the_laid_off_row():
    """Five melds of three, each tag wider than its strip, in an 8-seat table at the
    smallest window, above a row of laid-off chips: rather than spill out of the area,
    the tags give up their room (and are drawn cut)."""
    L = TableLayout((1024, 640), 8, decks=2)
    for seat in range(1, 8):
        area = L.seats[seat].melds
        plain = L.meld_flow(seat, [(3, frozenset())], reserve=22)
        tags = [int(plain.bounds(0).w * 1.7)] * 5
        flow = L.meld_flow(seat, [(3, frozenset())] * 5, reserve=22, tags=tags)
        assert not flow.overflow, seat
        for rects in flow.melds:
            assert all(area.left <= r.left and r.right <= area.right + 1 and r.bottom <= area.bottom - 22
                       for r in rects), seat


def record_tag_fits(scene, monkeypatch) -> list[tuple[str, int, int]]:
    """The meld tags the table fits from now on: (text, the width it needs, its room)."""
    fits, fit = [], scene.text.fit

    def record(text, size, max_w, *args, **kw):
        if text.startswith("#"):
            fits.append((text, scene.text.font(size, True).size(text)[0], max_w))
        return fit(text, size, max_w, *args, **kw)

    monkeypatch.setattr(scene.text, "fit", record)
    return fits


def test_meld_tags_are_drawn_whole_with_eight_players_in_a_small_window(monkeypatch):
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣", players=8, filler=4,
                  melds=[(2, "8♣ 9♣ 10♣"), (2, "A♥ A♦ A♣"), (4, "8♠ 9♠ 10♠"), (4, "4♦ 4♥ 4♠"),
                         (6, "J♥ Q♥ K♥"), (6, "5♥ 6♥ 7♥"), (1, "10♦ J♦ Q♦"), (7, "6♠ 6♦ 6♣")])
        scene = play(a, g)
        fits = record_tag_fits(scene, monkeypatch)
        a.draw()
        assert len(fits) == len(g.melds)
        assert all(need <= room for _, need, room in fits), fits
    finally:
        a.close_scenes()


def test_a_cut_meld_tag_shows_whole_under_the_mouse_and_in_the_keyboards_focus(monkeypatch):
    """Seven melds in a top seat's area of an eight-seat table at the smallest window: the tags
    are cut to their room ("#3…", or the number alone); the meld under the mouse, or in the
    keyboard's focus, shows its tag whole over its neighbours, and only while it is there."""
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "7♣ 7♦ 5♠ J♥ 4♣ 6♠ J♣"}, pile="K♦ 6♦ 7♠", players=8, wild=12, filler=3,
                  melds=[(0, "A♠ 2♠ 3♠"), (4, "9♣ 10♣ Q♠"), (4, "4♦ 4♠ Q♥"), (4, "10♠ J♠ Q♣"),
                         (4, "6♥ 7♥ 8♥"), (4, "2♦ 2♣ Q♦"), (4, "8♦ 9♦ 10♦"), (4, "K♣ K♥ K♠")])
        scene = play(a, g)
        fits = record_tag_fits(scene, monkeypatch)

        def drawn() -> dict[str, bool]:
            """Each meld tag drawn, and whether some drawing of it had room for all of it."""
            fits.clear()
            a.draw()
            out: dict[str, bool] = {}
            for text, need, room in fits:
                out[text] = out.get(text, False) or need <= room
            return out

        def whole(tags: dict[str, bool], m) -> bool:  # (a tag cut to its number is drawn without fitting)
            return tags.get(scene._meld_tag(m), False)

        first = drawn()
        cut = [m for m in g.melds if not whole(first, m)]
        assert cut, first  # (the case to be shown: some tags are cut)
        m = cut[0]
        post(pygame.MOUSEMOTION, pos=scene.meld_boxes[m.id].center, rel=(0, 0), buttons=(0, 0, 0))
        a.pump(2)
        assert scene.named_meld() == m.id
        shown = drawn()
        assert whole(shown, m)
        assert all(whole(shown, o) == whole(first, o) for o in g.melds if o is not m)
        post(pygame.MOUSEMOTION, pos=scene.layout.stock.center, rel=(0, 0), buttons=(0, 0, 0))
        a.pump(2)
        assert scene.named_meld() is None and drawn() == first
        # the keyboard's focus on a meld does the same
        scene.keyboard, scene.focus_zone, scene.focus_index = True, "melds", g.melds.index(cut[-1])
        assert whole(drawn(), cut[-1])
    finally:
        a.close_scenes()


def test_a_card_dragged_over_a_meld_does_not_hide_the_melds_tag(app, monkeypatch):
    """The card held over a meld covered that meld's tag, so the number to drop it on could
    not be read (a tester): the target's tag is drawn over the dragged card."""
    g = build({0: "J♣ 4♦ 9♥"}, pile="3♣", phase="play",
              melds=[(0, "2♥ 3♥ 4♥"), (1, "8♣ 9♣ 10♣"), (2, "5♠ 5♥ 5♦")])
    scene = play(app, g)
    run = g.melds[1]
    calls = []
    for name in ("_draw_drag", "_draw_tag"):
        real = getattr(scene, name)
        monkeypatch.setattr(scene, name, lambda *a, _n=name, _r=real, **k: (calls.append((_n, a[1] if _n == "_draw_tag" else None)),
                                                                            _r(*a, **k))[1])
    start = spot(scene, c("J♣"))
    end = scene.meld_boxes[run.id].center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    for i in range(1, 7):
        post(pygame.MOUSEMOTION, pos=(start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6),
             rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    assert scene.drag is not None and scene.hot_meld == run.id
    calls.clear()
    app.draw()
    names = [n for n, _ in calls]
    assert "_draw_drag" in names
    after = [text for n, text in calls[names.index("_draw_drag"):] if n == "_draw_tag"]
    assert after == [scene._meld_tag(run)]  # (the target's only, over the card)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.pump(2)
    assert c("J♣") in run.cards


def test_on_the_rounds_table_view_a_meld_under_the_mouse_shows_its_tag_whole():
    """The round's sheet put aside (V) showed the table, but a meld under the mouse did
    nothing there: its tag stayed cut (a tester). It shows whole now, as in play, and only
    while the table is looked at."""
    from game.ui import sheets

    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "5♣"}, pile="K♦ 3♣", players=6, wild=12, phase="play",
                  melds=[(0, "A♠ 2♠ 3♠"), (2, "9♣ 10♣ Q♠"), (2, "4♦ 4♠ Q♥"), (2, "10♠ J♠ Q♣"),
                         (2, "6♥ 7♥ 8♥"), (2, "2♦ 2♣ Q♦"), (2, "8♦ 9♦ 10♦"), (2, "K♣ K♥ K♠")])
        g.turns = [3] * 6
        scene = play(a, g)
        drag(a, spot(scene, c("5♣")), scene.places[c("3♣")].rect.center)
        a.run_until(lambda: isinstance(a.stack.top, sheets.RoundEndScene), timeout=5)
        sheet = a.stack.top
        assert isinstance(sheet, sheets.RoundEndScene)
        m = g.melds[3]
        over = scene.meld_boxes[m.id].center
        post(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0))
        a.pump(2)
        assert scene.named_meld() is None  # (the sheet covers the table: nothing to hover)
        key(a, pygame.K_v)
        assert sheet.peeking and scene.named_meld() == m.id  # (the mouse was over it already)
        post(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0))
        a.pump(2)
        assert scene.named_meld() == m.id
        post(pygame.MOUSEMOTION, pos=scene.layout.stock.center, rel=(0, 0), buttons=(0, 0, 0))
        a.pump(2)
        assert scene.named_meld() is None
        post(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0))
        a.pump(2)
        assert scene.named_meld() == m.id
        key(a, pygame.K_v)  # the sheet back: the table's hover goes with it
        assert not sheet.peeking and scene.named_meld() is None
    finally:
        a.close_scenes()


def lay_on(g, text: str, meld: int, seat: int) -> None:
    """``seat`` laid the card ``text`` off at the end of ``g.melds[meld]`` (taken from the
    stock or the hand that held it)."""
    card = c(text)
    for pool in [g.stock, *g.hands]:
        if card in pool:
            pool.remove(card)
    g.melds[meld].cards.append(card)
    g.melds[meld].by.append(seat)


def test_cards_laid_on_others_melds_are_shown_under_the_seats_own_melds(app):
    g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣", melds=[(0, "8♣ 9♣ 10♣"), (1, "4♦ 4♥ 4♠")])
    lay_on(g, "J♣", 0, 1)  # Ann laid the J♣ on the person's run
    scene = play(app, g)
    scene._place(force=True)
    area = scene.layout.seats[1].melds
    own = scene.meld_boxes[g.melds[1].id]
    y = scene.elsewhere[1].y
    assert own.bottom < y <= own.bottom + 20 and y < area.bottom - 30  # (not at the area's foot)
    assert sorted(g.all_cards()) == sorted(g.pack)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_top_seat_short_of_room_puts_its_laid_off_row_beside_its_last_melds(size):
    """Many players and the largest cards: a top seat's three melds went on one row of 33 px
    cards once it laid a card on another seat's meld, the "laid off" row taking a second
    row's height under them (a tester, six players, as the top row was then). Where the row
    fits beside the last melds, it goes there, and the melds keep two rows of cards at four
    fifths of their size."""
    runs = [f"{a}{s} {b}{s} {c_}{s}" for s in "♥♦♣" for a, b, c_ in (("A", "2", "3"), ("4", "5", "6"), ("7", "8", "9"))]
    melds = [(0, "10♠ J♠ Q♠")] + [(seat, runs.pop(0)) for seat, n in ((3, 4), (4, 3), (5, 2)) for _ in range(n)]
    a = App(size=size, settings=settings(card_scale=1.3))
    try:
        g = build({0: "K♥ K♦"}, melds=melds, players=8, wild=None, filler=2)
        lay_on(g, "K♠", 0, 3)  # Cy (a top seat) laid the K♠ on the person's run
        scene = play(a, g)
        scene._place(force=True)
        L = scene.layout
        sb = L.seats[3]
        assert sb.side == "top"
        mine = [scene.meld_boxes[m.id] for m in g.melds if m.owner == 3]
        cards = [scene.places[x].rect for m in g.melds if m.owner == 3 for x in m.cards]
        assert len({r.y for r in cards}) == 2 and min(r.h for r in cards) >= int(L.opp_card[1] * 0.8)
        row = scene.elsewhere[3]
        assert sb.melds.contains(row) and not any(row.colliderect(b) for b in mine)
        # beside the second row of melds, right of its last one
        assert row.w >= 80 and row.y > min(r.y for r in cards) and row.x > sb.melds.x
        assert sorted(g.all_cards()) == sorted(g.pack)
    finally:
        a.close_scenes()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_persons_cards_laid_elsewhere_go_under_the_name_plate(size, monkeypatch):
    # in a row under the person's melds, the first one shrank every meld (a tester)
    a = App(size=size, settings=settings())
    try:
        g = build({0: "3♦ 4♦ Q♣ 9♥ 2♠"}, pile="K♠", melds=[(1, "5♦ 6♦ 7♦"), (0, "9♠ 9♣ 9♦"), (0, "J♥ Q♥ K♥ A♥"),
                                                          (0, "5♣ 6♣ 7♣")],
                  wild=None, players=3, phase="play")
        scene = play(a, g)
        scene._place(force=True)
        own = {x for m in g.melds if m.owner == 0 for x in m.cards}
        before = {c_: p.rect for c_, p in scene.places.items() if c_ in own}
        for card in ("4♦", "3♦"):
            scene.c.act(LayOff(c(card), 1, "low"))
        scene._place(force=True)
        after = {c_: p.rect for c_, p in scene.places.items() if c_ in own}
        assert after == before  # the person's melds keep their size and places
        sb = scene.layout.seats[0]
        area = scene.elsewhere[0]
        assert sb.plate.x < area.x <= sb.plate.x + scene.layout.pad  # (in from the panel's edge a little)
        assert area.right == sb.plate.right and area.top > sb.plate.bottom and area.bottom <= scene.layout.hand_area.top
        drawn: list[str] = []
        render = scene.text.render
        monkeypatch.setattr(scene.text, "render", lambda t, *x, **k: (drawn.append(t), render(t, *x, **k))[1])
        scene.invalidate()
        a.draw()
        assert [t for t in drawn if " → #" in t] == ["4♦ 3♦ → #1"]
    finally:
        a.close_scenes()


@pytest.mark.parametrize("laid, chips", [
    # "4♦ → #1  3♦ → #1  Q♣ → #2" after the 3♦ was laid before the 4♦ (a tester): they went
    # by the meld's order; they go by the order the cards were laid
    ("4♦ 1 low, Q♣ 2, 3♦ 1 low", ["4♦ → #1", "Q♣ → #2", "3♦ → #1"]),
    # a crowded seat's row ended in "+1" (a tester, even at 1600x1000): cards laid one after
    # another on the same meld share a chip, still in the order they were laid
    ("4♦ 1 low, 3♦ 1 low, Q♣ 2, 8♦ 1 high", ["4♦ 3♦ → #1", "Q♣ → #2", "8♦ → #1"]),
])
def test_the_cards_laid_elsewhere_are_in_the_order_they_were_laid(app, monkeypatch, laid, chips):
    g = build({0: "3♦ 4♦ Q♣ 9♥ 2♠ 8♦"}, pile="K♠", melds=[(1, "5♦ 6♦ 7♦"), (2, "Q♠ Q♦ Q♥"), (0, "9♠ 9♣ 9♦")],
              wild=None, players=3, phase="play")
    scene = play(app, g)
    for step in laid.split(", "):
        card, meld, *end = step.split()
        scene.c.act(LayOff(c(card), int(meld), *end))
    drawn: list[str] = []
    render = scene.text.render
    monkeypatch.setattr(scene.text, "render", lambda text, *a, **k: (drawn.append(text), render(text, *a, **k))[1])
    scene.invalidate()
    app.draw()
    assert [t for t in drawn if " → #" in t] == chips


def test_the_cards_laid_elsewhere_are_a_named_row_that_counts_what_does_not_fit(app, monkeypatch):
    from game.ui.table_paint import LAID_OFF_INK, LAID_OFF_TAG

    g = build({0: "2♦ 5♥ Q♠ 9♥"}, pile="3♦", melds=[(0, "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")],
              players=8, wild=None)
    g.melds[0].by[3:] = [1] * 9  # Ann laid nine of them off on the person's run
    scene = play(app, g)
    drawn: list[str] = []
    inked: list[str] = []
    render = scene.text.render

    def record(text, size, colour=None, *args, **kw):
        drawn.append(text)
        if colour == LAID_OFF_INK:
            inked.append(text)
        return render(text, size, colour, *args, **kw)

    monkeypatch.setattr(scene.text, "render", record)
    scene.invalidate()
    app.draw()
    chips = [t for t in drawn if " → #" in t]
    assert LAID_OFF_TAG in drawn and drawn.index(LAID_OFF_TAG) < drawn.index(chips[0])
    # in this seat's tall area the nine chips run on over several lines; a short area (the
    # seat across the table) shows what fits, then "+N" for the rest
    L = scene.layout
    widths = [scene.text.render(t, scene._chip_size(), (20, 20, 20), bold=True).get_width() + 10
              for t in chips]
    area, y = L.seats[1].melds, scene.elsewhere[1].y
    x0 = area.x + scene.text.render(LAID_OFF_TAG, scene._chip_size(), LAID_OFF_INK).get_width() + 6
    spots = scene.chip_spots(area, x0, y, widths, scene._chip_size() + 4, lambda n: 20)
    # (laid one after another on one meld, they share chips as wide as the row allows)
    assert " ".join(t.split(" → ")[0] for t in chips) == "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"
    assert len(spots) == len(chips) >= 2 and len({r.y for r in spots}) > 1
    assert all(area.contains(r) and not any(r.colliderect(o) for o in spots if o is not r) for r in spots)
    assert not any(t.startswith("+") for t in inked)
    short = Rect(area.x, y, area.w, scene._chip_size() + 6)
    one_each = [scene.text.render(f"{t} → #{g.melds[0].id}", scene._chip_size(), (20, 20, 20), bold=True).get_width()
                + 10 for t in "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣".split()]
    few = scene.chip_spots(short, x0, y, one_each, scene._chip_size() + 4, lambda n: 20)
    assert 1 <= len(few) < 9 and len({r.y for r in few}) == 1 and few[-1].right + 24 <= short.right


def six_on_the_wild_king(run: str):
    """Seat 1's run ``run`` (its third card the wild K♠), the person's 6♥ laid on the king."""
    g = build({0: "2♦ 5♣ Q♠ 9♣"}, pile="3♣", melds=[(1, run)], wild=13)
    for pool in [g.stock, *g.hands]:
        if c("6♥") in pool:
            pool.remove(c("6♥"))
    g.melds[0].covers[2] = (c("6♥"), 0)
    return g


def test_a_card_laid_on_a_wild_leaves_its_neighbours_seat_tabs_in_sight(app):
    """The cards after a card laid on a wild lie over it, each with its tab at its own foot,
    drawn after the card on the wild (over its face): moved below it, their tabs read as
    its own (a tester); the card on the wild has its own tab at its foot."""
    g = six_on_the_wild_king("4♥ 5♥ K♠ 7♥ 8♥ 9♥")
    m = g.melds[0]
    scene = play(app, g)
    scene._place(force=True)
    order = [card for card, _ in scene.draw_list]
    cover = scene.places[c("6♥")]
    for card in m.cards[3:]:
        p = scene.places[card]
        tab = scene._tab_rect(p)
        assert tab.top == p.rect.bottom + 1 and p.rect.left <= tab.left < p.rect.right, Card(card)
        assert order.index(card) > order.index(c("6♥"))  # (drawn over the card on the wild)
        assert tab.bottom <= scene.meld_boxes[m.id].bottom + 6
    assert scene._tab_rect(cover).top == cover.rect.bottom + 1


def test_card_scale_setting_changes_card_sizes():
    small = TableLayout((1920, 1080), 4, card_scale=0.8)
    big = TableLayout((1920, 1080), 4, card_scale=1.3)
    assert small.hand_card[1] < big.hand_card[1]
    assert small.table_card[1] < big.table_card[1]


def test_a_new_card_size_resizes_the_hand_at_once(app):
    """Card size changed from the menu on the person's own turn: the table took the new
    size, but the hand kept the old one (riding over the meld area) until it changed."""
    g = build({0: "3♣ 7♦ 9♥ J♠ K♣"}, pile="4♠", current=0, phase="play")
    scene = play(app, g)
    before = scene.places[c("3♣")].rect.size
    app.settings.card_scale = 0.8
    app.apply_settings()
    app.pump(2)
    scene._place()
    small = scene.layout.hand_card
    assert small[1] < before[1]
    assert all(scene.places[k].rect.size == small for k in parse_cards("3♣ 7♦ 9♥ J♠ K♣"))
    app.settings.card_scale = 1.0


def test_a_card_flying_to_a_smaller_size_casts_a_shadow_of_its_own_size(app):
    """A card back drawn from the stock to a small hand kept the stock's shadow, a dark
    square beside the hand as it landed (a tester's screenshot)."""
    g = build({0: "3♣ 7♦"}, pile="4♠")
    scene = play(app, g)
    big, small = Rect(100, 100, 90, 126), Rect(300, 300, 30, 42)
    t = Tween(("back", 1, 0), None, big, small, 1.0, face_from=False, face_to=False)
    t.elapsed = 1.0  # (landed)
    surface = pygame.Surface((600, 600))
    surface.fill((0, 100, 0))
    scene._draw_tween(surface, t)
    assert surface.get_at((small.right + 8, small.bottom + 8))[:3] == (0, 100, 0)  # (no shadow out there)
    assert surface.get_at((small.right + 1, small.bottom + 2))[:3] != (0, 100, 0)  # (its own, beside it)


# --------------------------------------------------------------------------- cards and tweens


def test_card_faces_are_cached_and_sized():
    art = CardArt()
    c = parse_card("10♥")
    a = art.face(c, (81, 113))
    assert a.get_size() == (81, 113)
    assert art.face(c, (81, 113)) is a
    assert art.face(c, (81, 113), wild=True) is not a
    assert art.face(Card.joker(), (40, 56)).get_size() == (40, 56)
    assert art.back((50, 70), "red").get_size() == (50, 70)
    art.configure(four_colour=True)
    assert art.face(c, (81, 113)) is not a


def test_a_wild_jokers_star_badge_leaves_the_word_joker_clear():
    art = CardArt()
    w, h = 90, 126
    plain, wild = art.face(Card.joker(), (w, h)), art.face(Card.joker(), (w, h), wild=True)
    word = pygame.Rect(int(w * 0.06), int(h * 0.05), int(w * 0.16), int(h * 0.48))  # J O K E R
    assert all(plain.get_at((x, y)) == wild.get_at((x, y))
               for x in range(word.left, word.right) for y in range(word.top, word.bottom))
    # the badge is there, below the word
    gold = [y for y in range(word.bottom, h) if wild.get_at((int(w * 0.165), y))[:3] != plain.get_at((int(w * 0.165), y))[:3]]
    assert gold and min(gold) >= word.bottom


def test_four_colour_diamonds_are_blue():
    plain, four = CardArt(), CardArt(four_colour=True)
    c = parse_card("5♦")

    def reddest(surface):
        w, h = surface.get_size()
        pixels = [surface.get_at((x, y)) for x in range(w) for y in range(h)]
        return sum(1 for p in pixels if p.r > 150 and p.g < 90 and p.b < 90), \
            sum(1 for p in pixels if p.b > 140 and p.r < 90)

    red, _ = reddest(plain.face(c, (60, 84)))
    red4, blue4 = reddest(four.face(c, (60, 84)))
    assert red > 50 and red4 < red // 5 and blue4 > 50


def test_tween_moves_and_speed_zero_lands_at_once():
    landed = []
    a = Animator(speed=1.0)
    t = a.add(Tween(1, 1, pygame.Rect(0, 0, 10, 10), pygame.Rect(100, 0, 10, 10), 0.5,
                    on_land=lambda: landed.append(1)))
    assert a.active and 1 in a.hidden()
    a.update(0.25)
    assert 0 < t.rect().x < 100
    a.update(0.3)
    assert not a.active and landed == [1]
    b = Animator(speed=0)
    b.add(Tween(2, 2, pygame.Rect(0, 0, 1, 1), pygame.Rect(5, 5, 1, 1), 1.0, delay=1.0,
                on_land=lambda: landed.append(2)))
    assert not b.active and landed == [1, 2]


# --------------------------------------------------------------------------- game driver


def test_controller_plays_a_round_with_computer_players_only():
    c = Controller.new("rummy5000", 4, seed=3, autoplay=True, settings=settings(animation_speed=0))
    assert c.human is None and c.fast
    for _ in range(5000):
        if c.g.phase in ("round_over", "game_over"):
            break
        c.update(0.01)
    assert c.g.phase in ("round_over", "game_over")
    assert len(c.g.results) == 1


@pytest.mark.parametrize("fault", ["raises", "illegal"])
def test_a_computer_player_that_fails_does_not_stop_the_game(fault, caplog):
    """A bot that raises, or answers with a move the rules refuse, on its turn and on
    "Rummy!" calls: the controller plays some legal move for it and the round goes on."""
    from game.engine import DrawStock, Undo

    c = Controller.new("rummy5000", 4, seed=3, autoplay=True, settings=settings(animation_speed=0))
    broken = c.seats[1].bot

    def choose(view):
        if fault == "raises":
            raise RuntimeError("a bot bug")
        return DrawStock() if view.phase != "draw" else Undo()

    broken.choose = choose
    broken.call = lambda view: (_ for _ in ()).throw(RuntimeError("a call bug"))
    # the seat before it throws cards at random, so that a discard soon fits a meld on the
    # table and the broken seat is asked about a call (the normal bot rarely gives one)
    from game.bots import make_bot
    c.seats[0].bot = make_bot("random", 3)
    rounds = 0
    while "failed to decide on a call: a call bug" not in caplog.text and rounds < 10:
        for _ in range(5000):
            if c.g.phase in ("round_over", "game_over"):
                break
            c.update(0.01)
        assert c.g.phase in ("round_over", "game_over")
        assert any(line.startswith(f"{c.seats[1].name}: ") for line in c.history)
        assert sorted(c.g.all_cards()) == sorted(c.g.pack)
        rounds += 1
        if c.g.phase == "game_over":
            break
        c.next_round()
    said = {"raises": "failed to choose a move: a bot bug", "illegal": "chose an illegal move"}[fault]
    assert said in caplog.text
    assert "failed to decide on a call: a call bug" in caplog.text


def test_controller_seats_from_menu_style_levels():
    rules = Rules.preset("rummy500")
    c = Controller.new(rules, 3, names=["Me", "Ann", "Bo"], levels=["human", "easy", "hard"], seed=1)
    assert [s.kind for s in c.seats] == ["human", "bot", "bot"]
    assert [s.level for s in c.seats[1:]] == ["easy", "hard"]
    assert c.human == 0 and c.g.names == ("Me", "Ann", "Bo")


def test_a_controller_without_settings_uses_the_default_settings():
    c = Controller.new("rummy5000", 3, seed=1)
    defaults = Settings()
    assert c.speed == defaults.animation_speed and c.call_window_seconds == defaults.rummy_window
    assert [s.level for s in c.seats[1:]] == [defaults.default_level] * 2
    own = Controller.new("rummy5000", 3, seed=1, settings=settings(rummy_window=7.0, animation_speed=2.5,
                                                                    default_level="easy"))
    assert own.speed == 2.5 and own.call_window_seconds == 7.0
    assert [s.level for s in own.seats[1:]] == ["easy", "easy"]


def test_each_computer_seat_is_played_by_the_bot_of_its_level():
    c = Controller.new("rummy5000", 4, levels=["human", "easy", "normal", "hard"], seed=5)
    assert [s.bot.level for s in c.seats[1:]] == ["easy", "normal", "hard"]
    with pytest.raises(BotError):  # a level nobody plays is a mistake, not a random player
        Controller.new("rummy5000", 3, levels=["human", "easy", "expert"], seed=5)


def test_atomic_write_keeps_the_previous_save(tmp_path):
    p = tmp_path / "save.json"
    atomic_write(p, "one")
    assert p.read_text() == "one" and not (tmp_path / "save.json.bak").exists()
    atomic_write(p, "two")
    assert p.read_text() == "two" and (tmp_path / "save.json.bak").read_text() == "one"
    assert not list(tmp_path.glob("*.tmp"))
    if os.name == "posix":  # the backup copy is as private as the save (it was world-readable)
        old = os.umask(0o022)
        try:
            atomic_write(p, "three")
        finally:
            os.umask(old)
        assert (tmp_path / "save.json.bak").stat().st_mode & 0o777 == p.stat().st_mode & 0o777 == 0o600


# --------------------------------------------------------------------------- positions for play


def build(hands: dict[int, str], pile: str = "", melds: list[tuple[int, str]] = (), players: int = 3,
          wild: int | None = 13, current: int = 0, phase: str = "draw", seed: int = 11,
          preset: str = "rummy5000", filler: int = 6):
    """A fresh game whose hands, pile and melds are set by hand (the rest goes to the stock)."""
    g, _ = new_game(Rules.preset(preset), players, seed=seed, names=["You", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gil"][:players])
    pool = list(g.pack)

    def take(text: str) -> list[Card]:
        cards = parse_cards(text)
        for c in cards:
            pool.remove(c)
        return cards

    g.wild_rank = wild
    g.indicator = None
    g.ctx = MeldContext(g.rules, wild, g.decks, g.pack)
    g.hands = [take(hands[s]) if s in hands else [] for s in range(players)]
    g.pile = take(pile)
    g.melds = []
    for i, (owner, text) in enumerate(melds):
        cards = take(text)
        g.melds.append(make_meld(g.ctx, cards, shapes_for(g.ctx, cards)[0], owner, i + 1))
    g.next_meld_id = len(melds) + 1
    keep = [c for c in pool if wild is None or c & 15 != wild]  # no stray wilds for the bots
    for s in range(players):
        if s not in hands:
            g.hands[s] = keep[:filler]
            for c in g.hands[s]:
                pool.remove(c)
            keep = keep[filler:]
    g.stock = pool
    g.upcards = [None] * players
    g.known = [set() for _ in range(players)]
    g.floating = [False] * players
    g.turns = [1] * players
    g.phase = phase
    g.current = g.turn_seat = current
    g.took_top = g.must_use = g.stock_card = None
    g.turn_log = []
    g.melds_this_turn = 0
    g.call_open = False
    g.discarder = None
    g.resume_seat = None
    g.dealer = players - 1
    assert sorted(g.all_cards()) == sorted(g.pack)
    return g


@pytest.fixture
def app(tmp_path):
    a = App(size=SIZE, settings=settings())
    yield a
    a.close_scenes()


def play(app, g, tmp_path=None, **kw):
    seats = [Seat(g.seat_name(0), "human", "")] + [
        Seat(g.seat_name(s), "bot", "normal") for s in range(1, g.players)]
    save = (tmp_path / "autosave.json") if tmp_path else None
    c = Controller(g, seats, settings=app.settings, save_path=save, seed=1)
    scene = app.play(c, **kw)
    app.pump(3)
    return scene


def post(type_, **attrs):
    pygame.event.post(pygame.event.Event(type_, **attrs))


def click(app, pos, pump=2):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.pump(pump)


def drag(app, start, end, steps=6):
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.pump(2)


def key(app, k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    app.pump(2)


def spot(scene, card) -> tuple[int, int]:
    """A point on the visible part of a card on the table, as it is drawn now (a card
    still sliding into place is clicked where it is seen)."""
    scene._place()
    flying = {t.key: t.rect() for t in scene.anim.in_flight()}
    r = flying.get(Card(card), scene.places[Card(card)].rect)
    return (r.x + max(4, r.w // 8), r.y + r.h // 2)


def c(text: str) -> Card:
    return parse_card(text)


# --------------------------------------------------------------------------- moves with the mouse


def test_click_the_stock_to_draw(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    top = g.stock[-1]
    click(app, scene.layout.stock.center)
    assert g.phase == "play" and top in g.hands[0] and len(g.hands[0]) == 5
    assert top in scene.order


def test_drag_the_stock_card_to_the_hand(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    assert g.phase == "play" and len(g.hands[0]) == 5
    assert not scene.anim.tweens or all(t.key in g.hands[0] or t.key in g.pile for t in scene.anim.tweens)


def test_a_double_click_that_draws_draws_once_and_says_nothing_of_the_second_click(app, monkeypatch):
    """A player used to drawing with a double click drew, then saw "You have already drawn
    this turn" (a tester): the second click of a double click that drew is let go. A click
    once the double click's time is past, or after another move, still says why not."""
    import game.ui.table_input as table_input

    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    stock = scene.layout.stock.center
    click(app, stock, pump=10)  # (the second click as the drawn card flies)
    click(app, stock, pump=10)
    assert g.phase == "play" and len(g.hands[0]) == 5
    assert not any("already drawn" in t for t in toast_texts(scene))
    click(app, stock, pump=10)  # (a third click is no double click's second)
    assert any("already drawn" in t for t in toast_texts(scene))
    # the pile: a double click on its top card takes it once
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="3♦ Q♦")
    scene = play(app, g)
    top = scene.places[c("Q♦")].rect.center
    click(app, top, pump=10)
    click(app, top, pump=10)
    assert g.phase == "play" and c("Q♦") in g.hands[0] and g.pile == [c("3♦")]
    assert not any("already" in t for t in toast_texts(scene))
    # a slow second click is a click of its own
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    monkeypatch.setattr(table_input, "DOUBLE_CLICK", 0.0)  # (every second click comes too late)
    click(app, stock, pump=10)
    click(app, stock, pump=10)
    assert len(g.hands[0]) == 5 and any("already drawn" in t for t in toast_texts(scene))


def test_a_card_held_by_its_foot_and_let_go_over_a_meld_is_laid_off_there(app):
    """A card held by its foot lay over another player's meld, the pointer just under the
    meld, and flew back ("Drop the card on a meld that glows…"): the player saw it on the
    meld. Where the pointer is over no place that takes cards, the meld the card covers
    most, by a quarter of the card or more, takes it; the glow says so while it is held."""
    g = build({0: "Q♣ 2♦ 9♠ 4♥"}, pile="3♠", phase="play", melds=[(0, "5♣ 6♣ 7♣"), (2, "Q♥ Q♠ Q♦")], wild=None)
    scene = play(app, g)
    queens = g.melds[1]
    box = scene.meld_boxes[queens.id]
    r = scene.places[c("Q♣")].rect
    start = (r.x + 8, r.bottom - 8)  # (held by its foot)
    end = (box.centerx, box.bottom + 20)  # the pointer under the meld, the card over it
    assert scene._meld_at(end) is None
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    for i in range(1, 7):
        p = (start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    assert scene.hot_meld == queens.id  # (the meld glows: it is where the card goes)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.pump(2)
    assert c("Q♣") in queens.cards and c("Q♣") not in g.hands[0]


def test_a_card_dragged_into_the_hand_goes_where_it_is_let_go(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    scene.order = [c("J♥"), c("2♣"), c("9♠"), c("5♦")]  # arranged by hand, not sorted
    scene._place(force=True)
    top = g.stock[-1]
    between = scene.places[c("2♣")].rect.centerx + scene.places[c("2♣")].rect.w // 4
    drag(app, scene.layout.stock.center, (between, scene.layout.hand_area.centery))
    assert top in g.hands[0]
    assert scene.order == [c("J♥"), c("2♣"), top, c("9♠"), c("5♦")]


def test_a_deep_take_dragged_into_the_hand_lands_where_it_is_let_go(app):
    g = build({0: "9♣ 9♠ 2♦ 5♥ J♠"}, pile="4♠ 9♦ 4♥ Q♣")
    scene = play(app, g)
    scene.order = [c("J♠"), c("9♣"), c("9♠"), c("5♥"), c("2♦")]
    left = scene.layout.hand_rects(5)[0].x + 2
    drag(app, spot(scene, c("9♦")), (left, scene.layout.hand_area.centery))
    # the held card leads the drag, so the cards taken go in at the far left, in pile order
    assert scene.order[:3] == [c("9♦"), c("4♥"), c("Q♣")]
    assert scene.order[3:] == [c("J♠"), c("9♣"), c("9♠"), c("5♥"), c("2♦")]


@pytest.mark.parametrize("sort", ["suit", "rank"])
def test_a_card_drawn_by_a_click_keeps_a_sorted_hand_sorted(app, sort):
    g = build({0: "2♣ 5♦ 9♠ J♥ 4♣"}, pile="Q♦")
    g.stock.append(c("7♠"))  # the top card
    scene = play(app, g)
    scene.sort_hand(sort)
    before = list(scene.order)
    click(app, scene.layout.stock.center)
    assert c("7♠") in g.hands[0] and scene.order == scene._sorted(before + [c("7♠")])
    assert scene.order[-1] != c("7♠")  # not merely put at the end


def test_a_card_drawn_by_a_click_goes_to_the_right_of_a_hand_arranged_by_hand(app):
    g = build({0: "2♣ 5♦ 9♠ J♥ 4♣"}, pile="Q♦")
    g.stock.append(c("7♠"))
    scene = play(app, g)
    scene.order = [c("J♥"), c("2♣"), c("9♠"), c("5♦"), c("4♣")]
    click(app, scene.layout.stock.center)
    assert scene.order == [c("J♥"), c("2♣"), c("9♠"), c("5♦"), c("4♣"), c("7♠")]


def test_take_deep_from_the_pile_brings_every_card_above(app):
    g = build({0: "9♣ 9♠ 2♦ 5♥ J♠"}, pile="4♠ 9♦ 4♥ Q♣")
    scene = play(app, g)
    drag(app, spot(scene, c("9♦")), scene.layout.hand_area.center)
    assert g.pile == [c("4♠")]
    assert {c("9♦"), c("4♥"), c("Q♣")} <= set(g.hands[0])
    assert g.must_use == c("9♦") and g.phase == "play"
    assert scene.c.moves[-1][1].card == c("9♦")


def hover(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.pump(2)


def test_hovering_a_pile_card_marks_what_a_take_would_bring(app):
    g = build({0: "9♣ 9♠ 2♦ 5♥ J♠"}, pile="4♠ 9♦ 4♥ Q♣")
    scene = play(app, g)
    hover(app, spot(scene, c("9♦")))
    assert scene.hover == c("9♦")
    hover(app, (5, 5))
    assert scene.hover is None


@pytest.mark.parametrize("preset", ["rummy5000", "basic"])
def test_the_take_frame_shows_only_takes_the_engine_allows_and_goes_after_a_move(app, preset):
    g = build({0: "9♣ 9♠ 2♦ 5♥ J♠"}, pile="4♠ 9♦ 4♥ Q♣", preset=preset, wild=None)
    scene = play(app, g)
    deep_ok = preset == "rummy5000"  # basic rummy takes the top card only
    hover(app, spot(scene, c("9♦")))
    assert scene.hover == c("9♦") and scene.hover_take == deep_ok
    hover(app, spot(scene, c("4♥")))  # nothing to meld the 4♥ with: refused
    assert scene.hover == c("4♥") and not scene.hover_take
    hover(app, spot(scene, c("Q♣")))
    assert scene.hover == c("Q♣") and scene.hover_take
    # the mouse stays on the pile while the person draws from the stock by key: no take now
    key(app, pygame.K_d)
    app.run_until(lambda: not scene.anim.active, timeout=5)
    app.pump(1)
    assert g.phase == "play" and not scene.hover_take and scene.hover == c("Q♣")


def test_take_refused_shows_the_engines_reason(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="4♠ 8♦ 4♥ Q♣")
    scene = play(app, g)
    click(app, spot(scene, c("8♦")))
    assert g.phase == "draw" and len(g.pile) == 4
    assert scene.toasts and scene.toasts[-1].kind == "error"
    assert "8♦" in scene.toasts[-1].text


def test_select_cards_and_press_enter_to_meld(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    for card in ("9♣", "9♠", "9♦"):
        click(app, spot(scene, c(card)))
    assert set(scene.selected) == {c("9♣"), c("9♠"), c("9♦")}
    key(app, pygame.K_RETURN)
    assert len(g.melds) == 1 and g.melds[0].owner == 0
    assert sorted(g.melds[0].cards) == sorted(parse_cards("9♣ 9♠ 9♦"))
    assert scene.selected == []


def test_drag_a_selected_group_to_the_meld_area(app):
    g = build({0: "5♥ 6♥ 7♥ 2♦ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    for card in ("5♥", "6♥", "7♥"):
        click(app, spot(scene, c(card)))
    start = spot(scene, c("6♥"))
    drag(app, start, scene.layout.seats[0].melds.center)
    assert len(g.melds) == 1 and g.melds[0].kind == "run"


def test_last_moves_name_a_meld_as_it_lies_on_the_table(app):
    g = build({0: "5♥ 6♥ 7♥ 2♦ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.meld_selected([c("7♥"), c("5♥"), c("6♥")])  # the order of a hand arranged by dragging
    app.pump(2)
    seat, action, events, _ = scene.c.moves[-1]
    assert seat == 0 and [str(Card(x)) for x in action.cards] == ["7♥", "5♥", "6♥"]
    assert action_words(action, events) == "melded 5♥ 6♥ 7♥ as #1"  # (its label: what a wild is)
    assert action_words(action) == "melded 7♥ 5♥ 6♥"  # no event to go by: as chosen
    # taking it back says what was taken back
    key(app, pygame.K_u)
    seat, action, events, _ = scene.c.moves[-1]
    assert action_words(action, events) == "took back the meld 5♥ 6♥ 7♥"
    # ending the round on an empty stock says why ("Chloe ended the round" was cryptic: a tester)
    from game.engine.actions import EndRound
    assert action_words(EndRound()) == "ended the round: the stock is empty"


def test_last_moves_say_what_a_wild_stands_for(app):
    """"Alice melded 7♠ 8♠ A♥ as #3" did not say the A♥ was wild, or for what (a tester)."""
    g = build({0: "7♠ 8♠ 10♠ K♥ 5♦ 5♣ K♣ K♦ 10♦ 4♣"}, pile="Q♦", phase="play", wild=13,
              melds=[(1, "3♥ 4♥ 5♥")])
    scene = play(app, g)
    scene.meld_selected([c("K♥"), c("7♠"), c("10♠"), c("8♠")])
    app.pump(2)
    assert scene.c.move_lines()[-1] == (0, f"melded 7♠ 8♠ K♥ (wild, for 9♠) 10♠ as #{g.melds[-1].id}")
    scene.meld_selected([c("5♦"), c("5♣"), c("K♣")])  # in a set it stands for the set's rank
    app.pump(2)
    assert scene.c.move_lines()[-1][1].endswith(f"K♣ (wild) as #{g.melds[-1].id}")
    scene.c.act(LayOff(c("K♦"), 1, "high"))  # on the 3♥ 4♥ 5♥ at the top: the 6♥
    assert scene.c.move_lines()[-1] == (0, "laid K♦ (wild, for 6♥) off on #1")
    scene.c.act(Discard(c("10♦")))
    assert scene.c.move_lines()[-1] == (0, "discarded 10♦")
    # a wild in its own place stands for itself: "2♦ 3♦ 4♦ 5♦ (wild, for 5♦)", with fives
    # wild, read oddly (a tester)
    g = build({0: "2♦ 3♦ 4♦ 5♦ 5♣ 5♥ 9♠ J♣"}, pile="Q♦", phase="play", wild=5)
    scene = play(app, g)
    four = [c("2♦"), c("3♦"), c("4♦"), c("5♦")]
    shapes = [a for a in g.legal_actions() if isinstance(a, MeldCards) and set(a.cards) == set(four)]
    scene.c.act(next(a for a in shapes if "A" not in str(a)))  # (2♦–5♦, not A♦–4♦)
    assert scene.c.move_lines()[-1] == (0, f"melded 2♦ 3♦ 4♦ 5♦ as #{g.melds[-1].id}")
    scene.c.act(next(a for a in g.legal_actions() if isinstance(a, MeldCards) and set(a.cards) == {
        c("5♣"), c("5♥"), c("J♣")}))  # (fives standing for jacks are named as wild)
    assert scene.c.move_lines()[-1][1].startswith("melded J♣ 5♣ (wild) 5♥ (wild) as")
    # a wild in a set goes after the naturals ("2♣ 2♠ 2♦ Q♥ (wild) 2♥" read as if the Q♥
    # stood for the 2♥: a tester)
    g = build({0: "2♣ 2♠ 2♦ Q♥ 9♠ J♣"}, pile="Q♦", phase="play", wild=12)
    scene = play(app, g)
    scene.c.act(MeldCards((c("2♣"), c("Q♥"), c("2♠"), c("2♦"))))
    said = scene.c.move_lines()[-1][1]
    assert said.startswith("melded 2") and said.endswith(f"Q♥ (wild) as #{g.melds[-1].id}"), said
    from game.engine import events as ev

    joker = Card.joker()  # (a joker is wild by name: it says only what it stands for)
    assert action_words(LayOff(joker, 1), [ev.LaidOff(0, joker, 1, "high")], {joker: "6♥"}) == \
        "laid joker (for 6♥) off on #1"
    assert action_words(CallRummy(1, meld=1), [ev.CalledRummy(1, (c("2♥"),), 1)], {c("2♥"): "6♥"}) == \
        "called Rummy! and laid 2♥ (wild, for 6♥) off on #1"


def test_last_moves_say_what_a_floating_player_drew_as_the_round_ended(app):
    """With floaters_draw_when_out, a floating player draws a card when another goes out;
    it was in neither the moves nor the sheet, so a card showed up in a hand that had none
    (a tester). The moves say it."""
    g = build({0: "2♥", 2: "3♦ 9♥ 4♠"}, pile="J♥", phase="play",
              melds=[(1, "5♣ 6♣ 7♣ 8♣"), (0, "K♦ K♥ K♠")])
    g.rules = Rules.preset("rummy5000", floaters_draw_when_out=True)
    g.stock.extend(g.hands[1])
    g.hands[1] = []
    g.floating[1] = True
    scene = play(app, g)
    scene.c.act(Discard(c("2♥")))
    assert g.phase in ("round_over", "game_over") and len(g.hands[1]) == 1
    drawn = card_name(g.hands[1][0])
    assert scene.c.move_lines()[-2:] == [(0, "discarded 2♥ and went out"),
                                         (1, f"drew {drawn} from the stock as the round ended (floating)")]
    # ... and the round's sheet says why that hand holds a card (a tester)
    sheet = scene._sheet_scene(False)
    assert sheet is not None and sheet.floaters_drew == [1]
    said = " ".join(sheet.explanation)
    assert "Ann, floating, drew a card as the round ended, as the house rule \u201cFloaters draw at the end\u201d " \
           "says; it counts in that hand." in said, said


def test_last_moves_say_what_a_move_led_to(app):
    from game.engine import events as ev

    g = build({0: "5♥ 6♥ 7♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.meld_selected([c("5♥"), c("6♥"), c("7♥")])  # every card melded: the player floats
    app.pump(2)
    key(app, pygame.K_1)  # ("Play your last cards? You will float…": yes)
    seat, action, events, _ = scene.c.moves[-1]
    assert g.floating[0]
    assert action_words(action, events) == "melded 5♥ 6♥ 7♥ as #1, now floating"
    assert action_words(Discard(c("9♣")), [ev.Discarded(0, c("9♣")), ev.StockReshuffled(20)]) == \
        "discarded 9♣ (the pile was shuffled into a new stock)"
    assert action_words(Discard(c("9♣")), [ev.Discarded(0, c("9♣"))]) == "discarded 9♣"


def test_last_moves_name_the_deepest_card_of_a_pile_take(app):
    g = build({0: "8♣ 8♦ 2♠"}, pile="4♦ 8♥ 3♣ 5♠", preset="rummy500", wild=None)
    scene = play(app, g)
    scene.c.act(TakePile(c("8♥")))
    seat, action, events, _ = scene.c.moves[-1]
    assert action_words(action, events) == "took the pile from the 8♥ (3 cards)"
    assert action_words(TakePile(c("5♠"))) == "took 5♠ from the pile"


def test_last_moves_name_the_card_a_call_took_and_the_wild_a_swap_brought_back():
    from game.engine import events as ev
    call = CallRummy(0, meld=2)
    assert action_words(call, [ev.CalledRummy(0, (c("8♥"),), 2), ev.LaidOff(0, c("8♥"), 2, "high")]) == \
        "called Rummy! and laid 8♥ off on #2"
    assert action_words(CallRummy(0, take=c("4♦")), [ev.CalledRummy(0, (c("4♦"), c("9♣")), None)]) == \
        "called Rummy! and took the pile from the 4♦ (2 cards)"
    assert action_words(CallRummy(0, take=c("9♣")), [ev.CalledRummy(0, (c("9♣"),), None)]) == \
        "called Rummy! and took 9♣ from the pile"
    swap = Cover(c("6♥"), 1)
    assert action_words(swap, [ev.Covered(0, c("6♥"), 1, 1, c("K♠"))]) == \
        "swapped 6♥ for the wild K♠ in #1"
    assert action_words(swap, [ev.Covered(0, c("6♥"), 1, 1, None)]) == "put 6♥ on the wild in #1"


def test_lay_off_by_dragging_onto_anothers_meld(app):
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play",
              melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    run = g.melds[1]
    drag(app, spot(scene, c("8♥")), scene.meld_boxes[run.id].center)
    assert run.cards[-1] == c("8♥") and run.by[-1] == 0
    assert c("8♥") not in g.hands[0]
    assert g.melded_points()[0] > 0


def test_several_cards_laid_off_at_once_each_go_to_the_end_they_fit(app):
    """Two selected cards dragged onto a run, one for each end: each goes where it fits,
    whichever half of the run they were dropped on."""
    for side in ("right", "left"):
        g = build({0: "7♦ Q♦ 2♣ 5♠"}, pile="Q♠", phase="play", melds=[(0, "4♣ 4♥ 4♠"), (1, "8♦ 9♦ 10♦ J♦")])
        scene = play(app, g)
        for card in ("7♦", "Q♦"):
            click(app, spot(scene, c(card)))
        box = scene.meld_boxes[g.melds[1].id]
        drag(app, spot(scene, c("Q♦")), (box.right - 3 if side == "right" else box.x + 3, box.centery))
        assert [str(x) for x in g.melds[1].cards] == ["7♦", "8♦", "9♦", "10♦", "J♦", "Q♦"], side
        assert sorted(map(str, g.hands[0])) == ["2♣", "5♠"]
        assert scene.selected == []


@pytest.mark.parametrize("hand, laid, drop", [
    ("6♦ 7♦", ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦"], "right"),  # the 7 must go before the 6
    ("7♦ 6♦", ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦"], "right"),
    ("6♦ K♣", ["6♦", "K♣", "8♦", "9♦", "10♦", "J♦"], "right"),  # the wild goes where the 6 needs it
    ("Q♦ K♣", ["8♦", "9♦", "10♦", "J♦", "Q♦", "K♣"], "right"),  # (the wild at the side dropped on)
    ("Q♦ K♣", ["K♣", "8♦", "9♦", "10♦", "J♦", "Q♦"], "left"),
])
def test_several_cards_laid_off_at_once_go_in_an_order_that_fits_them_all(app, hand, laid, drop):
    g = build({0: hand + " 2♣ 5♠"}, pile="Q♠", phase="play", melds=[(0, "4♣ 4♥ 4♠"), (1, "8♦ 9♦ 10♦ J♦")])
    scene = play(app, g)
    box = scene.meld_boxes[g.melds[1].id]
    scene.lay_off([c(x) for x in hand.split()], g.melds[1].id,
                  box.right - 3 if drop == "right" else box.x + 3)
    app.pump(2)
    assert [str(x) for x in g.melds[1].cards] == laid
    assert sorted(map(str, g.hands[0])) == ["2♣", "5♠"]


def test_several_cards_that_cannot_all_be_laid_off_stop_with_the_engines_reason(app):
    g = build({0: "7♦ 3♠ 2♣ 5♠"}, pile="Q♠", phase="play", melds=[(0, "4♣ 4♥ 4♠"), (1, "8♦ 9♦ 10♦ J♦")])
    scene = play(app, g)
    box = scene.meld_boxes[g.melds[1].id]
    scene.lay_off([c("3♠"), c("7♦")], g.melds[1].id, box.right - 3)
    app.pump(2)
    assert scene.toasts[-1].kind == "error"
    assert "3♠" in scene.toasts[-1].text and "does not fit" in scene.toasts[-1].text
    assert sorted(map(str, g.hands[0] + g.melds[1].cards)) == sorted(
        ["7♦", "3♠", "2♣", "5♠", "8♦", "9♦", "10♦", "J♦"])  # nothing lost


def test_dragged_card_makes_the_melds_it_fits_glow(app):
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play",
              melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥"), (2, "3♠ 3♦ 3♥")])
    scene = play(app, g)
    start = spot(scene, c("8♥"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 40), rel=(0, 0), buttons=(1, 0, 0))
    app.pump(2)
    assert scene.drag is not None and scene.fits == {2}
    assert scene.fit_pile  # and it could be discarded
    post(pygame.MOUSEBUTTONUP, pos=(start[0] + 30, start[1] - 40), button=1)
    app.pump(2)


def test_a_held_card_is_drawn_over_the_status_line_and_the_sidebar(app, monkeypatch):
    """A card dragged onto the person's meld, under the status line, had the line's words
    painted over its corner (a tester could not read it was the 9♥): the cards held come
    after the table's words, the sidebar's and the messages."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠")])
    scene = play(app, g)
    calls: list[str] = []
    for name in ("_draw_drag", "_draw_messages", "_draw_sidebar"):
        real = getattr(scene, name)
        monkeypatch.setattr(scene, name, lambda surface, real=real, name=name: (calls.append(name),
                                                                               real(surface))[1])
    start = spot(scene, c("8♥"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for pos in ((start[0] + 30, start[1] - 40), scene.layout.message.center):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    calls.clear()
    app.draw()
    assert calls == ["_draw_sidebar", "_draw_messages", "_draw_drag"]


@pytest.mark.parametrize("past", [0.0, 0.62])
def test_a_card_held_over_the_piles_next_place_is_discarded_wherever_the_pointer_is(app, past):
    """A card let go with the card itself on the place the pile's next card takes, the
    pointer held by its corner below the pile, was refused as "Drop the card on the discard
    pile to discard it" (a tester): the card covering that place is a drop on the pile; so is
    one let go a little past it, a third of it over the place (it flew back: a tester)."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣"}, pile="Q♦ 3♠", phase="play", wild=None)
    scene = play(app, g)
    L = scene.layout
    spot = L.pile_rects(len(g.pile) + 1)[-1]
    last = scene.order[-1]  # (the last card of the fan, whole)
    r = scene.places[last].rect
    start = (r.right - 4, r.bottom - 4) if not past else r.center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0] - 30, start[1] - 40), rel=(0, 0), buttons=(1, 0, 0))
    app.pump(1)
    held = scene.drag.rects()[0]
    grip = (scene.drag.pos[0] - held.x, scene.drag.pos[1] - held.y)
    at = (spot.x + int(spot.w * past) + grip[0], spot.y + grip[1])
    assert not L.pile_drop_zone(len(g.pile)).collidepoint(at)  # (the pointer is off the pile)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
    app.pump(1)
    post(pygame.MOUSEBUTTONUP, pos=at, button=1)
    app.pump(2)
    assert g.pile[-1] == last and g.discarder == 0


def test_the_place_a_dragged_card_would_go_is_marked_over_it(app, monkeypatch):
    from game.ui import table_paint as table_mod

    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play",
              melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥"), (2, "3♠ 3♦ 3♥")])
    scene = play(app, g)
    run = scene.meld_boxes[g.melds[1].id]
    calls = []
    draw_drag, rect = scene._draw_drag, pygame.draw.rect

    def record_drag(surface):
        calls.append("card")
        return draw_drag(surface)

    def record_rect(surface, colour, r, *args, **kw):
        calls.append(("rect", tuple(colour)[:3], Rect(r)))
        return rect(surface, colour, r, *args, **kw)

    monkeypatch.setattr(scene, "_draw_drag", record_drag)
    monkeypatch.setattr(table_mod.pygame.draw, "rect", record_rect)
    start = spot(scene, c("8♥"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for pos in ((start[0] + 30, start[1] - 40), run.center):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    calls.clear()
    app.draw()
    after = calls[calls.index("card") + 1:]
    assert ("rect", table_mod.DROP, run.inflate(10, 8)) in after  # the 8♥ fits the run it is over
    # over the pile, the pile's top card; over a meld it does not fit, nothing
    for pos, marked in ((scene.places[c("Q♦")].rect.center, True),
                        (scene.meld_boxes[g.melds[0].id].center, False)):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
        calls.clear()
        app.draw()
        after = calls[calls.index("card") + 1:]
        assert any(x[0] == "rect" and x[1] == table_mod.DROP for x in after if x != "card") == marked
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.pump(2)
    assert c("8♥") in g.hands[0]  # let go on a meld it does not fit: back to the hand


def test_an_empty_pile_shows_where_a_discard_goes_and_marks_it_during_a_drag(app, monkeypatch):
    from game.ui import table_paint as table_mod

    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="", phase="play")
    scene = play(app, g)
    slot = scene.layout.pile_rects(1)[0]
    rects, outlines = [], []
    rect, outline = pygame.draw.rect, scene._outline

    def record_rect(surface, colour, r, *args, **kw):
        rects.append((tuple(colour)[:3], Rect(r)))
        return rect(surface, colour, r, *args, **kw)

    def record_outline(surface, r, colour):
        outlines.append((tuple(colour)[:3], Rect(r)))
        return outline(surface, r, colour)

    monkeypatch.setattr(table_mod.pygame.draw, "rect", record_rect)
    monkeypatch.setattr(scene, "_outline", record_outline)
    app.draw()
    assert (table_mod.EMPTY_SLOT, slot) in rects  # at rest: a faint frame where the first card goes
    start = spot(scene, c("5♣"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    far = (scene.layout.pile_area.right - 20, slot.centery)  # on the pile's felt, far from the slot
    for pos, marked in (((start[0] + 30, start[1] - 40), False), (far, False), (slot.center, True)):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
        rects.clear()
        outlines.clear()
        app.draw()
        assert scene.fit_pile and (table_mod.FIT, slot) in outlines  # the slot glows while it may go there
        assert ((table_mod.DROP, slot.inflate(6, 6)) in rects) == marked, pos
    far_drop = (slot.right + slot.w // 5, slot.bottom)  # near enough to take it; it flies the rest
    post(pygame.MOUSEMOTION, pos=far_drop, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=far_drop, button=1)
    app.pump(1)
    assert g.pile == [c("5♣")] and c("5♣") not in g.hands[0]
    assert c("5♣") in scene.anim.hidden()
    rects.clear()
    app.draw()
    assert (table_mod.EMPTY_SLOT, slot) in rects  # the frame stays until the card lands in it
    assert app.run_until(lambda: not scene.anim.active, timeout=5)
    rects.clear()
    app.draw()
    assert not any(colour == table_mod.EMPTY_SLOT for colour, _ in rects)  # a card lies there now


def test_illegal_drop_snaps_back_with_the_reason(app):
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play",
              melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    run = g.melds[1]
    end = scene.meld_boxes[run.id].center
    drag(app, spot(scene, c("2♣")), end)
    assert c("2♣") in g.hands[0] and len(run.cards) == 3
    assert scene.toasts[-1].kind == "error" and "does not fit" in scene.toasts[-1].text
    back = [t for t in scene.anim.tweens if t.key == c("2♣")]
    assert back, "the card flies back to the hand"
    assert back[0].dst == scene.places[c("2♣")].rect
    assert abs(back[0].src.centerx - end[0]) < scene.places[c("2♣")].rect.w


def test_drag_to_the_pile_discards_and_the_turn_passes(app):
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    drag(app, spot(scene, c("5♣")), scene.places[c("Q♦")].rect.center)
    assert g.pile[-1] == c("5♣") and c("5♣") not in g.hands[0]
    assert g.current == 1
    assert any(t.key == c("5♣") for t in scene.anim.tweens)


def test_a_card_let_go_on_the_empty_felt_beside_the_pile_snaps_back(app):
    """The pile's felt is wide (a long pile spreads over it); only near its cards does a
    drop discard, so an aimless drop does not cost the turn."""
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    L = scene.layout
    top = scene.places[c("Q♦")].rect
    far = (L.pile_area.right - 5, L.pile_area.centery)
    assert far[0] - top.right > 3 * top.w  # well away from the pile's cards
    drag(app, spot(scene, c("5♣")), far)
    assert g.pile == [c("Q♦")] and c("5♣") in g.hands[0] and g.current == 0
    # just right of the top card, where the next card lands: a discard
    drag(app, spot(scene, c("5♣")), (top.right + top.w // 2, top.centery))
    assert g.pile[-1] == c("5♣") and g.current == 1


def test_a_hand_card_let_go_a_card_beyond_the_pile_place_is_discarded(app):
    """A hand card is bigger than the pile's: a tester let one go with the pointer a hand
    card's width past the top card (in the pile's box, the top card glowing) and it flew
    back. The pile takes drops that far, not further."""
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="9♦ Q♦", phase="play")
    scene = play(app, g)
    top = scene.places[c("Q♦")].rect
    held = scene.places[c("5♣")].rect.w
    assert held > top.w
    beyond = top.right + top.w // 2 + int(top.w * 0.3) + int(held * 0.8)
    drag(app, spot(scene, c("5♣")), (beyond, top.centery))
    assert g.pile[-1] == c("5♣") and g.current == 1


def test_double_click_discards(app):
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    p = spot(scene, c("Q♠"))
    click(app, p, pump=1)
    click(app, p)
    assert g.pile[-1] == c("Q♠") and g.current == 1


def test_two_clicks_on_a_card_with_a_move_between_are_not_a_double_click(app):
    """A card clicked before the draw and again just after it is selected and put down
    again, not discarded: a double click is two clicks with nothing played between."""
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="draw")
    scene = play(app, g)
    click(app, spot(scene, c("Q♠")), pump=1)
    assert scene.selected == [c("Q♠")]
    click(app, scene.layout.stock.center, pump=1)  # draw, at once
    assert g.phase == "play" and len(g.hands[0]) == 5
    click(app, spot(scene, c("Q♠")))
    assert c("Q♠") in g.hands[0] and g.pile[-1] == c("Q♦") and g.phase == "play"
    assert scene.selected == []
    click(app, spot(scene, c("Q♠")), pump=1)  # a real double click still discards
    click(app, spot(scene, c("Q♠")))
    assert g.pile[-1] == c("Q♠") and g.current == 1


def test_a_selected_card_answers_a_click_where_it_lay_before_it_rose(app):
    """A selected card rises; a click low on the spot it rose from (now bare felt below
    it) still puts it back down, as a click at the same place picked it up. A click
    there on a card beside it goes to that card."""
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.order = parse_cards("2♣ 8♥ 5♣ Q♠")
    scene._place(force=True)
    r = scene.places[c("2♣")].rect
    low = (r.x + 4, r.bottom - 3)
    click(app, low, pump=1)
    assert scene.selected == [c("2♣")]
    assert not scene.places[c("2♣")].rect.collidepoint(low)  # risen above the point
    time.sleep(DOUBLE_CLICK)
    click(app, low)
    assert scene.selected == [] and c("2♣") in g.hands[0]
    r8 = scene.places[c("8♥")].rect
    click(app, (r8.x + 4, r8.bottom - 3), pump=1)  # on 8♥ itself, left of 2♣'s reach
    assert scene.selected == [c("8♥")]
    time.sleep(DOUBLE_CLICK)
    click(app, (r8.right - 4, r8.bottom - 3))  # 8♥'s right part, under the 5♣ beside it
    assert set(scene.selected) == {c("8♥"), c("5♣")}


def test_two_clicks_on_a_card_with_the_hand_rearranged_between_are_not_a_double_click(app):
    """A drag that rearranges the hand between two quick clicks on a card breaks the
    double click: the second click puts the card down again, nothing is discarded."""
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    click(app, spot(scene, c("Q♠")), pump=1)
    assert scene.selected == [c("Q♠")]
    order = list(scene.order)
    drag(app, spot(scene, c("2♣")), spot(scene, c("5♣")), steps=2)
    assert scene.order != order and scene.selected == [c("Q♠")]
    click(app, spot(scene, c("Q♠")))
    assert c("Q♠") in g.hands[0] and g.pile[-1] == c("Q♦") and g.current == 0
    assert scene.selected == []


def test_drag_within_the_hand_reorders_it(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.order = parse_cards("2♣ 5♦ 9♠ J♥")
    scene._place(force=True)
    last = scene.places[c("J♥")].rect
    drag(app, spot(scene, c("2♣")), (last.right + 5, last.centery))
    assert scene.order[-1] == c("2♣") and g.phase == "play" and g.hands[0] and len(g.hands[0]) == 4
    key(app, pygame.K_s)  # sort (by rank, then by suit again)
    assert [x & 15 for x in scene.order] == sorted(x & 15 for x in scene.order)


def test_a_hand_card_let_go_near_where_it_was_picked_up_stays_in_its_place(app):
    """A drag just past the threshold (a shaky click) moved a card one place right, not
    left (a tester): the card goes to the place nearest where it is let go, a place further
    only once it is more than half a step over."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣"}, pile="Q♦", phase="play")
    scene = play(app, g)
    hand = parse_cards("2♣ 5♦ 9♠ J♥ K♣")
    scene.order = list(hand)
    scene._place(force=True)
    start = spot(scene, c("9♠"))
    step = scene.places[c("J♥")].rect.x - scene.places[c("9♠")].rect.x
    for dx in (6, -6, step // 2 - 3, -(step // 2 - 3)):
        drag(app, start, (start[0] + dx, start[1] + 1), steps=2)
        scene.anim.finish()  # (the next press on the card where it rests, not where it flies)
        assert scene.order == hand, dx
    drag(app, start, (start[0] + step // 2 + 3, start[1]), steps=2)
    assert scene.order == parse_cards("2♣ 5♦ J♥ 9♠ K♣")
    scene.anim.finish()
    scene._place(force=True)
    start = spot(scene, c("9♠"))
    drag(app, start, (start[0] - step // 2 - 3, start[1]), steps=2)
    assert scene.order == hand
    scene.anim.finish()
    start = spot(scene, c("9♠"))
    drag(app, start, (start[0] - 2 * step, start[1]), steps=3)  # (two places on, the other way)
    assert scene.order == parse_cards("9♠ 2♣ 5♦ J♥ K♣")


def test_the_s_key_is_shown_on_the_sort_it_will_do_next(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    b = scene.buttons
    for _ in range(3):
        shown = [n for n in ("sort_suit", "sort_rank") if b[n].hint == "S"]
        assert len(shown) == 1
        key(app, pygame.K_s)
        assert scene.sort_mode == shown[0].removeprefix("sort_")


def test_the_hands_sort_is_remembered_for_the_next_game(tmp_path):
    path = tmp_path / "settings.json"
    first = App(size=SIZE, settings=Settings.load(path))
    scene = first.start_game("rummy5000", 3, seed=4)
    first.pump(2)
    assert scene.sort_mode == "suit"
    key(first, pygame.K_s)
    assert scene.sort_mode == "rank" and first.settings.hand_sort == "rank"
    first.close_scenes()
    again = App(size=SIZE, settings=Settings.load(path))  # the game started again
    scene = again.start_game("rummy5000", 3, seed=5)
    again.pump(2)
    ctx = scene.g.ctx
    assert scene.sort_mode == "rank"
    assert scene.order == sorted(scene.g.hands[0], key=lambda x: sort_key_rank(ctx, x))
    again.close_scenes()


def test_a_sort_that_cannot_be_saved_still_sorts(tmp_path, monkeypatch, caplog):
    app = App(size=SIZE, settings=Settings.load(tmp_path / "settings.json"))
    scene = app.start_game("rummy5000", 3, seed=4)
    app.pump(2)

    def refuse(*args, **kwargs):
        raise PermissionError("read-only folder")

    monkeypatch.setattr(Settings, "save", refuse)
    key(app, pygame.K_s)
    assert scene.sort_mode == "rank" and app.settings.hand_sort == "rank"
    assert "could not save the hand's sort" in caplog.text
    app.close_scenes()


def test_the_persons_seat_is_the_tables_under_any_screen_over_it(app):
    from game.ui.menus import RulesScene

    assert app.human_seat is None  # no table open
    scene = app.start_game("rummy5000", 3, levels=["easy", "human", "normal"], seed=4)
    assert app.human_seat == 1
    app.stack.push(RulesScene(app, scene.g.rules))
    assert app.human_seat == 1
    app.close_scenes()
    app.start_game("rummy5000", 3, seed=4, autoplay=True)
    assert app.human_seat is None  # computer players only: no statistics kept
    app.close_scenes()


def test_deal_animates_from_the_stock(app, monkeypatch):
    scene = app.start_game("rummy5000", 4, seed=9)
    app.pump(2)
    assert scene.anim.active
    hidden = scene.anim.hidden()
    assert set(scene.g.hands[0]) <= hidden  # the person's cards are still on their way
    first = min(scene.anim.tweens, key=lambda t: t.delay)
    assert first.src == scene.layout.stock and not first.face_from
    drawn = record_text(scene, monkeypatch)
    app.draw()
    # the status line waits for the cards to land before it says whose turn it is
    assert "Dealing…" in drawn and not any(t.endswith("is playing…") or t.startswith("Your turn")
                                            for t in drawn)
    app.run_until(lambda: not scene.anim.active, timeout=15)
    assert not scene.anim.active
    app.pump(1)
    del drawn[:]
    app.draw()
    assert "Dealing…" not in drawn and scene.c.status() in drawn


def test_while_dealing_the_others_counts_are_of_the_cards_that_have_arrived(app, monkeypatch):
    scene = app.start_game("rummy5000", 4, seed=9)
    app.pump(2)
    assert scene.dealing
    hidden = scene.anim.hidden()
    arrived = {s: sum(1 for x in scene.g.hands[s] if x not in hidden) for s in (1, 2, 3)}
    assert min(arrived.values()) < max(len(scene.g.hands[s]) for s in (1, 2, 3))
    badges = record_badges(scene, monkeypatch)
    scene.invalidate()
    app.draw()
    assert sorted(badges) == sorted(n for n in arrived.values() if n)


def record_badges(scene, monkeypatch) -> list[int]:
    """The numbers the others' count badges show from now on (a list a test may clear)."""
    badges, render = [], scene.text.render

    def record(text, size, *a, **k):
        if a and a[0] == (20, 20, 20) and text.isdigit():  # (the ink of the count badges)
            badges.append(int(text))
        return render(text, size, *a, **k)

    monkeypatch.setattr(scene.text, "render", record)
    return badges


def test_a_card_another_player_plays_flies_face_up_from_its_hand(app):
    """A computer player's discard flew face down across the table, turning over only
    halfway (a tester): a card played from a hidden hand shows its face at once."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣"}, pile="Q♦", current=1, phase="play", players=2)
    scene = play(app, g)
    scene.anim.finish()
    scene.c._apply(Discard(c("8♣")), 1)
    flying = [t for t in scene.anim.tweens if t.card == c("8♣")]
    assert flying and all(t.face_from and t.face_up() and t.flip_scale() == 1.0 for t in flying)


def test_a_drawn_card_is_counted_in_a_hand_once_it_lands(app, monkeypatch):
    """An opponent's count turned over while the card it drew was still in the air (a
    tester): a card flying in from the stock or the pile counts once it lands."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣"}, pile="Q♦", current=1, phase="draw", players=2)
    scene = play(app, g)
    scene.anim.finish()
    scene.c.act(DrawStock()) if scene.c.human_to_act else scene.c._apply(DrawStock(), 1)
    badges = record_badges(scene, monkeypatch)
    assert any(t.key in g.hands[1] for t in scene.anim.tweens)  # (the drawn card is on its way)
    scene.invalidate()
    app.draw()
    assert badges == [5] and len(g.hands[1]) == 6
    scene.anim.finish()
    badges.clear()
    scene.invalidate()
    app.draw()
    assert badges == [6]


@pytest.mark.parametrize("players", [4, 6])
def test_a_question_about_a_move_leaves_the_stocks_count_in_sight(players):
    """A small menu asking which end of a run covered "Stock 40" so that it read "Stock 4"
    (a tester, 1024x640, the largest cards): it moves beside the stock."""
    a = App(size=(1024, 640), settings=settings(card_scale=1.3))
    try:
        g = build({0: "7♠ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", players=players)
        scene = play(a, g)
        scene._ask("Play the 7♠:", ["at the high end of #1 (the hint)", "at the low end of #1", "Cancel"],
                   lambda i: None)
        a.draw()
        L = scene.layout
        box = scene.choice.box
        assert not box.colliderect(L.stock.union(L.stock_label)), (box, L.stock, L.stock_label)
        assert L.play.contains(box)
    finally:
        a.close_scenes()


def test_with_the_menu_open_on_anothers_turn_the_status_says_the_game_waits(app, monkeypatch):
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣"}, pile="Q♦", current=1, phase="draw")
    scene = play(app, g)
    scene.open_menu()
    drawn = record_text(scene, monkeypatch)
    scene.invalidate()
    app.draw()
    assert "The game waits while the menu is open" in drawn and not any(t.endswith("is playing…") for t in drawn)
    key(app, pygame.K_ESCAPE)
    del drawn[:]
    app.draw()
    assert any(t.endswith("is playing…") for t in drawn)


def test_the_computer_players_wait_for_moves_in_flight_not_for_the_persons_own_cards(app):
    """A move of the game still flying holds the next computer player back; the person's
    own cards settling (a sort, a selection, a drag flying back) do not, so a stream of
    fidgeting in the hand cannot stall the table."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣"}, pile="Q♦", current=1, phase="draw")
    scene = play(app, g)
    scene.anim.finish()
    hand = list(scene.order)
    # a drop on the pile while a computer player is to act is refused: the card flies back
    drag(app, spot(scene, c("9♠")), scene.places[c("Q♦")].rect.center)
    back = [t for t in scene.anim.tweens if t.card == c("9♠")]
    assert back and not back[0].shows_move and scene.anim.active and not scene.anim.showing_move
    assert sorted(g.hands[0]) == sorted(hand) and g.pile[-1] == c("Q♦")

    def run(shows_move: bool, steps: int) -> bool:
        version = scene.c.version
        scene.anim.finish()
        r = scene.layout.stock
        scene.anim.add(Tween(("back", 9, 0), None, Rect(r), r.move(0, 5), 30.0, 0.0,
                             shows_move=shows_move))  # in flight for all of the wait below
        for _ in range(steps):  # a tenth of a second of table time each: the pause is < 1 s
            scene.update(0.1)
            time.sleep(0.01)  # (it thinks in a thread)
            if scene.c.version != version:
                break
        scene.anim.finish()
        return scene.c.version != version

    assert not run(shows_move=True, steps=60)  # a move still landing: the bot waits
    assert run(shows_move=False, steps=500)  # only the person's cards moving: the bot plays
    assert g.current != 1 or g.phase != "draw"


def test_shape_choice_when_a_wild_could_mean_two_things(app):
    g = build({0: "7♥ 8♥ K♠ 2♦ 4♣"}, pile="Q♦", phase="play", wild=13)
    scene = play(app, g)
    for card in ("7♥", "8♥", "K♠"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert scene.choice is not None and len(g.melds) == 0
    assert any("6♥" in o for o in scene.choice.options) and any("9♥" in o for o in scene.choice.options)
    # each reading names what the wild stands for there (the ends alone left it to be worked
    # out: a tester)
    assert {o.replace(" (the hint)", "").replace("; the hint)", ")") for o in scene.choice.options} == {
        "run 6♥–8♥ (K♠ for 6♥)", "run 7♥–9♥ (K♠ for 9♥)"}
    want = next(i for i, o in enumerate(scene.choice.options) if o.startswith("run 7♥"))
    key(app, pygame.K_1 + want)
    assert scene.choice is None and len(g.melds) == 1
    assert g.melds[0].lo == 7  # 7-8-9: the king stands for the 9♥


def test_a_run_of_naturals_with_a_wild_in_its_own_place_is_offered_as_it_lies_first(app):
    """With 6s wild, 6♥ 7♥ 8♥ 9♥ 10♥ offered "run 7♥–J♥ (6♥ for J♥)" first, in focus (a
    tester expected 6-10)."""
    g = build({0: "6♥ 7♥ 8♥ 9♥ 10♥ 4♣ K♦"}, pile="Q♦", phase="play", wild=6)
    scene = play(app, g)
    for card in ("6♥", "7♥", "8♥", "9♥", "10♥"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert scene.choice is not None and scene.choice.options[0].startswith("run 6♥–10♥")
    key(app, pygame.K_RETURN)
    assert scene.choice is None and g.melds[0].lo == 6


def test_selecting_two_melds_at_once_lays_both_down(app):
    g = build({0: "3♣ 3♠ 7♠ 3♥ 7♦ 7♥ 9♣ J♦"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    for card in ("3♣", "3♠", "7♠", "3♥", "7♦", "7♥"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert sorted(sorted(m.cards) for m in g.melds) == sorted(
        [sorted(parse_cards("3♣ 3♠ 3♥")), sorted(parse_cards("7♠ 7♦ 7♥"))])
    assert sorted(g.hands[0]) == sorted(parse_cards("9♣ J♦")) and scene.selected == []
    assert not [t for t in scene.toasts if t.kind == "error"]


def test_several_melds_at_once_go_down_as_few_long_melds_or_ask_which(app):
    # ten clubs went down as 4-6, 7-9 and J-A, without a question (a tester: the six-card
    # run would have counted double in Persian)
    g = build({0: "A♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ 2♦ 5♥"}, pile="Q♦", phase="play", wild=None,
              preset="persian", players=4)
    scene = play(app, g)
    scene.meld_selected([c(x) for x in "A♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣".split()])
    app.pump(2)
    assert sorted(len(m.cards) for m in g.melds) == [4, 6] and scene.choice is None
    # the 9♣ may go in the run or the set: asked
    g = build({0: "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 9♥ 9♠ 9♦ 2♦ 5♥"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    scene.meld_selected([c(x) for x in "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 9♥ 9♠ 9♦".split()])
    app.pump(2)
    assert g.melds == [] and scene.choice is not None
    assert sorted(scene.choice.options) == ["run 4♣–8♣ + set of 9s", "run 4♣–9♣ + set of 9s"]
    key(app, pygame.K_1 + scene.choice.options.index("run 4♣–9♣ + set of 9s"))
    assert sorted(len(m.cards) for m in g.melds) == [3, 6] and sorted(g.hands[0]) == sorted(parse_cards("2♦ 5♥"))
    # where four or more laid at once count double, the ways say which would
    g = build({0: "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 9♥ 9♠ 9♦ 2♦ 5♥"}, pile="Q♦", phase="play", wild=None)
    g.rules = g.rules.replace(four_at_once_double=True)
    g.ctx = MeldContext(g.rules, g.wild_rank, g.decks, g.pack)
    scene = play(app, g)
    scene.meld_selected([c(x) for x in "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 9♥ 9♠ 9♦".split()])
    assert sorted(scene.choice.options) == ["run 4♣–8♣ ×2 + set of 9s ×2", "run 4♣–9♣ ×2 + set of 9s"]


def test_playing_the_last_cards_to_float_is_asked_first(app):
    # a new player melded the last three cards, floated, and Undo was gone (a tester)
    g = build({0: "2♦ 2♥ 2♠"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    assert g.rules.floats
    scene.meld_selected([c(x) for x in "2♦ 2♥ 2♠".split()])
    app.pump(2)
    assert g.melds == [] and scene.choice is not None and not g.floating[0]
    assert scene.choice.title == "Play your last cards? You will float, and Undo cannot take it back"
    assert scene.choice.focus == 1
    key(app, pygame.K_2)  # "Not yet"
    assert g.melds == [] and sorted(g.hands[0]) == sorted(parse_cards("2♦ 2♥ 2♠")) and scene.choice is None
    scene.meld_selected([c(x) for x in "2♦ 2♥ 2♠".split()])
    app.pump(2)
    key(app, pygame.K_1)  # "Play them and float"
    assert len(g.melds) == 1 and g.floating[0] and g.hands[0] == [] and scene.choice is None
    # a meld that leaves a card is not asked about
    g = build({0: "2♦ 2♥ 2♠ 9♣"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    scene.meld_selected([c(x) for x in "2♦ 2♥ 2♠".split()])
    app.pump(2)
    assert len(g.melds) == 1 and scene.choice is None


def test_no_float_question_after_a_hint_that_said_so_or_while_floating(app):
    """The hint said "that plays your last cards, so you float … Enter lays it off", and
    Enter asked, "Not yet" in focus, so Enter, Enter cancelled the hinted move; a player
    floating already was asked again (a tester)."""
    g = build({0: "2♦ 2♥ 2♠"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: MeldCards(tuple(c(x) for x in ("2♠", "2♦", "2♥")))
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN)
    app.pump(2)
    assert scene.choice is None and len(g.melds) == 1 and g.floating[0]
    # floating, a card drawn that lays off: no question
    g = build({0: "7♥"}, pile="Q♦", phase="play", wild=None, melds=[(0, "9♣ 9♦ 9♠"), (1, "4♥ 5♥ 6♥")])
    g.floating[0] = True
    scene = play(app, g)
    assert scene.c.is_legal(LayOff(c("7♥"), g.melds[1].id))
    scene.lay_off([c("7♥")], g.melds[1].id)
    app.pump(2)
    assert scene.choice is None and c("7♥") in g.melds[1].cards


def test_the_sort_buttons_rest_while_there_is_nothing_to_sort(app):
    g = build({0: "9♣ 2♦"}, pile="Q♦", phase="play")
    scene = play(app, g)
    app.draw()
    assert scene.buttons["sort_suit"].enabled and scene.buttons["sort_rank"].enabled
    g.hands[0] = [c("9♣")]
    scene._place(force=True)
    app.draw()
    assert not scene.buttons["sort_suit"].enabled and not scene.buttons["sort_rank"].enabled


def test_a_click_on_a_greyed_move_button_says_why(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    g.rules = g.rules.replace(min_meld=4)
    g.ctx = MeldContext(g.rules, g.wild_rank, g.decks, g.pack)
    scene = play(app, g)
    for card in ("9♣", "9♠", "9♦"):
        click(app, spot(scene, c(card)))
    app.draw()
    assert not scene.buttons["meld"].enabled
    click(app, scene.buttons["meld"].rect.center)
    assert g.melds == [] and "at least 4 cards" in scene.toasts[-1].text and scene.toasts[-1].kind == "error"
    app.draw()
    assert not scene.buttons["undo"].enabled
    click(app, scene.buttons["undo"].rect.center)
    assert "nothing to take back" in scene.toasts[-1].text.lower()


def test_undo_button_takes_back_a_meld(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    for card in ("9♣", "9♠", "9♦"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert len(g.melds) == 1
    app.draw()
    click(app, scene.buttons["undo"].rect.center)
    assert g.melds == [] and c("9♣") in g.hands[0]


def test_undo_puts_the_cards_back_where_they_were_in_an_arranged_hand(app):
    g = build({0: "9♣ 2♦ 9♠ 5♥ 9♦ J♠ 4♣ 5♣ 6♣"}, pile="Q♦", phase="play")
    scene = play(app, g)
    arranged = [c(x) for x in ("J♠", "9♣", "2♦", "9♠", "5♥", "9♦", "4♣", "6♣", "5♣")]
    scene.order = list(arranged)
    app.pump(2)
    scene.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    scene.meld_selected([c("4♣"), c("5♣"), c("6♣")])
    assert len(g.melds) == 2
    assert scene.order == [c("J♠"), c("2♦"), c("5♥")]
    key(app, pygame.K_u)
    assert scene.order == [c(x) for x in ("J♠", "2♦", "5♥", "4♣", "6♣", "5♣")]
    click(app, scene.buttons["undo"].rect.center)
    assert scene.order == arranged and not scene.undoing


def rect_x(scene) -> dict[Card, int]:
    scene.anim.finish()
    scene._place(force=True)
    return {x: scene.places[x].rect.x for x in scene.order}


def test_cards_left_in_the_hand_keep_their_places_until_the_turn_ends(app):
    g = build({0: "2♠ 9♣ 9♠ 9♦ K♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.order = [c(x) for x in ("2♠", "9♣", "9♠", "9♦", "K♦", "5♥", "J♠")]
    before = rect_x(scene)
    step = before[c("9♠")] - before[c("9♣")]
    scene.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    assert len(g.melds) == 1
    after = rect_x(scene)
    # the card left of the meld has not moved; those right of it closed up, no more
    assert after[c("2♠")] == before[c("2♠")]
    assert [after[c(x)] for x in ("K♦", "5♥", "J♠")] == [before[c("9♣")] + i * step for i in range(3)]
    # Undo puts every card back where it was
    key(app, pygame.K_u)
    assert g.melds == [] and rect_x(scene) == before
    # once the turn is over, the next hand is centred again
    scene.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    scene.c.act(Discard(c("J♠")))
    L = scene.laid_out()
    centred = [r.x for r in L.hand_rects(3)]
    assert sorted(rect_x(scene).values()) == centred != [before[c(x)] for x in ("2♠", "K♦", "5♥")]


def test_a_hand_that_grows_is_centred_again(app):
    g = build({0: "2♠ 9♣ 9♠ 9♦ K♦ 5♥"}, pile="Q♦ J♠")
    scene = play(app, g)
    click(app, scene.layout.stock.center)
    assert g.phase == "play" and len(scene.order) == 7
    assert sorted(rect_x(scene).values()) == [r.x for r in scene.laid_out().hand_rects(7)]


def test_a_click_on_a_card_still_sliding_picks_the_card_drawn_there(app):
    g = build({0: "2♠ 9♣ 9♠ 9♦ K♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.order = [c(x) for x in ("2♠", "9♣", "9♠", "9♦", "K♦", "5♥", "J♠")]
    old = rect_x(scene)
    scene.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    # just after the meld K♦ is still drawn near where it was, not yet where it goes
    app.pump(1)
    flying = {t.key: t.rect() for t in scene.anim.in_flight()}
    assert c("K♦") in flying and flying[c("K♦")].x > scene.places[c("K♦")].rect.x
    r = flying[c("K♦")]
    at = (r.x + 4, r.y + r.h // 2)
    assert scene._hand_card_at(at) == c("K♦")
    assert old[c("K♦")] > scene.places[c("K♦")].rect.x


def test_undo_after_a_sort_puts_the_cards_into_the_sort(app):
    g = build({0: "9♣ 2♦ 9♠ 5♥ 9♦ J♠ 4♣ 5♣ 6♣"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.order = [c(x) for x in ("J♠", "9♣", "2♦", "9♠", "5♥", "9♦", "4♣", "6♣", "5♣")]
    scene.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    key(app, pygame.K_s)
    assert scene.order == scene._sorted(scene.order)
    key(app, pygame.K_u)
    assert g.melds == [] and scene.order == scene._sorted(scene.order) and len(scene.order) == 9


def test_a_deeper_pile_card_in_basic_rummy_is_explained_in_a_line_that_fits():
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "3♦ 3♥ 9♣ 2♠"}, pile="3♠ 8♥ Q♣ 5♣", wild=None)
        g.rules = Rules.preset("basic")
        scene = play(a, g)
        text = scene.c.status(keys=True, focus="pile", pile_at=1)
        assert text.startswith("Only the top card") and text.endswith(": D draws, P takes the top card")
        L = scene.laid_out()
        assert scene.text.render(text, L.font_normal, bold=True).get_width() <= L.message.w
    finally:
        a.close_scenes()


def test_cards_that_read_as_one_long_run_or_as_two_melds_offer_both(app):
    """7♣ 8♣ 9♣ and three wild kings: one run of six (four ways), or a run and a set of
    kings, which is what the player most likely means; the menu offers that too, last."""
    g = build({0: "7♣ 8♣ 9♣ K♣ K♦ K♠ 2♥"}, pile="3♣", wild=13, phase="play")
    scene = play(app, g)
    scene.meld_selected([c(x) for x in ("7♣", "8♣", "9♣", "K♣", "K♦", "K♠")])
    assert scene.choice is not None and scene.choice.options[0].startswith("run 7♣–Q♣")
    assert scene.choice.options[-1] == "run 7♣–9♣ + set of kings"
    key(app, pygame.K_1 + len(scene.choice.options) - 1)
    assert sorted(len(m.cards) for m in g.melds) == [3, 3] and g.hands[0] == [c("2♥")]


def test_esc_opens_the_menu_without_switching_the_table_to_the_keys(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    assert not scene.keyboard
    for k in (pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_t):
        key(app, k)
        assert not scene.keyboard
    assert app.stack.top is not scene  # (T's sheet of the scores)
    app.stack.pop()
    key(app, pygame.K_RIGHT)
    assert scene.keyboard


def test_a_long_message_takes_two_lines_rather_than_small_letters():
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
        scene = play(a, g)
        long = ("The saved game could not be read (a folder, not a saved game): it goes on from "
                "its backup copy; it is kept as autosave.json.unreadable")
        scene.message(long, "error")
        a.draw()
        L = scene.laid_out()
        line = scene.text.render("Ag", L.font_normal, bold=True).get_height()
        img = scene._toast_image(scene.toasts[-1])
        assert img.get_height() == 2 * line and img.get_width() <= L.play.w - 40
        scene.message("You drew the 5♣")
        assert scene._toast_image(scene.toasts[-1]).get_height() == line
    finally:
        a.close_scenes()


def test_undo_after_continue_still_puts_the_cards_back_where_they_were(app, tmp_path):
    """Where melded cards were in the hand is saved with the game (only while they can
    come back, in the person's turn), so Undo after Continue puts them back there."""
    from game.ui.controller import autosave_path

    g = build({0: "9♣ 2♦ 9♠ 5♥ 9♦ J♠ 4♣ 5♣ 6♣"}, pile="Q♦", phase="play")
    scene = play(app, g, tmp_path)
    arranged = [c(x) for x in ("J♠", "9♣", "2♦", "9♠", "5♥", "9♦", "4♣", "6♣", "5♣")]
    scene.order = list(arranged)
    scene.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    assert len(g.melds) == 1
    scene.close()
    again = app.continue_game(tmp_path / "autosave.json")
    assert again.order == [c(x) for x in ("J♠", "2♦", "5♥", "4♣", "6♣", "5♣")]
    key(app, pygame.K_u)
    assert again.g.melds == [] and again.order == arranged
    # once the turn is over nothing can come back, and nothing more is saved
    again.meld_selected([c("9♣"), c("9♠"), c("9♦")])
    again.c.act(Discard(c("J♠")))
    assert again.undo_places() == {}
    seats = json.loads(autosave_path().with_name("autosave.json.seats").read_text())
    assert seats[0]["order"] and "left" not in seats[0]


def test_a_damaged_list_of_undo_places_is_dropped_whole():
    from game.ui.controller import _saved_left_from

    order = [c("J♠"), c("2♦")]
    good = [[int(c("9♣")), [int(c("J♠")), int(c("9♣")), int(c("2♦"))]]]
    assert _saved_left_from(good, order) == {c("9♣"): (c("J♠"), c("9♣"), c("2♦"))}
    for bad in (good + [[1]], good + [[int(c("9♠")), [2, 3]]], good + [[True, [1]]], "x",
                [[int(c("9♣")), [-1, int(c("9♣"))]]], [[5, [5]]] * 501):
        assert _saved_left_from(bad, order) == {}, bad
    assert _saved_left_from(good, []) == {}


def test_hint_shows_a_move(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    key(app, pygame.K_h)
    assert scene.toasts and scene.toasts[-1].text.startswith("Hint:")


def test_meld_with_nothing_selected_before_the_draw_says_to_draw_first(app):
    """Meld clicked before drawing, nothing selected, said "Select cards to meld first";
    nothing may be melded before the draw, and that is what is said."""
    g = build({0: "9♣ 9♠ 9♦ 2♦"}, pile="Q♦", phase="draw", current=0)
    scene = play(app, g)
    scene.meld_selected()
    assert scene.toasts[-1].text == "You can meld only after drawing, before you discard"
    # Enter (the keys' Meld) at the turn's start says what the turn starts with, by its keys
    # (a tester pressed it once a hinted draw's highlight had gone)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.toasts[-1].text == "Draw first: D draws from the stock, P takes from the pile"
    assert g.phase == "draw" and len(g.hands[0]) == 4
    key(app, pygame.K_d)
    scene.meld_selected([])
    assert scene.toasts[-1].text.startswith("Select cards to meld first")


def test_a_card_dragged_to_the_meld_area_goes_with_the_selection(app):
    """3♦ 4♦ selected, the unselected 5♦ dragged onto the meld area: it was refused alone
    ("5♦ is not a meld: a meld needs at least 3 cards"), where a player meant the three (a
    tester). A card alone makes no meld, so it is melded with the selection."""
    g = build({0: "3♦ 4♦ 5♦ 9♥ K♠"}, pile="J♣", phase="play", wild=None)
    scene = play(app, g)
    scene.selected = parse_cards("3♦ 4♦")
    drag(app, spot(scene, c("5♦")), scene.layout.own_melds.center)
    assert [set(m.cards) for m in g.melds] == [set(parse_cards("3♦ 4♦ 5♦"))]
    assert scene.selected == []


def test_the_meld_button_lights_only_for_cards_that_make_a_meld(app):
    """Meld was lit for 2♣ 5♣ 4♣, which is no meld; only the click said so (a tester). It
    lights for a meld, or for several at once, and a click on it greyed still says why."""
    g = build({0: "2♣ 4♣ 5♣ 3♣ 9♥ 9♠ 9♦ K♠ Q♦"}, pile="J♦", phase="play", wild=None)
    scene = play(app, g)

    def lit(cards: str) -> bool:
        scene.selected = parse_cards(cards)
        app.draw()
        return scene.buttons["meld"].enabled

    assert not lit("2♣ 5♣ 4♣") and not lit("9♥ 9♠ K♠")
    assert lit("2♣ 4♣ 3♣") and lit("2♣ 3♣ 4♣ 5♣ 9♥ 9♠ 9♦")  # (two melds at once)
    lit("2♣ 5♣ 4♣")
    click(app, scene.buttons["meld"].rect.center)
    assert g.melds == [] and scene.toasts[-1].kind == "error"
    assert scene.toasts[-1].text.startswith("2♣ 4♣ 5♣ is not a meld: 3♣ is missing")

    # a meld the rules of the turn forbid: the 3♣ taken from the pile must go with two natural
    # cards (George), so 3♣ 3♦ and a wild 6♦ is no meld to lay now (it was lit: a tester)
    g = build({0: "3♣ 3♦ 3♥ 6♦ K♠"}, pile="J♦", phase="play", wild=6, preset="george", players=3)
    g.must_use = c("3♣")
    scene = play(app, g)
    assert not lit("3♣ 3♦ 6♦") and lit("3♣ 3♦ 3♥")


def test_with_a_pile_card_to_use_the_status_line_says_what_enter_does_on_the_meld_in_focus(app):
    """With the card taken from deep in the pile still to use, the status line kept saying
    "…, then discard (X)" with a card selected and the focus on a meld (a tester): it says
    that Enter lays it off there, or why it may not go there."""
    g = build({0: "7♥ A♣ 2♦ 9♠"}, pile="Q♦", phase="play",
              melds=[(0, "J♠ Q♠ K♠"), (1, "8♥ 9♥ 10♥")])
    g.must_use = c("7♥")
    scene = play(app, g)
    run = next(m.id for m in g.melds if c("8♥") in m.cards)
    spades = next(m.id for m in g.melds if c("J♠") in m.cards)
    said = scene.c.status(keys=True, focus="melds", selected=1, x="selected", lay_off=(c("7♥"), run))
    assert said == "Meld or lay off the 7♥ you took, then discard (Enter lays the selected card off here; then X)"
    said = scene.c.status(keys=True, focus="melds", selected=1, x="selected", lay_off=(c("7♥"), spades))
    assert said == scene.c._why_not_lay_off(c("7♥"), spades) and "7♥" in said
    assert scene.c.status(keys=True, focus="hand", x="focus") == "Meld or lay off the 7♥ you took, then discard (X)"


def test_the_keyboards_focus_stays_on_its_card_when_others_leave_the_hand(app):
    """After a meld made with Enter the focus stayed at its place in the row, so it framed
    another card (a tester): it stays on its card, or where that card left, on the next."""
    g = build({0: "3♣ 3♠ 3♦ 2♦ 10♠ K♥"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    scene.keyboard = True
    scene.selected = [c("3♣"), c("3♠"), c("3♦")]
    scene.focus_zone = "hand"
    scene.focus_index = scene.order.index(c("10♠"))
    key(app, pygame.K_RETURN)
    assert not {c("3♣"), c("3♠"), c("3♦")} & set(g.hands[0])
    assert scene.order[scene.focus_index] == c("10♠")
    key(app, pygame.K_u)  # Undo: the threes come back, the focus stays
    assert c("3♣") in g.hands[0] and scene.order[scene.focus_index] == c("10♠")
    at = scene.order.index(c("3♠"))  # the focus on a card that is melded: on the next one left
    after = next(x for x in scene.order[at:] if x not in (c("3♣"), c("3♠"), c("3♦")))
    scene.focus_index = at
    scene.selected = [c("3♣"), c("3♠"), c("3♦")]
    key(app, pygame.K_RETURN)
    assert scene.order[scene.focus_index] == after


def test_a_discard_still_flying_to_the_pile_is_under_the_pointer_where_it_is_drawn(app):
    """A click on the pile's top card while its discard was still in the air landed on the
    felt (a tester): the card is there too, as well as where it is going."""
    g = build({0: "2♣ 5♦ 9♠ J♥ 4♣"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.discard(c("9♠"))
    app.pump(2)
    flying = {t.key: t.rect() for t in scene.anim.in_flight()}
    assert c("9♠") in flying  # (the case: on its way)
    now, rest = flying[c("9♠")], scene.places[c("9♠")].rect
    spot_ = next((x, y) for x in range(now.x, now.right) for y in range(now.y, now.bottom)
                 if not rest.collidepoint((x, y)) and scene._hand_card_at((x, y)) is None)
    assert scene._pile_card_at(spot_) == c("9♠")
    assert scene._pile_card_at(rest.center) == c("9♠")


def test_a_meld_hint_selects_its_cards_so_that_enter_lays_them_down(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    click(app, spot(scene, c("J♠")))  # a selection of the person's own, which the hint replaces
    assert scene.selected == [c("J♠")]
    app.pump(2)
    assert not scene.buttons["meld"].enabled  # (one card is no meld: Meld lights at three)
    key(app, pygame.K_h)
    nines = {c("9♣"), c("9♠"), c("9♦")}
    assert set(scene.selected) == nines and scene.hint_cards == nines
    assert any("selected" in t.text for t in scene.toasts if t.text.startswith("Hint: meld"))
    app.pump(2)
    assert scene.buttons["meld"].enabled
    key(app, pygame.K_RETURN)
    assert not nines & set(g.hands[0])
    assert any(set(m.cards) == nines for m in g.melds)
    assert scene.selected == []


def test_a_discard_hint_puts_down_a_selection(app):
    """A card raised with Space stayed up beside the purple card the hint said to throw."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: Discard(c("Q♠"))
    key(app, pygame.K_DOWN)  # the focus to the hand
    key(app, pygame.K_SPACE)
    assert len(scene.selected) == 1
    key(app, pygame.K_h)
    assert scene.selected == [] and scene.hint_cards == {c("Q♠")}
    assert scene.focus_zone == "hand" and scene.order[scene.focus_index] == c("Q♠")
    key(app, pygame.K_x)
    assert g.pile[-1] == c("Q♠")


@pytest.mark.parametrize("how", ["mouse", "keys"])
def test_a_lay_off_hint_selects_the_card_so_that_one_step_lays_it_off(app, how):
    """With the mouse (the Hint button), a click on the meld named lays the selected card
    off; with the keys (H), the meld is put in focus, so Enter does."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    run = g.melds[1]
    scene.c._hint_from = lambda view, what: LayOff(c("8♥"), run.id)
    if how == "mouse":
        click(app, scene.buttons["hint"].rect.center)
        assert scene.selected == [c("8♥")] and scene.hint_meld == run.id
        assert any(f"click #{run.id}" in t.text for t in scene.toasts)
        click(app, scene.meld_boxes[run.id].center)
    else:
        key(app, pygame.K_h)
        assert scene.selected == [c("8♥")] and scene.hint_meld == run.id
        assert (scene.focus_zone, scene.focus_index) == ("melds", 1)
        assert any(f"#{run.id} in focus: Enter lays it off" in t.text for t in scene.toasts)
        key(app, pygame.K_RETURN)
    assert run.cards[-1] == c("8♥") and c("8♥") not in g.hands[0]
    if how == "keys":  # the Hint button, clicked, keeps the mouse's wording
        scene.c._hint_from = lambda view, what: LayOff(c("5♣"), run.id)
        click(app, scene.buttons["hint"].rect.center)
        assert any(f"click #{run.id} to lay it off" in t.text for t in scene.toasts)


def test_a_lay_off_hint_of_a_wild_names_it_as_wild_and_where_it_stands(app):
    """"lay the Q♦ off on #8" of a wild Q♦ read as a plain card (a tester): it is named as
    wild, with what it would stand for at the run's end."""
    g = build({0: "Q♦ 2♦ 5♣ 9♠"}, pile="3♣", phase="play", melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")], wild=12)
    scene = play(app, g)
    run = g.melds[1]
    scene.c._hint_from = lambda view, what: LayOff(c("Q♦"), run.id, "high")
    key(app, pygame.K_h)
    assert any(t.text.startswith(f"Hint: lay the wild Q♦ off on #{run.id}, as the 8♥") for t in scene.toasts), \
        [t.text for t in scene.toasts]


def test_a_hinted_lay_off_comes_first_in_the_menu_that_asks_how(app):
    # H, Enter, Enter laid the 4♠ at the end of the set, the wild staying, where the hint
    # said to lay it on the wild and take the wild (a tester)
    g = build({0: "4♠ 2♦ 9♣ Q♠"}, pile="Q♦", phase="play", melds=[(1, "4♣ 4♦ K♠"), (0, "J♣ J♦ J♠")], wild=13)
    g.rules = g.rules.replace(wild_after_meld="swap")
    g.ctx = MeldContext(g.rules, g.wild_rank, g.decks, g.pack)
    scene = play(app, g)
    meld = g.melds[0]
    scene.c._hint_from = lambda view, what: Cover(c("4♠"), meld.id)
    key(app, pygame.K_h)
    assert scene.selected == [c("4♠")] and (scene.focus_zone, scene.focus_index) == ("melds", 0)
    key(app, pygame.K_RETURN)
    assert scene.choice is not None and scene.choice.focus == 0
    assert scene.choice.options[0] == f"on the wild in #{meld.id} (the wild comes to your hand; the hint)"
    assert not any("the hint" in o for o in scene.choice.options[1:])
    key(app, pygame.K_RETURN)
    assert c("K♠") in g.hands[0] and c("4♠") in meld.cards and c("K♠") not in meld.cards


def test_after_a_lay_off_with_the_keys_the_focus_goes_back_to_the_hand(app):
    """Enter on another player's meld lays the selected card off; the focus then goes back
    to the hand where the card was, so X discards at once (not three rows down)."""
    g = build({0: "2♦ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    run = g.melds[1]
    key(app, pygame.K_RIGHT)  # shows the focus
    scene.focus_zone, scene.focus_index = "hand", scene.order.index(c("8♥"))
    key(app, pygame.K_SPACE)
    assert scene.selected == [c("8♥")]
    after = scene.order[scene.order.index(c("8♥")) + 1]
    for _ in range(3):  # your melds, the pile, the others' melds
        key(app, pygame.K_UP)
    assert (scene.focus_zone, scene.focus_index) == ("melds", 1)
    key(app, pygame.K_RETURN)
    assert run.cards[-1] == c("8♥")
    assert scene.focus_zone == "hand" and scene.order[scene.focus_index] == after
    key(app, pygame.K_x)
    assert g.pile[-1] == after and g.current != 0


def test_a_refused_lay_off_with_the_keys_leaves_the_focus_on_the_meld(app):
    g = build({0: "2♦ 9♣ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    key(app, pygame.K_RIGHT)
    scene.focus_zone, scene.focus_index = "hand", scene.order.index(c("9♣"))
    key(app, pygame.K_SPACE)
    assert scene.selected == [c("9♣")]
    for _ in range(3):
        key(app, pygame.K_UP)
    assert (scene.focus_zone, scene.focus_index) == ("melds", 1)
    key(app, pygame.K_RETURN)
    assert c("9♣") in g.hands[0] and (scene.focus_zone, scene.focus_index) == ("melds", 1)
    assert any("does not fit" in t.text for t in scene.toasts)


def test_with_the_keys_a_hint_to_take_from_the_pile_puts_the_card_in_focus(app):
    g = build({0: "3♦ 3♥ 9♣ K♠"}, pile="3♠ 8♥ K♦")
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: TakePile(c("3♠"))
    key(app, pygame.K_h)
    assert (scene.focus_zone, scene.focus_index) == ("pile", 0)
    assert any("in focus: Enter takes it" in t.text for t in scene.toasts)
    key(app, pygame.K_RETURN)
    assert c("3♠") in g.hands[0] and c("K♦") in g.hands[0] and g.phase == "play"


def test_enter_after_a_stock_hint_draws_wherever_the_focus_was_left(app):
    """The focus left on the pile's top card, H said "draw from the stock (D)" and Enter took
    the pile; left on a meld, Enter asked for a card to lay off (a tester). The hint takes
    the focus off the pile, and Enter draws from a meld too; with no hint it says to draw."""
    g = build({0: "K♠ 5♥ 7♦"}, pile="7♥", melds=[(1, "3♣ 4♣ 5♣")])
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_UP)  # (the keys' focus, up from the hand: the pile's top card)
    scene.focus_zone, scene.focus_index = "pile", 0
    key(app, pygame.K_h)
    assert scene.hint_stock and scene.focus_zone == "hand"
    key(app, pygame.K_RETURN)
    assert g.phase == "play" and len(g.hands[0]) == 4 and g.pile == [c("7♥")]
    g = build({0: "K♠ 5♥ 7♦"}, pile="7♥", melds=[(1, "3♣ 4♣ 5♣")])
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_h)
    scene.focus_zone, scene.focus_index = "melds", 0
    key(app, pygame.K_RETURN)
    assert g.phase == "play" and len(g.hands[0]) == 4 and g.pile == [c("7♥")]
    g = build({0: "K♠ 5♥ 7♦"}, pile="7♥", melds=[(1, "3♣ 4♣ 5♣")])
    scene = play(app, g)
    key(app, pygame.K_UP)
    scene.focus_zone, scene.focus_index = "melds", 0
    key(app, pygame.K_RETURN)
    assert scene.toasts[-1].text == "Draw first: D draws from the stock, P takes from the pile"
    assert g.phase == "draw" and len(g.hands[0]) == 3


def test_enter_carries_out_a_stock_hint_after_its_marks_have_faded(app):
    """A newcomer read the stock hint for longer than its marks last, pressed Enter and was
    told to draw first, under the hint (a tester): Enter draws while the position is the
    hint's, and a hint takes away a refusal shown before it."""
    g = build({0: "K♠ 5♥ 7♦"}, pile="Q♦")
    scene = play(app, g)
    key(app, pygame.K_RETURN)
    assert scene.toasts[-1].text.startswith("Draw first")
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_h)
    assert not [t for t in scene.toasts if t.refusal]
    scene.update(7.0)  # (the hint's marks last 6 s)
    assert not scene.hint_stock
    key(app, pygame.K_RETURN)
    assert g.phase == "play" and len(g.hands[0]) == 4 and c("Q♦") in g.pile


def test_a_refused_x_leaves_the_selection_as_it_was(app):
    """X on a card that may not be thrown took it out of the selection, so Enter then melded
    the rest (a hinted meld lost a card: a tester); a refused move changes nothing."""
    g = build({0: "7♠ 8♠ 2♦ K♥"}, pile="9♠ 3♦", preset="rummy500")
    scene = play(app, g)
    scene.take_pile(c("9♠"))
    assert g.phase == "play"
    scene._set_selection([c("7♠"), c("8♠"), c("9♠")])
    key(app, pygame.K_DOWN)
    scene.focus_zone, scene.focus_index = "hand", scene.order.index(c("7♠"))
    key(app, pygame.K_x)
    assert scene.toasts[-1].text.startswith("You must meld or lay off the 9♠")
    assert scene.selected == [c("7♠"), c("8♠"), c("9♠")]
    key(app, pygame.K_RETURN)
    assert any(m.cards and c("9♠") in m.cards for m in g.melds)


def test_a_draw_hint_leaves_the_selection_alone(app):
    g = build({0: "K♠ 5♥ 7♦"}, pile="Q♦")
    scene = play(app, g)
    click(app, spot(scene, c("7♦")))
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_h)
    assert scene.selected == [c("7♦")] and scene.hint_stock


def test_enter_carries_out_a_draw_hint_as_it_does_every_other(app):
    """After H said "draw from the stock (D)", Enter did nothing, though it carries out a
    take, a meld and a lay-off hint (a tester's "H then Enter" stalled on every draw)."""
    g = build({0: "K♠ 5♥ 7♦"}, pile="Q♦")
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_h)
    assert scene.hint_stock and scene.focus_zone == "hand" and len(g.hands[0]) == 3
    key(app, pygame.K_RETURN)
    assert g.phase == "play" and len(g.hands[0]) == 4 and c("Q♦") in g.pile
    # with a card selected, Enter is the Meld key as ever (the hint left the selection alone)
    g = build({0: "K♠ 5♥ 7♦"}, pile="Q♦")
    scene = play(app, g)
    click(app, spot(scene, c("7♦")))
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN)
    assert g.phase == "draw" and len(g.hands[0]) == 3


def test_a_hint_goes_once_a_move_is_made(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    key(app, pygame.K_h)
    assert scene.hint_stock or scene.hint_cards
    assert any(t.text.startswith("Hint:") for t in scene.toasts)
    key(app, pygame.K_d)  # the move: a draw from the stock
    assert g.phase == "play"
    app.pump(1)
    assert not (scene.hint_stock or scene.hint_cards or scene.hint_meld is not None)
    assert not any(t.text.startswith("Hint:") for t in scene.toasts)
    # the next hint is about the new position, and stays while nothing moves
    key(app, pygame.K_h)
    app.pump(3)
    assert any(t.text.startswith("Hint:") for t in scene.toasts)


def test_a_meld_hint_that_plays_the_last_cards_says_the_person_floats(app):
    g = build({0: "2♠ 3♠ 4♠ 6♠ 9♣"}, pile="Q♦", wild=9, phase="play")
    scene = play(app, g)
    cards = tuple(parse_cards("2♠ 3♠ 4♠ 9♣ 6♠"))
    scene.c._hint_from = lambda view, what: MeldCards(cards)
    click(app, scene.buttons["hint"].rect.center)
    # (the cards as the run reads, the wild 9♣ where it stands for the 5♠)
    assert any(t.text == "Hint: meld 2♠ 3♠ 4♠ wild 9♣ 6♠: that plays your last cards, so you float: you draw "
               "on your turns, and go out by throwing a card that fits no meld (selected: Meld or Enter lays "
               "them down)"
               for t in scene.toasts), [t.text for t in scene.toasts]


def test_a_hint_to_take_a_wild_card_names_it_as_wild(app):
    g = build({0: "A♣ 3♣ 5♣ A♠ 5♠"}, pile="7♦ 9♣", wild=9)
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: TakePile(c("9♣"))
    click(app, scene.buttons["hint"].rect.center)
    assert any(t.text.startswith("Hint: take the wild 9♣") for t in scene.toasts), [t.text for t in scene.toasts]


def test_a_hint_asked_for_on_another_players_turn_says_so_and_goes_with_the_next_move(app):
    """H pressed just before the person's turn said "No hint available", and it stayed on
    show into their turn."""
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦", current=1)
    scene = play(app, g)
    assert not scene.c.human_to_act  # (Ann thinks a while before she plays)
    key(app, pygame.K_h)
    assert any(t.text == "No hint now: wait for your turn" for t in scene.toasts)
    assert app.run_until(lambda: scene.c.human_to_act, timeout=20)
    app.pump(2)
    assert not any(t.text.startswith("No hint") for t in scene.toasts)


def test_a_hint_to_cover_a_wild_says_so(app):
    g = build({0: "10♦ 4♠ 5♥"}, pile="Q♦", melds=[(0, "10♠ 10♥ K♣")], phase="play")  # kings wild
    scene = play(app, g)
    m = g.melds[0]
    scene.c._hint_from = lambda view, what: Cover(c("10♦"), m.id)
    click(app, scene.buttons["hint"].rect.center)
    assert any(t.text.startswith(f"Hint: lay the 10♦ on the wild it stands for in #{m.id}") for t in scene.toasts)


def test_hints_name_cards_as_people_see_them(app):
    g = build({0: "K♠ K♠#2 5♥"}, pile="Q♦", preset="george", wild=None, phase="play")
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: Discard(c("K♠#2"))  # the second deck's king
    key(app, pygame.K_h)
    # (the other K♠ stays: the king has a pair, the 5♥ nothing, but a king costs more)
    why = ": at 10 points it costs more if it is left in your hand than your 5♥, which is further from a meld"
    assert any(t.text == f"Hint: discard the K♠{why} (in focus: X or Enter discards it)" for t in scene.toasts)
    scene.toasts.clear()
    click(app, scene.buttons["hint"].rect.center)  # (the mouse's hint names no key)
    assert any(t.text == f"Hint: discard the K♠{why}" for t in scene.toasts)


def test_enter_carries_out_a_discards_hint(app):
    """Enter carries out a draw's, a take's, a meld's and a lay-off's hint; on a discard's
    it said "Select cards to meld first" (a keyboard player: a tester)."""
    g = build({0: "K♠ 9♦ 5♥"}, pile="Q♦", preset="george", wild=None, phase="play")
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: Discard(c("9♦"))
    key(app, pygame.K_h)
    assert scene._focused_hand_card() == c("9♦")
    key(app, pygame.K_RIGHT)  # the focus elsewhere: Enter is the Meld key, as before
    key(app, pygame.K_RETURN)
    assert g.pile[-1] == c("Q♦") and g.current == 0
    key(app, pygame.K_LEFT)
    assert scene._focused_hand_card() == c("9♦")
    key(app, pygame.K_RETURN)
    assert g.pile[-1] == c("9♦") and c("9♦") not in g.hands[0]


def test_with_the_focus_on_a_deep_pile_card_the_status_line_says_what_enter_takes(app):
    g = build({0: "3♦ 3♥ 9♣ 2♠"}, pile="3♠ 8♥ Q♣ 5♣", wild=None)
    scene = play(app, g)
    assert scene.c.status(keys=True, focus="pile", pile_at=0) == \
        "Your turn: Enter takes the pile from the 3♠ (4 cards), or draw from the stock (D)"
    why = scene.c.status(keys=True, focus="pile", pile_at=1)  # the 8♥ could not be used
    assert why.startswith("You may not take the 8♥") and why.endswith(": D draws, P takes the top card")
    # the top card in focus: Enter takes it, as P does (it said only "take from the discard
    # pile (P)": a tester)
    assert scene.c.status(keys=True, focus="pile", pile_at=3) == \
        "Your turn: Enter takes the 5♣, or draw from the stock (D)"
    key(app, pygame.K_RIGHT)
    scene.focus_zone, scene.focus_index = "pile", 3
    key(app, pygame.K_RETURN)
    assert g.phase == "play" and c("5♣") in g.hands[0]


def test_with_one_card_that_may_be_thrown_the_status_line_says_it_goes_out(app):
    """A floating player drew a card that goes nowhere, and the status line said the usual
    "Meld or lay off, then discard" (a tester): with one card that may be thrown, it says
    that throwing it goes out."""
    g = build({0: "4♦"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠")])
    scene = play(app, g)
    assert scene.c.status() == "Discard the 4♦ to go out (drag it to the pile)"
    assert scene.c.status(keys=True).startswith("Discard the 4♦ to go out (")
    g = build({0: "Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♥"), (1, "9♠ 10♠ J♠")], wild=None)
    scene = play(app, g)  # (a card that fits a meld may not be the last discard: lay it off)
    assert scene.c.status().startswith("Lay the Q♠ off on #2")
    # where a last card that fits may be laid off or thrown (basic rummy, Rummy 500), both
    # are named: the hint said "lay the A♣ off" beside "Discard the A♣ to go out" (a tester)
    g = build({0: "A♣"}, pile="Q♦", phase="play", melds=[(1, "2♣ 3♣ 4♣")], wild=None, preset="basic", players=3)
    scene = play(app, g)
    assert scene.c.status() == "Lay the A♣ off or discard it to go out (drag it onto the meld or the pile)"


def test_where_the_top_card_may_not_be_taken_the_status_line_does_not_offer_it(app):
    """With the top card bound to be used at once, a refused deep take's line said "P takes
    the top card", and P was refused too (a tester): the line offers only what may be done."""
    g = build({0: "3♦ 3♥ 9♣ 2♠"}, pile="3♠ 8♥ Q♣ 5♣", wild=None, preset="rummy500")
    g.rules = Rules.preset("rummy500", top_take_must_use=True)
    scene = play(app, g)
    assert not scene.c.is_legal(TakePile(c("5♣")))  # (nothing in hand melds with the 5♣)
    why = scene.c.status(keys=True, focus="pile", pile_at=1)
    assert why.startswith("You may not take the 8♥") and why.endswith(": D draws")
    # the take down to the 3♠ is open (the 3♦ 3♥ meld it): the line says so (it read as if
    # the stock were the only choice: a tester)
    assert scene.c.status(keys=True, focus="pile", pile_at=3) == \
        "Your turn: draw from the stock (D), or take the pile from a deeper card; the 5♣ alone may not be taken"
    assert scene.c.status() == \
        "Your turn: draw from the stock, or take the pile from a deeper card; the 5♣ alone may not be taken"
    g.hands[0] = parse_cards("4♦ 7♥ 9♣ 2♠")  # (no deeper take either: the stock alone)
    scene.c.version += 1
    assert scene.c.status(keys=True, focus="pile", pile_at=3) == \
        "Your turn: draw from the stock (D); the 5♣ may not be taken now (P says why)"
    assert scene.c.status() == "Your turn: draw from the stock; the 5♣ on the pile may not be taken now"
    key(app, pygame.K_p)
    assert scene.toasts and scene.toasts[-1].kind == "error" and "5♣" in scene.toasts[-1].text


def test_a_deep_pile_card_in_focus_shows_whole_and_a_click_there_takes_from_it(app):
    """The cards above a focused pile card covered most of it; drawn whole over them, it hid
    the card above it (a tester could not see which cards a take would bring). The pile now
    opens at the focus: the cards above it slide right, each still showing its corner."""
    g = build({0: "3♦ 3♥ 9♣ 2♠"}, pile="3♠ 8♥ Q♣ 5♣", wild=None)
    scene = play(app, g)
    closed = scene.layout.pile_rects(4)
    key(app, pygame.K_UP)  # the first key shows the focus (on the hand)
    key(app, pygame.K_UP)  # and up to the pile
    assert scene.focus_zone == "pile"
    key(app, pygame.K_HOME)
    assert scene.focus_index == 0 and scene.anim.in_flight()  # (the cards slide)
    scene.anim.finish()
    app.draw()
    rects = [scene.places[k].rect for k in g.pile]
    assert not rects[0].colliderect(rects[1])  # the 3♠ whole
    for a, b, was_a, was_b in zip(rects[1:], rects[2:], closed[1:], closed[2:]):
        assert b.x - a.x == was_b.x - was_a.x  # the others as before: each corner shows
    assert rects[-1].right <= scene.layout.pile_area.right
    r = rects[0]
    spot_ = (r.right - 6, r.bottom - 12)  # a point of the 3♠ the 8♥ covered
    assert closed[1].collidepoint(spot_)
    face = scene.art.face(c("3♠"), r.size, False)
    assert app.screen.get_at(spot_) == face.get_at((spot_[0] - r.x, spot_[1] - r.y))
    assert scene._pile_card_at(spot_) == c("3♠")
    key(app, pygame.K_END)  # the top card: nothing lies above it, the pile closes
    scene.anim.finish()
    assert [scene.places[k].rect for k in g.pile] == closed
    key(app, pygame.K_HOME)
    scene.anim.finish()
    click(app, spot_)  # the mouse takes what it sees: the pile from the 3♠
    assert c("3♠") in g.hands[0] and not g.pile


def test_with_the_keys_the_status_line_does_not_offer_a_lay_off_the_rules_refuse(app):
    """Enter on a meld with one card selected: offered when the engine would take it,
    otherwise the status line gives the engine's reason (here: no meld of one's own yet)."""
    g = build({0: "A♥ 9♣ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(1, "A♦ A♠ A♣")])
    scene = play(app, g)
    aces = g.melds[0].id
    assert scene.c.status(keys=True, focus="melds", selected=1, x="selected", lay_off=(c("A♥"), aces)) == \
        "You need a meld of your own on the table before you lay off (X discards the selected card)"
    app.close_scenes()
    g = build({0: "A♥ 9♣ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(1, "A♦ A♠ A♣"), (0, "J♣ J♦ J♠")])
    scene = play(app, g)  # with a meld of the person's own: now it fits
    aces = g.melds[0].id
    assert scene.c.status(keys=True, focus="melds", selected=1, x="selected", lay_off=(c("A♥"), aces)) == \
        "Meld or lay off, then discard (Enter lays the selected card off here, X discards it)"


def test_with_the_keys_the_focus_follows_a_card_sorted_or_drawn(app):
    g = build({0: "9♣ 2♦ K♠ 5♥"}, pile="Q♦")
    scene = play(app, g)
    scene.keyboard = True
    scene.sort_hand("suit")
    scene.focus_zone, scene.focus_index = "hand", scene.order.index(c("K♠"))
    key(app, pygame.K_s)  # by rank now: the K♠ moves, the focus with it
    assert scene.order[scene.focus_index] == c("K♠")
    top = g.stock[-1]
    key(app, pygame.K_d)
    assert g.phase == "play" and scene.order[scene.focus_index] == top  # on the card drawn


# --------------------------------------------------------------------------- keyboard alone


def test_keyboard_draw_select_meld_and_discard(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    key(app, pygame.K_d)
    assert g.phase == "play"
    scene.sort_hand("rank")
    app.pump(2)
    # focus starts on the first card; walk right and select the three nines
    scene.focus_zone, scene.focus_index = "hand", 0
    for _ in range(len(scene.order)):
        card = scene.order[scene.focus_index]
        if card & 15 == 9 and card in g.hands[0]:
            key(app, pygame.K_SPACE)
        key(app, pygame.K_RIGHT)
    assert sorted(scene.selected) == sorted(x for x in g.hands[0] if x & 15 == 9)
    key(app, pygame.K_RETURN)
    assert len(g.melds) == 1
    scene.focus_index = scene.order.index(c("J♠"))
    key(app, pygame.K_x)
    assert g.pile[-1] == c("J♠") and g.current == 1


def test_keyboard_take_the_pile_top_and_lay_off_on_a_focused_meld(app):
    g = build({0: "J♥ 2♦ 5♣ Q♠"}, pile="3♣ 8♥", melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    key(app, pygame.K_p)
    assert c("8♥") in g.hands[0] and g.took_top == c("8♥")
    scene.focus_zone, scene.focus_index = "hand", scene.order.index(c("8♥"))
    key(app, pygame.K_SPACE)
    key(app, pygame.K_UP)
    assert scene.focus_zone == "melds"
    scene.focus_index = [m.id for m in g.melds].index(2)
    key(app, pygame.K_RETURN)
    assert g.melds[1].cards[-1] == c("8♥")


def test_keyboard_asks_which_end_of_a_run_a_wild_goes_to(app):
    g = build({0: "K♦ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", wild=13,
              melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    scene.focus_zone, scene.focus_index = "hand", scene.order.index(c("K♦"))
    key(app, pygame.K_SPACE)
    key(app, pygame.K_UP)
    scene.focus_index = [m.id for m in g.melds].index(2)
    key(app, pygame.K_RETURN)
    assert scene.choice is not None and len(scene.choice.options) == 2
    assert sorted(scene.choice.options) == ["at the high end of #2 (5–7♥), as the 8♥",
                                            "at the low end of #2 (5–7♥), as the 4♥"]
    low = next(i for i, o in enumerate(scene.choice.options) if "low" in o)
    key(app, pygame.K_1 + low)
    assert g.melds[1].cards[0] == c("K♦") and g.melds[1].lo == 4


def test_the_arrow_keys_move_over_the_table_as_it_lies_on_the_screen(app):
    g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣ 8♥ K♦",
              melds=[(1, "5♥ 6♥ 7♥"), (0, "J♣ J♦ J♠"), (2, "4♠ 4♦ 4♣"), (1, "8♠ 9♠ 10♠")])
    scene = play(app, g)
    scene.focus_zone, scene.focus_index = "hand", 2

    def at():
        return scene.focus_zone, scene.focus_index

    # the first arrow only shows the focus (its frame was hidden), where it is
    key(app, pygame.K_RIGHT)
    assert scene.keyboard and at() == ("hand", 2)
    key(app, pygame.K_HOME)
    # up from the hand: the person's own meld first (just above the hand), then the
    # pile's top card, then the others' melds
    key(app, pygame.K_UP)
    assert at() == ("melds", 1)
    key(app, pygame.K_UP)
    assert at() == ("pile", 2)
    key(app, pygame.K_UP)
    assert scene.focus_zone == "melds" and scene.focus_index in (0, 2, 3)
    key(app, pygame.K_UP)  # (the top row: nothing further up)
    assert scene.focus_zone == "melds" and scene.focus_index in (0, 2, 3)
    # along the others' melds seat by seat round the table, as they sit, with no wrapping;
    # down again to the hand, whose ends stop the focus and Home and End go to
    for k, want in [(pygame.K_HOME, ("melds", 0)), (pygame.K_RIGHT, ("melds", 3)),
                    (pygame.K_RIGHT, ("melds", 2)), (pygame.K_RIGHT, ("melds", 2)),
                    (pygame.K_DOWN, ("pile", 2)), (pygame.K_HOME, ("pile", 0)),
                    (pygame.K_DOWN, ("melds", 1)), (pygame.K_DOWN, ("hand", None)),
                    (pygame.K_HOME, ("hand", 0)), (pygame.K_LEFT, ("hand", 0)),
                    (pygame.K_END, ("hand", 3)), (pygame.K_RIGHT, ("hand", 3))]:
        key(app, k)
        assert at()[0] == want[0] and want[1] in (None, at()[1]), (k, at(), want)


def test_the_status_line_says_what_x_and_enter_do_where_the_focus_is(app, monkeypatch):
    """Away from the hand, X discards the one selected card or nothing; the status line
    says which, and over a meld with cards selected it names Enter's lay-off."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(1, "5♥ 6♥ 7♥"), (0, "J♣ J♦ J♠")])
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)

    def status():
        del drawn[:]
        app.draw()
        return [t for t in drawn if t.startswith("Meld or lay off")]

    key(app, pygame.K_RIGHT)
    assert status() == ["Meld or lay off, then discard (X discards the card in focus)"]
    scene.selected = [c("8♥"), c("2♦"), c("5♣")]  # (a meld's cards selected: Enter's meld first)
    assert status() == ["Meld or lay off, then discard (Enter melds the selected cards; X discards the card in focus)"]
    scene.selected = []
    scene.focus_zone, scene.focus_index = "melds", 0
    assert status() == ["Meld or lay off, then discard (\u2193 to your hand, then X discards)"]
    key(app, pygame.K_x)  # as it says: nothing is discarded
    assert g.phase == "play" and len(g.hands[0]) == 4
    scene.selected = [c("8♥"), c("Q♠")]
    assert status() == ["Meld or lay off, then discard (Enter lays the selected cards off here)"]
    scene.selected = [c("8♥")]
    assert status() == ["Meld or lay off, then discard (Enter lays the selected card off here, X discards it)"]
    scene.selected = [c("Q♠")]  # (one that does not fit: the engine's reason instead, see below)
    scene.focus_zone, scene.focus_index = "pile", 0
    assert status() == ["Meld or lay off, then discard (X discards the selected card)"]
    key(app, pygame.K_x)  # as it says
    assert g.pile[-1] == c("Q♠")


def test_an_empty_stock_the_pile_does_not_refill_says_why(app):
    """With reshuffle, the pile becomes the stock again only after a card was played
    since the last time; the status line says so when it has not been."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="J♠ 7♦ 4♠", preset="rummy500", wild=None)
    g.set_aside, g.stock = list(g.stock), []
    scene = play(app, g)
    assert scene.c.status() == "The stock is empty: take from the pile or end the round"
    g.rules = Rules.preset("rummy500", empty_stock="reshuffle")
    g.reshuffles, g.table_at_reshuffle = 1, 0
    assert scene.c.status() == ("The stock is empty (no card played since the last reshuffle): "
                                "take from the pile or end the round")
    app.draw()
    assert scene.buttons["end"].visible and scene.buttons["end"].enabled
    assert scene.buttons["end"].hint == "E"  # its key, as the other buttons show theirs
    scene._show_hint(EndRound())  # (it read "Hint: end")
    assert scene.toasts[-1].text == "Hint: end the round: the stock is empty (E, or End round)"
    click(app, scene.buttons["end"].rect.center)
    assert g.results and g.results[-1].reason == "stock_empty"


def test_keyboard_a_take_a_hint_and_x_away_from_the_hand_move_or_explain_the_focus(app):
    g = build({0: "J♥ 2♦ 5♣ Q♠ 3♦ 3♥"}, pile="3♠ 8♥ K♦", melds=[(1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    key(app, pygame.K_UP)  # (shows the focus)
    key(app, pygame.K_UP)
    assert scene.focus_zone == "pile"
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN)  # take the pile from the 3♠
    assert c("3♠") in g.hands[0] and g.must_use == c("3♠")
    # the focus is on the card taken, and the status line names the key to discard
    assert scene.focus_zone == "hand" and scene.order[scene.focus_index] == c("3♠")
    assert scene.c.status(keys=True).endswith(", then discard (X)")
    scene.c.act(MeldCards((c("3♠"), c("3♦"), c("3♥"))))
    app.pump(2)
    # X with the focus on a meld: says how, changes nothing
    scene.focus_zone, scene.focus_index = "melds", 0
    key(app, pygame.K_x)
    assert g.phase == "play" and "move the focus to a card in your hand" in toast_texts(scene)[-1]
    # a hint puts the focus on the card it names
    scene.c._hint_from = lambda view, what: Discard(c("Q♠"))
    key(app, pygame.K_h)
    assert scene.focus_zone == "hand" and scene.order[scene.focus_index] == c("Q♠")
    key(app, pygame.K_x)
    assert g.pile[-1] == c("Q♠")


def test_with_a_hinted_stock_draw_the_status_line_names_enter_too(app):
    """Enter carries out a hint to draw from the stock, as D does; the status line named only
    D (a tester)."""
    g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣")
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: DrawStock()
    key(app, pygame.K_h)
    assert scene.hinted() == DrawStock()
    assert " ".join(scene._status()[0]) == "Your turn: draw from the stock (D or Enter) or take from the discard pile (P)"
    key(app, pygame.K_RETURN)
    assert g.phase == "play" and len(g.hands[0]) == 5


def test_the_status_line_does_not_offer_x_for_the_top_card_just_taken(app):
    """Basic rummy: with the Q♦ just taken from the top of the pile in focus (it may not go
    back this turn), the status line said "X discards the card in focus", and X was refused
    (a tester). It says the card may not go back; on another card, X discards it."""
    g = build({0: "Q♥ Q♠ 5♦ 9♣"}, pile="3♣ Q♦", preset="basic", wild=None)
    scene = play(app, g)
    scene.c.act(TakePile(c("Q♦")))
    assert g.took_top == c("Q♦") and g.rules.top_take_no_return
    scene.keyboard, scene.focus_zone = True, "hand"
    scene.focus_index = scene.order.index(c("Q♦"))
    scene.selected = [c("Q♦"), c("Q♥"), c("Q♠")]
    said = " ".join(scene._status()[0])
    assert "X discards" not in said and "the card in focus may not go back to the pile this turn" in said
    scene.focus_index = scene.order.index(c("9♣"))
    assert "X discards the card in focus" in " ".join(scene._status()[0])


def test_the_status_line_names_the_keys_to_a_keyboard_player(app, monkeypatch):
    g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣")
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert "Your turn: draw from the stock or take from the discard pile" in drawn
    key(app, pygame.K_RIGHT)
    del drawn[:]
    app.draw()
    assert "Your turn: draw from the stock (D) or take from the discard pile (P)" in drawn
    key(app, pygame.K_d)
    del drawn[:]
    app.draw()
    assert "Meld or lay off, then discard (X discards the card in focus)" in drawn
    # a click puts the mouse's wording (and no focus frame) back
    click(app, (2, 2))
    del drawn[:]
    app.draw()
    assert "Meld or lay off, then discard (drag a card to the pile)" in drawn
    assert not scene.keyboard


@pytest.mark.parametrize("preset", ["rummy500", "basic", "rummy5000"])
def test_the_status_line_says_playing_every_card_goes_out_where_it_does(app, preset):
    """Where melding every card goes out with no discard (Rummy 500, basic rummy), "Meld or
    lay off, then discard" read as if a discard were always needed: it says both ways. In
    Rummy 5000 a player who plays every card floats, so it stays as it was."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", preset=preset, wild=None)
    scene = play(app, g)
    app.draw()
    status = " ".join(scene._status()[0])
    if preset == "rummy5000":
        assert status == "Meld or lay off, then discard (drag a card to the pile)"
    else:
        # (the mouse's way to discard follows the discard: after going out it read as the
        # way to go out, a tester)
        assert status == "Meld or lay off, then discard (drag a card to the pile), or play every card to go out"
    key(app, pygame.K_RIGHT)
    status = " ".join(scene._status()[0])
    assert status.startswith("Meld or lay off, then discard (X discards the card in focus)")
    assert status.endswith(", or play every card to go out") == (preset != "rummy5000")


def test_on_a_draw_with_the_pile_empty_the_status_offers_the_stock_only(app):
    # (a "Rummy!" call can take the pile down to nothing before the next draw)
    g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="")
    scene = play(app, g)
    assert scene.c.status() == "Your turn: draw from the stock"
    assert scene.c.status(keys=True) == "Your turn: draw from the stock (D)"
    key(app, pygame.K_d)
    assert g.phase == "play" and len(g.hands[0]) == 5


# --------------------------------------------------------------------------- Rummy!


def rummy_position():
    """Seat 1 has just discarded the 8♥; seat 2 is to draw; the person holds a meld."""
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ 8♥",
              melds=[(0, "J♣ J♦ J♠"), (2, "5♥ 6♥ 7♥")], current=2)
    g.call_open = True
    g.discarder = 1
    return g


def test_rummy_window_waits_for_the_person_and_the_call_lays_off(app):
    g = rummy_position()
    scene = play(app, g)
    assert scene.c.human_may_call()
    app.pump(5)
    assert g.current == 2 and g.phase == "draw", "the next player waits for the person"
    assert " before " in scene.c.status() and scene.c.status().endswith(" draws")
    window, deadline = scene.c.window, scene.c.window.deadline
    window.deadline = scene.c.now  # (the time is up; the draw comes with the next frames)
    assert scene.c.status().endswith("draws now") and "0.0s" not in scene.c.status()
    window.deadline = deadline
    app.draw()
    assert scene.buttons["rummy"].enabled and scene.buttons["rummy"].alert
    click(app, scene.buttons["rummy"].rect.center)
    run = g.meld_by_id(2)
    assert run.cards[-1] == c("8♥") and run.by[-1] == 0
    assert g.phase == "call" and g.current == 0
    # the status line asks for the discard; the message says what the call did, once
    assert scene.c.status() == "Rummy! Now discard a card"
    assert toast_texts(scene) == ["You called Rummy! on the 8♥"]
    drag(app, spot(scene, c("Q♠")), scene.places[c("Q♦")].rect.center)
    assert g.pile[-1] == c("Q♠")
    assert g.current == 2, "play resumes with the player who was to draw"


def test_on_the_persons_own_draw_the_status_says_what_the_red_rummy_button_is_for(app):
    g = rummy_position()
    g.current = g.turn_seat = 0  # the person is the next to draw
    scene = play(app, g)
    assert scene.c.human_may_call() and scene.c.human_to_act
    assert scene.c.settings.rummy_help  # (calls pointed out: the window opened as the card fits)
    assert scene.c.status() == "Your turn: draw, or call Rummy! on the 8♥"
    scene.c.settings.rummy_help = False  # (every discard opens the window: the person judges)
    assert scene.c.status() == "Your turn: draw, or call Rummy! if the 8♥ fits a meld"
    key(app, pygame.K_d)
    assert g.phase == "play" and not scene.c.human_may_call()
    assert scene.c.status().startswith("Meld or lay off")


def test_the_status_of_a_call_on_the_pile_does_not_name_the_top_card(app):
    # "call Rummy! (R) on the 3♣": the call was on the pile, down to the 8♥ (a tester)
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ 8♥ 3♣",
              melds=[(0, "J♣ J♦ J♠"), (2, "5♥ 6♥ 7♥")], current=0)
    g.rules = Rules.preset("rummy5000", rummy_calls="pile")
    g.ctx = MeldContext(g.rules, g.wild_rank, g.decks, g.pack)
    g.call_open = True
    g.discarder = 2
    scene = play(app, g)
    assert scene.c.human_may_call() and scene.c.human_to_act
    assert scene.c.status() == "Your turn: draw, or call Rummy! on the pile"
    scene.c.settings.rummy_help = False
    assert scene.c.status() == "Your turn: draw, or call Rummy! if a card in the pile fits a meld"


def test_pointing_out_calls_turned_on_mid_window_closes_a_window_with_nothing_to_call(app):
    """With "Point out Rummy! chances" off a discard opened the person's window; turned on
    from the menu while it was open, the Rummy! button stayed lit, counting down, for a card
    that fit no meld (a tester). The window is checked again and closes."""
    app.settings.rummy_help = False
    app.settings.rummy_window = 30.0
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ A♠",
              melds=[(0, "J♣ J♦ J♠"), (2, "5♥ 6♥ 7♥")], current=2, wild=None)
    g.call_open, g.discarder = True, 1
    scene = play(app, g)
    assert scene.c.human_may_call() and not g.call_actions(0)  # (the A♠ fits no meld)
    app.settings.rummy_help = True
    app.pump(3)
    assert not scene.c.human_may_call()
    assert app.run_until(lambda: g.current != 2 or g.phase != "draw", timeout=5)


def test_it_is_someones_turn_goes_when_that_turn_is_over(app):
    """"It is Alice's turn", said to a key pressed out of turn, stayed up beside "Ben is
    playing…" once Alice had played (a tester): it goes when her turn does."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣", 2: "4♥ 6♠ 9♦ J♣ 2♥"}, pile="Q♦", current=1,
              phase="draw", players=3)
    scene = play(app, g)
    key(app, pygame.K_d)
    assert scene.toasts[-1].text == "It is Ann's turn"
    scene.c._apply(DrawStock(), 1)
    assert any(t.text == "It is Ann's turn" for t in scene.toasts)  # (her turn goes on)
    scene.c._apply(Discard(g.hands[1][0]), 1)
    assert not any(t.text == "It is Ann's turn" for t in scene.toasts)


def test_a_call_too_late_names_the_player_who_called_first(app):
    """R pressed after another player's call said "There is no discard to call Rummy! on
    now" (a tester): it says who was quicker."""
    g = rummy_position()
    scene = play(app, g)
    call = next(a for a in g.call_actions(2) if isinstance(a, CallRummy))
    scene.c._apply(call, 2)
    assert not g.call_open
    key(app, pygame.K_r)
    assert scene.toasts[-1].text == "Bo called Rummy! first"


def test_rummy_window_closes_after_its_time(app):
    app.settings.rummy_window = 0.5
    g = rummy_position()
    scene = play(app, g)
    assert scene.c.human_may_call()
    ok = app.run_until(lambda: g.current != 2 or g.phase != "draw", timeout=5)
    assert ok and not g.call_open


def test_the_which_meld_menu_of_a_call_stops_the_countdown(app):
    """R opens a menu when the discard fits two melds: choosing is part of the call, so
    the countdown and the next player wait for it (the call was lost to the clock)."""
    app.settings.rummy_window = 0.5
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ 8♥", current=2,
              melds=[(0, "8♣ 8♦ 8♠"), (0, "5♥ 6♥ 7♥")])
    g.call_open, g.discarder = True, 1
    scene = play(app, g)
    key(app, pygame.K_r)
    assert scene.choice is not None and scene.choice.title.startswith("Rummy! Lay the 8♥")
    app.run_until(lambda: False, timeout=1.5)
    assert g.call_open and g.current == 2 and g.phase == "draw" and g.pile[-1] == c("8♥")
    key(app, pygame.K_2)
    assert scene.choice is None and g.phase == "call" and g.current == 0
    assert c("8♥") in g.meld_by_id(g.melds[1].id).cards


def test_the_call_menu_for_a_wild_says_what_it_stands_for_at_each_end(app):
    g = wild_call_position()
    scene = play(app, g)
    key(app, pygame.K_r)
    assert scene.choice is not None
    assert sorted(scene.choice.options) == ["#1 5–7♥ (high end, as the 8♥)", "#1 5–7♥ (low end, as the 4♥)"]


def wild_call_position():
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ K♣", current=2, wild=13,
              melds=[(0, "5♥ 6♥ 7♥")])
    g.call_open, g.discarder = True, 1
    return g


def test_enter_on_a_run_with_a_wild_discard_asks_which_end_the_call_takes(app):
    g = wild_call_position()
    scene = play(app, g)
    scene.keyboard = True
    scene.focus_zone, scene.focus_index = "melds", 0
    key(app, pygame.K_RETURN)
    assert scene.choice is not None and scene.paused
    assert sorted(scene.choice.options) == ["at the high end of #1, as the 8♥", "at the low end of #1, as the 4♥"]
    key(app, pygame.K_1 + next(i for i, o in enumerate(scene.choice.options) if "low" in o))
    assert g.phase == "call" and g.melds[0].lo == 4 and g.melds[0].cards[0] == c("K♣")


def test_a_hinted_call_for_a_wild_names_its_end_and_comes_first_in_the_menus(app):
    g = wild_call_position()
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: CallRummy(0, meld=1, end="low")
    click(app, scene.buttons["hint"].rect.center)
    assert any(t.text.endswith("as the 4♥ (drag the K♣ onto the low end of #1, or press Rummy!)")
               for t in scene.toasts)
    key(app, pygame.K_r)  # the Rummy! button's menu: the hint's end first, said to be the hint's
    assert scene.choice is not None
    assert scene.choice.options[0] == "#1 5–7♥ (low end, as the 4♥; the hint)"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)  # with the keys: Enter on the meld asks the end, the hint's first
    assert (scene.focus_zone, scene.focus_index) == ("melds", 0)
    key(app, pygame.K_RETURN)
    assert scene.choice is not None
    assert scene.choice.options == ["at the low end of #1, as the 4♥ (the hint)", "at the high end of #1, as the 8♥"]
    key(app, pygame.K_1)
    assert g.phase == "call" and g.melds[0].lo == 4


@pytest.mark.parametrize("side,lo", [("left", 4), ("right", 5)])
def test_a_wild_discard_dragged_onto_a_run_goes_to_the_end_it_is_dropped_at(app, side, lo):
    g = wild_call_position()
    scene = play(app, g)
    box = scene.meld_boxes[1]
    x = box.x + 3 if side == "left" else box.right - 3
    drag(app, spot(scene, c("K♣")), (x, box.centery))
    assert g.phase == "call" and c("K♣") in g.melds[0].cards and g.melds[0].lo == lo


def test_a_call_hint_names_the_meld_and_with_the_keys_puts_it_in_focus(app):
    g = rummy_position()
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: CallRummy(0, meld=2)
    click(app, scene.buttons["hint"].rect.center)
    assert any(t.text == "Hint: call Rummy! and lay the 8♥ off on #2 (drag the 8♥ onto #2, or press Rummy!)"
               for t in scene.toasts)
    key(app, pygame.K_h)
    assert (scene.focus_zone, scene.focus_index) == ("melds", [m.id for m in g.melds].index(2))
    assert any(t.text.endswith("(#2 in focus: Enter calls)") for t in scene.toasts)
    key(app, pygame.K_RETURN)
    assert g.phase == "call" and g.meld_by_id(2).cards[-1] == c("8♥")


def test_with_the_keys_enter_on_the_top_pile_card_calls_and_the_focus_then_goes_to_the_hand(app):
    g = rummy_position()
    scene = play(app, g)
    scene.keyboard = True
    scene.focus_zone, scene.focus_index = "pile", len(g.pile) - 1
    key(app, pygame.K_RETURN)  # as a click on the top card: a call
    assert g.phase == "call" and g.meld_by_id(2).cards[-1] == c("8♥")
    g2 = rummy_position()
    scene = play(app, g2)
    scene.keyboard = True
    scene.focus_zone, scene.focus_index = "melds", [m.id for m in g2.melds].index(2)
    key(app, pygame.K_RETURN)  # Enter on the meld calls; the discard comes next, from the hand
    assert g2.phase == "call" and scene.focus_zone == "hand"


def test_on_the_persons_own_draw_enter_on_a_meld_calls_and_the_status_says_what_enter_does(app):
    """In a call window at the start of the person's own turn Enter on a meld said "Draw
    first" (a click there calls), and with the focus on the pile the status line said only
    "draw, or call Rummy! (R)" while Enter took the card (a tester): Enter on a meld calls,
    and the status line names what Enter does where the focus is."""
    g = rummy_position()
    g.current = g.turn_seat = 0  # the person is the next to draw
    scene = play(app, g)
    scene.keyboard = True
    assert scene.c.human_may_call() and scene.c.human_to_act
    scene.focus_zone, scene.focus_index = "pile", len(g.pile) - 1
    assert scene.c.status(keys=True, focus="pile", pile_at=len(g.pile) - 1) == \
        "Your turn: Enter takes the 8♥, R calls Rummy!, D draws"
    assert scene.c.status(keys=True, focus="pile", pile_at=0) == \
        "You may not take the Q♦: you would have no way to meld it or lay it off this turn: R calls Rummy!, D draws"
    assert scene.c.status(keys=True, focus="melds") == \
        "Your turn: draw (D), or call Rummy! on the 8♥ (R; Enter calls on the meld in focus)"
    scene.focus_zone, scene.focus_index = "melds", [m.id for m in g.melds].index(2)
    key(app, pygame.K_RETURN)
    assert g.phase == "call" and g.meld_by_id(2).cards[-1] == c("8♥") and g.current == 0
    assert scene.focus_zone == "hand"  # (the discard comes next)


def test_a_small_menu_about_a_position_another_player_changed_closes(app):
    """A question that does not stop the game (a call's menus do) goes when another
    player's move changes the position it was about: its answer would act on another one."""
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦ 9♣", 2: "5♦ 6♣ 9♠"}, pile="Q♦", current=1)
    scene = play(app, g)
    picked = []
    scene._ask("Which?", ["one", "two"], picked.append)
    assert scene.choice is not None
    assert app.run_until(lambda: g.current != 1, timeout=10)
    assert scene.choice is None and picked == []


def test_a_last_card_that_must_be_laid_off_is_what_the_status_line_asks_for(app):
    """After a call that leaves one playable card, the rules refuse its discard (it must
    be laid off, and the player floats): the status line says so, not "discard"."""
    g = build({0: "9♥", 1: "8♥ 4♥", 2: "2♦ 5♠ 9♣ J♣ 4♦ 10♦", 3: "6♣ 7♦ 3♣ 4♠ 2♠"}, pile="3♠",
              melds=[(0, "5♥ 6♥ 7♥"), (0, "8♠ 8♣ 8♦")], current=1, phase="play")
    scene = play(app, g)
    g.apply(Discard(c("8♥")))  # seat 1's discard opens the call
    scene.c.act(CallRummy(0, meld=g.melds[0].id, end="high"))
    assert g.phase == "call" and g.hands[0] == [c("9♥")]
    run = g.melds[0].id
    assert scene.c.status() == f"Lay the 9♥ off on #{run}: you then float (drag it onto the meld)"
    assert scene.c.status(keys=True).endswith("(select it, then Enter on the meld)")
    # selected, the meld in focus: Enter is what is left to press (it still said "select it")
    assert scene.c.status(keys=True, focus="melds", selected=1, lay_off=(c("9♥"), run)).endswith(
        "(Enter lays it off here)")
    g.floating[0] = True  # (already floating: a card drawn that fits is laid off, and it floats on)
    assert scene.c.status() == f"Lay the 9♥ off on #{run}: you float on (drag it onto the meld)"
    g.floating[0] = False
    g.hands[0] = [c("Q♠")]  # an unplayable last card is the discard, as usual
    assert scene.c.status() == "Rummy! Now discard a card"


def test_up_from_a_last_card_that_must_be_laid_off_goes_to_the_meld_named(app):
    g = build({0: "9♥", 1: "8♥ 4♥", 2: "2♦ 5♠ 9♣ J♣ 4♦ 10♦", 3: "6♣ 7♦ 3♣ 4♠ 2♠"}, pile="3♠",
              melds=[(0, "5♥ 6♥ 7♥"), (0, "8♠ 8♣ 8♦"), (0, "J♦ Q♦ K♦"), (0, "2♣ 2♥ 2♠")],
              current=1, phase="play")
    scene = play(app, g)
    g.apply(Discard(c("8♥")))
    run = g.melds[0].id
    scene.c.act(CallRummy(0, meld=run, end="high"))
    assert scene.c.last_card_must_go_on(0) == (c("9♥"), run)
    scene.keyboard = True
    scene.focus_zone, scene.focus_index = "hand", 0
    key(app, pygame.K_UP)
    assert (scene.focus_zone, scene.focus_index) == ("melds", 0)


def test_drag_the_discard_onto_a_meld_calls_rummy(app):
    g = rummy_position()
    scene = play(app, g)
    drag(app, spot(scene, c("8♥")), scene.meld_boxes[2].center)
    assert g.meld_by_id(2).cards[-1] == c("8♥") and g.phase == "call"


@pytest.mark.parametrize("when", ["pressed", "dragged"])
def test_a_pile_card_a_computer_calls_away_under_the_pointer_is_let_go(app, when):
    """The person holds the mouse down on the 8♥ (to take it), and before they let go a
    computer seat calls "Rummy!" on it: the press or the drag is forgotten, the card
    goes to the meld, and nothing else moves."""
    g = rummy_position()
    g.current = g.turn_seat = 0  # the person is to draw; seat 2 may call the 8♥ onto its run
    scene = play(app, g)
    start = spot(scene, c("8♥"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    if when == "dragged":
        post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 30), rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
        assert scene.drag is not None and scene.drag.cards == [c("8♥")]
    else:
        assert scene.press is not None and scene.press.card == c("8♥")
    calls = [a for a in g.call_actions(2) if isinstance(a, CallRummy) and a.meld == 2]
    assert calls
    scene.c._apply(calls[0], 2)  # (as the computer's turn would)
    assert scene.press is None and scene.drag is None
    assert g.meld_by_id(2).cards[-1] == c("8♥")
    end = scene.layout.hand_area.center
    post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.pump(2)
    assert sorted(g.hands[0]) == sorted(c(x) for x in ("2♣", "4♦", "Q♠"))
    assert not [t for t in scene.toasts if t.kind == "error"]


def test_rummy_refused_says_why(app):
    g = rummy_position()
    g.pile[-1], g.hands[1][0] = g.hands[1][0], g.pile[-1]  # the 3♠ fits nothing
    scene = play(app, g)
    key(app, pygame.K_r)
    assert g.phase == "draw" and g.current == 2
    assert scene.toasts[-1].kind == "error"


def test_a_discard_that_fits_nowhere_neither_waits_for_the_person_nor_lights_rummy(app):
    app.settings.rummy_window = 10
    g = rummy_position()
    g.pile[-1], g.hands[1][0] = g.hands[1][0], g.pile[-1]  # the 3♠ fits nothing
    scene = play(app, g)
    assert not scene.c.human_may_call()
    app.draw()
    assert not scene.buttons["rummy"].alert and not scene.buttons["rummy"].enabled
    assert not scene.c.status().startswith("Rummy?")
    assert app.run_until(lambda: g.current != 2 or g.phase != "draw", timeout=5)


def test_with_calls_not_pointed_out_every_discard_opens_the_window(app):
    app.settings.rummy_help = False
    g = rummy_position()
    g.pile[-1], g.hands[1][0] = g.hands[1][0], g.pile[-1]  # the 3♠ fits nothing
    scene = play(app, g)
    assert scene.c.human_may_call()
    app.pump(5)
    assert g.current == 2 and g.phase == "draw", "the next player waits for the person"
    assert " before " in scene.c.status() and scene.c.status().endswith(" draws")
    window, deadline = scene.c.window, scene.c.window.deadline
    window.deadline = scene.c.now  # (the time is up; the draw comes with the next frames)
    assert scene.c.status().endswith("draws now") and "0.0s" not in scene.c.status()
    window.deadline = deadline
    app.draw()
    assert scene.buttons["rummy"].alert
    key(app, pygame.K_r)
    assert g.phase == "draw" and g.current == 2
    assert scene.toasts[-1].kind == "error" and "3♠" in scene.toasts[-1].text


def test_a_call_by_another_seat_names_the_cards_without_deck_marks(app):
    from game.engine import events as ev

    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    scene._describe([ev.CalledRummy(seat=1, cards=tuple(parse_cards("8♥#2")), meld=1)], 1)
    assert scene.toasts[-1].text == "Ann called Rummy! on the 8♥"


def record_text(scene, monkeypatch, where: bool = False) -> list:
    """The texts the table draws from now on, in order (with ``where``: (text, position))."""
    drawn, blit = [], scene.text.blit

    def record(surface, text, font, pos, *args, **kw):
        drawn.append((text, tuple(pos)) if where else text)
        return blit(surface, text, font, pos, *args, **kw)

    monkeypatch.setattr(scene.text, "blit", record)
    return drawn


def test_a_long_one_word_name_in_the_sidebars_scores_is_cut_not_shrunk(monkeypatch):
    """"WWWWWWWWWWWWWWWW" was drawn at half the list's size, a row of small w's, where two
    word names read "Wolfgang A." (a tester): a word too long is cut, at most a little smaller."""
    a = App(size=(1366, 768), settings=settings())
    try:
        g = build({0: "2♣ 8♥ 5♣"}, pile="Q♦", phase="play", players=8, wild=None)
        g.names = ("You", "Wolfgang Amadeus", "W" * 16, "Ann", "Bo", "Cy", "Di", "Ed")
        scene = play(a, g)
        drawn = record_text(scene, monkeypatch)
        scene.invalidate()
        a.draw()
        assert "Wolfgang A." in drawn
        cut = [t for t in drawn if t.startswith("WWW") and t.endswith("…")]
        assert cut and all(len(t) < 16 for t in cut), [t for t in drawn if t.startswith("W")]
    finally:
        a.close_scenes()


def test_a_wide_wild_rank_leaves_room_for_the_other_wilds_names(monkeypatch):
    """With 10s wild and the one-eyed jacks, the sidebar read "10 + one-e…" at 1280x720 (a
    tester): the rank is drawn smaller until the names fit whole."""
    a = App(size=(1280, 720), settings=settings())
    try:
        g = build({0: "2♣ 5♣ 5♦"}, pile="A♦", phase="draw", players=3, wild=10)
        g.rules = g.rules.replace(permanent_wilds=frozenset({"one_eyed_jacks"}))
        g.ctx = MeldContext(g.rules, g.wild_rank, g.decks, g.pack)
        g.indicator = c("10♥")
        scene = play(a, g)
        drawn = record_text(scene, monkeypatch)
        scene.invalidate()
        a.draw()
        assert [t for t in drawn if "one-e" in t or t == "jacks"] == ["+ one-eyed", "jacks"]
    finally:
        a.close_scenes()


def test_the_sidebar_names_the_game_as_the_menus_do(app, monkeypatch):
    from game.ui.rules_text import preset_title

    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", preset="basic", wild=None)
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert preset_title("basic") == "Basic rummy"
    assert f"Basic rummy · to {g.rules.target:,}" in drawn


def test_the_menu_and_f1_show_this_games_rules_and_the_settings_over_the_table():
    from game.ui import menus, sheets
    from game.ui.rules_text import TABLE_CONTROLS

    app = App(size=SIZE, settings=Settings(animation_speed=1.0, sound=False))
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", preset="rummy500", wild=None)
    scene = play(app, g)
    key(app, pygame.K_ESCAPE)
    assert scene.choice is not None
    options = scene.choice.options
    assert options[:5] == ["Back to the game", "Rules of this game (F1)", "Scores, round by round (T)",
                           "Moves this round (L)", "Settings"]
    assert "Quit (the game is saved)" in options
    key(app, pygame.K_ESCAPE)
    scene.c.save_error = "Permission denied (autosave.json)"  # saving fails: the menu does not promise
    key(app, pygame.K_ESCAPE)
    assert "Quit (the game could not be saved)" in scene.choice.options
    scene.c.save_error = None
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    options = scene.choice.options
    key(app, pygame.K_1 + options.index("Rules of this game (F1)"))
    rules = app.stack.top
    assert isinstance(rules, menus.RulesScene) and rules.rules is g.rules and not rules.browse
    assert scene.choice is None
    clock = scene.clock
    app.pump(3)
    assert scene.clock == clock  # covered: the table and its computer players wait
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, menus.RulesScene) and app.stack.top.rules is g.rules
    texts = [w.text for w, _ in app.stack.top.scroll.items]
    # how to play, last; Rummy 500 has no "Rummy!" calls, so nothing about the button
    controls = [t for t in TABLE_CONTROLS if not t.startswith("Rummy!")]
    assert len(controls) == len(TABLE_CONTROLS) - 1
    assert texts[-len(controls) - 1:] == ["At the table", *controls]
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1 + scene.choice.options.index("Scores, round by round (T)"))
    assert isinstance(app.stack.top, sheets.ScoresScene) and app.stack.top.state is g
    clock = scene.clock
    app.pump(3)
    assert scene.clock == clock  # covered again: the table waits
    key(app, pygame.K_t)  # T closes it as it opens it
    assert app.stack.top is scene
    key(app, pygame.K_t)
    assert isinstance(app.stack.top, sheets.ScoresScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    # the keys the menu's entries name work while it is open (they did nothing: a tester)
    for k, kind in ((pygame.K_F1, menus.RulesScene), (pygame.K_t, sheets.ScoresScene), (pygame.K_l, sheets.MovesScene)):
        assert scene.choice is not None  # (the menu open)
        key(app, k)
        assert isinstance(app.stack.top, kind) and scene.choice is None, k
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1 + scene.choice.options.index("Settings"))
    assert isinstance(app.stack.top, menus.SettingsScene)
    app.stack.top.back()
    assert app.stack.top is scene and g.phase == "draw" and len(g.hands[0]) == 6
    app.close_scenes()


def test_a_new_game_from_the_menu_asks_first(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    for answer, stays in (("No, back to this game", True), ("Yes, a new game", False)):
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_1 + scene.choice.options.index("New game like this one"))
        assert app.stack.top is scene and scene.choice is not None
        assert scene.choice.title == "End this game and deal a new one?"
        assert scene.choice.options[scene.choice.focus] == "No, back to this game"  # Enter keeps it
        key(app, pygame.K_1 + scene.choice.options.index(answer))
        assert (app.stack.top is scene) == stays
    assert app.stack.top.g is not g and app.stack.top.g.round_no == 1


def test_bot_calls_are_legal_engine_actions():
    g = rummy_position()
    calls = g.call_actions(2)
    assert calls and all(isinstance(a, CallRummy) for a in calls)


# --------------------------------------------------------------------------- round end, saving


def test_going_out_shows_the_round_end_and_deals_the_next_round(app):
    g = build({0: "Q♠"}, pile="Q♦ 3♣", phase="play", melds=[(0, "J♣ J♦ J♠")])
    g.turns = [3, 3, 3]
    scene = play(app, g)
    drag(app, spot(scene, c("Q♠")), scene.places[c("3♣")].rect.center)
    assert g.phase in ("round_over", "game_over")
    app.run_until(lambda: app.stack.top is not scene or scene.overlay is not None, timeout=5)
    went_out = scene.c.moves[-1]
    assert any("went out" in t for t in toast_texts(scene))
    from game.ui import sheets

    sheet = app.stack.top
    assert isinstance(sheet, sheets.RoundEndScene)
    key(app, pygame.K_l)  # the round's moves, over its sheet
    moves = app.stack.top
    assert isinstance(moves, sheets.MovesScene) and moves.lines[-1][1] == "You discarded Q♠ and went out"
    key(app, pygame.K_l)
    assert app.stack.top is sheet
    key(app, pygame.K_RETURN)
    app.run_until(lambda: g.round_no == 2, timeout=5)
    assert g.round_no == 2 and g.phase == "draw"
    assert app.stack.top is scene
    # last round's news and moves are gone from the table
    assert not any("went out" in t for t in toast_texts(scene)) and went_out not in scene.c.moves


def test_a_card_is_not_left_framed_as_under_the_pointer_after_the_table_was_covered(app):
    g = build({0: "9♣ 2♦ K♠ 5♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    post(pygame.MOUSEMOTION, pos=spot(scene, c("2♦")), rel=(1, 1), buttons=(0, 0, 0))
    app.pump(2)
    assert scene.hover == c("2♦")
    scene.show_rules()  # covered: the pointer goes elsewhere, over the rules
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    app.pump(2)
    assert scene.hover is None and scene.mouse_pos is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_game_menu_rises_from_the_menu_button_and_leaves_the_pile_in_sight(size):
    a = App(size=size, settings=settings())
    try:
        g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦ 4♣ 7♥", players=4)
        scene = play(a, g)
        for ask in (scene.open_menu, scene._ask_restart):
            ask()
            a.draw()
            box, menu = scene.choice.box, scene.buttons["menu"].rect
            assert box.bottom <= menu.top and box.right == menu.right, (box, menu)
            assert Rect(0, 0, *size).contains(box)
            assert not any(box.colliderect(p.rect) for p in scene.places.values()
                           if p.zone in ("pile", "hand", "stock")), "over the pile or the hand"
            key(a, pygame.K_ESCAPE)
    finally:
        a.close_scenes()


def test_between_rounds_the_table_shows_only_its_menu_button(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    app.draw()
    assert all(b.visible for n, b in scene.buttons.items() if n != "end")
    g.phase = "round_over"
    app.draw()
    assert [n for n, b in scene.buttons.items() if b.visible] == ["menu"]


def test_esc_on_a_rounds_sheet_goes_to_the_title_and_continue_brings_the_sheet_back(app, tmp_path, monkeypatch):
    from game.ui import menus, sheets

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    g = build({0: "Q♠"}, pile="Q♦ 3♣", phase="play", melds=[(0, "J♣ J♦ J♠")])
    g.turns = [3, 3, 3]
    scene = play(app, g, tmp_path)
    drag(app, spot(scene, c("Q♠")), scene.places[c("3♣")].rect.center)
    app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=5)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, menus.TitleScene)
    app.continue_game()
    app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=5)
    assert isinstance(app.stack.top, sheets.RoundEndScene)


def _the_person_wins_the_game(app, tmp_path, monkeypatch):
    """The person goes out and wins the game with a discard; the table, once a sheet covers it."""
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    g = build({0: "Q♠"}, pile="Q♦ 3♣", phase="play", melds=[(0, "J♣ J♦ J♠")])
    g.turns = [3, 3, 3]
    g.scores = [g.rules.target - 10, 0, 0]
    scene = play(app, g)
    drag(app, spot(scene, c("Q♠")), scene.places[c("3♣")].rect.center)
    assert g.phase == "game_over"
    app.run_until(lambda: app.stack.top is not scene, timeout=5)
    return scene


def test_the_last_round_is_shown_before_the_winners(app, tmp_path, monkeypatch):
    """At the end of the game the round-end sheet comes first ("See the result"), so the
    last round's points are seen too; the game is counted at once all the same."""
    from game.ui import sheets
    from game.ui.stats import Stats

    scene = _the_person_wins_the_game(app, tmp_path, monkeypatch)
    g = scene.g
    sheet = app.stack.top
    assert isinstance(sheet, sheets.RoundEndScene) and sheet.find("next").label == "See the result"
    assert Stats.load().get(g.rules.preset_name).games == 1
    # and by the strongest computer level at the table
    strongest = max((s.level for s in scene.c.seats if not s.is_human), key=("easy", "normal", "hard").index)
    assert {k: v.games for k, v in Stats.load().against.items()} == {strongest: 1}
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, sheets.GameOverScene)
    assert [type(s).__name__ for s in app.stack.scenes].count("RoundEndScene") == 0
    assert Stats.load().get(g.rules.preset_name).games == 1


def test_the_winners_sheet_fits_a_window_resized_while_the_last_rounds_sheet_showed(app, tmp_path, monkeypatch):
    """The winners' sheet is made with the last round's; it was shown at the size the
    window had then, running off a window made smaller meanwhile."""
    from game.ui import sheets

    _the_person_wins_the_game(app, tmp_path, monkeypatch)
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640)
    app.pump(2)
    key(app, pygame.K_RETURN)
    over = app.stack.top
    assert isinstance(over, sheets.GameOverScene) and over.theme.size == (1024, 640)
    assert all(pygame.Rect(0, 0, 1024, 640).contains(w.rect) for w in over.widgets)


def test_a_round_end_sheet_that_fails_to_build_gives_way_to_a_summary_overlay(app, monkeypatch):
    from game.ui import sheets

    def broken(*args, **kwargs):
        raise RuntimeError("no sheet today")

    monkeypatch.setattr(sheets, "RoundEndScene", broken)
    g = build({0: "Q♠"}, pile="Q♦ 3♣", phase="play", melds=[(0, "J♣ J♦ J♠")])
    g.turns = [3, 3, 3]
    scene = play(app, g)
    drag(app, spot(scene, c("Q♠")), scene.places[c("3♣")].rect.center)
    app.run_until(lambda: scene.overlay is not None, timeout=5)
    assert scene.overlay is not None and app.stack.top is scene
    app.draw()
    assert scene.overlay_buttons[0].label == "Next round"
    click(app, scene.overlay_buttons[0].rect.center)
    app.run_until(lambda: g.round_no == 2, timeout=5)
    assert g.round_no == 2 and scene.overlay is None


def test_the_summary_overlay_of_a_team_game_gives_the_teams_totals(app, monkeypatch):
    """The summary box (the autoplay's, or when a sheet cannot be made) listed the players
    only, the sides' totals that decide the game nowhere in it (a tester)."""
    from game.ui import sheets

    monkeypatch.setattr(sheets, "RoundEndScene", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("no sheet")))
    g = build({0: "Q♠"}, pile="Q♦ 3♣", phase="play", melds=[(0, "J♣ J♦ J♠")], players=4,
              preset="partnership500", wild=None)
    g.turns = [3, 3, 3, 3]
    scene = play(app, g)
    drag(app, spot(scene, c("Q♠")), scene.places[c("3♣")].rect.center)
    app.run_until(lambda: scene.overlay is not None, timeout=5)
    drawn = record_text(scene, monkeypatch)
    scene.invalidate()
    app.draw()
    teams = [t for t in drawn if t.startswith("Teams  ·  ")]
    assert len(teams) == 1 and "→" in teams[0], drawn


def test_every_move_is_saved_with_a_backup(app, tmp_path):
    from game.engine.save import loads_game

    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g, tmp_path)
    click(app, scene.layout.stock.center)
    save = tmp_path / "autosave.json"
    assert save.exists() and loads_game(save.read_text()).phase == "play"
    for card in ("9♣", "9♠", "9♦"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert len(loads_game(save.read_text()).melds) == 1
    assert loads_game((tmp_path / "autosave.json.bak").read_text()).melds == []
    seats = json.loads((tmp_path / "autosave.json.seats").read_text())
    assert seats[0]["kind"] == "human" and seats[1]["level"] == "normal"


def test_continue_a_saved_game(app, tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    scene = app.start_game("rummy5000", 3, seed=4)
    g = scene.g
    app.pump(2)
    app.continue_game()
    again = app.stack.top
    assert again is not scene and again.g.hands == g.hands and again.c.human == 0


def test_a_damaged_save_falls_back_to_its_copy_with_the_same_players(tmp_path):
    from game.ui.controller import load_saved

    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    seats = [Seat("You", "human", ""), Seat("Ann", "bot", "hard"), Seat("Bo", "bot", "easy")]
    save = tmp_path / "autosave.json"
    c = Controller(g, seats, settings=settings(), save_path=save, seed=1)
    c.autosave()
    g.apply(DrawStock())
    c.autosave()
    save.write_text("{ damaged")
    again = Controller.load(save)
    assert again.g.phase == "draw" and again.g.hands == Controller.load(str(save) + ".bak").g.hands
    assert [(s.name, s.kind, s.level) for s in again.seats] == [
        ("You", "human", ""), ("Ann", "bot", "hard"), ("Bo", "bot", "easy")]
    # a damaged seat list falls back to its copy, and odd entries to plain defaults
    (tmp_path / "autosave.json.seats").write_text("[1, 2")
    assert [s.level for s in Controller.load(save).seats] == ["", "hard", "easy"]
    (tmp_path / "autosave.json.seats").write_text('[7, {"kind": "robot", "level": "genius", "name": 5}]')
    (tmp_path / "autosave.json.seats.bak").unlink()
    odd = Controller.load(save).seats
    assert [(s.kind, s.level) for s in odd] == [("human", ""), ("bot", "normal"), ("bot", "normal")]
    assert odd[1].name == g.seat_name(1)
    assert load_saved(save)[1] == [7, {"kind": "robot", "level": "genius", "name": 5}]


def toast_texts(scene) -> list[str]:
    return [t.text for t in scene.toasts]


def advance(app, scene):
    """One move, by the person (a draw) or the computer seat whose turn it is."""
    c = scene.c
    if c.human_to_act:
        c.act(DrawStock())
        return
    v = c.version
    app.run_until(lambda: c.version != v, timeout=10)
    assert c.version != v


def hint_play(c: Controller, done, moves: int = 20000) -> None:
    """Play ``c`` with no animation until ``done()``: the person takes the hint's move,
    the computer seats theirs, and a finished round is followed by the next."""
    c.settings.animation_speed = 0
    for _ in range(moves):
        if done():
            return
        if c.g.phase == "round_over":
            c.next_round()
        elif c.human_to_act:
            c.act(c.hint())
        else:
            c.update(10.0)


def saved_game(app, folder, monkeypatch):
    """A game of rummy5000 one move in, saved in ``folder``: (table, save, its .bak)."""
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(folder))
    scene = app.start_game("rummy5000", 3, seed=4)
    advance(app, scene)
    return scene, folder / "autosave.json", folder / "autosave.json.bak"


def test_a_new_game_starts_its_save_afresh(app, tmp_path, monkeypatch):
    """The .bak copy is always this game's: a new game never inherits the last one's."""
    from game.engine.save import loads_game

    _, save, bak = saved_game(app, tmp_path, monkeypatch)
    assert bak.exists() and (tmp_path / "autosave.json.seats.bak").exists()
    new = app.start_game("rummy500", 2, seed=5)
    assert loads_game(save.read_text()).hands == new.g.hands
    assert not bak.exists() and not (tmp_path / "autosave.json.seats.bak").exists()
    advance(app, new)
    assert loads_game(bak.read_text()).rules.preset_name == "rummy500"


def play_the_persons_first_turn(app, scene):
    """Play on until the person has had a turn (a draw, then a legal discard); the controller."""
    c, g = scene.c, scene.g
    while not g.turns[c.human]:
        if c.human_to_act and g.phase == "play":
            c.act(next(Discard(x) for x in g.hands[c.human] if c.is_legal(Discard(x))))
        else:
            advance(app, scene)
    return c


def test_a_new_game_over_an_unfinished_one_counts_that_one_as_left_unfinished(app, tmp_path, monkeypatch):
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    app.start_game("rummy5000", 3, seed=4)
    app.start_game("rummy5000", 3, seed=4)  # the person had no turn in that one: not counted
    assert Stats.load().total_games == 0
    scene = app.start_game("rummy5000", 3, seed=4)
    c = play_the_persons_first_turn(app, scene)
    app.start_game("rummy500", 2, seed=5)
    e = Stats.load().get("rummy5000")
    assert (e.games, e.wins, e.abandoned, e.total_rounds) == (1, 0, 1, 0)
    strongest = max((s.level for s in c.seats if not s.is_human), key=("easy", "normal", "hard").index)
    assert {k: (v.games, v.wins) for k, v in Stats.load().against.items()} == {strongest: (1, 0)}
    app.start_game("rummy500", 2, seed=5)  # (that one had no turn either)
    assert Stats.load().total_games == 1


def test_loading_another_games_file_counts_the_saved_one_as_left_unfinished(app, tmp_path, monkeypatch):
    """Resuming another file (``--load``) replaces the game in progress, as a new game
    does, so that game counts as left unfinished too."""
    from game.engine.save import dumps_game
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    other = tmp_path / "other.json"
    other.write_text(dumps_game(Controller.new("rummy500", 2, seed=3).g), encoding="utf-8")
    scene = app.start_game("rummy5000", 3, seed=4)
    play_the_persons_first_turn(app, scene)
    app.continue_game(other)
    e = Stats.load().get("rummy5000")
    assert (e.games, e.abandoned) == (1, 1)
    app.continue_game()  # its own save: nothing more to count
    assert Stats.load().total_games == 1


def test_a_saved_game_loaded_after_its_end_is_not_counted_again(app, tmp_path, monkeypatch):
    """The statistics count a game when it ends; loading its save afterwards shows the
    final scores again without counting it a second time."""
    from game.engine.save import dumps_game
    from game.ui import sheets
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    c = Controller.new("basic", 2, seed=11)
    hint_play(c, lambda: c.g.phase == "game_over")
    assert c.g.phase == "game_over"
    finished = tmp_path / "finished.json"
    finished.write_text(dumps_game(c.g), encoding="utf-8")
    for _ in range(2):
        app.continue_game(finished)  # (the last round's sheet, then the winners: made at once)
        app.run_until(lambda: any(isinstance(s, sheets.SheetScene) for s in app.stack.scenes), timeout=10)
        assert any(isinstance(s, sheets.SheetScene) for s in app.stack.scenes)
        assert Stats.load().total_games == 0


def test_continue_after_a_damaged_save_says_so_and_keeps_the_good_copy(app, tmp_path, monkeypatch):
    from game.engine.save import loads_game

    _, save, bak = saved_game(app, tmp_path, monkeypatch)
    good = bak.read_text()
    then = json.loads((tmp_path / "autosave.json.seats.bak").read_text())[0].get("moves", [])
    now = json.loads((tmp_path / "autosave.json.seats").read_text())[0].get("moves", [])
    assert then != now  # (the lost save's last move is not the backup's)
    save.write_text("{ damaged")
    again = app.continue_game()
    assert again.g.hands == loads_game(good).hands
    assert any("damaged" in t for t in toast_texts(again))
    # (the file set aside is named, so that a player who wants to send it knows where it is)
    assert any(t.endswith("it goes on from its backup copy; it is kept as autosave.json.damaged")
               for t in toast_texts(again))
    # the last moves are the backup position's, written with it, not the lost save's
    assert [list(m) for m in again.c.move_lines()] == then
    # the damaged file is set aside; the good copy is still the .bak, and the save is good
    assert (tmp_path / "autosave.json.damaged").read_text() == "{ damaged"
    assert bak.read_text() == good
    assert loads_game(save.read_text()).hands == again.g.hands
    # a save that reads fine says nothing
    assert not any("damaged" in t for t in toast_texts(app.continue_game()))


def test_a_folder_in_the_saves_place_is_gone_past_to_the_good_backup(app, tmp_path, monkeypatch):
    """A folder named like the save hides nothing: Continue is offered and goes on from
    the .bak (saying why), the folder is set aside, and the game saves again."""
    from game.engine.save import loads_game

    _, save, bak = saved_game(app, tmp_path, monkeypatch)
    good = bak.read_text()
    save.unlink()
    save.mkdir()
    (save / "inside.txt").write_text("kept")
    from game.ui.menus import TitleScene, has_autosave

    assert has_autosave()
    title = TitleScene(app)
    assert title.can_continue and title.find("continue").enabled
    again = app.continue_game()
    assert again.g.hands == loads_game(good).hands
    said = toast_texts(again)
    assert any("could not be read (a folder, not a saved game)" in t and "backup copy" in t
               and "autosave.json.unreadable" in t for t in said), said
    assert not any("damaged" in t for t in said)
    assert (tmp_path / "autosave.json.unreadable" / "inside.txt").read_text() == "kept"
    assert bak.read_text() == good and loads_game(save.read_text()).hands == again.g.hands
    assert again.c.save_error is None


def test_a_new_game_asks_before_ending_a_game_only_its_backup_holds(app, tmp_path, monkeypatch):
    """With a folder where the save should be, the game in the .bak is still a game in
    progress: the new-game screen asks first, the game left counts as played, and the new
    game sets the folder aside and saves."""
    from game.engine.save import loads_game
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    save, bak = tmp_path / "autosave.json", tmp_path / "autosave.json.bak"
    scene = app.start_game("rummy5000", 3, seed=4)
    play_the_persons_first_turn(app, scene)
    advance(app, scene)  # (so the .bak holds the person's turn)
    save.unlink()
    save.mkdir()
    assert bak.exists() and app._left_game() is not None  # (the .bak's game, played in)
    from game.ui.menus import NewGameScene

    setup = NewGameScene(app)
    setup.start()
    assert setup.confirm_replace and "game in progress" in setup.message
    assert bak.exists()  # asking loses nothing
    new = app.start_game("rummy500", 2, seed=5)
    assert Stats.load().get("rummy5000").abandoned == 1
    assert (tmp_path / "autosave.json.unreadable").is_dir()
    assert loads_game(save.read_text()).hands == new.g.hands and new.c.save_error is None


def test_a_save_that_may_not_be_read_is_kept_as_unreadable_not_called_damaged(app, tmp_path, monkeypatch):
    from game.engine.save import loads_game
    from game.ui.controller import read_save

    _, save, bak = saved_game(app, tmp_path, monkeypatch)
    real_open = Path.open

    def locked(self, *a, **kw):
        if self == save:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *a, **kw)

    monkeypatch.setattr(Path, "open", locked)
    g, _, problem = read_save(save)
    assert problem is not None and not problem.damaged and problem.reason == "no permission to read it"
    monkeypatch.setattr(Path, "open", real_open)
    text = save.read_text()
    monkeypatch.setattr(Path, "open", locked)
    again = app.continue_game()
    monkeypatch.setattr(Path, "open", real_open)
    assert again.g.hands == loads_game(bak.read_text()).hands == g.hands
    assert any("could not be read (no permission to read it)" in t for t in toast_texts(again))
    assert (tmp_path / "autosave.json.unreadable").read_text() == text
    assert not list(tmp_path.glob("*.damaged"))


def test_a_save_from_a_newer_version_goes_on_from_its_backup_and_is_kept_as_newer(app, tmp_path, monkeypatch):
    import json as _json

    from game.engine.save import loads_game

    _, save, bak = saved_game(app, tmp_path, monkeypatch)
    data = _json.loads(save.read_text())
    data["version"] = 7
    save.write_text(_json.dumps(data))
    seats = tmp_path / "autosave.json.seats"
    newer_seats = '[{"name": "Zoë", "kind": "human", "level": null}]'
    seats.write_text(newer_seats)
    again = app.continue_game()
    assert again.g.hands == loads_game(bak.read_text()).hands
    said = [t for t in toast_texts(again) if "newer version" in t]
    assert said == ["The saved game was saved by a newer version of Rummy 5000: it goes on from its backup "
                    "copy; it is kept as autosave.json.newer (its players as autosave.json.seats.newer)"], \
        toast_texts(again)
    assert _json.loads((tmp_path / "autosave.json.newer").read_text())["version"] == 7
    # its seat list is kept with it (this game's own list takes its place: a tester)
    assert (tmp_path / "autosave.json.seats.newer").read_text() == newer_seats
    assert "Zoë" not in seats.read_text()
    assert not list(tmp_path.glob("*.damaged"))


def test_a_file_too_large_to_be_a_save_is_refused_without_reading_it_all(tmp_path):
    from game.ui.controller import SAVE_LIMIT, read_save

    big = tmp_path / "big.json"
    big.write_bytes(b" " * (SAVE_LIMIT + 10))
    with pytest.raises(RuntimeError, match="larger than 4 MB"):
        read_save(big)


def test_a_game_closed_on_its_last_rounds_sheet_shows_who_won_on_continue(app, tmp_path, monkeypatch):
    """The finished game's save stays until the winners have been shown: closed on the
    last round's sheet, Continue brings the sheets back (the game counted once); once the
    winners show, the save goes and Continue is off."""
    from game.ui import sheets
    from game.ui.controller import autosave_path
    from game.ui.menus import NewGameScene, has_autosave
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    c = Controller.new("basic", 2, seed=11, save_path=autosave_path())
    hint_play(c, lambda: c.g.phase == "game_over")
    assert c.g.phase == "game_over" and has_autosave()
    app.play(c)
    app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=10)
    assert Stats.load().total_games == 1 and has_autosave()  # counted; the winners not yet seen
    app.close_scenes()  # (the window closed on "See the result")
    # a new game would replace it without asking whether to end it (it is over, and counted)
    started = []
    monkeypatch.setattr(app, "start_game", lambda *a, **k: started.append(a))
    NewGameScene(app).start()
    assert len(started) == 1
    again = app.continue_game()
    app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=10)
    last = app.stack.top
    assert isinstance(last, sheets.RoundEndScene) and again.g.phase == "game_over"
    last.next_round()  # See the result
    assert isinstance(app.stack.top, sheets.GameOverScene)
    assert not has_autosave() and Stats.load().total_games == 1


def test_a_game_closed_before_its_end_was_counted_is_counted_once_on_continue(app, tmp_path, monkeypatch):
    """Closed in the moment between the last move and the sheets (the closing animation),
    the saved game says it is not counted yet: Continue counts it, once."""
    from game.ui import sheets
    from game.ui.controller import autosave_path
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    c = Controller.new("basic", 2, seed=11, save_path=autosave_path())
    hint_play(c, lambda: c.g.phase == "game_over")
    assert json.loads(autosave_path().with_name("autosave.json.seats").read_text())[0]["counted"] is False
    for _ in range(2):
        app.continue_game()
        app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=10)
        assert Stats.load().total_games == 1
        app.close_scenes()
    # a finished game's file from elsewhere, with no word on it, is never counted
    other = tmp_path / "other.json"
    other.write_text(autosave_path().read_text())
    app.continue_game(other)
    app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=10)
    assert Stats.load().total_games == 1


def test_warnings_said_as_a_resumed_round_ends_show_above_its_sheet(app, tmp_path, monkeypatch):
    """Continue at a round's end from a damaged save, with saving failing: both warnings
    show above the round's sheet (the table's messages are under it), and a save that
    still fails is said again when the next round is dealt."""
    from game.engine.save import dumps_game
    from game.ui import controller as controller_module
    from game.ui import sheets

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    c = Controller.new("basic", 2, seed=11)
    hint_play(c, lambda: c.g.phase == "round_over")
    assert c.g.phase == "round_over"
    (tmp_path / "autosave.json.bak").write_text(dumps_game(c.g), encoding="utf-8")
    (tmp_path / "autosave.json").write_text("{ damaged")

    def full(path, text):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(controller_module, "write_atomic", full)
    table = app.continue_game()
    app.run_until(lambda: isinstance(app.stack.top, sheets.RoundEndScene), timeout=10)
    sheet = app.stack.top
    assert isinstance(sheet, sheets.RoundEndScene)
    assert "damaged" in sheet.warning and "could not be saved: No space left on device" in sheet.warning
    box, (x, y) = sheet.warning_box
    assert 0 <= x and x + box.get_width() <= app.screen_size[0] and y >= 0
    # said once, above the sheet: not again on the table under it, where its end poked out
    # beside the sheet (a tester)
    from game.ui import table_paint

    red, panel = [], table_paint.panel
    monkeypatch.setattr(table_paint, "panel", lambda surface, box, fill=None, **kw: (
        red.append(box) if fill == (150, 30, 24, 225) else None, panel(surface, box, fill=fill, **kw))[1])
    app.draw()
    assert not red
    table.refuse("Not your turn")  # (one the sheet does not repeat is drawn, under the veil)
    app.draw()
    assert len(red) == 1
    table.toasts.pop()
    # (news does not push a warning out of the table's messages)
    for n in range(4):
        table.message(f"news {n}")
    assert any("could not be saved" in t for t in toast_texts(table))
    sheet.next_round()
    app.run_until(lambda: table.g.phase == "draw" or table.g.phase == "play", timeout=10)
    table.toasts.clear()
    app.pump(3)
    assert any("could not be saved" in t for t in toast_texts(table))


def test_loading_another_file_starts_the_autosave_afresh(app, tmp_path, monkeypatch):
    from game.engine.save import dumps_game

    _, _, bak = saved_game(app, tmp_path / "data", monkeypatch)
    assert bak.exists()
    other = tmp_path / "other.json"
    other.write_text(dumps_game(build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")))
    app.continue_game(other)
    assert not bak.exists()
    assert other.exists()


def test_a_failed_save_is_reported_once(app, tmp_path):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save's folder should be")
    scene = play(app, g)
    scene.c.save_path = blocker / "autosave.json"
    click(app, scene.layout.stock.center)
    failed = [t for t in toast_texts(scene) if t.startswith("The game could not be saved")]
    assert failed == [f"The game could not be saved: {blocker} is a file where a folder should be"]
    scene.toasts.clear()
    for card in ("9♣", "9♠", "9♦"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert len(g.melds) == 1 and scene.c.save_error
    assert not any(t.startswith("The game could not be saved") for t in toast_texts(scene))
    # once a save works again, the next failure is reported again
    scene.c.save_path = tmp_path / "autosave.json"
    scene.c.autosave()
    app.pump(1)
    scene.c.save_path = blocker / "autosave.json"
    scene.c.autosave()
    app.pump(1)
    assert any(t.startswith("The game could not be saved") for t in toast_texts(scene))


def test_f12_saves_a_screenshot_over_any_screen(app, tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY5000_SCREENSHOT_DIR", str(tmp_path / "shots"))
    app.show_title()
    app.pump(2)
    for _ in range(2):  # a key-repeat while the picture was saved (no KEYUP between): still one picture
        post(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)
        app.pump(2)
    assert len(list((tmp_path / "shots").glob("*.png"))) == 1
    post(pygame.KEYUP, key=pygame.K_F12, mod=0, unicode="", scancode=0)
    app.start_game("rummy5000", 3, seed=2)
    app.pump(2)
    key(app, pygame.K_F12)
    assert len(list((tmp_path / "shots").glob("*.png"))) == 2
    # where it went, too (only the file's name was said: a tester)
    said = app.stack.top.toasts[-1].text
    assert said.startswith(f"Screenshot saved in {tmp_path / 'shots'}: rummy5000-") and said.endswith(".png")
    from game.ui.app import shown_folder
    assert shown_folder(Path.home() / "Pictures") == str(Path("~") / "Pictures")
    # the next picture does not show the last one's words (only its own follow it)
    shown = []
    real = app.screenshot
    monkeypatch.setattr(app, "screenshot", lambda: (shown.append(toast_texts(app.stack.top)), real())[1])
    post(pygame.KEYUP, key=pygame.K_F12, mod=0, unicode="", scancode=0)
    key(app, pygame.K_F12)
    assert shown and not any(t.startswith("Screenshot saved") for t in shown[0])
    assert [t for t in toast_texts(app.stack.top) if t.startswith("Screenshot saved")] != []


def test_window_resize_relays_the_table(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    before = scene.places[c("9♣")].rect.copy()
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000)
    app.pump(2)
    assert scene.size == (1600, 1000)
    assert scene.places[c("9♣")].rect != before


def test_cards_held_while_the_window_is_resized_stay_held_and_can_be_dropped(app):
    """A resize in the middle of a drag (a window manager's key, a tiling layout) used to
    put the cards back: they stay under the pointer, at the new size, and drop as usual."""
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    start = spot(scene, c("J♠"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    for i in range(1, 5):
        post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 30 * i), rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    assert scene.drag is not None and scene.drag.cards == [c("J♠")]
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000)
    app.pump(2)
    assert scene.size == (1600, 1000)
    assert scene.drag is not None and scene.drag.cards == [c("J♠")]
    assert scene.drag.size == scene.places[c("9♣")].rect.size  # (the hand's new card size)
    held = scene.drag.rects()[0]
    assert held.collidepoint(scene.drag.pos)  # still under the pointer
    end = scene.layout.pile_rects(len(g.pile))[-1].center
    for _ in range(3):
        post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.pump(2)
    assert g.pile[-1] == c("J♠") and c("J♠") not in g.hands[0]


def test_a_long_status_line_takes_two_lines_in_a_narrow_middle_rather_than_tiny_letters(app, monkeypatch):
    """At 1024x640 with four seats the middle is about 420 px wide: a long status line
    ("Meld or lay off, then discard (Enter lays …)") was squeezed to tiny letters; it now
    takes two lines, and the messages stack above both."""
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", players=4, phase="play")
    scene = play(app, g)
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640)
    app.pump(2)
    long = "Meld or lay off, then discard (Enter lays the selected card off here, X discards it)"
    monkeypatch.setattr(scene.c, "status", lambda **kw: long)
    lines, _ = scene._status()
    font = scene.text.font(scene.layout.font_normal, True)
    assert len(lines) == 2 and " ".join(lines) == long
    assert all(font.size(line)[0] <= scene.layout.message.w * 1.1 for line in lines)
    scene.message("Hint: something to say")
    box = scene._toast_boxes()[0][1]
    assert box.bottom <= scene._status_top(2) + 1 < scene.layout.message.top  # (as over one line)
    app.pump(2)  # (and it draws)
    monkeypatch.setattr(scene.c, "status", lambda **kw: "Your turn")
    assert scene._status()[0] == ["Your turn"]
    # a line a fifth wider than its room, squeezed before (letters a fifth narrower): two lines
    words = long.split()
    fifth = next(" ".join(words[:n]) for n in range(len(words), 0, -1)
                 if font.size(" ".join(words[:n]))[0] <= scene.layout.message.w * 1.22)
    assert font.size(fifth)[0] > scene.layout.message.w * 1.12
    monkeypatch.setattr(scene.c, "status", lambda **kw: fifth)
    assert len(scene._status()[0]) == 2


def test_a_window_below_the_smallest_size_shows_the_table_scaled_down(app):
    """A window manager may make the window smaller than MIN_SIZE (a tiling one), or none
    may be there to stop it: the table is laid out at a size of the window's shape no
    smaller than MIN_SIZE and scaled down to the window, and clicks are scaled up to it."""
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    pygame.display.set_mode((800, 500), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500)
    app.pump(2)
    w, h = app.screen_size
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1] and scene.size == (w, h)
    assert abs(w / h - 800 / 500) < 0.01
    shown = pygame.display.get_surface()
    assert shown.get_size() == (800, 500)
    # what the window shows is the table, scaled: the stock's spot is the stock's colour
    sx, sy = scene.laid_out().stock.center
    x, y = round(sx * 800 / w), round(sy * 500 / h)
    assert shown.get_at((x, y)) == pygame.transform.smoothscale(app.screen, (800, 500)).get_at((x, y))
    click(app, (x, y))  # a click where the stock shows draws from it
    assert g.phase == "play" and len(g.hands[0]) == 7
    pygame.display.set_mode((1100, 700), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)
    app.pump(2)
    assert app.screen_size == (1100, 700) and app.canvas is None and scene.size == (1100, 700)


def test_the_window_opens_as_the_player_left_it(monkeypatch):

    monkeypatch.delenv("RUMMY5000_WINDOW_SIZE", raising=False)
    st = Settings.load()
    st.window_size = [1024, 700]  # within SDL's dummy desktop, 1024x768
    st.save()
    app = App(settings=Settings.load(), remember_window=True)
    assert app.screen.get_size() == (1024, 700)
    app.show_title()
    pygame.display.set_mode((1200, 740), pygame.RESIZABLE)  # the player drags the window's edge
    post(pygame.VIDEORESIZE, size=(1200, 740), w=1200, h=740)
    app.pump(2)
    assert app.settings.window_size == [1200, 740]
    assert Settings.load().window_size == [1024, 700]  # written once, when the game ends
    app.quit()
    app.run()
    assert Settings.load().window_size == [1200, 740] and Settings.load().fullscreen is False
    # no bigger than the desktop it opens on
    st = Settings.load()
    st.window_size = [5000, 3000]
    st.save()
    assert App(settings=Settings.load(), remember_window=True).screen.get_size() == (1024, 768)
    # a size asked for, by the caller or in the environment, wins and is not remembered
    assert App(size=(1280, 800), settings=Settings.load(), remember_window=True).screen.get_size() \
        == (1280, 800)
    monkeypatch.setenv("RUMMY5000_WINDOW_SIZE", "1300x810")
    app = App(settings=Settings.load(), remember_window=True)
    assert app.screen.get_size() == (1300, 810) and not app.remember_window
    # ... no bigger than the screen where there is one (it opened partly off a smaller screen,
    # a tester; under the dummy driver, as here, measurements ask for sizes of their own)
    with monkeypatch.context() as m:
        m.setattr(pygame.display, "get_driver", lambda: "x11")
        m.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
        assert App(settings=Settings.load(), remember_window=True).screen.get_size() == (1280, 800)
    # tests and tools that do not ask for it leave the settings alone
    monkeypatch.delenv("RUMMY5000_WINDOW_SIZE")
    st = Settings.load()
    app = App(settings=st)
    assert app.screen.get_size() != (5000, 3000)
    app.toggle_fullscreen()
    app.quit()
    app.run()
    assert Settings.load().window_size == [5000, 3000] and Settings.load().fullscreen is False


def test_the_first_window_takes_about_three_quarters_of_the_screen():
    from game.ui.app import DEFAULT_SIZE, default_window_size

    assert default_window_size((1920, 1080)) == DEFAULT_SIZE == (1440, 900)
    assert default_window_size((2560, 1440)) == (1920, 1080)
    assert default_window_size((3840, 2160)) == (2880, 1620)  # a 4K laptop at 200 %: not a stamp
    w, h = default_window_size((1366, 768))  # room left for the task bar and the title bar
    assert w <= 1366 * 0.92 and h <= 768 * 0.88
    assert default_window_size(None) == DEFAULT_SIZE


def test_windows_draws_in_the_screens_own_pixels(monkeypatch):
    from game.ui import app as app_mod

    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    monkeypatch.setattr(app_mod.sys, "platform", "linux")
    app_mod._declare_dpi_awareness()
    assert "SDL_WINDOWS_DPI_AWARENESS" not in os.environ
    monkeypatch.setattr(app_mod.sys, "platform", "win32")
    app_mod._declare_dpi_awareness()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "system")  # the player's own choice stays
    app_mod._declare_dpi_awareness()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "system"


def test_full_screen_is_remembered(monkeypatch):

    monkeypatch.delenv("RUMMY5000_WINDOW_SIZE", raising=False)
    app = App(settings=Settings.load(), remember_window=True)
    app.show_title()
    key(app, pygame.K_F11)
    if not app.fullscreen:
        pytest.skip("this video driver has no full screen")
    app.quit()
    app.run()
    assert Settings.load().fullscreen is True
    app = App(settings=Settings.load(), remember_window=True)
    assert app.fullscreen
    app.toggle_fullscreen()
    assert not app.fullscreen and app.settings.fullscreen is False


# --------------------------------------------------------------------------- the whole game


def test_autoplay_plays_a_whole_game_in_the_window_and_exits_0(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY5000_DATA_DIR=str(tmp_path))
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--seed", "1", "--players", "4", "--exit-after", "game"],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert time.perf_counter() - start < 120
    assert not (tmp_path / "autosave.json").exists(), "autoplay leaves the person's save alone"


def test_selftest_passes(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY5000_DATA_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "game", "--selftest"], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    for word in ("fonts", "sounds", "icon", "card faces", "menu screens", "computer round",
                 "all checks passed"):
        assert f"ok   {word}" in proc.stdout or word == "all checks passed" and word in proc.stdout
    assert not list(tmp_path.iterdir()), "the self-test writes nothing in the data folder"


def test_load_a_saved_game_from_the_command_line(tmp_path):
    from game.engine.save import dumps_game

    g, _ = new_game(Rules.preset("rummy500"), 3, seed=8, names=["You", "Ann", "Bo"])
    save = tmp_path / "mygame.json"
    save.write_text(dumps_game(g), encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY5000_DATA_DIR=str(tmp_path / "data"))
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--load", str(save), "--autoplay", "--exit-after", "round"],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "game", "--load", str(bad)], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "cannot load" in proc.stderr


def test_a_save_that_cannot_be_read_is_reported_before_any_window_opens(tmp_path, monkeypatch, capsys):
    from types import SimpleNamespace

    import game.ui.app as app_mod

    def no_window(*args, **kwargs):
        raise AssertionError("a window was opened")

    monkeypatch.setattr(app_mod, "App", no_window)
    missing = tmp_path / "nothing.json"
    assert app_mod.main(SimpleNamespace(load=str(missing))) == 2
    err = capsys.readouterr().err
    assert f"cannot load {missing}" in err and "there is no such file (nothing.json)" in err and ".bak" not in err
    # a file far too large to be a save (or an endless device) is refused after 4 MB
    big = tmp_path / "big.json"
    big.write_bytes(b"{" * (5 * 2**20))
    assert app_mod.main(SimpleNamespace(load=str(big))) == 2
    err = capsys.readouterr().err
    assert f"cannot load {big}: larger than 4 MB, not a saved game" in err and ".bak" not in err
    # a pipe (which would wait for a writer) or a device is refused without opening it
    if hasattr(os, "mkfifo"):
        pipe = tmp_path / "pipe"
        os.mkfifo(pipe)
        assert app_mod.main(SimpleNamespace(load=str(pipe))) == 2
        assert f"cannot load {pipe}: a device or a pipe, not a saved game" in capsys.readouterr().err
    assert app_mod.main(SimpleNamespace(load=str(tmp_path))) == 2
    assert f"cannot load {tmp_path}: a folder, not a saved game" in capsys.readouterr().err


def test_a_data_folder_that_cannot_be_made_leaves_the_game_playable(tmp_path, monkeypatch):
    # (a file where the folder should be; no permission and a full disk end the same way)
    blocker = tmp_path / "in-the-way"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(blocker / "Rummy5000"))
    from game.ui.table import TableScene

    said = []  # every message the table shows, kept (its toasts give way to the computer seats' news)
    show = TableScene.message
    monkeypatch.setattr(TableScene, "message",
                        lambda self, text, kind="info", **kw: said.append((text, kind)) or show(self, text, kind, **kw))
    loaded = Settings.load()  # the defaults, as the settings cannot be read
    loaded.animation_speed = 0  # (so the computer seats' turns do not depend on the machine's load)
    app = App(size=SIZE, settings=loaded)
    start = app.start_game  # a deal in which the person's turn comes before the round can end
    app.start_game = lambda *a, **kw: start(*a, **{**kw, "seed": 3})
    app.show_title()
    app.pump(2)
    try:
        click(app, app.stack.top.find("new_game").rect.center)
        click(app, app.stack.top.find("start").rect.center, pump=3)
        table = app.stack.top
        assert type(table).__name__ == "TableScene"
        in_the_way = f"{blocker} is a file where a folder should be"
        assert [m for m in said if m[1] == "error"][0][0] == f"The game could not be saved: {in_the_way}"
        key(app, pygame.K_F12)
        assert (f"The screenshot could not be saved: {in_the_way}", "error") in said
        assert app.run_until(lambda: table.c.human_to_act, timeout=60)
        key(app, pygame.K_d)  # and the person plays on
        assert table.g.phase == "play" and table.g.current == table.c.human
    finally:
        app.close_scenes()
    assert blocker.read_text(encoding="utf-8") == "not a folder"


class _Quiet:
    """A stand-in for the application that opens nothing and plays nothing."""

    def __init__(self, *args, **kwargs):
        pass

    def show_title(self):
        pass

    def run(self):
        return 0


class _Breaks(_Quiet):
    """A stand-in for the application whose loop meets an error nothing handles."""

    def run(self):
        raise RuntimeError("the loop broke")


def test_an_error_nothing_handles_is_written_to_crash_log(monkeypatch, capsys):
    from types import SimpleNamespace

    import game.ui.app as app_mod
    from game import __version__

    shown = []
    monkeypatch.setattr(app_mod, "App", _Breaks)
    monkeypatch.setattr(app_mod.pygame.display, "message_box", lambda *a, **k: shown.append(a))
    assert app_mod.main(SimpleNamespace()) == 1
    assert "RuntimeError: the loop broke" in capsys.readouterr().err
    log = (user_data_dir() / "crash.log").read_text(encoding="utf-8")
    assert log.startswith(f"Rummy 5000 {__version__}, ") and "RuntimeError: the loop broke" in log
    assert "in run" in log  # the whole traceback, not just the last line
    assert not shown  # from source the terminal shows it; no box


def as_frozen_build(monkeypatch, app_class) -> list:
    """Run ``main`` as a frozen build with ``app_class`` for the App; the message boxes it
    shows are collected in the returned list."""
    import game.ui.app as app_mod

    shown: list = []
    monkeypatch.setattr(app_mod, "App", app_class)
    monkeypatch.setattr(app_mod.sys, "frozen", True, raising=False)
    monkeypatch.setattr(app_mod.pygame.display, "message_box",
                        lambda title, message, kind, **k: shown.append((title, message, kind)))
    return shown


@pytest.mark.parametrize("writable", [True, False])
def test_a_frozen_build_also_says_so_in_a_message_box(monkeypatch, capsys, tmp_path, writable):
    from types import SimpleNamespace

    import game.ui.app as app_mod

    if not writable:
        (tmp_path / "file").write_text("x")
        monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path / "file" / "data"))
    shown = as_frozen_build(monkeypatch, _Breaks)
    assert app_mod.main(SimpleNamespace()) == 1
    [(title, message, kind)] = shown
    assert title == "Rummy 5000" and kind == "error"
    # no game saved: no word of one (it said "A game in progress was saved" on a fresh start)
    assert "has to close" in message and "Continue" not in message
    where = user_data_dir() / "crash.log"
    assert (str(where) in message) == writable and where.is_file() == writable
    assert "RuntimeError: the loop broke" in capsys.readouterr().err
    if writable:  # a game saved: Continue goes on with it
        from game.ui.controller import Controller, autosave_path

        Controller.new("rummy500", 3, seed=4, save_path=autosave_path()).autosave()
        shown.clear()
        assert app_mod.main(SimpleNamespace()) == 1
        [(_, message, _)] = shown
        assert "The game in progress was saved after your last move: Continue on the title screen resumes it" in message


def test_with_no_screen_the_game_says_so_instead_of_running_unseen(monkeypatch, capsys):
    from types import SimpleNamespace

    import game.ui.app as app_mod

    made = []
    monkeypatch.setattr(app_mod, "App", lambda *a, **k: (made.append(1), _Quiet(*a, **k))[1])
    monkeypatch.setattr(app_mod.pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)  # SDL chose it: there was no screen
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert app_mod.main(SimpleNamespace()) == 2
    assert "there is no screen to open a window on (on Linux: is DISPLAY" in capsys.readouterr().err
    # said before the window and the sound start (their complaints came first: a tester)
    assert made == []
    monkeypatch.setenv("DISPLAY", ":99")  # set, but no X server there
    assert app_mod.main(SimpleNamespace()) == 2
    assert "DISPLAY=:99 names a display that cannot be reached" in capsys.readouterr().err
    # a bad option is said first, before the screen is looked at
    assert app_mod.main(SimpleNamespace(players=9)) == 2
    err = capsys.readouterr().err
    assert "cannot start the game" in err and "no screen" not in err
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # asked for: tests, benchmarks
    assert app_mod.main(SimpleNamespace()) == 0
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(app_mod.pygame.display, "get_driver", lambda: "x11")
    assert app_mod.main(SimpleNamespace()) == 0


def test_a_video_driver_that_cannot_start_is_a_clear_exit_not_a_crash(monkeypatch, capsys):
    """SDL_VIDEODRIVER naming a driver the machine lacks (x11 with no X server) makes
    pygame refuse to start the display: the game says so and exits with code 2, and a
    frozen build says it in a message box too; no crash report is written."""
    from types import SimpleNamespace

    import game.ui.app as app_mod

    class _NoDriver:
        def __init__(self, *a, **k):
            raise app_mod.pygame.error("x11 not available")

    shown = as_frozen_build(monkeypatch, _NoDriver)
    assert app_mod.main(SimpleNamespace()) == 2
    assert "rummy5000: cannot open a window: x11 not available" in capsys.readouterr().err
    assert shown == [("Rummy 5000", "Rummy 5000 cannot open a window:\n\nx11 not available", "error")]
    assert not (user_data_dir() / "crash.log").exists()


def test_one_game_runs_per_data_folder(tmp_path):
    from game.ui.instance import InstanceLock

    first, second = InstanceLock(tmp_path), InstanceLock(tmp_path)
    assert first.acquire()
    assert not second.acquire()  # held, even within one process
    first.release()
    assert second.acquire()
    second.release()
    (tmp_path / "file").write_text("x")
    assert InstanceLock(tmp_path / "file" / "data").acquire()  # nothing can be saved there anyway


@pytest.mark.skipif(sys.platform == "win32", reason="Windows locks only a file open to write")
def test_a_read_only_data_folder_still_runs_one_game(tmp_path, monkeypatch):
    """With the data folder made read-only, a second copy opened a second window (a
    tester): the lock file made before still locks, opened to read."""
    import builtins

    from game.ui import instance
    from game.ui.instance import InstanceLock

    first = InstanceLock(tmp_path)
    assert first.acquire()
    real = builtins.open

    def read_only(path, mode="r", *a, **k):
        if "a" in mode or "w" in mode:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, mode, *a, **k)

    monkeypatch.setattr(instance, "open", read_only, raising=False)
    assert not InstanceLock(tmp_path).acquire()
    first.release()
    second = InstanceLock(tmp_path)
    assert second.acquire()  # (the first let go: the second runs)
    second.release()
    assert InstanceLock(tmp_path / "none").acquire()  # no lock file there to open: nothing to protect


@pytest.mark.parametrize("frozen", [False, True])
def test_a_second_copy_says_the_game_is_open_and_opens_no_window(monkeypatch, capsys, frozen):
    from types import SimpleNamespace

    import game.ui.app as app_mod
    from game.ui.instance import InstanceLock

    def no_window(*args, **kwargs):
        raise AssertionError("a window was opened")

    shown = []
    monkeypatch.setattr(app_mod, "App", no_window)
    monkeypatch.setattr(app_mod.pygame.display, "message_box",
                        lambda title, message, kind, **k: shown.append((title, message, kind)))
    if frozen:
        monkeypatch.setattr(app_mod.sys, "frozen", True, raising=False)
    running = InstanceLock(user_data_dir())
    assert running.acquire()
    try:
        assert app_mod.main(SimpleNamespace()) == app_mod.ALREADY_OPEN
        assert app_mod.main(SimpleNamespace(preset="basic", players=2)) == app_mod.ALREADY_OPEN
    finally:
        running.release()
    assert "the game is already open" in capsys.readouterr().err
    assert [kind for _, _, kind in shown] == (["info", "info"] if frozen else [])
    assert all("already open in another window" in message for _, message, _ in shown)
    monkeypatch.setattr(app_mod, "App", _Breaks)  # once the first has closed, a copy starts
    assert app_mod.main(SimpleNamespace()) == 1 and "the loop broke" in capsys.readouterr().err


def test_a_second_copy_started_from_the_command_line_exits_at_once(tmp_path):
    from game.ui.instance import InstanceLock

    running = InstanceLock(tmp_path)
    assert running.acquire()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY5000_DATA_DIR=str(tmp_path))
    try:
        proc = subprocess.run([sys.executable, "-m", "game", "--preset", "basic", "--players", "2"],
                              cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120)
    finally:
        running.release()
    assert proc.returncode == 3 and "already open" in proc.stderr
    assert not (tmp_path / "autosave.json").exists()


def test_exit_after_round(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY5000_DATA_DIR=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--seed", "2", "--players", "8", "--exit-after", "round"],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_time_spent_waiting_for_input_counts_in_full(app, monkeypatch):
    """A message shown for 3.2 s goes after 3.2 s on an idle table: the loop sleeps up to a
    second at a time, and that sleep counts; only a stall beyond it is not played as time."""
    import game.ui.app as app_module

    clock = [100.0]

    def wait(timeout):
        clock[0] += timeout
        return []

    monkeypatch.setattr(app_module, "time", SimpleNamespace(
        perf_counter=lambda: clock[0], process_time=time.process_time, sleep=lambda s: None))
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    monkeypatch.setattr(app, "_wait", wait)
    monkeypatch.setattr(app, "clock", SimpleNamespace(tick=lambda fps: wait(1 / fps)))
    app._last = clock[0]
    scene.toasts.clear()
    scene.message("hello", ttl=3.2)
    start = clock[0]
    while scene.toasts and clock[0] - start < 30:
        app.step(block=True)
        clock[0] += 0.001  # drawing takes a moment
    assert not scene.toasts and clock[0] - start < 3.6
    # a stall of ten seconds counts as a quarter of a second, as before
    scene.message("again", ttl=3.2)
    app.step(block=True)
    clock[0] += 10.0
    age = scene.toasts[-1].age
    app.step(block=False)
    assert scene.toasts[-1].age - age <= 0.25 + 1e-9


@pytest.mark.parametrize("preset,shown", [("rummy500", True), ("basic", False)])
def test_points_melded_so_far_show_only_where_melds_score(app, monkeypatch, preset, shown):
    """In basic rummy only the hands count: the plates and scores show no "+24" for melds."""
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", preset=preset, wild=None, melds=[(0, "7♥ 8♥ 9♥")])
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    melded = f"+{g.melded_points()[0]}"
    assert g.melded_points()[0] > 0 and (melded in drawn) == shown


@pytest.mark.parametrize("players,factor", [(3, 1.0), (5, 1.0), (8, 4 / 7)])
def test_computer_pauses_shrink_at_a_big_table(players, factor):
    from game.ui.controller import BOT_DELAY, DRAW_PAUSE

    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", players=players, current=1)
    seats = [Seat("You", "human", "")] + [Seat(g.seat_name(s), "bot", "normal") for s in range(1, players)]
    c = Controller(g, seats, settings=settings(), seed=1)
    c.update(0.0)
    assert c.wait_until - c.now == pytest.approx(BOT_DELAY["normal"] * DRAW_PAUSE * factor)
    c.close()


def test_a_narrow_name_plate_keeps_the_total_before_this_rounds_points(monkeypatch):
    """Eight players in a small window (the smallest the window goes, 1024x640 and less in
    case a window manager lets it): each plate still shows the seat's total; this
    round's "+N" goes first when both do not fit (both are in the sidebar too)."""
    app = App(size=(900, 700), settings=settings())
    melds = [(s, f"{r}♣ {r}♦ {r}♠") for s, r in enumerate(["3", "4", "5", "6", "7", "9", "J", "Q"])]
    g = build({0: "2♣ 8♥"}, pile="K♦", players=8, melds=melds, wild=None)
    g.scores = [1265, 2625, 4235, 3455, 1040, 2210, 3980, 4120]
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch, where=True)
    app.draw()
    for seat, sb in enumerate(scene.layout.seats):
        if seat == scene.bottom:
            continue
        on_plate = [t for t, pos in drawn if sb.plate.collidepoint(pos)]
        total = f"{g.scores[seat]:,}"
        assert any(t == total or t.startswith(total + " ") for t in on_plate), (seat, on_plate)
    app.close_scenes()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_plate_short_of_room_keeps_floating_before_the_word_pts(monkeypatch, size):
    app = App(size=size, settings=settings())
    melds = [(s, f"{r}♣ {r}♦ {r}♠") for s, r in enumerate(["3", "4", "5", "6"])]
    g = build({0: "2♣ 8♥"}, pile="K♦", players=4, melds=melds, wild=None)
    g.scores = [1265, 2625, 4235, 3455]
    g.floating[2] = True
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch, where=True)
    app.draw()
    labels = {}
    for seat, sb in enumerate(scene.layout.seats):
        if seat != scene.bottom:
            labels[seat] = [t for t, pos in drawn if sb.plate.collidepoint(pos) and t.startswith(f"{g.scores[seat]:,}")]
    assert all(lab for lab in labels.values()), labels  # every plate keeps its total
    # "floating" is said: on the total's line (never dropped while "pts" stays there), or on
    # a plate of three lines with the level
    plate = scene.layout.seats[2].plate
    assert "floating" in labels[2][0] or any(
        t.endswith("floating") for t, pos in drawn if plate.collidepoint(pos)), labels
    if scene.layout.plate_rows == 3:
        assert all("floating" not in lab[0] for lab in labels.values()), labels
    app.close_scenes()


def test_continue_keeps_the_hand_as_the_person_arranged_it(app, tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    scene = app.start_game("rummy5000", 3, seed=4)
    advance(app, scene)
    app.run_until(lambda: scene.c.human_to_act and not scene.anim.active, timeout=20)
    mine = list(reversed(scene.order))  # an order no sort gives
    scene.order = list(mine)
    advance(app, scene)  # a move saves the game, with the hand as shown
    kept = [c for c in mine if c in scene.g.hands[scene.bottom]]
    again = app.continue_game()
    assert again.order[:len(kept)] == kept and sorted(again.order) == sorted(again.g.hands[again.bottom])
    # saved again at once on continuing: still there after a second continue
    assert app.continue_game().order == again.order


def test_continue_keeps_a_drawn_card_and_a_rearranged_hand_where_they_were(app, tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    scene = app.start_game("rummy5000", 3, seed=4)
    app.run_until(lambda: scene.c.human_to_act and scene.g.phase == "draw" and not scene.anim.active,
                  timeout=30)
    scene.order = list(reversed(scene.order))  # arranged: new cards go where they are put
    scene.insert_at = 2
    scene.draw_stock()
    drawn = scene.order[2]
    assert app.continue_game().order == scene.order and scene.order[2] == drawn  # (saved with it)
    scene = app.stack.top
    scene.focus_zone, scene.focus_index = "hand", 2
    key(app, pygame.K_RIGHT)  # (shows the focus)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    moved = list(scene.order)
    assert moved[3] == drawn
    assert app.continue_game().order == moved  # a rearrangement alone is saved too


def saved_with_order(folder, order) -> Path:
    """A saved game whose seat list gives the person's hand ``order``."""
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    seats = [Seat("You", "human", ""), Seat("Ann", "bot", "hard"), Seat("Bo", "bot", "easy")]
    save = folder / "autosave.json"
    Controller(g, seats, settings=settings(), save_path=save, seed=1).autosave()
    info = json.loads((folder / "autosave.json.seats").read_text())
    info[0]["order"] = order
    (folder / "autosave.json.seats").write_text(json.dumps(info))
    return save


@pytest.mark.parametrize("order", [["a", 1], [True], "12", None])
def test_a_damaged_hand_order_is_ignored(tmp_path, order):
    save = saved_with_order(tmp_path, order)
    assert Controller.load(save).hand_order is None


def test_a_hand_order_shows_each_card_once(app, tmp_path):
    j, nine = int(c("J♠")), int(c("9♣"))
    save = saved_with_order(tmp_path, [j, j, 999, nine])
    loaded = Controller.load(save, settings=app.settings)
    scene = app.play(loaded)
    app.pump(2)
    assert scene.order[:2] == [c("J♠"), c("9♣")] and sorted(scene.order) == sorted(loaded.g.hands[0])


def test_a_saved_hand_order_gives_cards_and_a_card_played_from_it_is_one(app, tmp_path):
    """The saved order is numbers; read back, they are cards again, so that a card played
    from the hand reaches the engine (and the pile) as a card, not a bare number."""
    j = c("J♠")
    save = saved_with_order(tmp_path, [int(j), int(c("9♣"))])
    loaded = Controller.load(save, settings=app.settings)
    assert loaded.hand_order == [j, c("9♣")] and all(type(x) is Card for x in loaded.hand_order)
    loaded.g.phase = "play"  # (the person has drawn)
    scene = app.play(loaded)
    app.pump(2)
    assert all(type(x) is Card for x in scene.order)
    assert scene.discard(scene.order[0])
    assert loaded.g.pile[-1] == j and type(loaded.g.pile[-1]) is Card and str(loaded.g.pile[-1]) == "J♠"


def test_a_group_of_jokers_is_named_as_such():
    """Persian rummy: jokers are not wild and meld as their own groups (rank 0)."""
    from game.ui.table import shape_label, short_meld

    g = build({0: "Jk Jk#2 Jk#3 5♥ J♠"}, pile="Q♦", preset="persian", players=4, wild=None)
    jokers = parse_cards("Jk Jk#2 Jk#3")
    shapes = shapes_for(g.ctx, jokers)
    assert shapes and shape_label(shapes[0], 3) == "group of jokers"
    assert short_meld(make_meld(g.ctx, jokers, shapes[0], 0, 1)) == "jokers"
    kings = parse_cards("K♣ K♦ K♥")
    assert short_meld(make_meld(g.ctx, kings, shapes_for(g.ctx, kings)[0], 0, 2)) == "kings"


def test_seat_colours_are_told_apart():
    """Every seat's colour (name dots, meld labels, card tabs) is far from every other's in
    RGB; the person's gold above all (an orange seat beside it was hard to tell)."""
    import itertools
    import math

    from game.ui.table import SEAT_COLOURS

    assert len(set(SEAT_COLOURS)) == 8
    assert min(math.dist(a, b) for a, b in itertools.combinations(SEAT_COLOURS, 2)) > 70
    assert min(math.dist(SEAT_COLOURS[0], b) for b in SEAT_COLOURS[1:]) > 100


def step(app, scene):
    """One move: :func:`advance`, or the person's discard after their draw."""
    c = scene.c
    if c.human_to_act and c.g.phase == "play":
        c.act(next(a for a in c.g.legal_actions() if isinstance(a, Discard)))
    else:
        advance(app, scene)


def test_continue_shows_the_rounds_last_moves(app, tmp_path, monkeypatch):
    scene, save, _ = saved_game(app, tmp_path, monkeypatch)
    for _ in range(3):
        step(app, scene)
    before = scene.c.move_lines()
    assert len(before) >= 2 and all(isinstance(words, str) for _, words in before)
    again = app.continue_game()
    assert again is not scene and not again.c.moves
    assert again.c.move_lines() == before
    drawn = record_text(again, monkeypatch)
    app.draw()
    assert "Last moves" in drawn
    seat, words = before[-1]
    assert f"{again.c.seats[seat].name} {words}" in drawn
    # a move made after Continue joins the list, and the list is saved again with it
    step(app, again)
    assert again.c.move_lines()[:-1][-len(before):] == before
    assert Controller.load(save).move_lines() == again.c.move_lines()


def test_l_shows_every_move_of_the_round_over_the_waiting_table(app, tmp_path, monkeypatch):
    from game.ui import sheets

    scene, _, _ = saved_game(app, tmp_path, monkeypatch)
    for _ in range(6):
        step(app, scene)
    lines = scene.c.move_lines()
    assert len(lines) >= 6
    key(app, pygame.K_l)
    sheet = app.stack.top
    assert isinstance(sheet, sheets.MovesScene) and sheet.title == f"Round {scene.g.round_no}"
    assert [text for _, text in sheet.lines] == [f"{scene.c.seats[s].name} {w}" for s, w in lines]
    assert [colour for colour, _ in sheet.lines] == [scene._seat_colour(s) for s, _ in lines]
    assert "You drew from the stock" in [text for _, text in sheet.lines]
    version, clock = scene.c.version, scene.clock
    app.pump(5)
    assert scene.clock == clock and scene.c.version == version  # the table waits underneath
    key(app, pygame.K_l)  # L closes it as it opens it
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1 + scene.choice.options.index("Moves this round (L)"))
    assert isinstance(app.stack.top, sheets.MovesScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # a click on the last moves in the sidebar shows them all, and one on the scores every round's
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert "Last moves" in drawn and "all: L" in drawn
    log = scene._log_area()
    click(app, (log.centerx, log.y + log.h // 3))
    assert isinstance(app.stack.top, sheets.MovesScene)
    key(app, pygame.K_ESCAPE)
    click(app, scene.layout.score_rows()[1].center)
    assert isinstance(app.stack.top, sheets.ScoresScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_a_long_round_keeps_every_move():
    c = Controller.new("rummy5000", 4, levels=["random"] * 4, seed=5, autoplay=True,  # long rounds
                       settings=settings(animation_speed=0))
    for _ in range(20000):
        c.update(0.01)
        if len(c.moves) > 120 or c.g.phase in ("round_over", "game_over"):
            break
    assert len(c.moves) > 60  # (a round used to keep its last 50)
    assert c.move_lines() == [(seat, words) for seat, _, _, words in c.moves]
    import re  # (the words are the move's, each wild put down said as one)
    assert all(re.sub(r" \((wild, )?for [^)]*\)| \(wild\)", "", words) == action_words(a, ev)
               for _, a, ev, words in c.moves)


def test_the_saved_last_moves_are_the_rounds_only(app, tmp_path, monkeypatch):
    _, save, _ = saved_game(app, tmp_path, monkeypatch)
    seats_file = tmp_path / "autosave.json.seats"
    info = json.loads(seats_file.read_text())
    assert info[0]["moves"]
    info[0]["moves_round"] += 1  # another round's list
    seats_file.write_text(json.dumps(info))
    assert Controller.load(save).move_lines() == []


@pytest.mark.parametrize("moves", [[[0, 7]], [[9, "drew"]], [[True, "drew"]], "drew", [[0, "drew", 1]]])
def test_a_damaged_list_of_last_moves_is_dropped(app, tmp_path, monkeypatch, moves):
    _, save, _ = saved_game(app, tmp_path, monkeypatch)
    seats_file = tmp_path / "autosave.json.seats"
    info = json.loads(seats_file.read_text())
    info[0]["moves"] = [[1, "drew from the stock"], *moves] if isinstance(moves, list) else moves
    seats_file.write_text(json.dumps(info))
    loaded = Controller.load(save)
    assert loaded.move_lines() == [] and loaded.g.players == 3


def test_a_long_pile_take_closes_up_rather_than_cover_the_sidebar(app):
    pile = "2♣ 3♦ 4♠ 6♥ 7♣ 8♦ 10♠ J♥ Q♣ K♦ A♠ 2♥ 3♠ 4♦"
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile=pile, preset="rummy500", wild=None)
    scene = play(app, g)
    L = scene.layout
    start = spot(scene, c("2♣"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    limit = L.sidebar.x - L.pad
    w = scene.places[c("2♣")].rect.w
    for x in (start[0] + 10, limit - 3 * w):
        post(pygame.MOUSEMOTION, pos=(x, L.hand_area.centery), rel=(0, 0), buttons=(1, 0, 0))
        app.pump(1)
        d = scene.drag
        assert d is not None and d.kind == "pile" and len(d.cards) == 14
        rects = d.rects()
        # the card held stays under the mouse, the order of the row is kept
        assert rects[0].topleft == (d.pos[0] + d.offsets[0][0], d.pos[1] + d.offsets[0][1])
        assert [r.x for r in rects] == sorted(r.x for r in rects)
        assert max(r.right for r in rects) <= limit
    # at the sidebar's edge the row closes up only so far: each card's corner still shows
    post(pygame.MOUSEMOTION, pos=(limit - w, L.hand_area.centery), rel=(0, 0), buttons=(1, 0, 0))
    app.pump(1)
    rects, d = scene.drag.rects(), scene.drag
    assert abs((rects[-1].x - rects[0].x) - (d.offsets[-1][0] - d.offsets[0][0]) * 0.25) <= 1
    post(pygame.MOUSEBUTTONUP, pos=(start[0] + 10, L.hand_area.centery), button=1)
    app.pump(2)


def test_a_short_drag_keeps_the_cards_spacing(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="2♣ 3♦ 4♠", preset="rummy500", wild=None)
    scene = play(app, g)
    start = spot(scene, c("2♣"))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.pump(1)
    post(pygame.MOUSEMOTION, pos=(start[0] + 12, start[1] + 40), rel=(0, 0), buttons=(1, 0, 0))
    app.pump(1)
    d = scene.drag
    assert [(r.x - d.pos[0], r.y - d.pos[1]) for r in d.rects()] == d.offsets
    post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    app.pump(2)


@pytest.fixture
def menu_app():
    """An application with the real settings (in the tests' own data folder)."""

    a = App(size=SIZE, settings=Settings.load())
    yield a
    a.close_scenes()


def test_menu_screens_draw_what_a_click_a_key_or_the_mouse_changed(menu_app):
    """Every key and click is shown in the next frame; a mouse motion only when it changed
    a mark on screen (the loop otherwise sleeps without drawing)."""
    from game.ui.menus import RulesScene

    app = menu_app
    app.show_title()
    app.pump(2)
    title = app.stack.top

    def frames_after(*events) -> int:
        before = app.frames
        for type_, attrs in events:
            post(type_, **attrs)
        app.pump(1)
        return app.frames - before

    rules = title.find("rules").rect
    assert frames_after((pygame.MOUSEMOTION, dict(pos=rules.center, rel=(1, 0), buttons=(0, 0, 0)))) == 1
    assert title.find("rules").hover
    # within the same button nothing changes: no frame
    assert frames_after((pygame.MOUSEMOTION, dict(pos=rules.move(3, 0).center, rel=(3, 0), buttons=(0, 0, 0)))) == 0
    assert frames_after((pygame.KEYDOWN, dict(key=pygame.K_DOWN, mod=0, unicode="", scancode=0))) == 1
    assert frames_after((pygame.MOUSEBUTTONDOWN, dict(pos=rules.center, button=1)),
                        (pygame.MOUSEBUTTONUP, dict(pos=rules.center, button=1))) == 1
    screen = app.stack.top
    assert isinstance(screen, RulesScene)
    app.pump(2)
    assert frames_after() == 0  # idle: nothing is drawn
    offset = screen.scroll.offset
    assert frames_after((pygame.MOUSEWHEEL, dict(x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))) == 1
    assert screen.scroll.offset > offset


def test_the_menu_pauses_the_game(app):
    """With the Esc menu open the computer players wait (as under the rules screen), and
    the loop has nothing to wake up for; "Back to the game" lets them go on."""
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", current=1)
    scene = play(app, g)
    key(app, pygame.K_ESCAPE)
    assert scene.choice is not None and scene.paused
    version = scene.c.version
    for _ in range(6):
        scene.update(1.0)  # six seconds: far longer than a computer player's pause
        time.sleep(0.02)
    assert scene.c.version == version and g.current == 1
    assert scene.next_wake() is None and not scene.busy
    key(app, pygame.K_1 + scene.choice.options.index("Back to the game"))
    assert scene.choice is None and not scene.paused
    assert app.run_until(lambda: scene.c.version != version, timeout=10)


def test_a_choice_about_a_move_does_not_pause_the_game(app):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", current=1)
    scene = play(app, g)
    scene._ask("Which?", ["one", "two"], lambda i: None)
    assert scene.choice is not None and not scene.paused


@pytest.mark.parametrize("rule, status", [
    ("meld_or_layoff", "Meld or lay off the 8♥ you took, then discard"),
    ("new_meld", "Put the 8♥ you took into a new meld, then discard"),
])
def test_the_status_after_a_deep_take_says_what_the_rule_asks(app, rule, status):
    g = build({0: "8♣ 8♦ 2♠"}, pile="4♦ 8♥ 3♣", preset="rummy500", wild=None)
    g.rules = Rules.preset("rummy500", deep_take_use=rule)
    scene = play(app, g)
    scene.c.act(TakePile(c("8♥")))
    assert scene.c.status() == status
    # with the keys and a meld's cards selected, Enter's meld is named before the discard
    # (it offered "(X)" alone, which is refused until the card is used: a tester)
    assert scene.c.status(keys=True, focus="hand", selected=3, x="focus") == \
        f"{status} (Enter melds the selected cards; then X)"
    assert scene.c.status(keys=True, focus="hand", selected=0, x="focus") == f"{status} (X)"


def test_hand_tags_sit_over_the_cards_visible_strip(app):
    hand = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 2♦ 3♦ 4♦ 5♦"
    g = build({0: hand}, pile="Q♦")
    g.upcards[0] = c("7♣")
    scene = play(app, g)
    scene._place()
    assert scene.hand_tags() == {c("7♣"): "up"}
    tag = scene.tag_rects()[c("7♣")]
    r = scene.places[c("7♣")].rect
    nxt = min(p.rect.x for p in scene.places.values() if p.zone == "hand" and p.rect.x > r.x)
    assert nxt - r.x < r.w * 0.8  # a fanned hand: part of the card is under the next one
    # centred on the strip that shows, not on the whole card (which reaches under the next)
    assert abs(tag.centerx - (r.x + nxt) / 2) <= 2 and abs(tag.centerx - r.centerx) > 5
    assert tag.bottom == r.y + 1


def test_a_top_card_taken_alone_that_may_not_be_discarded_is_tagged(app):
    g = build({0: "8♣ 8♦ 2♠ K♣"}, pile="4♦ 8♥ 3♣", preset="rummy500", wild=None)
    assert g.rules.top_take_no_return
    scene = play(app, g)
    scene.c.act(TakePile(c("3♣")))
    app.pump(2)
    assert scene.hand_tags() == {c("3♣"): "took"}
    scene.c.act(Discard(c("2♠")))  # the turn is over: the tag goes
    app.pump(2)
    assert scene.hand_tags() == {}


def test_a_stock_card_that_must_be_melded_or_discarded_is_tagged_and_named(app):
    g = build({0: "8♣ 8♦ 2♠ K♣"}, pile="4♦ 8♥ 3♣")
    g.rules = Rules.preset("rummy5000", stock_draw_must_use=True)
    scene = play(app, g)
    scene.c.act(DrawStock())
    app.pump(2)
    drew = g.stock_card
    assert drew is not None and scene.hand_tags() == {drew: "drew"}
    assert scene.c.status() == f"Meld the {card_name(drew)} you drew from the stock, or discard it"
    scene.c.act(Discard(drew))
    app.pump(2)
    assert scene.hand_tags() == {}


def test_the_card_drawn_from_the_stock_is_tagged_new_until_the_turn_ends(app):
    g = build({0: "8♣ 8♦ 2♠ K♣ 5♥ 9♦ J♠"}, pile="4♦ 8♥ 3♣")
    g.stock.append(c("7♥"))  # the next card drawn
    scene = play(app, g)
    scene.sort_hand("rank")
    click(app, scene.layout.stock.center)
    assert c("7♥") in g.hands[0] and scene.hand_tags() == {c("7♥"): "new"}
    assert c("7♥") in scene.tag_rects()  # (drawn over its strip, as the other tags)
    scene.c.act(Discard(c("2♠")))  # the turn is over: the tag goes, also on the next turn
    app.pump(2)
    assert scene.hand_tags() == {}
    assert scene.drew_new is not None and scene.drew_new[1] != scene.turn_key()  # (not on the next turn)


def test_continue_keeps_the_new_tag_of_the_card_drawn_this_turn(app, tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    scene = app.start_game("rummy5000", 3, seed=4)
    app.run_until(lambda: scene.c.human_to_act and scene.g.phase == "draw" and not scene.anim.active,
                  timeout=30)
    scene.draw_stock()
    app.pump(2)
    tags = scene.hand_tags()
    drawn = next(x for x, tag in tags.items() if tag == "new")
    again = app.continue_game()
    app.pump(2)
    assert again.hand_tags() == tags and again.drew_new == (drawn, again.turn_key())
    human = again.c.human
    again.c.act(Discard(next(x for x in again.g.hands[human] if x != drawn)))
    app.pump(2)
    assert app.continue_game().hand_tags().get(drawn) != "new"  # the turn is over: gone, also after Continue


@pytest.mark.parametrize("key,value", [("drew", v) for v in (["a", 1, 1], [True, 1, 1], [5000, 1, 1], 7, [1, 2])]
                         + [("took", v) for v in (["a", 1, 1], [[], 1, 1], [[5000], 1, 1], 7, [[1], 2])])
def test_a_damaged_new_tag_in_a_save_is_ignored(tmp_path, key, value):
    save = saved_with_order(tmp_path, None)
    info = json.loads((tmp_path / "autosave.json.seats").read_text())
    info[0][key] = value
    (tmp_path / "autosave.json.seats").write_text(json.dumps(info))
    assert getattr(Controller.load(save), f"{key}_new") is None


def test_the_card_taken_deepest_is_tagged_until_it_is_used(app):
    g = build({0: "8♣ 8♦ 2♠ K♣"}, pile="4♦ 8♥ 3♣", preset="rummy500", wild=None)
    scene = play(app, g)
    assert scene.hand_tags() == {}
    scene.c.act(TakePile(c("8♥")))
    app.pump(2)
    # the card that came with it is "new" (only the deepest was tagged, and a new player lost
    # track of the others: a tester)
    assert scene.hand_tags() == {c("8♥"): "took", c("3♣"): "new"}
    order = []
    for name in ("_draw_hover", "_draw_focus", "_draw_hand_tags"):
        real = getattr(scene, name)
        setattr(scene, name, lambda *a, _n=name, _f=real: (order.append(_n), _f(*a))[1])
    scene.invalidate()
    app.draw()
    assert order == ["_draw_hover", "_draw_focus", "_draw_hand_tags"]  # tags over the frames
    scene.c.act(MeldCards((c("8♣"), c("8♦"), c("8♥"))))
    app.pump(2)
    assert scene.hand_tags() == {c("3♣"): "new"}
    scene.c.act(Discard(c("2♠")))
    app.pump(2)
    assert scene.hand_tags() == {}


def test_continue_keeps_the_tags_of_the_cards_taken_from_the_pile(app, tmp_path):
    g = build({0: "8♣ 8♦ 2♠ K♣"}, pile="4♦ 8♥ 3♣", preset="rummy500", wild=None)
    scene = play(app, g, tmp_path)
    scene.c.act(TakePile(c("8♥")))
    app.pump(2)
    tags = scene.hand_tags()
    assert tags == {c("8♥"): "took", c("3♣"): "new"}
    loaded = Controller.load(tmp_path / "autosave.json")
    assert loaded.took_new == ((c("8♥"), c("3♣")), scene.turn_key())
    again = app.play(loaded)
    app.pump(3)
    assert again.hand_tags() == tags


def test_a_card_for_a_set_with_a_wild_joins_it_without_a_question(app):
    """On a set, beside the wild or at the end come to the same when the wild stays."""
    g = build({0: "10♦ 4♠ 5♥"}, pile="Q♦", melds=[(0, "10♠ 10♥ K♣")], phase="play")  # kings wild
    m = g.melds[0]
    assert m.kind == "set"
    scene = play(app, g)
    assert scene.c.is_legal(Cover(c("10♦"), m.id)) and scene.c.is_legal(LayOff(c("10♦"), m.id))
    scene.lay_off([c("10♦")], m.id, drop_x=None)
    assert scene.choice is None and c("10♦") in g.meld_by_id(m.id).cards


def test_with_swap_a_card_for_a_sets_wild_asks_and_says_what_each_choice_does(app):
    g = build({0: "10♦ 4♠ 5♥"}, pile="Q♦", melds=[(0, "10♠ 10♥ K♣")], phase="play")
    g.rules = Rules.preset("rummy5000", wild_after_meld="swap")
    scene = play(app, g)
    scene.lay_off([c("10♦")], g.melds[0].id, drop_x=None)
    assert scene.choice is not None
    assert any("the wild comes to your hand" in o for o in scene.choice.options)


def test_a_wild_a_swap_brings_back_takes_the_place_of_the_card_laid_on_it(app):
    """A swap put the wild at the right end of a hand the person had arranged, moving the
    card they meant to throw next (a tester): it takes the place of the card laid; a sorted
    hand stays sorted."""
    g = build({0: "5♥ 10♦ 4♠ 9♣"}, pile="Q♦", melds=[(0, "10♠ 10♥ K♣")], phase="play")
    g.rules = Rules.preset("rummy5000", wild_after_meld="swap")
    scene = play(app, g)
    scene.order = [c(x) for x in "5♥ 10♦ 4♠ 9♣".split()]  # (arranged by hand: not sorted)
    assert scene._act(Cover(c("10♦"), g.melds[0].id))
    app.pump(2)
    assert c("K♣") in g.hands[0]
    assert scene.order == [c(x) for x in "5♥ K♣ 4♠ 9♣".split()]
    # and says so: a swap made as the only move Enter could make went unnoticed
    assert scene.toasts[-1].text == "You swapped the 10♦ for the wild K♣, now in your hand"
    g = build({0: "5♥ 10♦ 4♠ 9♣"}, pile="Q♦", melds=[(0, "10♠ 10♥ K♣")], phase="play")
    g.rules = Rules.preset("rummy5000", wild_after_meld="swap")
    scene = play(app, g)
    scene.sort_hand("suit")
    assert scene._act(Cover(c("10♦"), g.melds[0].id))
    app.pump(2)
    assert scene.order == scene._sorted(scene.order) and c("K♣") in scene.order


def test_a_long_last_move_goes_on_to_a_second_line_and_the_newest_moves_stay(app, monkeypatch):
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
    scene = play(app, g)
    scene.c.seats[2].name = "Bartholomew"
    long = "took the pile from the 8♣ (12 cards)"
    short = [(1, f"discarded {n}♣") for n in range(2, 10)] * 5
    scene.c.earlier_moves = short + [(2, long)]
    drawn = record_text(scene, monkeypatch, where=True)
    app.draw()
    top = next(pos[1] for t, pos in drawn if t == "Last moves")
    side = scene.layout.sidebar
    rows = [(t, pos) for t, pos in drawn if pos[1] > top and side.x < pos[0] < side.right]
    rows = rows[:next(i for i, (t, _) in enumerate(rows) if t.endswith(long.split()[-1])) + 1]
    first, second = rows[-2], rows[-1]
    assert f"{first[0]} {second[0]}" == f"Bartholomew {long}" and first[0].startswith("Bartholomew took")
    assert second[1][0] > first[1][0] and second[1][1] > first[1][1]  # indented, on the next line
    font = scene.text.font(scene.layout.font_small)
    assert all(x + font.size(t)[0] <= side.right for t, (x, _) in rows)  # nothing shrunk or cut
    # the two lines take the place of the oldest move: one move fewer than without the long one
    scene.c.earlier_moves = short + [(1, "drew from the stock")]
    drawn.clear()
    app.draw()
    assert sum(pos[1] > top and side.x < pos[0] < side.right for _, pos in drawn) >= len(rows)


def test_a_hinted_take_is_framed_once_round_every_card_it_brings_the_top_card_too(app):
    from game.ui.table_paint import HINT

    g = build({0: "10♣ J♣ 9♦ Q♥ K♥ 8♠"}, pile="3♦ 5♦ K♦ 2♠ 10♥ A♣ K♣ Q♦", players=4, preset="rummy500",
              wild=None)
    scene = play(app, g)
    scene.c._hint_from = lambda view, what: TakePile(c("K♦"))
    click(app, scene.buttons["hint"].rect.center)
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    taken = [scene.places[k].rect for k in g.pile[2:]]
    box = taken[0].unionall(taken[1:]).inflate(8, 8)
    for x, y in ((box.right - 2, box.centery), (box.centerx, box.top + 1), (box.x + 1, box.centery)):
        r, gr, b = tuple(surface.get_at((x, y)))[:3]  # (the hint's purple, softened at the edges)
        assert b == HINT[2] and b - gr > 60 and r > 150, (x, y, (r, gr, b))


def test_the_keyboard_focus_frame_leaves_a_hint_or_selection_frame_showing(app, monkeypatch):
    from game.ui.table_paint import FOCUS, HINT, SELECT

    g = build({0: "2♣ 5♦ 9♠ J♥ 4♣"}, pile="Q♦", phase="play")
    g.stock_card = None
    scene = play(app, g)
    key(app, pygame.K_RIGHT)  # the keyboard is in use: its focus frame shows
    focused = scene.order[scene.focus_index]
    scene.hint_cards = {focused}
    scene.selected = [focused]
    frames = []
    outline = scene._outline
    monkeypatch.setattr(scene, "_outline", lambda surf, r, col: (frames.append((Rect(r), col)),
                                                                   outline(surf, r, col)))
    app.draw()
    card = scene.places[focused].rect
    focus = [r for r, col in frames if col == FOCUS]
    assert len(focus) == 1 and frames[-1][1] == FOCUS
    # the selection's frame just outside the card, the hint's round it, and the focus frame,
    # drawn last, round both
    assert [r for r, cl in frames if cl == SELECT] == [card.inflate(4, 4)]
    assert [r for r, cl in frames if cl == HINT] == [card.inflate(12, 12)]
    assert focus[0].contains(card.inflate(20, 20))
    scene.selected = []  # the hint alone: its frame on the card, the focus frame round it
    frames.clear()
    app.draw()
    assert [r for r, cl in frames if cl == HINT] == [card]
    focus = [r for r, col in frames if col == FOCUS]
    assert focus[0].contains(card.inflate(8, 8)) and focus[0] != card


@pytest.mark.parametrize("zone", ["hand", "pile"])
def test_the_keyboard_focus_frame_leaves_the_next_cards_corner_showing(app, monkeypatch, zone):
    """The focus frame on a card of the hand's loose fan or the pile went over the next
    card's corner index (a tester): the next card covers it, as it covers the card."""
    from game.ui.table_paint import FOCUS

    g = build({0: "2♣ 5♦ 9♠ J♥ 4♣"}, pile="Q♦ 8♦ 9♣ 6♥", phase="play")
    g.stock_card = None
    scene = play(app, g)
    scene.keyboard = True
    scene.focus_zone = zone
    scene.focus_index = 0
    cards = scene.order if zone == "hand" else g.pile
    outline = scene._outline

    def drawn(frame: bool) -> pygame.Surface:
        monkeypatch.setattr(scene, "_outline", lambda surf, r, col: (frame or col != FOCUS) and outline(surf, r, col))
        surface = pygame.Surface(scene.size)
        scene.draw(surface)
        return surface

    framed, bare = drawn(True), drawn(False)
    card, nxt = scene.places[cards[0]].rect, scene.places[cards[1]].rect
    assert nxt.x < card.right + 6  # (the case: the frame reaches the next card)
    face = nxt.inflate(0, -nxt.w // 4)  # (a frame may show through its rounded corners)
    assert pygame.image.tobytes(framed.subsurface(face), "RGB") == pygame.image.tobytes(bare.subsurface(face), "RGB")
    # (the frame still shows round the rest of the focused card)
    assert framed.get_at((card.x - 6, card.centery)) == FOCUS


@pytest.mark.parametrize("score", [15, 1234])
def test_a_narrow_dealers_plate_keeps_the_score(monkeypatch, score):
    small = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", players=8)
        scene = play(small, g)
        narrowest = min(range(1, 8), key=lambda s: scene.layout.seats[s].plate.w)
        g.dealer = narrowest
        g.scores[narrowest] = score
        drawn = record_text(scene, monkeypatch, where=True)
        small.draw()
        plate = scene.layout.seats[narrowest].plate
        on_plate = [t for t, (x, y) in drawn if plate.collidepoint(x, y)]
        assert scene.c.seats[narrowest].name in on_plate  # the name whole
        assert any(t.split(" ")[0] == f"{score:,}" for t in on_plate), on_plate  # and the score
    finally:
        small.close_scenes()


def test_after_a_round_the_points_beside_each_name_are_what_it_added(app, monkeypatch):
    g = build({0: "9♣ 9♠ 9♦ 5♥"}, pile="Q♦", preset="rummy500", wild=None, phase="play")
    g.scores = [100, 100, 100]  # (so that no total reads like a round's points)
    scene = play(app, g)
    scene.c.act(MeldCards((c("9♣"), c("9♠"), c("9♦"))))
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert "+27" not in drawn  # (the cards count once they are there: they are on their way)
    scene.anim.finish()
    drawn.clear()
    scene.invalidate()
    app.draw()
    assert "+27" in drawn  # melded so far
    scene.c.act(Discard(c("5♥")))
    assert g.phase in ("round_over", "game_over")
    points = g.results[-1].points
    monkeypatch.undo()
    drawn = record_text(scene, monkeypatch, where=True)
    app.draw()
    rows = scene.layout.score_rows()
    loser = min(range(g.players), key=lambda s: points[s])
    assert points[loser] < 0
    from game.ui.rules_text import points_text

    for seat in (0, loser):  # in the sidebar's score list, on the seat's own row
        row = rows[seat]
        assert any(t == points_text(points[seat], True) and row.top <= y <= row.bottom and row.centerx < x <= row.right
                   for t, (x, y) in drawn), seat


def test_a_card_laid_off_counts_in_the_tag_and_the_points_once_it_lands(app):
    """A lay-off's tag ("#1 4–7♠") and the seat's points changed while the card was still
    in the air (a tester): they change as it lands. Cards only sliding within the meld area
    (it closes up, the cards shrink) count all the while."""
    g = build({0: "7♠ 2♦ K♣"}, melds=[(0, "4♠ 5♠ 6♠")], phase="play", preset="rummy500", wild=None)
    scene = play(app, g)
    scene.anim.finish()
    m = g.melds[0]
    assert scene._meld_tag(m) == "#1 4–6♠" and scene._melded_so_far()[0] == 15
    scene.lay_off([c("7♠")], m.id, 10_000)
    assert c("7♠") in m.cards and scene.anim.arriving() == {c("7♠")}
    assert scene._meld_tag(m) == "#1 4–6♠" and scene._melded_so_far()[0] == 15
    assert scene._meld_tag(m, landed=False) == "#1 4–7♠"  # (the room its tag is laid out with)
    scene.anim.finish()
    assert scene._meld_tag(m) == "#1 4–7♠" and scene._melded_so_far()[0] == 22
    # a card sliding within the meld area is no card arriving
    p = scene.places[c("4♠")]
    scene._tween(c("4♠"), p, p.rect.move(30, 0), True, 0.5, 0.0)
    assert scene.anim.arriving() == set() and scene._melded_so_far()[0] == 22


def test_the_team_line_counts_this_rounds_points(app, monkeypatch):
    g = build({0: "9♣ 9♠ 9♦ 5♥ 2♣"}, pile="Q♦", preset="partnership500", wild=None, phase="play",
              players=4)
    scene = play(app, g)
    scene.c.act(MeldCards((c("9♣"), c("9♠"), c("9♦"))))
    scene.anim.finish()  # (the cards count once they are there)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    # one line a side, naming its players, the person's side first
    teams = [t for t in drawn if " & " in t]
    assert teams == ["You & Bo 0 +27", "Ann & Cy 0"], drawn


def test_a_team_line_shortens_long_names_before_its_points(monkeypatch):
    """"Bartholomew Fitz & Anastasia Rosali –…": the team lines cut off the team's points
    (a tester); the names are shortened first, as the rows above them are, on the sidebar
    and on the round's sheet."""
    from game.ui.sheets import teams_lines

    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "9♣ 9♠ 9♦ 5♥ 2♣"}, pile="Q♦", preset="partnership500", wild=None, phase="play",
                  players=4)
        g.names = ["Christopherson", "Bartholomew Fitz", "Maximilian Wolfg", "Anastasia Rosali"]
        g.scores = [1250, -35, 980, 420]
        scene = play(a, g)
        drawn = record_text(scene, monkeypatch)
        a.draw()
        teams = [t for t in drawn if " & " in t]
        assert len(teams) == 2 and teams[0].endswith(" 2,230") and teams[1].endswith(" 385"), teams
        fn = scene.layout.font_normal
        for k, t in enumerate(teams):  # (a little smaller letters will do; then shorter names)
            assert scene.text.render(t, fn, (0, 0, 0), k == 0).get_width() * 0.85 <= scene.layout.scores.w, t
        # (the longest name shortened first: beside "W.", "Ben" had become "B." too, a tester)
        assert teams[0] == "C. & Maximilian 2,230" and teams[1] in (
            "Bartholomew F. & Anastasia R. 385", "Bartholomew & Anastasia R. 385", "Bartholomew & Anastasia 385")
        # the round's sheet: the same, each side's points whole
        res = SimpleNamespace(points=[15, -5, 20, 30])
        lines = teams_lines(g, res)
        assert any("Bartholomew F. & Anastasia R.: +25 → 385" in line for line in lines)
        assert all(line.endswith("+25 → 385") for line in lines)
        # where shorter names fit at full size, they come before smaller letters (the second
        # line, "Bartholomew Kin & Chloe 134 +134", was drawn smaller than the first: a tester)
        g.names = ["You", "Bartholomew Kins", "Maximilian Wolfg", "Chloe"]
        g.scores = [94, 0, 0, 134]
        scene.c.seats[1].name, scene.c.seats[3].name, scene.c.seats[0].name = "Bartholomew Kins", "Chloe", "You"
        drawn.clear()
        scene.invalidate()
        a.draw()
        teams = [t for t in drawn if " & " in t]
        assert all(scene.text.render(t, fn, (0, 0, 0), k == 0).get_width() <= scene.layout.scores.w
                   for k, t in enumerate(teams)), teams
        assert "Bartholomew K. & Chloe 134" in teams, teams  # (in full, it fits only a little smaller)
    finally:
        a.close_scenes()


@pytest.mark.parametrize("scores, gold", [([25, 100, 0, 125], "Ann & Cy"), ([200, 0, 25, 0], "You & Bo"),
                                          ([0, 0, 0, 0], None)])
def test_the_leading_team_is_in_gold_not_the_persons_own(app, monkeypatch, scores, gold):
    """Gold marks the leader, for seats and for teams alike; the person's side was gold
    even when far behind."""
    from game.ui import table_paint

    g = build({0: "9♣ 9♠ 9♦ 5♥ 2♣"}, pile="Q♦", preset="partnership500", wild=None, phase="play",
              players=4)
    g.scores = scores
    scene = play(app, g)
    drawn, blit = [], scene.text.blit

    def record(surface, text, font, pos, colour=None, *args, **kw):
        drawn.append((text, tuple(colour) if colour is not None else None, kw.get("bold", False)))
        return blit(surface, text, font, pos, colour, *args, **kw)

    monkeypatch.setattr(scene.text, "blit", record)
    app.draw()
    teams = {text.rsplit(" ", 1)[0]: (colour, bold) for text, colour, bold in drawn if " & " in text}
    assert set(teams) == {"You & Bo", "Ann & Cy"}
    assert [t for t, (colour, _) in teams.items() if colour == tuple(table_paint.ACCENT)] == (
        [gold] if gold else [])
    assert teams["You & Bo"][1] and not teams["Ann & Cy"][1]  # the person's side in bold
    # only a side leads: no player's name is gold (it read as "Cy is winning": a tester)
    names = {"You", "Ann", "Bo", "Cy"}
    assert not [t for t, colour, _ in drawn if t in names and colour == tuple(table_paint.ACCENT)]


@pytest.mark.parametrize("scoring, gold", [("penalty", ["Di"]), ("melds_and_out_bonus", ["Bo"]), (None, [])])
def test_the_leader_in_gold_is_the_lowest_total_where_the_lowest_wins(app, monkeypatch, scoring, gold):
    """With penalty scoring the sidebar drew the player with the most points, the one in
    last place, in gold (a tester): the leader is the lowest total there."""
    from game.ui import table_paint

    g = build({0: "9♣ 9♠ 9♦ 5♥ 2♣"}, pile="Q♦", wild=None, phase="play", players=5)
    if scoring:
        g.rules = Rules.preset("rummy5000", round_scoring=scoring)
        g.scores = [15, 5, 420, 135, 0]
    scene = play(app, g)
    drawn, blit = [], scene.text.blit

    def record(surface, text, font, pos, colour=None, *args, **kw):
        drawn.append((text, tuple(colour) if colour is not None else None))
        return blit(surface, text, font, pos, colour, *args, **kw)

    monkeypatch.setattr(scene.text, "blit", record)
    app.draw()
    rows = [t for t, _ in drawn]
    names = ["You", "Ann", "Bo", "Cy", "Di"]
    gilded = [t for t, colour in drawn if t in names and colour == tuple(table_paint.ACCENT)]
    assert all(n in rows for n in names)
    assert gilded == gold


def test_a_rounds_points_are_red_where_they_cost():
    """With penalty scoring the plates and the sidebar drew a round's "+125" in green, a gain,
    while the round's sheet drew it in red, the cost it is (a tester)."""
    from game.ui.table_paint import _points_colour

    green, red = _points_colour(10), _points_colour(-10)
    assert green != red
    assert _points_colour(125, True) == red and _points_colour(0, True) == green
    assert _points_colour(125) == green and _points_colour(-20, False) == red


@pytest.mark.parametrize("preset, ace_last", [("george", True), ("rummy5000", False)])
def test_sorting_puts_the_ace_where_the_game_ranks_it(app, preset, ace_last):
    g = build({0: "A♠ K♣ 5♦ 9♠"}, pile="Q♦", preset=preset, wild=None)
    scene = play(app, g)
    scene.sort_hand("rank")
    assert (scene.order[-1] == c("A♠")) is ace_last and (scene.order[0] == c("A♠")) is not ace_last


@pytest.mark.parametrize("preset,players,words", [
    ("rummy5000", 12, "Rummy 5000 is played by 2 to 8 players, not 12"),
    ("basic", 6, "Basic rummy is played by 2 to 4 players, not 6"),
    ("rummy5000", 1, "Rummy 5000 is played by 2 to 8 players, not 1"),
    ("rummy5000", 0, "Rummy 5000 is played by 2 to 8 players, not 0"),  # not taken for "unset"
])
def test_a_player_count_the_game_cannot_seat_is_refused_in_the_engines_words(capsys, preset, players,
                                                                              words):
    """``rummy5000 --players 12``: the command says why it cannot start (more seats than
    there are names to give the computer players once said nothing at all)."""
    from types import SimpleNamespace

    from game.ui.app import main

    assert main(SimpleNamespace(preset=preset, players=players)) == 2
    assert capsys.readouterr().err.strip() == f"rummy5000: cannot start the game: {words}"


@pytest.mark.parametrize("value, speed", [("nan", 0.0), ("abc", 0.0), ("-1", 0.0), ("inf", 0.0), ("", 0.0),
                                          ("2.5", 2.5)])
def test_the_autoplay_speed_from_the_environment_is_a_sane_number(app, monkeypatch, value, speed):
    """RUMMY5000_AUTOPLAY_SPEED (demos, tests) sets the animation speed of an autoplayed
    game; a value that is no speed means no animation, never a table that cannot move."""
    import game.ui.app as app_mod

    monkeypatch.setenv(app_mod.AUTOPLAY_SPEED_ENV, value)
    assert app._game_settings(autoplay=True).animation_speed == speed


def _game_in_progress() -> Controller:
    """A saved game in which the person has had a turn (so a new game would end it)."""
    from game.ui.controller import autosave_path

    c = Controller.new("rummy5000", 3, seed=4, save_path=autosave_path())
    hint_play(c, lambda: c.g.turns[c.human] > 0)
    c.autosave()
    return c


@pytest.mark.parametrize("answer", ["keep", "escape", "new"])
@pytest.mark.parametrize("how", ["load", "preset"])
def test_the_command_line_asks_before_ending_a_game_in_progress(monkeypatch, tmp_path, how, answer):
    """``--load FILE`` (or ``--preset``) while a game is in progress used to end that game
    at once, counting it as not won; now the player is asked first, keeping it the first
    choice (and Esc)."""
    from game.engine.save import dumps_game, loads_game
    from game.ui import app as app_mod
    from game.ui.controller import autosave_path
    from game.ui.menus.replace_game import ReplaceGameScene
    from game.ui.stats import Stats
    from game.ui.table import TableScene

    kept = _game_in_progress()
    other = tmp_path / "other.json"
    other.write_text(dumps_game(Controller.new("rummy500", 2, seed=3).g), encoding="utf-8")
    seen = []

    class Answers(app_mod.App):
        def run(self):
            asked = self.stack.top
            seen.append((type(asked), asked.text() if isinstance(asked, ReplaceGameScene) else ""))
            assert Stats.load().total_games == 0  # nothing counted while it asks
            if answer == "escape":
                asked.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
            else:
                asked.find(answer).activate()
            table = self.stack.top
            seen.append((type(table), table.g.rules.preset_name, table.g.hands))
            self.close_scenes()
            return 0

    monkeypatch.setattr(app_mod, "App", Answers)
    args = SimpleNamespace(load=str(other)) if how == "load" else SimpleNamespace(preset="basic", players=2)
    assert app_mod.main(args) == 0
    (scene, text), (top, preset, hands) = seen
    assert scene is ReplaceGameScene and "Rummy 5000, round 1" in text and "counts as not won" in text
    assert ("Opening other.json ends it" if how == "load" else "A new game of Basic rummy for 2 players ends it") in text
    assert top is TableScene
    if answer == "new":
        assert preset == ("rummy500" if how == "load" else "basic")
        assert Stats.load().get("rummy5000").abandoned == 1
    else:
        assert (preset, hands) == ("rummy5000", kept.g.hands)
        assert Stats.load().total_games == 0
        assert loads_game(autosave_path().read_text()).hands == kept.g.hands


def _first_screens(monkeypatch) -> list:
    """The kind of screen each start of the game (``app.main``) shows first, in a list
    that fills as the game is started (the window closes at once)."""
    from game.ui import app as app_mod

    seen: list = []

    class Records(app_mod.App):
        def run(self):
            seen.append(type(self.stack.top))
            self.close_scenes()
            return 0

    monkeypatch.setattr(app_mod, "App", Records)
    return seen


def test_the_command_line_does_not_ask_when_nothing_would_be_lost(monkeypatch, tmp_path):
    """No game saved, or its own save named: the game opens at once."""
    from game.ui import app as app_mod
    from game.ui.controller import autosave_path
    from game.ui.table import TableScene

    seen = _first_screens(monkeypatch)
    assert app_mod.main(SimpleNamespace(preset="basic", players=2)) == 0  # nothing saved yet
    _game_in_progress()
    assert app_mod.main(SimpleNamespace(load=str(autosave_path()))) == 0
    monkeypatch.chdir(autosave_path().parent)  # (written another way)
    assert app_mod.main(SimpleNamespace(load="./" + autosave_path().name)) == 0
    assert seen == [TableScene, TableScene, TableScene]


def test_the_command_line_asks_too_before_ending_a_game_not_played_yet(monkeypatch):
    """A game set up but not played yet (closed before the person's first turn) is still
    the player's game in progress: ``--seed`` asks before ending it, and says it would
    not count in the statistics."""
    from game.ui import app as app_mod
    from game.ui.controller import autosave_path
    from game.ui.menus.replace_game import ReplaceGameScene

    c = Controller.new("rummy5000", 5, seed=4, save_path=autosave_path())
    c.autosave()
    assert not c.g.turns[c.human]
    seen = []

    class Records(app_mod.App):
        def run(self):
            top = self.stack.top
            seen.append((type(top), top.text() if isinstance(top, ReplaceGameScene) else ""))
            self.close_scenes()
            return 0

    monkeypatch.setattr(app_mod, "App", Records)
    assert app_mod.main(SimpleNamespace(seed=5)) == 0
    (scene, text), = seen
    assert scene is ReplaceGameScene and "not finished a turn yet" in text and "not won" not in text
    assert "points before this round" in text
    assert "A new game of Rummy 5000 for 4 players (seed 5) ends it" in text  # (what would replace it)


def test_a_game_left_on_a_rounds_sheet_is_named_after_that_round(monkeypatch):
    """Left with the round scored (its sheet showing), the game's total already holds that
    round: the question says "after round 3", not "before this round"."""
    from game.ui import app as app_mod
    from game.ui.controller import autosave_path
    from game.ui.menus.replace_game import ReplaceGameScene

    g = build({0: "4♠"}, pile="Q♦", melds=[(0, "9♣ 9♦ 9♥")], phase="play", players=2)
    c = Controller(g, [Seat("You", "human", ""), Seat("Ann", "bot", "normal")], save_path=autosave_path(), seed=1)
    c.act(Discard(parse_card("4♠")))
    assert g.round_done
    c.autosave()
    seen = []

    class Records(app_mod.App):
        def run(self):
            top = self.stack.top
            seen.append(top.text() if isinstance(top, ReplaceGameScene) else "")
            self.close_scenes()
            return 0

    monkeypatch.setattr(app_mod, "App", Records)
    assert app_mod.main(SimpleNamespace(seed=5)) == 0
    (text,) = seen
    assert f"after round 1, {g.scores[0]:,} points" in text and "before this round" not in text


def test_why_a_move_was_refused_goes_when_a_move_is_made(app):
    """A refusal is about the position it was made in: once a move is made it would read
    as news of the new one ("The 3♣ does not fit ..." above "Bruno took 2 cards")."""
    g = build({0: "8♥ 3♣ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠"), (1, "A♥ A♦ A♠")])
    scene = play(app, g)
    drag(app, spot(scene, c("3♣")), scene.meld_boxes[g.melds[1].id].center)
    assert [t.kind for t in scene.toasts] == ["error"] and "3♣" in scene.toasts[0].text
    scene.message("The game could not be saved: disk full", "error", ttl=6.0)  # not about a move
    assert scene.discard(c("3♣"))
    app.pump(2)
    assert [t.text for t in scene.toasts if t.kind == "error"] == ["The game could not be saved: disk full"]


def test_several_melds_at_once_with_one_that_reads_two_ways_ask_which(app):
    """K♣ K♥ K♠ and 8♠ 9♠ Q♣ with queens wild: the wild could be the 7♠ or the 10♠. That
    selection was refused as "not a meld: neither one rank nor one suit in sequence", then
    with a message naming the meld to lay down on its own (extra clicks, a tester): now the
    kings go down, and the question for the run follows, as when it is melded alone."""
    g = build({0: "K♣ K♥ K♠ 8♠ 9♠ Q♣ 4♦ 5♥"}, pile="J♦", phase="play", wild=12)
    scene = play(app, g)
    scene.selected = [c(x) for x in "K♣ K♥ K♠ 8♠ 9♠ Q♣".split()]
    scene.meld_selected()
    app.pump(2)
    assert [sorted(map(str, m.cards)) for m in g.melds] == [sorted(["K♣", "K♥", "K♠"])]
    assert scene.choice is not None and not [t for t in scene.toasts if t.kind == "error"]
    assert sorted(scene.selected) == sorted(c(x) for x in "8♠ 9♠ Q♣".split())
    key(app, pygame.K_2)  # the second reading: the wild as the 10♠
    assert len(g.melds) == 2 and sorted(g.hands[0]) == sorted(c(x) for x in "4♦ 5♥".split())
    assert scene.choice is None and scene.selected == []
    # two melds that each read two ways: the message names one to lay down on its own
    g = build({0: "8♠ 9♠ Q♣ 4♥ 5♥ Q♦ 2♣"}, pile="J♦", phase="play", wild=12)
    scene = play(app, g)
    scene.meld_selected([c(x) for x in "8♠ 9♠ Q♣ 4♥ 5♥ Q♦".split()])
    app.pump(2)
    assert g.melds == [] and scene.toasts[-1].kind == "error"
    assert "could be read more than one way: meld those cards on their own first" in scene.toasts[-1].text


def test_an_empty_stock_the_pile_will_rebuild_is_drawn_from_by_a_click(app):
    """With ``empty_stock = reshuffle`` the player may still take from the pile; a click on
    the empty stock turns the pile over into a new stock and draws from it. No End round."""
    g = build({0: "7♥ 7♦ 2♣ 9♠"}, pile="7♣ J♦ 4♠ 8♥", phase="draw")
    g.rules = Rules.preset("rummy5000", empty_stock="reshuffle")
    g.set_aside, g.stock = g.stock, []
    scene = play(app, g)
    assert not scene.buttons["end"].visible
    assert scene.c.status().startswith("The stock is empty: draw to turn the pile over")
    click(app, scene.layout.stock.center)
    assert g.reshuffles == 1 and len(g.hands[0]) == 5 and [str(x) for x in g.pile] == ["8♥"]
    assert len(g.stock) == 2 and g.phase == "play"


def test_a_pile_call_menu_names_how_many_cards_each_choice_takes(app):
    g = build({0: "6♠ 7♠ 5♦ 5♥ K♣", 1: "2♣ 5♣ 8♥", 2: "3♦ 10♣ J♦"}, pile="5♠ 9♥ 8♠", current=2)
    g.rules = Rules.preset("rummy5000", rummy_calls="pile", pile_call_hand=True)
    g.call_open, g.discarder = True, 1
    scene = play(app, g)
    key(app, pygame.K_r)
    assert scene.choice is not None
    assert scene.choice.options == ["the 5♠ (3 cards)", "the 8♠ (the top card alone)"]


def test_e_where_the_round_may_not_be_ended_says_why(app):
    g = build({0: "7♥ 7♦ 2♣ 9♠"}, pile="7♣ J♦ 4♠ 8♥", phase="draw")
    g.rules = Rules.preset("rummy5000", empty_stock="reshuffle")
    g.set_aside, g.stock = g.stock, []
    scene = play(app, g)
    key(app, pygame.K_e)
    assert g.phase == "draw" and not g.round_done
    assert any(t.text.startswith("The stock is empty, but the discard pile becomes the new stock")
               for t in scene.toasts)


def test_e_asks_before_ending_a_round_whose_pile_may_still_be_taken(app):
    # E, next to D, ended the round at once while a long pile could be taken (a tester);
    # the End round button, clicked, still ends it
    g = build({0: "7♥ 7♦ 2♣ 9♠"}, pile="7♣ J♦ 4♠ 8♥", phase="draw")
    g.set_aside, g.stock = g.stock, []
    scene = play(app, g)
    key(app, pygame.K_e)
    assert not g.round_done and scene.choice is not None
    assert scene.choice.title == "End the round? You may still take from the pile (down to the 7♣)"
    assert scene.choice.focus == 1  # ("Not yet": E then Enter does not end it)
    key(app, pygame.K_2)  # "Not yet"
    assert scene.choice is None and not g.round_done and g.phase == "draw"
    key(app, pygame.K_e)
    key(app, pygame.K_1)
    assert g.round_done
    g = build({0: "7♥ 7♦ 2♣ 9♠"}, pile="7♣ J♦ 4♠ 8♥", phase="draw")
    g.set_aside, g.stock = g.stock, []
    scene = play(app, g)
    app.draw()
    click(app, scene.buttons["end"].rect.center)
    assert g.round_done and scene.choice is None


def test_an_empty_stock_that_stays_empty_offers_the_end_of_the_round(app):
    g = build({0: "7♥ 7♦ 2♣ 9♠"}, pile="7♣ J♦ 4♠ 8♥", phase="draw")
    g.set_aside, g.stock = g.stock, []  # (the rules end the round on an empty stock)
    scene = play(app, g)
    assert scene.buttons["end"].visible
    click(app, scene.layout.stock.center)
    assert len(g.hands[0]) == 4 and g.phase == "draw"  # nothing to draw


def test_a_meld_the_rules_refuse_in_every_reading_is_refused_without_a_question(app):
    g = build({0: "7♦ 8♦ K♣ 9♠ 9♥ 9♣ 2♠ 5♥"}, pile="Q♠", phase="play")
    g.rules = Rules.preset("rummy5000", one_meld_per_turn=True)
    scene = play(app, g)
    scene.c.act(MeldCards(tuple(c(x) for x in ("9♠", "9♥", "9♣"))))
    for card in ("7♦", "8♦", "K♣"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert scene.choice is None and len(g.melds) == 1
    assert any(t.text.startswith("Only one new meld may be made in a turn") for t in scene.toasts)
    # the Meld button is greyed once no new meld may be made (it stayed lit: a tester), and
    # a click on it says why, in the engine's words
    app.draw()
    meld = scene.buttons["meld"]
    assert len(scene.selected) >= 3 and not meld.enabled
    scene.toasts.clear()
    click(app, meld.rect.center)
    assert len(g.melds) == 1 and scene.toasts[-1].text.startswith("Only one new meld may be made in a turn")


def test_several_melds_at_once_the_rules_refuse_after_the_first_go_down_none(app):
    """With one new meld a turn, two melds selected at once put the first down, then said
    "Only one new meld may be made in a turn" (a tester): all go down, or none."""
    g = build({0: "8♣ 8♦ 8♥ 3♦ 3♥ 3♠ K♠ 5♥"}, pile="Q♠", phase="play")
    g.rules = Rules.preset("rummy500", one_meld_per_turn=True)
    scene = play(app, g)
    for card in ("8♣", "8♦", "8♥", "3♦", "3♥", "3♠"):
        click(app, spot(scene, c(card)))
    key(app, pygame.K_RETURN)
    assert g.melds == [] and len(g.hands[0]) == 8 and len(scene.selected) == 6
    assert scene.toasts[-1].text == ("Only one new meld may be made in a turn in this game: none of "
                                     "these melds went down")
    app.draw()
    assert not scene.buttons["meld"].enabled  # (it was lit: a tester)
    # without the house rule both go down
    g.rules = Rules.preset("rummy500")
    key(app, pygame.K_RETURN)
    assert len(g.melds) == 2 and len(g.hands[0]) == 2


def test_a_hinted_meld_that_reads_two_ways_says_which_and_meld_offers_it_first(app, monkeypatch):
    """7♦ 8♦ and a wild king are a run 6-8♦ or 7-9♦: the hint said only "meld 7♦ 8♦ K♣",
    and Meld then asked, the hint's reading not told apart from the other."""
    from game.engine.melds import shapes_for
    from game.ui.table_paint import shape_label

    g = build({0: "7♦ 8♦ K♣ 2♠ 5♥"}, pile="Q♠", phase="play")
    scene = play(app, g)
    cards = tuple(c(x) for x in ("7♦", "8♦", "K♣"))
    shapes = shapes_for(g.ctx, cards)
    assert len(shapes) == 2
    wanted = shapes[1]  # (not the one Meld would list first)
    monkeypatch.setattr(scene.c, "_hint_from", lambda view, what: MeldCards(cards, wanted))
    key(app, pygame.K_h)
    words = "wild K♣ 7♦ 8♦" if wanted[2] < c("7♦") & 15 else "7♦ 8♦ wild K♣"  # (as the run reads)
    assert toast_texts(scene)[-1].startswith(f"Hint: meld {words} as a {shape_label(wanted, 3)}")
    assert toast_texts(scene)[-1].endswith("(selected: Meld or Enter asks which way, this one first)")
    scene.meld_selected()
    assert scene.choice is not None
    assert scene.choice.options[0] == shape_label(wanted, 3, cards, g.ctx)[:-1] + "; the hint)"
    assert "(K♣ for " in scene.choice.options[0]
    key(app, pygame.K_1)
    assert len(g.melds) == 1 and g.melds[0].shape == tuple(wanted)


def test_the_meld_button_shows_enter_only_while_enter_would_press_it(app):
    """With the focus on a meld, Enter lays the selected card off there: the Meld button
    went on saying "Enter"."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play", melds=[(0, "J♣ J♦ J♠"), (1, "5♥ 6♥ 7♥")])
    scene = play(app, g)
    assert scene.buttons["meld"].hint == "Enter"
    key(app, pygame.K_SPACE)  # (the keyboard is in use: the focus shows, on the hand)
    assert scene.buttons["meld"].hint == "Enter"
    key(app, pygame.K_UP)
    assert scene.focus_zone == "melds" and scene.buttons["meld"].hint == ""
    key(app, pygame.K_DOWN)
    assert scene.focus_zone == "hand" and scene.buttons["meld"].hint == "Enter"


def test_a_finished_games_backup_copy_is_not_a_game_in_progress(monkeypatch, tmp_path):
    """A finished game removes its save but leaves the .bak copy from before its end; the
    command line took that copy for a game in progress, offered to keep it, and the game
    was played to its end and counted again."""
    import shutil

    from game.ui import app as app_mod
    from game.ui.controller import autosave_path
    from game.ui.stats import Stats
    from game.ui.table import TableScene

    _game_in_progress()
    save = autosave_path()
    shutil.copyfile(save, save.with_name(save.name + ".bak"))
    save.unlink()  # (what the end of the game leaves: the .bak copies only)
    seen = _first_screens(monkeypatch)
    assert app_mod.main(SimpleNamespace(preset="basic", players=2)) == 0
    assert seen == [TableScene] and Stats.load().total_games == 0


@pytest.mark.parametrize("four", [False, True])
def test_the_last_moves_draw_the_suits_in_their_colours(app, monkeypatch, four):
    """♣ and ♦ were hard to tell apart in the small letters of the last moves (a tester): the
    red suits are drawn red there, as on the cards, and with four-colour suits ♣ green and
    ♦ blue; a line that must be shrunk or cut is drawn in one colour."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    monkeypatch.setattr(scene.app.settings, "four_colour", four)
    monkeypatch.setattr(scene.c, "move_lines", lambda room=None: [(1, "discarded 9♦"), (2, "discarded 9♣")])
    calls, blit = [], scene.text.blit

    def record(surface, text, size, pos, *args, **kw):
        calls.append((text, kw.get("inks")))
        return blit(surface, text, size, pos, *args, **kw)

    monkeypatch.setattr(scene.text, "blit", record)
    app.draw()
    inks = dict(calls)["Ann discarded 9♦"]
    assert inks is not None and max(inks["♦"]) - min(inks["♦"]) > 80  # (a colour, not a grey)
    assert ("♣" in inks) == four and inks["♥"][0] > inks["♥"][2]
    assert dict(calls)["Bo discarded 9♣"] == inks
    img = scene.text.render_inked("9♦ x", 16, (205, 215, 208), inks)
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(img.get_width()) for y in range(img.get_height())
               if img.get_at((x, y))[3] > 200}
    assert any(c[0] > c[1] + 60 for c in colours) or four  # (red ink in the image)
    assert any(abs(c[0] - 205) < 20 and abs(c[1] - 215) < 20 for c in colours)  # (and the line's own)
    # the messages too (a hint names cards), but not on a refusal's red box
    scene.message("Hint: discard the 9♦")
    scene.refuse("You may not take the 9♥")
    blocks = []
    real = scene.text.block
    monkeypatch.setattr(scene.text, "block", lambda text, *a, **k: (blocks.append((text, k.get("inks"))),
                                                                   real(text, *a, **k))[1])
    scene._toast_layout()
    assert dict(blocks)["Hint: discard the 9♦"] == inks and dict(blocks)["You may not take the 9♥"] is None


def test_a_long_move_in_the_last_moves_wraps_in_one_size_of_letters(app, monkeypatch):
    """A move's second line is indented further than its first; it was wrapped for the first
    line's width, so the second was shrunk to fit ("(the" at the sidebar's edge)."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    move = "drew from the stock (the pile was shuffled into a new stock)"
    monkeypatch.setattr(scene.c, "move_lines", lambda room=None: [(1, move)])
    calls, blit = [], scene.text.blit

    def record(surface, text, size, pos, *args, **kw):
        calls.append((text, size, kw.get("max_w")))
        return blit(surface, text, size, pos, *args, **kw)

    monkeypatch.setattr(scene.text, "blit", record)
    app.draw()
    after = [k for k, (t, _, _) in enumerate(calls) if t == "all: L"][0] + 1
    parts = [(t, size, w) for t, size, w in calls[after:after + 4] if t and t in f"Ann {move}"]
    assert len(parts) >= 2, calls
    assert " ".join(t for t, _, _ in parts) == f"Ann {move}"
    for text, size, room in parts:
        assert scene.text.render(text, size, (255, 255, 255)).get_width() <= room, text


# --------------------------------------------------------------------------- double clicks


def double_click(app, pos):
    for _ in range(2):
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        app.pump(1)


def test_a_double_click_on_a_menu_line_does_not_answer_the_question_it_opens(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    click(app, scene.buttons["menu"].rect.center)
    menu = scene.choice
    assert menu is not None
    line = menu.rects[menu.options.index("New game like this one")]
    version = scene.c.version
    double_click(app, line.center)
    ask = scene.choice
    assert ask is not None and ask is not menu and ask.title.startswith("End this game")
    assert app.stack.top is scene and scene.c is not None and scene.c.version == version and scene.g is g
    # the question stays open for a deliberate answer: a later click is a click
    app._last_press = None
    no = ask.rects[ask.options.index(next(o for o in ask.options if o.startswith("No")))]
    click(app, no.center)
    assert scene.choice is None and scene.g is g


def test_a_double_click_on_a_card_still_discards_it(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.anim.finish()
    double_click(app, spot(scene, c("9♠")))
    assert g.pile[-1] == c("9♠")


def test_a_double_click_on_reset_statistics_does_not_confirm_it(app, tmp_path, monkeypatch):
    from game.ui import menus
    from game.ui.stats import Stats

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    stats = Stats()
    stats.record_game("rummy500", True, 612, 5)
    stats.save()
    scene = menus.StatsScene(app)
    app.stack.push(scene)
    app.draw()
    double_click(app, scene.find("reset").rect.center)
    assert scene.find("reset").label == "Really reset?" and Stats.load().get("rummy500").games == 1
    click(app, scene.find("reset").rect.center)  # a third click, as fast: the same burst
    assert Stats.load().get("rummy500").games == 1
    app._last_press = None  # (a click after a while)
    click(app, scene.find("reset").rect.center)
    assert Stats.load().get("rummy500").games == 0


def test_quick_clicks_on_a_choices_arrow_each_step_it(app):
    """An arrow that steps a choice in place (Play to ‹ 5,000 ›) opens nothing: two or
    three quick clicks on it are two or three steps, though the label under the pointer
    changed with each."""
    from game.ui import menus

    scene = menus.NewGameScene(app)
    app.stack.push(scene)
    app.draw()
    target = scene.find("target")
    start = target.index
    left = (target.rect.x + target.arrow_width() // 2, target.rect.centery)
    double_click(app, left)
    click(app, left)
    assert scene.find("target").index == start - 3


def test_a_triple_click_on_a_menu_line_does_not_answer_the_question_it_opens(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦", phase="play")
    scene = play(app, g)
    click(app, scene.buttons["menu"].rect.center)
    line = scene.choice.rects[scene.choice.options.index("New game like this one")]
    double_click(app, line.center)
    click(app, line.center)
    assert scene.choice is not None and scene.choice.title.startswith("End this game") and scene.g is g


def test_a_double_click_on_see_the_result_shows_the_winners(app):
    from game.ui.sheets import GameOverScene, RoundEndScene

    g = build({0: "4♠"}, pile="Q♦", melds=[(0, "9♣ 9♦ 9♥")], phase="play", players=2)
    g.scores = [4990, 0]
    scene = play(app, g)
    scene.c.act(Discard(c("4♠")))
    assert app.run_until(lambda: isinstance(app.stack.top, RoundEndScene), timeout=10)
    sheet = app.stack.top
    app.draw()
    nxt = next(w for w in sheet.widgets if w.enabled and "result" in getattr(w, "label", "").lower())
    double_click(app, nxt.rect.center)
    assert isinstance(app.stack.top, GameOverScene)


@pytest.mark.parametrize("size,wilds", [((1024, 640), ("twos", "tens", "one_eyed_jacks")),
                                        ((1920, 1080), ("twos", "tens", "one_eyed_jacks")),
                                        ((1024, 640), ("jokers", "twos", "tens", "one_eyed_jacks"))])
def test_the_wild_panel_names_every_permanent_wild_whole(size, wilds, monkeypatch):
    from game.ui.table_paint import WILD_WORDS

    a = App(size=size, settings=settings())
    try:
        g = build({0: "2♦ 5♥ Q♠ 9♥"}, pile="3♦", wild=5, players=8 if "jokers" in wilds else 3)
        g.rules = g.rules.replace(permanent_wilds=list(wilds), jokers_per_deck=2 if "jokers" in wilds else 0)
        scene = play(a, g)
        if len(wilds) == 4:  # a low panel (as a resized window gave): four lines do not fit
            scene.laid_out().wild_badge.h = 3 * (scene.laid_out().font_small + 3) + scene.laid_out().font_small + 8
        said = []
        blit = scene.text.blit

        def record(surface, text, size, pos, *args, max_w=None, **kw):
            said.append((text, scene.text.font(size, kw.get("bold", False)).size(text)[0], max_w))
            return blit(surface, text, size, pos, *args, max_w=max_w, **kw)

        monkeypatch.setattr(scene.text, "blit", record)
        scene.invalidate()
        a.draw()
        names = ("jokers", "twos", "tens", "one-eyed", "jacks")
        lines = [(t, w, room) for t, w, room in said
                 if t.startswith("+ ") or t.split(",")[0].split(" ")[0] in names]
        words = " ".join(t.removeprefix("+ ").replace(",", "") for t, _, _ in lines)
        assert words == " ".join(WILD_WORDS[w] for w in wilds)
        assert all(w <= room for _, w, room in lines), lines  # none shortened or shrunk
    finally:
        a.close_scenes()


def test_between_rounds_the_last_moves_end_above_the_view_table_panel(app):
    from game.ui.sheets import RoundEndScene

    g = build({0: "4♠"}, pile="Q♦", melds=[(0, "9♣ 9♦ 9♥")], phase="play", players=2)
    scene = play(app, g)
    scene.c.act(Discard(c("4♠")))
    assert app.run_until(lambda: isinstance(app.stack.top, RoundEndScene), timeout=10)
    sheet = app.stack.top
    app.draw()
    sheet.peek(True)
    app.draw()
    log = scene._log_area()
    assert log.h > 0 and log.bottom <= sheet.peek_box.top
    assert scene.c.move_lines(1)[-1][1].endswith("went out")  # (the newest move, shown last)
    key(app, pygame.K_t)  # the scores over it all: the list still ends above the panel (it ran on)
    assert type(app.stack.top).__name__ == "ScoresScene"
    app.draw()
    assert scene._log_area() == log


def test_in_a_tight_fan_the_frames_mark_one_card(app, monkeypatch):
    hand = ("A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ "
            "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 4♠ 5♠")
    g = build({0: hand}, pile="K♦", players=2, filler=3)
    scene = play(app, g)
    scene.anim.finish()
    scene._place(force=True)
    card = scene.order[10]
    r, nxt = scene.places[card].rect, scene.places[scene.order[11]].rect
    assert nxt.x - r.x < r.w * 0.4  # (a tight fan)
    assert scene._shown_part(card, r) == Rect(r.x, r.y, nxt.x - r.x, r.h)  # the hover frame's
    last = scene.order[-1]
    assert scene._shown_part(last, scene.places[last].rect) == scene.places[last].rect
    # the card in the keyboard's focus comes up whole, over its neighbours
    scene.keyboard, scene.focus_zone, scene.focus_index = True, "hand", 10
    faces = []
    face = scene.art.face
    monkeypatch.setattr(scene.art, "face", lambda c_, *a, **k: (faces.append(c_), face(c_, *a, **k))[1])
    scene.invalidate()
    app.draw()
    hand_faces = [x for x in faces if x in g.hands[0]]
    assert hand_faces[-1] == card and hand_faces.count(card) == 2


def tight_fan(app):
    hand = ("A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ "
            "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 4♠ 5♠")
    g = build({0: hand}, pile="K♦", players=2, filler=3, phase="play")
    scene = play(app, g)
    scene.anim.finish()
    scene._place(force=True)
    return scene, g


def test_a_click_on_the_card_the_focus_raised_picks_it(app):
    scene, g = tight_fan(app)
    scene.keyboard, scene.focus_zone, scene.focus_index = True, "hand", 10
    card = scene.order[10]
    assert scene.raised_card() == card
    r = scene.places[card].rect
    right_half = (r.right - 8, r.centery)  # under the next cards in the fan, but drawn over them
    assert scene._hand_card_at(right_half) == card
    click(app, right_half)
    assert scene.selected == [card] and not scene.keyboard  # (the mouse's wording from now on)


def test_the_raised_card_under_the_mouse_gets_no_hover_frame_round_its_strip(app, monkeypatch):
    """The focused card of a tight fan, raised whole, under the mouse too: the hover frame
    round the strip beneath showed through it as a ghost card (a tester)."""
    from game.ui import table_paint

    scene, g = tight_fan(app)
    scene.keyboard, scene.focus_zone, scene.focus_index = True, "hand", 10
    card = scene.order[10]
    scene.hover, scene._hover_version = card, scene.c.version
    frames: list = []
    rect = pygame.draw.rect
    monkeypatch.setattr(table_paint.pygame.draw, "rect", lambda surface, colour, r, *a, **k: (
        frames.append(tuple(colour)[:3]), rect(surface, colour, r, *a, **k))[1])
    scene._draw_hover(pygame.Surface(app.screen_size), set())
    assert table_paint.HOVER[:3] not in frames
    scene.hover = scene.order[5]  # (a card not raised: framed)
    scene._draw_hover(pygame.Surface(app.screen_size), set())
    assert table_paint.HOVER[:3] in frames


def test_in_a_tight_fan_a_double_click_low_on_a_card_discards_it(app):
    scene, g = tight_fan(app)
    card = scene.order[10]
    r = scene.places[card].rect
    low = (r.x + 3, r.bottom - 6)  # where the card was before the first click raised it
    double_click(app, low)
    assert g.pile[-1] == card


def test_the_raised_cards_own_tag_is_drawn_over_it(app, monkeypatch):
    scene, g = tight_fan(app)
    scene.drew_new = (scene.order[11], scene.turn_key())  # a tag on the next card, under the raised one
    scene.keyboard, scene.focus_zone, scene.focus_index = True, "hand", 10
    order = []
    for name in ("_draw_hand_tags", "_draw_raised"):
        real = getattr(scene, name)
        monkeypatch.setattr(scene, name, lambda *a, _n=name, _f=real: (order.append(_n), _f(*a))[1])
    scene.invalidate()
    app.draw()
    assert order == ["_draw_hand_tags", "_draw_raised"]  # the neighbour's tag goes under it


def test_in_a_loose_fan_the_frames_go_round_the_whole_card(app):
    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    scene._place(force=True)
    card = scene.order[0]
    assert scene._shown_part(card, scene.places[card].rect) == scene.places[card].rect


def test_the_mouses_frame_goes_round_the_part_of_a_card_that_shows(app, monkeypatch):
    """The hover frame, pale gold, went round the whole of a half-covered card, over the card
    beside it: it looked like that card's, and like a wild card's gold rim (a tester). It is
    near white now, round the part that shows."""
    from game.ui import table_paint
    from game.ui.cards import GOLD

    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    scene._place(force=True)
    card, nxt = scene.order[0], scene.places[scene.order[1]].rect
    r = scene.places[card].rect
    assert r.x < nxt.x < r.right  # (the next card covers some of it, not most: a loose fan)
    post(pygame.MOUSEMOTION, pos=(r.x + 5, r.centery), rel=(0, 0), buttons=(0, 0, 0))
    app.pump(2)
    assert scene.hover == card
    frames = []
    monkeypatch.setattr(table_paint.pygame.draw, "rect", lambda surf, colour, rect, *a, **k: frames.append(
        (tuple(colour)[:3], Rect(rect))))
    scene._draw_hover(pygame.Surface(scene.size), set())
    (_, edge), (colour, frame) = frames  # (a dark edge round the light frame: it reads on cream)
    assert frame.right <= nxt.x + 3 and frame.left <= r.left and edge.contains(frame)
    assert min(colour) >= 200 and sum(abs(a - b) for a, b in zip(colour, GOLD)) > 250  # (not gold)


def test_a_slow_hint_comes_later_and_the_table_goes_on_drawing(app, monkeypatch):
    """A hint in a hand swollen by a long pile may take seconds (the plan search): the table
    says it is thinking, keeps drawing, and shows the hint when it comes."""
    from game.ui.controller import Controller as C

    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    slow = C._hint_from

    def think(view, what):
        time.sleep(1.0)
        return slow(view, what)

    monkeypatch.setattr(C, "_hint_from", staticmethod(think))
    start = time.perf_counter()
    key(app, pygame.K_h)
    assert time.perf_counter() - start < 0.9 and scene.hint_pending is not None
    assert any(t.text == "Thinking of a hint…" for t in scene.toasts)
    key(app, pygame.K_h)  # asked again meanwhile
    assert any(t.text == "Still thinking of a hint…" for t in scene.toasts)
    frames = app.frames
    assert app.run_until(lambda: scene.hint_pending is None, timeout=10)
    assert app.frames > frames  # (drawn while it thought)
    assert scene.hint_stock or scene.hint_cards  # the hint itself, shown when it came
    # (neither word of the wait stays: "Still thinking…" went on over the hint, a tester)
    assert not any("hinking of a hint" in t.text for t in scene.toasts)


def test_a_hints_reason_is_worked_out_with_it_in_the_background(app, monkeypatch):
    """The reason reads the normal bot's plan for the hand too (a long hand takes a while):
    it is worked out in the hint's thread, from the same view, never on the table's."""
    import threading

    from game.ui import controller

    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    seen = []

    def reason(view, action):
        seen.append((threading.current_thread() is threading.main_thread(), view.seat))
        time.sleep(1.0)
        return "a reason"

    monkeypatch.setattr(controller, "hint_reason", reason)
    monkeypatch.setattr(scene.c, "_hint_from", lambda view, what: DrawStock())
    start = time.perf_counter()
    key(app, pygame.K_h)
    assert time.perf_counter() - start < 0.9 and scene.hint_pending is not None
    assert app.run_until(lambda: scene.hint_pending is None, timeout=10)
    assert seen == [(False, 0)]
    assert any(t.text == "Hint: draw from the stock: a reason (D)" or
               t.text == "Hint: draw from the stock: a reason" for t in scene.toasts)


def test_a_slow_hint_about_a_position_that_changed_is_dropped(app, monkeypatch):
    from game.ui.controller import Controller as C

    g = build({0: "2♣ 5♦ 9♠ J♥"}, pile="Q♦")
    scene = play(app, g)
    slow = C._hint_from
    monkeypatch.setattr(C, "_hint_from", staticmethod(lambda view, what: (time.sleep(1.0), slow(view, what))[1]))
    key(app, pygame.K_h)
    assert scene.hint_pending is not None
    scene.c.act(DrawStock())  # a move made meanwhile
    assert app.run_until(lambda: scene.hint_pending is None, timeout=10)
    assert not scene.hint_stock and not scene.hint_cards


def dealing_to_the_person(app):
    """A new game whose deal is still flying, the person first to draw."""
    for seed in range(1, 40):
        scene = app.start_game("rummy5000", 3, seed=seed)
        if scene.c.human_to_act:
            break
        app.close_scenes()
    assert scene.c.human_to_act and scene.g.phase == "draw"
    app.pump(2)
    assert scene.dealing
    return scene


def test_a_click_on_the_stock_while_dealing_lands_the_deal_then_draws(app, monkeypatch):
    scene = dealing_to_the_person(app)
    assert scene.anim.showing_move
    top = scene.g.stock[-1]
    click(app, scene.layout.stock.center)
    assert not scene.dealing
    assert top in scene.g.hands[0] and scene.g.phase == "play"
    assert all(t.card in scene.g.hands[0] for t in scene.anim.tweens)  # the others' cards have landed
    drawn = record_text(scene, monkeypatch)
    scene.invalidate()
    app.draw()
    assert "Dealing…" not in drawn


def test_no_focus_frame_while_the_deal_flies(app, monkeypatch):
    # it framed the empty place of a card still in the air (a tester)
    from game.ui.table_paint import FOCUS

    scene = dealing_to_the_person(app)
    scene.keyboard = True
    outlined = []
    real = scene._outline
    monkeypatch.setattr(scene, "_outline", lambda surface, rect, colour, *a, **k: (
        outlined.append(colour), real(surface, rect, colour, *a, **k))[1])
    scene.invalidate()
    app.draw()
    assert FOCUS not in outlined
    scene._land_the_deal()
    scene.keyboard = True
    scene.invalidate()
    app.draw()
    assert FOCUS in outlined


def test_a_key_while_dealing_only_lands_the_deal(app):
    # Enter typed twice to close the round's sheet: the second lands the new deal and does
    # not play in the new hand (it drew from the stock)
    for k in (pygame.K_RETURN, pygame.K_d):
        app.close_scenes()
        scene = dealing_to_the_person(app)
        stock = len(scene.g.stock)
        key(app, k)
        assert not scene.dealing and len(scene.g.stock) == stock and scene.g.phase == "draw"
    key(app, pygame.K_d)  # after the deal, keys play
    assert scene.g.phase == "play" and len(scene.g.stock) == stock - 1


def test_a_click_on_the_status_lines_offer_hurries_the_others(app):
    # "Alice is playing… (F: faster)": a mouse player clicked it, and nothing happened (a tester)
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 3: "3♦ 8♣ 10♥ Q♠ 4♣ 6♥"}, pile="Q♦", current=3, phase="draw", players=4)
    scene = play(app, g)
    assert scene.c.status().endswith("(F: faster)") and not scene.c.hurry
    click(app, scene.layout.message.center)
    assert scene.c.hurry and "The others play faster until your turn" in [t.text for t in scene.toasts]


def test_f_hurries_the_others_until_the_persons_turn(app):
    from game.ui.controller import HURRY

    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 3: "3♦ 8♣ 10♥ Q♠ 4♣ 6♥"}, pile="Q♦", current=3, phase="draw", players=4)
    scene = play(app, g)
    c_ = scene.c
    assert c_.status().endswith("is playing… (F: faster)")
    speed = scene.speed
    key(app, pygame.K_f)
    assert c_.hurry and scene.speed == speed * HURRY and scene.anim.speed == speed * HURRY
    assert not scene.keyboard  # (no focus frame: F is not a key of keyboard play)
    assert c_.status().endswith("(faster until your turn)")
    assert "The others play faster until your turn" in [t.text for t in scene.toasts]
    # the computer players' pauses shrink as much
    c_._thinking = None
    c_.update(0.0)
    think = c_.wait_until - c_.now
    assert 0 < think < 0.7 / speed / 2
    ok = app.run_until(lambda: c_.human_to_act and not scene.anim.active, timeout=30)
    assert ok, (g.phase, g.current, c_.status(), type(app.stack.top).__name__)
    app.pump(2)
    assert not c_.hurry and scene.speed == speed  # the person's turn: the table's own pace again
    # and the message about hurrying goes with it (it stayed into the person's turn: a tester)
    assert "The others play faster until your turn" not in [t.text for t in scene.toasts]
    key(app, pygame.K_f)
    assert not c_.hurry and any(t.text == "It is your turn: nobody to hurry" and t.kind == "info"
                                for t in scene.toasts)  # (nothing wrong: not a red box)


def test_hurrying_stops_where_the_person_may_call_rummy(app, monkeypatch):
    from game.ui.controller import CallWindow

    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣"}, pile="Q♦", current=2, phase="draw", players=4)
    scene = play(app, g)
    assert scene.c.hurry_others()
    g.call_open, g.discarder = True, 1
    for human in (False, True):
        window = CallWindow(("k", human), scene.c.now, scene.c.now + 5, human)
        monkeypatch.setattr(scene.c, "_window", lambda w=window: w)
        scene.c.update(0.0)
        assert scene.c.hurry is (not human)  # a window the person may call in ends the hurry


def test_the_table_writes_a_score_as_the_sheets_do(app, monkeypatch):
    """1,335 on the plates and in the sidebar, as the round sheet and the game's end write it."""
    g = build({0: "9♣ 9♠ 9♦ 5♥"}, pile="Q♦", preset="rummy500", wild=None, phase="play")
    g.scores = [1335, 2040, 5]
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert drawn.count("1,335") >= 1 and any(t.startswith("2,040") for t in drawn), drawn
    assert not any("1335" in t or "2040" in t for t in drawn), drawn
    # below zero with a minus sign, as the round sheet's "In hand" column writes it
    monkeypatch.undo()
    g.scores = [-1335, 2040, -20]
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert "\u22121,335" in drawn and not any("-" in t and any(ch.isdigit() for ch in t) for t in drawn), drawn


def test_points_are_written_one_way():
    from game.ui.rules_text import points_text

    assert [points_text(n) for n in (0, 5, 1335, -20, -1335)] == ["0", "5", "1,335", "\u221220", "\u22121,335"]
    assert [points_text(n, True) for n in (0, 85, -20)] == ["0", "+85", "\u221220"]


def test_a_selected_card_is_framed_in_another_colour_than_a_wild_cards_rim(app):
    """Wild cards have a gold rim; a selection frame of gold looked the same (a tester could
    not tell a selected wild from an unselected one). The frames of the table differ in hue."""
    import colorsys

    from game.ui.cards import GOLD
    from game.ui.table_paint import FIT, FOCUS, HINT, SELECT

    def hue(rgb):
        return colorsys.rgb_to_hsv(*(v / 255 for v in rgb))[0] * 360

    def apart(a, b):
        d = abs(hue(a) - hue(b)) % 360
        return min(d, 360 - d)

    assert apart(SELECT, GOLD) >= 15
    for other in (FOCUS, HINT, FIT):
        assert apart(SELECT, other) >= 40, other
    g = build({0: "9♣ 9♠ 3♦ 2♦ 5♥"}, pile="Q♦", wild=9)
    scene = play(app, g)
    scene._set_selection([c("9♠")])
    scene.anim.finish()
    app.draw()
    r = scene.places[c("9♠")].rect
    assert app.screen.get_at((r.centerx, r.y - 1))[:3] == SELECT  # just above the raised card
    # and just outside it: the wild's gold rim inside its edge stays in view (it was painted over)
    assert all(app.screen.get_at((r.x + dx, r.centery))[:3] == GOLD for dx in range(3))


def test_a_hinted_card_that_is_selected_shows_both_frames(app):
    """A meld hint selects its cards: the purple hint frame lay on the orange selection frame
    and hid it, so the cards did not look selected until another key was pressed."""
    from game.ui.table_paint import HINT, SELECT

    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play", wild=None)
    scene = play(app, g)
    key(app, pygame.K_h)
    assert c("9♠") in scene.selected and c("9♠") in scene.hint_cards
    scene.anim.finish()
    app.draw()
    r = scene.places[c("9♠")].rect
    column = [app.screen.get_at((r.centerx, y))[:3] for y in range(r.y - 10, r.y + 1)]
    assert SELECT in column and HINT in column


def test_a_plate_says_floating_only_while_the_round_is_played(app, monkeypatch):
    g = build({0: "9♣ 9♠ 9♦ 5♥ 2♣"}, pile="Q♦", players=3, wild=None)
    g.floating[1] = True
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert any("floating" in t for t in drawn)
    monkeypatch.undo()
    g.phase = "round_over"  # (the plates stay in view under the round's sheet)
    drawn = record_text(scene, monkeypatch)
    app.draw()
    assert not any("floating" in t for t in drawn), drawn


@pytest.mark.parametrize("preset, veiled", [("basic", True), ("rummy500", False)])
def test_where_only_the_top_card_is_taken_the_cards_under_it_are_veiled(app, preset, veiled):
    """A fanned pile invited clicks on deep cards where only the top card may be taken (a
    tester's note, basic rummy): they show under a dark veil there, still to be read."""
    g = build({0: "9♣ 9♠ 9♦ 5♥ 2♣"}, pile="3♠ 8♥ K♦", preset=preset, wild=None)
    scene = play(app, g)
    app.draw()
    for card, under in ((c("3♠"), veiled), (c("K♦"), False)):
        r = scene.places[card].rect
        spot_ = (r.x + r.w // 4, r.centery)  # on the part of it that shows
        face = scene.art.face(card, r.size, False).get_at((spot_[0] - r.x, spot_[1] - r.y))
        shown = app.screen.get_at(spot_)
        assert (sum(shown[:3]) < sum(face[:3]) - 60) == under, (card, shown, face)


@pytest.mark.parametrize("seconds", [4.0, 8.0])
def test_a_computer_player_calls_no_sooner_than_half_the_persons_time(seconds):
    """A tester watching six seats lost every race to call (the computer players shout after
    1.1 to 2.2 s, whatever the setting): now the Time to call Rummy! setting holds them back
    for at least half of it."""
    g = rummy_position()
    seats = [Seat(g.seat_name(0), "human", "")] + [
        Seat(g.seat_name(s), "bot", "normal") for s in range(1, g.players)]
    c = Controller(g, seats, settings=settings(animation_speed=0, rummy_window=seconds), seed=1)
    call = g.call_actions(2)[0]
    for s in (1, 2):  # (each wants to call: it shouts after its reaction time)
        c.seats[s].computer.call = lambda view: call if view.seat == 2 else None
    w = c._window()
    assert w.human and w.bot_calls
    for when, seat, _ in w.bot_calls:
        assert seconds * 0.5 <= when - c.now <= seconds * 0.95, (seat, when - c.now)


def test_a_computer_players_call_on_a_discard_the_person_cannot_call_waits_till_it_is_seen():
    """The person's own discard was called at once: it flew from the hand to the meld and
    was never seen on the pile (a tester's note). The call now waits until it has lain there
    a moment (at animation speed 0, and when the person is the next to draw, it comes at once)."""
    from game.ui.controller import CALL_SHOW

    def window(speed, current):
        g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ 8♥",
                  melds=[(1, "5♥ 6♥ 7♥"), (2, "K♣ K♦ K♠")], current=current)  # (the person: no meld)
        g.call_open, g.discarder = True, (current - 1) % 3
        seats = [Seat(g.seat_name(0), "human", "")] + [Seat(g.seat_name(s), "bot", "normal") for s in (1, 2)]
        c = Controller(g, seats, settings=settings(animation_speed=speed), seed=1)
        caller = 2 if current == 1 else 1
        call = g.call_actions(caller)[0]
        c.seats[caller].computer.call = lambda view: call if view.seat == caller else None
        return c, c._window()

    c, w = window(1.0, current=1)  # the person discarded the 8♥; Ben draws next
    assert not w.human and [(round(t - c.now, 3), s) for t, s, _ in w.bot_calls] == [(CALL_SHOW, 2)]
    assert w.deadline - c.now == pytest.approx(CALL_SHOW)
    c, w = window(0.0, current=1)
    assert [t - c.now for t, _, _ in w.bot_calls] == [0.0]
    c, w = window(1.0, current=0)  # the person draws next: no pause (it would be a race)
    assert [t - c.now for t, _, _ in w.bot_calls] == [0.0]


def test_the_pile_label_stays_whole_over_the_frames_of_a_hinted_card_in_focus(monkeypatch):
    """At 1024x640 a hinted take's frames and the keyboard's focus frame round the pile's
    cards reach up to the "Discard pile 4" caption: it is drawn over them, whole."""
    from game.ui.widgets import TEXT_DIM

    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "8♣ 8♠ 5♦ J♥ 4♣ 6♠ J♣"}, pile="K♦ 8♦ 9♣ 6♥", players=6, wild=None, preset="rummy500")
        scene = play(a, g)
        a.pump(10)
        L = scene.layout
        caption = Rect(L.pile_area.x, L.pile_area.y - L.font_small - 4, 8 * L.font_small, L.font_small + 3)
        a.draw()
        surface = pygame.display.get_surface()
        before = {(x, y): surface.get_at((x, y)) for x in range(caption.x, caption.right)
                  for y in range(caption.y, caption.bottom)
                  if max(abs(a_ - b_) for a_, b_ in zip(surface.get_at((x, y))[:3], TEXT_DIM)) <= 8}
        assert len(before) > 20  # (the caption's letters)
        key(a, pygame.K_h)
        a.pump(10)
        assert scene.hint_cards and scene.keyboard and scene.focus_zone == "pile"
        frames = [r.inflate(24, 24) for c, p in scene.places.items() if p.zone == "pile" for r in [p.rect]]
        assert any(f.colliderect(caption) for f in frames)  # (the frames do reach it)
        a.draw()
        # (the letters' solid pixels: their edges blend with what is under them)
        off = [xy for xy, col in before.items() if max(abs(a_ - b_) for a_, b_ in zip(col, surface.get_at(xy))) > 30]
        assert not off, off
    finally:
        a.close_scenes()


def test_a_long_name_on_a_narrow_plate_is_shortened_to_first_name_and_initial(monkeypatch):
    """Seven players at 1024x640: "Wolfgang Amadeus" on a corner plate reads "Wolfgang"
    (it read "Wolfgang …", then "Wolfgan…"), on a wider one "Wolfgang A."; one long word is
    cut with no space before the "…"; names that fit are drawn whole."""
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "2♣ 8♥"}, pile="K♦", players=7, wild=None)
        g.names = ["You", "Alice", "Konstantinopolis", "Chloe", "Dev", "Elena", "Wolfgang Amadeus"]
        scene = play(a, g)
        drawn = record_text(scene, monkeypatch, where=True)
        a.draw()
        L = scene.layout
        on_plate = {s: [t for t, pos in drawn if L.seats[s].plate.collidepoint(pos)] for s in range(1, 7)}
        assert on_plate[6][0] == "Wolfgang", on_plate[6]  # (too narrow for "Wolfgang A." here)
        assert scene.text.render("Wolfgang Amadeus", L.font_normal, (0, 0, 0), bold=True).get_width() > \
            L.plate_room(L.seats[6].plate, None)[0] - L.plate_lines(L.seats[6].plate)[0]
        assert on_plate[1][0] == "Alice" and on_plate[3][0] == "Chloe"
        cut = scene.text._shorten("Wolfgang Amadeus", L.font_normal, 70, (0, 0, 0), True)[0]
        assert cut.endswith("…") and not cut.endswith(" …"), cut
        # narrower still: the first name alone, never cut inside it ("Wolfgan…")
        wide = scene.text.render("Wolfgang A.", L.font_normal, (0, 0, 0), bold=True).get_width()
        first = scene.text.render("Wolfgang", L.font_normal, (0, 0, 0), bold=True).get_width()
        assert scene._plate_name("Wolfgang Amadeus", L.font_normal, int(first * 0.8) + 1) == "Wolfgang"
        assert scene._plate_name("Wolfgang Amadeus", L.font_normal, int(wide * 0.8) + 1) == "Wolfgang A."
    finally:
        a.close_scenes()


def test_a_text_shrunk_to_fit_is_not_cut_where_a_point_smaller_fits():
    """"Anastasia R." was cut to "Anastasia…" in the sidebar at one window size (a tester):
    the font shrunk in proportion was still a pixel too wide, since letters do not narrow in
    proportion to their size; a point or two smaller fits, and is tried before any cut."""
    from game.ui.widgets import Text

    t = Text()
    wide = t.render("Anastasia R.", 14).get_width()
    for max_w in range(int(wide * 0.75), wide):
        text, size = t._shorten("Anastasia R.", 14, max_w, (0, 0, 0), False)
        assert text == "Anastasia R." and t.render(text, size).get_width() <= max_w, max_w


def test_a_long_name_in_the_sidebars_scores_is_shortened_as_on_a_plate(monkeypatch):
    """Eight players at 1024x640, this round's points beside the totals: the sidebar
    squeezed "Wolfgang Amadeus" to "Wolfgang Amade…" (a tester); it reads "Wolfgang A." or
    "Wolfgang" where the whole name does not fit, and short names stay whole."""
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "2♣ 8♥"}, pile="5♦", players=8, wild=None, filler=4,
                  melds=[(7, "A♥ A♦ A♣"), (7, "K♣ K♦ K♠"), (1, "8♣ 9♣ 10♣")])
        g.names = ["You", "Alice", "Bo", "Chloe", "Dev", "Elena", "Fay", "Wolfgang Amadeus"]
        g.scores = [1335, 2410, 980, 1200, 3105, 1875, 2260, 1590]
        scene = play(a, g)
        drawn, blit = [], scene.text.blit

        def record(surface, text, font, pos, *args, max_w=None, **kw):
            drawn.append((text, font, kw.get("bold", False), max_w, tuple(pos)))
            return blit(surface, text, font, pos, *args, max_w=max_w, **kw)

        monkeypatch.setattr(scene.text, "blit", record)
        a.draw()
        rows = scene.layout.score_rows()
        names = {s: next(d for d in drawn if rows[s].collidepoint(d[4])) for s in range(8)}
        text, font, bold, room, _ = names[7]
        whole = scene.text.render("Wolfgang Amadeus", font, (0, 0, 0), bold=bold).get_width()
        assert whole > room  # (the case: the whole name does not fit beside the points)
        assert text in ("Wolfgang A.", "Wolfgang"), text
        assert scene.text.render(text, font, (0, 0, 0), bold=bold).get_width() * 0.8 <= room  # (never cut)
        assert [names[s][0] for s in range(7)] == ["You", "Alice", "Bo", "Chloe", "Dev", "Elena", "Fay"]
    finally:
        a.close_scenes()


def test_continue_keeps_the_new_tag_of_a_drawn_card_melded_this_turn_for_undo(app, tmp_path, monkeypatch):
    """The card drawn from the stock went into a meld; the game was closed and continued;
    Undo brings the card back to the hand with its "new" tag (it came back without it)."""
    from game.engine import MeldCards

    monkeypatch.setenv("RUMMY5000_DATA_DIR", str(tmp_path))
    g = build({0: "7♥ 8♥ 2♣ K♠ 4♦"}, pile="Q♦", wild=None)
    g.stock.remove(c("9♥"))
    g.stock.append(c("9♥"))  # (the next card drawn)
    scene = play(app, g, tmp_path)
    scene.draw_stock()
    app.pump(2)
    assert scene.hand_tags().get(c("9♥")) == "new"
    scene.c.act(MeldCards(tuple(parse_cards("7♥ 8♥ 9♥"))))
    app.pump(2)
    again = app.continue_game()
    app.pump(2)
    assert c("9♥") not in again.g.hands[0]
    again.undo()
    app.pump(4)
    assert again.hand_tags().get(c("9♥")) == "new"


@pytest.mark.parametrize("players", [6, 8])
def test_a_long_hint_keeps_to_the_middle_of_a_narrow_table(players):
    """At 1024x640 with side seats, a long hint takes up to four lines between the side
    columns instead of running over the seats' melds and "laid off" chips, none of them cut."""
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "8♣ 8♠ 5♦ J♥ 4♣ 6♠ J♣"}, pile="K♦ 8♦ 9♣ 6♥", players=players, wild=None, preset="rummy500")
        scene = play(a, g)
        text = ("Hint: discard the 4♠: it goes only with your 4♣, but going by the cards still unseen the "
                "other players are likelier to want your Q♣, though the next player holds the 4♦ (dealt "
                "face up), which it goes with (in focus: X or Enter discards it)")
        scene.message(text)
        a.pump(2)
        L = scene.layout
        boxes = scene._toast_layout()
        assert boxes
        _, box, img = boxes[-1]
        assert L.center.left <= box.left and box.right <= L.center.right, (box, L.center)
        assert img.get_width() <= box.w
        # every word shown, at the size of the rest (a third line was cut: "… whi…"); beside
        # the stock, where the box keeps clear of its count, on a line or two more
        room = box.w - 24
        lines = scene.text.wrap(text, L.font_normal, room, 6)
        assert " ".join(lines) == text and len(lines) <= 6
        assert all(scene.text.render(line, L.font_normal, (255, 255, 255)).get_width() <= room for line in lines)
        assert img.get_height() >= len(lines) * scene.text.render("X", L.font_normal, (0, 0, 0)).get_height()
    finally:
        a.close_scenes()


def shown_message(text: str, size: tuple[int, int], players: int, hand: str, scale: float = 1.0):
    """A table at ``size`` (the person holding ``hand``, a pile of six) showing ``text`` as a
    message: the app, the scene, and the message's box and words."""
    a = App(size=size, settings=settings(card_scale=scale))
    g = build({0: hand}, pile="K♦ 8♦ 9♣ 6♥ 5♥ 7♥", players=players, wild=None)
    scene = play(a, g)
    scene.message(text)
    a.pump(2)
    (_, box, img), = scene._toast_layout()
    return a, scene, box, img


def test_a_hint_of_five_lines_keeps_between_the_side_seats():
    """At 1280x800 with five players a hint that four lines between the side columns could
    not hold went across the whole table, over the side seats' melds and "Stock 62" (a
    tester): up to six lines there come first."""
    text = ("Hint: discard the 9♣: it goes with none of your other cards, and going by the cards still "
            "unseen the other players are likelier to want your K♥, so it stays, though Chloe has 2 cards "
            "left, and keeping your K♥ risks its 10 points; a player has 1 card left, and at 5 points it "
            "would cost you the most if that player goes out, and your 5♦ 5♠ would go with the 5♥ in "
            "the pile (in focus: X or Enter discards it)")
    a, scene, box, img = shown_message(text, (1280, 800), 5, "5♦ 5♠ 9♠ K♥")
    try:
        L = scene.layout
        assert len(scene.text.wrap(text, L.font_normal, L.center.w - 28, 9)) in (5, 6)  # (the case)
        assert L.center.left <= box.left and box.right <= L.center.right, (box, L.center)
        assert not box.colliderect(L.stock.union(L.stock_label))
        lines = scene.text.wrap(text, L.font_normal, box.w - 24, 6)
        assert " ".join(lines) == text
    finally:
        a.close_scenes()


def clear_of(box: Rect, spot: Rect, gap: int = 4) -> bool:
    """``box`` keeps at least ``gap`` pixels from ``spot`` (a hint's box touching "Stock 19"
    read as one with it: a tester)."""
    return not box.colliderect(spot.inflate(2 * gap, 2 * gap))


@pytest.mark.parametrize("size", [(1024, 640), (1177, 704), (1366, 768), (1920, 1080)])
def test_a_long_hint_does_not_cover_the_stocks_count(size):
    """A hint of three lines grew up over "Stock 16" under the stock, which matters when
    choosing a draw (a tester): a box that would cover the stock or its count, or touch it,
    sits beside them, every word still shown; a short message stays in the middle."""
    a = App(size=size, settings=settings())
    try:
        g = build({0: "8♣ 8♠ 5♦ J♥ 4♣ 6♠ J♣"}, pile="K♦ 8♦ 9♣ 6♥", players=4, wild=None, preset="rummy500")
        scene = play(a, g)
        scene.keyboard = True  # (the status line names the keys: two lines at a narrow table)
        L = scene.layout
        text = ("Hint: draw from the stock: taking the pile down to the 4♥ would meld it, but the K♦ 5♣ 9♣ A♦ "
                "above it would stay in your hand, and a player has 2 cards left (D)")
        longer = ("Hint: discard the 10♣: it goes with none of your other cards, and of your loose cards it has "
                  "the least chance to meld; a player has 1 card left, and at 10 points it would cost you the "
                  "most if that player goes out (in focus: X or Enter discards it)")  # (four lines or more beside it)
        scene.message(longer)
        a.pump(2)
        (_, box, _), = scene._toast_layout()
        assert clear_of(box, L.stock_spot), (box, L.stock_label)
        scene.toasts.clear()
        scene.message("Not your turn")
        scene.message(text)
        a.pump(2)
        boxes = scene._toast_layout()
        assert [t.text for t, _, _ in boxes] == [text, "Not your turn"]
        for t, box, img in boxes:
            assert clear_of(box, L.stock_spot), (t.text, box, L.stock_label)
            assert img.get_width() <= box.w and L.play.contains(box)
            lines = scene.text.wrap(t.text, L.font_normal, box.w - 24, 4)
            assert " ".join(lines) == t.text
        scene.toasts[:] = scene.toasts[:1]  # a short message alone stays in the middle
        (_, box, _), = scene._toast_layout()
        assert abs(box.centerx - L.message.centerx) <= 1
    finally:
        a.close_scenes()


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_long_hint_does_not_cover_the_pile_cards_it_speaks_of(size):
    """A hint of five lines covered the lower half of the pile's cards it was about (a
    tester, the largest cards): where six lines beside the pile's cards hold it, it goes
    there (in a middle too narrow for that, as with four players or more, it stays, every
    word shown)."""
    text = ("Hint: draw from the stock: taking the pile down to the 5♥ would put down 3 more cards than "
            "your hand alone (15 more points), but a card from the stock is the better bet for this hand: "
            "20 of the 60 cards you have not seen would let you put more down")
    a, scene, box, img = shown_message(text, size, 3, "5♦ 5♠", scale=1.3)
    try:
        L = scene.layout
        spots = L.pile_rects(len(scene.g.pile))
        assert not any(box.colliderect(r) for r in spots), (box, spots[0], spots[-1])
        assert not box.colliderect(L.stock.union(L.stock_label)) and L.play.contains(box)
        lines = scene.text.wrap(text, L.font_normal, box.w - 24, 6)
        assert " ".join(lines) == text  # (every word shown)
    finally:
        a.close_scenes()


def test_a_message_too_long_to_go_beside_the_stock_keeps_its_words():
    """A message over the stock that six lines beside it would not hold stays where it was,
    with its words: the search for a narrower box left the message with no words at all, and
    drawing the table failed (a random-input run on the menus found it)."""
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "8♣ 8♠ 5♦ J♥ 4♣ 6♠ J♣"}, pile="K♦ 8♦ 9♣ 6♥", players=4, wild=None, preset="rummy500")
        scene = play(a, g)
        L = scene.layout
        text = " ".join(["Hint: the stock is low, so draw from it and keep the 8♣ 8♠ pair for later"] * 6)
        scene.message(text)
        scene.message("Not your turn")  # (the newest lowest: the long one above it, by the stock)
        a.pump(2)
        (_, low, _), (t, box, img) = scene._toast_layout()
        assert img is not None and img.get_width() <= box.w
        assert box.colliderect(L.stock.union(L.stock_label)) and box.centery < low.top
        assert all(scene._toast_image(t, w, n) is None for w in range(100, L.center.w, 50) for n in (4, 5, 6))
        a.pump(2)  # (drawn without failing)
    finally:
        a.close_scenes()


def test_enter_on_anothers_turn_says_whose_turn_it_is_not_to_select_cards(app):
    """Enter with nothing selected while a computer player is to act said "Select cards to
    meld first", as if a meld could be made now: it says whose turn it is."""
    g = build({0: "2♣ 5♦ 9♠ J♥ K♣", 1: "3♦ 8♣ 10♥ Q♠ 4♣"}, pile="Q♦", current=1, phase="draw")
    scene = play(app, g)
    scene.toasts.clear()
    key(app, pygame.K_RETURN)
    texts = [t.text for t in scene.toasts]
    assert texts and texts[-1] == "It is Ann's turn" and not any(t.startswith("Select cards") for t in texts), texts


def test_a_meld_tag_cut_to_almost_nothing_keeps_the_melds_number(monkeypatch):
    """A tag with room for only a few letters showed "#…": the meld's number, which the
    "→ #3" chips name, is what stays."""
    a = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣", players=6, melds=[(2, "K♣ K♦ K♥")], wild=None)
        scene = play(a, g)
        drawn: list[str] = []
        render = scene.text.render

        def record(text, *args, **kw):  # (what is drawn)
            drawn.append(text)
            return render(text, *args, **kw)

        monkeypatch.setattr(scene.text, "render", record)
        surface = pygame.display.get_surface()
        tag_w = scene.text.font(scene._tag_size(), True).size("#1 x…")[0]
        for room in (tag_w - 6, tag_w // 2 + 8):
            drawn.clear()
            scene._draw_tag(surface, "#1 kings", Rect(10, 10, 20, 14), room, (200, 200, 200))
            assert drawn == ["#1"], (room, drawn)
        drawn.clear()
        scene._draw_tag(surface, "#1 kings", Rect(10, 10, 20, 14), 400, (200, 200, 200))
        assert drawn == ["#1 kings"]
    finally:
        a.close_scenes()


def test_the_laid_off_chips_keep_the_order_the_cards_were_laid_in_after_continue(tmp_path):
    """The chips under a seat of the cards it laid on others' melds came back in the melds'
    order after Continue, not the order they were laid in (a tester)."""
    g = build({0: "2♦ 3♦ 9♥", 1: "8♣ K♣ 4♠ 4♥"}, melds=[(0, "K♦ K♥ K♠"), (0, "5♣ 6♣ 7♣")],
              preset="rummy500", current=1, phase="play")
    first, second = g.melds
    seats = [Seat("You", "human", ""), Seat("Ann", "bot", "normal"), Seat("Bo", "bot", "normal")]
    save = tmp_path / "autosave.json"
    ctl = Controller(g, seats, settings=settings(), save_path=save, seed=1)
    ctl._apply(LayOff(c("8♣"), second.id), 1)
    ctl._apply(LayOff(c("K♣"), first.id), 1)
    laid = sorted(ctl.laid_order, key=ctl.laid_order.__getitem__)
    assert laid == [c("8♣"), c("K♣")]  # (the second meld's card first)
    again = Controller.load(save)
    assert sorted(again.laid_order, key=again.laid_order.__getitem__) == laid
    # a list from another round, or not a list of cards, is none: the chips follow the melds
    data = json.loads((tmp_path / "autosave.json.seats").read_text())
    for bad in ([["8♣"]], "8♣", [True], [10**9]):
        data[0]["laid"] = bad
        (tmp_path / "autosave.json.seats").write_text(json.dumps(data))
        assert Controller.load(save).laid_order == {}
    data[0]["laid"] = [int(c("K♣")), int(c("8♣"))]
    data[0]["moves_round"] = g.round_no + 1
    (tmp_path / "autosave.json.seats").write_text(json.dumps(data))
    assert Controller.load(save).laid_order == {}


def test_a_name_ending_in_a_number_is_shortened_by_its_number():
    """"Player 2" on a narrow plate read "Player 2." (longer), and shorter still "Player",
    as every such seat would (a tester)."""
    from game.ui.ui_kit import short_name

    assert [short_name("Player 2", k) for k in range(4)] == ["Player 2", "Player 2", "P2", "P2"]
    assert [short_name("Player 12", k) for k in range(4)] == ["Player 12", "Player 12", "P12", "P12"]
    assert [short_name("Anastasia Rosali", k) for k in range(4)] == [
        "Anastasia Rosali", "Anastasia R.", "Anastasia", "A."]
    assert short_name("Jo B", 1) == "Jo B"


def test_a_meld_tag_on_a_low_chip_is_drawn_in_letters_that_fit_it(app, monkeypatch):
    """At 1920x1080 a crowded seat's small cards had low tag chips, and the tags' letters,
    the window's size, stood out of them top and bottom (a tester)."""
    g = build({0: "2♦ 5♣ Q♠ 9♣"}, pile="3♣", melds=[(1, "4♥ 5♥ 6♥")])
    scene = play(app, g)
    sizes = []
    real = scene.text.fit

    def fit(text, size, *a, **kw):
        sizes.append(size)
        return real(text, size, *a, **kw)

    monkeypatch.setattr(scene.text, "fit", fit)
    monkeypatch.setattr(scene, "_tag_size", lambda: 23)  # (1920x1080's)
    surface = pygame.Surface((400, 100))
    scene._draw_tag(surface, "#13 queens", Rect(10, 10, 40, 10), 120, (200, 120, 60))
    assert sizes[-1] <= 12
    scene._draw_tag(surface, "#13 queens", Rect(10, 10, 40, 40), 120, (200, 120, 60))
    assert sizes[-1] == scene._tag_size()  # (a chip high enough: the usual size)


@pytest.mark.parametrize("size, scale, n", [((1024, 640), 1.3, 4), ((1366, 768), 1.3, 5), ((1920, 1080), 1.3, 5)])
def test_a_crowded_seats_melds_shrink_rather_than_spill_over_its_laid_off_row(size, scale, n):
    """With large cards, a top seat's second row of melds was drawn over its "laid off" row
    (a tester): past half size, where the tags are cut already, the cards shrink on."""
    L = TableLayout(size, 8, decks=2, card_scale=scale)
    for seat in (3, 4, 5):
        flow = L.meld_flow(seat, [(4, frozenset())] * n, reserve=40, tags=[60] * n)
        assert not flow.overflow, (size, seat)
        area = L.seats[seat].melds
        assert max(r.bottom for rects in flow.melds for r in rects) <= area.bottom - 40 + 2


def animated_meld_table():
    """An app at normal animation speed, the person holding 7♠ 8♠ 9♠ selected, at rest:
    (app, game, table)."""
    s = settings()
    s.animation_speed = 1.0
    a = App(size=(1366, 768), settings=s)
    g = build({0: "7♠ 8♠ 9♠ K♥ 2♦"}, pile="3♦", phase="play")
    scene = play(a, g)
    scene._set_selection([c("7♠"), c("8♠"), c("9♠")])
    a.run_until(lambda: not scene.anim.tweens and not a.dirty and not a._busy(), timeout=5)
    return a, g, scene


def test_a_move_made_after_a_pause_is_animated_from_its_start():
    """A meld made by a key after the table had been still for a while had its cards'
    flight played out at once: the time before the key counted as time of the flight (a
    tester, from frames taken every 30 ms)."""
    a, g, scene = animated_meld_table()
    try:
        time.sleep(0.6)  # (still: the loop waits for input)
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        a.step(block=True)
        assert g.melds and c("7♠") in g.melds[0].cards
        assert {t.card for t in scene.anim.tweens} >= {c("7♠"), c("8♠"), c("9♠")}  # (still on their way)
        assert all(t.elapsed < t.duration / 2 for t in scene.anim.tweens if t.card == c("7♠"))
    finally:
        a.close_scenes()


def test_moving_the_keys_focus_takes_away_a_refusal_about_the_card_it_leaves(app):
    """"You may not take the K♣" stayed over the status line's words for the 4♠ the focus
    had moved to (a tester)."""
    g = build({0: "2♣ 10♣ 4♦ 6♦ 4♥ J♥ 8♠"}, pile="K♣ 9♦ 4♠ 7♥ Q♦", preset="rummy500", wild=None)
    scene = play(app, g)
    key(app, pygame.K_UP)
    scene.focus_zone, scene.focus_index = "pile", 0
    key(app, pygame.K_RETURN)
    assert scene.toasts[-1].refusal and "K♣" in scene.toasts[-1].text
    key(app, pygame.K_RIGHT)
    assert not [t for t in scene.toasts if t.refusal]


def test_a_meld_tags_number_is_never_cut(app, monkeypatch):
    """A tag with room for less than its number read "#…", and a "→ #24" chip named a meld
    nobody could find (a tester): the number shows whole, in smaller letters if need be."""
    g = build({0: "2♦ 5♣ Q♠ 9♣"}, pile="3♣", melds=[(1, "4♥ 5♥ 6♥")])
    scene = play(app, g)
    drawn = []
    real_render, real_fit = scene.text.render, scene.text.fit
    monkeypatch.setattr(scene.text, "render", lambda text, size, *a, **kw: drawn.append((text, size))
                        or real_render(text, size, *a, **kw))
    monkeypatch.setattr(scene.text, "fit", lambda text, size, *a, **kw: drawn.append((text, size))
                        or real_fit(text, size, *a, **kw))
    surface = pygame.Surface((400, 100))
    scene._draw_tag(surface, "#24 queens", Rect(10, 10, 20, 14), 22, (200, 120, 60))
    assert drawn[-1][0] == "#24" and drawn[-1][1] >= 8


def test_a_card_waiting_its_turn_to_fly_stays_where_it_was(app, monkeypatch):
    """The second and third cards of a meld vanished for a frame or two before they flew (a
    tester, from frames taken every 30 ms): while they wait their turn they are drawn where
    they were; a deal's cards wait in the stock, drawn there already."""
    a, g, scene = animated_meld_table()
    try:
        scene.meld_selected()
        waiting = {t.card: t.src for t in scene.anim.waiting()}
        assert c("9♠") in waiting
        drawn = []
        real = scene._draw_tween
        monkeypatch.setattr(scene, "_draw_tween", lambda surface, t: drawn.append((t.card, t.rect()))
                            or real(surface, t))
        a.draw()
        assert (c("9♠"), waiting[c("9♠")]) in drawn
    finally:
        a.close_scenes()


def test_a_callers_turn_again_after_the_call_is_said_so(app):
    """The person, next to play, called Rummy! on the discard before theirs and threw a card:
    the turn was theirs again, as the rules have it, with nothing said, and it looked like a
    slip (a tester)."""
    g = build({0: "2♣ 4♦ Q♠", 1: "3♠ 4♠ 10♦", 2: "5♦ 6♣ 9♠"}, pile="Q♦ 8♥",
              melds=[(0, "J♣ J♦ J♠"), (2, "5♥ 6♥ 7♥")], current=0)
    g.call_open = True
    g.discarder = 2
    scene = play(app, g)
    assert scene.c.human_may_call()
    scene.call_rummy(2)
    assert g.phase == "call" and g.current == 0
    scene.discard(c("Q♠"))
    assert g.current == 0 and g.phase == "draw"
    assert "Your turn again: play goes on with whoever was next before the call" in toast_texts(scene)


def test_a_score_of_one_point_reads_pt_on_the_name_plate(app, monkeypatch):
    g = build({0: "2♦ 5♣ Q♠ 9♥"}, pile="3♣", players=4)
    g.scores = [1, -1, 20, 0]
    scene = play(app, g)
    drawn = record_text(scene, monkeypatch)
    scene.invalidate()
    app.draw()
    plates = " | ".join(t for t in drawn if "pt" in t)
    assert "1 pt" in plates and "-1 pt" in plates.replace("−", "-") and "20 pts" in plates
    assert "1 pts" not in plates


@pytest.mark.parametrize("size", [(94, 132), (120, 168)])
def test_a_tens_corner_index_keeps_a_gap_before_the_pips(app, size):
    # the "10" ran up against the first column of pips (a tester): 2 px apart at 94 px
    from game.ui.cards import FACE

    w, h = size
    face = CardArt().face(c("10♠"), size)

    def ink(x, y):
        return sum(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], FACE)) > 60

    index = max(x for x in range(w // 3) for y in range(int(h * 0.03), int(h * 0.17)) if ink(x, y))
    pips = min(x for x in range(index + 1, w // 2) for y in range(int(h * 0.12), int(h * 0.26)) if ink(x, y))
    assert pips - index >= w * 0.04


@pytest.mark.parametrize("h", [40, 56, 84, 120, 200])
def test_a_corner_indexs_suit_stays_clear_of_its_rank(h):
    """A J's hook and a Q's tail reach below the other ranks, and they ran into the suit
    under them: in small melds J♣ and J♠ read alike (a tester). The suit's ink starts below
    the rank's, for every rank."""
    from game.ui.cards import RANK_TEXT, SUIT_SYMBOLS

    art = CardArt()
    W, H = int(h * 0.7) * 2, h * 2  # (painted at twice the size, then scaled down)
    for rank in list(RANK_TEXT.values()) + ["10", "7", "2"]:
        for sym in SUIT_SYMBOLS[:4]:
            r, at, sy, sy_at = art.index_parts(W, H, rank, sym, (0, 0, 0))
            ink, suit_ink = r.get_bounding_rect().move(at), sy.get_bounding_rect().move(sy_at)
            assert suit_ink.top > ink.bottom, (h, rank, sym, ink, suit_ink)


def test_a_meld_that_counts_double_says_so(app, monkeypatch):
    # the ×2 was on the rules page only, so the sheet's sums could not be followed (a tester)
    from game.ui.rules_text import explain_round

    g = build({0: "5♥ 6♥ 7♥ 8♥ 9♠ 9♦ 9♣ 2♦ K♣ 4♥ 9♥ 10♥"}, pile="Q♦", phase="play", wild=None)
    g.rules = g.rules.replace(four_at_once_double=True)
    g.ctx = MeldContext(g.rules, g.wild_rank, g.decks, g.pack)
    scene = play(app, g)
    scene.meld_selected([c(x) for x in "5♥ 6♥ 7♥ 8♥".split()])
    scene.meld_selected([c(x) for x in "9♠ 9♦ 9♣".split()])
    app.pump(2)
    run, nines = g.melds
    assert scene._meld_tag(run).endswith(" ×2") and "×" not in scene._meld_tag(nines)
    words = [w for _, _, _, w in scene.c.moves]
    assert words[-2:] == [f"melded 5♥ 6♥ 7♥ 8♥ as #{run.id} (counts double)", f"melded 9♠ 9♦ 9♣ as #{nines.id}"]
    # a card laid on it later counts once, and its tag says so ("5–9♥ ×2" read as all of it
    # counting double: a tester)
    for card, end in (("9♥", "high"), ("4♥", "low")):
        scene.c.act(LayOff(c(card), run.id, end))
    assert app.run_until(lambda: not scene.anim.arriving())
    assert scene._meld_tag(run) == f"#{run.id} 5–8♥ ×2 +4♥ 9♥"
    scene.c.act(LayOff(c("10♥"), run.id, "high"))
    assert app.run_until(lambda: not scene.anim.arriving())
    assert scene._meld_tag(run) == f"#{run.id} 5–8♥ ×2 +3 cards"
    said = explain_round(g.rules, SimpleNamespace(went_out=0, bonus=[0, 0, 0], in_hand=[0, 5, 5]),
                         ["You", "Ann", "Bo"], doubled=True)
    assert said.endswith("Melds of four or more cards laid down in one go count double (marked ×2).")


def test_a_key_held_on_the_title_does_not_repeat_onto_the_table(app):
    """Enter on the title's Continue, held a moment while the game loaded, reached the
    table as a move: "It is Alice's turn" in red, and the focus frame on (a tester). A key
    repeats on the screen it was pressed on; the table hears it once pressed again."""
    from game.ui.controller import Controller, autosave_path
    from game.ui.menus import TitleScene
    from game.ui.table import TableScene

    Controller.new("rummy500", 3, seed=4, save_path=autosave_path()).autosave()
    app.show_title()
    assert isinstance(app.stack.top, TitleScene) and app.stack.top.focus.current.name == "continue"
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.pump(2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(3):  # the key's repeats, still held
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        app.pump(2)
    assert not table.keyboard and not [t for t in table.toasts if t.kind == "error"]
    post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    key(app, pygame.K_RIGHT)  # pressed again: heard
    assert table.keyboard


def test_the_wild_panel_names_the_wild_once_the_dealers_upcard_lands():
    """"Wild this round 9" showed before the dealer's upcard that makes nines wild had been
    dealt (a tester): the panel names it once the card lands."""
    from game.ui.cards import GOLD

    a = App(size=SIZE, settings=settings(animation_speed=1.0))
    try:
        scene = a.start_game("rummy5000", 3, seed=2)
        a.pump(1)
        g = scene.g
        assert g.indicator is not None and g.wild_rank is not None

        def gold_in_panel() -> int:
            surface = pygame.Surface(scene.size)
            scene.draw(surface)
            badge = scene.layout.wild_badge
            return sum(1 for x in range(badge.x, badge.right, 2) for y in range(badge.y, badge.bottom, 2)
                       if sum(abs(p - q) for p, q in zip(surface.get_at((x, y))[:3], GOLD)) < 40)

        assert g.indicator in scene.anim.hidden()  # (the case: the deal is flying)
        assert gold_in_panel() == 0
        assert a.run_until(lambda: g.indicator not in scene.anim.hidden(), timeout=20)
        assert gold_in_panel() > 50
    finally:
        a.close_scenes()


def test_a_save_that_fails_is_logged_in_words(tmp_path, monkeypatch, caplog):
    """A read-only data folder printed "autosave failed: [Errno 13] Permission denied:
    '…/autosave.json' -> None" after every move (a tester): the reason in words, and the folder."""
    from game.ui import controller
    from game.ui.controller import Controller

    c = Controller.new("rummy500", 3, seed=4, save_path=tmp_path / "autosave.json")

    def refuse(path, *a, **k):
        raise OSError(13, "Permission denied", str(path), None, None)

    monkeypatch.setattr(controller, "atomic_write", refuse)
    c.autosave()
    assert c.save_error == "Permission denied (autosave.json)"
    assert f"autosave failed: Permission denied (autosave.json) in {tmp_path}" in caplog.text
    assert "-> None" not in caplog.text


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_the_focus_frame_on_a_pile_card_keeps_clear_of_the_piles_label(size, monkeypatch):
    """With the keyboard's focus on a pile card its frame ran through the foot of "Discard
    pile 8" (a tester): the label sits higher than any frame round the pile's cards."""
    from game.ui.table_paint import FOCUS

    a = App(size=size, settings=settings())
    try:
        g = build({0: "2♣ 5♦ 9♠ J♥ 4♣"}, pile="Q♦ 8♦ 9♣ 6♥", phase="draw")
        scene = play(a, g)
        scene.keyboard = True
        scene.focus_zone, scene.focus_index = "pile", 1
        drawn = record_text(scene, monkeypatch, where=True)
        surface = pygame.Surface(scene.size)
        scene.draw(surface)
        L = scene.layout
        (label, at), = [(t, p) for t, p in drawn if t.startswith("Discard pile")]
        ink = scene.text.render(label, L.font_small, (255, 255, 255)).get_bounding_rect()
        ink.bottomleft = (at[0], at[1] - (scene.text.render(label, L.font_small, (0, 0, 0)).get_height()
                                          - ink.bottom))
        frame = scene._card_focus()[1]
        assert ink.bottom + 2 <= frame.top, (ink, frame)
        # the frame's line is where it is said to be
        assert surface.get_at((frame.centerx, frame.top)) == FOCUS or \
            surface.get_at((frame.centerx, frame.top + 1)) == FOCUS
    finally:
        a.close_scenes()


def test_enter_carries_out_a_hint_to_end_the_round_and_says_what_an_empty_stock_leaves(app):
    """A hint said "end the round: the stock is empty (E, or End round)" and Enter, which
    carries out every other hint, said "Draw first: D draws from the stock", with no stock
    to draw from (a tester)."""
    g = build({0: "8♥ 2♦ 5♣ Q♠"}, pile="J♠ 7♦ 4♠", preset="rummy500", wild=None)
    g.set_aside, g.stock = list(g.stock), []
    scene = play(app, g)
    scene.keyboard = True
    key(app, pygame.K_RETURN)  # no hint: what the empty stock leaves, not "D draws"
    assert toast_texts(scene)[-1] == "The stock is empty: P takes from the pile, E ends the round"
    assert not g.results
    scene._show_hint(EndRound())
    key(app, pygame.K_RETURN)
    assert g.results and g.results[-1].reason == "stock_empty"
