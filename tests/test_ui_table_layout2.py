"""The table, more of its layout: the others' hands turned face up when a round is over,
small menus that leave the status line in sight, and narrow name plates that keep a
computer player's level (SDL's dummy video driver; see conftest.py)."""

from __future__ import annotations

import random

import pygame
import pytest
from pygame import Rect
from test_ui_table import build, c, click, drag, key, play, settings, spot

from game.engine import Card, Discard, Rules, new_game, parse_cards
from game.ui.app import App
from game.ui.controller import Controller, Seat
from game.ui.layout import INDEX_SHOW, TableLayout

SIZES = [(1024, 640), (1280, 800), (1400, 900)]
NAMES = ["You", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gil"]
LEVELS = ["easy", "normal", "hard"]


def card_text(card: int) -> str:
    return repr(Card(card))[6:-2]  # "4♠", or "4♠#2" for the second deck's


def round_over(players: int, seed: int = 3):
    """A round just over: melds on the table and hands of 3 to 12 cards left."""
    melds = [(0, "7♠ 8♠ 9♠"), (1, "4♠ 4♣ 4♦"), (2, "10♦ J♦ Q♦"), (3, "5♣ 6♣ 7♣ 8♣")]
    if players > 5:
        melds += [(5, "2♥ 3♥ 4♥"), (3, "K♠ K♥ K♣")]
    used = set(parse_cards(" ".join(m for _, m in melds) + " 2♦"))
    g0, _ = new_game(Rules.preset("rummy5000"), players, seed=seed)
    pool = [x for x in g0.pack if x not in used]
    random.Random(players).shuffle(pool)
    counts = [0, 7, 5, 11, 3, 9, 8, 12]
    hands = {0: ""}
    for s in range(1, players):
        hands[s] = " ".join(card_text(x) for x in pool[:counts[s]])
        pool = pool[counts[s]:]
    g = build(hands, pile="2♦", players=players, melds=melds, wild=None)
    g.phase = "round_over"
    return g


def open_table(size, g, levels=None):
    app = App(size=size, settings=settings())
    if levels is None:
        scene = play(app, g)
    else:
        seats = [Seat("You", "human", "")] + [Seat(g.seat_name(s), "bot", levels[s - 1])
                                              for s in range(1, g.players)]
        scene = app.play(Controller(g, seats, settings=app.settings, seed=1))
        app.pump(3)
    scene._place(force=True)
    return app, scene


# --------------------------------------------------------------------------- hands face up


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 6, 8])
def test_hands_turned_face_up_at_the_end_of_a_round_show_every_cards_corner(size, players):
    """With the round over (what "View table" shows) each other hand lies face up in its
    seat's area, under its melds, the cards as big as the melds' and far enough apart
    (and the rows far enough apart) for every corner index to show."""
    g = round_over(players)
    app, scene = open_table(size, g)
    try:
        L = scene.layout
        for seat in range(1, players):
            area = L.seats[seat].melds
            rects = [scene.places[x].rect for x in g.hands[seat]]
            assert all(scene.places[x].face for x in g.hands[seat]), seat
            cw, ch = rects[0].size
            assert ch >= L.opp_card[1] * 0.75, (seat, rects[0])  # (the melds' cards are opp_card)
            for r in rects:
                assert area.contains(r), (seat, r, area)
            rows: dict[int, list[Rect]] = {}
            for r in rects:
                rows.setdefault(r.y, []).append(r)
            ys = sorted(rows)
            for a, b in zip(ys, ys[1:]):
                assert b - a >= ch * 0.4, (seat, ys)  # a row's indexes show above the next
            for row in rows.values():
                xs = sorted(r.x for r in row)
                for a, b in zip(xs, xs[1:]):
                    assert b - a >= cw * INDEX_SHOW - 1, (seat, xs)
            # clear of the seat's melds and of its name plate
            melded = [scene.places[x].rect for m in g.melds if m.owner == seat for x in m.cards]
            for r in rects:
                assert not any(r.colliderect(m) for m in melded), seat
                assert not r.colliderect(L.seats[seat].plate)
    finally:
        app.close_scenes()


def test_a_hand_turned_face_up_shares_a_wide_short_area_with_the_melds():
    """The seat across the table (a wide, short area) keeps its melds full size: the hand
    goes beside them rather than shrinking everything to fit under them."""
    g = round_over(4)
    app, scene = open_table((1400, 900), g)
    try:
        L = scene.layout
        assert L.seats[2].side == "top"
        meld = [scene.places[x].rect for x in g.melds[2].cards]
        hand = [scene.places[x].rect for x in g.hands[2]]
        assert meld[0].size == L.opp_card and hand[0].size == L.opp_card
        assert hand[0].y == meld[0].y and hand[0].x > meld[-1].right
    finally:
        app.close_scenes()


def test_hands_are_backs_while_the_round_is_played_and_tagged_once_turned_up(monkeypatch):
    g = round_over(6)
    g.phase = "draw"
    app, scene = open_table((1280, 800), g)
    try:
        for seat in range(1, 6):
            assert not any(scene.places[x].face for x in g.hands[seat])
        assert scene.hand_labels == {}
        g.phase = "round_over"
        scene._place(force=True)
        drawn = []
        fit = scene.text.fit

        def record(text, *args, **kw):
            drawn.append(text)
            return fit(text, *args, **kw)

        monkeypatch.setattr(scene.text, "fit", record)
        scene.draw(pygame.display.get_surface())
        assert drawn.count("in hand") == 5
        assert set(scene.hand_labels) == {1, 2, 3, 4, 5}
        for seat, label in scene.hand_labels.items():
            first = min((scene.places[x].rect for x in g.hands[seat]), key=lambda r: (r.y, r.x))
            assert label.bottom <= first.top + 1 and label.x == first.x
    finally:
        app.close_scenes()


