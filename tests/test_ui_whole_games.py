"""Whole games played with the keyboard alone, and with the mouse alone (SDL's dummy
video driver).

A player who never touches the mouse starts a game from the title screen and plays it
to its end with the keys of docs/ui.md: H asks for the hint and the keys carry it out
(D draws, P takes the top card; a hint to take deeper puts that pile card in focus and
Enter takes it; a hint to meld selects the cards and Enter melds them; a hint to lay a
card off selects it and puts the meld in focus, and Enter lays it off; a hint to discard
puts the card in focus and X discards it; R calls "Rummy!", E ends a round whose stock
ran out, 1-9 answer a small menu). The arrows set the New game screen's preset, seat
count and target. What the player looks at to choose keys is what the
screen shows: the hint's words, where the focus frame is. Every move reaches the engine
through the table, so a move the keyboard cannot make stalls the game and fails the test.

A player who never touches the keyboard does the same with clicks and drags: a click on
New game and on Start, the stock clicked or dragged into the hand, a pile card clicked
or dragged, cards clicked and then Meld, or dragged to the meld area, a card dragged
onto a meld or the pile, or discarded by a double click, the Rummy! and End round
buttons, a small menu's first line, Next round on the sheet.
"""

from __future__ import annotations

import json
import time

import pygame
import pytest
from test_ui_table import drag

from game.engine.actions import (
    CallRummy,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    LayOff,
    MeldCards,
    TakePile,
)
from game.resources import user_data_dir
from game.ui.app import App
from game.ui.settings import Settings


def press(app: App, k: int, pump: int = 1) -> None:
    name = pygame.key.name(k)
    uni = name if len(name) == 1 else ("\r" if k == pygame.K_RETURN else "")
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode=uni, scancode=0))
    app.pump(pump)


def take_turn(app: App, scene) -> None:
    """One move of the person's, by the keys, following the hint."""
    c, g = scene.c, scene.g
    if scene.choice is not None:  # a small menu (which end of a run, which meld): the first
        press(app, pygame.K_1)
        return
    action = c.hint()
    assert action is not None, "no hint for the person to follow"
    version = c.version
    if isinstance(action, DrawStock):
        press(app, pygame.K_d)
    elif isinstance(action, TakePile):
        if action.card == g.pile[-1]:
            press(app, pygame.K_p)
        else:
            press(app, pygame.K_h)  # (the hint puts the card in focus)
            if c.version != version:
                return  # a computer's "Rummy!" on the pile came first: look again
            assert (scene.focus_zone, scene.focus_index) == ("pile", g.pile.index(action.card))
            press(app, pygame.K_RETURN)
    elif isinstance(action, MeldCards):
        press(app, pygame.K_h)  # (the hint selects the meld's cards)
        assert set(scene.selected) == set(action.cards)
        press(app, pygame.K_RETURN)
    elif isinstance(action, (LayOff, Cover)):
        press(app, pygame.K_h)  # (the hint selects the card and puts the meld in focus)
        assert scene.selected == [action.card]
        assert scene.focus_zone == "melds" and g.melds[scene.focus_index].id == action.meld
        press(app, pygame.K_RETURN)
    elif isinstance(action, Discard):
        press(app, pygame.K_h)  # (the hint puts the focus on the card)
        assert scene._focused_hand_card() == action.card
        press(app, pygame.K_x)
    elif isinstance(action, CallRummy):
        press(app, pygame.K_r)
    elif isinstance(action, EndRound):
        press(app, pygame.K_e)
        if scene.choice is not None:  # "End the round? You may still take from the pile"
            press(app, pygame.K_1)
    else:
        raise AssertionError(f"a hint the keys were not taught: {action!r}")


def post(type_, **attrs) -> None:
    pygame.event.post(pygame.event.Event(type_, **attrs))


