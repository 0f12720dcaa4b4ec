"""Random input thrown at the whole application: nothing raises, no card is lost.

A seeded stream of clicks, drags, key presses, typing, wheel turns and window
resizes goes through ``App.dispatch`` on every screen the clicks lead to (title, new
game, rules, settings, statistics, the table and its sheets).  After every event the
loop runs once, and whenever a game is on the table its cards are all accounted for.
When a click on "Quit" closes the application, a new one starts from the title.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.resources import user_data_dir
from game.ui.app import App
from game.ui.settings import Settings

KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_a, pygame.K_h, pygame.K_m, pygame.K_r, pygame.K_s,
        pygame.K_u, pygame.K_1, pygame.K_9, pygame.K_z, pygame.K_F1, pygame.K_t, pygame.K_v, pygame.K_x,
        pygame.K_d, pygame.K_p, pygame.K_l]
SIZES = [(1024, 640), (1280, 800), (1600, 900)]


def _key(rng: random.Random) -> list[pygame.event.Event]:
    key = rng.choice(KEYS)
    mod = rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
    name = pygame.key.name(key)
    uni = name if len(name) == 1 else ("\r" if key == pygame.K_RETURN else "")
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0)]


def _click(pos, button=1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def _drag(a, b, steps: int) -> list[pygame.event.Event]:
    out = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]
    for k in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)
        out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    return out


def random_events(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    w, h = size

    def anywhere():
        return (rng.randrange(w), rng.randrange(h))

    def low():  # where the person's hand is, most of the time
        return (rng.randrange(w), rng.randrange(int(h * 0.78), h))

    roll = rng.random()
    if roll < 0.40:
        return _click(anywhere(), rng.choice([1, 1, 1, 1, 3]))
    if roll < 0.62:
        start = low() if rng.random() < 0.7 else anywhere()
        return _drag(start, anywhere(), rng.randint(1, 6))
    if roll < 0.82:
        return _key(rng)
    if roll < 0.88:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "Zoë", "♠", "7", " "]))]
    if roll < 0.95:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                                   precise_x=0.0, precise_y=0.0, touch=False)]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=anywhere(), rel=(0, 0), buttons=(0, 0, 0))]


def aimed_events(rng: random.Random, scene) -> list[pygame.event.Event]:
    """Moves a player might mean, on the table: draw, take from the pile, discard, meld
    a few selected cards, lay one off (whether or not the rules allow it just then)."""
    L = scene.layout
    hand = L.hand_rects(len(scene.order))
    if not hand:
        return []

    def card():
        return rng.choice(hand).center

    def inside(r):
        return (rng.randrange(r.left, r.right), rng.randrange(r.top, r.bottom))

    roll = rng.random()
    if roll < 0.25:
        return _drag(L.stock.center, inside(L.hand_area), 4)
    if roll < 0.40:
        return _drag(inside(L.pile_area), inside(L.hand_area), 4)
    if roll < 0.65:
        return _drag(card(), inside(L.pile_area), 4)
    if roll < 0.85:
        events = []
        for r in rng.sample(hand, min(len(hand), rng.randint(1, 4))):
            events += _click(r.center)
        return events + _drag(card(), inside(L.own_melds), 4)
    seat = rng.choice(L.seats)
    return _drag(card(), inside(seat.melds), 4)


def _table_games(app: App):
    for s in app.stack.scenes:
        c = getattr(s, "c", None)
        g = getattr(c, "g", None)
        if g is not None and hasattr(g, "all_cards"):
            yield g


def _new_app(size) -> App:
    app = App(size=size, settings=Settings.load())
    app.show_title()
    app.pump(2)
    return app


def _soak(app: App, rng: random.Random, steps: int, size, table_first: bool) -> tuple[App, set, int]:
    """``steps`` random events; the screens seen and the most play seen on a table."""
    screens: set[str] = set()
    progress = 0
    for step in range(steps):
        if not app.running:  # "Quit" was clicked: start again
            app.close_scenes()
            app = _new_app(size)
        if rng.random() < 0.01:
            size = rng.choice(SIZES)
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        top = app.stack.top
        aimed = table_first and type(top).__name__ == "TableScene" and rng.random() < 0.7
        events = aimed_events(rng, top) if aimed else random_events(rng, app.screen.get_size())
        for e in events:
            app.dispatch(e)
            if not app.running:
                break
        app.pump(1)
        if app.stack.top is not None:
            screens.add(type(app.stack.top).__name__)
        for g in _table_games(app):
            progress = max(progress, 100 * len(g.results) + sum(g.turns))
            assert sorted(g.all_cards()) == sorted(g.pack), f"cards lost at step {step}"
    return app, screens, progress


def soak_table(preset: str, players: int, size, seed: int, rng: random.Random,
               steps: int) -> tuple[set, int]:
    """A new game of ``preset`` (dealt with ``seed``) under ``steps`` random events, most
    aimed at the table: the screens seen and the most play seen (see :func:`_soak`)."""
    app = App(size=size, settings=Settings.load())
    try:
        app.start_game(preset, players, seed=seed)
        app.pump(2)
        app, screens, progress = _soak(app, rng, steps, size, table_first=True)
    finally:
        app.close_scenes()
    return screens, progress


@pytest.fixture
def quick_settings():
    (user_data_dir() / "settings.json").write_text(
        json.dumps({"animation_speed": 0, "sound": False, "rummy_window": 0.5}), encoding="utf-8")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_input_on_the_menus(seed, quick_settings):
    rng = random.Random(seed)
    size = SIZES[seed % len(SIZES)]
    app = _new_app(size)
    try:
        app, screens, _ = _soak(app, rng, 1500, size, table_first=False)
    finally:
        app.close_scenes()
    assert len(screens) >= 3, screens  # the clicks got beyond the title screen


@pytest.mark.parametrize("preset", ["rummy5000", "rummy500", "basic", "george", "partnership500",
                                   "persian"])
def test_random_input_at_the_table(preset, quick_settings):
    size = SIZES[len(preset) % len(SIZES)]
    screens, progress = soak_table(preset, 4, size, 7, random.Random(preset), 1200)
    assert progress > 0, screens  # turns were played, not only refused