# --------------------------------------------------------------------------- small menus


@pytest.mark.parametrize("size", SIZES)
def test_the_meld_choice_leaves_the_status_line_in_sight(size):
    app = App(size=size, settings=settings())
    try:
        g = build({0: "7♥ 8♥ K♠ 2♦ 4♣"}, pile="Q♦", phase="play", wild=13)
        scene = play(app, g)
        for card in ("7♥", "8♥", "K♠"):
            click(app, spot(scene, c(card)))
        key(app, pygame.K_RETURN)
        assert scene.choice is not None and len(scene.choice.options) == 2
        L = scene.layout
        assert not scene.choice.box.colliderect(L.message), (scene.choice.box, L.message)
        assert scene.choice.box.bottom <= L.message.top
        # still so once the window changes size
        scene.resize((1600, 1000))
        assert not scene.choice.box.colliderect(scene.layout.message)
        # and the choice still works where it is drawn
        want = next(i for i, o in enumerate(scene.choice.options) if o.startswith("run 7♥"))
        click(app, scene.choice.rects[want].center)
        assert scene.choice is None and len(g.melds) == 1 and g.melds[0].lo == 7
    finally:
        app.close_scenes()


@pytest.mark.parametrize("size", SIZES)
def test_a_call_menu_leaves_the_hint_above_the_status_line_in_sight(size):
    from test_ui_table import wild_call_position

    from game.engine import CallRummy
    app = App(size=size, settings=settings())
    try:
        g = wild_call_position()
        scene = play(app, g)
        scene.c._hint_from = lambda view, what: CallRummy(0, meld=1, end="low")
        key(app, pygame.K_h)
        scene.message("Rummy! called")  # a second message stacked over the hint
        key(app, pygame.K_r)
        assert scene.choice is not None and len(scene.choice.options) == 2
        boxes = [box for _, box in scene._toast_boxes()]
        assert len(boxes) == 2
        assert not scene.choice.box.collidelistall([scene.layout.message, *boxes]), (scene.choice.box, boxes)
    finally:
        app.close_scenes()


def test_the_game_menu_leaves_the_status_line_in_sight():
    app = App(size=(1024, 640), settings=settings())
    try:
        g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦")
        scene = play(app, g)
        key(app, pygame.K_ESCAPE)
        assert scene.choice is not None and scene.paused
        assert not scene.choice.box.colliderect(scene.layout.message)
    finally:
        app.close_scenes()


# --------------------------------------------------------------------------- name plates


def drawn_on(scene, monkeypatch) -> list:
    """The texts the table draws from now on, with the rectangle each took."""
    drawn, blit = [], scene.text.blit

    def record(surface, text, *args, **kw):
        r = blit(surface, text, *args, **kw)
        drawn.append((text, pygame.Rect(r)))
        return r

    monkeypatch.setattr(scene.text, "blit", record)
    return drawn


@pytest.mark.parametrize("size", SIZES + [(1920, 1080)])
@pytest.mark.parametrize("players", [6, 7, 8])
def test_a_narrow_plate_keeps_the_computers_level(monkeypatch, size, players):
    """On a plate of three lines the level is written whole (not cut to "nor…"), the
    dealer's too, whose "D" chip ends the second line above it."""
    melds = [(s, f"{r}♣ {r}♦ {r}♠") for s, r in enumerate(["3", "4", "5", "6", "7", "9", "J", "Q"][:players])]
    g = build({0: "2♣ 8♥"}, pile="K♦", players=players, melds=melds, wild=None)
    g.scores = [1265, 2625, 4235, 3455, 1040, 2210, 3980, 4120][:players]
    g.dealer = 3
    g.scores[3] = 0  # (a short score: the chip stays on the plate, at the end of line 2)
    g.names = ["You", "Ann", "Bo", "Clara", "Di", "Ed", "Flo", "Gil"][:players]  # (the D on line 2)
    levels = [LEVELS[(s + 2) % 3] for s in range(players - 1)]  # (the dealer: "normal")
    app, scene = open_table(size, g, levels)
    try:
        drawn = drawn_on(scene, monkeypatch)
        app.draw()
        L = scene.layout
        for seat in range(1, players):
            plate = L.seats[seat].plate
            on_plate = [(t, r) for t, r in drawn if plate.collidepoint(r.topleft)]
            level = levels[seat - 1]
            shown = [(t, r) for t, r in on_plate if level in t.split(" · ")]
            assert len(shown) == 1, (seat, plate, [t for t, _ in on_plate])
            text, where = shown[0]
            assert plate.contains(where), (seat, plate, where)
            whole = scene.text.render(text, L.font_small, (0, 0, 0)).get_width()
            if L.plate_third_line(plate) is not None:
                assert where.w >= whole, (seat, plate, text, where)  # not cut short
            if seat == g.dealer:
                fs = L.font_small
                chip = scene.text.render("D", fs, (0, 0, 0), bold=True).get_size()
                name_w = scene.text.render(g.seat_name(seat), L.font_normal, (0, 0, 0), bold=True).get_width()
                score_w = scene.text.render(f"{g.scores[seat]:,}", fs, (0, 0, 0)).get_width()
                cr = L.dealer_chip(plate, chip, name_w, score_w)
                assert not cr.colliderect(where.inflate(0, -2)), (seat, cr, where)
            # whole, clear of the other lines (their boxes' leading may touch: on a plate of two
            # lines at 1920x1080 the name's box and the second line's overlap by 2 px of it)
            line = where.inflate(0, -4)
            assert not any(r.colliderect(line) for t, r in on_plate if t != text), (seat, on_plate)
            assert any(t.split(" ")[0] == f"{g.scores[seat]:,}" for t, _ in on_plate)
            assert g.seat_name(seat) in [t for t, _ in on_plate]
    finally:
        app.close_scenes()