def click(app: App, pos, pump: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.pump(pump)


def spot(scene, card: int) -> tuple[int, int]:
    """A point on the part of a card that always shows: its top left corner, where the
    index is (a long pile's rows and a hand's fan each cover the rest of a card)."""
    scene._place()
    r = scene.places[card].rect
    return (r.x + max(4, r.w // 8), r.y + max(4, r.h // 8))


def mouse_turn(app: App, scene, n: int) -> None:
    """One move of the person's, with the mouse, following the hint (``n`` alternates
    between a move's two ways)."""
    c, g, L = scene.c, scene.g, scene.layout
    # a person's moves are further apart than a double click: without the pause, a click on
    # the card that took the place of the one just discarded is the second click of a
    # double click whose first changed what lies there, and the application drops it
    app._last_press = None
    if scene.choice is not None:
        app.draw()
        click(app, scene.choice.rects[0].center)  # (where the table placed it)
        return
    action = c.hint()
    assert action is not None, "no hint for the person to follow"
    for card in list(scene.selected):  # a selection left over: click it off
        if card not in getattr(action, "cards", ()):
            click(app, spot(scene, card))
    app.draw()
    if isinstance(action, DrawStock):
        if n % 2:
            click(app, L.stock.center)
        else:
            drag(app, L.stock.center, L.hand_area.center)
    elif isinstance(action, TakePile):
        if n % 2:
            click(app, spot(scene, action.card))
        else:
            drag(app, spot(scene, action.card), L.hand_area.center)
    elif isinstance(action, MeldCards):
        for card in action.cards:
            if card not in scene.selected:
                click(app, spot(scene, card))
        app.pump(3)
        assert set(scene.selected) == set(action.cards)
        mine = [m for m in g.melds if m.owner == scene.bottom]
        if n % 2 or mine:
            app.draw()
            click(app, scene.buttons["meld"].rect.center)
        else:  # dragged to an empty meld area
            drag(app, spot(scene, action.cards[0]), L.own_melds.center)
    elif isinstance(action, (LayOff, Cover)):
        app.draw()
        drag(app, spot(scene, action.card), scene.meld_boxes[action.meld].center)
    elif isinstance(action, Discard):
        if n % 2:
            drag(app, spot(scene, action.card), spot(scene, g.pile[-1]) if g.pile else L.pile_area.center)
        else:
            click(app, spot(scene, action.card), pump=0)
            click(app, spot(scene, action.card))
    elif isinstance(action, (CallRummy, EndRound)):
        button = scene.buttons["rummy" if isinstance(action, CallRummy) else "end"]
        app.draw()
        assert button.visible and button.enabled
        click(app, button.rect.center)
    else:
        raise AssertionError(f"a hint the mouse was not taught: {action!r}")


def play_to_the_end(app: App, turn, next_round) -> tuple:
    """Play the game on the table to its end: ``turn(app, scene, n)`` makes the person's
    ``n``-th move (or answers a small menu, or calls "Rummy!" when the hint says to),
    ``next_round(sheet)`` closes a round-end sheet. The game and the number of moves."""
    moves, scene = 0, app.stack.top
    deadline = time.monotonic() + 180  # (a slow machine's computer players think longer)
    while time.monotonic() < deadline:
        top = app.stack.top
        name = type(top).__name__
        if name == "GameOverScene":
            break
        if name == "RoundEndScene":
            next_round(top)
            continue
        assert name == "TableScene", name
        scene, c = top, top.c
        if scene.g.phase != "game_over" and (scene.choice is not None or c.human_to_act or (
                c.human_may_call() and isinstance(c.hint(), CallRummy))):
            turn(app, scene, moves)
            moves += 1
        else:  # a computer player's turn: it thinks in a thread of its own
            app.pump(1)
            time.sleep(0.001)
    else:
        raise AssertionError(f"the game did not end ({moves} moves)")
    g = scene.g
    assert g.phase == "game_over" and sorted(g.all_cards()) == sorted(g.pack)
    return g, moves


def seed_new_games(app: App, seed: int) -> None:
    """The New game screen's games are dealt from ``seed`` (a person's are shuffled
    anew each time), so that each test plays the same game every run."""
    start = app.start_game
    app.start_game = lambda *a, **kw: start(*a, **{**kw, "seed": seed})


def steer(app: App, scene, name: str) -> None:
    """Down (Tab's way through a menu screen) until the focus is on the control ``name``."""
    for _ in range(200):
        if scene.focus.current is not None and scene.focus.current.name == name:
            return
        press(app, pygame.K_DOWN)
    raise AssertionError(f"the keys never reached {name}")


def turn_to(app: App, value, get) -> None:
    """Right (or left) on the focused control until ``get()`` is ``value``."""
    for k in (pygame.K_RIGHT, pygame.K_LEFT):
        for _ in range(16):
            if get() == value:
                return
            press(app, k)
    raise AssertionError(f"the control never showed {value!r} (it shows {get()!r})")


@pytest.mark.parametrize("preset,players,target", [
    ("rummy5000", 3, 1000),
    ("rummy500", 2, 250),
    ("basic", 4, 100),
])
def test_a_whole_game_with_the_keyboard_alone(preset, players, target):
    (user_data_dir() / "settings.json").write_text(
        json.dumps({"animation_speed": 0, "sound": False, "rummy_window": 0.5}), encoding="utf-8")
    app = App(size=(1024, 640), settings=Settings.load())
    seed_new_games(app, 5)
    app.show_title()
    app.pump(2)
    try:
        title = app.stack.top
        assert type(title).__name__ == "TitleScene" and title.focus.current.name == "new_game"
        press(app, pygame.K_RETURN)
        setup = app.stack.top
        assert type(setup).__name__ == "NewGameScene"
        steer(app, setup, "preset")
        turn_to(app, preset, lambda: setup.preset)
        steer(app, setup, "players")
        turn_to(app, players, lambda: setup.players)
        steer(app, setup, "target")
        turn_to(app, target, lambda: setup.build_rules().target)
        steer(app, setup, "start")
        press(app, pygame.K_RETURN, pump=3)
        scene = app.stack.top
        assert type(scene).__name__ == "TableScene"
        assert scene.g.rules.preset_name == preset and scene.g.players == players
        g, moves = play_to_the_end(app, lambda app, scene, n: take_turn(app, scene),
                                   lambda sheet: press(app, pygame.K_RETURN, pump=2))
        assert g.seed == 5 and max(g.scores) >= target and moves > 20
    finally:
        app.close_scenes()


@pytest.mark.parametrize("preset,players", [("rummy5000", 4), ("rummy500", 3)])
def test_a_whole_game_with_the_mouse_alone(preset, players):
    (user_data_dir() / "settings.json").write_text(json.dumps(
        {"animation_speed": 0, "sound": False, "rummy_window": 0.5, "last_game": {
            "players": players, "rules": {"preset": preset, "target": 250 if preset == "rummy500" else 1500}}}),
        encoding="utf-8")
    app = App(size=(1280, 800), settings=Settings.load())
    seed_new_games(app, 5)
    app.show_title()
    app.pump(2)

    def next_by_mouse(sheet) -> None:
        app.draw()
        click(app, sheet.find("next").rect.center, pump=2)

    try:
        click(app, app.stack.top.find("new_game").rect.center)
        setup = app.stack.top
        assert type(setup).__name__ == "NewGameScene" and setup.preset == preset
        click(app, setup.find("start").rect.center, pump=3)
        scene = app.stack.top
        assert type(scene).__name__ == "TableScene" and scene.g.players == players
        g, moves = play_to_the_end(app, mouse_turn, next_by_mouse)
        assert g.seed == 5 and max(g.scores) >= g.rules.target and moves > 20
    finally:
        app.close_scenes()