@pytest.mark.parametrize("size", SIZES + [(1920, 1080)])
@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_dealer_chip_never_cuts_a_total(monkeypatch, size, players):
    """Whoever deals, with four-digit totals, every plate shows its name and its whole
    total, and the "D" chip lies on the plate clear of them: on a plate too narrow for the
    chip beside the name or the total it takes the place of the seat's dot."""
    melds = [(s, f"{r}♣ {r}♦ {r}♠") for s, r in enumerate(["3", "4", "5", "6", "7", "9", "J", "Q"][:players])]
    for dealer in range(1, players):
        g = build({0: "2♣ 8♥"}, pile="K♦", players=players, melds=melds, wild=None)
        g.scores = [1265, 2625, 4235, 3455, 1040, 2210, 3980, 4120][:players]
        g.dealer = dealer
        g.names = ["You", "Bruno", "Clara", "Elena", "Farid", "Greta", "Hugo", "Ada"][:players]
        app, scene = open_table(size, g, [LEVELS[s % 3] for s in range(players - 1)])
        try:
            drawn = drawn_on(scene, monkeypatch)
            app.draw()
            L = scene.layout
            fs = L.font_small
            plate = L.seats[dealer].plate
            on_plate = [(t, r) for t, r in drawn if plate.collidepoint(r.topleft)]
            total = f"{g.scores[dealer]:,}"
            shown = [r for t, r in on_plate if t.split(" ")[0] == total]
            assert len(shown) == 1, (dealer, [t for t, _ in on_plate])
            assert shown[0].w >= scene.text.render(total, fs, (0, 0, 0)).get_width()  # not cut to "34…"
            chip = scene.text.render("D", fs, (0, 0, 0), bold=True).get_size()
            name_w = scene.text.render(g.seat_name(dealer), L.font_normal, (0, 0, 0), bold=True).get_width()
            score_w = scene.text.render(total, fs, (0, 0, 0)).get_width()
            cr = L.dealer_chip(plate, chip, name_w, score_w)
            assert plate.contains(cr), (dealer, plate, cr)
            assert not any(cr.colliderect(r.inflate(0, -2)) for _, r in on_plate), (dealer, cr, on_plate)
            if L.chip_on_dot(plate, cr):
                assert cr.collidepoint(L.plate_dot(plate)[:2])
        finally:
            app.close_scenes()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 9))
def test_plates_of_three_lines_fit_their_seats(size, players):
    L = TableLayout(size, players, human=0)
    for sb in L.seats:
        if sb.side == "bottom":
            assert L.plate_third_line(sb.plate) is None  # (the person's plate has no level)
            continue
        assert sb.box.contains(sb.plate) and not sb.plate.colliderect(sb.melds)
        y3 = L.plate_third_line(sb.plate)
        if y3 is not None:
            assert y3 + L.font_small <= sb.plate.bottom
    if players >= 7:
        assert L.plate_rows == 3
    if players == 2:
        assert L.plate_rows == 2  # (wide plates say it all on two lines)



@pytest.mark.parametrize("size", SIZES + [(1100, 700), (1440, 900)])
@pytest.mark.parametrize("players", range(3, 9))
def test_every_computer_name_fits_its_plate_at_full_size(size, players):
    """The computers' names (up to "Bruno") are written at the plate's own size on every
    seat, however many share the top row: a narrow row tucks the backs under the face-up
    deal card instead of shrinking the names."""
    from game.ui.controller import BOT_NAMES
    from game.ui.widgets import Text

    text = Text()
    L = TableLayout(size, players, human=0)
    widest = max(text.render(n, L.font_normal, bold=True).get_width() for n in BOT_NAMES)
    for sb in L.seats:
        if sb.side == "bottom":
            continue
        x = L.plate_lines(sb.plate)[0]
        assert x + widest <= L.plate_room(sb.plate)[0], (sb.seat, sb.plate)
        # the deal card and at least the edge of a stack of backs stay inside the seat
        assert sb.box.contains(sb.upcard) and not sb.upcard.colliderect(sb.plate)
        last = L.back_rects(sb.seat, 11)[-1]
        assert sb.box.contains(last) and last.right > sb.upcard.right + 3, (sb.upcard, last)


@pytest.mark.parametrize("players", [8])
def test_in_a_narrow_row_the_face_up_deal_card_lies_whole_over_the_backs(players):
    """At 1024x640 with eight players the top row's seats are narrow: the backs
    tuck under the deal card's right half and peek out beside it, and the card is drawn
    over them, so its face is whole."""
    seat = 3  # (in the top row)
    g = build({0: "2♣ 8♥ 5♣", seat: "5♥ 3♦ 9♣ K♥ 4♠"}, pile="Q♦", phase="play", players=players)
    g.upcards[seat] = c("5♥")
    app, scene = open_table((1024, 640), g)
    try:
        sb = scene.layout.seats[seat]
        assert sb.side == "top" and sb.backs.x < sb.upcard.right  # (a narrow row)
        order = [x for x, _ in scene.draw_list]
        up = scene.places[c("5♥")]
        assert up.zone == "up" and up.face and up.rect == sb.upcard
        backs = [(x, p.rect) for x, p in scene.draw_list if p.seat == seat and p.zone == "back"]
        assert len(backs) == 4
        assert all(order.index(x) < order.index(c("5♥")) for x, _ in backs)  # drawn under it
        assert all(r.x > up.rect.x for _, r in backs)  # its index corner is never covered
        assert max(r.right for _, r in backs) > up.rect.right + 3  # and the backs peek out
    finally:
        app.close_scenes()


def _ink(img: pygame.Surface) -> set[tuple[int, int]]:
    """The pixels of a face in a suit's colour (red, or near black)."""
    out = set()
    for x in range(img.get_width()):
        for y in range(img.get_height()):
            r, g, b, a = img.get_at((x, y))
            if a < 200:
                continue
            if (r > 150 and g < 90 and b < 90) or (r < 60 and g < 60 and b < 60):
                out.add((x, y))
    return out


@pytest.mark.parametrize("players", [6, 8])
def test_a_small_face_up_deal_card_shows_its_rank_and_suit_large(players):
    """At 1024x640 with six or eight players a seat's face-up deal card is about 34 px
    tall: its corner index (the rank a few pixels high) could hardly be read. Alone on the
    table, it shows the rank over the suit, each about half the card; a card that overlaps
    others (in a meld, in the hand) keeps its corner index."""
    seat = 3
    g = build({0: "2♣ 8♥ 5♣", seat: "10♥ 3♦ 9♣ K♥ 4♠"}, pile="Q♦", phase="play", players=players)
    g.upcards[seat] = c("10♥")
    app, scene = open_table((1024, 640), g)
    try:
        calls = []
        face = scene.art.face

        def record(card, size, wild=False, alone=False):
            calls.append((card, size, alone))
            return face(card, size, wild, alone)

        scene.art.face = record
        app.draw()
        up = scene.places[c("10♥")].rect
        assert (c("10♥"), up.size, True) in calls
        assert all(not alone for card, _, alone in calls if card != c("10♥"))
        size = up.size
        assert size[1] < 45
        big, small = _ink(face(c("10♥"), size, alone=True)), _ink(face(c("10♥"), size))
        assert len(big) > 1.6 * len(small)
        top = [y for x, y in big if y < size[1] // 2]
        assert max(top) - min(top) >= size[1] * 0.22  # the rank: a quarter of the card (its corner: a sixth)
        # a card at a size where its corner reads well is drawn as any other
        assert face(c("10♥"), (70, 100), alone=True) is face(c("10♥"), (70, 100))
    finally:
        app.close_scenes()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 6, 8])
def test_a_hand_of_no_cards_says_so_inside_its_seat(monkeypatch, size, players):
    g = build({0: "2♣ 8♥ 5♣", 1: "4♠"}, pile="Q♦", phase="play", players=players)
    for s in range(2, players):  # floaters: no cards in hand
        g.hands[s] = []
        g.floating[s] = True
    app, scene = open_table(size, g)
    try:
        said, blit = [], scene.text.blit

        def record(surface, text, *args, **kw):
            r = blit(surface, text, *args, **kw)
            if text == "no cards":
                said.append(r)
            return r

        monkeypatch.setattr(scene.text, "blit", record)
        app.draw()
        assert len(said) == players - 2
        boxes = [sb.box for sb in scene.layout.seats[2:]]
        for r in said:
            assert any(b.contains(r) for b in boxes), (r, boxes)
    finally:
        app.close_scenes()


# --------------------------------------------------------------------------- count badges


def count_badges(scene, monkeypatch) -> list[Rect]:
    """The round count badges the table draws from now on (their cream fill)."""
    badges, rect = [], pygame.draw.rect

    def record(surface, colour, r, *args, **kw):
        if tuple(colour)[:3] == (245, 240, 220) and not args and not kw.get("width"):
            badges.append(Rect(r))
        return rect(surface, colour, r, *args, **kw)

    monkeypatch.setattr(pygame.draw, "rect", record)
    return badges


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 8])
def test_the_count_badge_sits_on_the_face_up_deal_card_held_alone(monkeypatch, size, players):
    """A seat whose only card left is its face-up deal card shows no backs: its count
    sits on that card, not on the empty felt where the backs would be; with backs, on
    the last back."""
    g = build({0: "2♣ 8♥ 5♣ Q♠", 1: "5♥", 2: "3♦ 9♣ K♥"}, pile="Q♦", phase="play",
              players=players, melds=[(1, "J♣ J♦ J♠")])
    g.upcards[1], g.upcards[2] = c("5♥"), c("3♦")
    app, scene = open_table(size, g)
    try:
        badges = count_badges(scene, monkeypatch)
        app.draw()
        assert len(badges) == players - 1
        up = scene.places[c("5♥")].rect
        assert scene.places[c("5♥")].zone == "up" and scene.places[c("5♥")].face
        mine = [b for b in badges if b.colliderect(up)]
        assert len(mine) == 1, (up, badges)
        badge = mine[0]
        assert up.left < badge.centerx <= up.right + 1 and up.top < badge.centery <= up.bottom
        # nothing is drawn where the backs would be, and no badge floats there
        backs = scene.layout.seats[1].backs
        assert not any(p.seat == 1 and p.zone == "back" for _, p in scene.draw_list)
        assert not any(b.colliderect(backs) and not b.colliderect(up) for b in badges)
        # a seat holding backs too: the badge on its last back
        last = max((scene.places[x].rect for x in g.hands[2] if x != c("3♦")), key=lambda r: r.x)
        assert any(b.collidepoint(last.right - 1, last.bottom - 3) for b in badges), (last, badges)
    finally:
        app.close_scenes()


# --------------------------------------------------------------------------- a plate's words


def second_lines(scene, surface, drawn: list, widths):
    """For each plate width in ``widths`` (given to every computer seat's plate), the
    plates drawn again: (width, seat, plate, the texts drawn on its second line)."""
    L = scene.layout
    seats = range(1, len(L.seats))
    for w in widths:
        for s in seats:
            L.seats[s].plate.w = w
        drawn.clear()
        scene._draw_plates(surface)
        for s in seats:
            plate = L.seats[s].plate
            y2 = L.plate_lines(plate)[2]
            yield w, s, plate, [t for t, r in drawn if plate.collidepoint(r.topleft) and abs(r.y - y2) <= 2]


def floating_table(players: int, preset: str = "rummy5000"):
    """A table at 1400x900 where every computer seat floats and has a meld scoring this
    round, with mixed levels and four-digit totals: (app, scene, game)."""
    melds = [(s, f"{r}♣ {r}♦ {r}♠") for s, r in enumerate(["3", "4", "5", "6", "7", "9", "J", "Q"][:players])]
    g = build({0: "2♣ 8♥"}, pile="K♦", players=players, melds=melds, wild=None, preset=preset)
    g.scores = [1265, 2625, 4235, 3455, 1040, 2210, 3980, 4120][:players]
    g.floating = [s != 0 for s in range(players)]
    g.dealer = 0
    app, scene = open_table((1400, 900), g, [LEVELS[s % 3] for s in range(players - 1)])
    return app, scene, g


def plates_drawn(scene, monkeypatch, rows: int):
    """The table set to name plates of ``rows`` lines, for drawing them again: (layout,
    surface, this round's points per seat, the small font's size, the texts drawn)."""
    L = scene.layout
    L.plate_rows = rows
    return (L, pygame.display.get_surface(), scene._melded_so_far(), L.font_small,
            drawn_on(scene, monkeypatch))


def team_words(scene, preset: str, seat: int) -> list[str]:
    """What a plate says of ``seat``'s side in a game of two pairs, the person at seat 0:
    "partner" on the person's partner, "Ann's partner" on each of the others."""
    if preset != "partnership500" or seat == 0:
        return []
    return ["partner"] if seat == 2 else [f"{scene.c.seats[4 - seat].name}'s partner"]


@pytest.mark.parametrize("players,preset,rows", [(3, "rummy5000", 2), (4, "partnership500", 2)])
def test_a_plate_keeps_partner_and_floating_before_the_word_pts(monkeypatch, players, preset, rows):
    """However narrow the plate, and with this round's "+15" beside it or not, the second
    line never keeps "pts" while it drops "partner" or "floating" ("2625 · floating +15",
    not "2625 pts +15")."""
    app, scene, g = floating_table(players, preset)
    try:
        L = scene.layout
        assert L.plate_rows >= rows
        L.plate_rows = rows  # (a plate of two lines says the level on its second line)
        surface = pygame.display.get_surface()
        melded = scene._melded_so_far()
        drawn = drawn_on(scene, monkeypatch)
        seen = {"pts": 0, "kept": 0, "plus": 0}
        for w, s, plate, on_line in second_lines(scene, surface, drawn, range(40, 330, 3)):
            # (the other pair's "Ann's partner" may go before the level: the sidebar names the pairs)
            status = [x for x in team_words(scene, preset, s) if not x.endswith("'s partner")] + \
                ["floating"] * g.floating[s]
            lines = [t for t in on_line if t.split(" ")[0] == f"{g.scores[s]:,}" or t == " · ".join(status)]
            assert len(lines) == 1, (w, s, drawn)
            words = lines[0].split(" · ")
            assert status, s
            if "pts" in lines[0]:
                seen["pts"] += 1
                assert all(x in words for x in status), (w, s, lines[0])
            if all(x in words for x in status):
                seen["kept"] += 1
                plus = f"{melded[s]:+,}"
                seen["plus"] += any(t == plus for t, r in drawn if plate.collidepoint(r.topleft))
        assert seen["pts"] and seen["kept"] and seen["plus"], seen
    finally:
        app.close_scenes()


@pytest.mark.parametrize("players,preset", [(8, "rummy5000"), (4, "partnership500")])
def test_a_plate_of_three_lines_says_partner_and_floating_with_the_level(monkeypatch, players, preset):
    """On a plate of three lines, every plate reads alike: the second line the total and
    this round's "+15" (as far as they fit), the third the level with "partner" and
    "floating" ("normal · floating"), or those alone where the level does not fit with them
    (they are shown nowhere else). Neighbouring plates of other widths put them on other
    lines."""
    app, scene, g = floating_table(players, preset)
    try:
        L, surface, melded, fs, drawn = plates_drawn(scene, monkeypatch, 3)
        seen = {"with the level": 0, "alone": 0, "plus": 0, "pair dropped first": 0}
        for w, s, plate, on_line in second_lines(scene, surface, drawn, range(40, 330, 3)):
            status = team_words(scene, preset, s) + ["floating"] * g.floating[s]
            assert not any(x in t.split(" · ") for t in on_line for x in status), (w, s, on_line)
            x = L.plate_lines(plate)[0]
            _, right = L.plate_room(plate, None)
            total, plus = f"{g.scores[s]:,}", f"{melded[s]:+,}"
            need = scene.text.render(f"{total} pts", fs, (0, 0, 0)).get_width() + 6 + \
                scene.text.render(plus, fs, (0, 0, 0), bold=True).get_width()
            if need <= right - x:
                assert plus in on_line and any(t.startswith(total) for t in on_line), (w, s, on_line)
                seen["plus"] += 1
            y3 = L.plate_third_line(plate)
            # (plates this wide overlap their neighbours: the plate's own line is its leftmost)
            third = sorted((r.x, t) for t, r in drawn if plate.collidepoint(r.topleft) and abs(r.y - y3) <= 2)
            level = LEVELS[(s - 1) % 3]
            assert third, (w, s)
            line3 = third[0][1]
            # (the other pair's "Ann's partner" goes before the level does: it hid the level, a
            # tester; "partner" and "floating" stay, shown nowhere else)
            rest = [x for x in status if not x.endswith("'s partner")]
            if line3.startswith(level + " · ") or (line3 == level and not rest):
                assert line3 in (" · ".join([level, *status]), " · ".join([level, *rest])), (w, s, third)
                seen["with the level"] += 1
                seen["pair dropped first"] += line3 == " · ".join([level, *rest]) != " · ".join([level, *status])
            else:
                assert line3 == " · ".join(rest), (w, s, third)
                seen["alone"] += 1
        if preset != "partnership500":
            seen.pop("pair dropped first")
        assert all(seen.values()), seen
    finally:
        app.close_scenes()


@pytest.mark.parametrize("players,rows", [(3, 2)])
def test_floating_outranks_this_rounds_points_on_a_plate(monkeypatch, players, rows):
    """Where "2625 · floating" fits a plate's line only without this round's "+15", the
    "+15" (in the sidebar too) makes room: "floating" is said nowhere else on the table.
    Where it does not fit at all, a plate of two lines says "floating" instead of the total
    (which the sidebar lists)."""
    app, scene, g = floating_table(players)
    try:
        L, surface, melded, fs, drawn = plates_drawn(scene, monkeypatch, rows)
        seen = {"floating and plus": 0, "floating alone": 0, "neither fits": 0}
        for w, s, plate, on_line in second_lines(scene, surface, drawn, range(40, 330, 2)):
            x = L.plate_lines(plate)[0]
            _, right = L.plate_room(plate, None)
            line = next(t for t in on_line if t.split(" ")[0] == f"{g.scores[s]:,}" or t == "floating")
            plus = f"{melded[s]:+,}" in on_line
            short = scene.text.render(f"{g.scores[s]:,} · floating", fs, (0, 0, 0)).get_width()
            word = scene.text.render("floating", fs, (0, 0, 0)).get_width()
            if short <= right - x:
                assert "floating" in line, (w, s, on_line)
                seen["floating and plus" if plus else "floating alone"] += 1
            else:
                seen["neither fits"] += 1
                if rows == 2 and word <= right - x:  # the word without the total
                    assert line == "floating", (w, s, on_line)
                    seen["the word alone"] = seen.get("the word alone", 0) + 1
                elif rows == 3:  # the total stays; the level's line says it
                    assert line == f"{g.scores[s]:,}" or not line.endswith("floating"), (w, s, on_line)
                y3 = L.plate_third_line(plate)
                if y3 is not None:  # a plate of three lines says it with the level
                    third = [t for t, r in drawn if plate.collidepoint(r.topleft) and abs(r.y - y3) <= 2]
                    # with the level, or alone where both do not fit ("normal · flo…" hid it)
                    assert any(t.endswith(" · floating") or t == "floating" for t in third), (w, s, third)
                    seen["with the level"] = seen.get("with the level", 0) + 1
        assert all(seen.values()), seen
        assert seen.get("with the level" if rows == 3 else "the word alone"), seen
    finally:
        app.close_scenes()


# --------------------------------------------------------------------------- aimless drops


@pytest.fixture
def table():
    a = App(size=(1280, 800), settings=settings())
    yield a
    a.close_scenes()


def empty_felt(scene, seat: int) -> tuple[int, int]:
    """A point of ``seat``'s area where nothing lies (no meld, no card)."""
    area = scene.layout.seats[seat].melds
    p = (area.right - 10, area.bottom - 10)
    assert scene._meld_at(p) is None and not any(pl.rect.collidepoint(p) for _, pl in scene.draw_list)
    return p


def test_a_card_let_go_beside_the_pile_snaps_back_and_says_how_to_discard(table):
    """Let go on the pile's felt but away from its cards, a card that may be discarded
    flies back (an aimless drop must not cost the turn), and the table says where to drop
    it."""
    app = table
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    L = scene.layout
    top = scene.places[c("Q♦")].rect
    held = scene.places[c("5♣")].rect.w  # (the zone takes in a hand card's width beyond the next place)
    for far in [(L.pile_area.right - 5, L.pile_area.centery),
                (top.right + 3 * top.w, top.bottom + L.pad // 2)]:  # (under the cards, on the felt)
        scene.toasts.clear()
        assert not L.pile_drop_zone(1, held).collidepoint(far)
        drag(app, spot(scene, c("5♣")), far)
        assert g.pile == [c("Q♦")] and c("5♣") in g.hands[0] and g.current == 0
        assert any(t.key == c("5♣") for t in scene.anim.tweens), "the card flies back"
        assert [(t.text, t.kind) for t in scene.toasts] == [
            ("Drop the card on the top card of the pile to discard it", "info")], far
        assert L.pile_panel.collidepoint(far)  # (on the pile's felt as drawn)
    # the message said true: on the pile, the card is discarded, and the message goes with it
    # (it stood beside the discard: a tester)
    drag(app, spot(scene, c("5♣")), top.center)
    assert g.pile[-1] == c("5♣") and g.current == 1
    assert "Drop the card on the top card of the pile to discard it" not in [t.text for t in scene.toasts]


def test_a_card_let_go_beside_an_empty_pile_is_told_of_its_frame(table):
    """An empty pile has no top card: "Drop the card on the top card of the pile" said so
    all the same (a tester)."""
    app = table
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="", phase="play")
    scene = play(app, g)
    L = scene.layout
    drag(app, spot(scene, c("5♣")), (L.pile_area.right - 5, L.pile_area.centery))
    assert g.pile == [] and c("5♣") in g.hands[0]
    assert [t.text for t in scene.toasts] == ["Drop the card in the empty pile's frame to discard it"]
    drag(app, spot(scene, c("5♣")), L.pile_rects(1)[0].center)
    assert g.pile == [c("5♣")]


def test_a_card_that_may_not_be_discarded_beside_the_pile_gets_the_engines_reason(table):
    """Before the draw no discard is allowed: a card let go beside the pile flies back with
    the engine's reason, not a word on where to drop it (it flew back unsaid: a tester)."""
    app = table
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="draw")
    scene = play(app, g)
    L = scene.layout
    drag(app, spot(scene, c("5♣")), (L.pile_area.right - 5, L.pile_area.centery))
    assert g.pile == [c("Q♦")] and c("5♣") in g.hands[0] and g.phase == "draw"
    assert [(t.text, t.kind) for t in scene.toasts] == [(scene.c.why_illegal(Discard(c("5♣"))), "error")] == [
        ("Draw a card before you discard", "error")]
    # let go on the pile's cards, the same refusal, alike
    drag(app, spot(scene, c("5♣")), spot(scene, c("Q♦")))
    assert [(t.text, t.kind) for t in scene.toasts] == [("Draw a card before you discard", "error")]


def test_a_card_let_go_on_the_empty_felt_says_where_it_would_go(table):
    app = table
    g = build({0: "2♣ 8♥ 5♣ Q♠ J♥"}, pile="Q♦", phase="play", melds=[(0, "4♣ 4♦ 4♠"), (1, "J♣ J♦ J♠")])
    scene = play(app, g)
    # a card that fits no meld: discard it
    drag(app, spot(scene, c("5♣")), empty_felt(scene, 2))
    assert c("5♣") in g.hands[0] and g.current == 0
    assert [t.text for t in scene.toasts] == ["Drop the card on the top card of the pile to discard it"]
    # a card that fits a meld: lay it off, or discard it
    scene.toasts.clear()
    drag(app, spot(scene, c("J♥")), empty_felt(scene, 2))
    assert c("J♥") in g.hands[0] and g.current == 0
    assert [t.text for t in scene.toasts] == [
        "Drop the card on a meld that glows to lay it off, or on the discard pile to discard it"]
    # ... but beside the pile, how to discard
    scene.toasts.clear()
    L = scene.layout
    drag(app, spot(scene, c("J♥")), (L.pile_area.right - 5, L.pile_area.centery))
    assert [t.text for t in scene.toasts] == ["Drop the card on the top card of the pile to discard it"]


def test_a_meld_let_go_on_the_empty_felt_says_to_drop_it_on_the_meld_area(table):
    app = table
    g = build({0: "9♣ 9♠ 9♦ 2♦ 5♥ J♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    for card in ("9♣", "9♠", "9♦"):
        click(app, spot(scene, c(card)))
    drag(app, spot(scene, c("9♠")), empty_felt(scene, 1))
    assert g.melds == [] and len(g.hands[0]) == 6
    assert [t.text for t in scene.toasts] == ["Drop the cards on your meld area to meld them"]
    # two cards that meld nothing: no hint
    scene.toasts.clear()
    click(app, spot(scene, c("9♣")))
    assert len(scene.selected) == 2
    drag(app, spot(scene, c("9♠")), empty_felt(scene, 1))
    assert scene.toasts == []


def test_a_short_drag_and_a_drop_over_the_sidebar_say_nothing(table):
    app = table
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    start = spot(scene, c("5♣"))
    drag(app, start, (start[0] + 8, start[1] - 4))  # a drag that is really a click
    L = scene.layout
    drag(app, start, (L.sidebar.centerx, L.sidebar.centery))
    assert c("5♣") in g.hands[0] and g.current == 0 and scene.toasts == []


# --------------------------------------------------------------------------- a button let go unseen


def pile_turn(app):
    """The person's play phase with 2♣ 8♥ 5♣ Q♠ and the Q♦ on the pile: (scene, game,
    the hand, the controller's version, a point on the 8♥, the pile's centre)."""
    g = build({0: "2♣ 8♥ 5♣ Q♠"}, pile="Q♦", phase="play")
    scene = play(app, g)
    scene.anim.finish()  # (the point is used again later: where the card rests)
    return (scene, g, list(g.hands[0]), scene.c.version, spot(scene, c("8♥")),
            scene.places[c("Q♦")].rect.center)


def grab(app, scene, start, over):
    """Press at ``start`` and move, button held, to ``over``: a drag is under way."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0)))
    app.pump(2)
    assert scene.drag is not None


@pytest.mark.parametrize("how", ["released outside", "focus lost"])
def test_a_drag_the_window_never_sees_end_flies_back_and_plays_nothing(table, how):
    """The button let go outside the window (the next motion comes with no button held),
    or the window losing the focus to Alt+Tab mid-drag: the card flies back to the hand,
    nothing is played, and it does not stick to the pointer afterwards."""
    app = table
    scene, g, hand, version, start, pile = pile_turn(app)
    post = pygame.event.post
    grab(app, scene, start, pile)
    assert scene.drag.cards == [c("8♥")]
    if how == "focus lost":
        post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pile, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump(2)
    assert scene.drag is None and scene.press is None
    assert any(t.card == c("8♥") for t in scene.anim.in_flight())  # flying home
    app.pump(60)
    assert scene.c.version == version and g.hands[0] == hand and g.pile[-1] == c("Q♦")
    # moving on with no button held drags nothing, and a click afterwards is only a click
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(pile[0] + 40, pile[1]), rel=(0, 0), buttons=(0, 0, 0)))
    app.pump(2)
    assert scene.drag is None
    click(app, pile)
    assert scene.c.version == version and g.hands[0] == hand


def test_a_press_whose_release_went_unseen_does_not_become_a_drag(table):
    """A press on a card, then the pointer moving with no button held (the release
    happened outside the window): no drag starts, so no card follows the pointer."""
    app = table
    scene, g, hand, version, start, pile = pile_turn(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump(1)
    assert scene.press is not None
    for dx in (20, 60, 120):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + dx, start[1] - dx),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        app.pump(1)
    assert scene.drag is None and scene.press is None


def test_esc_in_the_middle_of_a_drag_puts_the_cards_back_and_other_keys_wait(table):
    """Esc while dragging used to open the menu and leave the card stuck to the pointer
    (the release went to the menu); a key such as X discarded another card while this one
    was held. Now Esc puts the dragged cards back, and other keys do nothing until the
    cards are let go."""
    app = table
    scene, g, hand, version, start, pile = pile_turn(app)
    grab(app, scene, start, pile)
    key(app, pygame.K_ESCAPE)
    assert scene.drag is None and scene.choice is None  # no menu
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(pile[0] + 30, pile[1]), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    app.pump(60)
    assert scene.drag is None and scene.c.version == version and g.hands[0] == hand
    scene.anim.finish()  # (the card has flown back to its place)
    grab(app, scene, start, pile)
    for k in (pygame.K_x, pygame.K_u, pygame.K_s, pygame.K_RETURN):
        key(app, k)
    assert scene.c.version == version and g.hands[0] == hand and scene.drag is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    app.pump(3)
    assert g.pile[-1] == c("8♥") and c("8♥") not in g.hands[0]  # the drop itself still counts


def test_with_one_or_two_others_their_melds_use_larger_cards():
    """Fewer seats leave larger seat boxes: the others' melds grow to use them rather than
    leave most of the felt empty (with six or more players they are smaller still)."""
    heights = {n: TableLayout((1920, 1080), n).opp_card[1] for n in (2, 3, 4, 5, 6, 8)}
    assert heights[2] == heights[3] > heights[4] == heights[5] > heights[6] == heights[8]
    assert heights[3] >= 100  # (at 1080 lines: about a tenth of the height)


def test_a_narrow_plate_keeps_this_rounds_points_in_smaller_letters_before_dropping_them(monkeypatch):
    """Where not even "250 +140" fits a plate's line, the "+140" is drawn in smaller letters
    beside the total rather than dropped (a narrow plate read "250 pts" beside a wider
    neighbour's "755 +235")."""
    melds = [(s, f"{r}♣ {r}♦ {r}♠") for s, r in enumerate(["3", "4", "5", "6", "7", "9"])]
    g = build({0: "2♣ 8♥"}, pile="K♦", players=6, melds=melds, wild=None)
    g.scores = [120, 250, 755, 480, 905, 330]
    g.dealer = 0
    app, scene = open_table((1024, 640), g, [LEVELS[s % 3] for s in range(5)])
    try:
        L, surface, melded, fs, drawn = plates_drawn(scene, monkeypatch, 3)
        seen = {"full": 0, "small": 0}
        for w, s, plate, on_line in second_lines(scene, surface, drawn, range(40, 200, 2)):
            x = L.plate_lines(plate)[0]
            _, right = L.plate_room(plate, None)
            total, plus = f"{g.scores[s]:,}", f"{melded[s]:+,}"
            t_w = scene.text.render(total, fs, (0, 0, 0)).get_width()
            full = scene.text.render(plus, fs, (0, 0, 0), bold=True).get_width()
            small = scene.text.render(plus, max(9, int(fs * 0.85)), (0, 0, 0), bold=True).get_width()
            if t_w + 6 + full <= right - x:
                seen["full"] += 1
            elif t_w + 4 + small <= right - x:
                plus_drawn = [t for t, r in drawn if t == plus and plate.collidepoint(r.topleft)]
                assert plus_drawn, (w, s, on_line)
                seen["small"] += 1
        assert all(seen.values()), seen
    finally:
        app.close_scenes()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (900, 1100)])
@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_with_five_players_or_more_the_top_seats_take_half_the_height(size, players):
    # their melds' cards were 22-28 px tall at 1024x640 while the pile's felt lay empty
    L = TableLayout(size, players)
    tops = [sb.box for sb in L.seats if sb.side == "top"]
    region = L.own_melds.top
    assert min(b.h for b in tops) >= region // 2 - L.pad
    # the middle still holds the stock and two rows of the pile above the status line
    th = L.table_card[1]
    assert L.stock.top >= L.center.top and L.stock.bottom <= L.message.top
    assert L.pile_area.h >= int(th * 1.24) and L.pile_area.bottom <= L.message.top


@pytest.mark.parametrize("size", SIZES + [(1920, 1080)])
@pytest.mark.parametrize("scale", [0.8, 1.0, 1.3])
def test_the_persons_meld_with_a_card_on_its_wild_keeps_full_size_cards(size, scale):
    # one card laid on a wild shrank every meld of the person's short area (a tester)
    L = TableLayout(size, 4, card_scale=scale)
    flow = L.meld_flow(L.human, [(4, frozenset({1})), (3, frozenset()), (5, frozenset({0, 4}))])
    assert not flow.overflow and flow.melds[0][0].size == L.table_card
    area = L.seats[L.human].melds
    assert all(area.contains(r) for rects in flow.melds for r in rects)
    assert all(area.contains(r) for covers in flow.covers for r in covers.values())


@pytest.mark.parametrize("players", [3, 6])
def test_the_piles_reach_for_a_hand_card_stays_in_the_piles_box(players):
    """A long pile fills its box: the reach a hand card's width beyond the next card's place
    went on over the next seat's melds, and a card let go there was discarded (a tester)."""
    L = TableLayout((1280, 800), players)
    reach = L.table_card[0] * 2
    for n in range(1, 60):
        plain, wide = L.pile_drop_zone(n), L.pile_drop_zone(n, reach)
        assert wide.contains(plain)
        assert wide.right <= max(plain.right, L.pile_panel.right), n
